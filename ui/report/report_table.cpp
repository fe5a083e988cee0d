// SPDX-License-Identifier: MIT
#include "report/report_table.h"

#include "charts/chart_format.h"
#include "charts/palette.h"
#include "report/report_text.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <map>
#include <numeric>

namespace infersight {

namespace {


constexpr double kMib = 1024.0 * 1024.0;

ReportCell text(const QString &s) { return {s, std::nullopt}; }
ReportCell num(double v, const QString &s) { return ReportCell::number(v, s); }
ReportCell integer(std::int64_t v) { return num(static_cast<double>(v), QLocale().toString(static_cast<qlonglong>(v))); }
ReportCell yesNo(bool v) { return num(v ? 1.0 : 0.0, v ? ReportText::tr("yes") : ReportText::tr("no")); }
ReportCell percent(double fraction) {
    return num(100.0 * fraction, ReportText::tr("%1 %").arg(QLocale().toString(100.0 * fraction, 'f', 1)));
}

ReportColumn col(const QString &title, const char *csvTitle, bool numeric = true) {
    return {title, QString::fromLatin1(csvTitle), numeric, false};
}
// A column the CSV has and the PDF leaves out (its figure is shown inside another cell).
ReportColumn csvOnly(const char *csvTitle) { return {QString(), QString::fromLatin1(csvTitle), true, true}; }

const TargetResult *targetAt(const SessionResults &results, int target) {
    return target >= 0 && target < static_cast<int>(results.targets.size()) ? &results.targets[static_cast<std::size_t>(target)]
                                                                              : nullptr;
}

}  // namespace

QString ReportTable::csv() const {
    QString out;
    QStringList header;
    for (const ReportColumn &c : columns) {
        header << csvText(c.csvTitle);
    }
    out += header.join(QLatin1Char(',')) + QLatin1String("\r\n");
    for (const auto &row : rows) {
        QStringList fields;
        for (const ReportCell &cell : row) {
            fields << (cell.value ? csvNumber(*cell.value) : csvText(cell.text));
        }
        out += fields.join(QLatin1Char(',')) + QLatin1String("\r\n");
    }
    return out;
}

QString fileStemOf(const QString &key) {
    QString stem = key.toLower();
    stem.replace(QRegularExpression(QStringLiteral("[^a-z0-9._-]+")), QStringLiteral("-"));
    stem.replace(QRegularExpression(QStringLiteral("-{2,}")), QStringLiteral("-"));
    while (stem.startsWith(QLatin1Char('-'))) {
        stem.remove(0, 1);
    }
    while (stem.endsWith(QLatin1Char('-'))) {
        stem.chop(1);
    }
    return stem.isEmpty() ? QStringLiteral("target") : stem;
}

ReportTable summaryTable(const SessionResults &results) {
    ReportTable t;
    t.name = QStringLiteral("summary");
    t.title = ReportText::tr("Summary per target");
    t.columns = {col(ReportText::tr("Target"), "target", false),
                 col(ReportText::tr("Latency (80 % band)"), "latency_ms"),
                 csvOnly("band_low_ms"),
                 csvOnly("band_high_ms"),
                 col(ReportText::tr("Throughput"), "throughput_per_s"),
                 col(ReportText::tr("Energy per batch"), "energy_j"),
                 col(ReportText::tr("Energy per sample"), "energy_per_sample_j"),
                 col(ReportText::tr("Average power"), "avg_power_w"),
                 col(ReportText::tr("Memory of usable"), "memory_mib"),
                 csvOnly("usable_mib"),
                 col(ReportText::tr("Fits"), "fits", false)};
    for (const TargetResult &r : results.targets) {
        std::vector<ReportCell> row;
        row.push_back(text(r.label));
        if (!r.ok()) {
            row.push_back(text(ReportText::tr("no prediction: %1").arg(r.error)));
            for (std::size_t i = 2; i < t.columns.size(); ++i) {
                row.push_back(text(QString()));
            }
            t.rows.push_back(std::move(row));
            continue;
        }
        const Prediction &p = *r.current;
        const double batch = static_cast<double>(std::max<std::int64_t>(1, p.batch));
        const double usable = r.usableMemoryBytes > 0 ? r.usableMemoryBytes : p.memory.capacityBytes;
        row.push_back(num(p.latencyMs, formatMsBand(p.latencyMs, p.bandLowMs, p.bandHighMs)));
        row.push_back(num(p.bandLowMs, QString()));
        row.push_back(num(p.bandHighMs, QString()));
        row.push_back(num(p.throughputPerS, formatPerSecond(p.throughputPerS, ReportText::tr("samples/s"))));
        row.push_back(num(p.energyJ, formatJoules(p.energyJ)));
        row.push_back(num(p.energyJ / batch, formatJoules(p.energyJ / batch)));
        row.push_back(num(p.avgPowerW, ReportText::tr("%1 W").arg(formatSignificant(p.avgPowerW))));
        row.push_back(num(p.memory.deviceUsedBytes / kMib,
                          ReportText::tr("%1 of %2").arg(formatBytes(p.memory.deviceUsedBytes), formatBytes(usable))));
        row.push_back(num(usable / kMib, QString()));
        row.push_back(yesNo(p.memory.fits));
        t.rows.push_back(std::move(row));
    }
    t.note = ReportText::tr("At batch %1, %2, %3. Latency: one forward pass of the whole batch, host overhead included; "
                   "the band holds 80 % of measured runs in validation. Memory: device memory as nvidia-smi shows it.")
                 .arg(results.knobs.batch)
                 .arg(precisionName(results.knobs.precision), runtimeName(results.knobs.runtime));
    return t;
}

ReportTable layerTable(const SessionResults &results, int target, int topN) {
    ReportTable t;
    const TargetResult *r = targetAt(results, target);
    t.name = QStringLiteral("layers-%1").arg(r ? fileStemOf(r->key) : QStringLiteral("none"));
    t.title = r ? ReportText::tr("Layers by latency on %1").arg(r->label) : ReportText::tr("Layers by latency");
    t.columns = {col(ReportText::tr("#"), "rank"),
                 col(ReportText::tr("Node"), "node", false),
                 col(ReportText::tr("Op"), "op", false),
                 col(ReportText::tr("Latency"), "latency_ms"),
                 col(ReportText::tr("Share"), "share_percent"),
                 col(ReportText::tr("80 % band"), "band_low_ms"),
                 csvOnly("band_high_ms"),
                 col(ReportText::tr("Bound"), "bound", false),
                 col(ReportText::tr("Kernels"), "kernels"),
                 col(ReportText::tr("Energy"), "energy_j")};
    if (!r || !r->ok() || !results.design) {
        t.note = r ? ReportText::tr("No prediction for %1: %2").arg(r->label, r->error) : ReportText::tr("No target.");
        return t;
    }
    const Prediction &p = *r->current;
    const Graph &graph = results.design->graph();
    std::vector<int> order;
    for (std::size_t i = 0; i < p.nodes.size() && i < graph.nodes.size(); ++i) {
        if (p.nodes[i].latencyMs > 0) {
            order.push_back(static_cast<int>(i));
        }
    }
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return p.nodes[static_cast<std::size_t>(a)].latencyMs > p.nodes[static_cast<std::size_t>(b)].latencyMs;
    });
    const std::size_t shown = topN > 0 ? std::min<std::size_t>(order.size(), static_cast<std::size_t>(topN)) : order.size();
    for (std::size_t k = 0; k < shown; ++k) {
        const auto i = static_cast<std::size_t>(order[k]);
        const NodeTiming &n = p.nodes[i];
        const double share = p.latencyMs > 0 ? n.latencyMs / p.latencyMs : 0.0;
        t.rows.push_back({integer(static_cast<std::int64_t>(k + 1)),
                          text(graph.nodes[i].name),
                          text(graph.nodes[i].qualifiedOp()),
                          num(n.latencyMs, formatMs(n.latencyMs)),
                          percent(share),
                          num(n.bandLowMs, ReportText::tr("%1–%2").arg(formatSignificant(n.bandLowMs), formatSignificant(n.bandHighMs))),
                          num(n.bandHighMs, QString()),
                          {boundLabel(n.bound), std::nullopt},
                          integer(n.kernels),
                          num(n.energyJ, formatJoules(n.energyJ))});
    }
    t.note = ReportText::tr("%1 of %2 nodes with predicted time; latency: the node's share of the timeline (waits for the host "
                   "included), end to end %3.")
                 .arg(shown)
                 .arg(order.size())
                 .arg(formatMs(p.latencyMs));
    return t;
}

