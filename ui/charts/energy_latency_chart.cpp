// SPDX-License-Identifier: MIT
#include "charts/energy_latency_chart.h"

#include "explore/pareto.h"

#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace infersight {

namespace {

constexpr double kMarkerSize = 9.0;

int precisionIndex(Precision p) {
    return static_cast<int>(p);
}

void setShape(QScatterSeries *series, Precision precision, const QColor &colour) {
    switch (precision) {
    case Precision::FP32: series->setMarkerShape(QScatterSeries::MarkerShapeCircle); break;
    case Precision::TF32: series->setMarkerShape(QScatterSeries::MarkerShapeRectangle); break;
    case Precision::FP16: series->setMarkerShape(QScatterSeries::MarkerShapeTriangle); break;
    case Precision::BF16: series->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle); break;
    case Precision::AMP:
        // FP16 autocast: the fp16 triangle, outlined (six marker shapes for seven precisions).
        series->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
        series->setBrush(Qt::NoBrush);
        series->setPen(QPen(colour, 1.6));
        break;
    case Precision::INT8: series->setMarkerShape(QScatterSeries::MarkerShapeStar); break;
    case Precision::FP8: series->setMarkerShape(QScatterSeries::MarkerShapePentagon); break;
    case Precision::FP32Strict:
        // TF32 off everywhere: the fp32 circle, outlined.
        series->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        series->setBrush(Qt::NoBrush);
        series->setPen(QPen(colour, 1.6));
        break;
    }
}

QColor withAlpha(QColor colour, int alpha) {
    colour.setAlpha(alpha);
    return colour;
}

}  // namespace

EnergyLatencyChart::EnergyLatencyChart(QObject *parent) : ChartBase(parent) {
    m_xAxis = new QLogValueAxis;
    m_xAxis->setBase(10.0);
    m_xAxis->setLabelFormat(QStringLiteral("%g"));
    m_xAxis->setMinorTickCount(-1);
    m_xAxis->setTitleText(tr("Latency per forward pass (ms, log scale)"));
    m_xAxis->setRange(0.1, 100);
    m_chart->addAxis(m_xAxis, Qt::AlignBottom);
    m_yAxis = new QLogValueAxis;
    m_yAxis->setBase(10.0);
    m_yAxis->setLabelFormat(QStringLiteral("%g"));
    m_yAxis->setMinorTickCount(-1);
    m_yAxis->setTitleText(tr("Energy per inference (J/sample, log scale)"));
    m_yAxis->setRange(0.001, 1);
    m_chart->addAxis(m_yAxis, Qt::AlignLeft);
    // Targets, precision shapes and the ring make a long legend: a column on the right.
    m_chart->legend()->setAlignment(Qt::AlignRight);
    clear();
}

QLineSeries *EnergyLatencyChart::front(int index) const {
    return index >= 0 && index < targetSeriesCount() ? m_series[static_cast<std::size_t>(index)].front : nullptr;
}

QScatterSeries *EnergyLatencyChart::currentMarker(int index) const {
    return index >= 0 && index < targetSeriesCount() ? m_series[static_cast<std::size_t>(index)].current : nullptr;
}

std::vector<ChartEnergyPoint> EnergyLatencyChart::frontPoints(int index) const {
    std::vector<ChartEnergyPoint> out;
    if (index >= 0 && index < targetSeriesCount()) {
        const TargetSeries &s = m_series[static_cast<std::size_t>(index)];
        for (const std::size_t i : s.frontOrder) {
            out.push_back(s.drawn[i]);
        }
    }
    return out;
}

std::vector<QScatterSeries *> EnergyLatencyChart::pointSeries(int index) const {
    std::vector<QScatterSeries *> out;
    if (index >= 0 && index < targetSeriesCount()) {
        for (const PointGroup &g : m_series[static_cast<std::size_t>(index)].groups) {
            out.push_back(g.series);
        }
    }
    return out;
}

std::vector<bool> EnergyLatencyChart::paretoMask(const std::vector<ChartEnergyPoint> &points) {
    std::vector<ObjectiveVector> objectives;
    std::vector<bool> feasible;
    objectives.reserve(points.size());
    feasible.reserve(points.size());
    for (const ChartEnergyPoint &p : points) {
        objectives.push_back({p.latencyMs, p.energyPerSampleJ(), 0.0, 0.0});
        feasible.push_back(p.fits && std::isfinite(p.latencyMs) && std::isfinite(p.energyJ) && p.latencyMs > 0
                           && p.energyJ > 0);
    }
    return paretoFront(objectives, 2, feasible);
}

