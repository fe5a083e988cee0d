// SPDX-License-Identifier: MIT
// MigPlannerPanel on a live ExplorerSession: its table equals `infersight-cli mig --json` (the built
// binary, run as a user would) and the core planner called the way the CLI calls it, for the same
// model, GPU, batch, precision, SLO and headroom; the recommendation, the MPS recommendation and
// DIPPM's pick match the CLI's; changing the SLO changes the recommendation as the CLI says;
// superseded plans are dropped; selecting a row (double-click, the button) sets the slice as a
// target (added, or replacing the current target when the list is full). The model passes
// QAbstractItemModelTester. A screenshot is written to <build>/test-output/mig_planner_panel.png.
//
// Expected values: the CLI's JSON output (an independent process, app/cli/command_mig.cpp) and
// planMig() on a Design opened by Design::open, as the CLI does; the panel plans on the session's
// results snapshot on a worker thread, so equality shows it plans the same design the same way.
#include "mig/mig_plan_model.h"
#include "mig/mig_planner_panel.h"
#include "session/explorer_session.h"

#include "design/design.h"
#include "explore/point_predictor.h"
#include "hardware/gpu_catalogue.h"
#include "predict/weight_format.h"
#include "../session_test_support.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace infersight;
using namespace infersight::test_support;

namespace {

constexpr int kWaitMs = 120000;

ProjectTarget gpuTarget(const QString &id, const QString &mig = {}) {
    ProjectTarget t;
    t.gpu = id;
    t.mig = mig;
    return t;
}

Knobs knobsOf(std::int64_t batch, Precision precision) {
    Knobs k;
    k.batch = batch;
    k.precision = precision;
    return k;
}

// Waits until the session is idle and the panel shows a plan for its newest inputs.
bool settle(ExplorerSession &session, MigPlannerPanel &panel) {
    return QTest::qWaitFor([&] { return !session.isPredicting() && !panel.isPlanning(); }, kWaitMs);
}

QString cliPath() { return QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli"); }

// `infersight-cli mig SOURCE --gpu GPU --batch B --precision P [--slo-ms S] --headroom H --json`.
QJsonObject runCli(const QString &source, const QString &gpu, const Knobs &knobs, std::optional<double> sloMs, double headroom) {
    QStringList args{QStringLiteral("mig"), source, QStringLiteral("--gpu"), gpu, QStringLiteral("--batch"),
                     QString::number(knobs.batch), QStringLiteral("--precision"), precisionName(knobs.precision),
                     QStringLiteral("--headroom"), QString::number(headroom, 'g', 17), QStringLiteral("--json")};
    if (sloMs) {
        args << QStringLiteral("--slo-ms") << QString::number(*sloMs, 'g', 17);
    }
    QProcess cli;
    cli.start(cliPath(), args);
    if (!cli.waitForFinished(kWaitMs) || cli.exitStatus() != QProcess::NormalExit || cli.exitCode() != 0) {
        qWarning() << "infersight-cli failed:" << args << cli.readAllStandardError();
        return {};
    }
    return QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
}

// The core planner called as app/cli/command_mig.cpp calls it.
MigPlan planLikeCli(const QString &source, const QString &gpu, const Knobs &knobs, std::optional<double> sloMs, double headroom) {
    auto design = Design::open(source, knobs);
    auto target = resolveTarget(GpuCatalogue::builtIn(), gpu);
    MigPlannerOptions options;
    options.sloMs = sloMs;
    options.headroom = headroom;
    return planMig(design->graph(), design->knobs(), design->nodePrecisions(), target->gpu(), enginePredictor(), options).value();
}

bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)}); }

QVariant cell(const MigPlanModel &model, int row, int column) {
    return model.data(model.index(row, column), MigPlanModel::ValueRole);
}

