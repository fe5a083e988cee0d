// SPDX-License-Identifier: MIT
// Checked 64-bit integer arithmetic for counts computed from untrusted sizes (shape products,
// parameter counts, FLOP/MAC/byte counts): a result that does not fit is std::nullopt, never a
// wrapped or saturated number. Callers turn nullopt into an error naming what overflowed.
#pragma once

#include <cstdint>
#include <optional>

namespace infersight {

inline std::optional<std::int64_t> checkedMul(std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r)) {
        return std::nullopt;
    }
    return r;
}

inline std::optional<std::int64_t> checkedAdd(std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) {
        return std::nullopt;
    }
    return r;
}

// Product of the values of a range (e.g. a Shape's dims); std::nullopt on overflow. An empty range
// gives 1 (a rank-0 tensor has one element).
template <typename Range>
std::optional<std::int64_t> checkedProduct(const Range &values) {
    std::int64_t p = 1;
    for (const auto v : values) {
        const std::optional<std::int64_t> next = checkedMul(p, static_cast<std::int64_t>(v));
        if (!next) {
            return std::nullopt;
        }
        p = *next;
    }
    return p;
}

}  // namespace infersight
