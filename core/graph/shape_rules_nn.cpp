// SPDX-License-Identifier: MIT
// Shape rules of the neural-network ops: convolutions (Conv, ConvTranspose, quantised and fused
// variants), pooling, normalisations, matrix products (Gemm, MatMul and variants, Einsum), and
// the com.microsoft attention / normalisation contrib ops. Also the Einsum equation parser.
#include "graph/shape_rules.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace infersight::shape_rules {

// ---------------------------------------------------------------- Einsum

namespace {

// One term: letters, '.' for an ellipsis. False on anything else.
bool parseTerm(const std::string &text, std::string &term) {
    term.clear();
    bool ellipsis = false;
    for (std::size_t k = 0; k < text.size(); ++k) {
        const char c = text[k];
        if (c == '.') {
            if (ellipsis || text.compare(k, 3, "...") != 0) {
                return false;
            }
            ellipsis = true;
            term.push_back('.');
            k += 2;
        } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
            term.push_back(c);
        } else {
            return false;
        }
    }
    return true;
}

}  // namespace

EinsumEquation parseEinsum(const QString &equation) {
    EinsumEquation result;
    std::string text;
    text.reserve(static_cast<std::size_t>(equation.size()));
    for (QChar c : equation) {
        if (c.isSpace()) {
            continue;
        }
        if (c.unicode() > 127) {
            return result;
        }
        text.push_back(static_cast<char>(c.unicode()));
    }
    const std::size_t arrow = text.find("->");
    const std::string lhs = text.substr(0, arrow);
    std::size_t begin = 0;
    while (true) {
        const std::size_t comma = lhs.find(',', begin);
        std::string term;
        if (!parseTerm(lhs.substr(begin, comma == std::string::npos ? std::string::npos : comma - begin), term)) {
            return result;
        }
        result.inputs.push_back(std::move(term));
        if (comma == std::string::npos) {
            break;
        }
        begin = comma + 1;
    }
    std::array<int, 128> uses{};
    bool anyEllipsis = false;
    for (const std::string &term : result.inputs) {
        for (char c : term) {
            if (c == '.') {
                anyEllipsis = true;
            } else {
                ++uses[static_cast<std::size_t>(c)];
            }
        }
    }
    if (arrow != std::string::npos) {
        if (!parseTerm(text.substr(arrow + 2), result.output)) {
            return result;
        }
        std::array<bool, 128> seen{};
        for (char c : result.output) {
            if (c == '.') {
                if (!anyEllipsis) {
                    return result;
                }
                continue;
            }
            if (uses[static_cast<std::size_t>(c)] == 0 || seen[static_cast<std::size_t>(c)]) {
                return result;
            }
            seen[static_cast<std::size_t>(c)] = true;
        }
    } else {
        // Implicit output: the ellipsis, then letters used exactly once, in alphabetical order.
        if (anyEllipsis) {
            result.output.push_back('.');
        }
        for (int c = 0; c < 128; ++c) {
            if (uses[static_cast<std::size_t>(c)] == 1) {
                result.output.push_back(static_cast<char>(c));
            }
        }
    }
    result.valid = true;
    return result;
}

bool einsumSizes(const EinsumEquation &equation, const std::vector<const Shape *> &operands, EinsumSizes &sizes,
                 QString &error) {
    sizes.letter.fill(-1);
    sizes.ellipsis.clear();
    std::array<bool, 128> seen{};
    if (!equation.valid || operands.size() != equation.inputs.size()) {
        error = QStringLiteral("equation has %1 operands but the node has %2 inputs")
                    .arg(equation.inputs.size()).arg(operands.size());
        return false;
    }
    bool haveEllipsis = false;
    for (std::size_t i = 0; i < operands.size(); ++i) {
        const Shape *s = operands[i];
        if (!s) {
            return false;  // unknown, not an error
        }
        const std::string &term = equation.inputs[i];
        const bool ellipsis = term.find('.') != std::string::npos;
        const std::size_t letters = term.size() - (ellipsis ? 1 : 0);
        if ((!ellipsis && s->size() != letters) || (ellipsis && s->size() < letters)) {
            error = QStringLiteral("operand %1 %2 does not match term '%3'")
                        .arg(i).arg(shapeToString(*s), QString::fromStdString(term));
            return false;
        }
        const std::size_t ellipsisRank = s->size() - letters;
        std::size_t dim = 0;
        for (char c : term) {
            if (c == '.') {
                const Shape part(s->begin() + static_cast<std::ptrdiff_t>(dim),
                                 s->begin() + static_cast<std::ptrdiff_t>(dim + ellipsisRank));
                if (!haveEllipsis) {
                    sizes.ellipsis = part;
                    haveEllipsis = true;
                } else {
                    Shape merged;
                    if (!broadcastShapes(sizes.ellipsis, part, merged)) {
                        error = QStringLiteral("ellipsis dims %1 and %2 cannot be broadcast")
                                    .arg(shapeToString(sizes.ellipsis), shapeToString(part));
                        return false;
                    }
                    sizes.ellipsis = std::move(merged);
                }
                dim += ellipsisRank;
                continue;
            }
            const std::int64_t d = (*s)[dim++];
            auto &known = sizes.letter[static_cast<std::size_t>(c)];
            if (!seen[static_cast<std::size_t>(c)]) {
                seen[static_cast<std::size_t>(c)] = true;
                known = d;
            } else if (known < 0 || known == 1) {
                known = d < 0 ? known : d;
            } else if (d >= 0 && d != 1 && d != known) {
                error = QStringLiteral("index '%1' has sizes %2 and %3").arg(QLatin1Char(c)).arg(known).arg(d);
                return false;
            }
        }
    }
    return true;
}

