// SPDX-License-Identifier: MIT
// Knobs every zoo builder takes (the CLI's --batch, --image, --seq, --width-mult, --depth, --phase,
// --context). A value <= 0 keeps the model's default.
#pragma once

#include "graph/dtype.h"

#include <cstdint>

namespace infersight {

struct ZooOptions {
    std::int64_t batch = 1;        // default value of the symbolic Batch dim of every input
    std::int64_t image = -1;       // square image side in pixels (Height and Width dims)
    std::int64_t seq = -1;         // tokens per sequence (Sequence dim)
    double widthMult = 1.0;        // channels / hidden / FFN multiplier, rounded per family
    int depth = -1;                // repeated blocks or layers, defined per family (docs/zoo.md)
    // Decoder LLMs only. false: the prefill graph (the prompt of `seq` tokens, causal attention
    // over the prompt). true: the decode step: `seq` new tokens per sequence (1 by default) with a
    // KV cache of `context` tokens held in graph inputs past_key.<layer> / past_value.<layer>;
    // attention over context + seq tokens; the grown cache leaves as outputs
    // present_key.<layer> / present_value.<layer>. (design/knobs.h: DecoderPhase.)
    bool decode = false;
    std::int64_t context = -1;     // decode: tokens already in the KV cache (Context dim)
    DType dtype = DType::F32;      // element type of weights and activations
};

}  // namespace infersight
