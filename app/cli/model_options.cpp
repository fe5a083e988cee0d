// SPDX-License-Identifier: MIT
#include "model_options.h"

#include "cli_command.h"

#include "base/model_limits.h"
#include "design/project_file.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <initializer_list>

namespace infersight::cli {

namespace {
Result<Design> openModelAsRequested(const ModelRequest &request, ImportCheck check);
}  // namespace

namespace {

const QString kBatch = QStringLiteral("batch");
const QString kSeq = QStringLiteral("seq");
const QString kImage = QStringLiteral("image");
const QString kPhase = QStringLiteral("phase");
const QString kContext = QStringLiteral("context");
const QString kInput = QStringLiteral("input");
const QString kWidth = QStringLiteral("width-mult");
const QString kDepth = QStringLiteral("depth");
const QString kPrecision = QStringLiteral("precision");
const QString kRuntime = QStringLiteral("runtime");
const QString kWeights = QStringLiteral("weights");

// Whether the option was given. Unlike QCommandLineParser::isSet this does not warn for an option
// the command did not add (optionNames() lists the options found on the command line), so the
// helpers below serve commands that add only some groups.
bool given(const QCommandLineParser &parser, const QString &name) {
    return parser.optionNames().contains(name);
}

}  // namespace

void addModelOptions(QCommandLineParser &parser, unsigned groups) {
    if (groups & ShapeOptions) {
        parser.addOptions({
            {kBatch, QStringLiteral("Batch size (default 1, or the batch a model was exported with)."), QStringLiteral("N")},
            {kSeq, QStringLiteral("Sequence length (transformers; default the model's, else 128)."), QStringLiteral("N")},
            {kImage, QStringLiteral("Input image size (CNNs, ViT; default the model's, else 224)."), QStringLiteral("N|HxW")},
            {kPhase, QStringLiteral("prefill (default) or decode (decoder LLMs: one token with a KV cache)."),
             QStringLiteral("PHASE")},
            {kContext, QStringLiteral("Decode: tokens already in the KV cache."), QStringLiteral("N")},
            {kInput, QStringLiteral("TorchScript: forward()'s input shapes, e.g. 1x3x224x224 or 1x128:i64,1x128:i64."),
             QStringLiteral("SHAPES")},
        });
    }
    if (groups & StructureOptions) {
        parser.addOptions({
            {kWidth, QStringLiteral("Global width multiplier of channels / hidden sizes (default 1)."), QStringLiteral("F")},
            {kDepth, QStringLiteral("Repeated blocks / layers (zoo and config.json models)."), QStringLiteral("N")},
        });
    }
    if (groups & ExecutionOptions) {
        parser.addOptions({
            {kPrecision, QStringLiteral("fp32 (default; convolutions in TF32 on Ampere+, as PyTorch), fp32-strict, tf32, fp16, bf16, "
                                        "amp, int8, fp8."), QStringLiteral("P")},
            {kRuntime,
             QStringLiteral("eager (default) or fused; LLM serving runtimes: hf-eager (= eager), vllm (= fused), "
                            "trt-llm, llama.cpp, tinychat."),
             QStringLiteral("R")},
            {kWeights,
             QStringLiteral("Weight format of the GEMM weights (LLMs): %1; aliases awq, gptq, int4 (w4a16), "
                            "int8 (w8a8), q4_k_m. Sets the activation precision unless --precision is given.")
                 .arg(weightFormatNames().join(QStringLiteral(", "))),
             QStringLiteral("FORMAT")},
        });
    }
}

bool parsePositiveInteger(const QString &text, std::int64_t &value) {
    bool ok = false;
    const qlonglong v = text.trimmed().toLongLong(&ok);
    if (!ok || v <= 0) {
        return false;
    }
    value = v;
    return true;
}

namespace {

Result<Knobs> knobsFromOptions(const QCommandLineParser &parser, const Knobs &defaults) {
    Knobs knobs = defaults;
    auto positive = [&parser](const QString &name, std::int64_t &out) -> Status {
        if (given(parser, name) && !parsePositiveInteger(parser.value(name), out)) {
            return Error{QStringLiteral("--%1 needs a positive integer, got '%2'").arg(name, parser.value(name))};
        }
        return Status::success();
    };
    if (Status s = positive(kBatch, knobs.batch); !s) {
        return Error{s.errorMessage()};
    }
    if (Status s = positive(kSeq, knobs.sequence); !s) {
        return Error{s.errorMessage()};
    }
    if (given(parser, kImage)) {
        static const QRegularExpression form(QStringLiteral("^\\s*(\\d+)\\s*(?:[xX]\\s*(\\d+))?\\s*$"));
        const auto match = form.match(parser.value(kImage));
        std::int64_t h = 0, w = 0;
        if (!match.hasMatch() || !parsePositiveInteger(match.captured(1), h) ||
            !parsePositiveInteger(match.captured(2).isEmpty() ? match.captured(1) : match.captured(2), w)) {
            return Error{QStringLiteral("--image needs N or HxW with positive integers, got '%1'").arg(parser.value(kImage))};
        }
        knobs.height = h;
        knobs.width = w;
    }
    if (given(parser, kPrecision)) {
        const auto p = precisionFromName(parser.value(kPrecision).trimmed());
        if (!p) {
            return Error{QStringLiteral("--precision must be one of %1, got '%2'")
                             .arg(precisionNames().join(QStringLiteral(", ")), parser.value(kPrecision))};
        }
        knobs.precision = *p;
    }
    if (given(parser, kRuntime)) {
        const auto r = loweringFromRuntimeName(parser.value(kRuntime).trimmed());
        if (!r) {
            return Error{QStringLiteral("--runtime must be one of %1, got '%2'")
                             .arg(llmRuntimeNames().join(QStringLiteral(", ")), parser.value(kRuntime))};
        }
        knobs.runtime = *r;
    }
    if (given(parser, kPhase)) {
        const auto ph = decoderPhaseFromName(parser.value(kPhase).trimmed());
        if (!ph) {
            return Error{QStringLiteral("--phase must be prefill or decode, got '%1'").arg(parser.value(kPhase))};
        }
        knobs.phase = *ph;
    }
    if (Status s = positive(kContext, knobs.context); !s) {
        return Error{s.errorMessage()};
    }
    const bool contextGiven = given(parser, kContext);
    if (knobs.phase == DecoderPhase::Decode && knobs.context <= 0) {
        return Error{QStringLiteral("--phase decode needs --context N (tokens already in the KV cache)")};
    }
    if (knobs.phase != DecoderPhase::Decode && contextGiven) {
        return Error{QStringLiteral("--context applies to --phase decode only")};
    }
    return knobs;
}

}  // namespace

bool isProjectPath(const QString &model) {
    return model.endsWith(QLatin1String(Project::kSuffix), Qt::CaseInsensitive);
}

Result<std::optional<Project>> projectFromArgument(const QString &model) {
    if (!isProjectPath(model)) {
        return std::optional<Project>();
    }
    auto project = readProjectFile(model);
    if (!project) {
        return project.error();
    }
    for (const QString &warning : project->warnings) {
        printError(QStringLiteral("warning: %1").arg(warning));
    }
    return std::optional<Project>(std::move(*project));
}

Result<ModelRequest> modelRequestFromOptions(const QCommandLineParser &parser, const QString &model,
                                             std::optional<Project> project, const Knobs &defaults) {
    ModelRequest request;
    request.model = model;
    if (project) {
        request.inputShapes = project->inputShapes;
        if (project->widthMultiplier != 1.0) {
            request.widthMultiplier = project->widthMultiplier;
        }
        request.depth = project->depth;
    }
    auto knobs = knobsFromOptions(parser, project ? project->knobs : defaults);
    if (!knobs) {
        return knobs.error();
    }
    request.knobs = *knobs;
    if (given(parser, kRuntime) && !runtimeFromName(parser.value(kRuntime).trimmed())) {
        request.llmRuntime = findLlmRuntime(parser.value(kRuntime));  // named an LLM runtime, not eager/fused
    }
    if (given(parser, kWeights)) {
        const auto format = weightFormatFromName(parser.value(kWeights));
        if (!format) {
            return Error{QStringLiteral("--weights must be one of %1, got '%2'")
                             .arg(weightFormatNames().join(QStringLiteral(", ")), parser.value(kWeights))};
        }
        auto resolved = resolveWeightFormat(*format, request.knobs.precision, given(parser, kPrecision));
        if (!resolved) {
            return Error{QStringLiteral("--weights: %1").arg(resolved.errorMessage())};
        }
        request.weights = *resolved;
        request.knobs.precision = resolved->precision;
    }
    if (given(parser, kWidth)) {
        bool ok = false;
        const double width = parser.value(kWidth).trimmed().toDouble(&ok);
        if (!ok || !(width > 0.0) || !std::isfinite(width)) {
            return Error{QStringLiteral("--width-mult needs a positive number, got '%1'").arg(parser.value(kWidth))};
        }
        request.widthMultiplier = width;
        request.structureOptions = true;
    }
    if (given(parser, kDepth)) {
        std::int64_t depth = -1;
        if (!parsePositiveInteger(parser.value(kDepth), depth)) {
            return Error{QStringLiteral("--depth needs a positive integer, got '%1'").arg(parser.value(kDepth))};
        }
        if (depth > maxLayers()) {
            return Error{QStringLiteral("--depth %1 is out of range: %2").arg(depth).arg(maxLayersText())};
        }
        request.depth = static_cast<int>(depth);
        request.structureOptions = true;
    }
    if (given(parser, kInput)) {
        request.inputShapes = parser.value(kInput).trimmed();
    }
    request.project = std::move(project);
    return request;
}

namespace {

// --seq on a CNN or --image on BERT binds nothing (issue 15, item 11): say so, and drop the knob
// so that it is not echoed as if it had been applied. The roles are those of the graph inputs' dims.
void dropUnusedShapeKnobs(const ModelRequest &request, Design &design) {
    const Graph &graph = design.graph();
    auto hasRole = [&graph](std::initializer_list<DimRole> roles) {
        for (const int input : graph.inputs) {
            for (const Dim &d : graph.values[static_cast<std::size_t>(input)].declared) {
                if (std::find(roles.begin(), roles.end(), d.role) != roles.end()) {
                    return true;
                }
            }
        }
        return false;
    };
    const QString model = request.project ? request.project->source : request.model;
    // On stderr at once, and in the design's warnings (the JSON "warnings" arrays, the report).
    QStringList warnings;
    if (request.knobs.sequence > 0 && !hasRole({DimRole::Sequence})) {
        warnings << QStringLiteral("--seq %1 does not apply to %2: none of its inputs has a sequence dimension")
                        .arg(request.knobs.sequence)
                        .arg(model);
        design.setSequence(-1);
    }
    if ((request.knobs.height > 0 || request.knobs.width > 0) && !hasRole({DimRole::Height, DimRole::Width})) {
        warnings << QStringLiteral("--image does not apply to %1: none of its inputs has image dimensions").arg(model);
        design.setImageSize(-1, -1);
    }
    for (const QString &warning : warnings) {
        printError(QStringLiteral("warning: %1").arg(warning));
    }
    design.addWarnings(warnings);
}

}  // namespace

Result<Design> openModel(const ModelRequest &request, ImportCheck check) {
    auto design = openModelAsRequested(request, check);
    if (design) {
        dropUnusedShapeKnobs(request, *design);
    }
    return design;
}

namespace {

Result<Design> openModelAsRequested(const ModelRequest &request, ImportCheck check) {
    if (request.project) {
        // The project's source, structure, edits and per-node precisions under the request's knobs.
        Project p = *request.project;
        p.knobs = request.knobs;
        p.inputShapes = request.inputShapes;
        p.widthMultiplier = request.widthMultiplier.value_or(1.0);
        p.depth = request.depth;
        return p.open(request.model);
    }
    auto design = Design::open(request.model, request.knobs, request.inputShapes, check);
    if (!design) {
        return design.error();
    }
    if (request.depth > 0) {
        if (Status s = design->setDepth(request.depth); !s) {
            return Error{QStringLiteral("--depth: %1").arg(s.errorMessage())};
        }
    }
    if (request.widthMultiplier) {
        if (Status s = design->setWidthMultiplier(*request.widthMultiplier); !s) {
            return Error{QStringLiteral("--width-mult: %1").arg(s.errorMessage())};
        }
    }
    return design;
}

}  // namespace

}  // namespace infersight::cli
