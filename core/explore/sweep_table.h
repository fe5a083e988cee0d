// SPDX-License-Identifier: MIT
// A sweep's results as a table of value-type rows, its CSV and JSON forms, and merging of shards.
//
// CSV: one header line, one row per point; every row carries the sweep id and the shard so that
// merge can check where it came from (see docs/design-space.md for the columns). JSON:
// {"format": "infersight-sweep", "version": 1, "sweep_id", "model", "shard": {"index", "count"},
//  "points", "prices", "pareto", "rows": [{...same fields...}]}, "rows" last and one row per line,
// so that SweepTableWriter can write it row by row.
#pragma once

#include "base/result.h"
#include "design/knobs.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace infersight {

struct SweepRow {
    std::int64_t index = 0;        // point number in the whole sweep
    std::int64_t batch = 1;
    std::int64_t sequence = -1;    // as propagated (-1: the model has no sequence input)
    std::int64_t image = -1;       // image height as propagated (-1: no image input)
    Precision precision = Precision::FP32;
    Runtime runtime = Runtime::Eager;
    double widthMultiplier = 1.0;
    QString gpu;                   // catalogue id
    QString mig;                   // MIG profile, if any
    std::optional<double> mps;     // MPS share, if any
    QString target;                // label: "A100-SXM4-40GB MIG 1g.5gb"

    bool ok = false;
    QString error;                 // why there is no prediction (ok == false)
    double latencyMs = 0;
    double latencyLowMs = 0;
    double latencyHighMs = 0;
    double throughput = 0;         // inferences (samples) per second = batch / latency
    double energyJ = 0;            // per inference (sample)
    double memoryMib = 0;          // predicted device memory, MiB
    double usableMib = 0;          // the target's usable memory, MiB
    bool fits = false;             // memoryMib <= usableMib
    std::optional<double> pricePerHour;     // USD per hour of the target (price table)
    std::optional<double> usdPerMillion;    // USD per million inferences at this throughput
    bool pareto = false;           // on the Pareto front of the table it was computed over

    bool operator==(const SweepRow &) const = default;
};

struct SweepTable {
    static constexpr char kFormat[] = "infersight-sweep";
    static constexpr int kVersion = 1;

    QString sweepId;
    QString model;
    int shardIndex = 1;       // 1..shardCount; 0 for a merged table
    int shardCount = 1;
    std::int64_t points = 0;  // points of the whole sweep
    bool prices = false;      // price columns filled from a price table
    bool pareto = false;      // pareto column computed
    std::vector<SweepRow> rows;

    QByteArray toCsv() const;
    QJsonObject toJson() const;
    QByteArray toJsonBytes() const;
    // Parses either form (JSON when the first non-blank byte is '{'). `fileName` names errors.
    static Result<SweepTable> parse(const QByteArray &data, const QString &fileName);
    static Result<SweepTable> read(const QString &path);

    // Marks the rows on the Pareto front of latency, energy per inference, memory and (when the
    // table has prices) price per hour, among rows that have a prediction and fit.
    void markPareto();
};

enum class SweepTableFormat { Csv, Json };

// Writes a sweep table piece by piece, so that a sweep of any size goes out row by row with memory
// flat in the number of rows: head(), then row() for every row in order, then tail(). Together
// they are byte for byte toCsv() / toJsonBytes() of the table holding those rows; the JSON form is
// one valid document once tail() is written.
class SweepTableWriter {
public:
    // `header`: the table's fields (id, model, shard, points, prices, pareto); its rows are not read.
    SweepTableWriter(SweepTableFormat format, const SweepTable &header);
    QByteArray head() const;
    QByteArray row(const SweepRow &row);
    QByteArray tail() const;

private:
    SweepTableFormat m_format;
    QString m_sweepId;
    QString m_model;
    QString m_shard;
    QString m_points;
    bool m_pareto = false;
    QByteArray m_jsonHead;
    bool m_first = true;
};

// Joins the shards of one sweep. Errors (naming the files): shards of different sweeps, a shard
// given twice, shards missing (listed), a shard whose rows are not the ones its number owns, an
// already merged table.
Result<SweepTable> mergeSweepTables(const std::vector<std::pair<QString, SweepTable>> &shards);

}  // namespace infersight
