// SPDX-License-Identifier: MIT
#include "predict/kernel_model.h"

#include "base/file_io.h"
#include "hardware/gpu_catalogue.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <optional>

namespace infersight {

QString kernelErrorClassName(KernelErrorClass c) {
    switch (c) {
    case KernelErrorClass::Gemm: return QStringLiteral("gemm");
    case KernelErrorClass::Conv: return QStringLiteral("conv");
    case KernelErrorClass::Stencil: return QStringLiteral("stencil");
    case KernelErrorClass::Elementwise: return QStringLiteral("elementwise");
    case KernelErrorClass::RowReduction: return QStringLiteral("row-reduction");
    case KernelErrorClass::Copy: return QStringLiteral("copy");
    }
    return QStringLiteral("unknown");
}

KernelErrorClass errorClassFor(const Kernel &kernel) {
    switch (kernel.kind) {
    case KernelClass::Gemm: return KernelErrorClass::Gemm;
    case KernelClass::Conv: return kernel.isPointwiseConv() ? KernelErrorClass::Gemm : KernelErrorClass::Conv;
    case KernelClass::Stencil: return KernelErrorClass::Stencil;
    case KernelClass::Elementwise: return KernelErrorClass::Elementwise;
    case KernelClass::RowReduction: return KernelErrorClass::RowReduction;
    case KernelClass::Copy: return KernelErrorClass::Copy;
    }
    return KernelErrorClass::Elementwise;
}

namespace {

constexpr std::array<UtilisationModelKind, kUtilisationModelCount> kModelKinds = {
    UtilisationModelKind::Gemm, UtilisationModelKind::Conv, UtilisationModelKind::Vector};
constexpr std::array<KernelErrorClass, kKernelErrorClassCount> kErrorClasses = {
    KernelErrorClass::Gemm, KernelErrorClass::Conv, KernelErrorClass::Stencil,
    KernelErrorClass::Elementwise, KernelErrorClass::RowReduction, KernelErrorClass::Copy};

QJsonObject bandToJson(const ErrorBand &b) {
    return QJsonObject{{QStringLiteral("low"), b.low},
                       {QStringLiteral("high"), b.high},
                       {QStringLiteral("mape"), b.mape},
                       {QStringLiteral("rows"), b.rows}};
}

ErrorBand bandFromJson(const QJsonObject &o) {
    ErrorBand b;
    b.low = o.value(QStringLiteral("low")).toDouble(1.0);
    b.high = o.value(QStringLiteral("high")).toDouble(1.0);
    b.mape = o.value(QStringLiteral("mape")).toDouble();
    b.rows = o.value(QStringLiteral("rows")).toInt();
    return b;
}

// ---- Tensor-core paths and depthwise convolutions (issue 17 item 3; docs/predictor.md) --------------

// Vector width, in elements, that tensor-core kernels load: 16 bytes (8 FP16/BF16, 4 TF32, 16
// INT8/FP8 elements). cuBLAS 11+ and cuDNN 8+ run shapes that are not multiples of it on tensor
// cores all the same, with the operand tiles zero-padded to it (NVIDIA, "Matrix Multiplication
// Background User's Guide", Tensor Core Requirements): the padded lanes do no useful work.
double tensorAlignment(ComputeType c) {
    switch (c) {
    case ComputeType::TF32: return 4.0;
    case ComputeType::FP16:
    case ComputeType::BF16: return 8.0;
    case ComputeType::INT8:
    case ComputeType::FP8: return 16.0;
    case ComputeType::FP32: return 1.0;
    }
    return 1.0;
}

double paddedTo(double x, double a) {
    return std::ceil(x / a) * a;
}

}  // namespace

// Useful fraction of the zero-padded operand tiles: the reduction dimension K (contiguous in the
// activation operand) and the output dimension N (contiguous in the weight and the result) padded
// to the vector width. A convolution pads its channels per group (NHWC implicit GEMM), e.g. a stem
// conv over 3 RGB channels runs as 8 channels in FP16 (K 147 -> 392 for a 7x7 window).

double tensorAlignmentEfficiency(const Kernel &kernel, ComputeType path) {
    const double a = tensorAlignment(path);
    if (a <= 1.0) {
        return 1.0;
    }
    if (kernel.kind == KernelClass::Conv && kernel.groups > 1) {
        // Grouped convolutions (ResNeXt's 4 channels per group) run cuDNN's grouped kernels, which
        // batch the groups instead of padding each one: the DLE ResNeXt/SE-ResNeXt AMP rows (V100, T4)
        // are over-predicted by 4x the conv time if they are padded per group.
        return 1.0;
    }
    if (kernel.kind == KernelClass::Conv && !kernel.isPointwiseConv()) {
        // cuDNN's implicit-GEMM convolutions have small-channel kernels that load 4 channels at a time
        // (the first-layer "C = 4" NHWC kernels), so channels pad to at most 4: 3 RGB channels -> 4.
        const double ca = std::min(a, 4.0);
        const double cin = static_cast<double>(kernel.inChannels);
        const double cout = static_cast<double>(kernel.outChannels);
        return (cin / paddedTo(cin, ca)) * (cout / paddedTo(cout, ca));
    }
    const Kernel g = kernel.kind == KernelClass::Conv ? kernel.asGemm() : kernel;
    const double k = static_cast<double>(g.k);
    const double n = static_cast<double>(g.n);
    return (k / paddedTo(k, a)) * (n / paddedTo(n, a));
}

// SM clock cycles per output of a depthwise convolution in NCHW memory, from the rows of at least
// 0.1 ms in data/measured/h100-sxm5-80gb/kernel_bench.csv and kernel_bench_depthwise.csv
// (tools/measure/kernel_bench.py; 32-1,632 channels, 7-112 pixels square, batch 128):
//  - FP32 (PyTorch's conv_depthwise2d; 394 rows), medians at stride 1: 3x3 2.49, 5x5 4.25, 7x7 8.87
//    cycles (the 5x5 and 7x7 windows run the kernel's generic loop, the 3x3 its unrolled copy), linear
//    in the window's taps between them and beyond; stride 2 costs 1.13x per output (median of its 159
//    rows over stride 1). Over the 394 rows: MAPE 2.9 %.
//  - FP16 / BF16 (2-byte; 218 rows): medians of the kernels PyTorch picks per shape (cuDNN's
//    conv2d_c1_k1_nchw_shmem_tiling for 3x3 and 5x5 at stride 1, its own kernel for 7x7 and for some
//    stride-2 shapes): stride 1 3x3 0.82, 5x5 2.15, 7x7 9.39; stride 2 2.21, 3.76, 9.90.
double KernelModel::depthwiseIssueCycles(int windowTaps, int stride, int elementBytes) {
    struct Point {
        double taps, cycles;
    };
    static constexpr Point kFp32[] = {{9.0, 2.49}, {25.0, 4.25}, {49.0, 8.87}};
    static constexpr Point kHalfStride1[] = {{9.0, 0.82}, {25.0, 2.15}, {49.0, 9.39}};
    static constexpr Point kHalfStride2[] = {{9.0, 2.21}, {25.0, 3.76}, {49.0, 9.90}};
    const bool half = elementBytes < 4;
    const Point *p = !half ? kFp32 : stride > 1 ? kHalfStride2 : kHalfStride1;
    const double t = std::max(1, windowTaps);
    const Point &lo = t <= p[1].taps ? p[0] : p[1];
    const Point &hi = t <= p[1].taps ? p[1] : p[2];
    const double cycles = lo.cycles + (hi.cycles - lo.cycles) * (t - lo.taps) / (hi.taps - lo.taps);
    return std::max(half ? 0.5 : 1.0, cycles) * (!half && stride > 1 ? 1.13 : 1.0);
}

bool isDepthwiseStencil(const Kernel &kernel) {
    return kernel.kind == KernelClass::Stencil && kernel.flopsPerElement >= kDepthwiseStencilFlopsPerTap;
}

Result<KernelModel> KernelModel::fromJson(const QByteArray &json, const QString &sourceName) {
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (doc.isNull() || !doc.isObject()) {
        return Error{QStringLiteral("%1: not a JSON object (%2)").arg(sourceName, err.errorString())};
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("schema")).toString() != QLatin1String(kSchema)) {
        return Error{QStringLiteral("%1: schema is not '%2'").arg(sourceName, QLatin1String(kSchema))};
    }
    if (root.value(QStringLiteral("schema_version")).toInt() != kSchemaVersion) {
        return Error{QStringLiteral("%1: schema_version %2 is not supported (expected %3)")
                         .arg(sourceName)
                         .arg(root.value(QStringLiteral("schema_version")).toInt())
                         .arg(kSchemaVersion)};
    }
    if (root.value(QStringLiteral("features_version")).toInt() != kKernelFeaturesVersion) {
        return Error{QStringLiteral("%1: fitted on features version %2, this build computes version %3; retrain "
                                    "with tools/train")
                         .arg(sourceName)
                         .arg(root.value(QStringLiteral("features_version")).toInt())
                         .arg(kKernelFeaturesVersion)};
    }
    KernelModel km;
    const QJsonObject models = root.value(QStringLiteral("models")).toObject();
    for (UtilisationModelKind kind : kModelKinds) {
        const QString name = utilisationModelName(kind);
        if (!models.contains(name)) {
            return Error{QStringLiteral("%1: model '%2' missing").arg(sourceName, name)};
        }
        Result<UtilisationModel> m = UtilisationModel::fromJson(models.value(name).toObject(), kind);
        if (!m) {
            return Error{QStringLiteral("%1: %2").arg(sourceName, m.errorMessage())};
        }
        const int expected = kind == UtilisationModelKind::Gemm   ? kGemmFeatureCount
                             : kind == UtilisationModelKind::Conv ? kConvFeatureCount
                                                                  : kVectorFeatureCount;
        if (m->featureInputs() != expected) {
            return Error{QStringLiteral("%1: model '%2' takes %3 features, this build computes %4")
                             .arg(sourceName, name)
                             .arg(m->featureInputs())
                             .arg(expected)};
        }
        km.model(kind) = std::move(m.value());
    }
    const QJsonObject bands = root.value(QStringLiteral("error_bands")).toObject();
    for (KernelErrorClass c : kErrorClasses) {
        const QJsonObject b = bands.value(kernelErrorClassName(c)).toObject();
        KernelClassBands &kb = km.bands(c);
        kb.measuredGpu = bandFromJson(b.value(QStringLiteral("measured_gpu")).toObject());
        kb.unseenGpu = bandFromJson(b.value(QStringLiteral("unseen_gpu")).toObject());
        kb.fitted = b.value(QStringLiteral("fitted")).toBool(false);
        if (!(kb.measuredGpu.low > 0 && kb.measuredGpu.low <= kb.measuredGpu.high && kb.unseenGpu.low > 0 &&
              kb.unseenGpu.low <= kb.unseenGpu.high)) {
            return Error{QStringLiteral("%1: error band of '%2' is not 0 < low <= high")
                             .arg(sourceName, kernelErrorClassName(c))};
        }
    }
    km.m_tensorCoreEfficiency = root.value(QStringLiteral("tensor_core_efficiency")).toDouble(1.0);
    if (!(km.m_tensorCoreEfficiency > 0 && km.m_tensorCoreEfficiency <= 1.0)) {
        return Error{QStringLiteral("%1: tensor_core_efficiency must be in (0, 1]").arg(sourceName)};
    }
    km.m_metadata = root.value(QStringLiteral("metadata")).toObject();
    return km;
}

