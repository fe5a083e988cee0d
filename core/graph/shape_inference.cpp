// SPDX-License-Identifier: MIT
// Shape and dtype propagation: the driver (propagateShapes), the RuleContext every rule works
// through, and helpers shared by the rule families in shape_rules_*.cpp.
//
// Design notes
// - Rules are plain functions found through a hash table built once (by op type, per domain).
// - A rule reads its inputs' shapes / folded contents and writes its outputs; it never throws
//   and never asserts: inconsistencies go through RuleContext::fail() and end up in
//   PropagationReport::nodeErrors with the node's outputs left unknown.
// - Unknown dimensions are -1; a rule propagates what it can (known rank, partial dims).
// - Small tensors (<= kMaxFoldElements) are folded so that computed Reshape/Expand/Slice
//   arguments become concrete; folded contents live in Value::intData / Value::floatData.
// - Output dtypes are never overwritten with Undefined, so a dtype the importer took from the
//   source (value_info) survives when a rule cannot compute one.
#include "graph/shape_inference.h"

#include "base/checked_arithmetic.h"
#include "graph/shape_rules.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace infersight {

namespace shape_rules {

std::int64_t mulDims(std::int64_t a, std::int64_t b) {
    if (a < 0 || b < 0) {
        return -1;
    }
    std::int64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r) || r > kMaxElements) {
        return kDimOverflow;
    }
    return r;
}

std::int64_t addDims(std::int64_t a, std::int64_t b) {
    if (a < 0 || b < 0) {
        return -1;
    }
    std::int64_t r = 0;
    if (__builtin_add_overflow(a, b, &r) || r > kMaxElements) {
        return kDimOverflow;
    }
    return r;
}

std::int64_t productOf(const Shape &shape, std::size_t begin, std::size_t end) {
    std::int64_t p = 1;
    for (std::size_t k = begin; k < end && k < shape.size(); ++k) {
        p = mulDims(p, shape[k]);
        if (p < 0) {
            return -1;
        }
    }
    return p;
}

bool normalizeAxis(std::int64_t axis, std::int64_t rank, std::int64_t &normalized) {
    if (axis < -rank || axis >= rank) {
        return false;
    }
    normalized = axis < 0 ? axis + rank : axis;
    return true;
}

bool broadcastDims(const std::int64_t *a, std::size_t rankA, const std::int64_t *b, std::size_t rankB, Shape &result) {
    const std::size_t rank = std::max(rankA, rankB);
    result.assign(rank, 1);
    const std::size_t offA = rank - rankA;
    const std::size_t offB = rank - rankB;
    for (std::size_t k = 0; k < rank; ++k) {
        const std::int64_t da = k < offA ? 1 : a[k - offA];
        const std::int64_t db = k < offB ? 1 : b[k - offB];
        std::int64_t r = 0;
        if (da == db) {
            r = da;
        } else if (da == 1) {
            r = db;
        } else if (db == 1) {
            r = da;
        } else if (da < 0) {
            r = db;
        } else if (db < 0) {
            r = da;
        } else {
            return false;
        }
        result[k] = r;
    }
    return true;
}

bool broadcastShapes(const Shape &a, const Shape &b, Shape &result) {
    if (&result == &a || &result == &b) {
        Shape merged;
        const bool ok = broadcastDims(a.data(), a.size(), b.data(), b.size(), merged);
        result = std::move(merged);
        return ok;
    }
    return broadcastDims(a.data(), a.size(), b.data(), b.size(), result);
}

std::vector<std::int64_t> stridesOf(const Shape &shape) {
    std::vector<std::int64_t> strides(shape.size(), 1);
    std::int64_t s = 1;
    for (std::size_t k = shape.size(); k-- > 0;) {
        strides[k] = s;
        s *= std::max<std::int64_t>(shape[k], 1);
    }
    return strides;
}

std::vector<std::int64_t> broadcastSources(const Shape &in, const Shape &out) {
    const std::int64_t n = elementCount(out);
    std::vector<std::int64_t> result;
    if (n <= 0) {
        return result;
    }
    result.resize(static_cast<std::size_t>(n));
    const std::size_t rank = out.size();
    const std::size_t offset = rank - std::min(rank, in.size());
    std::vector<std::int64_t> inStride(rank, 0);
    std::int64_t stride = 1;
    for (std::size_t k = in.size(); k-- > 0;) {
        const std::int64_t d = in[k];
        if (k + offset < rank) {
            inStride[k + offset] = d == 1 ? 0 : stride;
        }
        stride *= std::max<std::int64_t>(d, 1);
    }
    std::vector<std::int64_t> index(rank, 0);
    std::int64_t current = 0;
    for (std::int64_t e = 0; e < n; ++e) {
        result[static_cast<std::size_t>(e)] = current;
        for (std::size_t k = rank; k-- > 0;) {
            ++index[k];
            current += inStride[k];
            if (index[k] < out[k]) {
                break;
            }
            current -= inStride[k] * out[k];
            index[k] = 0;
        }
    }
    return result;
}

