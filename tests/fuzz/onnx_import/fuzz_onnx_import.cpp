// SPDX-License-Identifier: MIT
// libFuzzer entry point: every input is written to a file and imported; the importer must either
// succeed or return a one-line error naming the file, never crash, hang or leak. An imported graph
// is then costed, its shapes propagated again at other knob values (batch 3, its default sizes)
// and predicted end to end on one GPU, which must give an error line or finite figures.
#include "../fuzz_input.h"
#include "graph/node_cost.h"
#include "graph/shape_binding.h"
#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"
#include "importers/onnx/onnx_importer.h"
#include "predict/predictor.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace infersight;
    const QString path = fuzz::writeInput(data, size, "fuzz", ".onnx");
    if (path.isEmpty()) {
        return 0;
    }
    OnnxImportOptions options;
    options.libonnxDiagnostic = (size % 2) == 0;  // exercise both paths
    auto result = OnnxImporter::import(path, options);
    if (!result.ok()) {
        fuzz::requireOneLine(result.errorMessage());
        return 0;
    }
    Graph &graph = result->graph;
    graphCost(graph);
    ShapeBindings bindings;
    bindings.batch = 3;
    auto bound = propagateAtBindings(graph, bindings, path);
    if (!bound.ok()) {
        fuzz::requireOneLine(bound.errorMessage());
        return 0;
    }
    static const Target target = Target::wholeGpu(*GpuCatalogue::builtIn().find(QStringLiteral("a100-sxm4-40gb")));
    Knobs knobs;
    knobs.batch = 3;
    PredictOptions po;
    po.computeMemory = (size % 3) == 0;
    auto prediction = predict(graph, target, knobs, po);
    if (!prediction.ok()) {
        fuzz::requireOneLine(prediction.errorMessage());
    } else if (!std::isfinite(prediction->latencyMs) || prediction->latencyMs < 0 || !std::isfinite(prediction->bandHighMs)) {
        std::abort();  // a number the user would see must be finite
    }
    return 0;
}
