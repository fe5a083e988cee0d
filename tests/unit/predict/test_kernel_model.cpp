// SPDX-License-Identifier: MIT
// Tests of KernelModel with the compiled-in fitted model: physical sanity against hand
// calculations from datasheet figures (A100-PCIE-40GB: 19.5 TFLOPS FP32, 312 TFLOPS FP16 tensor,
// 1555 GB/s, 108 SMs; MIG 1g.5gb = 14 SMs and 1/8 of the memory system, REFERENCE.md section 2),
// determinism, error bands, dtype support, and the weights-file round trip.
#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"
#include "predict/kernel_model.h"
#include "validate/measured_data.h"

#include <QDir>

#include <QJsonDocument>
#include <QtTest>

#include <cmath>

using namespace infersight;

Q_DECLARE_METATYPE(infersight::Kernel)

namespace {

const GpuSpec &gpu(const QString &id) {
    const GpuSpec *g = GpuCatalogue::builtIn().find(id);
    if (!g) {
        qFatal("GPU %s missing from the catalogue", qPrintable(id));
    }
    return *g;
}

DeviceResources device(const QString &id) {
    return DeviceResources::fromSpec(gpu(id));
}

}  // namespace

class TestKernelModel : public QObject {
    Q_OBJECT
private slots:
    void builtInLoads();
    void hugeGemmApproachesPeak_data();
    void hugeGemmApproachesPeak();
    void hugeAddApproachesBandwidth_data();
    void hugeAddApproachesBandwidth();
    void migSliceIsSlower();
    void mpsShareIsSlower();
    void sliceNeverSlowerPerSm();
    void tinyKernelIsLatencyBound();
    void tensorCorePathIsFasterAndExtrapolated();
    void unsupportedComputeType();
    void tensorAlignment_data();
    void tensorAlignment();
    void tf32ConvFallsBackBeforeAmpere();
    void depthwiseRunsBelowPooling();
    void wideIssueFp32OnlyOnFp32MatrixKernels();
    void determinism();
    void bandContainsPrediction_data();
    void bandContainsPrediction();
    void calibrationFallback();
    void sustainedComputeFractionByHand();
    void sameChipSiblingCalibration();
    void powerPriorForUnmeasuredGpus();
    void bandwidthSiblingForTensorKernels();
    void fittedBandwidthBoundsElementwise();
    void tensorPathNeverSlowerThanCudaCores();
    void dominatedGpusBoundEveryKernel();
    void tensorPathsTakeTheFamilyLevel();
    void roundTripThroughJson();
};

void TestKernelModel::builtInLoads() {
    Result<KernelModel> m = KernelModel::fromResource();
    QVERIFY2(m.ok(), m.ok() ? "" : qPrintable(m.errorMessage()));
    QVERIFY(!m->isEmpty());
    QVERIFY(!KernelModel::builtIn().isEmpty());
    QVERIFY(m->metadata().contains(QStringLiteral("test_split_mape")));
}

void TestKernelModel::hugeGemmApproachesPeak_data() {
    QTest::addColumn<QString>("gpu");
    QTest::newRow("a100-pcie-40gb") << "a100-pcie-40gb";
    QTest::newRow("v100-pcie-32gb") << "v100-pcie-32gb";
    QTest::newRow("h100-sxm5-80gb (never measured)") << "h100-sxm5-80gb";
}

void TestKernelModel::hugeGemmApproachesPeak() {
    QFETCH(QString, gpu);
    const DeviceResources d = device(gpu);
    // 16384^3 FP32 GEMM: 2 * 16384^3 = 8.8e12 FLOPs, arithmetic intensity 2730 FLOP/B: compute bound.
    const Kernel k = Kernel::gemm(16384, 16384, 16384);
    const KernelPrediction p = predictKernel(k, d);
    const double peak = d.peak(ComputeType::FP32) * 1e12;
    const double achieved = k.flops() / (p.deviceMs * 1e-3);
    QCOMPARE(p.bound, KernelBound::Compute);
    QVERIFY2(achieved <= peak * (1 + 1e-9), qPrintable(QStringLiteral("%1 > peak %2").arg(achieved).arg(peak)));
    QVERIFY2(achieved >= 0.6 * peak, qPrintable(QStringLiteral("%1 TFLOPS is far below peak %2")
                                                    .arg(achieved / 1e12)
                                                    .arg(peak / 1e12)));
    QCOMPARE(p.computeMs, k.flops() / peak * 1e3);
    QVERIFY(p.utilisation <= 1.0);
}

void TestKernelModel::hugeAddApproachesBandwidth_data() {
    QTest::addColumn<QString>("gpu");
    QTest::newRow("a100-pcie-40gb") << "a100-pcie-40gb";
    QTest::newRow("t4") << "t4";
    QTest::newRow("h200-sxm5-141gb (never measured)") << "h200-sxm5-141gb";
}

void TestKernelModel::hugeAddApproachesBandwidth() {
    QFETCH(QString, gpu);
    const DeviceResources d = device(gpu);
    // 2^30-element FP32 add: 12 GiB moved, 1 FLOP per 12 bytes: memory bound.
    const Kernel k = Kernel::elementwise(std::int64_t(1) << 30, 2, 1);
    const KernelPrediction p = predictKernel(k, d);
    const double bw = d.bandwidthGBps * 1e9;
    const double achieved = k.bytes() / (p.deviceMs * 1e-3);
    QCOMPARE(p.bound, KernelBound::Memory);
    QVERIFY2(achieved <= bw * (1 + 1e-9), qPrintable(QStringLiteral("%1 GB/s > %2").arg(achieved / 1e9).arg(bw / 1e9)));
    QVERIFY2(achieved >= 0.6 * bw, qPrintable(QStringLiteral("%1 GB/s is far below %2").arg(achieved / 1e9).arg(bw / 1e9)));
    QCOMPARE(p.memoryMs, k.bytes() / bw * 1e3);
}

void TestKernelModel::migSliceIsSlower() {
    const GpuSpec &a100 = gpu(QStringLiteral("a100-sxm4-40gb"));
    Result<Target> slice = Target::make(a100, QStringLiteral("1g.5gb"));
    QVERIFY(slice.ok());
    const DeviceResources whole = DeviceResources::fromSpec(a100);
    const DeviceResources mig = DeviceResources::fromTarget(*slice);
    QCOMPARE(mig.sms, 14);
    const Kernel k = Kernel::gemm(8192, 8192, 8192);
    const KernelPrediction pw = predictKernel(k, whole);
    const KernelPrediction pm = predictKernel(k, mig);
    // 14 of 108 SMs: the compute roofline alone is 108/14 = 7.7x longer.
    QVERIFY(pm.latencyMs > 5.0 * pw.latencyMs);
    QVERIFY(pm.computeMs > 7.0 * pw.computeMs);
    // A memory-bound kernel slows with the slice's 1/8 of the bandwidth.
    const Kernel add = Kernel::elementwise(std::int64_t(1) << 28, 2, 1);
    QVERIFY(predictKernel(add, mig).latencyMs > 5.0 * predictKernel(add, whole).latencyMs);
}

