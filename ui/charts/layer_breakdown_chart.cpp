// SPDX-License-Identifier: MIT
#include "charts/layer_breakdown_chart.h"

#include "charts/palette.h"

#include <QActionGroup>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QMenu>
#include <QPen>
#include <QSet>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace infersight {

namespace {

QString legendLabel(Bound bound) {
    switch (bound) {
    case Bound::Compute: return LayerBreakdownChart::tr("compute-bound");
    case Bound::Memory: return LayerBreakdownChart::tr("memory-bound");
    case Bound::Latency: return LayerBreakdownChart::tr("latency-bound (too small to fill the GPU)");
    case Bound::Host: return LayerBreakdownChart::tr("host (GPU waits for the CPU)");
    }
    return {};
}

}  // namespace

LayerBreakdownChart::LayerBreakdownChart(QObject *parent) : ChartBase(parent) {
    m_series = new QHorizontalStackedBarSeries;
    m_series->setBarWidth(0.72);
    for (const Bound bound : kBoundsInOrder) {
        auto *set = new QBarSet(legendLabel(bound));
        set->setColor(boundColour(bound));
        set->setBorderColor(boundOutline(bound));
        m_sets[static_cast<std::size_t>(bound)] = set;
        m_series->append(set);
    }
    m_chart->addSeries(m_series);
    m_categories = new QBarCategoryAxis;
    m_categories->setTitleText(tr("Node (largest at the top)"));
    m_values = new QValueAxis;
    m_values->setTitleText(tr("Predicted time per node (ms)"));
    m_values->setLabelFormat(QStringLiteral("%.3g"));
    m_chart->addAxis(m_categories, Qt::AlignLeft);
    m_chart->addAxis(m_values, Qt::AlignBottom);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_values);
    m_chart->legend()->setMarkerShape(QLegend::MarkerShapeRectangle);
    clear();
}

void LayerBreakdownChart::setTopCount(int count) {
    count = std::clamp(count, 1, 200);
    if (count == m_topCount) {
        return;
    }
    m_topCount = count;
    if (m_data && !m_data->targets.empty()) {
        refresh();
        emit updated();
    }
}

void LayerBreakdownChart::copySettingsTo(ChartBase &other) const {
    static_cast<LayerBreakdownChart &>(other).m_topCount = m_topCount;
}

std::vector<std::array<double, 4>> LayerBreakdownChart::splitByBound(const Prediction &prediction) {
    std::vector<std::array<double, 4>> split(prediction.nodes.size(), std::array<double, 4>{});
    constexpr auto host = static_cast<std::size_t>(Bound::Host);
    if (!prediction.kernels.empty()) {
        for (const KernelTiming &k : prediction.kernels) {
            if (k.node >= 0 && static_cast<std::size_t>(k.node) < split.size()) {
                split[static_cast<std::size_t>(k.node)][static_cast<std::size_t>(k.bound)] += k.gpuMs;
            }
        }
        for (std::size_t i = 0; i < split.size(); ++i) {
            split[i][host] += prediction.nodes[i].waitMs;
        }
    } else {
        // Without the kernel list: the node's GPU time under its own bound.
        for (std::size_t i = 0; i < split.size(); ++i) {
            const NodeTiming &n = prediction.nodes[i];
            split[i][static_cast<std::size_t>(n.bound)] += n.gpuMs;
            split[i][host] += n.waitMs;
        }
    }
    return split;
}

QString LayerBreakdownChart::elideMiddle(const QString &text, int maxChars) {
    if (text.size() <= maxChars) {
        return text;
    }
    // Keep the end (the most specific part of a scoped name) and the start.
    const int tail = (maxChars * 2) / 3;
    const int head = maxChars - tail - 1;
    return text.left(head) + QChar(0x2026) + text.right(tail);
}

void LayerBreakdownChart::clear() {
    for (QBarSet *set : m_sets) {
        set->remove(0, set->count());
    }
    m_categories->clear();
    m_shownCategories.clear();
    m_rows.clear();
    m_totalMs = 0;
    m_nodeCount = 0;
    m_shownTarget = -1;
    m_chart->setTitle(tr("Per-layer time by bound"));
}

