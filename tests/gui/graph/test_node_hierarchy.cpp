// SPDX-License-Identifier: MIT
// NodeHierarchy: grouping by name scope for the naming schemes the importers produce
// (torchvision-style zoo names "layer1.0/conv1", ONNX scopes "/layer1/layer1.0/conv1/Conv", HF
// names "bert.encoder.layer.3/attention.self.query"), repeated blocks and identical structure,
// readability rules (one-member groups dissolved, chains merged, huge groups chunked), and the
// expansion state (readable start, reveal, keys that survive a rebuild). Expected groups are
// counted by hand from the fixtures' names and from the reference models' module trees
// (torchvision.models.resnet50, transformers BertModel).
#include "design/design.h"
#include "graph/expansion_state.h"
#include "graph/node_hierarchy.h"

#include <QtTest>

#include <algorithm>

using namespace infersight;

namespace {

// A chain graph: input -> node 0 -> node 1 -> ... -> output; names as given.
Graph chain(const QStringList &names, const QString &op = QStringLiteral("Relu")) {
    Graph g;
    g.name = QStringLiteral("chain");
    Value in;
    in.name = QStringLiteral("x");
    in.kind = ValueKind::Input;
    int previous = g.addValue(in);
    g.inputs.push_back(previous);
    for (const QString &name : names) {
        Value out;
        out.name = name + QStringLiteral(":out");
        const int v = g.addValue(out);
        Node node;
        node.name = name;
        node.opType = op;
        node.inputs = {previous};
        node.outputs = {v};
        g.addNode(node);
        previous = v;
    }
    g.outputs.push_back(previous);
    return g;
}

// "parent > child" lines of every non-root group, in group order, plus a member count.
QStringList describe(const NodeHierarchy &h) {
    QStringList lines;
    for (int g = 1; g < h.groupCount(); ++g) {
        const HierarchyGroup &group = h.group(g);
        lines << QStringLiteral("%1|%2|%3|%4").arg(group.path, group.label).arg(group.nodeCount()).arg(group.parent);
    }
    return lines;
}

QStringList childLabels(const NodeHierarchy &h, int g) {
    QStringList labels;
    for (const HierarchyMember &m : h.group(g).members) {
        if (m.group) {
            labels << h.group(m.index).label;
        }
    }
    return labels;
}

}  // namespace

class TestNodeHierarchy : public QObject {
    Q_OBJECT
private slots:
    void scopeTokens_data();
    void scopeTokens();
    void torchvisionStyleNames();
    void onnxScopesMatchZooScopes();
    void hfStyleNames();
    void oneMemberGroupsDissolveAndChainsMerge();
    void largeGroupsAreChunked();
    void resnet50Groups();
    void bertBaseGroups();
    void readableStartAndReveal();
    void keysSurviveRebuild();
};

void TestNodeHierarchy::scopeTokens_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QStringList>("tokens");
    QTest::newRow("zoo") << "layer1.0/conv1" << QStringList{"layer1", "0", "conv1"};
    QTest::newRow("onnx") << "/layer1/layer1.0/conv1/Conv" << QStringList{"layer1", "0", "conv1", "Conv"};
    QTest::newRow("onnx nested") << "/features/features.1/features.1.0/attn/MatMul"
                                 << QStringList{"features", "1", "0", "attn", "MatMul"};
    QTest::newRow("hf") << "bert.encoder.layer.3/attention.self.query"
                        << QStringList{"bert", "encoder", "layer", "3", "attention", "self", "query"};
    QTest::newRow("torchscript") << "layer1.0.conv1/Conv" << QStringList{"layer1", "0", "conv1", "Conv"};
    QTest::newRow("plain") << "fc" << QStringList{"fc"};
}

void TestNodeHierarchy::scopeTokens() {
    QFETCH(QString, name);
    QFETCH(QStringList, tokens);
    QCOMPARE(infersight::scopeTokens(name), tokens);
}

