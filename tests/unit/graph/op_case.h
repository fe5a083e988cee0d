// SPDX-License-Identifier: MIT
// Test support: one ONNX node with given input shapes / constant contents / attributes, built
// with GraphBuilder and propagated. Used by the shape-inference, folding and cost tests.
#pragma once

#include "graph/graph.h"
#include "graph/graph_builder.h"
#include "graph/shape_inference.h"

#include <QMetaType>

#include <optional>
#include <vector>

namespace infersight::testing {

// One input of the node under test.
struct InputSpec {
    Shape dims;
    DType type = DType::F32;
    std::optional<std::vector<std::int64_t>> ints;  // known contents (an initializer)
    std::optional<std::vector<double>> floats;
    bool absent = false;   // omitted optional input ("")
    bool weight = false;   // floating initializer without contents
};

inline InputSpec tensor(Shape dims, DType type = DType::F32) { return InputSpec{std::move(dims), type, {}, {}, false, false}; }
inline InputSpec weight(Shape dims, DType type = DType::F32) { return InputSpec{std::move(dims), type, {}, {}, false, true}; }
inline InputSpec ints(std::vector<std::int64_t> data) {
    const auto n = static_cast<std::int64_t>(data.size());
    return InputSpec{{n}, DType::I64, std::move(data), {}, false, false};
}
inline InputSpec intsShaped(std::vector<std::int64_t> data, Shape dims) {
    return InputSpec{std::move(dims), DType::I64, std::move(data), {}, false, false};
}
inline InputSpec scalarInt(std::int64_t v) { return InputSpec{{}, DType::I64, std::vector<std::int64_t>{v}, {}, false, false}; }
inline InputSpec floats(std::vector<double> data) {
    const auto n = static_cast<std::int64_t>(data.size());
    return InputSpec{{n}, DType::F32, {}, std::move(data), false, false};
}
inline InputSpec floatsShaped(std::vector<double> data, Shape dims) {
    return InputSpec{std::move(dims), DType::F32, {}, std::move(data), false, false};
}
inline InputSpec absent() { return InputSpec{{}, DType::Undefined, {}, {}, true, false}; }

inline std::pair<QString, Attribute> attr(const char *name, std::int64_t v) { return {QString::fromLatin1(name), Attribute::fromInt(v)}; }
inline std::pair<QString, Attribute> attr(const char *name, int v) { return {QString::fromLatin1(name), Attribute::fromInt(v)}; }
inline std::pair<QString, Attribute> attr(const char *name, double v) { return {QString::fromLatin1(name), Attribute::fromFloat(v)}; }
inline std::pair<QString, Attribute> attr(const char *name, std::vector<std::int64_t> v) {
    return {QString::fromLatin1(name), Attribute::fromInts(std::move(v))};
}
inline std::pair<QString, Attribute> attrFloats(const char *name, std::vector<double> v) {
    return {QString::fromLatin1(name), Attribute::fromFloats(std::move(v))};
}
inline std::pair<QString, Attribute> attr(const char *name, const char *v) {
    return {QString::fromLatin1(name), Attribute::fromString(QString::fromLatin1(v))};
}

struct OpCase {
    QString op;
    std::vector<InputSpec> inputs;
    AttributeList attributes;
    int outputs = 1;
    std::int64_t opset = 17;
    QString domain;
};

// Adds a value for `spec` to the builder's graph; -1 for an absent input.
inline int addInput(GraphBuilder &b, const InputSpec &spec, int index) {
    if (spec.absent) {
        return -1;
    }
    const QString name = QStringLiteral("in%1").arg(index);
    if (!spec.ints && !spec.floats && !spec.weight) {
        SymbolicShape declared;
        for (std::int64_t d : spec.dims) {
            declared.push_back(Dim::fixed(d));
        }
        return b.input(name, spec.type, declared);
    }
    Value v;
    v.name = name;
    v.dtype = spec.type;
    v.kind = ValueKind::Initializer;
    for (std::int64_t d : spec.dims) {
        v.declared.push_back(Dim::fixed(d));
    }
    v.declaredRankKnown = true;
    v.intData = spec.ints;
    v.floatData = spec.floats;
    return b.graph().addValue(std::move(v));
}

// Graph with the single node of `c` (node 0); its outputs are the graph outputs.
inline Graph buildCase(const OpCase &c) {
    GraphBuilder b(QStringLiteral("case"), c.opset);
    std::vector<int> inputs;
    for (std::size_t i = 0; i < c.inputs.size(); ++i) {
        inputs.push_back(addInput(b, c.inputs[i], static_cast<int>(i)));
    }
    const auto outs = b.node(c.op, inputs, c.attributes, c.outputs, QStringLiteral("node"));
    for (int o : outs) {
        b.output(o);
    }
    Graph g = b.finish();
    if (!c.domain.isEmpty()) {
        g.nodes.front().domain = c.domain;
    }
    return g;
}

inline const Value &outputOf(const Graph &g, std::size_t i = 0) {
    return g.values[static_cast<std::size_t>(g.nodes.front().outputs.at(i))];
}

}  // namespace infersight::testing

Q_DECLARE_METATYPE(infersight::testing::OpCase)
