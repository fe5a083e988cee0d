// SPDX-License-Identifier: MIT
#pragma once

#include "base/result.h"
#include "graph/graph.h"
#include "graph/shape_inference.h"
#include "graph/shape_binding.h"
#include "importers/torchscript/torchscript_input_spec.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace infersight {

struct TorchScriptImportOptions {
    // Knob values to propagate shapes for; values < 0 take the defaults (see completeBindings).
    ShapeBindings bindings = modelDefaultBindings();
    // forward()'s tensor arguments in order; empty: guessed from the graph (and noted).
    std::vector<TorchScriptInputSpec> inputs;
};

struct TorchScriptImport {
    Graph graph;                       // topologically sorted, shapes propagated
    PropagationReport report;
    ShapeBindings bindings;            // what the shapes are computed for (defaults filled in)
    std::vector<TorchScriptInputSpec> inputs;  // the input shapes used (given or guessed)
    QStringList notes;
    QStringList warnings;
    QStringList unsupportedOps;        // "aten::x" kept as opaque nodes (domain "aten"/"prim")
    // Elements of the module's parameters the graph reads: sum(p.numel() for p in
    // module.parameters()) when forward() uses them all. Graph::parameterCount() also counts the
    // floating buffers (BatchNorm running statistics), which are initializers too.
    std::int64_t moduleParameters = 0;
    std::int64_t moduleBuffers = 0;
    QString reader;                    // "libtorch 1.13.1"
};

// Imports a TorchScript archive (torch.jit.save of a traced or scripted module) without running
// the model: the archive is checked without LibTorch (TorchScriptArchive), then read in a child
// process with time, memory and stack limits (TorchScriptModule::read spawns
// infersight-torchscript-reader, which loads LibTorch, loads the module on the CPU, folds its
// attributes and sends back the inlined forward graph; the program never loads LibTorch nor runs
// the file's code itself); AtenLowering maps the graph to the IR; then topological sort and
// propagateAtBindings. Errors are one line naming the file and the problem.
class TorchScriptImporter {
public:
    static Result<TorchScriptImport> import(const QString &path, const TorchScriptImportOptions &options = {});
};

}  // namespace infersight