namespace {

// ---------------------------------------------------------------- convolution and pooling

enum class AutoPad : std::uint8_t { NotSet, SameUpper, SameLower, Valid };

AutoPad autoPadOf(const RuleContext &ctx) {
    const Attribute *a = ctx.attr(u"auto_pad");
    if (!a || a->kind != Attribute::Kind::String) {
        return AutoPad::NotSet;
    }
    if (a->s == QLatin1String("SAME_UPPER")) {
        return AutoPad::SameUpper;
    }
    if (a->s == QLatin1String("SAME_LOWER")) {
        return AutoPad::SameLower;
    }
    return a->s == QLatin1String("VALID") ? AutoPad::Valid : AutoPad::NotSet;
}

struct Window {
    std::vector<std::int64_t> kernel;  // -1 where unknown
    std::vector<std::int64_t> strides;
    std::vector<std::int64_t> dilations;
    std::vector<std::int64_t> pads;  // begins then ends
    AutoPad autoPad = AutoPad::NotSet;
    bool ceilMode = false;
};

// Reads strides/dilations/pads/auto_pad/ceil_mode for `spatial` dims. False (after fail()) when
// an attribute has the wrong length or an invalid value.
bool readWindow(RuleContext &ctx, std::size_t spatial, Window &w) {
    auto listOr = [&](QStringView name, std::size_t length, std::int64_t fallback, std::int64_t minimum,
                      std::vector<std::int64_t> &out) {
        if (const auto *v = ctx.attrInts(name)) {
            if (v->size() != length) {
                return ctx.fail(QStringLiteral("%1 %2 has %3 entries, expected %4")
                                    .arg(name.toString(), shapeToString(*v)).arg(v->size()).arg(length));
            }
            for (std::int64_t x : *v) {
                if (x < minimum || x > kMaxElements) {
                    return ctx.fail(QStringLiteral("%1 %2 has an invalid entry").arg(name.toString(), shapeToString(*v)));
                }
            }
            out = *v;
        } else {
            out.assign(length, fallback);
        }
        return true;
    };
    w.autoPad = autoPadOf(ctx);
    w.ceilMode = ctx.attrInt(u"ceil_mode", 0) != 0;
    return listOr(u"strides", spatial, 1, 1, w.strides) && listOr(u"dilations", spatial, 1, 1, w.dilations) &&
           listOr(u"pads", 2 * spatial, 0, 0, w.pads);
}

// Output size along one axis; -1 when unknown, -2 when the window does not fit.
std::int64_t windowOutput(const Window &w, std::size_t k, std::int64_t in) {
    if (in < 0) {
        return -1;
    }
    const std::int64_t s = w.strides[k];
    if (w.autoPad == AutoPad::SameUpper || w.autoPad == AutoPad::SameLower) {
        return (in + s - 1) / s;
    }
    const std::int64_t kernel = w.kernel[k];
    if (kernel < 0) {
        return -1;
    }
    const std::int64_t effective = (kernel - 1) * w.dilations[k] + 1;
    const std::int64_t padBegin = w.autoPad == AutoPad::Valid ? 0 : w.pads[k];
    const std::int64_t padEnd = w.autoPad == AutoPad::Valid ? 0 : w.pads[k + w.kernel.size()];
    const std::int64_t span = in + padBegin + padEnd - effective;
    if (span < 0 || effective > kMaxElements) {
        return -2;
    }
    if (!w.ceilMode) {
        return span / s + 1;
    }
    std::int64_t out = (span + s - 1) / s + 1;
    // As PyTorch (and ONNX's reference): the last window must start inside the input or left padding.
    if ((out - 1) * s >= in + padBegin) {
        --out;
    }
    return out;
}

QString spatialString(const Shape &x) {
    return shapeToString(Shape(x.begin() + std::min<std::ptrdiff_t>(2, static_cast<std::ptrdiff_t>(x.size())), x.end()));
}

bool windowOutputs(RuleContext &ctx, const Shape &x, const Window &w, Shape &result) {
    for (std::size_t k = 0; k < w.kernel.size(); ++k) {
        const std::int64_t o = windowOutput(w, k, x[k + 2]);
        if (o == -2) {
            return ctx.fail(QStringLiteral("window %1 (dilations %2, pads %3) does not fit spatial input %4")
                                .arg(shapeToString(w.kernel), shapeToString(w.dilations), shapeToString(w.pads),
                                     spatialString(x)));
        }
        result.push_back(o);
    }
    return true;
}

// What Conv and ConvTranspose share: X (N, C, D1..Dn) of rank >= 3, a weight of the same rank,
// a positive group, the window attributes and the kernel (attribute, else the weight's spatial
// dims, else unknown; no empty dimension). False after ctx.fail.
bool readConvWindow(RuleContext &ctx, const Shape &x, const Shape *w, std::int64_t &group, Window &win) {
    if (x.size() < 3) {
        ctx.fail(QStringLiteral("input %1 needs rank >= 3 (N, C, spatial...)").arg(shapeToString(x)));
        return false;
    }
    const std::size_t spatial = x.size() - 2;
    if (w && w->size() != x.size()) {
        ctx.fail(QStringLiteral("weight %1 and input %2 have different ranks").arg(shapeToString(*w), shapeToString(x)));
        return false;
    }
    group = ctx.attrInt(u"group", 1);
    if (group <= 0) {
        ctx.fail(QStringLiteral("group %1 is not positive").arg(group));
        return false;
    }
    if (!readWindow(ctx, spatial, win)) {
        return false;
    }
    if (const auto *k = ctx.attrInts(u"kernel_shape")) {
        if (k->size() != spatial) {
            ctx.fail(QStringLiteral("kernel_shape %1 does not match input %2").arg(shapeToString(*k), shapeToString(x)));
            return false;
        }
        win.kernel = *k;
    } else if (w) {
        win.kernel.assign(w->begin() + 2, w->end());
    } else {
        win.kernel.assign(spatial, -1);
    }
    for (std::int64_t k : win.kernel) {
        if (k == 0 || k < -1) {
            ctx.fail(QStringLiteral("kernel %1 has an empty dimension").arg(shapeToString(win.kernel)));
            return false;
        }
    }
    return true;
}

// Conv-like: X (N, C, D1..Dn) and W (M, C/group, k1..kn).
void convolution(RuleContext &ctx, std::size_t xi, std::size_t wi, DType type) {
    const Shape *x = ctx.shape(xi);
    const Shape *w = ctx.shape(wi);
    if (!x) {
        ctx.setType(0, type);
        return;
    }
    std::int64_t group = 1;
    Window win;
    if (!readConvWindow(ctx, *x, w, group, win)) {
        return;
    }
    const std::int64_t channels = (*x)[1];
    std::int64_t outChannels = -1;
    if (w) {
        const std::int64_t perGroup = (*w)[1];
        if (channels >= 0 && perGroup >= 0 && channels != mulDims(perGroup, group)) {
            ctx.fail(QStringLiteral("input %1 has %2 channels but weight %3 with group %4 expects %5")
                         .arg(shapeToString(*x)).arg(channels).arg(shapeToString(*w)).arg(group).arg(perGroup * group));
            return;
        }
        outChannels = (*w)[0];
    }
    Shape result{(*x)[0], outChannels};
    if (windowOutputs(ctx, *x, win, result)) {
        ctx.setShape(0, type, std::move(result));
    }
}

void convRule(RuleContext &ctx) { convolution(ctx, 0, 1, ctx.dtype(0)); }
void convIntegerRule(RuleContext &ctx) { convolution(ctx, 0, 1, DType::I32); }
void qlinearConvRule(RuleContext &ctx) {
    convolution(ctx, 0, 3, ctx.dtype(7) != DType::Undefined ? ctx.dtype(7) : ctx.dtype(0));
}

void convTransposeRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const Shape *w = ctx.shape(1);
    const DType type = ctx.dtype(0);
    if (!x) {
        ctx.setType(0, type);
        return;
    }
    std::int64_t group = 1;
    Window win;
    if (!readConvWindow(ctx, *x, w, group, win)) {
        return;
    }
    const std::size_t spatial = x->size() - 2;
    std::int64_t outChannels = -1;
    if (w) {
        if ((*x)[1] >= 0 && (*w)[0] >= 0 && (*x)[1] != (*w)[0]) {
            ctx.fail(QStringLiteral("input %1 has %2 channels but weight %3 expects %4")
                         .arg(shapeToString(*x)).arg((*x)[1]).arg(shapeToString(*w)).arg((*w)[0]));
            return;
        }
        outChannels = mulDims((*w)[1], group);
    }
    Shape result{(*x)[0], outChannels};
    if (const auto *os = ctx.attrInts(u"output_shape")) {
        if (os->size() != spatial && os->size() != spatial + 2) {
            ctx.fail(QStringLiteral("output_shape %1 does not match input %2").arg(shapeToString(*os), shapeToString(*x)));
            return;
        }
        result.insert(result.end(), os->end() - static_cast<std::ptrdiff_t>(spatial), os->end());
        ctx.setShape(0, type, std::move(result));
        return;
    }
    std::vector<std::int64_t> outputPadding(spatial, 0);
    if (const auto *op = ctx.attrInts(u"output_padding")) {
        if (op->size() != spatial) {
            ctx.fail(QStringLiteral("output_padding %1 does not match input %2").arg(shapeToString(*op), shapeToString(*x)));
            return;
        }
        outputPadding = *op;
    }
    for (std::size_t k = 0; k < spatial; ++k) {
        const std::int64_t in = (*x)[k + 2];
        const std::int64_t kernel = win.kernel[k];
        if (in < 0) {
            result.push_back(-1);
            continue;
        }
        if (win.autoPad == AutoPad::SameUpper || win.autoPad == AutoPad::SameLower) {
            result.push_back(mulDims(in, win.strides[k]));
            continue;
        }
        if (kernel < 0) {
            result.push_back(-1);
            continue;
        }
        const bool valid = win.autoPad == AutoPad::Valid;
        const std::int64_t o = win.strides[k] * (in - 1) + outputPadding[k] + (kernel - 1) * win.dilations[k] + 1 -
                               (valid ? 0 : win.pads[k] + win.pads[k + spatial]);
        if (o <= 0 || in == 0) {
            ctx.fail(QStringLiteral("output would be empty for input %1 and kernel %2").arg(shapeToString(*x), shapeToString(win.kernel)));
            return;
        }
        result.push_back(o);
    }
    ctx.setShape(0, type, std::move(result));
}