std::vector<Precision> EnergyLatencyChart::groupsOf(const std::vector<ChartEnergyPoint> &points, bool &someDoNotFit) {
    std::array<bool, std::size(kAllPrecisions)> present{};
    someDoNotFit = false;
    for (const ChartEnergyPoint &p : points) {
        if (p.fits) {
            present[static_cast<std::size_t>(precisionIndex(p.precision))] = true;
        } else {
            someDoNotFit = true;
        }
    }
    std::vector<Precision> out;
    for (const Precision p : kAllPrecisions) {
        if (present[static_cast<std::size_t>(precisionIndex(p))]) {
            out.push_back(p);
        }
    }
    return out;
}

void EnergyLatencyChart::attach(QAbstractSeries *series) {
    m_chart->addSeries(series);
    series->attachAxis(m_xAxis);
    series->attachAxis(m_yAxis);
}

void EnergyLatencyChart::hideFromLegend(QAbstractSeries *series) {
    for (QLegendMarker *marker : m_chart->legend()->markers(series)) {
        marker->setVisible(false);
    }
}

void EnergyLatencyChart::removeAllSeries() {
    for (QAbstractSeries *series : m_chart->series()) {
        unregisterHover(series);
    }
    m_chart->removeAllSeries();
    m_series.clear();
    m_legendShapes.clear();
}

void EnergyLatencyChart::clear() {
    removeAllSeries();
    m_chart->setTitle(tr("Energy vs latency over batch × precision"));
}

bool EnergyLatencyChart::sameStructure() const {
    if (m_series.size() != m_data->targets.size()) {
        return false;
    }
    for (std::size_t i = 0; i < m_series.size(); ++i) {
        const ChartTarget &target = m_data->targets[i];
        const TargetSeries &s = m_series[i];
        if (s.key != target.key || s.colour != target.colour) {
            return false;
        }
        bool someDoNotFit = false;
        const std::vector<Precision> groups = groupsOf(target.energyLatency, someDoNotFit);
        std::size_t g = 0;
        for (const PointGroup &group : s.groups) {
            if (group.fits) {
                if (g >= groups.size() || groups[g] != group.precision) {
                    return false;
                }
                ++g;
            }
        }
        const bool hasUnfit = std::any_of(s.groups.begin(), s.groups.end(), [](const PointGroup &x) { return !x.fits; });
        if (g != groups.size() || hasUnfit != someDoNotFit) {
            return false;
        }
    }
    return true;
}

QScatterSeries *EnergyLatencyChart::newPointSeries(Precision precision, bool fits, const QColor &colour, int tag) {
    auto *series = new QScatterSeries;
    series->setMarkerSize(fits ? kMarkerSize : kMarkerSize - 1);
    if (fits) {
        series->setColor(withAlpha(colour, 150));
        series->setBorderColor(withAlpha(colour.darker(130), 200));
        setShape(series, precision, withAlpha(colour.darker(110), 220));
    } else {
        // Does not fit in memory: hollow grey-edged circles.
        series->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        series->setBrush(Qt::NoBrush);
        series->setPen(QPen(withAlpha(colour, 150), 1.2));
    }
    attach(series);
    hideFromLegend(series);
    registerHover(series, tag);
    return series;
}

