// SPDX-License-Identifier: MIT
// The project file (.infersight): a Design's source, knobs, structure, edits, per-node precisions
// and the targets compared, as versioned JSON. The graph is not stored: opening a project re-loads
// the source and re-applies the edits. Written atomically (QSaveFile); reading never touches the
// file or the caller's current design, and every problem is one line naming the file and the
// field. Format: docs/design-space.md.
#pragma once

#include "base/result.h"
#include "design/design.h"

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QString>

#include <optional>
#include <vector>

namespace infersight {

// A target as the project stores it: a GPU (catalogue id or GPU file) narrowed to a MIG profile or
// an MPS share, in a host system.
struct ProjectTarget {
    QString gpu;
    QString mig;
    std::optional<double> mps;
    bool mpsAlone = false;
    QString host;  // HostCatalogue id ("dgx-a100"); empty: the GPU's default host
    bool operator==(const ProjectTarget &) const = default;
};

struct Project {
    static constexpr char kFormat[] = "infersight-project";
    static constexpr int kVersion = 1;
    static constexpr char kSuffix[] = ".infersight";

    QString source;          // as the Design opens it: absolute path, "zoo:NAME"
    QString inputShapes;     // TorchScript input shapes, if any
    Knobs knobs;
    double widthMultiplier = 1.0;
    int depth = -1;
    std::vector<DesignEdit> edits;
    QMap<QString, Precision> nodePrecisions;
    std::vector<ProjectTarget> targets;
    // Read only, never written: fields the file held that this version does not know (named with
    // the file, "run.infersight: unknown field 'knbos' is ignored").
    QStringList warnings;

    static Project fromDesign(const Design &design, std::vector<ProjectTarget> targets = {});
    // Opens the source and re-applies structure, edits and precisions; `warnings` join the design's
    // warnings(). Errors name `projectPath`.
    Result<Design> open(const QString &projectPath = {}) const;

    // JSON; the source is written relative to `projectDir` where it lies below or beside it.
    QJsonObject toJson(const QString &projectDir = {}) const;
    // Validates everything; relative sources are resolved against `projectDir`. `fileName` names
    // the file in errors.
    static Result<Project> fromJson(const QByteArray &json, const QString &fileName, const QString &projectDir);
    bool operator==(const Project &) const = default;
};

// Reads and validates a project file (the design is not opened).
Result<Project> readProjectFile(const QString &path);
// Writes atomically: the old file stays intact if anything fails.
Status writeProjectFile(const Project &project, const QString &path);
// readProjectFile + Project::open.
Result<Design> openProjectFile(const QString &path, std::vector<ProjectTarget> *targets = nullptr);

}  // namespace infersight
