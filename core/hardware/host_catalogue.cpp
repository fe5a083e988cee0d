// SPDX-License-Identifier: MIT
#include "hardware/host_catalogue.h"

#include "hardware/gpu_json.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtGlobal>

#include <cmath>

namespace infersight {

QString hostCalibrationName(HostCalibration c) {
    return c == HostCalibration::Fitted ? QStringLiteral("fitted") : QStringLiteral("assumed");
}

namespace {

QStringList stringList(const QJsonValue &v) {
    QStringList out;
    for (const QJsonValue &x : v.toArray()) {
        out << x.toString();
    }
    return out;
}

Result<HostSpec> readHost(const QJsonObject &o, const QString &where) {
    static const QStringList known = {
        QStringLiteral("id"),         QStringLiteral("name"),        QStringLiteral("cpu"),
        QStringLiteral("cpu_model"),  QStringLiteral("microarchitecture"), QStringLiteral("base_ghz"),
        QStringLiteral("turbo_ghz"),  QStringLiteral("single_thread_score"), QStringLiteral("pcie"),
        QStringLiteral("gpus"),       QStringLiteral("default_for"), QStringLiteral("source"),
        QStringLiteral("notes"),      QStringLiteral("host_model")};
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!known.contains(it.key())) {
            return Error{QStringLiteral("%1: unknown field '%2'").arg(where, it.key())};
        }
    }
    HostSpec h;
    h.id = o.value(QStringLiteral("id")).toString();
    h.name = o.value(QStringLiteral("name")).toString();
    if (h.id.isEmpty() || h.name.isEmpty()) {
        return Error{QStringLiteral("%1: 'id' and 'name' are required").arg(where)};
    }
    const QString at = QStringLiteral("%1 (host '%2')").arg(where, h.id);
    h.cpu = o.value(QStringLiteral("cpu")).toString();
    h.cpuModel = o.value(QStringLiteral("cpu_model")).toString();
    h.microarchitecture = o.value(QStringLiteral("microarchitecture")).toString();
    h.baseGhz = o.value(QStringLiteral("base_ghz")).toDouble(0.0);
    h.turboGhz = o.value(QStringLiteral("turbo_ghz")).toDouble(0.0);
    h.singleThreadScore = o.value(QStringLiteral("single_thread_score")).toInt(0);
    h.pcie = o.value(QStringLiteral("pcie")).toString();
    h.gpus = stringList(o.value(QStringLiteral("gpus")));
    h.defaultFor = stringList(o.value(QStringLiteral("default_for")));
    h.source = o.value(QStringLiteral("source")).toString();
    h.notes = o.value(QStringLiteral("notes")).toString();
    if (h.id != QLatin1String(HostCatalogue::kUnspecifiedId) && h.source.isEmpty()) {
        return Error{QStringLiteral("%1: 'source' is required (where the CPU figure comes from)").arg(at)};
    }
    if (h.baseGhz < 0 || h.turboGhz < 0 || h.singleThreadScore < 0) {
        return Error{QStringLiteral("%1: clocks and scores must not be negative").arg(at)};
    }
    const QJsonObject m = o.value(QStringLiteral("host_model")).toObject();
    if (m.isEmpty()) {
        return Error{QStringLiteral("%1: 'host_model' is required").arg(at)};
    }
    const QString cal = m.value(QStringLiteral("calibration")).toString();
    if (cal == QLatin1String("fitted")) {
        h.calibration = HostCalibration::Fitted;
    } else if (cal == QLatin1String("assumed")) {
        h.calibration = HostCalibration::Assumed;
    } else {
        return Error{QStringLiteral("%1: host_model.calibration must be 'fitted' or 'assumed', not '%2'").arg(at, cal)};
    }
    // "time_scale_from": another host's id; its time scale is copied when the catalogue is read
    // (fromJson), e.g. systems of one era take the scale fitted on a measured machine of that era.
    if (m.contains(QStringLiteral("time_scale_from")) && m.contains(QStringLiteral("time_scale"))) {
        return Error{QStringLiteral("%1: host_model has both 'time_scale' and 'time_scale_from'; give one").arg(at)};
    }
    h.timeScale = m.value(QStringLiteral("time_scale")).toDouble(1.0);
    h.bandLow = m.value(QStringLiteral("band_low")).toDouble(1.0);
    h.bandHigh = m.value(QStringLiteral("band_high")).toDouble(1.0);
    h.calibrationNote = m.value(QStringLiteral("note")).toString();
    if (!(h.timeScale > 0.1 && h.timeScale < 10.0)) {
        return Error{QStringLiteral("%1: host_model.time_scale must be in (0.1, 10)").arg(at)};
    }
    if (!(h.bandLow > 0 && h.bandLow <= 1.0 && h.bandHigh >= 1.0 && h.bandHigh < 10.0)) {
        return Error{QStringLiteral("%1: host_model band must satisfy 0 < band_low <= 1 <= band_high < 10").arg(at)};
    }
    if (h.calibration == HostCalibration::Assumed && h.bandLow == 1.0 && h.bandHigh == 1.0) {
        return Error{QStringLiteral("%1: an assumed host needs a widened band (band_low < 1 or band_high > 1)").arg(at)};
    }
    return h;
}

}  // namespace

