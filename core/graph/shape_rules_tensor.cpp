// SPDX-License-Identifier: MIT
// Shape rules of tensor-manipulation ops: Shape/Size/Constant/ConstantOfShape/Range (sources of
// shape arithmetic), Reshape/Flatten/Squeeze/Unsqueeze/Transpose, Concat/Split/Slice/Gather*,
// Expand/Tile/Pad, Resize/Upsample, DepthToSpace/SpaceToDepth, NonZero/OneHot/Compress, and the
// reductions (Reduce*, ArgMax/ArgMin, TopK). Data-moving ops fold small known contents through a
// source-index map (RuleContext::foldPick) built by foldByIndex (element moves: Transpose, Slice,
// Tile) or foldAxisRows (row picks along one axis: Split, Gather).
//
// Opset differences handled by looking at what the node carries: Squeeze/Unsqueeze/Split/Reduce*
// take axes/split as attributes before opset 13 (Reduce* other than ReduceSum before 18) and as
// inputs after; Slice uses attributes before opset 10; Pad before 11; TopK's k before 10;
// Upsample's scales are an attribute in opsets 7-8; Resize has (X, scales) in opset 10 and
// (X, roi, scales, sizes) from 11; Split's num_outputs and Resize's axes come with opset 18.
#include "graph/shape_rules.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace infersight::shape_rules {
namespace {

constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();

// Identity fold: output o has the same contents as input i (reshaping ops).
void foldSame(RuleContext &ctx, std::size_t o, std::size_t i) {
    if (const auto *d = ctx.ints(i)) {
        ctx.setData(o, std::vector<std::int64_t>(*d));
    } else if (const auto *f = ctx.floats(i)) {
        ctx.setData(o, std::vector<double>(*f));
    }
}

// Integer list from input i (opset where it is an input) or attribute `name` (older opsets).
// Returns 1 when read, 0 when neither is present, -1 when the input is there but not folded.
int intsFromInputOrAttr(const RuleContext &ctx, std::size_t i, QStringView name, std::vector<std::int64_t> &out) {
    if (ctx.has(i)) {
        return ctx.readInts(i, out) ? 1 : -1;
    }
    if (const auto *a = ctx.attrInts(name)) {
        out.assign(a->begin(), a->end());
        return 1;
    }
    out.clear();
    return 0;
}

// Steps a row-major multi-index through a shape (last axis fastest); wraps to all zeros after the
// last element.
void nextIndex(std::vector<std::int64_t> &index, const Shape &dims) {
    for (std::size_t k = dims.size(); k-- > 0;) {
        if (++index[k] < dims[k]) {
            return;
        }
        index[k] = 0;
    }
}

// Folds output 0 of an op that moves input 0's elements (Transpose, Slice, Tile): along output
// axis k, coordinate i reads input coordinate coordinate(k, i) at input stride strides[k]. Outputs
// too large to fold stay unfolded.
template <typename Coordinate>
void foldByIndex(RuleContext &ctx, const Shape &out, const std::vector<std::int64_t> &strides, Coordinate coordinate) {
    const std::int64_t n = elementCount(out);
    if (n < 0 || n > kMaxFoldElements) {
        return;
    }
    std::vector<std::int64_t> source(static_cast<std::size_t>(n));
    std::vector<std::int64_t> index(out.size(), 0);
    for (std::int64_t e = 0; e < n; ++e) {
        std::int64_t offset = 0;
        for (std::size_t k = 0; k < index.size(); ++k) {
            offset += coordinate(k, index[k]) * strides[k];
        }
        source[static_cast<std::size_t>(e)] = offset;
        nextIndex(index, out);
    }
    ctx.foldPick(0, 0, source);
}

// Folds output o of an op that picks whole rows along one axis of input 0 (Split, Gather): input 0
// seen as [outer, dim, inner], the output is, for each outer block, the rows row(0) ... row(count - 1)
// of that block, `inner` elements each.
template <typename Row>
void foldAxisRows(RuleContext &ctx, std::size_t o, std::int64_t outer, std::int64_t dim, std::int64_t inner,
                  std::int64_t count, Row row) {
    std::vector<std::int64_t> source;
    source.reserve(static_cast<std::size_t>(outer * count * inner));
    for (std::int64_t a = 0; a < outer; ++a) {
        for (std::int64_t j = 0; j < count; ++j) {
            const std::int64_t r = row(j);
            for (std::int64_t c = 0; c < inner; ++c) {
                source.push_back((a * dim + r) * inner + c);
            }
        }
    }
    ctx.foldPick(o, 0, source);
}

// Known length of a present 1-D input (e.g. axes or a shape tensor), -1 otherwise.
std::int64_t vectorLength(const RuleContext &ctx, std::size_t i) {
    const Shape *s = ctx.shape(i);
    if (!s) {
        return -1;
    }
    if (s->empty()) {
        return 1;
    }
    return s->size() == 1 ? (*s)[0] : -1;
}

// Normalizes a list of axes for `rank`; fails on out-of-range or repeated axes.
bool normalizeAxes(RuleContext &ctx, std::vector<std::int64_t> &axes, std::int64_t rank) {
    for (std::size_t k = 0; k < axes.size(); ++k) {
        std::int64_t n = 0;
        if (!normalizeAxis(axes[k], rank, n)) {
            return ctx.fail(QStringLiteral("axis %1 is out of range for rank %2").arg(axes[k]).arg(rank));
        }
        if (std::find(axes.begin(), axes.begin() + static_cast<std::ptrdiff_t>(k), n) != axes.begin() + static_cast<std::ptrdiff_t>(k)) {
            return ctx.fail(QStringLiteral("axis %1 is repeated").arg(axes[k]));
        }
        axes[k] = n;
    }
    return true;
}

// ---------------------------------------------------------------- sources of shape arithmetic

void shapeRule(RuleContext &ctx) {
    const Shape *s = ctx.shape(0);
    if (!s) {
        ctx.setRank(0, DType::I64, 1);
        return;
    }
    const auto rank = static_cast<std::int64_t>(s->size());
    std::int64_t start = ctx.attrInt(u"start", 0);
    std::int64_t end = ctx.attrInt(u"end", rank);
    start = std::clamp<std::int64_t>(start < 0 ? start + rank : start, 0, rank);
    end = std::clamp<std::int64_t>(end < 0 ? end + rank : end, 0, rank);
    const std::int64_t length = std::max<std::int64_t>(end - start, 0);
    if (!ctx.setShape(0, DType::I64, {length})) {
        return;
    }
    std::vector<std::int64_t> dims(s->begin() + start, s->begin() + start + length);
    if (isFullyKnown(dims)) {
        ctx.setData(0, std::move(dims));
    }
}

void sizeRule(RuleContext &ctx) {
    if (!ctx.setShape(0, DType::I64, {})) {
        return;
    }
    const Shape *s = ctx.shape(0);
    if (s && isFullyKnown(*s)) {
        ctx.setData(0, std::vector<std::int64_t>{elementCount(*s)});
    }
}

void constantRule(RuleContext &ctx) {
    if (const Attribute *a = ctx.attr(u"value")) {
        if (a->kind != Attribute::Kind::Tensor || !a->tensor) {
            ctx.fail(QStringLiteral("attribute 'value' is not a tensor"));
            return;
        }
        const TensorInfo &t = *a->tensor;
        if (!ctx.setShape(0, t.dtype, t.dims)) {
            return;
        }
        if (t.intData) {
            ctx.setData(0, std::vector<std::int64_t>(*t.intData));
        } else if (t.floatData) {
            ctx.setData(0, std::vector<double>(*t.floatData));
        }
        return;
    }
    if (const Attribute *a = ctx.attr(u"value_int")) {
        if (ctx.setShape(0, DType::I64, {})) {
            ctx.setData(0, std::vector<std::int64_t>{a->i});
        }
        return;
    }
    if (const auto *v = ctx.attrInts(u"value_ints")) {
        if (ctx.setShape(0, DType::I64, {static_cast<std::int64_t>(v->size())})) {
            ctx.setData(0, std::vector<std::int64_t>(*v));
        }
        return;
    }
    if (const Attribute *a = ctx.attr(u"value_float")) {
        if (ctx.setShape(0, DType::F32, {})) {
            ctx.setData(0, std::vector<double>{a->kind == Attribute::Kind::Int ? static_cast<double>(a->i) : a->f});
        }
        return;
    }
    if (const auto *v = ctx.attrFloats(u"value_floats")) {
        if (ctx.setShape(0, DType::F32, {static_cast<std::int64_t>(v->size())})) {
            ctx.setData(0, std::vector<double>(*v));
        }
        return;
    }
    if (ctx.attr(u"value_string")) {
        ctx.setShape(0, DType::String, {});
        return;
    }
    if (const Attribute *a = ctx.attr(u"value_strings")) {
        ctx.setShape(0, DType::String, {static_cast<std::int64_t>(a->strings.size())});
        return;
    }
    if (ctx.attr(u"sparse_value")) {
        return;  // contents unknown; shape not modelled
    }
    ctx.fail(QStringLiteral("has no value attribute"));
}

void constantOfShapeRule(RuleContext &ctx) {
    DType type = DType::F32;
    double fill = 0.0;
    std::int64_t fillInt = 0;
    if (const Attribute *a = ctx.attr(u"value"); a && a->kind == Attribute::Kind::Tensor && a->tensor) {
        type = a->tensor->dtype;
        if (a->tensor->intData && !a->tensor->intData->empty()) {
            fillInt = a->tensor->intData->front();
            fill = static_cast<double>(fillInt);
        } else if (a->tensor->floatData && !a->tensor->floatData->empty()) {
            fill = a->tensor->floatData->front();
            fillInt = static_cast<std::int64_t>(std::isfinite(fill) && std::fabs(fill) < 9e18 ? fill : 0.0);
        }
    }
    std::vector<std::int64_t> dims;
    if (!ctx.readInts(0, dims)) {
        const std::int64_t rank = vectorLength(ctx, 0);
        if (rank >= 0) {
            ctx.setRank(0, type, static_cast<std::size_t>(rank));
        } else {
            ctx.setType(0, type);
        }
        return;
    }
    for (std::int64_t d : dims) {
        if (d < 0) {
            ctx.fail(QStringLiteral("requested shape %1 has a negative dimension").arg(shapeToString(dims)));
            return;
        }
    }
    const std::int64_t n = elementCount(dims);
    if (!ctx.setShape(0, type, dims) || n > kMaxFoldElements) {
        return;
    }
    if (isFloating(type)) {
        ctx.setData(0, std::vector<double>(static_cast<std::size_t>(n), fill));
    } else {
        ctx.setData(0, std::vector<std::int64_t>(static_cast<std::size_t>(n), fillInt));
    }
}

void rangeRule(RuleContext &ctx) {
    const DType type = ctx.dtype(0);
    if (!ctx.hasData(0) || !ctx.hasData(1) || !ctx.hasData(2)) {
        ctx.setRank(0, type, 1);
        return;
    }
    const bool floating = isFloating(type) || ctx.floats(0) || ctx.floats(1) || ctx.floats(2);
    std::int64_t n = 0;
    if (floating) {
        double start = 0;
        double limit = 0;
        double delta = 0;
        ctx.readScalarDouble(0, start);
        ctx.readScalarDouble(1, limit);
        ctx.readScalarDouble(2, delta);
        if (delta == 0.0 || !std::isfinite(delta) || !std::isfinite(start) || !std::isfinite(limit)) {
            ctx.fail(QStringLiteral("delta must be a finite non-zero number"));
            return;
        }
        const double count = std::max(std::ceil((limit - start) / delta), 0.0);
        if (count > static_cast<double>(kMaxElements)) {
            ctx.fail(QStringLiteral("would produce %1 elements").arg(count));
            return;
        }
        n = static_cast<std::int64_t>(count);
        if (!ctx.setShape(0, type, {n}) || n > kMaxFoldElements) {
            return;
        }
        std::vector<double> values(static_cast<std::size_t>(n));
        for (std::int64_t k = 0; k < n; ++k) {
            values[static_cast<std::size_t>(k)] = start + static_cast<double>(k) * delta;
        }
        ctx.setData(0, std::move(values));
        return;
    }
    std::int64_t start = 0;
    std::int64_t limit = 0;
    std::int64_t delta = 0;
    ctx.readScalarInt(0, start);
    ctx.readScalarInt(1, limit);
    ctx.readScalarInt(2, delta);
    if (delta == 0) {
        ctx.fail(QStringLiteral("delta is zero"));
        return;
    }
    std::int64_t diff = 0;
    if (__builtin_sub_overflow(limit, start, &diff)) {
        ctx.fail(QStringLiteral("would produce more than 2^50 elements"));
        return;
    }
    std::int64_t count = 0;
    if (delta > 0 && diff > 0) {
        count = (diff - 1) / delta + 1;
    } else if (delta < 0 && diff < 0) {
        const std::int64_t back = delta == std::numeric_limits<std::int64_t>::min() ? kInt64Max : -delta;
        count = (-(diff + 1)) / back + 1;
    }
    if (count > kMaxElements) {
        ctx.fail(QStringLiteral("would produce more than 2^50 elements"));
        return;
    }
    n = count;
    if (!ctx.setShape(0, type, {n}) || n > kMaxFoldElements) {
        return;
    }
    std::vector<std::int64_t> values(static_cast<std::size_t>(n));
    for (std::int64_t k = 0; k < n; ++k) {
        values[static_cast<std::size_t>(k)] = start + k * delta;
    }
    ctx.setData(0, std::move(values));
}

// ---------------------------------------------------------------- reshaping

void reshapeRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const DType type = ctx.dtype(0);
    thread_local std::vector<std::int64_t> target;
    const int got = intsFromInputOrAttr(ctx, 1, u"shape", target);
    if (got <= 0) {
        const std::int64_t rank = vectorLength(ctx, 1);
        if (rank >= 0) {
            ctx.setRank(0, type, static_cast<std::size_t>(rank));
        } else {
            ctx.setType(0, type);
        }
        return;
    }
    const bool allowZero = ctx.attrInt(u"allowzero", 0) != 0;
    thread_local Shape result;
    result.assign(target.size(), -1);
    std::int64_t inferred = -1;
    bool hasZero = false;
    for (std::size_t k = 0; k < target.size(); ++k) {
        const std::int64_t t = target[k];
        if (t == 0 && !allowZero) {
            if (x) {
                if (k >= x->size()) {
                    ctx.fail(QStringLiteral("target %1 copies dimension %2 but the input %3 has rank %4")
                                 .arg(shapeToString(target)).arg(k).arg(shapeToString(*x)).arg(x->size()));
                    return;
                }
                result[k] = (*x)[k];
            }
        } else if (t == -1) {
            if (inferred >= 0) {
                ctx.fail(QStringLiteral("target %1 has more than one -1").arg(shapeToString(target)));
                return;
            }
            inferred = static_cast<std::int64_t>(k);
        } else if (t < -1) {
            ctx.fail(QStringLiteral("target %1 has an invalid dimension %2").arg(shapeToString(target)).arg(t));
            return;
        } else {
            hasZero = hasZero || t == 0;
            result[k] = t;
        }
    }
    if (allowZero && hasZero && inferred >= 0) {
        ctx.fail(QStringLiteral("target %1 has both 0 and -1 with allowzero=1").arg(shapeToString(target)));
        return;
    }
    const std::int64_t total = x ? elementCount(*x) : -1;
    if (inferred >= 0) {
        std::int64_t rest = 1;
        for (std::size_t k = 0; k < result.size(); ++k) {
            if (static_cast<std::int64_t>(k) != inferred) {
                rest = mulDims(rest, result[k]);
            }
        }
        if (total >= 0 && rest > 0 && rest <= kMaxElements) {
            if (total % rest != 0) {
                ctx.fail(QStringLiteral("cannot reshape %1 (%2 elements) to %3")
                             .arg(shapeToString(*x)).arg(total).arg(shapeToString(target)));
                return;
            }
            result[static_cast<std::size_t>(inferred)] = total / rest;
        } else if (total > 0 && rest == 0) {
            ctx.fail(QStringLiteral("cannot reshape %1 to %2").arg(shapeToString(*x), shapeToString(target)));
            return;
        }
    } else if (total >= 0 && isFullyKnown(result) && elementCount(result) != total) {
        ctx.fail(QStringLiteral("cannot reshape %1 (%2 elements) to %3 (%4 elements)")
                     .arg(shapeToString(*x)).arg(total).arg(shapeToString(result)).arg(elementCount(result)));
        return;
    }
    if (ctx.setShape(0, type, result)) {
        foldSame(ctx, 0, 0);
    }
}

void flattenRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    if (!x) {
        ctx.setRank(0, ctx.dtype(0), 2);
        return;
    }
    const auto rank = static_cast<std::int64_t>(x->size());
    std::int64_t axis = ctx.attrInt(u"axis", 1);
    if (axis < 0) {
        axis += rank;
    }
    if (axis < 0 || axis > rank) {
        ctx.fail(QStringLiteral("axis %1 is out of range for input %2").arg(ctx.attrInt(u"axis", 1)).arg(shapeToString(*x)));
        return;
    }
    const auto a = static_cast<std::size_t>(axis);
    if (ctx.setShape(0, ctx.dtype(0), {productOf(*x, 0, a), productOf(*x, a, x->size())})) {
        foldSame(ctx, 0, 0);
    }
}

void transposeRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    if (!x) {
        ctx.setType(0, ctx.dtype(0));
        return;
    }
    const std::size_t rank = x->size();
    thread_local std::vector<std::int64_t> perm;
    if (const auto *p = ctx.attrInts(u"perm")) {
        perm.assign(p->begin(), p->end());
    } else {
        perm.resize(rank);
        for (std::size_t k = 0; k < rank; ++k) {
            perm[k] = static_cast<std::int64_t>(rank - 1 - k);
        }
    }
    if (perm.size() != rank) {
        ctx.fail(QStringLiteral("perm %1 does not match the input rank %2").arg(shapeToString(perm)).arg(rank));
        return;
    }
    thread_local Shape result;
    result.assign(rank, -1);
    for (std::size_t k = 0; k < rank; ++k) {
        const std::int64_t p = perm[k];
        if (p < 0 || p >= static_cast<std::int64_t>(rank) ||
            std::find(perm.begin(), perm.begin() + static_cast<std::ptrdiff_t>(k), p) != perm.begin() + static_cast<std::ptrdiff_t>(k)) {
            ctx.fail(QStringLiteral("perm %1 is not a permutation of the %2 axes").arg(shapeToString(perm)).arg(rank));
            return;
        }
        result[k] = (*x)[static_cast<std::size_t>(p)];
    }
    if (!ctx.setShape(0, ctx.dtype(0), result) || !ctx.hasData(0)) {
        return;
    }
    const auto inStrides = stridesOf(*x);
    std::vector<std::int64_t> strides(rank);
    for (std::size_t k = 0; k < rank; ++k) {
        strides[k] = inStrides[static_cast<std::size_t>(perm[k])];
    }
    foldByIndex(ctx, result, strides, [](std::size_t, std::int64_t i) { return i; });
}

void squeezeRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const DType type = ctx.dtype(0);
    std::vector<std::int64_t> axes;
    const int got = intsFromInputOrAttr(ctx, 1, u"axes", axes);
    if (!x) {
        ctx.setType(0, type);
        return;
    }
    const auto rank = static_cast<std::int64_t>(x->size());
    if (got < 0) {
        const std::int64_t count = vectorLength(ctx, 1);
        if (count >= 0 && count <= rank) {
            ctx.setRank(0, type, static_cast<std::size_t>(rank - count));
        } else {
            ctx.setType(0, type);
        }
        return;
    }
    Shape result;
    if (axes.empty()) {
        for (std::int64_t d : *x) {
            if (d < 0) {
                ctx.setType(0, type);  // cannot tell which dims are 1
                return;
            }
            if (d != 1) {
                result.push_back(d);
            }
        }
    } else {
        if (!normalizeAxes(ctx, axes, rank)) {
            return;
        }
        for (std::int64_t a : axes) {
            const std::int64_t d = (*x)[static_cast<std::size_t>(a)];
            if (d >= 0 && d != 1) {
                ctx.fail(QStringLiteral("cannot squeeze axis %1 of size %2 in %3").arg(a).arg(d).arg(shapeToString(*x)));
                return;
            }
        }
        for (std::int64_t k = 0; k < rank; ++k) {
            if (std::find(axes.begin(), axes.end(), k) == axes.end()) {
                result.push_back((*x)[static_cast<std::size_t>(k)]);
            }
        }
    }
    if (ctx.setShape(0, type, std::move(result))) {
        foldSame(ctx, 0, 0);
    }
}

void unsqueezeRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const DType type = ctx.dtype(0);
    thread_local std::vector<std::int64_t> axes;
    const int got = intsFromInputOrAttr(ctx, 1, u"axes", axes);
    if (!x) {
        ctx.setType(0, type);
        return;
    }
    const auto rank = static_cast<std::int64_t>(x->size());
    if (got <= 0) {
        const std::int64_t count = got < 0 ? vectorLength(ctx, 1) : -1;
        if (count >= 0) {
            ctx.setRank(0, type, static_cast<std::size_t>(rank + count));
        } else if (got == 0) {
            ctx.fail(QStringLiteral("has no axes"));
        } else {
            ctx.setType(0, type);
        }
        return;
    }
    const std::int64_t outRank = rank + static_cast<std::int64_t>(axes.size());
    if (outRank > 64 || !normalizeAxes(ctx, axes, outRank)) {
        if (!ctx.failed()) {
            ctx.fail(QStringLiteral("would have rank %1").arg(outRank));
        }
        return;
    }
    thread_local Shape result;
    result.assign(static_cast<std::size_t>(outRank), -2);
    for (std::int64_t a : axes) {
        result[static_cast<std::size_t>(a)] = 1;
    }
    std::size_t next = 0;
    for (std::int64_t &d : result) {
        if (d == -2) {
            d = (*x)[next++];
        }
    }
    if (ctx.setShape(0, type, result)) {
        foldSame(ctx, 0, 0);
    }
}

// ---------------------------------------------------------------- joining and splitting

