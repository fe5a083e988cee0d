// SPDX-License-Identifier: MIT
// The explorer's charts show the engine's numbers: each series is compared with predict() run in
// the test through the public core API (chart_test_data.h), the ceilings and memory limits with
// the published GPU figures of the catalogue's sources, the Pareto front with a brute-force check,
// and the CSV export with the drawn series. Set INFERSIGHT_CHART_SCREENSHOTS=<dir> to also write a
// PNG of every chart there.
#include "chart_test_data.h"

#include "charts/batch_sweep_chart.h"
#include "charts/chart_tabs.h"
#include "charts/chart_view.h"
#include "charts/energy_latency_chart.h"
#include "charts/layer_breakdown_chart.h"
#include "charts/memory_chart.h"
#include "charts/roofline_chart.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QHorizontalStackedBarSeries>
#include <QMenu>
#include <QValueAxis>
#include <QBarSet>
#include <QDir>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPainter>
#include <QScatterSeries>
#include <QSvgGenerator>
#include <QTemporaryDir>
#include <QtTest>

#include <QBuffer>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

Q_DECLARE_METATYPE(infersight::Precision)
Q_DECLARE_METATYPE(infersight::ChartKind)

using namespace infersight;
using namespace infersight::chart_test;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
const QString kModel = QStringLiteral("zoo:resnet50");
constexpr std::int64_t kBatch = 8;

bool close(double a, double b, double relative = 1e-9) {
    return std::abs(a - b) <= relative * std::max({1.0, std::abs(a), std::abs(b)});
}

// The y of the point of `series` at x (exact x), NaN when absent.
double yAt(const QXYSeries *series, double x) {
    for (const QPointF &p : series->points()) {
        if (p.x() == x) {
            return p.y();
        }
    }
    return std::nan("");
}

// predict() of resnet50 at `batch`, `precision` on `target`: the reference.
Prediction reference(const Target &target, std::int64_t batch, Precision precision = Precision::FP16) {
    const Design design = openDesign(kModel, batch, precision);
    PredictOptions options;
    options.batch = batch;
    auto p = predict(design.graph(), target, design.knobs(), options, design.nodePrecisions());
    require(p.ok(), p ? QString() : p.errorMessage());
    return *p;
}

// RFC 4180 without quoted newlines is enough for the charts' CSV.
QList<QStringList> parseCsv(const QString &csv) {
    QList<QStringList> rows;
    for (const QString &line : csv.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        QStringList fields;
        QString field;
        bool quoted = false;
        for (int i = 0; i < line.size(); ++i) {
            const QChar c = line[i];
            if (quoted) {
                if (c == QLatin1Char('"') && i + 1 < line.size() && line[i + 1] == QLatin1Char('"')) {
                    field += c;
                    ++i;
                } else if (c == QLatin1Char('"')) {
                    quoted = false;
                } else {
                    field += c;
                }
            } else if (c == QLatin1Char('"')) {
                quoted = true;
            } else if (c == QLatin1Char(',')) {
                fields << field;
                field.clear();
            } else {
                field += c;
            }
        }
        fields << field;
        rows << fields;
    }
    return rows;
}

int column(const QStringList &header, const char *name) {
    const int i = static_cast<int>(header.indexOf(QLatin1String(name)));
    if (i < 0) {
        qFatal("CSV column %s missing", name);
    }
    return i;
}

std::unique_ptr<ChartView> shownView(ChartKind kind, std::shared_ptr<const ChartData> data, int selected = -1) {
    auto view = std::make_unique<ChartView>(ChartBase::create(kind));
    view->resize(1000, 600);
    view->chartBase()->setData(std::move(data), selected);
    view->show();
    QCoreApplication::processEvents();
    return view;
}

}  // namespace

class TestCharts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void batchChartsMatchEngine_data();
    void batchChartsMatchEngine();
    void memoryLimitIsUsableMemory_data();
    void memoryLimitIsUsableMemory();
    void paretoFrontIsExactlyNonDominated();
    void rooflineCeilingsArePublishedPeaks_data();
    void rooflineCeilingsArePublishedPeaks();
    void rooflinePointsAreKernelsAndHoverNamesNode();
    void breakdownIsTopNodesSplitByBound();
    void thirdTargetGivesThirdSeries();
    void seriesReusedWhenKnobsMove();
    void csvHasSeriesNumbers_data();
    void csvHasSeriesNumbers();
    void exportsWriteFiles();
    void rendersOffscreenAsVectors();
    void targetWithoutPredictionSaysWhy();
    void minorGridOnlyOverFewDecades_data();
    void minorGridOnlyOverFewDecades();
    void draftQualityWhileDragging();
    void screenshots();

private:
    std::vector<Target> m_targets;  // A100-SXM4-80GB, H100-SXM5-80GB, A100-SXM4-80GB MIG 1g.10gb
    std::shared_ptr<ChartData> m_three;
    std::shared_ptr<ChartData> m_two;
};