RuleContext::RuleContext(Graph &g, int index, std::int64_t defaultOpset)
    : graph(g), node(g.nodes[static_cast<std::size_t>(index)]), nodeIndex(index), opset(defaultOpset) {}

const Value *RuleContext::in(std::size_t i) const {
    const int v = node.input(i);
    if (v < 0 || static_cast<std::size_t>(v) >= graph.values.size()) {
        return nullptr;
    }
    return &graph.values[static_cast<std::size_t>(v)];
}

const Shape *RuleContext::shape(std::size_t i) const {
    const Value *v = in(i);
    return v && v->rankKnown ? &v->shape : nullptr;
}

DType RuleContext::dtype(std::size_t i) const {
    const Value *v = in(i);
    return v ? v->dtype : DType::Undefined;
}

const std::vector<std::int64_t> *RuleContext::ints(std::size_t i) const {
    const Value *v = in(i);
    if (!v || !v->intData || !v->rankKnown) {
        return nullptr;
    }
    const std::int64_t n = elementCount(v->shape);
    return n >= 0 && static_cast<std::size_t>(n) == v->intData->size() ? &*v->intData : nullptr;
}

const std::vector<double> *RuleContext::floats(std::size_t i) const {
    const Value *v = in(i);
    if (!v || !v->floatData || !v->rankKnown) {
        return nullptr;
    }
    const std::int64_t n = elementCount(v->shape);
    return n >= 0 && static_cast<std::size_t>(n) == v->floatData->size() ? &*v->floatData : nullptr;
}

namespace {

bool doubleToInt(double d, std::int64_t &out) {
    // 2^63 as a double; anything at or beyond it (or not finite) does not fit.
    constexpr double limit = 9223372036854775808.0;
    if (!std::isfinite(d) || d >= limit || d < -limit) {
        return false;
    }
    out = static_cast<std::int64_t>(d);  // truncation toward zero, as a C cast
    return true;
}

}  // namespace

bool RuleContext::readInts(std::size_t i, std::vector<std::int64_t> &out) const {
    if (const auto *data = ints(i)) {
        out = *data;
        return true;
    }
    if (const auto *data = floats(i)) {
        out.resize(data->size());
        for (std::size_t k = 0; k < data->size(); ++k) {
            if (!doubleToInt((*data)[k], out[k])) {
                return false;
            }
        }
        return true;
    }
    return false;
}

bool RuleContext::readDoubles(std::size_t i, std::vector<double> &out) const {
    if (const auto *data = floats(i)) {
        out = *data;
        return true;
    }
    if (const auto *data = ints(i)) {
        out.assign(data->begin(), data->end());
        return true;
    }
    return false;
}

bool RuleContext::readScalarInt(std::size_t i, std::int64_t &out) const {
    if (const auto *data = ints(i); data && !data->empty()) {
        out = data->front();
        return true;
    }
    if (const auto *data = floats(i); data && !data->empty()) {
        return doubleToInt(data->front(), out);
    }
    return false;
}

bool RuleContext::readScalarDouble(std::size_t i, double &out) const {
    if (const auto *data = floats(i); data && !data->empty()) {
        out = data->front();
        return true;
    }
    if (const auto *data = ints(i); data && !data->empty()) {
        out = static_cast<double>(data->front());
        return true;
    }
    return false;
}

bool RuleContext::isEmptyTensor(std::size_t i) const {
    const Value *v = in(i);
    if (!v) {
        return false;
    }
    if (v->rankKnown && elementCount(v->shape) == 0) {
        return true;
    }
    return (v->intData && v->intData->empty() && !v->floatData) || (v->floatData && v->floatData->empty() && !v->intData);
}

Value *RuleContext::out(std::size_t i) {
    const int v = node.output(i);
    if (v < 0 || static_cast<std::size_t>(v) >= graph.values.size()) {
        return nullptr;
    }
    Value &value = graph.values[static_cast<std::size_t>(v)];
    return value.kind == ValueKind::Intermediate ? &value : nullptr;
}

