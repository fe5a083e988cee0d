// SPDX-License-Identifier: MIT
// Private to core/zoo: checks of the knobs and the inputs every builder declares.
#pragma once

#include "base/result.h"
#include "zoo/layer_builder.h"
#include "zoo/zoo_options.h"

#include <cstdint>

namespace infersight::zoo_support {

// Fails with a message naming the model when a knob is out of range.
Status checkOptions(const QString &model, const ZooOptions &options);

// options.image or the model's default.
std::int64_t imageSize(const ZooOptions &options, std::int64_t defaultSize);
// options.seq or the default.
std::int64_t sequenceLength(const ZooOptions &options, std::int64_t defaultSeq);

// Image input "input" [Batch, channels, Height, Width] with the knobs' defaults.
int imageInput(LayerBuilder &lb, const ZooOptions &options, std::int64_t channels, std::int64_t size);
// Token input `name` [Batch, Sequence] int64.
int tokenInput(LayerBuilder &lb, const QString &name, const ZooOptions &options, std::int64_t seq);

// Channel count c scaled by the width multiplier and rounded to a multiple of 8 (>= 8); exactly c
// when the multiplier is 1.
std::int64_t scaledChannels(std::int64_t c, double mult);

}  // namespace infersight::zoo_support
