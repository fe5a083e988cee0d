// SPDX-License-Identifier: MIT
#include "explore/sweep.h"

#include "base/file_io.h"

#include "explore/pareto.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <cmath>
#include <limits>

namespace infersight {

QString SweepTarget::label() const {
    if (target) {
        return target->label();
    }
    QString l = gpu;
    if (!mig.isEmpty()) {
        l += QStringLiteral(" MIG ") + mig;
    }
    if (mps) {
        l += QStringLiteral(" MPS %1 %").arg(*mps);
    }
    return l;
}

Result<Shard> Shard::parse(const QString &text) {
    const QStringList parts = text.trimmed().split(QLatin1Char('/'));
    bool okIndex = false;
    bool okCount = false;
    Shard s;
    if (parts.size() == 2) {
        s.index = parts[0].trimmed().toInt(&okIndex);
        s.count = parts[1].trimmed().toInt(&okCount);
    }
    if (!okIndex || !okCount) {
        return Error{QStringLiteral("--shard expects I/N (shard I of N, numbered from 1), got '%1'").arg(text)};
    }
    if (s.count < 1 || s.index < 1 || s.index > s.count) {
        return Error{QStringLiteral("--shard %1: shards are numbered 1 to N (N >= 1)").arg(text)};
    }
    return s;
}

namespace {

QString modelFingerprint(const QString &source) {
    if (isZooSource(source)) {
        return {};
    }
    QFile file(source);
    if (!openRegularFile(file)) {
        return {};
    }
    QCryptographicHash hash(QCryptographicHash::Sha1);
    hash.addData(file.read(4 * 1024 * 1024));
    return QStringLiteral("%1:%2").arg(file.size()).arg(QString::fromLatin1(hash.result().toHex()));
}

template <typename T>
std::vector<T> orDefault(const std::vector<T> &list, T fallback) {
    return list.empty() ? std::vector<T>{fallback} : list;
}

}  // namespace

Result<SweepPlan> SweepPlan::make(const SweepSpec &spec, const GpuCatalogue &catalogue) {
    SweepPlan plan;
    plan.m_spec = spec;
    if (spec.model.isEmpty()) {
        return Error{QStringLiteral("no model given")};
    }
    if (spec.gpus.isEmpty() && spec.listedTargets.empty()) {
        return Error{QStringLiteral("no GPU given: list the targets with --gpus ID,ID,... (see 'infersight-cli gpus')")};
    }
    plan.m_widths = orDefault(spec.widthMultipliers, 1.0);
    plan.m_images = orDefault<std::int64_t>(spec.images, -1);
    plan.m_sequences = orDefault<std::int64_t>(spec.sequences, -1);
    plan.m_batches = orDefault<std::int64_t>(spec.batches, 1);
    plan.m_runtimes = orDefault(spec.runtimes, Runtime::Eager);
    plan.m_precisions = orDefault(spec.precisions, Precision::FP32);
    for (double w : plan.m_widths) {
        if (!(w > 0.0) || w > 16.0) {
            return Error{QStringLiteral("width multiplier %1 is out of range (0 < w <= 16)").arg(w)};
        }
    }
    for (std::int64_t b : plan.m_batches) {
        if (b < 1) {
            return Error{QStringLiteral("batch size %1 is out of range (at least 1)").arg(b)};
        }
    }
    for (const auto *list : {&spec.images, &spec.sequences}) {
        for (std::int64_t v : *list) {
            if (v < 1) {
                return Error{QStringLiteral("image sizes and sequence lengths must be at least 1 (got %1)").arg(v)};
            }
        }
    }

    QSet<QString> seenKeys;
    auto addMadeTarget = [&](const GpuSpec &gpu, const QString &gpuName, const QString &mig, std::optional<double> mps,
                             const Result<Target> &made) {
        SweepTarget t;
        t.gpu = gpu.id.isEmpty() ? gpuName : gpu.id;
        t.mig = mig;
        t.mps = mps;
        if (made) {
            if (seenKeys.contains(made->key())) {
                return;
            }
            seenKeys.insert(made->key());
            t.target = *made;
        } else {
            t.error = made.errorMessage();
        }
        plan.m_targets.push_back(std::move(t));
    };
    auto addTarget = [&](const GpuSpec &gpu, const QString &gpuName, const QString &mig, std::optional<double> mps) {
        addMadeTarget(gpu, gpuName, mig, mps, Target::make(gpu, mig, mps));
    };
    for (const QString &gpuName : spec.gpus) {
        auto whole = resolveTarget(catalogue, gpuName.trimmed());
        if (!whole) {
            return whole.error();
        }
        const GpuSpec gpu = whole->gpu();
        if (spec.migProfiles.isEmpty() && spec.mpsPercents.empty()) {
            addTarget(gpu, gpuName, {}, std::nullopt);
            continue;
        }
        for (const QString &entry : spec.migProfiles) {
            const QString e = entry.trimmed();
            if (e.compare(QLatin1String("all"), Qt::CaseInsensitive) == 0) {
                if (!gpu.supportsMig()) {
                    addTarget(gpu, gpuName, {}, std::nullopt);
                }
                for (const MigProfile &p : gpu.mig) {
                    addTarget(gpu, gpuName, p.name, std::nullopt);
                }
            } else if (e.compare(QLatin1String("none"), Qt::CaseInsensitive) == 0 ||
                       e.compare(QLatin1String("whole"), Qt::CaseInsensitive) == 0) {
                addTarget(gpu, gpuName, {}, std::nullopt);
            } else {
                addTarget(gpu, gpuName, e, std::nullopt);
            }
        }
        for (double pct : spec.mpsPercents) {
            addTarget(gpu, gpuName, {}, pct);
        }
    }
    for (const SweepSpec::ListedTarget &listed : spec.listedTargets) {
        auto whole = resolveTarget(catalogue, listed.gpu.trimmed());
        if (!whole) {
            return whole.error();
        }
        addMadeTarget(whole->gpu(), listed.gpu, listed.mig.trimmed(), listed.mps,
                      resolveTarget(catalogue, listed.gpu.trimmed(), listed.mig.trimmed(), listed.mps, listed.mpsCoRunners, listed.host));
    }

    const long double size = static_cast<long double>(plan.m_widths.size()) * plan.m_images.size() * plan.m_sequences.size() *
                             plan.m_batches.size() * plan.m_runtimes.size() * plan.m_precisions.size() * plan.m_targets.size();
    if (size > 1e12L) {
        return Error{QStringLiteral("the sweep has %1 points; at most 10^12 are supported").arg(static_cast<double>(size))};
    }
    plan.m_size = static_cast<std::int64_t>(size);
    if (plan.m_size == 0) {
        return Error{QStringLiteral("the sweep has no points")};
    }

    // The id: everything that decides the points and how they are numbered.
    QJsonObject id;
    id.insert(QStringLiteral("model"), isZooSource(spec.model) ? spec.model : QFileInfo(spec.model).fileName());
    id.insert(QStringLiteral("model_fingerprint"), modelFingerprint(spec.model));
    id.insert(QStringLiteral("input_shapes"), spec.inputShapes);
    QJsonArray edits;
    for (const DesignEdit &e : spec.edits) {
        edits.append(e.describe());
    }
    id.insert(QStringLiteral("edits"), edits);
    id.insert(QStringLiteral("depth"), spec.depth);
    QJsonObject precisions;
    for (auto it = spec.nodePrecisions.cbegin(); it != spec.nodePrecisions.cend(); ++it) {
        precisions.insert(it.key(), precisionName(it.value()));
    }
    id.insert(QStringLiteral("node_precisions"), precisions);
    id.insert(QStringLiteral("phase"), decoderPhaseName(spec.phase));
    id.insert(QStringLiteral("context"), static_cast<double>(spec.context));
    auto numbers = [](const auto &list) {
        QJsonArray a;
        for (const auto &v : list) {
            a.append(static_cast<double>(v));
        }
        return a;
    };
    id.insert(QStringLiteral("width"), numbers(plan.m_widths));
    id.insert(QStringLiteral("image"), numbers(plan.m_images));
    id.insert(QStringLiteral("sequence"), numbers(plan.m_sequences));
    id.insert(QStringLiteral("batch"), numbers(plan.m_batches));
    QJsonArray runtimes;
    for (Runtime r : plan.m_runtimes) {
        runtimes.append(runtimeName(r));
    }
    id.insert(QStringLiteral("runtime"), runtimes);
    QJsonArray precisionList;
    for (Precision p : plan.m_precisions) {
        precisionList.append(precisionName(p));
    }
    id.insert(QStringLiteral("precision"), precisionList);
    if (!spec.weights.isEmpty()) {
        id.insert(QStringLiteral("weights"), spec.weights);  // absent for native weights: earlier ids stay
    }
    if (!spec.llmRuntime.isEmpty()) {
        id.insert(QStringLiteral("llm_runtime"), spec.llmRuntime);  // absent unless named: earlier ids stay
    }
    QJsonArray targets;
    for (const SweepTarget &t : plan.m_targets) {
        targets.append(t.target ? t.target->key() : t.label() + QStringLiteral(" (error)"));
    }
    id.insert(QStringLiteral("targets"), targets);
    id.insert(QStringLiteral("infersight"), QStringLiteral(INFERSIGHT_VERSION));
    const QByteArray canonical = QJsonDocument(id).toJson(QJsonDocument::Compact);
    plan.m_id = QString::fromLatin1(QCryptographicHash::hash(canonical, QCryptographicHash::Sha1).toHex().left(16));
    return plan;
}

SweepPlan::Point SweepPlan::point(std::int64_t index) const {
    Point p;
    p.index = index;
    std::int64_t i = index;
    auto digit = [&i](std::size_t radix) {
        const std::int64_t d = i % static_cast<std::int64_t>(radix);
        i /= static_cast<std::int64_t>(radix);
        return static_cast<std::size_t>(d);
    };
    p.target = static_cast<int>(digit(m_targets.size()));
    p.precision = m_precisions[digit(m_precisions.size())];
    p.runtime = m_runtimes[digit(m_runtimes.size())];
    p.batch = m_batches[digit(m_batches.size())];
    p.sequence = m_sequences[digit(m_sequences.size())];
    p.image = m_images[digit(m_images.size())];
    p.widthMultiplier = m_widths[digit(m_widths.size())];
    return p;
}

namespace {

struct VariantKey {
    double width = 1.0;
    std::int64_t image = -1;
    std::int64_t sequence = -1;
    std::int64_t batch = 1;
    bool operator==(const VariantKey &) const = default;
};

}  // namespace

std::int64_t SweepPlan::pointsInShard(const Shard &shard) const {
    const std::int64_t first = shard.index - 1;
    return first < m_size ? (m_size - first + shard.count - 1) / shard.count : 0;
}

SweepTable sweepTableHeader(const SweepPlan &plan, const SweepOptions &options) {
    SweepTable table;
    table.sweepId = plan.id();
    table.model = plan.spec().model;
    table.shardIndex = options.shard.index;
    table.shardCount = options.shard.count;
    table.points = plan.size();
    table.prices = options.prices.has_value();
    table.pareto = options.pareto;
    return table;
}

namespace {

// The base design: the source with depth, edits and per-node precisions of the spec.
Result<Design> baseDesign(const SweepSpec &spec, const SweepOptions &options) {
    if (options.design && !options.design->isNull()) {
        return *options.design;
    }
    Knobs knobs;
    knobs.phase = spec.phase;
    knobs.context = spec.context;
    auto opened = Design::open(spec.model, knobs, spec.inputShapes);
    if (!opened) {
        return opened.error();
    }
    Design base = std::move(*opened);
    if (spec.depth != -1) {
        if (Status st = base.setDepth(spec.depth); !st) {
            return Error{st.errorMessage()};
        }
    }
    if (Status st = base.setEdits(spec.edits); !st) {
        return Error{st.errorMessage()};
    }
    if (Status st = base.setNodePrecisions(spec.nodePrecisions); !st) {
        return Error{st.errorMessage()};
    }
    return base;
}

// The Pareto objectives of a row, as SweepTable::markPareto() compares them.
ObjectiveVector objectives(const SweepRow &r) { return {r.latencyMs, r.energyJ, r.memoryMib, r.pricePerHour.value_or(0.0)}; }

// Runs the shard's points in index order and hands each row to `visit`. Progress counts from
// `progressDone` towards `progressTotal` (two passes for a streamed Pareto front).
Status runPoints(const SweepPlan &plan, const PointPredictor &predictor, const SweepOptions &options, const Design &base,
                 std::int64_t progressDone, std::int64_t progressTotal, const std::function<Status(SweepRow &)> &visit) {
    const std::int64_t first = options.shard.index - 1;
    const std::int64_t step = options.shard.count;
    const std::int64_t total = plan.pointsInShard(options.shard);
    // Points come in index order, so the graph variant changes only every
    // (runtimes x precisions x targets) points: keep the current one.
    std::optional<VariantKey> currentKey;
    Result<Design> current = Error{};
    std::int64_t done = 0;
    for (std::int64_t index = first; index < plan.size(); index += step) {
        if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
            return Error{QStringLiteral("the sweep was cancelled after %1 of %2 points").arg(done).arg(total)};
        }
        const SweepPlan::Point p = plan.point(index);
        const VariantKey key{p.widthMultiplier, p.image, p.sequence, p.batch};
        if (!currentKey || !(*currentKey == key)) {
            currentKey = key;
            current = Error{};  // free the previous variant before building the next
            Design d = base;
            Knobs k = d.knobs();
            k.batch = p.batch;
            k.sequence = p.sequence;
            k.height = p.image;
            k.width = p.image;
            Status st = d.setWidthMultiplier(p.widthMultiplier);
            if (st) {
                st = d.setKnobs(k);
            }
            current = st ? Result<Design>(std::move(d)) : Result<Design>(Error{st.errorMessage()});
        }
        const SweepTarget &target = plan.targets()[static_cast<std::size_t>(p.target)];
        SweepRow row;
        row.index = index;
        row.batch = p.batch;
        row.sequence = p.sequence;
        row.image = p.image;
        row.precision = p.precision;
        row.runtime = p.runtime;
        row.widthMultiplier = p.widthMultiplier;
        row.gpu = target.gpu;
        row.mig = target.mig;
        row.mps = target.mps;
        row.target = target.label();
        if (!current) {
            row.error = current.errorMessage();
        } else if (!target.target) {
            row.error = target.error;
        } else {
            const Design &d = *current;
            row.sequence = d.bindings().sequence;
            row.image = d.bindings().height;
            Knobs k = d.knobs();
            k.precision = p.precision;
            k.runtime = p.runtime;
            auto estimate = predictor(d.graph(), k, d.nodePrecisions(), *target.target);
            if (!estimate) {
                row.error = estimate.errorMessage();
            } else {
                row.ok = true;
                row.latencyMs = estimate->latencyMs;
                row.latencyLowMs = estimate->latencyLowMs;
                row.latencyHighMs = estimate->latencyHighMs;
                row.throughput = estimate->latencyMs > 0 ? static_cast<double>(p.batch) * 1000.0 / estimate->latencyMs : 0.0;
                row.energyJ = estimate->energyJ / static_cast<double>(p.batch);
                row.memoryMib = estimate->memoryBytes / (1024.0 * 1024.0);
                row.usableMib = target.target->memoryMib();
                row.fits = row.memoryMib <= row.usableMib;
            }
        }
        if (options.prices && target.target) {
            row.pricePerHour = options.prices->targetPerHour(*target.target);
            if (row.pricePerHour && row.ok && row.throughput > 0) {
                row.usdPerMillion = *row.pricePerHour / (row.throughput * 3600.0) * 1e6;
            }
        }
        if (Status st = visit(row); !st) {
            return st;
        }
        ++done;
        if (options.progress && (done % 256 == 0 || done == total)) {
            options.progress(progressDone + done, progressTotal);
        }
    }
    return Status::success();
}

Status checkShard(const SweepPlan &plan, const SweepOptions &options) {
    if (options.shard.count > plan.size()) {
        return Error{QStringLiteral("the sweep has only %1 points; --shard %2 would leave shards empty")
                         .arg(plan.size())
                         .arg(options.shard.text())};
    }
    return Status::success();
}

}  // namespace

