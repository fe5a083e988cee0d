// SPDX-License-Identifier: MIT
// Tests of predictPlan / predict: the host-GPU timeline, precision errors, MIG scaling, energy
// and bands. Timelines are checked against hand calculations with an empty kernel model (pure
// roofline, utilisation 1, no launch floor) and explicit host parameters:
//  - 10 ReLUs on a 1 MiB fp32 tensor read and write 2 MiB each; on a V100-SXM2 (900 GB/s,
//    datasheet) that is 2,097,152 / 900e9 s = 2.3302 us per kernel.
//  - Host-bound (44 us per op): each kernel starts when the host issues it, so the pass ends at
//    perInference + 10 x 44 us + one kernel.
//  - GPU-bound (0.1 us per op): kernels run back to back with a 1 us gap.
//  - A 8192^3 FP16 GEMM is compute-bound; a 1g.5gb slice of an A100 has 14 of 108 SMs
//    (nvidia-smi mig -lgip), so pure roofline time grows 108 / 14.
//  - Energy of the same ReLU timelines from the V100-SXM2's datasheet power (300 W board power,
//    56.6 W idle measured with nvidia-smi) and the kernels' times; worked out at energy_data().
#include "hardware/gpu_catalogue.h"
#include "design/design.h"
#include "predict/predictor.h"
#include "predict_test_graphs.h"

#include <QtTest>

#include <numeric>

using namespace infersight;

namespace {

const GpuSpec &gpu(const QString &id) {
    const GpuSpec *g = GpuCatalogue::builtIn().find(id);
    if (!g) {
        qFatal("no GPU %s", qPrintable(id));
    }
    return *g;
}

Prediction run(const Graph &g, const Target &t, const HostOverheadModel &host, const KernelModel &km,
               Precision p = Precision::FP32, Runtime r = Runtime::Eager) {
    const GraphAnalysis a = GraphAnalysis::of(g);
    LoweringOptions o;
    o.precision = p;
    o.runtime = r;
    const KernelPlan plan = lowerGraph(g, a, o);
    PredictOptions po;
    po.kernelModel = &km;
    po.hostModel = &host;
    return predictPlan(g, a, plan, TargetDevice::make(t, km), po);
}

}  // namespace

class TestPredictor : public QObject {
    Q_OBJECT
private slots:
    void timeline_data();
    void timeline();
    void precisionSupport_data();
    void precisionSupport();
    void migSlowsComputeBound();
    void energy_data();
    void energy();
    void energyAndPower();
    void bandBracketsLatency();
    void throughput();
    void sweepOptionsKeepTheTotals_data();
    void sweepOptionsKeepTheTotals();
};

void TestPredictor::timeline_data() {
    QTest::addColumn<double>("opUs");
    QTest::addColumn<double>("expectedMs");
    QTest::addColumn<QString>("bound");
    const double kernelMs = 2097152.0 / 900e9 * 1e3;
    QTest::newRow("host-bound") << 44.0 << 0.5 + 10 * 0.044 + kernelMs << QStringLiteral("host");
    QTest::newRow("gpu-bound") << 0.1 << 0.5 + 0.0001 + 10 * kernelMs + 9 * 0.001 << QStringLiteral("memory");
}

void TestPredictor::timeline() {
    QFETCH(double, opUs);
    QFETCH(double, expectedMs);
    QFETCH(QString, bound);
    HostOverheadModel host;
    host.eager.perInferenceMs = 0.5;
    host.eager.opUs = opUs;
    host.eager.gpuGapUs = 1.0;
    const KernelModel empty;
    const Prediction p = run(test_graphs::reluChain(10), Target::wholeGpu(gpu(QStringLiteral("v100-sxm2-32gb"))), host, empty);
    QCOMPARE(p.kernelCount, 10);
    QVERIFY2(std::abs(p.latencyMs - expectedMs) < 1e-9, qPrintable(QString::number(p.latencyMs, 'g', 12)));
    // Node latencies and the fixed overhead add up to the total.
    double nodes = 0;
    for (const NodeTiming &n : p.nodes) {
        nodes += n.latencyMs;
    }
    QVERIFY(std::abs(nodes + p.overheadMs - p.latencyMs) < 1e-9);
    QCOMPARE(boundName(p.kernels.back().bound), bound);
    QCOMPARE(boundName(p.nodes.back().bound), bound);
}

