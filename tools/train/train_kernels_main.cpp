// SPDX-License-Identifier: MIT
// infersight-train-kernels: fits the kernel-level utilisation models on data/neusight and writes
// resources/predictor/kernel_model.json (compiled into the app) plus one leave-one-GPU-out
// model per measured GPU in data/predictor/loo/<gpu>.json (for the accuracy tests and
// `validate`). Seeded and single-threaded per fit: the same data and seed give the same files.
//
//   infersight-train-kernels [--data DIR] [--out FILE] [--loo-dir DIR] [--report FILE]
//                            [--seed N] [--jobs N] [--no-loo] [--epochs-scale F]
//   infersight-train-kernels --hold-out-generation ARCH [--seed N] [--out FILE] [--loo-dir DIR]
//       leave-one-generation-out (issue 17): fits the three models without every measured GPU of the
//       architecture ARCH ("Ampere": both A100s) and writes only <loo-dir>/gen-<arch>.json, with the
//       error bands of the committed model (--out) so that it loads and predicts like the
//       leave-one-GPU-out files. Nothing else is written.
#include "kernel_training.h"

#include "hardware/gpu_catalogue.h"
#include "validate/validation.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTextStream>

#include <torch/torch.h>

#include <array>
#include <cstdio>
#include <future>
#include <map>

using namespace infersight;

namespace {

constexpr std::array<UtilisationModelKind, kUtilisationModelCount> kKinds = {
    UtilisationModelKind::Gemm, UtilisationModelKind::Conv, UtilisationModelKind::Vector};
constexpr std::array<KernelErrorClass, 4> kFittedClasses = {KernelErrorClass::Gemm, KernelErrorClass::Conv,
                                                            KernelErrorClass::Elementwise, KernelErrorClass::RowReduction};

QTextStream &out() {
    static QTextStream s(stdout);
    return s;
}

bool writeJson(const QString &path, const QJsonObject &json, bool indented = true) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        return false;
    }
    f.write(QJsonDocument(json).toJson(indented ? QJsonDocument::Indented : QJsonDocument::Compact));
    return f.commit();
}

QJsonObject optionsJson(const FitOptions &o) {
    QJsonArray hidden;
    for (int h : o.hidden) {
        hidden.append(h);
    }
    return QJsonObject{{QStringLiteral("hidden"), hidden},
                       {QStringLiteral("activation"), activationName(o.activation)},
                       {QStringLiteral("epochs"), o.epochs},
                       {QStringLiteral("batch_size"), o.batchSize},
                       {QStringLiteral("learning_rate"), o.learningRate},
                       {QStringLiteral("max_rows"), o.maxRows},
                       {QStringLiteral("ensemble"), o.ensemble},
                       {QStringLiteral("gpu_embedding_dims"), o.embeddingDims},
                       {QStringLiteral("loss"), QStringLiteral("mean |predicted / measured - 1|")},
                       {QStringLiteral("optimiser"), QStringLiteral("Adam, cosine learning-rate decay")}};
}

// MAPE per error class and GPU as JSON: {class: {gpu: {mape, rows}, "all": {...}}}.
QJsonObject errorsJson(const Evaluation &ev) {
    QJsonObject o;
    for (const ClassGpuError &e : ev.perClass) {
        QJsonObject c = o.value(kernelErrorClassName(e.errorClass)).toObject();
        c[QStringLiteral("all")] = QJsonObject{{QStringLiteral("mape"), e.mape}, {QStringLiteral("rows"), e.rows}};
        o[kernelErrorClassName(e.errorClass)] = c;
    }
    for (const ClassGpuError &e : ev.perClassGpu) {
        QJsonObject c = o.value(kernelErrorClassName(e.errorClass)).toObject();
        c[e.gpuId] = QJsonObject{{QStringLiteral("mape"), e.mape}, {QStringLiteral("rows"), e.rows}};
        o[kernelErrorClassName(e.errorClass)] = c;
    }
    return o;
}

struct Fits {
    std::array<ModelFit, kUtilisationModelCount> fits;
};

