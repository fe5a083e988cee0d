// SPDX-License-Identifier: MIT
// End-to-end accuracy of the predictor on data/neusight/e2e_measured.csv (NeuSight artifact,
// ASPLOS 2025: whole-model FP32 eager inference of BERT-Large, GPT-2 Large, GPT-3 XL / 2.7B,
// OPT-1.3B and Switch on P4, P100, V100, T4, A100-40GB), graphs built from the HuggingFace
// configs in data/neusight/model_configs. Ceilings of issue 4 on the option=none rows: MAPE
// <= 8 % (NeuSight 9.9 %, Habitat 10.5 %, roofline 27.1 % on the same rows, from the file) and
// <= 12 % leave-one-GPU-out (each GPU predicted by the kernel model fitted without it,
// data/predictor/loo/<gpu>.json), which issue 17 lowers to <= 8 %. The 80 % band must cover at least 70 % of the rows. Per GPU and
// on the option=fusion rows, regression guards at the committed figures plus about half a point.
#include "validate/validation.h"

#include <QtTest>

using namespace infersight;

namespace {

const std::vector<ValidationRow> &rows() {
    static const std::vector<ValidationRow> r = [] {
        ValidationOptions o;
        QStringList notes;
        Result<std::vector<ValidationRow>> v = validateE2e(o, &notes);
        if (!v) {
            qFatal("%s", qPrintable(v.errorMessage()));
        }
        for (const QString &n : notes) {
            qInfo("%s", qPrintable(n));
        }
        return std::move(v.value());
    }();
    return r;
}

bool isE2e(const ValidationRow &r) { return r.dataset == QLatin1String("e2e"); }

}  // namespace

class TestE2eAccuracy : public QObject {
    Q_OBJECT
private slots:
    void mape_data();
    void mape();
    void leaveOneGpuOut();
    void leaveOneGpuOutPerGpu_data();
    void leaveOneGpuOutPerGpu();
    void bandCoverage80();
    void fusedRows();
};

void TestE2eAccuracy::mape_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<double>("ceiling");
    QTest::newRow("all GPUs") << QString() << 8.0;
    // Per GPU: the ceiling is pooled; each GPU gets the figure of the committed predictor
    // plus about half a point (P4 16.4 % over 3 rows, P100 5.3 %, V100 5.4 %, T4 11.9 %, A100 5.3 %),
    // so that a regression on one GPU fails even while the pool stays under 8 %.
    QTest::newRow("p4") << QStringLiteral("p4") << 17.0;
    QTest::newRow("p100-pcie-16gb") << QStringLiteral("p100-pcie-16gb") << 6.0;
    QTest::newRow("v100-pcie-32gb") << QStringLiteral("v100-pcie-32gb") << 6.0;
    QTest::newRow("t4") << QStringLiteral("t4") << 12.5;
    QTest::newRow("a100-pcie-40gb") << QStringLiteral("a100-pcie-40gb") << 6.0;
}

void TestE2eAccuracy::mape() {
    QFETCH(QString, gpu);
    QFETCH(double, ceiling);
    auto use = [&](const ValidationRow &r) { return isE2e(r) && (gpu.isEmpty() || r.gpuId == gpu); };
    auto ref = [&](const ValidationRow &r) { return use(r) && r.hasAllReferences(); };
    const double m = mapeOf(rows(), use);
    QVERIFY(m >= 0);
    qInfo("e2e %s: Infersight %.1f %% over %d rows; on the rows with all references: Infersight %.1f %%, NeuSight "
          "%.1f %%, Habitat %.1f %%, roofline %.1f %%, Li et al. %.1f %%",
          gpu.isEmpty() ? "all" : qPrintable(gpu), m,
          static_cast<int>(std::count_if(rows().begin(), rows().end(), use)), mapeOf(rows(), ref),
          mapeOf(rows(), ref, [](const ValidationRow &r) { return r.neusightMs; }),
          mapeOf(rows(), ref, [](const ValidationRow &r) { return r.habitatMs; }),
          mapeOf(rows(), ref, [](const ValidationRow &r) { return r.rooflineMs; }),
          mapeOf(rows(), ref, [](const ValidationRow &r) { return r.liMs; }));
    QVERIFY2(m <= ceiling, qPrintable(QStringLiteral("e2e MAPE %1 % > %2 %").arg(m, 0, 'f', 2).arg(ceiling)));
}

