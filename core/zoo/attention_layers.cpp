// SPDX-License-Identifier: MIT
#include "zoo/attention_layers.h"

namespace infersight::zoo_support {

int headsFirst(LayerBuilder &lb, int x, std::int64_t heads, std::int64_t headDim, const QString &name) {
    const int v = lb.reshape(x, {0, 0, heads, headDim}, name + QStringLiteral(".view"));
    return lb.transpose(v, {0, 2, 1, 3}, name + QStringLiteral(".permute"));
}

int keysTransposed(LayerBuilder &lb, int x, std::int64_t heads, std::int64_t headDim, const QString &name) {
    const int v = lb.reshape(x, {0, 0, heads, headDim}, name + QStringLiteral(".view"));
    return lb.transpose(v, {0, 2, 3, 1}, name + QStringLiteral(".permute"));
}

int mergeHeads(LayerBuilder &lb, int context, std::int64_t hidden, const QString &name) {
    const int t = lb.transpose(context, {0, 2, 1, 3}, name + QStringLiteral(".contiguous"));
    return lb.reshape(t, {0, 0, hidden}, name + QStringLiteral(".view"));
}

}  // namespace infersight::zoo_support
