// SPDX-License-Identifier: MIT
// Tests of nodeCost()/graphCost(): MACs, FLOPs, bytes and parameters by hand calculation (the
// arithmetic is in the comments) following the conventions documented at the top of
// core/graph/node_cost.cpp, and that unknown work is never silently counted as zero.
#include "graph/graph.h"
#include "graph/graph_builder.h"
#include "graph/node_cost.h"
#include "graph/shape_inference.h"
#include "op_case.h"

#include <QtTest>

using namespace infersight;
using namespace infersight::testing;

class TestNodeCost : public QObject {
    Q_OBJECT
private slots:
    void work_data();
    void work();
    void traffic_data();
    void traffic();
    void unknownNodesAreNotZero();
    void foldedShapeArithmeticIsShapeOnly();
    void graphTotalsCountParametersOnce();
    void buffersAreReadButNotParameters();
    void arithmeticIntensity();
    void costRules();
};

namespace {

NodeCost costOf(OpCase c) {
    Graph g = buildCase(c);
    const PropagationReport report = propagateShapes(g, ShapeBindings{});
    if (!report.nodeErrors.empty()) {
        qWarning() << report.nodeErrors.front().second;
    }
    return nodeCost(g, 0);
}

const QString ms = QStringLiteral("com.microsoft");

}  // namespace

