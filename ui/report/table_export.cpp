// SPDX-License-Identifier: MIT
#include "report/table_export.h"

#include "report/pdf_report.h"
#include "report/report_table.h"
#include "report/report_text.h"

#include "base/file_io.h"

#include <QDir>
#include <QSaveFile>

namespace infersight {

namespace {

Status writeCsv(const ReportTable &table, const QDir &dir, QStringList &written) {
    const QString path = dir.filePath(table.name + QStringLiteral(".csv"));
    OutputFile file(path);
    if (!file.open()) {
        return Error{ReportText::tr("%1: cannot write (%2)").arg(path, file.errorString())};
    }
    file.device()->write(table.csv().toUtf8());
    if (!file.commit()) {
        return Error{ReportText::tr("%1: cannot write (%2)").arg(path, file.errorString())};
    }
    written << path;
    return Status::success();
}

}  // namespace

Result<QStringList> exportTables(const SessionResults &results, const QString &folder, const TableExportOptions &options) {
    if (!results.design) {
        return Error{ReportText::tr("there is no model: nothing to export")};
    }
    if (!results.complete()) {
        return Error{ReportText::tr("%1: the predictions are still being computed; export again when they are done").arg(folder)};
    }
    QDir dir(folder);
    if (!dir.exists() && !QDir().mkpath(folder)) {
        return Error{ReportText::tr("%1: cannot create the folder").arg(folder)};
    }
    QStringList written;
    std::vector<ReportTable> tables{summaryTable(results)};
    for (std::size_t i = 0; i < results.targets.size(); ++i) {
        if (!results.targets[i].ok()) {
            continue;
        }
        const int target = static_cast<int>(i);
        tables.push_back(layerTable(results, target, 0));
        tables.push_back(batchSweepTable(results, target));
        tables.push_back(energyLatencyTable(results, target));
    }
    if (options.migPlans) {
        for (const MigPlan &plan : reportMigPlans(results, options.mig)) {
            tables.push_back(migPlanTable(plan));
        }
    }
    for (const ReportTable &table : tables) {
        if (Status s = writeCsv(table, dir, written); !s) {
            return Error{s.errorMessage()};
        }
    }
    return written;
}

}  // namespace infersight
