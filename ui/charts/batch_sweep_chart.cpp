// SPDX-License-Identifier: MIT
#include "charts/batch_sweep_chart.h"

#include <QAreaSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace infersight {

namespace {

QList<QPointF> pointsOf(const std::vector<ChartSweepPoint> &sweep, auto &&value) {
    QList<QPointF> points;
    points.reserve(static_cast<qsizetype>(sweep.size()));
    for (const ChartSweepPoint &p : sweep) {
        const double v = value(p);
        if (p.batch > 0 && std::isfinite(v)) {
            points.append(QPointF(static_cast<double>(p.batch), v));
        }
    }
    return points;
}

QColor withAlpha(QColor colour, int alpha) {
    colour.setAlpha(alpha);
    return colour;
}

}  // namespace

BatchSweepChart::BatchSweepChart(YScale scale, bool withBand, QObject *parent)
    : ChartBase(parent), m_scale(scale), m_withBand(withBand) {
    m_xAxis = new QLogValueAxis;
    m_xAxis->setBase(2.0);
    m_xAxis->setLabelFormat(QStringLiteral("%d"));
    m_xAxis->setTitleText(tr("Batch size (samples, log scale)"));
    m_xAxis->setRange(1, 1024);
    m_xAxis->setMinorTickCount(0);
    m_chart->addAxis(m_xAxis, Qt::AlignBottom);
    if (scale == YScale::Log) {
        auto *y = new QLogValueAxis;
        y->setBase(10.0);
        y->setLabelFormat(QStringLiteral("%g"));
        y->setMinorTickCount(-1);
        y->setRange(0.1, 100);
        m_yAxis = y;
    } else {
        auto *y = new QValueAxis;
        y->setLabelFormat(QStringLiteral("%.3g"));
        y->setRange(0, 1);
        m_yAxis = y;
    }
    m_chart->addAxis(m_yAxis, Qt::AlignLeft);
    // Subclasses call clear() once constructed (it asks them for the titles).
}

QLineSeries *BatchSweepChart::line(int index) const {
    return index >= 0 && index < targetSeriesCount() ? m_series[static_cast<std::size_t>(index)].line : nullptr;
}

QAreaSeries *BatchSweepChart::band(int index) const {
    return index >= 0 && index < targetSeriesCount() ? m_series[static_cast<std::size_t>(index)].band : nullptr;
}

QScatterSeries *BatchSweepChart::currentMarker(int index) const {
    return index >= 0 && index < targetSeriesCount() ? m_series[static_cast<std::size_t>(index)].marker : nullptr;
}

QAbstractAxis *BatchSweepChart::xAxis() const {
    return m_xAxis;
}

QAbstractAxis *BatchSweepChart::yAxis() const {
    return m_yAxis;
}

void BatchSweepChart::attach(QAbstractSeries *series) {
    m_chart->addSeries(series);
    series->attachAxis(m_xAxis);
    series->attachAxis(m_yAxis);
}

void BatchSweepChart::ownEdges(QAreaSeries *area) {
    // QChart::addSeries made the chart's data set the area's parent, and nothing owns its edge
    // lines: they go with the area from now on (found by LeakSanitizer, the asan preset).
    area->upperSeries()->setParent(area);
    area->lowerSeries()->setParent(area);
}

void BatchSweepChart::hideFromLegend(QAbstractSeries *series) {
    for (QLegendMarker *marker : m_chart->legend()->markers(series)) {
        marker->setVisible(false);
    }
}

void BatchSweepChart::removeAllSeries() {
    for (QAbstractSeries *series : m_chart->series()) {
        unregisterHover(series);
    }
    removeExtras();
    m_chart->removeAllSeries();  // deletes them (and the band edges, children of the areas: ownEdges)
    m_series.clear();
    m_currentLine = nullptr;
    m_bandLegend = nullptr;
}

void BatchSweepChart::clear() {
    removeAllSeries();
    m_chart->setTitle(chartTitle());
    m_yAxis->setTitleText(yTitle());
}

bool BatchSweepChart::sameTargets() const {
    if (m_series.size() != m_data->targets.size()) {
        return false;
    }
    for (std::size_t i = 0; i < m_series.size(); ++i) {
        if (m_series[i].key != m_data->targets[i].key) {
            return false;
        }
    }
    return true;
}

