// SPDX-License-Identifier: MIT
// Tests of AtenLowering on TorchScript graphs written by hand (no LibTorch needed). Each graph
// mirrors what LibTorch 1.13 prints for the corresponding Python code (schema argument names from
// native_functions.yaml); expected shapes and parameter counts are worked out by hand in comments.
#include "graph/shape_inference.h"
#include "importers/torchscript/aten_lowering.h"

#include <QtTest>

#include <cmath>

using namespace infersight;

namespace {

// Builds a TorchScriptGraph the way the LibTorch module exports one.
class ScriptWriter {
public:
    ScriptWriter() {
        TorchScriptValue self;
        self.name = QStringLiteral("self.1");
        self.type = TorchScriptType::Module;
        graph.body.inputs.push_back(add(self));
    }

    int input(const QString &name, TorchScriptType type = TorchScriptType::Tensor) {
        TorchScriptValue v;
        v.name = name;
        v.type = type;
        if (type == TorchScriptType::Optional) {
            v.elementType = TorchScriptType::Tensor;
        }
        const int id = add(v);
        graph.body.inputs.push_back(id);
        return id;
    }

    int parameter(const QString &name, Shape dims, TorchScriptTensor::Origin origin = TorchScriptTensor::Origin::Parameter) {
        TorchScriptTensor t;
        t.name = name;
        t.origin = origin;
        t.dtype = DType::F32;
        t.dims = std::move(dims);
        graph.tensors.push_back(t);
        TorchScriptValue v;
        v.name = name;
        v.type = TorchScriptType::Tensor;
        v.tensor = static_cast<int>(graph.tensors.size()) - 1;
        const int id = add(v);
        TorchScriptNode n;
        n.kind = QStringLiteral("prim::GetAttr");
        n.attribute = name;
        n.inputs = {graph.body.inputs.front()};
        n.outputs = {id};
        body().push_back(n);
        return id;
    }

    int constant(TorchScriptConstant c, TorchScriptType type) {
        TorchScriptValue v;
        v.type = type;
        v.constant = std::move(c);
        const int id = add(v);
        TorchScriptNode n;
        n.kind = QStringLiteral("prim::Constant");
        n.outputs = {id};
        body().push_back(n);
        return id;
    }
    int integer(std::int64_t i) {
        TorchScriptConstant c;
        c.kind = TorchScriptConstant::Kind::Int;
        c.i = i;
        return constant(c, TorchScriptType::Int);
    }
    int boolean(bool b) {
        TorchScriptConstant c;
        c.kind = TorchScriptConstant::Kind::Bool;
        c.i = b ? 1 : 0;
        return constant(c, TorchScriptType::Bool);
    }
    int ints(std::vector<std::int64_t> v) {
        TorchScriptConstant c;
        c.kind = TorchScriptConstant::Kind::Ints;
        c.ints = std::move(v);
        return constant(c, TorchScriptType::List);
    }
    int none() {
        TorchScriptConstant c;
        c.kind = TorchScriptConstant::Kind::None;
        return constant(c, TorchScriptType::None);
    }
    // A 0-d int64 tensor constant, as traced shape arithmetic has them ({4}).
    int scalarTensor(std::int64_t v) {
        TorchScriptTensor t;
        t.name = QStringLiteral("constant");
        t.dtype = DType::I64;
        t.intData = std::vector<std::int64_t>{v};
        graph.tensors.push_back(t);
        TorchScriptConstant c;
        c.kind = TorchScriptConstant::Kind::Tensor;
        c.tensor = static_cast<int>(graph.tensors.size()) - 1;
        return constant(c, TorchScriptType::Tensor);
    }

