// SPDX-License-Identifier: MIT
// The end-to-end timeline: the host dispatches ops in node order (framework cost per op, per
// view, per shape computation, per extra kernel); each kernel starts on the GPU at
//   start = max(host issue time, end of the previous kernel + gap)
// and runs for its device time from the kernel model. The latency of a forward pass is the end
// of the last kernel (or of the host, if later) plus the fixed per-inference cost.
#include "predict/predictor.h"

#include "base/one_line.h"
#include "predict/device_resources.h"
#include "predict/uncertainty.h"
#include "predict/uncosted_nodes.h"

#include <algorithm>
#include <cmath>

namespace infersight {

QString boundName(Bound bound) {
    switch (bound) {
    case Bound::Compute: return QStringLiteral("compute");
    case Bound::Memory: return QStringLiteral("memory");
    case Bound::Latency: return QStringLiteral("latency");
    case Bound::Host: return QStringLiteral("host");
    }
    return QStringLiteral("memory");
}

QString bandClassName(int bandClass) {
    if (bandClass == kHostBandClass) {
        return QStringLiteral("host");
    }
    return kernelErrorClassName(static_cast<KernelErrorClass>(bandClass));
}

namespace {

bool targetSupports(Precision p, const Target &t) {
    switch (p) {
    case Precision::FP32:
    case Precision::FP32Strict: return true;
    case Precision::TF32: return t.peak(ComputeType::TF32).has_value();
    case Precision::FP16:
    case Precision::AMP: return t.peakFastest(ComputeType::FP16).has_value();
    case Precision::BF16: return t.peak(ComputeType::BF16).has_value();
    case Precision::INT8: return t.peak(ComputeType::INT8).has_value();
    case Precision::FP8: return t.peak(ComputeType::FP8).has_value();
    }
    return false;
}

Bound boundOf(KernelBound b) {
    switch (b) {
    case KernelBound::Compute: return Bound::Compute;
    case KernelBound::Memory: return Bound::Memory;
    case KernelBound::Latency: return Bound::Latency;
    }
    return Bound::Memory;
}

// What the timeline needs of a distinct kernel of the plan on the target (every launch of it the same).
struct DistinctTiming {
    double gpuMs = 0;
    double bandLowMs = 0;
    double bandHighMs = 0;
    double powerW = 0;
    double flops = 0;
    double bytes = 0;
    // LLM decode-class kernels: their bytes at datasheet bandwidth (DecodeKernelTime::floorMs), the
    // lowest time physics allows; the band's lower end never goes under it. 0 for other kernels.
    double floorMs = 0;
    ComputeType compute = ComputeType::FP32;
    KernelErrorClass errorClass = KernelErrorClass::Elementwise;
    Bound modelBound = Bound::Memory;  // the kernel model's bound (the timeline may make it "host")
    bool extrapolated = false;
};

}  // namespace

QStringList supportedPrecisions(const Target &target) {
    QStringList out;
    for (Precision p : kAllPrecisions) {
        if (targetSupports(p, target)) {
            out << precisionName(p);
        }
    }
    return out;
}

Status checkPrecision(Precision precision, const Target &target) {
    if (targetSupports(precision, target)) {
        return Status::success();
    }
    const GpuSpec &gpu = target.gpu();
    return Error{QStringLiteral("%1 is not supported on %2 (%3, compute capability %4); it supports %5")
                     .arg(precisionName(precision), target.label(), gpu.architecture, gpu.computeCapability(),
                          supportedPrecisions(target).join(QStringLiteral(", ")))};
}

Status checkPrecisions(const Knobs &knobs, const QMap<QString, Precision> &nodePrecisions, const Target &target) {
    if (Status s = checkPrecision(knobs.precision, target); !s) {
        return s;
    }
    for (auto it = nodePrecisions.constBegin(); it != nodePrecisions.constEnd(); ++it) {
        if (Status s = checkPrecision(it.value(), target); !s) {
            return Error{QStringLiteral("node '%1': %2").arg(it.key(), s.errorMessage())};
        }
    }
    return Status::success();
}

void KernelPredictionCache::clear() {
    m_entries.clear();
    m_table.clear();
}

bool sameResources(const DeviceResources &a, const DeviceResources &b) {
    return a.sms == b.sms && a.bandwidthGBps == b.bandwidthGBps && a.l2Bytes == b.l2Bytes && a.clockMhz == b.clockMhz &&
           a.peakTflops == b.peakTflops && a.fp16NonTensorTflops == b.fp16NonTensorTflops &&
           a.sharedMemPerSmBytes == b.sharedMemPerSmBytes && a.maxThreadsPerSm == b.maxThreadsPerSm &&
           a.computeCapabilityMajor == b.computeCapabilityMajor && a.computeCapabilityMinor == b.computeCapabilityMinor &&
           a.gpuId == b.gpuId && a.memoryType == b.memoryType && a.fp32LanesPerIssue == b.fp32LanesPerIssue &&
           a.smFraction == b.smFraction && a.bandwidthFraction == b.bandwidthFraction && a.l2Fraction == b.l2Fraction &&
           a.chip == b.chip && a.sustainedComputeFraction == b.sustainedComputeFraction && a.tdpW == b.tdpW;
}

void KernelPredictionCache::use(const KernelModel &model, const KernelModel::BoundDevice &device) {
    if (m_model != &model || !sameResources(device.resources, m_resources)) {
        clear();
        m_model = &model;
        m_resources = device.resources;
    }
}

const KernelPrediction &KernelPredictionCache::get(const KernelModel &model, const KernelModel::BoundDevice &device,
                                                   const Kernel &kernel) {
    use(model, device);
    return find(model, device, kernel, kernel.hash());
}

const KernelPrediction &KernelPredictionCache::find(const KernelModel &model, const KernelModel::BoundDevice &device,
                                                    const Kernel &kernel, std::uint64_t hash) {
    return entry(model, device, kernel, hash).prediction;
}

double KernelPredictionCache::streamMs(const KernelModel &model, const KernelModel::BoundDevice &device,
                                       const StreamTimeAdapter &stream, const Kernel &kernel, std::uint64_t hash) {
    const Entry &e = entry(model, device, kernel, hash);
    if (e.streamMs >= 0) {
        return e.streamMs;
    }
    // The adapter may add the kernel's wider twins (and grow or clear the table): copy, then look up again.
    const KernelPrediction prediction = e.prediction;
    const double ms = stream.streamMs(kernel, prediction, this);
    entry(model, device, kernel, hash).streamMs = ms;
    return ms;
}

KernelPredictionCache::Entry &KernelPredictionCache::entry(const KernelModel &model, const KernelModel::BoundDevice &device,
                                                           const Kernel &kernel, std::uint64_t hash) {
    if (m_table.size() < 2 * (m_entries.size() + 1)) {
        if (m_entries.size() >= 65536) {
            clear();  // bounded
        }
        std::size_t cap = std::max<std::size_t>(256, m_table.size() * 2);
        while (cap < 2 * (m_entries.size() + 1)) {
            cap <<= 1;
        }
        m_table.assign(cap, Slot{});
        for (std::size_t i = 0; i < m_entries.size(); ++i) {
            std::size_t s = static_cast<std::size_t>(m_entries[i].hash) & (cap - 1);
            while (m_table[s].entry >= 0) {
                s = (s + 1) & (cap - 1);
            }
            m_table[s] = Slot{m_entries[i].hash, static_cast<std::int32_t>(i)};
        }
        m_entries.reserve(cap / 2);
    }
    const std::size_t mask = m_table.size() - 1;
    std::size_t s = static_cast<std::size_t>(hash) & mask;
    for (;;) {
        Slot &slot = m_table[s];
        if (slot.entry < 0) {
            slot = Slot{hash, static_cast<std::int32_t>(m_entries.size())};
            m_entries.push_back(Entry{kernel, hash, model.predict(kernel, device)});
            return m_entries.back();
        }
        if (slot.hash == hash) {
            Entry &e = m_entries[static_cast<std::size_t>(slot.entry)];
            if (e.kernel.sameAs(kernel)) {
                return e;
            }
        }
        s = (s + 1) & mask;
    }
}

TargetDevice TargetDevice::make(const Target &target, const KernelModel &model) {
    TargetDevice d{target, model.bind(DeviceResources::fromTarget(target)), {}, target.key(), target.label(),
                   target.idleW(), target.tdpW(), DataCoverage::of(model)};
    d.stream = StreamTimeAdapter::make(model, d.device);
    d.calibrationNote = KernelModel::calibrationNote(d.device);
    return d;
}

namespace {

// Each distinct kernel of the plan once: the kernel model (or the target's cache), stream time,
// band and power. The vector is the calling thread's scratch (reused across calls).
std::vector<DistinctTiming> &timeDistinctKernels(const KernelPlan &plan, const KernelModel &km,
                                                 const TargetDevice &device, const PredictOptions &options,
                                                 double idleW, double tdpW) {
    thread_local std::vector<DistinctTiming> distinctScratch;
    std::vector<DistinctTiming> &dt = distinctScratch;
    dt.resize(plan.distinct.size());
    if (options.cache) {
        options.cache->use(km, device.device);
        for (const DistinctKernel &dk : plan.distinct) {
            options.cache->prefetch(dk.hash);
        }
    }
    for (std::size_t d = 0; d < plan.distinct.size(); ++d) {
        const DistinctKernel &dk = plan.distinct[d];
        const Kernel &k = plan.kernels[static_cast<std::size_t>(dk.first)].kernel;
        // The stream time first: its bounds may add the kernel's wider twins to the cache, which would
        // move a prediction looked up before.
        const double streamMs = options.cache ? options.cache->streamMs(km, device.device, device.stream, k, dk.hash) : -1.0;
        KernelPrediction own;
        const KernelPrediction &pr = options.cache ? options.cache->find(km, device.device, k, dk.hash)
                                                   : (own = km.predict(k, device.device));
        DistinctTiming &t = dt[d];
        t.floorMs = 0;
        t.flops = dk.flops;
        t.bytes = dk.bytes;
        t.modelBound = boundOf(pr.bound);
        t.gpuMs = options.cache ? streamMs : device.stream.streamMs(k, pr);
        if (options.llmRuntime) {
            // LLM decode: skinny GEMMs and decode attention in the decode class (hand-over to the
            // GEMM model's stream time as rows grow), tiny vector kernels at the runtime's cost.
            const DeviceResources &res = device.device.resources;
            if (DecodeModel::applies(k)) {
                const DecodeKernelTime dec = DecodeModel::time(k, res, options.llmRuntime->decode, options.weights, t.gpuMs);
                t.gpuMs = dec.ms;
                t.bytes = dec.bytes;
                t.floorMs = dec.floorMs;
                if (dec.classWeight >= 0.5) {
                    t.modelBound = dec.computeMs > dec.memoryMs ? Bound::Compute : Bound::Memory;
                }
            } else {
                t.gpuMs = DecodeModel::smallKernelMs(k, res, options.llmRuntime->decode, t.gpuMs);
            }
        }
        const double ratioLow = pr.latencyMs > 0 ? pr.bandLowMs / pr.latencyMs : 1.0;  // same ratio in a stream
        const double ratioHigh = pr.latencyMs > 0 ? pr.bandHighMs / pr.latencyMs : 1.0;
        t.bandLowMs = std::max(t.gpuMs * ratioLow, t.floorMs);
        t.bandHighMs = t.gpuMs * ratioHigh;
        t.powerW = kernelPowerW(pr, idleW, tdpW, options.energy);
        t.compute = pr.compute;
        t.errorClass = pr.errorClass;
        t.extrapolated = pr.extrapolated;
    }
    return dt;
}

// The runtime's host costs in ms.
struct HostCosts {
    double perInferenceMs = 0;
    double gapMs = 0;     // GPU gap between back-to-back kernels
    double opMs = 0;      // per aten op (autocast dispatch included under AMP)
    double viewMs = 0;
    double shapeMs = 0;
    double kernelMs = 0;  // per kernel beyond an op's first (fused: per kernel)

