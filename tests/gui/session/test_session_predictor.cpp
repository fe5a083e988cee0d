// SPDX-License-Identifier: MIT
// SessionPredictor: the numbers are the engine's own (predict() through the core API gives the
// same), a batch step or a precision step after the sweeps are known needs no second stage, a new
// target computes only its own sweeps, the sweeps hold what the one-shot predictor gives at each
// batch, and cancellation stops a stage.
#include "session/session_predictor.h"

#include "charts/palette.h"
#include "hardware/gpu_catalogue.h"

#include <QtTest>

using namespace infersight;

namespace {

ResolvedTarget resolved(const QString &gpu, const QString &mig = {}, int colour = 0) {
    auto target = resolveTarget(GpuCatalogue::builtIn(), gpu, mig);
    ResolvedTarget r;
    r.key = target->key();
    r.label = target->label();
    r.colour = targetColour(colour);
    r.target = *target;
    return r;
}

// The one-shot engine path the CLI uses (Design::open + predict), independent of the session's caches.
Prediction engine(const QString &source, const Knobs &knobs, const QString &gpu, const QString &mig = {}) {
    auto design = Design::open(source, knobs);
    auto target = resolveTarget(GpuCatalogue::builtIn(), gpu, mig);
    PredictOptions options;
    options.batch = knobs.batch;
    auto p = predict(design->graph(), *target, design->knobs(), options);
    return p.value();
}

PredictionRequest requestFor(const std::shared_ptr<const Design> &design, DesignSpec spec,
                             std::vector<ResolvedTarget> targets, quint64 generation) {
    PredictionRequest r;
    r.generation = generation;
    r.modelRevision = 1;
    r.design = design;
    r.spec = std::move(spec);
    r.targets = std::move(targets);
    return r;
}

}  // namespace

class TestSessionPredictor : public QObject {
    Q_OBJECT
private slots:
    void currentMatchesEngine_data();
    void currentMatchesEngine();
    void sweepsMatchEngine();
    void batchStepNeedsNoSecondStage();
    void precisionStepReusesGrid();
    void unsupportedPrecisionIsTargetError();
    void cancelledStageReturnsNothing();
    void sweepBatchesAreTheSliderLadder();
};

void TestSessionPredictor::currentMatchesEngine_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<qint64>("batch");
    QTest::addColumn<QString>("precision");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("mig");
    QTest::newRow("resnet18 b8 fp16 A100") << "zoo:resnet18" << qint64(8) << "fp16" << "a100-sxm4-80gb" << "";
    QTest::newRow("resnet18 b32 fp32 H100") << "zoo:resnet18" << qint64(32) << "fp32" << "h100-sxm5-80gb" << "";
    QTest::newRow("bert-base b2 bf16 A100 1g.10gb") << "zoo:bert-base" << qint64(2) << "bf16" << "a100-sxm4-80gb" << "1g.10gb";
    QTest::newRow("onnx resnet18 b4 amp L4") << INFERSIGHT_FIXTURES_DIR "/onnx/resnet18.onnx" << qint64(4) << "amp" << "l4" << "";
}

void TestSessionPredictor::currentMatchesEngine() {
    QFETCH(QString, source);
    QFETCH(qint64, batch);
    QFETCH(QString, precision);
    QFETCH(QString, gpu);
    QFETCH(QString, mig);
    Knobs knobs;
    knobs.batch = batch;
    knobs.precision = *precisionFromName(precision);
    auto design = std::make_shared<const Design>(Design::open(source).value());  // opened at its defaults
    DesignSpec spec = DesignSpec::of(*design);
    spec.knobs.batch = batch;
    spec.knobs.precision = knobs.precision;

    SessionPredictor predictor;
    auto out = predictor.predictCurrent(requestFor(design, spec, {resolved(gpu, mig)}, 1), nullptr, {});
    QVERIFY2(out.results, qPrintable(out.error));
    QCOMPARE(out.results->targets.size(), std::size_t{1});
    const TargetResult &t = out.results->targets[0];
    QVERIFY2(t.ok(), qPrintable(t.error));
    const Prediction expected = engine(source, knobs, gpu, mig);
    QCOMPARE(t.current->latencyMs, expected.latencyMs);
    QCOMPARE(t.current->bandLowMs, expected.bandLowMs);
    QCOMPARE(t.current->bandHighMs, expected.bandHighMs);
    QCOMPARE(t.current->energyJ, expected.energyJ);
    QCOMPARE(t.current->memory.deviceUsedBytes, expected.memory.deviceUsedBytes);
    QCOMPARE(t.current->kernelCount, expected.kernelCount);
    QCOMPARE(t.current->nodes.size(), design->graph().nodes.size());
    QVERIFY(!t.current->kernels.empty());
    QCOMPARE(out.results->knobs.batch, batch);
    // Usable memory of the target: A100-80GB 1g.10gb is 9,728 MiB (nvidia-smi mig -lgip, catalogue source LGIP-A100-80).
    if (mig == QLatin1String("1g.10gb")) {
        QCOMPARE(t.usableMemoryBytes, 9728.0 * 1024 * 1024);
    }
}

