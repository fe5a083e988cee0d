// SPDX-License-Identifier: MIT
#include "kernel_training.h"

#include "torch_utilisation_network.h"

#include "hardware/gpu_catalogue.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>

namespace infersight {

namespace {

double durationFeature(double rooflineS) {
    return std::clamp(std::log10(rooflineS * 1e3), 0.0, 3.0);  // log10(ms), 1 ms .. 1 s
}

}  // namespace

double uMaxFor(UtilisationModelKind kind) {
    // Winograd and FFT convolutions do fewer multiplies than direct convolution: measured conv
    // throughput reaches 2.2x the FP32 peak counted in direct-convolution FLOPs.
    return kind == UtilisationModelKind::Conv ? 2.5 : 1.0;
}

FitOptions defaultFitOptions(UtilisationModelKind kind, std::uint64_t seed) {
    FitOptions o;
    o.seed = seed;
    switch (kind) {
    case UtilisationModelKind::Gemm:
        // The GPU embedding lets the network learn each architecture's cuBLAS tile choices; the
        // duration slope absorbs the thermal throttling of long kernels in some sessions.
        o.epochs = 30;
        o.batchSize = 512;
        o.embeddingDims = 4;
        break;
    case UtilisationModelKind::Conv:
        // cuDNN's algorithm choice (Winograd, FFT, implicit / explicit GEMM) differs per
        // architecture: a wider network and embedding. Conv durations do not throttle (no slope).
        o.epochs = 80;
        o.batchSize = 256;
        o.hidden = {96, 96};
        o.embeddingDims = 8;
        o.embeddingDropout = 0.0;  // no conv ops in the real-model data to check a generic path on
        o.durationSlope = false;
        break;
    case UtilisationModelKind::Vector:
        o.epochs = 30;
        o.batchSize = 512;
        o.maxRows = 40000;  // 65k rows of near-identical streaming kernels: a subsample fits as well
        o.durationSlope = false;
        break;
    }
    // Experiment knobs (not used for the committed model): INFERSIGHT_TRAIN_<MODEL>_<KNOB>.
    const QString prefix = QStringLiteral("INFERSIGHT_TRAIN_%1_").arg(utilisationModelName(kind).toUpper());
    auto knob = [&prefix](const char *name, int fallback) {
        const QByteArray v = qgetenv(qPrintable(prefix + QLatin1String(name)));
        return v.isEmpty() ? fallback : v.toInt();
    };
    o.ensemble = knob("ENSEMBLE", o.ensemble);
    o.embeddingDims = knob("EMBED", o.embeddingDims);
    o.durationSlope = knob("SLOPE", o.durationSlope ? 1 : 0) != 0;
    o.centredSlope = knob("CENTRED_SLOPE", o.centredSlope ? 1 : 0) != 0;
    o.floorPower = knob("FLOORP", static_cast<int>(o.floorPower));
    o.embeddingDropout = knob("DROPOUT_PCT", static_cast<int>(std::lround(o.embeddingDropout * 100))) / 100.0;
    o.epochs = knob("EPOCHS", o.epochs);
    o.maxLatencyMs = knob("MAX_MS", static_cast<int>(o.maxLatencyMs));
    o.weightPower = knob("WEIGHT_POW_TENTHS", static_cast<int>(std::lround(o.weightPower * 10))) / 10.0;
    const int hidden = knob("HIDDEN", o.hidden.front());
    o.hidden.assign(o.hidden.size(), hidden);
    o.batchSize = knob("BATCH", o.batchSize);
    o.genericFamilyLevel = knob("GENERIC_LEVEL", o.genericFamilyLevel ? 1 : 0) != 0;
    return o;
}

Result<TrainingData> loadTrainingData(const QString &dataDir) {
    TrainingData data;
    QJsonObject files;
    std::vector<MeasuredKernel> all;
    for (MeasuredKernelSet set : {MeasuredKernelSet::Matmul, MeasuredKernelSet::Vector, MeasuredKernelSet::Conv}) {
        const QString rel = QStringLiteral("neusight/kernels_%1.csv").arg(measuredKernelSetName(set));
        Result<QByteArray> bytes = readDataFile(QDir(dataDir).filePath(rel));
        if (!bytes) {
            return bytes.error();
        }
        Result<std::vector<MeasuredKernel>> rows = loadNeusightKernels(set, dataDir);
        if (!rows) {
            return rows.error();
        }
        files[rel] = QJsonObject{
            {QStringLiteral("sha256"),
             QString::fromLatin1(QCryptographicHash::hash(bytes.value(), QCryptographicHash::Sha256).toHex())},
            {QStringLiteral("rows"), static_cast<int>(rows->size())}};
        all.insert(all.end(), std::make_move_iterator(rows->begin()), std::make_move_iterator(rows->end()));
    }
    data.provenance[QStringLiteral("files")] = files;

    QStringList ids;
    for (const MeasuredKernel &m : all) {
        if (m.gpuId.isEmpty()) {
            return Error{QStringLiteral("GPU '%1' of the data is not in the catalogue").arg(m.gpuDeviceName)};
        }
        if (!ids.contains(m.gpuId)) {
            ids << m.gpuId;
        }
    }
    ids.sort();
    data.gpuIds = ids;
    for (const QString &id : ids) {
        data.devices.push_back(DeviceResources::fromSpec(*GpuCatalogue::builtIn().find(id)));
    }
    data.rows.reserve(all.size());
    for (MeasuredKernel &m : all) {
        TrainingRow r;
        r.kernel = m.kernel;
        r.model = utilisationModelFor(m.kernel);
        r.errorClass = errorClassFor(m.kernel);
        r.gpu = static_cast<int>(ids.indexOf(m.gpuId));
        r.test = m.test;
        r.latencyS = m.latencyMs * 1e-3;
        r.op = m.op;
        r.launchedKernel = m.launchedKernel;
        r.features = computeKernelFeatures(m.kernel, data.devices[static_cast<std::size_t>(r.gpu)]);
        data.rows.push_back(std::move(r));
    }
    return data;
}

namespace {

ModelFit fitMember(const TrainingData &data, UtilisationModelKind kind, const FitOptions &options,
                   const QStringList &excludeGpus) {
    QElapsedTimer timer;
    timer.start();
    std::vector<int> idx;
    for (int i = 0; i < static_cast<int>(data.rows.size()); ++i) {
        const TrainingRow &r = data.rows[static_cast<std::size_t>(i)];
        if (r.model == kind && !r.test && !excludeGpus.contains(data.gpuIds[r.gpu]) &&
            (options.maxLatencyMs <= 0 || r.latencyS * 1e3 <= options.maxLatencyMs)) {
            idx.push_back(i);
        }
    }
    if (options.maxRows > 0 && static_cast<int>(idx.size()) > options.maxRows) {
        std::mt19937_64 rng(options.seed);
        for (std::size_t i = idx.size() - 1; i > 0; --i) {  // Fisher-Yates with a portable draw
            const std::size_t j = static_cast<std::size_t>(rng() % (i + 1));
            std::swap(idx[i], idx[j]);
        }
        idx.resize(static_cast<std::size_t>(options.maxRows));
        std::sort(idx.begin(), idx.end());
    }
    const auto n = static_cast<std::int64_t>(idx.size());
    const int nf = data.rows[static_cast<std::size_t>(idx.front())].features.count;

    // GPUs present in this fit, in catalogue-id order.
    std::vector<int> localOf(data.gpuIds.size(), -1);
    std::vector<int> present;
    for (int i : idx) {
        const int g = data.rows[static_cast<std::size_t>(i)].gpu;
        if (localOf[static_cast<std::size_t>(g)] < 0) {
            localOf[static_cast<std::size_t>(g)] = 0;
        }
    }
    for (std::size_t g = 0; g < localOf.size(); ++g) {
        if (localOf[g] >= 0) {
            localOf[g] = static_cast<int>(present.size());
            present.push_back(static_cast<int>(g));
        }
    }
    const auto ng = static_cast<std::int64_t>(present.size());

    torch::Tensor x = torch::empty({n, nf}, torch::kFloat32);
    torch::Tensor roof = torch::empty({n}, torch::kFloat32);
    torch::Tensor y = torch::empty({n}, torch::kFloat32);
    torch::Tensor dur = torch::empty({n}, torch::kFloat32);
    torch::Tensor gi = torch::empty({n}, torch::kInt64);
    {
        auto xa = x.accessor<float, 2>();
        auto ra = roof.accessor<float, 1>();
        auto ya = y.accessor<float, 1>();
        auto da = dur.accessor<float, 1>();
        auto ga = gi.accessor<std::int64_t, 1>();
        for (std::int64_t i = 0; i < n; ++i) {
            const TrainingRow &r = data.rows[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])];
            for (int f = 0; f < nf; ++f) {
                xa[i][f] = r.features.values[static_cast<std::size_t>(f)];
            }
            ra[i] = static_cast<float>(r.features.rooflineS);
            ya[i] = static_cast<float>(r.latencyS);
            da[i] = static_cast<float>(durationFeature(r.features.rooflineS));
            ga[i] = localOf[static_cast<std::size_t>(r.gpu)];
        }
    }
    // Experiment only (rejected, docs/predictor.md): weight long kernels up in the loss.
    const torch::Tensor rowWeight = (roof / 1e-3).clamp(1e-2, 1.0).pow(options.weightPower);
    const int ne = options.embeddingDims;
    const torch::Tensor mean = torch::cat({x.mean(0), torch::zeros({ne})});
    const torch::Tensor stdev = torch::cat({x.std(0, /*unbiased=*/false).clamp_min(1e-2), torch::ones({ne})});

