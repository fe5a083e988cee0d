// SPDX-License-Identifier: MIT
// Tests of the per-target resources the kernel model uses (predict/device_resources.h), against
// NVIDIA's published figures:
//  - resident threads per SM: CUDA C++ Programming Guide, "Technical Specifications per Compute
//    Capability" (2048 on 5.x-7.0, 8.0, 9.0, 10.0; 1024 on 7.5; 1536 on 8.6, 8.7, 8.9, 12.0);
//  - A100-SXM4-40GB: 108 SMs, 1,555 GB/s, 40 MB L2 (= 40 MiB), 164 KB shared memory per SM (CC 8.0),
//    1,410 MHz boost, dense 19.5 / 156 / 312 / 624 TFLOPS(TOPS) FP32 / TF32 / FP16 / INT8
//    (A100 datasheet and whitepaper); its MIG 1g.5gb slice has 14 SMs and 1 of 8 memory slices
//    (nvidia-smi mig -lgip; a memory slice carries its share of L2 and bandwidth);
//  - P100-PCIE-16GB: 56 SMs, 732 GB/s, 4 MB L2, CC 6.0, FP32 9.3 TFLOPS and FP16 18.7 TFLOPS on the
//    CUDA cores (P100 datasheet), no INT8 path (dp4a arrived with CC 6.1);
//  - T4: 40 SMs, 320 GB/s, CC 7.5, 1,590 MHz boost, FP16 65 and INT8 130 on tensor cores (datasheet);
//  - FP32 lanes per issue slot (architecture whitepapers): Pascal GP100 / GP104 SMs have 32 FP32
//    lanes per scheduler with two dispatch units (16 per dispatch); Volta GV100, Turing TU104 and
//    GA100 have 16 per scheduler (64 per SM); GA102 (A10, A40), AD10x (L4, L40S, RTX 4090), GH100
//    (H100, H200) and GB100 (B200) have 32 per scheduler (128 per SM) and one dispatch unit;
//  - MPS shares split SMs as floor(pct x SMs) and, with co-runners, bandwidth and L2 pro rata
//    (docs/hardware.md, "Targets").
#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"
#include "predict/device_resources.h"

#include <QtTest>

#include <cmath>

using namespace infersight;

namespace {

const GpuSpec &gpu(const QString &id) {
    const GpuSpec *g = GpuCatalogue::builtIn().find(id);
    if (!g) {
        qFatal("no GPU %s", qPrintable(id));
    }
    return *g;
}

constexpr double kMiB = 1024.0 * 1024.0;

}  // namespace

class TestDeviceResources : public QObject {
    Q_OBJECT
private slots:
    void threadsPerSm_data();
    void threadsPerSm();
    void targets_data();
    void targets();
    void wholeGpuFromSpecEqualsFromTarget();
    void paths_data();
    void paths();
    void customGpuKeepsItsBaseCalibration();
    void fp32LanesPerIssue_data();
    void fp32LanesPerIssue();
};

void TestDeviceResources::threadsPerSm_data() {
    QTest::addColumn<int>("major");
    QTest::addColumn<int>("minor");
    QTest::addColumn<int>("threads");
    QTest::newRow("6.0 (P100)") << 6 << 0 << 2048;
    QTest::newRow("6.1 (P4)") << 6 << 1 << 2048;
    QTest::newRow("7.0 (V100)") << 7 << 0 << 2048;
    QTest::newRow("7.5 (T4)") << 7 << 5 << 1024;
    QTest::newRow("8.0 (A100)") << 8 << 0 << 2048;
    QTest::newRow("8.6 (A10, A40)") << 8 << 6 << 1536;
    QTest::newRow("8.7 (Jetson Orin)") << 8 << 7 << 1536;
    QTest::newRow("8.9 (L4, RTX 4090)") << 8 << 9 << 1536;
    QTest::newRow("9.0 (H100)") << 9 << 0 << 2048;
    QTest::newRow("10.0 (B200)") << 10 << 0 << 2048;
    QTest::newRow("12.0 (RTX 50)") << 12 << 0 << 1536;
}

void TestDeviceResources::threadsPerSm() {
    QFETCH(int, major);
    QFETCH(int, minor);
    QFETCH(int, threads);
    QCOMPARE(maxThreadsPerSmForComputeCapability(major, minor), threads);
}