ReportTable batchSweepTable(const SessionResults &results, int target) {
    ReportTable t;
    const TargetResult *r = targetAt(results, target);
    t.name = QStringLiteral("batch-sweep-%1").arg(r ? fileStemOf(r->key) : QStringLiteral("none"));
    t.title = r ? ReportText::tr("Batch sweep on %1").arg(r->label) : ReportText::tr("Batch sweep");
    t.columns = {col(ReportText::tr("Batch"), "batch"),
                 col(ReportText::tr("Latency"), "latency_ms"),
                 col(ReportText::tr("80 % band"), "band_low_ms"),
                 csvOnly("band_high_ms"),
                 col(ReportText::tr("Throughput"), "throughput_per_s"),
                 col(ReportText::tr("Energy per batch"), "energy_j"),
                 col(ReportText::tr("Average power"), "avg_power_w"),
                 col(ReportText::tr("Memory"), "memory_mib"),
                 col(ReportText::tr("Fits"), "fits", false)};
    if (!r || !r->ok()) {
        return t;
    }
    for (const SweepPoint &s : r->batchSweep) {
        t.rows.push_back({integer(s.batch),
                          num(s.latencyMs, formatMs(s.latencyMs)),
                          num(s.bandLowMs, ReportText::tr("%1–%2").arg(formatSignificant(s.bandLowMs), formatSignificant(s.bandHighMs))),
                          num(s.bandHighMs, QString()),
                          num(s.throughputPerS, formatPerSecond(s.throughputPerS, ReportText::tr("samples/s"))),
                          num(s.energyJ, formatJoules(s.energyJ)),
                          num(s.avgPowerW, ReportText::tr("%1 W").arg(formatSignificant(s.avgPowerW))),
                          num(s.memoryBytes / kMib, formatBytes(s.memoryBytes)),
                          yesNo(s.fits)});
    }
    return t;
}

