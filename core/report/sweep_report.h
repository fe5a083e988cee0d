// SPDX-License-Identifier: MIT
// What `infersight-cli sweep` prints without --csv / --json: one aligned row per point (latency,
// throughput, energy, memory, fits, Pareto mark, or the point's error). The CSV and JSON files are
// the SweepTable's own format (explore/sweep_table.h), which `merge` reads back.
#pragma once

#include "explore/sweep_table.h"

#include <QString>

#include <cstdint>

namespace infersight {

QString sweepTableText(const SweepTable &table);

// The same text in pieces, for a sweep written row by row: the two header lines (`rows`: the rows
// that will follow) and one line per row. `header`: the table's fields; its rows are not read.
QString sweepTableTextHeader(const SweepTable &header, std::int64_t rows);
QString sweepRowText(const SweepTable &header, const SweepRow &row);

}  // namespace infersight
