// SPDX-License-Identifier: MIT
#include "graph/graph_pane.h"

#include "graph/expansion_state.h"
#include "graph/graph_export.h"
#include "graph/graph_legend.h"
#include "graph/graph_scene.h"
#include "graph/graph_view.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace infersight {

GraphPane::GraphPane(QWidget *parent) : QWidget(parent) {
    setObjectName(QStringLiteral("graphPane"));
    m_scene = new GraphScene(this);
    m_view = new GraphView(this);
    m_view->setScene(m_scene);
    m_view->setObjectName(QStringLiteral("graphView"));
    m_runner = new GraphLayoutRunner(this);

    buildToolbar();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_toolbar);
    layout->addWidget(m_view, 1);

    m_legend = new GraphLegendWidget(m_view);
    m_legend->setObjectName(QStringLiteral("graphLegend"));

    // progress overlay, shown when a layout takes longer than a blink
    auto *panel = new QFrame(m_view);
    panel->setObjectName(QStringLiteral("graphProgress"));
    panel->setFrameShape(QFrame::StyledPanel);
    panel->setAutoFillBackground(true);
    auto *panelLayout = new QHBoxLayout(panel);
    panelLayout->setContentsMargins(10, 6, 10, 6);
    m_progressLabel = new QLabel(tr("Laying out the graph…"), panel);
    m_progressBar = new QProgressBar(panel);
    m_progressBar->setMinimumWidth(160);
    m_progressBar->setRange(0, 0);
    m_cancelButton = new QPushButton(tr("Cancel"), panel);
    m_cancelButton->setToolTip(tr("Stop the layout; the picture stays as it was"));
    panelLayout->addWidget(m_progressLabel);
    panelLayout->addWidget(m_progressBar);
    panelLayout->addWidget(m_cancelButton);
    panel->hide();
    m_progressPanel = panel;
    m_progressDelay = new QTimer(this);
    m_progressDelay->setSingleShot(true);
    m_progressDelay->setInterval(200);
    connect(m_progressDelay, &QTimer::timeout, this, [this]() {
        if (m_runner->isRunning()) {
            m_progressPanel->show();
            m_progressPanel->adjustSize();
            positionOverlays();
        }
    });
    connect(m_cancelButton, &QPushButton::clicked, this, &GraphPane::cancelLayout);

    connect(m_runner, &GraphLayoutRunner::finished, this, &GraphPane::applyLayout);
    connect(m_runner, &GraphLayoutRunner::progress, this, &GraphPane::showProgress);
    connect(m_scene, &GraphScene::elementClicked, this, &GraphPane::onElementClicked);
    connect(m_scene, &GraphScene::groupClicked, this, &GraphPane::onGroupClicked);
    connect(m_scene, &GraphScene::groupToggleRequested, this, &GraphPane::toggleGroup);
    connect(m_scene, &GraphScene::contextMenuRequested, this, &GraphPane::showContextMenu);
    connect(m_view, &GraphView::backgroundClicked, this, [this]() {
        if (!m_selectedName.isEmpty() || m_scene->selectedGroup() >= 0) {
            m_selectedName.clear();
            m_scene->setSelectedElement(-1);
            emit nodeSelected(QString());
        }
    });
    m_view->installEventFilter(this);
    m_findEdit->installEventFilter(this);
    recolour();
    updateStatus();
}

GraphPane::~GraphPane() {
    m_runner->cancel();
    m_runner->waitForDone();
}

