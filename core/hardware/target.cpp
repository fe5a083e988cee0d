// SPDX-License-Identifier: MIT
#include "hardware/target.h"

#include "hardware/gpu_catalogue.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace infersight {

namespace {

QString formatPercent(double pct) {
    return QString::number(pct, 'g', 4);
}

// The host a GPU gets when none is chosen (custom GPUs: their base's).
const HostSpec &defaultHostOf(const GpuSpec &gpu) {
    const HostCatalogue &hosts = HostCatalogue::builtIn();
    return hosts.isEmpty() ? fallbackHost() : hosts.defaultFor(gpu.base.isEmpty() ? gpu.id : gpu.base);
}

}  // namespace

Target Target::wholeGpu(const GpuSpec &gpu) {
    Target t;
    t.m_gpu = gpu;
    t.m_host = defaultHostOf(gpu);
    return t;
}

bool Target::hostIsDefault() const {
    return m_host.id == defaultHostOf(m_gpu).id;
}

Result<Target> Target::make(const GpuSpec &gpu, const QString &migProfile, std::optional<double> mpsPercent,
                            bool mpsCoRunners) {
    const QString profileName = migProfile.trimmed();
    if (!profileName.isEmpty() && mpsPercent) {
        return Error{QStringLiteral("choose either a MIG profile (%1) or an MPS share (%2 %), not both: MPS inside a MIG "
                                    "instance is not modelled")
                         .arg(profileName, formatPercent(*mpsPercent))};
    }
    Target t = wholeGpu(gpu);
    if (!profileName.isEmpty()) {
        if (!gpu.supportsMig()) {
            QStringList withMig = GpuCatalogue::builtIn().migCapableIds();
            return Error{QStringLiteral("%1 (%2) has no MIG, so MIG profile '%3' does not apply; GPUs with MIG: %4")
                             .arg(gpu.name, gpu.id, profileName, withMig.join(QStringLiteral(", ")))};
        }
        const MigProfile *profile = gpu.findMig(profileName);
        if (!profile) {
            return Error{QStringLiteral("%1 (%2) has no MIG profile '%3'; valid profiles: %4")
                             .arg(gpu.name, gpu.id, profileName, gpu.migProfileNames().join(QStringLiteral(", ")))};
        }
        t.m_kind = Kind::MigInstance;
        t.m_mig = *profile;
        return t;
    }
    if (mpsPercent) {
        const double pct = *mpsPercent;
        if (!std::isfinite(pct) || pct <= 0 || pct > 100) {
            return Error{QStringLiteral("MPS active-thread percentage must be greater than 0 and at most 100, got %1")
                             .arg(std::isfinite(pct) ? formatPercent(pct) : QStringLiteral("not a number"))};
        }
        t.m_kind = Kind::MpsShare;
        t.m_mpsPercent = pct;
        t.m_mpsCoRunners = mpsCoRunners;
    }
    return t;
}

int Target::sms() const {
    switch (m_kind) {
    case Kind::WholeGpu: return m_gpu.sms;
    case Kind::MigInstance: return m_mig->sms;
    case Kind::MpsShare:
        return std::max(1, static_cast<int>(std::floor(*m_mpsPercent / 100.0 * m_gpu.sms + 1e-9)));
    }
    return m_gpu.sms;
}

double Target::bandwidthFraction() const {
    switch (m_kind) {
    case Kind::WholeGpu: return 1.0;
    case Kind::MigInstance: return m_mig->bandwidthFraction;
    case Kind::MpsShare: return m_mpsCoRunners ? *m_mpsPercent / 100.0 : 1.0;
    }
    return 1.0;
}

double Target::l2Fraction() const {
    switch (m_kind) {
    case Kind::WholeGpu: return 1.0;
    case Kind::MigInstance: return m_mig->l2Fraction;
    case Kind::MpsShare: return m_mpsCoRunners ? *m_mpsPercent / 100.0 : 1.0;
    }
    return 1.0;
}

double Target::memoryBytes() const {
    switch (m_kind) {
    case Kind::WholeGpu: return m_gpu.usableMemoryBytes();
    case Kind::MigInstance: return m_mig->memoryBytes();
    case Kind::MpsShare:
        return m_gpu.usableMemoryBytes() * (m_mpsCoRunners ? *m_mpsPercent / 100.0 : 1.0);
    }
    return m_gpu.usableMemoryBytes();
}

