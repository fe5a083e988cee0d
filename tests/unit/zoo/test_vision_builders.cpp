// SPDX-License-Identifier: MIT
// Tests of the image-model builders' knobs: width multiplier, depth, image size, batch, and the
// kernel structure the predictor's eager validation depends on (BatchNorm not folded).
#include "graph/node_cost.h"
#include "graph/shape_inference.h"
#include "zoo/model_zoo.h"
#include "zoo/vision_builders.h"

#include <QtTest>

#include <cmath>

using namespace infersight;

namespace {

Graph built(const QString &name, const ZooOptions &options = {}) {
    auto g = buildZooModel(name, options);
    if (!g) {
        qFatal("%s", qPrintable(g.errorMessage()));
    }
    return std::move(*g);
}

int countOps(const Graph &g, const QString &op) {
    int n = 0;
    for (const Node &node : g.nodes) {
        n += node.opType == op ? 1 : 0;
    }
    return n;
}

std::int64_t macsAt(Graph &g, const ShapeBindings &b) {
    const PropagationReport report = propagateShapes(g, b);
    if (!report.complete()) {
        return -1;
    }
    return graphCost(g).macs;
}

// Hand formula for a torchvision bottleneck ResNet with stem width s, stage widths p[i] (planes),
// expansion 4, blocks n[i]: conv weights + BN weight/bias per conv + fc.
qint64 bottleneckResNetParams(std::int64_t stem, const std::vector<std::int64_t> &planes, const std::vector<int> &blocks,
                                    std::int64_t classes) {
    auto conv = [](std::int64_t cin, std::int64_t cout, std::int64_t k) { return cin * cout * k * k + 2 * cout; };  // + BN
    std::int64_t total = conv(3, stem, 7);
    std::int64_t in = stem;
    for (std::size_t s = 0; s < planes.size(); ++s) {
        const std::int64_t p = planes[s];
        for (int b = 0; b < blocks[s]; ++b) {
            total += conv(in, p, 1) + conv(p, p, 3) + conv(p, 4 * p, 1);
            if (b == 0) {
                total += conv(in, 4 * p, 1);  // downsample
            }
            in = 4 * p;
        }
    }
    return total + in * classes + classes;
}

}  // namespace

class TestVisionBuilders : public QObject {
    Q_OBJECT
private slots:
    void resnetFormulaMatchesDefault();
    void widthMultiplier_data();
    void widthMultiplier();
    void depthChangesBlockCount_data();
    void depthChangesBlockCount();
    void imageSizeScalesMacsQuadratically_data();
    void imageSizeScalesMacsQuadratically();
    void batchIsSymbolic();
    void batchNormIsKeptSeparate_data();
    void batchNormIsKeptSeparate();
    void badKnobsAreErrors_data();
    void badKnobsAreErrors();
};

void TestVisionBuilders::resnetFormulaMatchesDefault() {
    // The hand formula reproduces torchvision's 25,557,032 for ResNet-50.
    QCOMPARE(bottleneckResNetParams(64, {64, 128, 256, 512}, {3, 4, 6, 3}, 1000), qint64(25557032));
}

void TestVisionBuilders::widthMultiplier_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("mult");
    QTest::addColumn<qint64>("expected");
    // ResNet-50 at 0.5: every width halved (stem 32, planes 32/64/128/256), hand formula above.
    QTest::newRow("resnet50 0.5") << "resnet50" << 0.5 << bottleneckResNetParams(32, {32, 64, 128, 256}, {3, 4, 6, 3}, 1000);
    QTest::newRow("resnet50 2.0") << "resnet50" << 2.0 << bottleneckResNetParams(128, {128, 256, 512, 1024}, {3, 4, 6, 3}, 1000);
    // torchvision 0.14 with the reference's own width_mult (instantiated with /usr/bin/python3):
    //   mobilenet_v2(width_mult=0.5); MobileNetV3(*_mobilenet_v3_conf("mobilenet_v3_large",
    //   width_mult=0.5)); EfficientNet(*_efficientnet_conf("efficientnet_b0", width_mult=0.5,
    //   depth_mult=1.0)): sum of p.numel().
    QTest::newRow("mobilenet_v2 0.5") << "mobilenet_v2" << 0.5 << qint64(1968680);
    QTest::newRow("mobilenet_v3_large 0.5") << "mobilenet_v3_large" << 0.5 << qint64(1734576);
    QTest::newRow("efficientnet_b0 0.5") << "efficientnet_b0" << 0.5 << qint64(1712522);
}

