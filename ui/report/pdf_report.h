// SPDX-License-Identifier: MIT
// The PDF report of an explorer session (File > Export Report… and `infersight-cli report`):
//   1. title page: model, source file, parameters, MACs, knobs, targets, date, Infersight version,
//      the kernel model's provenance;
//   2. summary table (one row per target: latency with its 80 % band, throughput, energy, power,
//      memory of usable, fits);
//   3. every chart of the explorer drawn as vectors (latency, throughput and memory vs batch,
//      energy vs latency with the Pareto front; per-layer breakdown and roofline per target);
//   4. the top-N layers per target;
//   5. the MIG / MPS plan of each GPU target that supports MIG (explore/mig_planner.h);
//   6. the graph in its starting (collapsed) view, coloured by latency share;
//   7. accuracy: what the predictor was validated on and its measured error (validate/validation.h,
//      the figures of `infersight-cli validate`).
// Tables break across pages with their header repeated; nothing is drawn past a page edge.
// Needs a QGuiApplication (fonts); the charts need a QApplication (QtCharts are graphics widgets).
#pragma once

#include "base/result.h"
#include "explore/mig_planner.h"
#include "session/session_results.h"
#include "validate/validation.h"

#include <QPageSize>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>
#include <optional>

namespace infersight {

struct ReportOptions {
    QPageSize::PageSizeId pageSize = QPageSize::A4;  // A4 or Letter
    int topNodes = 15;                  // rows of each target's layer table
    QStringList migProfiles;            // MIG plan rows to show (profile names, "1g.10gb"); empty: all
    MigPlannerOptions mig;              // SLO, headroom and MPS shares of the plans
    QString title;                      // empty: "Infersight report: <model>"
    QString source;                     // the model's source as the user gave it; empty: the design's
    bool graph = true;                  // the graph page
    // The accuracy page's figures; null: reportAccuracy() (a few seconds the first time).
    std::shared_ptr<const ValidationResult> accuracy;
    bool accuracyPage = true;
};

// What a written report holds (for the caller's message and the tests).
struct ReportSummary {
    int pages = 0;
    int charts = 0;
    int tables = 0;
    QStringList skipped;                // parts left out and why ("graph: ...")
};

// Writes the report of `results` to `path` atomically (a temporary file in the same folder, renamed
// over `path` when everything is written). `results` must be complete (Stage::Complete: every sweep
// computed), else an error says to wait. Errors name the file.
Result<ReportSummary> writePdfReport(const SessionResults &results, const ReportOptions &options, const QString &path);

// The accuracy page's figures: runValidation() without the leave-one-GPU-out runs, computed once
// per process and kept (the data does not change while the app runs). Thread-safe and QtCore-only,
// so the GUI can compute it with QtConcurrent before writing the report on the GUI thread (the
// first call takes a few seconds). Errors: why the validation data could not be read.
Result<std::shared_ptr<const ValidationResult>> reportAccuracy();

// The MIG plans of the report: one per distinct GPU among the targets that supports MIG, in target
// order (a MIG or MPS target plans its whole GPU).
std::vector<MigPlan> reportMigPlans(const SessionResults &results, const MigPlannerOptions &options, QStringList *errors = nullptr);

}  // namespace infersight
