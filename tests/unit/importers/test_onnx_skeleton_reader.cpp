// SPDX-License-Identifier: MIT
// Tests of readOnnxSkeleton: which tensor payloads are dropped, that everything else survives
// byte-exactly enough for libonnx to parse, and the one-line errors for broken files. The models
// are written here with libonnx's own protobuf classes; expected values follow from the ONNX
// schema (onnx-ml.proto field numbers) and from what each model was built with.
#include "importers/onnx/onnx_skeleton_reader.h"

#include "onnx_test_models.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace infersight;
using namespace infersight::testing;

class TestOnnxSkeletonReader : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void initializerPayloads_data();
    void initializerPayloads();
    void nestedTensorsAreStripped();
    void externalDataIsMetadataOnly();
    void skeletonSizeFollowsStructure();
    void smallModelIsCopiedByteForByte();
    void errors_data();
    void errors();

private:
    QTemporaryDir m_dir;
    QString path(const QString &name) const { return m_dir.filePath(name); }
};

void TestOnnxSkeletonReader::initTestCase() { QVERIFY(m_dir.isValid()); }

enum class Payload { Raw, Typed };

void TestOnnxSkeletonReader::initializerPayloads_data() {
    QTest::addColumn<int>("dataType");
    QTest::addColumn<qint64>("elements");
    QTest::addColumn<int>("payload");
    QTest::addColumn<bool>("kept");
    // Limits of OnnxSkeletonLimits' defaults: floats keep <= 4096 payload bytes, integers <= 65536.
    QTest::newRow("f32 scalar raw") << int(onnx::TensorProto::FLOAT) << qint64(1) << int(Payload::Raw) << true;
    QTest::newRow("f32 1024 raw (4096 B)") << int(onnx::TensorProto::FLOAT) << qint64(1024) << int(Payload::Raw) << true;
    QTest::newRow("f32 1025 raw (4100 B)") << int(onnx::TensorProto::FLOAT) << qint64(1025) << int(Payload::Raw) << false;
    QTest::newRow("f32 4096 float_data") << int(onnx::TensorProto::FLOAT) << qint64(4096) << int(Payload::Typed) << false;
    QTest::newRow("f16 2048 raw (4096 B)") << int(onnx::TensorProto::FLOAT16) << qint64(2048) << int(Payload::Raw) << true;
    QTest::newRow("f64 600 double_data") << int(onnx::TensorProto::DOUBLE) << qint64(600) << int(Payload::Typed) << false;
    QTest::newRow("i64 4 int64_data") << int(onnx::TensorProto::INT64) << qint64(4) << int(Payload::Typed) << true;
    QTest::newRow("i64 8192 raw (65536 B)") << int(onnx::TensorProto::INT64) << qint64(8192) << int(Payload::Raw) << true;
    QTest::newRow("i64 8193 raw") << int(onnx::TensorProto::INT64) << qint64(8193) << int(Payload::Raw) << false;
    QTest::newRow("i8 1 MB raw (quantized weight)") << int(onnx::TensorProto::INT8) << qint64(1 << 20) << int(Payload::Raw) << false;
}

