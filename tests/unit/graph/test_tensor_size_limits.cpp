// SPDX-License-Identifier: MIT
// Sizes that do not fit (issue 15, items 7 and 8): propagation refuses tensors past 2^50 elements
// (PropagationReport::tooLarge, an error naming the tensor and the knobs when binding), element
// counts never wrap, and node costs whose MACs / FLOPs / bytes pass 64 bits are refused with the
// node and the count named instead of saturating. Expected sizes are hand products.
#include "design/design.h"
#include "graph/graph_builder.h"
#include "graph/node_cost.h"
#include "graph/shape_binding.h"
#include "graph/shape_inference.h"

#include <QtTest>

using namespace infersight;

namespace {

// x[batch, 1024] -> Relu -> y, batch symbolic.
Graph reluOnBatch() {
    GraphBuilder b(QStringLiteral("relu"));
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::symbolic(DimRole::Batch, QStringLiteral("batch"), 1), Dim::fixed(1024)});
    b.output(b.op(QStringLiteral("Relu"), {x}, {}, QStringLiteral("act")));
    return b.finish();
}

// a[m, k] @ b[k, n]: MACs = m * n * k.
Graph matmul(std::int64_t m, std::int64_t k, std::int64_t n) {
    GraphBuilder b(QStringLiteral("mm"));
    const int a = b.input(QStringLiteral("a"), DType::F32, {Dim::fixed(m), Dim::fixed(k)});
    const int w = b.input(QStringLiteral("b"), DType::F32, {Dim::fixed(k), Dim::fixed(n)});
    b.output(b.op(QStringLiteral("MatMul"), {a, w}, {}, QStringLiteral("product")));
    return b.finish();
}

}  // namespace

class TestTensorSizeLimits : public QObject {
    Q_OBJECT
private slots:
    void elementCountNeverWraps();
    void tensorsPastTheLimitAreReported_data();
    void tensorsPastTheLimitAreReported();
    void bindingRefusesThemNamingTensorAndKnobs();
    void zooModelAtAbsurdKnobsIsAnError();
    void costOverflowIsRefusedNamingTheNode();
    void costJustInsideStaysExact();
};

void TestTensorSizeLimits::elementCountNeverWraps() {
    // 2^40 * 2^40 = 2^80 does not fit: -1 (unknown), never a wrapped number.
    QCOMPARE(elementCount(Shape{std::int64_t{1} << 40, std::int64_t{1} << 40}), std::int64_t{-1});
    QCOMPARE(elementCount(Shape{std::int64_t{1} << 31, std::int64_t{1} << 31}), std::int64_t{1} << 62);
    QCOMPARE(dtypeBytes(DType::F32, std::int64_t{1} << 62), std::int64_t{-1});  // 2^64 bytes
    QCOMPARE(dtypeBytes(DType::F32, std::int64_t{1} << 50), std::int64_t{1} << 52);
}

void TestTensorSizeLimits::tensorsPastTheLimitAreReported_data() {
    QTest::addColumn<qint64>("batch");
    QTest::addColumn<bool>("tooLarge");
    // 2^40 x 1024 = 2^50 elements: exactly the limit, accepted (4 PiB... at FP32 it is 2^52 bytes).
    QTest::newRow("2^40: at the limit") << (qint64(1) << 40) << false;
    QTest::newRow("2^40 + 1: past it") << ((qint64(1) << 40) + 1) << true;
    QTest::newRow("2^60: count overflows") << (qint64(1) << 60) << true;
}

void TestTensorSizeLimits::tensorsPastTheLimitAreReported() {
    QFETCH(qint64, batch);
    QFETCH(bool, tooLarge);
    Graph g = reluOnBatch();
    ShapeBindings b;
    b.batch = batch;
    const PropagationReport report = propagateShapes(g, b);
    QCOMPARE(!report.tooLarge.isEmpty(), tooLarge);
    if (tooLarge) {
        QVERIFY2(report.tooLarge.front().contains(QLatin1String("tensor 'x'")), qPrintable(report.tooLarge.front()));
        QVERIFY(!report.complete());
        // Left unknown, so nothing downstream counts it.
        QVERIFY(!g.values[static_cast<std::size_t>(g.findValue(QStringLiteral("x")))].shapeKnown());
        QCOMPARE(graphCost(g).macs, std::int64_t{0});
    } else {
        QVERIFY(report.complete());
    }
}

