// SPDX-License-Identifier: MIT
// Tests of Design: opening sources, knobs re-binding, edits by node name surviving rebuilds,
// structural options (width multiplier, depth) through the builders, refusals leaving the design
// as it was. Expected figures: torchvision's published parameter counts (ResNet-50 25,557,032)
// and the hand-computed edit deltas of test_channel_group.cpp (ResNet-50 layer1.0/conv1 64 -> 32:
// -20544; BERT-base 12 -> 6 heads: -1,180,800).
#include "design/design.h"
#include "graph/shape_binding.h"
#include "importers/model_import.h"
#include "zoo/model_zoo.h"

#include <QtTest>

using namespace infersight;

namespace {

const QString kFixtures = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx/");

template <typename R>
QString why(const R &result) {
    return result ? QString() : result.errorMessage();
}

Design open(const QString &source, const Knobs &knobs = {}) {
    auto d = Design::open(source, knobs);
    if (!d) {
        qFatal("%s", qPrintable(d.errorMessage()));
    }
    return *d;
}

Shape outputShape(const Design &d) { return d.graph().values[static_cast<std::size_t>(d.graph().outputs.front())].shape; }

std::int64_t zooParams(const QString &name, const ZooOptions &options) { return buildZooModel(name, options)->parameterCount(); }

}  // namespace

class TestDesign : public QObject {
    Q_OBJECT
private slots:
    void opensSources_data();
    void opensSources();
    void zooKnobsReachTheBuilders_data();
    void zooKnobsReachTheBuilders();
    void decodePhaseBindsTheCache();
    void defaultBatchIsDecidedOnce();
    void importedShapesAreTakenOver_data();
    void importedShapesAreTakenOver();
    void opensHfConfig();
    void errorsNameTheSource_data();
    void errorsNameTheSource();
    void knobsRebindWithoutRebuilding();
    void editsSurviveKnobsAndRebuilds();
    void widthMultiplierUsesTheBuilder();
    void widthMultiplierOnImportedGraph();
    void depthNeedsABuilder();
    void headsEdit();
    void refusedChangesLeaveTheDesign_data();
    void refusedChangesLeaveTheDesign();
    void removingAnEditReappliesTheRest();
    void nodePrecisions();
};

void TestDesign::opensSources_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("format");
    QTest::addColumn<qint64>("parameters");
    // torchvision's published count (resnet50); the export's own count (tests/fixtures/onnx/
    // fixtures.json "params_in_file": BatchNorm folded into the convolutions).
    QTest::newRow("zoo resnet50") << "zoo:resnet50" << "zoo" << qint64(25557032);
    QTest::newRow("onnx resnet18") << kFixtures + "resnet18.onnx" << "onnx" << qint64(11684712);
}

void TestDesign::opensSources() {
    QFETCH(QString, source);
    QFETCH(QString, format);
    QFETCH(qint64, parameters);
    auto d = Design::open(source);
    QVERIFY2(d, qPrintable(why(d)));
    QCOMPARE(d->format(), format);
    QCOMPARE(d->graph().parameterCount(), parameters);
    QVERIFY(d->report().nodeErrors.empty());
    QCOMPARE(outputShape(*d), (Shape{1, 1000}));
}

// The knobs reach the builders and the propagation: output shapes at the asked batch, image size
// and sequence length (resnet50: 1000 classes; gpt2: vocabulary 50,257; bert-base: hidden 768,
// its default sequence 512).
void TestDesign::zooKnobsReachTheBuilders_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<qint64>("batch");
    QTest::addColumn<qint64>("size");  // image side or sequence length asked for
    QTest::addColumn<Shape>("expectedShape");
    QTest::newRow("resnet50 defaults") << "zoo:resnet50" << qint64(-1) << qint64(-1) << Shape{1, 1000};
    QTest::newRow("resnet50 b8 448") << "zoo:resnet50" << qint64(8) << qint64(448) << Shape{8, 1000};
    QTest::newRow("gpt2 b2 s64") << "zoo:gpt2" << qint64(2) << qint64(64) << Shape{2, 64, 50257};
    QTest::newRow("bert-base defaults") << "zoo:bert-base" << qint64(-1) << qint64(-1) << Shape{1, 512, 768};
}

void TestDesign::zooKnobsReachTheBuilders() {
    QFETCH(QString, source);
    QFETCH(qint64, batch);
    QFETCH(qint64, size);
    QFETCH(Shape, expectedShape);
    Knobs k;
    k.batch = batch;
    if (source.contains(QLatin1String("resnet"))) {
        k.height = size;
        k.width = size;
    } else {
        k.sequence = size;
    }
    const Design d = open(source, k);
    QCOMPARE(d.format(), QStringLiteral("zoo"));
    QVERIFY(d.report().complete());
    QCOMPARE(outputShape(d), expectedShape);
}

