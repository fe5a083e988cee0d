// SPDX-License-Identifier: MIT
// Tests of the language-model builders: parameter and MAC hand formulas, width/depth knobs, the
// prefill and decode phases with their KV-cache inputs and outputs, and the eager op sequence of a
// GPT-2 layer as NeuSight's torch.fx trace shows it.
#include "graph/node_cost.h"
#include "graph/shape_inference.h"
#include "zoo/model_zoo.h"
#include "zoo/transformer_builders.h"

#include <QSet>
#include <QtTest>

using namespace infersight;

namespace {

Graph built(const QString &name, const ZooOptions &options = {}) {
    auto g = buildZooModel(name, options);
    if (!g) {
        qFatal("%s", qPrintable(g.errorMessage()));
    }
    return std::move(*g);
}

std::int64_t macsAt(Graph &g, const ShapeBindings &b) {
    const PropagationReport report = propagateShapes(g, b);
    return report.complete() ? graphCost(g).macs : -1;
}

const Value *valueNamed(const Graph &g, const QString &name) {
    const int i = g.findValue(name);
    return i < 0 ? nullptr : &g.values[static_cast<std::size_t>(i)];
}

int countLayers(const Graph &g, const QString &prefix) {
    QSet<QString> layers;
    for (const Node &n : g.nodes) {
        if (n.name.startsWith(prefix)) {
            layers.insert(n.name.mid(prefix.size()).section(QLatin1Char('/'), 0, 0));
        }
    }
    return static_cast<int>(layers.size());
}

// --- hand formulas (parameters)
// GPT-2 (tied LM head): wte V*h + wpe P*h + per layer (ln 2h, c_attn 3h^2+3h, c_proj h^2+h, ln 2h,
// c_fc h*f+f, c_proj f*h+h) = 4h^2 + 2hf + 9h + f, + ln_f 2h. With f = 4h: 12h^2 + 13h.
qint64 gpt2Params(std::int64_t v, std::int64_t p, std::int64_t h, std::int64_t layers, std::int64_t f = 0) {
    if (f == 0) {
        f = 4 * h;
    }
    return v * h + p * h + layers * (4 * h * h + 2 * h * f + 9 * h + f) + 2 * h;
}

// Llama (untied): embed + lm_head 2*V*h; per layer q h*H*d, k/v 2*h*KV*d, o H*d*h, MLP 3*h*I,
// two RMSNorms 2h; final norm h.
qint64 llamaParams(std::int64_t v, std::int64_t h, std::int64_t inter, std::int64_t layers, std::int64_t heads,
                         std::int64_t kv, std::int64_t d) {
    return 2 * v * h + layers * (2 * h * heads * d + 2 * h * kv * d + 3 * h * inter + 2 * h) + h;
}

// Switch Transformers (tied head, no biases): shared V*D; encoder layers: attention 4*D*inner +
// LN D, FF LN D + dense 2*D*F or sparse D*E (router) + E*2*D*F; relative bias B*H once; final LN
// D. Decoder layers add cross-attention 4*D*inner + LN D. Layer i is sparse when i % step == 1.
qint64 switchParams(std::int64_t v, std::int64_t dModel, std::int64_t inner, std::int64_t ff, std::int64_t heads,
                          std::int64_t layers, std::int64_t experts, std::int64_t step, std::int64_t buckets) {
    auto ffParams = [&](std::int64_t i) {
        const bool sparse = step == 1 || i % step == 1;
        return dModel + (sparse ? dModel * experts + experts * 2 * dModel * ff : 2 * dModel * ff);
    };
    std::int64_t total = v * dModel;
    for (int stack = 0; stack < 2; ++stack) {
        const std::int64_t attentions = stack == 0 ? 1 : 2;
        for (std::int64_t i = 0; i < layers; ++i) {
            total += attentions * (4 * dModel * inner + dModel) + ffParams(i);
        }
        total += buckets * heads + dModel;
    }
    return total;
}

}  // namespace

