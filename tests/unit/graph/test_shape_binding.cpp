// SPDX-License-Identifier: MIT
// Tests of the input-dimension roles and knob defaults (graph/shape_binding.h). Expected roles
// follow the rules documented in shape_binding.h, on input declarations as exporters write them
// (torch.onnx dynamic_axes names, HuggingFace/ORT names, static exports).
#include "graph/shape_binding.h"

#include "graph/graph_builder.h"

#include <QtTest>

using namespace infersight;

namespace {

// "batch,3,224,224" -> dims; "?" is a dim with neither value nor name.
SymbolicShape parseDims(const QString &spec) {
    SymbolicShape dims;
    if (spec.isEmpty()) {
        return dims;
    }
    for (const QString &part : spec.split(QLatin1Char(','))) {
        bool isNumber = false;
        const qlonglong v = part.toLongLong(&isNumber);
        if (isNumber) {
            dims.push_back(Dim::fixed(v));
        } else if (part == QLatin1String("?")) {
            dims.push_back(Dim{-1, QString(), DimRole::Other});
        } else {
            dims.push_back(Dim{-1, part, DimRole::Other});
        }
    }
    return dims;
}

QString rolesOf(const SymbolicShape &dims) {
    QStringList parts;
    for (const Dim &d : dims) {
        parts << dimRoleName(d.role);
    }
    return parts.join(QLatin1Char(','));
}

Graph graphWithInput(DType dtype, const QString &spec) {
    GraphBuilder b(QStringLiteral("g"));
    const int x = b.input(QStringLiteral("x"), dtype, parseDims(spec));
    b.output(b.op(QStringLiteral("Identity"), {x}));
    return b.finish();
}

}  // namespace

class TestShapeBinding : public QObject {
    Q_OBJECT
private slots:
    void roles_data();
    void roles();
    void staticDimsKeepTheirValue();
    void unnamedDimsGetASymbol();
    void defaults_data();
    void defaults();
    void fixedBatchIsReported();
};

void TestShapeBinding::roles_data() {
    QTest::addColumn<int>("dtype");
    QTest::addColumn<QString>("dims");
    QTest::addColumn<QString>("roles");
    const int f32 = static_cast<int>(DType::F32);
    const int i64 = static_cast<int>(DType::I64);
    // torch.onnx.export(dynamic_axes={"input": {0: "batch"}}) of a torchvision CNN.
    QTest::newRow("cnn dynamic batch") << f32 << "batch,3,224,224" << "batch,fixed,height,width";
    QTest::newRow("cnn static export") << f32 << "1,3,224,224" << "batch,fixed,height,width";
    QTest::newRow("cnn dynamic image") << f32 << "N,3,height,width" << "batch,fixed,height,width";
    QTest::newRow("cnn H W letters") << f32 << "n,3,h,w" << "batch,fixed,height,width";
    QTest::newRow("cnn auto names") << f32 << "input_dynamic_axes_1,3,224,224" << "batch,fixed,height,width";
    QTest::newRow("video") << f32 << "batch,3,16,112,112" << "batch,fixed,fixed,height,width";
    // BERT / GPT exports: input_ids [batch, seq] int64.
    QTest::newRow("token ids") << i64 << "batch,seq" << "batch,sequence";
    QTest::newRow("token ids HF names") << i64 << "batch_size,sequence_length" << "batch,sequence";
    QTest::newRow("token ids static") << i64 << "1,128" << "batch,sequence";
    QTest::newRow("token ids auto names") << i64 << "dim0,dim1" << "batch,sequence";
    QTest::newRow("past key") << f32 << "batch,12,past_sequence_length,64" << "batch,fixed,context,fixed";
    QTest::newRow("embeddings") << f32 << "batch,seq,768" << "batch,sequence,fixed";
    QTest::newRow("embeddings static") << f32 << "2,64,768" << "batch,sequence,fixed";
    // Nothing to go by: a rank-1 input keeps its declaration.
    QTest::newRow("rank 1 static") << f32 << "10" << "fixed";
    QTest::newRow("unknown symbol rank 1") << f32 << "foo" << "other";
    QTest::newRow("scalar") << f32 << "" << "";
}

void TestShapeBinding::roles() {
    QFETCH(int, dtype);
    QFETCH(QString, dims);
    QFETCH(QString, roles);
    Graph g = graphWithInput(static_cast<DType>(dtype), dims);
    assignInputDimRoles(g);
    QCOMPARE(rolesOf(g.values[static_cast<std::size_t>(g.inputs.front())].declared), roles);
}

void TestShapeBinding::staticDimsKeepTheirValue() {
    Graph g = graphWithInput(DType::F32, QStringLiteral("2,3,320,240"));
    assignInputDimRoles(g);
    const SymbolicShape &d = g.values[static_cast<std::size_t>(g.inputs.front())].declared;
    QCOMPARE(d[0].value, 2);
    QVERIFY(d[0].symbol.isEmpty());
    QCOMPARE(d[2].value, 320);
    QCOMPARE(d[3].value, 240);
    // Unbound knobs resolve to the exported values.
    const ShapeBindings b = completeBindings(g, modelDefaultBindings());
    QCOMPARE(b.batch, 2);
    QCOMPARE(b.height, 320);
    QCOMPARE(b.width, 240);
}