// A MIG slice keeps its GPU's SMs: a compute-bound matrix kernel on 1g.5gb (14 of 108 SMs) takes at
// most 108/14 times its whole-GPU time (ViT-B/16's MLP GEMM at batch 128, FP32: the learned
// utilisation alone gave 8.25x); a memory-bound one still follows the 1/8 bandwidth share. The
// resources a slice is carved from are the whole GPU's (DeviceResources::wholeGpu).
void TestKernelModel::sliceNeverSlowerPerSm() {
    const GpuSpec &a100 = gpu(QStringLiteral("a100-sxm4-40gb"));
    const DeviceResources whole = DeviceResources::fromSpec(a100);
    for (const QString &profile : {QStringLiteral("1g.5gb"), QStringLiteral("2g.10gb"), QStringLiteral("3g.20gb")}) {
        Result<Target> slice = Target::make(a100, profile);
        QVERIFY(slice.ok());
        const DeviceResources mig = DeviceResources::fromTarget(*slice);
        QVERIFY(mig.partitioned());
        const DeviceResources back = mig.wholeGpu();
        QCOMPARE(back.sms, whole.sms);
        QVERIFY(qFuzzyCompare(back.bandwidthGBps, whole.bandwidthGBps));
        QVERIFY(qFuzzyCompare(back.l2Bytes, whole.l2Bytes));
        QVERIFY(qFuzzyCompare(back.peak(ComputeType::FP32), whole.peak(ComputeType::FP32)));
        const double smRatio = static_cast<double>(whole.sms) / mig.sms;
        for (const Kernel &k : {Kernel::gemm(25216, 3072, 768, 1, true), Kernel::gemm(25216, 768, 3072, 1, true),
                                Kernel::gemm(8192, 8192, 8192)}) {
            const KernelPrediction pw = predictKernel(k, whole);
            const KernelPrediction pm = predictKernel(k, mig);
            QCOMPARE(pm.bound, KernelBound::Compute);
            QVERIFY2(pm.deviceMs <= pw.deviceMs * smRatio * (1 + 1e-9),
                     qPrintable(QStringLiteral("%1: %2 ms on the slice, %3 ms x %4 on the whole GPU")
                                    .arg(profile).arg(pm.deviceMs).arg(pw.deviceMs).arg(smRatio)));
        }
    }
    Result<Target> slice = Target::make(a100, QStringLiteral("1g.5gb"));
    const DeviceResources mig = DeviceResources::fromTarget(*slice);
    const Kernel add = Kernel::elementwise(std::int64_t(1) << 28, 2, 1);
    QVERIFY(predictKernel(add, mig).deviceMs > 7.9 * predictKernel(add, whole).deviceMs);
    QVERIFY(!whole.partitioned());
}

void TestKernelModel::mpsShareIsSlower() {
    const GpuSpec &h100 = gpu(QStringLiteral("h100-sxm5-80gb"));
    Result<Target> share = Target::make(h100, {}, 25.0);
    QVERIFY(share.ok());
    const Kernel k = Kernel::gemm(4096, 4096, 4096, 1, true, ComputeType::BF16, 2);
    QVERIFY(predictKernel(k, DeviceResources::fromTarget(*share)).latencyMs >
            2.0 * predictKernel(k, DeviceResources::fromSpec(h100)).latencyMs);
}

void TestKernelModel::tinyKernelIsLatencyBound() {
    // A 1k-element add moves 12 KB: 8 ns of A100 bandwidth, far below any launch.
    const KernelPrediction p = predictKernel(Kernel::elementwise(1024, 2, 1), device(QStringLiteral("a100-pcie-40gb")));
    QCOMPARE(p.bound, KernelBound::Latency);
    QVERIFY(p.floorMs > 0.001);  // a few microseconds at least
    QVERIFY(p.latencyMs < 0.1);
}

void TestKernelModel::tensorCorePathIsFasterAndExtrapolated() {
    const DeviceResources d = device(QStringLiteral("a100-pcie-40gb"));
    const KernelPrediction fp32 = predictKernel(Kernel::gemm(8192, 8192, 8192), d);
    const KernelPrediction fp16 = predictKernel(Kernel::gemm(8192, 8192, 8192, 1, false, ComputeType::FP16, 2), d);
    QVERIFY(fp16.supported);
    QCOMPARE(fp16.compute, ComputeType::FP16);
    QVERIFY(fp16.extrapolated);
    QVERIFY(!fp32.extrapolated);
    // 312 vs 19.5 TFLOPS: the tensor-core roofline is 16x shorter.
    QCOMPARE(fp32.computeMs / fp16.computeMs, 312.0 / 19.5);
    QVERIFY(fp16.latencyMs < fp32.latencyMs / 4);
    QVERIFY(fp16.bandHighMs / fp16.latencyMs > fp32.bandHighMs / fp32.latencyMs);  // wider band
}

void TestKernelModel::unsupportedComputeType() {
    // V100 has no BF16 path (REFERENCE.md 1c): flagged, timed on FP32 CUDA cores.
    const KernelPrediction p = predictKernel(Kernel::gemm(1024, 1024, 1024, 1, false, ComputeType::BF16, 2),
                                             device(QStringLiteral("v100-pcie-32gb")));
    QVERIFY(!p.supported);
    QCOMPARE(p.compute, ComputeType::FP32);
    QVERIFY(p.latencyMs > 0);
}

// Padding of unaligned operands to the 16-byte tensor-core vector, by hand: GEMMs pad K and N to 8
// elements in FP16/BF16, 4 in TF32, 16 in INT8; convolutions their channels to at most 4; FP32
// CUDA-core kernels load no such vector.
void TestKernelModel::tensorAlignment_data() {
    QTest::addColumn<Kernel>("kernel");
    QTest::addColumn<int>("path");
    QTest::addColumn<double>("expected");
    // ResNet stem: 3 RGB input channels, 64 output channels, 7x7 stride 2. Convolutions pad channels to
    // at most 4 (cuDNN's small-channel "C = 4" kernels): 3 -> 4 in FP16 and TF32 alike.
    const Kernel stem = Kernel::conv2d(8, 3, 64, 224, 224, 7, 7, 2, 3);
    QTest::newRow("stem fp16") << stem << int(ComputeType::FP16) << 3.0 / 4.0;
    QTest::newRow("stem tf32") << stem << int(ComputeType::TF32) << 3.0 / 4.0;
    QTest::newRow("stem fp32") << stem << int(ComputeType::FP32) << 1.0;
    // GEMM K = 1001 -> 1008, N = 4100 -> 4104 (FP16).
    const Kernel g = Kernel::gemm(512, 4100, 1001, 1, true);
    QTest::newRow("gemm fp16") << g << int(ComputeType::FP16) << (1001.0 / 1008.0) * (4100.0 / 4104.0);
    QTest::newRow("gemm int8") << g << int(ComputeType::INT8) << (1001.0 / 1008.0) * (4100.0 / 4112.0);
    QTest::newRow("aligned") << Kernel::gemm(512, 4096, 1024, 1, true) << int(ComputeType::FP16) << 1.0;
    // ResNeXt 32x4d grouped 3x3: 128 channels in 32 groups = 4 per group. cuDNN batches the groups
    // instead of padding each to 8 (padding would make the DLE ResNeXt AMP rows 4x slower per conv than
    // measured): no padding loss.
    const Kernel grouped = Kernel::conv2d(8, 128, 128, 56, 56, 3, 3, 1, 1, 32);
    QTest::newRow("grouped fp16") << grouped << int(ComputeType::FP16) << 1.0;
    // A 1x1 conv is a GEMM: K = input channels 30 -> 32, N = 64.
    QTest::newRow("pointwise fp16") << Kernel::conv2d(8, 30, 64, 28, 28, 1, 1) << int(ComputeType::FP16)
                                    << 30.0 / 32.0;
}

