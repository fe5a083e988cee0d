// SPDX-License-Identifier: MIT
// Tests of opening TorchScript files (isTorchScriptSource, importTorchScriptFile behind
// Design::open): dispatch by name, the input shapes given to Design::open, and re-binding the knobs
// without re-importing.
// Expected shapes: torchvision resnet18 maps [N, 3, H, W] to [N, 1000] for any H, W >= 32
// (global average pooling before the classifier).
#include "design/design.h"
#include "importers/torchscript/torchscript_model_source.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace infersight;

namespace {
const QString kDir = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/torchscript/");

Shape firstOutput(const Design &m) {
    return m.graph().values[static_cast<std::size_t>(m.graph().outputs.front())].shape;
}

// At the model's own batch (the input shapes' when given).
Knobs modelDefaults() {
    Knobs k;
    k.batch = -1;
    return k;
}
}  // namespace

class TestTorchScriptModelSource : public QObject {
    Q_OBJECT
private slots:
    void recognisedNames_data();
    void recognisedNames();
    void loadsWithGivenShapes();
    void rebindsBatchAndImage();
    void badInputShapesAreReported();
};

void TestTorchScriptModelSource::recognisedNames_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<bool>("torchscript");
    QTest::newRow(".pt") << "model.pt" << true;
    QTest::newRow(".PTH") << "model.PTH" << true;
    QTest::newRow(".ptl") << "model.ptl" << true;
    QTest::newRow(".torchscript") << "model.torchscript" << true;
    QTest::newRow(".ts text") << "translations/infersight_de.ts" << false;
    QTest::newRow(".onnx") << "model.onnx" << false;
}

void TestTorchScriptModelSource::recognisedNames() {
    QFETCH(QString, source);
    QFETCH(bool, torchscript);
    QCOMPARE(isTorchScriptSource(source), torchscript);
    // A zip archive named .ts is TorchScript.
    QTemporaryDir dir;
    const QString copy = dir.filePath(QStringLiteral("model.ts"));
    QVERIFY(QFile::copy(kDir + QStringLiteral("op_mix_traced.pt"), copy));
    QVERIFY(isTorchScriptSource(copy));
}

void TestTorchScriptModelSource::loadsWithGivenShapes() {
    const auto model = Design::open(kDir + QStringLiteral("op_mix_scripted.pt"), modelDefaults(), QStringLiteral("2x3x64x64"));
    QVERIFY2(model.ok(), qPrintable(model.ok() ? QString() : model.errorMessage()));
    QCOMPARE(model->format(), QStringLiteral("torchscript"));
    QCOMPARE(model->bindings().batch, 2);
    QCOMPARE(model->graph().outputs.size(), std::size_t{2});
    QCOMPARE(firstOutput(*model), (Shape{2, 10}));  // PyTorch: fixtures.json, op_mix_scripted, batch 1 -> [1, 10]
}

void TestTorchScriptModelSource::rebindsBatchAndImage() {
    auto model = Design::open(kDir + QStringLiteral("resnet18_traced.pt"), modelDefaults());
    QVERIFY2(model.ok(), qPrintable(model.ok() ? QString() : model.errorMessage()));
    QCOMPARE(firstOutput(*model), (Shape{1, 1000}));
    Knobs k = model->knobs();
    k.batch = 8;
    k.height = 160;
    k.width = 160;
    const Status rebound = model->setKnobs(k);
    QVERIFY2(rebound.ok(), qPrintable(rebound.errorMessage()));
    QCOMPARE(model->report().unknownValues, 0);
    QCOMPARE(firstOutput(*model), (Shape{8, 1000}));
    const Value &input = model->graph().values[static_cast<std::size_t>(model->graph().inputs.front())];
    QCOMPARE(input.shape, (Shape{8, 3, 160, 160}));
}

void TestTorchScriptModelSource::badInputShapesAreReported() {
    const QString path = kDir + QStringLiteral("op_mix_scripted.pt");
    const auto model = Design::open(path, Knobs{}, QStringLiteral("1x3xbad!"));
    QVERIFY(!model.ok());
    QVERIFY2(model.errorMessage().startsWith(path + QStringLiteral(": input shape '1x3xbad!'")), qPrintable(model.errorMessage()));
}

QTEST_GUILESS_MAIN(TestTorchScriptModelSource)
#include "test_torchscript_model_source.moc"
