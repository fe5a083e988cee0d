// SPDX-License-Identifier: MIT
// The target options shared by the subcommands that predict for a GPU:
//   --gpu ID|FILE  [--mig PROFILE | --mps PCT [--mps-alone]]  [--gpu-file FILE ...]
#pragma once

#include "base/result.h"
#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"

#include <QCommandLineParser>
#include <QString>

namespace infersight::cli {

// Adds --gpu, --mig, --mps, --mps-alone and --gpu-file to `parser`.
void addTargetOptions(QCommandLineParser &parser);

// The catalogue the command works with: built-in GPUs, the user's GPUs (broken user files are
// reported on stderr and skipped) and every --gpu-file (an error there is fatal).
Result<GpuCatalogue> catalogueFromOptions(const QCommandLineParser &parser);

// True when --gpu, --mig or --mps was given.
bool hasTargetOptions(const QCommandLineParser &parser);

// The target named by --gpu/--mig/--mps. Without --gpu: the GPU of the only --gpu-file, else
// `defaultGpu`, else an error listing the known GPUs.
Result<Target> targetFromOptions(const QCommandLineParser &parser, const GpuCatalogue &catalogue,
                                 const QString &defaultGpu = {});

// Parses "50", "50%", "37.5 %" into a percentage.
std::optional<double> parsePercent(const QString &text);

}  // namespace infersight::cli