void TestPredictor::precisionSupport_data() {
    QTest::addColumn<QString>("gpuId");
    QTest::addColumn<int>("precision");
    QTest::addColumn<bool>("ok");
    // Datasheets (resources/gpus/catalogue.json): FP8 from Hopper / Ada, BF16 and TF32 from Ampere,
    // no INT8 path on P100, no FP16 path on P4.
    QTest::newRow("fp8 on A100") << "a100-sxm4-40gb" << int(Precision::FP8) << false;
    QTest::newRow("fp8 on H100") << "h100-sxm5-80gb" << int(Precision::FP8) << true;
    QTest::newRow("bf16 on V100") << "v100-pcie-32gb" << int(Precision::BF16) << false;
    QTest::newRow("bf16 on T4") << "t4" << int(Precision::BF16) << false;
    QTest::newRow("tf32 on T4") << "t4" << int(Precision::TF32) << false;
    QTest::newRow("tf32 on A100") << "a100-pcie-40gb" << int(Precision::TF32) << true;
    QTest::newRow("int8 on P100") << "p100-pcie-16gb" << int(Precision::INT8) << false;
    QTest::newRow("fp16 on P100 (CUDA cores)") << "p100-pcie-16gb" << int(Precision::FP16) << true;
    QTest::newRow("amp on P4") << "p4" << int(Precision::AMP) << false;
    QTest::newRow("fp32 on P4") << "p4" << int(Precision::FP32) << true;
}

void TestPredictor::precisionSupport() {
    QFETCH(QString, gpuId);
    QFETCH(int, precision);
    QFETCH(bool, ok);
    const Target t = Target::wholeGpu(gpu(gpuId));
    const Status s = checkPrecision(static_cast<Precision>(precision), t);
    QCOMPARE(s.ok(), ok);
    if (!ok) {
        // One line naming the precision, the GPU and what it supports.
        QVERIFY(s.errorMessage().contains(precisionName(static_cast<Precision>(precision))));
        QVERIFY(s.errorMessage().contains(t.label()));
        QVERIFY(s.errorMessage().contains(QStringLiteral("supports fp32")));
        QVERIFY(!s.errorMessage().contains(QLatin1Char('\n')));
        Knobs k;
        k.precision = static_cast<Precision>(precision);
        QVERIFY(!predict(test_graphs::squareGemm(64), t, k).ok());
    }
}

void TestPredictor::migSlowsComputeBound() {
    const KernelModel empty;
    const HostOverheadModel &host = HostOverheadModel::builtIn();
    const GpuSpec &a100 = gpu(QStringLiteral("a100-sxm4-40gb"));
    const Graph g = test_graphs::squareGemm(8192);
    const Prediction whole = run(g, Target::wholeGpu(a100), host, empty, Precision::FP16, Runtime::Fused);
    const Prediction slice = run(g, *Target::make(a100, QStringLiteral("1g.5gb")), host, empty, Precision::FP16, Runtime::Fused);
    QCOMPARE(whole.kernels.front().bound, Bound::Compute);
    const double ratio = slice.gpuBusyMs / whole.gpuBusyMs;
    QVERIFY2(std::abs(ratio - 108.0 / 14.0) < 1e-6, qPrintable(QString::number(ratio)));
}

