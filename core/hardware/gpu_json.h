// SPDX-License-Identifier: MIT
// Reading and writing one GPU in the catalogue's JSON schema (docs/hardware.md), with field-by-field
// validation whose errors name the file and the field.
#pragma once

#include "base/result.h"
#include "hardware/gpu_spec.h"

#include <QJsonObject>
#include <QJsonParseError>
#include <QMap>
#include <QString>

#include <functional>

namespace infersight {

inline constexpr int kGpuSchemaVersion = 1;
inline constexpr char kGpuCatalogueSchema[] = "infersight-gpu-catalogue";  // a catalogue document
inline constexpr char kGpuFileSchema[] = "infersight-gpu";                 // a file with one (user) GPU

// Idle-power estimate used where no measurement exists: 15 % of TDP, rounded to the nearest watt
// (median P0-idle/TDP ratio of the measured data-centre cards; docs/hardware.md).
inline constexpr double kIdleFractionOfTdp = 0.15;
double estimatedIdleW(double tdpW);
QString idleEstimateRule();

// How strictly one GPU object is checked.
enum class GpuJsonStrictness {
    Catalogue,  // built-in catalogue: every field present (null only where allowed), a source for
                // every figure and a note for every null figure, source keys from the legend
    UserFile,   // user / hypothetical GPU: essentials required, the rest defaulted; may have "base"
};

struct GpuJsonContext {
    QString location;  // error prefix: "catalogue.json: gpu 'a10'" or "/home/u/my-gpu.json"
    GpuJsonStrictness strictness = GpuJsonStrictness::UserFile;
    const QMap<QString, QString> *legend = nullptr;           // source key -> full reference
    std::function<const GpuSpec *(const QString &id)> findBase;  // resolves "base"; may be empty
    std::function<QStringList()> knownIds;                     // for "unknown base" messages
};

// Validates `object` and turns it into a GpuSpec. For user files, "base" is resolved through
// context.findBase, overrides replace the base's fields and "scale" multiplies them (docs/hardware.md).
Result<GpuSpec> readGpuJson(const QJsonObject &object, const GpuJsonContext &context);

// The complete object for `gpu` in the catalogue schema; readGpuJson(gpuToJson(g)) gives g back.
QJsonObject gpuToJson(const GpuSpec &gpu);

// "line L, column C: <Qt's message>" for a parse error in `data`.
QString describeJsonParseError(const QByteArray &data, const QJsonParseError &error);

// Field names of the schema (for editors and tests): top-level GPU fields in schema order.
QStringList gpuJsonFields();

}  // namespace infersight
