// SPDX-License-Identifier: MIT
// ExplorerSession without widgets: opening (model, project, broken file), knob changes re-predict
// to the engine's own numbers, requests coalesce and results never go backwards, undo/redo with
// readable texts and merged drags, the target list (add, remove, move, limits, MIG), structural
// refusals, and project save/reopen (with the LLM settings; a project's warnings reach the Notes
// row).
#include "session/explorer_session.h"

#include "hardware/gpu_catalogue.h"
#include "models/summary_model.h"
#include "../session_test_support.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace infersight;
using namespace infersight::test_support;

namespace {

constexpr int kWaitMs = 60000;

ProjectTarget gpu(const QString &id, const QString &mig = {}) {
    ProjectTarget t;
    t.gpu = id;
    t.mig = mig;
    return t;
}

// Opens `source` and waits until its first complete results are in.

Prediction engine(const QString &source, const Knobs &knobs, const QString &gpuId, const QString &mig = {}) {
    auto design = Design::open(source, knobs);
    auto target = resolveTarget(GpuCatalogue::builtIn(), gpuId, mig);
    PredictOptions options;
    options.batch = knobs.batch;
    return predict(design->graph(), *target, design->knobs(), options).value();
}

}  // namespace

class TestExplorerSession : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void opensWithDefaultsAndPredicts();
    void batchStepGivesEngineNumbers_data();
    void batchStepGivesEngineNumbers();
    void dragCoalescesAndNeverGoesBack();
    void undoRedoTexts();
    void targetList();
    void migTargetFollows();
    void structuralRefusalChangesNothing();
    void projectRoundTrip();
    void brokenFileKeepsModel_data();
    void brokenFileKeepsModel();
    void newerProjectRefused();
    void cancelledLoadKeepsModel();
    void projectWarningsReachTheNotes();
    void llmSettingsRoundTrip();
    void llmSettingsRefused_data();
    void llmSettingsRefused();

private:
    QTemporaryDir m_config;
};

void TestExplorerSession::initTestCase() {
    QVERIFY(m_config.isValid());
    qputenv(GpuCatalogue::kConfigDirEnv, m_config.path().toLocal8Bit());  // no user GPUs of this machine
}

void TestExplorerSession::opensWithDefaultsAndPredicts() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb")), gpu(QStringLiteral("h100-sxm5-80gb"))}));
    Knobs knobs;
    knobs.batch = 8;
    knobs.precision = Precision::FP16;
    QSignalSpy results(&session, &ExplorerSession::resultsChanged);
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet50"), knobs));
    QVERIFY(session.hasModel());
    // torchvision resnet50: 25,557,032 parameters, 4.09 GMACs at 224x224 (torchvision model docs).
    QCOMPARE(session.modelInfo().parameters, std::int64_t{25557032});
    QCOMPARE(qRound(session.modelInfo().macsPerSample / 1e7), 409);
    QVERIFY(session.modelInfo().hasImage);
    QVERIFY(!session.modelInfo().hasSequence);
    QVERIFY(!session.modelInfo().hasDecode);
    QVERIFY(session.modelInfo().hasDepth);
    QVERIFY(!results.isEmpty());
    auto r = session.results();
    QVERIFY(r->complete());
    QCOMPARE(r->targets.size(), std::size_t{2});
    QCOMPARE(r->knobs.batch, std::int64_t{8});
    QCOMPARE(r->knobs.precision, Precision::FP16);
    QCOMPARE(r->targets[0].label, QStringLiteral("A100-SXM4-80GB"));
    QVERIFY(r->targets[0].colour != r->targets[1].colour);
    const Prediction a100 = engine(QStringLiteral("zoo:resnet50"), knobs, QStringLiteral("a100-sxm4-80gb"));
    QCOMPARE(r->targets[0].current->latencyMs, a100.latencyMs);
    QVERIFY(!session.isModified());
    QCOMPARE(session.undoStack()->count(), 0);
}

