// SPDX-License-Identifier: MIT
#include "report/report_pages.h"

#include "report/report_text.h"

#include <QFontMetricsF>
#include <QPagedPaintDevice>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace infersight {

namespace {

constexpr double kMarginMm = 16.0;
constexpr double kCellPadX = 4.0;
constexpr double kCellPadY = 2.5;
const QColor kText(0x20, 0x20, 0x20);
const QColor kMuted(0x60, 0x60, 0x60);
const QColor kRule(0xb0, 0xb0, 0xb0);
const QColor kHeaderFill(0xe6, 0xea, 0xf0);
const QColor kStripeFill(0xf6, 0xf7, 0xf9);

}  // namespace

ReportPages::ReportPages(QPagedPaintDevice &device, QPainter &painter, QString footer)
    : m_device(device), m_painter(painter), m_footer(std::move(footer)) {
    const double unitsPerMm = device.logicalDpiX() / 25.4;
    const double margin = kMarginMm * unitsPerMm;
    m_content = QRectF(margin, margin, device.width() - 2 * margin, device.height() - 2 * margin - 14);
    m_y = m_content.top();
    drawFooter();
}

QFont ReportPages::bodyFont() const {
    QFont f;
    f.setPointSizeF(9.5);
    return f;
}

QFont ReportPages::smallFont() const {
    QFont f;
    f.setPointSizeF(7.5);
    return f;
}

QFont ReportPages::tableFont() const {
    QFont f;
    f.setPointSizeF(7.5);
    return f;
}

QFont ReportPages::headingFont(int level) const {
    QFont f;
    f.setBold(true);
    f.setPointSizeF(level <= 0 ? 20.0 : level == 1 ? 14.0 : 10.5);
    return f;
}

void ReportPages::drawFooter() {
    m_painter.save();
    m_painter.setFont(smallFont());
    m_painter.setPen(kMuted);
    const double top = m_content.bottom() + 14;
    const QRectF line(m_content.left(), top, m_content.width(), 16);
    m_painter.drawText(line, Qt::AlignLeft | Qt::AlignVCenter,
                       QFontMetricsF(smallFont(), &m_device).elidedText(m_footer, Qt::ElideRight, line.width() * 0.75));
    m_painter.drawText(line, Qt::AlignRight | Qt::AlignVCenter, ReportText::tr("Page %1").arg(m_pages));
    m_painter.setPen(kRule);
    m_painter.drawLine(QPointF(m_content.left(), top - 2), QPointF(m_content.right(), top - 2));
    m_painter.restore();
}

void ReportPages::newPage() {
    m_device.newPage();
    ++m_pages;
    m_y = m_content.top();
    drawFooter();
}

void ReportPages::ensure(double height) {
    if (m_y > m_content.top() && m_y + height > m_content.bottom()) {
        newPage();
    }
}

void ReportPages::space(double height) {
    m_y = std::min(m_y + height, m_content.bottom());
}

double ReportPages::textHeight(const QFont &font, const QString &text, double width, int flags) const {
    if (text.isEmpty()) {
        return QFontMetricsF(font, &m_device).height();
    }
    return QFontMetricsF(font, &m_device).boundingRect(QRectF(0, 0, width, 1e6), flags, text).height();
}

void ReportPages::heading(const QString &text, int level, double keepWith) {
    const QFont font = headingFont(level);
    const double h = textHeight(font, text, width(), Qt::TextWordWrap);
    if (level == 1 && m_y > m_content.top()) {
        newPage();
    }
    ensure(h + keepWith);
    if (m_y > m_content.top()) {
        space(level <= 1 ? 10 : 6);
    }
    m_painter.save();
    m_painter.setFont(font);
    m_painter.setPen(level <= 0 ? QColor(0x1a, 0x3a, 0x6b) : kText);
    m_painter.drawText(QRectF(m_content.left(), m_y, width(), h), Qt::TextWordWrap | Qt::AlignLeft, text);
    m_painter.restore();
    m_y += h + (level <= 1 ? 8 : 4);
}

