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
    }
    return QStringLiteral("fp32");
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