void GraphPane::buildToolbar() {
    m_toolbar = new QToolBar(this);
    m_toolbar->setObjectName(QStringLiteral("graphToolbar"));
    m_toolbar->setIconSize(QSize(16, 16));
    m_toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);

    auto *colourLabel = new QLabel(tr("Colour:"), m_toolbar);
    colourLabel->setContentsMargins(4, 0, 4, 0);
    m_toolbar->addWidget(colourLabel);
    m_modeBox = new QComboBox(m_toolbar);
    m_modeBox->setObjectName(QStringLiteral("graphColourMode"));
    m_modeBox->addItem(tr("Latency share"), static_cast<int>(GraphColourMode::Latency));
    m_modeBox->addItem(tr("Bound"), static_cast<int>(GraphColourMode::Bound));
    m_modeBox->addItem(tr("Op type"), static_cast<int>(GraphColourMode::OpType));
    m_modeBox->setToolTip(tr("Colour the boxes by their share of the predicted latency on the current target, by what "
                             "bounds them (compute, memory, latency, host), or by op type"));
    connect(m_modeBox, &QComboBox::currentIndexChanged, this,
            [this](int index) { setColourMode(static_cast<GraphColourMode>(m_modeBox->itemData(index).toInt())); });
    m_toolbar->addWidget(m_modeBox);
    m_toolbar->addSeparator();

    m_findEdit = new QLineEdit(m_toolbar);
    m_findEdit->setObjectName(QStringLiteral("graphFind"));
    m_findEdit->setPlaceholderText(tr("Find node or op (Ctrl+F)"));
    m_findEdit->setClearButtonEnabled(true);
    m_findEdit->setMaximumWidth(240);
    m_findEdit->setToolTip(tr("Find nodes by name or op type; Enter goes to the next hit, Shift+Enter to the previous"));
    connect(m_findEdit, &QLineEdit::textChanged, this, [this](const QString &text) { find(text); });
    connect(m_findEdit, &QLineEdit::returnPressed, this, [this]() { findNext(); });
    m_toolbar->addWidget(m_findEdit);

    m_findAction = new QAction(tr("&Find in Graph…"), this);
    m_findAction->setShortcut(QKeySequence::Find);
    m_findAction->setShortcutContext(Qt::WindowShortcut);
    connect(m_findAction, &QAction::triggered, this, [this]() {
        m_findEdit->setFocus(Qt::ShortcutFocusReason);
        m_findEdit->selectAll();
    });
    addAction(m_findAction);
    m_findPreviousAction = m_toolbar->addAction(tr("◀"), this, &GraphPane::findPrevious);
    m_findPreviousAction->setShortcut(QKeySequence::FindPrevious);
    m_findPreviousAction->setShortcutContext(Qt::WindowShortcut);
    m_findPreviousAction->setToolTip(tr("Previous hit (Shift+F3)"));
    m_findNextAction = m_toolbar->addAction(tr("▶"), this, &GraphPane::findNext);
    m_findNextAction->setShortcut(QKeySequence::FindNext);
    m_findNextAction->setShortcutContext(Qt::WindowShortcut);
    m_findNextAction->setToolTip(tr("Next hit (F3)"));
    m_hitLabel = new QLabel(m_toolbar);
    m_hitLabel->setObjectName(QStringLiteral("graphFindHits"));
    m_hitLabel->setMinimumWidth(70);
    m_hitLabel->setContentsMargins(4, 0, 4, 0);
    m_toolbar->addWidget(m_hitLabel);
    m_toolbar->addSeparator();

    QAction *expandAll = m_toolbar->addAction(tr("Expand All"), this, &GraphPane::expandAll);
    expandAll->setToolTip(tr("Open every group (laid out in the background; identical blocks share one layout)"));
    QAction *collapse = m_toolbar->addAction(tr("Collapse"), this, &GraphPane::collapseToReadable);
    collapse->setToolTip(tr("Back to the starting level: stages or layers as boxes"));
    m_toolbar->addSeparator();
    m_fitAction = m_toolbar->addAction(tr("Fit"), m_view, &GraphView::fitGraph);
    m_fitAction->setToolTip(tr("Fit the whole graph in the view (F)"));
    QAction *zoomOut = m_toolbar->addAction(tr("−"), this, [this]() { m_view->zoomBy(0.8); });
    zoomOut->setToolTip(tr("Zoom out (-)"));
    QAction *zoomIn = m_toolbar->addAction(tr("+"), this, [this]() { m_view->zoomBy(1.25); });
    zoomIn->setToolTip(tr("Zoom in (+)"));
    m_toolbar->addSeparator();

    auto *exportMenu = new QMenu(this);
    exportMenu->addAction(tr("Export Visible Area…"), this, [this]() { chooseExport(false); });
    exportMenu->addAction(tr("Export Whole Graph…"), this, [this]() { chooseExport(true); });
    m_exportAction = new QAction(tr("Export Image"), this);
    m_exportAction->setMenu(exportMenu);
    m_exportAction->setToolTip(tr("Save the graph as SVG (text stays text) or PNG"));
    connect(m_exportAction, &QAction::triggered, this, [this]() { chooseExport(false); });
    m_toolbar->addAction(m_exportAction);
    if (auto *button = qobject_cast<QToolButton *>(m_toolbar->widgetForAction(m_exportAction))) {
        button->setPopupMode(QToolButton::MenuButtonPopup);
    }

    auto *spacer = new QWidget(m_toolbar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_toolbar->addWidget(spacer);
    m_status = new QLabel(m_toolbar);
    m_status->setObjectName(QStringLiteral("graphStatus"));
    m_status->setContentsMargins(4, 0, 8, 0);
    m_status->setEnabled(false);  // secondary text
    m_toolbar->addWidget(m_status);
}

