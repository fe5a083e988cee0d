// SPDX-License-Identifier: MIT
// Tests of the constant folding inside propagateShapes(): small integer and float tensors that
// feed shapes, as PyTorch's ONNX exporter emits them (Shape -> Gather -> Unsqueeze -> Concat ->
// Reshape, expand(-1) via Equal/Where, causal-mask slicing, Range-built masks). Expected contents
// are worked out by hand in the comments, with ONNX's semantics (integer Div truncates toward
// zero as in ONNX Runtime; Mod follows the divisor's sign unless fmod=1).
#include "graph/graph.h"
#include "graph/graph_builder.h"
#include "graph/shape_inference.h"
#include "op_case.h"

#include <QtTest>

#include <limits>

using namespace infersight;
using namespace infersight::testing;

using Ints = std::vector<std::int64_t>;
using Doubles = std::vector<double>;

namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

SymbolicShape batchFirst(std::initializer_list<std::int64_t> rest) {
    SymbolicShape s{Dim::symbolic(DimRole::Batch, QStringLiteral("batch"), 1)};
    for (std::int64_t d : rest) {
        s.push_back(Dim::fixed(d));
    }
    return s;
}

const Value &value(const Graph &g, int index) { return g.values[static_cast<std::size_t>(index)]; }

ShapeBindings batchOf(std::int64_t n) {
    ShapeBindings b;
    b.batch = n;
    return b;
}

std::pair<QString, Attribute> tensorAttr(const char *name, DType type, Shape dims, std::optional<Ints> data,
                                         std::optional<Doubles> floatData = {}) {
    TensorInfo t;
    t.dtype = type;
    t.dims = std::move(dims);
    t.intData = std::move(data);
    t.floatData = std::move(floatData);
    return {QString::fromLatin1(name), Attribute::fromTensor(std::move(t))};
}

}  // namespace

class TestConstantFolding : public QObject {
    Q_OBJECT
private slots:
    void foldsIntegers_data();
    void foldsIntegers();
    void foldsFloats_data();
    void foldsFloats();
    void reshapeChainFollowsBatch();
    void attentionReshapeAndScale();
    void expandWithMinusOnePattern();
    void causalMaskSlice();
    void rangeBuiltMask();
    void reduceMeanWithAxesInputOpset18();
    void splitFoldsEveryOutput();
    void largeTensorsAreNotFolded();
    void strippedConstantKeepsShapeOnly();
    void repropagationStartsClean();
};

