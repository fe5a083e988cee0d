// SPDX-License-Identifier: MIT
#include "charts/chart_base.h"

#include "charts/batch_sweep_chart.h"
#include "charts/energy_latency_chart.h"
#include "charts/layer_breakdown_chart.h"
#include "charts/memory_chart.h"
#include "charts/roofline_chart.h"
#include "charts/token_time_chart.h"

#include <QAbstractSeries>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGraphicsWidget>
#include <QLegend>
#include <QLogValueAxis>
#include <QPainter>
#include <QXYSeries>

#include <algorithm>
#include <cmath>

namespace infersight {

QString chartKindTabTitle(ChartKind kind) {
    switch (kind) {
    case ChartKind::Latency: return ChartBase::tr("Latency");
    case ChartKind::Throughput: return ChartBase::tr("Throughput");
    case ChartKind::Memory: return ChartBase::tr("Memory");
    case ChartKind::EnergyLatency: return ChartBase::tr("Energy–latency");
    case ChartKind::LayerBreakdown: return ChartBase::tr("Per-layer");
    case ChartKind::Roofline: return ChartBase::tr("Roofline");
    case ChartKind::TokenTimeContext: return ChartBase::tr("Token time vs context");
    case ChartKind::TokenTimeBatch: return ChartBase::tr("Token time vs batch");
    }
    return {};
}

bool isLlmChart(ChartKind kind) {
    return kind == ChartKind::TokenTimeContext || kind == ChartKind::TokenTimeBatch;
}

QString chartKindFileStem(ChartKind kind) {
    switch (kind) {
    case ChartKind::Latency: return QStringLiteral("latency-vs-batch");
    case ChartKind::Throughput: return QStringLiteral("throughput-vs-batch");
    case ChartKind::Memory: return QStringLiteral("memory-vs-batch");
    case ChartKind::EnergyLatency: return QStringLiteral("energy-vs-latency");
    case ChartKind::LayerBreakdown: return QStringLiteral("per-layer-breakdown");
    case ChartKind::Roofline: return QStringLiteral("roofline");
    case ChartKind::TokenTimeContext: return QStringLiteral("token-time-vs-context");
    case ChartKind::TokenTimeBatch: return QStringLiteral("token-time-vs-batch");
    }
    return QStringLiteral("chart");
}

ChartBase::ChartBase(QObject *parent) : QObject(parent), m_chart(new QChart) {
    styleChart();
}

ChartBase::~ChartBase() {
    // A chart placed in a scene (a view's or an offscreen one) belongs to it.
    if (m_chart && m_chart->scene() == nullptr) {
        delete m_chart.data();
    }
}

std::unique_ptr<ChartBase> ChartBase::create(ChartKind kind) {
    switch (kind) {
    case ChartKind::Latency: return std::make_unique<LatencyChart>();
    case ChartKind::Throughput: return std::make_unique<ThroughputChart>();
    case ChartKind::Memory: return std::make_unique<MemoryChart>();
    case ChartKind::EnergyLatency: return std::make_unique<EnergyLatencyChart>();
    case ChartKind::LayerBreakdown: return std::make_unique<LayerBreakdownChart>();
    case ChartKind::Roofline: return std::make_unique<RooflineChart>();
    case ChartKind::TokenTimeContext: return std::make_unique<TokenTimeChart>(TokenTimeChart::Axis::Context);
    case ChartKind::TokenTimeBatch: return std::make_unique<TokenTimeChart>(TokenTimeChart::Axis::Batch);
    }
    return nullptr;
}

std::unique_ptr<ChartBase> ChartBase::copy() const {
    auto other = create(kind());
    copySettingsTo(*other);
    other->m_selected = m_selected;
    other->setData(m_data);
    return other;
}

void ChartBase::setData(std::shared_ptr<const ChartData> data) {
    m_data = std::move(data);
    if (!m_chart) {
        return;
    }
    if (!m_data || m_data->targets.empty()) {
        clear();
    } else {
        refresh();
    }
    emit updated();
}

void ChartBase::setData(std::shared_ptr<const ChartData> data, int selectedTarget) {
    m_selected = selectedTarget;
    setData(std::move(data));
}

void ChartBase::setSelectedTarget(int index) {
    if (index == m_selected) {
        return;
    }
    m_selected = index;
    if (isPerTarget() && m_chart && m_data && !m_data->targets.empty()) {
        refresh();
        emit updated();
    }
}

int ChartBase::selectedTarget() const {
    if (!m_data || m_data->targets.empty()) {
        return -1;
    }
    const int n = static_cast<int>(m_data->targets.size());
    const int wanted = m_selected >= 0 ? m_selected : m_data->selectedTarget;
    return std::clamp(wanted, 0, n - 1);
}

void ChartBase::registerHover(QXYSeries *series, int tag) {
    m_hover.push_back({series, tag});
}

void ChartBase::unregisterHover(QAbstractSeries *series) {
    std::erase_if(m_hover, [series](const Hover &h) { return h.series == series; });
}

QString ChartBase::pointText(int, int) const {
    return {};
}

QString ChartBase::toolTipAt(const QPointF &position) const {
    if (!m_chart || !m_chart->plotArea().adjusted(-8, -8, 8, 8).contains(position)) {
        return {};
    }
    constexpr double kReachPx = 10.0;
    double best = kReachPx * kReachPx;
    const Hover *bestHover = nullptr;
    int bestIndex = -1;
    for (const Hover &h : m_hover) {
        if (!h.series->isVisible()) {
            continue;
        }
        const QList<QPointF> points = h.series->points();
        for (int i = 0; i < points.size(); ++i) {
            const QPointF p = m_chart->mapToPosition(points[i], h.series);
            const double dx = p.x() - position.x();
            const double dy = p.y() - position.y();
            const double d = dx * dx + dy * dy;
            if (d < best) {
                best = d;
                bestHover = &h;
                bestIndex = i;
            }
        }
    }
    return bestHover ? pointText(bestHover->tag, bestIndex) : QString();
}

void ChartBase::styleChart() {
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->setBackgroundRoundness(0);
    m_chart->setMargins(QMargins(6, 6, 6, 6));
    QFont titleFont = m_chart->titleFont();
    titleFont.setBold(true);
    titleFont.setPointSizeF(std::max(9.0, titleFont.pointSizeF()));
    m_chart->setTitleFont(titleFont);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    m_chart->legend()->setShowToolTips(true);
}

QString ChartBase::richTitle(const QColor &swatch, const QString &firstLine, const QString &secondLine) {
    return QStringLiteral("<div align=\"center\"><span style=\"color:%1\">■</span> %2<br><span style=\"font-weight:normal\">%3</span></div>")
        .arg(swatch.name(), firstLine, secondLine);
}

QString ChartBase::titleWithKnobs(const QString &what, bool withPrecision) const {
    if (!m_data) {
        return what;
    }
    QStringList parts;
    if (!m_data->modelName.isEmpty()) {
        parts << m_data->modelName;
    }
    if (withPrecision) {
        parts << precisionName(m_data->knobs.precision);
    }
    parts << runtimeName(m_data->knobs.runtime);
    return tr("%1 — %2").arg(what, parts.join(QStringLiteral(" · ")));
}

void setLogAxisRange(QLogValueAxis *axis, double min, double max) {
    if (axis->min() != min || axis->max() != max) {
        axis->setRange(min, max);
    }
    const bool minor = min > 0 && max > min && std::log10(max / min) <= kMinorGridDecades + 1e-9;
    const int minorTicks = minor ? -1 : 0;  // -1: QtCharts' 2..9 per decade
    if (axis->minorTickCount() != minorTicks) {
        axis->setMinorTickCount(minorTicks);
    }
}

void renderChart(ChartBase &chart, QPainter &painter, const QRectF &rect) {
    QChart *c = chart.chart();
    if (!c) {
        return;
    }
    if (c->scene() != nullptr) {
        auto other = chart.copy();
        renderChart(*other, painter, rect);
        return;
    }
    QGraphicsScene scene;
    scene.addItem(c);
    c->setPos(0, 0);
    c->resize(rect.size());
    // The chart lays out its axes and legend on the layout request a resize posts; do it now.
    if (c->layout()) {
        c->layout()->activate();
    }
    scene.setSceneRect(QRectF(QPointF(0, 0), rect.size()));
    scene.render(&painter, rect, scene.sceneRect());
    scene.removeItem(c);
}

void renderChart(ChartKind kind, std::shared_ptr<const ChartData> data, int selectedTarget, QPainter &painter,
                 const QRectF &rect) {
    auto chart = ChartBase::create(kind);
    chart->setSelectedTarget(selectedTarget);
    chart->setData(std::move(data));
    renderChart(*chart, painter, rect);
}

}  // namespace infersight
