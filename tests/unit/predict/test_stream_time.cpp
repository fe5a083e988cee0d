// SPDX-License-Identifier: MIT
// Tests of the isolated-launch to stream-time adapter (predict/stream_time.h):
//  - the rule of docs/predictor.md ("Host overhead and the timeline"), by hand:
//    stream time = max(roofline, isolated latency - the family's isolated overhead + 1.5 us);
//  - the overheads it reads off the committed kernel model lie where NeuSight's measurements put
//    an isolated launch of a kernel that does almost nothing (CUDA events around one launch): the
//    fastest kernel of each family measured on each GPU of data/neusight (P4 to A100);
//  - the physical bounds on matrix kernels (issue 17's bandwidth check): GEMMs with few rows or
//    columns no slower than streaming their operands, narrower types no slower than their wider twin.
#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"
#include "predict/decode_model.h"
#include "predict/stream_time.h"

#include <QtTest>

#include <array>
#include <tuple>
#include <cmath>

using namespace infersight;

class TestStreamTime : public QObject {
    Q_OBJECT
private slots:
    void streamMs_data();
    void streamMs();
    void emptyModelHasNoOverhead();
    void overheadsOfTheCommittedModel_data();
    void overheadsOfTheCommittedModel();
    void streamingShapesBoundTheNetwork();
    void narrowerTypeNeverSlower_data();
    void narrowerTypeNeverSlower();
};

void TestStreamTime::streamMs_data() {
    QTest::addColumn<double>("overheadUs");
    QTest::addColumn<double>("latencyUs");
    QTest::addColumn<double>("rooflineUs");
    QTest::addColumn<double>("deviceUs");
    QTest::addColumn<double>("expectedUs");
    // 50 us isolated, 20 us of it launch overhead: 50 - 20 + 1.5 = 31.5 us in a stream.
    QTest::newRow("overhead removed") << 20.0 << 50.0 << 10.0 << 45.0 << 31.5;
    // 21 us isolated: 21 - 20 + 1.5 = 2.5 us, but the roofline says 10 us: 10 us.
    QTest::newRow("never below the roofline") << 20.0 << 21.0 << 10.0 << 12.0 << 10.0;
    // An empty-ish kernel: 19 - 20 + 1.5 = 0.5 us, roofline 0.1 us: the 1.5 us minimum.
    QTest::newRow("minimum execution") << 20.0 << 19.0 << 0.1 << 0.5 << 1.5;
    // A long kernel keeps its isolated time less the overhead: 2000 - 30 + 1.5 = 1971.5 us.
    QTest::newRow("long kernel") << 30.0 << 2000.0 << 1500.0 << 1990.0 << 1971.5;
    // No overhead known for the family (roofline-only model): the device time as it is.
    QTest::newRow("no overhead") << 0.0 << 50.0 << 10.0 << 45.0 << 45.0;
}

void TestStreamTime::streamMs() {
    QFETCH(double, overheadUs);
    QFETCH(double, latencyUs);
    QFETCH(double, rooflineUs);
    QFETCH(double, deviceUs);
    QFETCH(double, expectedUs);
    StreamTimeAdapter a;
    a.isolatedOverheadMs[static_cast<std::size_t>(UtilisationModelKind::Vector)] = overheadUs / 1000.0;
    // Another family's overhead must not matter for an element-wise kernel.
    a.isolatedOverheadMs[static_cast<std::size_t>(UtilisationModelKind::Gemm)] = 1.0;
    KernelPrediction p;
    p.latencyMs = latencyUs / 1000.0;
    p.rooflineMs = rooflineUs / 1000.0;
    p.deviceMs = deviceUs / 1000.0;
    const double ms = a.streamMs(Kernel::elementwise(1 << 20, 2, 1), p);
    QVERIFY2(std::abs(ms * 1000.0 - expectedUs) < 1e-9, qPrintable(QString::number(ms * 1000.0, 'g', 10)));
}

void TestStreamTime::emptyModelHasNoOverhead() {
    const KernelModel empty;
    const GpuSpec *t4 = GpuCatalogue::builtIn().find(QStringLiteral("t4"));
    QVERIFY(t4);
    const StreamTimeAdapter a = StreamTimeAdapter::make(empty, empty.bind(DeviceResources::fromSpec(*t4)));
    for (double o : a.isolatedOverheadMs) {
        QCOMPARE(o, 0.0);
    }
    KernelPrediction p;
    p.deviceMs = 0.042;
    p.latencyMs = 0.05;
    QCOMPARE(a.streamMs(Kernel::gemm(64, 64, 64), p), 0.042);
}

