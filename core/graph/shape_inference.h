// SPDX-License-Identifier: MIT
#pragma once

#include "graph/graph.h"

#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace infersight {

struct PropagationReport {
    int unknownValues = 0;        // intermediate values left without a full concrete shape
    int totalValues = 0;          // intermediate values (node outputs) in the graph
    QStringList unsupportedOps;   // distinct qualified op types with no shape rule, in first-seen order
    std::vector<std::pair<int, QString>> nodeErrors;  // node index, what is inconsistent there
    bool complete() const { return unknownValues == 0 && nodeErrors.empty(); }
};

// Computes concrete shapes and element types of every value for the given knob values, in node
// order (the graph must be topologically sorted). Graph inputs take their declared shapes resolved
// through `bindings`; initializers keep their dims. Small integer tensors that feed shapes (Shape,
// Gather, Concat, Slice, arithmetic on them, Constant, ConstantOfShape, Range...) are folded so
// that computed Reshape/Expand/Slice targets become concrete. Ops without a rule leave their
// outputs unknown and are listed in the report; they never count as zero.
PropagationReport propagateShapes(Graph &graph, const ShapeBindings &bindings);

// Whether propagateShapes has a rule for this qualified op type ("Conv", "com.microsoft::Attention").
bool hasShapeRule(const QString &qualifiedOp);
// Every op type that has a rule, sorted.
QStringList supportedOps();

}  // namespace infersight