void TestNodeHierarchy::torchvisionStyleNames() {
    // Two stages; stage 1 has two blocks, stage 2 one block with a downsample.
    const Graph g = chain({"conv1", "bn1", "relu",                                         //
                           "layer1.0/conv1", "layer1.0/bn1", "layer1.0/relu",              //
                           "layer1.1/conv1", "layer1.1/bn1", "layer1.1/relu",              //
                           "layer2.0/conv1", "layer2.0/downsample.0", "layer2.0/downsample.1", "layer2.0/relu",  //
                           "fc"});
    const NodeHierarchy h = NodeHierarchy::build(g);
    // By hand: layer1 > {layer1.0, layer1.1}; layer2 holds only layer2.0 and dissolves into it
    // (kept as "layer2.0" at the root); layer2.0 > downsample (2 nodes).
    QCOMPARE(describe(h), (QStringList{"layer1|layer1|6|0", "layer1.0|layer1.0|3|1", "layer1.1|layer1.1|3|1",
                                       "layer2.0|layer2.0|4|0", "layer2.0.downsample|downsample|2|4"}));
    // root members in execution order: x, conv1, bn1, relu, layer1, layer2.0, fc, output
    const HierarchyGroup &root = h.group(0);
    QCOMPARE(root.members.size(), std::size_t(8));
    QVERIFY(h.isGraphInput(root.members.front().index));
    QVERIFY(h.isGraphOutput(root.members.back().index));
    QCOMPARE(h.localName(h.group(2).members.front().index), QStringLiteral("conv1"));
    // layer1.0 and layer1.1 are repeated blocks of layer1 with the same structure
    QVERIFY(h.group(2).block);
    QVERIFY(h.group(3).block);
    QCOMPARE(h.group(2).structure, h.group(3).structure);
    QCOMPARE(h.group(2).identical, 2);
    QCOMPARE(h.group(1).blocks, 2);
    QVERIFY(h.group(4).structure != h.group(2).structure);
    // every node is in exactly one place and groups cover contiguous ranges
    std::vector<int> ordered = h.orderedNodes();
    std::sort(ordered.begin(), ordered.end());
    for (int i = 0; i < static_cast<int>(ordered.size()); ++i) {
        QCOMPARE(ordered[static_cast<std::size_t>(i)], i);
    }
    QCOMPARE(h.edges().size(), g.nodes.size() + 1);  // a chain: one edge into each node and the output
}

void TestNodeHierarchy::onnxScopesMatchZooScopes() {
    const Graph zoo = chain({"layer1.0/conv1", "layer1.0/relu", "layer1.1/conv1", "layer1.1/relu"});
    const Graph onnx = chain({"/layer1/layer1.0/conv1/Conv", "/layer1/layer1.0/relu/Relu", "/layer1/layer1.1/conv1/Conv",
                              "/layer1/layer1.1/relu/Relu"});
    const NodeHierarchy a = NodeHierarchy::build(zoo);
    const NodeHierarchy b = NodeHierarchy::build(onnx);
    // ONNX: each node has its own module scope (conv1 > Conv) with one member, which dissolves.
    QStringList groupsA, groupsB;
    for (int g = 1; g < a.groupCount(); ++g) {
        groupsA << a.group(g).label;
    }
    for (int g = 1; g < b.groupCount(); ++g) {
        groupsB << b.group(g).label;
    }
    QCOMPARE(groupsA, (QStringList{"layer1", "layer1.0", "layer1.1"}));
    QCOMPARE(groupsB, groupsA);
}

