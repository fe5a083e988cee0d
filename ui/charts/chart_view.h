// SPDX-License-Identifier: MIT
// A widget showing one ChartBase: tooltips on hover, a context menu to export the chart as PNG
// or SVG and its numbers as CSV (also Ctrl+C copies the CSV), and the export functions the menu
// uses (tests and scripts call them directly).
#pragma once

#include "base/result.h"
#include "charts/chart_base.h"

#include <QChartView>

#include <memory>

class QMenu;

namespace infersight {
struct SessionResults;
}

namespace infersight {

class ChartView : public QChartView {
    Q_OBJECT
public:
    explicit ChartView(std::unique_ptr<ChartBase> chart, QWidget *parent = nullptr);
    ~ChartView() override;

    ChartBase *chartBase() const { return m_chart.get(); }
    ChartKind kind() const { return m_chart->kind(); }

    // Files are written atomically; errors name the file and the reason.
    Status exportPng(const QString &path, QSize size = {}) const;  // size empty: the widget's size, at 2x
    Status exportSvg(const QString &path, QSize size = {}) const;
    Status exportCsv(const QString &path) const;
    // The chart as an image (size empty: the widget's size), at `scale` device pixels per pixel.
    QImage toImage(QSize size = {}, qreal scale = 2.0) const;

    // The menu the context menu shows (tests trigger its actions).
    QMenu *exportMenu() const { return m_menu; }

public slots:
    // The explorer session's results (ExplorerSession::resultsChanged).
    void setResults(const std::shared_ptr<const SessionResults> &results);
    void setData(std::shared_ptr<const ChartData> data);
    // Per-target charts: the target to show (-1: the results' selected target).
    void setSelectedTarget(int index);
    void copyCsv() const;

protected:
    void contextMenuEvent(QContextMenuEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    void exportWithDialog(const QString &filter, const QString &suffix);
    QSize exportSize(QSize size) const;

    std::unique_ptr<ChartBase> m_chart;
    QMenu *m_menu = nullptr;
    QString m_lastToolTip;
};

}  // namespace infersight