void concatRule(RuleContext &ctx) {
    const std::size_t count = ctx.inputCount();
    DType type = DType::Undefined;
    const Shape *first = nullptr;
    bool allKnown = true;
    bool any = false;
    for (std::size_t i = 0; i < count; ++i) {
        if (!ctx.has(i)) {
            continue;
        }
        any = true;
        if (type == DType::Undefined) {
            type = ctx.dtype(i);
        }
        const Shape *s = ctx.shape(i);
        allKnown = allKnown && s != nullptr;
        first = first ? first : s;
    }
    const Attribute *axisAttr = ctx.attr(u"axis");
    if (!axisAttr || axisAttr->kind != Attribute::Kind::Int) {
        ctx.fail(QStringLiteral("has no axis attribute"));
        return;
    }
    if (!any) {
        ctx.fail(QStringLiteral("has no inputs"));
        return;
    }
    if (!allKnown) {
        ctx.setType(0, type);
        return;
    }
    const auto rank = static_cast<std::int64_t>(first->size());
    std::int64_t axis = 0;
    if (!normalizeAxis(axisAttr->i, rank, axis)) {
        ctx.fail(QStringLiteral("axis %1 is out of range for rank %2").arg(axisAttr->i).arg(rank));
        return;
    }
    thread_local Shape result;
    result = *first;
    result[static_cast<std::size_t>(axis)] = 0;
    bool allData = true;
    for (std::size_t i = 0; i < count; ++i) {
        const Shape *sp = ctx.shape(i);
        if (!sp) {
            continue;
        }
        allData = allData && ctx.hasData(i);
        const Shape &s = *sp;
        if (static_cast<std::int64_t>(s.size()) != rank) {
            ctx.fail(QStringLiteral("inputs have different ranks: %1 and %2").arg(shapeToString(*first), shapeToString(s)));
            return;
        }
        for (std::size_t k = 0; k < s.size(); ++k) {
            if (static_cast<std::int64_t>(k) == axis) {
                result[k] = addDims(result[k], s[k]);
            } else if (result[k] < 0) {
                result[k] = s[k];
            } else if (s[k] >= 0 && s[k] != result[k]) {
                ctx.fail(QStringLiteral("inputs differ outside axis %1: %2 and %3")
                             .arg(axis).arg(shapeToString(*first), shapeToString(s)));
                return;
            }
        }
    }
    if (!ctx.setShape(0, type, result) || !allData) {
        return;
    }
    // Fold: contents of every input, interleaved along the axis (outer = 1 for 1-D shape vectors).
    const std::int64_t n = elementCount(result);
    if (n < 0 || n > kMaxFoldElements) {
        return;
    }
    const std::int64_t outer = productOf(result, 0, static_cast<std::size_t>(axis));
    const auto a = static_cast<std::size_t>(axis);
    if (!isFloating(type)) {
        std::vector<std::int64_t> ints;
        ints.reserve(static_cast<std::size_t>(n));
        std::vector<std::int64_t> converted;
        for (std::int64_t o = 0; o < outer; ++o) {
            for (std::size_t i = 0; i < count; ++i) {
                const Shape *sp = ctx.shape(i);
                if (!sp) {
                    continue;
                }
                const std::vector<std::int64_t> *data = ctx.ints(i);
                if (!data) {
                    if (!ctx.readInts(i, converted)) {
                        return;
                    }
                    data = &converted;
                }
                const std::int64_t chunk = productOf(*sp, a, sp->size());
                const auto begin = data->begin() + static_cast<std::ptrdiff_t>(o * chunk);
                ints.insert(ints.end(), begin, begin + static_cast<std::ptrdiff_t>(chunk));
            }
        }
        ctx.setData(0, std::move(ints));
        return;
    }
    std::vector<double> doubles;
    doubles.reserve(static_cast<std::size_t>(n));
    std::vector<double> part;
    for (std::int64_t o = 0; o < outer; ++o) {
        for (std::size_t i = 0; i < count; ++i) {
            const Shape *sp = ctx.shape(i);
            if (!sp) {
                continue;
            }
            if (!ctx.readDoubles(i, part)) {
                return;
            }
            const std::int64_t chunk = productOf(*sp, a, sp->size());
            const auto begin = part.begin() + static_cast<std::ptrdiff_t>(o * chunk);
            doubles.insert(doubles.end(), begin, begin + static_cast<std::ptrdiff_t>(chunk));
        }
    }
    ctx.setData(0, std::move(doubles));
}

void splitRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const DType type = ctx.dtype(0);
    const std::size_t outputs = ctx.outputCount();
    if (!x) {
        ctx.setAllTypes(type);
        return;
    }
    const auto rank = static_cast<std::int64_t>(x->size());
    std::int64_t axis = 0;
    if (!normalizeAxis(ctx.attrInt(u"axis", 0), rank, axis)) {
        ctx.fail(QStringLiteral("axis %1 is out of range for input %2").arg(ctx.attrInt(u"axis", 0)).arg(shapeToString(*x)));
        return;
    }
    const std::int64_t dim = (*x)[static_cast<std::size_t>(axis)];
    std::vector<std::int64_t> sizes;
    const int got = intsFromInputOrAttr(ctx, 1, u"split", sizes);
    if (got < 0 || (got > 0 && sizes.empty() && !ctx.isEmptyTensor(1))) {
        for (std::size_t o = 0; o < outputs; ++o) {
            Shape s = *x;
            s[static_cast<std::size_t>(axis)] = -1;
            ctx.setShape(o, type, std::move(s));
        }
        return;
    }
    if (!sizes.empty()) {
        if (sizes.size() != outputs) {
            ctx.fail(QStringLiteral("split %1 has %2 entries for %3 outputs").arg(shapeToString(sizes)).arg(sizes.size()).arg(outputs));
            return;
        }
        std::int64_t sum = 0;
        for (std::int64_t s : sizes) {
            if (s < 0) {
                ctx.fail(QStringLiteral("split %1 has a negative size").arg(shapeToString(sizes)));
                return;
            }
            sum = addDims(sum, s);
        }
        if (dim >= 0 && sum != dim) {
            ctx.fail(QStringLiteral("split %1 sums to %2 but axis %3 of %4 has %5")
                         .arg(shapeToString(sizes)).arg(sum).arg(axis).arg(shapeToString(*x)).arg(dim));
            return;
        }
    } else if (const Attribute *num = ctx.attr(u"num_outputs"); num && num->kind == Attribute::Kind::Int) {
        const std::int64_t count = num->i;
        if (count <= 0 || static_cast<std::size_t>(count) != outputs) {
            ctx.fail(QStringLiteral("num_outputs is %1 but the node has %2 outputs").arg(count).arg(outputs));
            return;
        }
        if (dim >= 0) {
            // Opset 18: chunks of ceil(dim / n); the last one takes the remainder.
            const std::int64_t piece = (dim + count - 1) / count;
            if (piece * (count - 1) > dim) {
                ctx.fail(QStringLiteral("cannot split %1 elements into %2 outputs").arg(dim).arg(count));
                return;
            }
            sizes.assign(static_cast<std::size_t>(count), piece);
            sizes.back() = dim - piece * (count - 1);
        }
    } else if (dim >= 0 && outputs > 0) {
        if (dim % static_cast<std::int64_t>(outputs) != 0) {
            ctx.fail(QStringLiteral("axis %1 of %2 does not split evenly into %3 outputs").arg(axis).arg(shapeToString(*x)).arg(outputs));
            return;
        }
        sizes.assign(outputs, dim / static_cast<std::int64_t>(outputs));
    }
    const std::int64_t outer = productOf(*x, 0, static_cast<std::size_t>(axis));
    const std::int64_t inner = productOf(*x, static_cast<std::size_t>(axis) + 1, x->size());
    std::int64_t offset = 0;
    for (std::size_t o = 0; o < outputs; ++o) {
        Shape s = *x;
        s[static_cast<std::size_t>(axis)] = sizes.empty() ? -1 : sizes[o];
        if (!ctx.setShape(o, type, s)) {
            return;
        }
        if (!sizes.empty() && ctx.hasData(0) && outer >= 0 && inner >= 0) {
            const std::int64_t n = elementCount(s);
            if (n >= 0 && n <= kMaxFoldElements) {
                foldAxisRows(ctx, o, outer, dim, inner, sizes[o], [offset](std::int64_t b) { return offset + b; });
            }
        }
        if (!sizes.empty()) {
            offset += sizes[o];
        }
    }
}

// Start/length of a Slice along one axis of size `dim` (ONNX opset 13 semantics).
struct SliceAxis {
    std::int64_t start = 0;
    std::int64_t step = 1;
    std::int64_t length = -1;
};

SliceAxis sliceAxis(std::int64_t dim, std::int64_t start, std::int64_t end, std::int64_t step) {
    SliceAxis r;
    r.step = step;
    if (dim < 0) {
        return r;
    }
    if (dim == 0) {
        r.length = 0;
        return r;
    }
    // Negative starts/ends count from the end; then clamp to [0, dim] (positive steps) or
    // start to [0, dim-1] and end to [-1, dim-1] (negative steps). Written to avoid overflow
    // with INT64_MIN / INT64_MAX, which exporters use for "to the end".
    if (start < 0) {
        start = std::max(start, -dim) + dim;
    }
    if (end < 0) {
        end = end < -dim ? -1 : end + dim;
    }
    if (step > 0) {
        start = std::clamp<std::int64_t>(start, 0, dim);
        end = std::clamp<std::int64_t>(end, 0, dim);
        r.length = end > start ? (end - start - 1) / step + 1 : 0;
    } else {
        const std::int64_t back = step == std::numeric_limits<std::int64_t>::min() ? kInt64Max : -step;
        start = std::clamp<std::int64_t>(start, 0, dim - 1);
        end = std::clamp<std::int64_t>(end, -1, dim - 1);
        r.length = start > end ? (start - end - 1) / back + 1 : 0;
    }
    r.start = start;
    return r;
}

void sliceRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const DType type = ctx.dtype(0);
    if (!x) {
        ctx.setType(0, type);
        return;
    }
    const auto rank = static_cast<std::int64_t>(x->size());
    std::vector<std::int64_t> starts;
    std::vector<std::int64_t> ends;
    std::vector<std::int64_t> axes;
    std::vector<std::int64_t> steps;
    bool known = true;
    bool axesKnown = true;
    if (ctx.inputCount() >= 3) {
        known = ctx.readInts(1, starts) && ctx.readInts(2, ends);
        if (ctx.has(3)) {
            axesKnown = ctx.readInts(3, axes);
        }
        if (ctx.has(4)) {
            known = ctx.readInts(4, steps) && known;
        }
    } else {
        const auto *s = ctx.attrInts(u"starts");
        const auto *e = ctx.attrInts(u"ends");
        if (!s || !e) {
            ctx.fail(QStringLiteral("has neither starts/ends inputs nor attributes"));
            return;
        }
        starts = *s;
        ends = *e;
        if (const auto *a = ctx.attrInts(u"axes")) {
            axes = *a;
        }
    }
    if (!known || !axesKnown) {
        Shape result = *x;
        if (axesKnown && !axes.empty()) {
            if (!normalizeAxes(ctx, axes, rank)) {
                return;
            }
            for (std::int64_t a : axes) {
                result[static_cast<std::size_t>(a)] = -1;
            }
        } else {
            std::fill(result.begin(), result.end(), -1);
        }
        ctx.setShape(0, type, std::move(result));
        return;
    }
    if (axes.empty()) {
        for (std::size_t k = 0; k < starts.size(); ++k) {
            axes.push_back(static_cast<std::int64_t>(k));
        }
    }
    if (steps.empty()) {
        steps.assign(starts.size(), 1);
    }
    if (ends.size() != starts.size() || axes.size() != starts.size() || steps.size() != starts.size()) {
        ctx.fail(QStringLiteral("starts, ends, axes and steps have different lengths (%1, %2, %3, %4)")
                     .arg(starts.size()).arg(ends.size()).arg(axes.size()).arg(steps.size()));
        return;
    }
    if (!normalizeAxes(ctx, axes, rank)) {
        return;
    }
    Shape result = *x;
    std::vector<SliceAxis> perAxis(x->size());
    for (std::size_t k = 0; k < x->size(); ++k) {
        perAxis[k].length = (*x)[k];
    }
    for (std::size_t k = 0; k < starts.size(); ++k) {
        if (steps[k] == 0) {
            ctx.fail(QStringLiteral("step is zero"));
            return;
        }
        const auto a = static_cast<std::size_t>(axes[k]);
        perAxis[a] = sliceAxis((*x)[a], starts[k], ends[k], steps[k]);
        result[a] = perAxis[a].length;
    }
    if (!ctx.setShape(0, type, result) || !ctx.hasData(0)) {
        return;
    }
    foldByIndex(ctx, result, stridesOf(*x),
                [&](std::size_t k, std::int64_t i) { return perAxis[k].start + i * perAxis[k].step; });
}

// ---------------------------------------------------------------- gathering

void gatherRule(RuleContext &ctx) {
    const Shape *data = ctx.shape(0);
    const Shape *indices = ctx.shape(1);
    const DType type = ctx.dtype(0);
    if (!data || !indices) {
        ctx.setType(0, type);
        return;
    }
    const auto rank = static_cast<std::int64_t>(data->size());
    std::int64_t axis = 0;
    if (!normalizeAxis(ctx.attrInt(u"axis", 0), rank, axis)) {
        ctx.fail(QStringLiteral("axis %1 is out of range for data %2").arg(ctx.attrInt(u"axis", 0)).arg(shapeToString(*data)));
        return;
    }
    const auto a = static_cast<std::size_t>(axis);
    thread_local Shape result;
    result.assign(data->begin(), data->begin() + static_cast<std::ptrdiff_t>(a));
    result.insert(result.end(), indices->begin(), indices->end());
    result.insert(result.end(), data->begin() + static_cast<std::ptrdiff_t>(a) + 1, data->end());
    const std::int64_t dim = (*data)[a];
    std::vector<std::int64_t> converted;
    const std::vector<std::int64_t> *idx = ctx.ints(1);
    if (!idx && ctx.readInts(1, converted)) {
        idx = &converted;
    }
    if (idx && dim >= 0) {
        for (std::int64_t i : *idx) {
            if (i < -dim || i >= dim) {
                ctx.fail(QStringLiteral("index %1 is out of range for axis %2 of data %3").arg(i).arg(axis).arg(shapeToString(*data)));
                return;
            }
        }
    }
    if (!ctx.setShape(0, type, result) || !idx || !ctx.hasData(0)) {
        return;
    }
    const std::int64_t n = elementCount(result);
    if (n < 0 || n > kMaxFoldElements) {
        return;
    }
    const std::int64_t outer = productOf(*data, 0, a);
    const std::int64_t inner = productOf(*data, a + 1, data->size());
    foldAxisRows(ctx, 0, outer, dim, inner, static_cast<std::int64_t>(idx->size()), [idx, dim](std::int64_t j) {
        const std::int64_t i = (*idx)[static_cast<std::size_t>(j)];
        return i < 0 ? i + dim : i;
    });
}

void gatherElementsRule(RuleContext &ctx) {
    const Shape *data = ctx.shape(0);
    const Shape *indices = ctx.shape(1);
    if (!indices) {
        ctx.setType(0, ctx.dtype(0));
        return;
    }
    if (data && data->size() != indices->size()) {
        ctx.fail(QStringLiteral("data %1 and indices %2 have different ranks").arg(shapeToString(*data), shapeToString(*indices)));
        return;
    }
    ctx.setShape(0, ctx.dtype(0), *indices);
}

void gatherNDRule(RuleContext &ctx) {
    const Shape *data = ctx.shape(0);
    const Shape *indices = ctx.shape(1);
    if (!data || !indices) {
        ctx.setType(0, ctx.dtype(0));
        return;
    }
    const std::int64_t batch = ctx.attrInt(u"batch_dims", 0);
    if (indices->empty() || batch < 0 || batch >= static_cast<std::int64_t>(std::min(data->size(), indices->size()))) {
        ctx.fail(QStringLiteral("indices %1 and batch_dims %2 do not fit data %3").arg(shapeToString(*indices)).arg(batch).arg(shapeToString(*data)));
        return;
    }
    const std::int64_t last = indices->back();
    if (last < 0) {
        ctx.setType(0, ctx.dtype(0));
        return;
    }
    if (batch + last > static_cast<std::int64_t>(data->size())) {
        ctx.fail(QStringLiteral("indices %1 index more axes than data %2 has").arg(shapeToString(*indices), shapeToString(*data)));
        return;
    }
    Shape result(indices->begin(), indices->end() - 1);
    result.insert(result.end(), data->begin() + static_cast<std::ptrdiff_t>(batch + last), data->end());
    ctx.setShape(0, ctx.dtype(0), std::move(result));
}

// ---------------------------------------------------------------- broadcasting copies

void expandRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const DType type = ctx.dtype(0);
    std::vector<std::int64_t> target;
    if (!ctx.readInts(1, target)) {
        const std::int64_t len = vectorLength(ctx, 1);
        if (x && len >= 0) {
            ctx.setRank(0, type, std::max<std::size_t>(x->size(), static_cast<std::size_t>(len)));
        } else {
            ctx.setType(0, type);
        }
        return;
    }
    if (!x) {
        ctx.setType(0, type);
        return;
    }
    for (std::int64_t &t : target) {
        if (t < 0) {
            t = -1;  // not valid ONNX; treated as unknown rather than rejected
        }
    }
    Shape result;
    if (!broadcastShapes(*x, target, result)) {
        ctx.fail(QStringLiteral("input %1 cannot be expanded to %2").arg(shapeToString(*x), shapeToString(target)));
        return;
    }
    if (ctx.setShape(0, type, result) && ctx.hasData(0)) {
        const std::int64_t n = elementCount(result);
        if (n >= 0 && n <= kMaxFoldElements) {
            ctx.foldPick(0, 0, broadcastSources(*x, result));
        }
    }
}

void tileRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const DType type = ctx.dtype(0);
    if (!x) {
        ctx.setType(0, type);
        return;
    }
    std::vector<std::int64_t> repeats;
    if (!ctx.readInts(1, repeats)) {
        ctx.setRank(0, type, x->size());
        return;
    }
    if (repeats.size() != x->size()) {
        ctx.fail(QStringLiteral("repeats %1 does not match input %2").arg(shapeToString(repeats), shapeToString(*x)));
        return;
    }
    Shape result(x->size());
    for (std::size_t k = 0; k < x->size(); ++k) {
        if (repeats[k] < 0) {
            ctx.fail(QStringLiteral("repeats %1 has a negative entry").arg(shapeToString(repeats)));
            return;
        }
        result[k] = mulDims((*x)[k], repeats[k]);
    }
    if (!ctx.setShape(0, type, result) || !ctx.hasData(0)) {
        return;
    }
    foldByIndex(ctx, result, stridesOf(*x), [&](std::size_t k, std::int64_t i) { return i % (*x)[k]; });
}

void padRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const DType type = ctx.dtype(0);
    if (!x) {
        ctx.setType(0, type);
        return;
    }
    const auto rank = static_cast<std::int64_t>(x->size());
    std::vector<std::int64_t> pads;
    const int got = intsFromInputOrAttr(ctx, 1, u"pads", pads);
    if (got == 0) {
        ctx.fail(QStringLiteral("has no pads"));
        return;
    }
    std::vector<std::int64_t> axes;
    bool axesKnown = true;
    if (ctx.has(3)) {
        axesKnown = ctx.readInts(3, axes);
    }
    if (got < 0 || !axesKnown) {
        ctx.setRank(0, type, x->size());
        return;
    }
    if (axes.empty()) {
        for (std::int64_t k = 0; k < rank; ++k) {
            axes.push_back(k);
        }
    } else if (!normalizeAxes(ctx, axes, rank)) {
        return;
    }
    if (pads.size() != 2 * axes.size()) {
        ctx.fail(QStringLiteral("pads %1 needs %2 entries for input %3").arg(shapeToString(pads)).arg(2 * axes.size()).arg(shapeToString(*x)));
        return;
    }
    Shape result = *x;
    for (std::size_t k = 0; k < axes.size(); ++k) {
        const auto a = static_cast<std::size_t>(axes[k]);
        if (result[a] < 0) {
            continue;
        }
        const std::int64_t d = result[a] + pads[k] + pads[k + axes.size()];
        if (d < 0 || std::llabs(pads[k]) > kMaxElements || std::llabs(pads[k + axes.size()]) > kMaxElements) {
            ctx.fail(QStringLiteral("pads %1 remove more than input %2 has").arg(shapeToString(pads), shapeToString(*x)));
            return;
        }
        result[a] = d;
    }
    ctx.setShape(0, type, std::move(result));
}

void centerCropPadRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const DType type = ctx.dtype(0);
    if (!x) {
        ctx.setType(0, type);
        return;
    }
    std::vector<std::int64_t> target;
    if (!ctx.readInts(1, target)) {
        ctx.setRank(0, type, x->size());
        return;
    }
    std::vector<std::int64_t> axes;
    if (const auto *a = ctx.attrInts(u"axes")) {
        axes = *a;
    } else {
        for (std::size_t k = 0; k < x->size(); ++k) {
            axes.push_back(static_cast<std::int64_t>(k));
        }
    }
    if (!normalizeAxes(ctx, axes, static_cast<std::int64_t>(x->size()))) {
        return;
    }
    if (axes.size() != target.size()) {
        ctx.fail(QStringLiteral("shape %1 does not match the %2 axes").arg(shapeToString(target)).arg(axes.size()));
        return;
    }
    Shape result = *x;
    for (std::size_t k = 0; k < axes.size(); ++k) {
        result[static_cast<std::size_t>(axes[k])] = target[k];
    }
    ctx.setShape(0, type, std::move(result));
}

// ---------------------------------------------------------------- resampling and rearranging

// Output dims of Resize/Upsample along `axes` from scales or sizes; unknown where not folded.
void resampleRule(RuleContext &ctx, std::size_t scalesInput, std::size_t sizesInput, std::size_t roiInput) {
    const Shape *x = ctx.shape(0);
    const DType type = ctx.dtype(0);
    if (!x) {
        ctx.setType(0, type);
        return;
    }
    const auto rank = static_cast<std::int64_t>(x->size());
    std::vector<std::int64_t> axes;
    if (const auto *a = ctx.attrInts(u"axes")) {
        axes = *a;
        if (!normalizeAxes(ctx, axes, rank)) {
            return;
        }
    } else {
        for (std::int64_t k = 0; k < rank; ++k) {
            axes.push_back(k);
        }
    }
    Shape result = *x;
    const bool hasSizes = sizesInput < ctx.inputCount() && ctx.has(sizesInput) && !ctx.isEmptyTensor(sizesInput);
    const bool hasScales = ctx.has(scalesInput) && !ctx.isEmptyTensor(scalesInput);
    const std::vector<double> *scaleAttr = ctx.attrFloats(u"scales");
    if (hasSizes) {
        std::vector<std::int64_t> sizes;
        if (!ctx.readInts(sizesInput, sizes)) {
            for (std::int64_t a : axes) {
                result[static_cast<std::size_t>(a)] = -1;
            }
            ctx.setShape(0, type, std::move(result));
            return;
        }
        if (sizes.size() != axes.size()) {
            ctx.fail(QStringLiteral("sizes %1 does not match input %2").arg(shapeToString(sizes), shapeToString(*x)));
            return;
        }
        const QString policy = ctx.attrString(u"keep_aspect_ratio_policy");
        if (policy == QLatin1String("not_larger") || policy == QLatin1String("not_smaller")) {
            const bool larger = policy == QLatin1String("not_smaller");
            double scale = larger ? 0.0 : std::numeric_limits<double>::infinity();
            for (std::size_t k = 0; k < axes.size(); ++k) {
                const std::int64_t d = (*x)[static_cast<std::size_t>(axes[k])];
                if (d <= 0) {
                    scale = -1.0;
                    break;
                }
                const double s = static_cast<double>(sizes[k]) / static_cast<double>(d);
                scale = larger ? std::max(scale, s) : std::min(scale, s);
            }
            for (std::int64_t a : axes) {
                const std::int64_t d = (*x)[static_cast<std::size_t>(a)];
                result[static_cast<std::size_t>(a)] =
                    scale < 0 ? -1 : static_cast<std::int64_t>(std::llround(scale * static_cast<double>(d)));
            }
        } else {
            for (std::size_t k = 0; k < axes.size(); ++k) {
                result[static_cast<std::size_t>(axes[k])] = sizes[k];
            }
        }
        ctx.setShape(0, type, std::move(result));
        return;
    }
    std::vector<double> scales;
    if (hasScales) {
        if (!ctx.readDoubles(scalesInput, scales)) {
            for (std::int64_t a : axes) {
                result[static_cast<std::size_t>(a)] = -1;
            }
            ctx.setShape(0, type, std::move(result));
            return;
        }
    } else if (scaleAttr) {
        scales = *scaleAttr;
    } else {
        ctx.fail(QStringLiteral("has neither scales nor sizes"));
        return;
    }
    if (scales.size() != axes.size()) {
        ctx.fail(QStringLiteral("has %1 scales for input %2").arg(scales.size()).arg(shapeToString(*x)));
        return;
    }
    std::vector<double> roi;
    const bool crop = ctx.attrString(u"coordinate_transformation_mode") == QLatin1String("tf_crop_and_resize") &&
                      ctx.has(roiInput) && ctx.readDoubles(roiInput, roi) && roi.size() == 2 * axes.size();
    for (std::size_t k = 0; k < axes.size(); ++k) {
        const auto a = static_cast<std::size_t>(axes[k]);
        if (!(scales[k] > 0.0) || scales[k] > 1e6) {
            ctx.fail(QStringLiteral("scale %1 is not a positive number").arg(scales[k]));
            return;
        }
        if (result[a] < 0) {
            continue;
        }
        const double extent = crop ? roi[k + axes.size()] - roi[k] : 1.0;
        result[a] = static_cast<std::int64_t>(std::floor(static_cast<double>(result[a]) * extent * scales[k]));
    }
    ctx.setShape(0, type, std::move(result));
}

