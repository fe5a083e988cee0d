// SPDX-License-Identifier: MIT
// Tests of the error-band arithmetic (predict/uncertainty.h) against hand calculations of the rule
// in docs/predictor.md ("Error bands"): within an error class the kernels' deviations add
// (fully correlated), across classes they add in quadrature, the class half-widths are scaled,
// and a system term relative to the total joins in quadrature; the low end never goes below 0.
#include "predict/uncertainty.h"

#include <QtTest>

#include <cmath>

using namespace infersight;

namespace {

constexpr int kGemm = static_cast<int>(KernelErrorClass::Gemm);
constexpr int kElementwise = static_cast<int>(KernelErrorClass::Elementwise);
constexpr int kHost = kUncertaintyClasses - 1;

struct Contribution {
    int errorClass;
    double t, low, high;
};

}  // namespace

Q_DECLARE_METATYPE(std::vector<Contribution>)

class TestUncertainty : public QObject {
    Q_OBJECT
private slots:
    void band_data();
    void band();
    void classesOutOfRangeGoToTheLast();
};

void TestUncertainty::band_data() {
    QTest::addColumn<std::vector<Contribution>>("kernels");
    QTest::addColumn<double>("total");
    QTest::addColumn<double>("scale");
    QTest::addColumn<double>("system");
    QTest::addColumn<double>("expectedLow");
    QTest::addColumn<double>("expectedHigh");
    // Two GEMMs (1 ms [0.8, 1.3], 2 ms [1.5, 2.4]): down 0.2 + 0.5 = 0.7, up 0.3 + 0.4 = 0.7 (one
    // class adds linearly). One element-wise kernel 3 ms [2.7, 3.6]: down 0.3, up 0.6.
    // Quadrature: down sqrt(0.49 + 0.09) = sqrt(0.58), up sqrt(0.49 + 0.36) = sqrt(0.85).
    const std::vector<Contribution> mixed{{kGemm, 1.0, 0.8, 1.3}, {kGemm, 2.0, 1.5, 2.4}, {kElementwise, 3.0, 2.7, 3.6}};
    // Total 6 ms, no system term: [6 - 0.761577, 6 + 0.921954].
    QTest::newRow("classes only") << mixed << 6.0 << 1.0 << 0.0 << 5.238423 << 6.921954;
    // Scale 2: [6 - 1.523155, 6 + 1.843909].
    QTest::newRow("scaled") << mixed << 6.0 << 2.0 << 0.0 << 4.476845 << 7.843909;
    // System term 10 % of 6 ms = 0.6: down sqrt(0.58 + 0.36) = 0.969536, up sqrt(0.85 + 0.36) = 1.1.
    QTest::newRow("with system term") << mixed << 6.0 << 1.0 << 0.1 << 5.030464 << 7.1;
    // The same kernel twice in one class is twice as wide as once (correlated), not sqrt(2) times.
    const std::vector<Contribution> twice{{kGemm, 1.0, 0.9, 1.2}, {kGemm, 1.0, 0.9, 1.2}};
    QTest::newRow("correlated within a class") << twice << 2.0 << 1.0 << 0.0 << 1.8 << 2.4;
    // The same two kernels in two classes: sqrt(2) x 0.1 and sqrt(2) x 0.2.
    const std::vector<Contribution> apart{{kGemm, 1.0, 0.9, 1.2}, {kHost, 1.0, 0.9, 1.2}};
    QTest::newRow("independent across classes") << apart << 2.0 << 1.0 << 0.0 << 2.0 - 0.1 * std::sqrt(2.0)
                                                << 2.0 + 0.2 * std::sqrt(2.0);
    // A band that does not contain its value contributes nothing on that side.
    const std::vector<Contribution> inverted{{kGemm, 1.0, 1.1, 0.9}};
    QTest::newRow("inverted band") << inverted << 1.0 << 1.0 << 0.0 << 1.0 << 1.0;
    // The low end stops at 0: 0.1 ms with a 0.5 ms deviation below.
    const std::vector<Contribution> wide{{kElementwise, 0.1, -0.4, 0.3}};
    QTest::newRow("low end at zero") << wide << 0.1 << 1.0 << 0.0 << 0.0 << 0.3;
    QTest::newRow("nothing added") << std::vector<Contribution>{} << 4.0 << 1.0 << 0.25 << 3.0 << 5.0;
}

void TestUncertainty::band() {
    QFETCH(std::vector<Contribution>, kernels);
    QFETCH(double, total);
    QFETCH(double, scale);
    QFETCH(double, system);
    QFETCH(double, expectedLow);
    QFETCH(double, expectedHigh);
    BandAccumulator acc;
    for (const Contribution &c : kernels) {
        acc.add(c.errorClass, c.t, c.low, c.high);
    }
    double low = 0, high = 0;
    acc.bandOf(total, scale, system, low, high);
    QVERIFY2(std::abs(low - expectedLow) < 1e-6, qPrintable(QString::number(low, 'g', 10)));
    QVERIFY2(std::abs(high - expectedHigh) < 1e-6, qPrintable(QString::number(high, 'g', 10)));
    if (system == 0.0) {
        double down = 0, up = 0;
        acc.halfWidths(scale, down, up);
        QVERIFY2(std::abs(up - (expectedHigh - total)) < 1e-6, qPrintable(QString::number(up, 'g', 10)));
        if (expectedLow > 0) {
            QVERIFY2(std::abs(down - (total - expectedLow)) < 1e-6, qPrintable(QString::number(down, 'g', 10)));
        }
    }
}

void TestUncertainty::classesOutOfRangeGoToTheLast() {
    // An out-of-range class is clamped into range: -1 joins class 0, a class past the end joins the
    // host class; both then add linearly with what is already there.
    BandAccumulator acc;
    acc.add(kGemm, 1.0, 0.9, 1.1);
    acc.add(-1, 1.0, 0.9, 1.1);
    acc.add(kHost, 1.0, 0.7, 1.3);
    acc.add(kUncertaintyClasses + 3, 1.0, 0.7, 1.3);
    double down = 0, up = 0;
    acc.halfWidths(1.0, down, up);
    // Class 0: 0.2 each side; host: 0.6 each side: sqrt(0.04 + 0.36) = 0.632456.
    QVERIFY2(std::abs(down - std::sqrt(0.40)) < 1e-9, qPrintable(QString::number(down, 'g', 10)));
    QVERIFY2(std::abs(up - std::sqrt(0.40)) < 1e-9, qPrintable(QString::number(up, 'g', 10)));
}

QTEST_GUILESS_MAIN(TestUncertainty)
#include "test_uncertainty.moc"
