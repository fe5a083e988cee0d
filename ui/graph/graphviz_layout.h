// SPDX-License-Identifier: MIT
// Graphviz `dot` layout of one small graph of fixed-size boxes, through libgvc / libcgraph. This is
// the only place that talks to Graphviz: its char* API, its global state and its error reporting
// are wrapped here once. Graphviz is not thread-safe, so every call runs under one process-wide
// lock; callers lay out on a worker thread and keep each graph small (the hierarchical layout
// lays out groups separately and composes them).
//
// Units: points (1/72 inch), which the scene uses as pixels at 100 % zoom. Coordinates are returned
// with the origin at the top-left of the drawing and y growing downwards (Graphviz's y grows up).
#pragma once

#include "base/result.h"

#include <QPointF>
#include <QSizeF>
#include <QString>

#include <vector>

namespace infersight {

struct DotNode {
    enum class Rank : unsigned char { Normal, Source, Sink };
    double width = 0;    // points
    double height = 0;   // points
    Rank rank = Rank::Normal;
};

struct DotEdge {
    int from = -1;
    int to = -1;
    int weight = 1;       // Graphviz edge weight: heavier edges are kept shorter and straighter
    // Attach the edge at the middle of the source box's bottom / the target box's top (Graphviz
    // compass ports "s" / "n"): where an open group's frame has its out- / in-port.
    bool tailBottom = false;
    bool headTop = false;
    bool operator==(const DotEdge &) const = default;
};

struct DotOptions {
    double nodeSeparation = 18;  // points between boxes on one rank
    double rankSeparation = 26;  // points between ranks
    // Crossing-minimisation effort (Graphviz mclimit); lowered automatically on large graphs.
    double crossingEffort = 1.0;
};

struct DotLayout {
    QSizeF size;                                 // bounding box of the drawing
    std::vector<QPointF> centres;                // one per DotNode
    // One per DotEdge: cubic Bezier control points p0 c1 c2 p1 c1 c2 p2 ... (3k + 1 points), from
    // the source box's border to the target box's border (where an arrow head would start).
    std::vector<std::vector<QPointF>> edges;
};

// Lays out `nodes` and `edges` top to bottom with dot. Fails with Graphviz's own message when the
// layout fails (it does not for well-formed input: edges must name existing nodes).
Result<DotLayout> layoutWithDot(const std::vector<DotNode> &nodes, const std::vector<DotEdge> &edges,
                                const DotOptions &options = {});

// The installed Graphviz version ("2.42.2"), for the benchmark's printout.
QString graphvizVersion();

}  // namespace infersight
