// SPDX-License-Identifier: MIT
#include "main_window.h"

#include "models/node_table_model.h"
#include "report/inspect_report.h"
#include "zoo/model_zoo.h"

#include <QApplication>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QtConcurrent/QtConcurrentRun>

namespace infersight {

struct MainWindow::LoadOutcome {
    std::shared_ptr<Design> model;
    GraphCost cost;
    QString error;
};

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent) {
    setWindowTitle(tr("Infersight"));

    m_summary = new QLabel(this);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_summary->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_summary->setMargin(8);

    m_nodes = new NodeTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_nodes);
    m_proxy->setSortRole(NodeTableModel::SortRole);
    m_table = new QTableView(this);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);  // execution order until the user sorts
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_summary);
    splitter->addWidget(m_table);
    splitter->setStretchFactor(1, 1);
    setCentralWidget(splitter);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open Model…"), QKeySequence::Open, this, &MainWindow::chooseFile);
    file->addAction(tr("Open &Zoo Model…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this,
                    &MainWindow::chooseZooModel);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    m_watcher = new QFutureWatcher<std::shared_ptr<LoadOutcome>>(this);
    connect(m_watcher, &QFutureWatcherBase::finished, this, &MainWindow::finishLoad);
    resize(1200, 760);
}

MainWindow::~MainWindow() { m_watcher->waitForFinished(); }

void MainWindow::openModel(const QString &source) {
    if (m_watcher->isRunning()) {
        statusBar()->showMessage(tr("Still loading %1…").arg(m_loadingSource));
        return;
    }
    m_loadingSource = source;
    statusBar()->showMessage(tr("Loading %1…").arg(source));
    QApplication::setOverrideCursor(Qt::BusyCursor);
    m_watcher->setFuture(QtConcurrent::run([source]() {
        auto outcome = std::make_shared<LoadOutcome>();
        Knobs knobs;
        knobs.batch = -1;  // the model's own batch
        auto loaded = Design::open(source, knobs, {}, ImportCheck::Libonnx);
        if (!loaded) {
            outcome->error = loaded.errorMessage();
            return outcome;
        }
        outcome->model = std::make_shared<Design>(std::move(loaded).value());
        outcome->cost = graphCost(outcome->model->graph());
        return outcome;
    }));
}

void MainWindow::finishLoad() {
    QApplication::restoreOverrideCursor();
    const std::shared_ptr<LoadOutcome> outcome = m_watcher->result();
    if (!outcome->error.isEmpty()) {
        statusBar()->showMessage(tr("Could not open %1").arg(m_loadingSource), 10000);
        emit loadFailed(outcome->error);
        if (isVisible()) {
            QMessageBox::warning(this, tr("Could not open model"), outcome->error);
        }
        return;
    }
    m_model = outcome->model;
    m_nodes->setModel(m_model, outcome->cost);
    m_table->resizeColumnsToContents();
    m_summary->setText(inspectSummaryText(*m_model, outcome->cost));
    setWindowTitle(tr("%1 — Infersight").arg(m_model->graph().name));
    statusBar()->showMessage(tr("Opened %1: %2 nodes").arg(m_loadingSource).arg(m_model->graph().nodes.size()), 10000);
    emit modelLoaded(m_loadingSource);
}

void MainWindow::chooseFile() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Model"), QString(),
        tr("Models (*.onnx *.pt *.pth *.json);;ONNX (*.onnx);;TorchScript (*.pt *.pth);;"
           "HuggingFace config (*.json);;All files (*)"));
    if (!path.isEmpty()) {
        openModel(path);
    }
}

void MainWindow::chooseZooModel() {
    bool ok = false;
    const QString name = QInputDialog::getItem(this, tr("Open Zoo Model"), tr("Built-in model:"), zooModelNames(),
                                               0, false, &ok);
    if (ok && !name.isEmpty()) {
        openModel(QStringLiteral("zoo:") + name);
    }
}

}  // namespace infersight