void resizeRule(RuleContext &ctx) {
    // Opset 10: (X, scales). Opset 11+: (X, roi, scales, sizes).
    if (ctx.opset <= 10 || ctx.inputCount() == 2) {
        resampleRule(ctx, 1, 99, 99);
    } else {
        resampleRule(ctx, 2, 3, 1);
    }
}

void upsampleRule(RuleContext &ctx) { resampleRule(ctx, 1, 99, 99); }

// The 4-D input and blocksize of DepthToSpace / SpaceToDepth. Returns nullptr when the rule
// cannot go on: the blocksize or rank is invalid (failed) or the shape is unknown (type set).
const Shape *blockRearrangeInput(RuleContext &ctx, std::int64_t &b) {
    const Shape *x = ctx.shape(0);
    b = ctx.attrInt(u"blocksize", 0);
    if (b <= 0 || b > 65536) {
        ctx.fail(QStringLiteral("blocksize %1 is not positive").arg(b));
        return nullptr;
    }
    if (!x) {
        ctx.setType(0, ctx.dtype(0));
        return nullptr;
    }
    if (x->size() != 4) {
        ctx.fail(QStringLiteral("input %1 is not 4-D").arg(shapeToString(*x)));
        return nullptr;
    }
    return x;
}

void depthToSpaceRule(RuleContext &ctx) {
    std::int64_t b = 0;
    const Shape *x = blockRearrangeInput(ctx, b);
    if (!x) {
        return;
    }
    const std::int64_t c = (*x)[1];
    if (c >= 0 && c % (b * b) != 0) {
        ctx.fail(QStringLiteral("channels %1 are not divisible by blocksize^2 = %2").arg(c).arg(b * b));
        return;
    }
    ctx.setShape(0, ctx.dtype(0), {(*x)[0], c < 0 ? -1 : c / (b * b), mulDims((*x)[2], b), mulDims((*x)[3], b)});
}

void spaceToDepthRule(RuleContext &ctx) {
    std::int64_t b = 0;
    const Shape *x = blockRearrangeInput(ctx, b);
    if (!x) {
        return;
    }
    const std::int64_t h = (*x)[2];
    const std::int64_t w = (*x)[3];
    if ((h >= 0 && h % b != 0) || (w >= 0 && w % b != 0)) {
        ctx.fail(QStringLiteral("spatial dims of %1 are not divisible by blocksize %2").arg(shapeToString(*x)).arg(b));
        return;
    }
    ctx.setShape(0, ctx.dtype(0), {(*x)[0], mulDims((*x)[1], b * b), h < 0 ? -1 : h / b, w < 0 ? -1 : w / b});
}

// ---------------------------------------------------------------- data-dependent shapes

void nonZeroRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    if (!x) {
        ctx.setRank(0, DType::I64, 2);
        return;
    }
    std::vector<double> data;
    if (!isFullyKnown(*x) || !ctx.readDoubles(0, data)) {
        ctx.setShape(0, DType::I64, {static_cast<std::int64_t>(x->size()), -1});
        return;
    }
    const auto rank = static_cast<std::int64_t>(x->size());
    std::vector<std::int64_t> positions;
    for (std::size_t e = 0; e < data.size(); ++e) {
        if (data[e] != 0.0) {
            positions.push_back(static_cast<std::int64_t>(e));
        }
    }
    const auto count = static_cast<std::int64_t>(positions.size());
    if (!ctx.setShape(0, DType::I64, {rank, count}) || rank * count > kMaxFoldElements) {
        return;
    }
    const auto strides = stridesOf(*x);
    std::vector<std::int64_t> coords(static_cast<std::size_t>(rank * count));
    for (std::int64_t j = 0; j < count; ++j) {
        std::int64_t rest = positions[static_cast<std::size_t>(j)];
        for (std::int64_t k = 0; k < rank; ++k) {
            const std::int64_t s = strides[static_cast<std::size_t>(k)];
            coords[static_cast<std::size_t>(k * count + j)] = rest / s;
            rest %= s;
        }
    }
    ctx.setData(0, std::move(coords));
}

void oneHotRule(RuleContext &ctx) {
    const Shape *indices = ctx.shape(0);
    const DType type = ctx.dtype(2);
    if (!indices) {
        ctx.setType(0, type);
        return;
    }
    const auto rank = static_cast<std::int64_t>(indices->size()) + 1;
    std::int64_t axis = 0;
    if (!normalizeAxis(ctx.attrInt(u"axis", -1), rank, axis)) {
        ctx.fail(QStringLiteral("axis %1 is out of range for rank %2").arg(ctx.attrInt(u"axis", -1)).arg(rank));
        return;
    }
    double depth = -1;
    std::int64_t d = -1;
    if (ctx.readScalarDouble(1, depth)) {
        if (!(depth >= 1.0) || depth > static_cast<double>(kMaxElements)) {
            ctx.fail(QStringLiteral("depth %1 is not a positive number").arg(depth));
            return;
        }
        d = static_cast<std::int64_t>(depth);
    }
    Shape result = *indices;
    result.insert(result.begin() + static_cast<std::ptrdiff_t>(axis), d);
    ctx.setShape(0, type, std::move(result));
}

void compressRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const DType type = ctx.dtype(0);
    if (!x) {
        ctx.setType(0, type);
        return;
    }
    std::int64_t count = -1;
    std::vector<std::int64_t> cond;
    if (ctx.readInts(1, cond)) {
        count = static_cast<std::int64_t>(std::count_if(cond.begin(), cond.end(), [](std::int64_t c) { return c != 0; }));
    }
    const Attribute *axisAttr = ctx.attr(u"axis");
    if (!axisAttr) {
        ctx.setShape(0, type, {count});
        return;
    }
    std::int64_t axis = 0;
    if (!normalizeAxis(axisAttr->i, static_cast<std::int64_t>(x->size()), axis)) {
        ctx.fail(QStringLiteral("axis %1 is out of range for input %2").arg(axisAttr->i).arg(shapeToString(*x)));
        return;
    }
    Shape result = *x;
    result[static_cast<std::size_t>(axis)] = count;
    ctx.setShape(0, type, std::move(result));
}

void nonMaxSuppressionRule(RuleContext &ctx) { ctx.setShape(0, DType::I64, {-1, 3}); }

void randomRule(RuleContext &ctx) {
    DType type = DType::F32;
    if (const Attribute *a = ctx.attr(u"dtype"); a && a->kind == Attribute::Kind::Int) {
        type = dtypeFromOnnx(static_cast<int>(std::clamp<std::int64_t>(a->i, -1, 1000))).value_or(DType::F32);
    }
    const auto *s = ctx.attrInts(u"shape");
    if (!s) {
        ctx.fail(QStringLiteral("has no shape attribute"));
        return;
    }
    ctx.setShape(0, type, *s);
}

// ---------------------------------------------------------------- reductions

enum class Reduce : std::uint8_t { Plain, Sum, Prod, Max, Min, Mean };

