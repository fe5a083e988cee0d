// SPDX-License-Identifier: MIT
#include "models/node_table_model.h"

#include "charts/chart_format.h"
#include "charts/palette.h"
#include "report/inspect_report.h"

#include <QBrush>
#include <QStringList>

namespace infersight {

NodeTableModel::NodeTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void NodeTableModel::setModel(std::shared_ptr<const Design> model, GraphCost cost) {
    beginResetModel();
    m_model = std::move(model);
    m_costGraph = m_model ? &m_model->graph() : nullptr;
    m_cost = std::move(cost);
    m_results.reset();
    m_prediction.reset();
    m_targetLabel.clear();
    endResetModel();
}

bool NodeTableModel::sameNodes(const Graph &graph) const {
    if (!m_model || graph.nodes.size() != m_model->graph().nodes.size()) {
        return false;
    }
    const auto &a = graph.nodes;
    const auto &b = m_model->graph().nodes;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].name != b[i].name || a[i].opType != b[i].opType) {
            return false;
        }
    }
    return true;
}

void NodeTableModel::setResults(std::shared_ptr<const SessionResults> results) {
    if (!results || !results->design) {
        setModel(nullptr, {});
        return;
    }
    const TargetResult *selected = results->selected();
    std::shared_ptr<const Prediction> prediction = selected && selected->ok() ? selected->current : nullptr;
    const Graph &graph = results->design->graph();
    const bool same = sameNodes(graph);
    if (!same) {
        beginResetModel();
    }
    if (&graph != m_costGraph) {
        m_cost = graphCost(graph);  // shapes (and so costs) change with the batch and input size
        m_costGraph = &graph;
    }
    m_model = results->design;
    m_results = std::move(results);
    m_prediction = std::move(prediction);
    m_targetLabel = selected ? selected->label : QString();
    if (!same) {
        endResetModel();
    } else if (rowCount() > 0) {
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        emit headerDataChanged(Qt::Horizontal, LatencyMs, Kernels);
    }
}

int NodeTableModel::rowOfNode(const QString &name) const {
    if (!m_model || name.isEmpty()) {
        return -1;
    }
    return m_model->findNode(name);
}

int NodeTableModel::rowCount(const QModelIndex &parent) const {
    if (parent.isValid() || !m_model) {
        return 0;
    }
    return static_cast<int>(m_model->graph().nodes.size());
}

int NodeTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant NodeTableModel::predictionData(std::size_t row, int column, int role) const {
    if (!m_prediction || row >= m_prediction->nodes.size()) {
        if (role == SortRole) {
            return -1.0;
        }
        return role == Qt::DisplayRole ? QVariant(QString()) : QVariant();
    }
    const NodeTiming &t = m_prediction->nodes[row];
    const double total = m_prediction->latencyMs;
    const double share = total > 0 ? t.latencyMs / total : 0.0;
    if (t.fusedInto >= 0) {
        const QString into = m_model->graph().nodes[static_cast<std::size_t>(t.fusedInto)].name;
        if (role == Qt::ToolTipRole) {
            return tr("Fused into '%1': its time is reported there").arg(into);
        }
        if (role == SortRole) {
            return 0.0;
        }
        if (role == Qt::DisplayRole && column == BoundColumn) {
            return tr("fused");
        }
        return role == Qt::DisplayRole ? QVariant(QString()) : QVariant();
    }
    switch (column) {
    case LatencyMs:
        if (role == SortRole) {
            return t.latencyMs;
        }
        if (role == Qt::DisplayRole) {
            return t.kernels > 0 || t.latencyMs > 0 ? formatMs(t.latencyMs) : QString();
        }
        if (role == Qt::ToolTipRole) {
            return tr("%1 on %2: GPU %3, waiting for the host %4, 80 % band %5–%6 ms")
                .arg(formatMs(t.latencyMs), m_targetLabel, formatMs(t.gpuMs), formatMs(t.waitMs),
                     formatSignificant(t.bandLowMs), formatSignificant(t.bandHighMs));
        }
        if (role == ShareRole) {
            return share;
        }
        break;
    case Share:
        if (role == SortRole || role == ShareRole) {
            return share;
        }
        if (role == Qt::DisplayRole) {
            return t.latencyMs > 0 ? QStringLiteral("%1 %").arg(formatSignificant(share * 100.0, 2)) : QString();
        }
        break;
    case BoundColumn:
        if (role == SortRole) {
            return static_cast<int>(t.bound);
        }
        if (role == Qt::DisplayRole) {
            return t.kernels > 0 || t.waitMs > 0 ? boundLabel(t.bound) : QString();
        }
        if (role == Qt::DecorationRole && (t.kernels > 0 || t.waitMs > 0)) {
            return boundColour(t.bound);
        }
        if (role == Qt::ToolTipRole) {
            return boundDescription(t.bound);
        }
        break;
    case Kernels:
        if (role == SortRole) {
            return t.kernels;
        }
        if (role == Qt::DisplayRole) {
            return t.kernels;
        }
        break;
    default: break;
    }
    return {};
}

QVariant NodeTableModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || !m_model || index.row() >= rowCount() || index.column() >= ColumnCount) {
        return {};
    }
    const auto row = static_cast<std::size_t>(index.row());
    const Node &node = m_model->graph().nodes[row];
    if (role == NodeNameRole) {
        return node.name;
    }
    if (role == Qt::TextAlignmentRole) {
        return index.column() >= LatencyMs && index.column() != BoundColumn
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    }
    if (index.column() >= LatencyMs && index.column() <= Kernels) {
        return predictionData(row, index.column(), role);
    }
    if (row >= m_cost.nodes.size()) {
        return {};
    }
    const NodeCost &cost = m_cost.nodes[row];
    const bool known = cost.known;
    auto number = [&](std::int64_t v) -> QVariant {
        if (!known) {
            return role == SortRole ? QVariant(-1.0) : QVariant(QStringLiteral("?"));
        }
        return role == SortRole ? QVariant(static_cast<double>(v)) : QVariant(formatCount(v));
    };
    if (role == Qt::ToolTipRole && !known && index.column() >= Macs) {
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
                const Value &v = m_model->graph().values[static_cast<std::size_t>(out)];
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
    if (orientation != Qt::Horizontal) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    if (role == Qt::ToolTipRole && section >= LatencyMs && section <= Kernels) {
        return m_targetLabel.isEmpty() ? tr("Predicted for the current target")
                                       : tr("Predicted on %1 (the current target)").arg(m_targetLabel);
    }
    if (role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case Name: return tr("Node");
    case Op: return tr("Op");
    case OutputShape: return tr("Output shape");
    case LatencyMs: return tr("Time");
    case Share: return tr("Share");
    case BoundColumn: return tr("Bound");
    case Kernels: return tr("Kernels");
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
