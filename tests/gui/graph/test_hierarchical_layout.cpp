// SPDX-License-Identifier: MIT
// layoutHierarchy (Graphviz dot per open group, composed): every visible element gets a box and
// every edge of the graph is drawn, sibling boxes never overlap and lie inside their frame,
// collapsing and expanding change the boxes as counted by hand, identical repeated blocks share
// one layout, and a cancelled layout stops. Fixtures: a hand-built residual network (names in the
// torchvision style) and zoo:resnet50 / zoo:bert-base.
#include "design/design.h"
#include "graph/expansion_state.h"
#include "graph/hierarchical_layout.h"
#include "graph/node_hierarchy.h"

#include <QtTest>

#include <atomic>

using namespace infersight;

namespace {

// x -> stem -> block0 (conv1, conv2, add with skip) -> block1 (same) -> block2 (same) -> head -> y
Graph residualFixture() {
    Graph g;
    g.name = QStringLiteral("residual");
    auto value = [&g](const QString &name, ValueKind kind = ValueKind::Intermediate) {
        Value v;
        v.name = name;
        v.kind = kind;
        return g.addValue(v);
    };
    auto node = [&g, &value](const QString &name, const QString &op, std::vector<int> inputs) {
        const int out = value(name + QStringLiteral(":0"));
        Node n;
        n.name = name;
        n.opType = op;
        n.inputs = std::move(inputs);
        n.outputs = {out};
        g.addNode(n);
        return out;
    };
    const int x = value(QStringLiteral("x"), ValueKind::Input);
    g.inputs.push_back(x);
    int y = node(QStringLiteral("stem"), QStringLiteral("Conv"), {x});
    for (int b = 0; b < 3; ++b) {
        const QString p = QStringLiteral("blocks.%1/").arg(b);
        const int c1 = node(p + QStringLiteral("conv1"), QStringLiteral("Conv"), {y});
        const int c2 = node(p + QStringLiteral("conv2"), QStringLiteral("Conv"), {c1});
        y = node(p + QStringLiteral("add"), QStringLiteral("Add"), {c2, y});
    }
    y = node(QStringLiteral("head"), QStringLiteral("Gemm"), {y});
    g.outputs.push_back(y);
    return g;
}

int openFrames(const NodeHierarchy &h, const std::vector<char> &expanded) {
    int frames = 0;
    for (int g = 1; g < h.groupCount(); ++g) {
        bool open = expanded[static_cast<std::size_t>(g)] != 0;
        for (int p = h.group(g).parent; p > 0 && open; p = h.group(p).parent) {
            open = expanded[static_cast<std::size_t>(p)] != 0;
        }
        frames += open ? 1 : 0;
    }
    return frames;
}

bool containsAll(const std::vector<int> &haystack, const std::vector<int> &needles) {
    return std::all_of(needles.begin(), needles.end(),
                       [&](int v) { return std::find(haystack.begin(), haystack.end(), v) != haystack.end(); });
}

// Boxes of one group's members: positive size, inside the group's frame, no two overlapping.
void checkSiblings(const NodeHierarchy &h, const GraphGeometry &geometry) {
    std::vector<std::vector<QRectF>> byParent(static_cast<std::size_t>(h.groupCount()));
    std::vector<int> parentOfItem(geometry.items.size(), -1);
    for (const LaidOutItem &item : geometry.items) {
        QVERIFY(item.rect.width() > 0 && item.rect.height() > 0);
        const int parent = item.isGroup() ? h.group(item.index).parent : h.parentOf(item.index);
        byParent[static_cast<std::size_t>(parent)].push_back(item.rect);
        if (parent > 0) {
            const int frame = geometry.groupItem[static_cast<std::size_t>(parent)];
            QVERIFY(frame >= 0);
            QCOMPARE(geometry.items[static_cast<std::size_t>(frame)].kind, LaidOutItem::Kind::Frame);
            QVERIFY(geometry.items[static_cast<std::size_t>(frame)].rect.adjusted(-0.5, -0.5, 0.5, 0.5).contains(item.rect));
        }
    }
    for (const std::vector<QRectF> &rects : byParent) {
        for (std::size_t a = 0; a < rects.size(); ++a) {
            for (std::size_t b = a + 1; b < rects.size(); ++b) {
                const QRectF overlap = rects[a].intersected(rects[b]);
                QVERIFY2(overlap.isEmpty() || overlap.width() * overlap.height() < 1e-6,
                         qPrintable(QStringLiteral("boxes overlap: (%1,%2 %3x%4) and (%5,%6 %7x%8)")
                                        .arg(rects[a].x()).arg(rects[a].y()).arg(rects[a].width()).arg(rects[a].height())
                                        .arg(rects[b].x()).arg(rects[b].y()).arg(rects[b].width()).arg(rects[b].height())));
            }
        }
    }
}

}  // namespace