Result<SweepTable> runSweep(const SweepPlan &plan, const PointPredictor &predictor, const SweepOptions &options) {
    if (Status st = checkShard(plan, options); !st) {
        return Error{st.errorMessage()};
    }
    auto base = baseDesign(plan.spec(), options);
    if (!base) {
        return base.error();
    }
    SweepTable table = sweepTableHeader(plan, options);
    table.pareto = false;
    const std::int64_t total = plan.pointsInShard(options.shard);
    table.rows.reserve(static_cast<std::size_t>(std::min<std::int64_t>(total, 10'000'000)));
    Status st = runPoints(plan, predictor, options, *base, 0, total, [&table](SweepRow &row) {
        table.rows.push_back(std::move(row));
        return Status::success();
    });
    if (!st) {
        return Error{st.errorMessage()};
    }
    if (options.pareto) {
        table.markPareto();
    }
    return table;
}

Result<SweepTotals> streamSweep(const SweepPlan &plan, const PointPredictor &predictor, const SweepOptions &options,
                                const SweepRowSink &sink) {
    if (Status st = checkShard(plan, options); !st) {
        return Error{st.errorMessage()};
    }
    auto base = baseDesign(plan.spec(), options);
    if (!base) {
        return base.error();
    }
    const std::int64_t points = plan.pointsInShard(options.shard);
    const std::int64_t progressTotal = options.pareto ? 2 * points : points;
    SweepTotals totals;
    std::vector<std::int64_t> front;  // ascending ids of the rows on the front
    if (options.pareto) {
        // First pass: the front over latency, energy, memory and, when every row with a
        // prediction has a price, price; rows without a prediction or that do not fit are not
        // candidates (as in markPareto). Both fronts are kept until the pass tells which applies.
        ParetoFrontier withoutPrice(3);
        ParetoFrontier withPrice(4);
        bool allPriced = options.prices.has_value();
        Status st = runPoints(plan, predictor, options, *base, 0, progressTotal, [&](SweepRow &row) {
            allPriced = allPriced && (!row.ok || row.pricePerHour.has_value());
            if (row.ok && row.fits) {
                withoutPrice.offer(row.index, objectives(row));
                if (allPriced) {
                    withPrice.offer(row.index, objectives(row));
                }
            }
            return Status::success();
        });
        if (!st) {
            return Error{st.errorMessage()};
        }
        front = allPriced ? withPrice.ids() : withoutPrice.ids();
    }
    std::size_t nextOnFront = 0;
    Status st = runPoints(plan, predictor, options, *base, options.pareto ? points : 0, progressTotal, [&](SweepRow &row) {
        while (nextOnFront < front.size() && front[nextOnFront] < row.index) {
            ++nextOnFront;
        }
        row.pareto = nextOnFront < front.size() && front[nextOnFront] == row.index;
        totals.rows += 1;
        totals.errors += row.ok ? 0 : 1;
        totals.paretoRows += row.pareto ? 1 : 0;
        return sink(row);
    });
    if (!st) {
        return Error{st.errorMessage()};
    }
    return totals;
}

}  // namespace infersight
