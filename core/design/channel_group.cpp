// SPDX-License-Identifier: MIT
// The channel group of a dimension: the walk through the ops' tie rules (channel_ties.cpp), the
// group's size rules, and the width and attention heads of a layer. The edit itself is in
// channel_resize.cpp.
#include "design/channel_group.h"

#include "design/channel_ties.h"

#include <QSet>

#include <algorithm>
#include <deque>
#include <map>
#include <numeric>
#include <set>

namespace infersight {

using namespace channel_ties;

namespace {

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

}  // namespace

ChannelGroup channel_ties::findGroup(const Graph &g, const std::vector<std::vector<int>> &consumers, DimSlot seed,
                                     bool derived) {
    return GroupWalker(g, consumers, seed, derived).run();
}

namespace {

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

}  // namespace infersight
