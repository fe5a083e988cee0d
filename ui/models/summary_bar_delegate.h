// SPDX-License-Identifier: MIT
// Paints the summary's bars (device memory used of usable, GPU busy vs waiting for the host) as a
// thin strip under the cell's text, from SummaryModel::BarRole / BarColourRole / BarRestColourRole.
#pragma once

#include <QStyledItemDelegate>

namespace infersight {

class SummaryBarDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

}  // namespace infersight