Result<KernelModel> KernelModel::fromFile(const QString &path) {
    auto bytes = readRegularFile(path, kTextFileCapMiB, QStringLiteral("a kernel model"));
    if (!bytes) {
        return bytes.error();
    }
    return fromJson(*bytes, path);
}

Result<KernelModel> KernelModel::fromResource() {
    return fromFile(QString::fromLatin1(kResourcePath));
}

const KernelModel &KernelModel::builtIn() {
    static const KernelModel model = [] {
        Result<KernelModel> m = fromResource();
        if (!m) {
            qWarning("kernel model: %s; predicting roofline only", qPrintable(m.errorMessage()));
            return KernelModel{};
        }
        return std::move(m.value());
    }();
    return model;
}

QJsonObject KernelModel::toJson() const {
    QJsonObject root;
    root[QStringLiteral("schema")] = QLatin1String(kSchema);
    root[QStringLiteral("schema_version")] = kSchemaVersion;
    root[QStringLiteral("features_version")] = kKernelFeaturesVersion;
    root[QStringLiteral("tensor_core_efficiency")] = m_tensorCoreEfficiency;
    QJsonObject models;
    for (UtilisationModelKind kind : kModelKinds) {
        models[utilisationModelName(kind)] = model(kind).toJson();
    }
    root[QStringLiteral("models")] = models;
    QJsonObject bandsJson;
    for (KernelErrorClass c : kErrorClasses) {
        const KernelClassBands &b = bands(c);
        bandsJson[kernelErrorClassName(c)] = QJsonObject{{QStringLiteral("measured_gpu"), bandToJson(b.measuredGpu)},
                                                         {QStringLiteral("unseen_gpu"), bandToJson(b.unseenGpu)},
                                                         {QStringLiteral("fitted"), b.fitted}};
    }
    root[QStringLiteral("error_bands")] = bandsJson;
    root[QStringLiteral("metadata")] = m_metadata;
    return root;
}