void TestVisionBuilders::widthMultiplier() {
    QFETCH(QString, name);
    QFETCH(double, mult);
    QFETCH(qint64, expected);
    ZooOptions o;
    o.widthMult = mult;
    Graph g = built(name, o);
    QCOMPARE(g.parameterCount(), expected);
    QVERIFY(propagateShapes(g, ShapeBindings{}).complete());
}

void TestVisionBuilders::depthChangesBlockCount_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("depth");
    QTest::addColumn<QString>("op");
    QTest::addColumn<int>("expected");
    // ResNet-50, depth 8 -> stages [2, 2, 3, 1]: stem conv + 3 per block + 4 downsamples = 29 convs
    // (default 16 blocks: 1 + 48 + 4 = 53).
    QTest::newRow("resnet50 default") << "resnet50" << -1 << "Conv" << 53;
    QTest::newRow("resnet50 8") << "resnet50" << 8 << "Conv" << 29;
    // ResNet-18 has no downsample in stage 1: depth 4 -> [1,1,1,1]: 1 + 2*4 + 3 = 12 convs.
    QTest::newRow("resnet18 4") << "resnet18" << 4 << "Conv" << 12;
    // VGG-16 has 13 convs in 5 stages; depth 5 keeps one per stage.
    QTest::newRow("vgg16 5") << "vgg16" << 5 << "Conv" << 5;
    // ViT: depth = encoder layers, two LayerNorms each plus the final one.
    QTest::newRow("vit_b_16 6") << "vit_b_16" << 6 << "LayerNormalization" << 13;
    // Swin-T: depth 4 -> one block per stage; 2 LN per block, 1 patch embed, 3 merges, 1 final.
    QTest::newRow("swin_t 4") << "swin_t" << 4 << "LayerNormalization" << 2 * 4 + 1 + 3 + 1;
    // ConvNeXt-T: depth 4 -> one block per stage: 7x7 depthwise convs.
    QTest::newRow("convnext_tiny 4") << "convnext_tiny" << 4 << "Conv" << 4 + 1 + 3;
    // U-Net: depth = levels; 2 convs per level on each side + 2 at the bottom + 1x1 out.
    QTest::newRow("unet 3") << "unet" << 3 << "Conv" << 3 * 4 + 2 + 1;
}

void TestVisionBuilders::depthChangesBlockCount() {
    QFETCH(QString, name);
    QFETCH(int, depth);
    QFETCH(QString, op);
    QFETCH(int, expected);
    ZooOptions o;
    o.depth = depth;
    if (name == QLatin1String("unet") && depth == 3) {
        o.image = 284;  // unpadded: 280 -> 140, 136 -> 68, 64 -> 32, 28 at the bottom
    }
    Graph g = built(name, o);
    QCOMPARE(countOps(g, op), expected);
    QVERIFY(propagateShapes(g, ShapeBindings{}).complete());
}

void TestVisionBuilders::imageSizeScalesMacsQuadratically_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("classifierMacs");  // MACs that do not scale with the image
    QTest::newRow("resnet50") << "resnet50" << qint64(2048 * 1000);
    QTest::newRow("resnet18") << "resnet18" << qint64(512 * 1000);
    QTest::newRow("mobilenet_v2") << "mobilenet_v2" << qint64(1280 * 1000);
    QTest::newRow("convnext_tiny") << "convnext_tiny" << qint64(768 * 1000);
}

