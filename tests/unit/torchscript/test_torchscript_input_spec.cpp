// SPDX-License-Identifier: MIT
// Tests of TorchScriptInputSpec: the spelling of input shapes given on the command line or in
// the GUI ("1x3x224x224", "Nx3xHxW", "1x128:i64"). Expected values follow the documented grammar
// (docs/torchscript.md) and, for roles, the rules of assignInputDimRoles.
#include "graph/shape_binding.h"
#include "importers/torchscript/torchscript_input_spec.h"

#include <QtTest>

using namespace infersight;

class TestTorchScriptInputSpec : public QObject {
    Q_OBJECT
private slots:
    void parse_data();
    void parse();
    void rejects_data();
    void rejects();
    void parseList();
    void rolesFollowTheSpelling_data();
    void rolesFollowTheSpelling();
};

void TestTorchScriptInputSpec::parse_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("spelled");   // toString() of the result
    QTest::addColumn<int>("rank");
    QTest::addColumn<int>("dtype");
    QTest::newRow("image") << "1x3x224x224" << "1x3x224x224" << 4 << int(DType::F32);
    QTest::newRow("symbols") << "Nx3xHxW" << "Nx3xHxW" << 4 << int(DType::F32);
    QTest::newRow("symbol with default") << "N=8x3x224x224:f16" << "N=8x3x224x224:f16" << 4 << int(DType::F16);
    QTest::newRow("tokens") << "1x128:i64" << "1x128:i64" << 2 << int(DType::I64);
    QTest::newRow("alias long") << "1x128:long" << "1x128:i64" << 2 << int(DType::I64);
    QTest::newRow("alias half") << "2x16x64:half" << "2x16x64:f16" << 3 << int(DType::F16);
    QTest::newRow("spaces") << " 2 x 16 x 64 " << "2x16x64" << 3 << int(DType::F32);
    QTest::newRow("bool mask") << "1x16:bool" << "1x16:bool" << 2 << int(DType::Bool);
    QTest::newRow("scalar") << "scalar" << "scalar" << 0 << int(DType::F32);
}

void TestTorchScriptInputSpec::parse() {
    QFETCH(QString, text);
    QFETCH(QString, spelled);
    QFETCH(int, rank);
    QFETCH(int, dtype);
    const auto spec = TorchScriptInputSpec::parse(text);
    QVERIFY2(spec.ok(), qPrintable(spec.ok() ? QString() : spec.errorMessage()));
    QCOMPARE(spec->toString(), spelled);
    QCOMPARE(static_cast<int>(spec->shape.size()), rank);
    QCOMPARE(static_cast<int>(spec->dtype), dtype);
    const auto again = TorchScriptInputSpec::parse(spec->toString());
    QVERIFY(again.ok());
    QCOMPARE(again->shape, spec->shape);
}

void TestTorchScriptInputSpec::rejects_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << "" << "empty";
    QTest::newRow("negative") << "1x-3" << "negative dimension -3";
    QTest::newRow("empty dim") << "1xx3" << "empty dimension";
    QTest::newRow("fraction") << "1x3.5" << "bad dimension '3.5'";
    QTest::newRow("unknown type") << "1x3:q8" << "unknown element type 'q8'";
    QTest::newRow("only type") << ":f32" << "no dimensions";
    // 4 bytes x 3 x 1e11 x 1e11 = 1.2e23 bytes > 2^63 - 1 (issue 15, item 7: huge dims made every
    // shape unknown and the prediction 0 kernels).
    QTest::newRow("overflow") << "1x3x99999999999x99999999999"
                              << "the tensor's size overflows 64-bit arithmetic (more than 9223372036854775807 bytes)";
}

void TestTorchScriptInputSpec::rejects() {
    QFETCH(QString, text);
    QFETCH(QString, message);
    const auto spec = TorchScriptInputSpec::parse(text);
    QVERIFY(!spec.ok());
    QVERIFY2(spec.errorMessage().contains(message), qPrintable(spec.errorMessage()));
    QVERIFY2(spec.errorMessage().contains(QStringLiteral("1x3x224x224")), "the message shows an example");
}

void TestTorchScriptInputSpec::parseList() {
    const auto specs = TorchScriptInputSpec::parseList(QStringLiteral("1x3x224x224, 1x10:i64;2"));
    QVERIFY(specs.ok());
    QCOMPARE(specs->size(), std::size_t{3});
    QCOMPARE((*specs)[1].dtype, DType::I64);
    QCOMPARE((*specs)[2].shape, (SymbolicShape{Dim::fixed(2)}));
    QVERIFY(!TorchScriptInputSpec::parseList(QStringLiteral("1x3,")).ok());
}

void TestTorchScriptInputSpec::rolesFollowTheSpelling_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("roles");
    // Names by assignInputDimRoles' rule 1, numbers by its positional rule 2.
    QTest::newRow("named image") << "Nx3xHxW" << "batch,fixed,height,width";
    QTest::newRow("numeric image") << "1x3x224x224" << "batch,fixed,height,width";
    QTest::newRow("numeric tokens") << "1x128:i64" << "batch,sequence";
    QTest::newRow("named tokens") << "Bxseq:i64" << "batch,sequence";
    QTest::newRow("embeddings") << "1x16x64" << "batch,sequence,fixed";
}

void TestTorchScriptInputSpec::rolesFollowTheSpelling() {
    QFETCH(QString, text);
    QFETCH(QString, roles);
    const auto spec = TorchScriptInputSpec::parse(text);
    QVERIFY(spec.ok());
    Graph g;
    Value v;
    v.name = QStringLiteral("x");
    v.kind = ValueKind::Input;
    v.dtype = spec->dtype;
    v.declared = spec->shape;
    v.declaredRankKnown = true;
    g.inputs.push_back(g.addValue(v));
    assignInputDimRoles(g);
    QStringList names;
    for (const Dim &d : g.values.front().declared) {
        names.push_back(dimRoleName(d.role));
    }
    QCOMPARE(names.join(u','), roles);
}

QTEST_GUILESS_MAIN(TestTorchScriptInputSpec)
#include "test_torchscript_input_spec.moc"
