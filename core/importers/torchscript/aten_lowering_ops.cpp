// SPDX-License-Identifier: MIT
// Per-operator lowering of aten (and prim) operators to ONNX operators. Argument names and
// positions follow the aten schemas of LibTorch 1.13 (native_functions.yaml); arguments are looked
// up by schema name first, by position when the node carries no schema.
#include "importers/torchscript/aten_lowering.h"

#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>

namespace infersight {

namespace {

using Kind = TorchScriptConstant::Kind;

constexpr std::int64_t kSliceEnd = std::numeric_limits<std::int64_t>::max();

// c10::ScalarType numbering, as TorchScript passes dtypes.
DType dtypeFromScalarType(std::int64_t t) {
    switch (t) {
    case 0: return DType::U8;
    case 1: return DType::I8;
    case 2: return DType::I16;
    case 3: return DType::I32;
    case 4: return DType::I64;
    case 5: return DType::F16;
    case 6: return DType::F32;
    case 7: return DType::F64;
    case 9: return DType::Complex64;
    case 10: return DType::Complex128;
    case 11: return DType::Bool;
    case 15: return DType::BF16;
    default: return DType::Undefined;
    }
}

std::int64_t scalarTypeFromDtype(DType t) {
    switch (t) {
    case DType::U8: return 0;
    case DType::I8: return 1;
    case DType::I16: return 2;
    case DType::I32: return 3;
    case DType::I64: return 4;
    case DType::F16: return 5;
    case DType::F32: return 6;
    case DType::F64: return 7;
    case DType::Complex64: return 9;
    case DType::Complex128: return 10;
    case DType::Bool: return 11;
    case DType::BF16: return 15;
    default: return -1;
    }
}

Attribute ints(std::vector<std::int64_t> v) { return Attribute::fromInts(std::move(v)); }

std::vector<std::int64_t> broadcastList(std::vector<std::int64_t> v, std::size_t n, std::int64_t fallback) {
    if (v.empty()) {
        return std::vector<std::int64_t>(n, fallback);
    }
    if (v.size() == 1 && n > 1) {
        return std::vector<std::int64_t>(n, v.front());
    }
    return v;
}

std::int64_t floorDiv(std::int64_t a, std::int64_t b) {
    const std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

TorchScriptConstant makeInt(std::int64_t v) {
    TorchScriptConstant c;
    c.kind = Kind::Int;
    c.i = v;
    return c;
}
TorchScriptConstant makeFloat(double v) {
    TorchScriptConstant c;
    c.kind = Kind::Float;
    c.f = v;
    return c;
}
TorchScriptConstant makeBool(bool v) {
    TorchScriptConstant c;
    c.kind = Kind::Bool;
    c.i = v ? 1 : 0;
    return c;
}

// Argument and result of a node, -1 when a malformed node has none (slots of -1 are opaque).
int firstInput(const TorchScriptNode &n) { return n.inputs.empty() ? -1 : n.inputs.front(); }
int firstOutput(const TorchScriptNode &n) { return n.outputs.empty() ? -1 : n.outputs.front(); }

bool isNumber(const TorchScriptConstant &c) { return c.kind == Kind::Int || c.kind == Kind::Float || c.kind == Kind::Bool; }
double numberOf(const TorchScriptConstant &c) { return c.kind == Kind::Float ? c.f : static_cast<double>(c.i); }

}  // namespace

// ---- table ---------------------------------------------------------------------------------------

const QHash<QString, AtenLowering::Handler> &AtenLowering::handlers() {
    static const QHash<QString, Handler> table = [] {
        QHash<QString, Handler> t;
        auto on = [&t](std::initializer_list<const char *> kinds, Handler h) {
            for (const char *k : kinds) {
                t.insert(QLatin1String(k), h);
            }
        };
        on({"aten::relu", "aten::sigmoid", "aten::tanh", "aten::exp", "aten::log", "aten::sqrt", "aten::rsqrt",
            "aten::neg", "aten::abs", "aten::erf", "aten::reciprocal", "aten::sin", "aten::cos", "aten::floor",
            "aten::ceil", "aten::round", "aten::sign", "aten::logical_not", "aten::bitwise_not", "aten::hardswish",
            "aten::mish", "aten::silu", "aten::square", "aten::isnan", "aten::softsign"},
           &AtenLowering::unary);
        on({"aten::gelu", "aten::hardtanh", "aten::relu6", "aten::leaky_relu", "aten::elu", "aten::selu", "aten::celu",
            "aten::softplus", "aten::hardsigmoid", "aten::glu"},
           &AtenLowering::activation);
        on({"aten::prelu"}, &AtenLowering::prelu);
        on({"aten::clamp", "aten::clip", "aten::clamp_min", "aten::clamp_max"}, &AtenLowering::clamp);
        on({"aten::add", "aten::sub", "aten::mul", "aten::div", "aten::true_divide", "aten::floor_divide",
            "aten::floordiv", "aten::rsub", "aten::remainder", "aten::fmod", "aten::pow", "aten::maximum",
            "aten::minimum", "aten::logical_and", "aten::logical_or", "aten::logical_xor", "aten::bitwise_and",
            "aten::bitwise_or", "aten::bitwise_xor", "aten::__and__", "aten::__or__", "aten::__xor__", "aten::mod",
            "aten::neg_int", "prim::min", "prim::max", "aten::atan2"},
           &AtenLowering::binary);
        on({"aten::eq", "aten::ne", "aten::lt", "aten::le", "aten::gt", "aten::ge"}, &AtenLowering::compare);
        on({"aten::contiguous", "aten::clone", "aten::detach", "aten::dropout", "aten::feature_dropout",
            "aten::alpha_dropout", "aten::feature_alpha_dropout", "aten::cpu", "aten::cuda", "aten::requires_grad",
            "aten::lift_fresh", "aten::alias", "aten::positive", "prim::unchecked_cast", "aten::resolve_conj",
            "aten::resolve_neg"},
           &AtenLowering::identity);
        on({"aten::_convolution", "aten::conv1d", "aten::conv2d", "aten::conv3d", "aten::conv_transpose1d",
            "aten::conv_transpose2d", "aten::conv_transpose3d", "aten::convolution"},
           &AtenLowering::convolution);
        on({"aten::linear"}, &AtenLowering::linear);
        on({"aten::matmul", "aten::mm", "aten::bmm", "aten::dot", "aten::mv"}, &AtenLowering::matmul);
        on({"aten::addmm"}, &AtenLowering::addmm);
        on({"aten::baddbmm", "aten::addbmm"}, &AtenLowering::baddbmm);
        on({"aten::einsum"}, &AtenLowering::einsum);
        on({"aten::batch_norm"}, &AtenLowering::batchNorm);
        on({"aten::layer_norm"}, &AtenLowering::layerNorm);
        on({"aten::group_norm"}, &AtenLowering::groupNorm);
        on({"aten::instance_norm"}, &AtenLowering::instanceNorm);
        on({"aten::max_pool1d", "aten::max_pool2d", "aten::max_pool3d", "aten::max_pool1d_with_indices",
            "aten::max_pool2d_with_indices", "aten::max_pool3d_with_indices", "aten::avg_pool1d", "aten::avg_pool2d",
            "aten::avg_pool3d"},
           &AtenLowering::pool);
        on({"aten::adaptive_avg_pool1d", "aten::adaptive_avg_pool2d", "aten::adaptive_avg_pool3d",
            "aten::adaptive_max_pool1d", "aten::adaptive_max_pool2d", "aten::adaptive_max_pool3d"},
           &AtenLowering::adaptivePool);
        on({"aten::softmax", "aten::_softmax", "aten::log_softmax", "aten::_log_softmax"}, &AtenLowering::softmax);
        on({"aten::mean", "aten::sum", "aten::amax", "aten::amin", "aten::prod", "aten::logsumexp"}, &AtenLowering::reduce);
        on({"aten::max", "aten::min"}, &AtenLowering::maxOrMin);
        on({"aten::argmax", "aten::argmin"}, &AtenLowering::argReduce);
        on({"aten::size"}, &AtenLowering::size);
        on({"aten::dim"}, &AtenLowering::dim);
        on({"prim::NumToTensor", "aten::scalar_tensor"}, &AtenLowering::numToTensor);
        on({"aten::Int", "aten::Float", "aten::Bool", "aten::IntImplicit", "aten::FloatImplicit", "aten::ScalarImplicit",
            "aten::item"},
           &AtenLowering::scalarOf);
        on({"aten::view", "aten::reshape", "aten::_reshape_alias"}, &AtenLowering::view);
        on({"aten::view_as", "aten::reshape_as"}, &AtenLowering::viewAs);
        on({"aten::flatten"}, &AtenLowering::flatten);
        on({"aten::unflatten"}, &AtenLowering::unflatten);
        on({"aten::permute"}, &AtenLowering::permute);
        on({"aten::transpose", "aten::t", "aten::swapaxes", "aten::swapdims", "aten::numpy_T"}, &AtenLowering::transpose);
        on({"aten::unsqueeze"}, &AtenLowering::unsqueeze);
        on({"aten::squeeze"}, &AtenLowering::squeeze);
        on({"aten::expand", "aten::expand_as", "aten::broadcast_to"}, &AtenLowering::expand);
        on({"aten::repeat"}, &AtenLowering::repeat);
        on({"aten::cat", "aten::concat", "aten::concatenate"}, &AtenLowering::cat);
        on({"aten::stack"}, &AtenLowering::stack);
        on({"aten::chunk"}, &AtenLowering::chunk);
        on({"aten::split", "aten::split_with_sizes", "aten::tensor_split"}, &AtenLowering::split);
        on({"aten::unbind"}, &AtenLowering::unbind);
        on({"aten::slice"}, &AtenLowering::slice);
        on({"aten::select"}, &AtenLowering::select);
        on({"aten::narrow"}, &AtenLowering::narrow);
        on({"aten::index_select"}, &AtenLowering::indexSelect);
        on({"aten::index"}, &AtenLowering::index);
        on({"aten::embedding"}, &AtenLowering::embedding);
        on({"aten::to", "aten::type"}, &AtenLowering::to);
        on({"aten::type_as"}, &AtenLowering::typeAs);
        on({"aten::zeros", "aten::ones", "aten::full", "aten::empty", "aten::zeros_like", "aten::ones_like",
            "aten::full_like", "aten::empty_like", "aten::new_zeros", "aten::new_ones", "aten::new_full",
            "aten::new_empty", "aten::fill", "aten::zero"},
           &AtenLowering::fill);
        on({"aten::arange"}, &AtenLowering::arange);
        on({"aten::tril", "aten::triu"}, &AtenLowering::trilu);
        on({"aten::where"}, &AtenLowering::where);
        on({"aten::masked_fill"}, &AtenLowering::maskedFill);
        on({"aten::constant_pad_nd", "aten::pad", "aten::reflection_pad1d", "aten::reflection_pad2d",
            "aten::reflection_pad3d", "aten::replication_pad1d", "aten::replication_pad2d", "aten::replication_pad3d"},
           &AtenLowering::pad);
        on({"aten::upsample_nearest1d", "aten::upsample_nearest2d", "aten::upsample_nearest3d",
            "aten::upsample_linear1d", "aten::upsample_bilinear2d", "aten::upsample_bicubic2d",
            "aten::upsample_trilinear3d"},
           &AtenLowering::upsample);
        on({"aten::pixel_shuffle"}, &AtenLowering::pixelShuffle);
        on({"aten::roll"}, &AtenLowering::roll);
        on({"aten::copy"}, &AtenLowering::copy);
        on({"aten::_set_item"}, &AtenLowering::setItem);
        on({"aten::scaled_dot_product_attention"}, &AtenLowering::attention);
        on({"aten::topk"}, &AtenLowering::topk);
        on({"aten::cumsum"}, &AtenLowering::cumsum);
        on({"aten::tensor", "aten::as_tensor"}, &AtenLowering::tensorFromData);
        on({"prim::Constant"}, &AtenLowering::constant);
        on({"prim::GetAttr"}, &AtenLowering::getAttr);
        on({"prim::ListConstruct", "prim::TupleConstruct"}, &AtenLowering::listConstruct);
        on({"prim::ListUnpack", "prim::TupleUnpack"}, &AtenLowering::listUnpack);
        on({"prim::TupleIndex"}, &AtenLowering::tupleIndex);
        on({"aten::__getitem__"}, &AtenLowering::getItem);
        on({"aten::len"}, &AtenLowering::len);
        on({"aten::append"}, &AtenLowering::append);
        on({"prim::DictConstruct"}, &AtenLowering::dictConstruct);
        on({"prim::RaiseException", "aten::warn", "prim::Print", "aten::_assert_async", "prim::AutogradAllZero"},
           &AtenLowering::statement);
        on({"aten::__not__", "aten::__is__", "aten::__isnot__", "aten::format", "aten::str", "aten::__contains__",
            "prim::abs", "aten::floor_int", "aten::ceil_int", "prim::Uninitialized", "aten::find", "aten::all",
            "aten::any", "aten::list", "aten::startswith", "aten::endswith"},
           &AtenLowering::scalarLogic);
        on({"prim::dtype", "prim::device", "prim::is_cuda", "prim::requires_grad", "prim::is_nested",
            "aten::is_floating_point", "aten::is_grad_enabled", "aten::is_autocast_enabled"},
           &AtenLowering::environment);
        return t;
    }();
    return table;
}

// ---- helpers -------------------------------------------------------------------------------------

void AtenLowering::bindOut(const TorchScriptNode &node, std::size_t output, int ir) {
    if (output >= node.outputs.size()) {
        return;
    }
    const TorchScriptType t = tsValue(node.outputs[output]).type;
    Slot s;
    s.kind = (t == TorchScriptType::Int || t == TorchScriptType::Float || t == TorchScriptType::Bool)
                 ? Slot::Kind::Scalar
                 : Slot::Kind::Tensor;
    s.ir = ir;
    bind(node.outputs[output], s);
}

void AtenLowering::bindTensorList(const TorchScriptNode &node, const std::vector<int> &irs) {
    Slot list;
    list.kind = Slot::Kind::List;
    list.items.reserve(irs.size());
    for (int ir : irs) {
        Slot item;
        item.kind = Slot::Kind::Tensor;
        item.ir = ir;
        list.items.push_back(std::move(item));
    }
    bind(firstOutput(node), std::move(list));
}

void AtenLowering::bindStatic(const TorchScriptNode &node, std::size_t output, TorchScriptConstant value) {
    if (output >= node.outputs.size()) {
        return;
    }
    Slot s;
    s.kind = Slot::Kind::Static;
    s.value = std::move(value);
    bind(node.outputs[output], s);
}

int AtenLowering::filled(int shape, double value, DType type) {
    TensorInfo t;
    t.dtype = type;
    t.dims = {1};
    if (isFloating(type)) {
        t.floatData = std::vector<double>{value};
    } else {
        t.intData = std::vector<std::int64_t>{static_cast<std::int64_t>(value)};
    }
    return addNode(QStringLiteral("ConstantOfShape"), {shape}, {{QStringLiteral("value"), Attribute::fromTensor(std::move(t))}},
                type);
}

void AtenLowering::harmonize(int &a, int &b) {
    const DType da = dtype(a);
    const DType db = dtype(b);
    if (da == db || da == DType::Undefined || db == DType::Undefined) {
        return;
    }
    const bool aScalar = rank(a) == 0;
    const bool bScalar = rank(b) == 0;
    auto category = [](DType t) { return isFloating(t) ? 2 : (t == DType::Bool ? 0 : 1); };
    DType target;
    if (aScalar != bScalar) {
        const DType tensorType = aScalar ? db : da;
        const DType scalarType = aScalar ? da : db;
        target = category(scalarType) > category(tensorType) ? (isFloating(scalarType) ? DType::F32 : DType::I64) : tensorType;
    } else {
        target = category(da) != category(db) ? (category(da) > category(db) ? da : db)
                                              : (dtypeBits(da) >= dtypeBits(db) ? da : db);
    }
    a = cast(a, target);
    b = cast(b, target);
}

std::optional<TorchScriptConstant> AtenLowering::foldStatic(const TorchScriptNode &node, const QString &base) {
    std::vector<TorchScriptConstant> args;
    for (int in : node.inputs) {
        auto c = staticValue(in);
        if (!c) {
            return std::nullopt;
        }
        args.push_back(*c);
    }
    const auto both = [&]() { return args.size() >= 2 && isNumber(args[0]) && isNumber(args[1]); };
    const bool ints = both() && args[0].kind != Kind::Float && args[1].kind != Kind::Float;
    if (args.size() >= 2 && (base == QLatin1String("eq") || base == QLatin1String("ne"))) {
        bool equal = false;
        if (both()) {
            equal = numberOf(args[0]) == numberOf(args[1]);
        } else if (args[0].kind == args[1].kind) {
            equal = args[0].s == args[1].s && args[0].ints == args[1].ints && args[0].floats == args[1].floats &&
                    args[0].strings == args[1].strings;
        } else {
            equal = false;
        }
        return makeBool(base == QLatin1String("eq") ? equal : !equal);
    }
    if (both()) {
        const double x = numberOf(args[0]);
        const double y = numberOf(args[1]);
        const std::int64_t a = args[0].i;
        const std::int64_t b = args[1].i;
        if (base == QLatin1String("lt")) return makeBool(x < y);
        if (base == QLatin1String("le")) return makeBool(x <= y);
        if (base == QLatin1String("gt")) return makeBool(x > y);
        if (base == QLatin1String("ge")) return makeBool(x >= y);
        if (base == QLatin1String("add")) return ints ? makeInt(a + b) : makeFloat(x + y);
        if (base == QLatin1String("sub")) return ints ? makeInt(a - b) : makeFloat(x - y);
        if (base == QLatin1String("mul")) return ints ? makeInt(a * b) : makeFloat(x * y);
        if (base == QLatin1String("div") || base == QLatin1String("true_divide")) {
            return y != 0.0 ? std::optional(makeFloat(x / y)) : std::nullopt;
        }
        if (base == QLatin1String("floordiv") || base == QLatin1String("floor_divide")) {
            if (y == 0.0) return std::nullopt;
            return ints ? makeInt(floorDiv(a, b)) : makeFloat(std::floor(x / y));
        }
        if (base == QLatin1String("remainder") || base == QLatin1String("mod")) {
            if (y == 0.0) return std::nullopt;
            return ints ? makeInt(a - floorDiv(a, b) * b) : makeFloat(x - std::floor(x / y) * y);
        }
        if (base == QLatin1String("pow")) return ints && b >= 0 ? makeInt(static_cast<std::int64_t>(std::pow(x, y))) : makeFloat(std::pow(x, y));
        if (base == QLatin1String("min")) return ints ? makeInt(std::min(a, b)) : makeFloat(std::min(x, y));
        if (base == QLatin1String("max")) return ints ? makeInt(std::max(a, b)) : makeFloat(std::max(x, y));
        if (base == QLatin1String("__and__")) return makeBool(a != 0 && b != 0);
        if (base == QLatin1String("__or__")) return makeBool(a != 0 || b != 0);
        if (base == QLatin1String("__xor__")) return makeBool((a != 0) != (b != 0));
    }
    if (args.size() == 1 && isNumber(args[0])) {
        const double x = numberOf(args[0]);
        if (base == QLatin1String("neg")) return args[0].kind == Kind::Float ? makeFloat(-x) : makeInt(-args[0].i);
        if (base == QLatin1String("__not__")) return makeBool(x == 0.0);
        if (base == QLatin1String("abs")) return args[0].kind == Kind::Float ? makeFloat(std::abs(x)) : makeInt(std::abs(args[0].i));
        if (base == QLatin1String("Int") || base == QLatin1String("IntImplicit") || base == QLatin1String("floor_int")) {
            return makeInt(static_cast<std::int64_t>(base == QLatin1String("floor_int") ? std::floor(x) : x));
        }
        if (base == QLatin1String("ceil_int")) return makeInt(static_cast<std::int64_t>(std::ceil(x)));
        if (base == QLatin1String("Float") || base == QLatin1String("FloatImplicit")) return makeFloat(x);
        if (base == QLatin1String("Bool")) return makeBool(x != 0.0);
        if (base == QLatin1String("ScalarImplicit")) return args[0];
    }
    if (args.size() == 2 && (base == QLatin1String("add")) && args[0].kind == Kind::Ints && args[1].kind == Kind::Ints) {
        TorchScriptConstant c = args[0];
        c.ints.insert(c.ints.end(), args[1].ints.begin(), args[1].ints.end());
        return c;
    }
    return std::nullopt;
}

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

bool AtenLowering::activation(const TorchScriptNode &n, const QString &base) {
    const int x = tensor(input(n, u"self", 0));
    if (x < 0) {
        return false;
    }
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

bool AtenLowering::roll(const TorchScriptNode &n, const QString &) {
    int x = tensor(input(n, u"self", 0));
    const auto shifts = staticInts(input(n, u"shifts", 1));
    const auto dims = staticInts(input(n, u"dims", 2));
    if (x < 0 || !shifts || !dims || dims->empty() || shifts->size() != dims->size()) {
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

bool AtenLowering::clamp(const TorchScriptNode &n, const QString &base) {
    const int x = tensor(input(n, u"self", 0));
    if (x < 0) {
        return false;
    }
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

// ---- convolution and matrix products -------------------------------------------------------------

bool AtenLowering::convolution(const TorchScriptNode &n, const QString &base) {
    const int x = tensor(input(n, u"input", 0));
    const int w = tensor(input(n, u"weight", 1));
    if (x < 0 || w < 0) {
        return false;
    }
    const int wRank = rank(w);
    if (wRank < 3) {
        return false;
    }
    const std::size_t spatial = static_cast<std::size_t>(wRank - 2);
    const int biasArg = input(n, u"bias", 2);
    const bool generic = base == QLatin1String("_convolution") || base == QLatin1String("convolution");
    const bool transposed = generic ? staticBool(input(n, u"transposed", 6)).value_or(false)
                                    : base.startsWith(QLatin1String("conv_transpose"));
    const auto stride = staticInts(input(n, u"stride", 3));
    const int paddingArg = input(n, u"padding", 4);
    const auto dilation = staticInts(input(n, u"dilation", transposed && !generic ? 7 : 5));
    int groupsPosition = generic ? 8 : 6;
    if (!generic && transposed) {
        groupsPosition = 6;
    }
    const auto groups = staticInt(input(n, u"groups", groupsPosition));
    if (!stride || !groups) {
        return false;
    }
    AttributeList attrs{{QStringLiteral("strides"), ints(broadcastList(*stride, spatial, 1))},
                        {QStringLiteral("group"), Attribute::fromInt(*groups)}};
    if (dilation) {
        attrs.emplace_back(QStringLiteral("dilations"), ints(broadcastList(*dilation, spatial, 1)));
    }
    if (const auto paddingMode = staticString(paddingArg)) {
        attrs.emplace_back(QStringLiteral("auto_pad"),
                           Attribute::fromString(*paddingMode == QLatin1String("same") ? QStringLiteral("SAME_UPPER")
                                                                                        : QStringLiteral("VALID")));
    } else if (const auto padding = staticInts(paddingArg)) {
        std::vector<std::int64_t> pads = broadcastList(*padding, spatial, 0);
        pads.insert(pads.end(), pads.begin(), pads.end());
        attrs.emplace_back(QStringLiteral("pads"), ints(pads));
    } else {
        return false;
    }
    if (transposed) {
        const auto outputPadding = staticInts(input(n, u"output_padding", generic ? 7 : 5));
        if (outputPadding) {
            attrs.emplace_back(QStringLiteral("output_padding"), ints(broadcastList(*outputPadding, spatial, 0)));
        }
    }
    std::vector<int> ins{x, w};
    if (!isNone(biasArg)) {
        const int b = tensor(biasArg);
        if (b < 0) {
            return false;
        }
        ins.push_back(b);
    }
    const int out = addNode(transposed ? QStringLiteral("ConvTranspose") : QStringLiteral("Conv"), ins, attrs);
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::linear(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"input", 0));
    const int weightArg = input(n, u"weight", 1);
    if (x < 0 || weightArg < 0) {
        return false;
    }
    const Slot &ws = slot(weightArg);
    int wt = -1;
    if (ws.kind == Slot::Kind::Tensor && ws.ir < 0 && ws.moduleTensor >= 0 &&
        m_source.tensors[static_cast<std::size_t>(ws.moduleTensor)].dims.size() == 2) {
        // Weights are declared transposed ([in, out]), as ONNX exports of Linear have them.
        wt = moduleTensorValue(ws.moduleTensor, true);
    } else {
        const int w = tensor(weightArg);
        if (w < 0) {
            return false;
        }
        wt = addNode(QStringLiteral("Transpose"), {w}, {{QStringLiteral("perm"), ints({1, 0})}});
        setRank(wt, 2);
    }
    int out = addNode(QStringLiteral("MatMul"), {x, wt});
    if (const int r = m_rank.count(x) ? m_rank[x] : -1; r >= 2) {
        setRank(out, r);
    }
    const int biasArg = input(n, u"bias", 2);
    if (!isNone(biasArg)) {
        const int b = tensor(biasArg);
        if (b < 0) {
            return false;
        }
        out = addNode(QStringLiteral("Add"), {out, b});
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::matmul(const TorchScriptNode &n, const QString &) {
    const int a = tensor(input(n, u"self", 0));
    const int b = tensor(input(n, n.kind == QLatin1String("aten::mv") ? u"vec" : u"other", 1));
    if (a < 0 || b < 0) {
        return false;
    }
    const int out = addNode(QStringLiteral("MatMul"), {a, b});
    auto ra = m_rank.find(a);
    auto rb = m_rank.find(b);
    if (ra != m_rank.end() && rb != m_rank.end() && ra->second >= 2 && rb->second >= 2) {
        setRank(out, std::max(ra->second, rb->second));
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::addmm(const TorchScriptNode &n, const QString &) {
    const int c = tensor(input(n, u"self", 0));
    const int a = tensor(input(n, u"mat1", 1));
    const int b = tensor(input(n, u"mat2", 2));
    if (a < 0 || b < 0 || c < 0) {
        return false;
    }
    const double beta = staticNumber(input(n, u"beta", 3)).value_or(1.0);
    const double alpha = staticNumber(input(n, u"alpha", 4)).value_or(1.0);
    const int out = addNode(QStringLiteral("Gemm"), {a, b, c},
                         {{QStringLiteral("alpha"), Attribute::fromFloat(alpha)}, {QStringLiteral("beta"), Attribute::fromFloat(beta)}});
    setRank(out, 2);
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::baddbmm(const TorchScriptNode &n, const QString &base) {
    const int c = tensor(input(n, u"self", 0));
    const int a = tensor(input(n, u"batch1", 1));
    const int b = tensor(input(n, u"batch2", 2));
    if (a < 0 || b < 0 || c < 0) {
        return false;
    }
    const double beta = staticNumber(input(n, u"beta", 3)).value_or(1.0);
    const double alpha = staticNumber(input(n, u"alpha", 4)).value_or(1.0);
    int product = addNode(QStringLiteral("MatMul"), {a, b});
    setRank(product, 3);
    if (base == QLatin1String("addbmm")) {
        product = addNode(QStringLiteral("ReduceSum"), {product, constI64({0})}, {{QStringLiteral("keepdims"), Attribute::fromInt(0)}});
        setRank(product, 2);
    }
    if (alpha != 1.0) {
        product = addNode(QStringLiteral("Mul"), {product, constScalar(alpha, dtype(product))});
    }
    int out = product;
    if (beta != 0.0) {
        const int scaled = beta == 1.0 ? c : addNode(QStringLiteral("Mul"), {c, constScalar(beta, dtype(c))});
        out = addNode(QStringLiteral("Add"), {scaled, product});
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::einsum(const TorchScriptNode &n, const QString &) {
    const auto equation = staticString(input(n, u"equation", 0));
    bool ok = false;
    const std::vector<int> operands = tensorList(input(n, u"tensors", 1), &ok);
    if (!equation || !ok) {
        return false;
    }
    QString eq = *equation;
    eq.remove(QLatin1Char(' '));
    bindOut(n, 0, addNode(QStringLiteral("Einsum"), operands, {{QStringLiteral("equation"), Attribute::fromString(eq)}}));
    return true;
}

// ---- normalisation -------------------------------------------------------------------------------

bool AtenLowering::batchNorm(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"input", 0));
    if (x < 0) {
        return false;
    }
    const int weightArg = input(n, u"weight", 1);
    const int biasArg = input(n, u"bias", 2);
    const int meanArg = input(n, u"running_mean", 3);
    const int varArg = input(n, u"running_var", 4);
    const double eps = staticNumber(input(n, u"eps", 7)).value_or(1e-5);
    int channelsShape = -1;
    auto channels = [&]() {
        if (channelsShape < 0) {
            const int shape = addNode(QStringLiteral("Shape"), {x});
            channelsShape = addNode(QStringLiteral("Slice"), {shape, constI64({1}), constI64({2})});
            setRank(channelsShape, 1);
        }
        return channelsShape;
    };
    const DType t = dtype(x) == DType::Undefined ? DType::F32 : dtype(x);
    const int scale = isNone(weightArg) ? filled(channels(), 1.0, t) : tensor(weightArg);
    const int bias = isNone(biasArg) ? filled(channels(), 0.0, t) : tensor(biasArg);
    const int mean = isNone(meanArg) ? filled(channels(), 0.0, t) : tensor(meanArg);
    const int var = isNone(varArg) ? filled(channels(), 1.0, t) : tensor(varArg);
    if (scale < 0 || bias < 0 || mean < 0 || var < 0) {
        return false;
    }
    bindOut(n, 0, addNode(QStringLiteral("BatchNormalization"), {x, scale, bias, mean, var},
                       {{QStringLiteral("epsilon"), Attribute::fromFloat(eps)}}));
    return true;
}

bool AtenLowering::layerNorm(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"input", 0));
    const int shapeArg = input(n, u"normalized_shape", 1);
    const auto normalized = staticInts(shapeArg);
    if (x < 0 || !normalized) {
        return false;
    }
    const double eps = staticNumber(input(n, u"eps", 4)).value_or(1e-5);
    const int weightArg = input(n, u"weight", 2);
    const int biasArg = input(n, u"bias", 3);
    const DType t = dtype(x) == DType::Undefined ? DType::F32 : dtype(x);
    const int scale = isNone(weightArg) ? filled(constI64(*normalized), 1.0, t) : tensor(weightArg);
    std::vector<int> ins{x, scale};
    if (!isNone(biasArg)) {
        ins.push_back(tensor(biasArg));
    }
    if (std::any_of(ins.begin(), ins.end(), [](int v) { return v < 0; })) {
        return false;
    }
    bindOut(n, 0, addNode(QStringLiteral("LayerNormalization"), ins,
                       {{QStringLiteral("axis"), Attribute::fromInt(-static_cast<std::int64_t>(normalized->size()))},
                        {QStringLiteral("epsilon"), Attribute::fromFloat(eps)}}));
    return true;
}

bool AtenLowering::groupNorm(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"input", 0));
    const auto groups = staticInt(input(n, u"num_groups", 1));
    if (x < 0 || !groups) {
        return false;
    }
    const double eps = staticNumber(input(n, u"eps", 4)).value_or(1e-5);
    const DType t = dtype(x) == DType::Undefined ? DType::F32 : dtype(x);
    const int weightArg = input(n, u"weight", 2);
    const int biasArg = input(n, u"bias", 3);
    const int groupsShape = constI64({*groups});
    const int scale = isNone(weightArg) ? filled(groupsShape, 1.0, t) : tensor(weightArg);
    const int bias = isNone(biasArg) ? filled(groupsShape, 0.0, t) : tensor(biasArg);
    if (scale < 0 || bias < 0) {
        return false;
    }
    bindOut(n, 0, addNode(QStringLiteral("GroupNormalization"), {x, scale, bias},
                       {{QStringLiteral("num_groups"), Attribute::fromInt(*groups)},
                        {QStringLiteral("epsilon"), Attribute::fromFloat(eps)}}));
    return true;
}

bool AtenLowering::instanceNorm(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"input", 0));
    if (x < 0) {
        return false;
    }
    const double eps = staticNumber(input(n, u"eps", 7)).value_or(1e-5);
    const DType t = dtype(x) == DType::Undefined ? DType::F32 : dtype(x);
    const int shape = addNode(QStringLiteral("Shape"), {x});
    const int channels = addNode(QStringLiteral("Slice"), {shape, constI64({1}), constI64({2})});
    const int weightArg = input(n, u"weight", 1);
    const int biasArg = input(n, u"bias", 2);
    const int scale = isNone(weightArg) ? filled(channels, 1.0, t) : tensor(weightArg);
    const int bias = isNone(biasArg) ? filled(channels, 0.0, t) : tensor(biasArg);
    if (scale < 0 || bias < 0) {
        return false;
    }
    bindOut(n, 0, addNode(QStringLiteral("InstanceNormalization"), {x, scale, bias},
                       {{QStringLiteral("epsilon"), Attribute::fromFloat(eps)}}));
    return true;
}

// ---- pooling -------------------------------------------------------------------------------------

bool AtenLowering::pool(const TorchScriptNode &n, const QString &base) {
    const int x = tensor(input(n, u"self", 0));
    const auto kernel = staticInts(input(n, u"kernel_size", 1));
    if (x < 0 || !kernel) {
        return false;
    }
    std::size_t spatial = kernel->size();
    if (base.contains(QLatin1String("1d"))) {
        spatial = 1;
    } else if (base.contains(QLatin1String("2d"))) {
        spatial = 2;
    } else if (base.contains(QLatin1String("3d"))) {
        spatial = 3;
    }
    const std::vector<std::int64_t> k = broadcastList(*kernel, spatial, 1);
    std::vector<std::int64_t> stride = staticInts(input(n, u"stride", 2)).value_or(std::vector<std::int64_t>{});
    stride = stride.empty() ? k : broadcastList(stride, spatial, 1);
    std::vector<std::int64_t> pads = broadcastList(staticInts(input(n, u"padding", 3)).value_or(std::vector<std::int64_t>{}), spatial, 0);
    pads.insert(pads.end(), pads.begin(), pads.end());
    AttributeList attrs{{QStringLiteral("kernel_shape"), ints(k)},
                        {QStringLiteral("strides"), ints(stride)},
                        {QStringLiteral("pads"), ints(pads)}};
    if (base.startsWith(QLatin1String("max_pool"))) {
        const auto dilation = staticInts(input(n, u"dilation", 4));
        const bool ceil = staticBool(input(n, u"ceil_mode", 5)).value_or(false);
        attrs.emplace_back(QStringLiteral("dilations"), ints(broadcastList(dilation.value_or(std::vector<std::int64_t>{}), spatial, 1)));
        attrs.emplace_back(QStringLiteral("ceil_mode"), Attribute::fromInt(ceil ? 1 : 0));
        const int outputs = base.endsWith(QLatin1String("with_indices")) ? 2 : 1;
        const auto outs = addNodes(QStringLiteral("MaxPool"), {x}, attrs, outputs);
        if (outputs == 2) {
            m_dtype[outs[1]] = DType::I64;
        }
        for (int i = 0; i < outputs; ++i) {
            bindOut(n, static_cast<std::size_t>(i), outs[static_cast<std::size_t>(i)]);
        }
        return true;
    }
    const bool ceil = staticBool(input(n, u"ceil_mode", 4)).value_or(false);
    const bool countIncludePad = staticBool(input(n, u"count_include_pad", 5)).value_or(true);
    attrs.emplace_back(QStringLiteral("ceil_mode"), Attribute::fromInt(ceil ? 1 : 0));
    attrs.emplace_back(QStringLiteral("count_include_pad"), Attribute::fromInt(countIncludePad ? 1 : 0));
    bindOut(n, 0, addNode(QStringLiteral("AveragePool"), {x}, attrs));
    return true;
}

bool AtenLowering::adaptivePool(const TorchScriptNode &n, const QString &base) {
    const int x = tensor(input(n, u"self", 0));
    if (x < 0) {
        return false;
    }
    const bool isMax = base.startsWith(QLatin1String("adaptive_max"));
    const int sizeArg = input(n, u"output_size", 1);
    std::vector<std::int64_t> outSize;
    if (const auto known = staticInts(sizeArg)) {
        outSize = *known;
    } else {
        // Lists with None entries (keep that dimension).
        const Slot &s = slot(sizeArg);
        if (s.kind != Slot::Kind::List && s.kind != Slot::Kind::Tuple) {
            return false;
        }
        for (const Slot &item : s.items) {
            if (item.kind == Slot::Kind::Static && item.value.kind == Kind::Int) {
                outSize.push_back(item.value.i);
            } else if (item.kind == Slot::Kind::Static && item.value.kind == Kind::None) {
                outSize.push_back(-1);
            } else {
                return false;
            }
        }
    }
    const std::size_t spatial = base.contains(QLatin1String("1d")) ? 1 : (base.contains(QLatin1String("3d")) ? 3 : 2);
    outSize = broadcastList(outSize, spatial, 1);
    const bool global = std::all_of(outSize.begin(), outSize.end(), [](std::int64_t v) { return v == 1; });
    std::vector<int> outs;
    if (global) {
        outs.push_back(addNode(isMax ? QStringLiteral("GlobalMaxPool") : QStringLiteral("GlobalAveragePool"), {x}));
    } else {
        // ONNX has no adaptive pooling: a fixed window computed for the import-time input size.
        const int r = rank(x);
        if (r < 0) {
            return false;
        }
        std::vector<std::int64_t> kernel;
        std::vector<std::int64_t> stride;
        QStringList inSizes;
        for (std::size_t i = 0; i < spatial; ++i) {
            const std::int64_t in = dimSize(x, r - static_cast<int>(spatial) + static_cast<int>(i));
            if (in <= 0) {
                return false;
            }
            const std::int64_t out = outSize[i] < 0 ? in : outSize[i];
            const std::int64_t s = std::max<std::int64_t>(1, in / out);
            stride.push_back(s);
            kernel.push_back(in - (out - 1) * s);
            inSizes.push_back(QString::number(in));
        }
        QStringList outSizes;
        for (std::int64_t v : outSize) {
            outSizes.push_back(QString::number(v));
        }
        m_warnings.push_back(QStringLiteral("%1: adaptive pooling to %2 became a fixed %3 window for the import-time %4 "
                                            "input; other image sizes need the model imported at that size")
                                 .arg(m_scope.isEmpty() ? base : m_scope, outSizes.join(QLatin1Char('x')),
                                      QStringList([&] {
                                          QStringList k;
                                          for (std::int64_t v : kernel) {
                                              k.push_back(QString::number(v));
                                          }
                                          return k;
                                      }()).join(QLatin1Char('x')),
                                      inSizes.join(QLatin1Char('x'))));
        std::vector<std::int64_t> pads(spatial * 2, 0);
        AttributeList attrs{{QStringLiteral("kernel_shape"), ints(kernel)},
                            {QStringLiteral("strides"), ints(stride)},
                            {QStringLiteral("pads"), ints(pads)}};
        outs.push_back(addNode(isMax ? QStringLiteral("MaxPool") : QStringLiteral("AveragePool"), {x}, attrs));
    }
    bindOut(n, 0, outs.front());
    for (std::size_t i = 1; i < n.outputs.size(); ++i) {
        Slot opaque;
        opaque.kind = Slot::Kind::Opaque;
        bind(n.outputs[i], opaque);
    }
    return true;
}

// ---- reductions ----------------------------------------------------------------------------------

bool AtenLowering::softmax(const TorchScriptNode &n, const QString &base) {
    int x = tensor(input(n, u"self", 0));
    const auto axis = staticInt(input(n, u"dim", 1));
    if (x < 0 || !axis) {
        return false;
    }
    if (!base.startsWith(QLatin1Char('_'))) {
        if (const auto t = staticInt(input(n, u"dtype", 2))) {
            x = cast(x, dtypeFromScalarType(*t));
        }
    }
    const bool log = base.contains(QLatin1String("log"));
    bindOut(n, 0, addNode(log ? QStringLiteral("LogSoftmax") : QStringLiteral("Softmax"), {x},
                       {{QStringLiteral("axis"), Attribute::fromInt(*axis)}}));
    return true;
}

bool AtenLowering::reduce(const TorchScriptNode &n, const QString &base) {
    if (base == QLatin1String("sum") && tsValue(firstOutput(n)).type != TorchScriptType::Tensor) {
        // Python sum() of a list of numbers.
        if (const auto values = staticInts(firstInput(n))) {
            std::int64_t total = 0;
            for (std::int64_t v : *values) {
                total += v;
            }
            bindStatic(n, 0, makeInt(total));
            return true;
        }
        return false;
    }
    int x = tensor(input(n, u"self", 0));
    if (x < 0) {
        return false;
    }
    static const QHash<QString, QString> ops{{QStringLiteral("mean"), QStringLiteral("ReduceMean")},
                                             {QStringLiteral("sum"), QStringLiteral("ReduceSum")},
                                             {QStringLiteral("amax"), QStringLiteral("ReduceMax")},
                                             {QStringLiteral("amin"), QStringLiteral("ReduceMin")},
                                             {QStringLiteral("prod"), QStringLiteral("ReduceProd")},
                                             {QStringLiteral("logsumexp"), QStringLiteral("ReduceLogSumExp")}};
    const bool hasDim = n.argumentNames.isEmpty() ? n.inputs.size() > 2 : n.argumentNames.contains(QStringLiteral("dim"));
    std::optional<std::vector<std::int64_t>> axes;
    bool keep = false;
    if (hasDim) {
        const int dimArg = input(n, u"dim", 1);
        if (!isNone(dimArg)) {
            axes = staticInts(dimArg);
            if (!axes) {
                return false;
            }
        }
        keep = staticBool(input(n, u"keepdim", 2)).value_or(false);
    }
    if (const auto t = staticInt(input(n, u"dtype", hasDim ? 3 : 1)); t && (base == QLatin1String("mean") || base == QLatin1String("sum"))) {
        x = cast(x, dtypeFromScalarType(*t));
    }
    std::vector<int> ins{x};
    if (axes && !axes->empty()) {
        ins.push_back(constI64(*axes));
    }
    const int out = addNode(ops.value(base), ins, {{QStringLiteral("keepdims"), Attribute::fromInt(keep ? 1 : 0)}});
    if (m_rank.count(x)) {
        const int r = m_rank[x];
        setRank(out, keep ? r : (axes && !axes->empty() ? r - static_cast<int>(axes->size()) : 0));
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::maxOrMin(const TorchScriptNode &n, const QString &base) {
    if (auto folded = foldStatic(n, base)) {
        bindStatic(n, 0, *folded);
        return true;
    }
    const bool isMax = base == QLatin1String("max");
    if (n.argumentNames.contains(QStringLiteral("other"))) {
        return binary(n, base);
    }
    const int x = tensor(input(n, u"self", 0));
    if (x < 0) {
        return false;
    }
    if (n.argumentNames.contains(QStringLiteral("dim")) || n.outputs.size() == 2) {
        const auto axis = staticInt(input(n, u"dim", 1));
        if (!axis) {
            return false;
        }
        const bool keep = staticBool(input(n, u"keepdim", 2)).value_or(false);
        const int values = addNode(isMax ? QStringLiteral("ReduceMax") : QStringLiteral("ReduceMin"), {x, constI64({*axis})},
                                {{QStringLiteral("keepdims"), Attribute::fromInt(keep ? 1 : 0)}});
        const int indices = addNode(isMax ? QStringLiteral("ArgMax") : QStringLiteral("ArgMin"), {x},
                                 {{QStringLiteral("axis"), Attribute::fromInt(*axis)},
                                  {QStringLiteral("keepdims"), Attribute::fromInt(keep ? 1 : 0)}});
        bindOut(n, 0, values);
        bindOut(n, 1, indices);
        return true;
    }
    const int out = addNode(isMax ? QStringLiteral("ReduceMax") : QStringLiteral("ReduceMin"), {x},
                         {{QStringLiteral("keepdims"), Attribute::fromInt(0)}});
    setRank(out, 0);
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::argReduce(const TorchScriptNode &n, const QString &base) {
    int x = tensor(input(n, u"self", 0));
    if (x < 0) {
        return false;
    }
    const int dimArg = input(n, u"dim", 1);
    const bool keep = staticBool(input(n, u"keepdim", 2)).value_or(false);
    std::int64_t axis = 0;
    if (isNone(dimArg)) {
        x = addNode(QStringLiteral("Reshape"), {x, constI64({-1})});
        setRank(x, 1);
    } else if (const auto a = staticInt(dimArg)) {
        axis = *a;
    } else {
        return false;
    }
    bindOut(n, 0, addNode(base == QLatin1String("argmax") ? QStringLiteral("ArgMax") : QStringLiteral("ArgMin"), {x},
                       {{QStringLiteral("axis"), Attribute::fromInt(axis)}, {QStringLiteral("keepdims"), Attribute::fromInt(keep ? 1 : 0)}}));
    return true;
}

bool AtenLowering::cumsum(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    const auto axis = staticInt(input(n, u"dim", 1));
    if (x < 0 || !axis) {
        return false;
    }
    bindOut(n, 0, addNode(QStringLiteral("CumSum"), {x, constI64({*axis}, true)}));
    return true;
}

bool AtenLowering::topk(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    const int k = intTensor1d(input(n, u"k", 1));
    if (x < 0 || k < 0) {
        return false;
    }
    const std::int64_t axis = staticInt(input(n, u"dim", 2)).value_or(-1);
    const bool largest = staticBool(input(n, u"largest", 3)).value_or(true);
    const bool sorted = staticBool(input(n, u"sorted", 4)).value_or(true);
    const auto outs = addNodes(QStringLiteral("TopK"), {x, k},
                                {{QStringLiteral("axis"), Attribute::fromInt(axis)},
                                 {QStringLiteral("largest"), Attribute::fromInt(largest ? 1 : 0)},
                                 {QStringLiteral("sorted"), Attribute::fromInt(sorted ? 1 : 0)}},
                                2);
    m_dtype[outs[1]] = DType::I64;
    bindOut(n, 0, outs[0]);
    bindOut(n, 1, outs[1]);
    return true;
}

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

bool AtenLowering::dim(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
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

bool AtenLowering::flatten(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    const auto start = staticInt(input(n, u"start_dim", 1));
    const auto end = staticInt(input(n, u"end_dim", 2));
    if (x < 0 || !start || !end) {
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

bool AtenLowering::unsqueeze(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    const auto d = staticInt(input(n, u"dim", 1));
    if (x < 0 || !d) {
        return false;
    }
    const int out = addNode(QStringLiteral("Unsqueeze"), {x, constI64({*d})});
    if (m_rank.count(x)) {
        setRank(out, m_rank[x] + 1);
    }
    bindOut(n, 0, out);
    return true;
}

bool AtenLowering::squeeze(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    if (x < 0) {
        return false;
    }
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

bool AtenLowering::expand(const TorchScriptNode &n, const QString &base) {
    const int x = tensor(input(n, u"self", 0));
    if (x < 0) {
        return false;
    }
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

bool AtenLowering::repeat(const TorchScriptNode &n, const QString &) {
    int x = tensor(input(n, u"self", 0));
    const auto repeats = staticInts(input(n, u"repeats", 1));
    const int r = rank(x);
    if (x < 0 || !repeats || r < 0) {
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

bool AtenLowering::chunk(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    const auto chunks = knownInt(input(n, u"chunks", 1));
    const std::int64_t axis = staticInt(input(n, u"dim", 2)).value_or(0);
    if (x < 0 || !chunks || *chunks <= 0) {
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

bool AtenLowering::split(const TorchScriptNode &n, const QString &base) {
    const int x = tensor(input(n, u"self", 0));
    if (x < 0 || base == QLatin1String("tensor_split")) {
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

bool AtenLowering::unbind(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    const std::int64_t axis = staticInt(input(n, u"dim", 1)).value_or(0);
    const std::int64_t size = x >= 0 ? dimSize(x, axis) : -1;
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

bool AtenLowering::narrow(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    const auto axis = staticInt(input(n, u"dim", 1));
    const int startArg = input(n, u"start", 2);
    const int lengthArg = input(n, u"length", 3);
    if (x < 0 || !axis) {
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

bool AtenLowering::index(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    const Slot indices = slot(input(n, u"indices", 1));
    if (x < 0 || indices.kind != Slot::Kind::List) {
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

bool AtenLowering::trilu(const TorchScriptNode &n, const QString &base) {
    const int x = tensor(input(n, u"self", 0));
    if (x < 0) {
        return false;
    }
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

bool AtenLowering::pad(const TorchScriptNode &n, const QString &base) {
    const int x = tensor(input(n, u"self", 0));
    const auto padding = listItems(input(n, base == QLatin1String("constant_pad_nd") || base == QLatin1String("pad") ? u"pad" : u"padding", 1));
    const int r = rank(x);
    if (x < 0 || !padding || r < 0 || padding->size() % 2 != 0 || static_cast<int>(padding->size() / 2) > r) {
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

bool AtenLowering::upsample(const TorchScriptNode &n, const QString &base) {
    const int x = tensor(input(n, u"input", 0));
    const int r = rank(x);
    if (x < 0 || r < 3) {
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

bool AtenLowering::pixelShuffle(const TorchScriptNode &n, const QString &) {
    const int x = tensor(input(n, u"self", 0));
    const auto factor = staticInt(input(n, u"upscale_factor", 1));
    if (x < 0 || !factor) {
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

bool AtenLowering::uncheckedCast(const TorchScriptNode &n, const QString &base) { return identity(n, base); }

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
