// SPDX-License-Identifier: MIT
// Tests of the inspect report (JSON object, text table, number formatting) on a small graph whose
// figures are worked out by hand in the comments. The streamed JSON (writeInspectJson) is byte for
// byte the document inspectJson gives, written in pieces.
#include "report/inspect_report.h"

#include "graph/graph_builder.h"
#include "graph/node_cost.h"
#include "graph/shape_binding.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace infersight;

namespace {

// x[batch, 64] -> MatMul(w 64x32) -> com.example::Mystery -> Relu -> y
Design smallModel(std::int64_t batch) {
    GraphBuilder b(QStringLiteral("small"));
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::symbolic(DimRole::Batch, QStringLiteral("batch")), Dim::fixed(64)});
    const int w = b.weight(QStringLiteral("w"), {64, 32});
    const int mm = b.op(QStringLiteral("MatMul"), {x, w}, {}, QStringLiteral("mm"));
    const int mystery = b.op(QStringLiteral("Mystery"), {mm}, {}, QStringLiteral("mystery"));
    b.graph().nodes.back().domain = QStringLiteral("com.example");
    const int relu = b.op(QStringLiteral("Relu"), {mystery}, {}, QStringLiteral("relu"));
    b.output(relu);
    Knobs knobs;
    knobs.batch = batch;
    return Design::fromGraph(b.finish(), knobs, QStringLiteral("onnx")).value();
}

}  // namespace

class TestInspectReport : public QObject {
    Q_OBJECT
private slots:
    void formatCount_data();
    void formatCount();
    void jsonHasTheDocumentedKeys();
    void unknownCostIsNullNotZero();
    void tableIsAligned();
    void streamedJsonIsTheDocument_data();
    void streamedJsonIsTheDocument();
};

void TestInspectReport::formatCount_data() {
    QTest::addColumn<qint64>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("small") << qint64(512) << "512";
    QTest::newRow("kilo") << qint64(9410) << "9.41 k";
    QTest::newRow("mega") << qint64(118013952) << "118 M";
    QTest::newRow("giga") << qint64(1814073344) << "1.81 G";
    QTest::newRow("tens of giga") << qint64(17563828224) << "17.6 G";
    QTest::newRow("unknown") << qint64(-1) << "?";
}

void TestInspectReport::formatCount() {
    QFETCH(qint64, value);
    QFETCH(QString, text);
    QCOMPARE(infersight::formatCount(value), text);
}

void TestInspectReport::jsonHasTheDocumentedKeys() {
    const Design m = smallModel(4);
    const QJsonObject root = inspectJson(m, graphCost(m.graph()));
    const QJsonObject model = root.value(QStringLiteral("model")).toObject();
    for (const char *key : {"name", "nodes", "params", "macs", "flops", "weights_bytes", "unknown_shapes", "unsupported_ops",
                            "bindings", "inputs", "outputs", "notes", "warnings"}) {
        QVERIFY2(model.contains(QLatin1String(key)), key);
    }
    QCOMPARE(model.value(QStringLiteral("nodes")).toInt(), 3);
    QCOMPARE(model.value(QStringLiteral("params")).toInteger(), qint64(64 * 32));
    QCOMPARE(model.value(QStringLiteral("weights_bytes")).toInteger(), qint64(64 * 32 * 4));
    // MatMul [4,64] x [64,32]: 4 * 64 * 32 MACs; the unknown op and what follows add nothing known.
    QCOMPARE(model.value(QStringLiteral("macs")).toInteger(), qint64(4 * 64 * 32));
    QCOMPARE(model.value(QStringLiteral("bindings")).toObject().value(QStringLiteral("batch")).toInteger(), qint64(4));
    QVERIFY(model.value(QStringLiteral("bindings")).toObject().value(QStringLiteral("sequence")).isNull());
    const QJsonArray declared = model.value(QStringLiteral("inputs")).toArray().at(0).toObject().value(QStringLiteral("declared")).toArray();
    QCOMPARE(declared.at(0).toString(), QStringLiteral("batch"));
    QCOMPARE(declared.at(1).toInteger(), qint64(64));

    const QJsonArray nodes = root.value(QStringLiteral("nodes")).toArray();
    QCOMPARE(nodes.size(), 3);
    const QJsonObject mm = nodes.at(0).toObject();
    for (const char *key : {"name", "op", "inputs", "outputs", "params", "macs", "flops", "bytes_read", "bytes_written"}) {
        QVERIFY2(mm.contains(QLatin1String(key)), key);
    }
    QCOMPARE(mm.value(QStringLiteral("op")).toString(), QStringLiteral("MatMul"));
    QCOMPARE(mm.value(QStringLiteral("inputs")).toArray().at(0).toArray(), (QJsonArray{4, 64}));
    QCOMPARE(mm.value(QStringLiteral("inputs")).toArray().at(1).toArray(), (QJsonArray{64, 32}));
    QCOMPARE(mm.value(QStringLiteral("outputs")).toArray().at(0).toArray(), (QJsonArray{4, 32}));
    QCOMPARE(mm.value(QStringLiteral("params")).toInteger(), qint64(64 * 32));
    // Read: x (4*64) and w (64*32) floats; written: 4*32 floats.
    QCOMPARE(mm.value(QStringLiteral("bytes_read")).toInteger(), qint64((4 * 64 + 64 * 32) * 4));
    QCOMPARE(mm.value(QStringLiteral("bytes_written")).toInteger(), qint64(4 * 32 * 4));
}

