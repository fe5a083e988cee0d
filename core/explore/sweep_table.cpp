// SPDX-License-Identifier: MIT
#include "explore/sweep_table.h"

#include "base/file_io.h"

#include "explore/pareto.h"
#include "hardware/gpu_json.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QMap>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <utility>

namespace infersight {

namespace {

const QStringList &columns() {
    static const QStringList list{
        QStringLiteral("sweep_id"),        QStringLiteral("shard"),           QStringLiteral("points"),
        QStringLiteral("model"),           QStringLiteral("index"),           QStringLiteral("batch"),
        QStringLiteral("sequence"),        QStringLiteral("image"),           QStringLiteral("precision"),
        QStringLiteral("runtime"),         QStringLiteral("width_mult"),      QStringLiteral("gpu"),
        QStringLiteral("mig"),             QStringLiteral("mps"),             QStringLiteral("target"),
        QStringLiteral("latency_ms"),      QStringLiteral("latency_low_ms"),  QStringLiteral("latency_high_ms"),
        QStringLiteral("throughput_per_s"), QStringLiteral("energy_j"),       QStringLiteral("memory_mb"),
        QStringLiteral("usable_mb"),       QStringLiteral("fits"),            QStringLiteral("price_per_hour"),
        QStringLiteral("usd_per_million"), QStringLiteral("pareto"),          QStringLiteral("error")};
    return list;
}

QString number(double v) { return QString::number(v, 'g', QLocale::FloatingPointShortest); }

QString csvCell(const QString &text) {
    if (text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"')) || text.contains(QLatin1Char('\n')) ||
        text.contains(QLatin1Char('\r'))) {
        QString quoted = text;
        quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        return QLatin1Char('"') + quoted + QLatin1Char('"');
    }
    return text;
}

QString shardText(int index, int count) {
    return index == 0 ? QStringLiteral("all") : QStringLiteral("%1/%2").arg(index).arg(count);
}

// RFC 4180 records (quoted fields may hold commas, quotes and line breaks).
bool splitCsv(const QString &text, std::vector<QStringList> &records, QString &error) {
    QStringList record;
    QString field;
    bool quoted = false;
    bool fieldStarted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                    field += QLatin1Char('"');
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                field += c;
            }
            continue;
        }
        if (c == QLatin1Char('"') && !fieldStarted) {
            quoted = true;
            fieldStarted = true;
        } else if (c == QLatin1Char(',')) {
            record << field;
            field.clear();
            fieldStarted = false;
        } else if (c == QLatin1Char('\n') || c == QLatin1Char('\r')) {
            if (c == QLatin1Char('\r') && i + 1 < text.size() && text[i + 1] == QLatin1Char('\n')) {
                ++i;
            }
            record << field;
            field.clear();
            fieldStarted = false;
            if (!(record.size() == 1 && record.front().isEmpty())) {
                records.push_back(record);
            }
            record.clear();
        } else {
            field += c;
            fieldStarted = true;
        }
    }
    if (quoted) {
        error = QStringLiteral("a quoted field is not closed");
        return false;
    }
    if (fieldStarted || !record.isEmpty()) {
        record << field;
        records.push_back(record);
    }
    return true;
}

QJsonValue optionalNumber(bool present, double v) { return present ? QJsonValue(v) : QJsonValue(QJsonValue::Null); }

QString csvRow(const SweepRow &r, const QString &sweepId, const QString &shard, const QString &points, const QString &model, bool pareto) {
    QStringList cells;
    cells << sweepId << shard << points << model << QString::number(r.index) << QString::number(r.batch)
          << (r.sequence > 0 ? QString::number(r.sequence) : QString()) << (r.image > 0 ? QString::number(r.image) : QString())
          << precisionName(r.precision) << runtimeName(r.runtime) << number(r.widthMultiplier) << csvCell(r.gpu) << csvCell(r.mig)
          << (r.mps ? number(*r.mps) : QString()) << csvCell(r.target);
    if (r.ok) {
        cells << number(r.latencyMs) << number(r.latencyLowMs) << number(r.latencyHighMs) << number(r.throughput) << number(r.energyJ)
              << number(r.memoryMib) << number(r.usableMib) << (r.fits ? QStringLiteral("true") : QStringLiteral("false"));
    } else {
        for (int i = 0; i < 8; ++i) {
            cells << QString();
        }
    }
    cells << (r.pricePerHour ? number(*r.pricePerHour) : QString()) << (r.usdPerMillion ? number(*r.usdPerMillion) : QString())
          << (pareto ? (r.pareto ? QStringLiteral("true") : QStringLiteral("false")) : QString()) << csvCell(r.error);
    return cells.join(QLatin1Char(',')) + QLatin1Char('\n');
}

