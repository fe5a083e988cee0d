// SPDX-License-Identifier: MIT
// The model options shared by inspect / predict / mig (app/cli/model_options.h), through the
// built infersight-cli: shape knobs, structure edits, the decode phase and TorchScript input
// shapes reach the graph, and bad values are one clear line with the usage exit code.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

class TestCliModelOptions : public QObject {
    Q_OBJECT
private slots:
    void parametersFollowStructure_data();
    void parametersFollowStructure();
    void decodeShapesTheKvCache();
    void torchScriptInputShapes();
    void predictTakesTheSameOptions();
    void badValues_data();
    void badValues();

private:
    struct Run {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    static Run run(const QStringList &arguments) {
        QProcess process;
        process.start(QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli"), arguments);
        process.waitForFinished(300000);
        Run r;
        r.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        r.out = process.readAllStandardOutput();
        r.err = process.readAllStandardError();
        return r;
    }
    static QJsonObject inspect(const QStringList &arguments) {
        const Run r = run(QStringList{QStringLiteral("inspect")} + arguments + QStringList{QStringLiteral("--json")});
        if (r.exitCode != 0) {
            qWarning("%s", r.err.constData());
            return {};
        }
        return QJsonDocument::fromJson(r.out).object().value(QStringLiteral("model")).toObject();
    }
};

void TestCliModelOptions::parametersFollowStructure_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<double>("params");
    QTest::addColumn<double>("tolerance");
    // torchvision's published parameter count of ResNet-50.
    QTest::newRow("resnet50") << QStringList{QStringLiteral("zoo:resnet50")} << 25557032.0 << 0.0;
    // GPT-2 (HuggingFace, 124,439,808 parameters, 12 layers): embeddings 50257 x 768 + 1024 x 768
    // and the final LayerNorm (2 x 768) are 39,385,344; each layer is (124,439,808 - 39,385,344) / 12
    // = 7,087,872. Two layers: 39,385,344 + 2 x 7,087,872.
    QTest::newRow("gpt2 depth 2") << QStringList{QStringLiteral("zoo:gpt2"), QStringLiteral("--depth"), QStringLiteral("2")}
                                  << 53561088.0 << 0.0;
}

void TestCliModelOptions::parametersFollowStructure() {
    QFETCH(QStringList, arguments);
    QFETCH(double, params);
    QFETCH(double, tolerance);
    const QJsonObject m = inspect(arguments);
    QVERIFY(!m.isEmpty());
    const double got = m.value(QStringLiteral("params")).toDouble();
    QVERIFY2(std::abs(got - params) <= tolerance, qPrintable(QStringLiteral("params %1, expected %2").arg(got).arg(params)));
    QCOMPARE(m.value(QStringLiteral("unknown_shapes")).toInt(-1), 0);
}

void TestCliModelOptions::decodeShapesTheKvCache() {
    // Decode: one new token; the cache holds --context tokens. GPT-2: 12 layers x (key, value)
    // of [batch, heads 12, context, head size 64] (this export keeps the keys transposed:
    // [batch, heads, head size, context]).
    const Run r = run({QStringLiteral("inspect"), QStringLiteral("zoo:gpt2"), QStringLiteral("--phase"), QStringLiteral("decode"),
                       QStringLiteral("--context"), QStringLiteral("100"), QStringLiteral("--batch"), QStringLiteral("3"),
                       QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray nodes = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("nodes")).toArray();
    QVERIFY(!nodes.isEmpty());
    int cacheReads = 0;
    for (const QJsonValue &v : nodes) {
        for (const QJsonValue &in : v.toObject().value(QStringLiteral("inputs")).toArray()) {
            const QJsonArray d = in.toArray();
            const bool cache = d.size() == 4 && d[0].toInt() == 3 && d[1].toInt() == 12 &&
                               ((d[2].toInt() == 100 && d[3].toInt() == 64) || (d[2].toInt() == 64 && d[3].toInt() == 100));
            if (cache) {
                ++cacheReads;
            }
        }
    }
    QVERIFY2(cacheReads >= 24, qPrintable(QString::number(cacheReads)));
}

void TestCliModelOptions::torchScriptInputShapes() {
#ifndef INFERSIGHT_HAS_TORCH_MODULE
    QSKIP("built without the LibTorch module");
#else
    // ResNet-18 at 160 x 160: every feature map is 5/7 of the 224 one on each side (160 and 224
    // are both multiples of the network's stride 32), so the conv MACs scale by 25/49; the
    // classifier (512 x 1000) does not scale; batch 4 multiplies everything.
    const QString file = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/torchscript/resnet18_traced.pt");
    const QJsonObject at224 = inspect({file, QStringLiteral("--input"), QStringLiteral("1x3x224x224")});
    const QJsonObject at160 = inspect({file, QStringLiteral("--input"), QStringLiteral("4x3x160x160")});
    QVERIFY(!at224.isEmpty() && !at160.isEmpty());
    const double m224 = at224.value(QStringLiteral("macs")).toDouble();
    // torchvision: ResNet-18 1.81 GFLOPS (= GMACs) at 224.
    QVERIFY(std::abs(m224 / 1.814e9 - 1.0) < 0.01);
    const double fc = 512.0 * 1000.0;
    const double expected = 4.0 * ((m224 - fc) * 25.0 / 49.0 + fc);
    QVERIFY2(std::abs(at160.value(QStringLiteral("macs")).toDouble() / expected - 1.0) < 1e-3,
             qPrintable(QStringLiteral("%1 vs %2").arg(at160.value(QStringLiteral("macs")).toDouble()).arg(expected)));
    QCOMPARE(at160.value(QStringLiteral("params")).toDouble(), at224.value(QStringLiteral("params")).toDouble());
#endif
}

void TestCliModelOptions::predictTakesTheSameOptions() {
    // A narrower network has fewer weights: the width multiplier reaches the predictor's memory.
    auto weights = [](const QStringList &extra) {
        const Run r = run(QStringList{QStringLiteral("predict"), QStringLiteral("zoo:resnet50"), QStringLiteral("--gpu"),
                                      QStringLiteral("a100-sxm4-40gb"), QStringLiteral("--json")} +
                          extra);
        if (r.exitCode != 0) {
            qWarning("%s", r.err.constData());
            return -1.0;
        }
        return QJsonDocument::fromJson(r.out).object().value(QStringLiteral("memory_mb")).toObject().value(QStringLiteral("weights")).toDouble();
    };
    const double full = weights({});
    const double half = weights({QStringLiteral("--width-mult"), QStringLiteral("0.5")});
    // 25,557,032 FP32 parameters = 97.5 MiB.
    QVERIFY2(std::abs(full - 25557032.0 * 4 / 1048576.0) < 1.0, qPrintable(QString::number(full)));
    QVERIFY(half > 0 && half < 0.4 * full);
}

void TestCliModelOptions::badValues_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("batch 0") << QStringList{QStringLiteral("zoo:resnet50"), QStringLiteral("--batch"), QStringLiteral("0")}
                             << QStringLiteral("--batch needs a positive integer, got '0'");
    QTest::newRow("image 12x") << QStringList{QStringLiteral("zoo:resnet50"), QStringLiteral("--image"), QStringLiteral("12x")}
                               << QStringLiteral("--image needs N or HxW");
    QTest::newRow("decode without context")
        << QStringList{QStringLiteral("zoo:gpt2"), QStringLiteral("--phase"), QStringLiteral("decode")}
        << QStringLiteral("--phase decode needs --context N");
    QTest::newRow("width -1") << QStringList{QStringLiteral("zoo:resnet50"), QStringLiteral("--width-mult"), QStringLiteral("-1")}
                              << QStringLiteral("--width-mult needs a positive number");
    QTest::newRow("depth on ONNX")
        << QStringList{QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx/resnet18.onnx"), QStringLiteral("--depth"), QStringLiteral("3")}
        << QStringLiteral("depth edits need a zoo model or a HuggingFace config");
    // Issue 15, item 5: --depth has the layer cap of an HF config's layer count (base/model_limits.h,
    // default 10,000; test_model_limits checks the config side with 100,000 layers).
    QTest::newRow("depth 100,000 past the layer cap")
        << QStringList{QStringLiteral("zoo:gpt2"), QStringLiteral("--depth"), QStringLiteral("100000")}
        << QStringLiteral("--depth 100000 is out of range: at most 10000 layers (the limit; set INFERSIGHT_MAX_LAYERS=N to raise it)");
}

void TestCliModelOptions::badValues() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run r = run(QStringList{QStringLiteral("inspect")} + arguments);
    QVERIFY(r.exitCode != 0);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QCOMPARE(QString::fromUtf8(r.err).trimmed().count(QLatin1Char('\n')), 0);
}

QTEST_GUILESS_MAIN(TestCliModelOptions)
#include "test_cli_model_options.moc"