void TestConstantFolding::foldsIntegers_data() {
    QTest::addColumn<OpCase>("c");
    QTest::addColumn<Shape>("shape");
    QTest::addColumn<Ints>("expected");

    QTest::newRow("shape") << OpCase{"Shape", {tensor({2, 3, 4})}} << Shape{3} << Ints{2, 3, 4};
    QTest::newRow("shape start end") << OpCase{"Shape", {tensor({2, 3, 4, 5})}, {attr("start", 1), attr("end", -1)}, 1, 15}
                                     << Shape{2} << Ints{3, 4};
    QTest::newRow("shape start clamped") << OpCase{"Shape", {tensor({2, 3})}, {attr("start", -10)}, 1, 15} << Shape{2} << Ints{2, 3};
    QTest::newRow("size") << OpCase{"Size", {tensor({2, 3, 4})}} << Shape{} << Ints{24};
    QTest::newRow("gather negative scalar") << OpCase{"Gather", {ints({2, 3, 4}), scalarInt(-1)}} << Shape{} << Ints{4};
    // [[1, 2, 3], [4, 5, 6]] gathered along axis 1 with [2, 0] -> [[3, 1], [6, 4]]
    QTest::newRow("gather axis 1") << OpCase{"Gather", {intsShaped({1, 2, 3, 4, 5, 6}, {2, 3}), ints({2, 0})}, {attr("axis", 1)}}
                                   << Shape{2, 2} << Ints{3, 1, 6, 4};
    QTest::newRow("concat") << OpCase{"Concat", {ints({1}), ints({-1}), ints({12, 64})}, {attr("axis", 0)}} << Shape{4}
                            << Ints{1, -1, 12, 64};
    // [[1], [2]] ++ [[3, 4], [5, 6]] along axis 1 -> [[1, 3, 4], [2, 5, 6]]
    QTest::newRow("concat axis 1") << OpCase{"Concat", {intsShaped({1, 2}, {2, 1}), intsShaped({3, 4, 5, 6}, {2, 2})}, {attr("axis", 1)}}
                                   << Shape{2, 3} << Ints{1, 3, 4, 2, 5, 6};
    QTest::newRow("concat with empty") << OpCase{"Concat", {ints({}), ints({5, 6})}, {attr("axis", 0)}} << Shape{2} << Ints{5, 6};
    QTest::newRow("unsqueeze scalar") << OpCase{"Unsqueeze", {scalarInt(7), ints({0})}, {}, 1, 13} << Shape{1} << Ints{7};
    QTest::newRow("squeeze") << OpCase{"Squeeze", {ints({7}), ints({0})}, {}, 1, 13} << Shape{} << Ints{7};
    QTest::newRow("slice to end") << OpCase{"Slice", {ints({2, 3, 4, 5}), ints({-2}), ints({kMax})}} << Shape{2} << Ints{4, 5};
    QTest::newRow("slice all but last") << OpCase{"Slice", {ints({2, 3, 4, 5}), ints({0}), ints({-1}), ints({0})}} << Shape{3}
                                        << Ints{2, 3, 4};
    QTest::newRow("slice reversed") << OpCase{"Slice", {ints({1, 2, 3, 4}), ints({-1}), ints({-kMax}), ints({0}), ints({-1})}}
                                    << Shape{4} << Ints{4, 3, 2, 1};
    // 1, 4, 7 from 0..9 with step 3 up to 8
    QTest::newRow("slice step 3") << OpCase{"Slice", {ints({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}), ints({1}), ints({8}), ints({0}), ints({3})}}
                                  << Shape{3} << Ints{1, 4, 7};
    QTest::newRow("reshape keeps data") << OpCase{"Reshape", {ints({1, 2, 3, 4, 5, 6}), ints({2, 3})}} << Shape{2, 3}
                                        << Ints{1, 2, 3, 4, 5, 6};
    QTest::newRow("flatten keeps data") << OpCase{"Flatten", {intsShaped({1, 2, 3, 4}, {2, 2})}, {attr("axis", 0)}} << Shape{1, 4}
                                        << Ints{1, 2, 3, 4};
    QTest::newRow("identity") << OpCase{"Identity", {ints({3, 1})}} << Shape{2} << Ints{3, 1};
    // Integer division truncates toward zero: -7 / 2 = -3.
    QTest::newRow("div truncates") << OpCase{"Div", {ints({-7, 7, 768}), ints({2, 2, 12})}} << Shape{3} << Ints{-3, 3, 64};
    // Mod with fmod=0 takes the divisor's sign: -7 mod 3 = 2, 7 mod -3 = -2.
    QTest::newRow("mod") << OpCase{"Mod", {ints({-7, 7}), ints({3, -3})}} << Shape{2} << Ints{2, -2};
    // fmod=1: the dividend's sign: fmod(-7, 3) = -1, fmod(7, -3) = 1.
    QTest::newRow("mod fmod") << OpCase{"Mod", {ints({-7, 7}), ints({3, -3})}, {attr("fmod", 1)}} << Shape{2} << Ints{-1, 1};
    QTest::newRow("mul broadcast") << OpCase{"Mul", {ints({2, 3}), scalarInt(4)}} << Shape{2} << Ints{8, 12};
    QTest::newRow("add") << OpCase{"Add", {ints({1, 2}), ints({10, 20})}} << Shape{2} << Ints{11, 22};
    QTest::newRow("sub") << OpCase{"Sub", {scalarInt(1024), scalarInt(1000)}} << Shape{} << Ints{24};
    QTest::newRow("equal") << OpCase{"Equal", {ints({1, -1, 3}), ints({-1})}} << Shape{3} << Ints{0, 1, 0};
    QTest::newRow("less") << OpCase{"Less", {ints({1, 5}), ints({3})}} << Shape{2} << Ints{1, 0};
    QTest::newRow("greater or equal") << OpCase{"GreaterOrEqual", {ints({1, 3, 5}), ints({3})}, {}, 1, 16} << Shape{3} << Ints{0, 1, 1};
    QTest::newRow("where") << OpCase{"Where", {InputSpec{{3}, DType::Bool, Ints{1, 0, 1}, {}, false, false}, ints({5}), ints({6, 7, 8})}}
                           << Shape{3} << Ints{5, 7, 5};
    QTest::newRow("max variadic") << OpCase{"Max", {ints({1, 5}), ints({3, 2}), ints({0, 4})}} << Shape{2} << Ints{3, 5};
    QTest::newRow("min") << OpCase{"Min", {ints({1, 5}), ints({3})}} << Shape{2} << Ints{1, 3};
    QTest::newRow("abs neg") << OpCase{"Abs", {ints({-3, 4})}} << Shape{2} << Ints{3, 4};
    QTest::newRow("neg") << OpCase{"Neg", {ints({-3, 4})}} << Shape{2} << Ints{3, -4};
    QTest::newRow("not") << OpCase{"Not", {InputSpec{{2}, DType::Bool, Ints{1, 0}, {}, false, false}}} << Shape{2} << Ints{0, 1};
    QTest::newRow("clip ints") << OpCase{"Clip", {ints({-5, 5, 10}), scalarInt(0), scalarInt(6)}, {}, 1, 13} << Shape{3} << Ints{0, 5, 6};
    QTest::newRow("constantofshape") << OpCase{"ConstantOfShape", {ints({2, 2})}, {tensorAttr("value", DType::I64, {1}, Ints{1})}}
                                     << Shape{2, 2} << Ints{1, 1, 1, 1};
    QTest::newRow("constantofshape scalar") << OpCase{"ConstantOfShape", {ints({})}, {tensorAttr("value", DType::I64, {1}, Ints{3})}}
                                            << Shape{} << Ints{3};
    QTest::newRow("range") << OpCase{"Range", {scalarInt(0), scalarInt(10), scalarInt(3)}} << Shape{4} << Ints{0, 3, 6, 9};
    QTest::newRow("range down") << OpCase{"Range", {scalarInt(10), scalarInt(4), scalarInt(-3)}} << Shape{2} << Ints{10, 7};
    QTest::newRow("cast truncates") << OpCase{"Cast", {floats({2.7, -2.7})}, {attr("to", 7)}} << Shape{2} << Ints{2, -2};
    QTest::newRow("cast to bool") << OpCase{"Cast", {ints({0, 3})}, {attr("to", 9)}} << Shape{2} << Ints{0, 1};
    // 2 * 3 * 4 = 24
    QTest::newRow("reduceprod") << OpCase{"ReduceProd", {ints({2, 3, 4})}, {attr("keepdims", 0)}, 1, 13} << Shape{} << Ints{24};
    // [[1, 2], [3, 4]] summed over axis 1 -> [3, 7]
    QTest::newRow("reducesum axes input") << OpCase{"ReduceSum", {intsShaped({1, 2, 3, 4}, {2, 2}), ints({1})}, {attr("keepdims", 0)}, 1, 13}
                                          << Shape{2} << Ints{3, 7};
    QTest::newRow("reducemax") << OpCase{"ReduceMax", {ints({4, 9, 2})}, {}, 1, 13} << Shape{1} << Ints{9};
    QTest::newRow("tile") << OpCase{"Tile", {ints({1, 2}), ints({3})}} << Shape{6} << Ints{1, 2, 1, 2, 1, 2};
    QTest::newRow("expand") << OpCase{"Expand", {ints({7}), ints({2, 3})}} << Shape{2, 3} << Ints{7, 7, 7, 7, 7, 7};
    // [[1, 2, 3], [4, 5, 6]]^T = [[1, 4], [2, 5], [3, 6]]
    QTest::newRow("transpose") << OpCase{"Transpose", {intsShaped({1, 2, 3, 4, 5, 6}, {2, 3})}} << Shape{3, 2} << Ints{1, 4, 2, 5, 3, 6};
    // NonZero of [[1, 0], [1, 1]]: rows [0, 1, 1], columns [0, 0, 1]
    QTest::newRow("nonzero") << OpCase{"NonZero", {intsShaped({1, 0, 1, 1}, {2, 2})}} << Shape{2, 3} << Ints{0, 1, 1, 0, 0, 1};
    QTest::newRow("constant value_ints") << OpCase{"Constant", {}, {{QStringLiteral("value_ints"), Attribute::fromInts({1, -1})}}}
                                         << Shape{2} << Ints{1, -1};
    QTest::newRow("constant value_int") << OpCase{"Constant", {}, {attr("value_int", 5)}} << Shape{} << Ints{5};
    QTest::newRow("constant tensor") << OpCase{"Constant", {}, {tensorAttr("value", DType::I64, {2, 2}, Ints{1, 2, 3, 4})}}
                                     << Shape{2, 2} << Ints{1, 2, 3, 4};
}

