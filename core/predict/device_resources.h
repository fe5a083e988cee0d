// SPDX-License-Identifier: MIT
// The effective resources one kernel runs on: a whole GPU, a MIG instance or an MPS share
// (Target), reduced to the figures the kernel model uses. Everything is per target, not per
// board: a MIG 1g.5gb slice of an A100 has 14 SMs, 1/8 of the bandwidth and 1/8 of the L2.
#pragma once

#include "hardware/gpu_spec.h"

#include <QString>

#include <array>

namespace infersight {

class Target;

struct DeviceResources {
    QString gpuId;        // catalogue id of the physical GPU ("a100-pcie-40gb"): key of per-GPU calibration
    QString memoryType;   // "HBM2e", "GDDR6": family of the fallback calibration for unmeasured GPUs
    QString chip;         // "GA100": GPUs of one chip share a measured sibling's calibration
    int computeCapabilityMajor = 0;
    int computeCapabilityMinor = 0;
    int sms = 0;
    double clockMhz = 0;             // CUDA-core boost clock
    double bandwidthGBps = 0;        // DRAM bandwidth available to the target
    double l2Bytes = 0;              // L2 available to the target
    double sharedMemPerSmBytes = 0;
    int maxThreadsPerSm = 2048;
    // Dense peak per ComputeType in TFLOPS (TOPS for INT8) for this target; 0 where there is no path.
    std::array<double, 6> peakTflops{};
    double fp16NonTensorTflops = 0;  // P100's CUDA-core FP16 (used for FP16 where there are no tensor cores)
    // FP32 lanes behind one instruction issue slot (fp32LanesPerIssueSlot): 16 or 32.
    int fp32LanesPerIssue = 16;
    // Clock the physical GPU sustains on compute-bound work under its power limit, as a fraction of
    // the boost clock (sustainedComputeFraction; 1 for a MIG slice's GPU as for the whole GPU).
    double sustainedComputeFraction = 1.0;
    double tdpW = 0;  // board power limit of the physical GPU (0: not given)
    // Shares of the physical GPU the target has (1 for a whole GPU; an A100 1g.5gb slice: 14/108 of
    // the SMs, 1/8 of the bandwidth and of the L2).
    double smFraction = 1.0;
    double bandwidthFraction = 1.0;
    double l2Fraction = 1.0;

    // From a Target (effective SMs, bandwidth, L2 and SM-scaled peaks) or a whole GPU.
    static DeviceResources fromTarget(const Target &target);
    static DeviceResources fromSpec(const GpuSpec &gpu);

    // Peak of the path that runs `type` here, TFLOPS; 0 if the device cannot run it natively.
    double peak(ComputeType type) const;
    bool supports(ComputeType type) const { return peak(type) > 0; }
    // The path actually used: `type` where supported, otherwise FP32 on CUDA cores.
    ComputeType effectiveCompute(ComputeType type) const { return supports(type) ? type : ComputeType::FP32; }
    bool valid() const { return sms > 0 && bandwidthGBps > 0 && peakTflops[0] > 0; }
    bool partitioned() const { return smFraction < 1.0 || bandwidthFraction < 1.0 || l2Fraction < 1.0; }
    // The whole GPU a MIG instance or MPS share is carved from (itself for a whole GPU).
    DeviceResources wholeGpu() const;
    // True when this whole GPU is at least as good as `other` in every figure (same compute
    // capability; SMs, FP32 lanes, boost clock, bandwidth, L2, power limit and every peak at least
    // other's) and differs from it in one: the pairs within which issue 17's physics check wants
    // predictions monotonic. False for MIG instances and MPS shares.
    bool dominates(const DeviceResources &other) const;
};

// FP32 lanes that one warp-instruction issue slot feeds, from the datasheet's CUDA cores per SM and
// the scheduler design of the compute capability (NVIDIA architecture whitepapers):
//  - Volta, Turing and GA100 (7.x, 8.0): 64 FP32 lanes per SM in 4 partitions of 16, one dispatch
//    per partition per cycle: an FP32 warp instruction occupies its lanes for two cycles, so the
//    other cycle issues the loads, address arithmetic and loop control of a GEMM -> 16;
//  - Maxwell and Pascal (5.x, 6.x): 32 lanes per partition, but two dispatch units per scheduler
//    (an FFMA and a load issue together) -> 16;
//  - GA10x, Ada, Hopper, Blackwell (8.6+, 9.x, 10.x, 12.x): 128 lanes per SM, 32 per partition, one
//    dispatch per cycle: the FP32 peak is reached only if every issue slot is an FFMA -> 32.
// 16 where the GPU file gives no CUDA-core count. Used by the kernel model's wide-issue FP32
// factors (KernelModel::kWideIssueFp32Efficiency and kWideIssueFp32ConvEfficiency, docs/predictor.md
// "Wide-issue FP32").
int fp32LanesPerIssueSlot(const GpuSpec &gpu);

// Fraction of its boost clock a GPU sustains on compute-bound work under its board power limit:
//   min(1, TDP / (k x FP32 lanes x boost GHz)) ^ gamma,
// k = kWattsPerFp32LaneGhz (the board power per FP32 lane-GHz at which a full-rate FFMA stream stops
// being power-limited), gamma = kPowerLimitedClockExponent. 1 where
// the GPU file lacks the figures. Used between GPUs of one chip (KernelModel::bind: a GPU without its
// own calibration takes a measured sibling's, and its FP32 matrix kernels the ratio of their
// fractions; docs/predictor.md "Same-chip siblings and the power limit"), and for the GEMM level of a
// GPU no one measured on a process where k was measured (fp32LaneWattsPerGhz; "The power prior for
// unmeasured GPUs"). k and the exponent of the deeply
// throttled P4 and T4 come from the train split of data/neusight (k = 0.037, exponent 0.96); gamma =
// 1/2 for the mildly limited boards (see there).
inline constexpr double kWattsPerFp32LaneGhz = 0.037;
inline constexpr double kPowerLimitedClockExponent = 0.5;
// k of the chip's process where data measured it: TSMC 16 nm (GP10x) and 12 nm (GV100, TU10x), fitted
// on the P4/P100 and T4/V100 pairs, and TSMC 7 nm (GA100), whose 250 and 300 W A100 PCIe boards it
// orders as their held-out GEMM rows do: kWattsPerFp32LaneGhz. 0 where nothing here measures it:
// Samsung 8N (GA10x), TSMC 4N (GH100, AD10x), 4NP (Blackwell), unknown chips. On 4N the H100 SXM only
// bounds it: its 97 FP32 GEMMs of >= 10 GFLOP in data/measured/h100-sxm5-80gb/kernel_bench.csv ran at
// a median 1,950 MHz of its 1,980 MHz boost at its 700 W limit, so k <= 700 / (16,896 lanes x 1.98 GHz)
// = 0.021; no board in the data is throttled on that process, and a bound taken as the value would
// price a 72 W L4 at 0.48 of its boost clock. Process per chip from NVIDIA's architecture whitepapers
// (Pascal, Volta, Turing, Ampere GA100 and GA102, Ada, Hopper, Blackwell).
double fp32LaneWattsPerGhz(const QString &chip);
double sustainedComputeFraction(const GpuSpec &gpu);

// Resident threads per SM by compute capability (CUDA C++ Programming Guide, "Technical
// Specifications per Compute Capability": 2048, except 1024 on 7.5 and 1536 on 8.6/8.7/8.9/12.x).
int maxThreadsPerSmForComputeCapability(int major, int minor);

}  // namespace infersight