QJsonObject rowJson(const SweepRow &r, bool pareto) {
    QJsonObject o;
    o.insert(QStringLiteral("index"), static_cast<double>(r.index));
    o.insert(QStringLiteral("batch"), static_cast<double>(r.batch));
    o.insert(QStringLiteral("sequence"), optionalNumber(r.sequence > 0, static_cast<double>(r.sequence)));
    o.insert(QStringLiteral("image"), optionalNumber(r.image > 0, static_cast<double>(r.image)));
    o.insert(QStringLiteral("precision"), precisionName(r.precision));
    o.insert(QStringLiteral("runtime"), runtimeName(r.runtime));
    o.insert(QStringLiteral("width_mult"), r.widthMultiplier);
    o.insert(QStringLiteral("gpu"), r.gpu);
    o.insert(QStringLiteral("mig"), r.mig.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(r.mig));
    o.insert(QStringLiteral("mps"), optionalNumber(r.mps.has_value(), r.mps.value_or(0)));
    o.insert(QStringLiteral("target"), r.target);
    o.insert(QStringLiteral("latency_ms"), optionalNumber(r.ok, r.latencyMs));
    o.insert(QStringLiteral("latency_low_ms"), optionalNumber(r.ok, r.latencyLowMs));
    o.insert(QStringLiteral("latency_high_ms"), optionalNumber(r.ok, r.latencyHighMs));
    o.insert(QStringLiteral("throughput_per_s"), optionalNumber(r.ok, r.throughput));
    o.insert(QStringLiteral("energy_j"), optionalNumber(r.ok, r.energyJ));
    o.insert(QStringLiteral("memory_mb"), optionalNumber(r.ok, r.memoryMib));
    o.insert(QStringLiteral("usable_mb"), optionalNumber(r.ok, r.usableMib));
    o.insert(QStringLiteral("fits"), r.ok ? QJsonValue(r.fits) : QJsonValue(QJsonValue::Null));
    o.insert(QStringLiteral("price_per_hour"), optionalNumber(r.pricePerHour.has_value(), r.pricePerHour.value_or(0)));
    o.insert(QStringLiteral("usd_per_million"), optionalNumber(r.usdPerMillion.has_value(), r.usdPerMillion.value_or(0)));
    o.insert(QStringLiteral("pareto"), pareto ? QJsonValue(r.pareto) : QJsonValue(QJsonValue::Null));
    o.insert(QStringLiteral("error"), r.error.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(r.error));
    return o;
}

QJsonObject headerJson(const SweepTable &t) {
    QJsonObject root;
    root.insert(QStringLiteral("format"), QString::fromLatin1(SweepTable::kFormat));
    root.insert(QStringLiteral("version"), SweepTable::kVersion);
    root.insert(QStringLiteral("sweep_id"), t.sweepId);
    root.insert(QStringLiteral("model"), t.model);
    QJsonObject shard;
    shard.insert(QStringLiteral("index"), t.shardIndex);
    shard.insert(QStringLiteral("count"), t.shardCount);
    root.insert(QStringLiteral("shard"), shard);
    root.insert(QStringLiteral("points"), static_cast<double>(t.points));
    root.insert(QStringLiteral("prices"), t.prices);
    root.insert(QStringLiteral("pareto"), t.pareto);
    return root;
}

}  // namespace

