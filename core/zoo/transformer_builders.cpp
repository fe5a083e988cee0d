// SPDX-License-Identifier: MIT
// BERT, GPT-2, OPT, Llama/Mistral and Switch Transformers as HF transformers runs them eagerly.
#include "zoo/transformer_builders.h"

#include "zoo/attention_layers.h"
#include "zoo/builder_support.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace infersight {

using namespace zoo_support;

namespace {

// torch.finfo(dtype).min, the value HF masks with.
double finfoMin(DType type) {
    switch (type) {
    case DType::F16:
        return -65504.0;
    case DType::BF16:
        return -3.3895313892515355e38;
    case DType::F64:
        return -std::numeric_limits<double>::max();
    default:
        return -3.4028234663852886e38;
    }
}

QString layerScope(const char *prefix, int i) { return QString::fromLatin1(prefix) + QString::number(i); }

std::int64_t scaleFfn(std::int64_t v, double m) {
    return m == 1.0 ? v : makeDivisible(static_cast<double>(v) * m, 8);
}

std::int64_t scaleHeads(std::int64_t heads, double m) {
    return m == 1.0 ? heads : std::max<std::int64_t>(1, std::llround(static_cast<double>(heads) * m));
}

Status checkSequence(const QString &name, std::int64_t seq, std::int64_t context, std::int64_t positions, const char *field) {
    if (seq < 1) {
        return Error{QStringLiteral("zoo:%1: sequence length %2 is out of range").arg(name).arg(seq)};
    }
    if (positions > 0 && seq + context > positions) {
        return Error{QStringLiteral("zoo:%1: %2 tokens (sequence %3 + context %4) exceed the model's %5 of %6")
                         .arg(name)
                         .arg(seq + context)
                         .arg(seq)
                         .arg(context)
                         .arg(QLatin1String(field))
                         .arg(positions)};
    }
    return Status::success();
}

Graph finishGraph(LayerBuilder &lb, const QString &name) {
    Graph g = lb.finish();
    g.sourcePath = QStringLiteral("zoo:") + name;
    g.reindex();
    return g;
}

// Token input, KV cache inputs and the lengths every decoder needs.
struct DecoderInputs {
    bool decode = false;
    int ids = -1;
    int pastLen = -1;        // 1-element int64
    int pastScalar = -1;     // rank 0
    int seqLen = -1;
    int totalLen = -1;
    int totalScalar = -1;
    std::vector<int> pastKeys, pastValues;
};

DecoderInputs decoderInputs(LayerBuilder &lb, const ZooOptions &options, std::int64_t seq, std::int64_t context, int layers,
                            std::int64_t kvHeads, std::int64_t headDim) {
    DecoderInputs d;
    d.decode = options.decode;
    d.ids = tokenInput(lb, QStringLiteral("input_ids"), options, seq);
    if (d.decode) {
        const Dim batch = Dim::symbolic(DimRole::Batch, QStringLiteral("batch"), options.batch);
        const Dim ctx = Dim::symbolic(DimRole::Context, QStringLiteral("context"), context);
        for (int i = 0; i < layers; ++i) {
            d.pastKeys.push_back(lb.inputFloat(layerScope("past_key.", i), {batch, Dim::fixed(kvHeads), Dim::fixed(headDim), ctx}));
            d.pastValues.push_back(lb.inputFloat(layerScope("past_value.", i), {batch, Dim::fixed(kvHeads), ctx, Dim::fixed(headDim)}));
        }
        d.pastLen = lb.dimOf(d.pastKeys.front(), 3);
        d.pastScalar = lb.dimScalar(d.pastKeys.front(), 3);
    } else {
        d.pastLen = lb.ints({0});
        d.pastScalar = lb.intScalar(0);
    }
    d.seqLen = lb.dimOf(d.ids, 1);
    if (d.decode) {
        d.totalLen = lb.intAdd(d.pastLen, d.seqLen);
        d.totalScalar = lb.intAdd(d.pastScalar, lb.dimScalar(d.ids, 1));
    } else {
        d.totalLen = d.seqLen;
        d.totalScalar = lb.dimScalar(d.ids, 1);
    }
    return d;
}

// Appends this step's keys [B, kv, Dh, S] and values [B, kv, S, Dh] to the cache (decode) and
// records them as the layer's present_key / present_value outputs.
struct KvOutputs {
    std::vector<std::pair<int, QString>> outputs;
};

std::pair<int, int> appendCache(LayerBuilder &lb, const DecoderInputs &d, int layer, int keysT, int values, KvOutputs &out) {
    int k = keysT;
    int v = values;
    if (d.decode) {
        k = lb.concat({d.pastKeys[static_cast<std::size_t>(layer)], keysT}, 3, QStringLiteral("cat_past_key"));
        v = lb.concat({d.pastValues[static_cast<std::size_t>(layer)], values}, 2, QStringLiteral("cat_past_value"));
    }
    out.outputs.emplace_back(k, layerScope("present_key.", layer));
    out.outputs.emplace_back(v, layerScope("present_value.", layer));
    return {k, v};
}

// LM head tied to an embedding [V, D]: x [B, S, D] viewed as [B*S, D], Gemm against the embedding
// (transB), viewed back as [B, S, V] (F.linear with the shared weight; one GEMM kernel).
int tiedLmHead(LayerBuilder &lb, int x, int ids, int embedding, int bias, std::int64_t hidden, std::int64_t vocab,
               const QString &name) {
    const int flat = lb.reshape(x, {-1, hidden}, name + QStringLiteral(".view"));
    const int logits = lb.gemmWithWeight(flat, embedding, bias, name);
    const int shape = lb.concat({lb.shapeOf(ids), lb.ints({vocab})}, 0, name + QStringLiteral(".shape"));
    return lb.reshapeTo(logits, shape, name + QStringLiteral(".view_1"));
}

void emitOutputs(LayerBuilder &lb, int main, const QString &mainName, const KvOutputs &kv) {
    lb.output(main, mainName);
    for (const auto &[value, name] : kv.outputs) {
        lb.output(value, name);
    }
}

}  // namespace

// -------------------------------------------------------------------------------------- configs
BertConfig scaledConfig(const BertConfig &config, const ZooOptions &options) {
    BertConfig c = config;
    if (options.depth > 0) {
        c.layers = options.depth;
    }
    const std::int64_t headDim = config.hidden / config.heads;
    c.heads = scaleHeads(config.heads, options.widthMult);
    c.hidden = c.heads * headDim;
    c.intermediate = scaleFfn(config.intermediate, options.widthMult);
    return c;
}

Gpt2Config scaledConfig(const Gpt2Config &config, const ZooOptions &options) {
    Gpt2Config c = config;
    if (options.depth > 0) {
        c.layers = options.depth;
    }
    const std::int64_t headDim = config.embd / config.heads;
    const std::int64_t inner = config.inner > 0 ? config.inner : 4 * config.embd;
    c.heads = scaleHeads(config.heads, options.widthMult);
    c.embd = c.heads * headDim;
    c.inner = options.widthMult == 1.0 ? config.inner : scaleFfn(inner, options.widthMult);
    return c;
}

OptConfig scaledConfig(const OptConfig &config, const ZooOptions &options) {
    OptConfig c = config;
    if (options.depth > 0) {
        c.layers = options.depth;
    }
    if (options.widthMult != 1.0) {
        const std::int64_t headDim = config.hidden / config.heads;
        const std::int64_t proj = config.wordEmbedProjDim > 0 ? config.wordEmbedProjDim : config.hidden;
        const bool separateProj = proj != config.hidden;
        c.heads = scaleHeads(config.heads, options.widthMult);
        c.hidden = c.heads * headDim;
        c.ffn = scaleFfn(config.ffn, options.widthMult);
        c.wordEmbedProjDim = separateProj ? scaleFfn(proj, options.widthMult) : 0;
    }
    return c;
}

LlamaConfig scaledConfig(const LlamaConfig &config, const ZooOptions &options) {
    LlamaConfig c = config;
    if (options.depth > 0) {
        c.layers = options.depth;
    }
    if (options.widthMult != 1.0) {
        const std::int64_t headDim = config.headDim > 0 ? config.headDim : config.hidden / config.heads;
        const std::int64_t groups = std::max<std::int64_t>(1, config.heads / std::max<std::int64_t>(1, config.kvHeads));
        c.kvHeads = scaleHeads(config.kvHeads, options.widthMult);
        c.heads = c.kvHeads * groups;
        c.headDim = headDim;
        c.hidden = c.heads * headDim;
        c.intermediate = scaleFfn(config.intermediate, options.widthMult);
        c.expertIntermediate = config.expertIntermediate > 0 ? scaleFfn(config.expertIntermediate, options.widthMult) : 0;
    }
    return c;
}

DecoderLmConfig scaledConfig(const DecoderLmConfig &config, const ZooOptions &options) {
    DecoderLmConfig c = config;
    if (options.depth > 0) {
        c.layers = options.depth;
    }
    if (options.widthMult != 1.0) {
        const std::int64_t headDim = config.hidden / config.heads;
        // Multi-query attention keeps its one KV head; grouped attention scales the KV heads and keeps
        // the query heads per KV head (as LlamaConfig does).
        const std::int64_t groups = std::max<std::int64_t>(1, config.heads / std::max<std::int64_t>(1, config.kvHeads));
        const bool multiQuery = config.kvHeads == 1;
        c.kvHeads = multiQuery ? 1 : scaleHeads(config.kvHeads, options.widthMult);
        c.heads = multiQuery ? scaleHeads(config.heads, options.widthMult) : c.kvHeads * groups;
        c.hidden = c.heads * headDim;
        c.ffn = scaleFfn(config.ffn, options.widthMult);
    }
    return c;
}

