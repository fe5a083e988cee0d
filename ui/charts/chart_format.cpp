// SPDX-License-Identifier: MIT
#include "charts/chart_format.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace infersight {

QString formatSignificant(double value, int digits) {
    if (!std::isfinite(value)) {
        return QStringLiteral("–");
    }
    if (value == 0) {
        return QLocale().toString(0.0, 'f', std::max(0, digits - 1));
    }
    const int magnitude = static_cast<int>(std::floor(std::log10(std::abs(value))));
    int decimals = std::max(0, digits - 1 - magnitude);
    // Rounding may carry into the next decade (9.996 -> 10.0): one decimal fewer then.
    const double scale = std::pow(10.0, decimals);
    const double rounded = std::round(value * scale) / scale;
    if (rounded != 0 && static_cast<int>(std::floor(std::log10(std::abs(rounded)))) > magnitude && decimals > 0) {
        --decimals;
    }
    if (decimals == 0) {
        // Integers keep only `digits` significant digits: 123456 -> 123,000.
        const double unit = std::pow(10.0, std::max(0, magnitude + 1 - digits));
        return QLocale().toString(std::round(value / unit) * unit, 'f', 0);
    }
    return QLocale().toString(value, 'f', decimals);
}

QString formatMs(double ms) {
    return QCoreApplication::translate("infersight::ChartFormat", "%1 ms").arg(formatSignificant(ms));
}

QString formatMsBand(double ms, double lowMs, double highMs) {
    return QCoreApplication::translate("infersight::ChartFormat", "%1 ms (%2–%3)")
        .arg(formatSignificant(ms), formatSignificant(lowMs), formatSignificant(highMs));
}

QString formatBytes(double bytes) {
    constexpr double kMiB = 1024.0 * 1024.0;
    constexpr double kGiB = kMiB * 1024.0;
    if (std::abs(bytes) >= kGiB) {
        return QCoreApplication::translate("infersight::ChartFormat", "%1 GiB").arg(formatSignificant(bytes / kGiB));
    }
    return QCoreApplication::translate("infersight::ChartFormat", "%1 MiB").arg(formatSignificant(bytes / kMiB));
}

QString formatJoules(double joules) {
    if (std::abs(joules) < 0.1 && joules != 0) {
        return QCoreApplication::translate("infersight::ChartFormat", "%1 mJ").arg(formatSignificant(joules * 1e3));
    }
    return QCoreApplication::translate("infersight::ChartFormat", "%1 J").arg(formatSignificant(joules));
}

QString formatPerSecond(double perSecond, const QString &unit) {
    return QStringLiteral("%1 %2").arg(formatSignificant(perSecond), unit);
}

QString formatTflops(double tflops) {
    return QCoreApplication::translate("infersight::ChartFormat", "%1 TFLOP/s").arg(formatSignificant(tflops));
}

QString csvNumber(double value) {
    if (!std::isfinite(value)) {
        return {};
    }
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

QString csvText(const QString &text) {
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n'))) {
        return text;
    }
    QString quoted = text;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

double niceStep(double span, int ticks) {
    if (!(span > 0) || ticks < 1) {
        return 1.0;
    }
    const double raw = span / ticks;
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (m * decade >= raw * (1 - 1e-9)) {
            return m * decade;
        }
    }
    return 10.0 * decade;
}

bool StableRange::fit(double dataMin, double dataMax, int ticks, double shrinkBelow) {
    if (!std::isfinite(dataMin) || !std::isfinite(dataMax)) {
        return false;
    }
    const double lo = std::min(0.0, dataMin);
    const double hi = std::max(dataMax, lo + 1e-12);
    const bool inside = tickCount > 0 && lo >= min && hi <= max;
    const bool filled = (hi - lo) >= shrinkBelow * (max - min);
    if (inside && filled) {
        return false;
    }
    // Leave ~5 % headroom above the data so the top point is not on the frame.
    const double step = niceStep((hi - lo) * 1.05, ticks);
    const double newMin = lo < 0 ? std::floor(lo / step) * step : 0.0;
    const double newMax = std::ceil(hi * 1.05 / step) * step;
    const int newTicks = static_cast<int>(std::lround((newMax - newMin) / step)) + 1;
    const bool changed = newMin != min || newMax != max || newTicks != tickCount;
    min = newMin;
    max = newMax;
    tickCount = newTicks;
    return changed;
}

namespace {

// The largest 1-2-5 x 10^k <= value (round down) or the smallest >= value (round up).
double onLogGrid(double value, bool up) {
    const double decade = std::pow(10.0, std::floor(std::log10(value) + 1e-12));
    const double steps[] = {1.0, 2.0, 5.0, 10.0};
    if (up) {
        for (const double m : steps) {
            if (m * decade >= value * (1 - 1e-12)) {
                return m * decade;
            }
        }
        return 10 * decade;
    }
    for (int i = 3; i >= 0; --i) {
        if (steps[i] * decade <= value * (1 + 1e-12)) {
            return steps[i] * decade;
        }
    }
    return decade;
}

}  // namespace

bool StableLogRange::fit(double dataMin, double dataMax) {
    if (!(dataMin > 0) || !(dataMax > 0) || !std::isfinite(dataMin) || !std::isfinite(dataMax)) {
        return false;
    }
    // A little room around the points, on the 1-2-5 grid; at least one power of ten inside so the
    // axis has a label (a log axis labels the powers of its base).
    double lo = onLogGrid(dataMin / 1.12, false);
    double hi = onLogGrid(std::max(dataMax * 1.12, lo * 2), true);
    if (std::floor(std::log10(hi) + 1e-12) < std::ceil(std::log10(lo) - 1e-12)) {
        lo = std::pow(10.0, std::floor(std::log10(lo) + 1e-12));
    }
    // Keep the current range while the data is inside it and it is at most ~4x wider than needed.
    const bool inside = min > 0 && dataMin >= min && dataMax <= max;
    const bool tight = inside && std::log10(max / min) <= std::log10(hi / lo) + std::log10(4.0);
    if (tight) {
        return false;
    }
    // A log axis labels the powers of its base from ceil(log(min)); computed in floating point,
    // log10(0.1) may round above -1 and drop the label at an exact power of ten at the edge.
    lo *= 1 - 1e-9;
    hi *= 1 + 1e-9;
    const bool changed = lo != min || hi != max;
    min = lo;
    max = hi;
    return changed;
}

QString linearLabelFormat(double step) {
    if (!(step > 0)) {
        return QStringLiteral("%.0f");
    }
    // Enough decimals for the step (0.25 needs 2, 2.5 needs 1, 5 needs 0).
    int decimals = 0;
    while (decimals < 6 && std::abs(step * std::pow(10.0, decimals) - std::round(step * std::pow(10.0, decimals))) > 1e-6) {
        ++decimals;
    }
    return QStringLiteral("%.%1f").arg(decimals);
}

}  // namespace infersight
