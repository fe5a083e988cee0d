// SPDX-License-Identifier: MIT
#include "graph/graphviz_layout.h"

#include <graphviz_version.h>
#include <gvc.h>

#include <QByteArray>

#include <algorithm>
#include <cmath>
#include <mutex>

namespace infersight {

namespace {

// Graphviz keeps global state (the plugin context, error buffers, the layout's scratch memory):
// one lock for every call into it, from any thread.
std::mutex &graphvizMutex() {
    static std::mutex mutex;
    return mutex;
}

// Messages Graphviz reports while the lock is held (it prints to stderr otherwise).
QByteArray &graphvizMessages() {
    static QByteArray messages;
    return messages;
}

int collectGraphvizMessage(char *message) {
    graphvizMessages().append(message);
    return 0;
}

// Graphviz's API takes `char *` for strings it only reads. This owns a mutable NUL-terminated
// copy, so no string literal is ever passed as writable memory.
class GvString {
public:
    explicit GvString(const char *text) : m_bytes(text) {}
    explicit GvString(const QByteArray &text) : m_bytes(text) {}
    char *get() { return m_bytes.data(); }
    operator char *() { return get(); }  // NOLINT(google-explicit-constructor): the point of the wrapper

private:
    QByteArray m_bytes;
};

QByteArray number(double v) { return QByteArray::number(v, 'f', 4); }

// The process's Graphviz context with the dot layout plugin (created once, kept for the process).
GVC_t *context() {
    static GVC_t *gvc = [] {
        agseterr(AGERR);
        agseterrf(&collectGraphvizMessage);
        return gvContext();
    }();
    return gvc;
}

// One Graphviz graph under the lock: opened on construction, its layout freed and the graph
// closed on destruction, whatever happens in between.
class DotGraph {
public:
    DotGraph() : m_lock(graphvizMutex()) {
        graphvizMessages().clear();
        m_gvc = context();
        GvString name("g");
        m_graph = agopen(name, Agdirected, nullptr);
    }
    ~DotGraph() {
        if (m_laidOut) {
            gvFreeLayout(m_gvc, m_graph);
        }
        if (m_graph) {
            agclose(m_graph);
        }
    }
    DotGraph(const DotGraph &) = delete;
    DotGraph &operator=(const DotGraph &) = delete;

    bool valid() const { return m_gvc && m_graph; }

    void setGraphAttribute(const char *name, const QByteArray &value) {
        GvString n(name), v(value), empty("");
        agsafeset(m_graph, n, v, empty);
    }
    // Declares a node attribute with a default value; returns its symbol for per-node values.
    Agsym_t *declareNodeAttribute(const char *name, const char *fallback) {
        GvString n(name), d(fallback);
        return agattr(m_graph, AGNODE, n, d);
    }
    Agsym_t *declareEdgeAttribute(const char *name, const char *fallback) {
        GvString n(name), d(fallback);
        return agattr(m_graph, AGEDGE, n, d);
    }
    static void set(void *object, Agsym_t *symbol, const QByteArray &value) {
        GvString v(value);
        agxset(object, symbol, v);
    }

    Agnode_t *addNode(int index) {
        GvString name(QByteArray("n") + QByteArray::number(index));
        return agnode(m_graph, name, 1);
    }
    Agedge_t *addEdge(Agnode_t *from, Agnode_t *to) { return agedge(m_graph, from, to, nullptr, 1); }
    Agraph_t *addRankSubgraph(const char *name, const char *rank) {
        GvString n(name);
        Agraph_t *sub = agsubg(m_graph, n, 1);
        GvString attribute("rank"), value(rank), empty("");
        agsafeset(sub, attribute, value, empty);
        return sub;
    }
    static void addToSubgraph(Agraph_t *sub, Agnode_t *node) { agsubnode(sub, node, 1); }

