// SPDX-License-Identifier: MIT
#include "predict/energy_model.h"

#include <algorithm>

namespace infersight {

double kernelPowerW(const KernelPrediction &kernel, double idleW, double tdpW, const EnergyParameters &p) {
    const double device = kernel.deviceMs > 0 ? kernel.deviceMs : 1e-9;
    const double cu = std::clamp(kernel.computeMs / device, 0.0, 1.0);
    const double mu = std::clamp(kernel.memoryMs / device, 0.0, 1.0);
    const double busy = std::min(1.0, p.computeWeight * cu + p.memoryWeight * mu);
    const double activity = p.activeFloor + (1.0 - p.activeFloor) * busy;
    return idleW + std::max(0.0, tdpW - idleW) * std::clamp(activity, 0.0, 1.0);
}

double hostWaitPowerW(double idleW, double tdpW, const EnergyParameters &p) {
    return idleW + std::max(0.0, tdpW - idleW) * p.hostWaitShare;
}

}  // namespace infersight