void ReportPages::paragraph(const QString &text, bool small) {
    const QFont font = small ? smallFont() : bodyFont();
    const double h = textHeight(font, text, width(), Qt::TextWordWrap);
    if (h > remaining()) {
        // Longer than what is left: lines go one by one (each onto the page it fits on), a single
        // line onto a new page.
        if (text.contains(QLatin1Char('\n'))) {
            for (const QString &line : text.split(QLatin1Char('\n'))) {
                paragraph(line, small);
            }
            return;
        }
        newPage();
    }
    m_painter.save();
    m_painter.setFont(font);
    m_painter.setPen(small ? kMuted : kText);
    m_painter.drawText(QRectF(m_content.left(), m_y, width(), h), Qt::TextWordWrap | Qt::AlignLeft, text);
    m_painter.restore();
    m_y += h + 5;
}

void ReportPages::keyValues(const std::vector<std::pair<QString, QString>> &pairs) {
    QFont keyFont = bodyFont();
    keyFont.setBold(true);
    const QFont valueFont = bodyFont();
    double keyWidth = 0;
    const QFontMetricsF keyMetrics(keyFont, &m_device);
    for (const auto &[key, value] : pairs) {
        keyWidth = std::max(keyWidth, keyMetrics.horizontalAdvance(key));
    }
    keyWidth = std::min(keyWidth + 12, width() * 0.35);
    const double valueWidth = width() - keyWidth;
    for (const auto &[key, value] : pairs) {
        const double h = std::max(textHeight(keyFont, key, keyWidth - 12, Qt::TextWordWrap),
                                  textHeight(valueFont, value, valueWidth, Qt::TextWordWrap | Qt::TextWrapAnywhere));
        ensure(h);
        m_painter.save();
        m_painter.setPen(kText);
        m_painter.setFont(keyFont);
        m_painter.drawText(QRectF(m_content.left(), m_y, keyWidth - 12, h), Qt::TextWordWrap | Qt::AlignLeft, key);
        m_painter.setFont(valueFont);
        m_painter.drawText(QRectF(m_content.left() + keyWidth, m_y, valueWidth, h),
                           Qt::TextWordWrap | Qt::TextWrapAnywhere | Qt::AlignLeft, value);
        m_painter.restore();
        m_y += h + 3;
    }
    m_y += 4;
}

namespace {

// Word wrap, or wrap anywhere when a single word is wider than the cell (long node names).
int cellFlags(const QFontMetricsF &metrics, const QString &text, double width, bool numeric) {
    const int align = (numeric ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop;
    const QRectF bounds = metrics.boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap, text);
    return align | (bounds.width() > width + 0.5 ? Qt::TextWrapAnywhere : Qt::TextWordWrap);
}

}  // namespace

double ReportPages::headerHeight(const ReportTable &table, const std::vector<Column> &columns) const {
    QFont font = tableFont();
    font.setBold(true);
    const QFontMetricsF metrics(font, &m_device);
    double h = 0;
    for (const Column &c : columns) {
        const QString &title = table.columns[static_cast<std::size_t>(c.source)].title;
        const double w = c.width - 2 * kCellPadX;
        h = std::max(h, metrics.boundingRect(QRectF(0, 0, w, 1e6), cellFlags(metrics, title, w, false), title).height());
    }
    return h + 2 * kCellPadY;
}

double ReportPages::rowHeight(const ReportTable &table, const std::vector<Column> &columns, std::size_t row) const {
    const QFontMetricsF metrics(tableFont(), &m_device);
    double h = metrics.height();
    for (const Column &c : columns) {
        const auto source = static_cast<std::size_t>(c.source);
        if (source >= table.rows[row].size()) {
            continue;
        }
        const QString &text = table.rows[row][source].text;
        const double w = c.width - 2 * kCellPadX;
        const bool numeric = table.columns[source].numeric;
        h = std::max(h, metrics.boundingRect(QRectF(0, 0, w, 1e6), cellFlags(metrics, text, w, numeric), text).height());
    }
    return h + 2 * kCellPadY;
}

