// SPDX-License-Identifier: MIT
#include "design/project_file.h"

#include "base/file_io.h"
#include "base/model_limits.h"
#include "base/one_line.h"
#include "hardware/gpu_catalogue.h"
#include "hardware/gpu_json.h"
#include "hardware/host_catalogue.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QSaveFile>

#include <cmath>
#include <functional>

namespace infersight {

namespace {

QString jsonTypeName(const QJsonValue &v) {
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: return QStringLiteral("missing");
    }
    return QStringLiteral("unknown");
}

// Reads fields of one JSON object with errors naming the file and the dotted field path.
class FieldReader {
public:
    FieldReader(const QJsonObject &object, QString file, QString prefix)
        : m_object(object), m_file(std::move(file)), m_prefix(std::move(prefix)) {}

    const QString &file() const { return m_file; }
    const QString &prefix() const { return m_prefix; }
    QString path(const QString &key) const { return m_prefix.isEmpty() ? key : m_prefix + QLatin1Char('.') + key; }
    bool has(const QString &key) const { return m_object.contains(key) && !m_object.value(key).isNull(); }

    Error missing(const QString &key) const {
        return Error{QStringLiteral("%1: the required field '%2' is missing").arg(m_file, path(key))};
    }
    Error wrongType(const QString &key, const char *wanted) const {
        return Error{QStringLiteral("%1: field '%2' must be %3, not %4")
                         .arg(m_file, path(key), QString::fromLatin1(wanted), jsonTypeName(m_object.value(key)))};
    }
    Error invalid(const QString &key, const QString &why) const {
        return Error{QStringLiteral("%1: field '%2' %3").arg(m_file, path(key), why)};
    }

    Result<QString> string(const QString &key, bool required) const {
        if (!has(key)) {
            return required ? Result<QString>(missing(key)) : Result<QString>(QString());
        }
        const QJsonValue v = m_object.value(key);
        if (!v.isString()) {
            return wrongType(key, "a string");
        }
        return v.toString();
    }
    Result<std::int64_t> integer(const QString &key, bool required, std::int64_t fallback) const {
        if (!has(key)) {
            return required ? Result<std::int64_t>(missing(key)) : Result<std::int64_t>(fallback);
        }
        const QJsonValue v = m_object.value(key);
        const double d = v.toDouble();
        if (!v.isDouble() || std::floor(d) != d || std::fabs(d) > 9.0e15) {
            return wrongType(key, "an integer");
        }
        return static_cast<std::int64_t>(d);
    }
    Result<double> number(const QString &key, bool required, double fallback) const {
        if (!has(key)) {
            return required ? Result<double>(missing(key)) : Result<double>(fallback);
        }
        const QJsonValue v = m_object.value(key);
        if (!v.isDouble() || !std::isfinite(v.toDouble())) {
            return wrongType(key, "a number");
        }
        return v.toDouble();
    }
    Result<bool> boolean(const QString &key, bool fallback) const {
        if (!has(key)) {
            return fallback;
        }
        const QJsonValue v = m_object.value(key);
        if (!v.isBool()) {
            return wrongType(key, "true or false");
        }
        return v.toBool();
    }
    Result<QJsonObject> object(const QString &key, bool required) const {
        if (!has(key)) {
            return required ? Result<QJsonObject>(missing(key)) : Result<QJsonObject>(QJsonObject());
        }
        const QJsonValue v = m_object.value(key);
        if (!v.isObject()) {
            return wrongType(key, "an object");
        }
        return v.toObject();
    }
    Result<QJsonArray> array(const QString &key, bool required) const {
        if (!has(key)) {
            return required ? Result<QJsonArray>(missing(key)) : Result<QJsonArray>(QJsonArray());
        }
        const QJsonValue v = m_object.value(key);
        if (!v.isArray()) {
            return wrongType(key, "an array");
        }
        return v.toArray();
    }

private:
    QJsonObject m_object;
    QString m_file;
    QString m_prefix;
};

bool isFileSource(const QString &source) { return !isZooSource(source) && !source.isEmpty(); }

}  // namespace

