// SPDX-License-Identifier: MIT
#include "explore/point_predictor.h"

#include "predict/predictor.h"

#include <QHash>
#include <QSet>

#include <memory>
#include <utility>

namespace infersight {

namespace {

// Shapes of every value, flattened (per value: 2 x rank + whether it is known, dims, dtype): a plan is valid for a
// graph with the same topology (GraphAnalysis::matches) and the same shapes. Compared exactly,
// which is cheaper than hashing them at every point.
void shapeKey(const Graph &graph, std::vector<std::int64_t> &key) {
    key.clear();
    key.push_back(static_cast<std::int64_t>(graph.values.size()));
    for (const Value &v : graph.values) {
        key.push_back(static_cast<std::int64_t>(v.shape.size()) * 2 + (v.rankKnown ? 1 : 0));
        key.insert(key.end(), v.shape.begin(), v.shape.end());
        key.push_back(static_cast<std::int64_t>(v.dtype));
    }
}

bool sameShapes(const Graph &graph, const std::vector<std::int64_t> &key) {
    const std::int64_t *k = key.data();
    const std::int64_t *const end = k + key.size();
    if (k == end || *k++ != static_cast<std::int64_t>(graph.values.size())) {
        return false;
    }
    for (const Value &v : graph.values) {
        const std::size_t rank = v.shape.size();
        if (end - k < static_cast<std::ptrdiff_t>(rank) + 2 ||
            *k++ != static_cast<std::int64_t>(rank) * 2 + (v.rankKnown ? 1 : 0)) {
            return false;
        }
        for (std::int64_t d : v.shape) {
            if (*k++ != d) {
                return false;
            }
        }
        if (*k++ != static_cast<std::int64_t>(v.dtype)) {
            return false;
        }
    }
    return k == end;
}

// What stays valid between consecutive points of a sweep: the analysis and plan of the last
// graph / precision / runtime, and every target device seen.
struct PredictorCache {
    std::optional<GraphAnalysis> analysis;
    std::vector<std::int64_t> planShapes;
    Precision planPrecision = Precision::FP32;
    Runtime planRuntime = Runtime::Eager;
    NodePrecisions planOverrides;
    std::optional<KernelPlan> plan;
    struct Device {
        TargetDevice device;
        std::shared_ptr<KernelPredictionCache> kernels;  // per device (kernels repeat across runtimes, slider moves)
    };
    QHash<QString, Device> devices;
    // Kernel predictions are a pure memo, but every graph variant of a sweep (batch, image, ...)
    // brings new kernels for every device: unbounded, a 17-million-point sweep grew by ~25 MB a
    // second. Every kCheckEvery predictions the caches are counted and all cleared above
    // kMaxEntries (about 100 bytes of Kernel + prediction each: tens of MB at most).
    static constexpr int kCheckEvery = 1024;
    static constexpr std::size_t kMaxEntries = 200'000;
    int sinceCheck = 0;
    void bound() {
        if (++sinceCheck < kCheckEvery) {
            return;
        }
        sinceCheck = 0;
        std::size_t entries = 0;
        QSet<const KernelPredictionCache *> seen;  // caches are shared between devices
        for (const Device &d : std::as_const(devices)) {
            if (!seen.contains(d.kernels.get())) {
                seen.insert(d.kernels.get());
                entries += d.kernels->size();
            }
        }
        if (entries > kMaxEntries) {
            for (Device &d : devices) {
                d.kernels->clear();
            }
        }
    }
};

}  // namespace

PointPredictor enginePredictor(const LlmServing &serving) {
    auto cache = std::make_shared<PredictorCache>();
    return [cache, serving](const Graph &graph, const Knobs &knobs, const NodePrecisions &nodePrecisions,
                   const Target &target) -> Result<PointEstimate> {
        if (Status st = checkPrecisions(knobs, nodePrecisions, target); !st) {
            return Error{st.errorMessage()};
        }
        PredictorCache &c = *cache;
        bool newAnalysis = false;
        if (!c.analysis || !c.analysis->matches(graph)) {
            c.analysis = GraphAnalysis::of(graph);
            newAnalysis = true;
        }
        if (newAnalysis || !c.plan || knobs.precision != c.planPrecision || knobs.runtime != c.planRuntime ||
            nodePrecisions != c.planOverrides || !sameShapes(graph, c.planShapes)) {
            LoweringOptions lowering;
            lowering.precision = knobs.precision;
            lowering.runtime = knobs.runtime;
            if (!nodePrecisions.isEmpty()) {
                lowering.nodePrecision = nodePrecisionVector(graph, nodePrecisions);
            }
            c.plan = lowerGraph(graph, *c.analysis, lowering);
            shapeKey(graph, c.planShapes);
            c.planPrecision = knobs.precision;
            c.planRuntime = knobs.runtime;
            c.planOverrides = nodePrecisions;
        }
        const QString key = target.key() + (target.gpu().custom ? QStringLiteral("@") + target.gpu().file : QString());
        auto it = c.devices.find(key);
        if (it == c.devices.end()) {
            TargetDevice device = TargetDevice::make(target);
            // Targets with the same resources (a MIG profile and its "+me" variant, a 7g profile
            // with every SM) get the same kernel predictions: one cache serves them all.
            std::shared_ptr<KernelPredictionCache> kernels;
            for (const PredictorCache::Device &other : std::as_const(c.devices)) {
                if (sameResources(other.device.device.resources, device.device.resources)) {
                    kernels = other.kernels;
                    break;
                }
            }
            if (!kernels) {
                kernels = std::make_shared<KernelPredictionCache>();
            }
            it = c.devices.insert(key, PredictorCache::Device{std::move(device), std::move(kernels)});
        }
        PredictOptions options;
        options.batch = knobs.batch;
        options.keepKernels = false;
        options.keepNodes = false;
        options.cache = it->kernels.get();
        if (serving.weights.format != WeightFormat::Native) {
            auto weights = resolveWeightFormat(serving.weights.format, knobs.precision, true);
            if (!weights) {
                return Error{weights.errorMessage()};
            }
            options.weights = *weights;
        }
        if (knobs.phase == DecoderPhase::Decode) {
            options.llmRuntime = serving.runtime ? serving.runtime : &defaultLlmRuntime(knobs.runtime);
        }
        const Prediction p = predictPlan(graph, *c.analysis, *c.plan, it->device, options);
        c.bound();
        PointEstimate e;
        e.latencyMs = p.latencyMs;
        e.latencyLowMs = p.bandLowMs;
        e.latencyHighMs = p.bandHighMs;
        e.energyJ = p.energyJ;
        e.memoryBytes = p.memory.totalBytes();
        return e;
    };
}

}  // namespace infersight