    at::Generator gen = at::detail::createCPUGenerator(options.seed);
    TorchUtilisationNetwork net(nf + ne, options.hidden, options.activation, mean, stdev, gen);
    torch::Tensor embedding = torch::zeros({ng, std::max(ne, 1)}, torch::kFloat32).requires_grad_(ne > 0);
    torch::Tensor level = torch::zeros({ng}, torch::kFloat32).requires_grad_(true);
    torch::Tensor slope = torch::zeros({ng}, torch::kFloat32).requires_grad_(true);
    torch::Tensor floorParam = torch::full({}, 1.85, torch::kFloat32).requires_grad_(true);  // ~20 us
    std::vector<torch::Tensor> params = net.parameters();
    params.push_back(level);
    if (options.durationSlope) {
        params.push_back(slope);
    }
    params.push_back(floorParam);
    if (ne > 0) {
        params.push_back(embedding);
    }
    torch::optim::Adam adam(params, torch::optim::AdamOptions(options.learningRate));
    const double logUMax = std::log(uMaxFor(kind));

    bool training = true;
    auto predictLatency = [&](const torch::Tensor &rows) {
        const torch::Tensor g = gi.index_select(0, rows);
        torch::Tensor input = x.index_select(0, rows);
        if (ne > 0) {
            torch::Tensor e = (embedding - embedding.mean(0)).index_select(0, g);
            if (training && options.embeddingDropout > 0) {
                // Rows that see "unknown GPU" (a zero embedding) teach the network the generic
                // function that GPUs never measured get.
                e = e * (torch::rand({e.size(0), 1}, gen) >= options.embeddingDropout).to(torch::kFloat32);
            }
            input = torch::cat({input, e}, 1);
        }
        const torch::Tensor z = net.forward(input);
        const torch::Tensor lv = (level - level.mean()).index_select(0, g);
        const torch::Tensor sl = options.centredSlope ? slope - slope.mean() : slope;
        const torch::Tensor logU = logUMax + torch::log_sigmoid(z) + lv + sl.index_select(0, g) * dur.index_select(0, rows);
        const torch::Tensor device = roof.index_select(0, rows) * torch::exp(-logU);
        const torch::Tensor fl = 1e-5 * torch::softplus(floorParam);
        if (options.floorPower <= 0) {
            return device + fl;
        }
        // Smooth maximum, computed relative to the larger term for stability.
        const torch::Tensor hi = torch::maximum(device, fl.expand_as(device));
        return hi * (torch::pow(fl / hi, options.floorPower) + torch::pow(device / hi, options.floorPower))
                        .pow(1.0 / options.floorPower);
    };

