// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <cstdint>
#include <optional>

namespace infersight {

// Element types. The numeric values equal ONNX's TensorProto.DataType so that importing is a cast.
enum class DType : std::uint8_t {
    Undefined = 0,
    F32 = 1,
    U8 = 2,
    I8 = 3,
    U16 = 4,
    I16 = 5,
    I32 = 6,
    I64 = 7,
    String = 8,
    Bool = 9,
    F16 = 10,
    F64 = 11,
    U32 = 12,
    U64 = 13,
    Complex64 = 14,
    Complex128 = 15,
    BF16 = 16,
    F8E4M3 = 17,
    F8E4M3Fnuz = 18,
    F8E5M2 = 19,
    F8E5M2Fnuz = 20,
    U4 = 21,
    I4 = 22,
};

// Size of one element in bits (4-bit types are 4). Undefined and String are 0.
int dtypeBits(DType type);
// Size in bytes of `count` elements, rounded up for sub-byte types.
std::int64_t dtypeBytes(DType type, std::int64_t count);
bool isFloating(DType type);
bool isInteger(DType type);
// Short lower-case name: "f32", "f16", "bf16", "i64", ...
QString dtypeName(DType type);
std::optional<DType> dtypeFromName(const QString &name);
// ONNX TensorProto.DataType to DType; nullopt for codes this build does not know.
std::optional<DType> dtypeFromOnnx(int onnxCode);

}  // namespace infersight
