// SPDX-License-Identifier: MIT
#include "predict/memory_model.h"

#include "hardware/target.h"
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
    const std::size_t nv = graph.values.size();
    const std::size_t nn = graph.nodes.size();
    const bool fused = plan.runtime == Runtime::Fused;
    auto bytesOf = [&](std::size_t v) -> double {
        const std::int64_t e = graph.values[v].elements();
        const int b = v < plan.valueBytes.size() ? plan.valueBytes[v] : 4;
        return e > 0 ? static_cast<double>(e) * b : 0.0;
    };

    // Weights: every initializer (parameters and buffers), at its run-time storage; BN folded in
    // the fused runtime still counts (a few KiB).
    SegmentSums weightSegments;
    double weightBlocks = 0;
    for (std::size_t v = 0; v < nv; ++v) {
        if (!graph.values[v].isInitializer() || analysis.consumerCount[v] == 0) {
            continue;
        }
        const Value &value = graph.values[v];
        if (value.intData && value.elements() <= 64) {
            continue;  // shape constants folded at build time
        }
        const double b = bytesOf(v);
        m.weightsBytes += b;
        weightBlocks += allocatorBlockBytes(b);
        weightSegments.add(allocatorBlockBytes(b), 1.0);
    }

    // Storage of each value: views, in-place ops and fused internals share or skip allocation.
    std::vector<std::int32_t> storage(nv, -1);
    std::vector<double> storageBytes;
    std::vector<std::uint8_t> storageKv;
    storageBytes.reserve(nv / 2 + 8);
    auto newStorage = [&](std::size_t v, bool kv) {
        storage[v] = static_cast<std::int32_t>(storageBytes.size());
        storageBytes.push_back(bytesOf(v));
        storageKv.push_back(kv ? 1 : 0);
    };
    double kvPast = 0, kvPresent = 0;
    for (int v : graph.inputs) {
        if (v < 0) {
            continue;
        }
        const bool kv = isKvName(graph.values[static_cast<std::size_t>(v)].name);
        newStorage(static_cast<std::size_t>(v), kv);
        if (kv) {
            kvPast += bytesOf(static_cast<std::size_t>(v));
        }
    }
    for (int v : graph.outputs) {
        if (v >= 0 && isKvName(graph.values[static_cast<std::size_t>(v)].name)) {
            kvPresent += bytesOf(static_cast<std::size_t>(v));
        }
    }
    // The fusion unit of a node: the node whose kernel computes it.
    auto unitOf = [&](int node) {
        const PlannedNode &pn = plan.nodes[static_cast<std::size_t>(node)];
        return pn.fusedInto >= 0 ? pn.fusedInto : node;
    };
    for (std::size_t i = 0; i < nn; ++i) {
        const Node &n = graph.nodes[i];
        const PlannedNode &pn = plan.nodes[i];
        const int in0 = n.input(0);
        const bool alias = (pn.aliasesInput || pn.inPlace) && in0 >= 0 && storage[static_cast<std::size_t>(in0)] >= 0;
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
                storage[vi] = storage[static_cast<std::size_t>(in0)];
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
    // Last use of each storage.
    const std::size_t ns = storageBytes.size();
    std::vector<std::int32_t> lastUse(ns, -1);
    std::vector<std::uint8_t> pinned(ns, 0);
    for (std::size_t i = 0; i < nn; ++i) {
        for (int v : graph.nodes[i].inputs) {
            if (v >= 0 && storage[static_cast<std::size_t>(v)] >= 0) {
                lastUse[static_cast<std::size_t>(storage[static_cast<std::size_t>(v)])] = static_cast<std::int32_t>(i);
            }
        }
    }
    for (int v : graph.inputs) {
        if (v >= 0 && storage[static_cast<std::size_t>(v)] >= 0) {
            pinned[static_cast<std::size_t>(storage[static_cast<std::size_t>(v)])] = 1;  // the caller holds its inputs
        }
    }
    for (int v : graph.outputs) {
        if (v >= 0 && storage[static_cast<std::size_t>(v)] >= 0) {
            pinned[static_cast<std::size_t>(storage[static_cast<std::size_t>(v)])] = 1;
        }
    }
    // Sweep in execution order.
    std::vector<std::uint8_t> allocated(ns, 0);
    double live = 0, liveBlocks = 0;
    SegmentSums liveSegments;
    double peak = 0, peakBlocks = 0, peakReserved = 0;
    auto allocate = [&](std::size_t s) {
        if (allocated[s] || storageKv[s]) {
            allocated[s] = 1;
            return;
        }
        allocated[s] = 1;
        live += storageBytes[s];
        const double blk = allocatorBlockBytes(storageBytes[s]);
        liveBlocks += blk;
        liveSegments.add(blk, 1.0);
    };
    auto release = [&](std::size_t s) {
        if (!allocated[s] || storageKv[s] || pinned[s]) {
            return;
        }
        allocated[s] = 2;
        live -= storageBytes[s];
        const double blk = allocatorBlockBytes(storageBytes[s]);
        liveBlocks -= blk;
        liveSegments.add(blk, -1.0);
    };
    for (int v : graph.inputs) {
        if (v >= 0 && storage[static_cast<std::size_t>(v)] >= 0) {
            allocate(static_cast<std::size_t>(storage[static_cast<std::size_t>(v)]));
        }
    }
    peak = live;
    peakBlocks = liveBlocks;
    peakReserved = liveSegments.reserved();
    std::vector<std::int32_t> dying;
    for (std::size_t i = 0; i < nn; ++i) {
        for (int v : graph.nodes[i].outputs) {
            if (v >= 0 && storage[static_cast<std::size_t>(v)] >= 0) {
                const auto s = static_cast<std::size_t>(storage[static_cast<std::size_t>(v)]);
                if (!allocated[s]) {
                    allocate(s);
                    if (lastUse[s] < static_cast<std::int32_t>(i)) {
                        lastUse[s] = static_cast<std::int32_t>(i);  // never read: freed right away
                    }
                }
            }
        }
        if (live > peak) {
            peak = live;
            m.peakNode = static_cast<int>(i);
        }
        peakBlocks = std::max(peakBlocks, liveBlocks);
        // The caching allocator keeps freed segments: reserved only grows.
        peakReserved = std::max(peakReserved, liveSegments.reserved());
        for (int v : graph.nodes[i].inputs) {
            if (v >= 0 && storage[static_cast<std::size_t>(v)] >= 0) {
                const auto s = static_cast<std::size_t>(storage[static_cast<std::size_t>(v)]);
                if (lastUse[s] == static_cast<std::int32_t>(i)) {
                    release(s);
                }
            }
        }
        for (int v : graph.nodes[i].outputs) {
            if (v >= 0 && storage[static_cast<std::size_t>(v)] >= 0) {
                const auto s = static_cast<std::size_t>(storage[static_cast<std::size_t>(v)]);
                if (lastUse[s] == static_cast<std::int32_t>(i)) {
                    release(s);
                }
            }
        }
    }
    m.activationsBytes = peak;
    m.activationBlocksBytes = peakBlocks;
    m.activationReservedBytes = peakReserved;
    m.weightBlocksBytes = weightBlocks;
    m.weightReservedBytes = weightSegments.reserved();
    m.fused = fused;

    // KV cache: eager keeps the past tensors and the concatenated present ones; a fused engine
    // updates one preallocated cache in place.
    m.kvCacheBytes = fused ? std::max(kvPast, kvPresent) : kvPast + kvPresent;
    SegmentSums kvSegments;
    for (std::size_t s = 0; s < ns; ++s) {
        if (storageKv[s]) {
            kvSegments.add(allocatorBlockBytes(storageBytes[s]), 1.0);
        }
    }
    m.kvReservedBytes = kvSegments.reserved();

    // Workspace inputs: whether there are GEMMs (cuBLAS) and cuDNN's largest conv workspace
    // (estimate: the conv's output; capped when finished).
    for (const PlannedKernel &k : plan.kernels) {
        if (k.kernel.kind == KernelClass::Conv && !k.kernel.isPointwiseConv()) {
            const double out = static_cast<double>(k.kernel.implicitM()) * static_cast<double>(k.kernel.implicitN()) *
                               k.kernel.elementBytes;
            m.largestConvOutputBytes = std::max(m.largestConvOutputBytes, out);
        }
        m.anyGemm = m.anyGemm || k.kernel.kind == KernelClass::Gemm || k.kernel.isPointwiseConv();
    }
    return m;
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
    m.contextBytes = f.fused ? parameters.contextFusedBytes : parameters.contextEagerBytes;

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
