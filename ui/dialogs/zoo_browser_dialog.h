// SPDX-License-Identifier: MIT
// ZooBrowserDialog: picks a model of the built-in zoo. A filter line ("zooFilter") narrows the
// sortable zoo table (ZooTableModel behind a QSortFilterProxyModel, every column searched);
// double-click or Open accepts. selectedSource() is "zoo:NAME" (empty when nothing is chosen).
#pragma once

#include <QDialog>
#include <QString>

class QDialogButtonBox;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace infersight {

class ZooTableModel;

class ZooBrowserDialog : public QDialog {
    Q_OBJECT
public:
    explicit ZooBrowserDialog(QWidget *parent = nullptr);

    QString selectedSource() const;  // "zoo:NAME"

private:
    void updateButtons();

    ZooTableModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QLineEdit *m_filter = nullptr;
    QTableView *m_table = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

}  // namespace infersight
