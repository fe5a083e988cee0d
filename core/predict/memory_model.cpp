// SPDX-License-Identifier: MIT
#include "predict/memory_model.h"

#include "hardware/target.h"
#include "predict/device_resources.h"
#include "predict/lowering.h"

#include <algorithm>
#include <cmath>

namespace infersight {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kSmallSegment = 2.0 * kMiB;   // kSmallBuffer: blocks <= 1 MiB share 2 MiB segments
constexpr double kSmallSize = 1.0 * kMiB;      // kSmallSize
constexpr double kLargeSegment = 20.0 * kMiB;  // kLargeBuffer: 1-10 MiB blocks share 20 MiB segments
constexpr double kMinLargeAlloc = 10.0 * kMiB; // kMinLargeAlloc: larger blocks get their own segment
constexpr double kRoundLarge = 2.0 * kMiB;     // kRoundLarge

// Reserved bytes for a set of live blocks (sums per size class), segments packed perfectly.
struct SegmentSums {
    double small = 0, medium = 0, large = 0;
    void add(double b, double sign) {
        if (b <= kSmallSize) {
            small += sign * b;
        } else if (b < kMinLargeAlloc) {
            medium += sign * b;
        } else {
            large += sign * std::ceil(b / kRoundLarge) * kRoundLarge;
        }
    }
    double reserved() const {
        return std::ceil(std::max(0.0, small) / kSmallSegment) * kSmallSegment +
               std::ceil(std::max(0.0, medium) / kLargeSegment) * kLargeSegment + std::max(0.0, large);
    }
};

bool isKvName(const QString &name) {
    return name.startsWith(QLatin1String("past_key")) || name.startsWith(QLatin1String("past_value")) ||
           name.startsWith(QLatin1String("present_key")) || name.startsWith(QLatin1String("present_value"));
}

// Bytes of a value at its run-time storage (the plan's bytes per element).
double storedBytes(const Graph &graph, const KernelPlan &plan, std::size_t v) {
    const std::int64_t e = graph.values[v].elements();
    const int b = v < plan.valueBytes.size() ? plan.valueBytes[v] : 4;
    return e > 0 ? static_cast<double>(e) * b : 0.0;
}

// Weights: every initializer (parameters and buffers), at its run-time storage; BN folded in the
// fused runtime still counts (a few KiB).
void addWeights(const Graph &graph, const GraphAnalysis &analysis, const KernelPlan &plan, PlanMemoryFootprint &m) {
    SegmentSums weightSegments;
    double weightBlocks = 0;
    for (std::size_t v = 0; v < graph.values.size(); ++v) {
        if (!graph.values[v].isInitializer() || analysis.consumerCount[v] == 0) {
            continue;
        }
        const Value &value = graph.values[v];
        if (value.intData && value.elements() <= 64) {
            continue;  // shape constants folded at build time
        }
        const double b = storedBytes(graph, plan, v);
        m.weightsBytes += b;
        weightBlocks += allocatorBlockBytes(b);
        weightSegments.add(allocatorBlockBytes(b), 1.0);
    }
    m.weightBlocksBytes = weightBlocks;
    m.weightReservedBytes = weightSegments.reserved();
}

// The allocations of a forward pass: each value maps to a storage (views and in-place ops share
// their input's; values read only inside a fused kernel have none).
struct Storages {
    std::vector<std::int32_t> of;     // per value: its storage, -1 = none
    std::vector<double> bytes;        // per storage
    std::vector<std::uint8_t> kv;     // per storage: a KV-cache tensor
    std::vector<std::int32_t> lastUse;  // per storage: the last node reading it
    std::vector<std::uint8_t> pinned;   // per storage: held by the caller (graph inputs and outputs)
    double kvPast = 0;                // bytes of the KV-cache inputs
    double kvPresent = 0;             // bytes of the KV-cache outputs