void TestCharts::initTestCase() {
    m_targets = {makeTarget(QStringLiteral("a100-sxm4-80gb")), makeTarget(QStringLiteral("h100-sxm5-80gb")),
                 makeTarget(QStringLiteral("a100-sxm4-80gb:1g.10gb"))};
    m_three = buildChartData(openDesign(kModel, kBatch, Precision::FP16), m_targets);
    m_two = std::make_shared<ChartData>(*m_three);
    m_two->targets.resize(2);
    QCOMPARE(m_three->targets.size(), std::size_t{3});
    for (const ChartTarget &t : m_three->targets) {
        QVERIFY2(t.ok(), qPrintable(t.error));
        QCOMPARE(t.batchSweep.size(), std::size_t{11});
    }
}

void TestCharts::batchChartsMatchEngine_data() {
    QTest::addColumn<int>("target");
    QTest::addColumn<qint64>("batch");
    QTest::newRow("A100 batch 32") << 0 << qint64(32);
    QTest::newRow("H100 batch 1") << 1 << qint64(1);
    QTest::newRow("A100 MIG 1g.10gb batch 256") << 2 << qint64(256);
    QTest::newRow("H100 batch 1024") << 1 << qint64(1024);
}

// The latency, throughput and memory lines at a batch are predict()'s numbers at that batch, the
// band is the prediction's 80 % band, and the current-batch marker is predict() at batch 8.
void TestCharts::batchChartsMatchEngine() {
    QFETCH(int, target);
    QFETCH(qint64, batch);
    const Target &t = m_targets[static_cast<std::size_t>(target)];
    const Prediction expected = reference(t, batch);
    const Prediction current = reference(t, kBatch);
    const double x = static_cast<double>(batch);

    LatencyChart latency;
    latency.setData(m_three);
    QCOMPARE(latency.targetSeriesCount(), 3);
    QVERIFY(close(yAt(latency.line(target), x), expected.latencyMs));
    QVERIFY(latency.band(target) != nullptr);
    QVERIFY(close(yAt(latency.band(target)->upperSeries(), x), expected.bandHighMs));
    QVERIFY(close(yAt(latency.band(target)->lowerSeries(), x), expected.bandLowMs));
    QVERIFY(expected.bandLowMs < expected.latencyMs && expected.latencyMs < expected.bandHighMs);
    QCOMPARE(latency.currentMarker(target)->count(), 1);
    QCOMPARE(latency.currentMarker(target)->at(0).x(), double(kBatch));
    QVERIFY(close(latency.currentMarker(target)->at(0).y(), current.latencyMs));
    QCOMPARE(latency.line(target)->name(), t.label());
    QCOMPARE(latency.line(target)->color(), targetColour(target));
    // The current batch line spans the y axis at x = 8.
    QCOMPARE(latency.currentBatchLine()->count(), 2);
    QCOMPARE(latency.currentBatchLine()->at(0).x(), double(kBatch));
    // Axes: log2 batch, log10 ms, both with units in their titles.
    auto *xAxis = qobject_cast<QLogValueAxis *>(latency.xAxis());
    QVERIFY(xAxis);
    QCOMPARE(xAxis->base(), 2.0);
    QCOMPARE(xAxis->min(), 1.0);
    QCOMPARE(xAxis->max(), 1024.0);
    QVERIFY(latency.yAxis()->titleText().contains(QStringLiteral("ms")));
    QVERIFY(qobject_cast<QLogValueAxis *>(latency.yAxis()));

    ThroughputChart throughput;
    throughput.setData(m_three);
    QVERIFY(close(yAt(throughput.line(target), x), expected.throughputPerS));
    // samples/s = batch x 1000 / latency ms (hand rule), band from the latency band.
    QVERIFY(close(yAt(throughput.line(target), x), x * 1000.0 / expected.latencyMs));
    QVERIFY(close(yAt(throughput.band(target)->upperSeries(), x), x * 1000.0 / expected.bandLowMs));
    QVERIFY(close(yAt(throughput.band(target)->lowerSeries(), x), x * 1000.0 / expected.bandHighMs));
    QVERIFY(throughput.yAxis()->titleText().contains(QStringLiteral("samples/s")));

    MemoryChart memory;
    memory.setData(m_three);
    QVERIFY(close(yAt(memory.line(target), x), expected.memory.deviceUsedBytes / kGiB));
    QVERIFY(close(memory.currentMarker(target)->at(0).y(), current.memory.deviceUsedBytes / kGiB));
    QVERIFY(memory.yAxis()->titleText().contains(QStringLiteral("GiB")));
}

void TestCharts::memoryLimitIsUsableMemory_data() {
    QTest::addColumn<int>("target");
    QTest::addColumn<double>("usableGiB");
    // A100 SXM4 80 GB: 80 GB nominal, read as GiB (the catalogue's rule where nvidia-smi's MiB are
    // not recorded); H100 SXM5 80 GB likewise; MIG 1g.10gb: 9,728 MiB = 9.5 GiB from
    // `nvidia-smi mig -lgip` on an A100-SXM4-80GB (catalogue source LGIP-A100-80).
    QTest::newRow("A100-SXM4-80GB") << 0 << 80.0;
    QTest::newRow("H100-SXM5-80GB") << 1 << 80.0;
    QTest::newRow("A100 MIG 1g.10gb") << 2 << 9.5;
}

