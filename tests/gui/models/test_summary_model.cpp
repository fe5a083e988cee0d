// SPDX-License-Identifier: MIT
// SummaryModel: consistent for QAbstractItemModelTester through result changes; each column shows
// the engine's own numbers for its target; a target that cannot run the precision says why; a
// model that does not fit turns its memory bar red.
#include "models/summary_model.h"

#include "explorer_fixture.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>

using namespace infersight;
using namespace infersight::testing;

class TestSummaryModel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void columnsShowTheEngineNumbers();
    void unsupportedPrecisionSaysWhy();
    void doesNotFitIsRed();
    void uncostedNodesAreNamedInTheNotes();

private:
    QTemporaryDir m_config;
};

void TestSummaryModel::initTestCase() {
    QVERIFY(m_config.isValid());
    qputenv(GpuCatalogue::kConfigDirEnv, m_config.path().toLocal8Bit());  // no user GPUs of this machine
}

void TestSummaryModel::columnsShowTheEngineNumbers() {
    ExplorerSession session;
    Knobs knobs;
    knobs.batch = 8;
    knobs.precision = Precision::FP16;
    QVERIFY(openAndSettle(session, QStringLiteral("zoo:resnet50"), knobs,
                          {gpuTarget(QStringLiteral("a100-sxm4-80gb")), gpuTarget(QStringLiteral("t4"))}));
    SummaryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.columnCount(), 0);
    model.setResults(session.results());
    QCOMPARE(model.rowCount(), int(SummaryModel::RowCount));
    QCOMPARE(model.columnCount(), 2);
    QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("A100-SXM4-80GB"));
    const QStringList gpus{QStringLiteral("a100-sxm4-80gb"), QStringLiteral("t4")};
    for (int c = 0; c < 2; ++c) {
        const Prediction p = enginePrediction(QStringLiteral("zoo:resnet50"), knobs, gpus[c]);
        QCOMPARE(model.index(SummaryModel::Latency, c).data(SummaryModel::ValueRole).toDouble(), p.latencyMs);
        QCOMPARE(model.index(SummaryModel::Throughput, c).data(SummaryModel::ValueRole).toDouble(), p.throughputPerS);
        QCOMPARE(model.index(SummaryModel::EnergyPerBatch, c).data(SummaryModel::ValueRole).toDouble(), p.energyJ);
        // Per sample: the batch's energy over its 8 samples (hand division).
        QCOMPARE(model.index(SummaryModel::EnergyPerSample, c).data(SummaryModel::ValueRole).toDouble(), p.energyJ / 8.0);
        QCOMPARE(model.index(SummaryModel::Memory, c).data(SummaryModel::ValueRole).toDouble(), p.memory.deviceUsedBytes);
    }
    // A batch change gives new results; the tester checks the model stays consistent.
    QVERIFY(session.setBatch(32));
    QVERIFY(QTest::qWaitFor([&] { return !session.isPredicting() && session.results()->complete(); }, kWaitMs));
    model.setResults(session.results());
    knobs.batch = 32;
    const Prediction p32 = enginePrediction(QStringLiteral("zoo:resnet50"), knobs, gpus[0]);
    QCOMPARE(model.index(SummaryModel::Latency, 0).data(SummaryModel::ValueRole).toDouble(), p32.latencyMs);
    model.setResults(nullptr);
    QCOMPARE(model.columnCount(), 0);
}

void TestSummaryModel::unsupportedPrecisionSaysWhy() {
    // The T4 (Turing) has no bf16 tensor cores (NVIDIA T4 datasheet): its column says so.
    ExplorerSession session;
    Knobs knobs;
    knobs.batch = 4;
    knobs.precision = Precision::BF16;
    QVERIFY(openAndSettle(session, QStringLiteral("zoo:resnet50"), knobs,
                          {gpuTarget(QStringLiteral("a100-sxm4-80gb")), gpuTarget(QStringLiteral("t4"))}));
    SummaryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setResults(session.results());
    QVERIFY(model.index(SummaryModel::Latency, 0).data(SummaryModel::ValueRole).toDouble() > 0);
    QCOMPARE(model.index(SummaryModel::Latency, 1).data().toString(), SummaryModel::tr("cannot predict"));
    const QString why = model.index(SummaryModel::Latency, 1).data(Qt::ToolTipRole).toString();
    QVERIFY2(why.contains(QStringLiteral("bf16"), Qt::CaseInsensitive), qPrintable(why));
}

void TestSummaryModel::doesNotFitIsRed() {
    // Llama-2-7B has 6.74 B parameters (Meta's model card): 27 GB of fp32 weights cannot fit a
    // 16 GB T4 but fit an 80 GB A100.
    ExplorerSession session;
    Knobs knobs;
    knobs.batch = 1;
    knobs.sequence = 128;
    knobs.precision = Precision::FP32;
    QVERIFY(openAndSettle(session, QStringLiteral("zoo:llama-2-7b"), knobs,
                          {gpuTarget(QStringLiteral("a100-sxm4-80gb")), gpuTarget(QStringLiteral("t4"))}));
    SummaryModel model;
    model.setResults(session.results());
    // An LLM: the request rows come first (rowOf finds the memory row).
    QCOMPARE(model.rowAt(0), SummaryModel::TimeToFirstToken);
    const QModelIndex fits = model.index(model.rowOf(SummaryModel::Memory), 0);
    const QModelIndex tooBig = model.index(model.rowOf(SummaryModel::Memory), 1);
    QVERIFY(fits.data(SummaryModel::ValueRole).toDouble() > 26e9);
    QVERIFY(!fits.data().toString().contains(SummaryModel::tr("does not fit")));
    QVERIFY2(tooBig.data().toString().contains(QStringLiteral("does not fit")), qPrintable(tooBig.data().toString()));
    QCOMPARE(tooBig.data(SummaryModel::BarRole).toDouble(), 1.0);
    QVERIFY(tooBig.data(SummaryModel::BarColourRole).value<QColor>() != fits.data(SummaryModel::BarColourRole).value<QColor>());
}

void TestSummaryModel::uncostedNodesAreNamedInTheNotes() {
    // A 4096^3 MatMul inside an If (tests/fixtures/onnx/uncosted_if_matmul.onnx): the If cannot be
    // costed, so the notes name it, as `predict` does (issue 15, item 6).
    ExplorerSession session;
    QVERIFY(openAndSettle(session, QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx/uncosted_if_matmul.onnx"), Knobs{},
                          {gpuTarget(QStringLiteral("a100-sxm4-40gb"))}));
    SummaryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setResults(session.results());
    const QString notes = model.index(SummaryModel::Notes, 0).data(Qt::ToolTipRole).toString();
    QVERIFY2(notes.contains(QLatin1String("'choose' (If:")), qPrintable(notes));
    QVERIFY2(notes.contains(QLatin1String("not costed")), qPrintable(notes));
    QVERIFY(!model.index(SummaryModel::Notes, 0).data().toString().isEmpty());
}

QTEST_MAIN(TestSummaryModel)
#include "test_summary_model.moc"
