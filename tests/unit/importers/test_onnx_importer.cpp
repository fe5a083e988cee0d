// SPDX-License-Identifier: MIT
// Tests of OnnxImporter on the checked-in fixtures (tests/fixtures/onnx, made by
// tools/fixtures/export_onnx_fixtures.py) and on models written here: opsets 7 to 18, the
// corrupt-input cases, unsupported ops, weights that are never read, and a deterministic
// mutation run (bytes flipped / truncated / overwritten 500 times) that must never crash.
#include "importers/onnx/onnx_importer.h"

#include "graph/node_cost.h"
#include "onnx_test_models.h"

#include <QTemporaryDir>
#include <QtTest>

#include <random>

using namespace infersight;
using namespace infersight::testing;

class TestOnnxImporter : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void opsets_data();
    void opsets();
    void corruptInputs_data();
    void corruptInputs();
    void everyCorruptFixtureIsCovered();
    void unsupportedOpsAreListed();
    void weightsAreNotKept();
    void externalDataIsNotOpened();
    void oldIrVersionListsInitializersAsInputs();
    void opsetBelow7IsRejected();
    void subgraphsAreImported();
    void valueNamesResolve_data();
    void valueNamesResolve();
    void subgraphReadsManyOuterValues();
    void libonnxDiagnosticCountsLess();
    void libonnxCheckHasANodeLimit_data();
    void libonnxCheckHasANodeLimit();
    void mutatedFilesNeverCrash();
    void libonnxSkipsNodesItCannotCheck_data();
    void libonnxSkipsNodesItCannotCheck();
    void suspiciousContentWarns_data();
    void suspiciousContentWarns();

private:
    QTemporaryDir m_dir;
};

void TestOnnxImporter::initTestCase() {
    QVERIFY(m_dir.isValid());
}

void TestOnnxImporter::opsets_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("opset");
    // Fixture opsets as exported (torch.onnx opset_version) or rewritten (opset 18, see fixtures.json).
    QTest::newRow("tiny cnn opset 7") << "tiny_cnn_opset7.onnx" << 7;
    QTest::newRow("tiny cnn opset 9") << "tiny_cnn_opset9.onnx" << 9;
    QTest::newRow("resnet18 opset 11") << "resnet18_opset11.onnx" << 11;
    QTest::newRow("mobilenet_v2 opset 13") << "mobilenet_v2_opset13.onnx" << 13;
    QTest::newRow("bert opset 14") << "bert_base_2l_opset14.onnx" << 14;
    QTest::newRow("resnet18 opset 17") << "resnet18.onnx" << 17;
    QTest::newRow("bert explicit LN opset 18") << "bert_base_2l_explicit_ln_opset18.onnx" << 18;
    QTest::newRow("gpt2 opset 18") << "gpt2_2l_opset18.onnx" << 18;
}

void TestOnnxImporter::opsets() {
    QFETCH(QString, file);
    QFETCH(int, opset);
    QVERIFY2(QFileInfo::exists(fixture(file)), qPrintable(QStringLiteral("fixture %1 is missing (it is committed)").arg(file)));
    auto imported = OnnxImporter::import(fixture(file));
    QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : imported.errorMessage()));
    QCOMPARE(imported->graph.opset, opset);
    QCOMPARE(imported->report.unknownValues, 0);
    QVERIFY(imported->report.nodeErrors.empty());
    QVERIFY(imported->report.unsupportedOps.isEmpty());
    QVERIFY(imported->report.totalValues > 0);
    for (const QString &w : imported->warnings) {
        QVERIFY2(!w.contains(QStringLiteral("opset")), qPrintable(w));
    }
    if (opset > OnnxImporter::newestKnownOpset()) {
        QCOMPARE(imported->libonnxKnownShapes, -1);  // libonnx is not asked about opsets it does not know
    } else {
        QVERIFY(imported->libonnxKnownShapes >= 0);
    }
}

