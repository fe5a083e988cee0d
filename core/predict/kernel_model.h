// SPDX-License-Identifier: MIT
// Kernel-level latency model: roofline of the kernel on the target's effective resources for
// its dtype, divided by a learned utilisation, plus the fixed per-kernel time of an isolated
// launch; with the bound and an error band taken from validation residuals of its class.
//
//   KernelModel::builtIn()            the fitted model compiled into the app
//                                     (resources/predictor/kernel_model.json)
//   predictKernel(kernel, device)     uses it
//
// For many kernels on one target, bind the device once (KernelModel::bind) and call
// predict(kernel, bound): about 0.2 us per kernel, no allocation.
#pragma once

#include "base/result.h"
#include "predict/device_resources.h"
#include "predict/kernel.h"
#include "predict/kernel_features.h"
#include "predict/utilisation_model.h"

#include <QJsonObject>
#include <QString>

#include <array>
#include <memory>
#include <vector>

namespace infersight {

enum class KernelBound : std::uint8_t {
    Compute,  // the dtype's peak limits it
    Memory,   // DRAM bandwidth limits it
    Latency,  // too small to fill the GPU: the fixed per-kernel time is larger than the work
};

// Classes with their own error band (one per KernelClass; element-wise and row-wise differ).
enum class KernelErrorClass : std::uint8_t { Gemm, Conv, Stencil, Elementwise, RowReduction, Copy };
inline constexpr int kKernelErrorClassCount = 6;
QString kernelErrorClassName(KernelErrorClass c);
KernelErrorClass errorClassFor(const Kernel &kernel);

// A depthwise convolution lowered to a stencil says so through Kernel::flopsPerElement: the
// arithmetic per window tap, 2 (multiply-add) for a depthwise conv, 1 (compare or add) for a
// pooling window (Kernel::stencil's default). cuDNN and PyTorch's depthwise kernels run far below
// the streaming bandwidth that pooling reaches (KernelModel::kDepthwiseEfficiency).
inline constexpr double kDepthwiseStencilFlopsPerTap = 2.0;
bool isDepthwiseStencil(const Kernel &kernel);

// Useful fraction of a GEMM's or convolution's tensor-core work on `path` when its operands are
// zero-padded to the 16-byte vector the tensor cores load (8 FP16/BF16, 4 TF32, 16 INT8/FP8
// elements): K and N of a GEMM, input and output channels per group of a convolution. 1 on FP32.
// Multiplies the utilisation of tensor-core kernels (KernelModel::predict).
double tensorAlignmentEfficiency(const Kernel &kernel, ComputeType path);

// Quantiles of measured / predicted latency over validation rows (p10, p90): the true latency lies
// in [low, high] x predicted for 80 % of the rows.
struct ErrorBand {
    double low = 1.0;
    double high = 1.0;
    double mape = 0.0;  // mean absolute percentage error over the same rows, %
    int rows = 0;
};

struct KernelClassBands {
    ErrorBand measuredGpu;  // test split on the GPUs the model was fitted on (calibrated)
    ErrorBand unseenGpu;    // leave-one-GPU-out: the GPU held out of fitting
    bool fitted = true;     // false: no measured data for this class (band borrowed, see docs)
};

struct KernelPrediction {
    double latencyMs = 0;     // smooth max of deviceMs and floorMs: what an isolated launch measures
    double deviceMs = 0;      // rooflineMs / utilisation: the GPU busy time
    double floorMs = 0;       // per-kernel time of an isolated launch (host dispatch of the op), hidden by
                              // longer device work: latency = (floor^p + device^p)^(1/p)
    double rooflineMs = 0;    // max(computeMs, memoryMs)
    double computeMs = 0;     // flops / peak of the path used
    double memoryMs = 0;      // compulsory bytes / DRAM bandwidth
    double utilisation = 0;   // rooflineMs / deviceMs, in (0, uMax]
    KernelBound bound = KernelBound::Memory;
    KernelErrorClass errorClass = KernelErrorClass::Elementwise;
    double bandLowMs = 0;     // 80 % band of latencyMs
    double bandHighMs = 0;
    ComputeType compute = ComputeType::FP32;  // path the roofline used
    bool supported = true;    // false: the device has no path for the requested ComputeType (FP32 used)
    bool calibrated = false;  // the GPU was measured (its own calibration level was used)
    bool extrapolated = false;  // dtype / class / shape outside the fitted data: band widened
};

class KernelModel {
public:
    static constexpr char kResourcePath[] = ":/predictor/kernel_model.json";
    static constexpr char kSchema[] = "infersight-kernel-model";
    static constexpr int kSchemaVersion = 1;