template <bool withIndices>
void poolRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const DType type = ctx.dtype(0);
    if (withIndices) {
        ctx.setType(1, DType::I64);
    }
    const auto *kernel = ctx.attrInts(u"kernel_shape");
    if (!kernel) {
        ctx.fail(QStringLiteral("has no kernel_shape"));
        return;
    }
    if (!x) {
        ctx.setType(0, type);
        return;
    }
    if (x->size() < 3 || kernel->size() != x->size() - 2) {
        ctx.fail(QStringLiteral("kernel_shape %1 does not match input %2").arg(shapeToString(*kernel), shapeToString(*x)));
        return;
    }
    Window win;
    if (!readWindow(ctx, kernel->size(), win)) {
        return;
    }
    win.kernel = *kernel;
    for (std::int64_t k : win.kernel) {
        if (k <= 0 || k > kMaxElements) {
            ctx.fail(QStringLiteral("kernel_shape %1 has an invalid entry").arg(shapeToString(*kernel)));
            return;
        }
    }
    Shape result{(*x)[0], (*x)[1]};
    if (!windowOutputs(ctx, *x, win, result) || !ctx.setShape(0, type, result)) {
        return;
    }
    if (withIndices) {
        ctx.setShape(1, DType::I64, std::move(result));
    }
}

void globalPoolRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    if (!x) {
        ctx.setType(0, ctx.dtype(0));
        return;
    }
    if (x->size() < 2) {
        ctx.fail(QStringLiteral("input %1 needs rank >= 2").arg(shapeToString(*x)));
        return;
    }
    Shape result(x->size(), 1);
    result[0] = (*x)[0];
    result[1] = (*x)[1];
    ctx.setShape(0, ctx.dtype(0), std::move(result));
}

// MaxRoiPool / RoiAlign: (X [N, C, H, W], rois [R, ...]) -> [R, C, h, w].
void roiPoolRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const Shape *rois = ctx.shape(1);
    if (!x || !rois) {
        ctx.setType(0, ctx.dtype(0));
        return;
    }
    if (x->size() != 4 || rois->size() != 2) {
        ctx.fail(QStringLiteral("input %1 and rois %2 are not 4-D and 2-D").arg(shapeToString(*x), shapeToString(*rois)));
        return;
    }
    std::int64_t h = ctx.attrInt(u"output_height", 1);
    std::int64_t w = ctx.attrInt(u"output_width", 1);
    if (const auto *pooled = ctx.attrInts(u"pooled_shape"); pooled && pooled->size() == 2) {
        h = (*pooled)[0];
        w = (*pooled)[1];
    }
    ctx.setShape(0, ctx.dtype(0), {(*rois)[0], (*x)[1], h, w});
}

void gridSampleRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const Shape *grid = ctx.shape(1);
    if (!x || !grid) {
        ctx.setType(0, ctx.dtype(0));
        return;
    }
    if (x->size() < 3 || grid->size() != x->size()) {
        ctx.fail(QStringLiteral("input %1 and grid %2 do not fit").arg(shapeToString(*x), shapeToString(*grid)));
        return;
    }
    Shape result{(*x)[0], (*x)[1]};
    result.insert(result.end(), grid->begin() + 1, grid->end() - 1);
    ctx.setShape(0, ctx.dtype(0), std::move(result));
}

// ---------------------------------------------------------------- normalisation

void batchNormRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const DType type = ctx.dtype(0);
    const DType statType = ctx.dtype(3) != DType::Undefined ? ctx.dtype(3) : type;
    if (!x) {
        ctx.setType(0, type);
        return;
    }
    if (x->size() < 2) {
        ctx.fail(QStringLiteral("input %1 needs rank >= 2 (N, C, ...)").arg(shapeToString(*x)));
        return;
    }
    const Shape *scale = ctx.shape(1);
    if (scale && scale->size() == 1 && (*scale)[0] >= 0 && (*x)[1] >= 0 && (*scale)[0] != (*x)[1]) {
        ctx.fail(QStringLiteral("scale %1 does not match the channels of input %2").arg(shapeToString(*scale), shapeToString(*x)));
        return;
    }
    if (!ctx.setShape(0, type, *x)) {
        return;
    }
    for (std::size_t o = 1; o < ctx.outputCount(); ++o) {
        ctx.setShape(o, statType, {(*x)[1]});
    }
}

// Y like X; Mean / InvStdDev outputs (from `firstStat`) keep the dims before `axis`, 1 after.
void normalizedOverTrailingAxes(RuleContext &ctx, std::int64_t axisValue, std::size_t firstStat, DType statType) {
    const Shape *x = ctx.shape(0);
    const DType type = ctx.dtype(0);
    if (!x) {
        ctx.setType(0, type);
        return;
    }
    std::int64_t axis = 0;
    if (!normalizeAxis(axisValue, static_cast<std::int64_t>(x->size()), axis)) {
        ctx.fail(QStringLiteral("axis %1 is out of range for input %2").arg(axisValue).arg(shapeToString(*x)));
        return;
    }
    if (!ctx.setShape(0, type, *x)) {
        return;
    }
    Shape stats = *x;
    for (std::size_t k = static_cast<std::size_t>(axis); k < stats.size(); ++k) {
        stats[k] = 1;
    }
    for (std::size_t o = firstStat; o < ctx.outputCount() && o < firstStat + 2; ++o) {
        ctx.setShape(o, statType, stats);
    }
}

DType stashType(const RuleContext &ctx) {
    return dtypeFromOnnx(static_cast<int>(std::clamp<std::int64_t>(ctx.attrInt(u"stash_type", 1), -1, 1000)))
        .value_or(DType::F32);
}

void layerNormRule(RuleContext &ctx) { normalizedOverTrailingAxes(ctx, ctx.attrInt(u"axis", -1), 1, stashType(ctx)); }

// com.microsoft SkipLayerNormalization / SkipSimplifiedLayerNormalization:
// outputs Y, mean, inv_std_var (last axis reduced), input_skip_bias_sum (like Y).
void skipLayerNormRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const Shape *skip = ctx.shape(1);
    if (x && skip && skip->size() == x->size()) {
        for (std::size_t k = 0; k < x->size(); ++k) {
            if ((*x)[k] >= 0 && (*skip)[k] >= 0 && (*x)[k] != (*skip)[k] && (*skip)[k] != 1) {
                ctx.fail(QStringLiteral("input %1 and skip %2 differ").arg(shapeToString(*x), shapeToString(*skip)));
                return;
            }
        }
    }
    normalizedOverTrailingAxes(ctx, -1, 1, DType::F32);
    if (x && !ctx.failed() && ctx.outputCount() > 3) {
        ctx.setShape(3, ctx.dtype(0), *x);
    }
}