void TestStreamTime::overheadsOfTheCommittedModel_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<double>("fastestGemmUs");
    QTest::addColumn<double>("fastestConvUs");
    QTest::addColumn<double>("fastestVectorUs");
    // The fastest isolated kernel of each family NeuSight measured on the GPU (min latency_ms of
    // data/neusight/kernels_matmul.csv.gz, kernels_conv.csv.gz, kernels_vec.csv.gz; 0: not measured).
    QTest::newRow("p4") << "p4" << 28.3 << 72.9 << 24.2;
    QTest::newRow("p100-pcie-16gb") << "p100-pcie-16gb" << 36.3 << 108.2 << 26.9;
    QTest::newRow("v100-pcie-32gb") << "v100-pcie-32gb" << 38.9 << 68.4 << 30.9;
    QTest::newRow("t4") << "t4" << 31.2 << 66.2 << 24.1;
    QTest::newRow("a100-pcie-40gb") << "a100-pcie-40gb" << 30.4 << 0.0 << 24.2;
    QTest::newRow("a100-pcie-80gb") << "a100-pcie-80gb" << 34.3 << 59.3 << 51.7;
    // GPUs never measured: only the overall range.
    for (const GpuSpec &g : GpuCatalogue::builtIn().gpus()) {
        if (g.id.startsWith(QLatin1String("p4")) || g.id.startsWith(QLatin1String("p100")) ||
            g.id == QLatin1String("v100-pcie-32gb") || g.id == QLatin1String("t4") || g.id.startsWith(QLatin1String("a100-pcie"))) {
            continue;
        }
        QTest::newRow(qPrintable(g.id)) << g.id << 0.0 << 0.0 << 0.0;
    }
}

void TestStreamTime::overheadsOfTheCommittedModel() {
    QFETCH(QString, gpu);
    QFETCH(double, fastestGemmUs);
    QFETCH(double, fastestConvUs);
    QFETCH(double, fastestVectorUs);
    const KernelModel &model = KernelModel::builtIn();
    QVERIFY(!model.isEmpty());
    const GpuSpec *g = GpuCatalogue::builtIn().find(gpu);
    QVERIFY(g);
    const StreamTimeAdapter a = StreamTimeAdapter::make(model, model.bind(DeviceResources::fromTarget(Target::wholeGpu(*g))));
    std::array<double, kUtilisationModelCount> fastest{};
    fastest[static_cast<std::size_t>(UtilisationModelKind::Gemm)] = fastestGemmUs;
    fastest[static_cast<std::size_t>(UtilisationModelKind::Conv)] = fastestConvUs;
    fastest[static_cast<std::size_t>(UtilisationModelKind::Vector)] = fastestVectorUs;
    for (std::size_t i = 0; i < a.isolatedOverheadMs.size(); ++i) {
        const double us = a.isolatedOverheadMs[i] * 1000.0;
        qInfo("%s family %d: isolated overhead %.1f us, fastest measured %.1f us", qPrintable(gpu), int(i), us, fastest[i]);
        // The fastest kernels NeuSight timed alone take 24-108 us on any GPU and family.
        QVERIFY2(us >= 20.0 && us <= 80.0, qPrintable(QStringLiteral("family %1: %2 us").arg(i).arg(us)));
        // An empty-ish probe costs about what the fastest measured kernel of its family costs; the
        // model's probes are not the measured shapes, so within 0.5x to 2.2x of it.
        if (fastest[i] > 0) {
            const double ratio = us / fastest[i];
            QVERIFY2(ratio >= 0.5 && ratio <= 2.2, qPrintable(QStringLiteral("family %1: %2 us vs %3 us").arg(i).arg(us).arg(fastest[i])));
        }
    }
}

namespace {

struct Bound {
    KernelModel::BoundDevice device;
    StreamTimeAdapter stream;
};

Bound boundOn(const QString &gpu) {
    const KernelModel &model = KernelModel::builtIn();
    const GpuSpec *g = GpuCatalogue::builtIn().find(gpu);
    if (!g) {
        qFatal("%s missing from the catalogue", qPrintable(gpu));
    }
    Bound b{model.bind(DeviceResources::fromTarget(Target::wholeGpu(*g))), {}};
    b.stream = StreamTimeAdapter::make(model, b.device);
    return b;
}

double streamOf(const Bound &b, const Kernel &k) {
    return b.stream.streamMs(k, KernelModel::builtIn().predict(k, b.device));
}

}  // namespace

