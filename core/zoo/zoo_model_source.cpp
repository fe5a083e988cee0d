// SPDX-License-Identifier: MIT
#include "zoo/zoo_model_source.h"

#include "importers/hfconfig/hf_config_importer.h"
#include "zoo/model_zoo.h"

namespace infersight {

namespace {

Result<LoadedModel> finishLoad(Result<Graph> graph, const QString &source, const ModelOptions &options, const QString &format) {
    if (!graph) {
        return graph.error();
    }
    LoadedModel model;
    model.graph = std::move(*graph);
    model.format = format;
    auto bound = propagateAtBindings(model.graph, options.bindings, source);
    if (!bound) {
        return bound.error();
    }
    model.report = std::move(bound->report);
    model.bindings = bound->bindings;
    model.notes = std::move(bound->notes);
    model.warnings = std::move(bound->warnings);
    return model;
}

}  // namespace

ZooOptions zooOptionsFromBindings(const ShapeBindings &bindings) {
    ZooOptions o;
    if (bindings.batch > 0) {
        o.batch = bindings.batch;
    }
    if (bindings.sequence > 0) {
        o.seq = bindings.sequence;
    }
    if (bindings.height > 0) {
        o.image = bindings.height;
    } else if (bindings.width > 0) {
        o.image = bindings.width;
    }
    if (bindings.context > 0) {
        o.phase = DecoderPhase::Decode;
        o.context = bindings.context;
    }
    return o;
}

bool isZooSource(const QString &source) { return source.startsWith(QLatin1String("zoo:")); }

Result<LoadedModel> loadZooSource(const QString &source, const ModelOptions &options) {
    const ShapeBindings &b = options.bindings;
    if (b.height > 0 && b.width > 0 && b.height != b.width) {
        return Error{QStringLiteral("%1: zoo models take square images (asked %2x%3)").arg(source).arg(b.height).arg(b.width)};
    }
    return finishLoad(buildZooModel(source, zooOptionsFromBindings(b)), source, options, QStringLiteral("zoo"));
}

Result<LoadedModel> loadHfConfigSource(const QString &source, const ModelOptions &options) {
    return finishLoad(importHfConfig(source, zooOptionsFromBindings(options.bindings)), source, options,
                      QStringLiteral("hfconfig"));
}

}  // namespace infersight
