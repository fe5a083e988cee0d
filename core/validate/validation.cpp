// SPDX-License-Identifier: MIT
#include "validate/validation.h"

#include "design/design.h"
#include "graph/shape_binding.h"
#include "hardware/gpu_catalogue.h"
#include "importers/hfconfig/hf_config_importer.h"
#include "predict/device_resources.h"
#include "predict/lowering.h"
#include "predict/predictor.h"
#include "predict/uncertainty.h"
#include "zoo/model_zoo.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <memory>

namespace infersight {

namespace {

double toDouble(const QString &s) {
    bool ok = false;
    const double v = s.toDouble(&ok);
    return ok ? v : 0.0;
}

std::int64_t toInt(const QString &s) {
    bool ok = false;
    const qlonglong v = s.trimmed().toLongLong(&ok);
    if (ok) {
        return v;
    }
    return static_cast<std::int64_t>(toDouble(s));
}

QString cell(const CsvTable &t, const QStringList &row, const QString &column) {
    const int c = t.column(column);
    return c >= 0 && c < row.size() ? row.at(c) : QString();
}

// NeuSight's GPU folder names ("NVIDIA_A100-PCIE-40GB", "Tesla_T4") to catalogue GPUs.
const GpuSpec *gpuForNeusightName(const QString &name) {
    QString device = name;
    device.replace(QLatin1Char('_'), QLatin1Char(' '));
    return GpuCatalogue::builtIn().findByDeviceName(device);
}

// DLE's GPU column: "V100 16GB" is the DGX-1V's V100-SXM2 (16 GB; same chip, clocks and bandwidth
// as the catalogue's V100-SXM2-32GB), "T4" the T4.
const GpuSpec *gpuForDleName(const QString &name) {
    if (name.startsWith(QLatin1String("V100"))) {
        return GpuCatalogue::builtIn().find(QStringLiteral("v100-sxm2-32gb"));
    }
    if (name == QLatin1String("T4")) {
        return GpuCatalogue::builtIn().find(QStringLiteral("t4"));
    }
    return nullptr;
}

QString e2eFamily(const QString &model) {
    if (model.startsWith(QLatin1String("bert"))) {
        return QStringLiteral("bert");
    }
    if (model.startsWith(QLatin1String("gpt2"))) {
        return QStringLiteral("gpt2");
    }
    if (model.startsWith(QLatin1String("gpt3"))) {
        return QStringLiteral("gpt3");
    }
    if (model.startsWith(QLatin1String("opt"))) {
        return QStringLiteral("opt");
    }
    if (model.startsWith(QLatin1String("switch"))) {
        return QStringLiteral("switch");
    }
    return model;
}

// The graph of a NeuSight model config at (batch, seq), shapes propagated. Not through
// Design::open, which builds the head a config.json names: NeuSight measured BERT with another
// head than its config lists (below), so the architecture is overridden here.
Result<Graph> neusightGraph(const QString &dataDir, const QString &model, std::int64_t batch, std::int64_t seq) {
    const QString path = QDir(dataDir).filePath(QStringLiteral("neusight/model_configs/%1.json").arg(model));
    // NeuSight ran BERT as BertForSequenceClassification (model_ops_measured.csv shows the pooler and
    // a 2-way classifier) although bert_large.json lists BertLMHeadModel.
    const QString architecture =
        model.startsWith(QLatin1String("bert")) ? QStringLiteral("BertForSequenceClassification") : QString();
    ZooOptions zo;
    zo.batch = batch;
    zo.seq = seq;
    Result<Graph> g = importHfConfig(path, zo, architecture);
    if (!g) {
        return g;
    }
    ShapeBindings b;
    b.batch = batch;
    b.sequence = seq;
    Result<BoundShapes> bound = propagateAtBindings(*g, b, path);
    if (!bound) {
        return bound.error();
    }
    return g;
}

struct Prepared {
    Graph graph;
    GraphAnalysis analysis;
    KernelPlan plan;
};

std::shared_ptr<Prepared> prepare(Graph graph, Precision precision, Runtime runtime,
                                  MemoryFormat memoryFormat = MemoryFormat::Contiguous) {
    auto p = std::make_shared<Prepared>();
    p->graph = std::move(graph);
    p->analysis = GraphAnalysis::of(p->graph);
    LoweringOptions lo;
    lo.precision = precision;
    lo.runtime = runtime;
    lo.memoryFormat = memoryFormat;
    p->plan = lowerGraph(p->graph, p->analysis, lo);
    return p;
}

const KernelModel &kernelModelOf(const ValidationOptions &o) {
    return o.kernelModel ? *o.kernelModel : KernelModel::builtIn();
}

// Leave-one-GPU-out kernel models, data/predictor/loo/<gpu-id>.json, loaded once per run.
struct LooModels {
    std::map<QString, std::optional<KernelModel>> models;
    const KernelModel *find(const QString &dataDir, const QString &gpuId, QStringList *notes) {
        auto it = models.find(gpuId);
        if (it == models.end()) {
            const QString path = QDir(dataDir).filePath(QStringLiteral("predictor/loo/%1.json").arg(gpuId));
            std::optional<KernelModel> m;
            if (QFileInfo::exists(path)) {
                Result<KernelModel> r = KernelModel::fromFile(path);
                if (r) {
                    m = std::move(r.value());
                } else if (notes) {
                    *notes << QStringLiteral("leave-one-GPU-out model %1: %2").arg(path, r.errorMessage());
                }
            } else if (notes) {
                *notes << QStringLiteral("no leave-one-GPU-out model for %1 (%2)").arg(gpuId, path);
            }
            it = models.emplace(gpuId, std::move(m)).first;
        }
        return it->second ? &*it->second : nullptr;
    }
    // The leave-one-generation-out model of `gpu`'s architecture (gen-<architecture>.json), if committed.
    const KernelModel *findGeneration(const QString &dataDir, const GpuSpec &gpu) {
        const QString name = QStringLiteral("gen-%1").arg(gpu.architecture.toLower());
        if (gpu.architecture.isEmpty() ||
            !QFileInfo::exists(QDir(dataDir).filePath(QStringLiteral("predictor/loo/%1.json").arg(name)))) {
            return nullptr;
        }
        return find(dataDir, name, nullptr);
    }
};

// The target of a measured row. The data names no row's system except the DLE V100 rows' (a
// DGX-1, the fitted host); the T4 rows' server is not named and the host band was calibrated on
// them with the DGX-1's costs; the NeuSight rows are GPU-bound. So every row is predicted on the
// fitted host, whatever the GPU's default host (docs/predictor.md "Host systems").
Target onFittedHost(Target target) {
    if (const HostSpec *fitted = HostCatalogue::builtIn().fitted()) {
        target.setHost(*fitted);
    }
    return target;
}

// --- DLE ---------------------------------------------------------------------------------------

struct DleCase {
    ValidationRow row;
    std::shared_ptr<Prepared> prepared;
    std::optional<TargetDevice> device;
};

QString dleZooName(const QString &model, bool *standIn) {
    *standIn = false;
    const QString m = model.toLower();
    if (m.startsWith(QLatin1String("resnet-50"))) {
        return QStringLiteral("resnet50");
    }
    if (m.startsWith(QLatin1String("resnext101-32x4d"))) {
        return QStringLiteral("resnext101_32x4d");
    }
    if (m.startsWith(QLatin1String("se-resnext101-32x4d"))) {
        return QStringLiteral("se_resnext101_32x4d");
    }
    if (m == QLatin1String("efficientnet-b0") || m == QLatin1String("efficientnet-b4")) {
        return QStringLiteral("efficientnet_") + m.right(2);
    }
    if (m == QLatin1String("efficientnet-widese-b0") || m == QLatin1String("efficientnet-widese-b4")) {
        // Stand-in: WideSE widens only the squeeze-excitation layers (a few % of the FLOPs).
        *standIn = true;
        return QStringLiteral("efficientnet_") + m.right(2);
    }
    return {};
}

QString dleFamily(const QString &zooName) {
    if (zooName.startsWith(QLatin1String("se_"))) {
        return QStringLiteral("se-resnext");
    }
    if (zooName.startsWith(QLatin1String("resnext"))) {
        return QStringLiteral("resnext");
    }
    if (zooName.startsWith(QLatin1String("resnet"))) {
        return QStringLiteral("resnet");
    }
    return QStringLiteral("efficientnet");
}

Result<std::vector<DleCase>> loadDleCases(const ValidationOptions &options, QStringList *notes) {
    const QString path = QDir(options.dataDir).filePath(QStringLiteral("dle/pytorch_convnets_inference.csv"));
    Result<CsvTable> table = readCsv(path);
    if (!table) {
        return table.error();
    }
    std::vector<DleCase> cases;
    std::map<QString, std::shared_ptr<Prepared>> cache;
    std::map<QString, TargetDevice> devices;
    QStringList skipped;
    for (const QStringList &r : table->rows) {
        DleCase c;
        ValidationRow &row = c.row;
        row.dataset = QStringLiteral("dle");
        row.model = cell(*table, r, QStringLiteral("model"));
        row.gpuName = cell(*table, r, QStringLiteral("gpu"));
        const QString precision = cell(*table, r, QStringLiteral("precision"));
        const bool amp = precision.startsWith(QLatin1String("Mixed"), Qt::CaseInsensitive) ||
                         precision.compare(QLatin1String("AMP"), Qt::CaseInsensitive) == 0;
        row.precision = amp ? QStringLiteral("amp") : QStringLiteral("fp32");
        row.runtime = QStringLiteral("eager");
        row.batch = toInt(cell(*table, r, QStringLiteral("batch")));
        const QString input = cell(*table, r, QStringLiteral("input"));
        row.seq = toInt(input.section(QLatin1Char('x'), 0, 0));
        row.measuredMs = toDouble(cell(*table, r, QStringLiteral("lat_avg_ms")));
        bool standIn = false;
        const QString zoo = dleZooName(row.model, &standIn);
        const GpuSpec *gpu = gpuForDleName(row.gpuName);
        if (zoo.isEmpty() || !gpu || row.batch <= 0 || row.measuredMs <= 0) {
            skipped << row.model + QLatin1Char('/') + row.gpuName;
            continue;
        }
        row.standIn = standIn;
        row.family = dleFamily(zoo);
        row.gpuId = gpu->id;
        row.heldOut = !row.gpuName.startsWith(QLatin1String("V100"));
        const QString key = QStringLiteral("%1/%2/%3/%4").arg(zoo).arg(row.batch).arg(row.seq).arg(row.precision);
        auto it = cache.find(key);
        if (it == cache.end()) {
            // Opened like any model (Design::open); the table's "input" is the square image side.
            Knobs knobs;
            knobs.batch = row.batch;
            knobs.height = row.seq;
            knobs.width = row.seq;
            Result<Design> d = Design::open(QStringLiteral("zoo:") + zoo, knobs);
            if (!d) {
                return Error{QStringLiteral("DLE %1: %2").arg(row.model, d.errorMessage())};
            }
            // The DLE's AMP runs use channels_last (NHWC; the file's notes, configs.yml), its FP32 runs NCHW.
            it = cache.emplace(key, prepare(d->graph(), amp ? Precision::AMP : Precision::FP32, Runtime::Eager,
                                            amp ? MemoryFormat::ChannelsLast : MemoryFormat::Contiguous))
                     .first;
        }
        c.prepared = it->second;
        auto dit = devices.find(gpu->id);
        if (dit == devices.end()) {
            dit = devices.emplace(gpu->id, TargetDevice::make(onFittedHost(Target::wholeGpu(*gpu)), kernelModelOf(options)))
                      .first;
        }
        c.device = dit->second;
        cases.push_back(std::move(c));
    }
    if (!skipped.isEmpty() && notes) {
        skipped.removeDuplicates();
        *notes << QStringLiteral("dle: rows without a graph or GPU skipped: %1").arg(skipped.join(QStringLiteral(", ")));
    }
    return cases;
}

void predictDle(std::vector<DleCase> &cases, const HostOverheadModel &host, const KernelModel &km,
                std::map<QString, KernelPredictionCache> *caches = nullptr,
                const std::function<bool(const DleCase &)> &only = {}) {
    PredictOptions po;
    po.keepKernels = false;
    po.computeMemory = false;
    po.hostModel = &host;
    po.kernelModel = &km;
    for (DleCase &c : cases) {
        if (only && !only(c)) {
            continue;
        }
        po.batch = c.row.batch;
        po.cache = caches ? &(*caches)[c.row.gpuId] : nullptr;
        const Prediction p = predictPlan(c.prepared->graph, c.prepared->analysis, c.prepared->plan, *c.device, po);
        c.row.predictedMs = p.latencyMs;
        c.row.extrapolated = !p.extrapolation.isEmpty();
        c.row.bandLowMs = p.bandLowMs;
        c.row.bandHighMs = p.bandHighMs;
        c.row.classBandDownMs = p.classBandDownMs;
        c.row.classBandUpMs = p.classBandUpMs;
    }
}

double dleMape(const std::vector<DleCase> &cases, const std::function<bool(const DleCase &)> &use) {
    double sum = 0;
    int n = 0;
    for (const DleCase &c : cases) {
        if (use(c)) {
            sum += c.row.ape();
            ++n;
        }
    }
    return n ? sum / n : -1.0;
}

// --- model ops ---------------------------------------------------------------------------------

std::vector<std::int64_t> parseShape(const QString &text) {
    std::vector<std::int64_t> dims;
    static const QRegularExpression num(QStringLiteral("-?\\d+"));
    auto it = num.globalMatch(text);
    while (it.hasNext()) {
        dims.push_back(it.next().captured(0).toLongLong());
    }
    return dims;
}

std::vector<std::vector<std::int64_t>> parseShapeList(const QString &text) {
    // "[[16, 512, 1024], [1024]]"
    std::vector<std::vector<std::int64_t>> out;
    static const QRegularExpression inner(QStringLiteral("\\[([^\\[\\]]*)\\]"));
    auto it = inner.globalMatch(text);
    while (it.hasNext()) {
        out.push_back(parseShape(it.next().captured(1)));
    }
    return out;
}

std::int64_t product(const std::vector<std::int64_t> &s) {
    std::int64_t p = 1;
    for (std::int64_t d : s) {
        p *= d;
    }
    return p;
}

// The kernel an fx node launches (FP32), or nothing for views, shape arithmetic and dropouts.
std::optional<Kernel> fxKernel(const QString &fxOp, const QString &target, const QString &inputs, const QString &output,
                               const QString &previousTarget) {
    const auto ins = parseShapeList(inputs);
    const auto out = parseShape(output);
    const std::int64_t outE = product(out);
    if (out.empty() || outE <= 1) {
        return std::nullopt;  // Python scalars and shape arithmetic
    }
    auto fullInputs = [&]() {
        int n = 0;
        for (const auto &s : ins) {
            if (2 * product(s) >= outE) {
                ++n;
            }
        }
        return n;
    };
    namespace fpe = flops_per_element;
    const QString t = target.toLower();
    if (fxOp == QLatin1String("call_module")) {
        if (t.contains(QLatin1String("dropout")) || t.endsWith(QLatin1String(".drop")) || t == QLatin1String("drop")) {
            return std::nullopt;
        }
        if (t.contains(QLatin1String("layernorm")) || t.contains(QLatin1String("layer_norm")) ||
            t.contains(QLatin1String("ln_"))) {
            const std::int64_t d = out.back();
            return Kernel::rowReduction(outE / d, d, fpe::kLayerNorm);
        }
        if (t.contains(QLatin1String("embed")) || t.endsWith(QLatin1String("wte")) || t.endsWith(QLatin1String("wpe"))) {
            return Kernel::copy(outE, 4, 1);
        }
        if (t.contains(QLatin1String("activation"))) {
            return Kernel::elementwise(outE, 1, 1, t.contains(QLatin1String("pooler")) ? fpe::kTanh : fpe::kAdd);
        }
        if (ins.empty() || ins.front().empty()) {
            return std::nullopt;
        }
        // Linear layers (dense, query/key/value, *_proj, fc1/fc2, lm_head, classifier).
        const std::int64_t k = ins.front().back();
        const std::int64_t n = out.back();
        return Kernel::gemm(outE / n, n, k, 1, true);
    }
    if (fxOp == QLatin1String("call_method")) {
        if (t == QLatin1String("contiguous") &&
            (previousTarget == QLatin1String("permute") || previousTarget == QLatin1String("transpose"))) {
            return Kernel::copy(outE, 4, 1);
        }
        if (t == QLatin1String("masked_fill") || t == QLatin1String("masked_fill_")) {
            return Kernel::elementwise(outE, fullInputs(), 1, fpe::kAdd);
        }
        if (t == QLatin1String("bool")) {
            return Kernel::elementwise(outE, 1, 1, fpe::kAdd, 3);
        }
        return std::nullopt;  // views, casts to the same type, size/dim
    }
    // call_function
    if (t.contains(QLatin1String("addmm"))) {
        if (ins.size() < 3 || ins[1].size() != 2 || ins[2].size() != 2) {
            return std::nullopt;
        }
        return Kernel::gemm(ins[1][0], ins[2][1], ins[1][1], 1, false);  // GPT-2 Conv1D: addmm(b, x, W)
    }
    if (t.contains(QLatin1String("bmm")) || t.contains(QLatin1String("matmul"))) {
        if (ins.size() < 2 || ins[0].size() < 2 || ins[1].size() < 2) {
            return std::nullopt;
        }
        const auto &a = ins[0];
        const auto &b = ins[1];
        const std::int64_t m = a[a.size() - 2];
        const std::int64_t k = a.back();
        const std::int64_t n = b.back();
        return Kernel::gemm(m, n, k, outE / (m * n), false);
    }
    if (t.contains(QLatin1String("softmax"))) {
        const std::int64_t d = out.back();
        return Kernel::rowReduction(outE / d, d, fpe::kSoftmax);
    }
    if (t.contains(QLatin1String("embedding"))) {
        return Kernel::copy(outE, 4, 1);
    }
    if (t.contains(QLatin1String("dropout"))) {
        return std::nullopt;
    }
    if (t.contains(QLatin1String("gelu"))) {
        return Kernel::elementwise(outE, 1, 1, fpe::kGelu);
    }
    if (t.contains(QLatin1String("tanh"))) {
        return Kernel::elementwise(outE, 1, 1, fpe::kTanh);
    }
    if (t.contains(QLatin1String("pow"))) {
        return Kernel::elementwise(outE, fullInputs(), 1, fpe::kTanh);
    }
    if (t.contains(QLatin1String("truediv"))) {
        return Kernel::elementwise(outE, fullInputs(), 1, fpe::kDiv);
    }
    if (t.contains(QLatin1String("arange")) || t.contains(QLatin1String("full")) || t.contains(QLatin1String("ones")) ||
        t.contains(QLatin1String("method tensor"))) {
        return Kernel::elementwise(outE, 0, 1, 0.0);
    }
    if (t.contains(QLatin1String("cumsum"))) {
        const std::int64_t d = out.back();
        return Kernel::rowReduction(outE / d, d, fpe::kAdd);
    }
    if (t.contains(QLatin1String("finfo")) || t.contains(QLatin1String("getattr")) || t.contains(QLatin1String("getitem"))) {
        return std::nullopt;
    }
    // add, sub, mul, lt, ne, eq, gt, where, max ...
    return Kernel::elementwise(outE, std::max(1, fullInputs()), 1, fpe::kAdd);
}

// --- measured (harness) rows -------------------------------------------------------------------

// How the measured model ran attention, from the harness's model_config: HF attn_implementation
// "sdpa" / "flash_attention_2", or torch.nn.MultiheadAttention (its inference fast path calls the
// fused native kernel), is one fused SDPA op; "eager" is hand-written attention; otherwise the
// lowering decides from the graph (AttentionLowering::Auto).
AttentionLowering measuredAttention(const QJsonObject &config) {
    const QString impl = config.value(QStringLiteral("attn_implementation")).toString();
    if (impl == QLatin1String("sdpa") || impl.startsWith(QLatin1String("flash_attention")) ||
        config.value(QStringLiteral("uses_nn_multihead_attention")).toBool()) {
        return AttentionLowering::Fused;
    }
    if (impl == QLatin1String("eager")) {
        return AttentionLowering::Decomposed;
    }
    return AttentionLowering::Auto;
}

// The folders data/measured/<machine>, in machine-name order.
QStringList measuredMachineDirs(const QString &dataDir) {
    QStringList dirs;
    const QDir measured(QDir(dataDir).filePath(QStringLiteral("measured")));
    for (const QString &d : measured.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        dirs << measured.filePath(d);
    }
    return dirs;
}

Result<Graph> measuredGraph(const QString &dataDir, const QString &gpuId, const QString &model, const QJsonObject &config,
                            std::int64_t batch, std::int64_t seq, std::int64_t image) {
    Knobs knobs;
    knobs.batch = batch;
    if (seq > 0) {
        knobs.sequence = seq;
    }
    if (image > 0) {
        knobs.height = image;
        knobs.width = image;
    }
    // The row's own export; else another measured machine's export of the same registry model (the
    // harness exports on the CPU from the same model code: data/measured/<gpu>/onnx/index.csv).
    QString onnx = QDir(dataDir).filePath(QStringLiteral("measured/%1/onnx/%2.onnx").arg(gpuId, model));
    for (const QString &machine : measuredMachineDirs(dataDir)) {
        if (QFileInfo::exists(onnx)) {
            break;
        }
        onnx = QDir(machine).filePath(QStringLiteral("onnx/%1.onnx").arg(model));
    }
    const QString source = QFileInfo::exists(onnx) ? onnx : findZooModel(model) ? QStringLiteral("zoo:") + model : QString();
    if (!source.isEmpty()) {
        Result<Design> d = Design::open(source, knobs);
        if (!d) {
            return d.error();
        }
        return d->graph();
    }
    // A transformers model built from a config: model_config has model_class and kwargs.
    const QString cls = config.value(QStringLiteral("model_class")).toString();
    const QJsonObject kwargs = config.value(QStringLiteral("kwargs")).toObject();
    if (!cls.isEmpty() && !kwargs.isEmpty()) {
        static const std::pair<const char *, const char *> types[] = {
            {"Bert", "bert"}, {"GPT2", "gpt2"}, {"OPT", "opt"}, {"Llama", "llama"}, {"Mistral", "mistral"},
            {"SwitchTransformers", "switch_transformers"}};
        QString type;
        for (const auto &[prefix, mt] : types) {
            if (cls.startsWith(QLatin1String(prefix))) {
                type = QLatin1String(mt);
            }
        }
        if (type.isEmpty()) {
            return Error{QStringLiteral("%1: model class %2 is not supported").arg(model, cls)};
        }
        QJsonObject hf = kwargs;
        hf[QStringLiteral("model_type")] = type;
        hf[QStringLiteral("architectures")] = QJsonArray{cls};
        Result<HfModelConfig> parsed = parseHfConfig(QJsonDocument(hf).toJson(QJsonDocument::Compact), model);
        if (!parsed) {
            return parsed.error();
        }
        ZooOptions zo;
        zo.batch = batch;
        zo.seq = seq;
        Result<Graph> g = buildHfModel(*parsed, zo);
        if (!g) {
            return g;
        }
        Result<BoundShapes> bound = propagateAtBindings(*g, knobs.bindings(), model);
        if (!bound) {
            return bound.error();
        }
        return g;
    }
    return Error{QStringLiteral("%1: no graph (not in the zoo, no ONNX export, no model_config kwargs)").arg(model)};
}

// The systems of data/measured rows that the host catalogue lists: the rows of a GPU folder whose
// `host` cell reads `host` ran on the catalogue's host `catalogueId` (the folder's README.md
// describes the machine). Rows of other systems are priced on the fitted server, with a note.
struct MeasuredSystem {
    const char *gpuId;
    const char *host;
    const char *catalogueId;
};
constexpr MeasuredSystem kMeasuredSystems[] = {{"h100-sxm5-80gb", "vm", "measured-h100-vm"},
                                              {"h200-sxm5-141gb", "vm", "measured-h200-vm"}};

const HostSpec *measuredSystemHost(const QString &gpuId, const QString &host) {
    for (const MeasuredSystem &m : kMeasuredSystems) {
        if (gpuId == QLatin1String(m.gpuId) && host == QLatin1String(m.host)) {
            return HostCatalogue::builtIn().find(QLatin1String(m.catalogueId));
        }
    }
    return nullptr;
}

// The architecture family of a measured model (torchvision / timm / transformers names), the unit
// left out together by the host-scale fit: a model's sizes and variants share their op sequence.
QString measuredModelFamily(const QString &model) {
    const QString m = model.startsWith(QLatin1String("timm_")) ? model.mid(5) : model;
    static const std::pair<const char *, const char *> families[] = {
        {"resnet", "resnet"},       {"resnext", "resnet"},         {"wide_resnet", "resnet"},
        {"efficientnet", "efficientnet"}, {"mobilenet", "mobilenet"}, {"shufflenet", "mobilenet"},
        {"regnet", "regnet"},       {"convnext", "convnext"},      {"densenet", "densenet"},
        {"vgg", "vgg"},             {"vit_", "vit"},               {"deit", "vit"},
        {"swin", "vit"},            {"mixer", "mixer"},            {"bert", "bert"},
        {"gpt2", "gpt2"},           {"llama", "llama"},            {"opt", "opt"}};
    for (const auto &[prefix, family] : families) {
        if (m.startsWith(QLatin1String(prefix))) {
            return QLatin1String(family);
        }
    }
    return m.section(QLatin1Char('_'), 0, 0);
}

// A measured row prepared for repeated prediction with other host costs: its graph lowered as
// validate predicts it, on its GPU (and MPS share) and host with time scale 1; the host model
// passed to predictMeasuredCase scales the fitted server's costs.
struct MeasuredCase {
    std::size_t row = 0;  // index into the file's rows
    std::shared_ptr<Prepared> prepared;
    std::shared_ptr<const TargetDevice> device;
};

// The fitted server's host costs x `scale` on every CPU-side cost (the GPU gap stays): the same
// timeline as a host whose HostSpec::timeScale is `scale` (predictor.cpp, HostCosts).
HostOverheadModel scaledHostModel(HostOverheadModel m, double scale) {
    for (HostOverheadParameters *p : {&m.eager, &m.fused}) {
        p->perInferenceMs *= scale;
        p->opUs *= scale;
        p->viewUs *= scale;
        p->shapeUs *= scale;
        p->autocastOpUs *= scale;
        p->kernelUs *= scale;
    }
    return m;
}

Prediction predictMeasuredCase(const MeasuredCase &c, std::int64_t batch, const HostOverheadModel &host,
                               const KernelModel &km, KernelPredictionCache *cache, const EnergyParameters &energy = {}) {
    PredictOptions po;
    po.energy = energy;
    po.batch = batch;
    po.keepKernels = false;
    po.computeMemory = false;
    po.hostModel = &host;
    po.kernelModel = &km;
    po.cache = cache;
    return predictPlan(c.prepared->graph, c.prepared->analysis, c.prepared->plan, *c.device, po);
}

// A row is host-bound when its GPU busy time is under this share of its host time at the fitted
// server's costs: then the host time decides the latency whatever the scale in the fit's range.
constexpr double kHostBoundGpuShare = 0.25;
// The range searched for a host time scale.
constexpr double kHostScaleLow = 0.15;
constexpr double kHostScaleHigh = 1.5;

// The x in [a, b] minimising a unimodal f (golden-section search to a bracket narrower than `tolerance`).
double goldenSectionMinimum(const std::function<double(double)> &f, double a, double b, double tolerance) {
    const double phi = (std::sqrt(5.0) - 1.0) / 2.0;
    double x1 = b - phi * (b - a), x2 = a + phi * (b - a);
    double f1 = f(x1), f2 = f(x2);
    while (b - a > tolerance) {
        if (f1 <= f2) {
            b = x2;
            x2 = x1;
            f2 = f1;
            x1 = b - phi * (b - a);
            f1 = f(x1);
        } else {
            a = x1;
            x1 = x2;
            f1 = f2;
            x2 = a + phi * (b - a);
            f2 = f(x2);
        }
    }
    return 0.5 * (a + b);
}

// The host time scale minimising the MAPE of the cases passing `use` (golden-section search on
// log scale; the MAPE of host-bound rows is unimodal in the scale: each row's latency grows with it).
double fitHostScale(const std::vector<MeasuredCase> &cases, const std::vector<ValidationRow> &rows,
                    const HostOverheadModel &start, const KernelModel &km, std::map<QString, KernelPredictionCache> &caches,
                    const std::function<bool(const MeasuredCase &)> &use, double *mapeAtFit = nullptr) {
    auto mapeAt = [&](double logScale) {
        const HostOverheadModel m = scaledHostModel(start, std::exp(logScale));
        double sum = 0;
        int n = 0;
        for (const MeasuredCase &c : cases) {
            if (!use(c)) {
                continue;
            }
            const Prediction p = predictMeasuredCase(c, rows[c.row].batch, m, km, &caches[c.device->key]);
            sum += std::abs(p.latencyMs / rows[c.row].measuredMs - 1.0);
            ++n;
        }
        return n ? 100.0 * sum / n : 0.0;
    };
    const double best = goldenSectionMinimum(mapeAt, std::log(kHostScaleLow), std::log(kHostScaleHigh), 1e-4);
    if (mapeAtFit) {
        *mapeAtFit = mapeAt(best);
    }
    return std::exp(best);
}

struct MeasuredFile {
    std::vector<ValidationRow> rows;
    std::vector<MeasuredCase> cases;  // rows on a catalogued measured system (kMeasuredSystems)
};

Result<MeasuredFile> loadMeasuredFile(const QString &path, const ValidationOptions &options, bool withCases,
                                      QStringList *notes);

// Leave-one-family-out predictions of a measured file's rows on a catalogued measured system: per
// model family, the host time scale fitted on the other families' host-bound batch-1 rows; every
// row of the family (all batch sizes) predicted with it, into lofoPredictedMs and its band.
void predictMeasuredLeaveOut(MeasuredFile &file, const ValidationOptions &options) {
    const KernelModel &km = kernelModelOf(options);
    const HostOverheadModel &start = options.hostModel ? *options.hostModel : HostOverheadModel::builtIn();
    std::map<QString, KernelPredictionCache> caches;
    std::vector<std::pair<QString, QString>> groups;  // (host, family), each fitted on its host's rows only
    for (const MeasuredCase &c : file.cases) {
        const std::pair<QString, QString> g{file.rows[c.row].hostId, file.rows[c.row].modelFamily};
        if (std::find(groups.begin(), groups.end(), g) == groups.end()) {
            groups.push_back(g);
        }
    }
    for (const std::pair<QString, QString> &group : groups) {
        const QString &host = group.first;
        const QString &family = group.second;
        auto fitOn = [&](const MeasuredCase &c) {
            const ValidationRow &r = file.rows[c.row];
            return r.hostId == host && r.hostBound && r.batch == 1 && r.modelFamily != family;
        };
        if (std::none_of(file.cases.begin(), file.cases.end(), fitOn)) {
            continue;  // nothing to fit on without this family: no leave-one-out prediction
        }
        const double scale = fitHostScale(file.cases, file.rows, start, km, caches, fitOn);
        const HostOverheadModel m = scaledHostModel(start, scale);
        for (const MeasuredCase &c : file.cases) {
            ValidationRow &r = file.rows[c.row];
            if (r.hostId != host || r.modelFamily != family) {
                continue;
            }
            const Prediction p = predictMeasuredCase(c, r.batch, m, km, &caches[c.device->key]);
            r.lofoPredictedMs = p.latencyMs;
            r.lofoBandLowMs = p.bandLowMs;
            r.lofoBandHighMs = p.bandHighMs;
        }
    }
}

}  // namespace

// ------------------------------------------------------------------------------------------------

Result<std::vector<ValidationRow>> validateE2e(const ValidationOptions &options, QStringList *notes) {
    const QString path = QDir(options.dataDir).filePath(QStringLiteral("neusight/e2e_measured.csv"));
    Result<CsvTable> table = readCsv(path);
    if (!table) {
        return table.error();
    }
    const KernelModel &km = kernelModelOf(options);
    LooModels loo;
    std::vector<ValidationRow> rows;
    std::map<QString, std::shared_ptr<Prepared>> cache;
    PredictOptions po;
    po.keepKernels = false;
    po.computeMemory = false;
    po.kernelModel = &km;
    po.hostModel = options.hostModel;
    for (const QStringList &r : table->rows) {
        ValidationRow row;
        const QString option = cell(*table, r, QStringLiteral("option"));
        const bool fusion = option == QLatin1String("fusion");
        row.dataset = fusion ? QStringLiteral("e2e-fusion") : QStringLiteral("e2e");
        row.gpuName = cell(*table, r, QStringLiteral("gpu"));
        row.model = cell(*table, r, QStringLiteral("model"));
        row.family = e2eFamily(row.model);
        row.precision = QStringLiteral("fp32");
        row.runtime = fusion ? QStringLiteral("fused") : QStringLiteral("eager");
        row.batch = toInt(cell(*table, r, QStringLiteral("batch")));
        row.seq = toInt(cell(*table, r, QStringLiteral("seq_len")));
        row.measuredMs = toDouble(cell(*table, r, QStringLiteral("measured_ms")));
        row.neusightMs = toDouble(cell(*table, r, QStringLiteral("neusight_pred_ms")));
        row.habitatMs = toDouble(cell(*table, r, QStringLiteral("habitat_pred_ms")));
        row.rooflineMs = toDouble(cell(*table, r, QStringLiteral("roofline_pred_ms")));
        row.liMs = toDouble(cell(*table, r, QStringLiteral("li_et_al_pred_ms")));
        const GpuSpec *gpu = gpuForNeusightName(row.gpuName);
        if (!gpu) {
            if (notes) {
                *notes << QStringLiteral("e2e: GPU %1 is not in the catalogue; row skipped").arg(row.gpuName);
            }
            continue;
        }
        row.gpuId = gpu->id;
        const QString key = QStringLiteral("%1/%2/%3/%4").arg(row.model).arg(row.batch).arg(row.seq).arg(row.runtime);
        auto it = cache.find(key);
        if (it == cache.end()) {
            Result<Graph> g = neusightGraph(options.dataDir, row.model, row.batch, row.seq);
            if (!g) {
                return Error{QStringLiteral("e2e %1: %2").arg(row.model, g.errorMessage())};
            }
            it = cache.emplace(key, prepare(std::move(*g), Precision::FP32, fusion ? Runtime::Fused : Runtime::Eager)).first;
        }
        const Prepared &prep = *it->second;
        const Target target = onFittedHost(Target::wholeGpu(*gpu));
        po.batch = row.batch;
        po.kernelModel = &km;
        const Prediction p = predictPlan(prep.graph, prep.analysis, prep.plan, TargetDevice::make(target, km), po);
        row.predictedMs = p.latencyMs;
        row.bandLowMs = p.bandLowMs;
        row.bandHighMs = p.bandHighMs;
        row.classBandDownMs = p.classBandDownMs;
        row.classBandUpMs = p.classBandUpMs;
        if (options.loo) {
            if (const KernelModel *lm = loo.find(options.dataDir, gpu->id, notes)) {
                PredictOptions lpo = po;
                lpo.kernelModel = lm;
                const Prediction lp = predictPlan(prep.graph, prep.analysis, prep.plan, TargetDevice::make(target, *lm), lpo);
                row.looPredictedMs = lp.latencyMs;
                row.looBandLowMs = lp.bandLowMs;
                row.looBandHighMs = lp.bandHighMs;
                row.looExtrapolated = !lp.extrapolation.isEmpty();
            }
            if (const KernelModel *gm = loo.findGeneration(options.dataDir, *gpu)) {
                PredictOptions gpo = po;
                gpo.kernelModel = gm;
                const Prediction gp = predictPlan(prep.graph, prep.analysis, prep.plan, TargetDevice::make(target, *gm), gpo);
                row.logenPredictedMs = gp.latencyMs;
                row.logenBandLowMs = gp.bandLowMs;
                row.logenBandHighMs = gp.bandHighMs;
            }
        }
        row.extrapolated = !p.extrapolation.isEmpty();
        rows.push_back(row);
    }
    return rows;
}

// Coordinate descent with shrinking multiplicative steps over three eager parameters, minimising
// the MAPE of the cases passing `use` (predicted with `km`, their devices bound to it). The view
// cost, the launch cost of an extra kernel of one op (kernelUs), the shape-arithmetic cost and the
// GPU gap stay at their priors: the CNNs of the table have almost no views and no multi-kernel
// ops, so it cannot identify them.
HostFit fitHostOn(std::vector<DleCase> &cases, const KernelModel &km, HostOverheadModel model,
                  const std::function<bool(const DleCase &)> &use) {
    std::map<QString, KernelPredictionCache> caches;  // kernel times do not depend on the host
    auto evaluate = [&](const HostOverheadModel &m) {
        predictDle(cases, m, km, &caches, use);
        return dleMape(cases, use);
    };
    HostFit fit;
    fit.mapeBefore = evaluate(model);
    double best = fit.mapeBefore;
    double *params[] = {&model.eager.perInferenceMs, &model.eager.opUs, &model.eager.autocastOpUs};
    for (double step : {0.5, 0.25, 0.1, 0.05, 0.02, 0.01}) {
        bool improved = true;
        for (int round = 0; round < 20 && improved; ++round) {
            improved = false;
            for (double *p : params) {
                for (double dir : {1.0 + step, 1.0 / (1.0 + step)}) {
                    const double old = *p;
                    *p = old > 0 ? old * dir : (dir > 1 ? step : 0.0);
                    const double m = evaluate(model);
                    if (m + 1e-9 < best) {
                        best = m;
                        improved = true;
                    } else {
                        *p = old;
                    }
                }
            }
        }
    }
    fit.parameters = model.eager;
    fit.mapeAfter = best;
    for (const DleCase &c : cases) {
        fit.rows += use(c) ? 1 : 0;
    }
    return fit;
}

// The chip whose kernel measurements a DLE GPU's kernel predictions rest on: the V100-SXM2 of the
// DGX-1V is the V100 chip NeuSight measured as the V100-PCIE-32GB; the T4 is itself.
QString neusightChipOf(const QString &dleGpuId) {
    return dleGpuId.startsWith(QLatin1String("v100")) ? QStringLiteral("v100-pcie-32gb") : dleGpuId;
}

// Leave-one-out predictions of the DLE rows (issue 17), written into looPredictedMs and
// lofoPredictedMs of `cases`:
// - leave-one-GPU-out: for each GPU of the table, the kernel model fitted without its chip
//   (data/predictor/loo/<chip>.json) and the host parameters refitted on the other GPU's rows only
//   (with that kernel model), both precisions;
// - leave-one-family-out: for each model family, the host parameters refitted on the V100 rows of
//   the other families (the committed fit's protocol without the family), with the committed
//   kernel model; the family's rows on both GPUs are predicted with them.
// The fits start from the committed parameters. Stand-in rows are predicted but never fitted on.
void predictDleLeaveOut(std::vector<DleCase> &cases, const ValidationOptions &options, QStringList *notes) {
    const HostOverheadModel &start = options.hostModel ? *options.hostModel : HostOverheadModel::builtIn();
    QStringList gpus;
    QStringList families;
    for (const DleCase &c : cases) {
        if (!gpus.contains(c.row.gpuId)) {
            gpus << c.row.gpuId;
        }
        if (!families.contains(c.row.family)) {
            families << c.row.family;
        }
    }
    LooModels loo;
    for (const QString &held : gpus) {
        const KernelModel *lm = loo.find(options.dataDir, neusightChipOf(held), notes);
        if (!lm) {
            continue;
        }
        std::vector<DleCase> rebound = cases;
        std::map<QString, TargetDevice> devices;
        for (DleCase &c : rebound) {
            auto it = devices.find(c.row.gpuId);
            if (it == devices.end()) {
                it = devices.emplace(c.row.gpuId, TargetDevice::make(c.device->target, *lm)).first;
            }
            c.device = it->second;
        }
        const HostFit fit = fitHostOn(rebound, *lm, start, [&](const DleCase &c) {
            return c.row.gpuId != held && !c.row.standIn;
        });
        HostOverheadModel fitted = start;
        fitted.eager = fit.parameters;
        auto test = [&](const DleCase &c) { return c.row.gpuId == held; };
        predictDle(rebound, fitted, *lm, nullptr, test);
        for (std::size_t i = 0; i < cases.size(); ++i) {
            if (test(rebound[i])) {
                cases[i].row.looPredictedMs = rebound[i].row.predictedMs;
                cases[i].row.looBandLowMs = rebound[i].row.bandLowMs;
                cases[i].row.looBandHighMs = rebound[i].row.bandHighMs;
                cases[i].row.looExtrapolated = rebound[i].row.extrapolated;
            }
        }
    }
    const KernelModel &km = kernelModelOf(options);
    for (const QString &family : families) {
        std::vector<DleCase> copy = cases;
        const HostFit fit = fitHostOn(copy, km, start, [&](const DleCase &c) {
            return c.row.family != family && !c.row.heldOut && !c.row.standIn;
        });
        HostOverheadModel fitted = start;
        fitted.eager = fit.parameters;
        auto test = [&](const DleCase &c) { return c.row.family == family; };
        predictDle(copy, fitted, km, nullptr, test);
        for (std::size_t i = 0; i < cases.size(); ++i) {
            if (test(copy[i])) {
                cases[i].row.lofoPredictedMs = copy[i].row.predictedMs;
            }
        }
    }
}

Result<std::vector<ValidationRow>> validateDle(const ValidationOptions &options, QStringList *notes) {
    Result<std::vector<DleCase>> cases = loadDleCases(options, notes);
    if (!cases) {
        return cases.error();
    }
    predictDle(*cases, options.hostModel ? *options.hostModel : HostOverheadModel::builtIn(), kernelModelOf(options));
    if (options.loo) {
        predictDleLeaveOut(*cases, options, notes);
    }
    std::vector<ValidationRow> rows;
    rows.reserve(cases->size());
    for (const DleCase &c : *cases) {
        rows.push_back(c.row);
    }
    return rows;
}

Result<HostFit> fitEagerHostOverhead(const ValidationOptions &options, const QString &gpuName) {
    Result<std::vector<DleCase>> loaded = loadDleCases(options, nullptr);
    if (!loaded) {
        return loaded.error();
    }
    return fitHostOn(*loaded, kernelModelOf(options),
                     options.hostModel ? *options.hostModel : HostOverheadModel::builtIn(),
                     [&](const DleCase &c) { return c.row.gpuName == gpuName && !c.row.standIn; });
}

Result<std::vector<ValidationRow>> validateModelOps(const ValidationOptions &options, QStringList *notes) {
    const QString path = QDir(options.dataDir).filePath(QStringLiteral("neusight/model_ops_measured.csv"));
    Result<CsvTable> table = readCsv(path);
    if (!table) {
        return table.error();
    }
    const KernelModel &km = kernelModelOf(options);
    std::map<QString, KernelModel::BoundDevice> devices;
    std::vector<ValidationRow> rows;
    const int cGpu = table->column(QStringLiteral("gpu"));
    const int cModel = table->column(QStringLiteral("model"));
    const int cMode = table->column(QStringLiteral("mode"));
    const int cSeq = table->column(QStringLiteral("seq_len"));
    const int cBatch = table->column(QStringLiteral("batch"));
    const int cFx = table->column(QStringLiteral("fx_op"));
    const int cTarget = table->column(QStringLiteral("target"));
    const int cIn = table->column(QStringLiteral("input_shapes"));
    const int cOut = table->column(QStringLiteral("output_shape"));
    const int cLat = table->column(QStringLiteral("latency_ms"));
    if (cGpu < 0 || cFx < 0 || cTarget < 0 || cIn < 0 || cOut < 0 || cLat < 0) {
        return Error{QStringLiteral("%1: unexpected columns").arg(path)};
    }
    QString previousTarget;
    int hostOnly = 0;
    double hostOnlyMs = 0;
    for (const QStringList &r : table->rows) {
        if (r.at(cMode) != QLatin1String("inf")) {
            continue;
        }
        const QString target = r.at(cTarget);
        const std::optional<Kernel> k = fxKernel(r.at(cFx), target, r.at(cIn), r.at(cOut), previousTarget);
        previousTarget = target;
        const double measured = toDouble(r.at(cLat));
        if (!k || !k->valid()) {
            ++hostOnly;
            hostOnlyMs += measured;
            continue;
        }
        const GpuSpec *gpu = gpuForNeusightName(r.at(cGpu));
        if (!gpu) {
            continue;
        }
        auto it = devices.find(gpu->id);
        if (it == devices.end()) {
            it = devices.emplace(gpu->id, km.bind(DeviceResources::fromSpec(*gpu))).first;
        }
        const KernelPrediction p = km.predict(*k, it->second);
        ValidationRow row;
        row.dataset = QStringLiteral("model-ops");
        row.gpuId = gpu->id;
        row.gpuName = r.at(cGpu);
        row.model = r.at(cModel);
        row.family = e2eFamily(row.model);
        row.op = QString(target).replace(QRegularExpression(QStringLiteral(" at 0x[0-9a-f]+")), QString());
        row.opClass = kernelErrorClassName(p.errorClass);
        row.precision = QStringLiteral("fp32");
        row.runtime = QStringLiteral("eager");
        row.batch = toInt(r.at(cBatch));
        row.seq = toInt(r.at(cSeq));
        row.measuredMs = measured;
        row.predictedMs = p.latencyMs;
        row.bandLowMs = p.bandLowMs;
        row.bandHighMs = p.bandHighMs;
        row.classBandDownMs = p.latencyMs - p.bandLowMs;
        row.classBandUpMs = p.bandHighMs - p.latencyMs;
        rows.push_back(row);
    }
    if (notes && hostOnly > 0) {
        *notes << QStringLiteral("model-ops: %1 inference rows launch no kernel (views, shape arithmetic, dropout in "
                                 "eval mode); their measured times (mean %2 us) are the measurement's own overhead")
                      .arg(hostOnly)
                      .arg(1000.0 * hostOnlyMs / hostOnly, 0, 'f', 1);
    }
    return rows;
}

namespace {

Result<MeasuredFile> loadMeasuredFile(const QString &path, const ValidationOptions &options, bool withCases,
                                      QStringList *notes) {
    Result<CsvTable> table = readCsv(path);
    if (!table) {
        return table.error();
    }
    const bool explicitFile = options.extraMeasuredFiles.contains(path);
    const KernelModel &km = kernelModelOf(options);
    MeasuredFile file;
    std::vector<ValidationRow> &rows = file.rows;
    std::map<QString, std::shared_ptr<const TargetDevice>> fittedHostDevices;
    QStringList uncatalogued;
    // The harness (tools/measure/measure.py) version 1.0 kept each model's fp32 master on the device
    // while it measured the fp16 / bf16 copy it casts from it: those rows' allocator peak and
    // nvidia-smi reading include the master's bytes, which no user's fp16 run holds (1.1 moves the
    // master to the host first). Its size: the
    // same model's fp32 row on the same GPU (weights_bytes), else twice the half-precision weights.
    std::map<QString, double> fp32MasterBytes;  // gpu_id/model
    for (const QStringList &r : table->rows) {
        const QString p = cell(*table, r, QStringLiteral("precision"));
        if (cell(*table, r, QStringLiteral("status")) == QLatin1String("ok") &&
            (p == QLatin1String("fp32") || p == QLatin1String("tf32"))) {
            fp32MasterBytes[cell(*table, r, QStringLiteral("gpu_id")) + QLatin1Char('/') + cell(*table, r, QStringLiteral("model"))] =
                toDouble(cell(*table, r, QStringLiteral("weights_bytes")));
        }
    }
    for (const QStringList &r : table->rows) {
        const QString source = cell(*table, r, QStringLiteral("source"));
        if (source != QLatin1String("measured") && !(explicitFile && source == QLatin1String("synthetic"))) {
            continue;
        }
        if (cell(*table, r, QStringLiteral("status")) != QLatin1String("ok")) {
            continue;
        }
        ValidationRow row;
        row.dataset = source == QLatin1String("synthetic") ? QStringLiteral("synthetic") : QStringLiteral("measured");
        row.gpuId = cell(*table, r, QStringLiteral("gpu_id"));
        row.gpuName = cell(*table, r, QStringLiteral("gpu_name"));
        row.model = cell(*table, r, QStringLiteral("model"));
        row.family = cell(*table, r, QStringLiteral("family"));
        row.modelFamily = measuredModelFamily(row.model);
        row.batch = toInt(cell(*table, r, QStringLiteral("batch")));
        const std::int64_t seq = toInt(cell(*table, r, QStringLiteral("seq_len")));
        const std::int64_t image = toInt(cell(*table, r, QStringLiteral("image_size")));
        row.seq = seq > 0 ? seq : image;
        row.measuredMs = toDouble(cell(*table, r, QStringLiteral("latency_ms_median")));
        const QString precision = cell(*table, r, QStringLiteral("precision"));
        const QString method = cell(*table, r, QStringLiteral("precision_method"));
        Precision prec = precisionFromName(precision).value_or(Precision::FP32);
        if (method == QLatin1String("autocast")) {
            prec = Precision::AMP;
        }
        // The harness's fp32 turns TF32 off for cuDNN too (precision_method "ieee", tf32_cudnn 0):
        // that is fp32-strict; `fp32` is PyTorch's default, with TF32 convolutions on Ampere and later.
        if (prec == Precision::FP32 && (method == QLatin1String("ieee") ||
                                        cell(*table, r, QStringLiteral("tf32_cudnn")) == QLatin1String("0"))) {
            prec = Precision::FP32Strict;
        }
        row.precision = precisionName(prec);
        const Runtime runtime =
            cell(*table, r, QStringLiteral("mode")) == QLatin1String("compile") ? Runtime::Fused : Runtime::Eager;
        row.runtime = runtimeName(runtime);
        const GpuSpec *gpu = GpuCatalogue::builtIn().find(row.gpuId);
        if (!gpu) {
            gpu = GpuCatalogue::builtIn().findByDeviceName(row.gpuName);
        }
        if (!gpu) {
            if (notes) {
                *notes << QStringLiteral("%1: GPU %2 not in the catalogue; row skipped").arg(path, row.gpuId);
            }
            continue;
        }
        std::optional<double> mps;
        if (cell(*table, r, QStringLiteral("sharing")) == QLatin1String("mps")) {
            mps = toDouble(cell(*table, r, QStringLiteral("sharing_percent")));
        }
        Result<Target> target = Target::make(*gpu, {}, mps, false);
        if (!target) {
            continue;
        }
        // The row's system, where the host catalogue lists it; else the fitted server (as before the
        // catalogue had measured systems).
        const QString hostCell = cell(*table, r, QStringLiteral("host"));
        const HostSpec *system = measuredSystemHost(gpu->id, hostCell);
        if (system) {
            target->setHost(*system);
        } else {
            *target = onFittedHost(*target);
            uncatalogued << QStringLiteral("%1 host '%2'").arg(gpu->id, hostCell);
        }
        row.hostId = target->host().id;
        const QJsonObject config =
            QJsonDocument::fromJson(cell(*table, r, QStringLiteral("model_config")).toUtf8()).object();
        Result<Graph> g = measuredGraph(options.dataDir, row.gpuId, row.model, config, row.batch, seq, image);
        if (!g) {
            if (notes) {
                *notes << QStringLiteral("%1: %2").arg(path, g.errorMessage());
            }
            continue;
        }
        Knobs knobs;
        knobs.batch = row.batch;
        knobs.precision = prec;
        knobs.runtime = runtime;
        PredictOptions po;
        po.batch = row.batch;
        po.keepKernels = false;
        po.kernelModel = &km;
        po.hostModel = options.hostModel;
        po.attention = measuredAttention(config);
        Result<Prediction> p = predict(*g, *target, knobs, po);
        if (!p) {
            if (notes) {
                *notes << QStringLiteral("%1: %2").arg(path, p.errorMessage());
            }
            continue;
        }
        row.predictedMs = p->latencyMs;
        row.bandLowMs = p->bandLowMs;
        row.bandHighMs = p->bandHighMs;
        row.extrapolated = !p->extrapolation.isEmpty();
        row.gpuId = gpu->id;
        const double mib = 1024.0 * 1024.0;
        double master = 0;
        const QString harness = cell(*table, r, QStringLiteral("harness_version"));
        const bool masterResident = harness.isEmpty() || harness == QLatin1String("1.0");  // 1.1 moves it to the host
        if (masterResident && method == QLatin1String("cast") && (prec == Precision::FP16 || prec == Precision::BF16)) {
            const auto it = fp32MasterBytes.find(row.gpuId + QLatin1Char('/') + row.model);
            master = it != fp32MasterBytes.end() ? it->second : 2.0 * toDouble(cell(*table, r, QStringLiteral("weights_bytes")));
        }
        const double peak = toDouble(cell(*table, r, QStringLiteral("mem_peak_allocated_bytes")));
        // A reading that the corrections would take to nothing or below is not scored (0: not measured).
        row.measuredAllocMb = std::max(0.0, peak - master) / mib;
        row.predictedAllocMb = p->memory.allocatorPeakBytes / mib;
        // nvidia-smi's used memory counts what the driver holds with nothing running (the row's
        // baseline, read before the model was built: 483 MiB on the H100 SXM, 618 MiB on the H200):
        // the process's own use is the difference, which the device view predicts.
        const double used = toDouble(cell(*table, r, QStringLiteral("nvml_mem_used_bytes")));
        const double baseline = toDouble(cell(*table, r, QStringLiteral("nvml_mem_used_baseline_bytes")));
        row.measuredDeviceMb = std::max(0.0, used - std::max(0.0, baseline) - master) / mib;
        row.predictedDeviceMb = p->memory.deviceUsedBytes / mib;
        row.measuredEnergyJ = toDouble(cell(*table, r, QStringLiteral("energy_mj_per_run"))) / 1000.0;
        row.predictedEnergyJ = p->energyJ;
        row.measuredPowerW = toDouble(cell(*table, r, QStringLiteral("avg_power_w")));
        row.predictedPowerW = p->avgPowerW;
        if (withCases && system) {
            // Prepared as predict() prepares it, on the fitted server (host costs scaled by the host model).
            MeasuredCase c;
            c.row = rows.size();
            c.prepared = std::make_shared<Prepared>();
            c.prepared->graph = std::move(*g);
            c.prepared->analysis = GraphAnalysis::of(c.prepared->graph);
            LoweringOptions lo;
            lo.precision = knobs.precision;
            lo.runtime = knobs.runtime;
            lo.attention = po.attention;
            c.prepared->plan = lowerGraph(c.prepared->graph, c.prepared->analysis, lo);
            // The row's host with time scale 1: the host model passed to predictMeasuredCase carries the
            // scale; the host's band stays.
            Target unscaled = *target;
            HostSpec costsAsFitted = *system;
            costsAsFitted.timeScale = 1.0;
            unscaled.setHost(costsAsFitted);
            auto dit = fittedHostDevices.find(unscaled.key());
            if (dit == fittedHostDevices.end()) {
                dit = fittedHostDevices
                          .emplace(unscaled.key(), std::make_shared<const TargetDevice>(TargetDevice::make(unscaled, km)))
                          .first;
            }
            c.device = dit->second;
            const HostOverheadModel &fittedCosts = options.hostModel ? *options.hostModel : HostOverheadModel::builtIn();
            const Prediction atFitted = predictMeasuredCase(c, row.batch, fittedCosts, km, nullptr);
            row.hostBound = atFitted.gpuBusyMs < kHostBoundGpuShare * atFitted.hostMs;
            file.cases.push_back(std::move(c));
        }
        rows.push_back(row);
    }
    if (notes && !uncatalogued.isEmpty()) {
        uncatalogued.removeDuplicates();
        *notes << QStringLiteral("%1: rows of %2 priced on the fitted server (no host catalogue entry for that system)")
                      .arg(path, uncatalogued.join(QStringLiteral(", ")));
    }
    return file;
}

}  // namespace

Result<std::vector<ValidationRow>> validateMeasuredFile(const QString &path, const ValidationOptions &options,
                                                       QStringList *notes) {
    Result<MeasuredFile> file = loadMeasuredFile(path, options, options.loo, notes);
    if (!file) {
        return file.error();
    }
    if (options.loo && !file->cases.empty()) {
        predictMeasuredLeaveOut(*file, options);
    }
    return std::move(file->rows);
}

namespace {

// data/measured/<machine>/latency.csv files, in machine-name order.
QStringList measuredLatencyFiles(const QString &dataDir) {
    QStringList files;
    for (const QString &machine : measuredMachineDirs(dataDir)) {
        const QString f = QDir(machine).filePath(QStringLiteral("latency.csv"));
        if (QFileInfo::exists(f)) {
            files << f;
        }
    }
    return files;
}

}  // namespace

Result<std::vector<HostScaleFit>> fitMeasuredHostScales(const ValidationOptions &options) {
    const QStringList files = measuredLatencyFiles(options.dataDir);
    const KernelModel &km = kernelModelOf(options);
    const HostOverheadModel &start = options.hostModel ? *options.hostModel : HostOverheadModel::builtIn();
    std::vector<HostScaleFit> fits;
    for (const QString &f : files) {
        Result<MeasuredFile> file = loadMeasuredFile(f, options, true, nullptr);
        if (!file) {
            return Error{QStringLiteral("%1: %2").arg(f, file.errorMessage())};
        }
        std::map<QString, std::vector<std::size_t>> byHost;  // host id -> cases
        for (std::size_t i = 0; i < file->cases.size(); ++i) {
            byHost[file->rows[file->cases[i].row].hostId].push_back(i);
        }
        for (const auto &[hostId, indices] : byHost) {
            std::vector<MeasuredCase> cases;
            for (std::size_t i : indices) {
                cases.push_back(file->cases[i]);
            }
            const std::vector<ValidationRow> &rows = file->rows;
            auto fitted = [&](const MeasuredCase &c) { return rows[c.row].hostBound && rows[c.row].batch == 1; };
            std::map<QString, KernelPredictionCache> caches;
            HostScaleFit fit;
            fit.file = f;
            fit.gpuId = rows[cases.front().row].gpuId;
            fit.hostId = hostId;
            if (const HostSpec *h = HostCatalogue::builtIn().find(hostId)) {
                fit.catalogueScale = h->timeScale;
            }
            QStringList families;
            for (const MeasuredCase &c : cases) {
                fit.rows += fitted(c) ? 1 : 0;
                fit.batchOneRows += rows[c.row].batch == 1 ? 1 : 0;
                if (!families.contains(rows[c.row].modelFamily)) {
                    families << rows[c.row].modelFamily;
                }
            }
            double sum = 0;
            for (const MeasuredCase &c : cases) {
                if (fitted(c)) {
                    sum += std::abs(predictMeasuredCase(c, rows[c.row].batch, start, km, &caches[c.device->key]).latencyMs /
                                        rows[c.row].measuredMs - 1.0);
                }
            }
            if (fit.rows == 0) {
                continue;  // no host-bound batch-1 row: nothing to fit
            }
            fit.mapeBefore = 100.0 * sum / fit.rows;
            fit.scale = fitHostScale(cases, rows, start, km, caches, fitted, &fit.mapeAfter);
            for (const QString &family : families) {
                HostScaleFit::LeaveOut lo;
                lo.family = family;
                auto use = [&](const MeasuredCase &c) { return fitted(c) && rows[c.row].modelFamily != family; };
                lo.fitRows = static_cast<int>(std::count_if(cases.begin(), cases.end(), use));
                if (lo.fitRows == 0) {
                    continue;
                }
                lo.scale = fitHostScale(cases, rows, start, km, caches, use);
                fit.leaveOut.push_back(lo);
            }
            fits.push_back(std::move(fit));
        }
    }
    return fits;
}


// The data/measured rows a constant is fitted on or held out from: each case priced on its catalogued
// system (the fitted server's costs x its time scale), fitted when it ran on one of `fitGpus`.
struct FitCases {
    std::vector<MeasuredCase> cases;
    std::vector<ValidationRow> rows;
    std::vector<HostOverheadModel> hostOf;  // per case: the fitted server's costs x its system's time scale
    std::vector<bool> fitted;               // per case: a row of fitGpus (else held out)
    QStringList gpus, heldOutGpus;
    // The fit's row counts and GPU lists (Fp32IssueFit, EnergyFit).
    template <class Fit>
    void describe(Fit &fit) const {
        fit.gpus = gpus;
        fit.heldOutGpus = heldOutGpus;
        fit.rows = static_cast<int>(std::count(fitted.begin(), fitted.end(), true));
        fit.heldOutRows = static_cast<int>(rows.size()) - fit.rows;
    }
};

Result<FitCases> collectFitCases(const ValidationOptions &options, const HostOverheadModel &start, const QStringList &fitGpus,
                                 const std::function<bool(const MeasuredCase &, const ValidationRow &)> &keep) {
    FitCases out;
    for (const QString &f : measuredLatencyFiles(options.dataDir)) {
        Result<MeasuredFile> file = loadMeasuredFile(f, options, true, nullptr);
        if (!file) {
            return Error{QStringLiteral("%1: %2").arg(f, file.errorMessage())};
        }
        for (const MeasuredCase &c : file->cases) {
            const ValidationRow &r = file->rows[c.row];
            if (!keep(c, r)) {
                continue;
            }
            const HostSpec *h = HostCatalogue::builtIn().find(r.hostId);
            MeasuredCase mc = c;
            mc.row = out.rows.size();
            out.cases.push_back(mc);
            out.rows.push_back(r);
            out.hostOf.push_back(scaledHostModel(start, h ? h->timeScale : 1.0));
            out.fitted.push_back(fitGpus.contains(r.gpuId));
            QStringList &gpus = out.fitted.back() ? out.gpus : out.heldOutGpus;
            if (!gpus.contains(r.gpuId)) {
                gpus << r.gpuId;
            }
        }
    }
    return out;
}

Result<Fp32IssueFit> fitWideIssueFp32Efficiency(const ValidationOptions &options) {
    const KernelModel &builtIn = kernelModelOf(options);
    const HostOverheadModel &start = options.hostModel ? *options.hostModel : HostOverheadModel::builtIn();
    Fp32IssueFit fit;
    fit.constant = KernelModel::kWideIssueFp32Efficiency;
    fit.convConstant = KernelModel::kWideIssueFp32ConvEfficiency;
    // Rows are chosen host-bound or not with no factor (1.0), so the choice does not follow the constant.
    KernelModel atOne = builtIn;
    atOne.setWideIssueFp32Efficiency(1.0);
    atOne.setWideIssueFp32ConvEfficiency(1.0);
    Result<FitCases> fc = collectFitCases(options, start, kFp32IssueFitGpus, [&](const MeasuredCase &c, const ValidationRow &r) {
        const bool fp32Gemms = r.precision == QLatin1String("fp32") || r.precision == QLatin1String("fp32-strict");
        if (c.device->device.resources.fp32LanesPerIssue < 32 || !fp32Gemms) {
            return false;
        }
        const Prediction p = predictMeasuredCase(c, r.batch, start, atOne, nullptr);
        return p.gpuBusyMs >= kHostBoundGpuShare * p.hostMs;  // host-bound: the GPU's FP32 rate hardly shows
    });
    if (!fc) {
        return Error{fc.errorMessage()};
    }
    // Named references, not a structured binding: clang before 16 (the fuzz build) cannot capture one in a lambda.
    const std::vector<MeasuredCase> &cases = fc->cases;
    const std::vector<ValidationRow> &rows = fc->rows;
    const std::vector<HostOverheadModel> &hostOf = fc->hostOf;
    const std::vector<bool> &fitted = fc->fitted;
    fc->describe(fit);
    if (fit.rows == 0) {
        return Error{QStringLiteral("no GPU-bound FP32 row of a wide-issue GPU in %1/measured").arg(options.dataDir)};
    }
    // MAPE of the cases passing `use` with the GEMM factor `e` and the convolution factor `c` (a fresh
    // cache: cached kernels carry the factors).
    auto mapeAt = [&](double e, double c, const std::function<bool(std::size_t)> &use) {
        KernelModel km = builtIn;
        km.setWideIssueFp32Efficiency(e);
        km.setWideIssueFp32ConvEfficiency(c);
        std::map<QString, KernelPredictionCache> caches;
        double sum = 0;
        int n = 0;
        for (std::size_t i = 0; i < cases.size(); ++i) {
            if (!use(i)) {
                continue;
            }
            const Prediction p = predictMeasuredCase(cases[i], rows[i].batch, hostOf[i], km, &caches[cases[i].device->key]);
            sum += std::abs(p.latencyMs / rows[i].measuredMs - 1.0);
            ++n;
        }
        return n ? 100.0 * sum / n : 0.0;
    };
    // Each row's latency falls as either factor grows: the MAPE is unimodal in each; coordinate descent,
    // one golden-section search per factor and round, from 1 / 1.
    auto fitOn = [&](const std::function<bool(std::size_t)> &use) {
        double e = 1.0, c = 1.0;
        for (int round = 0; round < 4; ++round) {
            c = goldenSectionMinimum([&](double x) { return mapeAt(e, x, use); }, 0.4, 1.0, 2e-3);
            e = goldenSectionMinimum([&](double x) { return mapeAt(x, c, use); }, 0.5, 1.0, 2e-3);
        }
        return std::pair<double, double>{e, c};
    };
    auto all = [&](std::size_t i) { return fitted[i]; };
    auto heldOut = [&](std::size_t i) { return !fitted[i]; };
    fit.mapeAtOne = mapeAt(1.0, 1.0, all);
    fit.mapeAtConstant = mapeAt(fit.constant, fit.convConstant, all);
    std::tie(fit.efficiency, fit.convEfficiency) = fitOn(all);
    fit.mapeAfter = mapeAt(fit.efficiency, fit.convEfficiency, all);
    fit.heldOutMapeAtOne = mapeAt(1.0, 1.0, heldOut);
    fit.heldOutMapeAtConstant = mapeAt(fit.constant, fit.convConstant, heldOut);
    QStringList families;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (fitted[i] && !families.contains(rows[i].modelFamily)) {
            families << rows[i].modelFamily;
        }
    }
    for (const QString &family : families) {
        Fp32IssueFit::LeaveOut lo;
        lo.family = family;
        auto in = [&](std::size_t i) { return fitted[i] && rows[i].modelFamily == family; };
        auto out = [&](std::size_t i) { return fitted[i] && rows[i].modelFamily != family; };
        lo.rows = 0;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            lo.rows += in(i) ? 1 : 0;
        }
        if (lo.rows == fit.rows) {
            continue;  // nothing to fit on without it
        }
        std::tie(lo.efficiency, lo.convEfficiency) = fitOn(out);
        lo.mapeAtOne = mapeAt(1.0, 1.0, in);
        lo.mapeHeldOut = mapeAt(lo.efficiency, lo.convEfficiency, in);
        fit.leaveOut.push_back(lo);
    }
    return fit;
}

