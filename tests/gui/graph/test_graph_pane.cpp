// SPDX-License-Identifier: MIT
// The graph pane with the node inspector, linked to an ExplorerSession as the main window links
// them (GraphSessionLink): a model opens collapsed to a readable level, collapsing and expanding
// change what is shown, the heat scale tops at the slowest node, colours follow the target,
// search reveals a node inside a collapsed group, the selection goes both ways through the
// session, a width edit from the inspector changes the session's design and is undone, and a
// refused edit changes nothing and shows the engine's reason.
//
// Set INFERSIGHT_GRAPH_SCREENSHOTS=DIR to keep the screenshots this test takes (collapsed
// ResNet-50, an expanded BERT layer, heat colouring, a search hit, the inspector).
#include "graph/expansion_state.h"
#include "graph/graph_colouring.h"
#include "graph/graph_pane.h"
#include "graph/graph_scene.h"
#include "graph/graph_session_link.h"
#include "graph/graph_view.h"
#include "graph/node_cost.h"
#include "pages/node_inspector.h"
#include "session/explorer_session.h"

#include <QDir>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace infersight;

namespace {

constexpr int kWaitMs = 120000;

ProjectTarget gpu(const QString &id) {
    ProjectTarget t;
    t.gpu = id;
    return t;
}

// The explorer window's centre and inspector dock, side by side, linked to a session.
struct Harness {
    ExplorerSession session;
    QWidget window;
    GraphPane *pane = nullptr;
    NodeInspector *inspector = nullptr;
    std::unique_ptr<GraphSessionLink> link;

    Harness() {
        auto *layout = new QHBoxLayout(&window);
        layout->setContentsMargins(0, 0, 0, 0);
        pane = new GraphPane(&window);
        inspector = new NodeInspector(&window);
        inspector->setFixedWidth(420);
        layout->addWidget(pane, 1);
        layout->addWidget(inspector);
        window.resize(1500, 950);
        link = std::make_unique<GraphSessionLink>(&session, pane, inspector);
        window.show();
    }

    bool settled() const {
        return !session.isLoading() && !session.isPredicting() && !pane->isLayoutRunning() && pane->scene()->hasContent() &&
               session.results() && session.results()->design && pane->graph() &&
               pane->graph() == session.results()->design->sharedGraph();
    }
    bool waitSettled() { return QTest::qWaitFor([this] { return settled(); }, kWaitMs); }
    bool waitLayout() {
        return QTest::qWaitFor([this] { return !pane->isLayoutRunning(); }, kWaitMs);
    }

    bool open(const QString &source, std::optional<Knobs> knobs = {}) {
        QSignalSpy loaded(&session, &ExplorerSession::loaded);
        QSignalSpy failed(&session, &ExplorerSession::loadFailed);
        session.open(source, {}, knobs);
        if (!QTest::qWaitFor([&] { return !loaded.isEmpty() || !failed.isEmpty(); }, kWaitMs) || loaded.isEmpty()) {
            return false;
        }
        return waitSettled();
    }

    int visibleBoxes() const { return visibleBoxCount(*pane->hierarchy(), pane->expanded()); }
};

QString screenshotDir() { return qEnvironmentVariable("INFERSIGHT_GRAPH_SCREENSHOTS"); }

void saveShot(QWidget *widget, const QString &name) {
    QCoreApplication::processEvents();
    const QPixmap shot = widget->grab();
    QVERIFY(!shot.isNull());
    const QString dir = screenshotDir();
    if (!dir.isEmpty()) {
        QDir().mkpath(dir);
        QVERIFY(shot.save(QDir(dir).filePath(name + QStringLiteral(".png"))));
    }
}

// Node with the largest predicted time on the current target.
int slowestNode(const Prediction &p) {
    int best = -1;
    for (std::size_t i = 0; i < p.nodes.size(); ++i) {
        if (best < 0 || p.nodes[i].latencyMs > p.nodes[static_cast<std::size_t>(best)].latencyMs) {
            best = static_cast<int>(i);
        }
    }
    return best;
}

bool sameColourEverywhere(const GraphColouring &a, const GraphColouring &b, int nodes) {
    for (int n = 0; n < nodes; ++n) {
        if (a.nodeFill(n) != b.nodeFill(n)) {
            return false;
        }
    }
    return true;
}

}  // namespace