ReportTable energyLatencyTable(const SessionResults &results, int target) {
    ReportTable t;
    const TargetResult *r = targetAt(results, target);
    t.name = QStringLiteral("energy-latency-%1").arg(r ? fileStemOf(r->key) : QStringLiteral("none"));
    t.title = r ? ReportText::tr("Energy and latency over batch and precision on %1").arg(r->label) : ReportText::tr("Energy and latency");
    t.columns = {col(ReportText::tr("Batch"), "batch"),
                 col(ReportText::tr("Precision"), "precision", false),
                 col(ReportText::tr("Latency"), "latency_ms"),
                 col(ReportText::tr("Energy per batch"), "energy_j"),
                 col(ReportText::tr("Energy per sample"), "energy_per_sample_j"),
                 col(ReportText::tr("Fits"), "fits", false),
                 col(ReportText::tr("Pareto front"), "pareto_front", false)};
    if (!r || !r->ok()) {
        return t;
    }
    for (const ParetoPoint &e : r->energyLatency) {
        t.rows.push_back({integer(e.batch),
                          text(precisionName(e.precision)),
                          num(e.latencyMs, formatMs(e.latencyMs)),
                          num(e.energyJ, formatJoules(e.energyJ)),
                          num(e.energyPerSampleJ(), formatJoules(e.energyPerSampleJ())),
                          yesNo(e.fits),
                          yesNo(e.onFront)});
    }
    return t;
}