Project Project::fromDesign(const Design &design, std::vector<ProjectTarget> targets) {
    Project p;
    p.source = design.source();
    if (isFileSource(p.source)) {
        p.source = QFileInfo(p.source).absoluteFilePath();
    }
    p.inputShapes = design.inputShapes();
    p.knobs = design.knobs();
    p.widthMultiplier = design.widthMultiplier();
    p.depth = design.depth();
    p.edits = design.edits();
    p.nodePrecisions = design.nodePrecisions();
    p.targets = std::move(targets);
    return p;
}

Result<Design> Project::open(const QString &projectPath) const {
    auto prefix = [&projectPath](const QString &message) {
        return projectPath.isEmpty() ? message : QStringLiteral("%1: %2").arg(projectPath, message);
    };
    auto design = Design::open(source, knobs, inputShapes);
    if (!design) {
        return Error{prefix(design.errorMessage())};
    }
    Design d = std::move(*design);
    if (depth != -1) {
        if (Status st = d.setDepth(depth); !st) {
            return Error{prefix(st.errorMessage())};
        }
    }
    if (widthMultiplier != 1.0) {
        if (Status st = d.setWidthMultiplier(widthMultiplier); !st) {
            return Error{prefix(st.errorMessage())};
        }
    }
    if (!edits.empty()) {
        if (Status st = d.setEdits(edits); !st) {
            return Error{prefix(st.errorMessage())};
        }
    }
    if (Status st = d.setNodePrecisions(nodePrecisions); !st) {
        return Error{prefix(st.errorMessage())};
    }
    d.addWarnings(warnings);  // the file's unknown fields, shown with the model's warnings
    return d;
}

QJsonObject Project::toJson(const QString &projectDir) const {
    QJsonObject root;
    root.insert(QStringLiteral("format"), QString::fromLatin1(kFormat));
    root.insert(QStringLiteral("version"), kVersion);

    QJsonObject model;
    QString src = source;
    if (isFileSource(src) && !projectDir.isEmpty()) {
        src = QDir(projectDir).relativeFilePath(QFileInfo(src).absoluteFilePath());
    }
    model.insert(QStringLiteral("source"), src);
    if (!inputShapes.isEmpty()) {
        model.insert(QStringLiteral("input_shapes"), inputShapes);
    }
    root.insert(QStringLiteral("model"), model);

    QJsonObject k;
    k.insert(QStringLiteral("batch"), static_cast<double>(knobs.batch));
    if (knobs.sequence > 0) {
        k.insert(QStringLiteral("sequence"), static_cast<double>(knobs.sequence));
    }
    if (knobs.height > 0) {
        k.insert(QStringLiteral("height"), static_cast<double>(knobs.height));
    }
    if (knobs.width > 0) {
        k.insert(QStringLiteral("width"), static_cast<double>(knobs.width));
    }
    k.insert(QStringLiteral("precision"), precisionName(knobs.precision));
    k.insert(QStringLiteral("runtime"), runtimeName(knobs.runtime));
    k.insert(QStringLiteral("phase"), decoderPhaseName(knobs.phase));
    if (knobs.context > 0) {
        k.insert(QStringLiteral("context"), static_cast<double>(knobs.context));
    }
    root.insert(QStringLiteral("knobs"), k);

    QJsonObject structure;
    structure.insert(QStringLiteral("width_multiplier"), widthMultiplier);
    if (depth > 0) {
        structure.insert(QStringLiteral("depth"), depth);
    }
    root.insert(QStringLiteral("structure"), structure);

    QJsonArray editArray;
    for (const DesignEdit &e : edits) {
        QJsonObject o;
        o.insert(QStringLiteral("kind"), designEditKindName(e.kind));
        o.insert(QStringLiteral("node"), e.node);
        o.insert(QStringLiteral("value"), static_cast<double>(e.value));
        editArray.append(o);
    }
    root.insert(QStringLiteral("edits"), editArray);

    QJsonObject precisions;
    for (auto it = nodePrecisions.cbegin(); it != nodePrecisions.cend(); ++it) {
        precisions.insert(it.key(), precisionName(it.value()));
    }
    root.insert(QStringLiteral("node_precisions"), precisions);

    QJsonArray targetArray;
    for (const ProjectTarget &t : targets) {
        QJsonObject o;
        o.insert(QStringLiteral("gpu"), t.gpu);
        if (!t.mig.isEmpty()) {
            o.insert(QStringLiteral("mig"), t.mig);
        }
        if (t.mps) {
            o.insert(QStringLiteral("mps"), *t.mps);
            if (t.mpsAlone) {
                o.insert(QStringLiteral("mps_alone"), true);
            }
        }
        if (!t.host.isEmpty()) {
            o.insert(QStringLiteral("host"), t.host);
        }
        targetArray.append(o);
    }
    root.insert(QStringLiteral("targets"), targetArray);
    return root;
}

