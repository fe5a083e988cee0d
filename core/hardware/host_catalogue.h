// SPDX-License-Identifier: MIT
// The host side of a target: the server or cloud instance a GPU sits in. Eager frameworks spend
// CPU time per op (dispatch, launch), so the host is part of what a prediction describes, beside
// the GPU. The built-in catalogue (resources/hosts/hosts.json, compiled in as
// ":/hosts/hosts.json") lists NVIDIA DGX systems and the usual cloud instances with their CPUs
// (facts from /work/shared/data/hosts, each with its source) and, per system, what the data says
// about its host speed:
//   - "fitted": the host costs were fitted on this system's measurements (the DGX-1 of NVIDIA's
//     DeepLearningExamples tables; docs/predictor.md "Host overhead");
//   - "assumed": no measurement of this system is in the data. Its host costs are the fitted
//     system's scaled by `timeScale` (1 unless stated), and the band of host-bound time is widened
//     to [bandLow, bandHigh] x the prediction, because the data cannot separate its host speed
//     from the fitted server's (CPU single-thread scores do not explain eager overhead across
//     systems: /work/shared/data/hosts/README.md).
// Each GPU of the GPU catalogue has a default host (the system it usually ships in, or
// "unspecified").
#pragma once

#include "base/result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace infersight {

enum class HostCalibration : std::uint8_t { Fitted, Assumed };
QString hostCalibrationName(HostCalibration c);  // "fitted", "assumed"

struct HostSpec {
    QString id;           // "dgx-a100", "aws-g4dn", "unspecified"
    QString name;         // "NVIDIA DGX A100"
    QString cpu;          // "2x AMD EPYC 7742"
    QString cpuModel;     // "AMD EPYC 7742" (host_cpus.csv row), empty when the system names no single model
    QString microarchitecture;  // "Zen 2 (Rome)"
    double baseGhz = 0;   // 0: not stated by a source
    double turboGhz = 0;
    int singleThreadScore = 0;  // PassMark single-thread rating (snapshot 2022-08-08); 0: none
    QString pcie;         // host link of the GPUs, e.g. "PCIe 4.0" (empty: not stated)
    QStringList gpus;     // GPU catalogue ids the system carries
    QStringList defaultFor;  // GPU catalogue ids for which this is the default host
    QString source;       // source URL(s) of the system's CPU
    QString notes;

    // Host model (see the file comment).
    HostCalibration calibration = HostCalibration::Assumed;
    double timeScale = 1.0;  // multiplies every eager/fused host cost of the fitted server
    double bandLow = 1.0;    // host-bound time lies in [bandLow, bandHigh] x predicted (80 % band)
    double bandHigh = 1.0;   // (fitted hosts: 1/1 = the calibration's own band is used)
    QString calibrationNote;  // what the data says about this system's host speed

    bool calibrated() const { return calibration == HostCalibration::Fitted; }
    QString label() const { return name; }
};

class HostCatalogue {
public:
    static constexpr char kResourcePath[] = ":/hosts/hosts.json";
    static constexpr char kSchema[] = "infersight-host-catalogue";
    static constexpr int kSchemaVersion = 1;
    static constexpr char kUnspecifiedId[] = "unspecified";

    HostCatalogue() = default;
    static Result<HostCatalogue> fromResource();
    // Loaded once; empty (with a logged error) only if the compiled-in resource is broken, which
    // the unit tests rule out.
    static const HostCatalogue &builtIn();
    static Result<HostCatalogue> fromJson(const QByteArray &json, const QString &sourceName);

    const std::vector<HostSpec> &hosts() const { return m_hosts; }
    const HostSpec *find(const QString &id) const;  // case-insensitive
    QStringList ids() const;
    // The default host of a GPU catalogue id (custom GPUs: of their base); the "unspecified"
    // host when no system lists the GPU.
    const HostSpec &defaultFor(const QString &gpuId) const;
    const HostSpec &unspecified() const;
    // The system the host costs were fitted on (calibration "fitted"); nullptr when none is.
    const HostSpec *fitted() const;
    bool isEmpty() const { return m_hosts.empty(); }
    QString description() const { return m_description; }

private:
    std::vector<HostSpec> m_hosts;
    QString m_description;
};

// The host the prediction assumes when nothing says otherwise: the fitted server's costs,
// uncalibrated band (used when the catalogue is empty).
const HostSpec &fallbackHost();

// Resolves the CLI's `--host ID` for a GPU: an empty id gives the GPU's default host; an unknown
// id lists the known ones.
Result<HostSpec> resolveHost(const HostCatalogue &catalogue, const QString &hostId, const QString &gpuId);

}  // namespace infersight
