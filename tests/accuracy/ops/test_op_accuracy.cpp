// SPDX-License-Identifier: MIT
// Per-op accuracy on data/neusight/model_ops_measured.csv (NeuSight artifact): every kernel-
// launching torch.fx node of one transformer layer of BERT-Large, GPT-2 Large, GPT-3 XL / 2.7B and
// OPT-1.3B, timed alone in inference (FP32) on P4, P100, V100, T4 and A100-40GB, predicted as the
// kernel it launches (isolated latency, launch floor included). The issue sets no ceiling for
// these rows; the ceilings below are regression guards, not targets: the figures of record in
// docs/accuracy.md (gemm 17.2 %, element-wise 13.6 %, row-reduction 18.6 %, copy 27.2 %, all
// 17.0 %) plus about 1.5 points, so that a regression of one op class fails.
#include "validate/validation.h"

#include <QtTest>

using namespace infersight;

namespace {

const std::vector<ValidationRow> &rows() {
    static const std::vector<ValidationRow> r = [] {
        ValidationOptions o;
        QStringList notes;
        Result<std::vector<ValidationRow>> v = validateModelOps(o, &notes);
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

}  // namespace

class TestOpAccuracy : public QObject {
    Q_OBJECT
private slots:
    void mape_data();
    void mape();
};

void TestOpAccuracy::mape_data() {
    QTest::addColumn<QString>("opClass");
    QTest::addColumn<double>("guard");
    QTest::newRow("gemm") << "gemm" << 18.7;
    QTest::newRow("elementwise") << "elementwise" << 15.0;
    QTest::newRow("row-reduction") << "row-reduction" << 20.0;
    QTest::newRow("copy") << "copy" << 29.0;
    QTest::newRow("all") << QString() << 18.5;
}

void TestOpAccuracy::mape() {
    QFETCH(QString, opClass);
    QFETCH(double, guard);
    auto use = [&](const ValidationRow &r) { return opClass.isEmpty() || r.opClass == opClass; };
    const double m = mapeOf(rows(), use);
    qInfo("per-op %s: MAPE %.1f %% over %d rows, band coverage %.0f %%",
          qPrintable(opClass.isEmpty() ? QStringLiteral("all") : opClass), m,
          static_cast<int>(std::count_if(rows().begin(), rows().end(), use)), 100.0 * bandCoverage(rows(), use));
    QVERIFY(m >= 0);
    QVERIFY2(m <= guard, qPrintable(QStringLiteral("per-op MAPE %1 % > guard %2 %").arg(m, 0, 'f', 1).arg(guard)));
}

QTEST_GUILESS_MAIN(TestOpAccuracy)
#include "test_op_accuracy.moc"
