// SPDX-License-Identifier: MIT
// Tests of the HuggingFace config.json importer: NeuSight's 11 model configs (data/neusight, the
// models of e2e_measured.csv), small hand-written configs of every supported model type, and
// broken files. Expected parameter counts are hand formulas of the HF modules (below).
#include "design/design.h"
#include "graph/node_cost.h"
#include "graph/shape_inference.h"
#include "importers/hfconfig/hf_config_importer.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

using namespace infersight;

namespace {

const QString kNeuSight = QStringLiteral(INFERSIGHT_SOURCE_DIR "/data/neusight/model_configs/");
const QString kFixtures = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/hfconfig/");
const QString kLlmModels = QStringLiteral(INFERSIGHT_SOURCE_DIR "/data/llm/models/");

// BERT: embeddings V*h + P*h + T*h + LN 2h; layer 4(h^2+h) + LN 2h + h*I + I + I*h + h + LN 2h;
// pooler h^2 + h; MLM head (tied decoder) h^2 + h + LN 2h + bias V; classifier h*n + n.
qint64 bertParams(std::int64_t v, std::int64_t p, std::int64_t t, std::int64_t h, std::int64_t inter, std::int64_t layers,
                        bool pooler, bool mlm, std::int64_t labels = 0) {
    std::int64_t total = v * h + p * h + t * h + 2 * h + layers * (4 * (h * h + h) + 2 * h + 2 * h * inter + inter + h + 2 * h);
    if (pooler) {
        total += h * h + h;
    }
    if (mlm) {
        total += h * h + h + 2 * h + v;
    }
    if (labels > 0) {
        total += h * labels + labels;
    }
    return total;
}

// GPT-2 (tied LM head): V*h + P*h + L*(12h^2 + 13h) + 2h for inner = 4h.
qint64 gpt2Params(std::int64_t v, std::int64_t p, std::int64_t h, std::int64_t layers) {
    return v * h + p * h + layers * (12 * h * h + 13 * h) + 2 * h;
}

// OPT (tied LM head): V*proj + (P + 2)*h + [project_in/out 2*proj*h] + L*(4(h^2+h) + 2h + 2hF + F + h
// + 2h) + [final LN 2h].
qint64 optParams(std::int64_t v, std::int64_t p, std::int64_t h, std::int64_t ffn, std::int64_t proj, std::int64_t layers,
                       bool finalNorm) {
    std::int64_t total = v * proj + (p + 2) * h + layers * (4 * (h * h + h) + 2 * h + 2 * h * ffn + ffn + h + 2 * h);
    if (proj != h) {
        total += 2 * proj * h;
    }
    return total + (finalNorm ? 2 * h : 0);
}

// Llama / Mistral: embed V*h (+ untied lm_head V*h); per layer q/o 2*h*H*d, k/v 2*h*KV*d, MLP 3hI,
// 2 RMSNorm 2h; final norm h.
qint64 llamaParams(std::int64_t v, std::int64_t h, std::int64_t inter, std::int64_t layers, std::int64_t heads,
                         std::int64_t kv, std::int64_t d, bool tied) {
    return (tied ? 1 : 2) * v * h + layers * (2 * h * heads * d + 2 * h * kv * d + 3 * h * inter + 2 * h) + h;
}

// Switch Transformers (tied, no biases): see test_transformer_builders.cpp for the derivation.
qint64 switchParams(std::int64_t v, std::int64_t dModel, std::int64_t inner, std::int64_t ff, std::int64_t heads,
                          std::int64_t layers, std::int64_t experts, std::int64_t step, std::int64_t buckets) {
    auto ffParams = [&](std::int64_t i) {
        const bool sparse = step == 1 || i % step == 1;
        return dModel + (sparse ? dModel * experts + experts * 2 * dModel * ff : 2 * dModel * ff);
    };
    std::int64_t total = v * dModel;
    for (int stack = 0; stack < 2; ++stack) {
        for (std::int64_t i = 0; i < layers; ++i) {
            total += (stack == 0 ? 1 : 2) * (4 * dModel * inner + dModel) + ffParams(i);
        }
        total += buckets * heads + dModel;
    }
    return total;
}

int countLayerPrefixes(const Graph &g, const QString &prefix) {
    QSet<QString> layers;
    for (const Node &n : g.nodes) {
        if (n.name.startsWith(prefix)) {
            layers.insert(n.name.mid(prefix.size()).section(QLatin1Char('/'), 0, 0));
        }
    }
    return static_cast<int>(layers.size());
}

}  // namespace