template <Reduce kind>
void reduceRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const DType type = ctx.dtype(0);
    const bool keepDims = ctx.attrInt(u"keepdims", 1) != 0;
    const bool noop = ctx.attrInt(u"noop_with_empty_axes", 0) != 0;
    thread_local std::vector<std::int64_t> axes;
    const int got = intsFromInputOrAttr(ctx, 1, u"axes", axes);
    if (!x) {
        ctx.setType(0, type);
        return;
    }
    const auto rank = static_cast<std::int64_t>(x->size());
    thread_local Shape result;
    if (got < 0) {
        const std::int64_t count = vectorLength(ctx, 1);
        if (keepDims) {
            result = *x;
            for (std::int64_t &d : result) {
                d = d == 1 ? 1 : -1;
            }
            ctx.setShape(0, type, result);
        } else if (count >= 0 && count <= rank) {
            ctx.setRank(0, type, static_cast<std::size_t>(count == 0 ? (noop ? rank : 0) : rank - count));
        } else {
            ctx.setType(0, type);
        }
        return;
    }
    if (axes.empty()) {
        if (noop) {
            ctx.setShape(0, type, *x);
            foldSame(ctx, 0, 0);
            return;
        }
        for (std::int64_t k = 0; k < rank; ++k) {
            axes.push_back(k);
        }
    } else if (!normalizeAxes(ctx, axes, rank)) {
        return;
    }
    thread_local std::vector<char> reduced;
    reduced.assign(x->size(), 0);
    for (std::int64_t a : axes) {
        reduced[static_cast<std::size_t>(a)] = 1;
    }
    result.clear();
    for (std::size_t k = 0; k < x->size(); ++k) {
        if (!reduced[k]) {
            result.push_back((*x)[k]);
        } else if (keepDims) {
            result.push_back(1);
        }
    }
    if (!ctx.setShape(0, type, result) || kind == Reduce::Plain || !ctx.hasData(0)) {
        return;
    }
    // Fold: accumulate every input element into its output slot.
    std::vector<double> data;
    if (!isFullyKnown(*x) || !ctx.readDoubles(0, data)) {
        return;
    }
    const std::int64_t n = elementCount(result);
    std::vector<double> acc(static_cast<std::size_t>(n),
                            kind == Reduce::Prod ? 1.0
                            : kind == Reduce::Max ? -std::numeric_limits<double>::infinity()
                            : kind == Reduce::Min ? std::numeric_limits<double>::infinity()
                                                  : 0.0);
    Shape kept = *x;
    for (std::size_t k = 0; k < kept.size(); ++k) {
        if (reduced[k]) {
            kept[k] = 1;
        }
    }
    const auto outStrides = stridesOf(kept);
    std::vector<std::int64_t> index(x->size(), 0);
    for (double v : data) {
        std::int64_t slot = 0;
        for (std::size_t k = 0; k < x->size(); ++k) {
            slot += reduced[k] ? 0 : index[k] * outStrides[k];
        }
        double &a = acc[static_cast<std::size_t>(slot)];
        switch (kind) {
        case Reduce::Sum:
        case Reduce::Mean: a += v; break;
        case Reduce::Prod: a *= v; break;
        case Reduce::Max: a = std::max(a, v); break;
        case Reduce::Min: a = std::min(a, v); break;
        case Reduce::Plain: break;
        }
        nextIndex(index, *x);
    }
    if (kind == Reduce::Mean && n > 0) {
        const double per = static_cast<double>(data.size()) / static_cast<double>(n);
        for (double &a : acc) {
            a /= per;
        }
    }
    if (isFloating(type)) {
        ctx.setData(0, std::move(acc));
    } else {
        std::vector<std::int64_t> ints(acc.size());
        for (std::size_t k = 0; k < acc.size(); ++k) {
            if (!std::isfinite(acc[k]) || std::fabs(acc[k]) > 9.0e15) {
                return;
            }
            ints[k] = static_cast<std::int64_t>(acc[k]);
        }
        ctx.setData(0, std::move(ints));
    }
}

void argReduceRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    if (!x) {
        ctx.setType(0, DType::I64);
        return;
    }
    std::int64_t axis = 0;
    if (!normalizeAxis(ctx.attrInt(u"axis", 0), static_cast<std::int64_t>(x->size()), axis)) {
        ctx.fail(QStringLiteral("axis %1 is out of range for input %2").arg(ctx.attrInt(u"axis", 0)).arg(shapeToString(*x)));
        return;
    }
    Shape result = *x;
    if (ctx.attrInt(u"keepdims", 1) != 0) {
        result[static_cast<std::size_t>(axis)] = 1;
    } else {
        result.erase(result.begin() + static_cast<std::ptrdiff_t>(axis));
    }
    ctx.setShape(0, DType::I64, std::move(result));
}

void topKRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const DType type = ctx.dtype(0);
    ctx.setType(1, DType::I64);
    if (!x) {
        ctx.setType(0, type);
        return;
    }
    std::int64_t axis = 0;
    if (!normalizeAxis(ctx.attrInt(u"axis", -1), static_cast<std::int64_t>(x->size()), axis)) {
        ctx.fail(QStringLiteral("axis %1 is out of range for input %2").arg(ctx.attrInt(u"axis", -1)).arg(shapeToString(*x)));
        return;
    }
    std::int64_t k = -1;
    if (ctx.has(1)) {
        if (!ctx.readScalarInt(1, k)) {
            k = -1;
        }
    } else {
        k = ctx.attrInt(u"k", -1);
    }
    const std::int64_t dim = (*x)[static_cast<std::size_t>(axis)];
    if (k < -1 || (k >= 0 && dim >= 0 && k > dim)) {
        ctx.fail(QStringLiteral("k = %1 does not fit axis %2 of %3").arg(k).arg(axis).arg(shapeToString(*x)));
        return;
    }
    Shape result = *x;
    result[static_cast<std::size_t>(axis)] = k;
    if (ctx.setShape(0, type, result)) {
        ctx.setShape(1, DType::I64, std::move(result));
    }
}

}  // namespace

void addTensorRules(ShapeRuleTable &table) {
    auto &t = table.onnx;
    t.insert(QStringLiteral("Shape"), &shapeRule);
    t.insert(QStringLiteral("Size"), &sizeRule);
    t.insert(QStringLiteral("Constant"), &constantRule);
    t.insert(QStringLiteral("ConstantOfShape"), &constantOfShapeRule);
    t.insert(QStringLiteral("Range"), &rangeRule);
    t.insert(QStringLiteral("Reshape"), &reshapeRule);
    t.insert(QStringLiteral("Flatten"), &flattenRule);
    t.insert(QStringLiteral("Transpose"), &transposeRule);
    t.insert(QStringLiteral("Squeeze"), &squeezeRule);
    t.insert(QStringLiteral("Unsqueeze"), &unsqueezeRule);
    t.insert(QStringLiteral("Concat"), &concatRule);
    t.insert(QStringLiteral("Split"), &splitRule);
    t.insert(QStringLiteral("Slice"), &sliceRule);
    t.insert(QStringLiteral("Gather"), &gatherRule);
    t.insert(QStringLiteral("GatherElements"), &gatherElementsRule);
    t.insert(QStringLiteral("GatherND"), &gatherNDRule);
    t.insert(QStringLiteral("Expand"), &expandRule);
    t.insert(QStringLiteral("Tile"), &tileRule);
    t.insert(QStringLiteral("Pad"), &padRule);
    t.insert(QStringLiteral("CenterCropPad"), &centerCropPadRule);
    t.insert(QStringLiteral("Resize"), &resizeRule);
    t.insert(QStringLiteral("Upsample"), &upsampleRule);
    t.insert(QStringLiteral("DepthToSpace"), &depthToSpaceRule);
    t.insert(QStringLiteral("SpaceToDepth"), &spaceToDepthRule);
    t.insert(QStringLiteral("NonZero"), &nonZeroRule);
    t.insert(QStringLiteral("OneHot"), &oneHotRule);
    t.insert(QStringLiteral("Compress"), &compressRule);
    t.insert(QStringLiteral("NonMaxSuppression"), &nonMaxSuppressionRule);
    t.insert(QStringLiteral("RandomNormal"), &randomRule);
    t.insert(QStringLiteral("RandomUniform"), &randomRule);
    t.insert(QStringLiteral("ReduceSum"), &reduceRule<Reduce::Sum>);
    t.insert(QStringLiteral("ReduceProd"), &reduceRule<Reduce::Prod>);
    t.insert(QStringLiteral("ReduceMax"), &reduceRule<Reduce::Max>);
    t.insert(QStringLiteral("ReduceMin"), &reduceRule<Reduce::Min>);
    t.insert(QStringLiteral("ReduceMean"), &reduceRule<Reduce::Mean>);
    for (const char *op : {"ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare"}) {
        t.insert(QString::fromLatin1(op), &reduceRule<Reduce::Plain>);
    }
    t.insert(QStringLiteral("ArgMax"), &argReduceRule);
    t.insert(QStringLiteral("ArgMin"), &argReduceRule);
    t.insert(QStringLiteral("TopK"), &topKRule);
}

}  // namespace infersight::shape_rules
