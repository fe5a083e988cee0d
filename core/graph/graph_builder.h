// SPDX-License-Identifier: MIT
#pragma once

#include "graph/graph.h"

#include <QString>
#include <QStringList>

#include <initializer_list>
#include <utility>
#include <vector>

namespace infersight {

using AttributeList = std::vector<std::pair<QString, Attribute>>;

// Builds a Graph node by node in execution order, with scoped names ("layer1.0/conv1").
// Used by the zoo builders and by tests; ops are ONNX ops with ONNX semantics.
class GraphBuilder {
public:
    explicit GraphBuilder(QString graphName, std::int64_t opset = 17);

    // Names given to nodes and weights are prefixed with the open scopes, joined by '/'.
    void pushScope(const QString &scope);
    void popScope();
    QString scoped(const QString &localName) const;

    int input(const QString &name, DType dtype, SymbolicShape shape);
    // A floating-point weight (counted as parameters); its contents are never stored.
    int weight(const QString &localName, Shape dims, DType dtype = DType::F32);
    // Small tensors with known contents (shape arguments, axes, scalars).
    int constantInts(const QString &localName, std::vector<std::int64_t> data, Shape dims);
    int constantInts(const QString &localName, std::vector<std::int64_t> data);  // 1-D
    int constantFloat(const QString &localName, double value, DType dtype = DType::F32);  // scalar

    // Adds a node; returns its output value indices (named "<node>:<i>").
    std::vector<int> node(const QString &opType, std::vector<int> inputs, AttributeList attributes = {},
                          int outputCount = 1, const QString &localName = {});
    // Single-output convenience.
    int op(const QString &opType, std::vector<int> inputs, AttributeList attributes = {},
           const QString &localName = {});

    void output(int value);
    Graph &graph() { return m_graph; }
    // The finished graph (consumes the builder).
    Graph finish();

private:
    QString uniqueNodeName(const QString &base);

    Graph m_graph;
    QStringList m_scopes;
    QHash<QString, int> m_nameUse;
};

}  // namespace infersight