Result<EnergyFit> fitEnergyParameters(const ValidationOptions &options) {
    const KernelModel &km = kernelModelOf(options);
    const HostOverheadModel &start = options.hostModel ? *options.hostModel : HostOverheadModel::builtIn();
    EnergyFit fit;
    Result<FitCases> fc = collectFitCases(options, start, kEnergyFitGpus, [](const MeasuredCase &, const ValidationRow &r) {
        return r.measuredPowerW > 0 && r.measuredEnergyJ > 0;
    });
    if (!fc) {
        return Error{fc.errorMessage()};
    }
    // Named references, not a structured binding: clang before 16 (the fuzz build) cannot capture one in a lambda.
    const std::vector<MeasuredCase> &cases = fc->cases;
    const std::vector<ValidationRow> &rows = fc->rows;
    const std::vector<HostOverheadModel> &hostOf = fc->hostOf;
    const std::vector<bool> &fitted = fc->fitted;
    fc->describe(fit);
    if (fit.rows == 0) {
        return Error{QStringLiteral("no row with a measured power of %1 in %2/measured")
                         .arg(kEnergyFitGpus.join(QStringLiteral(", ")), options.dataDir)};
    }
    // The timeline does not depend on the energy constants: each case is predicted once per
    // evaluation with a warm cache (the kernels' predictions are reused; power is taken per kernel).
    std::map<QString, KernelPredictionCache> caches;
    struct Mapes {
        double power = 0, energy = 0;
    };
    auto mapesAt = [&](const EnergyParameters &e, bool heldOut) {
        Mapes m;
        int n = 0;
        for (std::size_t i = 0; i < cases.size(); ++i) {
            if (fitted[i] == heldOut) {
                continue;
            }
            const Prediction p = predictMeasuredCase(cases[i], rows[i].batch, hostOf[i], km, &caches[cases[i].device->key], e);
            m.power += std::abs(p.avgPowerW / rows[i].measuredPowerW - 1.0);
            m.energy += std::abs(p.energyJ / rows[i].measuredEnergyJ - 1.0);
            ++n;
        }
        if (n > 0) {
            m.power *= 100.0 / n;
            m.energy *= 100.0 / n;
        }
        return m;
    };
    // Each row's power grows with every constant, so the MAPE is unimodal in each: coordinate
    // descent, one golden-section search per constant and round, from the built-in values. The
    // compute weight stays 1 (a kernel at its path's peak draws board power): freed, it went to 1.86
    // (power MAPE 7.5 % against 8.5 %, H200 held out 12.1 % against 13.2 %), which reads as the
    // H100's tensor-core GEMMs priced 1.5-1.8x slow (docs/predictor.md) lowering their u_c.
    EnergyParameters e = fit.builtIn;
    struct Axis {
        double EnergyParameters::*field;
        double low, high;
    };
    const std::array<Axis, 3> axes{{{&EnergyParameters::activeFloor, 0.0, 0.9},
                                    {&EnergyParameters::memoryWeight, 0.0, 4.0},
                                    {&EnergyParameters::hostWaitShare, 0.0, 0.5}}};
    // The floor and the memory weight trade against each other along a shallow valley: rounds go on
    // until none moves a constant by more than the search's tolerance (at most 30).
    for (int round = 0; round < 30; ++round) {
        double moved = 0;
        for (const Axis &a : axes) {
            const double before = e.*a.field;
            e.*a.field = goldenSectionMinimum(
                [&](double x) {
                    EnergyParameters t = e;
                    t.*a.field = x;
                    return mapesAt(t, false).power;
                },
                a.low, a.high, 2e-3);
            moved = std::max(moved, std::abs(e.*a.field - before));
        }
        if (moved < 4e-3) {
            break;
        }
    }
    fit.fitted = e;
    const Mapes builtIn = mapesAt(fit.builtIn, false), after = mapesAt(e, false);
    const Mapes heldBuiltIn = mapesAt(fit.builtIn, true), heldAfter = mapesAt(e, true);
    fit.powerMapeBuiltIn = builtIn.power;
    fit.energyMapeBuiltIn = builtIn.energy;
    fit.powerMapeFitted = after.power;
    fit.energyMapeFitted = after.energy;
    fit.heldOutPowerMapeBuiltIn = heldBuiltIn.power;
    fit.heldOutEnergyMapeBuiltIn = heldBuiltIn.energy;
    fit.heldOutPowerMapeFitted = heldAfter.power;
    fit.heldOutEnergyMapeFitted = heldAfter.energy;
    return fit;
}

