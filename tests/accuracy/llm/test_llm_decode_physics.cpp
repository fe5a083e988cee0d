// SPDX-License-Identifier: MIT
// Physics of LLM decode (issue 18) over every decoder model of the zoo x every whole catalogue GPU
// x weight formats fp16, int8 (W8A8 where the GPU has an INT8 path, else W8A16) and int4 (W4A16):
// a fused-runtime (vLLM) decode step at batch 1 with 512 tokens in the KV cache. The floor is the
// issue's, (weight bytes + KV bytes) / datasheet bandwidth, with weights and KV from the memory
// estimate (parameters at the format's bytes; test_llm_serving checks them by hand) less the rows
// of an untied input embedding table a step does not read (unreadEmbedding: a table only Gathers
// read gives one row per token; a tied table is the LM head's GEMM weight and is read whole). Until
// 2026-11-28 the floor counted the whole table: Qwen2-7B's 1.09 GB of 16-bit embeddings are 12.5 %
// of its W8A8 floor, and its predicted L4 step came out 0.99x a floor it does not have to read.
// Likewise a mixture of experts' step reads its routed experts only (Mixtral-8x7B: 2 of 8 per
// layer at batch 1; unreadExpertWeights), though memory holds them all.
//  - never below the floor;
//  - at least 1.1x the floor (the lower edge) on every step that fits in the GPU's memory:
//    the decode class caps the streaming fraction at 0.92 (kMaxFraction, decode_model.cpp) and vLLM's
//    8-bit / 4-bit weight kernels at 0.91 / 0.84 (the published fused rows with fixed costs
//    cancelled, tools/analysis/llm_decode_fit.py part 4), plus each step's fixed costs. A step that
//    does not fit (Llama-2-70B's 138 GB of fp16 weights on a 32 GB V100) is held to kBandLowNoFit,
//    1 / kMaxFraction: the fastest measured engine, calm's Mistral-7B fp16 context-0 row on the
//    RTX 4090 (15.38 ms), is 1.088x this floor (tools/analysis/llm_floor_ratios.py), which the
//    issue's edge would call impossible; at 0.92 of the V100's bandwidth that 70B step is 1.097x.
//    Until 2026-11-28 every step passed 1.1x, helped by attention reading grouped KV heads repeated
//    to the query heads (8x Llama-2-70B's KV bytes), since corrected (lowering.cpp, sharedKvGroup);
//  - at most 1.7x the floor (the upper edge) where the floor is at least kBandFloorMs, for
//    every weight format. The vLLM class's published 4-bit engines measure up to 1.75x at such floors
//    (ExLlamaV2 Llama-2-7B on the RTX 3090 Ti; TensorRT-LLM 1.73x; tools/analysis/llm_floor_ratios.py);
//    TinyChat's AWQ kernels (up to 2.08x, the AGX Orin rows 1.84-1.90x) are their own runtime
//    (llm_runtime.cpp, "tinychat") since 2026-11-28, and until then held this edge at 2.08x for 4-bit
//    weights. Exempt: steps
//    whose floor is under 2 ms, where fixed costs dominate: a vLLM step has its per-step host cost
//    (0.3 ms) plus 100 to 650 kernels of about 1 us each (tau) whatever its bytes, 0.4 to 1 ms in
//    all, while GPT-2 (124M parameters) streams its int4 weights in 0.011 ms on a B200 (the step is
//    36x that floor). They are checked against floor x 1.7 + kFixedCeilingMs instead;
//  - monotonic in bandwidth within an architecture: more datasheet bandwidth is never slower
//    (the A100 SXM4 80GB, 2039 GB/s, is not slower than the A100 PCIe 40GB, 1555 GB/s);
//  - the 80 % band's lower end is never under the bytes the step reads at datasheet bandwidth
//    (every row), with hand-calculated floors for three cases (bandFloor).
// Bandwidths are the catalogue's datasheet values (../shared/data/gpus/REFERENCE.md).
#include "design/design.h"
#include "graph/node_cost.h"
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
constexpr double kBandLow = 1.1;    // issue 18
constexpr double kBandLowNoFit = 1.0 / 0.92;  // a step that cannot run: the decode class's fastest (above)
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
    bool fits = true;
};

bool hasInt8(const GpuSpec &gpu) {
    return supportedPrecisions(Target::wholeGpu(gpu)).contains(QStringLiteral("int8"));
}

bool hasFp16(const GpuSpec &gpu) {
    return supportedPrecisions(Target::wholeGpu(gpu)).contains(QStringLiteral("fp16"));
}

