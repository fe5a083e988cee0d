// SPDX-License-Identifier: MIT
#include "models/summary_bar_delegate.h"

#include "models/summary_model.h"

#include <QPainter>

#include <algorithm>

namespace infersight {

namespace {
constexpr int kBarHeight = 5;
}

void SummaryBarDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const {
    const QVariant fraction = index.data(SummaryModel::BarRole);
    if (!fraction.isValid()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem textOption = option;
    textOption.rect.adjust(0, 0, 0, -kBarHeight - 2);
    QStyledItemDelegate::paint(painter, textOption, index);

    const QRectF track(option.rect.left() + 4, option.rect.bottom() - kBarHeight - 2, option.rect.width() - 8, kBarHeight);
    const double f = std::clamp(fraction.toDouble(), 0.0, 1.0);
    const QColor fill = index.data(SummaryModel::BarColourRole).value<QColor>();
    const QVariant rest = index.data(SummaryModel::BarRestColourRole);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(rest.isValid() ? rest.value<QColor>() : option.palette.color(QPalette::Mid).lighter(130));
    painter->drawRoundedRect(track, 2, 2);
    if (f > 0) {
        QRectF filled = track;
        filled.setWidth(std::max(2.0, track.width() * f));
        painter->setBrush(fill);
        painter->drawRoundedRect(filled, 2, 2);
    }
    painter->restore();
}

QSize SummaryBarDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const {
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (index.data(SummaryModel::BarRole).isValid()) {
        size.rheight() += kBarHeight + 2;
    }
    return size;
}

}  // namespace infersight
