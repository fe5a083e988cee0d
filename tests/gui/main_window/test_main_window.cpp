// SPDX-License-Identifier: MIT
// The explorer window, driven like a user does (QTest mouse and keyboard on the real widgets,
// offscreen): it starts filled with the defaults, opens a fixture ONNX model, follows the batch
// slider to the engine's own numbers, follows GPU and MIG changes (precision list, memory limit
// line), compares a third target in every chart, undoes and redoes, saves and reopens a project,
// keeps the current model when a broken file is opened, opens dropped files, cancels a load, shares
// the node selection between table, graph and inspector, asks before closing with unsaved changes,
// and keeps targets and recent files between runs. It exports the PDF report and the CSV tables
// through the File menu's actions (the file dialogs replaced by setPathChooser) and adds a MIG slice
// as a target from the MIG Planner dock.
//
// Expected numbers: the engine's prediction for the same model, knobs and GPU, computed here through
// the core API (Design::open + predict), and published figures where noted.
#include "main_window.h"

#include "charts/batch_sweep_chart.h"
#include "charts/chart_tabs.h"
#include "charts/energy_latency_chart.h"
#include "charts/layer_breakdown_chart.h"
#include "charts/memory_chart.h"
#include "charts/roofline_chart.h"
#include "design/design.h"
#include "graph/graph_pane.h"
#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"
#include "knobs/knobs_panel.h"
#include "mig/mig_plan_model.h"
#include "mig/mig_planner_panel.h"
#include "models/node_table_model.h"
#include "models/summary_model.h"
#include "models/target_list_model.h"
#include "pages/node_inspector.h"
#include "predict/predictor.h"
#include "session/explorer_session.h"
#include "window/add_target_dialog.h"
#include "window/recent_files.h"
#include "window/target_list_panel.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QLineSeries>
#include <QListView>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProcess>
#include <QProgressDialog>
#include <QPushButton>
#include <QScatterSeries>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStandardItemModel>
#include <QStyleOptionSlider>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

#include <functional>

using namespace infersight;

namespace {

constexpr int kWaitMs = 60000;

QString fixture(const char *name) { return QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx/") + QLatin1String(name); }

bool waitFilled(MainWindow &window) {
    return QTest::qWaitFor([&] { return window.isFilled(); }, kWaitMs);
}

// Starts a window on `source` (empty: the default start) and waits until every pane is filled.
bool startAndWait(MainWindow &window, const QString &source = {}) {
    window.show();
    window.start(source);
    return QTest::qWaitFor([&] { return window.session()->hasModel() && window.isFilled(); }, kWaitMs);
}

// The session settles after a change: the newest results complete.
bool settle(MainWindow &window) {
    return QTest::qWaitFor([&] { return !window.session()->isPredicting() && window.session()->results() &&
                                        window.session()->results()->complete(); },
                           kWaitMs);
}

Prediction engine(const QString &source, std::int64_t batch, Precision precision, const QString &gpuId,
                  const QString &mig = {}) {
    Knobs knobs;
    knobs.batch = batch;
    knobs.precision = precision;
    auto design = Design::open(source, knobs);
    if (!design) {
        qFatal("%s", qPrintable(design.errorMessage()));
    }
    auto target = resolveTarget(GpuCatalogue::builtIn(), gpuId, mig);
    PredictOptions options;
    options.batch = batch;
    return predict(design->graph(), *target, design->knobs(), options).value();
}

double summaryValue(MainWindow &window, SummaryModel::Row row, int target) {
    return window.summaryModel()->index(row, target).data(SummaryModel::ValueRole).toDouble();
}

// Picks row `row` of a combo box the way a user does: opens the popup and clicks the item.
void clickComboItem(QComboBox *combo, int row) {
    combo->showPopup();
    QAbstractItemView *view = combo->view();
    QVERIFY(QTest::qWaitForWindowExposed(view->window()));
    QTest::qWait(QApplication::doubleClickInterval() + 50);  // the popup ignores releases right after it opens
    const QModelIndex index = view->model()->index(row, combo->modelColumn());
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
    QTRY_VERIFY(!view->window()->isVisible());
}

int comboRow(QComboBox *combo, const QVariant &data, int role = Qt::UserRole) {
    for (int row = 0; row < combo->count(); ++row) {
        if (combo->itemData(row, role) == data) {
            return row;
        }
    }
    return -1;
}

// The centre of the batch slider's handle (where a user grabs it).
QPoint sliderHandle(QSlider *slider) {
    QStyleOptionSlider option;
    option.initFrom(slider);
    option.orientation = slider->orientation();
    option.minimum = slider->minimum();
    option.maximum = slider->maximum();
    option.sliderPosition = slider->sliderPosition();
    option.sliderValue = slider->value();
    option.singleStep = slider->singleStep();
    option.pageStep = slider->pageStep();
    option.tickPosition = slider->tickPosition();
    option.tickInterval = slider->tickInterval();
    option.subControls = QStyle::SC_All;
    return slider->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, slider).center();
}

// Closes the first top-level message box that appears by clicking `button`.
void answerNextMessageBox(QMessageBox::StandardButton button) {
    QTimer::singleShot(0, qApp, [button]() {
        auto *timer = new QTimer(qApp);
        QObject::connect(timer, &QTimer::timeout, qApp, [timer, button]() {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (box == nullptr) {
                return;
            }
            timer->deleteLater();
            QTest::mouseClick(box->button(button), Qt::LeftButton);
        });
        timer->start(20);
    });
}

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void startsFilledWithDefaults();
    void batchSliderFollowsEngine_data();
    void batchSliderFollowsEngine();
    void gpuAndMigFollow();
    void thirdTargetInEveryChart();
    void undoRedoByShortcut();
    void projectSaveAndReopen();
    void brokenFileKeepsModel_data();
    void brokenFileKeepsModel();
    void dropOpensFile();
    void cancelLoadKeepsModel();
    void nodeSelectionShared();
    void closeAsksAboutUnsavedChanges();
    void settingsPersist();
    void everyActionHasAShortcut();
    void refusalsInStatusBar();
    void reportPageSizeFromLocale_data();
    void reportPageSizeFromLocale();
    void exportReportAndTables();
    void migDockAddsTarget();
    void chartsDraftWhileSliderHeld();

private:
    QTemporaryDir m_dir;
};