    // `hostScale`: the host system's time scale (HostSpec::timeScale) on every CPU-side cost; the
    // GPU gap between kernels is the GPU's and stays.
    HostCosts(const HostOverheadParameters &hp, bool amp, double hostScale)
        : perInferenceMs(hp.perInferenceMs * hostScale), gapMs(hp.gpuGapUs * 1e-3),
          opMs((hp.opUs + (amp ? hp.autocastOpUs : 0.0)) * 1e-3 * hostScale), viewMs(hp.viewUs * 1e-3 * hostScale),
          shapeMs(hp.shapeUs * 1e-3 * hostScale), kernelMs(hp.kernelUs * 1e-3 * hostScale) {}
};

// The one pass over the plan: the host issues kernels in node order; each starts on the GPU at
// max(issue, previous end + gap). A kernel is on the critical path when the next one was issued
// before it ended (the next waited on the GPU), so each kernel's share of the node attribution,
// energy and bands is booked when the next one is issued.
class Timeline {
public:
    Timeline(const KernelPlan &plan, const std::vector<DistinctTiming> &dt, const HostCosts &hc, Prediction &p,
             bool keepKernels)
        : prevEnd(hc.perInferenceMs), host(hc.perInferenceMs), gpuFree(hc.perInferenceMs), m_plan(plan), m_dt(dt),
          m_hc(hc), m_p(p), m_nodes(p.nodes.empty() ? nullptr : p.nodes.data()),
          m_fused(plan.runtime == Runtime::Fused) {
        if (keepKernels) {
            kernels.resize(plan.kernels.size());
        }
    }