// Fits the three models, reusing `reuse` for a model whose training rows do not change.
Fits fitAll(const TrainingData &data, std::uint64_t seed, double epochsScale, int jobs, const QStringList &exclude,
            const Fits *reuse, const std::array<bool, kUtilisationModelCount> &needed) {
    Fits result;
    std::vector<std::pair<int, std::future<ModelFit>>> pending;
    for (int i = 0; i < kUtilisationModelCount; ++i) {
        if (!needed[static_cast<std::size_t>(i)] && reuse) {
            result.fits[static_cast<std::size_t>(i)] = reuse->fits[static_cast<std::size_t>(i)];
            continue;
        }
        FitOptions o = defaultFitOptions(kKinds[static_cast<std::size_t>(i)], seed);
        o.epochs = std::max(1, static_cast<int>(std::lround(o.epochs * epochsScale)));
        auto task = [&data, o, exclude, i] { return fitModel(data, kKinds[static_cast<std::size_t>(i)], o, exclude); };
        if (jobs > 1) {
            pending.emplace_back(i, std::async(std::launch::async, task));
            if (static_cast<int>(pending.size()) >= jobs) {
                auto &[j, fut] = pending.front();
                result.fits[static_cast<std::size_t>(j)] = fut.get();
                pending.erase(pending.begin());
            }
        } else {
            result.fits[static_cast<std::size_t>(i)] = task();
        }
    }
    for (auto &[j, fut] : pending) {
        result.fits[static_cast<std::size_t>(j)] = fut.get();
    }
    return result;
}

KernelModel assemble(const Fits &fits) {
    KernelModel km;
    for (std::size_t i = 0; i < kKinds.size(); ++i) {
        km.model(kKinds[i]) = fits.fits[i].model;
    }
    return km;
}

QString g_report;

void appendReport(const QString &text) {
    out() << text;
    out().flush();
    g_report += text;
}

void printTable(const QString &title, const Evaluation &ev, const QStringList &gpus) {
    QString table;
    QTextStream t(&table);
    t << "\n" << title << "\n\n| class | all |";
    for (const QString &g : gpus) {
        t << " " << g << " |";
    }
    t << "\n|---|---|";
    for (int i = 0; i < gpus.size(); ++i) {
        t << "---|";
    }
    t << "\n";
    for (KernelErrorClass c : kFittedClasses) {
        t << "| " << kernelErrorClassName(c) << " |";
        for (const ClassGpuError &e : ev.perClass) {
            if (e.errorClass == c) {
                t << QStringLiteral(" %1 % (%2) |").arg(e.mape, 0, 'f', 1).arg(e.rows);
            }
        }
        for (const QString &g : gpus) {
            QString cell = QStringLiteral(" - |");
            for (const ClassGpuError &e : ev.perClassGpu) {
                if (e.errorClass == c && e.gpuId == g) {
                    cell = QStringLiteral(" %1 % (%2) |").arg(e.mape, 0, 'f', 1).arg(e.rows);
                }
            }
            t << cell;
        }
        t << "\n";
    }
    t.flush();
    appendReport(table);
}

UtilisationModelKind modelKindOfClass(const QString &opClass) {
    if (opClass == QStringLiteral("gemm")) {
        return UtilisationModelKind::Gemm;
    }
    if (opClass == QStringLiteral("conv")) {
        return UtilisationModelKind::Conv;
    }
    return UtilisationModelKind::Vector;
}

struct OpsMape {
    double mape = 0;
    int rows = 0;
};

OpsMape modelOpsMape(const KernelModel &model, const QString &dataDir, const QString &gpu, UtilisationModelKind kind) {
    ValidationOptions o;
    o.dataDir = dataDir;
    o.kernelModel = &model;
    Result<std::vector<ValidationRow>> rows = validateModelOps(o);
    OpsMape m;
    if (!rows) {
        return m;
    }
    double sum = 0;
    for (const ValidationRow &r : *rows) {
        if (r.gpuId == gpu && modelKindOfClass(r.opClass) == kind && r.measuredMs > 0) {
            sum += std::abs(r.predictedMs / r.measuredMs - 1.0);
            ++m.rows;
        }
    }
    m.mape = m.rows ? 100.0 * sum / m.rows : 0.0;
    return m;
}

// Keeps a measured GPU's own calibration (level and embedding) for a model only where it predicts
// that GPU's real-model operators (data/neusight/model_ops_measured.csv: every op of one
// transformer layer, measured in place) at least as well as the path unmeasured GPUs take.
// Guards against training sessions whose conditions (clocks, thermals) the GPU does not show in
// real use; the decisions are recorded in the weights file.
// Percentage points by which a GPU's own calibration may predict its real-model operators worse
// than the generic path and still be kept: 27 to 80 operators per GPU give the MAPE a sampling
// error of about two points (per-operator errors spread ~15 %), so a smaller difference is no
// evidence against the GPU's own fit on ~24,000 training kernels.
constexpr double kCalibrationToleranceMape = 2.0;

