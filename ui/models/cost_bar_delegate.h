// SPDX-License-Identifier: MIT
// Paints a cell's text over a horizontal bar whose length is the cell's fraction (a role holding
// 0..1), like the cost columns of hotspot and heaptrack: a table of nodes reads as a profile.
#pragma once

#include <QColor>
#include <QStyledItemDelegate>

namespace infersight {

class CostBarDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    // `fractionRole`: the role with the bar's length (0..1); `colour`: the bar's colour.
    CostBarDelegate(int fractionRole, QColor colour, QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    int m_role;
    QColor m_colour;
};

}  // namespace infersight