void LayerBreakdownChart::refresh() {
    const int t = selectedTarget();
    const ChartTarget &target = m_data->targets[static_cast<std::size_t>(t)];
    m_shownTarget = t;
    m_rows.clear();
    const Prediction *prediction = target.ok() ? target.current.get() : nullptr;
    const Graph *graph = m_data->graph.get();
    if (prediction && !prediction->nodes.empty()) {
        const std::vector<std::array<double, 4>> split = splitByBound(*prediction);
        std::vector<int> order(prediction->nodes.size());
        std::iota(order.begin(), order.end(), 0);
        const std::size_t shown = std::min<std::size_t>(static_cast<std::size_t>(m_topCount), order.size());
        std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(shown), order.end(), [&](int a, int b) {
            const double la = prediction->nodes[static_cast<std::size_t>(a)].latencyMs;
            const double lb = prediction->nodes[static_cast<std::size_t>(b)].latencyMs;
            return la != lb ? la > lb : a < b;
        });
        for (std::size_t i = 0; i < shown; ++i) {
            const int node = order[i];
            const NodeTiming &nt = prediction->nodes[static_cast<std::size_t>(node)];
            if (!(nt.latencyMs > 0)) {
                break;
            }
            Row row;
            row.node = node;
            if (graph && static_cast<std::size_t>(node) < graph->nodes.size()) {
                row.name = graph->nodes[static_cast<std::size_t>(node)].name;
                row.opType = graph->nodes[static_cast<std::size_t>(node)].opType;
            }
            if (row.name.isEmpty()) {
                row.name = tr("node #%1").arg(node);
            }
            row.ms = split[static_cast<std::size_t>(node)];
            row.totalMs = nt.latencyMs;
            row.bandLowMs = nt.bandLowMs;
            row.bandHighMs = nt.bandHighMs;
            m_rows.push_back(std::move(row));
        }
        m_nodeCount = static_cast<int>(prediction->nodes.size());
        m_totalMs = prediction->latencyMs;
    } else {
        m_nodeCount = 0;
        m_totalMs = 0;
    }

    // Categories bottom to top: the largest node last so that it is drawn at the top. Names are
    // shortened in the middle and made unique (a bar category axis needs distinct labels).
    QStringList categories;
    QSet<QString> used;
    for (auto it = m_rows.rbegin(); it != m_rows.rend(); ++it) {
        QString label = elideMiddle(it->name, 38);
        if (used.contains(label)) {
            label = elideMiddle(it->name, 30) + QStringLiteral(" #%1").arg(it->node);
        }
        used.insert(label);
        categories << label;
    }
    const int n = static_cast<int>(m_rows.size());
    for (const Bound bound : kBoundsInOrder) {
        QBarSet *set = m_sets[static_cast<std::size_t>(bound)];
        if (set->count() > n) {
            set->remove(n, set->count() - n);
        }
        for (int i = 0; i < n; ++i) {
            const double v = m_rows[static_cast<std::size_t>(n - 1 - i)].ms[static_cast<std::size_t>(bound)];
            if (i < set->count()) {
                if (set->at(i) != v) {
                    set->replace(i, v);
                }
            } else {
                set->append(v);
            }
        }
    }
    if (categories != m_shownCategories) {
        m_categories->setCategories(categories);
        m_shownCategories = categories;
    }
    double maxMs = 0;
    for (const Row &row : m_rows) {
        maxMs = std::max(maxMs, row.totalMs);
    }
    if (m_range.fit(0, maxMs > 0 ? maxMs : 1.0, 6, 0.5)) {
        m_values->setRange(m_range.min, m_range.max);
        m_values->setTickCount(m_range.tickCount);
    }

    double shownMs = 0;
    for (const Row &row : m_rows) {
        shownMs += row.totalMs;
    }
    QString what;
    if (!prediction) {
        what = tr("Per-layer time: %1 has no prediction (%2)").arg(target.label.toHtmlEscaped(), target.error.toHtmlEscaped());
    } else {
        what = tr("Top %1 of %2 nodes by time on %3 (%4 of %5 per forward pass)")
                   .arg(n)
                   .arg(QLocale().toString(m_nodeCount), target.label.toHtmlEscaped(),
                        QStringLiteral("%1 %").arg(formatSignificant(m_totalMs > 0 ? 100.0 * shownMs / m_totalMs : 0, 2)),
                        formatMs(m_totalMs));
    }
    QStringList knobs;
    knobs << precisionName(m_data->knobs.precision) << runtimeName(m_data->knobs.runtime)
          << tr("batch %1").arg(QLocale().toString(static_cast<qlonglong>(m_data->knobs.batch)));
    m_chart->setTitle(richTitle(target.colour, what, knobs.join(QStringLiteral(" · "))));
}