void TestOnnxImporter::corruptInputs_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("expected");
    // Cases and descriptions from fixtures.json "corrupt"; the words are what the message must say.
    QTest::newRow("missing file") << "no_such_model.onnx" << QStringList{QStringLiteral("no such file")};
    QTest::newRow("not onnx") << "not_onnx.onnx" << QStringList{QStringLiteral("not an ONNX model")};
    QTest::newRow("empty") << "empty.onnx" << QStringList{QStringLiteral("empty")};
    QTest::newRow("truncated") << "truncated.onnx" << QStringList{QStringLiteral("truncated"), QStringLiteral("ends at byte")};
    QTest::newRow("corrupt bytes") << "corrupt_bytes.onnx" << QStringList{QStringLiteral("corrupt")};
    QTest::newRow("cycle") << "cycle.onnx" << QStringList{QStringLiteral("cycle"), QStringLiteral("add_a"), QStringLiteral("add_b")};
    QTest::newRow("dangling input") << "dangling_input.onnx"
                                    << QStringList{QStringLiteral("add_ghost"), QStringLiteral("'ghost'"),
                                                   QStringLiteral("no node produces")};
    QTest::newRow("type mismatch") << "type_mismatch.onnx"
                                   << QStringList{QStringLiteral("add_mixed"), QStringLiteral("element types"),
                                                  QStringLiteral("f32"), QStringLiteral("i64")};
}

void TestOnnxImporter::corruptInputs() {
    QFETCH(QString, file);
    QFETCH(QStringList, expected);
    const QString path = fixture(file);
    QVERIFY2(file == QLatin1String("no_such_model.onnx") || QFileInfo::exists(path),
             qPrintable(QStringLiteral("fixture %1 is missing (it is committed)").arg(file)));
    auto imported = OnnxImporter::import(path);
    QVERIFY(!imported.ok());
    const QString message = imported.errorMessage();
    QVERIFY2(message.startsWith(path + QStringLiteral(": ")), qPrintable(message));
    QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
    for (const QString &word : expected) {
        QVERIFY2(message.contains(word), qPrintable(QStringLiteral("'%1' lacks '%2'").arg(message, word)));
    }
}

void TestOnnxImporter::everyCorruptFixtureIsCovered() {
    QVERIFY2(QFileInfo::exists(fixture(QStringLiteral("fixtures.json"))), "fixtures.json is missing (it is committed)");
    const QStringList covered{QStringLiteral("not_onnx.onnx"), QStringLiteral("empty.onnx"),
                              QStringLiteral("truncated.onnx"), QStringLiteral("corrupt_bytes.onnx"),
                              QStringLiteral("cycle.onnx"), QStringLiteral("dangling_input.onnx"),
                              QStringLiteral("type_mismatch.onnx"), QStringLiteral("unsupported_op.onnx")};
    const QJsonArray corrupt = fixtureSidecar().value(QStringLiteral("corrupt")).toArray();
    QVERIFY(!corrupt.isEmpty());
    for (const QJsonValue &v : corrupt) {
        const QString file = v.toObject().value(QStringLiteral("file")).toString();
        QVERIFY2(covered.contains(file), qPrintable(QStringLiteral("no test for corrupt fixture %1").arg(file)));
    }
}

void TestOnnxImporter::unsupportedOpsAreListed() {
    const QString path = fixture(QStringLiteral("unsupported_op.onnx"));
    QVERIFY2(QFileInfo::exists(path), "fixture unsupported_op.onnx is missing (it is committed)");
    // fixtures.json: x[1,4] -> MatMul(w 4x4) -> Relu -> com.example::FancyOp -> NotARealOp -> Sigmoid.
    auto imported = OnnxImporter::import(path);
    QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : imported.errorMessage()));
    const QStringList &ops = imported->report.unsupportedOps;
    QVERIFY2(ops.contains(QStringLiteral("com.example::FancyOp")), qPrintable(ops.join(QLatin1Char(','))));
    QVERIFY2(ops.contains(QStringLiteral("NotARealOp")), qPrintable(ops.join(QLatin1Char(','))));
    QVERIFY(imported->report.unknownValues >= 3);  // f, n, y
    const Graph &g = imported->graph;
    const GraphCost cost = graphCost(g);
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        const QString op = g.nodes[i].qualifiedOp();
        if (op == QLatin1String("com.example::FancyOp") || op == QLatin1String("NotARealOp")) {
            QVERIFY2(!cost.nodes[i].known, qPrintable(op));  // unknown, not zero
        }
        if (op == QLatin1String("MatMul")) {
            QVERIFY(cost.nodes[i].known);
            QCOMPARE(cost.nodes[i].macs, qint64(1 * 4 * 4));
        }
    }
    QVERIFY(cost.unknownNodes >= 2);
}