void TestNodeHierarchy::hfStyleNames() {
    // Two BERT layers with attention.self / attention.output / intermediate / output scopes.
    QStringList names{"bert.embeddings/word_embeddings", "bert.embeddings/LayerNorm"};
    for (int layer = 0; layer < 2; ++layer) {
        const QString p = QStringLiteral("bert.encoder.layer.%1/").arg(layer);
        names << p + "attention.self.query" << p + "attention.self.softmax" << p + "attention.output.dense"
              << p + "attention.output.LayerNorm" << p + "intermediate.dense" << p + "intermediate.act" << p + "output.dense"
              << p + "output.LayerNorm";
    }
    names << "bert.pooler/dense";
    const NodeHierarchy h = NodeHierarchy::build(chain(names));
    // By hand: "bert" holds embeddings, encoder.layer (merged chain encoder > layer), pooler;
    // pooler has one node and dissolves. Each layer: attention > {self, output}, intermediate, output.
    const int bert = h.findGroup(QStringLiteral("bert"));
    QVERIFY(bert > 0);
    QCOMPARE(childLabels(h, bert), (QStringList{"embeddings", "encoder.layer"}));
    const int list = h.findGroup(QStringLiteral("bert.encoder.layer"));
    QVERIFY(list > 0);
    QCOMPARE(h.group(list).label, QStringLiteral("encoder.layer"));
    QCOMPARE(childLabels(h, list), (QStringList{"layer.0", "layer.1"}));
    const int layer1 = h.findGroup(QStringLiteral("bert.encoder.layer.1"));
    QVERIFY(h.group(layer1).block);
    QCOMPARE(h.group(layer1).identical, 2);
    QCOMPARE(h.group(layer1).nodeCount(), 8);
    QCOMPARE(childLabels(h, layer1), (QStringList{"attention", "intermediate", "output"}));
    const int attention = h.findGroup(QStringLiteral("bert.encoder.layer.1.attention"));
    QCOMPARE(childLabels(h, attention), (QStringList{"self", "output"}));
    QCOMPARE(h.group(attention).nodeCount(), 4);
    // the pooler's single node sits directly in "bert" under its local name
    const int pooler = names.indexOf(QStringLiteral("bert.pooler/dense"));
    QCOMPARE(h.parentOf(pooler), bert);
    QCOMPARE(h.findGroup(QStringLiteral("bert.pooler")), -1);
}

void TestNodeHierarchy::oneMemberGroupsDissolveAndChainsMerge() {
    const Graph g = chain({"model.decoder.layers.0/fc1", "model.decoder.layers.0/fc2", "model.decoder.layers.1/fc1",
                           "model.decoder.layers.1/fc2", "lm_head"});
    const NodeHierarchy h = NodeHierarchy::build(g);
    // model > decoder > layers is one chain: merged into one group labelled by its path
    QStringList labels;
    for (int i = 1; i < h.groupCount(); ++i) {
        labels << h.group(i).label;
    }
    QCOMPARE(labels, (QStringList{"model.decoder.layers", "layers.0", "layers.1"}));
}

void TestNodeHierarchy::largeGroupsAreChunked() {
    QStringList names;
    for (int i = 0; i < 450; ++i) {
        names << QStringLiteral("body/op_%1").arg(i);
    }
    HierarchyOptions options;
    options.maxChildren = 300;
    options.chunkSize = 200;
    const NodeHierarchy h = NodeHierarchy::build(chain(names), options);
    // body (450 nodes) is split into chunks of 200, 200, 50
    const int body = h.findGroup(QStringLiteral("body"));
    QVERIFY(body > 0);
    std::vector<int> sizes;
    for (const HierarchyMember &m : h.group(body).members) {
        QVERIFY(m.group);
        QVERIFY(h.group(m.index).synthetic);
        sizes.push_back(h.group(m.index).nodeCount());
    }
    QCOMPARE(sizes, (std::vector<int>{200, 200, 50}));
    QCOMPARE(h.group(h.group(body).members.front().index).label, QStringLiteral("op_0 … op_199"));
}

void TestNodeHierarchy::resnet50Groups() {
    auto design = Design::open(QStringLiteral("zoo:resnet50"));
    QVERIFY2(design, design ? "" : qPrintable(design.errorMessage()));
    const NodeHierarchy h = NodeHierarchy::build(design->graph());
    // torchvision resnet50: layer1..layer4 with 3, 4, 6, 3 Bottlenecks; the first block of each
    // stage has a downsample (conv + bn). Groups: 4 stages + 16 blocks + 4 downsamples.
    QCOMPARE(h.groupCount() - 1, 24);
    QCOMPARE(childLabels(h, 0), (QStringList{"layer1", "layer2", "layer3", "layer4"}));
    const int expectedBlocks[] = {3, 4, 6, 3};
    for (int stage = 0; stage < 4; ++stage) {
        const int g = h.findGroup(QStringLiteral("layer%1").arg(stage + 1));
        QCOMPARE(h.group(g).blocks, expectedBlocks[stage]);
        // blocks after the first are identical to each other
        const int second = h.findGroup(QStringLiteral("layer%1.1").arg(stage + 1));
        QCOMPARE(h.group(second).identical, expectedBlocks[stage] - 1);
        QCOMPARE(h.group(second).nodeCount(), 10);
        const int first = h.findGroup(QStringLiteral("layer%1.0").arg(stage + 1));
        QCOMPARE(h.group(first).nodeCount(), 12);
        QCOMPARE(childLabels(h, first), QStringList{"downsample"});
    }
}