namespace {

// A sibling's boost clock may differ from the GPU's by this much (A30 1440 vs A100 1410 MHz).
constexpr double kSiblingClockTolerance = 0.05;

// The GPU whose calibration `model` uses for `device`: the device's own (a custom GPU's base), else
// the measured GPU of the same chip and boost clock (within kSiblingClockTolerance) with the most
// training rows (ties: the smaller id), else none (the memory family's mean). A GA100 board without
// measurements (A100 SXM4, A30) is closer to the measured A100 PCIe than to the mean of the P100,
// V100 and A100: the A100 80GB PCIe's GEMM and vector test rows, which no model was fitted on, come
// out 10.0 -> 7.0 % and 8.4 -> 4.9 % with its 40GB sibling's calibration and the two boards' power
// limits (docs/predictor.md "Same-chip siblings and the power limit"). The V100 SXM2 (1530 MHz) stays on the family
// mean: the DLE rows' eager host costs were fitted on it with that calibration, and its PCIe
// sibling's (1380 MHz) put those rows 7-15 % fast; the dominance guard (bind) bounds it by the
// V100 PCIe's prices instead.
const GpuSpec *calibrationSourceFor(const UtilisationModel &model, const DeviceResources &device) {
    const GpuCatalogue &catalogue = GpuCatalogue::builtIn();
    if (model.hasCalibration(device.gpuId)) {
        return catalogue.find(device.gpuId);
    }
    if (device.chip.isEmpty()) {
        return nullptr;
    }
    const GpuSpec *best = nullptr;
    int bestRows = -1;
    for (const GpuCalibration &c : model.calibration) {
        const GpuSpec *spec = catalogue.find(c.gpuId);
        if (!spec || spec->chip != device.chip ||
            std::abs(spec->boostClockMhz / device.clockMhz - 1.0) > kSiblingClockTolerance) {
            continue;
        }
        if (c.rows > bestRows || (c.rows == bestRows && best && spec->id < best->id)) {
            best = spec;
            bestRows = c.rows;
        }
    }
    return best;
}

// The bandwidth sibling of a GPU (BoundDevice::siblingBandwidthRatio): the catalogue GPU of the same
// chip, SM count, L2 and boost clock (within kSiblingClockTolerance) with the lowest DRAM bandwidth,
// if lower than this GPU's; nullptr otherwise. The learned utilisation of a tensor-core kernel rises
// with bandwidth far beyond what its bytes need (its features were learned on FP32 kernels, whose
// compute-to-memory ratio sits far from a tensor path's): across a bandwidth step at equal SMs the
// measured H200 gains 12 % on TF32 CNNs at batch 128 over the H100 SXM where the network gave it 26 %
// (data/measured; docs/predictor.md "Bandwidth siblings").
// A GPU of the same chip, SM count, L2 and boost clock (within kSiblingClockTolerance) with another
// DRAM bandwidth.
bool isBandwidthSibling(const GpuSpec &spec, const DeviceResources &whole) {
    return !whole.chip.isEmpty() && spec.chip == whole.chip && spec.sms == whole.sms &&
           std::abs(spec.l2Bytes() / whole.l2Bytes - 1.0) < 1e-6 &&
           std::abs(spec.boostClockMhz / whole.clockMhz - 1.0) <= kSiblingClockTolerance &&
           std::abs(spec.bandwidthGBps / whole.bandwidthGBps - 1.0) > 1e-6;
}

// `source` (the measured GPU whose calibration a model uses) when it is a bandwidth sibling: the
// level was fitted at its bandwidth. Without a source (the memory family's mean), the catalogue's
// lowest-bandwidth sibling if it has less than this GPU (ties: catalogue order); else none.
const GpuSpec *bandwidthSiblingFor(const DeviceResources &whole, const GpuSpec *source) {
    if (source) {
        return isBandwidthSibling(*source, whole) ? source : nullptr;
    }
    const GpuSpec *best = nullptr;
    for (const GpuSpec &spec : GpuCatalogue::builtIn().gpus()) {
        if (isBandwidthSibling(spec, whole) && spec.bandwidthGBps < whole.bandwidthGBps &&
            (!best || spec.bandwidthGBps < best->bandwidthGBps)) {
            best = &spec;
        }
    }
    return best;
}

// The GEMM level of a GPU that has neither a calibration of its own nor a same-chip sibling's, on a
// process whose power per FP32 lane is known (fp32LaneWattsPerGhz of its chip): over the calibrated
// GPUs of the same FP32 dispatch design, the mean of (level - ln sustained fraction), plus this GPU's
// ln sustained fraction. Why: a GPU's GEMM level is its cuBLAS SGEMM efficiency, and across the five
// measured GPUs it is the clock its board power sustains and the dispatch design, not the memory
// family: with the fraction taken out, the V100 PCIe, A100 PCIe 40GB and T4 sit within +-0.025 of
// their mean; the Pascal boards (32 FP32 lanes per scheduler fed by two dispatch units, compute
// capability 6.x) 0.16-0.22 below it. The memory family's mean (the fallback) priced the held-out
// V100 PCIe's GEMM-bound rows 14-25 % slow, as the mean of a Pascal board and a power-limited A100.
// e2e leave-one-GPU-out 11.3 -> 7.5 % (docs/predictor.md "The power prior for unmeasured GPUs").
// Dual-dispatch boards take only their own kind's mean (none calibrated: no prior); the single-
// dispatch 32-lane GPUs (8.6+) the 16-lane mean, their issue loss being the wide-issue factor's.
std::optional<double> powerPriorLevelFor(const UtilisationModel &model, const DeviceResources &device) {
    if (fp32LaneWattsPerGhz(device.chip) <= 0 || model.isEmpty()) {
        return std::nullopt;
    }
    const bool dualDispatch = device.computeCapabilityMajor < 7;
    const GpuCatalogue &catalogue = GpuCatalogue::builtIn();
    double sum = 0;
    int n = 0;
    for (const GpuCalibration &c : model.calibration) {
        const GpuSpec *spec = catalogue.find(c.gpuId);
        if (!spec || fp32LaneWattsPerGhz(spec->chip) <= 0 || (spec->computeCapabilityMajor < 7) != dualDispatch) {
            continue;
        }
        sum += c.level - std::log(sustainedComputeFraction(*spec));
        ++n;
    }
    if (n == 0) {
        return std::nullopt;
    }
    return sum / n + std::log(device.sustainedComputeFraction);
}

// The highest DRAM bandwidth among the GPUs `model` has a calibration for (GB/s; 0 if none). An
// element-wise kernel on an uncalibrated GPU with more bandwidth and no bandwidth sibling is never
// priced slower than the vector network gives it at that bandwidth: far above the bandwidths it was
// fitted on, the network reads more bandwidth as slower (the B200's 1.6 MB element-wise kernels came
// out at 9-10 us, 44-50x their bytes at its 7.7 TB/s), as the H200 guard
// against the H100 found for its sibling (docs/predictor.md "Bandwidth siblings").
double highestCalibratedBandwidth(const UtilisationModel &model) {
    double best = 0;
    for (const GpuCalibration &c : model.calibration) {
        if (const GpuSpec *spec = GpuCatalogue::builtIn().find(c.gpuId)) {
            best = std::max(best, spec->bandwidthGBps);
        }
    }
    return best;
}

}  // namespace

