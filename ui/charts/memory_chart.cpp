// SPDX-License-Identifier: MIT
#include "charts/memory_chart.h"

#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>

#include <algorithm>
#include <limits>

namespace infersight {

MemoryChart::MemoryChart(QObject *parent) : BatchSweepChart(YScale::Log, false, parent) {
    clear();
}

QLineSeries *MemoryChart::limitLine(int index) const {
    return index >= 0 && index < static_cast<int>(m_limits.size()) ? m_limits[static_cast<std::size_t>(index)] : nullptr;
}

QString MemoryChart::chartTitle() const {
    return tr("Device memory vs batch size");
}

QString MemoryChart::yTitle() const {
    return tr("Device memory used (GiB, log scale)");
}

double MemoryChart::currentValueOf(const ChartTarget &target) const {
    return target.current ? target.current->memory.deviceUsedBytes / kBytesPerGiB : std::numeric_limits<double>::quiet_NaN();
}

QString MemoryChart::valueText(double value, double, double) const {
    return formatBytes(value * kBytesPerGiB);
}

void MemoryChart::addExtras(int index, const ChartTarget &target) {
    auto *limit = new QLineSeries;
    limit->setObjectName(QStringLiteral("limit:%1").arg(target.key));
    attach(limit);
    hideFromLegend(limit);
    registerHover(limit, index * kTagStride + ExtraRole);
    if (static_cast<int>(m_limits.size()) <= index) {
        m_limits.resize(static_cast<std::size_t>(index) + 1, nullptr);
    }
    m_limits[static_cast<std::size_t>(index)] = limit;
}

void MemoryChart::updateExtras(int index, const ChartTarget &target, double xMin, double xMax) {
    QLineSeries *limit = limitLine(index);
    if (!limit) {
        return;
    }
    // Dashes of n targets interleave (offset by the target's index), so limits that coincide (two
    // 80 GiB GPUs) show both colours.
    const int n = static_cast<int>(m_limits.size());
    QPen pen(target.colour, 1.8);
    pen.setDashPattern({4.0, 4.0 * std::max(1, n - 1)});
    pen.setDashOffset(4.0 * index);
    if (limit->pen() != pen) {
        limit->setPen(pen);
    }
    if (target.usableMemoryBytes > 0) {
        // A point at every power of two, so the hover finds the line anywhere along it.
        const double y = target.usableMemoryBytes / kBytesPerGiB;
        QList<QPointF> points;
        for (double x = xMin; x <= xMax * 1.0001; x *= 2) {
            points.append(QPointF(x, y));
        }
        if (limit->points() != points) {
            limit->replace(points);
        }
    } else {
        limit->clear();
    }
}

void MemoryChart::extrasRange(const ChartTarget &target, double &yMin, double &yMax) const {
    if (target.usableMemoryBytes > 0) {
        const double y = target.usableMemoryBytes / kBytesPerGiB;
        yMin = std::min(yMin, y);
        yMax = std::max(yMax, y);
    }
}

void MemoryChart::removeExtras() {
    m_limits.clear();  // the chart deletes the series
}

void MemoryChart::addLegendEntries() {
    // One neutral entry explains every target's dashed line.
    auto *legend = new QLineSeries;
    legend->setName(tr("usable memory of each target (dashed)"));
    legend->setPen(QPen(QColor(0x55, 0x55, 0x55), 1.6, Qt::DashLine));
    attach(legend);
}

QStringList MemoryChart::csvColumns() const {
    return {QStringLiteral("memory_used_gib"), QStringLiteral("usable_memory_gib"), QStringLiteral("fits")};
}

std::vector<double> MemoryChart::csvValues(const ChartTarget &target, const ChartSweepPoint &p) const {
    return {p.memoryBytes / kBytesPerGiB, target.usableMemoryBytes / kBytesPerGiB, p.fits ? 1.0 : 0.0};
}

QString MemoryChart::extraPointText(int tag, int) const {
    const int t = tag / kTagStride;
    if (!data() || t < 0 || t >= static_cast<int>(data()->targets.size())) {
        return {};
    }
    const ChartTarget &target = data()->targets[static_cast<std::size_t>(t)];
    return QStringLiteral("<b style='color:%1'>■</b> <b>%2</b><br>").arg(target.colour.name(), target.label.toHtmlEscaped())
           + tr("usable memory: %1").arg(formatBytes(target.usableMemoryBytes));
}

}  // namespace infersight
