// SPDX-License-Identifier: MIT
// The built-in model zoo as a table for the zoo browser: name, family, parameters, GMACs, default
// input, description (the published figures of core/zoo, as `infersight-cli zoo` lists them).
#pragma once

#include <QAbstractTableModel>

namespace infersight {

class ZooTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Family, Parameters, GMacs, DefaultInput, Description, ColumnCount };
    static constexpr int SortRole = Qt::UserRole;
    static constexpr int SourceRole = Qt::UserRole + 1;  // "zoo:NAME"

    explicit ZooTableModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
};

}  // namespace infersight
