// SPDX-License-Identifier: MIT
// infersight-cli gpus: the GPU catalogue (built-in + user GPUs + --gpu-file), as a table or JSON;
// with --gpu [--mig | --mps] the effective resources of that target.
#include "cli_command.h"
#include "target_options.h"

#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"
#include "report/gpu_report.h"

#include <QCommandLineParser>
#include <QJsonDocument>

namespace infersight::cli {

namespace {

int runGpus(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("List the GPU catalogue: built-in GPUs, your own GPUs (%1) and --gpu-file GPUs.\n"
                       "With --gpu [--mig | --mps], show the effective resources of that target.")
            .arg(GpuCatalogue::userGpuDirectory()));
    parser.addHelpOption();
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Write JSON instead of a table."));
    const QCommandLineOption profilesOption(QStringLiteral("profiles"), QStringLiteral("Also list every MIG profile."));
    parser.addOption(jsonOption);
    parser.addOption(profilesOption);
    addTargetOptions(parser);
    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printOut(parser.helpText());
        return ExitOk;
    }
    if (!parser.positionalArguments().isEmpty()) {
        printError(QStringLiteral("gpus takes no arguments, got '%1'").arg(parser.positionalArguments().join(QLatin1Char(' '))));
        return ExitUsage;
    }
    auto catalogue = catalogueFromOptions(parser);
    if (!catalogue) {
        printError(catalogue.errorMessage());
        return ExitFailure;
    }
    const bool json = parser.isSet(jsonOption);
    if (hasTargetOptions(parser)) {
        auto target = targetFromOptions(parser, *catalogue);
        if (!target) {
            printError(target.errorMessage());
            return ExitFailure;
        }
        printOut(json ? QString::fromUtf8(QJsonDocument(targetJson(*target)).toJson(QJsonDocument::Indented))
                      : targetText(*target));
        return ExitOk;
    }
    if (json) {
        printOut(QString::fromUtf8(QJsonDocument(gpuListJson(*catalogue)).toJson(QJsonDocument::Indented)));
        return ExitOk;
    }
    printOut(gpuTable(*catalogue, parser.isSet(profilesOption)));
    return ExitOk;
}

[[maybe_unused]] const bool registered = registerCommand({QStringLiteral("gpus"), QStringLiteral("List the GPU catalogue and MIG profiles"), &runGpus});

}  // namespace

}  // namespace infersight::cli
