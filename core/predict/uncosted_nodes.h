// SPDX-License-Identifier: MIT
// Nodes the predictor cannot cost — an op with no lowering or cost rule (an unknown op, an ONNX-ML
// op, a custom-domain op), a node whose shapes stay unknown, and the control flow of If / Loop /
// Scan — are counted as zero in the latency, named in the prediction's warnings and widen the upper
// end of its band by an upper estimate of what they may cost:
// - If: the costlier of its two branches, each predicted as a graph of its own (outer-scope values
//   take their shapes from the enclosing graph);
// - Loop: its body predicted the same way, times the trip count when that is a constant, else once
//   (the warning says the trip count is unknown);
// - Scan: its body once per element of the first scanned axis when known, else once;
// - anything else: the longest kernel of the model (the upper end of its band). An op without a rule
//   is rarely heavier than the heaviest op the model has (convolutions, GEMMs, attention); it is an
//   estimate, not a proof, which is why the warning names every such node.
// Subgraphs nest up to kMaxSubgraphDepth; deeper bodies count as one longest kernel.
#pragma once

#include "graph/graph.h"
#include "predict/kernel_plan.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace infersight {

struct TargetDevice;
struct PredictOptions;

inline constexpr int kMaxSubgraphDepth = 4;

struct UncostedNode {
    int node = -1;
    QString name;
    QString op;       // qualified op type ("If", "com.example::FancyOp")
    QString reason;   // why it is not costed and how its upper estimate was made
    double upperMs = 0;
};

struct UncostedEstimate {
    std::vector<UncostedNode> nodes;
    double upperMs = 0;  // sum of the nodes' upper estimates
    // One warning per prediction: "N node(s) not costed (counted as 0 ms; the band's upper end
    // allows X ms for them): 'name' (Op: reason), ..." (the first 20 named); empty when none.
    QStringList warnings() const;
};

// The uncosted nodes of `plan` (PlannedNode::unknown) with their upper estimates. `longestKernelMs`
// is the upper band end of the plan's longest kernel on `device`.
UncostedEstimate estimateUncosted(const Graph &graph, const KernelPlan &plan, const TargetDevice &device,
                                  const PredictOptions &options, double longestKernelMs);

}  // namespace infersight
