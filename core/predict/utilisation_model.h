// SPDX-License-Identifier: MIT
// The learned utilisation of one kernel family: a small ReLU network over the spec-normalised
// features (kernel_features.h), evaluated in plain C++ without LibTorch (the training tool in
// tools/train fits it with LibTorch; tests/unit/predict/test_utilisation_torch_agreement.cpp
// proves the two evaluations agree).
//
//   utilisation = uMax * sigmoid(mean over the ensemble of network(features)) * exp(level of the GPU)
//   device time = roofline / utilisation
#pragma once

#include "base/result.h"
#include "predict/kernel_features.h"

#include <QJsonObject>
#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace infersight {

// Hidden-layer activation. HardTanh and Softsign saturate like tanh (so inputs beyond the
// training range are not extrapolated linearly) but cost a clamp or one division, not an exp.
enum class Activation : std::uint8_t { ReLU, HardTanh, Softsign, Tanh };
QString activationName(Activation a);  // "relu", "hardtanh", "softsign", "tanh"
std::optional<Activation> activationFromName(const QString &name);

// A fully connected network: (x - mean) / std, then hidden layers with the activation, then one
// linear output (the logit of the utilisation). Weights are float, as trained.
class UtilisationNetwork {
public:
    static constexpr int kMaxWidth = 128;

    int inputs() const { return m_inputs; }
    bool isEmpty() const { return m_inputs == 0; }

    // The logit for `count` == inputs() features. No allocation; a few hundred ns.
    float logit(const float *features) const;

    // layers[i] = {weight (out x in, row-major as torch.nn.Linear stores it), bias (out)}.
    struct Layer {
        std::vector<float> weight;
        std::vector<float> bias;
        int in = 0;
        int out = 0;
    };
    static Result<UtilisationNetwork> make(Activation activation, std::vector<float> mean, std::vector<float> stdev,
                                           std::vector<Layer> layers);
    Activation activation() const { return m_activation; }
    const std::vector<Layer> &layers() const { return m_layers; }
    const std::vector<float> &featureMean() const { return m_mean; }
    const std::vector<float> &featureStd() const { return m_std; }

    QJsonObject toJson() const;
    static Result<UtilisationNetwork> fromJson(const QJsonObject &json, const QString &context);

private:
    Activation m_activation = Activation::ReLU;
    int m_inputs = 0;
    std::vector<float> m_mean, m_std, m_invStd;
    std::vector<Layer> m_layers;
    // Weights transposed to in-major order (w[i * out + j]) so the inner loop runs over
    // contiguous outputs and vectorises without -ffast-math.
    std::vector<std::vector<float>> m_inMajor;
};

// Per-GPU calibration of one model: the GPU's level (log utilisation offset) fitted as a nuisance
// parameter with the shared network. GPUs without a fitted level use the mean level of their
// memory family (HBM or GDDR), then the mean of all (which is 0: levels are mean-zero).
struct GpuCalibration {
    QString gpuId;
    double level = 0;
    double durationSlope = 0;  // thermal nuisance during training; stored, not applied
    int rows = 0;              // training rows of this GPU
    // Learned GPU embedding fed to the networks after the features (embeddingDims per ensemble
    // member, members concatenated): lets the network learn how this GPU's libraries pick kernels.
    std::vector<float> embedding;
};

inline constexpr int kMaxEmbeddingValues = 16;  // embeddingDims x ensemble members

struct UtilisationModel {
    UtilisationModelKind kind = UtilisationModelKind::Vector;
    // An ensemble of networks fitted from different seeds; their logits are averaged.
    std::vector<UtilisationNetwork> networks;
    double uMax = 1.0;      // upper bound of the utilisation (2.5 for conv: Winograd/FFT beat direct FLOPs)
    double floorS = 0.0;    // fixed per-kernel time seen in isolated measurements, seconds
    // How the floor and the device time combine: (floor^p + device^p)^(1/p), a smooth maximum
    // (launches overlap with the previous kernel's execution); p = 0 means floor + device.
    double floorPower = 0.0;
    double combine(double deviceS) const;
    std::vector<GpuCalibration> calibration;
    double hbmLevel = 0.0;  // mean level of the measured HBM / GDDR GPUs
    double gddrLevel = 0.0;
    int embeddingDims = 0;  // per member; 0 = no GPU embedding
    std::vector<float> hbmEmbedding, gddrEmbedding;  // family means (embeddings are mean-zero)

    bool hasCalibration(const QString &gpuId) const;
    // The level to use for a GPU: its own, else its memory family's, else 0.
    double levelFor(const QString &gpuId, const QString &memoryType, bool *calibrated = nullptr) const;
    // The embedding to use for a GPU (own, else family mean, else zeros), embeddingValues() floats.
    std::array<float, kMaxEmbeddingValues> embeddingFor(const QString &gpuId, const QString &memoryType) const;
    int embeddingValues() const { return embeddingDims * static_cast<int>(networks.size()); }
    bool isEmpty() const { return networks.empty(); }
    int featureInputs() const { return networks.empty() ? 0 : networks.front().inputs() - embeddingDims; }
    // Mean logit of the ensemble; `embedding` as from embeddingFor (nullptr = zeros).
    double logit(const KernelFeatures &features, const float *embedding = nullptr) const;
    // Utilisation for features (without the GPU level and without caps).
    double baseUtilisation(const KernelFeatures &features, const float *embedding = nullptr) const;

    QJsonObject toJson() const;
    static Result<UtilisationModel> fromJson(const QJsonObject &json, UtilisationModelKind kind);
};

bool isHbm(const QString &memoryType);

}  // namespace infersight
