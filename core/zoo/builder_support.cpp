// SPDX-License-Identifier: MIT
#include "zoo/builder_support.h"

#include "base/model_limits.h"

#include <cmath>

namespace infersight::zoo_support {

Status checkOptions(const QString &model, const ZooOptions &options) {
    if (options.batch < 1 || options.batch > (std::int64_t{1} << 24)) {
        return Error{QStringLiteral("zoo:%1: batch size %2 is out of range (1 to 16777216)").arg(model).arg(options.batch)};
    }
    if (!(options.widthMult > 0.0) || options.widthMult > 16.0 || !std::isfinite(options.widthMult)) {
        return Error{QStringLiteral("zoo:%1: width multiplier %2 is out of range (0 < w <= 16)").arg(model).arg(options.widthMult)};
    }
    if (options.depth > maxLayers()) {
        return Error{QStringLiteral("zoo:%1: depth %2 is out of range: %3").arg(model).arg(options.depth).arg(maxLayersText())};
    }
    if (options.image > 16384) {
        return Error{QStringLiteral("zoo:%1: image size %2 is out of range (at most 16384)").arg(model).arg(options.image)};
    }
    if (options.seq > (std::int64_t{1} << 22) || options.context > (std::int64_t{1} << 24)) {
        return Error{QStringLiteral("zoo:%1: sequence or context length is out of range").arg(model)};
    }
    if (!isFloating(options.dtype)) {
        return Error{QStringLiteral("zoo:%1: element type %2 is not a floating-point type").arg(model, dtypeName(options.dtype))};
    }
    return Status::success();
}

std::int64_t imageSize(const ZooOptions &options, std::int64_t defaultSize) {
    return options.image > 0 ? options.image : defaultSize;
}

std::int64_t sequenceLength(const ZooOptions &options, std::int64_t defaultSeq) {
    return options.seq > 0 ? options.seq : defaultSeq;
}

int imageInput(LayerBuilder &lb, const ZooOptions &options, std::int64_t channels, std::int64_t size) {
    return lb.inputFloat(QStringLiteral("input"),
                         {Dim::symbolic(DimRole::Batch, QStringLiteral("batch"), options.batch), Dim::fixed(channels),
                          Dim::symbolic(DimRole::Height, QStringLiteral("height"), size),
                          Dim::symbolic(DimRole::Width, QStringLiteral("width"), size)});
}

int tokenInput(LayerBuilder &lb, const QString &name, const ZooOptions &options, std::int64_t seq) {
    return lb.input(name,
                    {Dim::symbolic(DimRole::Batch, QStringLiteral("batch"), options.batch),
                     Dim::symbolic(DimRole::Sequence, QStringLiteral("sequence"), seq)},
                    DType::I64);
}

std::int64_t scaledChannels(std::int64_t c, double mult) {
    if (mult == 1.0) {
        return c;
    }
    return makeDivisible(static_cast<double>(c) * mult, 8);
}

}  // namespace infersight::zoo_support
