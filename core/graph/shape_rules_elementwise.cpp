// SPDX-License-Identifier: MIT
// Shape rules of element-wise ops: unary maths and activations, broadcasting binary and variadic
// ops, Where, Clip, Cast/CastLike, Identity/Dropout, Softmax family, quantisation, and the
// com.microsoft activation contrib ops. Small integer and float tensors are folded (shape
// arithmetic of PyTorch exports: Mul/Div/Add on dims, Equal/Where for expand(-1), Cast, Sqrt...).
#include "graph/shape_rules.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>

namespace infersight::shape_rules {
namespace {

// ---------------------------------------------------------------- unary

enum class Unary : std::uint8_t {
    Plain,  // shape only, no folding
    Identity,
    Neg,
    Abs,
    Floor,
    Ceil,
    Round,
    Sqrt,
    Reciprocal,
    Exp,
    Log,
    Sign,
    Relu,
    Not,
    Sigmoid,
    Tanh,
    Erf,
};

double applyUnary(Unary op, double x) {
    switch (op) {
    case Unary::Plain:
    case Unary::Identity: return x;
    case Unary::Neg: return -x;
    case Unary::Abs: return std::fabs(x);
    case Unary::Floor: return std::floor(x);
    case Unary::Ceil: return std::ceil(x);
    case Unary::Round: return std::nearbyint(x);  // ONNX Round: half to even (default FE_TONEAREST)
    case Unary::Sqrt: return std::sqrt(x);
    case Unary::Reciprocal: return 1.0 / x;
    case Unary::Exp: return std::exp(x);
    case Unary::Log: return std::log(x);
    case Unary::Sign: return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0);
    case Unary::Relu: return x > 0 ? x : 0.0;
    case Unary::Not: return x == 0.0 ? 1.0 : 0.0;
    case Unary::Sigmoid: return 1.0 / (1.0 + std::exp(-x));
    case Unary::Tanh: return std::tanh(x);
    case Unary::Erf: return std::erf(x);
    }
    return x;
}

// Integer version; false when the op is not defined on integers or overflows.
bool applyUnary(Unary op, std::int64_t x, std::int64_t &r) {
    switch (op) {
    case Unary::Identity:
    case Unary::Floor:
    case Unary::Ceil:
    case Unary::Round: r = x; return true;
    case Unary::Neg:
    case Unary::Abs:
        if (x == std::numeric_limits<std::int64_t>::min()) {
            return false;
        }
        r = op == Unary::Neg ? -x : (x < 0 ? -x : x);
        return true;
    case Unary::Sign: r = x > 0 ? 1 : (x < 0 ? -1 : 0); return true;
    case Unary::Relu: r = x > 0 ? x : 0; return true;
    case Unary::Not: r = x == 0 ? 1 : 0; return true;
    default: return false;
    }
}

void foldUnary(RuleContext &ctx, Unary op, std::size_t o, std::size_t i) {
    if (op == Unary::Plain || !ctx.hasData(i)) {
        return;
    }
    const Value *result = ctx.out(o);
    if (!result) {
        return;
    }
    if (isFloating(ctx.dtype(i)) || (ctx.floats(i) && !ctx.ints(i))) {
        std::vector<double> data;
        if (!ctx.readDoubles(i, data)) {
            return;
        }
        for (double &x : data) {
            x = applyUnary(op, x);
        }
        ctx.setData(o, std::move(data));
    } else {
        std::vector<std::int64_t> data;
        if (!ctx.readInts(i, data)) {
            return;
        }
        for (std::int64_t &x : data) {
            if (!applyUnary(op, x, x)) {
                return;
            }
        }
        ctx.setData(o, std::move(data));
    }
}

template <Unary op, bool boolResult = false>
void unaryRule(RuleContext &ctx) {
    const DType type = boolResult ? DType::Bool : ctx.dtype(0);
    const Shape *s = ctx.shape(0);
    if (!s) {
        ctx.setType(0, type);
        return;
    }
    if (ctx.setShape(0, type, *s)) {
        foldUnary(ctx, op, 0, 0);
    }
}

// ---------------------------------------------------------------- broadcasting binary / variadic

enum class Binary : std::uint8_t {
    Plain,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Pow,
    Max,
    Min,
    Sum,
    Mean,
    Equal,
    Less,
    Greater,
    LessOrEqual,
    GreaterOrEqual,
    And,
    Or,
    Xor,
};

constexpr bool isComparison(Binary op) {
    return op == Binary::Equal || op == Binary::Less || op == Binary::Greater || op == Binary::LessOrEqual ||
           op == Binary::GreaterOrEqual || op == Binary::And || op == Binary::Or || op == Binary::Xor;
}

double applyBinary(Binary op, double a, double b, bool fmod) {
    switch (op) {
    case Binary::Add:
    case Binary::Sum:
    case Binary::Mean: return a + b;
    case Binary::Sub: return a - b;
    case Binary::Mul: return a * b;
    case Binary::Div: return a / b;
    case Binary::Mod: {
        const double r = std::fmod(a, b);
        return !fmod && r != 0.0 && ((r < 0) != (b < 0)) ? r + b : r;
    }
    case Binary::Pow: return std::pow(a, b);
    case Binary::Max: return a > b ? a : b;
    case Binary::Min: return a < b ? a : b;
    case Binary::Equal: return a == b ? 1.0 : 0.0;
    case Binary::Less: return a < b ? 1.0 : 0.0;
    case Binary::Greater: return a > b ? 1.0 : 0.0;
    case Binary::LessOrEqual: return a <= b ? 1.0 : 0.0;
    case Binary::GreaterOrEqual: return a >= b ? 1.0 : 0.0;
    case Binary::And: return (a != 0.0 && b != 0.0) ? 1.0 : 0.0;
    case Binary::Or: return (a != 0.0 || b != 0.0) ? 1.0 : 0.0;
    case Binary::Xor: return ((a != 0.0) != (b != 0.0)) ? 1.0 : 0.0;
    case Binary::Plain: return 0.0;
    }
    return 0.0;
}

// Integer semantics (ONNX runtime's): Div truncates toward zero, Mod follows the divisor's sign
// unless fmod=1. False on overflow or division by zero: the result then stays unfolded.
bool applyBinary(Binary op, std::int64_t a, std::int64_t b, bool fmod, std::int64_t &r) {
    switch (op) {
    case Binary::Add:
    case Binary::Sum:
    case Binary::Mean: return !__builtin_add_overflow(a, b, &r);
    case Binary::Sub: return !__builtin_sub_overflow(a, b, &r);
    case Binary::Mul: return !__builtin_mul_overflow(a, b, &r);
    case Binary::Div:
        if (b == 0 || (a == std::numeric_limits<std::int64_t>::min() && b == -1)) {
            return false;
        }
        r = a / b;
        return true;
    case Binary::Mod:
        if (b == 0 || (a == std::numeric_limits<std::int64_t>::min() && b == -1)) {
            return false;
        }
        r = a % b;
        if (!fmod && r != 0 && ((r < 0) != (b < 0))) {
            r += b;
        }
        return true;
    case Binary::Pow: {
        if (b < 0) {
            return false;
        }
        std::int64_t result = 1;
        for (std::int64_t k = 0; k < b; ++k) {
            if (__builtin_mul_overflow(result, a, &result)) {
                return false;
            }
            if (result == 0 || result == 1) {
                break;
            }
        }
        r = result;
        return true;
    }
    case Binary::Max: r = a > b ? a : b; return true;
    case Binary::Min: r = a < b ? a : b; return true;
    case Binary::Equal: r = a == b; return true;
    case Binary::Less: r = a < b; return true;
    case Binary::Greater: r = a > b; return true;
    case Binary::LessOrEqual: r = a <= b; return true;
    case Binary::GreaterOrEqual: r = a >= b; return true;
    case Binary::And: r = (a != 0 && b != 0); return true;
    case Binary::Or: r = (a != 0 || b != 0); return true;
    case Binary::Xor: r = ((a != 0) != (b != 0)); return true;
    case Binary::Plain: return false;
    }
    return false;
}

QString shapesList(const RuleContext &ctx, const std::vector<std::size_t> &inputs) {
    QStringList parts;
    for (std::size_t i : inputs) {
        const Shape *s = ctx.shape(i);
        parts << (s ? shapeToString(*s) : QStringLiteral("?"));
    }
    return parts.join(QStringLiteral(" and "));
}

// Folds output 0 = op(inputs...) over the broadcast shape `outShape`.
void foldBroadcast(RuleContext &ctx, Binary op, const std::vector<std::size_t> &inputs, const Shape &outShape) {
    if (op == Binary::Plain || inputs.empty()) {
        return;
    }
    const std::int64_t n = elementCount(outShape);
    if (n < 0 || n > kMaxFoldElements) {
        return;
    }
    bool anyFloat = false;
    for (std::size_t i : inputs) {
        if (!ctx.hasData(i)) {
            return;
        }
        anyFloat = anyFloat || isFloating(ctx.dtype(i)) || (ctx.floats(i) && !ctx.ints(i));
    }
    const bool fmod = ctx.attrInt(u"fmod", 0) != 0;
    std::vector<std::vector<std::int64_t>> sources;
    sources.reserve(inputs.size());
    for (std::size_t i : inputs) {
        sources.push_back(broadcastSources(*ctx.shape(i), outShape));
    }
    const auto count = static_cast<std::size_t>(n);
    if (anyFloat || op == Binary::Pow) {
        std::vector<std::vector<double>> data(inputs.size());
        for (std::size_t k = 0; k < inputs.size(); ++k) {
            if (!ctx.readDoubles(inputs[k], data[k])) {
                return;
            }
        }
        std::vector<double> result(count);
        for (std::size_t e = 0; e < count; ++e) {
            double acc = data[0][static_cast<std::size_t>(sources[0][e])];
            for (std::size_t k = 1; k < inputs.size(); ++k) {
                acc = applyBinary(op, acc, data[k][static_cast<std::size_t>(sources[k][e])], fmod);
            }
            if (op == Binary::Mean) {
                acc /= static_cast<double>(inputs.size());
            }
            result[e] = acc;
        }
        ctx.setData(0, std::move(result));
        return;
    }
    std::vector<std::vector<std::int64_t>> data(inputs.size());
    for (std::size_t k = 0; k < inputs.size(); ++k) {
        if (!ctx.readInts(inputs[k], data[k])) {
            return;
        }
    }
    std::vector<std::int64_t> result(count);
    for (std::size_t e = 0; e < count; ++e) {
        std::int64_t acc = data[0][static_cast<std::size_t>(sources[0][e])];
        for (std::size_t k = 1; k < inputs.size(); ++k) {
            if (!applyBinary(op, acc, data[k][static_cast<std::size_t>(sources[k][e])], fmod, acc)) {
                return;
            }
        }
        if (op == Binary::Mean) {
            acc /= static_cast<std::int64_t>(inputs.size());
        }
        result[e] = acc;
    }
    ctx.setData(0, std::move(result));
}

template <Binary op>
void broadcastRule(RuleContext &ctx) {
    const std::size_t count = ctx.inputCount();
    DType type = isComparison(op) ? DType::Bool : DType::Undefined;
    if (!isComparison(op)) {
        for (std::size_t i = 0; i < count && type == DType::Undefined; ++i) {
            type = ctx.dtype(i);
        }
    }
    thread_local Shape result;  // scratch, reused across calls: no allocation on the hot path
    if (count == 2 && ctx.has(0) && ctx.has(1)) {
        const Shape *a = ctx.shape(0);
        const Shape *b = ctx.shape(1);
        if (!a || !b) {
            ctx.setType(0, type);
            return;
        }
        if (!broadcastDims(a->data(), a->size(), b->data(), b->size(), result)) {
            ctx.fail(QStringLiteral("input shapes cannot be broadcast: %1").arg(shapesList(ctx, {0, 1})));
            return;
        }
        if (ctx.setShape(0, type, result) && op != Binary::Plain && ctx.hasData(0) && ctx.hasData(1)) {
            foldBroadcast(ctx, op, {0, 1}, result);
        }
        return;
    }
    std::vector<std::size_t> inputs;
    inputs.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        if (ctx.has(i)) {
            inputs.push_back(i);
        }
    }
    if (inputs.empty()) {
        ctx.fail(QStringLiteral("has no inputs"));
        return;
    }
    bool first = true;
    for (std::size_t i : inputs) {
        const Shape *s = ctx.shape(i);
        if (!s) {
            ctx.setType(0, type);
            return;
        }
        if (first) {
            result = *s;
            first = false;
            continue;
        }
        if (!broadcastShapes(result, *s, result)) {
            ctx.fail(QStringLiteral("input shapes cannot be broadcast: %1").arg(shapesList(ctx, inputs)));
            return;
        }
    }
    if (ctx.setShape(0, type, result)) {
        foldBroadcast(ctx, op, inputs, result);
    }
}

