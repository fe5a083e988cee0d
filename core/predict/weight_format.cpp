// SPDX-License-Identifier: MIT
#include "predict/weight_format.h"

#include <array>

namespace infersight {

namespace {

// bytes per weight:
//  w8a16: int8 weight + one fp16 scale per output channel (~0 per weight)
//  w4a16: 4 bits + per group of 128: fp16 scale (2 B) + 4-bit zero point (0.5 B)  = 0.5 + 2.5/128
//  q4_0:  block_q4_0 = fp16 scale + 16 B of nibbles per 32 weights                 = 18/32
//  q4_k:  Q4_K_M, 4.8 bits per weight on average (the data/llm rows' own figure)   = 0.6
//  q8_0:  block_q8_0 = fp16 scale + 32 int8 per 32 weights                          = 34/32
// dequantisation (CUDA-core instructions per weight per 16-row tile, on packed half2 data): the
// fast int4 -> fp16 conversion of FasterTransformer / AWQ (Kim et al., "Who Says Elephants Can't
// Run", 2022: lop3 + one half2 subtract per two weights) plus the half2 scale and zero point, about
// 1 per weight for 4-bit formats (1.25 for GGUF K-quants, which also decode a 6-bit sub-block
// scale), 0.5 for 8-bit (convert and scale, two weights per instruction). Assumptions, not fits:
// at batch 1 they hide under the weight stream, at larger batch they show (docs/predictor.md).
const std::array<WeightFormatInfo, 10> kInfos = {{
    {WeightFormat::Native, "native", "the precision's storage", 0.0, 0.0, false, WeightFormatClass::Wide},
    {WeightFormat::FP16, "fp16", "FP16", 2.0, 0.0, false, WeightFormatClass::Wide},
    {WeightFormat::BF16, "bf16", "BF16", 2.0, 0.0, false, WeightFormatClass::Wide},
    {WeightFormat::W8A16, "w8a16", "INT8 weight-only (W8A16)", 1.0, 0.5, true, WeightFormatClass::EightBit},
    {WeightFormat::W8A8, "w8a8", "INT8 weights and activations (W8A8)", 1.0, 0.0, false, WeightFormatClass::EightBit},
    {WeightFormat::FP8, "fp8", "FP8 (E4M3)", 1.0, 0.0, false, WeightFormatClass::EightBit},
    {WeightFormat::W4A16, "w4a16", "4-bit weight-only (AWQ/GPTQ, group 128)", 0.5 + 2.5 / 128.0, 1.0, true,
     WeightFormatClass::FourBit},
    {WeightFormat::GgufQ4_0, "q4_0", "GGUF Q4_0", 18.0 / 32.0, 1.0, true, WeightFormatClass::FourBit},
    {WeightFormat::GgufQ4K, "q4_k", "GGUF Q4_K_M (~4.8 bits)", 0.6, 1.25, true, WeightFormatClass::FourBit},
    {WeightFormat::GgufQ8_0, "q8_0", "GGUF Q8_0", 34.0 / 32.0, 0.5, true, WeightFormatClass::EightBit},
}};

}  // namespace

const WeightFormatInfo &weightFormatInfo(WeightFormat format) {
    return kInfos[static_cast<std::size_t>(format)];
}

QString weightFormatName(WeightFormat format) {
    return QString::fromLatin1(weightFormatInfo(format).name);
}

std::optional<WeightFormat> weightFormatFromName(const QString &name) {
    const QString n = name.trimmed().toLower();
    for (const WeightFormatInfo &i : kInfos) {
        if (n == QLatin1String(i.name)) {
            return i.format;
        }
    }
    static const std::array<std::pair<const char *, WeightFormat>, 14> aliases = {{
        {"f16", WeightFormat::FP16},      {"float16", WeightFormat::FP16},   {"half", WeightFormat::FP16},
        {"bfloat16", WeightFormat::BF16}, {"int8", WeightFormat::W8A8},      {"int8-w8a8", WeightFormat::W8A8},
        {"int8-w8a16", WeightFormat::W8A16}, {"awq", WeightFormat::W4A16},  {"gptq", WeightFormat::W4A16},
        {"int4", WeightFormat::W4A16},    {"q4_k_m", WeightFormat::GgufQ4K}, {"gguf-q4", WeightFormat::GgufQ4K},
        {"e4m3", WeightFormat::FP8},      {"gguf-q8", WeightFormat::GgufQ8_0},
    }};
    for (const auto &[alias, format] : aliases) {
        if (n == QLatin1String(alias)) {
            return format;
        }
    }
    return std::nullopt;
}

QStringList weightFormatNames() {
    QStringList out;
    for (const WeightFormatInfo &i : kInfos) {
        out << QString::fromLatin1(i.name);
    }
    return out;
}

double nativeWeightBytes(Precision precision) {
    switch (precision) {
    case Precision::FP32:
    case Precision::FP32Strict:
    case Precision::TF32:
    case Precision::AMP: return 4.0;  // autocast keeps FP32 masters
    case Precision::FP16:
    case Precision::BF16: return 2.0;
    case Precision::INT8:
    case Precision::FP8: return 1.0;
    }
    return 4.0;
}

WeightFormatClass formatClassOfBytes(int elementBytes) {
    return elementBytes >= 4 ? WeightFormatClass::FP32 : elementBytes >= 2 ? WeightFormatClass::Wide : WeightFormatClass::EightBit;
}

WeightFormatClass formatClassOf(Precision precision) {
    return formatClassOfBytes(static_cast<int>(nativeWeightBytes(precision)));
}

QString weightFormatClassName(WeightFormatClass c) {
    switch (c) {
    case WeightFormatClass::FP32: return QStringLiteral("fp32");
    case WeightFormatClass::Wide: return QStringLiteral("16-bit");
    case WeightFormatClass::EightBit: return QStringLiteral("8-bit");
    case WeightFormatClass::FourBit: return QStringLiteral("4-bit");
    }
    return QStringLiteral("16-bit");
}

Result<ResolvedWeightFormat> resolveWeightFormat(WeightFormat format, Precision requested, bool precisionGiven) {
    const WeightFormatInfo &info = weightFormatInfo(format);
    ResolvedWeightFormat r;
    r.format = format;
    r.dequantOpsPerWeight = info.dequantOpsPerWeight;
    r.formatClass = info.formatClass;
    auto needs = [&](Precision p) -> Result<ResolvedWeightFormat> {
        if (precisionGiven && requested != p) {
            return Error{QStringLiteral("weights %1 run with %2 activations, not %3 (leave --precision out or set it to %2)")
                             .arg(QString::fromLatin1(info.name), precisionName(p), precisionName(requested))};
        }
        r.precision = p;
        return r;
    };
    switch (format) {
    case WeightFormat::Native:
        r.precision = requested;
        r.bytesPerWeight = nativeWeightBytes(requested);
        r.formatClass = formatClassOf(requested);
        return r;
    case WeightFormat::FP16: r.bytesPerWeight = info.bytesPerWeight; return needs(Precision::FP16);
    case WeightFormat::BF16: r.bytesPerWeight = info.bytesPerWeight; return needs(Precision::BF16);
    case WeightFormat::W8A8: r.bytesPerWeight = info.bytesPerWeight; return needs(Precision::INT8);
    case WeightFormat::FP8: r.bytesPerWeight = info.bytesPerWeight; return needs(Precision::FP8);
    case WeightFormat::W8A16:
    case WeightFormat::W4A16:
    case WeightFormat::GgufQ4_0:
    case WeightFormat::GgufQ4K:
    case WeightFormat::GgufQ8_0: {
        r.bytesPerWeight = info.bytesPerWeight;
        if (!precisionGiven) {
            r.precision = Precision::FP16;
            return r;
        }
        if (requested != Precision::FP16 && requested != Precision::BF16) {
            return Error{QStringLiteral("weights %1 are weight-only: activations must be fp16 or bf16, not %2")
                             .arg(QString::fromLatin1(info.name), precisionName(requested))};
        }
        r.precision = requested;
        return r;
    }
    }
    return Error{QStringLiteral("unknown weight format")};
}

}  // namespace infersight
