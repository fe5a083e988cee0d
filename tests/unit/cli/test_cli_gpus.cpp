// SPDX-License-Identifier: MIT
// Tests of `infersight-cli gpus`, run as a process (the built binary). Expected figures are the
// published ones (REFERENCE.md): A100-SXM4-40GB 108 SMs, 1555 GB/s, MIG 1g.5gb 14 SMs / 4864 MiB.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class TestCliGpus : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void jsonListsTheCatalogue();
    void tableListsTheCatalogue();
    void gpuFileAppearsAsCustom();
    void userGpusAppear();
    void targetResources_data();
    void targetResources();
    void errors_data();
    void errors();

private:
    struct Run {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    Run run(const QStringList &arguments, const QString &configDir = {});
    QString m_binary;
    QTemporaryDir m_emptyConfig;  // keeps the developer's own user GPUs out of the tests
};

void TestCliGpus::initTestCase() {
    m_binary = QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli");
    QVERIFY2(QFile::exists(m_binary), qPrintable(m_binary + QStringLiteral(" not built")));
    QVERIFY(m_emptyConfig.isValid());
}

TestCliGpus::Run TestCliGpus::run(const QStringList &arguments, const QString &configDir) {
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("INFERSIGHT_CONFIG_DIR"), configDir.isEmpty() ? m_emptyConfig.path() : configDir);
    process.setProcessEnvironment(env);
    process.start(m_binary, arguments);
    Run result;
    if (!process.waitForFinished(60000)) {
        process.kill();
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

void TestCliGpus::jsonListsTheCatalogue() {
    const Run r = run({QStringLiteral("gpus"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QVERIFY(doc.isArray());
    const QJsonArray gpus = doc.array();
    QVERIFY(gpus.size() >= 19);
    const QStringList keys = {"id", "name", "sms", "memory_gb", "bandwidth_gbps", "l2_mb", "tdp_w", "idle_w", "peak_tflops", "mig"};
    const QStringList dtypes = {"fp32", "tf32", "fp16", "bf16", "int8", "fp8"};
    const QStringList migKeys = {"profile", "sms", "memory_mb", "bandwidth_fraction", "max_instances"};
    int withMig = 0;
    for (const auto &value : gpus) {
        const QJsonObject gpu = value.toObject();
        for (const auto &key : keys) {
            QVERIFY2(gpu.contains(key), qPrintable(gpu.value(QStringLiteral("id")).toString() + QStringLiteral(" lacks ") + key));
        }
        const QJsonObject peaks = gpu.value(QStringLiteral("peak_tflops")).toObject();
        for (const auto &dtype : dtypes) {
            QVERIFY(peaks.contains(dtype));
            QVERIFY(peaks.value(dtype).isNull() || peaks.value(dtype).toDouble() > 0);
        }
        QVERIFY(gpu.value(QStringLiteral("mig")).isArray());
        for (const auto &p : gpu.value(QStringLiteral("mig")).toArray()) {
            for (const auto &key : migKeys) {
                QVERIFY(p.toObject().contains(key));
            }
        }
        withMig += gpu.value(QStringLiteral("mig")).toArray().isEmpty() ? 0 : 1;
        QCOMPARE(gpu.value(QStringLiteral("custom")).toBool(), false);
    }
    QCOMPARE(withMig, 9);  // A30, A100 x4, H100 x2, H200, B200 (MIG User Guide supported GPUs)

    QJsonObject a100;
    QJsonObject t4;
    for (const auto &value : gpus) {
        if (value.toObject().value(QStringLiteral("id")).toString() == QLatin1String("a100-sxm4-40gb")) {
            a100 = value.toObject();
        }
        if (value.toObject().value(QStringLiteral("id")).toString() == QLatin1String("t4")) {
            t4 = value.toObject();
        }
    }
    QCOMPARE(a100.value(QStringLiteral("sms")).toInt(), 108);
    QCOMPARE(a100.value(QStringLiteral("bandwidth_gbps")).toDouble(), 1555.0);
    QCOMPARE(a100.value(QStringLiteral("memory_gb")).toDouble(), 40.0);
    QCOMPARE(a100.value(QStringLiteral("peak_tflops")).toObject().value(QStringLiteral("fp16")).toDouble(), 312.0);
    QVERIFY(a100.value(QStringLiteral("peak_tflops")).toObject().value(QStringLiteral("fp8")).isNull());
    const QJsonObject first = a100.value(QStringLiteral("mig")).toArray().at(0).toObject();
    QCOMPARE(first.value(QStringLiteral("profile")).toString(), QStringLiteral("1g.5gb"));
    QCOMPARE(first.value(QStringLiteral("sms")).toInt(), 14);
    QCOMPARE(first.value(QStringLiteral("memory_mb")).toDouble(), 4864.0);
    QCOMPARE(first.value(QStringLiteral("bandwidth_fraction")).toDouble(), 0.125);
    QCOMPARE(first.value(QStringLiteral("max_instances")).toInt(), 7);
    QCOMPARE(t4.value(QStringLiteral("peak_tflops")).toObject().value(QStringLiteral("fp32")).toDouble(), 8.1);
    QVERIFY(t4.value(QStringLiteral("mig")).toArray().isEmpty());
}

void TestCliGpus::tableListsTheCatalogue() {
    const Run r = run({QStringLiteral("gpus"), QStringLiteral("--profiles")});
    QCOMPARE(r.exitCode, 0);
    const QString text = QString::fromUtf8(r.out);
    for (const char *part : {"ID", "a100-sxm4-40gb", "h200-sxm5-141gb", "b200", "7g.40gb", "1g.23gb+me", "derived"}) {
        QVERIFY2(text.contains(QLatin1String(part)), part);
    }
    QVERIFY(r.err.isEmpty());
}

void TestCliGpus::gpuFileAppearsAsCustom() {
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("fast.json"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"id": "h100-fast", "name": "H100 +20 % bandwidth", "base": "h100-sxm5-80gb", "scale": {"bandwidth": 1.2}})");
    f.close();
    const Run r = run({QStringLiteral("gpus"), QStringLiteral("--json"), QStringLiteral("--gpu-file"), file});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray gpus = QJsonDocument::fromJson(r.out).array();
    const QJsonObject last = gpus.last().toObject();
    QCOMPARE(last.value(QStringLiteral("id")).toString(), QStringLiteral("h100-fast"));
    QCOMPARE(last.value(QStringLiteral("custom")).toBool(), true);
    QCOMPARE(last.value(QStringLiteral("base")).toString(), QStringLiteral("h100-sxm5-80gb"));
    QVERIFY(qAbs(last.value(QStringLiteral("bandwidth_gbps")).toDouble() - 3352 * 1.2) < 1e-6);

    const Run table = run({QStringLiteral("gpus"), QStringLiteral("--gpu-file"), file});
    QCOMPARE(table.exitCode, 0);
    QVERIFY(QString::fromUtf8(table.out).contains(QLatin1String("h100-fast *")));
}

void TestCliGpus::userGpusAppear() {
    QTemporaryDir config;
    QVERIFY(QDir().mkpath(config.filePath(QStringLiteral("gpus"))));
    QFile good(config.filePath(QStringLiteral("gpus/mine.json")));
    QVERIFY(good.open(QIODevice::WriteOnly));
    good.write(R"({"id": "my-l4", "name": "My L4", "base": "l4", "tdp_w": 60})");
    good.close();
    QFile bad(config.filePath(QStringLiteral("gpus/bad.json")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write(R"({"id": "bad", "name": "Bad", "base": "l4", "l2_mb": "big"})");
    bad.close();
    const Run r = run({QStringLiteral("gpus"), QStringLiteral("--json")}, config.path());
    QCOMPARE(r.exitCode, 0);
    const QJsonArray gpus = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(gpus.last().toObject().value(QStringLiteral("id")).toString(), QStringLiteral("my-l4"));
    QVERIFY(gpus.last().toObject().value(QStringLiteral("custom")).toBool());
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(QLatin1String("bad.json")) && err.contains(QLatin1String("field 'l2_mb'")), qPrintable(err));
}

void TestCliGpus::targetResources_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("label");
    QTest::addColumn<int>("sms");
    QTest::addColumn<double>("bandwidth");
    QTest::newRow("mig") << QStringList{"--gpu", "a100-sxm4-40gb", "--mig", "1g.5gb"} << "A100-SXM4-40GB MIG 1g.5gb" << 14
                         << 1555.0 / 8;
    QTest::newRow("mps") << QStringList{"--gpu", "h100-sxm5-80gb", "--mps", "50%"} << "H100 SXM MPS 50 %" << 66 << 1676.0;
    QTest::newRow("mps alone") << QStringList{"--gpu", "h100-sxm5-80gb", "--mps", "50", "--mps-alone"}
                               << "H100 SXM MPS 50 % alone" << 66 << 3352.0;
    QTest::newRow("whole") << QStringList{"--gpu", "l40s"} << "L40S" << 142 << 864.0;
}

void TestCliGpus::targetResources() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, label);
    QFETCH(int, sms);
    QFETCH(double, bandwidth);
    const Run r = run(QStringList{QStringLiteral("gpus"), QStringLiteral("--json")} + arguments);
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o.value(QStringLiteral("target")).toString(), label);
    QCOMPARE(o.value(QStringLiteral("sms")).toInt(), sms);
    QVERIFY(qAbs(o.value(QStringLiteral("bandwidth_gbps")).toDouble() - bandwidth) < 1e-3);
    const Run text = run(QStringList{QStringLiteral("gpus")} + arguments);
    QCOMPARE(text.exitCode, 0);
    QVERIFY(QString::fromUtf8(text.out).contains(label));
}

