// SPDX-License-Identifier: MIT
// Tests of the kernel power model (predict/energy_model.h) against hand calculations of the rule
// documented in docs/predictor.md ("Energy"):
//   P = idle + (board - idle) x (0.18 + 0.82 x min(1, u_c + 2.08 u_m)),
// u_c = compute time / device time, u_m = memory time / device time; while the GPU waits for the
// host, P = idle + 0.05 x (board - idle) (the constants fitted by `infersight-cli validate
// --fit-energy` on the H100's measured rows; the arithmetic is what is checked here). Board powers are datasheet figures (V100-SXM2 300 W,
// A100-SXM4 400 W, T4 70 W); the idle draws are the measured ones the catalogue cites (V100-SXM2
// 56.6 W with nvidia-smi) or round figures where only the arithmetic matters.
#include "predict/energy_model.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace infersight;

class TestEnergyModel : public QObject {
    Q_OBJECT
private slots:
    void kernelPower_data();
    void kernelPower();
    void otherParameters_data();
    void otherParameters();
    void hostWaitPower_data();
    void hostWaitPower();
};

void TestEnergyModel::kernelPower_data() {
    QTest::addColumn<double>("computeMs");
    QTest::addColumn<double>("memoryMs");
    QTest::addColumn<double>("deviceMs");
    QTest::addColumn<double>("idleW");
    QTest::addColumn<double>("boardW");
    QTest::addColumn<double>("expectedW");
    // u_c = 1, u_m = 0.2: min(1, 1 + 0.416) = 1, activity 1: board power.
    QTest::newRow("compute-bound at peak, V100") << 1.0 << 0.2 << 1.0 << 56.6 << 300.0 << 300.0;
    // u_c = 0, u_m = 1: min(1, 2.08) = 1: a kernel streaming at the full bandwidth draws board power.
    QTest::newRow("memory-bound at full bandwidth, V100") << 0.0 << 1.0 << 1.0 << 56.6 << 300.0 << 300.0;
    // u_c = 0, u_m = 0.25: 0.18 + 0.82 x 0.52 = 0.6064; 56.6 + 243.4 x 0.6064 = 204.19776 W.
    QTest::newRow("memory at a quarter of the bandwidth, V100") << 0.0 << 0.25 << 1.0 << 56.6 << 300.0 << 204.19776;
    // A ReLU of test_predictor: u_c = 0.016697 / 2.330169 = 0.0071656, u_m = 1: board power.
    QTest::newRow("ReLU, V100") << 0.016697e-3 << 2.330169e-3 << 2.330169e-3 << 56.6 << 300.0 << 300.0;
    // Latency-bound: u_c = 0.1, u_m = 0.2: 0.1 + 0.416 = 0.516; 0.18 + 0.82 x 0.516 = 0.60312;
    // 50 + 350 x 0.60312 = 261.092 W.
    QTest::newRow("latency-bound, A100") << 0.001 << 0.002 << 0.01 << 50.0 << 400.0 << 261.092;
    // u_c = 0.1, u_m = 0.1: 0.1 + 0.208 = 0.308; 0.18 + 0.82 x 0.308 = 0.43256; 10 + 60 x 0.43256 = 35.9536 W.
    QTest::newRow("lightly busy, T4") << 0.1 << 0.1 << 1.0 << 10.0 << 70.0 << 35.9536;
    // Utilisations above 1 (a device time shorter than the roofline) count as 1: board power.
    QTest::newRow("utilisation clamped at 1") << 2.0 << 3.0 << 1.0 << 10.0 << 70.0 << 70.0;
    // No device time at all: u_c and u_m of nothing are 0: the 18 % floor, 10 + 60 x 0.18 = 20.8 W.
    QTest::newRow("empty kernel, T4") << 0.0 << 0.0 << 0.0 << 10.0 << 70.0 << 20.8;
    // A board power below the idle draw (a bad GPU file) never gives less than idle.
    QTest::newRow("board below idle") << 1.0 << 0.0 << 1.0 << 80.0 << 70.0 << 80.0;
}

