// SPDX-License-Identifier: MIT
// One entry point that turns a model source (file path, "zoo:NAME", ...) into a Graph with
// propagated shapes. The CLI, the GUI and the tests load models only through here.
#pragma once

#include "base/result.h"
#include "graph/graph.h"
#include "graph/shape_inference.h"
#include "importers/shape_binding.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace infersight {

struct ModelOptions {
    // Knob values; a value < 0 takes the model's default (batch 1 unless the export fixed it,
    // sequence 128 when symbolic, see completeBindings).
    ShapeBindings bindings = modelDefaultBindings();
    // Run libonnx's own shape inference as well, for the diagnostic count (ONNX sources only).
    bool libonnxDiagnostic = true;
    // TorchScript only: forward()'s input shapes ("1x3x224x224,1x128:i64", see
    // TorchScriptInputSpec); empty: guessed from the graph and noted.
    QString inputShapes;
};

struct LoadedModel {
    Graph graph;
    PropagationReport report;
    ShapeBindings bindings;       // the knob values the shapes are computed for (defaults filled in)
    QString format;               // "onnx", ...
    QStringList notes;            // defaults chosen for the user ("sequence length 128 ...")
    QStringList warnings;
    // ONNX only: node outputs libonnx's shape inference resolves on its own at the same input
    // shapes, and how many node outputs it looked at (-1: not run).
    int libonnxKnownShapes = -1;
    int libonnxTotalShapes = -1;
    int strippedTensors = 0;         // tensors whose data stayed on disk
    std::int64_t strippedBytes = 0;
    int externalTensors = 0;
};

// Loads a model. Sources:
//   *.onnx, or any file whose content is a serialized ONNX ModelProto  -> OnnxImporter
//   zoo:NAME, HuggingFace config.json                                   -> zoo builders
//   TorchScript .pt/.pth/.ptl/.torchscript (.ts when a zip)               -> TorchScriptImporter
// Errors are one line naming the source and the problem.
Result<LoadedModel> loadModel(const QString &source, const ModelOptions &options = {});

// Re-propagates the shapes of a loaded model at other knob values without re-importing. On
// failure (e.g. a fixed-batch export asked for another batch) the model keeps its previous
// shapes and bindings.
Result<PropagationReport> rebind(LoadedModel &model, const ShapeBindings &bindings);

// The table loadModel dispatches on: the first entry whose `accepts` returns true loads the source.
// Adding a source kind is one entry here (see model_loader.cpp).
struct ModelSourceKind {
    QString name;                                                            // "onnx", "zoo", ...
    std::function<bool(const QString &source)> accepts;
    std::function<Result<LoadedModel>(const QString &source, const ModelOptions &options)> load;
};
const std::vector<ModelSourceKind> &modelSourceKinds();

}  // namespace infersight
