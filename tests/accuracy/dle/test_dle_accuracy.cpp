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
};

void TestDleAccuracy::mape_data() {
    QTest::addColumn<QString>("precision");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<double>("ceiling");
    QTest::newRow("fp32, all rows") << "fp32" << QString() << 15.0;
    QTest::newRow("amp, all rows") << "amp" << QString() << 15.0;
    QTest::newRow("all rows") << QString() << QString() << 15.0;
    // Per GPU: the figures of the committed predictor (V100 7.7 %, T4 9.4 %) plus about half a
    // point, so that a regression on the held-out T4 fails even while the pooled rows stay under 15 %.
    QTest::newRow("V100 (fitted)") << QString() << "V100 16GB" << 8.3;
    QTest::newRow("T4 (held out)") << QString() << "T4" << 10.0;
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

QTEST_GUILESS_MAIN(TestDleAccuracy)
#include "test_dle_accuracy.moc"
