// SPDX-License-Identifier: MIT
// Layout of the visible part of a NodeHierarchy: every expanded group is laid out by dot on its own
// (its members as boxes: nodes, collapsed groups, and expanded groups at the size of their own
// layout), bottom-up, and the pieces are composed into one picture. Edges crossing a group's border
// enter through an in-port at the top of its frame and leave through an out-port at the bottom, so
// every drawn edge is a Graphviz spline of some group's layout and the picture stays continuous.
//
// Why: dot grows about quadratically on one flat graph (10k nodes ~16 s); groups are small, and a
// group's layout depends only on its members' kinds and sizes and its wiring, so identical repeated
// blocks (the layers of a transformer) share one layout through the LayoutCache, and expanding one
// group re-lays out only that group and its ancestors.
//
// Broadcast values (an attention mask or position ids read by every layer) would tie every block of
// a group to one port and make dot slow and the picture unreadable: an edge whose source feeds more
// than `fanoutLimit` members of one group at some level is left out of the layout ("hidden"); the
// scene draws a fan-out marker on its source and shows the hidden edges of a selected node.
#pragma once

#include "base/result.h"
#include "graph/graphviz_layout.h"
#include "graph/node_hierarchy.h"

#include <QByteArray>
#include <QHash>
#include <QRectF>
#include <QSizeF>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace infersight {

// Box sizes of the picture (points = pixels at 100 %). Fixed per kind so that a width edit, which
// changes shapes but not structure, changes no layout.
struct GraphBoxMetrics {
    QSizeF node{172, 50};
    QSizeF collapsedGroup{188, 62};
    QSizeF io{160, 30};
    double frameMargin = 10;
    double frameTitle = 22;
    // A frame is at least as wide as its title: "label · 1,234 nodes · 12.3 ms · 45.6 %" at an
    // average character width (the text is elided where an estimate falls short).
    double titleCharWidth = 6.6;
    int titleExtraChars = 32;
};

struct LaidOutItem {
    enum class Kind : unsigned char { Node, GraphInput, GraphOutput, Group, Frame };
    Kind kind = Kind::Node;
    int index = -1;        // element (Node, GraphInput, GraphOutput) or group (Group, Frame)
    QRectF rect;
    int depth = 0;         // nesting depth of the item's parent group
    int hiddenFanout = 0;  // targets of edges from this item left out of the layout (broadcast)
    bool isGroup() const { return kind == Kind::Group || kind == Kind::Frame; }
};

struct LaidOutEdge {
    std::vector<QPointF> path;  // cubic Bezier points p0 c1 c2 p1 ... (3k + 1)
    std::vector<int> values;    // graph values the edge carries
    int fromItem = -1;          // item it leaves / enters; -1 at a frame's port
    int toItem = -1;
    bool arrow = true;          // ends at a box (not continued inside a frame)
};

struct GraphGeometry {
    std::vector<LaidOutItem> items;          // frames before their contents (depth-first)
    std::vector<LaidOutEdge> edges;
    std::vector<int> elementItem;            // item that shows each element (itself or a collapsed ancestor)
    std::vector<int> groupItem;              // item of each group (frame or collapsed box), -1 when hidden
    std::vector<int> hiddenEdges;            // indices into NodeHierarchy::edges() left out (broadcasts)
    QRectF bounds;
    // What it took, for the status bar and the benchmark.
    int groupsLaidOut = 0;   // dot runs
    int cacheHits = 0;       // group layouts reused
    int largestDotGraph = 0; // most boxes handed to one dot run
    double dotMs = 0;        // time inside Graphviz
};

// Group layouts by their complete dot input (member kinds and sizes, wiring, ports): any two groups
// with the same input get the same layout. Thread-safe; bounded (cleared past `capacity` entries).
class LayoutCache {
public:
    explicit LayoutCache(int capacity = 20000) : m_capacity(capacity) {}
    std::shared_ptr<const DotLayout> find(const QByteArray &key) const;
    void insert(const QByteArray &key, std::shared_ptr<const DotLayout> layout);
    int size() const;
    void clear();

private:
    mutable std::mutex m_mutex;
    QHash<QByteArray, std::shared_ptr<const DotLayout>> m_layouts;
    int m_capacity;
};

struct LayoutControl {
    const std::atomic<bool> *cancel = nullptr;                 // set: stop at the next group
    std::function<void(int done, int total)> progress;         // after every group
};

struct HierarchicalLayoutOptions {
    GraphBoxMetrics metrics;
    int fanoutLimit = 8;
    DotOptions dot;
};

// Lays out the groups of `hierarchy` that are open (`expanded[g]` and all its ancestors; the root
// is always open) and composes them. Fails with "cancelled" when control.cancel was set, or with a
// Graphviz error.
Result<GraphGeometry> layoutHierarchy(const NodeHierarchy &hierarchy, const std::vector<char> &expanded,
                                      LayoutCache &cache, const LayoutControl &control = {},
                                      const HierarchicalLayoutOptions &options = {});

// The message of a cancelled layout.
QString layoutCancelledMessage();

}  // namespace infersight
