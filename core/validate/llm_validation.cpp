// SPDX-License-Identifier: MIT
#include "validate/llm_validation.h"

#include "design/design.h"
#include "explore/llm_serving.h"
#include "hardware/target.h"
#include "predict/llm_runtime.h"

#include <QHash>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace infersight {

namespace {

const LlmRuntime &runtimeForProfile(const QString &profile) {
    if (const LlmRuntime *r = findLlmRuntime(profile)) {
        return *r;  // "hf-eager", "llama.cpp"; "fused" is an alias of vllm
    }
    return *findLlmRuntime(QStringLiteral("vllm"));
}

double median(std::vector<double> v) {
    if (v.empty()) {
        return 0;
    }
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

class RowPredictor {
public:
    explicit RowPredictor(const LlmDataSet &set) : m_set(set) {}

    Result<double> predict(const LlmMeasuredRow &row) {
        const Design *design = open(row.modelSource);
        if (!design) {
            return Error{m_openError};
        }
        const GpuSpec *gpu = m_set.catalogue.find(row.gpuId);
        if (!gpu) {
            return Error{QStringLiteral("GPU '%1' missing from the catalogue").arg(row.gpuId)};
        }
        const Target target = Target::wholeGpu(*gpu);
        LlmServing serving;
        serving.runtime = &runtimeForProfile(row.profile);
        auto weights = resolveWeightFormat(row.format, Precision::FP16, false);
        if (!weights) {
            return Error{weights.errorMessage()};
        }
        serving.weights = *weights;
        if (row.metric == LlmMetric::Ttft) {
            LlmRequest req;
            req.prompt = row.prompt;
            req.output = 1;
            auto r = predictLlmRequest(*design, target, req, serving);
            if (!r) {
                return Error{r.errorMessage()};
            }
            return r->ttftMs;
        }
        const std::int64_t first = std::max<std::int64_t>(1, row.contextBegin);
        const std::int64_t last = std::max(first, row.contextEnd - 1);
        const std::int64_t mid = first + (last - first) / 2;
        double sum = 0;
        const std::int64_t contexts[3] = {first, mid, last};
        const double weightsOf[3] = {1.0 / 6.0, 4.0 / 6.0, 1.0 / 6.0};
        for (int i = 0; i < 3; ++i) {
            auto ms = step(*design, target, serving, row, contexts[i]);
            if (!ms) {
                return ms;
            }
            sum += weightsOf[i] * *ms;
        }
        return sum;
    }

private:
    const Design *open(const QString &source) {
        auto it = m_designs.find(source);
        if (it == m_designs.end()) {
            Knobs knobs;
            knobs.precision = Precision::FP16;
            Result<Design> d = Design::open(source, knobs);
            if (!d) {
                m_openError = d.errorMessage();
                return nullptr;
            }
            it = m_designs.emplace(source, std::move(*d)).first;
        }
        return &it->second;
    }

    Result<double> step(const Design &design, const Target &target, const LlmServing &serving, const LlmMeasuredRow &row,
                        std::int64_t context) {
        const QString key = QStringLiteral("%1|%2|%3|%4|%5")
                                .arg(row.modelSource, row.gpuId, serving.runtime->id, weightFormatName(row.format))
                                .arg(context);
        if (auto it = m_steps.constFind(key); it != m_steps.constEnd()) {
            return *it;
        }
        auto p = predictDecodeStep(design, target, 1, context, serving);
        if (!p) {
            return Error{p.errorMessage()};
        }
        m_steps.insert(key, p->latencyMs);
        return p->latencyMs;
    }

    const LlmDataSet &m_set;
    std::map<QString, Design> m_designs;
    QHash<QString, double> m_steps;
    QString m_openError;
};

QString groupKey(const LlmMeasuredRow &r) {
    return r.family + QLatin1Char('/') + weightFormatName(r.format);
}

std::vector<LlmValidationGroup> summarise(const std::vector<LlmValidationRow> &rows, LlmRowUse use) {
    std::map<QString, std::vector<const LlmValidationRow *>> byGroup;
    for (const LlmValidationRow &r : rows) {
        if (r.row.use == use && r.error.isEmpty()) {
            byGroup[groupKey(r.row)].push_back(&r);
        }
    }
    std::vector<LlmValidationGroup> out;
    for (const auto &[key, list] : byGroup) {
        LlmValidationGroup g;
        g.family = list.front()->row.family;
        g.format = weightFormatName(list.front()->row.format);
        g.profile = runtimeForProfile(list.front()->row.profile).id;
        g.rows = static_cast<int>(list.size());
        std::set<QString> gpus;
        double ape = 0, looApe = 0;
        std::vector<double> ratios;
        for (const LlmValidationRow *r : list) {
            gpus.insert(r->row.gpuId);
            ape += std::abs(r->predictedMs - r->row.measuredMs) / r->row.measuredMs;
            ratios.push_back(r->row.measuredMs / r->predictedMs);
            if (r->looMs > 0) {
                looApe += std::abs(r->looMs - r->row.measuredMs) / r->row.measuredMs;
                ++g.looRows;
            }
        }
        g.gpus = static_cast<int>(gpus.size());
        g.mape = 100.0 * ape / g.rows;
        g.looMape = g.looRows > 0 ? 100.0 * looApe / g.looRows : -1.0;
        g.medianRatio = median(ratios);
        out.push_back(g);
    }
    return out;
}

}  // namespace

Result<LlmValidation> validateLlm(const QString &dataDir) {
    Result<LlmDataSet> set = loadLlmData(dataDir);
    if (!set) {
        return Error{set.errorMessage()};
    }
    LlmValidation v;
    RowPredictor predictor(*set);
    for (const LlmMeasuredRow &row : set->rows) {
        if (row.use == LlmRowUse::Excluded) {
            ++v.excluded;
            v.excludedReasons << QStringLiteral("line %1: %2").arg(row.line).arg(row.reason);
            continue;
        }
        LlmValidationRow r;
        r.row = row;
        auto ms = predictor.predict(row);
        if (!ms) {
            r.error = ms.errorMessage();
            ++v.excluded;
            v.excludedReasons << QStringLiteral("line %1: prediction failed: %2").arg(row.line).arg(r.error);
        } else {
            r.predictedMs = *ms;
        }
        v.rows.push_back(r);
    }
    // Leave one GPU out: the group's median measured / predicted over the other GPUs' fitted rows.
    for (LlmValidationRow &r : v.rows) {
        if (!r.error.isEmpty() || r.row.use != LlmRowUse::Fit) {
            continue;
        }
        std::vector<double> ratios;
        for (const LlmValidationRow &o : v.rows) {
            if (o.error.isEmpty() && o.row.use == LlmRowUse::Fit && groupKey(o.row) == groupKey(r.row) &&
                o.row.gpuId != r.row.gpuId) {
                ratios.push_back(o.row.measuredMs / o.predictedMs);
            }
        }
        if (!ratios.empty()) {
            r.looMs = r.predictedMs * median(ratios);
        }
    }
    v.groups = summarise(v.rows, LlmRowUse::Fit);
    v.reported = summarise(v.rows, LlmRowUse::ReportOnly);
    return v;
}

const LlmValidationGroup *findLlmGroup(const LlmValidation &v, const QString &family, const QString &format) {
    for (const LlmValidationGroup &g : v.groups) {
        if (g.family == family && g.format == format) {
            return &g;
        }
    }
    return nullptr;
}

QString llmValidationMarkdown(const LlmValidation &v) {
    int fit = 0, report = 0;
    for (const LlmValidationRow &r : v.rows) {
        if (r.error.isEmpty()) {
            (r.row.use == LlmRowUse::Fit ? fit : report)++;
        }
    }
    QString out = QStringLiteral("### LLM decode (data/llm, published batch-1 measurements)\n\n");
    out += QStringLiteral("%1 rows predicted and scored, %2 reported only (premAI, h2oGPT, TensorRT-LLM blog, TTFT), %3 left out "
                          "(flagged impossible, multi-GPU, unknown GPU variant or architecture, fp32).\n\n")
               .arg(fit)
               .arg(report)
               .arg(v.excluded);
    out += QStringLiteral("| runtime family | weights | profile | rows | GPUs | MAPE | leave-one-GPU-out MAPE | measured / predicted (median) |\n");
    out += QStringLiteral("|---|---|---|---:|---:|---:|---:|---:|\n");
    auto line = [](const LlmValidationGroup &g) {
        return QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 % | %7 | %8 |\n")
            .arg(g.family, g.format, g.profile)
            .arg(g.rows)
            .arg(g.gpus)
            .arg(g.mape, 0, 'f', 1)
            .arg(g.looMape >= 0 ? QStringLiteral("%1 %").arg(g.looMape, 0, 'f', 1) : QStringLiteral("-"))
            .arg(g.medianRatio, 0, 'f', 2);
    };
    for (const LlmValidationGroup &g : v.groups) {
        out += line(g);
    }
    if (!v.reported.empty()) {
        out += QStringLiteral("\nReported only (not scored):\n\n| runtime family | weights | profile | rows | GPUs | MAPE | | measured / predicted (median) |\n|---|---|---|---:|---:|---:|---:|---:|\n");
        for (const LlmValidationGroup &g : v.reported) {
            out += line(g);
        }
    }
    return out;
}

QJsonObject llmValidationJson(const LlmValidation &v) {
    auto groupJson = [](const LlmValidationGroup &g) {
        return QJsonObject{{QStringLiteral("family"), g.family},
                           {QStringLiteral("weights"), g.format},
                           {QStringLiteral("profile"), g.profile},
                           {QStringLiteral("rows"), g.rows},
                           {QStringLiteral("gpus"), g.gpus},
                           {QStringLiteral("mape"), g.mape},
                           {QStringLiteral("loo_mape"), g.looMape},
                           {QStringLiteral("median_ratio"), g.medianRatio}};
    };
    QJsonArray groups, reported, rows;
    for (const LlmValidationGroup &g : v.groups) {
        groups.append(groupJson(g));
    }
    for (const LlmValidationGroup &g : v.reported) {
        reported.append(groupJson(g));
    }
    for (const LlmValidationRow &r : v.rows) {
        rows.append(QJsonObject{{QStringLiteral("line"), r.row.line},
                                {QStringLiteral("use"), llmRowUseName(r.row.use)},
                                {QStringLiteral("model"), r.row.modelKey},
                                {QStringLiteral("gpu"), r.row.gpuId},
                                {QStringLiteral("family"), r.row.family},
                                {QStringLiteral("weights"), weightFormatName(r.row.format)},
                                {QStringLiteral("measured_ms"), r.row.measuredMs},
                                {QStringLiteral("predicted_ms"), r.predictedMs},
                                {QStringLiteral("loo_ms"), r.looMs},
                                {QStringLiteral("note"), r.error.isEmpty() ? r.row.reason : r.error}});
    }
    return QJsonObject{{QStringLiteral("groups"), groups},
                       {QStringLiteral("reported"), reported},
                       {QStringLiteral("excluded"), v.excluded},
                       {QStringLiteral("rows"), rows}};
}

}  // namespace infersight