void TestNodeCost::work_data() {
    QTest::addColumn<OpCase>("c");
    QTest::addColumn<qint64>("macs");
    QTest::addColumn<qint64>("flops");

    // ResNet-50 conv1, 7x7/2, 3->64 at 224: out 112x112; 64*112*112*3*49 = 118,013,952 MACs;
    // FLOPs 2 * MACs + bias 64*112*112 = 236,830,720.
    QTest::newRow("resnet50 conv1") << OpCase{"Conv", {tensor({1, 3, 224, 224}), weight({64, 3, 7, 7}), weight({64})},
                                              {attr("strides", {2, 2}), attr("pads", {3, 3, 3, 3})}}
                                    << qint64(118013952) << qint64(236830720);
    QTest::newRow("resnet50 conv1 batch 8") << OpCase{"Conv", {tensor({8, 3, 224, 224}), weight({64, 3, 7, 7}), weight({64})},
                                                      {attr("strides", {2, 2}), attr("pads", {3, 3, 3, 3})}}
                                            << qint64(8 * 118013952LL) << qint64(8 * 236830720LL);
    // MobileNetV2 depthwise 3x3: 32*112*112*(32/32)*9 = 3,612,672
    QTest::newRow("depthwise") << OpCase{"Conv", {tensor({1, 32, 112, 112}), weight({32, 1, 3, 3})},
                                         {attr("group", 32), attr("pads", {1, 1, 1, 1})}}
                               << qint64(3612672) << qint64(7225344);
    // ResNeXt-50 32x4d layer1 grouped 3x3: 128*56*56*(128/32)*9 = 14,450,688
    QTest::newRow("grouped") << OpCase{"Conv", {tensor({1, 128, 56, 56}), weight({128, 4, 3, 3})},
                                       {attr("group", 32), attr("pads", {1, 1, 1, 1})}}
                             << qint64(14450688) << qint64(28901376);
    // dilation 2 keeps 32x32: 64*32*32*64*9 = 37,748,736
    QTest::newRow("dilated") << OpCase{"Conv", {tensor({1, 64, 32, 32}), weight({64, 64, 3, 3})},
                                       {attr("dilations", {2, 2}), attr("pads", {2, 2, 2, 2})}}
                             << qint64(37748736) << qint64(75497472);
    // 1x1: 64*56*56*256 = 51,380,224
    QTest::newRow("pointwise") << OpCase{"Conv", {tensor({1, 256, 56, 56}), weight({64, 256, 1, 1})}} << qint64(51380224)
                               << qint64(102760448);
    // 3-D: out [1, 64, 16, 56, 56]; 64*16*56*56*3*(3*7*7) = 1,416,167,424
    QTest::newRow("conv 3-D") << OpCase{"Conv", {tensor({1, 3, 16, 112, 112}), weight({64, 3, 3, 7, 7})},
                                        {attr("strides", {1, 2, 2}), attr("pads", {1, 3, 3, 1, 3, 3})}}
                              << qint64(1416167424) << qint64(2832334848LL);
    // ConvTranspose 4x4/2: N*Cin*H*W*(Cout/g)*k*k = 16*8*8*8*16 = 131,072
    QTest::newRow("convtranspose") << OpCase{"ConvTranspose", {tensor({1, 16, 8, 8}), weight({16, 8, 4, 4})},
                                             {attr("strides", {2, 2}), attr("pads", {1, 1, 1, 1})}}
                                   << qint64(131072) << qint64(262144);
    // ResNet fc: 2048*1000 = 2,048,000; FLOPs + bias 1000
    QTest::newRow("gemm fc") << OpCase{"Gemm", {tensor({1, 2048}), weight({1000, 2048}), weight({1000})}, {attr("transB", 1)}}
                             << qint64(2048000) << qint64(4097000);
    QTest::newRow("gemm transA") << OpCase{"Gemm", {tensor({6, 4}), tensor({6, 5})}, {attr("transA", 1)}} << qint64(4 * 5 * 6)
                                 << qint64(2 * 4 * 5 * 6);
    // ViT-B MLP: 197*768*3072 = 464,781,312
    QTest::newRow("matmul weight") << OpCase{"MatMul", {tensor({1, 197, 768}), weight({768, 3072})}} << qint64(464781312)
                                   << qint64(929562624);
    // attention scores, batch 8: 8*12*197*197*64 = 238,442,496
    QTest::newRow("matmul broadcast batch") << OpCase{"MatMul", {tensor({8, 12, 197, 64}), tensor({8, 12, 64, 197})}}
                                            << qint64(238442496) << qint64(476884992);
    // broadcast batch [2, 1] x [5]: 2*5 batches of 3x4 @ 4x6 = 10*72 = 720
    QTest::newRow("matmul broadcast") << OpCase{"MatMul", {tensor({2, 1, 3, 4}), tensor({5, 4, 6})}} << qint64(720) << qint64(1440);
    QTest::newRow("matmul vector") << OpCase{"MatMul", {tensor({4}), tensor({4, 5})}} << qint64(20) << qint64(40);
    QTest::newRow("fused matmul") << OpCase{"FusedMatMul", {tensor({2, 4, 3}), tensor({2, 4, 5})}, {attr("transA", 1)}, 1, 17, ms}
                                  << qint64(2 * 3 * 5 * 4) << qint64(2 * 2 * 3 * 5 * 4);
    // Einsum: product of all index sizes: 2*12*128*128*64 = 25,165,824
    QTest::newRow("einsum attention") << OpCase{"Einsum", {tensor({2, 12, 128, 64}), tensor({2, 12, 128, 64})},
                                                {attr("equation", "bhid,bhjd->bhij")}}
                                      << qint64(25165824) << qint64(50331648);
    QTest::newRow("einsum ellipsis") << OpCase{"Einsum", {tensor({2, 1, 3, 4}), tensor({5, 4, 6})}, {attr("equation", "...ij,...jk->...ik")}}
                                     << qint64(720) << qint64(1440);
    QTest::newRow("einsum transpose") << OpCase{"Einsum", {tensor({3, 4})}, {attr("equation", "ij->ji")}} << qint64(12) << qint64(24);
    // com.microsoft Attention, BERT-base layer at S = 128: QKV 128*768*2304 = 226,492,416,
    // QK^T 128*128*768 = 12,582,912, AV 12,582,912 -> 251,658,240 MACs;
    // FLOPs = 2 * MACs + 6 per score (12*128*128 = 196,608) + bias 128*2304 = 504,791,040
    QTest::newRow("ms attention") << OpCase{"Attention", {tensor({1, 128, 768}), weight({768, 2304}), weight({2304})},
                                            {attr("num_heads", 12)}, 1, 17, ms}
                                  << qint64(251658240) << qint64(504791040);
    // MaxPool 3x3/2 -> [1, 64, 56, 56]: 200,704 outputs * 9
    QTest::newRow("maxpool") << OpCase{"MaxPool", {tensor({1, 64, 112, 112})},
                                       {attr("kernel_shape", {3, 3}), attr("strides", {2, 2}), attr("pads", {1, 1, 1, 1})}}
                             << qint64(0) << qint64(1806336);
    QTest::newRow("averagepool") << OpCase{"AveragePool", {tensor({1, 3, 32, 32})}, {attr("kernel_shape", {2, 2}), attr("strides", {2, 2})}}
                                 << qint64(0) << qint64(3 * 16 * 16 * 4);
    QTest::newRow("global average pool") << OpCase{"GlobalAveragePool", {tensor({1, 2048, 7, 7})}} << qint64(0) << qint64(100352);
    QTest::newRow("relu") << OpCase{"Relu", {tensor({1, 64, 112, 112})}} << qint64(0) << qint64(802816);
    QTest::newRow("add broadcast") << OpCase{"Add", {tensor({1, 197, 768}), weight({768})}} << qint64(0) << qint64(151296);
    QTest::newRow("sigmoid") << OpCase{"Sigmoid", {tensor({2, 8})}} << qint64(0) << qint64(4 * 16);
    QTest::newRow("gelu") << OpCase{"Gelu", {tensor({2, 8})}, {}, 1, 20} << qint64(0) << qint64(12 * 16);
    QTest::newRow("erf") << OpCase{"Erf", {tensor({2, 8})}} << qint64(0) << qint64(8 * 16);
    QTest::newRow("pow") << OpCase{"Pow", {tensor({2, 8}), tensor({})}} << qint64(0) << qint64(3 * 16);
    QTest::newRow("sum of three") << OpCase{"Sum", {tensor({2, 3}), tensor({2, 3}), tensor({3})}} << qint64(0) << qint64(2 * 6);
    QTest::newRow("mean of three") << OpCase{"Mean", {tensor({2, 3}), tensor({2, 3}), tensor({3})}} << qint64(0) << qint64(3 * 6);
    // Softmax 5 per element over 12*197*197 = 465,708
    QTest::newRow("softmax") << OpCase{"Softmax", {tensor({1, 12, 197, 197})}} << qint64(0) << qint64(2328540);
    QTest::newRow("layernorm") << OpCase{"LayerNormalization", {tensor({1, 197, 768}), weight({768}), weight({768})}} << qint64(0)
                               << qint64(1210368);
    QTest::newRow("batchnorm") << OpCase{"BatchNormalization", {tensor({1, 64, 112, 112}), weight({64}), weight({64}), weight({64}), weight({64})}}
                               << qint64(0) << qint64(1605632);
    QTest::newRow("reducemean") << OpCase{"ReduceMean", {tensor({1, 197, 768})}, {attr("axes", std::vector<std::int64_t>{-1})}, 1, 13}
                                << qint64(0) << qint64(151296);
    // bilinear 2x on [1, 3, 16, 16]: 3*32*32 outputs, 2 resized axes -> 3 lerps of 3 FLOPs
    QTest::newRow("resize linear") << OpCase{"Resize", {tensor({1, 3, 16, 16}), absent(), floats({1, 1, 2, 2})}, {attr("mode", "linear")}, 1, 13}
                                   << qint64(0) << qint64(3 * 32 * 32 * 9);
    // bicubic: 5 filters of 7 FLOPs per output
    QTest::newRow("resize cubic") << OpCase{"Resize", {tensor({1, 3, 16, 16}), absent(), floats({1, 1, 2, 2})}, {attr("mode", "cubic")}, 1, 13}
                                  << qint64(0) << qint64(3 * 32 * 32 * 35);
    QTest::newRow("resize nearest") << OpCase{"Resize", {tensor({1, 3, 16, 16}), absent(), floats({1, 1, 2, 2})}, {}, 1, 13} << qint64(0)
                                    << qint64(0);
    // TopK k = 3 over 12 inputs: 12 * ceil(log2(4)) = 24
    QTest::newRow("topk") << OpCase{"TopK", {tensor({3, 4}), ints({3})}, {}, 2, 11} << qint64(0) << qint64(24);
    // LRN size 5: (2*5 + 3) per element over 192
    QTest::newRow("lrn") << OpCase{"LRN", {tensor({1, 3, 8, 8})}, {attr("size", 5)}} << qint64(0) << qint64(192 * 13);
    QTest::newRow("transpose is a copy") << OpCase{"Transpose", {tensor({2, 3, 4})}} << qint64(0) << qint64(0);
}

