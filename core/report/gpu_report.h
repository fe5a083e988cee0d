// SPDX-License-Identifier: MIT
// What `infersight-cli gpus` prints: the catalogue as a listing (JSON per GPU, or a table with the
// MIG profiles), and the effective resources of one target (GPU, MIG slice or MPS share). The GUI's
// GPU pages show the same figures from the same functions. The catalogue's own file format (every
// field with its source) is written by gpuToJson (hardware/gpu_json.h).
#pragma once

#include "hardware/gpu_catalogue.h"
#include "hardware/gpu_spec.h"
#include "hardware/target.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace infersight {

// One GPU of the listing (docs/hardware.md, "CLI"): identity, figures, dense peaks (null where the
// GPU has no such path; tensor_clock_mhz null without tensor cores), MIG profiles, custom origin.
QJsonObject gpuSummaryJson(const GpuSpec &gpu);
// The whole catalogue, one gpuSummaryJson per GPU in catalogue order.
QJsonArray gpuListJson(const GpuCatalogue &catalogue);
// The effective resources of a target: SMs, bandwidth, L2, memory, clocks, peaks, power envelope.
QJsonObject targetJson(const Target &target);

// The catalogue as an aligned table with a legend; with `withProfiles` every MIG profile too.
QString gpuTable(const GpuCatalogue &catalogue, bool withProfiles);
// The target's effective resources, one "key: value" line each.
QString targetText(const Target &target);

}  // namespace infersight
