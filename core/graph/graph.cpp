// SPDX-License-Identifier: MIT
#include "graph/graph.h"

#include "base/checked_arithmetic.h"

#include <QSet>

#include <algorithm>
#include <queue>

namespace infersight {

Attribute Attribute::fromInt(std::int64_t v) {
    Attribute a;
    a.kind = Kind::Int;
    a.i = v;
    return a;
}

Attribute Attribute::fromFloat(double v) {
    Attribute a;
    a.kind = Kind::Float;
    a.f = v;
    return a;
}

Attribute Attribute::fromString(QString v) {
    Attribute a;
    a.kind = Kind::String;
    a.s = std::move(v);
    return a;
}

Attribute Attribute::fromInts(std::vector<std::int64_t> v) {
    Attribute a;
    a.kind = Kind::Ints;
    a.ints = std::move(v);
    return a;
}

Attribute Attribute::fromFloats(std::vector<double> v) {
    Attribute a;
    a.kind = Kind::Floats;
    a.floats = std::move(v);
    return a;
}

Attribute Attribute::fromTensor(TensorInfo t) {
    Attribute a;
    a.kind = Kind::Tensor;
    a.tensor = std::make_shared<const TensorInfo>(std::move(t));
    return a;
}

std::int64_t Value::bytes() const {
    const std::int64_t n = elements();
    return n < 0 ? -1 : dtypeBytes(dtype, n);
}

const Attribute *Node::attribute(QStringView attributeName) const {
    for (const auto &[key, value] : attributes) {
        if (key == attributeName) {
            return &value;
        }
    }
    return nullptr;
}

std::int64_t Node::attrInt(QStringView attributeName, std::int64_t fallback) const {
    const Attribute *a = attribute(attributeName);
    return a && a->kind == Attribute::Kind::Int ? a->i : fallback;
}

double Node::attrFloat(QStringView attributeName, double fallback) const {
    const Attribute *a = attribute(attributeName);
    if (!a) {
        return fallback;
    }
    if (a->kind == Attribute::Kind::Float) {
        return a->f;
    }
    return a->kind == Attribute::Kind::Int ? static_cast<double>(a->i) : fallback;
}

QString Node::attrString(QStringView attributeName, const QString &fallback) const {
    const Attribute *a = attribute(attributeName);
    return a && a->kind == Attribute::Kind::String ? a->s : fallback;
}

std::vector<std::int64_t> Node::attrInts(QStringView attributeName, std::vector<std::int64_t> fallback) const {
    const Attribute *a = attribute(attributeName);
    return a && a->kind == Attribute::Kind::Ints ? a->ints : std::move(fallback);
}

std::vector<double> Node::attrFloats(QStringView attributeName, std::vector<double> fallback) const {
    const Attribute *a = attribute(attributeName);
    return a && a->kind == Attribute::Kind::Floats ? a->floats : std::move(fallback);
}

void Node::setAttribute(const QString &attributeName, Attribute value) {
    for (auto &[key, existing] : attributes) {
        if (key == attributeName) {
            existing = std::move(value);
            return;
        }
    }
    attributes.emplace_back(attributeName, std::move(value));
}

QString Node::qualifiedOp() const {
    if (domain.isEmpty() || domain == QLatin1String("ai.onnx")) {
        return opType;
    }
    return domain + QStringLiteral("::") + opType;
}

int Graph::addValue(Value value) {
    if (value.name.isEmpty()) {
        value.name = QStringLiteral("_v%1").arg(values.size());
    }
    if (value.kind == ValueKind::Initializer && !value.rankKnown && value.declaredRankKnown) {
        value.shape.clear();
        for (const Dim &d : value.declared) {
            value.shape.push_back(d.value);
        }
        value.rankKnown = true;
    }
    const int index = static_cast<int>(values.size());
    m_index.insert(value.name, index);
    values.push_back(std::move(value));
    return index;
}

int Graph::addNode(Node node) {
    const int index = static_cast<int>(nodes.size());
    if (node.name.isEmpty()) {
        node.name = QStringLiteral("%1_%2").arg(node.opType).arg(index);
    }
    for (int out : node.outputs) {
        if (out >= 0 && out < static_cast<int>(values.size())) {
            values[static_cast<std::size_t>(out)].producer = index;
        }
    }
    nodes.push_back(std::move(node));
    return index;
}

void Graph::reserveValues(std::size_t count) {
    values.reserve(count);
    m_index.reserve(static_cast<qsizetype>(count));
}

int Graph::findValue(const QString &valueName) const { return m_index.value(valueName, -1); }

void Graph::reindex() {
    m_index.clear();
    m_index.reserve(static_cast<qsizetype>(values.size()));
    for (std::size_t i = 0; i < values.size(); ++i) {
        m_index.insert(values[i].name, static_cast<int>(i));
        values[i].producer = -1;
    }
    for (std::size_t n = 0; n < nodes.size(); ++n) {
        for (int out : nodes[n].outputs) {
            if (out >= 0 && out < static_cast<int>(values.size())) {
                values[static_cast<std::size_t>(out)].producer = static_cast<int>(n);
            }
        }
    }
}

Result<std::vector<int>> Graph::topologicalOrder() const {
    const std::size_t n = nodes.size();
    // Producer per value from the node list itself (not the cached field), so the order is right
    // even for a graph under construction.
    std::vector<int> producerOf(values.size(), -1);
    for (std::size_t i = 0; i < n; ++i) {
        for (int out : nodes[i].outputs) {
            if (out >= 0 && static_cast<std::size_t>(out) < values.size()) {
                producerOf[static_cast<std::size_t>(out)] = static_cast<int>(i);
            }
        }
    }
    // Successors as one flat array (compressed rows: successors of node p are
    // successorList[successorStart[p] .. successorStart[p + 1]]): two allocations for the whole
    // graph instead of one per node (issue 15, item 5: a million-node graph). An edge p -> i is
    // counted once however many inputs of i p writes: i is visited in increasing order, so a
    // repeated edge is the last one recorded for p.
    auto producerOfInput = [&](int in) {
        return in < 0 || static_cast<std::size_t>(in) >= values.size() ? -1 : producerOf[static_cast<std::size_t>(in)];
    };
    std::vector<int> indegree(n, 0);
    std::vector<int> lastSuccessor(n, -1);
    std::vector<std::size_t> successorStart(n + 1, 0);
    for (std::size_t i = 0; i < n; ++i) {
        for (int in : nodes[i].inputs) {
            const int p = producerOfInput(in);
            if (p >= 0 && lastSuccessor[static_cast<std::size_t>(p)] != static_cast<int>(i)) {
                lastSuccessor[static_cast<std::size_t>(p)] = static_cast<int>(i);
                ++successorStart[static_cast<std::size_t>(p) + 1];
                ++indegree[i];
            }
        }
    }
    for (std::size_t p = 0; p < n; ++p) {
        successorStart[p + 1] += successorStart[p];
    }
    std::vector<int> successorList(successorStart[n]);
    {
        std::vector<std::size_t> fill(successorStart.begin(), successorStart.end() - 1);
        std::fill(lastSuccessor.begin(), lastSuccessor.end(), -1);
        for (std::size_t i = 0; i < n; ++i) {
            for (int in : nodes[i].inputs) {
                const int p = producerOfInput(in);
                if (p >= 0 && lastSuccessor[static_cast<std::size_t>(p)] != static_cast<int>(i)) {
                    lastSuccessor[static_cast<std::size_t>(p)] = static_cast<int>(i);
                    successorList[fill[static_cast<std::size_t>(p)]++] = static_cast<int>(i);
                }
            }
        }
    }
    // Min-heap on the original index keeps file order wherever dependencies allow.
    std::priority_queue<int, std::vector<int>, std::greater<>> ready;
    for (std::size_t i = 0; i < n; ++i) {
        if (indegree[i] == 0) {
            ready.push(static_cast<int>(i));
        }
    }
    std::vector<int> order;
    order.reserve(n);
    while (!ready.empty()) {
        const int node = ready.top();
        ready.pop();
        order.push_back(node);
        for (std::size_t e = successorStart[static_cast<std::size_t>(node)]; e < successorStart[static_cast<std::size_t>(node) + 1]; ++e) {
            const int s = successorList[e];
            if (--indegree[static_cast<std::size_t>(s)] == 0) {
                ready.push(s);
            }
        }
    }
    if (order.size() != n) {
        QStringList cyclic;
        for (std::size_t i = 0; i < n && cyclic.size() < 8; ++i) {
            if (indegree[i] > 0) {
                cyclic << QStringLiteral("'%1' (%2)").arg(nodes[i].name, nodes[i].opType);
            }
        }
        return Error{QStringLiteral("the graph has a cycle through %1").arg(cyclic.join(QStringLiteral(", ")))};
    }
    return order;
}

Status Graph::sortTopologically() {
    auto order = topologicalOrder();
    if (!order) {
        return order.error();
    }
    // Permute in place, cycle by cycle (no second node vector: issue 15, item 5). order[k] is the
    // node that goes to position k; a file already in order (the usual case) moves nothing.
    std::vector<int> &from = *order;
    for (std::size_t start = 0; start < from.size(); ++start) {
        if (from[start] < 0 || static_cast<std::size_t>(from[start]) == start) {
            continue;
        }
        Node held = std::move(nodes[start]);
        std::size_t k = start;
        while (true) {
            const auto source = static_cast<std::size_t>(from[k]);
            from[k] = -1;
            if (source == start) {
                nodes[k] = std::move(held);
                break;
            }
            nodes[k] = std::move(nodes[source]);
            k = source;
        }
    }
    // Values did not move: the name index stays valid (unless values were added around addValue)
    // and only the producers follow the nodes.
    if (m_index.size() != static_cast<qsizetype>(values.size())) {
        reindex();
        return Status::success();
    }
    for (Value &v : values) {
        v.producer = -1;
    }
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        for (int out : nodes[i].outputs) {
            if (out >= 0 && static_cast<std::size_t>(out) < values.size()) {
                values[static_cast<std::size_t>(out)].producer = static_cast<int>(i);
            }
        }
    }
    return Status::success();
}

