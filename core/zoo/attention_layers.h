// SPDX-License-Identifier: MIT
// Private to core/zoo: the head reshapes every eager attention shares. Layouts follow the copies
// eager PyTorch makes: torch.matmul copies a permuted operand, so a Transpose here is that copy.
#pragma once

#include "zoo/layer_builder.h"

#include <cstdint>

namespace infersight::zoo_support {

// [N, S, H*Dh] -> [N, H, S, Dh]: view, then the copy that torch.matmul (or .contiguous()) makes.
int headsFirst(LayerBuilder &lb, int x, std::int64_t heads, std::int64_t headDim, const QString &name);
// [N, T, H*Dh] -> [N, H, Dh, T]: keys laid out for scores = MatMul(q, k) without another copy.
int keysTransposed(LayerBuilder &lb, int x, std::int64_t heads, std::int64_t headDim, const QString &name);
// [N, H, S, Dh] -> [N, S, H*Dh]: the transpose(1, 2).contiguous() copy, then a view.
int mergeHeads(LayerBuilder &lb, int context, std::int64_t hidden, const QString &name);

}  // namespace infersight::zoo_support
