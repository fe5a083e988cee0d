// SPDX-License-Identifier: MIT
#include "predict/utilisation_model.h"

#include <QJsonArray>

#include <algorithm>
#include <array>
#include <cmath>

namespace infersight {

namespace {

QJsonArray floatArray(const std::vector<float> &values) {
    QJsonArray a;
    for (float v : values) {
        a.append(static_cast<double>(v));
    }
    return a;
}

bool readFloats(const QJsonValue &value, std::vector<float> *out) {
    if (!value.isArray()) {
        return false;
    }
    const QJsonArray a = value.toArray();
    out->clear();
    out->reserve(static_cast<std::size_t>(a.size()));
    for (const QJsonValue &v : a) {
        if (!v.isDouble()) {
            return false;
        }
        out->push_back(static_cast<float>(v.toDouble()));
    }
    return true;
}

template <Activation A>
void activate(float *v, int n) {
    for (int i = 0; i < n; ++i) {
        if constexpr (A == Activation::ReLU) {
            v[i] = std::max(v[i], 0.0f);
        } else if constexpr (A == Activation::HardTanh) {
            v[i] = std::clamp(v[i], -1.0f, 1.0f);
        } else if constexpr (A == Activation::Softsign) {
            v[i] = v[i] / (1.0f + std::abs(v[i]));
        } else {
            v[i] = std::tanh(v[i]);
        }
    }
}

}  // namespace

QString activationName(Activation a) {
    switch (a) {
    case Activation::ReLU: return QStringLiteral("relu");
    case Activation::HardTanh: return QStringLiteral("hardtanh");
    case Activation::Softsign: return QStringLiteral("softsign");
    case Activation::Tanh: return QStringLiteral("tanh");
    }
    return QString();
}

std::optional<Activation> activationFromName(const QString &name) {
    for (Activation a : {Activation::ReLU, Activation::HardTanh, Activation::Softsign, Activation::Tanh}) {
        if (activationName(a) == name) {
            return a;
        }
    }
    return std::nullopt;
}

Result<UtilisationNetwork> UtilisationNetwork::make(Activation activation, std::vector<float> mean,
                                                    std::vector<float> stdev, std::vector<Layer> layers) {
    UtilisationNetwork net;
    net.m_activation = activation;
    if (layers.empty()) {
        return Error{QStringLiteral("network has no layers")};
    }
    const int inputs = layers.front().in;
    if (inputs <= 0 || inputs > kMaxKernelFeatures + kMaxEmbeddingValues || static_cast<int>(mean.size()) != inputs ||
        static_cast<int>(stdev.size()) != inputs) {
        return Error{QStringLiteral("network input normalisation does not match its first layer (%1 inputs)").arg(inputs)};
    }
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const Layer &l = layers[i];
        if (l.in <= 0 || l.out <= 0 || l.out > kMaxWidth || l.in > kMaxWidth ||
            l.weight.size() != static_cast<std::size_t>(l.in) * static_cast<std::size_t>(l.out) ||
            l.bias.size() != static_cast<std::size_t>(l.out)) {
            return Error{QStringLiteral("layer %1 has inconsistent sizes").arg(i)};
        }
        if (i > 0 && l.in != layers[i - 1].out) {
            return Error{QStringLiteral("layer %1 takes %2 inputs but layer %3 gives %4")
                             .arg(i).arg(l.in).arg(i - 1).arg(layers[i - 1].out)};
        }
    }
    if (layers.back().out != 1) {
        return Error{QStringLiteral("the last layer must have one output")};
    }
    net.m_inputs = inputs;
    net.m_mean = std::move(mean);
    net.m_std = std::move(stdev);
    net.m_invStd.resize(net.m_std.size());
    for (std::size_t i = 0; i < net.m_std.size(); ++i) {
        if (!(net.m_std[i] > 0.0f)) {
            return Error{QStringLiteral("feature %1 has a non-positive standard deviation").arg(i)};
        }
        net.m_invStd[i] = 1.0f / net.m_std[i];
    }
    net.m_inMajor.reserve(layers.size());
    for (const Layer &l : layers) {
        std::vector<float> t(l.weight.size());
        for (int o = 0; o < l.out; ++o) {
            for (int i = 0; i < l.in; ++i) {
                t[static_cast<std::size_t>(i) * l.out + o] = l.weight[static_cast<std::size_t>(o) * l.in + i];
            }
        }
        net.m_inMajor.push_back(std::move(t));
    }
    net.m_layers = std::move(layers);
    return net;
}