    double lastLoss = 0;
    for (int epoch = 0; epoch < options.epochs; ++epoch) {
        const double lr = options.learningRate * 0.5 * (1.0 + std::cos(M_PI * epoch / options.epochs));
        for (auto &group : adam.param_groups()) {
            static_cast<torch::optim::AdamOptions &>(group.options()).lr(lr);
        }
        const torch::Tensor perm = torch::randperm(n, gen, torch::kInt64);
        double sum = 0;
        for (std::int64_t start = 0; start < n; start += options.batchSize) {
            const torch::Tensor rows = perm.slice(0, start, std::min(n, start + options.batchSize));
            const torch::Tensor pred = predictLatency(rows);
            const torch::Tensor e = (pred / y.index_select(0, rows) - 1).abs();
            torch::Tensor loss;
            if (options.weightPower > 0) {
                const torch::Tensor w = rowWeight.index_select(0, rows);
                loss = (e * w).sum() / w.sum();
            } else {
                loss = e.mean();
            }
            adam.zero_grad();
            loss.backward();
            adam.step();
            sum += loss.item<double>() * static_cast<double>(rows.size(0));
        }
        lastLoss = sum / static_cast<double>(n);
    }

    ModelFit fit;
    fit.rows = static_cast<int>(n);
    fit.trainMape = 100.0 * lastLoss;
    UtilisationModel &m = fit.model;
    m.kind = kind;
    m.networks = {net.toNetwork()};
    m.uMax = uMaxFor(kind);
    {
        torch::NoGradGuard guard;
        m.floorS = (1e-5 * torch::softplus(floorParam)).item<double>();
        m.floorPower = options.floorPower;
        const torch::Tensor lv = level - level.mean();
        std::vector<int> rowsPerGpu(static_cast<std::size_t>(ng), 0);
        for (int i : idx) {
            ++rowsPerGpu[static_cast<std::size_t>(localOf[static_cast<std::size_t>(data.rows[static_cast<std::size_t>(i)].gpu)])];
        }
        double hbmSum = 0, gddrSum = 0;
        int hbmCount = 0, gddrCount = 0;
        const torch::Tensor embC = (embedding - embedding.mean(0)).contiguous();
        m.embeddingDims = ne;
        std::vector<float> hbmEmb(static_cast<std::size_t>(ne), 0.0f), gddrEmb(static_cast<std::size_t>(ne), 0.0f);
        for (std::int64_t g = 0; g < ng; ++g) {
            const int global = present[static_cast<std::size_t>(g)];
            GpuCalibration c;
            c.gpuId = data.gpuIds[global];
            c.level = lv[g].item<double>();
            c.durationSlope = (options.centredSlope ? slope - slope.mean() : slope)[g].item<double>();
            c.rows = rowsPerGpu[static_cast<std::size_t>(g)];
            for (int d = 0; d < ne; ++d) {
                c.embedding.push_back(embC[g][d].item<float>());
            }
            const bool hbm = isHbm(data.devices[static_cast<std::size_t>(global)].memoryType);
            for (int d = 0; d < ne; ++d) {
                (hbm ? hbmEmb : gddrEmb)[static_cast<std::size_t>(d)] += c.embedding[static_cast<std::size_t>(d)];
            }
            m.calibration.push_back(c);
            if (hbm) {
                hbmSum += c.level;
                ++hbmCount;
            } else {
                gddrSum += c.level;
                ++gddrCount;
            }
        }
        m.hbmLevel = hbmCount ? hbmSum / hbmCount : 0.0;
        m.gddrLevel = gddrCount ? gddrSum / gddrCount : 0.0;
        for (int d = 0; d < ne; ++d) {
            hbmEmb[static_cast<std::size_t>(d)] /= std::max(hbmCount, 1);
            gddrEmb[static_cast<std::size_t>(d)] /= std::max(gddrCount, 1);
        }
        // With embedding dropout, unmeasured GPUs take the zero ("unknown GPU") embedding the
        // network was trained for, not a family mean.
        if (options.embeddingDropout > 0) {
            std::fill(hbmEmb.begin(), hbmEmb.end(), 0.0f);
            std::fill(gddrEmb.begin(), gddrEmb.end(), 0.0f);
        }
        if (options.genericFamilyLevel) {
            // Each GPU's generic level: median over its rows of log(generic device time / measured),
            // the generic path being the network with the family embedding an unmeasured GPU of its
            // family gets, no level and no duration slope. Rows whose roofline is below 0.1 ms are
            // left out (the fixed per-kernel time dominates them).
            torch::Tensor input = x;
            if (ne > 0) {
                torch::Tensor fam = torch::empty({n, ne}, torch::kFloat32);
                auto fa = fam.accessor<float, 2>();
                auto ga = gi.accessor<std::int64_t, 1>();
                for (std::int64_t i = 0; i < n; ++i) {
                    const int global = present[static_cast<std::size_t>(ga[i])];
                    const bool hbm = isHbm(data.devices[static_cast<std::size_t>(global)].memoryType);
                    for (int d = 0; d < ne; ++d) {
                        fa[i][d] = (hbm ? hbmEmb : gddrEmb)[static_cast<std::size_t>(d)];
                    }
                }
                input = torch::cat({x, fam}, 1);
            }
            const torch::Tensor z = net.forward(input).reshape({n});
            const torch::Tensor device = roof * torch::exp(-(logUMax + torch::log_sigmoid(z)));
            const torch::Tensor logRatio = torch::log(device / y);
            auto la = logRatio.accessor<float, 1>();
            auto ra = roof.accessor<float, 1>();
            auto ga = gi.accessor<std::int64_t, 1>();
            std::vector<std::vector<double>> perGpu(static_cast<std::size_t>(ng));
            for (std::int64_t i = 0; i < n; ++i) {
                if (ra[i] >= 1e-4f) {
                    perGpu[static_cast<std::size_t>(ga[i])].push_back(la[i]);
                }
            }
            double hbmG = 0, gddrG = 0;
            int hbmN = 0, gddrN = 0;
            for (std::int64_t g = 0; g < ng; ++g) {
                std::vector<double> &v = perGpu[static_cast<std::size_t>(g)];
                if (v.empty()) {
                    continue;
                }
                std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
                const double median = v[v.size() / 2];
                const int global = present[static_cast<std::size_t>(g)];
                if (isHbm(data.devices[static_cast<std::size_t>(global)].memoryType)) {
                    hbmG += median;
                    ++hbmN;
                } else {
                    gddrG += median;
                    ++gddrN;
                }
            }
            if (hbmN > 0) {
                m.hbmLevel = hbmG / hbmN;
            }
            if (gddrN > 0) {
                m.gddrLevel = gddrG / gddrN;
            }
        }
        m.hbmEmbedding = ne > 0 ? hbmEmb : std::vector<float>{};
        m.gddrEmbedding = ne > 0 ? gddrEmb : std::vector<float>{};
    }
    fit.seconds = static_cast<double>(timer.elapsed()) / 1000.0;
    return fit;
}

}  // namespace

