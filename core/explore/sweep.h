// SPDX-License-Identifier: MIT
// Sweeps: the cartesian product of knob lists x targets, run through the predictor, as a table.
//
// Points are numbered in a fixed order (outermost first): width multiplier, image size, sequence
// length, batch, runtime, precision, target; targets in the order of the GPU list, each GPU's
// entries in the order of the --mig list (then --mps). A shard I/N (1 <= I <= N) runs the points
// whose index i satisfies i mod N == I - 1, so N shards partition the sweep exactly. Every output
// carries the sweep id, a hash of everything that decides the points and their numbers (model
// source and its contents, edits, lists, targets, Infersight version), which merge checks.
//
// Graphs are built once per (width multiplier, image, sequence, batch) and reused for every
// runtime, precision and target (most points differ only there).
//
// streamSweep hands the rows over one at a time and keeps none (memory flat in the number of
// points, for sweeps of any size); runSweep collects them into a table (the GUI, tests, small runs).
#pragma once

#include "base/result.h"
#include "design/design.h"
#include "explore/point_predictor.h"
#include "explore/price_table.h"
#include "explore/sweep_table.h"
#include "hardware/gpu_catalogue.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace infersight {

struct SweepSpec {
    QString model;                          // source: path, zoo:NAME, config.json
    QString inputShapes;                    // TorchScript input shapes
    std::vector<DesignEdit> edits;          // applied to every point (e.g. from a project)
    int depth = -1;
    NodePrecisions nodePrecisions;
    DecoderPhase phase = DecoderPhase::Prefill;
    std::int64_t context = -1;

    // Knob lists; an empty list means the model's default (batch 1, fp32, eager, width 1).
    std::vector<std::int64_t> batches;
    std::vector<std::int64_t> sequences;
    std::vector<std::int64_t> images;        // square image sides
    std::vector<Precision> precisions;
    std::vector<Runtime> runtimes;
    std::vector<double> widthMultipliers;
    // Weight format of an LLM's GEMM weights (weight_format.h name; empty: the precision's). Only
    // recorded here, for the sweep id: the predictor given to the sweep applies it (enginePredictor).
    QString weights;
    // An LLM serving runtime named by the user (llm_runtime.h id: "vllm", "trt-llm", ...; empty:
    // each point's generic runtime's default). Recorded for the sweep id; the predictor applies it.
    QString llmRuntime;

    // Targets: GPU ids (or GPU files) x (MIG entries + MPS shares). MIG entries: a profile name,
    // "all" (every profile of the GPU; the whole GPU where it has no MIG) or "none" (the whole
    // GPU). With neither MIG entries nor MPS shares each GPU is taken whole.
    QStringList gpus;
    QStringList migProfiles;
    std::vector<double> mpsPercents;

    // Targets given one by one (a project's targets: a GPU with its MIG profile or MPS share),
    // taken as they are after the product above. Their keys are part of the sweep id.
    struct ListedTarget {
        QString gpu;
        QString mig;
        std::optional<double> mps;
        bool mpsCoRunners = true;  // false: the MPS client runs alone on the GPU
        QString host;              // HostCatalogue id; empty: the GPU's default host
        bool operator==(const ListedTarget &) const = default;
    };
    std::vector<ListedTarget> listedTargets;
};

// Above this many points a command-line sweep asks for confirmation (--yes or --max-points N).
inline constexpr std::int64_t kSweepPointsWithoutConfirmation = 1'000'000;

// One target of a sweep, resolved against the catalogue; `error` is set (and recorded in every
// row of it) when the GPU lacks the profile or the share is invalid.
struct SweepTarget {
    QString gpu;          // catalogue id as given
    QString mig;
    std::optional<double> mps;
    std::optional<Target> target;
    QString error;
    QString label() const;
};

struct Shard {
    int index = 1;   // 1-based
    int count = 1;
    static Result<Shard> parse(const QString &text);  // "I/N"
    bool contains(std::int64_t point) const { return point % count == index - 1; }
    QString text() const { return QStringLiteral("%1/%2").arg(index).arg(count); }
    bool operator==(const Shard &) const = default;
};

// The points of a sweep, without running anything.
class SweepPlan {
public:
    static Result<SweepPlan> make(const SweepSpec &spec, const GpuCatalogue &catalogue);

    const SweepSpec &spec() const { return m_spec; }
    const std::vector<SweepTarget> &targets() const { return m_targets; }
    std::int64_t size() const { return m_size; }
    QString id() const { return m_id; }
    // The points shard I/N runs: those with index mod N == I - 1.
    std::int64_t pointsInShard(const Shard &shard) const;

    struct Point {
        std::int64_t index = 0;
        double widthMultiplier = 1.0;
        std::int64_t image = -1;
        std::int64_t sequence = -1;
        std::int64_t batch = 1;
        Runtime runtime = Runtime::Eager;
        Precision precision = Precision::FP32;
        int target = 0;  // index into targets()
    };
    Point point(std::int64_t index) const;

private:
    SweepSpec m_spec;
    std::vector<SweepTarget> m_targets;
    // The lists with defaults filled in (never empty).
    std::vector<double> m_widths;
    std::vector<std::int64_t> m_images;
    std::vector<std::int64_t> m_sequences;
    std::vector<std::int64_t> m_batches;
    std::vector<Runtime> m_runtimes;
    std::vector<Precision> m_precisions;
    std::int64_t m_size = 0;
    QString m_id;
};

struct SweepOptions {
    Shard shard;
    std::optional<PriceTable> prices;
    bool pareto = false;
    const std::atomic<bool> *cancel = nullptr;
    std::function<void(std::int64_t done, std::int64_t total)> progress;
    // An already opened design of spec.model (the GUI's), reused instead of loading the source.
    std::optional<Design> design;
};

// Runs the points of `options.shard`. Per-point problems (a GPU without FP8, a model that does not
// build at a size) are recorded in the row; only a source that does not load at all, a shard
// beyond the sweep or a cancellation fail the whole run.
Result<SweepTable> runSweep(const SweepPlan &plan, const PointPredictor &predictor, const SweepOptions &options = {});

// The table's fields for a run of `plan` with `options` (id, model, shard, points, prices, pareto),
// without rows: the header a SweepTableWriter needs before the first row is computed.
SweepTable sweepTableHeader(const SweepPlan &plan, const SweepOptions &options);

struct SweepTotals {
    std::int64_t rows = 0;        // rows handed over
    std::int64_t errors = 0;      // rows without a prediction
    std::int64_t paretoRows = 0;  // rows on the Pareto front (options.pareto)
};
using SweepRowSink = std::function<Status(const SweepRow &row)>;

// Like runSweep, but each row goes to `sink` as soon as it is computed, in index order, and none
// is kept. With options.pareto the points are run twice: the first pass keeps only the current
// Pareto front (ParetoFrontier, memory bounded by the front's size), the second hands the rows over
// marked, exactly as markPareto() would mark the whole table; options.progress then counts both
// passes. An error from the sink (a full disk) stops the sweep and is returned.
Result<SweepTotals> streamSweep(const SweepPlan &plan, const PointPredictor &predictor, const SweepOptions &options,
                                const SweepRowSink &sink);

}  // namespace infersight