void TestOnnxImporter::weightsAreNotKept() {
    const QString path = m_dir.filePath(QStringLiteral("mlp_real_weights.onnx"));
    QVERIFY(writeModel(mlpWithRealWeights(), path));
    OnnxImportOptions options;
    options.bindings.batch = 2;
    auto imported = OnnxImporter::import(path, options);
    QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : imported.errorMessage()));
    const Graph &g = imported->graph;
    // w is 256x256 f32 (262144 bytes of raw_data): counted, not kept. scale (16 floats) is kept.
    QCOMPARE(imported->strippedTensors, 1);
    QCOMPARE(imported->strippedBytes, qint64(256 * 256 * 4));
    QCOMPARE(g.parameterCount(), qint64(256 * 256 + 16));
    const Value &w = g.values[static_cast<std::size_t>(g.findValue(QStringLiteral("w")))];
    QVERIFY(!w.floatData.has_value() || w.floatData->empty());
    QCOMPARE(w.shape, (Shape{256, 256}));
    const Value &scale = g.values[static_cast<std::size_t>(g.findValue(QStringLiteral("scale")))];
    QVERIFY(scale.floatData.has_value());
    QCOMPARE(scale.floatData->size(), std::size_t(16));
    QCOMPARE((*scale.floatData)[3], static_cast<double>(0.003F));  // written as i * 0.001 in float
    const Value &shape = g.values[static_cast<std::size_t>(g.findValue(QStringLiteral("shape")))];
    QVERIFY(shape.intData.has_value());
    QCOMPARE(*shape.intData, (std::vector<std::int64_t>{-1, 16, 16}));
    const Value &y = g.values[static_cast<std::size_t>(g.findValue(QStringLiteral("y")))];
    QCOMPARE(y.shape, (Shape{2, 16, 16}));
    QCOMPARE(imported->report.unknownValues, 0);
}

void TestOnnxImporter::externalDataIsNotOpened() {
    // A model whose weights point to a file that does not exist imports from the metadata.
    onnx::ModelProto m = emptyModel();
    auto *g = m.mutable_graph();
    *g->add_input() = tensorValueInfo("x", onnx::TensorProto::FLOAT16, {"batch", "1024"});
    auto *t = g->add_initializer();
    t->set_name("w");
    t->set_data_type(onnx::TensorProto::FLOAT16);
    t->add_dims(1024);
    t->add_dims(4096);
    t->set_data_location(onnx::TensorProto::EXTERNAL);
    auto *loc = t->add_external_data();
    loc->set_key("location");
    loc->set_value("missing_weights.bin");
    addNode(g, "MatMul", {"x", "w"}, {"y"}, "mm");
    *g->add_output() = tensorValueInfo("y", onnx::TensorProto::FLOAT16, {"batch", "4096"});
    const QString path = m_dir.filePath(QStringLiteral("external.onnx"));
    QVERIFY(writeModel(m, path));
    auto imported = OnnxImporter::import(path);
    QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : imported.errorMessage()));
    QCOMPARE(imported->externalTensors, 1);
    QCOMPARE(imported->graph.parameterCount(), qint64(1024 * 4096));
    QCOMPARE(imported->graph.parameterBytes(), qint64(1024 * 4096 * 2));

    // The fixture with real external data, copied without its .data file, imports the same.
    const QString fixturePath = fixture(QStringLiteral("tiny_cnn_external_data.onnx"));
    QVERIFY2(QFileInfo::exists(fixturePath), "fixture tiny_cnn_external_data.onnx is missing (it is committed)");
    qint64 paramsInFile = -1;
    for (const QJsonObject &o : fixtureModels()) {
        if (o.value(QStringLiteral("name")).toString() == QLatin1String("tiny_cnn_external_data")) {
            paramsInFile = o.value(QStringLiteral("params_in_file")).toInteger();
        }
    }
    const QString alone = m_dir.filePath(QStringLiteral("tiny_cnn_alone.onnx"));
    QVERIFY(QFile::copy(fixturePath, alone));
    for (const QString &p : {fixturePath, alone}) {
        auto ext = OnnxImporter::import(p);
        QVERIFY2(ext.ok(), qPrintable(ext.ok() ? QString() : ext.errorMessage()));
        QVERIFY(ext->externalTensors > 0);
        QCOMPARE(ext->report.unknownValues, 0);
        QCOMPARE(ext->graph.parameterCount(), paramsInFile);
    }
}

