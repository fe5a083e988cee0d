// SPDX-License-Identifier: MIT
// Power of the target while a kernel runs, between its idle draw and its board power, driven by
// how busy compute and memory are (docs/predictor.md "Energy"). The constants are fitted on the
// average power of the H100's data/measured rows (`infersight-cli validate --fit-energy`; the H200's
// rows held out).
#pragma once

#include "predict/kernel_model.h"

namespace infersight {

class Target;

struct EnergyParameters {
    // Share of the dynamic range (board power - idle) drawn by any running kernel: clocks at boost,
    // SMs resident, even when the kernel is small. Fitted (2026-11-28, `infersight-cli validate
    // --fit-energy`: the average power of the H100's 175 data/measured rows, the H200's 166 held out):
    // 0.18; it was 0.30, assumed.
    double activeFloor = 0.18;
    // Weights of compute utilisation (achieved FLOP/s over the path's peak) and memory utilisation
    // (achieved DRAM bytes/s over the bandwidth) in the rest of the range. The compute weight is 1 by
    // definition (a kernel at its path's peak draws board power). The memory weight is fitted: 2.08
    // (it was 0.45, assumed): a kernel streaming at half the datasheet bandwidth or more draws board
    // power, as the measured large batches say (median 564 W of the H100's 700 W, memory-bound
    // convolution nets alike).
    double computeWeight = 1.0;
    double memoryWeight = 2.08;
    // While the GPU waits for the host: idle plus this share of the dynamic range. Fitted: 0.05 (it
    // was 0.10, assumed): the H100's host-bound batch-1 rows draw 121-150 W against its 93 W idle.
    double hostWaitShare = 0.05;
};

// Power in W of the target while this kernel runs.
double kernelPowerW(const KernelPrediction &kernel, double idleW, double tdpW, const EnergyParameters &p = {});
// Power in W while the GPU waits for the host.
double hostWaitPowerW(double idleW, double tdpW, const EnergyParameters &p = {});

}  // namespace infersight
