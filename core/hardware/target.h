// SPDX-License-Identifier: MIT
// A prediction target: a whole GPU, one MIG instance of it, or an MPS share of it, with the
// effective resources the predictor uses. The model is documented in docs/hardware.md.
#pragma once

#include "base/result.h"
#include "hardware/gpu_spec.h"
#include "hardware/host_catalogue.h"

#include <QString>

#include <optional>

namespace infersight {

class GpuCatalogue;

class Target {
public:
    enum class Kind : std::uint8_t { WholeGpu, MigInstance, MpsShare };

    // A GPU, optionally narrowed to one MIG profile (by name, "1g.5gb") or to an MPS active-thread
    // percentage in (0, 100]. With mpsCoRunners (default) the MPS client shares bandwidth, L2,
    // memory and idle power with co-runners of the same kind that fill the GPU, so it gets pct % of
    // each; without, it runs alone and gets all of them (only its SMs are limited).
    // Errors: MIG on a GPU without MIG (lists the GPUs with MIG), unknown profile (lists the valid
    // ones), MPS <= 0 or > 100, MIG and MPS together.
    static Result<Target> make(const GpuSpec &gpu, const QString &migProfile = {},
                               std::optional<double> mpsPercent = {}, bool mpsCoRunners = true);
    static Target wholeGpu(const GpuSpec &gpu);  // cannot fail

    Kind kind() const { return m_kind; }
    const GpuSpec &gpu() const { return m_gpu; }
    const MigProfile *migProfile() const { return m_mig ? &*m_mig : nullptr; }
    std::optional<double> mpsPercent() const { return m_mpsPercent; }
    bool mpsCoRunners() const { return m_mpsCoRunners; }

    // Effective resources.
    int sms() const;
    double smFraction() const { return m_gpu.sms > 0 ? static_cast<double>(sms()) / m_gpu.sms : 0.0; }
    double bandwidthFraction() const;   // of the GPU's DRAM bandwidth
    double l2Fraction() const;
    double bandwidthGBps() const { return m_gpu.bandwidthGBps * bandwidthFraction(); }
    double l2Bytes() const { return m_gpu.l2Bytes() * l2Fraction(); }
    double memoryBytes() const;         // usable memory: MIG = lgip MiB; MPS with co-runners = pct %
    double memoryMib() const { return memoryBytes() / (1024.0 * 1024.0); }
    // Dense peak of this path on this target: the GPU's figure times smFraction(); nullopt where the
    // GPU has no such path. peakFastest also takes P100's CUDA-core FP16 for FP16.
    std::optional<double> peak(ComputeType type) const;
    std::optional<double> peakFastest(ComputeType type) const;
    double clockMhz() const { return m_gpu.boostClockMhz; }        // clocks are not partitioned
    std::optional<double> tensorClockMhz() const { return m_gpu.tensorClock(); }  // nullopt: no tensor cores
    int copyEngines() const;             // MIG: the profile's; otherwise 0 (= not limited)

    // The host system (DGX, cloud instance) the GPU sits in: its CPU and host model (eager
    // framework costs scaled by HostSpec::timeScale, host-bound band of an assumed host widened).
    // make()/wholeGpu() give the GPU's default host (HostCatalogue::builtIn().defaultFor of the
    // GPU's id, or of its base for a custom GPU); a MIG slice or MPS share keeps the whole GPU's host.
    const HostSpec &host() const { return m_host; }
    void setHost(const HostSpec &host) { m_host = host; }
    bool hostIsDefault() const;  // the host is the GPU's default one

    // Power envelope of the slice: idleW() is its share of the board's idle draw (MIG: compute
    // slices / compute-slice count; MPS with co-runners: pct %; alone or whole GPU: all of it);
    // tdpW() = idleW() + (board TDP - board idle) x smFraction().
    double idleW() const;
    double tdpW() const;
    double idleShare() const;

    // "A100-SXM4-40GB", "A100-SXM4-40GB MIG 1g.5gb", "H100 SXM MPS 50 %", "H100 SXM MPS 50 % alone"
    // (the host is not part of the label: outputs name it on their own line).
    QString label() const;
    // Stable key for files and caches: "a100-sxm4-40gb", "a100-sxm4-40gb:mig=1g.5gb", "h100-sxm5-80gb:mps=50";
    // a host other than the GPU's default is appended: "a100-sxm4-40gb:host=aws-p4d".
    QString key() const;

private:
    Target() = default;
    GpuSpec m_gpu;
    Kind m_kind = Kind::WholeGpu;
    std::optional<MigProfile> m_mig;
    std::optional<double> m_mpsPercent;
    bool m_mpsCoRunners = true;
    HostSpec m_host;
};

// Resolves the CLI's `--gpu ID|FILE [--mig P | --mps PCT]`: `gpuIdOrFile` is a catalogue id, or the
// path of a GPU file (anything that exists as a file or ends in ".json"), read against `catalogue`
// (so it may name a "base"). Unknown ids list the known ones.
Result<Target> resolveTarget(const GpuCatalogue &catalogue, const QString &gpuIdOrFile, const QString &migProfile = {},
                             std::optional<double> mpsPercent = {}, bool mpsCoRunners = true);
// The same with `--host ID` (a HostCatalogue::builtIn() id; empty: the GPU's default host).
Result<Target> resolveTarget(const GpuCatalogue &catalogue, const QString &gpuIdOrFile, const QString &migProfile,
                             std::optional<double> mpsPercent, bool mpsCoRunners, const QString &hostId);

}  // namespace infersight