void TestMainWindow::initTestCase() {
    QVERIFY(m_dir.isValid());
    // No GPUs, settings or recent files of this machine's user.
    qputenv(GpuCatalogue::kConfigDirEnv, m_dir.filePath(QStringLiteral("gpus")).toLocal8Bit());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("InfersightTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_main_window"));
}

void TestMainWindow::init() { QSettings().clear(); }

void TestMainWindow::startsFilledWithDefaults() {
    MainWindow window;
    QSignalSpy filled(&window, &MainWindow::filled);
    QVERIFY(startAndWait(window));
    QCOMPARE(filled.size(), 1);
    ExplorerSession *session = window.session();
    // The start-up: zoo:resnet50, batch 8, fp16, A100-SXM4-80GB and H100-SXM5-80GB.
    QCOMPARE(session->modelInfo().source, QStringLiteral("zoo:resnet50"));
    QCOMPARE(session->knobs().batch, std::int64_t{8});
    QCOMPARE(session->knobs().precision, Precision::FP16);
    QCOMPARE(session->targetCount(), 2);
    QCOMPARE(session->resolvedTargets()[0].key, QStringLiteral("a100-sxm4-80gb"));
    QCOMPARE(session->resolvedTargets()[1].key, QStringLiteral("h100-sxm5-80gb"));
    QVERIFY(window.windowTitle().contains(QStringLiteral("resnet50")));
    QVERIFY(!window.isWindowModified());

    // Every pane is filled: summary per target, every chart, the node table, the graph, the inspector.
    QCOMPARE(window.summaryModel()->columnCount(), 2);
    const Prediction a100 = engine(QStringLiteral("zoo:resnet50"), 8, Precision::FP16, QStringLiteral("a100-sxm4-80gb"));
    QCOMPARE(summaryValue(window, SummaryModel::Latency, 0), a100.latencyMs);
    for (ChartKind kind : kAllChartKinds) {
        QVERIFY2(window.chartTabs()->chart(kind)->data() != nullptr, qPrintable(chartKindTabTitle(kind)));
    }
    QCOMPARE(window.nodeModel()->rowCount(), session->modelInfo().nodes);
    QVERIFY(window.graphPane()->lastLayout() != nullptr);
    QVERIFY(!window.inspector()->node().isEmpty());  // the hotspot is selected
    QCOMPARE(window.inspector()->node(), session->selectedNode());
    const QStringList docks = {QStringLiteral("knobsDock"),   QStringLiteral("targetsDock"), QStringLiteral("summaryDock"),
                               QStringLiteral("chartsDock"),  QStringLiteral("nodesDock"),   QStringLiteral("inspectorDock"),
                               QStringLiteral("undoDock"),    QStringLiteral("migPlannerDock")};
    for (const QString &name : docks) {
        QVERIFY2(window.dock(name) != nullptr, qPrintable(name));
    }
}

void TestMainWindow::batchSliderFollowsEngine_data() {
    QTest::addColumn<QList<int>>("keys");
    QTest::addColumn<qint64>("batch");
    // The slider is logarithmic: Page Up doubles the batch, Home / End go to 1 / 1024.
    QTest::newRow("Page Up: 16") << QList<int>{Qt::Key_PageUp} << qint64(16);
    QTest::newRow("Page Up twice: 32") << QList<int>{Qt::Key_PageUp, Qt::Key_PageUp} << qint64(32);
    QTest::newRow("End: 1024") << QList<int>{Qt::Key_End} << qint64(1024);
    QTest::newRow("Home: 1") << QList<int>{Qt::Key_Home} << qint64(1);
}