void TestE2eAccuracy::leaveOneGpuOut() {
    int withLoo = 0, total = 0;
    for (const ValidationRow &r : rows()) {
        if (isE2e(r)) {
            ++total;
            withLoo += r.looPredictedMs > 0 ? 1 : 0;
        }
    }
    QVERIFY2(withLoo == total, qPrintable(QStringLiteral("%1 of %2 rows have a leave-one-GPU-out prediction "
                                                         "(data/predictor/loo/<gpu>.json missing?)")
                                              .arg(withLoo)
                                              .arg(total)));
    const double m = mapeOf(rows(), isE2e, [](const ValidationRow &r) { return r.looPredictedMs; });
    qInfo("leave-one-GPU-out e2e MAPE %.1f %% over %d rows", m, total);
    // Issue 17's ceiling (issue 4's was 12 %): 7.5 % since unmeasured GPUs take the power prior for
    // their GEMM level (kernel_model.cpp powerPriorLevelFor; 11.3 % on the memory family's mean).
    QVERIFY2(m <= 8.0, qPrintable(QStringLiteral("leave-one-GPU-out MAPE %1 % > 8 %").arg(m, 0, 'f', 2)));
}

void TestE2eAccuracy::leaveOneGpuOutPerGpu_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<double>("ceiling");
    // Each GPU predicted by the model fitted without it: the held-out figures of the committed
    // predictor (P4 19.3 % over 3 rows, P100 4.4 %, V100 3.7 %, T4 13.3 %, A100 6.8 %) plus about
    // half a point. With the power prior for an unmeasured GPU's GEMM level (2026-11-27) the V100
    // went 17.6 -> 3.7 %, P100 9.6 -> 4.4 %, T4 14.0 -> 13.3 %; the A100 5.1 -> 6.8 % (its prior,
    // power-limited at 250 W, sits 0.04 below the HBM mean it took) and the P4 18.0 -> 19.3 %.
    QTest::newRow("p4") << QStringLiteral("p4") << 19.8;
    QTest::newRow("p100-pcie-16gb") << QStringLiteral("p100-pcie-16gb") << 4.9;
    QTest::newRow("v100-pcie-32gb") << QStringLiteral("v100-pcie-32gb") << 4.2;
    QTest::newRow("t4") << QStringLiteral("t4") << 13.8;
    QTest::newRow("a100-pcie-40gb") << QStringLiteral("a100-pcie-40gb") << 7.3;
}

void TestE2eAccuracy::leaveOneGpuOutPerGpu() {
    QFETCH(QString, gpu);
    QFETCH(double, ceiling);
    auto use = [&](const ValidationRow &r) { return isE2e(r) && r.gpuId == gpu && r.looPredictedMs > 0; };
    const int n = static_cast<int>(std::count_if(rows().begin(), rows().end(), use));
    QVERIFY2(n > 0, qPrintable(gpu));
    const double m = mapeOf(rows(), use, [](const ValidationRow &r) { return r.looPredictedMs; });
    qInfo("leave-one-GPU-out %s: %.1f %% over %d rows", qPrintable(gpu), m, n);
    QVERIFY2(m <= ceiling, qPrintable(QStringLiteral("leave-one-GPU-out MAPE %1 % > %2 %").arg(m, 0, 'f', 2).arg(ceiling)));
}

void TestE2eAccuracy::bandCoverage80() {
    const double c = bandCoverage(rows(), isE2e);
    qInfo("80 %% band covers %.0f %% of the e2e rows", 100.0 * c);
    QVERIFY2(c >= 0.70, qPrintable(QStringLiteral("band coverage %1 %").arg(100.0 * c, 0, 'f', 0)));
}

void TestE2eAccuracy::fusedRows() {
    auto fused = [](const ValidationRow &r) { return r.dataset == QLatin1String("e2e-fusion"); };
    const double m = mapeOf(rows(), fused);
    const double ns = mapeOf(rows(), fused, [](const ValidationRow &r) { return r.neusightMs; });
    const int n = static_cast<int>(std::count_if(rows().begin(), rows().end(), fused));
    qInfo("option=fusion rows with the fused runtime: Infersight %.1f %% over %d rows, NeuSight %.1f %%", m, n, ns);
    // The issue sets no ceiling for these rows; a regression guard at the committed figure (3.1 %
    // over 4 rows: BERT-Large 1.0 %, GPT-2 Large 5.3 %) plus about half a point.
    QVERIFY2(n == 4, qPrintable(QString::number(n)));
    QVERIFY2(m <= 3.6, qPrintable(QStringLiteral("option=fusion MAPE %1 % > 3.6 %").arg(m, 0, 'f', 2)));
}

QTEST_GUILESS_MAIN(TestE2eAccuracy)
#include "test_e2e_accuracy.moc"
