// SPDX-License-Identifier: MIT
// Tests of the MIG planner. Profiles, instance counts and usable memory of A100-SXM4-40GB are
// NVIDIA's (MIG User Guide "A100 Supported Profiles"; nvidia-smi mig -lgip: 1g.5gb 4864 MiB =
// 4.75 GiB, 1g.10gb/2g.10gb 9851 MiB, 3g.20gb/4g.20gb 19968 MiB, 7g.40gb 40192 MiB). The planner
// lists all seven including 1g.5gb+me (one instance per GPU) and never recommends the +me twin.
// Recommendation cases use a hand-made predictor (memory fixed, latency 1 + 100 / SMs ms) so the
// expected picks can be worked out by hand in each row's comment.
#include "design/design.h"
#include "explore/mig_planner.h"
#include "hardware/gpu_catalogue.h"

#include <QtTest>

using namespace infersight;

namespace {

const GpuSpec &a100() { return *GpuCatalogue::builtIn().find(QStringLiteral("a100-sxm4-40gb")); }

PointPredictor fixedMemory(double memoryMib) {
    return [memoryMib](const Graph &, const Knobs &, const NodePrecisions &, const Target &t) -> Result<PointEstimate> {
        PointEstimate e;
        e.latencyMs = 1.0 + 100.0 / t.sms();
        e.latencyLowMs = e.latencyMs * 0.9;
        e.latencyHighMs = e.latencyMs * 1.1;
        e.energyJ = 0.01 * t.sms();
        e.memoryBytes = memoryMib * 1024.0 * 1024.0;
        return e;
    };
}

const Graph &emptyGraph() {
    static const Graph g;
    return g;
}

}  // namespace

class TestMigPlanner : public QObject {
    Q_OBJECT
private slots:
    void profilesAreNvidias();
    void recommendation_data();
    void recommendation();
    void mpsShares();
    void gpuWithoutMig();
    void realPredictorIsConsistent();
    void badOptions();
};

void TestMigPlanner::profilesAreNvidias() {
    auto plan = planMig(emptyGraph(), Knobs{}, {}, a100(), fixedMemory(1000));
    QVERIFY(plan);
    QStringList names;
    std::vector<int> replicas;
    std::vector<double> usable;
    for (const MigOption &o : plan->options) {
        names << o.profile;
        replicas.push_back(o.replicas);
        usable.push_back(o.usableMib);
    }
    QCOMPARE(names, (QStringList{"1g.5gb", "1g.5gb+me", "1g.10gb", "2g.10gb", "3g.20gb", "4g.20gb", "7g.40gb"}));
    QCOMPARE(replicas, (std::vector<int>{7, 1, 4, 3, 2, 1, 1}));
    QCOMPARE(usable, (std::vector<double>{4864, 4864, 9851, 9851, 19968, 19968, 40192}));
    QCOMPARE(nominalProfileGib(QStringLiteral("3g.20gb")), 20.0);
    QCOMPARE(nominalProfileGib(QStringLiteral("1g.5gb+me")), 5.0);
}

void TestMigPlanner::recommendation_data() {
    QTest::addColumn<double>("memoryMib");
    QTest::addColumn<double>("headroom");
    QTest::addColumn<double>("sloMs");  // 0: none
    QTest::addColumn<QString>("recommended");
    QTest::addColumn<QString>("dippm");
    QTest::addColumn<QString>("note");
    // Latencies (1 + 100/SMs): 1g 8.14 ms, 2g 4.57, 3g 3.38, 4g 2.79, 7g 2.02. Throughput per GPU
    // (replicas x 1000 / latency): 1g.5gb 859.6, 1g.10gb 491.2, 2g 656.3, 3g 591.5, 4g 359.0, 7g 494.9.
    QTest::newRow("small model: most throughput per GPU") << 1000.0 << 0.1 << 0.0 << "1g.5gb" << "1g.5gb" << "picks 1g.5gb too";
    // 4.9 GiB > 1g.5gb's 4.75 GiB usable: 1g.5gb must not be recommended; of the rest 2g.10gb has the
    // most throughput per GPU. DIPPM reads "5gb" and picks 1g.5gb, which does not fit.
    QTest::newRow("exceeds 1g.5gb usable memory") << 5018.0 << 0.0 << 0.0 << "2g.10gb" << "1g.5gb" << "does not fit";
    // 4.5 GiB fits 1g.5gb (4864 MiB) but not with 10 % kept free (4377.6 MiB); the smallest profile
    // that fits and meets 10 ms is 1g.10gb. DIPPM ignores headroom and picks 1g.5gb.
    QTest::newRow("headroom matters") << 4608.0 << 0.1 << 10.0 << "1g.10gb" << "1g.5gb" << "less than the 10 % headroom";
    QTest::newRow("no headroom: both pick 1g.5gb") << 4608.0 << 0.0 << 10.0 << "1g.5gb" << "1g.5gb" << "picks 1g.5gb too";
    // SLO 3 ms: only 4g (2.79) and 7g (2.02) meet it; the smaller is 4g.20gb. DIPPM picks by memory.
    QTest::newRow("SLO excludes small slices") << 1000.0 << 0.1 << 3.0 << "4g.20gb" << "1g.5gb" << "misses the 3 ms SLO";
    QTest::newRow("nothing fits") << 50000.0 << 0.1 << 0.0 << "" << "" << "exceed every profile";
}

