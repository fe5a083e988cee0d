// SPDX-License-Identifier: MIT
// Speed of the design-space explorer (issue 5 targets):
//  1. Applying an edit and re-predicting a ~1,000-node model: under 5 ms. Models: BERT-base built
//     with 33 layers (FFN width edits) and ResNet-50 built with 96 bottlenecks (conv width edits).
//     One step = Design::replaceEdit of the last width edit (as a slider drag does: copy the
//     graph, find the channel group, resize, re-propagate, check) + a full predict() on an A100
//     (analysis, lowering, timeline, energy, memory; nothing cached).
//  2. A 10,000-point sweep of ResNet-50 on one core: under 1 s. 80 targets (every catalogue GPU
//     whole plus every MIG profile) x batch {1, 8, 32, 64, 128} x image {160, 192, 224, 256, 288}
//     x precision {fp32, tf32, fp16, bf16, int8}; eager runtime.
//  3. Issue 15: `infersight-cli sweep` over a 17-million-point grid (every catalogue GPU whole and
//     every MIG profile x batch 1..1024 x image 32..860 step 4, resnet18) streams: the first row
//     reaches stdout within a second of the model being built, and the peak RSS at 10 s and at
//     30 s stays flat (it used to grow by ~110 MB a second with every row buffered and nothing
//     written for minutes). The child is stopped after 30 s; rows/s and RSS are printed.
// Times are CPU time of this thread (the machine is shared; wall time also counts waiting).
// Prints figures; fails only when something breaks, never on time.
#include "design/design.h"
#include "explore/sweep.h"
#include "predict/predictor.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include <algorithm>
#include <cstdio>
#include <ctime>

using namespace infersight;

namespace {

qint64 threadCpuNs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<qint64>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

// VmRSS and VmHWM (peak) of a running process, MB, from /proc/PID/status.
std::pair<double, double> residentMb(qint64 pid) {
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly)) {
        return {0.0, 0.0};
    }
    const QString text = QString::fromLatin1(status.readAll());
    auto field = [&text](const char *name) {
        const QRegularExpression re(QStringLiteral("%1:\\s+(\\d+) kB").arg(QLatin1String(name)));
        const auto m = re.match(text);
        return m.hasMatch() ? m.captured(1).toDouble() * 1024.0 / 1e6 : 0.0;
    };
    return {field("VmRSS"), field("VmHWM")};
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

}  // namespace

class BenchExplore : public QObject {
    Q_OBJECT
private slots:
    void editAndRepredict_data();
    void editAndRepredict();
    void sweep10000Points();
    void streamed17MillionPointSweep();
};

void BenchExplore::editAndRepredict_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("depth");
    QTest::addColumn<qint64>("sequence");
    QTest::addColumn<QString>("layer");
    QTest::addColumn<qint64>("widthA");
    QTest::addColumn<qint64>("widthB");
    QTest::newRow("bert-base x33 layers, FFN width") << "zoo:bert-base" << 33 << qint64(128)
                                                    << "bert.encoder.layer.16/intermediate.dense" << qint64(2048) << qint64(3072);
    QTest::newRow("resnet50 x96 blocks, conv width") << "zoo:resnet50" << 96 << qint64(-1) << "layer3.5/conv1" << qint64(128)
                                                     << qint64(256);
}

