// SPDX-License-Identifier: MIT
// Weight formats users deploy LLMs in, beside the activation precision of a run (design/knobs.h):
// how many bytes a weight takes in memory and on every decode step, which arithmetic path the
// GEMM runs on once the weight is in registers, and what dequantising it costs.
//
//   format       bytes / weight                          GEMM path   activations
//   native       the precision's storage (fp16 2, int8 1) precision   precision
//   fp16, bf16   2                                       fp16 / bf16 same
//   w8a16        1 + per-channel scale (~0)              fp16        fp16 (weight-only int8)
//   w8a8         1 (SmoothQuant / TensorRT int8)         int8        int8 (= precision int8)
//   fp8          1 + per-tensor scale                    fp8 or fp16 fp8 (= precision fp8)
//   w4a16        0.5 + fp16 scale and 4-bit zero / 128   fp16        fp16 (AWQ / GPTQ, group 128)
//   q4_0         18 B per block of 32 (GGUF)             fp16        fp16
//   q4_k         ~4.8 bits (GGUF Q4_K_M mix of Q4_K/Q6_K) fp16        fp16
//   q8_0         34 B per block of 32 (GGUF)             fp16        fp16
//
// Byte counts are the formats' own layouts (AWQ: Lin et al., MLSys 2024, group size 128; GGUF:
// ggml's block_q4_0 / block_q8_0 structs; Q4_K_M's 4.8 bits per weight is the figure the
// published llama.cpp rows in data/llm quote). Dequantisation is CUDA-core work per weight per
// 16-row tile of the activations (unpack, convert, scale): it hides under the weight stream at
// batch 1 and shows at larger batch (docs/predictor.md, "Decode").
#pragma once

#include "base/result.h"
#include "design/knobs.h"
#include "hardware/gpu_spec.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace infersight {

enum class WeightFormat : std::uint8_t { Native, FP16, BF16, W8A16, W8A8, FP8, W4A16, GgufQ4_0, GgufQ4K, GgufQ8_0 };
inline constexpr WeightFormat kAllWeightFormats[] = {WeightFormat::Native, WeightFormat::FP16,    WeightFormat::BF16,
                                                     WeightFormat::W8A16,  WeightFormat::W8A8,    WeightFormat::FP8,
                                                     WeightFormat::W4A16,  WeightFormat::GgufQ4_0, WeightFormat::GgufQ4K,
                                                     WeightFormat::GgufQ8_0};

// The families the decode class keeps streaming efficiencies for (runtimes stream them
// differently): FP32 (CUDA-core GEMMs), 16-bit, 8-bit and 4-bit weights.
enum class WeightFormatClass : std::uint8_t { FP32, Wide, EightBit, FourBit };
inline constexpr int kWeightFormatClassCount = 4;
QString weightFormatClassName(WeightFormatClass c);  // "fp32", "16-bit", "8-bit", "4-bit"
// The class of a GEMM weight stored natively with `elementBytes` bytes (4, 2, 1).
WeightFormatClass formatClassOfBytes(int elementBytes);

struct WeightFormatInfo {
    WeightFormat format = WeightFormat::Native;
    const char *name = "native";     // CLI / JSON name
    const char *label = "native";    // for people: "W4A16 (AWQ/GPTQ, g128)"
    double bytesPerWeight = 0;       // 0: the precision's storage bytes
    double dequantOpsPerWeight = 0;  // CUDA-core operations per weight per 16-row activation tile
    bool weightOnly = false;         // activations stay 16-bit (needs precision fp16 or bf16)
    WeightFormatClass formatClass = WeightFormatClass::Wide;
};

const WeightFormatInfo &weightFormatInfo(WeightFormat format);
QString weightFormatName(WeightFormat format);
// Case-insensitive; accepts the aliases users type ("awq", "gptq", "int4" = w4a16; "int8" = w8a8;
// "q4_k_m", "gguf-q4" = q4_k; "f16" = fp16).
std::optional<WeightFormat> weightFormatFromName(const QString &name);
QStringList weightFormatNames();  // canonical names, kAllWeightFormats order

// The activation precision a format runs at: fp8 -> fp8, w8a8 -> int8, bf16 -> bf16, native ->
// `requested`; the weight-only formats keep `requested` when it is fp16 or bf16.
// Errors name the format and the precisions it works with.
struct ResolvedWeightFormat {
    WeightFormat format = WeightFormat::Native;
    Precision precision = Precision::FP16;  // activations (and the lowering's precision)
    double bytesPerWeight = 0;              // of GEMM / conv weights at run time (> 0)
    double dequantOpsPerWeight = 0;
    WeightFormatClass formatClass = WeightFormatClass::Wide;
    bool operator==(const ResolvedWeightFormat &) const = default;
};
Result<ResolvedWeightFormat> resolveWeightFormat(WeightFormat format, Precision requested, bool precisionGiven);

// Storage bytes of a weight of a GEMM / conv at `precision` with no weight format (fp32/tf32/amp 4,
// fp16/bf16 2, int8/fp8 1).
double nativeWeightBytes(Precision precision);

// Format class of a plain precision's GEMM weights (fp32/tf32/amp masters FP32, fp16/bf16 16-bit,
// int8/fp8 8-bit).
WeightFormatClass formatClassOf(Precision precision);

}  // namespace infersight