SwitchConfig scaledConfig(const SwitchConfig &config, const ZooOptions &options) {
    SwitchConfig c = config;
    if (options.depth > 0) {
        c.encoderLayers = options.depth;
        c.decoderLayers = options.depth;
    }
    if (options.widthMult != 1.0) {
        c.heads = scaleHeads(config.heads, options.widthMult);
        c.dModel = scaleFfn(config.dModel, options.widthMult);
        c.dFf = scaleFfn(config.dFf, options.widthMult);
    }
    return c;
}

// ----------------------------------------------------------------------------------------- BERT
Result<Graph> buildBert(const QString &name, const BertConfig &config0, const ZooOptions &options) {
    if (Status st = checkOptions(name, options); !st) {
        return Error{st.errorMessage()};
    }
    const BertConfig c = scaledConfig(config0, options);
    const std::int64_t seq = sequenceLength(options, c.maxPositions);
    if (Status st = checkSequence(name, seq, 0, c.maxPositions, "max_position_embeddings"); !st) {
        return Error{st.errorMessage()};
    }
    const std::int64_t d = c.hidden;
    const std::int64_t dh = d / c.heads;
    LayerBuilder lb(name, options.dtype);
    const int ids = tokenInput(lb, QStringLiteral("input_ids"), options, seq);
    const int seqLen = lb.dimOf(ids, 1);
    // BertModel.forward with only input_ids: attention_mask = ones, token types from the buffer,
    // extended mask (1 - mask[:, None, None, :]) * finfo.min.
    const int ones = lb.fill(lb.shapeOf(ids), 1.0, options.dtype, QStringLiteral("ones"));
    const int ttBuffer = lb.buffer(QStringLiteral("embeddings.token_type_ids"), {1, c.maxPositions}, DType::I64);
    int tokenTypes = lb.sliceDynamic(ttBuffer, lb.ints({0}), seqLen, {1}, QStringLiteral("token_type_ids.slice"));
    tokenTypes = lb.expand(tokenTypes, lb.shapeOf(ids), QStringLiteral("token_type_ids.expand"));
    int mask = lb.unsqueeze(ones, {1, 2}, QStringLiteral("extended_mask.view"));
    mask = lb.sub(lb.scalar(1.0), mask, QStringLiteral("extended_mask.sub"));
    mask = lb.mul(mask, lb.scalar(finfoMin(options.dtype)), QStringLiteral("extended_mask.mul"));
    const int posBuffer = lb.buffer(QStringLiteral("embeddings.position_ids"), {1, c.maxPositions}, DType::I64);
    const int positions = lb.sliceDynamic(posBuffer, lb.ints({0}), seqLen, {1}, QStringLiteral("position_ids.slice"));
    int x = -1;
    int wordEmbeddings = -1;
    {
        LayerBuilder::Scope s(lb, QStringLiteral("bert.embeddings"));
        wordEmbeddings = lb.weight(QStringLiteral("word_embeddings.weight"), {c.vocab, d});
        x = lb.gather(wordEmbeddings, ids, 0, QStringLiteral("word_embeddings"));
        const int tt = lb.gather(lb.weight(QStringLiteral("token_type_embeddings.weight"), {c.typeVocab, d}), tokenTypes, 0,
                                 QStringLiteral("token_type_embeddings"));
        x = lb.add(x, tt, QStringLiteral("add"));
        const int pos = lb.gather(lb.weight(QStringLiteral("position_embeddings.weight"), {c.maxPositions, d}), positions, 0,
                                  QStringLiteral("position_embeddings"));
        x = lb.add(x, pos, QStringLiteral("add_1"));
        x = lb.layerNorm(x, d, c.layerNormEps, QStringLiteral("LayerNorm"));
    }
    const double scale = std::sqrt(static_cast<double>(dh));
    for (int i = 0; i < c.layers; ++i) {
        LayerBuilder::Scope s(lb, layerScope("bert.encoder.layer.", i));
        const int q = lb.linear(x, d, d, true, QStringLiteral("attention.self.query"));
        const int k = lb.linear(x, d, d, true, QStringLiteral("attention.self.key"));
        const int kT = keysTransposed(lb, k, c.heads, dh, QStringLiteral("attention.self.key"));
        const int v = lb.linear(x, d, d, true, QStringLiteral("attention.self.value"));
        const int vh = headsFirst(lb, v, c.heads, dh, QStringLiteral("attention.self.value"));
        const int qh = headsFirst(lb, q, c.heads, dh, QStringLiteral("attention.self.query"));
        int scores = lb.matmul(qh, kT, QStringLiteral("attention.self.matmul"));
        scores = lb.div(scores, lb.scalar(scale), QStringLiteral("attention.self.truediv"));
        scores = lb.add(scores, mask, QStringLiteral("attention.self.add_mask"));
        const int probs = lb.softmax(scores, -1, QStringLiteral("attention.self.softmax"));
        const int ctx = lb.matmul(probs, vh, QStringLiteral("attention.self.matmul_1"));
        const int merged = mergeHeads(lb, ctx, d, QStringLiteral("attention.self.context"));
        int y = lb.linear(merged, d, d, true, QStringLiteral("attention.output.dense"));
        y = lb.add(y, x, QStringLiteral("attention.output.add"));
        x = lb.layerNorm(y, d, c.layerNormEps, QStringLiteral("attention.output.LayerNorm"));
        y = lb.linear(x, d, c.intermediate, true, QStringLiteral("intermediate.dense"));
        y = lb.activation(c.activation, y, QStringLiteral("intermediate.act"));
        y = lb.linear(y, c.intermediate, d, true, QStringLiteral("output.dense"));
        y = lb.add(y, x, QStringLiteral("output.add"));
        x = lb.layerNorm(y, d, c.layerNormEps, QStringLiteral("output.LayerNorm"));
    }
    const bool pooler = c.head != TransformerHead::LanguageModel;
    int pooled = -1;
    if (pooler) {
        LayerBuilder::Scope s(lb, QStringLiteral("bert.pooler"));
        pooled = lb.gather(x, lb.intScalar(0), 1, QStringLiteral("first_token"));
        pooled = lb.gemm(pooled, d, d, true, QStringLiteral("dense"));
        pooled = lb.op(QStringLiteral("Tanh"), {pooled}, {}, QStringLiteral("activation"));
    }
    int mlm = -1;
    if (c.head == TransformerHead::LanguageModel || c.head == TransformerHead::PreTraining) {
        LayerBuilder::Scope s(lb, QStringLiteral("cls.predictions"));
        int y = lb.linear(x, d, d, true, QStringLiteral("transform.dense"));
        y = lb.activation(c.activation, y, QStringLiteral("transform.act"));
        y = lb.layerNorm(y, d, c.layerNormEps, QStringLiteral("transform.LayerNorm"));
        mlm = tiedLmHead(lb, y, ids, wordEmbeddings, lb.weight(QStringLiteral("bias"), {c.vocab}), d, c.vocab,
                         QStringLiteral("decoder"));
    }
    switch (c.head) {
    case TransformerHead::Base:
        lb.output(x, QStringLiteral("last_hidden_state"));
        lb.output(pooled, QStringLiteral("pooler_output"));
        break;
    case TransformerHead::SequenceClassification:
        lb.output(lb.gemm(pooled, d, c.numLabels, true, QStringLiteral("classifier")), QStringLiteral("logits"));
        break;
    case TransformerHead::LanguageModel:
        lb.output(mlm, QStringLiteral("logits"));
        break;
    case TransformerHead::PreTraining:
        lb.output(mlm, QStringLiteral("prediction_logits"));
        lb.output(lb.gemm(pooled, d, 2, true, QStringLiteral("cls.seq_relationship")), QStringLiteral("seq_relationship_logits"));
        break;
    }
    return finishGraph(lb, name);
}

