// SPDX-License-Identifier: MIT
// Tests of `infersight-cli sweep`, `merge` and `mig`, run as processes (the built binary):
// shards written to files and merged equal the unsharded sweep; merge names missing and
// duplicated shards; mig --json has the documented fields; usage errors exit with 2.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class TestCliExplore : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void shardsMergeToTheWholeSweep_data();
    void shardsMergeToTheWholeSweep();
    void mergeNamesMissingAndDuplicateShards();
    void migJson();
    void usageErrors_data();
    void usageErrors();

private:
    struct Run {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    Run run(const QStringList &arguments);
    QString m_binary;
    QTemporaryDir m_config;
    QTemporaryDir m_work;
};

void TestCliExplore::initTestCase() {
    m_binary = QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli");
    QVERIFY2(QFile::exists(m_binary), qPrintable(m_binary + QStringLiteral(" not built")));
    QVERIFY(m_config.isValid() && m_work.isValid());
}

TestCliExplore::Run TestCliExplore::run(const QStringList &arguments) {
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("INFERSIGHT_CONFIG_DIR"), m_config.path());
    process.setProcessEnvironment(env);
    process.start(m_binary, arguments);
    Run result;
    if (!process.waitForFinished(120000)) {
        process.kill();
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

namespace {
const QStringList kSweep{QStringLiteral("sweep"), QStringLiteral("zoo:resnet18"), QStringLiteral("--gpus"),
                         QStringLiteral("a100-sxm4-40gb,t4"), QStringLiteral("--mig"), QStringLiteral("all"),
                         QStringLiteral("--batch"), QStringLiteral("1,8"), QStringLiteral("--precision"), QStringLiteral("fp16,fp8"),
                         QStringLiteral("--pareto")};
}

void TestCliExplore::shardsMergeToTheWholeSweep_data() {
    QTest::addColumn<QString>("format");
    QTest::newRow("csv") << "--csv";
    QTest::newRow("json") << "--json";
}

void TestCliExplore::shardsMergeToTheWholeSweep() {
    QFETCH(QString, format);
    const Run whole = run(kSweep + QStringList{QStringLiteral("--csv")});
    QCOMPARE(whole.exitCode, 0);
    QStringList files;
    for (int i = 1; i <= 3; ++i) {
        const QString file = m_work.filePath(QStringLiteral("shard%1%2").arg(i).arg(format == QLatin1String("--csv") ? ".csv" : ".json"));
        const Run r = run(kSweep + QStringList{format, QStringLiteral("--shard"), QStringLiteral("%1/3").arg(i), QStringLiteral("--output"), file});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        files << file;
    }
    const Run merged = run(QStringList{QStringLiteral("merge")} + files + QStringList{QStringLiteral("--csv")});
    QVERIFY2(merged.exitCode == 0, merged.err.constData());
    // Same rows as the unsharded sweep; only the shard column differs ("all" vs "1/1").
    QByteArray expected = whole.out;
    expected.replace(",1/1,", ",all,");
    QCOMPARE(merged.out, expected);
}

void TestCliExplore::mergeNamesMissingAndDuplicateShards() {
    const QString a = m_work.filePath(QStringLiteral("m1.csv"));
    const QString b = m_work.filePath(QStringLiteral("m2.csv"));
    QCOMPARE(run(kSweep + QStringList{QStringLiteral("--csv"), QStringLiteral("--shard"), QStringLiteral("1/3"), QStringLiteral("--output"), a}).exitCode, 0);
    QCOMPARE(run(kSweep + QStringList{QStringLiteral("--csv"), QStringLiteral("--shard"), QStringLiteral("2/3"), QStringLiteral("--output"), b}).exitCode, 0);
    const Run missing = run({QStringLiteral("merge"), a, b});
    QCOMPARE(missing.exitCode, 1);
    QVERIFY2(missing.err.contains("shard 3/3") && missing.err.contains("missing"), missing.err.constData());
    const Run twice = run({QStringLiteral("merge"), a, b, a});
    QCOMPARE(twice.exitCode, 1);
    QVERIFY2(twice.err.contains("given twice"), twice.err.constData());
}

void TestCliExplore::migJson() {
    const Run r = run({QStringLiteral("mig"), QStringLiteral("zoo:resnet50"), QStringLiteral("--gpu"), QStringLiteral("a100-sxm4-40gb"),
                       QStringLiteral("--batch"), QStringLiteral("8"), QStringLiteral("--precision"), QStringLiteral("fp16"),
                       QStringLiteral("--slo-ms"), QStringLiteral("50"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QVERIFY(j.contains(QStringLiteral("recommended")));
    QVERIFY(j.contains(QStringLiteral("dippm_rule")));
    const QJsonArray options = j.value(QStringLiteral("options")).toArray();
    QCOMPARE(options.size(), 7);
    QCOMPARE(options.first().toObject().value(QStringLiteral("profile")).toString(), QStringLiteral("1g.5gb"));
    for (const QJsonValue &v : options) {
        for (const char *key : {"profile", "fits", "memory_mb", "latency_ms", "replicas", "throughput_per_gpu", "energy_j"}) {
            QVERIFY2(v.toObject().contains(QLatin1String(key)), key);
        }
    }
}

void TestCliExplore::usageErrors_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("bad shard") << QStringList{"sweep", "zoo:resnet18", "--gpus", "t4", "--shard", "0/2"} << 2 << "numbered 1 to N";
    QTest::newRow("bad batch list") << QStringList{"sweep", "zoo:resnet18", "--gpus", "t4", "--batch", "1,x"} << 2 << "--batch: 'x'";
    QTest::newRow("too many shards") << QStringList{"sweep", "zoo:resnet18", "--gpus", "t4", "--shard", "2/5"} << 1 << "only 1 points";
    QTest::newRow("mig bad headroom") << QStringList{"mig", "zoo:resnet18", "--headroom", "2"} << 2 << "--headroom";
    QTest::newRow("merge nothing") << QStringList{"merge"} << 2 << "shard files";
}

void TestCliExplore::usageErrors() {
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const Run r = run(arguments);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
}

QTEST_GUILESS_MAIN(TestCliExplore)
#include "test_cli_explore.moc"