SweepTableWriter::SweepTableWriter(SweepTableFormat format, const SweepTable &header)
    : m_format(format),
      m_sweepId(header.sweepId),
      m_model(csvCell(header.model)),
      m_shard(shardText(header.shardIndex, header.shardCount)),
      m_points(QString::number(header.points)),
      m_pareto(header.pareto) {
    if (format == SweepTableFormat::Json) {
        // The header object without its closing brace; "rows" follows as the last member.
        m_jsonHead = QJsonDocument(headerJson(header)).toJson(QJsonDocument::Compact);
        m_jsonHead.chop(1);
        m_jsonHead += ",\"rows\":[";
    }
}

QByteArray SweepTableWriter::head() const {
    return m_format == SweepTableFormat::Csv ? (columns().join(QLatin1Char(',')) + QLatin1Char('\n')).toUtf8() : m_jsonHead;
}

QByteArray SweepTableWriter::row(const SweepRow &r) {
    if (m_format == SweepTableFormat::Csv) {
        return csvRow(r, m_sweepId, m_shard, m_points, m_model, m_pareto).toUtf8();
    }
    QByteArray bytes = m_first ? QByteArray("\n") : QByteArray(",\n");
    m_first = false;
    bytes += QJsonDocument(rowJson(r, m_pareto)).toJson(QJsonDocument::Compact);
    return bytes;
}

QByteArray SweepTableWriter::tail() const { return m_format == SweepTableFormat::Csv ? QByteArray() : QByteArray("\n]}\n"); }

namespace {

QByteArray writeAll(SweepTableFormat format, const SweepTable &table) {
    SweepTableWriter writer(format, table);
    QByteArray out = writer.head();
    for (const SweepRow &r : table.rows) {
        out += writer.row(r);
    }
    out += writer.tail();
    return out;
}

}  // namespace

QByteArray SweepTable::toCsv() const { return writeAll(SweepTableFormat::Csv, *this); }

QJsonObject SweepTable::toJson() const {
    QJsonObject root = headerJson(*this);
    QJsonArray array;
    for (const SweepRow &r : rows) {
        array.append(rowJson(r, pareto));
    }
    root.insert(QStringLiteral("rows"), array);
    return root;
}

QByteArray SweepTable::toJsonBytes() const { return writeAll(SweepTableFormat::Json, *this); }

namespace {

struct CellReader {
    const QString &file;
    qsizetype line;
    QString error;