ModelFit fitModel(const TrainingData &data, UtilisationModelKind kind, const FitOptions &options,
                  const QStringList &excludeGpus) {
    ModelFit merged;
    const int members = std::max(1, options.ensemble);
    for (int e = 0; e < members; ++e) {
        FitOptions o = options;
        o.seed = options.seed + 7919ULL * static_cast<std::uint64_t>(e);
        ModelFit f = fitMember(data, kind, o, excludeGpus);
        if (e == 0) {
            merged = std::move(f);
            continue;
        }
        UtilisationModel &m = merged.model;
        m.networks.push_back(std::move(f.model.networks.front()));
        m.floorS += f.model.floorS;
        m.hbmLevel += f.model.hbmLevel;
        m.gddrLevel += f.model.gddrLevel;
        for (std::size_t g = 0; g < m.calibration.size(); ++g) {
            m.calibration[g].level += f.model.calibration[g].level;
            m.calibration[g].durationSlope += f.model.calibration[g].durationSlope;
            const std::vector<float> &emb = f.model.calibration[g].embedding;
            m.calibration[g].embedding.insert(m.calibration[g].embedding.end(), emb.begin(), emb.end());
        }
        m.hbmEmbedding.insert(m.hbmEmbedding.end(), f.model.hbmEmbedding.begin(), f.model.hbmEmbedding.end());
        m.gddrEmbedding.insert(m.gddrEmbedding.end(), f.model.gddrEmbedding.begin(), f.model.gddrEmbedding.end());
        merged.trainMape += f.trainMape;
        merged.seconds += f.seconds;
    }
    // Members share the GPUs (same rows), so their nuisance terms average one by one.
    UtilisationModel &m = merged.model;
    m.floorS /= members;
    m.hbmLevel /= members;
    m.gddrLevel /= members;
    for (GpuCalibration &c : m.calibration) {
        c.level /= members;
        c.durationSlope /= members;
    }
    merged.trainMape /= members;
    return merged;
}

