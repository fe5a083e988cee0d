// SPDX-License-Identifier: MIT
// infersight-cli predict MODEL --gpu ID [--mig P | --mps PCT] [--batch N] [--seq N] [--image N|HxW]
//   [--precision P] [--runtime eager|fused] [--phase prefill|decode --context N] [--width-mult F]
//   [--depth N] [--input SHAPES] [--json] (model options shared with inspect: model_options.h)
#include "cli_command.h"
#include "model_options.h"
#include "target_options.h"

#include "design/design.h"
#include "design/knobs.h"
#include "predict/predictor.h"
#include "report/prediction_report.h"

#include <QCommandLineParser>
#include <QJsonDocument>

#include <algorithm>

namespace infersight::cli {

namespace {

int runPredict(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Predict one inference forward pass of MODEL on a GPU, a MIG slice or an MPS share: latency\n"
        "(per kernel, per node, end to end, with an 80 % error band), throughput, energy, average power\n"
        "and memory (weights, activations, KV cache, workspace, context; allocator and device view).\n"
        "MODEL: an .onnx file, a TorchScript file, a HuggingFace config.json, zoo:NAME or a .infersight project.\n"
        "Precisions: fp32 (CUDA cores, TF32 off), tf32, fp16, bf16, amp (autocast fp16), int8, fp8.\n"
        "Runtimes: eager (PyTorch-like, per-op host overhead) or fused (TensorRT/torch.compile-like)."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("MODEL"), QStringLiteral("Model file, config.json, zoo:NAME or project."));
    addTargetOptions(parser);
    addModelOptions(parser);
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print one JSON object."));
    const QCommandLineOption kernelsOption(QStringLiteral("kernels"), QStringLiteral("JSON: include every kernel."));
    const QCommandLineOption topOption(QStringLiteral("top"), QStringLiteral("Rows of the top-nodes table (default 15)."),
                                       QStringLiteral("N"));
    parser.addOptions({jsonOption, kernelsOption, topOption});
    QString modelArgument;
    if (auto done = parseCommandLine(parser, arguments, QStringLiteral("predict"), &modelArgument)) {
        return *done;
    }
    // Parse: the project (if MODEL is one), every option once, the target.
    auto project = projectFromArgument(modelArgument);
    if (!project) {
        printError(project.errorMessage());
        return ExitFailure;
    }
    auto request = modelRequestFromOptions(parser, modelArgument, std::move(*project));
    if (!request) {
        printError(request.errorMessage());
        return ExitUsage;
    }
    int top = 15;
    if (parser.isSet(topOption)) {
        std::int64_t t = 0;
        if (!parsePositiveInteger(parser.value(topOption), t)) {
            printError(QStringLiteral("--top needs a positive integer, got '%1'").arg(parser.value(topOption)));
            return ExitUsage;
        }
        top = static_cast<int>(std::min<std::int64_t>(t, 100000));
    }
    auto catalogue = catalogueFromOptions(parser);
    if (!catalogue) {
        printError(catalogue.errorMessage());
        return ExitFailure;
    }
    auto target = targetFromOptions(parser, *catalogue);
    if (!target) {
        printError(target.errorMessage());
        return ExitFailure;
    }

    // Open and compute (the engine checks the precision against the target).
    auto design = openModel(*request);
    if (!design) {
        printError(design.errorMessage());
        return ExitFailure;
    }
    const Graph &graph = design->graph();
    const Knobs &knobs = design->knobs();
    PredictOptions po;
    po.batch = knobs.batch;
    po.keepKernels = true;
    auto prediction = predict(graph, *target, knobs, po, design->nodePrecisions());
    if (!prediction) {
        printError(prediction.errorMessage());
        return ExitFailure;
    }
    prediction->warnings << design->notes() << design->warnings();

    // Format.
    PredictionReportOptions ro;
    ro.kernels = parser.isSet(kernelsOption);
    ro.topNodes = top;
    if (parser.isSet(jsonOption)) {
        const QJsonObject json = predictionJson(graph, *prediction, *target, knobs, design->bindings(), ro);
        printOut(QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact)) + QLatin1Char('\n'));
    } else {
        printOut(predictionText(graph, *prediction, *target, knobs, design->bindings(), ro));
    }
    return ExitOk;
}

const bool registered = registerCommand({QStringLiteral("predict"),
                                         QStringLiteral("Predict latency, energy and memory of a model on a GPU / MIG slice"),
                                         &runPredict});

}  // namespace

}  // namespace infersight::cli
