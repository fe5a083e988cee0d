// SPDX-License-Identifier: MIT
// One row per graph node: name, op, output shape, the selected target's predicted time (with its
// share of the forward pass, what bounds it and its kernels), then the graph's own costs (MACs,
// FLOPs, bytes, parameters, arithmetic intensity).
//
// Numeric columns return numbers for SortRole so a QSortFilterProxyModel sorts them as numbers.
// New results of the same graph (a batch or GPU step) update the cells in place (dataChanged), so
// selection and scrolling stay; another graph (a width edit, another model) resets the model.
#pragma once

#include "design/design.h"
#include "graph/node_cost.h"
#include "session/session_results.h"

#include <QAbstractTableModel>

#include <memory>

namespace infersight {

class NodeTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Name,
        Op,
        OutputShape,
        LatencyMs,
        Share,
        BoundColumn,
        Kernels,
        Macs,
        Flops,
        BytesRead,
        BytesWritten,
        Params,
        Intensity,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole;
    static constexpr int ShareRole = Qt::UserRole + 1;  // 0..1: the node's share of the latency (cost bars)
    static constexpr int NodeNameRole = Qt::UserRole + 2;

    explicit NodeTableModel(QObject *parent = nullptr);

    // A design without predictions (the prediction columns stay empty).
    void setModel(std::shared_ptr<const Design> model, GraphCost cost);
    // The results' design and the selected target's prediction.
    void setResults(std::shared_ptr<const SessionResults> results);
    const Design *design() const { return m_model.get(); }
    // Row of the node called `name`, -1 when absent.
    int rowOfNode(const QString &name) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant predictionData(std::size_t row, int column, int role) const;
    bool sameNodes(const Graph &graph) const;

    std::shared_ptr<const Design> m_model;
    const Graph *m_costGraph = nullptr;
    GraphCost m_cost;
    std::shared_ptr<const SessionResults> m_results;
    std::shared_ptr<const Prediction> m_prediction;  // the selected target's (null: none or an error)
    QString m_targetLabel;
};

}  // namespace infersight