void BatchSweepChart::rebuildSeries() {
    removeAllSeries();
    const int n = static_cast<int>(m_data->targets.size());
    m_series.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const ChartTarget &target = m_data->targets[static_cast<std::size_t>(i)];
        TargetSeries &s = m_series[static_cast<std::size_t>(i)];
        s.key = target.key;
        if (m_withBand) {
            s.upper = new QLineSeries;
            s.lower = new QLineSeries;
            s.band = new QAreaSeries(s.upper, s.lower);
            s.band->setObjectName(QStringLiteral("band:%1").arg(target.key));
            attach(s.band);
            ownEdges(s.band);
            hideFromLegend(s.band);
        }
        s.line = new QLineSeries;
        s.line->setObjectName(QStringLiteral("line:%1").arg(target.key));
        s.line->setPointsVisible(true);
        s.line->setMarkerSize(5);
        attach(s.line);
        registerHover(s.line, i * kTagStride + LineRole);
        addExtras(i, target);
    }
    // The current batch: a vertical line, then each target's value there on top of everything.
    m_currentLine = new QLineSeries;
    m_currentLine->setObjectName(QStringLiteral("currentBatch"));
    QPen dashed(QColor(0x55, 0x55, 0x55), 1.2, Qt::DashLine);
    m_currentLine->setPen(dashed);
    attach(m_currentLine);
    for (int i = 0; i < n; ++i) {
        TargetSeries &s = m_series[static_cast<std::size_t>(i)];
        s.marker = new QScatterSeries;
        s.marker->setObjectName(QStringLiteral("current:%1").arg(s.key));
        s.marker->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        s.marker->setMarkerSize(11);
        attach(s.marker);
        hideFromLegend(s.marker);
        registerHover(s.marker, i * kTagStride + MarkerRole);
    }
    if (m_withBand) {
        // One neutral legend entry explains every target's shaded band.
        m_bandLegend = new QAreaSeries(new QLineSeries, new QLineSeries);
        m_bandLegend->setName(tr("80 % band (shaded)"));
        m_bandLegend->setBrush(QColor(0, 0, 0, 40));
        m_bandLegend->setPen(Qt::NoPen);
        attach(m_bandLegend);
        ownEdges(m_bandLegend);
        for (QLegendMarker *marker : m_chart->legend()->markers(m_bandLegend)) {
            marker->setShape(QLegend::MarkerShapeRectangle);
        }
    }
    addLegendEntries();
}

