// SPDX-License-Identifier: MIT
// The decode kernel class: GEMMs with few rows (the weight GEMV/GEMM of decode at small batch)
// and decode attention (every query row of a head reads that head's whole KV cache: HF's two
// batched matmuls, flash-decoding / paged attention in a fused engine) are memory-bound. Their
// time in a stream is
//
//   t = tau + smax( W / (min(f_gen * eta_fmt, c_fmt) * BW),  W / (r * SMs * clock) ) + A / (f_gen * BW)
//       (weights W stream at the generation's fraction of datasheet bandwidth times the runtime's
//        efficiency for the weight format, at most the runtime's cap c_fmt for the format; r caps a
//        kernel that cannot keep enough bytes in flight per SM; A = activations read and written)
//   t = tau + KV / (f_gen * eta_attn * BW) + A / (f_gen * BW)        (decode attention)
//
// smoothly maxed with the compute side (tensor-path FLOPs of 16-row tiles plus dequantisation on
// the CUDA cores). f_gen is the streaming fraction of the GPU generation (fitted on the large
// element-wise rows of kernels_vec: tools/analysis/llm_decode_fit.py); eta, r and tau belong to
// the runtime (llm_runtime.h, fitted on data/llm by `infersight-cli validate --fit-llm`). Nothing
// depends on GPU identity: a GPU enters through its bandwidth, SMs, clock and generation.
//
// Hand-over: up to 16 rows the class alone times the kernel; from 16 to 64 rows its time and the
// GEMM model's blend geometrically (smoothstep in log2 rows), so the time is continuous in M;
// from 64 rows the GEMM model alone (docs/predictor.md, "Decode").
#pragma once

#include "predict/device_resources.h"
#include "predict/kernel.h"
#include "predict/weight_format.h"

#include <array>
#include <cstdint>

namespace infersight {

enum class DecodeKernelKind : std::uint8_t {
    None,       // not a decode-class kernel (the kernel model alone times it)
    Weights,    // activation rows x weight matrix (nn.Linear / Conv1D GEMM)
    Attention,  // batched activation x activation with few query rows: reads the KV cache
};

// What a runtime's decode kernels achieve (llm_runtime.h keeps one per runtime).
struct DecodeEfficiency {
    // Weight streaming efficiency per format class (fp32, 16-bit, 8-bit, 4-bit), relative to the
    // generation's streaming fraction; a read-only GEMV may stream better than the element-wise
    // kernels f_gen comes from (> 1), capped so that f_gen * eta <= 0.92 (kMaxFraction, decode_model.cpp).
    std::array<double, kWeightFormatClassCount> weights{1.0, 1.0, 1.0, 1.0};
    // Highest fraction of datasheet bandwidth the runtime's weight kernels of a format class stream
    // at on any GPU: a limit of the kernel itself (dequantising GEMVs issue more instructions and
    // smaller loads per byte than a 16-bit GEMV), taken as the smaller of it and f_gen * eta, not as
    // a product (a GPU whose memory system streams below it, such as Turing at 0.75, is limited by
    // its memory system alone). 1 = no limit of its own.
    std::array<double, kWeightFormatClassCount> weightFractionCap{1.0, 1.0, 1.0, 1.0};
    double attention = 1.0;       // KV-cache reads, relative to f_gen
    double smBytesPerCycle = 0;   // per-SM streaming limit r (bytes per SM per clock); 0 = none
    double kernelUs = 2.0;        // tau: fixed time of one decode kernel in a stream (launch, ramp, tail)
    // Stream time of a tiny element-wise / row-wise / copy kernel (under kSmallKernelBytes) in this
    // runtime; an LLM engine fuses norms, rotary embeddings and activations into few kernels, so the
    // many small kernels of the generic lowering cost it less than they cost eager PyTorch.
    // 0 = the kernel model's stream time.
    double vectorKernelUs = 0;
    bool operator==(const DecodeEfficiency &) const = default;
};

// A matrix kernel timed as a streaming kernel (DecodeModel::streamingGemm).
struct StreamingGemmBound {
    double ms = 0;      // the bound: fixed cost + operands at the streaming fraction, smoothly maxed with tile compute
    double weight = 0;  // how far it applies: 1 = fully (memory-bound), 0 = not at all (compute-bound, or not a GEMM)
};

struct DecodeKernelTime {
    DecodeKernelKind kind = DecodeKernelKind::None;
    double ms = 0;          // stream time after the hand-over blend (what the timeline uses)
    double classMs = 0;     // the decode class's own time
    double memoryMs = 0;    // its memory side
    double computeMs = 0;   // its compute side (tensor FLOPs + dequantisation)
    double bytes = 0;       // bytes it moves (weights in their format, KV, activations)
    double floorMs = 0;     // bytes / datasheet bandwidth: nothing is faster
    double classWeight = 1; // 1 = decode class alone, 0 = GEMM model alone
};

class DecodeModel {
public:
    // Hand-over to the GEMM model: the class alone up to the rows where its compute side catches up
    // with its streaming side (the ridge; at least kFullRows), blended into the GEMM model over the
    // next two octaves (kHandoverSpan), the GEMM model alone from there. On an H100 in FP16 the ridge
    // is 164 rows; every GEMM of kMaxClassRows rows or more is the GEMM model's.
    static constexpr double kFullRows = 16;
    static constexpr double kHandoverSpan = 4;
    static constexpr double kMaxClassRows = 1024;
    static constexpr double kSmoothPower = 4;    // smooth max (a^p + b^p)^(1/p)
    static constexpr double kTensorTileRows = 16;
    static constexpr double kComputeUtilisation = 0.5;  // tensor path at 16-row tiles
    static constexpr double kDequantUtilisation = 0.5;  // CUDA cores doing dequantisation

