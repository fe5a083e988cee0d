// SPDX-License-Identifier: MIT
// Energy per inference (J per sample) vs latency of one forward pass over a sweep of batch x
// precision, per target: every point (marker shape = precision), the Pareto front (points no other
// point of the target beats on both; core/explore/pareto.h) as a line in the target's colour, the
// current knobs as a ring. Both axes log scale. Points that do not fit in memory are hollow and
// never on the front.
#pragma once

#include "charts/chart_base.h"
#include "charts/chart_format.h"

#include <vector>

class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

namespace infersight {

class EnergyLatencyChart : public ChartBase {
    Q_OBJECT
public:
    explicit EnergyLatencyChart(QObject *parent = nullptr);
    ChartKind kind() const override { return ChartKind::EnergyLatency; }

    int targetSeriesCount() const { return static_cast<int>(m_series.size()); }
    // The Pareto front of target `index` as drawn (ascending latency; points are (latency ms, J/sample)).
    QLineSeries *front(int index) const;
    // Its points as the data has them.
    std::vector<ChartEnergyPoint> frontPoints(int index) const;
    // Every drawn point of target `index` (all scatter series of the target).
    std::vector<QScatterSeries *> pointSeries(int index) const;
    QScatterSeries *currentMarker(int index) const;
    QLogValueAxis *xAxis() const { return m_xAxis; }
    QLogValueAxis *yAxis() const { return m_yAxis; }

    QString csv() const override;

    // Which points of `points` are on the front over (latency, energy per sample), infeasible
    // (not fitting) points excluded: the rule of core/explore/pareto.h.
    static std::vector<bool> paretoMask(const std::vector<ChartEnergyPoint> &points);

protected:
    void refresh() override;
    void clear() override;
    QString pointText(int tag, int index) const override;

private:
    static constexpr int kTagStride = 16;
    enum Role { FrontRole = 0, CurrentRole = 1, PointRole = 2 };  // PointRole + series index
    // The points of one precision that fit in memory, or (fits false) every point that does not.
    struct PointGroup {
        Precision precision = Precision::FP32;
        bool fits = true;
        QScatterSeries *series = nullptr;
        std::vector<std::size_t> indices;  // into the target's energyLatency
    };
    struct TargetSeries {
        QString key;
        QColor colour;
        std::vector<ChartEnergyPoint> drawn;
        std::vector<bool> onFront;
        std::vector<std::size_t> frontOrder;  // indices of front points by ascending latency
        std::vector<PointGroup> groups;
        QLineSeries *front = nullptr;
        QScatterSeries *current = nullptr;
    };
    void rebuildSeries();
    void removeAllSeries();
    void attach(QAbstractSeries *series);
    void hideFromLegend(QAbstractSeries *series);
    void updateTarget(int index, const ChartTarget &target);
    QScatterSeries *newPointSeries(Precision precision, bool fits, const QColor &colour, int tag);
    // The precisions of `points` that fit, in kAllPrecisions order, and whether some point does not fit.
    static std::vector<Precision> groupsOf(const std::vector<ChartEnergyPoint> &points, bool &someDoNotFit);
    bool sameStructure() const;

    QLogValueAxis *m_xAxis = nullptr;
    QLogValueAxis *m_yAxis = nullptr;
    std::vector<TargetSeries> m_series;
    std::vector<QScatterSeries *> m_legendShapes;  // neutral legend entries, one per precision drawn
    StableLogRange m_xRange;
    StableLogRange m_yRange;
};

}  // namespace infersight
