// SPDX-License-Identifier: MIT
#pragma once

#include "base/result.h"
#include "graph/graph.h"
#include "graph/shape_inference.h"
#include "importers/onnx/onnx_skeleton_reader.h"
#include "graph/shape_binding.h"

#include <QString>
#include <QStringList>

namespace infersight {

struct OnnxImportOptions {
    // Knob values to propagate shapes for; values < 0 take the model's defaults (see
    // completeBindings in graph/shape_binding.h).
    ShapeBindings bindings = modelDefaultBindings();
    // Also run onnx::shape_inference on the model (opset <= the newest libonnx knows), only to
    // report how many intermediate shapes libonnx resolves on its own.
    bool libonnxDiagnostic = true;
    OnnxSkeletonLimits limits;
};

struct OnnxImport {
    Graph graph;                  // topologically sorted, validated, shapes propagated
    PropagationReport report;
    ShapeBindings bindings;       // the bindings the shapes are computed for (defaults filled in)
    QStringList notes;            // defaults that were chosen ("sequence length 128 ...")
    QStringList warnings;
    std::int64_t irVersion = 0;
    // Node outputs of the main graph that onnx::shape_inference alone gives a complete concrete
    // shape at the same input shapes (-1: not run, e.g. opset newer than libonnx knows).
    int libonnxKnownShapes = -1;
    int libonnxTotalShapes = -1;
    int strippedTensors = 0;        // tensors whose data was left on disk
    std::int64_t strippedBytes = 0;
    int externalTensors = 0;        // tensors in external data files (never opened)
};

// Imports an ONNX model without reading its weights.
//
// Steps: readOnnxSkeleton (wire-format walk that leaves large tensor payloads on disk) ->
// onnx::ModelProto::ParseFromArray -> conversion to Graph (inputs without initializers,
// initializers with dims and, when small, their data; nodes with all attributes; subgraphs
// recursively) -> roles of the input dimensions (assignInputDimRoles) -> topological sort ->
// validation -> optional libonnx shape inference (diagnostic) -> propagateShapes at the bindings
// -> dtype validation.
//
// Every failure is an Error whose message is one line naming the file and the problem.
class OnnxImporter {
public:
    static Result<OnnxImport> import(const QString &path, const OnnxImportOptions &options = {});
    // Whether the first bytes of `path` look like a serialized ModelProto (ir_version field first).
    static bool looksLikeOnnx(const QString &path);
    // The newest default-domain opset the linked libonnx has schemas for.
    static int newestKnownOpset();

    // The libonnx comparison (OnnxImportOptions::libonnxDiagnostic) runs on graphs of at most this
    // many nodes: it holds the parsed protobuf and libonnx's inferred shapes next to the graph,
    // about 0.7 KB per node more (issue 15, item 5: a 1,000,000-node chain). Larger graphs skip it
    // with a note. The environment variable INFERSIGHT_LIBONNX_CHECK_MAX_NODES (a positive
    // integer) replaces the default.
    static constexpr int kDefaultLibonnxCheckMaxNodes = 200'000;
    static constexpr const char *kLibonnxCheckMaxNodesEnvVar = "INFERSIGHT_LIBONNX_CHECK_MAX_NODES";
    static int libonnxCheckMaxNodes();
};

}  // namespace infersight
