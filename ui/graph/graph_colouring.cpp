// SPDX-License-Identifier: MIT
#include "graph/graph_colouring.h"

#include "charts/palette.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <array>
#include <cmath>

namespace infersight {

namespace {

const QHash<QString, OpFamily> &familyTable() {
    static const QHash<QString, OpFamily> table = [] {
        QHash<QString, OpFamily> t;
        auto add = [&t](OpFamily f, std::initializer_list<const char *> ops) {
            for (const char *op : ops) {
                t.insert(QString::fromLatin1(op), f);
            }
        };
        add(OpFamily::Convolution, {"Conv", "ConvTranspose", "ConvInteger", "QLinearConv", "DeformConv", "FusedConv"});
        add(OpFamily::MatrixProduct, {"MatMul", "Gemm", "MatMulInteger", "QLinearMatMul", "Einsum", "FusedMatMul",
                                      "MatMulNBits", "GemmFastGelu"});
        add(OpFamily::Attention, {"Softmax", "LogSoftmax", "Attention", "MultiHeadAttention", "GroupQueryAttention",
                                  "ScaledDotProductAttention", "FlashAttention", "PackedAttention"});
        add(OpFamily::Normalisation, {"BatchNormalization", "LayerNormalization", "InstanceNormalization",
                                      "GroupNormalization", "RMSNormalization", "SimplifiedLayerNormalization",
                                      "SkipLayerNormalization", "SkipSimplifiedLayerNormalization", "LpNormalization",
                                      "MeanVarianceNormalization", "LRN"});
        add(OpFamily::Activation, {"Relu", "Gelu", "FastGelu", "BiasGelu", "QuickGelu", "Sigmoid", "Tanh", "Silu",
                                   "HardSwish", "HardSigmoid", "LeakyRelu", "Elu", "Selu", "Celu", "PRelu", "Softplus",
                                   "Softsign", "Mish", "Erf", "Clip", "ThresholdedRelu", "Relu6"});
        add(OpFamily::Elementwise, {"Add", "Sub", "Mul", "Div", "Pow", "Sqrt", "Exp", "Log", "Neg", "Abs", "Where",
                                    "Equal", "Less", "LessOrEqual", "Greater", "GreaterOrEqual", "Not", "And", "Or",
                                    "Xor", "Max", "Min", "Sum", "Mean", "Cast", "CastLike", "Reciprocal", "Floor",
                                    "Ceil", "Round", "Sin", "Cos", "Sign", "Mod", "BitShift", "IsNaN", "IsInf",
                                    "Dropout", "BiasAdd", "Trilu", "Rotary", "RotaryEmbedding"});
        add(OpFamily::Pooling, {"MaxPool", "AveragePool", "GlobalAveragePool", "GlobalMaxPool", "LpPool",
                                "GlobalLpPool", "MaxRoiPool", "RoiAlign", "Resize", "Upsample", "AdaptiveAvgPool2d"});
        add(OpFamily::Reduction, {"ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1",
                                  "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare", "ArgMax", "ArgMin",
                                  "TopK", "CumSum"});
        add(OpFamily::Embedding, {"Gather", "GatherElements", "GatherND", "ScatterND", "Scatter", "ScatterElements",
                                  "OneHot", "EmbedLayerNormalization"});
        add(OpFamily::Layout, {"Reshape", "Transpose", "Flatten", "Squeeze", "Unsqueeze", "Concat", "Split", "Slice",
                               "Expand", "Tile", "Pad", "Shape", "Size", "Constant", "ConstantOfShape", "Identity",
                               "Range", "DepthToSpace", "SpaceToDepth", "NonZero", "SplitToSequence",
                               "SequenceConstruct"});
        return t;
    }();
    return table;
}

}  // namespace

QString graphColourModeName(GraphColourMode mode) {
    switch (mode) {
    case GraphColourMode::Latency: return QStringLiteral("latency");
    case GraphColourMode::Bound: return QStringLiteral("bound");
    case GraphColourMode::OpType: return QStringLiteral("op");
    }
    return {};
}

std::optional<GraphColourMode> graphColourModeFromName(const QString &name) {
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("latency") || n == QLatin1String("heat")) {
        return GraphColourMode::Latency;
    }
    if (n == QLatin1String("bound")) {
        return GraphColourMode::Bound;
    }
    if (n == QLatin1String("op") || n == QLatin1String("optype") || n == QLatin1String("op-type")) {
        return GraphColourMode::OpType;
    }
    return std::nullopt;
}

