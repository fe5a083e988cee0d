// SPDX-License-Identifier: MIT
// Accuracy on NVIDIA DeepLearningExamples' PyTorch ConvNets inference tables
// (data/dle/pytorch_convnets_inference.csv, commit 729963dd47e7): eager PyTorch ResNet-50,
// ResNeXt101-32x4d, SE-ResNeXt101-32x4d, EfficientNet-B0/B4 (and WideSE) on V100 16GB and T4,
// FP32 and AMP, batch 1-256, host overhead included. Ceiling of issue 4: MAPE <= 15 % over all
// batch sizes, for FP32 and for AMP. The host-overhead parameters were fitted on the V100 rows
// only; the T4 rows are the held-out check (with their own ceiling).
#include "validate/validation.h"

#include <QtTest>

using namespace infersight;

namespace {

const std::vector<ValidationRow> &rows() {
    static const std::vector<ValidationRow> r = [] {
        ValidationOptions o;
        Result<std::vector<ValidationRow>> v = validateDle(o);
        if (!v) {
            qFatal("%s", qPrintable(v.errorMessage()));
        }
        return std::move(v.value());
    }();
    return r;
}

}  // namespace

class TestDleAccuracy : public QObject {
    Q_OBJECT
private slots:
    void mape_data();
    void mape();
    void leaveOneOut_data();
    void leaveOneOut();
};

void TestDleAccuracy::mape_data() {
    QTest::addColumn<QString>("precision");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<double>("ceiling");
    QTest::newRow("fp32, all rows") << "fp32" << QString() << 15.0;
    QTest::newRow("amp, all rows") << "amp" << QString() << 15.0;
    QTest::newRow("all rows") << QString() << QString() << 15.0;
    // Per GPU: the figures of the committed predictor (V100 7.2 %, T4 8.5 %) plus about half a point,
    // so that a regression on the held-out T4 fails even while the pooled rows stay under 15 %. The
    // V100 was 6.4 % before the DGX-1's V100 SXM2 took the power prior for its FP32 GEMMs (6.9 %) and
    // tensor-core kernels were bounded by their CUDA-core time (7.2 %: EfficientNet's and SE-ResNeXt's
    // AMP rows, whose tiny squeeze-and-excitation GEMMs the tensor path had priced slow, now 1 point
    // more under-predicted; the T4's AMP rows 8.1 -> 7.7 %); 7.7 and 9.4 % before the dominance guard.
    QTest::newRow("V100 (fitted)") << QString() << "V100 16GB" << 7.7;
    QTest::newRow("T4 (held out)") << QString() << "T4" << 9.0;
}

void TestDleAccuracy::mape() {
    QFETCH(QString, precision);
    QFETCH(QString, gpu);
    QFETCH(double, ceiling);
    auto use = [&](const ValidationRow &r) {
        return (precision.isEmpty() || r.precision == precision) && (gpu.isEmpty() || r.gpuName == gpu);
    };
    auto small = [&](const ValidationRow &r) { return use(r) && r.batch <= 8; };
    auto large = [&](const ValidationRow &r) { return use(r) && r.batch > 8; };
    const double m = mapeOf(rows(), use);
    qInfo("DLE %s %s: MAPE %.1f %% over %d rows (batch <= 8: %.1f %%, batch > 8: %.1f %%), band coverage %.0f %%",
          qPrintable(precision.isEmpty() ? QStringLiteral("fp32+amp") : precision),
          qPrintable(gpu.isEmpty() ? QStringLiteral("both GPUs") : gpu), m,
          static_cast<int>(std::count_if(rows().begin(), rows().end(), use)), mapeOf(rows(), small), mapeOf(rows(), large),
          100.0 * bandCoverage(rows(), use));
    QVERIFY(m >= 0);
    QVERIFY2(m <= ceiling, qPrintable(QStringLiteral("DLE MAPE %1 % > %2 %").arg(m, 0, 'f', 2).arg(ceiling)));
}