void TestOnnxImporter::oldIrVersionListsInitializersAsInputs() {
    // IR version 3 files list initializers among the graph inputs; they are not inputs.
    onnx::ModelProto m = emptyModel(9);
    m.set_ir_version(3);
    auto *g = m.mutable_graph();
    *g->add_input() = tensorValueInfo("x", onnx::TensorProto::FLOAT, {"1", "8"});
    *g->add_input() = tensorValueInfo("w", onnx::TensorProto::FLOAT, {"8", "8"});
    *g->add_initializer() = floatTensor("w", {8, 8});
    addNode(g, "MatMul", {"x", "w"}, {"y"}, "mm");
    *g->add_output() = tensorValueInfo("y", onnx::TensorProto::FLOAT, {"1", "8"});
    const QString path = m_dir.filePath(QStringLiteral("ir3.onnx"));
    QVERIFY(writeModel(m, path));
    auto imported = OnnxImporter::import(path);
    QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : imported.errorMessage()));
    QCOMPARE(imported->graph.inputs.size(), std::size_t(1));
    QCOMPARE(imported->graph.parameterCount(), qint64(64));
}

void TestOnnxImporter::opsetBelow7IsRejected() {
    onnx::ModelProto m = emptyModel(6);
    auto *g = m.mutable_graph();
    *g->add_input() = tensorValueInfo("x", onnx::TensorProto::FLOAT, {"1", "8"});
    addNode(g, "Relu", {"x"}, {"y"}, "relu");
    *g->add_output() = tensorValueInfo("y", onnx::TensorProto::FLOAT, {"1", "8"});
    const QString path = m_dir.filePath(QStringLiteral("opset6.onnx"));
    QVERIFY(writeModel(m, path));
    auto imported = OnnxImporter::import(path);
    QVERIFY(!imported.ok());
    QVERIFY2(imported.errorMessage().startsWith(path), qPrintable(imported.errorMessage()));
    QVERIFY2(imported.errorMessage().contains(QStringLiteral("opset 6")), qPrintable(imported.errorMessage()));
    QVERIFY(imported.errorMessage().contains(QStringLiteral("older than 7")));
}

void TestOnnxImporter::subgraphsAreImported() {
    onnx::ModelProto m = emptyModel();
    auto *g = m.mutable_graph();
    *g->add_input() = tensorValueInfo("cond", onnx::TensorProto::BOOL, {});
    *g->add_input() = tensorValueInfo("x", onnx::TensorProto::FLOAT, {"2", "3"});
    onnx::GraphProto thenBranch;
    thenBranch.set_name("then");
    addNode(&thenBranch, "Relu", {"x"}, {"t"}, "then_relu");  // reads x of the outer graph
    *thenBranch.add_output() = tensorValueInfo("t", onnx::TensorProto::FLOAT, {"2", "3"});
    onnx::GraphProto elseBranch;
    elseBranch.set_name("else");
    addNode(&elseBranch, "Neg", {"x"}, {"e"}, "else_neg");
    *elseBranch.add_output() = tensorValueInfo("e", onnx::TensorProto::FLOAT, {"2", "3"});
    auto *ifNode = addNode(g, "If", {"cond"}, {"y"}, "if");
    auto *a = ifNode->add_attribute();
    a->set_name("then_branch");
    a->set_type(onnx::AttributeProto::GRAPH);
    *a->mutable_g() = thenBranch;
    auto *b = ifNode->add_attribute();
    b->set_name("else_branch");
    b->set_type(onnx::AttributeProto::GRAPH);
    *b->mutable_g() = elseBranch;
    *g->add_output() = tensorValueInfo("y", onnx::TensorProto::FLOAT, {"2", "3"});
    const QString path = m_dir.filePath(QStringLiteral("if.onnx"));
    QVERIFY(writeModel(m, path));
    auto imported = OnnxImporter::import(path);
    QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : imported.errorMessage()));
    const Node &node = imported->graph.nodes.front();
    const Attribute *then = node.attribute(u"then_branch");
    QVERIFY(then);
    QCOMPARE(then->kind, Attribute::Kind::Graph);
    QVERIFY(then->graph);
    QCOMPARE(then->graph->nodes.size(), std::size_t(1));
    QCOMPARE(then->graph->nodes.front().opType, QStringLiteral("Relu"));
    QCOMPARE(then->graph->outputs.size(), std::size_t(1));
}