void TestConstantFolding::foldsIntegers() {
    QFETCH(OpCase, c);
    QFETCH(Shape, shape);
    QFETCH(Ints, expected);
    Graph g = buildCase(c);
    const PropagationReport report = propagateShapes(g, ShapeBindings{});
    QVERIFY2(report.nodeErrors.empty(), report.nodeErrors.empty() ? "" : qPrintable(report.nodeErrors.front().second));
    const Value &out = outputOf(g);
    QCOMPARE(shapeToString(out.shape), shapeToString(shape));
    QVERIFY(out.intData.has_value());
    QCOMPARE(*out.intData, expected);
}

void TestConstantFolding::foldsFloats_data() {
    QTest::addColumn<OpCase>("c");
    QTest::addColumn<Doubles>("expected");
    QTest::newRow("sqrt of head dim") << OpCase{"Sqrt", {floatsShaped({64.0}, {})}} << Doubles{8.0};
    QTest::newRow("cast int to float") << OpCase{"Cast", {scalarInt(64)}, {attr("to", 1)}} << Doubles{64.0};
    QTest::newRow("div") << OpCase{"Div", {floatsShaped({1.0}, {}), floats({8.0, 4.0})}} << Doubles{0.125, 0.25};
    QTest::newRow("pow") << OpCase{"Pow", {floats({2.0, 3.0}), floatsShaped({2.0}, {})}} << Doubles{4.0, 9.0};
    QTest::newRow("floor ceil") << OpCase{"Floor", {floats({1.5, -1.5})}} << Doubles{1.0, -2.0};
    QTest::newRow("ceil") << OpCase{"Ceil", {floats({1.5, -1.5})}} << Doubles{2.0, -1.0};
    // ONNX Round: half to even
    QTest::newRow("round half even") << OpCase{"Round", {floats({0.5, 1.5, 2.5, -0.5})}} << Doubles{0.0, 2.0, 2.0, -0.0};
    QTest::newRow("range floats") << OpCase{"Range", {floatsShaped({0.0}, {}), floatsShaped({1.0}, {}), floatsShaped({0.25}, {})}}
                                  << Doubles{0.0, 0.25, 0.5, 0.75};
    // mean over axis 1 of [[1, 2], [3, 5]] = [1.5, 4]
    QTest::newRow("reducemean opset 18") << OpCase{"ReduceMean", {floatsShaped({1, 2, 3, 5}, {2, 2}), ints({1})}, {attr("keepdims", 0)}, 1, 18}
                                         << Doubles{1.5, 4.0};
    QTest::newRow("constant value_float") << OpCase{"Constant", {}, {attr("value_float", 0.5)}} << Doubles{0.5};
    QTest::newRow("constantofshape float") << OpCase{"ConstantOfShape", {ints({3})}, {tensorAttr("value", DType::F32, {1}, {}, Doubles{-2.5})}}
                                           << Doubles{-2.5, -2.5, -2.5};
    QTest::newRow("where floats") << OpCase{"Where", {InputSpec{{2}, DType::Bool, Ints{0, 1}, {}, false, false}, floats({1.0, 2.0}),
                                                      floatsShaped({-1e9}, {})}}
                                  << Doubles{-1e9, 2.0};
}

