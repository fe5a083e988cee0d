// SPDX-License-Identifier: MIT
#include "report/gpu_report.h"

#include <QJsonArray>

#include <cmath>
#include <functional>
#include <optional>
#include <vector>

namespace infersight {

namespace {

QJsonValue optionalNumber(const std::optional<double> &v, int decimals = 3) {
    if (!v) {
        return QJsonValue();
    }
    const double scale = std::pow(10.0, decimals);
    return std::round(*v * scale) / scale;
}

QJsonObject peaksJson(const std::function<std::optional<double>(ComputeType)> &peak) {
    QJsonObject o;
    for (ComputeType type : kAllComputeTypes) {
        o.insert(computeTypeName(type), optionalNumber(peak(type)));
    }
    return o;
}

}  // namespace

QJsonObject gpuSummaryJson(const GpuSpec &gpu) {
    QJsonObject o;
    o.insert(QStringLiteral("id"), gpu.id);
    o.insert(QStringLiteral("name"), gpu.name);
    o.insert(QStringLiteral("short_name"), gpu.shortName);
    o.insert(QStringLiteral("device_name"), gpu.deviceName.isEmpty() ? QJsonValue() : QJsonValue(gpu.deviceName));
    o.insert(QStringLiteral("architecture"), gpu.architecture);
    o.insert(QStringLiteral("chip"), gpu.chip);
    o.insert(QStringLiteral("compute_capability"), gpu.computeCapability());
    o.insert(QStringLiteral("sms"), gpu.sms);
    o.insert(QStringLiteral("cuda_cores"), gpu.cudaCores);
    o.insert(QStringLiteral("boost_clock_mhz"), gpu.boostClockMhz);
    o.insert(QStringLiteral("tensor_clock_mhz"), optionalNumber(gpu.tensorClock()));
    o.insert(QStringLiteral("memory_gb"), gpu.memoryGb);
    o.insert(QStringLiteral("memory_mib"), gpu.usableMemoryMib());
    o.insert(QStringLiteral("memory_mib_known"), gpu.usableMemoryKnown());
    o.insert(QStringLiteral("memory_type"), gpu.memoryType);
    o.insert(QStringLiteral("bandwidth_gbps"), gpu.bandwidthGBps);
    o.insert(QStringLiteral("l2_mb"), gpu.l2Mb);
    o.insert(QStringLiteral("shared_mem_per_sm_kb"), gpu.sharedMemPerSmKb);
    o.insert(QStringLiteral("tdp_w"), gpu.tdpW);
    o.insert(QStringLiteral("idle_w"), gpu.idleW);
    o.insert(QStringLiteral("idle_estimated"), gpu.idleEstimated);
    QJsonObject peaks = peaksJson([&gpu](ComputeType t) { return gpu.peak.of(t); });
    peaks.insert(QStringLiteral("fp16_non_tensor"), optionalNumber(gpu.peak.fp16NonTensor));
    o.insert(QStringLiteral("peak_tflops"), peaks);
    o.insert(QStringLiteral("host_link"), gpu.hostLink);
    o.insert(QStringLiteral("pcie_gbps"), gpu.pcieGBps);
    o.insert(QStringLiteral("nvlink_gbps"), gpu.nvlinkGBps);
    QJsonArray mig;
    for (const auto &p : gpu.mig) {
        QJsonObject po;
        po.insert(QStringLiteral("profile"), p.name);
        po.insert(QStringLiteral("sms"), p.sms);
        po.insert(QStringLiteral("memory_mb"), p.memoryMib);  // usable MiB, as nvidia-smi reports it
        po.insert(QStringLiteral("bandwidth_fraction"), p.bandwidthFraction);
        po.insert(QStringLiteral("l2_fraction"), p.l2Fraction);
        po.insert(QStringLiteral("compute_slices"), p.computeSlices);
        po.insert(QStringLiteral("memory_slices"), p.memorySlices);
        po.insert(QStringLiteral("copy_engines"), p.copyEngines);
        po.insert(QStringLiteral("max_instances"), p.maxInstances);
        po.insert(QStringLiteral("media_extensions"), p.mediaExtensions);
        po.insert(QStringLiteral("derived"), p.derived);
        mig.append(po);
    }
    o.insert(QStringLiteral("mig"), mig);
    o.insert(QStringLiteral("custom"), gpu.custom);
    if (gpu.custom) {
        o.insert(QStringLiteral("base"), gpu.base.isEmpty() ? QJsonValue() : QJsonValue(gpu.base));
        o.insert(QStringLiteral("file"), gpu.file);
    }
    return o;
}

QJsonArray gpuListJson(const GpuCatalogue &catalogue) {
    QJsonArray array;
    for (const GpuSpec &gpu : catalogue.gpus()) {
        array.append(gpuSummaryJson(gpu));
    }
    return array;
}

QJsonObject targetJson(const Target &t) {
    QJsonObject o;
    o.insert(QStringLiteral("target"), t.label());
    o.insert(QStringLiteral("key"), t.key());
    o.insert(QStringLiteral("gpu"), t.gpu().id);
    o.insert(QStringLiteral("host"), t.host().id);
    o.insert(QStringLiteral("host_calibration"), hostCalibrationName(t.host().calibration));
    switch (t.kind()) {
    case Target::Kind::WholeGpu: o.insert(QStringLiteral("kind"), QStringLiteral("gpu")); break;
    case Target::Kind::MigInstance:
        o.insert(QStringLiteral("kind"), QStringLiteral("mig"));
        o.insert(QStringLiteral("mig_profile"), t.migProfile()->name);
        o.insert(QStringLiteral("copy_engines"), t.copyEngines());
        break;
    case Target::Kind::MpsShare:
        o.insert(QStringLiteral("kind"), QStringLiteral("mps"));
        o.insert(QStringLiteral("mps_percent"), *t.mpsPercent());
        o.insert(QStringLiteral("mps_co_runners"), t.mpsCoRunners());
        break;
    }
    o.insert(QStringLiteral("sms"), t.sms());
    o.insert(QStringLiteral("sm_fraction"), optionalNumber(t.smFraction(), 6));
    o.insert(QStringLiteral("bandwidth_gbps"), optionalNumber(t.bandwidthGBps()));
    o.insert(QStringLiteral("bandwidth_fraction"), optionalNumber(t.bandwidthFraction(), 6));
    o.insert(QStringLiteral("l2_mb"), optionalNumber(t.l2Bytes() / (1024.0 * 1024.0)));
    o.insert(QStringLiteral("memory_mib"), optionalNumber(t.memoryMib(), 1));
    o.insert(QStringLiteral("clock_mhz"), t.clockMhz());
    o.insert(QStringLiteral("tensor_clock_mhz"), optionalNumber(t.tensorClockMhz()));
    o.insert(QStringLiteral("peak_tflops"), peaksJson([&t](ComputeType type) { return t.peak(type); }));
    o.insert(QStringLiteral("tdp_w"), optionalNumber(t.tdpW(), 1));
    o.insert(QStringLiteral("idle_w"), optionalNumber(t.idleW(), 1));
    return o;
}

namespace {

QString cell(const QString &text, int width, bool right = true) {
    return right ? text.rightJustified(width) : text.leftJustified(width);
}

QString elided(const QString &text, int width) {
    return text.size() <= width ? text : text.left(width - 1) + QChar(0x2026);
}

QString number(double v, int decimals = 1) {
    if (std::abs(v - std::round(v)) < 1e-9) {
        return QString::number(static_cast<qint64>(std::llround(v)));
    }
    return QString::number(v, 'f', decimals);
}

QString peakCell(const std::optional<double> &v) {
    return v ? number(*v) : QStringLiteral("-");
}

}  // namespace

QString gpuTable(const GpuCatalogue &catalogue, bool withProfiles) {
    QString out;
    const QStringList header = {QStringLiteral("ID"), QStringLiteral("NAME"), QStringLiteral("ARCH"), QStringLiteral("SMS"),
                                QStringLiteral("MEM GB"), QStringLiteral("BW GB/s"), QStringLiteral("L2 MB"),
                                QStringLiteral("FP32"), QStringLiteral("TF32"), QStringLiteral("FP16"), QStringLiteral("BF16"),
                                QStringLiteral("INT8"), QStringLiteral("FP8"), QStringLiteral("TDP W"), QStringLiteral("IDLE W"),
                                QStringLiteral("MIG")};
    const int widths[] = {-17, -24, -13, 4, 7, 8, 6, 6, 6, 7, 7, 7, 7, 6, 7, 4};
    std::vector<QStringList> rows;
    rows.push_back(header);
    bool anyCustom = false;
    bool anyEstimated = false;
    for (const auto &gpu : catalogue.gpus()) {
        anyCustom |= gpu.custom;
        anyEstimated |= gpu.idleEstimated;
        rows.push_back({gpu.id + (gpu.custom ? QStringLiteral(" *") : QString()), elided(gpu.label(), 24),
                        elided(gpu.architecture, 13),
                        QString::number(gpu.sms), number(gpu.memoryGb), number(gpu.bandwidthGBps), number(gpu.l2Mb),
                        peakCell(gpu.peak.fp32), peakCell(gpu.peak.tf32), peakCell(gpu.peak.fp16), peakCell(gpu.peak.bf16),
                        peakCell(gpu.peak.int8), peakCell(gpu.peak.fp8), number(gpu.tdpW),
                        (gpu.idleEstimated ? QStringLiteral("~") : QString()) + number(gpu.idleW),
                        gpu.supportsMig() ? QString::number(gpu.mig.size()) : QStringLiteral("-")});
    }
    for (const auto &row : rows) {
        QStringList cells;
        for (int i = 0; i < row.size(); ++i) {
            const int w = widths[i];
            cells << cell(row.at(i), std::abs(w), w > 0);
        }
        out += cells.join(QStringLiteral(" ")).trimmed() + QLatin1Char('\n');
    }
    out += QStringLiteral("\nPeaks are dense TFLOPS (TOPS for INT8); '-' = the GPU has no such path. MIG = number of profiles "
                          "(--profiles lists them).\n");
    if (anyEstimated) {
        out += QStringLiteral("~ idle power estimated as 15 % of TDP (no measurement found; docs/hardware.md).\n");
    }
    if (anyCustom) {
        out += QStringLiteral("* user GPU (%1 or --gpu-file).\n").arg(GpuCatalogue::userGpuDirectory());
    }
    if (withProfiles) {
        for (const auto &gpu : catalogue.gpus()) {
            if (!gpu.supportsMig()) {
                continue;
            }
            out += QStringLiteral("\n%1 MIG profiles (%2 compute / %3 memory slices)\n")
                       .arg(gpu.label()).arg(gpu.mig.front().computeSliceCount).arg(gpu.mig.front().memorySliceCount);
            out += QStringLiteral("  %1 %2 %3 %4 %5 %6 %7\n")
                       .arg(cell(QStringLiteral("PROFILE"), 12, false), cell(QStringLiteral("SMS"), 4),
                            cell(QStringLiteral("MEM MiB"), 8), cell(QStringLiteral("BW"), 6), cell(QStringLiteral("CE"), 3),
                            cell(QStringLiteral("MAX"), 4), QStringLiteral("NOTE"));
            for (const auto &p : gpu.mig) {
                const QString row = QStringLiteral("  %1 %2 %3 %4 %5 %6 %7")
                                        .arg(cell(p.name, 12, false), cell(QString::number(p.sms), 4),
                                             cell(number(p.memoryMib), 8),
                                             cell(QStringLiteral("%1/%2").arg(p.memorySlices).arg(p.memorySliceCount), 6),
                                             cell(QString::number(p.copyEngines), 3), cell(QString::number(p.maxInstances), 4),
                                             p.derived ? QStringLiteral("derived") : QString());
                out += row.trimmed().prepend(QStringLiteral("  ")) + QLatin1Char('\n');
            }
        }
    }
    return out;
}

QString targetText(const Target &t) {
    QString out;
    auto line = [&out](const QString &key, const QString &value) {
        out += QStringLiteral("%1 %2\n").arg(cell(key + QLatin1Char(':'), 18, false), value);
    };
    line(QStringLiteral("Target"), t.label());
    line(QStringLiteral("GPU"), QStringLiteral("%1 (%2)").arg(t.gpu().name, t.gpu().id));
    line(QStringLiteral("Host"), QStringLiteral("%1 (%2, %3)")
                                     .arg(t.host().name, t.host().id, hostCalibrationName(t.host().calibration)));
    line(QStringLiteral("SMs"), QStringLiteral("%1 of %2").arg(t.sms()).arg(t.gpu().sms));
    line(QStringLiteral("Bandwidth"), QStringLiteral("%1 GB/s (%2 % of the GPU)")
                                          .arg(number(t.bandwidthGBps()), number(100.0 * t.bandwidthFraction(), 1)));
    line(QStringLiteral("L2"), QStringLiteral("%1 MiB").arg(number(t.l2Bytes() / (1024.0 * 1024.0), 2)));
    line(QStringLiteral("Memory (usable)"), QStringLiteral("%1 MiB").arg(number(t.memoryMib(), 0)));
    const std::optional<double> tensorClock = t.tensorClockMhz();
    line(QStringLiteral("Clock"), tensorClock ? QStringLiteral("%1 MHz (tensor %2 MHz)").arg(number(t.clockMhz()), number(*tensorClock))
                                              : QStringLiteral("%1 MHz (no tensor cores)").arg(number(t.clockMhz())));
    QStringList peaks;
    for (ComputeType type : kAllComputeTypes) {
        const auto p = t.peak(type);
        peaks << QStringLiteral("%1 %2").arg(computeTypeName(type), p ? number(*p, 1) : QStringLiteral("-"));
    }
    line(QStringLiteral("Peak TFLOPS"), peaks.join(QStringLiteral(", ")));
    line(QStringLiteral("Power envelope"), QStringLiteral("idle %1 W, max %2 W").arg(number(t.idleW(), 1), number(t.tdpW(), 1)));
    if (t.kind() == Target::Kind::MigInstance) {
        line(QStringLiteral("Copy engines"), QString::number(t.copyEngines()));
    }
    return out;
}

}  // namespace infersight