void whereRule(RuleContext &ctx) {
    const DType type = ctx.dtype(1) != DType::Undefined ? ctx.dtype(1) : ctx.dtype(2);
    const Shape *c = ctx.shape(0);
    const Shape *x = ctx.shape(1);
    const Shape *y = ctx.shape(2);
    if (!c || !x || !y) {
        ctx.setType(0, type);
        return;
    }
    Shape cx;
    Shape result;
    if (!broadcastShapes(*c, *x, cx) || !broadcastShapes(cx, *y, result)) {
        ctx.fail(QStringLiteral("condition, X and Y cannot be broadcast: %1").arg(shapesList(ctx, {0, 1, 2})));
        return;
    }
    if (!ctx.setShape(0, type, result)) {
        return;
    }
    const std::int64_t n = elementCount(result);
    if (n < 0 || n > kMaxFoldElements || !ctx.hasData(0) || !ctx.hasData(1) || !ctx.hasData(2)) {
        return;
    }
    std::vector<std::int64_t> cond;
    if (!ctx.readInts(0, cond)) {
        return;
    }
    const auto sc = broadcastSources(*c, result);
    const auto sx = broadcastSources(*x, result);
    const auto sy = broadcastSources(*y, result);
    const auto count = static_cast<std::size_t>(n);
    if (isFloating(type) || ctx.floats(1) || ctx.floats(2)) {
        std::vector<double> dx;
        std::vector<double> dy;
        if (!ctx.readDoubles(1, dx) || !ctx.readDoubles(2, dy)) {
            return;
        }
        std::vector<double> r(count);
        for (std::size_t e = 0; e < count; ++e) {
            r[e] = cond[static_cast<std::size_t>(sc[e])] != 0 ? dx[static_cast<std::size_t>(sx[e])]
                                                               : dy[static_cast<std::size_t>(sy[e])];
        }
        ctx.setData(0, std::move(r));
    } else {
        std::vector<std::int64_t> dx;
        std::vector<std::int64_t> dy;
        if (!ctx.readInts(1, dx) || !ctx.readInts(2, dy)) {
            return;
        }
        std::vector<std::int64_t> r(count);
        for (std::size_t e = 0; e < count; ++e) {
            r[e] = cond[static_cast<std::size_t>(sc[e])] != 0 ? dx[static_cast<std::size_t>(sx[e])]
                                                               : dy[static_cast<std::size_t>(sy[e])];
        }
        ctx.setData(0, std::move(r));
    }
}

