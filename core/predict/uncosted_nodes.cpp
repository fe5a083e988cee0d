// SPDX-License-Identifier: MIT
#include "predict/uncosted_nodes.h"

#include "graph/shape_inference.h"
#include "predict/lowering.h"
#include "predict/predictor.h"

#include <algorithm>
#include <optional>

namespace infersight {

namespace {

// Subgraph nesting of the prediction running on this thread (a body's prediction estimates its own
// uncosted nodes, which may hold bodies again).
thread_local int t_subgraphDepth = 0;

QString ms(double v) { return QString::number(v, 'g', 3) + QStringLiteral(" ms"); }

// A subgraph as a graph of its own: values it reads from enclosing scopes become inputs with the
// enclosing graph's shapes (and folded contents); formal input k without a full declared shape
// takes formals[k] when given.
Graph standalone(const Graph &outer, const Graph &body, const std::vector<std::optional<Shape>> &formals) {
    Graph g = body;
    for (std::size_t k = 0; k < g.inputs.size() && k < formals.size(); ++k) {
        const int index = g.inputs[k];
        if (index < 0 || static_cast<std::size_t>(index) >= g.values.size() || !formals[k]) {
            continue;
        }
        Value &v = g.values[static_cast<std::size_t>(index)];
        bool declaredKnown = v.declaredRankKnown;
        for (const Dim &d : v.declared) {
            declaredKnown = declaredKnown && d.role == DimRole::Fixed && d.value >= 0;
        }
        if (!declaredKnown) {
            v.declared.clear();
            for (std::int64_t d : *formals[k]) {
                v.declared.push_back(Dim::fixed(d));
            }
            v.declaredRankKnown = true;
        }
    }
    for (std::size_t i = 0; i < g.values.size(); ++i) {
        Value &v = g.values[i];
        if (v.kind != ValueKind::Intermediate || v.producer >= 0) {
            continue;
        }
        const int o = outer.findValue(v.name);
        if (o < 0) {
            continue;
        }
        const Value &ov = outer.values[static_cast<std::size_t>(o)];
        if (!ov.shapeKnown()) {
            continue;
        }
        v.kind = ValueKind::Input;
        if (v.dtype == DType::Undefined) {
            v.dtype = ov.dtype;
        }
        v.declared.clear();
        for (std::int64_t d : ov.shape) {
            v.declared.push_back(Dim::fixed(d));
        }
        v.declaredRankKnown = true;
        g.inputs.push_back(static_cast<int>(i));
    }
    return g;
}

// The upper band end of one body predicted alone, at the enclosing plan's precision and runtime.
double predictBody(const Graph &outer, const Graph &body, const std::vector<std::optional<Shape>> &formals,
                   const KernelPlan &outerPlan, const TargetDevice &device, const PredictOptions &options) {
    Graph g = standalone(outer, body, formals);
    propagateShapes(g, ShapeBindings{});
    LoweringOptions lo;
    lo.precision = outerPlan.precision;
    lo.runtime = outerPlan.runtime;
    lo.attention = options.attention;
    lo.memoryFormat = options.memoryFormat;
    const GraphAnalysis analysis = GraphAnalysis::of(g);
    const KernelPlan plan = lowerGraph(g, analysis, lo);
    PredictOptions o = options;
    o.keepKernels = false;
    o.keepNodes = false;
    o.computeMemory = false;
    ++t_subgraphDepth;
    const Prediction p = predictPlan(g, analysis, plan, device, o);
    --t_subgraphDepth;
    return p.bandHighMs;
}

const Value *valueOf(const Graph &graph, int index) {
    return index >= 0 && static_cast<std::size_t>(index) < graph.values.size() ? &graph.values[static_cast<std::size_t>(index)]
                                                                              : nullptr;
}

std::optional<Shape> shapeOf(const Graph &graph, int index) {
    const Value *v = valueOf(graph, index);
    return v && v->shapeKnown() ? std::optional<Shape>(v->shape) : std::nullopt;
}

const Graph *subgraph(const Node &node, QStringView name) {
    const Attribute *a = node.attribute(name);
    return a && a->kind == Attribute::Kind::Graph && a->graph ? a->graph.get() : nullptr;
}

// If / Loop / Scan: the upper estimate from their bodies; false for other nodes (or bodies missing).
bool estimateControlFlow(const Graph &graph, const Node &node, const KernelPlan &plan, const TargetDevice &device,
                         const PredictOptions &options, UncostedNode &out) {
    if (!node.domain.isEmpty()) {
        return false;
    }
    if (node.opType == QLatin1String("If")) {
        const Graph *thenBranch = subgraph(node, u"then_branch");
        const Graph *elseBranch = subgraph(node, u"else_branch");
        if (!thenBranch || !elseBranch) {
            return false;
        }
        const double thenMs = predictBody(graph, *thenBranch, {}, plan, device, options);
        const double elseMs = predictBody(graph, *elseBranch, {}, plan, device, options);
        out.upperMs = std::max(thenMs, elseMs);
        out.reason = QStringLiteral("control flow: then-branch up to %1, else-branch up to %2; the band allows the costlier")
                         .arg(ms(thenMs), ms(elseMs));
        return true;
    }
    if (node.opType == QLatin1String("Loop")) {
        const Graph *body = subgraph(node, u"body");
        if (!body) {
            return false;
        }
        // Body inputs: iteration number, condition, loop-carried values = node inputs 0, 1, 2...
        std::vector<std::optional<Shape>> formals(node.inputs.size());
        formals[0] = Shape{};
        if (formals.size() > 1) {
            formals[1] = Shape{};
        }
        for (std::size_t k = 2; k < node.inputs.size(); ++k) {
            formals[k] = shapeOf(graph, node.inputs[k]);
        }
        const double bodyMs = predictBody(graph, *body, formals, plan, device, options);
        const Value *trip = valueOf(graph, node.input(0));
        if (trip && trip->intData && trip->intData->size() == 1 && trip->intData->front() >= 0) {
            const auto count = static_cast<double>(trip->intData->front());
            out.upperMs = bodyMs * count;
            out.reason = QStringLiteral("control flow: body up to %1 x %2 iterations").arg(ms(bodyMs)).arg(trip->intData->front());
        } else {
            out.upperMs = bodyMs;
            out.reason = QStringLiteral("control flow: body up to %1 per iteration; the trip count is not a constant, "
                                        "so the band allows one iteration")
                             .arg(ms(bodyMs));
        }
        return true;
    }
    if (node.opType == QLatin1String("Scan")) {
        const Graph *body = subgraph(node, u"body");
        if (!body) {
            return false;
        }
        const std::int64_t scanInputs = node.attrInt(u"num_scan_inputs", 0);
        const std::int64_t states = static_cast<std::int64_t>(node.inputs.size()) - scanInputs;
        std::vector<std::optional<Shape>> formals(node.inputs.size());
        std::int64_t length = -1;
        for (std::size_t k = 0; k < node.inputs.size(); ++k) {
            std::optional<Shape> s = shapeOf(graph, node.inputs[k]);
            if (s && static_cast<std::int64_t>(k) >= states && !s->empty()) {
                length = length < 0 ? s->front() : length;
                s->erase(s->begin());  // one slice along the scanned axis (0)
            }
            formals[k] = s;
        }
        const double bodyMs = predictBody(graph, *body, formals, plan, device, options);
        out.upperMs = bodyMs * static_cast<double>(std::max<std::int64_t>(length, 1));
        out.reason = length >= 0 ? QStringLiteral("control flow: body up to %1 x %2 scan steps").arg(ms(bodyMs)).arg(length)
                                 : QStringLiteral("control flow: body up to %1, scan length unknown: counted once").arg(ms(bodyMs));
        return true;
    }
    return false;
}

}  // namespace

QStringList UncostedEstimate::warnings() const {
    if (nodes.empty()) {
        return {};
    }
    constexpr std::size_t kNamed = 20;
    QStringList named;
    for (std::size_t i = 0; i < nodes.size() && i < kNamed; ++i) {
        const UncostedNode &u = nodes[i];
        named << QStringLiteral("'%1' (%2: %3)").arg(u.name, u.op, u.reason);
    }
    if (nodes.size() > kNamed) {
        named << QStringLiteral("and %1 more").arg(nodes.size() - kNamed);
    }
    return {QStringLiteral("%1 node(s) not costed, counted as 0 ms (the band's upper end allows %2 for them): %3")
                .arg(nodes.size())
                .arg(ms(upperMs), named.join(QStringLiteral("; ")))};
}

UncostedEstimate estimateUncosted(const Graph &graph, const KernelPlan &plan, const TargetDevice &device,
                                  const PredictOptions &options, double longestKernelMs) {
    UncostedEstimate estimate;
    const std::size_t count = std::min(plan.nodes.size(), graph.nodes.size());
    for (std::size_t n = 0; n < count; ++n) {
        if (!plan.nodes[n].unknown) {
            continue;
        }
        const Node &node = graph.nodes[n];
        UncostedNode u;
        u.node = static_cast<int>(n);
        u.name = node.name.isEmpty() ? QStringLiteral("#%1").arg(n) : node.name;
        u.op = node.qualifiedOp();
        const bool nested = t_subgraphDepth >= kMaxSubgraphDepth;
        if (nested || !estimateControlFlow(graph, node, plan, device, options, u)) {
            bool shapesKnown = !node.outputs.empty();
            for (int o : node.outputs) {
                const Value *v = valueOf(graph, o);
                shapesKnown = shapesKnown && (o < 0 || (v && v->shapeKnown()));
            }
            const QString why = nested                         ? QStringLiteral("subgraphs nested deeper than %1").arg(kMaxSubgraphDepth)
                                : !hasShapeRule(u.op)          ? QStringLiteral("no rule for this op, its shapes and cost are unknown")
                                : shapesKnown                  ? QStringLiteral("no cost rule for this op")
                                                               : QStringLiteral("its shapes are unknown");
            u.upperMs = longestKernelMs;
            u.reason = QStringLiteral("%1; the band allows the model's longest kernel, %2").arg(why, ms(longestKernelMs));
        }
        estimate.upperMs += u.upperMs;
        estimate.nodes.push_back(std::move(u));
    }
    return estimate;
}

}  // namespace infersight