    void run(std::size_t nodeCount) {
        for (std::size_t i = 0; i < nodeCount; ++i) {
            issueNode(i);
        }
        if (m_pending.distinct >= 0) {
            book(m_pending, true);  // the last kernel
        }
    }

    // Results after run().
    BandAccumulator acc;
    double prevEnd;        // end of the last booked kernel
    double energyMJ = 0;   // kernels' energy, W * ms = mJ
    double busy = 0;       // sum of the kernels' GPU time
    double host;           // the host's time when it issued the last op
    double gpuFree;        // end of the last kernel
    int hostOps = 0;
    std::vector<KernelTiming> kernels;

private:
    struct Pending {
        std::size_t kernel = 0;
        std::size_t node = 0;
        std::int32_t distinct = -1;
        double endMs = 0;
    };

    void issueNode(std::size_t i) {
        const PlannedNode &pn = m_plan.nodes[i];
        const double hostBefore = host;
        switch (pn.host) {
        case HostOpClass::None: break;
        case HostOpClass::Shape: host += m_hc.shapeMs; break;
        case HostOpClass::View: host += m_hc.viewMs; break;
        case HostOpClass::Op: break;
        }
        for (int j = 0; j < pn.kernelCount; ++j) {
            // Host: an aten op per kernel up to the node's op count (casts are ops), then launches.
            if (m_fused) {
                host += m_hc.kernelMs;
            } else {
                host += j < pn.hostOps ? m_hc.opMs : m_hc.kernelMs;
            }
            issueKernel(i, static_cast<std::size_t>(pn.firstKernel + j));
        }
        if (!m_fused && pn.host == HostOpClass::Op && pn.hostOps > pn.kernelCount) {
            host += m_hc.opMs * (pn.hostOps - pn.kernelCount);
        }
        if (m_nodes) {
            m_nodes[i].fusedInto = pn.fusedInto;
            m_nodes[i].hostMs = host - hostBefore;
        }
        hostOps += pn.hostOps;
    }

