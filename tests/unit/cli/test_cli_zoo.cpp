// SPDX-License-Identifier: MIT
// Tests of `infersight-cli zoo`: the listing (table and JSON) and building one model with knobs.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

class TestCliZoo : public QObject {
    Q_OBJECT
private slots:
    void jsonListsEveryModelWithSources();
    void tableListsModels();
    void buildsOneModel_data();
    void buildsOneModel();
    void errors_data();
    void errors();

private:
    struct Run {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    static Run run(const QStringList &arguments) {
        QProcess process;
        process.start(QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli"), QStringList{QStringLiteral("zoo")} + arguments);
        process.waitForFinished(120000);
        Run r;
        r.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        r.out = process.readAllStandardOutput();
        r.err = process.readAllStandardError();
        return r;
    }
};

void TestCliZoo::jsonListsEveryModelWithSources() {
    const Run r = run({QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject root = QJsonDocument::fromJson(r.out).object();
    const QJsonArray models = root.value(QStringLiteral("models")).toArray();
    QVERIFY(models.size() >= 40);
    bool sawResnet50 = false;
    for (const QJsonValue &v : models) {
        const QJsonObject m = v.toObject();
        QVERIFY(!m.value(QStringLiteral("name")).toString().isEmpty());
        QVERIFY(!m.value(QStringLiteral("family")).toString().isEmpty());
        QVERIFY(!m.value(QStringLiteral("description")).toString().isEmpty());
        QVERIFY(!m.value(QStringLiteral("default_input")).toString().isEmpty());
        QVERIFY(m.value(QStringLiteral("published")).isObject());
        if (m.value(QStringLiteral("name")).toString() == QLatin1String("resnet50")) {
            sawResnet50 = true;
            const QJsonObject p = m.value(QStringLiteral("published")).toObject();
            // torchvision's published figures for ResNet-50.
            QCOMPARE(p.value(QStringLiteral("params")).toDouble(), 25557032.0);
            QCOMPARE(p.value(QStringLiteral("gmacs")).toDouble(), 4.089);
            QVERIFY(p.value(QStringLiteral("params_source")).toString().contains(QLatin1String("torchvision")));
            QVERIFY(p.value(QStringLiteral("macs_source")).toString().contains(QLatin1String("GFLOPS")));
            QCOMPARE(m.value(QStringLiteral("source")).toString(), QStringLiteral("zoo:resnet50"));
        }
    }
    QVERIFY(sawResnet50);
}

void TestCliZoo::tableListsModels() {
    const Run r = run({QStringLiteral("--family"), QStringLiteral("efficientnet")});
    QCOMPARE(r.exitCode, 0);
    const QString text = QString::fromUtf8(r.out);
    QVERIFY(text.contains(QLatin1String("efficientnet_b7")));
    QVERIFY(text.contains(QLatin1String("66,347,960")));
    QVERIFY(text.contains(QLatin1String("1x3x600x600")));
    QVERIFY(!text.contains(QLatin1String("resnet50")));
}

void TestCliZoo::buildsOneModel_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<double>("params");
    QTest::addColumn<double>("gmacs");
    // ResNet-50 at batch 2: parameters unchanged, MACs twice torchvision's 4.089 count.
    QTest::newRow("resnet50 b2") << QStringList{QStringLiteral("resnet50"), QStringLiteral("--batch"), QStringLiteral("2")} << 25557032.0
                                 << 8.178;
    // GPT-2, 1 new token over 1000 cached: 12 * (12 h^2 + 2 * 1001 * h) + h * V MACs, h = 768.
    QTest::newRow("gpt2 decode") << QStringList{QStringLiteral("gpt2"), QStringLiteral("--phase"), QStringLiteral("decode"),
                                                QStringLiteral("--context"), QStringLiteral("1000")}
                                 << 124439808.0 << 0.1420;
}

void TestCliZoo::buildsOneModel() {
    QFETCH(QStringList, arguments);
    QFETCH(double, params);
    QFETCH(double, gmacs);
    const Run r = run(arguments + QStringList{QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject computed = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("computed")).toObject();
    QCOMPARE(computed.value(QStringLiteral("params")).toDouble(), params);
    QVERIFY2(std::abs(computed.value(QStringLiteral("gmacs")).toDouble() - gmacs) < 0.002, r.out.constData());
    QVERIFY(computed.value(QStringLiteral("shapes_complete")).toBool());
}

void TestCliZoo::errors_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("fragment");
    QTest::newRow("unknown model") << QStringList{QStringLiteral("resnet5")} << 1 << "zoo:resnet5 is not a zoo model";
    // The same refusal as predict's (Design::open checks the phase): exit 1, the core's reason.
    QTest::newRow("decode on a CNN") << QStringList{QStringLiteral("resnet50"), QStringLiteral("--phase"), QStringLiteral("decode"),
                                                    QStringLiteral("--context"), QStringLiteral("10")}
                                     << 1 << "has no decode phase";
    QTest::newRow("decode without context") << QStringList{QStringLiteral("gpt2"), QStringLiteral("--phase"), QStringLiteral("decode")}
                                            << 2 << "--context";
    QTest::newRow("bad phase") << QStringList{QStringLiteral("gpt2"), QStringLiteral("--phase"), QStringLiteral("later")} << 2
                               << "--phase";
    QTest::newRow("bad width") << QStringList{QStringLiteral("gpt2"), QStringLiteral("--width-mult"), QStringLiteral("x")} << 2
                               << "--width-mult";
}

void TestCliZoo::errors() {
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, fragment);
    const Run r = run(arguments);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(QString::fromUtf8(r.err).contains(fragment), r.err.constData());
}

QTEST_GUILESS_MAIN(TestCliZoo)
#include "test_cli_zoo.moc"