bool RuleContext::setShape(std::size_t i, DType type, const Shape &s) {
    Value *v = out(i);
    if (!v) {
        return false;
    }
    std::int64_t count = 1;
    for (std::int64_t d : s) {
        if (d < -1) {
            return fail(QStringLiteral("computed output %1 has a negative dimension: %2").arg(i).arg(shapeToString(s)));
        }
        if (d > kMaxElements) {
            return fail(QStringLiteral("computed output %1 has a dimension too large to be real").arg(i));
        }
        if (d >= 0 && count >= 0) {
            count = mulDims(count, d);
        }
    }
    if (count > kMaxElements) {
        return fail(QStringLiteral("computed output %1 has too many elements: %2").arg(i).arg(shapeToString(s)));
    }
    if (type != DType::Undefined) {
        v->dtype = type;
    }
    v->shape.assign(s.begin(), s.end());
    v->rankKnown = true;
    return true;
}

bool RuleContext::setRank(std::size_t i, DType type, std::size_t rank) {
    if (rank > 64) {
        return fail(QStringLiteral("computed output %1 would have rank %2").arg(i).arg(rank));
    }
    return setShape(i, type, Shape(rank, -1));
}

void RuleContext::setType(std::size_t i, DType type) {
    Value *v = out(i);
    if (v && type != DType::Undefined) {
        v->dtype = type;
    }
}

void RuleContext::setAllTypes(DType type) {
    for (std::size_t i = 0; i < node.outputs.size(); ++i) {
        setType(i, type);
    }
}

void RuleContext::setData(std::size_t i, std::vector<std::int64_t> data) {
    Value *v = out(i);
    if (!v || !v->rankKnown) {
        return;
    }
    const std::int64_t n = elementCount(v->shape);
    if (n < 0 || n > kMaxFoldElements || static_cast<std::size_t>(n) != data.size()) {
        return;
    }
    if (isFloating(v->dtype)) {
        v->floatData = std::vector<double>(data.begin(), data.end());
        v->intData.reset();
    } else {
        if (v->dtype == DType::Bool) {
            for (auto &x : data) {
                x = x != 0 ? 1 : 0;
            }
        }
        v->intData = std::move(data);
        v->floatData.reset();
    }
}

void RuleContext::setData(std::size_t i, std::vector<double> data) {
    Value *v = out(i);
    if (!v || !v->rankKnown) {
        return;
    }
    const std::int64_t n = elementCount(v->shape);
    if (n < 0 || n > kMaxFoldElements || static_cast<std::size_t>(n) != data.size()) {
        return;
    }
    if (isFloating(v->dtype) || v->dtype == DType::Undefined) {
        v->floatData = std::move(data);
        v->intData.reset();
        return;
    }
    std::vector<std::int64_t> converted(data.size());
    for (std::size_t k = 0; k < data.size(); ++k) {
        if (v->dtype == DType::Bool) {
            converted[k] = data[k] != 0.0 ? 1 : 0;
        } else if (!doubleToInt(data[k], converted[k])) {
            return;
        }
    }
    v->intData = std::move(converted);
    v->floatData.reset();
}

void RuleContext::foldPick(std::size_t o, std::size_t i, const std::vector<std::int64_t> &source) {
    if (source.size() > static_cast<std::size_t>(kMaxFoldElements)) {
        return;
    }
    if (const auto *data = ints(i)) {
        std::vector<std::int64_t> result(source.size());
        for (std::size_t k = 0; k < source.size(); ++k) {
            const std::int64_t s = source[k];
            if (s < 0 || static_cast<std::size_t>(s) >= data->size()) {
                return;
            }
            result[k] = (*data)[static_cast<std::size_t>(s)];
        }
        setData(o, std::move(result));
    } else if (const auto *fdata = floats(i)) {
        std::vector<double> result(source.size());
        for (std::size_t k = 0; k < source.size(); ++k) {
            const std::int64_t s = source[k];
            if (s < 0 || static_cast<std::size_t>(s) >= fdata->size()) {
                return;
            }
            result[k] = (*fdata)[static_cast<std::size_t>(s)];
        }
        setData(o, std::move(result));
    }
}

const std::vector<std::int64_t> *RuleContext::attrInts(QStringView attributeName) const {
    const Attribute *a = node.attribute(attributeName);
    return a && a->kind == Attribute::Kind::Ints ? &a->ints : nullptr;
}