void BatchSweepChart::refresh() {
    if (!sameTargets()) {
        rebuildSeries();
    }
    const ChartData &data = *m_data;
    m_chart->setTitle(titleWithKnobs(chartTitle()));

    // Ranges over every target's sweep, band and current value.
    double xMin = std::numeric_limits<double>::infinity();
    double xMax = 0;
    double yMin = std::numeric_limits<double>::infinity();
    double yMax = 0;
    const double batch = static_cast<double>(std::max<std::int64_t>(1, data.knobs.batch));
    for (std::size_t i = 0; i < m_series.size(); ++i) {
        const ChartTarget &target = data.targets[i];
        TargetSeries &s = m_series[i];
        if (s.colour != target.colour || s.label != target.label) {
            s.colour = target.colour;
            s.label = target.label;
            // Earlier targets slightly wider, so that lines that coincide (the same memory on two
            // GPUs, two host-bound targets) still show every colour.
            QPen pen(target.colour, 2.0 + 1.0 * static_cast<double>(m_series.size() - 1 - i));
            s.line->setPen(pen);
            s.line->setColor(target.colour);
            if (s.band) {
                s.band->setBrush(withAlpha(target.colour, 46));
                s.band->setPen(Qt::NoPen);
            }
            s.marker->setColor(target.colour);
            s.marker->setBorderColor(Qt::white);
        }
        const QString name = target.ok() ? target.label : tr("%1 (no prediction: %2)").arg(target.label, target.error);
        if (s.line->name() != name) {
            s.line->setName(name);
        }
        // Sweeps from earlier knobs (the session is computing the new ones) are drawn faded.
        const qreal opacity = target.sweepsCurrent ? 1.0 : 0.35;
        if (s.line->opacity() != opacity) {
            s.line->setOpacity(opacity);
            if (s.band) {
                s.band->setOpacity(opacity);
            }
        }
        const std::vector<ChartSweepPoint> &sweep = target.ok() ? target.batchSweep : std::vector<ChartSweepPoint>{};
        if (sweep != s.drawn) {
            s.drawn = sweep;
            s.line->replace(pointsOf(sweep, [this](const ChartSweepPoint &p) { return valueOf(p); }));
            if (s.band) {
                s.upper->replace(pointsOf(sweep, [this](const ChartSweepPoint &p) { return highOf(p); }));
                s.lower->replace(pointsOf(sweep, [this](const ChartSweepPoint &p) { return lowOf(p); }));
            }
        }
        for (const ChartSweepPoint &p : s.drawn) {
            xMin = std::min(xMin, static_cast<double>(p.batch));
            xMax = std::max(xMax, static_cast<double>(p.batch));
            const double lo = m_withBand ? lowOf(p) : valueOf(p);
            const double hi = m_withBand ? highOf(p) : valueOf(p);
            if (lo > 0 || m_scale == YScale::Linear) {
                yMin = std::min(yMin, lo);
            }
            yMax = std::max(yMax, hi);
        }
        if (target.ok()) {
            const double v = currentValueOf(target);
            if (std::isfinite(v)) {
                s.marker->replace(QList<QPointF>{QPointF(batch, v)});
                if (v > 0 || m_scale == YScale::Linear) {
                    yMin = std::min(yMin, v);
                }
                yMax = std::max(yMax, v);
            } else {
                s.marker->clear();
            }
        } else if (s.marker->count() > 0) {
            s.marker->clear();
        }
        extrasRange(target, yMin, yMax);
    }
    if (!std::isfinite(xMin)) {
        xMin = 1;
        xMax = 1024;
    }
    xMin = std::min(xMin, batch);
    xMax = std::max(xMax, batch);
    // Whole powers of two: the axis labels stay 1, 2, 4, ...
    const double newXMin = std::pow(2.0, std::floor(std::log2(xMin)));
    const double newXMax = std::pow(2.0, std::ceil(std::log2(std::max(xMax, newXMin * 2))));
    if (newXMin != m_xMin || newXMax != m_xMax) {
        m_xMin = newXMin;
        m_xMax = newXMax;
    }
    if (m_xAxis->min() != m_xMin || m_xAxis->max() != m_xMax) {
        m_xAxis->setRange(m_xMin, m_xMax);
    }
    if (!std::isfinite(yMin)) {
        yMin = m_scale == YScale::Log ? 0.1 : 0.0;
        yMax = m_scale == YScale::Log ? 100.0 : 1.0;
    }
    if (m_scale == YScale::Log) {
        m_logRange.fit(yMin, yMax);
        m_yMin = m_logRange.min;
        m_yMax = m_logRange.max;
        setLogAxisRange(static_cast<QLogValueAxis *>(m_yAxis), m_yMin, m_yMax);
    } else {
        m_linearRange.fit(yMin, yMax);
        m_yMin = m_linearRange.min;
        m_yMax = m_linearRange.max;
        auto *y = static_cast<QValueAxis *>(m_yAxis);
        if (y->min() != m_yMin || y->max() != m_yMax || y->tickCount() != m_linearRange.tickCount) {
            y->setRange(m_yMin, m_yMax);
            y->setTickCount(m_linearRange.tickCount);
            y->setLabelFormat(linearLabelFormat((m_yMax - m_yMin) / std::max(1, m_linearRange.tickCount - 1)));
        }
    }
    m_currentLine->setName(tr("current batch (%1)").arg(QLocale().toString(static_cast<qlonglong>(data.knobs.batch))));
    m_currentLine->replace(QList<QPointF>{QPointF(batch, m_yMin), QPointF(batch, m_yMax)});
    for (std::size_t i = 0; i < m_series.size(); ++i) {
        updateExtras(static_cast<int>(i), data.targets[i], m_xMin, m_xMax);
    }
}