void TestCharts::memoryLimitIsUsableMemory() {
    QFETCH(int, target);
    QFETCH(double, usableGiB);
    MemoryChart chart;
    chart.setData(m_three);
    QLineSeries *limit = chart.limitLine(target);
    QVERIFY(limit);
    QVERIFY(limit->count() >= 2);
    for (const QPointF &p : limit->points()) {
        QVERIFY(close(p.y(), usableGiB));
    }
    // Across the whole batch range, in the target's colour, dashed.
    QCOMPARE(limit->points().front().x(), 1.0);
    QCOMPARE(limit->points().back().x(), 1024.0);
    QCOMPARE(limit->pen().color(), targetColour(target));
    QVERIFY(limit->pen().style() != Qt::SolidLine);
    // The y axis (log GiB) reaches the highest limit.
    auto *y = qobject_cast<QLogValueAxis *>(chart.yAxis());
    QVERIFY(y);
    QVERIFY(y->max() >= 80.0);
    QVERIFY(y->titleText().contains(QStringLiteral("GiB")));
}

// The front is exactly the set of points no other fitting point of the same target matches or
// beats on both latency and energy per sample (brute force, O(n^2)).
void TestCharts::paretoFrontIsExactlyNonDominated() {
    EnergyLatencyChart chart;
    chart.setData(m_three);
    QCOMPARE(chart.targetSeriesCount(), 3);
    for (int t = 0; t < 3; ++t) {
        const std::vector<ChartEnergyPoint> &points = m_three->targets[static_cast<std::size_t>(t)].energyLatency;
        QVERIFY(points.size() >= 11 * 4);  // 11 batches x at least fp32, tf32, fp16, bf16, int8
        std::set<std::pair<double, double>> expected;
        for (const ChartEnergyPoint &a : points) {
            if (!a.fits) {
                continue;
            }
            bool dominated = false;
            for (const ChartEnergyPoint &b : points) {
                if (!b.fits) {
                    continue;
                }
                const bool noWorse = b.latencyMs <= a.latencyMs && b.energyPerSampleJ() <= a.energyPerSampleJ();
                const bool better = b.latencyMs < a.latencyMs || b.energyPerSampleJ() < a.energyPerSampleJ();
                if (noWorse && better) {
                    dominated = true;
                    break;
                }
            }
            if (!dominated) {
                expected.insert({a.latencyMs, a.energyPerSampleJ()});
            }
        }
        std::set<std::pair<double, double>> drawn;
        for (const QPointF &p : chart.front(t)->points()) {
            drawn.insert({p.x(), p.y()});
        }
        QCOMPARE(drawn, expected);
        QVERIFY(expected.size() >= 2);
        // The front is drawn by ascending latency, so energy per sample falls along it.
        const QList<QPointF> front = chart.front(t)->points();
        for (int i = 1; i < front.size(); ++i) {
            QVERIFY(front[i].x() >= front[i - 1].x());
            QVERIFY(front[i].y() <= front[i - 1].y());
        }
        // Every point is drawn once across the target's scatter series.
        qsizetype drawnPoints = 0;
        for (QScatterSeries *s : chart.pointSeries(t)) {
            drawnPoints += s->count();
        }
        QCOMPARE(static_cast<std::size_t>(drawnPoints), points.size());
        // The ring is at the current knobs.
        const Prediction current = reference(m_targets[static_cast<std::size_t>(t)], kBatch);
        QVERIFY(close(chart.currentMarker(t)->at(0).x(), current.latencyMs));
        QVERIFY(close(chart.currentMarker(t)->at(0).y(), current.energyJ / kBatch));
    }
    QVERIFY(chart.xAxis()->titleText().contains(QStringLiteral("ms")));
    QVERIFY(chart.yAxis()->titleText().contains(QStringLiteral("J/sample")));
}

void TestCharts::rooflineCeilingsArePublishedPeaks_data() {
    QTest::addColumn<QString>("target");
    QTest::addColumn<Precision>("precision");
    QTest::addColumn<double>("peakTflops");
    QTest::addColumn<double>("fp32Tflops");  // 0: no separate fp32 ceiling
    QTest::addColumn<double>("bandwidthGBps");
    // NVIDIA A100 datasheet (80 GB SXM): FP16 tensor 312 TFLOPS dense, FP32 19.5, TF32 156,
    // 2,039 GB/s. H100 SXM5 datasheet: FP16 tensor 989.4 TFLOPS dense, FP32 66.9, 3,352 GB/s.
    // MIG 1g.10gb: 14 of the A100's 108 SMs and 1/8 of its memory bandwidth (MIG user guide).
    QTest::newRow("A100 fp16") << "a100-sxm4-80gb" << Precision::FP16 << 312.0 << 19.5 << 2039.0;
    QTest::newRow("A100 tf32") << "a100-sxm4-80gb" << Precision::TF32 << 156.0 << 19.5 << 2039.0;
    QTest::newRow("A100 fp32") << "a100-sxm4-80gb" << Precision::FP32 << 19.5 << 0.0 << 2039.0;
    QTest::newRow("H100 fp16") << "h100-sxm5-80gb" << Precision::FP16 << 989.4 << 66.9 << 3352.0;
    QTest::newRow("A100 MIG 1g.10gb fp16") << "a100-sxm4-80gb:1g.10gb" << Precision::FP16 << 312.0 * 14 / 108
                                           << 19.5 * 14 / 108 << 2039.0 / 8;
}

