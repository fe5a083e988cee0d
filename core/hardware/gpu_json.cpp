// SPDX-License-Identifier: MIT
#include "hardware/gpu_json.h"

#include "base/one_line.h"

#include <QJsonArray>
#include <QJsonValue>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>

namespace infersight {

namespace {

const QStringList &peakKeys() {
    static const QStringList keys = {QStringLiteral("fp32"), QStringLiteral("tf32"), QStringLiteral("fp16"),
                                     QStringLiteral("bf16"), QStringLiteral("int8"), QStringLiteral("fp8"),
                                     QStringLiteral("fp16_non_tensor")};
    return keys;
}

// Top-level keys of a GPU object in the catalogue schema, in the order they are written.
const QStringList &gpuKeys() {
    static const QStringList keys = {
        QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("short_name"), QStringLiteral("device_name"),
        QStringLiteral("architecture"), QStringLiteral("chip"), QStringLiteral("compute_capability"),
        QStringLiteral("sms"), QStringLiteral("cuda_cores"), QStringLiteral("boost_clock_mhz"),
        QStringLiteral("tensor_clock_mhz"), QStringLiteral("memory_gb"), QStringLiteral("memory_mib"),
        QStringLiteral("memory_type"), QStringLiteral("bandwidth_gbps"), QStringLiteral("l2_mb"),
        QStringLiteral("shared_mem_per_sm_kb"), QStringLiteral("peak_tflops"), QStringLiteral("tdp_w"),
        QStringLiteral("idle_w"), QStringLiteral("idle_estimated"), QStringLiteral("host_link"),
        QStringLiteral("pcie_gbps"), QStringLiteral("nvlink_gbps"), QStringLiteral("mig"), QStringLiteral("sources"),
        QStringLiteral("notes")};
    return keys;
}

// Keys only a user GPU file may carry.
const QStringList &userFileKeys() {
    static const QStringList keys = {QStringLiteral("schema"), QStringLiteral("schema_version"), QStringLiteral("base"),
                                     QStringLiteral("scale"), QStringLiteral("description")};
    return keys;
}

const QStringList &figureKeys() {
    static const QStringList keys = [] {
        QStringList k = {QStringLiteral("architecture"), QStringLiteral("chip"), QStringLiteral("compute_capability"),
                         QStringLiteral("sms"), QStringLiteral("cuda_cores"), QStringLiteral("boost_clock_mhz"),
                         QStringLiteral("tensor_clock_mhz"), QStringLiteral("memory_gb"), QStringLiteral("memory_mib"),
                         QStringLiteral("memory_type"), QStringLiteral("bandwidth_gbps"), QStringLiteral("l2_mb"),
                         QStringLiteral("shared_mem_per_sm_kb")};
        for (const auto &p : peakKeys()) {
            k << QStringLiteral("peak_tflops.") + p;
        }
        k << QStringLiteral("tdp_w") << QStringLiteral("idle_w") << QStringLiteral("host_link")
          << QStringLiteral("pcie_gbps") << QStringLiteral("nvlink_gbps");
        return k;
    }();
    return keys;
}

const QStringList &migProfileKeys() {
    static const QStringList keys = {
        QStringLiteral("name"), QStringLiteral("compute_slices"), QStringLiteral("memory_slices"), QStringLiteral("sms"),
        QStringLiteral("memory_mib"), QStringLiteral("l2_fraction"), QStringLiteral("bandwidth_fraction"),
        QStringLiteral("copy_engines"), QStringLiteral("max_instances"), QStringLiteral("media_extensions"),
        QStringLiteral("derived"), QStringLiteral("source"), QStringLiteral("note")};
    return keys;
}

const QStringList &migKeys() {
    static const QStringList keys = {QStringLiteral("compute_slices"), QStringLiteral("memory_slices"),
                                     QStringLiteral("source"), QStringLiteral("note"), QStringLiteral("profiles")};
    return keys;
}

// Shared memory per SM (KB) by compute capability, CUDA C++ Programming Guide Table 27; used as
// the default for user GPUs that do not give it.
std::optional<double> sharedMemoryForCapability(int major, int minor) {
    const int cc = major * 10 + minor;
    switch (cc) {
    case 60: return 64;
    case 61: return 96;
    case 70: return 96;
    case 75: return 64;
    case 80: return 164;
    case 86: case 87: case 89: return 100;
    case 90: case 100: return 228;
    default: return std::nullopt;
    }
}

QString typeName(const QJsonValue &value) {
    switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("true/false");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: return QStringLiteral("missing");
    }
    return QStringLiteral("unknown");
}

QString formatNumber(double v) {
    return QString::number(v, 'g', 10);
}

int editDistance(const QString &a, const QString &b) {
    std::vector<int> prev(static_cast<std::size_t>(b.size()) + 1), cur(prev.size());
    for (std::size_t j = 0; j < prev.size(); ++j) {
        prev[j] = static_cast<int>(j);
    }
    for (qsizetype i = 1; i <= a.size(); ++i) {
        cur[0] = static_cast<int>(i);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int cost = a.at(i - 1) == b.at(j - 1) ? 0 : 1;
            const auto uj = static_cast<std::size_t>(j);
            cur[uj] = std::min({prev[uj] + 1, cur[uj - 1] + 1, prev[uj - 1] + cost});
        }
        std::swap(prev, cur);
    }
    return prev.back();
}

QString suggestion(const QString &key, const QStringList &valid) {
    QString best;
    int bestDistance = std::numeric_limits<int>::max();
    for (const auto &candidate : valid) {
        const int d = editDistance(key.toLower(), candidate);
        if (d < bestDistance) {
            bestDistance = d;
            best = candidate;
        }
    }
    if (!best.isEmpty() && bestDistance <= std::max(2, static_cast<int>(key.size()) / 3)) {
        return QStringLiteral(" (did you mean '%1'?)").arg(best);
    }
    return {};
}

struct Range {
    double min = 0;
    bool minExclusive = true;  // value must be > min (else >= min)
    double max = std::numeric_limits<double>::max();
};

// Reads fields of one JSON object; keeps the first error, which names the location and the field.
class FieldReader {
public:
    FieldReader(const QJsonObject &object, QString location, QString prefix, bool strict, QString *error)
        : m_object(object), m_location(std::move(location)), m_prefix(std::move(prefix)), m_strict(strict),
          m_error(error) {}

    bool failed() const { return !m_error->isEmpty(); }

    void fail(const QString &field, const QString &problem) {
        if (m_error->isEmpty()) {
            *m_error = QStringLiteral("%1: field '%2%3' %4").arg(m_location, m_prefix, field, problem);
        }
    }

    // Unknown keys are errors (they are usually typos of a known key).
    void rejectUnknownKeys(const QStringList &allowed) {
        for (auto it = m_object.begin(); it != m_object.end(); ++it) {
            if (!allowed.contains(it.key())) {
                fail(it.key(), QStringLiteral("is not a known field%1").arg(suggestion(it.key(), allowed)));
                return;
            }
        }
    }