QJsonObject checkCalibrations(KernelModel &model, const QString &dataDir, const TrainingData &data) {
    QJsonObject decisions;
    for (UtilisationModelKind kind : kKinds) {
        QJsonObject perGpu;
        const std::vector<GpuCalibration> all = model.model(kind).calibration;
        std::vector<GpuCalibration> kept;
        for (const GpuCalibration &c : all) {
            KernelModel generic = model;
            auto &cal = generic.model(kind).calibration;
            cal.erase(std::remove_if(cal.begin(), cal.end(), [&c](const GpuCalibration &x) { return x.gpuId == c.gpuId; }),
                      cal.end());
            const OpsMape own = modelOpsMape(model, dataDir, c.gpuId, kind);
            const OpsMape gen = modelOpsMape(generic, dataDir, c.gpuId, kind);
            const bool keep = own.rows == 0 || own.mape <= gen.mape + kCalibrationToleranceMape;
            perGpu[c.gpuId] = QJsonObject{{QStringLiteral("model_ops_rows"), own.rows},
                                          {QStringLiteral("mape_calibrated"), own.mape},
                                          {QStringLiteral("mape_generic"), gen.mape},
                                          {QStringLiteral("kept"), keep}};
            if (qEnvironmentVariableIntValue("INFERSIGHT_TRAIN_DIAGNOSE") != 0) {
                // Diagnostics only (never used for a decision): the held-out test split both ways.
                const int g = static_cast<int>(data.gpuIds.indexOf(c.gpuId));
                auto sel = [g, kind](const TrainingRow &r) { return r.gpu == g && r.test && r.model == kind; };
                const Evaluation a = evaluate(model, data, sel);
                const Evaluation b = evaluate(generic, data, sel);
                for (std::size_t i = 0; i < a.perClassGpu.size() && i < b.perClassGpu.size(); ++i) {
                    out() << QStringLiteral("  diagnose %1 / %2 / %3: test split %4 % own, %5 % generic (%6 rows)\n")
                                 .arg(utilisationModelName(kind), c.gpuId, kernelErrorClassName(a.perClassGpu[i].errorClass))
                                 .arg(a.perClassGpu[i].mape, 0, 'f', 1)
                                 .arg(b.perClassGpu[i].mape, 0, 'f', 1)
                                 .arg(a.perClassGpu[i].rows);
                }
            }
            out() << QStringLiteral("calibration %1 / %2: model-ops MAPE %3 % own, %4 % generic (%5 ops) -> %6\n")
                         .arg(utilisationModelName(kind), c.gpuId)
                         .arg(own.mape, 0, 'f', 1)
                         .arg(gen.mape, 0, 'f', 1)
                         .arg(own.rows)
                         .arg(keep ? QStringLiteral("kept") : QStringLiteral("dropped"));
            if (keep) {
                kept.push_back(c);
            }
        }
        model.model(kind).calibration = kept;
        perGpu[QStringLiteral("tolerance_mape_points")] = kCalibrationToleranceMape;
        decisions[utilisationModelName(kind)] = perGpu;
    }
    out().flush();
    return decisions;
}

