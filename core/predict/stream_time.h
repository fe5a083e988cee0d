// SPDX-License-Identifier: MIT
// Adapter between the kernel model and the end-to-end timeline: the kernel model predicts the
// latency of a kernel timed alone (NeuSight's measurements: CUDA events around one launch, so a
// kernel that does nothing still "takes" 10-40 us), while kernels launched back to back in one
// stream occupy the GPU only for their execution. The isolated-launch overhead of each kernel
// family on a device is read off the model itself: the latency it predicts for a probe kernel whose
// roofline time is negligible. Stream time = max(roofline, isolated latency - that overhead +
// minimum execution time). See docs/predictor.md ("Host overhead and the timeline").
#pragma once

#include "predict/kernel_model.h"

#include <array>
#include <memory>

namespace infersight {

class KernelPredictionCache;

struct StreamTimeAdapter {
    // Per utilisation model (gemm, conv, vector): isolated latency of an empty-ish probe kernel, ms.
    std::array<double, kUtilisationModelCount> isolatedOverheadMs{};
    double minKernelMs = 0.0015;  // shortest execution of a launched kernel in a busy stream
    // The model and bound device the adapter was made from (the model must outlive the adapter); none
    // (a default-made adapter, a roofline-only model) = no physical bounds in streamMs.
    const KernelModel *model = nullptr;
    std::shared_ptr<const KernelModel::BoundDevice> bound;

    static StreamTimeAdapter make(const KernelModel &model, const KernelModel::BoundDevice &device);
    // GPU busy time of a kernel with this isolated prediction inside a stream.
    // `cache` (optional; made for the same model and device) remembers the wider twins' predictions.
    double streamMs(const Kernel &kernel, const KernelPrediction &isolated, KernelPredictionCache *cache = nullptr) const;
};

}  // namespace infersight
