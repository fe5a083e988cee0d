// SPDX-License-Identifier: MIT
// MIG planner: for one GPU, every MIG profile NVIDIA lists for it (the catalogue's, "+me" media
// profiles included) and a few MPS shares, with the predicted memory, whether it fits (usable
// memory less a headroom), latency, replicas per GPU, throughput per GPU and energy per
// inference; a recommendation; and DIPPM's memory-only rule beside it.
//
// Rules (docs/design-space.md):
//  - fits: predicted device memory <= usable memory x (1 - headroom) (usable = nvidia-smi's lgip
//    figure for a MIG instance, the share of usable memory for an MPS client with co-runners).
//  - replicas: the profile's maximum instance count per GPU; MPS: floor(100 / share) clients.
//  - throughput per GPU = replicas x batch / latency.
//  - recommended, with an SLO: the smallest fitting profile (fewest compute slices, then least
//    memory) whose latency meets the SLO; without one: the fitting profile with the highest
//    throughput per GPU. "+me" profiles are listed but never recommended (same slice as their
//    plain twin, fewer instances; Infersight models no media engines).
//  - DIPPM's rule (Panner Selvam & Brorsson, Euro-Par 2023): the smallest profile whose nominal
//    memory (the "Ngb" of its name, read as GiB) is at least the predicted memory, with no
//    headroom and no latency check; applied to this GPU's profile names. The plan says when that
//    pick does not actually fit or misses the SLO.
#pragma once

#include "base/result.h"
#include "explore/point_predictor.h"
#include "hardware/gpu_spec.h"
#include "hardware/host_catalogue.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace infersight {

struct MigOption {
    enum class Kind : std::uint8_t { Mig, Mps };
    Kind kind = Kind::Mig;
    QString profile;            // "1g.5gb"; MPS: "mps-50"
    QString label;              // "MIG 1g.5gb", "MPS 50 %"
    int computeSlices = 0;      // MIG; 0 for MPS
    int sms = 0;
    double mpsPercent = 0;
    bool mediaExtensions = false;
    double usableMib = 0;       // the target's usable memory
    double budgetMib = 0;       // usable x (1 - headroom)
    double nominalGib = 0;      // the memory in the profile's name (MIG), for DIPPM's rule

    bool ok = false;            // predicted (else `error`)
    QString error;
    double memoryMib = 0;       // predicted device memory
    bool fits = false;
    double latencyMs = 0;
    double latencyLowMs = 0;
    double latencyHighMs = 0;
    int replicas = 0;
    double throughputPerInstance = 0;  // inferences per second of one instance
    double throughputPerGpu = 0;
    double energyJ = 0;         // per inference
    bool meetsSlo = true;       // latency <= SLO (true without an SLO)
};

struct MigPlannerOptions {
    std::optional<double> sloMs;
    double headroom = 0.10;                       // fraction of usable memory kept free
    std::vector<double> mpsShares{25, 50, 75, 100};
    // The host system the GPU sits in (CLI --host); nullopt: the GPU's default (Target::make's).
    // Every slice and share keeps it: a slice does not change the host's cost.
    std::optional<HostSpec> host;
};

struct MigPlan {
    QString gpu;            // id
    QString gpuLabel;
    HostSpec host;          // the host system assumed for every option
    Knobs knobs;
    std::optional<double> sloMs;
    double headroom = 0.10;
    std::vector<MigOption> options;     // MIG profiles in the catalogue's (NVIDIA's) order
    std::vector<MigOption> mpsOptions;  // MPS shares
    int recommended = -1;               // index into options, -1: none
    QString reason;                     // why (or why none)
    int recommendedMps = -1;            // index into mpsOptions, same rule
    int dippm = -1;                     // DIPPM's pick, index into options, -1: none large enough
    QString dippmNote;                  // whether it fits / meets the SLO / agrees
    // Written by report/mig_report.h.
};

// `graph` is propagated at `knobs`' bindings. Per-option prediction errors (a precision the GPU
// lacks) are recorded in the option.
Result<MigPlan> planMig(const Graph &graph, const Knobs &knobs, const NodePrecisions &nodePrecisions, const GpuSpec &gpu,
                        const PointPredictor &predictor, const MigPlannerOptions &options = {});

// "1g.5gb" -> 5, "3g.40gb" -> 40, "1g.10gb+me" -> 10; 0 when the name has no memory part.
double nominalProfileGib(const QString &profile);

}  // namespace infersight
