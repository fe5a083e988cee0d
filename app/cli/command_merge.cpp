// SPDX-License-Identifier: MIT
// infersight-cli merge FILES... [--csv|--json] [--output FILE]: joins the shards of one sweep
// (CSV or JSON, mixed) into one table, checking that they come from the same sweep and that no
// shard is missing or given twice. The Pareto column, if present, is recomputed over the whole.
#include "cli_command.h"

#include "base/file_io.h"
#include "explore/sweep_table.h"

#include <QCommandLineParser>
#include <QSaveFile>

namespace infersight::cli {

namespace {

int runMerge(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Join the shard outputs of 'infersight-cli sweep --shard I/N' into one table (CSV by default).\n"
        "Fails, naming the files, when the shards come from different sweeps, one is given twice or\n"
        "one is missing or incomplete."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("FILES"), QStringLiteral("Shard outputs (CSV or JSON)."), QStringLiteral("FILES..."));
    const QCommandLineOption csv(QStringLiteral("csv"), QStringLiteral("Write CSV (default)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Write JSON."));
    const QCommandLineOption output(QStringLiteral("output"), QStringLiteral("Write to FILE (atomically) instead of stdout."),
                                    QStringLiteral("FILE"));
    parser.addOptions({csv, json, output});
    if (!parser.parse(arguments)) {
        printError(parser.errorText() + QStringLiteral(" (see merge --help)"));
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printOut(parser.helpText());
        return ExitOk;
    }
    if (parser.isSet(csv) && parser.isSet(json)) {
        printError(QStringLiteral("--csv and --json exclude each other"));
        return ExitUsage;
    }
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty()) {
        printError(QStringLiteral("merge needs the shard files (see merge --help)"));
        return ExitUsage;
    }
    std::vector<std::pair<QString, SweepTable>> tables;
    for (const QString &file : files) {
        auto t = SweepTable::read(file);
        if (!t) {
            printError(t.errorMessage());
            return ExitFailure;
        }
        tables.emplace_back(file, std::move(*t));
    }
    auto merged = mergeSweepTables(tables);
    if (!merged) {
        printError(merged.errorMessage());
        return ExitFailure;
    }
    const QByteArray bytes = parser.isSet(json) ? merged->toJsonBytes() : merged->toCsv();
    const QString path = parser.value(output);
    if (path.isEmpty() || path == QLatin1String("-")) {
        printOut(QString::fromUtf8(bytes));
        return ExitOk;
    }
    if (Status st = writeOutputFile(path, bytes); !st) {
        printError(st.errorMessage());
        return ExitFailure;
    }
    return ExitOk;
}

const bool registered = registerCommand({QStringLiteral("merge"), QStringLiteral("Join the shards of a sweep into one table"), &runMerge});

}  // namespace

}  // namespace infersight::cli