// com.microsoft EmbedLayerNormalization: (input_ids [B, S], segment_ids, word_embedding [V, H], ...)
// -> output [B, S, H], mask_index [B], embedding_sum [B, S, H].
void embedLayerNormRule(RuleContext &ctx) {
    const Shape *ids = ctx.shape(0);
    const Shape *words = ctx.shape(2);
    const DType type = ctx.dtype(2);
    if (!ids || !words) {
        ctx.setType(0, type);
        return;
    }
    if (ids->size() != 2 || words->size() != 2) {
        ctx.fail(QStringLiteral("input_ids %1 or word_embedding %2 is not 2-D").arg(shapeToString(*ids), shapeToString(*words)));
        return;
    }
    const Shape out{(*ids)[0], (*ids)[1], (*words)[1]};
    if (ctx.setShape(0, type, out)) {
        ctx.setShape(1, DType::I32, {(*ids)[0]});
        ctx.setShape(2, type, out);
    }
}

// ---------------------------------------------------------------- matrix products

void gemmRule(RuleContext &ctx) {
    const Shape *a = ctx.shape(0);
    const Shape *b = ctx.shape(1);
    const DType type = ctx.dtype(0);
    if (!a || !b) {
        ctx.setType(0, type);
        return;
    }
    if (a->size() != 2 || b->size() != 2) {
        ctx.fail(QStringLiteral("A %1 and B %2 must be 2-D").arg(shapeToString(*a), shapeToString(*b)));
        return;
    }
    const bool ta = ctx.attrInt(u"transA", 0) != 0;
    const bool tb = ctx.attrInt(u"transB", 0) != 0;
    const std::int64_t m = ta ? (*a)[1] : (*a)[0];
    const std::int64_t k = ta ? (*a)[0] : (*a)[1];
    const std::int64_t kb = tb ? (*b)[1] : (*b)[0];
    const std::int64_t n = tb ? (*b)[0] : (*b)[1];
    if (k >= 0 && kb >= 0 && k != kb) {
        ctx.fail(QStringLiteral("inner dimensions differ: A %1 (transA=%2) x B %3 (transB=%4)")
                     .arg(shapeToString(*a)).arg(int(ta)).arg(shapeToString(*b)).arg(int(tb)));
        return;
    }
    const Shape result{m, n};
    if (const Shape *c = ctx.shape(2)) {
        Shape merged;
        if (c->size() > 2 || !broadcastShapes(result, *c, merged)) {
            ctx.fail(QStringLiteral("C %1 does not broadcast to %2").arg(shapeToString(*c), shapeToString(result)));
            return;
        }
    }
    ctx.setShape(0, type, result);
}

// Numpy matmul of A and B (1-D operands promoted and the added dim removed afterwards), with
// optional transposition of the last two axes (FusedMatMul).
void matmulShapes(RuleContext &ctx, const Shape &a, const Shape &b, bool transA, bool transB, DType type) {
    if (a.empty() || b.empty()) {
        ctx.fail(QStringLiteral("operands %1 and %2 must not be scalars").arg(shapeToString(a), shapeToString(b)));
        return;
    }
    const bool aVector = a.size() == 1;
    const bool bVector = b.size() == 1;
    const std::size_t ra = a.size();
    const std::size_t rb = b.size();
    const std::int64_t m = aVector ? 1 : (transA ? a[ra - 1] : a[ra - 2]);
    const std::int64_t k = aVector ? a[0] : (transA ? a[ra - 2] : a[ra - 1]);
    const std::int64_t kb = bVector ? b[0] : (transB ? b[rb - 1] : b[rb - 2]);
    const std::int64_t n = bVector ? 1 : (transB ? b[rb - 2] : b[rb - 1]);
    if (k >= 0 && kb >= 0 && k != kb) {
        ctx.fail(QStringLiteral("inner dimensions differ: %1 x %2").arg(shapeToString(a), shapeToString(b)));
        return;
    }
    thread_local Shape result;
    if (!broadcastDims(a.data(), aVector ? 0 : ra - 2, b.data(), bVector ? 0 : rb - 2, result)) {
        ctx.fail(QStringLiteral("batch dimensions of %1 and %2 cannot be broadcast").arg(shapeToString(a), shapeToString(b)));
        return;
    }
    if (!aVector) {
        result.push_back(m);
    }
    if (!bVector) {
        result.push_back(n);
    }
    ctx.setShape(0, type, result);
}