Result<HostCatalogue> HostCatalogue::fromJson(const QByteArray &json, const QString &sourceName) {
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (err.error != QJsonParseError::NoError) {
        return Error{QStringLiteral("%1: %2").arg(sourceName, describeJsonParseError(json, err))};
    }
    if (!doc.isObject()) {
        return Error{QStringLiteral("%1: the top level must be a JSON object").arg(sourceName)};
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("schema")).toString() != QLatin1String(kSchema)) {
        return Error{QStringLiteral("%1: schema is not '%2'").arg(sourceName, QLatin1String(kSchema))};
    }
    if (root.value(QStringLiteral("schema_version")).toInt() != kSchemaVersion) {
        return Error{QStringLiteral("%1: schema_version %2 is not supported (expected %3)")
                         .arg(sourceName)
                         .arg(root.value(QStringLiteral("schema_version")).toInt())
                         .arg(kSchemaVersion)};
    }
    HostCatalogue c;
    c.m_description = root.value(QStringLiteral("description")).toString();
    const QJsonArray hosts = root.value(QStringLiteral("hosts")).toArray();
    QStringList defaults;
    QStringList scaleFrom;  // per host: host_model.time_scale_from (empty: none)
    for (qsizetype i = 0; i < hosts.size(); ++i) {
        Result<HostSpec> h = readHost(hosts.at(i).toObject(), QStringLiteral("%1: hosts[%2]").arg(sourceName).arg(i));
        if (!h) {
            return h.error();
        }
        if (c.find(h->id)) {
            return Error{QStringLiteral("%1: host id '%2' appears twice").arg(sourceName, h->id)};
        }
        for (const QString &g : h->defaultFor) {
            if (defaults.contains(g)) {
                return Error{QStringLiteral("%1: GPU '%2' has two default hosts").arg(sourceName, g)};
            }
            defaults << g;
        }
        scaleFrom.push_back(
            hosts.at(i).toObject().value(QStringLiteral("host_model")).toObject().value(QStringLiteral("time_scale_from")).toString());
        c.m_hosts.push_back(std::move(h.value()));
    }
    for (std::size_t i = 0; i < c.m_hosts.size(); ++i) {
        const QString &from = scaleFrom.at(static_cast<qsizetype>(i));
        if (from.isEmpty()) {
            continue;
        }
        const HostSpec *source = c.find(from);
        if (!source || !source->calibrated()) {
            return Error{QStringLiteral("%1: hosts[%2] (host '%3'): host_model.time_scale_from '%4' must name a fitted host "
                                        "of the catalogue")
                             .arg(sourceName)
                             .arg(i)
                             .arg(c.m_hosts[i].id, from)};
        }
        c.m_hosts[i].timeScale = source->timeScale;
    }
    if (!c.find(QLatin1String(kUnspecifiedId))) {
        return Error{QStringLiteral("%1: the '%2' host is missing").arg(sourceName, QLatin1String(kUnspecifiedId))};
    }
    return c;
}

Result<HostCatalogue> HostCatalogue::fromResource() {
    QFile f(QString::fromLatin1(kResourcePath));
    if (!f.open(QIODevice::ReadOnly)) {
        return Error{QStringLiteral("built-in host catalogue missing (%1)").arg(f.errorString())};
    }
    return fromJson(f.readAll(), QStringLiteral("hosts.json (built-in)"));
}

const HostCatalogue &HostCatalogue::builtIn() {
    static const HostCatalogue catalogue = [] {
        Result<HostCatalogue> c = fromResource();
        if (!c) {
            qCritical("infersight: %s", qPrintable(c.errorMessage()));
            return HostCatalogue();
        }
        return std::move(c.value());
    }();
    return catalogue;
}

const HostSpec *HostCatalogue::find(const QString &id) const {
    for (const HostSpec &h : m_hosts) {
        if (h.id.compare(id, Qt::CaseInsensitive) == 0) {
            return &h;
        }
    }
    return nullptr;
}

QStringList HostCatalogue::ids() const {
    QStringList out;
    for (const HostSpec &h : m_hosts) {
        out << h.id;
    }
    return out;
}

const HostSpec &HostCatalogue::unspecified() const {
    const HostSpec *h = find(QLatin1String(kUnspecifiedId));
    return h ? *h : fallbackHost();
}

// The system whose costs the eager host parameters are: a "fitted" host with time scale 1. (A
// measured system whose own time scale was fitted on its rows, like "measured-h100-vm", is fitted
// too, but its costs are the server's x its scale.)
const HostSpec *HostCatalogue::fitted() const {
    for (const HostSpec &h : m_hosts) {
        if (h.calibrated() && h.timeScale == 1.0) {
            return &h;
        }
    }
    return nullptr;
}

const HostSpec &HostCatalogue::defaultFor(const QString &gpuId) const {
    for (const HostSpec &h : m_hosts) {
        for (const QString &g : h.defaultFor) {
            if (g.compare(gpuId, Qt::CaseInsensitive) == 0) {
                return h;
            }
        }
    }
    return unspecified();
}

const HostSpec &fallbackHost() {
    static const HostSpec h = [] {
        HostSpec s;
        s.id = QLatin1String(HostCatalogue::kUnspecifiedId);
        s.name = QStringLiteral("Server not specified");
        s.calibration = HostCalibration::Assumed;
        s.bandLow = 0.35;  // as the catalogue's "unspecified" (tools/analysis/make_host_catalogue.py)
        s.bandHigh = 1.2;
        s.calibrationNote = QStringLiteral("host catalogue unavailable");
        return s;
    }();
    return h;
}

Result<HostSpec> resolveHost(const HostCatalogue &catalogue, const QString &hostId, const QString &gpuId) {
    if (hostId.trimmed().isEmpty()) {
        return catalogue.isEmpty() ? fallbackHost() : catalogue.defaultFor(gpuId);
    }
    if (const HostSpec *h = catalogue.find(hostId.trimmed())) {
        return *h;
    }
    return Error{QStringLiteral("unknown host '%1'; known hosts: %2")
                     .arg(hostId, catalogue.ids().join(QStringLiteral(", ")))};
}

}  // namespace infersight
