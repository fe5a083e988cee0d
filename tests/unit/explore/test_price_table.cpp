// SPDX-License-Identifier: MIT
// Tests of PriceTable: the JSON and CSV forms, errors naming the file, and a MIG instance or MPS
// share charged its share of the GPU (3g.20gb = 3 of A100's 7 compute slices, MIG User Guide).
// The prices are made-up test values, not list prices.
#include "explore/price_table.h"
#include "hardware/gpu_catalogue.h"

#include <QtTest>

using namespace infersight;

class TestPriceTable : public QObject {
    Q_OBJECT
private slots:
    void parses_data();
    void parses();
    void errors_data();
    void errors();
    void targetShares_data();
    void targetShares();
};

void TestPriceTable::parses_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::newRow("flat json") << QByteArray(R"({"a100-sxm4-40gb": 7.0, "T4": 1.0})");
    QTest::newRow("wrapped json") << QByteArray(R"({"currency": "USD", "prices": {"a100-sxm4-40gb": 7.0, "t4": 1}})");
    QTest::newRow("csv") << QByteArray("gpu,usd_per_hour\n# made-up\na100-sxm4-40gb,7.0\nt4,1\n");
}

void TestPriceTable::parses() {
    QFETCH(QByteArray, content);
    auto t = PriceTable::parse(content, QStringLiteral("prices"));
    QVERIFY2(t, qPrintable(t ? QString() : t.errorMessage()));
    QCOMPARE(t->gpuPerHour(QStringLiteral("A100-SXM4-40GB")), std::optional<double>(7.0));
    QCOMPARE(t->gpuPerHour(QStringLiteral("t4")), std::optional<double>(1.0));
    QVERIFY(!t->gpuPerHour(QStringLiteral("h100-sxm5-80gb")));
}

void TestPriceTable::errors_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");
    QTest::newRow("negative") << QByteArray(R"({"t4": -1})") << "must be a number >= 0";
    QTest::newRow("string price") << QByteArray(R"({"t4": "cheap"})") << "must be a number";
    QTest::newRow("csv without header") << QByteArray("t4,1\n") << "expected the header";
    QTest::newRow("csv bad line") << QByteArray("gpu,usd_per_hour\nt4\n") << "line 2";
    QTest::newRow("twice") << QByteArray("gpu,usd_per_hour\nt4,1\nT4,2\n") << "priced twice";
    QTest::newRow("empty") << QByteArray("{}") << "lists no GPU";
}

void TestPriceTable::errors() {
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    auto t = PriceTable::parse(content, QStringLiteral("p.json"));
    QVERIFY(!t);
    QVERIFY2(t.errorMessage().startsWith(QStringLiteral("p.json")), qPrintable(t.errorMessage()));
    QVERIFY2(t.errorMessage().contains(expected), qPrintable(t.errorMessage()));
}

void TestPriceTable::targetShares_data() {
    QTest::addColumn<QString>("mig");
    QTest::addColumn<double>("mps");
    QTest::addColumn<double>("price");
    QTest::newRow("whole") << QString() << 0.0 << 7.0;
    QTest::newRow("MIG 3g.20gb") << "3g.20gb" << 0.0 << 3.0;
    QTest::newRow("MIG 1g.5gb") << "1g.5gb" << 0.0 << 1.0;
    QTest::newRow("MPS 25 %") << QString() << 25.0 << 1.75;
}

void TestPriceTable::targetShares() {
    QFETCH(QString, mig);
    QFETCH(double, mps);
    QFETCH(double, price);
    PriceTable t;
    t.set(QStringLiteral("a100-sxm4-40gb"), 7.0);
    const GpuSpec *gpu = GpuCatalogue::builtIn().find(QStringLiteral("a100-sxm4-40gb"));
    QVERIFY(gpu);
    auto target = Target::make(*gpu, mig, mps > 0 ? std::optional<double>(mps) : std::nullopt);
    QVERIFY(target);
    QCOMPARE(*t.targetPerHour(*target), price);
}

QTEST_GUILESS_MAIN(TestPriceTable)
#include "test_price_table.moc"