void TestOnnxSkeletonReader::initializerPayloads() {
    QFETCH(int, dataType);
    QFETCH(qint64, elements);
    QFETCH(int, payload);
    QFETCH(bool, kept);
    onnx::ModelProto m = emptyModel();
    auto *g = m.mutable_graph();
    auto *t = g->add_initializer();
    t->set_name("t");
    t->set_data_type(dataType);
    t->add_dims(elements);
    int bytesPerElement = 4;
    if (dataType == onnx::TensorProto::FLOAT16) {
        bytesPerElement = 2;
    } else if (dataType == onnx::TensorProto::DOUBLE || dataType == onnx::TensorProto::INT64) {
        bytesPerElement = 8;
    } else if (dataType == onnx::TensorProto::INT8) {
        bytesPerElement = 1;
    }
    if (static_cast<Payload>(payload) == Payload::Raw) {
        t->set_raw_data(std::string(static_cast<std::size_t>(elements * bytesPerElement), '\x01'));
    } else {
        for (qint64 i = 0; i < elements; ++i) {
            if (dataType == onnx::TensorProto::FLOAT) {
                t->add_float_data(1.5F);
            } else if (dataType == onnx::TensorProto::DOUBLE) {
                t->add_double_data(2.5);
            } else {
                t->add_int64_data(i);
            }
        }
    }
    addNode(g, "Identity", {"t"}, {"y"}, "id");
    *g->add_output() = tensorValueInfo("y", dataType, {std::to_string(elements)});
    QVERIFY(writeModel(m, path(QStringLiteral("payload.onnx"))));

    auto skeleton = readOnnxSkeleton(path(QStringLiteral("payload.onnx")));
    QVERIFY2(skeleton.ok(), qPrintable(skeleton.ok() ? QString() : skeleton.errorMessage()));
    QCOMPARE(skeleton->strippedTensors, kept ? 0 : 1);
    onnx::ModelProto parsed;
    QVERIFY(parsed.ParseFromArray(skeleton->bytes.constData(), static_cast<int>(skeleton->bytes.size())));
    QCOMPARE(parsed.graph().initializer_size(), 1);
    const onnx::TensorProto &pt = parsed.graph().initializer(0);
    QCOMPARE(pt.name(), std::string("t"));
    QCOMPARE(pt.data_type(), dataType);
    QCOMPARE(pt.dims_size(), 1);
    QCOMPARE(pt.dims(0), elements);
    const bool hasData = !pt.raw_data().empty() || pt.float_data_size() > 0 || pt.double_data_size() > 0 ||
                         pt.int64_data_size() > 0;
    QCOMPARE(hasData, kept);
    if (kept) {
        // Kept tensors are byte-identical to the original.
        QCOMPARE(pt.SerializeAsString(), m.graph().initializer(0).SerializeAsString());
    }
    QCOMPARE(parsed.graph().node(0).op_type(), std::string("Identity"));
}

