// SPDX-License-Identifier: MIT
// infersight-cli given hostile files (issue 15, items 1 and 3), as a user runs it (the built
// executable in a child process with a time limit, so that a hang fails the test instead of
// blocking it): FIFOs and links to /dev/zero as model, config, project, --gpu-file, --prices and
// merge shard are refused promptly with a message naming the file (issue 15 items 9 and 11: a
// project's unknown fields warn and its unknown MIG profile is refused; --seq on a CNN and --image
// on BERT warn instead of being echoed); --output onto /dev/null (or a
// link to it) writes in place and leaves the device a device; ONNX nodes that crashed libonnx's
// shape inference (stride 0, dilation 0, negative pads, kernel 0, Split without outputs) make
// `inspect` exit normally (not SIGFPE, exit 136), naming the node.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

namespace {

struct Run {
    bool finished = false;
    bool crashed = false;
    int exitCode = -1;
    QString out;
    QString err;
    qint64 ms = 0;
};

// Runs the CLI with a 30 s limit: a hang is killed and reported as not finished.
Run cli(const QStringList &args, const QString &configDir) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("INFERSIGHT_CONFIG_DIR"), configDir);
    p.setProcessEnvironment(env);
    QElapsedTimer timer;
    timer.start();
    p.start(QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli"), args);
    Run r;
    r.finished = p.waitForFinished(30000);
    if (!r.finished) {
        p.kill();
        p.waitForFinished(5000);
    }
    r.ms = timer.elapsed();
    r.crashed = p.exitStatus() == QProcess::CrashExit;
    r.exitCode = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QString hostile(const char *name) { return QStringLiteral(INFERSIGHT_FIXTURES_DIR "/hostile/") + QLatin1String(name); }

}  // namespace

class TestCliHostileFiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void specialFilesRefused_data();
    void specialFilesRefused();
    void outputOntoDevice();
    void libonnxCrashersInspected_data();
    void libonnxCrashersInspected();
    void knobsThatDoNotApplyWarn_data();
    void knobsThatDoNotApplyWarn();
    void projectProblemsNamed();
    void warningsInJson_data();
    void warningsInJson();

private:
    QTemporaryDir m_dir;
    QString m_config;
};

void TestCliHostileFiles::initTestCase() {
    QVERIFY2(QFileInfo::exists(QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli")), "infersight-cli is not built");
    QVERIFY(m_dir.isValid());
    m_config = m_dir.filePath(QStringLiteral("config"));  // keeps the developer's own GPUs out
    QVERIFY(QDir().mkpath(m_config));
    for (const char *name : {"model.onnx", "gpu.json", "prices.csv", "shard.csv", "run.infersight"}) {
        QCOMPARE(::mkfifo(QFile::encodeName(m_dir.filePath(QLatin1String(name))).constData(), 0600), 0);
    }
    for (const char *name : {"config.json", "zero.onnx", "zero-gpu.json", "zero.infersight"}) {
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), m_dir.filePath(QLatin1String(name))));
    }
}

void TestCliHostileFiles::specialFilesRefused_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("kind");
    const QString d = m_dir.path() + QLatin1Char('/');
    auto row = [&](const char *name, const QStringList &args, const QString &file, const char *kind) {
        QTest::newRow(name) << args << file << QString::fromLatin1(kind);
    };
    row("inspect fifo model", {"inspect", d + "model.onnx"}, d + "model.onnx", "FIFO");
    row("predict fifo model", {"predict", d + "model.onnx", "--gpu", "t4"}, d + "model.onnx", "FIFO");
    row("inspect /dev/zero model", {"inspect", d + "zero.onnx"}, d + "zero.onnx", "character device");
    row("predict /dev/zero config", {"predict", d + "config.json", "--gpu", "t4"}, d + "config.json", "character device");
    row("predict fifo project", {"predict", d + "run.infersight", "--gpu", "t4"}, d + "run.infersight", "FIFO");
    row("predict /dev/zero project", {"predict", d + "zero.infersight", "--gpu", "t4"}, d + "zero.infersight",
        "character device");
    row("fifo gpu file", {"predict", "zoo:resnet18", "--gpu-file", d + "gpu.json"}, d + "gpu.json", "FIFO");
    row("/dev/zero gpu file", {"predict", "zoo:resnet18", "--gpu-file", d + "zero-gpu.json"}, d + "zero-gpu.json",
        "character device");
    row("fifo prices", {"sweep", "zoo:resnet18", "--gpus", "t4", "--prices", d + "prices.csv"}, d + "prices.csv", "FIFO");
    row("fifo merge shard", {"merge", d + "shard.csv"}, d + "shard.csv", "FIFO");
}