    std::int32_t storageOf(int v) const { return v >= 0 ? of[static_cast<std::size_t>(v)] : -1; }
};

Storages assignStorages(const Graph &graph, const GraphAnalysis &analysis, const KernelPlan &plan) {
    const std::size_t nv = graph.values.size();
    Storages st;
    st.of.assign(nv, -1);
    st.bytes.reserve(nv / 2 + 8);
    auto newStorage = [&](std::size_t v, bool kv) {
        st.of[v] = static_cast<std::int32_t>(st.bytes.size());
        st.bytes.push_back(storedBytes(graph, plan, v));
        st.kv.push_back(kv ? 1 : 0);
    };
    for (int v : graph.inputs) {
        if (v < 0) {
            continue;
        }
        const bool kv = isKvName(graph.values[static_cast<std::size_t>(v)].name);
        newStorage(static_cast<std::size_t>(v), kv);
        if (kv) {
            st.kvPast += storedBytes(graph, plan, static_cast<std::size_t>(v));
        }
    }
    for (int v : graph.outputs) {
        if (v >= 0 && isKvName(graph.values[static_cast<std::size_t>(v)].name)) {
            st.kvPresent += storedBytes(graph, plan, static_cast<std::size_t>(v));
        }
    }
    // The fusion unit of a node: the node whose kernel computes it.
    auto unitOf = [&](int node) {
        const PlannedNode &pn = plan.nodes[static_cast<std::size_t>(node)];
        return pn.fusedInto >= 0 ? pn.fusedInto : node;
    };
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
        const Node &n = graph.nodes[i];
        const PlannedNode &pn = plan.nodes[i];
        const int in0 = n.input(0);
        const bool alias = (pn.aliasesInput || pn.inPlace) && st.storageOf(in0) >= 0;
        for (int v : n.outputs) {
            if (v < 0) {
                continue;
            }
            const auto vi = static_cast<std::size_t>(v);
            const Value &value = graph.values[vi];
            if (value.intData && !analysis.isGraphOutput[vi]) {
                continue;  // folded shape arithmetic
            }
            if (alias) {
                st.of[vi] = st.of[static_cast<std::size_t>(in0)];
                continue;
            }
            // A value read only inside its fusion unit never reaches memory.
            bool external = analysis.isGraphOutput[vi];
            const int unit = unitOf(static_cast<int>(i));
            for (const std::int32_t *c = analysis.consumersBegin(v); c != analysis.consumersEnd(v) && !external; ++c) {
                external = unitOf(*c) != unit;
            }
            if (!external && analysis.consumerCount[vi] > 0) {
                continue;  // read only inside its fused kernel (or the eager addmm's GEMM output)
            }
            newStorage(vi, isKvName(value.name));
        }
    }
    // Last use of each storage; the caller holds the graph's inputs and outputs.
    const std::size_t ns = st.bytes.size();
    st.lastUse.assign(ns, -1);
    st.pinned.assign(ns, 0);
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
        for (int v : graph.nodes[i].inputs) {
            if (st.storageOf(v) >= 0) {
                st.lastUse[static_cast<std::size_t>(st.storageOf(v))] = static_cast<std::int32_t>(i);
            }
        }
    }
    for (const std::vector<int> *ends : {&graph.inputs, &graph.outputs}) {
        for (int v : *ends) {
            if (st.storageOf(v) >= 0) {
                st.pinned[static_cast<std::size_t>(st.storageOf(v))] = 1;
            }
        }
    }
    return st;
}

// Live activations while the nodes run in order: bytes, allocator blocks and reserved segments.
// KV-cache storages are counted apart; pinned ones are never freed.
class LiveActivations {
public:
    explicit LiveActivations(Storages &st) : m_st(st), m_allocated(st.bytes.size(), 0) {}

    void allocate(std::size_t s) {
        if (m_allocated[s] || m_st.kv[s]) {
            m_allocated[s] = 1;
            return;
        }
        m_allocated[s] = 1;
        live += m_st.bytes[s];
        const double blk = allocatorBlockBytes(m_st.bytes[s]);
        liveBlocks += blk;
        liveSegments.add(blk, 1.0);
    }
    void release(std::size_t s) {
        if (!m_allocated[s] || m_st.kv[s] || m_st.pinned[s]) {
            return;
        }
        m_allocated[s] = 2;
        live -= m_st.bytes[s];
        const double blk = allocatorBlockBytes(m_st.bytes[s]);
        liveBlocks -= blk;
        liveSegments.add(blk, -1.0);
    }
    bool allocated(std::size_t s) const { return m_allocated[s] != 0; }

