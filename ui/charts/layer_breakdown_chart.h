// SPDX-License-Identifier: MIT
// Per-layer breakdown for the selected target: the top N nodes by predicted time (the wall-clock
// advance the engine attributes to each node, NodeTiming::latencyMs) as horizontal bars stacked
// by bound. A node's time splits exactly into:
//   compute / memory / latency = GPU time of its kernels bound by the precision's peak, by DRAM
//                                bandwidth, or too small to fill the GPU (KernelTiming::bound);
//   host = the GPU waiting for the CPU before its kernels (NodeTiming::waitMs) plus the GPU time of
//          kernels the engine marks host-bound (they waited longer than they ran).
// So the segments of a bar add up to the node's latencyMs. Largest node at the top.
#pragma once

#include "charts/chart_base.h"
#include "charts/chart_format.h"

#include <QStringList>

#include <array>
#include <vector>

class QBarCategoryAxis;
class QBarSet;
class QHorizontalStackedBarSeries;
class QValueAxis;

namespace infersight {

class LayerBreakdownChart : public ChartBase {
    Q_OBJECT
public:
    explicit LayerBreakdownChart(QObject *parent = nullptr);
    ChartKind kind() const override { return ChartKind::LayerBreakdown; }
    bool isPerTarget() const override { return true; }

    // How many nodes are shown (the largest first); default 15.
    void setTopCount(int count);
    int topCount() const { return m_topCount; }

    // One shown node, largest first.
    struct Row {
        int node = -1;
        QString name;     // the node's full name
        QString opType;
        std::array<double, 4> ms{};  // by Bound (compute, memory, latency, host)
        double totalMs = 0;          // NodeTiming::latencyMs
        double bandLowMs = 0;
        double bandHighMs = 0;
    };
    const std::vector<Row> &rows() const { return m_rows; }
    // The node time split by bound for every node of `prediction` (index = node), as described above.
    static std::vector<std::array<double, 4>> splitByBound(const Prediction &prediction);

    QBarSet *barSet(Bound bound) const { return m_sets[static_cast<std::size_t>(bound)]; }
    QHorizontalStackedBarSeries *series() const { return m_series; }
    QBarCategoryAxis *categoryAxis() const { return m_categories; }
    QValueAxis *valueAxis() const { return m_values; }

    QString csv() const override;
    QString toolTipAt(const QPointF &position) const override;
    void addContextActions(QMenu *menu) override;

protected:
    void refresh() override;
    void clear() override;
    void copySettingsTo(ChartBase &other) const override;

private:
    static QString elideMiddle(const QString &text, int maxChars);

    int m_topCount = 15;
    QHorizontalStackedBarSeries *m_series = nullptr;
    std::array<QBarSet *, 4> m_sets{};
    QBarCategoryAxis *m_categories = nullptr;
    QValueAxis *m_values = nullptr;
    std::vector<Row> m_rows;
    QStringList m_shownCategories;
    double m_totalMs = 0;
    int m_nodeCount = 0;
    StableRange m_range;
    int m_shownTarget = -1;
};

}  // namespace infersight
