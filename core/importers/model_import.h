// SPDX-License-Identifier: MIT
// The file importers behind Design::open (design/design.h): which importer reads a model file and
// what every importer hands back. Open models with Design::open; only the Design calls this.
#pragma once

#include "base/result.h"
#include "graph/graph.h"
#include "graph/shape_binding.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace infersight {

struct ImportOptions {
    // Knob values the importer propagates shapes at; values < 0 take the model's defaults
    // (completeBindings in graph/shape_binding.h).
    ShapeBindings bindings = modelDefaultBindings();
    // ONNX: also run libonnx's own shape inference, for the diagnostic count only.
    bool libonnxDiagnostic = false;
    // TorchScript: forward()'s input shapes ("1x3x224x224,1x128:i64", see TorchScriptInputSpec);
    // empty: guessed from the graph and noted.
    QString inputShapes;
};

// What the importer saw in the file, beyond the graph (ONNX only; the defaults elsewhere).
struct ImportDiagnostics {
    // Node outputs libonnx's shape inference resolves on its own at the same input shapes, and how
    // many node outputs it looked at (-1: not run).
    int libonnxKnownShapes = -1;
    int libonnxTotalShapes = -1;
    int strippedTensors = 0;  // tensors whose data stayed on disk
    std::int64_t strippedBytes = 0;
    int externalTensors = 0;  // tensors in external data files (never opened)
};

struct ImportedModel {
    Graph graph;            // input dim roles assigned, shapes propagated at ImportOptions::bindings
    QString format;         // "onnx", "torchscript"
    QStringList notes;      // defaults chosen for the user ("sequence length 128 ...")
    QStringList warnings;
    ImportDiagnostics diagnostics;
    // The importer's own propagation at ImportOptions::bindings, when it ran one (ONNX): the
    // Design, opening the graph at the same bindings, takes it instead of propagating again.
    std::optional<BoundShapes> shapes;
};

// Imports a model file:
//   *.onnx, or any file whose content is a serialized ONNX ModelProto  -> OnnxImporter
//   TorchScript .pt/.pth/.ptl/.torchscript (.ts when a zip)               -> TorchScriptImporter
// Errors are one line naming the file and the problem. (zoo:NAME and HuggingFace config.json
// sources have builders; Design::open builds them itself.)
Result<ImportedModel> importModelFile(const QString &path, const ImportOptions &options = {});

}  // namespace infersight
