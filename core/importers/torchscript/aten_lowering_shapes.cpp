// SPDX-License-Identifier: MIT
// Lowering of aten operators on shapes and layouts: sizes, views, permutations, joins and splits,
// slicing and indexing.
#include "importers/torchscript/aten_lowering.h"
#include "importers/torchscript/aten_values.h"

#include <algorithm>
#include <cmath>

namespace infersight {

using namespace aten;

// ---- shapes and scalars --------------------------------------------------------------------------

bool AtenLowering::size(const TorchScriptNode &n, const QString &) {
    const int selfArg = input(n, u"self", 0);
    const Slot &s = slot(selfArg);
    const int dimArg = n.inputs.size() > 1 ? input(n, u"dim", 1) : -1;
    if (s.kind == Slot::Kind::Tensor && s.ir < 0 && s.moduleTensor >= 0) {
        const Shape &dims = m_source.tensors[static_cast<std::size_t>(s.moduleTensor)].dims;
        if (dimArg < 0) {
            TorchScriptConstant c;
            c.kind = Kind::Ints;
            c.ints = dims;
            bindStatic(n, 0, c);
            return true;
        }
        if (const auto d = staticInt(dimArg)) {
            const std::int64_t axis = normalizeAxis(*d, static_cast<int>(dims.size()));
            if (axis >= 0 && axis < static_cast<std::int64_t>(dims.size())) {
                bindStatic(n, 0, makeInt(dims[static_cast<std::size_t>(axis)]));
                return true;
            }
        }
        return false;
    }
    const int x = tensor(selfArg);
    if (x < 0) {
        return false;
    }
    const int shape = addNode(QStringLiteral("Shape"), {x});
    if (dimArg < 0) {
        Slot list;
        list.kind = Slot::Kind::ShapeList;
        list.ir = shape;
        bind(firstOutput(n), list);
        return true;
    }
    const int index = scalarI64(dimArg);
    if (index < 0) {
        return false;
    }
    const int out = addNode(QStringLiteral("Gather"), {shape, index}, {{QStringLiteral("axis"), Attribute::fromInt(0)}}, DType::I64);
    setRank(out, 0);
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::dim(const TorchScriptNode &n, const QString &, int x) {
    const int r = rank(x);
    if (r < 0) {
        return false;
    }
    bindStatic(n, 0, makeInt(r));
    return true;
}

bool AtenLowering::numToTensor(const TorchScriptNode &n, const QString &) {
    const int a = input(n, u"s", 0);
    if (const auto c = staticValue(a); c && isNumber(*c)) {
        DType t = c->kind == Kind::Float ? DType::F32 : (c->kind == Kind::Bool ? DType::Bool : DType::I64);
        if (const auto st = staticInt(input(n, u"dtype", 1)); st && n.kind == QLatin1String("aten::scalar_tensor")) {
            t = dtypeFromScalarType(*st);
        }
        bindOut(n, 0, constScalar(numberOf(*c), t));
        return true;
    }
    if (!isTensorLike(a)) {
        return false;
    }
    Slot s = slot(a);
    s.kind = Slot::Kind::Tensor;
    bind(firstOutput(n), s);
    return true;
}

bool AtenLowering::scalarOf(const TorchScriptNode &n, const QString &base) {
    if (auto folded = foldStatic(n, base)) {
        bindStatic(n, 0, *folded);
        return true;
    }
    const int a = n.inputs.empty() ? -1 : firstInput(n);
    if (!isTensorLike(a)) {
        return false;
    }
    int ir = tensor(a);
    if (base == QLatin1String("Int") || base == QLatin1String("IntImplicit")) {
        ir = cast(ir, DType::I64);
    } else if (base == QLatin1String("Bool")) {
        ir = cast(ir, DType::Bool);
    }
    bindOut(n, 0, ir);
    return true;
}

bool AtenLowering::view(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    const int shapeArg = input(n, u"size", 1);
    const int shape = intTensor1d(shapeArg);
    if (x < 0 || shape < 0) {
        return false;
    }
    const int out = addNode(QStringLiteral("Reshape"), {x, shape});
    const Slot &s = slot(shapeArg);
    if (const auto ints = staticInts(shapeArg)) {
        setRank(out, static_cast<int>(ints->size()));
    } else if (s.kind == Slot::Kind::List || s.kind == Slot::Kind::Tuple) {
        setRank(out, static_cast<int>(s.items.size()));
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::viewAs(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    const int other = tensor(input(n, u"other", 1));
    if (x < 0 || other < 0) {
        return false;
    }
    const int out = addNode(QStringLiteral("Reshape"), {x, addNode(QStringLiteral("Shape"), {other})});
    if (m_rank.count(other)) {
        setRank(out, m_rank[other]);
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::flatten(const TorchScriptNode &n, const QString &, int x) {
    const auto start = staticInt(input(n, u"start_dim", 1));
    const auto end = staticInt(input(n, u"end_dim", 2));
    if (!start || !end) {
        return false;
    }
    int out = -1;
    if (*start == 1 && *end == -1) {
        out = addNode(QStringLiteral("Flatten"), {x}, {{QStringLiteral("axis"), Attribute::fromInt(1)}});
        setRank(out, 2);
    } else if (*start == 0 && *end == -1) {
        out = addNode(QStringLiteral("Reshape"), {x, constI64({-1})});
        setRank(out, 1);
    } else {
        const int r = rank(x);
        if (r < 0) {
            return false;
        }
        const std::int64_t s = normalizeAxis(*start, r);
        const std::int64_t e = normalizeAxis(*end, r);
        if (r == 0 || s == e) {
            bind(firstOutput(n), slot(input(n, u"self", 0)));
            return true;
        }
        const int shape = addNode(QStringLiteral("Shape"), {x});
        std::vector<int> parts;
        if (s > 0) {
            parts.push_back(addNode(QStringLiteral("Slice"), {shape, constI64({0}), constI64({s})}));
        }
        parts.push_back(constI64({-1}));
        if (e + 1 < r) {
            parts.push_back(addNode(QStringLiteral("Slice"), {shape, constI64({e + 1}), constI64({kSliceEnd})}));
        }
        const int target = parts.size() == 1 ? parts.front()
                                             : addNode(QStringLiteral("Concat"), parts, {{QStringLiteral("axis"), Attribute::fromInt(0)}});
        out = addNode(QStringLiteral("Reshape"), {x, target});
        setRank(out, r - static_cast<int>(e - s));
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::unflatten(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    const auto d = staticInt(input(n, u"dim", 1));
    const int sizesArg = input(n, u"sizes", 2);
    const int sizes = intTensor1d(sizesArg);
    const int r = rank(x);
    if (x < 0 || !d || sizes < 0 || r < 0) {
        return false;
    }
    const std::int64_t axis = normalizeAxis(*d, r);
    const int shape = addNode(QStringLiteral("Shape"), {x});
    std::vector<int> parts;
    if (axis > 0) {
        parts.push_back(addNode(QStringLiteral("Slice"), {shape, constI64({0}), constI64({axis})}));
    }
    parts.push_back(sizes);
    if (axis + 1 < r) {
        parts.push_back(addNode(QStringLiteral("Slice"), {shape, constI64({axis + 1}), constI64({kSliceEnd})}));
    }
    const int target = parts.size() == 1 ? parts.front()
                                         : addNode(QStringLiteral("Concat"), parts, {{QStringLiteral("axis"), Attribute::fromInt(0)}});
    const int out = addNode(QStringLiteral("Reshape"), {x, target});
    if (const auto list = staticInts(sizesArg)) {
        setRank(out, r - 1 + static_cast<int>(list->size()));
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::permute(const TorchScriptNode &n, const QString &) {
    const int selfArg = input(n, u"self", 0);
    const auto dims = staticInts(input(n, u"dims", 1));
    if (!dims) {
        return false;
    }
    const int r = static_cast<int>(dims->size());
    std::vector<std::int64_t> perm;
    for (std::int64_t d : *dims) {
        perm.push_back(normalizeAxis(d, r));
    }
    const Slot &s = slot(selfArg);
    if (r == 2 && perm == std::vector<std::int64_t>{1, 0} && s.kind == Slot::Kind::Tensor && s.ir < 0 && s.moduleTensor >= 0) {
        bindOut(n, 0, moduleTensorValue(s.moduleTensor, true));
        return true;
    }
    const int x = tensor(selfArg);
    if (x < 0) {
        return false;
    }
    const int out = addNode(QStringLiteral("Transpose"), {x}, {{QStringLiteral("perm"), ints(perm)}});
    setRank(out, r);
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::transpose(const TorchScriptNode &n, const QString &base) {
    const int selfArg = input(n, u"self", 0);
    const Slot &s = slot(selfArg);
    const bool module2d = s.kind == Slot::Kind::Tensor && s.ir < 0 && s.moduleTensor >= 0 &&
                          m_source.tensors[static_cast<std::size_t>(s.moduleTensor)].dims.size() == 2;
    if (module2d) {
        // A weight read transposed (x @ w.t(), addmm(b, x, w.t())): declare it in that layout.
        bindOut(n, 0, moduleTensorValue(s.moduleTensor, true));
        return true;
    }
    const int x = tensor(selfArg);
    const int r = rank(x);
    if (x < 0 || r < 0) {
        return false;
    }
    std::int64_t d0 = 0;
    std::int64_t d1 = 1;
    if (base == QLatin1String("t") || base == QLatin1String("numpy_T")) {
        if (r < 2) {
            bind(firstOutput(n), slot(selfArg));
            return true;
        }
        d0 = r - 2;
        d1 = r - 1;
    } else {
        const auto a = staticInt(input(n, u"dim0", 1));
        const auto b = staticInt(input(n, u"dim1", 2));
        if (!a || !b) {
            return false;
        }
        d0 = normalizeAxis(*a, r);
        d1 = normalizeAxis(*b, r);
    }
    if (d0 == d1) {
        bind(firstOutput(n), slot(selfArg));
        return true;
    }
    std::vector<std::int64_t> perm;
    for (int i = 0; i < r; ++i) {
        perm.push_back(i);
    }
    std::swap(perm[static_cast<std::size_t>(d0)], perm[static_cast<std::size_t>(d1)]);
    const int out = addNode(QStringLiteral("Transpose"), {x}, {{QStringLiteral("perm"), ints(perm)}});
    setRank(out, r);
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::unsqueeze(const TorchScriptNode &n, const QString &, int x) {
    const auto d = staticInt(input(n, u"dim", 1));
    if (!d) {
        return false;
    }
    const int out = addNode(QStringLiteral("Unsqueeze"), {x, constI64({*d})});
    if (m_rank.count(x)) {
        setRank(out, m_rank[x] + 1);
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::squeeze(const TorchScriptNode &n, const QString &, int x) {
    const int dimArg = n.inputs.size() > 1 ? input(n, u"dim", 1) : -1;
    if (dimArg < 0) {
        bindOut(n, 0, addNode(QStringLiteral("Squeeze"), {x}));
        return true;
    }
    const auto d = staticInt(dimArg);
    if (!d) {
        return false;
    }
    const std::int64_t size = dimSize(x, *d);
    if (size > 1) {
        // torch.squeeze(x, d) leaves a dimension that is not 1 alone.
        bind(firstOutput(n), slot(firstInput(n)));
        return true;
    }
    const int out = addNode(QStringLiteral("Squeeze"), {x, constI64({*d})});
    if (m_rank.count(x)) {
        setRank(out, m_rank[x] - 1);
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::expand(const TorchScriptNode &n, const QString &base, int x) {
    int shape = -1;
    int outRank = -1;
    if (base == QLatin1String("expand_as")) {
        const int other = tensor(input(n, u"other", 1));
        if (other < 0) {
            return false;
        }
        shape = addNode(QStringLiteral("Shape"), {other});
        outRank = m_rank.count(other) ? m_rank[other] : -1;
    } else {
        // torch's -1 keeps a dimension; ONNX Expand broadcasts, so 1 does the same.
        const int sizeArg = input(n, base == QLatin1String("broadcast_to") ? u"size" : u"size", 1);
        Slot s = slot(sizeArg);
        if (s.kind == Slot::Kind::Static && (s.value.kind == Kind::Ints)) {
            std::vector<std::int64_t> dims = s.value.ints;
            std::replace(dims.begin(), dims.end(), std::int64_t{-1}, std::int64_t{1});
            shape = constI64(dims);
            outRank = static_cast<int>(dims.size());
        } else if (s.kind == Slot::Kind::List || s.kind == Slot::Kind::Tuple) {
            for (Slot &item : s.items) {
                if (item.kind == Slot::Kind::Static && item.value.kind == Kind::Int && item.value.i == -1) {
                    item.value.i = 1;
                }
            }
            shape = intTensorFromItems(s.items);
            outRank = static_cast<int>(s.items.size());
        } else {
            shape = intTensor1d(sizeArg);
        }
    }
    if (shape < 0) {
        return false;
    }
    const int out = addNode(QStringLiteral("Expand"), {x, shape});
    if (outRank >= 0 && m_rank.count(x)) {
        setRank(out, std::max(outRank, m_rank[x]));
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::repeat(const TorchScriptNode &n, const QString &, int x) {
    const auto repeats = staticInts(input(n, u"repeats", 1));
    const int r = rank(x);
    if (!repeats || r < 0) {
        return false;
    }
    const int extra = static_cast<int>(repeats->size()) - r;
    if (extra > 0) {
        std::vector<std::int64_t> axes;
        for (int i = 0; i < extra; ++i) {
            axes.push_back(i);
        }
        x = addNode(QStringLiteral("Unsqueeze"), {x, constI64(axes)});
        setRank(x, static_cast<int>(repeats->size()));
    }
    bindOut(n, 0, addNode(QStringLiteral("Tile"), {x, constI64(*repeats)}));
    return true;
}

bool AtenLowering::cat(const TorchScriptNode &n, const QString &) {
    bool ok = false;
    const std::vector<int> parts = tensorList(input(n, u"tensors", 0), &ok);
    const auto axis = staticInt(input(n, u"dim", 1));
    if (!ok || parts.empty() || !axis) {
        return false;
    }
    if (parts.size() == 1) {
        bindOut(n, 0, parts.front());
        return true;
    }
    bindOut(n, 0, addNode(QStringLiteral("Concat"), parts, {{QStringLiteral("axis"), Attribute::fromInt(*axis)}}));
    return true;
}

bool AtenLowering::stack(const TorchScriptNode &n, const QString &) {
    bool ok = false;
    const std::vector<int> parts = tensorList(input(n, u"tensors", 0), &ok);
    const auto axis = staticInt(input(n, u"dim", 1));
    if (!ok || parts.empty() || !axis) {
        return false;
    }
    std::vector<int> expanded;
    for (int p : parts) {
        const int u = addNode(QStringLiteral("Unsqueeze"), {p, constI64({*axis})});
        if (m_rank.count(p)) {
            setRank(u, m_rank[p] + 1);
        }
        expanded.push_back(u);
    }
    bindOut(n, 0, expanded.size() == 1 ? expanded.front()
                                       : addNode(QStringLiteral("Concat"), expanded, {{QStringLiteral("axis"), Attribute::fromInt(*axis)}}));
    return true;
}

bool AtenLowering::chunk(const TorchScriptNode &n, const QString &, int x) {
    const auto chunks = knownInt(input(n, u"chunks", 1));
    const std::int64_t axis = staticInt(input(n, u"dim", 2)).value_or(0);
    if (!chunks || *chunks <= 0) {
        return false;
    }
    const std::int64_t size = dimSize(x, axis);
    std::vector<int> outs;
    if (size > 0) {
        const std::int64_t piece = (size + *chunks - 1) / *chunks;
        std::vector<std::int64_t> sizes;
        for (std::int64_t done = 0; done < size; done += piece) {
            sizes.push_back(std::min(piece, size - done));
        }
        outs = addNodes(QStringLiteral("Split"), {x, constI64(sizes)}, {{QStringLiteral("axis"), Attribute::fromInt(axis)}},
                         static_cast<int>(sizes.size()));
    } else {
        outs = addNodes(QStringLiteral("Split"), {x},
                         {{QStringLiteral("axis"), Attribute::fromInt(axis)}, {QStringLiteral("num_outputs"), Attribute::fromInt(*chunks)}},
                         static_cast<int>(*chunks));
    }
    if (m_rank.count(x)) {
        for (int o : outs) {
            setRank(o, m_rank[x]);
        }
    }
    bindTensorList(n, outs);
    return true;
}

bool AtenLowering::split(const TorchScriptNode &n, const QString &base, int x) {
    if (base == QLatin1String("tensor_split")) {
        return false;
    }
    const int sizeArg = input(n, n.argumentNames.contains(QStringLiteral("split_sizes")) ? u"split_sizes" : u"split_size", 1);
    const std::int64_t axis = staticInt(input(n, u"dim", 2)).value_or(0);
    // Sizes computed from shapes (x.split(C, dim=2) with C = x.size(2)) at the import-time shapes.
    const auto knownSize = knownInt(sizeArg);
    const bool single = knownSize.has_value();
    const auto given = single ? std::optional(std::vector<std::int64_t>{*knownSize}) : staticInts(sizeArg);
    if (!given) {
        return false;
    }
    std::vector<std::int64_t> sizes;
    if (single) {
        const std::int64_t size = dimSize(x, axis);
        const std::int64_t piece = given->front();
        if (size <= 0 || piece <= 0) {
            return false;
        }
        for (std::int64_t done = 0; done < size; done += piece) {
            sizes.push_back(std::min(piece, size - done));
        }
    } else {
        sizes = *given;
    }
    const auto outs = addNodes(QStringLiteral("Split"), {x, constI64(sizes)}, {{QStringLiteral("axis"), Attribute::fromInt(axis)}},
                                static_cast<int>(sizes.size()));
    if (m_rank.count(x)) {
        for (int o : outs) {
            setRank(o, m_rank[x]);
        }
    }
    bindTensorList(n, outs);
    return true;
}

bool AtenLowering::unbind(const TorchScriptNode &n, const QString &, int x) {
    const std::int64_t axis = staticInt(input(n, u"dim", 1)).value_or(0);
    const std::int64_t size = dimSize(x, axis);
    if (size <= 0 || size > 4096) {
        return false;
    }
    const auto pieces = addNodes(QStringLiteral("Split"), {x, constI64(std::vector<std::int64_t>(static_cast<std::size_t>(size), 1))},
                                  {{QStringLiteral("axis"), Attribute::fromInt(axis)}}, static_cast<int>(size));
    std::vector<int> squeezed;
    squeezed.reserve(pieces.size());
    for (int p : pieces) {
        squeezed.push_back(addNode(QStringLiteral("Squeeze"), {p, constI64({axis})}));
    }
    bindTensorList(n, squeezed);
    return true;
}

bool AtenLowering::slice(const TorchScriptNode &n, const QString &) {
    const int selfArg = input(n, u"self", 0);
    const Slot &s = slot(selfArg);
    if (s.kind == Slot::Kind::List || (s.kind == Slot::Kind::Static && s.value.kind == Kind::Ints)) {
        // Python list slicing: l[start:end:step].
        const std::vector<Slot> items = [&] {
            if (s.kind == Slot::Kind::List) {
                return s.items;
            }
            std::vector<Slot> out;
            for (std::int64_t v : s.value.ints) {
                Slot item;
                item.kind = Slot::Kind::Static;
                item.value = makeInt(v);
                out.push_back(item);
            }
            return out;
        }();
        const auto count = static_cast<std::int64_t>(items.size());
        const int startArg = input(n, u"start", 1);
        const int endArg = input(n, u"end", 2);
        std::int64_t start = isNone(startArg) ? 0 : staticInt(startArg).value_or(-count - 1);
        std::int64_t end = isNone(endArg) ? count : staticInt(endArg).value_or(-count - 1);
        const std::int64_t step = staticInt(input(n, u"step", 3)).value_or(1);
        if (start < -count || end < -count || step <= 0) {
            return false;
        }
        start = std::clamp<std::int64_t>(start < 0 ? start + count : start, 0, count);
        end = std::clamp<std::int64_t>(end < 0 ? end + count : end, 0, count);
        Slot out;
        out.kind = Slot::Kind::List;
        for (std::int64_t i = start; i < end; i += step) {
            out.items.push_back(items[static_cast<std::size_t>(i)]);
        }
        bind(firstOutput(n), out);
        return true;
    }
    if (s.kind == Slot::Kind::ShapeList) {
        // x.size()[2:]: a slice of the shape, still an int list.
        const int startArg = input(n, u"start", 1);
        const int endArg = input(n, u"end", 2);
        const int start = isNone(startArg) ? constI64({0}) : intTensor1d(startArg);
        const int end = isNone(endArg) ? constI64({kSliceEnd}) : intTensor1d(endArg);
        const std::int64_t step = staticInt(input(n, u"step", 3)).value_or(1);
        if (start < 0 || end < 0) {
            return false;
        }
        Slot part;
        part.kind = Slot::Kind::ShapeList;
        part.ir = addNode(QStringLiteral("Slice"), {s.ir, start, end, constI64({0}), constI64({step})}, {}, DType::I64);
        setRank(part.ir, 1);
        bind(firstOutput(n), part);
        return true;
    }
    const int x = tensor(selfArg);
    if (x < 0) {
        return false;
    }
    const std::int64_t axis = staticInt(input(n, u"dim", 1)).value_or(0);
    const int startArg = input(n, u"start", 2);
    const int endArg = input(n, u"end", 3);
    const int stepArg = input(n, u"step", 4);
    const int start = isNone(startArg) ? constI64({0}) : intTensor1d(startArg);
    const int end = isNone(endArg) ? constI64({kSliceEnd}) : intTensor1d(endArg);
    const std::int64_t step = isNone(stepArg) ? 1 : staticInt(stepArg).value_or(0);
    if (start < 0 || end < 0 || step == 0) {
        return false;
    }
    if (staticInt(startArg).value_or(-1) == 0 && staticInt(endArg).value_or(0) == kSliceEnd && step == 1) {
        bind(firstOutput(n), slot(selfArg));  // x[:, :] is x
        return true;
    }
    bindOut(n, 0, addNode(QStringLiteral("Slice"), {x, start, end, constI64({axis}), constI64({step})}));
    return true;
}

bool AtenLowering::select(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    const auto axis = staticInt(input(n, u"dim", 1));
    const int index = scalarI64(input(n, u"index", 2));
    if (x < 0 || !axis || index < 0) {
        return false;
    }
    const int out = addNode(QStringLiteral("Gather"), {x, index}, {{QStringLiteral("axis"), Attribute::fromInt(*axis)}});
    if (m_rank.count(x)) {
        setRank(out, m_rank[x] - 1);
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::narrow(const TorchScriptNode &n, const QString &, int x) {
    const auto axis = staticInt(input(n, u"dim", 1));
    const int startArg = input(n, u"start", 2);
    const int lengthArg = input(n, u"length", 3);
    if (!axis) {
        return false;
    }
    const int start = intTensor1d(startArg);
    int end = -1;
    if (const auto s = staticInt(startArg), l = staticInt(lengthArg); s && l) {
        end = constI64({*s + *l});
    } else {
        end = addNode(QStringLiteral("Add"), {start, intTensor1d(lengthArg)});
    }
    bindOut(n, 0, addNode(QStringLiteral("Slice"), {x, start, end, constI64({*axis})}));
    return true;
}

bool AtenLowering::indexSelect(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    const auto axis = staticInt(input(n, u"dim", 1));
    const int index = tensor(input(n, u"index", 2));
    if (x < 0 || !axis || index < 0) {
        return false;
    }
    bindOut(n, 0, addNode(QStringLiteral("Gather"), {x, index}, {{QStringLiteral("axis"), Attribute::fromInt(*axis)}}));
    return true;
}

bool AtenLowering::index(const TorchScriptNode &n, const QString &, int x) {
    const Slot indices = slot(input(n, u"indices", 1));
    if (indices.kind != Slot::Kind::List) {
        return false;
    }
    int axis = -1;
    int idx = -1;
    for (std::size_t i = 0; i < indices.items.size(); ++i) {
        const Slot &item = indices.items[i];
        if (item.kind == Slot::Kind::Static && item.value.kind == Kind::None) {
            continue;
        }
        if (axis >= 0 || (item.kind != Slot::Kind::Tensor && item.kind != Slot::Kind::Scalar)) {
            return false;  // several index tensors (advanced indexing) stay opaque
        }
        axis = static_cast<int>(i);
        idx = item.ir >= 0 ? item.ir : (item.moduleTensor >= 0 ? moduleTensorValue(item.moduleTensor, false) : -1);
    }
    if (idx < 0 || dtype(idx) == DType::Bool) {
        return false;
    }
    bindOut(n, 0, addNode(QStringLiteral("Gather"), {x, idx}, {{QStringLiteral("axis"), Attribute::fromInt(axis)}}));
    return true;
}

bool AtenLowering::embedding(const TorchScriptNode &n, const QString &) {
    const int w = tensor(input(n, u"weight", 0));
    const int idx = tensor(input(n, u"indices", 1));
    if (w < 0 || idx < 0) {
        return false;
    }
    const int out = addNode(QStringLiteral("Gather"), {w, idx}, {{QStringLiteral("axis"), Attribute::fromInt(0)}}, dtype(w));
    if (m_rank.count(idx)) {
        setRank(out, m_rank[idx] + 1);
    }
    bindOut(n, 0, out);
    return true;
}

}  // namespace infersight
