// SPDX-License-Identifier: MIT
// Tests of GpuSpec, MigProfile and PeakThroughput (the value types of core/hardware).
#include "hardware/gpu_spec.h"

#include <QtTest>

using namespace infersight;

class TestGpuSpec : public QObject {
    Q_OBJECT
private slots:
    void computeTypeNames_data();
    void computeTypeNames();
    void unknownComputeTypeName();
    void peakOfType();
    void fastestFallsBackToCudaCoreFp16();
    void scaledKeepsMissingPaths();
    void findMigProfile_data();
    void findMigProfile();
    void usableMemory_data();
    void usableMemory();
    void migProfileFractions();
};

void TestGpuSpec::computeTypeNames_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<QString>("name");
    QTest::newRow("fp32") << int(ComputeType::FP32) << "fp32";
    QTest::newRow("tf32") << int(ComputeType::TF32) << "tf32";
    QTest::newRow("fp16") << int(ComputeType::FP16) << "fp16";
    QTest::newRow("bf16") << int(ComputeType::BF16) << "bf16";
    QTest::newRow("int8") << int(ComputeType::INT8) << "int8";
    QTest::newRow("fp8") << int(ComputeType::FP8) << "fp8";
}

void TestGpuSpec::computeTypeNames() {
    QFETCH(int, type);
    QFETCH(QString, name);
    const auto t = static_cast<ComputeType>(type);
    QCOMPARE(computeTypeName(t), name);
    QCOMPARE(computeTypeFromName(name), std::optional<ComputeType>(t));
    QCOMPARE(computeTypeFromName(name.toUpper()), std::optional<ComputeType>(t));
}

void TestGpuSpec::unknownComputeTypeName() {
    QVERIFY(!computeTypeFromName(QStringLiteral("fp4")).has_value());
    QVERIFY(!computeTypeFromName(QString()).has_value());
}

void TestGpuSpec::peakOfType() {
    // A100 dense figures (NVIDIA A100 datasheet): 19.5 / 156 / 312 / 312 / 624, no FP8.
    PeakThroughput p;
    p.fp32 = 19.5;
    p.tf32 = 156;
    p.fp16 = 312;
    p.bf16 = 312;
    p.int8 = 624;
    QCOMPARE(p.of(ComputeType::FP32), std::optional<double>(19.5));
    QCOMPARE(p.of(ComputeType::TF32), std::optional<double>(156));
    QCOMPARE(p.of(ComputeType::FP16), std::optional<double>(312));
    QCOMPARE(p.of(ComputeType::BF16), std::optional<double>(312));
    QCOMPARE(p.of(ComputeType::INT8), std::optional<double>(624));
    QVERIFY(!p.of(ComputeType::FP8).has_value());
    p.slot(ComputeType::FP8) = 1.0;
    QCOMPARE(p.fp8, std::optional<double>(1.0));
}

void TestGpuSpec::fastestFallsBackToCudaCoreFp16() {
    // P100: no tensor cores, FP16 on CUDA cores at 18.7 TFLOPS (NVIDIA P100 launch table).
    PeakThroughput p;
    p.fp32 = 9.3;
    p.fp16NonTensor = 18.7;
    QVERIFY(!p.of(ComputeType::FP16).has_value());
    QCOMPARE(p.fastest(ComputeType::FP16), std::optional<double>(18.7));
    QVERIFY(!p.fastest(ComputeType::BF16).has_value());
    QCOMPARE(p.fastest(ComputeType::FP32), std::optional<double>(9.3));
}

void TestGpuSpec::scaledKeepsMissingPaths() {
    PeakThroughput p;
    p.fp32 = 10;
    p.fp16 = 100;
    const PeakThroughput half = p.scaled(0.5);
    QCOMPARE(half.fp32, std::optional<double>(5));
    QCOMPARE(half.fp16, std::optional<double>(50));
    QVERIFY(!half.fp8.has_value());
}

void TestGpuSpec::findMigProfile_data() {
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("expected");  // empty: not found
    QTest::newRow("exact") << "1g.5gb" << "1g.5gb";
    QTest::newRow("upper case") << "1G.5GB" << "1g.5gb";
    QTest::newRow("nvidia-smi prefix") << "MIG 3g.20gb" << "3g.20gb";
    QTest::newRow("media extensions") << "1g.5gb+me" << "1g.5gb+me";
    QTest::newRow("unknown") << "2g.5gb" << "";
}

void TestGpuSpec::findMigProfile() {
    QFETCH(QString, query);
    QFETCH(QString, expected);
    GpuSpec gpu;
    for (const char *name : {"1g.5gb", "1g.5gb+me", "3g.20gb"}) {
        MigProfile p;
        p.name = QString::fromLatin1(name);
        gpu.mig.push_back(p);
    }
    const MigProfile *found = gpu.findMig(query);
    if (expected.isEmpty()) {
        QVERIFY(found == nullptr);
    } else {
        QVERIFY(found != nullptr);
        QCOMPARE(found->name, expected);
    }
    QCOMPARE(gpu.migProfileNames(), (QStringList{"1g.5gb", "1g.5gb+me", "3g.20gb"}));
    QVERIFY(gpu.supportsMig());
}

void TestGpuSpec::usableMemory_data() {
    QTest::addColumn<double>("memoryGb");
    QTest::addColumn<double>("memoryMib");
    QTest::addColumn<double>("expectedMib");
    QTest::addColumn<bool>("known");
    // B200: the device reports 182631 MiB (REFERENCE.md [B200-DQ]).
    QTest::newRow("measured") << 180.0 << 182631.0 << 182631.0 << true;
    // Unknown: the nominal size read as GiB (40 GB HBM2 = 40960 MiB).
    QTest::newRow("fallback") << 40.0 << 0.0 << 40960.0 << false;
}

void TestGpuSpec::usableMemory() {
    QFETCH(double, memoryGb);
    QFETCH(double, memoryMib);
    QFETCH(double, expectedMib);
    QFETCH(bool, known);
    GpuSpec gpu;
    gpu.memoryGb = memoryGb;
    gpu.memoryMib = memoryMib;
    QCOMPARE(gpu.usableMemoryMib(), expectedMib);
    QCOMPARE(gpu.usableMemoryKnown(), known);
    QCOMPARE(gpu.usableMemoryBytes(), expectedMib * 1048576.0);
}

void TestGpuSpec::migProfileFractions() {
    // A30 2g.12gb: 2 of 4 compute slices (MIG User Guide).
    MigProfile p;
    p.computeSlices = 2;
    p.computeSliceCount = 4;
    p.memoryMib = 11971;
    QCOMPARE(p.computeFraction(), 0.5);
    QCOMPARE(p.memoryBytes(), 11971.0 * 1048576.0);
}

QTEST_GUILESS_MAIN(TestGpuSpec)
#include "test_gpu_spec.moc"