    // Band widening for what the data never measured (documented in docs/predictor.md): tensor-core
    // dtypes (the utilisation was learned on FP32 CUDA-core kernels), and classes without data.
    static constexpr double kExtrapolatedLowFactor = 0.8;
    static constexpr double kExtrapolatedHighFactor = 1.5;
    // Achieved fraction of the learned vector-kernel utilisation for depthwise convolutions
    // (cuDNN / PyTorch depthwise kernels: one thread per output, the window re-read from L1/L2,
    // no tensor cores). From the DeepLearningExamples EfficientNet rows of the V100 (FP32 and AMP),
    // the only depthwise data in data/: their MAPE is lowest at 0.45-0.5 as fitted; 0.6 is the value
    // at which every DLE leave-one-GPU-out and leave-one-family-out figure is no worse than without
    // it (docs/predictor.md, "Tensor-core kernels and depthwise convolutions").
    static constexpr double kDepthwiseEfficiency = 0.6;
    // FP32 depthwise convolutions (4-byte elements: an FP32 model under any precision setting) run
    // PyTorch's own NCHW kernel (at::native conv_depthwise2d: cuDNN takes depthwise convolutions only
    // in half precision or channels-last), one thread per output with index arithmetic: it is bound by
    // instruction issue, not by DRAM. In half precision NCHW, cuDNN's NCHW kernel or PyTorch's by shape.
    // depthwiseIssueCycles() gives their SM clock cycles per output, at the boost clock (the kernels
    // draw little power: the H100 held 1,950-1,980 MHz on them), so t = outputs x cycles / (SMs x
    // clock); the kernel's time is the larger of that and the vector network's streaming time (x
    // kDepthwiseEfficiency in half precision) (docs/predictor.md "Depthwise convolutions").
    static double depthwiseIssueCycles(int windowTaps, int stride, int elementBytes = 4);
    // Achieved fraction of the learned utilisation for FP32 GEMMs (cuBLAS SGEMM, CUDA cores) on GPUs
    // whose issue slots feed 32 FP32 lanes (DeviceResources::fp32LanesPerIssue: GA10x, Ada, Hopper,
    // Blackwell). Every GPU of the kernel data feeds 16 per slot, where an SGEMM's loads and address
    // arithmetic issue beside its FFMAs; with 32 they take FFMA slots, so the libraries reach less of
    // the doubled datasheet peak. It scales the compute-bound share of a kernel only (issue slots limit
    // arithmetic, not streaming). Fitted with kWideIssueFp32ConvEfficiency on the FP32 GPU-bound rows
    // of data/measured (H100 SXM, the one wide-issue GPU measured; 39 rows: 0.933, leave-one-model-
    // family-out 0.930-0.951; 0.949 while it scaled memory-bound kernels too and GEMMs with few rows or
    // columns were the network's alone): `infersight-cli validate --fit-fp32-issue`
    // (docs/predictor.md "Wide-issue FP32").
    static constexpr double kWideIssueFp32Efficiency = 0.93;
    // The same for cuDNN's FP32 convolutions (its SIMT implicit-GEMM kernels, 1x1 convolutions
    // included), fitted jointly on the same rows: 0.707 (0.716 before the compute-bound share; 0.709
    // before FP32 depthwise convolutions were priced issue-bound), leave-one-model-family-out 0.70-0.77 (the
    // H100's convolution-heavy CNNs ran 1.15-1.55x the time predicted with one shared factor, its
    // GEMM-heavy transformers 0.85-0.96x).
    static constexpr double kWideIssueFp32ConvEfficiency = 0.71;
    // Share of datasheet DRAM bandwidth a streaming kernel reaches on Ampere and Hopper (the decode
    // class's figure, decode_model.cpp; measured here: H100 SDPA decode 0.92, H200 0.94 of datasheet):
    // the DRAM time a tensor-core kernel's bytes take when it is priced on a bandwidth sibling.
    static constexpr double kStreamingFraction = 0.90;

    KernelModel() = default;
    static Result<KernelModel> fromJson(const QByteArray &json, const QString &sourceName);
    static Result<KernelModel> fromFile(const QString &path);
    static Result<KernelModel> fromResource();
    // The compiled-in model, loaded once. Empty (predicts roofline only) if the resource is broken,
    // which the unit tests rule out.
    static const KernelModel &builtIn();

    bool isEmpty() const { return m_models[0].isEmpty(); }
    const UtilisationModel &model(UtilisationModelKind kind) const { return m_models[static_cast<int>(kind)]; }
    UtilisationModel &model(UtilisationModelKind kind) { return m_models[static_cast<int>(kind)]; }
    const KernelClassBands &bands(KernelErrorClass c) const { return m_bands[static_cast<int>(c)]; }
    KernelClassBands &bands(KernelErrorClass c) { return m_bands[static_cast<int>(c)]; }
    const QJsonObject &metadata() const { return m_metadata; }
    void setMetadata(const QJsonObject &m) { m_metadata = m; }

