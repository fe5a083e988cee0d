// SPDX-License-Identifier: MIT
#include "main_window.h"

#include "charts/chart_tabs.h"
#include "dialogs/custom_gpu_dialog.h"
#include "dialogs/input_shape_dialog.h"
#include "dialogs/zoo_browser_dialog.h"
#include "graph/graph_pane.h"
#include "graph/graph_session_link.h"
#include "knobs/knobs_panel.h"
#include "mig/mig_planner_panel.h"
#include "models/cost_bar_delegate.h"
#include "models/node_table_model.h"
#include "models/summary_bar_delegate.h"
#include "models/summary_model.h"
#include "pages/node_inspector.h"
#include "report/pdf_report.h"
#include "report/table_export.h"
#include "session/explorer_session.h"
#include "window/recent_files.h"
#include "window/target_list_panel.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QUndoView>
#include <QtConcurrent>

#include <algorithm>

namespace infersight {

namespace {

constexpr int kStatusMs = 8000;
constexpr char kTargetsKey[] = "targets";
constexpr char kGeometryKey[] = "window/geometry";
constexpr char kStateKey[] = "window/state";
constexpr char kLanguageKey[] = "language";
constexpr char kExportFolderKey[] = "export/folder";
// Bump when the dock layout changes so an old saved state is not applied to new docks.
constexpr int kStateVersion = 2;

// The report's accuracy figures, computed on the thread pool (reportAccuracy() is thread-safe).
struct AccuracyOutcome {
    std::shared_ptr<const ValidationResult> accuracy;
    QString error;
};

// An error text that names `path` (the writers' errors usually do already).
QString namingPath(const QString &path, const QString &message) {
    const QString native = QDir::toNativeSeparators(path);
    return message.contains(path) || message.contains(native) ? message
                                                                : QCoreApplication::translate("MainWindow", "%1: %2").arg(native, message);
}

bool isTorchScript(const QString &source) {
    const QString suffix = QFileInfo(source).suffix().toLower();
    return !source.startsWith(QLatin1String("zoo:")) && (suffix == QLatin1String("pt") || suffix == QLatin1String("pth"));
}

QVariantList targetsToSettings(const std::vector<SessionTarget> &targets) {
    QVariantList list;
    for (const SessionTarget &t : targets) {
        QVariantMap map;
        map.insert(QStringLiteral("gpu"), t.spec.gpu);
        if (!t.spec.mig.isEmpty()) {
            map.insert(QStringLiteral("mig"), t.spec.mig);
        }
        if (t.spec.mps) {
            map.insert(QStringLiteral("mps"), *t.spec.mps);
            map.insert(QStringLiteral("mpsAlone"), t.spec.mpsAlone);
        }
        list.append(map);
    }
    return list;
}

std::vector<ProjectTarget> targetsFromSettings(const QVariantList &list) {
    std::vector<ProjectTarget> targets;
    for (const QVariant &entry : list) {
        const QVariantMap map = entry.toMap();
        ProjectTarget t;
        t.gpu = map.value(QStringLiteral("gpu")).toString();
        t.mig = map.value(QStringLiteral("mig")).toString();
        if (map.contains(QStringLiteral("mps"))) {
            t.mps = map.value(QStringLiteral("mps")).toDouble();
            t.mpsAlone = map.value(QStringLiteral("mpsAlone")).toBool();
        }
        if (!t.gpu.isEmpty()) {
            targets.push_back(t);
        }
    }
    return targets;
}

}  // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent) {
    setObjectName(QStringLiteral("explorerWindow"));
    setWindowTitle(tr("Infersight"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);

    m_session = new ExplorerSession(this);
    m_graph = new GraphPane(this);
    m_graph->setObjectName(QStringLiteral("graphPane"));
    setCentralWidget(m_graph);

    buildDocks();
    buildStatusBar();
    buildMenus();
    m_link = new GraphSessionLink(m_session, m_graph, m_inspector, this);
    connectSession();
    resize(1600, 1000);
    restoreLayout();
    updateTitle();
}

MainWindow::~MainWindow() = default;

// --- building

QDockWidget *MainWindow::addDock(const QString &objectName, const QString &title, QWidget *content,
                                 Qt::DockWidgetArea area) {
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(content);
    addDockWidget(area, dock);
    m_docks.push_back(dock);
    return dock;
}

void MainWindow::buildDocks() {
    // Left column (full height): knobs, the target list, the undo history.
    // Right: summary over inspector. Bottom (under the graph and the right column): charts, with
    // the node table behind them.
    m_knobs = new KnobsPanel(m_session, this);
    m_knobs->setObjectName(QStringLiteral("knobsPanel"));
    QDockWidget *knobsDock = addDock(QStringLiteral("knobsDock"), tr("Knobs"), m_knobs, Qt::LeftDockWidgetArea);

    m_targets = new TargetListPanel(m_session, this);
    m_targets->setObjectName(QStringLiteral("targetPanel"));
    QDockWidget *targetsDock = addDock(QStringLiteral("targetsDock"), tr("Targets"), m_targets, Qt::LeftDockWidgetArea);
    splitDockWidget(knobsDock, targetsDock, Qt::Vertical);

    m_undoView = new QUndoView(m_session->undoStack(), this);
    m_undoView->setObjectName(QStringLiteral("undoView"));
    m_undoView->setEmptyLabel(tr("<opened>"));
    QDockWidget *undoDock = addDock(QStringLiteral("undoDock"), tr("Undo History"), m_undoView, Qt::LeftDockWidgetArea);
    splitDockWidget(targetsDock, undoDock, Qt::Vertical);

    m_summary = new SummaryModel(this);
    m_summaryView = new QTableView(this);
    m_summaryView->setObjectName(QStringLiteral("summaryView"));
    m_summaryView->setModel(m_summary);
    m_summaryView->setItemDelegate(new SummaryBarDelegate(m_summaryView));
    m_summaryView->setSelectionMode(QAbstractItemView::NoSelection);
    m_summaryView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_summaryView->setWordWrap(false);
    m_summaryView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_summaryView->horizontalHeader()->setStretchLastSection(true);
    m_summaryView->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    QDockWidget *summaryDock = addDock(QStringLiteral("summaryDock"), tr("Summary"), m_summaryView, Qt::RightDockWidgetArea);

    m_inspector = new NodeInspector(this);
    m_inspector->setObjectName(QStringLiteral("nodeInspector"));
    QDockWidget *inspectorDock = addDock(QStringLiteral("inspectorDock"), tr("Inspector"), m_inspector, Qt::RightDockWidgetArea);
    splitDockWidget(summaryDock, inspectorDock, Qt::Vertical);

    m_charts = new ChartTabs(this);
    m_charts->setObjectName(QStringLiteral("chartTabs"));
    QDockWidget *chartsDock = addDock(QStringLiteral("chartsDock"), tr("Charts"), m_charts, Qt::BottomDockWidgetArea);

    m_nodes = new NodeTableModel(this);
    m_nodeProxy = new QSortFilterProxyModel(this);
    m_nodeProxy->setSourceModel(m_nodes);
    m_nodeProxy->setSortRole(NodeTableModel::SortRole);
    m_nodeView = new QTableView(this);
    m_nodeView->setObjectName(QStringLiteral("nodeTable"));
    m_nodeView->setModel(m_nodeProxy);
    m_nodeView->setSortingEnabled(true);
    m_nodeView->sortByColumn(-1, Qt::AscendingOrder);  // execution order until the user sorts
    m_nodeView->setAlternatingRowColors(true);
    m_nodeView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_nodeView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_nodeView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_nodeView->verticalHeader()->setVisible(false);
    m_nodeView->verticalHeader()->setDefaultSectionSize(m_nodeView->fontMetrics().height() + 6);
    m_nodeView->horizontalHeader()->setStretchLastSection(true);
    m_nodeView->setItemDelegateForColumn(NodeTableModel::Share,
                                         new CostBarDelegate(NodeTableModel::ShareRole, QColor(0x56, 0xB4, 0xE9), m_nodeView));
    QDockWidget *nodesDock = addDock(QStringLiteral("nodesDock"), tr("Nodes"), m_nodeView, Qt::BottomDockWidgetArea);
    tabifyDockWidget(chartsDock, nodesDock);

    // The MIG planner is a wide table like the node list: a tab behind the charts.
    m_mig = new MigPlannerPanel(m_session, this);
    m_mig->setObjectName(QStringLiteral("migPlannerPanel"));
    QDockWidget *migDock = addDock(QStringLiteral("migPlannerDock"), tr("MIG Planner"), m_mig, Qt::BottomDockWidgetArea);
    tabifyDockWidget(nodesDock, migDock);
    chartsDock->raise();
}

void MainWindow::buildMenus() {
    // --- File
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::chooseFile);
    open->setObjectName(QStringLiteral("openAction"));
    open->setStatusTip(tr("Open an ONNX or TorchScript model, a Hugging Face config.json or a project"));
    QAction *zoo = file->addAction(tr("Open &Zoo Model…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this,
                                   &MainWindow::chooseZooModel);
    zoo->setObjectName(QStringLiteral("openZooAction"));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    fillRecentMenu();
    file->addSeparator();
    m_saveAction = file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    m_saveAction->setObjectName(QStringLiteral("saveAction"));
    QAction *saveAsAction = file->addAction(tr("Save &As…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this,
                                      [this]() { saveAs(QString()); });
    saveAsAction->setObjectName(QStringLiteral("saveAsAction"));
    file->addSeparator();
    m_exportReportAction = file->addAction(tr("Export &Report…"), QKeySequence(Qt::CTRL | Qt::Key_E), this,
                                           &MainWindow::chooseReportFile);
    m_exportReportAction->setObjectName(QStringLiteral("exportReportAction"));
    m_exportReportAction->setStatusTip(tr("Write a PDF report: summary, charts, top layers, MIG plans, graph and accuracy"));
    m_exportTablesAction = file->addAction(tr("Export &Tables…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), this,
                                           &MainWindow::chooseTablesFolder);
    m_exportTablesAction->setObjectName(QStringLiteral("exportTablesAction"));
    m_exportTablesAction->setStatusTip(tr("Write every table of the session as CSV files into a folder"));
    updateExportActions();
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), QKeySequence(Qt::CTRL | Qt::Key_Q), this, &QWidget::close);
    quit->setObjectName(QStringLiteral("quitAction"));
    quit->setMenuRole(QAction::QuitRole);

    // --- Edit
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_session->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(QStringLiteral("undoAction"));
    undo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
    QAction *redo = m_session->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(QStringLiteral("redoAction"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction *customGpu = edit->addAction(tr("&Custom GPU…"), QKeySequence(Qt::CTRL | Qt::Key_G), this,
                                         &MainWindow::chooseCustomGpu);
    customGpu->setObjectName(QStringLiteral("customGpuAction"));
    customGpu->setStatusTip(tr("Describe a GPU that is not in the catalogue and add it as a target"));

    // --- View
    m_viewMenu = menuBar()->addMenu(tr("&View"));
    const QList<QKeySequence> dockKeys = {
        QKeySequence(Qt::ALT | Qt::Key_1), QKeySequence(Qt::ALT | Qt::Key_2), QKeySequence(Qt::ALT | Qt::Key_3),
        QKeySequence(Qt::ALT | Qt::Key_4), QKeySequence(Qt::ALT | Qt::Key_5), QKeySequence(Qt::ALT | Qt::Key_6),
        QKeySequence(Qt::ALT | Qt::Key_7), QKeySequence(Qt::ALT | Qt::Key_8)};
    for (std::size_t i = 0; i < m_docks.size(); ++i) {
        QAction *toggle = m_docks[i]->toggleViewAction();
        if (static_cast<qsizetype>(i) < dockKeys.size()) {
            toggle->setShortcut(dockKeys[static_cast<qsizetype>(i)]);
        }
        m_viewMenu->addAction(toggle);
    }
    m_viewMenu->addSeparator();
    QAction *fit = m_viewMenu->addAction(tr("&Fit Graph"), QKeySequence(Qt::Key_F), m_graph,
                                         [this]() { m_graph->fitAction()->trigger(); });
    fit->setObjectName(QStringLiteral("fitGraphAction"));
    m_viewMenu->addAction(m_graph->findAction());  // Ctrl+F: the graph pane's search
    m_viewMenu->addSeparator();
    QMenu *language = m_viewMenu->addMenu(tr("&Language"));
    language->setObjectName(QStringLiteral("languageMenu"));
    auto *languages = new QActionGroup(this);
    const QString current = QSettings().value(QString::fromLatin1(kLanguageKey)).toString();
    const QList<std::pair<QString, QString>> choices = {{QString(), tr("System default")},
                                                        {QStringLiteral("en"), QStringLiteral("English")},
                                                        {QStringLiteral("de"), QStringLiteral("Deutsch")},
                                                        {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
    for (const auto &[code, name] : choices) {
        QAction *choice = language->addAction(name);
        choice->setCheckable(true);
        choice->setChecked(code == current);
        choice->setData(code);
        languages->addAction(choice);
        connect(choice, &QAction::triggered, this, [this, code]() { setLanguage(code); });
    }

    // --- Targets
    QMenu *targets = menuBar()->addMenu(tr("&Targets"));
    QAction *add = targets->addAction(tr("&Add Target…"), QKeySequence(Qt::CTRL | Qt::Key_T), m_targets,
                                      &TargetListPanel::addTarget);
    add->setObjectName(QStringLiteral("addTargetAction"));
    QAction *remove = targets->addAction(tr("&Remove Target"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T),
                                         m_targets, &TargetListPanel::removeCurrent);
    remove->setObjectName(QStringLiteral("removeTargetAction"));
    targets->addAction(tr("Move Target &Up"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Up), m_targets,
                       &TargetListPanel::moveCurrentUp);
    targets->addAction(tr("Move Target &Down"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Down), m_targets,
                       &TargetListPanel::moveCurrentDown);
    targets->addSeparator();
    targets->addAction(customGpu);

    // --- Help
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *about = help->addAction(tr("&About Infersight"), QKeySequence::HelpContents, this, &MainWindow::showAbout);
    about->setObjectName(QStringLiteral("aboutAction"));
    about->setMenuRole(QAction::AboutRole);

    // --- Tool bar: the frequent actions and what is open.
    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    bar->addAction(open);
    bar->addAction(zoo);
    bar->addAction(m_saveAction);
    bar->addSeparator();
    bar->addAction(undo);
    bar->addAction(redo);
    bar->addSeparator();
    m_modelLabel = new QLabel(bar);
    m_modelLabel->setObjectName(QStringLiteral("modelLabel"));
    m_modelLabel->setContentsMargins(8, 0, 8, 0);
    bar->addWidget(m_modelLabel);
}

void MainWindow::buildStatusBar() {
    m_predictLabel = new QLabel(this);
    m_predictLabel->setObjectName(QStringLiteral("predictLabel"));
    statusBar()->addPermanentWidget(m_predictLabel);

    m_busy = new QWidget(this);
    m_busy->setObjectName(QStringLiteral("loadIndicator"));
    auto *layout = new QHBoxLayout(m_busy);
    layout->setContentsMargins(0, 0, 0, 0);
    m_busyLabel = new QLabel(m_busy);
    m_busyBar = new QProgressBar(m_busy);
    m_busyBar->setRange(0, 0);  // busy: the importers report no progress
    m_busyBar->setMaximumWidth(120);
    m_busyBar->setMaximumHeight(14);
    m_busyBar->setTextVisible(false);
    m_cancelButton = new QPushButton(tr("Cancel"), m_busy);
    m_cancelButton->setObjectName(QStringLiteral("cancelLoadButton"));
    m_cancelButton->setToolTip(tr("Stop opening the model (Esc); the current model stays"));
    layout->addWidget(m_busyLabel);
    layout->addWidget(m_busyBar);
    layout->addWidget(m_cancelButton);
    statusBar()->addPermanentWidget(m_busy);
    m_busy->hide();
    // Esc cancels too: a window action, enabled only while a model loads (Esc stays free otherwise).
    m_cancelAction = new QAction(tr("Cancel Opening"), this);
    m_cancelAction->setObjectName(QStringLiteral("cancelLoadAction"));
    m_cancelAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancelAction->setEnabled(false);
    addAction(m_cancelAction);
    connect(m_cancelAction, &QAction::triggered, this, [this]() {
        if (!m_session->isLoading()) {
            return;
        }
        const QString source = m_session->loadingSource();
        m_session->cancelLoad();
        hideBusy();
        statusBar()->showMessage(tr("Cancelled opening %1").arg(source), kStatusMs);
    });
    connect(m_cancelButton, &QPushButton::clicked, m_cancelAction, &QAction::trigger);
}

void MainWindow::connectSession() {
    connect(m_session, &ExplorerSession::loadStarted, this, &MainWindow::onLoadStarted);
    connect(m_session, &ExplorerSession::loaded, this, &MainWindow::onLoaded);
    connect(m_session, &ExplorerSession::loadFailed, this, &MainWindow::onLoadFailed);
    connect(m_session, &ExplorerSession::resultsChanged, this, &MainWindow::onResults);
    connect(m_session, &ExplorerSession::predictionFailed, this,
            [this](const QString &message) { statusBar()->showMessage(tr("Prediction failed: %1").arg(message), kStatusMs); });
    connect(m_session, &ExplorerSession::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_session, &ExplorerSession::projectPathChanged, this, &MainWindow::updateTitle);
    connect(m_session, &ExplorerSession::modelChanged, this, [this]() {
        updateTitle();
        updateModelLabel();
    });
    connect(m_session, &ExplorerSession::specChanged, this, &MainWindow::updateModelLabel);
    connect(m_session, &ExplorerSession::targetsChanged, this, &MainWindow::saveTargets);
    connect(m_session, &ExplorerSession::selectedNodeChanged, this, &MainWindow::onSelectedNode);
    connect(m_nodeView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &MainWindow::onNodeRowChanged);
    connect(m_nodes, &QAbstractItemModel::modelReset, this, [this]() { onSelectedNode(m_session->selectedNode()); });
    connect(m_knobs, &KnobsPanel::message, this, [this](const QString &text) {
        if (!text.isEmpty()) {
            statusBar()->showMessage(text, kStatusMs);
        }
    });
    connect(m_targets, &TargetListPanel::message, this, [this](const QString &text) { statusBar()->showMessage(text, kStatusMs); });
    // While a knob's slider is held the charts follow it in draft quality (no antialiasing).
    for (QSlider *slider : m_knobs->findChildren<QSlider *>()) {
        connect(slider, &QSlider::sliderPressed, m_charts, [this]() { m_charts->setDraftQuality(true); });
        connect(slider, &QSlider::sliderReleased, m_charts, [this]() { m_charts->setDraftQuality(false); });
    }
    connect(m_mig, &MigPlannerPanel::message, this, [this](const QString &text) {
        if (!text.isEmpty()) {
            statusBar()->showMessage(text, kStatusMs);
        }
    });
    connect(m_graph, &GraphPane::layoutFinished, this, &MainWindow::checkFilled);
    connect(m_inspector, &NodeInspector::dependentsChanged, m_graph, &GraphPane::highlightNodes);
}

// --- start-up and settings

std::vector<ProjectTarget> MainWindow::defaultTargets() {
    ProjectTarget a100;
    a100.gpu = QStringLiteral("a100-sxm4-80gb");
    ProjectTarget h100;
    h100.gpu = QStringLiteral("h100-sxm5-80gb");
    return {a100, h100};
}

void MainWindow::start(const QString &source) {
    QSettings settings;
    std::vector<ProjectTarget> targets = targetsFromSettings(settings.value(QString::fromLatin1(kTargetsKey)).toList());
    bool restored = false;
    if (!targets.empty() && static_cast<int>(targets.size()) <= ExplorerSession::kMaxTargets) {
        const Status reset = m_session->resetTargets(targets);
        restored = reset.ok() && std::all_of(m_session->resolvedTargets().begin(), m_session->resolvedTargets().end(),
                                             [](const ResolvedTarget &t) { return t.error.isEmpty(); });
    }
    if (!restored) {
        (void)m_session->resetTargets(defaultTargets());
    }
    Knobs knobs;
    knobs.batch = 8;
    knobs.precision = Precision::FP16;
    const QString what = source.isEmpty() ? QString::fromLatin1(kDefaultSource) : source;
    if (isTorchScript(what)) {
        const std::optional<QString> shapes = askTorchScriptInputShapes(this, what);
        if (!shapes) {
            m_session->open(QString::fromLatin1(kDefaultSource), {}, knobs);
            return;
        }
        m_session->open(what, *shapes, knobs);
        return;
    }
    m_session->open(what, {}, knobs);
}

void MainWindow::saveTargets() const {
    QSettings settings;
    settings.setValue(QString::fromLatin1(kTargetsKey), targetsToSettings(m_session->targets()));
}

void MainWindow::restoreLayout() {
    QSettings settings;
    restoreGeometry(settings.value(QString::fromLatin1(kGeometryKey)).toByteArray());
    m_layoutRestored = restoreState(settings.value(QString::fromLatin1(kStateKey)).toByteArray(), kStateVersion);
}

void MainWindow::applyDefaultSizes() {
    // Dock sizes only take once the window has its size (first show). Left: the knobs get what they
    // need, the target list the rest; right: the summary wide enough for two targets side by side.
    QDockWidget *knobs = dock(QStringLiteral("knobsDock"));
    QDockWidget *targets = dock(QStringLiteral("targetsDock"));
    QDockWidget *summary = dock(QStringLiteral("summaryDock"));
    QDockWidget *inspector = dock(QStringLiteral("inspectorDock"));
    QDockWidget *charts = dock(QStringLiteral("chartsDock"));
    const int left = std::max(280, m_knobs->sizeHint().width() + 16);
    resizeDocks({knobs, summary}, {left, std::max(420, width() * 3 / 8)}, Qt::Horizontal);
    QDockWidget *undo = dock(QStringLiteral("undoDock"));
    const int line = fontMetrics().height();
    const int knobsHeight = m_knobs->sizeHint().height() + 2 * line;
    const int targetsHeight = (ExplorerSession::kMaxTargets + 3) * (line + 6);
    resizeDocks({knobs, targets, undo}, {knobsHeight, targetsHeight, std::max(80, height() - knobsHeight - targetsHeight)},
                Qt::Vertical);
    const int summaryHeight = (SummaryModel::RowCount + 1) * (line + 9) + 2 * line;
    resizeDocks({summary, inspector}, {summaryHeight, std::max(120, height() / 2 - summaryHeight)}, Qt::Vertical);
    resizeDocks({charts}, {height() * 45 / 100}, Qt::Vertical);
}

void MainWindow::showEvent(QShowEvent *event) {
    QMainWindow::showEvent(event);
    if (!m_shownOnce) {
        m_shownOnce = true;
        if (!m_layoutRestored) {
            applyDefaultSizes();
        }
    }
}

void MainWindow::saveLayout() const {
    QSettings settings;
    settings.setValue(QString::fromLatin1(kGeometryKey), saveGeometry());
    settings.setValue(QString::fromLatin1(kStateKey), saveState(kStateVersion));
}

void MainWindow::setLanguage(const QString &language) {
    QSettings().setValue(QString::fromLatin1(kLanguageKey), language);
    statusBar()->showMessage(tr("The language changes when Infersight starts next time."), kStatusMs);
}

QDockWidget *MainWindow::dock(const QString &objectName) const {
    for (QDockWidget *d : m_docks) {
        if (d->objectName() == objectName) {
            return d;
        }
    }
    return nullptr;
}

// --- opening and saving

void MainWindow::openSource(const QString &source) {
    if (source.isEmpty()) {
        return;
    }
    QString shapes;
    if (isTorchScript(source)) {
        const std::optional<QString> asked = askTorchScriptInputShapes(this, source);
        if (!asked) {
            return;
        }
        shapes = *asked;
    }
    const bool project = source.endsWith(QLatin1String(Project::kSuffix), Qt::CaseInsensitive);
    if (project && !maybeSave()) {
        return;
    }
    m_session->open(source, shapes);
}

void MainWindow::chooseFile() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open"), QString(),
        tr("Models and projects (*.onnx *.pt *.pth *.json *.infersight);;ONNX (*.onnx);;TorchScript (*.pt *.pth);;"
           "Hugging Face config (*.json);;Infersight project (*.infersight);;All files (*)"));
    openSource(path);
}

void MainWindow::chooseZooModel() {
    ZooBrowserDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted) {
        openSource(dialog.selectedSource());
    }
}

void MainWindow::fillRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = RecentFiles::load();
    for (qsizetype i = 0; i < recent.size(); ++i) {
        const QString source = recent[i];
        const QString text = i < 9 ? QStringLiteral("&%1 %2").arg(i + 1).arg(source) : source;
        QAction *entry = m_recentMenu->addAction(text, this, [this, source]() { openSource(source); });
        if (i < 9) {
            entry->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + i)));
        }
    }
    if (recent.isEmpty()) {
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    } else {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("&Clear List"), this, []() { RecentFiles::clear(); });
    }
}