class TestGraphPane : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void resnetOpensCollapsed();
    void collapseAndExpandChangeVisibleBoxes();
    void heatScaleTopsAtSlowestNode();
    void coloursFollowTarget();
    void searchRevealsNodeInCollapsedGroup();
    void selectionGoesBothWays();
    void widthEditChangesDesignAndUndoes();
    void refusedEditChangesNothing();
    void bertLayerExpanded();
    void exportWritesSvgAndPng();

private:
    QTemporaryDir m_config;
};

void TestGraphPane::initTestCase() {
    QVERIFY(m_config.isValid());
    qputenv(GpuCatalogue::kConfigDirEnv, m_config.path().toLocal8Bit());  // no user GPUs of this machine
}

void TestGraphPane::resnetOpensCollapsed() {
    Harness h;
    QVERIFY(h.session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb")), gpu(QStringLiteral("h100-sxm5-80gb"))}));
    QVERIFY(h.open(QStringLiteral("zoo:resnet50")));
    const NodeHierarchy &hierarchy = *h.pane->hierarchy();
    // torchvision resnet50: 4 stem nodes, 16 bottlenecks of 10 nodes, 4 downsamples of 2, avgpool,
    // flatten, fc = 175 nodes.
    QCOMPARE(hierarchy.nodeCount(), 175);
    // The starting level shows the stages' blocks as boxes, not the 175 nodes.
    const int boxes = h.visibleBoxes();
    QVERIFY2(boxes < 60, qPrintable(QString::number(boxes)));
    for (const char *block : {"layer1.0", "layer2.3", "layer3.5", "layer4.2"}) {
        const int g = hierarchy.findGroup(QString::fromLatin1(block));
        QVERIFY2(g > 0, block);
        QVERIFY2(!h.pane->expanded()[static_cast<std::size_t>(g)], block);
        QVERIFY2(h.pane->scene()->groupRect(g).isValid(), block);  // drawn as a box
    }
    // a collapsed group's box says how many nodes it holds and what they take
    const int block = hierarchy.findGroup(QStringLiteral("layer1.0"));
    const LaidOutItem &item = h.pane->scene()->geometry().items[static_cast<std::size_t>(
        h.pane->scene()->geometry().groupItem[static_cast<std::size_t>(block)])];
    QCOMPARE(item.kind, LaidOutItem::Kind::Group);
    const QString tooltip = h.pane->scene()->itemToolTip(item);
    QVERIFY2(tooltip.contains(QStringLiteral("12")), qPrintable(tooltip));  // 10 + downsample's 2 nodes
    QVERIFY(h.pane->scene()->colouring().groupMs(block) > 0);
    // the starting view: readable boxes (zoomed to at least 55 %), the top of the graph in view
    QVERIFY(h.pane->view()->zoom() >= 0.55 - 1e-9);
    QVERIFY(h.pane->view()->mapToScene(h.pane->view()->viewport()->rect()).boundingRect().contains(
        h.pane->scene()->elementRect(hierarchy.elementOfInput(0))));
    saveShot(&h.window, QStringLiteral("graph-resnet50-collapsed"));
    // F fits everything
    QTest::keyClick(h.pane->view(), Qt::Key_F);
    QVERIFY(h.pane->view()->mapToScene(h.pane->view()->viewport()->rect()).boundingRect().adjusted(-4, -4, 4, 4).contains(h.pane->scene()->itemsBoundingRect()));
    const double fitted = h.pane->view()->zoom();
    QTest::keyClick(h.pane->view(), Qt::Key_Plus);
    QVERIFY(h.pane->view()->zoom() > fitted);
    QTest::keyClick(h.pane->view(), Qt::Key_Minus);
    QVERIFY(qAbs(h.pane->view()->zoom() - fitted) < 1e-9);
}

void TestGraphPane::collapseAndExpandChangeVisibleBoxes() {
    Harness h;
    QVERIFY(h.session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
    QVERIFY(h.open(QStringLiteral("zoo:resnet50")));
    const NodeHierarchy &hierarchy = *h.pane->hierarchy();
    const int before = h.visibleBoxes();
    const int before_items = h.pane->scene()->boxItemCount();
    const int block = hierarchy.findGroup(QStringLiteral("layer1.1"));
    QVERIFY(block > 0);
    QVERIFY(!h.pane->expanded()[static_cast<std::size_t>(block)]);
    // layer1.1: a bottleneck without downsample, 10 nodes: one box becomes 10 boxes in a frame
    h.pane->toggleGroup(block);
    QVERIFY(h.waitLayout());
    QVERIFY(h.pane->expanded()[static_cast<std::size_t>(block)]);
    QCOMPARE(h.visibleBoxes(), before - 1 + 10);
    QCOMPARE(h.pane->scene()->boxItemCount(), before_items - 1 + 10);
    h.pane->toggleGroup(block);
    QVERIFY(h.waitLayout());
    QCOMPARE(h.visibleBoxes(), before);
    // a double-click on the collapsed box opens it, one on the open frame's title closes it
    h.pane->scene()->boxClicked(h.pane->scene()->geometry().groupItem[static_cast<std::size_t>(block)], true);
    QVERIFY(h.waitLayout());
    QVERIFY(h.pane->expanded()[static_cast<std::size_t>(block)]);
    QCOMPARE(h.visibleBoxes(), before - 1 + 10);
    h.pane->scene()->boxClicked(h.pane->scene()->geometry().groupItem[static_cast<std::size_t>(block)], true);
    QVERIFY(h.waitLayout());
    QCOMPARE(h.visibleBoxes(), before);
    // everything open: every node, input and output is its own box
    h.pane->expandAll();
    QVERIFY(h.waitLayout());
    QCOMPARE(h.visibleBoxes(), hierarchy.nodeCount() + hierarchy.inputCount() + hierarchy.outputCount());
    // back to the starting level
    h.pane->collapseToReadable();
    QVERIFY(h.waitLayout());
    QCOMPARE(h.visibleBoxes(), before);
}

void TestGraphPane::heatScaleTopsAtSlowestNode() {
    Harness h;
    QVERIFY(h.session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
    QVERIFY(h.open(QStringLiteral("zoo:resnet50")));
    h.pane->setColourMode(GraphColourMode::Latency);
    h.pane->expandAll();
    QVERIFY(h.waitLayout());
    const Prediction &p = *h.session.results()->targets.front().current;
    const int slowest = slowestNode(p);
    QVERIFY(slowest >= 0);
    const GraphColouring &colouring = h.pane->scene()->colouring();
    // the heat scale runs from 0 to the largest share on screen: the slowest node is its top
    QCOMPARE(colouring.nodeFill(slowest), heatColour(1.0));
    QVERIFY(qFuzzyCompare(h.pane->legend().maxShare, p.nodes[static_cast<std::size_t>(slowest)].latencyMs / p.latencyMs));
    QVERIFY(h.pane->legend().gradient);
    // the far-out overview picture paints the same colour where the slowest node is
    GraphScene *scene = h.pane->scene();
    const QImage &overview = scene->overview();
    const QPointF centre = (scene->elementRect(slowest).center() - scene->geometry().bounds.topLeft()) * scene->overviewScale();
    QCOMPARE(QColor(overview.pixel(centre.toPoint())), heatColour(1.0));
    h.pane->selectNode(p.nodes.empty() ? QString() : h.session.design().graph().nodes[static_cast<std::size_t>(slowest)].name);
    QVERIFY(h.waitLayout());
    saveShot(&h.window, QStringLiteral("graph-resnet50-heat"));
}

void TestGraphPane::coloursFollowTarget() {
    Harness h;
    // a datacentre GPU and a small MIG-less workstation card: different shares per node
    QVERIFY(h.session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb")), gpu(QStringLiteral("t4"))}));
    QVERIFY(h.open(QStringLiteral("zoo:resnet50")));
    h.pane->expandAll();
    QVERIFY(h.waitLayout());
    const int nodes = h.pane->hierarchy()->nodeCount();
    const GraphColouring first = h.pane->scene()->colouring();
    QVERIFY(first.hasTimes());
    h.session.setCurrentTarget(1);
    QCoreApplication::processEvents();
    const GraphColouring second = h.pane->scene()->colouring();
    QVERIFY(second.hasTimes());
    QVERIFY(!qFuzzyCompare(first.totalMs(), second.totalMs()));
    QVERIFY(!sameColourEverywhere(first, second, nodes));
    QVERIFY(h.pane->legend().title.contains(h.session.results()->targets[1].label));
    // bound and op colouring are toggles of the same view
    h.pane->setColourMode(GraphColourMode::Bound);
    QVERIFY(!h.pane->legend().gradient);
    QVERIFY(!h.pane->legend().entries.empty());
    h.pane->setColourMode(GraphColourMode::OpType);
    QVERIFY(!h.pane->legend().entries.empty());
    QCOMPARE(h.pane->scene()->colouring().nodeFill(0), opFamilyColour(opFamily(h.pane->graph()->nodes[0].opType)));
}

void TestGraphPane::searchRevealsNodeInCollapsedGroup() {
    Harness h;
    QVERIFY(h.session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
    QVERIFY(h.open(QStringLiteral("zoo:resnet50")));
    const NodeHierarchy &hierarchy = *h.pane->hierarchy();
    const int target = h.pane->nodeIndex(QStringLiteral("layer3.4/conv2"));
    QVERIFY(target >= 0);
    const int block = hierarchy.parentOf(target);
    QCOMPARE(hierarchy.group(block).path, QStringLiteral("layer3.4"));
    QVERIFY(!h.pane->expanded()[static_cast<std::size_t>(block)]);
    // Ctrl+F focuses the find field
    h.pane->findAction()->trigger();
    auto *field = h.pane->findChild<QLineEdit *>(QStringLiteral("graphFind"));
    QVERIFY(field);
    field->setText(QStringLiteral("layer3.4/conv"));
    QCOMPARE(h.pane->searchHitCount(), 3);  // conv1, conv2, conv3 of that block
    QSignalSpy selected(h.pane, &GraphPane::nodeSelected);
    h.pane->findNext();
    h.pane->findNext();
    QVERIFY(h.waitLayout());
    QCOMPARE(h.pane->currentSearchHit(), 1);
    QCOMPARE(h.pane->selectedNode(), QStringLiteral("layer3.4/conv2"));
    QVERIFY(h.pane->expanded()[static_cast<std::size_t>(block)]);   // the group was opened
    const LaidOutItem &item =
        h.pane->scene()->geometry().items[static_cast<std::size_t>(h.pane->scene()->geometry().elementItem[static_cast<std::size_t>(target)])];
    QCOMPARE(item.kind, LaidOutItem::Kind::Node);
    QCOMPARE(item.index, target);
    QVERIFY(h.pane->scene()->isCurrentHit(target));
    QCOMPARE(h.session.selectedNode(), QStringLiteral("layer3.4/conv2"));
    // previous wraps around to the first hit
    h.pane->findPrevious();
    h.pane->findPrevious();
    QVERIFY(h.waitLayout());
    QCOMPARE(h.pane->currentSearchHit(), 2);
    // op types match too
    QVERIFY(h.pane->find(QStringLiteral("Gemm")) == 1);
    field->setText(QStringLiteral("layer3.4/conv2"));
    h.pane->findNext();
    QVERIFY(h.waitLayout());
    saveShot(&h.window, QStringLiteral("graph-resnet50-search"));
}

void TestGraphPane::selectionGoesBothWays() {
    Harness h;
    QVERIFY(h.session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
    QVERIFY(h.open(QStringLiteral("zoo:resnet50")));
    // session (the node table's side) -> pane and inspector, revealing the node
    h.session.setSelectedNode(QStringLiteral("layer2.1/conv3"));
    QVERIFY(h.waitLayout());
    QCOMPARE(h.pane->selectedNode(), QStringLiteral("layer2.1/conv3"));
    const int node = h.pane->nodeIndex(QStringLiteral("layer2.1/conv3"));
    QCOMPARE(h.pane->scene()->selectedElement(), node);
    QCOMPARE(h.pane->scene()->geometry().items[static_cast<std::size_t>(h.pane->scene()->geometry().elementItem[static_cast<std::size_t>(node)])].kind,
             LaidOutItem::Kind::Node);
    QCOMPARE(h.inspector->node(), QStringLiteral("layer2.1/conv3"));
    // pane (a click on a box) -> session and inspector
    const int fc = h.pane->nodeIndex(QStringLiteral("fc"));
    QVERIFY(fc >= 0);
    const int fcItem = h.pane->scene()->geometry().elementItem[static_cast<std::size_t>(fc)];
    QSignalSpy sessionSelected(&h.session, &ExplorerSession::selectedNodeChanged);
    h.pane->scene()->boxClicked(fcItem, false);
    QCOMPARE(h.session.selectedNode(), QStringLiteral("fc"));
    QCOMPARE(sessionSelected.count(), 1);
    QCOMPARE(h.inspector->node(), QStringLiteral("fc"));
    // a click on the background clears it everywhere
    emit h.pane->view()->backgroundClicked();
    QCOMPARE(h.session.selectedNode(), QString());
    QCOMPARE(h.pane->scene()->selectedElement(), -1);
}

void TestGraphPane::widthEditChangesDesignAndUndoes() {
    Harness h;
    QVERIFY(h.session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
    QVERIFY(h.open(QStringLiteral("zoo:resnet50")));
    const QString layer = QStringLiteral("layer1.0/conv1");
    const QString consumer = QStringLiteral("layer1.0/conv2");
    h.session.setSelectedNode(layer);
    QVERIFY(h.waitLayout());
    QSpinBox *spin = h.inspector->widthSpinBox();
    QVERIFY(spin->isVisibleTo(h.inspector));
    QVERIFY(spin->isEnabled());
    QCOMPARE(spin->value(), 64);
    // the layers the edit changes are highlighted: the conv, its BatchNorm, ReLU and the next conv
    const QStringList dependents = h.inspector->dependents();
    QVERIFY(dependents.contains(layer));
    QVERIFY(dependents.contains(consumer));
    QVERIFY(h.pane->scene()->isHighlighted(h.pane->nodeIndex(consumer)));
    const std::int64_t batch = h.session.knobs().batch;
    const Graph &before = h.session.design().graph();
    // hand-computed at 224x224: layer1.0/conv1 is a 1x1 conv 64 -> 64 on 56x56, conv2 a 3x3 conv
    // 64 -> 64 on 56x56. MACs = H*W*Cin*Cout*k*k per sample.
    QCOMPARE(nodeCost(before, before.nodes.size() > 0 ? h.session.design().findNode(layer) : -1).macs, batch * 56 * 56 * 64 * 64);
    QCOMPARE(nodeCost(before, h.session.design().findNode(consumer)).macs, batch * 56 * 56 * 64 * 64 * 9);

    spin->setValue(32);
    QVERIFY(h.waitSettled());
    QCOMPARE(h.session.spec().edits.size(), std::size_t(1));
    QCOMPARE(*h.session.design().layerWidth(layer), std::int64_t(32));
    const Design &after = h.session.design();
    QCOMPARE(nodeCost(after.graph(), after.findNode(layer)).macs, batch * 56 * 56 * 64 * 32);
    QCOMPARE(nodeCost(after.graph(), after.findNode(consumer)).macs, batch * 56 * 56 * 32 * 64 * 9);
    QVERIFY(h.inspector->editMessage().contains(QStringLiteral("32")));
    QCOMPARE(spin->value(), 32);
    // the graph pane shows the new shapes (same structure: no new layout) and the session re-predicted
    QCOMPARE(h.pane->graph(), h.session.results()->design->sharedGraph());
    saveShot(&h.window, QStringLiteral("graph-resnet50-inspector"));

    // Ctrl+Z: the session's undo stack restores the design
    QVERIFY(h.session.undoStack()->canUndo());
    h.session.undoStack()->undo();
    QVERIFY(h.waitSettled());
    QCOMPARE(h.session.spec().edits.size(), std::size_t(0));
    QCOMPARE(*h.session.design().layerWidth(layer), std::int64_t(64));
    QCOMPARE(nodeCost(h.session.design().graph(), h.session.design().findNode(consumer)).macs, batch * 56 * 56 * 64 * 64 * 9);
    QCOMPARE(spin->value(), 64);
}

void TestGraphPane::refusedEditChangesNothing() {
    Harness h;
    QVERIFY(h.session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
    Knobs knobs;
    knobs.sequence = 128;
    QVERIFY(h.open(QStringLiteral("zoo:bert-base"), knobs));
    // the query projection's width is tied to the attention heads (12 heads of 64): a width that
    // is not a multiple of the head count cannot be split into heads
    const QString layer = QStringLiteral("bert.encoder.layer.0/attention.self.query");
    h.session.setSelectedNode(layer);
    QVERIFY(h.waitLayout());
    QSpinBox *spin = h.inspector->widthSpinBox();
    QVERIFY(spin->isVisibleTo(h.inspector));
    QCOMPARE(spin->value(), 768);
    const int undoBefore = h.session.undoStack()->count();
    const std::shared_ptr<const Design> designBefore = h.session.sharedDesign();
    spin->setValue(770);
    QCOMPARE(spin->value(), 768);                       // back to the design's width
    QVERIFY(!h.inspector->editMessage().isEmpty());      // the engine's reason
    QCOMPARE(h.session.undoStack()->count(), undoBefore);
    QCOMPARE(h.session.sharedDesign(), designBefore);
    QCOMPARE(*h.session.design().layerWidth(layer), std::int64_t(768));
    QVERIFY(h.session.spec().edits.empty());

    // the heads control: 12 heads of 64 -> 8 heads of 64, the projection 768 -> 512 wide
    QSpinBox *heads = h.inspector->headsSpinBox();
    QVERIFY(heads->isVisibleTo(h.inspector));
    QCOMPARE(heads->value(), 12);
    heads->setValue(8);
    QVERIFY(h.waitSettled());
    QCOMPARE(h.session.design().heads(layer)->heads, std::int64_t(8));
    QCOMPARE(*h.session.design().layerWidth(layer), std::int64_t(512));
    h.session.undoStack()->undo();
    QVERIFY(h.waitSettled());
    QCOMPARE(*h.session.design().layerWidth(layer), std::int64_t(768));
    QCOMPARE(heads->value(), 12);
}

void TestGraphPane::bertLayerExpanded() {
    Harness h;
    QVERIFY(h.session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
    Knobs knobs;
    knobs.sequence = 128;
    QVERIFY(h.open(QStringLiteral("zoo:bert-base"), knobs));
    const NodeHierarchy &hierarchy = *h.pane->hierarchy();
    const int layer = hierarchy.findGroup(QStringLiteral("bert.encoder.layer.3"));
    QVERIFY(layer > 0);
    QVERIFY(hierarchy.group(layer).block);
    QCOMPARE(hierarchy.group(layer).identical, 12);
    QVERIFY(!h.pane->expanded()[static_cast<std::size_t>(layer)]);
    h.pane->setSubtreeExpanded(layer, true);
    QVERIFY(h.waitLayout());
    QVERIFY(h.pane->expanded()[static_cast<std::size_t>(layer)]);
    h.session.setSelectedNode(QStringLiteral("bert.encoder.layer.3/attention.self.query"));
    QVERIFY(h.waitLayout());
    QCOMPARE(h.inspector->node(), QStringLiteral("bert.encoder.layer.3/attention.self.query"));
    QVERIFY(h.inspector->headsSpinBox()->isVisibleTo(h.inspector) || h.inspector->widthSpinBox()->isVisibleTo(h.inspector));
    h.pane->view()->setZoom(0.7);
    const QRectF frame = h.pane->scene()->groupRect(layer);
    h.pane->view()->centerOn(QPointF(frame.center().x(), frame.top() + h.pane->view()->viewport()->height() / (2 * 0.7) - 10));
    saveShot(&h.window, QStringLiteral("graph-bert-layer"));
}

void TestGraphPane::exportWritesSvgAndPng() {
    Harness h;
    QVERIFY(h.session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
    QVERIFY(h.open(QStringLiteral("zoo:resnet50")));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString svg = dir.filePath(QStringLiteral("graph.svg"));
    const QString png = dir.filePath(QStringLiteral("graph.png"));
    const Status s1 = h.pane->exportImage(svg, true);
    QVERIFY2(s1, qPrintable(s1.errorMessage()));
    const Status s2 = h.pane->exportImage(png, false);
    QVERIFY2(s2, qPrintable(s2.errorMessage()));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("layer1.0"));  // names stay text
    QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() > 100);
}

QTEST_MAIN(TestGraphPane)
#include "test_graph_pane.moc"