void TestCharts::rooflineCeilingsArePublishedPeaks() {
    QFETCH(QString, target);
    QFETCH(Precision, precision);
    QFETCH(double, peakTflops);
    QFETCH(double, fp32Tflops);
    QFETCH(double, bandwidthGBps);
    BuildOptions noSweeps;
    noSweeps.sweepBatches = {};
    noSweeps.energyBatches = {};
    auto data = buildChartData(openDesign(kModel, kBatch, precision), {makeTarget(target)}, noSweeps);
    RooflineChart chart;
    chart.setData(data);
    QVERIFY(chart.computeCeilingTflops().has_value());
    QVERIFY(close(*chart.computeCeilingTflops(), peakTflops, 1e-12));
    QVERIFY(close(*chart.bandwidthGBps(), bandwidthGBps, 1e-12));
    QCOMPARE(chart.fp32CeilingTflops().has_value(), fp32Tflops > 0);
    if (fp32Tflops > 0) {
        QVERIFY(close(*chart.fp32CeilingTflops(), fp32Tflops, 1e-12));
        for (const QPointF &p : chart.fp32Roof()->points()) {
            QVERIFY(close(p.y(), fp32Tflops, 1e-12));
        }
    }
    // The roof: the slope is bandwidth x intensity (GB/s x FLOP/byte = GFLOP/s), flat at the peak.
    const QList<QPointF> roof = chart.roof()->points();
    QVERIFY(roof.size() > 4);
    double top = 0;
    for (const QPointF &p : roof) {
        top = std::max(top, p.y());
        QVERIFY(p.y() <= peakTflops * (1 + 1e-12));
        if (p.y() < peakTflops * (1 - 1e-9)) {
            QVERIFY(close(p.y(), p.x() * bandwidthGBps / 1000.0, 1e-9));
        }
    }
    QVERIFY(close(top, peakTflops, 1e-12));
    QVERIFY(roof.back().x() >= chart.xAxis()->max() * (1 - 1e-9));
}

void TestCharts::rooflinePointsAreKernelsAndHoverNamesNode() {
    auto view = shownView(ChartKind::Roofline, m_three, 0);
    auto *chart = static_cast<RooflineChart *>(view->chartBase());
    const Prediction &p = *m_three->targets[0].current;
    QCOMPARE(chart->drawnKernels() + chart->hiddenKernels(), static_cast<int>(p.kernels.size()));
    QVERIFY(chart->drawnKernels() > 50);  // resnet50: 53 convolutions and a GEMM at least
    // Each kernel with FLOPs and bytes is a point at (FLOP/byte, FLOP/time) of its bound's series.
    int checked = 0;
    for (const KernelTiming &k : p.kernels) {
        if (!(k.flops > 0 && k.bytes > 0 && k.gpuMs > 0)) {
            continue;
        }
        const QList<QPointF> points = chart->kernelSeries(k.bound)->points();
        const double x = k.flops / k.bytes;
        const double y = k.flops / (k.gpuMs * 1e-3) / 1e12;
        QVERIFY(std::any_of(points.begin(), points.end(), [&](const QPointF &q) { return close(q.x(), x) && close(q.y(), y); }));
        ++checked;
    }
    QCOMPARE(checked, chart->drawnKernels());
    // Hovering the point of the model's largest convolution names its node.
    const QScatterSeries *series = nullptr;
    int index = -1;
    double most = 0;
    for (const Bound bound : kBoundsInOrder) {
        const QScatterSeries *s = chart->kernelSeries(bound);
        for (int i = 0; i < s->count(); ++i) {
            if (s->at(i).x() > most) {
                most = s->at(i).x();
                series = s;
                index = i;
            }
        }
    }
    QVERIFY(series);
    const QPointF position = chart->chart()->mapToPosition(series->at(index), const_cast<QScatterSeries *>(series));
    const QString tip = chart->toolTipAt(position);
    QVERIFY2(!tip.isEmpty(), "no tooltip at a kernel point");
    bool named = false;
    for (const KernelTiming &k : p.kernels) {
        if (k.flops > 0 && k.bytes > 0 && close(k.flops / k.bytes, most)) {
            named = named || tip.contains(m_three->graph->nodes[static_cast<std::size_t>(k.node)].name.toHtmlEscaped());
        }
    }
    QVERIFY2(named, qPrintable(tip));
    QVERIFY(tip.contains(QStringLiteral("FLOP/byte")));
    // Far from every point: no tooltip.
    QVERIFY(chart->toolTipAt(QPointF(-100, -100)).isEmpty());
}

