// SPDX-License-Identifier: MIT
// The knobs of a prediction that are not the graph itself: batch, input size, precision, runtime,
// decoder phase. A small value type; the design helper builds Design (graph + knobs + edits)
// around it, the predictor reads it.
#pragma once

#include "graph/shape.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace infersight {

// Numeric precision of a run.
//  fp32  PyTorch's defaults for FP32 models: FP32 storage, GEMMs on FP32 CUDA cores
//        (torch.backends.cuda.matmul.allow_tf32 = False), convolutions on TF32 tensor cores where
//        the GPU has them (torch.backends.cudnn.allow_tf32 = True: Ampere and later), else FP32
//  fp32-strict  FP32 math everywhere, TF32 off for matmul and cuDNN (NeuSight's measurements,
//        `fp32_precision = 'ieee'`)
//  tf32  FP32 storage, GEMMs and convolutions on TF32 tensor cores (Ampere and later)
//  fp16  / bf16: the whole model cast (model.half() / .to(bfloat16)); every op in that type
//  amp   PyTorch autocast to FP16: GEMM-like ops in FP16 on tensor cores, the ops autocast keeps
//        in FP32 (softmax, layer_norm, reductions, pow, exp, ...) in FP32, casts where types change
//  int8  INT8 GEMMs and convolutions (TensorRT-style), other ops in FP16
//  fp8   FP8 GEMMs (Hopper and later), other ops in FP16/BF16
// (FP32Strict is last in the enum so that stored enum values keep their meaning; kAllPrecisions
// lists it next to FP32.)
enum class Precision : std::uint8_t { FP32, TF32, FP16, BF16, AMP, INT8, FP8, FP32Strict };
inline constexpr Precision kAllPrecisions[] = {Precision::FP32, Precision::FP32Strict, Precision::TF32,
                                               Precision::FP16, Precision::BF16,       Precision::AMP,
                                               Precision::INT8, Precision::FP8};
// One line saying which arithmetic path the GEMMs and convolutions of `p` take, for CLI help and the
// GUI's precision tooltips ("fp32: convolutions on TF32 tensor cores on Ampere and later ...").
QString precisionDescription(Precision p);
QString precisionName(Precision p);                                  // "fp32", "amp", ...
std::optional<Precision> precisionFromName(const QString &name);     // case-insensitive
QStringList precisionNames();

// How the framework runs the graph.
//  eager  PyTorch eager: one kernel per op, per-op framework dispatch on the host, views free on
//         the GPU but not on the host
//  fused  TensorRT / torch.compile-like: BN folded, epilogue and element-wise fusion, flash
//         attention, layout ops folded, a light per-kernel launch cost
enum class Runtime : std::uint8_t { Eager, Fused };
QString runtimeName(Runtime r);                                      // "eager", "fused"
std::optional<Runtime> runtimeFromName(const QString &name);

// Decoder LLM phases. Prefill: the prompt of `sequence` tokens, attention over the prompt (causal).
// Decode: `sequence` new tokens per sequence (1 by default) with a KV cache of `context` tokens held
// in graph inputs past_key.<layer> / past_value.<layer>; attention over context + sequence tokens;
// the grown cache leaves as outputs present_key.<layer> / present_value.<layer>.
enum class DecoderPhase : std::uint8_t { Prefill, Decode };
QString decoderPhaseName(DecoderPhase phase);                        // "prefill", "decode"
std::optional<DecoderPhase> decoderPhaseFromName(const QString &name);

struct Knobs {
    std::int64_t batch = 1;
    std::int64_t sequence = -1;  // tokens per sequence; < 0: the model's default
    std::int64_t height = -1;    // image size; < 0: the model's default
    std::int64_t width = -1;
    Precision precision = Precision::FP32;
    Runtime runtime = Runtime::Eager;
    DecoderPhase phase = DecoderPhase::Prefill;
    std::int64_t context = -1;   // decode: tokens already in the KV cache (required >= 1 there)

    // The shape bindings these knobs ask for (context only in the decode phase).
    ShapeBindings bindings() const;
    bool operator==(const Knobs &) const = default;
};

}  // namespace infersight
