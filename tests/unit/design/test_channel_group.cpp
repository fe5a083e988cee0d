// SPDX-License-Identifier: MIT
// Tests of width surgery (channel groups, resizeChannels, scaleAllWidths) on zoo graphs, ONNX
// exports and small hand-built graphs. Expected parameter changes are hand-computed from the layer
// shapes (torchvision / HF definitions), written out per row:
//  - ResNet-50 layer1.0: conv1 1x1 64->64 (4096 w), bn1 (64+64), conv2 3x3 64->64 (36864 w).
//    conv1 to 32 channels: conv1 -32*64, bn1 -2*32, conv2 -64*32*9 => -2048 -64 -18432 = -20544.
//  - The ONNX export folds BN into a conv bias: conv1 -2048, bias -32, conv2 -18432 => -20512.
//  - Stage-1 residual stream 256 -> 128 (edit layer1.0/conv3): conv3 x3 (-8192 each), bn3 x3
//    (-256 each), downsample conv (-8192) + bn (-256), layer1.1/1.2 conv1 inputs (-8192 each),
//    layer2.0 conv1 input [128,256] -> [128,128] (-16384), layer2.0 downsample [512,256] ->
//    [512,128] (-65536) => -132096.
//  - VGG-16 features.28 (3x3 512->512 + bias) to 256: conv -256*512*9 -256, classifier.0 in
//    25088 -> 12544: -4096*12544 => -1179648 -256 -51380224 = -52560128 (Flatten into a Gemm).
//  - MobileNetV2 features.2 expand 1x1 16->96, depthwise 3x3 (96 groups), project 96->24, BN each:
//    96 -> 48: -768 -96 -432 -96 -1152 = -2544 (zoo); ONNX (biases): -768 -48 -432 -48 -1152 = -2448.
//  - BERT-base FFN 3072 -> 1536: intermediate [768,3072]+3072, output [3072,768]:
//    -768*1536 -1536 -1536*768 = -2360832 (zoo and ONNX).
//  - BERT-base query to 384 (12 -> 6 heads of 64): q, k, v [768,768]+768 -> [768,384]+384 and the
//    attention output [768,768] -> [384,768]: -3*294912 -3*384 -294912 = -1180800.
#include "design/channel_group.h"
#include "graph/graph_builder.h"
#include "design/design.h"

#include <QtTest>

using namespace infersight;

namespace {

const QString kFixtures = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx/");

// At the model's own batch (knobs.batch < 1), as the file or the builder gives it.
Result<Design> openAtDefaults(const QString &source) {
    Knobs knobs;
    knobs.batch = -1;
    return Design::open(source, knobs);
}

Graph load(const QString &source) {
    auto loaded = openAtDefaults(source);
    if (!loaded) {
        qFatal("%s", qPrintable(loaded.errorMessage()));
    }
    return loaded->graph();
}

ShapeBindings bindingsOf(const QString &source) {
    return openAtDefaults(source)->bindings();
}

int nodeNamed(const Graph &g, const QString &name) {
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        if (g.nodes[i].name == name) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

std::pair<QString, Attribute> ints(const char *name, std::vector<std::int64_t> v) {
    return {QString::fromLatin1(name), Attribute::fromInts(std::move(v))};
}

// x [1, 8, 16, 16] -> conv 3x3 8->8 -> Add(x, conv): the residual operand is the model input.
Graph residualOnInput() {
    GraphBuilder b(QStringLiteral("residual-on-input"));
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::fixed(1), Dim::fixed(8), Dim::fixed(16), Dim::fixed(16)});
    const int y = b.op(QStringLiteral("Conv"), {x, b.weight(QStringLiteral("conv.weight"), {8, 8, 3, 3})},
                       {ints("kernel_shape", {3, 3}), ints("pads", {1, 1, 1, 1})}, QStringLiteral("conv"));
    b.output(b.op(QStringLiteral("Add"), {x, y}, {}, QStringLiteral("add")));
    return b.finish();
}

// x [1, 3, 8, 8] -> conv 1x1 3->16 -> Reshape to the constant [1, 4, 4, 64].
Graph convIntoConstantReshape() {
    GraphBuilder b(QStringLiteral("constant-reshape"));
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::fixed(1), Dim::fixed(3), Dim::fixed(8), Dim::fixed(8)});
    const int y = b.op(QStringLiteral("Conv"), {x, b.weight(QStringLiteral("conv.weight"), {16, 3, 1, 1})},
                       {ints("kernel_shape", {1, 1})}, QStringLiteral("conv"));
    b.output(b.op(QStringLiteral("Reshape"), {y, b.constantInts(QStringLiteral("target"), {1, 4, 4, 64})}, {},
                  QStringLiteral("reshape")));
    return b.finish();
}