void TestPredictor::energy_data() {
    QTest::addColumn<double>("opUs");
    QTest::addColumn<double>("expectedJ");
    // Each ReLU moves 2 MiB in 2,097,152 B / 900 GB/s = 2.330169 us with DRAM busy throughout
    // (memory utilisation 1); its 262,144 additions take 262,144 / 15.7 TFLOP/s (FP32 datasheet)
    // = 0.016697 us of the CUDA cores' time (compute utilisation 0.0071656). The power model of
    // docs/predictor.md ("Energy": idle + (board - idle) x (0.18 + 0.82 x min(1, cu + 2.08 mu)))
    // gives 56.6 + 243.4 x 1 = 300 W while a ReLU runs (it streams at the full bandwidth), and
    // 56.6 + 0.05 x 243.4 = 68.77 W while the GPU waits for the host (the rest of the pass):
    //  - host-bound: pass 0.5 + 10 x 0.044 + 0.002330 = 0.942330 ms, GPU busy 10 x 2.330169 us;
    //    E = 10 x 300 W x 2.330169 us + 68.77 W x 0.919028 ms = 0.0069905 + 0.0632016 J.
    //  - GPU-bound: pass 0.5 + 0.0001 + 10 x 0.002330 + 9 x 0.001 = 0.532402 ms;
    //    E = 0.0069905 J + 68.77 W x 0.509100 ms = 0.0069905 + 0.0350108 J.
    QTest::newRow("host-bound") << 44.0 << 0.0701921;
    QTest::newRow("gpu-bound") << 0.1 << 0.0420013;
}

void TestPredictor::energy() {
    QFETCH(double, opUs);
    QFETCH(double, expectedJ);
    HostOverheadModel host;
    host.eager.perInferenceMs = 0.5;
    host.eager.opUs = opUs;
    host.eager.gpuGapUs = 1.0;
    const KernelModel empty;
    const Prediction p = run(test_graphs::reluChain(10), Target::wholeGpu(gpu(QStringLiteral("v100-sxm2-32gb"))), host, empty);
    QVERIFY2(std::abs(p.energyJ - expectedJ) < 1e-6, qPrintable(QString::number(p.energyJ, 'g', 9)));
    // The per-node energies are the kernels' share only (the host wait is the pass's).
    double nodes = 0;
    for (const NodeTiming &n : p.nodes) {
        nodes += n.energyJ;
    }
    QVERIFY2(std::abs(nodes - 0.0069905) < 1e-6, qPrintable(QString::number(nodes, 'g', 9)));
}

void TestPredictor::energyAndPower() {
    const Target t = Target::wholeGpu(gpu(QStringLiteral("a100-sxm4-40gb")));
    Knobs k;
    k.precision = Precision::FP16;
    const Result<Prediction> p = predict(test_graphs::squareGemm(4096), t, k);
    QVERIFY(p.ok());
    // Average power between the GPU's idle draw and its board power.
    QVERIFY(p->avgPowerW > t.idleW());
    QVERIFY(p->avgPowerW <= t.tdpW() + 1e-9);
    // A MIG slice draws a share of the board.
    const Target slice = *Target::make(gpu(QStringLiteral("a100-sxm4-40gb")), QStringLiteral("1g.5gb"));
    const Result<Prediction> ps = predict(test_graphs::squareGemm(4096), slice, k);
    QVERIFY(ps->avgPowerW < p->avgPowerW);
}

void TestPredictor::bandBracketsLatency() {
    Result<Design> m = Design::open(QStringLiteral("zoo:resnet50"));
    QVERIFY(m.ok());
    for (const QString &id : {QStringLiteral("t4"), QStringLiteral("h100-sxm5-80gb")}) {
        const Result<Prediction> p = predict(m->graph(), Target::wholeGpu(gpu(id)), Knobs{});
        QVERIFY(p.ok());
        QVERIFY(p->bandLowMs < p->latencyMs);
        QVERIFY(p->bandHighMs > p->latencyMs);
        for (const NodeTiming &n : p->nodes) {
            QVERIFY(n.bandLowMs <= n.latencyMs + 1e-12);
            QVERIFY(n.bandHighMs >= n.latencyMs - 1e-12);
        }
    }
}

void TestPredictor::throughput() {
    const Target t = Target::wholeGpu(gpu(QStringLiteral("t4")));
    Knobs k;
    k.batch = 8;
    PredictOptions o;
    o.batch = 8;
    const Result<Prediction> p = predict(test_graphs::squareGemm(512), t, k, o);
    QVERIFY(p.ok());
    QCOMPARE(p->throughputPerS, 8.0 * 1000.0 / p->latencyMs);
}

