// SPDX-License-Identifier: MIT
// Tests of `infersight-cli hosts` and of `--host` on predict, as a user runs them (the built
// executable in a child process). Expected values: the systems of /work/shared/data/hosts/
// systems.csv (21) plus the H100 machine of data/measured and "unspecified"; the DGX A100's CPU
// (AMD EPYC 7742) and the A100 SXM's default host from the same file; the host model of
// docs/predictor.md "Host systems" (DGX-1 fitted, DGX A100 assumed at x0.56 of its host costs: the
// scale fitted on the measured H100 machine, `validate --fit-host-scale`). `mig` and `report` take --host too (the
// report's PDF is checked in tests/gui/report/test_pdf_report.cpp).
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run cli(const QStringList &args) {
    QProcess p;
    p.start(QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli"), args);
    p.waitForFinished(120000);
    return Run{p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

QJsonObject predictJson(const QString &host) {
    QStringList args{QStringLiteral("predict"), QStringLiteral("zoo:resnet50"), QStringLiteral("--gpu"),
                     QStringLiteral("a100-sxm4-40gb"), QStringLiteral("--json")};
    if (!host.isEmpty()) {
        args << QStringLiteral("--host") << host;
    }
    const Run r = cli(args);
    if (r.exitCode != 0) {
        qWarning("%s", qPrintable(r.err));
    }
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

}  // namespace

class TestCliHosts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void table();
    void json();
    void defaultOfGpu();
    void predictNamesHost();
    void predictOnOtherHost();
    void unknownHost();
    void migNamesHost_data();
    void migNamesHost();
    void migTakesProjectHost();
    void migAndReportRefuseUnknownHost_data();
    void migAndReportRefuseUnknownHost();
};

void TestCliHosts::initTestCase() {
    QVERIFY2(QFileInfo::exists(QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli")), "infersight-cli is not built");
}

void TestCliHosts::table() {
    const Run r = cli({QStringLiteral("hosts")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(QLatin1String("dgx-h100")));
    QVERIFY(r.out.contains(QLatin1String("AMD EPYC 7742")));
    QVERIFY(r.out.contains(QLatin1String("fitted")));
    QVERIFY(r.out.contains(QLatin1String("assumed")));
    // The measured H100 machine: fitted scale 0.56 with its own band 0.6-1.8 (not the calibration's "fit").
    bool sawVm = false;
    for (const QString &line : r.out.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("measured-h100-vm"))) {
            sawVm = true;
            QVERIFY2(line.contains(QLatin1String("fitted")) && line.contains(QLatin1String("0.56")) &&
                         line.contains(QLatin1String("0.6-1.8")),
                     qPrintable(line));
        }
    }
    QVERIFY(sawVm);
    // predict names it with its scale.
    const Run p = cli({QStringLiteral("predict"), QStringLiteral("zoo:resnet50"), QStringLiteral("--gpu"),
                       QStringLiteral("h100-sxm5-80gb"), QStringLiteral("--host"), QStringLiteral("measured-h100-vm")});
    QCOMPARE(p.exitCode, 0);
    QVERIFY2(p.out.contains(QLatin1String("fitted (host costs x0.56")), qPrintable(p.out));
}

void TestCliHosts::json() {
    const Run r = cli({QStringLiteral("hosts"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray hosts = QJsonDocument::fromJson(r.out.toUtf8()).array();
    QCOMPARE(hosts.size(), 26);  // 21 systems, AWS g6e, the two measured machines, "workstation", "unspecified"
    bool sawDgx1 = false;
    for (const QJsonValue &v : hosts) {
        const QJsonObject h = v.toObject();
        if (h.value(QStringLiteral("id")).toString() == QLatin1String("dgx-1")) {
            sawDgx1 = true;
            QCOMPARE(h.value(QStringLiteral("calibration")).toString(), QStringLiteral("fitted"));
            QCOMPARE(h.value(QStringLiteral("single_thread_score")).toInt(), 2141);
        }
    }
    QVERIFY(sawDgx1);
}

void TestCliHosts::defaultOfGpu() {
    const Run r = cli({QStringLiteral("hosts"), QStringLiteral("--gpu"), QStringLiteral("a100-sxm4-80gb"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject h = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(h.value(QStringLiteral("id")).toString(), QStringLiteral("dgx-a100"));
    QCOMPARE(h.value(QStringLiteral("cpu_model")).toString(), QStringLiteral("AMD EPYC 7742"));
    const Run bad = cli({QStringLiteral("hosts"), QStringLiteral("--gpu"), QStringLiteral("a100-9000")});
    QVERIFY(bad.exitCode != 0);
    QVERIFY2(bad.err.contains(QLatin1String("unknown GPU 'a100-9000'")), qPrintable(bad.err));
}

void TestCliHosts::predictNamesHost() {
    const QJsonObject p = predictJson({});
    const QJsonObject host = p.value(QStringLiteral("host")).toObject();
    QCOMPARE(host.value(QStringLiteral("id")).toString(), QStringLiteral("dgx-a100"));
    QCOMPARE(host.value(QStringLiteral("calibration")).toString(), QStringLiteral("assumed"));
    QCOMPARE(host.value(QStringLiteral("time_scale")).toDouble(), 0.56);
    const Run text = cli({QStringLiteral("predict"), QStringLiteral("zoo:resnet50"), QStringLiteral("--gpu"),
                          QStringLiteral("a100-sxm4-40gb")});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(QLatin1String("host NVIDIA DGX A100")) && text.out.contains(QLatin1String("assumed")),
             qPrintable(text.out));
}

void TestCliHosts::predictOnOtherHost() {
    const QJsonObject onDefault = predictJson({});
    const QJsonObject onDgx1 = predictJson(QStringLiteral("dgx-1"));
    QCOMPARE(onDgx1.value(QStringLiteral("host")).toObject().value(QStringLiteral("calibration")).toString(),
             QStringLiteral("fitted"));
    QCOMPARE(onDgx1.value(QStringLiteral("target")).toObject().value(QStringLiteral("key")).toString(),
             QStringLiteral("a100-sxm4-40gb:host=dgx-1"));
    // Batch 1 on an A100 is host-bound: the DGX-1's slower host makes the pass slower.
    QVERIFY(onDgx1.value(QStringLiteral("latency_ms")).toDouble() > onDefault.value(QStringLiteral("latency_ms")).toDouble());
}

void TestCliHosts::unknownHost() {
    const Run r = cli({QStringLiteral("predict"), QStringLiteral("zoo:resnet50"), QStringLiteral("--gpu"), QStringLiteral("t4"),
                       QStringLiteral("--host"), QStringLiteral("dgx-9")});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains(QLatin1String("unknown host 'dgx-9'")) && r.err.contains(QLatin1String("aws-g4dn")), qPrintable(r.err));
}

namespace {

QJsonObject migJson(const QStringList &extra) {
    const Run r = cli(QStringList{QStringLiteral("mig"), QStringLiteral("zoo:resnet50"), QStringLiteral("--batch"), QStringLiteral("1"),
                                  QStringLiteral("--json")} +
                      extra);
    if (r.exitCode != 0) {
        qWarning("%s", qPrintable(r.err));
    }
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

double latencyOf(const QJsonObject &plan, const QString &profile) {
    for (const QJsonValue &v : plan.value(QStringLiteral("options")).toArray()) {
        if (v.toObject().value(QStringLiteral("profile")).toString() == profile) {
            return v.toObject().value(QStringLiteral("latency_ms")).toDouble();
        }
    }
    return -1;
}

}  // namespace

// `mig --host` resolves the host as predict does: the A100 SXM's usual system is the DGX A100
// (systems.csv), --host dgx-1 takes the fitted DGX-1, and every slice keeps the host.
void TestCliHosts::migNamesHost_data() {
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("name");
    QTest::newRow("default") << QString() << "dgx-a100" << "NVIDIA DGX A100";
    QTest::newRow("dgx-1") << "dgx-1" << "dgx-1" << "NVIDIA DGX-1";
}

void TestCliHosts::migNamesHost() {
    QFETCH(QString, host);
    QFETCH(QString, id);
    QFETCH(QString, name);
    QStringList args{QStringLiteral("--gpu"), QStringLiteral("a100-sxm4-40gb")};
    if (!host.isEmpty()) {
        args << QStringLiteral("--host") << host;
    }
    const QJsonObject plan = migJson(args);
    QCOMPARE(plan.value(QStringLiteral("host")).toObject().value(QStringLiteral("id")).toString(), id);
    const Run text = cli(QStringList{QStringLiteral("mig"), QStringLiteral("zoo:resnet50"), QStringLiteral("--batch"), QStringLiteral("1")} + args);
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(QStringLiteral("host ") + name), qPrintable(text.out));
    // The 7g.40gb slice at batch 1 is host-bound (as the whole A100 is in predictOnOtherHost): on
    // the DGX-1 (host costs x1.0 of the fitted server's, vs x0.56 assumed for the DGX A100) the
    // same slice is slower.
    if (!host.isEmpty()) {
        const QJsonObject onDefault = migJson({QStringLiteral("--gpu"), QStringLiteral("a100-sxm4-40gb")});
        QVERIFY2(latencyOf(plan, QStringLiteral("7g.40gb")) > latencyOf(onDefault, QStringLiteral("7g.40gb")),
                 qPrintable(QStringLiteral("%1 vs %2").arg(latencyOf(plan, QStringLiteral("7g.40gb"))).arg(latencyOf(onDefault, QStringLiteral("7g.40gb")))));
    }
}

void TestCliHosts::migTakesProjectHost() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("slice.infersight"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "infersight-project", "version": 1, "model": {"source": "zoo:resnet50"},
                  "knobs": {"batch": 1, "precision": "fp32", "runtime": "eager"}, "edits": [],
                  "targets": [{"gpu": "a100-sxm4-40gb", "mig": "1g.5gb", "host": "dgx-1"}]})");
    file.close();
    const Run r = cli({QStringLiteral("mig"), path, QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject plan = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(plan.value(QStringLiteral("gpu")).toString(), QStringLiteral("a100-sxm4-40gb"));
    QCOMPARE(plan.value(QStringLiteral("host")).toObject().value(QStringLiteral("id")).toString(), QStringLiteral("dgx-1"));
    // --host overrides the project's.
    const Run over = cli({QStringLiteral("mig"), path, QStringLiteral("--host"), QStringLiteral("aws-p4d"), QStringLiteral("--json")});
    QVERIFY2(over.exitCode == 0, qPrintable(over.err));
    QCOMPARE(QJsonDocument::fromJson(over.out.toUtf8()).object().value(QStringLiteral("host")).toObject().value(QStringLiteral("id")).toString(),
             QStringLiteral("aws-p4d"));
}

void TestCliHosts::migAndReportRefuseUnknownHost_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("mig unknown") << QStringList{"mig", "zoo:resnet18", "--gpu", "a100-sxm4-40gb", "--host", "dgx-9"} << "unknown host 'dgx-9'";
    QTest::newRow("mig empty") << QStringList{"mig", "zoo:resnet18", "--host", " "} << "--host expects a host id";
    QTest::newRow("report unknown") << QStringList{"report", "zoo:resnet18", "--gpus", "t4", "--host", "dgx-9", "-o", "/tmp/never-written.pdf"}
                                    << "unknown host 'dgx-9'";
}

void TestCliHosts::migAndReportRefuseUnknownHost() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run r = cli(arguments);
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains(message) && (message.startsWith(QLatin1String("--")) || r.err.contains(QLatin1String("aws-g4dn"))),
             qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestCliHosts)
#include "test_cli_hosts.moc"
