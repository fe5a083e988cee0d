// SPDX-License-Identifier: MIT
#include "design/channel_group.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <numeric>
#include <set>

namespace infersight {

namespace {

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

TieKind tieKind(const Node &node) {
    static const QHash<QString, TieKind> table = [] {
        QHash<QString, TieKind> t;
        auto put = [&t](std::initializer_list<const char *> names, TieKind kind) {
            for (const char *n : names) {
                t.insert(QString::fromLatin1(n), kind);
            }
        };
        put({"Relu", "LeakyRelu", "Sigmoid", "Tanh", "Clip", "Gelu", "com.microsoft::Gelu", "com.microsoft::FastGelu",
             "com.microsoft::QuickGelu", "Swish", "HardSwish", "HardSigmoid", "Erf", "Exp", "Log", "Sqrt", "Reciprocal",
             "Neg", "Abs", "Cast", "CastLike", "Identity", "Dropout", "Softmax", "LogSoftmax", "Hardmax", "Elu", "Selu",
             "Celu", "Softplus", "Softsign", "Mish", "ThresholdedRelu", "Not", "Sin", "Cos", "Tan", "Floor", "Ceil",
             "Round", "Sign", "IsNaN", "IsInf", "Trilu", "CumSum", "Shrink", "LRN", "MeanVarianceNormalization",
             "LpNormalization", "Bernoulli"},
            TieKind::Unary);
        put({"Add", "Sub", "Mul", "Div", "Pow", "Max", "Min", "Sum", "Mean", "Where", "Equal", "Less", "Greater",
             "LessOrEqual", "GreaterOrEqual", "And", "Or", "Xor", "Mod", "BitShift", "PRelu", "BitwiseAnd",
             "BitwiseOr", "BitwiseXor", "com.microsoft::BiasGelu"},
            TieKind::Broadcast);
        put({"BatchNormalization"}, TieKind::BatchNorm);
        put({"InstanceNormalization"}, TieKind::InstanceNorm);
        put({"GroupNormalization"}, TieKind::GroupNorm);
        put({"LayerNormalization", "com.microsoft::SimplifiedLayerNormalization", "SimplifiedLayerNormalization",
             "RMSNormalization"},
            TieKind::LayerNorm);
        put({"com.microsoft::SkipLayerNormalization", "com.microsoft::SkipSimplifiedLayerNormalization"},
            TieKind::SkipLayerNorm);
        put({"MatMul", "com.microsoft::FusedMatMul"}, TieKind::MatMul);
        put({"Gemm"}, TieKind::Gemm);
        put({"Conv", "com.microsoft::FusedConv"}, TieKind::Conv);
        put({"ConvTranspose"}, TieKind::ConvTranspose);
        put({"MaxPool", "AveragePool", "LpPool", "GlobalAveragePool", "GlobalMaxPool", "GlobalLpPool"}, TieKind::Pool);
        put({"Resize", "Upsample"}, TieKind::Resize);
        put({"Transpose"}, TieKind::Transpose);
        put({"Reshape", "Flatten", "Squeeze", "Unsqueeze"}, TieKind::ReshapeLike);
        put({"Split"}, TieKind::Split);
        put({"Concat"}, TieKind::Concat);
        put({"Gather"}, TieKind::Gather);
        put({"Slice"}, TieKind::Slice);
        put({"Pad"}, TieKind::Pad);
        put({"Expand"}, TieKind::Expand);
        put({"Tile"}, TieKind::Tile);
        put({"ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1", "ReduceL2",
             "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare"},
            TieKind::Reduce);
        put({"ArgMax", "ArgMin"}, TieKind::ArgReduce);
        put({"TopK"}, TieKind::TopK);
        put({"Einsum"}, TieKind::Einsum);
        put({"Constant"}, TieKind::Constant);
        put({"QuantizeLinear", "DequantizeLinear"}, TieKind::QuantizeLinear);
        put({"Shape", "Size", "ConstantOfShape", "Range", "NonZero", "EyeLike", "RandomNormalLike",
             "RandomUniformLike", "OneHot"},
            TieKind::Barrier);
        return t;
    }();
    return table.value(node.qualifiedOp(), TieKind::Unknown);
}

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

int portValue(const Node &node, Port p) { return p.side == Side::In ? node.input(static_cast<std::size_t>(p.index)) : node.output(static_cast<std::size_t>(p.index)); }

const Shape *valueShape(const Graph &g, int v) {
    if (v < 0 || static_cast<std::size_t>(v) >= g.values.size()) {
        return nullptr;
    }
    const Value &value = g.values[static_cast<std::size_t>(v)];
    return value.rankKnown ? &value.shape : nullptr;
}

int rankOf(const Graph &g, int v) {
    const Shape *s = valueShape(g, v);
    return s ? static_cast<int>(s->size()) : -1;
}

std::int64_t dimOf(const Graph &g, int v, int axis) {
    const Shape *s = valueShape(g, v);
    if (!s || axis < 0 || static_cast<std::size_t>(axis) >= s->size()) {
        return -1;
    }
    return (*s)[static_cast<std::size_t>(axis)];
}

int normalizedAxis(std::int64_t axis, int rank) {
    if (axis < 0) {
        axis += rank;
    }
    return axis >= 0 && axis < rank ? static_cast<int>(axis) : -1;
}

QString nodeLabel(const Node &node) { return QStringLiteral("'%1' (%2)").arg(node.name, node.qualifiedOp()); }

QString dimsText(const std::vector<std::int64_t> &dims) {
    QStringList parts;
    for (std::int64_t d : dims) {
        parts << QString::number(d);
    }
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

// Reads an int tensor input (folded contents) or, failing that, an Ints attribute.
bool readIntsInputOrAttribute(const Graph &g, const Node &node, int input, const char *attribute, std::vector<std::int64_t> &out) {
    const int v = node.input(static_cast<std::size_t>(input));
    if (v >= 0) {
        const Value &value = g.values[static_cast<std::size_t>(v)];
        if (value.intData) {
            out = *value.intData;
            return true;
        }
        return false;
    }
    if (const Attribute *a = node.attribute(QString::fromLatin1(attribute)); a && a->kind == Attribute::Kind::Ints) {
        out = a->ints;
        return true;
    }
    return false;
}

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

void traceIntEntries(const Graph &g, int v, int consumer, int input, int depth, std::vector<EntrySource> &out) {
    const Value &value = g.values[static_cast<std::size_t>(v)];
    const std::int64_t n = value.elements();
    auto dynamicEntries = [&]() {
        for (std::int64_t i = 0; i < std::max<std::int64_t>(n, 0); ++i) {
            out.push_back(EntrySource{});
        }
    };
    if (n < 0 || n > 64) {
        dynamicEntries();
        return;
    }
    const bool isConstantNode = value.producer >= 0 && g.nodes[static_cast<std::size_t>(value.producer)].opType == QLatin1String("Constant");
    if ((value.isInitializer() || isConstantNode) && value.intData && static_cast<std::int64_t>(value.intData->size()) == n) {
        for (std::int64_t i = 0; i < n; ++i) {
            out.push_back(EntrySource{true, (*value.intData)[static_cast<std::size_t>(i)], v, static_cast<int>(i), consumer, input});
        }
        return;
    }
    if (value.producer < 0 || depth > 16) {
        dynamicEntries();
        return;
    }
    const Node &p = g.nodes[static_cast<std::size_t>(value.producer)];
    static const QSet<QString> passThrough{QStringLiteral("Unsqueeze"), QStringLiteral("Squeeze"), QStringLiteral("Identity"),
                                           QStringLiteral("Cast"), QStringLiteral("Reshape"), QStringLiteral("Flatten")};
    if (passThrough.contains(p.opType) && p.input(0) >= 0 && g.values[static_cast<std::size_t>(p.input(0))].elements() == n) {
        traceIntEntries(g, p.input(0), value.producer, 0, depth + 1, out);
        return;
    }
    if (p.opType == QLatin1String("Concat") && rankOf(g, v) == 1) {
        const std::size_t before = out.size();
        for (std::size_t i = 0; i < p.inputs.size(); ++i) {
            if (p.inputs[i] >= 0) {
                traceIntEntries(g, p.inputs[i], value.producer, static_cast<int>(i), depth + 1, out);
            }
        }
        if (static_cast<std::int64_t>(out.size() - before) != n) {
            out.resize(before);
            dynamicEntries();
        }
        return;
    }
    dynamicEntries();
}

std::vector<EntrySource> intEntries(const Graph &g, const Node &node, int nodeIndex, int input) {
    std::vector<EntrySource> out;
    const int v = node.input(static_cast<std::size_t>(input));
    if (v >= 0) {
        traceIntEntries(g, v, nodeIndex, input, 0, out);
    }
    return out;
}

ScaledConstant scaledFromSource(int node, int input, int entry, const EntrySource &s) {
    ScaledConstant c;
    c.node = node;
    c.input = input;
    c.entry = entry;
    c.value = s.value;
    c.sourceValue = s.sourceValue;
    c.sourceEntry = s.sourceEntry;
    c.pathConsumer = s.pathConsumer;
    c.pathInput = s.pathInput;
    return c;
}

ScaledConstant scaledAttribute(int node, const QString &attribute, int entry, std::int64_t value) {
    ScaledConstant c;
    c.node = node;
    c.attribute = attribute;
    c.entry = entry;
    c.value = value;
    return c;
}

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

ReshapeMap reshapeMap(const Graph &g, const Node &node, int nodeIndex) {
    ReshapeMap map;
    const Shape *in = valueShape(g, node.input(0));
    const Shape *out = valueShape(g, node.output(0));
    if (!in || !out || !isFullyKnown(*in) || !isFullyKnown(*out)) {
        return map;
    }
    map.inRun.assign(in->size(), -1);
    map.outRun.assign(out->size(), -1);
    std::vector<int> ia;
    std::vector<int> oa;
    for (std::size_t i = 0; i < in->size(); ++i) {
        if ((*in)[i] == 0) {
            return map;
        }
        if ((*in)[i] != 1) {
            ia.push_back(static_cast<int>(i));
        }
    }
    for (std::size_t i = 0; i < out->size(); ++i) {
        if ((*out)[i] == 0) {
            return map;
        }
        if ((*out)[i] != 1) {
            oa.push_back(static_cast<int>(i));
        }
    }
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < ia.size() && j < oa.size()) {
        AxisRun run;
        std::int64_t pi = (*in)[static_cast<std::size_t>(ia[i])];
        std::int64_t po = (*out)[static_cast<std::size_t>(oa[j])];
        run.in.push_back(ia[i++]);
        run.out.push_back(oa[j++]);
        while (pi != po) {
            if (pi < po) {
                if (i >= ia.size()) {
                    return map;
                }
                pi *= (*in)[static_cast<std::size_t>(ia[i])];
                run.in.push_back(ia[i++]);
            } else {
                if (j >= oa.size()) {
                    return map;
                }
                po *= (*out)[static_cast<std::size_t>(oa[j])];
                run.out.push_back(oa[j++]);
            }
        }
        for (int a : run.in) {
            map.inRun[static_cast<std::size_t>(a)] = static_cast<int>(map.runs.size());
        }
        for (int a : run.out) {
            map.outRun[static_cast<std::size_t>(a)] = static_cast<int>(map.runs.size());
        }
        map.runs.push_back(std::move(run));
    }
    if (i != ia.size() || j != oa.size()) {
        return map;
    }
    map.entries.assign(out->size(), ReshapeMap::Entry::Dynamic);
    if (node.opType == QLatin1String("Reshape")) {
        map.sources = intEntries(g, node, nodeIndex, 1);
        if (map.sources.size() == out->size()) {
            for (std::size_t k = 0; k < out->size(); ++k) {
                const EntrySource &s = map.sources[k];
                if (!s.constant) {
                    continue;
                }
                map.entries[k] = s.value == 0 ? ReshapeMap::Entry::Copy
                                 : s.value < 0 ? ReshapeMap::Entry::Infer
                                               : ReshapeMap::Entry::Explicit;
            }
        } else {
            map.sources.clear();
        }
    }
    map.valid = true;
    return map;
}

// ------------------------------------------------------------------------------------ classes

void addUnaryClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes) {
    const int r = rankOf(g, node.input(0));
    for (int a = 0; a < r; ++a) {
        PortClass c;
        c.ports.push_back({Side::In, 0, a});
        for (std::size_t o = 0; o < node.outputs.size(); ++o) {
            if (rankOf(g, node.outputs[o]) == r) {
                c.ports.push_back({Side::Out, static_cast<int>(o), a});
            }
        }
        classes.push_back(std::move(c));
    }
}

void addBroadcastClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes, std::size_t firstInput = 0,
                         std::size_t lastInput = SIZE_MAX) {
    const int r = rankOf(g, node.output(0));
    for (int a = 0; a < r; ++a) {
        PortClass c;
        c.broadcast = true;
        c.ports.push_back({Side::Out, 0, a});
        for (std::size_t i = firstInput; i < node.inputs.size() && i <= lastInput; ++i) {
            const int ri = rankOf(g, node.inputs[i]);
            const int b = a - (r - ri);
            if (ri >= 0 && b >= 0) {
                c.ports.push_back({Side::In, static_cast<int>(i), b});
            }
        }
        classes.push_back(std::move(c));
    }
}

void addMatMulClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes) {
    const int ra = rankOf(g, node.input(0));
    const int rb = rankOf(g, node.input(1));
    const int r = rankOf(g, node.output(0));
    if (ra < 1 || rb < 1 || r < 0) {
        return;
    }
    // K
    classes.push_back(PortClass{{{Side::In, 0, ra - 1}, {Side::In, 1, rb >= 2 ? rb - 2 : 0}}, false});
    if (ra >= 2) {  // M
        classes.push_back(PortClass{{{Side::In, 0, ra - 2}, {Side::Out, 0, rb >= 2 ? r - 2 : r - 1}}, false});
    }
    if (rb >= 2) {  // N
        classes.push_back(PortClass{{{Side::In, 1, rb - 1}, {Side::Out, 0, r - 1}}, false});
    }
    // Batch dims, broadcast, aligned from the right before the matrix dims.
    const int batchOut = r - (ra >= 2 ? 1 : 0) - (rb >= 2 ? 1 : 0);
    for (int a = 0; a < batchOut; ++a) {
        PortClass c;
        c.broadcast = true;
        c.ports.push_back({Side::Out, 0, a});
        const int ba = a - (batchOut - (ra - 2));
        const int bb = a - (batchOut - (rb - 2));
        if (ra > 2 && ba >= 0) {
            c.ports.push_back({Side::In, 0, ba});
        }
        if (rb > 2 && bb >= 0) {
            c.ports.push_back({Side::In, 1, bb});
        }
        classes.push_back(std::move(c));
    }
}

void addGemmClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes) {
    const bool ta = node.attrInt(u"transA", 0) != 0;
    const bool tb = node.attrInt(u"transB", 0) != 0;
    const int m = ta ? 1 : 0;
    const int ka = ta ? 0 : 1;
    const int kb = tb ? 1 : 0;
    const int n = tb ? 0 : 1;
    classes.push_back(PortClass{{{Side::In, 0, ka}, {Side::In, 1, kb}}, false});
    PortClass mClass{{{Side::In, 0, m}, {Side::Out, 0, 0}}, true};
    PortClass nClass{{{Side::In, 1, n}, {Side::Out, 0, 1}}, true};
    const int rc = rankOf(g, node.input(2));
    if (rc == 1) {
        nClass.ports.push_back({Side::In, 2, 0});
    } else if (rc == 2) {
        mClass.ports.push_back({Side::In, 2, 0});
        nClass.ports.push_back({Side::In, 2, 1});
    }
    classes.push_back(std::move(mClass));
    classes.push_back(std::move(nClass));
}

bool isDepthwise(const Graph &g, const Node &node, bool transposed) {
    const std::int64_t groups = node.attrInt(u"group", 1);
    const std::int64_t cin = dimOf(g, node.input(0), 1);
    const std::int64_t w1 = dimOf(g, node.input(1), transposed ? 0 : 1);
    if (groups <= 1 || cin != groups) {
        return false;
    }
    return transposed ? dimOf(g, node.input(1), 1) == 1 && dimOf(g, node.output(0), 1) == cin : w1 == 1;
}

void addConvClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes) {
    const std::int64_t groups = node.attrInt(u"group", 1);
    classes.push_back(PortClass{{{Side::In, 0, 0}, {Side::Out, 0, 0}}, false});
    PortClass out{{{Side::Out, 0, 1}, {Side::In, 1, 0}}, false};
    if (node.input(2) >= 0) {
        out.ports.push_back({Side::In, 2, 0});
    }
    if (isDepthwise(g, node, false)) {
        out.ports.push_back({Side::In, 0, 1});
        classes.push_back(std::move(out));
        return;
    }
    classes.push_back(std::move(out));
    (void)groups;
    classes.push_back(PortClass{{{Side::In, 0, 1}, {Side::In, 1, 1}}, false});  // W1 = Cin / groups
}

void addConvTransposeClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes) {
    classes.push_back(PortClass{{{Side::In, 0, 0}, {Side::Out, 0, 0}}, false});
    PortClass out{{{Side::Out, 0, 1}, {Side::In, 1, 1}}, false};  // W1 = Cout / groups
    if (node.input(2) >= 0) {
        out.ports.push_back({Side::In, 2, 0});
    }
    if (isDepthwise(g, node, true)) {
        out = PortClass{{{Side::Out, 0, 1}, {Side::In, 0, 1}, {Side::In, 1, 0}}, false};
        if (node.input(2) >= 0) {
            out.ports.push_back({Side::In, 2, 0});
        }
        classes.push_back(std::move(out));
        return;
    }
    classes.push_back(std::move(out));
    classes.push_back(PortClass{{{Side::In, 0, 1}, {Side::In, 1, 0}}, false});
}

void addNormClasses(const Graph &g, const Node &node, int paramInputs, std::vector<PortClass> &classes) {
    const int r = rankOf(g, node.input(0));
    for (int a = 0; a < r; ++a) {
        PortClass c;
        c.ports.push_back({Side::In, 0, a});
        if (rankOf(g, node.output(0)) == r) {
            c.ports.push_back({Side::Out, 0, a});
        }
        if (a == 1) {
            for (int i = 1; i <= paramInputs; ++i) {
                if (rankOf(g, node.input(static_cast<std::size_t>(i))) == 1 &&
                    dimOf(g, node.input(static_cast<std::size_t>(i)), 0) == dimOf(g, node.input(0), 1)) {
                    c.ports.push_back({Side::In, i, 0});
                }
            }
            for (std::size_t o = 1; o < node.outputs.size(); ++o) {  // BatchNorm training outputs
                if (rankOf(g, node.outputs[o]) == 1) {
                    c.ports.push_back({Side::Out, static_cast<int>(o), 0});
                }
            }
        }
        classes.push_back(std::move(c));
    }
}

void addLayerNormClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes) {
    const int r = rankOf(g, node.input(0));
    const int k = normalizedAxis(node.attrInt(u"axis", -1), r);
    for (int a = 0; a < r; ++a) {
        PortClass c;
        c.ports.push_back({Side::In, 0, a});
        c.ports.push_back({Side::Out, 0, a});
        if (k >= 0 && a >= k) {
            for (int i = 1; i <= 2; ++i) {
                const int ri = rankOf(g, node.input(static_cast<std::size_t>(i)));
                const int b = a - (r - ri);
                if (ri >= 1 && b >= 0) {
                    c.ports.push_back({Side::In, i, b});
                }
            }
        } else {
            for (std::size_t o = 1; o < node.outputs.size(); ++o) {
                if (rankOf(g, node.outputs[o]) == r) {
                    c.ports.push_back({Side::Out, static_cast<int>(o), a});
                }
            }
        }
        classes.push_back(std::move(c));
    }
}

void addSkipLayerNormClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes) {
    const int r = rankOf(g, node.input(0));
    for (int a = 0; a < r; ++a) {
        PortClass c;
        c.ports.push_back({Side::In, 0, a});
        c.ports.push_back({Side::In, 1, a});
        c.ports.push_back({Side::Out, 0, a});
        if (rankOf(g, node.output(3)) == r) {
            c.ports.push_back({Side::Out, 3, a});
        }
        if (a == r - 1) {
            for (int i = 2; i <= 4; ++i) {
                if (rankOf(g, node.input(static_cast<std::size_t>(i))) == 1) {
                    c.ports.push_back({Side::In, i, 0});
                }
            }
        }
        classes.push_back(std::move(c));
    }
}

void addSameSizeClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes) {
    // Axes whose size the op keeps (Pool: batch and channels; Resize/Pad/Slice/Tile: unchanged axes).
    const int r = rankOf(g, node.input(0));
    for (int a = 0; a < r; ++a) {
        PortClass c;
        c.broadcast = true;
        c.ports.push_back({Side::In, 0, a});
        for (std::size_t o = 0; o < node.outputs.size(); ++o) {
            if (rankOf(g, node.outputs[o]) == r) {
                c.ports.push_back({Side::Out, static_cast<int>(o), a});
            }
        }
        classes.push_back(std::move(c));
    }
}

void addTransposeClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes) {
    const int r = rankOf(g, node.input(0));
    std::vector<std::int64_t> perm = node.attrInts(u"perm");
    if (perm.empty()) {
        for (int a = r - 1; a >= 0; --a) {
            perm.push_back(a);
        }
    }
    for (std::size_t a = 0; a < perm.size(); ++a) {
        const int p = normalizedAxis(perm[a], r);
        if (p >= 0) {
            classes.push_back(PortClass{{{Side::Out, 0, static_cast<int>(a)}, {Side::In, 0, p}}, false});
        }
    }
}

void addSplitClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes) {
    const int r = rankOf(g, node.input(0));
    for (int a = 0; a < r; ++a) {
        PortClass c;
        c.ports.push_back({Side::In, 0, a});
        for (std::size_t o = 0; o < node.outputs.size(); ++o) {
            if (node.outputs[o] >= 0) {
                c.ports.push_back({Side::Out, static_cast<int>(o), a});
            }
        }
        classes.push_back(std::move(c));
    }
}

void addConcatClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes) {
    const int r = rankOf(g, node.output(0));
    const int axis = normalizedAxis(node.attrInt(u"axis", 0), r);
    for (int a = 0; a < r; ++a) {
        if (a == axis) {
            continue;
        }
        PortClass c;
        c.ports.push_back({Side::Out, 0, a});
        for (std::size_t i = 0; i < node.inputs.size(); ++i) {
            if (node.inputs[i] >= 0) {
                c.ports.push_back({Side::In, static_cast<int>(i), a});
            }
        }
        classes.push_back(std::move(c));
    }
}

void addGatherClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes) {
    const int rd = rankOf(g, node.input(0));
    const int ri = rankOf(g, node.input(1));
    const int k = normalizedAxis(node.attrInt(u"axis", 0), rd);
    if (rd < 0 || ri < 0 || k < 0) {
        return;
    }
    for (int a = 0; a < rd; ++a) {
        if (a < k) {
            classes.push_back(PortClass{{{Side::In, 0, a}, {Side::Out, 0, a}}, false});
        } else if (a > k) {
            classes.push_back(PortClass{{{Side::In, 0, a}, {Side::Out, 0, a + ri - 1}}, false});
        }
    }
    for (int b = 0; b < ri; ++b) {
        classes.push_back(PortClass{{{Side::In, 1, b}, {Side::Out, 0, k + b}}, false});
    }
}

// Reduced axes of a Reduce* node (empty vector with `all` set: every axis).
bool reducedAxes(const Graph &g, const Node &node, int r, std::vector<int> &axes) {
    std::vector<std::int64_t> raw;
    const bool fromInput = node.input(1) >= 0;
    if (fromInput) {
        const Value &v = g.values[static_cast<std::size_t>(node.input(1))];
        if (!v.intData) {
            return false;
        }
        raw = *v.intData;
    } else {
        raw = node.attrInts(u"axes");
    }
    if (raw.empty()) {
        if (node.attrInt(u"noop_with_empty_axes", 0) != 0) {
            return true;
        }
        for (int a = 0; a < r; ++a) {
            axes.push_back(a);
        }
        return true;
    }
    for (std::int64_t x : raw) {
        const int a = normalizedAxis(x, r);
        if (a < 0) {
            return false;
        }
        axes.push_back(a);
    }
    return true;
}

void addKeptAxesClasses(const Graph &g, const Node &node, const std::vector<int> &reduced, bool keepdims,
                        std::vector<PortClass> &classes) {
    const int r = rankOf(g, node.input(0));
    int outAxis = 0;
    for (int a = 0; a < r; ++a) {
        const bool isReduced = std::find(reduced.begin(), reduced.end(), a) != reduced.end();
        if (!isReduced) {
            PortClass c;
            c.ports.push_back({Side::In, 0, a});
            for (std::size_t o = 0; o < node.outputs.size(); ++o) {
                c.ports.push_back({Side::Out, static_cast<int>(o), keepdims ? a : outAxis});
            }
            classes.push_back(std::move(c));
        }
        if (keepdims || !isReduced) {
            ++outAxis;
        }
    }
}

bool addEinsumClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes) {
    const QString eq = node.attrString(u"equation").remove(QLatin1Char(' '));
    if (eq.contains(QLatin1String("...")) || !eq.contains(QLatin1String("->"))) {
        return false;
    }
    const QStringList sides = eq.split(QStringLiteral("->"));
    const QStringList terms = sides.value(0).split(QLatin1Char(','));
    std::map<QChar, PortClass> byLetter;
    for (qsizetype i = 0; i < terms.size(); ++i) {
        if (rankOf(g, node.input(static_cast<std::size_t>(i))) != terms[i].size()) {
            return false;
        }
        for (qsizetype a = 0; a < terms[i].size(); ++a) {
            byLetter[terms[i][a]].ports.push_back({Side::In, static_cast<int>(i), static_cast<int>(a)});
        }
    }
    const QString outTerm = sides.value(1);
    if (rankOf(g, node.output(0)) != outTerm.size()) {
        return false;
    }
    for (qsizetype a = 0; a < outTerm.size(); ++a) {
        byLetter[outTerm[a]].ports.push_back({Side::Out, 0, static_cast<int>(a)});
    }
    for (auto &[letter, c] : byLetter) {
        c.broadcast = true;
        classes.push_back(std::move(c));
    }
    return true;
}

// ------------------------------------------------------------------------------------- walker

class GroupWalker {
public:
    GroupWalker(const Graph &g, const std::vector<std::vector<int>> &consumers, DimSlot seed, bool derivedFromConcat)
        : m_g(g), m_consumers(consumers), m_derived(derivedFromConcat) {
        m_mask.assign(g.values.size(), 0);
        m_group.seed = seed;
        m_group.size = dimOf(g, seed.value, seed.axis);
    }

    ChannelGroup run() {
        if (m_group.seed.value < 0 || static_cast<std::size_t>(m_group.seed.value) >= m_g.values.size() ||
            m_group.seed.axis < 0 || m_group.seed.axis >= 64 || m_group.size < 1) {
            m_group.refusal = QStringLiteral("the dimension to edit has no known size");
            return m_group;
        }
        add(m_group.seed);
        while (!m_queue.empty() && m_group.refusal.isEmpty()) {
            const DimSlot s = m_queue.front();
            m_queue.pop_front();
            visit(s);
        }
        if (m_group.refusal.isEmpty()) {
            finish();
        }
        return m_group;
    }

private:
    bool member(DimSlot s) const {
        return s.value >= 0 && s.axis >= 0 && s.axis < 64 && (m_mask[static_cast<std::size_t>(s.value)] >> s.axis) & 1U;
    }

    void add(DimSlot s) {
        if (s.value < 0 || s.axis < 0 || member(s)) {
            return;
        }
        if (s.axis >= 64) {
            refuse(QStringLiteral("value '%1' has more than 64 dimensions").arg(m_g.values[static_cast<std::size_t>(s.value)].name));
            return;
        }
        const std::int64_t size = dimOf(m_g, s.value, s.axis);
        if (size < 0) {
            const Value &v = m_g.values[static_cast<std::size_t>(s.value)];
            const int p = v.producer;
            refuse(QStringLiteral("the shape of '%1'%2 is unknown, so the edit cannot be followed through it")
                       .arg(v.name, p >= 0 ? QStringLiteral(" (output of %1)").arg(nodeLabel(m_g.nodes[static_cast<std::size_t>(p)])) : QString()));
            return;
        }
        m_mask[static_cast<std::size_t>(s.value)] |= std::uint64_t{1} << s.axis;
        m_group.members.push_back(s);
        m_group.sizes.push_back(size);
        m_queue.push_back(s);
    }

    void refuse(const QString &message) {
        if (m_group.refusal.isEmpty()) {
            m_group.refusal = message;
        }
    }