void TestOnnxSkeletonReader::nestedTensorsAreStripped() {
    // Large tensors in a Constant node, inside an If branch (subgraph), in a sparse initializer and
    // in a model-local function are all dropped; the structure around them parses.
    onnx::ModelProto m = emptyModel();
    auto *g = m.mutable_graph();
    *g->add_input() = tensorValueInfo("cond", onnx::TensorProto::BOOL, {});
    auto *c = addNode(g, "Constant", {}, {"big"}, "const_big");
    auto *a = c->add_attribute();
    a->set_name("value");
    a->set_type(onnx::AttributeProto::TENSOR);
    *a->mutable_t() = floatTensor("big_t", {64, 64});

    onnx::GraphProto branch;
    branch.set_name("then");
    auto *bc = addNode(&branch, "Constant", {}, {"inner"}, "const_inner");
    auto *ba = bc->add_attribute();
    ba->set_name("value");
    ba->set_type(onnx::AttributeProto::TENSOR);
    *ba->mutable_t() = floatTensor("inner_t", {64, 64});
    *branch.add_output() = tensorValueInfo("inner", onnx::TensorProto::FLOAT, {"64", "64"});
    onnx::GraphProto elseBranch = branch;
    elseBranch.set_name("else");
    auto *ifNode = addNode(g, "If", {"cond"}, {"chosen"}, "if");
    auto *thenAttr = ifNode->add_attribute();
    thenAttr->set_name("then_branch");
    thenAttr->set_type(onnx::AttributeProto::GRAPH);
    *thenAttr->mutable_g() = branch;
    auto *elseAttr = ifNode->add_attribute();
    elseAttr->set_name("else_branch");
    elseAttr->set_type(onnx::AttributeProto::GRAPH);
    *elseAttr->mutable_g() = elseBranch;

    auto *sparse = g->add_sparse_initializer();
    *sparse->mutable_values() = floatTensor("sparse_w", {2000});
    onnx::TensorProto indices;
    indices.set_name("sparse_idx");
    indices.set_data_type(onnx::TensorProto::INT64);
    indices.add_dims(2000);
    indices.set_raw_data(std::string(16000, '\0'));
    *sparse->mutable_indices() = indices;
    sparse->add_dims(100);
    sparse->add_dims(100);

    auto *f = m.add_functions();
    f->set_name("F");
    f->set_domain("custom");
    auto *fc = f->add_node();
    fc->set_op_type("Constant");
    fc->add_output("fc");
    auto *fa = fc->add_attribute();
    fa->set_name("value");
    fa->set_type(onnx::AttributeProto::TENSOR);
    *fa->mutable_t() = floatTensor("f_t", {64, 64});

    addNode(g, "Add", {"big", "chosen"}, {"y"}, "add");
    *g->add_output() = tensorValueInfo("y", onnx::TensorProto::FLOAT, {"64", "64"});
    QVERIFY(writeModel(m, path(QStringLiteral("nested.onnx"))));

    auto skeleton = readOnnxSkeleton(path(QStringLiteral("nested.onnx")));
    QVERIFY2(skeleton.ok(), qPrintable(skeleton.ok() ? QString() : skeleton.errorMessage()));
    // big_t, inner_t twice (then/else), sparse_w, f_t; sparse_idx is 16000 B of int64 (kept).
    QCOMPARE(skeleton->strippedTensors, 5);
    QCOMPARE(skeleton->strippedBytes, qint64(4 * 64 * 64 * 4 + 2000 * 4));
    onnx::ModelProto parsed;
    QVERIFY(parsed.ParseFromArray(skeleton->bytes.constData(), static_cast<int>(skeleton->bytes.size())));
    const auto &pg = parsed.graph();
    QCOMPARE(pg.node(0).attribute(0).t().dims_size(), 2);
    QVERIFY(pg.node(0).attribute(0).t().raw_data().empty());
    const auto &then = pg.node(1).attribute(0).g();
    QCOMPARE(then.name(), std::string("then"));
    QVERIFY(then.node(0).attribute(0).t().raw_data().empty());
    QCOMPARE(then.node(0).attribute(0).t().dims(1), std::int64_t(64));
    QVERIFY(pg.sparse_initializer(0).values().raw_data().empty());
    QCOMPARE(pg.sparse_initializer(0).indices().raw_data().size(), std::size_t(16000));
    QVERIFY(parsed.functions(0).node(0).attribute(0).t().raw_data().empty());
    QCOMPARE(parsed.functions(0).domain(), std::string("custom"));
}

void TestOnnxSkeletonReader::smallModelIsCopiedByteForByte() {
    // Nothing to drop: the skeleton re-emits every nested message (graph, nodes, attributes, their
    // tensors and subgraphs) with its tag and length, so it must be the file as libonnx's
    // serializer wrote it, byte for byte. The graph holds more than 127 bytes (two-byte lengths).
    onnx::ModelProto m = emptyModel();
    auto *g = m.mutable_graph();
    *g->add_input() = tensorValueInfo("cond", onnx::TensorProto::BOOL, {});
    *g->add_input() = tensorValueInfo("x", onnx::TensorProto::FLOAT, {"batch", "8"});
    *g->add_initializer() = floatTensor("w", {8, 8});  // 256 payload bytes: kept
    addNode(g, "MatMul", {"x", "w"}, {"h"}, "mm");
    onnx::GraphProto branch;
    branch.set_name("branch");
    auto *inner = addNode(&branch, "Constant", {}, {"c"}, "c");
    auto *value = inner->add_attribute();
    value->set_name("value");
    value->set_type(onnx::AttributeProto::TENSOR);
    *value->mutable_t() = floatTensor("c_t", {4});
    *branch.add_output() = tensorValueInfo("c", onnx::TensorProto::FLOAT, {"4"});
    auto *ifNode = addNode(g, "If", {"cond"}, {"y"}, "if");
    for (const char *name : {"then_branch", "else_branch"}) {
        auto *a = ifNode->add_attribute();
        a->set_name(name);
        a->set_type(onnx::AttributeProto::GRAPH);
        *a->mutable_g() = branch;
    }
    *g->add_output() = tensorValueInfo("h", onnx::TensorProto::FLOAT, {"batch", "8"});
    *g->add_output() = tensorValueInfo("y", onnx::TensorProto::FLOAT, {"4"});
    const QString file = path(QStringLiteral("small.onnx"));
    QVERIFY(writeModel(m, file));
    QFile written(file);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QByteArray expected = written.readAll();
    QVERIFY(expected.size() > 300);
    auto skeleton = readOnnxSkeleton(file);
    QVERIFY2(skeleton.ok(), qPrintable(skeleton.ok() ? QString() : skeleton.errorMessage()));
    QCOMPARE(skeleton->strippedTensors, 0);
    QCOMPARE(skeleton->bytes.size(), expected.size());
    QVERIFY(skeleton->bytes == expected);
}

