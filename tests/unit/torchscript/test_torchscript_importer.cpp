// SPDX-License-Identifier: MIT
// Tests of TorchScriptImporter on real TorchScript archives (tests/fixtures/torchscript, written
// by tools/fixtures/export_torchscript_fixtures.py). Expected values come from PyTorch, recorded
// in fixtures.json by that script: parameter counts (sum(p.numel())), output shapes of the saved
// module at batch 1 and 4, and MACs counted at the ATen dispatcher.
#include "graph/node_cost.h"
#include "importers/torchscript/torchscript_importer.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <map>

using namespace infersight;

namespace {

const QString kDir = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/torchscript/");

QJsonObject sidecar() {
    static const QJsonObject json = [] {
        QFile f(kDir + QStringLiteral("fixtures.json"));
        if (!f.open(QIODevice::ReadOnly)) {
            return QJsonObject();
        }
        return QJsonDocument::fromJson(f.readAll()).object();
    }();
    return json;
}

std::vector<TorchScriptInputSpec> specsOf(const QJsonObject &entry) {
    std::vector<TorchScriptInputSpec> specs;
    for (const QJsonValue &v : entry.value(QStringLiteral("inputs")).toArray()) {
        auto spec = TorchScriptInputSpec::parse(v.toString());
        if (spec) {
            specs.push_back(*spec);
        }
    }
    return specs;
}

// Imports are slow-ish (LibTorch loads the archive); each fixture is imported once per batch.
const Result<TorchScriptImport> &imported(const QJsonObject &entry, std::int64_t batch) {
    static std::map<std::pair<QString, std::int64_t>, Result<TorchScriptImport>> cache;
    const QString file = entry.value(QStringLiteral("file")).toString();
    auto it = cache.find({file, batch});
    if (it == cache.end()) {
        TorchScriptImportOptions options;
        options.inputs = specsOf(entry);
        options.bindings.batch = batch;
        it = cache.emplace(std::make_pair(file, batch), TorchScriptImporter::import(kDir + file, options)).first;
    }
    return it->second;
}

std::vector<Shape> graphOutputShapes(const Graph &g) {
    std::vector<Shape> out;
    for (int v : g.outputs) {
        out.push_back(g.values[static_cast<std::size_t>(v)].shape);
    }
    return out;
}

std::vector<Shape> shapesOf(const QJsonArray &list) {
    std::vector<Shape> out;
    for (const QJsonValue &s : list) {
        Shape shape;
        for (const QJsonValue &d : s.toArray()) {
            shape.push_back(d.toInteger());
        }
        out.push_back(shape);
    }
    return out;
}

QString describe(const std::vector<Shape> &shapes) {
    QStringList parts;
    for (const Shape &s : shapes) {
        parts.push_back(shapeToString(s));
    }
    return parts.join(QStringLiteral(", "));
}

}  // namespace

class TestTorchScriptImporter : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void parameterCount_data();
    void parameterCount();
    void outputShapes_data();
    void outputShapes();
    void shapesComplete_data();
    void shapesComplete();
    void macs_data();
    void macs();
    void malformedArchives_data();
    void malformedArchives();
    void missingFile();
    void guessedImageInput();
    void guessedTokenInput();
    void tooManyInputs();
    void parametersAreInitializersWithoutData();
    void nodesAreNamedAfterModules();

private:
    void addModelRows(bool supportedOnly);
};

void TestTorchScriptImporter::initTestCase() {
    QVERIFY2(!sidecar().isEmpty(), "tests/fixtures/torchscript/fixtures.json is missing");
}

void TestTorchScriptImporter::addModelRows(bool supportedOnly) {
    QTest::addColumn<QJsonObject>("entry");
    for (const QJsonValue &v : sidecar().value(QStringLiteral("models")).toArray()) {
        const QJsonObject entry = v.toObject();
        if (supportedOnly && !entry.value(QStringLiteral("unsupported")).toArray().isEmpty()) {
            continue;
        }
        QTest::newRow(qPrintable(entry.value(QStringLiteral("file")).toString())) << entry;
    }
}

void TestTorchScriptImporter::parameterCount_data() { addModelRows(false); }

