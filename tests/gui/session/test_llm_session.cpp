// SPDX-License-Identifier: MIT
// The explorer with a decoder LLM (issue 18) and a chosen host (issue 17): the session computes
// each target's request (TTFT, TPOT, request latency), KV capacity and token-time curves with the
// sweeps, equal to the core's own llm_serving functions; weight format, output length and serving
// runtime are undoable knobs; the summary shows the request rows first; the token-time chart tabs
// appear only for LLMs; the MIG planner lists KV capacity per profile; a target's host reaches the
// prediction. Physics bound from outside the code: a decode step cannot be faster than streaming
// the weights at the datasheet bandwidth (A100 SXM4 80GB: 2,039 GB/s, NVIDIA A100 datasheet).
#include "charts/chart_tabs.h"
#include "charts/memory_chart.h"
#include "hardware/gpu_catalogue.h"
#include "mig/mig_plan_model.h"
#include "mig/mig_planner_panel.h"
#include "models/summary_model.h"
#include "session/explorer_session.h"
#include "../session_test_support.h"

#include <QScatterSeries>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace infersight;
using namespace infersight::test_support;

namespace {

constexpr int kWaitMs = 120000;

ProjectTarget gpu(const QString &id, const QString &host = {}) {
    ProjectTarget t;
    t.gpu = id;
    t.host = host;
    return t;
}

const LlmTargetResult *llmOf(const ExplorerSession &session, int target) {
    const auto results = session.results();
    if (!results || target >= static_cast<int>(results->targets.size())) {
        return nullptr;
    }
    return results->targets[static_cast<std::size_t>(target)].llm.get();
}

}  // namespace

class TestLlmSession : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void requestEqualsTheCore();
    void knobsAreUndoable();
    void summaryAndChartsShowTheRequest();
    void cnnHasNoLlmRows();
    void migPlannerListsKvCapacity();
    void hostReachesThePrediction();

private:
    QTemporaryDir m_config;
};

void TestLlmSession::initTestCase() {
    QVERIFY(m_config.isValid());
    qputenv(GpuCatalogue::kConfigDirEnv, m_config.path().toLocal8Bit());
}

void TestLlmSession::requestEqualsTheCore() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb")), gpu(QStringLiteral("l4"))}));
    QVERIFY(openAndWait(session, QStringLiteral("zoo:opt-1.3b")));
    QVERIFY(session.modelInfo().hasDecode);
    QVERIFY(session.setPrecision(Precision::FP16));
    QVERIFY(session.setSequence(512));
    QVERIFY(settle(session));
    const auto results = session.results();
    QVERIFY(results && results->complete());
    for (int t = 0; t < 2; ++t) {
        const LlmTargetResult *llm = llmOf(session, t);
        QVERIFY2(llm != nullptr && llm->request, llm ? qPrintable(llm->error) : "no LLM result");
        const Target &target = *results->targets[static_cast<std::size_t>(t)].target;
        LlmRequest request;
        request.prompt = 512;
        request.output = 128;  // LlmSettings' default
        request.batch = results->knobs.batch;
        const auto core = predictLlmRequest(*results->design, target, request);
        QVERIFY(core);
        QCOMPARE(llm->request->ttftMs, core->ttftMs);
        QCOMPARE(llm->request->tpotMs, core->tpotMs);
        QCOMPARE(llm->request->e2eMs, core->ttftMs + 127 * core->tpotMs);
        // Physics: one decode step streams every weight at least once.
        QVERIFY(llm->capacity);
        const double floorMs = llm->capacity->weightsBytes / (target.bandwidthGBps() * 1e9) * 1e3;
        QVERIFY2(llm->request->tpotMs >= floorMs, qPrintable(QStringLiteral("%1 < %2").arg(llm->request->tpotMs).arg(floorMs)));
        // Token time never falls as the KV cache grows. In eager PyTorch (HF generate) OPT-1.3B's step
        // is host-bound on both GPUs (some 1,000 ops at the host's eager cost per op, 20-30 ms, against
        // 2.6 GB of weights at 300 GB/s on the L4: 8.7 ms), so the longer KV reads may hide under it.
        QVERIFY(llm->tpotVsContext.size() >= 4);  // 128 .. 2,048: OPT's context window
        QVERIFY(llm->tpotVsContext.back().stepMs >= llm->tpotVsContext.front().stepMs);
        QVERIFY(llm->tpotVsBatch.size() >= 6);
        QVERIFY(llm->tpotVsBatch.back().stepMs > llm->tpotVsBatch.front().stepMs);
    }
    // On the fused runtime (vLLM: CUDA graphs, no per-op host cost) the step is bound by memory and
    // grows strictly with the KV cache on both GPUs.
    QVERIFY(session.setRuntime(Runtime::Fused));
    QVERIFY(settle(session));
    for (int t = 0; t < 2; ++t) {
        const LlmTargetResult *llm = llmOf(session, t);
        QVERIFY2(llm != nullptr && llm->request, llm ? qPrintable(llm->error) : "no LLM result");
        QVERIFY2(llm->tpotVsContext.back().stepMs > llm->tpotVsContext.front().stepMs,
                 qPrintable(QStringLiteral("%1 -> %2 ms").arg(llm->tpotVsContext.front().stepMs).arg(llm->tpotVsContext.back().stepMs)));
    }
    // 1.3 B fp16 weights (2 bytes each, OPT-1.3B: 1,315,758,080 parameters, Zhang et al. 2022).
    const double weights = llmOf(session, 0)->capacity->weightsBytes;
    QVERIFY2(weights > 2.0 * 1.2e9 && weights < 2.0 * 1.4e9, qPrintable(QString::number(weights)));
}