void TestDeviceResources::targets_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("mig");
    QTest::addColumn<double>("mps");  // 0: none
    QTest::addColumn<bool>("alone");
    QTest::addColumn<int>("sms");
    QTest::addColumn<double>("bandwidthGBps");
    QTest::addColumn<double>("l2Bytes");
    QTest::addColumn<double>("fp16Tflops");
    QTest::addColumn<int>("threadsPerSm");
    QTest::addColumn<double>("clockMhz");
    QTest::addColumn<double>("sharedPerSmBytes");
    QTest::addColumn<double>("fp32Tflops");
    QTest::newRow("A100-SXM4-40GB") << "a100-sxm4-40gb" << "" << 0.0 << false << 108 << 1555.0 << 40 * kMiB << 312.0
                                    << 2048 << 1410.0 << 164 * 1024.0 << 19.5;
    // 14 of 108 SMs, 1/8 of bandwidth and L2; peaks x 14/108.
    QTest::newRow("A100 MIG 1g.5gb") << "a100-sxm4-40gb" << "1g.5gb" << 0.0 << false << 14 << 1555.0 / 8 << 5 * kMiB
                                     << 312.0 * 14 / 108 << 2048 << 1410.0 << 164 * 1024.0 << 19.5 * 14 / 108;
    // 30 % of 108 SMs: floor(32.4) = 32; co-runners: 30 % of bandwidth and L2.
    QTest::newRow("A100 MPS 30 %") << "a100-sxm4-40gb" << "" << 30.0 << false << 32 << 1555.0 * 0.3 << 40 * kMiB * 0.3
                                   << 312.0 * 32 / 108 << 2048 << 1410.0 << 164 * 1024.0 << 19.5 * 32 / 108;
    // Alone: the SMs are limited, bandwidth and L2 are not.
    QTest::newRow("A100 MPS 30 % alone") << "a100-sxm4-40gb" << "" << 30.0 << true << 32 << 1555.0 << 40 * kMiB
                                         << 312.0 * 32 / 108 << 2048 << 1410.0 << 164 * 1024.0 << 19.5 * 32 / 108;
    QTest::newRow("T4") << "t4" << "" << 0.0 << false << 40 << 320.0 << 4 * kMiB << 65.0 << 1024 << 1590.0
                        << 64 * 1024.0 << 8.1;
    // P100: FP16 runs on the CUDA cores at 2x FP32.
    QTest::newRow("P100-PCIE-16GB") << "p100-pcie-16gb" << "" << 0.0 << false << 56 << 732.0 << 4 * kMiB << 18.7 << 2048
                                    << 1300.0 << 64 * 1024.0 << 9.3;
}

void TestDeviceResources::targets() {
    QFETCH(QString, gpu);
    QFETCH(QString, mig);
    QFETCH(double, mps);
    QFETCH(bool, alone);
    QFETCH(int, sms);
    QFETCH(double, bandwidthGBps);
    QFETCH(double, l2Bytes);
    QFETCH(double, fp16Tflops);
    QFETCH(int, threadsPerSm);
    QFETCH(double, clockMhz);
    QFETCH(double, sharedPerSmBytes);
    QFETCH(double, fp32Tflops);
    const Result<Target> t = Target::make(::gpu(gpu), mig, mps > 0 ? std::optional<double>(mps) : std::nullopt, !alone);
    if (!t.ok()) {
        QFAIL(qPrintable(t.errorMessage()));
    }
    const DeviceResources r = DeviceResources::fromTarget(*t);
    QVERIFY(r.valid());
    QCOMPARE(r.gpuId, gpu);
    QCOMPARE(r.sms, sms);
    QVERIFY2(std::abs(r.bandwidthGBps - bandwidthGBps) < 1e-6, qPrintable(QString::number(r.bandwidthGBps)));
    QVERIFY2(std::abs(r.l2Bytes - l2Bytes) < 1e-3, qPrintable(QString::number(r.l2Bytes)));
    QVERIFY2(std::abs(r.peak(ComputeType::FP16) - fp16Tflops) < 1e-9, qPrintable(QString::number(r.peak(ComputeType::FP16))));
    QVERIFY2(std::abs(r.peak(ComputeType::FP32) - fp32Tflops) < 1e-9, qPrintable(QString::number(r.peak(ComputeType::FP32))));
    QCOMPARE(r.maxThreadsPerSm, threadsPerSm);
    QCOMPARE(r.clockMhz, clockMhz);  // clocks are not partitioned
    QCOMPARE(r.sharedMemPerSmBytes, sharedPerSmBytes);
}

void TestDeviceResources::wholeGpuFromSpecEqualsFromTarget() {
    for (const GpuSpec &g : GpuCatalogue::builtIn().gpus()) {
        const DeviceResources a = DeviceResources::fromSpec(g);
        const DeviceResources b = DeviceResources::fromTarget(Target::wholeGpu(g));
        QCOMPARE(a.sms, b.sms);
        QCOMPARE(a.bandwidthGBps, b.bandwidthGBps);
        QCOMPARE(a.l2Bytes, b.l2Bytes);
        QCOMPARE(a.fp16NonTensorTflops, b.fp16NonTensorTflops);
        for (ComputeType type : kAllComputeTypes) {
            QVERIFY2(std::abs(a.peak(type) - b.peak(type)) < 1e-9, qPrintable(g.id));
        }
    }
}