Result<ValidationResult> runValidation(const ValidationOptions &options) {
    ValidationResult result;
    const KernelModel &km = kernelModelOf(options);
    result.kernelModelDescription =
        km.isEmpty() ? QStringLiteral("no fitted kernel model (roofline only)")
                     : QStringLiteral("%1 (%2, seed %3)")
                           .arg(options.kernelModel ? QStringLiteral("the kernel model given")
                                                    : QStringLiteral("resources/predictor/kernel_model.json"),
                                km.metadata().value(QStringLiteral("created_by")).toString())
                           .arg(km.metadata().value(QStringLiteral("seed")).toVariant().toString());
    auto append = [&](Result<std::vector<ValidationRow>> r, const QString &what) -> Status {
        if (!r) {
            return Error{QStringLiteral("%1: %2").arg(what, r.errorMessage())};
        }
        result.rows.insert(result.rows.end(), r->begin(), r->end());
        return Status::success();
    };
    if (options.e2e) {
        if (Status s = append(validateE2e(options, &result.notes), QStringLiteral("e2e")); !s) {
            return Error{s.errorMessage()};
        }
    }
    if (options.dle) {
        if (Status s = append(validateDle(options, &result.notes), QStringLiteral("dle")); !s) {
            return Error{s.errorMessage()};
        }
    }
    if (options.modelOps) {
        if (Status s = append(validateModelOps(options, &result.notes), QStringLiteral("model-ops")); !s) {
            return Error{s.errorMessage()};
        }
    }
    if (options.measured) {
        QStringList files = measuredLatencyFiles(options.dataDir);
        if (files.isEmpty()) {
            result.notes << QStringLiteral("measured: no data/measured/*/latency.csv files yet");
        }
        files << options.extraMeasuredFiles;
        for (const QString &f : files) {
            if (Status s = append(validateMeasuredFile(f, options, &result.notes), f); !s) {
                return Error{s.errorMessage()};
            }
        }
    }
    if (options.kernels) {
        const MeasuredKernelSet sets[] = {MeasuredKernelSet::Matmul, MeasuredKernelSet::Vector, MeasuredKernelSet::Conv};
        for (MeasuredKernelSet set : sets) {
            Result<std::vector<MeasuredKernel>> data = loadNeusightKernels(set, options.dataDir);
            if (!data) {
                result.notes << QStringLiteral("kernels %1: %2").arg(measuredKernelSetName(set), data.errorMessage());
                continue;
            }
            std::map<QString, std::pair<double, int>> perGpu;
            std::pair<double, int> seen{0.0, 0};
            const QSet<QString> trained = kernelsLaunchedInTraining(*data);
            std::map<QString, KernelModel::BoundDevice> devices;
            // Leave-one-GPU-out and leave-one-generation-out models, bound per GPU (null: none).
            LooModels heldOut;
            struct HeldOutDevices {
                const KernelModel *loo = nullptr, *gen = nullptr;
                KernelModel::BoundDevice looDevice, genDevice;
            };
            std::map<QString, HeldOutDevices> heldOutDevices;
            std::map<QString, std::pair<double, int>> looPerGpu, genPerGpu;
            for (const MeasuredKernel &m : *data) {
                if (!m.test || m.gpuId.isEmpty() || m.latencyMs <= 0) {
                    continue;
                }
                auto it = devices.find(m.gpuId);
                if (it == devices.end()) {
                    const GpuSpec *gpu = GpuCatalogue::builtIn().find(m.gpuId);
                    if (!gpu) {
                        continue;
                    }
                    it = devices.emplace(m.gpuId, km.bind(DeviceResources::fromSpec(*gpu))).first;
                }
                const double p = km.predict(m.kernel, it->second).latencyMs;
                const double ape = std::abs(p / m.latencyMs - 1.0);
                if (options.loo) {
                    auto h = heldOutDevices.find(m.gpuId);
                    if (h == heldOutDevices.end()) {
                        HeldOutDevices hd;
                        const GpuSpec *gpu = GpuCatalogue::builtIn().find(m.gpuId);
                        hd.loo = heldOut.find(options.dataDir, m.gpuId, &result.notes);
                        hd.gen = heldOut.findGeneration(options.dataDir, *gpu);
                        if (hd.loo) {
                            hd.looDevice = hd.loo->bind(DeviceResources::fromSpec(*gpu));
                        }
                        if (hd.gen) {
                            hd.genDevice = hd.gen->bind(DeviceResources::fromSpec(*gpu));
                        }
                        h = heldOutDevices.emplace(m.gpuId, hd).first;
                    }
                    if (h->second.loo) {
                        auto &a = looPerGpu[m.gpuId];
                        a.first += std::abs(h->second.loo->predict(m.kernel, h->second.looDevice).latencyMs / m.latencyMs - 1.0);
                        ++a.second;
                    }
                    if (h->second.gen) {
                        auto &a = genPerGpu[m.gpuId];
                        a.first += std::abs(h->second.gen->predict(m.kernel, h->second.genDevice).latencyMs / m.latencyMs - 1.0);
                        ++a.second;
                    }
                }
                auto &acc = perGpu[m.gpuId];
                acc.first += ape;
                ++acc.second;
                if (trained.contains(m.launchedKernel)) {
                    seen.first += ape;
                    ++seen.second;
                }
            }
            double sum = 0;
            int n = 0;
            double looSum = 0, genSum = 0;
            int looN = 0, genN = 0;
            for (const auto &[gpu, acc] : perGpu) {
                KernelSetAccuracy a{measuredKernelSetName(set), gpu, acc.second, 100.0 * acc.first / acc.second};
                if (auto l = looPerGpu.find(gpu); l != looPerGpu.end() && l->second.second > 0) {
                    a.looMape = 100.0 * l->second.first / l->second.second;
                    looSum += l->second.first;
                    looN += l->second.second;
                }
                if (auto g = genPerGpu.find(gpu); g != genPerGpu.end() && g->second.second > 0) {
                    a.logenMape = 100.0 * g->second.first / g->second.second;
                    genSum += g->second.first;
                    genN += g->second.second;
                }
                result.kernels.push_back(a);
                sum += acc.first;
                n += acc.second;
            }
            if (n > 0) {
                KernelSetAccuracy a{measuredKernelSetName(set), QString(), n, 100.0 * sum / n};
                if (looN == n) {
                    a.looMape = 100.0 * looSum / looN;
                }
                if (genN > 0) {
                    a.logenMape = 100.0 * genSum / genN;  // over the GPUs with a generation hold-out only
                }
                result.kernels.push_back(a);
            }
            if (seen.second > 0 && seen.second < n) {
                result.kernels.push_back(
                    {measuredKernelSetName(set), QString(), seen.second, 100.0 * seen.first / seen.second, true});
            }
        }
    }
    return result;
}