void TestInspectReport::unknownCostIsNullNotZero() {
    const Design m = smallModel(1);
    const QJsonObject root = inspectJson(m, graphCost(m.graph()));
    const QJsonObject model = root.value(QStringLiteral("model")).toObject();
    QCOMPARE(model.value(QStringLiteral("unsupported_ops")).toArray(), (QJsonArray{QStringLiteral("com.example::Mystery")}));
    QVERIFY(model.value(QStringLiteral("unknown_shapes")).toInt() >= 2);  // mystery and relu outputs
    QVERIFY(model.value(QStringLiteral("unknown_cost_nodes")).toInt() >= 1);
    const QJsonObject mystery = root.value(QStringLiteral("nodes")).toArray().at(1).toObject();
    QCOMPARE(mystery.value(QStringLiteral("op")).toString(), QStringLiteral("com.example::Mystery"));
    QVERIFY(mystery.value(QStringLiteral("macs")).isNull());
    QVERIFY(mystery.value(QStringLiteral("flops")).isNull());
    QCOMPARE(mystery.value(QStringLiteral("cost_known")).toBool(), false);
    // Its output has a rank nobody knows: null, not [].
    QVERIFY(mystery.value(QStringLiteral("outputs")).toArray().at(0).isNull());
    const QString summary = inspectSummaryText(m, graphCost(m.graph()));
    QVERIFY2(summary.contains(QStringLiteral("Unsupported ops: com.example::Mystery")), qPrintable(summary));
}

void TestInspectReport::tableIsAligned() {
    const Design m = smallModel(2);
    const QString text = inspectTable(m, graphCost(m.graph()));
    const QStringList lines = text.split(QLatin1Char('\n'));
    QVERIFY(lines.size() > 5);
    QVERIFY(lines[0].contains(QStringLiteral("Node")) && lines[0].contains(QStringLiteral("MACs")) &&
            lines[0].contains(QStringLiteral("FLOP/B")));
    // Column starts line up: "Op" in the header sits above each row's op name.
    const qsizetype opColumn = lines[0].indexOf(QStringLiteral("Op"));
    QCOMPARE(lines[2].indexOf(QStringLiteral("MatMul")), opColumn);
    QCOMPARE(lines[3].indexOf(QStringLiteral("com.example::Mystery")), opColumn);
    QVERIFY(lines[3].contains(QStringLiteral("?")));  // unknown cost shown as ?
    QVERIFY(text.contains(QStringLiteral("Shapes for:      batch 2")));
}

void TestInspectReport::streamedJsonIsTheDocument_data() {
    QTest::addColumn<int>("chain");  // Relu nodes after the small model's three; 0: the small model
    QTest::newRow("small model") << 0;
    QTest::newRow("3000-node chain (several 64 KiB pieces)") << 3000;
}

void TestInspectReport::streamedJsonIsTheDocument() {
    QFETCH(int, chain);
    Design design = smallModel(4);
    if (chain > 0) {
        GraphBuilder b(QStringLiteral("chain"));
        int v = b.input(QStringLiteral("x"), DType::F32, {Dim::fixed(2), Dim::fixed(64)});
        for (int i = 0; i < chain; ++i) {
            v = b.op(QStringLiteral("Relu"), {v}, {}, QStringLiteral("relu_%1").arg(i));
        }
        b.output(v);
        design = Design::fromGraph(b.finish(), Knobs{}, QStringLiteral("onnx")).value();
    }
    const GraphCost cost = graphCost(design.graph());
    QByteArray streamed;
    int pieces = 0;
    writeInspectJson(design, cost, [&](const QByteArray &bytes) {
        streamed += bytes;
        ++pieces;
    });
    QCOMPARE(streamed, QJsonDocument(inspectJson(design, cost)).toJson(QJsonDocument::Compact));
    if (chain > 0) {
        QVERIFY2(pieces > 2, qPrintable(QString::number(pieces)));  // never the whole document at once
    }
    // The table likewise: in pieces, every node on its line, the summary at the end.
    QByteArray table;
    int tablePieces = 0;
    writeInspectTable(design, cost, [&](const QByteArray &bytes) {
        table += bytes;
        ++tablePieces;
    });
    QCOMPARE(QString::fromUtf8(table), inspectTable(design, cost));
    if (chain > 0) {
        QVERIFY2(tablePieces > 2, qPrintable(QString::number(tablePieces)));
        QVERIFY(table.contains("relu_2999"));
        QVERIFY(table.contains("Nodes:"));
    }
}

QTEST_GUILESS_MAIN(TestInspectReport)
#include "test_inspect_report.moc"