// ---------------------------------------------------------------------------------------- GPT-2
Result<Graph> buildGpt2(const QString &name, const Gpt2Config &config0, const ZooOptions &options) {
    if (Status st = checkOptions(name, options); !st) {
        return Error{st.errorMessage()};
    }
    const Gpt2Config c = scaledConfig(config0, options);
    const bool decode = options.decode;
    const std::int64_t seq = sequenceLength(options, decode ? 1 : c.positions);
    const std::int64_t context = decode ? (options.context > 0 ? options.context : c.positions - seq) : 0;
    if (Status st = checkSequence(name, seq, context, c.positions, "n_positions"); !st) {
        return Error{st.errorMessage()};
    }
    if (decode && context < 1) {
        return Error{QStringLiteral("zoo:%1: decode needs a context of at least 1 token").arg(name)};
    }
    const std::int64_t d = c.embd;
    const std::int64_t dh = d / c.heads;
    const std::int64_t inner = c.inner > 0 ? c.inner : 4 * d;
    LayerBuilder lb(name, options.dtype);
    const DecoderInputs in = decoderInputs(lb, options, seq, context, c.layers, c.heads, dh);
    // position_ids = arange(past, past + S).unsqueeze(0)
    int positions = lb.op(QStringLiteral("Range"), {in.pastScalar, in.totalScalar, lb.intScalar(1)}, {}, QStringLiteral("arange"));
    positions = lb.unsqueeze(positions, {0}, QStringLiteral("position_ids"));
    // The causal mask: the attn.bias buffer sliced to [.., past:past+S, :past+S] (a view in PyTorch).
    const int bias = lb.buffer(QStringLiteral("transformer.h.attn.bias"), {1, 1, c.positions, c.positions}, DType::Bool);
    const int causal = lb.sliceDynamic(bias, lb.concat({in.pastLen, lb.ints({0})}, 0, QStringLiteral("mask_starts")),
                                       lb.concat({in.totalLen, in.totalLen}, 0, QStringLiteral("mask_ends")), {2, 3},
                                       QStringLiteral("causal_mask"));
    const int wte = lb.weight(QStringLiteral("transformer.wte.weight"), {c.vocab, d});
    int x = lb.gather(wte, in.ids, 0, QStringLiteral("transformer.wte"));
    const int pos = lb.gather(lb.weight(QStringLiteral("transformer.wpe.weight"), {c.positions, d}), positions, 0,
                              QStringLiteral("transformer.wpe"));
    x = lb.add(x, pos, QStringLiteral("transformer.add"));
    KvOutputs kv;
    const double scale = std::sqrt(static_cast<double>(dh));
    const double minValue = finfoMin(options.dtype);
    for (int i = 0; i < c.layers; ++i) {
        LayerBuilder::Scope s(lb, layerScope("transformer.h.", i));
        int h = lb.layerNorm(x, d, c.layerNormEps, QStringLiteral("ln_1"));
        {
            LayerBuilder::Scope a(lb, QStringLiteral("attn"));
            const int qkv = lb.linear(h, d, 3 * d, true, QStringLiteral("c_attn"));
            const std::vector<int> parts = lb.split(qkv, 2, {d, d, d}, QStringLiteral("split"));
            const int q = headsFirst(lb, parts[0], c.heads, dh, QStringLiteral("query"));
            const int kT = keysTransposed(lb, parts[1], c.heads, dh, QStringLiteral("key"));
            const int vh = headsFirst(lb, parts[2], c.heads, dh, QStringLiteral("value"));
            const auto [keys, values] = appendCache(lb, in, i, kT, vh, kv);
            int scores = lb.matmul(q, keys, QStringLiteral("matmul"));
            const int scaleValue = lb.fill(lb.ints({}), scale, options.dtype, QStringLiteral("full"));
            scores = lb.div(scores, scaleValue, QStringLiteral("truediv"));
            const int maskValue = lb.fill(lb.ints({}), minValue, options.dtype, QStringLiteral("full_1"));
            scores = lb.where(causal, scores, maskValue, QStringLiteral("where"));
            const int probs = lb.softmax(scores, -1, QStringLiteral("softmax"));
            const int ctx = lb.matmul(probs, values, QStringLiteral("matmul_1"));
            const int merged = mergeHeads(lb, ctx, d, QStringLiteral("merge_heads"));
            h = lb.linear(merged, d, d, true, QStringLiteral("c_proj"));
        }
        x = lb.add(h, x, QStringLiteral("add"));
        h = lb.layerNorm(x, d, c.layerNormEps, QStringLiteral("ln_2"));
        {
            LayerBuilder::Scope m(lb, QStringLiteral("mlp"));
            h = lb.linear(h, d, inner, true, QStringLiteral("c_fc"));
            h = lb.activation(c.activation, h, QStringLiteral("act"));
            h = lb.linear(h, inner, d, true, QStringLiteral("c_proj"));
        }
        x = lb.add(h, x, QStringLiteral("add_1"));
    }
    x = lb.layerNorm(x, d, c.layerNormEps, QStringLiteral("transformer.ln_f"));
    if (c.head == TransformerHead::Base) {
        emitOutputs(lb, x, QStringLiteral("last_hidden_state"), kv);
    } else {
        emitOutputs(lb, tiedLmHead(lb, x, in.ids, wte, -1, d, c.vocab, QStringLiteral("lm_head")), QStringLiteral("logits"), kv);
    }
    return finishGraph(lb, name);
}

// ------------------------------------------------------------------------------------------ OPT
Result<Graph> buildOpt(const QString &name, const OptConfig &config0, const ZooOptions &options) {
    if (Status st = checkOptions(name, options); !st) {
        return Error{st.errorMessage()};
    }
    const OptConfig c = scaledConfig(config0, options);
    const bool decode = options.decode;
    const std::int64_t seq = sequenceLength(options, decode ? 1 : c.maxPositions);
    const std::int64_t context = decode ? (options.context > 0 ? options.context : c.maxPositions - seq) : 0;
    if (Status st = checkSequence(name, seq, context, c.maxPositions, "max_position_embeddings"); !st) {
        return Error{st.errorMessage()};
    }
    if (decode && context < 1) {
        return Error{QStringLiteral("zoo:%1: decode needs a context of at least 1 token").arg(name)};
    }
    const std::int64_t d = c.hidden;
    const std::int64_t dh = d / c.heads;
    const std::int64_t proj = c.wordEmbedProjDim > 0 ? c.wordEmbedProjDim : d;
    const double minValue = finfoMin(options.dtype);
    LayerBuilder lb(name, options.dtype);
    const DecoderInputs in = decoderInputs(lb, options, seq, context, c.layers, c.heads, dh);
    const int embedTokens = lb.weight(QStringLiteral("model.decoder.embed_tokens.weight"), {c.vocab, proj});
    int x = lb.gather(embedTokens, in.ids, 0, QStringLiteral("model.decoder.embed_tokens"));
    // attention_mask = ones(B, past + S)
    const int batch = lb.dimOf(in.ids, 0);
    const int maskShape = lb.concat({batch, in.totalLen}, 0, QStringLiteral("mask_shape"));
    const int attentionMask = lb.fill(maskShape, 1.0, options.dtype, QStringLiteral("ones"));
    // _make_causal_mask: full((S, S), min), arange, lt, masked_fill_; decode: cat zeros for the past.
    int causal = lb.fill(lb.concat({in.seqLen, in.seqLen}, 0, QStringLiteral("causal_shape")), minValue, options.dtype,
                         QStringLiteral("full"));
    const int cond = lb.op(QStringLiteral("Range"), {lb.intScalar(0), lb.dimScalar(in.ids, 1), lb.intScalar(1)}, {},
                           QStringLiteral("arange"));
    const int condNext = lb.add(cond, lb.intScalar(1), QStringLiteral("arange_add"));
    const int lt = lb.op(QStringLiteral("Less"), {cond, lb.unsqueeze(condNext, {1})}, {}, QStringLiteral("lt"));
    causal = lb.where(lt, lb.scalar(0.0), causal, QStringLiteral("masked_fill_"));
    if (in.decode) {
        const int zeros = lb.fill(lb.concat({in.seqLen, in.pastLen}, 0, QStringLiteral("past_mask_shape")), 0.0, options.dtype,
                                  QStringLiteral("zeros"));
        causal = lb.concat({zeros, causal}, 1, QStringLiteral("cat_mask"));
    }
    causal = lb.unsqueeze(causal, {0, 1}, QStringLiteral("causal_view"));
    // _expand_mask: 1 - mask[:, None, None, :], masked_fill(bool, min); then combined with causal.
    int expanded = lb.unsqueeze(attentionMask, {1, 2}, QStringLiteral("expanded_view"));
    expanded = lb.sub(lb.scalar(1.0), expanded, QStringLiteral("inverted_mask"));
    expanded = lb.where(lb.op(QStringLiteral("Cast"), {expanded}, {attrInt("to", static_cast<int>(DType::Bool))}, QStringLiteral("to_bool")),
                        lb.scalar(minValue), expanded, QStringLiteral("masked_fill"));
    const int causalBool = lb.op(QStringLiteral("Cast"), {causal}, {attrInt("to", static_cast<int>(DType::Bool))}, QStringLiteral("bool"));
    const int mask = lb.where(causalBool, lb.scalar(minValue), expanded, QStringLiteral("masked_fill_1"));
    // OPTLearnedPositionalEmbedding: cumsum(mask) * mask - 1, [past:], + 2 offset.
    int positions = lb.op(QStringLiteral("Cast"), {attentionMask}, {attrInt("to", static_cast<int>(DType::I64))}, QStringLiteral("long"));
    const int cumsum = lb.op(QStringLiteral("CumSum"), {positions, lb.intScalar(1)}, {}, QStringLiteral("cumsum"));
    positions = lb.mul(cumsum, positions, QStringLiteral("positions_mul"));
    positions = lb.sub(positions, lb.intScalar(1), QStringLiteral("positions_sub"));
    if (in.decode) {
        positions = lb.sliceDynamic(positions, in.pastLen, lb.ints({std::numeric_limits<std::int64_t>::max()}), {1},
                                    QStringLiteral("positions_slice"));
    }
    positions = lb.add(positions, lb.intScalar(2), QStringLiteral("positions_offset"));
    const int pos = lb.gather(lb.weight(QStringLiteral("model.decoder.embed_positions.weight"), {c.maxPositions + 2, d}),
                              positions, 0, QStringLiteral("model.decoder.embed_positions"));
    if (proj != d) {
        x = lb.linear(x, proj, d, false, QStringLiteral("model.decoder.project_in"));
    }
    x = lb.add(x, pos, QStringLiteral("model.decoder.add"));
    KvOutputs kv;
    const double scaling = 1.0 / std::sqrt(static_cast<double>(dh));
    for (int i = 0; i < c.layers; ++i) {
        LayerBuilder::Scope s(lb, layerScope("model.decoder.layers.", i));
        int h = c.layerNormBefore ? lb.layerNorm(x, d, 1e-5, QStringLiteral("self_attn_layer_norm")) : x;
        {
            LayerBuilder::Scope a(lb, QStringLiteral("self_attn"));
            int q = lb.linear(h, d, d, c.enableBias, QStringLiteral("q_proj"));
            q = lb.mul(q, lb.scalar(scaling), QStringLiteral("scaling"));
            const int kT = keysTransposed(lb, lb.linear(h, d, d, c.enableBias, QStringLiteral("k_proj")), c.heads, dh,
                                          QStringLiteral("key"));
            const int vh = headsFirst(lb, lb.linear(h, d, d, c.enableBias, QStringLiteral("v_proj")), c.heads, dh,
                                      QStringLiteral("value"));
            const auto [keys, values] = appendCache(lb, in, i, kT, vh, kv);
            const int qh = headsFirst(lb, q, c.heads, dh, QStringLiteral("query"));
            int scores = lb.matmul(qh, keys, QStringLiteral("bmm"));
            scores = lb.add(scores, mask, QStringLiteral("add_mask"));
            const int floor = lb.fill(lb.ints({}), minValue, options.dtype, QStringLiteral("tensor"));
            scores = lb.op(QStringLiteral("Max"), {scores, floor}, {}, QStringLiteral("max"));
            const int probs = lb.softmax(scores, -1, QStringLiteral("softmax"));
            const int ctx = lb.matmul(probs, values, QStringLiteral("bmm_1"));
            h = mergeHeads(lb, ctx, d, QStringLiteral("reshape"));
            h = lb.linear(h, d, d, c.enableBias, QStringLiteral("out_proj"));
        }
        x = lb.add(x, h, QStringLiteral("add"));
        if (!c.layerNormBefore) {
            x = lb.layerNorm(x, d, 1e-5, QStringLiteral("self_attn_layer_norm"));
        }
        h = c.layerNormBefore ? lb.layerNorm(x, d, 1e-5, QStringLiteral("final_layer_norm")) : x;
        h = lb.linear(h, d, c.ffn, c.enableBias, QStringLiteral("fc1"));
        h = lb.activation(c.activation, h, QStringLiteral("activation_fn"));
        h = lb.linear(h, c.ffn, d, c.enableBias, QStringLiteral("fc2"));
        x = lb.add(x, h, QStringLiteral("add_1"));
        if (!c.layerNormBefore) {
            x = lb.layerNorm(x, d, 1e-5, QStringLiteral("final_layer_norm"));
        }
    }
    if (c.finalLayerNorm && c.layerNormBefore) {
        x = lb.layerNorm(x, d, 1e-5, QStringLiteral("model.decoder.final_layer_norm"));
    }
    if (proj != d) {
        x = lb.linear(x, d, proj, false, QStringLiteral("model.decoder.project_out"));
    }
    if (c.head == TransformerHead::Base) {
        emitOutputs(lb, x, QStringLiteral("last_hidden_state"), kv);
    } else {
        emitOutputs(lb, tiedLmHead(lb, x, in.ids, embedTokens, -1, proj, c.vocab, QStringLiteral("lm_head")),
                    QStringLiteral("logits"), kv);
    }
    return finishGraph(lb, name);
}