void TestKernelModel::tensorAlignment() {
    QFETCH(Kernel, kernel);
    QFETCH(int, path);
    QFETCH(double, expected);
    QVERIFY(kernel.valid());
    QCOMPARE(tensorAlignmentEfficiency(kernel, static_cast<ComputeType>(path)), expected);
}

// PyTorch's default `fp32` lowers convolutions to the TF32 path (cudnn.allow_tf32). The V100 has no
// TF32 (Volta; REFERENCE.md): the kernel runs, and is timed, as FP32 there. The A100 has 156 TFLOPS
// TF32 against 19.5 FP32: a large 3x3 conv is faster on TF32.
void TestKernelModel::tf32ConvFallsBackBeforeAmpere() {
    Kernel fp32 = Kernel::conv2d(64, 256, 256, 56, 56, 3, 3, 1, 1);
    Kernel tf32 = fp32;
    tf32.compute = ComputeType::TF32;
    const KernelPrediction v32 = predictKernel(fp32, device(QStringLiteral("v100-sxm2-32gb")));
    const KernelPrediction vtf = predictKernel(tf32, device(QStringLiteral("v100-sxm2-32gb")));
    QCOMPARE(int(vtf.compute), int(ComputeType::FP32));
    QCOMPARE(vtf.latencyMs, v32.latencyMs);
    const KernelPrediction a32 = predictKernel(fp32, device(QStringLiteral("a100-pcie-40gb")));
    const KernelPrediction atf = predictKernel(tf32, device(QStringLiteral("a100-pcie-40gb")));
    QCOMPARE(int(atf.compute), int(ComputeType::TF32));
    QVERIFY2(atf.latencyMs < 0.5 * a32.latencyMs, qPrintable(QStringLiteral("tf32 %1 ms, fp32 %2 ms")
                                                                  .arg(atf.latencyMs)
                                                                  .arg(a32.latencyMs)));
}

// A depthwise 3x3 conv and a 3x3 pooling window over the same tensor move the same bytes; in
// channels-last memory (cuDNN's NHWC kernel) the depthwise kernel is timed at kDepthwiseEfficiency of
// the pooling kernel's utilisation (its device time is 1 / kDepthwiseEfficiency times longer). In NCHW
// memory it is never faster than its measured cycles per output allow: FP16 3x3 stride 1 0.82 cycles,
// FP32 2.49 (the H100 kernel data), i.e. 128 x 144 x 56 x 56 outputs on 132 SMs at 1,980 MHz.
void TestKernelModel::depthwiseRunsBelowPooling() {
    Kernel pool = Kernel::stencil(128, 144, 56, 56, 3, 3, 1, 1, 2);
    Kernel dw = pool;
    dw.flopsPerElement = kDepthwiseStencilFlopsPerTap;
    dw.channelsLast = true;
    QVERIFY(isDepthwiseStencil(dw));
    QVERIFY(!isDepthwiseStencil(pool));
    const DeviceResources h100 = device(QStringLiteral("h100-sxm5-80gb"));
    const KernelPrediction p = predictKernel(pool, h100);
    const KernelPrediction d = predictKernel(dw, h100);
    QCOMPARE(d.rooflineMs, p.rooflineMs);
    QVERIFY(qFuzzyCompare(d.deviceMs * KernelModel::kDepthwiseEfficiency, p.deviceMs));
    const double outputs = 128.0 * 144 * 56 * 56;
    const double smCyclesPerMs = 132 * 1980e3;
    Kernel nchw = dw;
    nchw.channelsLast = false;
    const KernelPrediction half = predictKernel(nchw, h100);
    QVERIFY(half.deviceMs >= d.deviceMs * (1 - 1e-9));
    QVERIFY2(half.deviceMs >= outputs * 0.82 / smCyclesPerMs * (1 - 1e-9), qPrintable(QString::number(half.deviceMs)));
    nchw.elementBytes = 4;
    const KernelPrediction single = predictKernel(nchw, h100);
    QVERIFY(qFuzzyCompare(single.deviceMs, outputs * 2.49 / smCyclesPerMs));
}

// On a GPU whose issue slots feed 32 FP32 lanes (H100, L4) a compute-bound FP32 GEMM runs at
// kWideIssueFp32Efficiency of the learned utilisation and an FP32 convolution (cuDNN) at
// kWideIssueFp32ConvEfficiency; a memory-bound one at the factor to the power of its compute / memory
// time (issue slots limit arithmetic, not streaming); their TF32 paths, element-wise kernels and every
// kernel of a 16-lane GPU (A100) are untouched.
void TestKernelModel::wideIssueFp32OnlyOnFp32MatrixKernels() {
    KernelModel withoutFactor = KernelModel::builtIn();
    withoutFactor.setWideIssueFp32Efficiency(1.0);
    withoutFactor.setWideIssueFp32ConvEfficiency(1.0);
    QCOMPARE(KernelModel::builtIn().wideIssueFp32Efficiency(), KernelModel::kWideIssueFp32Efficiency);
    QCOMPARE(KernelModel::builtIn().wideIssueFp32ConvEfficiency(), KernelModel::kWideIssueFp32ConvEfficiency);
    QVERIFY(KernelModel::kWideIssueFp32Efficiency > 0.8 && KernelModel::kWideIssueFp32Efficiency < 1.0);
    QVERIFY(KernelModel::kWideIssueFp32ConvEfficiency > 0.6 && KernelModel::kWideIssueFp32ConvEfficiency < 1.0);
    const Kernel gemm = Kernel::gemm(4096, 4096, 4096, 1);
    const Kernel conv = Kernel::conv2d(64, 256, 256, 28, 28, 3, 3, 1, 1);
    const Kernel add = Kernel::elementwise(1 << 24, 2, 1, 4);
    for (const QString &id : {QStringLiteral("h100-sxm5-80gb"), QStringLiteral("l4")}) {
        const DeviceResources d = device(id);
        QCOMPARE(d.fp32LanesPerIssue, 32);
        for (const Kernel &k : {gemm, conv}) {
            const KernelPrediction with = KernelModel::builtIn().predict(k, d);
            const KernelPrediction without = withoutFactor.predict(k, d);
            QCOMPARE(with.compute, ComputeType::FP32);
            const double factor = k.kind == KernelClass::Conv ? KernelModel::kWideIssueFp32ConvEfficiency
                                                              : KernelModel::kWideIssueFp32Efficiency;
            QVERIFY(qFuzzyCompare(with.deviceMs * factor, without.deviceMs));
        }
        // ResNeXt's first stride-2 grouped convolution (32 groups of 8 channels), batch 8: memory-bound.
        const Kernel grouped = Kernel::conv2d(8, 256, 256, 56, 56, 3, 3, 2, 1, 32);
        const KernelPrediction with = KernelModel::builtIn().predict(grouped, d);
        const KernelPrediction without = withoutFactor.predict(grouped, d);
        QVERIFY(with.memoryMs > 2 * with.computeMs);
        const double share = with.computeMs / with.memoryMs;
        QVERIFY(qFuzzyCompare(with.deviceMs * std::pow(KernelModel::kWideIssueFp32ConvEfficiency, share), without.deviceMs));
        Kernel tf32 = gemm;
        tf32.compute = ComputeType::TF32;
        QCOMPARE(KernelModel::builtIn().predict(tf32, d).deviceMs, withoutFactor.predict(tf32, d).deviceMs);
        QCOMPARE(KernelModel::builtIn().predict(add, d).deviceMs, withoutFactor.predict(add, d).deviceMs);
    }
    const DeviceResources a100 = device(QStringLiteral("a100-sxm4-80gb"));
    QCOMPARE(a100.fp32LanesPerIssue, 16);
    QCOMPARE(KernelModel::builtIn().predict(gemm, a100).deviceMs, withoutFactor.predict(gemm, a100).deviceMs);
}