// ----------------------------------------------------------------------------------------------
bool GraphPane::sameStructure(const Graph &a, const Graph &b) const {
    if (&a == &b) {
        return true;
    }
    if (a.nodes.size() != b.nodes.size() || a.values.size() != b.values.size() || a.inputs != b.inputs ||
        a.outputs != b.outputs) {
        return false;
    }
    for (std::size_t i = 0; i < a.nodes.size(); ++i) {
        const Node &x = a.nodes[i];
        const Node &y = b.nodes[i];
        if (x.inputs != y.inputs || x.outputs != y.outputs || x.opType != y.opType || x.name != y.name) {
            return false;
        }
    }
    return true;
}

void GraphPane::rebuildNameIndex() {
    m_nameIndex.clear();
    if (!m_graph) {
        return;
    }
    m_nameIndex.reserve(static_cast<qsizetype>(m_graph->nodes.size()));
    for (std::size_t i = 0; i < m_graph->nodes.size(); ++i) {
        m_nameIndex.insert(m_graph->nodes[i].name, static_cast<int>(i));
    }
}

int GraphPane::nodeIndex(const QString &name) const { return name.isEmpty() ? -1 : m_nameIndex.value(name, -1); }

void GraphPane::setGraph(std::shared_ptr<const Graph> graph) {
    if (graph == m_graph) {
        return;
    }
    if (!graph) {
        m_runner->cancel();
        m_graph.reset();
        m_hierarchy.reset();
        m_expanded.clear();
        m_lastOutcome.reset();
        m_nameIndex.clear();
        m_hits.clear();
        m_hitIndex = -1;
        m_scene->clearContent();
        m_firstPicture = true;
        recolour();
        updateStatus();
        return;
    }
    const std::shared_ptr<const Graph> previous = m_graph;
    m_graph = std::move(graph);
    // the scene's graph is the one its hierarchy was built for
    const Graph *shown = m_scene->graph();
    if (m_hierarchy && shown && sameStructure(*shown, *m_graph) && !m_runner->isRunning()) {
        m_scene->setGraph(m_graph);
        recolour();
        return;
    }
    rebuildNameIndex();
    GraphLayoutJob job;
    job.graph = m_graph;
    job.expansion = m_hierarchy ? GraphLayoutJob::Expansion::Keys : GraphLayoutJob::Expansion::Readable;
    if (m_hierarchy) {
        job.keys = expandedKeys(*m_hierarchy, m_expanded);
        if (job.keys.isEmpty()) {
            job.expansion = GraphLayoutJob::Expansion::Readable;
        }
    }
    if (const int selected = nodeIndex(m_selectedName); selected >= 0) {
        job.reveal.push_back(selected);
    }
    m_firstPicture = !previous || previous->name != m_graph->name || previous->sourcePath != m_graph->sourcePath;
    m_hierarchy.reset();  // a new structure: its hierarchy comes with the layout
    m_expanded.clear();
    startLayout(std::move(job));
}