OpFamily opFamily(const QString &opType) {
    const qsizetype sep = opType.lastIndexOf(QLatin1String("::"));
    const QString op = sep >= 0 ? opType.mid(sep + 2) : opType;
    return familyTable().value(op, OpFamily::Other);
}

QString opFamilyLabel(OpFamily family) {
    switch (family) {
    case OpFamily::Convolution: return QCoreApplication::translate("infersight::GraphColouring", "convolution");
    case OpFamily::MatrixProduct: return QCoreApplication::translate("infersight::GraphColouring", "matrix product");
    case OpFamily::Attention: return QCoreApplication::translate("infersight::GraphColouring", "softmax / attention");
    case OpFamily::Normalisation: return QCoreApplication::translate("infersight::GraphColouring", "normalisation");
    case OpFamily::Activation: return QCoreApplication::translate("infersight::GraphColouring", "activation");
    case OpFamily::Elementwise: return QCoreApplication::translate("infersight::GraphColouring", "element-wise");
    case OpFamily::Pooling: return QCoreApplication::translate("infersight::GraphColouring", "pooling / resize");
    case OpFamily::Reduction: return QCoreApplication::translate("infersight::GraphColouring", "reduction");
    case OpFamily::Embedding: return QCoreApplication::translate("infersight::GraphColouring", "gather / scatter");
    case OpFamily::Layout: return QCoreApplication::translate("infersight::GraphColouring", "shape / layout");
    case OpFamily::Other: return QCoreApplication::translate("infersight::GraphColouring", "other");
    }
    return {};
}

QColor opFamilyColour(OpFamily family) {
    // light tints that keep dark text readable, one hue per family
    switch (family) {
    case OpFamily::Convolution: return QColor::fromRgb(0x9ecae9);
    case OpFamily::MatrixProduct: return QColor::fromRgb(0x9fd89a);
    case OpFamily::Attention: return QColor::fromRgb(0xf4b1c1);
    case OpFamily::Normalisation: return QColor::fromRgb(0xc9b6e8);
    case OpFamily::Activation: return QColor::fromRgb(0xffd08a);
    case OpFamily::Elementwise: return QColor::fromRgb(0xe9e4a6);
    case OpFamily::Pooling: return QColor::fromRgb(0x95dbd0);
    case OpFamily::Reduction: return QColor::fromRgb(0xf3b98f);
    case OpFamily::Embedding: return QColor::fromRgb(0xd8bc9c);
    case OpFamily::Layout: return QColor::fromRgb(0xe4e4e4);
    case OpFamily::Other: return QColor::fromRgb(0xc8c8c8);
    }
    return QColor(Qt::lightGray);
}

QColor heatColour(double t) {
    // ColorBrewer OrRd (Brewer, colorbrewer2.org), sequential and colour-blind safe
    static constexpr std::array<QRgb, 6> stops = {0xfff7ec, 0xfee8c8, 0xfdbb84, 0xfc8d59, 0xd7301f, 0x7f0000};
    t = std::clamp(std::isfinite(t) ? t : 0.0, 0.0, 1.0);
    const double x = t * static_cast<double>(stops.size() - 1);
    const auto i = static_cast<std::size_t>(std::min<double>(std::floor(x), static_cast<double>(stops.size() - 2)));
    const double f = x - static_cast<double>(i);
    const QColor a = QColor::fromRgb(stops[i]);
    const QColor b = QColor::fromRgb(stops[i + 1]);
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * f),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * f),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * f));
}

