// SPDX-License-Identifier: MIT
// infersight-cli hosts: the host catalogue (DGX systems and cloud instances with their CPUs and how
// their host speed is known), as a table or JSON; with --gpu ID the default host of that GPU.
#include "cli_command.h"

#include "hardware/gpu_catalogue.h"
#include "hardware/host_catalogue.h"
#include "report/host_report.h"

#include <QCommandLineParser>
#include <QJsonDocument>

namespace infersight::cli {

namespace {

int runHosts(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("List the host systems (servers, cloud instances) a GPU can sit in, with their CPUs and how their "
                       "host speed is known. Give one to predict, sweep, mig or report with --host ID.\n"
                       "With --gpu ID, show that GPU's default host."));
    parser.addHelpOption();
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Write JSON instead of a table."));
    const QCommandLineOption gpuOption(QStringLiteral("gpu"), QStringLiteral("Show the default host of this GPU catalogue id."),
                                       QStringLiteral("ID"));
    parser.addOption(jsonOption);
    parser.addOption(gpuOption);
    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printOut(parser.helpText());
        return ExitOk;
    }
    if (!parser.positionalArguments().isEmpty()) {
        printError(QStringLiteral("hosts takes no arguments, got '%1'").arg(parser.positionalArguments().join(QLatin1Char(' '))));
        return ExitUsage;
    }
    const HostCatalogue &hosts = HostCatalogue::builtIn();
    if (hosts.isEmpty()) {
        printError(QStringLiteral("the built-in host catalogue (%1) could not be read").arg(QLatin1String(HostCatalogue::kResourcePath)));
        return ExitFailure;
    }
    const bool json = parser.isSet(jsonOption);
    if (parser.isSet(gpuOption)) {
        const QString id = parser.value(gpuOption).trimmed();
        const GpuSpec *gpu = GpuCatalogue::builtIn().find(id);
        if (!gpu) {
            printError(QStringLiteral("unknown GPU '%1'; known GPUs: %2")
                           .arg(id, GpuCatalogue::builtIn().ids().join(QStringLiteral(", "))));
            return ExitFailure;
        }
        const HostSpec &host = hosts.defaultFor(gpu->id);
        printOut(json ? QString::fromUtf8(QJsonDocument(hostJson(host)).toJson(QJsonDocument::Indented))
                      : QStringLiteral("%1: %2\n").arg(gpu->id, hostSummary(host)));
        return ExitOk;
    }
    printOut(json ? QString::fromUtf8(QJsonDocument(hostListJson(hosts)).toJson(QJsonDocument::Indented)) : hostTable(hosts));
    return ExitOk;
}

[[maybe_unused]] const bool registered =
    registerCommand({QStringLiteral("hosts"), QStringLiteral("List the host systems (servers, cloud instances) and their CPUs"), &runHosts});

}  // namespace

}  // namespace infersight::cli
