// SPDX-License-Identifier: MIT
// Lowering of aten operators that make or convert tensors: dtype conversions, fills and ranges,
// masks, padding, resampling, attention and tensors from Python data.
#include "importers/torchscript/aten_lowering.h"
#include "importers/torchscript/aten_values.h"

#include <algorithm>
#include <cmath>

namespace infersight {

using namespace aten;

bool AtenLowering::to(const TorchScriptNode &n, const QString &base) {
    const int selfArg = input(n, u"self", 0);
    if (!isTensorLike(selfArg)) {
        return false;
    }
    const int x = tensor(selfArg);
    DType target = DType::Undefined;
    if (const int dtypeArg = n.argumentNames.indexOf(QStringLiteral("dtype")); dtypeArg >= 0) {
        if (const auto t = staticInt(n.inputs[static_cast<std::size_t>(dtypeArg)])) {
            target = dtypeFromScalarType(*t);
        } else if (!isNone(n.inputs[static_cast<std::size_t>(dtypeArg)])) {
            return false;
        }
    } else if (const int otherArg = n.argumentNames.indexOf(QStringLiteral("other")); otherArg >= 0) {
        target = dtype(tensor(n.inputs[static_cast<std::size_t>(otherArg)]));
    } else if (n.argumentNames.isEmpty() && base == QLatin1String("to") && n.inputs.size() >= 2) {
        if (const auto t = staticInt(n.inputs[1])) {
            target = dtypeFromScalarType(*t);
        }
    }
    if (target == DType::Undefined) {
        bind(firstOutput(n), slot(selfArg));  // a device move
        return true;
    }
    bindOut(n, 0, cast(x, target));
    return true;
}

bool AtenLowering::typeAs(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    const int other = tensor(input(n, u"other", 1));
    if (x < 0 || other < 0 || dtype(other) == DType::Undefined) {
        return false;
    }
    bindOut(n, 0, cast(x, dtype(other)));
    return true;
}

bool AtenLowering::fill(const TorchScriptNode &n, const QString &base) {
    const bool like = base.endsWith(QLatin1String("_like")) || base == QLatin1String("fill") || base == QLatin1String("zero");
    const bool fromSelf = like || base.startsWith(QLatin1String("new_"));
    int x = -1;
    if (fromSelf) {
        x = tensor(input(n, u"self", 0));
        if (x < 0) {
            return false;
        }
    }
    int shape = -1;
    if (like) {
        shape = addNode(QStringLiteral("Shape"), {x});
    } else {
        shape = intTensor1d(input(n, u"size", fromSelf ? 1 : 0));
    }
    if (shape < 0) {
        return false;
    }
    double value = 0.0;
    bool integralFill = false;
    if (base.contains(QLatin1String("ones"))) {
        value = 1.0;
    } else if (base.contains(QLatin1String("full")) || base == QLatin1String("fill")) {
        const int fillArg = input(n, base == QLatin1String("fill") ? u"value" : u"fill_value", base == QLatin1String("fill") ? 1 : (fromSelf ? 2 : 1));
        const auto v = staticNumber(fillArg);
        if (!v) {
            // fill_(Tensor value): the value broadcast to the shape.
            const int fillValue = isTensorLike(fillArg) ? tensor(fillArg) : -1;
            if (fillValue < 0 || !fromSelf) {
                return false;
            }
            const int out = addNode(QStringLiteral("Expand"), {cast(fillValue, dtype(x)), shape});
            if (m_rank.count(x)) {
                setRank(out, m_rank[x]);
            }
            bindOut(n, 0, out);
            return true;
        }
        value = *v;
        integralFill = staticValue(fillArg)->kind != Kind::Float;
    }
    DType t = fromSelf ? dtype(x) : (integralFill ? DType::I64 : DType::F32);
    if (const int dtypeArg = n.argumentNames.indexOf(QStringLiteral("dtype")); dtypeArg >= 0) {
        if (const auto st = staticInt(n.inputs[static_cast<std::size_t>(dtypeArg)])) {
            t = dtypeFromScalarType(*st);
        }
    }
    if (t == DType::Undefined) {
        t = DType::F32;
    }
    const int out = filled(shape, value, t);
    if (like && m_rank.count(x)) {
        setRank(out, m_rank[x]);
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::arange(const TorchScriptNode &n, const QString &) {
    const bool hasStart = n.argumentNames.contains(QStringLiteral("start"));
    const int startArg = hasStart ? input(n, u"start", 0) : -1;
    const int endArg = input(n, u"end", hasStart ? 1 : 0);
    const int stepArg = n.argumentNames.contains(QStringLiteral("step")) ? input(n, u"step", 2) : -1;
    if (endArg < 0) {
        return false;
    }
    DType t = DType::Undefined;
    if (const int dtypeArg = n.argumentNames.indexOf(QStringLiteral("dtype")); dtypeArg >= 0) {
        if (const auto st = staticInt(n.inputs[static_cast<std::size_t>(dtypeArg)])) {
            t = dtypeFromScalarType(*st);
        }
    }
    if (t == DType::Undefined) {
        bool anyFloat = false;
        for (int a : {startArg, endArg, stepArg}) {
            if (a < 0) {
                continue;
            }
            const auto c = staticValue(a);
            anyFloat = anyFloat || (c && c->kind == Kind::Float) || (!c && isFloating(dtype(tensor(a))));
        }
        t = anyFloat ? DType::F32 : DType::I64;
    }
    auto scalar = [&](int arg, double fallback) {
        if (arg < 0) {
            return constScalar(fallback, t);
        }
        if (const auto v = staticNumber(arg)) {
            return constScalar(*v, t);
        }
        const int ir = tensor(arg);
        return ir < 0 ? -1 : cast(ir, t);
    };
    const int start = scalar(startArg, 0.0);
    const int end = scalar(endArg, 0.0);
    const int step = scalar(stepArg, 1.0);
    if (start < 0 || end < 0 || step < 0) {
        return false;
    }
    const int out = addNode(QStringLiteral("Range"), {start, end, step}, {}, t);
    setRank(out, 1);
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::trilu(const TorchScriptNode &n, const QString &base, int x) {
    const int k = scalarI64(input(n, u"diagonal", 1));
    std::vector<int> ins{x};
    if (k >= 0) {
        ins.push_back(k);
    }
    bindOut(n, 0, addNode(QStringLiteral("Trilu"), ins, {{QStringLiteral("upper"), Attribute::fromInt(base == QLatin1String("triu") ? 1 : 0)}}));
    return true;
}

bool AtenLowering::where(const TorchScriptNode &n, const QString &) {
    if (n.inputs.size() < 3) {
        return false;  // torch.where(cond): indices, dynamic count
    }
    const int cond = tensor(input(n, u"condition", 0));
    const int a = input(n, u"self", 1);
    const int b = input(n, u"other", 2);
    int ia = isTensorLike(a) ? tensor(a) : -1;
    int ib = isTensorLike(b) ? tensor(b) : -1;
    if (ia < 0) {
        ia = operand(a, ib);
    }
    if (ib < 0) {
        ib = operand(b, ia);
    }
    if (cond < 0 || ia < 0 || ib < 0) {
        return false;
    }
    harmonize(ia, ib);
    bindOut(n, 0, addNode(QStringLiteral("Where"), {cast(cond, DType::Bool), ia, ib}));
    return true;
}

bool AtenLowering::maskedFill(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    const int mask = tensor(input(n, u"mask", 1));
    const int value = x >= 0 ? operand(input(n, u"value", 2), x) : -1;
    if (x < 0 || mask < 0 || value < 0) {
        return false;
    }
    const int v = dtype(value) == dtype(x) || dtype(x) == DType::Undefined ? value : cast(value, dtype(x));
    bindOut(n, 0, addNode(QStringLiteral("Where"), {cast(mask, DType::Bool), v, x}));
    return true;
}

bool AtenLowering::pad(const TorchScriptNode &n, const QString &base, int x) {
    const auto padding = listItems(input(n, base == QLatin1String("constant_pad_nd") || base == QLatin1String("pad") ? u"pad" : u"padding", 1));
    const int r = rank(x);
    if (!padding || r < 0 || padding->size() % 2 != 0 || static_cast<int>(padding->size() / 2) > r) {
        return false;
    }
    // torch: (last_begin, last_end, previous_begin, ...); ONNX: all begins, then all ends.
    Slot zero;
    zero.kind = Slot::Kind::Static;
    zero.value = makeInt(0);
    std::vector<Slot> pads(static_cast<std::size_t>(2 * r), zero);
    for (std::size_t i = 0; i < padding->size() / 2; ++i) {
        const std::size_t axis = static_cast<std::size_t>(r) - 1 - i;
        pads[axis] = (*padding)[2 * i];
        pads[axis + static_cast<std::size_t>(r)] = (*padding)[2 * i + 1];
    }
    const int padsTensor = intTensorFromItems(pads);
    if (padsTensor < 0) {
        return false;
    }
    QString mode = QStringLiteral("constant");
    double value = 0.0;
    if (base.startsWith(QLatin1String("reflection"))) {
        mode = QStringLiteral("reflect");
    } else if (base.startsWith(QLatin1String("replication"))) {
        mode = QStringLiteral("edge");
    } else if (base == QLatin1String("pad")) {
        const QString torchMode = staticString(input(n, u"mode", 2)).value_or(QStringLiteral("constant"));
        mode = torchMode == QLatin1String("reflect")     ? QStringLiteral("reflect")
               : torchMode == QLatin1String("replicate") ? QStringLiteral("edge")
               : torchMode == QLatin1String("circular")  ? QStringLiteral("wrap")
                                                         : QStringLiteral("constant");
        value = staticNumber(input(n, u"value", 3)).value_or(0.0);
    } else {
        value = staticNumber(input(n, u"value", 2)).value_or(0.0);
    }
    std::vector<int> ins{x, padsTensor};
    if (mode == QLatin1String("constant")) {
        ins.push_back(constScalar(value, dtype(x) == DType::Undefined ? DType::F32 : dtype(x)));
    }
    bindOut(n, 0, addNode(QStringLiteral("Pad"), ins, {{QStringLiteral("mode"), Attribute::fromString(mode)}}));
    return true;
}

bool AtenLowering::upsample(const TorchScriptNode &n, const QString &base, int x) {
    const int r = rank(x);
    if (r < 3) {
        return false;
    }
    const int sizeArg = input(n, u"output_size", 1);
    const int scalesArg = n.argumentNames.indexOf(QStringLiteral("scale_factors")) >= 0
                              ? n.inputs[static_cast<std::size_t>(n.argumentNames.indexOf(QStringLiteral("scale_factors")))]
                              : -1;
    const bool alignCorners = staticBool(input(n, u"align_corners", 2)).value_or(false);
    const QString mode = base.contains(QLatin1String("nearest")) ? QStringLiteral("nearest")
                         : base.contains(QLatin1String("bicubic")) ? QStringLiteral("cubic")
                                                                    : QStringLiteral("linear");
    AttributeList attrs{{QStringLiteral("mode"), Attribute::fromString(mode)}};
    attrs.emplace_back(QStringLiteral("coordinate_transformation_mode"),
                       Attribute::fromString(mode == QLatin1String("nearest") ? QStringLiteral("asymmetric")
                                             : alignCorners                   ? QStringLiteral("align_corners")
                                                                              : QStringLiteral("pytorch_half_pixel")));
    if (mode == QLatin1String("nearest")) {
        attrs.emplace_back(QStringLiteral("nearest_mode"), Attribute::fromString(QStringLiteral("floor")));
    }
    int out = -1;
    if (!isNone(sizeArg)) {
        const int spatial = intTensor1d(sizeArg);
        if (spatial < 0) {
            return false;
        }
        const int shape = addNode(QStringLiteral("Shape"), {x});
        const int lead = addNode(QStringLiteral("Slice"), {shape, constI64({0}), constI64({2})});
        const int sizes = addNode(QStringLiteral("Concat"), {lead, spatial}, {{QStringLiteral("axis"), Attribute::fromInt(0)}});
        out = addNode(QStringLiteral("Resize"), {x, -1, -1, sizes}, attrs);
    } else {
        const auto c = staticValue(scalesArg);
        if (!c || (c->kind != Kind::Floats && c->kind != Kind::Ints)) {
            return false;
        }
        std::vector<double> scales(2, 1.0);
        if (c->kind == Kind::Floats) {
            scales.insert(scales.end(), c->floats.begin(), c->floats.end());
        } else {
            for (std::int64_t v : c->ints) {
                scales.push_back(static_cast<double>(v));
            }
        }
        if (static_cast<int>(scales.size()) != r) {
            return false;
        }
        TensorInfo t;
        t.dtype = DType::F32;
        t.dims = {static_cast<std::int64_t>(scales.size())};
        t.floatData = scales;
        const int scaleTensor = addNode(QStringLiteral("Constant"), {}, {{QStringLiteral("value"), Attribute::fromTensor(std::move(t))}}, DType::F32);
        setRank(scaleTensor, 1);
        out = addNode(QStringLiteral("Resize"), {x, -1, scaleTensor}, attrs);
    }
    setRank(out, r);
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::pixelShuffle(const TorchScriptNode &n, const QString &, int x) {
    const auto factor = staticInt(input(n, u"upscale_factor", 1));
    if (!factor) {
        return false;
    }
    bindOut(n, 0, addNode(QStringLiteral("DepthToSpace"), {x},
                       {{QStringLiteral("blocksize"), Attribute::fromInt(*factor)}, {QStringLiteral("mode"), Attribute::fromString(QStringLiteral("CRD"))}}));
    return true;
}

bool AtenLowering::attention(const TorchScriptNode &n, const QString &) {
    const int q = tensor(input(n, u"query", 0));
    const int k = tensor(input(n, u"key", 1));
    const int v = tensor(input(n, u"value", 2));
    const int maskArg = input(n, u"attn_mask", 3);
    const int r = rank(k);
    if (q < 0 || k < 0 || v < 0 || r < 2) {
        return false;
    }
    std::vector<std::int64_t> perm;
    for (int i = 0; i < r; ++i) {
        perm.push_back(i);
    }
    std::swap(perm[static_cast<std::size_t>(r - 2)], perm[static_cast<std::size_t>(r - 1)]);
    const int kt = addNode(QStringLiteral("Transpose"), {k}, {{QStringLiteral("perm"), ints(perm)}});
    setRank(kt, r);
    int scores = addNode(QStringLiteral("MatMul"), {q, kt});
    setRank(scores, r);
    std::optional<double> scale;
    if (const int scaleArg = n.argumentNames.indexOf(QStringLiteral("scale")); scaleArg >= 0) {
        scale = staticNumber(n.inputs[static_cast<std::size_t>(scaleArg)]);
    }
    if (!scale) {
        const std::int64_t e = dimSize(q, -1);
        if (e <= 0) {
            return false;
        }
        scale = 1.0 / std::sqrt(static_cast<double>(e));
    }
    scores = addNode(QStringLiteral("Mul"), {scores, constScalar(*scale, dtype(scores) == DType::Undefined ? DType::F32 : dtype(scores))});
    if (!isNone(maskArg)) {
        const int mask = tensor(maskArg);
        if (mask < 0) {
            return false;
        }
        scores = dtype(mask) == DType::Bool
                     ? addNode(QStringLiteral("Where"), {mask, scores, constScalar(-1e30, dtype(scores))})
                     : addNode(QStringLiteral("Add"), {scores, mask});
    }
    if (staticBool(input(n, u"is_causal", 5)).value_or(false)) {
        scores = addNode(QStringLiteral("Trilu"), {scores}, {{QStringLiteral("upper"), Attribute::fromInt(0)}});
    }
    const int probabilities = addNode(QStringLiteral("Softmax"), {scores}, {{QStringLiteral("axis"), Attribute::fromInt(-1)}});
    bindOut(n, 0, addNode(QStringLiteral("MatMul"), {probabilities, v}));
    return true;
}

bool AtenLowering::tensorFromData(const TorchScriptNode &n, const QString &) {
    const auto c = staticValue(input(n, u"data", 0));
    if (!c) {
        return false;
    }
    DType t = DType::Undefined;
    if (const int dtypeArg = n.argumentNames.indexOf(QStringLiteral("dtype")); dtypeArg >= 0) {
        if (const auto st = staticInt(n.inputs[static_cast<std::size_t>(dtypeArg)])) {
            t = dtypeFromScalarType(*st);
        }
    }
    TensorInfo info;
    switch (c->kind) {
    case Kind::Int:
    case Kind::Bool:
    case Kind::Float: bindOut(n, 0, constScalar(numberOf(*c), t != DType::Undefined ? t : (c->kind == Kind::Float ? DType::F32 : DType::I64))); return true;
    case Kind::Ints:
    case Kind::Bools:
        info.dtype = t != DType::Undefined ? t : DType::I64;
        info.dims = {static_cast<std::int64_t>(c->ints.size())};
        info.intData = c->ints;
        break;
    case Kind::Floats:
        info.dtype = t != DType::Undefined ? t : DType::F32;
        info.dims = {static_cast<std::int64_t>(c->floats.size())};
        info.floatData = c->floats;
        break;
    default: return false;
    }
    const DType type = info.dtype;
    const int out = addNode(QStringLiteral("Constant"), {}, {{QStringLiteral("value"), Attribute::fromTensor(std::move(info))}}, type);
    setRank(out, 1);
    bindOut(n, 0, out);
    return true;
}

}  // namespace infersight
