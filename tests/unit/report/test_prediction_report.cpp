// SPDX-License-Identifier: MIT
// Tests of predictionJson / predictionText: the JSON schema the issue asks for (target, latency,
// band, throughput, energy, power, memory breakdown, fits, nodes with name/op/latency/bound) and
// the text form's summary and top-nodes table.
#include "hardware/gpu_catalogue.h"
#include "design/design.h"
#include "predict/predictor.h"
#include "report/prediction_report.h"

#include <QJsonArray>
#include <QtTest>

#include <algorithm>

using namespace infersight;

class TestPredictionReport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void jsonSchema_data();
    void jsonSchema();
    void text();
    void topNodesOrder_data();
    void topNodesOrder();

private:
    Design m_model;
};

void TestPredictionReport::initTestCase() {
    Knobs knobs;
    knobs.batch = 4;
    Result<Design> m = Design::open(QStringLiteral("zoo:resnet18"), knobs);
    QVERIFY(m.ok());
    m_model = std::move(*m);
}

void TestPredictionReport::jsonSchema_data() {
    QTest::addColumn<QString>("mig");
    QTest::addColumn<double>("mps");
    QTest::newRow("whole GPU") << QString() << 0.0;
    QTest::newRow("MIG 3g.20gb") << QStringLiteral("3g.20gb") << 0.0;
    QTest::newRow("MPS 50 %") << QString() << 50.0;
}

void TestPredictionReport::jsonSchema() {
    QFETCH(QString, mig);
    QFETCH(double, mps);
    const GpuSpec *gpu = GpuCatalogue::builtIn().find(QStringLiteral("a100-sxm4-40gb"));
    Result<Target> t = Target::make(*gpu, mig, mps > 0 ? std::optional<double>(mps) : std::nullopt);
    QVERIFY(t.ok());
    Knobs k;
    k.batch = 4;
    PredictOptions po;
    po.batch = 4;
    Result<Prediction> p = predict(m_model.graph(), *t, k, po);
    QVERIFY(p.ok());
    PredictionReportOptions ro;
    ro.kernels = true;
    const QJsonObject j = predictionJson(m_model.graph(), *p, *t, k, m_model.bindings(), ro);
    const QJsonObject target = j.value(QStringLiteral("target")).toObject();
    QCOMPARE(target.value(QStringLiteral("gpu")).toString(), QStringLiteral("a100-sxm4-40gb"));
    if (mig.isEmpty()) {
        QVERIFY(target.value(QStringLiteral("mig")).isNull());
    } else {
        QCOMPARE(target.value(QStringLiteral("mig")).toString(), mig);
    }
    if (mps > 0) {
        QCOMPARE(target.value(QStringLiteral("mps")).toDouble(), mps);
    } else {
        QVERIFY(target.value(QStringLiteral("mps")).isNull());
    }
    for (const char *key : {"latency_ms", "throughput_per_s", "energy_j", "avg_power_w"}) {
        QVERIFY2(j.value(QLatin1String(key)).toDouble() > 0, key);
    }
    const QJsonArray band = j.value(QStringLiteral("latency_band_ms")).toArray();
    QCOMPARE(band.size(), 2);
    QVERIFY(band.at(0).toDouble() <= j.value(QStringLiteral("latency_ms")).toDouble());
    QVERIFY(band.at(1).toDouble() >= j.value(QStringLiteral("latency_ms")).toDouble());
    const QJsonObject mem = j.value(QStringLiteral("memory_mb")).toObject();
    for (const char *key : {"weights", "activations", "kv_cache", "workspace", "context", "total"}) {
        QVERIFY2(mem.contains(QLatin1String(key)), key);
    }
    // resnet18: 11,689,512 parameters + BN statistics, FP32.
    QVERIFY(mem.value(QStringLiteral("weights")).toDouble() > 11689512.0 * 4 / 1048576.0);
    QVERIFY(j.value(QStringLiteral("fits")).isBool());
    QVERIFY(j.value(QStringLiteral("fits")).toBool());
    const QJsonArray nodes = j.value(QStringLiteral("nodes")).toArray();
    QVERIFY(!nodes.isEmpty());
    double sum = 0;
    for (const QJsonValue &v : nodes) {
        const QJsonObject n = v.toObject();
        QVERIFY(n.contains(QStringLiteral("name")) && n.contains(QStringLiteral("op")) &&
                n.contains(QStringLiteral("latency_ms")) && n.contains(QStringLiteral("bound")));
        sum += n.value(QStringLiteral("latency_ms")).toDouble();
    }
    QVERIFY(sum <= j.value(QStringLiteral("latency_ms")).toDouble() + 1e-3);
    QCOMPARE(j.value(QStringLiteral("kernels")).toArray().size(), p->kernelCount);
}

