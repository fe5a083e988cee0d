// SPDX-License-Identifier: MIT
// Tests of Knobs and the precision / runtime names the CLI accepts (the list: fp32, tf32,
// fp16, bf16, amp, int8, fp8, and fp32-strict (issue 17); eager, fused).
#include "design/knobs.h"

#include <QtTest>

using namespace infersight;

class TestKnobs : public QObject {
    Q_OBJECT
private slots:
    void precisionNames_data();
    void precisionNames();
    void runtimeNames();
    void fp32StrictListedAndDescribed();
    void bindings();
};

void TestKnobs::precisionNames_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("precision");
    QTest::newRow("fp32") << "fp32" << int(Precision::FP32);
    QTest::newRow("fp32-strict") << "fp32-strict" << int(Precision::FP32Strict);
    QTest::newRow("ieee") << "IEEE" << int(Precision::FP32Strict);
    QTest::newRow("tf32") << "TF32" << int(Precision::TF32);
    QTest::newRow("fp16") << "fp16" << int(Precision::FP16);
    QTest::newRow("half") << "half" << int(Precision::FP16);
    QTest::newRow("bf16") << "bf16" << int(Precision::BF16);
    QTest::newRow("amp") << "amp" << int(Precision::AMP);
    QTest::newRow("int8") << "int8" << int(Precision::INT8);
    QTest::newRow("fp8") << "fp8" << int(Precision::FP8);
    QTest::newRow("unknown") << "fp4" << -1;
}

void TestKnobs::precisionNames() {
    QFETCH(QString, name);
    QFETCH(int, precision);
    const auto p = precisionFromName(name);
    if (precision < 0) {
        QVERIFY(!p.has_value());
        return;
    }
    QVERIFY(p.has_value());
    QCOMPARE(int(*p), precision);
    QCOMPARE(precisionFromName(precisionName(*p)), p);
}

// PyTorch's defaults (torch.backends.cudnn.allow_tf32 = True, cuda.matmul.allow_tf32 = False since
// PyTorch 1.12; "TF32 on Ampere devices" in the CUDA semantics notes): `fp32` says its convolutions use
// TF32, `fp32-strict` that TF32 is off; both are offered, next to each other.
void TestKnobs::fp32StrictListedAndDescribed() {
    const QStringList names = infersight::precisionNames();
    QCOMPARE(names.size(), 8);
    QCOMPARE(names.indexOf(QStringLiteral("fp32-strict")), names.indexOf(QStringLiteral("fp32")) + 1);
    QVERIFY(precisionDescription(Precision::FP32).contains(QStringLiteral("TF32 tensor cores")));
    QVERIFY(precisionDescription(Precision::FP32).contains(QStringLiteral("allow_tf32")));
    QVERIFY(precisionDescription(Precision::FP32Strict).contains(QStringLiteral("TF32 off")));
    for (Precision p : kAllPrecisions) {
        QVERIFY2(!precisionDescription(p).isEmpty(), qPrintable(precisionName(p)));
    }
}

void TestKnobs::runtimeNames() {
    QCOMPARE(runtimeFromName(QStringLiteral("eager")), std::optional<Runtime>(Runtime::Eager));
    QCOMPARE(runtimeFromName(QStringLiteral("Fused")), std::optional<Runtime>(Runtime::Fused));
    QVERIFY(!runtimeFromName(QStringLiteral("graph")).has_value());
    QCOMPARE(runtimeName(Runtime::Fused), QStringLiteral("fused"));
}

void TestKnobs::bindings() {
    Knobs k;
    k.batch = 4;
    k.sequence = 256;
    k.context = 100;
    QCOMPARE(k.bindings().context, -1);  // prefill: no KV cache
    k.phase = DecoderPhase::Decode;
    QCOMPARE(k.bindings().context, 100);
    QCOMPARE(k.bindings().batch, 4);
    QCOMPARE(k.bindings().sequence, 256);
}

QTEST_GUILESS_MAIN(TestKnobs)
#include "test_knobs.moc"
