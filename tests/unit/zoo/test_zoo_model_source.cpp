// SPDX-License-Identifier: MIT
// Tests of the zoo:NAME and config.json entries of loadModel(): knob values reach the builders,
// shapes are propagated, rebind() re-propagates without rebuilding.
#include "importers/model_loader.h"
#include "zoo/zoo_model_source.h"

#include <QtTest>

using namespace infersight;

class TestZooModelSource : public QObject {
    Q_OBJECT
private slots:
    void loadsZooModels_data();
    void loadsZooModels();
    void contextSelectsDecode();
    void rebindKeepsTheGraph();
    void loadsHfConfig();
    void errorsNameTheSource_data();
    void errorsNameTheSource();
};

void TestZooModelSource::loadsZooModels_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<qint64>("batch");
    QTest::addColumn<qint64>("size");  // image side or sequence length asked for
    QTest::addColumn<Shape>("outputShape");
    QTest::newRow("resnet50 defaults") << "zoo:resnet50" << qint64(-1) << qint64(-1) << Shape{1, 1000};
    QTest::newRow("resnet50 b8 448") << "zoo:resnet50" << qint64(8) << qint64(448) << Shape{8, 1000};
    QTest::newRow("gpt2 b2 s64") << "zoo:gpt2" << qint64(2) << qint64(64) << Shape{2, 64, 50257};
    QTest::newRow("bert-base defaults") << "zoo:bert-base" << qint64(-1) << qint64(-1) << Shape{1, 512, 768};
}

void TestZooModelSource::loadsZooModels() {
    QFETCH(QString, source);
    QFETCH(qint64, batch);
    QFETCH(qint64, size);
    QFETCH(Shape, outputShape);
    ModelOptions options;
    options.bindings.batch = batch;
    if (source.contains(QLatin1String("resnet"))) {
        options.bindings.height = size;
        options.bindings.width = size;
    } else {
        options.bindings.sequence = size;
    }
    auto model = loadModel(source, options);
    QVERIFY2(model.ok(), qPrintable(model.ok() ? QString() : model.errorMessage()));
    QCOMPARE(model->format, QStringLiteral("zoo"));
    QVERIFY(model->report.complete());
    const Graph &g = model->graph;
    QCOMPARE(g.values[static_cast<std::size_t>(g.outputs.front())].shape, outputShape);
}

void TestZooModelSource::contextSelectsDecode() {
    ModelOptions options;
    options.bindings.context = 512;
    auto model = loadModel(QStringLiteral("zoo:llama-2-7b"), options);
    QVERIFY2(model.ok(), qPrintable(model.ok() ? QString() : model.errorMessage()));
    const int past = model->graph.findValue(QStringLiteral("past_key.0"));
    QVERIFY(past >= 0);
    QCOMPARE(model->graph.values[static_cast<std::size_t>(past)].shape, (Shape{1, 32, 128, 512}));
    QCOMPARE(zooOptionsFromBindings(options.bindings).phase, DecoderPhase::Decode);
}

void TestZooModelSource::rebindKeepsTheGraph() {
    auto model = loadModel(QStringLiteral("zoo:efficientnet_b0"));
    QVERIFY(model.ok());
    ShapeBindings b = model->bindings;
    b.batch = 16;
    QVERIFY(rebind(*model, b).ok());
    const Graph &g = model->graph;
    QCOMPARE(g.values[static_cast<std::size_t>(g.outputs.front())].shape, (Shape{16, 1000}));
}

void TestZooModelSource::loadsHfConfig() {
    const QString path = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/hfconfig/tiny_llama.json");
    ModelOptions options;
    options.bindings.sequence = 16;
    auto model = loadModel(path, options);
    QVERIFY2(model.ok(), qPrintable(model.ok() ? QString() : model.errorMessage()));
    QCOMPARE(model->format, QStringLiteral("hfconfig"));
    QCOMPARE(model->graph.sourcePath, path);
    QVERIFY(model->report.complete());
}

void TestZooModelSource::errorsNameTheSource_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("fragment");
    QTest::newRow("unknown zoo") << "zoo:nosuchnet" << "zoo:nosuchnet";
    QTest::newRow("broken config") << QStringLiteral(INFERSIGHT_FIXTURES_DIR "/hfconfig/broken_not_json.json") << "not valid JSON";
}

void TestZooModelSource::errorsNameTheSource() {
    QFETCH(QString, source);
    QFETCH(QString, fragment);
    auto model = loadModel(source);
    QVERIFY(!model.ok());
    QVERIFY2(model.errorMessage().contains(fragment), qPrintable(model.errorMessage()));
}

QTEST_GUILESS_MAIN(TestZooModelSource)
#include "test_zoo_model_source.moc"