// ---------------------------------------------------------------- same-shape ops with a twist

// Output 0 takes input 0's shape and dtype; other outputs stay as they are.
void sameShapeRule(RuleContext &ctx) {
    const Shape *s = ctx.shape(0);
    if (!s) {
        ctx.setType(0, ctx.dtype(0));
        return;
    }
    ctx.setShape(0, ctx.dtype(0), *s);
}

void clipRule(RuleContext &ctx) {
    const Shape *s = ctx.shape(0);
    if (!s) {
        ctx.setType(0, ctx.dtype(0));
        return;
    }
    if (!ctx.setShape(0, ctx.dtype(0), *s) || !ctx.hasData(0)) {
        return;
    }
    // Bounds: inputs 1/2 from opset 11, attributes min/max before.
    double lo = -std::numeric_limits<double>::infinity();
    double hi = std::numeric_limits<double>::infinity();
    if (ctx.has(1) && !ctx.readScalarDouble(1, lo)) {
        return;
    }
    if (ctx.has(2) && !ctx.readScalarDouble(2, hi)) {
        return;
    }
    lo = ctx.attrFloat(u"min", lo);
    hi = ctx.attrFloat(u"max", hi);
    std::vector<double> data;
    if (!ctx.readDoubles(0, data)) {
        return;
    }
    for (double &x : data) {
        x = x < lo ? lo : (x > hi ? hi : x);
    }
    ctx.setData(0, std::move(data));
}