class TestHfConfigImporter : public QObject {
    Q_OBJECT
private slots:
    void neuSightConfigs_data();
    void neuSightConfigs();
    void neuSightBertAsMeasured();
    void fixtures_data();
    void fixtures();
    void publishedDecoderConfigs_data();
    void publishedDecoderConfigs();
    void expertsTouched_data();
    void expertsTouched();
    void knobsApply();
    void decodeOfDecoderConfigs();
    void brokenFilesGiveClearErrors_data();
    void brokenFilesGiveClearErrors();
    void missingFile();
    void detectsConfigFiles();
    void unknownActivationWarns_data();
    void unknownActivationWarns();
};

void TestHfConfigImporter::neuSightConfigs_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("architecture");
    QTest::addColumn<QString>("layerPrefix");
    QTest::addColumn<int>("layers");
    QTest::addColumn<qint64>("params");
    QTest::addColumn<qint64>("seq");
    // Fields copied from the files; parameter counts by the formulas above.
    const QString bertPrefix = QStringLiteral("bert.encoder.layer.");
    const QString gptPrefix = QStringLiteral("transformer.h.");
    QTest::newRow("bert") << "bert.json" << "BertLMHeadModel" << bertPrefix << 12
                          << bertParams(30522, 512, 2, 768, 3072, 12, false, true) << qint64(512);
    QTest::newRow("bert_large") << "bert_large.json" << "BertLMHeadModel" << bertPrefix << 24
                                << bertParams(30522, 512, 2, 1024, 4096, 24, false, true) << qint64(512);
    QTest::newRow("gpt2_med") << "gpt2_med.json" << "GPT2LMHeadModel" << gptPrefix << 24 << gpt2Params(50257, 1024, 1024, 24)
                              << qint64(1024);
    QTest::newRow("gpt2_large") << "gpt2_large.json" << "GPT2LMHeadModel" << gptPrefix << 36 << gpt2Params(50257, 1024, 1280, 36)
                                << qint64(1024);
    QTest::newRow("gpt2_xl") << "gpt2_xl.json" << "GPT2LMHeadModel" << gptPrefix << 48 << gpt2Params(50257, 1024, 1600, 48)
                             << qint64(1024);
    // The "GPT-3" configs are GPT-2 graphs with n_positions 2048 (data README).
    QTest::newRow("gpt3_xl") << "gpt3_xl.json" << "GPT2LMHeadModel" << gptPrefix << 24 << gpt2Params(50257, 2048, 3072, 24)
                             << qint64(2048);
    QTest::newRow("gpt3_27") << "gpt3_27.json" << "GPT2LMHeadModel" << gptPrefix << 32 << gpt2Params(50257, 2048, 2560, 32)
                             << qint64(2048);
    QTest::newRow("gpt3_67") << "gpt3_67.json" << "GPT2LMHeadModel" << gptPrefix << 32 << gpt2Params(50257, 2048, 4096, 32)
                             << qint64(2048);
    QTest::newRow("gpt3_13") << "gpt3_13.json" << "GPT2LMHeadModel" << gptPrefix << 40 << gpt2Params(50257, 2048, 5120, 40)
                             << qint64(2048);
    // opt.json: hidden 512 with word_embed_proj_dim 2048 -> project_in/out.
    QTest::newRow("opt") << "opt.json" << "OPTForCausalLM" << "model.decoder.layers." << 1
                         << optParams(50272, 2048, 512, 2048, 2048, 1, true) << qint64(2048);
    QTest::newRow("opt_13") << "opt_13.json" << "OPTForCausalLM" << "model.decoder.layers." << 24
                            << optParams(50272, 2048, 2048, 8192, 2048, 24, true) << qint64(2048);
    // switchxl4: 12 sparse layers of 24 per stack -> step 2; 4 experts; inner 32 * 128.
    QTest::newRow("switchxl4") << "switchxl4.json" << "SwitchTransformersForConditionalGeneration" << "encoder/block." << 24
                               << switchParams(32128, 1024, 4096, 16384, 32, 24, 4, 2, 32) << qint64(512);
}