const std::vector<double> *RuleContext::attrFloats(QStringView attributeName) const {
    const Attribute *a = node.attribute(attributeName);
    return a && a->kind == Attribute::Kind::Floats ? &a->floats : nullptr;
}

bool RuleContext::fail(const QString &message) {
    if (!m_failed) {
        m_failed = true;
        m_error = message;
    }
    return false;
}

}  // namespace shape_rules

namespace {

using shape_rules::ShapeRule;
using shape_rules::ShapeRuleTable;

const ShapeRuleTable &ruleTable() {
    static const ShapeRuleTable table = [] {
        ShapeRuleTable t;
        shape_rules::addElementwiseRules(t);
        shape_rules::addTensorRules(t);
        shape_rules::addNeuralRules(t);
        return t;
    }();
    return table;
}

bool isDefaultDomain(const QString &domain) { return domain.isEmpty() || domain == QLatin1String("ai.onnx"); }

ShapeRule findRule(const Node &node) {
    const ShapeRuleTable &t = ruleTable();
    const ShapeRule *rule = nullptr;
    if (isDefaultDomain(node.domain)) {
        rule = t.onnx.find(node.opType);
    } else if (node.domain == QLatin1String("com.microsoft")) {
        rule = t.microsoft.find(node.opType);
    }
    return rule ? *rule : nullptr;
}

void resolveDeclared(Value &v, const ShapeBindings &bindings) {
    v.shape.resize(v.declared.size());
    for (std::size_t k = 0; k < v.declared.size(); ++k) {
        const std::int64_t d = bindings.resolve(v.declared[k]);
        v.shape[k] = d >= 0 ? d : -1;
    }
    v.rankKnown = true;
}

void clearComputed(Value &v) {
    v.shape.clear();
    v.rankKnown = false;
    v.intData.reset();
    v.floatData.reset();
}

// A count in three significant digits ("1.35e+16").
QString countText(std::int64_t n) {
    return QString::number(static_cast<double>(n), 'g', 3);
}

// Checks that a value with a known rank is no larger than kMaxTensorElements / kMaxTensorBytes
// (unknown dims count as 1). Appends "tensor 'name' [dims] (<origin>) has N elements, more than
// the limit ..." to `tooLarge` and returns false when it is larger. `origin()` gives <origin>; it
// is only called then (issue 15, item 5: formatting it for every node of a million-node graph
// took 8 % of a prediction).
template <typename OriginText>
bool checkTensorSize(const Value &v, const OriginText &origin, QStringList &tooLarge) {
    if (!v.rankKnown) {
        return true;
    }
    std::int64_t elements = 1;
    bool overflow = false;
    for (std::int64_t d : v.shape) {
        if (d < 0) {
            continue;
        }
        const std::optional<std::int64_t> next = checkedMul(elements, d);
        if (!next) {
            overflow = true;
            break;
        }
        elements = *next;
    }
    const int bits = dtypeBits(v.dtype);
    const std::int64_t bytesPerElement = bits > 0 ? (bits + 7) / 8 : 1;
    const std::optional<std::int64_t> bytes = overflow ? std::nullopt : checkedMul(elements, bytesPerElement);
    if (!overflow && elements <= kMaxTensorElements && bytes && *bytes <= kMaxTensorBytes) {
        return true;
    }
    QString size;
    if (overflow) {
        size = QStringLiteral("more than 2^63 elements (the count overflows 64-bit integers)");
    } else if (elements > kMaxTensorElements) {
        size = QStringLiteral("%1 elements, more than the limit of 2^50 (%2)").arg(countText(elements), countText(kMaxTensorElements));
    } else {
        size = QStringLiteral("%1 bytes, more than the limit of 2^53 (%2)")
                   .arg(bytes ? countText(*bytes) : QStringLiteral("more than 2^63"), countText(kMaxTensorBytes));
    }
    tooLarge << QStringLiteral("tensor '%1' %2 (%3) has %4").arg(v.name, shapeToString(v.shape), origin(), size);
    return false;
}

std::int64_t defaultOpset(const Graph &graph) {
    if (graph.opset > 0) {
        return graph.opset;
    }
    const std::int64_t declared = graph.opsetImports.value(QString(), graph.opsetImports.value(QStringLiteral("ai.onnx"), 0));
    return declared > 0 ? declared : 21;
}

}  // namespace

