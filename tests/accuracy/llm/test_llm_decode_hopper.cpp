// SPDX-License-Identifier: MIT
// The decode kernel class (core/predict/decode_model) on Hopper, held out: kernel times measured on
// an H100 SXM 80GB (data/measured/h100-sxm5-80gb/llm_decode.csv, written by
// tools/measure/llm_decode.py on the lent GPU of the 2026-11-26 night session; torch 2.11, CUDA 13)
// and, the same way, on an H200 (data/measured/h200-sxm5-141gb/llm_decode.csv, 2026-11-27: the same
// chip with 4.8 instead of 3.35 TB/s; its large skinny GEMMs stream at 0.70-0.92 of that, 1.45-1.6x the
// H100's rate). Nothing in the model is fitted on these rows: Hopper takes Ampere's streaming fraction (0.90 of
// datasheet bandwidth, decode_model.cpp) and the vLLM runtime's efficiencies (llm_runtime.cpp).
//  - gemm rows: y = x W^T in fp16, x [M, K], W [N, K], M = 1 .. 16 (the class alone), timed in a
//    CUDA graph with the weights rotated out of L2: the decode class's stream time with vLLM's
//    efficiencies (CUDA graphs, tau 1 us);
//  - gemm rows with M = 32 .. 256 (batched decode, short prefills): the path the predictor takes,
//    the class up to its ridge (164 rows for FP16 on the H100: decode_model.h) blended into the GEMM
//    model's stream time above it. Before the ridge-based hand-over (a fixed 16 -> 64 rows) these 32
//    rows were predicted up to 2.3x too slow (mean |error| 61.1 %: the GEMM model reads a
//    weight-streaming GEMM as a badly shaped compute-bound one); now 14.8 %, M = 256 still +4 to
//    +51 % (in the blend);
//  - attention rows: SDPA with one query token, K/V [B, 32 heads, L, 128] fp16 (flash decoding):
//    the class's QK^T plus its AV kernel (the fused kernel reads K and V once, as the two do).
// What the rows say (printed): the class is too fast on Hopper's skinny GEMMs, the more so the
// smaller the weight (4096 x 4096: 34 MB streamed in 15.6 us measured, 0.64 of datasheet bandwidth;
// 8192 x 28672: 0.84); over Llama-2-7B's per-layer GEMMs (4 of 4096 x 4096, 3 of 4096 x 11008) it
// is some 17 % fast. Small weights (1024^2, 2048^2: 2 and 8 MB) are far off (-71 % and -45 % at
// M = 1): the class's fixed time per kernel (vLLM's tau, 1 us) is well under the 4-6 us these
// kernels take in a CUDA graph; they are reported, not bounded. Ceilings (held-out, stated here,
// not fitted): mean absolute error of the gemm rows of >= 16 MB <= kGemmCeiling (the issue's
// 15 %), of the attention rows <= kAttentionCeiling. They hold today's figures with little room,
// so a change that makes the class worse on Hopper fails here. The H200's figures (2026-11-27, never
// fitted): gemm M <= 16 11.0 %, attention 19.4 %, hand-over 15.5 %; small weights -65 % (reported).
#include "design/design.h"
#include "explore/llm_serving.h"
#include "hardware/gpu_catalogue.h"
#include "hardware/host_catalogue.h"
#include "hardware/target.h"
#include "predict/decode_model.h"
#include "predict/host_overhead.h"
#include "predict/device_resources.h"
#include "predict/kernel.h"
#include "predict/kernel_model.h"
#include "predict/llm_runtime.h"
#include "predict/predictor.h"
#include "validate/measured_data.h"

#include <QtTest>

#include <cmath>

using namespace infersight;

