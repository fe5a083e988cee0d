// SPDX-License-Identifier: MIT
// The loadModel() entries for `zoo:NAME` and HuggingFace config.json sources (see
// importers/model_loader.cpp): knob values of the ModelOptions become builder options, then the
// shapes are propagated like any other source's.
#pragma once

#include "importers/model_loader.h"
#include "zoo/zoo_options.h"

namespace infersight {

// Builder options from the knob values: batch, sequence, image (height; width must be equal) and
// context. A context >= 1 selects the decode phase of a decoder LLM.
ZooOptions zooOptionsFromBindings(const ShapeBindings &bindings);

// Whether `source` names a zoo model ("zoo:resnet50").
bool isZooSource(const QString &source);
Result<LoadedModel> loadZooSource(const QString &source, const ModelOptions &options);
// HuggingFace config.json (model_type bert, gpt2, opt, llama, mistral, switch_transformers).
Result<LoadedModel> loadHfConfigSource(const QString &source, const ModelOptions &options);

}  // namespace infersight
