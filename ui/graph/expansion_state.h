// SPDX-License-Identifier: MIT
// Which groups of a NodeHierarchy are expanded: the readable starting level, "expand to depth N",
// and stable keys so that the state survives a rebuild of the hierarchy (a knob that changes the
// graph, a depth change, a re-import).
#pragma once

#include "graph/node_hierarchy.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace infersight {

struct ReadableLevel {
    int budget = 40;           // boxes on screen the starting view aims at
    int containerLimit = 400;  // a list of repeated blocks may show this many
};

// The starting view: groups open breadth-first while the boxes on screen stay within the budget;
// repeated blocks (transformer layers, ResNet bottlenecks) stay collapsed, and the lists holding
// them open up to containerLimit boxes, so a model starts at its stages or layers.
std::vector<char> readableExpansion(const NodeHierarchy &hierarchy, const ReadableLevel &level = {});

// Every group at nesting depth < depth open (depth 1: the root's groups show their members).
std::vector<char> expansionToDepth(const NodeHierarchy &hierarchy, int depth);
std::vector<char> fullExpansion(const NodeHierarchy &hierarchy);

// Opens the groups holding `element` (so that it is visible). Returns whether anything changed.
bool revealElement(const NodeHierarchy &hierarchy, std::vector<char> &expanded, int element);

// Number of boxes shown (nodes, inputs, outputs, collapsed groups) for an expansion.
int visibleBoxCount(const NodeHierarchy &hierarchy, const std::vector<char> &expanded);

// A group's key: its path, or for a synthetic chunk the parent's key and its position.
QString groupKey(const NodeHierarchy &hierarchy, int group);
QStringList expandedKeys(const NodeHierarchy &hierarchy, const std::vector<char> &expanded);
std::vector<char> expansionFromKeys(const NodeHierarchy &hierarchy, const QStringList &keys);

}  // namespace infersight
