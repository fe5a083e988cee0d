// SPDX-License-Identifier: MIT
#pragma once

#include "base/result.h"
#include "graph/dtype.h"
#include "graph/shape.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace infersight {

class Graph;

// Metadata of a tensor (initializer or attribute) and, when small enough to matter for shapes,
// its contents. Weights are never read: only dtype and dims.
struct TensorInfo {
    DType dtype = DType::Undefined;
    Shape dims;
    std::optional<std::vector<std::int64_t>> intData;  // integer tensors the importer read
    std::optional<std::vector<double>> floatData;      // small floating tensors the importer read
};

struct Attribute {
    enum class Kind : std::uint8_t { Int, Float, String, Ints, Floats, Strings, Tensor, Graph, Other };
    Kind kind = Kind::Other;
    std::int64_t i = 0;
    double f = 0.0;
    QString s;
    std::vector<std::int64_t> ints;
    std::vector<double> floats;
    QStringList strings;
    std::shared_ptr<const TensorInfo> tensor;
    std::shared_ptr<const Graph> graph;  // If/Loop/Scan bodies

    static Attribute fromInt(std::int64_t v);
    static Attribute fromFloat(double v);
    static Attribute fromString(QString v);
    static Attribute fromInts(std::vector<std::int64_t> v);
    static Attribute fromFloats(std::vector<double> v);
    static Attribute fromTensor(TensorInfo t);
};

enum class ValueKind : std::uint8_t { Input, Initializer, Intermediate };

// A tensor flowing through the graph.
struct Value {
    QString name;
    DType dtype = DType::Undefined;
    ValueKind kind = ValueKind::Intermediate;
    // Declared shape: for graph inputs as the source declares it (with symbolic roles), for
    // initializers their fixed dims. Intermediates leave it empty.
    SymbolicShape declared;
    bool declaredRankKnown = false;
    // Concrete shape for the current ShapeBindings; filled by shape propagation.
    Shape shape;
    bool rankKnown = false;
    // Known contents: initializers the importer read (small integer tensors, small float constants)
    // and tensors folded during propagation (shape arithmetic).
    std::optional<std::vector<std::int64_t>> intData;
    std::optional<std::vector<double>> floatData;
    int producer = -1;  // index of the node writing it, -1 for inputs and initializers
    // A non-trainable initializer (PyTorch "buffer": BatchNorm running statistics, attention masks,
    // position ids): it takes memory but is not a parameter, so parameterCount() skips it.
    bool buffer = false;

    bool isGraphInput() const { return kind == ValueKind::Input; }
    bool isInitializer() const { return kind == ValueKind::Initializer; }
    bool shapeKnown() const { return rankKnown && isFullyKnown(shape); }
    std::int64_t elements() const { return rankKnown ? elementCount(shape) : -1; }
    std::int64_t bytes() const;  // -1 when unknown
};

struct Node {
    QString name;
    QString opType;
    QString domain;               // empty for the default ONNX domain ("ai.onnx")
    std::vector<int> inputs;      // value indices; -1 marks an omitted optional input
    std::vector<int> outputs;     // value indices; -1 marks an omitted optional output
    std::vector<std::pair<QString, Attribute>> attributes;

    const Attribute *attribute(QStringView name) const;
    bool hasAttribute(QStringView name) const { return attribute(name) != nullptr; }
    std::int64_t attrInt(QStringView name, std::int64_t fallback) const;
    double attrFloat(QStringView name, double fallback) const;
    QString attrString(QStringView name, const QString &fallback = {}) const;
    std::vector<std::int64_t> attrInts(QStringView name, std::vector<std::int64_t> fallback = {}) const;
    std::vector<double> attrFloats(QStringView name, std::vector<double> fallback = {}) const;
    void setAttribute(const QString &name, Attribute value);

    // Input/output value index or -1 when absent.
    int input(std::size_t i) const { return i < inputs.size() ? inputs[i] : -1; }
    int output(std::size_t i) const { return i < outputs.size() ? outputs[i] : -1; }
    QString qualifiedOp() const;  // "Conv", or "com.example::FancyOp"
};

// One problem found by Graph::validate().
struct GraphIssue {
    enum class Kind : std::uint8_t { Cycle, DanglingInput, DuplicateProducer, TypeMismatch, BadIndex, NoOutputs };
    Kind kind;
    int node = -1;  // offending node, -1 if none
    QString message;
};

// Which checks Graph::validate() runs. A caller that knows part of the answer skips it: after a
// successful sortTopologically() there is no cycle to look for; dtypes are only comparable after
// shape propagation (issue 15, item 5: each check is a pass over a million-node graph).
struct ValidationChecks {
    bool structure = true;  // indices out of range, values written twice, dangling inputs, no outputs
    bool cycles = true;     // a dependency-respecting order exists
    bool types = true;      // inputs of ops that need equal element types have them
};

// A model as a dataflow graph of Nodes over Values, independent of where it came from. Value
// type: copying a Graph copies everything (attributes' tensors and subgraphs are shared, immutable).
// After import the node vector is in topological order; that is also the execution order.
class Graph {
public:
    QString name;
    QString sourcePath;       // file the graph came from, or "zoo:NAME"
    QString producer;         // e.g. "pytorch 1.13.1"
    std::int64_t opset = 0;   // default-domain opset
    QHash<QString, std::int64_t> opsetImports;

    std::vector<Value> values;
    std::vector<Node> nodes;
    std::vector<int> inputs;   // graph inputs (not initializers)
    std::vector<int> outputs;

    // Adds a value; its name must be unique (an empty name gets a generated one). Returns its index.
    int addValue(Value value);
    // Room for `count` values in `values` and in the name index, so that adding them neither moves
    // the values nor rehashes the index (an importer that knows the count up front).
    void reserveValues(std::size_t count);
    // Adds a node and sets `producer` on its outputs. Returns its index.
    int addNode(Node node);
    // Index of the value with that name, or -1.
    int findValue(const QString &valueName) const;
    // Rebuilds the name index and producers after values or nodes were edited in place.
    void reindex();

    // Node indices in a dependency-respecting order (stable: keeps file order where free).
    // Fails with the names of nodes on a cycle.
    Result<std::vector<int>> topologicalOrder() const;
    // Reorders `nodes` topologically (and remaps producers). Fails on a cycle, leaving it unchanged.
    Status sortTopologically();
    // Structural checks: cycles, inputs nothing produces, values written twice, indices out of
    // range, and dtype mismatches between inputs of ops that need equal types (after propagation).
    std::vector<GraphIssue> validate(ValidationChecks checks = {}) const;

    // consumers()[v] = nodes reading value v.
    std::vector<std::vector<int>> consumers() const;

    // Parameters: elements of floating-point initializers that are not buffers (each counted once).
    std::int64_t parameterCount() const;
    // Bytes of all floating-point initializers, buffers included: what the weights occupy in memory.
    std::int64_t parameterBytes() const;

private:
    QHash<QString, int> m_index;
};

}  // namespace infersight