    // A node with schema argument names; outputs get the given types.
    std::vector<int> op(const QString &kind, QStringList argumentNames, std::vector<int> inputs,
                        std::vector<TorchScriptType> outputs = {TorchScriptType::Tensor}, QString scope = {}) {
        TorchScriptNode n;
        n.kind = kind;
        n.argumentNames = std::move(argumentNames);
        n.inputs = std::move(inputs);
        n.scope = std::move(scope);
        for (TorchScriptType t : outputs) {
            TorchScriptValue v;
            v.type = t;
            if (t == TorchScriptType::List) {
                v.elementType = TorchScriptType::Int;
            }
            n.outputs.push_back(add(v));
        }
        body().push_back(n);
        return n.outputs;
    }
    int op1(const QString &kind, QStringList names, std::vector<int> inputs, TorchScriptType out = TorchScriptType::Tensor,
            QString scope = {}) {
        return op(kind, std::move(names), std::move(inputs), {out}, std::move(scope)).front();
    }

    void output(int v) { graph.body.outputs.push_back(v); }

    // Nodes go to the innermost open block.
    std::vector<TorchScriptNode> &body() { return m_blocks.empty() ? graph.body.nodes : *m_blocks.back(); }
    void enter(std::vector<TorchScriptNode> *block) { m_blocks.push_back(block); }
    void leave() { m_blocks.pop_back(); }

    int add(TorchScriptValue v) {
        graph.values.push_back(std::move(v));
        return static_cast<int>(graph.values.size()) - 1;
    }

    TorchScriptGraph graph;

private:
    std::vector<std::vector<TorchScriptNode> *> m_blocks;
};

TorchScriptInputSpec spec(const char *text) { return *TorchScriptInputSpec::parse(QString::fromLatin1(text)); }

QStringList opTypes(const Graph &g) {
    QStringList ops;
    for (const Node &n : g.nodes) {
        ops.push_back(n.domain.isEmpty() ? n.opType : n.domain + QStringLiteral("::") + n.opType);
    }
    return ops;
}

Shape outputShape(Graph &g, const ShapeBindings &b, std::size_t i = 0) {
    propagateShapes(g, b);
    return g.values[static_cast<std::size_t>(g.outputs[i])].shape;
}

ShapeBindings batch(std::int64_t n) {
    ShapeBindings b;
    b.batch = n;
    return b;
}

}  // namespace

class TestAtenLowering : public QObject {
    Q_OBJECT
private slots:
    void convReluFlattenLinear();
    void unsupportedOpStaysAsAtenNode();
    void knownConditionKeepsOneBranch_data();
    void knownConditionKeepsOneBranch();
    void loopWithKnownTripCountIsUnrolled();
    void tracedShapeArithmeticFollowsTheBatch_data();
    void tracedShapeArithmeticFollowsTheBatch();
    void inplaceOpUpdatesItsArgument();
    void tiedWeightsAreCountedOnce();
    void addWithAlphaScalesTheOtherOperand();
    void absentOptionalInputIsNone();
    void guessesInputsFromTheirUse();
    void missingRequiredInputIsAnError();
    void scaledDotProductAttentionIsDecomposed();
};

