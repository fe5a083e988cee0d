// SPDX-License-Identifier: MIT
// What `infersight-cli mig` prints for a MIG / MPS plan (explore/mig_planner.h), as JSON and as an
// aligned table with the recommendation and DIPPM's rule beside it.
#pragma once

#include "explore/llm_serving.h"
#include "explore/mig_planner.h"

#include <QJsonObject>
#include <QString>

namespace infersight {

// {"model" (the source planned for), "gpu", "recommended" (profile or null), "reason", "dippm_rule", "dippm_note", "recommended_mps",
//  "slo_ms", "headroom", "batch", "precision", "runtime",
//  "options": [{"profile", "fits", "memory_mb", "usable_mb", "budget_mb", "latency_ms",
//               "latency_low_ms", "latency_high_ms", "replicas", "throughput_per_instance",
//               "throughput_per_gpu", "energy_j", "meets_slo", "sms", "compute_slices",
//               "media_extensions" | "mps_percent", "error" (when not predicted)}],
//  "mps_options": [...]}   (values of an option that was not predicted are null)
// With `llm` (a decoder LLM planned with an LLM runtime and weight format) also "llm_runtime" (its
// id: "vllm", "hf-eager", ...) and "weights" (the weight format's name; "native" = the precision's
// storage).
QJsonObject migPlanJson(const MigPlan &plan, const QString &model, const LlmServing *llm = nullptr);
// The model, then one row per option (fits, memory, usable, latency, replicas, throughput per GPU,
// energy), then the recommendation, the MPS recommendation and DIPPM's rule. With `llm` the header
// names the LLM runtime and the weight format (mig --runtime / --weights).
QString migPlanText(const MigPlan &plan, const QString &model, const LlmServing *llm = nullptr);

}  // namespace infersight
