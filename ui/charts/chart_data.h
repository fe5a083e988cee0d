// SPDX-License-Identifier: MIT
// What the charts draw: per target the engine's current prediction (nodes and kernels), a batch
// sweep, an energy/latency sweep over batch x precision and the usable memory, with the target's
// colour. A value type the charts read only; it refers to the session's results without copying
// the predictions (shared pointers), so building one per knob change costs a few allocations.
// chartDataFrom() (chart_session.h) makes it from the explorer session's SessionResults; tests and
// the report may fill it directly from the core API.
#pragma once

#include "design/knobs.h"
#include "graph/graph.h"
#include "hardware/target.h"
#include "predict/predictor.h"

#include <QColor>
#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace infersight {

struct LlmTargetResult;  // session/session_results.h

// One batch size of a target's batch sweep (the other knobs as in ChartData::knobs).
struct ChartSweepPoint {
    std::int64_t batch = 1;
    double latencyMs = 0;        // one forward pass of the whole batch
    double bandLowMs = 0;        // 80 % band of latencyMs
    double bandHighMs = 0;
    double throughputPerS = 0;   // samples per second
    double energyJ = 0;          // one forward pass of the whole batch
    double memoryBytes = 0;      // device memory used as nvidia-smi shows it (MemoryEstimate::deviceUsedBytes)
    bool fits = true;
    bool operator==(const ChartSweepPoint &) const = default;
};

// One (batch, precision) point of a target's energy/latency sweep.
struct ChartEnergyPoint {
    std::int64_t batch = 1;
    Precision precision = Precision::FP32;
    double latencyMs = 0;        // one forward pass of the whole batch
    double energyJ = 0;          // one forward pass of the whole batch
    bool fits = true;            // fits in the target's memory (points that do not are never on the Pareto front)
    double energyPerSampleJ() const { return batch > 0 ? energyJ / static_cast<double>(batch) : energyJ; }
    bool operator==(const ChartEnergyPoint &) const = default;
};

struct ChartTarget {
    QString key;                 // Target::key()
    QString label;               // Target::label()
    QColor colour;               // the target's colour in every chart and table
    std::optional<Target> target;
    QString error;               // why there is no prediction (e.g. a precision the GPU lacks); empty = ok
    std::shared_ptr<const Prediction> current;  // at the current knobs, nodes and kernels kept; null on error
    std::vector<ChartSweepPoint> batchSweep;    // ascending batch
    std::vector<ChartEnergyPoint> energyLatency;
    double usableMemoryBytes = 0;               // Target::memoryBytes()
    bool sweepsCurrent = true;                  // false: the sweeps are from earlier knobs (drawn faded)
    std::shared_ptr<const LlmTargetResult> llm;  // decoder LLMs: request, KV capacity, token-time curves
    bool ok() const { return error.isEmpty() && current != nullptr; }
};

struct ChartData {
    std::shared_ptr<const Graph> graph;  // the graph the predictions are for (Prediction::nodes index its nodes)
    QString modelName;
    Knobs knobs;                         // the current knobs (batch, precision, runtime)
    std::vector<ChartTarget> targets;
    int selectedTarget = 0;              // default target of the per-target charts (breakdown, roofline)
    quint64 generation = 0;              // the session's result generation (0: not from a session)
};

}  // namespace infersight