bool MainWindow::save() {
    if (m_session->projectPath().isEmpty()) {
        return saveAs();
    }
    return saveAs(m_session->projectPath());
}

bool MainWindow::saveAs(const QString &path) {
    if (!m_session->hasModel()) {
        statusBar()->showMessage(tr("Nothing to save: no model is open."), kStatusMs);
        return false;
    }
    QString file = path;
    if (file.isEmpty()) {
        const QString suggested = m_session->projectPath().isEmpty()
                                      ? m_session->modelInfo().name + QLatin1String(Project::kSuffix)
                                      : m_session->projectPath();
        file = QFileDialog::getSaveFileName(this, tr("Save Project"), suggested,
                                            tr("Infersight project (*.infersight)"));
        if (file.isEmpty()) {
            return false;
        }
        if (!file.endsWith(QLatin1String(Project::kSuffix), Qt::CaseInsensitive)) {
            file += QLatin1String(Project::kSuffix);
        }
    }
    const Status saved = m_session->saveProject(file);
    if (!saved) {
        showError(tr("Could not save the project"), saved.errorMessage());
        return false;
    }
    RecentFiles::add(file);
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(file)), kStatusMs);
    return true;
}

bool MainWindow::maybeSave() {
    if (!m_session->isModified()) {
        return true;
    }
    const QString name = m_session->projectPath().isEmpty() ? m_session->modelInfo().name
                                                            : QFileInfo(m_session->projectPath()).fileName();
    const auto answer = QMessageBox::question(
        this, tr("Unsaved changes"), tr("Save the changes to %1 before closing it?").arg(name),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) {
        return save();
    }
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent *event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    m_closing = true;
    if (m_session->isLoading()) {
        m_session->cancelLoad();
    }
    saveLayout();
    saveTargets();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event) {
    const QMimeData *mime = event->mimeData();
    if (mime->hasUrls() && !mime->urls().isEmpty() && mime->urls().front().isLocalFile()) {
        event->acceptProposedAction();
    }
}

