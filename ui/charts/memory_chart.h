// SPDX-License-Identifier: MIT
// Device memory used (as nvidia-smi shows it) vs batch size, one line per target, with each
// target's usable memory (the whole GPU's, a MIG slice's, an MPS share's) as a dashed horizontal
// limit line in the target's colour. Log y: a 0.5 GiB model under an 80 GiB limit stays readable.
// For a decoder LLM a diamond on the limit line marks the KV capacity (sequences of the request's
// length that fit beside the weights).
#pragma once

#include "charts/batch_sweep_chart.h"

namespace infersight {

class MemoryChart : public BatchSweepChart {
    Q_OBJECT
public:
    explicit MemoryChart(QObject *parent = nullptr);
    ChartKind kind() const override { return ChartKind::Memory; }

    // The usable-memory line of target `index` (two points at y = usable GiB).
    QLineSeries *limitLine(int index) const;
    // Decoder LLMs: one point on the limit line at x = the KV capacity in sequences of the
    // request's length (clamped to the batch axis); empty for other models.
    QScatterSeries *kvCapacityMarker(int index) const;

    static constexpr double kBytesPerGiB = 1024.0 * 1024.0 * 1024.0;

protected:
    QString chartTitle() const override;
    QString yTitle() const override;
    double valueOf(const ChartSweepPoint &p) const override { return p.memoryBytes / kBytesPerGiB; }
    double currentValueOf(const ChartTarget &target) const override;
    QString valueText(double value, double low, double high) const override;
    void addExtras(int index, const ChartTarget &target) override;
    void updateExtras(int index, const ChartTarget &target, double xMin, double xMax) override;
    void extrasRange(const ChartTarget &target, double &yMin, double &yMax) const override;
    void removeExtras() override;
    void addLegendEntries() override;
    QStringList csvColumns() const override;
    std::vector<double> csvValues(const ChartTarget &target, const ChartSweepPoint &p) const override;
    QString extraPointText(int tag, int index) const override;

private:
    static constexpr int kKvRole = ExtraRole + 1;
    std::vector<QLineSeries *> m_limits;
    std::vector<QScatterSeries *> m_kv;
};

}  // namespace infersight