void TestMainWindow::batchSliderFollowsEngine() {
    QFETCH(QList<int>, keys);
    QFETCH(qint64, batch);
    const QString source = fixture("resnet18.onnx");
    MainWindow window;
    QVERIFY(startAndWait(window, source));
    QCOMPARE(window.session()->modelInfo().format, QStringLiteral("onnx"));
    auto *slider = window.knobsPanel()->findChild<QSlider *>(QStringLiteral("batchSlider"));
    QVERIFY(slider);
    slider->setFocus();
    for (int key : keys) {
        QTest::keyClick(slider, static_cast<Qt::Key>(key));
    }
    QVERIFY(settle(window));
    QCOMPARE(window.session()->knobs().batch, batch);
    auto *spin = window.knobsPanel()->findChild<QSpinBox *>(QStringLiteral("batchSpin"));
    QCOMPARE(spin->value(), static_cast<int>(batch));

    const Prediction a100 = engine(source, batch, Precision::FP16, QStringLiteral("a100-sxm4-80gb"));
    const Prediction h100 = engine(source, batch, Precision::FP16, QStringLiteral("h100-sxm5-80gb"));
    QCOMPARE(summaryValue(window, SummaryModel::Latency, 0), a100.latencyMs);
    QCOMPARE(summaryValue(window, SummaryModel::Latency, 1), h100.latencyMs);
    QCOMPARE(summaryValue(window, SummaryModel::Throughput, 1), h100.throughputPerS);

    // The latency chart marks the current batch at the engine's latency, and its line passes there.
    auto *latency = qobject_cast<BatchSweepChart *>(window.chartTabs()->chart(ChartKind::Latency));
    QVERIFY(latency);
    QCOMPARE(latency->targetSeriesCount(), 2);
    QCOMPARE(latency->currentMarker(1)->count(), 1);
    QCOMPARE(latency->currentMarker(1)->at(0).x(), static_cast<double>(batch));
    QCOMPARE(latency->currentMarker(1)->at(0).y(), h100.latencyMs);
    if (batch == 1 || batch == 16 || batch == 32 || batch == 1024) {  // sweep batches: on the line
        const auto points = latency->line(0)->points();
        const auto at = std::find_if(points.begin(), points.end(), [&](const QPointF &p) { return p.x() == static_cast<double>(batch); });
        QVERIFY(at != points.end());
        QCOMPARE(at->y(), a100.latencyMs);
    }
}

void TestMainWindow::gpuAndMigFollow() {
    MainWindow window;
    QVERIFY(startAndWait(window, fixture("resnet18.onnx")));
    auto *gpu = window.knobsPanel()->findChild<QComboBox *>(QStringLiteral("gpuCombo"));
    auto *mig = window.knobsPanel()->findChild<QComboBox *>(QStringLiteral("migCombo"));
    auto *precision = window.knobsPanel()->findChild<QComboBox *>(QStringLiteral("precisionCombo"));
    QVERIFY(gpu && mig && precision);
    const auto precisionEnabled = [&](Precision p) {
        const int row = comboRow(precision, static_cast<int>(p));
        auto *model = qobject_cast<QStandardItemModel *>(precision->model());
        return row >= 0 && model->item(row)->isEnabled();
    };
    // A100 has bf16 (NVIDIA A100 datasheet); T4 (Turing) has fp16 and int8 tensor cores, no bf16.
    QVERIFY(precisionEnabled(Precision::BF16));
    clickComboItem(gpu, comboRow(gpu, QStringLiteral("t4")));
    QVERIFY(settle(window));
    QCOMPARE(window.session()->resolvedTargets()[0].key, QStringLiteral("t4"));
    QVERIFY(!precisionEnabled(Precision::BF16));
    QVERIFY(!precision->itemData(comboRow(precision, static_cast<int>(Precision::BF16)), Qt::ToolTipRole).toString().isEmpty());
    QVERIFY(precisionEnabled(Precision::FP16));
    QVERIFY(precisionEnabled(Precision::INT8));
    QVERIFY(!mig->isEnabled());  // T4 has no MIG

    // Back to the A100 80GB and its smallest slice: the memory chart's limit line drops to the
    // slice's usable memory, 9,728 MiB (nvidia-smi mig -lgip on A100-SXM4-80GB, NVIDIA MIG user guide).
    clickComboItem(gpu, comboRow(gpu, QStringLiteral("a100-sxm4-80gb")));
    QVERIFY(settle(window));
    auto *memory = qobject_cast<MemoryChart *>(window.chartTabs()->chart(ChartKind::Memory));
    QVERIFY(memory);
    // Whole GPU: 81,920 MiB (nvidia-smi on A100-SXM4-80GB).
    QCOMPARE(memory->limitLine(0)->at(0).y(), 81920.0 / 1024.0);
    QVERIFY(mig->isEnabled());
    clickComboItem(mig, comboRow(mig, QStringLiteral("1g.10gb")));
    QVERIFY(settle(window));
    QCOMPARE(window.session()->resolvedTargets()[0].key, QStringLiteral("a100-sxm4-80gb:mig=1g.10gb"));
    memory = qobject_cast<MemoryChart *>(window.chartTabs()->chart(ChartKind::Memory));
    QCOMPARE(memory->limitLine(0)->at(0).y(), 9728.0 / 1024.0);
    QVERIFY(precisionEnabled(Precision::BF16));
    // The summary follows the slice: the engine's prediction on A100-80GB MIG 1g.10gb.
    const Prediction slice = engine(fixture("resnet18.onnx"), 8, Precision::FP16, QStringLiteral("a100-sxm4-80gb"),
                                    QStringLiteral("1g.10gb"));
    QCOMPARE(summaryValue(window, SummaryModel::Latency, 0), slice.latencyMs);
}