void TestKernelModel::determinism() {
    const KernelModel &m = KernelModel::builtIn();
    const DeviceResources d = device(QStringLiteral("t4"));
    const KernelModel::BoundDevice b = m.bind(d);
    const Kernel kernels[] = {Kernel::gemm(777, 333, 555, 3), Kernel::conv2d(16, 64, 128, 28, 28, 3, 3, 1, 1),
                              Kernel::rowReduction(4096, 1024), Kernel::elementwise(123457, 1, 1, 8)};
    for (const Kernel &k : kernels) {
        const KernelPrediction a = m.predict(k, d);
        const KernelPrediction c = m.predict(k, b);
        const KernelPrediction e = predictKernel(k, d);
        QCOMPARE(a.latencyMs, c.latencyMs);
        QCOMPARE(a.latencyMs, e.latencyMs);
        QCOMPARE(a.bandLowMs, e.bandLowMs);
        QCOMPARE(a.utilisation, e.utilisation);
    }
}

void TestKernelModel::bandContainsPrediction_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<bool>("calibrated");
    QTest::newRow("v100 (measured, gemm calibration kept)") << "v100-pcie-32gb" << true;
    QTest::newRow("p4 (measured, gemm calibration dropped)") << "p4" << false;
    QTest::newRow("l4 (never measured)") << "l4" << false;
    QTest::newRow("b200 (never measured)") << "b200" << false;
}

void TestKernelModel::bandContainsPrediction() {
    QFETCH(QString, gpu);
    QFETCH(bool, calibrated);
    const DeviceResources d = device(gpu);
    const Kernel kernels[] = {Kernel::gemm(2048, 2048, 2048), Kernel::conv2d(8, 64, 64, 56, 56, 3, 3, 1, 1),
                              Kernel::rowReduction(8192, 4096), Kernel::elementwise(1 << 24, 1, 1),
                              Kernel::copy(1 << 22), Kernel::stencil(8, 64, 112, 112, 3, 3, 2, 1)};
    for (const Kernel &k : kernels) {
        const KernelPrediction p = predictKernel(k, d);
        QVERIFY(p.latencyMs > 0);
        QVERIFY(p.bandLowMs <= p.latencyMs);
        QVERIFY(p.bandHighMs >= p.latencyMs);
        if (k.kind == KernelClass::Gemm) {
            // Which measured GPUs keep a GEMM calibration is recorded in the weights file
            // (metadata.calibration_check); the rows above follow the committed one.
            QCOMPARE(p.calibrated, calibrated);
        }
        if (k.kind == KernelClass::Copy || k.kind == KernelClass::Stencil) {
            QVERIFY(p.extrapolated);
        }
    }
}

void TestKernelModel::calibrationFallback() {
    const KernelModel &m = KernelModel::builtIn();
    const UtilisationModel &gemm = m.model(UtilisationModelKind::Gemm);
    bool own = true;
    // Unmeasured HBM GPU: the HBM family's mean level.
    QCOMPARE(gemm.levelFor(QStringLiteral("h100-sxm5-80gb"), QStringLiteral("HBM3"), &own), gemm.hbmLevel);
    QVERIFY(!own);
    QCOMPARE(gemm.levelFor(QStringLiteral("l4"), QStringLiteral("GDDR6"), &own), gemm.gddrLevel);
    QVERIFY(!gemm.calibration.empty());
    gemm.levelFor(gemm.calibration.front().gpuId, QString(), &own);
    QVERIFY(own);
    // A MIG slice of a measured GPU keeps the GPU's calibration.
    Result<Target> slice = Target::make(gpu(QStringLiteral("a100-pcie-40gb")), QStringLiteral("3g.20gb"));
    QVERIFY(slice.ok());
    QVERIFY(m.bind(DeviceResources::fromTarget(*slice)).calibratedPer[static_cast<int>(UtilisationModelKind::Vector)]);
}

void TestKernelModel::sustainedComputeFractionByHand() {
    // sqrt(min(1, TDP / (0.037 W x FP32 lanes x boost GHz))), catalogue figures (REFERENCE.md):
    // A100 PCIe 40GB: 250 W / (0.037 x 6912 x 1.41) = 250 / 360.60 = 0.6933 -> 0.8326;
    // A100 PCIe 80GB: 300 / 360.60 = 0.8320 -> 0.9121; A100 SXM4 (400 W): 1;
    // V100 PCIe: 250 / (0.037 x 5120 x 1.38) = 250 / 261.43 = 0.9563 -> 0.9779; V100 SXM2 (300 W): 1;
    // T4: 70 / (0.037 x 2560 x 1.59) = 70 / 150.60 = 0.4648 -> 0.6818.
    QCOMPARE(kWattsPerFp32LaneGhz, 0.037);
    QCOMPARE(kPowerLimitedClockExponent, 0.5);
    const struct {
        const char *id;
        double expected;
    } cases[] = {{"a100-pcie-40gb", 0.8326}, {"a100-pcie-80gb", 0.9121}, {"a100-sxm4-40gb", 1.0},
                 {"a100-sxm4-80gb", 1.0},    {"v100-pcie-32gb", 0.9779}, {"v100-sxm2-32gb", 1.0},
                 {"t4", 0.6818}};
    for (const auto &c : cases) {
        const double s = sustainedComputeFraction(gpu(QString::fromLatin1(c.id)));
        QVERIFY2(std::abs(s - c.expected) < 5e-4, qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(c.id)).arg(s)));
        QCOMPARE(DeviceResources::fromSpec(gpu(QString::fromLatin1(c.id))).sustainedComputeFraction, s);
    }
    GpuSpec unknown = gpu(QStringLiteral("a100-pcie-40gb"));
    unknown.tdpW = 0;
    QCOMPARE(sustainedComputeFraction(unknown), 1.0);
    // A MIG slice keeps its GPU's fraction (the board's power limit, not the slice's share).
    Result<Target> slice = Target::make(gpu(QStringLiteral("a100-pcie-40gb")), QStringLiteral("1g.5gb"));
    QVERIFY(slice.ok());
    QCOMPARE(DeviceResources::fromTarget(*slice).sustainedComputeFraction,
             sustainedComputeFraction(gpu(QStringLiteral("a100-pcie-40gb"))));
}

