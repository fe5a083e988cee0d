// SPDX-License-Identifier: MIT
#include "report/prediction_report.h"

#include "predict/uncertainty.h"

#include "report/host_report.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace infersight {

namespace {

double round4(double v) { return std::round(v * 1e4) / 1e4; }
double round2(double v) { return std::round(v * 100.0) / 100.0; }

QJsonValue nullableInt(std::int64_t v) { return v > 0 ? QJsonValue(static_cast<qint64>(v)) : QJsonValue(); }

QString fmtMs(double ms) {
    if (ms >= 100) {
        return QString::number(ms, 'f', 1);
    }
    if (ms >= 1) {
        return QString::number(ms, 'f', 2);
    }
    return QString::number(ms, 'f', 3);
}

QString elide(const QString &s, int width) {
    if (s.size() <= width) {
        return s;
    }
    const int half = (width - 1) / 2;
    return s.left(half) + QStringLiteral("…") + s.right(width - half - 1);
}

}  // namespace

QJsonObject predictionJson(const Graph &graph, const Prediction &p, const Target &target, const Knobs &knobs,
                           const ShapeBindings &bindings, const PredictionReportOptions &options) {
    QJsonObject root;
    root[QStringLiteral("model")] = QJsonObject{{QStringLiteral("name"), graph.name},
                                                {QStringLiteral("source"), graph.sourcePath}};
    QJsonObject t;
    t[QStringLiteral("gpu")] = target.gpu().id;
    t[QStringLiteral("mig")] = target.migProfile() ? QJsonValue(target.migProfile()->name) : QJsonValue();
    t[QStringLiteral("mps")] = target.mpsPercent() ? QJsonValue(*target.mpsPercent()) : QJsonValue();
    t[QStringLiteral("label")] = target.label();
    t[QStringLiteral("key")] = target.key();
    t[QStringLiteral("sms")] = target.sms();
    t[QStringLiteral("bandwidth_gbps")] = round2(target.bandwidthGBps());
    t[QStringLiteral("memory_mb")] = round2(target.memoryMib());
    root[QStringLiteral("target")] = t;
    // The host system and how its speed is known (docs/predictor.md "Host systems").
    QJsonObject host;
    host[QStringLiteral("id")] = target.host().id;
    host[QStringLiteral("name")] = target.host().name;
    host[QStringLiteral("cpu")] = target.host().cpu;
    host[QStringLiteral("calibration")] = hostCalibrationName(target.host().calibration);
    host[QStringLiteral("time_scale")] = p.hostTimeScale;
    host[QStringLiteral("band_low")] = target.host().bandLow;
    host[QStringLiteral("band_high")] = target.host().bandHigh;
    host[QStringLiteral("note")] = target.host().calibrationNote;
    root[QStringLiteral("host")] = host;
    root[QStringLiteral("knobs")] = QJsonObject{
        {QStringLiteral("batch"), static_cast<qint64>(p.batch)},
        {QStringLiteral("sequence"), nullableInt(bindings.sequence)},
        {QStringLiteral("height"), nullableInt(bindings.height)},
        {QStringLiteral("width"), nullableInt(bindings.width)},
        {QStringLiteral("precision"), precisionName(knobs.precision)},
        {QStringLiteral("runtime"), runtimeName(knobs.runtime)},
        {QStringLiteral("phase"), decoderPhaseName(knobs.phase)},
        {QStringLiteral("context"), nullableInt(knobs.phase == DecoderPhase::Decode ? knobs.context : -1)}};
    root[QStringLiteral("latency_ms")] = round4(p.latencyMs);
    root[QStringLiteral("latency_band_ms")] = QJsonArray{round4(p.bandLowMs), round4(p.bandHighMs)};
    root[QStringLiteral("band_coverage")] = 0.8;
    root[QStringLiteral("throughput_per_s")] = round2(p.throughputPerS);
    root[QStringLiteral("energy_j")] = round4(p.energyJ);
    root[QStringLiteral("avg_power_w")] = round2(p.avgPowerW);
    root[QStringLiteral("gpu_busy_ms")] = round4(p.gpuBusyMs);
    root[QStringLiteral("host_ms")] = round4(p.hostMs);
    root[QStringLiteral("host_wait_ms")] = round4(p.hostWaitMs);
    root[QStringLiteral("overhead_ms")] = round4(p.overheadMs);
    QJsonObject byClass;
    for (int c = 0; c < kBandClassCount; ++c) {
        byClass[bandClassName(c)] = round4(p.classMs[static_cast<std::size_t>(c)]);
    }
    root[QStringLiteral("time_by_class_ms")] = byClass;
    root[QStringLiteral("memory_mb")] = memoryToJson(p.memory);
    root[QStringLiteral("fits")] = p.memory.fits;
    root[QStringLiteral("kernel_count")] = p.kernelCount;
    root[QStringLiteral("host_ops")] = p.hostOps;
    root[QStringLiteral("layout_kernels")] = p.layoutKernels;
    root[QStringLiteral("extrapolated")] = p.extrapolated;
    if (!p.extrapolation.isEmpty()) {
        // The GPU generation or the precision is outside the measured data (band widened).
        root[QStringLiteral("extrapolation")] = p.extrapolation;
    }
    if (!p.calibration.isEmpty()) {
        root[QStringLiteral("calibration")] = p.calibration;  // a same-chip sibling's kernel calibration
    }
    QJsonArray nodes;
    for (std::size_t i = 0; i < p.nodes.size() && i < graph.nodes.size(); ++i) {
        const NodeTiming &nt = p.nodes[i];
        if (nt.kernels == 0 && nt.latencyMs <= 0 && nt.fusedInto < 0 && nt.hostMs <= 0) {
            continue;
        }
        const Node &n = graph.nodes[i];
        QJsonObject o;
        o[QStringLiteral("name")] = n.name;
        o[QStringLiteral("op")] = n.qualifiedOp();
        o[QStringLiteral("latency_ms")] = round4(nt.latencyMs);
        o[QStringLiteral("gpu_ms")] = round4(nt.gpuMs);
        o[QStringLiteral("wait_ms")] = round4(nt.waitMs);
        o[QStringLiteral("band_ms")] = QJsonArray{round4(nt.bandLowMs), round4(nt.bandHighMs)};
        o[QStringLiteral("bound")] = boundName(nt.bound);
        o[QStringLiteral("kernels")] = nt.kernels;
        o[QStringLiteral("energy_j")] = round4(nt.energyJ);
        o[QStringLiteral("fused_into")] = nt.fusedInto >= 0 && static_cast<std::size_t>(nt.fusedInto) < graph.nodes.size()
                                              ? QJsonValue(graph.nodes[static_cast<std::size_t>(nt.fusedInto)].name)
                                              : QJsonValue();
        nodes.append(o);
    }
    root[QStringLiteral("nodes")] = nodes;
    if (options.kernels) {
        QJsonArray kernels;
        for (const KernelTiming &k : p.kernels) {
            kernels.append(QJsonObject{
                {QStringLiteral("node"), k.node >= 0 ? graph.nodes[static_cast<std::size_t>(k.node)].name : QString()},
                {QStringLiteral("class"), kernelClassName(k.kind)},
                {QStringLiteral("role"), kernelRoleName(k.role)},
                {QStringLiteral("compute"), computeTypeName(k.compute)},
                {QStringLiteral("start_ms"), round4(k.startMs)},
                {QStringLiteral("gpu_ms"), round4(k.gpuMs)},
                {QStringLiteral("wait_ms"), round4(k.waitMs)},
                {QStringLiteral("bound"), boundName(k.bound)},
                {QStringLiteral("band_ms"), QJsonArray{round4(k.bandLowMs), round4(k.bandHighMs)}},
                {QStringLiteral("power_w"), round2(k.powerW)},
                {QStringLiteral("flops"), k.flops},
                {QStringLiteral("bytes"), k.bytes},
                {QStringLiteral("critical"), k.critical}});
        }
        root[QStringLiteral("kernels")] = kernels;
    }
    QJsonArray warnings;
    for (const QString &w : p.warnings) {
        warnings.append(w);
    }
    root[QStringLiteral("warnings")] = warnings;
    return root;
}

