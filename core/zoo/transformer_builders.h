// SPDX-License-Identifier: MIT
// Parametric builders of language transformers, mirroring HuggingFace transformers' eager PyTorch
// modules (BERT, GPT-2, OPT, Llama/Mistral, Switch Transformers) kernel by kernel: the node
// sequence of one layer follows the torch.fx trace NeuSight measured (model_ops_measured.csv), e.g.
// GPT-2's gelu_new is 8 element-wise nodes and its attention is split/view/permute/matmul/div/
// where/softmax/matmul/permute+contiguous/view. The zoo and the HF config.json importer both
// build through these functions.
//
// Inputs: "input_ids" [Batch, Sequence] int64 (Switch also "decoder_input_ids"). Decoders (GPT-2,
// OPT, Llama) in the decode phase also take, per layer i, the KV cache
//   past_key.i   [Batch, kv_heads, head_dim, Context]   (keys stored transposed, see below)
//   past_value.i [Batch, kv_heads, Context, head_dim]
// and in both phases output present_key.i / present_value.i (the cache after this step: Context +
// Sequence tokens in decode, Sequence tokens in prefill) next to "logits" (or
// "last_hidden_state"). Keys are kept as [.., head_dim, tokens] so that the scores are a MatMul
// with no transposing copy, which is what eager PyTorch does with k.transpose(-1, -2) (a view that
// cuBLAS reads transposed); the bytes equal HF's [.., tokens, head_dim] cache.
#pragma once

#include "base/result.h"
#include "graph/graph.h"
#include "zoo/zoo_options.h"

#include <QString>

#include <cstdint>

