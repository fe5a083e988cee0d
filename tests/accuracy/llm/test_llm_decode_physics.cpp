// SPDX-License-Identifier: MIT
// Physics of LLM decode (issue 18) over every decoder model of the zoo x every whole catalogue GPU
// x weight formats fp16, int8 (W8A8 where the GPU has an INT8 path, else W8A16) and int4 (W4A16):
// a fused-runtime (vLLM) decode step at batch 1 with 512 tokens in the KV cache. The floor is the
// issue's: (weight bytes + KV bytes) / datasheet bandwidth, weights and KV from the memory estimate
// (parameters at the format's bytes; test_llm_serving checks them by hand).
//  - never below the floor;
//  - at least 1.05x the floor, every step, no exemption. The issue asks 1.1x, but a fused engine
//    measured in data/llm sits below that: calm's context-0 rows on the RTX 4090 (lines 259-272:
//    Llama-2-7B fp16 14.49 ms, fp8 7.41 ms; Llama-2-13B fp8 14.29 ms; Mistral-7B fp16 15.38 ms, fp8
//    7.87 ms) are 1.069 .. 1.092x this floor (weights + KV from the memory estimate at 1008 GB/s;
//    `infersight-cli predict zoo:llama-2-7b --gpu rtx-4090 --phase decode --context 16 --runtime vllm
//    --weights fp16 --json`). The decode class caps the streaming fraction at 0.92 (kMaxFraction,
//    decode_model.cpp) and vLLM's 8-bit / 4-bit weight kernels at 0.91 / 0.79 (the published fused
//    rows with fixed costs cancelled, tools/analysis/llm_decode_fit.py part 4); the floor counts the
//    whole 16-bit embedding table, of which a step reads one row (3.8 % of Llama-2-7B's W8A8 floor),
//    so the L4's 8-bit steps (8-bit weights at f_gen 0.90) sit at 1.08 .. 1.09x, as calm's do;
//  - at most 1.7x the floor where the floor is at least kBandFloorMs: published batch-1
//    measurements of tuned runtimes (data/llm, tools/analysis/llm_decode_fit.py part 3: calm, MLC,
//    TensorRT-LLM, ExLlamaV2, llama.cpp fp16 medians 1.14 to 1.59x) sit there. Exempt: steps whose
//    floor is under 2 ms, where fixed costs dominate: a vLLM step has its per-step host cost
//    (0.3 ms) plus 100 to 650 kernels of about 1 us each (tau) whatever its bytes, 0.4 to 1 ms in
//    all, while GPT-2 (124M parameters) streams its int4 weights in 0.011 ms on a B200 (the
//    step is 36x that floor). They are checked against floor x 1.7 + kFixedCeilingMs instead;
//  - monotonic in bandwidth within an architecture: more datasheet bandwidth is never slower
//    (the A100 SXM4 80GB, 2039 GB/s, is not slower than the A100 PCIe 40GB, 1555 GB/s);
//  - the 80 % band's lower end is never under the bytes the step reads at datasheet bandwidth
//    (every row), with hand-calculated floors for three cases (bandFloor).
// Bandwidths are the catalogue's datasheet values (../shared/data/gpus/REFERENCE.md).
#include "design/design.h"
#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"
#include "predict/llm_runtime.h"
#include "predict/predictor.h"
#include "predict/weight_format.h"
#include "zoo/model_zoo.h"

#include <QtTest>

#include <map>

using namespace infersight;

