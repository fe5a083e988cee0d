// SPDX-License-Identifier: MIT
// Tests of SweepPlan and runSweep: the cartesian size is the product of the list lengths and the
// target count (A100-40GB lists 7 MIG profiles in NVIDIA's MIG User Guide, H100 SXM 7, T4 none),
// points are numbered in the documented order, shards partition the sweep (union = all points,
// no point twice), the sweep id depends on what decides the points only, and per-point errors
// are recorded in rows. streamSweep hands over exactly runSweep's rows (Pareto marks included,
// computed in two passes with only the front kept), stops at a sink error, and a project's listed
// targets (MIG profile, MPS share) are the sweep's targets and part of its id.
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
    void streamedRowsEqualTheTable_data();
    void streamedRowsEqualTheTable();
    void sinkErrorStopsTheStream();
    void listedTargetsAreTheTargets();
    void pointsInShard_data();
    void pointsInShard();
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

void TestSweep::streamedRowsEqualTheTable_data() {
    QTest::addColumn<bool>("pareto");
    QTest::addColumn<bool>("priced");
    QTest::addColumn<QString>("shard");
    QTest::newRow("plain") << false << false << "1/1";
    QTest::newRow("pareto") << true << false << "1/1";
    QTest::newRow("pareto with prices (4 objectives)") << true << true << "1/1";
    QTest::newRow("pareto of shard 2/3") << true << false << "2/3";
}

void TestSweep::streamedRowsEqualTheTable() {
    QFETCH(bool, pareto);
    QFETCH(bool, priced);
    QFETCH(QString, shard);
    auto plan = SweepPlan::make(resnetSpec(), catalogue());
    QVERIFY(plan);
    SweepOptions options;
    options.pareto = pareto;
    options.shard = *Shard::parse(shard);
    if (priced) {
        PriceTable prices;
        prices.set(QStringLiteral("a100-sxm4-40gb"), 4.0);
        prices.set(QStringLiteral("h100-sxm5-80gb"), 9.0);
        prices.set(QStringLiteral("t4"), 0.5);
        options.prices = prices;
    }
    auto table = runSweep(*plan, fakePredictor(), options);
    QVERIFY(table);
    std::vector<SweepRow> streamed;
    std::int64_t lastDone = 0;
    std::int64_t lastTotal = 0;
    options.progress = [&](std::int64_t done, std::int64_t total) {
        QVERIFY(done > lastDone);
        lastDone = done;
        lastTotal = total;
    };
    auto totals = streamSweep(*plan, fakePredictor(), options, [&streamed](const SweepRow &row) {
        streamed.push_back(row);
        return Status::success();
    });
    QVERIFY2(totals, qPrintable(totals ? QString() : totals.errorMessage()));
    QCOMPARE(streamed.size(), table->rows.size());
    for (std::size_t i = 0; i < streamed.size(); ++i) {
        QCOMPARE(streamed[i], table->rows[i]);
    }
    const auto onFront = std::count_if(streamed.begin(), streamed.end(), [](const SweepRow &r) { return r.pareto; });
    QCOMPARE(totals->rows, static_cast<std::int64_t>(streamed.size()));
    QCOMPARE(totals->paretoRows, static_cast<std::int64_t>(onFront));
    QCOMPARE(totals->errors,
             static_cast<std::int64_t>(std::count_if(streamed.begin(), streamed.end(), [](const SweepRow &r) { return !r.ok; })));
    if (pareto) {
        QVERIFY(onFront > 0 && onFront < static_cast<long>(streamed.size()));  // a real front, not all or nothing
    }
    // Progress reaches the end: both passes when the front is streamed.
    const std::int64_t points = plan->pointsInShard(options.shard);
    QCOMPARE(lastTotal, pareto ? 2 * points : points);
    QCOMPARE(lastDone, lastTotal);
}

void TestSweep::sinkErrorStopsTheStream() {
    auto plan = SweepPlan::make(resnetSpec(), catalogue());
    QVERIFY(plan);
    int calls = 0;
    auto totals = streamSweep(*plan, fakePredictor(), {}, [&calls](const SweepRow &) -> Status {
        ++calls;
        if (calls == 5) {
            return Error{QStringLiteral("out.csv: no space left on device")};
        }
        return Status::success();
    });
    QVERIFY(!totals);
    QCOMPARE(totals.errorMessage(), QStringLiteral("out.csv: no space left on device"));
    QCOMPARE(calls, 5);
}

