// SPDX-License-Identifier: MIT
#include "report/sweep_report.h"

namespace infersight {

QString sweepTableTextHeader(const SweepTable &t, std::int64_t rows) {
    QString out = QStringLiteral("sweep %1, shard %2, %3 of %4 points\n")
                      .arg(t.sweepId, t.shardIndex == 0 ? QStringLiteral("all") : QStringLiteral("%1/%2").arg(t.shardIndex).arg(t.shardCount))
                      .arg(rows)
                      .arg(t.points);
    out += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10\n")
               .arg(QStringLiteral("#"), 6)
               .arg(QStringLiteral("batch"), 5)
               .arg(QStringLiteral("prec"), -5)
               .arg(QStringLiteral("runtime"), -7)
               .arg(QStringLiteral("target"), -32)
               .arg(QStringLiteral("latency ms"), 11)
               .arg(QStringLiteral("inf/s"), 10)
               .arg(QStringLiteral("J/inf"), 9)
               .arg(QStringLiteral("mem MiB"), 9)
               .arg(QStringLiteral("fits"), 4);
    return out;
}

QString sweepRowText(const SweepTable &t, const SweepRow &r) {
    QString line = QStringLiteral("%1 %2 %3 %4 %5 ")
                       .arg(r.index, 6)
                       .arg(r.batch, 5)
                       .arg(precisionName(r.precision), -5)
                       .arg(runtimeName(r.runtime), -7)
                       .arg(r.target.left(32), -32);
    if (r.ok) {
        line += QStringLiteral("%1 %2 %3 %4 %5%6")
                    .arg(r.latencyMs, 11, 'f', 3)
                    .arg(r.throughput, 10, 'f', 1)
                    .arg(r.energyJ, 9, 'f', 4)
                    .arg(r.memoryMib, 9, 'f', 0)
                    .arg(r.fits ? QStringLiteral("yes") : QStringLiteral("no"), 4)
                    .arg(t.pareto && r.pareto ? QStringLiteral("  *pareto") : QString());
    } else {
        line += QStringLiteral("error: ") + r.error;
    }
    return line + QLatin1Char('\n');
}

QString sweepTableText(const SweepTable &t) {
    QString out = sweepTableTextHeader(t, static_cast<std::int64_t>(t.rows.size()));
    for (const SweepRow &r : t.rows) {
        out += sweepRowText(t, r);
    }
    return out;
}

}  // namespace infersight