void TestDesign::decodePhaseBindsTheCache() {
    // Llama-2-7B: 32 heads of 128; the cache of layer 0 holds the 512 context tokens.
    Knobs k;
    k.phase = DecoderPhase::Decode;
    k.context = 512;
    const Design d = open(QStringLiteral("zoo:llama-2-7b"), k);
    const int past = d.graph().findValue(QStringLiteral("past_key.0"));
    QVERIFY(past >= 0);
    QCOMPARE(d.graph().values[static_cast<std::size_t>(past)].shape, (Shape{1, 32, 128, 512}));
    // A graph without a KV cache has no decode phase, whatever made it (zoo builder, import).
    Knobs decode = k;
    auto cnn = Design::open(QStringLiteral("zoo:resnet50"), decode);
    QVERIFY(!cnn.ok());
    QVERIFY2(cnn.errorMessage().contains(QStringLiteral("decode phase")), qPrintable(cnn.errorMessage()));
    auto onnx = Design::open(kFixtures + QStringLiteral("resnet18.onnx"), decode);
    QVERIFY(!onnx.ok());
    QVERIFY2(onnx.errorMessage().contains(QStringLiteral("no KV-cache inputs")), qPrintable(onnx.errorMessage()));
}

void TestDesign::defaultBatchIsDecidedOnce() {
    // A batch < 1 takes the model's own: zoo builders leave it open (1); the static re-export
    // vit_b_16_static_b3.onnx was exported at batch 3 (tests/fixtures/onnx/fixtures.json).
    Knobs k;
    k.batch = -1;
    const Design zoo = open(QStringLiteral("zoo:efficientnet_b0"), k);
    QCOMPARE(zoo.knobs().batch, std::int64_t{1});
    QCOMPARE(zoo.bindings().batch, std::int64_t{1});
    const Design fixed = open(kFixtures + QStringLiteral("vit_b_16_static_b3.onnx"), k);
    QCOMPARE(fixed.knobs().batch, std::int64_t{3});
    QCOMPARE(fixed.bindings().batch, std::int64_t{3});
    QCOMPARE(outputShape(fixed).front(), std::int64_t{3});
    // A batch change re-binds the same graph: 16 samples of 1000 classes.
    Design d = zoo;
    QVERIFY(d.setBatch(16));
    QCOMPARE(outputShape(d), (Shape{16, 1000}));
    QCOMPARE(d.knobs().batch, std::int64_t{16});
}

// Design::open takes the ONNX importer's propagation (ImportedModel::shapes) instead of propagating
// the graph again at the same knobs. The reference is the way without it: the importer's graph
// propagated once more at the knobs, as Design::rebuild did (issue 15, item 5).
void TestDesign::importedShapesAreTakenOver_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("batch");
    QTest::addColumn<qint64>("sequence");
    QTest::newRow("resnet18 batch 4") << kFixtures + "resnet18.onnx" << qint64(4) << qint64(-1);
    QTest::newRow("bert_base_2l seq 64") << kFixtures + "bert_base_2l.onnx" << qint64(2) << qint64(64);
    QTest::newRow("gpt2_2l defaults") << kFixtures + "gpt2_2l.onnx" << qint64(-1) << qint64(-1);
    QTest::newRow("vit_b_16_static_b3 default batch") << kFixtures + "vit_b_16_static_b3.onnx" << qint64(-1) << qint64(-1);
}

void TestDesign::importedShapesAreTakenOver() {
    QFETCH(QString, file);
    QFETCH(qint64, batch);
    QFETCH(qint64, sequence);
    Knobs knobs;
    knobs.batch = batch;
    knobs.sequence = sequence;
    const Design d = open(file, knobs);

    ImportOptions options;
    options.bindings = knobs.bindings();
    auto imported = importModelFile(file, options);
    QVERIFY2(imported, qPrintable(why(imported)));
    QVERIFY(imported->shapes.has_value());
    Graph reference = imported->graph;
    auto bound = propagateAtBindings(reference, knobs.bindings(), file);
    QVERIFY2(bound, qPrintable(why(bound)));

    QCOMPARE(d.bindings(), bound->bindings);
    QCOMPARE(imported->shapes->bindings, bound->bindings);
    QCOMPARE(d.report().unknownValues, bound->report.unknownValues);
    QCOMPARE(d.report().totalValues, bound->report.totalValues);
    QCOMPARE(d.report().unsupportedOps, bound->report.unsupportedOps);
    QCOMPARE(d.report().nodeErrors.size(), bound->report.nodeErrors.size());
    QCOMPARE(d.report().tooLarge, bound->report.tooLarge);
    for (const QString &note : bound->notes) {
        QVERIFY2(d.notes().contains(note), qPrintable(note));
    }
    for (const QString &warning : bound->warnings) {
        QVERIFY2(d.warnings().contains(warning), qPrintable(warning));
    }
    QCOMPARE(d.notes(), imported->notes);
    QCOMPARE(d.warnings(), imported->warnings);
    const Graph &g = d.graph();
    QCOMPARE(g.values.size(), reference.values.size());
    for (std::size_t i = 0; i < g.values.size(); ++i) {
        const Value &got = g.values[i];
        const Value &want = reference.values[i];
        QCOMPARE(got.name, want.name);
        QCOMPARE(got.rankKnown, want.rankKnown);
        QCOMPARE(got.shape, want.shape);
        QCOMPARE(got.dtype, want.dtype);
        QCOMPARE(got.intData, want.intData);
    }
}