void TestConstantFolding::foldsFloats() {
    QFETCH(OpCase, c);
    QFETCH(Doubles, expected);
    Graph g = buildCase(c);
    const PropagationReport report = propagateShapes(g, ShapeBindings{});
    QVERIFY(report.nodeErrors.empty());
    const Value &out = outputOf(g);
    QVERIFY(out.floatData.has_value());
    QCOMPARE(*out.floatData, expected);
}

void TestConstantFolding::reshapeChainFollowsBatch() {
    // torch.flatten(x, 1) as exported with a dynamic batch:
    // Shape(x) -> Gather(0) -> Unsqueeze(0) -> Concat([N], [-1]) -> Reshape(x, ...)
    GraphBuilder b(QStringLiteral("flatten"), 13);
    const int x = b.input(QStringLiteral("x"), DType::F32, batchFirst({3, 4, 4}));
    const int shape = b.op(QStringLiteral("Shape"), {x});
    const int zero = b.graph().addValue([] {
        Value v;
        v.name = QStringLiteral("zero");
        v.kind = ValueKind::Initializer;
        v.dtype = DType::I64;
        v.declaredRankKnown = true;
        v.intData = Ints{0};
        return v;
    }());
    const int batch = b.op(QStringLiteral("Gather"), {shape, zero}, {attr("axis", 0)});
    const int axes = b.constantInts(QStringLiteral("axes"), {0});
    const int unsqueezed = b.op(QStringLiteral("Unsqueeze"), {batch, axes});
    const int minusOne = b.constantInts(QStringLiteral("minus_one"), {-1});
    const int target = b.op(QStringLiteral("Concat"), {unsqueezed, minusOne}, {attr("axis", 0)});
    const int reshaped = b.op(QStringLiteral("Reshape"), {x, target});
    b.output(reshaped);
    Graph g = b.finish();

    for (const std::int64_t n : {2, 16}) {
        const PropagationReport report = propagateShapes(g, batchOf(n));
        QVERIFY(report.complete());
        QCOMPARE(*value(g, batch).intData, Ints{n});
        QCOMPARE(*value(g, target).intData, (Ints{n, -1}));
        // 3 * 4 * 4 = 48 features per sample
        QCOMPARE(shapeToString(value(g, reshaped).shape), QStringLiteral("[%1, 48]").arg(n));
    }
}

