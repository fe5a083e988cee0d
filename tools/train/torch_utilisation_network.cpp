// SPDX-License-Identifier: MIT
#include "torch_utilisation_network.h"

#include <cmath>
#include <stdexcept>

namespace infersight {

namespace {

torch::Tensor fromFloats(const std::vector<float> &v, std::vector<std::int64_t> shape) {
    return torch::from_blob(const_cast<float *>(v.data()), shape, torch::kFloat32).clone();
}

std::vector<float> toFloats(const torch::Tensor &t) {
    const torch::Tensor c = t.detach().contiguous().to(torch::kFloat32);
    const float *p = c.data_ptr<float>();
    return std::vector<float>(p, p + c.numel());
}

torch::Tensor activate(Activation a, const torch::Tensor &x) {
    switch (a) {
    case Activation::ReLU: return torch::relu(x);
    case Activation::HardTanh: return torch::hardtanh(x);
    case Activation::Softsign: return x / (1 + x.abs());
    case Activation::Tanh: return torch::tanh(x);
    }
    return x;
}

}  // namespace

TorchUtilisationNetwork::TorchUtilisationNetwork(int inputs, const std::vector<int> &hidden, Activation activation,
                                                 torch::Tensor featureMean, torch::Tensor featureStd,
                                                 at::Generator &generator)
    : m_activation(activation), m_mean(std::move(featureMean)), m_std(std::move(featureStd)) {
    std::vector<int> widths = hidden;
    widths.push_back(1);
    int in = inputs;
    for (int out : widths) {
        const double bound = 1.0 / std::sqrt(static_cast<double>(in));
        torch::Tensor w = (torch::rand({out, in}, generator, torch::kFloat32) * 2 - 1) * bound;
        torch::Tensor b = (torch::rand({out}, generator, torch::kFloat32) * 2 - 1) * bound;
        m_weights.push_back(w.requires_grad_(true));
        m_biases.push_back(b.requires_grad_(true));
        in = out;
    }
}

TorchUtilisationNetwork::TorchUtilisationNetwork(const UtilisationNetwork &network)
    : m_activation(network.activation()) {
    const int n = network.inputs();
    m_mean = fromFloats(network.featureMean(), {n});
    m_std = fromFloats(network.featureStd(), {n});
    for (const UtilisationNetwork::Layer &l : network.layers()) {
        m_weights.push_back(fromFloats(l.weight, {l.out, l.in}));
        m_biases.push_back(fromFloats(l.bias, {l.out}));
    }
}

torch::Tensor TorchUtilisationNetwork::forward(const torch::Tensor &features) const {
    torch::Tensor h = (features - m_mean) / m_std;
    for (std::size_t i = 0; i < m_weights.size(); ++i) {
        h = torch::addmm(m_biases[i], h, m_weights[i].t());
        if (i + 1 < m_weights.size()) {
            h = activate(m_activation, h);
        }
    }
    return h.squeeze(1);
}

std::vector<torch::Tensor> TorchUtilisationNetwork::parameters() const {
    std::vector<torch::Tensor> p;
    for (std::size_t i = 0; i < m_weights.size(); ++i) {
        p.push_back(m_weights[i]);
        p.push_back(m_biases[i]);
    }
    return p;
}

UtilisationNetwork TorchUtilisationNetwork::toNetwork() const {
    std::vector<UtilisationNetwork::Layer> layers;
    for (std::size_t i = 0; i < m_weights.size(); ++i) {
        UtilisationNetwork::Layer l;
        l.out = static_cast<int>(m_weights[i].size(0));
        l.in = static_cast<int>(m_weights[i].size(1));
        l.weight = toFloats(m_weights[i]);
        l.bias = toFloats(m_biases[i]);
        layers.push_back(std::move(l));
    }
    Result<UtilisationNetwork> net = UtilisationNetwork::make(m_activation, toFloats(m_mean), toFloats(m_std), std::move(layers));
    if (!net) {
        throw std::runtime_error(net.errorMessage().toStdString());
    }
    return std::move(net.value());
}

}  // namespace infersight