void TestVisionBuilders::imageSizeScalesMacsQuadratically() {
    // Doubling the side quadruples every convolution's MACs; only the classifier stays. Re-propagating the same graph at
    // another Height/Width (symbolic dims) must give what a rebuild at that size gives.
    QFETCH(QString, name);
    QFETCH(qint64, classifierMacs);
    Graph g = built(name);
    ShapeBindings small;
    const std::int64_t at224 = macsAt(g, small);
    ShapeBindings big;
    big.height = 448;
    big.width = 448;
    const std::int64_t at448 = macsAt(g, big);
    QVERIFY(at224 > 0 && at448 > 0);
    const double ratio = static_cast<double>(at448 - classifierMacs) / static_cast<double>(at224 - classifierMacs);
    QVERIFY2(std::abs(ratio - 4.0) < 0.01, qPrintable(QString::number(ratio)));
    ZooOptions o;
    o.image = 448;
    Graph rebuilt = built(name, o);
    QCOMPARE(macsAt(rebuilt, ShapeBindings{}), at448);
}

void TestVisionBuilders::batchIsSymbolic() {
    Graph g = built(QStringLiteral("resnet50"));
    const std::int64_t one = macsAt(g, ShapeBindings{});
    ShapeBindings b;
    b.batch = 32;
    QCOMPARE(macsAt(g, b), 32 * one);
    const Value &in = g.values[static_cast<std::size_t>(g.inputs.front())];
    QCOMPARE(in.declared.front().role, DimRole::Batch);
    QCOMPARE(in.declared[2].role, DimRole::Height);
    QCOMPARE(in.declared[3].role, DimRole::Width);
    QCOMPARE(g.values[static_cast<std::size_t>(g.outputs.front())].shape, (Shape{32, 1000}));
}

void TestVisionBuilders::batchNormIsKeptSeparate_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("batchNorms");
    // torchvision / DLE: one BatchNorm2d per convolution (except the SE convs and the classifier).
    QTest::newRow("resnet50") << "resnet50" << 53;
    QTest::newRow("resnext101_32x4d") << "resnext101_32x4d" << 104;
    QTest::newRow("se_resnext101_32x4d") << "se_resnext101_32x4d" << 104;
    QTest::newRow("efficientnet_b0") << "efficientnet_b0" << 49;
    QTest::newRow("efficientnet_b4") << "efficientnet_b4" << 96;
}

void TestVisionBuilders::batchNormIsKeptSeparate() {
    QFETCH(QString, name);
    QFETCH(int, batchNorms);
    Graph g = built(name);
    QCOMPARE(countOps(g, QStringLiteral("BatchNormalization")), batchNorms);
}

void TestVisionBuilders::badKnobsAreErrors_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("mult");
    QTest::addColumn<qint64>("image");
    QTest::addColumn<QString>("fragment");
    QTest::newRow("negative width") << "resnet50" << -1.0 << qint64(-1) << "width multiplier";
    QTest::newRow("vit odd size") << "vit_b_16" << 1.0 << qint64(230) << "patch size";
    QTest::newRow("swin odd size") << "swin_t" << 1.0 << qint64(200) << "multiple of 224";
    QTest::newRow("unet odd size") << "unet" << 1.0 << qint64(570) << "unpadded";
}

void TestVisionBuilders::badKnobsAreErrors() {
    QFETCH(QString, name);
    QFETCH(double, mult);
    QFETCH(qint64, image);
    QFETCH(QString, fragment);
    ZooOptions o;
    o.widthMult = mult;
    o.image = image;
    auto g = buildZooModel(name, o);
    QVERIFY(!g.ok());
    QVERIFY2(g.errorMessage().contains(fragment), qPrintable(g.errorMessage()));
    QVERIFY(g.errorMessage().contains(name));
}

QTEST_GUILESS_MAIN(TestVisionBuilders)
#include "test_vision_builders.moc"
