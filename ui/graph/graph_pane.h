// SPDX-License-Identifier: MIT
// The graph view as the explorer window's central widget: a toolbar (colour mode, search with
// next / previous, expand / collapse, zoom, export), the GraphView with its legend and progress
// overlay, and the state that ties them together: the graph, its hierarchy and which groups are
// expanded, the current target's prediction, the selection.
//
// Inputs (from the session): setGraph() whenever the design's graph changes (a graph with the same
// structure, e.g. after a width edit, only relabels; another structure lays out again keeping the
// expanded groups), setPrediction() for the current target (recolours live). Output: nodeSelected()
// when the user selects a node in the graph; selectNode() selects from outside (the node table),
// expanding groups to reveal it. Long work runs on GraphLayoutRunner's worker thread with a
// progress bar and a Cancel button; the GUI stays responsive.
#pragma once

#include "graph/graph_colouring.h"
#include "graph/graph_layout_runner.h"

#include <QHash>
#include <QWidget>

#include <memory>
#include <optional>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTimer;
class QToolBar;
class QToolButton;

namespace infersight {

class GraphLegendWidget;
class GraphScene;
class GraphView;

class GraphPane : public QWidget {
    Q_OBJECT
public:
    explicit GraphPane(QWidget *parent = nullptr);
    ~GraphPane() override;

    // --- data
    void setGraph(std::shared_ptr<const Graph> graph);
    void setPrediction(std::shared_ptr<const Prediction> prediction);  // null: none
    std::shared_ptr<const Graph> graph() const { return m_graph; }
    std::shared_ptr<const NodeHierarchy> hierarchy() const { return m_hierarchy; }
    const std::vector<char> &expanded() const { return m_expanded; }

    // --- colour
    void setColourMode(GraphColourMode mode);
    GraphColourMode colourMode() const { return m_mode; }

    // --- selection (by node name: names survive width edits and re-propagation)
    void selectNode(const QString &name);   // reveals it; empty clears; emits nothing
    QString selectedNode() const;
    // Nodes to mark (the layers a width edit changes); names that do not exist are ignored.
    void highlightNodes(const QStringList &names);

    // --- structure
    void toggleGroup(int group);
    void setGroupExpanded(int group, bool expanded);
    void expandAll();
    void collapseToReadable();
    void expandToDepth(int depth);
    // Opens (closes) a group and every group inside it.
    void setSubtreeExpanded(int group, bool expanded);

    // --- search (name or op type, case-insensitive); returns the number of hits
    int find(const QString &text);
    void findNext();
    void findPrevious();
    int searchHitCount() const { return static_cast<int>(m_hits.size()); }
    int currentSearchHit() const { return m_hitIndex; }

    // --- export: the visible area or the whole graph, SVG or PNG by suffix
    Status exportImage(const QString &path, bool wholeGraph);

    // --- parts, for the main window's menus and for tests
    GraphScene *scene() const { return m_scene; }
    GraphView *view() const { return m_view; }
    QAction *findAction() const { return m_findAction; }
    QAction *fitAction() const { return m_fitAction; }
    QAction *exportAction() const { return m_exportAction; }
    bool isLayoutRunning() const;
    void cancelLayout();
    GraphLegend legend() const;
    int nodeIndex(const QString &name) const;  // -1 when absent
    const GraphLayoutOutcome *lastLayout() const { return m_lastOutcome.get(); }

signals:
    void nodeSelected(const QString &name);          // by the user, in the graph
    void groupSelected(const QString &path);         // a group's box or frame title
    void layoutFinished();                           // a new picture is on screen (or failed)
    void layoutFailed(const QString &message);

private:
    void buildToolbar();
    void startLayout(GraphLayoutJob job, int anchorGroup = -1);
    void applyLayout(std::shared_ptr<const GraphLayoutOutcome> outcome);
    void recolour();
    void updateStatus();
    void showProgress(int done, int total);
    void hideProgress();
    void positionOverlays();
    void onElementClicked(int element);
    void onGroupClicked(int group);
    void goToHit(int index);
    void chooseExport(bool wholeGraph);
    void showContextMenu(int element, int group, const QPoint &screenPos);
    bool sameStructure(const Graph &a, const Graph &b) const;
    void rebuildNameIndex();

    bool eventFilter(QObject *watched, QEvent *event) override;

    GraphScene *m_scene = nullptr;
    GraphView *m_view = nullptr;
    GraphLegendWidget *m_legend = nullptr;
    GraphLayoutRunner *m_runner = nullptr;
    QToolBar *m_toolbar = nullptr;
    QComboBox *m_modeBox = nullptr;
    QLineEdit *m_findEdit = nullptr;
    QLabel *m_hitLabel = nullptr;
    QLabel *m_status = nullptr;
    QWidget *m_progressPanel = nullptr;
    QLabel *m_progressLabel = nullptr;
    QProgressBar *m_progressBar = nullptr;
    QPushButton *m_cancelButton = nullptr;
    QTimer *m_progressDelay = nullptr;
    QAction *m_findAction = nullptr;
    QAction *m_findNextAction = nullptr;
    QAction *m_findPreviousAction = nullptr;
    QAction *m_fitAction = nullptr;
    QAction *m_exportAction = nullptr;

    std::shared_ptr<const Graph> m_graph;          // the latest graph given
    std::shared_ptr<const NodeHierarchy> m_hierarchy;
    std::vector<char> m_expanded;
    std::shared_ptr<const Prediction> m_prediction;
    GraphColourMode m_mode = GraphColourMode::Latency;
    QHash<QString, int> m_nameIndex;
    std::shared_ptr<const GraphLayoutOutcome> m_lastOutcome;

    QString m_selectedName;
    QStringList m_highlightNames;
    QString m_query;
    std::vector<int> m_hits;
    int m_hitIndex = -1;

    // what to do when the running layout lands
    bool m_firstPicture = true;
    int m_pendingReveal = -1;        // element to select and centre
    QString m_anchorKey;             // group whose screen position is kept
    QPointF m_anchorViewport;
    std::vector<char> m_expandedBeforeJob;
};

}  // namespace infersight
