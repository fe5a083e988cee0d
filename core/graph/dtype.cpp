// SPDX-License-Identifier: MIT
#include "graph/dtype.h"

#include <array>
#include <limits>

namespace infersight {

namespace {

struct DTypeInfo {
    DType type;
    int bits;
    const char *name;
};

constexpr std::array<DTypeInfo, 23> kTypes{{
    {DType::Undefined, 0, "undefined"}, {DType::F32, 32, "f32"},        {DType::U8, 8, "u8"},
    {DType::I8, 8, "i8"},               {DType::U16, 16, "u16"},        {DType::I16, 16, "i16"},
    {DType::I32, 32, "i32"},            {DType::I64, 64, "i64"},        {DType::String, 0, "string"},
    {DType::Bool, 8, "bool"},           {DType::F16, 16, "f16"},        {DType::F64, 64, "f64"},
    {DType::U32, 32, "u32"},            {DType::U64, 64, "u64"},        {DType::Complex64, 64, "c64"},
    {DType::Complex128, 128, "c128"},   {DType::BF16, 16, "bf16"},      {DType::F8E4M3, 8, "f8e4m3"},
    {DType::F8E4M3Fnuz, 8, "f8e4m3fnuz"}, {DType::F8E5M2, 8, "f8e5m2"}, {DType::F8E5M2Fnuz, 8, "f8e5m2fnuz"},
    {DType::U4, 4, "u4"},               {DType::I4, 4, "i4"},
}};

const DTypeInfo &info(DType type) {
    const auto index = static_cast<std::size_t>(type);
    return index < kTypes.size() ? kTypes[index] : kTypes[0];
}

}  // namespace

int dtypeBits(DType type) { return info(type).bits; }

std::int64_t dtypeBytes(DType type, std::int64_t count) {
    const std::int64_t bits = dtypeBits(type);
    // Checked: -1 (as for an unknown count) when bits x count does not fit in 64 bits.
    std::int64_t totalBits = 0;
    if (__builtin_mul_overflow(bits, count, &totalBits) || totalBits > std::numeric_limits<std::int64_t>::max() - 7) {
        return -1;
    }
    return (totalBits + 7) / 8;
}

bool isFloating(DType type) {
    switch (type) {
    case DType::F32: case DType::F16: case DType::F64: case DType::BF16:
    case DType::F8E4M3: case DType::F8E4M3Fnuz: case DType::F8E5M2: case DType::F8E5M2Fnuz:
        return true;
    default:
        return false;
    }
}

bool isInteger(DType type) {
    switch (type) {
    case DType::U8: case DType::I8: case DType::U16: case DType::I16: case DType::I32:
    case DType::I64: case DType::U32: case DType::U64: case DType::U4: case DType::I4:
        return true;
    default:
        return false;
    }
}

QString dtypeName(DType type) { return QString::fromLatin1(info(type).name); }

std::optional<DType> dtypeFromName(const QString &name) {
    for (const DTypeInfo &entry : kTypes) {
        if (name == QLatin1String(entry.name)) {
            return entry.type;
        }
    }
    return std::nullopt;
}

std::optional<DType> dtypeFromOnnx(int onnxCode) {
    if (onnxCode < 0 || onnxCode >= static_cast<int>(kTypes.size())) {
        return std::nullopt;
    }
    return static_cast<DType>(onnxCode);
}

}  // namespace infersight
