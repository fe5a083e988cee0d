// SPDX-License-Identifier: MIT
// Fitting the kernel model (core/predict/kernel_model.h) on the measured kernels of data/neusight
// with LibTorch, and evaluating it with the plain-C++ predictor the app runs.
//
// Per model (GEMM, conv, vector) one network learns the utilisation from spec-normalised
// features, jointly with nuisance terms per training GPU: a level (log-utilisation offset,
// mean-zero over the GPUs) and a slope over log kernel duration (thermal throttling of long
// kernels in the measurement sessions). The levels become the calibration of the measured GPUs;
// the slopes only keep throttled rows from biasing the shared network and are not applied.
#pragma once

#include "predict/device_resources.h"
#include "predict/kernel.h"
#include "predict/kernel_features.h"
#include "predict/kernel_model.h"
#include "validate/measured_data.h"
#include "predict/utilisation_model.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <vector>

namespace infersight {

struct TrainingRow {
    Kernel kernel;
    UtilisationModelKind model = UtilisationModelKind::Vector;
    KernelErrorClass errorClass = KernelErrorClass::Elementwise;
    int gpu = -1;            // index into TrainingData::gpuIds
    bool test = false;
    double latencyS = 0;
    QString op;
    QString launchedKernel;  // what the library launched in the measurement (for error analysis)
    KernelFeatures features;  // on the GPU's DeviceResources
};

struct TrainingData {
    QStringList gpuIds;                   // catalogue ids of the measured GPUs, sorted
    std::vector<DeviceResources> devices; // same order
    std::vector<TrainingRow> rows;
    QJsonObject provenance;               // files, SHA-256 of their uncompressed content, rows
};

// Reads the three kernel tables of data/neusight and computes the features of every row.
Result<TrainingData> loadTrainingData(const QString &dataDir);

struct FitOptions {
    std::vector<int> hidden{64, 64};
    Activation activation = Activation::Softsign;
    int epochs = 30;
    int batchSize = 512;
    double learningRate = 3e-3;
    std::uint64_t seed = 1;
    int maxRows = 0;  // 0 = all training rows; otherwise a seeded subsample
    double floorPower = 4.0;    // latency = (floor^p + device^p)^(1/p); 0 = floor + device
    bool durationSlope = true;  // per-GPU nuisance slope over log kernel duration (thermal throttling)
    bool centredSlope = false;  // slopes mean-zero over the GPUs: the network keeps the common duration trend
    int embeddingDims = 0;  // learned per-GPU embedding fed to the network (0 = none)
    double embeddingDropout = 0.5;  // fraction of rows trained with the zero ("unknown GPU") embedding
    // Experiments (rejected; docs/predictor.md, "Kernel model: known gaps"):
    double weightPower = 0.0;   // loss weight (roofline time / 1 ms, clamped 0.01..1)^p; 0 = equal weights
    double maxLatencyMs = 0.0;  // fit only rows measured at most this long (0 = all)
    int ensemble = 1; // networks fitted from seeds seed, seed + 7919, ...; their logits are averaged
    // Family levels (what GPUs never measured get) from each GPU's "generic" level: the level that
    // makes the path an unmeasured GPU takes (no own embedding, no duration slope) unbiased on that
    // GPU's rows (median log ratio), instead of the mean of the levels fitted beside the GPUs' own
    // embeddings. The two differ where the embeddings carry part of a GPU's offset.
    bool genericFamilyLevel = true;
};

struct ModelFit {
    UtilisationModel model;
    int rows = 0;
    double trainMape = 0;  // % on the rows fitted, with the GPU levels
    double seconds = 0;
};

// Options used for each model by the tool (epochs, batch, u_max).
FitOptions defaultFitOptions(UtilisationModelKind kind, std::uint64_t seed);
double uMaxFor(UtilisationModelKind kind);

// Fits one model on the training rows of `data` with that model kind, except GPUs in `excludeGpus`.
ModelFit fitModel(const TrainingData &data, UtilisationModelKind kind, const FitOptions &options,
                  const QStringList &excludeGpus = {});

// Evaluation of a KernelModel over rows, through KernelModel::predict (what the app runs).
struct ClassGpuError {
    KernelErrorClass errorClass;
    QString gpuId;
    int rows = 0;
    double mape = 0;
};
struct Evaluation {
    std::vector<double> predictedS;  // per row of the data (0 for rows not evaluated)
    std::vector<ClassGpuError> perClassGpu;
    std::vector<ClassGpuError> perClass;  // gpuId empty: pooled over GPUs
};
// Rows selected by `select(row)`.
Evaluation evaluate(const KernelModel &model, const TrainingData &data,
                    const std::function<bool(const TrainingRow &)> &select);

// Quantile band (p10, p90 of measured / predicted) and MAPE over rows of one error class.
ErrorBand bandOf(const TrainingData &data, const std::vector<double> &predictedS, const std::vector<int> &rows);

}  // namespace infersight