void TestAtenLowering::convReluFlattenLinear() {
    // x[N,3,8,8] -> conv2d(3->4, 3x3, pad 1) -> relu -> flatten(1) [N,256] -> linear(256->10).
    ScriptWriter w;
    const int x = w.input(QStringLiteral("x.1"));
    const int cw = w.parameter(QStringLiteral("conv.weight"), {4, 3, 3, 3});
    const int cb = w.parameter(QStringLiteral("conv.bias"), {4});
    const int one = w.ints({1, 1});
    const int groups = w.integer(1);
    const int conv = w.op1(QStringLiteral("aten::conv2d"),
                           {QStringLiteral("input"), QStringLiteral("weight"), QStringLiteral("bias"), QStringLiteral("stride"),
                            QStringLiteral("padding"), QStringLiteral("dilation"), QStringLiteral("groups")},
                           {x, cw, cb, one, one, one, groups}, TorchScriptType::Tensor, QStringLiteral("conv"));
    const int relu = w.op1(QStringLiteral("aten::relu"), {QStringLiteral("self")}, {conv});
    const int flat = w.op1(QStringLiteral("aten::flatten"), {QStringLiteral("self"), QStringLiteral("start_dim"), QStringLiteral("end_dim")},
                           {relu, w.integer(1), w.integer(-1)});
    const int fw = w.parameter(QStringLiteral("fc.weight"), {10, 256});
    const int fb = w.parameter(QStringLiteral("fc.bias"), {10});
    const int fc = w.op1(QStringLiteral("aten::linear"), {QStringLiteral("input"), QStringLiteral("weight"), QStringLiteral("bias")},
                         {flat, fw, fb}, TorchScriptType::Tensor, QStringLiteral("fc"));
    w.output(fc);

    auto lowered = AtenLowering::lower(w.graph, {spec("1x3x8x8")}, batch(1));
    QVERIFY2(lowered.ok(), qPrintable(lowered.ok() ? QString() : lowered.errorMessage()));
    Graph &g = lowered->graph;
    QCOMPARE(opTypes(g), (QStringList{"Conv", "Relu", "Flatten", "MatMul", "Add"}));
    QCOMPARE(g.nodes.front().name, QStringLiteral("conv/Conv"));
    QCOMPARE(g.nodes.front().attrInts(u"pads"), (std::vector<std::int64_t>{1, 1, 1, 1}));
    // 4*3*3*3 + 4 + 256*10 + 10 (by hand)
    QCOMPARE(lowered->moduleParameters, std::int64_t{2682});
    QCOMPARE(g.parameterCount(), std::int64_t{2682});
    QCOMPARE(g.values[static_cast<std::size_t>(g.findValue(QStringLiteral("fc.weight")))].declared.size(), std::size_t{2});
    QCOMPARE(g.values[static_cast<std::size_t>(g.findValue(QStringLiteral("fc.weight")))].declared[0].value, 256);
    QCOMPARE(outputShape(g, batch(1)), (Shape{1, 10}));
    QCOMPARE(outputShape(g, batch(5)), (Shape{5, 10}));
}

void TestAtenLowering::unsupportedOpStaysAsAtenNode() {
    ScriptWriter w;
    const int x = w.input(QStringLiteral("x"));
    const int odd = w.op1(QStringLiteral("aten::frobnicate"), {QStringLiteral("self")}, {x});
    const int out = w.op1(QStringLiteral("aten::relu"), {QStringLiteral("self")}, {odd});
    w.output(out);
    auto lowered = AtenLowering::lower(w.graph, {spec("1x4")}, batch(1));
    QVERIFY(lowered.ok());
    QCOMPARE(opTypes(lowered->graph), (QStringList{"aten::frobnicate", "Relu"}));
    QCOMPARE(lowered->unsupportedOps, QStringList{QStringLiteral("aten::frobnicate")});
    const PropagationReport report = propagateShapes(lowered->graph, batch(1));
    QVERIFY(report.unsupportedOps.contains(QStringLiteral("aten::frobnicate")));
    QVERIFY(report.unknownValues > 0);
}

void TestAtenLowering::knownConditionKeepsOneBranch_data() {
    QTest::addColumn<bool>("condition");
    QTest::addColumn<QString>("kept");
    QTest::newRow("true") << true << "Relu";
    QTest::newRow("false") << false << "Sigmoid";
}

void TestAtenLowering::knownConditionKeepsOneBranch() {
    QFETCH(bool, condition);
    QFETCH(QString, kept);
    ScriptWriter w;
    const int x = w.input(QStringLiteral("x"));
    const int cond = w.boolean(condition);
    TorchScriptNode branch;
    branch.kind = QStringLiteral("prim::If");
    branch.inputs = {cond};
    branch.blocks.resize(2);
    TorchScriptValue result;
    result.type = TorchScriptType::Tensor;
    branch.outputs = {w.add(result)};
    w.enter(&branch.blocks[0].nodes);
    branch.blocks[0].outputs = {w.op1(QStringLiteral("aten::relu"), {QStringLiteral("self")}, {x})};
    w.leave();
    w.enter(&branch.blocks[1].nodes);
    branch.blocks[1].outputs = {w.op1(QStringLiteral("aten::sigmoid"), {QStringLiteral("self")}, {x})};
    w.leave();
    w.body().push_back(branch);
    w.output(branch.outputs.front());
    auto lowered = AtenLowering::lower(w.graph, {spec("2x3")}, batch(1));
    QVERIFY(lowered.ok());
    QCOMPARE(opTypes(lowered->graph), QStringList{kept});
}