ReportTable migPlanTable(const MigPlan &plan, const QStringList &profiles) {
    ReportTable t;
    t.name = QStringLiteral("mig-plan-%1").arg(fileStemOf(plan.gpu));
    t.title = ReportText::tr("MIG and MPS plan for %1").arg(plan.gpuLabel);
    t.columns = {col(ReportText::tr("Slice"), "profile", false),
                 col(ReportText::tr("SMs"), "sms"),
                 col(ReportText::tr("Fits"), "fits", false),
                 col(ReportText::tr("Memory"), "memory_mib"),
                 col(ReportText::tr("Usable"), "usable_mib"),
                 col(ReportText::tr("Latency"), "latency_ms"),
                 col(ReportText::tr("Replicas"), "replicas"),
                 col(ReportText::tr("Throughput per GPU"), "throughput_per_gpu"),
                 col(ReportText::tr("Energy per inference"), "energy_j"),
                 col(ReportText::tr("Pick"), "pick", false)};
    if (plan.sloMs) {
        t.columns.insert(t.columns.end() - 1, col(ReportText::tr("Meets SLO"), "meets_slo", false));
    }
    auto add = [&](const MigOption &o, const QString &pick) {
        std::vector<ReportCell> row{text(o.label), integer(o.sms)};
        if (!o.ok) {
            row.push_back(text(ReportText::tr("not predicted: %1").arg(o.error)));
            for (std::size_t i = 3; i + 1 < t.columns.size(); ++i) {
                row.push_back(text(QString()));
            }
            row.push_back(text(pick));
            t.rows.push_back(std::move(row));
            return;
        }
        row.push_back(yesNo(o.fits));
        row.push_back(num(o.memoryMib, formatBytes(o.memoryMib * kMib)));
        row.push_back(num(o.usableMib, formatBytes(o.usableMib * kMib)));
        row.push_back(num(o.latencyMs, formatMs(o.latencyMs)));
        row.push_back(integer(o.replicas));
        row.push_back(num(o.throughputPerGpu, formatPerSecond(o.throughputPerGpu, ReportText::tr("inferences/s"))));
        row.push_back(num(o.energyJ, formatJoules(o.energyJ)));
        if (plan.sloMs) {
            row.push_back(yesNo(o.meetsSlo));
        }
        row.push_back(text(pick));
        t.rows.push_back(std::move(row));
    };
    for (std::size_t i = 0; i < plan.options.size(); ++i) {
        const MigOption &o = plan.options[i];
        if (!profiles.isEmpty() && !profiles.contains(o.profile, Qt::CaseInsensitive)) {
            continue;
        }
        QStringList pick;
        if (static_cast<int>(i) == plan.recommended) {
            pick << ReportText::tr("recommended");
        }
        if (static_cast<int>(i) == plan.dippm) {
            pick << ReportText::tr("DIPPM's rule");
        }
        add(o, pick.join(QStringLiteral(", ")));
    }
    for (std::size_t i = 0; i < plan.mpsOptions.size(); ++i) {
        add(plan.mpsOptions[i], static_cast<int>(i) == plan.recommendedMps ? ReportText::tr("recommended MPS share") : QString());
    }
    QString note = ReportText::tr("Fits: predicted device memory within usable memory less %1 % headroom.")
                       .arg(QLocale().toString(100.0 * plan.headroom, 'f', 0));
    if (plan.sloMs) {
        note += QLatin1Char(' ') + ReportText::tr("Latency SLO: %1.").arg(formatMs(*plan.sloMs));
    }
    t.note = note;
    return t;
}

namespace {

QString datasetDescription(const QString &dataset) {
    if (dataset == QLatin1String("e2e")) {
        return ReportText::tr("End to end, FP32 eager (NeuSight e2e_measured.csv)");
    }
    if (dataset == QLatin1String("e2e-fusion")) {
        return ReportText::tr("End to end, fused runtime (NeuSight e2e_measured.csv)");
    }
    if (dataset == QLatin1String("dle")) {
        return ReportText::tr("CNNs, eager FP32 and AMP, batch 1–256 (DeepLearningExamples)");
    }
    if (dataset == QLatin1String("model-ops")) {
        return ReportText::tr("Single ops of a transformer layer (NeuSight model_ops_measured.csv)");
    }
    if (dataset == QLatin1String("measured")) {
        return ReportText::tr("Measured by the Infersight harness (data/measured)");
    }
    return dataset;
}

// The data sets present, in the order of validate's report (then any other, as found).
std::vector<QString> datasetsIn(const ValidationResult &v) {
    std::vector<QString> sets;
    for (const char *known : {"e2e", "e2e-fusion", "dle", "model-ops", "measured"}) {
        const QString name = QString::fromLatin1(known);
        if (std::any_of(v.rows.begin(), v.rows.end(), [&](const ValidationRow &r) { return r.dataset == name; })) {
            sets.push_back(name);
        }
    }
    for (const ValidationRow &row : v.rows) {
        if (std::find(sets.begin(), sets.end(), row.dataset) == sets.end()) {
            sets.push_back(row.dataset);
        }
    }
    return sets;
}

}  // namespace

