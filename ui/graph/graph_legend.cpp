// SPDX-License-Identifier: MIT
#include "graph/graph_legend.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace infersight {

namespace {

constexpr double kPad = 8;
constexpr double kLine = 16;
constexpr double kBarHeight = 10;
constexpr double kSwatch = 11;
constexpr double kMaxWidth = 330;

QFont legendFont(bool bold) {
    QFont font;
    font.setPixelSize(11);
    font.setBold(bold);
    return font;
}

QString percent(double fraction) {
    const double p = fraction * 100.0;
    return QLocale().toString(p, 'f', p <= 0 ? 0 : p < 1 ? 2 : 1) + QStringLiteral(" %");
}

int columns(const GraphLegend &legend) { return legend.entries.size() > 5 ? 2 : 1; }

}  // namespace

QSizeF graphLegendSize(const GraphLegend &legend) {
    const QFontMetricsF bold(legendFont(true));
    const QFontMetricsF normal(legendFont(false));
    double width = std::min(kMaxWidth, bold.horizontalAdvance(legend.title));
    double height = kPad + kLine;
    if (legend.gradient) {
        width = std::max(width, 200.0);
        height += kBarHeight + 4 + kLine;
    }
    if (!legend.entries.empty()) {
        const int cols = columns(legend);
        double entryWidth = 0;
        for (const GraphLegendEntry &e : legend.entries) {
            entryWidth = std::max(entryWidth, kSwatch + 6 + normal.horizontalAdvance(e.label));
        }
        width = std::max(width, std::min(kMaxWidth, entryWidth * cols + 12 * (cols - 1)));
        const int rows = (static_cast<int>(legend.entries.size()) + cols - 1) / cols;
        height += rows * kLine;
    }
    if (!legend.note.isEmpty()) {
        width = std::max(width, std::min(kMaxWidth, normal.horizontalAdvance(legend.note)));
        height += kLine;
    }
    return {width + 2 * kPad, height + kPad};
}

void paintGraphLegend(QPainter &painter, const QRectF &rect, const GraphLegend &legend) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(QPen(QColor(0xc8, 0xcd, 0xd4), 1));
    painter.setBrush(QColor(255, 255, 255, 235));
    painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
    const QFont bold = legendFont(true);
    const QFont normal = legendFont(false);
    const double left = rect.left() + kPad;
    const double width = rect.width() - 2 * kPad;
    double y = rect.top() + kPad;
    painter.setPen(QColor(0x20, 0x20, 0x20));
    painter.setFont(bold);
    painter.drawText(QRectF(left, y, width, kLine), Qt::AlignLeft | Qt::AlignVCenter,
                     QFontMetricsF(bold).elidedText(legend.title, Qt::ElideRight, width));
    y += kLine;
    if (legend.gradient) {
        QLinearGradient gradient(left, 0, left + width, 0);
        for (int i = 0; i <= 10; ++i) {
            gradient.setColorAt(i / 10.0, heatColour(i / 10.0));
        }
        painter.setPen(QPen(QColor(0x90, 0x90, 0x90), 0.8));
        painter.setBrush(gradient);
        painter.drawRect(QRectF(left, y + 2, width, kBarHeight));
        y += kBarHeight + 4;
        painter.setFont(normal);
        painter.setPen(QColor(0x30, 0x30, 0x30));
        painter.drawText(QRectF(left, y, width, kLine), Qt::AlignLeft | Qt::AlignVCenter, percent(0));
        painter.drawText(QRectF(left, y, width, kLine), Qt::AlignHCenter | Qt::AlignVCenter, percent(legend.maxShare / 2));
        painter.drawText(QRectF(left, y, width, kLine), Qt::AlignRight | Qt::AlignVCenter, percent(legend.maxShare));
        y += kLine;
    }
    if (!legend.entries.empty()) {
        const int cols = columns(legend);
        const double colWidth = (width - 12 * (cols - 1)) / cols;
        const int rows = (static_cast<int>(legend.entries.size()) + cols - 1) / cols;
        painter.setFont(normal);
        for (std::size_t i = 0; i < legend.entries.size(); ++i) {
            const int row = static_cast<int>(i) % rows;
            const int col = static_cast<int>(i) / rows;
            const double x = left + col * (colWidth + 12);
            const double top = y + row * kLine;
            const GraphLegendEntry &e = legend.entries[i];
            painter.setPen(QPen(e.colour.darker(140), 0.8));
            painter.setBrush(e.colour);
            painter.drawRoundedRect(QRectF(x, top + (kLine - kSwatch) / 2, kSwatch, kSwatch), 2, 2);
            painter.setPen(QColor(0x30, 0x30, 0x30));
            const QRectF text(x + kSwatch + 6, top, colWidth - kSwatch - 6, kLine);
            painter.drawText(text, Qt::AlignLeft | Qt::AlignVCenter,
                             QFontMetricsF(normal).elidedText(e.label, Qt::ElideRight, text.width()));
        }
        y += rows * kLine;
    }
    if (!legend.note.isEmpty()) {
        painter.setFont(normal);
        painter.setPen(QColor(0x60, 0x60, 0x60));
        painter.drawText(QRectF(left, y, width, kLine), Qt::AlignLeft | Qt::AlignVCenter,
                         QFontMetricsF(normal).elidedText(legend.note, Qt::ElideRight, width));
    }
    painter.restore();
}

GraphLegendWidget::GraphLegendWidget(QWidget *parent) : QWidget(parent) {
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
}

void GraphLegendWidget::setLegend(GraphLegend legend) {
    m_legend = std::move(legend);
    resize(sizeHint());
    updateGeometry();
    update();
}

QSize GraphLegendWidget::sizeHint() const {
    const QSizeF s = graphLegendSize(m_legend);
    return {static_cast<int>(std::ceil(s.width())), static_cast<int>(std::ceil(s.height()))};
}

void GraphLegendWidget::paintEvent(QPaintEvent *) {
    QPainter painter(this);
    paintGraphLegend(painter, QRectF(rect()), m_legend);
}

}  // namespace infersight
