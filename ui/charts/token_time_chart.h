// SPDX-License-Identifier: MIT
// Decoder LLMs: time per output token (one decode step of the batch) against the KV-cache context
// at the current batch, or against the batch at the request's mean context, one line per target
// (core/explore/llm_serving.h computes the points; ExplorerSession keeps them in
// TargetResult::llm). On the batch chart a batch whose KV cache does not fit beside the weights is
// drawn hollow. Both axes are log2 in x (context, batch) and log10 in y (ms).
#pragma once

#include "charts/chart_base.h"

#include <vector>

class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

namespace infersight {

class TokenTimeChart : public ChartBase {
    Q_OBJECT
public:
    enum class Axis : std::uint8_t { Context, Batch };
    explicit TokenTimeChart(Axis axis, QObject *parent = nullptr);

    ChartKind kind() const override { return m_axis == Axis::Context ? ChartKind::TokenTimeContext : ChartKind::TokenTimeBatch; }
    QString csv() const override;
    QLineSeries *line(int index) const;
    int targetSeriesCount() const { return static_cast<int>(m_lines.size()); }

protected:
    void refresh() override;
    void clear() override;
    QString pointText(int tag, int index) const override;

private:
    struct Point {
        double x = 0;
        double ms = 0;
        bool fits = true;
    };
    // The points of target `t` on this chart's axis.
    std::vector<Point> pointsOf(const ChartTarget &t) const;
    void removeAllSeries();

    Axis m_axis;
    QLogValueAxis *m_xAxis = nullptr;
    QLogValueAxis *m_yAxis = nullptr;
    std::vector<QLineSeries *> m_lines;
    std::vector<std::vector<Point>> m_points;
    std::vector<int> m_targetOf;  // series index -> data target index
};

}  // namespace infersight
