// SPDX-License-Identifier: MIT
// Tests of DesignHistory: undo and redo restore the exact graph (parameter count and every
// value's shape), slider drags merge into one step, failed changes record nothing.
#include "design/design_history.h"

#include <QtTest>

using namespace infersight;

namespace {

struct Snapshot {
    std::int64_t parameters = 0;
    std::vector<Shape> shapes;
    Knobs knobs;
    std::size_t edits = 0;
};

Snapshot snapshot(const Design &d) {
    Snapshot s;
    s.parameters = d.graph().parameterCount();
    for (const Value &v : d.graph().values) {
        s.shapes.push_back(v.shape);
    }
    s.knobs = d.knobs();
    s.edits = d.edits().size();
    return s;
}

bool same(const Snapshot &a, const Snapshot &b) {
    return a.parameters == b.parameters && a.shapes == b.shapes && a.knobs == b.knobs && a.edits == b.edits;
}

}  // namespace

class TestDesignHistory : public QObject {
    Q_OBJECT
private slots:
    void undoRedoRestoreTheExactGraph_data();
    void undoRedoRestoreTheExactGraph();
    void sliderDragsMerge();
    void failedChangesRecordNothing();
    void newChangeDropsTheRedoTail();
    void limitKeepsTheNewest();
};

void TestDesignHistory::undoRedoRestoreTheExactGraph_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("layer");
    QTest::addColumn<qint64>("width");
    QTest::newRow("resnet50") << "zoo:resnet50" << "layer1.0/conv1" << qint64(32);
    QTest::newRow("bert-base FFN") << "zoo:bert-base" << "bert.encoder.layer.0/intermediate.dense" << qint64(1536);
}

void TestDesignHistory::undoRedoRestoreTheExactGraph() {
    QFETCH(QString, source);
    QFETCH(QString, layer);
    QFETCH(qint64, width);
    Knobs knobs;
    knobs.sequence = source.contains(QLatin1String("bert")) ? 128 : -1;
    auto opened = Design::open(source, knobs);
    QVERIFY(opened);
    DesignHistory history(*opened);
    std::vector<Snapshot> states{snapshot(history.current())};
    auto step = [&](const QString &text, const std::function<Status(Design &)> &f) {
        const Status st = history.apply(text, f);
        QVERIFY2(st, qPrintable(st.errorMessage()));
        states.push_back(snapshot(history.current()));
    };
    step(QStringLiteral("width"), [&](Design &d) { return d.addEdit(DesignEdit::width(layer, width)); });
    step(QStringLiteral("batch"), [](Design &d) { return d.setBatch(4); });
    step(QStringLiteral("depth"), [](Design &d) { return d.setDepth(6); });
    step(QStringLiteral("width x0.75"), [](Design &d) { return d.setWidthMultiplier(0.75); });
    step(QStringLiteral("fp16"), [](Design &d) { return d.setPrecision(Precision::FP16); });
    QCOMPARE(history.count(), std::size_t{5});
    QVERIFY(!same(states.front(), states.back()));
    for (std::size_t i = states.size() - 1; i > 0; --i) {
        QVERIFY(history.undo());
        QVERIFY2(same(snapshot(history.current()), states[i - 1]), qPrintable(QStringLiteral("after undo to state %1").arg(i - 1)));
    }
    QVERIFY(!history.canUndo());
    for (std::size_t i = 1; i < states.size(); ++i) {
        QVERIFY(history.redo());
        QVERIFY2(same(snapshot(history.current()), states[i]), qPrintable(QStringLiteral("after redo to state %1").arg(i)));
    }
    QVERIFY(!history.canRedo());
}

void TestDesignHistory::sliderDragsMerge() {
    DesignHistory history(*Design::open(QStringLiteral("zoo:resnet18")));
    for (std::int64_t b : {2, 3, 4, 5}) {
        QVERIFY(history.apply(QStringLiteral("Batch %1").arg(b), [b](Design &d) { return d.setBatch(b); }, DesignHistory::MergeBatch));
    }
    QCOMPARE(history.count(), std::size_t{1});
    QCOMPARE(history.undoText(), QStringLiteral("Batch 5"));
    QVERIFY(history.undo());
    QCOMPARE(history.current().knobs().batch, std::int64_t{1});
    QVERIFY(history.redo());
    QCOMPARE(history.current().knobs().batch, std::int64_t{5});
}

void TestDesignHistory::failedChangesRecordNothing() {
    DesignHistory history(*Design::open(QStringLiteral("zoo:resnext50_32x4d")));
    const Snapshot before = snapshot(history.current());
    const Status st = history.apply(QStringLiteral("bad width"),
                                    [](Design &d) { return d.addEdit(DesignEdit::width(QStringLiteral("layer1.0/conv1"), 100)); });
    QVERIFY(!st);
    QCOMPARE(history.count(), std::size_t{0});
    QVERIFY(same(snapshot(history.current()), before));
}

void TestDesignHistory::newChangeDropsTheRedoTail() {
    DesignHistory history(*Design::open(QStringLiteral("zoo:resnet18")));
    QVERIFY(history.apply(QStringLiteral("b2"), [](Design &d) { return d.setBatch(2); }));
    QVERIFY(history.apply(QStringLiteral("b3"), [](Design &d) { return d.setBatch(3); }));
    QVERIFY(history.undo());
    QVERIFY(history.apply(QStringLiteral("fp16"), [](Design &d) { return d.setPrecision(Precision::FP16); }));
    QCOMPARE(history.count(), std::size_t{2});
    QVERIFY(!history.canRedo());
    QCOMPARE(history.current().knobs().batch, std::int64_t{2});
}

void TestDesignHistory::limitKeepsTheNewest() {
    DesignHistory history(*Design::open(QStringLiteral("zoo:resnet18")), 3);
    for (std::int64_t b = 2; b <= 6; ++b) {
        QVERIFY(history.apply(QStringLiteral("b%1").arg(b), [b](Design &d) { return d.setBatch(b); }));
    }
    QCOMPARE(history.count(), std::size_t{3});
    while (history.undo()) {
    }
    QCOMPARE(history.current().knobs().batch, std::int64_t{3});
}

QTEST_GUILESS_MAIN(TestDesignHistory)
#include "test_design_history.moc"
