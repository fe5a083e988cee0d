// SPDX-License-Identifier: MIT
#include "predict/host_overhead.h"

namespace infersight {

const HostOverheadModel &HostOverheadModel::builtIn() {
    static const HostOverheadModel model = [] {
        HostOverheadModel m;
        // Eager PyTorch: fitted on data/dle/pytorch_convnets_inference.csv, V100 16GB rows only
        // (FP32 + AMP, 5 CNNs, batch 1..256) by `infersight-cli validate --fit-host`; T4 rows held out.
        m.eager.perInferenceMs = 2.504;
        m.eager.opUs = 44.0;
        m.eager.autocastOpUs = 0.0;
        // Priors (not identifiable from the table): a view op, a Python shape computation, an
        // extra kernel of one op, the gap between back-to-back kernels.
        m.eager.viewUs = 5.0;
        m.eager.shapeUs = 1.0;
        m.eager.kernelUs = 5.0;
        m.eager.gpuGapUs = 1.0;
        // Fused engine (TensorRT-like enqueue of a prebuilt plan): not fitted (no data); a few
        // microseconds per kernel launch and a small fixed cost, see docs/predictor.md.
        m.fused.perInferenceMs = 0.05;
        m.fused.opUs = 0.0;
        m.fused.viewUs = 0.0;
        m.fused.shapeUs = 0.0;
        m.fused.autocastOpUs = 0.0;
        m.fused.kernelUs = 2.5;
        m.fused.gpuGapUs = 1.0;
        return m;
    }();
    return model;
}

QJsonObject HostOverheadModel::toJson() const {
    auto one = [](const HostOverheadParameters &p) {
        return QJsonObject{{QStringLiteral("per_inference_ms"), p.perInferenceMs},
                           {QStringLiteral("op_us"), p.opUs},
                           {QStringLiteral("view_us"), p.viewUs},
                           {QStringLiteral("shape_us"), p.shapeUs},
                           {QStringLiteral("autocast_op_us"), p.autocastOpUs},
                           {QStringLiteral("kernel_us"), p.kernelUs},
                           {QStringLiteral("gpu_gap_us"), p.gpuGapUs}};
    };
    return QJsonObject{{QStringLiteral("eager"), one(eager)}, {QStringLiteral("fused"), one(fused)}};
}

}  // namespace infersight
