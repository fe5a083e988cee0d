// SPDX-License-Identifier: MIT
// Tests of `infersight-cli predict` as a user runs it (the built executable in a child process):
// JSON output, MIG / MPS targets, one-line errors with a non-zero exit code.
#include <QFileInfo>
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
    p.start(QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli"), QStringList{QStringLiteral("predict")} + args);
    p.waitForFinished(120000);
    return Run{p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

}  // namespace

class TestCliPredict : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void succeeds_data();
    void succeeds();
    void fails_data();
    void fails();
    void attentionChoice();
    void memoryFormatChoice();
    void siblingCalibrationIsSaid();
};

void TestCliPredict::initTestCase() {
    QVERIFY2(QFileInfo::exists(QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli")), "infersight-cli is not built");
}

void TestCliPredict::succeeds_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mig");
    QTest::newRow("resnet50 A100") << QStringList{"zoo:resnet50", "--gpu", "a100-sxm4-40gb", "--batch", "8"} << QString();
    QTest::newRow("MIG slice") << QStringList{"zoo:resnet50", "--gpu", "a100-sxm4-40gb", "--mig", "1g.5gb"} << "1g.5gb";
    QTest::newRow("MPS share") << QStringList{"zoo:resnet18", "--gpu", "h100-sxm5-80gb", "--mps", "25"} << QString();
    QTest::newRow("fused fp16") << QStringList{"zoo:bert-base", "--gpu", "l4", "--seq", "128", "--precision", "fp16", "--runtime", "fused"}
                                << QString();
    QTest::newRow("amp") << QStringList{"zoo:efficientnet_b0", "--gpu", "t4", "--precision", "amp", "--image", "240"} << QString();
    QTest::newRow("decode") << QStringList{"zoo:gpt2", "--gpu", "a10", "--phase", "decode", "--context", "512"} << QString();
    QTest::newRow("fp8 on H100") << QStringList{"zoo:vit_b_16", "--gpu", "h100-sxm5-80gb", "--precision", "fp8", "--runtime", "fused"}
                                 << QString();
}

void TestCliPredict::succeeds() {
    QFETCH(QStringList, args);
    QFETCH(QString, mig);
    const Run r = cli(args + QStringList{QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(j.value(QStringLiteral("latency_ms")).toDouble() > 0);
    QVERIFY(j.value(QStringLiteral("memory_mb")).toObject().value(QStringLiteral("total")).toDouble() > 0);
    QVERIFY(!j.value(QStringLiteral("nodes")).toArray().isEmpty());
    if (!mig.isEmpty()) {
        QCOMPARE(j.value(QStringLiteral("target")).toObject().value(QStringLiteral("mig")).toString(), mig);
    }
    // The human form too.
    const Run t = cli(args);
    QCOMPARE(t.exitCode, 0);
    QVERIFY(t.out.contains(QStringLiteral("Latency")));
}

void TestCliPredict::fails_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("fp8 on A100") << QStringList{"zoo:resnet50", "--gpu", "a100-sxm4-40gb", "--precision", "fp8"} << 1 << "A100";
    QTest::newRow("bf16 on V100") << QStringList{"zoo:resnet50", "--gpu", "v100-pcie-32gb", "--precision", "bf16"} << 1 << "V100";
    QTest::newRow("unknown precision") << QStringList{"zoo:resnet50", "--gpu", "t4", "--precision", "fp4"} << 2 << "--precision";
    QTest::newRow("unknown runtime") << QStringList{"zoo:resnet50", "--gpu", "t4", "--runtime", "graph"} << 2 << "--runtime";
    QTest::newRow("unknown GPU") << QStringList{"zoo:resnet50", "--gpu", "nope"} << 1 << "nope";
    QTest::newRow("MIG on T4") << QStringList{"zoo:resnet50", "--gpu", "t4", "--mig", "1g.5gb"} << 1 << "MIG";
    QTest::newRow("decode without context") << QStringList{"zoo:gpt2", "--gpu", "t4", "--phase", "decode"} << 2 << "--context";
    QTest::newRow("decode of a CNN") << QStringList{"zoo:resnet50", "--gpu", "t4", "--phase", "decode", "--context", "4"} << 1 << "";
    QTest::newRow("no model") << QStringList{"--gpu", "t4"} << 2 << "MODEL";
    QTest::newRow("unknown attention") << QStringList{"zoo:gpt2", "--gpu", "t4", "--attention", "flash3"} << 2 << "--attention";
    QTest::newRow("unknown memory format") << QStringList{"zoo:resnet50", "--gpu", "t4", "--memory-format", "nc4hw4"} << 2
                                           << "--memory-format";
}

void TestCliPredict::fails() {
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, mentions);
    const Run r = cli(args);
    QVERIFY2(r.exitCode != 0, qPrintable(r.out));
    if (exitCode == 2) {
        QCOMPARE(r.exitCode, 2);
    }
    const QString err = r.err.trimmed();
    QVERIFY2(err.startsWith(QStringLiteral("infersight-cli: ")), qPrintable(err));
    QVERIFY2(!err.contains(QLatin1Char('\n')), qPrintable(err));
    QVERIFY2(err.contains(mentions), qPrintable(err));
}

// --attention on a ViT-B/16 exported by PyTorch (data/measured/h100-sxm5-80gb/onnx, the exporter's SDPA
// signature): auto and fused run each of the 12 attention blocks as one fused kernel; decomposed runs
// the score MatMul, Softmax and value MatMul and writes the 197 x 197 scores of each head to memory,
// so at batch 128 it is slower.
void TestCliPredict::attentionChoice() {
    const QString vit = QStringLiteral(INFERSIGHT_SOURCE_DIR "/data/measured/h100-sxm5-80gb/onnx/vit_b_16.onnx");
    QVERIFY(QFileInfo::exists(vit));
    auto latency = [&](const QString &attention) {
        const Run r = cli({vit, "--gpu", "h100-sxm5-80gb", "--precision", "fp16", "--batch", "128", "--attention", attention, "--json"});
        return r.exitCode == 0 ? QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("latency_ms")).toDouble() : -1.0;
    };
    const double autoMs = latency(QStringLiteral("auto"));
    const double fused = latency(QStringLiteral("fused"));
    const double decomposed = latency(QStringLiteral("decomposed"));
    qInfo("vit_b_16 b128 fp16 on H100: auto %.2f, fused %.2f, decomposed %.2f ms", autoMs, fused, decomposed);
    QVERIFY(autoMs > 0 && fused > 0 && decomposed > 0);
    QCOMPARE(autoMs, fused);
    QVERIFY(decomposed > 1.1 * fused);
}