// Bytes of the untied input embedding tables a decode step does not read: a table only Gathers
// read (no GEMM shares it as the LM head) gives one row per token; the rest stays in memory, unread.
// In 16-bit: every weight format keeps embeddings at the activations' type (weight_format.h).
double unreadEmbedding(const Graph &g) {
    double unread = 0;
    for (std::size_t v = 0; v < g.values.size(); ++v) {
        const Value &table = g.values[v];
        if (!table.isInitializer() || table.buffer || !table.shapeKnown() || table.shape.size() != 2) {
            continue;
        }
        bool gathered = false;
        bool other = false;
        double rows = 0;
        for (const Node &n : g.nodes) {
            for (std::size_t i = 0; i < n.inputs.size(); ++i) {
                if (n.inputs[i] != static_cast<int>(v)) {
                    continue;
                }
                if (n.opType == QLatin1String("Gather") && i == 0 && n.attrInt(u"axis", 0) == 0) {
                    gathered = true;
                    const int idx = n.input(1);
                    rows += idx >= 0 && g.values[static_cast<std::size_t>(idx)].shapeKnown()
                                ? static_cast<double>(g.values[static_cast<std::size_t>(idx)].elements())
                                : 1.0;
                } else {
                    other = true;
                }
            }
        }
        if (gathered && !other) {
            unread += (static_cast<double>(table.shape[0]) - rows) * static_cast<double>(table.shape[1]) * 2.0;
        }
    }
    return unread;
}

// Elements of the stacked expert weights a decode step does not read: a grouped expert GEMM reads
// the active slice only (stackedWeightSliced).
double unreadExpertWeights(const Graph &g) {
    double unread = 0;
    for (const Node &n : g.nodes) {
        const int stacked = stackedWeightSliced(g, n);
        const Value *slice = stacked < 0 ? nullptr : &g.values[static_cast<std::size_t>(n.output(0))];
        if (slice && slice->shapeKnown() && g.values[static_cast<std::size_t>(stacked)].shapeKnown()) {
            const Shape &all = g.values[static_cast<std::size_t>(stacked)].shape;
            unread += static_cast<double>(all[0] - slice->shape[0]) * static_cast<double>(all[1]) * static_cast<double>(all[2]);
        }
    }
    return unread;
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
            const double unreadEmbeddingBytes = unreadEmbedding(d->graph());
            const double unreadExperts = unreadExpertWeights(d->graph());
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
                    const double bytesPerWeight = w.bytesPerWeight > 0                                           ? w.bytesPerWeight
                                                  : w.precision == Precision::INT8 || w.precision == Precision::FP8 ? 1.0
                                                                                                                    : 2.0;
                    r.floorMs = (p->memory.weightsBytes - unreadEmbeddingBytes - unreadExperts * bytesPerWeight + p->memory.kvCacheBytes) /
                                (gpu.bandwidthGBps * 1e9) * 1e3;
                    double gemmBytes = 0;
                    for (const KernelTiming &kt : p->kernels) {
                        if (kt.kind == KernelClass::Gemm) {
                            gemmBytes += kt.bytes;
                        }
                    }
                    r.readFloorMs = gemmBytes / (gpu.bandwidthGBps * 1e9) * 1e3;
                    r.bandLowMs = p->bandLowMs;
                    r.fits = p->memory.fits;
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
    double lo = 1e9, hi = 0, hi4 = 0;
    double lowest = 1e9;  // over every step that fits
    double lowestNoFit = 1e9;
    QString lowestStep;
    for (const Row &r : rows()) {
        const double ratio = r.ms / r.floorMs;
        bool ok = ratio >= (r.fits ? kBandLow : kBandLowNoFit);
        if (r.fits && ratio < lowest) {
            lowest = ratio;
            lowestStep = r.model + QLatin1Char(' ') + r.gpu + QLatin1Char(' ') + r.format;
        }
        if (!r.fits) {
            lowestNoFit = std::min(lowestNoFit, ratio);
        }
        const bool fourBit = r.format == QLatin1String("w4a16");
        if (r.floorMs >= kBandFloorMs) {
            ++banded;
            lo = std::min(lo, ratio);
            (fourBit ? hi4 : hi) = std::max(fourBit ? hi4 : hi, ratio);
            ok = ok && ratio <= kBandHigh;
        } else {
            ok = ok && r.ms <= kBandHigh * r.floorMs + kFixedCeilingMs;
        }
        if (!ok) {
            ++failures;
            qWarning("%s %s %s: %.3f ms, floor %.3f ms (%.2fx)%s", qPrintable(r.model), qPrintable(r.gpu),
                     qPrintable(r.format), r.ms, r.floorMs, ratio, r.fits ? "" : ", does not fit");
        }
    }
    qInfo("%d of %zu steps have a floor >= %.1f ms: %.3f .. %.3fx the floor (16-bit and 8-bit weights), up to %.3fx (4-bit); "
          "every step that fits >= %.3fx (%s); those that do not >= %.3fx",
          banded, rows().size(), kBandFloorMs, lo, hi, hi4, lowest, qPrintable(lowestStep), lowestNoFit);
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
    // Mistral-7B (grouped-query: 8 KV heads of 128): 32 x (2 x 4096^2 + 2 x 4096 x 1024 + 3 x 4096 x
    //   14336) + 32000 x 4096 = 7,110,393,856 weights = 14.221 GB; KV at 4000 tokens 2 x 32 x 1024 x
    //   4000 x 2 B = 0.524 GB (the 8 KV heads, not the 32 query heads); 14.745 GB at 3352 GB/s: 4.399 ms.
    QTest::newRow("mistral-7b h100 4000") << QStringLiteral("mistral-7b") << QStringLiteral("h100-sxm5-80gb") << 4000 << 4.399;
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
    QVERIFY(p->latencyMs >= kBandLow * floorMs);
    QVERIFY(p->latencyMs <= kBandHigh * floorMs);
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