// ---------------------------------------------------------------------------------------- Llama
namespace {
// rotate_half + apply_rotary_pos_emb: x * cos + cat(-x2, x1) * sin.
int rotary(LayerBuilder &lb, int x, int cos, int sin, std::int64_t headDim, const QString &name) {
    const int xc = lb.mul(x, cos, name + QStringLiteral(".mul_cos"));
    const std::vector<int> halves = lb.split(x, -1, {headDim / 2, headDim / 2}, name + QStringLiteral(".halves"));
    const int neg = lb.op(QStringLiteral("Neg"), {halves[1]}, {}, name + QStringLiteral(".neg"));
    const int rot = lb.concat({neg, halves[0]}, -1, name + QStringLiteral(".cat"));
    const int rs = lb.mul(rot, sin, name + QStringLiteral(".mul_sin"));
    return lb.add(xc, rs, name + QStringLiteral(".add"));
}

// Causal mask [1, 1, S, past + S] added to the scores: finfo.min above the diagonal shifted by the
// past length.
int additiveCausalMask(LayerBuilder &lb, const DecoderInputs &in, DType dtype) {
    int mask = lb.fill(lb.concat({in.seqLen, in.totalLen}, 0, QStringLiteral("mask_shape")), finfoMin(dtype), dtype,
                       QStringLiteral("full"));
    mask = lb.op(QStringLiteral("Trilu"), {mask, lb.intAdd(in.pastScalar, lb.intScalar(1))}, {attrInt("upper", 1)},
                 QStringLiteral("triu"));
    return lb.unsqueeze(mask, {0, 1}, QStringLiteral("causal_mask"));
}

// repeat_kv: grouped keys [B, kv, Dh, T] and values [B, kv, T, Dh] expanded and reshaped (a copy)
// to the query heads.
void repeatKv(LayerBuilder &lb, int &keys, int &values, std::int64_t heads, std::int64_t groups, std::int64_t dh) {
    keys = lb.reshape(lb.expand(lb.unsqueeze(keys, {2}), lb.ints({1, 1, groups, 1, 1}), QStringLiteral("repeat_k")),
                      {0, heads, dh, -1}, QStringLiteral("repeat_k_view"));
    values = lb.reshape(lb.expand(lb.unsqueeze(values, {2}), lb.ints({1, 1, groups, 1, 1}), QStringLiteral("repeat_v")),
                        {0, heads, -1, dh}, QStringLiteral("repeat_v_view"));
}

// Mixtral's sparse MoE block (MixtralSparseMoeBlock) on hidden states [B, S, d]: a softmax router
// over the experts, the top-k per token renormalised, each routed token through its experts'
// SwiGLU, the k outputs weighted and summed. The graph takes routing as uniform, with the batch
// left symbolic: the T = B x S tokens' T x k routed pairs touch A = E (1 - (1 - k/E)^T) experts
// (expected distinct; exactly k at decode batch 1, all E as T grows), each taking ceil(T x k / A)
// tokens. The experts' weights are stacked [experts, in, out] (the same parameters
// as HF's per-expert Linear modules); the active ones are a slice (a view) of that stack, so one
// grouped GEMM per projection reads only them (Lowerer::stackedWeightRows), while memory holds all.
int mixtureOfExperts(LayerBuilder &lb, const LlamaConfig &c, int h) {
    const std::int64_t d = c.hidden;
    const std::int64_t e = c.experts;
    const std::int64_t topK = c.expertsPerToken;
    const std::int64_t width = c.expertIntermediate > 0 ? c.expertIntermediate : c.intermediate;
    const int flat = lb.reshape(h, {-1, d}, QStringLiteral("view"));  // [T, d]
    const int probs = lb.softmax(lb.linear(flat, d, e, false, QStringLiteral("gate")), -1, QStringLiteral("softmax"));
    const std::vector<int> top = lb.ops(QStringLiteral("TopK"), {probs, lb.ints({topK})}, 2, {attrInt("axis", -1)},
                                        QStringLiteral("topk"));  // weights, experts [T, k]
    int routing = top[0];
    if (c.normalizeTopK) {
        const int total = lb.op(QStringLiteral("ReduceSum"), {top[0], lb.ints({-1})}, {attrInt("keepdims", 1)}, QStringLiteral("sum"));
        routing = lb.div(top[0], total, QStringLiteral("normalize"));
    }
    // Shape arithmetic (folded, no kernels).
    const int tokens = lb.dimOf(flat, 0);
    const int pairs = lb.op(QStringLiteral("Mul"), {tokens, lb.ints({topK})}, {}, QStringLiteral("pairs"));
    // Experts a batch touches, routing taken as uniform and independent per token: the expected
    // number of distinct experts among T tokens' k picks, E (1 - (1 - k/E)^T) (exactly k at T = 1,
    // all E as T grows), rounded up (less a hair of rounding).
    const int tokensF = lb.op(QStringLiteral("Cast"), {tokens}, {attrInt("to", static_cast<int>(DType::F64))}, QStringLiteral("tokens_f"));
    const int missed = lb.op(QStringLiteral("Pow"),
                             {lb.op(QStringLiteral("Constant"), {}, {attrFloat("value_float", static_cast<double>(e - topK) / static_cast<double>(e))},
                                    QStringLiteral("miss_one")),
                              tokensF},
                             {}, QStringLiteral("miss_all"));
    const int expected = lb.op(QStringLiteral("Mul"),
                               {lb.op(QStringLiteral("Sub"), {lb.op(QStringLiteral("Constant"), {}, {attrFloat("value_float", 1.0)}, QStringLiteral("one")), missed},
                                      {}, QStringLiteral("hit")),
                                lb.op(QStringLiteral("Constant"), {}, {attrFloat("value_float", static_cast<double>(e))}, QStringLiteral("experts_f"))},
                               {}, QStringLiteral("expected_experts"));
    const int rounded = lb.op(QStringLiteral("Ceil"),
                              {lb.op(QStringLiteral("Sub"), {expected, lb.op(QStringLiteral("Constant"), {}, {attrFloat("value_float", 1e-6)}, QStringLiteral("hair"))},
                                     {}, QStringLiteral("expected_less_hair"))},
                              {}, QStringLiteral("expected_up"));
    const int active = lb.op(QStringLiteral("Cast"), {rounded}, {attrInt("to", static_cast<int>(DType::I64))}, QStringLiteral("active_experts"));
    const int perExpert = lb.op(QStringLiteral("Div"),
                                {lb.op(QStringLiteral("Sub"), {lb.op(QStringLiteral("Add"), {pairs, active}, {}, QStringLiteral("pairs_up")),
                                                               lb.ints({1})},
                                       {}, QStringLiteral("pairs_ceil")),
                                 active},
                                {}, QStringLiteral("tokens_per_expert"));
    const int slotCount = lb.op(QStringLiteral("Mul"), {active, perExpert}, {}, QStringLiteral("slots"));
    // Dispatch: slot s takes token s mod T (each expert's index_select of its tokens: one gather).
    const int slotIds = lb.op(QStringLiteral("Range"),
                              {lb.intScalar(0), lb.op(QStringLiteral("Squeeze"), {slotCount, lb.ints({0})}, {}, QStringLiteral("slots_scalar")),
                               lb.intScalar(1)},
                              {}, QStringLiteral("slot_ids"));
    const int source = lb.op(QStringLiteral("Mod"), {slotIds, lb.dimScalar(flat, 0)}, {}, QStringLiteral("token_of_slot"));
    const int dispatched = lb.gather(flat, source, 0, QStringLiteral("index_select"));
    const int grouped = lb.reshapeTo(dispatched, lb.concat({active, perExpert, lb.ints({d})}, 0, QStringLiteral("grouped_shape")),
                                     QStringLiteral("by_expert"));  // [A, t, d]
    auto activeSlice = [&](const char *name, std::int64_t in, std::int64_t out) {
        const int stacked = lb.weight(QStringLiteral("experts.%1").arg(QLatin1String(name)), {e, in, out});
        return lb.sliceDynamic(stacked, lb.ints({0}), active, {0}, QStringLiteral("experts.%1.active").arg(QLatin1String(name)));
    };
    const int gate = lb.activation(c.activation, lb.matmul(grouped, activeSlice("w1", d, width), QStringLiteral("experts.w1")),
                                   QStringLiteral("experts.act_fn"));
    const int up = lb.matmul(grouped, activeSlice("w3", d, width), QStringLiteral("experts.w3"));
    int y = lb.matmul(lb.mul(gate, up, QStringLiteral("experts.mul")), activeSlice("w2", width, d),
                      QStringLiteral("experts.w2"));  // [A, t, d]
    // Combine: the T x k routed slots back per token, weighted by the router, summed over k.
    y = lb.sliceDynamic(lb.reshape(y, {-1, d}, QStringLiteral("slots_view")), lb.ints({0}), pairs, {0}, QStringLiteral("routed"));
    y = lb.reshapeTo(y, lb.concat({tokens, lb.ints({topK, d})}, 0, QStringLiteral("per_token_shape")), QStringLiteral("per_token"));
    y = lb.mul(y, lb.unsqueeze(routing, {2}, QStringLiteral("routing_weights")), QStringLiteral("weighted"));
    y = lb.op(QStringLiteral("ReduceSum"), {y, lb.ints({1})}, {attrInt("keepdims", 0)}, QStringLiteral("index_add"));
    return lb.reshapeTo(y, lb.shapeOf(h), QStringLiteral("final_hidden_states"));
}

// The checks a decoder builder makes on its scaled config (after checkOptions): a head count the
// KV heads divide, the sequence within `positions` (0: no limit) and a context for decode. Fills
// the sequence length and context the graph takes.
Status checkDecoder(const QString &name, const ZooOptions &options, std::int64_t heads, std::int64_t kvHeads,
                    std::int64_t defaultSeq, std::int64_t positions, const char *positionsField, std::int64_t &seq,
                    std::int64_t &context) {
    if (kvHeads < 1 || heads % kvHeads != 0) {
        return Error{QStringLiteral("zoo:%1: %2 attention heads are not a multiple of %3 key/value heads").arg(name).arg(heads).arg(kvHeads)};
    }
    seq = sequenceLength(options, options.decode ? 1 : defaultSeq);
    context = options.decode ? (options.context > 0 ? options.context : defaultSeq - seq) : 0;
    if (Status st = checkSequence(name, seq, context, positions, positionsField); !st) {
        return st;
    }
    if (options.decode && context < 1) {
        return Error{QStringLiteral("zoo:%1: decode needs a context of at least 1 token").arg(name)};
    }
    return Status::success();
}
}  // namespace