void TestSweep::listedTargetsAreTheTargets() {
    // A project's targets: an A100 MIG 1g.5gb slice and an H100 MPS 50 % share running alone.
    SweepSpec listed;
    listed.model = QStringLiteral("zoo:resnet18");
    listed.listedTargets = {{QStringLiteral("a100-sxm4-40gb"), QStringLiteral("1g.5gb"), std::nullopt, true, QString()},
                            {QStringLiteral("h100-sxm5-80gb"), QString(), 50.0, false, QString()}};
    auto plan = SweepPlan::make(listed, catalogue());
    QVERIFY2(plan, qPrintable(plan ? QString() : plan.errorMessage()));
    QCOMPARE(plan->size(), std::int64_t{2});
    QCOMPARE(plan->targets().size(), std::size_t{2});
    QVERIFY(plan->targets()[0].target);
    QCOMPARE(plan->targets()[0].target->key(), QStringLiteral("a100-sxm4-40gb:mig=1g.5gb"));
    QCOMPARE(plan->targets()[1].target->key(), QStringLiteral("h100-sxm5-80gb:mps=50:alone"));

    // The same GPUs whole: another sweep (the bug was one id for both).
    SweepSpec whole;
    whole.model = listed.model;
    whole.gpus = {QStringLiteral("a100-sxm4-40gb"), QStringLiteral("h100-sxm5-80gb")};
    QVERIFY(SweepPlan::make(whole, catalogue())->id() != plan->id());
    // With co-runners instead of alone: another sweep too.
    SweepSpec shared = listed;
    shared.listedTargets[1].mpsCoRunners = true;
    QVERIFY(SweepPlan::make(shared, catalogue())->id() != plan->id());

    // The MIG slice has the 1g.5gb profile's memory (NVIDIA MIG User Guide: 5 GB, 4864 MiB usable
    // in the catalogue) rather than the whole GPU's 40 GB.
    auto table = runSweep(*plan, fakePredictor(), {});
    QVERIFY(table);
    QVERIFY(table->rows[0].ok);
    QVERIFY(table->rows[0].usableMib < 5.0 * 1024);
    QCOMPARE(table->rows[0].mig, QStringLiteral("1g.5gb"));
    QCOMPARE(table->rows[1].mps, std::optional<double>(50.0));

    // A project target's host (acc-host's HostCatalogue: an A100 in an AWS p4d instance rather than
    // its default DGX A100) is part of the target, hence of the sweep id.
    SweepSpec hosted = listed;
    hosted.listedTargets[0].host = QStringLiteral("aws-p4d");
    auto hostedPlan = SweepPlan::make(hosted, catalogue());
    QVERIFY(hostedPlan);
    QVERIFY(hostedPlan->targets()[0].target);
    QCOMPARE(hostedPlan->targets()[0].target->key(), QStringLiteral("a100-sxm4-40gb:mig=1g.5gb:host=aws-p4d"));
    QVERIFY(hostedPlan->id() != plan->id());

    // A profile the GPU does not have is an error in its rows, not a whole GPU in disguise.
    SweepSpec wrong = listed;
    wrong.listedTargets[0].mig = QStringLiteral("9g.99gb");
    auto wrongPlan = SweepPlan::make(wrong, catalogue());
    QVERIFY(wrongPlan);
    auto wrongTable = runSweep(*wrongPlan, fakePredictor(), {});
    QVERIFY(wrongTable);
    QVERIFY(!wrongTable->rows[0].ok);
    QVERIFY2(wrongTable->rows[0].error.contains(QStringLiteral("9g.99gb")), qPrintable(wrongTable->rows[0].error));
}

void TestSweep::pointsInShard_data() {
    QTest::addColumn<QString>("shard");
    QTest::addColumn<qint64>("expected");
    // resnetSpec: (7 A100 MIG profiles + 7 H100 MIG profiles + T4 whole) x 3 batches x 3
    // precisions = 135 points (profile counts: NVIDIA MIG User Guide). Shard I/N owns the indices
    // I-1, I-1+N, ... below 135: 1/4 owns 0, 4, ..., 132 (34 points), 4/4 owns 3, 7, ..., 131 (33).
    QTest::newRow("whole") << "1/1" << qint64(135);
    QTest::newRow("1/4") << "1/4" << qint64(34);
    QTest::newRow("4/4") << "4/4" << qint64(33);
    QTest::newRow("135/135") << "135/135" << qint64(1);
}

void TestSweep::pointsInShard() {
    QFETCH(QString, shard);
    QFETCH(qint64, expected);
    auto plan = SweepPlan::make(resnetSpec(), catalogue());
    QVERIFY(plan);
    QCOMPARE(plan->size(), std::int64_t{135});
    QCOMPARE(plan->pointsInShard(*Shard::parse(shard)), std::int64_t{expected});
}

QTEST_GUILESS_MAIN(TestSweep)
#include "test_sweep.moc"
