// SPDX-License-Identifier: MIT
// Pareto fronts: the points no other point beats on every objective (all minimised).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace infersight {

// Objective vectors of up to four objectives (latency, energy, memory, price); `dimensions` of
// them are compared. A point is on the front when no feasible point is <= on every compared
// objective and < on at least one. Infeasible points are never on the front and dominate nothing.
// Equal points are all on the front. O(n log n + n x front size).
using ObjectiveVector = std::array<double, 4>;
std::vector<bool> paretoFront(const std::vector<ObjectiveVector> &points, int dimensions,
                              const std::vector<bool> &feasible = {});

// Whether a dominates b over the first `dimensions` objectives.
bool dominates(const ObjectiveVector &a, const ObjectiveVector &b, int dimensions);

// The same front built one point at a time, keeping only the points on it (memory bounded by the
// front's size, not by the number of points offered): after any sequence of offers, ids() are
// exactly the points paretoFront() would mark among the feasible points offered. A point dominated
// by a later one leaves; dominance is transitive, so no point that left is ever needed again.
class ParetoFrontier {
public:
    explicit ParetoFrontier(int dimensions);
    // Offers a feasible point; returns whether it is on the front of the points offered so far.
    bool offer(std::int64_t id, const ObjectiveVector &objectives);
    std::vector<std::int64_t> ids() const;  // ascending
    std::size_t size() const { return m_points.size(); }

private:
    int m_dimensions;
    std::vector<std::pair<std::int64_t, ObjectiveVector>> m_points;
};

}  // namespace infersight
