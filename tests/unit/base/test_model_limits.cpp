// SPDX-License-Identifier: MIT
// Tests of the one layer limit (issue 15, item 5): 10,000 by default, INFERSIGHT_MAX_LAYERS raises
// it (junk in the variable leaves the default), and every way of asking for layers obeys it: a
// HuggingFace config's layer count (100,000 layers took 9.3 GB before), a zoo model's depth, and the
// errors name the limit and the variable.
#include "base/model_limits.h"
#include "importers/hfconfig/hf_config_importer.h"
#include "zoo/model_zoo.h"

#include <QtTest>

using namespace infersight;

class TestModelLimits : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { qunsetenv(kMaxLayersEnvVar); }
    void environmentVariable_data();
    void environmentVariable();
    void hfConfigLayerCount_data();
    void hfConfigLayerCount();
    void zooDepth();
};

void TestModelLimits::environmentVariable_data() {
    QTest::addColumn<QByteArray>("value");  // empty: unset
    QTest::addColumn<int>("expected");
    QTest::newRow("unset") << QByteArray() << 10000;
    QTest::newRow("raised") << QByteArray("200000") << 200000;
    QTest::newRow("lowered") << QByteArray("12") << 12;
    QTest::newRow("zero is junk") << QByteArray("0") << 10000;
    QTest::newRow("words are junk") << QByteArray("lots") << 10000;
    QTest::newRow("above the ceiling") << QByteArray("1000000000") << 10000;
}

void TestModelLimits::environmentVariable() {
    QFETCH(QByteArray, value);
    QFETCH(int, expected);
    if (!value.isEmpty()) {
        qputenv(kMaxLayersEnvVar, value);
    }
    QCOMPARE(maxLayers(), expected);
    QVERIFY(maxLayersText().contains(QString::number(expected)));
    QVERIFY(maxLayersText().contains(QStringLiteral("INFERSIGHT_MAX_LAYERS")));
}

namespace {
QByteArray bertConfig(int layers) {
    return QStringLiteral(R"({"architectures": ["BertModel"], "model_type": "bert", "hidden_size": 64,
        "num_attention_heads": 2, "num_hidden_layers": %1, "intermediate_size": 128, "vocab_size": 100,
        "max_position_embeddings": 64, "type_vocab_size": 2})")
        .arg(layers)
        .toUtf8();
}
}  // namespace

void TestModelLimits::hfConfigLayerCount_data() {
    QTest::addColumn<int>("layers");
    QTest::addColumn<QByteArray>("limit");  // INFERSIGHT_MAX_LAYERS, empty: unset
    QTest::addColumn<bool>("accepted");
    QTest::newRow("100,000 layers refused") << 100000 << QByteArray() << false;
    QTest::newRow("10,001 layers refused") << 10001 << QByteArray() << false;
    QTest::newRow("10,000 layers accepted") << 10000 << QByteArray() << true;
    QTest::newRow("a lowered limit refuses 13") << 13 << QByteArray("12") << false;
    QTest::newRow("a raised limit accepts 10,001") << 10001 << QByteArray("10001") << true;
}

void TestModelLimits::hfConfigLayerCount() {
    QFETCH(int, layers);
    QFETCH(QByteArray, limit);
    QFETCH(bool, accepted);
    if (!limit.isEmpty()) {
        qputenv(kMaxLayersEnvVar, limit);
    }
    // Parsing only: the check is on the count, before anything is built.
    auto config = parseHfConfig(bertConfig(layers), QStringLiteral("config.json"));
    QCOMPARE(config.ok(), accepted);
    if (!accepted) {
        QVERIFY2(config.errorMessage().contains(QStringLiteral("config.json")), qPrintable(config.errorMessage()));
        QVERIFY2(config.errorMessage().contains(QStringLiteral("layer count %1").arg(layers)), qPrintable(config.errorMessage()));
        QVERIFY2(config.errorMessage().contains(QStringLiteral("at most %1 layers").arg(maxLayers())), qPrintable(config.errorMessage()));
        QVERIFY2(config.errorMessage().contains(QStringLiteral("INFERSIGHT_MAX_LAYERS")), qPrintable(config.errorMessage()));
    }
}

void TestModelLimits::zooDepth() {
    ZooOptions options;
    options.depth = 10001;
    auto graph = buildZooModel(QStringLiteral("bert-base"), options);
    QVERIFY(!graph.ok());
    QVERIFY2(graph.errorMessage().contains(QStringLiteral("depth 10001")) &&
                 graph.errorMessage().contains(QStringLiteral("at most 10000 layers")) &&
                 graph.errorMessage().contains(QStringLiteral("INFERSIGHT_MAX_LAYERS")),
             qPrintable(graph.errorMessage()));
    // The same limit, lowered: depth 3 is refused at a limit of 2.
    qputenv(kMaxLayersEnvVar, "2");
    options.depth = 3;
    QVERIFY(!buildZooModel(QStringLiteral("bert-base"), options).ok());
    options.depth = 2;
    QVERIFY(buildZooModel(QStringLiteral("bert-base"), options).ok());
}

QTEST_GUILESS_MAIN(TestModelLimits)
#include "test_model_limits.moc"