void TestTorchScriptImporter::parameterCount() {
    QFETCH(QJsonObject, entry);
    const auto &result = imported(entry, 1);
    QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.errorMessage()));
    const std::int64_t params = entry.value(QStringLiteral("params")).toInteger();
    const std::int64_t buffers = entry.value(QStringLiteral("float_buffers")).toInteger();
    QCOMPARE(result->moduleParameters, params);
    QCOMPARE(result->moduleBuffers, buffers);
    // Buffers (BatchNorm statistics) are initializers but not parameters: the IR's parameter count
    // equals PyTorch's sum(p.numel() for p in model.parameters()).
    QCOMPARE(result->graph.parameterCount(), params);
}

void TestTorchScriptImporter::outputShapes_data() { addModelRows(true); }

void TestTorchScriptImporter::outputShapes() {
    QFETCH(QJsonObject, entry);
    for (std::int64_t batch : {1, 4}) {
        const auto &result = imported(entry, batch);
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.errorMessage()));
        const auto expected = shapesOf(entry.value(QStringLiteral("outputs")).toObject().value(QString::number(batch)).toArray());
        const auto actual = graphOutputShapes(result->graph);
        QVERIFY2(actual == expected, qPrintable(QStringLiteral("batch %1: got %2, PyTorch gives %3")
                                                     .arg(batch)
                                                     .arg(describe(actual), describe(expected))));
    }
}

void TestTorchScriptImporter::shapesComplete_data() { addModelRows(false); }

void TestTorchScriptImporter::shapesComplete() {
    QFETCH(QJsonObject, entry);
    const auto &result = imported(entry, 1);
    QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.errorMessage()));
    QStringList expectedUnsupported;
    for (const QJsonValue &v : entry.value(QStringLiteral("unsupported")).toArray()) {
        expectedUnsupported.push_back(v.toString());
    }
    QCOMPARE(result->unsupportedOps, expectedUnsupported);
    for (const QString &op : expectedUnsupported) {
        QVERIFY2(result->report.unsupportedOps.contains(op), qPrintable(result->report.unsupportedOps.join(u',')));
    }
    if (expectedUnsupported.isEmpty()) {
        QString errors;
        for (const auto &[node, message] : result->report.nodeErrors) {
            errors += QStringLiteral("%1: %2; ").arg(result->graph.nodes[static_cast<std::size_t>(node)].name, message);
        }
        QVERIFY2(result->report.nodeErrors.empty(), qPrintable(errors));
        QVERIFY2(result->report.unsupportedOps.isEmpty(), qPrintable(result->report.unsupportedOps.join(u',')));
        QCOMPARE(result->report.unknownValues, 0);
    }
}

void TestTorchScriptImporter::macs_data() { addModelRows(true); }

void TestTorchScriptImporter::macs() {
    QFETCH(QJsonObject, entry);
    for (std::int64_t batch : {1, 4}) {
        const auto &result = imported(entry, batch);
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.errorMessage()));
        const double expected = entry.value(QStringLiteral("macs")).toObject().value(QString::number(batch)).toDouble();
        const GraphCost cost = graphCost(result->graph);
        const double actual = static_cast<double>(cost.macs);
        QVERIFY2(std::abs(actual - expected) <= 0.01 * expected,
                 qPrintable(QStringLiteral("batch %1: %2 MACs, PyTorch counts %3").arg(batch).arg(actual).arg(expected)));
    }
}

void TestTorchScriptImporter::malformedArchives_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("expected");
    for (const QJsonValue &v : sidecar().value(QStringLiteral("errors")).toArray()) {
        const QJsonObject e = v.toObject();
        QTest::newRow(qPrintable(e.value(QStringLiteral("file")).toString()))
            << e.value(QStringLiteral("file")).toString() << e.value(QStringLiteral("expect")).toString();
    }
}

void TestTorchScriptImporter::malformedArchives() {
    QFETCH(QString, file);
    QFETCH(QString, expected);
    const auto result = TorchScriptImporter::import(kDir + file);
    QVERIFY(!result.ok());
    QVERIFY2(result.errorMessage().contains(file), qPrintable(result.errorMessage()));
    QVERIFY2(result.errorMessage().contains(expected), qPrintable(result.errorMessage()));
    QVERIFY2(!result.errorMessage().contains(QLatin1Char('\n')), qPrintable(result.errorMessage()));
}