// Leave-one-generation-out: every measured GPU of `architecture` is left out of all three fits; the
// model is written to <looDir>/gen-<architecture>.json with the bands of the committed model.
int holdOutGeneration(const TrainingData &data, const QString &architecture, const QString &looDir,
                      const QString &committedPath, std::uint64_t seed, double epochsScale, int jobs) {
    QStringList heldOut;
    for (const QString &gpu : data.gpuIds) {
        const GpuSpec *spec = GpuCatalogue::builtIn().find(gpu);
        if (spec && spec->architecture.compare(architecture, Qt::CaseInsensitive) == 0) {
            heldOut << gpu;
        }
    }
    if (heldOut.isEmpty()) {
        std::fprintf(stderr, "error: no measured GPU of architecture '%s' in the training data (measured: %s)\n",
                     qPrintable(architecture), qPrintable(data.gpuIds.join(QStringLiteral(", "))));
        return 1;
    }
    Result<KernelModel> committed = KernelModel::fromFile(committedPath);
    if (!committed) {
        std::fprintf(stderr, "error: %s (the committed model whose error bands the hold-out model carries)\n",
                     qPrintable(committed.errorMessage()));
        return 1;
    }
    out() << "leave-one-generation-out " << architecture << ": fitting without " << heldOut.join(QStringLiteral(", "))
          << "\n";
    out().flush();
    const Fits fits = fitAll(data, seed, epochsScale, jobs, heldOut, nullptr, {true, true, true});
    KernelModel model = assemble(fits);
    for (KernelErrorClass c : {KernelErrorClass::Gemm, KernelErrorClass::Conv, KernelErrorClass::Stencil,
                               KernelErrorClass::Elementwise, KernelErrorClass::RowReduction, KernelErrorClass::Copy}) {
        model.bands(c) = committed->bands(c);
    }
    std::vector<int> heldIdx;
    for (const QString &g : heldOut) {
        heldIdx.push_back(static_cast<int>(data.gpuIds.indexOf(g)));
    }
    auto isHeld = [&heldIdx](const TrainingRow &r) { return std::find(heldIdx.begin(), heldIdx.end(), r.gpu) != heldIdx.end(); };
    const Evaluation evAll = evaluate(model, data, isHeld);
    const Evaluation evTest = evaluate(model, data, [&isHeld](const TrainingRow &r) { return isHeld(r) && r.test; });
    const QString fileName = QStringLiteral("gen-%1.json").arg(architecture.toLower());
    model.setMetadata(QJsonObject{
        {QStringLiteral("created_by"), QStringLiteral("infersight-train-kernels (tools/train)")},
        {QStringLiteral("command"),
         QStringLiteral("infersight-train-kernels --hold-out-generation %1 --seed %2").arg(architecture).arg(seed)},
        {QStringLiteral("held_out_generation"), architecture},
        {QStringLiteral("held_out_gpus"), QJsonArray::fromStringList(heldOut)},
        {QStringLiteral("seed"), static_cast<qint64>(seed)},
        {QStringLiteral("held_out_all_rows"), errorsJson(evAll)},
        {QStringLiteral("held_out_test_rows"), errorsJson(evTest)},
        {QStringLiteral("data"), data.provenance}});
    const QString path = QDir(looDir).filePath(fileName);
    if (!writeJson(path, model.toJson(), false)) {
        std::fprintf(stderr, "error: cannot write %s\n", qPrintable(path));
        return 1;
    }
    printTable(QStringLiteral("Leave-one-generation-out (%1) MAPE, all rows of the held-out GPUs:").arg(architecture), evAll,
               heldOut);
    printTable(QStringLiteral("Leave-one-generation-out (%1) MAPE, test-split rows of the held-out GPUs:").arg(architecture),
               evTest, heldOut);
    out() << "wrote " << path << "\n";
    out().flush();
    return 0;
}

// Error bands: measured GPUs from the test split (calibrated GPUs only), unseen GPUs from the
// leave-one-GPU-out predictions of every row of the held-out GPU (0 where a row has none).
void setErrorBands(KernelModel &model, const TrainingData &data, const Evaluation &testEval,
                   const std::vector<double> &looPredicted) {
    std::vector<KernelModel::BoundDevice> bound;
    for (const DeviceResources &d : data.devices) {
        bound.push_back(model.bind(d));
    }
    for (KernelErrorClass c : kFittedClasses) {
        std::vector<int> measuredRows, unseenRows;
        for (int i = 0; i < static_cast<int>(data.rows.size()); ++i) {
            const TrainingRow &r = data.rows[static_cast<std::size_t>(i)];
            if (r.errorClass != c) {
                continue;
            }
            const bool calibrated = bound[static_cast<std::size_t>(r.gpu)].calibratedPer[static_cast<std::size_t>(r.model)];
            if (r.test && calibrated) {
                measuredRows.push_back(i);
            }
            if (looPredicted[static_cast<std::size_t>(i)] > 0) {
                unseenRows.push_back(i);
            }
        }
        KernelClassBands &b = model.bands(c);
        b.measuredGpu = bandOf(data, testEval.predictedS, measuredRows);
        b.unseenGpu = unseenRows.empty() ? b.measuredGpu : bandOf(data, looPredicted, unseenRows);
        b.fitted = true;
    }
    // No measured data: stencil and copy kernels are timed by the vector model; they borrow the
    // element-wise bands and are flagged as extrapolated (the band is widened at prediction).
    for (KernelErrorClass c : {KernelErrorClass::Stencil, KernelErrorClass::Copy}) {
        model.bands(c) = model.bands(KernelErrorClass::Elementwise);
        model.bands(c).fitted = false;
    }
}

