// SPDX-License-Identifier: MIT
// `infersight-cli graph` run as a user runs it (a child process, no display): SVG with names and
// ops as text, PNG, the colour modes and expansion levels, and clear usage errors. What it draws
// is the graph pane's picture; its hierarchy and layout are tested in test_node_hierarchy and
// test_hierarchical_layout.
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run runCli(const QStringList &arguments) {
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));  // the command picks the offscreen platform itself
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli"), QStringList{QStringLiteral("graph")} + arguments);
    Run r;
    if (!process.waitForFinished(240000)) {
        process.kill();
        process.waitForFinished();
        return r;
    }
    r.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    r.out = QString::fromUtf8(process.readAllStandardOutput());
    r.err = QString::fromUtf8(process.readAllStandardError());
    return r;
}

}  // namespace

class TestCliGraph : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void draws_data();
    void draws();
    void usageErrors_data();
    void usageErrors();

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_config;
};

void TestCliGraph::initTestCase() {
    QVERIFY(m_dir.isValid());
    QVERIFY(m_config.isValid());
    qputenv("INFERSIGHT_CONFIG_DIR", m_config.path().toLocal8Bit());  // no user GPUs of this machine
}

void TestCliGraph::draws_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("texts");  // SVG text that must be there
    QTest::addColumn<int>("boxes");          // boxes shown, counted by hand
    // resnet50 starting view: input, 4 stem nodes, 16 blocks, avgpool, flatten, fc, logits = 25
    QTest::newRow("resnet50 latency svg") << QStringList{"zoo:resnet50", "--gpu", "a100-sxm4-80gb"} << "r50.svg"
                                          << QStringList{"layer3.5", "Share of predicted latency", "A100"} << 25;
    // everything open: 175 nodes + input + output
    QTest::newRow("resnet50 all op svg") << QStringList{"zoo:resnet50", "--expand", "all"} << "r50-all.svg"
                                         << QStringList{"conv3", "BatchNormalization", "downsample"} << 177;
    QTest::newRow("bert bound png") << QStringList{"zoo:bert-base", "--seq", "128", "--gpu", "l4", "--color", "bound"}
                                    << "bert.png" << QStringList{} << -1;
}

void TestCliGraph::draws() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, file);
    QFETCH(QStringList, texts);
    QFETCH(int, boxes);
    const QString path = m_dir.filePath(file);
    const Run r = runCli(arguments + QStringList{QStringLiteral("-o"), path});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(r.out.startsWith(path));
    if (boxes >= 0) {
        QVERIFY2(r.out.contains(QStringLiteral("%1 boxes shown").arg(boxes)), qPrintable(r.out));
    }
    if (file.endsWith(QLatin1String(".svg"))) {
        QFile svg(path);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(svg.readAll());
        QVERIFY(text.contains(QLatin1String("<svg")));
        for (const QString &t : texts) {
            QVERIFY2(text.contains(t), qPrintable(t));
        }
    } else {
        const QImage image(path);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() > 200 && image.height() > 200);
    }
}

void TestCliGraph::usageErrors_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no output") << QStringList{"zoo:resnet50"} << "-o FILE";
    QTest::newRow("bad suffix") << QStringList{"zoo:resnet50", "-o", "graph.txt"} << "graph.txt";
    QTest::newRow("latency without gpu") << QStringList{"zoo:resnet50", "--color", "latency", "-o", "g.svg"} << "--gpu";
    QTest::newRow("bad colour") << QStringList{"zoo:resnet50", "--color", "heat", "-o", "g.svg"} << "heat";
    QTest::newRow("bad expand") << QStringList{"zoo:resnet50", "--expand", "some", "-o", "g.svg"} << "--expand";
}

void TestCliGraph::usageErrors() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run r = runCli(arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(r.err.contains(QLatin1String("infersight-cli: ")));
}

QTEST_GUILESS_MAIN(TestCliGraph)
#include "test_cli_graph.moc"