    void visit(DimSlot s) {
        const Value &v = m_g.values[static_cast<std::size_t>(s.value)];
        if (v.isGraphInput()) {
            refuse(QStringLiteral("the edit reaches the model input '%1' (dimension %2 of %3), whose size the model source fixes")
                       .arg(v.name)
                       .arg(s.axis)
                       .arg(shapeToString(v.shape)));
            return;
        }
        if (v.isInitializer()) {
            if (v.intData && !isFloating(v.dtype)) {
                refuse(QStringLiteral("the edit would resize the integer constant '%1' %2").arg(v.name, shapeToString(v.shape)));
                return;
            }
            if (std::find(m_group.initializers.begin(), m_group.initializers.end(), s.value) == m_group.initializers.end()) {
                m_group.initializers.push_back(s.value);
            }
        }
        if (v.producer >= 0) {
            const Node &p = m_g.nodes[static_cast<std::size_t>(v.producer)];
            for (std::size_t o = 0; o < p.outputs.size(); ++o) {
                if (p.outputs[o] == s.value) {
                    through(v.producer, Port{Side::Out, static_cast<int>(o), s.axis});
                }
            }
        }
        for (int c : m_consumers[static_cast<std::size_t>(s.value)]) {
            const Node &n = m_g.nodes[static_cast<std::size_t>(c)];
            for (std::size_t i = 0; i < n.inputs.size(); ++i) {
                if (n.inputs[i] == s.value) {
                    through(c, Port{Side::In, static_cast<int>(i), s.axis});
                }
            }
        }
        if (std::find(m_g.outputs.begin(), m_g.outputs.end(), s.value) != m_g.outputs.end() &&
            !m_group.outputs.contains(v.name)) {
            m_group.outputs << v.name;
        }
    }

    void tiePort(int nodeIndex, Port p) {
        const int v = portValue(m_g.nodes[static_cast<std::size_t>(nodeIndex)], p);
        if (v >= 0) {
            add(DimSlot{v, p.axis});
        }
    }

    void tieClasses(int nodeIndex, Port from, const std::vector<PortClass> &classes) {
        const Node &node = m_g.nodes[static_cast<std::size_t>(nodeIndex)];
        const std::int64_t size = dimOf(m_g, portValue(node, from), from.axis);
        for (const PortClass &c : classes) {
            const bool inClass = std::any_of(c.ports.begin(), c.ports.end(), [&](const Port &p) {
                return p.side == from.side && p.index == from.index && p.axis == from.axis;
            });
            if (!inClass) {
                continue;
            }
            for (const Port &p : c.ports) {
                if (c.broadcast && dimOf(m_g, portValue(node, p), p.axis) != size) {
                    continue;
                }
                tiePort(nodeIndex, p);
            }
        }
    }

    void through(int nodeIndex, Port from) {
        m_nodes.insert(nodeIndex);
        const Node &node = m_g.nodes[static_cast<std::size_t>(nodeIndex)];
        const TieKind kind = tieKind(node);
        std::vector<PortClass> classes;
        switch (kind) {
        case TieKind::Unknown:
            refuse(QStringLiteral("node %1 has no width rule, so Infersight cannot tell how its dimensions follow the edit")
                       .arg(nodeLabel(node)));
            return;
        case TieKind::Barrier:
            return;
        case TieKind::Unary:
            addUnaryClasses(m_g, node, classes);
            break;
        case TieKind::Broadcast:
            addBroadcastClasses(m_g, node, classes);
            break;
        case TieKind::BatchNorm:
            addNormClasses(m_g, node, 4, classes);
            break;
        case TieKind::InstanceNorm:
        case TieKind::GroupNorm:
            addNormClasses(m_g, node, 2, classes);
            break;
        case TieKind::LayerNorm:
            addLayerNormClasses(m_g, node, classes);
            break;
        case TieKind::SkipLayerNorm:
            addSkipLayerNormClasses(m_g, node, classes);
            break;
        case TieKind::MatMul:
            addMatMulClasses(m_g, node, classes);
            break;
        case TieKind::Gemm:
            addGemmClasses(m_g, node, classes);
            break;
        case TieKind::Conv:
            addConvClasses(m_g, node, classes);
            break;
        case TieKind::ConvTranspose:
            addConvTransposeClasses(m_g, node, classes);
            break;
        case TieKind::Pool:
            if (from.axis >= 2 && from.side == Side::In) {
                return;  // spatial axes are the pooling window's business
            }
            addSameSizeClasses(m_g, node, classes);
            break;
        case TieKind::Resize:
        case TieKind::Pad:
        case TieKind::Tile:
        case TieKind::Slice: {
            if (from.side == Side::In && from.index != 0) {
                return;  // sizes/pads/starts inputs
            }
            const std::int64_t a = dimOf(m_g, node.input(0), from.axis);
            const std::int64_t b = dimOf(m_g, node.output(0), from.axis);
            if (a != b) {
                refuse(QStringLiteral("node %1 changes the size of the edited axis (%2 -> %3), so the edit cannot pass through it")
                           .arg(nodeLabel(node))
                           .arg(a)
                           .arg(b));
                return;
            }
            addSameSizeClasses(m_g, node, classes);
            break;
        }
        case TieKind::Transpose:
            addTransposeClasses(m_g, node, classes);
            break;
        case TieKind::ReshapeLike:
            throughReshape(nodeIndex, from);
            return;
        case TieKind::Split:
            if (from.side == Side::In && from.index != 0) {
                return;
            }
            addSplitClasses(m_g, node, classes);
            break;
        case TieKind::Concat:
            addConcatClasses(m_g, node, classes);
            break;
        case TieKind::Gather:
            addGatherClasses(m_g, node, classes);
            break;
        case TieKind::Expand: {
            if (from.side == Side::In && from.index != 0) {
                return;
            }
            // Axes the expand keeps (input dim equals output dim) are tied; broadcast axes are not.
            const int r = rankOf(m_g, node.output(0));
            const int ri = rankOf(m_g, node.input(0));
            for (int a = 0; a < r; ++a) {
                const int b = a - (r - ri);
                if (b >= 0 && dimOf(m_g, node.input(0), b) == dimOf(m_g, node.output(0), a)) {
                    classes.push_back(PortClass{{{Side::Out, 0, a}, {Side::In, 0, b}}, false});
                }
            }
            break;
        }
        case TieKind::Reduce: {
            std::vector<int> axes;
            const int r = rankOf(m_g, node.input(0));
            if (from.side == Side::In && from.index != 0) {
                return;
            }
            if (!reducedAxes(m_g, node, r, axes)) {
                refuse(QStringLiteral("node %1 reduces over axes that are not known").arg(nodeLabel(node)));
                return;
            }
            addKeptAxesClasses(m_g, node, axes, node.attrInt(u"keepdims", 1) != 0, classes);
            break;
        }
        case TieKind::ArgReduce: {
            const int r = rankOf(m_g, node.input(0));
            const int axis = normalizedAxis(node.attrInt(u"axis", 0), r);
            addKeptAxesClasses(m_g, node, {axis}, node.attrInt(u"keepdims", 1) != 0, classes);
            break;
        }
        case TieKind::TopK: {
            if (from.side == Side::In && from.index != 0) {
                return;
            }
            const int r = rankOf(m_g, node.input(0));
            const int axis = normalizedAxis(node.attrInt(u"axis", -1), r);
            if (from.axis == axis) {
                refuse(QStringLiteral("node %1 selects along the edited axis").arg(nodeLabel(node)));
                return;
            }
            addKeptAxesClasses(m_g, node, {axis}, true, classes);
            break;
        }
        case TieKind::Einsum:
            if (!addEinsumClasses(m_g, node, classes)) {
                refuse(QStringLiteral("node %1 has an equation Infersight cannot follow (ellipsis or implicit output)")
                           .arg(nodeLabel(node)));
                return;
            }
            break;
        case TieKind::Constant:
            if (from.side == Side::Out) {
                if (std::find(m_group.constantNodes.begin(), m_group.constantNodes.end(), nodeIndex) == m_group.constantNodes.end()) {
                    const Value &v = m_g.values[static_cast<std::size_t>(node.output(0))];
                    if (v.intData && !isFloating(v.dtype)) {
                        refuse(QStringLiteral("the edit would resize the integer constant %1").arg(nodeLabel(node)));
                        return;
                    }
                    m_group.constantNodes.push_back(nodeIndex);
                }
            }
            return;
        case TieKind::QuantizeLinear: {
            addUnaryClasses(m_g, node, classes);
            const int r = rankOf(m_g, node.input(0));
            const int axis = normalizedAxis(node.attrInt(u"axis", 1), r);
            if (axis >= 0) {
                for (PortClass &c : classes) {
                    if (c.ports.front().axis == axis) {
                        for (int i = 1; i <= 2; ++i) {
                            if (rankOf(m_g, node.input(static_cast<std::size_t>(i))) == 1 &&
                                dimOf(m_g, node.input(static_cast<std::size_t>(i)), 0) == dimOf(m_g, node.input(0), axis)) {
                                c.ports.push_back({Side::In, i, 0});
                            }
                        }
                    }
                }
            }
            break;
        }
        }
        tieClasses(nodeIndex, from, classes);
    }

    const ReshapeMap &mapOf(int nodeIndex) {
        auto it = m_reshapes.find(nodeIndex);
        if (it == m_reshapes.end()) {
            it = m_reshapes.emplace(nodeIndex, reshapeMap(m_g, m_g.nodes[static_cast<std::size_t>(nodeIndex)], nodeIndex)).first;
        }
        return it->second;
    }

