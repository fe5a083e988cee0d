// SPDX-License-Identifier: MIT
// What `infersight-cli sweep` prints without --csv / --json: one aligned row per point (latency,
// throughput, energy, memory, fits, Pareto mark, or the point's error). The CSV and JSON files are
// the SweepTable's own format (explore/sweep_table.h), which `merge` reads back.
#pragma once

#include "explore/sweep_table.h"

#include <QString>

namespace infersight {

QString sweepTableText(const SweepTable &table);

}  // namespace infersight
