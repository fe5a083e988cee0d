// SPDX-License-Identifier: MIT
#include "importers/model_loader.h"

#include "importers/onnx/onnx_importer.h"
#include "importers/torchscript/torchscript_model_source.h"
#include "zoo/zoo_model_source.h"

#include <QFileInfo>

namespace infersight {

namespace {

bool hasSuffix(const QString &source, std::initializer_list<const char *> suffixes) {
    for (const char *suffix : suffixes) {
        if (source.endsWith(QLatin1String(suffix), Qt::CaseInsensitive)) {
            return true;
        }
    }
    return false;
}

Result<LoadedModel> loadOnnx(const QString &source, const ModelOptions &options) {
    OnnxImportOptions onnxOptions;
    onnxOptions.bindings = options.bindings;
    onnxOptions.libonnxDiagnostic = options.libonnxDiagnostic;
    auto imported = OnnxImporter::import(source, onnxOptions);
    if (!imported) {
        return imported.error();
    }
    LoadedModel model;
    model.graph = std::move(imported->graph);
    model.report = std::move(imported->report);
    model.bindings = imported->bindings;
    model.format = QStringLiteral("onnx");
    model.notes = std::move(imported->notes);
    model.warnings = std::move(imported->warnings);
    model.libonnxKnownShapes = imported->libonnxKnownShapes;
    model.libonnxTotalShapes = imported->libonnxTotalShapes;
    model.strippedTensors = imported->strippedTensors;
    model.strippedBytes = imported->strippedBytes;
    model.externalTensors = imported->externalTensors;
    return model;
}

}  // namespace

const std::vector<ModelSourceKind> &modelSourceKinds() {
    static const std::vector<ModelSourceKind> kinds{
        {QStringLiteral("onnx"), [](const QString &s) { return hasSuffix(s, {".onnx"}); }, &loadOnnx},
        {QStringLiteral("zoo"), [](const QString &s) { return s.startsWith(QLatin1String("zoo:")); }, &loadZooSource},
        {QStringLiteral("hfconfig"), [](const QString &s) { return hasSuffix(s, {".json"}); }, &loadHfConfigSource},
        {QStringLiteral("torchscript"), &isTorchScriptSource, &loadTorchScriptSource},
        // Last: any other file whose content is an ONNX ModelProto.
        {QStringLiteral("onnx"), [](const QString &s) { return OnnxImporter::looksLikeOnnx(s); }, &loadOnnx},
    };
    return kinds;
}

Result<LoadedModel> loadModel(const QString &source, const ModelOptions &options) {
    if (source.isEmpty()) {
        return Error{QStringLiteral("no model given")};
    }
    for (const ModelSourceKind &kind : modelSourceKinds()) {
        if (kind.accepts(source)) {
            return kind.load(source, options);
        }
    }
    const QFileInfo info(source);
    if (!info.exists()) {
        return Error{QStringLiteral("%1: no such file").arg(source)};
    }
    return Error{QStringLiteral("%1: unrecognised model format (expected an .onnx file)").arg(source)};
}

Result<PropagationReport> rebind(LoadedModel &model, const ShapeBindings &bindings) {
    const QString name = model.graph.sourcePath.isEmpty() ? model.graph.name : model.graph.sourcePath;
    auto bound = propagateAtBindings(model.graph, bindings, name);
    if (!bound) {
        // Restore the shapes of the previous bindings.
        propagateShapes(model.graph, model.bindings);
        return bound.error();
    }
    model.report = bound->report;
    model.bindings = bound->bindings;
    model.notes = bound->notes;
    return bound->report;
}

}  // namespace infersight
