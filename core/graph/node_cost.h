// SPDX-License-Identifier: MIT
#pragma once

#include "graph/graph.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace infersight {

// Work and traffic of one node at its propagated shapes, counted for the dtypes in the graph.
// MACs are multiply-accumulates of matrix products and convolutions (what torchvision calls
// "GFLOPS"); flops count every floating-point operation (2 per MAC plus element-wise work).
// Bytes are the tensor sizes read and written once (no cache model).
struct NodeCost {
    std::int64_t macs = 0;
    std::int64_t flops = 0;
    std::int64_t bytesRead = 0;
    std::int64_t bytesWritten = 0;
    std::int64_t params = 0;       // elements of floating initializers (not buffers) the node reads
    std::int64_t paramBytes = 0;
    bool known = true;             // false when shapes are unknown or the op has no cost rule
    bool shapeOnly = false;        // metadata/layout-only op that moves no data (Shape, Reshape...)
    // A count does not fit in 64 bits (or passes 2^61): the node is refused (known = false, figures
    // zero) and `overflowField` names the count ("MACs", "FLOPs", "bytes read", ...).
    bool overflow = false;
    const char *overflowField = nullptr;

    double arithmeticIntensity() const {
        const std::int64_t bytes = bytesRead + bytesWritten;
        return bytes > 0 ? static_cast<double>(flops) / static_cast<double>(bytes) : 0.0;
    }
};

struct GraphCost {
    std::vector<NodeCost> nodes;   // one per graph node, same order
    std::int64_t macs = 0;
    std::int64_t flops = 0;
    std::int64_t bytesRead = 0;
    std::int64_t bytesWritten = 0;
    std::int64_t params = 0;       // unique floating initializers (= Graph::parameterCount())
    std::int64_t paramBytes = 0;
    int unknownNodes = 0;
    // Non-empty when a count does not fit in 64 bits: "node 'conv1' (Conv): MACs ..." for the first
    // such node, or the total that overflows. Callers show it as an error instead of the sums.
    QString overflow;
};

NodeCost nodeCost(const Graph &graph, int nodeIndex);
// The initializer whose leading rows a Slice node selects: a rank-3 floating initializer sliced
// along axis 0 only, as a mixture of experts' active experts are of its stacked expert weights
// (a view: no bytes in nodeCost, one grouped GEMM in the lowering); -1 for any other node.
int stackedWeightSliced(const Graph &graph, const Node &node);
GraphCost graphCost(const Graph &graph);
bool hasCostRule(const QString &qualifiedOp);

}  // namespace infersight
