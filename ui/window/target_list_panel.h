// SPDX-License-Identifier: MIT
// The Targets dock's content: the session's 1 to 4 targets with their colour swatches, and buttons
// to add (a GPU + MIG chooser), remove and reorder them. Selecting a row makes it the session's
// current target (the per-target charts, node table, graph colours and knobs follow it).
// Everything goes through the session (undoable); a refusal is reported by message().
#pragma once

#include <QWidget>

class QListView;
class QToolButton;

namespace infersight {

class ExplorerSession;
class TargetListModel;

class TargetListPanel : public QWidget {
    Q_OBJECT
public:
    explicit TargetListPanel(ExplorerSession *session, QWidget *parent = nullptr);

    QListView *listView() const { return m_list; }
    TargetListModel *model() const { return m_model; }
    QToolButton *addButton() const { return m_add; }
    QToolButton *removeButton() const { return m_remove; }
    QToolButton *upButton() const { return m_up; }
    QToolButton *downButton() const { return m_down; }

public slots:
    // Opens the chooser and adds what the user picks.
    void addTarget();
    void removeCurrent();
    void moveCurrentUp();
    void moveCurrentDown();

signals:
    // A refusal or error to show (the status bar).
    void message(const QString &text);

private:
    void syncTargets();
    void syncCurrent();
    void updateButtons();
    void moveCurrent(int delta);

    ExplorerSession *m_session;
    TargetListModel *m_model = nullptr;
    QListView *m_list = nullptr;
    QToolButton *m_add = nullptr;
    QToolButton *m_remove = nullptr;
    QToolButton *m_up = nullptr;
    QToolButton *m_down = nullptr;
    bool m_syncing = false;
};

}  // namespace infersight
