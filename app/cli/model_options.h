// SPDX-License-Identifier: MIT
// The model options shared by the subcommands that take one MODEL (inspect, predict, mig):
//   shape knobs     --batch N  --seq N  --image N|HxW  --phase prefill|decode  --context N
//                   --input SHAPES (TorchScript forward() inputs, "1x3x224x224,1x128:i64")
//   structure       --width-mult F  --depth N (zoo and config.json models; imported graphs take
//                   the multiplier only)
//   execution       --precision P  --runtime eager|fused|hf-eager|vllm|trt-llm|llama.cpp|tinychat
//                   --weights FORMAT (fp16, w8a16, w8a8, fp8, w4a16, q4_k, ...: weight_format.h)
// MODEL is a file (.onnx, TorchScript, HuggingFace config.json), zoo:NAME or a .infersight
// project (whose stored knobs are the defaults the options above override).
#pragma once

#include "base/result.h"
#include "design/design.h"
#include "design/knobs.h"
#include "design/project_file.h"
#include "predict/llm_runtime.h"
#include "predict/weight_format.h"

#include <QCommandLineParser>
#include <QString>

#include <cstdint>
#include <optional>

namespace infersight::cli {

enum ModelOptionGroup : unsigned {
    ShapeOptions = 1u << 0,      // --batch --seq --image --phase --context --input
    StructureOptions = 1u << 1,  // --width-mult --depth
    ExecutionOptions = 1u << 2,  // --precision --runtime
    AllModelOptions = ShapeOptions | StructureOptions | ExecutionOptions,
};

void addModelOptions(QCommandLineParser &parser, unsigned groups = AllModelOptions);

// "N" > 0. Used for every integer option so that errors read the same everywhere.
bool parsePositiveInteger(const QString &text, std::int64_t &value);

// What the model options ask for, parsed once (parse -> open -> compute -> format).
struct ModelRequest {
    QString model;                          // MODEL as given
    std::optional<Project> project;         // when MODEL is a .infersight project
    Knobs knobs;                            // the options over the defaults (a project's knobs)
    QString inputShapes;                    // --input, else a project's
    std::optional<double> widthMultiplier;  // --width-mult, else a project's (when not 1)
    int depth = -1;                         // --depth, else a project's
    bool structureOptions = false;          // --width-mult or --depth given
    const LlmRuntime *llmRuntime = nullptr; // --runtime named an LLM serving runtime (vllm, hf-eager, ...)
    ResolvedWeightFormat weights;           // --weights (Native when not given)
    // The LLM runtime a decode step runs on: the one named, else the knobs' generic runtime's.
    const LlmRuntime &llmRuntimeOrDefault() const { return llmRuntime ? *llmRuntime : defaultLlmRuntime(knobs.runtime); }
};

// MODEL read as a project when it names one (nullopt otherwise). Errors name the file.
Result<std::optional<Project>> projectFromArgument(const QString &model);

// Parses every model option once, over `defaults` or, with a project, over the project's knobs and
// structure. Errors are one line naming the option and the value ("--batch needs a positive
// integer, got 'x'"): usage errors.
Result<ModelRequest> modelRequestFromOptions(const QCommandLineParser &parser, const QString &model,
                                             std::optional<Project> project, const Knobs &defaults = {});

// Opens the request through Design::open: MODEL (or the project's source) at the knobs, then the
// depth, the width multiplier and a project's edits and per-node precisions.
Result<Design> openModel(const ModelRequest &request, ImportCheck check = ImportCheck::None);

// True when MODEL names a project file.
bool isProjectPath(const QString &model);

}  // namespace infersight::cli
