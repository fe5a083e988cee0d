// SPDX-License-Identifier: MIT
#include "report/host_report.h"

#include <QStringList>

#include <algorithm>
#include <vector>

namespace infersight {

namespace {

QString number(double v) {
    return QString::number(v, 'g', 3);
}

QString elided(const QString &s, int width) {
    return s.size() <= width ? s : s.left(width - 1) + QStringLiteral("…");
}

QJsonArray stringArray(const QStringList &list) {
    QJsonArray a;
    for (const QString &s : list) {
        a.append(s);
    }
    return a;
}

}  // namespace

QJsonObject hostJson(const HostSpec &host) {
    QJsonObject o;
    o.insert(QStringLiteral("id"), host.id);
    o.insert(QStringLiteral("name"), host.name);
    o.insert(QStringLiteral("cpu"), host.cpu);
    o.insert(QStringLiteral("cpu_model"), host.cpuModel.isEmpty() ? QJsonValue() : QJsonValue(host.cpuModel));
    o.insert(QStringLiteral("microarchitecture"),
             host.microarchitecture.isEmpty() ? QJsonValue() : QJsonValue(host.microarchitecture));
    o.insert(QStringLiteral("base_ghz"), host.baseGhz > 0 ? QJsonValue(host.baseGhz) : QJsonValue());
    o.insert(QStringLiteral("turbo_ghz"), host.turboGhz > 0 ? QJsonValue(host.turboGhz) : QJsonValue());
    o.insert(QStringLiteral("single_thread_score"),
             host.singleThreadScore > 0 ? QJsonValue(host.singleThreadScore) : QJsonValue());
    o.insert(QStringLiteral("pcie"), host.pcie.isEmpty() ? QJsonValue() : QJsonValue(host.pcie));
    o.insert(QStringLiteral("gpus"), stringArray(host.gpus));
    o.insert(QStringLiteral("default_for"), stringArray(host.defaultFor));
    o.insert(QStringLiteral("source"), host.source);
    o.insert(QStringLiteral("calibration"), hostCalibrationName(host.calibration));
    o.insert(QStringLiteral("time_scale"), host.timeScale);
    o.insert(QStringLiteral("band_low"), host.bandLow);
    o.insert(QStringLiteral("band_high"), host.bandHigh);
    o.insert(QStringLiteral("calibration_note"), host.calibrationNote);
    return o;
}

QJsonArray hostListJson(const HostCatalogue &catalogue) {
    QJsonArray a;
    for (const HostSpec &h : catalogue.hosts()) {
        a.append(hostJson(h));
    }
    return a;
}

QString hostTable(const HostCatalogue &catalogue) {
    const QStringList header = {QStringLiteral("ID"),    QStringLiteral("SYSTEM"),  QStringLiteral("CPU"),
                                QStringLiteral("ST"),    QStringLiteral("HOST"),    QStringLiteral("SCALE"),
                                QStringLiteral("BAND"),  QStringLiteral("DEFAULT FOR")};
    const int widths[] = {18, 28, 30, 5, 8, 5, 9, 0};
    std::vector<QStringList> rows{header};
    for (const HostSpec &h : catalogue.hosts()) {
        // A fitted host's band is the calibration's ("fit") unless its own fit left a wider spread.
        const bool ownBand = !h.calibrated() || h.bandLow < 1.0 || h.bandHigh > 1.0;
        const QString band = ownBand ? number(h.bandLow) + QLatin1Char('-') + number(h.bandHigh) : QStringLiteral("fit");
        rows.push_back({h.id, elided(h.name, 28), elided(h.cpuModel.isEmpty() ? h.cpu : h.cpuModel, 30),
                        h.singleThreadScore > 0 ? QString::number(h.singleThreadScore) : QStringLiteral("-"),
                        hostCalibrationName(h.calibration), number(h.timeScale), band,
                        h.defaultFor.isEmpty() ? QStringLiteral("-") : h.defaultFor.join(QStringLiteral(", "))});
    }
    QString out;
    for (const QStringList &row : rows) {
        QStringList cells;
        for (qsizetype i = 0; i < row.size(); ++i) {
            const int w = widths[i];
            cells << (w > 0 ? row.at(i).leftJustified(w) : row.at(i));
        }
        out += cells.join(QLatin1Char(' ')).trimmed() + QLatin1Char('\n');
    }
    out += QStringLiteral(
        "\nST = PassMark single-thread score (snapshot 2022-08-08; '-' = none published). HOST = how the eager host "
        "costs are known: 'fitted' on this system's measurements (the costs themselves, or SCALE), or 'assumed' (no "
        "measurement of the system: the fitted server's costs x SCALE, and host-bound time given the BAND, x of the "
        "scaled prediction). Sources: "
        "'infersight-cli hosts --json'; reasoning: docs/predictor.md \"Host systems\". Choose one with --host ID.\n");
    return out;
}

QString hostSummary(const HostSpec &host) {
    const QString what = host.cpu.isEmpty() ? host.name : QStringLiteral("%1 (%2)").arg(host.name, host.cpu);
    if (host.calibrated() && host.timeScale == 1.0) {
        return QStringLiteral("%1: fitted (host costs fitted on this system's measurements)").arg(what);
    }
    if (host.calibrated()) {
        return QStringLiteral("%1: fitted (host costs x%2 of the fitted server's, the scale fitted on this system's "
                              "measurements; host-bound band %3-%4x)")
            .arg(what, number(host.timeScale), number(host.bandLow), number(host.bandHigh));
    }
    return QStringLiteral("%1: assumed (no measurement of this system; host costs x%2 of the fitted server's, "
                          "host-bound band widened to %3-%4x)")
        .arg(what, number(host.timeScale), number(host.bandLow), number(host.bandHigh));
}

}  // namespace infersight
