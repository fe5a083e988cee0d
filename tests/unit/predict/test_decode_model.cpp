// SPDX-License-Identifier: MIT
// Tests of the decode kernel class (predict/decode_model.h), weight formats (weight_format.h) and
// LLM runtimes (llm_runtime.h). Expected values are hand calculations from datasheet figures
// (the catalogue's A100-PCIE-40GB: 1555 GB/s, 108 SMs, compute capability 8.0) and the formats'
// published layouts:
//  - AWQ/GPTQ W4A16 with group size 128 (Lin et al., MLSys 2024): 4-bit weights plus an fp16 scale
//    and a 4-bit zero point per 128 weights = 0.5 + 2.5 / 128 bytes per weight;
//  - GGUF Q4_0 (ggml's block_q4_0: fp16 scale + 16 bytes of nibbles per 32 weights) = 18 / 32;
//    Q8_0 (fp16 scale + 32 int8) = 34 / 32.
#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"
#include "predict/decode_model.h"
#include "predict/device_resources.h"
#include "predict/llm_runtime.h"
#include "predict/weight_format.h"

#include <QtTest>

#include <cmath>

using namespace infersight;

namespace {

DeviceResources a100() {
    const GpuSpec *gpu = GpuCatalogue::builtIn().find(QStringLiteral("a100-pcie-40gb"));
    if (!gpu) {
        qFatal("a100-pcie-40gb missing from the catalogue");
    }
    return DeviceResources::fromSpec(*gpu);
}

ResolvedWeightFormat native() {
    return *resolveWeightFormat(WeightFormat::Native, Precision::FP16, true);
}

}  // namespace

class TestDecodeModel : public QObject {
    Q_OBJECT
private slots:
    void weightFormatBytes_data();
    void weightFormatBytes();
    void weightFormatNamesAndErrors();
    void gemvAtBandwidth();
    void streamingShapes();
    void attentionReadsTheCache();
    void noJumpAtTheHandover();
    void ridgeFollowsTheDevice();
    void neverBelowTheFloor();
    void fourBitStreamsFewerBytes();
    void weightCapIsTheSmallerFraction_data();
    void weightCapIsTheSmallerFraction();
    void runtimesByName();
};

void TestDecodeModel::weightFormatBytes_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<QString>("precision");
    QTest::newRow("fp16") << "fp16" << 2.0 << "fp16";
    QTest::newRow("bf16") << "bf16" << 2.0 << "bf16";
    QTest::newRow("w8a16") << "w8a16" << 1.0 << "fp16";
    QTest::newRow("int8 = w8a8") << "int8" << 1.0 << "int8";
    QTest::newRow("fp8") << "fp8" << 1.0 << "fp8";
    QTest::newRow("awq = w4a16 g128") << "awq" << 0.5 + 2.5 / 128.0 << "fp16";
    QTest::newRow("gptq") << "gptq" << 0.5 + 2.5 / 128.0 << "fp16";
    QTest::newRow("q4_0") << "q4_0" << 18.0 / 32.0 << "fp16";
    QTest::newRow("q8_0") << "q8_0" << 34.0 / 32.0 << "fp16";
    QTest::newRow("q4_k_m, 4.8 bits") << "Q4_K_M" << 0.6 << "fp16";
}

void TestDecodeModel::weightFormatBytes() {
    QFETCH(QString, name);
    QFETCH(double, bytes);
    QFETCH(QString, precision);
    const auto format = weightFormatFromName(name);
    QVERIFY(format);
    const auto resolved = resolveWeightFormat(*format, Precision::FP32, false);
    QVERIFY2(resolved, qPrintable(resolved ? QString() : resolved.errorMessage()));
    QCOMPARE(resolved->bytesPerWeight, bytes);
    QCOMPARE(precisionName(resolved->precision), precision);
}

