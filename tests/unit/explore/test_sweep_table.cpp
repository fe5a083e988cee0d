// SPDX-License-Identifier: MIT
// Tests of SweepTable: CSV and JSON round trips (quoted fields, empty cells for missing
// predictions), and merge's checks: shards of another sweep, a shard given twice, missing or
// incomplete shards, an already merged table. SweepTableWriter, which writes a table row by row,
// gives the same bytes as toCsv() / toJsonBytes(), and its JSON is one valid document whose rows
// come one per line (so a consumer can follow a sweep as it runs).
#include "explore/sweep_table.h"

#include <QJsonDocument>
#include <QtTest>

#include <cmath>

using namespace infersight;

namespace {

SweepRow row(std::int64_t index, bool ok) {
    SweepRow r;
    r.index = index;
    r.batch = 8;
    r.sequence = -1;
    r.image = 224;
    r.precision = Precision::FP16;
    r.runtime = Runtime::Fused;
    r.widthMultiplier = 0.5;
    r.gpu = QStringLiteral("a100-sxm4-40gb");
    r.mig = QStringLiteral("1g.5gb");
    r.target = QStringLiteral("A100-SXM4-40GB MIG 1g.5gb");
    r.ok = ok;
    if (ok) {
        r.latencyMs = 1.25 + static_cast<double>(index);
        r.latencyLowMs = 1.0;
        r.latencyHighMs = 1.5 + static_cast<double>(index);
        r.throughput = 8000.0 / r.latencyMs;
        r.energyJ = 0.125;
        r.memoryMib = 512;
        r.usableMib = 4864;
        r.fits = true;
        r.pricePerHour = 0.5;
        r.usdPerMillion = 0.25;
    } else {
        r.error = QStringLiteral("fp8 is not supported on A100, \"Ampere\"; it supports fp32, fp16");
    }
    return r;
}

// Shard `index` of `count` of a sweep with `points` points, every point present.
SweepTable shard(const QString &id, int index, int count, std::int64_t points, std::int64_t skip = -1) {
    SweepTable t;
    t.sweepId = id;
    t.model = QStringLiteral("zoo:resnet50");
    t.shardIndex = index;
    t.shardCount = count;
    t.points = points;
    t.prices = true;
    for (std::int64_t i = index - 1; i < points; i += count) {
        if (i != skip) {
            t.rows.push_back(row(i, i % 3 != 0));
        }
    }
    return t;
}

}  // namespace

class TestSweepTable : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data();
    void roundTrip();
    void mergeJoinsShards();
    void mergeErrors_data();
    void mergeErrors();
    void notASweepTable_data();
    void notASweepTable();
    void writerPiecesMakeTheTable_data();
    void writerPiecesMakeTheTable();
    void impossibleFiguresRefused_data();
    void impossibleFiguresRefused();
};

void TestSweepTable::roundTrip_data() {
    QTest::addColumn<bool>("json");
    QTest::newRow("csv") << false;
    QTest::newRow("json") << true;
}

void TestSweepTable::roundTrip() {
    QFETCH(bool, json);
    SweepTable t = shard(QStringLiteral("abc123"), 2, 3, 20);
    t.markPareto();
    const QByteArray bytes = json ? t.toJsonBytes() : t.toCsv();
    auto back = SweepTable::parse(bytes, QStringLiteral("t"));
    QVERIFY2(back, qPrintable(back ? QString() : back.errorMessage()));
    QCOMPARE(back->sweepId, t.sweepId);
    QCOMPARE(back->shardIndex, 2);
    QCOMPARE(back->shardCount, 3);
    QCOMPARE(back->points, std::int64_t{20});
    QVERIFY(back->pareto);
    QCOMPARE(back->rows, t.rows);
}