void TestKernelModel::sameChipSiblingCalibration() {
    const KernelModel &m = KernelModel::builtIn();
    const auto gemmIndex = static_cast<std::size_t>(UtilisationModelKind::Gemm);
    const auto convIndex = static_cast<std::size_t>(UtilisationModelKind::Conv);
    const auto vecIndex = static_cast<std::size_t>(UtilisationModelKind::Vector);
    // The committed model: the A100 PCIe 40GB measured for GEMM and vector kernels, the A100 PCIe 80GB
    // for convolutions only (data/neusight), the V100 PCIe for all three.
    QVERIFY(m.model(UtilisationModelKind::Gemm).hasCalibration(QStringLiteral("a100-pcie-40gb")));
    QVERIFY(!m.model(UtilisationModelKind::Gemm).hasCalibration(QStringLiteral("a100-pcie-80gb")));
    QVERIFY(m.model(UtilisationModelKind::Conv).hasCalibration(QStringLiteral("a100-pcie-80gb")));

    const KernelModel::BoundDevice sxm = m.bind(device(QStringLiteral("a100-sxm4-40gb")));
    QCOMPARE(sxm.calibrationSource[gemmIndex], QStringLiteral("a100-pcie-40gb"));
    QCOMPARE(sxm.calibrationSource[vecIndex], QStringLiteral("a100-pcie-40gb"));
    QCOMPARE(sxm.calibrationSource[convIndex], QStringLiteral("a100-pcie-80gb"));
    QVERIFY(!sxm.calibratedPer[gemmIndex]);  // still an unmeasured GPU's band
    QVERIFY(std::abs(sxm.sustainedRatio[gemmIndex] - 1.0 / 0.8326) < 1e-3);
    QVERIFY(std::abs(sxm.sustainedRatio[convIndex] - 1.0 / 0.9121) < 1e-3);

    // The SXM4 40GB and the PCIe 40GB have the same SMs, clocks, bandwidth and L2: the same features.
    // A compute-bound SGEMM differs exactly by the power-limit ratio, a memory-bound copy not at all.
    const DeviceResources pcie = device(QStringLiteral("a100-pcie-40gb"));
    // (Below the utilisation ceiling: the largest SGEMMs are capped at the datasheet peak.)
    const Kernel gemm = Kernel::gemm(2048, 1024, 4096, 1);
    const KernelPrediction onPcie = m.predict(gemm, pcie);
    const KernelPrediction onSxm = m.predict(gemm, sxm);
    QCOMPARE(onPcie.bound, KernelBound::Compute);
    qInfo("SGEMM 2048x1024x4096: A100 PCIe 40GB %.4f ms (utilisation %.3f), A100 SXM4 40GB %.4f ms (%.3f)",
          onPcie.deviceMs, onPcie.utilisation, onSxm.deviceMs, onSxm.utilisation);
    QVERIFY(std::abs(onPcie.deviceMs / onSxm.deviceMs - 1.0 / 0.8326) < 1e-3);
    QVERIFY(m.predict(Kernel::gemm(8192, 8192, 8192, 1), sxm).utilisation <= 1.0);
    // Tensor-core paths take the sibling's calibration without the power term (a figure of FP32 lanes).
    Kernel tf32 = gemm;
    tf32.compute = ComputeType::TF32;
    QCOMPARE(m.predict(tf32, sxm).deviceMs, m.predict(tf32, pcie).deviceMs);
    const Kernel add = Kernel::elementwise(1 << 26, 2, 1, 4);
    QCOMPARE(m.predict(add, sxm).deviceMs, m.predict(add, pcie).deviceMs);
    // A measured GPU's own calibration: ratio 1, no note; its convolutions borrow from the 80GB card.
    const KernelModel::BoundDevice own = m.bind(pcie);
    QCOMPARE(own.calibrationSource[gemmIndex], QStringLiteral("a100-pcie-40gb"));
    QCOMPARE(own.sustainedRatio[gemmIndex], 1.0);
    QVERIFY(own.calibratedPer[gemmIndex]);
    QCOMPARE(own.calibrationSource[convIndex], QStringLiteral("a100-pcie-80gb"));
    QVERIFY(KernelModel::calibrationNote(own).contains(QStringLiteral("A100-PCIE-80GB")));
    QVERIFY(KernelModel::calibrationNote(sxm).contains(QStringLiteral("x0.83")));

    // Different boost clocks (V100 SXM2 1530 vs PCIe 1380 MHz): no sibling; its GEMM level is the
    // power prior (powerPriorForUnmeasuredGpus), its other models the HBM family's mean.
    const KernelModel::BoundDevice v100 = m.bind(device(QStringLiteral("v100-sxm2-32gb")));
    QVERIFY(v100.calibrationSource[gemmIndex].isEmpty());
    QVERIFY(v100.powerPrior);
    QCOMPARE(v100.levelFactor[convIndex], std::exp(m.model(UtilisationModelKind::Conv).hbmLevel));
    QVERIFY(!KernelModel::calibrationNote(v100).contains(QStringLiteral("timed as on the measured")));
    // Other chips: none either.
    QVERIFY(KernelModel::calibrationNote(m.bind(device(QStringLiteral("h100-sxm5-80gb")))).isEmpty());
}

// A GPU with neither its own GEMM calibration nor a same-chip sibling's takes the power prior when
// the power per FP32 lane of its process was measured (TSMC 16 / 12 / 7 nm): the mean over the
// calibrated GPUs of its dispatch design of (level - ln sustained fraction), plus its own ln
// sustained fraction. By hand from the committed GEMM levels (resources/predictor/kernel_model.json:
// A100 PCIe 40GB 0.0344, T4 -0.1331, V100 PCIe 0.1780; no Pascal board keeps a GEMM calibration) and
// the fractions of sustainedComputeFractionByHand (0.8326, 0.6818, 0.9779):
//   (0.0344 + 0.1832 - 0.1331 + 0.3830 + 0.1780 + 0.0223) / 3 = 0.2226,
// so the V100 SXM2 (300 W: fraction 1) is at exp(0.2226) = 1.249 against the HBM family's
// exp(0.0718) = 1.074. Held out, from data/predictor/loo/v100-pcie-32gb.json (A100 0.0588, T4
// -0.0662; the P100 and P4 are dual-dispatch boards, another group): (0.0588 + 0.1832 - 0.0662 +
// 0.3830) / 2 - 0.0223 = 0.2571 for the V100 PCIe, against the family's 0.047 that priced its
// e2e rows 14-25 % slow.
void TestKernelModel::powerPriorForUnmeasuredGpus() {
    const KernelModel &m = KernelModel::builtIn();
    const auto gemmIndex = static_cast<std::size_t>(UtilisationModelKind::Gemm);
    const UtilisationModel &gemm = m.model(UtilisationModelKind::Gemm);
    QCOMPARE(gemm.calibration.size(), std::size_t{3});
    const KernelModel::BoundDevice v100 = m.bind(device(QStringLiteral("v100-sxm2-32gb")));
    QVERIFY(v100.powerPrior);
    const double v100Level = std::log(v100.levelFactor[gemmIndex]);
    QVERIFY2(std::abs(v100Level - 0.2226) < 5e-4, qPrintable(QString::number(v100Level)));
    QVERIFY2(std::abs(v100.levelFactor[gemmIndex] - 1.249) < 1e-3, qPrintable(QString::number(v100.levelFactor[gemmIndex])));
    QVERIFY(KernelModel::calibrationNote(v100).contains(QStringLiteral("300 W")));
    // Measured GPUs and same-chip siblings keep their calibration.
    QVERIFY(!m.bind(device(QStringLiteral("v100-pcie-32gb"))).powerPrior);
    QVERIFY(!m.bind(device(QStringLiteral("a100-sxm4-80gb"))).powerPrior);
    // Processes whose power per FP32 lane no data measured (Samsung 8N, TSMC 4N, 4NP): the family's mean.
    for (const char *id : {"a10", "l4", "l40s", "h100-sxm5-80gb", "h200-sxm5-141gb", "b200"}) {
        const DeviceResources d = device(QString::fromLatin1(id));
        const KernelModel::BoundDevice b = m.bind(d);
        QVERIFY2(!b.powerPrior, id);
        QCOMPARE(b.levelFactor[gemmIndex], std::exp(gemm.levelFor(QString(), d.memoryType)));
    }
    QCOMPARE(fp32LaneWattsPerGhz(QStringLiteral("GH100")), 0.0);
    QCOMPARE(fp32LaneWattsPerGhz(QStringLiteral("GA102")), 0.0);
    QCOMPARE(fp32LaneWattsPerGhz(QStringLiteral("TU104")), kWattsPerFp32LaneGhz);
    // A Pascal board: no dual-dispatch GPU keeps a GEMM calibration here, so no prior either.
    const KernelModel::BoundDevice p100 = m.bind(device(QStringLiteral("p100-pcie-16gb")));
    QVERIFY(!p100.powerPrior);
    QCOMPARE(p100.levelFactor[gemmIndex], std::exp(gemm.hbmLevel));
    // Held out: the V100 PCIe predicted by the model fitted without it.
    Result<KernelModel> loo =
        KernelModel::fromFile(QDir(measuredDataDirectory()).filePath(QStringLiteral("predictor/loo/v100-pcie-32gb.json")));
    QVERIFY2(loo.ok(), qPrintable(loo.ok() ? QString() : loo.errorMessage()));
    const KernelModel::BoundDevice held = loo->bind(device(QStringLiteral("v100-pcie-32gb")));
    QVERIFY(held.powerPrior);
    const double heldLevel = std::log(held.levelFactor[gemmIndex]);
    QVERIFY2(std::abs(heldLevel - 0.2571) < 5e-4, qPrintable(QString::number(heldLevel)));
    // And the P100 held out takes its group's (the P4's) residual: a dual-dispatch board with a peer.
    Result<KernelModel> looP100 =
        KernelModel::fromFile(QDir(measuredDataDirectory()).filePath(QStringLiteral("predictor/loo/p100-pcie-16gb.json")));
    QVERIFY(looP100.ok());
    QVERIFY(looP100->bind(device(QStringLiteral("p100-pcie-16gb"))).powerPrior);
}