void TestCliHostileFiles::specialFilesRefused() {
    QFETCH(QStringList, args);
    QFETCH(QString, file);
    QFETCH(QString, kind);
    const Run r = cli(args, m_config);
    QVERIFY2(r.finished, qPrintable(QStringLiteral("still running after 30 s: ") + args.join(QLatin1Char(' '))));
    QVERIFY2(!r.crashed, qPrintable(r.err));
    QVERIFY2(r.exitCode != 0, qPrintable(r.out));
    QVERIFY2(r.err.contains(file), qPrintable(r.err));
    QVERIFY2(r.err.contains(kind), qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("not a regular file")), qPrintable(r.err));
}

void TestCliHostileFiles::outputOntoDevice() {
    // A shard written to a regular file, merged onto /dev/null and a link to it: written in place.
    const QString shard = m_dir.filePath(QStringLiteral("real-shard.csv"));
    const Run sweep = cli({QStringLiteral("sweep"), QStringLiteral("zoo:resnet18"), QStringLiteral("--gpus"), QStringLiteral("t4"),
                           QStringLiteral("--csv"), QStringLiteral("--output"), shard},
                          m_config);
    QVERIFY2(sweep.finished && sweep.exitCode == 0, qPrintable(sweep.err));
    QVERIFY(QFileInfo(shard).isFile());
    const QString link = m_dir.filePath(QStringLiteral("null-link.csv"));
    QVERIFY(QFile::link(QStringLiteral("/dev/null"), link));
    for (const QString &target : {QStringLiteral("/dev/null"), link}) {
        const Run merge = cli({QStringLiteral("merge"), shard, QStringLiteral("--output"), target}, m_config);
        QVERIFY2(merge.finished && merge.exitCode == 0, qPrintable(merge.err));
    }
    struct stat st {};
    QCOMPARE(::stat("/dev/null", &st), 0);
    QVERIFY(S_ISCHR(st.st_mode));
    QCOMPARE(::lstat(QFile::encodeName(link).constData(), &st), 0);
    QVERIFY(S_ISLNK(st.st_mode));
}

void TestCliHostileFiles::libonnxCrashersInspected_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("mention");
    // tools/fixtures/export_hostile_onnx_fixtures.py; before the fix, each ended `inspect` with
    // SIGFPE (exit 136) inside libonnx's convPoolShapeInference or Split inference.
    QTest::newRow("conv stride 0") << hostile("conv_stride0.onnx") << QStringLiteral("strides");
    QTest::newRow("conv dilation 0") << hostile("conv_dilation0.onnx") << QStringLiteral("dilations");
    QTest::newRow("conv negative pads") << hostile("conv_negative_pads.onnx") << QStringLiteral("pads");
    QTest::newRow("maxpool stride 0") << hostile("maxpool_stride0.onnx") << QStringLiteral("strides");
    QTest::newRow("averagepool stride 0") << hostile("averagepool_stride0.onnx") << QStringLiteral("strides");
    QTest::newRow("lppool stride 0") << hostile("lppool_stride0.onnx") << QStringLiteral("strides");
    QTest::newRow("maxpool kernel 0") << hostile("maxpool_kernel0.onnx") << QStringLiteral("kernel_shape");
    QTest::newRow("split without outputs") << hostile("split_no_outputs.onnx") << QStringLiteral("split");
    QTest::newRow("stride 0 inside If") << hostile("conv_stride0_in_if.onnx") << QStringLiteral("strides");
}

void TestCliHostileFiles::libonnxCrashersInspected() {
    QFETCH(QString, file);
    QFETCH(QString, mention);
    const Run r = cli({QStringLiteral("inspect"), file}, m_config);
    QVERIFY2(r.finished, "inspect hangs");
    QVERIFY2(!r.crashed, qPrintable(QStringLiteral("inspect crashed: ") + r.err));
    QVERIFY2(r.exitCode == 0 || r.exitCode == 1 || r.exitCode == 2, qPrintable(QString::number(r.exitCode) + r.err));
    QVERIFY2((r.out + r.err).contains(mention), qPrintable(r.out + r.err));
}

void TestCliHostileFiles::knobsThatDoNotApplyWarn_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("warning");
    QTest::addColumn<QString>("notEchoed");
    QTest::newRow("--seq on a CNN") << QStringList{"predict", "zoo:resnet18", "--gpu", "t4", "--seq", "128"}
                                    << "warning: --seq 128 does not apply to zoo:resnet18" << "sequence 128";
    QTest::newRow("--image on BERT") << QStringList{"predict", "zoo:bert-base", "--gpu", "t4", "--image", "512"}
                                     << "warning: --image does not apply to zoo:bert-base" << "512x512";
}