void TestConstantFolding::attentionReshapeAndScale() {
    // ViT self-attention head split as exported: Reshape(q, Concat(Shape(q)[0:2], [12, 64])),
    // Transpose, scores = q k^T / sqrt(Cast(Shape(q)[-1])).
    GraphBuilder b(QStringLiteral("attention"), 17);
    const int x = b.input(QStringLiteral("x"), DType::F32, batchFirst({197, 768}));
    const int shape = b.op(QStringLiteral("Shape"), {x});
    const int firstTwo = b.op(QStringLiteral("Slice"), {shape, b.constantInts(QStringLiteral("s"), {0}), b.constantInts(QStringLiteral("e"), {2})});
    const int target = b.op(QStringLiteral("Concat"), {firstTwo, b.constantInts(QStringLiteral("heads"), {12, 64})}, {attr("axis", 0)});
    const int split = b.op(QStringLiteral("Reshape"), {x, target});
    const int q = b.op(QStringLiteral("Transpose"), {split}, {attr("perm", {0, 2, 1, 3})});
    const int kt = b.op(QStringLiteral("Transpose"), {split}, {attr("perm", {0, 2, 3, 1})});
    const int scores = b.op(QStringLiteral("MatMul"), {q, kt});
    const int qShape = b.op(QStringLiteral("Shape"), {q});
    const int last = b.op(QStringLiteral("Gather"), {qShape, b.constantInts(QStringLiteral("last"), {-1}, Shape{})});
    const int lastF = b.op(QStringLiteral("Cast"), {last}, {attr("to", 1)});
    const int scale = b.op(QStringLiteral("Sqrt"), {lastF});
    const int scaled = b.op(QStringLiteral("Div"), {scores, scale});
    const int probs = b.op(QStringLiteral("Softmax"), {scaled}, {attr("axis", -1)});
    b.output(probs);
    Graph g = b.finish();
    for (const std::int64_t n : {1, 4}) {
        const PropagationReport report = propagateShapes(g, batchOf(n));
        QVERIFY(report.complete());
        QCOMPARE(*value(g, target).intData, (Ints{n, 197, 12, 64}));
        QCOMPARE(*value(g, scale).floatData, Doubles{8.0});  // sqrt(64)
        QCOMPARE(shapeToString(value(g, probs).shape), QStringLiteral("[%1, 12, 197, 197]").arg(n));
    }
}

