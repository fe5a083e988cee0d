// SPDX-License-Identifier: MIT
#include "models/target_list_model.h"

#include "charts/chart_format.h"

#include <QApplication>
#include <QIcon>
#include <QPainter>
#include <QPixmap>
#include <QStyle>

namespace infersight {

namespace {

QIcon swatch(const QColor &colour) {
    QPixmap pixmap(16, 16);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(colour.darker(130));
    p.setBrush(colour);
    p.drawRoundedRect(QRectF(1.5, 1.5, 13, 13), 3, 3);
    return QIcon(pixmap);
}

}  // namespace

TargetListModel::TargetListModel(QObject *parent) : QAbstractListModel(parent) {}

void TargetListModel::setTargets(const std::vector<ResolvedTarget> &targets) {
    const bool sameCount = targets.size() == m_targets.size();
    if (!sameCount) {
        beginResetModel();
    }
    m_targets = targets;
    if (!sameCount) {
        endResetModel();
    } else if (!m_targets.empty()) {
        emit dataChanged(index(0), index(rowCount() - 1));
    }
}

void TargetListModel::setResults(std::shared_ptr<const SessionResults> results) {
    m_results = std::move(results);
    if (!m_targets.empty()) {
        emit dataChanged(index(0), index(rowCount() - 1));
    }
}

int TargetListModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_targets.size());
}

QString TargetListModel::errorOf(int row) const {
    const ResolvedTarget &t = m_targets[static_cast<std::size_t>(row)];
    if (!t.error.isEmpty()) {
        return t.error;
    }
    if (m_results) {
        for (const TargetResult &r : m_results->targets) {
            if (r.key == t.key) {
                return r.error;
            }
        }
    }
    return {};
}

QVariant TargetListModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) {
        return {};
    }
    const ResolvedTarget &t = m_targets[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: return t.label;
    case Qt::DecorationRole: {
        if (!errorOf(index.row()).isEmpty()) {
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        }
        return swatch(t.colour);
    }
    case Qt::ToolTipRole: {
        const QString error = errorOf(index.row());
        if (!error.isEmpty()) {
            return error;
        }
        if (t.target) {
            const Target &target = *t.target;
            return tr("%1: %2 SMs, %3 usable, %4 GB/s, %5 W")
                .arg(target.label())
                .arg(target.sms())
                .arg(formatBytes(target.memoryBytes()))
                .arg(formatSignificant(target.bandwidthGBps()))
                .arg(formatSignificant(target.tdpW()));
        }
        return t.label;
    }
    case KeyRole: return t.key;
    case ErrorRole: return errorOf(index.row());
    case ColourRole: return t.colour;
    default: return {};
    }
}

}  // namespace infersight