void TestDesign::opensHfConfig() {
    const QString path = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/hfconfig/tiny_llama.json");
    Knobs k;
    k.sequence = 16;
    const Design d = open(path, k);
    QCOMPARE(d.format(), QStringLiteral("hfconfig"));
    QCOMPARE(d.graph().sourcePath, path);
    QVERIFY(d.report().complete());
}

void TestDesign::errorsNameTheSource_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("fragment");
    QTest::newRow("unknown zoo") << "zoo:nosuchnet" << "zoo:nosuchnet";
    QTest::newRow("broken config") << QStringLiteral(INFERSIGHT_FIXTURES_DIR "/hfconfig/broken_not_json.json") << "not valid JSON";
    QTest::newRow("missing file") << QStringLiteral("/nonexistent/model.onnx") << "/nonexistent/model.onnx";
    QTest::newRow("no source") << QString() << "no model given";
}

void TestDesign::errorsNameTheSource() {
    QFETCH(QString, source);
    QFETCH(QString, fragment);
    auto d = Design::open(source);
    QVERIFY(!d.ok());
    QVERIFY2(d.errorMessage().contains(fragment), qPrintable(d.errorMessage()));
}

void TestDesign::knobsRebindWithoutRebuilding() {
    Design d = open(kFixtures + QStringLiteral("resnet18.onnx"));
    const auto before = d.sharedGraph();
    QVERIFY(d.setPrecision(Precision::FP16));
    QCOMPARE(d.sharedGraph(), before);  // precision is the predictor's business: same graph
    QVERIFY(d.setBatch(8));
    QVERIFY(d.sharedGraph() != before);
    QCOMPARE(outputShape(d), (Shape{8, 1000}));
    QCOMPARE(d.bindings().batch, std::int64_t{8});
}

void TestDesign::editsSurviveKnobsAndRebuilds() {
    Design d = open(QStringLiteral("zoo:resnet50"));
    QVERIFY(d.addEdit(DesignEdit::width(QStringLiteral("layer1.0/conv1"), 32)));
    QCOMPARE(d.graph().parameterCount(), qint64(25557032 - 20544));
    QCOMPARE(d.lastResize().parametersAfter - d.lastResize().parametersBefore, qint64(-20544));
    QVERIFY(d.setBatch(4));
    QCOMPARE(d.graph().parameterCount(), qint64(25557032 - 20544));
    QCOMPARE(outputShape(d), (Shape{4, 1000}));
    QVERIFY(d.setImageSize(320, 320));  // a zoo model is rebuilt at another image size; edits re-applied
    QCOMPARE(d.graph().parameterCount(), qint64(25557032 - 20544));
    QCOMPARE(d.edits().size(), std::size_t{1});
    QCOMPARE(*d.layerWidth(QStringLiteral("layer1.0/conv1")), std::int64_t{32});
}

void TestDesign::widthMultiplierUsesTheBuilder() {
    Design d = open(QStringLiteral("zoo:resnet50"));
    QVERIFY(d.addEdit(DesignEdit::width(QStringLiteral("layer1.0/conv1"), 16)));
    QVERIFY(d.setWidthMultiplier(0.5));
    ZooOptions half;
    half.widthMult = 0.5;
    // Rebuilt by the builder at 0.5 (layer1.0/conv1: 32 channels), then the absolute edit to 16:
    // conv1 -16*32, bn1 -2*16, conv2 [32,32,3,3] -> [32,16,3,3] -32*16*9 => -512 -32 -4608.
    QCOMPARE(d.graph().parameterCount(), zooParams(QStringLiteral("resnet50"), half) - 5152);
    QCOMPARE(*d.layerWidth(QStringLiteral("layer1.0/conv1")), std::int64_t{16});
}

void TestDesign::widthMultiplierOnImportedGraph() {
    Design d = open(kFixtures + QStringLiteral("resnet18.onnx"));
    QVERIFY(d.setWidthMultiplier(0.5));
    QVERIFY(d.graph().parameterCount() < 11684712 / 3);
    QVERIFY(!d.lastSkipped().isEmpty());  // the classifier's group ends at the logits
    QCOMPARE(outputShape(d), (Shape{1, 1000}));
}

