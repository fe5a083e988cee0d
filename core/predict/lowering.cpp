// SPDX-License-Identifier: MIT
// Lowering rules (documented in docs/predictor.md, "Lowering").
//
// Eager (PyTorch-like; one aten op per node, one kernel per op):
//  - Shape/Size/Constant/Identity/Dropout and nodes whose outputs were constant-folded: no kernel
//    (shape arithmetic on the host). So are nodes computing only on shape scalars (a few elements
//    derived from Shape/Size, e.g. the exporter's 1 / sqrt(head_dim)): Python numbers in eager
//    PyTorch, no aten op (both runtimes).
//  - Reshape/Flatten/Squeeze/Unsqueeze/Expand/Slice/Split: views, no kernel, a host op each.
//  - A Transpose that only swaps the last two axes and feeds MatMuls only is a view (cuBLAS reads
//    the operand transposed); other Transposes are copies (zoo graphs emit them only where PyTorch
//    copies).
//  - MatMul/Gemm: one GEMM (batched when both operands are activations); "MatMul then Add of a
//    1-D initializer" is one addmm kernel with the bias in its epilogue.
//  - Conv: implicit-GEMM conv kernel; depthwise convs and pooling are stencils; a conv bias is a
//    separate element-wise kernel (cuDNN adds it after the convolution in eager PyTorch). A bias the
//    exporter folded a BatchNorm into (weight and bias named "onnx::Conv_<n>") is that BatchNorm's
//    aten op as well. FP16 / BF16 convs of NCHW tensors (LoweringOptions::memoryFormat) add cuDNN's
//    NCHW -> NHWC transform of the input and NHWC -> NCHW of the output (copy kernels, no op).
//  - BatchNormalization: one element-wise kernel (inference BN is a per-channel scale and shift).
//  - LayerNorm / Softmax / reductions / GroupNorm: one row-wise kernel.
//  - Element-wise ops: one kernel each; Cast: one kernel; fills: one kernel.
//  - Gather from an initializer (embedding): one copy kernel of the output; Concat/Pad/...: copies.
//  - Attention patterns (MatMul -> scale / mask -> Softmax -> MatMul) run as one SDPA op and one
//    fused attention kernel when the source used scaled_dot_product_attention
//    (LoweringOptions::attention); the transposes feeding it are views (SDPA reads strided q/k/v).
//  - The exporter's erf GELU (x / sqrt2 -> Erf -> + 1 -> * x -> * 0.5) is one op (F.gelu), one kernel;
//    its SiLU (x -> Sigmoid -> * x) one op (F.silu), one kernel.
//  - torch.nn.MultiheadAttention self-attention where PyTorch takes its inference fast path
//    (findEagerMha): one op (torch._native_multi_head_attention), three kernels (in-projection
//    addmm, fused SDPA, out-projection addmm); its head reshapes and transposes launch nothing.
// Fused (TensorRT / torch.compile-like):
//  - BN after a conv is folded into its weights; bias, activations and residual adds after a
//    GEMM/conv run in its epilogue; chains of element-wise ops are one kernel, and one that feeds a
//    row-wise op (add + LayerNorm) runs inside it; MatMul -> (scale, mask) -> Softmax -> MatMul is
//    one flash-attention kernel; Transpose/Concat/views are folded into the kernels' addressing.
// Precision: see knobs.h. AMP follows PyTorch's CUDA autocast op lists; weight casts are kernels
// in eager (once per forward pass per weight).
#include "predict/lowering.h"

#include "graph/node_cost.h"
#include "predict/kernel_model.h"
#include "predict/memory_model.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace infersight {

QString attentionLoweringName(AttentionLowering a) {
    switch (a) {
    case AttentionLowering::Auto: return QStringLiteral("auto");
    case AttentionLowering::Fused: return QStringLiteral("fused");
    case AttentionLowering::Decomposed: return QStringLiteral("decomposed");
    }
    return {};
}

QString memoryFormatName(MemoryFormat f) {
    switch (f) {
    case MemoryFormat::Contiguous: return QStringLiteral("nchw");
    case MemoryFormat::ChannelsLast: return QStringLiteral("channels-last");
    }
    return {};
}

QString kernelRoleName(KernelRole role) {
    switch (role) {
    case KernelRole::Main: return QStringLiteral("main");
    case KernelRole::Bias: return QStringLiteral("bias");
    case KernelRole::Cast: return QStringLiteral("cast");
    case KernelRole::WeightCast: return QStringLiteral("weight-cast");
    case KernelRole::Fused: return QStringLiteral("fused");
    case KernelRole::Attention: return QStringLiteral("attention");
    case KernelRole::Layout: return QStringLiteral("layout");
    }
    return QStringLiteral("main");
}

namespace {

namespace fpe = flops_per_element;

struct OpInfo {
    OpKind kind = OpKind::Generic;
    AutocastClass autocast = AutocastClass::Native;
    float flops = 1.0f;
};

struct OpTables {
    QHash<QString, OpInfo> onnx;
    QHash<QString, OpInfo> microsoft;
};

const OpTables &opTables() {
    static const OpTables tables = [] {
        OpTables t;
        auto on = [&t](std::initializer_list<const char *> ops, OpKind kind, AutocastClass ac = AutocastClass::Native,
                       double flops = fpe::kAdd) {
            for (const char *op : ops) {
                t.onnx.insert(QString::fromLatin1(op), OpInfo{kind, ac, static_cast<float>(flops)});
            }
        };
        auto ms = [&t](std::initializer_list<const char *> ops, OpKind kind, AutocastClass ac = AutocastClass::Native,
                       double flops = fpe::kAdd) {
            for (const char *op : ops) {
                t.microsoft.insert(QString::fromLatin1(op), OpInfo{kind, ac, static_cast<float>(flops)});
            }
        };
        using AC = AutocastClass;
        on({"Shape", "Size", "Constant", "Identity", "Dropout"}, OpKind::Free);
        on({"Reshape", "Flatten", "Squeeze", "Unsqueeze", "Expand", "Slice", "Split"}, OpKind::View);
        on({"Add", "Sub", "Mul", "Neg", "Abs", "Sign", "Floor", "Ceil", "Round", "Relu", "Equal", "Less", "Greater",
            "LessOrEqual", "GreaterOrEqual", "And", "Or", "Xor", "Not", "IsNaN", "IsInf", "BitShift", "BitwiseAnd",
            "BitwiseOr", "BitwiseXor", "BitwiseNot", "Where", "Max", "Min", "Sum", "Mean", "Clip", "LeakyRelu",
            "ThresholdedRelu", "Shrink", "Hardmax", "HardSigmoid", "HardSwish", "PRelu"},
           OpKind::Elementwise, AC::Native, fpe::kAdd);
        on({"Div", "Mod", "Sqrt"}, OpKind::Elementwise, AC::Native, fpe::kDiv);
        on({"Reciprocal"}, OpKind::Elementwise, AC::Fp32, fpe::kDiv);
        on({"Tanh", "Sigmoid", "Erf", "Sin", "Cos", "Atan", "Asinh", "Acosh", "Atanh", "Elu", "Selu", "Celu",
            "Softsign", "Swish"},
           OpKind::Elementwise, AC::Native, fpe::kTanh);
        on({"Exp", "Log", "Tan", "Asin", "Acos", "Sinh", "Cosh", "Softplus"}, OpKind::Elementwise, AC::Fp32, fpe::kTanh);
        on({"Pow"}, OpKind::Elementwise, AC::Fp32, fpe::kPow);
        on({"Gelu", "Mish"}, OpKind::Elementwise, AC::Native, fpe::kGelu);
        on({"QuantizeLinear", "DequantizeLinear", "DynamicQuantizeLinear"}, OpKind::Elementwise, AC::Native, 3);
        on({"Cast", "CastLike"}, OpKind::Cast);
        on({"ConstantOfShape", "Range", "EyeLike", "RandomNormal", "RandomUniform", "RandomNormalLike",
            "RandomUniformLike", "Bernoulli"},
           OpKind::Fill);
        on({"BatchNormalization"}, OpKind::BatchNorm, AC::Native, 2);
        on({"LayerNormalization", "SimplifiedLayerNormalization", "RMSNormalization"}, OpKind::LayerNorm, AC::Fp32,
           fpe::kLayerNorm);
        on({"InstanceNormalization", "GroupNormalization", "MeanVarianceNormalization", "LpNormalization"},
           OpKind::GroupNorm, AC::Fp32, fpe::kLayerNorm);
        on({"Softmax", "LogSoftmax"}, OpKind::Softmax, AC::Fp32OptDtype, fpe::kSoftmax);
        on({"ReduceSum", "ReduceProd", "CumSum"}, OpKind::Reduce, AC::Fp32OptDtype, fpe::kAdd);
        on({"ReduceL1", "ReduceL2", "ReduceSumSquare", "ReduceLogSumExp", "ReduceLogSum"}, OpKind::Reduce, AC::Fp32,
           2);
        on({"ReduceMean", "ReduceMax", "ReduceMin", "ArgMax", "ArgMin", "TopK"}, OpKind::Reduce, AC::Native,
           fpe::kAdd);
        on({"GlobalAveragePool", "GlobalMaxPool", "GlobalLpPool"}, OpKind::GlobalPool, AC::Native, fpe::kAdd);
        on({"MaxPool", "AveragePool", "LpPool"}, OpKind::Pool);
        on({"Conv", "ConvInteger", "QLinearConv"}, OpKind::Conv, AC::LowerPrecision);
        on({"ConvTranspose"}, OpKind::ConvTranspose, AC::LowerPrecision);
        on({"MatMul", "MatMulInteger", "QLinearMatMul"}, OpKind::MatMul, AC::LowerPrecision);
        on({"Gemm"}, OpKind::Gemm, AC::LowerPrecision);
        on({"Gather", "GatherElements", "GatherND"}, OpKind::Gather);
        on({"Transpose"}, OpKind::Transpose);
        on({"Concat"}, OpKind::Copy, AC::Promote);
        on({"Pad", "Tile", "Trilu", "Resize", "Upsample", "DepthToSpace", "SpaceToDepth", "ScatterND",
            "ScatterElements", "Scatter", "OneHot", "Compress", "NonZero", "ReverseSequence", "CenterCropPad"},
           OpKind::Copy);

        ms({"Gelu", "FastGelu", "BiasGelu", "QuickGelu"}, OpKind::Elementwise, AC::Native, fpe::kGelu);
        ms({"BiasAdd", "QuantizeLinear", "DequantizeLinear"}, OpKind::Elementwise, AC::Native, 2);
        ms({"RotaryEmbedding"}, OpKind::Elementwise, AC::Native, 3);
        ms({"SkipLayerNormalization", "SkipSimplifiedLayerNormalization", "SimplifiedLayerNormalization",
            "LayerNormalization", "EmbedLayerNormalization"},
           OpKind::LayerNorm, AC::Fp32, fpe::kLayerNorm);
        ms({"FusedConv"}, OpKind::Conv, AC::LowerPrecision);
        ms({"FusedMatMul"}, OpKind::MatMul, AC::LowerPrecision);
        ms({"Attention", "MultiHeadAttention"}, OpKind::Attention, AC::LowerPrecision);
        return t;
    }();
    return tables;
}

OpInfo classify(const Node &node) {
    const OpTables &t = opTables();
    if (node.domain.isEmpty() || node.domain == QLatin1String("ai.onnx")) {
        auto it = t.onnx.constFind(node.opType);
        if (it != t.onnx.constEnd()) {
            return *it;
        }
    } else if (node.domain == QLatin1String("com.microsoft")) {
        auto it = t.microsoft.constFind(node.opType);
        if (it != t.microsoft.constEnd()) {
            return *it;
        }
    }
    return OpInfo{};
}

std::uint64_t mixHash(std::uint64_t h, std::uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h;
}

// Importers share one QString per distinct op type, so runs of nodes of the same type (a large model's
// repeated blocks, a long chain) point at the same characters: a per-loop memo of the last string seen
// (compared by address and length, which implies equal text) skips the hash and table look-ups.
bool sameStringData(const QString &s, const QChar *data, qsizetype size) { return s.constData() == data && s.size() == size; }

// A test of a node's op type, answered again only when the string differs from the last one asked
// about (same memo as above, for the per-node op-type comparisons of a pass over the graph).
template <typename Test>
class OpTypeMemo {
public:
    explicit OpTypeMemo(Test test) : m_test(std::move(test)) {}
    bool operator()(const QString &opType) {
        if (!sameStringData(opType, m_data, m_size)) {
            m_data = opType.constData();
            m_size = opType.size();
            m_value = m_test(opType);
        }
        return m_value;
    }

private:
    Test m_test;
    const QChar *m_data = nullptr;
    qsizetype m_size = -1;
    bool m_value = false;
};

std::uint64_t fingerprintOf(const Graph &graph) {
    std::uint64_t h = mixHash(graph.nodes.size(), graph.values.size());
    const QChar *lastData = nullptr;
    qsizetype lastSize = -1;
    std::uint64_t lastHash = 0;
    for (const Node &n : graph.nodes) {
        if (!sameStringData(n.opType, lastData, lastSize)) {
            lastData = n.opType.constData();
            lastSize = n.opType.size();
            lastHash = qHash(n.opType);
        }
        h = mixHash(h, lastHash);
        for (int v : n.inputs) {
            h = mixHash(h, static_cast<std::uint64_t>(static_cast<std::int64_t>(v)));
        }
        for (int v : n.outputs) {
            h = mixHash(h, static_cast<std::uint64_t>(static_cast<std::int64_t>(v) + 7));
        }
    }
    return h;
}

int bytesOfDType(DType t) {
    const int bits = dtypeBits(t);
    return bits <= 0 ? 0 : std::max(1, bits / 8);
}

// Storage bytes of floating tensors and the compute path of GEMM-like ops for a precision.
int storageBytes(Precision p) {
    switch (p) {
    case Precision::FP32:
    case Precision::FP32Strict:
    case Precision::TF32:
    case Precision::AMP: return 4;
    case Precision::FP16:
    case Precision::BF16:
    case Precision::INT8:
    case Precision::FP8: return 2;
    }
    return 4;
}

ComputeType computeTypeOf(Precision p) {
    switch (p) {
    case Precision::FP32:
    case Precision::FP32Strict: return ComputeType::FP32;
    case Precision::TF32: return ComputeType::TF32;
    case Precision::FP16:
    case Precision::AMP: return ComputeType::FP16;
    case Precision::BF16: return ComputeType::BF16;
    case Precision::INT8: return ComputeType::INT8;
    case Precision::FP8: return ComputeType::FP8;
    }
    return ComputeType::FP32;
}

// The path of a convolution: as computeTypeOf, except that PyTorch's default FP32 (`fp32`) runs
// cuDNN convolutions in TF32 (torch.backends.cudnn.allow_tf32 = True since PyTorch 1.7). A GPU
// without TF32 tensor cores (before Ampere) runs them on FP32 CUDA cores (the kernel model's
// fallback, DeviceResources::effectiveCompute); `fp32-strict` keeps FP32 everywhere.
ComputeType convComputeTypeOf(Precision p) {
    return p == Precision::FP32 ? ComputeType::TF32 : computeTypeOf(p);
}

// HuggingFace Conv1D weights (GPT-2 family): [in, out] parameters named "...c_attn.weight",
// "...c_proj.weight", "...c_fc.weight" (zoo graphs and torch.onnx exports keep the module names;
// exports of nn.Linear hold a transposed copy instead). An explicit node attribute
// "infersight_layout" = "nn" | "tn" overrides the name rule.
bool isConv1dWeight(const QString &weightName, const Node &node) {
    const QString layout = node.attrString(u"infersight_layout");
    if (!layout.isEmpty()) {
        return layout == QLatin1String("nn");
    }
    for (const char *suffix : {"c_attn.weight", "c_proj.weight", "c_fc.weight"}) {
        if (weightName.endsWith(QLatin1String(suffix))) {
            return true;
        }
    }
    return false;
}

bool isGemmKind(OpKind k) {
    return k == OpKind::Conv || k == OpKind::ConvTranspose || k == OpKind::MatMul || k == OpKind::Gemm ||
           k == OpKind::Attention;
}

bool isElementwiseKind(OpKind k) { return k == OpKind::Elementwise || k == OpKind::Cast || k == OpKind::BatchNorm; }

bool isRowKind(OpKind k) {
    return k == OpKind::LayerNorm || k == OpKind::Softmax || k == OpKind::Reduce || k == OpKind::GroupNorm ||
           k == OpKind::GlobalPool;
}

class Lowerer {
public:
    Lowerer(const Graph &graph, const GraphAnalysis &analysis, const LoweringOptions &options)
        : g(graph), a(analysis), o(options), fused(options.runtime == Runtime::Fused) {}

