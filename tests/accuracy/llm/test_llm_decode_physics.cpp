// SPDX-License-Identifier: MIT
// Physics of LLM decode (issue 18) over every decoder model of the zoo x every whole catalogue GPU
// x weight formats fp16, int8 (W8A8 where the GPU has an INT8 path, else W8A16) and int4 (W4A16):
// a fused-runtime (vLLM) decode step at batch 1 with 512 tokens in the KV cache.
//  - never below the floor: the step streams every weight and the KV cache once, so it takes at
//    least (weight bytes + KV bytes) / datasheet bandwidth;
//  - within kBandLow to 1.7x of that floor where weight streaming dominates the step: published
//    batch-1 measurements of tuned runtimes (data/llm, tools/analysis/llm_decode_fit.py part 3:
//    calm, MLC, TensorRT-LLM, ExLlamaV2, llama.cpp fp16 medians 1.14 to 1.59x) sit there. Issue 18
//    asks for 1.1; the test allows 1.05 because the fastest published row itself is at 1.09x
//    (calm, RTX 4090, fp16) and the floor counts the whole embedding table, of which a step reads
//    one row (3.7 % of Llama-2-7B's int8 weights: an L4 step at 0.90 of datasheet bandwidth on
//    what it streams is 1.08x this floor). The band
//    applies where the floor is at least kBandFloorMs: below it a step is dominated by its fixed
//    per-kernel and per-step costs (a 124M-parameter GPT-2 streams in 0.07 ms on an H100, yet a
//    step of any runtime launches some 100 kernels), and the test then checks the ceiling
//    floor x 1.7 + kFixedCeilingMs instead;
//  - monotonic in bandwidth within an architecture: more datasheet bandwidth is never slower
//    (the A100 SXM4 80GB, 2039 GB/s, is not slower than the A100 PCIe 40GB, 1555 GB/s).
// Bandwidths are the catalogue's datasheet values (../shared/data/gpus/REFERENCE.md); weight and KV
// bytes are the memory estimate's (parameters at the format's bytes, test_llm_serving checks them by hand).
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
constexpr double kBandLow = 1.05;
constexpr double kFixedCeilingMs = 1.5;  // vLLM's per-step cost plus ~100-300 kernels at a few us

struct Row {
    QString model;
    QString gpu;
    QString architecture;
    QString format;
    double bandwidth = 0;
    double ms = 0;
    double floorMs = 0;
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
                    po.keepKernels = false;
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
    for (const Row &r : rows()) {
        const double ratio = r.ms / r.floorMs;
        bool ok = true;
        if (r.floorMs >= kBandFloorMs) {
            ++banded;
            lo = std::min(lo, ratio);
            hi = std::max(hi, ratio);
            ok = ratio >= kBandLow && ratio <= 1.7;
        } else {
            ok = r.ms <= 1.7 * r.floorMs + kFixedCeilingMs;
        }
        if (!ok) {
            ++failures;
            qWarning("%s %s %s: %.3f ms, floor %.3f ms (%.2fx)", qPrintable(r.model), qPrintable(r.gpu),
                     qPrintable(r.format), r.ms, r.floorMs, ratio);
        }
    }
    qInfo("%d of %zu steps have a floor >= %.1f ms: %.2f .. %.2fx the floor", banded, rows().size(), kBandFloorMs, lo, hi);
    QVERIFY(banded > 50);
    QCOMPARE(failures, 0);
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
