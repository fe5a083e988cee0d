// SPDX-License-Identifier: MIT
#include "hardware/gpu_catalogue.h"

#include "hardware/gpu_json.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QStandardPaths>
#include <QtGlobal>

#include <cmath>

namespace infersight {

namespace {

Result<QByteArray> readFile(const QString &path) {
    QFile file(path);
    if (!file.exists()) {
        return Error{QStringLiteral("%1: no such file").arg(path)};
    }
    if (!file.open(QIODevice::ReadOnly)) {
        return Error{QStringLiteral("%1: cannot read: %2").arg(path, file.errorString())};
    }
    return file.readAll();
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
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return Error{QStringLiteral("%1: cannot write: %2").arg(path, file.errorString())};
    }
    const QByteArray bytes = QJsonDocument(toGpuFileJson(gpu)).toJson(QJsonDocument::Indented);
    if (file.write(bytes) != bytes.size()) {
        file.cancelWriting();
        return Error{QStringLiteral("%1: cannot write: %2").arg(path, file.errorString())};
    }
    if (!file.commit()) {
        return Error{QStringLiteral("%1: cannot save: %2").arg(path, file.errorString())};
    }
    return Status::success();
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

}  // namespace infersight