class TestTransformerBuilders : public QObject {
    Q_OBJECT
private slots:
    void parameterFormulas_data();
    void parameterFormulas();
    void prefillMacs_data();
    void prefillMacs();
    void decodeMacs_data();
    void decodeMacs();
    void decodeHasKvCacheInputs_data();
    void decodeHasKvCacheInputs();
    void prefillWritesTheCache();
    void contextRebindsWithoutRebuilding();
    void depthSetsLayerCount_data();
    void depthSetsLayerCount();
    void widthMultiplier_data();
    void widthMultiplier();
    void gpt2LayerFollowsTheEagerTrace();
    void invalidRequestsAreErrors_data();
    void invalidRequestsAreErrors();
};

void TestTransformerBuilders::parameterFormulas_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("expected");
    QTest::newRow("gpt2") << "gpt2" << gpt2Params(50257, 1024, 768, 12);
    QTest::newRow("gpt2-xl") << "gpt2-xl" << gpt2Params(50257, 1024, 1600, 48);
    QTest::newRow("llama-2-70b") << "llama-2-70b" << llamaParams(32000, 8192, 28672, 80, 64, 8, 128);
    QTest::newRow("mistral-7b") << "mistral-7b" << llamaParams(32000, 4096, 14336, 32, 32, 8, 128);
    QTest::newRow("llama-3-8b") << "llama-3-8b" << llamaParams(128256, 4096, 14336, 32, 32, 8, 128);
    QTest::newRow("llama-3-70b") << "llama-3-70b" << llamaParams(128256, 8192, 28672, 80, 64, 8, 128);
    QTest::newRow("switch-base-8") << "switch-base-8" << switchParams(32128, 768, 768, 3072, 12, 12, 8, 2, 32);
    // NeuSight's switchxl4.json: d_model 1024, 32 heads of 128 (inner 4096), d_ff 16384, 24 + 24
    // layers, 4 experts, 12 sparse layers per stack (step 2).
    QTest::newRow("switchxl4") << "switchxl4" << switchParams(32128, 1024, 4096, 16384, 32, 24, 4, 2, 32);
}

void TestTransformerBuilders::parameterFormulas() {
    QFETCH(QString, name);
    QFETCH(qint64, expected);
    // The formulas reproduce the published figures where there is one (test_model_zoo).
    QCOMPARE(built(name).parameterCount(), expected);
}

// MACs of one forward pass at batch 1 (FLOPs are 2x these). Per layer, s tokens attending over T:
//   projections + FFN: s * (4h^2 + 2hf) for BERT/GPT-2/OPT (f = FFN width);
//   Llama: s * (2*h*H*d + 2*h*KV*d + 3*h*I);
//   attention: scores s*T*H*d + context s*T*H*d = 2*s*T*h (the "4*s^2*h" FLOPs of the
//   24*s*h^2 + 4*s^2*h per-layer rule for f = 4h).
// Heads: LM head s*h*V; BERT's pooler h^2.
void TestTransformerBuilders::prefillMacs_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("seq");
    QTest::addColumn<qint64>("expected");
    const qint64 s = 128;
    auto dense = [](qint64 s_, qint64 h, qint64 layers, qint64 f) { return layers * (s_ * (4 * h * h + 2 * h * f) + 2 * s_ * s_ * h); };
    QTest::newRow("bert-base s128") << "bert-base" << s << dense(s, 768, 12, 3072) + 768 * 768;
    QTest::newRow("bert-large s512") << "bert-large" << qint64(512) << dense(512, 1024, 24, 4096) + 1024 * 1024;
    QTest::newRow("gpt2 s128") << "gpt2" << s << dense(s, 768, 12, 3072) + s * 768 * 50257;
    QTest::newRow("gpt2-large s1024") << "gpt2-large" << qint64(1024) << dense(1024, 1280, 36, 5120) + qint64(1024) * 1280 * 50257;
    QTest::newRow("opt-1.3b s2048") << "opt-1.3b" << qint64(2048) << dense(2048, 2048, 24, 8192) + qint64(2048) * 2048 * 50272;
    const qint64 h = 4096, heads = 32, kv = 8, d = 128, inter = 14336;
    QTest::newRow("mistral-7b s128") << "mistral-7b" << s
                                     << 32 * (s * (2 * h * heads * d + 2 * h * kv * d + 3 * h * inter) + 2 * s * s * heads * d) +
                                            s * h * 32000;
}