namespace infersight {

// Which model class of the family (HF `architectures`) and therefore which head.
enum class TransformerHead : std::uint8_t {
    Base,                    // BertModel (with pooler), GPT2Model, OPTModel, LlamaModel: hidden states
    LanguageModel,           // *LMHeadModel, *ForCausalLM, *ForMaskedLM, *ForConditionalGeneration
    SequenceClassification,  // *ForSequenceClassification (pooler + classifier for BERT)
    PreTraining,             // BertForPreTraining: MLM head and next-sentence head
};

struct BertConfig {
    std::int64_t vocab = 30522;
    std::int64_t hidden = 768;
    int layers = 12;
    std::int64_t heads = 12;
    std::int64_t intermediate = 3072;
    std::int64_t maxPositions = 512;
    std::int64_t typeVocab = 2;
    double layerNormEps = 1e-12;
    QString activation = QStringLiteral("gelu");
    TransformerHead head = TransformerHead::Base;
    std::int64_t numLabels = 2;
};

struct Gpt2Config {
    std::int64_t vocab = 50257;
    std::int64_t positions = 1024;
    std::int64_t embd = 768;
    int layers = 12;
    std::int64_t heads = 12;
    std::int64_t inner = 0;  // 0: 4 * embd
    double layerNormEps = 1e-5;
    QString activation = QStringLiteral("gelu_new");
    TransformerHead head = TransformerHead::LanguageModel;  // lm_head tied to wte
};

struct OptConfig {
    std::int64_t vocab = 50272;
    std::int64_t hidden = 2048;
    int layers = 24;
    std::int64_t heads = 32;
    std::int64_t ffn = 8192;
    std::int64_t maxPositions = 2048;
    std::int64_t wordEmbedProjDim = 0;  // 0: hidden
    bool layerNormBefore = true;
    bool finalLayerNorm = true;  // false when do_layer_norm_before is false or _remove_final_layer_norm
    bool enableBias = true;
    QString activation = QStringLiteral("relu");
    TransformerHead head = TransformerHead::LanguageModel;  // lm_head tied to embed_tokens
};

struct LlamaConfig {
    std::int64_t vocab = 32000;
    std::int64_t hidden = 4096;
    std::int64_t intermediate = 11008;
    int layers = 32;
    std::int64_t heads = 32;
    std::int64_t kvHeads = 32;
    std::int64_t headDim = 0;  // 0: hidden / heads
    std::int64_t maxPositions = 4096;
    double rmsNormEps = 1e-5;
    bool tieEmbeddings = false;
    bool attentionBias = false;      // q, k, v and o projections biased (attention_bias)
    bool qkvBias = false;            // q, k and v biased, o not (Qwen2)
    bool qkNorm = false;             // RMSNorm over each head of q and k before RoPE (Qwen3)
    bool fusedProjections = false;   // one qkv_proj and one gate_up_proj GEMM, split (Phi-3)
    bool scaleEmbeddings = false;    // embeddings x sqrt(hidden) before the first layer (Gemma)
    // Mixture of experts (Mixtral): > 0 replaces the MLP with `experts` SwiGLU experts of
    // `intermediate` each, `expertsPerToken` of them routed per token (top-k of a softmax router).
    std::int64_t experts = 0;
    std::int64_t expertsPerToken = 2;
    std::int64_t expertIntermediate = 0;  // each expert's width (0: `intermediate`; Qwen3-MoE's moe_intermediate_size)
    int sparseStep = 1;                   // layer i is sparse when (i + 1) % sparseStep == 0 (Qwen-MoE's decoder_sparse_step)
    bool normalizeTopK = true;            // renormalise the top-k router weights (Qwen-MoE's norm_topk_prob)
    QString activation = QStringLiteral("silu");
    TransformerHead head = TransformerHead::LanguageModel;
};

// GPT-J, Falcon and MPT: LayerNorm decoders with fused or separate projections, attention and MLP
// in parallel (GPT-J, Falcon) or in sequence (MPT), rotary positions (GPT-J partially) or ALiBi
// (MPT). Module names follow each family's HF implementation.
enum class DecoderLmFamily { GptJ, Falcon, Mpt };

struct DecoderLmConfig {
    DecoderLmFamily family = DecoderLmFamily::GptJ;
    std::int64_t vocab = 50400;
    std::int64_t hidden = 4096;
    std::int64_t ffn = 16384;
    int layers = 28;
    std::int64_t heads = 16;
    std::int64_t kvHeads = 16;       // Falcon multi-query: 1
    std::int64_t maxPositions = 2048;
    std::int64_t rotaryDim = 64;     // dims of each head rotated (0: no rotary, ALiBi instead)
    double layerNormEps = 1e-5;
    bool normBias = true;            // LayerNorm bias (MPT's no_bias: false)
    bool parallel = true;            // attention and MLP read one normed input; both added to the residual
    bool twoNorms = false;           // parallel with ln_attn and ln_mlp (Falcon's new decoder architecture)
    bool fusedQkv = false;           // one query_key_value / Wqkv GEMM
    bool projectionBias = false;     // q, k, v and output projections biased
    bool mlpBias = true;
    bool tieEmbeddings = false;
    bool lmHeadBias = true;          // GPT-J's lm_head has a bias (untied heads only)
    QString activation = QStringLiteral("gelu_new");
    TransformerHead head = TransformerHead::LanguageModel;
};

struct SwitchConfig {
    std::int64_t vocab = 32128;
    std::int64_t dModel = 768;
    std::int64_t dKv = 64;
    std::int64_t dFf = 3072;
    std::int64_t heads = 12;
    int encoderLayers = 12;
    int decoderLayers = 12;
    std::int64_t experts = 8;
    int encoderSparseStep = 2;  // layer i is sparse when i % step == 1 (every layer when step is 1)
    int decoderSparseStep = 2;
    std::int64_t expertCapacity = 64;
    std::int64_t relativeBuckets = 32;
    double layerNormEps = 1e-6;
    bool routerBias = false;
    bool tieEmbeddings = true;
    QString activation = QStringLiteral("relu");
    TransformerHead head = TransformerHead::LanguageModel;  // ForConditionalGeneration
};

// `name` names the graph ("zoo:<name>" becomes its source). Width and depth knobs of the options
// are applied to the config first (scaledBertConfig ... below); phase/context apply to decoders.
Result<Graph> buildBert(const QString &name, const BertConfig &config, const ZooOptions &options);
Result<Graph> buildGpt2(const QString &name, const Gpt2Config &config, const ZooOptions &options);
Result<Graph> buildOpt(const QString &name, const OptConfig &config, const ZooOptions &options);
Result<Graph> buildLlama(const QString &name, const LlamaConfig &config, const ZooOptions &options);
Result<Graph> buildDecoderLm(const QString &name, const DecoderLmConfig &config, const ZooOptions &options);
Result<Graph> buildSwitch(const QString &name, const SwitchConfig &config, const ZooOptions &options);

// The configs after the --width-mult and --depth knobs: depth sets the layer count (Switch: per
// stack); width scales the head count (head size kept), hidden = heads * head size, FFN sizes by
// the same factor rounded to a multiple of 8, GQA keeps its query-per-KV-head ratio.
BertConfig scaledConfig(const BertConfig &config, const ZooOptions &options);
Gpt2Config scaledConfig(const Gpt2Config &config, const ZooOptions &options);
OptConfig scaledConfig(const OptConfig &config, const ZooOptions &options);
LlamaConfig scaledConfig(const LlamaConfig &config, const ZooOptions &options);
DecoderLmConfig scaledConfig(const DecoderLmConfig &config, const ZooOptions &options);
SwitchConfig scaledConfig(const SwitchConfig &config, const ZooOptions &options);

}  // namespace infersight