double mapeOf(const std::vector<ValidationRow> &rows, const std::function<bool(const ValidationRow &)> &filter,
              const std::function<double(const ValidationRow &)> &predicted) {
    double sum = 0;
    int n = 0;
    for (const ValidationRow &r : rows) {
        if (!filter(r) || r.measuredMs <= 0) {
            continue;
        }
        const double p = predicted ? predicted(r) : r.predictedMs;
        if (p <= 0) {
            continue;
        }
        sum += std::abs(p / r.measuredMs - 1.0);
        ++n;
    }
    return n ? 100.0 * sum / n : -1.0;
}

double classScaleFor(const std::vector<ValidationRow> &rows, const std::function<bool(const ValidationRow &)> &filter,
                     double coverage) {
    std::vector<double> need;
    const double current = UncertaintyCalibration::builtIn().scale;
    for (const ValidationRow &r : rows) {
        if (!filter(r) || r.measuredMs <= 0 || r.predictedMs <= 0) {
            continue;
        }
        const double half = (r.measuredMs >= r.predictedMs ? r.classBandUpMs : r.classBandDownMs) / current;
        const double miss = std::abs(r.measuredMs - r.predictedMs);
        need.push_back(half > 0 ? miss / half : (miss > 0 ? 1e9 : 0.0));
    }
    if (need.empty()) {
        return 1.0;
    }
    std::sort(need.begin(), need.end());
    const auto idx = static_cast<std::size_t>(std::ceil(coverage * static_cast<double>(need.size()))) - 1;
    return need[std::min(idx, need.size() - 1)];
}