void TestExplorerSession::batchStepGivesEngineNumbers_data() {
    QTest::addColumn<qint64>("batch");
    QTest::newRow("1") << qint64(1);
    QTest::newRow("24") << qint64(24);
    QTest::newRow("100 (between sweep batches)") << qint64(100);
    QTest::newRow("1024") << qint64(1024);
}

void TestExplorerSession::batchStepGivesEngineNumbers() {
    QFETCH(qint64, batch);
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("h100-sxm5-80gb"))}));
    const QString source = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx/resnet18.onnx");
    QVERIFY(openAndWait(session, source));
    QVERIFY(session.setBatch(batch));
    QVERIFY(settle(session));
    auto r = session.results();
    QCOMPARE(r->knobs.batch, batch);
    Knobs knobs = session.knobs();
    const Prediction expected = engine(source, knobs, QStringLiteral("h100-sxm5-80gb"));
    QCOMPARE(r->targets[0].current->latencyMs, expected.latencyMs);
    QCOMPARE(r->targets[0].current->throughputPerS, expected.throughputPerS);
    QCOMPARE(r->targets[0].current->memory.deviceUsedBytes, expected.memory.deviceUsedBytes);
    QCOMPARE(r->design->knobs().batch, batch);
}

void TestExplorerSession::dragCoalescesAndNeverGoesBack() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb")), gpu(QStringLiteral("h100-sxm5-80gb"))}));
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet50")));
    std::vector<quint64> generations;
    std::vector<std::int64_t> batches;
    connect(&session, &ExplorerSession::resultsChanged, this, [&](std::shared_ptr<const SessionResults> r) {
        generations.push_back(r->generation);
        batches.push_back(r->knobs.batch);
    });
    // A drag: 40 steps without returning to the event loop, then the release.
    QVERIFY(session.setBatch(2, false));
    for (int i = 0; i < 40; ++i) {
        QVERIFY(session.setBatch(3 + 20 * i, true));
    }
    QVERIFY(settle(session));
    QVERIFY(!generations.empty());
    QVERIFY(std::is_sorted(generations.begin(), generations.end()));
    QCOMPARE(batches.back(), std::int64_t{3 + 20 * 39});
    QVERIFY(generations.size() < 20);  // coalesced: far fewer results than requests
    QCOMPARE(session.undoStack()->count(), 1);  // one merged drag
    QCOMPARE(session.undoStack()->undoText(), QStringLiteral("Batch 1 → 783"));
}

void TestExplorerSession::undoRedoTexts() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
    Knobs knobs;
    knobs.batch = 8;
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet18"), knobs));
    QVERIFY(session.setBatch(32));
    QCOMPARE(session.undoStack()->undoText(), QStringLiteral("Batch 8 → 32"));
    QVERIFY(session.isModified());
    QVERIFY(session.setPrecision(Precision::BF16));
    QCOMPARE(session.undoStack()->undoText(), QStringLiteral("Precision fp32 → bf16"));
    QVERIFY(session.setRuntime(Runtime::Fused));
    QVERIFY(session.setWidthMultiplier(0.5));
    QCOMPARE(session.undoStack()->undoText(), QStringLiteral("Width multiplier 1.00 → 0.50"));
    QVERIFY(session.addTarget(gpu(QStringLiteral("h100-sxm5-80gb"))));
    QCOMPARE(session.undoStack()->undoText(), QStringLiteral("Add target H100 SXM"));
    QVERIFY(settle(session));
    // resnet18 at width 0.5: torchvision's rule make_divisible(c * 0.5, 8) halves every stage; fewer
    // parameters than the 11,689,512 of the full model.
    QVERIFY(session.results()->design->graph().parameterCount() < 11689512 / 2);
    QCOMPARE(session.results()->targets.size(), std::size_t{2});

    for (int i = 0; i < 5; ++i) {
        session.undoStack()->undo();
    }
    QVERIFY(settle(session));
    QCOMPARE(session.knobs().batch, std::int64_t{8});
    QCOMPARE(session.knobs().precision, Precision::FP32);
    QCOMPARE(session.knobs().runtime, Runtime::Eager);
    QCOMPARE(session.spec().widthMultiplier, 1.0);
    QCOMPARE(session.targetCount(), 1);
    QCOMPARE(session.results()->design->graph().parameterCount(), std::int64_t{11689512});
    QVERIFY(!session.isModified());
    session.undoStack()->redo();
    session.undoStack()->redo();
    QVERIFY(settle(session));
    QCOMPARE(session.results()->knobs.batch, std::int64_t{32});
    QCOMPARE(session.results()->knobs.precision, Precision::BF16);
}