void castTo(RuleContext &ctx, DType type) {
    const Shape *s = ctx.shape(0);
    if (!s) {
        ctx.setType(0, type);
        return;
    }
    if (!ctx.setShape(0, type, *s)) {
        return;
    }
    if (isFloating(type)) {
        std::vector<double> data;
        if (ctx.readDoubles(0, data)) {
            ctx.setData(0, std::move(data));
        }
    } else if (isInteger(type) || type == DType::Bool) {
        if (const auto *f = ctx.floats(0)) {
            std::vector<double> data = *f;
            for (double &x : data) {
                x = type == DType::Bool ? (x != 0.0 ? 1.0 : 0.0) : std::trunc(x);
            }
            ctx.setData(0, std::move(data));
        } else if (const auto *i = ctx.ints(0)) {
            ctx.setData(0, std::vector<std::int64_t>(*i));
        }
    }
}

void castRule(RuleContext &ctx) {
    const Attribute *to = ctx.attr(u"to");
    if (!to || to->kind != Attribute::Kind::Int) {
        ctx.fail(QStringLiteral("has no 'to' attribute"));
        return;
    }
    const auto type = dtypeFromOnnx(static_cast<int>(std::clamp<std::int64_t>(to->i, -1, 1000)));
    if (!type || *type == DType::Undefined) {
        ctx.fail(QStringLiteral("'to' names no known element type (%1)").arg(to->i));
        return;
    }
    castTo(ctx, *type);
}

