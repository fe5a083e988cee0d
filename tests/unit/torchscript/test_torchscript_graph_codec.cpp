// SPDX-License-Identifier: MIT
// Tests of TorchScriptGraphCodec, the wire format between the TorchScript reader child and
// TorchScriptModule::read: a graph comes back field for field, and bytes that are not a
// well-formed reply (truncated, a count larger than the data, an index out of range, blocks
// nested too deep, another format version) are refused without reading past them.
#include "importers/torchscript/torchscript_graph_codec.h"

#include <QDataStream>
#include <QtTest>

using namespace infersight;

namespace {

// A two-node graph with one prim::If block: x -> aten::relu -> y; If(y) { y } else { y }.
TorchScriptReadReply sampleReply() {
    TorchScriptReadReply reply;
    reply.ok = true;
    TorchScriptGraph &g = reply.graph;
    TorchScriptTensor weight;
    weight.name = QStringLiteral("conv.weight");
    weight.origin = TorchScriptTensor::Origin::Parameter;
    weight.dtype = DType::F16;
    weight.dims = {8, 3, 3, 3};
    TorchScriptTensor small;
    small.intData = std::vector<std::int64_t>{2, -1};
    small.floatData = std::vector<double>{0.5};
    g.tensors = {weight, small};
    for (const char *name : {"self", "x.1", "y", "cond"}) {
        TorchScriptValue v;
        v.name = QString::fromLatin1(name);
        v.type = TorchScriptType::Tensor;
        v.typeName = QStringLiteral("Tensor");
        g.values.push_back(v);
    }
    g.values[3].type = TorchScriptType::Bool;
    TorchScriptConstant c;
    c.kind = TorchScriptConstant::Kind::Ints;
    c.ints = {1, 2, 3};
    c.strings = {QStringLiteral("a")};
    c.tensor = 1;
    g.values[3].constant = c;
    g.values[1].tensor = 0;
    g.body.inputs = {0, 1};
    TorchScriptNode relu;
    relu.kind = QStringLiteral("aten::relu");
    relu.argumentNames = {QStringLiteral("self")};
    relu.inputs = {1};
    relu.outputs = {2};
    relu.scope = QStringLiteral("layer1.0");
    TorchScriptNode branch;
    branch.kind = QStringLiteral("prim::If");
    branch.inputs = {3};
    branch.outputs = {2};
    TorchScriptBlock then;
    then.outputs = {2};
    branch.blocks = {then, then};
    g.body.nodes = {relu, branch};
    g.body.outputs = {2};
    g.moduleType = QStringLiteral("__torch__.M");
    g.reader = QStringLiteral("libtorch 1.13.0");
    g.frozen = true;
    g.notes = {QStringLiteral("a note")};
    return reply;
}

// A reply whose body nests prim::If blocks `depth` deep.
QByteArray nestedReply(int depth) {
    TorchScriptReadReply reply;
    reply.ok = true;
    TorchScriptBlock inner;
    for (int i = 0; i < depth; ++i) {
        TorchScriptNode n;
        n.kind = QStringLiteral("prim::If");
        n.blocks = {inner};
        TorchScriptBlock outer;
        outer.nodes = {n};
        inner = outer;
    }
    reply.graph.body = inner;
    return TorchScriptGraphCodec::encodeReply(reply);
}

}  // namespace

class TestTorchScriptGraphCodec : public QObject {
    Q_OBJECT
private slots:
    void replyRoundTrips();
    void errorReplyRoundTrips();
    void requestRoundTrips();
    void malformed_data();
    void malformed();
    void truncatedAnywhereIsRefused();
    void nestingIsBounded();
};

void TestTorchScriptGraphCodec::replyRoundTrips() {
    const TorchScriptReadReply sent = sampleReply();
    const auto got = TorchScriptGraphCodec::decodeReply(TorchScriptGraphCodec::encodeReply(sent));
    QVERIFY2(got.ok(), qPrintable(got.ok() ? QString() : got.errorMessage()));
    const TorchScriptGraph &g = got->graph;
    QVERIFY(got->ok);
    QCOMPARE(g.values.size(), std::size_t{4});
    QCOMPARE(g.values[1].name, QStringLiteral("x.1"));
    QCOMPARE(g.values[1].tensor, 0);
    QCOMPARE(g.values[3].type, TorchScriptType::Bool);
    QVERIFY(g.values[3].constant.has_value());
    QCOMPARE(g.values[3].constant->kind, TorchScriptConstant::Kind::Ints);
    QCOMPARE(g.values[3].constant->ints, (std::vector<std::int64_t>{1, 2, 3}));
    QCOMPARE(g.values[3].constant->strings, QStringList{QStringLiteral("a")});
    QCOMPARE(g.values[3].constant->tensor, 1);
    QCOMPARE(g.tensors.size(), std::size_t{2});
    QCOMPARE(g.tensors[0].name, QStringLiteral("conv.weight"));
    QCOMPARE(g.tensors[0].origin, TorchScriptTensor::Origin::Parameter);
    QCOMPARE(g.tensors[0].dtype, DType::F16);
    QCOMPARE(g.tensors[0].dims, (Shape{8, 3, 3, 3}));
    QVERIFY(!g.tensors[0].intData && !g.tensors[0].floatData);
    QCOMPARE(*g.tensors[1].intData, (std::vector<std::int64_t>{2, -1}));
    QCOMPARE(*g.tensors[1].floatData, (std::vector<double>{0.5}));
    QCOMPARE(g.body.inputs, (std::vector<int>{0, 1}));
    QCOMPARE(g.body.nodes.size(), std::size_t{2});
    QCOMPARE(g.body.nodes[0].kind, QStringLiteral("aten::relu"));
    QCOMPARE(g.body.nodes[0].scope, QStringLiteral("layer1.0"));
    QCOMPARE(g.body.nodes[1].blocks.size(), std::size_t{2});
    QCOMPARE(g.body.nodes[1].blocks[1].outputs, (std::vector<int>{2}));
    QCOMPARE(g.moduleType, QStringLiteral("__torch__.M"));
    QCOMPARE(g.reader, QStringLiteral("libtorch 1.13.0"));
    QVERIFY(g.frozen);
    QCOMPARE(g.notes, QStringList{QStringLiteral("a note")});
}

