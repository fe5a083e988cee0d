// SPDX-License-Identifier: MIT
#include "charts/chart_session.h"

namespace infersight {

std::shared_ptr<const ChartData> chartDataFrom(const std::shared_ptr<const SessionResults> &results) {
    auto data = std::make_shared<ChartData>();
    if (!results) {
        return data;
    }
    if (results->design) {
        // Shares the snapshot's graph (and keeps the snapshot alive through it).
        data->graph = results->design->sharedGraph();
        const QString source = results->design->source();
        data->modelName = isZooSource(source) ? source.section(QLatin1Char(':'), 1) : source.section(QLatin1Char('/'), -1);
    }
    data->knobs = results->knobs;
    data->selectedTarget = results->selectedTarget;
    data->generation = results->generation;
    data->targets.reserve(results->targets.size());
    for (const TargetResult &r : results->targets) {
        ChartTarget t;
        t.key = r.key;
        t.label = r.label;
        t.colour = r.colour;
        t.target = r.target;
        t.error = r.error;
        t.current = r.current;
        t.usableMemoryBytes = r.usableMemoryBytes;
        t.sweepsCurrent = r.sweepsCurrent;
        t.llm = r.llm;
        t.batchSweep.reserve(r.batchSweep.size());
        for (const SweepPoint &p : r.batchSweep) {
            t.batchSweep.push_back({p.batch, p.latencyMs, p.bandLowMs, p.bandHighMs, p.throughputPerS, p.energyJ, p.memoryBytes, p.fits});
        }
        t.energyLatency.reserve(r.energyLatency.size());
        for (const ParetoPoint &p : r.energyLatency) {
            t.energyLatency.push_back({p.batch, p.precision, p.latencyMs, p.energyJ, p.fits});
        }
        data->targets.push_back(std::move(t));
    }
    return data;
}

}  // namespace infersight