    bool integer(const QString &column, const QString &text, std::int64_t &out, bool allowEmpty = false, std::int64_t fallback = -1) {
        if (text.isEmpty() && allowEmpty) {
            out = fallback;
            return true;
        }
        bool ok = false;
        out = text.toLongLong(&ok);
        if (!ok) {
            error = QStringLiteral("%1: line %2: column '%3' must be an integer, not '%4'").arg(file).arg(line).arg(column, text);
        }
        return ok;
    }
    // Every real column (latencies, throughput, energy, memory, MPS share, price) is a finite
    // figure >= 0: a shard with NaN or negative latencies is refused, naming the row (issue 15).
    bool real(const QString &column, const QString &text, double &out) {
        bool ok = false;
        out = text.toDouble(&ok);
        if (!ok) {
            error = QStringLiteral("%1: line %2: column '%3' must be a number, not '%4'").arg(file).arg(line).arg(column, text);
        } else if (!std::isfinite(out) || out < 0) {
            error = QStringLiteral("%1: line %2: column '%3' must be a finite number >= 0, not '%4'").arg(file).arg(line).arg(column, text);
            ok = false;
        }
        return ok;
    }
    bool boolean(const QString &column, const QString &text, bool &out) {
        if (text == QLatin1String("true") || text == QLatin1String("1")) {
            out = true;
            return true;
        }
        if (text == QLatin1String("false") || text == QLatin1String("0")) {
            out = false;
            return true;
        }
        error = QStringLiteral("%1: line %2: column '%3' must be true or false, not '%4'").arg(file).arg(line).arg(column, text);
        return false;
    }
};

bool parseShard(const QString &text, int &index, int &count) {
    if (text == QLatin1String("all")) {
        index = 0;
        return true;
    }
    const QStringList parts = text.split(QLatin1Char('/'));
    bool a = false;
    bool b = false;
    if (parts.size() != 2) {
        return false;
    }
    index = parts[0].toInt(&a);
    count = parts[1].toInt(&b);
    return a && b && count >= 1 && index >= 1 && index <= count;
}

Result<SweepTable> parseCsv(const QByteArray &data, const QString &fileName) {
    std::vector<QStringList> records;
    QString splitError;
    if (!splitCsv(QString::fromUtf8(data), records, splitError)) {
        return Error{QStringLiteral("%1: not a sweep table: %2").arg(fileName, splitError)};
    }
    if (records.empty()) {
        return Error{QStringLiteral("%1: not a sweep table: the file is empty").arg(fileName)};
    }
    const QStringList header = records.front();
    QHash<QString, int> col;
    for (qsizetype i = 0; i < header.size(); ++i) {
        col.insert(header[i].trimmed(), static_cast<int>(i));
    }
    for (const QString &c : columns()) {
        if (!col.contains(c)) {
            return Error{QStringLiteral("%1: not an Infersight sweep table (the column '%2' is missing)").arg(fileName, c)};
        }
    }
    if (records.size() < 2) {
        return Error{QStringLiteral("%1: the sweep table has no rows").arg(fileName)};
    }
    SweepTable table;
    bool first = true;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const QStringList &cells = records[r];
        const qsizetype line = static_cast<qsizetype>(r + 1);
        if (cells.size() != header.size()) {
            return Error{QStringLiteral("%1: line %2 has %3 fields, the header %4").arg(fileName).arg(line).arg(cells.size()).arg(header.size())};
        }
        auto cell = [&](const char *name) { return cells[col.value(QString::fromLatin1(name))]; };
        CellReader rd{fileName, line, {}};
        int shardIndex = 1;
        int shardCount = 1;
        if (!parseShard(cell("shard"), shardIndex, shardCount)) {
            return Error{QStringLiteral("%1: line %2: column 'shard' must be I/N or 'all', not '%3'").arg(fileName).arg(line).arg(cell("shard"))};
        }
        std::int64_t points = 0;
        if (!rd.integer(QStringLiteral("points"), cell("points"), points)) {
            return Error{rd.error};
        }
        if (first) {
            table.sweepId = cell("sweep_id");
            table.model = cell("model");
            table.shardIndex = shardIndex;
            table.shardCount = shardCount;
            table.points = points;
            first = false;
        } else if (table.sweepId != cell("sweep_id") || table.shardIndex != shardIndex || table.points != points) {
            return Error{QStringLiteral("%1: line %2 belongs to another sweep or shard than line 2").arg(fileName).arg(line)};
        }
        SweepRow row;
        if (!rd.integer(QStringLiteral("index"), cell("index"), row.index) || !rd.integer(QStringLiteral("batch"), cell("batch"), row.batch) ||
            !rd.integer(QStringLiteral("sequence"), cell("sequence"), row.sequence, true) ||
            !rd.integer(QStringLiteral("image"), cell("image"), row.image, true) ||
            !rd.real(QStringLiteral("width_mult"), cell("width_mult"), row.widthMultiplier)) {
            return Error{rd.error};
        }
        const auto precision = precisionFromName(cell("precision"));
        const auto runtime = runtimeFromName(cell("runtime"));
        if (!precision || !runtime) {
            return Error{QStringLiteral("%1: line %2: unknown precision or runtime").arg(fileName).arg(line)};
        }
        row.precision = *precision;
        row.runtime = *runtime;
        row.gpu = cell("gpu");
        row.mig = cell("mig");
        if (!cell("mps").isEmpty()) {
            double mps = 0;
            if (!rd.real(QStringLiteral("mps"), cell("mps"), mps)) {
                return Error{rd.error};
            }
            row.mps = mps;
        }
        row.target = cell("target");
        row.error = cell("error");
        row.ok = !cell("latency_ms").isEmpty();
        if (row.ok) {
            if (!rd.real(QStringLiteral("latency_ms"), cell("latency_ms"), row.latencyMs) ||
                !rd.real(QStringLiteral("latency_low_ms"), cell("latency_low_ms"), row.latencyLowMs) ||
                !rd.real(QStringLiteral("latency_high_ms"), cell("latency_high_ms"), row.latencyHighMs) ||
                !rd.real(QStringLiteral("throughput_per_s"), cell("throughput_per_s"), row.throughput) ||
                !rd.real(QStringLiteral("energy_j"), cell("energy_j"), row.energyJ) ||
                !rd.real(QStringLiteral("memory_mb"), cell("memory_mb"), row.memoryMib) ||
                !rd.real(QStringLiteral("usable_mb"), cell("usable_mb"), row.usableMib) ||
                !rd.boolean(QStringLiteral("fits"), cell("fits"), row.fits)) {
                return Error{rd.error};
            }
        }
        if (!cell("price_per_hour").isEmpty()) {
            double v = 0;
            if (!rd.real(QStringLiteral("price_per_hour"), cell("price_per_hour"), v)) {
                return Error{rd.error};
            }
            row.pricePerHour = v;
            table.prices = true;
        }
        if (!cell("usd_per_million").isEmpty()) {
            double v = 0;
            if (!rd.real(QStringLiteral("usd_per_million"), cell("usd_per_million"), v)) {
                return Error{rd.error};
            }
            row.usdPerMillion = v;
        }
        if (!cell("pareto").isEmpty()) {
            if (!rd.boolean(QStringLiteral("pareto"), cell("pareto"), row.pareto)) {
                return Error{rd.error};
            }
            table.pareto = true;
        }
        table.rows.push_back(std::move(row));
    }
    return table;
}