std::optional<double> Target::peak(ComputeType type) const {
    const auto full = m_gpu.peak.of(type);
    return full ? std::optional<double>(*full * smFraction()) : std::nullopt;
}

std::optional<double> Target::peakFastest(ComputeType type) const {
    const auto full = m_gpu.peak.fastest(type);
    return full ? std::optional<double>(*full * smFraction()) : std::nullopt;
}

int Target::copyEngines() const {
    return m_kind == Kind::MigInstance ? m_mig->copyEngines : 0;
}

double Target::idleShare() const {
    switch (m_kind) {
    case Kind::WholeGpu: return 1.0;
    case Kind::MigInstance: return m_mig->computeFraction();
    case Kind::MpsShare: return m_mpsCoRunners ? *m_mpsPercent / 100.0 : 1.0;
    }
    return 1.0;
}

double Target::idleW() const {
    return m_gpu.idleW * idleShare();
}

double Target::tdpW() const {
    return idleW() + (m_gpu.tdpW - m_gpu.idleW) * smFraction();
}

QString Target::label() const {
    const QString gpu = m_gpu.label();
    switch (m_kind) {
    case Kind::WholeGpu: return gpu;
    case Kind::MigInstance: return QStringLiteral("%1 MIG %2").arg(gpu, m_mig->name);
    case Kind::MpsShare:
        return QStringLiteral("%1 MPS %2 %%3").arg(gpu, formatPercent(*m_mpsPercent),
                                                  m_mpsCoRunners ? QString() : QStringLiteral(" alone"));
    }
    return gpu;
}

QString Target::key() const {
    const QString host = hostIsDefault() ? QString() : QStringLiteral(":host=") + m_host.id;
    switch (m_kind) {
    case Kind::WholeGpu: return m_gpu.id + host;
    case Kind::MigInstance: return QStringLiteral("%1:mig=%2%3").arg(m_gpu.id, m_mig->name, host);
    case Kind::MpsShare:
        return QStringLiteral("%1:mps=%2%3%4").arg(m_gpu.id, formatPercent(*m_mpsPercent),
                                                  m_mpsCoRunners ? QString() : QStringLiteral(":alone"), host);
    }
    return m_gpu.id + host;
}

Result<Target> resolveTarget(const GpuCatalogue &catalogue, const QString &gpuIdOrFile, const QString &migProfile,
                             std::optional<double> mpsPercent, bool mpsCoRunners, const QString &hostId) {
    Result<Target> t = resolveTarget(catalogue, gpuIdOrFile, migProfile, mpsPercent, mpsCoRunners);
    if (!t || hostId.trimmed().isEmpty()) {
        return t;
    }
    Result<HostSpec> host = resolveHost(HostCatalogue::builtIn(), hostId, t->gpu().base.isEmpty() ? t->gpu().id : t->gpu().base);
    if (!host) {
        return host.error();
    }
    t->setHost(*host);
    return t;
}

Result<Target> resolveTarget(const GpuCatalogue &catalogue, const QString &gpuIdOrFile, const QString &migProfile,
                             std::optional<double> mpsPercent, bool mpsCoRunners) {
    const QString what = gpuIdOrFile.trimmed();
    if (what.isEmpty()) {
        return Error{QStringLiteral("no GPU given; known GPUs: %1").arg(catalogue.ids().join(QStringLiteral(", ")))};
    }
    if (const GpuSpec *gpu = catalogue.find(what)) {
        return Target::make(*gpu, migProfile, mpsPercent, mpsCoRunners);
    }
    const QFileInfo file(what);
    if (file.isFile() || what.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        auto gpu = catalogue.readGpuFile(what);
        if (!gpu) {
            return gpu.error();
        }
        return Target::make(*gpu, migProfile, mpsPercent, mpsCoRunners);
    }
    // Nearest ids first, to make typos easy to fix.
    QStringList near;
    const QString lower = what.toLower();
    for (const auto &id : catalogue.ids()) {
        if (id.contains(lower) || lower.contains(id)) {
            near << id;
        }
    }
    QString hint = near.isEmpty() ? QString() : QStringLiteral(" (did you mean %1?)").arg(near.join(QStringLiteral(", ")));
    return Error{QStringLiteral("unknown GPU '%1'%2; known GPUs: %3; or give a GPU file (.json)")
                     .arg(what, hint, catalogue.ids().join(QStringLiteral(", ")))};
}

}  // namespace infersight
