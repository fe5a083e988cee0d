// SPDX-License-Identifier: MIT
// The explorer's LLM settings (DesignSpec::llm) as the core's LlmServing: the runtime named, else
// the default of the knobs' lowering, and the weight format resolved at the knobs' precision. One
// function for the session's predictions and the MIG planner's KV capacity.
#pragma once

#include "design/knobs.h"
#include "explore/llm_serving.h"
#include "session/design_spec.h"

namespace infersight {

inline Result<LlmServing> llmServingOf(const LlmSettings &settings, const Knobs &knobs) {
    LlmServing serving;
    serving.runtime = settings.runtime.isEmpty() ? &defaultLlmRuntime(knobs.runtime) : findLlmRuntime(settings.runtime);
    if (!serving.runtime) {
        return Error{QStringLiteral("unknown LLM runtime '%1'").arg(settings.runtime)};
    }
    auto weights = resolveWeightFormat(settings.weights, knobs.precision, true);
    if (!weights) {
        return weights.error();
    }
    serving.weights = *weights;
    return serving;
}

}  // namespace infersight