void TestCharts::breakdownIsTopNodesSplitByBound() {
    auto view = shownView(ChartKind::LayerBreakdown, m_three, 0);
    auto *chart = static_cast<LayerBreakdownChart *>(view->chartBase());
    for (int t = 0; t < 3; ++t) {
        chart->setSelectedTarget(t);
        const Prediction expected = reference(m_targets[static_cast<std::size_t>(t)], kBatch);
        // The engine's node times, largest first.
        std::vector<int> order(expected.nodes.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return expected.nodes[static_cast<std::size_t>(a)].latencyMs > expected.nodes[static_cast<std::size_t>(b)].latencyMs;
        });
        const auto &rows = chart->rows();
        QCOMPARE(static_cast<int>(rows.size()), 15);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const NodeTiming &n = expected.nodes[static_cast<std::size_t>(rows[i].node)];
            QCOMPARE(rows[i].node, order[i]);
            QVERIFY(close(rows[i].totalMs, n.latencyMs));
            QCOMPARE(rows[i].name, m_three->graph->nodes[static_cast<std::size_t>(rows[i].node)].name);
            // The four segments add up to the node's time; host covers at least its waits.
            const double sum = rows[i].ms[0] + rows[i].ms[1] + rows[i].ms[2] + rows[i].ms[3];
            QVERIFY2(close(sum, n.latencyMs, 1e-9), qPrintable(QStringLiteral("%1 vs %2").arg(sum).arg(n.latencyMs)));
            QVERIFY(rows[i].ms[static_cast<std::size_t>(Bound::Host)] >= n.waitMs * (1 - 1e-12));
            // Bars bottom to top: the largest node is the last category.
            const int bar = static_cast<int>(rows.size() - 1 - i);
            for (const Bound bound : kBoundsInOrder) {
                QCOMPARE(chart->barSet(bound)->at(bar), rows[i].ms[static_cast<std::size_t>(bound)]);
            }
        }
        QVERIFY(chart->chart()->title().contains(m_targets[static_cast<std::size_t>(t)].label().toHtmlEscaped()));
        // Hovering the top bar names its node.
        const QPointF centre = chart->chart()->mapToPosition(QPointF(rows[0].totalMs / 2, static_cast<double>(rows.size() - 1)),
                                                             chart->series());
        QVERIFY2(chart->toolTipAt(centre).contains(rows[0].name.toHtmlEscaped()), qPrintable(chart->toolTipAt(centre)));
    }
    // Legend: the four bounds in their colours, latency explained.
    QCOMPARE(chart->barSet(Bound::Compute)->color(), boundColour(Bound::Compute));
    QCOMPARE(chart->barSet(Bound::Host)->color(), boundColour(Bound::Host));
    QVERIFY(chart->barSet(Bound::Latency)->label().contains(QStringLiteral("too small")));
    chart->setTopCount(25);
    QCOMPARE(static_cast<int>(chart->rows().size()), 25);
    QCOMPARE(chart->categoryAxis()->count(), 25);
}

// Adding a target adds its series to every chart; the per-target charts can show it.
void TestCharts::thirdTargetGivesThirdSeries() {
    ChartTabs tabs;
    tabs.resize(1000, 600);
    tabs.setData(m_two);
    QCOMPARE(static_cast<BatchSweepChart *>(tabs.chart(ChartKind::Latency))->targetSeriesCount(), 2);
    tabs.setData(m_three);
    for (const ChartKind kind : {ChartKind::Latency, ChartKind::Throughput, ChartKind::Memory}) {
        auto *chart = static_cast<BatchSweepChart *>(tabs.chart(kind));
        QCOMPARE(chart->targetSeriesCount(), 3);
        QCOMPARE(chart->line(2)->name(), m_targets[2].label());
        QCOMPARE(chart->line(2)->count(), 11);
        QCOMPARE(chart->line(2)->color(), targetColour(2));
    }
    auto *memory = static_cast<MemoryChart *>(tabs.chart(ChartKind::Memory));
    QVERIFY(memory->limitLine(2) != nullptr);
    auto *energy = static_cast<EnergyLatencyChart *>(tabs.chart(ChartKind::EnergyLatency));
    QCOMPARE(energy->targetSeriesCount(), 3);
    QVERIFY(energy->front(2)->count() >= 2);
    tabs.setSelectedTarget(2);
    for (const ChartKind kind : {ChartKind::LayerBreakdown, ChartKind::Roofline}) {
        ChartBase *chart = tabs.chart(kind);
        QCOMPARE(chart->selectedTarget(), 2);
        QVERIFY(chart->chart()->title().contains(m_targets[2].label()));
    }
    auto *roofline = static_cast<RooflineChart *>(tabs.chart(ChartKind::Roofline));
    QVERIFY(close(*roofline->computeCeilingTflops(), 312.0 * 14 / 108, 1e-12));
    // Back to two targets: the third series goes.
    tabs.setData(m_two);
    QCOMPARE(static_cast<BatchSweepChart *>(tabs.chart(ChartKind::Latency))->targetSeriesCount(), 2);
    QCOMPARE(static_cast<EnergyLatencyChart *>(tabs.chart(ChartKind::EnergyLatency))->targetSeriesCount(), 2);
    QCOMPARE(tabs.chart(ChartKind::Roofline)->selectedTarget(), 1);  // clamped to the last target
}