void TestConstantFolding::expandWithMinusOnePattern() {
    // cls_token.expand(N, -1, -1) as exported by torch 1.13:
    // shape = Concat([N], [-1], [-1]); ones = ConstantOfShape(Shape(shape)); minus = ones * -1
    // Where(Equal(shape, minus), ones, shape) -> Expand(cls, ...)
    GraphBuilder b(QStringLiteral("expand"), 13);
    const int x = b.input(QStringLiteral("x"), DType::F32, batchFirst({196, 768}));
    const int cls = b.weight(QStringLiteral("cls_token"), {1, 1, 768});
    const int n = b.op(QStringLiteral("Gather"), {b.op(QStringLiteral("Shape"), {x}), b.constantInts(QStringLiteral("i0"), {0}, Shape{})});
    const int nVec = b.op(QStringLiteral("Unsqueeze"), {n, b.constantInts(QStringLiteral("a0"), {0})});
    const int shape = b.op(QStringLiteral("Concat"), {nVec, b.constantInts(QStringLiteral("m1"), {-1}), b.constantInts(QStringLiteral("m2"), {-1})},
                           {attr("axis", 0)});
    const int ones = b.op(QStringLiteral("ConstantOfShape"), {b.op(QStringLiteral("Shape"), {shape})},
                          {tensorAttr("value", DType::I64, {1}, Ints{1})});
    const int minus = b.op(QStringLiteral("Mul"), {ones, b.constantInts(QStringLiteral("neg"), {-1}, Shape{})});
    const int eq = b.op(QStringLiteral("Equal"), {shape, minus});
    const int fixedShape = b.op(QStringLiteral("Where"), {eq, ones, shape});
    const int expanded = b.op(QStringLiteral("Expand"), {cls, fixedShape});
    const int tokens = b.op(QStringLiteral("Concat"), {expanded, x}, {attr("axis", 1)});
    b.output(tokens);
    Graph g = b.finish();
    for (const std::int64_t batch : {1, 32}) {
        const PropagationReport report = propagateShapes(g, batchOf(batch));
        QVERIFY(report.complete());
        QCOMPARE(*value(g, fixedShape).intData, (Ints{batch, 1, 1}));
        QCOMPARE(shapeToString(value(g, expanded).shape), QStringLiteral("[%1, 1, 768]").arg(batch));
        QCOMPARE(shapeToString(value(g, tokens).shape), QStringLiteral("[%1, 197, 768]").arg(batch));
    }
}

void TestConstantFolding::causalMaskSlice() {
    // GPT-2: bias[:, :, key_len - query_len : key_len, :key_len] with lengths from Shape(x).
    GraphBuilder b(QStringLiteral("gpt2 mask"), 13);
    const int x = b.input(QStringLiteral("x"), DType::F32,
                          {Dim::symbolic(DimRole::Batch, QStringLiteral("batch"), 1),
                           Dim::symbolic(DimRole::Sequence, QStringLiteral("sequence"), 8), Dim::fixed(768)});
    const int bias = b.weight(QStringLiteral("bias"), {1, 1, 1024, 1024}, DType::Bool);
    const int seq = b.op(QStringLiteral("Gather"), {b.op(QStringLiteral("Shape"), {x}), b.constantInts(QStringLiteral("i1"), {1}, Shape{})});
    const int start = b.op(QStringLiteral("Sub"), {seq, seq});
    const int startVec = b.op(QStringLiteral("Unsqueeze"), {start, b.constantInts(QStringLiteral("a0"), {0})});
    const int seqVec = b.op(QStringLiteral("Unsqueeze"), {seq, b.constantInts(QStringLiteral("a1"), {0})});
    const int rows = b.op(QStringLiteral("Slice"), {bias, startVec, seqVec, b.constantInts(QStringLiteral("ax2"), {2}),
                                                    b.constantInts(QStringLiteral("st"), {1})});
    const int mask = b.op(QStringLiteral("Slice"), {rows, b.constantInts(QStringLiteral("zero"), {0}), seqVec,
                                                    b.constantInts(QStringLiteral("ax3"), {3})});
    b.output(mask);
    Graph g = b.finish();
    for (const std::int64_t s : {8, 100}) {
        ShapeBindings bindings;
        bindings.sequence = s;
        const PropagationReport report = propagateShapes(g, bindings);
        QVERIFY(report.complete());
        QCOMPARE(shapeToString(value(g, mask).shape), QStringLiteral("[1, 1, %1, %1]").arg(s));
        QCOMPARE(value(g, mask).dtype, DType::Bool);
    }
}