    void throughReshape(int nodeIndex, Port from) {
        const Node &node = m_g.nodes[static_cast<std::size_t>(nodeIndex)];
        if (from.side == Side::In && from.index != 0) {
            return;  // the target shape tensor
        }
        const ReshapeMap &map = mapOf(nodeIndex);
        if (!map.valid) {
            const Shape *in = valueShape(m_g, node.input(0));
            const Shape *out = valueShape(m_g, node.output(0));
            refuse(QStringLiteral("node %1 reshapes %2 into %3, which Infersight cannot map axis by axis")
                       .arg(nodeLabel(node), in ? shapeToString(*in) : QStringLiteral("?"),
                            out ? shapeToString(*out) : QStringLiteral("?")));
            return;
        }
        const int inV = node.input(0);
        const int outV = node.output(0);
        const int runIndex = from.side == Side::In ? map.inRun[static_cast<std::size_t>(from.axis)]
                                                   : map.outRun[static_cast<std::size_t>(from.axis)];
        if (runIndex < 0) {
            return;  // a size-1 axis
        }
        const AxisRun &run = map.runs[static_cast<std::size_t>(runIndex)];
        if (run.in.size() > 1 && run.out.size() > 1) {
            std::vector<std::int64_t> a;
            std::vector<std::int64_t> b;
            for (int x : run.in) {
                a.push_back(dimOf(m_g, inV, x));
            }
            for (int x : run.out) {
                b.push_back(dimOf(m_g, outV, x));
            }
            refuse(QStringLiteral("node %1 regroups %2 into %3; Infersight cannot tell which of them the edit changes")
                       .arg(nodeLabel(node), dimsText(a), dimsText(b)));
            return;
        }
        if (from.side == Side::In) {
            if (run.out.size() == 1) {
                add(DimSlot{outV, run.out.front()});
                return;
            }
            // Split of one axis: if one of the parts is already in the group, it absorbs the change.
            for (int x : run.out) {
                if (member(DimSlot{outV, x})) {
                    return;
                }
            }
            add(DimSlot{outV, splitAbsorbingAxis(map, run, from.axis)});
            return;
        }
        if (run.in.size() == 1) {
            add(DimSlot{inV, run.in.front()});
            return;
        }
        for (int x : run.in) {
            if (member(DimSlot{inV, x})) {
                return;
            }
        }
        add(DimSlot{inV, run.in.front()});  // merge seen from the merged side: the outermost axis
    }

    static int splitAbsorbingAxis(const ReshapeMap &map, const AxisRun &run, int inAxis) {
        if (!map.entries.empty()) {
            for (int x : run.out) {
                if (map.entries[static_cast<std::size_t>(x)] == ReshapeMap::Entry::Infer) {
                    return x;
                }
            }
            for (int x : run.out) {
                if (map.entries[static_cast<std::size_t>(x)] == ReshapeMap::Entry::Copy && x == inAxis) {
                    return x;
                }
            }
            for (int x : run.out) {
                if (map.entries[static_cast<std::size_t>(x)] == ReshapeMap::Entry::Explicit) {
                    return x;
                }
            }
        }
        return run.out.front();
    }

    // ------------------------------------------------------------------- after the walk

    void finish() {
        m_group.nodes.assign(m_nodes.begin(), m_nodes.end());
        for (int n : m_group.nodes) {
            finishNode(n);
            if (!m_group.refusal.isEmpty()) {
                return;
            }
        }
    }

    bool portMember(const Node &node, Port p) const {
        const int v = portValue(node, p);
        return v >= 0 && member(DimSlot{v, p.axis});
    }

    void finishNode(int nodeIndex) {
        const Node &node = m_g.nodes[static_cast<std::size_t>(nodeIndex)];
        switch (tieKind(node)) {
        case TieKind::Conv:
        case TieKind::ConvTranspose: {
            const bool transposed = tieKind(node) == TieKind::ConvTranspose;
            const std::int64_t groups = node.attrInt(u"group", 1);
            if (groups <= 1) {
                return;
            }
            if (isDepthwise(m_g, node, transposed)) {
                if (portMember(node, {Side::Out, 0, 1})) {
                    m_group.constants.push_back(scaledAttribute(nodeIndex, QStringLiteral("group"), 0, groups));
                }
                return;
            }
            // Grouped: the per-group dims are weight dims (W1 = Cin/g for Conv) and stay whole
            // through the slot checks; the other side must stay a multiple of the group count.
            const Port other = transposed ? Port{Side::In, 0, 1} : Port{Side::Out, 0, 1};
            if (portMember(node, other)) {
                m_group.divisors.push_back({DimSlot{portValue(node, other), 1}, groups, nodeIndex});
            }
            return;
        }
        case TieKind::GroupNorm: {
            const std::int64_t groups = node.attrInt(u"num_groups", 1);
            if (groups > 1 && portMember(node, {Side::In, 0, 1})) {
                m_group.divisors.push_back({DimSlot{node.input(0), 1}, groups, nodeIndex});
            }
            return;
        }
        case TieKind::Split: {
            const int r = rankOf(m_g, node.input(0));
            const int axis = normalizedAxis(node.attrInt(u"axis", 0), r);
            if (axis < 0 || !portMember(node, {Side::In, 0, axis})) {
                return;
            }
            if (node.input(1) >= 0) {
                const std::vector<EntrySource> sources = intEntries(m_g, node, nodeIndex, 1);
                for (std::size_t k = 0; k < sources.size(); ++k) {
                    if (sources[k].constant) {
                        m_group.constants.push_back(scaledFromSource(nodeIndex, 1, static_cast<int>(k), sources[k]));
                    }
                }
            } else if (const Attribute *a = node.attribute(u"split"); a && a->kind == Attribute::Kind::Ints) {
                for (std::size_t k = 0; k < a->ints.size(); ++k) {
                    m_group.constants.push_back(scaledAttribute(nodeIndex, QStringLiteral("split"), static_cast<int>(k), a->ints[k]));
                }
            }
            return;
        }
        case TieKind::Concat: {
            const int r = rankOf(m_g, node.output(0));
            const int axis = normalizedAxis(node.attrInt(u"axis", 0), r);
            if (axis < 0) {
                return;
            }
            bool anyInput = false;
            for (std::size_t i = 0; i < node.inputs.size(); ++i) {
                anyInput = anyInput || portMember(node, {Side::In, static_cast<int>(i), axis});
            }
            const bool outMember = portMember(node, {Side::Out, 0, axis});
            if (anyInput) {
                m_group.concats.push_back(nodeIndex);
            } else if (outMember && !(m_derived && m_group.seed == DimSlot{node.output(0), axis})) {
                refuse(QStringLiteral("node %1 joins its inputs along the edited axis; edit one of its inputs instead")
                           .arg(nodeLabel(node)));
            }
            return;
        }
        case TieKind::ReshapeLike:
            finishReshape(nodeIndex);
            return;
        case TieKind::Expand: {
            const int r = rankOf(m_g, node.output(0));
            const std::vector<EntrySource> sources = intEntries(m_g, node, nodeIndex, 1);
            for (int a = 0; a < r; ++a) {
                if (!portMember(node, {Side::Out, 0, a})) {
                    continue;
                }
                const int k = a - (r - static_cast<int>(sources.size()));
                if (k < 0) {
                    continue;
                }
                const EntrySource &s = sources[static_cast<std::size_t>(k)];
                if (s.constant && s.value > 1 && s.value == dimOf(m_g, node.output(0), a)) {
                    m_group.constants.push_back(scaledFromSource(nodeIndex, 1, k, s));
                }
            }
            return;
        }
        case TieKind::Slice: {
            // Full-range slices on the edited axis whose end is written as the old size.
            const int r = rankOf(m_g, node.input(0));
            if (node.input(2) < 0) {
                return;
            }
            const std::vector<EntrySource> ends = intEntries(m_g, node, nodeIndex, 2);
            std::vector<std::int64_t> axes;
            if (!readIntsInputOrAttribute(m_g, node, 3, "axes", axes)) {
                axes.clear();
                for (std::size_t k = 0; k < ends.size(); ++k) {
                    axes.push_back(static_cast<std::int64_t>(k));
                }
            }
            for (std::size_t k = 0; k < ends.size() && k < axes.size(); ++k) {
                const int a = normalizedAxis(axes[k], r);
                if (a >= 0 && portMember(node, {Side::In, 0, a}) && ends[k].constant &&
                    ends[k].value == dimOf(m_g, node.input(0), a)) {
                    m_group.constants.push_back(scaledFromSource(nodeIndex, 2, static_cast<int>(k), ends[k]));
                }
            }
            return;
        }
        case TieKind::Resize: {
            if (node.input(3) < 0) {
                return;
            }
            const std::vector<EntrySource> sizes = intEntries(m_g, node, nodeIndex, 3);
            const int r = rankOf(m_g, node.output(0));
            for (int a = 0; a < r && static_cast<std::size_t>(a) < sizes.size(); ++a) {
                if (portMember(node, {Side::Out, 0, a}) && sizes[static_cast<std::size_t>(a)].constant) {
                    m_group.constants.push_back(scaledFromSource(nodeIndex, 3, a, sizes[static_cast<std::size_t>(a)]));
                }
            }
            return;
        }
        default:
            return;
        }
    }

    void finishReshape(int nodeIndex) {
        const Node &node = m_g.nodes[static_cast<std::size_t>(nodeIndex)];
        const ReshapeMap &map = mapOf(nodeIndex);
        if (!map.valid) {
            return;
        }
        for (const AxisRun &run : map.runs) {
            int inMembers = 0;
            int outMembers = 0;
            for (int x : run.in) {
                inMembers += member(DimSlot{node.input(0), x}) ? 1 : 0;
            }
            for (int x : run.out) {
                outMembers += member(DimSlot{node.output(0), x}) ? 1 : 0;
            }
            if (inMembers == 0 && outMembers == 0) {
                continue;
            }
            if (inMembers != 1 || outMembers != 1) {
                std::vector<std::int64_t> a;
                std::vector<std::int64_t> b;
                for (int x : run.in) {
                    a.push_back(dimOf(m_g, node.input(0), x));
                }
                for (int x : run.out) {
                    b.push_back(dimOf(m_g, node.output(0), x));
                }
                refuse(QStringLiteral("node %1 maps %2 to %3 and the edit would have to change more than one of them")
                           .arg(nodeLabel(node), dimsText(a), dimsText(b)));
                return;
            }
            if (map.sources.empty()) {
                continue;
            }
            for (int x : run.out) {
                if (member(DimSlot{node.output(0), x}) && map.entries[static_cast<std::size_t>(x)] == ReshapeMap::Entry::Explicit) {
                    m_group.constants.push_back(scaledFromSource(nodeIndex, 1, x, map.sources[static_cast<std::size_t>(x)]));
                }
            }
        }
    }

    const Graph &m_g;
    const std::vector<std::vector<int>> &m_consumers;
    bool m_derived = false;
    std::vector<std::uint64_t> m_mask;
    std::deque<DimSlot> m_queue;
    std::set<int> m_nodes;
    std::map<int, ReshapeMap> m_reshapes;
    ChannelGroup m_group;
};