// A knob change with the same targets replaces points; it does not rebuild series or axes.
void TestCharts::seriesReusedWhenKnobsMove() {
    LatencyChart latency;
    latency.setData(m_two);
    QLineSeries *line = latency.line(0);
    QAreaSeries *band = latency.band(0);
    const auto seriesCount = latency.chart()->series().size();
    auto moved = std::make_shared<ChartData>(*m_two);
    moved->knobs.batch = 64;
    moved->targets[0].current = std::make_shared<const Prediction>(reference(m_targets[0], 64));
    latency.setData(moved);
    QCOMPARE(latency.line(0), line);
    QCOMPARE(latency.band(0), band);
    QCOMPARE(latency.chart()->series().size(), seriesCount);
    QCOMPARE(latency.currentMarker(0)->at(0).x(), 64.0);
    QVERIFY(close(latency.currentMarker(0)->at(0).y(), moved->targets[0].current->latencyMs));
    QCOMPARE(latency.currentBatchLine()->at(0).x(), 64.0);
    QVERIFY(latency.currentBatchLine()->name().contains(QStringLiteral("64")));

    EnergyLatencyChart energy;
    energy.setData(m_two);
    QLineSeries *front = energy.front(1);
    energy.setData(moved);
    QCOMPARE(energy.front(1), front);
}

void TestCharts::csvHasSeriesNumbers_data() {
    QTest::addColumn<ChartKind>("kind");
    for (const ChartKind kind : kAllChartKinds) {
        if (isLlmChart(kind)) {
            continue;  // decoder LLMs only: tests/gui/session/test_llm_session
        }
        QTest::newRow(qPrintable(chartKindFileStem(kind))) << kind;
    }
}

// Every exported row is a drawn point (parsed back from the text, C locale) and vice versa.
void TestCharts::csvHasSeriesNumbers() {
    QFETCH(ChartKind, kind);
    auto chart = ChartBase::create(kind);
    chart->setData(m_three, 1);
    const QList<QStringList> rows = parseCsv(chart->csv());
    QVERIFY(rows.size() > 1);
    const QStringList header = rows.front();
    auto number = [](const QString &field) {
        bool ok = false;
        const double v = field.toDouble(&ok);
        if (!ok) {
            qFatal("not a number in the CSV: %s", qPrintable(field));
        }
        return v;
    };
    auto targetIndex = [this](const QString &label) {
        for (std::size_t i = 0; i < m_three->targets.size(); ++i) {
            if (m_three->targets[i].label == label) {
                return static_cast<int>(i);
            }
        }
        return -1;
    };
    switch (kind) {
    case ChartKind::Latency:
    case ChartKind::Throughput:
    case ChartKind::Memory: {
        auto *c = static_cast<BatchSweepChart *>(chart.get());
        const int valueColumn = kind == ChartKind::Latency      ? column(header, "latency_ms")
                                : kind == ChartKind::Throughput ? column(header, "throughput_samples_per_s")
                                                                : column(header, "memory_used_gib");
        QCOMPARE(rows.size() - 1, 3 * 11);
        for (qsizetype r = 1; r < rows.size(); ++r) {
            const int t = targetIndex(rows[r][column(header, "target")]);
            QVERIFY(t >= 0);
            const double batch = number(rows[r][column(header, "batch")]);
            QCOMPARE(number(rows[r][valueColumn]), yAt(c->line(t), batch));
            if (kind == ChartKind::Memory) {
                QCOMPARE(number(rows[r][column(header, "usable_memory_gib")]),
                         static_cast<MemoryChart *>(c)->limitLine(t)->at(0).y());
            } else {
                const int high = kind == ChartKind::Latency ? column(header, "band_high_ms") : column(header, "band_high_samples_per_s");
                QCOMPARE(number(rows[r][high]), yAt(c->band(t)->upperSeries(), batch));
            }
        }
        break;
    }
    case ChartKind::TokenTimeContext:
    case ChartKind::TokenTimeBatch: break;  // not in the data table
    case ChartKind::EnergyLatency: {
        auto *c = static_cast<EnergyLatencyChart *>(chart.get());
        std::size_t total = 0;
        for (const ChartTarget &t : m_three->targets) {
            total += t.energyLatency.size();
        }
        QCOMPARE(static_cast<std::size_t>(rows.size() - 1), total);
        for (int t = 0; t < 3; ++t) {
            std::set<std::pair<double, double>> onFront;
            for (qsizetype r = 1; r < rows.size(); ++r) {
                if (targetIndex(rows[r][column(header, "target")]) == t && rows[r][column(header, "on_front")] == QLatin1String("1")) {
                    onFront.insert({number(rows[r][column(header, "latency_ms")]), number(rows[r][column(header, "energy_per_sample_j")])});
                }
            }
            std::set<std::pair<double, double>> drawn;
            for (const QPointF &p : c->front(t)->points()) {
                drawn.insert({p.x(), p.y()});
            }
            QCOMPARE(onFront, drawn);
        }
        break;
    }
    case ChartKind::LayerBreakdown: {
        auto *c = static_cast<LayerBreakdownChart *>(chart.get());
        QCOMPARE(rows.size() - 1, static_cast<qsizetype>(c->rows().size()));
        const int n = static_cast<int>(c->rows().size());
        for (int r = 1; r < rows.size(); ++r) {
            QCOMPARE(rows[r][column(header, "target")], m_three->targets[1].label);
            QCOMPARE(rows[r][column(header, "node")], c->rows()[static_cast<std::size_t>(r - 1)].name);
            const int bar = n - r;
            QCOMPARE(number(rows[r][column(header, "compute_ms")]), c->barSet(Bound::Compute)->at(bar));
            QCOMPARE(number(rows[r][column(header, "memory_ms")]), c->barSet(Bound::Memory)->at(bar));
            QCOMPARE(number(rows[r][column(header, "latency_ms")]), c->barSet(Bound::Latency)->at(bar));
            QCOMPARE(number(rows[r][column(header, "host_ms")]), c->barSet(Bound::Host)->at(bar));
        }
        break;
    }
    case ChartKind::Roofline: {
        auto *c = static_cast<RooflineChart *>(chart.get());
        QCOMPARE(rows.size() - 1, static_cast<qsizetype>(c->drawnKernels()));
        for (qsizetype r = 1; r < rows.size(); ++r) {
            const auto bound = std::find_if(kBoundsInOrder.begin(), kBoundsInOrder.end(), [&](Bound b) {
                return boundName(b) == rows[r][column(header, "bound")];
            });
            QVERIFY(bound != kBoundsInOrder.end());
            const QPointF p(number(rows[r][column(header, "intensity_flop_per_byte")]), number(rows[r][column(header, "achieved_tflops")]));
            const QList<QPointF> points = c->kernelSeries(*bound)->points();
            QVERIFY(points.contains(p));
            QCOMPARE(number(rows[r][column(header, "ceiling_tflops")]), *c->computeCeilingTflops());
            QCOMPARE(number(rows[r][column(header, "bandwidth_gbps")]), *c->bandwidthGBps());
        }
        break;
    }
    }
}