QString KernelModel::calibrationNote(const BoundDevice &device) {
    // Group the models by the GPU they borrow from, in model order (GEMM, convolution, vector).
    QStringList parts;
    QStringList done;
    const QString own = device.resources.gpuId;
    for (UtilisationModelKind kind : kModelKinds) {
        const QString &source = device.calibrationSource[static_cast<std::size_t>(kind)];
        if (source.isEmpty() || source == own || done.contains(source)) {
            continue;
        }
        done << source;
        QStringList kinds;
        double ratio = 1.0;
        for (UtilisationModelKind k : kModelKinds) {
            const auto j = static_cast<std::size_t>(k);
            if (device.calibrationSource[j] != source) {
                continue;
            }
            if (k == UtilisationModelKind::Vector) {
                kinds << QStringLiteral("element-wise");
                continue;
            }
            kinds << (k == UtilisationModelKind::Gemm ? QStringLiteral("GEMM") : QStringLiteral("convolution"));
            ratio = device.sustainedRatio[j];
        }
        const GpuSpec *spec = GpuCatalogue::builtIn().find(source);
        QString part = QStringLiteral("%1 kernels timed as on the measured %2 (same %3 chip")
                           .arg(kinds.join(QStringLiteral(" and ")), spec ? spec->shortName : source, device.resources.chip);
        if (std::abs(ratio - 1.0) > 0.005) {
            part += QStringLiteral("; FP32 compute-bound time x%1 for the power limit").arg(1.0 / ratio, 0, 'f', 2);
        }
        parts << part + QLatin1Char(')');
    }
    auto siblingName = [](const QString &id) {
        const GpuSpec *spec = GpuCatalogue::builtIn().find(id);
        return spec ? spec->shortName : id;
    };
    const QString &gemmSibling = device.bandwidthSibling[static_cast<std::size_t>(UtilisationModelKind::Gemm)];
    const QString &convSibling = device.bandwidthSibling[static_cast<std::size_t>(UtilisationModelKind::Conv)];
    QStringList siblings;  // "GEMMs as on the A100-PCIE-40GB"
    if (!gemmSibling.isEmpty() && gemmSibling == convSibling) {
        siblings << QStringLiteral("GEMMs and convolutions as on the %1").arg(siblingName(gemmSibling));
    } else {
        if (!gemmSibling.isEmpty()) {
            siblings << QStringLiteral("GEMMs as on the %1").arg(siblingName(gemmSibling));
        }
        if (!convSibling.isEmpty()) {
            siblings << QStringLiteral("convolutions as on the %1").arg(siblingName(convSibling));
        }
    }
    if (!siblings.isEmpty()) {
        parts << QStringLiteral("tensor-core %1 (same chip, SMs and clock, other bandwidth), with this GPU's DRAM time of "
                                "their bytes")
                     .arg(siblings.join(QStringLiteral(", ")));
    }
    if (device.powerPrior) {
        parts << QStringLiteral("FP32 GEMM efficiency not measured on this GPU: the measured GPUs' mean corrected for power, "
                                "for a board that sustains %1 % of its boost clock at its %2 W limit")
                     .arg(100.0 * device.resources.sustainedComputeFraction, 0, 'f', 0)
                     .arg(device.resources.tdpW, 0, 'f', 0);
    }
    return parts.join(QStringLiteral("; "));
}