void TestMainWindow::thirdTargetInEveryChart() {
    MainWindow window;
    QVERIFY(startAndWait(window, fixture("resnet18.onnx")));
    // Add L4 through the Add button and its chooser.
    QTimer::singleShot(0, &window, [&window]() {
        auto *dialog = window.findChild<AddTargetDialog *>();
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        dialog->gpuCombo()->setCurrentIndex(comboRow(dialog->gpuCombo(), QStringLiteral("l4")));
        QCOMPARE(dialog->migCombo()->count(), 1);  // L4: whole GPU only
        QTest::mouseClick(dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    });
    QTest::mouseClick(window.targetPanel()->addButton(), Qt::LeftButton);
    QVERIFY(settle(window));
    QCOMPARE(window.session()->targetCount(), 3);
    QCOMPARE(window.session()->resolvedTargets()[2].key, QStringLiteral("l4"));
    QCOMPARE(window.summaryModel()->columnCount(), 3);
    QCOMPARE(window.targetPanel()->model()->rowCount(), 3);
    for (ChartKind kind : {ChartKind::Latency, ChartKind::Throughput, ChartKind::Memory}) {
        auto *chart = qobject_cast<BatchSweepChart *>(window.chartTabs()->chart(kind));
        QVERIFY(chart);
        QCOMPARE(chart->targetSeriesCount(), 3);
        QCOMPARE(chart->line(2)->name(), QStringLiteral("L4"));
        QCOMPARE(chart->line(2)->color(), window.session()->resolvedTargets()[2].colour);
    }
    auto *energy = qobject_cast<EnergyLatencyChart *>(window.chartTabs()->chart(ChartKind::EnergyLatency));
    QVERIFY(energy);
    QCOMPARE(energy->targetSeriesCount(), 3);

    // Selecting the third row makes L4 the per-target charts' target: the roofline's fp16 ceiling is
    // L4's 121 TFLOPS dense fp16 tensor peak (NVIDIA L4 datasheet).
    QListView *list = window.targetPanel()->listView();
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(list->model()->index(2, 0)).center());
    QCOMPARE(window.session()->currentTarget(), 2);
    auto *roofline = qobject_cast<RooflineChart *>(window.chartTabs()->chart(ChartKind::Roofline));
    QVERIFY(roofline);
    QCOMPARE(roofline->selectedTarget(), 2);
    QVERIFY(roofline->computeCeilingTflops().has_value());
    QCOMPARE(qRound(*roofline->computeCeilingTflops()), 121);
    auto *breakdown = qobject_cast<LayerBreakdownChart *>(window.chartTabs()->chart(ChartKind::LayerBreakdown));
    QCOMPARE(breakdown->selectedTarget(), 2);
    QVERIFY(!breakdown->rows().empty());
    // The knobs edit the current target now.
    auto *gpu = window.knobsPanel()->findChild<QComboBox *>(QStringLiteral("gpuCombo"));
    QCOMPARE(gpu->currentData().toString(), QStringLiteral("l4"));

    // At most four targets: the fourth is accepted, then the Add button is disabled.
    QVERIFY(window.session()->addTarget(ProjectTarget{QStringLiteral("t4"), {}, {}, false}));
    QVERIFY(!window.targetPanel()->addButton()->isEnabled());
    // Reorder and remove through the buttons: L4 (third row) up one, then remove it.
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(list->model()->index(2, 0)).center());
    QCOMPARE(window.session()->currentTarget(), 2);
    QTest::mouseClick(window.targetPanel()->upButton(), Qt::LeftButton);
    QCOMPARE(window.session()->resolvedTargets()[1].key, QStringLiteral("l4"));
    QTest::mouseClick(window.targetPanel()->removeButton(), Qt::LeftButton);
    QCOMPARE(window.session()->targetCount(), 3);
    QVERIFY(window.targetPanel()->addButton()->isEnabled());
}

void TestMainWindow::undoRedoByShortcut() {
    MainWindow window;
    QVERIFY(startAndWait(window, fixture("resnet18.onnx")));
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    const QString source = fixture("resnet18.onnx");
    const double at8 = summaryValue(window, SummaryModel::Latency, 0);

    // Drag the batch slider's handle to the right end: one undo step, batch 1024.
    auto *slider = window.knobsPanel()->findChild<QSlider *>(QStringLiteral("batchSlider"));
    const QPoint start = sliderHandle(slider);
    QTest::mousePress(slider, Qt::LeftButton, {}, start);
    for (int x = start.x(); x <= slider->width() + 20; x += 6) {
        QTest::mouseMove(slider, QPoint(x, start.y()));
    }
    QTest::mouseRelease(slider, Qt::LeftButton, {}, QPoint(slider->width() + 20, start.y()));
    QVERIFY(settle(window));
    QCOMPARE(window.session()->knobs().batch, std::int64_t{1024});
    QCOMPARE(window.session()->undoStack()->count(), 1);
    const QString text = QStringLiteral("Batch 8 → %1").arg(QLocale().toString(1024));
    QCOMPARE(window.session()->undoStack()->undoText(), text);
    QVERIFY(window.isWindowModified());
    QVERIFY(window.windowTitle().contains(QStringLiteral("[*]")));
    QCOMPARE(summaryValue(window, SummaryModel::Latency, 0),
             engine(source, 1024, Precision::FP16, QStringLiteral("a100-sxm4-80gb")).latencyMs);

    // Ctrl+Z: back to batch 8 and its numbers; Ctrl+Shift+Z: forward again.
    QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(settle(window));
    QCOMPARE(window.session()->knobs().batch, std::int64_t{8});
    QCOMPARE(slider->value(), KnobsPanel::sliderPosition(8));
    QCOMPARE(summaryValue(window, SummaryModel::Latency, 0), at8);
    QVERIFY(!window.isWindowModified());
    QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(settle(window));
    QCOMPARE(window.session()->knobs().batch, std::int64_t{1024});

    // The Edit menu's actions carry the same texts.
    auto *undo = window.findChild<QAction *>(QStringLiteral("undoAction"));
    QVERIFY(undo && undo->isEnabled());
    QVERIFY(undo->text().contains(text));
    undo->trigger();
    QVERIFY(settle(window));
    QCOMPARE(window.session()->knobs().batch, std::int64_t{8});
}