void TestPredictionReport::text() {
    const GpuSpec *gpu = GpuCatalogue::builtIn().find(QStringLiteral("t4"));
    const Target t = Target::wholeGpu(*gpu);
    Result<Prediction> p = predict(m_model.graph(), t, Knobs{});
    QVERIFY(p.ok());
    PredictionReportOptions ro;
    ro.topNodes = 5;
    const QString s = predictionText(m_model.graph(), *p, t, Knobs{}, m_model.bindings(), ro);
    QVERIFY(s.contains(QStringLiteral("Latency")));
    QVERIFY(s.contains(QStringLiteral("Memory")));
    QVERIFY(s.contains(QStringLiteral("Top 5 of")));
    QVERIFY(!s.contains(QStringLiteral("%%")));
    // Issue 17: the host system and how its speed is known (T4's default host: AWS g4dn, assumed),
    // and whether some kernel is extrapolated (FP32 ResNet convolutions include non-Winograd ones).
    QVERIFY2(s.contains(QStringLiteral("host AWS g4dn")) && s.contains(QStringLiteral("assumed")), qPrintable(s));
    QCOMPARE(s.contains(QStringLiteral("extrapolated:")), p->extrapolated);
    const QJsonObject host = predictionJson(m_model.graph(), *p, t, Knobs{}, m_model.bindings(), ro)
                                 .value(QStringLiteral("host"))
                                 .toObject();
    QCOMPARE(host.value(QStringLiteral("id")).toString(), QStringLiteral("aws-g4dn"));
    QCOMPARE(host.value(QStringLiteral("calibration")).toString(), QStringLiteral("assumed"));
}

// The top-nodes table lists the `rows` slowest nodes, slowest first; equal latencies in node order
// (the table is stable from run to run); nodes of zero latency are not listed. Expected names are
// worked out by hand from the latencies below.
void TestPredictionReport::topNodesOrder_data() {
    QTest::addColumn<QList<double>>("latencies");
    QTest::addColumn<int>("rows");
    QTest::addColumn<QStringList>("expected");
    const QList<double> mixed{1.0, 3.0, 3.0, 2.0, 3.0, 0.0};
    QTest::newRow("ties in node order") << mixed << 3 << QStringList{"n1", "n2", "n4"};
    QTest::newRow("ties, then the next") << mixed << 4 << QStringList{"n1", "n2", "n4", "n3"};
    QTest::newRow("more rows than nodes") << mixed << 10 << QStringList{"n1", "n2", "n4", "n3", "n0"};
    QTest::newRow("all tied") << QList<double>{0.5, 0.5, 0.5, 0.5} << 2 << QStringList{"n0", "n1"};
    QTest::newRow("descending input") << QList<double>{4.0, 3.0, 2.0, 1.0} << 3 << QStringList{"n0", "n1", "n2"};
    QTest::newRow("ascending input") << QList<double>{1.0, 2.0, 3.0, 4.0} << 2 << QStringList{"n3", "n2"};
}

void TestPredictionReport::topNodesOrder() {
    QFETCH(QList<double>, latencies);
    QFETCH(int, rows);
    QFETCH(QStringList, expected);
    Graph g;
    g.name = QStringLiteral("ties");
    Prediction p;
    for (qsizetype i = 0; i < latencies.size(); ++i) {
        Node n;
        n.name = QStringLiteral("n%1").arg(i);
        n.opType = QStringLiteral("Relu");
        g.nodes.push_back(n);
        NodeTiming nt;
        nt.latencyMs = latencies[i];
        p.nodes.push_back(nt);
        p.latencyMs += latencies[i];
    }
    const Target t = Target::wholeGpu(*GpuCatalogue::builtIn().find(QStringLiteral("t4")));
    PredictionReportOptions ro;
    ro.topNodes = rows;
    const QStringList lines = predictionText(g, p, t, Knobs{}, ShapeBindings{}, ro).split(QLatin1Char('\n'));
    const qsizetype header = lines.indexOf(QStringLiteral("Top %1 of %2 nodes by latency:")
                                               .arg(expected.size())
                                               .arg(std::count_if(latencies.begin(), latencies.end(), [](double v) { return v > 0; })));
    QVERIFY2(header >= 0, qPrintable(lines.join(QLatin1Char('\n'))));
    QStringList names;
    for (qsizetype i = header + 2; i < lines.size() && i < header + 2 + expected.size(); ++i) {
        names << lines[i].simplified().section(QLatin1Char(' '), 0, 0);
    }
    QCOMPARE(names, expected);
}

QTEST_GUILESS_MAIN(TestPredictionReport)
#include "test_prediction_report.moc"