namespace {

// Each section of the file in its own reader; every problem is one line naming the file and field.

Status readFormatAndVersion(const FieldReader &r) {
    const QString &fileName = r.file();
    auto format = r.string(QStringLiteral("format"), true);
    if (!format) {
        return Error{QStringLiteral("%1: not an Infersight project (no \"format\": \"%2\")")
                         .arg(fileName, QString::fromLatin1(Project::kFormat))};
    }
    if (*format != QLatin1String(Project::kFormat)) {
        return Error{QStringLiteral("%1: not an Infersight project (format is '%2', expected '%3')")
                         .arg(fileName, *format, QString::fromLatin1(Project::kFormat))};
    }
    auto version = r.integer(QStringLiteral("version"), true, 0);
    if (!version) {
        return version.error();
    }
    if (*version > Project::kVersion) {
        return Error{QStringLiteral("%1: the project was written by a newer Infersight (project format version %2; this "
                                    "version reads up to %3). Update Infersight to open it")
                         .arg(fileName)
                         .arg(*version)
                         .arg(Project::kVersion)};
    }
    if (*version < 1) {
        return r.invalid(QStringLiteral("version"), QStringLiteral("must be at least 1 (got %1)").arg(*version));
    }
    return Status::success();
}

Status readModel(const FieldReader &r, const QString &projectDir, Project &p) {
    auto model = r.object(QStringLiteral("model"), true);
    if (!model) {
        return model.error();
    }
    const FieldReader m(*model, r.file(), QStringLiteral("model"));
    auto source = m.string(QStringLiteral("source"), true);
    if (!source) {
        return source.error();
    }
    if (source->isEmpty()) {
        return m.invalid(QStringLiteral("source"), QStringLiteral("is empty"));
    }
    p.source = *source;
    if (isFileSource(p.source) && QFileInfo(p.source).isRelative() && !projectDir.isEmpty()) {
        p.source = QDir::cleanPath(QDir(projectDir).absoluteFilePath(p.source));
    }
    auto shapes = m.string(QStringLiteral("input_shapes"), false);
    if (!shapes) {
        return shapes.error();
    }
    p.inputShapes = *shapes;
    return Status::success();
}

Status readKnobs(const FieldReader &r, Knobs &out) {
    auto knobs = r.object(QStringLiteral("knobs"), true);
    if (!knobs) {
        return knobs.error();
    }
    const FieldReader k(*knobs, r.file(), QStringLiteral("knobs"));
    auto batch = k.integer(QStringLiteral("batch"), true, 1);
    if (!batch) {
        return batch.error();
    }
    if (*batch < 1) {
        return k.invalid(QStringLiteral("batch"), QStringLiteral("must be at least 1 (got %1)").arg(*batch));
    }
    out.batch = *batch;
    for (auto [key, slot] : {std::pair{QStringLiteral("sequence"), &out.sequence}, std::pair{QStringLiteral("height"), &out.height},
                             std::pair{QStringLiteral("width"), &out.width}, std::pair{QStringLiteral("context"), &out.context}}) {
        auto v = k.integer(key, false, -1);
        if (!v) {
            return v.error();
        }
        if (k.has(key) && *v < 1) {
            return k.invalid(key, QStringLiteral("must be at least 1 (got %1)").arg(*v));
        }
        *slot = *v;
    }
    auto precision = k.string(QStringLiteral("precision"), true);
    if (!precision) {
        return precision.error();
    }
    const auto pr = precisionFromName(*precision);
    if (!pr) {
        return k.invalid(QStringLiteral("precision"),
                         QStringLiteral("'%1' is not a precision (one of %2)").arg(*precision, precisionNames().join(QStringLiteral(", "))));
    }
    out.precision = *pr;
    auto runtime = k.string(QStringLiteral("runtime"), true);
    if (!runtime) {
        return runtime.error();
    }
    const auto rt = runtimeFromName(*runtime);
    if (!rt) {
        return k.invalid(QStringLiteral("runtime"), QStringLiteral("'%1' is not a runtime (eager or fused)").arg(*runtime));
    }
    out.runtime = *rt;
    auto phase = k.string(QStringLiteral("phase"), false);
    if (!phase) {
        return phase.error();
    }
    if (!phase->isEmpty()) {
        const auto ph = decoderPhaseFromName(*phase);
        if (!ph) {
            return k.invalid(QStringLiteral("phase"), QStringLiteral("'%1' is not a phase (prefill or decode)").arg(*phase));
        }
        out.phase = *ph;
    }
    return Status::success();
}

Status readStructure(const FieldReader &r, Project &p) {
    auto structure = r.object(QStringLiteral("structure"), false);
    if (!structure) {
        return structure.error();
    }
    const FieldReader s(*structure, r.file(), QStringLiteral("structure"));
    auto multiplier = s.number(QStringLiteral("width_multiplier"), false, 1.0);
    if (!multiplier) {
        return multiplier.error();
    }
    if (!(*multiplier > 0.0) || *multiplier > 16.0) {
        return s.invalid(QStringLiteral("width_multiplier"), QStringLiteral("must be in (0, 16] (got %1)").arg(*multiplier));
    }
    p.widthMultiplier = *multiplier;
    auto depth = s.integer(QStringLiteral("depth"), false, -1);
    if (!depth) {
        return depth.error();
    }
    if (s.has(QStringLiteral("depth")) && (*depth < 1 || *depth > maxLayers())) {
        return s.invalid(QStringLiteral("depth"), QStringLiteral("must be at least 1 and %1 (got %2)").arg(maxLayersText()).arg(*depth));
    }
    p.depth = static_cast<int>(*depth);
    return Status::success();
}

// `at` ("edits[2]") must hold an object; the error otherwise.
Status mustBeObject(const QString &fileName, const QString &at, const QJsonValue &v) {
    if (!v.isObject()) {
        return Error{QStringLiteral("%1: field '%2' must be an object, not %3").arg(fileName, at, jsonTypeName(v))};
    }
    return Status::success();
}

Status readEdits(const FieldReader &r, std::vector<DesignEdit> &out) {
    auto edits = r.array(QStringLiteral("edits"), true);
    if (!edits) {
        return edits.error();
    }
    for (qsizetype i = 0; i < edits->size(); ++i) {
        const QString at = QStringLiteral("edits[%1]").arg(i);
        const QJsonValue v = edits->at(i);
        if (Status st = mustBeObject(r.file(), at, v); !st) {
            return st;
        }
        const FieldReader e(v.toObject(), r.file(), at);
        auto kind = e.string(QStringLiteral("kind"), true);
        if (!kind) {
            return kind.error();
        }
        const auto editKind = designEditKindFromName(*kind);
        if (!editKind) {
            return e.invalid(QStringLiteral("kind"), QStringLiteral("'%1' is not an edit kind (width or heads)").arg(*kind));
        }
        auto node = e.string(QStringLiteral("node"), true);
        if (!node) {
            return node.error();
        }
        auto value = e.integer(QStringLiteral("value"), true, 0);
        if (!value) {
            return value.error();
        }
        if (*value < 1) {
            return e.invalid(QStringLiteral("value"), QStringLiteral("must be at least 1 (got %1)").arg(*value));
        }
        out.push_back(DesignEdit{*editKind, *node, *value});
    }
    return Status::success();
}

Status readNodePrecisions(const FieldReader &r, QMap<QString, Precision> &out) {
    auto precisions = r.object(QStringLiteral("node_precisions"), false);
    if (!precisions) {
        return precisions.error();
    }
    for (auto it = precisions->constBegin(); it != precisions->constEnd(); ++it) {
        const QString at = QStringLiteral("node_precisions.%1").arg(it.key());
        if (!it.value().isString()) {
            return Error{QStringLiteral("%1: field '%2' must be a string, not %3").arg(r.file(), at, jsonTypeName(it.value()))};
        }
        const auto pr = precisionFromName(it.value().toString());
        if (!pr) {
            return Error{QStringLiteral("%1: field '%2': '%3' is not a precision").arg(r.file(), at, it.value().toString())};
        }
        out.insert(it.key(), *pr);
    }
    return Status::success();
}

Result<ProjectTarget> readTarget(const FieldReader &t) {
    ProjectTarget target;
    auto gpu = t.string(QStringLiteral("gpu"), true);
    if (!gpu) {
        return gpu.error();
    }
    target.gpu = *gpu;
    auto mig = t.string(QStringLiteral("mig"), false);
    if (!mig) {
        return mig.error();
    }
    target.mig = *mig;
    if (t.has(QStringLiteral("mps"))) {
        auto mps = t.number(QStringLiteral("mps"), true, 100.0);
        if (!mps) {
            return mps.error();
        }
        if (!(*mps > 0.0) || *mps > 100.0) {
            return t.invalid(QStringLiteral("mps"), QStringLiteral("must be in (0, 100] (got %1)").arg(*mps));
        }
        target.mps = *mps;
    }
    auto alone = t.boolean(QStringLiteral("mps_alone"), false);
    if (!alone) {
        return alone.error();
    }
    target.mpsAlone = *alone;
    auto host = t.string(QStringLiteral("host"), false);
    if (!host) {
        return host.error();
    }
    target.host = host->trimmed();
    if (!target.host.isEmpty() && !HostCatalogue::builtIn().find(target.host)) {
        return t.invalid(QStringLiteral("host"), QStringLiteral("names an unknown host '%1'; known hosts: %2")
                                                     .arg(target.host, HostCatalogue::builtIn().ids().join(QStringLiteral(", "))));
    }
    if (!target.mig.isEmpty() && target.mps) {
        return Error{QStringLiteral("%1: field '%2' gives both a MIG profile and an MPS share").arg(t.file(), t.prefix())};
    }
    // A catalogue GPU's MIG profile is checked here, naming the file (issue 15, item 9); a GPU
    // file's profiles are checked when that file is read.
    if (const GpuSpec *spec = GpuCatalogue::builtIn().find(target.gpu); spec && !target.mig.isEmpty()) {
        if (!spec->supportsMig()) {
            return t.invalid(QStringLiteral("mig"), QStringLiteral("names MIG profile '%1', but %2 has no MIG (MIG-capable: %3)")
                                                        .arg(target.mig, spec->id,
                                                             GpuCatalogue::builtIn().migCapableIds().join(QStringLiteral(", "))));
        }
        if (!spec->findMig(target.mig)) {
            return t.invalid(QStringLiteral("mig"), QStringLiteral("names an unknown MIG profile '%1' of %2; its profiles: %3")
                                                        .arg(target.mig, spec->id, spec->migProfileNames().join(QStringLiteral(", "))));
        }
    }
    return target;
}

Status readTargets(const FieldReader &r, std::vector<ProjectTarget> &out) {
    auto targets = r.array(QStringLiteral("targets"), false);
    if (!targets) {
        return targets.error();
    }
    for (qsizetype i = 0; i < targets->size(); ++i) {
        const QString at = QStringLiteral("targets[%1]").arg(i);
        const QJsonValue v = targets->at(i);
        if (Status st = mustBeObject(r.file(), at, v); !st) {
            return st;
        }
        auto target = readTarget(FieldReader(v.toObject(), r.file(), at));
        if (!target) {
            return target.error();
        }
        out.push_back(*target);
    }
    return Status::success();
}

}  // namespace