// --memory-format on ResNet-50 (53 convolutions): in FP16 on NCHW tensors every convolution carries
// cuDNN's two layout transforms (106 "layout" kernels), so it is slower than channels_last; in TF32
// (cuDNN has NCHW kernels) the two are the same.
void TestCliPredict::memoryFormatChoice() {
    auto run = [&](const QString &precision, const QString &format) {
        const Run r = cli({"zoo:resnet50", "--gpu", "h100-sxm5-80gb", "--precision", precision, "--batch", "64",
                           "--memory-format", format, "--json", "--kernels"});
        return r.exitCode == 0 ? QJsonDocument::fromJson(r.out.toUtf8()).object() : QJsonObject{};
    };
    auto layouts = [](const QJsonObject &j) {
        int n = 0;
        for (const QJsonValue &k : j.value(QStringLiteral("kernels")).toArray()) {
            n += k.toObject().value(QStringLiteral("role")).toString() == QLatin1String("layout") ? 1 : 0;
        }
        return n;
    };
    const QJsonObject nchw = run(QStringLiteral("fp16"), QStringLiteral("nchw"));
    const QJsonObject nhwc = run(QStringLiteral("fp16"), QStringLiteral("channels-last"));
    QVERIFY(!nchw.isEmpty() && !nhwc.isEmpty());
    QCOMPARE(layouts(nchw), 106);
    QCOMPARE(layouts(nhwc), 0);
    QCOMPARE(nchw.value(QStringLiteral("layout_kernels")).toInt(), 106);
    QCOMPARE(nhwc.value(QStringLiteral("layout_kernels")).toInt(), 0);
    const Run text = cli({"zoo:resnet50", "--gpu", "h100-sxm5-80gb", "--precision", "fp16", "--batch", "64"});
    QVERIFY2(text.out.contains(QLatin1String("106 of the kernels are cuDNN's NCHW <-> NHWC transforms")), qPrintable(text.out));
    const double a = nchw.value(QStringLiteral("latency_ms")).toDouble();
    const double b = nhwc.value(QStringLiteral("latency_ms")).toDouble();
    qInfo("resnet50 b64 fp16 on H100: nchw %.2f ms, channels-last %.2f ms", a, b);
    QVERIFY(a > 1.05 * b);
    QCOMPARE(run(QStringLiteral("tf32"), QStringLiteral("nchw")).value(QStringLiteral("latency_ms")).toDouble(),
             run(QStringLiteral("tf32"), QStringLiteral("channels-last")).value(QStringLiteral("latency_ms")).toDouble());
}

// An unmeasured GA100 board is timed with the measured A100 PCIe's calibration: predict says so.
void TestCliPredict::siblingCalibrationIsSaid() {
    const Run json = cli({"zoo:bert-base", "--gpu", "a100-sxm4-40gb", "--precision", "fp32-strict", "--json"});
    QCOMPARE(json.exitCode, 0);
    const QString note = QJsonDocument::fromJson(json.out.toUtf8()).object().value(QStringLiteral("calibration")).toString();
    QVERIFY2(note.contains(QLatin1String("GEMM and element-wise kernels timed as on the measured A100-PCIE-40GB "
                                         "(same GA100 chip; FP32 compute-bound time x0.83 for the power limit)")),
             qPrintable(note));
    const Run text = cli({"zoo:bert-base", "--gpu", "a100-sxm4-40gb", "--precision", "fp32-strict"});
    QVERIFY2(text.out.contains(QLatin1String("calibration: GEMM and element-wise kernels timed as on the measured")),
             qPrintable(text.out));
    // A GPU without a measured sibling (another chip): no such line.
    const Run h100 = cli({"zoo:bert-base", "--gpu", "h100-sxm5-80gb", "--json"});
    QCOMPARE(h100.exitCode, 0);
    QVERIFY(!QJsonDocument::fromJson(h100.out.toUtf8()).object().contains(QStringLiteral("calibration")));
}

QTEST_GUILESS_MAIN(TestCliPredict)
#include "test_cli_predict.moc"