    KernelPlan run();

private:
    const Graph &g;
    const GraphAnalysis &a;
    const LoweringOptions &o;
    const bool fused;
    KernelPlan plan;
    std::vector<std::uint8_t> weightCastDone;  // per value (AMP weight casts once per forward)
    // Fused runtime: group of each node (sink node index), -1 = runs alone.
    std::vector<int> sinkOf;
    std::vector<std::vector<int>> membersOf;  // per sink: members in node order (sink last)
    std::vector<std::uint8_t> attentionMember;  // fused: node is part of an attention kernel
    std::vector<int> eagerBiasInto;              // eager: Add node folded into a MatMul's addmm
    std::vector<std::uint8_t> hostScalar;        // node computes only on shape scalars (no aten op)
    std::vector<std::uint8_t> eagerViewTranspose;  // eager: a Transpose feeding SDPA (a view)
    // Per value: a 4-D activation that PyTorch holds in channels-last memory (findChannelsLast).
    std::vector<std::uint8_t> channelsLastValue;
    // Eager nn.MultiheadAttention fast path (findEagerMha): per node, the last node of the
    // attention op it belongs to (-1: none); per op, the nodes whose kernels it runs.
    struct MhaOp {
        int inProj = -1;   // in-projection MatMul (its bias Add folded)
        int scores = -1;   // Q K^T MatMul
        int context = -1;  // P V MatMul
        int outProj = -1;  // out-projection MatMul or Gemm
    };
    std::vector<int> mhaSinkOf;
    std::vector<int> mhaOpAt;             // per node: index into mhaOps when it is an op's last node
    std::vector<MhaOp> mhaOps;
    std::vector<std::uint8_t> mhaShape;   // shape arithmetic only the fast-path op's nodes read

    void findChannelsLast();
    const Value &val(int v) const { return g.values[static_cast<std::size_t>(v)]; }
    std::int64_t elems(int v) const { return v >= 0 ? val(v).elements() : -1; }
    bool folded(int v) const { return v >= 0 && val(v).intData.has_value() && !a.isGraphOutput[static_cast<std::size_t>(v)]; }
    bool isFloatValue(int v) const { return v >= 0 && isFloating(val(v).dtype); }
    int consumers(int v) const { return a.consumerCount[static_cast<std::size_t>(v)]; }
    // The one node reading v, or -1 when v is a graph output or is read by no node or by several.
    // consumerCount counts a graph output as a reader but the consumer list holds nodes only, so
    // a graph output read by nothing has consumers(v) == 1 and an empty list.
    int soleReader(int v) const {
        if (v < 0 || a.isGraphOutput[static_cast<std::size_t>(v)] || a.consumersEnd(v) - a.consumersBegin(v) != 1) {
            return -1;
        }
        return *a.consumersBegin(v);
    }
    // soleReader() not counting Shape / Size nodes, which read the value's metadata, not its data
    // (Python's x.shape in eager PyTorch).
    int soleDataReader(int v) const {
        if (v < 0 || a.isGraphOutput[static_cast<std::size_t>(v)]) {
            return -1;
        }
        int reader = -1;
        for (const std::int32_t *c = a.consumersBegin(v); c != a.consumersEnd(v); ++c) {
            const QString &op = g.nodes[static_cast<std::size_t>(*c)].opType;
            if (op == QLatin1String("Shape") || op == QLatin1String("Size")) {
                continue;
            }
            if (reader >= 0) {
                return -1;
            }
            reader = *c;
        }
        return reader;
    }
    int producer(int v) const { return v >= 0 ? val(v).producer : -1; }
    OpKind kindOf(int node) const { return node >= 0 ? a.kinds[static_cast<std::size_t>(node)] : OpKind::Generic; }
    Precision precisionOf(int node) const {
        const std::size_t i = static_cast<std::size_t>(node);
        if (i < o.nodePrecision.size() && o.nodePrecision[i] >= 0) {
            return static_cast<Precision>(o.nodePrecision[i]);
        }
        return o.precision;
    }
    int vbytes(int v) const { return v >= 0 ? plan.valueBytes[static_cast<std::size_t>(v)] : 0; }

    void initValueBytes();
    void findEagerBiasFolds();
    void groupFused();
    // Flops per element of an element-wise node as its own kernel or inside a fused group.
    double elementwiseFlops(int node) const;
    void findAttention(bool eager);
    void findHostScalars();
    void findEagerGelu();
    void findEagerSilu();
    void findEagerMha();
    int mhaPackedSource(int v, std::vector<int> &nodes, int &split) const;
    void markMhaShapeArithmetic();
    void lowerMhaMember(int node, const Node &n, PlannedNode &pn, int rb);
    void emitMha(int node, const MhaOp &op, Precision p, int eb);
    bool attentionKernel(int scores, int context, ComputeType ct, int eb, Kernel &out) const;
    int scaledOperand(int v, int reader, std::vector<int> &extra) const;
    void markViewTransposes(int v);
    int runBytes(int node, const Node &n, Precision p, AutocastClass ac) const;
    void addCasts(int node, const Node &n, Precision p, AutocastClass ac, int rb, PlannedNode &pn);
    // One node's lowering state, handed to the emit functions of its op class.
    struct NodeLowering {
        int node;
        const Node &n;
        PlannedNode &pn;
        OpKind kind;
        Precision precision;
        ComputeType ct;
        int eb;  // element bytes of the node's kernels
        int out;
        std::int64_t outE;
    };

    void lowerNode(int node);
    void setOutputBytes(const Node &n, int bytes);
    bool isViewTranspose(const Node &n) const;
    bool isExportFoldedBatchNorm(const Node &n) const;
    bool lowerWithoutKernels(int node, const Node &n, PlannedNode &pn, OpKind k, int rb);
    void emitKernels(const NodeLowering &c);
    void pushOrEstimate(const NodeLowering &c, bool lowered, const Kernel &k);
    void emitMatMul(const NodeLowering &c);
    void emitGemm(const NodeLowering &c);
    void emitConv(const NodeLowering &c);
    void emitConvTranspose(const NodeLowering &c);
    void emitPool(const NodeLowering &c);
    void emitRowWise(const NodeLowering &c);
    void emitElementwise(const NodeLowering &c);
    void emitCast(const NodeLowering &c);
    void emitGather(const NodeLowering &c);
    void emitCopy(const NodeLowering &c);
    void pushKernel(int node, const Kernel &k, KernelRole role = KernelRole::Main);
    void emitGeneric(int node, PlannedNode &pn, int eb);
    void noteUnknown(const Node &n, const PlannedNode &pn);  // counts an uncosted node in the plan
    bool lowerMatMul(int node, const Node &n, ComputeType ct, int eb, Kernel &out) const;
    std::int64_t stackedWeightRows(int v) const;
    int expandedSource(int v) const;
    int broadcastSource(int v) const;
    bool materialisesBroadcast(const Node &n) const;
    std::int64_t sharedKvGroup(int operand, const Kernel &product) const;
    bool lowerGemm(int node, const Node &n, ComputeType ct, int eb, Kernel &out) const;
    bool lowerConv(const Node &n, ComputeType ct, int eb, Kernel &out) const;
    bool lowerPool(const Node &n, int eb, Kernel &out) const;
    bool rowGeometry(int node, const Node &n, std::int64_t &rows, std::int64_t &rowLength) const;
    int fullInputs(const Node &n, std::int64_t outElements) const;
    void emitFusedGroup(int sink);
    bool emitAttention(int node, const Node &n, ComputeType ct, int eb);
};

void Lowerer::initValueBytes() {
    const std::size_t nv = g.values.size();
    plan.valueBytes.assign(nv, 0);
    const int floatBytes = storageBytes(o.precision);
    for (std::size_t v = 0; v < nv; ++v) {
        const Value &value = g.values[v];
        if (value.producer >= 0) {
            continue;  // set when its node is lowered
        }
        if (isFloating(value.dtype)) {
            plan.valueBytes[v] = static_cast<std::uint8_t>(floatBytes);
        } else {
            plan.valueBytes[v] = static_cast<std::uint8_t>(bytesOfDType(value.dtype));
        }
    }
    // Weights of GEMM-like nodes: stored in the node's precision (int8 / fp8 weights take 1 byte,
    // fp16 / bf16 overrides 2); AMP keeps FP32 masters and casts them every forward pass.
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        const OpKind k = a.kinds[i];
        if (!isGemmKind(k)) {
            continue;
        }
        const Precision p = precisionOf(static_cast<int>(i));
        int wb = storageBytes(p);
        if (p == Precision::INT8 || p == Precision::FP8) {
            wb = 1;
        }
        for (std::size_t j = 1; j < g.nodes[i].inputs.size(); ++j) {
            int v = g.nodes[i].inputs[j];
            if (j == 1 && v >= 0 && stackedWeightRows(v) > 0) {
                v = g.nodes[static_cast<std::size_t>(producer(v))].input(0);  // a grouped expert GEMM's stacked weights
            }
            if (v >= 0 && val(v).isInitializer() && isFloating(val(v).dtype)) {
                if (j >= 2 && (p == Precision::INT8 || p == Precision::FP8)) {
                    plan.valueBytes[static_cast<std::size_t>(v)] = 2;  // biases stay FP16
                } else {
                    plan.valueBytes[static_cast<std::size_t>(v)] = static_cast<std::uint8_t>(wb);
                }
            }
        }
    }
}

// Eager: MatMul followed by Add of a 1-D initializer (nn.Linear as torch.onnx exports it) is one
// addmm kernel. The exporter shares equal initializers (zero biases, all-ones norms of a freshly
// initialised model) through Identity nodes: an Identity of an initializer is one too.
void Lowerer::findEagerBiasFolds() {
    eagerBiasInto.assign(g.nodes.size(), -1);
    auto isWeight = [&](int v) {
        for (int guard = 0; guard < 4 && v >= 0 && !val(v).isInitializer(); ++guard) {
            const int p = producer(v);
            if (p < 0 || g.nodes[static_cast<std::size_t>(p)].opType != QLatin1String("Identity")) {
                return false;
            }
            v = g.nodes[static_cast<std::size_t>(p)].input(0);
        }
        return v >= 0 && val(v).isInitializer();
    };
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        if (a.kinds[i] != OpKind::MatMul) {
            continue;
        }
        const Node &mm = g.nodes[i];
        const int out = mm.output(0);
        const int w = mm.input(1);
        const int c = out >= 0 ? soleDataReader(out) : -1;
        if (c < 0 || w < 0 || !isWeight(w)) {
            continue;
        }
        const Node &add = g.nodes[static_cast<std::size_t>(c)];
        if (add.opType != QLatin1String("Add") || add.inputs.size() != 2) {
            continue;
        }
        const int other = add.input(0) == out ? add.input(1) : add.input(0);
        if (other >= 0 && isWeight(other) && val(other).shape.size() == 1) {
            eagerBiasInto[static_cast<std::size_t>(c)] = static_cast<int>(i);
        }
    }
}

// The operand `v` of the score MatMul `reader` scaled by a one-element value (x * s or x / s, read
// only there): adds the scaling node (and a Transpose feeding only it, k^T) to `extra` and returns
// the tensor scaled; -1 when `v` is not so scaled.
int Lowerer::scaledOperand(int v, int reader, std::vector<int> &extra) const {
    const int p = producer(v);
    if (p < 0 || soleReader(v) != reader) {
        return -1;
    }
    const Node &pn = g.nodes[static_cast<std::size_t>(p)];
    const bool mul = pn.opType == QLatin1String("Mul");
    if ((!mul && pn.opType != QLatin1String("Div")) || pn.inputs.size() != 2) {
        return -1;
    }
    int data = pn.input(0);
    int scale = pn.input(1);
    if (mul && elems(data) == 1 && elems(scale) != 1) {
        std::swap(data, scale);
    }
    if (elems(scale) != 1 || elems(data) <= 1) {
        return -1;
    }
    extra.push_back(p);
    const int t = producer(data);
    if (t >= 0 && kindOf(t) == OpKind::Transpose && soleReader(data) == p) {
        extra.push_back(t);
        return g.nodes[static_cast<std::size_t>(t)].input(0);
    }
    return data;
}

// Eager SDPA: the head split before it (view -> transpose -> view ...) stays views; the kernel
// reads q, k and v strided. Walks back from `v` through views and Transposes read only along this
// chain and marks the Transposes.
void Lowerer::markViewTransposes(int v) {
    for (int guard = 0; guard < 6 && v >= 0 && soleDataReader(v) >= 0; ++guard) {
        const int p = producer(v);
        if (p < 0 || (kindOf(p) != OpKind::Transpose && kindOf(p) != OpKind::View)) {
            return;
        }
        if (kindOf(p) == OpKind::Transpose) {
            eagerViewTranspose[static_cast<std::size_t>(p)] = 1;
        }
        v = g.nodes[static_cast<std::size_t>(p)].input(0);
    }
}

