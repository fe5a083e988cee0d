// SPDX-License-Identifier: MIT
#include "predict/data_coverage.h"

#include "hardware/gpu_catalogue.h"
#include "predict/kernel_model.h"

#include <algorithm>

namespace infersight {

QStringList mixedPrecisionGenerations() {
    // data/dle/pytorch_convnets_inference.csv: V100 16GB (Volta) and T4 (Turing), FP32 and AMP.
    return {QStringLiteral("Turing"), QStringLiteral("Volta")};
}

DataCoverage DataCoverage::of(const KernelModel &model) {
    DataCoverage c;
    for (UtilisationModelKind kind : {UtilisationModelKind::Gemm, UtilisationModelKind::Conv, UtilisationModelKind::Vector}) {
        for (const GpuCalibration &cal : model.model(kind).calibration) {
            if (cal.rows <= 0) {
                continue;
            }
            const GpuSpec *gpu = GpuCatalogue::builtIn().find(cal.gpuId);
            if (gpu && !gpu->architecture.isEmpty() && !c.generations.contains(gpu->architecture)) {
                c.generations << gpu->architecture;
            }
        }
    }
    c.generations.sort();
    return c;
}

bool DataCoverage::coversGeneration(const QString &architecture) const {
    return generations.contains(architecture, Qt::CaseInsensitive);
}

QString DataCoverage::extrapolation(const QString &architecture, Precision precision) const {
    if (generations.isEmpty()) {
        return {};  // no fitted kernel model (roofline only): nothing to compare with
    }
    QStringList why;
    if (!coversGeneration(architecture)) {
        why << QStringLiteral("no %1 GPU is in the data the predictor is fitted on (fitted on: %2)")
                   .arg(architecture.isEmpty() ? QStringLiteral("unknown-architecture") : architecture,
                        generations.join(QStringLiteral(", ")));
    }
    switch (precision) {
    case Precision::FP32:
    case Precision::FP32Strict:
        break;
    case Precision::AMP:
    case Precision::FP16:
        if (!mixedPrecisionGenerations().contains(architecture, Qt::CaseInsensitive)) {
            why << QStringLiteral("%1 is fitted end to end only on %2")
                       .arg(precisionName(precision), mixedPrecisionGenerations().join(QStringLiteral(" and ")));
        }
        break;
    case Precision::TF32:
    case Precision::BF16:
    case Precision::INT8:
    case Precision::FP8:
        why << QStringLiteral("%1 is fitted end to end on no GPU").arg(precisionName(precision));
        break;
    }
    return why.join(QStringLiteral("; "));
}

}  // namespace infersight
