// SPDX-License-Identifier: MIT
#include "explore/price_table.h"

#include "base/file_io.h"
#include "hardware/gpu_json.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace infersight {

double targetShare(const Target &target) {
    switch (target.kind()) {
    case Target::Kind::WholeGpu: return 1.0;
    case Target::Kind::MigInstance: return target.migProfile() ? target.migProfile()->computeFraction() : 1.0;
    case Target::Kind::MpsShare: return target.mpsPercent().value_or(100.0) / 100.0;
    }
    return 1.0;
}

Result<PriceTable> PriceTable::read(const QString &path) {
    auto bytes = readRegularFile(path, kTextFileCapMiB, QStringLiteral("a price table"));
    if (!bytes) {
        return bytes.error();
    }
    return parse(*bytes, path);
}

Result<PriceTable> PriceTable::parse(const QByteArray &data, const QString &fileName) {
    PriceTable table;
    table.m_source = fileName;
    const QByteArray trimmed = data.trimmed();
    auto addPrice = [&](const QString &gpu, double price, const QString &where) -> Status {
        if (gpu.trimmed().isEmpty()) {
            return Error{QStringLiteral("%1: %2: empty GPU id").arg(fileName, where)};
        }
        if (!std::isfinite(price) || price < 0) {
            return Error{QStringLiteral("%1: %2: the price of '%3' must be a number >= 0").arg(fileName, where, gpu)};
        }
        if (table.m_prices.contains(gpu.trimmed().toLower())) {
            return Error{QStringLiteral("%1: %2: '%3' is priced twice").arg(fileName, where, gpu)};
        }
        table.set(gpu.trimmed(), price);
        return Status::success();
    };
    if (trimmed.startsWith('{')) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(trimmed, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject()) {
            return Error{QStringLiteral("%1: not a price table: %2")
                             .arg(fileName, error.error != QJsonParseError::NoError ? describeJsonParseError(trimmed, error)
                                                                                    : QStringLiteral("expected a JSON object"))};
        }
        QJsonObject prices = doc.object();
        if (prices.contains(QStringLiteral("prices"))) {
            if (!prices.value(QStringLiteral("prices")).isObject()) {
                return Error{QStringLiteral("%1: field 'prices' must be an object of GPU id -> price per hour").arg(fileName)};
            }
            if (prices.contains(QStringLiteral("currency"))) {
                table.m_currency = prices.value(QStringLiteral("currency")).toString(QStringLiteral("USD"));
            }
            prices = prices.value(QStringLiteral("prices")).toObject();
        }
        for (auto it = prices.constBegin(); it != prices.constEnd(); ++it) {
            if (!it.value().isDouble()) {
                return Error{QStringLiteral("%1: the price of '%2' must be a number").arg(fileName, it.key())};
            }
            if (Status st = addPrice(it.key(), it.value().toDouble(), QStringLiteral("field '%1'").arg(it.key())); !st) {
                return Error{st.errorMessage()};
            }
        }
    } else {
        const QList<QByteArray> lines = trimmed.split('\n');
        bool header = true;
        int lineNumber = 0;
        for (const QByteArray &raw : lines) {
            ++lineNumber;
            const QString line = QString::fromUtf8(raw).trimmed();
            if (line.isEmpty() || line.startsWith(QLatin1Char('#'))) {
                continue;
            }
            const QStringList cells = line.split(QLatin1Char(','));
            if (header) {
                header = false;
                if (cells.size() < 2 || cells[0].trimmed().toLower() != QLatin1String("gpu")) {
                    return Error{QStringLiteral("%1: not a price table: expected the header 'gpu,usd_per_hour' (or a JSON object)")
                                     .arg(fileName)};
                }
                continue;
            }
            bool ok = false;
            const double price = cells.value(1).trimmed().toDouble(&ok);
            if (cells.size() < 2 || !ok) {
                return Error{QStringLiteral("%1: line %2: expected 'gpu id,price per hour'").arg(fileName).arg(lineNumber)};
            }
            if (Status st = addPrice(cells[0], price, QStringLiteral("line %1").arg(lineNumber)); !st) {
                return Error{st.errorMessage()};
            }
        }
    }
    if (table.m_prices.isEmpty()) {
        return Error{QStringLiteral("%1: the price table lists no GPU").arg(fileName)};
    }
    return table;
}

std::optional<double> PriceTable::gpuPerHour(const QString &gpuId) const {
    const auto it = m_prices.constFind(gpuId.toLower());
    if (it == m_prices.constEnd()) {
        return std::nullopt;
    }
    return it.value();
}

std::optional<double> PriceTable::targetPerHour(const Target &target) const {
    const auto price = gpuPerHour(target.gpu().id);
    if (!price) {
        return std::nullopt;
    }
    return *price * targetShare(target);
}

}  // namespace infersight
