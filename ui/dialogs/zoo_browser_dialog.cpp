// SPDX-License-Identifier: MIT
#include "dialogs/zoo_browser_dialog.h"

#include "models/zoo_table_model.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace infersight {

ZooBrowserDialog::ZooBrowserDialog(QWidget *parent) : QDialog(parent) {
    setObjectName(QStringLiteral("zooBrowser"));
    setWindowTitle(tr("Open a Zoo Model"));

    m_model = new ZooTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);  // every column: name, family, description, ...
    m_proxy->setSortRole(ZooTableModel::SortRole);
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("zooFilter"));
    m_filter->setPlaceholderText(tr("Filter by name, family or description"));
    m_filter->setClearButtonEnabled(true);
    auto *filterLabel = new QLabel(tr("&Filter:"), this);
    filterLabel->setBuddy(m_filter);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("zooTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(ZooTableModel::Name, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->resizeColumnsToContents();
    for (int column = 0; column < ZooTableModel::Description; ++column) {
        m_table->setColumnWidth(column, std::min(m_table->columnWidth(column), 220));  // long inputs elide
    }
    m_table->setMinimumWidth(760);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);

    auto *layout = new QVBoxLayout(this);
    auto *filterRow = new QHBoxLayout;
    filterRow->addWidget(filterLabel);
    filterRow->addWidget(m_filter, 1);
    layout->addLayout(filterRow);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_buttons);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setFilterFixedString(text.trimmed());
        if (!m_table->selectionModel()->hasSelection() && m_proxy->rowCount() > 0) {
            m_table->selectRow(0);
        }
        updateButtons();
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ZooBrowserDialog::updateButtons);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        if (index.isValid()) {
            m_table->selectRow(index.row());
            accept();
        }
    });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    setTabOrder(m_filter, m_table);
    setTabOrder(m_table, m_buttons);
    m_filter->setFocus();
    if (m_proxy->rowCount() > 0) {
        m_table->selectRow(0);  // Enter opens the first model
    }
    resize(900, 520);
    updateButtons();
}

QString ZooBrowserDialog::selectedSource() const {
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        return {};
    }
    return m_proxy->data(rows.first(), ZooTableModel::SourceRole).toString();
}

void ZooBrowserDialog::updateButtons() {
    m_buttons->button(QDialogButtonBox::Open)->setEnabled(!selectedSource().isEmpty());
}

}  // namespace infersight
