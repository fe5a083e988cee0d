// SPDX-License-Identifier: MIT
// Writers of the LLM serving figures (core/explore/llm_serving.h): a request's TTFT, TPOT,
// end-to-end latency and token rates (`predict --prompt P --output N`), and the KV capacity of a
// GPU and its MIG profiles (`mig --kv-context C`), as text and JSON.
#pragma once

#include "base/result.h"
#include "explore/llm_serving.h"
#include "hardware/gpu_spec.h"
#include "hardware/target.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <vector>

namespace infersight {

QJsonObject llmRequestJson(const LlmRequestPrediction &r, const Target &target, const LlmServing &serving);
QString llmRequestText(const LlmRequestPrediction &r, const Target &target, const LlmServing &serving);

// The KV capacity of one option (the whole GPU or a MIG profile), or why it could not be computed.
struct KvCapacityRow {
    QString profile;
    Result<LlmKvCapacity> capacity;
};
// The whole GPU and every MIG profile of `gpu` at `context` tokens per sequence.
std::vector<KvCapacityRow> kvCapacities(const Design &design, const GpuSpec &gpu, std::int64_t context, const LlmServing &serving);
QString kvCapacityText(const std::vector<KvCapacityRow> &rows, std::int64_t context, const LlmServing &serving);
QJsonArray kvCapacityJson(const std::vector<KvCapacityRow> &rows);

}  // namespace infersight
