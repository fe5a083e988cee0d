// SPDX-License-Identifier: MIT
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace infersight {

// Arithmetic paths with their own peak. FP32 runs on CUDA cores; the others on tensor cores
// where the GPU has them (INT8 on Pascal and Volta is DP4A on CUDA cores).
enum class ComputeType : std::uint8_t { FP32, TF32, FP16, BF16, INT8, FP8 };
inline constexpr std::array<ComputeType, 6> kAllComputeTypes = {ComputeType::FP32, ComputeType::TF32, ComputeType::FP16,
                                                                ComputeType::BF16, ComputeType::INT8, ComputeType::FP8};
QString computeTypeName(ComputeType type);               // "fp32", "tf32", ...
std::optional<ComputeType> computeTypeFromName(const QString &name);  // case-insensitive

// Dense peak throughput in TFLOPS (TOPS for INT8); nullopt where the GPU has no such path.
struct PeakThroughput {
    std::optional<double> fp32;
    std::optional<double> tf32;
    std::optional<double> fp16;
    std::optional<double> bf16;
    std::optional<double> int8;
    std::optional<double> fp8;
    std::optional<double> fp16NonTensor;  // FP16 on CUDA cores (P100's 2x FP32 rate); only where no FP16 tensor path

    // The listed path for this type, exactly as in the catalogue (no fallback).
    std::optional<double> of(ComputeType type) const;
    // The fastest path that computes this type: of(type), or for FP16 the CUDA-core FP16 rate where
    // the GPU has no FP16 tensor cores (P100). Still nullopt where the GPU cannot run the type natively.
    std::optional<double> fastest(ComputeType type) const;
    std::optional<double> &slot(ComputeType type);
    PeakThroughput scaled(double factor) const;  // every listed figure times factor

    bool operator==(const PeakThroughput &) const = default;
};

// One MIG GPU-instance profile as NVIDIA lists it for a GPU.
struct MigProfile {
    QString name;              // "1g.5gb", "1g.5gb+me", "3g.40gb"
    int computeSlices = 0;     // the "Ng" part
    int memorySlices = 0;      // eighths of memory (quarters on A30: see memorySliceCount)
    int memorySliceCount = 8;  // how many memory slices the GPU has
    int computeSliceCount = 7; // how many compute slices the GPU has (7; 4 on A30)
    int sms = 0;               // SMs the instance exposes (nvidia-smi mig -lgip)
    double memoryMib = 0;      // usable memory in MiB as nvidia-smi reports it, not the nominal name
    double l2Fraction = 0;     // share of the GPU's L2 (= memory-slice fraction: a memory slice includes its L2)
    double bandwidthFraction = 0;  // share of DRAM bandwidth (= memorySlices / memorySliceCount)
    int copyEngines = 0;
    int maxInstances = 0;      // instances of this profile per GPU
    bool mediaExtensions = false;  // "+me"
    bool derived = false;      // SMs / memory derived by Infersight, not read from lgip (see note)
    QString source;            // source keys, "MIG-P; LGIP-A100-40"
    QString note;              // which driver / decision

    double computeFraction() const {
        return computeSliceCount > 0 ? static_cast<double>(computeSlices) / computeSliceCount : 0.0;
    }
    double memoryBytes() const { return memoryMib * 1024.0 * 1024.0; }
    bool operator==(const MigProfile &) const = default;
};

// A GPU model with the public figures the predictor uses.
struct GpuSpec {
    QString id;                // stable lower-case id: "a100-sxm4-40gb"
    QString name;              // marketing name: "NVIDIA A100 SXM4 40 GB"
    QString shortName;         // for labels: "A100-SXM4-40GB", "H100 SXM"
    QString deviceName;        // as CUDA / nvidia-smi name the device: "NVIDIA A100-SXM4-40GB" (may be empty)
    QString architecture;      // "Ampere"
    QString chip;              // "GA100"
    int computeCapabilityMajor = 0;
    int computeCapabilityMinor = 0;
    int sms = 0;
    int cudaCores = 0;         // FP32 lanes
    double boostClockMhz = 0;  // boost clock for CUDA-core (FP32) work
    double tensorClockMhz = 0; // boost clock for tensor work (H100: 1830 vs 1980); 0 = none given, see tensorClock()
    double memoryGb = 0;       // marketing size, decimal GB
    double memoryMib = 0;      // usable device memory in MiB as nvidia-smi reports it (0 if unknown)
    QString memoryType;        // "HBM2e"
    double bandwidthGBps = 0;  // DRAM bandwidth, GB/s
    double l2Mb = 0;           // L2 size in MiB (NVIDIA's cache "MB" are binary: A100 40 MB = 41943040 B)
    double sharedMemPerSmKb = 0;  // max shared memory per SM (KB = KiB), per compute capability
    PeakThroughput peak;
    double tdpW = 0;           // board power
    double idleW = 0;          // board draw at P0 with no work running (the floor between kernels)
    bool idleEstimated = false;  // idleW comes from the estimate rule, not a measurement
    QString idleSource;        // "measured: ..." or "estimate: ..."
    QString hostLink;          // "PCIe 4.0 x16"
    double pcieGBps = 0;       // bidirectional datasheet figure
    double nvlinkGBps = 0;     // 0 when none
    std::vector<MigProfile> mig;
    QStringList sources;       // datasheet / whitepaper names the figures come from (resolved legend entries)
    QMap<QString, QString> fieldSources;  // catalogue field -> source keys ("bandwidth_gbps" -> "H100-WP")
    QMap<QString, QString> notes;         // catalogue field -> decision / derivation note
    QString base;              // for custom GPUs: the catalogue id it was derived from (empty otherwise)
    QString file;              // for custom GPUs: the file it was read from
    bool custom = false;       // described by the user, not from the built-in catalogue

    bool supportsMig() const { return !mig.empty(); }
    const MigProfile *findMig(const QString &profileName) const;
    QStringList migProfileNames() const;

    // Usable memory in MiB: memoryMib where known, otherwise the nominal size read as GiB
    // (NVIDIA's device-memory "GB" are binary capacities; nvidia-smi reports 0.5-6 % less).
    double usableMemoryMib() const;
    bool usableMemoryKnown() const { return memoryMib > 0; }
    double usableMemoryBytes() const { return usableMemoryMib() * 1024.0 * 1024.0; }
    double l2Bytes() const { return l2Mb * 1024.0 * 1024.0; }
    // Clock of the tensor cores: the separate figure where NVIDIA gives one, else the boost clock;
    // nullopt on GPUs without tensor cores (no FP16 tensor path: P4, P100).
    std::optional<double> tensorClock() const {
        if (!peak.fp16) {
            return std::nullopt;
        }
        return tensorClockMhz > 0 ? tensorClockMhz : boostClockMhz;
    }
    QString computeCapability() const;  // "8.0"
    QString label() const { return shortName.isEmpty() ? name : shortName; }
};

}  // namespace infersight