// The importer resolves value names on the file's bytes; the graph names values by their QString
// (UTF-8 decoded). Bytes that are not valid UTF-8 decode to U+FFFD (QString::fromUtf8), so two
// such names are one value, as they are one name in the graph.
void TestOnnxImporter::valueNamesResolve_data() {
    QTest::addColumn<QByteArray>("inputName");
    QTest::addColumn<QByteArray>("readName");  // what the first node reads
    QTest::addColumn<QByteArray>("secondInput");  // a second graph input, empty for none
    QTest::addColumn<QString>("error");           // expected error text, empty for success
    QTest::newRow("ascii") << QByteArray("x") << QByteArray("x") << QByteArray() << QString();
    QTest::newRow("utf-8") << QByteArray("\xc3\x9f\xe5\x85\xa5") << QByteArray("\xc3\x9f\xe5\x85\xa5") << QByteArray() << QString();
    QTest::newRow("invalid utf-8, same text") << QByteArray("\xff") << QByteArray("\xfe") << QByteArray() << QString();
    QTest::newRow("invalid utf-8 declared twice")
        << QByteArray("\xff") << QByteArray("\xff") << QByteArray("\xfe") << QStringLiteral("is declared twice");
    QTest::newRow("ascii declared twice") << QByteArray("x") << QByteArray("x") << QByteArray("x") << QStringLiteral("is declared twice");
}

void TestOnnxImporter::valueNamesResolve() {
    QFETCH(QByteArray, inputName);
    QFETCH(QByteArray, readName);
    QFETCH(QByteArray, secondInput);
    QFETCH(QString, error);
    onnx::ModelProto m = emptyModel();
    auto *g = m.mutable_graph();
    *g->add_input() = tensorValueInfo(inputName.toStdString(), onnx::TensorProto::FLOAT, {"2", "3"});
    if (!secondInput.isEmpty()) {
        *g->add_input() = tensorValueInfo(secondInput.toStdString(), onnx::TensorProto::FLOAT, {"2", "3"});
    }
    addNode(g, "Relu", {readName.toStdString()}, {"a"}, "first");
    addNode(g, "Relu", {"a"}, {"b"}, "second");
    *g->add_output() = tensorValueInfo("b", onnx::TensorProto::FLOAT, {"2", "3"});
    const QString path = m_dir.filePath(QStringLiteral("names.onnx"));
    QVERIFY(writeModel(m, path));
    auto imported = OnnxImporter::import(path);
    if (!error.isEmpty()) {
        QVERIFY(!imported.ok());
        QVERIFY2(imported.errorMessage().contains(error), qPrintable(imported.errorMessage()));
        return;
    }
    QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : imported.errorMessage()));
    const Graph &graph = imported->graph;
    QCOMPARE(graph.values.size(), std::size_t{3});  // the input, a, b
    QCOMPARE(graph.inputs.size(), std::size_t{1});
    QCOMPARE(graph.nodes[0].inputs, std::vector<int>{graph.inputs[0]});
    QCOMPARE(graph.nodes[1].inputs, graph.nodes[0].outputs);
    QCOMPARE(graph.values[static_cast<std::size_t>(graph.inputs[0])].name, QString::fromUtf8(inputName));
    QCOMPARE(graph.findValue(QString::fromUtf8(readName)), graph.inputs[0]);
    QCOMPARE(graph.values[static_cast<std::size_t>(graph.outputs[0])].shape, (Shape{2, 3}));
}