void EnergyLatencyChart::rebuildSeries() {
    removeAllSeries();
    const int n = static_cast<int>(m_data->targets.size());
    m_series.resize(static_cast<std::size_t>(n));
    std::array<bool, std::size(kAllPrecisions)> precisionsDrawn{};
    bool anyUnfit = false;
    for (int i = 0; i < n; ++i) {
        const ChartTarget &target = m_data->targets[static_cast<std::size_t>(i)];
        TargetSeries &s = m_series[static_cast<std::size_t>(i)];
        s.key = target.key;
        s.colour = target.colour;
        bool someDoNotFit = false;
        int g = 0;
        for (const Precision p : groupsOf(target.energyLatency, someDoNotFit)) {
            s.groups.push_back({p, true, newPointSeries(p, true, target.colour, i * kTagStride + PointRole + g), {}});
            precisionsDrawn[static_cast<std::size_t>(precisionIndex(p))] = true;
            ++g;
        }
        if (someDoNotFit) {
            s.groups.push_back({Precision::FP32, false, newPointSeries(Precision::FP32, false, target.colour,
                                                                         i * kTagStride + PointRole + g),
                                {}});
            anyUnfit = true;
        }
    }
    for (int i = 0; i < n; ++i) {
        TargetSeries &s = m_series[static_cast<std::size_t>(i)];
        s.front = new QLineSeries;
        s.front->setObjectName(QStringLiteral("front:%1").arg(s.key));
        s.front->setPen(QPen(s.colour, 2.2));
        s.front->setColor(s.colour);
        s.front->setPointsVisible(true);
        s.front->setMarkerSize(5);
        attach(s.front);
        registerHover(s.front, i * kTagStride + FrontRole);
    }
    for (int i = 0; i < n; ++i) {
        TargetSeries &s = m_series[static_cast<std::size_t>(i)];
        s.current = new QScatterSeries;
        s.current->setObjectName(QStringLiteral("current:%1").arg(s.key));
        s.current->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        s.current->setMarkerSize(16);
        s.current->setBrush(Qt::NoBrush);
        s.current->setPen(QPen(s.colour, 2.4));
        attach(s.current);
        hideFromLegend(s.current);
        registerHover(s.current, i * kTagStride + CurrentRole);
    }
    // Neutral legend entries: one per precision shape, the hollow "does not fit", the ring.
    const QColor neutral(0x60, 0x60, 0x60);
    for (const Precision p : kAllPrecisions) {
        if (!precisionsDrawn[static_cast<std::size_t>(precisionIndex(p))]) {
            continue;
        }
        auto *legend = new QScatterSeries;
        legend->setMarkerSize(kMarkerSize);
        legend->setColor(neutral);
        legend->setBorderColor(neutral);
        setShape(legend, p, neutral);
        legend->setName(precisionName(p));
        attach(legend);
        m_legendShapes.push_back(legend);
    }
    if (anyUnfit) {
        auto *legend = new QScatterSeries;
        legend->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        legend->setBrush(Qt::NoBrush);
        legend->setPen(QPen(neutral, 1.2));
        legend->setName(tr("does not fit in memory"));
        attach(legend);
    }
    auto *ring = new QScatterSeries;
    ring->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    ring->setBrush(Qt::NoBrush);
    ring->setPen(QPen(neutral, 2.0));
    ring->setName(tr("current knobs (ring)"));
    attach(ring);
}

void EnergyLatencyChart::updateTarget(int index, const ChartTarget &target) {
    TargetSeries &s = m_series[static_cast<std::size_t>(index)];
    const QString name = target.ok() ? target.label : tr("%1 (no prediction: %2)").arg(target.label, target.error);
    if (s.front->name() != name) {
        s.front->setName(name);
    }
    // Sweeps from earlier knobs (the session is computing the new ones) are drawn faded.
    const qreal opacity = target.sweepsCurrent ? 1.0 : 0.35;
    if (s.front->opacity() != opacity) {
        s.front->setOpacity(opacity);
        for (PointGroup &group : s.groups) {
            group.series->setOpacity(opacity);
        }
    }
    if (target.energyLatency != s.drawn) {
        s.drawn = target.energyLatency;
        s.onFront = paretoMask(s.drawn);
        s.frontOrder.clear();
        for (std::size_t i = 0; i < s.drawn.size(); ++i) {
            if (s.onFront[i]) {
                s.frontOrder.push_back(i);
            }
        }
        std::sort(s.frontOrder.begin(), s.frontOrder.end(), [&s](std::size_t a, std::size_t b) {
            const ChartEnergyPoint &pa = s.drawn[a];
            const ChartEnergyPoint &pb = s.drawn[b];
            return pa.latencyMs != pb.latencyMs ? pa.latencyMs < pb.latencyMs : pa.energyPerSampleJ() > pb.energyPerSampleJ();
        });
        QList<QPointF> frontPoints;
        for (const std::size_t i : s.frontOrder) {
            frontPoints.append(QPointF(s.drawn[i].latencyMs, s.drawn[i].energyPerSampleJ()));
        }
        s.front->replace(frontPoints);
        for (PointGroup &group : s.groups) {
            group.indices.clear();
            QList<QPointF> points;
            for (std::size_t i = 0; i < s.drawn.size(); ++i) {
                const ChartEnergyPoint &p = s.drawn[i];
                const bool member = group.fits ? (p.fits && p.precision == group.precision) : !p.fits;
                if (member && p.latencyMs > 0 && p.energyJ > 0) {
                    group.indices.push_back(i);
                    points.append(QPointF(p.latencyMs, p.energyPerSampleJ()));
                }
            }
            group.series->replace(points);
        }
    }
    if (target.ok() && target.current && target.current->latencyMs > 0 && target.current->energyJ > 0) {
        const double batch = static_cast<double>(std::max<std::int64_t>(1, m_data->knobs.batch));
        s.current->replace(QList<QPointF>{QPointF(target.current->latencyMs, target.current->energyJ / batch)});
    } else if (s.current->count() > 0) {
        s.current->clear();
    }
}