void TestMainWindow::projectSaveAndReopen() {
    const QString path = m_dir.filePath(QStringLiteral("explore.infersight"));
    Knobs knobs;
    std::vector<SessionTarget> targets;
    double latency = 0;
    {
        MainWindow window;
        QVERIFY(startAndWait(window, fixture("resnet18.onnx")));
        auto *spin = window.knobsPanel()->findChild<QSpinBox *>(QStringLiteral("batchSpin"));
        spin->setFocus();
        spin->selectAll();
        QTest::keyClicks(spin, QStringLiteral("48"));
        QTest::keyClick(spin, Qt::Key_Return);
        QVERIFY(window.session()->addTarget(ProjectTarget{QStringLiteral("a30"), QStringLiteral("2g.12gb"), {}, false}));
        QVERIFY(settle(window));
        QCOMPARE(window.session()->knobs().batch, std::int64_t{48});
        QVERIFY(window.isWindowModified());
        QVERIFY(window.saveAs(path));
        QVERIFY(!window.isWindowModified());
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("explore.infersight")));
        knobs = window.session()->knobs();
        targets = window.session()->targets();
        latency = summaryValue(window, SummaryModel::Latency, 2);
        QVERIFY(RecentFiles::load().contains(path));
    }
    MainWindow reopened;
    QVERIFY(startAndWait(reopened, path));
    QCOMPARE(reopened.session()->projectPath(), path);
    QCOMPARE(reopened.session()->knobs(), knobs);
    QCOMPARE(reopened.session()->targets().size(), targets.size());
    for (std::size_t i = 0; i < targets.size(); ++i) {
        QCOMPARE(reopened.session()->targets()[i].spec, targets[i].spec);
    }
    QCOMPARE(summaryValue(reopened, SummaryModel::Latency, 2), latency);
    auto *spin = reopened.knobsPanel()->findChild<QSpinBox *>(QStringLiteral("batchSpin"));
    QCOMPARE(spin->value(), 48);
    QVERIFY(!reopened.isWindowModified());
}

void TestMainWindow::brokenFileKeepsModel_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("truncated ONNX") << fixture("truncated.onnx");
    QTest::newRow("not ONNX") << fixture("not_onnx.onnx");
    QTest::newRow("missing file") << m_dir.filePath(QStringLiteral("missing.onnx"));
    QTest::newRow("broken config.json") << QStringLiteral(INFERSIGHT_FIXTURES_DIR "/hfconfig/broken_not_json.json");
}

void TestMainWindow::brokenFileKeepsModel() {
    QFETCH(QString, file);
    MainWindow window;
    QVERIFY(startAndWait(window, fixture("resnet18.onnx")));
    const double before = summaryValue(window, SummaryModel::Latency, 0);
    const int nodes = window.nodeModel()->rowCount();
    QSignalSpy errors(&window, &MainWindow::errorShown);
    window.openSource(file);
    QVERIFY(errors.wait(kWaitMs));
    // A message box names the file and the reason; the current model stays open.
    auto *box = window.findChild<QMessageBox *>(QStringLiteral("errorMessageBox"));
    QVERIFY(box);
    QTRY_VERIFY(box->isVisible());
    QVERIFY2(box->text().contains(QFileInfo(file).fileName()), qPrintable(box->text()));
    QVERIFY(box->text().size() > file.size() + 5);  // and says why
    QCOMPARE(window.session()->modelInfo().name, QStringLiteral("resnet18"));
    QCOMPARE(window.nodeModel()->rowCount(), nodes);
    QCOMPARE(summaryValue(window, SummaryModel::Latency, 0), before);
    QVERIFY(!window.findChild<QWidget *>(QStringLiteral("loadIndicator"))->isVisible());
    QTest::mouseClick(box->button(QMessageBox::Ok), Qt::LeftButton);
    QTRY_VERIFY(window.findChild<QMessageBox *>(QStringLiteral("errorMessageBox")) == nullptr);
}

void TestMainWindow::dropOpensFile() {
    MainWindow window;
    QVERIFY(startAndWait(window));
    auto *mime = new QMimeData;
    mime->setUrls({QUrl::fromLocalFile(fixture("mobilenet_v2.onnx"))});
    const QPoint centre = window.rect().center();
    QDragEnterEvent enter(centre, Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(centre), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QSignalSpy loaded(window.session(), &ExplorerSession::loaded);
    QApplication::sendEvent(&window, &drop);
    QVERIFY(loaded.wait(kWaitMs));
    QVERIFY(waitFilled(window));
    QCOMPARE(window.session()->modelInfo().name, QStringLiteral("mobilenet_v2"));
    QVERIFY(window.windowTitle().contains(QStringLiteral("mobilenet_v2")));
    // The knobs stay: batch 8, fp16, the same targets.
    QCOMPARE(window.session()->knobs().batch, std::int64_t{8});
    QCOMPARE(window.session()->targetCount(), 2);
    delete mime;
}

void TestMainWindow::cancelLoadKeepsModel() {
    MainWindow window;
    QVERIFY(startAndWait(window, fixture("resnet18.onnx")));
    auto *indicator = window.findChild<QWidget *>(QStringLiteral("loadIndicator"));
    auto *cancel = window.findChild<QPushButton *>(QStringLiteral("cancelLoadButton"));
    QVERIFY(indicator && cancel);
    QVERIFY(!indicator->isVisible());
    QSignalSpy loaded(window.session(), &ExplorerSession::loaded);
    window.openSource(fixture("vit_b_16.onnx"));
    QVERIFY(window.session()->isLoading());
    QVERIFY(indicator->isVisible());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QVERIFY(!window.session()->isLoading());
    QVERIFY(!indicator->isVisible());
    QTest::qWait(1000);  // the import finishes in the background and is dropped
    QCOMPARE(loaded.size(), 0);
    QCOMPARE(window.session()->modelInfo().name, QStringLiteral("resnet18"));
    // Esc cancels too.
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.openSource(fixture("vit_b_16.onnx"));
    QVERIFY(indicator->isVisible());
    QTest::keyClick(&window, Qt::Key_Escape);
    QVERIFY(!window.session()->isLoading());
    QVERIFY(!indicator->isVisible());
    QTest::qWait(1000);
    QCOMPARE(loaded.size(), 0);
    QCOMPARE(window.session()->modelInfo().name, QStringLiteral("resnet18"));
}

void TestMainWindow::nodeSelectionShared() {
    MainWindow window;
    QVERIFY(startAndWait(window, fixture("resnet18.onnx")));
    window.dock(QStringLiteral("nodesDock"))->raise();
    QTableView *table = window.nodeView();
    QTRY_VERIFY(table->isVisible());
    // Click the fourth row: the session, the inspector and the graph select that node.
    const QModelIndex index = table->model()->index(3, NodeTableModel::Name);
    const QString name = index.data(NodeTableModel::NodeNameRole).toString();
    QVERIFY(!name.isEmpty());
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(index).center());
    QCOMPARE(window.session()->selectedNode(), name);
    QCOMPARE(window.inspector()->node(), name);
    QCOMPARE(window.graphPane()->selectedNode(), name);
    // The other way: a selection made elsewhere (the graph) moves the table's current row.
    const QString other = window.session()->design().graph().nodes[10].name;
    window.session()->setSelectedNode(other);
    QCOMPARE(table->currentIndex().data(NodeTableModel::NodeNameRole).toString(), other);
    QCOMPARE(window.inspector()->node(), other);
}