void TestAtenLowering::loopWithKnownTripCountIsUnrolled() {
    // for _ in range(3): x = relu(x)
    ScriptWriter w;
    const int x = w.input(QStringLiteral("x"));
    TorchScriptNode loop;
    loop.kind = QStringLiteral("prim::Loop");
    loop.inputs = {w.integer(3), w.boolean(true), x};
    TorchScriptValue carried;
    carried.type = TorchScriptType::Tensor;
    loop.outputs = {w.add(carried)};
    loop.blocks.resize(1);
    TorchScriptValue counter;
    counter.type = TorchScriptType::Int;
    const int i = w.add(counter);
    const int xin = w.add(carried);
    loop.blocks[0].inputs = {i, xin};
    w.enter(&loop.blocks[0].nodes);
    const int again = w.boolean(true);
    const int next = w.op1(QStringLiteral("aten::relu"), {QStringLiteral("self")}, {xin});
    w.leave();
    loop.blocks[0].outputs = {again, next};
    w.body().push_back(loop);
    w.output(loop.outputs.front());
    auto lowered = AtenLowering::lower(w.graph, {spec("2x3")}, batch(1));
    QVERIFY(lowered.ok());
    QCOMPARE(opTypes(lowered->graph), (QStringList{"Relu", "Relu", "Relu"}));
    QCOMPARE(outputShape(lowered->graph, batch(1)), (Shape{2, 3}));
}

void TestAtenLowering::tracedShapeArithmeticFollowsTheBatch_data() {
    QTest::addColumn<qint64>("batchSize");
    QTest::newRow("1") << qint64{1};
    QTest::newRow("7") << qint64{7};
}

void TestAtenLowering::tracedShapeArithmeticFollowsTheBatch() {
    // What torch.jit.trace records for x.view(x.size(0) * 4, -1) with x [N, 8, 6]:
    //   %s = aten::size(%x, 0); %t = prim::NumToTensor(%s); %m = aten::mul(%t, {4});
    //   %i = aten::Int(%m); %l = prim::ListConstruct(%i, -1); aten::view(%x, %l)
    // -> [4N, 12] for every batch size (by hand: N*8*6 = 4N * 12).
    QFETCH(qint64, batchSize);
    ScriptWriter w;
    const int x = w.input(QStringLiteral("x"));
    const int s = w.op1(QStringLiteral("aten::size"), {QStringLiteral("self"), QStringLiteral("dim")}, {x, w.integer(0)},
                        TorchScriptType::Int);
    const int t = w.op1(QStringLiteral("prim::NumToTensor"), {QStringLiteral("s")}, {s});
    const int m = w.op1(QStringLiteral("aten::mul"), {QStringLiteral("self"), QStringLiteral("other")}, {t, w.scalarTensor(4)});
    const int i = w.op1(QStringLiteral("aten::Int"), {QStringLiteral("a")}, {m}, TorchScriptType::Int);
    const int l = w.op1(QStringLiteral("prim::ListConstruct"), {}, {i, w.integer(-1)}, TorchScriptType::List);
    const int v = w.op1(QStringLiteral("aten::view"), {QStringLiteral("self"), QStringLiteral("size")}, {x, l});
    w.output(v);
    auto lowered = AtenLowering::lower(w.graph, {spec("1x8x6")}, batch(1));
    QVERIFY(lowered.ok());
    QCOMPARE(outputShape(lowered->graph, batch(batchSize)), (Shape{4 * batchSize, 12}));
}

void TestAtenLowering::inplaceOpUpdatesItsArgument() {
    // x.relu_(); return x  — the old SSA name is read after the mutation.
    ScriptWriter w;
    const int x = w.input(QStringLiteral("x"));
    w.op1(QStringLiteral("aten::relu_"), {QStringLiteral("self")}, {x});
    w.output(x);
    auto lowered = AtenLowering::lower(w.graph, {spec("2x3")}, batch(1));
    QVERIFY(lowered.ok());
    const Graph &g = lowered->graph;
    QCOMPARE(opTypes(g), QStringList{QStringLiteral("Relu")});
    QCOMPARE(g.outputs.front(), g.nodes.front().outputs.front());
}