KernelModel::BoundDevice KernelModel::bind(const DeviceResources &device) const {
    BoundDevice b = bindOne(device);
    if (device.partitioned()) {
        return b;
    }
    // Dominance is transitive, so the scan finds every GPU below this one and each is bound alone:
    // a price here is the least of its own and theirs, never above any of theirs as targets.
    for (const GpuSpec &spec : GpuCatalogue::builtIn().gpus()) {
        const DeviceResources other = DeviceResources::fromSpec(spec);
        if (device.dominates(other)) {
            b.dominated.push_back(std::make_shared<const BoundDevice>(bindOne(other)));
        }
    }
    return b;
}

KernelModel::BoundDevice KernelModel::bindOne(const DeviceResources &device) const {
    BoundDevice b;
    const DeviceResources whole = device.wholeGpu();
    b.resources = device;
    for (UtilisationModelKind kind : kModelKinds) {
        const auto i = static_cast<std::size_t>(kind);
        const UtilisationModel &m = model(kind);
        const GpuSpec *source = calibrationSourceFor(m, device);
        const QString id = source ? source->id : device.gpuId;
        bool own = false;
        const double level = m.levelFor(id, device.memoryType, &own);
        b.levelFactor[i] = std::exp(level);
        b.calibratedPer[i] = own && id == device.gpuId;
        b.embedding[i] = m.embeddingFor(id, device.memoryType);
        b.familyLevelFactor[i] = std::exp(m.levelFor(QString(), device.memoryType));
        if (kind == UtilisationModelKind::Gemm && !source) {
            if (const std::optional<double> prior = powerPriorLevelFor(m, device)) {
                b.levelFactor[i] = std::exp(*prior);
                b.powerPrior = true;
            }
        }
        if (source) {  // a calibrated GPU (its own, a custom GPU's base or a sibling)
            b.calibrationSource[i] = source->id;
            b.sustainedRatio[i] = device.sustainedComputeFraction / sustainedComputeFraction(*source);
        }
        if (!b.calibratedPer[i] && !m.isEmpty()) {
            if (const GpuSpec *sibling = bandwidthSiblingFor(whole, source)) {
                b.siblingBandwidthRatio[i] = sibling->bandwidthGBps / whole.bandwidthGBps;
                b.bandwidthSibling[i] = sibling->id;
            } else if (kind == UtilisationModelKind::Vector) {
                // No sibling: bound by the highest bandwidth the vector network was calibrated at.
                const double fitted = highestCalibratedBandwidth(m);
                if (fitted > 0 && fitted < whole.bandwidthGBps) {
                    b.fittedBandwidthRatio = fitted / whole.bandwidthGBps;
                }
            }
        }
    }
    return b;
}