void TestTransformerBuilders::prefillMacs() {
    QFETCH(QString, name);
    QFETCH(qint64, seq);
    QFETCH(qint64, expected);
    ZooOptions o;
    o.seq = seq;
    Graph g = built(name, o);
    QCOMPARE(macsAt(g, ShapeBindings{}), expected);
}

void TestTransformerBuilders::decodeMacs_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("context");
    QTest::addColumn<qint64>("expected");
    // One new token attending over context + 1 tokens: per layer 4h^2 + 2hf + 2*(c+1)*h.
    const qint64 c = 1000;
    QTest::newRow("gpt2 c1000") << "gpt2" << c << 12 * (4 * 768 * 768 + 2 * 768 * 3072 + 2 * (c + 1) * 768) + 768 * 50257;
    QTest::newRow("llama-2-70b c4095") << "llama-2-70b" << qint64(4095)
                                       << qint64(80) * (qint64(2) * 8192 * 64 * 128 + qint64(2) * 8192 * 8 * 128 +
                                                        qint64(3) * 8192 * 28672 + qint64(2) * 4096 * 64 * 128) +
                                              qint64(8192) * 32000;
}

void TestTransformerBuilders::decodeMacs() {
    QFETCH(QString, name);
    QFETCH(qint64, context);
    QFETCH(qint64, expected);
    ZooOptions o;
    o.decode = true;
    o.context = context;
    Graph g = built(name, o);
    QCOMPARE(macsAt(g, ShapeBindings{}), expected);
}

void TestTransformerBuilders::decodeHasKvCacheInputs_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("layers");
    QTest::addColumn<qint64>("kvHeads");
    QTest::addColumn<qint64>("headDim");
    QTest::newRow("gpt2") << "gpt2" << 12 << qint64(12) << qint64(64);
    QTest::newRow("opt-1.3b") << "opt-1.3b" << 24 << qint64(32) << qint64(64);
    QTest::newRow("opt-350m") << "opt-350m" << 24 << qint64(16) << qint64(64);
    QTest::newRow("llama-2-7b") << "llama-2-7b" << 32 << qint64(32) << qint64(128);
    QTest::newRow("llama-2-70b (GQA)") << "llama-2-70b" << 80 << qint64(8) << qint64(128);
}

void TestTransformerBuilders::decodeHasKvCacheInputs() {
    QFETCH(QString, name);
    QFETCH(int, layers);
    QFETCH(qint64, kvHeads);
    QFETCH(qint64, headDim);
    ZooOptions o;
    o.decode = true;
    o.context = 300;
    Graph g = built(name, o);
    ShapeBindings b;
    b.batch = 4;
    QVERIFY(propagateShapes(g, b).complete());
    int pastInputs = 0;
    for (int in : g.inputs) {
        pastInputs += g.values[static_cast<std::size_t>(in)].name.startsWith(QLatin1String("past_")) ? 1 : 0;
    }
    QCOMPARE(pastInputs, 2 * layers);
    for (const QString &layer : {QStringLiteral("0"), QString::number(layers - 1)}) {
        const Value *pk = valueNamed(g, QStringLiteral("past_key.") + layer);
        const Value *pv = valueNamed(g, QStringLiteral("past_value.") + layer);
        const Value *k = valueNamed(g, QStringLiteral("present_key.") + layer);
        const Value *v = valueNamed(g, QStringLiteral("present_value.") + layer);
        QVERIFY(pk && pv && k && v);
        QVERIFY(pk->isGraphInput());
        QCOMPARE(pk->declared[3].role, DimRole::Context);
        QCOMPARE(pv->declared[2].role, DimRole::Context);
        // Keys are stored [B, kv, Dh, ctx] (transposed), values [B, kv, ctx, Dh].
        QCOMPARE(pk->shape, (Shape{4, kvHeads, headDim, 300}));
        QCOMPARE(pv->shape, (Shape{4, kvHeads, 300, headDim}));
        QCOMPARE(k->shape, (Shape{4, kvHeads, headDim, 301}));
        QCOMPARE(v->shape, (Shape{4, kvHeads, 301, headDim}));
    }
    QCOMPARE(g.values[static_cast<std::size_t>(g.inputs.front())].shape, (Shape{4, 1}));  // one new token
    QCOMPARE(g.values[static_cast<std::size_t>(g.outputs.front())].shape.at(1), qint64(1));
}

