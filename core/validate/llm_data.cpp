// SPDX-License-Identifier: MIT
#include "validate/llm_data.h"

#include "validate/measured_data.h"

#include <QDir>
#include <QRegularExpression>

#include <array>

namespace infersight {

QString llmRowUseName(LlmRowUse use) {
    switch (use) {
    case LlmRowUse::Fit: return QStringLiteral("fit");
    case LlmRowUse::ReportOnly: return QStringLiteral("report");
    case LlmRowUse::Excluded: return QStringLiteral("excluded");
    }
    return QStringLiteral("excluded");
}

namespace {

struct Pair {
    const char *published;
    const char *id;
};

// GPU names as the sources print them -> catalogue / data/llm/gpus ids.
constexpr std::array<Pair, 29> kGpus = {{
    {"RTX 4090", "rtx-4090"},
    {"RTX 4090 24GB", "rtx-4090"},
    {"RTX A6000", "rtx-a6000"},
    {"RTX A6000 48GB", "rtx-a6000"},
    {"Jetson AGX Orin", "jetson-agx-orin-64gb"},
    {"A100 80GB", "a100-sxm4-80gb"},
    {"RTX 6000 Ada 48GB", "rtx-6000-ada"},
    {"RTX 6000 Ada", "rtx-6000-ada"},
    {"H100 PCIe 80GB", "h100-pcie-80gb"},
    {"RTX 5000 Ada 32GB", "rtx-5000-ada"},
    {"A40 48GB", "a40"},
    {"L40S 48GB", "l40s"},
    {"L40S", "l40s"},
    {"A100 PCIe 80GB", "a100-pcie-80gb"},
    {"A100 80GB PCIe", "a100-pcie-80gb"},
    {"A100 SXM 80GB", "a100-sxm4-80gb"},
    {"A100-SXM 80GB", "a100-sxm4-80gb"},
    {"A100-SXM4-80GB", "a100-sxm4-80gb"},
    {"RTX 3090 24GB", "rtx-3090"},
    {"RTX 3090", "rtx-3090"},
    {"RTX 4000 Ada 20GB", "rtx-4000-ada"},
    {"RTX 4080 16GB", "rtx-4080"},
    {"RTX 3090 Ti", "rtx-3090-ti"},
    {"H100-SXM 80GB", "h100-sxm5-80gb"},
    {"H100 SXM", "h100-sxm5-80gb"},
    {"RTX 3070 8GB", "rtx-3070"},
    {"RTX 3080 10GB", "rtx-3080"},
    {"RTX 3080 Ti 12GB", "rtx-3080-ti"},
    {"RTX 4070 Ti 12GB", "rtx-4070-ti"},
}};

struct ModelPair {
    const char *published;
    const char *source;  // "zoo:..." or "models/<file>.json" under data/llm
    const char *key;
};

constexpr std::array<ModelPair, 19> kModels = {{
    {"Llama-2-7B", "zoo:llama-2-7b", "llama-2-7b"},
    {"Vicuna-7B", "zoo:llama-2-7b", "vicuna-7b"},
    {"Llama-2-7B-chat (h2ogpt-4096-llama2-7b-chat)", "zoo:llama-2-7b", "llama-2-7b-chat"},
    {"Llama-2-13B", "zoo:llama-2-13b", "llama-2-13b"},
    {"Vicuna-13B", "zoo:llama-2-13b", "vicuna-13b"},
    {"Llama-2-70B", "zoo:llama-2-70b", "llama-2-70b"},
    {"Mistral-7B", "zoo:mistral-7b", "mistral-7b"},
    {"Llama-3-8B", "models/llama-3-8b.json", "llama-3-8b"},
    {"Llama-3-70B", "models/llama-3-70b.json", "llama-3-70b"},
    {"LLaMA-7B", "models/llama-7b.json", "llama-7b"},
    {"Llama-7B", "models/llama-7b.json", "llama-7b"},
    {"Llama-7B (codellama-7b)", "models/codellama-7b.json", "codellama-7b"},
    {"CodeLlama-34B", "models/codellama-34b.json", "codellama-34b"},
    {"Yi-34B", "models/yi-34b.json", "yi-34b"},
    {"Mistral-7B-v0.2", "models/mistral-7b-v0.2.json", "mistral-7b-v0.2"},
    {"GPT-J-6B", "models/gpt-j-6b.json", "gpt-j-6b"},
    {"Falcon-7B", "models/falcon-7b.json", "falcon-7b"},
    {"MPT-7B", "models/mpt-7b.json", "mpt-7b"},
    {"Mixtral-8x7B", "models/mixtral-8x7b.json", "mixtral-8x7b"},
}};

QString sourceKeyOf(const QString &url) {
    if (url.contains(QLatin1String("XiongjieDai")) && url.contains(QLatin1String("aa72e0e"))) {
        return QStringLiteral("XiongjieDai llama-bench (May 2024)");
    }
    if (url.contains(QLatin1String("XiongjieDai"))) {
        return QStringLiteral("XiongjieDai llama.cpp ./main (Dec 2023)");
    }
    if (url.contains(QLatin1String("llm-awq"))) {
        return url.contains(QLatin1String("148055504")) ? QStringLiteral("TinyChat README (Sep 2023)")
               : url.contains(QLatin1String("b76fab62")) ? QStringLiteral("TinyChat README (Apr 2024)")
                                                           : QStringLiteral("TinyChat 2.0 README");
    }
    if (url.contains(QLatin1String("zeux/calm"))) {
        return QStringLiteral("calm README");
    }
    if (url.contains(QLatin1String("premAI"))) {
        return QStringLiteral("premAI benchmarks");
    }
    if (url.contains(QLatin1String("mlc-ai"))) {
        return QStringLiteral("MLC llm-perf-bench");
    }
    if (url.contains(QLatin1String("janhq"))) {
        return QStringLiteral("Jan TensorRT-LLM blog");
    }
    if (url.contains(QLatin1String("TensorRT-LLM"))) {
        return url.contains(QLatin1String("H100vsA100")) ? QStringLiteral("TensorRT-LLM H100 vs A100 blog")
                                                           : QStringLiteral("TensorRT-LLM v0.5 performance.md");
    }
    if (url.contains(QLatin1String("h2ogpt"))) {
        return QStringLiteral("h2oGPT perf.md");
    }
    if (url.contains(QLatin1String("llama.cpp/pull"))) {
        return QStringLiteral("llama.cpp pull request");
    }
    return url;
}

}  // namespace

QString llmGpuIdFor(const QString &publishedGpu, QString *reason) {
    const QString g = publishedGpu.trimmed();
    static const QRegularExpression multi(QStringLiteral("^\\d+x "));
    if (multi.match(g).hasMatch()) {
        if (reason) {
            *reason = QStringLiteral("multi-GPU (tensor parallel): Infersight predicts one GPU");
        }
        return {};
    }
    for (const Pair &p : kGpus) {
        if (g == QLatin1String(p.published)) {
            if (reason && g == QLatin1String("A100 80GB")) {
                *reason = QStringLiteral("form factor not stated: taken as SXM4 (a PCIe card has 5 % less bandwidth)");
            } else if (reason && g == QLatin1String("Jetson AGX Orin")) {
                *reason = QStringLiteral("module not stated: taken as AGX Orin 64GB (the 32GB module has the same 204.8 GB/s)");
            }
            return QString::fromLatin1(p.id);
        }
    }
    if (reason) {
        *reason = g.contains(QLatin1String("not stated")) ? QStringLiteral("GPU variant not stated (memory size and form factor unknown)")
                                                          : QStringLiteral("GPU '%1' is not described").arg(g);
    }
    return {};
}

QString llmModelFor(const QString &publishedModel, QString *modelKey, QString *reason) {
    const QString m = publishedModel.trimmed();
    for (const ModelPair &p : kModels) {
        if (m == QLatin1String(p.published)) {
            if (modelKey) {
                *modelKey = QString::fromLatin1(p.key);
            }
            return QString::fromLatin1(p.source);
        }
    }
    if (modelKey) {
        *modelKey = m.toLower();
    }
    if (reason) {
        *reason = QStringLiteral("architecture '%1' has no builder").arg(m);
    }
    return {};
}

QString llmRuntimeFamilyFor(const QString &publishedRuntime) {
    const QString r = publishedRuntime.toLower();
    static const std::array<Pair, 14> families = {{
        {"llama.cpp", "llama.cpp"},
        {"hf transformers", "hf-eager"},
        {"tinychat", "tinychat"},
        {"calm", "calm"},
        {"mlc llm", "mlc-llm"},
        {"exllamav2", "exllamav2"},
        {"vllm", "vllm"},
        {"tensorrt-llm", "trt-llm"},
        {"deepspeed-mii", "deepspeed-mii"},
        {"ctranslate2", "ctranslate2"},
        {"optimum-nvidia", "optimum-nvidia"},
        {"onnx runtime", "onnxruntime"},
        {"pytorch lightning", "lightning"},
        {"autoawq", "autoawq"},
    }};
    for (const Pair &p : families) {
        if (r.startsWith(QLatin1String(p.published)) || r.contains(QLatin1String(p.published))) {
            return QString::fromLatin1(p.id);
        }
    }
    return r;
}

QString llmProfileForFamily(const QString &family) {
    if (family == QLatin1String("llama.cpp") || family == QLatin1String("tinychat")) {
        return family;
    }
    if (family == QLatin1String("hf-eager") || family == QLatin1String("lightning") || family == QLatin1String("autoawq") ||
        family == QLatin1String("onnxruntime")) {
        return QStringLiteral("hf-eager");
    }
    return QStringLiteral("fused");
}

std::optional<WeightFormat> llmWeightFormatFor(const QString &publishedWeights) {
    const QString w = publishedWeights.toLower();
    if (w.contains(QLatin1String("q4_k"))) {
        return WeightFormat::GgufQ4K;
    }
    if (w.contains(QLatin1String("q4_0")) || w.contains(QLatin1String("gguf 4-bit"))) {
        return WeightFormat::GgufQ4_0;
    }
    if (w.contains(QLatin1String("q8_0"))) {
        return WeightFormat::GgufQ8_0;
    }
    if (w.contains(QLatin1String("awq")) || w.contains(QLatin1String("gptq")) || w.contains(QLatin1String("exl2")) ||
        w.contains(QLatin1String("q4f16")) || w.contains(QLatin1String("gf4")) || w.trimmed() == QLatin1String("int4")) {
        return WeightFormat::W4A16;
    }
    if (w.startsWith(QLatin1String("fp8"))) {
        return WeightFormat::FP8;
    }
    if (w.startsWith(QLatin1String("fp16")) || w.startsWith(QLatin1String("16-bit")) || w == QLatin1String("f16")) {
        return WeightFormat::FP16;
    }
    return std::nullopt;  // fp32 (premAI's HF row): not a deployed LLM weight format here
}

namespace {

// Decode contexts of a row: [begin, end) tokens in the KV cache over the measured steps.
// Returns an assumption note when the source does not state them.
QString resolveContexts(LlmMeasuredRow &row, const QString &prompt, const QString &output, const QString &notes) {
    static const QRegularExpression tg(QStringLiteral("^tg(\\d+)"));
    const QRegularExpressionMatch m = tg.match(output.trimmed());
    if (m.hasMatch()) {
        row.contextBegin = 0;
        row.contextEnd = m.captured(1).toLongLong();
        return {};
    }
    if (row.sourceKey.contains(QLatin1String("./main"))) {
        row.contextBegin = 494;  // notes: prompt 494 tokens, -n 1024
        row.contextEnd = 494 + 1024;
        return {};
    }
    if (output.contains(QLatin1String("ctx offset 4000"))) {
        row.contextBegin = 4000;
        row.contextEnd = 4032;
        return {};
    }
    if (output.startsWith(QLatin1String("first 32"))) {
        row.contextBegin = 0;
        row.contextEnd = 32;
        return {};
    }
    bool okP = false, okN = false;
    QString p = prompt.trimmed();
    p.remove(QLatin1Char('~'));
    const std::int64_t promptTokens = p.toLongLong(&okP);
    const std::int64_t outputTokens = output.trimmed().toLongLong(&okN);
    if (okP && okN) {
        row.contextBegin = promptTokens;
        row.contextEnd = promptTokens + outputTokens;
        return {};
    }
    if (row.sourceKey.startsWith(QLatin1String("TinyChat"))) {
        // Prompt and output lengths not stated; TinyChat 2.0 says "4 context tokens" (exLLaMA-style).
        const bool longPrompt = notes.contains(QLatin1String(">500-token prompt")) && row.modelKey == QLatin1String("llama-2-7b");
        row.contextBegin = longPrompt ? 500 : 4;
        row.contextEnd = row.contextBegin + 128;
        return longPrompt ? QStringLiteral("prompt > 500 tokens: contexts 500..628 assumed")
                          : QStringLiteral("prompt and output not stated: contexts 4..132 assumed");
    }
    row.contextBegin = 100;
    row.contextEnd = 356;
    return QStringLiteral("prompt and output not stated: contexts 100..356 assumed");
}

}  // namespace

Result<LlmDataSet> loadLlmData(const QString &dataDir) {
    LlmDataSet set;
    set.dataDir = dataDir;
    const QString llmDir = QDir(dataDir).filePath(QStringLiteral("llm"));
    Result<CsvTable> table = readCsv(QDir(llmDir).filePath(QStringLiteral("llm_decode_published.csv")));
    if (!table) {
        return Error{table.errorMessage()};
    }
    set.catalogue = GpuCatalogue::builtIn();
    // A GPU file that does not load leaves its rows out (with the loader's error), not the whole set.
    set.gpuFileErrors = set.catalogue.addGpuDirectory(QDir(llmDir).filePath(QStringLiteral("gpus")));
    const CsvTable &t = *table;
    const QStringList needed = {QStringLiteral("source_url"), QStringLiteral("model"), QStringLiteral("gpu"),
                                QStringLiteral("runtime"), QStringLiteral("weights_dtype"), QStringLiteral("batch"),
                                QStringLiteral("prompt_tokens"), QStringLiteral("output_tokens_or_context"),
                                QStringLiteral("metric"), QStringLiteral("value"), QStringLiteral("notes")};
    for (const QString &c : needed) {
        if (t.column(c) < 0) {
            return Error{QStringLiteral("%1: column '%2' missing").arg(QDir(llmDir).filePath(QStringLiteral("llm_decode_published.csv")), c)};
        }
    }
    const int cSource = t.column(QStringLiteral("source_url")), cModel = t.column(QStringLiteral("model")),
              cGpu = t.column(QStringLiteral("gpu")), cRuntime = t.column(QStringLiteral("runtime")),
              cWeights = t.column(QStringLiteral("weights_dtype")), cBatch = t.column(QStringLiteral("batch")),
              cPrompt = t.column(QStringLiteral("prompt_tokens")), cOutput = t.column(QStringLiteral("output_tokens_or_context")),
              cMetric = t.column(QStringLiteral("metric")), cValue = t.column(QStringLiteral("value")),
              cNotes = t.column(QStringLiteral("notes"));
    int line = 1;
    for (const QStringList &r : t.rows) {
        ++line;
        LlmMeasuredRow row;
        row.line = line;
        row.source = r[cSource];
        row.sourceKey = sourceKeyOf(row.source);
        row.modelName = r[cModel];
        row.gpuName = r[cGpu];
        row.runtimeName = r[cRuntime];
        row.weightsName = r[cWeights];
        row.metricName = r[cMetric];
        row.value = r[cValue].toDouble();
        const QString notes = r[cNotes];
        row.family = llmRuntimeFamilyFor(row.runtimeName);
        row.profile = llmProfileForFamily(row.family);
        QStringList assumptions;
        auto exclude = [&](const QString &why) {
            row.use = LlmRowUse::Excluded;
            row.reason = why;
            set.rows.push_back(row);
        };
        if (notes.contains(QLatin1String("do not use"))) {
            exclude(QStringLiteral("flagged in the data as exceeding the GPU's bandwidth roofline"));
            continue;
        }
        if (r[cBatch].trimmed() != QLatin1String("1")) {
            exclude(QStringLiteral("batch %1: only batch-1 rows are resolved").arg(r[cBatch]));
            continue;
        }
        QString why;
        row.gpuId = llmGpuIdFor(row.gpuName, &why);
        if (row.gpuId.isEmpty()) {
            exclude(why);
            continue;
        }
        if (!set.catalogue.find(row.gpuId)) {
            exclude(QStringLiteral("GPU '%1' did not load: %2").arg(row.gpuId, set.gpuFileErrors.join(QStringLiteral("; "))));
            continue;
        }
        if (!why.isEmpty()) {
            assumptions << why;
        }
        why.clear();
        const QString model = llmModelFor(row.modelName, &row.modelKey, &why);
        if (model.isEmpty()) {
            exclude(why);
            continue;
        }
        row.modelSource = model.startsWith(QLatin1String("zoo:")) ? model : QDir(llmDir).filePath(model);
        const std::optional<WeightFormat> format = llmWeightFormatFor(row.weightsName);
        if (!format) {
            exclude(QStringLiteral("weights '%1' are not a deployed format here").arg(row.weightsName));
            continue;
        }
        row.format = *format;
        if (row.metricName == QLatin1String("ttft_ms")) {
            row.metric = LlmMetric::Ttft;
            bool ok = false;
            row.prompt = r[cPrompt].trimmed().toLongLong(&ok);
            if (!ok || row.prompt < 1) {
                exclude(QStringLiteral("prompt length '%1' not stated").arg(r[cPrompt]));
                continue;
            }
            row.measuredMs = row.value;
        } else if (row.metricName == QLatin1String("ms_per_output_token") ||
                   row.metricName == QLatin1String("tokens_per_s_decode")) {
            row.metric = LlmMetric::Tpot;
            row.measuredMs = row.metricName == QLatin1String("ms_per_output_token") ? row.value : 1000.0 / row.value;
            const QString note = resolveContexts(row, r[cPrompt], r[cOutput], notes);
            if (!note.isEmpty()) {
                assumptions << note;
            }
        } else {
            exclude(QStringLiteral("metric '%1' is not resolved").arg(row.metricName));
            continue;
        }
        if (!(row.measuredMs > 0)) {
            exclude(QStringLiteral("value '%1' is not a positive number").arg(r[cValue]));
            continue;
        }
        row.use = LlmRowUse::Fit;
        if (row.sourceKey == QLatin1String("premAI benchmarks")) {
            row.use = LlmRowUse::ReportOnly;
            assumptions.prepend(QStringLiteral("premAI: tokens/s definition engine-specific (may include prefill)"));
        } else if (row.sourceKey == QLatin1String("h2oGPT perf.md")) {
            row.use = LlmRowUse::ReportOnly;
            assumptions.prepend(QStringLiteral("h2oGPT: settings not documented, flagged low reliability"));
        } else if (row.sourceKey == QLatin1String("TensorRT-LLM H100 vs A100 blog") && row.metric != LlmMetric::Ttft) {
            // Its batch-1 "tokens/s" comes with no output length ('-'): whether the prefill of the
            // 128-token prompt is inside is not stated (data/llm/PROVENANCE.md: definition uncertain).
            row.use = LlmRowUse::ReportOnly;
            assumptions.prepend(QStringLiteral("TensorRT-LLM blog: tokens/s definition not stated (output length '-')"));
        } else if (row.metric == LlmMetric::Ttft) {
            row.use = LlmRowUse::ReportOnly;
            assumptions.prepend(QStringLiteral("time to first token (prefill): checked, not fitted"));
        }
        row.reason = assumptions.join(QStringLiteral("; "));
        set.rows.push_back(row);
    }
    return set;
}

}  // namespace infersight