void TestOnnxSkeletonReader::externalDataIsMetadataOnly() {
    onnx::ModelProto m = emptyModel();
    auto *g = m.mutable_graph();
    auto *t = g->add_initializer();
    t->set_name("w");
    t->set_data_type(onnx::TensorProto::FLOAT);
    t->add_dims(1024);
    t->add_dims(1024);
    t->set_data_location(onnx::TensorProto::EXTERNAL);
    auto *loc = t->add_external_data();
    loc->set_key("location");
    loc->set_value("does_not_exist.bin");
    auto *len = t->add_external_data();
    len->set_key("length");
    len->set_value("4194304");
    *g->add_input() = tensorValueInfo("x", onnx::TensorProto::FLOAT, {"1", "1024"});
    addNode(g, "MatMul", {"x", "w"}, {"y"}, "mm");
    *g->add_output() = tensorValueInfo("y", onnx::TensorProto::FLOAT, {"1", "1024"});
    QVERIFY(writeModel(m, path(QStringLiteral("external.onnx"))));
    auto skeleton = readOnnxSkeleton(path(QStringLiteral("external.onnx")));
    QVERIFY2(skeleton.ok(), qPrintable(skeleton.ok() ? QString() : skeleton.errorMessage()));
    QCOMPARE(skeleton->externalTensors, 1);
    onnx::ModelProto parsed;
    QVERIFY(parsed.ParseFromArray(skeleton->bytes.constData(), static_cast<int>(skeleton->bytes.size())));
    QCOMPARE(parsed.graph().initializer(0).external_data_size(), 2);
    QCOMPARE(parsed.graph().initializer(0).data_location(), onnx::TensorProto::EXTERNAL);
}

void TestOnnxSkeletonReader::skeletonSizeFollowsStructure() {
    // 4 MB of weights in 4 tensors: the skeleton is the few hundred bytes of structure.
    onnx::ModelProto m = emptyModel();
    auto *g = m.mutable_graph();
    *g->add_input() = tensorValueInfo("x", onnx::TensorProto::FLOAT, {"1", "512"});
    std::string prev = "x";
    for (int i = 0; i < 4; ++i) {
        const std::string w = "w" + std::to_string(i);
        const std::string y = "y" + std::to_string(i);
        *g->add_initializer() = floatTensor(w, {512, 512});
        addNode(g, "MatMul", {prev, w}, {y}, "mm" + std::to_string(i));
        prev = y;
    }
    *g->add_output() = tensorValueInfo(prev, onnx::TensorProto::FLOAT, {"1", "512"});
    QVERIFY(writeModel(m, path(QStringLiteral("mlp.onnx"))));
    auto skeleton = readOnnxSkeleton(path(QStringLiteral("mlp.onnx")));
    QVERIFY(skeleton.ok());
    QCOMPARE(skeleton->strippedTensors, 4);
    QCOMPARE(skeleton->strippedBytes, qint64(4 * 512 * 512 * 4));
    QVERIFY2(skeleton->bytes.size() < 1024, qPrintable(QString::number(skeleton->bytes.size())));
    QCOMPARE(skeleton->fileSize, QFileInfo(path(QStringLiteral("mlp.onnx"))).size());
}

