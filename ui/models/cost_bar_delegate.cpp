// SPDX-License-Identifier: MIT
#include "models/cost_bar_delegate.h"

#include <QApplication>
#include <QPainter>

#include <algorithm>

namespace infersight {

CostBarDelegate::CostBarDelegate(int fractionRole, QColor colour, QObject *parent)
    : QStyledItemDelegate(parent), m_role(fractionRole), m_colour(std::move(colour)) {}

void CostBarDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const {
    const QVariant fraction = index.data(m_role);
    if (fraction.isValid() && !(option.state & QStyle::State_Selected)) {
        const double f = std::clamp(fraction.toDouble(), 0.0, 1.0);
        if (f > 0) {
            QRectF bar = QRectF(option.rect).adjusted(1, 2, -1, -2);
            bar.setWidth(std::max(1.0, bar.width() * f));
            QColor fill = m_colour;
            fill.setAlphaF(0.35f);
            painter->fillRect(bar, fill);
        }
    }
    QStyledItemDelegate::paint(painter, option, index);
}

}  // namespace infersight
