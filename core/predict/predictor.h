// SPDX-License-Identifier: MIT
// End-to-end prediction of one inference of a Graph at Knobs on a Target: latency per kernel, per
// node and in total with bounds and error bands, throughput, energy and power, memory.
//
// One-shot (CLI):
//   Result<Prediction> p = predict(graph, target, knobs);
// Repeated (GUI sliders, sweeps): keep what does not change.
//   GraphAnalysis analysis = GraphAnalysis::of(graph);        // per graph topology
//   KernelPlan plan = lowerGraph(graph, analysis, {precision, runtime});  // per shapes/precision/runtime
//   TargetDevice device = TargetDevice::make(target);          // per target (binds the kernel model)
//   Prediction p = predictPlan(graph, analysis, plan, device, options);
// All are value types; nothing keeps a pointer to the graph.
#pragma once

#include "base/result.h"
#include "design/knobs.h"
#include "graph/graph.h"
#include "predict/data_coverage.h"
#include "hardware/target.h"
#include "predict/energy_model.h"
#include "predict/host_overhead.h"
#include "predict/kernel_model.h"
#include "predict/kernel_plan.h"
#include "predict/llm_runtime.h"
#include "predict/lowering.h"
#include "predict/memory_model.h"
#include "predict/stream_time.h"

#include <QString>
#include <QStringList>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace infersight {

// What limits a kernel (or a node) in the end-to-end timeline.
enum class Bound : std::uint8_t {
    Compute,  // the dtype's peak
    Memory,   // DRAM bandwidth
    Latency,  // too small to fill the GPU: fixed per-kernel time dominates
    Host,     // the GPU waited for the CPU (framework dispatch / launch) longer than the kernel ran
};
QString boundName(Bound bound);  // "compute", "memory", "latency", "host"

// Error classes of the end-to-end band: the kernel classes plus the host timeline.
inline constexpr int kBandClassCount = kKernelErrorClassCount + 1;
inline constexpr int kHostBandClass = kKernelErrorClassCount;
QString bandClassName(int bandClass);

// Is `precision` available on `target`? An error naming the GPU and the precisions it supports.
Status checkPrecision(Precision precision, const Target &target);
// The one precision check of a prediction: the knobs' precision and every per-node override (by
// node name). predict() and enginePredictor() call it; callers need not check before.
Status checkPrecisions(const Knobs &knobs, const QMap<QString, Precision> &nodePrecisions, const Target &target);
// The precisions `target` supports, in kAllPrecisions order.
QStringList supportedPrecisions(const Target &target);

// A Target with the kernel model bound to it (calibration levels resolved once).
struct TargetDevice {
    Target target;
    KernelModel::BoundDevice device;
    StreamTimeAdapter stream;  // isolated kernel latency -> busy time in a stream
    // Of `target`, computed once (make()).
    QString key;
    QString label;
    double idleW = 0;
    double tdpW = 0;
    // What `model`'s measured data covers (GPU generations), for Prediction::extrapolation.
    DataCoverage coverage;
    QString calibrationNote;  // KernelModel::calibrationNote of `device`
    static TargetDevice make(const Target &target, const KernelModel &model = KernelModel::builtIn());
};

struct KernelTiming {
    int node = -1;
    KernelClass kind = KernelClass::Elementwise;
    KernelRole role = KernelRole::Main;
    ComputeType compute = ComputeType::FP32;
    KernelErrorClass errorClass = KernelErrorClass::Elementwise;
    Bound bound = Bound::Memory;
    bool extrapolated = false;
    bool critical = true;       // on the critical path (the next kernel waited for it)
    double issueMs = 0;         // host time at which it is launched
    double startMs = 0;         // GPU start = max(issue, previous end + gap)
    double gpuMs = 0;           // GPU busy time
    double waitMs = 0;          // GPU idle before it, waiting for the host
    double bandLowMs = 0;       // 80 % band of gpuMs
    double bandHighMs = 0;
    double powerW = 0;
    double flops = 0;
    double bytes = 0;
    double endMs() const { return startMs + gpuMs; }
};

