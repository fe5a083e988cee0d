// SPDX-License-Identifier: MIT
#include "graph/hierarchical_layout.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

namespace infersight {

std::shared_ptr<const DotLayout> LayoutCache::find(const QByteArray &key) const {
    std::lock_guard lock(m_mutex);
    return m_layouts.value(key);
}

void LayoutCache::insert(const QByteArray &key, std::shared_ptr<const DotLayout> layout) {
    std::lock_guard lock(m_mutex);
    if (m_layouts.size() >= m_capacity) {
        m_layouts.clear();
    }
    m_layouts.insert(key, std::move(layout));
}

int LayoutCache::size() const {
    std::lock_guard lock(m_mutex);
    return static_cast<int>(m_layouts.size());
}

void LayoutCache::clear() {
    std::lock_guard lock(m_mutex);
    m_layouts.clear();
}

QString layoutCancelledMessage() { return QStringLiteral("graph layout cancelled"); }

namespace {

// One segment of a hierarchy edge, in the layout of one open group.
struct Segment {
    enum Kind : unsigned char { Internal, In, Out };
    int group = -1;
    Kind kind = Internal;
    int from = -1;  // member slot (Internal, Out)
    int to = -1;    // member slot (Internal, In)
};

std::uint64_t pairKey(int a, int b) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32) | static_cast<std::uint32_t>(b);
}

// What one open group hands to dot.
struct GroupSpec {
    std::vector<QSizeF> sizes;                                // per member slot
    std::unordered_map<std::uint64_t, std::vector<int>> internal;  // (from, to) -> values
    std::unordered_map<int, std::vector<int>> in;             // slot -> values entering from outside
    std::unordered_map<int, std::vector<int>> out;            // slot -> values leaving
    // laid out
    std::shared_ptr<const DotLayout> layout;
    std::vector<std::uint64_t> internalOrder;                 // dot edge order
    std::vector<int> inOrder;
    std::vector<int> outOrder;
    int inPort = -1;                                          // dot node index of the ports
    int outPort = -1;
    QSizeF frame;                                             // size as a member of its parent
};

void addValues(std::vector<int> &into, const std::vector<int> &values) {
    for (int v : values) {
        if (std::find(into.begin(), into.end(), v) == into.end()) {
            into.push_back(v);
        }
    }
}

// A vertical S-curve from `from` to `to` as a cubic Bezier piece appended to `path` (which ends at
// `from`): leaves and arrives vertically, a straight line when both are one above the other.
void appendConnector(std::vector<QPointF> &path, QPointF from, QPointF to) {
    const double middle = (from.y() + to.y()) / 2;
    path.emplace_back(from.x(), middle);
    path.emplace_back(to.x(), middle);
    path.push_back(to);
}

}  // namespace