// Issue 17: what transfers. Leave-one-GPU-out: each GPU's rows predicted with the kernel model
// fitted without its chip (data/predictor/loo) and host parameters refitted on the other GPU's
// rows; leave-one-family-out: each family's rows with host parameters refitted on the V100 rows of
// the other families (validateDle, ValidationOptions::loo). Ceilings of issue 17: leave-one-GPU-out
// <= 12 % for FP32 and for AMP separately, leave-one-family-out <= 15 %.
void TestDleAccuracy::leaveOneOut_data() {
    QTest::addColumn<bool>("family");  // false: leave-one-GPU-out
    QTest::addColumn<QString>("precision");
    QTest::addColumn<QString>("group");  // GPU name or family; empty: all
    QTest::addColumn<double>("ceiling");
    QTest::newRow("GPU out, fp32") << false << "fp32" << QString() << 12.0;
    QTest::newRow("GPU out, amp") << false << "amp" << QString() << 12.0;
    QTest::newRow("family out, all") << true << QString() << QString() << 15.0;
    QTest::newRow("family out, fp32") << true << "fp32" << QString() << 15.0;
    QTest::newRow("family out, amp") << true << "amp" << QString() << 15.0;
    // Regression guards at the figures of record plus about half a point (as for the other DLE
    // rows): per held-out GPU and per held-out family, so that a change making one of them worse
    // fails while the pooled figure stays under its ceiling. ResNet-50 alone is above the pooled
    // 15 %: its FP32 rows are 11.4 % (V100) and 18.2 % (T4) off even as fitted (accuracy.md).
    // Recorded 2026-11-27 23:40 (unmeasured GPUs' GEMM level from the power prior, kernel_model.cpp
    // powerPriorLevelFor): V100 7.6, T4 11.9, ResNet 19.6, ResNeXt 7.3, SE-ResNeXt 8.1, EfficientNet
    // 5.9 % (21:00, on the memory family's mean: 8.7, 8.6, 15.2, 6.4, 7.7, 5.7 %). The T4 held out now
    // takes a GEMM level near its own fitted one (the prior -0.23 against the P4's -0.04 it took;
    // as fitted, with its own, its FP32 rows are 9.2 % off); ResNet's host costs, refitted without
    // it on the V100 rows, rise as the V100 SXM2's GEMMs (the DGX-1's, on the prior) get faster.
    QTest::newRow("GPU out, V100 16GB") << false << QString() << "V100 16GB" << 8.1;
    QTest::newRow("GPU out, T4") << false << QString() << "T4" << 12.4;
    QTest::newRow("family out, resnet") << true << QString() << "resnet" << 20.1;
    QTest::newRow("family out, resnext") << true << QString() << "resnext" << 7.8;
    QTest::newRow("family out, se-resnext") << true << QString() << "se-resnext" << 8.6;
    QTest::newRow("family out, efficientnet") << true << QString() << "efficientnet" << 6.4;
}

void TestDleAccuracy::leaveOneOut() {
    QFETCH(bool, family);
    QFETCH(QString, precision);
    QFETCH(QString, group);
    QFETCH(double, ceiling);
    auto use = [&](const ValidationRow &r) {
        return (precision.isEmpty() || r.precision == precision) &&
               (group.isEmpty() || r.gpuName == group || r.family == group);
    };
    auto predicted = [&](const ValidationRow &r) { return family ? r.lofoPredictedMs : r.looPredictedMs; };
    const int n = static_cast<int>(std::count_if(rows().begin(), rows().end(), use));
    const int predictedRows = static_cast<int>(
        std::count_if(rows().begin(), rows().end(), [&](const ValidationRow &r) { return use(r) && predicted(r) > 0; }));
    QCOMPARE(predictedRows, n);  // every row has its leave-one-out prediction
    const double m = mapeOf(rows(), use, predicted);
    qInfo("DLE leave-one-%s-out %s %s: MAPE %.1f %% over %d rows (as fitted %.1f %%)", family ? "family" : "GPU",
          qPrintable(precision.isEmpty() ? QStringLiteral("fp32+amp") : precision),
          qPrintable(group.isEmpty() ? QStringLiteral("all") : group), m, n, mapeOf(rows(), use));
    for (const QString &g : {QStringLiteral("V100 16GB"), QStringLiteral("T4")}) {
        auto f = [&](const ValidationRow &r) { return use(r) && r.gpuName == g; };
        qInfo("  %s: %.1f %%", qPrintable(g), mapeOf(rows(), f, predicted));
    }
    for (const QString &fam : {QStringLiteral("resnet"), QStringLiteral("resnext"), QStringLiteral("se-resnext"),
                               QStringLiteral("efficientnet")}) {
        auto f = [&](const ValidationRow &r) { return use(r) && r.family == fam; };
        qInfo("  %s: %.1f %%", qPrintable(fam), mapeOf(rows(), f, predicted));
    }
    QVERIFY(m >= 0);
    QVERIFY2(m <= ceiling, qPrintable(QStringLiteral("DLE leave-one-out MAPE %1 % > %2 %").arg(m, 0, 'f', 2).arg(ceiling)));
}

QTEST_GUILESS_MAIN(TestDleAccuracy)
#include "test_dle_accuracy.moc"