// "gemm: measured GPU 0.85..1.27 (MAPE 13.1 %), unseen GPU 0.76..1.59 (MAPE 20.9 %)": one error class's
// bands, for the console and the report.
QString bandsLine(const KernelModel &model, KernelErrorClass c) {
    const KernelClassBands &b = model.bands(c);
    return QStringLiteral("%1: measured GPU %2..%3 (MAPE %4 %), unseen GPU %5..%6 (MAPE %7 %)")
        .arg(kernelErrorClassName(c))
        .arg(b.measuredGpu.low, 0, 'f', 2)
        .arg(b.measuredGpu.high, 0, 'f', 2)
        .arg(b.measuredGpu.mape, 0, 'f', 1)
        .arg(b.unseenGpu.low, 0, 'f', 2)
        .arg(b.unseenGpu.high, 0, 'f', 2)
        .arg(b.unseenGpu.mape, 0, 'f', 1);
}

// Writes `model`'s error bands into the leave-one-out files of `gpus` in `looDir` (and, with
// `generations`, into its gen-*.json files), so that they load and predict the same way.
bool copyBands(const KernelModel &model, const QString &looDir, const QStringList &gpus, bool generations = false) {
    QStringList paths;
    for (const QString &gpu : gpus) {
        paths << QDir(looDir).filePath(gpu + QStringLiteral(".json"));
    }
    if (generations) {
        for (const QString &name : QDir(looDir).entryList({QStringLiteral("gen-*.json")}, QDir::Files, QDir::Name)) {
            paths << QDir(looDir).filePath(name);
        }
    }
    for (const QString &path : paths) {
        Result<KernelModel> loo = KernelModel::fromFile(path);
        if (!loo) {
            std::fprintf(stderr, "error: %s\n", qPrintable(loo.errorMessage()));
            return false;
        }
        for (KernelErrorClass c : {KernelErrorClass::Gemm, KernelErrorClass::Conv, KernelErrorClass::Stencil,
                                   KernelErrorClass::Elementwise, KernelErrorClass::RowReduction, KernelErrorClass::Copy}) {
            loo->bands(c) = model.bands(c);
        }
        if (!writeJson(path, loo->toJson(), false)) {
            std::fprintf(stderr, "error: cannot write %s\n", qPrintable(path));
            return false;
        }
    }
    return true;
}

