// SPDX-License-Identifier: MIT
// LLM serving runtimes as users name them, on top of the two generic lowerings (Runtime::Eager,
// Runtime::Fused; design/knobs.h):
//
//   hf-eager   Hugging Face transformers generate(): eager PyTorch, Python per-op host cost on
//              every decode step, the KV cache grown by torch.cat copies, no CUDA graphs
//              (the generic "eager" for LLMs)
//   vllm       vLLM: CUDA graphs for decode (per-kernel host cost ~0), paged KV in 16-token
//              blocks, fused attention / norms / activations, 90 % of device memory
//              (gpu_memory_utilization) for weights, activations and KV (the generic "fused")
//   trt-llm    TensorRT-LLM: the same kernel class, paged KV in 64-token blocks, 90 % of the free
//              memory for KV (kv_cache_free_gpu_mem_fraction)
//   tinychat   TinyChat (llm-awq): AWQ's W4A16 GEMV kernels, which stream 4-bit weights slower
//              than the vLLM class's; otherwise priced as vllm
//   llama.cpp  llama.cpp's CUDA backend (ggml): its own GEMV kernels (a per-SM streaming limit),
//              one host launch per kernel (no CUDA graphs in the measured builds), KV for the
//              whole context allocated up front
//
// A runtime gives the decode step its host cost (per step, per op, per kernel launch), the decode
// kernel class its efficiencies (decode_model.h) and the KV cache its allocation rules (block
// size, memory reserve). The efficiencies and host costs are fitted on data/llm by
// `infersight-cli validate --fit-llm` (core/validate/llm_validation.h); llm_runtime.cpp names
// the rows and the command behind every number.
#pragma once

#include "design/knobs.h"
#include "predict/decode_model.h"
#include "predict/host_overhead.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace infersight {

struct LlmRuntime {
    QString id;            // "vllm": what --runtime takes
    QString label;         // "vLLM": for tables and the GUI
    QString description;   // one line for help texts
    Runtime lowering = Runtime::Fused;  // generic lowering of the graph (kernels, fusion, KV concat)
    bool cudaGraphs = false;            // decode steps replayed as one CUDA graph
    HostOverheadParameters decodeHost;  // host cost of one decode step (perInferenceMs = per step)
    DecodeEfficiency decode;            // the decode kernel class on this runtime
    int kvBlockTokens = 1;              // KV cache allocation granularity (tokens per block)
    double memoryFraction = 1.0;        // share of device memory the runtime may take
    bool kvForFullContext = false;      // KV for the whole context window allocated up front
    QString fittedOn;                   // which data/llm rows the parameters come from

    bool operator==(const LlmRuntime &) const = default;
};

// The built-in runtimes (hf-eager, vllm, trt-llm, tinychat, llama.cpp), fitted parameters compiled in.
const std::vector<LlmRuntime> &llmRuntimes();
// By id or alias, case-insensitive: "eager" and "hf"/"transformers" -> hf-eager; "fused" -> vllm;
// "tensorrt-llm"/"trtllm" -> trt-llm; "llamacpp"/"gguf" -> llama.cpp. nullptr when unknown.
const LlmRuntime *findLlmRuntime(const QString &name);
// The runtime an LLM decode step runs on for a generic lowering (eager -> hf-eager, fused -> vllm).
const LlmRuntime &defaultLlmRuntime(Runtime lowering);
// Ids for help texts: "eager, fused, hf-eager, vllm, trt-llm, tinychat, llama.cpp".
QStringList llmRuntimeNames();
// The generic lowering a --runtime value asks for (eager/fused or an LLM runtime's), nullopt if unknown.
std::optional<Runtime> loweringFromRuntimeName(const QString &name);

}  // namespace infersight