Result<GraphGeometry> layoutHierarchy(const NodeHierarchy &h, const std::vector<char> &expanded, LayoutCache &cache,
                                      const LayoutControl &control, const HierarchicalLayoutOptions &options) {
    const int groupCount = h.groupCount();
    const int elementCount = h.elementCount();
    const GraphBoxMetrics &metrics = options.metrics;

    // --- open groups and the visible representative of every element
    std::vector<char> open(static_cast<std::size_t>(groupCount), 0);
    std::vector<int> collapsedAncestor(static_cast<std::size_t>(groupCount), -1);
    for (int g = 0; g < groupCount; ++g) {  // parents have smaller ids
        const int parent = h.group(g).parent;
        const bool wantOpen = g == 0 || (static_cast<std::size_t>(g) < expanded.size() && expanded[static_cast<std::size_t>(g)]);
        if (parent < 0) {
            open[0] = 1;
            continue;
        }
        if (collapsedAncestor[static_cast<std::size_t>(parent)] >= 0) {
            collapsedAncestor[static_cast<std::size_t>(g)] = collapsedAncestor[static_cast<std::size_t>(parent)];
        } else if (!wantOpen) {
            collapsedAncestor[static_cast<std::size_t>(g)] = g;
        } else {
            open[static_cast<std::size_t>(g)] = 1;
        }
    }
    // representative: element e itself (>= 0) or a collapsed group g (encoded as -2 - g)
    auto representative = [&](int element) {
        const int ca = collapsedAncestor[static_cast<std::size_t>(h.parentOf(element))];
        return ca >= 0 ? -2 - ca : element;
    };

    // --- segments of every hierarchy edge, and the fan-out counts that decide broadcasts
    const auto &edges = h.edges();
    std::vector<std::vector<Segment>> segments(edges.size());
    std::vector<char> skipped(edges.size(), 0);  // both ends inside one collapsed group
    std::unordered_map<std::uint64_t, std::unordered_set<int>> internalTargets;  // (group, from slot) -> to slots
    std::unordered_map<std::uint64_t, std::unordered_set<int>> inTargets;        // (group, source element) -> slots
    auto slotIn = [&](int group, int element) {
        int g = h.parentOf(element);
        if (g == group) {
            return h.memberIndexOfElement(element);
        }
        while (h.group(g).parent != group) {
            g = h.group(g).parent;
        }
        return h.memberIndexOfGroup(g);
    };
    for (std::size_t i = 0; i < edges.size(); ++i) {
        const auto &e = edges[i];
        if (representative(e.from) == representative(e.to)) {
            skipped[i] = 1;
            continue;
        }
        const std::vector<int> a = h.ancestors(e.from);
        const std::vector<int> b = h.ancestors(e.to);
        std::size_t common = 0;
        while (common < a.size() && common < b.size() && a[common] == b[common]) {
            ++common;
        }
        const int lca = a[common - 1];
        std::vector<Segment> &list = segments[i];
        const int fromSlot = slotIn(lca, e.from);
        const int toSlot = slotIn(lca, e.to);
        list.push_back({lca, Segment::Internal, fromSlot, toSlot});
        internalTargets[pairKey(lca, fromSlot)].insert(toSlot);
        for (std::size_t k = common; k < a.size() && open[static_cast<std::size_t>(a[k])]; ++k) {
            list.push_back({a[k], Segment::Out, slotIn(a[k], e.from), -1});
        }
        for (std::size_t k = common; k < b.size() && open[static_cast<std::size_t>(b[k])]; ++k) {
            const int slot = slotIn(b[k], e.to);
            list.push_back({b[k], Segment::In, -1, slot});
            inTargets[pairKey(b[k], e.from)].insert(slot);
        }
    }

    // --- per open group: members and wiring
    std::vector<GroupSpec> specs(static_cast<std::size_t>(groupCount));
    GraphGeometry geometry;
    const std::size_t limit = static_cast<std::size_t>(std::max(options.fanoutLimit, 1));
    for (std::size_t i = 0; i < edges.size(); ++i) {
        if (skipped[i]) {
            continue;
        }
        const auto &e = edges[i];
        bool hidden = false;
        for (const Segment &s : segments[i]) {
            if (s.kind == Segment::Internal) {
                hidden = hidden || internalTargets[pairKey(s.group, s.from)].size() > limit;
            } else if (s.kind == Segment::In) {
                hidden = hidden || inTargets[pairKey(s.group, e.from)].size() > limit;
            }
        }
        if (hidden) {
            geometry.hiddenEdges.push_back(static_cast<int>(i));
            continue;
        }
        for (const Segment &s : segments[i]) {
            GroupSpec &spec = specs[static_cast<std::size_t>(s.group)];
            switch (s.kind) {
            case Segment::Internal: addValues(spec.internal[pairKey(s.from, s.to)], e.values); break;
            case Segment::In: addValues(spec.in[s.to], e.values); break;
            case Segment::Out: addValues(spec.out[s.from], e.values); break;
            }
        }
    }

    // --- lay out open groups bottom-up (children have larger ids than their parents)
    int openCount = 0;
    for (char o : open) {
        openCount += o ? 1 : 0;
    }
    int done = 0;
    QElapsedTimer dotTimer;
    for (int g = groupCount - 1; g >= 0; --g) {
        if (!open[static_cast<std::size_t>(g)]) {
            continue;
        }
        if (control.cancel && control.cancel->load(std::memory_order_relaxed)) {
            return Error{layoutCancelledMessage()};
        }
        const HierarchyGroup &group = h.group(g);
        GroupSpec &spec = specs[static_cast<std::size_t>(g)];
        const int memberCount = static_cast<int>(group.members.size());
        spec.sizes.reserve(static_cast<std::size_t>(memberCount));
        for (const HierarchyMember &m : group.members) {
            if (m.group) {
                spec.sizes.push_back(open[static_cast<std::size_t>(m.index)] ? specs[static_cast<std::size_t>(m.index)].frame
                                                                            : metrics.collapsedGroup);
            } else {
                spec.sizes.push_back(h.isNode(m.index) ? metrics.node : metrics.io);
            }
        }
        // dot input in a canonical order: the cache key is exactly what dot sees
        spec.internalOrder.reserve(spec.internal.size());
        for (const auto &entry : spec.internal) {
            spec.internalOrder.push_back(entry.first);
        }
        std::sort(spec.internalOrder.begin(), spec.internalOrder.end());
        for (const auto &entry : spec.in) {
            spec.inOrder.push_back(entry.first);
        }
        std::sort(spec.inOrder.begin(), spec.inOrder.end());
        for (const auto &entry : spec.out) {
            spec.outOrder.push_back(entry.first);
        }
        std::sort(spec.outOrder.begin(), spec.outOrder.end());

        std::vector<DotNode> dotNodes;
        dotNodes.reserve(static_cast<std::size_t>(memberCount) + 2);
        for (const QSizeF &s : spec.sizes) {
            dotNodes.push_back({s.width(), s.height(), DotNode::Rank::Normal});
        }
        constexpr double kPort = 4;
        if (!spec.inOrder.empty()) {
            spec.inPort = static_cast<int>(dotNodes.size());
            dotNodes.push_back({kPort, kPort, DotNode::Rank::Source});
        }
        if (!spec.outOrder.empty()) {
            spec.outPort = static_cast<int>(dotNodes.size());
            dotNodes.push_back({kPort, kPort, DotNode::Rank::Sink});
        }
        // edges meet an open member's frame at its ports: the middle of its top and bottom border
        auto hasInPort = [&](int slot) {
            const HierarchyMember &m = group.members[static_cast<std::size_t>(slot)];
            return m.group && open[static_cast<std::size_t>(m.index)] && specs[static_cast<std::size_t>(m.index)].inPort >= 0;
        };
        auto hasOutPort = [&](int slot) {
            const HierarchyMember &m = group.members[static_cast<std::size_t>(slot)];
            return m.group && open[static_cast<std::size_t>(m.index)] && specs[static_cast<std::size_t>(m.index)].outPort >= 0;
        };
        std::vector<DotEdge> dotEdges;
        dotEdges.reserve(spec.internalOrder.size() + spec.inOrder.size() + spec.outOrder.size());
        for (std::uint64_t key : spec.internalOrder) {
            const int from = static_cast<int>(key >> 32);
            const int to = static_cast<int>(key & 0xFFFFFFFFU);
            // the execution chain (a member feeding the next one) is kept straight
            dotEdges.push_back({from, to, to == from + 1 ? 3 : 1, hasOutPort(from), hasInPort(to)});
        }
        for (int slot : spec.inOrder) {
            dotEdges.push_back({spec.inPort, slot, 1, false, hasInPort(slot)});
        }
        for (int slot : spec.outOrder) {
            dotEdges.push_back({slot, spec.outPort, 1, hasOutPort(slot), false});
        }

        QByteArray key;
        key.reserve(static_cast<qsizetype>((dotNodes.size() * 3 + dotEdges.size() * 3 + 2) * sizeof(int)));
        auto put = [&key](int v) { key.append(reinterpret_cast<const char *>(&v), sizeof v); };
        put(static_cast<int>(dotNodes.size()));
        for (const DotNode &n : dotNodes) {
            put(static_cast<int>(std::lround(n.width * 4)));
            put(static_cast<int>(std::lround(n.height * 4)));
            put(static_cast<int>(n.rank));
        }
        for (const DotEdge &e : dotEdges) {
            put(e.from);
            put(e.to);
            put(e.weight);
            put((e.tailBottom ? 1 : 0) | (e.headTop ? 2 : 0));
        }
        spec.layout = cache.find(key);
        if (spec.layout) {
            ++geometry.cacheHits;
        } else {
            dotTimer.start();
            auto laidOut = layoutWithDot(dotNodes, dotEdges, options.dot);
            geometry.dotMs += static_cast<double>(dotTimer.nsecsElapsed()) / 1e6;
            if (!laidOut) {
                return laidOut.error();
            }
            spec.layout = std::make_shared<const DotLayout>(std::move(laidOut).value());
            cache.insert(key, spec.layout);
            ++geometry.groupsLaidOut;
            geometry.largestDotGraph = std::max(geometry.largestDotGraph, static_cast<int>(dotNodes.size()));
        }
        const double titleWidth =
            metrics.titleCharWidth * static_cast<double>(group.label.size() + metrics.titleExtraChars) + 2 * metrics.frameMargin;
        spec.frame = QSizeF(std::max(spec.layout->size.width() + 2 * metrics.frameMargin, titleWidth),
                            spec.layout->size.height() + 2 * metrics.frameMargin + metrics.frameTitle);
        ++done;
        if (control.progress) {
            control.progress(done, openCount);
        }
    }

    // --- compose: absolute rectangles top-down, then edges
    geometry.elementItem.assign(static_cast<std::size_t>(elementCount), -1);
    geometry.groupItem.assign(static_cast<std::size_t>(groupCount), -1);
    std::vector<QPointF> contentOrigin(static_cast<std::size_t>(groupCount));
    std::vector<QRectF> frameRect(static_cast<std::size_t>(groupCount));
    // depth-first so that frames precede their contents
    std::vector<int> stack{0};
    std::vector<int> openOrder;
    while (!stack.empty()) {
        const int g = stack.back();
        stack.pop_back();
        openOrder.push_back(g);
        const HierarchyGroup &group = h.group(g);
        const GroupSpec &spec = specs[static_cast<std::size_t>(g)];
        const QPointF origin = contentOrigin[static_cast<std::size_t>(g)];
        std::vector<int> childOpen;
        for (std::size_t slot = 0; slot < group.members.size(); ++slot) {
            const HierarchyMember &m = group.members[slot];
            const QSizeF size = spec.sizes[slot];
            const QPointF centre = origin + spec.layout->centres[slot];
            const QRectF rect(centre.x() - size.width() / 2, centre.y() - size.height() / 2, size.width(), size.height());
            LaidOutItem item;
            item.index = m.index;
            item.rect = rect;
            item.depth = group.depth;
            const int itemIndex = static_cast<int>(geometry.items.size());
            if (m.group) {
                const bool isOpen = open[static_cast<std::size_t>(m.index)];
                item.kind = isOpen ? LaidOutItem::Kind::Frame : LaidOutItem::Kind::Group;
                geometry.groupItem[static_cast<std::size_t>(m.index)] = itemIndex;
                if (isOpen) {
                    frameRect[static_cast<std::size_t>(m.index)] = rect;
                    const QSizeF inner = specs[static_cast<std::size_t>(m.index)].layout->size;
                    contentOrigin[static_cast<std::size_t>(m.index)] =
                        QPointF(rect.center().x() - inner.width() / 2, rect.top() + metrics.frameTitle + metrics.frameMargin);
                    childOpen.push_back(m.index);
                } else {
                    const HierarchyGroup &child = h.group(m.index);
                    for (int k = child.nodeBegin; k < child.nodeEnd; ++k) {
                        geometry.elementItem[static_cast<std::size_t>(h.orderedNodes()[static_cast<std::size_t>(k)])] = itemIndex;
                    }
                    // inputs/outputs live at the root only, nothing else to map
                }
            } else {
                item.kind = h.isNode(m.index)         ? LaidOutItem::Kind::Node
                            : h.isGraphInput(m.index) ? LaidOutItem::Kind::GraphInput
                                                      : LaidOutItem::Kind::GraphOutput;
                geometry.elementItem[static_cast<std::size_t>(m.index)] = itemIndex;
            }
            geometry.items.push_back(item);
            geometry.bounds = geometry.bounds.united(rect);
        }
        for (auto it = childOpen.rbegin(); it != childOpen.rend(); ++it) {
            stack.push_back(*it);
        }
    }

    auto memberItem = [&](int g, int slot) {
        const HierarchyMember &m = h.group(g).members[static_cast<std::size_t>(slot)];
        return m.group ? geometry.groupItem[static_cast<std::size_t>(m.index)] : geometry.elementItem[static_cast<std::size_t>(m.index)];
    };
    auto memberOpenGroup = [&](int g, int slot) {
        const HierarchyMember &m = h.group(g).members[static_cast<std::size_t>(slot)];
        return m.group && open[static_cast<std::size_t>(m.index)] ? m.index : -1;
    };
    // Where an edge meets an open group's frame: its in-port in the middle of the top border, its
    // out-port in the middle of the bottom border (where the parent's dot attached the edge).
    auto inPortBorder = [&](int g) {
        const QRectF &frame = frameRect[static_cast<std::size_t>(g)];
        return QPointF(frame.center().x(), frame.top());
    };
    auto outPortBorder = [&](int g) {
        const QRectF &frame = frameRect[static_cast<std::size_t>(g)];
        return QPointF(frame.center().x(), frame.bottom());
    };
    auto translated = [](const std::vector<QPointF> &points, QPointF by) {
        std::vector<QPointF> out;
        out.reserve(points.size() + 6);
        for (const QPointF &p : points) {
            out.push_back(p + by);
        }
        return out;
    };
    // Moves the start / end of a path to `to`, dragging the neighbouring control point along.
    auto moveStart = [](std::vector<QPointF> &path, QPointF to) {
        const QPointF delta = to - path[0];
        path[0] += delta;
        path[1] += delta;
    };
    auto moveEnd = [](std::vector<QPointF> &path, QPointF to) {
        const std::size_t n = path.size();
        const QPointF delta = to - path[n - 1];
        path[n - 1] += delta;
        path[n - 2] += delta;
    };

    for (int g : openOrder) {
        const GroupSpec &spec = specs[static_cast<std::size_t>(g)];
        const QPointF origin = contentOrigin[static_cast<std::size_t>(g)];
        const DotLayout &layout = *spec.layout;
        std::size_t dotEdge = 0;
        for (std::uint64_t key : spec.internalOrder) {
            const int from = static_cast<int>(key >> 32);
            const int to = static_cast<int>(key & 0xFFFFFFFFU);
            LaidOutEdge edge;
            edge.path = translated(layout.edges[dotEdge++], origin);
            edge.values = spec.internal.at(key);
            edge.fromItem = memberItem(g, from);
            edge.toItem = memberItem(g, to);
            if (const int child = memberOpenGroup(g, from); child >= 0 && specs[static_cast<std::size_t>(child)].outPort >= 0) {
                moveStart(edge.path, outPortBorder(child));
            }
            if (const int child = memberOpenGroup(g, to); child >= 0 && specs[static_cast<std::size_t>(child)].inPort >= 0) {
                moveEnd(edge.path, inPortBorder(child));
                edge.arrow = false;
            }
            geometry.edges.push_back(std::move(edge));
        }
        for (int slot : spec.inOrder) {
            LaidOutEdge edge;
            edge.path = translated(layout.edges[dotEdge++], origin);
            edge.values = spec.in.at(slot);
            edge.toItem = memberItem(g, slot);
            if (g != 0) {
                // from the border port down to where dot starts the spline at the inner port
                std::vector<QPointF> path{inPortBorder(g)};
                appendConnector(path, path.front(), edge.path.front());
                path.insert(path.end(), edge.path.begin() + 1, edge.path.end());
                edge.path = std::move(path);
            }
            if (const int child = memberOpenGroup(g, slot); child >= 0 && specs[static_cast<std::size_t>(child)].inPort >= 0) {
                moveEnd(edge.path, inPortBorder(child));
                edge.arrow = false;
            }
            geometry.edges.push_back(std::move(edge));
        }
        for (int slot : spec.outOrder) {
            LaidOutEdge edge;
            edge.path = translated(layout.edges[dotEdge++], origin);
            edge.values = spec.out.at(slot);
            edge.fromItem = memberItem(g, slot);
            edge.arrow = false;
            if (const int child = memberOpenGroup(g, slot); child >= 0 && specs[static_cast<std::size_t>(child)].outPort >= 0) {
                moveStart(edge.path, outPortBorder(child));
            }
            if (g != 0) {
                appendConnector(edge.path, edge.path.back(), outPortBorder(g));
            }
            geometry.edges.push_back(std::move(edge));
        }
    }

    // fan-out markers of hidden broadcast edges: distinct visible targets per visible source
    std::unordered_map<int, std::unordered_set<int>> hiddenTargets;
    for (int i : geometry.hiddenEdges) {
        const auto &e = edges[static_cast<std::size_t>(i)];
        hiddenTargets[geometry.elementItem[static_cast<std::size_t>(e.from)]].insert(
            geometry.elementItem[static_cast<std::size_t>(e.to)]);
    }
    for (const auto &[item, targets] : hiddenTargets) {
        if (item >= 0) {
            geometry.items[static_cast<std::size_t>(item)].hiddenFanout = static_cast<int>(targets.size());
        }
    }
    return geometry;
}

}  // namespace infersight