QString predictionText(const Graph &graph, const Prediction &p, const Target &target, const Knobs &knobs,
                       const ShapeBindings &bindings, const PredictionReportOptions &options) {
    QString out;
    QString input;
    if (bindings.sequence > 0) {
        input += QStringLiteral(", sequence %1").arg(bindings.sequence);
    }
    if (bindings.height > 0 && bindings.width > 0) {
        input += QStringLiteral(", image %1x%2").arg(bindings.height).arg(bindings.width);
    }
    if (knobs.phase == DecoderPhase::Decode) {
        input += QStringLiteral(", decode with %1 cached tokens").arg(knobs.context);
    }
    out += QStringLiteral("%1 on %2\n").arg(graph.name.isEmpty() ? graph.sourcePath : graph.name, target.label());
    out += QStringLiteral("  batch %1%2, %3, %4 runtime\n")
               .arg(p.batch)
               .arg(input, precisionName(knobs.precision), runtimeName(knobs.runtime));
    out += QStringLiteral("  host %1\n").arg(hostSummary(target.host()));
    out += QStringLiteral("Latency      %1 ms  (80 % band %2 .. %3 ms)\n")
               .arg(fmtMs(p.latencyMs), fmtMs(p.bandLowMs), fmtMs(p.bandHighMs));
    out += QStringLiteral("  GPU busy   %1 ms, GPU waiting for the host %2 ms, %3 kernels, %4 framework ops\n")
               .arg(fmtMs(p.gpuBusyMs), fmtMs(p.hostWaitMs))
               .arg(p.kernelCount)
               .arg(p.hostOps);
    if (p.layoutKernels > 0) {
        out += QStringLiteral("  %1 of the kernels are cuDNN's NCHW <-> NHWC transforms around FP16/BF16 convolutions "
                              "(--memory-format channels-last has none)\n")
                   .arg(p.layoutKernels);
    }
    out += QStringLiteral("Throughput   %1 samples/s\n").arg(p.throughputPerS, 0, 'f', 1);
    out += QStringLiteral("Energy       %1 J per batch, average power %2 W\n")
               .arg(p.energyJ, 0, 'f', 4)
               .arg(p.avgPowerW, 0, 'f', 1);
    const MemoryEstimate &m = p.memory;
    const double mib = 1024.0 * 1024.0;
    out += QStringLiteral("Memory       %1 MiB used on the device of %2 MiB usable: %3\n")
               .arg(m.deviceUsedBytes / mib, 0, 'f', 0)
               .arg(m.capacityBytes / mib, 0, 'f', 0)
               .arg(m.fits ? QStringLiteral("fits") : QStringLiteral("DOES NOT FIT"));
    out += QStringLiteral("  weights %1, activations %2, KV cache %3, workspace %4, context %5 MiB\n")
               .arg(m.weightsBytes / mib, 0, 'f', 1)
               .arg(m.activationsBytes / mib, 0, 'f', 1)
               .arg(m.kvCacheBytes / mib, 0, 'f', 1)
               .arg(m.workspaceBytes / mib, 0, 'f', 1)
               .arg(m.contextBytes / mib, 0, 'f', 0);
    out += QStringLiteral("  framework allocator: peak allocated %1 MiB, reserved %2 MiB\n")
               .arg(m.allocatorPeakBytes / mib, 0, 'f', 1)
               .arg(m.allocatorReservedBytes / mib, 0, 'f', 1);
    // Time by class.
    QStringList parts;
    for (int c = 0; c < kBandClassCount; ++c) {
        const double v = p.classMs[static_cast<std::size_t>(c)];
        if (v > 0) {
            parts << QStringLiteral("%1 %2").arg(bandClassName(c), fmtMs(v));
        }
    }
    out += QStringLiteral("Time by class (ms): %1\n").arg(parts.join(QStringLiteral(", ")));

    // Top nodes.
    std::vector<int> order;
    for (std::size_t i = 0; i < p.nodes.size(); ++i) {
        if (p.nodes[i].latencyMs > 0) {
            order.push_back(static_cast<int>(i));
        }
    }
    // Only the top rows are printed: select them with a partial sort (a full sort of a million-node chain costs
    // more than the rest of the report). Ties go to the lower node index, so the output is stable.
    const int rows = std::min<int>(options.topNodes, static_cast<int>(order.size()));
    std::partial_sort(order.begin(), order.begin() + std::max(0, rows), order.end(), [&](int a, int b) {
        const double la = p.nodes[static_cast<std::size_t>(a)].latencyMs;
        const double lb = p.nodes[static_cast<std::size_t>(b)].latencyMs;
        return la > lb || (la == lb && a < b);
    });
    if (rows > 0) {
        out += QStringLiteral("\nTop %1 of %2 nodes by latency:\n").arg(rows).arg(order.size());
        out += QStringLiteral("  %1 %2 %3 %4 %5 %6\n")
                   .arg(QStringLiteral("node"), -44)
                   .arg(QStringLiteral("op"), -20)
                   .arg(QStringLiteral("ms"), 9)
                   .arg(QStringLiteral("%"), 6)
                   .arg(QStringLiteral("bound"), -8)
                   .arg(QStringLiteral("kernels"), 7);
        for (int r = 0; r < rows; ++r) {
            const int i = order[static_cast<std::size_t>(r)];
            const NodeTiming &nt = p.nodes[static_cast<std::size_t>(i)];
            const Node &n = graph.nodes[static_cast<std::size_t>(i)];
            out += QStringLiteral("  %1 %2 %3 %4 %5 %6\n")
                       .arg(elide(n.name, 44), -44)
                       .arg(elide(n.qualifiedOp(), 20), -20)
                       .arg(fmtMs(nt.latencyMs), 9)
                       .arg(QString::number(100.0 * nt.latencyMs / std::max(1e-12, p.latencyMs), 'f', 1), 6)
                       .arg(boundName(nt.bound), -8)
                       .arg(nt.kernels, 7);
        }
    }
    if (!p.calibration.isEmpty()) {
        out += QStringLiteral("calibration: %1\n").arg(p.calibration);
    }
    if (!p.extrapolation.isEmpty()) {
        out += QStringLiteral("extrapolated: %1; band widened %2x\n")
                   .arg(p.extrapolation)
                   .arg(UncertaintyCalibration::builtIn().extrapolatedWidening, 0, 'f', 2);
    } else if (p.extrapolated) {
        out += QStringLiteral("extrapolated: some kernels run paths the measured data does not cover (tensor cores, "
                              "non-Winograd convolutions, classes without a fitted band); their bands are widened\n");
    }
    for (const QString &w : p.warnings) {
        out += QStringLiteral("warning: %1\n").arg(w);
    }
    return out;
}

}  // namespace infersight