Result<SweepTable> parseJson(const QByteArray &data, const QString &fileName) {
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return Error{QStringLiteral("%1: not a sweep table: %2").arg(fileName, describeJsonParseError(data, parseError))};
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != QLatin1String(SweepTable::kFormat)) {
        return Error{QStringLiteral("%1: not an Infersight sweep table (no \"format\": \"%2\")").arg(fileName, QString::fromLatin1(SweepTable::kFormat))};
    }
    if (root.value(QStringLiteral("version")).toInt() > SweepTable::kVersion) {
        return Error{QStringLiteral("%1: the sweep table was written by a newer Infersight (version %2; this version reads %3)")
                         .arg(fileName)
                         .arg(root.value(QStringLiteral("version")).toInt())
                         .arg(SweepTable::kVersion)};
    }
    SweepTable table;
    table.sweepId = root.value(QStringLiteral("sweep_id")).toString();
    table.model = root.value(QStringLiteral("model")).toString();
    const QJsonObject shard = root.value(QStringLiteral("shard")).toObject();
    table.shardIndex = shard.value(QStringLiteral("index")).toInt(-1);
    table.shardCount = shard.value(QStringLiteral("count")).toInt(-1);
    table.points = static_cast<std::int64_t>(root.value(QStringLiteral("points")).toDouble(-1));
    table.prices = root.value(QStringLiteral("prices")).toBool();
    table.pareto = root.value(QStringLiteral("pareto")).toBool();
    if (table.sweepId.isEmpty() || table.shardIndex < 0 || table.shardCount < 1 || table.shardIndex > table.shardCount || table.points < 0 ||
        !root.value(QStringLiteral("rows")).isArray()) {
        return Error{QStringLiteral("%1: the sweep table lacks sweep_id, shard, points or rows").arg(fileName)};
    }
    const QJsonArray rows = root.value(QStringLiteral("rows")).toArray();
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QJsonObject o = rows[i].toObject();
        SweepRow r;
        if (!o.value(QStringLiteral("index")).isDouble() || !o.value(QStringLiteral("batch")).isDouble()) {
            return Error{QStringLiteral("%1: rows[%2] lacks index or batch").arg(fileName).arg(i)};
        }
        r.index = static_cast<std::int64_t>(o.value(QStringLiteral("index")).toDouble());
        r.batch = static_cast<std::int64_t>(o.value(QStringLiteral("batch")).toDouble());
        r.sequence = o.value(QStringLiteral("sequence")).isDouble() ? static_cast<std::int64_t>(o.value(QStringLiteral("sequence")).toDouble()) : -1;
        r.image = o.value(QStringLiteral("image")).isDouble() ? static_cast<std::int64_t>(o.value(QStringLiteral("image")).toDouble()) : -1;
        const auto precision = precisionFromName(o.value(QStringLiteral("precision")).toString());
        const auto runtime = runtimeFromName(o.value(QStringLiteral("runtime")).toString());
        if (!precision || !runtime) {
            return Error{QStringLiteral("%1: rows[%2]: unknown precision or runtime").arg(fileName).arg(i)};
        }
        r.precision = *precision;
        r.runtime = *runtime;
        r.widthMultiplier = o.value(QStringLiteral("width_mult")).toDouble(1.0);
        r.gpu = o.value(QStringLiteral("gpu")).toString();
        r.mig = o.value(QStringLiteral("mig")).toString();
        if (o.value(QStringLiteral("mps")).isDouble()) {
            r.mps = o.value(QStringLiteral("mps")).toDouble();
        }
        r.target = o.value(QStringLiteral("target")).toString();
        r.error = o.value(QStringLiteral("error")).toString();
        r.ok = o.value(QStringLiteral("latency_ms")).isDouble();
        r.latencyMs = o.value(QStringLiteral("latency_ms")).toDouble();
        r.latencyLowMs = o.value(QStringLiteral("latency_low_ms")).toDouble();
        r.latencyHighMs = o.value(QStringLiteral("latency_high_ms")).toDouble();
        r.throughput = o.value(QStringLiteral("throughput_per_s")).toDouble();
        r.energyJ = o.value(QStringLiteral("energy_j")).toDouble();
        r.memoryMib = o.value(QStringLiteral("memory_mb")).toDouble();
        r.usableMib = o.value(QStringLiteral("usable_mb")).toDouble();
        r.fits = o.value(QStringLiteral("fits")).toBool();
        if (o.value(QStringLiteral("price_per_hour")).isDouble()) {
            r.pricePerHour = o.value(QStringLiteral("price_per_hour")).toDouble();
        }
        if (o.value(QStringLiteral("usd_per_million")).isDouble()) {
            r.usdPerMillion = o.value(QStringLiteral("usd_per_million")).toDouble();
        }
        r.pareto = o.value(QStringLiteral("pareto")).toBool();
        for (const auto &[column, value] : {std::pair{"latency_ms", r.latencyMs}, std::pair{"latency_low_ms", r.latencyLowMs},
                                            std::pair{"latency_high_ms", r.latencyHighMs}, std::pair{"throughput_per_s", r.throughput},
                                            std::pair{"energy_j", r.energyJ}, std::pair{"memory_mb", r.memoryMib}}) {
            if (r.ok && (!std::isfinite(value) || value < 0)) {
                return Error{QStringLiteral("%1: rows[%2]: '%3' must be a finite number >= 0, not %4")
                                 .arg(fileName)
                                 .arg(i)
                                 .arg(QLatin1String(column))
                                 .arg(value)};
            }
        }
        table.rows.push_back(std::move(r));
    }
    return table;
}

}  // namespace