// Compares the panel's table with the CLI's JSON and with the core plan, row by row.
void compareTable(const MigPlanModel &model, const QJsonObject &json, const MigPlan &core) {
    const QJsonArray mig = json.value(QStringLiteral("options")).toArray();
    const QJsonArray mps = json.value(QStringLiteral("mps_options")).toArray();
    QVERIFY(model.rowCount() > 0);
    QCOMPARE(model.rowCount(), static_cast<int>(mig.size() + mps.size()));
    QCOMPARE(model.rowCount(), static_cast<int>(core.options.size() + core.mpsOptions.size()));
    for (int row = 0; row < model.rowCount(); ++row) {
        const QJsonObject o = (row < mig.size() ? mig.at(row) : mps.at(row - mig.size())).toObject();
        const auto r = static_cast<std::size_t>(row);
        const MigOption &c = r < core.options.size() ? core.options[r] : core.mpsOptions[r - core.options.size()];
        const QString profile = o.value(QStringLiteral("profile")).toString();
        QCOMPARE(cell(model, row, MigPlanModel::Option).toString(), profile);
        QCOMPARE(c.profile, profile);
        QCOMPARE(cell(model, row, MigPlanModel::Replicas).toInt(), o.value(QStringLiteral("replicas")).toInt());
        QVERIFY2(near(cell(model, row, MigPlanModel::Usable).toDouble(), o.value(QStringLiteral("usable_mb")).toDouble()),
                 qPrintable(profile));
        if (o.value(QStringLiteral("latency_ms")).isNull()) {
            QVERIFY2(!cell(model, row, MigPlanModel::Latency).isValid(), qPrintable(profile));
            QVERIFY(!c.ok);
            continue;
        }
        QVERIFY(c.ok);
        QCOMPARE(cell(model, row, MigPlanModel::Fits).toBool(), o.value(QStringLiteral("fits")).toBool());
        QCOMPARE(c.fits, o.value(QStringLiteral("fits")).toBool());
        const struct {
            int column;
            const char *key;
            double coreValue;
        } numbers[] = {
            {MigPlanModel::Memory, "memory_mb", c.memoryMib},
            {MigPlanModel::Latency, "latency_ms", c.latencyMs},
            {MigPlanModel::ThroughputPerGpu, "throughput_per_gpu", c.throughputPerGpu},
            {MigPlanModel::EnergyPerInference, "energy_j", c.energyJ},
        };
        for (const auto &n : numbers) {
            const double shown = cell(model, row, n.column).toDouble();
            const double cli = o.value(QLatin1String(n.key)).toDouble();
            const QString what = profile + QLatin1Char(' ') + QLatin1String(n.key);
            QVERIFY2(near(shown, cli), qPrintable(QStringLiteral("%1: panel %2, cli %3").arg(what).arg(shown).arg(cli)));
            QVERIFY2(near(shown, n.coreValue), qPrintable(QStringLiteral("%1: panel %2, core %3").arg(what).arg(shown).arg(n.coreValue)));
        }
    }
}

QString rowProfile(const MigPlanModel &model, int row) {
    return row >= 0 ? model.data(model.index(row, 0), MigPlanModel::ProfileRole).toString() : QString();
}

QString jsonProfile(const QJsonObject &json, const char *key) {
    const QJsonValue v = json.value(QLatin1String(key));
    return v.isNull() ? QString() : v.toString();
}

}  // namespace

class TestMigPlannerPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void tableEqualsCli_data();
    void tableEqualsCli();
    void sloChangesRecommendation();
    void supersededPlansAreDropped();
    void selectingRowAddsTarget();
    void fullListReplacesCurrentTarget();
    void passesModelTester();
    void llmWeightsAndHostReachThePlan();
    void screenshot();

private:
    QTemporaryDir m_config;
};

void TestMigPlannerPanel::initTestCase() {
    QVERIFY(m_config.isValid());
    qputenv(GpuCatalogue::kConfigDirEnv, m_config.path().toLocal8Bit());  // no user GPUs of this machine
    QVERIFY2(QFileInfo(cliPath()).isExecutable(), qPrintable(cliPath() + QStringLiteral(" is not built")));
}

void TestMigPlannerPanel::tableEqualsCli_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<qint64>("batch");
    QTest::addColumn<int>("precision");
    QTest::addColumn<double>("sloMs");  // <= 0: none
    QTest::addColumn<double>("headroom");
    QTest::newRow("resnet50 a100-40 b8 fp16") << "zoo:resnet50" << "a100-sxm4-40gb" << qint64(8) << int(Precision::FP16) << 0.0 << 0.1;
    QTest::newRow("resnet50 a100-40 b32 fp16 slo 20")
        << "zoo:resnet50" << "a100-sxm4-40gb" << qint64(32) << int(Precision::FP16) << 20.0 << 0.1;
    QTest::newRow("bert-base h100 b4 fp16 slo 5 headroom 20%")
        << "zoo:bert-base" << "h100-sxm5-80gb" << qint64(4) << int(Precision::FP16) << 5.0 << 0.2;
    QTest::newRow("mobilenet_v2 a30 b64 fp32") << "zoo:mobilenet_v2" << "a30" << qint64(64) << int(Precision::FP32) << 0.0 << 0.1;
    QTest::newRow("resnet50 l4 (no MIG) b8 fp16") << "zoo:resnet50" << "l4" << qint64(8) << int(Precision::FP16) << 0.0 << 0.1;
}

