// SPDX-License-Identifier: MIT
// Tests of the loadModel() entry for TorchScript (isTorchScriptSource, loadTorchScriptSource):
// dispatch by name, input shapes from ModelOptions, and rebinding the knobs without re-importing.
// Expected shapes: torchvision resnet18 maps [N, 3, H, W] to [N, 1000] for any H, W >= 32
// (global average pooling before the classifier).
#include "importers/model_loader.h"
#include "importers/torchscript/torchscript_model_source.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace infersight;

namespace {
const QString kDir = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/torchscript/");

Shape firstOutput(const LoadedModel &m) {
    return m.graph.values[static_cast<std::size_t>(m.graph.outputs.front())].shape;
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
    ModelOptions options;
    options.inputShapes = QStringLiteral("2x3x64x64");
    const auto model = loadModel(kDir + QStringLiteral("op_mix_scripted.pt"), options);
    QVERIFY2(model.ok(), qPrintable(model.ok() ? QString() : model.errorMessage()));
    QCOMPARE(model->format, QStringLiteral("torchscript"));
    QCOMPARE(model->bindings.batch, 2);
    QCOMPARE(model->graph.outputs.size(), std::size_t{2});
    QCOMPARE(firstOutput(*model), (Shape{2, 10}));  // PyTorch: fixtures.json, op_mix_scripted, batch 1 -> [1, 10]
}

void TestTorchScriptModelSource::rebindsBatchAndImage() {
    auto model = loadModel(kDir + QStringLiteral("resnet18_traced.pt"));
    QVERIFY2(model.ok(), qPrintable(model.ok() ? QString() : model.errorMessage()));
    QCOMPARE(firstOutput(*model), (Shape{1, 1000}));
    ShapeBindings b = model->bindings;
    b.batch = 8;
    b.height = 160;
    b.width = 160;
    const auto report = rebind(*model, b);
    QVERIFY2(report.ok(), qPrintable(report.ok() ? QString() : report.errorMessage()));
    QCOMPARE(report->unknownValues, 0);
    QCOMPARE(firstOutput(*model), (Shape{8, 1000}));
    const Value &input = model->graph.values[static_cast<std::size_t>(model->graph.inputs.front())];
    QCOMPARE(input.shape, (Shape{8, 3, 160, 160}));
}

void TestTorchScriptModelSource::badInputShapesAreReported() {
    ModelOptions options;
    options.inputShapes = QStringLiteral("1x3xbad!");
    const QString path = kDir + QStringLiteral("op_mix_scripted.pt");
    const auto model = loadModel(path, options);
    QVERIFY(!model.ok());
    QVERIFY2(model.errorMessage().startsWith(path + QStringLiteral(": input shape '1x3xbad!'")), qPrintable(model.errorMessage()));
}

QTEST_GUILESS_MAIN(TestTorchScriptModelSource)
#include "test_torchscript_model_source.moc"
