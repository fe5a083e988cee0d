// SPDX-License-Identifier: MIT
// Tests of paretoFront() on small tables worked out by hand (all objectives minimised), and of
// ParetoFrontier, the same front kept incrementally with only its members in memory.
#include "explore/pareto.h"

#include <QtTest>

using namespace infersight;

Q_DECLARE_METATYPE(std::vector<ObjectiveVector>)
Q_DECLARE_METATYPE(std::vector<bool>)

class TestPareto : public QObject {
    Q_OBJECT
private slots:
    void front_data();
    void front();
    void largeTableMatchesBruteForce();
    void frontierKeepsOnlyTheFront();
};

namespace {
// The ids a ParetoFrontier keeps when offered the feasible points in order.
std::vector<bool> incrementalFront(const std::vector<ObjectiveVector> &points, int dimensions, const std::vector<bool> &feasible) {
    ParetoFrontier frontier(dimensions);
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (feasible.empty() || feasible[i]) {
            frontier.offer(static_cast<std::int64_t>(i), points[i]);
        }
    }
    std::vector<bool> out(points.size(), false);
    for (std::int64_t id : frontier.ids()) {
        out[static_cast<std::size_t>(id)] = true;
    }
    return out;
}
}  // namespace

void TestPareto::front_data() {
    QTest::addColumn<std::vector<ObjectiveVector>>("points");
    QTest::addColumn<int>("dimensions");
    QTest::addColumn<std::vector<bool>>("feasible");
    QTest::addColumn<std::vector<bool>>("expected");
    // (latency, energy): A(1,5) B(2,3) C(3,4) D(4,1) E(2,3) — C is beaten by B (2<3, 3<4); B and E
    // are equal, so both stay; A and D are extremes.
    QTest::newRow("2-D with a tie") << std::vector<ObjectiveVector>{{1, 5, 0, 0}, {2, 3, 0, 0}, {3, 4, 0, 0}, {4, 1, 0, 0}, {2, 3, 0, 0}}
                                    << 2 << std::vector<bool>{} << std::vector<bool>{true, true, false, true, true};
    // (latency, energy, memory): P(1,1,9) Q(2,2,1) R(2,2,2) S(1,1,9.5) — R loses to Q only on memory,
    // S to P only on memory.
    QTest::newRow("3-D memory decides") << std::vector<ObjectiveVector>{{1, 1, 9, 0}, {2, 2, 1, 0}, {2, 2, 2, 0}, {1, 1, 9.5, 0}}
                                        << 3 << std::vector<bool>{} << std::vector<bool>{true, true, false, false};
    // Price as the 4th objective keeps an otherwise dominated point: U(2,2,2,1) vs T(1,1,1,5).
    QTest::newRow("4-D price keeps the cheap one") << std::vector<ObjectiveVector>{{1, 1, 1, 5}, {2, 2, 2, 1}, {2, 2, 2, 6}} << 4
                                                   << std::vector<bool>{} << std::vector<bool>{true, true, false};
    // An infeasible point (does not fit) is never on the front and beats nothing.
    QTest::newRow("infeasible point") << std::vector<ObjectiveVector>{{1, 1, 1, 0}, {2, 2, 2, 0}} << 3 << std::vector<bool>{false, true}
                                      << std::vector<bool>{false, true};
}

void TestPareto::front() {
    QFETCH(std::vector<ObjectiveVector>, points);
    QFETCH(int, dimensions);
    QFETCH(std::vector<bool>, feasible);
    QFETCH(std::vector<bool>, expected);
    QCOMPARE(paretoFront(points, dimensions, feasible), expected);
    QCOMPARE(incrementalFront(points, dimensions, feasible), expected);
}

void TestPareto::largeTableMatchesBruteForce() {
    std::vector<ObjectiveVector> points;
    std::uint32_t seed = 12345;
    auto next = [&seed]() {
        seed = seed * 1664525u + 1013904223u;
        return static_cast<double>((seed >> 8) % 50);
    };
    for (int i = 0; i < 600; ++i) {
        points.push_back({next(), next(), next(), next()});
    }
    for (int dims = 1; dims <= 4; ++dims) {
        const std::vector<bool> front = paretoFront(points, dims);
        for (std::size_t i = 0; i < points.size(); ++i) {
            bool dominated = false;
            for (std::size_t j = 0; j < points.size() && !dominated; ++j) {
                dominated = j != i && dominates(points[j], points[i], dims);
            }
            QCOMPARE(front[i], !dominated);
        }
        QCOMPARE(incrementalFront(points, dims, {}), front);
    }
}

void TestPareto::frontierKeepsOnlyTheFront() {
    // (latency, energy) along a trade-off: each new point beats the previous one on latency but
    // not on energy, so all stay; then (0, 0) beats every one of them and is the only one left.
    ParetoFrontier frontier(2);
    for (int i = 0; i < 100; ++i) {
        QVERIFY(frontier.offer(i, {100.0 - i, static_cast<double>(i), 0, 0}));
    }
    QCOMPARE(frontier.size(), std::size_t{100});
    QVERIFY(!frontier.offer(100, {50.5, 50.5, 0, 0}));  // beaten by (50, 50)
    QVERIFY(frontier.offer(101, {0, 0, 0, 0}));
    QCOMPARE(frontier.ids(), std::vector<std::int64_t>{101});
}

QTEST_GUILESS_MAIN(TestPareto)
#include "test_pareto.moc"