void castLikeRule(RuleContext &ctx) { castTo(ctx, ctx.dtype(1)); }

void dropoutRule(RuleContext &ctx) {
    const Shape *s = ctx.shape(0);
    ctx.setType(1, DType::Bool);
    if (!s) {
        ctx.setType(0, ctx.dtype(0));
        return;
    }
    if (ctx.setShape(0, ctx.dtype(0), *s)) {
        foldUnary(ctx, Unary::Identity, 0, 0);
        ctx.setShape(1, DType::Bool, *s);
    }
}

void softmaxRule(RuleContext &ctx) {
    const Shape *s = ctx.shape(0);
    if (!s) {
        ctx.setType(0, ctx.dtype(0));
        return;
    }
    // Axis default: 1 (coerced to 2-D) before opset 13, -1 since; either way the shape stays.
    const std::int64_t rank = static_cast<std::int64_t>(s->size());
    const std::int64_t axis = ctx.attrInt(u"axis", ctx.opset >= 13 ? -1 : 1);
    std::int64_t normalized = 0;
    if (rank > 0 && !normalizeAxis(axis, rank, normalized) && !(ctx.opset < 13 && axis == rank)) {
        ctx.fail(QStringLiteral("axis %1 is out of range for input %2").arg(axis).arg(shapeToString(*s)));
        return;
    }
    ctx.setShape(0, ctx.dtype(0), *s);
}

void quantizeRule(RuleContext &ctx) {
    DType type = DType::U8;
    if (ctx.has(2) && ctx.dtype(2) != DType::Undefined) {
        type = ctx.dtype(2);
    } else if (const Attribute *a = ctx.attr(u"output_dtype"); a && a->kind == Attribute::Kind::Int && a->i > 0) {
        type = dtypeFromOnnx(static_cast<int>(std::min<std::int64_t>(a->i, 1000))).value_or(DType::U8);
    }
    const Shape *s = ctx.shape(0);
    if (!s) {
        ctx.setType(0, type);
        return;
    }
    ctx.setShape(0, type, *s);
}

void dequantizeRule(RuleContext &ctx) {
    DType type = DType::F32;
    if (isFloating(ctx.dtype(1))) {
        type = ctx.dtype(1);  // scale's type (opset 19+); f32 before
    }
    if (const Attribute *a = ctx.attr(u"output_dtype"); a && a->kind == Attribute::Kind::Int && a->i > 0) {
        type = dtypeFromOnnx(static_cast<int>(std::min<std::int64_t>(a->i, 1000))).value_or(type);
    }
    const Shape *s = ctx.shape(0);
    if (!s) {
        ctx.setType(0, type);
        return;
    }
    ctx.setShape(0, type, *s);
}