struct NodeTiming {
    double latencyMs = 0;   // wall-clock advance of the timeline attributed to the node (waits + kernels)
    double gpuMs = 0;       // its kernels' GPU time
    double waitMs = 0;      // GPU idle before its kernels (host-bound part)
    double hostMs = 0;      // host time spent dispatching it
    double bandLowMs = 0;
    double bandHighMs = 0;
    double energyJ = 0;
    double flops = 0;
    double bytes = 0;
    Bound bound = Bound::Latency;
    int kernels = 0;
    int fusedInto = -1;     // fused runtime: reported under that node
};

struct Prediction {
    QString targetKey;
    QString targetLabel;
    QString hostId;              // the target's host system (HostCatalogue id, Target::host())
    double hostTimeScale = 1.0;  // its host costs relative to the fitted server's (HostSpec::timeScale)
    bool hostAssumed = false;    // its host speed is a judgement, not fitted: the host-bound band is widened
    Precision precision = Precision::FP32;
    Runtime runtime = Runtime::Eager;
    std::int64_t batch = 1;

    double latencyMs = 0;        // one forward pass, host overhead included
    double bandLowMs = 0;        // 80 % band of latencyMs (calibrated on validation rows)
    double bandHighMs = 0;
    double classBandDownMs = 0;  // half-widths from the kernel classes and host alone (no system term)
    double classBandUpMs = 0;
    double gpuBusyMs = 0;        // sum of kernel GPU time
    double hostMs = 0;           // host time to dispatch the forward pass
    double hostWaitMs = 0;       // GPU idle waiting for the host
    double overheadMs = 0;       // fixed per-inference cost + host tail: latencyMs - sum of node latencies
    double throughputPerS = 0;   // samples per second at this batch
    double energyJ = 0;          // per forward pass (the whole batch)
    double avgPowerW = 0;
    std::array<double, kBandClassCount> classMs{};  // critical-path time per band class
    MemoryEstimate memory;

    std::vector<KernelTiming> kernels;  // launch order (empty when PredictOptions::keepKernels is false)
    std::vector<NodeTiming> nodes;      // one per graph node (empty when PredictOptions::keepNodes is false)
    int kernelCount = 0;
    int hostOps = 0;
    int layoutKernels = 0;               // cuDNN NCHW <-> NHWC transforms among the kernels (KernelPlan)
    bool extrapolated = false;           // some kernel is outside the measured data (band widened)
    // Non-empty when the target's GPU generation or the precision is outside the measured data
    // (data_coverage.h): why, in one sentence. `extrapolated` is then set too, and the band is widened
    // by UncertaintyCalibration::extrapolatedWidening.
    QString extrapolation;
    // Non-empty when an unmeasured GPU's kernels are timed with a measured same-chip sibling's
    // calibration (KernelModel::calibrationNote).
    QString calibration;
    QStringList warnings;
};

