// SPDX-License-Identifier: MIT
// Chart input computed the plain way, through the public core API (Design::open, predict()), with
// no caching and nothing from the explorer session: the reference the chart tests compare the
// charts with, and the input of the chart benchmark.
#pragma once

#include "charts/chart_data.h"
#include "charts/palette.h"
#include "design/design.h"
#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"
#include "predict/predictor.h"

#include <QString>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace infersight::chart_test {

// Stops the test program with the reason (test data that cannot be built is a broken test, not a failure to compare).
inline void require(bool ok, const QString &what) {
    if (!ok) {
        std::fprintf(stderr, "chart test data: %s\n", qPrintable(what));
        std::abort();
    }
}

// "a100-sxm4-80gb" or "a100-sxm4-80gb:1g.10gb" (GPU id, optional MIG profile).
inline Target makeTarget(const QString &spec) {
    const QStringList parts = spec.split(QLatin1Char(':'));
    const GpuSpec *gpu = GpuCatalogue::builtIn().find(parts.front());
    require(gpu != nullptr, QStringLiteral("unknown GPU ") + parts.front());
    auto target = Target::make(*gpu, parts.size() > 1 ? parts[1] : QString());
    require(target.ok(), target ? QString() : target.errorMessage());
    return *target;
}

// The batch sizes of the sweep: 1, 2, 4, ..., 1024.
inline std::vector<std::int64_t> powersOfTwo(std::int64_t max = 1024) {
    std::vector<std::int64_t> out;
    for (std::int64_t b = 1; b <= max; b *= 2) {
        out.push_back(b);
    }
    return out;
}

struct BuildOptions {
    std::vector<std::int64_t> sweepBatches = powersOfTwo();
    std::vector<std::int64_t> energyBatches = powersOfTwo();
    std::vector<Precision> energyPrecisions = {Precision::FP32, Precision::TF32, Precision::FP16, Precision::BF16,
                                               Precision::INT8, Precision::FP8};
};

// `design` at batch `batch` (same knobs otherwise).
inline Design atBatch(const Design &design, std::int64_t batch) {
    Design copy = design;
    const Status st = copy.setBatch(batch);
    require(st.ok(), st.errorMessage());
    return copy;
}

inline std::shared_ptr<ChartData> buildChartData(const Design &design, const std::vector<Target> &targets,
                                                 const BuildOptions &options = {}) {
    auto data = std::make_shared<ChartData>();
    data->graph = design.sharedGraph();
    data->modelName = design.source().section(QLatin1Char(':'), -1).section(QLatin1Char('/'), -1);
    data->knobs = design.knobs();
    // The graphs of every batch, shared by the targets.
    std::vector<std::int64_t> batches = options.sweepBatches;
    batches.insert(batches.end(), options.energyBatches.begin(), options.energyBatches.end());
    std::sort(batches.begin(), batches.end());
    batches.erase(std::unique(batches.begin(), batches.end()), batches.end());
    std::map<std::int64_t, Design> designs;
    for (const std::int64_t b : batches) {
        designs.emplace(b, atBatch(design, b));
    }
    for (std::size_t i = 0; i < targets.size(); ++i) {
        const Target &target = targets[i];
        ChartTarget t;
        t.key = target.key();
        t.label = target.label();
        t.colour = targetColour(static_cast<int>(i));
        t.target = target;
        t.usableMemoryBytes = target.memoryBytes();
        PredictOptions full;
        full.batch = design.knobs().batch;
        auto current = predict(design.graph(), target, design.knobs(), full, design.nodePrecisions());
        if (!current) {
            t.error = current.errorMessage();
        } else {
            t.current = std::make_shared<const Prediction>(*current);
        }
        PredictOptions light;
        light.keepKernels = false;
        light.keepNodes = false;
        for (const std::int64_t b : options.sweepBatches) {
            const Design &d = designs.at(b);
            light.batch = b;
            auto p = predict(d.graph(), target, d.knobs(), light, d.nodePrecisions());
            if (!p) {
                continue;
            }
            t.batchSweep.push_back({b, p->latencyMs, p->bandLowMs, p->bandHighMs, p->throughputPerS, p->energyJ,
                                    p->memory.deviceUsedBytes, p->memory.fits});
        }
        for (const std::int64_t b : options.energyBatches) {
            for (const Precision precision : options.energyPrecisions) {
                const Design &d = designs.at(b);
                Knobs knobs = d.knobs();
                knobs.precision = precision;
                light.batch = b;
                auto p = predict(d.graph(), target, knobs, light, d.nodePrecisions());
                if (!p) {
                    continue;  // a precision the GPU lacks
                }
                t.energyLatency.push_back({b, precision, p->latencyMs, p->energyJ, p->memory.fits});
            }
        }
        data->targets.push_back(std::move(t));
    }
    return data;
}

inline Design openDesign(const QString &source, std::int64_t batch, Precision precision, int depth = -1) {
    Knobs knobs;
    knobs.batch = batch;
    knobs.precision = precision;
    auto design = Design::open(source, knobs);
    require(design.ok(), design ? QString() : design.errorMessage());
    Design d = *design;
    if (depth > 0) {
        const Status st = d.setDepth(depth);
        require(st.ok(), st.errorMessage());
    }
    return d;
}

}  // namespace infersight::chart_test