void matmulRule(RuleContext &ctx) {
    const Shape *a = ctx.shape(0);
    const Shape *b = ctx.shape(1);
    if (!a || !b) {
        ctx.setType(0, ctx.dtype(0));
        return;
    }
    matmulShapes(ctx, *a, *b, false, false, ctx.dtype(0));
}

void matmulIntegerRule(RuleContext &ctx) {
    const Shape *a = ctx.shape(0);
    const Shape *b = ctx.shape(1);
    if (!a || !b) {
        ctx.setType(0, DType::I32);
        return;
    }
    matmulShapes(ctx, *a, *b, false, false, DType::I32);
}

void qlinearMatmulRule(RuleContext &ctx) {
    const DType type = ctx.dtype(7) != DType::Undefined ? ctx.dtype(7) : ctx.dtype(0);
    const Shape *a = ctx.shape(0);
    const Shape *b = ctx.shape(3);
    if (!a || !b) {
        ctx.setType(0, type);
        return;
    }
    matmulShapes(ctx, *a, *b, false, false, type);
}

// com.microsoft FusedMatMul: MatMul with transA/transB on the last two axes (transBatch* unsupported).
void fusedMatmulRule(RuleContext &ctx) {
    const Shape *a = ctx.shape(0);
    const Shape *b = ctx.shape(1);
    if (!a || !b || ctx.attrInt(u"transBatchA", 0) != 0 || ctx.attrInt(u"transBatchB", 0) != 0) {
        ctx.setType(0, ctx.dtype(0));
        return;
    }
    matmulShapes(ctx, *a, *b, ctx.attrInt(u"transA", 0) != 0, ctx.attrInt(u"transB", 0) != 0, ctx.dtype(0));
}

void einsumRule(RuleContext &ctx) {
    const Attribute *eq = ctx.attr(u"equation");
    const DType type = ctx.dtype(0);
    if (!eq || eq->kind != Attribute::Kind::String) {
        ctx.fail(QStringLiteral("has no equation"));
        return;
    }
    const EinsumEquation equation = parseEinsum(eq->s);
    if (!equation.valid) {
        ctx.fail(QStringLiteral("cannot parse equation '%1'").arg(eq->s));
        return;
    }
    std::vector<const Shape *> operands;
    for (std::size_t i = 0; i < ctx.inputCount(); ++i) {
        operands.push_back(ctx.shape(i));
    }
    EinsumSizes sizes;
    QString error;
    if (!einsumSizes(equation, operands, sizes, error)) {
        if (!error.isEmpty()) {
            ctx.fail(QStringLiteral("equation '%1': %2").arg(eq->s, error));
        } else {
            ctx.setType(0, type);
        }
        return;
    }
    Shape result;
    for (char c : equation.output) {
        if (c == '.') {
            result.insert(result.end(), sizes.ellipsis.begin(), sizes.ellipsis.end());
        } else {
            result.push_back(sizes.letter[static_cast<std::size_t>(c)]);
        }
    }
    ctx.setShape(0, type, std::move(result));
}

// ---------------------------------------------------------------- attention (com.microsoft)

// Attention: input [B, S, H], weights [H, Hq + Hk + Hv] -> output [B, S, Hv],
// present [2, B, heads, P + S, Hv / heads].
void attentionRule(RuleContext &ctx) {
    const Shape *x = ctx.shape(0);
    const Shape *w = ctx.shape(1);
    const DType type = ctx.dtype(0);
    if (!x || !w) {
        ctx.setAllTypes(type);
        return;
    }
    if (x->size() != 3 || w->size() != 2) {
        ctx.fail(QStringLiteral("input %1 must be 3-D and weights %2 2-D").arg(shapeToString(*x), shapeToString(*w)));
        return;
    }
    if ((*x)[2] >= 0 && (*w)[0] >= 0 && (*x)[2] != (*w)[0]) {
        ctx.fail(QStringLiteral("input %1 does not match weights %2").arg(shapeToString(*x), shapeToString(*w)));
        return;
    }
    std::int64_t vHidden = -1;
    if (const auto *sizes = ctx.attrInts(u"qkv_hidden_sizes"); sizes && sizes->size() == 3) {
        vHidden = (*sizes)[2];
    } else if ((*w)[1] >= 0) {
        vHidden = (*w)[1] / 3;
    }
    if (!ctx.setShape(0, type, {(*x)[0], (*x)[1], vHidden})) {
        return;
    }
    const std::int64_t heads = ctx.attrInt(u"num_heads", 0);
    if (heads > 0 && ctx.outputCount() > 1) {
        std::int64_t past = 0;
        if (const Shape *p = ctx.shape(4); p && p->size() == 5) {
            past = (*p)[3];
        }
        ctx.setShape(1, type, {2, (*x)[0], heads, addDims(past, (*x)[1]), vHidden < 0 ? -1 : vHidden / heads});
    }
}

