// SPDX-License-Identifier: MIT
// Width surgery on a Graph: which dimensions must change together when one layer's width changes
// (its "channel group"), and changing them consistently.
//
// A channel group is a set of tensor dimensions (value, axis) tied by the ops between them so that
// scaling one by a factor s scales every other by the same s: a Conv's output channels, the
// following BatchNorm's parameters, the next Conv's input channels, both operands of a residual
// Add, a Flatten's merged output (C x H x W), the split sizes of a Split, a grouped Conv's
// per-group input channels (C / g), a depthwise Conv's group count. Dimensions that keep their
// size (kernel sizes, image size, batch, the other operand of a broadcast) are not in it. The
// group is found by a breadth-first walk from one dimension through per-op tie rules; it ends at
// weights (whose dims are what the edit changes) and at ops that separate dims (Conv, MatMul and
// Gemm between input and output features).
//
// Concat joins groups additively: widening one input of a Concat widens its output by the
// difference, and the output's own group is resized to the new sum (a "derived" group).
//
// Reshape-like ops (Reshape, Flatten, Squeeze, Unsqueeze) map axes by runs of equal products. A
// run that merges axes ([H, Dh] -> H*Dh) ties the merged axis to one of the merged ones; a run that
// splits one axis into several with a constant target (H*Dh -> [H, Dh]) scales the entry the target
// leaves to inference (-1) or, if none, its outermost constant entry: splitting a projection into
// attention heads changes the head count and keeps the head size. Constant targets, split sizes and
// group counts that scale are rewritten; a computed target (Shape -> Gather -> Concat) is rewritten
// where its pieces are constants and otherwise left to follow the edited shapes.
//
// An edit is refused, with a reason naming the node, when the group reaches a model input (its
// dims are fixed by the source), an op without a tie rule, a Reshape run that maps several axes to
// several others, a Slice or Pad that cuts the edited axis, or when the new width would make a
// tied dimension fractional (a grouped Conv's per-group channels, a head count). After an edit
// the graph is re-propagated and checked: every dimension in the groups has its expected new size
// and no other dimension changed; otherwise the edit is refused naming the first node that
// disagrees.
#pragma once

#include "base/result.h"
#include "graph/graph.h"
#include "graph/shape_inference.h"

#include <QString>
#include <QStringList>

#include <compare>
#include <cstdint>
#include <vector>

namespace infersight {

// One dimension of one value.
struct DimSlot {
    int value = -1;
    int axis = -1;
    bool operator==(const DimSlot &) const = default;
    auto operator<=>(const DimSlot &) const = default;
};

// An integer that scales with the group: an entry of a constant tensor a node reads (Reshape or
// Expand target, Split sizes, Slice ends, Resize sizes) or of an Ints/Int attribute (Split's
// "split", Conv's "group").
struct ScaledConstant {
    int node = -1;            // the node reading it
    int input = -1;           // input index of the constant tensor, -1 for an attribute
    QString attribute;        // attribute name when input < 0
    int entry = 0;            // element index (0 for an Int attribute)
    std::int64_t value = 0;   // current value
    // Where a constant tensor entry really lives: an initializer or a Constant node's output,
    // possibly reached through Unsqueeze/Concat/Cast (shape arithmetic of an ONNX export).
    int sourceValue = -1;     // the initializer / Constant output holding it
    int sourceEntry = 0;      // element index within sourceValue
    int pathConsumer = -1;    // node reading sourceValue on the way to `node`
    int pathInput = -1;       // and which of its inputs
};

// A size constraint the group must keep: `slot` stays a multiple of `divisor` (a grouped Conv's
// output channels per group, GroupNorm's channels per group).
struct DivisorRule {
    DimSlot slot;
    std::int64_t divisor = 1;
    int node = -1;
};

struct ChannelGroup {
    DimSlot seed;
    std::int64_t size = 0;             // current size of the seed dimension
    std::vector<DimSlot> members;        // every tied dimension, seed first
    std::vector<std::int64_t> sizes;   // current size of each slot (same order)
    std::vector<int> initializers;     // initializer values whose dims change
    std::vector<int> constantNodes;    // Constant nodes whose tensor dims change
    std::vector<int> nodes;            // nodes reading or writing a slot, sorted
    std::vector<ScaledConstant> constants;
    std::vector<DivisorRule> divisors;
    std::vector<int> concats;          // Concat nodes with a member input on their concat axis
    QStringList outputs;               // graph outputs whose dims the group changes
    QString refusal;                   // non-empty: why the group cannot be resized

