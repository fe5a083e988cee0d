// SPDX-License-Identifier: MIT
// The GPU catalogue: the built-in GPUs (resources/gpus/catalogue.json, compiled in as
// ":/gpus/catalogue.json") plus the user's own GPUs (one JSON file per GPU in userGpuDirectory()).
#pragma once

#include "base/result.h"
#include "hardware/gpu_spec.h"

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include <vector>

namespace infersight {

class GpuCatalogue {
public:
    static constexpr char kResourcePath[] = ":/gpus/catalogue.json";
    static constexpr char kConfigDirEnv[] = "INFERSIGHT_CONFIG_DIR";

    GpuCatalogue() = default;

    // The built-in catalogue, validated strictly (every field, a source for every figure).
    static Result<GpuCatalogue> fromResource();
    // The built-in catalogue, loaded once and shared. Empty (with a logged error) only if the
    // compiled-in resource is broken, which the unit tests rule out.
    static const GpuCatalogue &builtIn();
    // A catalogue document (same schema as the resource) from a file or from bytes.
    static Result<GpuCatalogue> fromFile(const QString &path);
    static Result<GpuCatalogue> fromJson(const QByteArray &json, const QString &sourceName);
    // Built-in GPUs plus every *.json in userGpuDirectory(). A broken user file does not stop the
    // others: it is skipped and its error (naming the file and the field) added to `warnings`.
    static Result<GpuCatalogue> withUserGpus(QStringList *warnings = nullptr);

    // Where user GPUs live: $INFERSIGHT_CONFIG_DIR/gpus when that variable is set (tests),
    // otherwise <GenericConfigLocation>/infersight/gpus, shared by the GUI and the CLI
    // (e.g. ~/.config/infersight/gpus on Linux).
    static QString userGpuDirectory();

    const std::vector<GpuSpec> &gpus() const { return m_gpus; }
    const GpuSpec *find(const QString &id) const;                 // by id, case-insensitive
    const GpuSpec *findByDeviceName(const QString &deviceName) const;  // "NVIDIA A100-SXM4-40GB", "Tesla T4"
    QStringList ids() const;
    QStringList migCapableIds() const;
    const QMap<QString, QString> &sourceLegend() const { return m_legend; }
    QString description() const { return m_description; }
    bool isEmpty() const { return m_gpus.empty(); }

    // Reads one GPU file (schema "infersight-gpu"; may name a "base" from this catalogue). The GPU
    // is marked custom and is not added.
    Result<GpuSpec> readGpuFile(const QString &path) const;
    Result<GpuSpec> readGpuJson(const QByteArray &json, const QString &sourceName) const;
    // Reads a GPU file and adds the GPU; its id must not be taken.
    Result<GpuSpec> addGpuFile(const QString &path);
    // Adds a GPU (re-validated through its JSON form); its id must not be taken.
    Status add(const GpuSpec &gpu);
    // Adds every *.json of `directory` (sorted by name); returns one error line per file skipped.
    QStringList addGpuDirectory(const QString &directory);

    // Writes `gpu` as a GPU file (complete, no base) atomically (QSaveFile).
    static Status saveGpuFile(const GpuSpec &gpu, const QString &path);
    // Saves a user GPU as userGpuDirectory()/<id>.json (created if needed); returns the path.
    static Result<QString> saveUserGpu(const GpuSpec &gpu);
    // The JSON a GPU file holds (schema, schema_version + the GPU's fields).
    static QJsonObject toGpuFileJson(const GpuSpec &gpu);

private:
    std::vector<GpuSpec> m_gpus;
    QMap<QString, QString> m_legend;
    QString m_description;
};

// Whether the figures of a user's GPU agree with each other and with `reference`'s GPUs of the
// same architecture (issue 15, item 10; docs/hardware.md):
//  - cuda_cores / sms (cores per SM) is within 10 % of a count the reference has for the architecture;
//  - peak fp32 is within a factor of 4 of cuda_cores x 2 (one FMA per lane per clock) x boost clock;
//  - every other peak per SM per GHz of the tensor clock is within a factor of 4 of the range of
//    the reference's GPUs of the architecture (of all its GPUs for an architecture it lacks).
//  The factor leaves room for what-if GPUs ("twice the FP8 rate") and refuses disagreements by
//  orders of magnitude.
// A file that derives from a catalogue GPU and changes "sms" alone keeps the base's peaks and
// cores and is refused: "scale": {"sms": F} scales SMs, cores and peaks together.
// The error names `location`, the field, its value and the range it should be in.
Status checkGpuFigures(const GpuSpec &gpu, const GpuCatalogue &reference, const QString &location);

}  // namespace infersight