namespace {

constexpr double kBandFloorMs = 2.0;
constexpr double kBandLow = 1.05;   // issue 18 asks 1.1: calm measures 1.069x (above)
constexpr double kBandHigh = 1.7;   // issue 18
constexpr double kFixedCeilingMs = 1.5;  // vLLM's per-step cost plus ~100-650 kernels at about 1 us

struct Row {
    QString model;
    QString gpu;
    QString architecture;
    QString format;
    double bandwidth = 0;
    double ms = 0;
    double floorMs = 0;      // (weights + KV) / datasheet bandwidth: the floor
    double readFloorMs = 0;  // the decode kernels' bytes (what the step reads and writes) / datasheet bandwidth
    double bandLowMs = 0;
};

bool hasInt8(const GpuSpec &gpu) {
    return supportedPrecisions(Target::wholeGpu(gpu)).contains(QStringLiteral("int8"));
}

bool hasFp16(const GpuSpec &gpu) {
    return supportedPrecisions(Target::wholeGpu(gpu)).contains(QStringLiteral("fp16"));
}

const std::vector<Row> &rows() {
    static const std::vector<Row> all = [] {
        std::vector<Row> out;
        const LlmRuntime &vllm = *findLlmRuntime(QStringLiteral("vllm"));
        for (const ZooModel &m : zooModels()) {
            if (!m.decoder) {
                continue;
            }
            Knobs knobs;
            knobs.batch = 1;
            knobs.phase = DecoderPhase::Decode;
            knobs.sequence = 1;
            knobs.context = 512;
            knobs.runtime = Runtime::Fused;
            Result<Design> d = Design::open(QStringLiteral("zoo:") + m.name, knobs);
            if (!d) {
                qFatal("zoo:%s: %s", qPrintable(m.name), qPrintable(d.errorMessage()));
            }
            for (const GpuSpec &gpu : GpuCatalogue::builtIn().gpus()) {
                if (!hasFp16(gpu)) {
                    continue;  // P4, P100: no fp16 path in the catalogue
                }
                const Target target = Target::wholeGpu(gpu);
                for (WeightFormat f : {WeightFormat::FP16, hasInt8(gpu) ? WeightFormat::W8A8 : WeightFormat::W8A16,
                                       WeightFormat::W4A16}) {
                    const ResolvedWeightFormat w = *resolveWeightFormat(f, Precision::FP16, false);
                    Knobs k = d->knobs();
                    k.precision = w.precision;
                    PredictOptions po;
                    po.keepKernels = true;
                    po.keepNodes = false;
                    po.llmRuntime = &vllm;
                    po.weights = w;
                    auto p = predict(d->graph(), target, k, po);
                    if (!p) {
                        qFatal("%s on %s, %s: %s", qPrintable(m.name), qPrintable(gpu.id), qPrintable(weightFormatName(f)),
                               qPrintable(p.errorMessage()));
                    }
                    Row r;
                    r.model = m.name;
                    r.gpu = gpu.id;
                    r.architecture = gpu.architecture;
                    r.format = weightFormatName(f);
                    r.bandwidth = gpu.bandwidthGBps;
                    r.ms = p->latencyMs;
                    r.floorMs = (p->memory.weightsBytes + p->memory.kvCacheBytes) / (gpu.bandwidthGBps * 1e9) * 1e3;
                    double gemmBytes = 0;
                    for (const KernelTiming &kt : p->kernels) {
                        if (kt.kind == KernelClass::Gemm) {
                            gemmBytes += kt.bytes;
                        }
                    }
                    r.readFloorMs = gemmBytes / (gpu.bandwidthGBps * 1e9) * 1e3;
                    r.bandLowMs = p->bandLowMs;
                    out.push_back(r);
                }
            }
        }
        return out;
    }();
    return all;
}

}  // namespace

class TestLlmDecodePhysics : public QObject {
    Q_OBJECT
private slots:
    void aboveTheFloor();
    void withinTheBand();
    void bandAboveTheFloor();
    void bandFloor_data();
    void bandFloor();
    void monotonicInBandwidth();
};

void TestLlmDecodePhysics::aboveTheFloor() {
    QVERIFY(rows().size() > 100);
    int failures = 0;
    for (const Row &r : rows()) {
        if (r.ms < r.floorMs) {
            ++failures;
            qWarning("%s %s %s: %.3f ms below the floor %.3f ms", qPrintable(r.model), qPrintable(r.gpu),
                     qPrintable(r.format), r.ms, r.floorMs);
        }
    }
    QCOMPARE(failures, 0);
}

void TestLlmDecodePhysics::withinTheBand() {
    int failures = 0;
    int banded = 0;
    double lo = 1e9, hi = 0;
    double lowest = 1e9;  // over every step
    QString lowestStep;
    for (const Row &r : rows()) {
        const double ratio = r.ms / r.floorMs;
        bool ok = ratio >= kBandLow;
        if (ratio < lowest) {
            lowest = ratio;
            lowestStep = r.model + QLatin1Char(' ') + r.gpu + QLatin1Char(' ') + r.format;
        }
        if (r.floorMs >= kBandFloorMs) {
            ++banded;
            lo = std::min(lo, ratio);
            hi = std::max(hi, ratio);
            ok = ok && ratio <= kBandHigh;
        } else {
            ok = ok && r.ms <= kBandHigh * r.floorMs + kFixedCeilingMs;
        }
        if (!ok) {
            ++failures;
            qWarning("%s %s %s: %.3f ms, floor %.3f ms (%.2fx)", qPrintable(r.model), qPrintable(r.gpu),
                     qPrintable(r.format), r.ms, r.floorMs, ratio);
        }
    }
    qInfo("%d of %zu steps have a floor >= %.1f ms: %.3f .. %.3fx the floor; every step >= %.3fx (%s)", banded, rows().size(),
          kBandFloorMs, lo, hi, lowest, qPrintable(lowestStep));
    QVERIFY(banded > 200);
    QCOMPARE(failures, 0);
}

