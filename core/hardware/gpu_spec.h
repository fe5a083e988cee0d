// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace infersight {

// Arithmetic paths with their own peak. FP32 runs on CUDA cores; the others on tensor cores
// where the GPU has them (INT8 on Pascal is DP4A on CUDA cores).
enum class ComputeType : std::uint8_t { FP32, TF32, FP16, BF16, INT8, FP8 };
QString computeTypeName(ComputeType type);               // "fp32", "tf32", ...
std::optional<ComputeType> computeTypeFromName(const QString &name);

// Dense peak throughput in TFLOPS (TOPS for INT8); nullopt where the GPU has no such path.
struct PeakThroughput {
    std::optional<double> fp32;
    std::optional<double> tf32;
    std::optional<double> fp16;
    std::optional<double> bf16;
    std::optional<double> int8;
    std::optional<double> fp8;
    std::optional<double> fp16NonTensor;  // FP16 on CUDA cores (e.g. P100's 2x FP32 rate)

    std::optional<double> of(ComputeType type) const;
};

// One MIG GPU-instance profile as NVIDIA lists it for a GPU.
struct MigProfile {
    QString name;              // "1g.5gb", "1g.5gb+me", "3g.40gb"
    int computeSlices = 0;     // the "Ng" part
    int memorySlices = 0;      // eighths of memory (quarters on A30: see memorySliceCount)
    int memorySliceCount = 8;  // how many memory slices the GPU has
    int sms = 0;               // SMs the instance exposes (nvidia-smi mig -lgip)
    double memoryMib = 0;      // usable memory in MiB as nvidia-smi reports it, not the nominal name
    double l2Fraction = 0;     // share of the GPU's L2
    double bandwidthFraction = 0;  // share of DRAM bandwidth (follows memory slices)
    int copyEngines = 0;
    int maxInstances = 0;      // instances of this profile per GPU
    bool mediaExtensions = false;  // "+me"
    QString source;
};

// A GPU model with the public figures the predictor uses.
struct GpuSpec {
    QString id;                // stable lower-case id: "a100-sxm4-40gb"
    QString name;              // marketing name: "NVIDIA A100-SXM4-40GB"
    QString architecture;      // "Ampere"
    QString chip;              // "GA100"
    int computeCapabilityMajor = 0;
    int computeCapabilityMinor = 0;
    int sms = 0;
    int cudaCores = 0;         // FP32 lanes
    double boostClockMhz = 0;
    double memoryGb = 0;       // marketing size, decimal GB
    double memoryMib = 0;      // usable device memory in MiB as nvidia-smi reports it (0 if unknown)
    QString memoryType;        // "HBM2e"
    double bandwidthGBps = 0;  // DRAM bandwidth, GB/s
    double l2Mb = 0;           // L2 size in MB (MiB where measured; see sources)
    double sharedMemPerSmKb = 0;
    PeakThroughput peak;
    double tdpW = 0;           // board power
    double idleW = 0;          // typical idle draw
    QString idleSource;        // "measured (nvidia-smi ...)" or "estimate: ..."
    QString hostLink;          // "PCIe 4.0 x16"
    double pcieGBps = 0;       // bidirectional datasheet figure
    double nvlinkGBps = 0;     // 0 when none
    std::vector<MigProfile> mig;
    QStringList sources;       // datasheet / whitepaper names the figures come from
    bool custom = false;       // described by the user, not from the built-in catalogue

    bool supportsMig() const { return !mig.empty(); }
    const MigProfile *findMig(const QString &profileName) const;
};

}  // namespace infersight