    void issueKernel(std::size_t node, std::size_t ki) {
        const std::int32_t di = m_plan.distinctOf[ki];
        const DistinctTiming &t = m_dt[static_cast<std::size_t>(di)];
        if (m_pending.distinct >= 0) {
            book(m_pending, host <= m_pending.endMs + m_hc.gapMs);
        }
        const double ready = m_first ? gpuFree : gpuFree + m_hc.gapMs;
        const double startMs = std::max(host, ready);
        const double waitMs = std::max(0.0, host - ready) + (m_first ? 0.0 : m_hc.gapMs);
        if (!kernels.empty()) {
            const PlannedKernel &pk = m_plan.kernels[ki];
            KernelTiming &kt = kernels[ki];
            kt.node = static_cast<int>(node);
            kt.kind = pk.kernel.kind;
            kt.role = pk.role;
            kt.compute = t.compute;
            kt.errorClass = t.errorClass;
            kt.extrapolated = t.extrapolated;
            kt.issueMs = host;
            kt.startMs = startMs;
            kt.waitMs = waitMs;
            kt.gpuMs = t.gpuMs;
            kt.flops = t.flops;
            kt.bytes = t.bytes;
            kt.bandLowMs = t.bandLowMs;
            kt.bandHighMs = t.bandHighMs;
            kt.bound = waitMs > t.gpuMs ? Bound::Host : t.modelBound;
            kt.powerW = t.powerW;
        }
        gpuFree = startMs + t.gpuMs;
        m_pending = Pending{ki, node, di, gpuFree};
        m_first = false;
        m_p.extrapolated = m_p.extrapolated || t.extrapolated;
    }

