// SPDX-License-Identifier: MIT
// The report's page layout: a cursor running down the content area of the current page, which
// starts a new page when the next block does not fit. Blocks: headings (kept with what follows),
// wrapped paragraphs, key/value lists, tables (column widths from their content, long text wrapped,
// rows never split; a table that runs over a page repeats its header with "(continued)") and
// fixed-size drawings (charts, the graph). Every page gets a footer with its number.
// Coordinates are in the painter's device units; with a QPdfWriter at 96 dpi a unit is a screen
// pixel, so widgets and charts render at the size they have on screen.
#pragma once

#include "report/report_table.h"

#include <QFont>
#include <QRectF>
#include <QString>

#include <functional>
#include <utility>
#include <vector>

class QPagedPaintDevice;
class QPainter;

namespace infersight {

class ReportPages {
public:
    // `device` must be the painter's device (new pages are made with QPagedPaintDevice::newPage).
    ReportPages(QPagedPaintDevice &device, QPainter &painter, QString footer);

    QRectF contentRect() const { return m_content; }
    double width() const { return m_content.width(); }
    double remaining() const { return m_content.bottom() - m_y; }
    double y() const { return m_y; }
    int pageCount() const { return m_pages; }
    QPainter &painter() { return m_painter; }

    void newPage();
    // A new page unless `height` fits below the cursor.
    void ensure(double height);
    void space(double height);

    // Level 0: the report's title, 1: a section (starts a new page when `newPage`), 2: a sub-heading.
    // A heading keeps `keepWith` units of what follows on its page.
    void heading(const QString &text, int level, double keepWith = 120);
    void paragraph(const QString &text, bool small = false);
    // Two columns, keys bold; long values wrap.
    void keyValues(const std::vector<std::pair<QString, QString>> &pairs);
    void table(const ReportTable &table);
    // A drawing of `height` (at most a page's content height) across the content width.
    void block(double height, const std::function<void(QPainter &, const QRectF &)> &draw);

    QFont bodyFont() const;
    QFont smallFont() const;
    QFont tableFont() const;
    QFont headingFont(int level) const;

private:
    struct Column {
        int source = 0;     // index into table.columns
        double width = 0;
    };
    void drawFooter();
    double textHeight(const QFont &font, const QString &text, double width, int flags) const;
    void drawTableHeader(const ReportTable &table, const std::vector<Column> &columns, double height, bool continued);
    double headerHeight(const ReportTable &table, const std::vector<Column> &columns) const;
    double rowHeight(const ReportTable &table, const std::vector<Column> &columns, std::size_t row) const;

    QPagedPaintDevice &m_device;
    QPainter &m_painter;
    QString m_footer;
    QRectF m_content;
    double m_y = 0;
    int m_pages = 1;
};

}  // namespace infersight