void TestMigPlanner::recommendation() {
    QFETCH(double, memoryMib);
    QFETCH(double, headroom);
    QFETCH(double, sloMs);
    QFETCH(QString, recommended);
    QFETCH(QString, dippm);
    QFETCH(QString, note);
    MigPlannerOptions options;
    options.headroom = headroom;
    if (sloMs > 0) {
        options.sloMs = sloMs;
    }
    auto plan = planMig(emptyGraph(), Knobs{}, {}, a100(), fixedMemory(memoryMib), options);
    QVERIFY(plan);
    const QString rec = plan->recommended >= 0 ? plan->options[static_cast<std::size_t>(plan->recommended)].profile : QString();
    const QString dip = plan->dippm >= 0 ? plan->options[static_cast<std::size_t>(plan->dippm)].profile : QString();
    QCOMPARE(rec, recommended);
    QCOMPARE(dip, dippm);
    QVERIFY2(plan->dippmNote.contains(note), qPrintable(plan->dippmNote));
    QVERIFY(!plan->reason.isEmpty());
    for (const MigOption &o : plan->options) {
        QCOMPARE(o.fits, o.memoryMib <= o.usableMib * (1.0 - headroom));
        QCOMPARE(o.throughputPerGpu, o.replicas * 1000.0 / o.latencyMs);
    }
}

void TestMigPlanner::mpsShares() {
    auto plan = planMig(emptyGraph(), Knobs{}, {}, a100(), fixedMemory(1000));
    QVERIFY(plan);
    std::vector<int> replicas;
    for (const MigOption &o : plan->mpsOptions) {
        replicas.push_back(o.replicas);
        QVERIFY(o.ok);
    }
    QCOMPARE(replicas, (std::vector<int>{4, 2, 1, 1}));
    QVERIFY(plan->recommendedMps >= 0);
}

void TestMigPlanner::gpuWithoutMig() {
    auto plan = planMig(emptyGraph(), Knobs{}, {}, *GpuCatalogue::builtIn().find(QStringLiteral("t4")), fixedMemory(1000));
    QVERIFY(plan);
    QVERIFY(plan->options.empty());
    QCOMPARE(plan->recommended, -1);
    QVERIFY2(plan->reason.contains(QStringLiteral("no MIG")), qPrintable(plan->reason));
    QCOMPARE(plan->mpsOptions.size(), std::size_t{4});
}

void TestMigPlanner::realPredictorIsConsistent() {
    Knobs knobs;
    knobs.batch = 8;
    knobs.precision = Precision::FP16;
    auto design = Design::open(QStringLiteral("zoo:resnet50"), knobs);
    QVERIFY(design);
    MigPlannerOptions options;
    auto plan = planMig(design->graph(), design->knobs(), {}, a100(), enginePredictor(), options);
    QVERIFY(plan);
    for (const MigOption &o : plan->options) {
        QVERIFY2(o.ok, qPrintable(o.error));
        QVERIFY(o.latencyMs > 0 && o.energyJ > 0 && o.memoryMib > 0);
        QCOMPARE(o.fits, o.memoryMib <= o.budgetMib);
    }
    // More compute never makes one instance slower.
    QVERIFY(plan->options.back().latencyMs <= plan->options.front().latencyMs);
    QVERIFY(plan->recommended >= 0);
    QVERIFY(plan->options[static_cast<std::size_t>(plan->recommended)].fits);
}

void TestMigPlanner::badOptions() {
    MigPlannerOptions options;
    options.headroom = 1.5;
    QVERIFY(!planMig(emptyGraph(), Knobs{}, {}, a100(), fixedMemory(1), options));
    options.headroom = 0.1;
    options.sloMs = -1;
    QVERIFY(!planMig(emptyGraph(), Knobs{}, {}, a100(), fixedMemory(1), options));
}

QTEST_GUILESS_MAIN(TestMigPlanner)
#include "test_mig_planner.moc"