// x [1, 6, 5] -> MatMul [5, 4] -> Reshape [1, 8, 3]: the run [6, 4] -> [8, 3] cannot be split.
Graph matmulIntoRegroupingReshape() {
    GraphBuilder b(QStringLiteral("regroup"));
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::fixed(1), Dim::fixed(6), Dim::fixed(5)});
    const int y = b.op(QStringLiteral("MatMul"), {x, b.weight(QStringLiteral("proj.weight"), {5, 4})}, {}, QStringLiteral("proj"));
    b.output(b.op(QStringLiteral("Reshape"), {y, b.constantInts(QStringLiteral("target"), {1, 8, 3})}, {}, QStringLiteral("view")));
    return b.finish();
}

// x -> conv -> com.example::Fancy -> output.
Graph convIntoCustomOp() {
    GraphBuilder b(QStringLiteral("custom"));
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::fixed(1), Dim::fixed(3), Dim::fixed(8), Dim::fixed(8)});
    const int y = b.op(QStringLiteral("Conv"), {x, b.weight(QStringLiteral("conv.weight"), {16, 3, 1, 1})},
                       {ints("kernel_shape", {1, 1})}, QStringLiteral("conv"));
    Node fancy;
    fancy.name = QStringLiteral("fancy");
    fancy.opType = QStringLiteral("Fancy");
    fancy.domain = QStringLiteral("com.example");
    fancy.inputs = {y};
    Value out;
    out.name = QStringLiteral("fancy:0");
    fancy.outputs = {b.graph().addValue(out)};
    b.graph().addNode(fancy);
    b.output(fancy.outputs.front());
    return b.finish();
}

template <typename R>
QString why(const R &result) {
    return result ? QString() : result.errorMessage();
}

Graph propagated(Graph g) {
    propagateShapes(g, ShapeBindings{});
    return g;
}

}  // namespace

class TestChannelGroup : public QObject {
    Q_OBJECT
private slots:
    void widthEditChangesParameters_data();
    void widthEditChangesParameters();
    void residualGroupSpansTheStage();
    void depthwiseGroupCountFollows();
    void headsFollowTheQueryWidth_data();
    void headsFollowTheQueryWidth();
    void refusedEditsNameTheNode_data();
    void refusedEditsNameTheNode();
    void constantReshapeIsRewritten();
    void sharedConstantsAreCloned();
    void failedEditLeavesTheGraph();
    void granularityOfGroupedConv();
    void layerWidthSlots_data();
    void layerWidthSlots();
    void scaleAllWidthsOnOnnx();
};

void TestChannelGroup::widthEditChangesParameters_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("node");
    QTest::addColumn<qint64>("oldWidth");
    QTest::addColumn<qint64>("newWidth");
    QTest::addColumn<qint64>("parameterDelta");
    QTest::newRow("zoo resnet50 bottleneck conv1 64->32") << "zoo:resnet50" << "layer1.0/conv1" << qint64(64) << qint64(32)
                                                          << qint64(-20544);
    QTest::newRow("onnx resnet50 bottleneck conv1 64->32 (BN folded)")
        << kFixtures + "resnet50.onnx" << "/layer1/layer1.0/conv1/Conv" << qint64(64) << qint64(32) << qint64(-20512);
    QTest::newRow("zoo resnet50 stage-1 stream 256->128") << "zoo:resnet50" << "layer1.0/conv3" << qint64(256) << qint64(128)
                                                          << qint64(-132096);
    QTest::newRow("zoo vgg16 last conv 512->256 into the classifier")
        << "zoo:vgg16" << "features.28" << qint64(512) << qint64(256) << qint64(-52560128);
    QTest::newRow("zoo mobilenet_v2 expand 96->48 with depthwise")
        << "zoo:mobilenet_v2" << "features.2/conv.0/0" << qint64(96) << qint64(48) << qint64(-2544);
    QTest::newRow("onnx mobilenet_v2 expand 96->48 with depthwise")
        << kFixtures + "mobilenet_v2.onnx" << "/features/features.2/conv/conv.0/conv.0.0/Conv" << qint64(96) << qint64(48)
        << qint64(-2448);
    QTest::newRow("zoo bert-base FFN 3072->1536") << "zoo:bert-base" << "bert.encoder.layer.0/intermediate.dense"
                                                  << qint64(3072) << qint64(1536) << qint64(-2360832);
    QTest::newRow("onnx bert FFN 3072->1536") << kFixtures + "bert_base_2l.onnx" << "/encoder.0/intermediate/intermediate.0/MatMul"
                                              << qint64(3072) << qint64(1536) << qint64(-2360832);
    QTest::newRow("zoo bert-base FFN 3072->4096 (wider)") << "zoo:bert-base" << "bert.encoder.layer.0/intermediate.dense"
                                                          << qint64(3072) << qint64(4096) << qint64(768 * 1024 * 2 + 1024);
}

