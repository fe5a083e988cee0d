// SPDX-License-Identifier: MIT
#include "predict/kernel_features.h"

#include <algorithm>
#include <cmath>

namespace infersight {

QString utilisationModelName(UtilisationModelKind kind) {
    switch (kind) {
    case UtilisationModelKind::Gemm: return QStringLiteral("gemm");
    case UtilisationModelKind::Conv: return QStringLiteral("conv");
    case UtilisationModelKind::Vector: return QStringLiteral("vector");
    }
    return QStringLiteral("unknown");
}

UtilisationModelKind utilisationModelFor(const Kernel &kernel) {
    switch (kernel.kind) {
    case KernelClass::Gemm: return UtilisationModelKind::Gemm;
    case KernelClass::Conv:
        return kernel.isPointwiseConv() ? UtilisationModelKind::Gemm : UtilisationModelKind::Conv;
    case KernelClass::Stencil:
    case KernelClass::Elementwise:
    case KernelClass::RowReduction:
    case KernelClass::Copy:
        return UtilisationModelKind::Vector;
    }
    return UtilisationModelKind::Vector;
}

namespace {

constexpr double kTera = 1e12;
constexpr double kGiga = 1e9;

inline float clipLog2(double x, double lo, double hi) {
    return static_cast<float>(std::clamp(std::log2(x), lo, hi));
}

inline float clipLog10(double x, double lo, double hi) {
    return static_cast<float>(std::clamp(std::log10(x), lo, hi));
}

// Fraction of a padded extent that is useful: x / (ceil(x / t) * t).
inline float fill(double x, double t) {
    return static_cast<float>(x / (std::ceil(x / t) * t));
}

struct Roofline {
    double computeS, memoryS, rooflineS;
};

inline Roofline roofline(double flops, double bytes, double peakTflops, double bandwidthGBps) {
    const double c = flops / (peakTflops * kTera);
    const double m = bytes / (bandwidthGBps * kGiga);
    return {c, m, std::max(c, m)};
}

// Features shared by GEMM and conv (implicit GEMM M x N x K over `batch`), written from index 0.
// Tile shapes are the CTA tiles cuBLAS / cuDNN SIMT kernels launch (128x128 down to 32x32); for
// each the model sees the waves on the target's SMs (log2), the fill of the last wave and the
// useful fraction of the padded output, so it can learn the quantisation effects without being
// told which tile a library heuristic would pick.
int gemmLikeFeatures(float *f, double batch, double m, double n, double k, bool linear, const Roofline &r,
                     double bytes, const DeviceResources &d) {
    f[0] = clipLog10(r.rooflineS * 1e6, -1.0, 3.0);
    f[1] = clipLog2(r.computeS / r.memoryS, -6.0, 6.0) / 4.0f;
    f[2] = clipLog2(k, 2.0, 12.0) / 4.0f;
    f[3] = clipLog2(bytes / d.l2Bytes, -10.0, 3.0) / 4.0f;
    f[4] = clipLog2(batch, 0.0, 8.0) / 4.0f;
    f[5] = linear ? 1.0f : 0.0f;
    static constexpr double kTiles[4][2] = {{128, 128}, {64, 128}, {64, 64}, {32, 32}};
    int i = 6;
    for (const auto &t : kTiles) {
        const double tiles = batch * std::ceil(m / t[0]) * std::ceil(n / t[1]);
        const double blocksPerSm = std::clamp(2.0 * 128.0 * 128.0 / (t[0] * t[1]), 1.0, 8.0);
        const double waves = tiles / (d.sms * blocksPerSm);
        f[i++] = clipLog2(waves, -6.0, 5.0) / 4.0f;
        f[i++] = static_cast<float>(waves / std::ceil(waves));
        f[i++] = static_cast<float>((m * n) / (std::ceil(m / t[0]) * t[0] * std::ceil(n / t[1]) * t[1]));
    }
    return i;
}

}  // namespace

KernelFeatures computeKernelFeatures(const Kernel &kernel, const DeviceResources &device) {
    KernelFeatures out;
    out.model = utilisationModelFor(kernel);
    float *f = out.values.data();
    switch (out.model) {
    case UtilisationModelKind::Gemm: {
        const Kernel g = kernel.kind == KernelClass::Conv ? kernel.asGemm() : kernel;
        out.compute = device.effectiveCompute(g.compute);
        const double bytes = g.bytes();
        const Roofline r = roofline(g.flops(), bytes, device.peak(out.compute), device.bandwidthGBps);
        out.computeS = r.computeS;
        out.memoryS = r.memoryS;
        out.rooflineS = r.rooflineS;
        out.count = gemmLikeFeatures(f, static_cast<double>(g.batch), static_cast<double>(g.m),
                                     static_cast<double>(g.n), static_cast<double>(g.k), g.linear, r, bytes, device);
        break;
    }
    case UtilisationModelKind::Conv: {
        out.compute = device.effectiveCompute(kernel.compute);
        const double bytes = kernel.bytes();
        const Roofline r = roofline(kernel.flops(), bytes, device.peak(out.compute), device.bandwidthGBps);
        out.computeS = r.computeS;
        out.memoryS = r.memoryS;
        out.rooflineS = r.rooflineS;
        const double oh = static_cast<double>(kernel.outH());
        const double ow = static_cast<double>(kernel.outW());
        const double ci = static_cast<double>(kernel.inChannels / kernel.groups);
        const double co = static_cast<double>(kernel.outChannels);
        int i = gemmLikeFeatures(f, 1.0, static_cast<double>(kernel.implicitM()), co,
                                 static_cast<double>(kernel.implicitK()), true, r, bytes, device);
        // Winograd / FFT / tiled-output effects: fill of the output to 2, 4 and 8 pixel tiles,
        // channels to 32-wide vectors, spatial size and channel counts.
        f[i++] = fill(oh, 2.0) * fill(ow, 2.0);
        f[i++] = fill(oh, 4.0) * fill(ow, 4.0);
        f[i++] = fill(oh, 8.0) * fill(ow, 8.0);
        f[i++] = fill(ci, 32.0);
        f[i++] = fill(co, 32.0);
        f[i++] = clipLog2(oh * ow, 0.0, 14.0) / 4.0f;
        f[i++] = clipLog2(ci, 0.0, 12.0) / 4.0f;
        f[i++] = clipLog2(co, 0.0, 12.0) / 4.0f;
        f[i++] = clipLog2(static_cast<double>(kernel.batch), 0.0, 6.0) / 4.0f;
        f[i++] = fill(co, 128.0);
        f[i++] = fill(ci, 8.0);
        out.count = i;
        out.winogradEligible = kernel.kernelH == 3 && kernel.kernelW == 3 && kernel.strideH == 1 &&
                               kernel.strideW == 1 && kernel.groups == 1 && out.compute == ComputeType::FP32;
        break;
    }
    case UtilisationModelKind::Vector: {
        // Element-wise and row-wise work runs on CUDA cores whatever the dtype: the compute side of
        // the roofline uses the FP32 CUDA-core peak, the memory side the element size.
        out.compute = ComputeType::FP32;
        const double elements = kernel.kind == KernelClass::Stencil
                                    ? static_cast<double>(kernel.batch * kernel.outChannels) *
                                          static_cast<double>(kernel.outH() * kernel.outW())
                                    : static_cast<double>(kernel.elements);
        const double bytes = kernel.bytes();
        const double flops = kernel.flops();
        const Roofline r = roofline(std::max(flops, elements), bytes, device.peak(ComputeType::FP32),
                                    device.bandwidthGBps);
        out.computeS = flops / (device.peak(ComputeType::FP32) * kTera);
        out.memoryS = r.memoryS;
        out.rooflineS = std::max(out.computeS, out.memoryS);
        const bool rowwise = kernel.kind == KernelClass::RowReduction;
        // One CTA per row for row-wise kernels; 128-thread CTAs of 4-wide vectors otherwise.
        const double blocks = rowwise ? static_cast<double>(kernel.rows) : std::ceil(elements / 512.0);
        const double ctaSlots = device.sms * (device.maxThreadsPerSm / 128.0);
        const double waves = blocks / ctaSlots;
        const double flopsPerElement = elements > 0 ? flops / elements : 0.0;
        const double arrays = kernel.kind == KernelClass::Stencil
                                  ? 2.0
                                  : static_cast<double>(kernel.inputs + std::max(kernel.outputs, 0));
        f[0] = clipLog10(out.rooflineS * 1e6, -1.0, 3.0);
        f[1] = clipLog2(r.computeS / r.memoryS, -8.0, 4.0) / 4.0f;
        f[2] = clipLog2(bytes / device.l2Bytes, -8.0, 4.0) / 4.0f;
        f[3] = clipLog2(waves, -6.0, 6.0) / 4.0f;
        f[4] = static_cast<float>(waves / std::ceil(waves));
        f[5] = rowwise ? 1.0f : 0.0f;
        f[6] = rowwise ? clipLog2(static_cast<double>(kernel.rowLength), 4.0, 14.0) / 4.0f : 0.0f;
        f[7] = static_cast<float>(std::clamp(arrays - 2.0, 0.0, 2.0));
        f[8] = clipLog2(std::max(flopsPerElement, 1.0), 0.0, 5.0) / 4.0f;
        out.count = 9;
        break;
    }
    }
    return out;
}

}  // namespace infersight
