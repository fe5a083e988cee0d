// SPDX-License-Identifier: MIT
// libFuzzer entry point for the GPU-file loader: the input is read as a user GPU file against the
// built-in catalogue (so "base" resolves); a GPU that loads is made a target and predicts a small
// convolutional network (an error must be one line; the plausibility of the figures is checked
// by the loader's own tests).
#include "../fuzz_input.h"
#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"
#include "predict/predictor.h"
#include "zoo/model_zoo.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace infersight;
    const QString path = fuzz::writeInput(data, size, "fuzz", ".json");
    if (path.isEmpty()) {
        return 0;
    }
    auto gpu = GpuCatalogue::builtIn().readGpuFile(path);
    if (!gpu.ok()) {
        fuzz::requireOneLine(gpu.errorMessage());
        return 0;
    }
    static const Graph model = [] {
        ZooOptions options;
        options.image = 32;
        auto built = buildZooModel(QStringLiteral("resnet18"), options);
        if (!built.ok()) {
            std::abort();
        }
        return *built;
    }();
    auto prediction = predict(model, Target::wholeGpu(*gpu), Knobs{});
    if (!prediction.ok()) {
        fuzz::requireOneLine(prediction.errorMessage());
    }
    return 0;
}
