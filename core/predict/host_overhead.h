// SPDX-License-Identifier: MIT
// Host-side (framework) cost of running a kernel plan: what the CPU spends dispatching each op
// and launching each kernel, simulated as an issue timeline against the GPU (PerfNetV2-style
// host-accelerator interaction; see predictor.cpp and docs/predictor.md "Host overhead").
//
// The eager parameters are fitted on NVIDIA DeepLearningExamples' PyTorch ConvNets inference
// tables for V100 16GB only (FP32 and AMP, batch 1..256; `infersight-cli validate --fit-host`
// refits them) and checked on the T4 rows of the same table, which the fit never sees.
#pragma once

#include "design/knobs.h"
#include "predict/kernel_plan.h"

#include <QJsonObject>

namespace infersight {

struct HostOverheadParameters {
    double perInferenceMs = 0;  // fixed per forward pass (Python call, synchronisation, timing)
    double opUs = 0;            // host time per aten op that launches kernels (dispatch + launch)
    double viewUs = 0;          // per view op (aten op, no kernel)
    double shapeUs = 0;         // per shape-arithmetic node (Python ints)
    double autocastOpUs = 0;    // extra per op under autocast (AMP dispatch)
    double kernelUs = 0;        // extra per kernel beyond the first of an op (fused: per kernel)
    double gpuGapUs = 0;        // GPU time between back-to-back kernels of one stream

    bool operator==(const HostOverheadParameters &) const = default;
};

struct HostOverheadModel {
    HostOverheadParameters eager;
    HostOverheadParameters fused;

    const HostOverheadParameters &of(Runtime r) const { return r == Runtime::Fused ? fused : eager; }
    HostOverheadParameters &of(Runtime r) { return r == Runtime::Fused ? fused : eager; }

    // The committed parameters (see host_overhead.cpp for their provenance).
    static const HostOverheadModel &builtIn();
    QJsonObject toJson() const;
};

}  // namespace infersight