    void book(const Pending &k, bool critical) {
        const DistinctTiming &t = m_dt[static_cast<std::size_t>(k.distinct)];
        const double advance = k.endMs - prevEnd;
        prevEnd = k.endMs;
        const double ej = t.powerW * t.gpuMs;
        energyMJ += ej;
        busy += t.gpuMs;
        if (critical) {
            acc.add(static_cast<int>(t.errorClass), t.gpuMs, t.bandLowMs, t.bandHighMs);
            m_p.classMs[static_cast<std::size_t>(t.errorClass)] += t.gpuMs;
        }
        if (m_nodes) {
            NodeTiming &nt = m_nodes[k.node];
            nt.latencyMs += advance;
            nt.gpuMs += t.gpuMs;
            nt.waitMs += std::max(0.0, advance - t.gpuMs);
            nt.flops += t.flops;
            nt.bytes += t.bytes;
            ++nt.kernels;
            nt.energyJ += ej * 1e-3;
            nt.bandLowMs += t.bandLowMs;
            nt.bandHighMs += t.bandHighMs;
            // The node's bound is the model's bound of its longest kernel (first of equals).
            if (static_cast<int>(k.node) != m_longestNode) {
                m_longestNode = static_cast<int>(k.node);
                m_longest = -1;
            }
            if (t.gpuMs > m_longest) {
                m_longest = t.gpuMs;
                nt.bound = t.modelBound;
            }
        }
        if (!kernels.empty()) {
            kernels[k.kernel].critical = critical;
        }
    }