class TestHierarchicalLayout : public QObject {
    Q_OBJECT
private slots:
    void everyNodeAndEdgeIsDrawn();
    void siblingsDoNotOverlap_data();
    void siblingsDoNotOverlap();
    void collapseAndExpandCounts();
    void identicalBlocksShareOneLayout();
    void cancelStops();
};

void TestHierarchicalLayout::everyNodeAndEdgeIsDrawn() {
    const Graph g = residualFixture();
    const NodeHierarchy h = NodeHierarchy::build(g);
    // by hand: root > {x, stem, blocks, head, y}; blocks > 3 blocks of 3 nodes
    QCOMPARE(h.groupCount(), 5);
    QCOMPARE(h.nodeCount(), 11);
    // edges: stem<-x, per block conv1<-in, conv2<-conv1, add<-conv2, add<-in (4 x 3), head, y = 15
    QCOMPARE(h.edges().size(), std::size_t(15));
    LayoutCache cache;
    const auto laidOut = layoutHierarchy(h, fullExpansion(h), cache);
    QVERIFY2(laidOut, laidOut ? "" : qPrintable(laidOut.errorMessage()));
    const GraphGeometry &geometry = *laidOut;
    // 11 nodes + input + output, and 4 frames (blocks and its 3 blocks)
    QCOMPARE(geometry.items.size(), std::size_t(13 + 4));
    for (int e = 0; e < h.elementCount(); ++e) {
        const int item = geometry.elementItem[static_cast<std::size_t>(e)];
        QVERIFY(item >= 0);
        QCOMPARE(geometry.items[static_cast<std::size_t>(item)].index, e);
        QVERIFY(!geometry.items[static_cast<std::size_t>(item)].isGroup());
    }
    // every graph edge ends at its consumer's box and leaves its producer's box, with its values
    QVERIFY(geometry.hiddenEdges.empty());
    for (const NodeHierarchy::Edge &e : h.edges()) {
        const int fromItem = geometry.elementItem[static_cast<std::size_t>(e.from)];
        const int toItem = geometry.elementItem[static_cast<std::size_t>(e.to)];
        const bool arrives = std::any_of(geometry.edges.begin(), geometry.edges.end(), [&](const LaidOutEdge &d) {
            return d.toItem == toItem && d.arrow && containsAll(d.values, e.values);
        });
        const bool leaves = std::any_of(geometry.edges.begin(), geometry.edges.end(), [&](const LaidOutEdge &d) {
            return d.fromItem == fromItem && containsAll(d.values, e.values);
        });
        QVERIFY2(arrives && leaves, qPrintable(QStringLiteral("%1 -> %2").arg(e.from).arg(e.to)));
    }
    for (const LaidOutEdge &d : geometry.edges) {
        QVERIFY(d.path.size() >= 4);
        QCOMPARE((d.path.size() - 1) % 3, std::size_t(0));  // cubic Bezier pieces
        for (const QPointF &p : d.path) {
            QVERIFY(geometry.bounds.adjusted(-1, -1, 1, 1).contains(p));
        }
    }
    checkSiblings(h, geometry);
}

void TestHierarchicalLayout::siblingsDoNotOverlap_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<bool>("full");
    QTest::newRow("resnet50 readable") << "zoo:resnet50" << false;
    QTest::newRow("resnet50 expanded") << "zoo:resnet50" << true;
    QTest::newRow("bert-base readable") << "zoo:bert-base" << false;
    QTest::newRow("bert-base expanded") << "zoo:bert-base" << true;
}

void TestHierarchicalLayout::siblingsDoNotOverlap() {
    QFETCH(QString, source);
    QFETCH(bool, full);
    Knobs knobs;
    auto design = Design::open(source, knobs);
    QVERIFY2(design, design ? "" : qPrintable(design.errorMessage()));
    const NodeHierarchy h = NodeHierarchy::build(design->graph());
    const std::vector<char> expanded = full ? fullExpansion(h) : readableExpansion(h);
    LayoutCache cache;
    const auto laidOut = layoutHierarchy(h, expanded, cache);
    QVERIFY2(laidOut, laidOut ? "" : qPrintable(laidOut.errorMessage()));
    // one item per visible box and per open group's frame
    QCOMPARE(static_cast<int>(laidOut->items.size()), visibleBoxCount(h, expanded) + openFrames(h, expanded));
    for (int n = 0; n < h.nodeCount(); ++n) {
        QVERIFY(laidOut->elementItem[static_cast<std::size_t>(n)] >= 0);  // shown, or inside a shown box
    }
    checkSiblings(h, *laidOut);
}

