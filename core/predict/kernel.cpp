// SPDX-License-Identifier: MIT
#include "predict/kernel.h"

#include <algorithm>
#include <cstring>

namespace infersight {

QString kernelClassName(KernelClass kind) {
    switch (kind) {
    case KernelClass::Gemm: return QStringLiteral("gemm");
    case KernelClass::Conv: return QStringLiteral("conv");
    case KernelClass::Stencil: return QStringLiteral("stencil");
    case KernelClass::Elementwise: return QStringLiteral("elementwise");
    case KernelClass::RowReduction: return QStringLiteral("row-reduction");
    case KernelClass::Copy: return QStringLiteral("copy");
    }
    return QStringLiteral("unknown");
}

Kernel Kernel::gemm(std::int64_t m, std::int64_t n, std::int64_t k, std::int64_t batch, bool linear,
                    ComputeType compute, int elementBytes) {
    Kernel kr;
    kr.kind = KernelClass::Gemm;
    kr.m = m;
    kr.n = n;
    kr.k = k;
    kr.batch = batch;
    kr.linear = linear;
    kr.compute = compute;
    kr.elementBytes = elementBytes;
    return kr;
}

Kernel Kernel::conv2d(std::int64_t batch, std::int64_t inChannels, std::int64_t outChannels, std::int64_t inH,
                      std::int64_t inW, int kernelH, int kernelW, int stride, int pad, std::int64_t groups,
                      ComputeType compute, int elementBytes, int dilation) {
    Kernel kr;
    kr.kind = KernelClass::Conv;
    kr.batch = batch;
    kr.inChannels = inChannels;
    kr.outChannels = outChannels;
    kr.inH = inH;
    kr.inW = inW;
    kr.kernelH = kernelH;
    kr.kernelW = kernelW;
    kr.strideH = kr.strideW = stride;
    kr.padH = kr.padW = pad;
    kr.dilationH = kr.dilationW = dilation;
    kr.groups = groups;
    kr.compute = compute;
    kr.elementBytes = elementBytes;
    return kr;
}

Kernel Kernel::stencil(std::int64_t batch, std::int64_t channels, std::int64_t inH, std::int64_t inW, int kernelH,
                       int kernelW, int stride, int pad, int elementBytes) {
    Kernel kr = conv2d(batch, channels, channels, inH, inW, kernelH, kernelW, stride, pad, channels, ComputeType::FP32,
                       elementBytes);
    kr.kind = KernelClass::Stencil;
    return kr;
}

Kernel Kernel::elementwise(std::int64_t elements, int inputs, int outputs, double flopsPerElement, int elementBytes) {
    Kernel kr;
    kr.kind = KernelClass::Elementwise;
    kr.elements = elements;
    kr.inputs = inputs;
    kr.outputs = outputs;
    kr.flopsPerElement = flopsPerElement;
    kr.elementBytes = elementBytes;
    return kr;
}

Kernel Kernel::rowReduction(std::int64_t rows, std::int64_t rowLength, double flopsPerElement, int elementBytes,
                            int outputs) {
    Kernel kr;
    kr.kind = KernelClass::RowReduction;
    kr.rows = rows;
    kr.rowLength = rowLength;
    kr.elements = rows * rowLength;
    kr.inputs = 1;
    kr.outputs = outputs;
    kr.flopsPerElement = flopsPerElement;
    kr.elementBytes = elementBytes;
    return kr;
}

Kernel Kernel::copy(std::int64_t elements, int elementBytes, int inputs) {
    Kernel kr = elementwise(elements, inputs, 1, 0.0, elementBytes);
    kr.kind = KernelClass::Copy;
    return kr;
}

std::int64_t Kernel::outH() const {
    const std::int64_t span = static_cast<std::int64_t>(dilationH) * (kernelH - 1) + 1;
    return strideH > 0 ? std::max<std::int64_t>(0, (inH + 2 * padH - span) / strideH + 1) : 0;
}

std::int64_t Kernel::outW() const {
    const std::int64_t span = static_cast<std::int64_t>(dilationW) * (kernelW - 1) + 1;
    return strideW > 0 ? std::max<std::int64_t>(0, (inW + 2 * padW - span) / strideW + 1) : 0;
}

std::int64_t Kernel::implicitM() const { return batch * outH() * outW(); }
std::int64_t Kernel::implicitN() const { return outChannels; }
std::int64_t Kernel::implicitK() const {
    return (groups > 0 ? inChannels / groups : inChannels) * kernelH * kernelW;
}

bool Kernel::isPointwiseConv() const {
    return kind == KernelClass::Conv && kernelH == 1 && kernelW == 1 && strideH == 1 && strideW == 1 && padH == 0 &&
           padW == 0 && groups == 1;
}

Kernel Kernel::asGemm() const {
    return gemm(batch * inH * inW, outChannels, inChannels, 1, true, compute, elementBytes);
}

double Kernel::flops() const {
    switch (kind) {
    case KernelClass::Gemm:
        return 2.0 * static_cast<double>(batch) * static_cast<double>(m) * static_cast<double>(n) *
               static_cast<double>(k);
    case KernelClass::Conv:
        return 2.0 * static_cast<double>(implicitM()) * static_cast<double>(implicitN()) *
               static_cast<double>(implicitK());
    case KernelClass::Stencil:
        return 2.0 * static_cast<double>(batch) * static_cast<double>(outChannels) * static_cast<double>(outH()) *
               static_cast<double>(outW()) * kernelH * kernelW;
    case KernelClass::Elementwise:
    case KernelClass::RowReduction:
    case KernelClass::Copy:
        return static_cast<double>(elements) * flopsPerElement;
    }
    return 0.0;
}

double Kernel::bytes() const {
    const double eb = elementBytes;
    switch (kind) {
    case KernelClass::Gemm:
        return eb * static_cast<double>(batch) *
               (static_cast<double>(m) * static_cast<double>(k) + static_cast<double>(k) * static_cast<double>(n) +
                static_cast<double>(m) * static_cast<double>(n));
    case KernelClass::Conv: {
        const double in = static_cast<double>(batch) * static_cast<double>(inChannels) * static_cast<double>(inH) *
                          static_cast<double>(inW);
        const double w = static_cast<double>(outChannels) * static_cast<double>(implicitK());
        const double out = static_cast<double>(batch) * static_cast<double>(outChannels) *
                           static_cast<double>(outH()) * static_cast<double>(outW());
        return eb * (in + w + out);
    }
    case KernelClass::Stencil: {
        const double in = static_cast<double>(batch) * static_cast<double>(inChannels) * static_cast<double>(inH) *
                          static_cast<double>(inW);
        const double out = static_cast<double>(batch) * static_cast<double>(outChannels) *
                           static_cast<double>(outH()) * static_cast<double>(outW());
        return eb * (in + out);
    }
    case KernelClass::Elementwise:
    case KernelClass::Copy:
        return eb * static_cast<double>(elements) * (inputs + outputs);
    case KernelClass::RowReduction:
        // Full-size outputs (softmax, norms), or one value per row when outputs == 0 (sum, mean, max).
        return eb * (static_cast<double>(elements) * (inputs + outputs) +
                     (outputs == 0 ? static_cast<double>(rows) : 0.0));
    }
    return 0.0;
}

bool Kernel::valid() const {
    if (elementBytes <= 0) {
        return false;
    }
    switch (kind) {
    case KernelClass::Gemm:
        return batch > 0 && m > 0 && n > 0 && k > 0;
    case KernelClass::Conv:
    case KernelClass::Stencil:
        return batch > 0 && inChannels > 0 && outChannels > 0 && inH > 0 && inW > 0 && kernelH > 0 && kernelW > 0 &&
               strideH > 0 && strideW > 0 && groups > 0 && inChannels % groups == 0 && outH() > 0 && outW() > 0;
    case KernelClass::Elementwise:
    case KernelClass::Copy:
        return elements > 0 && inputs >= 0 && outputs >= 0 && inputs + outputs > 0 && flopsPerElement >= 0;
    case KernelClass::RowReduction:
        return rows > 0 && rowLength > 0 && elements == rows * rowLength && flopsPerElement >= 0;
    }
    return false;
}

std::uint64_t Kernel::hash() const {
    std::uint64_t h = 1469598103934665603ULL;
    auto mix = [&h](std::uint64_t v) {
        h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    };
    mix(static_cast<std::uint64_t>(kind) | (static_cast<std::uint64_t>(compute) << 8) |
        (static_cast<std::uint64_t>(elementBytes) << 16) | (static_cast<std::uint64_t>(linear) << 24) |
        (static_cast<std::uint64_t>(channelsLast) << 25) |
        (static_cast<std::uint64_t>(static_cast<std::uint32_t>(inputs)) << 32));
    for (std::int64_t v : {batch, m, n, k, inChannels, outChannels, inH, inW, groups, elements, rows, rowLength, weightMatrices}) {
        mix(static_cast<std::uint64_t>(v));
    }
    mix(static_cast<std::uint64_t>(kernelH) | (static_cast<std::uint64_t>(kernelW) << 16) |
        (static_cast<std::uint64_t>(strideH) << 32) | (static_cast<std::uint64_t>(strideW) << 48));
    mix(static_cast<std::uint64_t>(padH) | (static_cast<std::uint64_t>(padW) << 16) |
        (static_cast<std::uint64_t>(dilationH) << 32) | (static_cast<std::uint64_t>(dilationW) << 48));
    mix(static_cast<std::uint64_t>(static_cast<std::uint32_t>(outputs)));
    std::uint64_t f = 0;
    static_assert(sizeof(f) == sizeof(flopsPerElement));
    std::memcpy(&f, &flopsPerElement, sizeof(f));
    mix(f);
    return h;
}

bool Kernel::sameAs(const Kernel &o) const {
    return kind == o.kind && compute == o.compute && elementBytes == o.elementBytes && batch == o.batch && m == o.m &&
           n == o.n && k == o.k && linear == o.linear && inChannels == o.inChannels && outChannels == o.outChannels &&
           inH == o.inH && inW == o.inW && kernelH == o.kernelH && kernelW == o.kernelW && strideH == o.strideH &&
           strideW == o.strideW && padH == o.padH && padW == o.padW && dilationH == o.dilationH &&
           dilationW == o.dilationW && groups == o.groups && elements == o.elements && rows == o.rows &&
           rowLength == o.rowLength && inputs == o.inputs && outputs == o.outputs &&
           flopsPerElement == o.flopsPerElement && channelsLast == o.channelsLast;
}

}  // namespace infersight
