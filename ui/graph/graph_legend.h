// SPDX-License-Identifier: MIT
// Drawing of the colour legend (heat bar with its share range, or swatches), shared by the view's
// overlay and the SVG / PNG export so that both explain the colours the same way.
#pragma once

#include "graph/graph_colouring.h"

#include <QSizeF>
#include <QWidget>

class QPainter;

namespace infersight {

QSizeF graphLegendSize(const GraphLegend &legend);
// Draws the legend in `rect` (of graphLegendSize()) with a light card behind it.
void paintGraphLegend(QPainter &painter, const QRectF &rect, const GraphLegend &legend);

// The legend as an overlay widget in a corner of the view.
class GraphLegendWidget : public QWidget {
    Q_OBJECT
public:
    explicit GraphLegendWidget(QWidget *parent = nullptr);
    void setLegend(GraphLegend legend);
    const GraphLegend &legend() const { return m_legend; }
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    GraphLegend m_legend;
};

}  // namespace infersight
