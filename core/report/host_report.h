// SPDX-License-Identifier: MIT
// What `infersight-cli hosts` prints (the host catalogue as a table or JSON), and the host of a
// target as prediction outputs name it: system, CPU, and how its host speed is known ("fitted" on
// measurements, or "assumed" with its time scale and widened band). docs/predictor.md "Host systems".
#pragma once

#include "hardware/host_catalogue.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace infersight {

// One host: identity, CPU facts with their source, GPUs, and its host model.
QJsonObject hostJson(const HostSpec &host);
// The whole catalogue in catalogue order.
QJsonArray hostListJson(const HostCatalogue &catalogue);
// The catalogue as an aligned table with a legend.
QString hostTable(const HostCatalogue &catalogue);
// One line for prediction outputs, e.g. "NVIDIA DGX A100 (2x AMD EPYC 7742 ...): assumed, host costs x0.6 of the
// fitted DGX-1's, host-bound band 0.8-1.25x" or "NVIDIA DGX-1 (V100) (...): fitted".
QString hostSummary(const HostSpec &host);

}  // namespace infersight