void TestLlmSession::knobsAreUndoable() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
    QVERIFY(openAndWait(session, QStringLiteral("zoo:opt-1.3b")));
    QVERIFY(session.setPrecision(Precision::FP16));
    QVERIFY(settle(session));
    const double fp16Weights = llmOf(session, 0)->capacity->weightsBytes;
    const double fp16Tpot = llmOf(session, 0)->request->tpotMs;

    QVERIFY(session.setWeightFormat(WeightFormat::W4A16));
    QCOMPARE(session.undoStack()->undoText(), QStringLiteral("Weights native → w4a16"));
    QVERIFY(settle(session));
    // 4-bit weights: 0.5 byte + a group-128 scale/zero vs 2 bytes for the GEMM weights; the
    // embeddings stay 16-bit, so between a quarter and a half of the fp16 bytes.
    const double w4 = llmOf(session, 0)->capacity->weightsBytes;
    QVERIFY2(w4 < 0.5 * fp16Weights && w4 > 0.25 * fp16Weights, qPrintable(QStringLiteral("%1 vs %2").arg(w4).arg(fp16Weights)));
    QVERIFY(llmOf(session, 0)->request->tpotMs < fp16Tpot);

    QVERIFY(session.setLlmOutputTokens(256));
    QVERIFY(settle(session));
    const LlmRequestPrediction &r = *llmOf(session, 0)->request;
    QCOMPARE(r.request.output, std::int64_t(256));
    QCOMPARE(r.e2eMs, r.ttftMs + 255 * r.tpotMs);
    QVERIFY(!session.setLlmOutputTokens(0));

    QVERIFY(session.setLlmRuntime(QStringLiteral("hf-eager")));
    QCOMPARE(session.knobs().runtime, Runtime::Eager);
    QVERIFY(settle(session));
    QCOMPARE(llmOf(session, 0)->request->runtimeId, QStringLiteral("hf-eager"));
    QVERIFY(!session.setLlmRuntime(QStringLiteral("no-such-runtime")));

    session.undoStack()->undo();  // runtime
    session.undoStack()->undo();  // output
    session.undoStack()->undo();  // weights
    QVERIFY(settle(session));
    QCOMPARE(session.spec().llm, LlmSettings{});
    QCOMPARE(llmOf(session, 0)->capacity->weightsBytes, fp16Weights);
}

void TestLlmSession::summaryAndChartsShowTheRequest() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("h100-sxm5-80gb"))}));
    QVERIFY(openAndWait(session, QStringLiteral("zoo:gpt2")));
    SummaryModel summary;
    summary.setResults(session.results());
    QCOMPARE(summary.rowCount(), SummaryModel::RowCount + 5);
    QCOMPARE(summary.rowAt(0), SummaryModel::TimeToFirstToken);
    const LlmTargetResult *llm = llmOf(session, 0);
    QVERIFY(llm && llm->request);
    QCOMPARE(summary.index(summary.rowOf(SummaryModel::TimeToFirstToken), 0).data(SummaryModel::ValueRole).toDouble(),
             llm->request->ttftMs);
    QCOMPARE(summary.index(summary.rowOf(SummaryModel::TimePerOutputToken), 0).data(SummaryModel::ValueRole).toDouble(),
             llm->request->tpotMs);
    QCOMPARE(summary.index(summary.rowOf(SummaryModel::Latency), 0).data(SummaryModel::ValueRole).toDouble(),
             session.results()->targets[0].current->latencyMs);

    ChartTabs tabs;
    tabs.setResults(session.results());
    QVERIFY(tabs.isTabVisible(static_cast<int>(ChartKind::TokenTimeContext)));
    QVERIFY(tabs.isTabVisible(static_cast<int>(ChartKind::TokenTimeBatch)));
    const QString csv = tabs.chart(ChartKind::TokenTimeContext)->csv();
    QCOMPARE(csv.count(QLatin1Char('\n')), static_cast<qsizetype>(1 + llm->tpotVsContext.size()));
    // The memory chart marks the KV capacity on the target's limit line.
    auto *memory = qobject_cast<MemoryChart *>(tabs.chart(ChartKind::Memory));
    QVERIFY(memory && memory->kvCapacityMarker(0));
    QCOMPARE(memory->kvCapacityMarker(0)->count(), 1);
    QCOMPARE(memory->kvCapacityMarker(0)->at(0).x(), std::min(1024.0, static_cast<double>(llm->capacity->maxSequences)));

    // INFERSIGHT_SCREENSHOT_DIR: the two token-time charts as a user sees them.
    if (const QByteArray dir = qgetenv("INFERSIGHT_SCREENSHOT_DIR"); !dir.isEmpty()) {
        tabs.resize(900, 520);
        tabs.show();
        for (ChartKind kind : {ChartKind::TokenTimeContext, ChartKind::TokenTimeBatch}) {
            tabs.setCurrentKind(kind);
            QTest::qWait(50);
            QVERIFY(tabs.grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(chartKindFileStem(kind) + QStringLiteral(".png"))));
        }
    }
}

