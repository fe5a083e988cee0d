// SPDX-License-Identifier: MIT
#include "design/knobs.h"

namespace infersight {

QString precisionName(Precision p) {
    switch (p) {
    case Precision::FP32: return QStringLiteral("fp32");
    case Precision::TF32: return QStringLiteral("tf32");
    case Precision::FP16: return QStringLiteral("fp16");
    case Precision::BF16: return QStringLiteral("bf16");
    case Precision::AMP: return QStringLiteral("amp");
    case Precision::INT8: return QStringLiteral("int8");
    case Precision::FP8: return QStringLiteral("fp8");
    case Precision::FP32Strict: return QStringLiteral("fp32-strict");
    }
    return QStringLiteral("fp32");
}

QString precisionDescription(Precision p) {
    switch (p) {
    case Precision::FP32:
        return QStringLiteral("FP32 model with PyTorch's defaults: GEMMs on FP32 CUDA cores (matmul TF32 off), "
                              "convolutions on TF32 tensor cores on Ampere and later (cudnn.allow_tf32 = True), "
                              "FP32 CUDA cores before");
    case Precision::FP32Strict:
        return QStringLiteral("FP32 math everywhere: TF32 off for matmul and cuDNN (fp32_precision = 'ieee')");
    case Precision::TF32:
        return QStringLiteral("FP32 storage, GEMMs and convolutions on TF32 tensor cores (matmul and cuDNN TF32 "
                              "on; Ampere and later)");
    case Precision::FP16: return QStringLiteral("model cast to FP16 (model.half()): every op in FP16");
    case Precision::BF16: return QStringLiteral("model cast to BF16: every op in BF16");
    case Precision::AMP:
        return QStringLiteral("CUDA autocast to FP16: GEMMs and convolutions in FP16 with cast kernels at op "
                              "boundaries, autocast's FP32 list in FP32");
    case Precision::INT8: return QStringLiteral("INT8 GEMMs and convolutions (TensorRT-style), other ops in FP16");
    case Precision::FP8: return QStringLiteral("FP8 GEMMs and convolutions (Hopper and later), other ops in FP16");
    }
    return {};
}

std::optional<Precision> precisionFromName(const QString &name) {
    const QString n = name.trimmed().toLower();
    for (Precision p : kAllPrecisions) {
        if (precisionName(p) == n) {
            return p;
        }
    }
    if (n == QLatin1String("float32") || n == QLatin1String("f32")) {
        return Precision::FP32;
    }
    if (n == QLatin1String("fp32strict") || n == QLatin1String("fp32_strict") || n == QLatin1String("ieee")) {
        return Precision::FP32Strict;
    }
    if (n == QLatin1String("float16") || n == QLatin1String("half") || n == QLatin1String("f16")) {
        return Precision::FP16;
    }
    if (n == QLatin1String("bfloat16")) {
        return Precision::BF16;
    }
    if (n == QLatin1String("mixed") || n == QLatin1String("autocast")) {
        return Precision::AMP;
    }
    return std::nullopt;
}

QStringList precisionNames() {
    QStringList out;
    for (Precision p : kAllPrecisions) {
        out << precisionName(p);
    }
    return out;
}

QString runtimeName(Runtime r) {
    return r == Runtime::Fused ? QStringLiteral("fused") : QStringLiteral("eager");
}

std::optional<Runtime> runtimeFromName(const QString &name) {
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("eager")) {
        return Runtime::Eager;
    }
    if (n == QLatin1String("fused")) {
        return Runtime::Fused;
    }
    return std::nullopt;
}

QString decoderPhaseName(DecoderPhase phase) {
    return phase == DecoderPhase::Decode ? QStringLiteral("decode") : QStringLiteral("prefill");
}

std::optional<DecoderPhase> decoderPhaseFromName(const QString &name) {
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("prefill")) {
        return DecoderPhase::Prefill;
    }
    if (n == QLatin1String("decode")) {
        return DecoderPhase::Decode;
    }
    return std::nullopt;
}

ShapeBindings Knobs::bindings() const {
    ShapeBindings b;
    b.batch = batch;
    b.sequence = sequence;
    b.height = height;
    b.width = width;
    b.context = phase == DecoderPhase::Decode ? context : -1;
    return b;
}

}  // namespace infersight