namespace {

constexpr double kLargeBytes = 16e6;        // LLM-sized weights (Llama-2-7B's smallest: 33.6 MB)
constexpr double kGemmCeiling = 0.15;       // mean |predicted / measured - 1| over the gemm rows >= kLargeBytes, M <= 16 (12.3 % today)
constexpr double kAttentionCeiling = 0.20;  // the same over the attention rows (15.4 % today)
constexpr double kHandoverCeiling = 0.20;   // the same over the gemm rows >= kLargeBytes with 16 < M <= 256 (14.8 % today)

struct Scored {
    int rows = 0;
    double sumAbs = 0;
    double worst = 0;
    double meanSigned = 0;
};

double number(const CsvTable &t, const QStringList &row, const char *column) {
    const int c = t.column(QString::fromLatin1(column));
    return c >= 0 ? row[c].toDouble() : 0.0;
}

}  // namespace

class TestLlmDecodeHopper : public QObject {
    Q_OBJECT
private slots:
    void heldOutKernels_data();
    void heldOutKernels();
    void hfEagerSteps_data();
    void hfEagerSteps();
};

void TestLlmDecodeHopper::heldOutKernels_data() {
    QTest::addColumn<QString>("gpuId");
    QTest::newRow("H100 SXM5 80GB") << QStringLiteral("h100-sxm5-80gb");
    QTest::newRow("H200 SXM 141GB") << QStringLiteral("h200-sxm5-141gb");
}