void TestNodeCost::work() {
    QFETCH(OpCase, c);
    QFETCH(qint64, macs);
    QFETCH(qint64, flops);
    const NodeCost cost = costOf(c);
    QVERIFY(cost.known);
    QVERIFY(!cost.shapeOnly);
    QCOMPARE(qint64(cost.macs), macs);
    QCOMPARE(qint64(cost.flops), flops);
}

void TestNodeCost::traffic_data() {
    QTest::addColumn<OpCase>("c");
    QTest::addColumn<qint64>("read");
    QTest::addColumn<qint64>("written");
    QTest::addColumn<qint64>("params");
    QTest::addColumn<qint64>("paramBytes");
    QTest::addColumn<bool>("shapeOnly");

    // 64*112*112 floats in and out
    QTest::newRow("relu") << OpCase{"Relu", {tensor({1, 64, 112, 112})}} << qint64(3211264) << qint64(3211264) << qint64(0) << qint64(0)
                          << false;
    // 197*768*4 + 768*4 read; the bias is a parameter
    QTest::newRow("add bias") << OpCase{"Add", {tensor({1, 197, 768}), weight({768})}} << qint64(608256) << qint64(605184) << qint64(768)
                              << qint64(3072) << false;
    // x 3*224*224*4 = 602,112 + W 9,408*4 = 37,632 + b 256 = 640,000; out 64*112*112*4
    QTest::newRow("resnet50 conv1") << OpCase{"Conv", {tensor({1, 3, 224, 224}), weight({64, 3, 7, 7}), weight({64})},
                                              {attr("strides", {2, 2}), attr("pads", {3, 3, 3, 3})}}
                                    << qint64(640000) << qint64(3211264) << qint64(9472) << qint64(37888) << false;
    // fp16: 197*768*2 + 768*3072*2 read, 197*3072*2 written
    QTest::newRow("matmul f16") << OpCase{"MatMul", {tensor({1, 197, 768}, DType::F16), weight({768, 3072}, DType::F16)}}
                                << qint64(5021184) << qint64(1210368) << qint64(2359296) << qint64(4718592) << false;
    // Embedding lookup reads the gathered rows (128*768*4) and the ids (128*8), not the table
    QTest::newRow("gather embedding") << OpCase{"Gather", {weight({30522, 768}), tensor({1, 128}, DType::I64)}}
                                      << qint64(394240) << qint64(393216) << qint64(23440896) << qint64(93763584) << false;
    // Slice reads the 2x10 floats it writes (80) plus starts/ends/axes (3 * 8)
    QTest::newRow("slice") << OpCase{"Slice", {tensor({4, 10}), ints({0}), ints({2}), ints({0})}} << qint64(104) << qint64(80)
                           << qint64(0) << qint64(0) << false;
    QTest::newRow("transpose") << OpCase{"Transpose", {tensor({2, 3, 4})}} << qint64(96) << qint64(96) << qint64(0) << qint64(0) << false;
    QTest::newRow("same input twice") << OpCase{"Mul", {tensor({10}), tensor({10})}} << qint64(80) << qint64(40) << qint64(0)
                                      << qint64(0) << false;
    QTest::newRow("cast to f16") << OpCase{"Cast", {tensor({10})}, {attr("to", 10)}} << qint64(40) << qint64(20) << qint64(0) << qint64(0)
                                 << false;
    // MaxPool writes values (f32) and indices (i64): 768*4 + 768*8
    QTest::newRow("maxpool with indices") << OpCase{"MaxPool", {tensor({1, 3, 32, 32})}, {attr("kernel_shape", {2, 2}), attr("strides", {2, 2})}, 2}
                                          << qint64(12288) << qint64(9216) << qint64(0) << qint64(0) << false;
    // A fill too large to fold writes 100*100 floats and reads nothing
    QTest::newRow("constantofshape fill") << OpCase{"ConstantOfShape", {ints({100, 100})}} << qint64(0) << qint64(40000) << qint64(0)
                                          << qint64(0) << false;
    QTest::newRow("reshape") << OpCase{"Reshape", {tensor({2, 3, 4}), ints({6, 4})}} << qint64(0) << qint64(0) << qint64(0) << qint64(0)
                             << true;
    QTest::newRow("shape") << OpCase{"Shape", {tensor({2, 3, 4})}} << qint64(0) << qint64(0) << qint64(0) << qint64(0) << true;
    QTest::newRow("dropout") << OpCase{"Dropout", {tensor({2, 3, 4})}, {}, 1, 13} << qint64(0) << qint64(0) << qint64(0) << qint64(0)
                             << true;
    QTest::newRow("folded arithmetic") << OpCase{"Mul", {ints({2, 3}), scalarInt(4)}} << qint64(0) << qint64(0) << qint64(0) << qint64(0)
                                       << true;
}

