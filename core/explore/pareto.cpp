// SPDX-License-Identifier: MIT
#include "explore/pareto.h"

#include <algorithm>
#include <numeric>

namespace infersight {

bool dominates(const ObjectiveVector &a, const ObjectiveVector &b, int dimensions) {
    bool strictly = false;
    for (int i = 0; i < dimensions; ++i) {
        const std::size_t k = static_cast<std::size_t>(i);
        if (a[k] > b[k]) {
            return false;
        }
        strictly = strictly || a[k] < b[k];
    }
    return strictly;
}

std::vector<bool> paretoFront(const std::vector<ObjectiveVector> &points, int dimensions, const std::vector<bool> &feasible) {
    dimensions = std::clamp(dimensions, 1, 4);
    std::vector<bool> onFront(points.size(), false);
    std::vector<std::size_t> order;
    order.reserve(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (feasible.empty() || (i < feasible.size() && feasible[i])) {
            order.push_back(i);
        }
    }
    // Lexicographic order: a point can only be dominated by one that comes before it.
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        for (int k = 0; k < dimensions; ++k) {
            const std::size_t d = static_cast<std::size_t>(k);
            if (points[a][d] != points[b][d]) {
                return points[a][d] < points[b][d];
            }
        }
        return a < b;
    });
    std::vector<std::size_t> front;
    for (std::size_t i : order) {
        bool dominated = false;
        for (std::size_t f : front) {
            if (dominates(points[f], points[i], dimensions)) {
                dominated = true;
                break;
            }
        }
        if (!dominated) {
            front.push_back(i);
            onFront[i] = true;
        }
    }
    return onFront;
}

ParetoFrontier::ParetoFrontier(int dimensions) : m_dimensions(std::clamp(dimensions, 1, 4)) {}

bool ParetoFrontier::offer(std::int64_t id, const ObjectiveVector &objectives) {
    for (const auto &[otherId, other] : m_points) {
        if (dominates(other, objectives, m_dimensions)) {
            return false;
        }
    }
    std::erase_if(m_points, [&](const auto &p) { return dominates(objectives, p.second, m_dimensions); });
    m_points.emplace_back(id, objectives);
    return true;
}

std::vector<std::int64_t> ParetoFrontier::ids() const {
    std::vector<std::int64_t> out;
    out.reserve(m_points.size());
    for (const auto &p : m_points) {
        out.push_back(p.first);
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace infersight
