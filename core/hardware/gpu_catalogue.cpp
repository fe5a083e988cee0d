// SPDX-License-Identifier: MIT
#include "hardware/gpu_catalogue.h"

#include "hardware/gpu_json.h"

#include "base/file_io.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QStandardPaths>
#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

namespace infersight {

namespace {

Result<QByteArray> readFile(const QString &path) {
    return readRegularFile(path, kTextFileCapMiB, QStringLiteral("a GPU file"));
}

Result<QJsonObject> parseObject(const QByteArray &json, const QString &sourceName) {
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return Error{QStringLiteral("%1: %2").arg(sourceName, describeJsonParseError(json, parseError))};
    }
    if (!doc.isObject()) {
        return Error{QStringLiteral("%1: the top level must be a JSON object").arg(sourceName)};
    }
    return doc.object();
}

}  // namespace

Result<GpuCatalogue> GpuCatalogue::fromResource() {
    auto bytes = readFile(QString::fromLatin1(kResourcePath));
    if (!bytes) {
        return Error{QStringLiteral("built-in GPU catalogue missing (%1)").arg(bytes.errorMessage())};
    }
    return fromJson(*bytes, QStringLiteral("catalogue.json (built-in)"));
}

const GpuCatalogue &GpuCatalogue::builtIn() {
    static const GpuCatalogue catalogue = [] {
        auto loaded = fromResource();
        if (!loaded) {
            qCritical("infersight: %s", qPrintable(loaded.errorMessage()));
            return GpuCatalogue();
        }
        return std::move(loaded).value();
    }();
    return catalogue;
}

Result<GpuCatalogue> GpuCatalogue::fromFile(const QString &path) {
    auto bytes = readFile(path);
    if (!bytes) {
        return bytes.error();
    }
    return fromJson(*bytes, path);
}

Result<GpuCatalogue> GpuCatalogue::fromJson(const QByteArray &json, const QString &sourceName) {
    auto parsed = parseObject(json, sourceName);
    if (!parsed) {
        return parsed.error();
    }
    const QJsonObject root = *parsed;
    static const QStringList topKeys = {QStringLiteral("schema"), QStringLiteral("schema_version"),
                                        QStringLiteral("description"), QStringLiteral("source_legend"),
                                        QStringLiteral("gpus")};
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (!topKeys.contains(it.key())) {
            return Error{QStringLiteral("%1: field '%2' is not a known catalogue field (known: %3)")
                             .arg(sourceName, it.key(), topKeys.join(QStringLiteral(", ")))};
        }
    }
    if (root.value(QStringLiteral("schema")).toString() != QLatin1String(kGpuCatalogueSchema)) {
        return Error{QStringLiteral("%1: field 'schema' must be \"%2\"").arg(sourceName, QLatin1String(kGpuCatalogueSchema))};
    }
    const QJsonValue version = root.value(QStringLiteral("schema_version"));
    if (!version.isDouble() || version.toDouble() < 1 || version.toDouble() != std::floor(version.toDouble())) {
        return Error{QStringLiteral("%1: field 'schema_version' must be a whole number >= 1").arg(sourceName)};
    }
    if (version.toInt() > kGpuSchemaVersion) {
        return Error{QStringLiteral("%1: field 'schema_version' is %2; this Infersight reads version %3 and older")
                         .arg(sourceName).arg(version.toInt()).arg(kGpuSchemaVersion)};
    }
    GpuCatalogue catalogue;
    catalogue.m_description = root.value(QStringLiteral("description")).toString();
    const QJsonValue legend = root.value(QStringLiteral("source_legend"));
    if (!legend.isObject()) {
        return Error{QStringLiteral("%1: field 'source_legend' must be an object of source key -> reference").arg(sourceName)};
    }
    const QJsonObject legendObject = legend.toObject();
    for (auto it = legendObject.begin(); it != legendObject.end(); ++it) {
        if (!it.value().isString() || it.value().toString().trimmed().isEmpty()) {
            return Error{QStringLiteral("%1: field 'source_legend.%2' must be a non-empty string").arg(sourceName, it.key())};
        }
        catalogue.m_legend.insert(it.key(), it.value().toString());
    }
    const QJsonValue gpus = root.value(QStringLiteral("gpus"));
    if (!gpus.isArray() || gpus.toArray().isEmpty()) {
        return Error{QStringLiteral("%1: field 'gpus' must be a non-empty array").arg(sourceName)};
    }
    const QJsonArray list = gpus.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (!list.at(i).isObject()) {
            return Error{QStringLiteral("%1: field 'gpus[%2]' must be an object").arg(sourceName).arg(i)};
        }
        const QJsonObject object = list.at(i).toObject();
        const QString id = object.value(QStringLiteral("id")).toString();
        GpuJsonContext context;
        context.location = id.isEmpty() ? QStringLiteral("%1: gpus[%2]").arg(sourceName).arg(i)
                                        : QStringLiteral("%1: gpu '%2'").arg(sourceName, id);
        context.strictness = GpuJsonStrictness::Catalogue;
        context.legend = &catalogue.m_legend;
        auto gpu = infersight::readGpuJson(object, context);
        if (!gpu) {
            return gpu.error();
        }
        if (catalogue.find(gpu->id)) {
            return Error{QStringLiteral("%1: field 'id': duplicate id '%2'").arg(context.location, gpu->id)};
        }
        catalogue.m_gpus.push_back(std::move(gpu).value());
    }
    return catalogue;
}

