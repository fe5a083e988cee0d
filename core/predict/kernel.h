// SPDX-License-Identifier: MIT
// A GPU kernel as the kernel-level latency model sees it: what it computes (class and the dims
// the model needs), on which arithmetic path (ComputeType) and with which element size. The
// graph lowering builds these; predictKernel() (kernel_predictor.h) times them.
#pragma once

#include "hardware/gpu_spec.h"

#include <QString>

#include <cstdint>

namespace infersight {

enum class KernelClass : std::uint8_t {
    Gemm,          // (batched) matrix multiply: MatMul, Gemm, Linear, attention BMMs
    Conv,          // 2-D convolution as implicit GEMM (cuDNN); 1x1 stride-1 convs are timed as GEMMs
    Stencil,       // depthwise / grouped-per-channel convolution, pooling: a small window per output
    Elementwise,   // element-wise maps: add, mul, activations, casts, bias, residual
    RowReduction,  // row-wise: softmax, layer/RMS norm, reductions over the last axis
    Copy,          // layout and data movement: transpose, permute, concat, pad, gather
};
QString kernelClassName(KernelClass kind);  // "gemm", "conv", ...

// Flops per element to pass to Kernel::elementwise / rowReduction, the convention the model was
// fitted with (FP32 instruction-equivalents; see docs/predictor.md). Transcendentals count 8.
namespace flops_per_element {
inline constexpr double kAdd = 1;      // add, sub, mul, relu, max, bias, residual, cast
inline constexpr double kDiv = 4;
inline constexpr double kTanh = 8;     // tanh, exp, sigmoid, log, erf
inline constexpr double kGelu = 12;
inline constexpr double kPow = 16;     // tensor ** tensor; tensor ** scalar is 8
inline constexpr double kSoftmax = 6;  // max, sub, exp, sum, div per element
inline constexpr double kLayerNorm = 8;
}  // namespace flops_per_element

struct Kernel {
    KernelClass kind = KernelClass::Elementwise;
    ComputeType compute = ComputeType::FP32;  // arithmetic path (Gemm/Conv); others use CUDA cores
    int elementBytes = 4;                     // bytes per element moved (fp32 4, fp16/bf16 2, int8/fp8 1)

    // Gemm: out[batch, m, n] = A[batch, m, k] x B[batch, k, n] (k is the reduction).
    // `linear` = a weight operand stored transposed (PyTorch Linear / ONNX Gemm transB, cuBLAS "tn"),
    // otherwise both operands are activations laid out as in bmm ("nn").
    std::int64_t batch = 1, m = 0, n = 0, k = 0;
    bool linear = false;
    // > 0: the B operands are `batch` matrices of a stack of `weightMatrices` weights (a mixture of
    // experts' active experts of all those stored: one grouped GEMM reads only the active ones).
    std::int64_t weightMatrices = 0;

    // Conv (NCHW): batch = N, inChannels, outChannels, input height/width, square-or-not window,
    // stride, padding, dilation, groups. Stencil uses the same fields (groups = channels).
    std::int64_t inChannels = 0, outChannels = 0, inH = 0, inW = 0;
    int kernelH = 1, kernelW = 1, strideH = 1, strideW = 1, padH = 0, padW = 0, dilationH = 1, dilationW = 1;
    std::int64_t groups = 1;
    // Depthwise Stencil: the input is channels-last in memory (what a permute back from NHWC leaves,
    // as in ConvNeXt's blocks), so PyTorch runs cuDNN's NHWC depthwise kernel instead of its own NCHW one.
    bool channelsLast = false;

    // Elementwise / Copy: `elements` per tensor, `inputs` tensors read and `outputs` written of that size.
    // RowReduction: `rows` x `rowLength` (elements = rows * rowLength).
    std::int64_t elements = 0, rows = 0, rowLength = 0;
    int inputs = 1, outputs = 1;
    double flopsPerElement = 1;

    // Factories (validated by valid()).
    static Kernel gemm(std::int64_t m, std::int64_t n, std::int64_t k, std::int64_t batch = 1, bool linear = false,
                       ComputeType compute = ComputeType::FP32, int elementBytes = 4);
    static Kernel conv2d(std::int64_t batch, std::int64_t inChannels, std::int64_t outChannels, std::int64_t inH,
                         std::int64_t inW, int kernelH, int kernelW, int stride = 1, int pad = 0, std::int64_t groups = 1,
                         ComputeType compute = ComputeType::FP32, int elementBytes = 4, int dilation = 1);
    // Depthwise conv / pooling window: channels x outH x outW outputs, each reading kernelH x kernelW inputs.
    static Kernel stencil(std::int64_t batch, std::int64_t channels, std::int64_t inH, std::int64_t inW, int kernelH,
                          int kernelW, int stride = 1, int pad = 0, int elementBytes = 4);
    static Kernel elementwise(std::int64_t elements, int inputs = 1, int outputs = 1,
                              double flopsPerElement = flops_per_element::kAdd, int elementBytes = 4);
    static Kernel rowReduction(std::int64_t rows, std::int64_t rowLength,
                               double flopsPerElement = flops_per_element::kSoftmax, int elementBytes = 4,
                               int outputs = 1);
    static Kernel copy(std::int64_t elements, int elementBytes = 4, int inputs = 1);

    std::int64_t outH() const;  // Conv / Stencil output size
    std::int64_t outW() const;
    // The implicit GEMM of a Conv: M = N*outH*outW, N = outChannels, K = inChannels/groups*kH*kW.
    std::int64_t implicitM() const;
    std::int64_t implicitN() const;
    std::int64_t implicitK() const;
    // A 1x1, stride-1, unpadded, ungrouped conv is exactly a GEMM (timed by the GEMM model).
    bool isPointwiseConv() const;
    Kernel asGemm() const;  // the GEMM a pointwise conv performs (m = N*H*W, n = outChannels, k = inChannels)

    double flops() const;  // useful arithmetic (2 per multiply-add)
    double bytes() const;  // compulsory DRAM traffic: every operand read once, every result written once
    bool valid() const;    // dims positive and consistent

    // Identity of what the kernel model sees (every field): identical kernels of a plan (repeated
    // layers) and of a target's KernelPredictionCache are predicted once.
    std::uint64_t hash() const;
    bool sameAs(const Kernel &other) const;
};

}  // namespace infersight