double systemTermFor(const std::vector<ValidationRow> &rows, const std::function<bool(const ValidationRow &)> &filter,
                     double coverage) {
    // Per row, the relative system term that just covers the measurement.
    std::vector<double> need;
    for (const ValidationRow &r : rows) {
        if (!filter(r) || r.measuredMs <= 0 || r.predictedMs <= 0) {
            continue;
        }
        const double half = r.measuredMs >= r.predictedMs ? r.classBandUpMs : r.classBandDownMs;
        const double miss = std::abs(r.measuredMs - r.predictedMs);
        need.push_back(miss <= half ? 0.0 : std::sqrt(miss * miss - half * half) / r.predictedMs);
    }
    if (need.empty()) {
        return 0.0;
    }
    std::sort(need.begin(), need.end());
    const auto idx = static_cast<std::size_t>(std::ceil(coverage * static_cast<double>(need.size()))) - 1;
    return need[std::min(idx, need.size() - 1)];
}

double bandCoverage(const std::vector<ValidationRow> &rows, const std::function<bool(const ValidationRow &)> &filter) {
    int in = 0, n = 0;
    for (const ValidationRow &r : rows) {
        if (!filter(r)) {
            continue;
        }
        ++n;
        in += r.inBand() ? 1 : 0;
    }
    return n ? static_cast<double>(in) / n : -1.0;
}