void TestSessionPredictor::sweepsMatchEngine() {
    auto design = std::make_shared<const Design>(Design::open(QStringLiteral("zoo:resnet18")).value());
    DesignSpec spec = DesignSpec::of(*design);
    spec.knobs.batch = 8;
    spec.knobs.precision = Precision::FP16;
    SessionPredictor predictor;
    auto first = predictor.predictCurrent(requestFor(design, spec, {resolved(QStringLiteral("a100-sxm4-80gb"))}, 1), nullptr, {});
    QVERIFY(first.results);
    QVERIFY(!first.results->complete());  // nothing in the grid yet
    auto full = predictor.completeSweeps(*first.results, {});
    QVERIFY(full.results);
    QVERIFY(full.results->complete());
    const TargetResult &t = full.results->targets[0];
    QVERIFY(t.sweepsCurrent);
    QCOMPARE(t.batchSweep.size(), SessionPredictor::sweepBatches().size());
    for (std::int64_t b : {std::int64_t{1}, std::int64_t{48}, std::int64_t{1024}}) {
        Knobs k;
        k.batch = b;
        k.precision = Precision::FP16;
        const Prediction expected = engine(QStringLiteral("zoo:resnet18"), k, QStringLiteral("a100-sxm4-80gb"));
        auto it = std::find_if(t.batchSweep.begin(), t.batchSweep.end(), [b](const SweepPoint &p) { return p.batch == b; });
        QVERIFY(it != t.batchSweep.end());
        QCOMPARE(it->latencyMs, expected.latencyMs);
        QCOMPARE(it->throughputPerS, expected.throughputPerS);
        QCOMPARE(it->memoryBytes, expected.memory.deviceUsedBytes);
        QCOMPARE(it->fits, expected.memory.fits);
    }
    // Energy/latency: every batch x every precision the A100 supports (fp32, fp32-strict, tf32, fp16,
    // bf16, amp, int8: NVIDIA A100 datasheet, no FP8 before Hopper).
    QCOMPARE(t.energyLatency.size(), SessionPredictor::sweepBatches().size() * 7);
    QVERIFY(std::none_of(t.energyLatency.begin(), t.energyLatency.end(),
                         [](const ParetoPoint &p) { return p.precision == Precision::FP8; }));
    QVERIFY(std::any_of(t.energyLatency.begin(), t.energyLatency.end(), [](const ParetoPoint &p) { return p.onFront; }));
    // The front is what core's paretoFront says: no point on it is beaten on both objectives.
    for (const ParetoPoint &a : t.energyLatency) {
        if (!a.onFront) {
            continue;
        }
        for (const ParetoPoint &b : t.energyLatency) {
            const bool beats = b.fits && b.latencyMs <= a.latencyMs && b.energyPerSampleJ() <= a.energyPerSampleJ() &&
                               (b.latencyMs < a.latencyMs || b.energyPerSampleJ() < a.energyPerSampleJ());
            QVERIFY(!beats);
        }
    }
}

void TestSessionPredictor::batchStepNeedsNoSecondStage() {
    auto design = std::make_shared<const Design>(Design::open(QStringLiteral("zoo:resnet18")).value());
    DesignSpec spec = DesignSpec::of(*design);
    spec.knobs.batch = 8;
    std::vector<ResolvedTarget> targets{resolved(QStringLiteral("a100-sxm4-80gb")), resolved(QStringLiteral("h100-sxm5-80gb"), {}, 1)};
    SessionPredictor predictor;
    auto first = predictor.predictCurrent(requestFor(design, spec, targets, 1), nullptr, {});
    auto full = predictor.completeSweeps(*first.results, {});
    QVERIFY(full.results->complete());
    spec.knobs.batch = 96;
    auto step = predictor.predictCurrent(requestFor(design, spec, targets, 2), full.results.get(), {});
    QVERIFY(step.results);
    QVERIFY(step.results->complete());  // the sweeps do not depend on the current batch
    QCOMPARE(step.results->knobs.batch, std::int64_t{96});
    QCOMPARE(step.results->targets[1].batchSweep, full.results->targets[1].batchSweep);
    // The current point lies on the sweep (batch 96 is a sweep batch).
    auto it = std::find_if(step.results->targets[0].batchSweep.begin(), step.results->targets[0].batchSweep.end(),
                           [](const SweepPoint &p) { return p.batch == 96; });
    QCOMPARE(it->latencyMs, step.results->targets[0].current->latencyMs);

    // A third target: stage 1 keeps its sweeps empty (not current), stage 2 fills them.
    targets.push_back(resolved(QStringLiteral("l4"), {}, 2));
    auto added = predictor.predictCurrent(requestFor(design, spec, targets, 3), step.results.get(), {});
    QVERIFY(!added.results->complete());
    QVERIFY(added.results->targets[0].sweepsCurrent);
    QVERIFY(!added.results->targets[2].sweepsCurrent);
    QVERIFY(added.results->targets[2].batchSweep.empty());
    auto addedFull = predictor.completeSweeps(*added.results, {});
    QVERIFY(addedFull.results->targets[2].sweepsCurrent);
    QCOMPARE(addedFull.results->targets[2].batchSweep.size(), SessionPredictor::sweepBatches().size());
}