// Attention patterns MatMul -> [Mul|Div|Add|Sub|Where|Cast]* -> Softmax -> [Cast]* -> MatMul: one
// flash-attention kernel in the fused runtime; in eager (`eager`) one SDPA op and kernel, with the
// operands' scaling (q * sqrt(s), k^T * sqrt(s): the exporter's SDPA) inside it, where
// LoweringOptions::attention says the source used SDPA.
void Lowerer::findAttention(bool eager) {
    attentionMember.assign(g.nodes.size(), 0);
    for (std::size_t s = 0; s < g.nodes.size(); ++s) {
        if (a.kinds[s] != OpKind::Softmax || g.nodes[s].opType != QLatin1String("Softmax")) {
            continue;
        }
        std::vector<int> chain;
        // Backwards to the score MatMul.
        int cur = static_cast<int>(s);
        int m1 = -1;
        for (int guard = 0; guard < 8; ++guard) {
            const Node &cn = g.nodes[static_cast<std::size_t>(cur)];
            // The chain input: the operand that is full-size (not the mask / scale).
            int in = cn.input(0);
            if (cn.opType == QLatin1String("Where")) {
                in = cn.input(1);
            }
            const std::int64_t outE = elems(cn.output(0));
            if (cn.inputs.size() >= 2 && cn.opType != QLatin1String("Where")) {
                const int other = cn.input(1);
                if (elems(other) == outE && elems(in) != outE) {
                    in = other;
                }
            }
            const int p = producer(in);
            if (p < 0 || consumers(in) != 1) {
                break;
            }
            const OpKind pk = kindOf(p);
            if (pk == OpKind::MatMul) {
                const Node &pm = g.nodes[static_cast<std::size_t>(p)];
                if (pm.input(1) >= 0 && !val(pm.input(1)).isInitializer()) {
                    m1 = p;
                }
                break;
            }
            if ((pk == OpKind::Elementwise || pk == OpKind::Cast) && elems(g.nodes[static_cast<std::size_t>(p)].output(0)) == outE) {
                chain.push_back(p);
                cur = p;
                continue;
            }
            break;
        }
        if (m1 < 0) {
            continue;
        }
        // Forwards to the value MatMul.
        int v = g.nodes[s].output(0);
        int m2 = -1;
        std::vector<int> after;
        // The exporters' SDPA writes a NaN guard after the softmax (rows fully masked):
        // Where(IsNaN(p), 0, p). It is part of the attention op.
        if (v >= 0 && !a.isGraphOutput[static_cast<std::size_t>(v)] && a.consumersEnd(v) - a.consumersBegin(v) == 2) {
            int isnan = -1, where = -1;
            for (const std::int32_t *c = a.consumersBegin(v); c != a.consumersEnd(v); ++c) {
                const Node &cn = g.nodes[static_cast<std::size_t>(*c)];
                if (cn.opType == QLatin1String("IsNaN")) {
                    isnan = *c;
                } else if (cn.opType == QLatin1String("Where")) {
                    where = *c;
                }
            }
            if (isnan >= 0 && where >= 0 && soleReader(g.nodes[static_cast<std::size_t>(isnan)].output(0)) == where &&
                g.nodes[static_cast<std::size_t>(where)].input(0) == g.nodes[static_cast<std::size_t>(isnan)].output(0)) {
                after.push_back(isnan);
                after.push_back(where);
                v = g.nodes[static_cast<std::size_t>(where)].output(0);
            }
        }
        for (int guard = 0; guard < 4 && v >= 0 && soleReader(v) >= 0; ++guard) {
            const int c = soleReader(v);
            const OpKind ck = kindOf(c);
            const Node &cn = g.nodes[static_cast<std::size_t>(c)];
            if (ck == OpKind::MatMul && cn.input(0) == v) {
                m2 = c;
                break;
            }
            if (ck == OpKind::Cast || (ck == OpKind::Free && cn.opType == QLatin1String("Dropout"))) {
                after.push_back(c);
                v = cn.output(0);
                continue;
            }
            break;
        }
        if (m2 < 0) {
            continue;
        }
        std::vector<int> extra;
        if (eager) {
            const Node &qk = g.nodes[static_cast<std::size_t>(m1)];
            const int q = scaledOperand(qk.input(0), m1, extra);
            const int k = scaledOperand(qk.input(1), m1, extra);
            if (o.attention == AttentionLowering::Auto && (q < 0 || k < 0)) {
                continue;  // hand-written attention: every op runs
            }
            markViewTransposes(q >= 0 ? q : qk.input(0));
            markViewTransposes(k >= 0 ? k : qk.input(1));
            markViewTransposes(g.nodes[static_cast<std::size_t>(m2)].input(1));
        }
        attentionMember[static_cast<std::size_t>(m1)] = 1;
        attentionMember[s] = 1;
        attentionMember[static_cast<std::size_t>(m2)] = 1;
        std::vector<int> members = chain;
        members.insert(members.end(), extra.begin(), extra.end());
        members.push_back(m1);
        members.push_back(static_cast<int>(s));
        members.insert(members.end(), after.begin(), after.end());
        members.push_back(m2);
        for (int m : members) {
            attentionMember[static_cast<std::size_t>(m)] = 1;
            sinkOf[static_cast<std::size_t>(m)] = m2;
        }
        std::sort(members.begin(), members.end());
        membersOf[static_cast<std::size_t>(m2)] = members;
    }
}

// A shape-scalar value has at most this many elements (a shape has one per dimension).
constexpr std::int64_t kMaxShapeScalarElements = 16;

// Nodes that compute only on shape scalars: every input is derived from Shape/Size (or was
// constant-folded) or is a small constant, at least one is shape-derived, and every output has at
// most kMaxShapeScalarElements elements. The exporter writes Python int / float arithmetic on
// tensor sizes (x.size(-1) ** -0.5, reshape targets) as such nodes; PyTorch runs it in Python.
void Lowerer::findHostScalars() {
    hostScalar.assign(g.nodes.size(), 0);
    std::vector<std::uint8_t> fromShape(g.values.size(), 0);
    auto small = [&](int v) { return elems(v) >= 0 && elems(v) <= kMaxShapeScalarElements; };
    OpTypeMemo isShapeOp([](const QString &op) { return op == QLatin1String("Shape") || op == QLatin1String("Size"); });
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        const Node &n = g.nodes[i];
        if (isShapeOp(n.opType)) {
            for (int v : n.outputs) {
                if (v >= 0) {
                    fromShape[static_cast<std::size_t>(v)] = 1;
                }
            }
            continue;
        }
        // Cheap test first: a node none of whose inputs is shape-derived (nearly every node of a
        // large model) is not host scalar arithmetic, whatever its sizes.
        auto shapeDerived = [&](int v) { return fromShape[static_cast<std::size_t>(v)] || (folded(v) && producer(v) >= 0); };
        bool anyShape = false;
        for (int v : n.inputs) {
            anyShape = anyShape || (v >= 0 && shapeDerived(v));
        }
        if (!anyShape || a.kinds[i] == OpKind::Free) {
            continue;
        }
        bool allScalar = !n.inputs.empty();
        for (int v : n.inputs) {
            if (v < 0) {
                continue;
            }
            const int p = producer(v);
            const bool constant = small(v) && (val(v).isInitializer() || (p >= 0 && g.nodes[static_cast<std::size_t>(p)].opType == QLatin1String("Constant")));
            allScalar = allScalar && small(v) && (shapeDerived(v) || constant);
        }
        bool smallOutputs = !n.outputs.empty();
        for (int v : n.outputs) {
            smallOutputs = smallOutputs && v >= 0 && small(v) && !a.isGraphOutput[static_cast<std::size_t>(v)];
        }
        if (!allScalar || !smallOutputs) {
            continue;
        }
        hostScalar[i] = 1;
        for (int v : n.outputs) {
            fromShape[static_cast<std::size_t>(v)] = 1;
        }
    }
}

// Eager: the exporter's erf GELU, x / sqrt(2) (or x * 1/sqrt(2)) -> Erf -> + 1 -> * x -> [* 0.5]
// (0.5 applied at either end), is F.gelu: one aten op and one kernel. Groups it with the last node
// as sink (emitFusedGroup prices it: x in, the result out).
void Lowerer::findEagerGelu() {
    auto scalarOther = [&](const Node &n, int data) {
        const int other = n.input(0) == data ? n.input(1) : n.input(0);
        return n.inputs.size() == 2 && elems(other) == 1;
    };
    for (std::size_t e = 0; e < g.nodes.size(); ++e) {
        if (g.nodes[e].opType != QLatin1String("Erf")) {
            continue;
        }
        const int ein = g.nodes[e].input(0);
        const int d = producer(ein);
        if (d < 0 || soleReader(ein) != static_cast<int>(e)) {
            continue;
        }
        const Node &dn = g.nodes[static_cast<std::size_t>(d)];
        if ((dn.opType != QLatin1String("Div") && dn.opType != QLatin1String("Mul")) || dn.inputs.size() != 2) {
            continue;
        }
        const int x = elems(dn.input(0)) == 1 ? dn.input(1) : dn.input(0);
        if (!scalarOther(dn, x) || elems(x) != elems(ein)) {
            continue;
        }
        std::vector<int> members{d, static_cast<int>(e)};
        // + 1
        const int add = soleReader(g.nodes[e].output(0));
        if (add < 0 || g.nodes[static_cast<std::size_t>(add)].opType != QLatin1String("Add") ||
            !scalarOther(g.nodes[static_cast<std::size_t>(add)], g.nodes[e].output(0))) {
            continue;
        }
        members.push_back(add);
        // * x, or * (x * 0.5)
        const int aout = g.nodes[static_cast<std::size_t>(add)].output(0);
        const int mul = soleReader(aout);
        if (mul < 0 || g.nodes[static_cast<std::size_t>(mul)].opType != QLatin1String("Mul")) {
            continue;
        }
        const Node &mn = g.nodes[static_cast<std::size_t>(mul)];
        const int other = mn.input(0) == aout ? mn.input(1) : mn.input(0);
        bool halfDone = false;
        if (other != x) {
            const int h = producer(other);
            if (h < 0 || soleReader(other) != mul || g.nodes[static_cast<std::size_t>(h)].opType != QLatin1String("Mul") ||
                (g.nodes[static_cast<std::size_t>(h)].input(0) != x && g.nodes[static_cast<std::size_t>(h)].input(1) != x) ||
                !scalarOther(g.nodes[static_cast<std::size_t>(h)], x)) {
                continue;
            }
            members.push_back(h);
            halfDone = true;
        }
        members.push_back(mul);
        if (!halfDone) {
            const int half = soleReader(mn.output(0));
            if (half >= 0 && g.nodes[static_cast<std::size_t>(half)].opType == QLatin1String("Mul") &&
                scalarOther(g.nodes[static_cast<std::size_t>(half)], mn.output(0))) {
                members.push_back(half);
            }
        }
        bool free = true;
        for (int m : members) {
            free = free && sinkOf[static_cast<std::size_t>(m)] < 0;
        }
        if (!free) {
            continue;
        }
        std::sort(members.begin(), members.end());
        const int sink = members.back();
        for (int m : members) {
            sinkOf[static_cast<std::size_t>(m)] = sink;
        }
        membersOf[static_cast<std::size_t>(sink)] = members;
    }
}

// Eager: the exporter's SiLU, x -> Sigmoid -> Mul(x, sigmoid(x)), is F.silu (nn.SiLU): one aten op
// and one kernel (x in, the result out), not a sigmoid and a multiply. The Sigmoid must feed only
// that Mul (a squeeze-and-excitation gate multiplies another tensor: two ops).
void Lowerer::findEagerSilu() {
    for (std::size_t s = 0; s < g.nodes.size(); ++s) {
        const Node &sn = g.nodes[s];
        if (sn.opType != QLatin1String("Sigmoid") || sinkOf[s] >= 0) {
            continue;
        }
        const int x = sn.input(0);
        const int mul = soleReader(sn.output(0));
        if (x < 0 || mul < 0 || sinkOf[static_cast<std::size_t>(mul)] >= 0) {
            continue;
        }
        const Node &mn = g.nodes[static_cast<std::size_t>(mul)];
        if (mn.opType != QLatin1String("Mul") || mn.inputs.size() != 2) {
            continue;
        }
        const int other = mn.input(0) == sn.output(0) ? mn.input(1) : mn.input(0);
        if (other != x || elems(x) <= 0 || elems(x) != elems(mn.output(0))) {
            continue;
        }
        sinkOf[s] = mul;
        sinkOf[static_cast<std::size_t>(mul)] = mul;
        membersOf[static_cast<std::size_t>(mul)] = {static_cast<int>(s), mul};
    }
}

// From an operand of the score / value MatMul of an nn.MultiheadAttention back to its packed
// in-projection: through views, transposes, Gather selects (x[i]) and the Split of the packed
// projection, appending the nodes passed to `nodes` (a Split passed: `split`). Returns the
// in-projection's biased output (an Add folded into the MatMul's addmm), -1 when the operand does
// not come from one.
int Lowerer::mhaPackedSource(int v, std::vector<int> &nodes, int &split) const {
    for (int guard = 0; guard < 10 && v >= 0; ++guard) {
        const int p = producer(v);
        if (p < 0) {
            return -1;
        }
        if (eagerBiasInto[static_cast<std::size_t>(p)] >= 0) {
            return v;
        }
        const Node &pn = g.nodes[static_cast<std::size_t>(p)];
        const OpKind k = kindOf(p);
        const int idx = pn.input(1);
        const bool select = k == OpKind::Gather && pn.opType == QLatin1String("Gather") && pn.inputs.size() == 2 && idx >= 0 &&
                            val(idx).rankKnown && val(idx).shape.empty() && pn.attrInt(u"axis", 0) == 0;
        const bool view = k == OpKind::View && pn.opType != QLatin1String("Expand") && pn.opType != QLatin1String("Slice");
        if (k != OpKind::Transpose && !select && !view) {
            return -1;
        }
        if (pn.opType == QLatin1String("Split")) {
            split = p;
        }
        nodes.push_back(p);
        v = pn.input(0);
    }
    return -1;
}