void GraphPane::setPrediction(std::shared_ptr<const Prediction> prediction) {
    m_prediction = std::move(prediction);
    recolour();
}

void GraphPane::setColourMode(GraphColourMode mode) {
    if (m_mode != mode) {
        m_mode = mode;
        recolour();
    }
    const int index = m_modeBox->findData(static_cast<int>(mode));
    if (index >= 0 && index != m_modeBox->currentIndex()) {
        m_modeBox->setCurrentIndex(index);
    }
}

GraphLegend GraphPane::legend() const { return m_legend->legend(); }

void GraphPane::recolour() {
    const NodeHierarchy *h = m_scene->hierarchy();
    const Graph *g = m_scene->graph();
    if (!h || !g) {
        GraphLegend empty;
        empty.title = tr("No model open");
        m_legend->setLegend(empty);
        m_legend->setVisible(false);
        return;
    }
    GraphColouring colouring = GraphColouring::compute(*g, *h, m_mode, m_prediction.get());
    colouring.normaliseTo(m_scene->visibleNodes(), m_scene->visibleGroups());
    m_legend->setLegend(colouring.legend());
    m_legend->setVisible(true);
    m_scene->setColouring(std::move(colouring));
    positionOverlays();
    updateStatus();
}

// ----------------------------------------------------------------------------------------------
bool GraphPane::isLayoutRunning() const { return m_runner->isRunning(); }

void GraphPane::cancelLayout() { m_runner->cancel(); }

void GraphPane::startLayout(GraphLayoutJob job, int anchorGroup) {
    m_anchorKey.clear();
    if (anchorGroup >= 0 && m_hierarchy && anchorGroup < m_hierarchy->groupCount()) {
        const QRectF rect = m_scene->groupRect(anchorGroup);
        if (!rect.isEmpty()) {
            m_anchorKey = groupKey(*m_hierarchy, anchorGroup);
            m_anchorViewport = m_view->mapFromScene(rect.topLeft());
        }
    }
    m_expandedBeforeJob = m_expanded;
    m_runner->start(std::move(job));
    m_progressBar->setRange(0, 0);
    m_progressLabel->setText(tr("Laying out the graph…"));
    if (!m_progressDelay->isActive() && !m_progressPanel->isVisible()) {
        m_progressDelay->start();
    }
    updateStatus();
}

void GraphPane::showProgress(int done, int total) {
    m_progressBar->setRange(0, std::max(total, 1));
    m_progressBar->setValue(done);
    m_progressLabel->setText(tr("Laying out the graph: %1 of %2 groups").arg(done).arg(total));
}

void GraphPane::hideProgress() {
    m_progressDelay->stop();
    m_progressPanel->hide();
}