namespace {

// The dense layers, compiled twice on x86-64 GCC (AVX2+FMA and baseline) and picked at load time
// by the CPU: the matrix-vector products dominate a kernel prediction.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define INFERSIGHT_VECTOR_CLONES __attribute__((target_clones("avx2,fma", "default")))
#else
#define INFERSIGHT_VECTOR_CLONES
#endif

INFERSIGHT_VECTOR_CLONES
void denseLayer(const float *in, int nIn, const float *weightInMajor, const float *bias, int nOut, float *out,
                int activation) {
    for (int o = 0; o < nOut; ++o) {
        out[o] = bias[o];
    }
    for (int i = 0; i < nIn; ++i) {
        const float x = in[i];
        const float *row = weightInMajor + static_cast<std::size_t>(i) * nOut;
        for (int o = 0; o < nOut; ++o) {
            out[o] += x * row[o];
        }
    }
    switch (activation) {
    case static_cast<int>(Activation::ReLU): activate<Activation::ReLU>(out, nOut); break;
    case static_cast<int>(Activation::HardTanh): activate<Activation::HardTanh>(out, nOut); break;
    case static_cast<int>(Activation::Softsign): activate<Activation::Softsign>(out, nOut); break;
    case static_cast<int>(Activation::Tanh): activate<Activation::Tanh>(out, nOut); break;
    default: break;  // -1: linear output layer
    }
}

}  // namespace

float UtilisationNetwork::logit(const float *features) const {
    std::array<float, kMaxWidth> a{};
    std::array<float, kMaxWidth> b{};
    for (int i = 0; i < m_inputs; ++i) {
        a[static_cast<std::size_t>(i)] = (features[i] - m_mean[static_cast<std::size_t>(i)]) *
                                         m_invStd[static_cast<std::size_t>(i)];
    }
    float *in = a.data();
    float *out = b.data();
    const std::size_t last = m_layers.size() - 1;
    for (std::size_t li = 0; li < m_layers.size(); ++li) {
        const Layer &l = m_layers[li];
        denseLayer(in, l.in, m_inMajor[li].data(), l.bias.data(), l.out, out,
                   li != last ? static_cast<int>(m_activation) : -1);
        std::swap(in, out);
    }
    return in[0];
}

QJsonObject UtilisationNetwork::toJson() const {
    QJsonObject o;
    o[QStringLiteral("inputs")] = m_inputs;
    o[QStringLiteral("activation")] = activationName(m_activation);
    o[QStringLiteral("feature_mean")] = floatArray(m_mean);
    o[QStringLiteral("feature_std")] = floatArray(m_std);
    QJsonArray layers;
    for (const Layer &l : m_layers) {
        QJsonObject lj;
        lj[QStringLiteral("in")] = l.in;
        lj[QStringLiteral("out")] = l.out;
        lj[QStringLiteral("weight")] = floatArray(l.weight);
        lj[QStringLiteral("bias")] = floatArray(l.bias);
        layers.append(lj);
    }
    o[QStringLiteral("layers")] = layers;
    return o;
}

Result<UtilisationNetwork> UtilisationNetwork::fromJson(const QJsonObject &json, const QString &context) {
    const std::optional<Activation> activation = activationFromName(json.value(QStringLiteral("activation")).toString());
    if (!activation) {
        return Error{QStringLiteral("%1: unknown activation '%2'")
                         .arg(context, json.value(QStringLiteral("activation")).toString())};
    }
    std::vector<float> mean, stdev;
    if (!readFloats(json.value(QStringLiteral("feature_mean")), &mean) ||
        !readFloats(json.value(QStringLiteral("feature_std")), &stdev)) {
        return Error{QStringLiteral("%1: feature_mean / feature_std missing or not numbers").arg(context)};
    }
    std::vector<Layer> layers;
    for (const QJsonValue &v : json.value(QStringLiteral("layers")).toArray()) {
        const QJsonObject lj = v.toObject();
        Layer l;
        l.in = lj.value(QStringLiteral("in")).toInt();
        l.out = lj.value(QStringLiteral("out")).toInt();
        if (!readFloats(lj.value(QStringLiteral("weight")), &l.weight) ||
            !readFloats(lj.value(QStringLiteral("bias")), &l.bias)) {
            return Error{QStringLiteral("%1: a layer's weight / bias is missing or not numbers").arg(context)};
        }
        layers.push_back(std::move(l));
    }
    Result<UtilisationNetwork> net = make(*activation, std::move(mean), std::move(stdev), std::move(layers));
    if (!net) {
        return Error{QStringLiteral("%1: %2").arg(context, net.errorMessage())};
    }
    return net;
}

