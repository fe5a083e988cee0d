// SPDX-License-Identifier: MIT
// Golden tests of opening the fixture exports (tests/fixtures/onnx/fixtures.json) through the one
// entry, Design::open (which imports files through importers/model_import.h), and of re-binding
// the knobs without re-importing (Design::setKnobs).
// Expected values come from outside the code under test:
//  - torchvision's published GFLOPS (= GMACs of conv + linear + matmul) at 224x224, batch 1
//    ("published" in fixtures.json), within 2 %;
//  - the element count of the floating-point initializers of the unstripped export, counted by
//    the fixture script with onnx ("params_in_file"), exactly;
//  - MACs the fixture script counted in Python from onnx.shape_inference's shapes
//    ("macs_onnx_python"), exactly;
//  - the intermediate shapes that torch.onnx + onnx.shape_inference wrote into the value_info of a
//    static re-export at batch 3 (*_static_b3.onnx), node by node (read here with libonnx).
#include "design/design.h"

#include "graph/node_cost.h"
#include "onnx_test_models.h"

#include <QTemporaryDir>
#include <QtTest>

#include <unordered_map>

using namespace infersight;
using namespace infersight::testing;

namespace {

bool isMatrixOp(const QString &op) {
    return op == QLatin1String("Conv") || op == QLatin1String("ConvTranspose") || op == QLatin1String("Gemm") ||
           op == QLatin1String("MatMul") || op == QLatin1String("Einsum");
}

// MACs of convolutions and matrix products (what torchvision's "GFLOPS" count).
qint64 matrixMacs(const Graph &graph, const GraphCost &cost, bool includeEinsum = true) {
    qint64 total = 0;
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
        const QString op = graph.nodes[i].qualifiedOp();
        if (isMatrixOp(op) && (includeEinsum || op != QLatin1String("Einsum"))) {
            total += cost.nodes[i].macs;
        }
    }
    return total;
}

// Knobs at these values; -1 takes the model's default (the batch too).
Knobs knobsFor(qint64 batch, qint64 seq = -1, qint64 image = -1) {
    Knobs k;
    k.batch = batch;
    k.sequence = seq;
    k.height = image;
    k.width = image;
    return k;
}

Result<Design> openFile(const QString &path, const Knobs &knobs) { return Design::open(path, knobs); }

QString describe(const Design &m) {
    const PropagationReport &report = m.report();
    QStringList parts;
    parts << QStringLiteral("unknown %1 of %2").arg(report.unknownValues).arg(report.totalValues);
    if (!report.unsupportedOps.isEmpty()) {
        parts << QStringLiteral("unsupported %1").arg(report.unsupportedOps.join(QLatin1Char(',')));
    }
    for (std::size_t i = 0; i < report.nodeErrors.size() && i < 3; ++i) {
        parts << report.nodeErrors[i].second;
    }
    return parts.join(QStringLiteral("; "));
}

}  // namespace

class TestModelImport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void publishedMacs_data();
    void publishedMacs();
    void macsMatchOnnxShapes_data();
    void macsMatchOnnxShapes();
    void parametersExact_data();
    void parametersExact();
    void completeShapes_data();
    void completeShapes();
    void staticReexportShapes_data();
    void staticReexportShapes();
    void rebindWithoutReimport();
    void fixedBatchExportIsExplained();
    void dispatch_data();
    void dispatch();

private:
    QTemporaryDir m_dir;
    std::vector<QJsonObject> m_models;
};

void TestModelImport::initTestCase() {
    QVERIFY(m_dir.isValid());
    m_models = fixtureModels();
    if (m_models.empty()) {
        qWarning("tests/fixtures/onnx/fixtures.json is missing: the golden rows are empty");
    }
}

void TestModelImport::publishedMacs_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<double>("gmacs");
    QTest::addColumn<qint64>("imageSize");
    for (const QJsonObject &m : fixtureModels()) {
        const QJsonObject published = m.value(QStringLiteral("published")).toObject();
        if (published.isEmpty()) {
            continue;
        }
        QTest::newRow(qPrintable(m.value(QStringLiteral("name")).toString()))
            << m.value(QStringLiteral("file")).toString() << published.value(QStringLiteral("gflops")).toDouble()
            << published.value(QStringLiteral("input_size")).toInteger();
    }
}

