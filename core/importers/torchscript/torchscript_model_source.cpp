// SPDX-License-Identifier: MIT
#include "importers/torchscript/torchscript_model_source.h"

#include "importers/torchscript/torchscript_archive.h"
#include "importers/torchscript/torchscript_importer.h"

namespace infersight {

bool isTorchScriptSource(const QString &source) {
    for (const char *suffix : {".pt", ".pth", ".ptl", ".torchscript"}) {
        if (source.endsWith(QLatin1String(suffix), Qt::CaseInsensitive)) {
            return true;
        }
    }
    return source.endsWith(QLatin1String(".ts"), Qt::CaseInsensitive) && TorchScriptArchive::looksLikeZip(source);
}

Result<ImportedModel> importTorchScriptFile(const QString &source, const ImportOptions &options) {
    TorchScriptImportOptions importOptions;
    importOptions.bindings = options.bindings;
    if (!options.inputShapes.trimmed().isEmpty()) {
        auto specs = TorchScriptInputSpec::parseList(options.inputShapes);
        if (!specs) {
            return Error{QStringLiteral("%1: %2").arg(source, specs.errorMessage())};
        }
        importOptions.inputs = std::move(*specs);
    }
    auto imported = TorchScriptImporter::import(source, importOptions);
    if (!imported) {
        return imported.error();
    }
    ImportedModel model;
    model.graph = std::move(imported->graph);
    model.format = QStringLiteral("torchscript");
    model.notes = std::move(imported->notes);
    model.warnings = std::move(imported->warnings);
    return model;
}

}  // namespace infersight