void ReportPages::drawTableHeader(const ReportTable &table, const std::vector<Column> &columns, double height,
                                  bool continued) {
    if (continued) {
        QFont font = smallFont();
        font.setItalic(true);
        const double h = QFontMetricsF(font, &m_device).height();
        m_painter.save();
        m_painter.setFont(font);
        m_painter.setPen(kMuted);
        m_painter.drawText(QRectF(m_content.left(), m_y, width(), h), Qt::AlignLeft,
                           ReportText::tr("%1 (continued)").arg(table.title));
        m_painter.restore();
        m_y += h + 2;
    }
    QFont font = tableFont();
    font.setBold(true);
    const QFontMetricsF metrics(font, &m_device);
    m_painter.save();
    m_painter.setFont(font);
    double x = m_content.left();
    const double total = std::accumulate(columns.begin(), columns.end(), 0.0, [](double s, const Column &c) { return s + c.width; });
    m_painter.fillRect(QRectF(x, m_y, total, height), kHeaderFill);
    m_painter.setPen(kText);
    for (const Column &c : columns) {
        const ReportColumn &column = table.columns[static_cast<std::size_t>(c.source)];
        const double w = c.width - 2 * kCellPadX;
        const QRectF cell(x + kCellPadX, m_y + kCellPadY, w, height - 2 * kCellPadY);
        int flags = cellFlags(metrics, column.title, w, column.numeric);
        m_painter.drawText(cell, flags, column.title);
        x += c.width;
    }
    m_painter.setPen(QPen(kRule, 0.8));
    m_painter.drawLine(QPointF(m_content.left(), m_y + height), QPointF(m_content.left() + total, m_y + height));
    m_painter.restore();
    m_y += height;
}