    // A device with its calibration levels resolved, for repeated predictions.
    struct BoundDevice {
        DeviceResources resources;
        std::array<double, kUtilisationModelCount> levelFactor{1.0, 1.0, 1.0};  // exp(level) per model
        std::array<bool, kUtilisationModelCount> calibratedPer{};                // own level (GPU was measured)
        std::array<std::array<float, kMaxEmbeddingValues>, kUtilisationModelCount> embedding{};  // per model
        // exp(the memory family's level) per model (an unmeasured GPU's): tensor-core paths take it
        // whatever the GPU's own calibration, whose level was fitted on FP32 CUDA-core kernels.
        std::array<double, kUtilisationModelCount> familyLevelFactor{1.0, 1.0, 1.0};
        // The measured GPU whose level and embedding a model uses ("" = memory-family mean), and this
        // GPU's sustained compute clock over that GPU's (sustainedComputeFraction): a same-chip sibling
        // with another power limit, or a custom GPU with another TDP, clock or lane count than its base.
        std::array<QString, kUtilisationModelCount> calibrationSource{};
        // Applied to FP32 (CUDA-core) matrix kernels only: the figure is one of FP32 lanes' power.
        std::array<double, kUtilisationModelCount> sustainedRatio{1.0, 1.0, 1.0};
        // Tensor-core (matrix) kernels of a GPU without its own calibration are priced on a GPU of
        // its chip with the same SMs, clock and L2 and less bandwidth (its "bandwidth sibling": the
        // calibration's source if it is one, else the lowest-bandwidth such catalogue GPU: an H200
        // on the H100 SXM), that GPU's whole-GPU bandwidth over this one's (< 1), with this GPU's
        // DRAM time of their bytes in place of the sibling's; 0 = priced at its own bandwidth. For the
        // vector model (element-wise kernels) the ratio bounds instead: never slower than at the
        // sibling's bandwidth.
        std::array<double, kUtilisationModelCount> siblingBandwidthRatio{0.0, 0.0, 0.0};
        std::array<QString, kUtilisationModelCount> bandwidthSibling{};
        // Without a bandwidth sibling or an own vector calibration: the highest bandwidth the vector
        // network was calibrated at over this GPU's (< 1), which bounds its element-wise kernels the same
        // way (kernel_model.cpp highestCalibratedBandwidth); 0 = none.
        double fittedBandwidthRatio = 0;
        // Catalogue GPUs of this GPU's compute capability that it is at least as good as in every
        // figure (DeviceResources::dominates; all of them, dominance being transitive), each bound
        // without such a list of its own: no kernel is priced slower here than on any of them (issue
        // 17's monotonic-in-hardware check). Empty for MIG instances and MPS shares.
        std::vector<std::shared_ptr<const BoundDevice>> dominated;
        // The GEMM model's level (levelFactor) is the power prior (kernel_model.cpp powerPriorLevelFor)
        // rather than the memory family's mean: a GPU without a calibration of its own or a sibling's on
        // a process whose FP32 lane power is known.
        bool powerPrior = false;
    };
    BoundDevice bind(const DeviceResources &device) const;
    // One sentence when some model of `device` uses another measured GPU's calibration (a same-chip
    // sibling): which, and the power-limit factor on compute-bound kernels; or the power prior; empty
    // otherwise.
    static QString calibrationNote(const BoundDevice &device);

    KernelPrediction predict(const Kernel &kernel, const BoundDevice &device) const;
    KernelPrediction predict(const Kernel &kernel, const DeviceResources &device) const {
        return predict(kernel, bind(device));
    }

    QJsonObject toJson() const;

    // kWideIssueFp32Efficiency / kWideIssueFp32ConvEfficiency unless set (validate --fit-fp32-issue
    // varies them).
    double wideIssueFp32Efficiency() const { return m_wideIssueFp32Efficiency; }
    void setWideIssueFp32Efficiency(double e) { m_wideIssueFp32Efficiency = e; }
    double wideIssueFp32ConvEfficiency() const { return m_wideIssueFp32ConvEfficiency; }
    void setWideIssueFp32ConvEfficiency(double e) { m_wideIssueFp32ConvEfficiency = e; }

private:
    // The utilisation of `kernel` with features `f` on `device`: the learned one with the tensor-core,
    // wide-issue and depthwise factors; sets *extrapolated where the data never measured the path.
    double utilisation(const Kernel &kernel, const KernelFeatures &f, const BoundDevice &device, bool *extrapolated) const;
    // bind() without the dominated GPUs; predict() without their bound.
    BoundDevice bindOne(const DeviceResources &device) const;
    KernelPrediction predictOne(const Kernel &kernel, const BoundDevice &device) const;

    std::array<UtilisationModel, kUtilisationModelCount> m_models;
    std::array<KernelClassBands, kKernelErrorClassCount> m_bands;
    // Utilisation ceiling on tensor-core paths, as a fraction of the learned FP32 utilisation
    // (1.0 = none; field "tensor_core_efficiency" of the weights file, so it can be set from evidence).
    double m_tensorCoreEfficiency = 1.0;
    double m_wideIssueFp32Efficiency = kWideIssueFp32Efficiency;
    double m_wideIssueFp32ConvEfficiency = kWideIssueFp32ConvEfficiency;
    QJsonObject m_metadata;
};

// predict with KernelModel::builtIn().
KernelPrediction predictKernel(const Kernel &kernel, const DeviceResources &device);

}  // namespace infersight