void TestAtenLowering::tiedWeightsAreCountedOnce() {
    // An embedding table reused as the output projection (weight tying): one initializer.
    ScriptWriter w;
    const int ids = w.input(QStringLiteral("ids"));
    const int table = w.parameter(QStringLiteral("tok.weight"), {100, 16});
    const int e = w.op1(QStringLiteral("aten::embedding"),
                        {QStringLiteral("weight"), QStringLiteral("indices"), QStringLiteral("padding_idx"),
                         QStringLiteral("scale_grad_by_freq"), QStringLiteral("sparse")},
                        {table, ids, w.integer(-1), w.boolean(false), w.boolean(false)});
    const int logits = w.op1(QStringLiteral("aten::linear"), {QStringLiteral("input"), QStringLiteral("weight"), QStringLiteral("bias")},
                             {e, table, w.none()});
    w.output(logits);
    auto lowered = AtenLowering::lower(w.graph, {spec("1x5:i64")}, batch(1));
    QVERIFY(lowered.ok());
    QCOMPARE(lowered->moduleParameters, std::int64_t{1600});
    QCOMPARE(lowered->graph.parameterCount(), std::int64_t{1600});
    QCOMPARE(opTypes(lowered->graph), (QStringList{"Gather", "Transpose", "MatMul"}));
    QCOMPARE(outputShape(lowered->graph, batch(2)), (Shape{2, 5, 100}));
}

void TestAtenLowering::addWithAlphaScalesTheOtherOperand() {
    // torch.add(x, y, alpha=2) = x + 2*y
    ScriptWriter w;
    const int x = w.input(QStringLiteral("x"));
    const int y = w.input(QStringLiteral("y"));
    const int out = w.op1(QStringLiteral("aten::add"), {QStringLiteral("self"), QStringLiteral("other"), QStringLiteral("alpha")},
                          {x, y, w.integer(2)});
    w.output(out);
    auto lowered = AtenLowering::lower(w.graph, {spec("2x3"), spec("2x3")}, batch(1));
    QVERIFY(lowered.ok());
    QCOMPARE(opTypes(lowered->graph), (QStringList{"Constant", "Mul", "Add"}));
    QCOMPARE(lowered->graph.parameterCount(), std::int64_t{0});  // the 2 is a Constant node, not a weight
}

void TestAtenLowering::absentOptionalInputIsNone() {
    // forward(x, mask: Optional[Tensor] = None): if mask is not None: x = x + mask
    ScriptWriter w;
    const int x = w.input(QStringLiteral("x"));
    const int mask = w.input(QStringLiteral("mask"), TorchScriptType::Optional);
    const int present = w.op1(QStringLiteral("aten::__isnot__"), {QStringLiteral("self"), QStringLiteral("obj")},
                              {mask, w.none()}, TorchScriptType::Bool);
    TorchScriptNode branch;
    branch.kind = QStringLiteral("prim::If");
    branch.inputs = {present};
    branch.blocks.resize(2);
    TorchScriptValue result;
    result.type = TorchScriptType::Tensor;
    branch.outputs = {w.add(result)};
    w.enter(&branch.blocks[0].nodes);
    branch.blocks[0].outputs = {w.op1(QStringLiteral("aten::add"), {QStringLiteral("self"), QStringLiteral("other"), QStringLiteral("alpha")},
                                      {x, mask, w.integer(1)})};
    w.leave();
    branch.blocks[1].outputs = {x};
    w.body().push_back(branch);
    w.output(branch.outputs.front());
    auto lowered = AtenLowering::lower(w.graph, {spec("2x3")}, batch(1));
    QVERIFY(lowered.ok());
    QVERIFY(lowered->graph.nodes.empty());
    QCOMPARE(lowered->graph.inputs.size(), std::size_t{1});
    QVERIFY(lowered->unsupportedOps.isEmpty());
}