QColor textColourOn(const QColor &fill) {
    // relative luminance (sRGB approximation) against a mid threshold
    const double l = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF();
    return l < 0.5 ? QColor(Qt::white) : QColor(0x20, 0x20, 0x20);
}

GraphColouring GraphColouring::compute(const Graph &graph, const NodeHierarchy &hierarchy, GraphColourMode mode,
                                       const Prediction *prediction) {
    GraphColouring c;
    c.m_mode = mode;
    const int nodeCount = static_cast<int>(graph.nodes.size());
    const int groupCount = hierarchy.groupCount();
    c.m_nodeFamily.resize(static_cast<std::size_t>(nodeCount));
    for (int n = 0; n < nodeCount; ++n) {
        c.m_nodeFamily[static_cast<std::size_t>(n)] = opFamily(graph.nodes[static_cast<std::size_t>(n)].qualifiedOp());
    }
    // a prediction for another graph (stale while a new one is computed) colours nothing
    c.m_hasTimes = prediction && static_cast<int>(prediction->nodes.size()) == nodeCount && nodeCount > 0;
    if (c.m_hasTimes) {
        c.m_totalMs = prediction->latencyMs;
        c.m_targetLabel = prediction->targetLabel;
        c.m_nodeMs.resize(static_cast<std::size_t>(nodeCount));
        c.m_nodeBound.resize(static_cast<std::size_t>(nodeCount));
        for (int n = 0; n < nodeCount; ++n) {
            const NodeTiming &t = prediction->nodes[static_cast<std::size_t>(n)];
            c.m_nodeMs[static_cast<std::size_t>(n)] = t.latencyMs;
            c.m_nodeBound[static_cast<std::size_t>(n)] = t.bound;
        }
    }
    c.m_groupMs.assign(static_cast<std::size_t>(groupCount), 0.0);
    c.m_groupBound.assign(static_cast<std::size_t>(groupCount), -1);
    c.m_groupFamily.assign(static_cast<std::size_t>(groupCount), OpFamily::Other);
    c.m_familyPresent.assign(kOpFamilyCount, 0);
    c.m_boundPresent.assign(4, 0);
    for (int n = 0; n < nodeCount; ++n) {
        c.m_familyPresent[static_cast<std::size_t>(c.m_nodeFamily[static_cast<std::size_t>(n)])] = 1;
        if (c.m_hasTimes) {
            c.m_boundPresent[static_cast<std::size_t>(c.m_nodeBound[static_cast<std::size_t>(n)])] = 1;
        }
    }
    const std::vector<int> &ordered = hierarchy.orderedNodes();
    for (int g = 0; g < groupCount; ++g) {
        const HierarchyGroup &group = hierarchy.group(g);
        std::array<double, 4> byBound{};
        std::array<double, kOpFamilyCount> byFamily{};
        double sum = 0;
        for (int k = group.nodeBegin; k < group.nodeEnd; ++k) {
            const int n = ordered[static_cast<std::size_t>(k)];
            const double ms = c.m_hasTimes ? c.m_nodeMs[static_cast<std::size_t>(n)] : 0.0;
            sum += ms;
            if (c.m_hasTimes) {
                byBound[static_cast<std::size_t>(c.m_nodeBound[static_cast<std::size_t>(n)])] += ms;
            }
            // by time when there is time, else by count; layout ops never win a tie of zero time
            const OpFamily f = c.m_nodeFamily[static_cast<std::size_t>(n)];
            byFamily[static_cast<std::size_t>(f)] += c.m_hasTimes ? ms : (f == OpFamily::Layout ? 0.25 : 1.0);
        }
        c.m_groupMs[static_cast<std::size_t>(g)] = sum;
        if (c.m_hasTimes && sum > 0) {
            c.m_groupBound[static_cast<std::size_t>(g)] =
                static_cast<signed char>(std::max_element(byBound.begin(), byBound.end()) - byBound.begin());
        }
        c.m_groupFamily[static_cast<std::size_t>(g)] =
            static_cast<OpFamily>(std::max_element(byFamily.begin(), byFamily.end()) - byFamily.begin());
    }
    c.m_maxShare = 0;
    if (c.m_hasTimes && c.m_totalMs > 0) {
        for (int n = 0; n < nodeCount; ++n) {
            c.m_maxShare = std::max(c.m_maxShare, c.m_nodeMs[static_cast<std::size_t>(n)] / c.m_totalMs);
        }
    }
    return c;
}

