// SPDX-License-Identifier: MIT
// Tests of `infersight-cli sweep`, `merge` and `mig`, run as processes (the built binary):
// shards written to files and merged equal the unsharded sweep; merge names missing and
// duplicated shards; mig --json has the documented fields; usage errors exit with 2. Issue 15:
// list ranges (1:8:x2 is 1,2,4,8), the point limit (refused above 1,000,000 without --yes or
// --max-points, the error naming count, limit and the ways out), rows streamed while the sweep
// still runs, progress on stderr only when asked, and a project's MIG / MPS targets swept.
#include <QDir>
#include <QElapsedTimer>
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
    void rangesEqualTheirLists_data();
    void rangesEqualTheirLists();
    void pointLimit();
    void rowsStreamWhileTheSweepRuns();
    void progressOnlyWhenAsked();
    void projectTargetsAreSwept();

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
    QTest::newRow("reversed range") << QStringList{"sweep", "zoo:resnet18", "--gpus", "t4", "--batch", "64:1:+8"} << 2
                                    << "--batch: '64:1:+8': the range ends (1) before it starts (64)";
    QTest::newRow("huge range") << QStringList{"sweep", "zoo:resnet18", "--gpus", "t4", "--batch", "1:100000000000:+1"} << 2
                                << "a list holds at most 1000000";
    QTest::newRow("bad max-points") << QStringList{"sweep", "zoo:resnet18", "--gpus", "t4", "--max-points", "0"} << 2
                                    << "--max-points needs a positive integer";
}

void TestCliExplore::usageErrors() {
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const Run r = run(arguments);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
}

void TestCliExplore::rangesEqualTheirLists_data() {
    QTest::addColumn<QStringList>("range");
    QTest::addColumn<QStringList>("list");
    QTest::addColumn<int>("points");
    QTest::newRow("geometric batch") << QStringList{"--batch", "1:1024:x2"} << QStringList{"--batch", "1,2,4,8,16,32,64,128,256,512,1024"} << 11;
    QTest::newRow("arithmetic batch") << QStringList{"--batch", "1:64:+8"} << QStringList{"--batch", "1,9,17,25,33,41,49,57"} << 8;
    QTest::newRow("image range and list") << QStringList{"--image", "96,128:256:+64"} << QStringList{"--image", "96,128,192,256"} << 4;
    QTest::newRow("width range") << QStringList{"--width-mult", "0.25:1:+0.25"} << QStringList{"--width-mult", "0.25,0.5,0.75,1"} << 4;
}

void TestCliExplore::rangesEqualTheirLists() {
    QFETCH(QStringList, range);
    QFETCH(QStringList, list);
    QFETCH(int, points);
    const QStringList base{QStringLiteral("sweep"), QStringLiteral("zoo:resnet18"), QStringLiteral("--gpus"), QStringLiteral("t4"),
                           QStringLiteral("--count")};
    const Run a = run(base + range);
    const Run b = run(base + list);
    QVERIFY2(a.exitCode == 0, a.err.constData());
    QVERIFY2(b.exitCode == 0, b.err.constData());
    QVERIFY2(a.out.startsWith(QByteArray::number(points) + " points"), a.out.constData());
    QCOMPARE(a.out, b.out);  // same size and same sweep id: the range is the list
}

void TestCliExplore::pointLimit() {
    // 1000 batches x 1001 image sizes on one GPU: 1,001,000 points, 1,000 over the limit.
    const QStringList big{QStringLiteral("sweep"), QStringLiteral("zoo:resnet18"), QStringLiteral("--gpus"), QStringLiteral("t4"),
                          QStringLiteral("--batch"), QStringLiteral("1:1000"), QStringLiteral("--image"), QStringLiteral("32:1032")};
    const Run count = run(big + QStringList{QStringLiteral("--count")});
    QVERIFY2(count.exitCode == 0, count.err.constData());
    QVERIFY2(count.out.startsWith("1001000 points"), count.out.constData());
    const Run refused = run(big + QStringList{QStringLiteral("--csv")});
    QCOMPARE(refused.exitCode, 2);
    QVERIFY(refused.out.isEmpty());
    for (const char *part : {"1001000 points", "limit of 1000000", "--yes", "--max-points 1001000", "--shard I/N"}) {
        QVERIFY2(refused.err.contains(part), refused.err.constData());
    }
    // A shard's share is what counts: shard 2/3 of that sweep runs 333,667 points, under the limit,
    // but a --max-points below it refuses it, naming the shard.
    const Run shardRefused = run(big + QStringList{QStringLiteral("--shard"), QStringLiteral("2/3"), QStringLiteral("--max-points"),
                                                   QStringLiteral("1000")});
    QCOMPARE(shardRefused.exitCode, 2);
    QVERIFY2(shardRefused.err.contains("333667 points (shard 2/3 of a 1001000-point sweep)") &&
                 shardRefused.err.contains("limit of 1000"),
             shardRefused.err.constData());
    // At the limit exactly it runs.
    const QStringList small{QStringLiteral("sweep"), QStringLiteral("zoo:resnet18"), QStringLiteral("--gpus"), QStringLiteral("t4"),
                            QStringLiteral("--batch"), QStringLiteral("1:4"), QStringLiteral("--csv")};
    const Run atLimit = run(small + QStringList{QStringLiteral("--max-points"), QStringLiteral("4")});
    QVERIFY2(atLimit.exitCode == 0, atLimit.err.constData());
    QCOMPARE(atLimit.out.count('\n'), 5);  // header + 4 rows
    const Run over = run(small + QStringList{QStringLiteral("--max-points"), QStringLiteral("3")});
    QCOMPARE(over.exitCode, 2);
    QVERIFY2(over.err.contains("4 points") && over.err.contains("limit of 3"), over.err.constData());
    const Run yes = run(small + QStringList{QStringLiteral("--max-points"), QStringLiteral("3"), QStringLiteral("--yes")});
    QVERIFY2(yes.exitCode == 0, yes.err.constData());
}

