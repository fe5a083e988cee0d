// SPDX-License-Identifier: MIT
// Tests of Target: invalid GPU / MIG / MPS combinations and the effective resources of whole
// GPUs, MIG instances and MPS shares. Expected values are hand calculations from the published
// figures in REFERENCE.md (A100: 108 SMs, 1555 GB/s, 40 MB L2, 312 TFLOPS FP16, 400 W; MIG
// 1g.5gb = 14 SMs, 4.75 GiB, 1/8 memory; H100 SXM: 132 SMs, 3352 GB/s; section 3 idle power).
#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace infersight;

namespace {

const GpuSpec &gpu(const QString &id) {
    const GpuSpec *g = GpuCatalogue::builtIn().find(id);
    if (!g) {
        qFatal("GPU %s missing", qPrintable(id));
    }
    return *g;
}

bool near(double a, double b, double tolerance = 1e-6) {
    return std::abs(a - b) <= tolerance * std::max(1.0, std::abs(b));
}

}  // namespace

class TestTarget : public QObject {
    Q_OBJECT
private slots:
    void invalidCombinations_data();
    void invalidCombinations();
    void effectiveResources_data();
    void effectiveResources();
    void peaksScaleWithSms();
    void powerEnvelope_data();
    void powerEnvelope();
    void labelsAndKeys_data();
    void labelsAndKeys();
    void resolveTarget_data();
    void resolveTarget();
};

void TestTarget::invalidCombinations_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("mig");
    QTest::addColumn<double>("mps");  // NaN marker: < -1000 means "not given"
    QTest::addColumn<QStringList>("expected");
    const double none = -1e9;
    QTest::newRow("MIG on T4") << "t4" << "1g.5gb" << none
                               << QStringList{"NVIDIA T4 (t4) has no MIG", "1g.5gb", "GPUs with MIG:", "a30",
                                              "a100-sxm4-40gb", "h100-sxm5-80gb", "b200"};
    QTest::newRow("MIG on RTX 4090") << "rtx-4090" << "7g.80gb" << none << QStringList{"has no MIG"};
    QTest::newRow("unknown profile") << "a100-sxm4-40gb" << "1g.20gb" << none
                                     << QStringList{"no MIG profile '1g.20gb'", "valid profiles: 1g.5gb, 1g.5gb+me, 1g.10gb, 2g.10gb, 3g.20gb, 4g.20gb, 7g.40gb"};
    QTest::newRow("H100 name on H200") << "h200-sxm5-141gb" << "1g.10gb" << none << QStringList{"1g.18gb", "7g.141gb"};
    QTest::newRow("MPS 0") << "h100-sxm5-80gb" << "" << 0.0 << QStringList{"MPS", "greater than 0 and at most 100", "got 0"};
    QTest::newRow("MPS 120") << "h100-sxm5-80gb" << "" << 120.0 << QStringList{"MPS", "at most 100", "got 120"};
    QTest::newRow("MPS negative") << "t4" << "" << -5.0 << QStringList{"got -5"};
    QTest::newRow("MPS not a number") << "t4" << "" << std::nan("") << QStringList{"not a number"};
    QTest::newRow("MIG and MPS") << "a100-sxm4-40gb" << "1g.5gb" << 50.0 << QStringList{"either a MIG profile", "not both"};
}

void TestTarget::invalidCombinations() {
    QFETCH(QString, id);
    QFETCH(QString, mig);
    QFETCH(double, mps);
    QFETCH(QStringList, expected);
    const std::optional<double> share = mps < -1000 ? std::nullopt : std::optional<double>(mps);
    const auto target = Target::make(gpu(id), mig, share);
    QVERIFY(!target.ok());
    for (const auto &part : expected) {
        QVERIFY2(target.errorMessage().contains(part), qPrintable(target.errorMessage()));
    }
}