void EnergyLatencyChart::refresh() {
    if (!sameStructure()) {
        rebuildSeries();
    }
    m_chart->setTitle(titleWithKnobs(tr("Energy vs latency over batch × precision (lines: Pareto fronts)"), false));
    double xMin = std::numeric_limits<double>::infinity();
    double xMax = 0;
    double yMin = std::numeric_limits<double>::infinity();
    double yMax = 0;
    auto widen = [&](double x, double y) {
        if (x > 0 && y > 0 && std::isfinite(x) && std::isfinite(y)) {
            xMin = std::min(xMin, x);
            xMax = std::max(xMax, x);
            yMin = std::min(yMin, y);
            yMax = std::max(yMax, y);
        }
    };
    for (std::size_t i = 0; i < m_series.size(); ++i) {
        updateTarget(static_cast<int>(i), m_data->targets[i]);
        for (const ChartEnergyPoint &p : m_series[i].drawn) {
            widen(p.latencyMs, p.energyPerSampleJ());
        }
        for (const QPointF &p : m_series[i].current->points()) {
            widen(p.x(), p.y());
        }
    }
    if (std::isfinite(xMin)) {
        m_xRange.fit(xMin, xMax);
        m_yRange.fit(yMin, yMax);
        setLogAxisRange(m_xAxis, m_xRange.min, m_xRange.max);
        setLogAxisRange(m_yAxis, m_yRange.min, m_yRange.max);
    }
}

QString EnergyLatencyChart::pointText(int tag, int index) const {
    const int t = tag / kTagStride;
    const int role = tag % kTagStride;
    if (!m_data || t < 0 || t >= targetSeriesCount() || t >= static_cast<int>(m_data->targets.size())) {
        return {};
    }
    const ChartTarget &target = m_data->targets[static_cast<std::size_t>(t)];
    const TargetSeries &s = m_series[static_cast<std::size_t>(t)];
    const QString head = QStringLiteral("<b style='color:%1'>■</b> <b>%2</b><br>").arg(target.colour.name(), target.label.toHtmlEscaped());
    auto describe = [&](std::int64_t batch, Precision precision, double latencyMs, double energyJ) {
        return tr("%1, batch %2: %3, %4/sample (%5 per batch)")
            .arg(precisionName(precision), QLocale().toString(static_cast<qlonglong>(batch)), formatMs(latencyMs),
                 formatJoules(batch > 0 ? energyJ / static_cast<double>(batch) : energyJ), formatJoules(energyJ));
    };
    std::size_t point = 0;
    if (role == CurrentRole) {
        if (!target.current) {
            return {};
        }
        return head + tr("current knobs: ")
               + describe(m_data->knobs.batch, m_data->knobs.precision, target.current->latencyMs, target.current->energyJ);
    }
    if (role == FrontRole) {
        if (index < 0 || index >= static_cast<int>(s.frontOrder.size())) {
            return {};
        }
        point = s.frontOrder[static_cast<std::size_t>(index)];
    } else {
        const int g = role - PointRole;
        if (g < 0 || g >= static_cast<int>(s.groups.size())) {
            return {};
        }
        const PointGroup &group = s.groups[static_cast<std::size_t>(g)];
        if (index < 0 || index >= static_cast<int>(group.indices.size())) {
            return {};
        }
        point = group.indices[static_cast<std::size_t>(index)];
    }
    const ChartEnergyPoint &p = s.drawn[point];
    QString text = head + describe(p.batch, p.precision, p.latencyMs, p.energyJ);
    if (s.onFront[point]) {
        text += QStringLiteral("<br>") + tr("on the Pareto front: no other point of this target is both faster and more frugal");
    }
    if (!p.fits) {
        text += QStringLiteral("<br>") + tr("does not fit in the target's memory");
    }
    return text;
}

QString EnergyLatencyChart::csv() const {
    QString out = QStringLiteral("target,precision,batch,latency_ms,energy_per_sample_j,energy_per_batch_j,fits,on_front\n");
    for (std::size_t t = 0; t < m_series.size(); ++t) {
        const TargetSeries &s = m_series[t];
        const QString label = m_data ? csvText(m_data->targets[t].label) : QString();
        for (std::size_t i = 0; i < s.drawn.size(); ++i) {
            const ChartEnergyPoint &p = s.drawn[i];
            out += QStringList{label,
                               precisionName(p.precision),
                               QString::number(p.batch),
                               csvNumber(p.latencyMs),
                               csvNumber(p.energyPerSampleJ()),
                               csvNumber(p.energyJ),
                               p.fits ? QStringLiteral("1") : QStringLiteral("0"),
                               s.onFront[i] ? QStringLiteral("1") : QStringLiteral("0")}
                       .join(QLatin1Char(','))
                   + QLatin1Char('\n');
        }
    }
    return out;
}

}  // namespace infersight
