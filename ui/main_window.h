// SPDX-License-Identifier: MIT
// The explorer window: one ExplorerSession and the panes around it. The graph view is the central
// widget; docks (each with an objectName, so QMainWindow::saveState keeps the layout) hold the
// knobs (left), the target list, the summary and the node inspector (right), the charts and the
// node table (bottom) and the undo history. The window adds the menus (File, Edit, View, Targets,
// Help) with a shortcut for every action, drag and drop of files, the busy indicator with Cancel
// while a model loads, error reporting (a message box naming the file and the reason; prediction
// errors and knob refusals in the status bar) and the settings kept between runs (last targets,
// window layout, recent files, language).
#pragma once

#include "design/project_file.h"

#include <QMainWindow>
#include <QPageSize>
#include <QPointer>

#include <functional>
#include <memory>
#include <vector>

class QAction;
class QDockWidget;
class QLocale;
class QLabel;
class QMenu;
class QMessageBox;
class QProgressBar;
class QProgressDialog;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QUndoView;

namespace infersight {

class ChartTabs;
class ExplorerSession;
class GraphPane;
class GraphSessionLink;
class KnobsPanel;
class MigPlannerPanel;
class NodeInspector;
class NodeTableModel;
class SummaryModel;
class TargetListPanel;
struct SessionResults;
struct ValidationResult;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // The targets of a first start, and the knobs a model opened at start-up gets.
    static std::vector<ProjectTarget> defaultTargets();
    static constexpr char kDefaultSource[] = "zoo:resnet50";

    // Sets the targets from the settings (the defaults when none or when they no longer resolve)
    // and opens `source` (a file, "zoo:NAME" or a project; empty: the default model) at batch 8,
    // fp16.
    void start(const QString &source = {});
    // Opens a model or project (a TorchScript file asks for its input shapes first). Loading runs
    // off the GUI thread; the current model stays until the new one is in.
    void openSource(const QString &source);
    // Save: to the project's file, or asks for one. saveAs(path) with an empty path asks.
    bool save();
    bool saveAs(const QString &path = {});

    // True once the current model's results are complete and the graph is drawn.
    bool isFilled() const;

    // File > Export Report… after its file dialog: the PDF report (ui/report/pdf_report.h) of the
    // current results, on the locale's paper (Letter in the US and Canada, else A4). The accuracy
    // figures are computed on the thread pool behind a progress dialog, the PDF is written on the GUI
    // thread; reportExported() tells how it ended (errors also in a message box naming the file).
    // False when it could not start (results still being computed, an export already running).
    bool exportReport(const QString &path);
    bool isExportingReport() const { return m_exportingReport; }
    // File > Export Tables… after its folder dialog: every table as CSV (ui/report/table_export.h).
    bool exportTables(const QString &folder);
    // The paper of the report for `locale`: Letter in the United States and Canada, else A4.
    static QPageSize::PageSizeId reportPageSize(const QLocale &locale);
    // Replaces the file and folder dialogs of the export actions (tests): called with the action's
    // object name and the suggested path, returns the chosen path ("" cancels).
    using PathChooser = std::function<QString(const QString &action, const QString &suggested)>;
    void setPathChooser(PathChooser chooser) { m_pathChooser = std::move(chooser); }