void TestTorchScriptGraphCodec::errorReplyRoundTrips() {
    TorchScriptReadReply sent;
    sent.error = QStringLiteral("LibTorch cannot load it: expected ident");
    const auto got = TorchScriptGraphCodec::decodeReply(TorchScriptGraphCodec::encodeReply(sent));
    QVERIFY(got.ok());
    QVERIFY(!got->ok);
    QCOMPARE(got->error, sent.error);
}

void TestTorchScriptGraphCodec::requestRoundTrips() {
    TorchScriptReadRequest sent;
    sent.path = QStringLiteral("/tmp/m\u00fcdel.pt");
    sent.givenInputs = 2;
    sent.inputRanks = {4, -1};
    sent.inputDTypes = {DType::F32, DType::I64};
    const auto got = TorchScriptGraphCodec::decodeRequest(TorchScriptGraphCodec::encodeRequest(sent));
    QVERIFY2(got.ok(), qPrintable(got.ok() ? QString() : got.errorMessage()));
    QCOMPARE(got->path, sent.path);
    QCOMPARE(got->givenInputs, 2);
    QCOMPARE(got->inputRanks, sent.inputRanks);
    QCOMPARE(got->inputDTypes, sent.inputDTypes);
}

void TestTorchScriptGraphCodec::malformed_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("message");
    const QByteArray good = TorchScriptGraphCodec::encodeReply(sampleReply());
    QTest::newRow("empty") << QByteArray() << "not an Infersight TorchScript graph";
    QTest::newRow("text") << QByteArray("HOSTILE-PRINT from __setstate__\n") << "not an Infersight TorchScript graph";
    QByteArray version = good;
    version[4] = 2;  // the version follows the 4-byte magic, little endian
    QTest::newRow("version") << version << "format version 2, expected 1";
    QByteArray trailing = good + QByteArray("x");
    QTest::newRow("trailing") << trailing << "trailing bytes";
    // A value count of 2^40 right after the header, the ok flag and a null error string.
    QByteArray huge;
    {
        QDataStream s(&huge, QIODevice::WriteOnly);
        s.setByteOrder(QDataStream::LittleEndian);
        s << TorchScriptGraphCodec::kMagic << TorchScriptGraphCodec::kVersion << quint8(1) << quint8(1) << QString()
          << (quint64(1) << 40);
    }
    QTest::newRow("count") << huge << "a count of 1099511627776 is larger than the data";
    TorchScriptReadReply badIndex = sampleReply();
    badIndex.graph.body.nodes[0].inputs = {99};
    QTest::newRow("value index") << TorchScriptGraphCodec::encodeReply(badIndex) << "a value index out of range";
    TorchScriptReadReply badTensor = sampleReply();
    badTensor.graph.values[1].tensor = 7;
    QTest::newRow("tensor index") << TorchScriptGraphCodec::encodeReply(badTensor) << "a tensor index out of range";
}

void TestTorchScriptGraphCodec::malformed() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, message);
    const auto got = TorchScriptGraphCodec::decodeReply(bytes);
    QVERIFY(!got.ok());
    QVERIFY2(got.errorMessage().contains(message), qPrintable(got.errorMessage()));
}

void TestTorchScriptGraphCodec::truncatedAnywhereIsRefused() {
    const QByteArray good = TorchScriptGraphCodec::encodeReply(sampleReply());
    for (qsizetype cut = 0; cut < good.size(); ++cut) {
        const auto got = TorchScriptGraphCodec::decodeReply(good.left(cut));
        QVERIFY2(!got.ok(), qPrintable(QStringLiteral("accepted at %1 of %2 bytes").arg(cut).arg(good.size())));
    }
}

void TestTorchScriptGraphCodec::nestingIsBounded() {
    const auto ok = TorchScriptGraphCodec::decodeReply(nestedReply(TorchScriptGraphCodec::kMaxBlockDepth));
    QVERIFY2(ok.ok(), qPrintable(ok.ok() ? QString() : ok.errorMessage()));
    const auto deep = TorchScriptGraphCodec::decodeReply(nestedReply(TorchScriptGraphCodec::kMaxBlockDepth + 1));
    QVERIFY(!deep.ok());
    QVERIFY2(deep.errorMessage().contains(QStringLiteral("blocks nested deeper than 256")), qPrintable(deep.errorMessage()));
}

QTEST_GUILESS_MAIN(TestTorchScriptGraphCodec)
#include "test_torchscript_graph_codec.moc"