void TestTransformerBuilders::prefillWritesTheCache() {
    ZooOptions o;
    o.seq = 77;
    Graph g = built(QStringLiteral("llama-2-70b"), o);
    QVERIFY(propagateShapes(g, ShapeBindings{}).complete());
    for (int in : g.inputs) {
        QVERIFY(!g.values[static_cast<std::size_t>(in)].name.startsWith(QLatin1String("past_")));
    }
    QCOMPARE(valueNamed(g, QStringLiteral("present_key.79"))->shape, (Shape{1, 8, 128, 77}));
    QCOMPARE(valueNamed(g, QStringLiteral("present_value.79"))->shape, (Shape{1, 8, 77, 128}));
    QCOMPARE(valueNamed(g, QStringLiteral("logits"))->shape, (Shape{1, 77, 32000}));
}

void TestTransformerBuilders::contextRebindsWithoutRebuilding() {
    ZooOptions o;
    o.decode = true;
    o.context = 10;
    Graph g = built(QStringLiteral("gpt2"), o);
    ShapeBindings b;
    b.context = 700;
    b.batch = 2;
    QVERIFY(propagateShapes(g, b).complete());
    QCOMPARE(valueNamed(g, QStringLiteral("present_value.11"))->shape, (Shape{2, 12, 701, 64}));
    // Sequence (tokens per step) rebinds too: speculative decoding of 4 tokens.
    b.sequence = 4;
    QVERIFY(propagateShapes(g, b).complete());
    QCOMPARE(valueNamed(g, QStringLiteral("present_key.0"))->shape, (Shape{2, 12, 64, 704}));
    QCOMPARE(valueNamed(g, QStringLiteral("logits"))->shape, (Shape{2, 4, 50257}));
}

void TestTransformerBuilders::depthSetsLayerCount_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<int>("depth");
    QTest::newRow("bert-base 3") << "bert-base" << "bert.encoder.layer." << 3;
    QTest::newRow("gpt2 4") << "gpt2" << "transformer.h." << 4;
    QTest::newRow("opt-1.3b 2") << "opt-1.3b" << "model.decoder.layers." << 2;
    QTest::newRow("llama-2-70b 5") << "llama-2-70b" << "model.layers." << 5;
    QTest::newRow("switch-base-8 4") << "switch-base-8" << "encoder/block." << 4;
}

void TestTransformerBuilders::depthSetsLayerCount() {
    QFETCH(QString, name);
    QFETCH(QString, prefix);
    QFETCH(int, depth);
    ZooOptions o;
    o.depth = depth;
    o.seq = 64;
    Graph g = built(name, o);
    QCOMPARE(countLayers(g, prefix), depth);
    QVERIFY(propagateShapes(g, ShapeBindings{}).complete());
}

void TestTransformerBuilders::widthMultiplier_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("mult");
    QTest::addColumn<qint64>("expected");
    // Heads scale (head size kept), FFN scales by the same factor: gpt2 at 0.5 -> 6 heads of 64,
    // h = 384, f = 1536.
    QTest::newRow("gpt2 0.5") << "gpt2" << 0.5 << gpt2Params(50257, 1024, 384, 12, 1536);
    // GQA keeps 8 query heads per KV head: 0.5 -> 4 KV heads, 32 heads, h = 4096, I = 14336.
    QTest::newRow("llama-2-70b 0.5") << "llama-2-70b" << 0.5 << llamaParams(32000, 4096, 14336, 80, 32, 4, 128);
}