void TestTensorSizeLimits::bindingRefusesThemNamingTensorAndKnobs() {
    Graph g = reluOnBatch();
    ShapeBindings b;
    b.batch = std::int64_t{1} << 45;
    auto bound = propagateAtBindings(g, b, QStringLiteral("model.onnx"));
    QVERIFY(!bound);
    const QString message = bound.errorMessage();
    for (const char *part : {"model.onnx: ", "tensor 'x'", "[35184372088832, 1024]", "2^50", "batch 35184372088832", "--batch"}) {
        QVERIFY2(message.contains(QLatin1String(part)), qPrintable(message));
    }
    QVERIFY(!message.contains(QLatin1Char('\n')));
}

void TestTensorSizeLimits::zooModelAtAbsurdKnobsIsAnError() {
    // Issue 15, item 7: vit_l_16 at batch 2^24 and 16384 x 16384 images printed 25.6 ms with 0
    // kernels. The image input alone is 2^24 * 3 * 2^28 = 3 * 2^52 elements.
    Knobs knobs;
    knobs.batch = 16777216;
    knobs.height = 16384;
    knobs.width = 16384;
    auto design = Design::open(QStringLiteral("zoo:vit_l_16"), knobs);
    QVERIFY(!design);
    const QString message = design.errorMessage();
    for (const char *part : {"zoo:vit_l_16", "[16777216, 3, 16384, 16384]", "1.35e+16 elements", "batch 16777216",
                             "image 16384 x 16384", "--image"}) {
        QVERIFY2(message.contains(QLatin1String(part)), qPrintable(message));
    }
}

void TestTensorSizeLimits::costOverflowIsRefusedNamingTheNode() {
    // [2^21, 2^21] @ [2^21, 2^21]: each tensor 2^42 elements (inside the limit), MACs 2^63: past int64.
    Graph g = matmul(std::int64_t{1} << 21, std::int64_t{1} << 21, std::int64_t{1} << 21);
    QVERIFY(propagateShapes(g, {}).complete());
    const NodeCost c = nodeCost(g, 0);
    QVERIFY(c.overflow);
    QVERIFY(!c.known);
    QCOMPARE(QLatin1String(c.overflowField), QLatin1String("MACs"));
    QCOMPARE(c.macs, std::int64_t{0});  // refused, not saturated
    const GraphCost total = graphCost(g);
    QVERIFY2(total.overflow.contains(QLatin1String("node 'product' (MatMul)")), qPrintable(total.overflow));
    QVERIFY2(total.overflow.contains(QLatin1String("MACs")), qPrintable(total.overflow));
}

void TestTensorSizeLimits::costJustInsideStaysExact() {
    // [2^20, 2^20] @ [2^20, 2^20]: MACs 2^60 (below the 2^61 refusal line), FLOPs 2^61 is refused.
    Graph g = matmul(std::int64_t{1} << 20, std::int64_t{1} << 20, std::int64_t{1} << 20);
    QVERIFY(propagateShapes(g, {}).complete());
    NodeCost c = nodeCost(g, 0);
    QVERIFY(c.overflow);
    QCOMPARE(QLatin1String(c.overflowField), QLatin1String("FLOPs"));
    // 4096^3 = 2^36 MACs, 2^37 FLOPs, bytes 3 * 4096^2 * 4 (hand products): exact.
    Graph small = matmul(4096, 4096, 4096);
    QVERIFY(propagateShapes(small, {}).complete());
    c = nodeCost(small, 0);
    QVERIFY(c.known && !c.overflow);
    QCOMPARE(c.macs, std::int64_t{1} << 36);
    QCOMPARE(c.flops, std::int64_t{1} << 37);
    QCOMPARE(c.bytesRead + c.bytesWritten, std::int64_t{3} * 4096 * 4096 * 4);
    QVERIFY(graphCost(small).overflow.isEmpty());
}

QTEST_GUILESS_MAIN(TestTensorSizeLimits)
#include "test_tensor_size_limits.moc"