std::optional<Bound> GraphColouring::nodeBound(int node) const {
    if (!m_hasTimes) {
        return std::nullopt;
    }
    return m_nodeBound[static_cast<std::size_t>(node)];
}

std::optional<Bound> GraphColouring::groupBound(int group) const {
    const signed char b = m_groupBound[static_cast<std::size_t>(group)];
    if (b < 0) {
        return std::nullopt;
    }
    return static_cast<Bound>(b);
}

void GraphColouring::normaliseTo(const std::vector<int> &visibleNodes, const std::vector<int> &visibleGroups) {
    double top = 0;
    for (int n : visibleNodes) {
        top = std::max(top, nodeShare(n));
    }
    for (int g : visibleGroups) {
        top = std::max(top, groupShare(g));
    }
    m_maxShare = top;
}

QColor GraphColouring::shareFill(double share) const {
    if (!m_hasTimes) {
        return QColor::fromRgb(0xf4f4f4);
    }
    return heatColour(m_maxShare > 0 ? share / m_maxShare : 0.0);
}

QColor GraphColouring::nodeFill(int node) const {
    switch (m_mode) {
    case GraphColourMode::Latency: return shareFill(nodeShare(node));
    case GraphColourMode::Bound: {
        const auto b = nodeBound(node);
        // a node without kernels (shape-only) has no bound worth a colour
        if (!b || nodeMs(node) <= 0) {
            return QColor::fromRgb(0xf4f4f4);
        }
        return boundColour(*b);
    }
    case GraphColourMode::OpType: return opFamilyColour(nodeFamily(node));
    }
    return QColor(Qt::white);
}

QColor GraphColouring::groupFill(int group) const {
    switch (m_mode) {
    case GraphColourMode::Latency: return shareFill(groupShare(group));
    case GraphColourMode::Bound: {
        const auto b = groupBound(group);
        return b ? boundColour(*b) : QColor::fromRgb(0xf4f4f4);
    }
    case GraphColourMode::OpType: return opFamilyColour(groupFamily(group));
    }
    return QColor(Qt::white);
}

GraphLegend GraphColouring::legend() const {
    GraphLegend legend;
    const QString target = m_targetLabel.isEmpty() ? QString() : QCoreApplication::translate("infersight::GraphColouring", " on %1").arg(m_targetLabel);
    switch (m_mode) {
    case GraphColourMode::Latency:
        legend.title = QCoreApplication::translate("infersight::GraphColouring", "Share of predicted latency") + target;
        legend.gradient = m_hasTimes;
        legend.maxShare = m_maxShare;
        if (!m_hasTimes) {
            legend.note = QCoreApplication::translate("infersight::GraphColouring", "No prediction yet: add a target to colour by latency.");
        }
        break;
    case GraphColourMode::Bound:
        legend.title = QCoreApplication::translate("infersight::GraphColouring", "Bound") + target;
        if (!m_hasTimes) {
            legend.note = QCoreApplication::translate("infersight::GraphColouring", "No prediction yet: add a target to colour by bound.");
        }
        for (Bound b : kBoundsInOrder) {
            if (m_boundPresent[static_cast<std::size_t>(b)]) {
                legend.entries.push_back({boundColour(b), boundLabel(b)});
            }
        }
        break;
    case GraphColourMode::OpType:
        legend.title = QCoreApplication::translate("infersight::GraphColouring", "Op type");
        for (int f = 0; f < kOpFamilyCount; ++f) {
            if (m_familyPresent[static_cast<std::size_t>(f)]) {
                legend.entries.push_back({opFamilyColour(static_cast<OpFamily>(f)), opFamilyLabel(static_cast<OpFamily>(f))});
            }
        }
        break;
    }
    return legend;
}

}  // namespace infersight