void TestMigPlannerPanel::tableEqualsCli() {
    QFETCH(QString, source);
    QFETCH(QString, gpu);
    QFETCH(qint64, batch);
    QFETCH(int, precision);
    QFETCH(double, sloMs);
    QFETCH(double, headroom);
    const Knobs knobs = knobsOf(batch, static_cast<Precision>(precision));
    const std::optional<double> slo = sloMs > 0 ? std::optional<double>(sloMs) : std::nullopt;

    ExplorerSession session;
    QVERIFY(session.resetTargets({gpuTarget(gpu)}));
    QVERIFY(openAndWait(session, source, knobs));
    MigPlannerPanel panel(&session);
    panel.setHeadroom(headroom);
    panel.setSloMs(slo);
    QVERIFY(settle(session, panel));
    QVERIFY(panel.plan());
    QCOMPARE(panel.plan()->gpu, gpu);
    QCOMPARE(panel.plan()->knobs.batch, batch);
    QCOMPARE(panel.plan()->sloMs, slo);
    QVERIFY(near(panel.plan()->headroom, headroom));

    const QJsonObject json = runCli(source, gpu, knobs, slo, headroom);
    QVERIFY(!json.isEmpty());
    QCOMPARE(json.value(QStringLiteral("gpu")).toString(), gpu);
    QCOMPARE(json.value(QStringLiteral("batch")).toInt(), static_cast<int>(batch));
    const MigPlan core = planLikeCli(source, gpu, knobs, slo, headroom);
    compareTable(*panel.model(), json, core);

    // The recommendation, the MPS recommendation and DIPPM's pick, and the reason shown.
    QCOMPARE(rowProfile(*panel.model(), panel.model()->recommendedRow()), jsonProfile(json, "recommended"));
    QCOMPARE(rowProfile(*panel.model(), panel.model()->recommendedMpsRow()), jsonProfile(json, "recommended_mps"));
    QCOMPARE(rowProfile(*panel.model(), panel.model()->dippmRow()), jsonProfile(json, "dippm_rule"));
    QCOMPARE(panel.plan()->reason, json.value(QStringLiteral("reason")).toString());
    QCOMPARE(panel.plan()->dippmNote, json.value(QStringLiteral("dippm_note")).toString());
    const int rec = panel.model()->recommendedRow();
    if (rec >= 0) {
        QVERIFY(panel.model()->data(panel.model()->index(rec, 0), MigPlanModel::RecommendedRole).toBool());
        QVERIFY(panel.model()->data(panel.model()->index(rec, 0), Qt::FontRole).value<QFont>().bold());
        QVERIFY(panel.findChild<QLabel *>(QStringLiteral("migRecommendation"))->text().contains(jsonProfile(json, "recommended")));
    } else {
        QVERIFY(panel.findChild<QLabel *>(QStringLiteral("migRecommendation"))->text().contains(QStringLiteral("No recommendation")));
    }
    if (!jsonProfile(json, "dippm_rule").isEmpty()) {
        QVERIFY(panel.findChild<QLabel *>(QStringLiteral("migDippm"))->text().contains(jsonProfile(json, "dippm_rule")));
    }
    if (gpu == QLatin1String("l4")) {
        QCOMPARE(static_cast<int>(panel.plan()->options.size()), 0);  // no MIG on an L4: MPS rows only
        QVERIFY(panel.model()->rowCount() > 0);
    }
}