void TestNodeCost::traffic() {
    QFETCH(OpCase, c);
    QFETCH(qint64, read);
    QFETCH(qint64, written);
    QFETCH(qint64, params);
    QFETCH(qint64, paramBytes);
    QFETCH(bool, shapeOnly);
    const NodeCost cost = costOf(c);
    QVERIFY(cost.known);
    QCOMPARE(cost.shapeOnly, shapeOnly);
    QCOMPARE(qint64(cost.bytesRead), read);
    QCOMPARE(qint64(cost.bytesWritten), written);
    QCOMPARE(qint64(cost.params), params);
    QCOMPARE(qint64(cost.paramBytes), paramBytes);
    if (shapeOnly) {
        QCOMPARE(cost.flops, std::int64_t{0});
        QCOMPARE(cost.macs, std::int64_t{0});
    }
}

void TestNodeCost::unknownNodesAreNotZero() {
    // conv (known) -> custom op (no rule) -> relu (unknown input) -> matmul with a mismatch (error)
    GraphBuilder b(QStringLiteral("partly unknown"));
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::fixed(1), Dim::fixed(3), Dim::fixed(8), Dim::fixed(8)});
    const int conv = b.op(QStringLiteral("Conv"), {x, b.weight(QStringLiteral("w"), {4, 3, 1, 1})});
    const int custom = b.op(QStringLiteral("Custom"), {conv});
    const int relu = b.op(QStringLiteral("Relu"), {custom});
    const int bad = b.op(QStringLiteral("MatMul"), {conv, b.weight(QStringLiteral("m"), {5, 5})});
    b.output(relu);
    b.output(bad);
    Graph g = b.finish();
    const PropagationReport report = propagateShapes(g, ShapeBindings{});
    QCOMPARE(report.nodeErrors.size(), std::size_t{1});
    const GraphCost cost = graphCost(g);
    QCOMPARE(cost.nodes.size(), std::size_t{4});
    QVERIFY(cost.nodes[0].known);
    QVERIFY(!cost.nodes[1].known);  // no rule
    QVERIFY(!cost.nodes[2].known);  // unknown input
    QVERIFY(!cost.nodes[3].known);  // inconsistent shapes
    QCOMPARE(cost.unknownNodes, 3);
    // Only the conv is summed: 4*8*8*3 = 768 MACs.
    QCOMPARE(cost.macs, std::int64_t{768});
    QCOMPARE(cost.macs, cost.nodes[0].macs);
    QVERIFY(!hasCostRule(QStringLiteral("Custom")));
}