void TestLlmDecodeHopper::heldOutKernels() {
    QFETCH(QString, gpuId);
    const QString path = measuredDataDirectory() + QStringLiteral("/measured/%1/llm_decode.csv").arg(gpuId);
    auto table = readCsv(path);
    if (!table) {
        QFAIL(qPrintable(table.errorMessage()));
    }
    const GpuSpec *h100 = GpuCatalogue::builtIn().find(gpuId);
    QVERIFY(h100);
    const DeviceResources device = DeviceResources::fromTarget(Target::wholeGpu(*h100));
    const DecodeEfficiency &eff = findLlmRuntime(QStringLiteral("vllm"))->decode;
    const ResolvedWeightFormat native;
    const int kind = table->column(QStringLiteral("kind"));
    QVERIFY(kind >= 0);
    Scored gemm, smallGemm, attention, handover;
    const TargetDevice whole = TargetDevice::make(Target::wholeGpu(*h100));
    double layerMeasured = 0, layerPredicted = 0;  // Llama-2-7B's GEMMs of one layer at M = 1
    for (const QStringList &row : table->rows) {
        const double measured = number(*table, row, "value_ms");
        double predicted = 0;
        Scored *s = nullptr;
        QString what;
        if (row[kind] == QLatin1String("gemm")) {
            const auto m = static_cast<std::int64_t>(number(*table, row, "m"));
            const auto n = static_cast<std::int64_t>(number(*table, row, "n"));
            const auto k = static_cast<std::int64_t>(number(*table, row, "k"));
            const Kernel g = Kernel::gemm(m, n, k, 1, true, ComputeType::FP16, 2);
            if (m > static_cast<std::int64_t>(DecodeModel::kFullRows)) {
                if (number(*table, row, "bytes") < kLargeBytes) {
                    continue;
                }
                const double gemmMs = whole.stream.streamMs(g, KernelModel::builtIn().predict(g, whole.device));
                predicted = DecodeModel::time(g, device, eff, native, gemmMs).ms;
                s = &handover;
            } else {
                predicted = DecodeModel::time(g, device, eff, native, 0).ms;
                s = number(*table, row, "bytes") >= kLargeBytes ? &gemm : &smallGemm;
            }
            what = QStringLiteral("gemm M %1 N %2 K %3").arg(m).arg(n).arg(k);
            if (m == 1 && k == 4096 && (n == 4096 || n == 11008)) {
                const double count = n == 4096 ? 4 : 2;  // q, k, v, o; gate and up
                layerMeasured += count * measured;
                layerPredicted += count * predicted;
            }
            if (m == 1 && n == 4096 && k == 11008) {  // down
                layerMeasured += measured;
                layerPredicted += predicted;
            }
        } else if (row[kind] == QLatin1String("attention")) {
            const auto b = static_cast<std::int64_t>(number(*table, row, "batch"));
            const auto heads = static_cast<std::int64_t>(number(*table, row, "heads"));
            const auto d = static_cast<std::int64_t>(number(*table, row, "head_dim"));
            const auto l = static_cast<std::int64_t>(number(*table, row, "context"));
            const Kernel qk = Kernel::gemm(1, l, d, b * heads, false, ComputeType::FP16, 2);
            const Kernel av = Kernel::gemm(1, d, l, b * heads, false, ComputeType::FP16, 2);
            predicted = DecodeModel::time(qk, device, eff, native, 0).ms + DecodeModel::time(av, device, eff, native, 0).ms;
            s = &attention;
            what = QStringLiteral("attention B %1 L %2").arg(b).arg(l);
        } else {
            continue;
        }
        QVERIFY2(measured > 0 && predicted > 0, qPrintable(what));
        const double e = predicted / measured - 1.0;
        ++s->rows;
        s->sumAbs += std::abs(e);
        s->meanSigned += e;
        s->worst = std::max(s->worst, std::abs(e));
        qInfo("%-34s measured %8.4f ms (%6.0f GB/s)  predicted %8.4f ms  %+5.1f %%", qPrintable(what), measured,
              number(*table, row, "gbps"), predicted, 100.0 * e);
    }
    QVERIFY(gemm.rows >= 35);
    QVERIFY(smallGemm.rows >= 5);
    QVERIFY(attention.rows >= 10);
    QVERIFY(handover.rows >= 30);
    qInfo("gemm 16 < M <= 256 of >= 16 MB (hand-over): %d rows, mean |error| %.1f %%, mean signed %+.1f %%, worst %.1f %%",
          handover.rows, 100.0 * handover.sumAbs / handover.rows, 100.0 * handover.meanSigned / handover.rows,
          100.0 * handover.worst);
    qInfo("gemm (M <= 16) of >= 16 MB: %d rows, mean |error| %.1f %%, mean signed %+.1f %%, worst %.1f %%", gemm.rows,
          100.0 * gemm.sumAbs / gemm.rows, 100.0 * gemm.meanSigned / gemm.rows, 100.0 * gemm.worst);
    qInfo("gemm (M <= 16) under 16 MB, reported only: %d rows, mean |error| %.1f %%, mean signed %+.1f %%, worst %.1f %%",
          smallGemm.rows, 100.0 * smallGemm.sumAbs / smallGemm.rows, 100.0 * smallGemm.meanSigned / smallGemm.rows,
          100.0 * smallGemm.worst);
    qInfo("attention: %d rows, mean |error| %.1f %%, mean signed %+.1f %%, worst %.1f %%", attention.rows,
          100.0 * attention.sumAbs / attention.rows, 100.0 * attention.meanSigned / attention.rows, 100.0 * attention.worst);
    qInfo("Llama-2-7B layer GEMMs at M = 1: measured %.4f ms, predicted %.4f ms (%+.1f %%)", layerMeasured, layerPredicted,
          100.0 * (layerPredicted / layerMeasured - 1.0));
    QVERIFY(gemm.sumAbs / gemm.rows <= kGemmCeiling);
    QVERIFY(attention.sumAbs / attention.rows <= kAttentionCeiling);
    QVERIFY(handover.sumAbs / handover.rows <= kHandoverCeiling);
}