void TestMainWindow::closeAsksAboutUnsavedChanges() {
    MainWindow window;
    QVERIFY(startAndWait(window, fixture("resnet18.onnx")));
    QVERIFY(window.close());  // nothing changed: closes without asking
    window.show();
    QVERIFY(window.session()->setBatch(64));
    QVERIFY(window.isWindowModified());
    answerNextMessageBox(QMessageBox::Cancel);
    QVERIFY(!window.close());
    QVERIFY(window.isVisible());
    answerNextMessageBox(QMessageBox::Discard);
    QVERIFY(window.close());
}

void TestMainWindow::settingsPersist() {
    {
        MainWindow window;
        QVERIFY(startAndWait(window, fixture("resnet18.onnx")));
        QVERIFY(window.session()->addTarget(ProjectTarget{QStringLiteral("h100-sxm5-80gb"), QStringLiteral("3g.40gb"), {}, false}));
        window.dock(QStringLiteral("inspectorDock"))->hide();
        answerNextMessageBox(QMessageBox::Discard);  // the added target is an unsaved change
        QVERIFY(window.close());
    }
    MainWindow window;
    QVERIFY(startAndWait(window));  // no argument: the default model on the last targets
    QCOMPARE(window.session()->modelInfo().source, QStringLiteral("zoo:resnet50"));
    QCOMPARE(window.session()->targetCount(), 3);
    QCOMPARE(window.session()->resolvedTargets()[2].key, QStringLiteral("h100-sxm5-80gb:mig=3g.40gb"));
    QVERIFY(!window.dock(QStringLiteral("inspectorDock"))->isVisible());
    const QStringList recent = RecentFiles::load();
    QVERIFY(recent.size() >= 2);
    QCOMPARE(recent.front(), QStringLiteral("zoo:resnet50"));
    QVERIFY(recent.contains(fixture("resnet18.onnx")));

    // File > Open Recent lists them, newest first, and opens one.
    auto *recentMenu = window.findChild<QMenu *>(QStringLiteral("recentMenu"));
    QVERIFY(recentMenu);
    QMetaObject::invokeMethod(recentMenu, "aboutToShow");
    QAction *entry = nullptr;
    for (QAction *action : recentMenu->actions()) {
        if (action->text().endsWith(fixture("resnet18.onnx"))) {
            entry = action;
        }
    }
    QVERIFY(entry);
    QVERIFY(recentMenu->actions().front()->text().endsWith(QStringLiteral("zoo:resnet50")));
    QSignalSpy loaded(window.session(), &ExplorerSession::loaded);
    entry->trigger();
    QVERIFY(loaded.wait(kWaitMs));
    QCOMPARE(window.session()->modelInfo().name, QStringLiteral("resnet18"));

    // View > Language keeps the choice for the next start (app/gui/main.cpp reads it).
    auto *languageMenu = window.findChild<QMenu *>(QStringLiteral("languageMenu"));
    QVERIFY(languageMenu);
    for (QAction *action : languageMenu->actions()) {
        if (action->data().toString() == QStringLiteral("de")) {
            action->trigger();
        }
    }
    QCOMPARE(QSettings().value(QStringLiteral("language")).toString(), QStringLiteral("de"));
}