    // The value of `key`, or an undefined QJsonValue when it is absent (and may be) / invalid.
    // Returns nullopt when the field is absent or null and that is allowed.
    std::optional<QJsonValue> value(const QString &key, bool nullable, bool userRequired) {
        if (failed()) {
            return std::nullopt;
        }
        const QJsonValue v = m_object.value(key);
        if (v.isUndefined()) {
            if (m_strict || userRequired) {
                fail(key, QStringLiteral("is missing"));
            }
            return std::nullopt;
        }
        if (v.isNull()) {
            if (!nullable) {
                fail(key, QStringLiteral("must not be null"));
            }
            return std::nullopt;
        }
        return v;
    }

    std::optional<double> number(const QString &key, bool nullable, bool userRequired, Range range,
                                 bool wholeNumber = false) {
        const auto v = value(key, nullable, userRequired);
        if (!v) {
            return std::nullopt;
        }
        if (!v->isDouble()) {
            fail(key, QStringLiteral("must be a number, not %1").arg(typeName(*v)));
            return std::nullopt;
        }
        const double d = v->toDouble();
        if (!std::isfinite(d)) {
            fail(key, QStringLiteral("must be a finite number"));
            return std::nullopt;
        }
        if (wholeNumber && std::floor(d) != d) {
            fail(key, QStringLiteral("must be a whole number, got %1").arg(formatNumber(d)));
            return std::nullopt;
        }
        if (range.minExclusive ? d <= range.min : d < range.min) {
            if (d < 0 && range.min >= 0) {
                fail(key, QStringLiteral("must not be negative, got %1").arg(formatNumber(d)));
            } else if (d == 0 && range.min > 0) {
                fail(key, QStringLiteral("must be greater than 0, got 0"));
            } else if (range.minExclusive) {
                fail(key, QStringLiteral("must be greater than %1, got %2").arg(formatNumber(range.min), formatNumber(d)));
            } else if (range.max < std::numeric_limits<double>::max()) {
                fail(key, QStringLiteral("is implausibly small: %1 (plausible: %2 to %3)")
                              .arg(formatNumber(d), formatNumber(range.min), formatNumber(range.max)));
            } else {
                fail(key, QStringLiteral("must be at least %1, got %2").arg(formatNumber(range.min), formatNumber(d)));
            }
            return std::nullopt;
        }
        if (d > range.max) {
            fail(key, QStringLiteral("is implausibly large: %1 (plausible: %2 to %3)")
                          .arg(formatNumber(d), formatNumber(range.min), formatNumber(range.max)));
            return std::nullopt;
        }
        return d;
    }

    std::optional<int> integer(const QString &key, bool nullable, bool userRequired, Range range) {
        const auto d = number(key, nullable, userRequired, range, true);
        return d ? std::optional<int>(static_cast<int>(*d)) : std::nullopt;
    }

    std::optional<QString> string(const QString &key, bool nullable, bool userRequired, bool allowEmpty = false) {
        const auto v = value(key, nullable, userRequired);
        if (!v) {
            return std::nullopt;
        }
        if (!v->isString()) {
            fail(key, QStringLiteral("must be a string, not %1").arg(typeName(*v)));
            return std::nullopt;
        }
        const QString s = v->toString().trimmed();
        if (s.isEmpty() && !allowEmpty) {
            fail(key, QStringLiteral("must not be empty"));
            return std::nullopt;
        }
        return s;
    }

    std::optional<bool> boolean(const QString &key, bool userRequired) {
        const auto v = value(key, false, userRequired);
        if (!v) {
            return std::nullopt;
        }
        if (!v->isBool()) {
            fail(key, QStringLiteral("must be true or false, not %1").arg(typeName(*v)));
            return std::nullopt;
        }
        return v->toBool();
    }

    std::optional<QJsonObject> object(const QString &key, bool nullable, bool userRequired) {
        const auto v = value(key, nullable, userRequired);
        if (!v) {
            return std::nullopt;
        }
        if (!v->isObject()) {
            fail(key, QStringLiteral("must be an object, not %1").arg(typeName(*v)));
            return std::nullopt;
        }
        return v->toObject();
    }

    const QString &location() const { return m_location; }
    const QString &prefix() const { return m_prefix; }
    bool strict() const { return m_strict; }

private:
    const QJsonObject &m_object;
    QString m_location;
    QString m_prefix;
    bool m_strict;
    QString *m_error;
};

