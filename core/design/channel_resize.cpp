// SPDX-License-Identifier: MIT
// Resizing channel groups: plans the groups an edit reaches (the seed's and those Concats derive
// from it), rewrites initializers, Constant tensors and scaled constants, re-propagates the shapes
// and checks that exactly the planned dimensions changed; and the global width multiplier.
#include "design/channel_group.h"

#include "design/channel_ties.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

namespace infersight {

using namespace channel_ties;

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