void TestMainWindow::everyActionHasAShortcut() {
    MainWindow window;
    window.show();
    // Every menu entry has a shortcut (the recent files and the language choices are lists, not actions),
    // and no two of the window's actions share one (Qt would run neither).
    QHash<QString, QString> owners;
    std::function<void(QMenu *)> visit = [&](QMenu *menu) {
        for (QAction *action : menu->actions()) {
            if (action->isSeparator()) {
                continue;
            }
            if (action->menu() != nullptr) {
                if (action->menu()->objectName() != QStringLiteral("recentMenu") &&
                    action->menu()->objectName() != QStringLiteral("languageMenu")) {
                    visit(action->menu());
                }
                continue;
            }
            QVERIFY2(!action->shortcut().isEmpty(), qPrintable(action->text()));
        }
    };
    for (QAction *top : window.menuBar()->actions()) {
        QVERIFY(top->menu());
        visit(top->menu());
    }
    for (QAction *action : window.findChildren<QAction *>()) {
        for (const QKeySequence &key : action->shortcuts()) {
            const QString text = key.toString();
            QVERIFY2(!owners.contains(text) || owners.value(text) == action->text(),
                     qPrintable(QStringLiteral("%1: %2 and %3").arg(text, owners.value(text), action->text())));
            owners.insert(text, action->text());
        }
    }
    QVERIFY(owners.contains(QKeySequence(QKeySequence::Find).toString()));
    QVERIFY(owners.contains(QStringLiteral("F")));
    QVERIFY(owners.contains(QStringLiteral("Ctrl+Z")));
    QVERIFY(owners.contains(QStringLiteral("Ctrl+Shift+Z")));
}

void TestMainWindow::refusalsInStatusBar() {
    MainWindow window;
    QVERIFY(startAndWait(window, QStringLiteral("zoo:gpt2")));
    // GPT-2 has 1,024 positions (n_positions in its Hugging Face config): 5,000 tokens are refused,
    // the status bar says why and the knob keeps its value.
    auto *sequence = window.knobsPanel()->findChild<QSpinBox *>(QStringLiteral("sequenceSpin"));
    QVERIFY(sequence && sequence->isVisible());
    const std::int64_t before = window.session()->knobs().sequence;
    sequence->setFocus();
    sequence->selectAll();
    QTest::keyClicks(sequence, QStringLiteral("5000"));
    QTest::keyClick(sequence, Qt::Key_Return);
    QTRY_VERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("1024")));
    QCOMPARE(window.session()->knobs().sequence, before);
    QCOMPARE(window.session()->undoStack()->count(), 0);

    // A fifth target is refused with a message (Targets > Add Target, Ctrl+T).
    QVERIFY(window.session()->addTarget(ProjectTarget{QStringLiteral("l4"), {}, {}, false}));
    QVERIFY(window.session()->addTarget(ProjectTarget{QStringLiteral("t4"), {}, {}, false}));
    window.statusBar()->clearMessage();
    window.findChild<QAction *>(QStringLiteral("addTargetAction"))->trigger();
    QVERIFY(window.statusBar()->currentMessage().contains(QString::number(ExplorerSession::kMaxTargets)));
    QCOMPARE(window.session()->targetCount(), ExplorerSession::kMaxTargets);
}

void TestMainWindow::reportPageSizeFromLocale_data() {
    QTest::addColumn<QString>("locale");
    QTest::addColumn<int>("pageSize");
    // Letter is the paper of the United States and Canada (ANSI/ASME Y14.1, CAN2-9.60), A4 elsewhere
    // (ISO 216).
    QTest::newRow("en_US") << QStringLiteral("en_US") << int(QPageSize::Letter);
    QTest::newRow("en_CA") << QStringLiteral("en_CA") << int(QPageSize::Letter);
    QTest::newRow("fr_CA") << QStringLiteral("fr_CA") << int(QPageSize::Letter);
    QTest::newRow("en_GB") << QStringLiteral("en_GB") << int(QPageSize::A4);
    QTest::newRow("de_DE") << QStringLiteral("de_DE") << int(QPageSize::A4);
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << int(QPageSize::A4);
}

void TestMainWindow::reportPageSizeFromLocale() {
    QFETCH(QString, locale);
    QFETCH(int, pageSize);
    QCOMPARE(int(MainWindow::reportPageSize(QLocale(locale))), pageSize);
}