void TestDecodeModel::weightFormatNamesAndErrors() {
    QVERIFY(!weightFormatFromName(QStringLiteral("int3")));
    // Weight-only formats need 16-bit activations; the error names the format and the precision.
    const auto bad = resolveWeightFormat(WeightFormat::W4A16, Precision::FP32, true);
    QVERIFY(!bad);
    QVERIFY(bad.errorMessage().contains(QLatin1String("w4a16")));
    QVERIFY(bad.errorMessage().contains(QLatin1String("fp32")));
    // W8A8 runs int8 activations: an explicit fp16 is a conflict.
    QVERIFY(!resolveWeightFormat(WeightFormat::W8A8, Precision::FP16, true));
    QVERIFY(resolveWeightFormat(WeightFormat::W4A16, Precision::BF16, true));
    QCOMPARE(weightFormatNames().size(), 10);
}

void TestDecodeModel::gemvAtBandwidth() {
    // One token through a 4096 x 4096 fp16 projection: 4096 * 4096 * 2 bytes of weights streamed,
    // activations 2 * 4096 * 2 bytes. A100 streaming fraction 0.90 (decode_model.cpp, from
    // kernels_vec), efficiency 1, tau 2 us:
    //   t = 2 us + 33,554,432 / (0.90 * 1555e9) s + 16,384 / (0.90 * 1555e9) s = 2 + 23.98 + 0.012 us.
    const Kernel k = Kernel::gemm(1, 4096, 4096, 1, true, ComputeType::FP16, 2);
    QCOMPARE(DecodeModel::kindOf(k), DecodeKernelKind::Weights);
    DecodeEfficiency eff;
    eff.kernelUs = 2.0;
    const DecodeKernelTime t = DecodeModel::time(k, a100(), eff, native(), 1.0);
    QCOMPARE(t.bytes, 4096.0 * 4096.0 * 2.0 + 2.0 * 4096.0 * 2.0);
    const double expectedUs = 2.0 + (4096.0 * 4096.0 * 2.0 + 2.0 * 4096.0 * 2.0) / (0.90 * 1555e9) * 1e6;
    QVERIFY2(std::abs(t.ms * 1e3 - expectedUs) < 0.02 * expectedUs,
             qPrintable(QStringLiteral("%1 us vs %2 us").arg(t.ms * 1e3).arg(expectedUs)));
    QCOMPARE(t.classWeight, 1.0);
}