void BenchExplore::editAndRepredict() {
    QFETCH(QString, source);
    QFETCH(int, depth);
    QFETCH(qint64, sequence);
    QFETCH(QString, layer);
    QFETCH(qint64, widthA);
    QFETCH(qint64, widthB);
    Knobs knobs;
    knobs.batch = 8;
    knobs.sequence = sequence;
    knobs.precision = Precision::FP16;
    auto opened = Design::open(source, knobs);
    QVERIFY(opened);
    Design design = *opened;
    QVERIFY(design.setDepth(depth));
    const Status first = design.addEdit(DesignEdit::width(layer, widthA));
    QVERIFY2(first, qPrintable(first.errorMessage()));
    auto target = Target::make(*GpuCatalogue::builtIn().find(QStringLiteral("a100-sxm4-40gb")));
    QVERIFY(target);

    constexpr int kRuns = 200;
    std::vector<double> editMs;
    std::vector<double> predictMs;
    std::vector<double> totalMs;
    double latency = 0;
    for (int i = 0; i < kRuns; ++i) {
        const qint64 t0 = threadCpuNs();
        const Status st = design.replaceEdit(design.edits().size() - 1, DesignEdit::width(layer, i % 2 == 0 ? widthB : widthA));
        const qint64 t1 = threadCpuNs();
        PredictOptions options;
        options.batch = knobs.batch;
        auto p = predict(design.graph(), *target, design.knobs(), options, design.nodePrecisions());
        const qint64 t2 = threadCpuNs();
        QVERIFY2(st, qPrintable(st.errorMessage()));
        QVERIFY(p);
        latency = p->latencyMs;
        editMs.push_back(static_cast<double>(t1 - t0) / 1e6);
        predictMs.push_back(static_cast<double>(t2 - t1) / 1e6);
        totalMs.push_back(static_cast<double>(t2 - t0) / 1e6);
    }
    std::printf("edit+re-predict %-34s %5zu nodes: edit %.2f ms + predict %.2f ms = %.2f ms median (max %.2f ms) "
                "over %d runs; predicted %.2f ms on A100 fp16\n",
                qPrintable(QString::fromLatin1(QTest::currentDataTag())), design.graph().nodes.size(), median(editMs),
                median(predictMs), median(totalMs), *std::max_element(totalMs.begin(), totalMs.end()), kRuns, latency);
    std::fflush(stdout);
}

void BenchExplore::sweep10000Points() {
    SweepSpec spec;
    spec.model = QStringLiteral("zoo:resnet50");
    spec.gpus = GpuCatalogue::builtIn().ids();
    spec.migProfiles = {QStringLiteral("none"), QStringLiteral("all")};
    spec.batches = {1, 8, 32, 64, 128};
    spec.images = {160, 192, 224, 256, 288};
    spec.precisions = {Precision::FP32, Precision::TF32, Precision::FP16, Precision::BF16, Precision::INT8};
    auto plan = SweepPlan::make(spec, GpuCatalogue::builtIn());
    QVERIFY2(plan, qPrintable(plan ? QString() : plan.errorMessage()));
    QElapsedTimer wall;
    wall.start();
    const qint64 t0 = threadCpuNs();
    auto table = runSweep(*plan, enginePredictor(), {});
    const qint64 t1 = threadCpuNs();
    const qint64 wallMs = wall.elapsed();
    QVERIFY2(table, qPrintable(table ? QString() : table.errorMessage()));
    int predicted = 0;
    for (const SweepRow &r : table->rows) {
        predicted += r.ok ? 1 : 0;
    }
    std::printf("sweep zoo:resnet50: %lld points (%zu targets, %d predicted, %lld precision errors) in %.0f ms CPU "
                "(%lld ms wall) = %.1f us/point, one thread\n",
                static_cast<long long>(plan->size()), plan->targets().size(), predicted,
                static_cast<long long>(plan->size() - predicted), static_cast<double>(t1 - t0) / 1e6,
                static_cast<long long>(wallMs), static_cast<double>(t1 - t0) / 1e3 / static_cast<double>(plan->size()));
    std::fflush(stdout);
    QVERIFY(plan->size() >= 10000);
    QVERIFY(predicted > plan->size() / 2);

    // The explorer's own share: the same sweep with a predictor that does nothing (graph variants,
    // row bookkeeping, targets).
    const PointPredictor noop = [](const Graph &, const Knobs &, const NodePrecisions &, const Target &) -> Result<PointEstimate> {
        return PointEstimate{1.0, 0.9, 1.1, 0.1, 1e6};
    };
    const qint64 t2 = threadCpuNs();
    auto bookkeeping = runSweep(*plan, noop, {});
    const qint64 t3 = threadCpuNs();
    QVERIFY(bookkeeping);
    std::printf("  of which the explorer itself (no-op predictor): %.0f ms CPU = %.1f us/point; the predictor: %.1f us/point\n",
                static_cast<double>(t3 - t2) / 1e6, static_cast<double>(t3 - t2) / 1e3 / static_cast<double>(plan->size()),
                static_cast<double>((t1 - t0) - (t3 - t2)) / 1e3 / static_cast<double>(plan->size()));
    std::fflush(stdout);
}