void TestCliExplore::rowsStreamWhileTheSweepRuns() {
    // 4000 batch sizes: a graph per point, far longer to run than to show its first row. The first
    // rows must be readable while the process is still running (they used to come at the end).
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("INFERSIGHT_CONFIG_DIR"), m_config.path());
    process.setProcessEnvironment(env);
    process.start(m_binary, {QStringLiteral("sweep"), QStringLiteral("zoo:resnet18"), QStringLiteral("--gpus"), QStringLiteral("t4"),
                             QStringLiteral("--batch"), QStringLiteral("1:4000"), QStringLiteral("--json")});
    QVERIFY(process.waitForStarted());
    QByteArray out;
    QElapsedTimer waited;
    waited.start();
    while (out.count('\n') < 3 && waited.elapsed() < 60000 && process.state() == QProcess::Running) {
        process.waitForReadyRead(1000);
        out += process.readAllStandardOutput();
    }
    const bool stillRunning = process.state() == QProcess::Running;
    process.kill();
    process.waitForFinished();
    QVERIFY2(stillRunning, "the sweep finished before its first rows were read: rows are not streamed");
    // The head, then one JSON object per line.
    const QList<QByteArray> lines = out.split('\n');
    QVERIFY2(lines.size() >= 3, out.constData());
    QVERIFY(lines[0].startsWith("{") && lines[0].contains("\"sweep_id\"") && lines[0].endsWith("\"rows\":["));
    QJsonParseError error;
    const QJsonObject first = QJsonDocument::fromJson(lines[1].endsWith(',') ? lines[1].chopped(1) : lines[1], &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(first.value(QStringLiteral("batch")).toInt(), 1);
    QVERIFY(first.value(QStringLiteral("latency_ms")).toDouble() > 0);
}

void TestCliExplore::progressOnlyWhenAsked() {
    const QStringList sweep{QStringLiteral("sweep"), QStringLiteral("zoo:resnet18"), QStringLiteral("--gpus"), QStringLiteral("t4"),
                            QStringLiteral("--batch"), QStringLiteral("1:4"), QStringLiteral("--json")};
    const Run quiet = run(sweep);  // stderr is a pipe here, not a terminal
    QVERIFY2(quiet.exitCode == 0, quiet.err.constData());
    QVERIFY2(!quiet.err.contains("sweep: "), quiet.err.constData());
    QJsonParseError error;
    const QJsonObject doc = QJsonDocument::fromJson(quiet.out, &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(doc.value(QStringLiteral("rows")).toArray().size(), 4);
    const Run loud = run(sweep + QStringList{QStringLiteral("--progress")});
    QVERIFY2(loud.exitCode == 0, loud.err.constData());
    QVERIFY2(loud.err.contains("sweep: 4 of 4 points (100.0 %)"), loud.err.constData());
    QCOMPARE(loud.out, quiet.out);  // progress never goes to stdout
}

void TestCliExplore::projectTargetsAreSwept() {
    // A project whose targets are an A100 MIG 1g.5gb slice and an H100 MPS 50 % share: the sweep
    // runs those, not the whole GPUs (the bug: same sweep id and rows as without the slices).
    const QString project = m_work.filePath(QStringLiteral("sliced.infersight"));
    QFile file(project);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "infersight-project", "version": 1, "model": {"source": "zoo:resnet18"},
                  "knobs": {"batch": 8, "precision": "fp16", "runtime": "eager"}, "structure": {"width_multiplier": 1},
                  "edits": [], "node_precisions": {},
                  "targets": [{"gpu": "a100-sxm4-40gb", "mig": "1g.5gb"}, {"gpu": "h100-sxm5-80gb", "mps": 50}]})");
    file.close();
    const Run sliced = run({QStringLiteral("sweep"), project, QStringLiteral("--csv")});
    QVERIFY2(sliced.exitCode == 0, sliced.err.constData());
    auto table = QString::fromUtf8(sliced.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(table.size(), 3);  // header + 2 targets
    QVERIFY2(table[1].contains(QStringLiteral("A100-SXM4-40GB MIG 1g.5gb")), qPrintable(table[1]));
    QVERIFY2(table[2].contains(QStringLiteral(",50,")), qPrintable(table[2]));
    const Run whole = run({QStringLiteral("sweep"), QStringLiteral("zoo:resnet18"), QStringLiteral("--gpus"),
                           QStringLiteral("a100-sxm4-40gb,h100-sxm5-80gb"), QStringLiteral("--batch"), QStringLiteral("8"),
                           QStringLiteral("--precision"), QStringLiteral("fp16"), QStringLiteral("--count")});
    const Run slicedCount = run({QStringLiteral("sweep"), project, QStringLiteral("--count")});
    QVERIFY(whole.exitCode == 0 && slicedCount.exitCode == 0);
    QVERIFY2(whole.out.split(' ').last() != slicedCount.out.split(' ').last(), slicedCount.out.constData());
    // --gpus on the command line replaces the project's targets.
    const Run replaced = run({QStringLiteral("sweep"), project, QStringLiteral("--gpus"), QStringLiteral("t4"), QStringLiteral("--count")});
    QVERIFY2(replaced.out.startsWith("1 points"), replaced.out.constData());
}

QTEST_GUILESS_MAIN(TestCliExplore)
#include "test_cli_explore.moc"