    bool layout() {
        GvString engine("dot");
        m_laidOut = gvLayout(m_gvc, m_graph, engine) == 0;
        return m_laidOut;
    }
    Agraph_t *graph() const { return m_graph; }

private:
    std::lock_guard<std::mutex> m_lock;
    GVC_t *m_gvc = nullptr;
    Agraph_t *m_graph = nullptr;
    bool m_laidOut = false;
};

}  // namespace

Result<DotLayout> layoutWithDot(const std::vector<DotNode> &nodes, const std::vector<DotEdge> &edges,
                                const DotOptions &options) {
    const int n = static_cast<int>(nodes.size());
    for (const DotEdge &e : edges) {
        if (e.from < 0 || e.to < 0 || e.from >= n || e.to >= n) {
            return Error{QStringLiteral("graph layout: edge %1 -> %2 names a node outside 0..%3").arg(e.from).arg(e.to).arg(n - 1)};
        }
    }
    DotLayout result;
    if (n == 0) {
        return result;
    }

    DotGraph g;
    if (!g.valid()) {
        return Error{QStringLiteral("graph layout: Graphviz could not start (%1)")
                         .arg(QString::fromUtf8(graphvizMessages()).trimmed())};
    }
    constexpr double kPointsPerInch = 72.0;
    g.setGraphAttribute("rankdir", "TB");
    g.setGraphAttribute("nodesep", number(options.nodeSeparation / kPointsPerInch));
    g.setGraphAttribute("ranksep", number(options.rankSeparation / kPointsPerInch));
    g.setGraphAttribute("splines", "spline");
    g.setGraphAttribute("ordering", "out");
    // Crossing minimisation is dot's quadratic part: ease it on large graphs (the groups the
    // hierarchical layout hands in are small; this keeps a flat fallback bounded).
    double effort = options.crossingEffort;
    if (n > 400) {
        effort = std::min(effort, 0.3);
    } else if (n > 150) {
        effort = std::min(effort, 0.6);
    }
    g.setGraphAttribute("mclimit", number(effort));
    if (n > 400) {
        g.setGraphAttribute("searchsize", "10");
    }

    Agsym_t *shape = g.declareNodeAttribute("shape", "box");
    Agsym_t *fixedsize = g.declareNodeAttribute("fixedsize", "true");
    Agsym_t *label = g.declareNodeAttribute("label", "");
    Agsym_t *width = g.declareNodeAttribute("width", "1");
    Agsym_t *height = g.declareNodeAttribute("height", "0.5");
    Agsym_t *margin = g.declareNodeAttribute("margin", "0");
    Agsym_t *weight = g.declareEdgeAttribute("weight", "1");
    Agsym_t *arrowhead = g.declareEdgeAttribute("arrowhead", "none");
    Agsym_t *tailport = g.declareEdgeAttribute("tailport", "");
    Agsym_t *headport = g.declareEdgeAttribute("headport", "");
    Q_UNUSED(shape);
    Q_UNUSED(fixedsize);
    Q_UNUSED(label);
    Q_UNUSED(margin);
    Q_UNUSED(arrowhead);

    std::vector<Agnode_t *> handles(static_cast<std::size_t>(n), nullptr);
    Agraph_t *sources = nullptr;
    Agraph_t *sinks = nullptr;
    for (int i = 0; i < n; ++i) {
        const DotNode &spec = nodes[static_cast<std::size_t>(i)];
        Agnode_t *node = g.addNode(i);
        handles[static_cast<std::size_t>(i)] = node;
        DotGraph::set(node, width, number(std::max(spec.width, 0.01) / kPointsPerInch));
        DotGraph::set(node, height, number(std::max(spec.height, 0.01) / kPointsPerInch));
        if (spec.rank == DotNode::Rank::Source) {
            if (!sources) {
                sources = g.addRankSubgraph("sources", "source");
            }
            DotGraph::addToSubgraph(sources, node);
        } else if (spec.rank == DotNode::Rank::Sink) {
            if (!sinks) {
                sinks = g.addRankSubgraph("sinks", "sink");
            }
            DotGraph::addToSubgraph(sinks, node);
        }
    }
    std::vector<Agedge_t *> edgeHandles;
    edgeHandles.reserve(edges.size());
    for (const DotEdge &e : edges) {
        Agedge_t *edge = g.addEdge(handles[static_cast<std::size_t>(e.from)], handles[static_cast<std::size_t>(e.to)]);
        if (e.weight != 1) {
            DotGraph::set(edge, weight, QByteArray::number(e.weight));
        }
        if (e.tailBottom) {
            DotGraph::set(edge, tailport, QByteArrayLiteral("s"));
        }
        if (e.headTop) {
            DotGraph::set(edge, headport, QByteArrayLiteral("n"));
        }
        edgeHandles.push_back(edge);
    }

    if (!g.layout()) {
        return Error{QStringLiteral("graph layout: Graphviz dot failed (%1)").arg(QString::fromUtf8(graphvizMessages()).trimmed())};
    }

    const boxf bb = GD_bb(g.graph());
    const double left = bb.LL.x;
    const double top = bb.UR.y;
    auto toScene = [&](pointf p) { return QPointF(p.x - left, top - p.y); };
    result.size = QSizeF(bb.UR.x - bb.LL.x, bb.UR.y - bb.LL.y);
    result.centres.reserve(static_cast<std::size_t>(n));
    for (Agnode_t *node : handles) {
        result.centres.push_back(toScene(ND_coord(node)));
    }
    result.edges.reserve(edges.size());
    for (std::size_t i = 0; i < edges.size(); ++i) {
        std::vector<QPointF> points;
        Agedge_t *edge = edgeHandles[i];
        // An edge is split into several Beziers only with compound-edge tricks we do not use; join
        // them anyway (each starts where the previous ended).
        if (const splines *spl = ED_spl(edge)) {
            for (int b = 0; b < spl->size; ++b) {
                const bezier &bz = spl->list[b];
                for (int p = 0; p < bz.size; ++p) {
                    if (b > 0 && p == 0) {
                        continue;
                    }
                    points.push_back(toScene(bz.list[p]));
                }
            }
        }
        if (points.size() < 4) {
            // No spline (Graphviz drops edges it cannot route): a straight cubic between the centres.
            const QPointF a = result.centres[static_cast<std::size_t>(edges[i].from)];
            const QPointF b = result.centres[static_cast<std::size_t>(edges[i].to)];
            points = {a, a + (b - a) / 3.0, a + (b - a) * 2.0 / 3.0, b};
        }
        result.edges.push_back(std::move(points));
    }
    return result;
}

QString graphvizVersion() { return QStringLiteral(PACKAGE_VERSION); }

}  // namespace infersight