void TestTorchScriptImporter::missingFile() {
    const QString path = kDir + QStringLiteral("no_such_model.pt");
    const auto result = TorchScriptImporter::import(path);
    QVERIFY(!result.ok());
    QCOMPARE(result.errorMessage(), path + QStringLiteral(": no such file"));
}

void TestTorchScriptImporter::guessedImageInput() {
    // No input given: the first convolution has 3 input channels, so [N, 3, 224, 224] is assumed.
    const auto result = TorchScriptImporter::import(kDir + QStringLiteral("resnet18_traced.pt"));
    QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.errorMessage()));
    QCOMPARE(result->inputs.size(), std::size_t{1});
    QCOMPARE(result->inputs.front().toString(), QStringLiteral("Nx3xHxW"));
    QCOMPARE(result->bindings.height, 224);  // the image knob's default
    QVERIFY2(result->notes.join(u'\n').contains(QStringLiteral("convolution with 3 input channels")),
             qPrintable(result->notes.join(u'\n')));
    QCOMPARE(graphOutputShapes(result->graph), (std::vector<Shape>{{1, 1000}}));
}

void TestTorchScriptImporter::guessedTokenInput() {
    // The first use is an embedding lookup: token ids [N, 128] (int64).
    const auto result = TorchScriptImporter::import(kDir + QStringLiteral("tiny_bert_scripted.pt"));
    QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.errorMessage()));
    QCOMPARE(result->inputs.front().dtype, DType::I64);
    // (Shapes are not checked: 128 tokens exceed TinyBert's 64 learned positions.)
    QVERIFY(result->notes.join(u'\n').contains(QStringLiteral("embedding lookup")));
}

void TestTorchScriptImporter::tooManyInputs() {
    TorchScriptImportOptions options;
    auto specs = TorchScriptInputSpec::parseList(QStringLiteral("1x3x224x224,1x3x224x224"));
    QVERIFY(specs.ok());
    options.inputs = *specs;
    const auto result = TorchScriptImporter::import(kDir + QStringLiteral("resnet18_scripted.pt"), options);
    QVERIFY(!result.ok());
    QVERIFY2(result.errorMessage().contains(QStringLiteral("2 input shapes were given")), qPrintable(result.errorMessage()));
}

void TestTorchScriptImporter::parametersAreInitializersWithoutData() {
    const QJsonObject entry = [] {
        for (const QJsonValue &v : sidecar().value(QStringLiteral("models")).toArray()) {
            if (v.toObject().value(QStringLiteral("file")).toString() == QLatin1String("resnet18_traced.pt")) {
                return v.toObject();
            }
        }
        return QJsonObject();
    }();
    const auto &result = imported(entry, 1);
    QVERIFY(result.ok());
    const Graph &g = result->graph;
    const int conv1 = g.findValue(QStringLiteral("conv1.weight"));
    QVERIFY(conv1 >= 0);
    const Value &w = g.values[static_cast<std::size_t>(conv1)];
    QVERIFY(w.isInitializer());
    QCOMPARE(w.dtype, DType::F32);
    QCOMPARE(w.shape, (Shape{64, 3, 7, 7}));  // torchvision resnet18 conv1
    QVERIFY(!w.floatData.has_value());
    // Linear weights are declared as [in, out], the layout MatMul reads.
    const int fc = g.findValue(QStringLiteral("fc.weight"));
    QVERIFY(fc >= 0);
    QCOMPARE(g.values[static_cast<std::size_t>(fc)].shape, (Shape{512, 1000}));
}

void TestTorchScriptImporter::nodesAreNamedAfterModules() {
    const auto result = TorchScriptImporter::import(kDir + QStringLiteral("resnet18_scripted.pt"));
    QVERIFY(result.ok());
    QStringList names;
    for (const Node &n : result->graph.nodes) {
        names.push_back(n.name);
    }
    QVERIFY2(names.contains(QStringLiteral("layer1.0.conv1/Conv")), qPrintable(names.mid(0, 20).join(u' ')));
}

QTEST_GUILESS_MAIN(TestTorchScriptImporter)
#include "test_torchscript_importer.moc"