void TestHfConfigImporter::neuSightConfigs() {
    QFETCH(QString, file);
    QFETCH(QString, architecture);
    QFETCH(QString, layerPrefix);
    QFETCH(int, layers);
    QFETCH(qint64, params);
    QFETCH(qint64, seq);
    const QString path = kNeuSight + file;
    auto config = readHfConfig(path);
    QVERIFY2(config.ok(), qPrintable(config.ok() ? QString() : config.errorMessage()));
    QCOMPARE(config->architecture, architecture);
    QCOMPARE(config->defaultSeq, seq);
    ZooOptions o;
    o.seq = 64;  // keep propagation cheap; shapes scale, parameters do not
    auto g = importHfConfig(path, o);
    QVERIFY2(g.ok(), qPrintable(g.ok() ? QString() : g.errorMessage()));
    QCOMPARE(g->sourcePath, path);
    QCOMPARE(countLayerPrefixes(*g, layerPrefix), layers);
    QCOMPARE(g->parameterCount(), params);
    const PropagationReport report = propagateShapes(*g, ShapeBindings{});
    QVERIFY2(report.complete(), qPrintable(report.unsupportedOps.join(QLatin1Char(','))));
    QCOMPARE(graphCost(*g).unknownNodes, 0);
}

void TestHfConfigImporter::neuSightBertAsMeasured() {
    // model_ops_measured.csv shows NeuSight ran BERT with the pooler and a 2-way classifier
    // (BertForSequenceClassification); the architecture override builds that.
    auto g = importHfConfig(kNeuSight + QStringLiteral("bert_large.json"), ZooOptions{},
                            QStringLiteral("BertForSequenceClassification"));
    QVERIFY(g.ok());
    QCOMPARE(g->parameterCount(), bertParams(30522, 512, 2, 1024, 4096, 24, true, false, 2));
    QVERIFY(propagateShapes(*g, ShapeBindings{}).complete());
    QCOMPARE(g->values[static_cast<std::size_t>(g->outputs.front())].shape, (Shape{1, 2}));
}

