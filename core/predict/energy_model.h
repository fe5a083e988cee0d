// SPDX-License-Identifier: MIT
// Power of the target while a kernel runs, between its idle draw and its board power, driven by
// how busy compute and memory are (see docs/predictor.md "Energy" for the assumptions; no energy
// measurement was available to fit these constants).
#pragma once

#include "predict/kernel_model.h"

namespace infersight {

class Target;

struct EnergyParameters {
    // Share of the dynamic range (board power - idle) drawn by any running kernel: clocks at boost,
    // SMs resident, even when the kernel is small.
    double activeFloor = 0.30;
    // Weights of compute utilisation (achieved FLOP/s over the path's peak) and memory utilisation
    // (achieved DRAM bytes/s over the bandwidth) in the rest of the range.
    double computeWeight = 1.0;
    double memoryWeight = 0.45;
    // While the GPU waits for the host: idle plus this share of the dynamic range (clocks stay up
    // between launches).
    double hostWaitShare = 0.10;
};

// Power in W of the target while this kernel runs.
double kernelPowerW(const KernelPrediction &kernel, double idleW, double tdpW, const EnergyParameters &p = {});
// Power in W while the GPU waits for the host.
double hostWaitPowerW(double idleW, double tdpW, const EnergyParameters &p = {});

}  // namespace infersight
