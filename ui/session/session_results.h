// SPDX-License-Identifier: MIT
// What the explorer session computes for the current design, knobs and target list: a plain,
// immutable value that pages, charts and the graph view read (shared as
// std::shared_ptr<const SessionResults>; nothing in it points back into the session).
//
// One generation of results is emitted in two stages by ExplorerSession::resultsChanged:
//  1. Stage::Current: every target's prediction at the current knobs. The sweeps are those of the
//     previous results when they are still valid for these knobs (a batch step keeps both sweeps, a
//     precision step keeps the energy/latency sweep), otherwise the previous (stale) ones are kept
//     and TargetResult::sweepsCurrent is false, so curves stay on screen while the new ones are
//     computed;
//  2. Stage::Complete: the same with every sweep computed for these knobs.
// A newer generation may replace stage 1 before stage 2 arrives (slider drags): consumers simply
// draw whatever they were given last.
#pragma once

#include "design/design.h"
#include "design/knobs.h"
#include "explore/llm_serving.h"
#include "hardware/target.h"
#include "predict/predictor.h"

#include <QColor>
#include <QString>
#include <QtGlobal>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace infersight {

// One batch size of a target's batch sweep, at the current knobs apart from the batch.
struct SweepPoint {
    std::int64_t batch = 1;
    double latencyMs = 0;        // one forward pass of the whole batch
    double bandLowMs = 0;        // 80 % band of latencyMs
    double bandHighMs = 0;
    double throughputPerS = 0;   // samples per second
    double energyJ = 0;          // one forward pass of the whole batch
    double avgPowerW = 0;
    double memoryBytes = 0;      // device memory used as nvidia-smi shows it (MemoryEstimate::deviceUsedBytes)
    bool fits = true;            // memoryBytes <= the target's usable memory
    bool operator==(const SweepPoint &) const = default;
};

// One (batch, precision) point of a target's energy/latency sweep (the batch sweep's batches x the
// precisions the target supports, at the current knobs otherwise).
struct ParetoPoint {
    std::int64_t batch = 1;
    Precision precision = Precision::FP32;
    double latencyMs = 0;        // one forward pass of the whole batch
    double energyJ = 0;          // one forward pass of the whole batch
    bool fits = true;
    // On the Pareto front of (latencyMs, energyJ / batch) over this target's points that fit
    // (core/explore/pareto.h).
    bool onFront = false;
    double energyPerSampleJ() const { return batch > 0 ? energyJ / static_cast<double>(batch) : energyJ; }
    bool operator==(const ParetoPoint &) const = default;
};

// A decoder LLM served on a target (core/explore/llm_serving.h): the request at the current knobs
// (prompt = the sequence knob, the output length of LlmSettings, batch = the batch knob), the KV
// capacity at the request's final context, and time per output token against context and batch.
struct LlmTargetResult {
    std::optional<LlmRequestPrediction> request;
    std::optional<LlmKvCapacity> capacity;
    std::vector<LlmDecodeSample> tpotVsContext;  // at the current batch; contexts ascending
    struct BatchPoint {
        std::int64_t batch = 1;
        double stepMs = 0;  // one decode step of the whole batch
        bool fits = true;   // the batch's KV cache fits beside the weights
    };
    std::vector<BatchPoint> tpotVsBatch;  // at the request's mean context; batches ascending
    std::int64_t batchContext = 0;        // the context of tpotVsBatch
    QString error;                        // why the request cannot be predicted (empty: ok)
};

struct TargetResult {
    QString key;                 // Target::key(), unique in the list
    QString label;               // Target::label()
    QColor colour;               // fixed per target for its lifetime (Okabe-Ito, ui/charts/palette.h)
    std::optional<Target> target;
    // Why there is no prediction for this target (e.g. "H100 ... does not support int8 ..."); empty: ok.
    QString error;
    // At the current knobs, with nodes (indexed like SessionResults::design->graph()) and kernels.
    // Null when error is set.
    std::shared_ptr<const Prediction> current;
    std::vector<SweepPoint> batchSweep;       // ascending batch, 1 .. kMaxBatch, log-spaced
    std::vector<ParetoPoint> energyLatency;   // batch-major, then precision in kAllPrecisions order
    bool sweepsCurrent = false;  // the sweeps are for these knobs (false: kept from earlier knobs)
    double usableMemoryBytes = 0;             // Target::memoryBytes()
    // Decoder LLMs only, computed with the sweeps (stage 2; kept from earlier knobs like them).
    std::shared_ptr<const LlmTargetResult> llm;

    bool ok() const { return error.isEmpty() && current != nullptr; }
};

struct SessionResults {
    enum class Stage : std::uint8_t { Current, Complete };

    quint64 generation = 0;      // increases with every change the session predicts for
    Stage stage = Stage::Current;
    // The design the results are for (a snapshot: its graph's node indices match Prediction::nodes).
    std::shared_ptr<const Design> design;
    Knobs knobs;                 // == design->knobs() (batch resolved)
    // Decoder LLMs: the weight format and serving runtime of the predictions (the MIG plans of the
    // report use them too); nullopt for other models.
    std::optional<LlmServing> llmServing;
    std::vector<TargetResult> targets;
    int selectedTarget = 0;      // the current target (per-target charts, node table, graph colours)
    double computeMs = 0;        // time the worker spent on this stage
    // Batches of the batch sweep (every target's batchSweep has these, in this order).
    std::vector<std::int64_t> sweepBatches;

    bool complete() const { return stage == Stage::Complete; }
    const TargetResult *selected() const {
        return selectedTarget >= 0 && selectedTarget < static_cast<int>(targets.size())
                   ? &targets[static_cast<std::size_t>(selectedTarget)]
                   : nullptr;
    }
};

// The batch range of the batch knob and of the sweeps.
inline constexpr std::int64_t kMinBatch = 1;
inline constexpr std::int64_t kMaxBatch = 1024;

}  // namespace infersight