Result<Graph> buildLlama(const QString &name, const LlamaConfig &config0, const ZooOptions &options) {
    if (Status st = checkOptions(name, options); !st) {
        return Error{st.errorMessage()};
    }
    const LlamaConfig c = scaledConfig(config0, options);
    std::int64_t seq = 0;
    std::int64_t context = 0;
    // RoPE has no learned positions: longer sequences only grow the cos/sin cache.
    if (Status st = checkDecoder(name, options, c.heads, c.kvHeads, std::min<std::int64_t>(c.maxPositions, 4096), 0,
                                 "max_position_embeddings", seq, context);
        !st) {
        return Error{st.errorMessage()};
    }
    const std::int64_t d = c.hidden;
    const std::int64_t dh = c.headDim > 0 ? c.headDim : d / c.heads;
    const std::int64_t groups = c.heads / c.kvHeads;
    LayerBuilder lb(name, options.dtype);
    const DecoderInputs in = decoderInputs(lb, options, seq, context, c.layers, c.kvHeads, dh);
    const int embed = lb.weight(QStringLiteral("model.embed_tokens.weight"), {c.vocab, d});
    int x = lb.gather(embed, in.ids, 0, QStringLiteral("model.embed_tokens"));
    if (c.scaleEmbeddings) {
        // Gemma: hidden_states * normalizer, sqrt(hidden_size) in the model's dtype.
        x = lb.mul(x, lb.scalar(std::sqrt(static_cast<double>(d))), QStringLiteral("model.normalizer"));
    }
    int positions = lb.op(QStringLiteral("Range"), {in.pastScalar, in.totalScalar, lb.intScalar(1)}, {}, QStringLiteral("arange"));
    positions = lb.unsqueeze(positions, {0}, QStringLiteral("position_ids"));
    const int mask = additiveCausalMask(lb, in, options.dtype);
    // Rotary cos/sin caches (buffers) for at least max_position_embeddings positions.
    const std::int64_t cacheLen = std::max<std::int64_t>(c.maxPositions, seq + context);
    const int cosCache = lb.buffer(QStringLiteral("model.rotary_emb.cos_cached"), {cacheLen, dh}, options.dtype);
    const int sinCache = lb.buffer(QStringLiteral("model.rotary_emb.sin_cached"), {cacheLen, dh}, options.dtype);
    KvOutputs kv;
    const double scale = std::sqrt(static_cast<double>(dh));
    for (int i = 0; i < c.layers; ++i) {
        LayerBuilder::Scope s(lb, layerScope("model.layers.", i));
        int h = lb.rmsNorm(x, d, c.rmsNormEps, QStringLiteral("input_layernorm"));
        {
            LayerBuilder::Scope a(lb, QStringLiteral("self_attn"));
            const bool qkvBias = c.attentionBias || c.qkvBias;
            int q = -1;
            int k = -1;
            int v = -1;
            if (c.fusedProjections) {
                const int qkv = lb.linear(h, d, (c.heads + 2 * c.kvHeads) * dh, qkvBias, QStringLiteral("qkv_proj"));
                const std::vector<int> parts = lb.split(qkv, -1, {c.heads * dh, c.kvHeads * dh, c.kvHeads * dh}, QStringLiteral("qkv_split"));
                q = parts[0];
                k = parts[1];
                v = parts[2];
            } else {
                q = lb.linear(h, d, c.heads * dh, qkvBias, QStringLiteral("q_proj"));
                k = lb.linear(h, d, c.kvHeads * dh, qkvBias, QStringLiteral("k_proj"));
                v = lb.linear(h, d, c.kvHeads * dh, qkvBias, QStringLiteral("v_proj"));
            }
            int q4 = lb.reshape(q, {0, 0, c.heads, dh}, QStringLiteral("q_view"));
            int k4 = lb.reshape(k, {0, 0, c.kvHeads, dh}, QStringLiteral("k_view"));
            if (c.qkNorm) {
                q4 = lb.rmsNorm(q4, dh, c.rmsNormEps, QStringLiteral("q_norm"));
                k4 = lb.rmsNorm(k4, dh, c.rmsNormEps, QStringLiteral("k_norm"));
            }
            const int qh = lb.transpose(q4, {0, 2, 1, 3}, QStringLiteral("q_transpose"));
            const int vh = lb.transpose(lb.reshape(v, {0, 0, c.kvHeads, dh}, QStringLiteral("v_view")), {0, 2, 1, 3},
                                        QStringLiteral("v_transpose"));
            // cos[position_ids], sin[position_ids]: [1, S, Dh]
            const int cosG = lb.gather(cosCache, positions, 0, QStringLiteral("cos"));
            const int sinG = lb.gather(sinCache, positions, 0, QStringLiteral("sin"));
            const int qr = rotary(lb, qh, lb.unsqueeze(cosG, {1}), lb.unsqueeze(sinG, {1}), dh, QStringLiteral("rope_q"));
            const int kr = rotary(lb, k4, lb.unsqueeze(cosG, {2}), lb.unsqueeze(sinG, {2}), dh, QStringLiteral("rope_k"));
            const int kT = lb.transpose(kr, {0, 2, 3, 1}, QStringLiteral("k_transpose"));
            auto [keys, values] = appendCache(lb, in, i, kT, vh, kv);
            if (groups > 1) {
                repeatKv(lb, keys, values, c.heads, groups, dh);
            }
            int scores = lb.matmul(qr, keys, QStringLiteral("matmul"));
            scores = lb.div(scores, lb.scalar(scale), QStringLiteral("truediv"));
            scores = lb.add(scores, mask, QStringLiteral("add_mask"));
            const int probs = lb.softmax(scores, -1, QStringLiteral("softmax"));
            const int ctx = lb.matmul(probs, values, QStringLiteral("matmul_1"));
            h = mergeHeads(lb, ctx, c.heads * dh, QStringLiteral("reshape"));
            h = lb.linear(h, c.heads * dh, d, c.attentionBias, QStringLiteral("o_proj"));
        }
        x = lb.add(x, h, QStringLiteral("add"));
        h = lb.rmsNorm(x, d, c.rmsNormEps, QStringLiteral("post_attention_layernorm"));
        if (c.experts > 0 && (i + 1) % std::max(1, c.sparseStep) == 0) {
            LayerBuilder::Scope m(lb, QStringLiteral("block_sparse_moe"));
            h = mixtureOfExperts(lb, c, h);
        } else {
            LayerBuilder::Scope m(lb, QStringLiteral("mlp"));
            int gateIn = -1;
            int up = -1;
            if (c.fusedProjections) {
                const std::vector<int> parts = lb.split(lb.linear(h, d, 2 * c.intermediate, false, QStringLiteral("gate_up_proj")), -1,
                                                        {c.intermediate, c.intermediate}, QStringLiteral("chunk"));
                gateIn = parts[0];
                up = parts[1];
            } else {
                gateIn = lb.linear(h, d, c.intermediate, false, QStringLiteral("gate_proj"));
                up = lb.linear(h, d, c.intermediate, false, QStringLiteral("up_proj"));
            }
            const int gate = lb.activation(c.activation, gateIn, QStringLiteral("act_fn"));
            h = lb.linear(lb.mul(gate, up, QStringLiteral("mul")), c.intermediate, d, false, QStringLiteral("down_proj"));
        }
        x = lb.add(x, h, QStringLiteral("add_1"));
    }
    x = lb.rmsNorm(x, d, c.rmsNormEps, QStringLiteral("model.norm"));
    if (c.head == TransformerHead::Base) {
        emitOutputs(lb, x, QStringLiteral("last_hidden_state"), kv);
    } else if (c.tieEmbeddings) {
        emitOutputs(lb, tiedLmHead(lb, x, in.ids, embed, -1, d, c.vocab, QStringLiteral("lm_head")), QStringLiteral("logits"), kv);
    } else {
        emitOutputs(lb, lb.linear(x, d, c.vocab, false, QStringLiteral("lm_head")), QStringLiteral("logits"), kv);
    }
    return finishGraph(lb, name);
}