void MainWindow::dragMoveEvent(QDragMoveEvent *event) {
    const QMimeData *mime = event->mimeData();
    if (mime->hasUrls() && !mime->urls().isEmpty() && mime->urls().front().isLocalFile()) {
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent *event) {
    const QMimeData *mime = event->mimeData();
    if (!mime->hasUrls() || mime->urls().isEmpty() || !mime->urls().front().isLocalFile()) {
        return;
    }
    event->acceptProposedAction();
    const QString path = mime->urls().front().toLocalFile();
    if (mime->urls().size() > 1) {
        statusBar()->showMessage(tr("Opening %1 (one file at a time)").arg(QFileInfo(path).fileName()), kStatusMs);
    }
    // Opened after the drop returns, so a prompt (TorchScript shapes) does not run inside the drag.
    QMetaObject::invokeMethod(this, [this, path]() { openSource(path); }, Qt::QueuedConnection);
}

// --- custom GPU, about

void MainWindow::chooseCustomGpu() {
    const int current = m_session->currentTarget();
    const QString start = current >= 0 && current < m_session->targetCount()
                              ? m_session->targets()[static_cast<std::size_t>(current)].spec.gpu
                              : QString();
    CustomGpuDialog dialog(m_session->catalogue(), start, this);
    if (dialog.exec() != QDialog::Accepted || dialog.savedKey().isEmpty()) {
        return;
    }
    m_session->reloadCatalogue();
    ProjectTarget target;
    target.gpu = dialog.savedKey();
    // A full list: the new GPU replaces the current target.
    const bool full = m_session->targetCount() >= ExplorerSession::kMaxTargets;
    const Status added = full ? m_session->setTarget(current, target) : m_session->addTarget(target);
    if (!added) {
        showError(tr("Could not add the GPU"), added.errorMessage());
        return;
    }
    m_session->setCurrentTarget(full ? current : m_session->targetCount() - 1);
    statusBar()->showMessage(tr("Saved %1 and added it as a target").arg(QDir::toNativeSeparators(dialog.savedPath())),
                             kStatusMs);
}

void MainWindow::showAbout() {
    QMessageBox::about(
        this, tr("About Infersight"),
        tr("<h3>Infersight %1</h3><p>Predicts the latency, energy and memory of deep-learning inference on "
           "NVIDIA GPUs and MIG slices, from the model alone.</p><p>Every number on screen can be reproduced "
           "with <tt>infersight-cli</tt>.</p><p>MIT licence.</p>")
            .arg(QCoreApplication::applicationVersion()));
}

// --- export

QPageSize::PageSizeId MainWindow::reportPageSize(const QLocale &locale) {
    const QLocale::Territory territory = locale.territory();
    return territory == QLocale::UnitedStates || territory == QLocale::Canada ? QPageSize::Letter : QPageSize::A4;
}

void MainWindow::updateExportActions() {
    if (m_exportReportAction == nullptr) {
        return;
    }
    const auto results = m_session->results();
    const bool complete = results && results->complete();
    m_exportReportAction->setEnabled(complete && !m_exportingReport);
    m_exportTablesAction->setEnabled(complete);
}

QString MainWindow::choosePath(const QString &action, const QString &suggested, bool folder) {
    if (m_pathChooser) {
        return m_pathChooser(action, suggested);
    }
    if (folder) {
        return QFileDialog::getExistingDirectory(this, tr("Export Tables to Folder"), suggested);
    }
    return QFileDialog::getSaveFileName(this, tr("Export Report"), suggested, tr("PDF document (*.pdf)"));
}

void MainWindow::chooseReportFile() {
    if (!m_session->hasModel()) {
        statusBar()->showMessage(tr("Nothing to export: no model is open."), kStatusMs);
        return;
    }
    const QString folder = QSettings().value(QString::fromLatin1(kExportFolderKey),
                                             QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)).toString();
    QString path = choosePath(QStringLiteral("exportReportAction"),
                              QDir(folder).filePath(m_session->modelInfo().name + QStringLiteral("-report.pdf")), false);
    if (path.isEmpty()) {
        return;
    }
    if (!path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive)) {
        path += QLatin1String(".pdf");
    }
    QSettings().setValue(QString::fromLatin1(kExportFolderKey), QFileInfo(path).absolutePath());
    exportReport(path);
}

