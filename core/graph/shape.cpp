// SPDX-License-Identifier: MIT
#include "graph/shape.h"

#include "base/checked_arithmetic.h"

#include <QStringList>

namespace infersight {

QString dimRoleName(DimRole role) {
    switch (role) {
    case DimRole::Fixed: return QStringLiteral("fixed");
    case DimRole::Batch: return QStringLiteral("batch");
    case DimRole::Sequence: return QStringLiteral("sequence");
    case DimRole::Height: return QStringLiteral("height");
    case DimRole::Width: return QStringLiteral("width");
    case DimRole::Context: return QStringLiteral("context");
    case DimRole::Other: return QStringLiteral("other");
    }
    return QStringLiteral("fixed");
}

std::int64_t elementCount(const Shape &shape) {
    for (std::int64_t d : shape) {
        if (d < 0) {
            return -1;
        }
    }
    // A count past 64 bits is unknown here, never wrapped; propagateShapes refuses such tensors
    // before anything counts them (PropagationReport::tooLarge).
    return checkedProduct(shape).value_or(-1);
}

bool isFullyKnown(const Shape &shape) {
    for (std::int64_t d : shape) {
        if (d < 0) {
            return false;
        }
    }
    return true;
}

QString shapeToString(const Shape &shape) {
    QStringList parts;
    parts.reserve(static_cast<qsizetype>(shape.size()));
    for (std::int64_t d : shape) {
        parts << (d < 0 ? QStringLiteral("?") : QString::number(d));
    }
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

std::int64_t ShapeBindings::resolve(const Dim &dim) const {
    auto pick = [&dim](std::int64_t bound) { return bound >= 0 ? bound : dim.value; };
    switch (dim.role) {
    case DimRole::Fixed: return dim.value;
    case DimRole::Batch: return pick(batch);
    case DimRole::Sequence: return pick(sequence);
    case DimRole::Height: return pick(height);
    case DimRole::Width: return pick(width);
    case DimRole::Context: return pick(context);
    case DimRole::Other: return pick(symbols.value(dim.symbol, -1));
    }
    return dim.value;
}

}  // namespace infersight