void TestNodeHierarchy::bertBaseGroups() {
    Knobs knobs;
    knobs.sequence = 128;
    auto design = Design::open(QStringLiteral("zoo:bert-base"), knobs);
    QVERIFY2(design, design ? "" : qPrintable(design.errorMessage()));
    const NodeHierarchy h = NodeHierarchy::build(design->graph());
    // transformers BertModel: bert > embeddings, encoder.layer (12 BertLayers), pooler
    const int list = h.findGroup(QStringLiteral("bert.encoder.layer"));
    QVERIFY(list > 0);
    QCOMPARE(h.group(list).blocks, 12);
    for (int layer = 0; layer < 12; ++layer) {
        const int g = h.findGroup(QStringLiteral("bert.encoder.layer.%1").arg(layer));
        QVERIFY(g > 0);
        QVERIFY(h.group(g).block);
        QCOMPARE(h.group(g).identical, 12);
        QCOMPARE(childLabels(h, g), (QStringList{"attention", "intermediate", "output"}));
    }
    const int bert = h.findGroup(QStringLiteral("bert"));
    QVERIFY(bert > 0);
    const QStringList top = childLabels(h, bert);
    QVERIFY2(top.contains(QStringLiteral("embeddings")) && top.contains(QStringLiteral("encoder.layer")), qPrintable(top.join(',')));
}

void TestNodeHierarchy::readableStartAndReveal() {
    Knobs knobs;
    knobs.sequence = 128;
    auto design = Design::open(QStringLiteral("zoo:bert-base"), knobs);
    QVERIFY(design);
    const NodeHierarchy h = NodeHierarchy::build(design->graph());
    std::vector<char> expanded = readableExpansion(h);
    // the starting view shows the 12 layers as boxes: the list is open, its blocks are not
    const int list = h.findGroup(QStringLiteral("bert.encoder.layer"));
    QVERIFY(expanded[static_cast<std::size_t>(list)]);
    for (int layer = 0; layer < 12; ++layer) {
        QVERIFY(!expanded[static_cast<std::size_t>(h.findGroup(QStringLiteral("bert.encoder.layer.%1").arg(layer)))]);
    }
    const int boxes = visibleBoxCount(h, expanded);
    QVERIFY2(boxes <= 60, qPrintable(QString::number(boxes)));
    // revealing a node deep in layer 7 opens exactly its chain of groups
    const int node = design->findNode(QStringLiteral("bert.encoder.layer.7/intermediate.dense"));
    QVERIFY(node >= 0);
    QVERIFY(revealElement(h, expanded, node));
    for (int g : h.ancestors(node)) {
        QVERIFY(expanded[static_cast<std::size_t>(g)]);
    }
    QVERIFY(!revealElement(h, expanded, node));  // nothing more to open
    QVERIFY(!expanded[static_cast<std::size_t>(h.findGroup(QStringLiteral("bert.encoder.layer.6")))]);
    // a full expansion shows every element
    QCOMPARE(visibleBoxCount(h, fullExpansion(h)), h.elementCount());
}

void TestNodeHierarchy::keysSurviveRebuild() {
    auto design = Design::open(QStringLiteral("zoo:resnet50"));
    QVERIFY(design);
    const NodeHierarchy a = NodeHierarchy::build(design->graph());
    std::vector<char> expanded = readableExpansion(a);
    const int block = a.findGroup(QStringLiteral("layer3.2"));
    expanded[static_cast<std::size_t>(block)] = 1;
    const QStringList keys = expandedKeys(a, expanded);
    QVERIFY(keys.contains(QStringLiteral("layer3.2")));
    // another depth: a different graph, the same open groups where they still exist
    Design deeper = *design;
    QVERIFY(deeper.setDepth(32));
    const NodeHierarchy b = NodeHierarchy::build(deeper.graph());
    const std::vector<char> restored = expansionFromKeys(b, keys);
    const int again = b.findGroup(QStringLiteral("layer3.2"));
    QVERIFY(again > 0);
    QVERIFY(restored[static_cast<std::size_t>(again)]);
}

QTEST_MAIN(TestNodeHierarchy)
#include "test_node_hierarchy.moc"