// ------------------------------------------------------------------------- GPT-J, Falcon, MPT
namespace {

struct DecoderLmNames {
    const char *embedding;
    const char *layers;
    const char *norm1;     // sequential / single parallel norm
    const char *norm2;     // sequential: before the MLP; parallel with two norms: ln_mlp
    const char *attention;
    const char *qkv;       // fused
    const char *output;
    const char *mlp;
    const char *up;
    const char *down;
    const char *finalNorm;
};

DecoderLmNames namesOf(const DecoderLmConfig &c) {
    switch (c.family) {
    case DecoderLmFamily::Falcon:
        return {"transformer.word_embeddings", "transformer.h.", c.twoNorms ? "ln_attn" : "input_layernorm",
                c.twoNorms ? "ln_mlp" : "post_attention_layernorm", "self_attention", "query_key_value", "dense", "mlp",
                "dense_h_to_4h", "dense_4h_to_h", "transformer.ln_f"};
    case DecoderLmFamily::Mpt:
        return {"transformer.wte", "transformer.blocks.", "norm_1", "norm_2", "attn", "Wqkv", "out_proj", "ffn", "up_proj",
                "down_proj", "transformer.norm_f"};
    case DecoderLmFamily::GptJ:
        break;
    }
    return {"transformer.wte", "transformer.h.", "ln_1", "ln_2", "attn", "qkv_proj", "out_proj", "mlp", "fc_in", "fc_out",
            "transformer.ln_f"};
}

}  // namespace

Result<Graph> buildDecoderLm(const QString &name, const DecoderLmConfig &config0, const ZooOptions &options) {
    if (Status st = checkOptions(name, options); !st) {
        return Error{st.errorMessage()};
    }
    const DecoderLmConfig c = scaledConfig(config0, options);
    std::int64_t seq = 0;
    std::int64_t context = 0;
    // GPT-J's sin/cos table holds n_positions rows; Falcon's rotary cache and MPT's ALiBi grow.
    if (Status st = checkDecoder(name, options, c.heads, c.kvHeads, std::min<std::int64_t>(c.maxPositions, 4096),
                                 c.family == DecoderLmFamily::GptJ ? c.maxPositions : 0, "n_positions", seq, context);
        !st) {
        return Error{st.errorMessage()};
    }
    const std::int64_t d = c.hidden;
    const std::int64_t dh = d / c.heads;
    if (c.rotaryDim < 0 || c.rotaryDim > dh || c.rotaryDim % 2 != 0) {
        return Error{QStringLiteral("zoo:%1: the rotary dimension %2 must be even and at most the head size %3").arg(name).arg(c.rotaryDim).arg(dh)};
    }
    const DecoderLmNames n = namesOf(c);
    const QString attentionScope = QLatin1String(n.attention);
    const std::int64_t groups = c.heads / c.kvHeads;
    LayerBuilder lb(name, options.dtype);
    const DecoderInputs in = decoderInputs(lb, options, seq, context, c.layers, c.kvHeads, dh);
    const int embed = lb.weight(QLatin1String(n.embedding) + QStringLiteral(".weight"), {c.vocab, d});
    int x = lb.gather(embed, in.ids, 0, QLatin1String(n.embedding));
    const int mask = additiveCausalMask(lb, in, options.dtype);
    int cosG = -1;
    int sinG = -1;
    int alibi = -1;
    if (c.rotaryDim > 0) {
        int positions = lb.op(QStringLiteral("Range"), {in.pastScalar, in.totalScalar, lb.intScalar(1)}, {}, QStringLiteral("arange"));
        positions = lb.unsqueeze(positions, {0}, QStringLiteral("position_ids"));
        const std::int64_t cacheLen = std::max<std::int64_t>(c.maxPositions, seq + context);
        const int cosCache = lb.buffer(QStringLiteral("rotary_emb.cos_cached"), {cacheLen, c.rotaryDim}, options.dtype);
        const int sinCache = lb.buffer(QStringLiteral("rotary_emb.sin_cached"), {cacheLen, c.rotaryDim}, options.dtype);
        cosG = lb.unsqueeze(lb.gather(cosCache, positions, 0, QStringLiteral("cos")), {1});
        sinG = lb.unsqueeze(lb.gather(sinCache, positions, 0, QStringLiteral("sin")), {1});
    } else {
        // ALiBi: a per-head linear bias over key positions [1, H, 1, past + S], sliced from the table
        // MPT builds for max_seq_len positions.
        const std::int64_t tableLen = std::max<std::int64_t>(c.maxPositions, seq + context);
        const int table = lb.buffer(QStringLiteral("transformer.alibi"), {1, c.heads, 1, tableLen}, options.dtype);
        alibi = lb.sliceDynamic(table, lb.ints({0}), in.totalLen, {3}, QStringLiteral("alibi"));
    }
    auto positionsOf = [&](int heads4, const QString &label) {
        // heads4: [B, S, heads, Dh] -> rotary over the first rotaryDim dims of each head.
        if (c.rotaryDim <= 0) {
            return heads4;
        }
        const int t = lb.transpose(heads4, {0, 2, 1, 3}, label + QStringLiteral("_transpose"));
        if (c.rotaryDim == dh) {
            return rotary(lb, t, cosG, sinG, dh, QStringLiteral("rope_") + label);
        }
        const std::vector<int> parts = lb.split(t, -1, {c.rotaryDim, dh - c.rotaryDim}, label + QStringLiteral("_rot_pass"));
        const int rotated = rotary(lb, parts[0], cosG, sinG, c.rotaryDim, QStringLiteral("rope_") + label);
        return lb.concat({rotated, parts[1]}, -1, label + QStringLiteral("_cat"));
    };
    KvOutputs kv;
    const double scale = std::sqrt(static_cast<double>(dh));
    for (int i = 0; i < c.layers; ++i) {
        LayerBuilder::Scope s(lb, layerScope(n.layers, i));
        const int normed = lb.layerNorm(x, d, c.layerNormEps, QLatin1String(n.norm1), c.normBias);
        int attention = -1;
        {
            LayerBuilder::Scope a(lb, attentionScope);
            int q = -1;
            int k = -1;
            int v = -1;
            if (c.fusedQkv) {
                const int qkv = lb.linear(normed, d, (c.heads + 2 * c.kvHeads) * dh, c.projectionBias, QLatin1String(n.qkv));
                const std::vector<int> parts = lb.split(qkv, -1, {c.heads * dh, c.kvHeads * dh, c.kvHeads * dh}, QStringLiteral("split"));
                q = parts[0];
                k = parts[1];
                v = parts[2];
            } else {
                q = lb.linear(normed, d, c.heads * dh, c.projectionBias, QStringLiteral("q_proj"));
                k = lb.linear(normed, d, c.kvHeads * dh, c.projectionBias, QStringLiteral("k_proj"));
                v = lb.linear(normed, d, c.kvHeads * dh, c.projectionBias, QStringLiteral("v_proj"));
            }
            int qh = lb.reshape(q, {0, 0, c.heads, dh}, QStringLiteral("q_view"));
            int kh = lb.reshape(k, {0, 0, c.kvHeads, dh}, QStringLiteral("k_view"));
            qh = c.rotaryDim > 0 ? positionsOf(qh, QStringLiteral("q")) : lb.transpose(qh, {0, 2, 1, 3}, QStringLiteral("q_transpose"));
            kh = c.rotaryDim > 0 ? positionsOf(kh, QStringLiteral("k")) : lb.transpose(kh, {0, 2, 1, 3}, QStringLiteral("k_transpose"));
            const int kT = lb.transpose(kh, {0, 1, 3, 2}, QStringLiteral("k_t"));
            const int vh = lb.transpose(lb.reshape(v, {0, 0, c.kvHeads, dh}, QStringLiteral("v_view")), {0, 2, 1, 3},
                                        QStringLiteral("v_transpose"));
            auto [keys, values] = appendCache(lb, in, i, kT, vh, kv);
            if (groups > 1 && c.kvHeads > 1) {
                repeatKv(lb, keys, values, c.heads, groups, dh);  // one KV head broadcasts instead
            }
            int scores = lb.matmul(qh, keys, QStringLiteral("matmul"));
            scores = lb.div(scores, lb.scalar(scale), QStringLiteral("truediv"));
            if (alibi >= 0) {
                scores = lb.add(scores, alibi, QStringLiteral("add_alibi"));
            }
            scores = lb.add(scores, mask, QStringLiteral("add_mask"));
            const int probs = lb.softmax(scores, -1, QStringLiteral("softmax"));
            const int ctx = lb.matmul(probs, values, QStringLiteral("matmul_1"));
            attention = lb.linear(mergeHeads(lb, ctx, c.heads * dh, QStringLiteral("merge_heads")), c.heads * dh, d, c.projectionBias,
                                  QLatin1String(n.output));
        }
        int mlpIn = normed;
        if (!c.parallel) {
            x = lb.add(x, attention, QStringLiteral("add"));
            mlpIn = lb.layerNorm(x, d, c.layerNormEps, QLatin1String(n.norm2), c.normBias);
        } else if (c.twoNorms) {
            mlpIn = lb.layerNorm(x, d, c.layerNormEps, QLatin1String(n.norm2), c.normBias);
        }
        int mlp = -1;
        {
            LayerBuilder::Scope m(lb, QLatin1String(n.mlp));
            mlp = lb.linear(mlpIn, d, c.ffn, c.mlpBias, QLatin1String(n.up));
            mlp = lb.activation(c.activation, mlp, QStringLiteral("act"));
            mlp = lb.linear(mlp, c.ffn, d, c.mlpBias, QLatin1String(n.down));
        }
        if (c.parallel) {
            x = lb.add(lb.add(mlp, attention, QStringLiteral("add")), x, QStringLiteral("add_1"));
        } else {
            x = lb.add(x, mlp, QStringLiteral("add_1"));
        }
    }
    x = lb.layerNorm(x, d, c.layerNormEps, QLatin1String(n.finalNorm), c.normBias);
    if (c.head == TransformerHead::Base) {
        emitOutputs(lb, x, QStringLiteral("last_hidden_state"), kv);
    } else if (c.tieEmbeddings) {
        emitOutputs(lb, tiedLmHead(lb, x, in.ids, embed, -1, d, c.vocab, QStringLiteral("lm_head")), QStringLiteral("logits"), kv);
    } else {
        emitOutputs(lb, lb.linear(x, d, c.vocab, c.lmHeadBias, QStringLiteral("lm_head")), QStringLiteral("logits"), kv);
    }
    return finishGraph(lb, name);
}