    double live = 0;
    double liveBlocks = 0;
    SegmentSums liveSegments;

private:
    Storages &m_st;
    std::vector<std::uint8_t> m_allocated;  // 0 not yet, 1 live, 2 freed
};

// The peak of live activations over the forward pass (and the node where it occurs).
void sweepActivations(const Graph &graph, Storages &st, PlanMemoryFootprint &m) {
    LiveActivations la(st);
    for (int v : graph.inputs) {
        if (st.storageOf(v) >= 0) {
            la.allocate(static_cast<std::size_t>(st.storageOf(v)));
        }
    }
    double peak = la.live;
    double peakBlocks = la.liveBlocks;
    double peakReserved = la.liveSegments.reserved();
    auto releaseAfter = [&](const std::vector<int> &values, std::size_t i) {
        for (int v : values) {
            if (st.storageOf(v) >= 0) {
                const auto s = static_cast<std::size_t>(st.storageOf(v));
                if (st.lastUse[s] == static_cast<std::int32_t>(i)) {
                    la.release(s);
                }
            }
        }
    };
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
        for (int v : graph.nodes[i].outputs) {
            if (st.storageOf(v) >= 0) {
                const auto s = static_cast<std::size_t>(st.storageOf(v));
                if (!la.allocated(s)) {
                    la.allocate(s);
                    if (st.lastUse[s] < static_cast<std::int32_t>(i)) {
                        st.lastUse[s] = static_cast<std::int32_t>(i);  // never read: freed right away
                    }
                }
            }
        }
        if (la.live > peak) {
            peak = la.live;
            m.peakNode = static_cast<int>(i);
        }
        peakBlocks = std::max(peakBlocks, la.liveBlocks);
        // The caching allocator keeps freed segments: reserved only grows.
        peakReserved = std::max(peakReserved, la.liveSegments.reserved());
        releaseAfter(graph.nodes[i].inputs, i);
        releaseAfter(graph.nodes[i].outputs, i);
    }
    m.activationsBytes = peak;
    m.activationBlocksBytes = peakBlocks;
    m.activationReservedBytes = peakReserved;
}

// Workspace inputs: whether there are GEMMs (cuBLAS) and cuDNN's largest conv workspace
// (estimate: the conv's output; capped when finished).
void addWorkspaceInputs(const KernelPlan &plan, PlanMemoryFootprint &m) {
    for (const PlannedKernel &k : plan.kernels) {
        if (k.kernel.kind == KernelClass::Conv && !k.kernel.isPointwiseConv()) {
            const double out = static_cast<double>(k.kernel.implicitM()) * static_cast<double>(k.kernel.implicitN()) *
                               k.kernel.elementBytes;
            m.largestConvOutputBytes = std::max(m.largestConvOutputBytes, out);
        }
        m.anyGemm = m.anyGemm || k.kernel.kind == KernelClass::Gemm || k.kernel.isPointwiseConv();
    }
}

}  // namespace

double allocatorBlockBytes(double bytes) {
    if (bytes <= 0) {
        return 0;
    }
    return std::ceil(bytes / 512.0) * 512.0;
}

PlanMemoryFootprint memoryFootprint(const Graph &graph, const GraphAnalysis &analysis, const KernelPlan &plan) {
    PlanMemoryFootprint m;
    m.valid = true;
    m.fused = plan.runtime == Runtime::Fused;
    addWeights(graph, analysis, plan, m);
    Storages st = assignStorages(graph, analysis, plan);
    sweepActivations(graph, st, m);

    // KV cache: eager keeps the past tensors and the concatenated present ones; a fused engine
    // updates one preallocated cache in place.
    m.kvCacheBytes = m.fused ? std::max(st.kvPast, st.kvPresent) : st.kvPast + st.kvPresent;
    SegmentSums kvSegments;
    for (std::size_t s = 0; s < st.bytes.size(); ++s) {
        if (st.kv[s]) {
            kvSegments.add(allocatorBlockBytes(st.bytes[s]), 1.0);
        }
    }
    m.kvReservedBytes = kvSegments.reserved();
    addWorkspaceInputs(plan, m);
    return m;
}