void TestDecodeModel::streamingShapes() {
    // Any-phase bounds (StreamTimeAdapter): by hand on the A100-PCIE-40GB (1555 GB/s, f_gen 0.90), tau 3 us.
    DecodeEfficiency eff;
    eff.kernelUs = 3.0;
    eff.weights = {0.58, 1.0, 0.85, 0.75};
    const DeviceResources dev = a100();
    // A batch-8 classifier, 8 x 1000 x 512 in FP32: bytes 4 * (512 * 1000 + 8 * (512 + 1000)) = 2,096,384,
    // streamed at 0.90 * 0.58 of 1555 GB/s: 3 + 2.583 us; its CUDA-core compute (16.4 MFLOP at 0.5 of
    // 19.5 TFLOPS = 1.68 us) is under that, so the bound applies fully (smooth max: +0.4 %).
    const Kernel fc = Kernel::gemm(8, 1000, 512, 1, true);
    const StreamingGemmBound rows = DecodeModel::streamingGemm(fc, dev, eff, DecodeModel::StreamingShape::FewRows);
    const double memoryUs = 3.0 + fc.bytes() / (0.90 * 0.58 * 1555e9) * 1e6;
    QCOMPARE(rows.weight, 1.0);
    QVERIFY2(rows.ms * 1e3 >= memoryUs && rows.ms * 1e3 < 1.01 * memoryUs,
             qPrintable(QStringLiteral("%1 us vs %2 us").arg(rows.ms * 1e3).arg(memoryUs)));
    // The same GEMM has 1000 columns: not a few-column kernel.
    QCOMPARE(DecodeModel::streamingGemm(fc, dev, eff, DecodeModel::StreamingShape::FewColumns).weight, 0.0);
    // UNet's last convolution, 64 -> 2 channels over 8 x 388 x 388 pixels in FP16 (a GEMM of 1,204,352
    // rows, 2 columns, reduction 64): 2 * (1,204,352 * 66 + 128) bytes = 158.97 MB at
    // 0.90 * kFewColumnEfficiency of 1555 GB/s, + 3 us.
    const Kernel unet = Kernel::conv2d(8, 64, 2, 388, 388, 1, 1, 1, 0, 1, ComputeType::FP16, 2);
    const StreamingGemmBound cols = DecodeModel::streamingGemm(unet, dev, eff, DecodeModel::StreamingShape::FewColumns);
    const double colsUs = 3.0 + 2.0 * (1204352.0 * 66.0 + 128.0) / (0.90 * DecodeModel::kFewColumnEfficiency * 1555e9) * 1e6;
    QCOMPARE(cols.weight, 1.0);
    QVERIFY2(std::abs(cols.ms * 1e3 - colsUs) < 0.01 * colsUs, qPrintable(QStringLiteral("%1 us vs %2 us").arg(cols.ms * 1e3).arg(colsUs)));
    // It is no weight GEMM with few rows.
    QCOMPARE(DecodeModel::streamingGemm(unet, dev, eff, DecodeModel::StreamingShape::FewRows).weight, 0.0);
    // Hand-over over two octaves: 8 columns half, 16 and more none; rows alike from 16 to 64.
    QVERIFY(std::abs(DecodeModel::streamingGemm(Kernel::gemm(4096, 8, 768, 1, true, ComputeType::FP16, 2), dev, eff,
                                                 DecodeModel::StreamingShape::FewColumns)
                         .weight -
                     0.5) < 1e-9);
    QCOMPARE(DecodeModel::streamingGemm(Kernel::gemm(4096, 16, 768, 1, true, ComputeType::FP16, 2), dev, eff,
                                        DecodeModel::StreamingShape::FewColumns)
                 .weight,
             0.0);
    QCOMPARE(DecodeModel::streamingGemm(Kernel::gemm(64, 1000, 512, 1, true), dev, eff, DecodeModel::StreamingShape::FewRows).weight,
             0.0);
    // Both fades multiply: 32 rows of a 4096 x 4096 FP32 weight are half way through the rows' hand-over,
    // and their CUDA-core compute (2 * 32 * 4096^2 at 0.5 of 19.5 TFLOPS = 110.1 us) exceeds their streaming
    // (3 us + 4 * (4096^2 + 32 * 8192) bytes at 0.522 of 1555 GB/s = 87.0 us) by 1.266x: weight
    // 0.5 x (1 - smoothstep(log2(1.266) / 2)) = 0.5 x 0.923.
    const Kernel wide = Kernel::gemm(32, 4096, 4096, 1, true);
    const double computeUs = 2.0 * 32 * 4096.0 * 4096.0 / (0.5 * 19.5e12) * 1e6;
    const double streamUs = 3.0 + wide.bytes() / (0.90 * 0.58 * 1555e9) * 1e6;
    const double x = std::log2(computeUs / streamUs) / 2.0;
    const double expected = 0.5 * (1.0 - x * x * (3.0 - 2.0 * x));
    const double w = DecodeModel::streamingGemm(wide, dev, eff, DecodeModel::StreamingShape::FewRows).weight;
    QVERIFY2(std::abs(w - expected) < 1e-3 && w > 0.45 && w < 0.47, qPrintable(QStringLiteral("%1 vs %2").arg(w).arg(expected)));
}

void TestDecodeModel::attentionReadsTheCache() {
    // Fused decode attention of 32 heads, 1 query row, 2048 cached tokens, head dim 128 (K and V:
    // k = 256): the cache is 32 * 2048 * 256 * 2 bytes = 33.5 MB.
    const Kernel k = Kernel::gemm(1, 2048, 256, 32, false, ComputeType::FP16, 2);
    QCOMPARE(DecodeModel::kindOf(k), DecodeKernelKind::Attention);
    const DecodeKernelTime t = DecodeModel::time(k, a100(), DecodeEfficiency{}, native(), 1.0);
    QVERIFY(t.bytes >= 32.0 * 2048 * 256 * 2);
    QVERIFY(t.bytes < 32.0 * 2048 * 256 * 2 * 1.01);
    QVERIFY(t.ms > t.bytes / 1555e9 * 1e3);
}

