// SPDX-License-Identifier: MIT
// Private to core/graph: what a shape rule sees of its node (RuleContext), helpers shared by the
// rule families (shape_rules_*.cpp), and the Einsum equation parser that node costs use as well.
// Not part of the public API; include only from core/graph/*.cpp.
#pragma once

#include "graph/graph.h"

#include <QHash>
#include <QString>
#include <QStringView>

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <string>
#include <vector>

namespace infersight::shape_rules {

// Tensors with at most this many elements get their contents folded during propagation.
inline constexpr std::int64_t kMaxFoldElements = 4096;
// Largest dimension or element count a propagated tensor may have (2^50); beyond it the shape is
// reported as an error (guards arithmetic against absurd or hostile inputs).
inline constexpr std::int64_t kMaxElements = std::int64_t{1} << 50;
// Returned by the dim arithmetic below when a product or sum overflows; always > kMaxElements.
inline constexpr std::int64_t kDimOverflow = std::int64_t{1} << 62;

// Dimension arithmetic where -1 means unknown: the result is unknown when an operand is, and
// kDimOverflow when it would leave the safe range.
std::int64_t mulDims(std::int64_t a, std::int64_t b);
std::int64_t addDims(std::int64_t a, std::int64_t b);
// Product of shape[begin, end), -1 when one of them is unknown.
std::int64_t productOf(const Shape &shape, std::size_t begin, std::size_t end);

// Maps axis in [-rank, rank) to [0, rank). False when out of range.
bool normalizeAxis(std::int64_t axis, std::int64_t rank, std::int64_t &normalized);

// Numpy (multidirectional) broadcasting of two shapes with unknown dims. False on a conflict.
bool broadcastShapes(const Shape &a, const Shape &b, Shape &result);
bool broadcastDims(const std::int64_t *a, std::size_t rankA, const std::int64_t *b, std::size_t rankB, Shape &result);

// Offset into a tensor of shape `in` for each element of the broadcast shape `out` (row-major).
std::vector<std::int64_t> broadcastSources(const Shape &in, const Shape &out);

// Row-major strides of a fully known shape.
std::vector<std::int64_t> stridesOf(const Shape &shape);

// The view of one node that a shape rule gets. Inputs are read through accessors that treat
// omitted (-1) and out-of-range indices as absent; outputs are written only when the value is an
// intermediate (a malformed graph cannot overwrite its inputs or weights).
class RuleContext {
public:
    RuleContext(Graph &graph, int nodeIndex, std::int64_t opset);

    Graph &graph;
    const Node &node;
    const int nodeIndex;
    const std::int64_t opset;  // default-domain opset (21 when the graph does not say)

    // --- inputs
    std::size_t inputCount() const { return node.inputs.size(); }
    const Value *in(std::size_t i) const;
    bool has(std::size_t i) const { return in(i) != nullptr; }
    // Shape of a present input whose rank is known, else nullptr.
    const Shape *shape(std::size_t i) const;
    DType dtype(std::size_t i) const;
    // Folded contents, when consistent with the known shape.
    const std::vector<std::int64_t> *ints(std::size_t i) const;
    const std::vector<double> *floats(std::size_t i) const;
    bool hasData(std::size_t i) const { return ints(i) != nullptr || floats(i) != nullptr; }
    // Contents converted to the requested representation; false when not folded (or not finite).
    bool readInts(std::size_t i, std::vector<std::int64_t> &out) const;
    bool readDoubles(std::size_t i, std::vector<double> &out) const;
    // First element of a folded scalar or 1-element tensor.
    bool readScalarInt(std::size_t i, std::int64_t &out) const;
    bool readScalarDouble(std::size_t i, double &out) const;
    // Whether a present input is known to be empty (0 elements), as ONNX uses for "not given".
    bool isEmptyTensor(std::size_t i) const;

    // --- outputs
    std::size_t outputCount() const { return node.outputs.size(); }
    Value *out(std::size_t i);
    // Sets dtype and shape. Rejects dims < -1 or too large with fail(); returns false then.
    // The value's buffer is reused (no allocation once a graph has been propagated).
    bool setShape(std::size_t i, DType type, const Shape &shape);
    // Known rank, every dim unknown.
    bool setRank(std::size_t i, DType type, std::size_t rank);
    void setType(std::size_t i, DType type);
    // Sets every present output's dtype (used when inputs are unknown).
    void setAllTypes(DType type);
    // Folded contents of output i; ignored unless its shape is fully known, has exactly
    // data.size() elements and is small. Converted to the representation the dtype uses
    // (floating dtypes keep doubles, integer and bool dtypes int64).
    void setData(std::size_t i, std::vector<std::int64_t> data);
    void setData(std::size_t i, std::vector<double> data);
    // Output o = input i's contents picked by `source` (input element index per output element).
    void foldPick(std::size_t o, std::size_t i, const std::vector<std::int64_t> &source);

