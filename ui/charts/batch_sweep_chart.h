// SPDX-License-Identifier: MIT
// The charts over batch size (log2 x axis): one line per target through its batch sweep, the 80 %
// band as a shaded area, the current batch as a vertical line with each target's value there
// (from the prediction at the current knobs) marked. LatencyChart, ThroughputChart and
// MemoryChart say which number they draw.
#pragma once

#include "charts/chart_base.h"
#include "charts/chart_format.h"

#include <QStringList>

#include <vector>

class QAbstractAxis;
class QAreaSeries;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

namespace infersight {

class BatchSweepChart : public ChartBase {
    Q_OBJECT
public:
    // Series of target `index` (nullptr when out of range). line() points are (batch, value).
    QLineSeries *line(int index) const;
    QAreaSeries *band(int index) const;          // nullptr for charts without a band
    QScatterSeries *currentMarker(int index) const;
    QLineSeries *currentBatchLine() const { return m_currentLine; }
    int targetSeriesCount() const { return static_cast<int>(m_series.size()); }
    QAbstractAxis *xAxis() const;
    QAbstractAxis *yAxis() const;

    QString csv() const override;

protected:
    enum class YScale { Linear, Log };
    BatchSweepChart(YScale scale, bool withBand, QObject *parent = nullptr);

    virtual QString chartTitle() const = 0;
    virtual QString yTitle() const = 0;
    // The drawn number of a sweep point (in the axis unit) and its band.
    virtual double valueOf(const ChartSweepPoint &point) const = 0;
    virtual double lowOf(const ChartSweepPoint &point) const { return valueOf(point); }
    virtual double highOf(const ChartSweepPoint &point) const { return valueOf(point); }
    // The number at the current knobs, from the target's prediction.
    virtual double currentValueOf(const ChartTarget &target) const = 0;
    // "4.21 ms (3.60–5.00)" for the tooltip of a point.
    virtual QString valueText(double value, double low, double high) const = 0;
    // Extra per-target drawing (the memory chart's limit line); widens [yMin, yMax] to what it needs.
    virtual void addExtras(int index, const ChartTarget &target) { Q_UNUSED(index); Q_UNUSED(target); }
    virtual void updateExtras(int index, const ChartTarget &target, double xMin, double xMax) {
        Q_UNUSED(index); Q_UNUSED(target); Q_UNUSED(xMin); Q_UNUSED(xMax);
    }
    virtual void extrasRange(const ChartTarget &target, double &yMin, double &yMax) const {
        Q_UNUSED(target); Q_UNUSED(yMin); Q_UNUSED(yMax);
    }
    virtual void removeExtras() {}
    virtual void addLegendEntries() {}
    // CSV columns after "target,batch".
    virtual QStringList csvColumns() const = 0;
    virtual std::vector<double> csvValues(const ChartTarget &target, const ChartSweepPoint &point) const = 0;
    virtual QString extraPointText(int tag, int index) const { Q_UNUSED(tag); Q_UNUSED(index); return {}; }

    void refresh() override;
    void clear() override;
    QString pointText(int tag, int index) const override;

    // Adds a series to the chart on both axes.
    void attach(QAbstractSeries *series);
    void ownEdges(QAreaSeries *area);
    void hideFromLegend(QAbstractSeries *series);
    // Tags for registerHover(): index * kTagStride + role.
    static constexpr int kTagStride = 8;
    enum HoverRole { LineRole = 0, MarkerRole = 1, ExtraRole = 2 };

private:
    struct TargetSeries {
        QString key;
        QLineSeries *line = nullptr;
        QLineSeries *upper = nullptr;  // band edges (owned by the area series)
        QLineSeries *lower = nullptr;
        QAreaSeries *band = nullptr;
        QScatterSeries *marker = nullptr;
        std::vector<ChartSweepPoint> drawn;  // the sweep the line shows (to skip unchanged updates)
        QColor colour;
        QString label;
    };
    void rebuildSeries();
    void removeAllSeries();
    bool sameTargets() const;
    void fitAxes();

    YScale m_scale;
    bool m_withBand;
    QLogValueAxis *m_xAxis = nullptr;
    QAbstractAxis *m_yAxis = nullptr;
    std::vector<TargetSeries> m_series;
    QLineSeries *m_currentLine = nullptr;
    QAreaSeries *m_bandLegend = nullptr;
    StableRange m_linearRange;
    StableLogRange m_logRange;
    double m_xMin = 1;
    double m_xMax = 1024;

protected:
    // The visible y range after the last refresh.
    double m_yMin = 0;
    double m_yMax = 1;
};

// Latency of one forward pass vs batch (log-log), with the 80 % band.
class LatencyChart : public BatchSweepChart {
    Q_OBJECT
public:
    explicit LatencyChart(QObject *parent = nullptr);
    ChartKind kind() const override { return ChartKind::Latency; }

protected:
    QString chartTitle() const override;
    QString yTitle() const override;
    double valueOf(const ChartSweepPoint &p) const override { return p.latencyMs; }
    double lowOf(const ChartSweepPoint &p) const override { return p.bandLowMs; }
    double highOf(const ChartSweepPoint &p) const override { return p.bandHighMs; }
    double currentValueOf(const ChartTarget &target) const override;
    QString valueText(double value, double low, double high) const override;
    QStringList csvColumns() const override;
    std::vector<double> csvValues(const ChartTarget &target, const ChartSweepPoint &p) const override;
};

// Samples per second vs batch, with the band the latency band gives (batch / latency).
class ThroughputChart : public BatchSweepChart {
    Q_OBJECT
public:
    explicit ThroughputChart(QObject *parent = nullptr);
    ChartKind kind() const override { return ChartKind::Throughput; }

protected:
    QString chartTitle() const override;
    QString yTitle() const override;
    double valueOf(const ChartSweepPoint &p) const override { return p.throughputPerS; }
    double lowOf(const ChartSweepPoint &p) const override;
    double highOf(const ChartSweepPoint &p) const override;
    double currentValueOf(const ChartTarget &target) const override;
    QString valueText(double value, double low, double high) const override;
    QStringList csvColumns() const override;
    std::vector<double> csvValues(const ChartTarget &target, const ChartSweepPoint &p) const override;
};

}  // namespace infersight
