// SPDX-License-Identifier: MIT
// Tests of SweepPlan and runSweep: the cartesian size is the product of the list lengths and the
// target count (A100-40GB lists 7 MIG profiles in NVIDIA's MIG User Guide, H100 SXM 7, T4 none),
// points are numbered in the documented order, shards partition the sweep (union = all points,
// no point twice), the sweep id depends on what decides the points only, and per-point errors
// are recorded in rows.
#include "explore/sweep.h"

#include <QSet>
#include <QtTest>

using namespace infersight;

namespace {

const GpuCatalogue &catalogue() { return GpuCatalogue::builtIn(); }

// A predictor that answers from the knobs alone (the tests check bookkeeping, not predictions).
PointPredictor fakePredictor() {
    return [](const Graph &, const Knobs &knobs, const NodePrecisions &, const Target &target) -> Result<PointEstimate> {
        if (knobs.precision == Precision::FP8 && target.gpu().computeCapabilityMajor < 9) {
            return Error{QStringLiteral("fp8 is not supported on %1").arg(target.label())};
        }
        PointEstimate e;
        e.latencyMs = 1.0 + static_cast<double>(knobs.batch) * 100.0 / target.sms();
        e.latencyLowMs = e.latencyMs * 0.9;
        e.latencyHighMs = e.latencyMs * 1.1;
        e.energyJ = e.latencyMs * 0.1;
        e.memoryBytes = 100.0 * 1024 * 1024 * static_cast<double>(knobs.batch);
        return e;
    };
}

SweepSpec resnetSpec() {
    SweepSpec s;
    s.model = QStringLiteral("zoo:resnet18");
    s.gpus = {QStringLiteral("a100-sxm4-40gb"), QStringLiteral("h100-sxm5-80gb"), QStringLiteral("t4")};
    s.migProfiles = {QStringLiteral("all")};
    s.batches = {1, 8, 32};
    s.precisions = {Precision::FP16, Precision::BF16, Precision::FP8};
    return s;
}

}  // namespace

class TestSweep : public QObject {
    Q_OBJECT
private slots:
    void cartesianSize_data();
    void cartesianSize();
    void pointOrder();
    void shardsPartitionTheSweep_data();
    void shardsPartitionTheSweep();
    void shardParsing_data();
    void shardParsing();
    void sweepIdTracksThePoints();
    void rowsRecordErrors();
    void badSpecs_data();
    void badSpecs();
};

void TestSweep::cartesianSize_data() {
    QTest::addColumn<QStringList>("gpus");
    QTest::addColumn<QStringList>("mig");
    QTest::addColumn<int>("mpsShares");
    QTest::addColumn<int>("batches");
    QTest::addColumn<int>("precisions");
    QTest::addColumn<int>("widths");
    QTest::addColumn<qint64>("points");
    // A100-40GB: 7 profiles (1g.5gb, 1g.5gb+me, 1g.10gb, 2g.10gb, 3g.20gb, 4g.20gb, 7g.40gb).
    QTest::newRow("whole GPUs") << QStringList{"a100-sxm4-40gb", "t4"} << QStringList{} << 0 << 3 << 2 << 1 << qint64(2 * 3 * 2);
    QTest::newRow("mig all on A100 + T4 whole") << QStringList{"a100-sxm4-40gb", "t4"} << QStringList{"all"} << 0 << 3 << 2 << 1
                                               << qint64((7 + 1) * 3 * 2);
    QTest::newRow("mig all + whole + 2 MPS shares") << QStringList{"a100-sxm4-40gb"} << QStringList{"all", "none"} << 2 << 1 << 1 << 2
                                                   << qint64((7 + 1 + 2) * 2);
    QTest::newRow("one profile on two GPUs") << QStringList{"a100-sxm4-40gb", "h100-sxm5-80gb"} << QStringList{"3g.20gb"} << 0 << 2 << 1 << 1
                                            << qint64(2 * 2);
}

void TestSweep::cartesianSize() {
    QFETCH(QStringList, gpus);
    QFETCH(QStringList, mig);
    QFETCH(int, mpsShares);
    QFETCH(int, batches);
    QFETCH(int, precisions);
    QFETCH(int, widths);
    QFETCH(qint64, points);
    SweepSpec s;
    s.model = QStringLiteral("zoo:resnet18");
    s.gpus = gpus;
    s.migProfiles = mig;
    for (int i = 0; i < mpsShares; ++i) {
        s.mpsPercents.push_back(25.0 * (i + 1));
    }
    for (int i = 0; i < batches; ++i) {
        s.batches.push_back(1 << i);
    }
    for (int i = 0; i < precisions; ++i) {
        s.precisions.push_back(kAllPrecisions[i]);
    }
    for (int i = 0; i < widths; ++i) {
        s.widthMultipliers.push_back(1.0 / (i + 1));
    }
    auto plan = SweepPlan::make(s, catalogue());
    QVERIFY2(plan, qPrintable(plan ? QString() : plan.errorMessage()));
    QCOMPARE(plan->size(), points);
}

void TestSweep::pointOrder() {
    auto plan = SweepPlan::make(resnetSpec(), catalogue());
    QVERIFY(plan);
    // targets: A100 x 7 profiles, H100 x 7, T4 whole = 15; precisions 3; batches 3.
    QCOMPARE(plan->targets().size(), std::size_t{15});
    QCOMPARE(plan->size(), qint64(15 * 3 * 3));
    QCOMPARE(plan->targets()[0].mig, QStringLiteral("1g.5gb"));
    QCOMPARE(plan->targets()[14].gpu, QStringLiteral("t4"));
    const SweepPlan::Point p = plan->point(15 * 3 + 15 + 2);  // batch 8, bf16, third target
    QCOMPARE(p.batch, std::int64_t{8});
    QCOMPARE(p.precision, Precision::BF16);
    QCOMPARE(p.target, 2);
}