    // Which decode kind a kernel is (None for everything that is not a GEMM with few rows).
    static DecodeKernelKind kindOf(const Kernel &kernel);
    // Rows the kernel streams its matrix for: batch x m for weights, m (query rows) for attention.
    static double rowsOf(const Kernel &kernel);
    // True when the class may take part in timing `kernel` (kind != None and rows < kMaxClassRows;
    // time() hands over to the GEMM model from the kernel's ridge on).
    static bool applies(const Kernel &kernel);

    // Streaming fraction of datasheet bandwidth that the GPU generation reaches on large
    // element-wise kernels (by compute capability; generations without measured rows take the
    // newest measured one: Ada, Hopper, Blackwell use Ampere's).
    static double generationFraction(const DeviceResources &device);

    // The time of `kernel` in a stream. `gemmStreamMs` is the GEMM model's stream time of the
    // same kernel (used for the hand-over above kFullRows rows); `weights` gives the bytes and
    // dequantisation of weight operands.
    static DecodeKernelTime time(const Kernel &kernel, const DeviceResources &device, const DecodeEfficiency &efficiency,
                                 const ResolvedWeightFormat &weights, double gemmStreamMs);

    // A GEMM (or pointwise convolution, its GEMM) of a streaming shape as a streaming kernel: tau (the
    // runtime's kernelUs) + every operand read once and the result written once at f_gen x an
    // efficiency, smoothly maxed with its FLOPs on whole 16-wide tensor tiles at kComputeUtilisation of
    // the path's peak; `weight` is how far the bound applies: by the shape's hand-over, and fading out
    // over kHandoverSpan once that compute exceeds the streaming time.
    //  - FewRows: weight GEMMs with few rows (the decode class's kernels in any phase), at the runtime's
    //    efficiency for the element size (the fp32 one fitted on kernels_matmul's M <= 16 rows); full up
    //    to kFullRows rows.
    //  - FewColumns: any GEMM with few output columns (a classifier of 2 classes, Switch's router, UNet's
    //    last 64 -> 2 convolution), at kFewColumnEfficiency; full up to kFullColumns columns.
    // Only these shapes: cuBLAS and cuDNN run wider ones as tiled GEMMs that the kernel model knows
    // (EfficientNet's 16-channel pointwise convolutions run slower than this in the DLE AMP rows).
    enum class StreamingShape : std::uint8_t { FewRows, FewColumns };
    static StreamingGemmBound streamingGemm(const Kernel &kernel, const DeviceResources &device,
                                            const DecodeEfficiency &efficiency, StreamingShape shape);
    // Few-column GEMMs stream at this fraction of the generation's streaming fraction: the median over
    // the NeuSight GPUs of t = t0 + bytes / (f BW) fitted on the train-split bmm rows of
    // kernels_matmul with at most 16 output columns (tools/analysis/llm_decode_fit.py, part 5: 0.349,
    // 0.17-0.48 per GPU; their nn.Linear rows give 0.46); full up to kFullColumns columns.
    static constexpr double kFewColumnEfficiency = 0.35;
    static constexpr double kFullColumns = 4;

    // Bytes a decode-class kernel moves with weights in `weights`' format.
    static double bytesOf(const Kernel &kernel, const ResolvedWeightFormat &weights);

    // Tiny non-GEMM kernels (element-wise, row-wise, copies, stencils moving < kSmallKernelBytes):
    // the runtime's vectorKernelUs (never faster than their bytes at the generation's fraction)
    // when it sets one, otherwise `streamMs` (the kernel model's).
    static constexpr double kSmallKernelBytes = 1024.0 * 1024.0;
    static bool isSmallVectorKernel(const Kernel &kernel);
    static double smallKernelMs(const Kernel &kernel, const DeviceResources &device, const DecodeEfficiency &efficiency,
                                double streamMs);
};

}  // namespace infersight