namespace {

Result<Project> parseProject(const QByteArray &json, const QString &fileName, const QString &projectDir) {
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return Error{QStringLiteral("%1: not a project file: %2").arg(fileName, describeJsonParseError(json, parseError))};
    }
    if (!doc.isObject()) {
        return Error{QStringLiteral("%1: not a project file: the top level must be a JSON object").arg(fileName)};
    }
    const FieldReader r(doc.object(), fileName, {});
    Project p;
    if (Status st = readFormatAndVersion(r); !st) {
        return Error{st.errorMessage()};
    }
    // In file order, so that the first problem reported is the first in the file.
    const std::function<Status()> sections[] = {
        [&] { return readModel(r, projectDir, p); },
        [&] { return readKnobs(r, p.knobs); },
        [&] { return readStructure(r, p); },
        [&] { return readEdits(r, p.edits); },
        [&] { return readNodePrecisions(r, p.nodePrecisions); },
        [&] { return readTargets(r, p.targets); },
    };
    for (const auto &section : sections) {
        if (Status st = section(); !st) {
            // One line: the message may quote the file's strings (tests/fuzz/project_file).
            return Error{st.errorMessage()};
        }
    }
    // Unknown fields are kept out of the project but not silently (issue 15, item 11). "view" (current
    // target, selected node) and "llm" (LLM settings: ui/session/design_spec.h) are the explorer's.
    static const QStringList topLevel{QStringLiteral("format"), QStringLiteral("version"), QStringLiteral("model"),
                                      QStringLiteral("knobs"), QStringLiteral("structure"), QStringLiteral("edits"),
                                      QStringLiteral("node_precisions"), QStringLiteral("targets"), QStringLiteral("view"),
                                      QStringLiteral("llm"), QStringLiteral("autosave")};
    static const QStringList targetKeys{QStringLiteral("gpu"), QStringLiteral("mig"), QStringLiteral("mps"),
                                        QStringLiteral("mps_alone"), QStringLiteral("host")};
    auto warnUnknown = [&](const QJsonObject &object, const QStringList &known, const QString &prefix) {
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (!known.contains(it.key())) {
                p.warnings << QStringLiteral("%1: unknown field '%2%3' is ignored").arg(fileName, prefix, it.key());
            }
        }
    };
    warnUnknown(doc.object(), topLevel, QString());
    const QJsonArray targets = doc.object().value(QStringLiteral("targets")).toArray();
    for (qsizetype i = 0; i < targets.size(); ++i) {
        warnUnknown(targets.at(i).toObject(), targetKeys, QStringLiteral("targets[%1].").arg(i));
    }
    return p;
}

}  // namespace

