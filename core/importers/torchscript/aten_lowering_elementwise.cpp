// SPDX-License-Identifier: MIT
// Lowering of element-wise aten operators: unary maps, activations, binary arithmetic and logic,
// comparisons, clamps and copies.
#include "importers/torchscript/aten_lowering.h"
#include "importers/torchscript/aten_values.h"

#include <algorithm>
#include <cmath>

namespace infersight {

using namespace aten;

// ---- elementwise ---------------------------------------------------------------------------------

bool AtenLowering::unary(const TorchScriptNode &n, const QString &base) {
    if (auto folded = foldStatic(n, base)) {
        bindStatic(n, 0, *folded);
        return true;
    }
    static const QHash<QString, QString> ops{
        {QStringLiteral("relu"), QStringLiteral("Relu")},       {QStringLiteral("sigmoid"), QStringLiteral("Sigmoid")},
        {QStringLiteral("tanh"), QStringLiteral("Tanh")},       {QStringLiteral("exp"), QStringLiteral("Exp")},
        {QStringLiteral("log"), QStringLiteral("Log")},         {QStringLiteral("sqrt"), QStringLiteral("Sqrt")},
        {QStringLiteral("neg"), QStringLiteral("Neg")},         {QStringLiteral("abs"), QStringLiteral("Abs")},
        {QStringLiteral("erf"), QStringLiteral("Erf")},         {QStringLiteral("reciprocal"), QStringLiteral("Reciprocal")},
        {QStringLiteral("sin"), QStringLiteral("Sin")},         {QStringLiteral("cos"), QStringLiteral("Cos")},
        {QStringLiteral("floor"), QStringLiteral("Floor")},     {QStringLiteral("ceil"), QStringLiteral("Ceil")},
        {QStringLiteral("round"), QStringLiteral("Round")},     {QStringLiteral("sign"), QStringLiteral("Sign")},
        {QStringLiteral("logical_not"), QStringLiteral("Not")}, {QStringLiteral("bitwise_not"), QStringLiteral("Not")},
        {QStringLiteral("hardswish"), QStringLiteral("HardSwish")}, {QStringLiteral("mish"), QStringLiteral("Mish")},
        {QStringLiteral("isnan"), QStringLiteral("IsNaN")},     {QStringLiteral("softsign"), QStringLiteral("Softsign")}};
    const int x = tensor(input(n, u"self", 0));
    if (x < 0) {
        return false;
    }
    int out = -1;
    if (base == QLatin1String("rsqrt")) {
        out = addNode(QStringLiteral("Reciprocal"), {addNode(QStringLiteral("Sqrt"), {x})});
    } else if (base == QLatin1String("silu")) {
        out = addNode(QStringLiteral("Mul"), {x, addNode(QStringLiteral("Sigmoid"), {x})});
    } else if (base == QLatin1String("square")) {
        out = addNode(QStringLiteral("Mul"), {x, x});
    } else {
        auto it = ops.constFind(base);
        if (it == ops.constEnd()) {
            return false;
        }
        out = addNode(*it, {x});
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::activation(const TorchScriptNode &n, const QString &base, int x) {
    int out = -1;
    if (base == QLatin1String("gelu")) {
        const QString approximate = staticString(input(n, u"approximate", 1)).value_or(QStringLiteral("none"));
        out = addNode(QStringLiteral("Gelu"), {x}, {{QStringLiteral("approximate"), Attribute::fromString(approximate)}});
    } else if (base == QLatin1String("hardtanh") || base == QLatin1String("relu6")) {
        const bool relu6 = base == QLatin1String("relu6");
        const double lo = relu6 ? 0.0 : staticNumber(input(n, u"min_val", 1)).value_or(-1.0);
        const double hi = relu6 ? 6.0 : staticNumber(input(n, u"max_val", 2)).value_or(1.0);
        out = addNode(QStringLiteral("Clip"), {x, constScalar(lo, dtype(x)), constScalar(hi, dtype(x))});
    } else if (base == QLatin1String("leaky_relu")) {
        const double slope = staticNumber(input(n, u"negative_slope", 1)).value_or(0.01);
        out = addNode(QStringLiteral("LeakyRelu"), {x}, {{QStringLiteral("alpha"), Attribute::fromFloat(slope)}});
    } else if (base == QLatin1String("elu")) {
        const double alpha = staticNumber(input(n, u"alpha", 1)).value_or(1.0);
        out = addNode(QStringLiteral("Elu"), {x}, {{QStringLiteral("alpha"), Attribute::fromFloat(alpha)}});
    } else if (base == QLatin1String("selu")) {
        out = addNode(QStringLiteral("Selu"), {x});
    } else if (base == QLatin1String("celu")) {
        const double alpha = staticNumber(input(n, u"alpha", 1)).value_or(1.0);
        out = addNode(QStringLiteral("Celu"), {x}, {{QStringLiteral("alpha"), Attribute::fromFloat(alpha)}});
    } else if (base == QLatin1String("softplus")) {
        out = addNode(QStringLiteral("Softplus"), {x});
    } else if (base == QLatin1String("hardsigmoid")) {
        out = addNode(QStringLiteral("HardSigmoid"), {x},
                   {{QStringLiteral("alpha"), Attribute::fromFloat(1.0 / 6.0)}, {QStringLiteral("beta"), Attribute::fromFloat(0.5)}});
    } else if (base == QLatin1String("glu")) {
        const std::int64_t axis = staticInt(input(n, u"dim", 1)).value_or(-1);
        const auto halves = addNodes(QStringLiteral("Split"), {x}, {{QStringLiteral("axis"), Attribute::fromInt(axis)},
                                                                     {QStringLiteral("num_outputs"), Attribute::fromInt(2)}},
                                      2);
        out = addNode(QStringLiteral("Mul"), {halves[0], addNode(QStringLiteral("Sigmoid"), {halves[1]})});
    } else {
        return false;
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::roll(const TorchScriptNode &n, const QString &, int x) {
    const auto shifts = staticInts(input(n, u"shifts", 1));
    const auto dims = staticInts(input(n, u"dims", 2));
    if (!shifts || !dims || dims->empty() || shifts->size() != dims->size()) {
        return false;  // roll of the flattened tensor (no dims) is not modelled
    }
    // A cyclic shift by s along d: the last s elements, then the others.
    for (std::size_t i = 0; i < dims->size(); ++i) {
        const std::int64_t s = (*shifts)[i];
        const std::int64_t d = (*dims)[i];
        if (s == 0) {
            continue;
        }
        const int axis = constI64({d});
        const int tail = addNode(QStringLiteral("Slice"), {x, constI64({-s}), constI64({kSliceEnd}), axis});
        const int head = addNode(QStringLiteral("Slice"), {x, constI64({0}), constI64({-s}), axis});
        x = addNode(QStringLiteral("Concat"), {tail, head}, {{QStringLiteral("axis"), Attribute::fromInt(d)}});
    }
    bindOut(n, 0, x);
    return true;
}

bool AtenLowering::copy(const TorchScriptNode &n, const QString &base) {
    const int selfArg = input(n, u"self", 0);
    const Slot::Kind kind = slot(selfArg).kind;
    if (kind == Slot::Kind::List || kind == Slot::Kind::Static) {
        return identity(n, base);  // list.copy()
    }
    // self.copy_(src): self takes src's values, in self's shape and dtype.
    const int x = tensor(selfArg);
    const int src = tensor(input(n, u"src", 1));
    if (x < 0 || src < 0) {
        return false;
    }
    const int out = addNode(QStringLiteral("Expand"), {cast(src, dtype(x)), addNode(QStringLiteral("Shape"), {x})});
    if (m_rank.count(x)) {
        setRank(out, m_rank[x]);
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::setItem(const TorchScriptNode &n, const QString &) {
    // l[i] = v on a list.
    if (n.inputs.size() != 3) {
        return false;
    }
    auto items = listItems(n.inputs[0]);
    const auto index = staticInt(n.inputs[1]);
    if (!items || !index) {
        return false;
    }
    const auto count = static_cast<std::int64_t>(items->size());
    const std::int64_t k = *index < 0 ? *index + count : *index;
    if (k < 0 || k >= count) {
        return false;
    }
    (*items)[static_cast<std::size_t>(k)] = slot(n.inputs[2]);
    Slot list;
    list.kind = Slot::Kind::List;
    list.items = std::move(*items);
    bind(n.inputs[0], list);
    for (int out : n.outputs) {
        bind(out, list);
    }
    return true;
}

bool AtenLowering::prelu(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    int slope = tensor(input(n, u"weight", 1));
    if (x < 0 || slope < 0) {
        return false;
    }
    const int r = rank(x);
    if (r > 2 && rank(slope) == 1) {
        std::vector<std::int64_t> axes;
        for (int i = 1; i < r - 1; ++i) {
            axes.push_back(i);
        }
        slope = addNode(QStringLiteral("Unsqueeze"), {slope, constI64(axes)});
        setRank(slope, r - 1);
    }
    bindOut(n, 0, addNode(QStringLiteral("PRelu"), {x, slope}));
    return true;
}

bool AtenLowering::clamp(const TorchScriptNode &n, const QString &base, int x) {
    int lo = -1;
    int hi = -1;
    if (base == QLatin1String("clamp_min")) {
        lo = operand(input(n, u"min", 1), x);
    } else if (base == QLatin1String("clamp_max")) {
        hi = operand(input(n, u"max", 1), x);
    } else {
        const int minArg = input(n, u"min", 1);
        const int maxArg = input(n, u"max", 2);
        lo = isNone(minArg) ? -1 : operand(minArg, x);
        hi = isNone(maxArg) ? -1 : operand(maxArg, x);
    }
    std::vector<int> ins{x, lo, hi};
    while (ins.size() > 1 && ins.back() < 0) {
        ins.pop_back();
    }
    bindOut(n, 0, addNode(QStringLiteral("Clip"), ins));
    return true;
}

bool AtenLowering::binary(const TorchScriptNode &n, const QString &base) {
    if (auto folded = foldStatic(n, base)) {
        bindStatic(n, 0, *folded);
        return true;
    }
    if (base == QLatin1String("add") && n.inputs.size() == 2 && tsValue(firstOutput(n)).type == TorchScriptType::List) {
        // Python list concatenation (shape lists: [n, c] + list(x.size()[2:])).
        const Slot a = slot(n.inputs[0]);
        const Slot b = slot(n.inputs[1]);
        if (a.kind == Slot::Kind::List && b.kind == Slot::Kind::List) {
            Slot joined = a;
            joined.items.insert(joined.items.end(), b.items.begin(), b.items.end());
            bind(firstOutput(n), joined);
            return true;
        }
        const int ia = intTensor1d(n.inputs[0]);
        const int ib = intTensor1d(n.inputs[1]);
        if (ia < 0 || ib < 0) {
            return false;
        }
        Slot joined;
        joined.kind = Slot::Kind::ShapeList;
        joined.ir = addNode(QStringLiteral("Concat"), {ia, ib}, {{QStringLiteral("axis"), Attribute::fromInt(0)}}, DType::I64);
        setRank(joined.ir, 1);
        bind(firstOutput(n), joined);
        return true;
    }
    const bool isPow = base == QLatin1String("pow");
    int a = input(n, u"self", 0);
    int b = input(n, isPow ? u"exponent" : u"other", 1);
    if (a < 0 || b < 0 || (!isTensorLike(a) && !isTensorLike(b))) {
        return false;
    }
    if (base == QLatin1String("rsub")) {
        std::swap(a, b);
    }
    int ia = isTensorLike(a) ? tensor(a) : -1;
    int ib = isTensorLike(b) ? tensor(b) : -1;
    if (ia < 0) {
        ia = operand(a, ib);
    }
    if (ib < 0) {
        ib = operand(b, ia);
    }
    if (ia < 0 || ib < 0) {
        return false;
    }
    const bool division = base == QLatin1String("div") || base == QLatin1String("true_divide");
    const std::optional<QString> rounding = division ? staticString(input(n, u"rounding_mode", 2)) : std::nullopt;
    if (!isPow) {
        harmonize(ia, ib);
    }
    if (division && !rounding && !isFloating(dtype(ia)) && dtype(ia) != DType::Undefined) {
        ia = cast(ia, DType::F32);  // true division of integers
        ib = cast(ib, DType::F32);
    }
    const int alphaArg = (base == QLatin1String("add") || base == QLatin1String("sub") || base == QLatin1String("rsub"))
                             ? input(n, u"alpha", 2)
                             : -1;
    const double alpha = alphaArg >= 0 ? staticNumber(alphaArg).value_or(1.0) : 1.0;
    if (alpha != 1.0) {
        if (base == QLatin1String("rsub")) {
            ib = addNode(QStringLiteral("Mul"), {ib, constScalar(alpha, dtype(ib))});
        } else {
            ib = addNode(QStringLiteral("Mul"), {ib, constScalar(alpha, dtype(ib))});
        }
    }
    const bool boolean = dtype(ia) == DType::Bool;
    int out = -1;
    if (base == QLatin1String("add")) {
        out = addNode(QStringLiteral("Add"), {ia, ib});
    } else if (base == QLatin1String("sub") || base == QLatin1String("rsub")) {
        out = addNode(QStringLiteral("Sub"), {ia, ib});
    } else if (base == QLatin1String("mul")) {
        out = addNode(QStringLiteral("Mul"), {ia, ib});
    } else if (division) {
        out = addNode(QStringLiteral("Div"), {ia, ib});
        if (rounding == QLatin1String("floor") && isFloating(dtype(ia))) {
            out = addNode(QStringLiteral("Floor"), {out});
        }
    } else if (base == QLatin1String("floor_divide") || base == QLatin1String("floordiv")) {
        out = addNode(QStringLiteral("Div"), {ia, ib});
        if (isFloating(dtype(ia))) {
            out = addNode(QStringLiteral("Floor"), {out});
        }
    } else if (base == QLatin1String("remainder") || base == QLatin1String("fmod") || base == QLatin1String("mod")) {
        const bool fmod = base == QLatin1String("fmod") || isFloating(dtype(ia));
        out = addNode(QStringLiteral("Mod"), {ia, ib}, {{QStringLiteral("fmod"), Attribute::fromInt(fmod ? 1 : 0)}});
    } else if (isPow) {
        out = addNode(QStringLiteral("Pow"), {ia, ib});
    } else if (base == QLatin1String("maximum") || base == QLatin1String("max")) {
        out = addNode(QStringLiteral("Max"), {ia, ib});
    } else if (base == QLatin1String("minimum") || base == QLatin1String("min")) {
        out = addNode(QStringLiteral("Min"), {ia, ib});
    } else if (base == QLatin1String("logical_and") || ((base == QLatin1String("bitwise_and") || base == QLatin1String("__and__")) && boolean)) {
        out = addNode(QStringLiteral("And"), {cast(ia, DType::Bool), cast(ib, DType::Bool)});
    } else if (base == QLatin1String("logical_or") || ((base == QLatin1String("bitwise_or") || base == QLatin1String("__or__")) && boolean)) {
        out = addNode(QStringLiteral("Or"), {cast(ia, DType::Bool), cast(ib, DType::Bool)});
    } else if (base == QLatin1String("logical_xor") || ((base == QLatin1String("bitwise_xor") || base == QLatin1String("__xor__")) && boolean)) {
        out = addNode(QStringLiteral("Xor"), {cast(ia, DType::Bool), cast(ib, DType::Bool)});
    } else if (base == QLatin1String("bitwise_and") || base == QLatin1String("__and__")) {
        out = addNode(QStringLiteral("BitwiseAnd"), {ia, ib});
    } else if (base == QLatin1String("bitwise_or") || base == QLatin1String("__or__")) {
        out = addNode(QStringLiteral("BitwiseOr"), {ia, ib});
    } else if (base == QLatin1String("bitwise_xor") || base == QLatin1String("__xor__")) {
        out = addNode(QStringLiteral("BitwiseXor"), {ia, ib});
    } else {
        return false;
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::compare(const TorchScriptNode &n, const QString &base) {
    if (auto folded = foldStatic(n, base)) {
        bindStatic(n, 0, *folded);
        return true;
    }
    const int a = input(n, u"self", 0);
    const int b = input(n, u"other", 1);
    if (a < 0 || b < 0 || (!isTensorLike(a) && !isTensorLike(b))) {
        // Comparisons of things that are not numbers (None, strings) with one side unknown.
        return false;
    }
    int ia = isTensorLike(a) ? tensor(a) : -1;
    int ib = isTensorLike(b) ? tensor(b) : -1;
    if (ia < 0) {
        ia = operand(a, ib);
    }
    if (ib < 0) {
        ib = operand(b, ia);
    }
    if (ia < 0 || ib < 0) {
        return false;
    }
    harmonize(ia, ib);
    int out = -1;
    if (base == QLatin1String("eq")) {
        out = addNode(QStringLiteral("Equal"), {ia, ib});
    } else if (base == QLatin1String("ne")) {
        out = addNode(QStringLiteral("Not"), {addNode(QStringLiteral("Equal"), {ia, ib})});
    } else if (base == QLatin1String("lt")) {
        out = addNode(QStringLiteral("Less"), {ia, ib});
    } else if (base == QLatin1String("le")) {
        out = addNode(QStringLiteral("LessOrEqual"), {ia, ib});
    } else if (base == QLatin1String("gt")) {
        out = addNode(QStringLiteral("Greater"), {ia, ib});
    } else {
        out = addNode(QStringLiteral("GreaterOrEqual"), {ia, ib});
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::identity(const TorchScriptNode &n, const QString &) {
    if (n.inputs.empty() || n.outputs.empty()) {
        return false;
    }
    bind(firstOutput(n), slot(firstInput(n)));
    return true;
}

}  // namespace infersight
