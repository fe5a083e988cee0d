// SPDX-License-Identifier: MIT
#include "importers/model_import.h"

#include "importers/onnx/onnx_importer.h"
#include "importers/torchscript/torchscript_model_source.h"

#include "base/file_io.h"

#include <QFileInfo>

#include <functional>

namespace infersight {

namespace {

bool hasOnnxSuffix(const QString &path) { return path.endsWith(QLatin1String(".onnx"), Qt::CaseInsensitive); }

Result<ImportedModel> importOnnxFile(const QString &path, const ImportOptions &options) {
    OnnxImportOptions onnxOptions;
    onnxOptions.bindings = options.bindings;
    onnxOptions.libonnxDiagnostic = options.libonnxDiagnostic;
    auto imported = OnnxImporter::import(path, onnxOptions);
    if (!imported) {
        return imported.error();
    }
    ImportedModel model;
    model.graph = std::move(imported->graph);
    model.format = QStringLiteral("onnx");
    // The propagation's notes and warnings are among the import's (the importer appends them).
    model.shapes = BoundShapes{std::move(imported->report), imported->bindings, imported->notes, imported->warnings};
    model.notes = std::move(imported->notes);
    model.warnings = std::move(imported->warnings);
    model.diagnostics.libonnxKnownShapes = imported->libonnxKnownShapes;
    model.diagnostics.libonnxTotalShapes = imported->libonnxTotalShapes;
    model.diagnostics.strippedTensors = imported->strippedTensors;
    model.diagnostics.strippedBytes = imported->strippedBytes;
    model.diagnostics.externalTensors = imported->externalTensors;
    return model;
}

// The importers in the order they are tried: the first whose `accepts` returns true imports the
// file. Adding a file format is one entry here.
struct FileImporter {
    std::function<bool(const QString &path)> accepts;
    std::function<Result<ImportedModel>(const QString &path, const ImportOptions &options)> import;
};

const std::vector<FileImporter> &fileImporters() {
    static const std::vector<FileImporter> importers{
        {&hasOnnxSuffix, &importOnnxFile},
        {&isTorchScriptSource, &importTorchScriptFile},
        // Last: any other file whose content is an ONNX ModelProto.
        {[](const QString &path) { return OnnxImporter::looksLikeOnnx(path); }, &importOnnxFile},
    };
    return importers;
}

}  // namespace

Result<ImportedModel> importModelFile(const QString &path, const ImportOptions &options) {
    if (path.isEmpty()) {
        return Error{QStringLiteral("no model given")};
    }
    // Before any sniffer opens it: a FIFO would block the open, a device would be read without end.
    if (Status st = checkRegularFile(path); !st) {
        return Error{st.errorMessage()};
    }
    for (const FileImporter &importer : fileImporters()) {
        if (importer.accepts(path)) {
            return importer.import(path, options);
        }
    }
    if (!QFileInfo::exists(path)) {
        return Error{QStringLiteral("%1: no such file").arg(path)};
    }
    return Error{QStringLiteral("%1: unrecognised model format (expected an .onnx file)").arg(path)};
}

}  // namespace infersight