// --rescore: the split figures a weights file records, recomputed by the running predictor (e.g. after a
// change to how an unmeasured GPU takes a measured one's calibration). The fit is untouched.
// With leave-one-GPU-out files in `looDir` for every GPU, the error bands are recomputed as training
// sets them (unseen-GPU bands from those files' predictions of their held-out GPU's rows) and copied
// into the leave-one-out and leave-one-generation-out files.
int rescore(const TrainingData &data, const QString &path, const QString &looDir) {
    Result<KernelModel> loaded = KernelModel::fromFile(path);
    if (!loaded) {
        std::fprintf(stderr, "error: %s\n", qPrintable(loaded.errorMessage()));
        return 1;
    }
    KernelModel model = std::move(loaded.value());
    const Evaluation testEval = evaluate(model, data, [](const TrainingRow &r) { return r.test; });
    const Evaluation trainEval = evaluate(model, data, [](const TrainingRow &r) { return !r.test; });
    QJsonObject meta = model.metadata();
    meta[QStringLiteral("train_split_mape")] = errorsJson(trainEval);
    meta[QStringLiteral("test_split_mape")] = errorsJson(testEval);
    model.setMetadata(meta);
    std::vector<double> looPredicted(data.rows.size(), 0.0);
    bool looComplete = true;
    for (int g = 0; g < data.gpuIds.size(); ++g) {
        const QString looPath = QDir(looDir).filePath(data.gpuIds[g] + QStringLiteral(".json"));
        if (!QFileInfo::exists(looPath)) {
            looComplete = false;
            break;
        }
        Result<KernelModel> loo = KernelModel::fromFile(looPath);
        if (!loo) {
            std::fprintf(stderr, "error: %s\n", qPrintable(loo.errorMessage()));
            return 1;
        }
        const Evaluation ev = evaluate(loo.value(), data, [g](const TrainingRow &r) { return r.gpu == g; });
        for (std::size_t i = 0; i < data.rows.size(); ++i) {
            if (data.rows[i].gpu == g) {
                looPredicted[i] = ev.predictedS[i];
            }
        }
    }
    if (looComplete) {
        setErrorBands(model, data, testEval, looPredicted);
    }
    if (!writeJson(path, model.toJson())) {
        std::fprintf(stderr, "error: cannot write %s\n", qPrintable(path));
        return 1;
    }
    if (looComplete) {
        if (!copyBands(model, looDir, data.gpuIds, true)) {
            return 1;
        }
        for (KernelErrorClass c : kFittedClasses) {
            out() << bandsLine(model, c) << "\n";
        }
        out() << "error bands recomputed from the leave-one-GPU-out files in " << looDir << "\n";
    }
    printTable(QStringLiteral("Test split MAPE (rows), per class and GPU:"), testEval, data.gpuIds);
    out() << "rescored " << path << "\n";
    out().flush();
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("infersight-train-kernels"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Fit the kernel-level utilisation models on data/neusight."));
    parser.addHelpOption();
    const QString source = QStringLiteral(INFERSIGHT_SOURCE_DIR);
    QCommandLineOption dataOpt(QStringLiteral("data"), QStringLiteral("measured-data folder"), QStringLiteral("DIR"),
                               measuredDataDirectory());
    QCommandLineOption outOpt(QStringLiteral("out"), QStringLiteral("weights file to write"), QStringLiteral("FILE"),
                              source + QStringLiteral("/resources/predictor/kernel_model.json"));
    QCommandLineOption looOpt(QStringLiteral("loo-dir"), QStringLiteral("folder for leave-one-GPU-out models"),
                              QStringLiteral("DIR"), QString());
    QCommandLineOption reportOpt(QStringLiteral("report"), QStringLiteral("also write the accuracy tables (Markdown)"),
                                 QStringLiteral("FILE"));
    QCommandLineOption seedOpt(QStringLiteral("seed"), QStringLiteral("random seed"), QStringLiteral("N"),
                               QStringLiteral("1"));
    QCommandLineOption jobsOpt(QStringLiteral("jobs"), QStringLiteral("fits run in parallel"), QStringLiteral("N"),
                               QStringLiteral("1"));
    QCommandLineOption noLooOpt(QStringLiteral("no-loo"), QStringLiteral("skip the leave-one-GPU-out models"));
    QCommandLineOption scaleOpt(QStringLiteral("epochs-scale"), QStringLiteral("multiply every model's epochs"),
                                QStringLiteral("F"), QStringLiteral("1"));
    QCommandLineOption dumpOpt(QStringLiteral("dump"),
                               QStringLiteral("write every row's measured and predicted latency (main model; "
                                              "leave-one-GPU-out where computed) as CSV, for error analysis"),
                               QStringLiteral("FILE"));
    QCommandLineOption generationOpt(QStringLiteral("hold-out-generation"),
                                     QStringLiteral("only write the leave-one-generation-out model for ARCH "
                                                    "(catalogue architecture, e.g. Ampere) to <loo-dir>/gen-<arch>.json"),
                                     QStringLiteral("ARCH"));
    QCommandLineOption rescoreOpt(QStringLiteral("rescore"),
                                  QStringLiteral("fit nothing: recompute the train / test split MAPE the weights file "
                                                 "(--out) records with the running predictor, and rewrite its metadata"));
    parser.addOptions(
        {dataOpt, outOpt, looOpt, reportOpt, seedOpt, jobsOpt, noLooOpt, scaleOpt, dumpOpt, generationOpt, rescoreOpt});
    parser.process(app);

    at::set_num_threads(1);
    at::set_num_interop_threads(1);
    const QString dataDir = parser.value(dataOpt);
    const QString looDir = parser.isSet(looOpt) ? parser.value(looOpt) : QDir(dataDir).filePath(QStringLiteral("predictor/loo"));
    const std::uint64_t seed = parser.value(seedOpt).toULongLong();
    const int jobs = std::max(1, parser.value(jobsOpt).toInt());
    const double epochsScale = parser.value(scaleOpt).toDouble();

    Result<TrainingData> loaded = loadTrainingData(dataDir);
    if (!loaded) {
        std::fprintf(stderr, "error: %s\n", qPrintable(loaded.errorMessage()));
        return 1;
    }
    const TrainingData &data = loaded.value();
    out() << "loaded " << data.rows.size() << " measured kernels on " << data.gpuIds.join(QStringLiteral(", ")) << "\n";
    out().flush();

    if (parser.isSet(rescoreOpt)) {
        return rescore(data, parser.value(outOpt), looDir);
    }
    if (parser.isSet(generationOpt)) {
        return holdOutGeneration(data, parser.value(generationOpt), looDir, parser.value(outOpt), seed, epochsScale, jobs);
    }

    // Main fit on the training split of every GPU.
    const Fits main = fitAll(data, seed, epochsScale, jobs, {}, nullptr, {true, true, true});
    for (std::size_t i = 0; i < kKinds.size(); ++i) {
        out() << QStringLiteral("fitted %1: %2 rows, train MAPE %3 % (with nuisance terms), %4 s\n")
                     .arg(utilisationModelName(kKinds[i]))
                     .arg(main.fits[i].rows)
                     .arg(main.fits[i].trainMape, 0, 'f', 2)
                     .arg(main.fits[i].seconds, 0, 'f', 0);
    }
    out().flush();
    KernelModel model = assemble(main);
    const QJsonObject calibrationCheck = checkCalibrations(model, dataDir, data);
    const Evaluation testEval = evaluate(model, data, [](const TrainingRow &r) { return r.test; });
    const Evaluation trainEval = evaluate(model, data, [](const TrainingRow &r) { return !r.test; });

    // Leave-one-GPU-out: refit without the GPU (only the models that had its training rows).
    std::vector<double> looPredicted(data.rows.size(), 0.0);
    Evaluation looAll, looTest;
    QJsonObject looSummary;
    if (!parser.isSet(noLooOpt)) {
        for (int g = 0; g < data.gpuIds.size(); ++g) {
            const QString gpu = data.gpuIds[g];
            std::array<bool, kUtilisationModelCount> needed{};
            for (const TrainingRow &r : data.rows) {
                if (r.gpu == g && !r.test) {
                    needed[static_cast<std::size_t>(r.model)] = true;
                }
            }
            const Fits loo = fitAll(data, seed, epochsScale, jobs, {gpu}, &main, needed);
            KernelModel looModel = assemble(loo);
            const Evaluation evAll = evaluate(looModel, data, [g](const TrainingRow &r) { return r.gpu == g; });
            const Evaluation evTest = evaluate(looModel, data, [g](const TrainingRow &r) { return r.gpu == g && r.test; });
            for (std::size_t i = 0; i < data.rows.size(); ++i) {
                if (data.rows[i].gpu == g) {
                    looPredicted[i] = evAll.predictedS[i];
                }
            }
            looAll.perClassGpu.insert(looAll.perClassGpu.end(), evAll.perClassGpu.begin(), evAll.perClassGpu.end());
            looTest.perClassGpu.insert(looTest.perClassGpu.end(), evTest.perClassGpu.begin(), evTest.perClassGpu.end());
            QJsonObject meta{{QStringLiteral("held_out_gpu"), gpu},
                             {QStringLiteral("seed"), static_cast<qint64>(seed)},
                             {QStringLiteral("refitted_models"),
                              QJsonArray{needed[0] ? QStringLiteral("gemm") : QString(),
                                         needed[1] ? QStringLiteral("conv") : QString(),
                                         needed[2] ? QStringLiteral("vector") : QString()}},
                             {QStringLiteral("held_out_all_rows"), errorsJson(evAll)},
                             {QStringLiteral("held_out_test_rows"), errorsJson(evTest)},
                             {QStringLiteral("data"), data.provenance}};
            looModel.setMetadata(meta);
            // Bands of a LOO model are those of the main model's unseen-GPU bands (set below).
            looSummary[gpu] = QJsonObject{{QStringLiteral("all_rows"), errorsJson(evAll)},
                                          {QStringLiteral("test_rows"), errorsJson(evTest)}};
            if (!writeJson(QDir(looDir).filePath(gpu + QStringLiteral(".json")), looModel.toJson(), false)) {
                std::fprintf(stderr, "error: cannot write %s\n", qPrintable(looDir));
                return 1;
            }
            out() << "leave-one-GPU-out " << gpu << " done\n";
            out().flush();
        }
        // Pooled LOO figures per class.
        std::map<int, std::pair<double, int>> pooledAll, pooledTest;
        for (const ClassGpuError &e : looAll.perClassGpu) {
            pooledAll[static_cast<int>(e.errorClass)].first += e.mape * e.rows;
            pooledAll[static_cast<int>(e.errorClass)].second += e.rows;
        }
        for (const ClassGpuError &e : looTest.perClassGpu) {
            pooledTest[static_cast<int>(e.errorClass)].first += e.mape * e.rows;
            pooledTest[static_cast<int>(e.errorClass)].second += e.rows;
        }
        for (const auto &[c, v] : pooledAll) {
            looAll.perClass.push_back({static_cast<KernelErrorClass>(c), QString(), v.second, v.first / v.second});
        }
        for (const auto &[c, v] : pooledTest) {
            looTest.perClass.push_back({static_cast<KernelErrorClass>(c), QString(), v.second, v.first / v.second});
        }
    }

    setErrorBands(model, data, testEval, looPredicted);

    QJsonObject models;
    for (std::size_t i = 0; i < kKinds.size(); ++i) {
        const FitOptions o = defaultFitOptions(kKinds[i], seed);
        QJsonObject m = optionsJson(o);
        m[QStringLiteral("epochs")] = std::max(1, static_cast<int>(std::lround(o.epochs * epochsScale)));
        m[QStringLiteral("rows_fitted")] = main.fits[i].rows;
        models[utilisationModelName(kKinds[i])] = m;
    }
    QJsonObject meta{
        {QStringLiteral("created_by"), QStringLiteral("infersight-train-kernels (tools/train)")},
        {QStringLiteral("command"), QStringLiteral("infersight-train-kernels --seed %1%2")
                                        .arg(seed)
                                        .arg(epochsScale != 1.0 ? QStringLiteral(" --epochs-scale %1").arg(epochsScale)
                                                                : QString())},
        {QStringLiteral("seed"), static_cast<qint64>(seed)},
        {QStringLiteral("data"), data.provenance},
        {QStringLiteral("source"), QStringLiteral("NeuSight artifact (Lee et al., ASPLOS 2025), data/neusight/PROVENANCE.md")},
        {QStringLiteral("gpus"), QJsonArray::fromStringList(data.gpuIds)},
        {QStringLiteral("training"), models},
        {QStringLiteral("train_split_mape"), errorsJson(trainEval)},
        {QStringLiteral("test_split_mape"), errorsJson(testEval)},
        {QStringLiteral("leave_one_gpu_out_mape"), looSummary},
        {QStringLiteral("calibration_check"), calibrationCheck},
        {QStringLiteral("conv_test_split"), QStringLiteral("FNV-1a-64 of the shape fields % 5 == 0 (convShapeIsHeldOut)")},
    };
    model.setMetadata(meta);
    const QString outPath = parser.value(outOpt);
    if (!writeJson(outPath, model.toJson())) {
        std::fprintf(stderr, "error: cannot write %s\n", qPrintable(outPath));
        return 1;
    }
    // LOO files carry the main model's bands too, so that they load and predict the same way.
    if (!parser.isSet(noLooOpt) && !copyBands(model, looDir, data.gpuIds)) {
        return 1;
    }

    if (parser.isSet(dumpOpt)) {
        QSaveFile dump(parser.value(dumpOpt));
        if (dump.open(QIODevice::WriteOnly)) {
            QTextStream ts(&dump);
            ts << "class,gpu,split,op,launched_kernel,measured_ms,predicted_ms,loo_predicted_ms\n";
            for (std::size_t i = 0; i < data.rows.size(); ++i) {
                const TrainingRow &r = data.rows[i];
                const double pred = r.test ? testEval.predictedS[i] : trainEval.predictedS[i];
                ts << kernelErrorClassName(r.errorClass) << ',' << data.gpuIds[r.gpu] << ',' << (r.test ? "test" : "train")
                   << ',' << r.op << ",\"" << r.launchedKernel << "\"," << r.latencyS * 1e3 << ',' << pred * 1e3 << ','
                   << looPredicted[i] * 1e3 << '\n';
            }
            ts.flush();
            dump.commit();
        }
    }
    printTable(QStringLiteral("Test split MAPE (rows), per class and GPU:"), testEval, data.gpuIds);
    printTable(QStringLiteral("Train split MAPE (rows):"), trainEval, data.gpuIds);
    if (!parser.isSet(noLooOpt)) {
        printTable(QStringLiteral("Leave-one-GPU-out MAPE, all rows of the held-out GPU:"), looAll, data.gpuIds);
        printTable(QStringLiteral("Leave-one-GPU-out MAPE, test-split rows of the held-out GPU:"), looTest, data.gpuIds);
    }
    appendReport(QStringLiteral("\nError bands (measured / predicted, p10..p90):\n\n"));
    for (KernelErrorClass c : kFittedClasses) {
        appendReport(QStringLiteral("- ") + bandsLine(model, c) + QLatin1Char('\n'));
    }
    if (parser.isSet(reportOpt)) {
        QSaveFile report(parser.value(reportOpt));
        if (!report.open(QIODevice::WriteOnly)) {
            std::fprintf(stderr, "error: cannot write %s\n", qPrintable(parser.value(reportOpt)));
            return 1;
        }
        report.write(g_report.toUtf8());
        report.commit();
    }
    out() << "wrote " << outPath << "\n";
    out().flush();
    return 0;
}
