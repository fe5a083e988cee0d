// SPDX-License-Identifier: MIT
// Work and traffic of every node at its propagated shapes.
//
// Counting conventions
// ====================
// MACs — multiply-accumulates of matrix products and convolutions only (what torchvision's
//   "GFLOPS" column and most papers count):
//   Conv (incl. grouped, depthwise, dilated, 1-D/3-D; ConvInteger, QLinearConv, FusedConv)
//       N * Cout * prod(output spatial) * (Cin / group) * prod(kernel)
//       = elements(Y) * elements(W) / Cout.
//   ConvTranspose  N * Cin * prod(input spatial) * (Cout / group) * prod(kernel)
//       = elements(X) * elements(W) / Cin.
//   Gemm  M * N * K.   MatMul (and MatMulInteger, QLinearMatMul, FusedMatMul) with broadcasting
//       prod(broadcast batch) * M * N * K = elements(Y) * K; a 1-D operand counts as M = 1 / N = 1.
//   Einsum  product of the sizes of all distinct indices (and of the broadcast ellipsis dims).
//   com.microsoft Attention  B*S*H*(Hq+Hk+Hv) (QKV projection) + B*S*T*Hqk (Q K^T, summed over
//       heads) + B*S*T*Hv (scores x V), T = past + S. MultiHeadAttention: the two products only.
// FLOPs — every floating-point operation: 2 per MAC, plus
//   bias of Conv/ConvTranspose: 1 per output element; Gemm's C: 1 per output element;
//   attention: scale 1 + softmax 5 per score, bias 1 per projected element;
//   element-wise ops: `per element` below times the output elements;
//   reductions (Reduce*, ArgMax/ArgMin, GlobalPool, CumSum, NonZero): per input element;
//   pooling: prod(kernel) per output element (LpPool 2x);
//   Resize/Upsample: nearest 0 (a copy), linear 3 per lerp and 2^r - 1 lerps per output element,
//   cubic 7 per 4-tap filter and (4^r - 1)/3 filters per output element, r = resized axes;
//   TopK: input elements * ceil(log2(k + 1)).
//   Per-element counts: 1 for + - * / mod, min/max, comparisons, logic, abs/neg/sign, floor/ceil/
//   round, Relu, and for one math-library call (Exp, Log, Sqrt, Reciprocal, Sin, Cos, Tan, the
//   inverse and hyperbolic functions, Tanh); composed activations count their pieces: Sigmoid 4
//   (neg, exp, add, div), LeakyRelu/PRelu 2, Clip 2, Pow 3 (log, mul, exp), Softplus 3,
//   Softsign 3, Elu 4, Selu 5, Celu 5, HardSigmoid 4, HardSwish 5, Mish 5, Swish 5, Erf 8 (a
//   polynomial: no hardware instruction), Gelu 12 (div, erf, add, 2 mul), FastGelu 10,
//   BiasGelu 13, QuickGelu 6; variadic Sum/Max/Min (n-1) and Mean n per output element.
//   Normalisations per element: BatchNormalization 2 (inference: folded scale and shift),
//   LayerNormalization / InstanceNormalization / GroupNormalization 8 (mean 1, subtract 1,
//   square 1, variance 1, normalise 2, scale 1, shift 1), SimplifiedLayerNormalization / RMS 5,
//   SkipLayerNormalization 10, MeanVarianceNormalization 6, LpNormalization 3, LRN 2*size + 3;
//   Softmax / LogSoftmax 5 (max, subtract, exp, sum, divide), Hardmax 2, CumSum 1;
//   QuantizeLinear 3, DequantizeLinear 2, DynamicQuantizeLinear 5 per input element, Shrink 2,
//   RotaryEmbedding 3, BiasAdd 2, GridSample 13 (bilinear 9 + coordinates 4), RoiAlign 36
//   (4 bilinear samples), MaxRoiPool 1 per input element. NonMaxSuppression has a rule but its
//   output count is data dependent, so its cost stays unknown.
// Bytes — tensor sizes by dtype, each read and written once (no cache model):
//   read = every distinct present input, weights included; written = every present output.
//   Exceptions that move only part of an input: Gather / GatherElements / GatherND / Slice read
//   as many data bytes as they write (plus their index arguments), not the whole table.
// Copies and layout (Transpose, Concat, Split, Slice, Gather*, Scatter*, Expand, Tile, Pad, Cast,
//   CastLike, Where, DepthToSpace, SpaceToDepth, Resize nearest, Trilu, OneHot, Compress...) count
//   bytes and 0 FLOPs. Fills (ConstantOfShape, Range, EyeLike, Random*) write their output only.
// Shape-only (shapeOnly = true, all zero): Shape, Size, Constant, Reshape, Flatten, Squeeze,
//   Unsqueeze, Identity, Dropout (inference), and any node whose outputs were all constant-folded
//   during propagation (shape arithmetic a runtime evaluates once, at build time).
// Parameters — elements (and bytes) of the floating-point initializers a node reads, except
//   buffers (Value::buffer: BatchNorm statistics, masks, position ids), which count as bytes read
//   but not as parameters; graphCost() takes Graph::parameterCount() / parameterBytes(), which
//   count every parameter once.
// Unknown — a node whose op has no cost rule, or whose input/output shapes are not all known,
//   gets known = false and all-zero figures; graphCost() counts it in unknownNodes and leaves it
//   out of the sums (it never silently counts as zero work).
#include "graph/node_cost.h"

