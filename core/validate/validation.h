// SPDX-License-Identifier: MIT
// The accuracy report of record: runs the predictor over every measured row in the project's
// data/ folder and compares. `infersight-cli validate` prints it (report/validation_report.h); the accuracy tests
// (tests/accuracy/e2e, tests/accuracy/dle) check its figures against the ceilings of issue 4.
//
// Datasets:
//   e2e         data/neusight/e2e_measured.csv, option=none: FP32 eager whole-model inference
//               (with NeuSight's, Habitat's, roofline's and Li et al.'s predictions of the same rows)
//   e2e-fusion  the same file, option=fusion rows, predicted with the fused runtime (no ceiling)
//   dle         data/dle/pytorch_convnets_inference.csv: eager PyTorch CNNs, FP32 and AMP, batch 1..256
//   model-ops   data/neusight/model_ops_measured.csv: each kernel-launching torch.fx node of one
//               transformer layer timed in isolation, predicted as the kernel it launches
//   kernels     data/neusight/kernels_*.csv, NeuSight's test split (the kernel model's own check)
//   measured    data/measured/*/latency.csv rows with source=measured (and files given explicitly)
#pragma once

#include "base/result.h"
#include "predict/energy_model.h"
#include "predict/host_overhead.h"
#include "predict/kernel_model.h"
#include "validate/measured_data.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cmath>
#include <functional>
#include <optional>
#include <vector>

namespace infersight {

struct ValidationRow {
    QString dataset;        // "e2e", "e2e-fusion", "dle", "model-ops", "measured"
    QString gpuId;          // catalogue id
    QString gpuName;        // as the data names it
    QString model;          // as the data names it
    QString family;         // bert, gpt2, gpt3, opt, switch, resnet, resnext, se-resnext, efficientnet, ...
    QString opClass;        // model-ops: the kernel error class ("gemm", ...); otherwise empty
    QString op;             // model-ops: the fx target
    QString precision;      // "fp32", "amp", ...
    QString runtime;        // "eager", "fused"
    std::int64_t batch = 0;
    std::int64_t seq = 0;   // sequence length or image size
    double measuredMs = 0;
    double predictedMs = 0;
    double bandLowMs = 0;
    double bandHighMs = 0;
    double classBandDownMs = 0;  // band half-widths without the system term
    double classBandUpMs = 0;
    double looPredictedMs = 0;  // e2e: with the kernel model fitted without this GPU (0: none); dle: kernel
                                // model without this GPU's chip, host parameters fitted on the other GPU
    double looBandLowMs = 0;     // the 80 % band of looPredictedMs (the leave-one-out prediction's own band)
    double looBandHighMs = 0;
    double lofoPredictedMs = 0;  // dle: host parameters fitted on the V100 rows of the other model families;
                                 // measured: host time scale fitted on the other model families' host-bound rows
    double lofoBandLowMs = 0;    // measured: the 80 % band of lofoPredictedMs
    double lofoBandHighMs = 0;
    QString modelFamily;         // measured: the architecture family left out together (resnet, vit, bert, ...)
    QString hostId;              // measured: the catalogue host the row is priced on
    bool hostBound = false;      // measured: predicted GPU busy time under a quarter of the host time at the
                                 // fitted server's costs (the rows a host time scale is fitted on)
    // e2e on a GPU whose generation has a hold-out model (data/predictor/loo/gen-<architecture>.json,
    // `infersight-train-kernels --hold-out-generation`): predicted with the kernel model fitted without
    // every GPU of that generation (leave-one-generation-out, issue 17); 0: none.
    double logenPredictedMs = 0;
    double logenBandLowMs = 0;   // its own 80 % band (widened: the generation is outside that model's data)
    double logenBandHighMs = 0;
    bool extrapolated = false;   // the as-fitted prediction lies outside the measured data (Prediction::extrapolation)
    bool looExtrapolated = false;  // so does the leave-one-GPU-out prediction (its model lacks the GPU's generation)
    // References in e2e_measured.csv (0 when the file has none for the row).
    double neusightMs = 0, habitatMs = 0, rooflineMs = 0, liMs = 0;
    bool heldOut = false;   // dle: not used by the host-overhead fit (T4 rows)
    bool standIn = false;   // dle: the graph is a stand-in (EfficientNet-WideSE as EfficientNet)
    // measured: memory (MiB) and energy; 0 when not measured
    double measuredAllocMb = 0, predictedAllocMb = 0;
    double measuredDeviceMb = 0, predictedDeviceMb = 0;
    double measuredEnergyJ = 0, predictedEnergyJ = 0;
    double measuredPowerW = 0, predictedPowerW = 0;

