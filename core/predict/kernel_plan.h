// SPDX-License-Identifier: MIT
// The kernels a runtime launches for a graph at one precision: the output of lowering
// (lowering.h), the input of the end-to-end predictor (predictor.h). Value type; node and value
// indices refer to the Graph it was lowered from.
#pragma once

#include "design/knobs.h"
#include "predict/kernel.h"

#include <QStringList>

#include <cstdint>
#include <vector>

namespace infersight {

// Why a kernel is there.
enum class KernelRole : std::uint8_t {
    Main,        // the op itself (GEMM, conv, element-wise, ...)
    Bias,        // eager: the separate bias add of a convolution with bias
    Cast,        // a cast of an activation to the dtype an op runs in (autocast, precision overrides)
    WeightCast,  // eager autocast: the FP16 copy of an FP32 weight, made once per forward pass
    Fused,       // fused runtime: a group of element-wise ops in one kernel (or folded into a reduction)
    Attention,   // fused runtime: one flash-attention kernel for MatMul-Softmax-MatMul
    Layout,      // eager: cuDNN's NCHW <-> NHWC transform around a tensor-core convolution of NCHW tensors
};
QString kernelRoleName(KernelRole role);

// What dispatching a node costs the framework on the host (see host_overhead.h).
enum class HostOpClass : std::uint8_t {
    None,   // no host work: folded away, or part of another node's kernel
    Shape,  // shape arithmetic (size(), getitem on ints): Python only, no aten op
    View,   // view / reshape / permute / expand / slice: an aten op, no kernel
    Op,     // an aten op that launches kernels
};
inline constexpr int kHostOpClassCount = 4;

struct PlannedKernel {
    Kernel kernel;
    int node = -1;  // graph node that owns the kernel (fused: the node at which it runs)
    KernelRole role = KernelRole::Main;
};

struct PlannedNode {
    int firstKernel = 0;  // index into KernelPlan::kernels
    int kernelCount = 0;
    HostOpClass host = HostOpClass::None;
    int hostOps = 0;       // aten ops dispatched for it on the host (eager: casts are ops too)
    int fusedInto = -1;    // fused runtime: the node whose kernel computes this one; -1 if none
    bool approximated = false;  // no exact rule for the op: a memory-bound estimate from its bytes
    bool unknown = false;       // shapes unknown: no estimate (counted as zero, listed)
    bool inPlace = false;       // writes into its input (eager in-place activations): no allocation
    bool aliasesInput = false;  // a view of input 0: no allocation
};

// A kernel as the plan lists it once however often it is launched (repeated layers and blocks):
// the kernel model predicts it once per target.
struct DistinctKernel {
    std::int32_t first = 0;   // index of its first launch in KernelPlan::kernels
    std::uint64_t hash = 0;   // Kernel::hash()
    double flops = 0;         // Kernel::flops()
    double bytes = 0;         // Kernel::bytes()
};

// The target-independent part of the memory estimate (memory_model.h: memoryFootprint() makes
// it, estimateMemory() finishes it for a target). Sums in bytes.
struct PlanMemoryFootprint {
    bool valid = false;              // false: not computed (estimateMemory computes it from the graph)
    bool fused = false;
    double weightsBytes = 0;
    double weightBlocksBytes = 0;    // weights in allocator blocks (512 B)
    double weightReservedBytes = 0;  // weights in allocator segments
    double activationsBytes = 0;     // peak of live activations
    double activationBlocksBytes = 0;
    double activationReservedBytes = 0;
    int peakNode = -1;
    double kvCacheBytes = 0;
    double kvReservedBytes = 0;
    double largestConvOutputBytes = 0;  // uncapped cuDNN workspace estimate
    bool anyGemm = false;               // a cuBLAS handle (and its workspace) is needed
};

struct KernelPlan {
    Precision precision = Precision::FP32;
    Runtime runtime = Runtime::Eager;
    std::vector<PlannedKernel> kernels;  // launch order
    std::vector<PlannedNode> nodes;      // one per graph node, same order
    // Bytes per element each value has at run time (the precision's storage type; 0 = unknown).
    std::vector<std::uint8_t> valueBytes;
    int hostOps = 0;                     // aten ops the framework dispatches (eager)
    int layoutKernels = 0;               // eager: cuDNN's NCHW <-> NHWC transforms (KernelRole::Layout)
    QStringList approximatedOps;         // op types lowered by the generic estimate
    QStringList unknownOps;              // nodes skipped for unknown shapes (op types)
    int unknownNodes = 0;

    // Filled by lowerGraph (indexDistinctKernels, memoryFootprint); predictPlan recomputes them
    // when `distinctOf` does not match `kernels` (a plan edited by hand).
    std::vector<DistinctKernel> distinct;
    std::vector<std::int32_t> distinctOf;  // per kernel: index into `distinct`
    PlanMemoryFootprint memory;
};

}  // namespace infersight