// MultiHeadAttention: query [B, S, D] (or packed [B, S, N, 3, H]); value [B, L, Dv] -> [B, S, Dv].
void multiHeadAttentionRule(RuleContext &ctx) {
    const Shape *q = ctx.shape(0);
    const DType type = ctx.dtype(0);
    if (!q) {
        ctx.setAllTypes(type);
        return;
    }
    if (q->size() == 5) {
        ctx.setShape(0, type, {(*q)[0], (*q)[1], mulDims((*q)[2], (*q)[4])});
        return;
    }
    if (q->size() != 3) {
        ctx.fail(QStringLiteral("query %1 must be 3-D or packed 5-D").arg(shapeToString(*q)));
        return;
    }
    std::int64_t vHidden = (*q)[2];
    if (const Shape *v = ctx.shape(2); v && v->size() == 3) {
        vHidden = (*v)[2];
    } else if (const Shape *k = ctx.shape(1); k && k->size() == 5) {
        vHidden = mulDims((*k)[2], (*k)[4]);
    }
    ctx.setShape(0, type, {(*q)[0], (*q)[1], vHidden});
}

}  // namespace

void addNeuralRules(ShapeRuleTable &table) {
    auto &t = table.onnx;
    t.insert(QStringLiteral("Conv"), &convRule);
    t.insert(QStringLiteral("ConvInteger"), &convIntegerRule);
    t.insert(QStringLiteral("QLinearConv"), &qlinearConvRule);
    t.insert(QStringLiteral("ConvTranspose"), &convTransposeRule);
    t.insert(QStringLiteral("MaxPool"), &poolRule<true>);
    t.insert(QStringLiteral("AveragePool"), &poolRule<false>);
    t.insert(QStringLiteral("LpPool"), &poolRule<false>);
    t.insert(QStringLiteral("GlobalAveragePool"), &globalPoolRule);
    t.insert(QStringLiteral("GlobalMaxPool"), &globalPoolRule);
    t.insert(QStringLiteral("GlobalLpPool"), &globalPoolRule);
    t.insert(QStringLiteral("MaxRoiPool"), &roiPoolRule);
    t.insert(QStringLiteral("RoiAlign"), &roiPoolRule);
    t.insert(QStringLiteral("GridSample"), &gridSampleRule);
    t.insert(QStringLiteral("BatchNormalization"), &batchNormRule);
    t.insert(QStringLiteral("LayerNormalization"), &layerNormRule);
    t.insert(QStringLiteral("SimplifiedLayerNormalization"), &layerNormRule);  // ORT registers it here
    t.insert(QStringLiteral("GroupNormalization"), &layerNormRule);  // Y like X; no other outputs
    t.insert(QStringLiteral("RMSNormalization"), &layerNormRule);
    t.insert(QStringLiteral("Gemm"), &gemmRule);
    t.insert(QStringLiteral("MatMul"), &matmulRule);
    t.insert(QStringLiteral("MatMulInteger"), &matmulIntegerRule);
    t.insert(QStringLiteral("QLinearMatMul"), &qlinearMatmulRule);
    t.insert(QStringLiteral("Einsum"), &einsumRule);

    auto &ms = table.microsoft;
    ms.insert(QStringLiteral("FusedConv"), &convRule);
    ms.insert(QStringLiteral("FusedMatMul"), &fusedMatmulRule);
    ms.insert(QStringLiteral("Attention"), &attentionRule);
    ms.insert(QStringLiteral("MultiHeadAttention"), &multiHeadAttentionRule);
    ms.insert(QStringLiteral("SkipLayerNormalization"), &skipLayerNormRule);
    ms.insert(QStringLiteral("SkipSimplifiedLayerNormalization"), &skipLayerNormRule);
    ms.insert(QStringLiteral("SimplifiedLayerNormalization"), &layerNormRule);
    ms.insert(QStringLiteral("LayerNormalization"), &layerNormRule);
    ms.insert(QStringLiteral("EmbedLayerNormalization"), &embedLayerNormRule);
}

}  // namespace infersight::shape_rules
