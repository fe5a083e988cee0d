// SPDX-License-Identifier: MIT
#include "charts/memory_chart.h"

#include "session/session_results.h"

#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPen>
#include <QScatterSeries>

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

    // Decoder LLMs: where the KV cache fills the memory (the KV capacity in sequences of the
    // request's length), a diamond on the limit line.
    auto *kv = new QScatterSeries;
    kv->setObjectName(QStringLiteral("kv:%1").arg(target.key));
    kv->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
    kv->setMarkerSize(12);
    kv->setColor(target.colour);
    kv->setBorderColor(target.colour.darker(140));
    attach(kv);
    hideFromLegend(kv);
    registerHover(kv, index * kTagStride + kKvRole);
    if (static_cast<int>(m_kv.size()) <= index) {
        m_kv.resize(static_cast<std::size_t>(index) + 1, nullptr);
    }
    m_kv[static_cast<std::size_t>(index)] = kv;
}

QScatterSeries *MemoryChart::kvCapacityMarker(int index) const {
    return index >= 0 && index < static_cast<int>(m_kv.size()) ? m_kv[static_cast<std::size_t>(index)] : nullptr;
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
    if (QScatterSeries *kv = kvCapacityMarker(index)) {
        const LlmKvCapacity *c = target.llm && target.llm->capacity ? &*target.llm->capacity : nullptr;
        if (c != nullptr && c->weightsFit && c->maxSequences >= 1 && target.usableMemoryBytes > 0) {
            const double x = std::clamp(static_cast<double>(c->maxSequences), xMin, xMax);
            const QList<QPointF> point{QPointF(x, target.usableMemoryBytes / kBytesPerGiB)};
            if (kv->points() != point) {
                kv->replace(point);
            }
        } else if (kv->count() > 0) {
            kv->clear();
        }
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
    m_kv.clear();
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
    const QString head =
        QStringLiteral("<b style='color:%1'>■</b> <b>%2</b><br>").arg(target.colour.name(), target.label.toHtmlEscaped());
    if (tag % kTagStride == kKvRole && target.llm && target.llm->capacity) {
        const LlmKvCapacity &c = *target.llm->capacity;
        return head + tr("KV cache capacity: %1 sequences of %2 tokens (weights %3, %4 per token)")
                          .arg(QLocale().toString(static_cast<qlonglong>(c.maxSequences)),
                               QLocale().toString(static_cast<qlonglong>(c.context)), formatBytes(c.weightsBytes),
                               formatBytes(c.kvBytesPerToken));
    }
    return head + tr("usable memory: %1").arg(formatBytes(target.usableMemoryBytes));
}

}  // namespace infersight
