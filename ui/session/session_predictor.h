// SPDX-License-Identifier: MIT
// The engine side of the explorer session, without threads or widgets: turns a request (a design
// brought to a DesignSpec, a target list) into SessionResults, keeping what a knob step does not
// change:
//  - the Design itself (a batch step re-propagates shapes, a precision step re-lowers only);
//  - the GraphAnalysis while the topology stays (batch, image size, precision, runtime);
//  - one TargetDevice and KernelPredictionCache per target (a batch step reuses both; devices with
//    the same resources share a cache);
//  - the sweep grid: every computed (target, batch, precision) point while everything but batch and
//    precision stays, so a batch step keeps both sweeps, a precision step finds its batch sweep in
//    the energy/latency grid, and a changed target recomputes only its own points.
// Used by PredictionWorker on its thread; not thread-safe itself.
#pragma once

#include "session/design_spec.h"
#include "session/session_results.h"

#include <QHash>
#include <QString>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

namespace infersight {

struct PredictionRequest {
    quint64 generation = 0;
    quint64 modelRevision = 0;      // changes when another model is opened (every cache dropped)
    std::shared_ptr<const Design> design;  // a design of the model (ideally already at `spec`)
    DesignSpec spec;
    std::vector<ResolvedTarget> targets;
    int selectedTarget = 0;
    bool llm = false;  // the model is a decoder LLM: compute LlmTargetResult with the sweeps
};

class SessionPredictor {
public:
    using Cancelled = std::function<bool()>;

    struct Outcome {
        std::shared_ptr<SessionResults> results;  // null when cancelled or failed
        QString error;                            // the design could not be brought to the spec
        bool cancelled = false;
    };

    SessionPredictor();
    ~SessionPredictor();
    SessionPredictor(const SessionPredictor &) = delete;
    SessionPredictor &operator=(const SessionPredictor &) = delete;

    // Stage 1: every target at the current knobs (nodes and kernels kept). Sweeps come from the grid
    // where it has them for these knobs; otherwise `previous`'s sweeps of the same target are kept
    // (TargetResult::sweepsCurrent false). The stage is Complete when every sweep is current.
    Outcome predictCurrent(const PredictionRequest &request, const SessionResults *previous, const Cancelled &cancelled);
    // Stage 2: computes the missing sweep points of `current` (stage 1's results) into a new value.
    Outcome completeSweeps(const SessionResults &current, const Cancelled &cancelled);

    // The batches of the batch sweep and of the batch slider: 1, 2, 3, 4, 6, 8, 12, ... 768, 1024
    // (two steps per octave).
    static const std::vector<std::int64_t> &sweepBatches();

    // Drops the devices of GPUs whose definition changed (custom GPU saved) and every cache.
    void clear();

private:
    struct Device;
    struct BatchDesign;
    struct GridPoint;
    using GridKey = std::tuple<QString, std::int64_t, int>;  // target key + revision, batch, precision

    Status bringTo(const PredictionRequest &request);
    Device &deviceFor(const ResolvedTarget &target);
    const BatchDesign *batchDesign(std::int64_t batch);
    // Fills the target's sweeps from the grid; true when every point is there.
    bool sweepsFromGrid(TargetResult &result, const QString &gridKey) const;
    static QString gridKeyOf(const ResolvedTarget &target);
    static std::vector<Precision> sweepPrecisions(const Target &target, const QMap<QString, Precision> &nodePrecisions);

    quint64 m_modelRevision = 0;
    std::optional<Design> m_design;
    DesignSpec m_appliedSpec;
    std::optional<GraphAnalysis> m_analysis;
    std::map<QString, std::unique_ptr<Device>> m_devices;
    // Sweep state, valid while the spec apart from batch and precision stays.
    std::optional<DesignSpec> m_sweepSpec;
    // LLM results per target at the current spec: grid key + batch + precision (cleared with the grid).
    QHash<QString, std::shared_ptr<const LlmTargetResult>> m_llm;
    bool m_llmWanted = false;
    QString llmKeyOf(const QString &gridKey) const;
    std::shared_ptr<const LlmTargetResult> computeLlm(const ResolvedTarget &target, const Cancelled &cancelled);
    std::map<std::int64_t, std::unique_ptr<BatchDesign>> m_batchDesigns;
    std::map<GridKey, GridPoint> m_grid;
    // Targets whose sweeps were last computed, by grid key (the request's targets resolved).
    std::vector<ResolvedTarget> m_targets;
};

}  // namespace infersight