    // --- parts (tests, benchmark, screenshots)
    ExplorerSession *session() const { return m_session; }
    KnobsPanel *knobsPanel() const { return m_knobs; }
    TargetListPanel *targetPanel() const { return m_targets; }
    SummaryModel *summaryModel() const { return m_summary; }
    QTableView *summaryView() const { return m_summaryView; }
    ChartTabs *chartTabs() const { return m_charts; }
    NodeTableModel *nodeModel() const { return m_nodes; }
    QTableView *nodeView() const { return m_nodeView; }
    GraphPane *graphPane() const { return m_graph; }
    NodeInspector *inspector() const { return m_inspector; }
    MigPlannerPanel *migPanel() const { return m_mig; }
    QUndoView *undoView() const { return m_undoView; }
    QDockWidget *dock(const QString &objectName) const;
    // The text of the last error reported in a message box ("" when none yet).
    QString lastErrorText() const { return m_lastErrorText; }

signals:
    // Emitted once after each model opens, when isFilled() becomes true.
    void filled();
    // A message box was shown (title, text); the box itself is a child named "errorMessageBox".
    void errorShown(const QString &title, const QString &text);
    // An export of the report ended: `error` is empty when `path` was written.
    void reportExported(const QString &path, const QString &error);

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void buildDocks();
    void buildMenus();
    void buildStatusBar();
    void connectSession();
    QDockWidget *addDock(const QString &objectName, const QString &title, QWidget *content, Qt::DockWidgetArea area);

    void chooseFile();
    void chooseZooModel();
    void chooseCustomGpu();
    void fillRecentMenu();
    void showAbout();
    void chooseReportFile();
    void chooseTablesFolder();
    QString choosePath(const QString &action, const QString &suggested, bool folder);
    void writeReport(const QString &path, const std::shared_ptr<const SessionResults> &results,
                     const std::shared_ptr<const ValidationResult> &accuracy);
    void finishReport(const QString &path, const QString &error, bool cancelled = false);
    void updateExportActions();
    void setLanguage(const QString &language);

    void onLoadStarted(const QString &source);
    void onLoaded(const QString &source);
    void onLoadFailed(const QString &source, const QString &message);
    void onResults(const std::shared_ptr<const SessionResults> &results);
    // Selects the node with the largest predicted time on the current target (a freshly opened
    // model: the inspector and the graph start at its hotspot).
    void selectHotspot(const SessionResults &results);
    void onSelectedNode(const QString &name);
    void onNodeRowChanged();
    void hideBusy();
    void updateTitle();
    void updateModelLabel();
    void checkFilled();
    void saveTargets() const;
    void restoreLayout();
    void applyDefaultSizes();
    void saveLayout() const;
    // Asks whether to save unsaved changes; false when the user cancels.
    bool maybeSave();
    void showError(const QString &title, const QString &text);

    ExplorerSession *m_session = nullptr;
    GraphPane *m_graph = nullptr;
    GraphSessionLink *m_link = nullptr;
    KnobsPanel *m_knobs = nullptr;
    TargetListPanel *m_targets = nullptr;
    SummaryModel *m_summary = nullptr;
    QTableView *m_summaryView = nullptr;
    ChartTabs *m_charts = nullptr;
    NodeTableModel *m_nodes = nullptr;
    QSortFilterProxyModel *m_nodeProxy = nullptr;
    QTableView *m_nodeView = nullptr;
    NodeInspector *m_inspector = nullptr;
    QUndoView *m_undoView = nullptr;
    MigPlannerPanel *m_mig = nullptr;
    std::vector<QDockWidget *> m_docks;

    QMenu *m_viewMenu = nullptr;
    QMenu *m_recentMenu = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_exportReportAction = nullptr;
    QAction *m_exportTablesAction = nullptr;
    QProgressDialog *m_reportProgress = nullptr;
    PathChooser m_pathChooser;
    quint64 m_reportRun = 0;         // counts report exports (a cancelled one's result is dropped)
    bool m_exportingReport = false;

    QLabel *m_modelLabel = nullptr;
    QLabel *m_predictLabel = nullptr;
    QWidget *m_busy = nullptr;
    QLabel *m_busyLabel = nullptr;
    QProgressBar *m_busyBar = nullptr;
    QPushButton *m_cancelButton = nullptr;
    QAction *m_cancelAction = nullptr;

    QString m_lastErrorText;
    bool m_filledEmitted = false;
    bool m_selectHotspot = false;
    bool m_selectingNode = false;
    bool m_closing = false;
    bool m_layoutRestored = false;
    bool m_shownOnce = false;
};

}  // namespace infersight