void TestModelImport::publishedMacs() {
    QFETCH(QString, file);
    QFETCH(double, gmacs);
    QFETCH(qint64, imageSize);
    auto model = openFile(fixture(file), knobsFor(1, -1, imageSize));
    QVERIFY2(model.ok(), qPrintable(model.ok() ? QString() : model.errorMessage()));
    QCOMPARE(model->report().unknownValues, 0);
    const GraphCost cost = graphCost(model->graph());
    const double ours = static_cast<double>(matrixMacs(model->graph(), cost)) / 1e9;
    const double error = std::abs(ours - gmacs) / gmacs;
    QVERIFY2(error <= 0.02, qPrintable(QStringLiteral("%1 GMACs vs published %2 (%3 %)").arg(ours).arg(gmacs).arg(100 * error)));
}

void TestModelImport::macsMatchOnnxShapes_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("batch");
    QTest::addColumn<qint64>("seq");
    QTest::addColumn<qint64>("image");
    QTest::addColumn<qint64>("macs");
    for (const QJsonObject &m : fixtureModels()) {
        if (!m.contains(QStringLiteral("macs_onnx_python")) || m.contains(QStringLiteral("macs_unknown_nodes"))) {
            continue;  // the Python count itself is incomplete there
        }
        const QJsonObject at = m.value(QStringLiteral("macs_at")).toObject();
        const bool isStatic = m.value(QStringLiteral("kind")).toString() == QLatin1String("static");
        QTest::newRow(qPrintable(m.value(QStringLiteral("name")).toString()))
            << m.value(QStringLiteral("file")).toString()
            << (isStatic ? qint64(-1) : at.value(QStringLiteral("batch")).toInteger(1))
            << (isStatic ? qint64(-1) : at.value(QStringLiteral("seq")).toInteger(-1))
            << (isStatic ? qint64(-1) : at.value(QStringLiteral("input_size")).toInteger(-1))
            << m.value(QStringLiteral("macs_onnx_python")).toInteger();
    }
}

void TestModelImport::macsMatchOnnxShapes() {
    QFETCH(QString, file);
    QFETCH(qint64, batch);
    QFETCH(qint64, seq);
    QFETCH(qint64, image);
    QFETCH(qint64, macs);
    auto model = openFile(fixture(file), knobsFor(batch, seq, image));
    QVERIFY2(model.ok(), qPrintable(model.ok() ? QString() : model.errorMessage()));
    QVERIFY2(model->report().unknownValues == 0, qPrintable(describe(*model)));
    const GraphCost cost = graphCost(model->graph());
    QCOMPARE(matrixMacs(model->graph(), cost, false), macs);
}

void TestModelImport::parametersExact_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("params");
    for (const QJsonObject &m : fixtureModels()) {
        if (!m.contains(QStringLiteral("params_in_file"))) {
            continue;
        }
        QTest::newRow(qPrintable(m.value(QStringLiteral("name")).toString()))
            << m.value(QStringLiteral("file")).toString() << m.value(QStringLiteral("params_in_file")).toInteger();
    }
}

void TestModelImport::parametersExact() {
    QFETCH(QString, file);
    QFETCH(qint64, params);
    auto model = openFile(fixture(file), knobsFor(-1));
    QVERIFY2(model.ok(), qPrintable(model.ok() ? QString() : model.errorMessage()));
    QCOMPARE(model->graph().parameterCount(), params);
    QCOMPARE(graphCost(model->graph()).params, params);
}

void TestModelImport::completeShapes_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<qint64>("batch");
    QTest::addColumn<qint64>("seq");
    for (const QJsonObject &m : fixtureModels()) {
        const QString kind = m.value(QStringLiteral("kind")).toString();
        if (kind == QLatin1String("static")) {
            continue;
        }
        const QString name = m.value(QStringLiteral("name")).toString();
        const QString file = m.value(QStringLiteral("file")).toString();
        for (qint64 batch : {1, 3}) {
            if (kind == QLatin1String("transformer")) {
                for (qint64 seq : {64, 128}) {
                    QTest::addRow("%s b%lld s%lld", qPrintable(name), batch, seq) << file << batch << seq;
                }
            } else {
                QTest::addRow("%s b%lld", qPrintable(name), batch) << file << batch << qint64(-1);
            }
        }
    }
}

void TestModelImport::completeShapes() {
    QFETCH(QString, file);
    QFETCH(qint64, batch);
    QFETCH(qint64, seq);
    auto model = openFile(fixture(file), knobsFor(batch, seq));
    QVERIFY2(model.ok(), qPrintable(model.ok() ? QString() : model.errorMessage()));
    QVERIFY2(model->report().complete() && model->report().unsupportedOps.isEmpty(), qPrintable(describe(*model)));
    QCOMPARE(model->bindings().batch, batch);
    // Every graph output has its batch dimension where the export put it.
    const Value &out = model->graph().values[static_cast<std::size_t>(model->graph().outputs.front())];
    QVERIFY(out.shapeKnown());
    QCOMPARE(out.shape.front(), batch);
}