    const KernelPlan &m_plan;
    const std::vector<DistinctTiming> &m_dt;
    const HostCosts &m_hc;
    Prediction &m_p;
    NodeTiming *const m_nodes;  // null when the prediction keeps no nodes
    const bool m_fused;
    Pending m_pending;
    bool m_first = true;
    int m_longestNode = -1;
    double m_longest = -1;
};

// Per node: host-bound nodes, and the time a node waited added to its band.
void finishNodeTimings(std::vector<NodeTiming> &nodes) {
    for (NodeTiming &nt : nodes) {
        if (nt.kernels == 0) {
            nt.bound = nt.hostMs > 0 ? Bound::Host : Bound::Latency;
            continue;
        }
        const double waitPart = std::max(0.0, nt.latencyMs - nt.gpuMs);
        nt.bandLowMs += waitPart;
        nt.bandHighMs += waitPart;
        if (waitPart > nt.gpuMs) {
            nt.bound = Bound::Host;
        }
    }
}

// End-to-end figures from the timeline: latency, host and GPU time, bands, energy, throughput.
void setTotals(Prediction &p, Timeline &tl, const HostCosts &hc, const UncertaintyCalibration &cal, double idleW,
               double tdpW, const EnergyParameters &energy) {
    p.hostOps = tl.hostOps;
    p.latencyMs = std::max(tl.host, tl.gpuFree);
    p.hostMs = tl.host;
    finishNodeTimings(p.nodes);
    p.gpuBusyMs = tl.busy;
    p.overheadMs = std::max(0.0, p.latencyMs - (tl.prevEnd - hc.perInferenceMs));
    double critical = 0;
    for (int c = 0; c < kKernelErrorClassCount; ++c) {
        critical += p.classMs[static_cast<std::size_t>(c)];
    }
    const double hostBound = std::max(0.0, p.latencyMs - critical);
    p.classMs[kHostBandClass] = hostBound;
    p.hostWaitMs = std::max(0.0, p.latencyMs - tl.busy);
    tl.acc.add(kHostBandClass, hostBound, hostBound * cal.hostLow, hostBound * cal.hostHigh);
    tl.acc.halfWidths(cal.scale, p.classBandDownMs, p.classBandUpMs, cal.gemmScale);
    tl.acc.bandOf(p.latencyMs, cal.scale, cal.systemRelative, p.bandLowMs, p.bandHighMs, cal.gemmScale);
    const double energyMJ = tl.energyMJ + p.hostWaitMs * hostWaitPowerW(idleW, tdpW, energy);
    p.energyJ = energyMJ * 1e-3;
    p.avgPowerW = p.latencyMs > 0 ? energyMJ / p.latencyMs : 0.0;
    p.throughputPerS = p.latencyMs > 0 ? static_cast<double>(p.batch) * 1000.0 / p.latencyMs : 0.0;
}

// GEMM weights stored in a weight format (W4A16, W8A16, ...): the weights' bytes at that format
// instead of the precision's storage type; the rest (norms, biases, embeddings read by Gather)
// stays. Weight GEMMs are counted once per launch: the plan launches each layer's GEMM once.
void applyWeightFormat(PlanMemoryFootprint &f, const KernelPlan &plan, const ResolvedWeightFormat &weights) {
    if (weights.bytesPerWeight <= 0) {
        return;
    }
    double delta = 0;
    for (const PlannedKernel &pk : plan.kernels) {
        const Kernel &k = pk.kernel;
        if (DecodeModel::kindOf(k) == DecodeKernelKind::Weights) {
            // A grouped expert GEMM: every stored expert is in the format, not only those it reads.
            const double matrices = k.weightMatrices > 0 ? static_cast<double>(k.weightMatrices) : 1.0;
            delta += matrices * static_cast<double>(k.k) * static_cast<double>(k.n) * (weights.bytesPerWeight - k.elementBytes);
        }
    }
    delta = std::max(delta, -f.weightsBytes);
    f.weightsBytes += delta;
    f.weightBlocksBytes = std::max(0.0, f.weightBlocksBytes + delta);
    f.weightReservedBytes = std::max(0.0, f.weightReservedBytes + delta);
}

void addPlanWarnings(Prediction &p, const KernelPlan &plan, const UncostedEstimate &uncosted) {
    if (!plan.approximatedOps.isEmpty()) {
        p.warnings << QStringLiteral("approximated as memory-bound copies (no lowering rule): %1")
                          .arg(plan.approximatedOps.join(QStringLiteral(", ")));
    }
    p.warnings << uncosted.warnings();
    if (!p.memory.fits) {
        p.warnings << QStringLiteral("does not fit: %1 MiB needed, %2 MiB usable on %3")
                          .arg(p.memory.deviceUsedBytes / 1048576.0, 0, 'f', 0)
                          .arg(p.memory.capacityBytes / 1048576.0, 0, 'f', 0)
                          .arg(p.targetLabel);
    }
}

// A plan with no kernel whose graph outputs all have unknown shapes predicts nothing but fixed
// overheads: the shapes went unknown for the whole model (inputs that do not fit it, a rank the
// rules refuse), and a number would look like a result.
Status checkSomethingToPredict(const Graph &graph, const KernelPlan &plan) {
    if (!plan.kernels.empty() || plan.unknownNodes == 0) {
        return Status::success();
    }
    for (const Node &node : graph.nodes) {
        for (const auto &attribute : node.attributes) {
            if (attribute.second.kind == Attribute::Kind::Graph) {
                return Status::success();  // If / Loop / Scan: their bodies are estimated (uncosted_nodes.h)
            }
        }
    }
    int knownOutputs = 0;
    for (int o : graph.outputs) {
        if (o >= 0 && static_cast<std::size_t>(o) < graph.values.size() && graph.values[static_cast<std::size_t>(o)].shapeKnown()) {
            ++knownOutputs;
        }
    }
    if (knownOutputs > 0) {
        return Status::success();
    }
    // The file's own names (graph, op types) may hold line breaks: the message stays one line.
    return Error{oneLine(QStringLiteral("%1: no node can be costed: the shapes of all %2 graph output(s) are unknown at these knobs "
                                        "(%3 node(s) without shapes: %4); check the input shapes and the --batch, --image, "
                                        "--seq or --input values")
                             .arg(graph.sourcePath.isEmpty() ? graph.name : graph.sourcePath)
                             .arg(graph.outputs.size())
                             .arg(plan.unknownNodes)
                             .arg(plan.unknownOps.join(QStringLiteral(", "))))};
}

}  // namespace

Prediction predictPlan(const Graph &graph, const GraphAnalysis &analysis, const KernelPlan &planIn,
                       const TargetDevice &device, const PredictOptions &options) {
    const KernelModel &km = options.kernelModel ? *options.kernelModel : KernelModel::builtIn();
    const HostOverheadParameters &hp =
        options.llmRuntime ? options.llmRuntime->decodeHost
                           : (options.hostModel ? *options.hostModel : HostOverheadModel::builtIn()).of(planIn.runtime);
    const Target &target = device.target;

    // Distinct kernels: indexed by lowerGraph; a plan edited by hand is indexed here.
    std::optional<KernelPlan> indexed;
    if (planIn.distinctOf.size() != planIn.kernels.size()) {
        indexed = planIn;
        indexDistinctKernels(*indexed);
    }
    const KernelPlan &plan = indexed ? *indexed : planIn;

    Prediction p;
    p.targetKey = device.key.isNull() ? target.key() : device.key;
    p.targetLabel = device.label.isNull() ? target.label() : device.label;
    p.precision = plan.precision;
    p.runtime = plan.runtime;
    p.batch = std::max<std::int64_t>(1, options.batch);
    if (options.keepNodes) {
        p.nodes.resize(graph.nodes.size());
    }
    const double idleW = device.key.isNull() ? target.idleW() : device.idleW;
    const double tdpW = device.key.isNull() ? target.tdpW() : device.tdpW;

    const std::vector<DistinctTiming> &dt = timeDistinctKernels(plan, km, device, options, idleW, tdpW);
    const HostSpec &host = target.host();
    p.hostId = host.id;
    p.hostTimeScale = host.timeScale;
    p.hostAssumed = !host.calibrated();
    const HostCosts hc(hp, plan.precision == Precision::AMP, host.timeScale);
    Timeline timeline(plan, dt, hc, p, options.keepKernels);
    timeline.run(graph.nodes.size());
    setTotals(p, timeline, hc, UncertaintyCalibration::builtIn().forHost(host), idleW, tdpW, options.energy);
    p.kernelCount = static_cast<int>(plan.kernels.size());
    p.layoutKernels = plan.layoutKernels;
    // Outside the measured data (GPU generation or precision): say so and widen the band.
    p.extrapolation = device.coverage.extrapolation(device.target.gpu().architecture, plan.precision);
    p.calibration = device.calibrationNote;
    if (!p.extrapolation.isEmpty()) {
        p.extrapolated = true;
        const double w = UncertaintyCalibration::builtIn().extrapolatedWidening;
        p.bandLowMs = std::max(0.0, p.latencyMs - w * (p.latencyMs - p.bandLowMs));
        p.bandHighMs = p.latencyMs + w * (p.bandHighMs - p.latencyMs);
    }
    if (options.llmRuntime) {
        // An LLM decode step streams its weights and KV cache: its decode-class kernels' bytes at
        // datasheet bandwidth bound the band from below (the latency itself is never under it:
        // DecodeModel::time clamps each kernel at its floor).
        double floorMs = 0;
        for (const std::int32_t d : plan.distinctOf) {
            floorMs += dt[static_cast<std::size_t>(d)].floorMs;
        }
        p.bandLowMs = std::max(p.bandLowMs, std::min(floorMs, p.latencyMs));
    }

    if (options.computeMemory) {
        if (options.weights.format == WeightFormat::Native) {
            p.memory = estimateMemory(graph, analysis, plan, target, options.memory);
        } else {
            PlanMemoryFootprint f = plan.memory.valid ? plan.memory : memoryFootprint(graph, analysis, plan);
            applyWeightFormat(f, plan, options.weights);
            p.memory = estimateMemory(f, target, options.memory);
        }
    }
    // Nodes that could not be costed count as zero; the band's upper end allows for them.
    double longestKernelMs = 0;
    for (const DistinctTiming &d : dt) {
        longestKernelMs = std::max(longestKernelMs, d.bandHighMs);
    }
    const UncostedEstimate uncosted = estimateUncosted(graph, plan, device, options, longestKernelMs);
    p.bandHighMs += uncosted.upperMs;
    addPlanWarnings(p, plan, uncosted);
    if (options.keepKernels) {
        p.kernels = std::move(timeline.kernels);
    }
    return p;
}

Result<Prediction> predict(const Graph &graph, const Target &target, const Knobs &knobs, const PredictOptions &options,
                           const QMap<QString, Precision> &nodePrecisions) {
    if (Status s = checkPrecisions(knobs, nodePrecisions, target); !s) {
        return Error{s.errorMessage()};
    }
    const GraphAnalysis analysis = GraphAnalysis::of(graph);
    LoweringOptions lo;
    lo.precision = knobs.precision;
    lo.runtime = knobs.runtime;
    lo.attention = options.attention;
    lo.memoryFormat = options.memoryFormat;
    lo.nodePrecision = nodePrecisionVector(graph, nodePrecisions);
    const KernelPlan plan = lowerGraph(graph, analysis, lo);
    if (Status s = checkSomethingToPredict(graph, plan); !s) {
        return Error{s.errorMessage()};
    }
    const TargetDevice device =
        TargetDevice::make(target, options.kernelModel ? *options.kernelModel : KernelModel::builtIn());
    PredictOptions o = options;
    if (knobs.phase == DecoderPhase::Decode && !o.llmRuntime) {
        o.llmRuntime = &defaultLlmRuntime(knobs.runtime);
    }
    if (o.batch <= 1) {
        o.batch = std::max<std::int64_t>(1, knobs.batch);
    }
    return predictPlan(graph, analysis, plan, device, o);
}

}  // namespace infersight