void MainWindow::chooseTablesFolder() {
    if (!m_session->hasModel()) {
        statusBar()->showMessage(tr("Nothing to export: no model is open."), kStatusMs);
        return;
    }
    const QString folder = QSettings().value(QString::fromLatin1(kExportFolderKey),
                                             QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)).toString();
    const QString chosen = choosePath(QStringLiteral("exportTablesAction"), folder, true);
    if (chosen.isEmpty()) {
        return;
    }
    QSettings().setValue(QString::fromLatin1(kExportFolderKey), chosen);
    exportTables(chosen);
}

bool MainWindow::exportReport(const QString &path) {
    if (m_exportingReport) {
        statusBar()->showMessage(tr("A report is being exported already."), kStatusMs);
        return false;
    }
    // The results as they are now: later knob changes do not change what is written.
    const std::shared_ptr<const SessionResults> results = m_session->results();
    if (!results || !results->complete()) {
        statusBar()->showMessage(tr("The results are still being computed; export the report once they are complete."),
                                 kStatusMs);
        return false;
    }
    m_exportingReport = true;
    const quint64 run = ++m_reportRun;
    updateExportActions();

    m_reportProgress = new QProgressDialog(tr("Computing the accuracy figures for %1…").arg(QFileInfo(path).fileName()),
                                           tr("Cancel"), 0, 0, this);
    m_reportProgress->setObjectName(QStringLiteral("reportProgress"));
    m_reportProgress->setWindowTitle(tr("Export Report"));
    m_reportProgress->setAutoClose(false);
    m_reportProgress->setAutoReset(false);
    m_reportProgress->setMinimumDuration(0);
    m_reportProgress->setWindowModality(Qt::WindowModal);
    connect(m_reportProgress, &QProgressDialog::canceled, this, [this, run, path]() {
        if (run == m_reportRun && m_exportingReport) {
            ++m_reportRun;  // the accuracy figures still arrive (and are kept for the next report); nothing is written
            finishReport(path, tr("Cancelled"), true);
        }
    });
    m_reportProgress->open();

    // The accuracy figures (a few seconds the first time, then cached) on the thread pool; the PDF
    // itself on the GUI thread (QtCharts and QGraphicsScene live there).
    auto *watcher = new QFutureWatcher<AccuracyOutcome>(this);
    connect(watcher, &QFutureWatcher<AccuracyOutcome>::finished, this, [this, watcher, run, path, results]() {
        const AccuracyOutcome outcome = watcher->result();
        watcher->deleteLater();
        if (run != m_reportRun) {
            return;
        }
        if (m_reportProgress) {
            m_reportProgress->setLabelText(tr("Writing %1…").arg(QFileInfo(path).fileName()));
            m_reportProgress->setCancelButton(nullptr);
        }
        if (!outcome.error.isEmpty()) {
            statusBar()->showMessage(tr("The report has no accuracy page: %1").arg(outcome.error), kStatusMs);
        }
        // After the progress dialog has painted its new text.
        QTimer::singleShot(0, this, [this, run, path, results, accuracy = outcome.accuracy]() {
            if (run == m_reportRun) {
                writeReport(path, results, accuracy);
            }
        });
    });
    watcher->setFuture(QtConcurrent::run([]() {
        AccuracyOutcome outcome;
        const auto accuracy = reportAccuracy();
        if (accuracy) {
            outcome.accuracy = *accuracy;
        } else {
            outcome.error = accuracy.errorMessage();
        }
        return outcome;
    }));
    return true;
}

