// SPDX-License-Identifier: MIT
// What exploration needs from the predictor for one point (graph x knobs x target), as a plain
// function so that sweeps and the MIG planner run on the real predictor (enginePredictor()) and
// tests can substitute a hand-made one.
#pragma once

#include "base/result.h"
#include "design/knobs.h"
#include "explore/llm_serving.h"
#include "graph/graph.h"
#include "hardware/target.h"

#include <QMap>
#include <QString>

#include <functional>

namespace infersight {

struct PointEstimate {
    double latencyMs = 0;      // one forward pass of the whole batch
    double latencyLowMs = 0;   // error band
    double latencyHighMs = 0;
    double energyJ = 0;        // one forward pass of the whole batch
    double memoryBytes = 0;    // predicted device memory (weights, activations, KV cache, workspace, context)
};

// Per-node precision overrides (node name -> precision), as a Design keeps them.
using NodePrecisions = QMap<QString, Precision>;

using PointPredictor = std::function<Result<PointEstimate>(const Graph &graph, const Knobs &knobs,
                                                           const NodePrecisions &nodePrecisions, const Target &target)>;

// The in-process predictor (core/predict). For an LLM, `serving` names the weight format of the
// GEMM weights (every phase: bytes, memory; resolved against each point's precision, an error for a
// point whose precision the format cannot run at) and the runtime whose decode class and host
// costs time decode-phase points (null: defaultLlmRuntime of the point's runtime), as predict()
// and predictDecodeStep() do.
PointPredictor enginePredictor(const LlmServing &serving = {});

}  // namespace infersight
