// SPDX-License-Identifier: MIT
#include "importers/hfconfig/hf_config_importer.h"

#include "base/checked_arithmetic.h"
#include "base/model_limits.h"
#include "base/file_io.h"
#include "graph/shape_inference.h"
#include "zoo/layer_builder.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

#include <cmath>
#include <limits>

namespace infersight {

namespace {

QString jsonTypeName(const QJsonValue &v) {
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("undefined");
}

// Reads typed fields of one config object and remembers the first problem.
class FieldReader {
public:
    FieldReader(const QJsonObject &object, QString source) : m_object(object), m_source(std::move(source)) {}

    bool failed() const { return !m_error.isEmpty(); }
    Error error() const { return Error{m_error}; }

    // A required positive integer (a JSON number with no fraction).
    std::int64_t requireInt(const char *field, std::int64_t min = 1) {
        const QJsonValue v = m_object.value(QLatin1String(field));
        if (v.isUndefined()) {
            fail(QStringLiteral("the required field '%1' is missing").arg(QLatin1String(field)));
            return min;
        }
        return toInt(field, v, min);
    }
    // The first of several alternative names that is present (e.g. n_positions, n_ctx).
    std::int64_t optionalInt(std::initializer_list<const char *> fields, std::int64_t fallback, std::int64_t min = 1) {
        for (const char *field : fields) {
            const QJsonValue v = m_object.value(QLatin1String(field));
            if (!v.isUndefined() && !v.isNull()) {
                return toInt(field, v, min);
            }
        }
        return fallback;
    }
    std::int64_t optionalInt(const char *field, std::int64_t fallback, std::int64_t min = 1) { return optionalInt({field}, fallback, min); }
    double optionalDouble(const char *field, double fallback) {
        const QJsonValue v = m_object.value(QLatin1String(field));
        if (v.isUndefined() || v.isNull()) {
            return fallback;
        }
        if (!v.isDouble() || !std::isfinite(v.toDouble())) {
            fail(QStringLiteral("field '%1' must be a number, not %2").arg(QLatin1String(field), jsonTypeName(v)));
            return fallback;
        }
        return v.toDouble();
    }
    bool optionalBool(const char *field, bool fallback) {
        const QJsonValue v = m_object.value(QLatin1String(field));
        if (v.isUndefined() || v.isNull()) {
            return fallback;
        }
        if (!v.isBool()) {
            fail(QStringLiteral("field '%1' must be true or false, not %2").arg(QLatin1String(field), jsonTypeName(v)));
            return fallback;
        }
        return v.toBool();
    }
    QString optionalString(const char *field, const QString &fallback) {
        const QJsonValue v = m_object.value(QLatin1String(field));
        if (v.isUndefined() || v.isNull()) {
            return fallback;
        }
        if (!v.isString()) {
            fail(QStringLiteral("field '%1' must be a string, not %2").arg(QLatin1String(field), jsonTypeName(v)));
            return fallback;
        }
        return v.toString();
    }
    void fail(const QString &message) {
        if (m_error.isEmpty()) {
            m_error = QStringLiteral("%1: %2").arg(m_source, message);
        }
    }

private:
    std::int64_t toInt(const char *field, const QJsonValue &v, std::int64_t min) {
        if (!v.isDouble()) {
            fail(QStringLiteral("field '%1' must be an integer, not %2").arg(QLatin1String(field), jsonTypeName(v)));
            return min;
        }
        const double d = v.toDouble();
        if (!std::isfinite(d) || d != std::floor(d) || d < static_cast<double>(min) || d > 1e12) {
            fail(QStringLiteral("field '%1' must be an integer of at least %2, not %3").arg(QLatin1String(field)).arg(min).arg(d));
            return min;
        }
        return static_cast<std::int64_t>(d);
    }