void TestOnnxImporter::subgraphReadsManyOuterValues() {
    // A branch whose one node reads 40 values of the enclosing graph: each becomes a value of the
    // branch (without a producer), once, in the order read.
    constexpr int kOuter = 40;
    onnx::ModelProto m = emptyModel();
    auto *g = m.mutable_graph();
    *g->add_input() = tensorValueInfo("cond", onnx::TensorProto::BOOL, {});
    std::vector<std::string> names;
    for (int i = 0; i < kOuter; ++i) {
        names.push_back("x" + std::to_string(i));
        *g->add_input() = tensorValueInfo(names.back(), onnx::TensorProto::FLOAT, {"1", "3"});
    }
    onnx::GraphProto branch;
    branch.set_name("then");
    std::vector<std::string> reads = names;
    reads.push_back("x0");  // read twice: still one value
    auto *concat = addNode(&branch, "Concat", reads, {"t"}, "then_concat");
    auto *axis = concat->add_attribute();
    axis->set_name("axis");
    axis->set_type(onnx::AttributeProto::INT);
    axis->set_i(0);
    *branch.add_output() = tensorValueInfo("t", onnx::TensorProto::FLOAT, {std::to_string(kOuter + 1), "3"});
    auto *ifNode = addNode(g, "If", {"cond"}, {"y"}, "if");
    for (const char *name : {"then_branch", "else_branch"}) {
        auto *a = ifNode->add_attribute();
        a->set_name(name);
        a->set_type(onnx::AttributeProto::GRAPH);
        *a->mutable_g() = branch;
    }
    *g->add_output() = tensorValueInfo("y", onnx::TensorProto::FLOAT, {std::to_string(kOuter + 1), "3"});
    const QString path = m_dir.filePath(QStringLiteral("outer_reads.onnx"));
    QVERIFY(writeModel(m, path));
    auto imported = OnnxImporter::import(path);
    QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : imported.errorMessage()));
    const Attribute *then = imported->graph.nodes.front().attribute(u"then_branch");
    QVERIFY(then && then->graph);
    const Graph &sub = *then->graph;
    QCOMPARE(sub.values.size(), std::size_t{kOuter + 1});  // the outer reads and t
    const Node &node = sub.nodes.front();
    QCOMPARE(node.inputs.size(), std::size_t{kOuter + 1});
    for (int i = 0; i < kOuter; ++i) {
        const int v = node.inputs[static_cast<std::size_t>(i)];
        QCOMPARE(sub.values[static_cast<std::size_t>(v)].name, QString::fromStdString(names[static_cast<std::size_t>(i)]));
        QCOMPARE(sub.values[static_cast<std::size_t>(v)].producer, -1);
    }
    QCOMPARE(node.inputs.back(), node.inputs.front());
}

void TestOnnxImporter::libonnxDiagnosticCountsLess() {
    const QString path = fixture(QStringLiteral("vit_b_16.onnx"));
    QVERIFY2(QFileInfo::exists(path), "fixture vit_b_16.onnx is missing (it is committed)");
    // The issue measured that libonnx alone leaves computed Reshape/Expand targets of ViT-B/16
    // unknown; our propagation must resolve all of them.
    auto imported = OnnxImporter::import(path);
    QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : imported.errorMessage()));
    QCOMPARE(imported->report.unknownValues, 0);
    QVERIFY(imported->libonnxKnownShapes > 0);
    QCOMPARE(imported->libonnxTotalShapes, imported->report.totalValues);
    QVERIFY2(imported->libonnxKnownShapes < imported->libonnxTotalShapes,
             qPrintable(QStringLiteral("%1 of %2").arg(imported->libonnxKnownShapes).arg(imported->libonnxTotalShapes)));
}

void TestOnnxImporter::libonnxCheckHasANodeLimit_data() {
    QTest::addColumn<QByteArray>("limit");  // INFERSIGHT_LIBONNX_CHECK_MAX_NODES, empty: unset
    QTest::addColumn<bool>("runs");
    QTest::newRow("default limit (200,000 nodes)") << QByteArray() << true;
    QTest::newRow("limit above the node count") << QByteArray("100000") << true;
    QTest::newRow("limit below the node count") << QByteArray("5") << false;
    QTest::newRow("junk keeps the default") << QByteArray("none") << true;
}