void TestExplorerSession::targetList() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb")), gpu(QStringLiteral("h100-sxm5-80gb"))}));
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet18")));
    const QColor a100 = session.resolvedTargets()[0].colour;
    const QColor h100 = session.resolvedTargets()[1].colour;
    QVERIFY(session.addTarget(gpu(QStringLiteral("l4"))));
    QCOMPARE(session.currentTarget(), 2);
    QVERIFY(!session.addTarget(gpu(QStringLiteral("l4"))));  // already there
    QVERIFY(session.addTarget(gpu(QStringLiteral("t4"))));
    const Status fifth = session.addTarget(gpu(QStringLiteral("a10")));
    QVERIFY(!fifth);
    QVERIFY(fifth.errorMessage().contains(QStringLiteral("at most 4")));
    QVERIFY(!session.addTarget(gpu(QStringLiteral("no-such-gpu"))));
    QVERIFY(settle(session));
    QCOMPARE(session.results()->targets.size(), std::size_t{4});
    // Moving keeps each target's colour and keeps the current target the same target.
    session.setCurrentTarget(0);
    QVERIFY(session.moveTarget(0, 3));
    QCOMPARE(session.currentTarget(), 3);
    QCOMPARE(session.resolvedTargets()[3].colour, a100);
    QCOMPARE(session.resolvedTargets()[0].colour, h100);
    QVERIFY(session.removeTarget(3));
    QVERIFY(settle(session));
    QCOMPARE(session.results()->targets.size(), std::size_t{3});
    QCOMPARE(session.results()->targets[0].key, QStringLiteral("h100-sxm5-80gb"));
    // A new target takes the freed colour.
    QVERIFY(session.addTarget(gpu(QStringLiteral("a30"))));
    QCOMPARE(session.resolvedTargets()[3].colour, a100);
    while (session.targetCount() > 1) {
        QVERIFY(session.removeTarget(0));
    }
    QVERIFY(!session.removeTarget(0));  // the last one stays
}

void TestExplorerSession::migTargetFollows() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb")), gpu(QStringLiteral("h100-sxm5-80gb"))}));
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet18")));
    QCOMPARE(session.results()->targets[0].usableMemoryBytes, 81920.0 * 1024 * 1024);  // nvidia-smi: 81,920 MiB
    QVERIFY(session.setTarget(0, gpu(QStringLiteral("a100-sxm4-80gb"), QStringLiteral("1g.10gb"))));
    QCOMPARE(session.undoStack()->undoText(), QStringLiteral("Target 1: A100-SXM4-80GB → A100-SXM4-80GB MIG 1g.10gb"));
    QVERIFY(settle(session));
    // 1g.10gb: 9,728 MiB usable (nvidia-smi mig -lgip on an A100-SXM4-80GB).
    QCOMPARE(session.results()->targets[0].usableMemoryBytes, 9728.0 * 1024 * 1024);
    QCOMPARE(session.results()->targets[0].label, QStringLiteral("A100-SXM4-80GB MIG 1g.10gb"));
    // A profile the GPU does not have is refused with the valid ones listed.
    const Status bad = session.setTarget(0, gpu(QStringLiteral("a100-sxm4-80gb"), QStringLiteral("1g.5gb")));
    QVERIFY(!bad);
    QVERIFY(bad.errorMessage().contains(QStringLiteral("1g.10gb")));
    // FP8 on the A100 slice is a per-target error; the H100 still predicts.
    QVERIFY(session.setPrecision(Precision::FP8));
    QVERIFY(settle(session));
    QVERIFY(!session.results()->targets[0].ok());
    QVERIFY(session.results()->targets[1].ok());
}