void GraphPane::applyLayout(std::shared_ptr<const GraphLayoutOutcome> outcome) {
    hideProgress();
    if (!outcome->ok()) {
        const bool structureLost = !m_hierarchy;
        if (structureLost && m_scene->hierarchy() && m_scene->graph() && outcome->graph == m_graph) {
            // a new graph's layout was cancelled: nothing of it is on screen
        }
        m_expanded = m_expandedBeforeJob;
        const QString message = outcome->cancelled ? tr("Layout cancelled; the picture is unchanged.")
                                                   : tr("Graph layout failed: %1").arg(outcome->error);
        m_status->setText(message);
        m_status->setToolTip(message);
        emit layoutFailed(message);
        emit layoutFinished();
        return;
    }
    const bool newStructure = outcome->hierarchy != m_scene->sharedHierarchy();
    m_hierarchy = outcome->hierarchy;
    m_expanded = outcome->expanded;
    m_lastOutcome = outcome;
    if (outcome->graph != m_graph) {
        // the graph changed while this one was laid out; only its labels can differ if the
        // structure is the same, else the newer job is coming
        if (!sameStructure(*outcome->graph, *m_graph)) {
            return;
        }
    }
    m_scene->setContent(m_graph, m_hierarchy, outcome->geometry);
    if (newStructure) {
        find(m_query);
        highlightNodes(m_highlightNames);
    }
    const int selected = nodeIndex(m_selectedName);
    m_scene->setSelectedElement(selected);
    recolour();

    if (m_firstPicture) {
        m_firstPicture = false;
        m_view->showStart();
    } else if (!m_anchorKey.isEmpty()) {
        const QStringList keys{m_anchorKey};
        for (int g = 0; g < m_hierarchy->groupCount(); ++g) {
            if (groupKey(*m_hierarchy, g) == m_anchorKey) {
                const QRectF rect = m_scene->groupRect(g);
                if (!rect.isEmpty()) {
                    const QPointF now = m_view->mapFromScene(rect.topLeft());
                    const QPointF delta = now - m_anchorViewport;
                    m_view->horizontalScrollBar()->setValue(m_view->horizontalScrollBar()->value() + static_cast<int>(delta.x()));
                    m_view->verticalScrollBar()->setValue(m_view->verticalScrollBar()->value() + static_cast<int>(delta.y()));
                }
                break;
            }
        }
    }
    m_anchorKey.clear();
    if (m_pendingReveal >= 0) {
        const QRectF rect = m_scene->elementRect(m_pendingReveal);
        m_view->reveal(rect);
        m_pendingReveal = -1;
    }
    updateStatus();
    emit layoutFinished();
}

void GraphPane::updateStatus() {
    const QLocale locale;
    if (!m_graph) {
        m_status->setText(tr("No model"));
        return;
    }
    QString text;
    if (m_lastOutcome && m_hierarchy) {
        const GraphGeometry &g = m_lastOutcome->geometry;
        int boxes = 0;
        for (const LaidOutItem &item : g.items) {
            boxes += item.kind != LaidOutItem::Kind::Frame ? 1 : 0;
        }
        text = tr("%1 nodes · %2 boxes shown").arg(locale.toString(m_hierarchy->nodeCount()), locale.toString(boxes));
        m_status->setToolTip(tr("Layout %1 ms: %2 Graphviz runs, %3 group layouts reused, %4 ms in Graphviz")
                                 .arg(locale.toString(m_lastOutcome->layoutMs + m_lastOutcome->hierarchyMs, 'f', 0))
                                 .arg(g.groupsLaidOut)
                                 .arg(g.cacheHits)
                                 .arg(locale.toString(g.dotMs, 'f', 0)));
    }
    if (m_runner->isRunning()) {
        text = text.isEmpty() ? tr("Laying out…") : text + tr(" · laying out…");
    }
    m_status->setText(text);
}

void GraphPane::positionOverlays() {
    const QRect area = m_view->viewport()->geometry();
    if (m_legend->isVisible()) {
        const QSize s = m_legend->sizeHint();
        m_legend->setGeometry(area.right() - s.width() - 10, area.top() + 10, s.width(), s.height());
        m_legend->raise();
    }
    if (m_progressPanel->isVisible()) {
        const QSize s = m_progressPanel->sizeHint();
        m_progressPanel->setGeometry(area.left() + (area.width() - s.width()) / 2, area.top() + 10, s.width(), s.height());
        m_progressPanel->raise();
    }
}

