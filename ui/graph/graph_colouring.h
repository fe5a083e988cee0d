// SPDX-License-Identifier: MIT
// What colour every box of the graph view has, and the legend that explains it:
//   latency share  a heat scale from the node's (or collapsed group's) share of the end-to-end
//                  predicted latency on the current target, 0 .. the largest share on screen
//   bound          what limits the node / most of the group's time: compute, memory, latency,
//                  host (the bound palette of ui/charts/palette.h, the same in every view)
//   op type        a fixed colour per op family (convolution, matrix product, normalisation, ...)
// Groups sum their nodes: predicted time, share, and the bound and op family with most time (or
// most nodes when nothing is predicted). A value type, recomputed when the prediction, the target,
// the mode or the visible set changes; painting only reads it.
#pragma once

#include "graph/node_hierarchy.h"
#include "predict/predictor.h"

#include <QColor>
#include <QString>

#include <optional>
#include <vector>

namespace infersight {

enum class GraphColourMode : unsigned char { Latency, Bound, OpType };
QString graphColourModeName(GraphColourMode mode);                 // "latency", "bound", "op"
std::optional<GraphColourMode> graphColourModeFromName(const QString &name);

// Op families for the op-type colouring.
enum class OpFamily : unsigned char {
    Convolution, MatrixProduct, Attention, Normalisation, Activation, Elementwise, Pooling, Reduction,
    Embedding, Layout, Other,
};
inline constexpr int kOpFamilyCount = 11;
OpFamily opFamily(const QString &opType);
QString opFamilyLabel(OpFamily family);  // translated
QColor opFamilyColour(OpFamily family);

// Heat scale for a value in [0, 1] (white-yellow to dark red), and a readable text colour on `fill`.
QColor heatColour(double t);
QColor textColourOn(const QColor &fill);

struct GraphLegendEntry {
    QColor colour;
    QString label;
};

struct GraphLegend {
    QString title;                      // "Latency share on A100 SXM4 80GB"
    bool gradient = false;              // latency: a heat bar from 0 to maxShare
    double maxShare = 0;                // fraction of the total
    std::vector<GraphLegendEntry> entries;
    QString note;                       // "no prediction: ..." when there is nothing to show
};

class GraphColouring {
public:
    // `prediction` may be null (no target yet, or prediction failed): latency and bound modes then
    // colour by nothing and say so in the legend.
    static GraphColouring compute(const Graph &graph, const NodeHierarchy &hierarchy, GraphColourMode mode,
                                  const Prediction *prediction);

    GraphColourMode mode() const { return m_mode; }
    bool hasTimes() const { return m_hasTimes; }
    double totalMs() const { return m_totalMs; }

    // Per graph node / per group. Groups: summed over their nodes.
    double nodeMs(int node) const { return m_hasTimes ? m_nodeMs[static_cast<std::size_t>(node)] : 0.0; }
    double groupMs(int group) const { return m_hasTimes ? m_groupMs[static_cast<std::size_t>(group)] : 0.0; }
    double nodeShare(int node) const { return m_totalMs > 0 ? nodeMs(node) / m_totalMs : 0.0; }
    double groupShare(int group) const { return m_totalMs > 0 ? groupMs(group) / m_totalMs : 0.0; }
    std::optional<Bound> nodeBound(int node) const;
    std::optional<Bound> groupBound(int group) const;
    OpFamily groupFamily(int group) const { return m_groupFamily[static_cast<std::size_t>(group)]; }

    // Sets the heat scale's top to the largest share among these nodes and groups (what is shown).
    void normaliseTo(const std::vector<int> &visibleNodes, const std::vector<int> &visibleGroups);

    QColor nodeFill(int node) const;
    OpFamily nodeFamily(int node) const { return m_nodeFamily[static_cast<std::size_t>(node)]; }
    QColor groupFill(int group) const;
    GraphLegend legend() const;

private:
    QColor shareFill(double share) const;

    GraphColourMode m_mode = GraphColourMode::Latency;
    bool m_hasTimes = false;
    double m_totalMs = 0;
    double m_maxShare = 0;
    QString m_targetLabel;
    std::vector<double> m_nodeMs;
    std::vector<Bound> m_nodeBound;
    std::vector<OpFamily> m_nodeFamily;
    std::vector<double> m_groupMs;
    std::vector<signed char> m_groupBound;   // -1: none
    std::vector<OpFamily> m_groupFamily;
    std::vector<char> m_familyPresent;
    std::vector<char> m_boundPresent;
};

}  // namespace infersight
