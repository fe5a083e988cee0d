// SPDX-License-Identifier: MIT
#include "report/llm_report.h"

#include <QJsonArray>
#include <QJsonObject>

namespace infersight {

namespace {

QString mib(double bytes) {
    return QString::number(bytes / 1048576.0, 'f', 0);
}

}  // namespace

QJsonObject llmRequestJson(const LlmRequestPrediction &r, const Target &target, const LlmServing &serving) {
    QJsonArray samples;
    for (const LlmDecodeSample &s : r.samples) {
        samples.append(QJsonObject{{QStringLiteral("context"), static_cast<qint64>(s.context)},
                                   {QStringLiteral("step_ms"), s.stepMs}});
    }
    return QJsonObject{
        {QStringLiteral("target"), target.key()},
        {QStringLiteral("runtime"), r.runtimeId},
        {QStringLiteral("weights"), weightFormatName(serving.weights.format)},
        {QStringLiteral("prompt"), static_cast<qint64>(r.request.prompt)},
        {QStringLiteral("output"), static_cast<qint64>(r.request.output)},
        {QStringLiteral("batch"), static_cast<qint64>(r.request.batch)},
        {QStringLiteral("ttft_ms"), r.ttftMs},
        {QStringLiteral("tpot_ms"), r.tpotMs},
        {QStringLiteral("e2e_ms"), r.e2eMs},
        {QStringLiteral("tokens_per_s_per_sequence"), r.tokensPerSecondPerSequence},
        {QStringLiteral("tokens_per_s_aggregate"), r.tokensPerSecondAggregate},
        {QStringLiteral("request_tokens_per_s"), r.requestTokensPerSecond},
        {QStringLiteral("decode_samples"), samples},
        {QStringLiteral("memory_at_end"), memoryToJson(r.memoryAtEnd)},
        {QStringLiteral("warnings"), QJsonArray::fromStringList(r.warnings)},
    };
}

QString llmRequestText(const LlmRequestPrediction &r, const Target &target, const LlmServing &serving) {
    QString out;
    out += QStringLiteral("LLM request on %1, runtime %2, weights %3\n")
               .arg(target.label(), r.runtimeId, weightFormatName(serving.weights.format));
    out += QStringLiteral("  prompt %1 tokens, output %2 tokens, batch %3\n")
               .arg(r.request.prompt)
               .arg(r.request.output)
               .arg(r.request.batch);
    out += QStringLiteral("  TTFT (prefill)        %1 ms\n").arg(r.ttftMs, 0, 'f', 2);
    if (r.samples.empty()) {
        out += QStringLiteral("  TPOT (mean decode)    none: a one-token output runs no decode step\n");
    } else {
        out += QStringLiteral("  TPOT (mean decode)    %1 ms per token\n").arg(r.tpotMs, 0, 'f', 2);
    }
    out += QStringLiteral("  end to end            %1 ms\n").arg(r.e2eMs, 0, 'f', 1);
    out += QStringLiteral("  tokens/s per sequence %1, aggregate %2, request (prefill included) %3\n")
               .arg(r.tokensPerSecondPerSequence, 0, 'f', 1)
               .arg(r.tokensPerSecondAggregate, 0, 'f', 1)
               .arg(r.requestTokensPerSecond, 0, 'f', 1);
    out += QStringLiteral("  decode step by context:");
    if (r.samples.empty()) {
        out += QStringLiteral(" none");
    }
    for (const LlmDecodeSample &s : r.samples) {
        out += QStringLiteral(" %1: %2 ms;").arg(s.context).arg(s.stepMs, 0, 'f', 2);
    }
    out += QLatin1Char('\n');
    out += QStringLiteral("  memory at the last step %1 MiB of %2 MiB (weights %3, KV cache %4)%5\n")
               .arg(mib(r.memoryAtEnd.deviceUsedBytes), mib(r.memoryAtEnd.capacityBytes), mib(r.memoryAtEnd.weightsBytes),
                    mib(r.memoryAtEnd.kvCacheBytes), r.memoryAtEnd.fits ? QString() : QStringLiteral(": does not fit"));
    for (const QString &w : r.warnings) {
        out += QStringLiteral("warning: %1\n").arg(w);
    }
    return out;
}


// KV capacity of the whole GPU and of every MIG profile at `context` tokens per sequence.
std::vector<KvCapacityRow> kvCapacities(const Design &design, const GpuSpec &gpu, std::int64_t context, const LlmServing &serving) {
    std::vector<KvCapacityRow> rows;
    rows.push_back(KvCapacityRow{QStringLiteral("whole GPU"), llmKvCapacity(design, Target::wholeGpu(gpu), context, serving)});
    for (const MigProfile &p : gpu.mig) {
        auto target = Target::make(gpu, p.name);
        if (!target) {
            rows.push_back(KvCapacityRow{p.name, target.error()});
            continue;
        }
        rows.push_back(KvCapacityRow{p.name, llmKvCapacity(design, *target, context, serving)});
    }
    return rows;
}

QString kvCapacityText(const std::vector<KvCapacityRow> &rows, std::int64_t context, const LlmServing &serving) {
    QString out = QStringLiteral("\nKV capacity at %1 tokens per sequence (runtime %2, weights %3, KV blocks of %4 tokens):\n")
                      .arg(context)
                      .arg(serving.runtime->id, weightFormatName(serving.weights.format))
                      .arg(serving.runtime->kvBlockTokens);
    out += QStringLiteral("  %1 %2 %3 %4 %5 %6\n")
               .arg(QStringLiteral("profile"), -12)
               .arg(QStringLiteral("weights MiB"), 12)
               .arg(QStringLiteral("KV budget MiB"), 14)
               .arg(QStringLiteral("KV KiB/token"), 13)
               .arg(QStringLiteral("sequences"), 10)
               .arg(QStringLiteral("max context (1 seq)"), 20);
    for (const KvCapacityRow &r : rows) {
        if (!r.capacity) {
            out += QStringLiteral("  %1 error: %2\n").arg(r.profile, -12).arg(r.capacity.errorMessage());
            continue;
        }
        const LlmKvCapacity &c = *r.capacity;
        out += QStringLiteral("  %1 %2 %3 %4 %5 %6\n")
                   .arg(r.profile, -12)
                   .arg(c.weightsBytes / 1048576.0, 12, 'f', 0)
                   .arg(c.weightsFit ? QString::number(c.kvBudgetBytes / 1048576.0, 'f', 0) : QStringLiteral("weights do not fit"), 14)
                   .arg(c.kvBytesPerToken / 1024.0, 13, 'f', 1)
                   .arg(c.maxSequences, 10)
                   .arg(c.maxContextOneSequence, 20);
    }
    return out;
}

QJsonArray kvCapacityJson(const std::vector<KvCapacityRow> &rows) {
    QJsonArray out;
    for (const KvCapacityRow &r : rows) {
        if (!r.capacity) {
            out.append(QJsonObject{{QStringLiteral("profile"), r.profile}, {QStringLiteral("error"), r.capacity.errorMessage()}});
            continue;
        }
        const LlmKvCapacity &c = *r.capacity;
        out.append(QJsonObject{
            {QStringLiteral("profile"), r.profile},
            {QStringLiteral("context"), static_cast<qint64>(c.context)},
            {QStringLiteral("capacity_mib"), c.capacityBytes / 1048576.0},
            {QStringLiteral("runtime_mib"), c.runtimeBytes / 1048576.0},
            {QStringLiteral("weights_mib"), c.weightsBytes / 1048576.0},
            {QStringLiteral("overhead_mib"), c.overheadBytes / 1048576.0},
            {QStringLiteral("kv_budget_mib"), c.kvBudgetBytes / 1048576.0},
            {QStringLiteral("kv_bytes_per_token"), c.kvBytesPerToken},
            {QStringLiteral("kv_block_tokens"), static_cast<qint64>(c.kvBlockTokens)},
            {QStringLiteral("weights_fit"), c.weightsFit},
            {QStringLiteral("max_sequences"), static_cast<qint64>(c.maxSequences)},
            {QStringLiteral("max_context_one_sequence"), static_cast<qint64>(c.maxContextOneSequence)},
        });
    }
    return out;
}

}  // namespace infersight