void TestSessionPredictor::precisionStepReusesGrid() {
    auto design = std::make_shared<const Design>(Design::open(QStringLiteral("zoo:resnet18")).value());
    DesignSpec spec = DesignSpec::of(*design);
    std::vector<ResolvedTarget> targets{resolved(QStringLiteral("a100-sxm4-80gb"))};
    SessionPredictor predictor;
    auto first = predictor.predictCurrent(requestFor(design, spec, targets, 1), nullptr, {});
    auto full = predictor.completeSweeps(*first.results, {});
    spec.knobs.precision = Precision::BF16;
    auto step = predictor.predictCurrent(requestFor(design, spec, targets, 2), full.results.get(), {});
    QVERIFY(step.results->complete());  // bf16 points were computed for the energy/latency sweep
    const TargetResult &t = step.results->targets[0];
    for (const SweepPoint &s : t.batchSweep) {
        auto it = std::find_if(t.energyLatency.begin(), t.energyLatency.end(), [&](const ParetoPoint &p) {
            return p.batch == s.batch && p.precision == Precision::BF16;
        });
        QVERIFY(it != t.energyLatency.end());
        QCOMPARE(it->latencyMs, s.latencyMs);
    }
    // A runtime change invalidates the grid.
    spec.knobs.runtime = Runtime::Fused;
    auto fused = predictor.predictCurrent(requestFor(design, spec, targets, 3), step.results.get(), {});
    QVERIFY(!fused.results->complete());
    QVERIFY(!fused.results->targets[0].sweepsCurrent);
    QCOMPARE(fused.results->targets[0].batchSweep, t.batchSweep);  // kept (stale) until stage 2
}

void TestSessionPredictor::unsupportedPrecisionIsTargetError() {
    auto design = std::make_shared<const Design>(Design::open(QStringLiteral("zoo:resnet18")).value());
    DesignSpec spec = DesignSpec::of(*design);
    spec.knobs.precision = Precision::FP8;  // Hopper and later (NVIDIA H100 datasheet); not on A100
    std::vector<ResolvedTarget> targets{resolved(QStringLiteral("a100-sxm4-80gb")), resolved(QStringLiteral("h100-sxm5-80gb"), {}, 1)};
    SessionPredictor predictor;
    auto out = predictor.predictCurrent(requestFor(design, spec, targets, 1), nullptr, {});
    QVERIFY(out.results);
    QVERIFY(!out.results->targets[0].ok());
    QVERIFY(out.results->targets[0].error.contains(QStringLiteral("fp8")));
    QVERIFY(out.results->targets[0].error.contains(QStringLiteral("A100")));
    QVERIFY(out.results->targets[1].ok());
    auto full = predictor.completeSweeps(*out.results, {});
    QVERIFY(full.results->complete());
    QVERIFY(full.results->targets[0].batchSweep.empty());
    QCOMPARE(full.results->targets[1].batchSweep.size(), SessionPredictor::sweepBatches().size());
}

void TestSessionPredictor::cancelledStageReturnsNothing() {
    auto design = std::make_shared<const Design>(Design::open(QStringLiteral("zoo:resnet18")).value());
    DesignSpec spec = DesignSpec::of(*design);
    SessionPredictor predictor;
    auto out = predictor.predictCurrent(requestFor(design, spec, {resolved(QStringLiteral("a100-sxm4-80gb"))}, 1), nullptr,
                                        [] { return true; });
    QVERIFY(out.cancelled);
    QVERIFY(!out.results);
    auto ok = predictor.predictCurrent(requestFor(design, spec, {resolved(QStringLiteral("a100-sxm4-80gb"))}, 2), nullptr, {});
    QVERIFY(ok.results);
    auto sweeps = predictor.completeSweeps(*ok.results, [] { return true; });
    QVERIFY(sweeps.cancelled);
    QVERIFY(!sweeps.results);
}

void TestSessionPredictor::sweepBatchesAreTheSliderLadder() {
    // Two steps per octave from 1 to 1024: 1, 2, 3, 4, 6, 8, 12, ..., 512, 768, 1024 (20 batches).
    const std::vector<std::int64_t> expected{1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024};
    QCOMPARE(SessionPredictor::sweepBatches(), expected);
}

QTEST_GUILESS_MAIN(TestSessionPredictor)
#include "test_session_predictor.moc"
