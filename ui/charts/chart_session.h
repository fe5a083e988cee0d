// SPDX-License-Identifier: MIT
// The explorer session's results as chart input: the predictions are shared (not copied), the
// sweeps copied (a few dozen points per target).
#pragma once

#include "charts/chart_data.h"
#include "session/session_results.h"

#include <memory>

namespace infersight {

std::shared_ptr<const ChartData> chartDataFrom(const std::shared_ptr<const SessionResults> &results);

}  // namespace infersight