// The sweep shortcuts change nothing but what is kept: no per-node list, a cache shared by two
// targets with identical resources (A100 MIG 1g.5gb and 1g.5gb+me: same SMs, memory slices and
// L2 per nvidia-smi mig -lgip), a plan whose distinct-kernel index was dropped (edited by hand),
// memory in two steps. Expected values: the plain predictPlan of the same plan.
void TestPredictor::sweepOptionsKeepTheTotals_data() {
    QTest::addColumn<int>("precision");
    QTest::addColumn<int>("runtime");
    QTest::newRow("fp32 eager") << int(Precision::FP32) << int(Runtime::Eager);
    QTest::newRow("amp eager") << int(Precision::AMP) << int(Runtime::Eager);
    QTest::newRow("fp16 fused") << int(Precision::FP16) << int(Runtime::Fused);
}

void TestPredictor::sweepOptionsKeepTheTotals() {
    QFETCH(int, precision);
    QFETCH(int, runtime);
    Knobs knobs;
    knobs.batch = 4;
    Result<Design> m = Design::open(QStringLiteral("zoo:resnet50"), knobs);
    QVERIFY(m.ok());
    const Graph &g = m->graph();
    const GraphAnalysis a = GraphAnalysis::of(g);
    QVERIFY(a.matches(g));
    LoweringOptions lo;
    lo.precision = static_cast<Precision>(precision);
    lo.runtime = static_cast<Runtime>(runtime);
    const KernelPlan plan = lowerGraph(g, a, lo);
    QVERIFY(plan.distinct.size() < plan.kernels.size());  // repeated bottlenecks
    const GpuSpec &a100 = gpu(QStringLiteral("a100-sxm4-40gb"));
    const TargetDevice slice = TargetDevice::make(*Target::make(a100, QStringLiteral("1g.5gb")));
    const TargetDevice sliceMe = TargetDevice::make(*Target::make(a100, QStringLiteral("1g.5gb+me")));
    QVERIFY(sameResources(slice.device.resources, sliceMe.device.resources));
    const Prediction reference = predictPlan(g, a, plan, sliceMe);

    KernelPredictionCache shared;
    PredictOptions sweep;
    sweep.keepKernels = false;
    sweep.keepNodes = false;
    sweep.cache = &shared;
    (void)predictPlan(g, a, plan, slice, sweep);
    const std::size_t cached = shared.size();
    const Prediction fast = predictPlan(g, a, plan, sliceMe, sweep);
    QCOMPARE(shared.size(), cached);  // every kernel came from the other target's predictions
    QVERIFY(fast.nodes.empty() && fast.kernels.empty());
    KernelPlan edited = plan;
    edited.distinct.clear();
    edited.distinctOf.clear();
    edited.memory = PlanMemoryFootprint{};
    const Prediction reindexed = predictPlan(g, a, edited, sliceMe);
    for (const Prediction *p : {&fast, &reindexed}) {
        QCOMPARE(p->latencyMs, reference.latencyMs);
        QCOMPARE(p->bandLowMs, reference.bandLowMs);
        QCOMPARE(p->bandHighMs, reference.bandHighMs);
        QCOMPARE(p->energyJ, reference.energyJ);
        QCOMPARE(p->gpuBusyMs, reference.gpuBusyMs);
        QCOMPARE(p->memory.deviceUsedBytes, reference.memory.deviceUsedBytes);
        QCOMPARE(p->memory.activationsBytes, reference.memory.activationsBytes);
        QCOMPARE(p->kernelCount, reference.kernelCount);
    }
    QCOMPARE(reindexed.nodes.size(), reference.nodes.size());
    for (std::size_t i = 0; i < reference.nodes.size(); ++i) {
        QCOMPARE(reindexed.nodes[i].latencyMs, reference.nodes[i].latencyMs);
        QCOMPARE(reindexed.nodes[i].bound, reference.nodes[i].bound);
    }
}

QTEST_GUILESS_MAIN(TestPredictor)
#include "test_predictor.moc"
