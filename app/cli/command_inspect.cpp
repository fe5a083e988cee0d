// SPDX-License-Identifier: MIT
// infersight-cli inspect MODEL: per-node shapes and costs of a model, as a table or JSON.
#include "cli_command.h"
#include "model_options.h"

#include "graph/node_cost.h"
#include "importers/model_loader.h"
#include "report/inspect_report.h"

#include <QCommandLineParser>
#include <QJsonDocument>

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

    const QString source = modelArgument;
    const bool needsDesign = isProjectPath(source) || parser.isSet(QStringLiteral("width-mult")) ||
                             parser.isSet(QStringLiteral("depth"));
    Result<LoadedModel> model = Error{QString()};
    if (needsDesign) {
        // Structure edits (width multiplier, depth, a project's edits) go through a Design.
        auto design = designFromOptions(parser, source);
        if (!design) {
            printError(design.errorMessage());
            return ExitFailure;
        }
        LoadedModel loaded;
        loaded.graph = design->graph();
        loaded.report = design->report();
        loaded.bindings = design->bindings();
        loaded.format = design->format();
        loaded.notes = design->notes();
        model = std::move(loaded);
    } else {
        auto knobs = knobsFromOptions(parser);
        if (!knobs) {
            printError(knobs.errorMessage());
            return ExitUsage;
        }
        ModelOptions options;
        options.bindings = knobs->bindings();
        if (!parser.isSet(QStringLiteral("batch"))) {
            options.bindings.batch = modelDefaultBindings().batch;  // the export's (or --input's) batch
        }
        options.inputShapes = parser.value(QStringLiteral("input")).trimmed();
        model = loadModel(source, options);
    }
    if (!model) {
        printError(model.errorMessage());
        return ExitFailure;
    }
    const GraphCost cost = graphCost(model->graph);
    if (parser.isSet(jsonOption)) {
        printOut(QString::fromUtf8(QJsonDocument(inspectJson(*model, cost)).toJson(QJsonDocument::Compact)) + QLatin1Char('\n'));
    } else if (parser.isSet(summaryOption)) {
        printOut(inspectSummaryText(*model, cost));
    } else {
        printOut(inspectTable(*model, cost));
    }
    return ExitOk;
}

const bool registered = registerCommand(
    {QStringLiteral("inspect"), QStringLiteral("Per-node shapes, MACs, FLOPs, bytes and parameters of a model"), &runInspect});

}  // namespace

}  // namespace infersight::cli
