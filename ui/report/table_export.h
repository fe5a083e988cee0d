// SPDX-License-Identifier: MIT
// File > Export Tables…: every table of the session as CSV files in one folder (report_table.h):
//   summary.csv                    one row per target
//   layers-<target>.csv            every node with predicted time, largest first
//   batch-sweep-<target>.csv       the batch sweep
//   energy-latency-<target>.csv    batch x precision with the Pareto front marked
//   mig-plan-<gpu>.csv             the MIG / MPS plan of each GPU target that supports MIG
// Numbers in the C locale with round-trip precision, one header row (RFC 4180). Each file is
// written atomically; existing files of these names are replaced.
#pragma once

#include "base/result.h"
#include "explore/mig_planner.h"
#include "session/session_results.h"

#include <QString>
#include <QStringList>

namespace infersight {

struct TableExportOptions {
    MigPlannerOptions mig;     // the plans' SLO, headroom and MPS shares
    bool migPlans = true;
};

// Writes the files into `folder` (created when missing). `results` must be complete (Stage::Complete).
// Returns the paths written, in the order above.
Result<QStringList> exportTables(const SessionResults &results, const QString &folder, const TableExportOptions &options = {});

}  // namespace infersight