Result<GpuCatalogue> GpuCatalogue::withUserGpus(QStringList *warnings) {
    auto catalogue = fromResource();
    if (!catalogue) {
        return catalogue;
    }
    const QStringList problems = catalogue->addGpuDirectory(userGpuDirectory());
    if (warnings) {
        *warnings << problems;
    }
    return catalogue;
}

QString GpuCatalogue::userGpuDirectory() {
    const QByteArray overridden = qgetenv(kConfigDirEnv);
    if (!overridden.isEmpty()) {
        return QDir(QString::fromLocal8Bit(overridden)).filePath(QStringLiteral("gpus"));
    }
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation);
    return QDir(base).filePath(QStringLiteral("infersight/gpus"));
}

const GpuSpec *GpuCatalogue::find(const QString &id) const {
    const QString key = id.trimmed().toLower();
    for (const auto &gpu : m_gpus) {
        if (gpu.id == key) {
            return &gpu;
        }
    }
    return nullptr;
}

const GpuSpec *GpuCatalogue::findByDeviceName(const QString &deviceName) const {
    const QString key = deviceName.trimmed();
    for (const auto &gpu : m_gpus) {
        if (!gpu.deviceName.isEmpty() && gpu.deviceName.compare(key, Qt::CaseInsensitive) == 0) {
            return &gpu;
        }
    }
    return nullptr;
}

QStringList GpuCatalogue::ids() const {
    QStringList out;
    for (const auto &gpu : m_gpus) {
        out << gpu.id;
    }
    return out;
}

QStringList GpuCatalogue::migCapableIds() const {
    QStringList out;
    for (const auto &gpu : m_gpus) {
        if (gpu.supportsMig()) {
            out << gpu.id;
        }
    }
    return out;
}

Result<GpuSpec> GpuCatalogue::readGpuJson(const QByteArray &json, const QString &sourceName) const {
    auto parsed = parseObject(json, sourceName);
    if (!parsed) {
        return parsed.error();
    }
    GpuJsonContext context;
    context.location = sourceName;
    context.strictness = GpuJsonStrictness::UserFile;
    context.legend = &m_legend;
    context.findBase = [this](const QString &id) { return find(id); };
    context.knownIds = [this] { return ids(); };
    auto gpu = infersight::readGpuJson(*parsed, context);
    if (gpu) {
        if (Status st = checkGpuFigures(*gpu, builtIn(), sourceName); !st) {
            return Error{st.errorMessage()};
        }
        gpu->custom = true;
        gpu->file = sourceName;
    }
    return gpu;
}

Result<GpuSpec> GpuCatalogue::readGpuFile(const QString &path) const {
    auto bytes = readFile(path);
    if (!bytes) {
        return bytes.error();
    }
    auto gpu = readGpuJson(*bytes, path);
    if (gpu) {
        gpu->file = QFileInfo(path).absoluteFilePath();
    }
    return gpu;
}

Result<GpuSpec> GpuCatalogue::addGpuFile(const QString &path) {
    auto gpu = readGpuFile(path);
    if (!gpu) {
        return gpu;
    }
    if (const GpuSpec *existing = find(gpu->id)) {
        return Error{QStringLiteral("%1: field 'id': '%2' is already taken by %3")
                         .arg(path, gpu->id,
                              existing->custom ? QStringLiteral("the user GPU in %1").arg(existing->file)
                                               : QStringLiteral("the built-in %1").arg(existing->name))};
    }
    m_gpus.push_back(*gpu);
    return gpu;
}