void TestTarget::effectiveResources_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("mig");
    QTest::addColumn<double>("mps");  // < 0: none
    QTest::addColumn<bool>("coRunners");
    QTest::addColumn<int>("sms");
    QTest::addColumn<double>("bandwidthGBps");
    QTest::addColumn<double>("l2Mib");
    QTest::addColumn<double>("memoryMib");

    // Whole GPUs: the datasheet figures; usable memory unknown -> nominal GB read as GiB.
    QTest::newRow("A100-SXM4-40GB") << "a100-sxm4-40gb" << "" << -1.0 << true << 108 << 1555.0 << 40.0 << 40960.0;
    QTest::newRow("B200 (measured memory)") << "b200" << "" << -1.0 << true << 148 << 7700.0 << 126.5 << 182631.0;
    // MIG: lgip SMs / MiB; bandwidth and L2 by memory slices.
    QTest::newRow("A100 1g.5gb") << "a100-sxm4-40gb" << "1g.5gb" << -1.0 << true << 14 << 1555.0 / 8 << 5.0 << 4864.0;
    QTest::newRow("A100 1g.10gb") << "a100-sxm4-40gb" << "1g.10gb" << -1.0 << true << 14 << 1555.0 / 4 << 10.0 << 9851.0;
    QTest::newRow("A100 3g.20gb") << "a100-pcie-40gb" << "3g.20gb" << -1.0 << true << 42 << 1555.0 / 2 << 20.0 << 19968.0;
    QTest::newRow("A100 7g.40gb") << "a100-sxm4-40gb" << "7g.40gb" << -1.0 << true << 98 << 1555.0 << 40.0 << 40192.0;
    QTest::newRow("A30 1g.6gb (quarters)") << "a30" << "1g.6gb" << -1.0 << true << 14 << 933.0 / 4 << 6.0 << 5949.0;
    QTest::newRow("H100 SXM 1g.20gb") << "h100-sxm5-80gb" << "1g.20gb" << -1.0 << true << 26 << 3352.0 / 4 << 12.5 << 20091.0;
    QTest::newRow("H100 SXM 7g.80gb") << "h100-sxm5-80gb" << "7g.80gb" << -1.0 << true << 132 << 3352.0 << 50.0 << 81152.0;
    // MPS: floor(pct x SMs); with co-runners pct % of bandwidth, L2 and memory, alone all of them.
    QTest::newRow("H100 SXM MPS 50") << "h100-sxm5-80gb" << "" << 50.0 << true << 66 << 1676.0 << 25.0 << 40960.0;
    QTest::newRow("H100 SXM MPS 50 alone") << "h100-sxm5-80gb" << "" << 50.0 << false << 66 << 3352.0 << 50.0 << 81920.0;
    QTest::newRow("A100 MPS 33.3") << "a100-sxm4-40gb" << "" << 33.3 << true << 35 << 1555.0 * 0.333 << 40.0 * 0.333
                                   << 40960.0 * 0.333;
    QTest::newRow("T4 MPS 1 -> at least 1 SM") << "t4" << "" << 1.0 << true << 1 << 3.2 << 0.04 << 163.84;
    QTest::newRow("T4 MPS 100") << "t4" << "" << 100.0 << true << 40 << 320.0 << 4.0 << 16384.0;
}

void TestTarget::effectiveResources() {
    QFETCH(QString, id);
    QFETCH(QString, mig);
    QFETCH(double, mps);
    QFETCH(bool, coRunners);
    QFETCH(int, sms);
    QFETCH(double, bandwidthGBps);
    QFETCH(double, l2Mib);
    QFETCH(double, memoryMib);
    const auto target = Target::make(gpu(id), mig, mps < 0 ? std::nullopt : std::optional<double>(mps), coRunners);
    QVERIFY2(target.ok(), qPrintable(target.ok() ? QString() : target.errorMessage()));
    QCOMPARE(target->sms(), sms);
    QVERIFY2(near(target->bandwidthGBps(), bandwidthGBps), qPrintable(QString::number(target->bandwidthGBps())));
    QVERIFY2(near(target->l2Bytes(), l2Mib * 1048576.0), qPrintable(QString::number(target->l2Bytes())));
    QVERIFY2(near(target->memoryBytes(), memoryMib * 1048576.0), qPrintable(QString::number(target->memoryMib())));
    QVERIFY(near(target->memoryMib(), memoryMib));
    QCOMPARE(target->clockMhz(), gpu(id).boostClockMhz);
    QVERIFY(near(target->smFraction(), double(sms) / gpu(id).sms));
}