    QJsonObject m_object;
    QString m_source;
    QString m_error;
};

// An activation field: a name the builders know (LayerBuilder::activationNames), else the model
// type's default with a warning (an unknown name would otherwise be built as ReLU, silently).
QString activationField(FieldReader &r, QStringList &warnings, const QString &source, const char *field, const QString &fallback) {
    const QString value = r.optionalString(field, fallback);
    if (LayerBuilder::activationNames().contains(value.toLower())) {
        return value;
    }
    QString shown = value;
    shown.replace(QLatin1Char('\n'), QLatin1String("\\n")).replace(QLatin1Char('\r'), QLatin1String("\\r"));
    warnings << QStringLiteral("%1: %2 '%3' is not an activation infersight knows (known: %4); costed as '%5', the default of this model type")
                    .arg(source, QLatin1String(field), shown, LayerBuilder::activationNames().join(QStringLiteral(", ")), fallback);
    return fallback;
}

int intLayers(FieldReader &r, std::int64_t v) {
    if (v > maxLayers()) {
        r.fail(QStringLiteral("the layer count %1 is out of range: %2").arg(v).arg(maxLayersText()));
        return 1;
    }
    return static_cast<int>(v);
}

// Picks the head from the architecture class name; fails for classes of other tasks.
TransformerHead headFor(FieldReader &r, const QString &arch, const QStringList &base, const QStringList &lm,
                        const QStringList &classification = {}, const QStringList &pretraining = {}) {
    if (base.contains(arch)) {
        return TransformerHead::Base;
    }
    if (lm.contains(arch)) {
        return TransformerHead::LanguageModel;
    }
    if (classification.contains(arch)) {
        return TransformerHead::SequenceClassification;
    }
    if (pretraining.contains(arch)) {
        return TransformerHead::PreTraining;
    }
    r.fail(QStringLiteral("architecture '%1' is not supported (supported: %2)").arg(arch, (base + lm + classification + pretraining).join(QStringLiteral(", "))));
    return TransformerHead::Base;
}

void checkHeads(FieldReader &r, std::int64_t hidden, std::int64_t heads, const char *hiddenField, const char *headsField) {
    if (heads > 0 && hidden % heads != 0) {
        r.fail(QStringLiteral("'%1' (%2) is not a multiple of '%3' (%4)")
                   .arg(QLatin1String(hiddenField))
                   .arg(hidden)
                   .arg(QLatin1String(headsField))
                   .arg(heads));
    }
}

// One weight of the model as a product of two config fields.
struct WeightSize {
    const char *fieldA;
    std::int64_t a;
    const char *fieldB;
    std::int64_t b;
};

// Checked sizes: every weight, and all of them over `layers` layers, within kMaxTensorElements
// (2^50). Fails naming the fields whose product does not fit, instead of a wrapped count.
void checkWeightSizes(FieldReader &r, std::initializer_list<WeightSize> perLayer, std::initializer_list<WeightSize> once,
                      std::int64_t layers, const char *layersField) {
    if (r.failed()) {
        return;
    }
    const QString limit = QStringLiteral("the limit of 2^50 (%1) elements a tensor may have")
                              .arg(static_cast<double>(kMaxTensorElements), 0, 'g', 3);
    std::int64_t layerTotal = 0;
    std::int64_t onceTotal = 0;
    for (const auto &[list, total] : {std::pair{perLayer, &layerTotal}, std::pair{once, &onceTotal}}) {
        for (const WeightSize &w : list) {
            const std::optional<std::int64_t> n = checkedMul(w.a, w.b);
            if (!n || *n > kMaxTensorElements) {
                r.fail(QStringLiteral("'%1' (%2) x '%3' (%4) gives a weight of %5 elements, more than %6: check these fields")
                           .arg(QLatin1String(w.fieldA))
                           .arg(w.a)
                           .arg(QLatin1String(w.fieldB))
                           .arg(w.b)
                           .arg(static_cast<double>(w.a) * static_cast<double>(w.b), 0, 'g', 3)
                           .arg(limit));
                return;
            }
            *total = checkedAdd(*total, *n).value_or(kMaxTensorElements + 1);
        }
    }
    const std::optional<std::int64_t> all = checkedMul(layerTotal, layers);
    const std::optional<std::int64_t> sum = all ? checkedAdd(*all, onceTotal) : std::nullopt;
    if (!sum || *sum > kMaxTensorElements) {
        r.fail(QStringLiteral("'%1' (%2) layers of %3 parameters each give more than 2^50 (%4) parameters: check the sizes")
                   .arg(QLatin1String(layersField))
                   .arg(layers)
                   .arg(static_cast<double>(layerTotal), 0, 'g', 3)
                   .arg(static_cast<double>(kMaxTensorElements), 0, 'g', 3));
    }
}

}  // namespace

int HfModelConfig::layers() const {
    return std::visit(
        [](const auto &c) -> int {
            using T = std::decay_t<decltype(c)>;
            if constexpr (std::is_same_v<T, SwitchConfig>) {
                return c.encoderLayers + c.decoderLayers;
            } else {
                return c.layers;
            }
        },
        config);
}

namespace {

// The decoder LLMs built as Llama graphs (buildLlama), with what each changes and its
// configuration class's defaults (transformers' Qwen2Config, Qwen3Config, Phi3Config, GemmaConfig,
// MixtralConfig, Qwen3MoeConfig).
struct LlamaFamily {
    const char *modelType;
    const char *classPrefix;          // <prefix>Model / <prefix>ForCausalLM
    std::int64_t maxPositions;        // max_position_embeddings default
    std::int64_t headDim;             // head_dim default (0: hidden / heads)
    double rmsNormEps;
    bool tiedEmbeddings;              // tie_word_embeddings default
    bool qkvBias;
    bool qkNorm;
    bool fusedProjections;
    bool scaleEmbeddings;
    bool mixtureOfExperts;            // a sparse MoE block for the MLP (Mixtral, Qwen3-MoE)
    const char *activationField;      // the config field naming the MLP activation
    const char *activation;           // its default (also when the field is null)
};

constexpr LlamaFamily kLlamaFamilies[] = {
    {"llama", "Llama", 2048, 0, 1e-6, false, false, false, false, false, false, "hidden_act", "silu"},
    {"mistral", "Mistral", 32768, 0, 1e-6, false, false, false, false, false, false, "hidden_act", "silu"},
    // Qwen2: biased q/k/v, unbiased o_proj; the sliding window is off by default (use_sliding_window).
    {"qwen2", "Qwen2", 32768, 0, 1e-6, false, true, false, false, false, false, "hidden_act", "silu"},
    // Qwen3: q_norm / k_norm over each head; head_dim 128 unless stated.
    {"qwen3", "Qwen3", 32768, 128, 1e-6, false, false, true, false, false, false, "hidden_act", "silu"},
    // Phi-3: fused qkv_proj and gate_up_proj (same weights as separate projections, fewer GEMMs).
    {"phi3", "Phi3", 4096, 0, 1e-5, false, false, false, true, false, false, "hidden_act", "silu"},
    // Gemma: head_dim 256, tied embeddings scaled by sqrt(hidden); GemmaMLP uses hidden_activation
    // (gelu_pytorch_tanh when it is not set, whatever hidden_act says).
    {"gemma", "Gemma", 8192, 256, 1e-6, true, false, false, false, true, false, "hidden_activation", "gelu_pytorch_tanh"},
    // Mixtral: Mistral with a sparse MoE block for the MLP (8 experts, 2 per token in 8x7B).
    {"mixtral", "Mixtral", 32768, 0, 1e-5, false, false, false, false, false, true, "hidden_act", "silu"},
    // Qwen3-MoE: Qwen3 (q/k norms) with num_experts experts of moe_intermediate_size.
    {"qwen3_moe", "Qwen3Moe", 32768, 128, 1e-6, false, false, true, false, false, true, "hidden_act", "silu"},
};

const LlamaFamily *llamaFamily(const QString &modelType) {
    for (const LlamaFamily &f : kLlamaFamilies) {
        if (modelType == QLatin1String(f.modelType)) {
            return &f;
        }
    }
    return nullptr;
}

}  // namespace

QStringList supportedHfModelTypes() {
    return {QStringLiteral("bert"),  QStringLiteral("gpt2"),  QStringLiteral("opt"),  QStringLiteral("llama"),
            QStringLiteral("mistral"), QStringLiteral("qwen2"), QStringLiteral("qwen3"), QStringLiteral("phi3"),
            QStringLiteral("gemma"), QStringLiteral("mixtral"), QStringLiteral("qwen3_moe"), QStringLiteral("gptj"),  QStringLiteral("falcon"), QStringLiteral("mpt"),
            QStringLiteral("switch_transformers")};
}

namespace {

Result<HfModelConfig> parseHfConfigFields(const QByteArray &json, const QString &sourceName, const QString &architecture);

}  // namespace

Result<HfModelConfig> parseHfConfig(const QByteArray &json, const QString &sourceName, const QString &architecture) {
    Result<HfModelConfig> config = parseHfConfigFields(json, sourceName, architecture);
    if (!config) {
        // Errors quote the file's strings (model_type, architectures): keep them one line (a JSON
        // string may hold line breaks; found by tests/fuzz/hf_config).
        QString message = config.errorMessage();
        message.replace(QLatin1Char('\n'), QLatin1String("\\n")).replace(QLatin1Char('\r'), QLatin1String("\\r"));
        return Error{message};
    }
    return config;
}

namespace {

Result<HfModelConfig> parseHfConfigFields(const QByteArray &json, const QString &sourceName, const QString &architecture) {
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return Error{QStringLiteral("%1: not valid JSON (%2 at offset %3)").arg(sourceName, parseError.errorString()).arg(parseError.offset)};
    }
    if (!doc.isObject()) {
        return Error{QStringLiteral("%1: a HuggingFace config.json must be a JSON object").arg(sourceName)};
    }
    const QJsonObject o = doc.object();
    FieldReader r(o, sourceName);
    HfModelConfig out;
    const QJsonValue typeValue = o.value(QLatin1String("model_type"));
    if (typeValue.isUndefined()) {
        return Error{QStringLiteral("%1: the required field 'model_type' is missing (is this a HuggingFace config.json?)").arg(sourceName)};
    }
    if (!typeValue.isString()) {
        return Error{QStringLiteral("%1: field 'model_type' must be a string, not %2").arg(sourceName, jsonTypeName(typeValue))};
    }
    out.modelType = typeValue.toString();
    if (!supportedHfModelTypes().contains(out.modelType)) {
        return Error{QStringLiteral("%1: model_type '%2' is not supported (supported: %3)")
                         .arg(sourceName, out.modelType, supportedHfModelTypes().join(QStringLiteral(", ")))};
    }
    QString arch = architecture;
    if (arch.isEmpty()) {
        const QJsonValue archs = o.value(QLatin1String("architectures"));
        if (!archs.isUndefined() && !archs.isNull()) {
            if (!archs.isArray() || archs.toArray().isEmpty() || !archs.toArray().first().isString()) {
                return Error{QStringLiteral("%1: field 'architectures' must be a non-empty array of class names").arg(sourceName)};
            }
            arch = archs.toArray().first().toString();
        }
    }
    out.name = r.optionalString("_name_or_path", QFileInfo(sourceName).completeBaseName());
    const QString &t = out.modelType;
    if (t == QLatin1String("bert")) {
        BertConfig c;
        if (arch.isEmpty()) {
            arch = QStringLiteral("BertModel");
        }
        c.head = headFor(r, arch, {QStringLiteral("BertModel")}, {QStringLiteral("BertForMaskedLM"), QStringLiteral("BertLMHeadModel")},
                         {QStringLiteral("BertForSequenceClassification")}, {QStringLiteral("BertForPreTraining")});
        c.vocab = r.requireInt("vocab_size");
        c.hidden = r.requireInt("hidden_size");
        c.layers = intLayers(r, r.requireInt("num_hidden_layers"));
        c.heads = r.requireInt("num_attention_heads");
        c.intermediate = r.requireInt("intermediate_size");
        c.maxPositions = r.optionalInt("max_position_embeddings", 512);
        c.typeVocab = r.optionalInt("type_vocab_size", 2);
        c.layerNormEps = r.optionalDouble("layer_norm_eps", 1e-12);
        c.activation = activationField(r, out.warnings, sourceName, "hidden_act", QStringLiteral("gelu"));
        const QJsonValue labels = o.value(QLatin1String("id2label"));
        c.numLabels = r.optionalInt("num_labels", labels.isObject() ? labels.toObject().size() : 2);
        checkHeads(r, c.hidden, c.heads, "hidden_size", "num_attention_heads");
        checkWeightSizes(r, {{"hidden_size", c.hidden, "hidden_size", c.hidden}, {"hidden_size", c.hidden, "intermediate_size", c.intermediate}},
                         {{"vocab_size", c.vocab, "hidden_size", c.hidden}, {"max_position_embeddings", c.maxPositions, "hidden_size", c.hidden}},
                         c.layers, "num_hidden_layers");
        out.defaultSeq = c.maxPositions;
        out.config = c;
    } else if (t == QLatin1String("gpt2")) {
        Gpt2Config c;
        if (arch.isEmpty()) {
            arch = QStringLiteral("GPT2Model");
        }
        c.head = headFor(r, arch, {QStringLiteral("GPT2Model")}, {QStringLiteral("GPT2LMHeadModel")});
        c.vocab = r.requireInt("vocab_size");
        c.embd = r.requireInt("n_embd");
        c.layers = intLayers(r, r.requireInt("n_layer"));
        c.heads = r.requireInt("n_head");
        c.positions = r.optionalInt({"n_positions", "n_ctx"}, 1024);
        c.inner = r.optionalInt("n_inner", 0);
        c.layerNormEps = r.optionalDouble("layer_norm_epsilon", 1e-5);
        c.activation = activationField(r, out.warnings, sourceName, "activation_function", QStringLiteral("gelu_new"));
        checkHeads(r, c.embd, c.heads, "n_embd", "n_head");
        checkWeightSizes(r, {{"n_embd", c.embd, "n_embd", c.embd}, {"n_embd", c.embd, "n_inner", c.inner > 0 ? c.inner : 4 * c.embd}},
                         {{"vocab_size", c.vocab, "n_embd", c.embd}, {"n_positions", c.positions, "n_embd", c.embd}}, c.layers, "n_layer");
        out.defaultSeq = c.positions;
        out.decoder = true;
        out.config = c;
    } else if (t == QLatin1String("opt")) {
        OptConfig c;
        if (arch.isEmpty()) {
            arch = QStringLiteral("OPTModel");
        }
        c.head = headFor(r, arch, {QStringLiteral("OPTModel")}, {QStringLiteral("OPTForCausalLM")});
        c.vocab = r.requireInt("vocab_size");
        c.hidden = r.requireInt("hidden_size");
        c.layers = intLayers(r, r.requireInt("num_hidden_layers"));
        c.heads = r.requireInt("num_attention_heads");
        c.ffn = r.requireInt("ffn_dim");
        c.maxPositions = r.optionalInt("max_position_embeddings", 2048);
        const std::int64_t proj = r.optionalInt("word_embed_proj_dim", c.hidden);
        c.wordEmbedProjDim = proj == c.hidden ? 0 : proj;
        c.layerNormBefore = r.optionalBool("do_layer_norm_before", true);
        c.finalLayerNorm = c.layerNormBefore && !r.optionalBool("_remove_final_layer_norm", false);
        c.enableBias = r.optionalBool("enable_bias", true);
        c.activation = activationField(r, out.warnings, sourceName, "activation_function", QStringLiteral("relu"));
        checkHeads(r, c.hidden, c.heads, "hidden_size", "num_attention_heads");
        checkWeightSizes(r, {{"hidden_size", c.hidden, "hidden_size", c.hidden}, {"hidden_size", c.hidden, "ffn_dim", c.ffn}},
                         {{"vocab_size", c.vocab, "hidden_size", c.hidden}, {"max_position_embeddings", c.maxPositions, "hidden_size", c.hidden}},
                         c.layers, "num_hidden_layers");
        out.defaultSeq = c.maxPositions;
        out.decoder = true;
        out.config = c;
    } else if (const LlamaFamily *family = llamaFamily(t)) {
        LlamaConfig c;
        const QString prefix = QLatin1String(family->classPrefix);
        if (arch.isEmpty()) {
            arch = prefix + QStringLiteral("Model");
        }
        c.head = headFor(r, arch, {prefix + QStringLiteral("Model")}, {prefix + QStringLiteral("ForCausalLM")});
        c.vocab = r.requireInt("vocab_size");
        c.hidden = r.requireInt("hidden_size");
        c.intermediate = r.requireInt("intermediate_size");
        c.layers = intLayers(r, r.requireInt("num_hidden_layers"));
        c.heads = r.requireInt("num_attention_heads");
        c.kvHeads = r.optionalInt("num_key_value_heads", c.heads);
        c.headDim = r.optionalInt("head_dim", family->headDim);
        c.maxPositions = r.optionalInt("max_position_embeddings", family->maxPositions);
        c.rmsNormEps = r.optionalDouble("rms_norm_eps", family->rmsNormEps);
        c.tieEmbeddings = r.optionalBool("tie_word_embeddings", family->tiedEmbeddings);
        c.attentionBias = r.optionalBool("attention_bias", false);
        c.qkvBias = family->qkvBias;
        c.qkNorm = family->qkNorm;
        c.fusedProjections = family->fusedProjections;
        c.scaleEmbeddings = family->scaleEmbeddings;
        if (family->mixtureOfExperts && t == QLatin1String("qwen3_moe")) {
            c.experts = r.optionalInt("num_experts", 128);
            c.expertsPerToken = r.optionalInt("num_experts_per_tok", 8);
            c.expertIntermediate = r.optionalInt("moe_intermediate_size", 768);
            c.normalizeTopK = r.optionalBool("norm_topk_prob", false);
            const std::int64_t step = r.optionalInt("decoder_sparse_step", 1);
            c.sparseStep = step > c.layers ? c.layers + 1 : static_cast<int>(step);
            const QJsonValue dense = o.value(QLatin1String("mlp_only_layers"));
            if (dense.isArray() && !dense.toArray().isEmpty()) {
                out.warnings << QStringLiteral("%1: mlp_only_layers is not modelled: every %2th layer is costed as sparse")
                                    .arg(sourceName)
                                    .arg(c.sparseStep);
            }
        } else if (family->mixtureOfExperts) {
            c.experts = r.optionalInt("num_local_experts", 8);
            c.expertsPerToken = r.optionalInt("num_experts_per_tok", 2);
        }
        if (!r.failed() && c.experts > 0 && c.expertsPerToken > c.experts) {
            r.fail(QStringLiteral("'num_experts_per_tok' (%1) is more than the %2 experts").arg(c.expertsPerToken).arg(c.experts));
        }
        if (!r.failed() && c.experts > 1024) {
            r.fail(QStringLiteral("the expert count (%1) is out of range: at most 1024").arg(c.experts));
        }
        c.activation = activationField(r, out.warnings, sourceName, family->activationField, QLatin1String(family->activation));
        if (c.headDim == 0) {
            checkHeads(r, c.hidden, c.heads, "hidden_size", "num_attention_heads");
        }
        if (!r.failed() && c.heads % c.kvHeads != 0) {
            r.fail(QStringLiteral("'num_attention_heads' (%1) is not a multiple of 'num_key_value_heads' (%2)").arg(c.heads).arg(c.kvHeads));
        }
        checkWeightSizes(r, {{"hidden_size", c.hidden, "hidden_size", c.hidden}, {"hidden_size", c.hidden, "intermediate_size", c.intermediate},
                             {"num_attention_heads", c.heads, "head_dim", c.headDim}},
                         {{"vocab_size", c.vocab, "hidden_size", c.hidden}}, c.layers, "num_hidden_layers");
        if (!r.failed() && c.experts > 0) {
            // The stacked expert weights [experts, hidden, intermediate] (x 3 per layer).
            const std::int64_t width = c.expertIntermediate > 0 ? c.expertIntermediate : c.intermediate;
            const std::optional<std::int64_t> hw = checkedMul(c.hidden, width);
            const std::optional<std::int64_t> stacked = hw ? checkedMul(c.experts, *hw) : std::nullopt;
            const std::optional<std::int64_t> all = stacked ? checkedMul(*stacked, 3 * static_cast<std::int64_t>(c.layers)) : std::nullopt;
            if (!stacked || *stacked > kMaxTensorElements || !all || *all > kMaxTensorElements * 1024) {
                r.fail(QStringLiteral("the experts (%1) x 'hidden_size' (%2) x the expert width (%3) is out of range")
                           .arg(c.experts)
                           .arg(c.hidden)
                           .arg(width));
            }
        }
        out.defaultSeq = std::min<std::int64_t>(c.maxPositions, 4096);
        out.decoder = true;
        out.config = c;
    } else if (t == QLatin1String("gptj")) {
        DecoderLmConfig c;
        c.family = DecoderLmFamily::GptJ;
        if (arch.isEmpty()) {
            arch = QStringLiteral("GPTJModel");
        }
        c.head = headFor(r, arch, {QStringLiteral("GPTJModel")}, {QStringLiteral("GPTJForCausalLM")});
        c.vocab = r.requireInt("vocab_size");
        c.hidden = r.requireInt("n_embd");
        c.layers = intLayers(r, r.requireInt("n_layer"));
        c.heads = r.requireInt("n_head");
        c.kvHeads = c.heads;
        c.ffn = r.optionalInt("n_inner", 4 * c.hidden);
        c.maxPositions = r.optionalInt("n_positions", 2048);
        c.layerNormEps = r.optionalDouble("layer_norm_epsilon", 1e-5);
        c.activation = activationField(r, out.warnings, sourceName, "activation_function", QStringLiteral("gelu_new"));
        checkHeads(r, c.hidden, c.heads, "n_embd", "n_head");
        c.rotaryDim = r.optionalInt("rotary_dim", c.heads > 0 ? c.hidden / c.heads : 64);
        c.fusedQkv = false;
        c.mlpBias = true;
        c.tieEmbeddings = r.optionalBool("tie_word_embeddings", false);
        c.lmHeadBias = !c.tieEmbeddings;
        checkWeightSizes(r, {{"n_embd", c.hidden, "n_embd", c.hidden}, {"n_embd", c.hidden, "n_inner", c.ffn}},
                         {{"vocab_size", c.vocab, "n_embd", c.hidden}}, c.layers, "n_layer");
        out.defaultSeq = std::min<std::int64_t>(c.maxPositions, 4096);
        out.decoder = true;
        out.config = c;
    } else if (t == QLatin1String("falcon")) {
        DecoderLmConfig c;
        c.family = DecoderLmFamily::Falcon;
        if (arch.isEmpty()) {
            arch = QStringLiteral("FalconModel");
        }
        c.head = headFor(r, arch, {QStringLiteral("FalconModel")}, {QStringLiteral("FalconForCausalLM")});
        c.vocab = r.requireInt("vocab_size");
        c.hidden = r.requireInt("hidden_size");
        c.layers = intLayers(r, r.optionalInt({"num_hidden_layers", "n_layer"}, 32));
        c.heads = r.optionalInt({"num_attention_heads", "n_head"}, 71);
        // FalconConfig: the new decoder architecture (Falcon-40B/180B) has num_kv_heads and two
        // norms; otherwise multi_query gives one KV head.
        const bool newArchitecture = r.optionalBool("new_decoder_architecture", false);
        const bool multiQuery = r.optionalBool("multi_query", true);
        c.kvHeads = newArchitecture ? r.optionalInt("num_kv_heads", c.heads) : (multiQuery ? 1 : c.heads);
        c.twoNorms = newArchitecture && r.optionalInt("num_ln_in_parallel_attn", 2) == 2;
        c.parallel = newArchitecture || r.optionalBool("parallel_attn", true);
        c.ffn = r.optionalInt("ffn_hidden_size", 4 * c.hidden);
        c.maxPositions = r.optionalInt("max_position_embeddings", 2048);
        c.layerNormEps = r.optionalDouble("layer_norm_epsilon", 1e-5);
        c.activation = activationField(r, out.warnings, sourceName, "activation", QStringLiteral("gelu"));
        checkHeads(r, c.hidden, c.heads, "hidden_size", "num_attention_heads");
        const bool bias = r.optionalBool("bias", false);
        c.projectionBias = bias;
        c.mlpBias = bias;
        c.fusedQkv = true;
        c.rotaryDim = r.optionalBool("alibi", false) ? 0 : (c.heads > 0 ? c.hidden / c.heads : 64);
        c.tieEmbeddings = r.optionalBool("tie_word_embeddings", true);
        if (!r.failed() && c.heads % c.kvHeads != 0) {
            r.fail(QStringLiteral("'num_attention_heads' (%1) is not a multiple of 'num_kv_heads' (%2)").arg(c.heads).arg(c.kvHeads));
        }
        checkWeightSizes(r, {{"hidden_size", c.hidden, "hidden_size", c.hidden}, {"hidden_size", c.hidden, "ffn_hidden_size", c.ffn}},
                         {{"vocab_size", c.vocab, "hidden_size", c.hidden}}, c.layers, "num_hidden_layers");
        out.defaultSeq = std::min<std::int64_t>(c.maxPositions, 4096);
        out.decoder = true;
        out.config = c;
    } else if (t == QLatin1String("mpt")) {
        DecoderLmConfig c;
        c.family = DecoderLmFamily::Mpt;
        if (arch.isEmpty()) {
            arch = QStringLiteral("MptModel");
        }
        c.head = headFor(r, arch, {QStringLiteral("MptModel"), QStringLiteral("MPTModel")},
                         {QStringLiteral("MptForCausalLM"), QStringLiteral("MPTForCausalLM")});
        c.vocab = r.requireInt("vocab_size");
        c.hidden = r.requireInt("d_model");
        c.layers = intLayers(r, r.requireInt("n_layers"));
        c.heads = r.requireInt("n_heads");
        c.kvHeads = c.heads;
        const std::int64_t ratio = r.optionalInt("expansion_ratio", 4);
        if (c.hidden > std::numeric_limits<std::int64_t>::max() / std::max<std::int64_t>(1, ratio) / 8) {
            r.fail(QStringLiteral("'d_model' (%1) x 'expansion_ratio' (%2) is out of range").arg(c.hidden).arg(ratio));
        } else {
            c.ffn = c.hidden * ratio;
        }
        c.maxPositions = r.optionalInt("max_seq_len", 2048);
        c.layerNormEps = r.optionalDouble("layer_norm_epsilon", 1e-5);
        checkHeads(r, c.hidden, c.heads, "d_model", "n_heads");
        const bool noBias = r.optionalBool("no_bias", true);
        c.normBias = !noBias;
        c.projectionBias = !noBias;
        c.mlpBias = !noBias;
        c.parallel = false;
        c.fusedQkv = true;
        c.activation = QStringLiteral("gelu");
        const QJsonValue attn = o.value(QLatin1String("attn_config"));
        bool alibi = true;
        if (attn.isObject()) {
            FieldReader ar(attn.toObject(), QStringLiteral("attn_config"));
            alibi = ar.optionalBool("alibi", true);
            if (ar.failed()) {
                r.fail(ar.error().message);  // "attn_config: field 'alibi' must be ..."
            }
        } else if (!attn.isUndefined() && !attn.isNull()) {
            r.fail(QStringLiteral("field 'attn_config' must be an object, not %1").arg(jsonTypeName(attn)));
        }
        if (!alibi) {
            out.warnings << QStringLiteral("%1: attn_config.alibi is false (learned positions): costed with ALiBi's bias add, "
                                           "without the learned position embedding").arg(sourceName);
        }
        c.rotaryDim = 0;
        c.tieEmbeddings = true;
        checkWeightSizes(r, {{"d_model", c.hidden, "d_model", c.hidden}, {"d_model", c.hidden, "expansion_ratio x d_model", c.ffn}},
                         {{"vocab_size", c.vocab, "d_model", c.hidden}}, c.layers, "n_layers");
        out.defaultSeq = std::min<std::int64_t>(c.maxPositions, 4096);
        out.decoder = true;
        out.config = c;
    } else {  // switch_transformers
        SwitchConfig c;
        if (arch.isEmpty()) {
            arch = QStringLiteral("SwitchTransformersModel");
        }
        c.head = headFor(r, arch, {QStringLiteral("SwitchTransformersModel")}, {QStringLiteral("SwitchTransformersForConditionalGeneration")});
        c.vocab = r.requireInt("vocab_size");
        c.dModel = r.requireInt("d_model");
        c.dKv = r.requireInt("d_kv");
        c.dFf = r.requireInt("d_ff");
        c.heads = r.requireInt("num_heads");
        c.encoderLayers = intLayers(r, r.requireInt("num_layers"));
        c.decoderLayers = intLayers(r, r.optionalInt("num_decoder_layers", c.encoderLayers));
        c.experts = r.optionalInt("num_experts", 8);
        // SwitchTransformersConfig derives the sparse steps from the sparse layer counts.
        const std::int64_t sparseEnc = r.optionalInt("num_sparse_encoder_layers", 3, 0);
        const std::int64_t sparseDec = r.optionalInt("num_sparse_decoder_layers", 3, 0);
        c.encoderSparseStep = sparseEnc > 0 ? static_cast<int>(c.encoderLayers / sparseEnc) : 0;
        c.decoderSparseStep = sparseDec > 0 ? static_cast<int>(c.decoderLayers / sparseDec) : 0;
        c.expertCapacity = r.optionalInt("expert_capacity", 64);
        c.relativeBuckets = r.optionalInt("relative_attention_num_buckets", 32);
        c.layerNormEps = r.optionalDouble("layer_norm_epsilon", 1e-6);
        c.routerBias = r.optionalBool("router_bias", false);
        c.tieEmbeddings = r.optionalBool("tie_word_embeddings", true);
        c.activation = activationField(r, out.warnings, sourceName, "dense_act_fn", QStringLiteral("relu"));
        if (r.optionalBool("is_gated_act", false)) {
            r.fail(QStringLiteral("gated feed-forward layers (is_gated_act: true) are not supported"));
        }
        checkWeightSizes(r, {{"d_model", c.dModel, "d_ff", c.dFf}, {"d_model", c.dModel, "d_kv", c.dKv}, {"num_heads", c.heads, "d_kv", c.dKv},
                             {"num_experts", c.experts, "d_ff", c.dFf}},
                         {{"vocab_size", c.vocab, "d_model", c.dModel}}, c.encoderLayers + c.decoderLayers, "num_layers");
        out.defaultSeq = 512;
        out.config = c;
    }
    if (r.failed()) {
        return r.error();
    }
    out.architecture = arch;
    return out;
}

}  // namespace