void TestShapeBinding::unnamedDimsGetASymbol() {
    Graph g = graphWithInput(DType::F32, QStringLiteral("?,7"));
    assignInputDimRoles(g);
    const SymbolicShape &d = g.values[static_cast<std::size_t>(g.inputs.front())].declared;
    QCOMPARE(d[0].symbol, QStringLiteral("x.0"));
    QCOMPARE(d[0].role, DimRole::Other);
    QStringList warnings;
    completeBindings(g, modelDefaultBindings(), nullptr, &warnings);
    QCOMPARE(warnings.size(), 1);
    QVERIFY(warnings.front().contains(QStringLiteral("x.0")));
}

void TestShapeBinding::defaults_data() {
    QTest::addColumn<int>("dtype");
    QTest::addColumn<QString>("dims");
    QTest::addColumn<qint64>("batch");
    QTest::addColumn<qint64>("sequence");
    QTest::addColumn<qint64>("height");
    QTest::addColumn<QString>("note");
    const int f32 = static_cast<int>(DType::F32);
    const int i64 = static_cast<int>(DType::I64);
    // The defaults are the ones inspect documents: batch 1, sequence 128, image 224.
    QTest::newRow("dynamic cnn") << f32 << "batch,3,224,224" << qint64(1) << qint64(-1) << qint64(224) << "batch size 1";
    QTest::newRow("dynamic image") << f32 << "batch,3,height,width" << qint64(1) << qint64(-1) << qint64(224) << "image height 224";
    QTest::newRow("dynamic transformer") << i64 << "batch,seq" << qint64(1) << qint64(128) << qint64(-1) << "sequence length 128";
    QTest::newRow("static transformer") << i64 << "3,64" << qint64(3) << qint64(64) << qint64(-1) << "batch size 3, the model's default";
}

void TestShapeBinding::defaults() {
    QFETCH(int, dtype);
    QFETCH(QString, dims);
    QFETCH(qint64, batch);
    QFETCH(qint64, sequence);
    QFETCH(qint64, height);
    QFETCH(QString, note);
    Graph g = graphWithInput(static_cast<DType>(dtype), dims);
    assignInputDimRoles(g);
    QStringList notes;
    const ShapeBindings b = completeBindings(g, modelDefaultBindings(), &notes);
    QCOMPARE(b.batch, batch);
    QCOMPARE(b.sequence, sequence);
    QCOMPARE(b.height, height);
    QVERIFY2(notes.join(QLatin1Char('|')).contains(note), qPrintable(notes.join(QLatin1Char('|'))));
    // Explicit values win over every default.
    ShapeBindings asked = modelDefaultBindings();
    asked.batch = 5;
    asked.sequence = 7;
    const ShapeBindings explicitly = completeBindings(g, asked);
    QCOMPARE(explicitly.batch, 5);
    QCOMPARE(explicitly.sequence, 7);
}

void TestShapeBinding::fixedBatchIsReported() {
    // x[2,6] (static export) -> Reshape to the constant [2,3,2]: only batch 2 works.
    GraphBuilder b(QStringLiteral("fixed"));
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::fixed(2), Dim::fixed(6)});
    const int shape = b.constantInts(QStringLiteral("shape"), {2, 3, 2});
    b.output(b.op(QStringLiteral("Reshape"), {x, shape}));
    Graph g = b.finish();
    assignInputDimRoles(g);
    // A rank-2 float input has no positional rule: promote dim 0 by hand as an image/token input would.
    g.values[static_cast<std::size_t>(x)].declared[0] = Dim::symbolic(DimRole::Batch, QString(), 2);

    auto atExported = propagateAtBindings(g, modelDefaultBindings(), QStringLiteral("fixed.onnx"));
    QVERIFY(atExported.ok());
    QVERIFY(atExported->report.complete());
    QCOMPARE(atExported->bindings.batch, 2);

    ShapeBindings other = modelDefaultBindings();
    other.batch = 4;
    auto atOther = propagateAtBindings(g, other, QStringLiteral("fixed.onnx"));
    QVERIFY(!atOther.ok());
    QVERIFY2(atOther.errorMessage().startsWith(QStringLiteral("fixed.onnx: ")), qPrintable(atOther.errorMessage()));
    QVERIFY2(atOther.errorMessage().contains(QStringLiteral("exported with a fixed batch size of 2")),
             qPrintable(atOther.errorMessage()));
    QVERIFY(atOther.errorMessage().contains(QStringLiteral("--batch 2")));
}

QTEST_GUILESS_MAIN(TestShapeBinding)
#include "test_shape_binding.moc"