// Eager: torch.nn.MultiheadAttention's inference fast path. In eval mode with grad disabled,
// batch_first, self-attention (query is key is value), packed in-projection with bias, an even
// head count and autocast off (torch/nn/modules/activation.py, MultiheadAttention.forward, the
// why_not_fast_path checks), PyTorch calls torch._native_multi_head_attention: one aten op from
// Python. Its CUDA implementation (aten/src/ATen/native/transformers/cuda/attention.cu,
// native_multi_head_attention_cuda), for head_dim % 8 == 0, no mask and need_weights=False, runs
// at::linear (one addmm), views of the q, k, v chunks, at::scaled_dot_product_attention (one
// flash / memory-efficient kernel; its output is laid out [B, T, H, d], so the merge of heads is
// a view) and at::linear for the out-projection: three kernels. The ONNX export (made with grad
// enabled, so through F.multi_head_attention_forward) writes about 40 nodes per layer. Two
// layouts are recognised (q, k and v each reach the one packed projection through views,
// transposes, Gather selects and a Split only):
//   exported  X -> Transpose(1,0,2) -> MatMul [E, 3E] + b -> Reshape -> Unsqueeze -> Transpose
//             -> Squeeze -> Gather 0 | 1 | 2 -> Reshape -> Transpose -> Reshape -> q * s, k^T * s
//             (the SDPA signature) -> MatMul -> Softmax -> MatMul -> Transpose -> Reshape
//             -> Gemm [E, E] + b -> Reshape -> Transpose(1,0,2) -> Y [B, T, E]
//   zoo       X -> MatMul [E, 3E] + b -> Split -> Reshape -> Transpose ..., q * s -> MatMul
//             -> Softmax -> MatMul -> Transpose -> Reshape -> MatMul [E, E] + b -> Y [B, T, E]
// Nothing sits between the score MatMul and the Softmax (no mask, no bias), every intermediate
// is read only inside the op, and the node precisions are one FP32 / TF32 / FP16 / BF16 (AMP
// disables the fast path; so does AttentionLowering::Decomposed here).
void Lowerer::findEagerMha() {
    const std::size_t nn = g.nodes.size();
    mhaSinkOf.assign(nn, -1);
    mhaOpAt.assign(nn, -1);
    mhaOps.clear();
    mhaShape.assign(nn, 0);
    if (fused || o.attention == AttentionLowering::Decomposed) {
        return;
    }
    auto isParam = [&](int v) {
        const int p = producer(v);
        if (p >= 0 && g.nodes[static_cast<std::size_t>(p)].opType == QLatin1String("Identity")) {
            v = g.nodes[static_cast<std::size_t>(p)].input(0);
        }
        return v >= 0 && val(v).isInitializer();
    };
    auto shapeIs = [&](int v, std::initializer_list<std::int64_t> dims) {
        return v >= 0 && val(v).shapeKnown() && val(v).shape == Shape(dims);
    };
    auto fastPathPrecision = [](Precision p) {
        return p == Precision::FP32 || p == Precision::FP32Strict || p == Precision::TF32 || p == Precision::FP16 ||
               p == Precision::BF16;
    };
    for (std::size_t s = 0; s < nn; ++s) {
        const Node &sm = g.nodes[s];
        if (a.kinds[s] != OpKind::Softmax || sm.opType != QLatin1String("Softmax")) {
            continue;
        }
        const int scoresValue = sm.input(0);
        const int m1 = producer(scoresValue);
        const int m2 = soleReader(sm.output(0));
        if (m1 < 0 || kindOf(m1) != OpKind::MatMul || soleReader(scoresValue) != static_cast<int>(s) || m2 < 0 ||
            kindOf(m2) != OpKind::MatMul || g.nodes[static_cast<std::size_t>(m2)].input(0) != sm.output(0)) {
            continue;
        }
        const Value &scores = val(scoresValue);
        if (!scores.shapeKnown() || scores.shape.size() != 4) {
            continue;
        }
        const std::int64_t axis = sm.attrInt(u"axis", g.opset >= 13 ? -1 : 1);
        if (axis != -1 && axis != 3) {
            continue;
        }
        const std::int64_t heads = scores.shape[1];
        const Node &qk = g.nodes[static_cast<std::size_t>(m1)];
        std::vector<int> members{m1, static_cast<int>(s), m2};
        int q = scaledOperand(qk.input(0), m1, members);
        const bool qScaled = q >= 0;
        int k = scaledOperand(qk.input(1), m1, members);
        const bool kScaled = k >= 0;
        q = qScaled ? q : qk.input(0);
        k = kScaled ? k : qk.input(1);
        int split = -1;
        const int packed = mhaPackedSource(q, members, split);
        if (!qScaled || packed < 0 || mhaPackedSource(k, members, split) != packed ||
            mhaPackedSource(g.nodes[static_cast<std::size_t>(m2)].input(1), members, split) != packed) {
            continue;
        }
        const int bias = producer(packed);
        const int inProj = eagerBiasInto[static_cast<std::size_t>(bias)];
        members.push_back(bias);
        members.push_back(inProj);
        const Node &ip = g.nodes[static_cast<std::size_t>(inProj)];
        const int wIn = ip.input(1);
        if (wIn < 0 || !val(wIn).shapeKnown() || val(wIn).shape.size() != 2 || heads <= 0) {
            continue;
        }
        const std::int64_t e = val(wIn).shape[0];
        if (val(wIn).shape[1] != 3 * e || e % heads != 0 || heads % 2 != 0 || (e / heads) % 8 != 0) {
            continue;
        }
        // The input: [B, T, E]; the exporter's batch_first transpose to [T, B, E] before it.
        int x = ip.input(0);
        bool exported = false;
        const int t = producer(x);
        if (t >= 0 && kindOf(t) == OpKind::Transpose && soleDataReader(x) == inProj &&
            g.nodes[static_cast<std::size_t>(t)].attrInts(u"perm") == std::vector<std::int64_t>{1, 0, 2}) {
            members.push_back(t);
            x = g.nodes[static_cast<std::size_t>(t)].input(0);
            exported = true;
        }
        if (x < 0 || !val(x).shapeKnown() || val(x).shape.size() != 3 || val(x).shape[2] != e) {
            continue;
        }
        // The zoo's layout chunks the packed projection on its last axis (qkv.chunk(3, -1)); timm's
        // Attention (reshape [B, N, 3, H, d], permute, unbind: ops of their own in eager PyTorch)
        // splits another axis and is no nn.MultiheadAttention.
        const Node *sp = split >= 0 ? &g.nodes[static_cast<std::size_t>(split)] : nullptr;
        const bool chunked = sp && sp->input(0) == packed && sp->outputs.size() == 3 &&
                             (sp->attrInt(u"axis", 0) == -1 || sp->attrInt(u"axis", 0) == 2);
        if (exported ? !kScaled : !chunked) {
            continue;
        }
        // The merge of heads and the out-projection (with bias).
        int y = g.nodes[static_cast<std::size_t>(m2)].output(0);
        int outProj = -1;
        for (int guard = 0; guard < 4 && outProj < 0; ++guard) {
            const int c = soleDataReader(y);
            if (c < 0) {
                break;
            }
            const Node &cn = g.nodes[static_cast<std::size_t>(c)];
            const OpKind ck = kindOf(c);
            if ((ck == OpKind::MatMul || ck == OpKind::Gemm) && cn.input(0) == y) {
                outProj = c;
                break;
            }
            if (ck != OpKind::Transpose && (ck != OpKind::View || cn.opType == QLatin1String("Expand"))) {
                break;
            }
            members.push_back(c);
            y = cn.output(0);
        }
        if (outProj < 0) {
            continue;
        }
        members.push_back(outProj);
        const Node &op = g.nodes[static_cast<std::size_t>(outProj)];
        y = op.output(0);
        bool outBias = false;
        if (kindOf(outProj) == OpKind::Gemm) {
            outBias = shapeIs(op.input(1), {e, e}) && isParam(op.input(1)) && op.input(2) >= 0 && isParam(op.input(2)) &&
                      op.attrInt(u"transA", 0) == 0 && std::abs(op.attrFloat(u"alpha", 1.0) - 1.0) < 1e-6 &&
                      std::abs(op.attrFloat(u"beta", 1.0) - 1.0) < 1e-6;
        } else {
            const int c = soleDataReader(y);
            if (shapeIs(op.input(1), {e, e}) && c >= 0 && eagerBiasInto[static_cast<std::size_t>(c)] == outProj) {
                members.push_back(c);
                y = g.nodes[static_cast<std::size_t>(c)].output(0);
                outBias = true;
            }
        }
        for (int guard = 0; guard < 3 && outBias && y >= 0 && val(y).shapeKnown() && val(y).shape != val(x).shape; ++guard) {
            const int c = soleDataReader(y);
            if (c < 0 || (kindOf(c) != OpKind::Transpose && kindOf(c) != OpKind::View)) {
                break;
            }
            members.push_back(c);
            y = g.nodes[static_cast<std::size_t>(c)].output(0);
        }
        if (!outBias || y < 0 || !val(y).shapeKnown() || val(y).shape != val(x).shape) {
            continue;
        }
        // Every intermediate is read only inside the op (Shape / Size read metadata), the nodes
        // belong to no other op, and they run in one fast-path precision.
        const int sink = producer(y);
        std::sort(members.begin(), members.end());
        members.erase(std::unique(members.begin(), members.end()), members.end());
        const Precision p = precisionOf(sink);
        bool ok = fastPathPrecision(p) && members.back() == sink;
        for (int m : members) {
            ok = ok && mhaSinkOf[static_cast<std::size_t>(m)] < 0 && precisionOf(m) == p;
            if (!ok || m == sink) {
                continue;
            }
            for (int v : g.nodes[static_cast<std::size_t>(m)].outputs) {
                if (v < 0) {
                    continue;
                }
                ok = ok && !a.isGraphOutput[static_cast<std::size_t>(v)];
                for (const std::int32_t *c = a.consumersBegin(v); c != a.consumersEnd(v) && ok; ++c) {
                    const QString &cop = g.nodes[static_cast<std::size_t>(*c)].opType;
                    ok = cop == QLatin1String("Shape") || cop == QLatin1String("Size") ||
                         std::binary_search(members.begin(), members.end(), static_cast<int>(*c));
                }
            }
        }
        if (!ok) {
            continue;
        }
        for (int m : members) {
            mhaSinkOf[static_cast<std::size_t>(m)] = sink;
        }
        mhaOpAt[static_cast<std::size_t>(sink)] = static_cast<int>(mhaOps.size());
        mhaOps.push_back(MhaOp{inProj, m1, m2, outProj});
    }
    markMhaShapeArithmetic();
}

// The exporter's shape arithmetic for the reshapes inside a fast-path op (Shape, Gather, Concat,
// Unsqueeze of the sizes, the 1 / sqrt(head_dim) scale): PyTorch computes none of it in Python
// when the fast path runs, so nodes read only by the op's nodes (or by such nodes) cost nothing.
void Lowerer::markMhaShapeArithmetic() {
    if (mhaOps.empty()) {
        return;
    }
    for (std::size_t i = g.nodes.size(); i-- > 0;) {
        const Node &n = g.nodes[i];
        const bool shapeOp = n.opType == QLatin1String("Shape") || n.opType == QLatin1String("Size");
        if (mhaSinkOf[i] >= 0 || (!shapeOp && !hostScalar[i])) {
            continue;
        }
        bool inside = !n.outputs.empty();
        for (int v : n.outputs) {
            if (v < 0) {
                continue;
            }
            inside = inside && !a.isGraphOutput[static_cast<std::size_t>(v)] && a.consumersBegin(v) != a.consumersEnd(v);
            for (const std::int32_t *c = a.consumersBegin(v); c != a.consumersEnd(v) && inside; ++c) {
                inside = mhaSinkOf[static_cast<std::size_t>(*c)] >= 0 || mhaShape[static_cast<std::size_t>(*c)];
            }
        }
        mhaShape[i] = inside ? 1 : 0;
    }
}

// A node of a fast-path nn.MultiheadAttention other than its last: no kernel, no host op. The
// packed projection and the attention output are buffers of their own; the scores live inside
// the SDPA kernel; views alias their input.
void Lowerer::lowerMhaMember(int node, const Node &n, PlannedNode &pn, int rb) {
    const std::size_t ni = static_cast<std::size_t>(node);
    const int sink = mhaSinkOf[ni];
    const MhaOp &op = mhaOps[static_cast<std::size_t>(mhaOpAt[static_cast<std::size_t>(sink)])];
    setOutputBytes(n, rb);
    pn.host = HostOpClass::None;
    pn.hostOps = 0;
    pn.kernelCount = 0;
    const OpKind k = kindOf(node);
    if (node == op.inProj || node == op.outProj) {
        // The addmm: its bias Add holds the output (as for every eager addmm).
        const int out = n.output(0);
        const int c = out >= 0 ? soleDataReader(out) : -1;
        pn.fusedInto = c >= 0 && eagerBiasInto[static_cast<std::size_t>(c)] == node ? c : -1;
    } else if (eagerBiasInto[ni] >= 0 || node == op.context) {
        pn.fusedInto = -1;  // the packed q, k, v / the attention output: a buffer
    } else if (node == op.scores || kindOf(node) == OpKind::Softmax) {
        pn.fusedInto = op.context;  // scores and probabilities never leave the SDPA kernel
    } else {
        pn.fusedInto = sink;
        pn.aliasesInput = k == OpKind::View || k == OpKind::Transpose || k == OpKind::Gather || k == OpKind::Elementwise;
    }
}

// The input of the Expand producing `v` when that Expand broadcasts (its input has fewer
// elements than `v`); -1 otherwise.
int Lowerer::expandedSource(int v) const {
    const int p = producer(v);
    if (p < 0 || kindOf(p) != OpKind::View || g.nodes[static_cast<std::size_t>(p)].opType != QLatin1String("Expand")) {
        return -1;
    }
    const int source = g.nodes[static_cast<std::size_t>(p)].input(0);
    const std::int64_t in = elems(source);
    return in > 0 && in < elems(v) ? source : -1;
}

// The input of the Expand that broadcasts `v`, reached back from it through views and transposes
// (grouped-query attention's repeat_kv: [B, kv, 1, T, d] expanded to [B, kv, g, T, d] and viewed as
// [B, kv g, T, d]); -1 when no broadcasting Expand feeds it.
int Lowerer::broadcastSource(int v) const {
    for (int guard = 0; guard < 8 && v >= 0; ++guard) {
        const int p = producer(v);
        if (p < 0) {
            return -1;
        }
        const Node &pn = g.nodes[static_cast<std::size_t>(p)];
        const OpKind k = kindOf(p);
        if (k == OpKind::View && pn.opType == QLatin1String("Expand")) {
            return expandedSource(v);
        }
        if ((k != OpKind::View && k != OpKind::Transpose) || pn.opType == QLatin1String("Slice") ||
            pn.opType == QLatin1String("Split")) {
            return -1;
        }
        v = pn.input(0);
    }
    return -1;
}