void TestTransformerBuilders::widthMultiplier() {
    QFETCH(QString, name);
    QFETCH(double, mult);
    QFETCH(qint64, expected);
    ZooOptions o;
    o.widthMult = mult;
    o.seq = 32;
    Graph g = built(name, o);
    QCOMPARE(g.parameterCount(), expected);
    QVERIFY(propagateShapes(g, ShapeBindings{}).complete());
}

void TestTransformerBuilders::gpt2LayerFollowsTheEagerTrace() {
    // Kernel-launching nodes of transformer.h.0 in NeuSight's torch.fx trace of GPT2-Large
    // (model_ops_measured.csv, inference): ln_1, addmm (c_attn), matmul, full, truediv, full,
    // where, softmax, matmul_1, contiguous, addmm_1 (c_proj), add, ln_2, addmm_2 (c_fc), 8 gelu_new
    // ops, addmm_3, add. Here addmm is MatMul + bias Add, the split and the permutes that
    // torch.matmul copies are explicit; views are Reshape.
    Graph g = built(QStringLiteral("gpt2-large"));
    QStringList ops;
    for (const Node &n : g.nodes) {
        if (n.name.startsWith(QLatin1String("transformer.h.0/")) && n.opType != QLatin1String("Reshape")) {
            ops << n.opType;
        }
    }
    const QStringList expected{
        QStringLiteral("LayerNormalization"), QStringLiteral("MatMul"), QStringLiteral("Add"),  // ln_1, c_attn
        QStringLiteral("Split"), QStringLiteral("Transpose"), QStringLiteral("Transpose"), QStringLiteral("Transpose"),
        QStringLiteral("MatMul"), QStringLiteral("ConstantOfShape"), QStringLiteral("Div"),      // matmul, full, truediv
        QStringLiteral("ConstantOfShape"), QStringLiteral("Where"), QStringLiteral("Softmax"),   // full, where, softmax
        QStringLiteral("MatMul"), QStringLiteral("Transpose"),                                   // matmul_1, contiguous
        QStringLiteral("MatMul"), QStringLiteral("Add"), QStringLiteral("Add"),                   // c_proj, residual
        QStringLiteral("LayerNormalization"), QStringLiteral("MatMul"), QStringLiteral("Add"),  // ln_2, c_fc
        QStringLiteral("Mul"), QStringLiteral("Pow"), QStringLiteral("Mul"), QStringLiteral("Add"), QStringLiteral("Mul"),
        QStringLiteral("Tanh"), QStringLiteral("Add"), QStringLiteral("Mul"),                    // gelu_new
        QStringLiteral("MatMul"), QStringLiteral("Add"), QStringLiteral("Add")};                 // c_proj, residual
    QCOMPARE(ops, expected);
}

void TestTransformerBuilders::invalidRequestsAreErrors_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("seq");
    QTest::addColumn<bool>("decode");
    QTest::addColumn<QString>("fragment");
    QTest::newRow("gpt2 beyond n_positions") << "gpt2" << qint64(2048) << false << "n_positions";
    QTest::newRow("bert beyond positions") << "bert-base" << qint64(513) << false << "max_position_embeddings";
    QTest::newRow("switch seq vs experts") << "switch-base-8" << qint64(100) << false << "multiple of the 8 experts";
    QTest::newRow("switch decode") << "switch-base-8" << qint64(-1) << true << "decode";
}

void TestTransformerBuilders::invalidRequestsAreErrors() {
    QFETCH(QString, name);
    QFETCH(qint64, seq);
    QFETCH(bool, decode);
    QFETCH(QString, fragment);
    ZooOptions o;
    o.seq = seq;
    if (decode) {
        o.decode = true;
        o.context = 10;
    }
    auto g = buildZooModel(name, o);
    QVERIFY(!g.ok());
    QVERIFY2(g.errorMessage().contains(fragment), qPrintable(g.errorMessage()));
}

QTEST_GUILESS_MAIN(TestTransformerBuilders)
#include "test_transformer_builders.moc"
