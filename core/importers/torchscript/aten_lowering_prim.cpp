// SPDX-License-Identifier: MIT
// Lowering of prim:: and Python-level operators: constants, attributes, lists, tuples and dicts,
// statements, scalar logic and queries of the environment.
#include "importers/torchscript/aten_lowering.h"
#include "importers/torchscript/aten_values.h"

#include <algorithm>
#include <cmath>

namespace infersight {

using namespace aten;

// ---- prim and Python-level operators --------------------------------------------------------------

bool AtenLowering::constant(const TorchScriptNode &n, const QString &) {
    for (int out : n.outputs) {
        slot(out);  // constants are read from the value itself
    }
    return true;
}

bool AtenLowering::getAttr(const TorchScriptNode &n, const QString &) {
    for (int out : n.outputs) {
        slot(out);  // module tensors, attribute constants, submodules
    }
    return true;
}

bool AtenLowering::listConstruct(const TorchScriptNode &n, const QString &) {
    Slot list;
    list.kind = n.kind == QLatin1String("prim::TupleConstruct") ? Slot::Kind::Tuple : Slot::Kind::List;
    for (int in : n.inputs) {
        list.items.push_back(slot(in));
    }
    // A list of known ints is an int[] constant.
    if (list.kind == Slot::Kind::List && !list.items.empty() &&
        std::all_of(list.items.begin(), list.items.end(), [](const Slot &s) {
            return s.kind == Slot::Kind::Static && s.value.kind == Kind::Int;
        })) {
        TorchScriptConstant c;
        c.kind = Kind::Ints;
        for (const Slot &s : list.items) {
            c.ints.push_back(s.value.i);
        }
        bindStatic(n, 0, c);
        return true;
    }
    bind(firstOutput(n), list);
    return true;
}

bool AtenLowering::listUnpack(const TorchScriptNode &n, const QString &) {
    if (n.inputs.empty()) {
        return false;
    }
    const Slot s = slot(firstInput(n));
    if ((s.kind == Slot::Kind::List || s.kind == Slot::Kind::Tuple) && s.items.size() == n.outputs.size()) {
        for (std::size_t i = 0; i < n.outputs.size(); ++i) {
            bind(n.outputs[i], s.items[i]);
        }
        return true;
    }
    if (const auto values = staticInts(firstInput(n)); values && values->size() == n.outputs.size()) {
        for (std::size_t i = 0; i < n.outputs.size(); ++i) {
            bindStatic(n, i, makeInt((*values)[i]));
        }
        return true;
    }
    if (s.kind == Slot::Kind::ShapeList) {
        for (std::size_t i = 0; i < n.outputs.size(); ++i) {
            const int g = addNode(QStringLiteral("Gather"), {s.ir, constI64({static_cast<std::int64_t>(i)}, true)},
                               {{QStringLiteral("axis"), Attribute::fromInt(0)}}, DType::I64);
            setRank(g, 0);
            Slot item;
            item.kind = Slot::Kind::Scalar;
            item.ir = g;
            bind(n.outputs[i], item);
        }
        return true;
    }
    return false;
}

bool AtenLowering::tupleIndex(const TorchScriptNode &n, const QString &) {
    const Slot s = slot(firstInput(n));
    const auto i = n.inputs.size() > 1 ? staticInt(n.inputs[1]) : std::nullopt;
    if ((s.kind != Slot::Kind::Tuple && s.kind != Slot::Kind::List) || !i) {
        return false;
    }
    const auto count = static_cast<std::int64_t>(s.items.size());
    const std::int64_t k = *i < 0 ? *i + count : *i;
    if (k < 0 || k >= count) {
        return false;
    }
    bind(firstOutput(n), s.items[static_cast<std::size_t>(k)]);
    return true;
}

bool AtenLowering::getItem(const TorchScriptNode &n, const QString &) {
    if (n.inputs.size() < 2) {
        return false;
    }
    const Slot s = slot(n.inputs[0]);
    const auto i = staticInt(n.inputs[1]);
    if (s.kind == Slot::Kind::List || s.kind == Slot::Kind::Tuple) {
        return tupleIndex(n, QString());
    }
    if (s.kind == Slot::Kind::Static && s.value.kind == Kind::Ints && i) {
        const auto count = static_cast<std::int64_t>(s.value.ints.size());
        const std::int64_t k = *i < 0 ? *i + count : *i;
        if (k < 0 || k >= count) {
            return false;
        }
        bindStatic(n, 0, makeInt(s.value.ints[static_cast<std::size_t>(k)]));
        return true;
    }
    if (s.kind == Slot::Kind::ShapeList) {
        const int index = scalarI64(n.inputs[1]);
        if (index < 0) {
            return false;
        }
        const int g = addNode(QStringLiteral("Gather"), {s.ir, index}, {{QStringLiteral("axis"), Attribute::fromInt(0)}}, DType::I64);
        setRank(g, 0);
        bindOut(n, 0, g);
        return true;
    }
    return false;
}

bool AtenLowering::len(const TorchScriptNode &n, const QString &) {
    const Slot s = slot(firstInput(n));
    if (s.kind == Slot::Kind::List || s.kind == Slot::Kind::Tuple) {
        bindStatic(n, 0, makeInt(static_cast<std::int64_t>(s.items.size())));
        return true;
    }
    if (s.kind == Slot::Kind::Static) {
        if (s.value.kind == Kind::Ints || s.value.kind == Kind::Bools) {
            bindStatic(n, 0, makeInt(static_cast<std::int64_t>(s.value.ints.size())));
            return true;
        }
        if (s.value.kind == Kind::Floats) {
            bindStatic(n, 0, makeInt(static_cast<std::int64_t>(s.value.floats.size())));
            return true;
        }
        if (s.value.kind == Kind::Strings) {
            bindStatic(n, 0, makeInt(s.value.strings.size()));
            return true;
        }
        if (s.value.kind == Kind::String) {
            bindStatic(n, 0, makeInt(s.value.s.size()));
            return true;
        }
        return false;
    }
    if (s.kind == Slot::Kind::ShapeList) {
        const std::int64_t count = dimSize(s.ir, 0);
        if (count < 0) {
            return false;
        }
        bindStatic(n, 0, makeInt(count));
        return true;
    }
    if (s.kind == Slot::Kind::Tensor) {
        // len(tensor) is its first dimension.
        const int x = tensor(firstInput(n));
        const int shape = addNode(QStringLiteral("Shape"), {x});
        const int g = addNode(QStringLiteral("Gather"), {shape, constI64({0}, true)}, {{QStringLiteral("axis"), Attribute::fromInt(0)}}, DType::I64);
        setRank(g, 0);
        bindOut(n, 0, g);
        return true;
    }
    return false;
}

bool AtenLowering::append(const TorchScriptNode &n, const QString &) {
    if (n.inputs.size() < 2) {
        return false;
    }
    Slot list = slot(n.inputs[0]);
    if (list.kind == Slot::Kind::Static && list.value.kind == Kind::Ints) {
        Slot converted;
        converted.kind = Slot::Kind::List;
        for (std::int64_t v : list.value.ints) {
            Slot item;
            item.kind = Slot::Kind::Static;
            item.value = makeInt(v);
            converted.items.push_back(item);
        }
        list = converted;
    }
    if (list.kind != Slot::Kind::List) {
        return false;
    }
    list.items.push_back(slot(n.inputs[1]));
    bind(n.inputs[0], list);
    if (!n.outputs.empty()) {
        bind(firstOutput(n), list);
    }
    return true;
}

bool AtenLowering::dictConstruct(const TorchScriptNode &n, const QString &) {
    Slot values;
    values.kind = Slot::Kind::Tuple;  // graph outputs keep the values; keys are not needed
    for (std::size_t i = 1; i < n.inputs.size(); i += 2) {
        values.items.push_back(slot(n.inputs[i]));
    }
    bind(firstOutput(n), values);
    return true;
}

bool AtenLowering::statement(const TorchScriptNode &n, const QString &) {
    if (n.kind == QLatin1String("prim::RaiseException")) {
        const auto message = n.inputs.empty() ? std::nullopt : staticString(firstInput(n));
        m_warnings.push_back(QStringLiteral("forward() raises an exception on the path taken for these inputs%1")
                                 .arg(message ? QStringLiteral(": ") + *message : QString()));
    }
    for (int out : n.outputs) {
        Slot opaque;
        opaque.kind = Slot::Kind::Opaque;
        bind(out, opaque);
    }
    return true;
}

bool AtenLowering::scalarLogic(const TorchScriptNode &n, const QString &base) {
    if (base == QLatin1String("Uninitialized")) {
        for (int out : n.outputs) {
            Slot opaque;
            opaque.kind = Slot::Kind::Opaque;
            bind(out, opaque);
        }
        return true;
    }
    if (base == QLatin1String("__is__") || base == QLatin1String("__isnot__")) {
        if (n.inputs.size() < 2) {
            return false;
        }
        const bool aNone = isNone(n.inputs[0]);
        const bool bNone = isNone(n.inputs[1]);
        const Slot &sa = slot(n.inputs[0]);
        const Slot &sb = slot(n.inputs[1]);
        auto known = [](Slot::Kind k) { return k != Slot::Kind::Opaque && k != Slot::Kind::Unset; };
        bool same = false;
        if (aNone || bNone) {
            if (!known(sa.kind) || !known(sb.kind)) {
                return false;
            }
            same = aNone && bNone;
        } else if (sa.kind == Slot::Kind::Tensor && sb.kind == Slot::Kind::Tensor) {
            // Object identity of tensors (`query is key`): the same IR value or module tensor.
            same = n.inputs[0] == n.inputs[1] || (sa.ir >= 0 && sa.ir == sb.ir) ||
                   (sa.ir < 0 && sa.moduleTensor >= 0 && sa.moduleTensor == sb.moduleTensor);
        } else {
            return false;
        }
        bindStatic(n, 0, makeBool(base == QLatin1String("__is__") ? same : !same));
        return true;
    }
    if (auto folded = foldStatic(n, base)) {
        bindStatic(n, 0, *folded);
        return true;
    }
    if (base == QLatin1String("__not__") && slot(firstInput(n)).kind == Slot::Kind::Scalar) {
        bindOut(n, 0, addNode(QStringLiteral("Not"), {cast(tensor(firstInput(n)), DType::Bool)}));
        return true;
    }
    if (base == QLatin1String("__contains__") && n.inputs.size() == 2) {
        const auto haystack = staticValue(n.inputs[0]);
        const auto needle = staticValue(n.inputs[1]);
        if (haystack && needle) {
            if (haystack->kind == Kind::String && needle->kind == Kind::String) {
                bindStatic(n, 0, makeBool(haystack->s.contains(needle->s)));
                return true;
            }
            if (haystack->kind == Kind::Strings && needle->kind == Kind::String) {
                bindStatic(n, 0, makeBool(haystack->strings.contains(needle->s)));
                return true;
            }
            if (haystack->kind == Kind::Ints && needle->kind == Kind::Int) {
                bindStatic(n, 0, makeBool(std::find(haystack->ints.begin(), haystack->ints.end(), needle->i) != haystack->ints.end()));
                return true;
            }
        }
    }
    if (base == QLatin1String("list") && !n.inputs.empty()) {
        const Slot::Kind k = slot(firstInput(n)).kind;
        if (k == Slot::Kind::List || k == Slot::Kind::Static || k == Slot::Kind::ShapeList || k == Slot::Kind::Tuple) {
            Slot copy = slot(firstInput(n));
            if (copy.kind == Slot::Kind::Tuple) {
                copy.kind = Slot::Kind::List;
            }
            bind(firstOutput(n), copy);
            return true;
        }
        return false;
    }
    if (base == QLatin1String("format") && !n.inputs.empty()) {
        // Messages ("dropout was {}, required zero"): what code reads of them is mostly whether
        // they are empty, so arguments not known now print as "?".
        if (const auto pattern = staticString(firstInput(n))) {
            QString text = *pattern;
            for (std::size_t i = 1; i < n.inputs.size(); ++i) {
                const qsizetype at = text.indexOf(QLatin1String("{}"));
                if (at < 0) {
                    break;
                }
                QString arg = QStringLiteral("?");
                if (const auto c = staticValue(n.inputs[i])) {
                    if (c->kind == Kind::String || c->kind == Kind::Device) {
                        arg = c->s;
                    } else if (c->kind == Kind::Int) {
                        arg = QString::number(c->i);
                    } else if (c->kind == Kind::Float) {
                        arg = QString::number(c->f);
                    } else if (c->kind == Kind::Bool) {
                        arg = c->i ? QStringLiteral("True") : QStringLiteral("False");
                    } else if (c->kind == Kind::None) {
                        arg = QStringLiteral("None");
                    }
                }
                text.replace(at, 2, arg);
            }
            TorchScriptConstant c;
            c.kind = Kind::String;
            c.s = text;
            bindStatic(n, 0, c);
            return true;
        }
    }
    if (base == QLatin1String("str") && !n.inputs.empty()) {
        if (const auto c = staticValue(firstInput(n))) {
            TorchScriptConstant text;
            text.kind = Kind::String;
            if (c->kind == Kind::String || c->kind == Kind::Device) {
                text.s = c->s;
            } else if (c->kind == Kind::Int) {
                text.s = QString::number(c->i);
            } else if (c->kind == Kind::Bool) {
                text.s = c->i ? QStringLiteral("True") : QStringLiteral("False");
            } else if (c->kind == Kind::Float) {
                text.s = QString::number(c->f);
            } else {
                text.kind = Kind::Other;
            }
            if (text.kind == Kind::String) {
                bindStatic(n, 0, text);
                return true;
            }
        }
    }
    if ((base == QLatin1String("find") || base == QLatin1String("startswith") || base == QLatin1String("endswith")) &&
        n.inputs.size() >= 2) {
        const auto haystack = staticString(n.inputs[0]);
        const auto needle = staticString(n.inputs[1]);
        if (haystack && needle) {
            if (base == QLatin1String("find")) {
                bindStatic(n, 0, makeInt(haystack->indexOf(*needle)));
            } else {
                bindStatic(n, 0, makeBool(base == QLatin1String("startswith") ? haystack->startsWith(*needle)
                                                                               : haystack->endsWith(*needle)));
            }
            return true;
        }
        return false;
    }
    if ((base == QLatin1String("all") || base == QLatin1String("any")) && n.inputs.size() == 1) {
        const Slot list = slot(firstInput(n));
        std::vector<std::int64_t> flags;
        if (list.kind == Slot::Kind::Static && (list.value.kind == Kind::Bools || list.value.kind == Kind::Ints)) {
            flags = list.value.ints;
        } else if (list.kind == Slot::Kind::List) {
            for (const Slot &item : list.items) {
                if (item.kind != Slot::Kind::Static || !isNumber(item.value)) {
                    return false;
                }
                flags.push_back(numberOf(item.value) != 0.0 ? 1 : 0);
            }
        } else {
            return false;  // torch.all(tensor) stays opaque
        }
        const bool all = std::all_of(flags.begin(), flags.end(), [](std::int64_t f) { return f != 0; });
        const bool any = std::any_of(flags.begin(), flags.end(), [](std::int64_t f) { return f != 0; });
        bindStatic(n, 0, makeBool(base == QLatin1String("all") ? all : any));
        return true;
    }
    // Strings built for error messages (aten::format, aten::str) only matter to exceptions.
    if (base == QLatin1String("format") || base == QLatin1String("str")) {
        for (int out : n.outputs) {
            Slot opaque;
            opaque.kind = Slot::Kind::Opaque;
            bind(out, opaque);
        }
        return true;
    }
    return false;
}

bool AtenLowering::environment(const TorchScriptNode &n, const QString &base) {
    if (base == QLatin1String("is_grad_enabled")) {
        bindStatic(n, 0, makeBool(true));  // the plain (unfused) path, see torchscript_reader_torch.cpp
        return true;
    }
    if (base == QLatin1String("is_autocast_enabled") || base == QLatin1String("is_nested") ||
        base == QLatin1String("is_cuda")) {
        bindStatic(n, 0, makeBool(false));
        return true;
    }
    if (base == QLatin1String("device")) {
        TorchScriptConstant c;
        c.kind = Kind::Device;
        c.s = QStringLiteral("cpu");
        bindStatic(n, 0, c);
        return true;
    }
    const int x = n.inputs.empty() ? -1 : tensor(firstInput(n));
    if (x < 0) {
        return false;
    }
    if (base == QLatin1String("requires_grad")) {
        const Slot &s = slot(firstInput(n));
        const bool parameter = s.moduleTensor >= 0 &&
                               m_source.tensors[static_cast<std::size_t>(s.moduleTensor)].origin == TorchScriptTensor::Origin::Parameter;
        bindStatic(n, 0, makeBool(parameter));
        return true;
    }
    const DType t = dtype(x);
    if (t == DType::Undefined) {
        return false;
    }
    if (base == QLatin1String("dtype")) {
        bindStatic(n, 0, makeInt(scalarTypeFromDtype(t)));
        return true;
    }
    if (base == QLatin1String("is_floating_point")) {
        bindStatic(n, 0, makeBool(isFloating(t)));
        return true;
    }
    return false;
}

}  // namespace infersight