void TestConstantFolding::rangeBuiltMask() {
    // Llama-style causal mask: r = Range(0, S, 1); mask = Less(r[None, :], r[:, None] + 1);
    // Where(mask, 0, -inf). Folded while S * S <= 4096, shape-only above.
    GraphBuilder b(QStringLiteral("llama mask"), 17);
    const int ids = b.input(QStringLiteral("ids"), DType::I64,
                            {Dim::symbolic(DimRole::Batch, QStringLiteral("batch"), 1),
                             Dim::symbolic(DimRole::Sequence, QStringLiteral("sequence"), 8)});
    const int seq = b.op(QStringLiteral("Gather"), {b.op(QStringLiteral("Shape"), {ids}), b.constantInts(QStringLiteral("i1"), {1}, Shape{})});
    const int r = b.op(QStringLiteral("Range"), {b.constantInts(QStringLiteral("z"), {0}, Shape{}), seq,
                                                 b.constantInts(QStringLiteral("one"), {1}, Shape{})});
    const int row = b.op(QStringLiteral("Unsqueeze"), {r, b.constantInts(QStringLiteral("a0"), {0})});
    const int col = b.op(QStringLiteral("Unsqueeze"), {r, b.constantInts(QStringLiteral("a1"), {1})});
    const int colPlus = b.op(QStringLiteral("Add"), {col, b.constantInts(QStringLiteral("p1"), {1}, Shape{})});
    const int allowed = b.op(QStringLiteral("Less"), {row, colPlus});
    const int mask = b.op(QStringLiteral("Where"), {allowed, b.constantFloat(QStringLiteral("zero_f"), 0.0),
                                                    b.constantFloat(QStringLiteral("neg_inf"), -1e30)});
    b.output(mask);
    Graph g = b.finish();

    ShapeBindings small;
    small.sequence = 3;
    QVERIFY(propagateShapes(g, small).complete());
    QCOMPARE(*value(g, r).intData, (Ints{0, 1, 2}));
    // row j < col i + 1  <=>  j <= i: lower triangle allowed
    QCOMPARE(*value(g, allowed).intData, (Ints{1, 0, 0, 1, 1, 0, 1, 1, 1}));
    QCOMPARE(*value(g, mask).floatData, (Doubles{0, -1e30, -1e30, 0, 0, -1e30, 0, 0, 0}));

    ShapeBindings large;
    large.sequence = 128;  // 128 * 128 = 16384 > 4096: shapes only
    QVERIFY(propagateShapes(g, large).complete());
    QCOMPARE(value(g, r).intData->size(), std::size_t{128});
    QCOMPARE(shapeToString(value(g, mask).shape), QStringLiteral("[128, 128]"));
    QVERIFY(!value(g, allowed).intData.has_value());
    QVERIFY(!value(g, mask).floatData.has_value());
}

void TestConstantFolding::reduceMeanWithAxesInputOpset18() {
    // LayerNorm decomposition of an opset-18 export: axes come from a Constant node.
    GraphBuilder b(QStringLiteral("opset18"), 18);
    const int x = b.input(QStringLiteral("x"), DType::F32, batchFirst({197, 768}));
    const int axes = b.op(QStringLiteral("Constant"), {}, {{QStringLiteral("value_ints"), Attribute::fromInts({-1})}});
    const int mean = b.op(QStringLiteral("ReduceMean"), {x, axes});
    const int centred = b.op(QStringLiteral("Sub"), {x, mean});
    const int squared = b.op(QStringLiteral("Pow"), {centred, b.constantFloat(QStringLiteral("two"), 2.0)});
    const int variance = b.op(QStringLiteral("ReduceMean"), {squared, axes}, {attr("keepdims", 0)});
    b.output(variance);
    Graph g = b.finish();
    const PropagationReport report = propagateShapes(g, batchOf(3));
    QVERIFY(report.complete());
    QCOMPARE(shapeToString(value(g, mean).shape), QStringLiteral("[3, 197, 1]"));
    QCOMPARE(shapeToString(value(g, centred).shape), QStringLiteral("[3, 197, 768]"));
    QCOMPARE(shapeToString(value(g, variance).shape), QStringLiteral("[3, 197]"));
}

