// SPDX-License-Identifier: MIT
// Tests of `infersight-cli inspect` as a user runs it: the built executable in a child process.
// JSON keys are the ones issue 2 requires; resnet18's figures are torchvision's published ones
// (1.814 GMACs at 224x224) and the fixture's params_in_file (11,684,712, BatchNorm folded).
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct CliRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

CliRun runCli(const QStringList &args) {
    QProcess p;
    p.start(QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli"), args);
    CliRun run;
    if (!p.waitForFinished(120000)) {
        p.kill();
        return run;
    }
    run.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    run.out = p.readAllStandardOutput();
    run.err = p.readAllStandardError();
    return run;
}

QString fixture(const QString &file) { return QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx/") + file; }

}  // namespace

class TestCliInspect : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void jsonOfResnet18();
    void batchAndImageOptions();
    void tableOfResnet18();
    void errors_data();
    void errors();
    void help();
};

void TestCliInspect::initTestCase() {
    QVERIFY2(QFileInfo::exists(QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli")), "infersight-cli is not built");
    QVERIFY2(QFileInfo::exists(fixture(QStringLiteral("resnet18.onnx"))), "fixture resnet18.onnx is missing (it is committed)");
}

void TestCliInspect::jsonOfResnet18() {
    const CliRun run = runCli({QStringLiteral("inspect"), fixture(QStringLiteral("resnet18.onnx")), QStringLiteral("--json")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.err.isEmpty());
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(run.out, &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    const QJsonObject model = doc.object().value(QStringLiteral("model")).toObject();
    for (const char *key : {"name", "nodes", "params", "macs", "flops", "weights_bytes", "unknown_shapes", "unsupported_ops"}) {
        QVERIFY2(model.contains(QLatin1String(key)), key);
    }
    QCOMPARE(model.value(QStringLiteral("name")).toString(), QStringLiteral("resnet18"));
    QCOMPARE(model.value(QStringLiteral("params")).toInteger(), qint64(11684712));
    QCOMPARE(model.value(QStringLiteral("unknown_shapes")).toInt(), 0);
    QVERIFY(model.value(QStringLiteral("unsupported_ops")).toArray().isEmpty());
    const double gmacs = static_cast<double>(model.value(QStringLiteral("macs")).toInteger()) / 1e9;
    QVERIFY2(std::abs(gmacs - 1.814) / 1.814 < 0.02, qPrintable(QString::number(gmacs)));
    const QJsonArray nodes = doc.object().value(QStringLiteral("nodes")).toArray();
    QCOMPARE(nodes.size(), model.value(QStringLiteral("nodes")).toInt());
    const QJsonObject first = nodes.at(0).toObject();
    for (const char *key : {"name", "op", "inputs", "outputs", "params", "macs", "flops", "bytes_read", "bytes_written"}) {
        QVERIFY2(first.contains(QLatin1String(key)), key);
    }
    QCOMPARE(first.value(QStringLiteral("op")).toString(), QStringLiteral("Conv"));
    QCOMPARE(first.value(QStringLiteral("inputs")).toArray().at(0).toArray(), (QJsonArray{1, 3, 224, 224}));
    QCOMPARE(first.value(QStringLiteral("outputs")).toArray().at(0).toArray(), (QJsonArray{1, 64, 112, 112}));
}

void TestCliInspect::batchAndImageOptions() {
    const CliRun run = runCli({QStringLiteral("inspect"), fixture(QStringLiteral("resnet18.onnx")), QStringLiteral("--json"),
                               QStringLiteral("--batch"), QStringLiteral("8"), QStringLiteral("--image"), QStringLiteral("256x320")});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject root = QJsonDocument::fromJson(run.out).object();
    const QJsonObject first = root.value(QStringLiteral("nodes")).toArray().at(0).toObject();
    QCOMPARE(first.value(QStringLiteral("inputs")).toArray().at(0).toArray(), (QJsonArray{8, 3, 256, 320}));
    const QJsonArray outputs = root.value(QStringLiteral("model")).toObject().value(QStringLiteral("outputs")).toArray();
    QCOMPARE(outputs.at(0).toObject().value(QStringLiteral("shape")).toArray(), (QJsonArray{8, 1000}));
}

void TestCliInspect::tableOfResnet18() {
    const CliRun run = runCli({QStringLiteral("inspect"), fixture(QStringLiteral("resnet18.onnx"))});
    QCOMPARE(run.exitCode, 0);
    const QString text = QString::fromUtf8(run.out);
    QVERIFY(text.contains(QStringLiteral("Output shape")));
    QVERIFY(text.contains(QStringLiteral("[1, 64, 112, 112]")));
    QVERIFY(text.contains(QStringLiteral("MACs:            1.814 GMACs")));
    QVERIFY(text.contains(QStringLiteral("Parameters:      11,684,712")));
    QVERIFY(text.contains(QStringLiteral("Unknown shapes:  0 of")));
}

void TestCliInspect::errors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expected");
    const QString corrupt = fixture(QStringLiteral("corrupt_bytes.onnx"));
    QTest::newRow("missing file") << QStringList{QStringLiteral("inspect"), fixture(QStringLiteral("nope.onnx"))} << 1 << "no such file";
    QTest::newRow("not onnx") << QStringList{QStringLiteral("inspect"), fixture(QStringLiteral("not_onnx.onnx"))} << 1 << "not an ONNX model";
    QTest::newRow("truncated") << QStringList{QStringLiteral("inspect"), fixture(QStringLiteral("truncated.onnx"))} << 1 << "truncated";
    QTest::newRow("corrupt") << QStringList{QStringLiteral("inspect"), corrupt} << 1 << "corrupt";
    QTest::newRow("cycle") << QStringList{QStringLiteral("inspect"), fixture(QStringLiteral("cycle.onnx")), QStringLiteral("--json")} << 1 << "cycle";
    QTest::newRow("no model") << QStringList{QStringLiteral("inspect")} << 2 << "needs a MODEL";
    QTest::newRow("bad batch") << QStringList{QStringLiteral("inspect"), corrupt, QStringLiteral("--batch"), QStringLiteral("zero")} << 2 << "--batch";
    QTest::newRow("bad image") << QStringList{QStringLiteral("inspect"), corrupt, QStringLiteral("--image"), QStringLiteral("12y")} << 2 << "--image";
    QTest::newRow("unknown option") << QStringList{QStringLiteral("inspect"), corrupt, QStringLiteral("--bogus")} << 2 << "bogus";
}

void TestCliInspect::errors() {
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, expected);
    const CliRun run = runCli(args);
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY(run.out.isEmpty());
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.startsWith(QStringLiteral("infersight-cli: ")), qPrintable(err));
    QVERIFY2(err.endsWith(QLatin1Char('\n')) && err.count(QLatin1Char('\n')) == 1, qPrintable(err));  // one line
    QVERIFY2(err.contains(expected), qPrintable(err));
}

void TestCliInspect::help() {
    const CliRun run = runCli({QStringLiteral("inspect"), QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    const QString text = QString::fromUtf8(run.out);
    for (const char *option : {"--batch", "--seq", "--image", "--json"}) {
        QVERIFY2(text.contains(QLatin1String(option)), option);
    }
}

QTEST_GUILESS_MAIN(TestCliInspect)
#include "test_cli_inspect.moc"
