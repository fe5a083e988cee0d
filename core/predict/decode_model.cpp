// SPDX-License-Identifier: MIT
#include "predict/decode_model.h"

#include <algorithm>
#include <cmath>

namespace infersight {

namespace {

// Streaming fraction of datasheet bandwidth per generation: the asymptote of
// t = t0 + bytes / (f * BW) fitted on the element-wise add and relu rows of
// data/neusight/kernels_vec.csv.gz that move >= 8 MB (PyTorch's vectorized element-wise kernels),
// median over the GPUs of a generation. Printed by tools/analysis/llm_decode_fit.py ("streaming
// fraction per generation"): Pascal P4 0.75, P100 0.77; Volta V100 0.95; Turing T4 0.75;
// Ampere A100-40 0.93, A100-80 0.87.
constexpr double kPascalFraction = 0.76;
constexpr double kVoltaFraction = 0.95;
constexpr double kTuringFraction = 0.75;
constexpr double kAmpereFraction = 0.90;

// Largest fraction of datasheet bandwidth a decode kernel streams at, whatever the efficiencies
// say: the fastest published decode row (calm, RTX 4090, fp16, data/llm) runs at 1.09x its bytes at
// datasheet bandwidth, step overheads included (tools/analysis/llm_decode_fit.py, part 3).
constexpr double kMaxFraction = 0.92;

double smoothMax(double a, double b, double p) {
    if (a <= 0) {
        return std::max(b, 0.0);
    }
    if (b <= 0) {
        return a;
    }
    const double hi = std::max(a, b);
    const double lo = std::min(a, b);
    return hi * std::pow(1.0 + std::pow(lo / hi, p), 1.0 / p);
}

double smoothstep(double x) {
    x = std::clamp(x, 0.0, 1.0);
    return x * x * (3.0 - 2.0 * x);
}

// The hand-over weight of a class: 1 up to `full`, smoothly 0 by full x DecodeModel::kHandoverSpan.
double handOver(double x, double full) {
    return x <= full ? 1.0 : 1.0 - smoothstep(std::log2(x / full) / std::log2(DecodeModel::kHandoverSpan));
}

}  // namespace

DecodeKernelKind DecodeModel::kindOf(const Kernel &kernel) {
    if (kernel.kind != KernelClass::Gemm || !kernel.valid()) {
        return DecodeKernelKind::None;
    }
    // Weight GEMMs fold the tokens into m (batch 1); nn.Linear weights are `linear`, Conv1D
    // weights are not but are still batch 1; a mixture of experts' grouped GEMM reads `batch`
    // stacked weights. Batched GEMMs of two activations are attention.
    if (kernel.linear || kernel.batch == 1 || kernel.weightMatrices > 0) {
        return DecodeKernelKind::Weights;
    }
    return DecodeKernelKind::Attention;
}

double DecodeModel::rowsOf(const Kernel &kernel) {
    if (kindOf(kernel) == DecodeKernelKind::Weights) {
        // Rows per weight matrix: a grouped GEMM's experts each take their m tokens.
        return static_cast<double>(kernel.weightMatrices > 0 ? kernel.m : kernel.batch * kernel.m);
    }
    return static_cast<double>(kernel.m);
}

bool DecodeModel::applies(const Kernel &kernel) {
    return kindOf(kernel) != DecodeKernelKind::None && rowsOf(kernel) < kMaxClassRows;
}

double DecodeModel::generationFraction(const DeviceResources &device) {
    const int major = device.computeCapabilityMajor;
    const int minor = device.computeCapabilityMinor;
    if (major <= 6) {
        return kPascalFraction;
    }
    if (major == 7) {
        return minor >= 5 ? kTuringFraction : kVoltaFraction;
    }
    return kAmpereFraction;  // 8.x and later: Ampere is the newest generation with measured rows
}

double DecodeModel::bytesOf(const Kernel &kernel, const ResolvedWeightFormat &weights) {
    const double eb = kernel.elementBytes;
    const double b = static_cast<double>(kernel.batch);
    const double m = static_cast<double>(kernel.m);
    const double n = static_cast<double>(kernel.n);
    const double k = static_cast<double>(kernel.k);
    switch (kindOf(kernel)) {
    case DecodeKernelKind::Weights: {
        const double wb = weights.format == WeightFormat::Native || weights.bytesPerWeight <= 0
                              ? eb
                              : weights.bytesPerWeight;
        const double matrices = kernel.weightMatrices > 0 ? b : 1.0;  // weight kernels are batch 1 otherwise
        return matrices * k * n * wb + b * m * (k + n) * eb;
    }
    case DecodeKernelKind::Attention: return b * (k * n + m * (k + n)) * eb;
    case DecodeKernelKind::None: break;
    }
    return kernel.bytes();
}

bool DecodeModel::isSmallVectorKernel(const Kernel &kernel) {
    return kernel.kind != KernelClass::Gemm && kernel.kind != KernelClass::Conv && kernel.valid() &&
           kernel.bytes() < kSmallKernelBytes;
}

double DecodeModel::smallKernelMs(const Kernel &kernel, const DeviceResources &device, const DecodeEfficiency &efficiency,
                                  double streamMs) {
    if (efficiency.vectorKernelUs <= 0 || !isSmallVectorKernel(kernel) || !device.valid()) {
        return streamMs;
    }
    const double floorMs = kernel.bytes() / (generationFraction(device) * device.bandwidthGBps * 1e9) * 1e3;
    return std::max(efficiency.vectorKernelUs * 1e-3, floorMs);
}


StreamingGemmBound DecodeModel::streamingGemm(const Kernel &kernel, const DeviceResources &device,
                                              const DecodeEfficiency &efficiency, StreamingShape shape) {
    StreamingGemmBound out;
    const Kernel g = kernel.kind == KernelClass::Conv && kernel.isPointwiseConv() ? kernel.asGemm() : kernel;
    if (g.kind != KernelClass::Gemm || !g.valid() || !device.valid()) {
        return out;
    }
    const ComputeType path = device.effectiveCompute(g.compute);
    const double peak = device.peak(path) * 1e12;
    if (peak <= 0) {
        return out;
    }
    const bool tensorPath = path != ComputeType::FP32 && device.computeCapabilityMajor >= 7;
    const WeightFormatClass cls = formatClassOfBytes(g.elementBytes);
    double shapeWeight = 0;
    double fraction = 0;
    if (shape == StreamingShape::FewRows) {
        if (kindOf(g) != DecodeKernelKind::Weights) {
            return out;
        }
        shapeWeight = handOver(rowsOf(g), kFullRows);
        const double cap = std::min(kMaxFraction, efficiency.weightFractionCap[static_cast<std::size_t>(cls)]);
        fraction = std::clamp(generationFraction(device) * efficiency.weights[static_cast<std::size_t>(cls)], 0.01,
                              std::max(cap, 0.01));
    } else {
        shapeWeight = handOver(static_cast<double>(g.n), kFullColumns);
        fraction = generationFraction(device) * kFewColumnEfficiency;
    }
    if (shapeWeight <= 0) {
        return out;
    }
    const double memoryS = efficiency.kernelUs * 1e-6 + g.bytes() / (fraction * device.bandwidthGBps * 1e9);
    auto padded = [&](std::int64_t d) {
        const double x = static_cast<double>(std::max<std::int64_t>(d, 1));
        return tensorPath ? std::ceil(x / kTensorTileRows) * kTensorTileRows : x;
    };
    const double rowsPadded = kindOf(g) == DecodeKernelKind::Weights && g.weightMatrices == 0 ? padded(g.batch * g.m)
                                                                                               : static_cast<double>(g.batch) * padded(g.m);
    const double computeS = 2.0 * rowsPadded * padded(g.n) * padded(g.k) / (peak * kComputeUtilisation);
    out.ms = smoothMax(memoryS, computeS, kSmoothPower) * 1e3;
    const double ratio = computeS / memoryS;
    out.weight = shapeWeight * (ratio <= 1.0 ? 1.0 : handOver(ratio, 1.0));
    return out;
}

DecodeKernelTime DecodeModel::time(const Kernel &kernel, const DeviceResources &device,
                                   const DecodeEfficiency &efficiency, const ResolvedWeightFormat &weights,
                                   double gemmStreamMs) {
    DecodeKernelTime t;
    t.kind = kindOf(kernel);
    if (t.kind == DecodeKernelKind::None || !device.valid()) {
        t.kind = DecodeKernelKind::None;
        t.ms = gemmStreamMs;
        t.classWeight = 0;
        return t;
    }
    const double bw = device.bandwidthGBps * 1e9;  // bytes/s
    const double f = generationFraction(device);
    const double eb = kernel.elementBytes;
    const double b = static_cast<double>(kernel.batch);
    const double m = static_cast<double>(kernel.m);
    const double n = static_cast<double>(kernel.n);
    const double k = static_cast<double>(kernel.k);
    const double activationBytes = b * m * (k + n) * eb;
    double streamed = 0;      // the matrix every row reads: weights or the KV cache
    double eta = 1.0;
    double cap = kMaxFraction;
    double dequantOps = 0;
    // Weight matrices the kernel reads: one, or a grouped expert GEMM's `batch` active experts.
    const double matrices = t.kind == DecodeKernelKind::Weights && kernel.weightMatrices > 0 ? b : 1.0;
    if (t.kind == DecodeKernelKind::Weights) {
        const bool native = weights.format == WeightFormat::Native || weights.bytesPerWeight <= 0;
        streamed = matrices * k * n * (native ? eb : weights.bytesPerWeight);
        const WeightFormatClass cls = native ? formatClassOfBytes(kernel.elementBytes) : weights.formatClass;
        eta = efficiency.weights[static_cast<std::size_t>(cls)];
        cap = std::min(cap, efficiency.weightFractionCap[static_cast<std::size_t>(cls)]);
        dequantOps = native ? 0.0 : weights.dequantOpsPerWeight * matrices * k * n;
    } else {
        streamed = b * k * n * eb;
        eta = efficiency.attention;
    }
    const double fraction = std::clamp(f * eta, 0.01, std::max(cap, 0.01));
    t.bytes = streamed + activationBytes;
    t.floorMs = t.bytes / bw * 1e3;

    const double bandwidthS = streamed / (fraction * bw);
    double smS = 0;
    if (efficiency.smBytesPerCycle > 0 && device.sms > 0 && device.clockMhz > 0 && t.kind == DecodeKernelKind::Weights) {
        smS = streamed / (efficiency.smBytesPerCycle * device.sms * device.clockMhz * 1e6);
    }
    const double memoryS = efficiency.kernelUs * 1e-6 + smoothMax(bandwidthS, smS, kSmoothPower) +
                           activationBytes / (std::min(f, kMaxFraction) * bw);

    // Compute side: the rows padded to tensor tiles on the GEMM's path, dequantisation on CUDA cores.
    const double rows = rowsOf(kernel);
    const double tiles = std::ceil(std::max(rows, 1.0) / kTensorTileRows);
    const ComputeType path = device.effectiveCompute(kernel.compute);
    const double peak = device.peak(path) * 1e12;
    double computeS = 0;
    if (peak > 0) {
        // Tensor paths compute whole 16-row tiles; CUDA cores only the rows there are.
        const bool tensorPath = path != ComputeType::FP32 && device.computeCapabilityMajor >= 7;  // Pascal: CUDA cores
        const double padded = t.kind == DecodeKernelKind::Weights && tensorPath ? tiles * kTensorTileRows
                              : t.kind == DecodeKernelKind::Weights           ? std::max(rows, 1.0)
                                                                              : std::max(m, 1.0);
        computeS = 2.0 * padded * n * k * (t.kind == DecodeKernelKind::Weights ? matrices : b) / (peak * kComputeUtilisation);
    }
    const double fp32 = device.peak(ComputeType::FP32) * 1e12;
    if (dequantOps > 0 && fp32 > 0) {
        computeS += dequantOps * tiles / (fp32 * kDequantUtilisation);
    }
    t.memoryMs = memoryS * 1e3;
    t.computeMs = computeS * 1e3;
    t.classMs = smoothMax(t.memoryMs, t.computeMs, kSmoothPower);

    // Hand-over to the GEMM model from the ridge: the rows at which the class's compute side (per row)
    // has grown to its streaming side. Below it the kernel streams its matrix whatever the rows
    // (data/measured/h100-sxm5-80gb/llm_decode.csv: 4096 x 4096 to 8192 x 28672 FP16 GEMMs take the same
    // time at 16, 64 and 128 rows); above it the GEMM model's compute-bound utilisation takes over.
    double ridge = kFullRows;
    if (peak > 0) {
        const double computePerRow = 2.0 * n * k * (t.kind == DecodeKernelKind::Weights ? matrices : b) / (peak * kComputeUtilisation);
        ridge = std::max(kFullRows, bandwidthS / computePerRow);
    }
    const double w = 1.0 - handOver(rows, ridge);
    t.classWeight = 1.0 - w;
    if (w <= 0 || gemmStreamMs <= 0) {
        t.ms = t.classMs;
    } else if (w >= 1) {
        t.ms = gemmStreamMs;
    } else {
        t.ms = std::exp((1.0 - w) * std::log(t.classMs) + w * std::log(gemmStreamMs));
    }
    t.ms = std::max(t.ms, t.floorMs);  // never faster than datasheet bandwidth
    return t;
}

}  // namespace infersight
