// SPDX-License-Identifier: MIT
// The spec-normalised, dimensionless features of a kernel on a device that the learned
// utilisation models read, and the roofline they scale. One implementation serves the
// running predictor and the training tool (tools/train), so both see identical numbers.
//
// Every feature is a ratio of the kernel to the device (roofline time, arithmetic intensity over
// the machine balance, working set over L2, waves of tiles over the SMs, tile fill) or a count
// of the problem (reduction depth, batch), each clipped to the range the training data covers so
// that kernels far larger than any measured one look like the largest measured ones instead of
// being extrapolated by the network. See docs/predictor.md for the list.
#pragma once

#include "predict/device_resources.h"
#include "predict/kernel.h"

#include <array>
#include <cstdint>

namespace infersight {

// The learned models: one network each.
enum class UtilisationModelKind : std::uint8_t { Gemm, Conv, Vector };
inline constexpr int kUtilisationModelCount = 3;
QString utilisationModelName(UtilisationModelKind kind);  // "gemm", "conv", "vector"

inline constexpr int kMaxKernelFeatures = 32;
inline constexpr int kGemmFeatureCount = 18;
inline constexpr int kConvFeatureCount = 29;
inline constexpr int kVectorFeatureCount = 9;
// Bumped whenever a feature changes meaning; stored in the weights file and checked on load.
inline constexpr int kKernelFeaturesVersion = 1;

struct KernelFeatures {
    UtilisationModelKind model = UtilisationModelKind::Vector;
    int count = 0;
    std::array<float, kMaxKernelFeatures> values{};
    ComputeType compute = ComputeType::FP32;  // the path the roofline used (after fallback)
    double computeS = 0;   // flops / peak of that path
    double memoryS = 0;    // compulsory bytes / DRAM bandwidth
    double rooflineS = 0;  // max of the two
    bool winogradEligible = false;  // Conv: 3x3 stride 1 on CUDA cores (utilisation may exceed 1)
};

// Which network times this kernel (a pointwise conv is a GEMM; stencil, copy, element-wise and
// row-wise kernels share the vector network).
UtilisationModelKind utilisationModelFor(const Kernel &kernel);

// Features of `kernel` on `device`. The kernel must be valid() and the device valid().
KernelFeatures computeKernelFeatures(const Kernel &kernel, const DeviceResources &device);

}  // namespace infersight