// Plausibility bounds ("absurd values"): generous enough for GPUs that do not exist yet.
// Plausible ranges for a whole GPU (issue 15, item 10): wide around every NVIDIA data-centre and
// desktop GPU since Pascal (catalogue: 20-148 SMs, 1063-2520 MHz, 8-180 GB, 192-7700 GB/s,
// 2-126.5 MB L2, 5.5-4500 TFLOPS, 70-1000 W), so that a typo by orders of magnitude (1e-300 GB/s)
// is refused instead of predicting 10^300 ms. Widen here, with a source, for a GPU outside them.
constexpr Range kSmRange{1, false, 2000};
constexpr Range kCoreRange{1, false, 1'000'000};
constexpr Range kClockRange{200, false, 5000};
constexpr Range kMemoryGbRange{0.25, false, 16'384};
constexpr Range kBandwidthRange{10, false, 100'000};
constexpr Range kL2Range{0.125, false, 1024};
constexpr Range kSharedRange{8, false, 1024};
constexpr Range kPeakRange{0.01, false, 100'000};
constexpr Range kPowerRange{5, false, 5000};
constexpr Range kLinkRange{0, false, 100'000};

// "schema" / "schema_version" of a user GPU file (both optional).
void checkUserFileHeader(FieldReader &r) {
    const auto schema = r.string(QStringLiteral("schema"), false, false);
    if (schema && *schema != QLatin1String(kGpuFileSchema)) {
        r.fail(QStringLiteral("schema"), QStringLiteral("must be \"%1\" for a GPU file, got '%2'").arg(QLatin1String(kGpuFileSchema), *schema));
    }
    const auto version = r.integer(QStringLiteral("schema_version"), false, false, Range{1, false, 1000});
    if (version && *version > kGpuSchemaVersion) {
        r.fail(QStringLiteral("schema_version"), QStringLiteral("is %1; this Infersight reads version %2 and older (written by a newer version?)")
                                                     .arg(*version).arg(kGpuSchemaVersion));
    }
}

QStringList splitSources(const QString &text) {
    QStringList out;
    for (const auto &part : text.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QString t = part.trimmed();
        if (!t.isEmpty()) {
            out << t;
        }
    }
    return out;
}

// Checks a "sources" string: in the catalogue every key must be in the legend.
bool checkSourceKeys(FieldReader &reader, const QString &field, const QString &text,
                     const QMap<QString, QString> *legend) {
    const QStringList keys = splitSources(text);
    if (keys.isEmpty()) {
        reader.fail(field, QStringLiteral("must name at least one source"));
        return false;
    }
    if (reader.strict() && legend) {
        for (const auto &key : keys) {
            if (!legend->contains(key)) {
                reader.fail(field, QStringLiteral("names source '%1', which is not in the source legend").arg(key));
                return false;
            }
        }
    }
    return true;
}

std::optional<MigProfile> readMigProfile(const QJsonObject &object, const QString &location, const QString &prefix,
                                         bool strict, const GpuSpec &gpu, int computeCount, int memoryCount,
                                         const QMap<QString, QString> *legend, QString *error) {
    FieldReader r(object, location, prefix, strict, error);
    r.rejectUnknownKeys(migProfileKeys());
    MigProfile p;
    p.computeSliceCount = computeCount;
    p.memorySliceCount = memoryCount;
    p.name = r.string(QStringLiteral("name"), false, true).value_or(QString());
    if (r.failed()) {
        return std::nullopt;
    }
    static const QRegularExpression pattern(QStringLiteral("^(\\d+)g\\.(\\d+)gb(\\+me)?$"));
    const auto match = pattern.match(p.name);
    if (!match.hasMatch()) {
        r.fail(QStringLiteral("name"),
               QStringLiteral("must look like '1g.5gb' or '1g.5gb+me', got '%1'").arg(p.name));
        return std::nullopt;
    }
    const int nameSlices = match.captured(1).toInt();
    constexpr Range kCountRange{1, false, 64};
    p.computeSlices = r.integer(QStringLiteral("compute_slices"), false, false, kCountRange).value_or(nameSlices);
    if (!r.failed() && p.computeSlices != nameSlices) {
        r.fail(QStringLiteral("compute_slices"), QStringLiteral("is %1 but the profile name '%2' says %3")
                                                     .arg(p.computeSlices).arg(p.name).arg(nameSlices));
    }
    if (!r.failed() && p.computeSlices > computeCount) {
        r.fail(QStringLiteral("compute_slices"), QStringLiteral("(profile %1) is larger than the card: %2 compute slices, the GPU has %3")
                                                     .arg(p.name).arg(p.computeSlices).arg(computeCount));
    }
    p.memorySlices = r.integer(QStringLiteral("memory_slices"), false, true, kCountRange).value_or(0);
    if (!r.failed() && p.memorySlices > memoryCount) {
        r.fail(QStringLiteral("memory_slices"), QStringLiteral("(profile %1) is larger than the card: %2 memory slices, the GPU has %3")
                                                    .arg(p.name).arg(p.memorySlices).arg(memoryCount));
    }
    p.sms = r.integer(QStringLiteral("sms"), false, true, kSmRange).value_or(0);
    if (!r.failed() && p.sms > gpu.sms) {
        r.fail(QStringLiteral("sms"), QStringLiteral("(profile %1) is larger than the card: %2 SMs, the GPU has %3")
                                          .arg(p.name).arg(p.sms).arg(gpu.sms));
    }
    const double cardMib = gpu.usableMemoryMib();
    p.memoryMib = r.number(QStringLiteral("memory_mib"), false, true, Range{0, true, std::numeric_limits<double>::max()})
                      .value_or(0);
    if (!r.failed() && p.memoryMib > cardMib) {
        r.fail(QStringLiteral("memory_mib"),
               QStringLiteral("(profile %1) is larger than the card: %2 MiB, the GPU has %3 MiB")
                   .arg(p.name, formatNumber(p.memoryMib), formatNumber(cardMib)));
    }
    const double sliceFraction = memoryCount > 0 ? double(p.memorySlices) / memoryCount : 0.0;
    p.l2Fraction = r.number(QStringLiteral("l2_fraction"), false, false, Range{0, true, 1}).value_or(sliceFraction);
    p.bandwidthFraction =
        r.number(QStringLiteral("bandwidth_fraction"), false, false, Range{0, true, 1}).value_or(sliceFraction);
    if (!r.failed() && std::abs(p.bandwidthFraction - sliceFraction) > 1e-3) {
        r.fail(QStringLiteral("bandwidth_fraction"),
               QStringLiteral("(profile %1) must equal memory_slices / %2 = %3 (bandwidth follows the memory slices), got %4")
                   .arg(p.name).arg(memoryCount).arg(formatNumber(sliceFraction), formatNumber(p.bandwidthFraction)));
    }
    p.copyEngines = r.integer(QStringLiteral("copy_engines"), false, true, Range{1, false, 64}).value_or(0);
    p.maxInstances = r.integer(QStringLiteral("max_instances"), false, true, kCountRange).value_or(0);
    const bool nameSaysMe = !match.captured(3).isEmpty();
    p.mediaExtensions = r.boolean(QStringLiteral("media_extensions"), false).value_or(nameSaysMe);
    if (!r.failed() && p.mediaExtensions != nameSaysMe) {
        r.fail(QStringLiteral("media_extensions"),
               QStringLiteral("(profile %1) must be %2: media extensions are the '+me' profiles")
                   .arg(p.name, nameSaysMe ? QStringLiteral("true") : QStringLiteral("false")));
    }
    p.derived = r.boolean(QStringLiteral("derived"), false).value_or(false);
    p.source = r.string(QStringLiteral("source"), false, false).value_or(QString());
    if (!r.failed() && !p.source.isEmpty()) {
        checkSourceKeys(r, QStringLiteral("source"), p.source, legend);
    }
    if (object.contains(QStringLiteral("note"))) {  // optional in every mode
        p.note = r.string(QStringLiteral("note"), false, false, true).value_or(QString());
    }
    if (r.failed()) {
        return std::nullopt;
    }
    if (p.maxInstances * p.computeSlices > computeCount) {
        r.fail(QStringLiteral("max_instances"),
               QStringLiteral("(profile %1) is larger than the card: %2 instances x %3 compute slices > %4 slices")
                   .arg(p.name).arg(p.maxInstances).arg(p.computeSlices).arg(computeCount));
        return std::nullopt;
    }
    if (p.maxInstances * p.memorySlices > memoryCount) {
        r.fail(QStringLiteral("max_instances"),
               QStringLiteral("(profile %1) is larger than the card: %2 instances x %3 memory slices > %4 slices")
                   .arg(p.name).arg(p.maxInstances).arg(p.memorySlices).arg(memoryCount));
        return std::nullopt;
    }
    return p;
}

bool readMig(FieldReader &r, const QString &location, bool strict, GpuSpec &gpu,
             const QMap<QString, QString> *legend, QString *error) {
    const auto migObject = r.object(QStringLiteral("mig"), true, false);
    if (r.failed() || !migObject) {
        return !r.failed();
    }
    FieldReader m(*migObject, location, QStringLiteral("mig."), strict, error);
    m.rejectUnknownKeys(migKeys());
    const int computeCount = m.integer(QStringLiteral("compute_slices"), false, true, Range{1, false, 16}).value_or(0);
    const int memoryCount = m.integer(QStringLiteral("memory_slices"), false, true, Range{1, false, 16}).value_or(0);
    const QString source = m.string(QStringLiteral("source"), false, false).value_or(QString());
    if (!m.failed() && !source.isEmpty()) {
        checkSourceKeys(m, QStringLiteral("source"), source, legend);
        gpu.fieldSources.insert(QStringLiteral("mig"), source);
    }
    if (migObject->contains(QStringLiteral("note"))) {  // optional in every mode
        const QString note = m.string(QStringLiteral("note"), false, false, true).value_or(QString());
        if (!note.isEmpty()) {
            gpu.notes.insert(QStringLiteral("mig"), note);
        }
    }
    const auto profilesValue = m.value(QStringLiteral("profiles"), false, true);
    if (m.failed()) {
        return false;
    }
    if (!profilesValue || !profilesValue->isArray()) {
        m.fail(QStringLiteral("profiles"),
               QStringLiteral("must be an array, not %1").arg(profilesValue ? typeName(*profilesValue) : QStringLiteral("missing")));
        return false;
    }
    const QJsonArray profiles = profilesValue->toArray();
    if (profiles.isEmpty()) {
        m.fail(QStringLiteral("profiles"), QStringLiteral("must list at least one profile (use \"mig\": null for none)"));
        return false;
    }
    QSet<QString> names;
    for (qsizetype i = 0; i < profiles.size(); ++i) {
        const QString prefix = QStringLiteral("mig.profiles[%1].").arg(i);
        if (!profiles.at(i).isObject()) {
            m.fail(QStringLiteral("profiles[%1]").arg(i), QStringLiteral("must be an object, not %1").arg(typeName(profiles.at(i))));
            return false;
        }
        auto profile = readMigProfile(profiles.at(i).toObject(), location, prefix, strict, gpu, computeCount, memoryCount,
                                      legend, error);
        if (!profile) {
            return false;
        }
        if (strict && profile->source.isEmpty()) {
            m.fail(QStringLiteral("profiles[%1].source").arg(i), QStringLiteral("is missing (profile %1)").arg(profile->name));
            return false;
        }
        if (names.contains(profile->name)) {
            m.fail(QStringLiteral("profiles[%1].name").arg(i), QStringLiteral("repeats profile '%1'").arg(profile->name));
            return false;
        }
        names.insert(profile->name);
        gpu.mig.push_back(*profile);
    }
    return true;
}

// ---- base + overrides + scale (user files) --------------------------------------------------

struct ScaleTarget {
    QString key;          // scale key
    QStringList fields;   // top-level numeric fields it multiplies
    bool peaks = false;   // multiplies every peak_tflops figure
    QString peakKey;      // multiplies one peak figure
};

const std::vector<ScaleTarget> &scaleTargets() {
    static const std::vector<ScaleTarget> targets = [] {
        std::vector<ScaleTarget> t;
        t.push_back({QStringLiteral("bandwidth"), {QStringLiteral("bandwidth_gbps")}, false, {}});
        t.push_back({QStringLiteral("memory"), {QStringLiteral("memory_gb"), QStringLiteral("memory_mib")}, false, {}});
        t.push_back({QStringLiteral("l2"), {QStringLiteral("l2_mb")}, false, {}});
        t.push_back({QStringLiteral("clock"), {QStringLiteral("boost_clock_mhz"), QStringLiteral("tensor_clock_mhz")}, true, {}});
        t.push_back({QStringLiteral("sms"), {QStringLiteral("sms"), QStringLiteral("cuda_cores")}, true, {}});
        t.push_back({QStringLiteral("peak"), {}, true, {}});
        t.push_back({QStringLiteral("tdp"), {QStringLiteral("tdp_w")}, false, {}});
        t.push_back({QStringLiteral("power"), {QStringLiteral("tdp_w"), QStringLiteral("idle_w")}, false, {}});
        t.push_back({QStringLiteral("host_link"), {QStringLiteral("pcie_gbps")}, false, {}});
        t.push_back({QStringLiteral("nvlink"), {QStringLiteral("nvlink_gbps")}, false, {}});
        for (const auto &p : peakKeys()) {
            t.push_back({p, {}, false, p});
        }
        return t;
    }();
    return targets;
}

bool isIntegerField(const QString &field) {
    return field == QLatin1String("sms") || field == QLatin1String("cuda_cores");
}

void markChanged(QJsonObject &merged, const QString &field, const QString &note) {
    QJsonObject sources = merged.value(QStringLiteral("sources")).toObject();
    QJsonObject notes = merged.value(QStringLiteral("notes")).toObject();
    sources.insert(field, QStringLiteral("custom"));
    notes.insert(field, note);
    merged.insert(QStringLiteral("sources"), sources);
    merged.insert(QStringLiteral("notes"), notes);
}

// Merges the user's object over the base GPU's complete object, applies "scale" and adapts the
// inherited MIG profiles. Errors name the user's field.
std::optional<QJsonObject> mergeOverBase(const GpuSpec &base, const QJsonObject &user, const QString &location,
                                         QString *error) {
    QJsonObject merged = gpuToJson(base);
    // Fields that describe the base device, not the new one.
    merged.remove(QStringLiteral("device_name"));
    merged.insert(QStringLiteral("short_name"), QJsonValue());
    const double baseSms = base.sms;
    const double baseMemoryMib = base.usableMemoryMib();
    const bool baseIdleEstimated = base.idleEstimated;

    for (auto it = user.begin(); it != user.end(); ++it) {
        const QString &key = it.key();
        if (key == QLatin1String("description")) {
            merged.insert(key, it.value());
            continue;
        }
        if (userFileKeys().contains(key) || key == QLatin1String("sources") || key == QLatin1String("notes")) {
            continue;
        }
        if (key == QLatin1String("peak_tflops") && it.value().isObject()) {
            QJsonObject peaks = merged.value(key).toObject();
            const QJsonObject given = it.value().toObject();
            for (auto p = given.begin(); p != given.end(); ++p) {
                peaks.insert(p.key(), p.value());
                markChanged(merged, QStringLiteral("peak_tflops.") + p.key(), QStringLiteral("set in the custom GPU file"));
            }
            merged.insert(key, peaks);
            continue;
        }
        merged.insert(key, it.value());
        if (figureKeys().contains(key)) {
            markChanged(merged, key, QStringLiteral("set in the custom GPU file"));
        }
    }
    if (!user.contains(QStringLiteral("short_name"))) {
        merged.insert(QStringLiteral("short_name"), user.value(QStringLiteral("name")));
    }
    // A changed TDP re-derives an estimated idle power (a measured one is kept).
    if (user.contains(QStringLiteral("tdp_w")) && !user.contains(QStringLiteral("idle_w")) && baseIdleEstimated &&
        user.value(QStringLiteral("tdp_w")).isDouble()) {
        merged.insert(QStringLiteral("idle_w"), estimatedIdleW(user.value(QStringLiteral("tdp_w")).toDouble()));
    }

    // "scale": {"bandwidth": 1.2, ...}
    const QJsonValue scaleValue = user.value(QStringLiteral("scale"));
    if (!scaleValue.isUndefined() && !scaleValue.isNull()) {
        if (!scaleValue.isObject()) {
            *error = QStringLiteral("%1: field 'scale' must be an object such as {\"bandwidth\": 1.2}, not %2")
                         .arg(location, typeName(scaleValue));
            return std::nullopt;
        }
        const QJsonObject scale = scaleValue.toObject();
        QStringList validKeys;
        for (const auto &t : scaleTargets()) {
            validKeys << t.key;
        }
        for (auto it = scale.begin(); it != scale.end(); ++it) {
            const auto target = std::find_if(scaleTargets().begin(), scaleTargets().end(),
                                             [&](const ScaleTarget &t) { return t.key == it.key(); });
            if (target == scaleTargets().end()) {
                *error = QStringLiteral("%1: field 'scale.%2' is not a known scale key%3; valid keys: %4")
                             .arg(location, it.key(), suggestion(it.key(), validKeys), validKeys.join(QStringLiteral(", ")));
                return std::nullopt;
            }
            if (!it.value().isDouble()) {
                *error = QStringLiteral("%1: field 'scale.%2' must be a number, not %3").arg(location, it.key(), typeName(it.value()));
                return std::nullopt;
            }
            const double factor = it.value().toDouble();
            if (!(factor > 0) || factor > 100) {
                *error = QStringLiteral("%1: field 'scale.%2' must be a factor greater than 0 and at most 100, got %3")
                             .arg(location, it.key(), formatNumber(factor));
                return std::nullopt;
            }
            const QString note = QStringLiteral("scaled x%1 by the custom GPU file").arg(formatNumber(factor));
            for (const auto &field : target->fields) {
                const QJsonValue v = merged.value(field);
                if (v.isDouble()) {
                    double scaled = v.toDouble() * factor;
                    if (isIntegerField(field)) {
                        scaled = std::max(1.0, std::round(scaled));
                    }
                    merged.insert(field, scaled);
                    markChanged(merged, field, note);
                }
            }
            if (target->peaks || !target->peakKey.isEmpty()) {
                QJsonObject peaks = merged.value(QStringLiteral("peak_tflops")).toObject();
                for (const auto &p : peakKeys()) {
                    if ((target->peaks || p == target->peakKey) && peaks.value(p).isDouble()) {
                        peaks.insert(p, peaks.value(p).toDouble() * factor);
                        markChanged(merged, QStringLiteral("peak_tflops.") + p, note);
                    }
                }
                merged.insert(QStringLiteral("peak_tflops"), peaks);
            }
        }
    }

    // Inherited MIG profiles follow a changed SM count / memory size.
    if (!user.contains(QStringLiteral("mig")) && merged.value(QStringLiteral("mig")).isObject()) {
        const QJsonValue smsValue = merged.value(QStringLiteral("sms"));
        const QJsonValue memGb = merged.value(QStringLiteral("memory_gb"));
        const QJsonValue memMib = merged.value(QStringLiteral("memory_mib"));
        if (smsValue.isDouble() && memGb.isDouble()) {
            const double newMemoryMib = memMib.isDouble() ? memMib.toDouble() : memGb.toDouble() * 1024.0;
            const double smRatio = smsValue.toDouble() / baseSms;
            const double memRatio = newMemoryMib / baseMemoryMib;
            if (std::abs(smRatio - 1.0) > 1e-9 || std::abs(memRatio - 1.0) > 1e-9) {
                QJsonObject mig = merged.value(QStringLiteral("mig")).toObject();
                QJsonArray profiles = mig.value(QStringLiteral("profiles")).toArray();
                for (qsizetype i = 0; i < profiles.size(); ++i) {
                    QJsonObject p = profiles.at(i).toObject();
                    p.insert(QStringLiteral("sms"), std::max(1.0, std::floor(p.value(QStringLiteral("sms")).toDouble() * smRatio)));
                    p.insert(QStringLiteral("memory_mib"), std::floor(p.value(QStringLiteral("memory_mib")).toDouble() * memRatio));
                    p.insert(QStringLiteral("derived"), true);
                    p.insert(QStringLiteral("note"), QStringLiteral("scaled from %1 (SMs x%2, memory x%3)")
                                                         .arg(base.id, formatNumber(smRatio), formatNumber(memRatio)));
                    profiles[i] = p;
                }
                mig.insert(QStringLiteral("profiles"), profiles);
                merged.insert(QStringLiteral("mig"), mig);
            }
        }
    }

    // The user's own sources / notes win.
    for (const auto &key : {QStringLiteral("sources"), QStringLiteral("notes")}) {
        if (user.value(key).isObject()) {
            QJsonObject target = merged.value(key).toObject();
            const QJsonObject given = user.value(key).toObject();
            for (auto it = given.begin(); it != given.end(); ++it) {
                target.insert(it.key(), it.value());
            }
            merged.insert(key, target);
        } else if (user.contains(key)) {
            merged.insert(key, user.value(key));  // wrong type: reported by the parser
        }
    }
    merged.insert(QStringLiteral("idle_estimated"),
                  user.contains(QStringLiteral("idle_w")) ? user.value(QStringLiteral("idle_estimated")).toBool(false)
                                                          : merged.value(QStringLiteral("idle_estimated")));
    return merged;
}

bool readStringMap(FieldReader &r, const QString &key, QMap<QString, QString> &out, const QStringList &validKeys) {
    const auto object = r.object(key, false, false);
    if (!object) {
        return !r.failed();
    }
    for (auto it = object->begin(); it != object->end(); ++it) {
        const QString field = key + QLatin1Char('.') + it.key();
        if (!validKeys.contains(it.key())) {
            r.fail(field, QStringLiteral("refers to no known field%1").arg(suggestion(it.key(), validKeys)));
            return false;
        }
        if (!it.value().isString()) {
            r.fail(field, QStringLiteral("must be a string, not %1").arg(typeName(it.value())));
            return false;
        }
        out.insert(it.key(), it.value().toString());
    }
    return true;
}

// parseGpu's parts, in the order of the schema (docs/hardware.md). Each reads into `gpu`; the
// reader keeps the first problem, so later parts read nothing once one failed.

void readIdentity(FieldReader &r, bool derivedFromBase, GpuSpec &gpu) {
    const bool strict = r.strict();
    gpu.id = r.string(QStringLiteral("id"), false, true).value_or(QString());
    static const QRegularExpression idPattern(QStringLiteral("^[a-z0-9][a-z0-9._+-]{0,63}$"));
    if (!r.failed() && !idPattern.match(gpu.id).hasMatch()) {
        r.fail(QStringLiteral("id"), QStringLiteral("must be lower-case letters, digits, '.', '_', '+' or '-' (at most 64), got '%1'").arg(gpu.id));
    }
    gpu.name = r.string(QStringLiteral("name"), false, true).value_or(QString());
    gpu.shortName = r.string(QStringLiteral("short_name"), !strict, false).value_or(gpu.name);
    gpu.deviceName = r.string(QStringLiteral("device_name"), true, false).value_or(QString());
    gpu.architecture = r.string(QStringLiteral("architecture"), false, !derivedFromBase).value_or(QString());
    gpu.chip = r.string(QStringLiteral("chip"), false, false, true).value_or(QString());

    const auto cc = r.string(QStringLiteral("compute_capability"), false, !derivedFromBase);
    if (cc) {
        static const QRegularExpression ccPattern(QStringLiteral("^(\\d{1,2})\\.(\\d)$"));
        const auto m = ccPattern.match(*cc);
        if (!m.hasMatch() || m.captured(1).toInt() < 1) {
            r.fail(QStringLiteral("compute_capability"), QStringLiteral("must look like \"8.0\", got '%1'").arg(*cc));
        } else {
            gpu.computeCapabilityMajor = m.captured(1).toInt();
            gpu.computeCapabilityMinor = m.captured(2).toInt();
        }
    }
}

// SMs, cores, clocks, memory, bandwidth, L2 and shared memory.
void readComputeAndMemory(FieldReader &r, GpuSpec &gpu) {
    gpu.sms = r.integer(QStringLiteral("sms"), false, true, kSmRange).value_or(0);
    gpu.cudaCores = r.integer(QStringLiteral("cuda_cores"), false, false, kCoreRange).value_or(gpu.sms * 128);
    if (!r.failed() && gpu.cudaCores < gpu.sms) {
        r.fail(QStringLiteral("cuda_cores"), QStringLiteral("(%1) must be at least the SM count (%2)").arg(gpu.cudaCores).arg(gpu.sms));
    }
    gpu.boostClockMhz = r.number(QStringLiteral("boost_clock_mhz"), false, true, kClockRange).value_or(0);
    gpu.tensorClockMhz = r.number(QStringLiteral("tensor_clock_mhz"), true, false, kClockRange).value_or(0);
    gpu.memoryGb = r.number(QStringLiteral("memory_gb"), false, true, kMemoryGbRange).value_or(0);
    gpu.memoryMib = r.number(QStringLiteral("memory_mib"), true, false, Range{0, true, std::numeric_limits<double>::max()})
                        .value_or(0);
    if (!r.failed() && gpu.memoryMib > gpu.memoryGb * 1024.0 * 1.1) {
        r.fail(QStringLiteral("memory_mib"),
               QStringLiteral("(%1 MiB usable) cannot exceed the nominal %2 GB by more than 10 %")
                   .arg(formatNumber(gpu.memoryMib), formatNumber(gpu.memoryGb)));
    }
    gpu.memoryType = r.string(QStringLiteral("memory_type"), false, false, true).value_or(QString());
    gpu.bandwidthGBps = r.number(QStringLiteral("bandwidth_gbps"), false, true, kBandwidthRange).value_or(0);
    gpu.l2Mb = r.number(QStringLiteral("l2_mb"), false, true, kL2Range).value_or(0);
    const auto shared = r.number(QStringLiteral("shared_mem_per_sm_kb"), false, false, kSharedRange);
    if (!r.failed()) {
        if (shared) {
            gpu.sharedMemPerSmKb = *shared;
        } else if (const auto fromCc = sharedMemoryForCapability(gpu.computeCapabilityMajor, gpu.computeCapabilityMinor)) {
            gpu.sharedMemPerSmKb = *fromCc;
        } else {
            r.fail(QStringLiteral("shared_mem_per_sm_kb"),
                   QStringLiteral("is missing (no default for compute capability %1)").arg(gpu.computeCapability()));
        }
    }
}

// "peak_tflops": one dense peak per data type, null where the GPU has no such path.
void readPeaks(FieldReader &r, QString *error, GpuSpec &gpu) {
    const auto peaks = r.object(QStringLiteral("peak_tflops"), false, true);
    if (!peaks) {
        return;
    }
    FieldReader p(*peaks, r.location(), QStringLiteral("peak_tflops."), r.strict(), error);
    for (auto it = peaks->begin(); it != peaks->end(); ++it) {
        if (!peakKeys().contains(it.key())) {
            p.fail(it.key(), QStringLiteral("is not a known data type%1; known: %2")
                                 .arg(suggestion(it.key(), peakKeys()), peakKeys().join(QStringLiteral(", "))));
            break;
        }
    }
    gpu.peak.fp32 = p.number(QStringLiteral("fp32"), false, true, kPeakRange);
    gpu.peak.tf32 = p.number(QStringLiteral("tf32"), true, false, kPeakRange);
    gpu.peak.fp16 = p.number(QStringLiteral("fp16"), true, false, kPeakRange);
    gpu.peak.bf16 = p.number(QStringLiteral("bf16"), true, false, kPeakRange);
    gpu.peak.int8 = p.number(QStringLiteral("int8"), true, false, kPeakRange);
    gpu.peak.fp8 = p.number(QStringLiteral("fp8"), true, false, kPeakRange);
    gpu.peak.fp16NonTensor = p.number(QStringLiteral("fp16_non_tensor"), true, false, kPeakRange);
}

// TDP, idle power (estimated from the TDP when absent) and the host link.
void readPowerAndLinks(FieldReader &r, GpuSpec &gpu) {
    gpu.tdpW = r.number(QStringLiteral("tdp_w"), false, true, kPowerRange).value_or(0);
    const auto idle = r.number(QStringLiteral("idle_w"), false, false, Range{0, false, 100'000});
    const auto idleEstimated = r.boolean(QStringLiteral("idle_estimated"), false);
    if (!r.failed()) {
        if (idle) {
            gpu.idleW = *idle;
            gpu.idleEstimated = idleEstimated.value_or(false);
        } else {
            gpu.idleW = estimatedIdleW(gpu.tdpW);
            gpu.idleEstimated = true;
        }
        if (gpu.idleW >= gpu.tdpW) {
            r.fail(QStringLiteral("idle_w"), QStringLiteral("(%1 W) must be below tdp_w (%2 W)")
                                                 .arg(formatNumber(gpu.idleW), formatNumber(gpu.tdpW)));
        }
    }
    gpu.hostLink = r.string(QStringLiteral("host_link"), false, false, true).value_or(QString());
    gpu.pcieGBps = r.number(QStringLiteral("pcie_gbps"), false, false, kLinkRange).value_or(0);
    gpu.nvlinkGBps = r.number(QStringLiteral("nvlink_gbps"), false, false, kLinkRange).value_or(0);
}

// "sources" and "notes" per field; a user file's "description" and header.
void readSourcesAndNotes(FieldReader &r, GpuSpec &gpu) {
    QStringList mapKeys = figureKeys();
    mapKeys << QStringLiteral("name") << QStringLiteral("short_name") << QStringLiteral("device_name")
            << QStringLiteral("mig") << QStringLiteral("description");
    readStringMap(r, QStringLiteral("sources"), gpu.fieldSources, mapKeys);
    readStringMap(r, QStringLiteral("notes"), gpu.notes, mapKeys);
    if (!r.strict()) {
        const auto description = r.string(QStringLiteral("description"), true, false, true);
        if (description && !description->isEmpty()) {
            gpu.notes.insert(QStringLiteral("description"), *description);
        }
        checkUserFileHeader(r);
    }
}

// Every figure names its sources with keys from the legend; in the catalogue, every figure has a
// source and every null figure a note saying why. False on the first problem (in `r`).
bool checkFigureSources(FieldReader &r, const QJsonObject &object, const GpuJsonContext &context, const GpuSpec &gpu) {
    for (auto it = gpu.fieldSources.cbegin(); it != gpu.fieldSources.cend(); ++it) {
        if (it.value() == QLatin1String("custom")) {
            continue;
        }
        if (!checkSourceKeys(r, QStringLiteral("sources.") + it.key(), it.value(), context.legend)) {
            return false;
        }
    }
    if (!r.strict()) {
        return true;
    }
    for (const auto &field : figureKeys()) {
        QJsonValue v;
        if (field.startsWith(QLatin1String("peak_tflops."))) {
            v = object.value(QStringLiteral("peak_tflops")).toObject().value(field.mid(12));
        } else {
            v = object.value(field);
        }
        if (v.isNull()) {
            if (!gpu.notes.contains(field) && !gpu.fieldSources.contains(field)) {
                r.fail(QStringLiteral("notes.") + field, QStringLiteral("is missing: a null figure needs a note saying why"));
                return false;
            }
        } else if (!gpu.fieldSources.contains(field)) {
            r.fail(QStringLiteral("sources.") + field, QStringLiteral("is missing: every figure names its source"));
            return false;
        }
    }
    return true;
}

// The resolved source names (first appearance first) and where the idle power comes from.
void resolveSources(const GpuJsonContext &context, GpuSpec &gpu) {
    QStringList names;
    auto addSources = [&](const QString &text) {
        for (const auto &key : splitSources(text)) {
            const QString entry = context.legend && context.legend->contains(key)
                                      ? QStringLiteral("%1: %2").arg(key, context.legend->value(key))
                                      : key;
            if (!names.contains(entry)) {
                names << entry;
            }
        }
    };
    for (const auto &field : figureKeys()) {
        addSources(gpu.fieldSources.value(field));
    }
    for (const auto &profile : gpu.mig) {
        addSources(profile.source);
    }
    gpu.sources = names;

    const QString idleNote = gpu.notes.value(QStringLiteral("idle_w"));
    if (!idleNote.isEmpty()) {
        gpu.idleSource = idleNote;
    } else if (gpu.idleEstimated) {
        gpu.idleSource = idleEstimateRule();
    } else {
        gpu.idleSource = QStringLiteral("measured: ") + gpu.fieldSources.value(QStringLiteral("idle_w"));
    }
}

Result<GpuSpec> parseGpu(const QJsonObject &object, const GpuJsonContext &context, bool derivedFromBase) {
    const bool strict = context.strictness == GpuJsonStrictness::Catalogue;
    QString error;
    FieldReader r(object, context.location, QString(), strict, &error);
    GpuSpec gpu;

    QStringList allowed = gpuKeys();
    if (!strict) {
        allowed << userFileKeys();
    }
    r.rejectUnknownKeys(allowed);
    readIdentity(r, derivedFromBase, gpu);
    readComputeAndMemory(r, gpu);
    readPeaks(r, &error, gpu);
    readPowerAndLinks(r, gpu);
    readSourcesAndNotes(r, gpu);
    if (r.failed()) {
        return Error{error};
    }
    if (!readMig(r, context.location, strict, gpu, context.legend, &error)) {
        return Error{error};
    }
    if (!checkFigureSources(r, object, context, gpu)) {
        return Error{error};
    }
    resolveSources(context, gpu);
    return gpu;
}

}  // namespace

double estimatedIdleW(double tdpW) {
    return std::floor(tdpW * kIdleFractionOfTdp + 0.5);
}

QString idleEstimateRule() {
    return QStringLiteral("estimate: 15 % of TDP, rounded to the nearest watt (median P0-idle/TDP ratio of the "
                          "measured data-centre cards; docs/hardware.md)");
}

QStringList gpuJsonFields() {
    return gpuKeys();
}

namespace {

Result<GpuSpec> readGpuJsonFields(const QJsonObject &object, const GpuJsonContext &context);

}  // namespace

Result<GpuSpec> readGpuJson(const QJsonObject &object, const GpuJsonContext &context) {
    auto gpu = readGpuJsonFields(object, context);
    if (!gpu) {
        // One line, never empty: the message may quote the file's strings (tests/fuzz/gpu_file).
        const QString message = gpu.errorMessage();
        return Error{message.isEmpty() ? QStringLiteral("%1: not a valid GPU description").arg(context.location) : oneLine(message)};
    }
    return gpu;
}

namespace {

Result<GpuSpec> readGpuJsonFields(const QJsonObject &object, const GpuJsonContext &context) {
    const bool strict = context.strictness == GpuJsonStrictness::Catalogue;
    const QJsonValue baseValue = object.value(QStringLiteral("base"));
    if (strict || baseValue.isUndefined() || baseValue.isNull()) {
        if (strict && !baseValue.isUndefined()) {
            return Error{QStringLiteral("%1: field 'base' is only allowed in custom GPU files").arg(context.location)};
        }
        return parseGpu(object, context, false);
    }
    // Catch unknown keys before merging, so a typo is reported as such and not as a type error.
    {
        QString error;
        FieldReader r(object, context.location, QString(), false, &error);
        QStringList allowed = gpuKeys();
        allowed << userFileKeys();
        r.rejectUnknownKeys(allowed);
        r.string(QStringLiteral("id"), false, true);
        r.string(QStringLiteral("name"), false, true);
        checkUserFileHeader(r);
        if (r.failed()) {
            return Error{error};
        }
    }
    if (!baseValue.isString()) {
        return Error{QStringLiteral("%1: field 'base' must be the id of a catalogue GPU (a string), not %2")
                         .arg(context.location, typeName(baseValue))};
    }
    const QString baseId = baseValue.toString().trimmed();
    const GpuSpec *base = context.findBase ? context.findBase(baseId) : nullptr;
    if (!base) {
        const QStringList known = context.knownIds ? context.knownIds() : QStringList();
        return Error{QStringLiteral("%1: field 'base': unknown GPU '%2'%3; known GPUs: %4")
                         .arg(context.location, baseId, suggestion(baseId, known), known.join(QStringLiteral(", ")))};
    }
    QString error;
    const auto merged = mergeOverBase(*base, object, context.location, &error);
    if (!merged) {
        return Error{error};
    }
    auto gpu = parseGpu(*merged, context, true);
    if (gpu.ok()) {
        gpu->base = base->id;
    }
    return gpu;
}

}  // namespace

QJsonObject gpuToJson(const GpuSpec &gpu) {
    auto optional = [](const std::optional<double> &v) { return v ? QJsonValue(*v) : QJsonValue(); };
    auto positiveOrNull = [](double v) { return v > 0 ? QJsonValue(v) : QJsonValue(); };
    QJsonObject o;
    o.insert(QStringLiteral("id"), gpu.id);
    o.insert(QStringLiteral("name"), gpu.name);
    o.insert(QStringLiteral("short_name"), gpu.shortName);
    o.insert(QStringLiteral("device_name"), gpu.deviceName.isEmpty() ? QJsonValue() : QJsonValue(gpu.deviceName));
    o.insert(QStringLiteral("architecture"), gpu.architecture);
    o.insert(QStringLiteral("chip"), gpu.chip);
    o.insert(QStringLiteral("compute_capability"), gpu.computeCapability());
    o.insert(QStringLiteral("sms"), gpu.sms);
    o.insert(QStringLiteral("cuda_cores"), gpu.cudaCores);
    o.insert(QStringLiteral("boost_clock_mhz"), gpu.boostClockMhz);
    o.insert(QStringLiteral("tensor_clock_mhz"), positiveOrNull(gpu.tensorClockMhz));
    o.insert(QStringLiteral("memory_gb"), gpu.memoryGb);
    o.insert(QStringLiteral("memory_mib"), positiveOrNull(gpu.memoryMib));
    o.insert(QStringLiteral("memory_type"), gpu.memoryType);
    o.insert(QStringLiteral("bandwidth_gbps"), gpu.bandwidthGBps);
    o.insert(QStringLiteral("l2_mb"), gpu.l2Mb);
    o.insert(QStringLiteral("shared_mem_per_sm_kb"), gpu.sharedMemPerSmKb);
    QJsonObject peaks;
    peaks.insert(QStringLiteral("fp32"), optional(gpu.peak.fp32));
    peaks.insert(QStringLiteral("tf32"), optional(gpu.peak.tf32));
    peaks.insert(QStringLiteral("fp16"), optional(gpu.peak.fp16));
    peaks.insert(QStringLiteral("bf16"), optional(gpu.peak.bf16));
    peaks.insert(QStringLiteral("int8"), optional(gpu.peak.int8));
    peaks.insert(QStringLiteral("fp8"), optional(gpu.peak.fp8));
    peaks.insert(QStringLiteral("fp16_non_tensor"), optional(gpu.peak.fp16NonTensor));
    o.insert(QStringLiteral("peak_tflops"), peaks);
    o.insert(QStringLiteral("tdp_w"), gpu.tdpW);
    o.insert(QStringLiteral("idle_w"), gpu.idleW);
    o.insert(QStringLiteral("idle_estimated"), gpu.idleEstimated);
    o.insert(QStringLiteral("host_link"), gpu.hostLink);
    o.insert(QStringLiteral("pcie_gbps"), gpu.pcieGBps);
    o.insert(QStringLiteral("nvlink_gbps"), gpu.nvlinkGBps);
    if (gpu.mig.empty()) {
        o.insert(QStringLiteral("mig"), QJsonValue());
    } else {
        QJsonObject mig;
        mig.insert(QStringLiteral("compute_slices"), gpu.mig.front().computeSliceCount);
        mig.insert(QStringLiteral("memory_slices"), gpu.mig.front().memorySliceCount);
        if (gpu.fieldSources.contains(QStringLiteral("mig"))) {
            mig.insert(QStringLiteral("source"), gpu.fieldSources.value(QStringLiteral("mig")));
        }
        if (gpu.notes.contains(QStringLiteral("mig"))) {
            mig.insert(QStringLiteral("note"), gpu.notes.value(QStringLiteral("mig")));
        }
        QJsonArray profiles;
        for (const auto &p : gpu.mig) {
            QJsonObject po;
            po.insert(QStringLiteral("name"), p.name);
            po.insert(QStringLiteral("compute_slices"), p.computeSlices);
            po.insert(QStringLiteral("memory_slices"), p.memorySlices);
            po.insert(QStringLiteral("sms"), p.sms);
            po.insert(QStringLiteral("memory_mib"), p.memoryMib);
            po.insert(QStringLiteral("l2_fraction"), p.l2Fraction);
            po.insert(QStringLiteral("bandwidth_fraction"), p.bandwidthFraction);
            po.insert(QStringLiteral("copy_engines"), p.copyEngines);
            po.insert(QStringLiteral("max_instances"), p.maxInstances);
            po.insert(QStringLiteral("media_extensions"), p.mediaExtensions);
            po.insert(QStringLiteral("derived"), p.derived);
            if (!p.source.isEmpty()) {
                po.insert(QStringLiteral("source"), p.source);
            }
            if (!p.note.isEmpty()) {
                po.insert(QStringLiteral("note"), p.note);
            }
            profiles.append(po);
        }
        mig.insert(QStringLiteral("profiles"), profiles);
        o.insert(QStringLiteral("mig"), mig);
    }
    QJsonObject sources;
    for (auto it = gpu.fieldSources.cbegin(); it != gpu.fieldSources.cend(); ++it) {
        if (it.key() != QLatin1String("mig")) {  // written inside "mig"
            sources.insert(it.key(), it.value());
        }
    }
    o.insert(QStringLiteral("sources"), sources);
    QJsonObject notes;
    for (auto it = gpu.notes.cbegin(); it != gpu.notes.cend(); ++it) {
        if (it.key() != QLatin1String("description") && it.key() != QLatin1String("mig")) {
            notes.insert(it.key(), it.value());
        }
    }
    o.insert(QStringLiteral("notes"), notes);
    if (gpu.notes.contains(QStringLiteral("description"))) {
        o.insert(QStringLiteral("description"), gpu.notes.value(QStringLiteral("description")));
    }
    return o;
}

QString describeJsonParseError(const QByteArray &data, const QJsonParseError &error) {
    int line = 1;
    int column = 1;
    const int end = std::min(error.offset, static_cast<int>(data.size()));
    for (int i = 0; i < end; ++i) {
        if (data.at(i) == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return QStringLiteral("not valid JSON: line %1, column %2: %3").arg(line).arg(column).arg(error.errorString());
}

}  // namespace infersight
