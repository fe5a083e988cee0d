// SPDX-License-Identifier: MIT
// The common part of the explorer's charts: a QChart filled from ChartData, updated in place
// (series are created when the target list changes and otherwise only get their points
// replaced, so a slider drag costs little), with tooltip text for any position, CSV of the
// drawn numbers, and offscreen rendering for exports and the PDF report.
//
// Ownership: ChartBase creates its QChart. Whoever shows it (ChartView, or a QGraphicsScene for
// offscreen rendering) owns it from then on; ChartBase deletes it only when it was never placed.
#pragma once

#include "charts/chart_data.h"

#include <QChart>
#include <QObject>
#include <QPointer>
#include <QString>

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

class QXYSeries;
class QLogValueAxis;
class QAbstractSeries;
class QMenu;
class QPainter;

namespace infersight {

// TokenTimeContext / TokenTimeBatch: decoder LLMs only (their tabs are hidden for other models).
enum class ChartKind : std::uint8_t { Latency, Throughput, Memory, EnergyLatency, LayerBreakdown, Roofline, TokenTimeContext, TokenTimeBatch };
inline constexpr std::array<ChartKind, 8> kAllChartKinds = {ChartKind::Latency,          ChartKind::Throughput,
                                                            ChartKind::Memory,           ChartKind::EnergyLatency,
                                                            ChartKind::LayerBreakdown,   ChartKind::Roofline,
                                                            ChartKind::TokenTimeContext, ChartKind::TokenTimeBatch};
bool isLlmChart(ChartKind kind);

QString chartKindTabTitle(ChartKind kind);
// Stem for exported file names ("latency-vs-batch").
QString chartKindFileStem(ChartKind kind);

class ChartBase : public QObject {
    Q_OBJECT
public:
    ~ChartBase() override;

    virtual ChartKind kind() const = 0;
    QChart *chart() const { return m_chart; }

    // New results: the chart's series take the new numbers (new series only when the targets changed).
    void setData(std::shared_ptr<const ChartData> data);
    // The same with the selected target (one refresh instead of two).
    void setData(std::shared_ptr<const ChartData> data, int selectedTarget);
    const ChartData *data() const { return m_data.get(); }
    std::shared_ptr<const ChartData> sharedData() const { return m_data; }
    // The target shown by per-target charts (breakdown, roofline); the others show every target.
    // -1: ChartData::selectedTarget.
    void setSelectedTarget(int index);
    int selectedTarget() const;   // resolved index into data()->targets, -1 when there is none
    virtual bool isPerTarget() const { return false; }

    // The drawn numbers as CSV (header row, C locale, one row per point).
    virtual QString csv() const = 0;
    // Tooltip for a position in the chart's item coordinates; empty when nothing is near.
    virtual QString toolTipAt(const QPointF &position) const;
    // Chart-specific entries of the context menu (before the export entries).
    virtual void addContextActions(QMenu *menu) { Q_UNUSED(menu); }

    // Builds the chart of `kind` (not shown anywhere yet).
    static std::unique_ptr<ChartBase> create(ChartKind kind);
    // A new chart of the same kind, settings, selection and data (for rendering at another size
    // while this one is shown).
    std::unique_ptr<ChartBase> copy() const;

signals:
    void updated();

protected:
    explicit ChartBase(QObject *parent = nullptr);
    // Copies kind-specific settings (e.g. the breakdown's node count) to `other` of the same kind.
    virtual void copySettingsTo(ChartBase &other) const { Q_UNUSED(other); }
    // Brings the chart up to date with data() (never null here) and selectedTarget().
    virtual void refresh() = 0;
    // Shows an empty chart with a message (no model, no targets).
    virtual void clear() = 0;

    // Points of registered series are hover targets: toolTipAt() finds the nearest point within a
    // few pixels over the visible registered series and asks pointText(tag, index).
    void registerHover(QXYSeries *series, int tag);
    void unregisterHover(QAbstractSeries *series);
    virtual QString pointText(int tag, int index) const;

    // The axis title font etc. of all charts.
    void styleChart();
    // A two-line rich-text title, centred, with a square in `swatch` (the target's colour) in front.
    static QString richTitle(const QColor &swatch, const QString &firstLine, const QString &secondLine);
    // A title with the model and knobs: "Latency vs batch size — resnet50 · fp16 · eager".
    QString titleWithKnobs(const QString &what, bool withPrecision = true) const;

    QPointer<QChart> m_chart;
    std::shared_ptr<const ChartData> m_data;
    int m_selected = -1;

private:
    struct Hover {
        QXYSeries *series = nullptr;
        int tag = 0;
    };
    std::vector<Hover> m_hover;
};

// Sets a base-10 log axis to [min, max] (when it differs) with minor grid lines (2..9 of each decade)
// only while the range spans at most kMinorGridDecades decades: more of them cost most of a chart's
// repaint (QtCharts draws every grid line) and crowd the major lines that carry the labels.
inline constexpr double kMinorGridDecades = 2.0;
void setLogAxisRange(QLogValueAxis *axis, double min, double max);

// Renders `chart` into `painter` at `rect`, as it looks at rect's size: vectors when the painter
// paints on a QPdfWriter or QSvgGenerator. A chart shown in a view is left alone (a copy is drawn).
void renderChart(ChartBase &chart, QPainter &painter, const QRectF &rect);
// The same for a chart built from `data` for the occasion (the report's entry point).
void renderChart(ChartKind kind, std::shared_ptr<const ChartData> data, int selectedTarget, QPainter &painter,
                 const QRectF &rect);

}  // namespace infersight