void TestTarget::peaksScaleWithSms() {
    // A100 1g.5gb: 14 of 108 SMs -> 312 x 14 / 108 TFLOPS FP16; no FP8 path at all.
    const auto slice = Target::make(gpu(QStringLiteral("a100-sxm4-40gb")), QStringLiteral("1g.5gb"));
    QVERIFY(slice.ok());
    QVERIFY(near(*slice->peak(ComputeType::FP16), 312.0 * 14 / 108));
    QVERIFY(near(*slice->peak(ComputeType::FP32), 19.5 * 14 / 108));
    QVERIFY(!slice->peak(ComputeType::FP8).has_value());
    QCOMPARE(slice->copyEngines(), 1);
    // H100 SXM MPS 50 %: 66 of 132 SMs -> half of 1978.9 FP8.
    const auto share = Target::make(gpu(QStringLiteral("h100-sxm5-80gb")), {}, 50.0);
    QVERIFY(near(*share->peak(ComputeType::FP8), 1978.9 / 2));
    // P100: FP16 only on CUDA cores (18.7 TFLOPS).
    const Target p100 = Target::wholeGpu(gpu(QStringLiteral("p100-pcie-16gb")));
    QVERIFY(!p100.peak(ComputeType::FP16).has_value());
    QVERIFY(near(*p100.peakFastest(ComputeType::FP16), 18.7));
    QCOMPARE(p100.copyEngines(), 0);
}

void TestTarget::powerEnvelope_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("mig");
    QTest::addColumn<double>("mps");
    QTest::addColumn<bool>("coRunners");
    QTest::addColumn<double>("idle");
    QTest::addColumn<double>("tdp");
    // idle share x board idle; tdp = idle share + (TDP - idle) x SM fraction (docs/hardware.md).
    // A100-SXM4-40GB: 400 W, measured idle 62 W.
    QTest::newRow("whole") << "a100-sxm4-40gb" << "" << -1.0 << true << 62.0 << 400.0;
    QTest::newRow("1g.5gb") << "a100-sxm4-40gb" << "1g.5gb" << -1.0 << true << 62.0 / 7 << 62.0 / 7 + 338.0 * 14 / 108;
    QTest::newRow("7g.40gb") << "a100-sxm4-40gb" << "7g.40gb" << -1.0 << true << 62.0 << 62.0 + 338.0 * 98 / 108;
    // A30 (165 W, idle 25 W): 2g.12gb = 2 of 4 compute slices, 28 of 56 SMs.
    QTest::newRow("a30 2g.12gb") << "a30" << "2g.12gb" << -1.0 << true << 12.5 << 12.5 + 140.0 * 0.5;
    // H100 SXM (700 W, idle 93 W) MPS 50 %: 66 SMs.
    QTest::newRow("mps shared") << "h100-sxm5-80gb" << "" << 50.0 << true << 46.5 << 46.5 + 607.0 * 0.5;
    QTest::newRow("mps alone") << "h100-sxm5-80gb" << "" << 50.0 << false << 93.0 << 93.0 + 607.0 * 0.5;
}

void TestTarget::powerEnvelope() {
    QFETCH(QString, id);
    QFETCH(QString, mig);
    QFETCH(double, mps);
    QFETCH(bool, coRunners);
    QFETCH(double, idle);
    QFETCH(double, tdp);
    const auto target = Target::make(gpu(id), mig, mps < 0 ? std::nullopt : std::optional<double>(mps), coRunners);
    QVERIFY(target.ok());
    QVERIFY2(near(target->idleW(), idle), qPrintable(QString::number(target->idleW())));
    QVERIFY2(near(target->tdpW(), tdp), qPrintable(QString::number(target->tdpW())));
}