void TestHierarchicalLayout::collapseAndExpandCounts() {
    const Graph g = residualFixture();
    const NodeHierarchy h = NodeHierarchy::build(g);
    const int blocks = h.findGroup(QStringLiteral("blocks"));
    const int block1 = h.findGroup(QStringLiteral("blocks.1"));
    QVERIFY(blocks > 0 && block1 > 0);
    LayoutCache cache;
    std::vector<char> expanded(static_cast<std::size_t>(h.groupCount()), 0);
    // all collapsed: x, stem, [blocks], head, y
    auto laidOut = layoutHierarchy(h, expanded, cache);
    QVERIFY(laidOut);
    QCOMPARE(laidOut->items.size(), std::size_t(5));
    // blocks open: its 3 blocks as boxes inside a frame
    expanded[static_cast<std::size_t>(blocks)] = 1;
    laidOut = layoutHierarchy(h, expanded, cache);
    QVERIFY(laidOut);
    QCOMPARE(laidOut->items.size(), std::size_t(4 + 1 + 3));
    QCOMPARE(laidOut->items[static_cast<std::size_t>(laidOut->groupItem[static_cast<std::size_t>(block1)])].kind,
             LaidOutItem::Kind::Group);
    // block 1 open: one box becomes a frame with 3 nodes
    expanded[static_cast<std::size_t>(block1)] = 1;
    laidOut = layoutHierarchy(h, expanded, cache);
    QVERIFY(laidOut);
    QCOMPARE(laidOut->items.size(), std::size_t(4 + 1 + 3 + 3));
    QCOMPARE(laidOut->items[static_cast<std::size_t>(laidOut->groupItem[static_cast<std::size_t>(block1)])].kind,
             LaidOutItem::Kind::Frame);
    // a block opened inside a closed parent shows nothing more
    std::vector<char> hiddenOpen(static_cast<std::size_t>(h.groupCount()), 0);
    hiddenOpen[static_cast<std::size_t>(block1)] = 1;
    laidOut = layoutHierarchy(h, hiddenOpen, cache);
    QVERIFY(laidOut);
    QCOMPARE(laidOut->items.size(), std::size_t(5));
    QCOMPARE(laidOut->groupItem[static_cast<std::size_t>(block1)], -1);
}

void TestHierarchicalLayout::identicalBlocksShareOneLayout() {
    Knobs knobs;
    auto design = Design::open(QStringLiteral("zoo:bert-base"), knobs);
    QVERIFY(design);
    const NodeHierarchy h = NodeHierarchy::build(design->graph());
    LayoutCache cache;
    const auto laidOut = layoutHierarchy(h, fullExpansion(h), cache);
    QVERIFY(laidOut);
    // 12 identical layers: each of a layer's open groups is laid out once and reused 11 times
    int perLayer = 0;
    const int layer0 = h.findGroup(QStringLiteral("bert.encoder.layer.0"));
    for (int g = layer0; g < h.groupCount() && h.isGroupAncestor(layer0, g); ++g) {
        ++perLayer;
    }
    QVERIFY(perLayer >= 1);
    QVERIFY2(laidOut->cacheHits >= 11 * perLayer,
             qPrintable(QStringLiteral("%1 hits, %2 groups per layer").arg(laidOut->cacheHits).arg(perLayer)));
    // identical blocks are drawn identically (translated)
    const int layer5 = h.findGroup(QStringLiteral("bert.encoder.layer.5"));
    const QRectF a = laidOut->items[static_cast<std::size_t>(laidOut->groupItem[static_cast<std::size_t>(layer0)])].rect;
    const QRectF b = laidOut->items[static_cast<std::size_t>(laidOut->groupItem[static_cast<std::size_t>(layer5)])].rect;
    QCOMPARE(a.size(), b.size());
    // laying out the same view again takes nothing from dot
    const auto again = layoutHierarchy(h, fullExpansion(h), cache);
    QVERIFY(again);
    QCOMPARE(again->groupsLaidOut, 0);
}

void TestHierarchicalLayout::cancelStops() {
    const Graph g = residualFixture();
    const NodeHierarchy h = NodeHierarchy::build(g);
    LayoutCache cache;
    std::atomic<bool> cancel{true};
    LayoutControl control;
    control.cancel = &cancel;
    const auto laidOut = layoutHierarchy(h, fullExpansion(h), cache, control);
    QVERIFY(!laidOut);
    QCOMPARE(laidOut.errorMessage(), layoutCancelledMessage());
}

QTEST_MAIN(TestHierarchicalLayout)
#include "test_hierarchical_layout.moc"