Result<SweepTable> SweepTable::parse(const QByteArray &data, const QString &fileName) {
    const QByteArray trimmed = data.trimmed();
    if (trimmed.startsWith('{')) {
        return parseJson(trimmed, fileName);
    }
    return parseCsv(data, fileName);
}

Result<SweepTable> SweepTable::read(const QString &path) {
    auto bytes = readRegularFile(path, kTableFileCapMiB, QStringLiteral("a sweep table"));
    if (!bytes) {
        return bytes.error();
    }
    return parse(*bytes, path);
}

void SweepTable::markPareto() {
    std::vector<ObjectiveVector> objectives;
    std::vector<bool> feasible;
    objectives.reserve(rows.size());
    feasible.reserve(rows.size());
    bool allPriced = prices;
    for (const SweepRow &r : rows) {
        allPriced = allPriced && (!r.ok || r.pricePerHour.has_value());
    }
    for (const SweepRow &r : rows) {
        objectives.push_back({r.latencyMs, r.energyJ, r.memoryMib, r.pricePerHour.value_or(0.0)});
        feasible.push_back(r.ok && r.fits);
    }
    const std::vector<bool> front = paretoFront(objectives, allPriced ? 4 : 3, feasible);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        rows[i].pareto = front[i];
    }
    pareto = true;
}

