// SPDX-License-Identifier: MIT
// Numeric lists as the command line writes them: comma-separated items, each a number or a range.
//   FIRST:LAST:xF   geometric: FIRST, FIRST*F, FIRST*F^2, ... up to LAST (F > 1)
//   FIRST:LAST:+S   arithmetic: FIRST, FIRST+S, ... up to LAST (S > 0)
//   FIRST:LAST      integer lists only: every integer from FIRST to LAST
// LAST is included when the steps reach it exactly. Items keep their order (duplicates stay), so
// "1,2,4:16:x2" is 1, 2, 4, 8, 16. A list holds at most kMaxNumberListValues values: a range is
// counted before it is expanded, so "1:1e12:+1" is refused at once instead of filling memory.
// Errors name the item and what is wrong; callers prefix the option ("--batch: ...").
#pragma once

#include "base/result.h"

#include <QString>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace infersight {

inline constexpr std::size_t kMaxNumberListValues = 1'000'000;

// Integers of at least `minimum` (ranges: integer steps and factors).
Result<std::vector<std::int64_t>> parseIntegerList(const QString &text, std::int64_t minimum = 1);

// Positive real numbers (ranges need an explicit step or factor).
Result<std::vector<double>> parsePositiveRealList(const QString &text);

}  // namespace infersight
