// SPDX-License-Identifier: MIT
// checkedMul / checkedAdd / checkedProduct: exact results inside int64, std::nullopt one step past
// it (INT64_MAX = 2^63 - 1 = 9223372036854775807, hand values).
#include "base/checked_arithmetic.h"

#include <QtTest>

#include <limits>
#include <vector>

using namespace infersight;

class TestCheckedArithmetic : public QObject {
    Q_OBJECT
private slots:
    void multiply_data();
    void multiply();
    void add();
    void product();
};

void TestCheckedArithmetic::multiply_data() {
    QTest::addColumn<qint64>("a");
    QTest::addColumn<qint64>("b");
    QTest::addColumn<bool>("fits");
    QTest::addColumn<qint64>("expected");
    QTest::newRow("small") << qint64(4096) << qint64(4096) << true << qint64(16777216);
    QTest::newRow("2^31 x 2^31 = 2^62") << (qint64(1) << 31) << (qint64(1) << 31) << true << (qint64(1) << 62);
    QTest::newRow("2^32 x 2^31 = 2^63 overflows") << (qint64(1) << 32) << (qint64(1) << 31) << false << qint64(0);
    // hidden_size 10^12 squared: 10^24 (issue 15, item 8).
    QTest::newRow("10^12 squared") << qint64(1000000000000) << qint64(1000000000000) << false << qint64(0);
    QTest::newRow("max x 1") << std::numeric_limits<qint64>::max() << qint64(1) << true << std::numeric_limits<qint64>::max();
    QTest::newRow("3037000500 squared overflows") << qint64(3037000500) << qint64(3037000500) << false << qint64(0);
    QTest::newRow("3037000499 squared fits") << qint64(3037000499) << qint64(3037000499) << true << qint64(9223372030926249001);
}

void TestCheckedArithmetic::multiply() {
    QFETCH(qint64, a);
    QFETCH(qint64, b);
    QFETCH(bool, fits);
    QFETCH(qint64, expected);
    const std::optional<std::int64_t> r = checkedMul(a, b);
    QCOMPARE(r.has_value(), fits);
    if (fits) {
        QCOMPARE(*r, expected);
    }
}

void TestCheckedArithmetic::add() {
    QCOMPARE(checkedAdd(40, 2).value(), std::int64_t{42});
    QCOMPARE(checkedAdd(std::numeric_limits<std::int64_t>::max() - 1, 1).value(), std::numeric_limits<std::int64_t>::max());
    QVERIFY(!checkedAdd(std::numeric_limits<std::int64_t>::max(), 1));
    QVERIFY(!checkedAdd(std::numeric_limits<std::int64_t>::min(), -1));
}

void TestCheckedArithmetic::product() {
    QCOMPARE(checkedProduct(std::vector<std::int64_t>{}).value(), std::int64_t{1});  // rank 0: one element
    QCOMPARE(checkedProduct(std::vector<std::int64_t>{1, 3, 224, 224}).value(), std::int64_t{150528});
    // vit_l_16 at --batch 16777216 --image 16384 (issue 15, item 7): 2^24 * 3 * 2^14 * 2^14 = 3 * 2^52.
    QCOMPARE(checkedProduct(std::vector<std::int64_t>{16777216, 3, 16384, 16384}).value(), std::int64_t{3} << 52);
    QVERIFY(!checkedProduct(std::vector<std::int64_t>{std::int64_t{1} << 40, std::int64_t{1} << 40}));
}

QTEST_GUILESS_MAIN(TestCheckedArithmetic)
#include "test_checked_arithmetic.moc"