QString BatchSweepChart::pointText(int tag, int index) const {
    const int t = tag / kTagStride;
    const int role = tag % kTagStride;
    if (!m_data || t < 0 || t >= static_cast<int>(m_data->targets.size()) || t >= targetSeriesCount()) {
        return {};
    }
    const ChartTarget &target = m_data->targets[static_cast<std::size_t>(t)];
    const TargetSeries &s = m_series[static_cast<std::size_t>(t)];
    const QString head = QStringLiteral("<b style='color:%1'>■</b> <b>%2</b><br>").arg(target.colour.name(), target.label.toHtmlEscaped());
    if (role == LineRole) {
        if (index < 0 || index >= static_cast<int>(s.drawn.size())) {
            return {};
        }
        const ChartSweepPoint &p = s.drawn[static_cast<std::size_t>(index)];
        QString text = head + tr("batch %1: %2").arg(QLocale().toString(static_cast<qlonglong>(p.batch)),
                                                    valueText(valueOf(p), lowOf(p), highOf(p)));
        if (!p.fits) {
            text += QStringLiteral("<br>") + tr("does not fit in the target's memory");
        }
        return text;
    }
    if (role == MarkerRole && target.ok()) {
        const double v = currentValueOf(target);
        double low = v;
        double high = v;
        if (m_withBand && target.current) {
            // The current point's band: the prediction's own band, in this chart's unit.
            ChartSweepPoint p;
            p.batch = m_data->knobs.batch;
            p.latencyMs = target.current->latencyMs;
            p.bandLowMs = target.current->bandLowMs;
            p.bandHighMs = target.current->bandHighMs;
            p.throughputPerS = target.current->throughputPerS;
            low = lowOf(p);
            high = highOf(p);
        }
        return head + tr("current batch %1: %2").arg(QLocale().toString(static_cast<qlonglong>(m_data->knobs.batch)),
                                                    valueText(v, low, high));
    }
    return extraPointText(tag, index);
}

QString BatchSweepChart::csv() const {
    QStringList header{QStringLiteral("target"), QStringLiteral("batch")};
    header << csvColumns();
    QString out = header.join(QLatin1Char(',')) + QLatin1Char('\n');
    if (!m_data) {
        return out;
    }
    for (std::size_t i = 0; i < m_data->targets.size() && i < m_series.size(); ++i) {
        const ChartTarget &target = m_data->targets[i];
        for (const ChartSweepPoint &p : m_series[i].drawn) {
            QStringList row{csvText(target.label), QString::number(p.batch)};
            for (const double v : csvValues(target, p)) {
                row << csvNumber(v);
            }
            out += row.join(QLatin1Char(',')) + QLatin1Char('\n');
        }
    }
    return out;
}

// --- latency

LatencyChart::LatencyChart(QObject *parent) : BatchSweepChart(YScale::Log, true, parent) {
    clear();
}

QString LatencyChart::chartTitle() const {
    return tr("Latency vs batch size");
}

QString LatencyChart::yTitle() const {
    return tr("Latency (ms, log)");
}

double LatencyChart::currentValueOf(const ChartTarget &target) const {
    return target.current ? target.current->latencyMs : std::numeric_limits<double>::quiet_NaN();
}

QString LatencyChart::valueText(double value, double low, double high) const {
    return formatMsBand(value, low, high);
}

QStringList LatencyChart::csvColumns() const {
    return {QStringLiteral("latency_ms"), QStringLiteral("band_low_ms"), QStringLiteral("band_high_ms")};
}

std::vector<double> LatencyChart::csvValues(const ChartTarget &, const ChartSweepPoint &p) const {
    return {p.latencyMs, p.bandLowMs, p.bandHighMs};
}

// --- throughput

ThroughputChart::ThroughputChart(QObject *parent) : BatchSweepChart(YScale::Linear, true, parent) {
    clear();
}

QString ThroughputChart::chartTitle() const {
    return tr("Throughput vs batch size");
}

QString ThroughputChart::yTitle() const {
    return tr("Throughput (samples/s)");
}

// Throughput = batch / latency, so the slow end of the latency band is the low end here.
double ThroughputChart::lowOf(const ChartSweepPoint &p) const {
    return p.bandHighMs > 0 ? static_cast<double>(p.batch) * 1000.0 / p.bandHighMs : p.throughputPerS;
}

double ThroughputChart::highOf(const ChartSweepPoint &p) const {
    return p.bandLowMs > 0 ? static_cast<double>(p.batch) * 1000.0 / p.bandLowMs : p.throughputPerS;
}

double ThroughputChart::currentValueOf(const ChartTarget &target) const {
    return target.current ? target.current->throughputPerS : std::numeric_limits<double>::quiet_NaN();
}

QString ThroughputChart::valueText(double value, double low, double high) const {
    return tr("%1 samples/s (%2–%3)").arg(formatSignificant(value), formatSignificant(low), formatSignificant(high));
}

QStringList ThroughputChart::csvColumns() const {
    return {QStringLiteral("throughput_samples_per_s"), QStringLiteral("band_low_samples_per_s"),
            QStringLiteral("band_high_samples_per_s")};
}

std::vector<double> ThroughputChart::csvValues(const ChartTarget &, const ChartSweepPoint &p) const {
    return {p.throughputPerS, lowOf(p), highOf(p)};
}

}  // namespace infersight
