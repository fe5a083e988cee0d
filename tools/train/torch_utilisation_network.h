// SPDX-License-Identifier: MIT
// The utilisation network in LibTorch: the training tool fits it, and the agreement test
// (tests/unit/predict/test_utilisation_torch_agreement.cpp) checks that the plain-C++
// UtilisationNetwork computes the same function. LibTorch stays inside tools/train.
#pragma once

#include "predict/utilisation_model.h"

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace infersight {

class TorchUtilisationNetwork {
public:
    // Weights drawn from `generator` (uniform +-1/sqrt(fan_in), as torch.nn.Linear does), so that
    // a seed fixes them without touching the global generator.
    TorchUtilisationNetwork(int inputs, const std::vector<int> &hidden, Activation activation,
                            torch::Tensor featureMean, torch::Tensor featureStd, at::Generator &generator);
    // From a fitted plain-C++ network (for the agreement test).
    explicit TorchUtilisationNetwork(const UtilisationNetwork &network);

    // Logits [n] of features [n, inputs] (float32).
    torch::Tensor forward(const torch::Tensor &features) const;
    std::vector<torch::Tensor> parameters() const;
    // The plain-C++ network with the current weights.
    UtilisationNetwork toNetwork() const;

private:
    Activation m_activation;
    torch::Tensor m_mean, m_std;
    std::vector<torch::Tensor> m_weights, m_biases;
};

}  // namespace infersight
