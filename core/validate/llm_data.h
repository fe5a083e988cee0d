// SPDX-License-Identifier: MIT
// The published LLM decode measurements in data/llm (see data/llm/PROVENANCE.md): every row of
// llm_decode_published.csv resolved to what Infersight can predict — a GPU (built-in catalogue
// or data/llm/gpus/*.json), a model (zoo or data/llm/models/*.json), a runtime family and the
// runtime profile that predicts it, a weight format, the decode contexts (or the prompt of a
// time-to-first-token row) and the measured milliseconds — or the reason it cannot be used.
#pragma once

#include "base/result.h"
#include "hardware/gpu_catalogue.h"
#include "predict/weight_format.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace infersight {

enum class LlmRowUse : std::uint8_t {
    Fit,         // fitted on and reported (with leave-one-GPU-out)
    ReportOnly,  // predicted and reported, never fitted on (definition or reliability flagged)
    Excluded,    // cannot be predicted (GPU or model unresolved, multi-GPU, flagged impossible)
};
QString llmRowUseName(LlmRowUse use);  // "fit", "report", "excluded"

enum class LlmMetric : std::uint8_t {
    Tpot,  // mean decode time per output token (ms/token, or 1000 / decode tokens per second)
    Ttft,  // time to first token: prefill of the prompt
};

struct LlmMeasuredRow {
    int line = 0;                 // 1-based line in the CSV (header = 1)
    QString source;               // source_url
    QString sourceKey;            // short name of the source ("llama.cpp bench (XiongjieDai, May 2024)")
    QString modelName;            // as published
    QString gpuName;
    QString runtimeName;
    QString weightsName;
    double value = 0;             // as published
    QString metricName;

    // Resolved.
    LlmRowUse use = LlmRowUse::Excluded;
    QString reason;               // why ReportOnly / Excluded; assumptions made for Fit rows
    QString gpuId;                // catalogue or data/llm/gpus id
    QString modelSource;          // "zoo:llama-2-7b" or an absolute path to a config.json
    QString modelKey;             // short model name for tables ("llama-3-8b")
    QString family;               // runtime family: "llama.cpp", "hf-eager", "tinychat", "calm", ...
    QString profile;              // runtime profile that predicts it: "llama.cpp", "hf-eager", "fused"
    WeightFormat format = WeightFormat::FP16;
    LlmMetric metric = LlmMetric::Tpot;
    std::int64_t contextBegin = 0;  // Tpot: the KV cache holds contextBegin .. contextEnd - 1 tokens
    std::int64_t contextEnd = 0;    //       over the measured decode steps
    std::int64_t prompt = 0;        // Ttft: prompt tokens
    double measuredMs = 0;          // ms per output token (Tpot) or ms to the first token (Ttft)
};

struct LlmDataSet {
    std::vector<LlmMeasuredRow> rows;
    GpuCatalogue catalogue;  // built-in GPUs plus data/llm/gpus
    QStringList gpuFileErrors;  // data/llm/gpus files that did not load (their rows are left out)
    QString dataDir;
};

// Reads <dataDir>/llm/llm_decode_published.csv, data/llm/gpus and resolves every row.
Result<LlmDataSet> loadLlmData(const QString &dataDir);

// Resolution of the published strings (exposed for the tests).
QString llmGpuIdFor(const QString &publishedGpu, QString *reason);
QString llmModelFor(const QString &publishedModel, QString *modelKey, QString *reason);  // "zoo:..." or "models/<file>.json"
QString llmRuntimeFamilyFor(const QString &publishedRuntime);
QString llmProfileForFamily(const QString &family);  // "llama.cpp", "tinychat", "hf-eager" or "fused"
std::optional<WeightFormat> llmWeightFormatFor(const QString &publishedWeights);

}  // namespace infersight