// Issue 15, item 5: the libonnx comparison holds the protobuf and libonnx's inferred shapes next to
// the graph; above a node limit it is skipped, with a note naming the limit and how to raise it.
void TestOnnxImporter::libonnxCheckHasANodeLimit() {
    QFETCH(QByteArray, limit);
    QFETCH(bool, runs);
    const QString path = fixture(QStringLiteral("vit_b_16.onnx"));
    QVERIFY2(QFileInfo::exists(path), "fixture vit_b_16.onnx is missing (it is committed)");
    if (limit.isEmpty()) {
        qunsetenv(OnnxImporter::kLibonnxCheckMaxNodesEnvVar);
    } else {
        qputenv(OnnxImporter::kLibonnxCheckMaxNodesEnvVar, limit);
    }
    auto imported = OnnxImporter::import(path);
    qunsetenv(OnnxImporter::kLibonnxCheckMaxNodesEnvVar);
    QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : imported.errorMessage()));
    // ViT-B/16 has more than 5 and fewer than 100,000 nodes (its export holds about 1,000).
    QVERIFY(imported->graph.nodes.size() > 5 && imported->graph.nodes.size() < 100000);
    const QString note = imported->notes.filter(QStringLiteral("libonnx shape comparison was skipped")).join(QString());
    if (runs) {
        QVERIFY(imported->libonnxTotalShapes > 0);
        QVERIFY2(note.isEmpty(), qPrintable(note));
    } else {
        QCOMPARE(imported->libonnxKnownShapes, -1);
        QCOMPARE(imported->libonnxTotalShapes, -1);
        QVERIFY2(note.contains(QStringLiteral("has %1 nodes, more than the 5").arg(imported->graph.nodes.size())), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("set INFERSIGHT_LIBONNX_CHECK_MAX_NODES=N to raise the limit")), qPrintable(note));
    }
    // The graph itself is the same either way: every shape is known.
    QCOMPARE(imported->report.unknownValues, 0);
}

void TestOnnxImporter::mutatedFilesNeverCrash() {
    // Source: a fixture when there is one, else a model written here.
    QByteArray original;
    QFile source(fixture(QStringLiteral("resnet18.onnx")));
    if (source.open(QIODevice::ReadOnly)) {
        original = source.readAll();
    } else {
        const std::string bytes = mlpWithRealWeights().SerializeAsString();
        original = QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size()));
    }
    QVERIFY(original.size() > 64);
    std::mt19937 rng(20240611);  // fixed seed: the run is the same every time
    auto pick = [&rng](qsizetype n) { return static_cast<qsizetype>(std::uniform_int_distribution<qint64>(0, n - 1)(rng)); };
    int imported = 0;
    int rejected = 0;
    QMap<QString, int> kinds;  // "corrupt ONNX file", "invalid graph", ...
    const QString path = m_dir.filePath(QStringLiteral("mutated.onnx"));
    for (int i = 0; i < 500; ++i) {
        QByteArray bytes = original;
        switch (i % 5) {
        case 0:  // flip a few bytes
            for (int k = 0, n = 1 + static_cast<int>(pick(8)); k < n; ++k) {
                bytes[pick(bytes.size())] = static_cast<char>(bytes[pick(bytes.size())] ^ (1 + pick(255)));
            }
            break;
        case 1:  // truncate
            bytes.truncate(pick(bytes.size()));
            break;
        case 2: {  // overwrite a run with 0xFF (over-long varints, huge lengths)
            const qsizetype at = pick(bytes.size());
            for (qsizetype k = at; k < bytes.size() && k < at + 1 + pick(16); ++k) {
                bytes[k] = '\xff';
            }
            break;
        }
        case 3: {  // insert random bytes
            QByteArray junk;
            for (qsizetype k = 0, n = 1 + pick(8); k < n; ++k) {
                junk.append(static_cast<char>(pick(256)));
            }
            bytes.insert(pick(bytes.size()), junk);
            break;
        }
        default:  // small integers changed: dims, attribute values, dtypes, varint continuation bits
            for (int k = 0; k < 4; ++k) {
                const qsizetype at = pick(bytes.size());
                bytes[at] = static_cast<char>(static_cast<unsigned char>(bytes[at]) < 0x80 ? pick(0x80) : 0x80 | pick(0x80));
            }
            break;
        }
        QVERIFY(writeBytes(bytes, path));
        auto result = OnnxImporter::import(path);
        if (result.ok()) {
            ++imported;
            graphCost(result->graph);  // costs on whatever shapes came out must not crash either
        } else {
            ++rejected;
            const QString message = result.errorMessage();
            QVERIFY2(message.startsWith(path + QStringLiteral(": ")), qPrintable(message));
            QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
            QVERIFY2(message.size() > path.size() + 10, qPrintable(message));
            const QString rest = message.mid(path.size() + 2);
            ++kinds[rest.left(rest.indexOf(QRegularExpression(QStringLiteral("[:(]"))))];
        }
    }
    qInfo("mutations: %d imported, %d rejected with a clear error", imported, rejected);
    for (auto it = kinds.cbegin(); it != kinds.cend(); ++it) {
        qInfo("  %4d x %s", it.value(), qPrintable(it.key()));
    }
    QCOMPARE(imported + rejected, 500);
}