double KernelModel::utilisation(const Kernel &kernel, const KernelFeatures &f, const BoundDevice &device,
                                bool *extrapolated) const {
    const auto kindIndex = static_cast<std::size_t>(f.model);
    const UtilisationModel &um = m_models[kindIndex];
    const bool matrixClass = f.model != UtilisationModelKind::Vector;
    const bool tensorPath = matrixClass && f.compute != ComputeType::FP32;
    double u = 1.0;
    if (!um.isEmpty()) {
        // A GPU's calibration level was fitted on FP32 CUDA-core kernels (its SGEMM issue efficiency,
        // its FP32 lanes' power limit); tensor-core paths take the memory family's level with the
        // GPU's own embedding. With their own levels the V100 PCIe's tensor kernels (level 0.18 against
        // the family's 0.07) priced the DGX-1's measured AMP rows 7-11 % fast at batch >= 32 once the
        // V100 SXM2 was bounded by them, and the power-capped T4's (-0.13) its AMP rows 10 % slow
        // (docs/predictor.md "Monotonic in hardware: the dominance guard").
        const double level = tensorPath ? device.familyLevelFactor[kindIndex] : device.levelFactor[kindIndex];
        u = um.baseUtilisation(f, device.embedding[kindIndex].data()) * level;
    }
    if (matrixClass && !tensorPath && device.sustainedRatio[kindIndex] != 1.0) {
        // The calibration is another GPU's (a same-chip sibling, a custom GPU's base) with another
        // power limit: scale the compute-bound share of an FP32 kernel by the ratio of sustained
        // clocks (the figure is one of FP32 lanes; tensor-core power was never measured here).
        const double computeShare = f.memoryS > 0 ? std::min(1.0, f.computeS / f.memoryS) : 1.0;
        u *= computeShare >= 1.0 ? device.sustainedRatio[kindIndex] : std::pow(device.sustainedRatio[kindIndex], computeShare);
    }
    if (tensorPath) {
        // Tensor-core paths: the FP32 utilisation (tile and wave quantisation on the target's SMs are in
        // its features), less the zero-padded lanes of unaligned operands; never measured here.
        u *= m_tensorCoreEfficiency * tensorAlignmentEfficiency(kernel, f.compute);
        *extrapolated = true;
    }
    if (matrixClass && f.compute == ComputeType::FP32 && device.resources.fp32LanesPerIssue >= 32) {
        // cuBLAS SGEMM and cuDNN's SIMT convolutions (1x1 ones too) where FP32 lanes are issue-bound: on
        // the compute-bound share of the kernel, as the sustained-clock ratio above (issue limits arithmetic,
        // not streaming).
        const double factor = kernel.kind == KernelClass::Conv ? m_wideIssueFp32ConvEfficiency : m_wideIssueFp32Efficiency;
        const double computeShare = f.memoryS > 0 ? std::min(1.0, f.computeS / f.memoryS) : 1.0;
        u *= computeShare >= 1.0 ? factor : std::pow(factor, computeShare);
    }
    if (isDepthwiseStencil(kernel)) {
        if (kernel.elementBytes < 4 || kernel.channelsLast) {
            u *= kDepthwiseEfficiency;  // cuDNN's kernels stream
        }
        if (!kernel.channelsLast && kernel.elementBytes >= 2) {
            // NCHW: the larger of that streaming time and the issue-bound time of the kernel PyTorch picks.
            const double outputs = static_cast<double>(kernel.batch) * static_cast<double>(kernel.inChannels) *
                                   static_cast<double>(kernel.outH()) * static_cast<double>(kernel.outW());
            const double smCyclesPerS = device.resources.sms * device.resources.clockMhz * 1e6;
            const double issueS =
                outputs *
                depthwiseIssueCycles(kernel.kernelH * kernel.kernelW, std::max(kernel.strideH, kernel.strideW), kernel.elementBytes) /
                smCyclesPerS;
            if (issueS > 0 && smCyclesPerS > 0) {
                u = std::min(u, f.rooflineS / issueS);
            }
        }
    }
    if (f.model == UtilisationModelKind::Conv && !f.winogradEligible) {
        u = std::min(u, 1.0);  // only 3x3 stride-1 FP32 convs were measured (and may use Winograd)
        *extrapolated = true;
    }
    return std::clamp(u, 1e-6, um.uMax);
}