// --------------------------------------------------------------------------- Switch Transformers
namespace {

struct SwitchContext {
    const SwitchConfig *c = nullptr;
    std::int64_t inner = 0;  // heads * d_kv
    double minValue = 0.0;
};

// T5-style attention: no bias, no scaling; scores += position_bias (which carries the mask).
int t5Attention(LayerBuilder &lb, const SwitchContext &sc, int hidden, int keyValueSource, int positionBias) {
    const SwitchConfig &c = *sc.c;
    const int q = headsFirst(lb, lb.linear(hidden, c.dModel, sc.inner, false, QStringLiteral("q")), c.heads, c.dKv,
                             QStringLiteral("query"));
    const int kT = keysTransposed(lb, lb.linear(keyValueSource, c.dModel, sc.inner, false, QStringLiteral("k")), c.heads, c.dKv,
                                  QStringLiteral("key"));
    const int v = headsFirst(lb, lb.linear(keyValueSource, c.dModel, sc.inner, false, QStringLiteral("v")), c.heads, c.dKv,
                             QStringLiteral("value"));
    int scores = lb.matmul(q, kT, QStringLiteral("matmul"));
    scores = lb.add(scores, positionBias, QStringLiteral("add_position_bias"));
    const int probs = lb.softmax(scores, -1, QStringLiteral("softmax"));
    const int ctx = lb.matmul(probs, v, QStringLiteral("matmul_1"));
    return lb.linear(mergeHeads(lb, ctx, sc.inner, QStringLiteral("unshape")), sc.inner, c.dModel, false, QStringLiteral("o"));
}

int denseFeedForward(LayerBuilder &lb, const SwitchContext &sc, int h) {
    const SwitchConfig &c = *sc.c;
    int y = lb.linear(h, c.dModel, c.dFf, false, QStringLiteral("mlp.wi"));
    y = lb.activation(c.activation, y, QStringLiteral("mlp.act"));
    return lb.linear(y, c.dFf, c.dModel, false, QStringLiteral("mlp.wo"));
}

// SwitchTransformersSparseMLP: top-1 router with an expert capacity. Routing is assumed uniform:
// expert e processes min(capacity, S / E) tokens of each sequence (HF's capacity mask is a cumsum
// over the sequence), the other tokens pass through unchanged (HF starts from hidden.clone()).
int sparseFeedForward(LayerBuilder &lb, const SwitchContext &sc, int h) {
    const SwitchConfig &c = *sc.c;
    const std::int64_t e = c.experts;
    LayerBuilder::Scope s(lb, QStringLiteral("mlp"));
    int logits = lb.linear(h, c.dModel, e, c.routerBias, QStringLiteral("router.classifier"));
    const int probs = lb.softmax(logits, -1, QStringLiteral("router.softmax"));
    const int index = lb.op(QStringLiteral("ArgMax"), {probs}, {attrInt("axis", -1), attrInt("keepdims", 0)}, QStringLiteral("router.argmax"));
    const int onehot = lb.op(QStringLiteral("OneHot"), {index, lb.ints({e}), lb.ints({0, 1})}, {attrInt("axis", -1)},
                             QStringLiteral("router.one_hot"));
    const int priority = lb.op(QStringLiteral("CumSum"), {onehot, lb.intScalar(1)}, {}, QStringLiteral("router.cumsum"));
    const int withinCapacity = lb.op(QStringLiteral("LessOrEqual"), {priority, lb.intScalar(c.expertCapacity)}, {},
                                     QStringLiteral("router.le"));
    const int capacityMask = lb.op(QStringLiteral("Cast"), {withinCapacity}, {attrInt("to", static_cast<int>(DType::I64))},
                                   QStringLiteral("router.to"));
    const int expertIndex = lb.mul(onehot, capacityMask, QStringLiteral("router.mul"));
    const int routerProbs = lb.op(QStringLiteral("ReduceMax"), {probs}, {attrInts("axes", {-1}), attrInt("keepdims", 1)},
                                  QStringLiteral("router.max"));
    const int grouped = lb.reshape(h, {0, e, -1, c.dModel}, QStringLiteral("tokens_by_expert"));
    std::vector<int> outputs;
    for (std::int64_t i = 0; i < e; ++i) {
        LayerBuilder::Scope ex(lb, QStringLiteral("experts.expert_%1").arg(i));
        // router_mask[:, :, i].bool(): the token mask HF indexes with.
        lb.op(QStringLiteral("Cast"), {lb.gather(expertIndex, lb.intScalar(i), 2, QStringLiteral("select"))},
              {attrInt("to", static_cast<int>(DType::Bool))}, QStringLiteral("bool"));
        const int tokens = lb.slice(grouped, {i, 0}, {i + 1, c.expertCapacity}, {1, 2}, {}, QStringLiteral("gather_tokens"));
        int y = lb.linear(tokens, c.dModel, c.dFf, false, QStringLiteral("wi"));
        y = lb.activation(c.activation, y, QStringLiteral("act"));
        outputs.push_back(lb.linear(y, c.dFf, c.dModel, false, QStringLiteral("wo")));
    }
    const int routed = lb.concat(outputs, 1, QStringLiteral("scatter_tokens"));
    const int rest = lb.slice(grouped, {c.expertCapacity}, {std::numeric_limits<std::int64_t>::max()}, {2}, {},
                              QStringLiteral("unrouted_tokens"));
    int next = lb.concat({routed, rest}, 2, QStringLiteral("next_states"));
    next = lb.reshapeTo(next, lb.shapeOf(h), QStringLiteral("next_states_view"));
    return lb.mul(routerProbs, next, QStringLiteral("scale_by_router_probs"));
}

// compute_bias: relative positions bucketed, embedded, permuted to [1, H, S, T], mask added.
int positionBias(LayerBuilder &lb, const SwitchContext &sc, int queryLenScalar, int keyLenScalar, int mask, bool bidirectional) {
    const SwitchConfig &c = *sc.c;
    const int context = lb.unsqueeze(lb.op(QStringLiteral("Range"), {lb.intScalar(0), queryLenScalar, lb.intScalar(1)}, {},
                                           QStringLiteral("context_position")),
                                     {1});
    const int memory = lb.unsqueeze(lb.op(QStringLiteral("Range"), {lb.intScalar(0), keyLenScalar, lb.intScalar(1)}, {},
                                          QStringLiteral("memory_position")),
                                    {0});
    int rel = lb.sub(memory, context, QStringLiteral("relative_position"));
    // _relative_position_bucket, its main element-wise kernels.
    int bucketBase = lb.intScalar(0);
    if (bidirectional) {
        const int positive = lb.op(QStringLiteral("Greater"), {rel, lb.intScalar(0)}, {}, QStringLiteral("bucket.gt"));
        bucketBase = lb.mul(lb.op(QStringLiteral("Cast"), {positive}, {attrInt("to", static_cast<int>(DType::I64))}, QStringLiteral("bucket.to")),
                            lb.intScalar(c.relativeBuckets / 2), QStringLiteral("bucket.mul"));
        rel = lb.op(QStringLiteral("Abs"), {rel}, {}, QStringLiteral("bucket.abs"));
    } else {
        rel = lb.op(QStringLiteral("Neg"), {lb.op(QStringLiteral("Min"), {rel, lb.intScalar(0)}, {}, QStringLiteral("bucket.min"))}, {},
                    QStringLiteral("bucket.neg"));
    }
    const int isSmall = lb.op(QStringLiteral("Less"), {rel, lb.intScalar(c.relativeBuckets / 4)}, {}, QStringLiteral("bucket.lt"));
    int large = lb.op(QStringLiteral("Cast"), {rel}, {attrInt("to", static_cast<int>(DType::F32))},
                      QStringLiteral("bucket.float"));
    large = lb.op(QStringLiteral("Log"), {large}, {}, QStringLiteral("bucket.log"));
    large = lb.op(QStringLiteral("Cast"), {large}, {attrInt("to", static_cast<int>(DType::I64))}, QStringLiteral("bucket.long"));
    large = lb.op(QStringLiteral("Min"), {large, lb.intScalar(c.relativeBuckets - 1)}, {}, QStringLiteral("bucket.min_1"));
    int bucket = lb.where(isSmall, rel, large, QStringLiteral("bucket.where"));
    bucket = lb.add(bucket, bucketBase, QStringLiteral("bucket.add"));
    const int table = lb.weight(QStringLiteral("relative_attention_bias.weight"), {c.relativeBuckets, c.heads});
    int values = lb.gather(table, bucket, 0, QStringLiteral("relative_attention_bias"));  // [S, T, H]
    values = lb.transpose(values, {2, 0, 1}, QStringLiteral("permute"));
    values = lb.unsqueeze(values, {0}, QStringLiteral("unsqueeze"));
    return lb.add(values, mask, QStringLiteral("add_mask"));
}

}  // namespace