void MainWindow::writeReport(const QString &path, const std::shared_ptr<const SessionResults> &results,
                             const std::shared_ptr<const ValidationResult> &accuracy) {
    ReportOptions options;
    options.pageSize = reportPageSize(QLocale());
    options.mig.sloMs = m_mig->sloMs();
    options.mig.headroom = m_mig->headroom();
    options.accuracy = accuracy;
    options.accuracyPage = accuracy != nullptr;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const Result<ReportSummary> written = writePdfReport(*results, options, path);
    QApplication::restoreOverrideCursor();
    if (!written) {
        finishReport(path, namingPath(path, written.errorMessage()));
        return;
    }
    statusBar()->showMessage(tr("Exported the report to %1 (%n page(s))", nullptr, written->pages)
                                 .arg(QDir::toNativeSeparators(path)),
                             kStatusMs);
    finishReport(path, {});
}

void MainWindow::finishReport(const QString &path, const QString &error, bool cancelled) {
    m_exportingReport = false;
    if (m_reportProgress) {
        m_reportProgress->hide();
        m_reportProgress->deleteLater();
        m_reportProgress = nullptr;
    }
    updateExportActions();
    if (cancelled) {
        statusBar()->showMessage(tr("Cancelled exporting %1").arg(QDir::toNativeSeparators(path)), kStatusMs);
    } else if (!error.isEmpty()) {
        showError(tr("Could not export the report"), error);
    }
    emit reportExported(path, error);
}

