// SPDX-License-Identifier: MIT
#include "importers/torchscript/torchscript_importer.h"

#include "importers/torchscript/aten_lowering.h"
#include "importers/torchscript/torchscript_archive.h"
#include "importers/torchscript/torchscript_module.h"

#include <QFileInfo>

#include <algorithm>

namespace infersight {

namespace {

// The rank the first consumer of a graph input needs, when its op fixes one: a convolution or
// pooling wants 2 + its spatial dims (conv2d: 4-D), Gemm wants 2-D. -1: any rank, or unknown.
struct RankNeed {
    int rank = -1;
    const Node *node = nullptr;
};

RankNeed rankNeededBy(const Graph &graph, int value) {
    for (const Node &node : graph.nodes) {
        const auto at = std::find(node.inputs.begin(), node.inputs.end(), value);
        if (at == node.inputs.end()) {
            continue;
        }
        const bool dataInput = at == node.inputs.begin();
        if (!dataInput) {
            return {};
        }
        if (node.opType == QLatin1String("Conv") || node.opType == QLatin1String("ConvTranspose")) {
            const int weight = node.input(1);
            if (weight >= 0) {
                const Value &w = graph.values[static_cast<std::size_t>(weight)];
                if (!w.declared.empty()) {
                    return {static_cast<int>(w.declared.size()), &node};
                }
            }
            return {};
        }
        if (node.opType == QLatin1String("MaxPool") || node.opType == QLatin1String("AveragePool")) {
            const auto kernel = node.attrInts(u"kernel_shape");
            return kernel.empty() ? RankNeed{} : RankNeed{static_cast<int>(kernel.size()) + 2, &node};
        }
        if (node.opType == QLatin1String("Gemm")) {
            return {2, &node};
        }
        return {};
    }
    return {};
}

// An input given with --input whose rank its first use cannot take: one line naming the input.
Status checkInputRanks(const Graph &graph, const std::vector<TorchScriptInputSpec> &inputs) {
    for (std::size_t k = 0; k < inputs.size() && k < graph.inputs.size(); ++k) {
        const RankNeed need = rankNeededBy(graph, graph.inputs[k]);
        const int given = static_cast<int>(inputs[k].shape.size());
        if (need.rank >= 0 && need.rank != given) {
            const Value &value = graph.values[static_cast<std::size_t>(graph.inputs[k])];
            return Error{QStringLiteral("input %1 ('%2', given as %3) has %4 dimension(s), but its first use, %5 '%6', "
                                        "needs a %7-D tensor")
                             .arg(k + 1)
                             .arg(value.name, inputs[k].toString())
                             .arg(given)
                             .arg(need.node->opType, need.node->name)
                             .arg(need.rank)};
        }
    }
    return Status::success();
}

}  // namespace

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
    if (!options.inputs.empty()) {
        const Status ranks = checkInputRanks(graph, result.inputs);
        if (!ranks) {
            return Error{QStringLiteral("%1: %2").arg(path, ranks.errorMessage())};
        }
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
