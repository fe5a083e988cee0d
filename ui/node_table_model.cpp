// SPDX-License-Identifier: MIT
#include "node_table_model.h"

#include "report/inspect_report.h"

#include <QStringList>

namespace infersight {

NodeTableModel::NodeTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void NodeTableModel::setModel(std::shared_ptr<const LoadedModel> model, GraphCost cost) {
    beginResetModel();
    m_model = std::move(model);
    m_cost = std::move(cost);
    endResetModel();
}

int NodeTableModel::rowCount(const QModelIndex &parent) const {
    if (parent.isValid() || !m_model) {
        return 0;
    }
    return static_cast<int>(m_model->graph.nodes.size());
}

int NodeTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant NodeTableModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || !m_model || index.row() >= rowCount()) {
        return {};
    }
    const auto row = static_cast<std::size_t>(index.row());
    const Node &node = m_model->graph.nodes[row];
    const NodeCost &cost = m_cost.nodes[row];
    const bool known = cost.known;
    auto number = [&](std::int64_t v) -> QVariant {
        if (!known) {
            return role == SortRole ? QVariant(-1.0) : QVariant(QStringLiteral("?"));
        }
        return role == SortRole ? QVariant(static_cast<double>(v)) : QVariant(formatCount(v));
    };
    if (role == Qt::TextAlignmentRole) {
        return index.column() >= Macs ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    }
    if (role == Qt::ToolTipRole && !known) {
        return tr("Cost unknown: the op has no cost rule or its shapes are unknown");
    }
    if (role != Qt::DisplayRole && role != SortRole) {
        return {};
    }
    switch (index.column()) {
    case Name: return node.name;
    case Op: return node.qualifiedOp();
    case OutputShape: {
        QStringList shapes;
        for (int out : node.outputs) {
            if (out >= 0) {
                const Value &v = m_model->graph.values[static_cast<std::size_t>(out)];
                shapes << (v.rankKnown ? shapeToString(v.shape) : QStringLiteral("?"));
            }
        }
        return shapes.join(QStringLiteral(", "));
    }
    case Macs: return number(cost.macs);
    case Flops: return number(cost.flops);
    case BytesRead:
        return known && role == Qt::DisplayRole ? QVariant(formatBytes(cost.bytesRead)) : number(cost.bytesRead);
    case BytesWritten:
        return known && role == Qt::DisplayRole ? QVariant(formatBytes(cost.bytesWritten)) : number(cost.bytesWritten);
    case Params: return number(cost.params);
    case Intensity:
        if (!known) {
            return number(0);
        }
        return role == SortRole ? QVariant(cost.arithmeticIntensity())
                                : QVariant(QString::number(cost.arithmeticIntensity(), 'f', 1));
    default: return {};
    }
}

QVariant NodeTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case Name: return tr("Node");
    case Op: return tr("Op");
    case OutputShape: return tr("Output shape");
    case Macs: return tr("MACs");
    case Flops: return tr("FLOPs");
    case BytesRead: return tr("Read");
    case BytesWritten: return tr("Written");
    case Params: return tr("Params");
    case Intensity: return tr("FLOP/B");
    default: return {};
    }
}

}  // namespace infersight
