// SPDX-License-Identifier: MIT
// The graph view's hierarchy: graph nodes grouped by their name scope, as the importers name them.
//
//   zoo builders     "layer1.0/conv1", "bert.encoder.layer.3/attention.self.query.bias_add"
//   ONNX (PyTorch)   "/layer1/layer1.0/conv1/Conv", "/features/features.1/features.1.0/attn/MatMul"
//   TorchScript      "layer1.0.conv1/Conv", "layer1.0/Add"
//   HF config        the zoo's transformer builders ("bert.encoder.layer.3/...")
//
// A name is split at '/' and '.' into module tokens; the last token is the node itself. ONNX
// repeats the parent's path in each scope ("/layer1/layer1.0/...") and that repetition is dropped.
// Every prefix of the tokens is a group: "layer1.0/conv1" lies in layer1 > layer1.0. A node whose
// whole name is also a group's path ("attention.self.query" next to "attention.self.query.bias_add")
// is that group's first member. Then the tree is made readable:
//   - a group with one member is dissolved into its parent,
//   - a chain of groups with one child group each is merged ("encoder" > "layer" -> "encoder.layer"),
//   - a group with more than `maxChildren` members is split, in execution order, into synthetic
//     groups of `chunkSize` members ("nodes 1-200"): no group ever hands dot a huge flat graph.
// Members keep execution order (by their first node). Graph inputs and outputs are elements too
// (at the root), so the picture starts at the inputs and ends at the outputs.
//
// Repeated blocks: a group whose label ends in an index ("layer1.0", "layer.3") and that has
// indexed siblings is a block of its parent (a ModuleList / Sequential). Groups with equal
// `structure` (op types and internal wiring, recursively) are identical and share one layout.
#pragma once

#include "graph/graph.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <vector>

namespace infersight {

// Elements are what a group contains besides groups: graph nodes [0, nodeCount), then graph inputs,
// then graph outputs.
struct HierarchyMember {
    bool group = false;
    int index = -1;  // group index or element index
    bool operator==(const HierarchyMember &) const = default;
};

struct HierarchyGroup {
    QString path;          // canonical dotted scope path ("bert.encoder.layer.3"); "" for the root
    QString label;         // what the box shows ("layer.3", "encoder.layer", "nodes 1–200")
    int parent = -1;       // -1 for the root (group 0)
    int depth = 0;         // root 0
    std::vector<HierarchyMember> members;  // execution order
    // Descendant graph nodes are hierarchy.orderedNodes()[nodeBegin, nodeEnd).
    int nodeBegin = 0;
    int nodeEnd = 0;
    int firstNode = 0;     // smallest graph node index inside
    bool block = false;    // an indexed member of a ModuleList / Sequential
    bool synthetic = false;  // a chunk made for size, not a scope of the model
    int blocks = 0;        // members that are blocks
    std::uint64_t structure = 0;  // equal for identical groups
    int identical = 1;     // siblings (itself included) with the same structure and block-ness
    int nodeCount() const { return nodeEnd - nodeBegin; }
};

struct HierarchyOptions {
    int maxChildren = 300;
    int chunkSize = 200;
};

class NodeHierarchy {
public:
    static NodeHierarchy build(const Graph &graph, const HierarchyOptions &options = {});

    const std::vector<HierarchyGroup> &groups() const { return m_groups; }
    const HierarchyGroup &group(int g) const { return m_groups[static_cast<std::size_t>(g)]; }
    int groupCount() const { return static_cast<int>(m_groups.size()); }

    int nodeCount() const { return m_nodeCount; }
    int elementCount() const { return static_cast<int>(m_elementParent.size()); }
    bool isNode(int element) const { return element < m_nodeCount; }
    bool isGraphInput(int element) const { return element >= m_nodeCount && element < m_nodeCount + inputCount(); }
    bool isGraphOutput(int element) const { return element >= m_nodeCount + inputCount(); }
    int inputCount() const { return static_cast<int>(m_inputValues.size()); }
    int outputCount() const { return static_cast<int>(m_outputValues.size()); }
    int elementOfInput(int i) const { return m_nodeCount + i; }
    int elementOfOutput(int i) const { return m_nodeCount + inputCount() + i; }
    // The graph value a graph-input / graph-output element stands for.
    int elementValue(int element) const;

    // Group directly containing an element / a group's parent.
    int parentOf(int element) const { return m_elementParent[static_cast<std::size_t>(element)]; }
    // Position of the element / group in its parent's members.
    int memberIndexOfElement(int element) const { return m_elementSlot[static_cast<std::size_t>(element)]; }
    int memberIndexOfGroup(int g) const { return m_groupSlot[static_cast<std::size_t>(g)]; }
    // The node's name below its group (what its box shows): "conv1" for "layer1.0/conv1".
    const QString &localName(int element) const { return m_localNames[static_cast<std::size_t>(element)]; }

    // Nodes in depth-first member order: every group's descendants are one contiguous range.
    const std::vector<int> &orderedNodes() const { return m_ordered; }
    // Group chain of an element from the root down to its parent (root first).
    std::vector<int> ancestors(int element) const;
    bool isAncestor(int group, int element) const;  // group contains element (at any depth)
    bool isGroupAncestor(int ancestor, int g) const;

    // Group by path (canonical dotted path or label path); -1 when absent.
    int findGroup(const QString &path) const;

    // Data edges between elements: from the producer of each node input (or the graph-input
    // element) to the consuming node, and from producers to graph-output elements. One entry per
    // (from, to) pair with the values it carries. Initializers (weights) are not edges.
    struct Edge {
        int from = -1;
        int to = -1;
        std::vector<int> values;
    };
    const std::vector<Edge> &edges() const { return m_edges; }

private:
    std::vector<HierarchyGroup> m_groups;
    int m_nodeCount = 0;
    std::vector<int> m_inputValues;
    std::vector<int> m_outputValues;
    std::vector<int> m_elementParent;
    std::vector<int> m_elementSlot;
    std::vector<int> m_groupSlot;
    std::vector<QString> m_localNames;
    std::vector<int> m_ordered;
    std::vector<Edge> m_edges;
};

// Module tokens of a node name ("/layer1/layer1.0/conv1/Conv" -> layer1, 0, conv1, Conv); the last
// token is the node's own. Exposed for tests.
QStringList scopeTokens(const QString &nodeName);

// A group's readable label from its path tokens: the last token, with an index joined to the token
// before it ("layer1", "0" -> "layer1.0").
QString scopeLabel(const QStringList &tokens);

}  // namespace infersight