Result<Graph> buildSwitch(const QString &name, const SwitchConfig &config0, const ZooOptions &options) {
    if (Status st = checkOptions(name, options); !st) {
        return Error{st.errorMessage()};
    }
    if (options.decode) {
        return Error{QStringLiteral("zoo:%1: the decode phase is only built for decoder-only models (GPT-2, OPT, Llama); "
                                    "this encoder-decoder runs one full forward pass")
                         .arg(name)};
    }
    const SwitchConfig c = scaledConfig(config0, options);
    const std::int64_t seq = sequenceLength(options, 512);
    if (c.experts < 1 || seq % c.experts != 0) {
        return Error{QStringLiteral("zoo:%1: sequence length %2 must be a multiple of the %3 experts (tokens are spread "
                                    "evenly over the experts)")
                         .arg(name)
                         .arg(seq)
                         .arg(c.experts)};
    }
    SwitchContext sc;
    sc.c = &c;
    sc.inner = c.heads * c.dKv;
    sc.minValue = finfoMin(options.dtype);
    LayerBuilder lb(name, options.dtype);
    const int ids = tokenInput(lb, QStringLiteral("input_ids"), options, seq);
    const int decIds = tokenInput(lb, QStringLiteral("decoder_input_ids"), options, seq);
    const int shared = lb.weight(QStringLiteral("shared.weight"), {c.vocab, c.dModel});
    const int seqScalar = lb.dimScalar(ids, 1);
    const int decSeqScalar = lb.dimScalar(decIds, 1);
    // Encoder extended mask [B, 1, 1, S] from attention_mask = ones.
    auto extendedMask = [&lb, &sc, &options](int tokenIds, const QString &prefix) {
        const int ones = lb.fill(lb.shapeOf(tokenIds), 1.0, options.dtype, prefix + QStringLiteral(".ones"));
        int m = lb.unsqueeze(ones, {1, 2}, prefix + QStringLiteral(".mask_view"));
        m = lb.sub(lb.scalar(1.0), m, prefix + QStringLiteral(".mask_sub"));
        return lb.mul(m, lb.scalar(sc.minValue), prefix + QStringLiteral(".mask_mul"));
    };
    int x = -1;
    {
        LayerBuilder::Scope enc(lb, QStringLiteral("encoder"));
        const int mask = extendedMask(ids, QStringLiteral("extended"));
        x = lb.gather(shared, ids, 0, QStringLiteral("embed_tokens"));
        int bias = -1;
        for (int i = 0; i < c.encoderLayers; ++i) {
            LayerBuilder::Scope s(lb, layerScope("block.", i));
            {
                LayerBuilder::Scope a(lb, QStringLiteral("layer.0"));
                if (i == 0) {
                    LayerBuilder::Scope sa(lb, QStringLiteral("SelfAttention"));
                    bias = positionBias(lb, sc, seqScalar, seqScalar, mask, true);
                }
                const int h = lb.rmsNorm(x, c.dModel, c.layerNormEps, QStringLiteral("layer_norm"));
                LayerBuilder::Scope sa(lb, QStringLiteral("SelfAttention"));
                x = lb.add(x, t5Attention(lb, sc, h, h, bias), QStringLiteral("add"));
            }
            LayerBuilder::Scope f(lb, QStringLiteral("layer.1"));
            const int h = lb.rmsNorm(x, c.dModel, c.layerNormEps, QStringLiteral("layer_norm"));
            const bool sparse = c.encoderSparseStep > 0 && (c.encoderSparseStep == 1 || i % c.encoderSparseStep == 1);
            x = lb.add(x, sparse ? sparseFeedForward(lb, sc, h) : denseFeedForward(lb, sc, h), QStringLiteral("add"));
        }
        x = lb.rmsNorm(x, c.dModel, c.layerNormEps, QStringLiteral("final_layer_norm"));
    }
    const int encoderOut = x;
    int y = -1;
    {
        LayerBuilder::Scope dec(lb, QStringLiteral("decoder"));
        // Causal extended mask [B, 1, S, S] and the cross-attention mask over the encoder tokens.
        int causal = lb.fill(lb.concat({lb.dimOf(decIds, 1), lb.dimOf(decIds, 1)}, 0, QStringLiteral("causal_shape")),
                             sc.minValue, options.dtype, QStringLiteral("causal_full"));
        causal = lb.op(QStringLiteral("Trilu"), {causal, lb.intScalar(1)}, {attrInt("upper", 1)}, QStringLiteral("causal_triu"));
        causal = lb.unsqueeze(causal, {0, 1}, QStringLiteral("causal_view"));
        const int selfMask = lb.add(causal, extendedMask(decIds, QStringLiteral("extended")), QStringLiteral("causal_mask"));
        const int crossMask = extendedMask(ids, QStringLiteral("encoder_extended"));
        y = lb.gather(shared, decIds, 0, QStringLiteral("embed_tokens"));
        int selfBias = -1;
        int crossBias = -1;
        for (int i = 0; i < c.decoderLayers; ++i) {
            LayerBuilder::Scope s(lb, layerScope("block.", i));
            {
                LayerBuilder::Scope a(lb, QStringLiteral("layer.0"));
                if (i == 0) {
                    LayerBuilder::Scope sa(lb, QStringLiteral("SelfAttention"));
                    selfBias = positionBias(lb, sc, decSeqScalar, decSeqScalar, selfMask, false);
                }
                const int h = lb.rmsNorm(y, c.dModel, c.layerNormEps, QStringLiteral("layer_norm"));
                LayerBuilder::Scope sa(lb, QStringLiteral("SelfAttention"));
                y = lb.add(y, t5Attention(lb, sc, h, h, selfBias), QStringLiteral("add"));
            }
            {
                LayerBuilder::Scope a(lb, QStringLiteral("layer.1"));
                if (i == 0) {
                    // No relative bias across: zeros [1, H, S, S_enc] + the encoder mask.
                    const int shape = lb.concat({lb.ints({1, c.heads}), lb.dimOf(decIds, 1), lb.dimOf(ids, 1)}, 0,
                                                QStringLiteral("cross_bias_shape"));
                    crossBias = lb.add(lb.fill(shape, 0.0, options.dtype, QStringLiteral("cross_bias_zeros")), crossMask,
                                       QStringLiteral("cross_bias"));
                }
                const int h = lb.rmsNorm(y, c.dModel, c.layerNormEps, QStringLiteral("layer_norm"));
                LayerBuilder::Scope ca(lb, QStringLiteral("EncDecAttention"));
                y = lb.add(y, t5Attention(lb, sc, h, encoderOut, crossBias), QStringLiteral("add"));
            }
            LayerBuilder::Scope f(lb, QStringLiteral("layer.2"));
            const int h = lb.rmsNorm(y, c.dModel, c.layerNormEps, QStringLiteral("layer_norm"));
            const bool sparse = c.decoderSparseStep > 0 && (c.decoderSparseStep == 1 || i % c.decoderSparseStep == 1);
            y = lb.add(y, sparse ? sparseFeedForward(lb, sc, h) : denseFeedForward(lb, sc, h), QStringLiteral("add"));
        }
        y = lb.rmsNorm(y, c.dModel, c.layerNormEps, QStringLiteral("final_layer_norm"));
    }
    if (c.head == TransformerHead::Base) {
        lb.output(y, QStringLiteral("last_hidden_state"));
    } else {
        if (c.tieEmbeddings) {
            y = lb.mul(y, lb.scalar(1.0 / std::sqrt(static_cast<double>(c.dModel))), QStringLiteral("rescale"));
            y = tiedLmHead(lb, y, decIds, shared, -1, c.dModel, c.vocab, QStringLiteral("lm_head"));
        } else {
            y = lb.linear(y, c.dModel, c.vocab, false, QStringLiteral("lm_head"));
        }
        lb.output(y, QStringLiteral("logits"));
    }
    lb.output(encoderOut, QStringLiteral("encoder_last_hidden_state"));
    return finishGraph(lb, name);
}

}  // namespace infersight
