// SPDX-License-Identifier: MIT
// SVG and PNG export of the graph scene (the view's visible area or the whole graph) with its
// legend. SVG keeps node names and ops as text; PNG is rendered at up to 2x and capped at
// kMaxPngSide pixels per side (a 10,000-node graph is about a million points tall), scaling down
// where needed. Used by the GUI's Export action and by `infersight-cli graph`.
#pragma once

#include "base/result.h"
#include "graph/graph_colouring.h"

#include <QRectF>
#include <QString>

namespace infersight {

class GraphScene;

enum class GraphImageFormat : unsigned char { Svg, Png };
// From the file name's suffix (.svg / .png, case-insensitive); an error naming the file otherwise.
Result<GraphImageFormat> graphImageFormatFor(const QString &path);

struct GraphExportOptions {
    QRectF region;          // scene area to draw; empty: the whole graph
    bool legend = true;
    QString title;          // SVG <title>; also written in the top-left corner when not empty
    double pngScale = 2.0;  // device pixels per scene point for PNG (before the cap)
};

inline constexpr int kMaxPngSide = 16384;

// Writes the picture; an error names the file and what went wrong.
Status exportGraphImage(GraphScene &scene, const GraphLegend &legend, const QString &path,
                        const GraphExportOptions &options = {});

}  // namespace infersight