void TestTarget::labelsAndKeys_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("mig");
    QTest::addColumn<double>("mps");
    QTest::addColumn<bool>("coRunners");
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("key");
    QTest::newRow("whole") << "a100-sxm4-40gb" << "" << -1.0 << true << "A100-SXM4-40GB" << "a100-sxm4-40gb";
    QTest::newRow("mig") << "a100-sxm4-40gb" << "1G.5GB" << -1.0 << true << "A100-SXM4-40GB MIG 1g.5gb"
                         << "a100-sxm4-40gb:mig=1g.5gb";
    QTest::newRow("mps") << "h100-sxm5-80gb" << "" << 50.0 << true << "H100 SXM MPS 50 %" << "h100-sxm5-80gb:mps=50";
    QTest::newRow("mps alone") << "h100-sxm5-80gb" << "" << 37.5 << false << "H100 SXM MPS 37.5 % alone"
                               << "h100-sxm5-80gb:mps=37.5:alone";
}

void TestTarget::labelsAndKeys() {
    QFETCH(QString, id);
    QFETCH(QString, mig);
    QFETCH(double, mps);
    QFETCH(bool, coRunners);
    QFETCH(QString, label);
    QFETCH(QString, key);
    const auto target = Target::make(gpu(id), mig, mps < 0 ? std::nullopt : std::optional<double>(mps), coRunners);
    QVERIFY(target.ok());
    QCOMPARE(target->label(), label);
    QCOMPARE(target->key(), key);
    QCOMPARE(target->kind(), !mig.isEmpty() ? Target::Kind::MigInstance
                                            : (mps > 0 ? Target::Kind::MpsShare : Target::Kind::WholeGpu));
}

void TestTarget::resolveTarget_data() {
    QTest::addColumn<QString>("gpu");     // "@file" = the temporary GPU file
    QTest::addColumn<QString>("mig");
    QTest::addColumn<QString>("label");   // empty: error
    QTest::addColumn<QStringList>("error");
    QTest::newRow("id") << "a100-sxm4-40gb" << "1g.5gb" << "A100-SXM4-40GB MIG 1g.5gb" << QStringList();
    QTest::newRow("id any case") << "T4" << "" << "T4" << QStringList();
    QTest::newRow("file with base keeps MIG") << "@file" << "1g.10gb" << "H100 fast MIG 1g.10gb" << QStringList();
    QTest::newRow("unknown id") << "a100" << "" << "" << QStringList{"unknown GPU 'a100'", "did you mean", "a100-sxm4-40gb"};
    QTest::newRow("empty") << "" << "" << "" << QStringList{"no GPU given"};
    QTest::newRow("missing file") << "/nonexistent/gpu.json" << "" << "" << QStringList{"/nonexistent/gpu.json", "no such file"};
    QTest::newRow("MIG on T4") << "t4" << "1g.5gb" << "" << QStringList{"has no MIG"};
}

void TestTarget::resolveTarget() {
    QFETCH(QString, gpu);
    QFETCH(QString, mig);
    QFETCH(QString, label);
    QFETCH(QStringList, error);
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("h100-fast.json"));
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"id": "h100-fast", "name": "H100 fast", "base": "h100-sxm5-80gb", "scale": {"bandwidth": 1.2}})");
    }
    const QString what = gpu == QLatin1String("@file") ? file : gpu;
    const auto target = infersight::resolveTarget(GpuCatalogue::builtIn(), what, mig);
    if (label.isEmpty()) {
        QVERIFY(!target.ok());
        for (const auto &part : error) {
            QVERIFY2(target.errorMessage().contains(part), qPrintable(target.errorMessage()));
        }
    } else {
        QVERIFY2(target.ok(), qPrintable(target.ok() ? QString() : target.errorMessage()));
        QCOMPARE(target->label(), label);
    }
}

QTEST_GUILESS_MAIN(TestTarget)
#include "test_target.moc"