void TestNodeCost::foldedShapeArithmeticIsShapeOnly() {
    // Shape -> Gather -> Unsqueeze -> Concat -> Reshape: all folded or metadata, no traffic.
    GraphBuilder b(QStringLiteral("flatten"), 13);
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::symbolic(DimRole::Batch, QStringLiteral("N"), 1), Dim::fixed(48)});
    const int n = b.op(QStringLiteral("Gather"), {b.op(QStringLiteral("Shape"), {x}), b.constantInts(QStringLiteral("i"), {0}, Shape{})});
    const int v = b.op(QStringLiteral("Unsqueeze"), {n, b.constantInts(QStringLiteral("a"), {0})});
    const int target = b.op(QStringLiteral("Concat"), {v, b.constantInts(QStringLiteral("m"), {-1})}, {attr("axis", 0)});
    const int r = b.op(QStringLiteral("Reshape"), {x, target});
    b.output(b.op(QStringLiteral("Relu"), {r}));
    Graph g = b.finish();
    ShapeBindings bindings;
    bindings.batch = 4;
    QVERIFY(propagateShapes(g, bindings).complete());
    const GraphCost cost = graphCost(g);
    QCOMPARE(cost.unknownNodes, 0);
    for (std::size_t i = 0; i + 1 < cost.nodes.size(); ++i) {
        QVERIFY2(cost.nodes[i].shapeOnly, qPrintable(g.nodes[i].opType));
    }
    QVERIFY(!cost.nodes.back().shapeOnly);
    // Only the Relu moves data: 4*48 floats in and out.
    QCOMPARE(cost.bytesRead, std::int64_t{4 * 48 * 4});
    QCOMPARE(cost.bytesWritten, std::int64_t{4 * 48 * 4});
    QCOMPARE(cost.flops, std::int64_t{4 * 48});
}