void TestDecodeModel::noJumpAtTheHandover() {
    // The class streams its weights alone up to its ridge, the rows at which its compute side (FP16
    // tensor peak x kComputeUtilisation) reaches its streaming side; by hand for a 4096 x 4096 FP16
    // weight on the A100-PCIE-40GB: (312e12 x 0.5) / (0.90 x 1555e9) = 111.5 rows. The stream time
    // then blends into the GEMM model over two octaves (to 446 rows): consecutive row counts differ
    // by less than the change of their bytes or FLOPs could explain (< 15 %), whatever the GEMM model
    // says (here a GEMM time 3x the class's and one 1/3 of it).
    const DeviceResources dev = a100();
    DecodeEfficiency eff;
    const double ridge = 312e12 * DecodeModel::kComputeUtilisation / (0.90 * 1555e9);
    for (double gemmFactor : {3.0, 1.0 / 3.0}) {
        double previous = -1;
        for (std::int64_t rows = 1; rows <= 600; ++rows) {
            const Kernel k = Kernel::gemm(rows, 4096, 4096, 1, true, ComputeType::FP16, 2);
            const double classOnly = DecodeModel::time(k, dev, eff, native(), 0).classMs;
            const DecodeKernelTime t = DecodeModel::time(k, dev, eff, native(), classOnly * gemmFactor);
            if (rows <= 111) {
                QCOMPARE(t.classWeight, 1.0);
                QCOMPARE(t.ms, std::max(t.classMs, t.floorMs));
            }
            if (rows == 112) {
                QVERIFY(t.classWeight < 1.0 && t.classWeight > 0.99);
            }
            if (rows >= 4 * ridge + 1) {
                QCOMPARE(t.classWeight, 0.0);
                QCOMPARE(t.ms, std::max(classOnly * gemmFactor, t.floorMs));
            }
            if (previous > 0) {
                const double ratio = t.ms / previous;
                QVERIFY2(ratio < 1.15 && ratio > 1.0 / 1.15,
                         qPrintable(QStringLiteral("rows %1: %2 ms after %3 ms").arg(rows).arg(t.ms).arg(previous)));
            }
            previous = t.ms;
        }
        QVERIFY(!DecodeModel::applies(Kernel::gemm(1024, 4096, 4096, 1, true, ComputeType::FP16, 2)));
        QVERIFY(DecodeModel::applies(Kernel::gemm(1023, 4096, 4096, 1, true, ComputeType::FP16, 2)));
    }
}

// The ridge follows the device: an H100 SXM (FP16 989.4 TFLOPS, 3,352 GB/s, Hopper at Ampere's 0.90)
// streams a 4096 x 4096 FP16 weight alone up to 989.4e12 x 0.5 / (0.90 x 3352e9) = 164 rows, as the
// H100's measured GEMMs do (data/measured/h100-sxm5-80gb/llm_decode.csv: 15.0-15.6 us at 32, 64 and
// 128 rows); 4-bit weights (0.52 bytes each) reach it at a quarter of that.
void TestDecodeModel::ridgeFollowsTheDevice() {
    const GpuSpec *g = GpuCatalogue::builtIn().find(QStringLiteral("h100-sxm5-80gb"));
    QVERIFY(g);
    const DeviceResources h100 = DeviceResources::fromSpec(*g);
    DecodeEfficiency eff;
    auto weightAt = [&](std::int64_t rows, const ResolvedWeightFormat &w) {
        const Kernel k = Kernel::gemm(rows, 4096, 4096, 1, true, ComputeType::FP16, 2);
        return DecodeModel::time(k, h100, eff, w, 1.0).classWeight;
    };
    QCOMPARE(weightAt(163, native()), 1.0);  // the ridge is 163.99 rows
    QVERIFY(weightAt(165, native()) < 1.0);
    QCOMPARE(weightAt(111, native()), 1.0);  // past the A100's ridge, still streaming on the H100
    const auto w4 = resolveWeightFormat(WeightFormat::W4A16, Precision::FP16, true);
    QVERIFY(w4);
    QVERIFY(weightAt(64, *w4) < 1.0);
    QCOMPARE(weightAt(40, *w4), 1.0);
}