void ReportPages::table(const ReportTable &table) {
    // Visible columns and their widths. Each column needs its widest cell on one line and its
    // header's longest word (headers may wrap); what is left goes to the headers' full width, then
    // to all columns in proportion. When the needs alone are wider than the page, see below.
    std::vector<Column> columns;
    QFont headerFont = tableFont();
    headerFont.setBold(true);
    const QFontMetricsF cellMetrics(tableFont(), &m_device);
    const QFontMetricsF headerMetrics(headerFont, &m_device);
    std::vector<double> need;   // widest cell on one line (or the header's longest word)
    std::vector<double> wish;   // ... and the whole header on one line
    std::vector<double> least;  // the longest word of any cell or of the header
    auto longestWord = [](const QFontMetricsF &metrics, const QString &text) {
        double w = 0;
        for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            w = std::max(w, metrics.horizontalAdvance(word));
        }
        return w;
    };
    for (std::size_t i = 0; i < table.columns.size(); ++i) {
        if (table.columns[i].csvOnly) {
            continue;
        }
        double cells = 0;
        double words = longestWord(headerMetrics, table.columns[i].title);
        for (const auto &row : table.rows) {
            if (i < row.size()) {
                cells = std::max(cells, cellMetrics.horizontalAdvance(row[i].text));
                words = std::max(words, longestWord(cellMetrics, row[i].text));
            }
        }
        const double pad = 2 * kCellPadX + 1;
        columns.push_back({static_cast<int>(i), 0.0});
        need.push_back(std::ceil(std::max(cells, words)) + pad);
        wish.push_back(std::max(need.back(), std::ceil(headerMetrics.horizontalAdvance(table.columns[i].title)) + pad));
        least.push_back(std::ceil(words) + pad);
    }
    if (columns.empty()) {
        return;
    }
    const double needSum = std::accumulate(need.begin(), need.end(), 0.0);
    if (needSum <= width()) {
        const double wishSum = std::accumulate(wish.begin(), wish.end(), 0.0);
        const double toHeaders = wishSum > needSum ? std::min(1.0, (width() - needSum) / (wishSum - needSum)) : 0.0;
        double sum = 0;
        for (std::size_t k = 0; k < columns.size(); ++k) {
            columns[k].width = need[k] + toHeaders * (wish[k] - need[k]);
            sum += columns[k].width;
        }
        if (sum >= width() * 0.7) {
            for (Column &c : columns) {
                c.width *= width() / sum;
            }
        }
    } else {
        // Too wide: the columns that can lose most by wrapping at spaces (down to their longest
        // word) wrap first, so that as few columns as possible wrap; only when that is not enough
        // do long words break.
        const double leastSum = std::accumulate(least.begin(), least.end(), 0.0);
        if (leastSum <= width()) {
            std::vector<std::size_t> order(columns.size());
            std::iota(order.begin(), order.end(), 0);
            std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return need[a] - least[a] > need[b] - least[b]; });
            double deficit = needSum - width();
            for (std::size_t k : order) {
                const double give = std::min(need[k] - least[k], deficit);
                columns[k].width = need[k] - give;
                deficit -= give;
            }
        } else {
            std::vector<std::size_t> order(columns.size());
            std::iota(order.begin(), order.end(), 0);
            std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return least[a] < least[b]; });
            double left = width();
            std::size_t remainingColumns = columns.size();
            for (std::size_t k : order) {
                const double share = left / static_cast<double>(remainingColumns);
                columns[k].width = std::min(least[k], share);
                left -= columns[k].width;
                --remainingColumns;
            }
        }
    }

    const double header = headerHeight(table, columns);
    const double firstRow = table.rows.empty() ? 0.0 : rowHeight(table, columns, 0);
    // A table that fits on a page is kept on one: it starts on a new page rather than splitting.
    double whole = header + 40;
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        whole += rowHeight(table, columns, r);
    }
    heading(table.title, 2, whole <= m_content.height() * 0.9 ? whole : header + firstRow + 4);
    ensure(header + firstRow);
    drawTableHeader(table, columns, header, false);
    const double total = std::accumulate(columns.begin(), columns.end(), 0.0, [](double s, const Column &c) { return s + c.width; });
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const double h = rowHeight(table, columns, r);
        if (m_y + h > m_content.bottom()) {
            newPage();
            drawTableHeader(table, columns, header, true);
        }
        m_painter.save();
        if (r % 2 == 1) {
            m_painter.fillRect(QRectF(m_content.left(), m_y, total, h), kStripeFill);
        }
        m_painter.setFont(tableFont());
        m_painter.setPen(kText);
        double x = m_content.left();
        for (const Column &c : columns) {
            const auto source = static_cast<std::size_t>(c.source);
            const QString text = source < table.rows[r].size() ? table.rows[r][source].text : QString();
            const double w = c.width - 2 * kCellPadX;
            m_painter.drawText(QRectF(x + kCellPadX, m_y + kCellPadY, w, h - 2 * kCellPadY),
                               cellFlags(cellMetrics, text, w, table.columns[source].numeric), text);
            x += c.width;
        }
        m_painter.restore();
        m_y += h;
    }
    m_painter.save();
    m_painter.setPen(QPen(kRule, 0.8));
    m_painter.drawLine(QPointF(m_content.left(), m_y), QPointF(m_content.left() + total, m_y));
    m_painter.restore();
    m_y += 4;
    if (table.rows.empty()) {
        paragraph(ReportText::tr("No rows."), true);
    }
    if (!table.note.isEmpty()) {
        paragraph(table.note, true);
    }
    m_y += 6;
}

void ReportPages::block(double height, const std::function<void(QPainter &, const QRectF &)> &draw) {
    height = std::min(height, m_content.height());
    ensure(height);
    const QRectF rect(m_content.left(), m_y, width(), height);
    m_painter.save();
    m_painter.setClipRect(rect);
    draw(m_painter, rect);
    m_painter.restore();
    m_y += height + 8;
}

}  // namespace infersight
