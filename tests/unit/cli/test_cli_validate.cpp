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
#include <QtTest>

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
};

// data/measured/h100-sxm5-80gb/latency.csv holds 175 rows with status ok (the harness's own count,
// `grep -c ',ok,'`), all taken on the GPU; without --include-synthetic nothing synthetic is read.
constexpr int kH100MeasuredRows = 175;

void TestCliValidate::measuredRowsAreTheHarnessRows() {
    const Run r = validate({QStringLiteral("--only"), QStringLiteral("measured"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    const QJsonArray rows = o.value(QStringLiteral("rows")).toArray();
    QCOMPARE(rows.size(), kH100MeasuredRows);
    for (const QJsonValue &v : rows) {
        QCOMPARE(v.toObject().value(QStringLiteral("dataset")).toString(), QStringLiteral("measured"));
    }
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
    QCOMPARE(rows.size(), kH100MeasuredRows + 6);
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

QTEST_GUILESS_MAIN(TestCliValidate)
#include "test_cli_validate.moc"