void TestHfConfigImporter::fixtures_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("layers");
    QTest::addColumn<qint64>("params");
    QTest::addColumn<Shape>("outputShape");  // at batch 1, seq 16
    QTest::newRow("llama GQA") << "tiny_llama.json" << 2 << llamaParams(100, 64, 172, 2, 4, 2, 16, false) << Shape{1, 16, 100};
    QTest::newRow("mistral tied") << "tiny_mistral.json" << 2 << llamaParams(100, 64, 128, 2, 4, 1, 16, true) << Shape{1, 16, 100};
    QTest::newRow("bert mlm") << "tiny_bert_mlm.json" << 2 << bertParams(99, 64, 2, 32, 64, 2, false, true) << Shape{1, 16, 99};
    QTest::newRow("gpt2 base") << "tiny_gpt2_model.json" << 3 << gpt2Params(101, 64, 32, 3) << Shape{1, 16, 32};
    QTest::newRow("opt post-LN") << "tiny_opt_post_ln.json" << 2 << optParams(97, 64, 32, 64, 16, 2, false) << Shape{1, 16, 97};
    QTest::newRow("switch") << "tiny_switch.json" << 4 << switchParams(50, 32, 32, 64, 4, 2, 2, 2, 32) << Shape{1, 16, 50};
    // GPT-J: V*h embed + L*(LN 2h + q,k,v,out 4h^2 + fc_in h*4h + 4h + fc_out 4h*h + h) + LN_f 2h + lm_head h*V + V.
    QTest::newRow("gptj partial rotary") << "tiny_gptj.json" << 2
                                         << qint64(100 * 64 + 2 * (2 * 64 + 4 * 64 * 64 + 8 * 64 * 64 + 4 * 64 + 64) + 2 * 64 + 64 * 100 + 100)
                                         << Shape{1, 16, 100};
    // Falcon, new decoder architecture: tied V*h + L*(ln_attn 2h + ln_mlp 2h + qkv h*(H + 2 KV)*dh + dense h^2 + MLP 8h^2)
    // + ln_f 2h; 8 heads of 8, 2 KV heads.
    QTest::newRow("falcon new architecture") << "tiny_falcon_new_arch.json" << 2
                                             << qint64(100 * 64 + 2 * (4 * 64 + 64 * (8 + 2 * 2) * 8 + 64 * 64 + 8 * 64 * 64) + 2 * 64)
                                             << Shape{1, 16, 100};
    // MPT (no_bias): tied V*h + L*(norm_1 h + Wqkv 3h^2 + out h^2 + norm_2 h + up/down 8h^2) + norm_f h.
    QTest::newRow("mpt alibi") << "tiny_mpt.json" << 2 << qint64(100 * 64 + 2 * (64 + 4 * 64 * 64 + 64 + 8 * 64 * 64) + 64)
                               << Shape{1, 16, 100};
}

void TestHfConfigImporter::fixtures() {
    QFETCH(QString, file);
    QFETCH(int, layers);
    QFETCH(qint64, params);
    QFETCH(Shape, outputShape);
    auto config = readHfConfig(kFixtures + file);
    QVERIFY2(config.ok(), qPrintable(config.ok() ? QString() : config.errorMessage()));
    QCOMPARE(config->layers(), layers);
    ZooOptions o;
    o.seq = 16;
    auto g = buildHfModel(*config, o);
    QVERIFY2(g.ok(), qPrintable(g.ok() ? QString() : g.errorMessage()));
    QCOMPARE(g->parameterCount(), params);
    QVERIFY(propagateShapes(*g, ShapeBindings{}).complete());
    QCOMPARE(g->values[static_cast<std::size_t>(g->outputs.front())].shape, outputShape);
}

