// SPDX-License-Identifier: MIT
// `infersight-cli validate` with the GPU measurement harness's rows (issue 6): without a GPU no
// measured rows exist, so the pipeline is checked on the harness's synthetic example CSV
// (tools/measure/tests/synthetic_example.csv: every row says source=synthetic and "not a
// measurement"). Synthetic rows are reported as their own set and never mixed into the
// measured figures; without --include-synthetic they are not read at all.
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include <cmath>

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run validate(const QStringList &args) {
    QProcess p;
    p.start(QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli"), QStringList{QStringLiteral("validate")} + args);
    p.waitForFinished(300000);
    return Run{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

const QString kSynthetic = QStringLiteral(INFERSIGHT_SOURCE_DIR "/tools/measure/tests/synthetic_example.csv");

}  // namespace

class TestCliValidate : public QObject {
    Q_OBJECT
private slots:
    void measuredRowsAreTheHarnessRows();
    void syntheticRowsStayMarked();
    void missingFileIsOneLine();
    void measuredRowsPriceOnTheirHost();
    void fitHostScale();
    void fitFp32Issue();
    void fitEnergy();
};

// data/measured/h100-sxm5-80gb/latency.csv holds 175 rows with status ok and
// data/measured/h200-sxm5-141gb/latency.csv 166 (the harness's own counts, `grep -c ',ok,'`), all taken
// on the GPU; without --include-synthetic nothing synthetic is read.
constexpr int kH100MeasuredRows = 175;
constexpr int kH200MeasuredRows = 166;
constexpr int kMeasuredRows = kH100MeasuredRows + kH200MeasuredRows;

void TestCliValidate::measuredRowsAreTheHarnessRows() {
    const Run r = validate({QStringLiteral("--only"), QStringLiteral("measured"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    const QJsonArray rows = o.value(QStringLiteral("rows")).toArray();
    QCOMPARE(rows.size(), kMeasuredRows);
    int h200 = 0;
    for (const QJsonValue &v : rows) {
        QCOMPARE(v.toObject().value(QStringLiteral("dataset")).toString(), QStringLiteral("measured"));
        h200 += v.toObject().value(QStringLiteral("gpu")).toString() == QLatin1String("h200-sxm5-141gb") ? 1 : 0;
    }
    QCOMPARE(h200, kH200MeasuredRows);
    const QJsonObject summary = o.value(QStringLiteral("summary")).toObject();
    QVERIFY(!summary.contains(QStringLiteral("synthetic")));
}

void TestCliValidate::syntheticRowsStayMarked() {
    QVERIFY(QFileInfo::exists(kSynthetic));
    // The example holds 6 rows with status ok (counted by hand in the CSV).
    const Run r = validate({QStringLiteral("--only"), QStringLiteral("measured"), QStringLiteral("--include-synthetic"), kSynthetic,
                            QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    const QJsonArray rows = o.value(QStringLiteral("rows")).toArray();
    QCOMPARE(rows.size(), kMeasuredRows + 6);
    int synthetic = 0;
    for (const QJsonValue &v : rows) {
        const QJsonObject row = v.toObject();
        if (row.value(QStringLiteral("dataset")).toString() != QStringLiteral("synthetic")) {
            continue;
        }
        ++synthetic;
        QVERIFY(row.value(QStringLiteral("predicted_ms")).toDouble() > 0);
        QVERIFY(row.value(QStringLiteral("measured_ms")).toDouble() > 0);
    }
    QCOMPARE(synthetic, 6);
    const QJsonObject summary = o.value(QStringLiteral("summary")).toObject();
    QCOMPARE(summary.value(QStringLiteral("synthetic")).toObject().value(QStringLiteral("rows")).toInt(), 6);
    // The text report labels the set too.
    const Run text = validate({QStringLiteral("--only"), QStringLiteral("measured"), QStringLiteral("--include-synthetic"), kSynthetic});
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.contains("| synthetic | h100-sxm5-80gb |"));
}

void TestCliValidate::missingFileIsOneLine() {
    const Run r = validate({QStringLiteral("--include-synthetic"), QStringLiteral("/nonexistent/rows.csv")});
    QVERIFY(r.exitCode != 0);
    QVERIFY(r.err.contains("/nonexistent/rows.csv"));
    QCOMPARE(r.err.trimmed().count('\n'), 0);
}

// The H100 and H200 rows' CSVs name their machines "vm" (each folder's README.md: a KVM guest); the
// host catalogue lists them as "measured-h100-vm" and "measured-h200-vm" and validate prices each row
// on its own, with a leave-one-family-out prediction per row. 88 of the H100's 175 rows and 85 of the
// H200's 166 are at batch 1 (counted in the CSVs).
void TestCliValidate::measuredRowsPriceOnTheirHost() {
    const Run r = validate({QStringLiteral("--only"), QStringLiteral("measured"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    for (const QJsonValue &v : o.value(QStringLiteral("rows")).toArray()) {
        const QJsonObject row = v.toObject();
        const QString gpu = row.value(QStringLiteral("gpu")).toString();
        QCOMPARE(row.value(QStringLiteral("host")).toString(),
                 gpu == QLatin1String("h200-sxm5-141gb") ? QStringLiteral("measured-h200-vm") : QStringLiteral("measured-h100-vm"));
        QVERIFY(row.value(QStringLiteral("leave_one_family_out_predicted_ms")).toDouble() > 0);
        QVERIFY(!row.value(QStringLiteral("model_family")).toString().isEmpty());
    }
    const QJsonObject b1 =
        o.value(QStringLiteral("summary")).toObject().value(QStringLiteral("measured")).toObject().value(QStringLiteral("batch_1")).toObject();
    QCOMPARE(b1.value(QStringLiteral("rows")).toInt(), 88 + 85);
    QCOMPARE(b1.value(QStringLiteral("leave_one_family_out_rows")).toInt(), 88 + 85);
    QVERIFY(b1.value(QStringLiteral("leave_one_family_out_mape")).toDouble() > 0);
    const double coverage = b1.value(QStringLiteral("leave_one_family_out_band_coverage")).toDouble();
    QVERIFY2(coverage > 0 && coverage <= 1.0, qPrintable(QString::number(coverage)));  // a share, as band_coverage
    // --no-loo skips the refits.
    const Run noLoo = validate({QStringLiteral("--only"), QStringLiteral("measured"), QStringLiteral("--json"), QStringLiteral("--no-loo")});
    QCOMPARE(noLoo.exitCode, 0);
    QVERIFY(!noLoo.out.contains("leave_one_family_out_predicted_ms"));
    // The text report has the per-host table.
    const Run text = validate({QStringLiteral("--only"), QStringLiteral("measured")});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains("| h100-sxm5-80gb | measured-h100-vm | 1 | 88 |"), text.out.constData());
    QVERIFY2(text.out.contains("| h200-sxm5-141gb | measured-h200-vm | 1 | 85 |"), text.out.constData());
}

// `--fit-host-scale` refits the measured machine's time scale: the catalogue's 0.56 is that fit
// rounded (tools/analysis/make_host_catalogue.py), so the fit lies within 0.02 of it.
void TestCliValidate::fitHostScale() {
    const Run r = validate({QStringLiteral("--fit-host-scale")});
    QCOMPARE(r.exitCode, 0);
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(out.contains(QLatin1String("h100-sxm5-80gb on host measured-h100-vm:")) &&
                 out.contains(QLatin1String("of 88 batch-1 rows host-bound")),
             qPrintable(out));
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("fitted on all of them: ([0-9.]+) .*the catalogue has ([0-9.]+)")).match(out);
    QVERIFY2(m.hasMatch(), qPrintable(out));
    QCOMPARE(m.captured(2), QStringLiteral("0.560"));
    QVERIFY2(std::abs(m.captured(1).toDouble() - 0.56) <= 0.02, qPrintable(m.captured(1)));
    QVERIFY(out.contains(QLatin1String("without resnet:")) && out.contains(QLatin1String("without bert:")));
}

// `--fit-fp32-issue` refits the kernel model's wide-issue FP32 factors on the H100 rows: the built-in
// KernelModel::kWideIssueFp32Efficiency (cuBLAS GEMMs, 0.93; 0.95 between the element-wise bound at the
// vector network's highest calibrated bandwidth and the factor's move to the compute-bound share) and
// kWideIssueFp32ConvEfficiency (cuDNN convolutions, 0.71) are that fit rounded.
void TestCliValidate::fitFp32Issue() {
    const Run r = validate({QStringLiteral("--fit-fp32-issue")});
    QCOMPARE(r.exitCode, 0);
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(out.contains(QLatin1String("GPU-bound rows in fp32 / fp32-strict on h100-sxm5-80gb")), qPrintable(out));
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("fitted on all of them: GEMMs ([0-9.]+), convolutions ([0-9.]+) .* at the built-in "
                                          "([0-9.]+) / ([0-9.]+)\\)"))
            .match(out);
    QVERIFY2(m.hasMatch(), qPrintable(out));
    QCOMPARE(m.captured(3), QStringLiteral("0.93"));
    QCOMPARE(m.captured(4), QStringLiteral("0.71"));
    QVERIFY2(std::abs(m.captured(1).toDouble() - 0.93) <= 0.01, qPrintable(m.captured(1)));
    QVERIFY2(std::abs(m.captured(2).toDouble() - 0.71) <= 0.01, qPrintable(m.captured(2)));
    QVERIFY(out.contains(QLatin1String("without bert (")) && out.contains(QLatin1String("held-out MAPE over those")));
    // The H200's rows are never fitted on (kFp32IssueFitGpus): reported as held out.
    QVERIFY2(out.contains(QLatin1String("held out (never fitted): ")) && out.contains(QLatin1String("rows on h200-sxm5-141gb")),
             qPrintable(out));
}

// `--fit-energy` refits the energy model's constants on the H100 rows' average power (EnergyParameters:
// floor 0.18, memory weight 2.08, host wait 0.05 are that fit rounded; the compute weight stays 1) and
// reports the H200's rows as held out.
void TestCliValidate::fitEnergy() {
    const Run r = validate({QStringLiteral("--fit-energy")});
    QCOMPARE(r.exitCode, 0);
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(out.contains(QLatin1String("built-in: active floor 0.180, compute weight 1.000, memory weight 2.080, host-wait share 0.050")),
             qPrintable(out));
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("fitted: +active floor ([0-9.]+), compute weight 1.000, memory weight ([0-9.]+), "
                                          "host-wait share ([0-9.]+)"))
            .match(out);
    QVERIFY2(m.hasMatch(), qPrintable(out));
    QVERIFY2(std::abs(m.captured(1).toDouble() - 0.18) <= 0.02, qPrintable(m.captured(1)));
    QVERIFY2(std::abs(m.captured(2).toDouble() - 2.08) <= 0.1, qPrintable(m.captured(2)));
    QVERIFY2(std::abs(m.captured(3).toDouble() - 0.05) <= 0.01, qPrintable(m.captured(3)));
    QVERIFY2(out.contains(QLatin1String("held out (never fitted): 166 rows on h200-sxm5-141gb")), qPrintable(out));
}

QTEST_GUILESS_MAIN(TestCliValidate)
#include "test_cli_validate.moc"