void dynamicQuantizeRule(RuleContext &ctx) {
    ctx.setShape(1, DType::F32, {});
    ctx.setShape(2, DType::U8, {});
    const Shape *s = ctx.shape(0);
    if (!s) {
        ctx.setType(0, DType::U8);
        return;
    }
    ctx.setShape(0, DType::U8, *s);
}

// Ops with outputs shaped like input 0 whose dtype comes from a `dtype` attribute when present
// (EyeLike, RandomNormalLike, RandomUniformLike, Bernoulli).
void likeRule(RuleContext &ctx) {
    DType type = ctx.dtype(0);
    if (const Attribute *a = ctx.attr(u"dtype"); a && a->kind == Attribute::Kind::Int) {
        type = dtypeFromOnnx(static_cast<int>(std::clamp<std::int64_t>(a->i, -1, 1000))).value_or(type);
    }
    const Shape *s = ctx.shape(0);
    if (!s) {
        ctx.setType(0, type);
        return;
    }
    ctx.setShape(0, type, *s);
}

// com.microsoft BiasGelu / FastGelu / BiasAdd: output shaped like input 0 (bias broadcast onto it).
void biasActivationRule(RuleContext &ctx) {
    const Shape *s = ctx.shape(0);
    if (!s) {
        ctx.setType(0, ctx.dtype(0));
        return;
    }
    for (std::size_t i = 1; i < ctx.inputCount(); ++i) {
        const Shape *b = ctx.shape(i);
        Shape merged;
        if (b && (!broadcastShapes(*s, *b, merged) || merged.size() != s->size())) {
            ctx.fail(QStringLiteral("input %1 %2 does not broadcast onto %3").arg(i).arg(shapeToString(*b), shapeToString(*s)));
            return;
        }
    }
    ctx.setShape(0, ctx.dtype(0), *s);
}

}  // namespace

