// SPDX-License-Identifier: MIT
#include "hardware/gpu_spec.h"

namespace infersight {

QString computeTypeName(ComputeType type) {
    switch (type) {
    case ComputeType::FP32: return QStringLiteral("fp32");
    case ComputeType::TF32: return QStringLiteral("tf32");
    case ComputeType::FP16: return QStringLiteral("fp16");
    case ComputeType::BF16: return QStringLiteral("bf16");
    case ComputeType::INT8: return QStringLiteral("int8");
    case ComputeType::FP8: return QStringLiteral("fp8");
    }
    return {};
}

std::optional<ComputeType> computeTypeFromName(const QString &name) {
    const QString key = name.trimmed().toLower();
    for (ComputeType type : kAllComputeTypes) {
        if (computeTypeName(type) == key) {
            return type;
        }
    }
    return std::nullopt;
}

std::optional<double> PeakThroughput::of(ComputeType type) const {
    switch (type) {
    case ComputeType::FP32: return fp32;
    case ComputeType::TF32: return tf32;
    case ComputeType::FP16: return fp16;
    case ComputeType::BF16: return bf16;
    case ComputeType::INT8: return int8;
    case ComputeType::FP8: return fp8;
    }
    return std::nullopt;
}

std::optional<double> PeakThroughput::fastest(ComputeType type) const {
    std::optional<double> best = of(type);
    if (type == ComputeType::FP16 && fp16NonTensor && (!best || *fp16NonTensor > *best)) {
        best = fp16NonTensor;
    }
    return best;
}

std::optional<double> &PeakThroughput::slot(ComputeType type) {
    switch (type) {
    case ComputeType::FP32: return fp32;
    case ComputeType::TF32: return tf32;
    case ComputeType::FP16: return fp16;
    case ComputeType::BF16: return bf16;
    case ComputeType::INT8: return int8;
    case ComputeType::FP8: return fp8;
    }
    return fp32;
}

PeakThroughput PeakThroughput::scaled(double factor) const {
    auto times = [factor](const std::optional<double> &v) -> std::optional<double> {
        return v ? std::optional<double>(*v * factor) : std::nullopt;
    };
    PeakThroughput out;
    out.fp32 = times(fp32);
    out.tf32 = times(tf32);
    out.fp16 = times(fp16);
    out.bf16 = times(bf16);
    out.int8 = times(int8);
    out.fp8 = times(fp8);
    out.fp16NonTensor = times(fp16NonTensor);
    return out;
}

const MigProfile *GpuSpec::findMig(const QString &profileName) const {
    QString key = profileName.trimmed().toLower();
    if (key.startsWith(QLatin1String("mig "))) {
        key = key.mid(4).trimmed();
    }
    for (const auto &profile : mig) {
        if (profile.name.toLower() == key) {
            return &profile;
        }
    }
    return nullptr;
}

QStringList GpuSpec::migProfileNames() const {
    QStringList names;
    for (const auto &profile : mig) {
        names << profile.name;
    }
    return names;
}

double GpuSpec::usableMemoryMib() const {
    return memoryMib > 0 ? memoryMib : memoryGb * 1024.0;
}

QString GpuSpec::computeCapability() const {
    return QStringLiteral("%1.%2").arg(computeCapabilityMajor).arg(computeCapabilityMinor);
}

}  // namespace infersight