// Kernel predictions of one device remembered across predictPlan calls (slider moves that
// come back, eager and fused plans sharing their GEMMs and convolutions, sweeps). Targets whose
// DeviceResources are equal (a MIG profile and its "+me" variant, a 7g profile that has every SM)
// get the same predictions and may share a cache. Not thread-safe: one cache per thread and per
// device; bounded (cleared when it holds 65,536 kernels).
class KernelPredictionCache {
public:
    // The prediction of `kernel` on `device`, computed on a miss. The cache is cleared when the
    // model or the device's resources differ from the previous call's.
    const KernelPrediction &get(const KernelModel &model, const KernelModel::BoundDevice &device, const Kernel &kernel);
    // The same in two steps for many kernels: check the model and device once (clears the cache
    // when they changed), then look kernels up by their Kernel::hash() without the check.
    void use(const KernelModel &model, const KernelModel::BoundDevice &device);
    const KernelPrediction &find(const KernelModel &model, const KernelModel::BoundDevice &device, const Kernel &kernel,
                                 std::uint64_t hash);
    // The stream time of a kernel looked up as find() does (`stream` made from the same model and device):
    // StreamTimeAdapter::streamMs once per entry. Its bounds price the kernel's wider twins through this
    // cache, which may move (or clear) its entries: a reference find() returned before does not survive it.
    double streamMs(const KernelModel &model, const KernelModel::BoundDevice &device, const StreamTimeAdapter &stream,
                    const Kernel &kernel, std::uint64_t hash);
    // Starts loading the table slot of `hash` (lookups of a plan's kernels overlap their cache misses).
    void prefetch(std::uint64_t hash) const {
        if (!m_table.empty()) {
            __builtin_prefetch(&m_table[static_cast<std::size_t>(hash) & (m_table.size() - 1)]);
        }
    }
    std::size_t size() const { return m_entries.size(); }
    void clear();

private:
    struct Entry {
        Kernel kernel;
        std::uint64_t hash = 0;
        KernelPrediction prediction;
        double streamMs = -1;  // < 0: not computed yet
    };
    Entry &entry(const KernelModel &model, const KernelModel::BoundDevice &device, const Kernel &kernel, std::uint64_t hash);
    struct Slot {
        std::uint64_t hash = 0;
        std::int32_t entry = -1;  // index into m_entries; -1 = empty
    };
    std::vector<Entry> m_entries;
    std::vector<Slot> m_table;  // open addressing into m_entries (hashes kept here: probes stay in the table)
    const KernelModel *m_model = nullptr;
    DeviceResources m_resources;
};

// Whether two devices get the same kernel predictions from one model (every field the kernel model reads).
bool sameResources(const DeviceResources &a, const DeviceResources &b);

struct PredictOptions {
    std::int64_t batch = 1;              // for throughput (the graph's bound batch)
    bool keepKernels = true;             // per-kernel list in the result
    bool keepNodes = true;               // per-node list in the result (sweeps need the totals only)
    bool computeMemory = true;
    const KernelModel *kernelModel = nullptr;        // default: KernelModel::builtIn()
    const HostOverheadModel *hostModel = nullptr;    // default: HostOverheadModel::builtIn()
    KernelPredictionCache *cache = nullptr;          // optional, for repeated calls on one target
    EnergyParameters energy;
    MemoryParameters memory;
    // Eager attention patterns: one SDPA op and kernel, or every op (lowering.h AttentionLowering).
    AttentionLowering attention = AttentionLowering::Auto;
    // Eager convolutional networks: activations in NCHW (PyTorch's default) or channels_last.
    MemoryFormat memoryFormat = MemoryFormat::Contiguous;
    // LLM decode step: the serving runtime whose decode kernel class times the skinny GEMMs and the
    // decode attention and whose per-step host costs replace the generic runtime's (llm_runtime.h,
    // decode_model.h). Null: the generic model. predict() sets it for knobs in the decode phase
    // (defaultLlmRuntime of the knobs' runtime) when the caller leaves it null.
    const LlmRuntime *llmRuntime = nullptr;
    // Storage format of the GEMM weights (weight_format.h): the bytes the decode class streams and
    // the weights' memory. Native = the precision's storage type.
    ResolvedWeightFormat weights;
};

// Prediction for a plan on a target.
Prediction predictPlan(const Graph &graph, const GraphAnalysis &analysis, const KernelPlan &plan,
                       const TargetDevice &device, const PredictOptions &options = {});

// All steps for a graph whose shapes are propagated at the knobs' bindings; checks the precision.
// `nodePrecisions` (by node name) override the precision per node.
Result<Prediction> predict(const Graph &graph, const Target &target, const Knobs &knobs,
                           const PredictOptions &options = {}, const QMap<QString, Precision> &nodePrecisions = {});

}  // namespace infersight
