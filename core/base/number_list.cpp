// SPDX-License-Identifier: MIT
#include "base/number_list.h"

#include <QStringList>

#include <cmath>
#include <limits>

namespace infersight {

namespace {

QString tooMany(const QString &item, double count) {
    return QStringLiteral("'%1' has %2 values; a list holds at most %3 (use a larger step or factor)")
        .arg(item)
        .arg(count, 0, 'f', 0)
        .arg(kMaxNumberListValues);
}

// Splits "A:B[:S]" into its parts; false when the item is not a range.
bool splitRange(const QString &item, QString &first, QString &last, QString &step) {
    const QStringList parts = item.split(QLatin1Char(':'));
    if (parts.size() < 2) {
        return false;
    }
    first = parts.value(0).trimmed();
    last = parts.value(1).trimmed();
    step = parts.size() > 2 ? parts.value(2).trimmed() : QString();
    return true;
}

// Rounds away the binary noise of repeated addition (0.1 + 2 * 0.1 = 0.30000000000000004).
double tidy(double v) { return QString::number(v, 'g', 12).toDouble(); }

}  // namespace

Result<std::vector<std::int64_t>> parseIntegerList(const QString &text, std::int64_t minimum) {
    std::vector<std::int64_t> out;
    const QString range = QStringLiteral("a range FIRST:LAST, FIRST:LAST:+STEP or FIRST:LAST:xFACTOR");
    auto integer = [&](const QString &s, std::int64_t &v) {
        bool ok = false;
        v = s.toLongLong(&ok);
        return ok && v >= minimum;
    };
    for (const QString &rawItem : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString item = rawItem.trimmed();
        if (item.isEmpty()) {
            continue;
        }
        QString firstText;
        QString lastText;
        QString stepText;
        if (!splitRange(item, firstText, lastText, stepText)) {
            std::int64_t v = 0;
            if (!integer(item, v)) {
                return Error{QStringLiteral("'%1' is not an integer of at least %2 or %3").arg(item).arg(minimum).arg(range)};
            }
            if (out.size() >= kMaxNumberListValues) {
                return Error{tooMany(text, static_cast<double>(out.size() + 1))};
            }
            out.push_back(v);
            continue;
        }
        std::int64_t first = 0;
        std::int64_t last = 0;
        if (item.count(QLatin1Char(':')) > 2 || !integer(firstText, first) || !integer(lastText, last)) {
            return Error{QStringLiteral("'%1' is not %2 of integers of at least %3").arg(item, range).arg(minimum)};
        }
        if (last < first) {
            return Error{QStringLiteral("'%1': the range ends (%2) before it starts (%3)").arg(item).arg(last).arg(first)};
        }
        const bool geometric = stepText.startsWith(QLatin1Char('x')) || stepText.startsWith(QLatin1Char('*'));
        std::int64_t step = 1;
        if (!stepText.isEmpty()) {
            bool ok = false;
            step = (geometric || stepText.startsWith(QLatin1Char('+')) ? stepText.mid(1) : stepText).toLongLong(&ok);
            if (!ok || step < (geometric ? 2 : 1)) {
                return Error{QStringLiteral("'%1': the step must be +S with an integer S >= 1 or xF with an integer F >= 2, not '%2'")
                                 .arg(item, stepText)};
            }
        }
        if (geometric) {
            if (first < 1) {
                return Error{QStringLiteral("'%1': a geometric range needs a start of at least 1").arg(item)};
            }
            for (std::int64_t v = first;; v *= step) {
                out.push_back(v);
                if (v > last / step) {
                    break;
                }
            }
        } else {
            const double count = std::floor(static_cast<double>(last - first) / static_cast<double>(step)) + 1.0;
            if (count + static_cast<double>(out.size()) > static_cast<double>(kMaxNumberListValues)) {
                return Error{tooMany(item, count)};
            }
            for (std::int64_t v = first; v <= last; v += step) {
                out.push_back(v);
                if (v > std::numeric_limits<std::int64_t>::max() - step) {
                    break;
                }
            }
        }
        if (out.size() > kMaxNumberListValues) {
            return Error{tooMany(text, static_cast<double>(out.size()))};
        }
    }
    if (out.empty()) {
        return Error{QStringLiteral("a comma-separated list of integers or ranges (such as 1,8,32 or 1:1024:x2) is needed")};
    }
    return out;
}

Result<std::vector<double>> parsePositiveRealList(const QString &text) {
    std::vector<double> out;
    auto real = [](const QString &s, double &v) {
        bool ok = false;
        v = s.toDouble(&ok);
        return ok && std::isfinite(v) && v > 0.0;
    };
    for (const QString &rawItem : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString item = rawItem.trimmed();
        if (item.isEmpty()) {
            continue;
        }
        QString firstText;
        QString lastText;
        QString stepText;
        if (!splitRange(item, firstText, lastText, stepText)) {
            double v = 0;
            if (!real(item, v)) {
                return Error{QStringLiteral("'%1' is not a positive number or a range FIRST:LAST:+STEP or FIRST:LAST:xFACTOR").arg(item)};
            }
            if (out.size() >= kMaxNumberListValues) {
                return Error{tooMany(text, static_cast<double>(out.size() + 1))};
            }
            out.push_back(v);
            continue;
        }
        double first = 0;
        double last = 0;
        const bool geometric = stepText.startsWith(QLatin1Char('x')) || stepText.startsWith(QLatin1Char('*'));
        double step = 0;
        if (item.count(QLatin1Char(':')) != 2 || !real(firstText, first) || !real(lastText, last) ||
            !(geometric || stepText.startsWith(QLatin1Char('+'))) || !real(stepText.mid(1), step)) {
            return Error{QStringLiteral("'%1' is not a range FIRST:LAST:+STEP or FIRST:LAST:xFACTOR of positive numbers").arg(item)};
        }
        if (last < first) {
            return Error{QStringLiteral("'%1': the range ends (%2) before it starts (%3)").arg(item).arg(last).arg(first)};
        }
        if (geometric && !(step > 1.0)) {
            return Error{QStringLiteral("'%1': the factor must be greater than 1, not %2").arg(item).arg(step)};
        }
        // A relative tolerance so that 0.25:1:+0.25 reaches 1 despite rounding.
        const double slack = 1e-9 * last;
        const double count = geometric ? std::floor(std::log(last / first) / std::log(step) + 1e-9) + 1.0
                                       : std::floor((last - first + slack) / step) + 1.0;
        if (count + static_cast<double>(out.size()) > static_cast<double>(kMaxNumberListValues)) {
            return Error{tooMany(item, count)};
        }
        const auto n = static_cast<std::int64_t>(count);
        for (std::int64_t i = 0; i < n; ++i) {
            out.push_back(tidy(geometric ? first * std::pow(step, static_cast<double>(i)) : first + static_cast<double>(i) * step));
        }
    }
    if (out.empty()) {
        return Error{QStringLiteral("a comma-separated list of positive numbers or ranges (such as 0.5,1 or 0.25:2:+0.25) is needed")};
    }
    return out;
}

}  // namespace infersight