// The released configs of decoder LLMs of the model types built as Llama graphs (config.json as
// published on the Hugging Face Hub, tests/fixtures/hfconfig/README.md) against the parameter
// count of the released weights (the safetensors index's total_size / 2 bytes, bf16) and the KV
// cache bytes per token by hand: 2 (K, V) x layers x kv heads x head_dim x 2 bytes.
void TestHfConfigImporter::publishedDecoderConfigs_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("params");
    QTest::addColumn<qint64>("kvBytesPerToken");
    QTest::addColumn<QString>("firstLayerOp");  // a node of the first layer only this family has
    QTest::newRow("Qwen2-7B") << kFixtures + "qwen2_7b.json" << Q_INT64_C(7615616512) << qint64(2 * 28 * 4 * 128 * 2) << "model.layers.0/self_attn/q_proj";
    QTest::newRow("Qwen2.5-0.5B (tied)") << kFixtures + "qwen2_5_0_5b.json" << Q_INT64_C(494032768) << qint64(2 * 24 * 2 * 64 * 2) << "model.layers.0/self_attn/q_proj";
    QTest::newRow("Qwen3-8B") << kFixtures + "qwen3_8b.json" << Q_INT64_C(8190735360) << qint64(2 * 36 * 8 * 128 * 2) << "model.layers.0/self_attn/q_norm";
    QTest::newRow("Phi-3-mini-4k") << kFixtures + "phi3_mini_4k.json" << Q_INT64_C(3821079552) << qint64(2 * 32 * 32 * 96 * 2) << "model.layers.0/self_attn/qkv_proj";
    QTest::newRow("Gemma-7B") << kFixtures + "gemma_7b.json" << Q_INT64_C(8537680896) << qint64(2 * 28 * 16 * 256 * 2) << "model.layers.0/self_attn/q_proj";
    QTest::newRow("Gemma-2B (MQA)") << kFixtures + "gemma_2b.json" << Q_INT64_C(2506172416) << qint64(2 * 18 * 1 * 256 * 2) << "model.layers.0/self_attn/q_proj";
    // data/llm/models (the published decode rows of data/llm name these models).
    QTest::newRow("GPT-J-6B") << kLlmModels + "gpt-j-6b.json" << Q_INT64_C(6050882784) << qint64(2 * 28 * 16 * 256 * 2)
                              << "transformer.h.0/attn/rope_q";
    QTest::newRow("Falcon-7B (MQA)") << kLlmModels + "falcon-7b.json" << Q_INT64_C(6921720704)
                                     << qint64(2 * 32 * 1 * 64 * 2) << "transformer.h.0/self_attention/query_key_value";
    QTest::newRow("Mixtral-8x7B (8 experts)") << kLlmModels + "mixtral-8x7b.json" << Q_INT64_C(46702792704)
                                              << qint64(2 * 32 * 8 * 128 * 2) << "model.layers.0/block_sparse_moe/experts.w1";
    QTest::newRow("Qwen3-30B-A3B (128 experts)") << kFixtures + "qwen3_30b_a3b.json" << Q_INT64_C(30532122624)
                                                 << qint64(2 * 48 * 4 * 128 * 2) << "model.layers.0/block_sparse_moe/experts.w1";
    QTest::newRow("MPT-7B (ALiBi)") << kLlmModels + "mpt-7b.json" << Q_INT64_C(6649286656) << qint64(2 * 32 * 32 * 128 * 2)
                                    << "transformer.blocks.0/attn/add_alibi";
}

void TestHfConfigImporter::publishedDecoderConfigs() {
    QFETCH(QString, file);
    QFETCH(qint64, params);
    QFETCH(qint64, kvBytesPerToken);
    QFETCH(QString, firstLayerOp);
    ZooOptions o;
    o.seq = 16;
    o.dtype = DType::F16;
    auto g = importHfConfig(file, o);
    QVERIFY2(g.ok(), qPrintable(g.ok() ? QString() : g.errorMessage()));
    QCOMPARE(g->parameterCount(), params);
    QVERIFY(propagateShapes(*g, ShapeBindings{}).complete());
    bool found = false;
    for (const Node &n : g->nodes) {
        found = found || n.name.startsWith(firstLayerOp);
    }
    QVERIFY2(found, qPrintable(firstLayerOp));
    // Decode: one token over 100 cached ones; the cache inputs hold 100 tokens of K and V per layer.
    o.decode = true;
    o.context = 100;
    o.seq = 0;
    auto d = importHfConfig(file, o);
    QVERIFY2(d.ok(), qPrintable(d.ok() ? QString() : d.errorMessage()));
    QVERIFY(propagateShapes(*d, ShapeBindings{}).complete());
    qint64 cacheBytes = 0;
    for (int input : d->inputs) {
        const Value &v = d->values[static_cast<std::size_t>(input)];
        if (v.name.startsWith(QLatin1String("past_"))) {
            cacheBytes += v.bytes();
        }
    }
    QCOMPARE(cacheBytes, kvBytesPerToken * 100);
}