// Tensor-core kernels of a GPU without its own calibration are priced on its bandwidth sibling (same
// chip, SMs, L2 and clock, another bandwidth) with its own DRAM time of their bytes at 0.9 of datasheet
// bandwidth in place of the sibling's. Catalogue: H100 SXM 3352 GB/s, H200 4800 GB/s, both GH100 with
// 132 SMs, 50 MB L2, 1980 MHz; A100s: 108 SMs, 40 MB, 1410 MHz at 1555 / 1935 / 2039 GB/s.
// An uncalibrated GPU without a bandwidth sibling prices an element-wise kernel no slower than the
// vector network gives it at the highest bandwidth the network was calibrated at: the committed
// vector model's calibrated GPUs are the A100 PCIe 40GB (1,555 GB/s), V100 PCIe (900), P100 (732), T4
// (320) and P4 (192), so the B200 (7,700 GB/s) and H100 SXM (3,352) are bound at 1,555 GB/s. Before,
// the B200's 1.6 MB element-wise kernels came out at 9-10 us (44-50x their bytes at its bandwidth),
// slower than the same network gives the H100.
void TestKernelModel::fittedBandwidthBoundsElementwise() {
    const KernelModel &m = KernelModel::builtIn();
    const KernelModel::BoundDevice b200 = m.bind(device(QStringLiteral("b200")));
    QVERIFY2(std::abs(b200.fittedBandwidthRatio - 1555.0 / 7700.0) < 1e-9, qPrintable(QString::number(b200.fittedBandwidthRatio)));
    QVERIFY2(std::abs(m.bind(device(QStringLiteral("h100-sxm5-80gb"))).fittedBandwidthRatio - 1555.0 / 3352.0) < 1e-9,
             "h100");
    // Calibrated GPUs, GPUs with a bandwidth sibling and GPUs below the calibrated bandwidths: none.
    for (const char *id : {"a100-pcie-40gb", "h200-sxm5-141gb", "a100-sxm4-80gb", "l4", "rtx-4090"}) {
        QVERIFY2(m.bind(device(QString::fromLatin1(id))).fittedBandwidthRatio == 0.0, id);
    }
    // The bound: the B200 at its own bandwidth against the same GPU at 1,555 GB/s (bound without it).
    DeviceResources at1555 = device(QStringLiteral("b200"));
    at1555.bandwidthGBps = 1555.0;
    const KernelModel::BoundDevice slow = m.bind(at1555);
    QCOMPARE(slow.fittedBandwidthRatio, 0.0);
    const double bytesPerS = 7700.0 * 1e9;
    int faster = 0;
    for (int log2 = 16; log2 <= 26; log2 += 2) {
        const Kernel add = Kernel::elementwise(std::int64_t{1} << log2, 2, 1, 2);
        const double own = m.predict(add, b200).deviceMs;
        const double bound = m.predict(add, slow).deviceMs;
        qInfo("fp16 add of 2^%d elements on the B200: %.4f ms (at 1,555 GB/s %.4f ms; bytes at 7.7 TB/s %.4f ms)", log2,
              own, bound, add.bytes() / bytesPerS * 1e3);
        QVERIFY2(own <= bound * (1 + 1e-9), qPrintable(QString::number(log2)));
        faster += own < bound * (1 - 1e-6) ? 1 : 0;
    }
    QVERIFY(faster > 0);  // and at 64 Mi elements the B200's bandwidth makes it faster still
    // Matrix kernels are not bound by it.
    const Kernel gemm = Kernel::gemm(4096, 4096, 4096);
    QCOMPARE(m.predict(gemm, b200).deviceMs, m.predict(gemm, [&] {
        KernelModel::BoundDevice d = b200;
        d.fittedBandwidthRatio = 0;
        return d;
    }()).deviceMs);
}

// A tensor-core kernel is never priced slower than the same kernel on CUDA cores. Switch-XL's router
// (4096 tokens x 4 experts x 1024) in int8 pads its 4 columns to a 16-wide tile; the learned
// utilisation, fitted on FP32 kernels, priced it at 30-216x its 4.2 MB at datasheet bandwidth. By hand:
// its FP32 path moves the same bytes at 67 TFLOPS (H100 SXM): 34 MFLOP is 0.5 us of arithmetic.
void TestKernelModel::tensorPathNeverSlowerThanCudaCores() {
    const KernelModel &m = KernelModel::builtIn();
    for (const char *id : {"h100-sxm5-80gb", "a100-pcie-40gb", "l4", "t4"}) {
        const KernelModel::BoundDevice d = m.bind(device(QString::fromLatin1(id)));
        for (ComputeType t : {ComputeType::INT8, ComputeType::FP8, ComputeType::FP16, ComputeType::TF32}) {
            if (!d.resources.supports(t)) {
                continue;
            }
            Kernel router = Kernel::gemm(4096, 4, 1024, 1, true);
            router.compute = t;
            router.elementBytes = t == ComputeType::INT8 || t == ComputeType::FP8 ? 1 : t == ComputeType::FP16 ? 2 : 4;
            Kernel cuda = router;
            cuda.compute = ComputeType::FP32;
            const double tensorMs = m.predict(router, d).deviceMs;
            const double cudaMs = m.predict(cuda, d).deviceMs;
            QVERIFY2(tensorMs <= cudaMs * (1 + 1e-9), qPrintable(QStringLiteral("%1 %2: %3 > %4 ms")
                                                                      .arg(QLatin1String(id), computeTypeName(t))
                                                                      .arg(tensorMs)
                                                                      .arg(cudaMs)));
            const double bytesMs = router.bytes() / (d.resources.bandwidthGBps * 1e9) * 1e3;
            qInfo("%s %s router: %.4f ms (CUDA cores %.4f ms; bytes at datasheet bandwidth %.4f ms)", id,
                  qPrintable(computeTypeName(t)), tensorMs, cudaMs, bytesMs);
        }
    }
    // A large aligned GEMM keeps its tensor-core price (far below CUDA cores).
    const KernelModel::BoundDevice h100 = m.bind(device(QStringLiteral("h100-sxm5-80gb")));
    Kernel big = Kernel::gemm(8192, 8192, 8192, 1, true);
    big.compute = ComputeType::FP16;
    big.elementBytes = 2;
    Kernel bigCuda = big;
    bigCuda.compute = ComputeType::FP32;
    QVERIFY(m.predict(big, h100).deviceMs < 0.25 * m.predict(bigCuda, h100).deviceMs);
}