// Eager PyTorch: a reshape that merges a broadcast (expanded) dimension cannot be a view and
// copies, as repeat_kv's `expand(...).reshape(...)` in HF's eager attention does (the copy writes
// the repeated heads). Only for an activation expanded (a constant expanded and reshaped is shape
// arithmetic: folded, or a fill the exporter writes for an indexed assignment, Swin's attention
// mask). Not where it feeds an SDPA op: transformers 5 with PyTorch >= 2.5 passes grouped KV heads
// to scaled_dot_product_attention with enable_gqa instead of repeating them (sdpa_attention.py,
// use_gqa_in_sdpa; the measured GQA rows of data/measured ran so).
bool Lowerer::materialisesBroadcast(const Node &n) const {
    if (n.opType != QLatin1String("Reshape") || n.output(0) < 0) {
        return false;
    }
    const int source = expandedSource(n.input(0));
    if (source < 0 || folded(source) || val(source).isInitializer() ||
        (producer(source) >= 0 && kindOf(producer(source)) == OpKind::Fill)) {
        return false;
    }
    // Forwards through views and transposes (the dynamo exporter reshapes the repeated K again).
    std::vector<int> frontier{n.output(0)};
    for (int depth = 0; depth < 4 && !frontier.empty(); ++depth) {
        std::vector<int> next;
        for (int v : frontier) {
            for (const std::int32_t *c = a.consumersBegin(v); c != a.consumersEnd(v); ++c) {
                const std::size_t ci = static_cast<std::size_t>(*c);
                if (attentionMember[ci]) {
                    return false;
                }
                if ((a.kinds[ci] == OpKind::View || a.kinds[ci] == OpKind::Transpose) && g.nodes[ci].output(0) >= 0) {
                    next.push_back(g.nodes[ci].output(0));
                }
            }
        }
        frontier = std::move(next);
    }
    return true;
}

// How many query heads share each KV head in the product `product` of which `operand` is the K
// or V side: the elements the product would read over its batch over the distinct elements behind
// it (repeat_kv's Expand, or a MatMul broadcasting one KV head over the query heads); 1 when none.
std::int64_t Lowerer::sharedKvGroup(int operand, const Kernel &product) const {
    // In doubles: a hostile file's broadcast batch times k x n may exceed 64 bits.
    const double read = static_cast<double>(product.batch) * static_cast<double>(product.k) * static_cast<double>(product.n);
    const int source = broadcastSource(operand);
    const double distinct = static_cast<double>(source >= 0 ? elems(source) : elems(operand));
    const double group = distinct > 0 ? read / distinct : 0.0;
    if (!(group > 1.0) || group > 65536.0 || group != std::floor(group)) {
        return 1;
    }
    return static_cast<std::int64_t>(group);
}

bool Lowerer::attentionKernel(int scores, int context, ComputeType ct, int eb, Kernel &out) const {
    Kernel qk, pv;
    const Node &sn = g.nodes[static_cast<std::size_t>(scores)];
    const Node &cn = g.nodes[static_cast<std::size_t>(context)];
    if (!lowerMatMul(scores, sn, ct, eb, qk) || !lowerMatMul(context, cn, ct, eb, pv)) {
        return false;
    }
    // One kernel doing both products (flops = 2 S Skv (D + Dv)); scores never reach DRAM.
    std::int64_t rows = qk.m;
    std::int64_t batch = qk.batch;
    // Grouped-query / multi-query attention in a fused engine: a KV head is read once for the
    // query heads sharing it, whose rows the kernel takes together (FlashAttention's decode packs
    // the group into the query rows, TensorRT-LLM's XQA, calm), where the generic lowering repeats
    // the KV heads to every query head (HF's repeat_kv). Same flops, 1 / group of the KV bytes.
    if (fused) {
        const std::int64_t group = sharedKvGroup(sn.input(1), qk);
        if (group > 1 && group == sharedKvGroup(cn.input(1), pv) && batch % group == 0) {
            rows *= group;
            batch /= group;
        }
    }
    out = Kernel::gemm(rows, qk.n, qk.k + pv.n, batch, false, ct, eb);
    return out.valid();
}

// The fast path's kernels, launched by its one op: in-projection addmm, SDPA, out-projection addmm.
void Lowerer::emitMha(int node, const MhaOp &op, Precision p, int eb) {
    const ComputeType ct = computeTypeOf(p);
    Kernel k;
    if (lowerMatMul(op.inProj, g.nodes[static_cast<std::size_t>(op.inProj)], ct, eb, k)) {
        pushKernel(node, k);
    }
    if (attentionKernel(op.scores, op.context, ct, eb, k)) {
        pushKernel(node, k, KernelRole::Attention);
    }
    const Node &outNode = g.nodes[static_cast<std::size_t>(op.outProj)];
    const bool gemm = kindOf(op.outProj) == OpKind::Gemm;
    if (gemm ? lowerGemm(op.outProj, outNode, ct, eb, k) : lowerMatMul(op.outProj, outNode, ct, eb, k)) {
        pushKernel(node, k);
    }
}

// Fused runtime: epilogues of GEMM/conv, element-wise groups, prologues of row-wise kernels.
void Lowerer::groupFused() {
    const std::size_t nn = g.nodes.size();
    sinkOf.assign(nn, -1);
    membersOf.assign(nn, {});
    findAttention(false);
    // The node whose kernel currently produces value v when v is still "open" for fusion:
    // an anchor (GEMM/conv epilogue chain) or an element-wise group.
    std::vector<int> groupOfNode(nn, -1);   // element-wise group id (its first node)
    std::vector<int> anchorOfNode(nn, -1);  // GEMM/conv anchor whose epilogue absorbed the node
    for (std::size_t i = 0; i < nn; ++i) {
        if (attentionMember[i]) {
            continue;
        }
        const OpKind k = a.kinds[i];
        const Node &n = g.nodes[i];
        const int out = n.output(0);
        if (out < 0) {
            continue;
        }
        if (isGemmKind(k)) {
            anchorOfNode[i] = static_cast<int>(i);
            continue;
        }
        if (folded(out)) {
            continue;
        }
        if (isElementwiseKind(k)) {
            // Epilogue of a GEMM/conv: an input produced by an open anchor chain, read only here.
            bool absorbed = false;
            for (int v : n.inputs) {
                const int p = producer(v);
                if (p < 0 || anchorOfNode[static_cast<std::size_t>(p)] < 0 || consumers(v) != 1 ||
                    elems(v) != elems(out)) {
                    continue;
                }
                if (k == OpKind::BatchNorm && v != n.input(0)) {
                    continue;
                }
                const int anchor = anchorOfNode[static_cast<std::size_t>(p)];
                anchorOfNode[i] = anchor;
                sinkOf[i] = anchor;
                absorbed = true;
                break;
            }
            if (absorbed) {
                continue;
            }
            // Join the element-wise group of a producer whose output only this node reads.
            int group = -1;
            for (int v : n.inputs) {
                const int p = producer(v);
                if (p < 0 || groupOfNode[static_cast<std::size_t>(p)] < 0 || consumers(v) != 1 || elems(v) != elems(out)) {
                    continue;
                }
                const int pg = groupOfNode[static_cast<std::size_t>(p)];
                if (group < 0) {
                    group = pg;
                } else if (pg != group) {
                    // Merge pg into group.
                    for (int m : membersOf[static_cast<std::size_t>(pg)]) {
                        groupOfNode[static_cast<std::size_t>(m)] = group;
                        membersOf[static_cast<std::size_t>(group)].push_back(m);
                    }
                    membersOf[static_cast<std::size_t>(pg)].clear();
                }
            }
            if (group < 0) {
                group = static_cast<int>(i);
            }
            groupOfNode[i] = group;
            membersOf[static_cast<std::size_t>(group)].push_back(static_cast<int>(i));
            continue;
        }
        if (isRowKind(k)) {
            // Prologue: an element-wise group whose output only this row-wise op reads.
            const int in = n.input(0);
            const int p = producer(in);
            if (p >= 0 && groupOfNode[static_cast<std::size_t>(p)] >= 0 && consumers(in) == 1) {
                const int gid = groupOfNode[static_cast<std::size_t>(p)];
                for (int m : membersOf[static_cast<std::size_t>(gid)]) {
                    groupOfNode[static_cast<std::size_t>(m)] = static_cast<int>(i);
                }
                std::vector<int> members = std::move(membersOf[static_cast<std::size_t>(gid)]);
                membersOf[static_cast<std::size_t>(gid)].clear();
                members.push_back(static_cast<int>(i));
                membersOf[i] = std::move(members);
                groupOfNode[i] = static_cast<int>(i);
                // The row-wise node closes the group: nothing after it joins.
                groupOfNode[i] = -2 - static_cast<int>(i);
                for (int m : membersOf[i]) {
                    if (m != static_cast<int>(i)) {
                        groupOfNode[static_cast<std::size_t>(m)] = -2 - static_cast<int>(i);
                    }
                }
            }
        }
    }
    // Sinks of element-wise groups: the member with the largest index.
    for (std::size_t gid = 0; gid < nn; ++gid) {
        std::vector<int> &members = membersOf[gid];
        if (members.empty() || attentionMember[gid]) {
            continue;
        }
        std::sort(members.begin(), members.end());
        const int sink = members.back();
        for (int m : members) {
            sinkOf[static_cast<std::size_t>(m)] = sink;
        }
        if (static_cast<std::size_t>(sink) != gid) {
            membersOf[static_cast<std::size_t>(sink)] = std::move(members);
            members.clear();
        }
    }
}

// The bytes per element a node runs at (its floating outputs' storage).
int Lowerer::runBytes(int node, const Node &n, Precision p, AutocastClass ac) const {
    const OpKind k = kindOf(node);
    if (p != Precision::AMP) {
        if ((p == Precision::INT8 || p == Precision::FP8) && isGemmKind(k)) {
            return 1;
        }
        return storageBytes(p);
    }
    switch (ac) {
    case AutocastClass::LowerPrecision: return 2;
    case AutocastClass::Fp32:
    case AutocastClass::Fp32OptDtype: return 4;
    case AutocastClass::Native:
    case AutocastClass::Promote: break;
    }
    // Native ops run in the widest floating type of their inputs; 0-dim tensors and BN's
    // statistics do not take part (PyTorch type promotion / cuDNN BN takes FP32 parameters).
    int widest = 0;
    for (std::size_t j = 0; j < n.inputs.size(); ++j) {
        const int v = n.inputs[j];
        if (v < 0 || !isFloatValue(v)) {
            continue;
        }
        if (k == OpKind::BatchNorm && j > 0) {
            continue;
        }
        if (val(v).rankKnown && val(v).shape.empty()) {
            continue;
        }
        widest = std::max(widest, vbytes(v));
    }
    return widest > 0 ? widest : 4;
}

void Lowerer::pushKernel(int node, const Kernel &k, KernelRole role) {
    if (!k.valid()) {
        return;
    }
    PlannedKernel pk;
    pk.kernel = k;
    pk.node = node;
    pk.role = role;
    plan.kernels.push_back(pk);
}

// Casts of the node's floating activation inputs (and, eager AMP, its weights) to the type it runs in.
void Lowerer::addCasts(int node, const Node &n, Precision p, AutocastClass ac, int rb, PlannedNode &pn) {
    const OpKind k = kindOf(node);
    if (k == OpKind::View || k == OpKind::Free || k == OpKind::Cast) {
        return;
    }
    bool castInputs = true;
    if (p == Precision::AMP) {
        castInputs = ac == AutocastClass::LowerPrecision || ac == AutocastClass::Fp32 || ac == AutocastClass::Promote;
    }
    if (!castInputs) {
        return;
    }
    for (std::size_t j = 0; j < n.inputs.size(); ++j) {
        const int v = n.inputs[j];
        if (v < 0 || !isFloatValue(v) || folded(v)) {
            continue;
        }
        const Value &value = val(v);
        if (value.rankKnown && value.shape.empty()) {
            continue;
        }
        if (k == OpKind::BatchNorm && j > 0) {
            continue;
        }
        const int have = vbytes(v);
        int want = rb;
        if ((p == Precision::INT8 || p == Precision::FP8) && value.isInitializer()) {
            continue;  // quantised weights are stored as such
        }
        if (have == want || have == 0) {
            continue;
        }
        if (value.isInitializer()) {
            if (p != Precision::AMP || fused) {
                continue;  // stored in the run's type (fused engines and .half() models convert once)
            }
            auto &done = weightCastDone[static_cast<std::size_t>(v)];
            if (done) {
                continue;
            }
            done = 1;
        } else if (fused) {
            continue;  // fused engines convert inside the producing kernel's epilogue
        }
        const std::int64_t e = value.elements();
        if (e <= 0) {
            continue;
        }
        const int eb = std::max(1, (have + want + 1) / 2);
        pushKernel(node, Kernel::elementwise(e, 1, 1, fpe::kAdd, eb),
             value.isInitializer() ? KernelRole::WeightCast : KernelRole::Cast);
        ++pn.hostOps;
    }
}

int Lowerer::fullInputs(const Node &n, std::int64_t outElements) const {
    int count = 0;
    for (int v : n.inputs) {
        const std::int64_t e = elems(v);
        if (e > 0 && 2 * e >= outElements && !folded(v)) {
            ++count;
        }
    }
    return count;
}

// The expert count of the stacked expert weights `v` is the active slice of (stackedWeightSliced,
// node_cost.h); 0 when `v` is no such slice.
std::int64_t Lowerer::stackedWeightRows(int v) const {
    const int p = producer(v);
    const int stacked = p < 0 ? -1 : stackedWeightSliced(g, g.nodes[static_cast<std::size_t>(p)]);
    return stacked < 0 ? 0 : val(stacked).shape[0];
}

bool Lowerer::lowerMatMul(int node, const Node &n, ComputeType ct, int eb, Kernel &out) const {
    (void)node;
    const int av = n.input(0);
    const int bv = n.input(1);
    if (av < 0 || bv < 0 || !val(av).shapeKnown() || !val(bv).shapeKnown()) {
        return false;
    }
    Shape sa = val(av).shape;
    Shape sb = val(bv).shape;
    if (sa.empty() || sb.empty()) {
        return false;
    }
    const bool aVec = sa.size() == 1;
    const bool bVec = sb.size() == 1;
    if (aVec) {
        sa.insert(sa.begin(), 1);
    }
    if (bVec) {
        sb.push_back(1);
    }
    const std::int64_t m = sa[sa.size() - 2];
    const std::int64_t k = sa.back();
    const std::int64_t nn = sb.back();
    std::int64_t batchA = 1;
    for (std::size_t i = 0; i + 2 < sa.size(); ++i) {
        batchA *= sa[i];
    }
    std::int64_t batchB = 1;
    for (std::size_t i = 0; i + 2 < sb.size(); ++i) {
        batchB *= sb[i];
    }
    // cuBLAS layout: nn.Linear computes x @ W^T ("tn", the kernel model's `linear`); HuggingFace's
    // Conv1D (GPT-2's c_attn / c_proj / c_fc) computes addmm(b, x, W) with W [in, out] ("nn").
    const bool weight = val(bv).isInitializer() && !isConv1dWeight(val(bv).name, n);
    if (batchB == 1) {
        // Activation x 2-D matrix: the leading dims fold into M (one GEMM).
        out = Kernel::gemm(batchA * m, nn, k, 1, weight, ct, eb);
    } else if (const std::int64_t stored = stackedWeightRows(bv); stored > 0 && sb.size() == 3 && batchA == batchB) {
        // A mixture of experts' grouped GEMM: the active experts' slice of a stacked expert weight
        // [experts, k, n] (a view) times their tokens [active, m, k]; reads the active experts only.
        out = Kernel::gemm(m, nn, k, batchB, false, ct, eb);
        out.weightMatrices = stored;
    } else if (batchA == 1 && sa.size() <= 2) {
        out = Kernel::gemm(m, nn, k, batchB, false, ct, eb);
    } else {
        out = Kernel::gemm(m, nn, k, std::max(batchA, batchB), false, ct, eb);
    }
    return out.valid();
}

