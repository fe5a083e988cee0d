// SPDX-License-Identifier: MIT
#include "report/mig_report.h"

#include "report/host_report.h"

#include <QJsonArray>

namespace infersight {

namespace {

QJsonObject optionJson(const MigOption &o) {
    QJsonObject j;
    j.insert(QStringLiteral("profile"), o.profile);
    j.insert(QStringLiteral("fits"), o.ok ? QJsonValue(o.fits) : QJsonValue(QJsonValue::Null));
    j.insert(QStringLiteral("memory_mb"), o.ok ? QJsonValue(o.memoryMib) : QJsonValue(QJsonValue::Null));
    j.insert(QStringLiteral("usable_mb"), o.usableMib);
    j.insert(QStringLiteral("budget_mb"), o.budgetMib);
    j.insert(QStringLiteral("latency_ms"), o.ok ? QJsonValue(o.latencyMs) : QJsonValue(QJsonValue::Null));
    j.insert(QStringLiteral("latency_low_ms"), o.ok ? QJsonValue(o.latencyLowMs) : QJsonValue(QJsonValue::Null));
    j.insert(QStringLiteral("latency_high_ms"), o.ok ? QJsonValue(o.latencyHighMs) : QJsonValue(QJsonValue::Null));
    j.insert(QStringLiteral("replicas"), o.replicas);
    j.insert(QStringLiteral("throughput_per_instance"), o.ok ? QJsonValue(o.throughputPerInstance) : QJsonValue(QJsonValue::Null));
    j.insert(QStringLiteral("throughput_per_gpu"), o.ok ? QJsonValue(o.throughputPerGpu) : QJsonValue(QJsonValue::Null));
    j.insert(QStringLiteral("energy_j"), o.ok ? QJsonValue(o.energyJ) : QJsonValue(QJsonValue::Null));
    j.insert(QStringLiteral("meets_slo"), o.ok ? QJsonValue(o.meetsSlo) : QJsonValue(QJsonValue::Null));
    j.insert(QStringLiteral("sms"), o.sms);
    if (o.kind == MigOption::Kind::Mig) {
        j.insert(QStringLiteral("compute_slices"), o.computeSlices);
        j.insert(QStringLiteral("media_extensions"), o.mediaExtensions);
    } else {
        j.insert(QStringLiteral("mps_percent"), o.mpsPercent);
    }
    if (!o.ok) {
        j.insert(QStringLiteral("error"), o.error);
    }
    return j;
}

// "LLM runtime vllm, weights w4a16" (native weights: "weights fp16 (native)").
QString llmServingLabel(const LlmServing &llm, Precision precision) {
    const QString runtime = llm.runtime ? llm.runtime->id : QStringLiteral("default");
    const QString weights = llm.weights.format == WeightFormat::Native
                                ? QStringLiteral("%1 (native)").arg(precisionName(precision))
                                : weightFormatName(llm.weights.format);
    return QStringLiteral("LLM runtime %1, weights %2").arg(runtime, weights);
}

}  // namespace

QJsonObject migPlanJson(const MigPlan &plan, const QString &model, const LlmServing *llm) {
    QJsonObject j;
    j.insert(QStringLiteral("model"), model);
    j.insert(QStringLiteral("gpu"), plan.gpu);
    QJsonObject host;
    host.insert(QStringLiteral("id"), plan.host.id);
    host.insert(QStringLiteral("name"), plan.host.name);
    host.insert(QStringLiteral("summary"), hostSummary(plan.host));
    j.insert(QStringLiteral("host"), host);
    j.insert(QStringLiteral("recommended"),
             plan.recommended >= 0 ? QJsonValue(plan.options[static_cast<std::size_t>(plan.recommended)].profile) : QJsonValue(QJsonValue::Null));
    j.insert(QStringLiteral("reason"), plan.reason);
    j.insert(QStringLiteral("dippm_rule"), plan.dippm >= 0 ? QJsonValue(plan.options[static_cast<std::size_t>(plan.dippm)].profile) : QJsonValue(QJsonValue::Null));
    j.insert(QStringLiteral("dippm_note"), plan.dippmNote);
    j.insert(QStringLiteral("recommended_mps"), plan.recommendedMps >= 0 ? QJsonValue(plan.mpsOptions[static_cast<std::size_t>(plan.recommendedMps)].profile)
                                                                     : QJsonValue(QJsonValue::Null));
    j.insert(QStringLiteral("slo_ms"), plan.sloMs ? QJsonValue(*plan.sloMs) : QJsonValue(QJsonValue::Null));
    j.insert(QStringLiteral("headroom"), plan.headroom);
    j.insert(QStringLiteral("batch"), static_cast<double>(plan.knobs.batch));
    j.insert(QStringLiteral("precision"), precisionName(plan.knobs.precision));
    j.insert(QStringLiteral("runtime"), runtimeName(plan.knobs.runtime));
    if (llm) {
        j.insert(QStringLiteral("llm_runtime"), llm->runtime ? QJsonValue(llm->runtime->id) : QJsonValue(QJsonValue::Null));
        j.insert(QStringLiteral("weights"), weightFormatName(llm->weights.format));
    }
    QJsonArray opts;
    for (const MigOption &o : plan.options) {
        opts.append(optionJson(o));
    }
    j.insert(QStringLiteral("options"), opts);
    QJsonArray mps;
    for (const MigOption &o : plan.mpsOptions) {
        mps.append(optionJson(o));
    }
    j.insert(QStringLiteral("mps_options"), mps);
    return j;
}

QString migPlanText(const MigPlan &plan, const QString &model, const LlmServing *llm) {
    QString out = model + QLatin1Char('\n');
    out += QStringLiteral("%1, batch %2, %3, %4%5; memory headroom %6 %%7\n\n")
               .arg(plan.gpuLabel)
               .arg(plan.knobs.batch)
               .arg(precisionName(plan.knobs.precision), runtimeName(plan.knobs.runtime),
                    llm ? QStringLiteral("; ") + llmServingLabel(*llm, plan.knobs.precision) : QString())
               .arg(plan.headroom * 100.0, 0, 'g', 3)
               .arg(plan.sloMs ? QStringLiteral(", SLO %1 ms").arg(*plan.sloMs) : QString());
    out.chop(1);  // the host line before the blank line
    out += QStringLiteral("host %1\n\n").arg(hostSummary(plan.host));
    out += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8\n")
               .arg(QStringLiteral("option"), -12)
               .arg(QStringLiteral("fits"), -5)
               .arg(QStringLiteral("memory MiB"), 12)
               .arg(QStringLiteral("usable MiB"), 11)
               .arg(QStringLiteral("latency ms"), 11)
               .arg(QStringLiteral("replicas"), 8)
               .arg(QStringLiteral("inf/s per GPU"), 14)
               .arg(QStringLiteral("J/inference"), 12);
    auto line = [](const MigOption &o) {
        if (!o.ok) {
            return QStringLiteral("%1 %2\n").arg(o.profile, -12).arg(o.error);
        }
        return QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8\n")
            .arg(o.profile, -12)
            .arg(o.fits ? QStringLiteral("yes") : QStringLiteral("no"), -5)
            .arg(o.memoryMib, 12, 'f', 0)
            .arg(o.usableMib, 11, 'f', 0)
            .arg(o.latencyMs, 11, 'f', 3)
            .arg(o.replicas, 8)
            .arg(o.throughputPerGpu, 14, 'f', 1)
            .arg(o.energyJ, 12, 'f', 4);
    };
    for (const MigOption &o : plan.options) {
        out += line(o);
    }
    for (const MigOption &o : plan.mpsOptions) {
        out += line(o);
    }
    out += QStringLiteral("\nRecommended: %1 (%2)\n")
               .arg(plan.recommended >= 0 ? plan.options[static_cast<std::size_t>(plan.recommended)].profile : QStringLiteral("none"), plan.reason);
    if (plan.recommendedMps >= 0) {
        out += QStringLiteral("Recommended MPS share: %1\n").arg(plan.mpsOptions[static_cast<std::size_t>(plan.recommendedMps)].label);
    }
    out += QStringLiteral("DIPPM's rule: %1 (%2)\n")
               .arg(plan.dippm >= 0 ? plan.options[static_cast<std::size_t>(plan.dippm)].profile : QStringLiteral("none"), plan.dippmNote);
    return out;
}

}  // namespace infersight