Result<SweepTable> mergeSweepTables(const std::vector<std::pair<QString, SweepTable>> &shards) {
    if (shards.empty()) {
        return Error{QStringLiteral("no sweep tables to merge")};
    }
    const auto &[firstFile, first] = shards.front();
    QMap<int, QString> seen;
    for (const auto &[file, table] : shards) {
        if (table.shardIndex == 0) {
            return Error{QStringLiteral("%1 is already a merged table (shard 'all')").arg(file)};
        }
        if (table.sweepId != first.sweepId) {
            return Error{QStringLiteral("%1 and %2 come from different sweeps (sweep ids %3 and %4)")
                             .arg(firstFile, file, first.sweepId, table.sweepId)};
        }
        if (table.shardCount != first.shardCount || table.points != first.points) {
            return Error{QStringLiteral("%1 and %2 split the sweep differently (%3 and %4 shards)")
                             .arg(firstFile, file)
                             .arg(first.shardCount)
                             .arg(table.shardCount)};
        }
        if (seen.contains(table.shardIndex)) {
            return Error{QStringLiteral("shard %1/%2 is given twice: %3 and %4")
                             .arg(table.shardIndex)
                             .arg(table.shardCount)
                             .arg(seen.value(table.shardIndex), file)};
        }
        seen.insert(table.shardIndex, file);
        // Every row must be one this shard owns, and every owned point must be there.
        const std::int64_t n = table.shardCount;
        const std::int64_t expected = table.points > table.shardIndex - 1 ? (table.points - (table.shardIndex - 1) + n - 1) / n : 0;
        QSet<std::int64_t> indices;
        for (const SweepRow &r : table.rows) {
            if (r.index < 0 || r.index >= table.points || r.index % n != table.shardIndex - 1) {
                return Error{QStringLiteral("%1: row for point %2 does not belong to shard %3/%4").arg(file).arg(r.index).arg(table.shardIndex).arg(n)};
            }
            if (indices.contains(r.index)) {
                return Error{QStringLiteral("%1: point %2 appears twice").arg(file).arg(r.index)};
            }
            indices.insert(r.index);
        }
        if (static_cast<std::int64_t>(indices.size()) != expected) {
            return Error{QStringLiteral("%1: shard %2/%3 has %4 of its %5 points (an interrupted run?)")
                             .arg(file)
                             .arg(table.shardIndex)
                             .arg(n)
                             .arg(indices.size())
                             .arg(expected)};
        }
    }
    QStringList missing;
    for (int i = 1; i <= first.shardCount; ++i) {
        if (!seen.contains(i)) {
            missing << QStringLiteral("%1/%2").arg(i).arg(first.shardCount);
        }
    }
    if (!missing.isEmpty()) {
        return Error{QStringLiteral("shard%1 %2 of sweep %3 %4 missing")
                         .arg(missing.size() == 1 ? QString() : QStringLiteral("s"), missing.join(QStringLiteral(", ")), first.sweepId,
                              missing.size() == 1 ? QStringLiteral("is") : QStringLiteral("are"))};
    }
    SweepTable merged;
    merged.sweepId = first.sweepId;
    merged.model = first.model;
    merged.shardIndex = 0;
    merged.shardCount = first.shardCount;
    merged.points = first.points;
    bool pareto = false;
    for (const auto &[file, table] : shards) {
        merged.prices = merged.prices || table.prices;
        pareto = pareto || table.pareto;
        merged.rows.insert(merged.rows.end(), table.rows.begin(), table.rows.end());
    }
    std::sort(merged.rows.begin(), merged.rows.end(), [](const SweepRow &a, const SweepRow &b) { return a.index < b.index; });
    if (pareto) {
        merged.markPareto();  // fronts of single shards are not the sweep's front
    }
    return merged;
}

}  // namespace infersight