void TestLlmDecodePhysics::bandAboveTheFloor() {
    int failures = 0;
    for (const Row &r : rows()) {
        if (r.bandLowMs < r.readFloorMs * (1 - 1e-9) || r.bandLowMs > r.ms) {
            ++failures;
            qWarning("%s %s %s: band from %.3f ms, step %.3f ms, read floor %.3f ms", qPrintable(r.model), qPrintable(r.gpu),
                     qPrintable(r.format), r.bandLowMs, r.ms, r.readFloorMs);
        }
    }
    QCOMPARE(failures, 0);
}

void TestLlmDecodePhysics::bandFloor_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<int>("context");
    QTest::addColumn<double>("floorMs");
    // By hand, fp16 (2 bytes), GEMM weights + lm_head streamed once, K and V of every layer read:
    // Llama-2-7B: 32 x (4 x 4096^2 + 3 x 4096 x 11008) + 32000 x 4096 = 6,607,077,376 weights
    //   = 13.214 GB; KV at 2000 tokens 2 x 32 x 4096 x 2000 x 2 B = 1.049 GB; 14.263 GB.
    //   H100 SXM 3352 GB/s: 4.255 ms (the 80 % band used to start at 3.98 ms here);
    //   A100 SXM4 80GB 2039 GB/s: 6.995 ms.
    // Llama-2-13B: 40 x (4 x 5120^2 + 3 x 5120 x 13824) + 32000 x 5120 = 12,851,609,600 weights
    //   = 25.703 GB; KV at 512 tokens 2 x 40 x 5120 x 512 x 2 B = 0.419 GB; 26.123 GB at the
    //   L40S's 864 GB/s: 30.23 ms.
    QTest::newRow("llama-2-7b h100 2000") << QStringLiteral("llama-2-7b") << QStringLiteral("h100-sxm5-80gb") << 2000 << 4.25;
    QTest::newRow("llama-2-7b a100-80 2000") << QStringLiteral("llama-2-7b") << QStringLiteral("a100-sxm4-80gb") << 2000 << 6.99;
    QTest::newRow("llama-2-13b l40s 512") << QStringLiteral("llama-2-13b") << QStringLiteral("l40s") << 512 << 30.2;
}

void TestLlmDecodePhysics::bandFloor() {
    QFETCH(QString, model);
    QFETCH(QString, gpu);
    QFETCH(int, context);
    QFETCH(double, floorMs);
    Knobs knobs;
    knobs.batch = 1;
    knobs.phase = DecoderPhase::Decode;
    knobs.sequence = 1;
    knobs.context = context;
    knobs.runtime = Runtime::Fused;
    knobs.precision = Precision::FP16;
    Result<Design> d = Design::open(QStringLiteral("zoo:") + model, knobs);
    if (!d) {
        QFAIL(qPrintable(d.errorMessage()));
    }
    const GpuSpec *spec = GpuCatalogue::builtIn().find(gpu);
    QVERIFY(spec);
    auto p = predict(d->graph(), Target::wholeGpu(*spec), d->knobs());
    if (!p) {
        QFAIL(qPrintable(p.errorMessage()));
    }
    qInfo("%s on %s, context %d: %.3f ms, band %.3f .. %.3f ms, floor by hand %.3f ms", qPrintable(model), qPrintable(gpu),
          context, p->latencyMs, p->bandLowMs, p->bandHighMs, floorMs);
    QVERIFY(p->bandLowMs >= floorMs);
    QVERIFY(p->bandLowMs <= p->latencyMs);
}

void TestLlmDecodePhysics::monotonicInBandwidth() {
    std::map<QString, std::vector<const Row *>> groups;  // model/format/architecture
    for (const Row &r : rows()) {
        groups[r.model + QLatin1Char('/') + r.format + QLatin1Char('/') + r.architecture].push_back(&r);
    }
    int failures = 0;
    int pairs = 0;
    for (const auto &[key, list] : groups) {
        for (const Row *a : list) {
            for (const Row *b : list) {
                if (a->bandwidth > b->bandwidth) {
                    ++pairs;
                    if (a->ms > b->ms * 1.0001) {
                        ++failures;
                        qWarning("%s: %s (%.0f GB/s) %.3f ms slower than %s (%.0f GB/s) %.3f ms", qPrintable(key),
                                 qPrintable(a->gpu), a->bandwidth, a->ms, qPrintable(b->gpu), b->bandwidth, b->ms);
                    }
                }
            }
        }
    }
    qInfo("%d pairs compared", pairs);
    QVERIFY(pairs > 100);
    QCOMPARE(failures, 0);
}

QTEST_GUILESS_MAIN(TestLlmDecodePhysics)
#include "test_llm_decode_physics.moc"