Status GpuCatalogue::add(const GpuSpec &gpu) {
    const QString location = gpu.file.isEmpty() ? QStringLiteral("GPU '%1'").arg(gpu.id) : gpu.file;
    const QJsonObject object = gpuToJson(gpu);
    auto validated = readGpuJson(QJsonDocument(object).toJson(QJsonDocument::Compact), location);
    if (!validated) {
        return validated.error();
    }
    if (find(gpu.id)) {
        return Error{QStringLiteral("%1: field 'id': '%2' is already taken").arg(location, gpu.id)};
    }
    GpuSpec copy = std::move(validated).value();
    copy.custom = gpu.custom;
    copy.file = gpu.file;
    copy.base = gpu.base;
    m_gpus.push_back(std::move(copy));
    return Status::success();
}

QStringList GpuCatalogue::addGpuDirectory(const QString &directory) {
    QStringList problems;
    const QDir dir(directory);
    if (!dir.exists()) {
        return problems;
    }
    const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files | QDir::Readable, QDir::Name);
    for (const auto &name : files) {
        auto added = addGpuFile(dir.filePath(name));
        if (!added) {
            problems << added.errorMessage();
        }
    }
    return problems;
}

QJsonObject GpuCatalogue::toGpuFileJson(const GpuSpec &gpu) {
    QJsonObject object = gpuToJson(gpu);
    object.insert(QStringLiteral("schema"), QLatin1String(kGpuFileSchema));
    object.insert(QStringLiteral("schema_version"), kGpuSchemaVersion);
    return object;
}

Status GpuCatalogue::saveGpuFile(const GpuSpec &gpu, const QString &path) {
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath())) {
        return Error{QStringLiteral("%1: cannot create the folder %2").arg(path, info.absolutePath())};
    }
    return writeOutputFile(path, QJsonDocument(toGpuFileJson(gpu)).toJson(QJsonDocument::Indented));
}

Result<QString> GpuCatalogue::saveUserGpu(const GpuSpec &gpu) {
    // Validate first so that a broken GPU never lands in the user's folder.
    const GpuCatalogue &reference = builtIn();
    auto validated = reference.readGpuJson(QJsonDocument(toGpuFileJson(gpu)).toJson(QJsonDocument::Compact),
                                           QStringLiteral("GPU '%1'").arg(gpu.id));
    if (!validated) {
        return validated.error();
    }
    if (const GpuSpec *builtInGpu = reference.find(gpu.id)) {
        return Error{QStringLiteral("GPU '%1': field 'id' is taken by the built-in %2; choose another id")
                         .arg(gpu.id, builtInGpu->name)};
    }
    const QString path = QDir(userGpuDirectory()).filePath(gpu.id + QStringLiteral(".json"));
    const Status saved = saveGpuFile(gpu, path);
    if (!saved) {
        return Error{saved.errorMessage()};
    }
    return path;
}

namespace {

struct PeakField {
    const char *key;
    std::optional<double> PeakThroughput::*member;
};

constexpr PeakField kRatePeaks[] = {
    {"tf32", &PeakThroughput::tf32}, {"fp16", &PeakThroughput::fp16}, {"bf16", &PeakThroughput::bf16},
    {"int8", &PeakThroughput::int8}, {"fp8", &PeakThroughput::fp8},   {"fp16_non_tensor", &PeakThroughput::fp16NonTensor},
};

// How far a peak may lie from what the SMs and clocks give (fp32) or from the per-SM rates of the
// catalogue (other paths): what-if GPUs ("twice the FP8 rate", a new architecture) stay possible,
// while a peak that disagrees with its SM count by orders of magnitude ("sms": 1 with an H100's
// peaks: 132x) is refused.
constexpr double kFigureFactor = 4.0;

// Clock (GHz) that a peak is reached at: the tensor clock for tensor paths, else the boost clock.
double peakClockGhz(const GpuSpec &gpu, const PeakField &field) {
    const bool tensor = std::string_view(field.key) != "fp16_non_tensor";
    return (tensor && gpu.tensorClockMhz > 0 ? gpu.tensorClockMhz : gpu.boostClockMhz) / 1000.0;
}

// 4 significant digits, but never in exponent notation for ordinary GPU figures (16896, 1410).
QString figure(double v) {
    if (std::abs(v) >= 1000 && std::abs(v) < 1e9) {
        return QString::number(std::round(v), 'f', 0);
    }
    return QString::number(v, 'g', 4);
}

}  // namespace

