// SPDX-License-Identifier: MIT
#pragma once

#include "graph/graph.h"

#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace infersight {

// The largest tensor propagation accepts: 2^50 elements (shape_rules::kMaxElements; 4 PiB at FP32,
// tens of thousands of times any GPU's memory) and 2^53 bytes. Larger ones come from knob values
// (batch, image size, sequence length) or hostile files, never from a model that can run.
inline constexpr std::int64_t kMaxTensorElements = std::int64_t{1} << 50;
inline constexpr std::int64_t kMaxTensorBytes = std::int64_t{1} << 53;

struct PropagationReport {
    int unknownValues = 0;        // intermediate values left without a full concrete shape
    int totalValues = 0;          // intermediate values (node outputs) in the graph
    QStringList unsupportedOps;   // distinct qualified op types with no shape rule, in first-seen order
    std::vector<std::pair<int, QString>> nodeErrors;  // node index, what is inconsistent there
    // Tensors whose element count or byte size exceeds kMaxTensorElements / kMaxTensorBytes at these
    // bindings ("input 'x' [..] has N elements"); their shapes are left unknown. Binding refuses them
    // (propagateAtBindings).
    QStringList tooLarge;
    bool complete() const { return unknownValues == 0 && nodeErrors.empty() && tooLarge.isEmpty(); }
};

// Computes concrete shapes and element types of every value for the given knob values, in node
// order (the graph must be topologically sorted). Graph inputs take their declared shapes resolved
// through `bindings`; initializers keep their dims. Small integer tensors that feed shapes (Shape,
// Gather, Concat, Slice, arithmetic on them, Constant, ConstantOfShape, Range...) are folded so
// that computed Reshape/Expand/Slice targets become concrete. Ops without a rule leave their
// outputs unknown and are listed in the report; they never count as zero. A tensor larger than
// kMaxTensorElements / kMaxTensorBytes (inputs at these bindings, initializers, node outputs) is
// listed in `tooLarge` and left unknown, so no later count overflows.
PropagationReport propagateShapes(Graph &graph, const ShapeBindings &bindings);

// Whether propagateShapes has a rule for this qualified op type ("Conv", "com.microsoft::Attention").
bool hasShapeRule(const QString &qualifiedOp);
// Every op type that has a rule, sorted.
QStringList supportedOps();

}  // namespace infersight
