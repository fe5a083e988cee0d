// SPDX-License-Identifier: MIT
#pragma once

#include "graph/node_cost.h"
#include "importers/model_loader.h"

#include <QAbstractTableModel>

#include <memory>

namespace infersight {

// One row per graph node: name, op, output shape, MACs, FLOPs, bytes, params, intensity.
// Numeric columns return numbers for Qt::UserRole so a QSortFilterProxyModel sorts them as numbers.
class NodeTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Op, OutputShape, Macs, Flops, BytesRead, BytesWritten, Params, Intensity, ColumnCount };
    static constexpr int SortRole = Qt::UserRole;

    explicit NodeTableModel(QObject *parent = nullptr);

    void setModel(std::shared_ptr<const LoadedModel> model, GraphCost cost);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const LoadedModel> m_model;
    GraphCost m_cost;
};

}  // namespace infersight
