// SPDX-License-Identifier: MIT
#include "predict/stream_time.h"

#include <algorithm>

namespace infersight {

StreamTimeAdapter StreamTimeAdapter::make(const KernelModel &model, const KernelModel::BoundDevice &device) {
    StreamTimeAdapter a;
    if (model.isEmpty()) {
        return a;  // roofline only: no overhead inside the prediction
    }
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

double StreamTimeAdapter::streamMs(const Kernel &kernel, const KernelPrediction &isolated) const {
    const double overhead = isolatedOverheadMs[static_cast<std::size_t>(utilisationModelFor(kernel))];
    if (overhead <= 0) {
        return isolated.deviceMs;
    }
    return std::max({isolated.rooflineMs, isolated.latencyMs - overhead + minKernelMs, minKernelMs});
}

}  // namespace infersight
