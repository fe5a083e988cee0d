// SPDX-License-Identifier: MIT
// What the measured data behind a kernel model covers, and whether a prediction lies outside it
// (issue 17 item 5: `extrapolated`).
//
// - GPU generations: the architectures of the GPUs the kernel model was fitted on, read from the
//   model itself (a GPU with a calibration in any of its utilisation models had training rows).
//   The committed model covers Pascal, Volta, Turing and Ampere; a leave-one-out model covers
//   what its training kept (data/predictor/loo/gen-ampere.json: no Ampere).
// - Precisions, end to end: FP32 (CUDA-core FP32 and the PyTorch default) on every covered
//   generation (data/neusight); mixed precision (AMP and FP16) only on Volta and Turing, the two
//   GPUs of data/dle/pytorch_convnets_inference.csv; TF32, BF16, INT8 and FP8 on none.
//
// A prediction outside the coverage says why (Prediction::extrapolation) and its band is widened
// by UncertaintyCalibration::extrapolatedWidening, calibrated on leave-one-generation-out rows.
#pragma once

#include "design/knobs.h"

#include <QString>
#include <QStringList>

namespace infersight {

class KernelModel;

struct DataCoverage {
    QStringList generations;  // catalogue architectures with measured kernels ("Ampere", ...), sorted

    static DataCoverage of(const KernelModel &model);
    bool coversGeneration(const QString &architecture) const;
    // Empty when the data covers `precision` on `architecture`; otherwise one sentence saying what
    // it does not cover (for the CLI, the JSON and the GUI notes).
    QString extrapolation(const QString &architecture, Precision precision) const;
};

// The generations on which the data measures mixed precision (AMP / FP16) end to end.
QStringList mixedPrecisionGenerations();

}  // namespace infersight
