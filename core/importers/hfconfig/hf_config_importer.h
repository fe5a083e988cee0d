// SPDX-License-Identifier: MIT
// HuggingFace config.json -> Graph, through the same builders as the zoo (zoo/transformer_builders.h).
//
// Supported model_type: bert, gpt2, opt, llama, mistral, qwen2, qwen3, phi3, gemma (the last four
// built as Llama graphs with their family's changes), gptj, falcon, mpt (buildDecoderLm),
// switch_transformers. The first entry of
// `architectures` picks the model class and so the head (BertModel / BertForMaskedLM /
// BertLMHeadModel / BertForSequenceClassification / BertForPreTraining, GPT2Model / GPT2LMHeadModel,
// OPTModel / OPTForCausalLM, LlamaModel / LlamaForCausalLM, MistralModel / MistralForCausalLM, <Family>Model /
// <Family>ForCausalLM for Qwen2, Qwen3, Phi3 and Gemma, GPTJModel / GPTJForCausalLM, FalconModel /
// FalconForCausalLM, MptModel / MptForCausalLM (MPT's own MPTForCausalLM too),
// SwitchTransformersModel / SwitchTransformersForConditionalGeneration); without `architectures`
// the base model class (AutoModel) is built. An explicit architecture overrides the file's: e.g.
// NeuSight's BERT measurements ran BertForSequenceClassification (model_ops_measured.csv shows
// bert.pooler and a 2-way classifier) although its bert_large.json lists BertLMHeadModel.
// Missing or wrongly typed fields give one-line errors naming the file and the field. An activation
// (hidden_act, activation_function, dense_act_fn) the builders do not know is costed as the model
// type's default activation, with a warning naming the file, the value and the activation assumed.
#pragma once

#include "base/result.h"
#include "graph/graph.h"
#include "zoo/transformer_builders.h"
#include "zoo/zoo_options.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <variant>

namespace infersight {

struct HfModelConfig {
    QString modelType;      // "gpt2", ...
    QString architecture;   // the class built, e.g. "GPT2LMHeadModel"
    QString name;           // _name_or_path, else the file's base name
    std::int64_t defaultSeq = 0;
    bool decoder = false;   // prefill/decode phases apply
    std::variant<BertConfig, Gpt2Config, OptConfig, LlamaConfig, DecoderLmConfig, SwitchConfig> config;
    // What was accepted but not as written, each naming the file ("config.json: hidden_act
    // 'swiglu' is not an activation infersight knows ...; costed as 'gelu' ...").
    QStringList warnings;
    int layers() const;     // hidden layers (Switch: encoder + decoder)
};

// The model types this importer understands (the architectures of each are listed in the error
// for an unknown one).
QStringList supportedHfModelTypes();

// Parses config.json contents. `sourceName` prefixes error messages (the file path).
Result<HfModelConfig> parseHfConfig(const QByteArray &json, const QString &sourceName, const QString &architecture = {});
Result<HfModelConfig> readHfConfig(const QString &path, const QString &architecture = {});

// Builds the graph of a parsed config with the knobs (batch, seq, width, depth, phase, context).
Result<Graph> buildHfModel(const HfModelConfig &config, const ZooOptions &options = {});
// readHfConfig + buildHfModel; the graph's sourcePath is `path`.
Result<Graph> importHfConfig(const QString &path, const ZooOptions &options = {}, const QString &architecture = {});

// Whether `path` looks like a HuggingFace config: a .json file whose top-level object has a
// "model_type" string (reads at most the first 1 MiB).
bool isHfConfigFile(const QString &path);

}  // namespace infersight
