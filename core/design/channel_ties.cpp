// SPDX-License-Identifier: MIT
// How ops tie the dimensions of their inputs and outputs (see channel_ties.h).
#include "design/channel_ties.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <map>
#include <numeric>

namespace infersight::channel_ties {

// ------------------------------------------------------------------------------------------ ops

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

namespace {

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

}  // namespace

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

void addBroadcastClasses(const Graph &g, const Node &node, std::vector<PortClass> &classes, std::size_t firstInput,
                         std::size_t lastInput) {
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

// ------------------------------------------------------------------------------ size arithmetic

std::int64_t lcm64(std::int64_t a, std::int64_t b) { return a / std::gcd(a, b) * b; }

std::int64_t stepFor(std::int64_t part, std::int64_t size) { return size / std::gcd(part, size); }

bool scales(std::int64_t part, std::int64_t oldSize, std::int64_t newSize, std::int64_t &result) {
    std::int64_t p = 0;
    if (oldSize <= 0 || __builtin_mul_overflow(part, newSize, &p) || p % oldSize != 0) {
        return false;
    }
    result = p / oldSize;
    return true;
}

}  // namespace infersight::channel_ties