void TestChannelGroup::widthEditChangesParameters() {
    QFETCH(QString, source);
    QFETCH(QString, node);
    QFETCH(qint64, oldWidth);
    QFETCH(qint64, newWidth);
    QFETCH(qint64, parameterDelta);
    const Graph g = load(source);
    const int n = nodeNamed(g, node);
    QVERIFY2(n >= 0, qPrintable(node));
    auto slot = layerWidthSlot(g, n);
    QVERIFY2(slot, qPrintable(why(slot)));
    QCOMPARE(g.values[static_cast<std::size_t>(slot->value)].shape[static_cast<std::size_t>(slot->axis)], oldWidth);
    auto resized = resizeChannels(g, *slot, newWidth, bindingsOf(source));
    QVERIFY2(resized, qPrintable(why(resized)));
    QCOMPARE(resized->graph.parameterCount() - g.parameterCount(), parameterDelta);
    QCOMPARE(resized->summary.parametersAfter - resized->summary.parametersBefore, parameterDelta);
    QCOMPARE(resized->graph.values[static_cast<std::size_t>(slot->value)].shape[static_cast<std::size_t>(slot->axis)], newWidth);
    QVERIFY(resized->summary.report.nodeErrors.empty());
    // The model's outputs keep their shapes (the classifier / hidden size is not in these groups).
    for (int out : g.outputs) {
        QCOMPARE(resized->graph.values[static_cast<std::size_t>(out)].shape, g.values[static_cast<std::size_t>(out)].shape);
    }
}

void TestChannelGroup::residualGroupSpansTheStage() {
    const Graph g = load(QStringLiteral("zoo:resnet50"));
    const ChannelGroup group = findChannelGroup(g, *layerWidthSlot(g, nodeNamed(g, QStringLiteral("layer1.0/conv3"))));
    QVERIFY2(group.resizable(), qPrintable(group.refusal));
    auto hasNode = [&](const char *name) {
        const int n = nodeNamed(g, QString::fromLatin1(name));
        return std::find(group.nodes.begin(), group.nodes.end(), n) != group.nodes.end();
    };
    // Both operands of every residual Add of stage 1 and the next stage's inputs.
    QVERIFY(hasNode("layer1.0/downsample.0"));
    QVERIFY(hasNode("layer1.2/add"));
    QVERIFY(hasNode("layer2.0/conv1"));
    QVERIFY(hasNode("layer2.0/downsample.0"));
    QVERIFY(!hasNode("layer2.0/conv2"));
    QVERIFY(!hasNode("layer1.1/conv2"));
}

void TestChannelGroup::depthwiseGroupCountFollows() {
    const Graph g = load(QStringLiteral("zoo:mobilenet_v2"));
    const int expand = nodeNamed(g, QStringLiteral("features.2/conv.0/0"));
    auto resized = resizeChannels(g, *layerWidthSlot(g, expand), 48, ShapeBindings{});
    QVERIFY2(resized, qPrintable(why(resized)));
    const Node &dw = resized->graph.nodes[static_cast<std::size_t>(nodeNamed(resized->graph, QStringLiteral("features.2/conv.1/0")))];
    QCOMPARE(dw.attrInt(u"group", 0), std::int64_t{48});
    QCOMPARE(resized->graph.values[static_cast<std::size_t>(dw.inputs[1])].shape, (Shape{48, 1, 3, 3}));
}

void TestChannelGroup::headsFollowTheQueryWidth_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("query");
    QTest::addColumn<qint64>("heads");
    QTest::addColumn<qint64>("newHeads");
    QTest::addColumn<qint64>("parameterDelta");
    QTest::newRow("zoo bert-base 12->6 heads") << "zoo:bert-base" << "bert.encoder.layer.0/attention.self.query" << qint64(12)
                                              << qint64(6) << qint64(-1180800);
    // The ONNX export computes its head split from Shape -> Gather -> Concat with Constant pieces.
    QTest::newRow("onnx bert 12->6 heads (computed targets)") << kFixtures + "bert_base_2l.onnx" << "/encoder.0/self/query/MatMul"
                                                              << qint64(12) << qint64(6) << qint64(-1180800);
}