KernelPrediction KernelModel::predict(const Kernel &kernel, const BoundDevice &device) const {
    KernelPrediction p = predictOne(kernel, device);
    if (!kernel.valid() || !device.resources.valid()) {
        return p;
    }
    // Monotonic in hardware: never slower than on a GPU of this compute capability that this one is at
    // least as good as in every figure (SMs, lanes, clock, bandwidth, L2, power limit, peaks). The
    // networks and the per-GPU calibrations are not monotonic across GPUs they were not fitted on
    // (the V100 SXM2 on the memory family's level against the measured V100 PCIe's own; the H200's
    // FP32 kernels against the H100's); this GPU's roofline is at most the other's, so the bound keeps
    // every physics floor.
    for (const std::shared_ptr<const BoundDevice> &other : device.dominated) {
        const KernelPrediction q = predictOne(kernel, *other);
        if (q.latencyMs >= p.latencyMs || q.latencyMs <= 0) {
            continue;
        }
        const double scale = q.latencyMs / p.latencyMs;
        p.deviceMs = q.deviceMs;
        p.latencyMs = q.latencyMs;
        p.utilisation = p.deviceMs > 0 ? p.rooflineMs / p.deviceMs : p.utilisation;
        p.bandLowMs *= scale;
        p.bandHighMs *= scale;
        if (p.floorMs > p.deviceMs) {
            p.bound = KernelBound::Latency;
        }
    }
    return p;
}

