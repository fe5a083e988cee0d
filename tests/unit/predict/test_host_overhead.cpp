// SPDX-License-Identifier: MIT
// Tests of the host-overhead parameters (predict/host_overhead.h) against measured data and the
// documented assumptions:
//  - At batch 1 the DeepLearningExamples ConvNets rows (data/dle/pytorch_convnets_inference.csv,
//    eager PyTorch 21.03, FP32) are host-bound: the GPU finishes each kernel before the host has
//    dispatched the next, so the latency is the host's time alone, perInferenceMs + ops x opUs +
//    views x viewUs. The op counts are those of the networks' eval-mode forward (DeepLearningExamples'
//    ResNet-50 v1.5 and ResNeXt101-32x4d have torchvision's layout), counted by hand:
//      ResNet-50: 53 conv, 53 batch_norm, 49 relu (stem + 16 blocks x 3), 16 add, max_pool,
//      adaptive_avg_pool, linear (addmm) = 174 ops with kernels; flatten is a view.
//      ResNeXt101-32x4d: 104 conv (stem + 33 blocks x 3 + 4 downsample), 104 batch_norm, 100 relu,
//      33 add, max_pool, adaptive_avg_pool, linear = 344 ops; flatten is a view.
//    The V100 rows are the ones the eager parameters were fitted on, the T4 rows are held out of
//    the fit (docs/predictor.md "Host overhead and the timeline"); both within 6 %.
//  - The fused engine's parameters are the documented assumptions: 2.5 us per kernel, 0.05 ms per
//    pass, no per-op dispatch (docs/predictor.md).
#include "predict/host_overhead.h"

#include <QtTest>

#include <cmath>

using namespace infersight;

class TestHostOverhead : public QObject {
    Q_OBJECT
private slots:
    void hostBoundRows_data();
    void hostBoundRows();
    void fusedAssumptions();
    void runtimePicksItsParameters();
    void json();
};

void TestHostOverhead::hostBoundRows_data() {
    QTest::addColumn<int>("ops");
    QTest::addColumn<int>("views");
    QTest::addColumn<double>("measuredMs");
    // lat_avg_ms of the FP32 rows, batch 1 and 2 (data/dle/pytorch_convnets_inference.csv).
    QTest::newRow("ResNet-50, V100, batch 1 (fitted)") << 174 << 1 << 10.37;
    QTest::newRow("ResNet-50, V100, batch 2 (fitted)") << 174 << 1 << 10.24;
    QTest::newRow("ResNet-50, T4, batch 1 (held out)") << 174 << 1 << 10.70;
    QTest::newRow("ResNeXt101-32x4d, V100, batch 1 (fitted)") << 344 << 1 << 17.95;
    QTest::newRow("ResNeXt101-32x4d, T4, batch 1 (held out)") << 344 << 1 << 18.18;
}

void TestHostOverhead::hostBoundRows() {
    QFETCH(int, ops);
    QFETCH(int, views);
    QFETCH(double, measuredMs);
    const HostOverheadParameters &p = HostOverheadModel::builtIn().eager;
    const double hostMs = p.perInferenceMs + (ops * p.opUs + views * p.viewUs) / 1000.0;
    const double error = std::abs(hostMs - measuredMs) / measuredMs;
    qInfo("host time %.3f ms vs measured %.2f ms: %.1f %%", hostMs, measuredMs, 100.0 * error);
    QVERIFY2(error < 0.06, qPrintable(QStringLiteral("%1 ms vs %2 ms").arg(hostMs).arg(measuredMs)));
}

void TestHostOverhead::fusedAssumptions() {
    const HostOverheadParameters &f = HostOverheadModel::builtIn().fused;
    QCOMPARE(f.kernelUs, 2.5);
    QCOMPARE(f.perInferenceMs, 0.05);
    QCOMPARE(f.opUs, 0.0);
    QCOMPARE(f.viewUs, 0.0);
    QCOMPARE(f.shapeUs, 0.0);
    QCOMPARE(f.autocastOpUs, 0.0);
    // Eager dispatch costs far more per op than a fused engine's launch (the reason fused exists).
    QVERIFY(HostOverheadModel::builtIn().eager.opUs > 10 * f.kernelUs);
}

void TestHostOverhead::runtimePicksItsParameters() {
    HostOverheadModel m;
    m.eager.opUs = 40.0;
    m.fused.kernelUs = 3.0;
    QCOMPARE(m.of(Runtime::Eager).opUs, 40.0);
    QCOMPARE(m.of(Runtime::Fused).kernelUs, 3.0);
    m.of(Runtime::Fused).gpuGapUs = 0.5;
    QCOMPARE(m.fused.gpuGapUs, 0.5);
    QCOMPARE(m.eager.gpuGapUs, 0.0);
}

void TestHostOverhead::json() {
    HostOverheadModel m;
    m.eager = {2.5, 44.0, 5.0, 1.0, 0.25, 5.0, 1.0};
    m.fused = {0.05, 0.0, 0.0, 0.0, 0.0, 2.5, 1.0};
    const QJsonObject j = m.toJson();
    const QJsonObject e = j.value(QStringLiteral("eager")).toObject();
    const QJsonObject f = j.value(QStringLiteral("fused")).toObject();
    QCOMPARE(e.value(QStringLiteral("per_inference_ms")).toDouble(), 2.5);
    QCOMPARE(e.value(QStringLiteral("op_us")).toDouble(), 44.0);
    QCOMPARE(e.value(QStringLiteral("view_us")).toDouble(), 5.0);
    QCOMPARE(e.value(QStringLiteral("shape_us")).toDouble(), 1.0);
    QCOMPARE(e.value(QStringLiteral("autocast_op_us")).toDouble(), 0.25);
    QCOMPARE(e.value(QStringLiteral("kernel_us")).toDouble(), 5.0);
    QCOMPARE(e.value(QStringLiteral("gpu_gap_us")).toDouble(), 1.0);
    QCOMPARE(f.value(QStringLiteral("per_inference_ms")).toDouble(), 0.05);
    QCOMPARE(f.value(QStringLiteral("kernel_us")).toDouble(), 2.5);
    QCOMPARE(f.keys().size(), 7);
}

QTEST_GUILESS_MAIN(TestHostOverhead)
#include "test_host_overhead.moc"