void TestLlmSession::cnnHasNoLlmRows() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet50")));
    QVERIFY(!session.modelInfo().hasDecode);
    QVERIFY(llmOf(session, 0) == nullptr);
    SummaryModel summary;
    summary.setResults(session.results());
    QCOMPARE(summary.rowCount(), int(SummaryModel::RowCount));
    ChartTabs tabs;
    tabs.setResults(session.results());
    QVERIFY(!tabs.isTabVisible(static_cast<int>(ChartKind::TokenTimeContext)));
    QVERIFY(!tabs.isTabVisible(static_cast<int>(ChartKind::TokenTimeBatch)));
}

void TestLlmSession::migPlannerListsKvCapacity() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
    MigPlannerPanel panel(&session);
    QVERIFY(openAndWait(session, QStringLiteral("zoo:opt-1.3b")));
    QVERIFY(session.setPrecision(Precision::FP16));
    QVERIFY(settle(session));
    auto *model = panel.findChild<MigPlanModel *>();
    auto *view = panel.findChild<QTableView *>(QStringLiteral("migTable"));
    QVERIFY(model && view);
    QVERIFY(QTest::qWaitFor([&] { return !model->kvCapacity().empty() && !panel.isPlanning(); }, kWaitMs));
    QVERIFY(!view->isColumnHidden(MigPlanModel::KvSequences));
    const auto results = session.results();
    const LlmRequest &asked = results->targets[0].llm->request->request;
    const std::int64_t context = asked.prompt + asked.output - 1;  // the KV cache at the last step
    const GpuSpec &a100 = *GpuCatalogue::builtIn().find(QStringLiteral("a100-sxm4-80gb"));
    for (int row = 0; row < model->rowCount(); ++row) {
        const MigOption *o = model->option(row);
        if (o->kind != MigOption::Kind::Mig) {
            continue;
        }
        auto slice = Target::make(a100, o->profile);
        QVERIFY(slice);
        const auto core = llmKvCapacity(*results->design, *slice, context);
        QVERIFY(core);
        QCOMPARE(model->index(row, MigPlanModel::KvSequences).data(MigPlanModel::ValueRole).toLongLong(),
                 core->weightsFit ? static_cast<qlonglong>(core->maxSequences) : 0LL);
    }
    // A larger slice holds at least as many sequences as a smaller one (1g.10gb vs 7g.80gb).
    const auto &kv = model->kvCapacity();
    QVERIFY(kv.count(QStringLiteral("1g.10gb")) && kv.count(QStringLiteral("7g.80gb")));
    QVERIFY(kv.at(QStringLiteral("7g.80gb")).maxSequences > kv.at(QStringLiteral("1g.10gb")).maxSequences);
    if (const QByteArray dir = qgetenv("INFERSIGHT_SCREENSHOT_DIR"); !dir.isEmpty()) {
        panel.resize(1300, 520);
        QVERIFY(panel.grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("mig-planner-llm.png"))));
    }

    // A CNN: the column is hidden.
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet50")));
    QVERIFY(QTest::qWaitFor([&] { return model->kvCapacity().empty() && model->rowCount() > 0; }, kWaitMs));
    QVERIFY(view->isColumnHidden(MigPlanModel::KvSequences));
}

void TestLlmSession::hostReachesThePrediction() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb")), gpu(QStringLiteral("a100-sxm4-80gb"), QStringLiteral("aws-p4d"))}));
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet50")));
    const auto results = session.results();
    QCOMPARE(results->targets.size(), std::size_t(2));
    const Target &usual = *results->targets[0].target;
    const Target &p4d = *results->targets[1].target;
    QVERIFY(usual.hostIsDefault());
    QCOMPARE(p4d.host().id, QStringLiteral("aws-p4d"));
    QVERIFY(results->targets[0].key != results->targets[1].key);
    QVERIFY(results->targets[1].label.contains(p4d.host().name));
    QCOMPARE(results->targets[1].current->hostId, QStringLiteral("aws-p4d"));
    QCOMPARE(results->targets[0].current->hostId, usual.host().id);
    // The project keeps the host.
    QCOMPARE(session.project().targets[1].host, QStringLiteral("aws-p4d"));
}

QTEST_MAIN(TestLlmSession)
#include "test_llm_session.moc"
