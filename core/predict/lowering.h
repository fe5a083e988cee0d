// SPDX-License-Identifier: MIT
// Lowering: the kernels a runtime launches for each node of a Graph (with propagated shapes) at a
// precision. Rules per runtime are listed in lowering.cpp and docs/predictor.md ("Lowering").
//
//   GraphAnalysis a = GraphAnalysis::of(graph);      // structure only: once per graph topology
//   KernelPlan plan = lowerGraph(graph, a, options);  // after every shape / precision change
//
// The analysis depends only on the nodes and their wiring, not on shapes, so a GUI keeps it while
// batch, sequence, image size, precision and runtime change.
#pragma once

#include "design/knobs.h"
#include "graph/graph.h"
#include "predict/kernel_plan.h"

#include <QMap>
#include <QString>

#include <cstdint>
#include <vector>

namespace infersight {

// How an op is lowered (classified once per node).
enum class OpKind : std::uint8_t {
    Free,          // Shape, Size, Constant, Identity, Dropout: no aten op at all
    View,          // Reshape, Flatten, Squeeze, Unsqueeze, Expand, Slice, Split: views in PyTorch
    Elementwise,   // unary / binary maps
    Cast,
    Fill,          // ConstantOfShape, Range, EyeLike, Random*
    BatchNorm,
    LayerNorm,     // LayerNormalization, SimplifiedLayerNormalization, RMSNormalization, SkipLayerNormalization
    GroupNorm,     // InstanceNormalization, GroupNormalization
    Softmax,       // Softmax, LogSoftmax
    Reduce,        // Reduce*, ArgMax/ArgMin, CumSum, TopK
    GlobalPool,
    Pool,          // MaxPool, AveragePool, LpPool
    Conv,
    ConvTranspose,
    MatMul,
    Gemm,
    Gather,        // Gather / GatherElements / GatherND
    Transpose,
    Copy,          // Concat, Pad, Tile, Trilu, Resize, DepthToSpace, Scatter*, OneHot, ...
    Attention,     // com.microsoft Attention / MultiHeadAttention
    Generic,       // anything else: a memory-bound estimate from node_cost
};

// Autocast category of an op (PyTorch's CUDA autocast lists, torch/csrc/autograd/autocast_mode.cpp).
enum class AutocastClass : std::uint8_t {
    Native,        // not listed: runs in its inputs' type (type promotion, no cast kernels)
    LowerPrecision,// conv, matmul, linear, bmm, ...: inputs cast to FP16
    Fp32,          // exp, log, pow, layer_norm, group_norm, ...: inputs cast to FP32
    Fp32OptDtype,  // softmax, log_softmax, sum, cumsum, prod: FP32 output, upcast inside the kernel
    Promote,       // cat, stack, ...: inputs cast to the widest type
};

class GraphAnalysis {
public:
    static GraphAnalysis of(const Graph &graph);
    // True while `graph` still has the nodes (count, op types, wiring) this analysis was made for.
    bool matches(const Graph &graph) const;

    std::vector<OpKind> kinds;                // per node
    std::vector<AutocastClass> autocast;      // per node
    std::vector<float> flopsPerElement;       // per node (element-wise kinds)
    std::vector<std::int32_t> consumerCount;  // per value: nodes reading it (+1 for a graph output)
    std::vector<std::int32_t> consumerStart;  // CSR of consumers per value
    std::vector<std::int32_t> consumerList;
    std::vector<bool> isGraphOutput;          // per value
    std::uint64_t fingerprint = 0;            // hash of op types and wiring
    // What matches() compares: op types per node, and the wiring flattened (per node: input count,
    // inputs, output count, outputs; then the graph outputs).
    std::vector<QString> opTypes;
    std::vector<std::int32_t> wiring;

    // The nodes reading value v.
    const std::int32_t *consumersBegin(int v) const { return consumerList.data() + consumerStart[static_cast<std::size_t>(v)]; }
    const std::int32_t *consumersEnd(int v) const { return consumerList.data() + consumerStart[static_cast<std::size_t>(v) + 1]; }
};

// How an eager runtime runs an attention pattern (MatMul -> scale / mask -> Softmax -> MatMul) of
// the graph. PyTorch's scaled_dot_product_attention (HF attn_implementation "sdpa", timm's fused
// attention, nn.MultiheadAttention in inference) is one aten op launching one flash /
// memory-efficient kernel (the S x S scores never reach DRAM); hand-written attention (HF "eager",
// torchvision's Swin) runs every op of the pattern. The TorchScript ONNX exporter writes SDPA as
// q * sqrt(scale) and k^T * sqrt(scale) before the score MatMul, which is how Auto recognises it.
enum class AttentionLowering : std::uint8_t {
    Auto,        // fused where the graph carries the exporter's SDPA signature, decomposed otherwise
    Fused,       // every recognised attention pattern is one SDPA op and kernel
    Decomposed,  // every op of the pattern runs (manual attention)
};
QString attentionLoweringName(AttentionLowering a);  // "auto", "fused", "decomposed"

// Memory format of the activations of an eager convolutional network: PyTorch's default contiguous
// NCHW, or channels_last (NHWC, `model.to(memory_format=torch.channels_last)`). cuDNN's FP16 / BF16
// tensor-core convolutions compute in NHWC: on NCHW tensors each one transforms its input to NHWC
// and its output back (two copy kernels inside the op); TF32 and FP32 have NCHW kernels.
enum class MemoryFormat : std::uint8_t {
    Contiguous,    // NCHW (PyTorch's default)
    ChannelsLast,  // NHWC
};
QString memoryFormatName(MemoryFormat f);  // "nchw", "channels-last"

struct LoweringOptions {
    Precision precision = Precision::FP32;
    Runtime runtime = Runtime::Eager;
    AttentionLowering attention = AttentionLowering::Auto;  // eager runtime only (fused: always fused)
    MemoryFormat memoryFormat = MemoryFormat::Contiguous;    // eager runtime only (fused engines pick their own)
    // Per-node precision overrides (index = node, -1 = none), e.g. from Design::nodePrecisions().
    std::vector<std::int8_t> nodePrecision;
};

// Per-node precision vector from a name -> precision map; unknown names are ignored.
std::vector<std::int8_t> nodePrecisionVector(const Graph &graph, const QMap<QString, Precision> &overrides);

KernelPlan lowerGraph(const Graph &graph, const GraphAnalysis &analysis, const LoweringOptions &options);
KernelPlan lowerGraph(const Graph &graph, const LoweringOptions &options);

// Fills plan.distinct / plan.distinctOf from plan.kernels (lowerGraph does it; for plans edited by hand).
void indexDistinctKernels(KernelPlan &plan);

}  // namespace infersight