bool MainWindow::exportTables(const QString &folder) {
    const std::shared_ptr<const SessionResults> results = m_session->results();
    if (!results || !results->complete()) {
        statusBar()->showMessage(tr("The results are still being computed; export the tables once they are complete."),
                                 kStatusMs);
        return false;
    }
    TableExportOptions options;
    options.mig.sloMs = m_mig->sloMs();
    options.mig.headroom = m_mig->headroom();
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const Result<QStringList> written = ::infersight::exportTables(*results, folder, options);
    QApplication::restoreOverrideCursor();
    if (!written) {
        showError(tr("Could not export the tables"), namingPath(folder, written.errorMessage()));
        return false;
    }
    statusBar()->showMessage(tr("Exported %n table(s) to %1", nullptr, static_cast<int>(written->size()))
                                 .arg(QDir::toNativeSeparators(folder)),
                             kStatusMs);
    return true;
}

// --- session events

void MainWindow::onLoadStarted(const QString &source) {
    m_busyLabel->setText(tr("Opening %1…").arg(QFileInfo(source).fileName().isEmpty() ? source : QFileInfo(source).fileName()));
    m_busy->show();
    m_cancelAction->setEnabled(true);
}

void MainWindow::hideBusy() {
    m_busy->hide();
    m_cancelAction->setEnabled(false);
}