void TestDesign::depthNeedsABuilder() {
    Design zoo = open(QStringLiteral("zoo:resnet50"));
    QVERIFY(zoo.setDepth(8));
    ZooOptions depth8;
    depth8.depth = 8;
    QCOMPARE(zoo.graph().parameterCount(), zooParams(QStringLiteral("resnet50"), depth8));
    Design onnx = open(kFixtures + QStringLiteral("resnet18.onnx"));
    const Status st = onnx.setDepth(4);
    QVERIFY(!st);
    QVERIFY2(st.errorMessage().contains(QStringLiteral("depth edits need a zoo model")), qPrintable(st.errorMessage()));
    QCOMPARE(onnx.depth(), -1);
}

void TestDesign::headsEdit() {
    Design d = open(QStringLiteral("zoo:bert-base"), Knobs{1, 128});
    const QString q = QStringLiteral("bert.encoder.layer.0/attention.self.query");
    const std::int64_t before = d.graph().parameterCount();
    const Status st = d.addEdit(DesignEdit::heads(q, 6));
    QVERIFY2(st, qPrintable(st.errorMessage()));
    QCOMPARE(d.graph().parameterCount() - before, qint64(-1180800));
    QCOMPARE(d.heads(q)->heads, std::int64_t{6});
    QCOMPARE(d.heads(QStringLiteral("bert.encoder.layer.1/attention.self.query"))->heads, std::int64_t{12});
}

void TestDesign::refusedChangesLeaveTheDesign_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("change");  // 0 width edit, 1 unknown node, 2 decode on ONNX, 3 batch 0, 4 multiplier 0
    QTest::addColumn<QString>("reason");
    QTest::newRow("grouped conv width") << "zoo:resnext50_32x4d" << 0 << "multiple of 32";
    QTest::newRow("unknown node") << "zoo:resnet50" << 1 << "no node named 'nope'";
    QTest::newRow("decode phase of an import") << kFixtures + "resnet18.onnx" << 2 << "decode phase";
    QTest::newRow("batch 0") << "zoo:resnet50" << 3 << "at least 1";
    QTest::newRow("width multiplier 0") << "zoo:resnet50" << 4 << "(0, 16]";
}

void TestDesign::refusedChangesLeaveTheDesign() {
    QFETCH(QString, source);
    QFETCH(int, change);
    QFETCH(QString, reason);
    Design d = open(source);
    const Design before = d;
    Status st;
    switch (change) {
    case 0: st = d.addEdit(DesignEdit::width(QStringLiteral("layer1.0/conv1"), 100)); break;
    case 1: st = d.addEdit(DesignEdit::width(QStringLiteral("nope"), 8)); break;
    case 2: st = d.setPhase(DecoderPhase::Decode, 128); break;
    case 3: st = d.setBatch(0); break;
    default: st = d.setWidthMultiplier(0.0); break;
    }
    QVERIFY(!st);
    QVERIFY2(st.errorMessage().contains(reason), qPrintable(st.errorMessage()));
    QVERIFY(d.sameState(before));
    QCOMPARE(d.sharedGraph(), before.sharedGraph());
}

void TestDesign::removingAnEditReappliesTheRest() {
    Design d = open(QStringLiteral("zoo:resnet50"));
    QVERIFY(d.addEdit(DesignEdit::width(QStringLiteral("layer1.0/conv1"), 32)));
    QVERIFY(d.addEdit(DesignEdit::width(QStringLiteral("layer1.1/conv1"), 32)));
    QCOMPARE(d.graph().parameterCount(), qint64(25557032 - 20544 - 26688));
    QVERIFY(d.removeEdit(0));
    // layer1.1/conv1 64 -> 32: conv1 [64,256] -> [32,256] -8192, bn1 -64, conv2 -18432 => -26688.
    QCOMPARE(d.graph().parameterCount(), qint64(25557032 - 26688));
    QCOMPARE(*d.layerWidth(QStringLiteral("layer1.0/conv1")), std::int64_t{64});
}

void TestDesign::nodePrecisions() {
    Design d = open(QStringLiteral("zoo:resnet50"));
    QVERIFY(d.setNodePrecision(QStringLiteral("fc"), Precision::FP32));
    QCOMPARE(d.nodePrecisions().value(QStringLiteral("fc")), Precision::FP32);
    QVERIFY(!d.setNodePrecision(QStringLiteral("nope"), Precision::FP16));
    QVERIFY(d.setNodePrecision(QStringLiteral("fc"), std::nullopt));
    QVERIFY(d.nodePrecisions().isEmpty());
}

QTEST_GUILESS_MAIN(TestDesign)
#include "test_design.moc"
