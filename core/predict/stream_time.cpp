// SPDX-License-Identifier: MIT
#include "predict/stream_time.h"

#include "predict/decode_model.h"
#include "predict/llm_runtime.h"
#include "predict/predictor.h"

#include <algorithm>
#include <cmath>

namespace infersight {

StreamTimeAdapter StreamTimeAdapter::make(const KernelModel &model, const KernelModel::BoundDevice &device) {
    StreamTimeAdapter a;
    if (model.isEmpty()) {
        return a;  // roofline only: no overhead inside the prediction
    }
    a.model = &model;
    a.bound = std::make_shared<const KernelModel::BoundDevice>(device);
    // Probes with a roofline time well under a microsecond on any catalogue GPU; the largest
    // prediction of each family is its isolated overhead (the networks are not monotonic there).
    const Kernel gemmProbes[] = {Kernel::gemm(64, 64, 64), Kernel::gemm(128, 128, 64, 1, true)};
    const Kernel convProbes[] = {Kernel::conv2d(1, 16, 16, 8, 8, 3, 3, 1, 1), Kernel::conv2d(1, 32, 32, 14, 14, 3, 3, 1, 1)};
    const Kernel vectorProbes[] = {Kernel::elementwise(8192, 2, 1), Kernel::elementwise(32768, 1, 1),
                                   Kernel::rowReduction(64, 512)};
    // The probes' overhead is the network's own: the bound by the highest calibrated bandwidth
    // (BoundDevice::fittedBandwidthRatio) makes them faster, which would take less off every kernel in
    // a stream and price a long one slower than isolated.
    KernelModel::BoundDevice probed = device;
    probed.fittedBandwidthRatio = 0;
    auto overhead = [&](const Kernel *begin, const Kernel *end) {
        double worst = 0;
        for (const Kernel *k = begin; k != end; ++k) {
            const KernelPrediction p = model.predict(*k, probed);
            worst = std::max(worst, p.latencyMs - p.rooflineMs);
        }
        return worst;
    };
    a.isolatedOverheadMs[static_cast<std::size_t>(UtilisationModelKind::Gemm)] =
        overhead(std::begin(gemmProbes), std::end(gemmProbes));
    a.isolatedOverheadMs[static_cast<std::size_t>(UtilisationModelKind::Conv)] =
        overhead(std::begin(convProbes), std::end(convProbes));
    a.isolatedOverheadMs[static_cast<std::size_t>(UtilisationModelKind::Vector)] =
        overhead(std::begin(vectorProbes), std::end(vectorProbes));
    // A GPU's kernels are never priced slower than on the GPUs it is at least as good as in every figure
    // (KernelModel::BoundDevice::dominated); with at least their overhead taken off, its stream times
    // keep that order too. Their entries are bound alone, and a GPU's own bounded overhead is at most
    // its unbounded one, so this is at least what each of them takes off as a target.
    for (const std::shared_ptr<const KernelModel::BoundDevice> &other : device.dominated) {
        const StreamTimeAdapter o = make(model, *other);
        for (std::size_t i = 0; i < a.isolatedOverheadMs.size(); ++i) {
            a.isolatedOverheadMs[i] = std::max(a.isolatedOverheadMs[i], o.isolatedOverheadMs[i]);
        }
    }
    return a;
}

double StreamTimeAdapter::streamMs(const Kernel &kernel, const KernelPrediction &isolated, KernelPredictionCache *cache) const {
    const double overhead = isolatedOverheadMs[static_cast<std::size_t>(utilisationModelFor(kernel))];
    if (overhead <= 0) {
        return isolated.deviceMs;
    }
    double ms = std::max({isolated.rooflineMs, isolated.latencyMs - overhead + minKernelMs, minKernelMs});
    if (!model || !bound) {
        return ms;
    }
    // The learned utilisation was fitted on FP32 kernels whose isolated time is mostly the measurement's
    // 30 us floor; far from them (tensor paths, 1-byte operands, GPUs with several times the bandwidth) it
    // priced memory-bound matrix kernels at up to 197x their bytes (issue 17's bandwidth check). Physical
    // bounds, each only ever lowering the time:
    //  - a GEMM with few rows or few columns streams its operands (DecodeModel::streamingGemm, with eager
    //    PyTorch's cuBLAS figures: hf-eager's decode efficiencies), fading out over the shape and as
    //    compute takes over; the weight is at least a dominated GPU's, so the bound keeps their order;
    //  - an 8-bit matrix kernel takes at most its 16-bit twin's work scaled by their bytes (the 8-bit
    //    tensor path moves half the bytes at twice the peak), a 16-bit one at most its TF32 (or FP32)
    //    twin's time: a builder keeps a layer in the wider type where that runs faster.
    static const DecodeEfficiency &streaming = defaultLlmRuntime(Runtime::Eager).decode;
    const DeviceResources &device = bound->resources;
    for (const DecodeModel::StreamingShape shape : {DecodeModel::StreamingShape::FewRows, DecodeModel::StreamingShape::FewColumns}) {
        StreamingGemmBound b = DecodeModel::streamingGemm(kernel, device, streaming, shape);
        for (const std::shared_ptr<const KernelModel::BoundDevice> &other : bound->dominated) {
            b.weight = std::max(b.weight, DecodeModel::streamingGemm(kernel, other->resources, streaming, shape).weight);
        }
        if (b.weight > 0 && b.ms > 0 && b.ms < ms) {
            ms = std::exp(b.weight * std::log(b.ms) + (1.0 - b.weight) * std::log(ms));
        }
    }
    const bool matrix = kernel.kind == KernelClass::Gemm || kernel.kind == KernelClass::Conv;
    if (matrix && kernel.compute != ComputeType::FP32 && kernel.elementBytes < 4) {
        Kernel wider = kernel;
        wider.elementBytes = kernel.elementBytes * 2;
        wider.compute = wider.elementBytes == 2                ? ComputeType::FP16
                        : device.peak(ComputeType::TF32) > 0 ? ComputeType::TF32
                                                               : ComputeType::FP32;
        const double widerMs = cache ? cache->streamMs(*model, *bound, *this, wider, wider.hash())
                                     : streamMs(wider, model->predict(wider, *bound));
        const double capMs = kernel.elementBytes == 1
                                 ? minKernelMs + std::max(0.0, widerMs - minKernelMs) * kernel.bytes() / wider.bytes()
                                 : widerMs;
        ms = std::min(ms, std::max(capMs, isolated.rooflineMs));
    }
    return ms;
}

}  // namespace infersight