ChannelGroup findGroup(const Graph &g, const std::vector<std::vector<int>> &consumers, DimSlot seed, bool derived) {
    return GroupWalker(g, consumers, seed, derived).run();
}

// ------------------------------------------------------------------------------ size arithmetic

std::int64_t lcm64(std::int64_t a, std::int64_t b) { return a / std::gcd(a, b) * b; }

// Smallest step d such that newSize multiple of d keeps `part` x newSize / size whole.
std::int64_t stepFor(std::int64_t part, std::int64_t size) { return size / std::gcd(part, size); }

bool scales(std::int64_t part, std::int64_t oldSize, std::int64_t newSize, std::int64_t &result) {
    std::int64_t p = 0;
    if (oldSize <= 0 || __builtin_mul_overflow(part, newSize, &p) || p % oldSize != 0) {
        return false;
    }
    result = p / oldSize;
    return true;
}

// The node a dimension belongs to, for messages: the producer, or the first reader of a weight.
QString slotOwner(const Graph &g, DimSlot s) {
    const Value &v = g.values[static_cast<std::size_t>(s.value)];
    if (v.producer >= 0) {
        return QStringLiteral("node %1").arg(nodeLabel(g.nodes[static_cast<std::size_t>(v.producer)]));
    }
    for (const Node &n : g.nodes) {
        if (std::find(n.inputs.begin(), n.inputs.end(), s.value) != n.inputs.end()) {
            return QStringLiteral("node %1").arg(nodeLabel(n));
        }
    }
    return QStringLiteral("'%1'").arg(v.name);
}

}  // namespace

// ------------------------------------------------------------------------------- ChannelGroup

bool ChannelGroup::contains(DimSlot slot) const { return std::find(members.begin(), members.end(), slot) != members.end(); }

std::int64_t ChannelGroup::granularity() const {
    if (size < 1) {
        return 1;
    }
    std::int64_t step = 1;
    for (std::int64_t s : sizes) {
        step = lcm64(step, stepFor(s, size));
    }
    for (const ScaledConstant &c : constants) {
        if (c.value > 0) {
            step = lcm64(step, stepFor(c.value, size));
        }
    }
    for (const DivisorRule &d : divisors) {
        const auto it = std::find(members.begin(), members.end(), d.slot);
        if (it == members.end()) {
            continue;
        }
        const std::int64_t part = sizes[static_cast<std::size_t>(it - members.begin())];
        // newSize * part / size must be a multiple of d.divisor.
        step = lcm64(step, (d.divisor * size) / std::gcd(part, d.divisor * size));
    }
    return step;
}

QString ChannelGroup::checkSize(const Graph &graph, std::int64_t newSize) const {
    if (!resizable()) {
        return refusal;
    }
    if (newSize < 1) {
        return QStringLiteral("a width must be at least 1 (asked %1)").arg(newSize);
    }
    std::int64_t scaled = 0;
    for (std::size_t i = 0; i < members.size(); ++i) {
        if (!scales(sizes[i], size, newSize, scaled)) {
            const Value &v = graph.values[static_cast<std::size_t>(members[i].value)];
            if (v.producer >= 0 && graph.nodes[static_cast<std::size_t>(v.producer)].opType == QLatin1String("Reshape")) {
                return QStringLiteral("%1 splits the edited dimension (%2) into parts with a constant target; a width of %3 would "
                                      "make its part of %4 become %4 x %3 / %2, not a whole number (the width must be a multiple of %5)")
                    .arg(slotOwner(graph, members[i]))
                    .arg(size)
                    .arg(newSize)
                    .arg(sizes[i])
                    .arg(granularity());
            }
            return QStringLiteral("%1 has a dimension of %2 ('%3' axis %4) tied to the edited width (%5); a width of %6 would make "
                                  "it %2 x %6 / %5, not a whole number (the width must be a multiple of %7)")
                .arg(slotOwner(graph, members[i]))
                .arg(sizes[i])
                .arg(v.name)
                .arg(members[i].axis)
                .arg(size)
                .arg(newSize)
                .arg(granularity());
        }
    }
    for (const ScaledConstant &c : constants) {
        if (c.value > 0 && !scales(c.value, size, newSize, scaled)) {
            const Node &n = graph.nodes[static_cast<std::size_t>(c.node)];
            return QStringLiteral("node '%1' (%2) has the constant %3 tied to the edited width; %4 would make it fractional "
                                  "(the width must be a multiple of %5)")
                .arg(n.name, n.qualifiedOp())
                .arg(c.value)
                .arg(newSize)
                .arg(granularity());
        }
    }
    for (const DivisorRule &d : divisors) {
        const auto it = std::find(members.begin(), members.end(), d.slot);
        if (it == members.end()) {
            continue;
        }
        const std::int64_t part = sizes[static_cast<std::size_t>(it - members.begin())];
        if (scales(part, size, newSize, scaled) && scaled % d.divisor != 0) {
            const Node &n = graph.nodes[static_cast<std::size_t>(d.node)];
            return QStringLiteral("node '%1' (%2) has %3 groups; %4 channels is not a multiple of %3")
                .arg(n.name, n.qualifiedOp())
                .arg(d.divisor)
                .arg(scaled);
        }
    }
    return {};
}

std::int64_t ChannelGroup::parameterElements(const Graph &graph) const {
    std::int64_t total = 0;
    for (int v : initializers) {
        const Value &value = graph.values[static_cast<std::size_t>(v)];
        if (isFloating(value.dtype) && !value.buffer && value.elements() > 0) {
            total += value.elements();
        }
    }
    return total;
}

ChannelGroup findChannelGroup(const Graph &graph, DimSlot seed) {
    const auto consumers = graph.consumers();
    return findGroup(graph, consumers, seed, false);
}

// --------------------------------------------------------------------------------- layer width

namespace {

bool isWeightLike(const Graph &g, int v, int depth = 0) {
    if (v < 0 || depth > 4) {
        return false;
    }
    const Value &value = g.values[static_cast<std::size_t>(v)];
    if (value.isInitializer()) {
        return isFloating(value.dtype) || value.dtype == DType::I8 || value.dtype == DType::U8;
    }
    if (value.producer < 0) {
        return false;
    }
    const Node &p = g.nodes[static_cast<std::size_t>(value.producer)];
    if (p.opType == QLatin1String("Constant")) {
        return true;
    }
    static const QSet<QString> passThrough{QStringLiteral("DequantizeLinear"), QStringLiteral("Identity"), QStringLiteral("Cast"),
                                           QStringLiteral("Transpose")};
    return passThrough.contains(p.opType) && isWeightLike(g, p.input(0), depth + 1);
}

}  // namespace

Result<DimSlot> layerWidthSlot(const Graph &graph, int nodeIndex) {
    if (nodeIndex < 0 || static_cast<std::size_t>(nodeIndex) >= graph.nodes.size()) {
        return Error{QStringLiteral("no node with index %1").arg(nodeIndex)};
    }
    const Node &node = graph.nodes[static_cast<std::size_t>(nodeIndex)];
    const int out = node.output(0);
    const int r = rankOf(graph, out);
    auto noWidth = [&]() {
        return Error{QStringLiteral("node %1 has no width of its own: widths belong to layers with weights (Conv, Gemm, MatMul "
                                    "with a weight, embeddings, normalisations)")
                         .arg(nodeLabel(node))};
    };
    if (r < 1) {
        return Error{QStringLiteral("the output shape of node %1 is unknown").arg(nodeLabel(node))};
    }
    switch (tieKind(node)) {
    case TieKind::Conv:
    case TieKind::ConvTranspose:
    case TieKind::BatchNorm:
    case TieKind::InstanceNorm:
    case TieKind::GroupNorm:
    case TieKind::Gemm:
        if (r < 2) {
            return noWidth();
        }
        return DimSlot{out, 1};
    case TieKind::LayerNorm:
    case TieKind::SkipLayerNorm:
        return DimSlot{out, r - 1};
    case TieKind::MatMul:
        if (isWeightLike(graph, node.input(1))) {
            return DimSlot{out, r - 1};
        }
        return Error{QStringLiteral("node %1 multiplies two activations; edit the projection that produces one of them")
                         .arg(nodeLabel(node))};
    case TieKind::Gather:
        if (isWeightLike(graph, node.input(0)) && rankOf(graph, node.input(0)) == 2 && node.attrInt(u"axis", 0) == 0) {
            return DimSlot{out, r - 1};
        }
        return noWidth();
    case TieKind::Broadcast:
        if (node.opType == QLatin1String("Add") || node.opType == QLatin1String("Mul")) {
            for (int in : node.inputs) {
                if (isWeightLike(graph, in) && rankOf(graph, in) == 1 && dimOf(graph, in, 0) > 1) {
                    return DimSlot{out, r - 1};
                }
            }
        }
        return noWidth();
    default:
        return noWidth();
    }
}

Result<HeadLayout> attentionHeads(const Graph &graph, int nodeIndex) {
    auto slot = layerWidthSlot(graph, nodeIndex);
    if (!slot) {
        return slot.error();
    }
    const ChannelGroup group = findChannelGroup(graph, *slot);
    if (!group.resizable()) {
        return Error{group.refusal};
    }
    for (int n : group.nodes) {
        const Node &node = graph.nodes[static_cast<std::size_t>(n)];
        if (node.opType != QLatin1String("Reshape")) {
            continue;
        }
        const ReshapeMap map = reshapeMap(graph, node, n);
        if (!map.valid) {
            continue;
        }
        for (const AxisRun &run : map.runs) {
            if (run.in.size() != 1 || run.out.size() < 2 || !group.contains(DimSlot{node.input(0), run.in.front()})) {
                continue;
            }
            // Heads are the outermost part of the split; the rest is the head size.
            HeadLayout h;
            h.heads = dimOf(graph, node.output(0), run.out.front());
            h.headSize = dimOf(graph, node.input(0), run.in.front()) / std::max<std::int64_t>(1, h.heads);
            h.reshapeNode = n;
            h.projection = *slot;
            if (!group.contains(DimSlot{node.output(0), run.out.front()})) {
                return Error{QStringLiteral("node %1 splits %2 into heads with a target that leaves the head size to be "
                                            "inferred; a width edit there changes the head size, not the head count")
                                 .arg(nodeLabel(node))
                                 .arg(dimOf(graph, node.input(0), run.in.front()))};
            }
            return h;
        }
    }
    return Error{QStringLiteral("no attention head split found after node %1 (expected a Reshape into [heads, head size])")
                     .arg(nodeLabel(graph.nodes[static_cast<std::size_t>(nodeIndex)]))};
}

