// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QString>

#include <cstdint>
#include <vector>

namespace infersight {

// What a dimension of a graph input stands for. Roles let a knob (batch size, sequence length,
// image size) rebind every input at once and re-propagate shapes without re-importing.
enum class DimRole : std::uint8_t {
    Fixed,     // a constant of the model (channels, hidden size, ...)
    Batch,
    Sequence,  // tokens of a transformer input
    Height,    // image height
    Width,     // image width
    Context,   // tokens held in a KV cache (decode phase)
    Other,     // a named symbol with no known role; bound through ShapeBindings::symbols
};

QString dimRoleName(DimRole role);

// A declared dimension: either fixed (value >= 0) or symbolic with a role. `value` keeps what the
// source declared (e.g. the batch an export was traced with) and is the default when a symbolic
// dimension is not bound; -1 means the source gave no value.
struct Dim {
    std::int64_t value = -1;
    QString symbol;
    DimRole role = DimRole::Fixed;

    static Dim fixed(std::int64_t v) { return Dim{v, {}, DimRole::Fixed}; }
    static Dim symbolic(DimRole r, QString name, std::int64_t defaultValue = -1) {
        return Dim{defaultValue, std::move(name), r};
    }
    bool operator==(const Dim &) const = default;
};

using SymbolicShape = std::vector<Dim>;

// A concrete shape after propagation; -1 marks a dimension that is still unknown.
using Shape = std::vector<std::int64_t>;

// Element count, or -1 when a dimension is unknown. A rank-0 shape has one element.
std::int64_t elementCount(const Shape &shape);
bool isFullyKnown(const Shape &shape);
// "[1, 3, 224, 224]", unknown dims as "?".
QString shapeToString(const Shape &shape);

// The knob values that concrete shapes are computed for. A value < 0 keeps the model's default.
struct ShapeBindings {
    std::int64_t batch = 1;
    std::int64_t sequence = -1;
    std::int64_t height = -1;
    std::int64_t width = -1;
    std::int64_t context = -1;
    QHash<QString, std::int64_t> symbols;  // by symbol name, for DimRole::Other

    // Concrete value of a declared dimension, or -1 when it stays unknown.
    std::int64_t resolve(const Dim &dim) const;
    bool operator==(const ShapeBindings &) const = default;
};

}  // namespace infersight
