// SPDX-License-Identifier: MIT
// Tests of the Graph IR: topological order, validation, parameter counting.
#include "graph/graph.h"
#include "graph/graph_builder.h"

#include <QtTest>

using namespace infersight;

class TestGraph : public QObject {
    Q_OBJECT
private slots:
    void topologicalOrderKeepsDependencies();
    void cycleIsReported();
    void danglingInputIsReported();
    void typeMismatchIsReported();
    void parameterCount_data();
    void parameterCount();
    void symbolicDimsResolve_data();
    void symbolicDimsResolve();
};

void TestGraph::topologicalOrderKeepsDependencies() {
    // Nodes added out of order: c = relu(b), b = relu(a), a is the input.
    Graph g;
    Value in;
    in.name = QStringLiteral("a");
    in.kind = ValueKind::Input;
    const int a = g.addValue(in);
    Value vb;
    vb.name = QStringLiteral("b");
    const int b = g.addValue(vb);
    Value vc;
    vc.name = QStringLiteral("c");
    const int c = g.addValue(vc);
    Node second{QStringLiteral("second"), QStringLiteral("Relu"), {}, {b}, {c}, {}};
    Node first{QStringLiteral("first"), QStringLiteral("Relu"), {}, {a}, {b}, {}};
    g.addNode(second);
    g.addNode(first);
    g.inputs = {a};
    g.outputs = {c};
    auto order = g.topologicalOrder();
    QVERIFY(order.ok());
    QCOMPARE(*order, (std::vector<int>{1, 0}));
    QVERIFY(g.sortTopologically().ok());
    QCOMPARE(g.nodes.front().name, QStringLiteral("first"));
    QCOMPARE(g.values[static_cast<std::size_t>(c)].producer, 1);
    QVERIFY(g.validate().empty());
}

void TestGraph::cycleIsReported() {
    Graph g;
    Value x;
    x.name = QStringLiteral("x");
    const int vx = g.addValue(x);
    Value y;
    y.name = QStringLiteral("y");
    const int vy = g.addValue(y);
    g.addNode(Node{QStringLiteral("n1"), QStringLiteral("Relu"), {}, {vy}, {vx}, {}});
    g.addNode(Node{QStringLiteral("n2"), QStringLiteral("Relu"), {}, {vx}, {vy}, {}});
    g.outputs = {vy};
    auto order = g.topologicalOrder();
    QVERIFY(!order.ok());
    QVERIFY2(order.errorMessage().contains(QStringLiteral("cycle")), qPrintable(order.errorMessage()));
    QVERIFY(order.errorMessage().contains(QStringLiteral("'n1'")));
    QVERIFY(!g.sortTopologically().ok());
    const auto issues = g.validate();
    QVERIFY(std::any_of(issues.begin(), issues.end(), [](const GraphIssue &i) { return i.kind == GraphIssue::Kind::Cycle; }));
}

void TestGraph::danglingInputIsReported() {
    Graph g;
    Value ghost;
    ghost.name = QStringLiteral("ghost");
    const int vg = g.addValue(ghost);
    Value out;
    out.name = QStringLiteral("out");
    const int vo = g.addValue(out);
    g.addNode(Node{QStringLiteral("reader"), QStringLiteral("Relu"), {}, {vg}, {vo}, {}});
    g.outputs = {vo};
    const auto issues = g.validate();
    QCOMPARE(issues.size(), std::size_t{1});
    QCOMPARE(issues.front().kind, GraphIssue::Kind::DanglingInput);
    QVERIFY(issues.front().message.contains(QStringLiteral("'ghost'")));
}

void TestGraph::typeMismatchIsReported() {
    GraphBuilder b(QStringLiteral("mismatch"));
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::fixed(4)});
    const int y = b.input(QStringLiteral("y"), DType::I64, {Dim::fixed(4)});
    b.output(b.op(QStringLiteral("Add"), {x, y}));
    const Graph g = b.finish();
    const auto issues = g.validate();
    QCOMPARE(issues.size(), std::size_t{1});
    QCOMPARE(issues.front().kind, GraphIssue::Kind::TypeMismatch);
    QVERIFY(issues.front().message.contains(QStringLiteral("f32")));
    QVERIFY(issues.front().message.contains(QStringLiteral("i64")));
}

void TestGraph::parameterCount_data() {
    QTest::addColumn<int>("inChannels");
    QTest::addColumn<int>("outChannels");
    QTest::addColumn<qint64>("expected");
    // Hand calculation: conv weight Cout*Cin*3*3 + bias Cout; shape constants are not parameters.
    QTest::newRow("3->64") << 3 << 64 << qint64(64 * 3 * 9 + 64);
    QTest::newRow("64->128") << 64 << 128 << qint64(128 * 64 * 9 + 128);
}

void TestGraph::parameterCount() {
    QFETCH(int, inChannels);
    QFETCH(int, outChannels);
    QFETCH(qint64, expected);
    GraphBuilder b(QStringLiteral("conv"));
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::symbolic(DimRole::Batch, QStringLiteral("N"), 1),
                                                             Dim::fixed(inChannels), Dim::fixed(8), Dim::fixed(8)});
    const int w = b.weight(QStringLiteral("w"), {outChannels, inChannels, 3, 3});
    const int bias = b.weight(QStringLiteral("b"), {outChannels});
    const int conv = b.op(QStringLiteral("Conv"), {x, w, bias});
    const int shape = b.constantInts(QStringLiteral("shape"), {0, -1});
    b.output(b.op(QStringLiteral("Reshape"), {conv, shape}));
    const Graph g = b.finish();
    QCOMPARE(g.parameterCount(), expected);
    QCOMPARE(g.parameterBytes(), expected * 4);
}

void TestGraph::symbolicDimsResolve_data() {
    QTest::addColumn<int>("role");
    QTest::addColumn<qint64>("declared");
    QTest::addColumn<qint64>("expected");
    QTest::newRow("batch bound") << int(DimRole::Batch) << qint64(1) << qint64(8);
    QTest::newRow("sequence bound") << int(DimRole::Sequence) << qint64(-1) << qint64(128);
    QTest::newRow("height default kept") << int(DimRole::Height) << qint64(224) << qint64(224);
    QTest::newRow("fixed") << int(DimRole::Fixed) << qint64(3) << qint64(3);
}

void TestGraph::symbolicDimsResolve() {
    QFETCH(int, role);
    QFETCH(qint64, declared);
    QFETCH(qint64, expected);
    ShapeBindings bindings;
    bindings.batch = 8;
    bindings.sequence = 128;
    const Dim d{declared, QStringLiteral("sym"), static_cast<DimRole>(role)};
    QCOMPARE(bindings.resolve(d), expected);
}

QTEST_GUILESS_MAIN(TestGraph)
#include "test_graph.moc"
