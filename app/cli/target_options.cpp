// SPDX-License-Identifier: MIT
#include "target_options.h"

#include "cli_command.h"

#include <QCommandLineOption>

namespace infersight::cli {

namespace {
const QString kGpu = QStringLiteral("gpu");
const QString kMig = QStringLiteral("mig");
const QString kMps = QStringLiteral("mps");
const QString kMpsAlone = QStringLiteral("mps-alone");
const QString kGpuFile = QStringLiteral("gpu-file");
const QString kHost = QStringLiteral("host");
}  // namespace

void addTargetOptions(QCommandLineParser &parser) {
    parser.addOption(QCommandLineOption(kGpu, QStringLiteral("Target GPU: a catalogue id (see 'infersight-cli gpus') or a GPU file."),
                                        QStringLiteral("ID|FILE")));
    parser.addOption(QCommandLineOption(kMig, QStringLiteral("Narrow the target to one MIG instance of this profile, e.g. 1g.5gb."),
                                        QStringLiteral("PROFILE")));
    parser.addOption(QCommandLineOption(kMps, QStringLiteral("Narrow the target to an MPS active-thread percentage (0 < PCT <= 100)."),
                                        QStringLiteral("PCT")));
    parser.addOption(QCommandLineOption(kMpsAlone, QStringLiteral("With --mps: the client runs alone (full bandwidth, L2, memory) "
                                                                  "instead of sharing them with co-runners.")));
    parser.addOption(QCommandLineOption(kHost, QStringLiteral("Host system the GPU sits in (see 'infersight-cli hosts'; "
                                                              "default: the GPU's usual system)."),
                                        QStringLiteral("ID")));
    parser.addOption(QCommandLineOption(kGpuFile, QStringLiteral("Add the GPU described in this JSON file (repeatable; see docs/hardware.md)."),
                                        QStringLiteral("FILE")));
}

Result<GpuCatalogue> catalogueFromOptions(const QCommandLineParser &parser) {
    QStringList warnings;
    auto catalogue = GpuCatalogue::withUserGpus(&warnings);
    if (!catalogue) {
        return catalogue;
    }
    for (const auto &warning : warnings) {
        printError(QStringLiteral("skipping user GPU: %1").arg(warning));
    }
    for (const auto &file : parser.values(kGpuFile)) {
        auto added = catalogue->addGpuFile(file);
        if (!added) {
            return added.error();
        }
    }
    return catalogue;
}

bool hasTargetOptions(const QCommandLineParser &parser) {
    return parser.isSet(kGpu) || parser.isSet(kMig) || parser.isSet(kMps) || parser.isSet(kMpsAlone) || parser.isSet(kHost);
}

std::optional<double> parsePercent(const QString &text) {
    QString t = text.trimmed();
    if (t.endsWith(QLatin1Char('%'))) {
        t.chop(1);
        t = t.trimmed();
    }
    bool ok = false;
    const double value = t.toDouble(&ok);
    return ok ? std::optional<double>(value) : std::nullopt;
}

Result<Target> targetFromOptions(const QCommandLineParser &parser, const GpuCatalogue &catalogue, const QString &defaultGpu) {
    std::optional<double> mps;
    if (parser.isSet(kMps)) {
        mps = parsePercent(parser.value(kMps));
        if (!mps) {
            return Error{QStringLiteral("--mps expects a percentage such as 50, got '%1'").arg(parser.value(kMps))};
        }
    }
    if (parser.isSet(kMpsAlone) && !mps) {
        return Error{QStringLiteral("--mps-alone needs --mps PCT")};
    }
    QString gpu = parser.value(kGpu);
    if (gpu.isEmpty()) {
        const QStringList files = parser.values(kGpuFile);
        if (files.size() == 1) {
            // The file was added to the catalogue by catalogueFromOptions; find it by its id.
            auto read = catalogue.readGpuFile(files.front());
            if (!read) {
                return read.error();
            }
            gpu = read->id;
        } else {
            gpu = defaultGpu;
        }
    }
    if (gpu.isEmpty()) {
        return Error{QStringLiteral("no target GPU: give --gpu ID (one of %1) or --gpu-file FILE")
                         .arg(catalogue.ids().join(QStringLiteral(", ")))};
    }
    if (parser.isSet(kHost) && parser.value(kHost).trimmed().isEmpty()) {
        return Error{QStringLiteral("--host expects a host id (one of %1)")
                         .arg(HostCatalogue::builtIn().ids().join(QStringLiteral(", ")))};
    }
    return resolveTarget(catalogue, gpu, parser.value(kMig), mps, !parser.isSet(kMpsAlone), parser.value(kHost));
}

}  // namespace infersight::cli