void TestKernelModel::bandwidthSiblingForTensorKernels() {
    const KernelModel &m = KernelModel::builtIn();
    const auto gemmIndex = static_cast<std::size_t>(UtilisationModelKind::Gemm);
    const auto convIndex = static_cast<std::size_t>(UtilisationModelKind::Conv);
    const auto vecIndex = static_cast<std::size_t>(UtilisationModelKind::Vector);
    const DeviceResources h100 = device(QStringLiteral("h100-sxm5-80gb"));
    const DeviceResources h200 = device(QStringLiteral("h200-sxm5-141gb"));
    const KernelModel::BoundDevice b200 = m.bind(h200);
    QCOMPARE(b200.bandwidthSibling[gemmIndex], QStringLiteral("h100-sxm5-80gb"));
    QCOMPARE(b200.bandwidthSibling[convIndex], QStringLiteral("h100-sxm5-80gb"));
    QCOMPARE(b200.bandwidthSibling[vecIndex], QStringLiteral("h100-sxm5-80gb"));  // element-wise: a bound only (below)
    QVERIFY(std::abs(b200.siblingBandwidthRatio[gemmIndex] - 3352.0 / 4800.0) < 1e-9);
    QVERIFY(m.bind(h100).bandwidthSibling[gemmIndex].isEmpty());  // the lowest bandwidth of its kind
    QVERIFY(KernelModel::calibrationNote(b200).contains(QStringLiteral("as on the H100 SXM")));
    // A100s: the calibration's source when it is one (its level was fitted at its bandwidth).
    const KernelModel::BoundDevice sxm80 = m.bind(device(QStringLiteral("a100-sxm4-80gb")));
    QCOMPARE(sxm80.bandwidthSibling[gemmIndex], QStringLiteral("a100-pcie-40gb"));
    QCOMPARE(sxm80.bandwidthSibling[convIndex], QStringLiteral("a100-pcie-80gb"));
    const KernelModel::BoundDevice pcie40 = m.bind(device(QStringLiteral("a100-pcie-40gb")));
    QVERIFY(pcie40.bandwidthSibling[gemmIndex].isEmpty());  // its own GEMM calibration
    QCOMPARE(pcie40.bandwidthSibling[convIndex], QStringLiteral("a100-pcie-80gb"));  // more bandwidth: ratio > 1
    QVERIFY(std::abs(pcie40.siblingBandwidthRatio[convIndex] - 1935.0 / 1555.0) < 1e-9);
    QVERIFY(m.bind(device(QStringLiteral("a30"))).bandwidthSibling[gemmIndex].isEmpty());  // GA100 with 56 SMs

    // By hand: a TF32 GEMM on the H200 = its time on the H100 - bytes / (0.9 x 3352 GB/s) + bytes / (0.9 x 4800 GB/s).
    for (const Kernel &base : {Kernel::gemm(4096, 4096, 4096, 1), Kernel::gemm(16384, 256, 256, 1)}) {
        Kernel k = base;
        k.compute = ComputeType::TF32;
        const KernelPrediction on100 = m.predict(k, h100);
        const KernelPrediction on200 = m.predict(k, b200);
        const double bytes = k.bytes();
        const double expected = on100.deviceMs - bytes / (0.9 * 3352e9) * 1e3 + bytes / (0.9 * 4800e9) * 1e3;
        qInfo("TF32 GEMM %lldx%lldx%lld (%.1f MB): H100 %.4f ms, H200 %.4f ms, by hand %.4f ms", static_cast<long long>(k.m),
              static_cast<long long>(k.n), static_cast<long long>(k.k), bytes / 1e6, on100.deviceMs, on200.deviceMs, expected);
        QVERIFY2(std::abs(on200.deviceMs / std::max(expected, bytes / (0.9 * 4800e9) * 1e3) - 1.0) < 1e-6,
                 qPrintable(QString::number(on200.deviceMs)));
        QVERIFY(on200.deviceMs < on100.deviceMs);  // more bandwidth, nothing else: never slower
    }
    // FP32 (CUDA-core) kernels are priced at the H200's own bandwidth; an element-wise kernel at its own
    // or, where the network gives it less time there, at the H100's bandwidth (the same network and
    // calibration otherwise): never slower than with less bandwidth.
    KernelModel::BoundDevice unlinked = b200;
    unlinked.siblingBandwidthRatio = {0.0, 0.0, 0.0};
    unlinked.dominated.clear();  // the H100 SXM and PCIe bound it too (dominatedGpusBoundEveryKernel)
    const Kernel sgemm = Kernel::gemm(4096, 4096, 4096, 1);
    QCOMPARE(m.predict(sgemm, b200).deviceMs, m.predict(sgemm, unlinked).deviceMs);
    DeviceResources h200AtH100Bandwidth = h200;
    h200AtH100Bandwidth.bandwidthGBps = h100.bandwidthGBps;
    KernelModel::BoundDevice atLower = m.bind(h200AtH100Bandwidth);
    atLower.siblingBandwidthRatio = {0.0, 0.0, 0.0};
    atLower.dominated.clear();
    int bounded = 0;
    for (std::int64_t n : {std::int64_t{1} << 16, std::int64_t{1} << 18, std::int64_t{1} << 20, std::int64_t{1} << 22,
                           std::int64_t{1} << 26}) {
        const Kernel add = Kernel::elementwise(n, 2, 1, flops_per_element::kAdd, 2);
        const double own = m.predict(add, unlinked).deviceMs;
        const double lower = m.predict(add, atLower).deviceMs;
        const double priced = m.predict(add, b200).deviceMs;
        qInfo("fp16 add of %lld elements: H200 network %.5f ms, at the H100's bandwidth %.5f ms, priced %.5f ms "
              "(H100 %.5f ms)",
              static_cast<long long>(n), own, lower, priced, m.predict(add, h100).deviceMs);
        QVERIFY(priced <= std::min(own, lower) * (1.0 + 1e-9));  // and never above the H100's (below)
        bounded += lower < own ? 1 : 0;
    }
    QVERIFY(bounded > 0);  // the network does read more bandwidth as slower somewhere
    Kernel tf32 = sgemm;
    tf32.compute = ComputeType::TF32;
    QVERIFY(m.predict(tf32, b200).deviceMs != m.predict(tf32, unlinked).deviceMs);
}