void TestCliHostileFiles::knobsThatDoNotApplyWarn() {
    QFETCH(QStringList, args);
    QFETCH(QString, warning);
    QFETCH(QString, notEchoed);
    const Run r = cli(args, m_config);
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(warning), qPrintable(r.err));
    QVERIFY2(!r.out.contains(notEchoed), qPrintable(r.out));
    // The knob that does apply is not warned about.
    const Run plain = cli({QStringLiteral("predict"), QStringLiteral("zoo:resnet18"), QStringLiteral("--gpu"), QStringLiteral("t4"),
                           QStringLiteral("--image"), QStringLiteral("160")},
                          m_config);
    QVERIFY2(plain.finished && plain.exitCode == 0, qPrintable(plain.err));
    QVERIFY2(!plain.err.contains(QLatin1String("warning")), qPrintable(plain.err));
}

void TestCliHostileFiles::projectProblemsNamed() {
    const QString typo = m_dir.filePath(QStringLiteral("typo.infersight"));
    QFile f(typo);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "infersight-project", "version": 1, "model": {"source": "zoo:resnet18"},
        "knobs": {"batch": 1, "precision": "fp32", "runtime": "eager"}, "edits": [], "knbos": {"batch": 64}})");
    f.close();
    const Run warned = cli({QStringLiteral("predict"), typo, QStringLiteral("--gpu"), QStringLiteral("t4")}, m_config);
    QVERIFY2(warned.finished && warned.exitCode == 0, qPrintable(warned.err));
    QVERIFY2(warned.err.contains(typo + QStringLiteral(": unknown field 'knbos' is ignored")), qPrintable(warned.err));

    const QString badMig = m_dir.filePath(QStringLiteral("mig.infersight"));
    QFile g(badMig);
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write(R"({"format": "infersight-project", "version": 1, "model": {"source": "zoo:resnet18"},
        "knobs": {"batch": 1, "precision": "fp32", "runtime": "eager"}, "edits": [],
        "targets": [{"gpu": "a100-sxm4-40gb", "mig": "5g.99gb"}]})");
    g.close();
    const Run refused = cli({QStringLiteral("predict"), badMig, QStringLiteral("--gpu"), QStringLiteral("t4")}, m_config);
    QVERIFY2(refused.finished && refused.exitCode != 0, qPrintable(refused.out));
    QVERIFY2(refused.err.contains(badMig) && refused.err.contains(QLatin1String("unknown MIG profile '5g.99gb'")),
             qPrintable(refused.err));
}

// The same warnings reach the "warnings" array of --json (predict, and inspect's "model"), not only
// stderr: a script reading the JSON sees that its knob or its project field was ignored.
void TestCliHostileFiles::warningsInJson_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("warning");
    QTest::newRow("predict --seq on a CNN") << QStringList{"predict", "zoo:resnet18", "--gpu", "t4", "--seq", "128", "--json"}
                                            << "--seq 128 does not apply to zoo:resnet18";
    QTest::newRow("inspect --image on BERT") << QStringList{"inspect", "zoo:bert-base", "--image", "512", "--json"}
                                             << "--image does not apply to zoo:bert-base";
    QTest::newRow("predict project field") << QStringList{"predict", "@TYPO@", "--gpu", "t4", "--json"}
                                           << "@TYPO@: unknown field 'knbos' is ignored";
    QTest::newRow("inspect project field") << QStringList{"inspect", "@TYPO@", "--json"} << "@TYPO@: unknown field 'knbos' is ignored";
}

void TestCliHostileFiles::warningsInJson() {
    QFETCH(QStringList, args);
    QFETCH(QString, warning);
    const QString typo = m_dir.filePath(QStringLiteral("typo-json.infersight"));
    QFile f(typo);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "infersight-project", "version": 1, "model": {"source": "zoo:resnet18"},
        "knobs": {"batch": 1, "precision": "fp32", "runtime": "eager"}, "edits": [], "knbos": {"batch": 64}})");
    f.close();
    args.replaceInStrings(QStringLiteral("@TYPO@"), typo);
    warning.replace(QStringLiteral("@TYPO@"), typo);
    const Run r = cli(args, m_config);
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.err));
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    // predict: top-level "warnings"; inspect: the model summary's (inspect_report.h).
    const QJsonArray warnings = root.contains(QStringLiteral("warnings")) ? root.value(QStringLiteral("warnings")).toArray()
                                                                            : root.value(QStringLiteral("model")).toObject().value(QStringLiteral("warnings")).toArray();
    bool found = false;
    for (const QJsonValue &v : warnings) {
        found = found || v.toString().startsWith(warning);
    }
    QVERIFY2(found, qPrintable(QString::fromUtf8(QJsonDocument(warnings).toJson())));
    QVERIFY2(r.err.contains(QStringLiteral("warning: ") + warning), qPrintable(r.err));  // and on stderr, as before
}

QTEST_GUILESS_MAIN(TestCliHostileFiles)
#include "test_cli_hostile_files.moc"