void TestSweepTable::mergeJoinsShards() {
    std::vector<std::pair<QString, SweepTable>> shards;
    for (int i : {3, 1, 2}) {
        shards.emplace_back(QStringLiteral("s%1.csv").arg(i), shard(QStringLiteral("id"), i, 3, 10));
    }
    auto merged = mergeSweepTables(shards);
    QVERIFY2(merged, qPrintable(merged ? QString() : merged.errorMessage()));
    QCOMPARE(merged->rows.size(), std::size_t{10});
    for (std::size_t i = 0; i < merged->rows.size(); ++i) {
        QCOMPARE(merged->rows[i].index, std::int64_t(i));
    }
    QCOMPARE(merged->shardIndex, 0);
    QVERIFY(merged->toCsv().contains(",all,"));
}

void TestSweepTable::mergeErrors_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("missing shard") << 0 << QStringList{"shard 2/3", "missing"};
    QTest::newRow("duplicate shard") << 1 << QStringList{"shard 1/3 is given twice", "a.csv", "c.csv"};
    QTest::newRow("another sweep") << 2 << QStringList{"different sweeps", "a.csv", "b.csv"};
    QTest::newRow("incomplete shard") << 3 << QStringList{"b.csv", "shard 2/3 has 2 of its 3 points"};
    QTest::newRow("different shard counts") << 4 << QStringList{"split the sweep differently"};
    QTest::newRow("already merged") << 5 << QStringList{"already a merged table"};
}

void TestSweepTable::mergeErrors() {
    QFETCH(int, kind);
    QFETCH(QStringList, expected);
    std::vector<std::pair<QString, SweepTable>> shards;
    const QString id = QStringLiteral("id1");
    switch (kind) {
    case 0:
        shards = {{QStringLiteral("a.csv"), shard(id, 1, 3, 10)}, {QStringLiteral("c.csv"), shard(id, 3, 3, 10)}};
        break;
    case 1:
        shards = {{QStringLiteral("a.csv"), shard(id, 1, 3, 10)}, {QStringLiteral("b.csv"), shard(id, 2, 3, 10)},
                  {QStringLiteral("c.csv"), shard(id, 1, 3, 10)}};
        break;
    case 2:
        shards = {{QStringLiteral("a.csv"), shard(id, 1, 2, 10)}, {QStringLiteral("b.csv"), shard(QStringLiteral("id2"), 2, 2, 10)}};
        break;
    case 3:
        shards = {{QStringLiteral("a.csv"), shard(id, 1, 3, 10)}, {QStringLiteral("b.csv"), shard(id, 2, 3, 10, 4)},
                  {QStringLiteral("c.csv"), shard(id, 3, 3, 10)}};
        break;
    case 4:
        shards = {{QStringLiteral("a.csv"), shard(id, 1, 2, 10)}, {QStringLiteral("b.csv"), shard(id, 2, 3, 10)}};
        break;
    default: {
        auto merged = mergeSweepTables({{QStringLiteral("a.csv"), shard(id, 1, 1, 10)}});
        shards = {{QStringLiteral("merged.csv"), *merged}};
        break;
    }
    }
    auto merged = mergeSweepTables(shards);
    QVERIFY(!merged);
    for (const QString &part : expected) {
        QVERIFY2(merged.errorMessage().contains(part), qPrintable(merged.errorMessage()));
    }
}

void TestSweepTable::notASweepTable_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");
    QTest::newRow("other csv") << QByteArray("a,b\n1,2\n") << "column 'sweep_id' is missing";
    QTest::newRow("other json") << QByteArray("{\"x\": 1}") << "not an Infersight sweep table";
    QTest::newRow("empty") << QByteArray() << "empty";
}

void TestSweepTable::notASweepTable() {
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    auto t = SweepTable::parse(content, QStringLiteral("x.csv"));
    QVERIFY(!t);
    QVERIFY2(t.errorMessage().startsWith(QStringLiteral("x.csv")), qPrintable(t.errorMessage()));
    QVERIFY2(t.errorMessage().contains(expected), qPrintable(t.errorMessage()));
}