void TestChannelGroup::headsFollowTheQueryWidth() {
    QFETCH(QString, source);
    QFETCH(QString, query);
    QFETCH(qint64, heads);
    QFETCH(qint64, newHeads);
    QFETCH(qint64, parameterDelta);
    const Graph g = load(source);
    const int q = nodeNamed(g, query);
    QVERIFY(q >= 0);
    auto layout = attentionHeads(g, q);
    QVERIFY2(layout, qPrintable(why(layout)));
    QCOMPARE(layout->heads, heads);
    QCOMPARE(layout->headSize, qint64(64));
    auto resized = resizeChannels(g, layout->projection, newHeads * layout->headSize, bindingsOf(source));
    QVERIFY2(resized, qPrintable(why(resized)));
    QCOMPARE(resized->graph.parameterCount() - g.parameterCount(), parameterDelta);
    auto after = attentionHeads(resized->graph, q);
    QVERIFY2(after, qPrintable(why(after)));
    QCOMPARE(after->heads, newHeads);
    QCOMPARE(after->headSize, qint64(64));
}

void TestChannelGroup::refusedEditsNameTheNode_data() {
    QTest::addColumn<int>("graphKind");  // 0 residual on input, 1 constant reshape, 2 regroup, 3 custom op, 4 resnext
    QTest::addColumn<QString>("node");
    QTest::addColumn<qint64>("newWidth");
    QTest::addColumn<QStringList>("reasonContains");
    QTest::newRow("residual add on the model input") << 0 << "conv" << qint64(4) << QStringList{"model input 'x'"};
    QTest::newRow("constant reshape target would be fractional") << 1 << "conv" << qint64(10) << QStringList{"'reshape' (Reshape)", "constant target", "multiple of 4"};
    QTest::newRow("reshape regroups several axes") << 2 << "proj" << qint64(8) << QStringList{"'view' (Reshape)", "[6, 4]", "[8, 3]"};
    QTest::newRow("op without a width rule") << 3 << "conv" << qint64(8) << QStringList{"'fancy' (com.example::Fancy)", "no width rule"};
    QTest::newRow("resnext grouped conv needs a multiple of 32") << 4 << "layer1.0/conv1" << qint64(100)
                                                                 << QStringList{"'layer1.0/conv2' (Conv)", "multiple of 32"};
}

void TestChannelGroup::refusedEditsNameTheNode() {
    QFETCH(int, graphKind);
    QFETCH(QString, node);
    QFETCH(qint64, newWidth);
    QFETCH(QStringList, reasonContains);
    Graph g;
    switch (graphKind) {
    case 0: g = propagated(residualOnInput()); break;
    case 1: g = propagated(convIntoConstantReshape()); break;
    case 2: g = propagated(matmulIntoRegroupingReshape()); break;
    case 3: g = propagated(convIntoCustomOp()); break;
    default: g = load(QStringLiteral("zoo:resnext50_32x4d")); break;
    }
    const int n = nodeNamed(g, node);
    QVERIFY(n >= 0);
    auto resized = resizeChannels(g, *layerWidthSlot(g, n), newWidth, ShapeBindings{});
    QVERIFY(!resized);
    for (const QString &part : reasonContains) {
        QVERIFY2(resized.errorMessage().contains(part), qPrintable(resized.errorMessage()));
    }
}

void TestChannelGroup::constantReshapeIsRewritten() {
    const Graph g = propagated(convIntoConstantReshape());
    auto resized = resizeChannels(g, *layerWidthSlot(g, nodeNamed(g, QStringLiteral("conv"))), 12, ShapeBindings{});
    QVERIFY2(resized, qPrintable(why(resized)));
    const Graph &r = resized->graph;
    // 16 = 4 x 4 split: the outermost constant entry scales (4 -> 3), the other part stays.
    QCOMPARE(r.values[static_cast<std::size_t>(r.outputs.front())].shape, (Shape{1, 3, 4, 64}));
    QCOMPARE(resized->summary.outputsChanged, QStringList{r.values[static_cast<std::size_t>(r.outputs.front())].name});
}

