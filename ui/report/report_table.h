// SPDX-License-Identifier: MIT
// The tables of a report, as plain values shared by the PDF report (pdf_report.h) and the CSV
// export (table_export.h): each cell has the text the PDF shows (formatted as the GUI's summary
// and charts format it, ui/charts/chart_format.h) and, for numbers, the value the CSV writes in
// full precision. Built from the explorer session's results (session/session_results.h), a MIG
// plan (explore/mig_planner.h) or the validation result (validate/validation.h).
#pragma once

#include "explore/mig_planner.h"
#include "session/session_results.h"
#include "validate/validation.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace infersight {

struct ReportCell {
    QString text;                 // as the PDF shows it
    std::optional<double> value;  // the number behind it (CSV); nullopt: text only
    static ReportCell number(double value, QString text) { return {std::move(text), value}; }
};

struct ReportColumn {
    QString title;      // PDF header (translated, may carry the unit)
    QString csvTitle;   // CSV header: stable, C locale, unit in the name ("latency_ms")
    bool numeric = false;  // right-aligned in the PDF
    bool csvOnly = false;  // in the CSV only (the PDF shows the figure inside another cell)
};

struct ReportTable {
    QString name;       // file stem of the CSV ("summary", "layers-a100-sxm4-80gb")
    QString title;      // heading above the table in the PDF
    std::vector<ReportColumn> columns;
    std::vector<std::vector<ReportCell>> rows;
    QString note;       // a line under the table (what the figures are); may be empty

    // RFC 4180 CSV: the csvTitle header row, then one line per row (numbers in the C locale with
    // round-trip precision where the cell has a value, otherwise its text).
    QString csv() const;
};

// One row per target: latency with its 80 % band, throughput, energy per batch and per sample,
// average power, device memory of usable, fits (the GUI's summary figures, formatted the same way).
// A target without a prediction shows the reason.
ReportTable summaryTable(const SessionResults &results);

// The target's nodes by predicted latency, largest first: the top `topN` (all when topN <= 0).
// Columns: rank, node, op, latency, share of the end-to-end latency, 80 % band, bound, kernels, energy.
ReportTable layerTable(const SessionResults &results, int target, int topN);

// The target's batch sweep: batch, latency, band, throughput, energy, power, memory, fits.
ReportTable batchSweepTable(const SessionResults &results, int target);

// The target's energy/latency sweep over batch x precision with the Pareto front marked.
ReportTable energyLatencyTable(const SessionResults &results, int target);

// The MIG plan's rows (every profile, then the MPS shares), optionally only the profiles in
// `profiles` (names as in MigOption::profile; empty: all).
ReportTable migPlanTable(const MigPlan &plan, const QStringList &profiles = {});

// What the predictor was validated on: one row per data set with rows, MAPE and 80 % band coverage.
ReportTable accuracyTable(const ValidationResult &validation);
// End-to-end and per-kernel-set error per GPU (where the data has that GPU).
ReportTable accuracyByGpuTable(const ValidationResult &validation);

// A file-name-safe stem from a target key ("a100-sxm4-80gb MIG 1g.10gb" -> "a100-sxm4-80gb-mig-1g.10gb").
QString fileStemOf(const QString &key);

}  // namespace infersight