// Hugging Face eager decode steps, held out (data/measured/<gpu>/hf_generate_profile.csv, written by
// tools/measure/hf_generate_profile.py on the lent H100 and H200 machines, 2026-11-27; transformers
// 5.17, torch 2.11, random weights, fp16, SDPA): `loop_step` is one decode step of the HF model's
// forward in a Python loop (DynamicCache, argmax; 32 steps after a 128-token prompt), the part of a
// `generate` step the hf-eager runtime prices. Both machines' steps are host-bound: the profiler counts
// 1,759 top-level aten ops per Llama-2-7B step (the eager lowering: 1,803) and 1,463 kernels (1,482),
// and a forward's host time is 29 ms on the H200 machine, 39 ms on the H100's, where the GPU's
// kernels take 4-8 ms. So the step is the ops at the eager per-op cost of the host: the DGX-1's
// fitted costs (44 us per op, host_overhead.cpp) x the machine's fitted scale (0.38 / 0.566, fitted
// on CNN and transformer batch-1 forwards, never on these rows) give 16.7 / 24.9 us per op, where the
// rows give 16.5 / 22.0 (29.1 / 38.8 ms over 1,759 ops). Until 2026-11-27 hf-eager decode ran at a
// hand-set 10 us per op x the scale (5.6 us on the H100 machine), 4x under what the same runtime's
// prefill was priced at: Llama-2-7B's step was predicted at 9.7 ms against the 41.4 ms measured here.
// What `generate` adds on top of the forward (transformers 5.17: 28-48 ms per step on these machines,
// 18 ms of it Python's garbage collector on the H100's: gen_tpot 74.6 ms, 56.4 ms with gc disabled)
// is reported, not priced: the published HF rows of data/llm (older versions) show no such cost.
// A second start of the H200 kind (hf_generate_profile_2.csv) was another guest whose host ran eager
// ops 1.6x faster with the same GPU kernel times: the host is the machine's, and the rows scatter with
// it. The GPU side (the profiler's kernel time per step, against the step's predicted GPU busy time)
// is printed and held within 0.5-2x; GPT-2's is over-predicted (the zoo graph lowers to 353 kernels a
// step where HF runs 248: Conv1D is one addmm, the head split a view).
// Ceilings: every row within 0.5-2x of its prediction, mean |error| per run <= kHfStepCeiling.
constexpr double kHfStepCeiling = 0.40;  // 19 % (H100 machine), 32 % and 12 % (two starts of the H200 kind) today

void TestLlmDecodeHopper::hfEagerSteps_data() {
    QTest::addColumn<QString>("gpuId");
    QTest::addColumn<QString>("hostId");
    QTest::addColumn<QString>("file");
    QTest::newRow("H100 SXM5 80GB machine") << QStringLiteral("h100-sxm5-80gb") << QStringLiteral("measured-h100-vm")
                                           << QStringLiteral("hf_generate_profile.csv");
    QTest::newRow("H200 SXM 141GB machine") << QStringLiteral("h200-sxm5-141gb") << QStringLiteral("measured-h200-vm")
                                           << QStringLiteral("hf_generate_profile.csv");
    // A later start of the same machine kind (another guest): its host ran 1.6x faster per op.
    QTest::newRow("H200 SXM 141GB machine, second start") << QStringLiteral("h200-sxm5-141gb") << QStringLiteral("measured-h200-vm")
                                                         << QStringLiteral("hf_generate_profile_2.csv");
}

