// SPDX-License-Identifier: MIT
// Error bands of totals from per-kernel bands: errors are taken as fully correlated within an
// error class (a class's residual is mostly systematic: one utilisation model per class) and
// independent across classes (deviations add in quadrature), then scaled by a factor calibrated
// so that the end-to-end 80 % band covers 80 % of the measured rows (docs/accuracy.md).
#pragma once

#include "hardware/host_catalogue.h"
#include "predict/kernel_model.h"

#include <array>

namespace infersight {

inline constexpr int kUncertaintyClasses = kKernelErrorClassCount + 1;  // + host timeline

struct BandAccumulator {
    std::array<double, kUncertaintyClasses> down{};  // sum of (t - low) per class
    std::array<double, kUncertaintyClasses> up{};    // sum of (high - t) per class
    void add(int errorClass, double t, double low, double high);
    // Half-widths below / above the total from the classes alone (scaled; the GEMM class's
    // deviations by gemmScale more).
    void halfWidths(double scale, double &down, double &up, double gemmScale = 1.0) const;
    // The band of `total`: class half-widths (scaled) and a system term (relative to the total)
    // added in quadrature.
    void bandOf(double total, double scale, double systemRelative, double &low, double &high, double gemmScale = 1.0) const;
};

struct UncertaintyCalibration {
    // Multiplies the propagated class half-widths (1: the kernel model's bands as they are);
    // calibrated so that the band covers 80 % of the leave-one-GPU-out rows (uncertainty.cpp).
    double scale = 1.0;
    // Further factor on the GEMM class's deviations (uncertainty.cpp says why).
    double gemmScale = 1.0;
    // Error of composing kernels into a forward pass (lowering mismatches, clocks under sustained
    // load, inter-kernel effects), relative to the total, independent of the classes. Fitted by
    // `infersight-cli validate --fit-bands` so that the 80 % band covers 80 % of the end-to-end
    // rows of each data set (e2e_measured.csv option=none and the DLE table); docs/accuracy.md.
    double systemRelative = 0.0;
    // Host timeline band (ratio of measured to predicted host-bound time, p10 and p90), from the
    // DLE T4 rows at batch <= 4 (held out of the host fit).
    double hostLow = 0.85;
    double hostHigh = 1.15;
    // Factor on the band's half-widths of a prediction outside the measured data (a GPU generation or
    // a precision it does not cover: Prediction::extrapolation), calibrated so that the band covers
    // 80 % of the leave-one-generation-out rows (uncertainty.cpp).
    double extrapolatedWidening = 1.0;
    static const UncertaintyCalibration &builtIn();
    // This calibration on `host`: the host band widened to the host's own where its speed is
    // assumed rather than fitted (HostSpec::bandLow/bandHigh, relative to its scaled costs).
    UncertaintyCalibration forHost(const HostSpec &host) const;
};

}  // namespace infersight