void TestMigPlannerPanel::sloChangesRecommendation() {
    const QString source = QStringLiteral("zoo:resnet50");
    const QString gpu = QStringLiteral("a100-sxm4-40gb");
    const Knobs knobs = knobsOf(16, Precision::FP16);
    // SLOs from the plan's own latencies: one every profile meets (the smallest that fits wins),
    // one only the larger slices meet (just above the 7g.40gb latency).
    const MigPlan loose = planLikeCli(source, gpu, knobs, 1e5, 0.1);
    double fullMs = 0;
    for (const MigOption &o : loose.options) {
        if (o.profile == QLatin1String("7g.40gb")) {
            fullMs = o.latencyMs;
        }
    }
    QVERIFY(fullMs > 0);
    const double tightMs = fullMs * 1.05;

    ExplorerSession session;
    QVERIFY(session.resetTargets({gpuTarget(gpu)}));
    QVERIFY(openAndWait(session, source, knobs));
    MigPlannerPanel panel(&session);
    QVERIFY(settle(session, panel));

    QStringList seen;
    for (std::optional<double> slo : {std::optional<double>(), std::optional<double>(1e5), std::optional<double>(tightMs)}) {
        // Through the widgets, as a user would.
        auto *enabled = panel.findChild<QCheckBox *>(QStringLiteral("migSloEnabled"));
        auto *spin = panel.findChild<QDoubleSpinBox *>(QStringLiteral("migSlo"));
        if (slo) {
            spin->setValue(*slo);
        }
        enabled->setChecked(slo.has_value());
        QVERIFY(settle(session, panel));
        const double shownSlo = spin->value();  // the spin box rounds to its decimals
        const QJsonObject json = runCli(source, gpu, knobs, slo ? std::optional<double>(shownSlo) : std::nullopt, 0.1);
        QVERIFY(!json.isEmpty());
        const QString recommended = rowProfile(*panel.model(), panel.model()->recommendedRow());
        QCOMPARE(recommended, jsonProfile(json, "recommended"));
        QCOMPARE(panel.plan()->reason, json.value(QStringLiteral("reason")).toString());
        seen << recommended;
    }
    // A loose SLO picks the smallest slice that fits; a tight one a larger slice.
    QCOMPARE(seen.at(1), QStringLiteral("1g.5gb"));
    QVERIFY2(seen.at(2) != seen.at(1), qPrintable(seen.join(QLatin1Char(','))));
}

void TestMigPlannerPanel::supersededPlansAreDropped() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpuTarget(QStringLiteral("a100-sxm4-80gb"))}));
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet50"), knobsOf(8, Precision::FP16)));
    MigPlannerPanel panel(&session);
    QVERIFY(settle(session, panel));
    QSignalSpy planned(&panel, &MigPlannerPanel::planChanged);
    for (double h : {0.15, 0.2, 0.25, 0.3}) {
        panel.setHeadroom(h);  // each a new request while the first still runs
    }
    QVERIFY(panel.isPlanning());
    QVERIFY(settle(session, panel));
    QCOMPARE(planned.count(), 1);  // only the newest is shown
    QVERIFY(near(panel.plan()->headroom, 0.3));
    // Knob change through the session: re-planned for the new batch.
    QVERIFY(session.setBatch(32));
    QVERIFY(settle(session, panel));
    QCOMPARE(panel.plan()->knobs.batch, std::int64_t(32));
    // Current target change: re-planned for the other GPU.
    QVERIFY(session.addTarget(gpuTarget(QStringLiteral("h100-sxm5-80gb"))));
    QVERIFY(settle(session, panel));
    QCOMPARE(panel.plan()->gpu, QStringLiteral("h100-sxm5-80gb"));
    session.setCurrentTarget(0);
    QVERIFY(settle(session, panel));
    QCOMPARE(panel.plan()->gpu, QStringLiteral("a100-sxm4-80gb"));
}