void TestNodeCost::graphTotalsCountParametersOnce() {
    // Two MatMuls share one weight (tied embeddings); an unused initializer still counts as a
    // parameter of the model, as Graph::parameterCount() does.
    GraphBuilder b(QStringLiteral("tied"));
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::fixed(2), Dim::fixed(16)});
    const int w = b.weight(QStringLiteral("w"), {16, 16});
    b.weight(QStringLiteral("unused"), {10});
    const int h = b.op(QStringLiteral("MatMul"), {x, w});
    const int y = b.op(QStringLiteral("MatMul"), {h, w});
    b.output(y);
    Graph g = b.finish();
    QVERIFY(propagateShapes(g, ShapeBindings{}).complete());
    const GraphCost cost = graphCost(g);
    QCOMPARE(cost.nodes[0].params, std::int64_t{256});
    QCOMPARE(cost.nodes[1].params, std::int64_t{256});
    QCOMPARE(cost.params, std::int64_t{266});
    QCOMPARE(cost.params, g.parameterCount());
    QCOMPARE(cost.paramBytes, g.parameterBytes());
    // 2 * (2*16*16) MACs
    QCOMPARE(cost.macs, std::int64_t{1024});
    QCOMPARE(cost.flops, std::int64_t{2048});
    QCOMPARE(cost.bytesRead, cost.nodes[0].bytesRead + cost.nodes[1].bytesRead);
}

void TestNodeCost::buffersAreReadButNotParameters() {
    // A PyTorch buffer (here a position-id table) is read like any tensor but is no parameter.
    GraphBuilder b(QStringLiteral("buffer"));
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::fixed(4), Dim::fixed(8)});
    const int table = b.weight(QStringLiteral("table"), {4, 8});
    b.graph().values[static_cast<std::size_t>(table)].buffer = true;
    b.output(b.op(QStringLiteral("Add"), {x, table}));
    Graph g = b.finish();
    QVERIFY(propagateShapes(g, ShapeBindings{}).complete());
    const NodeCost cost = nodeCost(g, 0);
    QCOMPARE(cost.params, std::int64_t{0});
    QCOMPARE(cost.bytesRead, std::int64_t{2 * 32 * 4});
    QCOMPARE(graphCost(g).params, g.parameterCount());
}

void TestNodeCost::arithmeticIntensity() {
    // ResNet-50 conv1: 236,830,720 FLOPs over 640,000 + 3,211,264 bytes = 61.49...
    const NodeCost conv = costOf({"Conv", {tensor({1, 3, 224, 224}), weight({64, 3, 7, 7}), weight({64})},
                                  {attr("strides", {2, 2}), attr("pads", {3, 3, 3, 3})}});
    QVERIFY(qAbs(conv.arithmeticIntensity() - 236830720.0 / 3851264.0) < 1e-9);
    // Relu: 1 FLOP per 8 bytes
    const NodeCost relu = costOf({"Relu", {tensor({1024})}});
    QCOMPARE(relu.arithmeticIntensity(), 0.125);
    const NodeCost reshape = costOf({"Reshape", {tensor({2, 3}), ints({6})}});
    QCOMPARE(reshape.arithmeticIntensity(), 0.0);
}

void TestNodeCost::costRules() {
    for (const char *op : {"Conv", "MatMul", "Gemm", "Einsum", "Softmax", "LayerNormalization", "Reshape", "Gather",
                           "com.microsoft::Attention", "ai.onnx::Add"}) {
        QVERIFY2(hasCostRule(QString::fromLatin1(op)), op);
    }
    QVERIFY(!hasCostRule(QStringLiteral("com.example::Conv")));
    QVERIFY(!hasCostRule(QStringLiteral("Loop")));
    const NodeCost outOfRange = nodeCost(Graph{}, 3);
    QVERIFY(!outOfRange.known);
}

QTEST_GUILESS_MAIN(TestNodeCost)
#include "test_node_cost.moc"