namespace {

// Ops whose listed inputs must share one element type (ONNX type constraint "T" on all of them).
bool comparesInputTypes(const Node &node) {
    static const QSet<QString> allInputs{
        QStringLiteral("Add"),   QStringLiteral("Sub"),     QStringLiteral("Mul"),
        QStringLiteral("Div"),   QStringLiteral("MatMul"),  QStringLiteral("Gemm"),
        QStringLiteral("Concat"), QStringLiteral("Sum"),    QStringLiteral("Max"),
        QStringLiteral("Min"),   QStringLiteral("Mean"),    QStringLiteral("Equal"),
        QStringLiteral("Less"),  QStringLiteral("Greater"), QStringLiteral("LessOrEqual"),
        QStringLiteral("GreaterOrEqual"), QStringLiteral("And"), QStringLiteral("Or"),
        QStringLiteral("Xor"),   QStringLiteral("Mod"),     QStringLiteral("PRelu"),
        QStringLiteral("Conv"),  QStringLiteral("ConvTranspose")};
    if (!node.domain.isEmpty() && node.domain != QLatin1String("ai.onnx")) {
        return false;
    }
    return allInputs.contains(node.opType);
}

}  // namespace

std::vector<GraphIssue> Graph::validate(ValidationChecks checks) const {
    std::vector<GraphIssue> issues;
    const int valueCount = static_cast<int>(values.size());
    std::vector<int> producerOf(checks.structure ? values.size() : 0, -1);
    for (std::size_t i = 0; checks.structure && i < nodes.size(); ++i) {
        const Node &node = nodes[i];
        for (int out : node.outputs) {
            if (out < -1 || out >= valueCount) {
                issues.push_back({GraphIssue::Kind::BadIndex, static_cast<int>(i),
                                  QStringLiteral("node '%1' (%2) writes a value index out of range")
                                      .arg(node.name, node.opType)});
                continue;
            }
            if (out < 0) {
                continue;
            }
            const Value &v = values[static_cast<std::size_t>(out)];
            int &p = producerOf[static_cast<std::size_t>(out)];
            if (p >= 0 || v.kind != ValueKind::Intermediate) {
                issues.push_back({GraphIssue::Kind::DuplicateProducer, static_cast<int>(i),
                                  QStringLiteral("value '%1' is written by node '%2' (%3) but is also %4")
                                      .arg(v.name, node.name, node.opType,
                                           p >= 0 ? QStringLiteral("written by node '%1'").arg(nodes[static_cast<std::size_t>(p)].name)
                                                  : QStringLiteral("a graph input or initializer"))});
            }
            p = static_cast<int>(i);
        }
    }
    const QChar *lastOpData = nullptr;
    const QChar *lastDomainData = nullptr;
    qsizetype lastOpSize = -1;
    qsizetype lastDomainSize = -1;
    bool lastSameTypeOp = false;
    for (std::size_t i = 0; (checks.structure || checks.types) && i < nodes.size(); ++i) {
        const Node &node = nodes[i];
        for (int in : node.inputs) {
            if (!checks.structure) {
                break;  // the loop below compares types
            }
            if (in < -1 || in >= valueCount) {
                issues.push_back({GraphIssue::Kind::BadIndex, static_cast<int>(i),
                                  QStringLiteral("node '%1' (%2) reads a value index out of range")
                                      .arg(node.name, node.opType)});
                continue;
            }
            if (in < 0) {
                continue;
            }
            const Value &v = values[static_cast<std::size_t>(in)];
            if (v.kind == ValueKind::Intermediate && producerOf[static_cast<std::size_t>(in)] < 0) {
                issues.push_back({GraphIssue::Kind::DanglingInput, static_cast<int>(i),
                                  QStringLiteral("node '%1' (%2) reads '%3', which no node produces and which is "
                                                 "neither a graph input nor an initializer")
                                      .arg(node.name, node.opType, v.name)});
            }
        }
        // Importers share one QString per op type: while consecutive nodes name the same characters
        // (same address and length) and domain, the set look-up's answer is the one before.
        if (checks.types && (node.opType.constData() != lastOpData || node.opType.size() != lastOpSize ||
                             node.domain.constData() != lastDomainData || node.domain.size() != lastDomainSize)) {
            lastOpData = node.opType.constData();
            lastOpSize = node.opType.size();
            lastDomainData = node.domain.constData();
            lastDomainSize = node.domain.size();
            lastSameTypeOp = comparesInputTypes(node);
        }
        const int sameType = checks.types && lastSameTypeOp ? static_cast<int>(node.inputs.size()) : 0;
        DType first = DType::Undefined;
        for (int k = 0; k < sameType; ++k) {
            const int in = node.inputs[static_cast<std::size_t>(k)];
            if (in < 0 || in >= valueCount) {
                continue;
            }
            const DType t = values[static_cast<std::size_t>(in)].dtype;
            if (t == DType::Undefined) {
                continue;
            }
            if (first == DType::Undefined) {
                first = t;
            } else if (t != first) {
                issues.push_back({GraphIssue::Kind::TypeMismatch, static_cast<int>(i),
                                  QStringLiteral("node '%1' (%2) mixes element types %3 and %4 in its inputs")
                                      .arg(node.name, node.opType, dtypeName(first), dtypeName(t))});
                break;
            }
        }
    }
    if (checks.cycles) {
        if (auto order = topologicalOrder(); !order) {
            issues.push_back({GraphIssue::Kind::Cycle, -1, order.errorMessage()});
        }
    }
    if (checks.structure && outputs.empty() && !nodes.empty()) {
        issues.push_back({GraphIssue::Kind::NoOutputs, -1, QStringLiteral("the graph declares no outputs")});
    }
    return issues;
}

