// SPDX-License-Identifier: MIT
// infersight-cli graph MODEL [model options] [--gpu G [--mig P]] [--color latency|bound|op]
//   [--expand all|N] -o FILE.svg|FILE.png
// The explorer's graph view drawn headless (ui/graph): the same hierarchy, Graphviz layout,
// colours and legend as the GUI, for CI pipelines and reports. SVG keeps node names and ops as
// text. Runs on Qt's offscreen platform unless QT_QPA_PLATFORM names another: no display needed.
#include "cli_command.h"
#include "model_options.h"
#include "target_options.h"

#include "design/design.h"
#include "graph/graph_colouring.h"
#include "graph/graph_export.h"
#include "graph/graph_layout_runner.h"
#include "graph/graph_scene.h"
#include "predict/predictor.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLocale>

namespace infersight::cli {

namespace {

std::unique_ptr<QCoreApplication> graphApplication(int &argc, char **argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    return std::make_unique<QApplication>(argc, argv);
}

int runGraph(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Draw MODEL's graph as the explorer shows it: nodes grouped by their name scope (stages, transformer\n"
        "layers), laid out by Graphviz dot, coloured by each box's share of the predicted latency on --gpu, by\n"
        "what bounds it (compute, memory, latency, host) or by op type, with the legend. The format follows the\n"
        "file name: .svg (names and ops stay text) or .png. Needs no display."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("MODEL"), QStringLiteral("Model file, config.json, zoo:NAME or .infersight project."));
    addModelOptions(parser);
    addTargetOptions(parser);
    const QCommandLineOption colour(QStringList{QStringLiteral("color"), QStringLiteral("colour")},
                                    QStringLiteral("Colour by latency (share of the total, needs --gpu), bound (needs --gpu) or "
                                                   "op (default: latency with --gpu, else op)."),
                                    QStringLiteral("MODE"));
    const QCommandLineOption expand(QStringLiteral("expand"),
                                    QStringLiteral("Open groups: 'all', or every group nested less than N deep "
                                                   "(default: the GUI's starting view, repeated blocks collapsed)."),
                                    QStringLiteral("all|N"));
    const QCommandLineOption output(QStringList{QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("The image to write (.svg or .png)."), QStringLiteral("FILE"));
    parser.addOption(colour);
    parser.addOption(expand);
    parser.addOption(output);
    QString model;
    if (auto done = parseCommandLine(parser, arguments, QStringLiteral("graph"), &model)) {
        return *done;
    }
    if (!parser.isSet(output)) {
        printError(QStringLiteral("graph: -o FILE.svg|FILE.png is required"));
        return ExitUsage;
    }
    const QString path = parser.value(output);
    if (auto format = graphImageFormatFor(path); !format) {
        printError(format.errorMessage());
        return ExitUsage;
    }
    GraphColourMode mode = hasTargetOptions(parser) ? GraphColourMode::Latency : GraphColourMode::OpType;
    if (parser.isSet(colour)) {
        const auto chosen = graphColourModeFromName(parser.value(colour).trimmed().toLower());
        if (!chosen) {
            printError(QStringLiteral("--color needs latency, bound or op, got '%1'").arg(parser.value(colour)));
            return ExitUsage;
        }
        mode = *chosen;
        if (mode != GraphColourMode::OpType && !hasTargetOptions(parser)) {
            printError(QStringLiteral("--color %1 needs a target: give --gpu").arg(parser.value(colour)));
            return ExitUsage;
        }
    }
    GraphLayoutJob job;
    job.expansion = GraphLayoutJob::Expansion::Readable;
    if (parser.isSet(expand)) {
        const QString value = parser.value(expand).trimmed();
        std::int64_t depth = 0;
        if (value.compare(QLatin1String("all"), Qt::CaseInsensitive) == 0) {
            job.expansion = GraphLayoutJob::Expansion::All;
        } else if (parsePositiveInteger(value, depth)) {
            job.expansion = GraphLayoutJob::Expansion::Depth;
            job.depth = static_cast<int>(std::min<std::int64_t>(depth, 1000));
        } else {
            printError(QStringLiteral("--expand needs 'all' or a positive integer, got '%1'").arg(value));
            return ExitUsage;
        }
    }

    auto project = projectFromArgument(model);
    if (!project) {
        printError(project.errorMessage());
        return ExitFailure;
    }
    auto request = modelRequestFromOptions(parser, model, std::move(*project));
    if (!request) {
        printError(request.errorMessage());
        return ExitUsage;
    }
    std::optional<Target> target;
    if (hasTargetOptions(parser)) {
        auto catalogue = catalogueFromOptions(parser);
        if (!catalogue) {
            printError(catalogue.errorMessage());
            return ExitFailure;
        }
        auto resolved = targetFromOptions(parser, *catalogue);
        if (!resolved) {
            printError(resolved.errorMessage());
            return ExitFailure;
        }
        target = *resolved;
    }
    auto design = openModel(*request);
    if (!design) {
        printError(design.errorMessage());
        return ExitFailure;
    }
    std::optional<Prediction> prediction;
    if (target) {
        PredictOptions po;
        po.batch = design->knobs().batch;
        auto predicted = predict(design->graph(), *target, design->knobs(), po, design->nodePrecisions());
        if (!predicted) {
            printError(predicted.errorMessage());
            return ExitFailure;
        }
        prediction = std::move(predicted).value();
    }

    job.graph = design->sharedGraph();
    LayoutCache cache;
    const GraphLayoutOutcome outcome = GraphLayoutRunner::run(job, cache);
    if (!outcome.ok()) {
        printError(QStringLiteral("graph: %1").arg(outcome.error));
        return ExitFailure;
    }
    GraphScene scene;
    scene.setContent(outcome.graph, outcome.hierarchy, outcome.geometry);
    GraphColouring colouring =
        GraphColouring::compute(*outcome.graph, *outcome.hierarchy, mode, prediction ? &*prediction : nullptr);
    colouring.normaliseTo(scene.visibleNodes(), scene.visibleGroups());
    const GraphLegend legend = colouring.legend();
    scene.setColouring(std::move(colouring));

    GraphExportOptions options;
    options.title = outcome.graph->name;
    if (prediction && !prediction->targetLabel.isEmpty()) {
        options.title += QStringLiteral(" · ") + prediction->targetLabel;
    }
    if (Status written = exportGraphImage(scene, legend, path, options); !written) {
        printError(written.errorMessage());
        return ExitFailure;
    }
    const QLocale c = QLocale::c();
    printOut(QStringLiteral("%1: %2 nodes, %3 boxes shown (%4 Graphviz runs, %5 reused)\n")
                 .arg(path, c.toString(outcome.hierarchy->nodeCount()), c.toString(scene.boxItemCount()))
                 .arg(outcome.geometry.groupsLaidOut)
                 .arg(outcome.geometry.cacheHits));
    return ExitOk;
}

const bool registered = registerCommand({QStringLiteral("graph"),
                                         QStringLiteral("Draw the model's graph (SVG or PNG) as the explorer shows it"),
                                         &runGraph, &graphApplication});

}  // namespace

}  // namespace infersight::cli
