// SPDX-License-Identifier: MIT
#include "predict/device_resources.h"

#include "hardware/target.h"

#include <algorithm>
#include <cmath>

namespace infersight {

int maxThreadsPerSmForComputeCapability(int major, int minor) {
    if (major == 7 && minor == 5) {
        return 1024;
    }
    if ((major == 8 && minor >= 6) || major == 12) {
        return 1536;
    }
    return 2048;
}

int fp32LanesPerIssueSlot(const GpuSpec &gpu) {
    if (gpu.sms <= 0 || gpu.cudaCores <= 0 || gpu.computeCapabilityMajor < 7) {
        return 16;  // unknown, or Maxwell / Pascal dual dispatch
    }
    constexpr int kPartitionsPerSm = 4;
    const int lanes = gpu.cudaCores / gpu.sms / kPartitionsPerSm;
    return lanes >= 32 ? 32 : 16;
}

double fp32LaneWattsPerGhz(const QString &chip) {
    const auto is = [&chip](const char *prefix) { return chip.startsWith(QLatin1String(prefix)); };
    if (is("GP10") || is("GV100") || is("TU10") || is("GA100")) {
        return kWattsPerFp32LaneGhz;
    }
    return 0.0;
}

double sustainedComputeFraction(const GpuSpec &gpu) {
    if (gpu.tdpW <= 0 || gpu.cudaCores <= 0 || gpu.boostClockMhz <= 0) {
        return 1.0;
    }
    const double fullRateW = kWattsPerFp32LaneGhz * gpu.cudaCores * gpu.boostClockMhz * 1e-3;
    return std::pow(std::min(1.0, gpu.tdpW / fullRateW), kPowerLimitedClockExponent);
}

namespace {

DeviceResources common(const GpuSpec &gpu) {
    DeviceResources r;
    r.gpuId = gpu.custom && !gpu.base.isEmpty() ? gpu.base : gpu.id;
    r.memoryType = gpu.memoryType;
    r.chip = gpu.chip;
    r.sustainedComputeFraction = sustainedComputeFraction(gpu);
    r.tdpW = gpu.tdpW;
    r.computeCapabilityMajor = gpu.computeCapabilityMajor;
    r.computeCapabilityMinor = gpu.computeCapabilityMinor;
    r.clockMhz = gpu.boostClockMhz;
    r.sharedMemPerSmBytes = gpu.sharedMemPerSmKb * 1024.0;
    r.maxThreadsPerSm = maxThreadsPerSmForComputeCapability(gpu.computeCapabilityMajor, gpu.computeCapabilityMinor);
    r.fp32LanesPerIssue = fp32LanesPerIssueSlot(gpu);
    return r;
}

}  // namespace

DeviceResources DeviceResources::fromTarget(const Target &target) {
    DeviceResources r = common(target.gpu());
    r.sms = target.sms();
    if (target.smFraction() > 0 && target.bandwidthFraction() > 0 && target.l2Fraction() > 0) {
        r.smFraction = target.smFraction();
        r.bandwidthFraction = target.bandwidthFraction();
        r.l2Fraction = target.l2Fraction();
    }
    r.bandwidthGBps = target.bandwidthGBps();
    r.l2Bytes = target.l2Bytes();
    for (ComputeType type : kAllComputeTypes) {
        r.peakTflops[static_cast<std::size_t>(type)] = target.peak(type).value_or(0.0);
    }
    if (target.gpu().peak.fp16NonTensor) {
        r.fp16NonTensorTflops = *target.gpu().peak.fp16NonTensor * target.smFraction();
    }
    return r;
}

DeviceResources DeviceResources::fromSpec(const GpuSpec &gpu) {
    DeviceResources r = common(gpu);
    r.sms = gpu.sms;
    r.bandwidthGBps = gpu.bandwidthGBps;
    r.l2Bytes = gpu.l2Bytes();
    for (ComputeType type : kAllComputeTypes) {
        r.peakTflops[static_cast<std::size_t>(type)] = gpu.peak.of(type).value_or(0.0);
    }
    r.fp16NonTensorTflops = gpu.peak.fp16NonTensor.value_or(0.0);
    return r;
}

DeviceResources DeviceResources::wholeGpu() const {
    DeviceResources w = *this;
    if (!partitioned()) {
        return w;
    }
    w.sms = static_cast<int>(std::lround(sms / smFraction));
    w.bandwidthGBps = bandwidthGBps / bandwidthFraction;
    w.l2Bytes = l2Bytes / l2Fraction;
    for (double &p : w.peakTflops) {
        p /= smFraction;
    }
    w.fp16NonTensorTflops = fp16NonTensorTflops / smFraction;
    w.smFraction = w.bandwidthFraction = w.l2Fraction = 1.0;
    return w;
}

bool DeviceResources::dominates(const DeviceResources &o) const {
    if (partitioned() || o.partitioned() || computeCapabilityMajor != o.computeCapabilityMajor ||
        computeCapabilityMinor != o.computeCapabilityMinor) {
        return false;
    }
    const double lanes = peakTflops[0] / clockMhz;  // FP32 lanes x 2 / 1e6: the CUDA-core count
    const double otherLanes = o.peakTflops[0] / o.clockMhz;
    const bool atLeast = sms >= o.sms && clockMhz >= o.clockMhz && bandwidthGBps >= o.bandwidthGBps &&
                         l2Bytes >= o.l2Bytes && tdpW >= o.tdpW && lanes >= otherLanes * (1.0 - 1e-9) &&
                         fp16NonTensorTflops >= o.fp16NonTensorTflops &&
                         std::equal(peakTflops.begin(), peakTflops.end(), o.peakTflops.begin(),
                                    [](double a, double b) { return a >= b; });
    const bool same = sms == o.sms && clockMhz == o.clockMhz && bandwidthGBps == o.bandwidthGBps && l2Bytes == o.l2Bytes &&
                      tdpW == o.tdpW && peakTflops == o.peakTflops && fp16NonTensorTflops == o.fp16NonTensorTflops;
    return atLeast && !same;
}

double DeviceResources::peak(ComputeType type) const {
    const double p = peakTflops[static_cast<std::size_t>(type)];
    if (p > 0) {
        return p;
    }
    if (type == ComputeType::FP16 && fp16NonTensorTflops > 0) {
        return fp16NonTensorTflops;
    }
    return 0.0;
}

}  // namespace infersight