Result<Project> Project::fromJson(const QByteArray &json, const QString &fileName, const QString &projectDir) {
    auto project = parseProject(json, fileName, projectDir);
    if (!project) {
        // One line, never empty: messages quote the file's strings (tests/fuzz/project_file).
        const QString message = project.errorMessage();
        return Error{message.isEmpty() ? QStringLiteral("%1: not a valid project file").arg(fileName) : oneLine(message)};
    }
    return project;
}

Result<Project> readProjectFile(const QString &path) {
    auto bytes = readRegularFile(path, kTextFileCapMiB, QStringLiteral("a project file"));
    if (!bytes) {
        return bytes.error();
    }
    return Project::fromJson(*bytes, path, QFileInfo(path).absolutePath());
}

Status writeProjectFile(const Project &project, const QString &path) {
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath())) {
        return Error{QStringLiteral("%1: cannot create the folder %2").arg(path, info.absolutePath())};
    }
    const QByteArray bytes = QJsonDocument(project.toJson(info.absolutePath())).toJson(QJsonDocument::Indented);
    return writeOutputFile(path, bytes);
}

Result<Design> openProjectFile(const QString &path, std::vector<ProjectTarget> *targets) {
    auto project = readProjectFile(path);
    if (!project) {
        return project.error();
    }
    auto design = project->open(path);
    if (!design) {
        return design.error();
    }
    if (targets) {
        *targets = project->targets;
    }
    return design;
}

}  // namespace infersight