void TestDecodeModel::neverBelowTheFloor() {
    // Whatever the efficiencies say, a decode kernel never beats its bytes at datasheet bandwidth.
    DecodeEfficiency greedy;
    greedy.weights = {5.0, 5.0, 5.0, 5.0};
    greedy.attention = 5.0;
    greedy.kernelUs = 0;
    const DeviceResources dev = a100();
    for (std::int64_t rows : {1, 8, 16, 32}) {
        const Kernel k = Kernel::gemm(rows, 11008, 4096, 1, true, ComputeType::FP16, 2);
        const DecodeKernelTime t = DecodeModel::time(k, dev, greedy, native(), 1e-6);
        QVERIFY(t.ms >= t.bytes / (1555e9) * 1e3 * 0.999999);
    }
}

void TestDecodeModel::fourBitStreamsFewerBytes() {
    const Kernel k = Kernel::gemm(1, 4096, 4096, 1, true, ComputeType::FP16, 2);
    const auto w4 = resolveWeightFormat(WeightFormat::W4A16, Precision::FP16, true);
    QVERIFY(w4);
    const DecodeKernelTime t4 = DecodeModel::time(k, a100(), DecodeEfficiency{}, *w4, 1.0);
    const DecodeKernelTime t16 = DecodeModel::time(k, a100(), DecodeEfficiency{}, native(), 1.0);
    QCOMPARE(t4.bytes, 4096.0 * 4096.0 * (0.5 + 2.5 / 128.0) + 2.0 * 4096.0 * 2.0);
    QVERIFY(t4.ms < 0.5 * t16.ms);
    QVERIFY(t4.computeMs > 0);  // dequantisation on the CUDA cores
}

// vLLM's cap on 8-bit / 4-bit weight kernels (0.91 / 0.84 of datasheet bandwidth: the published fused
// rows of data/llm with fixed costs cancelled, tools/analysis/llm_decode_fit.py part 4) is the smaller
// of it and the generation's fraction, not a product. Memory side of one token through a 4096 x 11008
// projection, by hand: tau + k n bytesPerWeight / (fraction BW) + (k + n) 2 / (f_gen BW), with
// A100-PCIE-40GB 1555 GB/s (Ampere, f_gen 0.90: above the 4-bit cap, below the 8-bit one),
// V100-PCIE-32GB 900 GB/s (Volta, f_gen 0.95: above both caps) and T4 320 GB/s (Turing, f_gen 0.75,
// below both).
void TestDecodeModel::weightCapIsTheSmallerFraction_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("weights");
    QTest::addColumn<double>("bandwidth");  // GB/s, datasheet
    QTest::addColumn<double>("fGen");
    QTest::addColumn<double>("bytesPerWeight");
    QTest::addColumn<double>("fraction");  // expected streaming fraction of the weights
    QTest::newRow("A100 w4a16: the cap") << "a100-pcie-40gb" << "w4a16" << 1555.0 << 0.90 << 0.5 + 2.5 / 128.0 << 0.84;
    QTest::newRow("A100 w8a16: f_gen, under the cap") << "a100-pcie-40gb" << "w8a16" << 1555.0 << 0.90 << 1.0 << 0.90;
    QTest::newRow("V100 w8a16: the cap") << "v100-pcie-32gb" << "w8a16" << 900.0 << 0.95 << 1.0 << 0.91;
    QTest::newRow("A100 fp16: f_gen") << "a100-pcie-40gb" << "fp16" << 1555.0 << 0.90 << 2.0 << 0.90;
    QTest::newRow("T4 w4a16: f_gen, not 0.75 x cap") << "t4" << "w4a16" << 320.0 << 0.75 << 0.5 + 2.5 / 128.0 << 0.75;
}