std::vector<std::vector<int>> Graph::consumers() const {
    std::vector<std::vector<int>> result(values.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        for (int in : nodes[i].inputs) {
            if (in >= 0 && static_cast<std::size_t>(in) < values.size()) {
                auto &list = result[static_cast<std::size_t>(in)];
                if (list.empty() || list.back() != static_cast<int>(i)) {
                    list.push_back(static_cast<int>(i));
                }
            }
        }
    }
    return result;
}

// Sums are checked: -1 when the total does not fit in 64 bits (graphCost reports it as an overflow).
std::int64_t Graph::parameterCount() const {
    std::int64_t total = 0;
    for (const Value &v : values) {
        if (v.kind == ValueKind::Initializer && isFloating(v.dtype) && !v.buffer) {
            const std::int64_t n = v.elements();
            const std::optional<std::int64_t> sum = checkedAdd(total, n > 0 ? n : 0);
            if (!sum) {
                return -1;
            }
            total = *sum;
        }
    }
    return total;
}

std::int64_t Graph::parameterBytes() const {
    std::int64_t total = 0;
    for (const Value &v : values) {
        if (v.kind == ValueKind::Initializer && isFloating(v.dtype)) {
            const std::int64_t b = v.bytes();
            const std::optional<std::int64_t> sum = checkedAdd(total, b > 0 ? b : 0);
            if (!sum) {
                return -1;
            }
            total = *sum;
        }
    }
    return total;
}

}  // namespace infersight