void TestCharts::exportsWriteFiles() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto view = shownView(ChartKind::Latency, m_three);
    const QString png = dir.filePath(QStringLiteral("latency.png"));
    const QString svg = dir.filePath(QStringLiteral("latency.svg"));
    const QString csv = dir.filePath(QStringLiteral("latency.csv"));
    QVERIFY(view->exportPng(png, QSize(800, 500)));
    QVERIFY(view->exportSvg(svg));
    QVERIFY(view->exportCsv(csv));
    QImage image(png);
    QCOMPARE(image.size(), QSize(1600, 1000));  // 2x
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(svgText.contains("<path") || svgText.contains("<polyline"));
    QFile csvFile(csv);
    QVERIFY(csvFile.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(csvFile.readAll()), view->chartBase()->csv());
    // A folder that does not exist: the error names the file.
    const QString bad = QStringLiteral("/nonexistent-folder/latency.png");
    const Status failed = view->exportPng(bad);
    QVERIFY(!failed);
    QVERIFY2(failed.errorMessage().contains(bad), qPrintable(failed.errorMessage()));
    QVERIFY(!view->exportCsv(QStringLiteral("/nonexistent-folder/x.csv")));
    // The context menu offers the three exports and a copy.
    QStringList names;
    for (QAction *action : view->exportMenu()->actions()) {
        names << action->objectName();
    }
    QVERIFY(names.contains(QStringLiteral("exportPng")));
    QVERIFY(names.contains(QStringLiteral("exportSvg")));
    QVERIFY(names.contains(QStringLiteral("exportCsv")));
}

// The report draws charts that are never shown: into an image and into an SVG (vectors).
void TestCharts::rendersOffscreenAsVectors() {
    for (const ChartKind kind : kAllChartKinds) {
        if (isLlmChart(kind)) {
            continue;  // nothing to draw for CNN data
        }
        QImage image(900, 520, QImage::Format_ARGB32);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            renderChart(kind, m_three, 0, painter, QRectF(0, 0, 900, 520));
        }
        // The first target's colour (line charts) or a bound colour (per-target charts) is drawn.
        const QColor wanted = kind == ChartKind::LayerBreakdown ? boundColour(Bound::Memory)
                              : kind == ChartKind::Roofline     ? targetColour(0)
                                                                : targetColour(0);
        int hits = 0;
        for (int y = 0; y < image.height(); y += 2) {
            for (int x = 0; x < image.width(); x += 2) {
                const QColor c = image.pixelColor(x, y);
                hits += std::abs(c.red() - wanted.red()) + std::abs(c.green() - wanted.green()) + std::abs(c.blue() - wanted.blue()) < 30;
            }
        }
        QVERIFY2(hits > 20, qPrintable(QStringLiteral("%1: %2 pixels of %3").arg(chartKindFileStem(kind)).arg(hits).arg(wanted.name())));

        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(QSize(900, 520));
        generator.setViewBox(QRect(0, 0, 900, 520));
        {
            QPainter painter(&generator);
            renderChart(kind, m_three, 0, painter, QRectF(0, 0, 900, 520));
        }
        QVERIFY(buffer.data().contains("<path") || buffer.data().contains("<polyline"));
        QVERIFY2(!buffer.data().contains("<image"), qPrintable(chartKindFileStem(kind)));  // vectors, not a bitmap
    }
}