void MainWindow::onLoaded(const QString &source) {
    hideBusy();
    m_filledEmitted = false;
    m_selectHotspot = true;
    RecentFiles::add(source);
    const ModelInfo &info = m_session->modelInfo();
    statusBar()->showMessage(tr("Opened %1: %2 nodes").arg(info.name).arg(info.nodes), kStatusMs);
    for (const QString &warning : info.warnings) {
        statusBar()->showMessage(warning, kStatusMs);
    }
    updateTitle();
    updateModelLabel();
    checkFilled();
}

void MainWindow::onLoadFailed(const QString &source, const QString &message) {
    hideBusy();
    if (m_closing) {
        return;
    }
    const QString text = message.contains(source) ? message : tr("%1: %2").arg(source, message);
    showError(tr("Could not open %1").arg(QFileInfo(source).fileName()), text);
}

void MainWindow::showError(const QString &title, const QString &text) {
    m_lastErrorText = text;
    statusBar()->showMessage(text, kStatusMs);
    // Window-modal and not blocking: the session's results keep arriving while the box is up.
    auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("errorMessageBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    emit errorShown(title, text);
}

void MainWindow::onResults(const std::shared_ptr<const SessionResults> &results) {
    updateExportActions();
    m_summary->setResults(results);
    m_charts->setResults(results);
    m_nodes->setResults(results);
    if (results && m_selectHotspot && results->complete()) {
        m_selectHotspot = false;
        selectHotspot(*results);
    }
    if (results) {
        const TargetResult *selected = results->selected();
        if (selected && !selected->error.isEmpty()) {
            statusBar()->showMessage(tr("%1: %2").arg(selected->label, selected->error), kStatusMs);
        }
        m_predictLabel->setText(results->complete()
                                    ? tr("Predicted %n target(s) in %1 ms", nullptr, static_cast<int>(results->targets.size()))
                                          .arg(QLocale().toString(results->computeMs, 'f', 1))
                                    : tr("Predicting sweeps…"));
    }
    checkFilled();
}

void MainWindow::selectHotspot(const SessionResults &results) {
    const TargetResult *selected = results.selected();
    if (!m_session->selectedNode().isEmpty() || selected == nullptr || !selected->ok() || !results.design) {
        return;
    }
    const auto &nodes = selected->current->nodes;
    const auto top = std::max_element(nodes.begin(), nodes.end(), [](const NodeTiming &a, const NodeTiming &b) {
        return a.latencyMs < b.latencyMs;
    });
    const auto &graphNodes = results.design->graph().nodes;
    const auto index = static_cast<std::size_t>(std::distance(nodes.begin(), top));
    if (top != nodes.end() && index < graphNodes.size()) {
        m_session->setSelectedNode(graphNodes[index].name);
    }
}

void MainWindow::onSelectedNode(const QString &name) {
    if (m_selectingNode) {
        return;
    }
    m_selectingNode = true;
    const int row = m_nodes->rowOfNode(name);
    if (row < 0) {
        m_nodeView->selectionModel()->clearSelection();
    } else {
        const QModelIndex index = m_nodeProxy->mapFromSource(m_nodes->index(row, 0));
        m_nodeView->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_nodeView->scrollTo(index);
    }
    m_selectingNode = false;
}

void MainWindow::onNodeRowChanged() {
    if (m_selectingNode) {
        return;
    }
    const QModelIndex current = m_nodeView->selectionModel()->currentIndex();
    if (!current.isValid()) {
        return;
    }
    const QString name = current.data(NodeTableModel::NodeNameRole).toString();
    m_selectingNode = true;
    m_session->setSelectedNode(name);
    m_selectingNode = false;
}

void MainWindow::updateTitle() {
    QString name;
    if (!m_session->projectPath().isEmpty()) {
        name = QFileInfo(m_session->projectPath()).fileName();
    } else if (m_session->hasModel()) {
        name = m_session->modelInfo().name;
    }
    setWindowTitle(name.isEmpty() ? tr("Infersight[*]") : tr("%1[*] — Infersight").arg(name));
    setWindowModified(m_session->isModified());
}

void MainWindow::updateModelLabel() {
    if (!m_session->hasModel()) {
        m_modelLabel->clear();
        return;
    }
    const ModelInfo &info = m_session->modelInfo();
    const QLocale locale;
    QString text = tr("Model: <b>%1</b> (%2) · %3 M parameters · %4 nodes")
                       .arg(info.name.toHtmlEscaped(), info.format)
                       .arg(locale.toString(static_cast<double>(info.parameters) / 1e6, 'f', 1))
                       .arg(locale.toString(info.nodes));
    if (info.macsPerSample > 0) {
        text += tr(" · %1 GMACs per sample").arg(locale.toString(info.macsPerSample / 1e9, 'f', 2));
    }
    m_modelLabel->setText(text);
    m_modelLabel->setToolTip(info.source);
}

bool MainWindow::isFilled() const {
    const auto results = m_session->results();
    return m_session->hasModel() && !m_session->isLoading() && results && results->complete() &&
           !m_session->isPredicting() && !m_graph->isLayoutRunning() && m_graph->lastLayout() != nullptr;
}

void MainWindow::checkFilled() {
    if (!m_filledEmitted && isFilled()) {
        m_filledEmitted = true;
        emit filled();
    }
}

}  // namespace infersight
