// SPDX-License-Identifier: MIT
#include "graph/expansion_state.h"

#include <QSet>

namespace infersight {

namespace {

bool holdsBlocks(const HierarchyGroup &group) { return group.blocks >= 2; }

}  // namespace

std::vector<char> readableExpansion(const NodeHierarchy &h, const ReadableLevel &level) {
    std::vector<char> expanded(static_cast<std::size_t>(h.groupCount()), 0);
    if (h.groupCount() == 0) {
        return expanded;
    }
    expanded[0] = 1;
    int visible = static_cast<int>(h.group(0).members.size());
    std::vector<int> frontier;
    for (const HierarchyMember &m : h.group(0).members) {
        if (m.group) {
            frontier.push_back(m.index);
        }
    }
    while (!frontier.empty()) {
        std::vector<int> next;
        for (int g : frontier) {
            const HierarchyGroup &group = h.group(g);
            if (group.block) {
                continue;  // the readable unit: stays a box
            }
            const int add = static_cast<int>(group.members.size()) - 1;
            const int limit = holdsBlocks(group) ? std::max(level.budget, level.containerLimit) : level.budget;
            if (visible + add > limit) {
                break;  // in order: never open a later sibling after refusing an earlier one
            }
            expanded[static_cast<std::size_t>(g)] = 1;
            visible += add;
            for (const HierarchyMember &m : group.members) {
                if (m.group) {
                    next.push_back(m.index);
                }
            }
        }
        frontier = std::move(next);
    }
    return expanded;
}

std::vector<char> expansionToDepth(const NodeHierarchy &h, int depth) {
    std::vector<char> expanded(static_cast<std::size_t>(h.groupCount()), 0);
    for (int g = 0; g < h.groupCount(); ++g) {
        expanded[static_cast<std::size_t>(g)] = h.group(g).depth < depth || g == 0 ? 1 : 0;
    }
    return expanded;
}

std::vector<char> fullExpansion(const NodeHierarchy &h) { return std::vector<char>(static_cast<std::size_t>(h.groupCount()), 1); }

bool revealElement(const NodeHierarchy &h, std::vector<char> &expanded, int element) {
    bool changed = false;
    expanded.resize(static_cast<std::size_t>(h.groupCount()), 0);
    for (int g = h.parentOf(element); g >= 0; g = h.group(g).parent) {
        if (!expanded[static_cast<std::size_t>(g)]) {
            expanded[static_cast<std::size_t>(g)] = 1;
            changed = true;
        }
    }
    return changed;
}

int visibleBoxCount(const NodeHierarchy &h, const std::vector<char> &expanded) {
    int count = 0;
    std::vector<int> stack{0};
    while (!stack.empty()) {
        const int g = stack.back();
        stack.pop_back();
        for (const HierarchyMember &m : h.group(g).members) {
            if (m.group && static_cast<std::size_t>(m.index) < expanded.size() && expanded[static_cast<std::size_t>(m.index)]) {
                stack.push_back(m.index);
            } else {
                ++count;
            }
        }
    }
    return count;
}

QString groupKey(const NodeHierarchy &h, int group) {
    const HierarchyGroup &g = h.group(group);
    if (!g.synthetic) {
        return g.path;
    }
    return groupKey(h, g.parent) + QLatin1Char('#') + QString::number(h.memberIndexOfGroup(group));
}

QStringList expandedKeys(const NodeHierarchy &h, const std::vector<char> &expanded) {
    QStringList keys;
    for (int g = 1; g < h.groupCount() && static_cast<std::size_t>(g) < expanded.size(); ++g) {
        if (expanded[static_cast<std::size_t>(g)]) {
            keys << groupKey(h, g);
        }
    }
    return keys;
}

std::vector<char> expansionFromKeys(const NodeHierarchy &h, const QStringList &keys) {
    const QSet<QString> wanted(keys.begin(), keys.end());
    std::vector<char> expanded(static_cast<std::size_t>(h.groupCount()), 0);
    if (!expanded.empty()) {
        expanded[0] = 1;
    }
    for (int g = 1; g < h.groupCount(); ++g) {
        expanded[static_cast<std::size_t>(g)] = wanted.contains(groupKey(h, g)) ? 1 : 0;
    }
    return expanded;
}

}  // namespace infersight