void TestMigPlannerPanel::selectingRowAddsTarget() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpuTarget(QStringLiteral("a100-sxm4-40gb"))}));
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet50"), knobsOf(8, Precision::FP16)));
    MigPlannerPanel panel(&session);
    panel.resize(900, 500);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QVERIFY(settle(session, panel));
    MigPlanModel &model = *panel.model();
    QVERIFY(model.rowCount() > 2);

    // Double-click the first row (MIG 1g.5gb).
    QTableView *view = panel.view();
    const QRect rect = view->visualRect(model.index(0, 0));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(session.targetCount(), 2);
    QCOMPARE(session.targets().back().spec, gpuTarget(QStringLiteral("a100-sxm4-40gb"), rowProfile(model, 0)));
    QCOMPARE(session.currentTarget(), 1);
    QCOMPARE(session.undoStack()->undoText(), QStringLiteral("Add target A100-SXM4-40GB MIG %1").arg(rowProfile(model, 0)));

    // The button adds the selected MPS row (with co-runners, as planned).
    const int mpsRow = static_cast<int>(panel.plan()->options.size());  // first MPS share
    QVERIFY(settle(session, panel));
    view->selectRow(mpsRow);
    auto *button = panel.findChild<QPushButton *>(QStringLiteral("migAddTarget"));
    QVERIFY(button->isEnabled());
    QTest::mouseClick(button, Qt::LeftButton);
    QCOMPARE(session.targetCount(), 3);
    QCOMPARE(session.targets().back().spec.mps, std::optional<double>(panel.plan()->mpsOptions.front().mpsPercent));
    QVERIFY(!session.targets().back().spec.mpsAlone);

    // A row that is already a target becomes the current target; nothing is added.
    QVERIFY(panel.addRowAsTarget(0));
    QCOMPARE(session.targetCount(), 3);
    QCOMPARE(session.currentTarget(), 1);

    // Undo removes the added slice.
    session.undoStack()->undo();
    QCOMPARE(session.targetCount(), 2);

    // Enter on the selected row adds it again.
    QVERIFY(settle(session, panel));
    view->setFocus();
    view->selectRow(mpsRow);
    QTest::keyClick(view, Qt::Key_Return);
    QCOMPARE(session.targetCount(), 3);
    QCOMPARE(session.targets().back().spec.mps, std::optional<double>(panel.plan()->mpsOptions.front().mpsPercent));
}

void TestMigPlannerPanel::fullListReplacesCurrentTarget() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpuTarget(QStringLiteral("a100-sxm4-80gb")), gpuTarget(QStringLiteral("h100-sxm5-80gb")),
                                  gpuTarget(QStringLiteral("l4")), gpuTarget(QStringLiteral("a30"))}));
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet50"), knobsOf(8, Precision::FP16)));
    session.setCurrentTarget(1);
    MigPlannerPanel panel(&session);
    QVERIFY(settle(session, panel));
    QCOMPARE(panel.plan()->gpu, QStringLiteral("h100-sxm5-80gb"));
    const int row = panel.model()->recommendedRow();
    QVERIFY(row >= 0);
    QSignalSpy messages(&panel, &MigPlannerPanel::message);
    QVERIFY(panel.addRowAsTarget(row));
    QCOMPARE(session.targetCount(), ExplorerSession::kMaxTargets);
    QCOMPARE(session.targets()[1].spec, gpuTarget(QStringLiteral("h100-sxm5-80gb"), rowProfile(*panel.model(), row)));
    QCOMPARE(messages.count(), 1);
    QVERIFY(messages.first().first().toString().isEmpty());
}

void TestMigPlannerPanel::passesModelTester() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpuTarget(QStringLiteral("a100-sxm4-40gb"))}));
    MigPlannerPanel panel(&session);
    QAbstractItemModelTester tester(panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(panel.model()->rowCount(), 0);  // no model yet
    QVERIFY(panel.findChild<QLabel *>(QStringLiteral("migContext"))->text().contains(QStringLiteral("Open a model")));
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet50"), knobsOf(8, Precision::FP16)));
    QVERIFY(settle(session, panel));
    QVERIFY(panel.model()->rowCount() > 0);
    panel.setSloMs(5.0);
    QVERIFY(settle(session, panel));
    // Every cell has a text; the option column names the profile.
    for (int row = 0; row < panel.model()->rowCount(); ++row) {
        const QString option = panel.model()->data(panel.model()->index(row, MigPlanModel::Option)).toString();
        QVERIFY(option.startsWith(QStringLiteral("MIG ")) || option.startsWith(QStringLiteral("MPS ")));
        QVERIFY(!panel.model()->data(panel.model()->index(row, MigPlanModel::Fits)).toString().isEmpty());
    }
    // Another GPU: re-planned (reset model, the tester checks it).
    QVERIFY(session.resetTargets({gpuTarget(QStringLiteral("h100-sxm5-80gb"))}));
    QVERIFY(settle(session, panel));
    QCOMPARE(panel.plan()->gpu, QStringLiteral("h100-sxm5-80gb"));
}

