// SPDX-License-Identifier: MIT
#include "explore/llm_serving.h"

#include <algorithm>
#include <cmath>

namespace infersight {

namespace {

const LlmRuntime &runtimeOf(const Design &design, const LlmServing &serving) {
    return serving.runtime ? *serving.runtime : defaultLlmRuntime(design.knobs().runtime);
}

// The knobs of the design with the serving's runtime lowering and the weight format's precision.
Knobs servingKnobs(const Design &design, const LlmServing &serving) {
    Knobs k = design.knobs();
    k.runtime = runtimeOf(design, serving).lowering;
    if (serving.weights.format != WeightFormat::Native) {
        k.precision = serving.weights.precision;
    }
    return k;
}

Result<Prediction> predictAt(const Design &design, const Target &target, const Knobs &knobs, const LlmServing &serving,
                             bool decode) {
    Design d = design;
    if (Status s = d.setKnobs(knobs); !s) {
        // Rebuilt models' messages already name their source (the file, or zoo:<name>).
        if (s.errorMessage().startsWith(design.source())) {
            return Error{s.errorMessage()};
        }
        return Error{QStringLiteral("%1: %2").arg(design.source(), s.errorMessage())};
    }
    PredictOptions po;
    po.batch = knobs.batch;
    po.keepKernels = false;
    po.keepNodes = false;
    po.weights = serving.weights;
    po.llmRuntime = decode ? &runtimeOf(design, serving) : nullptr;
    return predict(d.graph(), target, d.knobs(), po, d.nodePrecisions());
}

}  // namespace

Result<Prediction> predictDecodeStep(const Design &design, const Target &target, std::int64_t batch,
                                     std::int64_t context, const LlmServing &serving) {
    if (batch < 1 || context < 1) {
        return Error{QStringLiteral("a decode step needs a batch and a context of at least 1 (got batch %1, context %2)")
                         .arg(batch)
                         .arg(context)};
    }
    Knobs k = servingKnobs(design, serving);
    k.batch = batch;
    k.phase = DecoderPhase::Decode;
    k.sequence = 1;
    k.context = context;
    return predictAt(design, target, k, serving, true);
}

Result<LlmRequestPrediction> predictLlmRequest(const Design &design, const Target &target, const LlmRequest &request,
                                               const LlmServing &serving) {
    if (request.prompt < 1 || request.output < 1 || request.batch < 1) {
        return Error{QStringLiteral("an LLM request needs a prompt, an output and a batch of at least 1 token / sequence "
                                    "(got prompt %1, output %2, batch %3)")
                         .arg(request.prompt)
                         .arg(request.output)
                         .arg(request.batch)};
    }
    LlmRequestPrediction r;
    r.request = request;
    r.runtimeId = runtimeOf(design, serving).id;

    Knobs pk = servingKnobs(design, serving);
    pk.batch = request.batch;
    pk.phase = DecoderPhase::Prefill;
    pk.sequence = request.prompt;
    pk.context = -1;
    auto prefill = predictAt(design, target, pk, serving, false);
    if (!prefill) {
        return prefill.error();
    }
    r.prefill = *prefill;
    r.ttftMs = prefill->latencyMs;

    // Decode steps after the first token: the KV cache holds prompt .. prompt + output - 2 tokens.
    const std::int64_t first = request.prompt;
    const std::int64_t last = request.prompt + std::max<std::int64_t>(0, request.output - 2);
    std::vector<std::int64_t> contexts{first};
    if (last > first) {
        contexts.push_back(first + (last - first) / 2);
        contexts.push_back(last);
    }
    for (std::int64_t c : contexts) {
        auto step = predictDecodeStep(design, target, request.batch, c, serving);
        if (!step) {
            if (request.output == 1) {
                // A one-token request runs no decode step (prefill gives the token); the step that
                // would follow may pass the model's position limit (TTFT of a full-window prompt).
                break;
            }
            return step.error();
        }
        r.samples.push_back({c, step->latencyMs});
        r.memoryAtEnd = step->memory;
        for (const QString &w : step->warnings) {
            if (!r.warnings.contains(w)) {
                r.warnings << w;
            }
        }
    }
    if (r.samples.empty()) {
        r.tpotMs = 0.0;  // no decode step: TPOT is not defined, tokens/s below stay 0
        r.memoryAtEnd = prefill->memory;
    } else if (r.samples.size() == 1) {
        r.tpotMs = r.samples[0].stepMs;
    } else {
        // Simpson's rule over [first, last] (the midpoint is exact up to integer rounding).
        r.tpotMs = (r.samples[0].stepMs + 4.0 * r.samples[1].stepMs + r.samples[2].stepMs) / 6.0;
    }
    r.e2eMs = r.ttftMs + static_cast<double>(request.output - 1) * r.tpotMs;
    const double b = static_cast<double>(request.batch);
    r.tokensPerSecondPerSequence = r.tpotMs > 0 ? 1000.0 / r.tpotMs : 0.0;
    r.tokensPerSecondAggregate = b * r.tokensPerSecondPerSequence;
    r.requestTokensPerSecond = r.e2eMs > 0 ? b * static_cast<double>(request.output) * 1000.0 / r.e2eMs : 0.0;
    return r;
}

Result<LlmKvCapacity> llmKvCapacity(const Design &design, const Target &target, std::int64_t context,
                                    const LlmServing &serving) {
    if (context < 1) {
        return Error{QStringLiteral("KV capacity needs a context of at least 1 token (got %1)").arg(context)};
    }
    const LlmRuntime &runtime = runtimeOf(design, serving);
    // Two decode steps of one sequence give the weights, the fixed overheads and the KV bytes per
    // token (the second at half the context, so a model's position limit is never passed).
    auto a = predictDecodeStep(design, target, 1, context, serving);
    if (!a) {
        return a.error();
    }
    const std::int64_t other = context >= 2 ? context / 2 : context + 1;
    auto b = predictDecodeStep(design, target, 1, other, serving);
    if (!b) {
        return b.error();
    }
    LlmKvCapacity cap;
    cap.context = context;
    cap.kvBlockTokens = std::max(1, runtime.kvBlockTokens);
    cap.capacityBytes = a->memory.capacityBytes > 0 ? a->memory.capacityBytes : target.memoryBytes();
    cap.runtimeBytes = cap.capacityBytes * runtime.memoryFraction;
    cap.weightsBytes = a->memory.weightsBytes;
    cap.kvBytesPerToken = std::max(0.0, (a->memory.kvCacheBytes - b->memory.kvCacheBytes) / static_cast<double>(context - other));
    cap.overheadBytes = std::max(0.0, a->memory.deviceUsedBytes - a->memory.weightsBytes - a->memory.kvCacheBytes);
    cap.kvBudgetBytes = cap.runtimeBytes - cap.weightsBytes - cap.overheadBytes;
    cap.weightsFit = cap.kvBudgetBytes > 0;
    const std::int64_t block = cap.kvBlockTokens;
    cap.tokensPerSequence = (context + block - 1) / block * block;
    if (cap.weightsFit && cap.kvBytesPerToken > 0) {
        const double perSequence = static_cast<double>(cap.tokensPerSequence) * cap.kvBytesPerToken;
        cap.maxSequences = static_cast<std::int64_t>(std::floor(cap.kvBudgetBytes / perSequence));
        const auto tokens = static_cast<std::int64_t>(std::floor(cap.kvBudgetBytes / cap.kvBytesPerToken));
        cap.maxContextOneSequence = tokens / block * block;
    }
    return cap;
}

}  // namespace infersight