void TestAtenLowering::guessesInputsFromTheirUse() {
    ScriptWriter w;
    const int image = w.input(QStringLiteral("image"));
    const int tokens = w.input(QStringLiteral("tokens"));
    const int cw = w.parameter(QStringLiteral("conv.weight"), {16, 1, 3, 3});
    const int one = w.ints({1, 1});
    // A depthwise-style first convolution: weight [16, 1, 3, 3] with groups 4 reads 4 channels.
    w.op1(QStringLiteral("aten::conv2d"),
          {QStringLiteral("input"), QStringLiteral("weight"), QStringLiteral("bias"), QStringLiteral("stride"),
           QStringLiteral("padding"), QStringLiteral("dilation"), QStringLiteral("groups")},
          {image, cw, w.none(), one, one, one, w.integer(4)});
    const int table = w.parameter(QStringLiteral("tok.weight"), {100, 16});
    w.op1(QStringLiteral("aten::size"), {QStringLiteral("self"), QStringLiteral("dim")}, {tokens, w.integer(1)}, TorchScriptType::Int);
    w.op1(QStringLiteral("aten::embedding"), {QStringLiteral("weight"), QStringLiteral("indices")}, {table, tokens});
    QStringList notes;
    const auto guessed = AtenLowering::guessInputs(w.graph, &notes);
    QVERIFY(guessed.ok());
    QCOMPARE(guessed->size(), std::size_t{2});
    QCOMPARE((*guessed)[0].toString(), QStringLiteral("Nx4xHxW"));
    QCOMPARE((*guessed)[1].toString(), QStringLiteral("Nxseq:i64"));
    QCOMPARE(notes.size(), 2);
    QVERIFY(notes[0].contains(QStringLiteral("'image'")));
}

void TestAtenLowering::missingRequiredInputIsAnError() {
    ScriptWriter w;
    const int a = w.input(QStringLiteral("a"));
    const int b = w.input(QStringLiteral("b"));
    w.output(w.op1(QStringLiteral("aten::mul"), {QStringLiteral("self"), QStringLiteral("other")}, {a, b}));
    const auto lowered = AtenLowering::lower(w.graph, {spec("2x3")}, batch(1));
    QVERIFY(!lowered.ok());
    QCOMPARE(lowered.errorMessage(), QStringLiteral("forward() takes 2 required argument(s) (a, b) but 1 input shape(s) were given"));
}

void TestAtenLowering::scaledDotProductAttentionIsDecomposed() {
    // F.scaled_dot_product_attention (PyTorch >= 2.0) on q, k, v [B, H, S, E] = [2, 4, 16, 8]:
    // softmax(q k^T / sqrt(8)) v -> [2, 4, 16, 8].
    ScriptWriter w;
    const int q = w.input(QStringLiteral("q"));
    const int k = w.input(QStringLiteral("k"));
    const int v = w.input(QStringLiteral("v"));
    TorchScriptConstant dropout;
    dropout.kind = TorchScriptConstant::Kind::Float;
    const int out = w.op1(QStringLiteral("aten::scaled_dot_product_attention"),
                          {QStringLiteral("query"), QStringLiteral("key"), QStringLiteral("value"), QStringLiteral("attn_mask"),
                           QStringLiteral("dropout_p"), QStringLiteral("is_causal"), QStringLiteral("scale")},
                          {q, k, v, w.none(), w.constant(dropout, TorchScriptType::Float), w.boolean(false), w.none()});
    w.output(out);
    auto lowered = AtenLowering::lower(w.graph, {spec("2x4x16x8"), spec("2x4x16x8"), spec("2x4x16x8")}, batch(2));
    QVERIFY2(lowered.ok(), qPrintable(lowered.ok() ? QString() : lowered.errorMessage()));
    QCOMPARE(opTypes(lowered->graph), (QStringList{"Transpose", "MatMul", "Constant", "Mul", "Softmax", "MatMul"}));
    const Node &scale = lowered->graph.nodes[2];
    QCOMPARE(scale.attribute(u"value")->tensor->floatData->front(), 1.0 / std::sqrt(8.0));
    QCOMPARE(outputShape(lowered->graph, batch(2)), (Shape{2, 4, 16, 8}));
}

QTEST_GUILESS_MAIN(TestAtenLowering)
#include "test_aten_lowering.moc"
