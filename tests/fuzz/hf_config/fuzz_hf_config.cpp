// SPDX-License-Identifier: MIT
// libFuzzer entry point for the Hugging Face config.json importer: the input is parsed as a
// config; a config that parses is built into a graph (at most 64 layers, so that a mutated layer
// count does not turn every run into a huge build; the layer cap itself is tested in
// tests/unit/importers), which must have finite, non-negative parameter and MAC counts.
#include "../fuzz_input.h"
#include "graph/node_cost.h"
#include "importers/hfconfig/hf_config_importer.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace infersight;
    const QByteArray json(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    auto config = parseHfConfig(json, QStringLiteral("fuzz/config.json"));
    if (!config.ok()) {
        fuzz::requireOneLine(config.errorMessage());
        return 0;
    }
    ZooOptions options;
    options.depth = config->layers() > 64 ? 2 : -1;
    options.seq = 16;
    auto graph = buildHfModel(*config, options);
    if (!graph.ok()) {
        fuzz::requireOneLine(graph.errorMessage());
        return 0;
    }
    const GraphCost cost = graphCost(*graph);
    if (cost.params < 0 || cost.macs < 0 || cost.flops < 0) {
        std::abort();  // a count the user would see must not be negative (overflow)
    }
    return 0;
}