void TestChannelGroup::sharedConstantsAreCloned() {
    // The zoo shares one [0, 0, 12, 64] constant among every head split; editing layer 0 must not
    // change the other layers.
    const Graph g = load(QStringLiteral("zoo:bert-base"));
    const int q = nodeNamed(g, QStringLiteral("bert.encoder.layer.0/attention.self.query"));
    auto resized = resizeChannels(g, *layerWidthSlot(g, q), 384, bindingsOf(QStringLiteral("zoo:bert-base")));
    QVERIFY2(resized, qPrintable(why(resized)));
    auto other = attentionHeads(resized->graph, nodeNamed(resized->graph, QStringLiteral("bert.encoder.layer.1/attention.self.query")));
    QVERIFY2(other, qPrintable(why(other)));
    QCOMPARE(other->heads, qint64(12));
}

void TestChannelGroup::failedEditLeavesTheGraph() {
    const Graph g = load(QStringLiteral("zoo:resnext50_32x4d"));
    const Graph copy = g;
    auto resized = resizeChannels(g, *layerWidthSlot(g, nodeNamed(g, QStringLiteral("layer1.0/conv1"))), 100, ShapeBindings{});
    QVERIFY(!resized);
    QCOMPARE(g.parameterCount(), copy.parameterCount());
    for (std::size_t i = 0; i < g.values.size(); ++i) {
        QCOMPARE(g.values[i].shape, copy.values[i].shape);
    }
}

void TestChannelGroup::granularityOfGroupedConv() {
    const Graph g = load(QStringLiteral("zoo:resnext50_32x4d"));
    const ChannelGroup group = findChannelGroup(g, *layerWidthSlot(g, nodeNamed(g, QStringLiteral("layer1.0/conv1"))));
    QVERIFY2(group.resizable(), qPrintable(group.refusal));
    QCOMPARE(group.size, std::int64_t{128});
    QCOMPARE(group.granularity(), std::int64_t{32});  // conv2 has 32 groups: 128 / 32 = 4 per group
    QVERIFY(group.checkSize(g, 96).isEmpty());
    QVERIFY(!group.checkSize(g, 100).isEmpty());
}

void TestChannelGroup::layerWidthSlots_data() {
    QTest::addColumn<QString>("node");
    QTest::addColumn<bool>("hasWidth");
    QTest::newRow("conv") << "layer1.0/conv1" << true;
    QTest::newRow("batchnorm") << "layer1.0/bn1" << true;
    QTest::newRow("gemm") << "fc" << true;
    QTest::newRow("relu") << "layer1.0/relu" << false;
    QTest::newRow("add") << "layer1.0/add" << false;
}

void TestChannelGroup::layerWidthSlots() {
    QFETCH(QString, node);
    QFETCH(bool, hasWidth);
    const Graph g = load(QStringLiteral("zoo:resnet50"));
    auto slot = layerWidthSlot(g, nodeNamed(g, node));
    QCOMPARE(slot.ok(), hasWidth);
    if (!hasWidth) {
        QVERIFY2(slot.errorMessage().contains(node), qPrintable(slot.errorMessage()));
    }
}

void TestChannelGroup::scaleAllWidthsOnOnnx() {
    // ResNet-18 export at half width: every group not tied to the input (3 channels) or the logits
    // (1000 classes) halves, so the parameter count drops to about a quarter (convs scale in both
    // dims; the stem conv and the classifier only in one).
    const QString source = kFixtures + QStringLiteral("resnet18.onnx");
    const Graph g = load(source);
    auto scaled = scaleAllWidths(g, 0.5, bindingsOf(source));
    QVERIFY2(scaled, qPrintable(why(scaled)));
    QVERIFY(scaled->groupsScaled > 5);
    const int stem = nodeNamed(scaled->graph, QStringLiteral("/conv1/Conv"));
    auto slot = layerWidthSlot(scaled->graph, stem);
    QCOMPARE(scaled->graph.values[static_cast<std::size_t>(slot->value)].shape[1], std::int64_t{32});
    QCOMPARE(scaled->graph.values[static_cast<std::size_t>(scaled->graph.outputs.front())].shape, (Shape{1, 1000}));
    const double ratio = static_cast<double>(scaled->parametersAfter) / static_cast<double>(scaled->parametersBefore);
    QVERIFY2(ratio > 0.24 && ratio < 0.30, qPrintable(QString::number(ratio)));
    QVERIFY(!scaled->skipped.isEmpty());  // the classifier's group reaches the logits
}

QTEST_GUILESS_MAIN(TestChannelGroup)
#include "test_channel_group.moc"
