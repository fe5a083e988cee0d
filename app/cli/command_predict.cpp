// SPDX-License-Identifier: MIT
// infersight-cli predict MODEL --gpu ID [--mig P | --mps PCT] [--batch N] [--seq N] [--image N|HxW]
//   [--precision P] [--runtime eager|fused] [--phase prefill|decode --context N] [--width-mult F]
//   [--depth N] [--input SHAPES] [--weights FORMAT] [--json] (model options shared with inspect: model_options.h)
//   LLM request: --prompt P --output N [--batch B] [--runtime hf-eager|vllm|...]: TTFT, TPOT, e2e, tokens/s
#include "cli_command.h"
#include "model_options.h"
#include "target_options.h"

#include "design/design.h"
#include "design/knobs.h"
#include "explore/llm_serving.h"
#include "predict/predictor.h"
#include "report/llm_report.h"
#include "report/prediction_report.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

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
        "Precisions: fp32 (PyTorch's defaults: GEMMs on FP32 CUDA cores, convolutions on TF32 tensor cores on\n"
        "Ampere and later, as torch.backends.cudnn.allow_tf32 = True), fp32-strict (TF32 off everywhere),\n"
        "tf32 (GEMMs and convolutions on TF32), fp16, bf16, amp (autocast fp16), int8, fp8.\n"
        "Runtimes: eager (PyTorch-like, per-op host overhead) or fused (TensorRT/torch.compile-like); for LLM\n"
        "decode also hf-eager (= eager), vllm (= fused), trt-llm, llama.cpp, tinychat. --weights FORMAT: LLM weight formats.\n"
        "An LLM request (--prompt P --output N [--batch B]) reports TTFT, TPOT, end-to-end latency and tokens/s."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("MODEL"), QStringLiteral("Model file, config.json, zoo:NAME or project."));
    addTargetOptions(parser);
    addModelOptions(parser);
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print one JSON object."));
    const QCommandLineOption kernelsOption(QStringLiteral("kernels"), QStringLiteral("JSON: include every kernel."));
    const QCommandLineOption topOption(QStringLiteral("top"), QStringLiteral("Rows of the top-nodes table (default 15)."),
                                       QStringLiteral("N"));
    const QCommandLineOption promptOption(QStringLiteral("prompt"),
                                          QStringLiteral("LLM request: prompt tokens (with --output: TTFT, TPOT, e2e)."),
                                          QStringLiteral("P"));
    const QCommandLineOption outputOption(QStringLiteral("output"), QStringLiteral("LLM request: tokens generated."),
                                          QStringLiteral("N"));
    const QCommandLineOption attentionOption(
        QStringLiteral("attention"),
        QStringLiteral("Eager attention: auto (fused SDPA where the exported graph shows PyTorch's SDPA), fused "
                       "(scaled_dot_product_attention / nn.MultiheadAttention fast path), decomposed (hand-written "
                       "attention, e.g. transformers attn_implementation=\"eager\"). Default auto."),
        QStringLiteral("A"));
    const QCommandLineOption memoryFormatOption(
        QStringLiteral("memory-format"),
        QStringLiteral("Eager convolutions: nchw (PyTorch's default; FP16/BF16 convolutions transform to NHWC and back "
                       "around cuDNN's tensor-core kernels) or channels-last (model.to(memory_format="
                       "torch.channels_last)). Default nchw."),
        QStringLiteral("F"));
    parser.addOptions({jsonOption, kernelsOption, topOption, promptOption, outputOption, attentionOption, memoryFormatOption});
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
    AttentionLowering attention = AttentionLowering::Auto;
    if (parser.isSet(attentionOption)) {
        const QString a = parser.value(attentionOption).trimmed().toLower();
        bool known = false;
        for (AttentionLowering v : {AttentionLowering::Auto, AttentionLowering::Fused, AttentionLowering::Decomposed}) {
            if (a == attentionLoweringName(v)) {
                attention = v;
                known = true;
            }
        }
        if (!known) {
            printError(QStringLiteral("--attention must be auto, fused or decomposed, got '%1'").arg(parser.value(attentionOption)));
            return ExitUsage;
        }
    }
    MemoryFormat memoryFormat = MemoryFormat::Contiguous;
    if (parser.isSet(memoryFormatOption)) {
        const QString f = parser.value(memoryFormatOption).trimmed().toLower();
        if (f == memoryFormatName(MemoryFormat::Contiguous) || f == QLatin1String("contiguous")) {
            memoryFormat = MemoryFormat::Contiguous;
        } else if (f == memoryFormatName(MemoryFormat::ChannelsLast) || f == QLatin1String("channels_last") ||
                   f == QLatin1String("nhwc")) {
            memoryFormat = MemoryFormat::ChannelsLast;
        } else {
            printError(QStringLiteral("--memory-format must be nchw or channels-last, got '%1'").arg(parser.value(memoryFormatOption)));
            return ExitUsage;
        }
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

    const bool llmRequest = parser.isSet(promptOption) || parser.isSet(outputOption);
    LlmRequest llm;
    if (llmRequest) {
        if (!parser.isSet(promptOption) || !parser.isSet(outputOption)) {
            printError(QStringLiteral("an LLM request needs both --prompt P and --output N"));
            return ExitUsage;
        }
        if (!parsePositiveInteger(parser.value(promptOption), llm.prompt)) {
            printError(QStringLiteral("--prompt needs a positive integer, got '%1'").arg(parser.value(promptOption)));
            return ExitUsage;
        }
        if (!parsePositiveInteger(parser.value(outputOption), llm.output)) {
            printError(QStringLiteral("--output needs a positive integer, got '%1'").arg(parser.value(outputOption)));
            return ExitUsage;
        }
        if (request->knobs.phase == DecoderPhase::Decode) {
            printError(QStringLiteral("--prompt/--output predict a whole request: leave --phase and --context out"));
            return ExitUsage;
        }
    }

    // Open and compute (the engine checks the precision against the target).
    auto design = openModel(*request);
    if (!design) {
        printError(design.errorMessage());
        return ExitFailure;
    }
    const LlmServing serving{&request->llmRuntimeOrDefault(), request->weights};
    if (llmRequest) {
        llm.batch = design->knobs().batch;
        auto r = predictLlmRequest(*design, *target, llm, serving);
        if (!r) {
            printError(r.errorMessage());
            return ExitFailure;
        }
        r->warnings << design->notes() << design->warnings();
        if (parser.isSet(jsonOption)) {
            printOut(QString::fromUtf8(QJsonDocument(llmRequestJson(*r, *target, serving)).toJson(QJsonDocument::Compact)) +
                     QLatin1Char('\n'));
        } else {
            printOut(llmRequestText(*r, *target, serving));
        }
        return ExitOk;
    }
    const Graph &graph = design->graph();
    const Knobs &knobs = design->knobs();
    PredictOptions po;
    po.batch = knobs.batch;
    po.keepKernels = parser.isSet(kernelsOption);  // only --kernels lists them (a million nodes: ~90 MB)
    po.weights = request->weights;
    po.attention = attention;
    po.memoryFormat = memoryFormat;
    if (knobs.phase == DecoderPhase::Decode) {
        po.llmRuntime = serving.runtime;
    }
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
