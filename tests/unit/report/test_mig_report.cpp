// SPDX-License-Identifier: MIT
// Tests of the MIG plan writers (report/mig_report.h) on A100-SXM4-40GB with a hand-made predictor
// (memory 4,608 MiB, latency 1 + 100 / SMs ms, energy 0.01 J per SM), so the expected rows are
// worked out by hand: 1g.5gb has 14 SMs (NVIDIA MIG User Guide, "A100 Supported Profiles"),
// 1 + 100 / 14 = 8.143 ms; with a 5 ms SLO the smallest profile that meets it is 2g.10gb
// (28 SMs: 4.571 ms); DIPPM's memory-only rule picks 1g.5gb (4,608 MiB < its 4,864 usable MiB).
#include "report/mig_report.h"

#include "hardware/gpu_catalogue.h"

#include <QJsonArray>
#include <QtTest>

using namespace infersight;

namespace {

const GpuSpec &a100() { return *GpuCatalogue::builtIn().find(QStringLiteral("a100-sxm4-40gb")); }

PointPredictor fixedMemory(double memoryMib) {
    return [memoryMib](const Graph &, const Knobs &, const NodePrecisions &, const Target &t) -> Result<PointEstimate> {
        PointEstimate e;
        e.latencyMs = 1.0 + 100.0 / t.sms();
        e.latencyLowMs = e.latencyMs * 0.9;
        e.latencyHighMs = e.latencyMs * 1.1;
        e.energyJ = 0.01 * t.sms();
        e.memoryBytes = memoryMib * 1024.0 * 1024.0;
        return e;
    };
}

MigPlan planWithSlo() {
    static const Graph empty;
    MigPlannerOptions options;
    options.sloMs = 5.0;
    return planMig(empty, Knobs{}, {}, a100(), fixedMemory(4608), options).value();
}

}  // namespace

class TestMigReport : public QObject {
    Q_OBJECT
private slots:
    void jsonHasTheDocumentedFields();
    void textHasOneRowPerOption_data();
    void textHasOneRowPerOption();
};

void TestMigReport::jsonHasTheDocumentedFields() {
    const QJsonObject j = migPlanJson(planWithSlo(), QStringLiteral("zoo:resnet50"));
    QCOMPARE(j.value(QStringLiteral("model")).toString(), QStringLiteral("zoo:resnet50"));
    for (const char *key : {"gpu", "recommended", "reason", "dippm_rule", "dippm_note", "recommended_mps", "slo_ms", "headroom",
                            "batch", "precision", "runtime", "options", "mps_options"}) {
        QVERIFY2(j.contains(QLatin1String(key)), key);
    }
    QCOMPARE(j.value(QStringLiteral("recommended")).toString(), QStringLiteral("2g.10gb"));  // 1g.10gb is 8.14 ms > 5
    QCOMPARE(j.value(QStringLiteral("dippm_rule")).toString(), QStringLiteral("1g.5gb"));
    QCOMPARE(j.value(QStringLiteral("slo_ms")).toDouble(), 5.0);
    const QJsonArray opts = j.value(QStringLiteral("options")).toArray();
    QCOMPARE(opts.size(), 7);  // 1g.5gb, 1g.5gb+me, 1g.10gb, 2g.10gb, 3g.20gb, 4g.20gb, 7g.40gb
    for (const QJsonValue &v : opts) {
        const QJsonObject o = v.toObject();
        for (const char *key : {"profile", "fits", "memory_mb", "latency_ms", "replicas", "throughput_per_gpu", "energy_j"}) {
            QVERIFY2(o.contains(QLatin1String(key)), key);
        }
    }
    // 1g.5gb: 14 SMs -> 1 + 100 / 14 ms; 0.14 J.
    const QJsonObject first = opts.first().toObject();
    QCOMPARE(first.value(QStringLiteral("profile")).toString(), QStringLiteral("1g.5gb"));
    QCOMPARE(first.value(QStringLiteral("latency_ms")).toDouble(), 1.0 + 100.0 / 14.0);
    QCOMPARE(first.value(QStringLiteral("energy_j")).toDouble(), 0.14);
}

void TestMigReport::textHasOneRowPerOption_data() {
    QTest::addColumn<QString>("profile");
    QTest::addColumn<QString>("latency");
    // 1 + 100 / SMs with 14, 28, 42 and 98 SMs (A100 1g, 2g, 3g, 7g).
    QTest::newRow("1g.5gb") << "1g.5gb" << "8.143";
    QTest::newRow("2g.10gb") << "2g.10gb" << "4.571";
    QTest::newRow("3g.20gb") << "3g.20gb" << "3.381";
    QTest::newRow("7g.40gb") << "7g.40gb" << "2.020";
}

void TestMigReport::textHasOneRowPerOption() {
    QFETCH(QString, profile);
    QFETCH(QString, latency);
    const QString text = migPlanText(planWithSlo(), QStringLiteral("zoo:resnet50"));
    QVERIFY(text.startsWith(QStringLiteral("zoo:resnet50\n")));
    QVERIFY2(text.contains(QStringLiteral("SLO 5 ms")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Recommended: 2g.10gb")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("DIPPM's rule: 1g.5gb")), qPrintable(text));
    bool found = false;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (line.startsWith(profile + QLatin1Char(' '))) {
            found = true;
            QVERIFY2(line.contains(QLatin1Char(' ') + latency + QLatin1Char(' ')), qPrintable(line));
        }
    }
    QVERIFY2(found, qPrintable(text));
}

QTEST_GUILESS_MAIN(TestMigReport)
#include "test_mig_report.moc"