ReportTable accuracyTable(const ValidationResult &v) {
    ReportTable t;
    t.name = QStringLiteral("accuracy");
    t.title = ReportText::tr("Accuracy by data set");
    t.columns = {col(ReportText::tr("Data set"), "dataset", false),
                 col(ReportText::tr("What"), "description", false),
                 col(ReportText::tr("Rows"), "rows"),
                 col(ReportText::tr("GPUs"), "gpus"),
                 col(ReportText::tr("MAPE"), "mape_percent"),
                 col(ReportText::tr("In 80 % band"), "band_coverage_percent")};
    for (const QString &set : datasetsIn(v)) {
        auto filter = [&](const ValidationRow &r) { return r.dataset == set; };
        int rows = 0;
        QSet<QString> gpus;
        for (const ValidationRow &r : v.rows) {
            if (filter(r)) {
                ++rows;
                gpus.insert(r.gpuId);
            }
        }
        const double mape = mapeOf(v.rows, filter);
        const double coverage = bandCoverage(v.rows, filter);
        t.rows.push_back({text(set), text(datasetDescription(set)), integer(rows), integer(gpus.size()),
                          num(mape, ReportText::tr("%1 %").arg(QLocale().toString(mape, 'f', 1))), percent(coverage)});
    }
    for (const KernelSetAccuracy &k : v.kernels) {
        if (!k.gpuId.isEmpty() || k.seenKernelsOnly) {
            continue;
        }
        t.rows.push_back({text(QStringLiteral("kernels/%1").arg(k.set)),
                          text(ReportText::tr("Kernel model on NeuSight's test split (%1 kernels)").arg(k.set)), integer(k.rows),
                          text(QStringLiteral("–")), num(k.mape, ReportText::tr("%1 %").arg(QLocale().toString(k.mape, 'f', 1))),
                          text(QStringLiteral("–"))});
    }
    t.note = ReportText::tr("MAPE: mean absolute percentage error of the predicted latency against the measured one. "
                   "Kernel model: %1.")
                 .arg(v.kernelModelDescription);
    return t;
}

ReportTable accuracyByGpuTable(const ValidationResult &v) {
    ReportTable t;
    t.name = QStringLiteral("accuracy-by-gpu");
    t.title = ReportText::tr("Accuracy by GPU");
    t.columns = {col(ReportText::tr("GPU"), "gpu", false), col(ReportText::tr("Data set"), "dataset", false), col(ReportText::tr("Rows"), "rows"),
                 col(ReportText::tr("MAPE"), "mape_percent"), col(ReportText::tr("In 80 % band"), "band_coverage_percent")};
    std::map<QString, std::vector<QString>> setsByGpu;
    for (const ValidationRow &r : v.rows) {
        auto &sets = setsByGpu[r.gpuId];
        if (std::find(sets.begin(), sets.end(), r.dataset) == sets.end()) {
            sets.push_back(r.dataset);
        }
    }
    for (const auto &[gpu, sets] : setsByGpu) {
        for (const QString &set : sets) {
            auto filter = [&](const ValidationRow &r) { return r.gpuId == gpu && r.dataset == set; };
            const int rows = static_cast<int>(std::count_if(v.rows.begin(), v.rows.end(), filter));
            const double mape = mapeOf(v.rows, filter);
            t.rows.push_back({text(gpu), text(set), integer(rows),
                              num(mape, ReportText::tr("%1 %").arg(QLocale().toString(mape, 'f', 1))),
                              percent(bandCoverage(v.rows, filter))});
        }
    }
    return t;
}

}  // namespace infersight
