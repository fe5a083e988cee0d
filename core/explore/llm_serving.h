// SPDX-License-Identifier: MIT
// LLM serving questions answered on the real predictor (issue 18):
//
//  * a request: a prompt of P tokens, N output tokens, B sequences in the batch. TTFT is the
//    prefill of the prompt (it produces the first token); TPOT is the mean decode step over the
//    N - 1 steps that follow (the KV cache holds P .. P + N - 2 tokens), integrated with
//    Simpson's rule over three decode predictions (a decode step is close to linear in context:
//    weights are fixed, the KV read grows by one token per step); end-to-end = TTFT + (N - 1) TPOT.
//  * KV capacity of a GPU or MIG slice: the sequences of a given context that fit beside the
//    weights, with the runtime's KV block granularity and memory reserve (llm_runtime.h).
//
// Both take a Design (the model at its knobs; a copy is re-bound per prediction) so that the CLI,
// the explorer and the MIG planner ask the same function.
#pragma once

#include "base/result.h"
#include "design/design.h"
#include "hardware/target.h"
#include "predict/llm_runtime.h"
#include "predict/predictor.h"
#include "predict/weight_format.h"

#include <cstdint>
#include <vector>

namespace infersight {

// How an LLM is served: the runtime (decode class, host costs, KV allocation) and the weight format.
struct LlmServing {
    const LlmRuntime *runtime = nullptr;  // null: defaultLlmRuntime(design knobs' runtime)
    ResolvedWeightFormat weights;         // Native: the knobs' precision
};

struct LlmRequest {
    std::int64_t prompt = 128;  // P tokens in the prompt (prefill)
    std::int64_t output = 128;  // N tokens generated (the first by the prefill)
    std::int64_t batch = 1;     // sequences served together (same P and N)
};

struct LlmDecodeSample {
    std::int64_t context = 0;  // tokens in the KV cache
    double stepMs = 0;         // one decode step of the whole batch
};

struct LlmRequestPrediction {
    LlmRequest request;
    QString runtimeId;
    double ttftMs = 0;                 // time to first token: prefill of the prompt
    double tpotMs = 0;                 // mean time per output token after the first
    double e2eMs = 0;                  // ttft + (output - 1) * tpot
    double tokensPerSecondPerSequence = 0;  // decode rate of one sequence: 1000 / tpot
    double tokensPerSecondAggregate = 0;    // batch * 1000 / tpot
    double requestTokensPerSecond = 0;      // batch * output tokens over e2e (prefill included)
    std::vector<LlmDecodeSample> samples;   // the decode predictions TPOT integrates
    Prediction prefill;                      // the prefill prediction (memory, kernels)
    MemoryEstimate memoryAtEnd;              // memory of the last decode step (largest KV cache)
    QStringList warnings;
};

// Predicts a request. The design must be a decoder with a KV cache (the decode phase must bind);
// errors name the model and what is wrong (prompt or output < 1, decode unsupported, precision).
Result<LlmRequestPrediction> predictLlmRequest(const Design &design, const Target &target, const LlmRequest &request,
                                               const LlmServing &serving = {});

// One decode step of the design at `batch` sequences holding `context` tokens each.
Result<Prediction> predictDecodeStep(const Design &design, const Target &target, std::int64_t batch,
                                     std::int64_t context, const LlmServing &serving = {});

struct LlmKvCapacity {
    double capacityBytes = 0;    // usable memory of the target (a MIG slice's)
    double runtimeBytes = 0;     // the runtime's share (memoryFraction of the capacity)
    double weightsBytes = 0;     // in the weight format
    double overheadBytes = 0;    // CUDA context, workspace, activations of one decode step
    double kvBudgetBytes = 0;    // what is left for the KV cache (< 0: the weights do not fit)
    double kvBytesPerToken = 0;  // one token of one sequence, all layers (K and V)
    std::int64_t context = 0;    // tokens per sequence asked about
    std::int64_t kvBlockTokens = 1;
    std::int64_t tokensPerSequence = 0;  // context rounded up to whole KV blocks
    std::int64_t maxSequences = 0;       // sequences of `context` tokens that fit (0: none)
    std::int64_t maxContextOneSequence = 0;  // longest KV cache of a single sequence (whole blocks)
    bool weightsFit = false;
};

// KV capacity of `target` for the design at `context` tokens per sequence.
Result<LlmKvCapacity> llmKvCapacity(const Design &design, const Target &target, std::int64_t context,
                                    const LlmServing &serving = {});

}  // namespace infersight