// A target the knobs do not suit (no FP8 on an A100) keeps its place with the reason.
void TestCharts::targetWithoutPredictionSaysWhy() {
    BuildOptions small;
    small.sweepBatches = {1, 8};
    small.energyBatches = {8};
    auto data = buildChartData(openDesign(kModel, kBatch, Precision::FP8), {m_targets[0], m_targets[1]}, small);
    QVERIFY(!data->targets[0].ok());
    QVERIFY(data->targets[1].ok());
    LatencyChart latency;
    latency.setData(data);
    QCOMPARE(latency.targetSeriesCount(), 2);
    QVERIFY(latency.line(0)->name().contains(QStringLiteral("no prediction")));
    QCOMPARE(latency.line(0)->count(), 0);
    QCOMPARE(latency.line(1)->count(), 2);
    RooflineChart roofline;
    roofline.setData(data, 0);
    QVERIFY(roofline.chart()->title().contains(QStringLiteral("no prediction")));
    QVERIFY(!roofline.computeCeilingTflops().has_value());  // the A100 has no FP8 path
    LayerBreakdownChart breakdown;
    breakdown.setData(data, 0);
    QVERIFY(breakdown.rows().empty());
    QVERIFY(breakdown.chart()->title().contains(QStringLiteral("no prediction")));
}

void TestCharts::screenshots() {
    const QString dir = qEnvironmentVariable("INFERSIGHT_CHART_SCREENSHOTS");
    if (dir.isEmpty()) {
        QSKIP("set INFERSIGHT_CHART_SCREENSHOTS=<dir> to write PNGs of every chart");
    }
    QDir().mkpath(dir);
    ChartTabs tabs;
    tabs.resize(1100, 620);
    tabs.show();
    tabs.setData(m_three);
    for (const ChartKind kind : kAllChartKinds) {
        if (isLlmChart(kind)) {
            continue;
        }
        tabs.setCurrentKind(kind);
        QCoreApplication::processEvents();
        const QString path = QDir(dir).filePath(chartKindFileStem(kind) + QStringLiteral(".png"));
        QVERIFY(tabs.view(kind)->grab().save(path));
    }
    tabs.setSelectedTarget(2);
    for (const ChartKind kind : {ChartKind::LayerBreakdown, ChartKind::Roofline}) {
        tabs.setCurrentKind(kind);
        QCoreApplication::processEvents();
        QVERIFY(tabs.view(kind)->grab().save(QDir(dir).filePath(chartKindFileStem(kind) + QStringLiteral("-mig.png"))));
    }
}

void TestCharts::minorGridOnlyOverFewDecades_data() {
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<int>("minorTicks");
    // log10(max / min) decades: 2..9 of each decade drawn up to kMinorGridDecades (2) of them.
    QTest::newRow("one decade") << 1.0 << 10.0 << -1;
    QTest::newRow("two decades") << 0.1 << 10.0 << -1;
    QTest::newRow("1.5 decades") << 2.0 << 63.2 << -1;
    QTest::newRow("three decades") << 0.01 << 10.0 << 0;
    QTest::newRow("six decades") << 0.001 << 1000.0 << 0;
}

void TestCharts::minorGridOnlyOverFewDecades() {
    QFETCH(double, min);
    QFETCH(double, max);
    QFETCH(int, minorTicks);
    QLogValueAxis axis;
    axis.setBase(10.0);
    setLogAxisRange(&axis, min, max);
    QCOMPARE(axis.min(), min);
    QCOMPARE(axis.max(), max);
    QCOMPARE(axis.minorTickCount(), minorTicks);
}

void TestCharts::draftQualityWhileDragging() {
    ChartTabs tabs;
    for (ChartKind kind : kAllChartKinds) {
        QVERIFY(tabs.view(kind)->renderHints().testFlag(QPainter::Antialiasing));
    }
    tabs.setDraftQuality(true);
    QVERIFY(tabs.isDraftQuality());
    for (ChartKind kind : kAllChartKinds) {
        QVERIFY(!tabs.view(kind)->renderHints().testFlag(QPainter::Antialiasing));
    }
    tabs.setDraftQuality(false);
    for (ChartKind kind : kAllChartKinds) {
        QVERIFY(tabs.view(kind)->renderHints().testFlag(QPainter::Antialiasing));
    }
}

QTEST_MAIN(TestCharts)
#include "test_charts.moc"