Result<HfModelConfig> readHfConfig(const QString &path, const QString &architecture) {
    auto bytes = readRegularFile(path, kTextFileCapMiB, QStringLiteral("a config.json"));
    if (!bytes) {
        return bytes.error();
    }
    return parseHfConfig(*bytes, path, architecture);
}

Result<Graph> buildHfModel(const HfModelConfig &config, const ZooOptions &options) {
    if (options.decode && !config.decoder) {
        return Error{QStringLiteral("%1: %2 has no decode phase (only decoder LLMs: gpt2, opt, llama, mistral, qwen2, qwen3, phi3, gemma, mixtral, qwen3_moe, gptj, falcon, mpt)")
                         .arg(config.name, config.architecture)};
    }
    ZooOptions o = options;
    if (o.seq <= 0 && !o.decode) {
        o.seq = config.defaultSeq;
    }
    const QString &name = config.name;
    Result<Graph> g = std::visit(
        [&name, &o](const auto &c) -> Result<Graph> {
            using T = std::decay_t<decltype(c)>;
            if constexpr (std::is_same_v<T, BertConfig>) {
                return buildBert(name, c, o);
            } else if constexpr (std::is_same_v<T, Gpt2Config>) {
                return buildGpt2(name, c, o);
            } else if constexpr (std::is_same_v<T, OptConfig>) {
                return buildOpt(name, c, o);
            } else if constexpr (std::is_same_v<T, LlamaConfig>) {
                return buildLlama(name, c, o);
            } else if constexpr (std::is_same_v<T, DecoderLmConfig>) {
                return buildDecoderLm(name, c, o);
            } else {
                return buildSwitch(name, c, o);
            }
        },
        config.config);
    if (g) {
        g->producer = QStringLiteral("infersight hfconfig (%1, %2)").arg(config.modelType, config.architecture);
        g->sourcePath = config.name;
    }
    return g;
}

Result<Graph> importHfConfig(const QString &path, const ZooOptions &options, const QString &architecture) {
    Result<HfModelConfig> config = readHfConfig(path, architecture);
    if (!config) {
        return config.error();
    }
    Result<Graph> g = buildHfModel(*config, options);
    if (!g) {
        // Builder messages start with "zoo:<name>: "; say which file it was instead.
        QString message = g.errorMessage();
        const QString builderPrefix = QStringLiteral("zoo:%1: ").arg(config->name);
        if (message.startsWith(builderPrefix)) {
            message.remove(0, builderPrefix.size());
        }
        return Error{QStringLiteral("%1: %2").arg(path, message)};
    }
    g->sourcePath = path;
    return g;
}

bool isHfConfigFile(const QString &path) {
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        return false;
    }
    QFile file(path);
    if (!openRegularFile(file) || file.size() > fileReadCapBytes(kTextFileCapMiB)) {
        return false;
    }
    const QJsonDocument doc = QJsonDocument::fromJson(file.read(1024 * 1024));
    return doc.isObject() && doc.object().value(QLatin1String("model_type")).isString();
}

}  // namespace infersight