void TestEnergyModel::kernelPower() {
    QFETCH(double, computeMs);
    QFETCH(double, memoryMs);
    QFETCH(double, deviceMs);
    QFETCH(double, idleW);
    QFETCH(double, boardW);
    QFETCH(double, expectedW);
    KernelPrediction k;
    k.computeMs = computeMs;
    k.memoryMs = memoryMs;
    k.deviceMs = deviceMs;
    k.rooflineMs = std::max(computeMs, memoryMs);
    const double w = kernelPowerW(k, idleW, boardW);
    QVERIFY2(std::abs(w - expectedW) < 1e-3, qPrintable(QString::number(w, 'g', 10)));
}

void TestEnergyModel::otherParameters_data() {
    QTest::addColumn<double>("activeFloor");
    QTest::addColumn<double>("computeWeight");
    QTest::addColumn<double>("memoryWeight");
    QTest::addColumn<double>("expectedW");
    // u_c = 0.3, u_m = 0.5, idle 50 W, board 250 W (range 200 W).
    // No floor, equal weights: busy 0.8: 50 + 200 x 0.8 = 210 W.
    QTest::newRow("no floor, equal weights") << 0.0 << 1.0 << 1.0 << 210.0;
    // Floor 0.5, memory only: busy 0.5: 0.5 + 0.5 x 0.5 = 0.75: 50 + 150 = 200 W.
    QTest::newRow("memory only") << 0.5 << 0.0 << 1.0 << 200.0;
    // Floor 0.2, compute weight 2: busy min(1, 0.6 + 0.225) = 0.825: 0.2 + 0.8 x 0.825 = 0.86: 222 W.
    QTest::newRow("compute weight 2") << 0.2 << 2.0 << 0.45 << 222.0;
}

void TestEnergyModel::otherParameters() {
    QFETCH(double, activeFloor);
    QFETCH(double, computeWeight);
    QFETCH(double, memoryWeight);
    QFETCH(double, expectedW);
    EnergyParameters p;
    p.activeFloor = activeFloor;
    p.computeWeight = computeWeight;
    p.memoryWeight = memoryWeight;
    KernelPrediction k;
    k.computeMs = 0.3;
    k.memoryMs = 0.5;
    k.deviceMs = 1.0;
    const double w = kernelPowerW(k, 50.0, 250.0, p);
    QVERIFY2(std::abs(w - expectedW) < 1e-9, qPrintable(QString::number(w, 'g', 10)));
}

void TestEnergyModel::hostWaitPower_data() {
    QTest::addColumn<double>("idleW");
    QTest::addColumn<double>("boardW");
    QTest::addColumn<double>("share");
    QTest::addColumn<double>("expectedW");
    // 56.6 + 0.05 x 243.4 = 68.77 W (the host wait of test_predictor's energy rows).
    QTest::newRow("V100, fitted 5 %") << 56.6 << 300.0 << 0.05 << 68.77;
    // 10 + 0.05 x 60 = 13 W.
    QTest::newRow("T4, fitted 5 %") << 10.0 << 70.0 << 0.05 << 13.0;
    // 50 + 0.25 x 350 = 137.5 W.
    QTest::newRow("A100, 25 %") << 50.0 << 400.0 << 0.25 << 137.5;
    QTest::newRow("board below idle") << 80.0 << 70.0 << 0.05 << 80.0;
}

void TestEnergyModel::hostWaitPower() {
    QFETCH(double, idleW);
    QFETCH(double, boardW);
    QFETCH(double, share);
    QFETCH(double, expectedW);
    EnergyParameters p;
    p.hostWaitShare = share;
    const double w = hostWaitPowerW(idleW, boardW, p);
    QVERIFY2(std::abs(w - expectedW) < 1e-9, qPrintable(QString::number(w, 'g', 10)));
    if (share == 0.05) {
        QCOMPARE(hostWaitPowerW(idleW, boardW), w);  // 5 % is the default
    }
}

QTEST_GUILESS_MAIN(TestEnergyModel)
#include "test_energy_model.moc"