void TestModelImport::staticReexportShapes_data() {
    QTest::addColumn<QString>("staticFile");
    QTest::addColumn<QString>("dynamicFile");
    QTest::addColumn<qint64>("batch");
    QTest::addColumn<qint64>("seq");
    std::unordered_map<std::string, QString> files;
    for (const QJsonObject &m : fixtureModels()) {
        files[m.value(QStringLiteral("name")).toString().toStdString()] = m.value(QStringLiteral("file")).toString();
    }
    for (const QJsonObject &m : fixtureModels()) {
        if (m.value(QStringLiteral("kind")).toString() != QLatin1String("static")) {
            continue;
        }
        const std::string counterpart = m.value(QStringLiteral("dynamic_counterpart")).toString().toStdString();
        QTest::newRow(qPrintable(m.value(QStringLiteral("name")).toString()))
            << m.value(QStringLiteral("file")).toString() << files[counterpart]
            << m.value(QStringLiteral("static_batch")).toInteger() << m.value(QStringLiteral("static_seq")).toInteger(-1);
    }
}

void TestModelImport::staticReexportShapes() {
    QFETCH(QString, staticFile);
    QFETCH(QString, dynamicFile);
    QFETCH(qint64, batch);
    QFETCH(qint64, seq);
    // The static re-export's shapes, as torch.onnx and onnx.shape_inference wrote them.
    QFile f(fixture(staticFile));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    onnx::ModelProto reference;
    QVERIFY(reference.ParseFromArray(bytes.constData(), static_cast<int>(bytes.size())));
    std::unordered_map<std::string, Shape> recorded;
    auto record = [&recorded](const onnx::ValueInfoProto &vi) {
        if (!vi.type().has_tensor_type() || !vi.type().tensor_type().has_shape()) {
            return;
        }
        Shape s;
        for (const auto &d : vi.type().tensor_type().shape().dim()) {
            s.push_back(d.has_dim_value() ? d.dim_value() : -1);
        }
        recorded[vi.name()] = s;
    };
    for (const auto &vi : reference.graph().value_info()) {
        record(vi);
    }
    for (const auto &vi : reference.graph().output()) {
        record(vi);
    }

    auto model = openFile(fixture(dynamicFile), knobsFor(batch, seq));
    QVERIFY2(model.ok(), qPrintable(model.ok() ? QString() : model.errorMessage()));
    const Graph &g = model->graph();
    QHash<QString, int> nodeByName;
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        nodeByName.insert(g.nodes[i].name, static_cast<int>(i));
    }
    int compared = 0;
    int openDims = 0;
    QStringList mismatches;
    for (const auto &sn : reference.graph().node()) {
        const QString name = QString::fromStdString(sn.name());
        if (name.startsWith(QLatin1String("static_only/"))) {
            continue;  // folded away or only in the static export (fixtures.json node_match)
        }
        const int index = nodeByName.value(name, -1);
        if (index < 0) {
            mismatches << QStringLiteral("%1: not in the dynamic export").arg(name);
            continue;
        }
        const Node &dn = g.nodes[static_cast<std::size_t>(index)];
        for (int k = 0; k < sn.output_size(); ++k) {
            if (sn.output(k).empty()) {
                continue;
            }
            const auto it = recorded.find(sn.output(k));
            if (it == recorded.end()) {
                mismatches << QStringLiteral("%1 output %2: no shape recorded in the static export").arg(name).arg(k);
                continue;
            }
            const int v = dn.output(static_cast<std::size_t>(k));
            const Shape ours = v >= 0 ? g.values[static_cast<std::size_t>(v)].shape : Shape{};
            ++compared;
            // Where the exporter left a dim open (swin_t's head output is recorded as [?, 1000]), only
            // the rank and the recorded dims are compared.
            Shape expected = it->second;
            for (std::size_t d = 0; d < expected.size() && d < ours.size(); ++d) {
                if (expected[d] < 0) {
                    expected[d] = ours[d];
                    ++openDims;
                }
            }
            if (ours != expected) {
                mismatches << QStringLiteral("%1 (%2) output %3: ours %4, static export %5")
                                  .arg(name, dn.opType)
                                  .arg(k)
                                  .arg(shapeToString(ours), shapeToString(it->second));
            }
        }
    }
    qInfo("%d node outputs compared (%d dims left open by the exporter)", compared, openDims);
    QVERIFY(compared > 0);
    QVERIFY2(mismatches.isEmpty(), qPrintable(QStringLiteral("%1 mismatches, first: %2")
                                                  .arg(mismatches.size())
                                                  .arg(mismatches.mid(0, 5).join(QStringLiteral(" | ")))));
}