void TestDecodeModel::weightCapIsTheSmallerFraction() {
    QFETCH(QString, gpu);
    QFETCH(QString, weights);
    QFETCH(double, bandwidth);
    QFETCH(double, fGen);
    QFETCH(double, bytesPerWeight);
    QFETCH(double, fraction);
    const LlmRuntime *vllm = findLlmRuntime(QStringLiteral("vllm"));
    QVERIFY(vllm);
    QCOMPARE(vllm->decode.weightFractionCap[static_cast<std::size_t>(WeightFormatClass::EightBit)], 0.91);
    QCOMPARE(vllm->decode.weightFractionCap[static_cast<std::size_t>(WeightFormatClass::FourBit)], 0.84);
    const GpuSpec *spec = GpuCatalogue::builtIn().find(gpu);
    QVERIFY(spec);
    const auto format = resolveWeightFormat(*weightFormatFromName(weights), Precision::FP16, true);
    QVERIFY(format);
    const Kernel k = Kernel::gemm(1, 11008, 4096, 1, true, ComputeType::FP16, 2);
    const DecodeKernelTime t = DecodeModel::time(k, DeviceResources::fromSpec(*spec), vllm->decode, *format, 1.0);
    const double bw = bandwidth * 1e9;
    const double expectedUs = vllm->decode.kernelUs + 4096.0 * 11008.0 * bytesPerWeight / (fraction * bw) * 1e6 +
                              (4096.0 + 11008.0) * 2.0 / (fGen * bw) * 1e6;
    QVERIFY2(std::abs(t.memoryMs * 1e3 - expectedUs) < 1e-3 * expectedUs,
             qPrintable(QStringLiteral("%1 us vs %2 us").arg(t.memoryMs * 1e3).arg(expectedUs)));
}

void TestDecodeModel::runtimesByName() {
    QCOMPARE(findLlmRuntime(QStringLiteral("eager"))->id, QStringLiteral("hf-eager"));
    QCOMPARE(findLlmRuntime(QStringLiteral("HF"))->id, QStringLiteral("hf-eager"));
    QCOMPARE(findLlmRuntime(QStringLiteral("fused"))->id, QStringLiteral("vllm"));
    QCOMPARE(findLlmRuntime(QStringLiteral("TensorRT-LLM"))->id, QStringLiteral("trt-llm"));
    QVERIFY(!findLlmRuntime(QStringLiteral("onnxruntime")));
    QCOMPARE(*loweringFromRuntimeName(QStringLiteral("vllm")), Runtime::Fused);
    QCOMPARE(*loweringFromRuntimeName(QStringLiteral("hf-eager")), Runtime::Eager);
    QCOMPARE(defaultLlmRuntime(Runtime::Eager).id, QStringLiteral("hf-eager"));
    QVERIFY(findLlmRuntime(QStringLiteral("vllm"))->cudaGraphs);
    QVERIFY(!findLlmRuntime(QStringLiteral("hf-eager"))->cudaGraphs);
    QCOMPARE(findLlmRuntime(QStringLiteral("vllm"))->kvBlockTokens, 16);  // vLLM's default block_size
    // TinyChat: the vLLM class but for its AWQ kernels' 4-bit streaming (llm_decode_fit.py part 4: 0.69).
    const LlmRuntime *tinychat = findLlmRuntime(QStringLiteral("TinyChat"));
    QVERIFY(tinychat);
    QCOMPARE(*loweringFromRuntimeName(QStringLiteral("tinychat")), Runtime::Fused);
    QCOMPARE(tinychat->decode.weightFractionCap[static_cast<std::size_t>(WeightFormatClass::FourBit)], 0.69);
    QCOMPARE(tinychat->decode.weightFractionCap[static_cast<std::size_t>(WeightFormatClass::Wide)], 1.0);
}

QTEST_GUILESS_MAIN(TestDecodeModel)
#include "test_decode_model.moc"
