// SPDX-License-Identifier: MIT
// Prices per hour of GPUs, supplied by the user (Infersight ships none: list prices change and
// differ by provider). A JSON object {"a100-sxm4-40gb": 3.67, ...} or
// {"currency": "USD", "prices": {"a100-sxm4-40gb": 3.67}}, or a CSV with the header "gpu,usd_per_hour".
// A MIG instance or MPS share is charged its share of the GPU: compute slices / compute slice
// count for MIG, the percentage for MPS (docs/design-space.md).
#pragma once

#include "base/result.h"
#include "hardware/target.h"

#include <QByteArray>
#include <QMap>
#include <QString>

#include <optional>

namespace infersight {

class PriceTable {
public:
    static Result<PriceTable> read(const QString &path);
    static Result<PriceTable> parse(const QByteArray &data, const QString &fileName);

    void set(const QString &gpuId, double perHour) { m_prices.insert(gpuId.toLower(), perHour); }
    std::optional<double> gpuPerHour(const QString &gpuId) const;
    // The target's share of its GPU's price.
    std::optional<double> targetPerHour(const Target &target) const;
    const QMap<QString, double> &prices() const { return m_prices; }
    QString currency() const { return m_currency; }
    QString source() const { return m_source; }
    bool isEmpty() const { return m_prices.isEmpty(); }

private:
    QMap<QString, double> m_prices;  // lower-case GPU id -> price per hour
    QString m_currency = QStringLiteral("USD");
    QString m_source;
};

// The share of its GPU a target occupies (1 for a whole GPU).
double targetShare(const Target &target);

}  // namespace infersight
