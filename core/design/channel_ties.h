// SPDX-License-Identifier: MIT
// Internal to the channel-group code (channel_group.cpp: the walk, channel_resize.cpp: the edit):
// how each op ties the dimensions of its inputs and outputs (ports, and per op the classes of ports
// that must keep one size), where the integer constants an edit rescales come from, how a reshape
// maps axes, and the size arithmetic of scaling a group.
#pragma once

#include "design/channel_group.h"

#include <QString>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace infersight::channel_ties {

// ------------------------------------------------------------------------------------------ ops

enum class TieKind : std::uint8_t {
    Unknown,
    Barrier,      // reads tensors only for their shape or as indices: no dims tied, no refusal
    Unary,        // output i has the shape of input 0 on every axis
    Broadcast,    // numpy-broadcast n-ary element-wise
    BatchNorm,
    InstanceNorm,
    GroupNorm,
    LayerNorm,
    SkipLayerNorm,
    MatMul,
    Gemm,
    Conv,
    ConvTranspose,
    Pool,
    Resize,
    Transpose,
    ReshapeLike,  // Reshape, Flatten, Squeeze, Unsqueeze
    Split,
    Concat,
    Gather,
    Slice,
    Pad,
    Expand,
    Tile,
    Reduce,
    ArgReduce,
    TopK,
    Einsum,
    Constant,
    QuantizeLinear,
};

// The tie rule of an op (Unknown: none, the walk refuses the edit).
TieKind tieKind(const Node &node);

// --------------------------------------------------------------------------------------- ports

enum class Side : std::uint8_t { In, Out };

struct Port {
    Side side = Side::In;
    int index = 0;
    int axis = 0;
};

struct PortClass {
    std::vector<Port> ports;
    bool broadcast = false;  // tie only ports whose current size equals the visited port's
};

// The value at a port, -1 for an omitted optional input or output.
int portValue(const Node &node, Port p);

// Shape facts of a value (null / -1 where unknown) and messages about them.
const Shape *valueShape(const Graph &g, int v);
int rankOf(const Graph &g, int v);
std::int64_t dimOf(const Graph &g, int v, int axis);
int normalizedAxis(std::int64_t axis, int rank);
QString nodeLabel(const Node &node);
QString dimsText(const std::vector<std::int64_t> &dims);

// Reads an int tensor input (folded contents) or, failing that, an Ints attribute.
bool readIntsInputOrAttribute(const Graph &g, const Node &node, int input, const char *attribute, std::vector<std::int64_t> &out);

// ---------------------------------------------------------------------- constant entry tracing

// Where each element of an integer tensor a node reads comes from.
struct EntrySource {
    bool constant = false;   // an initializer or Constant-node element (editable)
    std::int64_t value = 0;  // its current value (constant entries)
    int sourceValue = -1;
    int sourceEntry = 0;
    int pathConsumer = -1;
    int pathInput = -1;
};

// The entries of the integer tensor input `input` of a node, traced to the constants holding them.
std::vector<EntrySource> intEntries(const Graph &g, const Node &node, int nodeIndex, int input);

// A constant the edit rescales: a traced tensor entry, or an entry of an Int/Ints attribute.
ScaledConstant scaledFromSource(int node, int input, int entry, const EntrySource &s);
ScaledConstant scaledAttribute(int node, const QString &attribute, int entry, std::int64_t value);

// ------------------------------------------------------------------------------- reshape runs

// Axes of a reshape grouped into runs of equal products, size-1 axes left out.
struct AxisRun {
    std::vector<int> in;
    std::vector<int> out;
};

struct ReshapeMap {
    bool valid = false;
    std::vector<AxisRun> runs;
    std::vector<int> inRun;   // run index per input axis, -1 for size-1 axes
    std::vector<int> outRun;
    // Reshape only: what each target entry is.
    enum class Entry : std::uint8_t { Dynamic, Copy, Infer, Explicit };
    std::vector<Entry> entries;
    std::vector<EntrySource> sources;
};

// The axis runs of a Reshape-like node (invalid when shapes are unknown or do not factor).
ReshapeMap reshapeMap(const Graph &g, const Node &node, int nodeIndex);

// ------------------------------------------------------------------------------------ classes

// The port classes of one op, by tie rule: the ports in one class keep one size.
void addUnaryClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes);
void addBroadcastClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes, std::size_t firstInput = 0,
                         std::size_t lastInput = SIZE_MAX);
void addMatMulClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes);
void addGemmClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes);
// A (transposed) Conv with one group per channel.
bool isDepthwise(const Graph &g, const Node &node, bool transposed);
void addConvClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes);
void addConvTransposeClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes);
void addNormClasses(const Graph &g, const Node &node, int paramInputs, std::vector<PortClass> &classes);
void addLayerNormClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes);
void addSkipLayerNormClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes);
void addSameSizeClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes);
void addTransposeClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes);
void addSplitClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes);
void addConcatClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes);
void addGatherClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes);

// Reduced axes of a Reduce* node (empty vector with `all` set: every axis).
bool reducedAxes(const Graph &g, const Node &node, int r, std::vector<int> &axes);
// The axes a reduction keeps, tied between input and outputs.
void addKeptAxesClasses(const Graph &g, const Node &node, const std::vector<int> &reduced, bool keepdims,
                        std::vector<PortClass> &classes);
// False when the equation has an ellipsis or no explicit output.
bool addEinsumClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes);

// ------------------------------------------------------------------------------ size arithmetic

// Least common multiple.
std::int64_t lcm64(std::int64_t a, std::int64_t b);
// Smallest step d such that newSize multiple of d keeps `part` x newSize / size whole.
std::int64_t stepFor(std::int64_t part, std::int64_t size);
// `part` scaled by newSize / oldSize into `result`; false when that is not a whole number.
bool scales(std::int64_t part, std::int64_t oldSize, std::int64_t newSize, std::int64_t &result);

// ------------------------------------------------------------------------------------ the walk

// The group of `seed` (channel_group.cpp), given each value's reading nodes; `derived`: the seed
// is a Concat's output whose new size is the sum of its inputs'.
ChannelGroup findGroup(const Graph &g, const std::vector<std::vector<int>> &consumers, DimSlot seed, bool derived);

}  // namespace infersight::channel_ties