PropagationReport propagateShapes(Graph &graph, const ShapeBindings &bindings) {
    PropagationReport report;
    const std::size_t valueCount = graph.values.size();

    // Start clean: inputs from their declaration, initializers as they are, everything computed reset.
    for (Value &v : graph.values) {
        switch (v.kind) {
        case ValueKind::Input:
            if (v.declaredRankKnown) {
                resolveDeclared(v, bindings);
                if (!checkTensorSize(v, [] { return QStringLiteral("a graph input"); }, report.tooLarge)) {
                    v.shape.clear();
                    v.rankKnown = false;
                }
            } else {
                v.shape.clear();
                v.rankKnown = false;
            }
            break;
        case ValueKind::Initializer:
            if (!v.rankKnown && v.declaredRankKnown) {
                v.shape.resize(v.declared.size());
                for (std::size_t k = 0; k < v.declared.size(); ++k) {
                    v.shape[k] = v.declared[k].value;
                }
                v.rankKnown = true;
            }
            if (!checkTensorSize(v, [] { return QStringLiteral("an initializer"); }, report.tooLarge)) {
                v.shape.clear();
                v.rankKnown = false;
            }
            break;
        case ValueKind::Intermediate:
            clearComputed(v);
            break;
        }
    }

    const std::int64_t opset = defaultOpset(graph);
    for (std::size_t n = 0; n < graph.nodes.size(); ++n) {
        const Node &node = graph.nodes[n];
        const ShapeRule rule = findRule(node);
        if (!rule) {
            const QString op = node.qualifiedOp();
            if (!report.unsupportedOps.contains(op)) {
                report.unsupportedOps << op;
            }
        } else {
            shape_rules::RuleContext context(graph, static_cast<int>(n), opset);
            rule(context);
            if (context.failed()) {
                for (int o : node.outputs) {
                    if (o >= 0 && static_cast<std::size_t>(o) < valueCount &&
                        graph.values[static_cast<std::size_t>(o)].kind == ValueKind::Intermediate) {
                        clearComputed(graph.values[static_cast<std::size_t>(o)]);
                    }
                }
                report.nodeErrors.emplace_back(
                    static_cast<int>(n),
                    QStringLiteral("node '%1' (%2): %3").arg(node.name, node.qualifiedOp(), context.error()));
                continue;
            }
        }
        // Outputs no rule could size keep the shape the source declared for them, if any
        // (e.g. value_info of an op we have no rule for), resolved for these bindings.
        for (int o : node.outputs) {
            if (o < 0 || static_cast<std::size_t>(o) >= valueCount) {
                continue;
            }
            Value &v = graph.values[static_cast<std::size_t>(o)];
            if (v.kind == ValueKind::Intermediate && !v.rankKnown && v.declaredRankKnown) {
                resolveDeclared(v, bindings);
            }
            const auto origin = [&node] { return QStringLiteral("output of node '%1', %2").arg(node.name, node.qualifiedOp()); };
            if (v.kind == ValueKind::Intermediate && !checkTensorSize(v, origin, report.tooLarge)) {
                clearComputed(v);
            }
        }
    }

    for (const Node &node : graph.nodes) {
        for (int o : node.outputs) {
            if (o < 0 || static_cast<std::size_t>(o) >= valueCount) {
                continue;
            }
            ++report.totalValues;
            if (!graph.values[static_cast<std::size_t>(o)].shapeKnown()) {
                ++report.unknownValues;
            }
        }
    }
    return report;
}

bool hasShapeRule(const QString &qualifiedOp) {
    const ShapeRuleTable &t = ruleTable();
    const qsizetype sep = qualifiedOp.indexOf(QLatin1String("::"));
    if (sep < 0) {
        return t.onnx.contains(qualifiedOp);
    }
    const QString domain = qualifiedOp.left(sep);
    const QString op = qualifiedOp.mid(sep + 2);
    if (isDefaultDomain(domain)) {
        return t.onnx.contains(op);
    }
    return domain == QLatin1String("com.microsoft") && t.microsoft.contains(op);
}

QStringList supportedOps() {
    const ShapeRuleTable &t = ruleTable();
    QStringList ops;
    for (const auto &entry : t.onnx.entries()) {
        ops << entry.first;
    }
    for (const auto &entry : t.microsoft.entries()) {
        ops << QStringLiteral("com.microsoft::") + entry.first;
    }
    std::sort(ops.begin(), ops.end());
    return ops;
}

}  // namespace infersight