void TestConstantFolding::splitFoldsEveryOutput() {
    // Opset 18 num_outputs on contents [1, 2, 3, 4, 5]: chunks of ceil(5 / 2) = 3 -> [1, 2, 3], [4, 5].
    GraphBuilder b(QStringLiteral("split"), 18);
    const int data = b.constantInts(QStringLiteral("data"), {1, 2, 3, 4, 5});
    const auto parts = b.node(QStringLiteral("Split"), {data}, {attr("num_outputs", 2)}, 2);
    // Opset 13 style on a shape: Shape(x) of [N, 3, 4, 4] split [2, 2] -> [N, 3], [4, 4].
    const int x = b.input(QStringLiteral("x"), DType::F32, batchFirst({3, 4, 4}));
    const auto halves = b.node(QStringLiteral("Split"), {b.op(QStringLiteral("Shape"), {x}), b.constantInts(QStringLiteral("sizes"), {2, 2})}, {}, 2);
    Graph g = b.finish();
    QVERIFY(propagateShapes(g, batchOf(7)).complete());
    QCOMPARE(*value(g, parts[0]).intData, (Ints{1, 2, 3}));
    QCOMPARE(*value(g, parts[1]).intData, (Ints{4, 5}));
    QCOMPARE(*value(g, halves[0]).intData, (Ints{7, 3}));
    QCOMPARE(*value(g, halves[1]).intData, (Ints{4, 4}));
}

void TestConstantFolding::largeTensorsAreNotFolded() {
    GraphBuilder b(QStringLiteral("large"), 17);
    const int big = b.op(QStringLiteral("ConstantOfShape"), {b.constantInts(QStringLiteral("dims"), {100, 100})});
    const int range = b.op(QStringLiteral("Range"), {b.constantInts(QStringLiteral("a"), {0}, Shape{}),
                                                     b.constantInts(QStringLiteral("b"), {10000}, Shape{}),
                                                     b.constantInts(QStringLiteral("c"), {1}, Shape{})});
    Graph g = b.finish();
    QVERIFY(propagateShapes(g, ShapeBindings{}).complete());
    QCOMPARE(shapeToString(value(g, big).shape), QStringLiteral("[100, 100]"));
    QVERIFY(!value(g, big).floatData && !value(g, big).intData);
    QCOMPARE(shapeToString(value(g, range).shape), QStringLiteral("[10000]"));
    QVERIFY(!value(g, range).intData);
}

void TestConstantFolding::strippedConstantKeepsShapeOnly() {
    // A Constant whose tensor the importer did not read (stripped weights): shape, no contents.
    OpCase c{"Constant", {}, {tensorAttr("value", DType::F16, {3, 4}, {})}};
    Graph g = buildCase(c);
    QVERIFY(propagateShapes(g, ShapeBindings{}).complete());
    QCOMPARE(shapeToString(outputOf(g).shape), QStringLiteral("[3, 4]"));
    QCOMPARE(outputOf(g).dtype, DType::F16);
    QVERIFY(!outputOf(g).floatData && !outputOf(g).intData);
}

void TestConstantFolding::repropagationStartsClean() {
    // Re-propagating with another batch recomputes folded contents; initializers keep theirs.
    GraphBuilder b(QStringLiteral("clean"), 13);
    const int x = b.input(QStringLiteral("x"), DType::F32, batchFirst({5}));
    const int indices = b.constantInts(QStringLiteral("idx"), {0});
    const int n = b.op(QStringLiteral("Gather"), {b.op(QStringLiteral("Shape"), {x}), indices});
    const int doubled = b.op(QStringLiteral("Mul"), {n, b.constantInts(QStringLiteral("two"), {2})});
    const int zeros = b.op(QStringLiteral("ConstantOfShape"), {doubled});
    b.output(zeros);
    Graph g = b.finish();
    QVERIFY(propagateShapes(g, batchOf(8)).complete());
    QCOMPARE(*value(g, doubled).intData, Ints{16});
    QCOMPARE(shapeToString(value(g, zeros).shape), QStringLiteral("[16]"));
    QVERIFY(propagateShapes(g, batchOf(2)).complete());
    QCOMPARE(*value(g, n).intData, Ints{2});
    QCOMPARE(*value(g, doubled).intData, Ints{4});
    QCOMPARE(shapeToString(value(g, zeros).shape), QStringLiteral("[4]"));
    QCOMPARE(*value(g, zeros).floatData, (Doubles{0, 0, 0, 0}));
    QCOMPARE(*value(g, indices).intData, Ints{0});
    // Making the input's shape unknown leaves everything downstream unknown, with no stale data.
    g.values[static_cast<std::size_t>(x)].declaredRankKnown = false;
    const PropagationReport report = propagateShapes(g, batchOf(2));
    QVERIFY(!value(g, doubled).intData.has_value());
    QVERIFY(!value(g, zeros).rankKnown || !isFullyKnown(value(g, zeros).shape));
    QVERIFY(report.unknownValues > 0);
}

QTEST_GUILESS_MAIN(TestConstantFolding)
#include "test_constant_folding.moc"