bool isHbm(const QString &memoryType) {
    return memoryType.startsWith(QStringLiteral("HBM"), Qt::CaseInsensitive);
}

bool UtilisationModel::hasCalibration(const QString &gpuId) const {
    return std::any_of(calibration.begin(), calibration.end(),
                       [&](const GpuCalibration &c) { return c.gpuId == gpuId; });
}

double UtilisationModel::levelFor(const QString &gpuId, const QString &memoryType, bool *calibrated) const {
    for (const GpuCalibration &c : calibration) {
        if (c.gpuId == gpuId) {
            if (calibrated) {
                *calibrated = true;
            }
            return c.level;
        }
    }
    if (calibrated) {
        *calibrated = false;
    }
    if (memoryType.isEmpty()) {
        return 0.0;
    }
    return isHbm(memoryType) ? hbmLevel : gddrLevel;
}

std::array<float, kMaxEmbeddingValues> UtilisationModel::embeddingFor(const QString &gpuId,
                                                                     const QString &memoryType) const {
    std::array<float, kMaxEmbeddingValues> e{};
    const std::vector<float> *src = nullptr;
    for (const GpuCalibration &c : calibration) {
        if (c.gpuId == gpuId) {
            src = &c.embedding;
        }
    }
    if (!src && !memoryType.isEmpty()) {
        src = isHbm(memoryType) ? &hbmEmbedding : &gddrEmbedding;
    }
    if (src) {
        std::copy_n(src->begin(), std::min<std::size_t>(src->size(), e.size()), e.begin());
    }
    return e;
}

double UtilisationModel::logit(const KernelFeatures &features, const float *embedding) const {
    if (networks.empty()) {
        return 0.0;
    }
    double z = 0.0;
    if (embeddingDims == 0) {
        for (const UtilisationNetwork &n : networks) {
            z += n.logit(features.values.data());
        }
    } else {
        std::array<float, kMaxKernelFeatures + kMaxEmbeddingValues> input{};
        const int nf = featureInputs();
        std::copy_n(features.values.begin(), nf, input.begin());
        for (std::size_t m = 0; m < networks.size(); ++m) {
            for (int d = 0; d < embeddingDims; ++d) {
                input[static_cast<std::size_t>(nf + d)] =
                    embedding ? embedding[m * static_cast<std::size_t>(embeddingDims) + static_cast<std::size_t>(d)] : 0.0f;
            }
            z += networks[m].logit(input.data());
        }
    }
    return z / static_cast<double>(networks.size());
}

double UtilisationModel::baseUtilisation(const KernelFeatures &features, const float *embedding) const {
    return uMax / (1.0 + std::exp(-logit(features, embedding)));
}

double UtilisationModel::combine(double deviceS) const {
    if (floorPower <= 0.0) {
        return floorS + deviceS;
    }
    const double hi = std::max(floorS, deviceS);
    if (hi <= 0.0) {
        return 0.0;
    }
    const double a = floorS / hi;
    const double b = deviceS / hi;
    return hi * std::pow(std::pow(a, floorPower) + std::pow(b, floorPower), 1.0 / floorPower);
}