    // --- attributes (no copies)
    const Attribute *attr(QStringView name) const { return node.attribute(name); }
    std::int64_t attrInt(QStringView name, std::int64_t fallback) const { return node.attrInt(name, fallback); }
    double attrFloat(QStringView name, double fallback) const { return node.attrFloat(name, fallback); }
    // The ints of an Ints attribute (an Int attribute is not accepted), else nullptr.
    const std::vector<std::int64_t> *attrInts(QStringView name) const;
    const std::vector<double> *attrFloats(QStringView name) const;
    // String attribute or empty.
    QString attrString(QStringView name) const { return node.attrString(name); }

    // --- errors
    // Records an inconsistency (the first one wins) and returns false. The caller clears every
    // output of the node afterwards.
    bool fail(const QString &message);
    bool failed() const { return m_failed; }
    const QString &error() const { return m_error; }

private:
    bool m_failed = false;
    QString m_error;
};

// Op type -> T, built once and read on every propagation: open addressing with FNV-1a over the
// UTF-16 code units. (QHash<QString> hashes with SipHash here, which dominated propagation time.)
template <typename T>
class OpNameTable {
public:
    void insert(const QString &name, T value) {
        if (T *existing = findMutable(name)) {
            *existing = value;
            return;
        }
        m_entries.emplace_back(name, value);
        if (m_entries.size() * 2 > m_slots.size()) {
            rehash(std::max<std::size_t>(64, m_slots.size() * 2));
        } else {
            place(m_entries.size() - 1);
        }
    }
    const T *find(QStringView name) const {
        if (m_slots.empty()) {
            return nullptr;
        }
        for (std::size_t slot = hashOf(name) & m_mask;; slot = (slot + 1) & m_mask) {
            const std::int32_t e = m_slots[slot];
            if (e < 0) {
                return nullptr;
            }
            const QString &key = m_entries[static_cast<std::size_t>(e)].first;
            if (key.size() == name.size() &&
                std::equal(key.constData(), key.constData() + key.size(), name.data())) {
                return &m_entries[static_cast<std::size_t>(e)].second;
            }
        }
    }
    bool contains(QStringView name) const { return find(name) != nullptr; }
    const std::vector<std::pair<QString, T>> &entries() const { return m_entries; }

private:
    static std::size_t hashOf(QStringView s) {
        std::uint32_t h = 2166136261u;
        for (QChar c : s) {
            h = (h ^ c.unicode()) * 16777619u;
        }
        return h;
    }
    T *findMutable(QStringView name) { return const_cast<T *>(std::as_const(*this).find(name)); }
    void place(std::size_t entry) {
        std::size_t slot = hashOf(m_entries[entry].first) & m_mask;
        while (m_slots[slot] >= 0) {
            slot = (slot + 1) & m_mask;
        }
        m_slots[slot] = static_cast<std::int32_t>(entry);
    }
    void rehash(std::size_t capacity) {
        m_slots.assign(capacity, -1);
        m_mask = capacity - 1;
        for (std::size_t e = 0; e < m_entries.size(); ++e) {
            place(e);
        }
    }
    std::vector<std::pair<QString, T>> m_entries;
    std::vector<std::int32_t> m_slots;
    std::size_t m_mask = 0;
};

using ShapeRule = void (*)(RuleContext &);

struct ShapeRuleTable {
    OpNameTable<ShapeRule> onnx;       // default domain ("" or "ai.onnx")
    OpNameTable<ShapeRule> microsoft;  // "com.microsoft" contrib ops
};

void addElementwiseRules(ShapeRuleTable &table);
void addTensorRules(ShapeRuleTable &table);
void addNeuralRules(ShapeRuleTable &table);

// An Einsum equation: one term per operand and the output term. Letters are the index names;
// '.' stands for an ellipsis ("...") in a term.
struct EinsumEquation {
    std::vector<std::string> inputs;
    std::string output;
    bool valid = false;
};
EinsumEquation parseEinsum(const QString &equation);

// Sizes of every index letter (by ASCII code, -1 when absent or unknown) and the broadcast shape
// the ellipsis stands for, for these operand shapes. False with a message on a mismatch.
struct EinsumSizes {
    std::array<std::int64_t, 128> letter{};
    Shape ellipsis;
};
bool einsumSizes(const EinsumEquation &equation, const std::vector<const Shape *> &operands, EinsumSizes &sizes,
                 QString &error);

}  // namespace infersight::shape_rules
