// SPDX-License-Identifier: MIT
#pragma once

#include "design/design.h"

#include <QFutureWatcher>
#include <QMainWindow>

#include <memory>

class QLabel;
class QTableView;
class QSortFilterProxyModel;

namespace infersight {

class NodeTableModel;

// The application window: the open model's summary and its per-node table. Models load off the
// GUI thread; a failed load leaves the current model open and says why.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Starts loading `source` (a file path or "zoo:NAME"); emits modelLoaded or loadFailed.
    void openModel(const QString &source);
    const Design *currentModel() const { return m_model.get(); }
    NodeTableModel *nodeTableModel() const { return m_nodes; }

signals:
    void modelLoaded(const QString &source);
    void loadFailed(const QString &message);

private:
    struct LoadOutcome;
    void chooseFile();
    void chooseZooModel();
    void finishLoad();

    QLabel *m_summary = nullptr;
    QTableView *m_table = nullptr;
    NodeTableModel *m_nodes = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    std::shared_ptr<const Design> m_model;
    QFutureWatcher<std::shared_ptr<LoadOutcome>> *m_watcher = nullptr;
    QString m_loadingSource;
};

}  // namespace infersight