#include "graph/shape_rules.h"


#include <algorithm>
#include <cmath>
#include <limits>

namespace infersight {

namespace {

// Counts at or past this value (2^61) mark an overflow: mul/add/scaled saturate there, and nodeCost
// refuses a node with a saturated figure (NodeCost::overflow) instead of reporting the number.
constexpr std::int64_t kSaturated = std::numeric_limits<std::int64_t>::max() / 4;

std::int64_t mul(std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    if (a < 0 || b < 0) {
        return 0;
    }
    return __builtin_mul_overflow(a, b, &r) || r > kSaturated ? kSaturated : r;
}

std::int64_t add(std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    if (a < 0 || b < 0) {
        return kSaturated;  // dtypeBytes() of a count that does not fit
    }
    return __builtin_add_overflow(a, b, &r) || r > kSaturated ? kSaturated : r;
}

std::int64_t scaled(std::int64_t elements, double perElement) {
    const double v = static_cast<double>(elements) * perElement;
    return v >= static_cast<double>(kSaturated) ? kSaturated : static_cast<std::int64_t>(std::llround(v));
}

enum class CostKind : std::uint8_t {
    ShapeOnly,
    Copy,            // bytes only
    Gathering,       // bytes only; reads what it writes (+ indices) from input 0
    Fill,            // writes its output only
    Elementwise,     // perElement * output elements
    Variadic,        // (inputs - 1 + perElement) * output elements
    PerInput,        // perElement * elements of input 0
    Conv,            // weight at input 1
    QConv,           // weight at input 3
    ConvTranspose,
    Gemm,
    MatMul,          // B at input 1
    QMatMul,         // B at input 3
    FusedMatMul,
    Einsum,
    Pool,
    Resize,
    TopK,
    Lrn,
    Attention,
    MultiHeadAttention,
};

struct CostRule {
    CostKind kind = CostKind::Copy;
    double perElement = 0.0;
};

struct CostTable {
    shape_rules::OpNameTable<CostRule> onnx;
    shape_rules::OpNameTable<CostRule> microsoft;
};

const CostTable &costTable() {
    static const CostTable table = [] {
        CostTable t;
        auto on = [&t](std::initializer_list<const char *> ops, CostKind kind, double perElement = 0.0) {
            for (const char *op : ops) {
                t.onnx.insert(QString::fromLatin1(op), CostRule{kind, perElement});
            }
        };
        auto ms = [&t](std::initializer_list<const char *> ops, CostKind kind, double perElement = 0.0) {
            for (const char *op : ops) {
                t.microsoft.insert(QString::fromLatin1(op), CostRule{kind, perElement});
            }
        };
        on({"Shape", "Size", "Constant", "Reshape", "Flatten", "Squeeze", "Unsqueeze", "Identity", "Dropout"},
           CostKind::ShapeOnly);
        on({"Transpose", "Concat", "Split", "Expand", "Tile", "Pad", "CenterCropPad", "Cast", "CastLike", "Where",
            "DepthToSpace", "SpaceToDepth", "Trilu", "OneHot", "Compress", "ScatterND", "ScatterElements", "Scatter",
            "ReverseSequence"},
           CostKind::Copy);
        on({"Gather", "GatherElements", "GatherND", "Slice"}, CostKind::Gathering);
        on({"ConstantOfShape", "Range", "EyeLike", "RandomNormal", "RandomUniform", "RandomNormalLike",
            "RandomUniformLike", "Bernoulli"},
           CostKind::Fill);
        on({"Add", "Sub", "Mul", "Div", "Mod", "Neg", "Abs", "Sign", "Floor", "Ceil", "Round", "Relu", "Equal",
            "Less", "Greater", "LessOrEqual", "GreaterOrEqual", "And", "Or", "Xor", "Not", "IsNaN", "IsInf",
            "BitShift", "BitwiseAnd", "BitwiseOr", "BitwiseXor", "BitwiseNot", "Exp", "Log", "Sqrt", "Reciprocal",
            "Sin", "Cos", "Tan", "Asin", "Acos", "Atan", "Sinh", "Cosh", "Asinh", "Acosh", "Atanh", "Tanh",
            "ThresholdedRelu", "CumSum"},
           CostKind::Elementwise, 1);
        on({"LeakyRelu", "PRelu", "Clip", "Shrink", "Hardmax", "DequantizeLinear"}, CostKind::Elementwise, 2);
        on({"Pow", "Softplus", "Softsign", "QuantizeLinear", "LpNormalization"}, CostKind::Elementwise, 3);
        on({"Sigmoid", "Elu", "HardSigmoid"}, CostKind::Elementwise, 4);
        on({"Selu", "Celu", "HardSwish", "Mish", "Swish", "Softmax", "LogSoftmax", "SimplifiedLayerNormalization",
            "RMSNormalization"},
           CostKind::Elementwise, 5);
        on({"MeanVarianceNormalization"}, CostKind::Elementwise, 6);
        on({"Erf", "LayerNormalization", "InstanceNormalization", "GroupNormalization"}, CostKind::Elementwise, 8);
        on({"Gelu"}, CostKind::Elementwise, 12);
        on({"BatchNormalization"}, CostKind::Elementwise, 2);
        on({"DynamicQuantizeLinear"}, CostKind::PerInput, 5);
        on({"Sum", "Max", "Min"}, CostKind::Variadic, 0);
        on({"Mean"}, CostKind::Variadic, 1);
        on({"ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceLogSum", "ArgMax", "ArgMin",
            "GlobalAveragePool", "GlobalMaxPool", "NonZero"},
           CostKind::PerInput, 1);
        on({"ReduceL1", "ReduceL2", "ReduceSumSquare", "GlobalLpPool"}, CostKind::PerInput, 2);
        on({"ReduceLogSumExp"}, CostKind::PerInput, 3);
        on({"Conv", "ConvInteger"}, CostKind::Conv);
        on({"QLinearConv"}, CostKind::QConv);
        on({"ConvTranspose"}, CostKind::ConvTranspose);
        on({"Gemm"}, CostKind::Gemm);
        on({"MatMul", "MatMulInteger"}, CostKind::MatMul);
        on({"QLinearMatMul"}, CostKind::QMatMul);
        on({"Einsum"}, CostKind::Einsum);
        on({"MaxPool", "AveragePool"}, CostKind::Pool, 1);
        on({"LpPool"}, CostKind::Pool, 2);
        on({"MaxRoiPool"}, CostKind::PerInput, 1);
        on({"NonMaxSuppression"}, CostKind::PerInput, 1);  // output count is data dependent: unknown
        on({"RoiAlign"}, CostKind::Elementwise, 36);   // 4 bilinear samples of 9 FLOPs per output
        on({"GridSample"}, CostKind::Elementwise, 13);  // bilinear: 3 lerps (9) + coordinates (4)
        on({"Resize", "Upsample"}, CostKind::Resize);
        on({"TopK"}, CostKind::TopK);
        on({"LRN"}, CostKind::Lrn);

        ms({"Gelu"}, CostKind::Elementwise, 12);
        ms({"FastGelu"}, CostKind::Elementwise, 10);
        ms({"BiasGelu"}, CostKind::Elementwise, 13);
        ms({"QuickGelu"}, CostKind::Elementwise, 6);
        ms({"BiasAdd"}, CostKind::Elementwise, 2);
        ms({"RotaryEmbedding"}, CostKind::Elementwise, 3);
        ms({"QuantizeLinear"}, CostKind::Elementwise, 3);
        ms({"DequantizeLinear"}, CostKind::Elementwise, 2);
        ms({"SkipLayerNormalization"}, CostKind::Elementwise, 10);
        ms({"SkipSimplifiedLayerNormalization"}, CostKind::Elementwise, 7);
        ms({"SimplifiedLayerNormalization"}, CostKind::Elementwise, 5);
        ms({"LayerNormalization"}, CostKind::Elementwise, 8);
        ms({"EmbedLayerNormalization"}, CostKind::Elementwise, 10);
        ms({"FusedConv"}, CostKind::Conv);
        ms({"FusedMatMul"}, CostKind::FusedMatMul);
        ms({"Attention"}, CostKind::Attention);
        ms({"MultiHeadAttention"}, CostKind::MultiHeadAttention);
        return t;
    }();
    return table;
}

bool isDefaultDomain(const QString &domain) { return domain.isEmpty() || domain == QLatin1String("ai.onnx"); }

const CostRule *findCostRule(const Node &node) {
    const CostTable &t = costTable();
    if (isDefaultDomain(node.domain)) {
        return t.onnx.find(node.opType);
    }
    return node.domain == QLatin1String("com.microsoft") ? t.microsoft.find(node.opType) : nullptr;
}

const Value *valueAt(const Graph &graph, int index) {
    return index >= 0 && static_cast<std::size_t>(index) < graph.values.size()
               ? &graph.values[static_cast<std::size_t>(index)]
               : nullptr;
}

const Value *inputOf(const Graph &graph, const Node &node, std::size_t i) { return valueAt(graph, node.input(i)); }

const Shape *knownShape(const Graph &graph, const Node &node, std::size_t i) {
    const Value *v = inputOf(graph, node, i);
    return v && v->shapeKnown() ? &v->shape : nullptr;
}

// Element count of a value whose shape is fully known, else -1 (elementCount is -1 for unknown dims).
std::int64_t elementsOf(const Value *v) { return v && v->rankKnown ? elementCount(v->shape) : -1; }

std::int64_t productFrom(const Shape &s, std::size_t begin) {
    std::int64_t p = 1;
    for (std::size_t k = begin; k < s.size(); ++k) {
        p = mul(p, s[k]);
    }
    return p;
}

// MACs and the extra FLOPs of the compute-heavy kinds. False when the shapes do not allow it.
bool heavyWork(const Graph &graph, const Node &node, CostKind kind, std::int64_t outElements, NodeCost &cost) {
    switch (kind) {
    case CostKind::Conv:
    case CostKind::QConv: {
        const std::size_t wi = kind == CostKind::QConv ? 3 : 1;
        const Shape *w = knownShape(graph, node, wi);
        if (!w || w->size() < 3 || (*w)[0] <= 0) {
            return false;
        }
        // elements(Y) * (Cin/group) * prod(kernel)
        cost.macs = mul(outElements, productFrom(*w, 1));
        const std::size_t biasIndex = kind == CostKind::QConv ? 8 : 2;
        cost.flops = add(mul(2, cost.macs), inputOf(graph, node, biasIndex) ? outElements : 0);
        if (node.domain == QLatin1String("com.microsoft")) {
            cost.flops = add(cost.flops, outElements);  // FusedConv's activation
        }
        return true;
    }
    case CostKind::ConvTranspose: {
        const Shape *x = knownShape(graph, node, 0);
        const Shape *w = knownShape(graph, node, 1);
        if (!x || !w || w->size() < 3) {
            return false;
        }
        // elements(X) * (Cout/group) * prod(kernel)
        cost.macs = mul(elementCount(*x), productFrom(*w, 1));
        cost.flops = add(mul(2, cost.macs), inputOf(graph, node, 2) ? outElements : 0);
        return true;
    }
    case CostKind::Gemm: {
        const Shape *a = knownShape(graph, node, 0);
        if (!a || a->size() != 2) {
            return false;
        }
        const std::int64_t k = node.attrInt(u"transA", 0) != 0 ? (*a)[0] : (*a)[1];
        cost.macs = mul(outElements, k);
        cost.flops = add(mul(2, cost.macs), inputOf(graph, node, 2) ? outElements : 0);
        return true;
    }
    case CostKind::MatMul:
    case CostKind::QMatMul:
    case CostKind::FusedMatMul: {
        const Shape *a = knownShape(graph, node, 0);
        if (!a || a->empty()) {
            return false;
        }
        std::int64_t k = a->back();
        if (kind == CostKind::FusedMatMul && node.attrInt(u"transA", 0) != 0 && a->size() >= 2) {
            k = (*a)[a->size() - 2];
        }
        cost.macs = mul(outElements, k);
        cost.flops = mul(2, cost.macs);
        return true;
    }
    case CostKind::Einsum: {
        const Attribute *eq = node.attribute(u"equation");
        if (!eq || eq->kind != Attribute::Kind::String) {
            return false;
        }
        const shape_rules::EinsumEquation equation = shape_rules::parseEinsum(eq->s);
        std::vector<const Shape *> operands;
        for (std::size_t i = 0; i < node.inputs.size(); ++i) {
            operands.push_back(knownShape(graph, node, i));
        }
        shape_rules::EinsumSizes sizes;
        QString error;
        if (!shape_rules::einsumSizes(equation, operands, sizes, error)) {
            return false;
        }
        std::array<bool, 128> used{};
        std::int64_t product = productFrom(sizes.ellipsis, 0);
        for (const std::string &term : equation.inputs) {
            for (char c : term) {
                if (c != '.' && !used[static_cast<std::size_t>(c)]) {
                    used[static_cast<std::size_t>(c)] = true;
                    const std::int64_t d = sizes.letter[static_cast<std::size_t>(c)];
                    if (d < 0) {
                        return false;
                    }
                    product = mul(product, d);
                }
            }
        }
        cost.macs = product;
        cost.flops = mul(2, cost.macs);
        return true;
    }
    case CostKind::Attention: {
        const Shape *x = knownShape(graph, node, 0);
        const Shape *w = knownShape(graph, node, 1);
        if (!x || !w || x->size() != 3 || w->size() != 2) {
            return false;
        }
        const std::int64_t b = (*x)[0];
        const std::int64_t s = (*x)[1];
        const std::int64_t hidden = (*x)[2];
        std::int64_t hq = (*w)[1] / 3;
        std::int64_t hk = hq;
        std::int64_t hv = (*w)[1] - 2 * hq;
        if (const Attribute *a = node.attribute(u"qkv_hidden_sizes"); a && a->kind == Attribute::Kind::Ints && a->ints.size() == 3) {
            hq = a->ints[0];
            hk = a->ints[1];
            hv = a->ints[2];
        }
        std::int64_t past = 0;
        if (const Shape *p = knownShape(graph, node, 4); p && p->size() == 5) {
            past = (*p)[3];
        }
        const std::int64_t heads = std::max<std::int64_t>(node.attrInt(u"num_heads", 1), 1);
        const std::int64_t total = past + s;
        const std::int64_t projected = mul(mul(b, s), hq + hk + hv);
        const std::int64_t scores = mul(mul(mul(b, heads), s), total);
        cost.macs = add(add(mul(projected, hidden), mul(mul(mul(b, s), total), hq)),
                        mul(mul(mul(b, s), total), hv));
        cost.flops = add(add(mul(2, cost.macs), mul(6, scores)), inputOf(graph, node, 2) ? projected : 0);
        return true;
    }
    case CostKind::MultiHeadAttention: {
        const Shape *q = knownShape(graph, node, 0);
        const Shape *k = knownShape(graph, node, 1);
        const Shape *v = knownShape(graph, node, 2);
        if (!q || !k || !v || q->size() != 3 || k->size() != 3 || v->size() != 3) {
            return false;
        }
        const std::int64_t heads = std::max<std::int64_t>(node.attrInt(u"num_heads", 1), 1);
        const std::int64_t bsl = mul(mul((*q)[0], (*q)[1]), (*k)[1]);
        cost.macs = add(mul(bsl, (*q)[2]), mul(bsl, (*v)[2]));
        cost.flops = add(mul(2, cost.macs), mul(6, mul(bsl, heads)));
        return true;
    }
    default:
        return false;
    }
}

std::int64_t resizeFlops(const Graph &graph, const Node &node, std::int64_t outElements) {
    const QString mode = node.attrString(u"mode", QStringLiteral("nearest"));
    const Value *x = inputOf(graph, node, 0);
    const Value *y = valueAt(graph, node.output(0));
    int resized = 0;
    if (x && y && x->shape.size() == y->shape.size()) {
        for (std::size_t k = 0; k < x->shape.size(); ++k) {
            resized += x->shape[k] != y->shape[k] ? 1 : 0;
        }
    }
    resized = std::min(resized, 8);
    if (mode == QLatin1String("linear") || mode == QLatin1String("bilinear") || mode == QLatin1String("trilinear")) {
        return mul(outElements, 3 * ((std::int64_t{1} << resized) - 1));
    }
    if (mode == QLatin1String("cubic") || mode == QLatin1String("bicubic")) {
        std::int64_t filters = 0;
        std::int64_t power = 1;
        for (int k = 0; k < resized; ++k) {
            filters += power;  // 1 + 4 + 16 + ... = (4^r - 1) / 3
            power *= 4;
        }
        return mul(outElements, 7 * filters);
    }
    return 0;
}

}  // namespace

bool hasCostRule(const QString &qualifiedOp) {
    const CostTable &t = costTable();
    const qsizetype sep = qualifiedOp.indexOf(QLatin1String("::"));
    if (sep < 0) {
        return t.onnx.contains(qualifiedOp);
    }
    const QString domain = qualifiedOp.left(sep);
    const QString op = qualifiedOp.mid(sep + 2);
    if (isDefaultDomain(domain)) {
        return t.onnx.contains(op);
    }
    return domain == QLatin1String("com.microsoft") && t.microsoft.contains(op);
}

int stackedWeightSliced(const Graph &graph, const Node &node) {
    if (node.opType != QLatin1String("Slice") || !node.domain.isEmpty()) {
        return -1;
    }
    const Value *data = valueAt(graph, node.input(0));
    const Value *axes = valueAt(graph, node.input(3));
    if (!data || data->kind != ValueKind::Initializer || !isFloating(data->dtype) || !data->rankKnown || data->shape.size() != 3 ||
        !axes || !axes->intData || *axes->intData != std::vector<std::int64_t>{0}) {
        return -1;
    }
    return node.input(0);
}

NodeCost nodeCost(const Graph &graph, int nodeIndex) {
    NodeCost cost;
    cost.known = false;
    if (nodeIndex < 0 || static_cast<std::size_t>(nodeIndex) >= graph.nodes.size()) {
        return cost;
    }
    const Node &node = graph.nodes[static_cast<std::size_t>(nodeIndex)];

    const CostRule *rule = findCostRule(node);
    if (!rule) {
        return cost;
    }
    // Outputs must all be sized; they are also all a shape-only node needs.
    std::int64_t written = 0;
    bool anyOutput = false;
    bool allFolded = true;
    for (int o : node.outputs) {
        if (o < 0) {
            continue;
        }
        const Value *v = valueAt(graph, o);
        const std::int64_t n = elementsOf(v);
        if (n < 0) {
            return cost;
        }
        anyOutput = true;
        allFolded = allFolded && (v->intData || v->floatData);
        written = add(written, dtypeBytes(v->dtype, n));
    }
    if (!anyOutput) {
        return cost;
    }
    if (rule->kind == CostKind::ShapeOnly || allFolded) {
        cost.known = true;
        cost.shapeOnly = true;
        return cost;
    }

    // Inputs: bytes of each distinct present input; parameters of floating initializers.
    std::int64_t read = 0;
    const auto begin = node.inputs.begin();
    for (std::size_t i = 0; i < node.inputs.size(); ++i) {
        const int index = node.inputs[i];
        const Value *v = valueAt(graph, index);
        if (!v) {
            continue;
        }
        if (i > 0 && std::find(begin, begin + static_cast<std::ptrdiff_t>(i), index) != begin + static_cast<std::ptrdiff_t>(i)) {
            continue;
        }
        const std::int64_t n = elementsOf(v);
        if (n < 0) {
            return cost;
        }
        const std::int64_t bytes = dtypeBytes(v->dtype, n);
        if (v->kind == ValueKind::Initializer && isFloating(v->dtype) && !v->buffer) {
            cost.params = add(cost.params, n);
            cost.paramBytes = add(cost.paramBytes, bytes);
        }
        if (rule->kind == CostKind::Gathering && i == 0) {
            continue;  // only the gathered part is read: counted as the output size below
        }
        read = add(read, bytes);
    }
    if (rule->kind == CostKind::Gathering) {
        read = add(read, written);
    }
    cost.bytesRead = rule->kind == CostKind::Fill ? 0 : read;
    cost.bytesWritten = written;
    if (stackedWeightSliced(graph, node) >= 0) {
        // The active experts of a stacked expert weight: a view (the grouped GEMM reading it counts
        // the bytes); its parameters stay counted here.
        cost.bytesRead = 0;
        cost.bytesWritten = 0;
    }

    const Value *out0 = valueAt(graph, node.output(0));
    const std::int64_t outElements = std::max<std::int64_t>(elementsOf(out0), 0);
    const std::int64_t inElements = std::max<std::int64_t>(elementsOf(inputOf(graph, node, 0)), 0);
    switch (rule->kind) {
    case CostKind::ShapeOnly:
    case CostKind::Copy:
    case CostKind::Gathering:
    case CostKind::Fill:
        break;
    case CostKind::Elementwise:
        cost.flops = scaled(outElements, rule->perElement);
        break;
    case CostKind::Variadic: {
        std::int64_t present = 0;
        for (int in : node.inputs) {
            present += in >= 0 ? 1 : 0;
        }
        cost.flops = scaled(outElements, static_cast<double>(std::max<std::int64_t>(present - 1, 0)) + rule->perElement);
        break;
    }
    case CostKind::PerInput:
        cost.flops = scaled(inElements, rule->perElement);
        break;
    case CostKind::Pool: {
        const Attribute *k = node.attribute(u"kernel_shape");
        std::int64_t window = 1;
        if (k && k->kind == Attribute::Kind::Ints) {
            for (std::int64_t d : k->ints) {
                window = mul(window, std::max<std::int64_t>(d, 0));
            }
        }
        cost.flops = scaled(mul(outElements, window), rule->perElement);
        break;
    }
    case CostKind::Resize:
        cost.flops = resizeFlops(graph, node, outElements);
        break;
    case CostKind::TopK: {
        const Value *outValue = out0;
        const Value *x = inputOf(graph, node, 0);
        std::int64_t k = 1;
        if (x && outValue && x->shape.size() == outValue->shape.size()) {
            for (std::size_t d = 0; d < x->shape.size(); ++d) {
                if (x->shape[d] != outValue->shape[d]) {
                    k = outValue->shape[d];
                }
            }
        }
        const double levels = std::ceil(std::log2(static_cast<double>(std::max<std::int64_t>(k, 1)) + 1.0));
        cost.flops = scaled(inElements, levels);
        break;
    }
    case CostKind::Lrn:
        cost.flops = scaled(outElements, 2.0 * static_cast<double>(std::clamp<std::int64_t>(node.attrInt(u"size", 1), 0, 1 << 20)) + 3.0);
        break;
    default:
        if (!heavyWork(graph, node, rule->kind, outElements, cost)) {
            return NodeCost{0, 0, 0, 0, 0, 0, false, false};
        }
        break;
    }
    const std::pair<std::int64_t, const char *> counts[] = {{cost.macs, "MACs"},           {cost.flops, "FLOPs"},
                                                            {cost.bytesRead, "bytes read"}, {cost.bytesWritten, "bytes written"},
                                                            {cost.params, "parameters"},     {cost.paramBytes, "parameter bytes"}};
    for (const auto &[count, field] : counts) {
        if (count >= kSaturated) {
            NodeCost refused;
            refused.known = false;
            refused.overflow = true;
            refused.overflowField = field;
            return refused;
        }
    }
    cost.known = true;
    return cost;
}

GraphCost graphCost(const Graph &graph) {
    GraphCost total;
    total.nodes.reserve(graph.nodes.size());
    for (std::size_t n = 0; n < graph.nodes.size(); ++n) {
        NodeCost c = nodeCost(graph, static_cast<int>(n));
        if (c.known) {
            total.macs = add(total.macs, c.macs);
            total.flops = add(total.flops, c.flops);
            total.bytesRead = add(total.bytesRead, c.bytesRead);
            total.bytesWritten = add(total.bytesWritten, c.bytesWritten);
        } else {
            ++total.unknownNodes;
        }
        if (c.overflow && total.overflow.isEmpty()) {
            const Node &node = graph.nodes[n];
            total.overflow = QStringLiteral("node '%1' (%2): its %3 do not fit in a 64-bit count")
                                 .arg(node.name, node.qualifiedOp(), QLatin1String(c.overflowField));
        }
        total.nodes.push_back(c);
    }
    total.params = graph.parameterCount();
    total.paramBytes = graph.parameterBytes();
    const std::pair<std::int64_t, const char *> sums[] = {{total.macs, "MACs"},         {total.flops, "FLOPs"},
                                                          {total.bytesRead, "bytes read"}, {total.bytesWritten, "bytes written"},
                                                          {total.params, "parameters"},   {total.paramBytes, "parameter bytes"}};
    for (const auto &[sum, field] : sums) {
        if ((sum >= kSaturated || sum < 0) && total.overflow.isEmpty()) {
            total.overflow = QStringLiteral("the model's total %1 do not fit in a 64-bit count").arg(QLatin1String(field));
        }
    }
    return total;
}

}  // namespace infersight
