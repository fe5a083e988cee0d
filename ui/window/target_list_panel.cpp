// SPDX-License-Identifier: MIT
#include "window/target_list_panel.h"

#include "models/target_list_model.h"
#include "session/explorer_session.h"
#include "window/add_target_dialog.h"

#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QListView>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace infersight {

namespace {

QToolButton *makeButton(QWidget *parent, const QString &objectName, const QString &text, const QString &toolTip,
                        QStyle::StandardPixmap icon) {
    auto *button = new QToolButton(parent);
    button->setObjectName(objectName);
    button->setText(text);
    button->setToolTip(toolTip);
    if (icon != QStyle::SP_CustomBase) {
        button->setIcon(parent->style()->standardIcon(icon));
    }
    button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    button->setAutoRaise(true);
    return button;
}

}  // namespace

TargetListPanel::TargetListPanel(ExplorerSession *session, QWidget *parent) : QWidget(parent), m_session(session) {
    m_model = new TargetListModel(this);
    m_list = new QListView(this);
    m_list->setObjectName(QStringLiteral("targetList"));
    m_list->setModel(m_model);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setUniformItemSizes(true);
    m_list->setIconSize(QSize(14, 14));
    m_list->setAccessibleName(tr("Targets"));

    m_add = makeButton(this, QStringLiteral("addTargetButton"), tr("Add…"),
                       tr("Add a GPU or MIG slice to compare (up to %1)").arg(ExplorerSession::kMaxTargets),
                       QStyle::SP_CustomBase);
    m_remove = makeButton(this, QStringLiteral("removeTargetButton"), tr("Remove"), tr("Remove the selected target"),
                          QStyle::SP_CustomBase);
    m_up = makeButton(this, QStringLiteral("moveTargetUpButton"), QString(), tr("Move the selected target up"),
                      QStyle::SP_ArrowUp);
    m_down = makeButton(this, QStringLiteral("moveTargetDownButton"), QString(), tr("Move the selected target down"),
                        QStyle::SP_ArrowDown);
    m_up->setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_down->setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_up->setAccessibleName(tr("Move up"));
    m_down->setAccessibleName(tr("Move down"));

    auto *buttons = new QHBoxLayout;
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    buttons->addWidget(m_up);
    buttons->addWidget(m_down);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);

    connect(m_add, &QToolButton::clicked, this, &TargetListPanel::addTarget);
    connect(m_remove, &QToolButton::clicked, this, &TargetListPanel::removeCurrent);
    connect(m_up, &QToolButton::clicked, this, &TargetListPanel::moveCurrentUp);
    connect(m_down, &QToolButton::clicked, this, &TargetListPanel::moveCurrentDown);

    connect(session, &ExplorerSession::targetsChanged, this, &TargetListPanel::syncTargets);
    connect(session, &ExplorerSession::catalogueChanged, this, &TargetListPanel::syncTargets);
    connect(session, &ExplorerSession::currentTargetChanged, this, &TargetListPanel::syncCurrent);
    connect(session, &ExplorerSession::resultsChanged, m_model, &TargetListModel::setResults);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!m_syncing && current.isValid() && current.row() != m_session->currentTarget()) {
                    m_session->setCurrentTarget(current.row());
                }
                updateButtons();
            });
    syncTargets();
}

void TargetListPanel::syncTargets() {
    m_syncing = true;
    m_model->setTargets(m_session->resolvedTargets());
    m_model->setResults(m_session->results());
    m_syncing = false;
    syncCurrent();
}

void TargetListPanel::syncCurrent() {
    m_syncing = true;
    const int row = m_session->currentTarget();
    if (row >= 0 && row < m_model->rowCount()) {
        m_list->selectionModel()->setCurrentIndex(m_model->index(row), QItemSelectionModel::ClearAndSelect);
    }
    m_syncing = false;
    updateButtons();
}

void TargetListPanel::updateButtons() {
    const int count = m_session->targetCount();
    const int row = m_session->currentTarget();
    m_add->setEnabled(count < ExplorerSession::kMaxTargets);
    m_remove->setEnabled(count > 1);
    m_up->setEnabled(row > 0);
    m_down->setEnabled(row >= 0 && row + 1 < count);
}

void TargetListPanel::addTarget() {
    if (m_session->targetCount() >= ExplorerSession::kMaxTargets) {
        emit message(tr("At most %1 targets can be compared; remove one first.").arg(ExplorerSession::kMaxTargets));
        return;
    }
    const int current = m_session->currentTarget();
    const auto &targets = m_session->targets();
    const QString start = current >= 0 && current < static_cast<int>(targets.size())
                              ? targets[static_cast<std::size_t>(current)].spec.gpu
                              : QString();
    AddTargetDialog dialog(m_session->catalogue(), start, this);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const Status added = m_session->addTarget(dialog.target());
    if (!added) {
        emit message(added.errorMessage());
    }
}

void TargetListPanel::removeCurrent() {
    const Status removed = m_session->removeTarget(m_session->currentTarget());
    if (!removed) {
        emit message(removed.errorMessage());
    }
}

void TargetListPanel::moveCurrent(int delta) {
    const int from = m_session->currentTarget();
    const int to = from + delta;
    if (to < 0 || to >= m_session->targetCount()) {
        return;
    }
    const Status moved = m_session->moveTarget(from, to);
    if (!moved) {
        emit message(moved.errorMessage());
    }
}

void TargetListPanel::moveCurrentUp() { moveCurrent(-1); }
void TargetListPanel::moveCurrentDown() { moveCurrent(1); }

}  // namespace infersight