void TestCliGpus::errors_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("MIG on T4") << QStringList{"--gpu", "t4", "--mig", "1g.5gb"} << 1 << "has no MIG";
    QTest::newRow("MPS 0") << QStringList{"--gpu", "t4", "--mps", "0"} << 1 << "greater than 0";
    QTest::newRow("MPS 120") << QStringList{"--gpu", "t4", "--mps", "120"} << 1 << "got 120";
    QTest::newRow("MPS text") << QStringList{"--gpu", "t4", "--mps", "half"} << 1 << "--mps expects a percentage";
    QTest::newRow("unknown GPU") << QStringList{"--gpu", "z9000"} << 1 << "unknown GPU 'z9000'";
    QTest::newRow("missing gpu file") << QStringList{"--gpu-file", "/nonexistent.json"} << 1 << "no such file";
    QTest::newRow("unknown option") << QStringList{"--colour"} << 2 << "colour";
}

void TestCliGpus::errors() {
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const Run r = run(QStringList{QStringLiteral("gpus")} + arguments);
    QCOMPARE(r.exitCode, exitCode);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.startsWith(QLatin1String("infersight-cli: ")) && err.contains(message), qPrintable(err));
    QVERIFY(r.out.isEmpty());
}

QTEST_GUILESS_MAIN(TestCliGpus)
#include "test_cli_gpus.moc"