QJsonObject UtilisationModel::toJson() const {
    QJsonObject o;
    QJsonArray nets;
    for (const UtilisationNetwork &n : networks) {
        nets.append(n.toJson());
    }
    o[QStringLiteral("networks")] = nets;
    o[QStringLiteral("u_max")] = uMax;
    o[QStringLiteral("floor_ms")] = floorS * 1e3;
    o[QStringLiteral("floor_combine_power")] = floorPower;
    QJsonObject cal;
    for (const GpuCalibration &c : calibration) {
        QJsonObject cj;
        cj[QStringLiteral("level")] = c.level;
        cj[QStringLiteral("duration_slope")] = c.durationSlope;
        cj[QStringLiteral("rows")] = c.rows;
        if (!c.embedding.empty()) {
            cj[QStringLiteral("embedding")] = floatArray(c.embedding);
        }
        cal[c.gpuId] = cj;
    }
    o[QStringLiteral("calibration")] = cal;
    o[QStringLiteral("family_level")] = QJsonObject{{QStringLiteral("hbm"), hbmLevel}, {QStringLiteral("gddr"), gddrLevel}};
    o[QStringLiteral("embedding_dims")] = embeddingDims;
    if (embeddingDims > 0) {
        o[QStringLiteral("family_embedding")] = QJsonObject{{QStringLiteral("hbm"), floatArray(hbmEmbedding)},
                                                            {QStringLiteral("gddr"), floatArray(gddrEmbedding)}};
    }
    return o;
}

Result<UtilisationModel> UtilisationModel::fromJson(const QJsonObject &json, UtilisationModelKind kind) {
    const QString context = QStringLiteral("model '%1'").arg(utilisationModelName(kind));
    UtilisationModel m;
    m.kind = kind;
    const QJsonArray nets = json.value(QStringLiteral("networks")).toArray();
    if (nets.isEmpty()) {
        return Error{QStringLiteral("%1: no networks").arg(context)};
    }
    for (const QJsonValue &v : nets) {
        Result<UtilisationNetwork> net = UtilisationNetwork::fromJson(v.toObject(), context);
        if (!net) {
            return net.error();
        }
        if (!m.networks.empty() && net->inputs() != m.networks.front().inputs()) {
            return Error{QStringLiteral("%1: ensemble members take different features").arg(context)};
        }
        m.networks.push_back(std::move(net.value()));
    }
    m.uMax = json.value(QStringLiteral("u_max")).toDouble(1.0);
    m.floorS = json.value(QStringLiteral("floor_ms")).toDouble(0.0) * 1e-3;
    m.floorPower = json.value(QStringLiteral("floor_combine_power")).toDouble(0.0);
    if (!(m.uMax > 0) || m.floorS < 0) {
        return Error{QStringLiteral("%1: u_max must be positive and floor_ms not negative").arg(context)};
    }
    const QJsonObject cal = json.value(QStringLiteral("calibration")).toObject();
    for (auto it = cal.begin(); it != cal.end(); ++it) {
        const QJsonObject cj = it.value().toObject();
        GpuCalibration c{it.key(), cj.value(QStringLiteral("level")).toDouble(),
                         cj.value(QStringLiteral("duration_slope")).toDouble(), cj.value(QStringLiteral("rows")).toInt(), {}};
        if (cj.contains(QStringLiteral("embedding")) && !readFloats(cj.value(QStringLiteral("embedding")), &c.embedding)) {
            return Error{QStringLiteral("%1: embedding of %2 is not numbers").arg(context, it.key())};
        }
        m.calibration.push_back(std::move(c));
    }
    const QJsonObject fam = json.value(QStringLiteral("family_level")).toObject();
    m.hbmLevel = fam.value(QStringLiteral("hbm")).toDouble();
    m.gddrLevel = fam.value(QStringLiteral("gddr")).toDouble();
    m.embeddingDims = json.value(QStringLiteral("embedding_dims")).toInt(0);
    if (m.embeddingDims > 0) {
        const QJsonObject fe = json.value(QStringLiteral("family_embedding")).toObject();
        readFloats(fe.value(QStringLiteral("hbm")), &m.hbmEmbedding);
        readFloats(fe.value(QStringLiteral("gddr")), &m.gddrEmbedding);
    }
    const auto values = static_cast<std::size_t>(m.embeddingValues());
    bool consistent = m.embeddingDims >= 0 && m.embeddingValues() <= kMaxEmbeddingValues &&
                      m.networks.front().inputs() > m.embeddingDims;
    for (const GpuCalibration &c : m.calibration) {
        consistent = consistent && (m.embeddingDims == 0 || c.embedding.size() == values);
    }
    consistent = consistent && (m.embeddingDims == 0 || (m.hbmEmbedding.size() == values && m.gddrEmbedding.size() == values));
    if (!consistent) {
        return Error{QStringLiteral("%1: GPU embeddings do not match embedding_dims x networks").arg(context)};
    }
    return m;
}

}  // namespace infersight