    bool resizable() const { return refusal.isEmpty(); }
    bool contains(DimSlot slot) const;
    // The smallest step the seed size can move in so that every tied dimension and constant stays
    // a whole number and every divisor rule holds (new size must be a multiple of it).
    std::int64_t granularity() const;
    // Empty when `newSize` is acceptable for this group alone, else the reason naming the node.
    QString checkSize(const Graph &graph, std::int64_t newSize) const;
};

// The group of `seed` in a graph whose shapes are propagated. Never fails: a group that cannot be
// resized carries its refusal.
ChannelGroup findChannelGroup(const Graph &graph, DimSlot seed);

// The dimension a layer's "width" means: output channels of a Conv/ConvTranspose, out-features of
// a Gemm or of a MatMul with a weight, the embedding size of a Gather from an embedding table, the
// channels of BatchNorm/InstanceNorm/GroupNorm, the normalised size of a LayerNorm, the size of a
// bias Add. Other nodes have no width of their own (error naming the node).
Result<DimSlot> layerWidthSlot(const Graph &graph, int node);

// Attention heads reachable from a projection: the Reshape that splits its output into
// [heads, head size] (found in the projection's channel group).
struct HeadLayout {
    std::int64_t heads = 0;
    std::int64_t headSize = 0;
    int reshapeNode = -1;
    DimSlot projection;      // the projection's width slot (heads * headSize)
};
Result<HeadLayout> attentionHeads(const Graph &graph, int node);

// What a resize did.
struct ResizeSummary {
    std::int64_t oldSize = 0;
    std::int64_t newSize = 0;
    int groups = 0;                    // the seed's group plus derived (Concat) groups
    QStringList changedNodes;          // names of nodes with an input or output that changed
    QStringList outputsChanged;        // graph outputs whose shape changed
    std::int64_t parametersBefore = 0;
    std::int64_t parametersAfter = 0;
    PropagationReport report;
};

struct ResizedGraph {
    Graph graph;
    ResizeSummary summary;
};

// Resizes the group of `seed` to `newSize` (and the groups Concats derive from it), then
// re-propagates at `bindings` and checks the result. `graph` must be propagated at `bindings`.
Result<ResizedGraph> resizeChannels(const Graph &graph, DimSlot seed, std::int64_t newSize,
                                    const ShapeBindings &bindings);

// Same on `graph` itself, without copying it. On failure `graph` may be left half-edited: pass a
// copy you can drop (Design does).
Result<ResizeSummary> resizeChannelsInPlace(Graph &graph, DimSlot seed, std::int64_t newSize, const ShapeBindings &bindings);

// Global width multiplier for graphs that have no builder (imported ONNX/TorchScript): every group
// that starts at a layer's width and touches neither a model input nor a model output is resized
// to make_divisible(size x multiplier, 8), moved to the group's granularity. Groups that cannot be
// resized are kept and listed in `skipped` ("'layer' (reason)").
struct ScaledGraph {
    Graph graph;
    int groupsScaled = 0;
    QStringList skipped;
    std::int64_t parametersBefore = 0;
    std::int64_t parametersAfter = 0;
    PropagationReport report;
};
Result<ScaledGraph> scaleAllWidths(const Graph &graph, double multiplier, const ShapeBindings &bindings);

}  // namespace infersight