double eagerContextBytes(const Target &target, const MemoryParameters &parameters) {
    const GpuSpec &gpu = target.gpu();
    const double residentThreads =
        static_cast<double>(target.sms()) * maxThreadsPerSmForComputeCapability(gpu.computeCapabilityMajor, gpu.computeCapabilityMinor);
    return parameters.contextEagerBaseBytes + parameters.stackBytesPerThread * residentThreads;
}

MemoryEstimate estimateMemory(const PlanMemoryFootprint &f, const Target &target, const MemoryParameters &parameters) {
    MemoryEstimate m;
    m.weightsBytes = f.weightsBytes;
    m.activationsBytes = f.activationsBytes;
    m.peakNode = f.peakNode;
    m.kvCacheBytes = f.kvCacheBytes;

    // Workspace: cuBLAS per-handle workspace; cuDNN's largest conv workspace (estimate: the conv's
    // output, capped), both allocated through the caching allocator.
    const bool hopper = target.gpu().computeCapabilityMajor >= 9;
    const double convWs = std::min(f.largestConvOutputBytes, parameters.convWorkspaceCapBytes);
    const double cublas = f.anyGemm ? (hopper ? parameters.cublasWorkspaceHopperBytes : parameters.cublasWorkspaceBytes) : 0.0;
    m.workspaceBytes = cublas + convWs;
    m.contextBytes = f.fused ? parameters.contextFusedBytes : eagerContextBytes(target, parameters);

    m.allocatorPeakBytes = f.weightBlocksBytes + f.activationBlocksBytes + allocatorBlockBytes(m.kvCacheBytes) + m.workspaceBytes;
    m.allocatorReservedBytes = f.weightReservedBytes + f.activationReservedBytes + f.kvReservedBytes +
                               std::ceil(m.workspaceBytes / kRoundLarge) * kRoundLarge;
    m.allocatorReservedBytes = std::max(m.allocatorReservedBytes, m.allocatorPeakBytes);
    m.deviceUsedBytes = m.allocatorReservedBytes + m.contextBytes;
    m.capacityBytes = target.memoryBytes();
    m.fits = m.capacityBytes <= 0 || m.deviceUsedBytes <= m.capacityBytes;
    return m;
}

MemoryEstimate estimateMemory(const Graph &graph, const GraphAnalysis &analysis, const KernelPlan &plan,
                              const Target &target, const MemoryParameters &parameters) {
    if (plan.memory.valid) {
        return estimateMemory(plan.memory, target, parameters);
    }
    return estimateMemory(memoryFootprint(graph, analysis, plan), target, parameters);
}

QJsonObject memoryToJson(const MemoryEstimate &m) {
    auto mb = [](double b) { return std::round(b / kMiB * 100.0) / 100.0; };
    return QJsonObject{{QStringLiteral("weights"), mb(m.weightsBytes)},
                       {QStringLiteral("activations"), mb(m.activationsBytes)},
                       {QStringLiteral("kv_cache"), mb(m.kvCacheBytes)},
                       {QStringLiteral("workspace"), mb(m.workspaceBytes)},
                       {QStringLiteral("context"), mb(m.contextBytes)},
                       {QStringLiteral("total"), mb(m.totalBytes())},
                       {QStringLiteral("allocator_peak"), mb(m.allocatorPeakBytes)},
                       {QStringLiteral("allocator_reserved"), mb(m.allocatorReservedBytes)},
                       {QStringLiteral("device_used"), mb(m.deviceUsedBytes)},
                       {QStringLiteral("capacity"), mb(m.capacityBytes)}};
}

}  // namespace infersight