// ------------------------------------------------------------------------------------ resizing

namespace {

struct PlannedGroup {
    ChannelGroup group;
    std::int64_t newSize = 0;
};

bool slotPlanned(const std::vector<PlannedGroup> &plans, DimSlot s, std::int64_t &newSize) {
    for (const PlannedGroup &p : plans) {
        const auto it = std::find(p.group.members.begin(), p.group.members.end(), s);
        if (it != p.group.members.end()) {
            const std::int64_t part = p.group.sizes[static_cast<std::size_t>(it - p.group.members.begin())];
            scales(part, p.group.size, p.newSize, newSize);
            return true;
        }
    }
    return false;
}

Result<std::vector<PlannedGroup>> planResize(const Graph &g, const std::vector<std::vector<int>> &consumers, DimSlot seed,
                                              std::int64_t newSize) {
    std::vector<PlannedGroup> plans;
    struct Pending {
        DimSlot slot;
        std::int64_t size;
        bool derived;
    };
    std::deque<Pending> pending{{seed, newSize, false}};
    while (!pending.empty()) {
        const Pending next = pending.front();
        pending.pop_front();
        std::int64_t already = 0;
        if (slotPlanned(plans, next.slot, already)) {
            if (already != next.size) {
                const Value &v = g.values[static_cast<std::size_t>(next.slot.value)];
                return Error{QStringLiteral("the edit would need dimension %1 of '%2' to be both %3 and %4 (a Concat feeds back into "
                                            "its own inputs)")
                                 .arg(next.slot.axis)
                                 .arg(v.name)
                                 .arg(already)
                                 .arg(next.size)};
            }
            continue;
        }
        if (plans.size() >= 256) {
            return Error{QStringLiteral("the edit spreads through more than 256 Concat-joined groups")};
        }
        ChannelGroup group = findGroup(g, consumers, next.slot, next.derived);
        if (!group.resizable()) {
            return Error{group.refusal};
        }
        if (const QString problem = group.checkSize(g, next.size); !problem.isEmpty()) {
            return Error{problem};
        }
        for (const PlannedGroup &p : plans) {
            for (const DimSlot &s : group.members) {
                if (p.group.contains(s)) {
                    return Error{QStringLiteral("a Concat's output is tied back to one of its inputs at '%1'")
                                     .arg(g.values[static_cast<std::size_t>(s.value)].name)};
                }
            }
        }
        const std::vector<int> concats = group.concats;
        plans.push_back(PlannedGroup{std::move(group), next.size});
        for (int c : concats) {
            const Node &node = g.nodes[static_cast<std::size_t>(c)];
            const int r = rankOf(g, node.output(0));
            const int axis = normalizedAxis(node.attrInt(u"axis", 0), r);
            std::int64_t total = 0;
            for (int in : node.inputs) {
                if (in < 0) {
                    continue;
                }
                std::int64_t s = 0;
                if (!slotPlanned(plans, DimSlot{in, axis}, s)) {
                    s = dimOf(g, in, axis);
                }
                total += s;
            }
            pending.push_back({DimSlot{node.output(0), axis}, total, true});
        }
    }
    return plans;
}

// Applies the planned changes to `g` (shapes of initializers, Constant tensors, scaled constants).
void applyPlans(Graph &g, const std::vector<PlannedGroup> &plans) {
    std::map<std::tuple<int, int, int>, int> clones;  // (source, consumer, input) -> new value
    std::vector<int> references(g.values.size(), 0);
    for (const Node &n : g.nodes) {
        for (int in : n.inputs) {
            if (in >= 0) {
                ++references[static_cast<std::size_t>(in)];
            }
        }
    }
    for (const PlannedGroup &p : plans) {
        const ChannelGroup &group = p.group;
        auto scaled = [&](std::int64_t part) {
            std::int64_t r = part;
            scales(part, group.size, p.newSize, r);
            return r;
        };
        for (std::size_t i = 0; i < group.members.size(); ++i) {
            const DimSlot s = group.members[i];
            Value &v = g.values[static_cast<std::size_t>(s.value)];
            if (!v.isInitializer()) {
                continue;
            }
            const std::size_t a = static_cast<std::size_t>(s.axis);
            if (a < v.shape.size()) {
                v.shape[a] = scaled(group.sizes[i]);
            }
            if (a < v.declared.size()) {
                v.declared[a].value = scaled(group.sizes[i]);
            }
            v.floatData.reset();
        }
        for (int n : group.constantNodes) {
            Node &node = g.nodes[static_cast<std::size_t>(n)];
            const Attribute *a = node.attribute(u"value");
            const int out = node.output(0);
            if (!a || a->kind != Attribute::Kind::Tensor || !a->tensor || out < 0) {
                continue;
            }
            TensorInfo t = *a->tensor;
            for (std::size_t i = 0; i < group.members.size(); ++i) {
                if (group.members[i].value == out && static_cast<std::size_t>(group.members[i].axis) < t.dims.size()) {
                    t.dims[static_cast<std::size_t>(group.members[i].axis)] = scaled(group.sizes[i]);
                }
            }
            t.floatData.reset();
            t.intData.reset();
            node.setAttribute(QStringLiteral("value"), Attribute::fromTensor(std::move(t)));
        }
        for (const ScaledConstant &c : group.constants) {
            const std::int64_t newValue = scaled(c.value);
            if (c.input < 0) {
                Node &node = g.nodes[static_cast<std::size_t>(c.node)];
                const Attribute *a = node.attribute(c.attribute);
                if (!a) {
                    continue;
                }
                if (a->kind == Attribute::Kind::Int) {
                    node.setAttribute(c.attribute, Attribute::fromInt(newValue));
                } else if (a->kind == Attribute::Kind::Ints && static_cast<std::size_t>(c.entry) < a->ints.size()) {
                    std::vector<std::int64_t> ints = a->ints;
                    ints[static_cast<std::size_t>(c.entry)] = newValue;
                    node.setAttribute(c.attribute, Attribute::fromInts(std::move(ints)));
                }
                continue;
            }
            // A constant tensor entry: edit it in place when only this path reads it, else clone it
            // for the consumer on the path.
            int target = c.sourceValue;
            if (target < 0) {
                continue;
            }
            const auto key = std::make_tuple(c.sourceValue, c.pathConsumer, c.pathInput);
            if (auto it = clones.find(key); it != clones.end()) {
                target = it->second;
            } else if (static_cast<std::size_t>(c.sourceValue) < references.size() && references[static_cast<std::size_t>(c.sourceValue)] > 1) {
                const Value &src = g.values[static_cast<std::size_t>(c.sourceValue)];
                Value clone;
                clone.name = QStringLiteral("%1.edited.%2").arg(src.name).arg(g.values.size());
                clone.dtype = src.dtype;
                clone.kind = ValueKind::Initializer;
                clone.declaredRankKnown = src.rankKnown;
                for (std::int64_t d : src.shape) {
                    clone.declared.push_back(Dim::fixed(d));
                }
                clone.shape = src.shape;
                clone.rankKnown = src.rankKnown;
                clone.intData = src.intData;
                clone.buffer = true;
                target = g.addValue(std::move(clone));
                g.nodes[static_cast<std::size_t>(c.pathConsumer)].inputs[static_cast<std::size_t>(c.pathInput)] = target;
                clones.emplace(key, target);
            } else {
                clones.emplace(key, target);
            }
            Value &t = g.values[static_cast<std::size_t>(target)];
            if (t.intData && static_cast<std::size_t>(c.sourceEntry) < t.intData->size()) {
                (*t.intData)[static_cast<std::size_t>(c.sourceEntry)] = newValue;
            }
            if (t.producer >= 0) {  // a Constant node: its attribute is what propagation reads
                Node &cn = g.nodes[static_cast<std::size_t>(t.producer)];
                if (const Attribute *a = cn.attribute(u"value"); a && a->kind == Attribute::Kind::Tensor && a->tensor) {
                    TensorInfo info = *a->tensor;
                    if (info.intData && static_cast<std::size_t>(c.sourceEntry) < info.intData->size()) {
                        (*info.intData)[static_cast<std::size_t>(c.sourceEntry)] = newValue;
                        cn.setAttribute(QStringLiteral("value"), Attribute::fromTensor(std::move(info)));
                    }
                } else if (const Attribute *ints = cn.attribute(u"value_ints"); ints && ints->kind == Attribute::Kind::Ints) {
                    std::vector<std::int64_t> data = ints->ints;
                    if (static_cast<std::size_t>(c.sourceEntry) < data.size()) {
                        data[static_cast<std::size_t>(c.sourceEntry)] = newValue;
                        cn.setAttribute(QStringLiteral("value_ints"), Attribute::fromInts(std::move(data)));
                    }
                } else if (cn.attribute(u"value_int")) {
                    cn.setAttribute(QStringLiteral("value_int"), Attribute::fromInt(newValue));
                }
            }
        }
    }
}

// The shapes of every value before an edit, flat (one allocation instead of one per value).
struct ShapeSnapshot {
    std::vector<std::int64_t> dims;
    std::vector<std::uint32_t> offset;  // values + 1 entries
    std::vector<std::uint8_t> known;
    std::int64_t parameters = 0;