void TestSweep::shardsPartitionTheSweep_data() {
    QTest::addColumn<int>("shards");
    QTest::newRow("1") << 1;
    QTest::newRow("4") << 4;
    QTest::newRow("7 (not a divisor)") << 7;
    QTest::newRow("135 (one point each)") << 135;
}

void TestSweep::shardsPartitionTheSweep() {
    QFETCH(int, shards);
    auto plan = SweepPlan::make(resnetSpec(), catalogue());
    QVERIFY(plan);
    QSet<qint64> seen;
    std::vector<std::pair<QString, SweepTable>> tables;
    for (int i = 1; i <= shards; ++i) {
        SweepOptions options;
        options.shard = Shard{i, shards};
        auto table = runSweep(*plan, fakePredictor(), options);
        QVERIFY2(table, qPrintable(table ? QString() : table.errorMessage()));
        for (const SweepRow &r : table->rows) {
            QVERIFY2(!seen.contains(r.index), "a point in two shards");
            seen.insert(r.index);
        }
        tables.emplace_back(QStringLiteral("shard%1").arg(i), std::move(*table));
    }
    QCOMPARE(seen.size(), plan->size());
    auto merged = mergeSweepTables(tables);
    QVERIFY2(merged, qPrintable(merged ? QString() : merged.errorMessage()));
    auto whole = runSweep(*plan, fakePredictor(), {});
    QCOMPARE(merged->rows, whole->rows);
}

void TestSweep::shardParsing_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::newRow("1/4") << "1/4" << true;
    QTest::newRow("4/4") << "4/4" << true;
    QTest::newRow("0/4") << "0/4" << false;
    QTest::newRow("5/4") << "5/4" << false;
    QTest::newRow("x") << "x" << false;
}

void TestSweep::shardParsing() {
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QCOMPARE(Shard::parse(text).ok(), valid);
}

void TestSweep::sweepIdTracksThePoints() {
    const QString id = SweepPlan::make(resnetSpec(), catalogue())->id();
    QCOMPARE(SweepPlan::make(resnetSpec(), catalogue())->id(), id);  // deterministic
    SweepSpec other = resnetSpec();
    other.batches = {1, 8, 64};
    QVERIFY(SweepPlan::make(other, catalogue())->id() != id);
    SweepSpec edited = resnetSpec();
    edited.edits = {DesignEdit::width(QStringLiteral("layer1.0/conv1"), 32)};
    QVERIFY(SweepPlan::make(edited, catalogue())->id() != id);
}

void TestSweep::rowsRecordErrors() {
    SweepSpec s = resnetSpec();
    s.migProfiles = {QStringLiteral("all"), QStringLiteral("1g.6gb")};  // an A30 profile: error rows elsewhere
    auto plan = SweepPlan::make(s, catalogue());
    QVERIFY(plan);
    SweepOptions options;
    options.pareto = true;
    PriceTable prices;
    prices.set(QStringLiteral("a100-sxm4-40gb"), 7.0);
    options.prices = prices;
    auto table = runSweep(*plan, enginePredictor(), options);
    QVERIFY(table);
    int fp8Errors = 0;
    int profileErrors = 0;
    int ok = 0;
    for (const SweepRow &r : table->rows) {
        if (r.ok) {
            ++ok;
            QVERIFY(r.latencyMs > 0 && r.throughput > 0 && r.memoryMib > 0);
            QCOMPARE(r.throughput, static_cast<double>(r.batch) * 1000.0 / r.latencyMs);
        } else if (r.error.contains(QLatin1String("fp8"))) {
            ++fp8Errors;
        } else if (r.error.contains(QLatin1String("1g.6gb"))) {
            ++profileErrors;
        }
        if (r.gpu == QLatin1String("a100-sxm4-40gb") && r.mig == QLatin1String("3g.20gb")) {
            QVERIFY(r.pricePerHour && qFuzzyCompare(*r.pricePerHour, 3.0));  // 3 of 7 compute slices
        }
    }
    QVERIFY(ok > 0);
    QVERIFY(fp8Errors > 0);  // Ampere and Turing have no FP8
    QVERIFY(profileErrors > 0);
    QVERIFY(std::any_of(table->rows.begin(), table->rows.end(), [](const SweepRow &r) { return r.pareto; }));
}

void TestSweep::badSpecs_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("reason");
    QTest::newRow("no GPU") << 0 << "no GPU given";
    QTest::newRow("unknown GPU") << 1 << "nosuchgpu";
    QTest::newRow("batch 0") << 2 << "batch size 0";
}

void TestSweep::badSpecs() {
    QFETCH(int, kind);
    QFETCH(QString, reason);
    SweepSpec s = resnetSpec();
    if (kind == 0) {
        s.gpus.clear();
    } else if (kind == 1) {
        s.gpus = {QStringLiteral("nosuchgpu")};
    } else {
        s.batches = {0};
    }
    auto plan = SweepPlan::make(s, catalogue());
    QVERIFY(!plan);
    QVERIFY2(plan.errorMessage().contains(reason), qPrintable(plan.errorMessage()));
}

QTEST_GUILESS_MAIN(TestSweep)
#include "test_sweep.moc"
