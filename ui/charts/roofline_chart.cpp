// SPDX-License-Identifier: MIT
#include "charts/roofline_chart.h"

#include "charts/palette.h"

#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>
#include <limits>
#include <functional>
#include <unordered_map>

namespace infersight {

namespace {

bool integerPath(ComputeType type) {
    return type == ComputeType::INT8;
}

QString unitOf(ComputeType type) {
    return integerPath(type) ? RooflineChart::tr("TOPS") : RooflineChart::tr("TFLOP/s");
}

QString formatFlops(double flops) {
    if (flops >= 1e12) {
        return RooflineChart::tr("%1 TFLOP").arg(formatSignificant(flops / 1e12));
    }
    if (flops >= 1e9) {
        return RooflineChart::tr("%1 GFLOP").arg(formatSignificant(flops / 1e9));
    }
    if (flops >= 1e6) {
        return RooflineChart::tr("%1 MFLOP").arg(formatSignificant(flops / 1e6));
    }
    return RooflineChart::tr("%1 kFLOP").arg(formatSignificant(flops / 1e3));
}

// Kernels with the same FLOPs, bytes and time share a point.
struct KernelFigures {
    double flops = 0;
    double bytes = 0;
    double gpuMs = 0;
    bool operator==(const KernelFigures &) const = default;
};
struct KernelFiguresHash {
    std::size_t operator()(const KernelFigures &k) const {
        const std::hash<double> h;
        return h(k.flops) ^ (h(k.bytes) * 0x9E3779B97F4A7C15ULL) ^ (h(k.gpuMs) * 0xC2B2AE3D27D4EB4FULL);
    }
};

}  // namespace

ComputeType RooflineChart::gemmComputeType(Precision precision) {
    // As core/predict/lowering.cpp assigns GEMM/convolution paths: amp runs its GEMMs in FP16.
    switch (precision) {
    case Precision::FP32:  // GEMMs on CUDA cores (PyTorch's default); its convolutions take TF32 on Ampere+
    case Precision::FP32Strict: return ComputeType::FP32;
    case Precision::TF32: return ComputeType::TF32;
    case Precision::FP16:
    case Precision::AMP: return ComputeType::FP16;
    case Precision::BF16: return ComputeType::BF16;
    case Precision::INT8: return ComputeType::INT8;
    case Precision::FP8: return ComputeType::FP8;
    }
    return ComputeType::FP32;
}

RooflineChart::RooflineChart(QObject *parent) : ChartBase(parent) {
    m_xAxis = new QLogValueAxis;
    m_xAxis->setBase(10.0);
    m_xAxis->setLabelFormat(QStringLiteral("%g"));
    m_xAxis->setMinorTickCount(-1);
    m_xAxis->setTitleText(tr("Arithmetic intensity (FLOP per DRAM byte, log scale)"));
    m_xAxis->setRange(0.01, 1000);
    m_chart->addAxis(m_xAxis, Qt::AlignBottom);
    m_yAxis = new QLogValueAxis;
    m_yAxis->setBase(10.0);
    m_yAxis->setLabelFormat(QStringLiteral("%g"));
    m_yAxis->setMinorTickCount(-1);
    m_yAxis->setTitleText(tr("Achieved throughput (TFLOP/s, log scale)"));
    m_yAxis->setRange(0.001, 1000);
    m_chart->addAxis(m_yAxis, Qt::AlignLeft);

    auto attach = [this](QAbstractSeries *series) {
        m_chart->addSeries(series);
        series->attachAxis(m_xAxis);
        series->attachAxis(m_yAxis);
    };
    for (const Bound bound : kBoundsInOrder) {
        auto *series = new QScatterSeries;
        series->setObjectName(QStringLiteral("kernels:%1").arg(boundName(bound)));
        series->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        series->setMarkerSize(8);
        series->setColor(boundColour(bound));
        series->setBorderColor(boundOutline(bound));
        series->setName(tr("%1-bound kernels").arg(boundLabel(bound)));
        m_points[static_cast<std::size_t>(bound)] = series;
        attach(series);
        registerHover(series, static_cast<int>(bound));
    }
    m_roof = new QLineSeries;
    m_roof->setObjectName(QStringLiteral("roof"));
    attach(m_roof);
    registerHover(m_roof, RoofTag);
    m_fp32Roof = new QLineSeries;
    m_fp32Roof->setObjectName(QStringLiteral("fp32Roof"));
    attach(m_fp32Roof);
    registerHover(m_fp32Roof, Fp32RoofTag);
    for (QGraphicsSimpleTextItem **label : {&m_peakLabel, &m_fp32Label, &m_bandwidthLabel}) {
        *label = new QGraphicsSimpleTextItem(m_chart);
        (*label)->setZValue(20);
        (*label)->hide();
    }
    connect(m_chart, &QChart::plotAreaChanged, this, [this] { placeAnnotations(); });
    clear();
}

QString RooflineChart::formatBandwidth(double gbps) {
    return tr("%1 GB/s").arg(gbps >= 100 ? QLocale().toString(std::round(gbps), 'f', 0) : formatSignificant(gbps));
}

void RooflineChart::placeAnnotations() {
    const bool shown = m_roof->count() > 0 && m_peakTflops && m_bandwidthGBps;
    m_peakLabel->setVisible(shown);
    m_bandwidthLabel->setVisible(shown);
    m_fp32Label->setVisible(shown && m_fp32Roof->count() > 0);
    if (!shown) {
        return;
    }
    const QColor ink = m_roof->pen().color().darker(140);
    QFont font = m_chart->font();
    font.setPointSizeF(std::max(7.5, font.pointSizeF() * 0.95));
    for (QGraphicsSimpleTextItem *label : {m_peakLabel, m_fp32Label, m_bandwidthLabel}) {
        label->setBrush(ink);
        label->setFont(font);
    }
    const QRectF plot = m_chart->plotArea();
    // Ceilings: the value above the right end of each flat line.
    m_peakLabel->setText(tr("%1 %2 %3 peak").arg(formatSignificant(*m_peakTflops), unitOf(m_computeType), computeTypeName(m_computeType)));
    const QPointF peakRight = m_chart->mapToPosition(QPointF(m_xAxis->max(), *m_peakTflops), m_roof);
    m_peakLabel->setPos(plot.right() - m_peakLabel->boundingRect().width() - 6,
                        peakRight.y() - m_peakLabel->boundingRect().height() - 2);
    if (m_fp32Label->isVisible()) {
        m_fp32Label->setText(tr("%1 TFLOP/s fp32 CUDA cores").arg(formatSignificant(*m_fp32Tflops)));
        const QPointF right = m_chart->mapToPosition(QPointF(m_xAxis->max(), *m_fp32Tflops), m_fp32Roof);
        // Below its line: tensor-core kernels tend to sit above it.
        m_fp32Label->setPos(plot.right() - m_fp32Label->boundingRect().width() - 6, right.y() + 3);
    }
    // Bandwidth: along the slope, above it, centred on the visible part of the slope.
    const QList<QPointF> roof = m_roof->points();
    const double ridge = *m_peakTflops * 1000.0 / *m_bandwidthGBps;
    const QPointF a = m_chart->mapToPosition(roof.front(), m_roof);
    const QPointF b = m_chart->mapToPosition(QPointF(ridge, *m_peakTflops), m_roof);
    m_bandwidthLabel->setText(tr("%1 DRAM").arg(formatBandwidth(*m_bandwidthGBps)));
    const double angle = std::atan2(b.y() - a.y(), b.x() - a.x());
    const QRectF box = m_bandwidthLabel->boundingRect();
    const QPointF middle = (a + b) / 2;
    m_bandwidthLabel->setRotation(angle * 180.0 / M_PI);
    // The text's bottom centre sits a few pixels above the middle of the slope.
    const QPointF along(std::cos(angle), std::sin(angle));
    const QPointF up(std::sin(angle), -std::cos(angle));
    m_bandwidthLabel->setPos(middle - along * (box.width() / 2) + up * (box.height() + 3));
}

void RooflineChart::clear() {
    for (QScatterSeries *series : m_points) {
        series->clear();
    }
    for (auto &drawn : m_drawn) {
        drawn.clear();
    }
    m_roof->clear();
    m_fp32Roof->clear();
    m_roof->setName(tr("roof"));
    m_fp32Roof->setName(QString());
    for (QLegendMarker *marker : m_chart->legend()->markers(m_fp32Roof)) {
        marker->setVisible(false);
    }
    m_peakTflops.reset();
    m_fp32Tflops.reset();
    m_bandwidthGBps.reset();
    m_drawnKernels = 0;
    m_hiddenKernels = 0;
    m_shownTarget = -1;
    m_chart->setTitle(tr("Roofline"));
    placeAnnotations();
}

QString RooflineChart::peakLabelText() const {
    return m_peakLabel->isVisible() ? m_peakLabel->text() : QString();
}

QString RooflineChart::bandwidthLabelText() const {
    return m_bandwidthLabel->isVisible() ? m_bandwidthLabel->text() : QString();
}

void RooflineChart::refresh() {
    const int t = selectedTarget();
    const ChartTarget &target = m_data->targets[static_cast<std::size_t>(t)];
    m_shownTarget = t;
    m_computeType = gemmComputeType(m_data->knobs.precision);
    m_peakTflops.reset();
    m_fp32Tflops.reset();
    m_bandwidthGBps.reset();
    if (target.target) {
        m_peakTflops = target.target->peakFastest(m_computeType);
        if (m_computeType != ComputeType::FP32) {
            m_fp32Tflops = target.target->peak(ComputeType::FP32);
        }
        m_bandwidthGBps = target.target->bandwidthGBps();
    }

    // Kernels with the same figures share a point.
    for (auto &drawn : m_drawn) {
        drawn.clear();
    }
    m_drawnKernels = 0;
    m_hiddenKernels = 0;
    double xMin = std::numeric_limits<double>::infinity();
    double xMax = 0;
    double yMin = std::numeric_limits<double>::infinity();
    double yMax = 0;
    const Prediction *prediction = target.ok() ? target.current.get() : nullptr;
    if (prediction) {
        std::array<std::unordered_map<KernelFigures, int, KernelFiguresHash>, 4> index;
        for (int k = 0; k < static_cast<int>(prediction->kernels.size()); ++k) {
            const KernelTiming &kt = prediction->kernels[static_cast<std::size_t>(k)];
            if (!(kt.flops > 0) || !(kt.bytes > 0) || !(kt.gpuMs > 0)) {
                ++m_hiddenKernels;
                continue;
            }
            ++m_drawnKernels;
            const auto b = static_cast<std::size_t>(kt.bound);
            const KernelFigures key{kt.flops, kt.bytes, kt.gpuMs};
            auto it = index[b].find(key);
            if (it == index[b].end()) {
                Point p;
                p.intensity = kt.flops / kt.bytes;
                p.tflops = kt.flops / (kt.gpuMs * 1e-3) / 1e12;
                it = index[b].emplace(key, static_cast<int>(m_drawn[b].size())).first;
                m_drawn[b].push_back(std::move(p));
                xMin = std::min(xMin, m_drawn[b].back().intensity);
                xMax = std::max(xMax, m_drawn[b].back().intensity);
                yMin = std::min(yMin, m_drawn[b].back().tflops);
                yMax = std::max(yMax, m_drawn[b].back().tflops);
            }
            m_drawn[b][static_cast<std::size_t>(it->second)].kernels.push_back(k);
        }
    }
    for (const Bound bound : kBoundsInOrder) {
        const auto b = static_cast<std::size_t>(bound);
        QList<QPointF> points;
        points.reserve(static_cast<qsizetype>(m_drawn[b].size()));
        for (const Point &p : m_drawn[b]) {
            points.append(QPointF(p.intensity, p.tflops));
        }
        m_points[b]->replace(points);
    }

    // Ranges: the points and the ridge, on whole decades.
    double ridge = 0;
    if (m_peakTflops && m_bandwidthGBps && *m_bandwidthGBps > 0) {
        ridge = *m_peakTflops * 1000.0 / *m_bandwidthGBps;  // FLOP/byte where the slope meets the peak
        xMin = std::min(xMin, ridge / 10);
        xMax = std::max(xMax, ridge * 10);
        yMax = std::max(yMax, *m_peakTflops);
        yMin = std::min(yMin, *m_peakTflops / 1000);
    }
    if (!std::isfinite(xMin)) {
        xMin = 0.01;
        xMax = 1000;
        yMin = 0.001;
        yMax = 1000;
    }
    m_xRange.fit(xMin, xMax);
    m_yRange.fit(yMin, yMax * 1.5);
    setLogAxisRange(m_xAxis, m_xRange.min, m_xRange.max);
    setLogAxisRange(m_yAxis, m_yRange.min, m_yRange.max);
    m_yAxis->setTitleText(tr("Achieved throughput (%1, log scale)").arg(unitOf(m_computeType)));

    // The roof: bandwidth slope from the left edge up to the ridge, then the compute ceiling.
    const QColor colour = target.colour;
    m_roof->setPen(QPen(colour, 2.6));
    if (m_peakTflops && m_bandwidthGBps && *m_bandwidthGBps > 0) {
        const double bw = *m_bandwidthGBps / 1000.0;  // TFLOP/s per FLOP/byte
        const double x0 = std::min(m_xRange.min, ridge);
        // Start where the slope enters the plot (log axes cannot show y <= 0).
        const double xStart = std::max(x0, m_yRange.min / bw);
        QList<QPointF> roof;
        for (int i = 0; i <= 8 && xStart < ridge; ++i) {
            // Points along the slope too, so hovering finds the line anywhere.
            const double x = xStart * std::pow(ridge / xStart, i / 8.0);
            roof.append(QPointF(x, x * bw));
        }
        const double x1 = std::max(m_xRange.max, ridge);
        for (int i = 0; i <= 8; ++i) {
            const double x = ridge * std::pow(x1 / ridge, i / 8.0);
            roof.append(QPointF(x, *m_peakTflops));
        }
        m_roof->replace(roof);
        m_roof->setName(tr("%1 roof").arg(computeTypeName(m_computeType)));
        if (m_fp32Tflops && *m_fp32Tflops > 0) {
            const double r32 = *m_fp32Tflops / bw;
            QList<QPointF> flat;
            for (int i = 0; i <= 8; ++i) {
                const double x = r32 * std::pow(x1 / r32, i / 8.0);
                flat.append(QPointF(x, *m_fp32Tflops));
            }
            m_fp32Roof->replace(flat);
            m_fp32Roof->setPen(QPen(colour, 1.8, Qt::DashLine));
            m_fp32Roof->setName(tr("fp32 CUDA-core roof (element-wise, reductions)"));
        } else {
            m_fp32Roof->clear();
            m_fp32Roof->setName(QString());
        }
    } else {
        m_roof->clear();
        m_fp32Roof->clear();
        m_roof->setName(tr("no roof: %1 has no %2 path").arg(target.label, computeTypeName(m_computeType)));
    }
    for (QLegendMarker *marker : m_chart->legend()->markers(m_fp32Roof)) {
        marker->setVisible(m_fp32Roof->count() > 0);
    }
    for (const Bound bound : kBoundsInOrder) {
        for (QLegendMarker *marker : m_chart->legend()->markers(m_points[static_cast<std::size_t>(bound)])) {
            marker->setVisible(!m_drawn[static_cast<std::size_t>(bound)].empty());
        }
    }

    QString what;
    if (!prediction) {
        what = tr("Roofline: %1 has no prediction (%2)").arg(target.label.toHtmlEscaped(), target.error.toHtmlEscaped());
    } else {
        what = tr("Roofline of %1: %2 kernels").arg(target.label.toHtmlEscaped(), QLocale().toString(m_drawnKernels));
        if (m_hiddenKernels > 0) {
            what += tr(" (%1 without FLOPs or DRAM traffic not shown)").arg(QLocale().toString(m_hiddenKernels));
        }
    }
    QStringList knobs;
    knobs << precisionName(m_data->knobs.precision) << runtimeName(m_data->knobs.runtime)
          << tr("batch %1").arg(QLocale().toString(static_cast<qlonglong>(m_data->knobs.batch)));
    m_chart->setTitle(richTitle(colour, what, knobs.join(QStringLiteral(" · "))));
    placeAnnotations();
}

QString RooflineChart::pointText(int tag, int index) const {
    if (tag == RoofTag || tag == Fp32RoofTag) {
        if (!m_bandwidthGBps || !m_peakTflops) {
            return {};
        }
        if (tag == Fp32RoofTag && m_fp32Tflops) {
            return tr("fp32 CUDA-core ceiling: %1 TFLOP/s").arg(formatSignificant(*m_fp32Tflops));
        }
        return tr("DRAM bandwidth %1; %2 ceiling %3 %4; ridge at %5 FLOP/byte")
            .arg(formatBandwidth(*m_bandwidthGBps), computeTypeName(m_computeType), formatSignificant(*m_peakTflops),
                 unitOf(m_computeType), formatSignificant(*m_peakTflops * 1000.0 / *m_bandwidthGBps));
    }
    if (tag < 0 || tag >= 4 || !m_data || m_shownTarget < 0) {
        return {};
    }
    const auto &drawn = m_drawn[static_cast<std::size_t>(tag)];
    if (index < 0 || index >= static_cast<int>(drawn.size())) {
        return {};
    }
    const ChartTarget &target = m_data->targets[static_cast<std::size_t>(m_shownTarget)];
    if (!target.current) {
        return {};
    }
    const Prediction &prediction = *target.current;
    const Graph *graph = m_data->graph.get();
    const Point &p = drawn[static_cast<std::size_t>(index)];
    const KernelTiming &first = prediction.kernels[static_cast<std::size_t>(p.kernels.front())];
    auto nodeName = [&](int node) {
        if (graph && node >= 0 && static_cast<std::size_t>(node) < graph->nodes.size()) {
            const Node &n = graph->nodes[static_cast<std::size_t>(node)];
            return QStringLiteral("%1 (%2)").arg(n.name.isEmpty() ? tr("node #%1").arg(node) : n.name, n.opType);
        }
        return tr("node #%1").arg(node);
    };
    QString text = QStringLiteral("<b>%1</b><br>").arg(nodeName(first.node).toHtmlEscaped());
    text += tr("%1 kernel on %2").arg(kernelClassName(first.kind), computeTypeName(first.compute)) + QStringLiteral("<br>");
    text += tr("%1, %2 → %3 FLOP/byte").arg(formatFlops(first.flops), formatBytes(first.bytes), formatSignificant(p.intensity))
            + QStringLiteral("<br>");
    text += tr("%1 → %2").arg(formatMs(first.gpuMs), formatTflops(p.tflops));
    if (m_peakTflops && *m_peakTflops > 0) {
        text += tr(" (%1 % of the %2 peak)").arg(formatSignificant(100.0 * p.tflops / *m_peakTflops, 2), computeTypeName(m_computeType));
    }
    text += QStringLiteral("<br><span style='color:%1'>■</span> %2").arg(boundOutline(first.bound).name(), boundDescription(first.bound));
    if (p.kernels.size() > 1) {
        QStringList others;
        const int listed = std::min<int>(5, static_cast<int>(p.kernels.size()) - 1);
        for (int i = 1; i <= listed; ++i) {
            others << nodeName(prediction.kernels[static_cast<std::size_t>(p.kernels[static_cast<std::size_t>(i)])].node).toHtmlEscaped();
        }
        text += QStringLiteral("<br>") + tr("%n more kernel(s) with the same figures: ", "", static_cast<int>(p.kernels.size()) - 1)
                + others.join(QStringLiteral(", "));
        if (static_cast<int>(p.kernels.size()) - 1 > listed) {
            text += QStringLiteral(", …");
        }
    }
    return text;
}

QString RooflineChart::csv() const {
    QString out = QStringLiteral(
        "target,node,op,kernel,compute_type,bound,flops,bytes,gpu_ms,intensity_flop_per_byte,achieved_tflops,"
        "ceiling_tflops,ceiling_compute_type,bandwidth_gbps\n");
    if (!m_data || m_shownTarget < 0) {
        return out;
    }
    const ChartTarget &target = m_data->targets[static_cast<std::size_t>(m_shownTarget)];
    if (!target.current) {
        return out;
    }
    const Graph *graph = m_data->graph.get();
    const QString label = csvText(target.label);
    const QString ceiling = m_peakTflops ? csvNumber(*m_peakTflops) : QString();
    const QString bandwidth = m_bandwidthGBps ? csvNumber(*m_bandwidthGBps) : QString();
    for (const Bound bound : kBoundsInOrder) {
        for (const Point &p : m_drawn[static_cast<std::size_t>(bound)]) {
            for (const int k : p.kernels) {
                const KernelTiming &kt = target.current->kernels[static_cast<std::size_t>(k)];
                QString node;
                QString op;
                if (graph && kt.node >= 0 && static_cast<std::size_t>(kt.node) < graph->nodes.size()) {
                    node = graph->nodes[static_cast<std::size_t>(kt.node)].name;
                    op = graph->nodes[static_cast<std::size_t>(kt.node)].opType;
                }
                out += QStringList{label,
                                   csvText(node),
                                   csvText(op),
                                   kernelClassName(kt.kind),
                                   computeTypeName(kt.compute),
                                   boundName(kt.bound),
                                   csvNumber(kt.flops),
                                   csvNumber(kt.bytes),
                                   csvNumber(kt.gpuMs),
                                   csvNumber(p.intensity),
                                   csvNumber(p.tflops),
                                   ceiling,
                                   computeTypeName(m_computeType),
                                   bandwidth}
                           .join(QLatin1Char(','))
                       + QLatin1Char('\n');
            }
        }
    }
    return out;
}

}  // namespace infersight