void TestOnnxSkeletonReader::errors_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QStringList>("expected");

    onnx::ModelProto m = emptyModel();
    auto *g = m.mutable_graph();
    *g->add_input() = tensorValueInfo("x", onnx::TensorProto::FLOAT, {"1", "64"});
    *g->add_initializer() = floatTensor("w", {64, 64});
    addNode(g, "MatMul", {"x", "w"}, {"y"}, "mm");
    *g->add_output() = tensorValueInfo("y", onnx::TensorProto::FLOAT, {"1", "64"});
    const std::string good = m.SerializeAsString();
    const QByteArray valid(good.data(), static_cast<qsizetype>(good.size()));

    QTest::newRow("empty") << QByteArray() << QStringList{QStringLiteral("empty")};
    QTest::newRow("text") << QByteArray("This is a plain text file.\n")
                          << QStringList{QStringLiteral("not an ONNX model"), QStringLiteral("byte 0")};
    QTest::newRow("png header") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16) << QStringList{QStringLiteral("not an ONNX model")};
    QTest::newRow("only ir_version") << QByteArray("\x08\x08", 2) << QStringList{QStringLiteral("no graph")};
    QTest::newRow("truncated in weights") << valid.left(valid.size() / 2)
                                          << QStringList{QStringLiteral("truncated"), QStringLiteral("graph.initializer[0]"),
                                                         QStringLiteral("raw_data")};
    QTest::newRow("truncated by one byte") << valid.left(valid.size() - 1) << QStringList{QStringLiteral("truncated")};
    // graph field (0x3a) declaring 3 bytes that hold a node tag with wire type 7.
    QByteArray badWire("\x08\x08\x3a\x03\x0f\x00\x00", 7);
    QTest::newRow("invalid wire type in graph") << badWire << QStringList{QStringLiteral("corrupt"), QStringLiteral("wire type 7")};
    // graph (3 bytes) holding a node (0x0a) that declares 100 bytes: past its enclosing graph.
    QByteArray overrun("\x08\x08\x3a\x03\x0a\x64\x00\x42\x02\x10\x11", 11);
    QTest::newRow("length past enclosing message") << overrun
                                                   << QStringList{QStringLiteral("corrupt"), QStringLiteral("graph.node[0]"),
                                                                  QStringLiteral("past the end")};
    QByteArray overlong("\x08\x08\x3a\x0c", 4);
    overlong.append(QByteArray(11, '\xff'));
    overlong.append('\x00');
    QTest::newRow("over-long varint") << overlong << QStringList{QStringLiteral("corrupt"), QStringLiteral("over-long varint")};
    QByteArray graphAsVarint("\x08\x08\x38\x05", 4);  // field 7 with wire type 0
    QTest::newRow("graph with wrong wire type") << graphAsVarint << QStringList{QStringLiteral("not an ONNX model")};
}

void TestOnnxSkeletonReader::errors() {
    QFETCH(QByteArray, bytes);
    QFETCH(QStringList, expected);
    const QString file = path(QStringLiteral("broken_%1.onnx").arg(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_'))));
    QVERIFY(writeBytes(bytes, file));
    auto skeleton = readOnnxSkeleton(file);
    QVERIFY(!skeleton.ok());
    const QString message = skeleton.errorMessage();
    QVERIFY2(message.startsWith(file), qPrintable(message));
    QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
    for (const QString &word : expected) {
        QVERIFY2(message.contains(word), qPrintable(QStringLiteral("'%1' lacks '%2'").arg(message, word)));
    }
}

QTEST_GUILESS_MAIN(TestOnnxSkeletonReader)
#include "test_onnx_skeleton_reader.moc"