void BenchExplore::streamed17MillionPointSweep() {
    const QString gpus = GpuCatalogue::builtIn().ids().join(QLatin1Char(','));
    const QStringList arguments{QStringLiteral("sweep"), QStringLiteral("zoo:resnet18"), QStringLiteral("--gpus"), gpus,
                                QStringLiteral("--mig"), QStringLiteral("none,all"), QStringLiteral("--batch"), QStringLiteral("1:1024"),
                                QStringLiteral("--image"), QStringLiteral("32:860:+4"), QStringLiteral("--csv"), QStringLiteral("--yes")};
    const QString binary = QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli");
    QVERIFY2(QFile::exists(binary), qPrintable(binary + QStringLiteral(" not built")));
    QProcess counter;
    counter.start(binary, arguments + QStringList{QStringLiteral("--count")});
    QVERIFY(counter.waitForFinished(60000));
    const QByteArray countLine = counter.readAllStandardOutput();
    const qint64 points = countLine.left(countLine.indexOf(' ')).toLongLong();
    QVERIFY2(points > 17'000'000, countLine.constData());

    QProcess process;
    process.setProcessChannelMode(QProcess::SeparateChannels);
    QElapsedTimer wall;
    wall.start();
    process.start(binary, arguments);
    QVERIFY(process.waitForStarted());
    qint64 firstRowMs = -1;
    qint64 bytes = 0;
    qint64 lines = 0;
    std::pair<double, double> at10{0, 0};
    std::pair<double, double> at30{0, 0};
    while (wall.elapsed() < 30000 && process.state() == QProcess::Running) {
        process.waitForReadyRead(200);
        const QByteArray chunk = process.readAllStandardOutput();
        bytes += chunk.size();
        lines += chunk.count('\n');
        if (firstRowMs < 0 && lines >= 2) {
            firstRowMs = wall.elapsed();
        }
        if (at10.first == 0 && wall.elapsed() >= 10000) {
            at10 = residentMb(process.processId());
        }
    }
    at30 = residentMb(process.processId());
    const qint64 elapsedMs = wall.elapsed();
    const bool running = process.state() == QProcess::Running;
    process.kill();
    process.waitForFinished();
    QVERIFY2(running, process.readAllStandardError().constData());
    QVERIFY2(firstRowMs >= 0, "no row on stdout in 30 s");
    const double rowsPerSecond = static_cast<double>(lines - 1) * 1000.0 / static_cast<double>(elapsedMs - firstRowMs);
    std::printf("BENCH streamed sweep of %lld points (zoo:resnet18, %s): first row after %lld ms, %lld rows (%.1f MB) in %.1f s "
                "= %.0f rows/s after the first; RSS %.1f MB (peak %.1f MB) at 10 s, %.1f MB (peak %.1f MB) at 30 s; "
                "all points would take %.1f h\n",
                static_cast<long long>(points), "every GPU whole + MIG x batch 1..1024 x image 32..860:+4", static_cast<long long>(firstRowMs),
                static_cast<long long>(lines - 1), static_cast<double>(bytes) / 1e6, static_cast<double>(elapsedMs) / 1000.0, rowsPerSecond,
                at10.first, at10.second, at30.first, at30.second, static_cast<double>(points) / rowsPerSecond / 3600.0);
    std::fflush(stdout);
}

QTEST_GUILESS_MAIN(BenchExplore)
#include "bench_explore.moc"