void TestModelImport::rebindWithoutReimport() {
    const QString path = fixture(QStringLiteral("resnet18.onnx"));
    QVERIFY2(QFileInfo::exists(path), "fixture resnet18.onnx is missing (it is committed)");
    auto model = openFile(path, knobsFor(1));
    QVERIFY(model.ok());
    const std::size_t nodes = model->graph().nodes.size();
    const int output = model->graph().outputs.front();
    QCOMPARE(model->graph().values[static_cast<std::size_t>(output)].shape, (Shape{1, 1000}));
    Knobs k = model->knobs();
    k.batch = 3;
    k.height = 320;
    k.width = 320;
    const Status rebound = model->setKnobs(k);
    QVERIFY2(rebound.ok(), qPrintable(rebound.errorMessage()));
    QVERIFY(model->report().complete());
    QCOMPARE(model->bindings().batch, 3);
    QCOMPARE(model->graph().nodes.size(), nodes);
    QCOMPARE(model->graph().values[static_cast<std::size_t>(output)].shape, (Shape{3, 1000}));
    const Value &in = model->graph().values[static_cast<std::size_t>(model->graph().inputs.front())];
    QCOMPARE(in.shape, (Shape{3, 3, 320, 320}));
}

void TestModelImport::fixedBatchExportIsExplained() {
    const QString path = fixture(QStringLiteral("vit_b_16_static_b3.onnx"));
    QVERIFY2(QFileInfo::exists(path), "fixture vit_b_16_static_b3.onnx is missing (it is committed)");
    // Without --batch the export's own batch (3) is used.
    auto model = openFile(path, knobsFor(-1));
    QVERIFY2(model.ok(), qPrintable(model.ok() ? QString() : model.errorMessage()));
    QCOMPARE(model->bindings().batch, 3);
    QVERIFY(model->report().complete());
    // Its Reshape targets are constants of batch 3: batch 1 cannot work, and the error says why.
    auto atOne = openFile(path, knobsFor(1));
    QVERIFY(!atOne.ok());
    QVERIFY2(atOne.errorMessage().contains(QStringLiteral("exported with a fixed batch size of 3")), qPrintable(atOne.errorMessage()));
    QVERIFY(!model->setBatch(1).ok());
    QCOMPARE(model->bindings().batch, 3);  // unchanged
    QVERIFY(model->graph().values[static_cast<std::size_t>(model->graph().outputs.front())].shape.front() == 3);
}

void TestModelImport::dispatch_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<bool>("loads");
    QTest::addColumn<QString>("expected");
    // zoo:NAME, config.json and .pt sources go to their own loaders and are tested with them.
    QTest::newRow("missing onnx") << "@DIR@/missing.onnx" << false << "no such file";
    QTest::newRow("missing other") << "@DIR@/missing.bin" << false << "no such file";
    QTest::newRow("text file") << "@DIR@/notes.txt" << false << "unrecognised model format";
    QTest::newRow("onnx content, other name") << "@DIR@/model.bin" << true << "";
    QTest::newRow("empty source") << "" << false << "no model given";
}

void TestModelImport::dispatch() {
    QFETCH(QString, source);
    QFETCH(bool, loads);
    QFETCH(QString, expected);
    source.replace(QStringLiteral("@DIR@"), m_dir.path());
    QVERIFY(writeBytes("some notes\n", m_dir.filePath(QStringLiteral("notes.txt"))));
    QVERIFY(writeModel(mlpWithRealWeights(), m_dir.filePath(QStringLiteral("model.bin"))));
    auto model = Design::open(source);
    QCOMPARE(model.ok(), loads);
    if (!loads) {
        QVERIFY2(model.errorMessage().contains(expected), qPrintable(model.errorMessage()));
        if (!source.isEmpty()) {
            QVERIFY2(model.errorMessage().startsWith(source), qPrintable(model.errorMessage()));
        }
    } else {
        QCOMPARE(model->format(), QStringLiteral("onnx"));
    }
}

QTEST_GUILESS_MAIN(TestModelImport)
#include "test_model_import.moc"
