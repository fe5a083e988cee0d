// SPDX-License-Identifier: MIT
// Tests of LayerBuilder: the node sequences layers emit, parameter vs buffer accounting, rounding
// helpers of the width and depth knobs.
#include "graph/shape_inference.h"
#include "zoo/layer_builder.h"

#include <QtTest>

using namespace infersight;

class TestLayerBuilder : public QObject {
    Q_OBJECT
private slots:
    void makeDivisibleMatchesTorchvision_data();
    void makeDivisibleMatchesTorchvision();
    void distributeDepth_data();
    void distributeDepth();
    void batchNormStatsAreBuffers();
    void scopesNameNodesAndWeights();
    void geluNewIsEightElementwiseNodes();
    void rmsNormIsSixNodes();
    void linearOnRank3IsMatMulAndBiasAdd();
    void constantsAreShared();
};

void TestLayerBuilder::makeDivisibleMatchesTorchvision_data() {
    QTest::addColumn<double>("value");
    QTest::addColumn<qint64>("expected");
    // torchvision.models._utils._make_divisible(v, 8): values checked by hand from its definition
    // max(8, int(v + 4) // 8 * 8), plus 8 when that is below 0.9 * v.
    QTest::newRow("32*1.0") << 32.0 << qint64(32);
    QTest::newRow("32*0.5") << 16.0 << qint64(16);
    QTest::newRow("16*0.5") << 8.0 << qint64(8);
    QTest::newRow("24*1.1") << 26.4 << qint64(24);
    QTest::newRow("40*1.4") << 56.0 << qint64(56);
    QTest::newRow("3") << 3.0 << qint64(8);
    QTest::newRow("1280*0.75") << 960.0 << qint64(960);
    QTest::newRow("round up 0.9 rule") << 11.0 << qint64(16);  // int(15)//8*8 = 8 < 9.9 -> 16
}

void TestLayerBuilder::makeDivisibleMatchesTorchvision() {
    QFETCH(double, value);
    QFETCH(qint64, expected);
    QCOMPARE(makeDivisible(value, 8), expected);
}

void TestLayerBuilder::distributeDepth_data() {
    QTest::addColumn<std::vector<int>>("defaults");
    QTest::addColumn<int>("total");
    QTest::addColumn<std::vector<int>>("expected");
    // Largest remainder over the default proportions; ties go to the earlier stage.
    QTest::newRow("resnet50 default") << std::vector<int>{3, 4, 6, 3} << 16 << std::vector<int>{3, 4, 6, 3};
    QTest::newRow("resnet50 to 8") << std::vector<int>{3, 4, 6, 3} << 8 << std::vector<int>{2, 2, 3, 1};
    QTest::newRow("resnet50 to 32") << std::vector<int>{3, 4, 6, 3} << 32 << std::vector<int>{6, 8, 12, 6};
    QTest::newRow("at least one per stage") << std::vector<int>{3, 4, 6, 3} << 2 << std::vector<int>{1, 1, 1, 1};
}

void TestLayerBuilder::distributeDepth() {
    QFETCH(std::vector<int>, defaults);
    QFETCH(int, total);
    QFETCH(std::vector<int>, expected);
    QCOMPARE(infersight::distributeDepth(defaults, total), expected);
}

void TestLayerBuilder::batchNormStatsAreBuffers() {
    LayerBuilder lb(QStringLiteral("bn"));
    const int x = lb.inputFloat(QStringLiteral("x"), {Dim::fixed(1), Dim::fixed(8), Dim::fixed(4), Dim::fixed(4)});
    lb.output(lb.batchNorm(x, 8));
    Graph g = lb.finish();
    // nn.BatchNorm2d(8): weight and bias are parameters (16); running mean/var are buffers.
    QCOMPARE(g.parameterCount(), qint64(16));
    int buffers = 0;
    for (const Value &v : g.values) {
        buffers += v.buffer ? 1 : 0;
    }
    QCOMPARE(buffers, 2);
    QCOMPARE(g.nodes.size(), std::size_t(1));
    QCOMPARE(g.nodes.front().opType, QStringLiteral("BatchNormalization"));
}

