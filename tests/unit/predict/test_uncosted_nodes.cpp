// SPDX-License-Identifier: MIT
// Nodes the predictor cannot cost (issue 15, item 6): If / Loop bodies, custom-domain, ONNX-ML and
// unknown ops are named (name and op) in the prediction's warnings, and the band's upper end widens
// by their upper estimate (predict/uncosted_nodes.h); a model whose shapes are all unknown is an
// error, not a number. Fixtures: tools/fixtures/export_uncosted_fixtures.py.
#include "design/design.h"
#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"
#include "predict/predictor.h"

#include <QtTest>

using namespace infersight;

namespace {

QString fixture(const char *name) { return QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx/") + QLatin1String(name); }

Result<Prediction> predictFixture(const char *name, const QString &gpu = QStringLiteral("a100-sxm4-40gb")) {
    auto design = Design::open(fixture(name));
    if (!design) {
        return design.error();
    }
    auto target = resolveTarget(GpuCatalogue::builtIn(), gpu);
    if (!target) {
        return target.error();
    }
    return predict(design->graph(), *target, design->knobs());
}

QString warningsOf(const Prediction &p) { return p.warnings.join(QLatin1Char('\n')); }

// The error of a failed result, empty for a good one (QVERIFY2 evaluates its message either way).
template <typename T>
QString errorOf(const Result<T> &r) {
    return r ? QString() : r.errorMessage();
}

}  // namespace

class TestUncostedNodes : public QObject {
    Q_OBJECT
private slots:
    void costedModelHasNoSuchWarning();
    void ifBranchIsNamedAndCoveredByTheBand_data();
    void ifBranchIsNamedAndCoveredByTheBand();
    void loopBodyTimesTripCount();
    void unknownOpsAreNamedAndWidenTheBand();
    void allShapesUnknownIsAnError();
};

void TestUncostedNodes::costedModelHasNoSuchWarning() {
    auto p = predictFixture("uncosted_matmul_top.onnx");
    QVERIFY2(p, qPrintable(errorOf(p)));
    QVERIFY2(!warningsOf(*p).contains(QLatin1String("not costed")), qPrintable(warningsOf(*p)));
    QCOMPARE(p->kernelCount, 1);
}

void TestUncostedNodes::ifBranchIsNamedAndCoveredByTheBand_data() {
    QTest::addColumn<QString>("gpu");
    QTest::newRow("A100") << QStringLiteral("a100-sxm4-40gb");
    QTest::newRow("T4") << QStringLiteral("t4");
}

void TestUncostedNodes::ifBranchIsNamedAndCoveredByTheBand() {
    QFETCH(QString, gpu);
    auto top = predictFixture("uncosted_matmul_top.onnx", gpu);
    auto inIf = predictFixture("uncosted_if_matmul.onnx", gpu);
    QVERIFY2(top && inIf, qPrintable(errorOf(top) + errorOf(inIf)));
    // The same 4096^3 MatMul at top level: 2 * 4096^3 = 137 GFLOP; at the FP32 peaks (A100 19.5,
    // T4 8.1 TFLOPS, datasheets) at least 7.0 / 17.0 ms.
    QVERIFY2(top->latencyMs > (gpu == QLatin1String("t4") ? 17.0 : 7.0), qPrintable(QString::number(top->latencyMs)));
    const QString w = warningsOf(*inIf);
    QVERIFY2(w.contains(QLatin1String("'choose' (If:")), qPrintable(w));
    QVERIFY2(w.contains(QLatin1String("then-branch")), qPrintable(w));
    // Counted as zero in the point estimate, covered by the band's upper end.
    QVERIFY(inIf->latencyMs < top->latencyMs);
    QVERIFY2(inIf->bandHighMs >= top->latencyMs,
             qPrintable(QStringLiteral("band to %1 ms, top-level MatMul %2 ms").arg(inIf->bandHighMs).arg(top->latencyMs)));
    QVERIFY(inIf->bandLowMs <= inIf->latencyMs);
}

void TestUncostedNodes::loopBodyTimesTripCount() {
    auto top = predictFixture("uncosted_matmul_top.onnx");
    auto loop = predictFixture("uncosted_loop_matmul.onnx");
    QVERIFY2(top && loop, qPrintable(errorOf(top) + errorOf(loop)));
    const QString w = warningsOf(*loop);
    QVERIFY2(w.contains(QLatin1String("'repeat' (Loop:")), qPrintable(w));
    QVERIFY2(w.contains(QLatin1String("x 3 iterations")), qPrintable(w));
    // Trip count 3 (a Constant in the file): the band allows three top-level MatMuls.
    QVERIFY2(loop->bandHighMs >= 3.0 * top->latencyMs,
             qPrintable(QStringLiteral("band to %1 ms, 3 x MatMul %2 ms").arg(loop->bandHighMs).arg(3.0 * top->latencyMs)));
}

void TestUncostedNodes::unknownOpsAreNamedAndWidenTheBand() {
    auto p = predictFixture("uncosted_ops.onnx");
    QVERIFY2(p, qPrintable(errorOf(p)));
    const QString w = warningsOf(*p);
    // Custom domain, ONNX-ML and an op no domain defines; Sigmoid after them has unknown shapes.
    for (const char *part : {"'fancy' (com.example::FancyOp: no rule for this op", "'normalize' (ai.onnx.ml::Normalizer: no rule",
                             "'mystery' (NotARealOp: no rule", "'sigmoid' (Sigmoid: its shapes are unknown", "4 node(s) not costed"}) {
        QVERIFY2(w.contains(QLatin1String(part)), qPrintable(w));
    }
    // Each counts as the longest kernel (the Relu, the only costed one): the band's upper end rises
    // by 4 of them over the costed part's own band.
    QCOMPARE(p->kernelCount, 1);
    QVERIFY(p->bandHighMs - p->latencyMs >= 4.0 * (p->gpuBusyMs * 0.9));
}

void TestUncostedNodes::allShapesUnknownIsAnError() {
    auto p = predictFixture("uncosted_all_unknown.onnx");
    QVERIFY(!p);
    const QString message = p.errorMessage();
    for (const char *part : {"uncosted_all_unknown.onnx", "no node can be costed", "FancyOp", "--batch"}) {
        QVERIFY2(message.contains(QLatin1String(part)), qPrintable(message));
    }
}

QTEST_GUILESS_MAIN(TestUncostedNodes)
#include "test_uncosted_nodes.moc"