void addElementwiseRules(ShapeRuleTable &table) {
    auto &t = table.onnx;
    // Unary maths and activations (folded where shape arithmetic uses them).
    t.insert(QStringLiteral("Identity"), &unaryRule<Unary::Identity>);
    t.insert(QStringLiteral("Neg"), &unaryRule<Unary::Neg>);
    t.insert(QStringLiteral("Abs"), &unaryRule<Unary::Abs>);
    t.insert(QStringLiteral("Floor"), &unaryRule<Unary::Floor>);
    t.insert(QStringLiteral("Ceil"), &unaryRule<Unary::Ceil>);
    t.insert(QStringLiteral("Round"), &unaryRule<Unary::Round>);
    t.insert(QStringLiteral("Sqrt"), &unaryRule<Unary::Sqrt>);
    t.insert(QStringLiteral("Reciprocal"), &unaryRule<Unary::Reciprocal>);
    t.insert(QStringLiteral("Exp"), &unaryRule<Unary::Exp>);
    t.insert(QStringLiteral("Log"), &unaryRule<Unary::Log>);
    t.insert(QStringLiteral("Sign"), &unaryRule<Unary::Sign>);
    t.insert(QStringLiteral("Relu"), &unaryRule<Unary::Relu>);
    t.insert(QStringLiteral("Sigmoid"), &unaryRule<Unary::Sigmoid>);
    t.insert(QStringLiteral("Tanh"), &unaryRule<Unary::Tanh>);
    t.insert(QStringLiteral("Erf"), &unaryRule<Unary::Erf>);
    t.insert(QStringLiteral("Not"), &unaryRule<Unary::Not, true>);
    t.insert(QStringLiteral("IsNaN"), &unaryRule<Unary::Plain, true>);
    t.insert(QStringLiteral("IsInf"), &unaryRule<Unary::Plain, true>);
    for (const char *op : {"LeakyRelu", "HardSigmoid", "HardSwish", "Elu", "Selu", "Celu", "Gelu", "Softplus",
                           "Softsign", "Mish", "Swish", "Sin", "Cos", "Tan", "Asin", "Acos", "Atan", "Sinh",
                           "Cosh", "Asinh", "Acosh", "Atanh", "ThresholdedRelu", "Shrink", "BitwiseNot"}) {
        t.insert(QString::fromLatin1(op), &unaryRule<Unary::Plain>);
    }
    // Broadcasting binary and variadic ops.
    t.insert(QStringLiteral("Add"), &broadcastRule<Binary::Add>);
    t.insert(QStringLiteral("Sub"), &broadcastRule<Binary::Sub>);
    t.insert(QStringLiteral("Mul"), &broadcastRule<Binary::Mul>);
    t.insert(QStringLiteral("Div"), &broadcastRule<Binary::Div>);
    t.insert(QStringLiteral("Mod"), &broadcastRule<Binary::Mod>);
    t.insert(QStringLiteral("Pow"), &broadcastRule<Binary::Pow>);
    t.insert(QStringLiteral("Max"), &broadcastRule<Binary::Max>);
    t.insert(QStringLiteral("Min"), &broadcastRule<Binary::Min>);
    t.insert(QStringLiteral("Sum"), &broadcastRule<Binary::Sum>);
    t.insert(QStringLiteral("Mean"), &broadcastRule<Binary::Mean>);
    t.insert(QStringLiteral("Equal"), &broadcastRule<Binary::Equal>);
    t.insert(QStringLiteral("Less"), &broadcastRule<Binary::Less>);
    t.insert(QStringLiteral("Greater"), &broadcastRule<Binary::Greater>);
    t.insert(QStringLiteral("LessOrEqual"), &broadcastRule<Binary::LessOrEqual>);
    t.insert(QStringLiteral("GreaterOrEqual"), &broadcastRule<Binary::GreaterOrEqual>);
    t.insert(QStringLiteral("And"), &broadcastRule<Binary::And>);
    t.insert(QStringLiteral("Or"), &broadcastRule<Binary::Or>);
    t.insert(QStringLiteral("Xor"), &broadcastRule<Binary::Xor>);
    for (const char *op : {"PRelu", "BitShift", "BitwiseAnd", "BitwiseOr", "BitwiseXor"}) {
        t.insert(QString::fromLatin1(op), &broadcastRule<Binary::Plain>);
    }
    t.insert(QStringLiteral("Where"), &whereRule);
    t.insert(QStringLiteral("Clip"), &clipRule);
    t.insert(QStringLiteral("Cast"), &castRule);
    t.insert(QStringLiteral("CastLike"), &castLikeRule);
    t.insert(QStringLiteral("Dropout"), &dropoutRule);
    t.insert(QStringLiteral("Softmax"), &softmaxRule);
    t.insert(QStringLiteral("LogSoftmax"), &softmaxRule);
    t.insert(QStringLiteral("Hardmax"), &softmaxRule);
    for (const char *op : {"CumSum", "Trilu", "LRN", "LpNormalization", "MeanVarianceNormalization",
                           "InstanceNormalization", "ReverseSequence", "ScatterND", "ScatterElements", "Scatter"}) {
        t.insert(QString::fromLatin1(op), &sameShapeRule);
    }
    t.insert(QStringLiteral("QuantizeLinear"), &quantizeRule);
    t.insert(QStringLiteral("DequantizeLinear"), &dequantizeRule);
    t.insert(QStringLiteral("DynamicQuantizeLinear"), &dynamicQuantizeRule);
    for (const char *op : {"EyeLike", "RandomNormalLike", "RandomUniformLike", "Bernoulli"}) {
        t.insert(QString::fromLatin1(op), &likeRule);
    }

    auto &ms = table.microsoft;
    ms.insert(QStringLiteral("Gelu"), &unaryRule<Unary::Plain>);
    ms.insert(QStringLiteral("QuickGelu"), &unaryRule<Unary::Plain>);
    ms.insert(QStringLiteral("FastGelu"), &biasActivationRule);
    ms.insert(QStringLiteral("BiasGelu"), &biasActivationRule);
    ms.insert(QStringLiteral("BiasAdd"), &biasActivationRule);
    ms.insert(QStringLiteral("RotaryEmbedding"), &sameShapeRule);
    ms.insert(QStringLiteral("QuantizeLinear"), &quantizeRule);
    ms.insert(QStringLiteral("DequantizeLinear"), &dequantizeRule);
}

}  // namespace infersight::shape_rules