void TestExplorerSession::structuralRefusalChangesNothing() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
    QVERIFY(openAndWait(session, QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx/resnet18.onnx")));
    QVERIFY(!session.modelInfo().hasDepth);
    const Status depth = session.setDepth(8);
    QVERIFY(!depth);
    QVERIFY(depth.errorMessage().contains(QStringLiteral("depth")));
    const Status edit = session.addEdit(DesignEdit::width(QStringLiteral("no/such/node"), 32));
    QVERIFY(!edit);
    QCOMPARE(session.undoStack()->count(), 0);
    QCOMPARE(session.spec().depth, -1);
    QVERIFY(session.spec().edits.empty());
}

void TestExplorerSession::projectRoundTrip() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("explore.infersight"));
    DesignSpec saved;
    std::vector<SessionTarget> savedTargets;
    {
        ExplorerSession session;
        QVERIFY(session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb")), gpu(QStringLiteral("h100-sxm5-80gb"))}));
        QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet18")));
        QVERIFY(session.setBatch(48));
        QVERIFY(session.setPrecision(Precision::FP16));
        QVERIFY(session.setImageSize(256));
        QVERIFY(session.addEdit(DesignEdit::width(QStringLiteral("layer1.0/conv1"), 32)));
        QVERIFY(session.setTarget(0, gpu(QStringLiteral("a100-sxm4-80gb"), QStringLiteral("3g.40gb"))));
        session.setCurrentTarget(1);
        session.setSelectedNode(QStringLiteral("layer1.0/conv1"));
        QVERIFY(session.isModified());
        QVERIFY(session.saveProject(path));
        QVERIFY(!session.isModified());
        QCOMPARE(session.projectPath(), QFileInfo(path).absoluteFilePath());
        saved = session.spec();
        savedTargets = session.targets();
    }
    ExplorerSession reopened;
    QVERIFY(reopened.resetTargets({gpu(QStringLiteral("t4"))}));
    QVERIFY(openAndWait(reopened, path));
    QCOMPARE(reopened.spec(), saved);
    QCOMPARE(reopened.targets(), savedTargets);
    QCOMPARE(reopened.currentTarget(), 1);
    QCOMPARE(reopened.selectedNode(), QStringLiteral("layer1.0/conv1"));
    QCOMPARE(reopened.projectPath(), QFileInfo(path).absoluteFilePath());
    QVERIFY(!reopened.isModified());
    QCOMPARE(reopened.results()->knobs.batch, std::int64_t{48});
    QCOMPARE(reopened.results()->targets[0].label, QStringLiteral("A100-SXM4-80GB MIG 3g.40gb"));
}

void TestExplorerSession::brokenFileKeepsModel_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("reason");
    QTest::newRow("not onnx") << "not_onnx.onnx" << "";
    QTest::newRow("truncated") << "truncated.onnx" << "";
    QTest::newRow("missing") << "does_not_exist.onnx" << "";
}

void TestExplorerSession::brokenFileKeepsModel() {
    QFETCH(QString, file);
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet18")));
    const auto before = session.results();
    QSignalSpy failed(&session, &ExplorerSession::loadFailed);
    const QString path = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx/") + file;
    session.open(path);
    QVERIFY(failed.wait(kWaitMs));
    QCOMPARE(failed.front().at(0).toString(), path);
    QVERIFY2(failed.front().at(1).toString().contains(file), qPrintable(failed.front().at(1).toString()));
    QCOMPARE(session.modelInfo().name, QStringLiteral("resnet18"));
    QCOMPARE(session.results(), before);
    QVERIFY(!session.isLoading());
}

void TestExplorerSession::newerProjectRefused() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("future.infersight"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "infersight-project", "version": 99, "model": {"source": "zoo:resnet18"}})");
    f.close();
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
    QSignalSpy failed(&session, &ExplorerSession::loadFailed);
    session.open(path);
    QVERIFY(failed.wait(kWaitMs));
    QVERIFY(failed.front().at(1).toString().contains(QStringLiteral("newer")));
    QVERIFY(failed.front().at(1).toString().contains(QStringLiteral("future.infersight")));
}