void TestLlmDecodeHopper::hfEagerSteps() {
    QFETCH(QString, gpuId);
    QFETCH(QString, hostId);
    QFETCH(QString, file);
    // The decode step's host costs are eager PyTorch's, as the prefill's.
    const LlmRuntime *hf = findLlmRuntime(QStringLiteral("hf-eager"));
    QVERIFY(hf);
    QCOMPARE(hf->decodeHost, HostOverheadModel::builtIn().eager);
    const QString path = measuredDataDirectory() + QStringLiteral("/measured/%1/%2").arg(gpuId, file);
    auto table = readCsv(path);
    if (!table) {
        QFAIL(qPrintable(table.errorMessage()));
    }
    const GpuSpec *gpu = GpuCatalogue::builtIn().find(gpuId);
    const HostSpec *host = HostCatalogue::builtIn().find(hostId);
    QVERIFY(gpu && host);
    Target target = Target::wholeGpu(*gpu);
    target.setHost(*host);
    const int model = table->column(QStringLiteral("model"));
    const int metric = table->column(QStringLiteral("metric"));
    QVERIFY(model >= 0 && metric >= 0);
    auto valueOf = [&](const QString &m, const QString &name, const QString &layers, const QString &batch) {
        for (const QStringList &row : table->rows) {
            if (row[model] == m && row[metric] == name && row[table->column(QStringLiteral("layers"))] == layers &&
                row[table->column(QStringLiteral("batch"))] == batch) {
                return number(*table, row, "value");
            }
        }
        return 0.0;
    };
    LlmServing serving;
    serving.runtime = hf;
    int rows = 0, gpuRows = 0;
    double sumAbs = 0, gpuSumAbs = 0;
    struct Case {
        const char *model;
        const char *layers;  // the zoo model's (the full model)
        int batch;
    };
    for (const Case &c : {Case{"llama-2-7b", "32", 1}, Case{"llama-2-7b", "32", 8}, Case{"gpt2", "12", 1}, Case{"gpt2-xl", "48", 1}}) {
        const QString name = QString::fromLatin1(c.model);
        const QString layers = QString::fromLatin1(c.layers);
        const QString batch = QString::number(c.batch);
        const double loopMs = valueOf(name, QStringLiteral("loop_step"), layers, batch);
        QVERIFY2(loopMs > 0, qPrintable(name + QStringLiteral(" b") + batch));
        Knobs knobs;
        knobs.precision = Precision::FP16;
        knobs.runtime = Runtime::Eager;
        auto design = Design::open(QStringLiteral("zoo:") + name, knobs);
        QVERIFY2(design, qPrintable(design ? QString() : design.errorMessage()));
        LlmRequest request;
        request.prompt = 128;
        request.output = 32;
        request.batch = c.batch;
        auto p = predictLlmRequest(*design, target, request, serving);
        QVERIFY2(p, qPrintable(p ? QString() : p.errorMessage()));
        const double ratio = loopMs / p->tpotMs;
        ++rows;
        sumAbs += std::abs(p->tpotMs / loopMs - 1.0);
        qInfo("%-10s b%d: forward loop step %6.1f ms, predicted TPOT %6.1f ms (measured / predicted %.2f); "
              "generate step %6.1f ms (reported); TTFT measured %6.1f ms, predicted %6.1f ms",
              c.model, c.batch, loopMs, p->tpotMs, ratio, valueOf(name, QStringLiteral("gen_tpot"), layers, batch),
              valueOf(name, QStringLiteral("gen_ttft"), layers, batch), p->ttftMs);
        QVERIFY2(ratio >= 0.5 && ratio <= 2.0, qPrintable(QStringLiteral("%1 b%2: %3").arg(name).arg(c.batch).arg(ratio)));
        // The GPU side of the same step: the profiler's kernel time per step (runs of the script's
        // second version) against the step's predicted GPU busy time at the mean context.
        const double kernelMs = valueOf(name, QStringLiteral("gpu_kernel_ms"), layers, batch);
        if (kernelMs > 0) {
            auto gpuSide = predictDecodeStep(*design, target, c.batch, request.prompt + request.output / 2, serving);
            QVERIFY2(gpuSide, qPrintable(gpuSide ? QString() : gpuSide.errorMessage()));
            const double gpuRatio = kernelMs / gpuSide->gpuBusyMs;
            ++gpuRows;
            gpuSumAbs += std::abs(gpuSide->gpuBusyMs / kernelMs - 1.0);
            qInfo("%-10s b%d: GPU kernels %6.2f ms measured, %6.2f ms predicted (measured / predicted %.2f)", c.model, c.batch,
                  kernelMs, gpuSide->gpuBusyMs, gpuRatio);
            QVERIFY2(gpuRatio >= 0.5 && gpuRatio <= 2.0, qPrintable(QStringLiteral("%1 b%2 GPU: %3").arg(name).arg(c.batch).arg(gpuRatio)));
        }
    }
    qInfo("%s: %d forward steps, mean |error| %.1f %%", qPrintable(file), rows, 100.0 * sumAbs / rows);
    if (gpuRows > 0) {
        qInfo("%s: GPU kernel time of %d steps, mean |error| %.1f %% (reported)", qPrintable(file), gpuRows,
              100.0 * gpuSumAbs / gpuRows);
    }
    QVERIFY(sumAbs / rows <= kHfStepCeiling);
}

QTEST_GUILESS_MAIN(TestLlmDecodeHopper)
#include "test_llm_decode_hopper.moc"