    double ape() const { return measuredMs > 0 ? std::abs(predictedMs / measuredMs - 1.0) * 100.0 : 0.0; }
    bool inBand() const { return measuredMs >= bandLowMs && measuredMs <= bandHighMs; }
    bool inLooBand() const { return looPredictedMs > 0 && measuredMs >= looBandLowMs && measuredMs <= looBandHighMs; }
    bool inLofoBand() const { return lofoPredictedMs > 0 && measuredMs >= lofoBandLowMs && measuredMs <= lofoBandHighMs; }
    bool inLogenBand() const {
        return logenPredictedMs > 0 && measuredMs >= logenBandLowMs && measuredMs <= logenBandHighMs;
    }
    bool hasAllReferences() const { return neusightMs > 0 && habitatMs > 0 && rooflineMs > 0 && liMs > 0; }
};

struct KernelSetAccuracy {
    QString set;      // "matmul", "vec", "conv"
    QString gpuId;    // empty: pooled
    int rows = 0;
    double mape = 0;  // test split, latency incl. the isolated-launch floor
    // Pooled over only the test rows whose launched kernel some train row launches
    // (kernelsLaunchedInTraining); listed only where that leaves rows out.
    bool seenKernelsOnly = false;
    // The same rows predicted with the kernel model fitted without the row's GPU
    // (data/predictor/loo/<gpu>.json) and without every GPU of its generation (gen-<architecture>.json);
    // -1 where there is no such model or the option is off.
    double looMape = -1;
    double logenMape = -1;
};

struct ValidationOptions {
    QString dataDir = measuredDataDirectory();
    bool e2e = true;
    bool dle = true;
    bool modelOps = true;
    bool kernels = true;
    bool measured = true;
    bool loo = true;                        // leave-one-GPU-out e2e (data/predictor/loo/<gpu>.json), and
                                            // dle leave-one-GPU-out and leave-one-family-out host refits
    QStringList extraMeasuredFiles;         // --include-synthetic (testing only)
    const HostOverheadModel *hostModel = nullptr;  // default: builtIn()
    const KernelModel *kernelModel = nullptr;      // default: builtIn()
};

struct ValidationResult {
    std::vector<ValidationRow> rows;
    std::vector<KernelSetAccuracy> kernels;
    QStringList notes;      // what was skipped and why
    QString kernelModelDescription;
};

Result<ValidationResult> runValidation(const ValidationOptions &options);

// The pieces, for the tests.
Result<std::vector<ValidationRow>> validateE2e(const ValidationOptions &options, QStringList *notes = nullptr);
Result<std::vector<ValidationRow>> validateDle(const ValidationOptions &options, QStringList *notes = nullptr);
Result<std::vector<ValidationRow>> validateModelOps(const ValidationOptions &options, QStringList *notes = nullptr);
Result<std::vector<ValidationRow>> validateMeasuredFile(const QString &path, const ValidationOptions &options,
                                                       QStringList *notes = nullptr);

// Refits the eager host-overhead parameters on the DLE rows of `gpuName` ("V100 16GB"),
// minimising their MAPE; returns the parameters and the MAPE before/after.
struct HostFit {
    HostOverheadParameters parameters;
    double mapeBefore = 0;
    double mapeAfter = 0;
    int rows = 0;
};
Result<HostFit> fitEagerHostOverhead(const ValidationOptions &options, const QString &gpuName = QStringLiteral("V100 16GB"));

// The host time scale of a measured system (data/measured/<gpu>/latency.csv rows whose `host`
// the host catalogue lists, e.g. the H100 KVM guest "measured-h100-vm"): the factor on every
// CPU-side cost of the fitted server (HostSpec::timeScale) that minimises the MAPE of the system's
// batch-1 host-bound rows (ValidationRow::hostBound), fitted on all of them and once per model family
// without that family (leave-one-family-out; validate predicts each family's rows with the latter).
struct HostScaleFit {
    QString file;             // the latency.csv
    QString gpuId;
    QString hostId;           // the catalogue host its rows are priced on
    double catalogueScale = 1;  // that host's time scale in the built-in catalogue
    double scale = 1;         // fitted on all host-bound batch-1 rows
    int rows = 0;             // host-bound batch-1 rows
    int batchOneRows = 0;
    double mapeBefore = 0;    // of the host-bound rows at the fitted server's costs (scale 1)
    double mapeAfter = 0;     // at `scale`
    struct LeaveOut {
        QString family;
        int fitRows = 0;      // host-bound batch-1 rows of the other families
        double scale = 1;
    };
    std::vector<LeaveOut> leaveOut;
};
Result<std::vector<HostScaleFit>> fitMeasuredHostScales(const ValidationOptions &options);

// The kernel model's wide-issue FP32 factors (KernelModel::kWideIssueFp32Efficiency for GEMMs,
// kWideIssueFp32ConvEfficiency for convolutions): the fractions of the learned utilisation FP32 GEMMs
// and convolutions reach on GPUs whose issue slots feed 32 FP32 lanes, fitted jointly on the
// data/measured rows of such GPUs whose GEMMs run in FP32 (precision fp32 or fp32-strict) and that
// are not host-bound, each priced on its catalogued system; minimises their MAPE. Refitted once per
// model family without it (leave-one-family-out), with that family's MAPE.
struct Fp32IssueFit {
    double constant = 1;          // KernelModel::kWideIssueFp32Efficiency (cuBLAS GEMMs)
    double convConstant = 1;      // KernelModel::kWideIssueFp32ConvEfficiency (cuDNN convolutions)
    double efficiency = 1;        // fitted on all the rows
    double convEfficiency = 1;
    int rows = 0;
    QStringList gpus;             // the wide-issue GPUs the rows ran on
    double mapeAtOne = 0;         // the rows' MAPE with no factor (1.0)
    double mapeAtConstant = 0;    // with the built-in constants
    double mapeAfter = 0;         // with the fitted factor
    struct LeaveOut {
        QString family;
        int rows = 0;             // the family's rows (held out)
        double efficiency = 1;    // fitted on the other families' rows
        double convEfficiency = 1;
        double mapeAtOne = 0;     // the family's MAPE with no factor
        double mapeHeldOut = 0;   // with the factor fitted without it
    };
    std::vector<LeaveOut> leaveOut;
    // The GPU-bound FP32 rows of the other measured wide-issue GPUs (kFp32IssueFitGpus lists those
    // fitted on): never fitted, their MAPE with no factor and with the built-in constants.
    QStringList heldOutGpus;
    int heldOutRows = 0;
    double heldOutMapeAtOne = 0;
    double heldOutMapeAtConstant = 0;
};
// The measured machines whose rows the wide-issue FP32 factors were fitted on (2026-11-27: the H100's).
inline const QStringList kFp32IssueFitGpus{QStringLiteral("h100-sxm5-80gb")};
Result<Fp32IssueFit> fitWideIssueFp32Efficiency(const ValidationOptions &options);

// The energy model's constants (EnergyParameters: the share of the dynamic range any running kernel
// draws, the weights of compute and memory utilisation, the share drawn while the GPU waits for the
// host), fitted on the average power (NVML's energy counter over the timed loop / its wall time) of
// the data/measured rows of kEnergyFitGpus, each row priced on its catalogued system: minimises their
// power MAPE (power, not energy: the latency's own error stays out of the fit). The other measured
// GPUs' rows are held out: their MAPEs with the built-in and with the fitted constants.
struct EnergyFit {
    EnergyParameters builtIn;     // EnergyParameters{}
    EnergyParameters fitted;
    int rows = 0;
    QStringList gpus;
    double powerMapeBuiltIn = 0, powerMapeFitted = 0;
    double energyMapeBuiltIn = 0, energyMapeFitted = 0;
    int heldOutRows = 0;
    QStringList heldOutGpus;
    double heldOutPowerMapeBuiltIn = 0, heldOutPowerMapeFitted = 0;
    double heldOutEnergyMapeBuiltIn = 0, heldOutEnergyMapeFitted = 0;
};
// The measured machines whose rows the energy constants were fitted on (2026-11-28: the H100's).
inline const QStringList kEnergyFitGpus{QStringLiteral("h100-sxm5-80gb")};
Result<EnergyFit> fitEnergyParameters(const ValidationOptions &options);

// The factor on the class half-widths (UncertaintyCalibration::scale) that makes `coverage` of the
// rows passing `filter` lie in their band, without a system term.
double classScaleFor(const std::vector<ValidationRow> &rows, const std::function<bool(const ValidationRow &)> &filter,
                     double coverage = 0.8);
// The system term (UncertaintyCalibration::systemRelative) that makes `coverage` of the rows
// passing `filter` lie in their band, given the class half-widths of each row.
double systemTermFor(const std::vector<ValidationRow> &rows, const std::function<bool(const ValidationRow &)> &filter,
                    double coverage = 0.8);

// Mean absolute percentage error over rows passing `filter`; -1 when none.
double mapeOf(const std::vector<ValidationRow> &rows, const std::function<bool(const ValidationRow &)> &filter,
              const std::function<double(const ValidationRow &)> &predicted = {});
// Share of rows (passing `filter`) whose measured value lies in the predicted band.
double bandCoverage(const std::vector<ValidationRow> &rows, const std::function<bool(const ValidationRow &)> &filter);
// The same for the leave-one-GPU-out predictions: share of the rows passing `filter` that have one
// (looPredictedMs > 0) whose measured value lies in its band; -1 when none has one.
double looBandCoverage(const std::vector<ValidationRow> &rows, const std::function<bool(const ValidationRow &)> &filter);
// The same for the leave-one-generation-out predictions (logenPredictedMs > 0); -1 when none has one.
double logenBandCoverage(const std::vector<ValidationRow> &rows, const std::function<bool(const ValidationRow &)> &filter);
// The calibration of UncertaintyCalibration::extrapolatedWidening: over the held-out predictions
// that lie outside their model's data (leave-one-generation-out predictions, and leave-one-GPU-out
// predictions flagged looExtrapolated) of the rows passing `filter`, the factor on their band's
// half-widths before widening (i.e. divided by `appliedWidening`) that puts `coverage` of them in
// their band; -1 when there is none. `count` (optional) receives the number of predictions used.
double extrapolationWideningFor(const std::vector<ValidationRow> &rows,
                                const std::function<bool(const ValidationRow &)> &filter, double appliedWidening,
                                double coverage = 0.8, int *count = nullptr);

// The report (markdown, JSON) is written by report/validation_report.h.

}  // namespace infersight