double logenBandCoverage(const std::vector<ValidationRow> &rows, const std::function<bool(const ValidationRow &)> &filter) {
    int in = 0, n = 0;
    for (const ValidationRow &r : rows) {
        if (!filter(r) || r.logenPredictedMs <= 0) {
            continue;
        }
        ++n;
        in += r.inLogenBand() ? 1 : 0;
    }
    return n > 0 ? 100.0 * in / n : -1.0;
}

double extrapolationWideningFor(const std::vector<ValidationRow> &rows,
                                const std::function<bool(const ValidationRow &)> &filter, double appliedWidening,
                                double coverage, int *count) {
    std::vector<double> need;
    auto add = [&](double measured, double p, double low, double high) {
        const double half = measured >= p ? (high - p) : (p - low);
        if (measured > 0 && p > 0 && half > 0) {
            need.push_back(std::abs(measured - p) / (half / appliedWidening));
        }
    };
    for (const ValidationRow &r : rows) {
        if (!filter(r)) {
            continue;
        }
        if (r.logenPredictedMs > 0) {
            add(r.measuredMs, r.logenPredictedMs, r.logenBandLowMs, r.logenBandHighMs);
        }
        if (r.looExtrapolated && r.looPredictedMs > 0) {
            add(r.measuredMs, r.looPredictedMs, r.looBandLowMs, r.looBandHighMs);
        }
    }
    if (count) {
        *count = static_cast<int>(need.size());
    }
    if (need.empty()) {
        return -1.0;
    }
    std::sort(need.begin(), need.end());
    const auto i = static_cast<std::size_t>(std::ceil(coverage * static_cast<double>(need.size()))) - 1;
    return need[std::min(i, need.size() - 1)];
}

double looBandCoverage(const std::vector<ValidationRow> &rows, const std::function<bool(const ValidationRow &)> &filter) {
    int in = 0, n = 0;
    for (const ValidationRow &r : rows) {
        if (!filter(r) || r.looPredictedMs <= 0) {
            continue;
        }
        ++n;
        in += r.inLooBand() ? 1 : 0;
    }
    return n ? static_cast<double>(in) / n : -1.0;
}

}  // namespace infersight
