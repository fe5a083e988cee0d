// SPDX-License-Identifier: MIT
// Tests of the command line's numeric lists: comma lists, geometric (xF) and arithmetic (+S)
// ranges, their mixture, and the refusals (reversed ranges, bad steps, values below the minimum,
// lists longer than kMaxNumberListValues, counted before anything is expanded). Expected lists
// are written out by hand from the range definitions in number_list.h.
#include "base/number_list.h"

#include <QtTest>

using namespace infersight;

class TestNumberList : public QObject {
    Q_OBJECT
private slots:
    void integers_data();
    void integers();
    void integerErrors_data();
    void integerErrors();
    void reals_data();
    void reals();
    void realErrors_data();
    void realErrors();
    void hugeRangeIsRefusedBeforeExpansion();
};

using Integers = std::vector<std::int64_t>;
using Reals = std::vector<double>;

void TestNumberList::integers_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<Integers>("expected");
    QTest::newRow("comma list") << "1,8,32" << Integers{1, 8, 32};
    QTest::newRow("spaces") << " 1 , 2 " << Integers{1, 2};
    QTest::newRow("geometric x2") << "1:1024:x2" << Integers{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
    QTest::newRow("geometric last not reached") << "3:100:x3" << Integers{3, 9, 27, 81};
    QTest::newRow("arithmetic +8") << "1:64:+8" << Integers{1, 9, 17, 25, 33, 41, 49, 57};
    QTest::newRow("arithmetic reaches last") << "8:32:+8" << Integers{8, 16, 24, 32};
    QTest::newRow("plain range") << "3:6" << Integers{3, 4, 5, 6};
    QTest::newRow("single-value range") << "5:5:+1" << Integers{5};
    QTest::newRow("mixed") << "1,2,4:16:x2,100" << Integers{1, 2, 4, 8, 16, 100};
    QTest::newRow("geometric near int64 max") << "4611686018427387904:9223372036854775807:x2" << Integers{4611686018427387904LL};
}

void TestNumberList::integers() {
    QFETCH(QString, text);
    QFETCH(Integers, expected);
    auto list = parseIntegerList(text);
    QVERIFY2(list.ok(), qPrintable(list ? QString() : list.errorMessage()));
    QCOMPARE(*list, expected);
}

void TestNumberList::integerErrors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("fragment");
    QTest::newRow("empty") << "," << "comma-separated list";
    QTest::newRow("zero") << "0,8" << "'0' is not an integer of at least 1";
    QTest::newRow("word") << "eight" << "'eight'";
    QTest::newRow("reversed") << "64:1:+8" << "ends (1) before it starts (64)";
    QTest::newRow("factor 1") << "1:64:x1" << "integer F >= 2";
    QTest::newRow("step 0") << "1:64:+0" << "integer S >= 1";
    QTest::newRow("fractional factor") << "1:64:x1.5" << "integer F >= 2";
    QTest::newRow("four parts") << "1:2:3:4" << "'1:2:3:4' is not a range";
    QTest::newRow("too many") << "1:2000000:+1" << "'1:2000000:+1' has 2000000 values; a list holds at most 1000000";
}

void TestNumberList::integerErrors() {
    QFETCH(QString, text);
    QFETCH(QString, fragment);
    auto list = parseIntegerList(text);
    QVERIFY(!list.ok());
    QVERIFY2(list.errorMessage().contains(fragment), qPrintable(list.errorMessage()));
}

void TestNumberList::reals_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<Reals>("expected");
    QTest::newRow("comma list") << "0.5,1" << Reals{0.5, 1.0};
    QTest::newRow("arithmetic reaches last despite rounding") << "0.1:0.5:+0.1" << Reals{0.1, 0.2, 0.3, 0.4, 0.5};
    QTest::newRow("arithmetic quarters") << "0.25:1:+0.25" << Reals{0.25, 0.5, 0.75, 1.0};
    QTest::newRow("geometric") << "0.25:2:x2" << Reals{0.25, 0.5, 1.0, 2.0};
    QTest::newRow("mixed") << "0.5,1:2:+0.5" << Reals{0.5, 1.0, 1.5, 2.0};
}

void TestNumberList::reals() {
    QFETCH(QString, text);
    QFETCH(Reals, expected);
    auto list = parsePositiveRealList(text);
    QVERIFY2(list.ok(), qPrintable(list ? QString() : list.errorMessage()));
    QCOMPARE(*list, expected);
}

void TestNumberList::realErrors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("fragment");
    QTest::newRow("negative") << "-1" << "'-1' is not a positive number";
    QTest::newRow("no step") << "0.5:2" << "'0.5:2' is not a range";
    QTest::newRow("factor 1") << "0.5:2:x1" << "the factor must be greater than 1";
    QTest::newRow("reversed") << "2:0.5:+0.5" << "before it starts";
    QTest::newRow("too many") << "0.000001:2:+0.000001" << "a list holds at most 1000000";
}

void TestNumberList::realErrors() {
    QFETCH(QString, text);
    QFETCH(QString, fragment);
    auto list = parsePositiveRealList(text);
    QVERIFY(!list.ok());
    QVERIFY2(list.errorMessage().contains(fragment), qPrintable(list.errorMessage()));
}

void TestNumberList::hugeRangeIsRefusedBeforeExpansion() {
    // 10^18 values would need 8 EB if expanded; the count alone decides.
    auto list = parseIntegerList(QStringLiteral("1:1000000000000000000:+1"));
    QVERIFY(!list.ok());
    QVERIFY2(list.errorMessage().contains(QStringLiteral("has 1000000000000000000 values")), qPrintable(list.errorMessage()));
}

QTEST_GUILESS_MAIN(TestNumberList)
#include "test_number_list.moc"
