// SPDX-License-Identifier: MIT
// Number formatting and axis ranges shared by the charts: 3 significant digits, locale-aware
// separators, units as docs/gui.md lists them (ms, MiB/GiB as nvidia-smi shows them, J per
// inference, samples/s, TFLOP/s); CSV numbers in the C locale with full precision; axis ranges
// that stay put while the data moves a little (a slider drag must not make the axes jump).
#pragma once

#include <QString>

#include <cstdint>

namespace infersight {

// `value` with `digits` significant digits in fixed notation, in the user's locale ("4.21",
// "1,900", "0.0123"); "–" for NaN or infinity.
QString formatSignificant(double value, int digits = 3);
QString formatMs(double ms);                 // "4.21 ms"
QString formatMsBand(double ms, double lowMs, double highMs);  // "4.21 ms (3.60–5.00)"
QString formatBytes(double bytes);           // "512 MiB", "2.10 GiB" (binary units, as nvidia-smi)
QString formatJoules(double joules);         // "1.20 J", "12.3 mJ"
QString formatPerSecond(double perSecond, const QString &unit);  // "1,900 samples/s"
QString formatTflops(double tflops);         // "312 TFLOP/s", "0.84 TFLOP/s"
// A CSV field: numbers in the C locale, round-trip precision; text quoted when needed (RFC 4180).
QString csvNumber(double value);
QString csvText(const QString &text);

// Range of a linear value axis from 0 (or a negative minimum) to above `max` on a "nice" grid
// (1, 2, 2.5, 5 x 10^k per tick, about `ticks` ticks). Holds the previous range while the data fits
// in it and fills at least `shrinkBelow` of it, so that dragging a slider does not jump the axis.
struct StableRange {
    double min = 0;
    double max = 0;
    int tickCount = 0;
    // Returns true when the range changed.
    bool fit(double dataMin, double dataMax, int ticks = 6, double shrinkBelow = 0.45);
};

// Range of a log10 axis covering [dataMin, dataMax] (both > 0) with a little room, on the 1-2-5
// grid, with at least one power of ten inside; held while the data stays inside and the range is
// not much wider than needed.
struct StableLogRange {
    double min = 0;
    double max = 0;
    bool fit(double dataMin, double dataMax);
};

// printf format for the labels of a linear axis with ticks `step` apart ("%.0f", "%.2f").
QString linearLabelFormat(double step);

// The largest "nice" number (1, 2, 2.5, 5 x 10^k) >= value / ticks, for tick spacing.
double niceStep(double span, int ticks);

}  // namespace infersight