// Issue 17's monotonic-in-hardware check: a whole GPU at least as good as another catalogue GPU of its
// compute capability in every figure is never priced slower on a kernel. The pairs by hand from the
// catalogue (REFERENCE.md figures): the V100 SXM2 (80 SMs, 1530 MHz, 900 GB/s, 6 MB L2, 300 W) against
// the V100 PCIe 32GB (80, 1380, 900, 6, 250 W); the H200 against the H100 SXM (only bandwidth more)
// and the H100 PCIe; the A100 SXM4 80GB against the three other GA100 boards of 108 SMs.
void TestKernelModel::dominatedGpusBoundEveryKernel() {
    const KernelModel &m = KernelModel::builtIn();
    auto ids = [&](const QString &id) {
        QStringList out;
        for (const auto &d : m.bind(device(id)).dominated) {
            out << d->resources.gpuId;
        }
        out.sort();
        return out;
    };
    QCOMPARE(ids(QStringLiteral("v100-sxm2-32gb")), QStringList{QStringLiteral("v100-pcie-32gb")});
    QCOMPARE(ids(QStringLiteral("h200-sxm5-141gb")),
             (QStringList{QStringLiteral("h100-pcie-80gb"), QStringLiteral("h100-sxm5-80gb")}));
    QCOMPARE(ids(QStringLiteral("a100-sxm4-80gb")), (QStringList{QStringLiteral("a100-pcie-40gb"), QStringLiteral("a100-pcie-80gb"),
                                                                  QStringLiteral("a100-sxm4-40gb")}));
    QVERIFY(ids(QStringLiteral("v100-pcie-32gb")).isEmpty());  // the V100 SXM2 has more clock and power
    QVERIFY(ids(QStringLiteral("a30")).isEmpty());             // 56 SMs: dominates no A100
    QVERIFY(!device(QStringLiteral("h100-sxm5-80gb")).dominates(device(QStringLiteral("h100-sxm5-80gb"))));
    QVERIFY(!device(QStringLiteral("h100-sxm5-80gb")).dominates(device(QStringLiteral("h200-sxm5-141gb"))));
    QVERIFY(!device(QStringLiteral("h100-sxm5-80gb")).dominates(device(QStringLiteral("a100-sxm4-80gb"))));  // other CC
    Result<Target> slice = Target::make(gpu(QStringLiteral("h200-sxm5-141gb")), QStringLiteral("1g.18gb"));
    QVERIFY(slice.ok());
    QVERIFY(m.bind(DeviceResources::fromTarget(*slice)).dominated.empty());  // slices are not bounded

    // Every kernel on the V100 SXM2: the lower of its own price and the V100 PCIe's.
    const KernelModel::BoundDevice sxm2 = m.bind(device(QStringLiteral("v100-sxm2-32gb")));
    KernelModel::BoundDevice alone = sxm2;
    alone.dominated.clear();
    const KernelModel::BoundDevice pcie = m.bind(device(QStringLiteral("v100-pcie-32gb")));
    Kernel conv = Kernel::conv2d(64, 256, 256, 14, 14, 3, 3, 2, 1);  // stride 2: no Winograd below the roofline
    Kernel amp = conv;
    amp.compute = ComputeType::FP16;
    amp.elementBytes = 2;
    int bounded = 0;
    for (const Kernel &k : {Kernel::gemm(4096, 4096, 4096, 1), conv, amp, Kernel::elementwise(std::int64_t{1} << 24, 2, 1),
                            Kernel::rowReduction(8192, 1024)}) {
        const KernelPrediction own = m.predict(k, alone);
        const KernelPrediction there = m.predict(k, pcie);
        const KernelPrediction priced = m.predict(k, sxm2);
        qInfo("%s: V100 SXM2 alone %.4f ms, V100 PCIe %.4f ms, priced %.4f ms", qPrintable(kernelClassName(k.kind)),
              own.latencyMs, there.latencyMs, priced.latencyMs);
        QCOMPARE(priced.latencyMs, std::min(own.latencyMs, there.latencyMs));
        QVERIFY(priced.deviceMs >= priced.rooflineMs * (1.0 - 1e-12));  // the PCIe's roofline is no lower
        QVERIFY(priced.bandLowMs <= priced.latencyMs && priced.latencyMs <= priced.bandHighMs);
        bounded += there.latencyMs < own.latencyMs ? 1 : 0;
    }
    // The measured V100 PCIe's own (FP32) level is above the HBM family's the SXM2 takes: its FP32
    // kernels are bounded by the PCIe's.
    QVERIFY(bounded > 0);
}

// A GPU's own calibration level applies to its FP32 (CUDA-core) matrix kernels; tensor-core paths
// take the memory family's level (with the GPU's own embedding): the measured V100 PCIe and an
// unmeasured HBM GPU of its figures price an FP16 GEMM alike but an FP32 one apart.
void TestKernelModel::tensorPathsTakeTheFamilyLevel() {
    const KernelModel &m = KernelModel::builtIn();
    const KernelModel::BoundDevice v100 = m.bind(device(QStringLiteral("v100-pcie-32gb")));
    const std::size_t gemm = static_cast<std::size_t>(UtilisationModelKind::Gemm);
    QVERIFY(v100.calibratedPer[gemm]);
    const double own = std::log(v100.levelFactor[gemm]);
    const double family = std::log(v100.familyLevelFactor[gemm]);
    qInfo("V100 PCIe GEMM level %.3f, HBM family %.3f", own, family);
    QVERIFY(std::abs(own - family) > 0.05);
    KernelModel::BoundDevice familyOnly = v100;  // the same GPU at the family's level everywhere
    familyOnly.levelFactor = v100.familyLevelFactor;
    Kernel fp16 = Kernel::gemm(4096, 4096, 4096, 1);
    fp16.compute = ComputeType::FP16;
    fp16.elementBytes = 2;
    QCOMPARE(m.predict(fp16, v100).deviceMs, m.predict(fp16, familyOnly).deviceMs);
    const Kernel fp32 = Kernel::gemm(4096, 4096, 4096, 1);
    const double ratio = m.predict(fp32, familyOnly).deviceMs / m.predict(fp32, v100).deviceMs;
    QVERIFY2(std::abs(ratio / std::exp(own - family) - 1.0) < 0.05, qPrintable(QString::number(ratio)));
}

void TestKernelModel::roundTripThroughJson() {
    const KernelModel &m = KernelModel::builtIn();
    Result<KernelModel> copy =
        KernelModel::fromJson(QJsonDocument(m.toJson()).toJson(QJsonDocument::Compact), QStringLiteral("round trip"));
    QVERIFY2(copy.ok(), copy.ok() ? "" : qPrintable(copy.errorMessage()));
    const DeviceResources d = device(QStringLiteral("a100-pcie-80gb"));
    const Kernel k = Kernel::conv2d(32, 128, 256, 14, 14, 3, 3, 1, 1);
    QCOMPARE(copy->predict(k, d).latencyMs, m.predict(k, d).latencyMs);
    QCOMPARE(copy->predict(k, d).bandHighMs, m.predict(k, d).bandHighMs);

    // Files from another feature version are refused with a message naming the fix.
    QJsonObject bad = m.toJson();
    bad[QStringLiteral("features_version")] = kKernelFeaturesVersion + 1;
    Result<KernelModel> refused = KernelModel::fromJson(QJsonDocument(bad).toJson(), QStringLiteral("old.json"));
    QVERIFY(!refused.ok());
    QVERIFY(refused.errorMessage().contains(QStringLiteral("retrain")));
}

QTEST_GUILESS_MAIN(TestKernelModel)
#include "test_kernel_model.moc"