bool GraphPane::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_view && (event->type() == QEvent::Resize || event->type() == QEvent::Show)) {
        QTimer::singleShot(0, this, &GraphPane::positionOverlays);
    }
    if (watched == m_findEdit && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Escape) {
            m_findEdit->clear();
            m_view->setFocus();
            return true;
        }
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && (key->modifiers() & Qt::ShiftModifier)) {
            findPrevious();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

// ----------------------------------------------------------------------------------------------
QString GraphPane::selectedNode() const { return m_selectedName; }

void GraphPane::selectNode(const QString &name) {
    m_selectedName = name;
    const int element = nodeIndex(name);
    if (element < 0 || !m_hierarchy) {
        m_scene->setSelectedElement(-1);
        return;
    }
    const std::vector<int> &items = m_scene->geometry().elementItem;
    const bool visible = static_cast<std::size_t>(element) < items.size() && items[static_cast<std::size_t>(element)] >= 0 &&
                         m_scene->geometry().items[static_cast<std::size_t>(items[static_cast<std::size_t>(element)])].kind ==
                             LaidOutItem::Kind::Node;
    if (visible) {
        m_scene->setSelectedElement(element);
        m_view->reveal(m_scene->elementRect(element));
        return;
    }
    // inside collapsed groups: open them, then select
    m_scene->setSelectedElement(element);  // marks the collapsed group meanwhile
    std::vector<char> expanded = m_expanded;
    revealElement(*m_hierarchy, expanded, element);
    m_pendingReveal = element;
    GraphLayoutJob job;
    job.graph = m_graph;
    job.hierarchy = m_hierarchy;
    job.expansion = GraphLayoutJob::Expansion::Explicit;
    job.expanded = std::move(expanded);
    startLayout(std::move(job));
}

void GraphPane::highlightNodes(const QStringList &names) {
    m_highlightNames = names;
    std::vector<int> nodes;
    nodes.reserve(static_cast<std::size_t>(names.size()));
    for (const QString &name : names) {
        if (const int n = nodeIndex(name); n >= 0) {
            nodes.push_back(n);
        }
    }
    m_scene->setHighlightedNodes(std::move(nodes));
}

void GraphPane::onElementClicked(int element) {
    if (!m_hierarchy || !m_graph || !m_hierarchy->isNode(element)) {
        return;  // graph inputs and outputs are not nodes
    }
    const QString name = m_graph->nodes[static_cast<std::size_t>(element)].name;
    m_selectedName = name;
    m_scene->setSelectedElement(element);
    emit nodeSelected(name);
}

void GraphPane::onGroupClicked(int group) {
    if (!m_hierarchy) {
        return;
    }
    m_scene->setSelectedGroup(group);
    if (!m_selectedName.isEmpty()) {
        m_selectedName.clear();
        emit nodeSelected(QString());
    }
    emit groupSelected(groupKey(*m_hierarchy, group));
}

// ----------------------------------------------------------------------------------------------
void GraphPane::setGroupExpanded(int group, bool expand) {
    if (!m_hierarchy || group <= 0 || group >= m_hierarchy->groupCount() || m_scene->hierarchy() != m_hierarchy.get()) {
        return;
    }
    if (static_cast<bool>(m_expanded[static_cast<std::size_t>(group)]) == expand) {
        return;
    }
    std::vector<char> expanded = m_expanded;
    expanded[static_cast<std::size_t>(group)] = expand ? 1 : 0;
    GraphLayoutJob job;
    job.graph = m_graph;
    job.hierarchy = m_hierarchy;
    job.expansion = GraphLayoutJob::Expansion::Explicit;
    job.expanded = std::move(expanded);
    startLayout(std::move(job), group);
}

void GraphPane::toggleGroup(int group) {
    if (!m_hierarchy || group <= 0 || group >= m_hierarchy->groupCount()) {
        return;
    }
    setGroupExpanded(group, !m_expanded[static_cast<std::size_t>(group)]);
}

void GraphPane::expandAll() {
    if (!m_hierarchy) {
        return;
    }
    GraphLayoutJob job;
    job.graph = m_graph;
    job.hierarchy = m_hierarchy;
    job.expansion = GraphLayoutJob::Expansion::All;
    startLayout(std::move(job));
}

void GraphPane::collapseToReadable() {
    if (!m_hierarchy) {
        return;
    }
    GraphLayoutJob job;
    job.graph = m_graph;
    job.hierarchy = m_hierarchy;
    job.expansion = GraphLayoutJob::Expansion::Readable;
    m_firstPicture = true;  // back to the starting view
    startLayout(std::move(job));
}

void GraphPane::setSubtreeExpanded(int group, bool expand) {
    if (!m_hierarchy || group < 0 || group >= m_hierarchy->groupCount() || m_scene->hierarchy() != m_hierarchy.get()) {
        return;
    }
    std::vector<char> expanded = m_expanded;
    for (int g = group; g < m_hierarchy->groupCount(); ++g) {
        // groups are numbered depth-first: a subtree is a contiguous run
        if (g != group && !m_hierarchy->isGroupAncestor(group, g)) {
            break;
        }
        expanded[static_cast<std::size_t>(g)] = expand || g == 0 ? 1 : 0;
    }
    if (expand) {
        for (int g = m_hierarchy->group(group).parent; g >= 0; g = m_hierarchy->group(g).parent) {
            expanded[static_cast<std::size_t>(g)] = 1;
        }
    }
    GraphLayoutJob job;
    job.graph = m_graph;
    job.hierarchy = m_hierarchy;
    job.expansion = GraphLayoutJob::Expansion::Explicit;
    job.expanded = std::move(expanded);
    startLayout(std::move(job), group);
}

void GraphPane::showContextMenu(int element, int group, const QPoint &screenPos) {
    QMenu menu(this);
    if (group >= 0 && m_hierarchy) {
        const bool open = m_expanded[static_cast<std::size_t>(group)] != 0;
        if (group > 0) {
            menu.addAction(open ? tr("Collapse") : tr("Expand"), this, [this, group]() { toggleGroup(group); });
        }
        menu.addAction(tr("Expand All Inside"), this, [this, group]() { setSubtreeExpanded(group, true); });
        if (group > 0) {
            menu.addAction(tr("Collapse All Inside"), this, [this, group]() { setSubtreeExpanded(group, false); });
        }
        menu.addSeparator();
    } else if (element >= 0 && m_hierarchy && m_hierarchy->isNode(element) && m_graph) {
        const QString name = m_graph->nodes[static_cast<std::size_t>(element)].name;
        menu.addAction(tr("Copy Name"), this, [name]() { QGuiApplication::clipboard()->setText(name); });
        const int parent = m_hierarchy->parentOf(element);
        if (parent > 0) {
            menu.addAction(tr("Collapse Group '%1'").arg(m_hierarchy->group(parent).label), this,
                           [this, parent]() { setGroupExpanded(parent, false); });
        }
        menu.addSeparator();
    }
    menu.addAction(m_fitAction);
    menu.addAction(tr("Expand All"), this, &GraphPane::expandAll);
    menu.addAction(tr("Collapse"), this, &GraphPane::collapseToReadable);
    menu.addSeparator();
    menu.addAction(tr("Export Visible Area…"), this, [this]() { chooseExport(false); });
    menu.addAction(tr("Export Whole Graph…"), this, [this]() { chooseExport(true); });
    menu.exec(screenPos);
}

void GraphPane::expandToDepth(int depth) {
    if (!m_hierarchy) {
        return;
    }
    GraphLayoutJob job;
    job.graph = m_graph;
    job.hierarchy = m_hierarchy;
    job.expansion = GraphLayoutJob::Expansion::Depth;
    job.depth = depth;
    startLayout(std::move(job));
}

// ----------------------------------------------------------------------------------------------
int GraphPane::find(const QString &text) {
    m_query = text.trimmed();
    m_hits.clear();
    m_hitIndex = -1;
    if (!m_query.isEmpty() && m_graph && m_hierarchy) {
        for (std::size_t i = 0; i < m_graph->nodes.size(); ++i) {
            const Node &node = m_graph->nodes[i];
            if (node.name.contains(m_query, Qt::CaseInsensitive) || node.opType.contains(m_query, Qt::CaseInsensitive)) {
                m_hits.push_back(static_cast<int>(i));
            }
        }
    }
    m_scene->setSearchHits(m_hits, -1);
    if (m_query.isEmpty()) {
        m_hitLabel->clear();
    } else if (m_hits.empty()) {
        m_hitLabel->setText(tr("no match"));
    } else {
        m_hitLabel->setText(tr("%n hit(s)", nullptr, static_cast<int>(m_hits.size())));
    }
    return static_cast<int>(m_hits.size());
}

void GraphPane::goToHit(int index) {
    if (m_hits.empty()) {
        return;
    }
    const int count = static_cast<int>(m_hits.size());
    m_hitIndex = ((index % count) + count) % count;
    const int node = m_hits[static_cast<std::size_t>(m_hitIndex)];
    m_hitLabel->setText(tr("%1 of %2").arg(m_hitIndex + 1).arg(count));
    m_scene->setSearchHits(m_hits, node);
    const QString name = m_graph->nodes[static_cast<std::size_t>(node)].name;
    selectNode(name);
    emit nodeSelected(name);
}

void GraphPane::findNext() {
    if (m_findEdit->text().trimmed() != m_query) {
        find(m_findEdit->text());
    }
    goToHit(m_hitIndex + 1);
}

void GraphPane::findPrevious() {
    if (m_findEdit->text().trimmed() != m_query) {
        find(m_findEdit->text());
    }
    goToHit(m_hitIndex < 0 ? -1 : m_hitIndex - 1);
}

// ----------------------------------------------------------------------------------------------
Status GraphPane::exportImage(const QString &path, bool wholeGraph) {
    if (!m_scene->hasContent()) {
        return Error{tr("%1: there is no graph to export").arg(path)};
    }
    GraphExportOptions options;
    if (!wholeGraph) {
        options.region = m_view->mapToScene(m_view->viewport()->rect()).boundingRect().intersected(m_scene->sceneRect());
    }
    options.title = m_graph ? m_graph->name : QString();
    if (m_prediction && !m_prediction->targetLabel.isEmpty()) {
        options.title += QStringLiteral(" · ") + m_prediction->targetLabel;
    }
    return exportGraphImage(*m_scene, m_legend->legend(), path, options);
}

void GraphPane::chooseExport(bool wholeGraph) {
    if (!m_scene->hasContent()) {
        return;
    }
    const QString svgFilter = tr("SVG image (*.svg)");
    const QString pngFilter = tr("PNG image (*.png)");
    QString filter = svgFilter;
    const QString base = m_graph && !m_graph->name.isEmpty() ? m_graph->name : QStringLiteral("graph");
    QString path = QFileDialog::getSaveFileName(this, wholeGraph ? tr("Export Whole Graph") : tr("Export Visible Area"),
                                                base + QStringLiteral(".svg"), svgFilter + QStringLiteral(";;") + pngFilter,
                                                &filter);
    if (path.isEmpty()) {
        return;
    }
    if (QFileInfo(path).suffix().isEmpty()) {
        path += filter == pngFilter ? QStringLiteral(".png") : QStringLiteral(".svg");
    }
    if (Status s = exportImage(path, wholeGraph); !s) {
        QMessageBox::warning(this, tr("Export failed"), s.errorMessage());
    }
}

}  // namespace infersight