    static ShapeSnapshot of(const Graph &g) {
        ShapeSnapshot s;
        s.offset.reserve(g.values.size() + 1);
        s.known.reserve(g.values.size());
        s.dims.reserve(g.values.size() * 4);
        s.offset.push_back(0);
        for (const Value &v : g.values) {
            s.dims.insert(s.dims.end(), v.shape.begin(), v.shape.end());
            s.offset.push_back(static_cast<std::uint32_t>(s.dims.size()));
            s.known.push_back(v.rankKnown ? 1 : 0);
        }
        s.parameters = g.parameterCount();
        return s;
    }
    std::size_t count() const { return known.size(); }
    std::size_t rank(std::size_t v) const { return offset[v + 1] - offset[v]; }
    bool same(std::size_t v, const Shape &shape) const {
        return rank(v) == shape.size() && std::equal(shape.begin(), shape.end(), dims.begin() + offset[v]);
    }
    Shape shape(std::size_t v) const { return Shape(dims.begin() + offset[v], dims.begin() + offset[v + 1]); }
};

// Checks the re-propagated graph: group members have their new sizes, nothing else changed.
QString verifyResize(const ShapeSnapshot &before, const Graph &after, const std::vector<std::vector<int>> &consumers,
                     const std::vector<PlannedGroup> &plans, const PropagationReport &report, QStringList *changedNodes,
                     QStringList *outputsChanged) {
    std::vector<std::vector<std::pair<int, std::int64_t>>> expected(before.count());
    for (const PlannedGroup &p : plans) {
        for (std::size_t i = 0; i < p.group.members.size(); ++i) {
            std::int64_t s = 0;
            scales(p.group.sizes[i], p.group.size, p.newSize, s);
            expected[static_cast<std::size_t>(p.group.members[i].value)].emplace_back(p.group.members[i].axis, s);
        }
    }
    auto nodeError = [&](int node) -> QString {
        for (const auto &[n, message] : report.nodeErrors) {
            if (n == node) {
                return message;
            }
        }
        return {};
    };
    std::set<int> changed;
    Shape want;
    for (std::size_t v = 0; v < before.count(); ++v) {
        if (!before.known[v]) {
            continue;
        }
        const Value &b = after.values[v];
        if (expected[v].empty() && b.rankKnown && before.same(v, b.shape)) {
            continue;  // the common case: untouched
        }
        const int producer = b.producer;
        auto where = [&]() {
            return producer >= 0 ? QStringLiteral(" (output of %1)").arg(nodeLabel(after.nodes[static_cast<std::size_t>(producer)]))
                                 : QString();
        };
        if (!b.rankKnown || b.shape.size() != before.rank(v)) {
            const QString err = producer >= 0 ? nodeError(producer) : QString();
            return err.isEmpty() ? QStringLiteral("after the edit the shape of '%1'%2 is no longer known").arg(b.name, where())
                                 : QStringLiteral("the edited graph is inconsistent: %1").arg(err);
        }
        want = before.shape(v);
        for (const auto &[axis, size] : expected[v]) {
            if (static_cast<std::size_t>(axis) < want.size()) {
                want[static_cast<std::size_t>(axis)] = size;
            }
        }
        if (want != b.shape) {
            return QStringLiteral("after the edit '%1'%2 is %3, not the expected %4; the edit cannot be made consistent there")
                .arg(b.name, where(), shapeToString(b.shape), shapeToString(want));
        }
        if (!before.same(v, b.shape)) {
            if (producer >= 0) {
                changed.insert(producer);
            }
            if (v < consumers.size()) {
                for (int c : consumers[v]) {
                    changed.insert(c);
                }
            }
            if (std::find(after.outputs.begin(), after.outputs.end(), static_cast<int>(v)) != after.outputs.end()) {
                outputsChanged->append(b.name);
            }
        }
    }
    for (int n : changed) {
        changedNodes->append(after.nodes[static_cast<std::size_t>(n)].name);
    }
    return {};
}

// Plans, applies, re-propagates and checks on `graph` itself. On failure `graph` may be left
// half-edited: callers work on a copy they can drop.
Result<ResizeSummary> resizeInPlace(Graph &graph, const std::vector<std::vector<int>> &consumers, DimSlot seed,
                                    std::int64_t newSize, const ShapeBindings &bindings,
                                    std::vector<PlannedGroup> *plansOut = nullptr) {
    auto plans = planResize(graph, consumers, seed, newSize);
    if (!plans) {
        return plans.error();
    }
    const ShapeSnapshot before = ShapeSnapshot::of(graph);
    applyPlans(graph, *plans);
    ResizeSummary summary;
    summary.report = propagateShapes(graph, bindings);
    if (const QString problem = verifyResize(before, graph, consumers, *plans, summary.report, &summary.changedNodes,
                                             &summary.outputsChanged);
        !problem.isEmpty()) {
        return Error{problem};
    }
    summary.oldSize = plans->front().group.size;
    summary.newSize = newSize;
    summary.groups = static_cast<int>(plans->size());
    summary.parametersBefore = before.parameters;
    summary.parametersAfter = graph.parameterCount();
    if (plansOut) {
        *plansOut = std::move(*plans);
    }
    return summary;
}

std::int64_t makeDivisible8(double value) {
    const std::int64_t d = 8;
    std::int64_t v = std::max<std::int64_t>(d, static_cast<std::int64_t>(value + d / 2.0) / d * d);
    if (static_cast<double>(v) < 0.9 * value) {
        v += d;
    }
    return v;
}

}  // namespace

Result<ResizeSummary> resizeChannelsInPlace(Graph &graph, DimSlot seed, std::int64_t newSize, const ShapeBindings &bindings) {
    if (seed.value < 0 || static_cast<std::size_t>(seed.value) >= graph.values.size()) {
        return Error{QStringLiteral("no value with index %1").arg(seed.value)};
    }
    if (dimOf(graph, seed.value, seed.axis) == newSize) {
        ResizeSummary same;
        same.oldSize = same.newSize = newSize;
        same.parametersBefore = same.parametersAfter = graph.parameterCount();
        return same;
    }
    const auto consumers = graph.consumers();
    return resizeInPlace(graph, consumers, seed, newSize, bindings);
}

Result<ResizedGraph> resizeChannels(const Graph &graph, DimSlot seed, std::int64_t newSize, const ShapeBindings &bindings) {
    ResizedGraph result;
    result.graph = graph;
    auto summary = resizeChannelsInPlace(result.graph, seed, newSize, bindings);
    if (!summary) {
        return summary.error();
    }
    result.summary = std::move(*summary);
    return result;
}

Result<ScaledGraph> scaleAllWidths(const Graph &graph, double multiplier, const ShapeBindings &bindings) {
    if (!(multiplier > 0.0) || !std::isfinite(multiplier)) {
        return Error{QStringLiteral("the width multiplier must be a positive number (got %1)").arg(multiplier)};
    }
    ScaledGraph result;
    result.graph = graph;
    result.parametersBefore = graph.parameterCount();
    if (multiplier == 1.0) {
        result.parametersAfter = result.parametersBefore;
        return result;
    }
    // Seeds and groups are found on the original graph; each group is resized in turn on the
    // running graph (same value indices: edits only append values).
    std::vector<std::uint64_t> done(graph.values.size(), 0);
    const auto originalConsumers = graph.consumers();
    for (std::size_t n = 0; n < graph.nodes.size(); ++n) {
        auto slot = layerWidthSlot(graph, static_cast<int>(n));
        if (!slot || (slot->axis < 64 && ((done[static_cast<std::size_t>(slot->value)] >> slot->axis) & 1U))) {
            continue;
        }
        const Node &node = graph.nodes[n];
        const ChannelGroup group = findGroup(graph, originalConsumers, *slot, false);
        for (const DimSlot &s : group.members) {
            if (s.axis < 64) {
                done[static_cast<std::size_t>(s.value)] |= std::uint64_t{1} << s.axis;
            }
        }
        if (!group.resizable()) {
            result.skipped << QStringLiteral("'%1' (%2)").arg(node.name, group.refusal);
            continue;
        }
        if (!group.outputs.isEmpty()) {
            result.skipped << QStringLiteral("'%1' (its width is the size of model output '%2')").arg(node.name, group.outputs.front());
            continue;
        }
        const std::int64_t step = lcm64(group.granularity(), group.size % 8 == 0 ? 8 : 1);
        const double wanted = static_cast<double>(group.size) * multiplier;
        std::int64_t target = group.size % 8 == 0 ? makeDivisible8(wanted) : std::llround(wanted);
        target = std::max<std::int64_t>(step, static_cast<std::int64_t>(std::llround(static_cast<double>(target) / static_cast<double>(step))) * step);
        if (target == group.size) {
            continue;
        }
        // The group's current size on the running graph may differ if a Concat derived it already.
        const std::int64_t current = dimOf(result.graph, group.seed.value, group.seed.axis);
        if (current != group.size) {
            continue;
        }
        std::vector<PlannedGroup> plans;
        const auto consumers = result.graph.consumers();
        if (auto plan = planResize(result.graph, consumers, group.seed, target); !plan) {
            result.skipped << QStringLiteral("'%1' (%2)").arg(node.name, plan.errorMessage());
            continue;
        }
        Graph attempt = result.graph;
        auto resized = resizeInPlace(attempt, consumers, group.seed, target, bindings, &plans);
        if (!resized) {
            result.skipped << QStringLiteral("'%1' (%2)").arg(node.name, resized.errorMessage());
            continue;
        }
        for (const PlannedGroup &p : plans) {
            for (const DimSlot &s : p.group.members) {
                if (s.axis < 64 && static_cast<std::size_t>(s.value) < done.size()) {
                    done[static_cast<std::size_t>(s.value)] |= std::uint64_t{1} << s.axis;
                }
            }
        }
        result.graph = std::move(attempt);
        result.report = resized->report;
        ++result.groupsScaled;
    }
    if (result.groupsScaled == 0) {
        result.report = propagateShapes(result.graph, bindings);
    }
    result.parametersAfter = result.graph.parameterCount();
    return result;
}

}  // namespace infersight