// A decoder LLM's weight format and the target's host reach every slice's prediction, as in `mig`
// (the CLI run as a user would: --weights, --host): 4-bit weights stream a quarter of the bytes, so
// the decode step on the whole GPU is faster than with fp16 weights.
void TestMigPlannerPanel::llmWeightsAndHostReachThePlan() {
    const QString source = QStringLiteral("zoo:opt-1.3b");
    const QString gpu = QStringLiteral("h100-sxm5-80gb");
    Knobs knobs = knobsOf(1, Precision::FP16);
    knobs.phase = DecoderPhase::Decode;
    knobs.context = 2000;
    knobs.runtime = Runtime::Fused;
    ProjectTarget target = gpuTarget(gpu);
    target.host = QStringLiteral("dgx-1");
    ExplorerSession session;
    QVERIFY(session.resetTargets({target}));
    QVERIFY(openAndWait(session, source, knobs));
    MigPlannerPanel panel(&session);
    QVERIFY(settle(session, panel));
    QVERIFY(panel.plan());
    QCOMPARE(panel.plan()->host.id, QStringLiteral("dgx-1"));
    const double fp16Ms = panel.plan()->options.at(0).latencyMs;

    QVERIFY(session.setWeightFormat(WeightFormat::W4A16));
    QVERIFY(settle(session, panel));
    QVERIFY(panel.plan());
    const MigOption &whole = panel.plan()->options.at(0);
    QVERIFY2(whole.latencyMs < 0.8 * fp16Ms, qPrintable(QStringLiteral("w4a16 %1 ms, fp16 %2 ms").arg(whole.latencyMs).arg(fp16Ms)));

    QProcess cli;
    const QStringList args{QStringLiteral("mig"), source, QStringLiteral("--gpu"), gpu, QStringLiteral("--batch"), QStringLiteral("1"),
                           QStringLiteral("--precision"), QStringLiteral("fp16"), QStringLiteral("--phase"), QStringLiteral("decode"),
                           QStringLiteral("--context"), QStringLiteral("2000"), QStringLiteral("--weights"), QStringLiteral("w4a16"),
                           QStringLiteral("--runtime"), QStringLiteral("fused"), QStringLiteral("--host"), QStringLiteral("dgx-1"),
                           QStringLiteral("--json")};
    cli.start(cliPath(), args);
    QVERIFY(cli.waitForFinished(kWaitMs));
    QCOMPARE(cli.exitCode(), 0);
    const QJsonObject json = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
    const QJsonObject first = json.value(QStringLiteral("options")).toArray().at(0).toObject();
    QCOMPARE(first.value(QStringLiteral("profile")).toString(), whole.profile);
    const double cliMs = first.value(QStringLiteral("latency_ms")).toDouble();
    QVERIFY2(near(whole.latencyMs, cliMs), qPrintable(QStringLiteral("panel %1 ms, cli %2 ms").arg(whole.latencyMs).arg(cliMs)));
}

void TestMigPlannerPanel::screenshot() {
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpuTarget(QStringLiteral("a100-sxm4-40gb"))}));
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet50"), knobsOf(32, Precision::FP16)));
    MigPlannerPanel panel(&session);
    panel.setSloMs(20.0);  // recommends a larger slice than DIPPM's memory-only rule
    panel.resize(1000, 470);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QVERIFY(settle(session, panel));
    QVERIFY(panel.model()->recommendedRow() >= 0);
    QVERIFY(panel.model()->dippmRow() != panel.model()->recommendedRow());
    const QString dir = QStringLiteral(INFERSIGHT_BINARY_DIR "/test-output");
    QVERIFY(QDir().mkpath(dir));
    QCoreApplication::processEvents();  // the layout takes the new texts' heights
    const QImage image = panel.grab().toImage();
    QVERIFY(!image.isNull());
    QVERIFY(image.save(dir + QStringLiteral("/mig_planner_panel.png")));
    panel.resize(560, 640);  // as a narrow dock
    QCoreApplication::processEvents();
    QVERIFY(panel.grab().toImage().save(dir + QStringLiteral("/mig_planner_panel_narrow.png")));
}

QTEST_MAIN(TestMigPlannerPanel)
#include "test_mig_planner_panel.moc"