void TestSweepTable::writerPiecesMakeTheTable_data() {
    QTest::addColumn<bool>("json");
    QTest::newRow("csv") << false;
    QTest::newRow("json") << true;
}

void TestSweepTable::writerPiecesMakeTheTable() {
    QFETCH(bool, json);
    SweepTable t = shard(QStringLiteral("abc123"), 1, 2, 9);
    t.markPareto();
    const SweepTableFormat format = json ? SweepTableFormat::Json : SweepTableFormat::Csv;
    SweepTable header = t;
    header.rows.clear();  // the writer needs only the fields
    SweepTableWriter writer(format, header);
    QByteArray pieces = writer.head();
    QList<QByteArray> rowBytes;
    for (const SweepRow &r : t.rows) {
        rowBytes << writer.row(r);
        pieces += rowBytes.back();
    }
    pieces += writer.tail();
    QCOMPARE(pieces, json ? t.toJsonBytes() : t.toCsv());
    auto back = SweepTable::parse(pieces, QStringLiteral("t"));
    QVERIFY2(back, qPrintable(back ? QString() : back.errorMessage()));
    QCOMPARE(back->rows, t.rows);
    // One line per row (rows 0, 2, 4, 6, 8: 5 rows) after the head; every row piece is one line.
    QCOMPARE(rowBytes.size(), 5);
    for (const QByteArray &b : rowBytes) {
        QCOMPARE(b.count('\n'), 1);
    }
    if (json) {
        // The header before the first row already names the sweep: a reader following the
        // stream knows what it is reading.
        QVERIFY(writer.head().contains("\"sweep_id\":\"abc123\""));
        QVERIFY(writer.head().endsWith("\"rows\":["));
        // An empty table is valid JSON too.
        SweepTableWriter empty(format, header);
        const QByteArray doc = empty.head() + empty.tail();
        QJsonParseError error;
        QJsonDocument::fromJson(doc, &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
    }
}

// A shard with a negative or NaN latency (hand-edited, or written by something else) is refused,
// naming the file, the row and the column, instead of being merged (issue 15, item 11).
void TestSweepTable::impossibleFiguresRefused_data() {
    QTest::addColumn<bool>("json");
    QTest::addColumn<double>("latency");
    QTest::addColumn<QString>("expected");
    QTest::newRow("csv negative") << false << -1.5 << "column 'latency_ms' must be a finite number >= 0, not '-1.5'";
    QTest::newRow("csv nan") << false << std::nan("") << "column 'latency_ms' must be a finite number >= 0, not 'nan'";
    QTest::newRow("csv inf") << false << HUGE_VAL << "column 'latency_ms' must be a finite number >= 0, not 'inf'";
    QTest::newRow("json negative") << true << -1.5 << "'latency_ms' must be a finite number >= 0, not -1.5";
}

void TestSweepTable::impossibleFiguresRefused() {
    QFETCH(bool, json);
    QFETCH(double, latency);
    QFETCH(QString, expected);
    SweepTable t = shard(QStringLiteral("abc123"), 1, 1, 4);
    t.rows[1].latencyMs = latency;  // row 1 is a prediction (row 0, index 0, is an error row)
    QVERIFY(t.rows[1].ok);
    const QByteArray bytes = json ? t.toJsonBytes() : t.toCsv();
    auto back = SweepTable::parse(bytes, QStringLiteral("shard.csv"));
    QVERIFY(!back);
    QVERIFY2(back.errorMessage().startsWith(QStringLiteral("shard.csv")), qPrintable(back.errorMessage()));
    QVERIFY2(back.errorMessage().contains(expected), qPrintable(back.errorMessage()));
    QVERIFY2(back.errorMessage().contains(json ? QStringLiteral("rows[1]") : QStringLiteral("line 3")), qPrintable(back.errorMessage()));
}

QTEST_GUILESS_MAIN(TestSweepTable)
#include "test_sweep_table.moc"
