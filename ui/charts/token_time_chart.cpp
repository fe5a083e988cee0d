// SPDX-License-Identifier: MIT
#include "charts/token_time_chart.h"

#include "charts/chart_format.h"
#include "session/session_results.h"

#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>
#include <limits>

namespace infersight {

TokenTimeChart::TokenTimeChart(Axis axis, QObject *parent) : ChartBase(parent), m_axis(axis) {
    m_xAxis = new QLogValueAxis;
    m_xAxis->setBase(2.0);
    m_xAxis->setLabelFormat(QStringLiteral("%g"));
    m_xAxis->setTitleText(axis == Axis::Context ? tr("Tokens in the KV cache (context, log scale)")
                                                : tr("Sequences in the batch (log scale)"));
    m_xAxis->setRange(axis == Axis::Context ? 128 : 1, axis == Axis::Context ? 8192 : 256);
    m_chart->addAxis(m_xAxis, Qt::AlignBottom);
    m_yAxis = new QLogValueAxis;
    m_yAxis->setBase(10.0);
    m_yAxis->setLabelFormat(QStringLiteral("%g"));
    m_yAxis->setMinorTickCount(-1);
    m_yAxis->setTitleText(tr("Time per output token (ms, log scale)"));
    m_yAxis->setRange(1, 100);
    m_chart->addAxis(m_yAxis, Qt::AlignLeft);
    clear();
}

QLineSeries *TokenTimeChart::line(int index) const {
    return index >= 0 && index < targetSeriesCount() ? m_lines[static_cast<std::size_t>(index)] : nullptr;
}

std::vector<TokenTimeChart::Point> TokenTimeChart::pointsOf(const ChartTarget &t) const {
    std::vector<Point> out;
    if (!t.llm) {
        return out;
    }
    if (m_axis == Axis::Context) {
        for (const LlmDecodeSample &s : t.llm->tpotVsContext) {
            out.push_back({static_cast<double>(s.context), s.stepMs, true});
        }
    } else {
        for (const LlmTargetResult::BatchPoint &p : t.llm->tpotVsBatch) {
            out.push_back({static_cast<double>(p.batch), p.stepMs, p.fits});
        }
    }
    return out;
}

void TokenTimeChart::removeAllSeries() {
    for (QAbstractSeries *series : m_chart->series()) {
        unregisterHover(series);
    }
    m_chart->removeAllSeries();
    m_lines.clear();
    m_points.clear();
    m_targetOf.clear();
}

void TokenTimeChart::clear() {
    removeAllSeries();
    m_chart->setTitle(m_axis == Axis::Context ? tr("Time per output token vs context") : tr("Time per output token vs batch"));
}

void TokenTimeChart::refresh() {
    removeAllSeries();
    double xMin = std::numeric_limits<double>::max();
    double xMax = 0;
    double yMin = std::numeric_limits<double>::max();
    double yMax = 0;
    bool any = false;
    for (std::size_t i = 0; i < m_data->targets.size(); ++i) {
        const ChartTarget &t = m_data->targets[i];
        std::vector<Point> points = pointsOf(t);
        if (points.empty()) {
            continue;
        }
        any = true;
        auto *line = new QLineSeries;
        line->setName(t.label);
        QPen pen(t.colour, 2.2);
        if (!t.sweepsCurrent) {
            pen.setStyle(Qt::DashLine);  // from earlier knobs, being recomputed
        }
        line->setPen(pen);
        line->setPointsVisible(true);
        auto *unfit = new QScatterSeries;
        unfit->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        unfit->setMarkerSize(9);
        unfit->setBrush(Qt::NoBrush);
        unfit->setPen(QPen(t.colour, 1.4));
        for (const Point &p : points) {
            if (!(p.ms > 0) || !std::isfinite(p.ms)) {
                continue;
            }
            line->append(p.x, p.ms);
            if (!p.fits) {
                unfit->append(p.x, p.ms);
            }
            xMin = std::min(xMin, p.x);
            xMax = std::max(xMax, p.x);
            yMin = std::min(yMin, p.ms);
            yMax = std::max(yMax, p.ms);
        }
        const int index = static_cast<int>(m_lines.size());
        m_chart->addSeries(line);
        line->attachAxis(m_xAxis);
        line->attachAxis(m_yAxis);
        registerHover(line, index);
        m_chart->addSeries(unfit);
        unfit->attachAxis(m_xAxis);
        unfit->attachAxis(m_yAxis);
        for (QLegendMarker *marker : m_chart->legend()->markers(unfit)) {
            marker->setVisible(false);
        }
        m_lines.push_back(line);
        m_points.push_back(std::move(points));
        m_targetOf.push_back(static_cast<int>(i));
    }
    const QString what = m_axis == Axis::Context ? tr("Time per output token vs context") : tr("Time per output token vs batch");
    if (!any) {
        m_chart->setTitle(tr("%1 — for decoder LLMs").arg(what));
        return;
    }
    m_xAxis->setRange(xMin, std::max(xMax, xMin * 2));
    setLogAxisRange(m_yAxis, std::pow(10.0, std::floor(std::log10(yMin))), std::pow(10.0, std::ceil(std::log10(yMax * 1.05))));
    QString second;
    if (m_axis == Axis::Context) {
        second = tr("batch %1").arg(QLocale().toString(static_cast<qlonglong>(m_data->knobs.batch)));
    } else {
        const ChartTarget &first = m_data->targets[static_cast<std::size_t>(m_targetOf.front())];
        second = tr("context %1 tokens; hollow: the KV cache does not fit")
                     .arg(QLocale().toString(static_cast<qlonglong>(first.llm->batchContext)));
    }
    m_chart->setTitle(titleWithKnobs(what) + QStringLiteral(" · ") + second);
}

QString TokenTimeChart::pointText(int tag, int index) const {
    if (tag < 0 || tag >= targetSeriesCount()) {
        return {};
    }
    const auto &points = m_points[static_cast<std::size_t>(tag)];
    if (index < 0 || index >= static_cast<int>(points.size())) {
        return {};
    }
    const Point &p = points[static_cast<std::size_t>(index)];
    const ChartTarget &t = m_data->targets[static_cast<std::size_t>(m_targetOf[static_cast<std::size_t>(tag)])];
    const QString x = QLocale().toString(static_cast<qlonglong>(p.x));
    QString text = m_axis == Axis::Context ? tr("%1\ncontext %2 tokens: %3 per token").arg(t.label, x, formatMs(p.ms))
                                           : tr("%1\nbatch %2: %3 per step").arg(t.label, x, formatMs(p.ms));
    if (!p.fits) {
        text += tr("\nthe KV cache does not fit beside the weights");
    }
    return text;
}

QString TokenTimeChart::csv() const {
    QString out = m_axis == Axis::Context ? QStringLiteral("target,context,step_ms\n") : QStringLiteral("target,batch,step_ms,fits\n");
    if (!m_data) {
        return out;
    }
    for (std::size_t s = 0; s < m_points.size(); ++s) {
        const ChartTarget &t = m_data->targets[static_cast<std::size_t>(m_targetOf[s])];
        QString label = t.label;
        label.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        for (const Point &p : m_points[s]) {
            out += QStringLiteral("\"%1\",%2,%3").arg(label).arg(static_cast<qlonglong>(p.x)).arg(p.ms, 0, 'g', 6);
            if (m_axis == Axis::Batch) {
                out += p.fits ? QStringLiteral(",1") : QStringLiteral(",0");
            }
            out += QLatin1Char('\n');
        }
    }
    return out;
}

}  // namespace infersight
