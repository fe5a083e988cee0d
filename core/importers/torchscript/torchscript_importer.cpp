// SPDX-License-Identifier: MIT
#include "importers/torchscript/torchscript_importer.h"

#include "importers/torchscript/aten_lowering.h"
#include "importers/torchscript/torchscript_archive.h"
#include "importers/torchscript/torchscript_module.h"

#include <QFileInfo>

namespace infersight {

Result<TorchScriptImport> TorchScriptImporter::import(const QString &path, const TorchScriptImportOptions &options) {
    auto archive = TorchScriptArchive::inspect(path);
    if (!archive) {
        return archive.error();
    }
    TorchScriptReadRequest request;
    request.path = QFileInfo(path).absoluteFilePath();
    request.givenInputs = options.inputs.empty() ? -1 : static_cast<int>(options.inputs.size());
    for (const TorchScriptInputSpec &spec : options.inputs) {
        request.inputRanks.push_back(static_cast<int>(spec.shape.size()));
        request.inputDTypes.push_back(spec.dtype);
    }
    auto read = TorchScriptModule::read(request);
    if (!read) {
        return Error{QStringLiteral("%1: %2").arg(path, read.errorMessage())};
    }
    const TorchScriptGraph &source = *read;

    TorchScriptImport result;
    result.reader = source.reader;
    result.notes = source.notes;
    result.inputs = options.inputs;
    if (result.inputs.empty()) {
        auto guessed = AtenLowering::guessInputs(source, &result.notes);
        if (!guessed) {
            return Error{QStringLiteral("%1: %2").arg(path, guessed.errorMessage())};
        }
        result.inputs = std::move(*guessed);
    }
    auto lowered = AtenLowering::lower(source, result.inputs, options.bindings);
    if (!lowered) {
        return Error{QStringLiteral("%1: %2").arg(path, lowered.errorMessage())};
    }
    result.graph = std::move(lowered->graph);
    result.notes += lowered->notes;
    result.warnings += lowered->warnings;
    result.unsupportedOps = lowered->unsupportedOps;
    result.moduleParameters = lowered->moduleParameters;
    result.moduleBuffers = lowered->moduleBuffers;

    Graph &graph = result.graph;
    graph.name = QFileInfo(path).completeBaseName();
    graph.sourcePath = path;
    graph.producer = source.reader.isEmpty() ? QStringLiteral("torchscript") : QStringLiteral("torchscript (%1)").arg(source.reader);
    const Status sorted = graph.sortTopologically();
    if (!sorted) {
        return Error{QStringLiteral("%1: the lowered graph has a cycle: %2").arg(path, sorted.errorMessage())};
    }
    auto bound = propagateAtBindings(graph, options.bindings, path);
    if (!bound) {
        return bound.error();
    }
    result.report = bound->report;
    result.bindings = bound->bindings;
    result.notes += bound->notes;
    result.warnings += bound->warnings;
    if (!result.unsupportedOps.isEmpty()) {
        result.warnings.push_back(QStringLiteral("%1 operator kind(s) have no IR equivalent and stay opaque: %2")
                                      .arg(result.unsupportedOps.size())
                                      .arg(result.unsupportedOps.join(QStringLiteral(", "))));
    }
    return result;
}

}  // namespace infersight