bool Lowerer::lowerGemm(int node, const Node &n, ComputeType ct, int eb, Kernel &out) const {
    (void)node;
    const int av = n.input(0);
    const int bv = n.input(1);
    if (av < 0 || bv < 0 || !val(av).shapeKnown() || !val(bv).shapeKnown() || val(av).shape.size() != 2 ||
        val(bv).shape.size() != 2) {
        return false;
    }
    const Shape &sa = val(av).shape;
    const Shape &sb = val(bv).shape;
    const bool ta = n.attrInt(u"transA", 0) != 0;
    const bool tb = n.attrInt(u"transB", 0) != 0;
    const std::int64_t m = ta ? sa[1] : sa[0];
    const std::int64_t k = ta ? sa[0] : sa[1];
    const std::int64_t nn = tb ? sb[0] : sb[1];
    out = Kernel::gemm(m, nn, k, 1, val(bv).isInitializer(), ct, eb);
    return out.valid();
}

bool Lowerer::lowerConv(const Node &n, ComputeType ct, int eb, Kernel &out) const {
    const bool qlinear = n.opType == QLatin1String("QLinearConv");
    const int xv = n.input(0);
    const int wv = n.input(qlinear ? 3 : 1);
    const int yv = n.output(0);
    if (xv < 0 || wv < 0 || yv < 0 || !val(xv).shapeKnown() || !val(wv).shapeKnown() || !val(yv).shapeKnown()) {
        return false;
    }
    const Shape &x = val(xv).shape;
    const Shape &w = val(wv).shape;
    const Shape &y = val(yv).shape;
    if (x.size() != w.size() || x.size() < 3 || y.size() != x.size()) {
        return false;
    }
    const std::int64_t group = std::max<std::int64_t>(1, n.attrInt(u"group", 1));
    const std::int64_t cin = x[1];
    const std::int64_t cout = w[0];
    const std::vector<std::int64_t> strides = n.attrInts(u"strides");
    const std::vector<std::int64_t> pads = n.attrInts(u"pads");
    const std::vector<std::int64_t> dil = n.attrInts(u"dilations");
    if (x.size() == 3 || x.size() == 4) {
        const bool oneD = x.size() == 3;
        const std::int64_t inH = oneD ? 1 : x[2];
        const std::int64_t inW = oneD ? x[2] : x[3];
        const int kh = oneD ? 1 : static_cast<int>(w[2]);
        const int kw = static_cast<int>(oneD ? w[2] : w[3]);
        const std::size_t sd = oneD ? 1 : 2;  // spatial dims
        auto at = [](const std::vector<std::int64_t> &v, std::size_t i, std::int64_t fb) {
            return i < v.size() ? v[i] : fb;
        };
        const int sh = oneD ? 1 : static_cast<int>(at(strides, 0, 1));
        const int sw = static_cast<int>(at(strides, oneD ? 0 : 1, 1));
        const int dh = oneD ? 1 : static_cast<int>(at(dil, 0, 1));
        const int dw = static_cast<int>(at(dil, oneD ? 0 : 1, 1));
        const std::int64_t outH = oneD ? 1 : y[2];
        const std::int64_t outW = oneD ? y[2] : y[3];
        // Symmetric pads that reproduce the output size (asymmetric / auto_pad rounded).
        auto padFor = [](std::int64_t in, std::int64_t outSize, int kk, int s, int d) {
            const std::int64_t span = static_cast<std::int64_t>(d) * (kk - 1) + 1;
            const std::int64_t need = (outSize - 1) * s + span - in;
            return static_cast<int>(std::max<std::int64_t>(0, (need + 1) / 2));
        };
        (void)pads;
        (void)sd;
        Kernel k;
        const bool depthwise = group == cin && group > 1 && cout == cin;
        if (depthwise) {
            k = Kernel::stencil(x[0], cin, inH, inW, kh, kw, 1, 0, eb);
            k.flopsPerElement = kDepthwiseStencilFlopsPerTap;  // a multiply-add per tap: not a pooling window
            k.channelsLast = o.memoryFormat == MemoryFormat::ChannelsLast ||
                             (!channelsLastValue.empty() && channelsLastValue[static_cast<std::size_t>(xv)] != 0);
        } else {
            k = Kernel::conv2d(x[0], cin, cout, inH, inW, kh, kw, 1, 0, group, ct, eb, 1);
        }
        k.strideH = sh;
        k.strideW = sw;
        k.dilationH = dh;
        k.dilationW = dw;
        k.padH = padFor(inH, outH, kh, sh, dh);
        k.padW = padFor(inW, outW, kw, sw, dw);
        if (k.outH() != outH || k.outW() != outW) {
            // Fall back to the implicit GEMM with the exact output size.
            const std::int64_t m = x[0] * outH * outW;
            out = Kernel::gemm(m, cout / group, cin / group * kh * kw, group, false, ct, eb);
            return out.valid();
        }
        out = k;
        return out.valid();
    }
    // 3-D (and higher) convolutions: the implicit GEMM.
    std::int64_t outSpatial = 1;
    for (std::size_t i = 2; i < y.size(); ++i) {
        outSpatial *= y[i];
    }
    std::int64_t window = 1;
    for (std::size_t i = 2; i < w.size(); ++i) {
        window *= w[i];
    }
    out = Kernel::gemm(x[0] * outSpatial, cout / group, cin / group * window, group, false, ct, eb);
    return out.valid();
}

bool Lowerer::lowerPool(const Node &n, int eb, Kernel &out) const {
    const int xv = n.input(0);
    const int yv = n.output(0);
    if (xv < 0 || yv < 0 || !val(xv).shapeKnown() || !val(yv).shapeKnown()) {
        return false;
    }
    const Shape &x = val(xv).shape;
    const Shape &y = val(yv).shape;
    if (x.size() < 3 || y.size() != x.size()) {
        return false;
    }
    const std::vector<std::int64_t> ks = n.attrInts(u"kernel_shape");
    std::int64_t batchC = x[0] * x[1];
    std::int64_t inH = 1, inW = 1, outH = 1, outW = 1;
    int kh = 1, kw = 1;
    if (x.size() == 3) {
        inW = x[2];
        outW = y[2];
        kw = ks.empty() ? 1 : static_cast<int>(ks[0]);
    } else {
        inH = x[2];
        inW = x[3];
        outH = y[2];
        outW = y[3];
        kh = ks.size() > 0 ? static_cast<int>(ks[0]) : 1;
        kw = ks.size() > 1 ? static_cast<int>(ks[1]) : kh;
        for (std::size_t i = 4; i < x.size(); ++i) {
            batchC *= y[i];  // 3-D pooling: extra spatial dims as more channels (approximation)
        }
    }
    // Window count and traffic of a stencil with the real output size.
    Kernel k = Kernel::stencil(x[0], x[1], inH, inW, kh, kw, 1, 0, eb);
    const std::vector<std::int64_t> st = n.attrInts(u"strides");
    k.strideH = x.size() == 3 ? 1 : static_cast<int>(st.size() > 0 ? st[0] : 1);
    k.strideW = static_cast<int>(st.size() > (x.size() == 3 ? 0u : 1u) ? st[x.size() == 3 ? 0 : 1] : 1);
    auto padFor = [](std::int64_t in, std::int64_t outSize, int kk, int s) {
        const std::int64_t need = (outSize - 1) * s + kk - in;
        return static_cast<int>(std::max<std::int64_t>(0, (need + 1) / 2));
    };
    k.padH = padFor(inH, outH, kh, k.strideH);
    k.padW = padFor(inW, outW, kw, k.strideW);
    if (k.outH() != outH || k.outW() != outW) {
        k = Kernel::elementwise(elementCount(y), 0, 1, static_cast<double>(kh) * kw, eb);
        k.inputs = 1;
    }
    (void)batchC;
    out = k;
    return out.valid();
}

// Rows x row length of a row-wise op.
bool Lowerer::rowGeometry(int node, const Node &n, std::int64_t &rows, std::int64_t &rowLength) const {
    const OpKind k = kindOf(node);
    const int xv = n.input(0);
    if (xv < 0 || !val(xv).shapeKnown()) {
        return false;
    }
    const Shape &x = val(xv).shape;
    const std::int64_t total = elementCount(x);
    if (total <= 0) {
        return false;
    }
    const auto rank = static_cast<std::int64_t>(x.size());
    auto normAxis = [rank](std::int64_t ax) { return ax < 0 ? ax + rank : ax; };
    switch (k) {
    case OpKind::Softmax: {
        const std::int64_t def = g.opset >= 13 ? -1 : 1;
        std::int64_t ax = normAxis(n.attrInt(u"axis", def));
        ax = std::clamp<std::int64_t>(ax, 0, std::max<std::int64_t>(0, rank - 1));
        if (g.opset >= 13 || rank == 0) {
            rowLength = rank > 0 ? x[static_cast<std::size_t>(ax)] : 1;
        } else {
            rowLength = 1;
            for (std::int64_t i = ax; i < rank; ++i) {
                rowLength *= x[static_cast<std::size_t>(i)];
            }
        }
        break;
    }
    case OpKind::LayerNorm: {
        std::int64_t ax = normAxis(n.attrInt(u"axis", -1));
        ax = std::clamp<std::int64_t>(ax, 0, std::max<std::int64_t>(0, rank - 1));
        rowLength = 1;
        for (std::int64_t i = ax; i < rank; ++i) {
            rowLength *= x[static_cast<std::size_t>(i)];
        }
        break;
    }
    case OpKind::GroupNorm: {
        if (rank < 2) {
            return false;
        }
        std::int64_t groups = x[1];
        if (n.opType == QLatin1String("GroupNormalization")) {
            groups = std::max<std::int64_t>(1, n.attrInt(u"num_groups", x[1]));
        }
        rows = x[0] * groups;
        rowLength = total / std::max<std::int64_t>(1, rows);
        return rows > 0 && rowLength > 0;
    }
    case OpKind::GlobalPool:
    case OpKind::Reduce:
    default: {
        const std::int64_t outE = elems(n.output(0));
        if (n.opType == QLatin1String("CumSum") || n.opType == QLatin1String("TopK") || outE <= 0) {
            rowLength = rank > 0 ? x.back() : 1;
        } else {
            rowLength = std::max<std::int64_t>(1, total / outE);
        }
        break;
    }
    }
    rowLength = std::max<std::int64_t>(1, rowLength);
    rows = std::max<std::int64_t>(1, total / rowLength);
    return true;
}

void Lowerer::emitGeneric(int node, PlannedNode &pn, int eb) {
    const NodeCost c = nodeCost(g, node);
    if (!c.known) {
        pn.unknown = true;
        return;
    }
    if (c.shapeOnly) {
        return;
    }
    pn.approximated = true;
    const std::int64_t bytes = c.bytesRead + c.bytesWritten;
    if (c.macs > 0) {
        // Something GEMM-like we have no rule for: a square-ish GEMM of the same work.
        const std::int64_t outE = std::max<std::int64_t>(1, elems(g.nodes[static_cast<std::size_t>(node)].output(0)));
        const std::int64_t k = std::max<std::int64_t>(1, c.macs / outE);
        pushKernel(node, Kernel::gemm(outE, 1, k, 1, false, computeTypeOf(precisionOf(node)), eb));
        return;
    }
    const std::int64_t e = std::max<std::int64_t>(1, bytes / (2 * std::max(1, eb)));
    const double fpe = c.flops > 0 ? static_cast<double>(c.flops) / static_cast<double>(e) : 0.0;
    pushKernel(node, Kernel::elementwise(e, 1, 1, fpe, eb));
}

bool Lowerer::emitAttention(int node, const Node &n, ComputeType ct, int eb) {
    // Sink of an attention group: the value MatMul. Q K^T dims from the score MatMul.
    const std::vector<int> &members = membersOf[static_cast<std::size_t>(node)];
    int m1 = -1;
    for (int m : members) {
        if (m != node && kindOf(m) == OpKind::MatMul) {
            m1 = m;
        }
    }
    if (m1 < 0) {
        return false;
    }
    (void)n;
    Kernel k;
    if (!attentionKernel(m1, node, ct, eb, k)) {
        return false;
    }
    pushKernel(node, k, KernelRole::Attention);
    return true;
}

void Lowerer::emitFusedGroup(int sink) {
    const std::vector<int> &members = membersOf[static_cast<std::size_t>(sink)];
    const Node &sn = g.nodes[static_cast<std::size_t>(sink)];
    const int out = sn.output(0);
    const std::int64_t outE = elems(out);
    if (outE <= 0) {
        return;
    }
    // External inputs (values not produced inside the group) of full size, outputs read outside.
    std::vector<int> external;
    double flops = 0;
    int outputs = 0;
    int bytesSum = 0, bytesCount = 0;
    for (int m : members) {
        const Node &mn = g.nodes[static_cast<std::size_t>(m)];
        const OpKind mk = kindOf(m);
        if (!isRowKind(mk)) {
            flops += elementwiseFlops(m);  // as the op alone is priced (a scalar Pow: 8, not 16)
        }
        for (int v : mn.inputs) {
            const int p = producer(v);
            const bool inside = p >= 0 && sinkOf[static_cast<std::size_t>(p)] == sink;
            if (inside || v < 0 || folded(v)) {
                continue;
            }
            const std::int64_t e = elems(v);
            if (e > 0 && 2 * e >= outE && std::find(external.begin(), external.end(), v) == external.end()) {
                external.push_back(v);
                bytesSum += vbytes(v);
                ++bytesCount;
            }
        }
        for (int v : mn.outputs) {
            if (v < 0) {
                continue;
            }
            bool outside = a.isGraphOutput[static_cast<std::size_t>(v)];
            for (const std::int32_t *c = a.consumersBegin(v); c != a.consumersEnd(v) && !outside; ++c) {
                outside = sinkOf[static_cast<std::size_t>(*c)] != sink;
            }
            if (outside) {
                ++outputs;
                bytesSum += vbytes(v);
                ++bytesCount;
            }
        }
    }
    outputs = std::max(outputs, 1);
    const int eb = std::max(1, bytesCount > 0 ? (bytesSum + bytesCount / 2) / bytesCount : vbytes(out));
    const OpKind sk = kindOf(sink);
    if (isRowKind(sk)) {
        std::int64_t rows = 0, rowLength = 0;
        if (!rowGeometry(sink, sn, rows, rowLength)) {
            return;
        }
        Kernel k = Kernel::rowReduction(rows, rowLength,
                                        a.flopsPerElement[static_cast<std::size_t>(sink)] + flops,
                                        eb, elems(out) == rows * rowLength ? 1 : 0);
        k.inputs = std::max(1, static_cast<int>(external.size()));
        pushKernel(sink, k, KernelRole::Fused);
        return;
    }
    Kernel k = Kernel::elementwise(outE, static_cast<int>(external.size()), outputs, flops, eb);
    pushKernel(sink, k, members.size() > 1 ? KernelRole::Fused : KernelRole::Main);
}

