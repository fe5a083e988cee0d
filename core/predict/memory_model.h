// SPDX-License-Identifier: MIT
// Device memory of one inference: weights, the peak of live activations in execution order, KV
// cache, library workspace and runtime context; as the framework's caching allocator reports it
// (torch.cuda.max_memory_allocated / max_memory_reserved) and as the device shows it used
// (nvidia-smi). Assumptions are listed in docs/predictor.md ("Memory").
#pragma once

#include "design/knobs.h"
#include "graph/graph.h"
#include "predict/kernel_plan.h"

#include <QJsonObject>

namespace infersight {

class Target;
class GraphAnalysis;

struct MemoryEstimate {
    double weightsBytes = 0;      // parameters and buffers at the run's storage types
    double activationsBytes = 0;  // peak of live activations (inputs and outputs included, KV cache not)
    double kvCacheBytes = 0;      // decoder KV cache (past_* / present_* tensors)
    double workspaceBytes = 0;    // cuBLAS + cuDNN (or engine) workspace
    double contextBytes = 0;      // CUDA context and libraries (not from the caching allocator)
    // What the framework reports: max_memory_allocated (blocks rounded to 512 B) and
    // max_memory_reserved (segments of the caching allocator).
    double allocatorPeakBytes = 0;
    double allocatorReservedBytes = 0;
    // What the device shows as used (nvidia-smi): reserved + context.
    double deviceUsedBytes = 0;
    double capacityBytes = 0;     // usable memory of the target (a MIG slice's, an MPS share's)
    bool fits = true;
    int peakNode = -1;            // node at which the activations peak

    double totalBytes() const { return deviceUsedBytes; }
};

struct MemoryParameters {
    // Eager PyTorch's process beyond its caching allocator (CUDA context, cuBLAS / cuDNN handles and
    // modules): contextEagerBaseBytes + the stack CUDA reserves for every thread the target can hold
    // resident (stackBytesPerThread, cudaLimitStackSize's default of 1 KiB, x SMs x resident threads
    // per SM: 264 MiB on an H100 SXM, 32 MiB on a 1g slice of 16 SMs). Set from data/measured (the one
    // constant fitted on those held-out rows, an explicit decision, docs/predictor.md "Memory"): on the
    // H100 and H200 SXM (CUDA 13.0, driver 580, torch 2.11) nvidia-smi's used memory minus the idle
    // baseline minus max_memory_reserved is 694 MiB (median of 341 rows, 682 .. 708), 694 - 264 = 430.
    double contextEagerBaseBytes = 430.0 * 1024 * 1024;
    double stackBytesPerThread = 1024.0;
    double contextFusedBytes = 250.0 * 1024 * 1024;   // engine runtime: CUDA context + engine (assumed: no measured row)
    double cublasWorkspaceBytes = 8.125 * 1024 * 1024;         // PyTorch default ":4096:2:16:8" (< sm90)
    double cublasWorkspaceHopperBytes = 32.5 * 1024 * 1024;    // ":4096:8:16:8"? see docs; sm90+
    double convWorkspaceCapBytes = 64.0 * 1024 * 1024;         // cap of the cuDNN workspace estimate
};

// `target` gives the capacity and the architecture (workspace size); the plan gives the runtime,
// storage types, aliasing and in-place ops. Uses the plan's footprint when lowering made one.
MemoryEstimate estimateMemory(const Graph &graph, const GraphAnalysis &analysis, const KernelPlan &plan,
                              const Target &target, const MemoryParameters &parameters = {});

// The same in two steps: what depends only on the plan (liveness sweep, weights, KV cache; once
// per plan, lowerGraph stores it in KernelPlan::memory), then the target's part (workspace size by
// architecture, context, capacity; a few operations).
PlanMemoryFootprint memoryFootprint(const Graph &graph, const GraphAnalysis &analysis, const KernelPlan &plan);
MemoryEstimate estimateMemory(const PlanMemoryFootprint &footprint, const Target &target,
                              const MemoryParameters &parameters = {});

// Eager PyTorch's context on `target` (a MIG slice or MPS share: its own SMs' stacks).
double eagerContextBytes(const Target &target, const MemoryParameters &parameters = {});

// PyTorch caching-allocator rounding (c10/cuda/CUDACachingAllocator.cpp): blocks of 512 B.
double allocatorBlockBytes(double bytes);

QJsonObject memoryToJson(const MemoryEstimate &m);  // in MiB

}  // namespace infersight
