// SPDX-License-Identifier: MIT
// HF configs whose sizes do not fit (issue 15, item 8): products of config fields are checked, so a
// weight past 2^50 elements or a model past 2^50 parameters is an error naming the fields, never a
// wrapped parameter count (hidden_size 10^12 printed -6.4e18 parameters before). Sizes are hand
// products.
#include "graph/node_cost.h"
#include "importers/hfconfig/hf_config_importer.h"

#include <QtTest>

using namespace infersight;

class TestHfConfigSizes : public QObject {
    Q_OBJECT
private slots:
    void refused_data();
    void refused();
    void largeButValidModelKeepsExactCount();
};

void TestHfConfigSizes::refused_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("llama hidden 10^12") << QByteArray(R"({"model_type": "llama", "hidden_size": 1000000000000, "intermediate_size": 172,
        "num_hidden_layers": 2, "num_attention_heads": 4, "vocab_size": 100})")
                                        << QStringList{"'hidden_size' (1000000000000) x 'hidden_size' (1000000000000)", "1e+24", "2^50"};
    // 2^20 x 2^31 = 2^51 elements in one weight: fits in 64 bits, past the 2^50 limit.
    QTest::newRow("bert intermediate") << QByteArray(R"({"model_type": "bert", "vocab_size": 100, "hidden_size": 1048576,
        "num_hidden_layers": 2, "num_attention_heads": 4, "intermediate_size": 2147483648})")
                                       << QStringList{"'hidden_size' (1048576) x 'intermediate_size' (2147483648)", "2.25e+15"};
    // 2^24 wide, 100000 layers: each weight within 2^50 (n_embd x 4 n_embd = 2^50 exactly), but the
    // checked per-layer sum n_embd^2 + 4 n_embd^2 = 5 * 2^48 = 1.41e15 times 5000 layers is not.
    QTest::newRow("gpt2 layers") << QByteArray(R"({"model_type": "gpt2", "n_embd": 16777216, "n_layer": 5000, "n_head": 16, "vocab_size": 100})")
                                 << QStringList{"'n_layer' (5000) layers", "1.41e+15 parameters each"};
}

void TestHfConfigSizes::refused() {
    QFETCH(QByteArray, json);
    QFETCH(QStringList, mentions);
    auto config = parseHfConfig(json, QStringLiteral("big/config.json"));
    QVERIFY(!config);
    const QString message = config.errorMessage();
    QVERIFY2(message.startsWith(QLatin1String("big/config.json: ")), qPrintable(message));
    for (const QString &m : mentions) {
        QVERIFY2(message.contains(m), qPrintable(message));
    }
}

void TestHfConfigSizes::largeButValidModelKeepsExactCount() {
    // GPT-2 XL sizes (HF gpt2-xl config.json): 1,557,611,200 parameters (the published count of
    // GPT2Model gpt2-xl), well inside the limits.
    auto config = parseHfConfig(R"({"model_type": "gpt2", "n_embd": 1600, "n_layer": 48, "n_head": 25, "vocab_size": 50257,
        "n_positions": 1024})", QStringLiteral("gpt2-xl/config.json"));
    QVERIFY2(config, qPrintable(config ? QString() : config.errorMessage()));
    ZooOptions options;
    options.seq = 8;
    auto graph = buildHfModel(*config, options);
    QVERIFY2(graph, qPrintable(graph ? QString() : graph.errorMessage()));
    const GraphCost cost = graphCost(*graph);
    QVERIFY(cost.overflow.isEmpty());
    // Hand count: wte 50257*1600 + wpe 1024*1600 + 48 layers * (12*1600^2 + 13*1600) + final LN 2*1600.
    const std::int64_t expected = 50257LL * 1600 + 1024LL * 1600 + 48LL * (12LL * 1600 * 1600 + 13LL * 1600) + 2LL * 1600;
    QCOMPARE(graph->parameterCount(), expected);
}

QTEST_GUILESS_MAIN(TestHfConfigSizes)
#include "test_hf_config_sizes.moc"