void TestLayerBuilder::scopesNameNodesAndWeights() {
    LayerBuilder lb(QStringLiteral("s"));
    const int x = lb.inputFloat(QStringLiteral("x"), {Dim::fixed(1), Dim::fixed(3), Dim::fixed(8), Dim::fixed(8)});
    int y = -1;
    {
        LayerBuilder::Scope outer(lb, QStringLiteral("layer1.0"));
        y = lb.conv(x, 3, 8, 3, 1, -1, 1, false, QStringLiteral("conv1"));
    }
    y = lb.relu(y, QStringLiteral("relu"));
    lb.output(y);
    Graph g = lb.finish();
    QCOMPARE(g.nodes[0].name, QStringLiteral("layer1.0/conv1"));
    QCOMPARE(g.nodes[1].name, QStringLiteral("relu"));
    QVERIFY(g.findValue(QStringLiteral("layer1.0/conv1.weight")) >= 0);
    QCOMPARE(g.nodes[0].attrInts(u"pads"), (std::vector<std::int64_t>{1, 1, 1, 1}));
}

void TestLayerBuilder::geluNewIsEightElementwiseNodes() {
    // HF's gelu_new is 8 element-wise kernels in eager PyTorch (model_ops_measured.csv, GPT-2:
    // mul, pow, mul, add, mul, tanh, add, mul).
    LayerBuilder lb(QStringLiteral("g"));
    const int x = lb.inputFloat(QStringLiteral("x"), {Dim::fixed(2), Dim::fixed(5)});
    lb.output(lb.activation(QStringLiteral("gelu_new"), x));
    Graph g = lb.finish();
    QStringList ops;
    for (const Node &n : g.nodes) {
        ops << n.opType;
    }
    QCOMPARE(ops, (QStringList{QStringLiteral("Mul"), QStringLiteral("Pow"), QStringLiteral("Mul"), QStringLiteral("Add"),
                               QStringLiteral("Mul"), QStringLiteral("Tanh"), QStringLiteral("Add"), QStringLiteral("Mul")}));
    QVERIFY(propagateShapes(g, ShapeBindings{}).complete());
    QCOMPARE(g.parameterCount(), qint64(0));  // literals are not parameters
}

void TestLayerBuilder::rmsNormIsSixNodes() {
    // LlamaRMSNorm / T5LayerNorm: pow, mean, add eps, rsqrt, mul, mul weight.
    LayerBuilder lb(QStringLiteral("r"));
    const int x = lb.inputFloat(QStringLiteral("x"), {Dim::fixed(2), Dim::fixed(3), Dim::fixed(16)});
    lb.output(lb.rmsNorm(x, 16, 1e-6));
    Graph g = lb.finish();
    QCOMPARE(g.nodes.size(), std::size_t(6));
    QCOMPARE(g.parameterCount(), qint64(16));
    QVERIFY(propagateShapes(g, ShapeBindings{}).complete());
    QCOMPARE(g.values[static_cast<std::size_t>(g.outputs.front())].shape, (Shape{2, 3, 16}));
}

void TestLayerBuilder::linearOnRank3IsMatMulAndBiasAdd() {
    LayerBuilder lb(QStringLiteral("l"));
    const int x = lb.inputFloat(QStringLiteral("x"), {Dim::fixed(2), Dim::fixed(3), Dim::fixed(16)});
    lb.output(lb.linear(x, 16, 32, true, QStringLiteral("fc")));
    Graph g = lb.finish();
    QCOMPARE(g.nodes.size(), std::size_t(2));
    QCOMPARE(g.nodes[0].opType, QStringLiteral("MatMul"));
    QCOMPARE(g.nodes[1].opType, QStringLiteral("Add"));
    QCOMPARE(g.parameterCount(), qint64(16 * 32 + 32));
}

void TestLayerBuilder::constantsAreShared() {
    LayerBuilder lb(QStringLiteral("c"));
    QCOMPARE(lb.ints({0, 0, 4, 8}), lb.ints({0, 0, 4, 8}));
    QVERIFY(lb.ints({1}) != lb.ints({2}));
    QCOMPARE(lb.scalar(0.5), lb.scalar(0.5));
    QCOMPARE(lb.intScalar(3), lb.intScalar(3));
}

QTEST_GUILESS_MAIN(TestLayerBuilder)
#include "test_layer_builder.moc"
