// SPDX-License-Identifier: MIT
// The model options shared by the subcommands that take one MODEL (inspect, predict, mig):
//   shape knobs     --batch N  --seq N  --image N|HxW  --phase prefill|decode  --context N
//                   --input SHAPES (TorchScript forward() inputs, "1x3x224x224,1x128:i64")
//   structure       --width-mult F  --depth N (zoo and config.json models; imported graphs take
//                   the multiplier only)
//   execution       --precision P  --runtime eager|fused
// MODEL is a file (.onnx, TorchScript, HuggingFace config.json), zoo:NAME or a .infersight
// project (whose stored knobs are the defaults the options above override).
#pragma once

#include "base/result.h"
#include "design/design.h"
#include "design/knobs.h"

#include <QCommandLineParser>
#include <QString>

#include <cstdint>

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

// The knobs the options set on top of `defaults`. Errors are one line naming the option and the
// value ("--batch needs a positive integer, got 'x'").
Result<Knobs> knobsFromOptions(const QCommandLineParser &parser, const Knobs &defaults = {});

// MODEL opened as a Design at the options' knobs, with --width-mult / --depth / --input applied.
// A .infersight project brings its own source, structure, edits and knobs; options override them.
// `knobs` receives the knobs used (the project's where no option overrides them).
Result<Design> designFromOptions(const QCommandLineParser &parser, const QString &model, Knobs *knobs = nullptr);

// True when MODEL names a project file.
bool isProjectPath(const QString &model);

}  // namespace infersight::cli
