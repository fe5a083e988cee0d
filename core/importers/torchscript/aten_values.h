// SPDX-License-Identifier: MIT
// What the aten handlers (aten_lowering_*.cpp) share besides AtenLowering itself: c10 scalar
// types, TorchScript constants, node arguments and a few integer rules of Python and PyTorch.
#pragma once

#include "graph/dtype.h"
#include "graph/graph.h"
#include "importers/torchscript/torchscript_graph.h"

#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace infersight::aten {

using Kind = TorchScriptConstant::Kind;

constexpr std::int64_t kSliceEnd = std::numeric_limits<std::int64_t>::max();

// c10::ScalarType numbering, as TorchScript passes dtypes.
inline DType dtypeFromScalarType(std::int64_t t) {
    switch (t) {
    case 0: return DType::U8;
    case 1: return DType::I8;
    case 2: return DType::I16;
    case 3: return DType::I32;
    case 4: return DType::I64;
    case 5: return DType::F16;
    case 6: return DType::F32;
    case 7: return DType::F64;
    case 9: return DType::Complex64;
    case 10: return DType::Complex128;
    case 11: return DType::Bool;
    case 15: return DType::BF16;
    default: return DType::Undefined;
    }
}

inline std::int64_t scalarTypeFromDtype(DType t) {
    switch (t) {
    case DType::U8: return 0;
    case DType::I8: return 1;
    case DType::I16: return 2;
    case DType::I32: return 3;
    case DType::I64: return 4;
    case DType::F16: return 5;
    case DType::F32: return 6;
    case DType::F64: return 7;
    case DType::Complex64: return 9;
    case DType::Complex128: return 10;
    case DType::Bool: return 11;
    case DType::BF16: return 15;
    default: return -1;
    }
}

inline Attribute ints(std::vector<std::int64_t> v) { return Attribute::fromInts(std::move(v)); }

inline std::vector<std::int64_t> broadcastList(std::vector<std::int64_t> v, std::size_t n, std::int64_t fallback) {
    if (v.empty()) {
        return std::vector<std::int64_t>(n, fallback);
    }
    if (v.size() == 1 && n > 1) {
        return std::vector<std::int64_t>(n, v.front());
    }
    return v;
}

inline std::int64_t floorDiv(std::int64_t a, std::int64_t b) {
    const std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

inline TorchScriptConstant makeInt(std::int64_t v) {
    TorchScriptConstant c;
    c.kind = Kind::Int;
    c.i = v;
    return c;
}
inline TorchScriptConstant makeFloat(double v) {
    TorchScriptConstant c;
    c.kind = Kind::Float;
    c.f = v;
    return c;
}
inline TorchScriptConstant makeBool(bool v) {
    TorchScriptConstant c;
    c.kind = Kind::Bool;
    c.i = v ? 1 : 0;
    return c;
}

// Argument and result of a node, -1 when a malformed node has none (slots of -1 are opaque).
inline int firstInput(const TorchScriptNode &n) { return n.inputs.empty() ? -1 : n.inputs.front(); }
inline int firstOutput(const TorchScriptNode &n) { return n.outputs.empty() ? -1 : n.outputs.front(); }

inline bool isNumber(const TorchScriptConstant &c) { return c.kind == Kind::Int || c.kind == Kind::Float || c.kind == Kind::Bool; }
inline double numberOf(const TorchScriptConstant &c) { return c.kind == Kind::Float ? c.f : static_cast<double>(c.i); }

}  // namespace infersight::aten
