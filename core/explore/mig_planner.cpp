// SPDX-License-Identifier: MIT
#include "explore/mig_planner.h"

#include "hardware/target.h"

#include <QRegularExpression>

#include <cmath>

namespace infersight {

double nominalProfileGib(const QString &profile) {
    static const QRegularExpression re(QStringLiteral("^\\d+g\\.(\\d+(?:\\.\\d+)?)gb"), QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(profile);
    return m.hasMatch() ? m.captured(1).toDouble() : 0.0;
}

namespace {

void predictOption(MigOption &o, const Target &target, const Graph &graph, const Knobs &knobs, const NodePrecisions &precisions,
                   const PointPredictor &predictor, const MigPlannerOptions &options) {
    o.usableMib = target.memoryMib();
    o.budgetMib = o.usableMib * (1.0 - options.headroom);
    o.sms = target.sms();
    auto estimate = predictor(graph, knobs, precisions, target);
    if (!estimate) {
        o.error = estimate.errorMessage();
        return;
    }
    o.ok = true;
    o.memoryMib = estimate->memoryBytes / (1024.0 * 1024.0);
    o.fits = o.memoryMib <= o.budgetMib;
    o.latencyMs = estimate->latencyMs;
    o.latencyLowMs = estimate->latencyLowMs;
    o.latencyHighMs = estimate->latencyHighMs;
    const double batch = static_cast<double>(std::max<std::int64_t>(1, knobs.batch));
    o.throughputPerInstance = o.latencyMs > 0 ? batch * 1000.0 / o.latencyMs : 0.0;
    o.throughputPerGpu = o.throughputPerInstance * o.replicas;
    o.energyJ = estimate->energyJ / batch;
    o.meetsSlo = !options.sloMs || o.latencyMs <= *options.sloMs;
}

// Smallest first: compute slices (MPS: share), then usable memory, then more replicas.
bool smaller(const MigOption &a, const MigOption &b) {
    const double sa = a.kind == MigOption::Kind::Mig ? a.computeSlices : a.mpsPercent;
    const double sb = b.kind == MigOption::Kind::Mig ? b.computeSlices : b.mpsPercent;
    if (sa != sb) {
        return sa < sb;
    }
    if (a.usableMib != b.usableMib) {
        return a.usableMib < b.usableMib;
    }
    return a.replicas > b.replicas;
}

int pick(const std::vector<MigOption> &options, const MigPlannerOptions &planner, QString *reason) {
    int best = -1;
    for (std::size_t i = 0; i < options.size(); ++i) {
        const MigOption &o = options[i];
        if (!o.ok || !o.fits || o.mediaExtensions || !o.meetsSlo) {
            continue;
        }
        if (best < 0) {
            best = static_cast<int>(i);
            continue;
        }
        const MigOption &b = options[static_cast<std::size_t>(best)];
        if (planner.sloMs ? smaller(o, b) : (o.throughputPerGpu > b.throughputPerGpu ||
                                             (o.throughputPerGpu == b.throughputPerGpu && smaller(o, b)))) {
            best = static_cast<int>(i);
        }
    }
    if (!reason) {
        return best;
    }
    const QString headroom = QStringLiteral("%1 %").arg(planner.headroom * 100.0, 0, 'g', 3);
    if (best >= 0) {
        const MigOption &b = options[static_cast<std::size_t>(best)];
        *reason = planner.sloMs
                      ? QStringLiteral("%1 is the smallest option that fits with %2 headroom (%3 of %4 MiB) and meets the %5 ms SLO "
                                       "(%6 ms)")
                            .arg(b.label, headroom)
                            .arg(b.memoryMib, 0, 'f', 0)
                            .arg(b.budgetMib, 0, 'f', 0)
                            .arg(*planner.sloMs)
                            .arg(b.latencyMs, 0, 'g', 4)
                      : QStringLiteral("%1 gives the highest throughput per GPU among the options that fit with %2 headroom "
                                       "(%3 x %4/s = %5/s)")
                            .arg(b.label, headroom)
                            .arg(b.replicas)
                            .arg(b.throughputPerInstance, 0, 'f', 1)
                            .arg(b.throughputPerGpu, 0, 'f', 1);
        return best;
    }
    bool anyFits = false;
    int fastest = -1;
    for (std::size_t i = 0; i < options.size(); ++i) {
        const MigOption &o = options[i];
        if (o.ok && o.fits) {
            anyFits = true;
            if (fastest < 0 || o.latencyMs < options[static_cast<std::size_t>(fastest)].latencyMs) {
                fastest = static_cast<int>(i);
            }
        }
    }
    if (options.empty()) {
        *reason = QStringLiteral("no options");
    } else if (!anyFits) {
        double need = 0;
        for (const MigOption &o : options) {
            need = std::max(need, o.memoryMib);
        }
        *reason = QStringLiteral("no option fits: the model needs %1 MiB with %2 headroom kept free").arg(need, 0, 'f', 0).arg(headroom);
    } else {
        const MigOption &f = options[static_cast<std::size_t>(fastest)];
        *reason = QStringLiteral("no option that fits meets the %1 ms SLO; the fastest that fits is %2 at %3 ms")
                      .arg(*planner.sloMs)
                      .arg(f.label)
                      .arg(f.latencyMs, 0, 'g', 4);
    }
    return -1;
}

}  // namespace

Result<MigPlan> planMig(const Graph &graph, const Knobs &knobs, const NodePrecisions &nodePrecisions, const GpuSpec &gpu,
                        const PointPredictor &predictor, const MigPlannerOptions &options) {
    if (!(options.headroom >= 0.0) || options.headroom >= 1.0) {
        return Error{QStringLiteral("the memory headroom must be in [0, 1) (got %1)").arg(options.headroom)};
    }
    if (options.sloMs && !(*options.sloMs > 0.0)) {
        return Error{QStringLiteral("the latency SLO must be a positive number of milliseconds (got %1)").arg(*options.sloMs)};
    }
    MigPlan plan;
    plan.gpu = gpu.id;
    plan.gpuLabel = gpu.label();
    if (options.host) {
        plan.host = *options.host;
    } else if (auto whole = Target::make(gpu)) {
        plan.host = whole->host();
    }
    plan.knobs = knobs;
    plan.sloMs = options.sloMs;
    plan.headroom = options.headroom;
    for (const MigProfile &p : gpu.mig) {
        MigOption o;
        o.kind = MigOption::Kind::Mig;
        o.profile = p.name;
        o.label = QStringLiteral("MIG %1").arg(p.name);
        o.computeSlices = p.computeSlices;
        o.mediaExtensions = p.mediaExtensions;
        o.replicas = p.maxInstances;
        o.nominalGib = nominalProfileGib(p.name);
        auto target = Target::make(gpu, p.name);
        if (target) {
            target->setHost(plan.host);
        }
        if (!target) {
            o.error = target.errorMessage();
        } else {
            predictOption(o, *target, graph, knobs, nodePrecisions, predictor, options);
        }
        plan.options.push_back(std::move(o));
    }
    for (double share : options.mpsShares) {
        MigOption o;
        o.kind = MigOption::Kind::Mps;
        o.profile = QStringLiteral("mps-%1").arg(share);
        o.label = QStringLiteral("MPS %1 %").arg(share);
        o.mpsPercent = share;
        o.replicas = share > 0 ? static_cast<int>(std::floor(100.0 / share + 1e-9)) : 0;
        auto target = Target::make(gpu, {}, share);
        if (target) {
            target->setHost(plan.host);
        }
        if (!target) {
            o.error = target.errorMessage();
        } else {
            predictOption(o, *target, graph, knobs, nodePrecisions, predictor, options);
        }
        plan.mpsOptions.push_back(std::move(o));
    }

    if (plan.options.empty()) {
        plan.reason = QStringLiteral("%1 has no MIG profiles; see the MPS options").arg(gpu.label());
    } else {
        plan.recommended = pick(plan.options, options, &plan.reason);
    }
    plan.recommendedMps = pick(plan.mpsOptions, options, nullptr);

    // DIPPM's rule: smallest nominal memory >= predicted memory; no headroom, no latency.
    double predicted = 0;
    for (const MigOption &o : plan.options) {
        if (o.ok) {
            predicted = std::max(predicted, o.memoryMib);
        }
    }
    for (std::size_t i = 0; i < plan.options.size(); ++i) {
        const MigOption &o = plan.options[i];
        if (o.mediaExtensions || o.nominalGib <= 0 || o.nominalGib * 1024.0 < predicted) {
            continue;
        }
        if (plan.dippm < 0) {
            plan.dippm = static_cast<int>(i);
            continue;
        }
        const MigOption &d = plan.options[static_cast<std::size_t>(plan.dippm)];
        if (o.nominalGib < d.nominalGib || (o.nominalGib == d.nominalGib && o.computeSlices < d.computeSlices)) {
            plan.dippm = static_cast<int>(i);
        }
    }
    if (plan.options.empty()) {
        plan.dippmNote = QStringLiteral("DIPPM's rule needs MIG profiles");
    } else if (plan.dippm < 0) {
        plan.dippmNote = QStringLiteral("DIPPM's rule finds no profile: the predicted %1 MiB exceed every profile's nominal memory")
                             .arg(predicted, 0, 'f', 0);
    } else {
        const MigOption &d = plan.options[static_cast<std::size_t>(plan.dippm)];
        QStringList problems;
        if (d.ok && d.memoryMib > d.usableMib) {
            problems << QStringLiteral("it does not fit: the model needs %1 MiB and %2 has %3 MiB usable (its name says %4 GB)")
                            .arg(d.memoryMib, 0, 'f', 0)
                            .arg(d.profile)
                            .arg(d.usableMib, 0, 'f', 0)
                            .arg(d.nominalGib);
        } else if (d.ok && !d.fits) {
            problems << QStringLiteral("it leaves less than the %1 % headroom: %2 of %3 MiB usable")
                            .arg(options.headroom * 100.0, 0, 'g', 3)
                            .arg(d.memoryMib, 0, 'f', 0)
                            .arg(d.usableMib, 0, 'f', 0);
        }
        if (d.ok && options.sloMs && !d.meetsSlo) {
            problems << QStringLiteral("it misses the %1 ms SLO (%2 ms)").arg(*options.sloMs).arg(d.latencyMs, 0, 'g', 4);
        }
        if (!problems.isEmpty()) {
            plan.dippmNote = QStringLiteral("DIPPM's rule picks %1, but %2").arg(d.profile, problems.join(QStringLiteral("; and ")));
        } else if (plan.dippm == plan.recommended) {
            plan.dippmNote = QStringLiteral("DIPPM's rule picks %1 too").arg(d.profile);
        } else {
            plan.dippmNote = QStringLiteral("DIPPM's rule picks %1 (memory only)").arg(d.profile);
        }
    }
    return plan;
}

}  // namespace infersight
