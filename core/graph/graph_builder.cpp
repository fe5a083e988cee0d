// SPDX-License-Identifier: MIT
#include "graph/graph_builder.h"

namespace infersight {

GraphBuilder::GraphBuilder(QString graphName, std::int64_t opset) {
    m_graph.name = std::move(graphName);
    m_graph.opset = opset;
    m_graph.opsetImports.insert(QString(), opset);
    m_graph.producer = QStringLiteral("infersight");
}

void GraphBuilder::pushScope(const QString &scope) { m_scopes.push_back(scope); }

void GraphBuilder::popScope() {
    if (!m_scopes.isEmpty()) {
        m_scopes.pop_back();
    }
}

QString GraphBuilder::scoped(const QString &localName) const {
    if (m_scopes.isEmpty()) {
        return localName;
    }
    return m_scopes.join(QLatin1Char('/')) + QLatin1Char('/') + localName;
}

QString GraphBuilder::uniqueNodeName(const QString &base) {
    int &uses = m_nameUse[base];
    ++uses;
    return uses == 1 ? base : QStringLiteral("%1_%2").arg(base).arg(uses - 1);
}

int GraphBuilder::input(const QString &name, DType dtype, SymbolicShape shape) {
    Value v;
    v.name = name;
    v.dtype = dtype;
    v.kind = ValueKind::Input;
    v.declared = std::move(shape);
    v.declaredRankKnown = true;
    const int index = m_graph.addValue(std::move(v));
    m_graph.inputs.push_back(index);
    return index;
}

int GraphBuilder::weight(const QString &localName, Shape dims, DType dtype) {
    Value v;
    v.name = uniqueNodeName(scoped(localName));
    v.dtype = dtype;
    v.kind = ValueKind::Initializer;
    for (std::int64_t d : dims) {
        v.declared.push_back(Dim::fixed(d));
    }
    v.declaredRankKnown = true;
    return m_graph.addValue(std::move(v));
}

int GraphBuilder::constantInts(const QString &localName, std::vector<std::int64_t> data, Shape dims) {
    Value v;
    v.name = uniqueNodeName(scoped(localName));
    v.dtype = DType::I64;
    v.kind = ValueKind::Initializer;
    for (std::int64_t d : dims) {
        v.declared.push_back(Dim::fixed(d));
    }
    v.declaredRankKnown = true;
    v.intData = std::move(data);
    return m_graph.addValue(std::move(v));
}

int GraphBuilder::constantInts(const QString &localName, std::vector<std::int64_t> data) {
    const auto n = static_cast<std::int64_t>(data.size());
    return constantInts(localName, std::move(data), Shape{n});
}

int GraphBuilder::constantFloat(const QString &localName, double value, DType dtype) {
    Value v;
    v.name = uniqueNodeName(scoped(localName));
    v.dtype = dtype;
    v.kind = ValueKind::Initializer;
    v.declaredRankKnown = true;  // rank 0
    v.floatData = std::vector<double>{value};
    return m_graph.addValue(std::move(v));
}

std::vector<int> GraphBuilder::node(const QString &opType, std::vector<int> inputs, AttributeList attributes,
                                    int outputCount, const QString &localName) {
    Node n;
    n.opType = opType;
    n.name = uniqueNodeName(scoped(localName.isEmpty() ? opType : localName));
    n.inputs = std::move(inputs);
    n.attributes = std::move(attributes);
    std::vector<int> outs;
    outs.reserve(static_cast<std::size_t>(outputCount));
    for (int i = 0; i < outputCount; ++i) {
        Value v;
        v.name = outputCount == 1 ? n.name : QStringLiteral("%1:%2").arg(n.name).arg(i);
        outs.push_back(m_graph.addValue(std::move(v)));
    }
    n.outputs = outs;
    m_graph.addNode(std::move(n));
    return outs;
}

int GraphBuilder::op(const QString &opType, std::vector<int> inputs, AttributeList attributes,
                     const QString &localName) {
    return node(opType, std::move(inputs), std::move(attributes), 1, localName).front();
}

void GraphBuilder::output(int value) { m_graph.outputs.push_back(value); }

Graph GraphBuilder::finish() { return std::move(m_graph); }

}  // namespace infersight