void TestMainWindow::exportReportAndTables() {
    QVERIFY(!QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty());
    MainWindow window;
    QVERIFY(startAndWait(window));
    QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("export"))));
    const QString pdf = m_dir.filePath(QStringLiteral("export/resnet50 report.pdf"));
    const QString tables = m_dir.filePath(QStringLiteral("export/tables"));
    QStringList asked;
    QString answer = pdf;
    window.setPathChooser([&](const QString &action, const QString &suggested) {
        asked << action;
        Q_UNUSED(suggested);
        return action == QStringLiteral("exportReportAction") ? answer : tables;
    });
    QSignalSpy exported(&window, &MainWindow::reportExported);

    // File > Export Report… (Ctrl+E): the accuracy figures behind a progress dialog, then the PDF.
    auto *report = window.findChild<QAction *>(QStringLiteral("exportReportAction"));
    QVERIFY(report);
    QCOMPARE(report->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));
    QVERIFY(report->isEnabled());
    report->trigger();
    QCOMPARE(asked, QStringList{QStringLiteral("exportReportAction")});
    QVERIFY(window.isExportingReport());
    QVERIFY(window.findChild<QProgressDialog *>(QStringLiteral("reportProgress")) != nullptr);
    QVERIFY(!report->isEnabled());  // one export at a time
    QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 1, kWaitMs);
    QCOMPARE(exported[0][0].toString(), pdf);
    QCOMPARE(exported[0][1].toString(), QString());
    QVERIFY(!window.isExportingReport());
    QVERIFY(report->isEnabled());
    QVERIFY(QFileInfo(pdf).size() > 0);
    QProcess pdftotext;
    pdftotext.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
    QVERIFY(pdftotext.waitForFinished(kWaitMs));
    QCOMPARE(pdftotext.exitCode(), 0);
    const QString text = QString::fromUtf8(pdftotext.readAllStandardOutput()).simplified();
    // The model and both default GPUs, by the names NVIDIA gives them (the catalogue's labels).
    for (const QString &expected : {QStringLiteral("resnet50"), QStringLiteral("A100-SXM4-80GB"), QStringLiteral("H100 SXM")}) {
        QVERIFY2(text.contains(expected), qPrintable(expected));
    }
    if (const QString shots = qEnvironmentVariable("INFERSIGHT_WINDOW_SCREENSHOTS"); !shots.isEmpty()) {
        QFile::remove(QDir(shots).filePath(QStringLiteral("window-report.pdf")));
        QVERIFY(QFile::copy(pdf, QDir(shots).filePath(QStringLiteral("window-report.pdf"))));
    }

    // A report that cannot be written: a message box naming the file.
    QFile blocker(m_dir.filePath(QStringLiteral("export/not-a-folder")));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    answer = m_dir.filePath(QStringLiteral("export/not-a-folder/report.pdf"));
    QSignalSpy errors(&window, &MainWindow::errorShown);
    QVERIFY(window.exportReport(answer));
    QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 2, kWaitMs);
    QVERIFY(!exported[1][1].toString().isEmpty());
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors[0][1].toString().contains(QDir::toNativeSeparators(answer)) || errors[0][1].toString().contains(answer),
             qPrintable(errors[0][1].toString()));
    QVERIFY(window.findChild<QMessageBox *>(QStringLiteral("errorMessageBox")) != nullptr);

    // File > Export Tables… (Ctrl+Shift+E): the CSV files in the chosen folder.
    auto *exportTables = window.findChild<QAction *>(QStringLiteral("exportTablesAction"));
    QVERIFY(exportTables);
    QCOMPARE(exportTables->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportTables->trigger();
    QCOMPARE(asked.last(), QStringLiteral("exportTablesAction"));
    QVERIFY(QFileInfo::exists(tables + QStringLiteral("/summary.csv")));
    QFile summary(tables + QStringLiteral("/summary.csv"));
    QVERIFY(summary.open(QIODevice::ReadOnly));
    const QString csv = QString::fromUtf8(summary.readAll());
    QVERIFY(csv.contains(QStringLiteral("A100-SXM4-80GB")));
    QVERIFY(!QDir(tables).entryList({QStringLiteral("layers-*.csv")}, QDir::Files).isEmpty());
    QVERIFY(window.statusBar()->currentMessage().contains(QDir::toNativeSeparators(tables)));
}

void TestMainWindow::migDockAddsTarget() {
    MainWindow window;
    QVERIFY(startAndWait(window));
    QDockWidget *dock = window.dock(QStringLiteral("migPlannerDock"));
    QVERIFY(dock);
    QCOMPARE(dock->windowTitle(), QStringLiteral("MIG Planner"));
    QCOMPARE(dock->widget(), window.migPanel());
    QCOMPARE(dock->toggleViewAction()->shortcut(), QKeySequence(Qt::ALT | Qt::Key_8));
    QVERIFY(window.tabifiedDockWidgets(dock).contains(window.dock(QStringLiteral("nodesDock"))));
    dock->raise();

    // The plan of the current target's GPU (the A100-SXM4-80GB); its 1g.10gb slice becomes a third target.
    MigPlannerPanel *panel = window.migPanel();
    QTRY_VERIFY_WITH_TIMEOUT(panel->plan() != nullptr && !panel->isPlanning(), kWaitMs);
    int row = -1;
    for (int r = 0; r < panel->model()->rowCount(); ++r) {
        if (panel->model()->index(r, MigPlanModel::Option).data().toString().contains(QStringLiteral("1g.10gb"))) {
            row = r;
            break;
        }
    }
    QVERIFY(row >= 0);
    QVERIFY(panel->addRowAsTarget(row).ok());
    QCOMPARE(window.session()->targetCount(), 3);
    QCOMPARE(window.session()->targets()[2].spec.gpu, QStringLiteral("a100-sxm4-80gb"));
    QCOMPARE(window.session()->targets()[2].spec.mig, QStringLiteral("1g.10gb"));
    QVERIFY(settle(window));
    QCOMPARE(window.summaryModel()->columnCount(), 3);
    // INFERSIGHT_WINDOW_SCREENSHOTS=DIR: the window with the MIG Planner dock in front, for the docs.
    const QString shots = qEnvironmentVariable("INFERSIGHT_WINDOW_SCREENSHOTS");
    if (!shots.isEmpty()) {
        QTRY_VERIFY_WITH_TIMEOUT(window.isFilled() && !panel->isPlanning(), kWaitMs);
        QVERIFY(window.grab().save(QDir(shots).filePath(QStringLiteral("window-mig-planner.png"))));
    }
}

void TestMainWindow::chartsDraftWhileSliderHeld() {
    MainWindow window;
    QVERIFY(startAndWait(window));
    auto *slider = window.knobsPanel()->findChild<QSlider *>(QStringLiteral("batchSlider"));
    QVERIFY(slider);
    QVERIFY(!window.chartTabs()->isDraftQuality());
    const QPoint handle = sliderHandle(slider);
    QTest::mousePress(slider, Qt::LeftButton, {}, handle);
    QVERIFY(window.chartTabs()->isDraftQuality());
    QTest::mouseMove(slider, handle + QPoint(20, 0));
    QTest::mouseRelease(slider, Qt::LeftButton, {}, handle + QPoint(20, 0));
    QVERIFY(!window.chartTabs()->isDraftQuality());
    QVERIFY(settle(window));
}

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