// A mixture of experts' decode step at batch B touches the expected number of distinct experts of
// B tokens' k picks each, routing uniform: E (1 - (1 - k/E)^B), rounded up; each takes
// ceil(B k / A) tokens. By hand: Mixtral (8 experts, 2 per token) B 1: 2; B 2: 8 (1 - 0.75^2) =
// 3.5 -> 4; B 4: 5.47 -> 6 (2 tokens each); B 16: 7.92 -> 8 (4 each). Qwen3-30B-A3B (128, 8) B 16:
// 128 (1 - (120/128)^16) = 82.4 -> 83 (2 tokens each).
void TestHfConfigImporter::expertsTouched_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("batch");
    QTest::addColumn<Shape>("tokens");  // the grouped GEMM's A operand [experts, tokens each, hidden]
    QTest::newRow("mixtral b1") << kLlmModels + "mixtral-8x7b.json" << qint64(1) << Shape{2, 1, 4096};
    QTest::newRow("mixtral b2") << kLlmModels + "mixtral-8x7b.json" << qint64(2) << Shape{4, 1, 4096};
    QTest::newRow("mixtral b4") << kLlmModels + "mixtral-8x7b.json" << qint64(4) << Shape{6, 2, 4096};
    QTest::newRow("mixtral b16") << kLlmModels + "mixtral-8x7b.json" << qint64(16) << Shape{8, 4, 4096};
    QTest::newRow("qwen3-moe b16") << kFixtures + "qwen3_30b_a3b.json" << qint64(16) << Shape{83, 2, 2048};
}

void TestHfConfigImporter::expertsTouched() {
    QFETCH(QString, file);
    QFETCH(qint64, batch);
    QFETCH(Shape, tokens);
    ZooOptions o;
    o.decode = true;
    o.context = 100;
    o.dtype = DType::F16;
    auto g = importHfConfig(file, o);
    QVERIFY2(g.ok(), qPrintable(g.ok() ? QString() : g.errorMessage()));
    ShapeBindings b;
    b.batch = batch;
    QVERIFY(propagateShapes(*g, b).complete());
    int grouped = -1;
    for (std::size_t i = 0; i < g->nodes.size(); ++i) {
        const Node &n = g->nodes[i];
        if (n.opType == QLatin1String("MatMul") && n.name.startsWith(QStringLiteral("model.layers.0/block_sparse_moe/experts.w1"))) {
            grouped = static_cast<int>(i);
        }
    }
    QVERIFY(grouped >= 0);
    const Node &n = g->nodes[static_cast<std::size_t>(grouped)];
    QCOMPARE(g->values[static_cast<std::size_t>(n.input(0))].shape, tokens);
    const Shape &slice = g->values[static_cast<std::size_t>(n.input(1))].shape;
    QCOMPARE(slice[0], tokens[0]);
    // Node costs (inspect): the grouped GEMM reads the active experts' weights [A, hidden, width]
    // and its tokens in fp16; the Slice selecting them is a view that keeps the stack's parameters.
    const NodeCost gemm = nodeCost(*g, grouped);
    QCOMPARE(gemm.bytesRead, 2 * (slice[0] * slice[1] * slice[2] + tokens[0] * tokens[1] * tokens[2]));
    const int sliceNode = g->values[static_cast<std::size_t>(n.input(1))].producer;
    const NodeCost view = nodeCost(*g, sliceNode);
    QCOMPARE(view.bytesRead, std::int64_t(0));
    const Shape &stacked = g->values[static_cast<std::size_t>(g->nodes[static_cast<std::size_t>(sliceNode)].input(0))].shape;
    QCOMPARE(view.params, stacked[0] * stacked[1] * stacked[2]);
}

void TestHfConfigImporter::knobsApply() {
    ZooOptions o;
    o.depth = 2;
    o.seq = 32;
    auto g = importHfConfig(kNeuSight + QStringLiteral("gpt2_large.json"), o);
    QVERIFY(g.ok());
    QCOMPARE(countLayerPrefixes(*g, QStringLiteral("transformer.h.")), 2);
    QCOMPARE(g->parameterCount(), gpt2Params(50257, 1024, 1280, 2));
    ShapeBindings b;
    b.batch = 4;
    QVERIFY(propagateShapes(*g, b).complete());
    QCOMPARE(g->values[static_cast<std::size_t>(g->outputs.front())].shape, (Shape{4, 32, 50257}));
}