KernelPrediction KernelModel::predictOne(const Kernel &kernel, const BoundDevice &device) const {
    KernelPrediction p;
    p.errorClass = errorClassFor(kernel);
    if (!kernel.valid() || !device.resources.valid()) {
        p.supported = false;
        p.extrapolated = true;
        return p;
    }
    const KernelFeatures f = computeKernelFeatures(kernel, device.resources);
    const auto kindIndex = static_cast<std::size_t>(f.model);
    const UtilisationModel &um = m_models[kindIndex];
    p.compute = f.compute;
    const bool matrixClass = f.model != UtilisationModelKind::Vector;
    p.supported = !matrixClass || f.compute == kernel.compute;

    const double floorS = um.isEmpty() ? 0.0 : um.floorS;
    bool extrapolated = false;
    double u = 0;
    const double siblingRatio = device.siblingBandwidthRatio[kindIndex];
    auto atBandwidthRatio = [&](double ratio) {
        DeviceResources lower = device.resources;
        lower.bandwidthGBps *= ratio;
        return computeKernelFeatures(kernel, lower);
    };
    if (matrixClass && f.compute != ComputeType::FP32 && siblingRatio > 0) {
        // A tensor-core kernel on a GPU with a bandwidth sibling: its time there, less the sibling's DRAM
        // time of its bytes, plus this GPU's (both at kStreamingFraction of datasheet bandwidth).
        const KernelFeatures fs = atBandwidthRatio(siblingRatio);
        const double siblingS = fs.rooflineS / utilisation(kernel, fs, device, &extrapolated);
        const double ownDramS = f.memoryS / kStreamingFraction;
        const double timeS = std::max(siblingS - std::min(siblingS, fs.memoryS / kStreamingFraction) + ownDramS, ownDramS);
        u = std::clamp(f.rooflineS / timeS, 1e-6, um.uMax);
    } else {
        u = utilisation(kernel, f, device, &extrapolated);
        // An element-wise kernel on a GPU with a lower-bandwidth sibling is never slower than the same
        // network gives it at the sibling's bandwidth (docs/predictor.md "Bandwidth siblings"); on one
        // without a sibling, than at the highest bandwidth the network was calibrated at.
        for (const double ratio : {!matrixClass ? siblingRatio : 0.0, !matrixClass ? device.fittedBandwidthRatio : 0.0}) {
            if (ratio <= 0 || ratio >= 1) {
                continue;
            }
            const KernelFeatures fs = atBandwidthRatio(ratio);
            bool ignored = false;
            const double lowerS = fs.rooflineS / utilisation(kernel, fs, device, &ignored);
            if (lowerS < f.rooflineS / u) {
                u = std::clamp(f.rooflineS / lowerS, 1e-6, um.uMax);
            }
        }
    }
    if (matrixClass && f.compute != ComputeType::FP32) {
        // A tensor-core kernel is never priced slower than the same kernel on CUDA cores (the FP32
        // path over the same bytes): where padding to the tensor tiles makes the tensor path the slower
        // one (Switch's router, 4096 x 4 x 1024 in int8: its 4 experts padded to a 16-wide tile), the
        // library runs the other. The learned utilisation read such kernels far outside what it was
        // fitted on (FP32 kernels) and priced them at 30-216x their bytes (issue 17's bandwidth check).
        Kernel cuda = kernel;
        cuda.compute = ComputeType::FP32;
        const KernelFeatures fc = computeKernelFeatures(cuda, device.resources);
        bool ignored = false;
        const double cudaS = fc.rooflineS / utilisation(cuda, fc, device, &ignored);
        if (cudaS > 0 && cudaS < f.rooflineS / u) {
            u = std::clamp(f.rooflineS / cudaS, 1e-6, um.uMax);
        }
    }
    if (matrixClass && device.resources.partitioned() && f.computeS >= f.memoryS) {
        // A MIG instance or MPS share keeps its GPU's SMs as they are: a compute-bound matrix kernel is
        // never slower per SM than on the whole GPU (the learned utilisation reads the slice's many more
        // waves per SM as a longer, slower kernel: FP32 GEMMs of ViT-B/16 at batch 128 on an A100 1g.5gb
        // came out 8.25x the whole GPU against the SM ratio 7.71).
        const DeviceResources whole = device.resources.wholeGpu();
        const KernelFeatures fw = computeKernelFeatures(kernel, whole);
        bool ignored = false;
        const double perSmBoundS = fw.rooflineS / utilisation(kernel, fw, device, &ignored) / device.resources.smFraction;
        if (perSmBoundS > 0 && f.rooflineS / u > perSmBoundS) {
            u = std::clamp(f.rooflineS / perSmBoundS, 1e-6, um.uMax);
        }
    }

    p.computeMs = f.computeS * 1e3;
    p.memoryMs = f.memoryS * 1e3;
    p.rooflineMs = f.rooflineS * 1e3;
    p.utilisation = u;
    p.deviceMs = p.rooflineMs / u;
    p.floorMs = floorS * 1e3;
    p.latencyMs = um.isEmpty() ? p.deviceMs : um.combine(p.deviceMs * 1e-3) * 1e3;
    if (p.floorMs > p.deviceMs) {
        p.bound = KernelBound::Latency;
    } else {
        p.bound = f.computeS >= f.memoryS ? KernelBound::Compute : KernelBound::Memory;
    }
    p.calibrated = device.calibratedPer[kindIndex];
    const KernelClassBands &cb = m_bands[static_cast<std::size_t>(p.errorClass)];
    const ErrorBand &band = p.calibrated ? cb.measuredGpu : cb.unseenGpu;
    double low = band.low;
    double high = band.high;
    if (!cb.fitted) {
        extrapolated = true;
    }
    if (extrapolated) {
        low *= kExtrapolatedLowFactor;
        high *= kExtrapolatedHighFactor;
    }
    p.extrapolated = extrapolated;
    p.bandLowMs = p.latencyMs * low;
    p.bandHighMs = p.latencyMs * high;
    return p;
}

KernelPrediction predictKernel(const Kernel &kernel, const DeviceResources &device) {
    return KernelModel::builtIn().predict(kernel, device);
}

}  // namespace infersight
