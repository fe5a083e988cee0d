// SPDX-License-Identifier: MIT
// infersight-cli inspect MODEL: per-node shapes and costs of a model, as a table or JSON.
#include "cli_command.h"
#include "model_options.h"

#include "graph/node_cost.h"
#include "report/inspect_report.h"

#include <QCommandLineParser>
#include <QJsonDocument>

#include <cstdio>

namespace infersight::cli {

namespace {

int runInspect(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Show every node of a model with its output shapes, MACs, FLOPs, bytes read and written and\n"
        "parameters, then a summary. Weights are never read: models of any size load in seconds.\n"
        "Defaults: batch 1 (or the batch a model was exported with), the model's sequence length or\n"
        "128 when it is symbolic, the model's image size or 224 when it is symbolic.\n"
        "In --json output an unknown dimension is -1 and a shape of unknown rank is null."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("MODEL"), QStringLiteral("Model file (.onnx, TorchScript, config.json), zoo:NAME or a .infersight project."));
    addModelOptions(parser, ShapeOptions | StructureOptions);
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print one JSON object instead of the table."));
    const QCommandLineOption summaryOption(QStringLiteral("summary"), QStringLiteral("Print the summary only, no node table."));
    parser.addOptions({jsonOption, summaryOption});

    QString modelArgument;
    if (auto done = parseCommandLine(parser, arguments, QStringLiteral("inspect"), &modelArgument)) {
        return *done;
    }

    // Parse: the project (if MODEL is one), then every option once. Without --batch the model's
    // own batch (the export's, else 1).
    auto project = projectFromArgument(modelArgument);
    if (!project) {
        printError(project.errorMessage());
        return ExitFailure;
    }
    Knobs defaults;
    defaults.batch = -1;
    auto request = modelRequestFromOptions(parser, modelArgument, std::move(*project), defaults);
    if (!request) {
        printError(request.errorMessage());
        return ExitUsage;
    }
    // Open; libonnx's own shape inference runs for comparison on the graph as the file holds it.
    const bool edited = request->project || request->structureOptions;
    auto design = openModel(*request, edited ? ImportCheck::None : ImportCheck::Libonnx);
    if (!design) {
        printError(design.errorMessage());
        return ExitFailure;
    }
    // Compute and format.
    const GraphCost cost = graphCost(design->graph());
    if (!cost.overflow.isEmpty()) {  // a count past 64 bits: refused, never printed wrapped
        printError(QStringLiteral("%1: %2").arg(design->source(), cost.overflow));
        return ExitFailure;
    }
    if (parser.isSet(jsonOption)) {
        // Written piece by piece: the whole document of a 1,000,000-node model would take GBs.
        writeInspectJson(*design, cost, [](const QByteArray &bytes) { std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stdout); });
        std::fputc('\n', stdout);
        std::fflush(stdout);
    } else if (parser.isSet(summaryOption)) {
        printOut(inspectSummaryText(*design, cost));
    } else {
        writeInspectTable(*design, cost, [](const QByteArray &bytes) { std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stdout); });
        std::fflush(stdout);
    }
    return ExitOk;
}

const bool registered = registerCommand(
    {QStringLiteral("inspect"), QStringLiteral("Per-node shapes, MACs, FLOPs, bytes and parameters of a model"), &runInspect});

}  // namespace

}  // namespace infersight::cli
