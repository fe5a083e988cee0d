// SPDX-License-Identifier: MIT
// Tests of `infersight-cli hosts` and of `--host` on predict, as a user runs them (the built
// executable in a child process). Expected values: the systems of /work/shared/data/hosts/
// systems.csv (21) plus "unspecified"; the DGX A100's CPU (AMD EPYC 7742) and the A100 SXM's
// default host from the same file; the host model of docs/predictor.md "Host systems" (DGX-1
// fitted, DGX A100 assumed at x0.6 of its host costs).
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
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
}

void TestCliHosts::json() {
    const Run r = cli({QStringLiteral("hosts"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray hosts = QJsonDocument::fromJson(r.out.toUtf8()).array();
    QCOMPARE(hosts.size(), 22);
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
    QCOMPARE(host.value(QStringLiteral("time_scale")).toDouble(), 0.6);
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

QTEST_GUILESS_MAIN(TestCliHosts)
#include "test_cli_hosts.moc"
