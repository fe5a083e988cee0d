// SPDX-License-Identifier: MIT
#include "session/session_predictor.h"

#include "explore/pareto.h"
#include "session/llm_serving_spec.h"

#include <QElapsedTimer>

#include <algorithm>

namespace infersight {

struct SessionPredictor::Device {
    TargetDevice device;
    std::shared_ptr<KernelPredictionCache> cache;
};

struct SessionPredictor::BatchDesign {
    Design design;
    GraphAnalysis analysis;
};

struct SessionPredictor::GridPoint {
    SweepPoint point;
    bool ok = false;  // false: this point cannot be predicted (the graph does not build at the batch)
};

namespace {

// Contexts of the TPOT-vs-context chart: powers of two from 128 to at least 4,096 and twice the
// request's final context.
std::vector<std::int64_t> chartContexts(std::int64_t finalContext) {
    const std::int64_t top = std::min<std::int64_t>(131072, std::max<std::int64_t>(4096, 2 * finalContext));
    std::vector<std::int64_t> contexts;
    for (std::int64_t c = 128; c <= top; c *= 2) {
        contexts.push_back(c);
    }
    return contexts;
}

}  // namespace

SessionPredictor::SessionPredictor() = default;
SessionPredictor::~SessionPredictor() = default;

const std::vector<std::int64_t> &SessionPredictor::sweepBatches() {
    static const std::vector<std::int64_t> batches = [] {
        std::vector<std::int64_t> out;
        for (std::int64_t b = 1; b <= kMaxBatch; b *= 2) {
            out.push_back(b);
            if (b >= 2 && b * 3 / 2 < kMaxBatch) {
                out.push_back(b * 3 / 2);
            }
        }
        std::sort(out.begin(), out.end());
        return out;
    }();
    return batches;
}

void SessionPredictor::clear() {
    m_design.reset();
    m_analysis.reset();
    m_devices.clear();
    m_sweepSpec.reset();
    m_batchDesigns.clear();
    m_grid.clear();
    m_llm.clear();
    m_targets.clear();
}

QString SessionPredictor::gridKeyOf(const ResolvedTarget &target) {
    return target.revision.isEmpty() ? target.key : target.key + QLatin1Char('@') + target.revision;
}

std::vector<Precision> SessionPredictor::sweepPrecisions(const Target &target,
                                                         const QMap<QString, Precision> &nodePrecisions) {
    std::vector<Precision> out;
    for (Precision p : kAllPrecisions) {
        Knobs k;
        k.precision = p;
        if (checkPrecisions(k, nodePrecisions, target)) {
            out.push_back(p);
        }
    }
    return out;
}

Status SessionPredictor::bringTo(const PredictionRequest &request) {
    if (!request.design) {
        return Error{QStringLiteral("no model is open")};
    }
    if (request.modelRevision != m_modelRevision || !m_design) {
        // Another model: start from the request's design; devices stay (they do not depend on it).
        m_modelRevision = request.modelRevision;
        m_design = *request.design;
        m_appliedSpec = DesignSpec::of(*m_design);
        m_analysis.reset();
        m_sweepSpec.reset();
        m_batchDesigns.clear();
        m_grid.clear();
        m_llm.clear();
    }
    m_llmWanted = request.llm;
    if (!(m_appliedSpec == request.spec)) {
        // The request's design may already be at the spec (a change the session validated).
        if (DesignSpec::of(*request.design).sameDesign(request.spec)) {
            m_design = *request.design;
        } else if (Status s = applySpec(*m_design, request.spec); !s) {
            return s;
        }
        m_appliedSpec = request.spec;
    }
    if (!m_analysis || !m_analysis->matches(m_design->graph())) {
        m_analysis = GraphAnalysis::of(m_design->graph());
    }
    if (!m_sweepSpec || !m_sweepSpec->sameApartFromBatchAndPrecision(request.spec)) {
        m_sweepSpec = request.spec;
        m_batchDesigns.clear();
        m_grid.clear();
        m_llm.clear();
    }
    return {};
}

SessionPredictor::Device &SessionPredictor::deviceFor(const ResolvedTarget &target) {
    const QString key = gridKeyOf(target);
    auto it = m_devices.find(key);
    if (it != m_devices.end()) {
        return *it->second;
    }
    auto device = std::make_unique<Device>(Device{TargetDevice::make(*target.target), nullptr});
    // Targets with the same resources (a MIG profile and its "+me" variant) share kernel predictions.
    for (const auto &[otherKey, other] : m_devices) {
        if (sameResources(other->device.device.resources, device->device.device.resources)) {
            device->cache = other->cache;
            break;
        }
    }
    if (!device->cache) {
        device->cache = std::make_shared<KernelPredictionCache>();
    }
    return *m_devices.emplace(key, std::move(device)).first->second;
}

const SessionPredictor::BatchDesign *SessionPredictor::batchDesign(std::int64_t batch) {
    auto it = m_batchDesigns.find(batch);
    if (it != m_batchDesigns.end()) {
        return it->second.get();
    }
    Design d = *m_design;
    if (Status s = d.setBatch(batch); !s) {
        m_batchDesigns.emplace(batch, nullptr);
        return nullptr;
    }
    GraphAnalysis analysis = m_analysis && m_analysis->matches(d.graph()) ? *m_analysis : GraphAnalysis::of(d.graph());
    auto entry = std::make_unique<BatchDesign>(BatchDesign{std::move(d), std::move(analysis)});
    return m_batchDesigns.emplace(batch, std::move(entry)).first->second.get();
}

bool SessionPredictor::sweepsFromGrid(TargetResult &result, const QString &gridKey) const {
    if (!result.target) {
        return false;
    }
    const auto &batches = sweepBatches();
    const int current = static_cast<int>(m_appliedSpec.knobs.precision);
    std::vector<SweepPoint> sweep;
    sweep.reserve(batches.size());
    for (std::int64_t b : batches) {
        auto it = m_grid.find({gridKey, b, current});
        if (it == m_grid.end()) {
            return false;
        }
        if (it->second.ok) {
            sweep.push_back(it->second.point);
        }
    }
    const std::vector<Precision> precisions = sweepPrecisions(*result.target, m_sweepSpec->nodePrecisions);
    std::vector<ParetoPoint> pareto;
    pareto.reserve(batches.size() * precisions.size());
    for (std::int64_t b : batches) {
        for (Precision p : precisions) {
            auto it = m_grid.find({gridKey, b, static_cast<int>(p)});
            if (it == m_grid.end()) {
                return false;
            }
            if (it->second.ok) {
                const SweepPoint &s = it->second.point;
                pareto.push_back(ParetoPoint{b, p, s.latencyMs, s.energyJ, s.fits, false});
            }
        }
    }
    std::vector<ObjectiveVector> objectives;
    std::vector<bool> feasible;
    objectives.reserve(pareto.size());
    for (const ParetoPoint &p : pareto) {
        objectives.push_back({p.latencyMs, p.energyPerSampleJ(), 0, 0});
        feasible.push_back(p.fits);
    }
    const std::vector<bool> front = paretoFront(objectives, 2, feasible);
    for (std::size_t i = 0; i < pareto.size(); ++i) {
        pareto[i].onFront = front[i];
    }
    result.batchSweep = std::move(sweep);
    result.energyLatency = std::move(pareto);
    result.sweepsCurrent = true;
    return true;
}

SessionPredictor::Outcome SessionPredictor::predictCurrent(const PredictionRequest &request,
                                                           const SessionResults *previous, const Cancelled &cancelled) {
    QElapsedTimer timer;
    timer.start();
    Outcome out;
    if (Status s = bringTo(request); !s) {
        out.error = s.errorMessage();
        return out;
    }
    if (cancelled && cancelled()) {
        out.cancelled = true;
        return out;
    }
    const Design &design = *m_design;
    auto results = std::make_shared<SessionResults>();
    results->generation = request.generation;
    results->design = std::make_shared<const Design>(design);
    results->knobs = design.knobs();
    // A decoder LLM's weights and runtime, resolved once for every target (and the report's MIG plans);
    // a setting that does not resolve is each target's error.
    QString llmError;
    if (m_llmWanted) {
        if (auto serving = llmServingOf(m_appliedSpec.llm, m_appliedSpec.knobs)) {
            results->llmServing = *serving;
        } else {
            llmError = serving.errorMessage();
        }
    }
    results->selectedTarget = request.selectedTarget;
    results->sweepBatches = sweepBatches();
    m_targets = request.targets;

    // One plan for every target (the plan does not depend on the target).
    std::optional<KernelPlan> plan;
    bool allCurrent = true;
    for (const ResolvedTarget &rt : request.targets) {
        TargetResult tr;
        tr.key = rt.key;
        tr.label = rt.label;
        tr.colour = rt.colour;
        tr.target = rt.target;
        tr.error = rt.error;
        if (rt.target) {
            tr.usableMemoryBytes = rt.target->memoryBytes();
            if (tr.error.isEmpty()) {
                if (Status s = checkPrecisions(design.knobs(), design.nodePrecisions(), *rt.target); !s) {
                    tr.error = s.errorMessage();
                }
            }
        } else if (tr.error.isEmpty()) {
            tr.error = QStringLiteral("%1: no such target").arg(rt.label);
        }
        if (tr.error.isEmpty()) {
            if (!plan) {
                LoweringOptions lo;
                lo.precision = design.knobs().precision;
                lo.runtime = design.knobs().runtime;
                if (!design.nodePrecisions().isEmpty()) {
                    lo.nodePrecision = nodePrecisionVector(design.graph(), design.nodePrecisions());
                }
                plan = lowerGraph(design.graph(), *m_analysis, lo);
            }
            Device &device = deviceFor(rt);
            PredictOptions options;
            options.batch = std::max<std::int64_t>(1, design.knobs().batch);
            options.cache = device.cache.get();
            if (m_llmWanted) {
                if (!results->llmServing) {
                    tr.error = llmError;
                    results->targets.push_back(std::move(tr));
                    continue;
                }
                options.weights = results->llmServing->weights;
                if (design.knobs().phase == DecoderPhase::Decode) {
                    options.llmRuntime = results->llmServing->runtime;
                }
            }
            Prediction prediction = predictPlan(design.graph(), *m_analysis, *plan, device.device, options);
            // The model's warnings (import, project file, knobs that bind nothing) join each
            // target's notes, as in the CLI's "warnings".
            for (const QString &warning : design.warnings()) {
                if (!prediction.warnings.contains(warning)) {
                    prediction.warnings << warning;
                }
            }
            tr.current = std::make_shared<const Prediction>(std::move(prediction));
            const bool sweepsHere = sweepsFromGrid(tr, gridKeyOf(rt));
            bool llmHere = true;
            if (m_llmWanted) {
                const auto it = m_llm.constFind(llmKeyOf(gridKeyOf(rt)));
                llmHere = it != m_llm.constEnd();
                if (llmHere) {
                    tr.llm = *it;
                }
            }
            if (!sweepsHere || !llmHere) {
                allCurrent = false;
                tr.sweepsCurrent = false;
                if (previous) {
                    for (const TargetResult &old : previous->targets) {
                        if (old.key == tr.key) {
                            if (!sweepsHere) {
                                tr.batchSweep = old.batchSweep;
                                tr.energyLatency = old.energyLatency;
                            }
                            if (!llmHere && m_llmWanted) {
                                tr.llm = old.llm;
                            }
                            break;
                        }
                    }
                }
            }
        }
        results->targets.push_back(std::move(tr));
        if (cancelled && cancelled()) {
            out.cancelled = true;
            return out;
        }
    }
    results->stage = allCurrent ? SessionResults::Stage::Complete : SessionResults::Stage::Current;
    results->computeMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    out.results = std::move(results);
    return out;
}

SessionPredictor::Outcome SessionPredictor::completeSweeps(const SessionResults &current, const Cancelled &cancelled) {
    QElapsedTimer timer;
    timer.start();
    Outcome out;
    if (!m_design || !m_sweepSpec) {
        out.error = QStringLiteral("no model is open");
        return out;
    }
    // What each target still needs: its grid key and precisions.
    struct Need {
        const ResolvedTarget *target = nullptr;
        QString gridKey;
        std::vector<Precision> precisions;
    };
    std::vector<Need> needs;
    for (const ResolvedTarget &rt : m_targets) {
        if (!rt.target || !rt.error.isEmpty()) {
            continue;
        }
        needs.push_back({&rt, gridKeyOf(rt), sweepPrecisions(*rt.target, m_sweepSpec->nodePrecisions)});
    }
    const Precision currentPrecision = m_appliedSpec.knobs.precision;
    // Two passes: the batch sweeps at the current precision first (what the batch charts show),
    // then the other precisions of the energy/latency sweep.
    for (int pass = 0; pass < 2; ++pass) {
        for (std::int64_t batch : sweepBatches()) {
            std::vector<Precision> precisions;
            if (pass == 0) {
                precisions.push_back(currentPrecision);
            } else {
                for (Precision p : kAllPrecisions) {
                    if (p != currentPrecision) {
                        precisions.push_back(p);
                    }
                }
            }
            for (Precision precision : precisions) {
                const int pi = static_cast<int>(precision);
                std::vector<const Need *> missing;
                for (const Need &need : needs) {
                    const bool wanted = std::find(need.precisions.begin(), need.precisions.end(), precision) !=
                                        need.precisions.end();
                    if (wanted && !m_grid.contains({need.gridKey, batch, pi})) {
                        missing.push_back(&need);
                    }
                }
                if (missing.empty()) {
                    continue;
                }
                if (cancelled && cancelled()) {
                    out.cancelled = true;
                    return out;
                }
                const BatchDesign *bd = batchDesign(batch);
                if (!bd) {
                    for (const Need *need : missing) {
                        m_grid.emplace(GridKey{need->gridKey, batch, pi}, GridPoint{});
                    }
                    continue;
                }
                LoweringOptions lo;
                lo.precision = precision;
                lo.runtime = bd->design.knobs().runtime;
                if (!bd->design.nodePrecisions().isEmpty()) {
                    lo.nodePrecision = nodePrecisionVector(bd->design.graph(), bd->design.nodePrecisions());
                }
                const KernelPlan plan = lowerGraph(bd->design.graph(), bd->analysis, lo);
                for (const Need *need : missing) {
                    Knobs knobs = bd->design.knobs();
                    knobs.precision = precision;
                    if (!checkPrecisions(knobs, bd->design.nodePrecisions(), *need->target->target)) {
                        m_grid.emplace(GridKey{need->gridKey, batch, pi}, GridPoint{});
                        continue;
                    }
                    Device &device = deviceFor(*need->target);
                    PredictOptions options;
                    options.batch = batch;
                    options.keepKernels = false;
                    options.keepNodes = false;
                    options.cache = device.cache.get();
                    const Prediction p = predictPlan(bd->design.graph(), bd->analysis, plan, device.device, options);
                    GridPoint g;
                    g.ok = true;
                    g.point = SweepPoint{batch,        p.latencyMs,  p.bandLowMs,
                                         p.bandHighMs, p.throughputPerS, p.energyJ,
                                         p.avgPowerW,  p.memory.deviceUsedBytes, p.memory.fits};
                    m_grid.emplace(GridKey{need->gridKey, batch, pi}, g);
                }
            }
        }
    }
    if (m_llmWanted) {
        for (const Need &need : needs) {
            const QString key = llmKeyOf(need.gridKey);
            if (m_llm.contains(key)) {
                continue;
            }
            auto llm = computeLlm(*need.target, cancelled);
            if (!llm) {
                out.cancelled = true;
                return out;
            }
            m_llm.insert(key, std::move(llm));
        }
    }
    auto results = std::make_shared<SessionResults>(current);
    for (std::size_t i = 0; i < results->targets.size() && i < m_targets.size(); ++i) {
        TargetResult &tr = results->targets[i];
        if (tr.ok()) {
            sweepsFromGrid(tr, gridKeyOf(m_targets[i]));
            if (m_llmWanted) {
                tr.llm = m_llm.value(llmKeyOf(gridKeyOf(m_targets[i])));
                tr.sweepsCurrent = tr.sweepsCurrent && tr.llm != nullptr;
            }
        }
    }
    results->stage = SessionResults::Stage::Complete;
    results->computeMs = current.computeMs + static_cast<double>(timer.nsecsElapsed()) / 1e6;
    out.results = std::move(results);
    return out;
}

QString SessionPredictor::llmKeyOf(const QString &gridKey) const {
    return QStringLiteral("%1|%2|%3")
        .arg(gridKey)
        .arg(m_appliedSpec.knobs.batch)
        .arg(static_cast<int>(m_appliedSpec.knobs.precision));
}

std::shared_ptr<const LlmTargetResult> SessionPredictor::computeLlm(const ResolvedTarget &rt, const Cancelled &cancelled) {
    auto result = std::make_shared<LlmTargetResult>();
    const Design &design = *m_design;
    const Target &target = *rt.target;
    auto serving = llmServingOf(m_appliedSpec.llm, m_appliedSpec.knobs);
    if (!serving) {
        result->error = serving.errorMessage();
        return result;
    }
    const Knobs &k = design.knobs();
    LlmRequest request;
    request.batch = std::max<std::int64_t>(1, k.batch);
    // The prompt: the sequence knob in the prefill phase; in the decode phase the KV cache it fills.
    if (k.phase == DecoderPhase::Decode) {
        request.prompt = std::max<std::int64_t>(1, k.context > 0 ? k.context : design.bindings().context);
    } else {
        request.prompt = std::max<std::int64_t>(1, k.sequence > 0 ? k.sequence : design.bindings().sequence);
    }
    request.output = std::max<std::int64_t>(1, m_appliedSpec.llm.outputTokens);
    auto r = predictLlmRequest(design, target, request, *serving);
    const bool defaultPrompt = k.phase == DecoderPhase::Decode ? k.context <= 0 : k.sequence <= 0;
    if (!r && defaultPrompt && request.prompt > request.output) {
        // The model's default sequence is often its whole context window: the request then fills
        // the window, prompt = window - output (an explicit sequence knob is taken as it is).
        LlmRequest fitted = request;
        fitted.prompt = request.prompt - request.output;
        if (auto again = predictLlmRequest(design, target, fitted, *serving)) {
            request = fitted;
            r = std::move(again);
        }
    }
    if (!r) {
        result->error = r.errorMessage();
        return result;
    }
    result->request = std::move(*r);
    // The KV cache at the request's last step: the prompt and every output token but the last.
    const std::int64_t finalContext = request.prompt + request.output - 1;
    if (auto capacity = llmKvCapacity(design, target, finalContext, *serving)) {
        result->capacity = *capacity;
    }
    for (std::int64_t context : chartContexts(finalContext)) {
        if (cancelled && cancelled()) {
            return nullptr;
        }
        if (auto step = predictDecodeStep(design, target, request.batch, context, *serving)) {
            result->tpotVsContext.push_back({context, step->latencyMs});
        }
    }
    result->batchContext = request.prompt + request.output / 2;
    std::optional<LlmKvCapacity> atMean;
    if (auto c = llmKvCapacity(design, target, result->batchContext, *serving)) {
        atMean = *c;
    }
    for (std::int64_t batch : {1, 2, 4, 8, 16, 32, 64, 128, 256}) {
        if (cancelled && cancelled()) {
            return nullptr;
        }
        if (auto step = predictDecodeStep(design, target, batch, result->batchContext, *serving)) {
            result->tpotVsBatch.push_back({batch, step->latencyMs, !atMean || atMean->maxSequences >= batch});
        }
    }
    return result;
}

}  // namespace infersight