// The B200 (7.7 TB/s, never measured) had the learned network price a batch-8 classifier (8 x 1000 x 512,
// FP32, 2.1 MB) at 30 us in a stream, 220x its bytes, and UNet's 64 -> 2 output convolution in FP16
// (159 MB) at 0.96 ms, 47x. Streaming bounds them: the classifier at tau + its bytes at 0.90 x 0.58 of
// the datasheet bandwidth (3 + 0.48 us by hand; the smooth max with its compute adds < 1 %), the
// convolution at tau + its bytes at 0.90 x kFewColumnEfficiency (3 + 65.5 us).
void TestStreamTime::streamingShapesBoundTheNetwork() {
    const Bound b200 = boundOn(QStringLiteral("b200"));
    const double bw = 7700e9;
    const Kernel fc = Kernel::gemm(8, 1000, 512, 1, true);
    const double fcUs = 3.0 + fc.bytes() / (0.90 * 0.58 * bw) * 1e6;
    const double fcStreamUs = streamOf(b200, fc) * 1e3;
    QVERIFY2(fcStreamUs <= 1.01 * fcUs && fcStreamUs >= fc.bytes() / bw * 1e6,
             qPrintable(QStringLiteral("%1 us vs %2 us").arg(fcStreamUs).arg(fcUs)));
    const Kernel unet = Kernel::conv2d(8, 64, 2, 388, 388, 1, 1, 1, 0, 1, ComputeType::FP16, 2);
    const double unetUs = 3.0 + unet.bytes() / (0.90 * DecodeModel::kFewColumnEfficiency * bw) * 1e6;
    const double unetStreamUs = streamOf(b200, unet) * 1e3;
    QVERIFY2(unetStreamUs <= 1.01 * unetUs && unetStreamUs >= unet.bytes() / bw * 1e6,
             qPrintable(QStringLiteral("%1 us vs %2 us").arg(unetStreamUs).arg(unetUs)));
    // A wide GEMM is the network's alone: 4096 x 4096 x 4096 in FP16 is far from both shapes.
    const Kernel big = Kernel::gemm(4096, 4096, 4096, 1, true, ComputeType::FP16, 2);
    const KernelPrediction p = KernelModel::builtIn().predict(big, b200.device);
    QCOMPARE(streamOf(b200, big), std::max({p.rooflineMs, p.latencyMs - b200.stream.isolatedOverheadMs[static_cast<std::size_t>(UtilisationModelKind::Gemm)] + b200.stream.minKernelMs,
                                            b200.stream.minKernelMs}));
}

void TestStreamTime::narrowerTypeNeverSlower_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addRow("h200") << QStringLiteral("h200-sxm5-141gb");
    QTest::addRow("b200") << QStringLiteral("b200");
    QTest::addRow("l4") << QStringLiteral("l4");
    QTest::addRow("a10") << QStringLiteral("a10");
    QTest::addRow("t4") << QStringLiteral("t4");
}

// MobileNet-V3's 16 -> 16 pointwise convolution at 112 x 112 (batch 8): the learned network priced it in
// int8 at 0.106 ms on the H200 (1.6 MB: 159x its bytes), slower than in FP16 (0.102 ms) and TF32
// (0.076 ms). An 8-bit kernel is at most its FP16 twin's work scaled by their bytes (half), a 16-bit one
// at most its TF32 twin (FP32 where the GPU has no TF32).
void TestStreamTime::narrowerTypeNeverSlower() {
    QFETCH(QString, gpu);
    const Bound b = boundOn(gpu);
    const double minKernel = b.stream.minKernelMs;
    for (const auto &[inC, outC, hw] : {std::tuple{16, 16, 112}, std::tuple{24, 72, 56}, std::tuple{64, 2, 388}}) {
        const Kernel int8 = Kernel::conv2d(8, inC, outC, hw, hw, 1, 1, 1, 0, 1, ComputeType::INT8, 1);
        const Kernel fp16 = Kernel::conv2d(8, inC, outC, hw, hw, 1, 1, 1, 0, 1, ComputeType::FP16, 2);
        const bool tf32 = b.device.resources.peak(ComputeType::TF32) > 0;
        const Kernel wide = Kernel::conv2d(8, inC, outC, hw, hw, 1, 1, 1, 0, 1, tf32 ? ComputeType::TF32 : ComputeType::FP32, 4);
        const double i8 = streamOf(b, int8), h = streamOf(b, fp16), w = streamOf(b, wide);
        qInfo("%s %d -> %d at %d: int8 %.4f ms, fp16 %.4f ms, %s %.4f ms", qPrintable(gpu), inC, outC, hw, i8, h,
              tf32 ? "tf32" : "fp32", w);
        QVERIFY(h <= w * (1 + 1e-12));
        QVERIFY(i8 <= minKernel + (h - minKernel) / 2.0 + 1e-12);
    }
}

QTEST_GUILESS_MAIN(TestStreamTime)
#include "test_stream_time.moc"