Evaluation evaluate(const KernelModel &model, const TrainingData &data,
                    const std::function<bool(const TrainingRow &)> &select) {
    Evaluation ev;
    ev.predictedS.assign(data.rows.size(), 0.0);
    std::vector<KernelModel::BoundDevice> bound;
    for (const DeviceResources &d : data.devices) {
        bound.push_back(model.bind(d));
    }
    std::map<std::pair<int, int>, std::pair<double, int>> acc;  // (class, gpu) -> (sum |e|, n)
    std::map<int, std::pair<double, int>> pooled;
    for (std::size_t i = 0; i < data.rows.size(); ++i) {
        const TrainingRow &r = data.rows[i];
        if (!select(r)) {
            continue;
        }
        const KernelPrediction p = model.predict(r.kernel, bound[static_cast<std::size_t>(r.gpu)]);
        const double predicted = p.latencyMs * 1e-3;
        ev.predictedS[i] = predicted;
        const double e = std::abs(predicted / r.latencyS - 1.0);
        auto &a = acc[{static_cast<int>(r.errorClass), r.gpu}];
        a.first += e;
        ++a.second;
        auto &b = pooled[static_cast<int>(r.errorClass)];
        b.first += e;
        ++b.second;
    }
    for (const auto &[key, v] : acc) {
        ev.perClassGpu.push_back({static_cast<KernelErrorClass>(key.first), data.gpuIds[key.second], v.second,
                                  100.0 * v.first / v.second});
    }
    for (const auto &[key, v] : pooled) {
        ev.perClass.push_back({static_cast<KernelErrorClass>(key), QString(), v.second, 100.0 * v.first / v.second});
    }
    return ev;
}

ErrorBand bandOf(const TrainingData &data, const std::vector<double> &predictedS, const std::vector<int> &rows) {
    ErrorBand b;
    if (rows.empty()) {
        return b;
    }
    std::vector<double> ratio;
    ratio.reserve(rows.size());
    double sum = 0;
    for (int i : rows) {
        const double measured = data.rows[static_cast<std::size_t>(i)].latencyS;
        const double predicted = predictedS[static_cast<std::size_t>(i)];
        ratio.push_back(measured / predicted);
        sum += std::abs(predicted / measured - 1.0);
    }
    std::sort(ratio.begin(), ratio.end());
    auto quantile = [&ratio](double q) {
        const double pos = q * static_cast<double>(ratio.size() - 1);
        const auto lo = static_cast<std::size_t>(std::floor(pos));
        const std::size_t hi = std::min(lo + 1, ratio.size() - 1);
        return ratio[lo] + (ratio[hi] - ratio[lo]) * (pos - static_cast<double>(lo));
    };
    b.low = std::min(1.0, quantile(0.1));
    b.high = std::max(1.0, quantile(0.9));
    b.mape = 100.0 * sum / static_cast<double>(rows.size());
    b.rows = static_cast<int>(rows.size());
    return b;
}

}  // namespace infersight