void TestDeviceResources::paths_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<int>("type");
    QTest::addColumn<bool>("supported");
    QTest::addColumn<int>("effective");
    const int fp32 = static_cast<int>(ComputeType::FP32);
    const int fp16 = static_cast<int>(ComputeType::FP16);
    const int bf16 = static_cast<int>(ComputeType::BF16);
    const int int8 = static_cast<int>(ComputeType::INT8);
    const int fp8 = static_cast<int>(ComputeType::FP8);
    // P100 (CC 6.0): FP16 on CUDA cores, no INT8, no BF16.
    QTest::newRow("P100 fp16") << "p100-pcie-16gb" << fp16 << true << fp16;
    QTest::newRow("P100 int8") << "p100-pcie-16gb" << int8 << false << fp32;
    QTest::newRow("P100 bf16") << "p100-pcie-16gb" << bf16 << false << fp32;
    // T4 (Turing): FP16 and INT8 tensor cores, no BF16 (Ampere on), no FP8 (Ada/Hopper on).
    QTest::newRow("T4 int8") << "t4" << int8 << true << int8;
    QTest::newRow("T4 bf16") << "t4" << bf16 << false << fp32;
    QTest::newRow("T4 fp8") << "t4" << fp8 << false << fp32;
    // H100: FP8 tensor cores.
    QTest::newRow("H100 fp8") << "h100-sxm5-80gb" << fp8 << true << fp8;
    QTest::newRow("A100 fp8") << "a100-sxm4-40gb" << fp8 << false << fp32;
}

void TestDeviceResources::paths() {
    QFETCH(QString, gpu);
    QFETCH(int, type);
    QFETCH(bool, supported);
    QFETCH(int, effective);
    const DeviceResources r = DeviceResources::fromSpec(::gpu(gpu));
    const auto t = static_cast<ComputeType>(type);
    QCOMPARE(r.supports(t), supported);
    QCOMPARE(static_cast<int>(r.effectiveCompute(t)), effective);
    QCOMPARE(r.peak(t) > 0, supported);
}

void TestDeviceResources::customGpuKeepsItsBaseCalibration() {
    // A GPU file derived from a catalogue GPU ("base") uses the base's calibration key.
    GpuSpec custom = gpu(QStringLiteral("a100-sxm4-40gb"));
    custom.id = QStringLiteral("my-a100");
    custom.custom = true;
    custom.base = QStringLiteral("a100-sxm4-40gb");
    QCOMPARE(DeviceResources::fromSpec(custom).gpuId, QStringLiteral("a100-sxm4-40gb"));
    custom.base.clear();
    QCOMPARE(DeviceResources::fromSpec(custom).gpuId, QStringLiteral("my-a100"));
}

void TestDeviceResources::fp32LanesPerIssue_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("lanes");
    QTest::newRow("P4 (GP104, dual dispatch)") << "p4" << 16;
    QTest::newRow("P100 (GP100, dual dispatch)") << "p100-pcie-16gb" << 16;
    QTest::newRow("V100 (GV100)") << "v100-sxm2-32gb" << 16;
    QTest::newRow("T4 (TU104)") << "t4" << 16;
    QTest::newRow("A100 (GA100)") << "a100-sxm4-80gb" << 16;
    QTest::newRow("A30 (GA100)") << "a30" << 16;
    QTest::newRow("A10 (GA102)") << "a10" << 32;
    QTest::newRow("A40 (GA102)") << "a40" << 32;
    QTest::newRow("L4 (AD104)") << "l4" << 32;
    QTest::newRow("L40S (AD102)") << "l40s" << 32;
    QTest::newRow("RTX 4090 (AD102)") << "rtx-4090" << 32;
    QTest::newRow("H100 PCIe (GH100)") << "h100-pcie-80gb" << 32;
    QTest::newRow("H100 SXM (GH100)") << "h100-sxm5-80gb" << 32;
    QTest::newRow("H200 (GH100)") << "h200-sxm5-141gb" << 32;
    QTest::newRow("B200 (GB100)") << "b200" << 32;
}

void TestDeviceResources::fp32LanesPerIssue() {
    QFETCH(QString, id);
    QFETCH(int, lanes);
    const GpuSpec &g = gpu(id);
    QCOMPARE(fp32LanesPerIssueSlot(g), lanes);
    QCOMPARE(DeviceResources::fromSpec(g).fp32LanesPerIssue, lanes);
    const Result<Target> whole = Target::make(g);
    QVERIFY(whole.ok());
    QCOMPARE(DeviceResources::fromTarget(*whole).fp32LanesPerIssue, lanes);
    if (id == QLatin1String("h100-sxm5-80gb") || id == QLatin1String("a100-sxm4-80gb")) {
        // A MIG slice keeps its GPU's SM design.
        const Result<Target> slice = Target::make(g, QStringLiteral("1g.10gb"));
        QVERIFY2(slice.ok(), qPrintable(slice.ok() ? QString() : slice.errorMessage()));
        QCOMPARE(DeviceResources::fromTarget(*slice).fp32LanesPerIssue, lanes);
    }
    GpuSpec unknown = g;
    unknown.cudaCores = 0;
    QCOMPARE(fp32LanesPerIssueSlot(unknown), 16);  // no CUDA-core count: no wide-issue factor
}

QTEST_GUILESS_MAIN(TestDeviceResources)
#include "test_device_resources.moc"
