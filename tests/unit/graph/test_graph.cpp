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
    void typeMismatchOnNodesSharingAnOpString();
    void validateRunsTheChecksAsked_data();
    void validateRunsTheChecksAsked();
    void reservedValuesStayInPlace();
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

// Importers share one QString per op type; validate() reuses its answer for a run of such nodes.
// Each node is still checked: expected mismatches (worked out by hand) at the Add of f32 + i64
// after an Add with no inputs, and at the Add after a Relu; the Add of a custom domain is not an
// ONNX Add and is not checked.
void TestGraph::typeMismatchOnNodesSharingAnOpString() {
    Graph g;
    auto add = [&g](const char *name, DType type) {
        Value v;
        v.name = QString::fromLatin1(name);
        v.kind = ValueKind::Input;
        v.dtype = type;
        return g.addValue(v);
    };
    const int x = add("x", DType::F32);
    const int y = add("y", DType::I64);
    const QString addOp = QStringLiteral("Add");  // one string, shared by every Add node
    const QString relu = QStringLiteral("Relu");
    const QString custom = QStringLiteral("com.example");
    std::vector<int> outs;
    for (int i = 0; i < 6; ++i) {
        outs.push_back(add(qPrintable(QStringLiteral("o%1").arg(i)), DType::F32));
        g.values[static_cast<std::size_t>(outs.back())].kind = ValueKind::Intermediate;
    }
    g.addNode(Node{QStringLiteral("n0"), addOp, {}, {}, {outs[0]}, {}});
    g.addNode(Node{QStringLiteral("n1"), addOp, {}, {x, y}, {outs[1]}, {}});
    g.addNode(Node{QStringLiteral("n2"), addOp, custom, {x, y}, {outs[2]}, {}});
    g.addNode(Node{QStringLiteral("n3"), addOp, {}, {x, x}, {outs[3]}, {}});
    g.addNode(Node{QStringLiteral("n4"), relu, {}, {y}, {outs[4]}, {}});
    g.addNode(Node{QStringLiteral("n5"), addOp, {}, {y, x}, {outs[5]}, {}});
    g.outputs = {outs[1], outs[2], outs[3], outs[5]};
    QList<int> mismatchNodes;
    for (const GraphIssue &issue : g.validate()) {
        QCOMPARE(issue.kind, GraphIssue::Kind::TypeMismatch);
        mismatchNodes << issue.node;
    }
    QCOMPARE(mismatchNodes, (QList<int>{1, 5}));
}

// One graph with one problem of each kind: a cycle (n1 <-> n2), a dangling input (reader of
// 'ghost'), and an Add of f32 and i64 inputs; validate() reports those its checks ask for.
void TestGraph::validateRunsTheChecksAsked_data() {
    QTest::addColumn<bool>("structure");
    QTest::addColumn<bool>("cycles");
    QTest::addColumn<bool>("types");
    QTest::addColumn<QList<int>>("expectedKinds");  // GraphIssue::Kind, in the order reported
    const int dangling = static_cast<int>(GraphIssue::Kind::DanglingInput);
    const int mismatch = static_cast<int>(GraphIssue::Kind::TypeMismatch);
    const int cycle = static_cast<int>(GraphIssue::Kind::Cycle);
    QTest::newRow("all (the default)") << true << true << true << QList<int>{dangling, mismatch, cycle};
    QTest::newRow("structure") << true << false << false << QList<int>{dangling};
    QTest::newRow("cycles") << false << true << false << QList<int>{cycle};
    QTest::newRow("types") << false << false << true << QList<int>{mismatch};
    QTest::newRow("none") << false << false << false << QList<int>{};
}

void TestGraph::validateRunsTheChecksAsked() {
    QFETCH(bool, structure);
    QFETCH(bool, cycles);
    QFETCH(bool, types);
    QFETCH(QList<int>, expectedKinds);
    Graph g;
    auto add = [&g](const char *name, ValueKind kind, DType type) {
        Value v;
        v.name = QString::fromLatin1(name);
        v.kind = kind;
        v.dtype = type;
        return g.addValue(v);
    };
    const int x = add("x", ValueKind::Intermediate, DType::F32);
    const int y = add("y", ValueKind::Intermediate, DType::F32);
    const int ghost = add("ghost", ValueKind::Intermediate, DType::F32);
    const int r = add("r", ValueKind::Intermediate, DType::F32);
    const int a = add("a", ValueKind::Input, DType::F32);
    const int b = add("b", ValueKind::Input, DType::I64);
    const int sum = add("sum", ValueKind::Intermediate, DType::F32);
    g.addNode(Node{QStringLiteral("n1"), QStringLiteral("Relu"), {}, {y}, {x}, {}});
    g.addNode(Node{QStringLiteral("n2"), QStringLiteral("Relu"), {}, {x}, {y}, {}});
    g.addNode(Node{QStringLiteral("reader"), QStringLiteral("Relu"), {}, {ghost}, {r}, {}});
    g.addNode(Node{QStringLiteral("add"), QStringLiteral("Add"), {}, {a, b}, {sum}, {}});
    g.inputs = {a, b};
    g.outputs = {y, r, sum};
    QList<int> kinds;
    for (const GraphIssue &issue : g.validate(ValidationChecks{.structure = structure, .cycles = cycles, .types = types})) {
        kinds << static_cast<int>(issue.kind);
    }
    QCOMPARE(kinds, expectedKinds);
}

void TestGraph::reservedValuesStayInPlace() {
    // After reserveValues(n), adding n values neither moves the vector (no reallocation) nor loses
    // a name from the index.
    constexpr int kCount = 1000;
    Graph g;
    g.reserveValues(kCount);
    QVERIFY(g.values.capacity() >= std::size_t{kCount});
    const Value *first = nullptr;
    for (int i = 0; i < kCount; ++i) {
        Value v;
        v.name = QStringLiteral("v%1").arg(i);
        QCOMPARE(g.addValue(std::move(v)), i);
        first = first ? first : g.values.data();
    }
    QCOMPARE(static_cast<const Value *>(g.values.data()), first);
    for (int i = 0; i < kCount; i += 37) {
        QCOMPARE(g.findValue(QStringLiteral("v%1").arg(i)), i);
    }
    QCOMPARE(g.findValue(QStringLiteral("v%1").arg(kCount)), -1);
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