QString LayerBreakdownChart::toolTipAt(const QPointF &position) const {
    if (m_rows.empty() || !m_chart->plotArea().contains(position)) {
        return {};
    }
    const QPointF value = m_chart->mapToValue(position, m_series);
    const int n = static_cast<int>(m_rows.size());
    const int category = static_cast<int>(std::lround(value.y()));
    if (category < 0 || category >= n || std::abs(value.y() - category) > m_series->barWidth() / 2) {
        return {};
    }
    const Row &row = m_rows[static_cast<std::size_t>(n - 1 - category)];
    if (value.x() < 0 || value.x() > row.totalMs * 1.02 + 1e-12) {
        return {};
    }
    QString text = QStringLiteral("<b>%1</b> (%2)<br>").arg(row.name.toHtmlEscaped(), row.opType.toHtmlEscaped());
    text += tr("%1 — %2 % of the forward pass")
                .arg(formatMsBand(row.totalMs, row.bandLowMs, row.bandHighMs),
                     formatSignificant(m_totalMs > 0 ? 100.0 * row.totalMs / m_totalMs : 0, 3));
    double cumulative = 0;
    for (const Bound bound : kBoundsInOrder) {
        const double ms = row.ms[static_cast<std::size_t>(bound)];
        const bool under = value.x() >= cumulative && value.x() < cumulative + ms;
        cumulative += ms;
        if (ms <= 0) {
            continue;
        }
        const QString line = tr("%1: %2").arg(boundLabel(bound), formatMs(ms));
        text += QStringLiteral("<br><span style='color:%1'>■</span> ").arg(boundOutline(bound).name())
                + (under ? QStringLiteral("<b>%1</b>").arg(line) : line);
    }
    return text;
}

void LayerBreakdownChart::addContextActions(QMenu *menu) {
    QMenu *count = menu->addMenu(tr("Show &top nodes"));
    auto *group = new QActionGroup(count);
    for (const int n : {10, 15, 25, 40}) {
        QAction *action = count->addAction(tr("Top %1").arg(n));
        action->setCheckable(true);
        action->setChecked(n == m_topCount);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, n] { setTopCount(n); });
    }
}

QString LayerBreakdownChart::csv() const {
    QString out = QStringLiteral("target,rank,node,op,compute_ms,memory_ms,latency_ms,host_ms,total_ms,band_low_ms,band_high_ms\n");
    if (!m_data || m_shownTarget < 0) {
        return out;
    }
    const QString label = csvText(m_data->targets[static_cast<std::size_t>(m_shownTarget)].label);
    int rank = 1;
    for (const Row &row : m_rows) {
        QStringList fields{label, QString::number(rank++), csvText(row.name), csvText(row.opType)};
        for (const Bound bound : kBoundsInOrder) {
            fields << csvNumber(row.ms[static_cast<std::size_t>(bound)]);
        }
        fields << csvNumber(row.totalMs) << csvNumber(row.bandLowMs) << csvNumber(row.bandHighMs);
        out += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return out;
}

}  // namespace infersight