void TestExplorerSession::cancelledLoadKeepsModel() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet18")));
    QSignalSpy loaded(&session, &ExplorerSession::loaded);
    QSignalSpy failed(&session, &ExplorerSession::loadFailed);
    session.open(QStringLiteral("zoo:llama-2-7b"));
    QVERIFY(session.isLoading());
    session.cancelLoad();
    QVERIFY(!session.isLoading());
    QTest::qWait(500);
    QVERIFY(loaded.isEmpty());
    QVERIFY(failed.isEmpty());
    QCOMPARE(session.modelInfo().name, QStringLiteral("resnet18"));
}

namespace {

// A decoder LLM small enough to predict at once; its 256 positions leave room for the session's
// decode trial (context 128).
const QString kTinyDecoder = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/hfconfig/tiny_mistral.json");

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size()) {
        return {};
    }
    return path;
}

}  // namespace

// Issue 15, item 11: a project's unknown fields and a knob that binds nothing (a sequence length
// on a CNN) were printed by the CLI only. The explorer shows them with the model's warnings: the
// load's status messages (ModelInfo::warnings) and each target's Notes row (its tooltip lists them).
void TestExplorerSession::projectWarningsReachTheNotes() {
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("typo.infersight"), R"({"format": "infersight-project", "version": 1,
        "model": {"source": "zoo:resnet18"}, "knobs": {"batch": 2, "sequence": 128, "precision": "fp32", "runtime": "eager"},
        "knbos": {"batch": 8}, "edits": [], "targets": [{"gpu": "a100-sxm4-80gb"}]})");
    QVERIFY(!path.isEmpty());
    ExplorerSession session;
    QVERIFY(openAndWait(session, path));
    const QString unknown = path + QStringLiteral(": unknown field 'knbos' is ignored");
    const QString sequence = QStringLiteral("sequence length 128 does not apply to zoo:resnet18");
    const QStringList warnings = session.modelInfo().warnings;
    QVERIFY2(warnings.contains(unknown), qPrintable(warnings.join(QLatin1Char('\n'))));
    QVERIFY2(!warnings.filter(sequence).isEmpty(), qPrintable(warnings.join(QLatin1Char('\n'))));
    SummaryModel summary;
    summary.setResults(session.results());
    int notesRow = -1;
    for (int r = 0; r < summary.rowCount(); ++r) {
        if (summary.data(summary.index(r, 0), Qt::ToolTipRole).toString().contains(unknown)) {
            notesRow = r;
        }
    }
    QVERIFY2(notesRow >= 0, "no row of the summary lists the project's unknown field");
    const QString tooltip = summary.data(summary.index(notesRow, 0), Qt::ToolTipRole).toString();
    QVERIFY2(tooltip.contains(sequence), qPrintable(tooltip));
    QVERIFY(!summary.data(summary.index(notesRow, 0), Qt::DisplayRole).toString().isEmpty());  // "2 notes"
    // Still there after a change (the warnings are the design's, not the load's).
    QVERIFY(session.setBatch(4));
    QVERIFY(settle(session));
    summary.setResults(session.results());
    QVERIFY(summary.data(summary.index(notesRow, 0), Qt::ToolTipRole).toString().contains(unknown));
}

