// SPDX-License-Identifier: MIT
// Pareto fronts: the points no other point beats on every objective (all minimised).
#pragma once

#include <array>
#include <cstddef>
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

}  // namespace infersight