void TestHfConfigImporter::decodeOfDecoderConfigs() {
    ZooOptions o;
    o.decode = true;
    o.context = 100;
    auto g = importHfConfig(kFixtures + QStringLiteral("tiny_llama.json"), o);
    QVERIFY(g.ok());
    QVERIFY(propagateShapes(*g, ShapeBindings{}).complete());
    const int past = g->findValue(QStringLiteral("past_value.1"));
    QVERIFY(past >= 0);
    QCOMPARE(g->values[static_cast<std::size_t>(past)].shape, (Shape{1, 2, 100, 16}));
    // Falcon's new architecture: 2 KV heads of 8 expanded to the 8 query heads (the GQA copy).
    auto falcon = importHfConfig(kFixtures + QStringLiteral("tiny_falcon_new_arch.json"), o);
    QVERIFY2(falcon.ok(), qPrintable(falcon.ok() ? QString() : falcon.errorMessage()));
    QVERIFY(propagateShapes(*falcon, ShapeBindings{}).complete());
    const int falconPast = falcon->findValue(QStringLiteral("past_value.1"));
    QVERIFY(falconPast >= 0);
    QCOMPARE(falcon->values[static_cast<std::size_t>(falconPast)].shape, (Shape{1, 2, 100, 8}));
    QCOMPARE(falcon->values[static_cast<std::size_t>(falcon->outputs.front())].shape, (Shape{1, 1, 100}));
    auto enc = importHfConfig(kFixtures + QStringLiteral("tiny_bert_mlm.json"), o);
    QVERIFY(!enc.ok());
    QVERIFY(enc.errorMessage().contains(QLatin1String("decode")));
}

void TestHfConfigImporter::brokenFilesGiveClearErrors_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("fragments");
    QTest::newRow("not JSON") << "broken_not_json.json" << QStringList{QStringLiteral("not valid JSON")};
    QTest::newRow("not an object") << "broken_not_object.json" << QStringList{QStringLiteral("JSON object")};
    QTest::newRow("missing n_embd") << "broken_missing_n_embd.json" << QStringList{QStringLiteral("'n_embd'"), QStringLiteral("missing")};
    QTest::newRow("unknown model_type") << "broken_unknown_model_type.json"
                                        << QStringList{QStringLiteral("model_type 'mamba'"), QStringLiteral("not supported")};
    QTest::newRow("wrong type") << "broken_wrong_type.json" << QStringList{QStringLiteral("'n_layer'"), QStringLiteral("a string")};
    QTest::newRow("unsupported architecture") << "broken_unsupported_architecture.json"
                                              << QStringList{QStringLiteral("BertForQuestionAnswering")};
    QTest::newRow("heads do not divide") << "broken_heads.json" << QStringList{QStringLiteral("'hidden_size' (30)"), QStringLiteral("'num_attention_heads' (4)")};
    QTest::newRow("more experts per token than experts") << "broken_moe_top_k.json"
                                                         << QStringList{QStringLiteral("'num_experts_per_tok' (8)"), QStringLiteral("4 experts")};
}

void TestHfConfigImporter::brokenFilesGiveClearErrors() {
    QFETCH(QString, file);
    QFETCH(QStringList, fragments);
    auto g = importHfConfig(kFixtures + file);
    QVERIFY(!g.ok());
    const QString message = g.errorMessage();
    QVERIFY2(message.contains(file), qPrintable(message));  // names the file
    QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
    for (const QString &f : fragments) {
        QVERIFY2(message.contains(f), qPrintable(message));
    }
}

void TestHfConfigImporter::missingFile() {
    auto g = importHfConfig(kFixtures + QStringLiteral("no_such_config.json"));
    QVERIFY(!g.ok());
    QVERIFY(g.errorMessage().contains(QLatin1String("no_such_config.json")));
}