// The LLM settings (output tokens, weight format, serving runtime; the prompt is the sequence
// knob) are saved in the project's versioned "llm" section and come back on open.
void TestExplorerSession::llmSettingsRoundTrip() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("llm.infersight"));
    DesignSpec saved;
    {
        ExplorerSession session;
        QVERIFY(session.resetTargets({gpu(QStringLiteral("a100-sxm4-80gb"))}));
        QVERIFY(openAndWait(session, kTinyDecoder));
        QVERIFY(session.modelInfo().hasDecode);
        QVERIFY(session.setSequence(96));
        QVERIFY(session.setLlmOutputTokens(300));
        QVERIFY(session.setWeightFormat(WeightFormat::W4A16));
        QVERIFY(session.setLlmRuntime(QStringLiteral("trt-llm")));
        QVERIFY(settle(session));
        QVERIFY(session.saveProject(path));
        saved = session.spec();
    }
    QCOMPARE(saved.llm.outputTokens, std::int64_t{300});
    QCOMPARE(saved.llm.weights, WeightFormat::W4A16);
    QCOMPARE(saved.llm.runtime, QStringLiteral("trt-llm"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject llm = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("llm")).toObject();
    QCOMPARE(llm.value(QStringLiteral("version")).toInt(), kLlmSettingsVersion);
    QCOMPARE(llm.value(QStringLiteral("output_tokens")).toInt(), 300);
    QCOMPARE(llm.value(QStringLiteral("weights")).toString(), QStringLiteral("w4a16"));
    QCOMPARE(llm.value(QStringLiteral("runtime")).toString(), QStringLiteral("trt-llm"));
    // Known to the core's reader: no "unknown field" warning.
    auto project = readProjectFile(path);
    QVERIFY2(project.ok(), project.ok() ? "" : qPrintable(project.errorMessage()));
    QVERIFY2(project->warnings.isEmpty(), qPrintable(project->warnings.join(QLatin1Char('\n'))));

    ExplorerSession reopened;
    QVERIFY(openAndWait(reopened, path));
    QCOMPARE(reopened.spec(), saved);
    QCOMPARE(reopened.knobs().sequence, std::int64_t{96});
    QVERIFY(!reopened.isModified());
}

void TestExplorerSession::llmSettingsRefused_data() {
    QTest::addColumn<QByteArray>("llm");
    QTest::addColumn<QStringList>("fragments");
    QTest::newRow("unknown weights") << QByteArray(R"({"version": 1, "weights": "q9"})")
                                     << QStringList{"field 'llm.weights'", "'q9' is not a weight format", "w4a16"};
    QTest::newRow("unknown runtime") << QByteArray(R"({"version": 1, "runtime": "tgi"})")
                                     << QStringList{"field 'llm.runtime'", "'tgi' is not an LLM runtime", "vllm"};
    QTest::newRow("newer version") << QByteArray(R"({"version": 2, "output_tokens": 10})") << QStringList{"field 'llm.version'", "newer"};
    QTest::newRow("no version") << QByteArray(R"({"output_tokens": 10})") << QStringList{"field 'llm.version'"};
    QTest::newRow("unknown field") << QByteArray(R"({"version": 1, "prompt_tokens": 10})") << QStringList{"field 'llm.prompt_tokens'", "unknown"};
    QTest::newRow("zero output") << QByteArray(R"({"version": 1, "output_tokens": 0})")
                                 << QStringList{"field 'llm.output_tokens'", "65536"};
    QTest::newRow("not an object") << QByteArray(R"("vllm")") << QStringList{"field 'llm'", "object"};
}

void TestExplorerSession::llmSettingsRefused() {
    QFETCH(QByteArray, llm);
    QFETCH(QStringList, fragments);
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("bad-llm.infersight"),
                                   R"({"format": "infersight-project", "version": 1, "model": {"source": ")" + kTinyDecoder.toUtf8() +
                                       R"("}, "knobs": {"batch": 1, "precision": "fp32", "runtime": "eager"}, "edits": [], "llm": )" + llm +
                                       "}");
    QVERIFY(!path.isEmpty());
    ExplorerSession session;
    QSignalSpy failed(&session, &ExplorerSession::loadFailed);
    session.open(path);
    QVERIFY(failed.wait(kWaitMs));
    const QString message = failed.front().at(1).toString();
    QVERIFY2(message.startsWith(path + QStringLiteral(": ")), qPrintable(message));
    for (const QString &f : fragments) {
        QVERIFY2(message.contains(f), qPrintable(message));
    }
    QVERIFY(!session.hasModel());
}

QTEST_GUILESS_MAIN(TestExplorerSession)
#include "test_explorer_session.moc"