// Issue 15, item 1: nodes that crashed libonnx's shape inference (SIGFPE in
// convPoolShapeInference on a stride of 0, Split dividing by zero outputs) are hidden from it and
// named in the warnings; the import itself completes (tools/fixtures/export_hostile_onnx_fixtures.py).
void TestOnnxImporter::libonnxSkipsNodesItCannotCheck_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("expected");
    QTest::newRow("conv stride 0") << "conv_stride0.onnx" << "node 'conv' (Conv): strides 0 (must be at least 1)";
    QTest::newRow("conv dilation 0") << "conv_dilation0.onnx" << "node 'conv' (Conv): dilations 0 (must be at least 1)";
    QTest::newRow("conv negative pads") << "conv_negative_pads.onnx" << "node 'conv' (Conv): pads -5 (must be at least 0)";
    QTest::newRow("maxpool stride 0") << "maxpool_stride0.onnx" << "node 'pool' (MaxPool): strides 0";
    QTest::newRow("averagepool stride 0") << "averagepool_stride0.onnx" << "node 'pool' (AveragePool): strides 0";
    QTest::newRow("lppool stride 0") << "lppool_stride0.onnx" << "node 'pool' (LpPool): strides 0";
    QTest::newRow("maxpool kernel 0") << "maxpool_kernel0.onnx" << "node 'pool' (MaxPool): kernel_shape 0";
    QTest::newRow("split without outputs") << "split_no_outputs.onnx" << "node 'split' (Split): no outputs";
    QTest::newRow("inside an If") << "conv_stride0_in_if.onnx" << "node 'inner_conv' (Conv): strides 0";
}

void TestOnnxImporter::libonnxSkipsNodesItCannotCheck() {
    QFETCH(QString, file);
    QFETCH(QString, expected);
    const QString path = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/hostile/") + file;
    QVERIFY2(QFileInfo::exists(path), qPrintable(path));
    OnnxImportOptions options;
    options.libonnxDiagnostic = true;
    auto imported = OnnxImporter::import(path, options);
    QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : imported.errorMessage()));
    const QString warnings = imported->warnings.join(QLatin1Char('\n'));
    QVERIFY2(warnings.contains(expected), qPrintable(warnings));
    QVERIFY2(warnings.contains(QStringLiteral("the libonnx shape comparison skips it")), qPrintable(warnings));
}

// Issue 15, item 11: accepted, but said.
void TestOnnxImporter::suspiciousContentWarns_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("expected");
    QTest::newRow("opset 99") << "opset99" << "ONNX opset 99 is newer than opset 22";
    QTest::newRow("unknown elem_type") << "elemtype" << "'x' has element type code 77, which this build does not know";
    // 8 x 8 floats need 256 bytes; the file holds 10.
    QTest::newRow("short raw_data") << "rawdata" << "holds 10 bytes of raw_data, but 64 elements of";
}

void TestOnnxImporter::suspiciousContentWarns() {
    QFETCH(QString, kind);
    QFETCH(QString, expected);
    onnx::ModelProto m = emptyModel(kind == QLatin1String("opset99") ? 99 : 17);
    auto *g = m.mutable_graph();
    *g->add_input() = tensorValueInfo("x", kind == QLatin1String("elemtype") ? 77 : onnx::TensorProto::FLOAT, {"1", "8"});
    onnx::TensorProto w = floatTensor("w", {8, 8});
    if (kind == QLatin1String("rawdata")) {
        w.set_raw_data(std::string(10, '\0'));
    }
    *g->add_initializer() = w;
    addNode(g, "MatMul", {"x", "w"}, {"y"}, "mm");
    *g->add_output() = tensorValueInfo("y", onnx::TensorProto::FLOAT, {"1", "8"});
    const QString path = m_dir.filePath(kind + QStringLiteral(".onnx"));
    QVERIFY(writeModel(m, path));
    auto imported = OnnxImporter::import(path);
    QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : imported.errorMessage()));
    const QString warnings = imported->warnings.join(QLatin1Char('\n'));
    QVERIFY2(warnings.contains(expected), qPrintable(warnings));
}

QTEST_GUILESS_MAIN(TestOnnxImporter)
#include "test_onnx_importer.moc"