void TestHfConfigImporter::detectsConfigFiles() {
    QVERIFY(isHfConfigFile(kFixtures + QStringLiteral("tiny_llama.json")));
    QVERIFY(isHfConfigFile(kNeuSight + QStringLiteral("switchxl4.json")));
    QVERIFY(!isHfConfigFile(kFixtures + QStringLiteral("broken_not_json.json")));
    QVERIFY(!isHfConfigFile(kFixtures + QStringLiteral("broken_not_object.json")));
}

// An activation the builders do not know (issue 15, item 11) was built as ReLU, silently. Now it is
// costed as the model type's default (HF's own defaults: BertConfig gelu, GPT2Config gelu_new,
// LlamaConfig silu) and a warning names the file, the field, the value and what is assumed. The
// node the activation becomes is the one the default builds (Gelu, the 8-kernel tanh GELU's Tanh,
// Swish), never Relu.
void TestHfConfigImporter::unknownActivationWarns_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("assumed");  // empty: known, no warning
    QTest::addColumn<QString>("activationOp");
    QTest::newRow("bert swiglu") << "tiny_bert_mlm.json" << "hidden_act" << "swiglu" << "gelu" << "Gelu";
    QTest::newRow("bert known gelu_new") << "tiny_bert_mlm.json" << "hidden_act" << "gelu_new" << "" << "Tanh";
    QTest::newRow("bert upper case GELU") << "tiny_bert_mlm.json" << "hidden_act" << "GELU" << "" << "Gelu";
    QTest::newRow("gpt2 quick_gelu") << "tiny_gpt2_model.json" << "activation_function" << "quick_gelu" << "gelu_new" << "Tanh";
    QTest::newRow("llama mish") << "tiny_llama.json" << "hidden_act" << "mish" << "silu" << "Swish";
    QTest::newRow("llama line break") << "tiny_llama.json" << "hidden_act" << "a\\nb" << "silu" << "Swish";
}

void TestHfConfigImporter::unknownActivationWarns() {
    QFETCH(QString, fixture);
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QString, assumed);
    QFETCH(QString, activationOp);
    QFile in(kFixtures + fixture);
    QVERIFY(in.open(QIODevice::ReadOnly));
    QJsonObject o = QJsonDocument::fromJson(in.readAll()).object();
    const QString written = QString(value).replace(QStringLiteral("\\n"), QStringLiteral("\n"));
    o.insert(field, written);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("config.json"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(o).toJson());
    out.close();

    auto config = readHfConfig(path);
    QVERIFY2(config.ok(), config.ok() ? "" : qPrintable(config.errorMessage()));
    auto design = Design::open(path);
    QVERIFY2(design.ok(), design.ok() ? "" : qPrintable(design.errorMessage()));
    if (assumed.isEmpty()) {
        QVERIFY2(config->warnings.isEmpty(), qPrintable(config->warnings.join(QLatin1Char('\n'))));
    } else {
        QCOMPARE(config->warnings.size(), 1);
        const QString warning = config->warnings.front();
        for (const QString &part : {path, QStringLiteral("%1 '%2'").arg(field, value), QStringLiteral("costed as '%1'").arg(assumed)}) {
            QVERIFY2(warning.contains(part), qPrintable(warning));
        }
        QVERIFY2(!warning.contains(QLatin1Char('\n')), qPrintable(warning));
        // The design shows it with the model's warnings (CLI "warnings", GUI notes).
        QVERIFY2(design->warnings().contains(warning), qPrintable(design->warnings().join(QLatin1Char('\n'))));
    }
    bool found = false;
    for (const Node &n : design->graph().nodes) {
        QVERIFY2(n.opType != QLatin1String("Relu"), qPrintable(n.name));
        found = found || n.opType == activationOp;
    }
    QVERIFY2(found, qPrintable(activationOp));
}

QTEST_GUILESS_MAIN(TestHfConfigImporter)
#include "test_hf_config_importer.moc"
