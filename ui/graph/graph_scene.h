// SPDX-License-Identifier: MIT
// The graph view's QGraphicsScene: one item per box of a GraphGeometry (nodes, graph inputs and
// outputs, collapsed groups, frames of expanded groups) and per edge. Items draw from the scene's
// current Graph (names, ops, shapes), NodeHierarchy and GraphColouring, so recolouring (another
// target, new knobs, another colour mode) and relabelling (a width edit changes shapes, not
// structure) repaint without rebuilding anything; only a new layout rebuilds the items.
//
// Items draw at three levels of detail: full text when readable, boxes only when text would be
// smaller than a few pixels, and plain rectangles and straight edges when zoomed far out.
// Selection, search hits and the width-edit highlight are the scene's state, not the items'.
#pragma once

#include "graph/graph_colouring.h"
#include "graph/hierarchical_layout.h"
#include "graph/node_hierarchy.h"

#include <QGraphicsScene>
#include <QImage>

#include <memory>
#include <unordered_map>
#include <vector>

namespace infersight {

class GraphBoxItem;
class GraphFrameItem;
class GraphEdgeItem;

class GraphScene : public QGraphicsScene {
    Q_OBJECT
public:
    explicit GraphScene(QObject *parent = nullptr);
    ~GraphScene() override;

    // A new layout: rebuilds every item. `graph` and `hierarchy` are what `geometry` was made from.
    void setContent(std::shared_ptr<const Graph> graph, std::shared_ptr<const NodeHierarchy> hierarchy,
                    GraphGeometry geometry);
    // Same structure, new shapes and costs (a width edit, another batch): repaint only.
    void setGraph(std::shared_ptr<const Graph> graph);
    void setColouring(GraphColouring colouring);
    void clearContent();

    const Graph *graph() const { return m_graph.get(); }
    const NodeHierarchy *hierarchy() const { return m_hierarchy.get(); }
    std::shared_ptr<const NodeHierarchy> sharedHierarchy() const { return m_hierarchy; }
    const GraphGeometry &geometry() const { return m_geometry; }
    const GraphColouring &colouring() const { return m_colouring; }
    bool hasContent() const { return m_hierarchy != nullptr; }

    // Visible graph nodes and groups (collapsed boxes and frames), for the heat scale's range.
    std::vector<int> visibleNodes() const;
    std::vector<int> visibleGroups() const;
    // The box showing an element (itself or its collapsed group), or an empty rect.
    QRectF elementRect(int element) const;
    QRectF groupRect(int group) const;

    // --- state drawn on top of the colouring
    void setSelectedElement(int element);  // -1: none
    void setSelectedGroup(int group);      // -1: none
    int selectedElement() const { return m_selectedElement; }
    int selectedGroup() const { return m_selectedGroup; }
    void setSearchHits(std::vector<int> elements, int current);
    void setHighlightedNodes(std::vector<int> nodes);
    bool isSearchHit(int element) const;
    bool isCurrentHit(int element) const { return element >= 0 && element == m_currentHit; }
    bool isHighlighted(int element) const;
    int groupSearchHits(int group) const;   // hits inside a collapsed group
    int groupHighlights(int group) const;   // highlighted nodes inside a collapsed group

    // Text the items show (also used by the exporters and tests).
    QString boxTitle(const LaidOutItem &item) const;
    QString edgeToolTip(const LaidOutEdge &edge) const;
    QString itemToolTip(const LaidOutItem &item) const;

    // Items by kind, for tests and the benchmark.
    int boxItemCount() const { return static_cast<int>(m_boxes.size()); }
    int edgeItemCount() const { return static_cast<int>(m_edges.size()); }

    // The whole picture at a small scale as plain rectangles (frames, boxes in their colour and
    // state; no edges or text) for a view zoomed out so far that painting tens of thousands of
    // items would take longer than a frame. At most kOverviewSide pixels a side and
    // kOverviewPixels in all; rebuilt lazily after any change (overviewGeneration() counts them).
    static constexpr int kOverviewSide = 8192;
    static constexpr double kOverviewPixels = 8e6;
    const QImage &overview();
    double overviewScale() const;  // image pixels per scene point
    quint64 overviewGeneration() const { return m_overviewGeneration; }

    // Whether a frame draws its name at a fixed screen size when zoomed out: frames about a screen
    // big do, unless a larger frame around them already does.
    bool showsFarTitle(int item, double lod, double viewportHeight) const;

    // Called by the items.
    void boxClicked(int item, bool doubleClick);
    void edgeClicked(int edge);
    bool isEdgeHighlighted(int edge) const;

signals:
    void elementClicked(int element);
    void groupClicked(int group);
    void groupToggleRequested(int group);
    void backgroundClicked();
    // right-click on a box (element or group; the other is -1) or on the background (both -1)
    void contextMenuRequested(int element, int group, const QPoint &screenPos);

protected:
    void helpEvent(QGraphicsSceneHelpEvent *event) override;
    void contextMenuEvent(QGraphicsSceneContextMenuEvent *event) override;
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override;

private:
    void showSelection();
    void updateGhostEdges();
    void repaintAll();
    int itemOfSelection() const;

    std::shared_ptr<const Graph> m_graph;
    std::shared_ptr<const NodeHierarchy> m_hierarchy;
    GraphGeometry m_geometry;
    GraphColouring m_colouring;
    std::vector<QGraphicsItem *> m_itemGraphics;        // per geometry item
    std::vector<GraphBoxItem *> m_boxes;
    std::vector<GraphFrameItem *> m_frames;
    std::vector<GraphEdgeItem *> m_edges;
    std::vector<std::vector<int>> m_itemEdges;          // edges touching each geometry item
    std::vector<QGraphicsItem *> m_ghosts;              // hidden broadcast edges of the selection
    int m_selectedElement = -1;
    int m_selectedGroup = -1;
    std::vector<char> m_searchHit;                      // per element
    int m_currentHit = -1;
    std::vector<int> m_groupHits;                       // per group: hits inside
    std::vector<char> m_highlight;                      // per element
    std::vector<int> m_groupHighlight;
    std::vector<char> m_edgeHighlight;                  // per edge: touches the selection
    QImage m_overview;
    bool m_overviewValid = false;
    quint64 m_overviewGeneration = 0;
};

}  // namespace infersight
