// SPDX-License-Identifier: MIT
#include "predict/uncertainty.h"

#include <algorithm>
#include <cmath>

namespace infersight {

void BandAccumulator::add(int errorClass, double t, double low, double high) {
    const auto c = static_cast<std::size_t>(std::clamp(errorClass, 0, kUncertaintyClasses - 1));
    down[c] += std::max(0.0, t - low);
    up[c] += std::max(0.0, high - t);
}

void BandAccumulator::halfWidths(double scale, double &downWidth, double &upWidth, double gemmScale) const {
    double d2 = 0, u2 = 0;
    for (int c = 0; c < kUncertaintyClasses; ++c) {
        const double f = c == static_cast<int>(KernelErrorClass::Gemm) ? gemmScale : 1.0;
        d2 += f * f * down[static_cast<std::size_t>(c)] * down[static_cast<std::size_t>(c)];
        u2 += f * f * up[static_cast<std::size_t>(c)] * up[static_cast<std::size_t>(c)];
    }
    downWidth = scale * std::sqrt(d2);
    upWidth = scale * std::sqrt(u2);
}

void BandAccumulator::bandOf(double total, double scale, double systemRelative, double &low, double &high,
                             double gemmScale) const {
    double d = 0, u = 0;
    halfWidths(scale, d, u, gemmScale);
    const double s = systemRelative * total;
    low = std::max(0.0, total - std::sqrt(d * d + s * s));
    high = total + std::sqrt(u * u + s * s);
}

// An assumed host's band, and a fitted host's where its fit left a wider spread than the
// calibration's (a measured machine's own time scale: "measured-h100-vm"), widen the host class;
// the fitted server's 1/1 keeps the calibration's.
UncertaintyCalibration UncertaintyCalibration::forHost(const HostSpec &host) const {
    UncertaintyCalibration c = *this;
    c.hostLow = std::min(hostLow, host.bandLow);
    c.hostHigh = std::max(hostHigh, host.bandHigh);
    return c;
}

const UncertaintyCalibration &UncertaintyCalibration::builtIn() {
    static const UncertaintyCalibration c = [] {
        UncertaintyCalibration u;
        // Calibrated on leave-one-GPU-out residuals (issue 17 item 5), not on fitted rows: 0.7 is the
        // 80th percentile (0.689, rounded up) of |measured - LOO prediction| / (its band half-width at
        // scale 1) over the 215 held-out rows of e2e option=none (37) and DLE (178); with gemmScale and
        // the generation widening below the band covers 83.8 % / 79.2 % of them (`infersight-cli
        // validate --only e2e,dle`, docs/accuracy.md "80 % band coverage on held-out rows").
        u.scale = 0.7;
        // The GEMM class's deviations x0.65 more. Its unseen-GPU band (0.76-1.59, kernel by kernel over
        // 134,913 leave-one-GPU-out rows) carries per-shape scatter that averages out over a network's
        // many GEMMs, and since unmeasured GPUs take the power prior (kernel_model.cpp) the held-out
        // e2e rows (GEMM-bound transformers) missed by 7.5 % on average and sat in their band 97.3 %
        // of the time. 0.65 on a 0.05 grid: the held-out e2e and DLE rows' coverage nearest 80 % (the
        // larger distance the least; e2e 83.8 %, DLE 78.7 %) with the fitted rows' at least 70 %
        // (0.6 put e2e's fitted rows at 67.6 %); `infersight-cli validate --only e2e,dle`.
        u.gemmScale = 0.65;
        // Predictions outside the measured data (a GPU generation or precision it lacks; data_coverage.h):
        // 1.25 is the 80th percentile (1.229, rounded up to 0.05) of |measured - held-out prediction| / (that
        // prediction's half-width) over the 207 held-out predictions whose kernel model lacks the row's
        // GPU generation: e2e A100 rows with data/predictor/loo/gen-ampere.json (14), and the
        // leave-one-GPU-out e2e (15) and DLE (178) rows of the V100 and T4, each the only GPU of its
        // generation (`infersight-cli validate --only e2e,dle`, "80 % band coverage on held-out rows";
        // tests/accuracy/generalisation checks it). 1.05 (1.03 called for) before the GEMM class's
        // deviations were narrowed (gemmScale above), 1.15 (1.14) before the element-wise unseen-GPU
        // band was recomputed with the element-wise bound at the highest calibrated bandwidth (its lower
        // edge 0.68 -> 0.82, MAPE over every held-out GPU's rows 16.8 -> 11.8 %: `infersight-train-kernels
        // --rescore`).
        u.extrapolatedWidening = 1.25;
        u.hostLow = 0.85;
        u.hostHigh = 1.15;
        return u;
    }();
    return c;
}

}  // namespace infersight