void Lowerer::setOutputBytes(const Node &n, int bytes) {
    for (int v : n.outputs) {
        if (v < 0) {
            continue;
        }
        plan.valueBytes[static_cast<std::size_t>(v)] =
            static_cast<std::uint8_t>(isFloatValue(v) ? bytes : bytesOfDType(val(v).dtype));
    }
}

// PyTorch's ONNX exporter (TorchScript-based, eval mode) folds a BatchNorm into the Conv before it
// and names the folded weight and bias after the op ("onnx::Conv_497"), where a conv's own
// parameters keep their module names ("features.0.bias"). Eager PyTorch runs that BatchNorm as an
// aten op of its own (cudnn_batch_norm): one more host op, its kernel the bias kernel's.
bool Lowerer::isExportFoldedBatchNorm(const Node &n) const {
    // The exporter shares equal initializers through Identity nodes, whose outputs keep the name.
    auto folded = [&](int v) {
        if (v < 0 || !val(v).name.startsWith(QLatin1String("onnx::Conv_"))) {
            return false;
        }
        if (val(v).isInitializer()) {
            return true;
        }
        const int p = val(v).producer;
        if (p < 0) {
            return false;
        }
        const Node &identity = g.nodes[static_cast<std::size_t>(p)];
        return identity.opType == QLatin1String("Identity") && identity.input(0) >= 0 &&
               val(identity.input(0)).isInitializer();
    };
    return folded(n.input(1)) && folded(n.input(2));
}

// A Transpose that only swaps the last two axes and feeds MatMuls / Gemms only: cuBLAS reads the
// operand transposed, so PyTorch's .transpose(-2, -1) stays a view.
bool Lowerer::isViewTranspose(const Node &n) const {
    const int out = n.output(0);
    if (out < 0) {
        return false;
    }
    const std::vector<std::int64_t> perm = n.attrInts(u"perm");
    bool lastTwoSwap = perm.size() >= 2;
    for (std::size_t i = 0; i + 2 < perm.size(); ++i) {
        lastTwoSwap = lastTwoSwap && perm[i] == static_cast<std::int64_t>(i);
    }
    if (lastTwoSwap && perm.size() >= 2) {
        lastTwoSwap = perm[perm.size() - 2] == static_cast<std::int64_t>(perm.size() - 1) &&
                      perm[perm.size() - 1] == static_cast<std::int64_t>(perm.size() - 2);
    }
    bool allMatMul = a.consumerCount[static_cast<std::size_t>(out)] > 0 && !a.isGraphOutput[static_cast<std::size_t>(out)];
    for (const std::int32_t *c = a.consumersBegin(out); c != a.consumersEnd(out); ++c) {
        allMatMul = allMatMul && (kindOf(*c) == OpKind::MatMul || kindOf(*c) == OpKind::Gemm);
    }
    return lastTwoSwap && allMatMul;
}

// Nodes that launch no kernel of their own: shape-only and constant-folded nodes, views, nodes of
// unknown output shape, an eager addmm's bias Add and the non-sink members of a fused group. Sets
// their output storage and host cost; false when the node needs kernels.
bool Lowerer::lowerWithoutKernels(int node, const Node &n, PlannedNode &pn, OpKind k, int rb) {
    const std::size_t ni = static_cast<std::size_t>(node);
    const int out = n.output(0);
    bool allFolded = !n.outputs.empty();
    for (int v : n.outputs) {
        if (v >= 0 && !folded(v)) {
            allFolded = false;
        }
    }
    if (k == OpKind::Free || allFolded || hostScalar[ni]) {
        setOutputBytes(n, n.input(0) >= 0 && isFloatValue(n.input(0)) ? vbytes(n.input(0)) : rb);
        const bool hostShape = !fused && !mhaShape[ni] &&
                               (n.opType == QLatin1String("Shape") || n.opType == QLatin1String("Size") ||
                                ((allFolded || hostScalar[ni]) && k != OpKind::Free));
        pn.host = hostShape ? HostOpClass::Shape : HostOpClass::None;
        pn.aliasesInput = k == OpKind::Free;
        pn.kernelCount = 0;
        return true;
    }
    if (!fused && mhaSinkOf[ni] >= 0) {
        if (mhaSinkOf[ni] == node) {
            return false;  // the op itself (lowerNode)
        }
        lowerMhaMember(node, n, pn, rb);
        return true;
    }
    const bool viewTranspose = k == OpKind::Transpose && (isViewTranspose(n) || eagerViewTranspose[ni]);
    const bool layoutFolded = fused && (k == OpKind::Transpose || (k == OpKind::Copy && n.opType == QLatin1String("Concat")));
    if ((k == OpKind::View && (fused || !materialisesBroadcast(n))) || viewTranspose || layoutFolded) {
        setOutputBytes(n, n.input(0) >= 0 && isFloatValue(n.input(0)) ? vbytes(n.input(0)) : rb);
        pn.host = fused ? HostOpClass::None : HostOpClass::View;
        pn.hostOps = fused ? 0 : 1;
        pn.aliasesInput = k != OpKind::Copy;
        return true;
    }
    if (out >= 0 && elems(out) < 0) {
        setOutputBytes(n, rb);
        pn.unknown = true;
        pn.host = fused ? HostOpClass::None : HostOpClass::Op;
        pn.hostOps = fused ? 0 : 1;
        return true;
    }
    // Eager: the bias Add of an addmm is part of the MatMul's kernel.
    if (!fused && eagerBiasInto[ni] >= 0) {
        setOutputBytes(n, vbytes(g.nodes[static_cast<std::size_t>(eagerBiasInto[ni])].output(0)));
        pn.fusedInto = eagerBiasInto[ni];
        pn.host = HostOpClass::None;
        return true;
    }
    // Members of a group other than its sink emit nothing (fused groups; eager SDPA and GELU).
    if (sinkOf[ni] >= 0 && sinkOf[ni] != node) {
        setOutputBytes(n, isGemmKind(kindOf(sinkOf[ni])) ? vbytes(g.nodes[static_cast<std::size_t>(sinkOf[ni])].output(0)) : rb);
        pn.fusedInto = sinkOf[ni];
        pn.host = HostOpClass::None;
        return true;
    }
    return false;
}

void Lowerer::lowerNode(int node) {
    const std::size_t ni = static_cast<std::size_t>(node);
    const Node &n = g.nodes[ni];
    PlannedNode &pn = plan.nodes[ni];
    pn.firstKernel = static_cast<int>(plan.kernels.size());
    const OpKind k = a.kinds[ni];
    const AutocastClass ac = a.autocast[ni];
    const Precision p = precisionOf(node);
    const int rb = runBytes(node, n, p, ac);  // storage bytes of the node's floating outputs
    if (lowerWithoutKernels(node, n, pn, k, rb)) {
        noteUnknown(n, pn);  // a node of unknown output shape is skipped here: listed all the same
        return;
    }
    pn.host = fused ? HostOpClass::None : HostOpClass::Op;
    pn.hostOps = fused ? 0 : 1;
    if (!fused && mhaOpAt[ni] >= 0) {
        // The last node of a fast-path nn.MultiheadAttention: the op and its three kernels.
        setOutputBytes(n, rb);
        const OpKind sk = kindOf(node);
        pn.aliasesInput = sk == OpKind::View || sk == OpKind::Transpose;
        emitMha(node, mhaOps[static_cast<std::size_t>(mhaOpAt[ni])], p, std::max(1, rb));
        pn.kernelCount = static_cast<int>(plan.kernels.size()) - pn.firstKernel;
        return;
    }
    addCasts(node, n, p, ac, rb, pn);
    setOutputBytes(n, rb);
    const int out = n.output(0);
    const NodeLowering c{node, n, pn, k, p, computeTypeOf(p), std::max(1, rb), out, elems(out)};
    const bool groupSink = sinkOf[ni] == node;
    const bool flashAttention = groupSink && attentionMember[ni] && emitAttention(node, n, c.ct, c.eb);
    if (!flashAttention) {
        if (groupSink && !membersOf[ni].empty() && !isGemmKind(k)) {
            emitFusedGroup(node);
        } else {
            emitKernels(c);
        }
    }
    pn.kernelCount = static_cast<int>(plan.kernels.size()) - pn.firstKernel;
    if (pn.approximated && !plan.approximatedOps.contains(n.opType)) {
        plan.approximatedOps << n.opType;
    }
    noteUnknown(n, pn);
}

void Lowerer::noteUnknown(const Node &n, const PlannedNode &pn) {
    if (pn.unknown) {
        ++plan.unknownNodes;
        if (!plan.unknownOps.contains(n.opType)) {
            plan.unknownOps << n.opType;
        }
    }
}

// The kernels of a node that runs alone, by op class.
void Lowerer::emitKernels(const NodeLowering &c) {
    switch (c.kind) {
    case OpKind::MatMul: emitMatMul(c); return;
    case OpKind::Gemm: emitGemm(c); return;
    case OpKind::Conv: emitConv(c); return;
    case OpKind::ConvTranspose: emitConvTranspose(c); return;
    case OpKind::Pool: emitPool(c); return;
    case OpKind::LayerNorm:
    case OpKind::GroupNorm:
    case OpKind::Softmax:
    case OpKind::Reduce:
    case OpKind::GlobalPool: emitRowWise(c); return;
    case OpKind::Elementwise:
    case OpKind::BatchNorm: emitElementwise(c); return;
    case OpKind::Cast: emitCast(c); return;
    case OpKind::Fill: pushKernel(c.node, Kernel::elementwise(c.outE, 0, 1, 0.0, c.eb)); return;
    case OpKind::Gather: emitGather(c); return;
    case OpKind::Transpose:
    case OpKind::Copy: emitCopy(c); return;
    case OpKind::Attention:
    case OpKind::Generic:
    case OpKind::Free: emitGeneric(c.node, c.pn, c.eb); return;
    case OpKind::View:
        if (materialisesBroadcast(c.n)) {
            // Writes the repeated heads and reads each source element once from DRAM (the repeats
            // hit the cache): a copy moving (source + output) bytes.
            pushKernel(c.node, Kernel::copy((elems(expandedSource(c.n.input(0))) + c.outE) / 2, c.eb, 1));
            return;
        }
        emitGeneric(c.node, c.pn, c.eb);
        return;
    }
}

// The kernel an exact rule produced, or the memory-bound estimate when the rule did not apply.
void Lowerer::pushOrEstimate(const NodeLowering &c, bool lowered, const Kernel &k) {
    if (lowered) {
        pushKernel(c.node, k);
    } else {
        emitGeneric(c.node, c.pn, c.eb);
    }
}

void Lowerer::emitMatMul(const NodeLowering &c) {
    Kernel k;
    pushOrEstimate(c, lowerMatMul(c.node, c.n, c.ct, c.eb, k), k);
}

void Lowerer::emitGemm(const NodeLowering &c) {
    Kernel k;
    pushOrEstimate(c, lowerGemm(c.node, c.n, c.ct, c.eb, k), k);
}

void Lowerer::emitPool(const NodeLowering &c) {
    Kernel k;
    pushOrEstimate(c, lowerPool(c.n, c.eb, k), k);
}

void Lowerer::emitConv(const NodeLowering &c) {
    Kernel k;
    if (!lowerConv(c.n, convComputeTypeOf(c.precision), c.eb, k)) {
        emitGeneric(c.node, c.pn, c.eb);
        return;
    }
    // Eager FP16 / BF16 convolutions of NCHW tensors: cuDNN's tensor-core kernels run in NHWC, so the
    // op transforms its input to NHWC and its output back (nchwToNhwc / nhwcToNchw kernels, no extra
    // aten op). Depthwise convolutions are stencils (PyTorch's own NCHW kernel): none.
    const bool half = k.compute == ComputeType::FP16 || k.compute == ComputeType::BF16;
    const bool transforms = !fused && half && k.kind == KernelClass::Conv && o.memoryFormat == MemoryFormat::Contiguous &&
                            elems(c.n.input(0)) > 0 && c.outE > 0;
    if (transforms) {
        pushKernel(c.node, Kernel::copy(elems(c.n.input(0)), c.eb, 1), KernelRole::Layout);
    }
    pushKernel(c.node, k);
    if (transforms) {
        pushKernel(c.node, Kernel::copy(c.outE, c.eb, 1), KernelRole::Layout);
    }
    const bool hasBias = c.n.opType == QLatin1String("Conv") && c.n.input(2) >= 0;
    if (hasBias && !fused && c.outE > 0) {
        pushKernel(c.node, Kernel::elementwise(c.outE, 1, 1, fpe::kAdd, c.eb), KernelRole::Bias);
        if (isExportFoldedBatchNorm(c.n)) {
            ++c.pn.hostOps;  // eager runs the BatchNorm the exporter folded as an op of its own
        }
    }
}

void Lowerer::emitConvTranspose(const NodeLowering &c) {
    const int xv = c.n.input(0);
    const int wv = c.n.input(1);
    if (xv < 0 || wv < 0 || !val(xv).shapeKnown() || !val(wv).shapeKnown() || val(xv).shape.size() < 3) {
        emitGeneric(c.node, c.pn, c.eb);
        return;
    }
    const Shape &x = val(xv).shape;
    const Shape &w = val(wv).shape;
    const std::int64_t group = std::max<std::int64_t>(1, c.n.attrInt(u"group", 1));
    std::int64_t inSpatial = 1, window = 1;
    for (std::size_t i = 2; i < x.size(); ++i) {
        inSpatial *= x[i];
    }
    for (std::size_t i = 2; i < w.size(); ++i) {
        window *= w[i];
    }
    // cuDNN runs a transposed conv as the data gradient of a conv: the same GEMM work.
    pushKernel(c.node,
               Kernel::gemm(x[0] * inSpatial, w[1] * window, x[1] / group, group, false, convComputeTypeOf(c.precision), c.eb));
}

