// SPDX-License-Identifier: MIT
// Roofline of the selected target at the current precision (log-log): the DRAM bandwidth slope
// (Target::bandwidthGBps) meeting the precision's compute ceiling (Target::peakFastest of the
// precision's GEMM path, the one lowering uses), the FP32 CUDA-core ceiling dashed where it
// differs (element-wise and reduction kernels run there), and each kernel with arithmetic as a
// point (arithmetic intensity = FLOP / DRAM bytes, achieved = FLOP / predicted GPU time) coloured
// by its bound. Kernels with the same figures (repeated blocks) share one point; the tooltip names
// every node. Kernels without FLOPs or bytes (copies, views) cannot sit on log axes and are counted
// in the title instead.
#pragma once

#include "charts/chart_base.h"
#include "charts/chart_format.h"

#include <array>
#include <optional>
#include <vector>

class QGraphicsSimpleTextItem;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

namespace infersight {

class RooflineChart : public ChartBase {
    Q_OBJECT
public:
    explicit RooflineChart(QObject *parent = nullptr);
    ChartKind kind() const override { return ChartKind::Roofline; }
    bool isPerTarget() const override { return true; }

    // The ceilings' labels on the chart ("312 TFLOP/s fp16 peak", "2,039 GB/s DRAM").
    QString peakLabelText() const;
    QString bandwidthLabelText() const;
    // The ceilings drawn (TFLOP/s; TOPS for int8/fp8 integer paths; GB/s); nullopt when none.
    std::optional<double> computeCeilingTflops() const { return m_peakTflops; }
    std::optional<double> fp32CeilingTflops() const { return m_fp32Tflops; }
    std::optional<double> bandwidthGBps() const { return m_bandwidthGBps; }
    ComputeType ceilingComputeType() const { return m_computeType; }
    QLineSeries *roof() const { return m_roof; }
    QLineSeries *fp32Roof() const { return m_fp32Roof; }
    QScatterSeries *kernelSeries(Bound bound) const { return m_points[static_cast<std::size_t>(bound)]; }
    QLogValueAxis *xAxis() const { return m_xAxis; }
    QLogValueAxis *yAxis() const { return m_yAxis; }
    int drawnKernels() const { return m_drawnKernels; }
    int hiddenKernels() const { return m_hiddenKernels; }

    // The arithmetic path a precision's GEMMs and convolutions use (as lowering assigns it).
    static ComputeType gemmComputeType(Precision precision);

    QString csv() const override;

protected:
    void refresh() override;
    void clear() override;
    QString pointText(int tag, int index) const override;

private:
    // One drawn point: kernels with the same figures.
    struct Point {
        double intensity = 0;   // FLOP / byte
        double tflops = 0;      // achieved
        std::vector<int> kernels;  // indices into Prediction::kernels
    };
    enum Tag { RoofTag = 100, Fp32RoofTag = 101 };
    // The ceilings' values written on the chart next to their lines.
    void placeAnnotations();
    static QString formatBandwidth(double gbps);

    QLogValueAxis *m_xAxis = nullptr;
    QLogValueAxis *m_yAxis = nullptr;
    QLineSeries *m_roof = nullptr;
    QLineSeries *m_fp32Roof = nullptr;
    QGraphicsSimpleTextItem *m_peakLabel = nullptr;
    QGraphicsSimpleTextItem *m_fp32Label = nullptr;
    QGraphicsSimpleTextItem *m_bandwidthLabel = nullptr;
    std::array<QScatterSeries *, 4> m_points{};
    std::array<std::vector<Point>, 4> m_drawn;
    std::optional<double> m_peakTflops;
    std::optional<double> m_fp32Tflops;
    std::optional<double> m_bandwidthGBps;
    ComputeType m_computeType = ComputeType::FP32;
    int m_drawnKernels = 0;
    int m_hiddenKernels = 0;
    int m_shownTarget = -1;
    StableLogRange m_xRange;
    StableLogRange m_yRange;
};

}  // namespace infersight