Status checkGpuFigures(const GpuSpec &gpu, const GpuCatalogue &reference, const QString &location) {
    if (gpu.sms <= 0 || gpu.boostClockMhz <= 0) {
        return Status::success();  // the field ranges already refused these
    }
    std::vector<const GpuSpec *> sameArch;
    for (const GpuSpec &g : reference.gpus()) {
        if (!g.custom && g.architecture.compare(gpu.architecture, Qt::CaseInsensitive) == 0) {
            sameArch.push_back(&g);
        }
    }
    const bool known = !sameArch.empty();
    if (!known) {
        for (const GpuSpec &g : reference.gpus()) {
            if (!g.custom) {
                sameArch.push_back(&g);
            }
        }
    }
    if (sameArch.empty()) {
        return Status::success();  // no reference to compare with (a broken build; tests rule it out)
    }
    const QString group = known ? QStringLiteral("%1 GPUs in the catalogue").arg(gpu.architecture)
                                : QStringLiteral("GPUs in the catalogue (none is %1)").arg(gpu.architecture);
    const QString advice = gpu.base.isEmpty()
                               ? QString()
                               : QStringLiteral("; a file derived from '%1' keeps its cores and peaks when it changes "
                                                "'sms' alone: use \"scale\": {\"sms\": F} to scale them together, or give "
                                                "cuda_cores and peak_tflops too")
                                     .arg(gpu.base);

    // Cores per SM.
    double coresMin = std::numeric_limits<double>::max();
    double coresMax = 0;
    for (const GpuSpec *g : sameArch) {
        const double c = double(g->cudaCores) / g->sms;
        coresMin = std::min(coresMin, c);
        coresMax = std::max(coresMax, c);
    }
    const double cores = double(gpu.cudaCores) / gpu.sms;
    if (cores < coresMin * 0.9 || cores > coresMax * 1.1) {
        return Error{QStringLiteral("%1: field 'sms' (%2) and 'cuda_cores' (%3) give %4 CUDA cores per SM; %5 have %6 to %7%8")
                         .arg(location)
                         .arg(gpu.sms)
                         .arg(gpu.cudaCores)
                         .arg(figure(cores), group, figure(coresMin), figure(coresMax), advice)};
    }

    // FP32: one FMA (2 FLOPs) per CUDA core per clock.
    if (gpu.peak.fp32) {
        const double expected = gpu.cudaCores * 2.0 * gpu.boostClockMhz * 1e6 / 1e12;
        if (*gpu.peak.fp32 > expected * kFigureFactor || *gpu.peak.fp32 < expected / kFigureFactor) {
            return Error{QStringLiteral("%1: field 'peak_tflops.fp32' (%2 TFLOPS) does not agree with cuda_cores x 2 x "
                                        "boost_clock_mhz = %3 x 2 x %4 MHz = %5 TFLOPS (plausible: %6 to %7)%8")
                             .arg(location, figure(*gpu.peak.fp32))
                             .arg(gpu.cudaCores)
                             .arg(figure(gpu.boostClockMhz), figure(expected), figure(expected / kFigureFactor),
                                  figure(expected * kFigureFactor), advice)};
        }
    }

    // Other peaks: TFLOPS per SM per GHz within the reference range (+-25 %).
    for (const PeakField &field : kRatePeaks) {
        const std::optional<double> &value = gpu.peak.*field.member;
        if (!value) {
            continue;
        }
        double lo = std::numeric_limits<double>::max();
        double hi = 0;
        auto collect = [&](const std::vector<const GpuSpec *> &gpus) {
            for (const GpuSpec *g : gpus) {
                if (const auto &v = g->peak.*field.member) {
                    const double rate = *v / (g->sms * peakClockGhz(*g, field));
                    lo = std::min(lo, rate);
                    hi = std::max(hi, rate);
                }
            }
        };
        collect(sameArch);
        QString against = group;
        if (hi <= 0) {  // the architecture has no such path in the catalogue: compare with every GPU that has
            std::vector<const GpuSpec *> all;
            for (const GpuSpec &g : reference.gpus()) {
                if (!g.custom) {
                    all.push_back(&g);
                }
            }
            collect(all);
            against = QStringLiteral("GPUs in the catalogue with a %1 path").arg(QString::fromLatin1(field.key));
        }
        if (hi <= 0) {
            continue;
        }
        const double tolerance = kFigureFactor;
        const double clock = peakClockGhz(gpu, field);
        const double rate = *value / (gpu.sms * clock);
        if (rate < lo / tolerance || rate > hi * tolerance) {
            return Error{QStringLiteral("%1: field 'peak_tflops.%2' (%3 TFLOPS) is %4 TFLOPS per SM per GHz at %5 SMs and "
                                        "%6 MHz; %7 have %8 to %9 (plausible: %10 to %11)%12")
                             .arg(location, QString::fromLatin1(field.key), figure(*value), figure(rate))
                             .arg(gpu.sms)
                             .arg(figure(clock * 1000.0), against, figure(lo), figure(hi), figure(lo / tolerance),
                                  figure(hi * tolerance), advice)};
        }
    }
    return Status::success();
}

}  // namespace infersight