void Lowerer::emitRowWise(const NodeLowering &c) {
    std::int64_t rows = 0, rowLength = 0;
    if (!rowGeometry(c.node, c.n, rows, rowLength)) {
        emitGeneric(c.node, c.pn, c.eb);
        return;
    }
    // In-kernel types: softmax under autocast reads FP16 and writes FP32.
    int kb = c.eb;
    const int inBytes = vbytes(c.n.input(0));
    if (inBytes > 0 && inBytes != c.eb) {
        kb = std::max(1, (inBytes + c.eb + 1) / 2);
    }
    const bool fullOutput = c.outE == rows * rowLength;
    Kernel rk = Kernel::rowReduction(rows, rowLength, a.flopsPerElement[static_cast<std::size_t>(c.node)], kb,
                                     fullOutput ? 1 : 0);
    if (c.n.opType == QLatin1String("SkipLayerNormalization")) {
        rk.inputs = 2;
    }
    pushKernel(c.node, rk);
}

double Lowerer::elementwiseFlops(int node) const {
    const Node &n = g.nodes[static_cast<std::size_t>(node)];
    if (n.opType == QLatin1String("Pow")) {
        const int ev = n.input(1);
        if (ev >= 0 && (val(ev).elements() == 1 || val(ev).floatData || val(ev).intData)) {
            return fpe::kTanh;  // tensor ** scalar
        }
    }
    return a.flopsPerElement[static_cast<std::size_t>(node)];
}

void Lowerer::emitElementwise(const NodeLowering &c) {
    const double f = elementwiseFlops(c.node);
    const int inputs = c.kind == OpKind::BatchNorm ? 1 : fullInputs(c.n, c.outE);
    int inBytesSum = 0, inCount = 0;
    for (int v : c.n.inputs) {
        const std::int64_t e = elems(v);
        if (e > 0 && 2 * e >= c.outE && !folded(v)) {
            inBytesSum += vbytes(v) > 0 ? vbytes(v) : c.eb;
            ++inCount;
        }
    }
    const int kb = std::max(1, (inBytesSum + c.eb + (inCount + 1) / 2) / (inCount + 1));
    pushKernel(c.node, Kernel::elementwise(c.outE, inputs, 1, f, kb));
}

void Lowerer::emitCast(const NodeLowering &c) {
    // The graph's Cast to a floating type means "to the model's dtype" at the run's precision.
    const int in = c.n.input(0);
    const int inB = vbytes(in);
    if (c.out >= 0 && isFloatValue(c.out)) {
        setOutputBytes(c.n, c.precision == Precision::AMP ? std::max(inB, 2) : storageBytes(c.precision));
    }
    const int outB = vbytes(c.out);
    if (inB == outB && isFloatValue(in) == isFloatValue(c.out) && val(in).dtype == val(c.out).dtype) {
        // A no-op cast (same type): PyTorch returns the tensor itself.
        c.pn.aliasesInput = true;
        return;
    }
    pushKernel(c.node, Kernel::elementwise(c.outE, 1, 1, fpe::kAdd, std::max(1, (inB + outB + 1) / 2)));
}

void Lowerer::emitGather(const NodeLowering &c) {
    const int data = c.n.input(0);
    const int idx = c.n.input(1);
    const bool scalarIndex = idx >= 0 && val(idx).rankKnown && val(idx).shape.empty();
    if (c.n.opType == QLatin1String("Gather") && scalarIndex && data >= 0 && !val(data).isInitializer()) {
        // x[:, i]: a view (select) in PyTorch.
        c.pn.aliasesInput = true;
        c.pn.host = fused ? HostOpClass::None : HostOpClass::View;
        return;
    }
    pushKernel(c.node, Kernel::copy(c.outE, c.eb, 1));
}

void Lowerer::emitCopy(const NodeLowering &c) {
    const bool fill = c.n.opType == QLatin1String("OneHot") || c.n.opType == QLatin1String("Trilu");
    pushKernel(c.node, fill ? Kernel::elementwise(c.outE, 1, 1, 1.0, c.eb) : Kernel::copy(c.outE, c.eb, 1));
}

// Which 4-D activations PyTorch holds in channels-last memory: a permute from NHWC back to NCHW
// (Transpose perm 0,3,1,2) returns a view with channels-last strides, which convolutions keep (cuDNN
// writes their output in their input's format) and element-wise ops and batch norm pass on. ConvNeXt's
// blocks (permute, LayerNorm, MLP, permute back) and LayerNorm2d run the whole network so. Only the
// depthwise convolution's kernel choice reads it (cuDNN's NHWC kernel instead of PyTorch's NCHW one).
void Lowerer::findChannelsLast() {
    channelsLastValue.assign(g.values.size(), 0);
    for (const Node &n : g.nodes) {
        const int y = n.output(0);
        if (y < 0 || val(y).shape.size() != 4) {
            continue;
        }
        const OpKind kind = a.kinds[static_cast<std::size_t>(&n - g.nodes.data())];
        bool cl = false;
        if (kind == OpKind::Transpose) {
            cl = n.attrInts(u"perm") == std::vector<std::int64_t>{0, 3, 1, 2};
        } else if (kind == OpKind::Conv) {
            // cuDNN writes a convolution's output in its input's format, whatever the shapes.
            const int in = n.input(0);
            cl = in >= 0 && channelsLastValue[static_cast<std::size_t>(in)] != 0;
        } else if (kind == OpKind::Elementwise || kind == OpKind::BatchNorm) {
            // A channels-last operand of the output's shape (not a broadcast scale) sets the format.
            for (int in : n.inputs) {
                if (in >= 0 && channelsLastValue[static_cast<std::size_t>(in)] && val(in).shape == val(y).shape) {
                    cl = true;
                }
            }
        }
        channelsLastValue[static_cast<std::size_t>(y)] = cl ? 1 : 0;
    }
}

KernelPlan Lowerer::run() {
    plan.precision = o.precision;
    plan.runtime = o.runtime;
    const std::size_t nn = g.nodes.size();
    plan.nodes.assign(nn, PlannedNode{});
    plan.kernels.reserve(nn + nn / 2);
    weightCastDone.assign(g.values.size(), 0);
    initValueBytes();
    findHostScalars();
    eagerViewTranspose.assign(nn, 0);
    if (fused) {
        groupFused();
        eagerBiasInto.assign(nn, -1);
    } else {
        // Eager groups: SDPA attention (one op, one kernel), the erf GELU and SiLU (one op, one kernel each).
        sinkOf.assign(nn, -1);
        attentionMember.assign(nn, 0);
        membersOf.assign(nn, {});
        findEagerBiasFolds();
        if (o.attention != AttentionLowering::Decomposed) {
            findAttention(true);
        }
        findEagerGelu();
        findEagerSilu();
    }
    findEagerMha();
    findChannelsLast();
    for (std::size_t i = 0; i < nn; ++i) {
        lowerNode(static_cast<int>(i));
    }
    // Fused: members point at their sink; a group sink that emitted nothing keeps its members'
    // fusedInto (they are reported under it). In-place eager activations.
    int hostOps = 0;
    OpTypeMemo isInplaceOp([](const QString &op) {
        return op == QLatin1String("Relu") || op == QLatin1String("Clip") || op == QLatin1String("HardSwish") ||
               op == QLatin1String("Swish") || op == QLatin1String("HardSigmoid");
    });
    OpTypeMemo isAdd([](const QString &op) { return op == QLatin1String("Add"); });
    for (std::size_t i = 0; i < nn; ++i) {
        PlannedNode &pn = plan.nodes[i];
        hostOps += pn.hostOps;
        if (fused || pn.kernelCount != 1) {
            continue;
        }
        const Node &n = g.nodes[i];
        const bool inplaceOp = isInplaceOp(n.opType);
        const int in = n.input(0);
        // torchvision's bottleneck does `out = bn3(conv3(out)); out += identity`: an in-place add.
        const bool residualInPlace = isAdd(n.opType) && in >= 0 && producer(in) >= 0 &&
                                     kindOf(producer(in)) == OpKind::BatchNorm && elems(in) == elems(n.output(0));
        if ((inplaceOp || residualInPlace) && in >= 0 && !val(in).isGraphInput() && !val(in).isInitializer() && consumers(in) == 1 &&
            vbytes(in) == vbytes(n.output(0))) {
            pn.inPlace = true;
        }
    }
    plan.hostOps = hostOps;
    plan.layoutKernels = static_cast<int>(std::count_if(plan.kernels.begin(), plan.kernels.end(), [](const PlannedKernel &k) {
        return k.role == KernelRole::Layout;
    }));
    indexDistinctKernels(plan);
    plan.memory = memoryFootprint(g, a, plan);
    return std::move(plan);
}

}  // namespace

GraphAnalysis GraphAnalysis::of(const Graph &graph) {
    GraphAnalysis a;
    const std::size_t nn = graph.nodes.size();
    const std::size_t nv = graph.values.size();
    a.kinds.resize(nn);
    a.autocast.resize(nn);
    a.flopsPerElement.resize(nn);
    const QChar *lastData = nullptr;
    qsizetype lastSize = -1;
    OpInfo info;
    for (std::size_t i = 0; i < nn; ++i) {
        const Node &n = graph.nodes[i];
        // classify() depends on the domain too: the memo covers the default domain only.
        if (!n.domain.isEmpty() || !sameStringData(n.opType, lastData, lastSize)) {
            info = classify(n);
            lastData = n.domain.isEmpty() ? n.opType.constData() : nullptr;
            lastSize = n.domain.isEmpty() ? n.opType.size() : -1;
        }
        a.kinds[i] = info.kind;
        a.autocast[i] = info.autocast;
        a.flopsPerElement[i] = info.flops;
    }
    a.consumerCount.assign(nv, 0);
    a.isGraphOutput.assign(nv, false);
    for (const Node &n : graph.nodes) {
        for (int v : n.inputs) {
            if (v >= 0 && static_cast<std::size_t>(v) < nv) {
                ++a.consumerCount[static_cast<std::size_t>(v)];
            }
        }
    }
    a.consumerStart.assign(nv + 1, 0);
    for (std::size_t v = 0; v < nv; ++v) {
        a.consumerStart[v + 1] = a.consumerStart[v] + a.consumerCount[v];
    }
    a.consumerList.assign(static_cast<std::size_t>(a.consumerStart[nv]), 0);
    std::vector<std::int32_t> fill(a.consumerStart.begin(), a.consumerStart.end() - 1);
    for (std::size_t i = 0; i < nn; ++i) {
        for (int v : graph.nodes[i].inputs) {
            if (v >= 0 && static_cast<std::size_t>(v) < nv) {
                a.consumerList[static_cast<std::size_t>(fill[static_cast<std::size_t>(v)]++)] = static_cast<std::int32_t>(i);
            }
        }
    }
    for (int v : graph.outputs) {
        if (v >= 0 && static_cast<std::size_t>(v) < nv) {
            a.isGraphOutput[static_cast<std::size_t>(v)] = true;
            ++a.consumerCount[static_cast<std::size_t>(v)];
        }
    }
    a.fingerprint = fingerprintOf(graph);
    a.opTypes.reserve(nn);
    std::size_t wiringSize = 1 + graph.outputs.size();
    for (const Node &n : graph.nodes) {
        wiringSize += 2 + n.inputs.size() + n.outputs.size();
    }
    a.wiring.reserve(wiringSize);
    for (const Node &n : graph.nodes) {
        a.opTypes.push_back(n.opType);
        a.wiring.push_back(static_cast<std::int32_t>(n.inputs.size()));
        a.wiring.insert(a.wiring.end(), n.inputs.begin(), n.inputs.end());
        a.wiring.push_back(static_cast<std::int32_t>(n.outputs.size()));
        a.wiring.insert(a.wiring.end(), n.outputs.begin(), n.outputs.end());
    }
    a.wiring.push_back(static_cast<std::int32_t>(graph.outputs.size()));
    a.wiring.insert(a.wiring.end(), graph.outputs.begin(), graph.outputs.end());
    return a;
}

bool GraphAnalysis::matches(const Graph &graph) const {
    // An exact comparison (cheaper than hashing the op type strings again).
    if (kinds.size() != graph.nodes.size() || consumerCount.size() != graph.values.size() ||
        opTypes.size() != graph.nodes.size()) {
        return false;
    }
    const std::int32_t *w = wiring.data();
    const std::int32_t *const wEnd = w + wiring.size();
    auto same = [&w, wEnd](const std::vector<int> &v) {
        if (wEnd - w < static_cast<std::ptrdiff_t>(v.size()) + 1 || *w != static_cast<std::int32_t>(v.size())) {
            return false;
        }
        ++w;
        for (int x : v) {
            if (*w++ != x) {
                return false;
            }
        }
        return true;
    };
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
        const Node &n = graph.nodes[i];
        if (n.opType != opTypes[i] || !same(n.inputs) || !same(n.outputs)) {
            return false;
        }
    }
    return same(graph.outputs) && w == wEnd;
}

std::vector<std::int8_t> nodePrecisionVector(const Graph &graph, const QMap<QString, Precision> &overrides) {
    std::vector<std::int8_t> out;
    if (overrides.isEmpty()) {
        return out;
    }
    out.assign(graph.nodes.size(), -1);
    QHash<QString, int> byName;
    byName.reserve(static_cast<qsizetype>(graph.nodes.size()));
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
        byName.insert(graph.nodes[i].name, static_cast<int>(i));
    }
    for (auto it = overrides.constBegin(); it != overrides.constEnd(); ++it) {
        auto f = byName.constFind(it.key());
        if (f != byName.constEnd()) {
            out[static_cast<std::size_t>(*f)] = static_cast<std::int8_t>(it.value());
        }
    }
    return out;
}

void indexDistinctKernels(KernelPlan &plan) {
    const std::size_t n = plan.kernels.size();
    plan.distinct.clear();
    plan.distinctOf.assign(n, 0);
    std::size_t cap = 16;
    while (cap < 2 * n) {
        cap <<= 1;
    }
    std::vector<std::int32_t> bucket(cap, -1);  // open addressing: index into plan.distinct
    for (std::size_t i = 0; i < n; ++i) {
        const Kernel &k = plan.kernels[i].kernel;
        const std::uint64_t h = k.hash();
        std::size_t s = static_cast<std::size_t>(h) & (cap - 1);
        for (;;) {
            const std::int32_t d = bucket[s];
            if (d < 0) {
                bucket[s] = static_cast<std::int32_t>(plan.distinct.size());
                plan.distinctOf[i] = bucket[s];
                plan.distinct.push_back(DistinctKernel{static_cast<std::int32_t>(i), h, k.flops(), k.bytes()});
                break;
            }
            const DistinctKernel &dk = plan.distinct[static_cast<std::size_t>(d)];
            if (dk.hash == h && plan.kernels[static_cast<std::size_t>(dk.first)].kernel.sameAs(k)) {
                plan.distinctOf[i] = d;
                break;
            }
            s = (s + 1) & (cap - 1);
        }
    }
}

KernelPlan lowerGraph(const Graph &graph, const GraphAnalysis &analysis, const LoweringOptions &options) {
    Lowerer l(graph, analysis, options);
    return l.run();
}

KernelPlan lowerGraph(const Graph &graph, const LoweringOptions &options) {
    return lowerGraph(graph, GraphAnalysis::of(graph), options);
}

}  // namespace infersight
