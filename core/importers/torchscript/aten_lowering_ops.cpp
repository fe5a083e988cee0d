// SPDX-License-Identifier: MIT
// Per-operator lowering of aten (and prim) operators to ONNX operators. Argument names and
// positions follow the aten schemas of LibTorch 1.13 (native_functions.yaml); arguments are looked
// up by schema name first, by position when the node carries no schema.
// The handlers are grouped by what they lower: aten_lowering_elementwise.cpp, _nn.cpp (convolution,
// matrix products, normalisation, pooling, reductions), _shapes.cpp, _tensors.cpp, _prim.cpp.
#include "importers/torchscript/aten_lowering.h"
#include "importers/torchscript/aten_values.h"

#include <algorithm>
#include <cmath>

namespace infersight {

using namespace aten;

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
           &AtenLowering::onTensor<&AtenLowering::activation>);
        on({"aten::prelu"}, &AtenLowering::prelu);
        on({"aten::clamp", "aten::clip", "aten::clamp_min", "aten::clamp_max"},
           &AtenLowering::onTensor<&AtenLowering::clamp>);
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
        on({"aten::linear"}, &AtenLowering::onTensor<&AtenLowering::linear>);
        on({"aten::matmul", "aten::mm", "aten::bmm", "aten::dot", "aten::mv"}, &AtenLowering::matmul);
        on({"aten::addmm"}, &AtenLowering::addmm);
        on({"aten::baddbmm", "aten::addbmm"}, &AtenLowering::baddbmm);
        on({"aten::einsum"}, &AtenLowering::einsum);
        on({"aten::batch_norm"}, &AtenLowering::onTensor<&AtenLowering::batchNorm>);
        on({"aten::layer_norm"}, &AtenLowering::onTensor<&AtenLowering::layerNorm>);
        on({"aten::group_norm"}, &AtenLowering::onTensor<&AtenLowering::groupNorm>);
        on({"aten::instance_norm"}, &AtenLowering::onTensor<&AtenLowering::instanceNorm>);
        on({"aten::max_pool1d", "aten::max_pool2d", "aten::max_pool3d", "aten::max_pool1d_with_indices",
            "aten::max_pool2d_with_indices", "aten::max_pool3d_with_indices", "aten::avg_pool1d", "aten::avg_pool2d",
            "aten::avg_pool3d"},
           &AtenLowering::onTensor<&AtenLowering::pool>);
        on({"aten::adaptive_avg_pool1d", "aten::adaptive_avg_pool2d", "aten::adaptive_avg_pool3d",
            "aten::adaptive_max_pool1d", "aten::adaptive_max_pool2d", "aten::adaptive_max_pool3d"},
           &AtenLowering::onTensor<&AtenLowering::adaptivePool>);
        on({"aten::softmax", "aten::_softmax", "aten::log_softmax", "aten::_log_softmax"},
           &AtenLowering::onTensor<&AtenLowering::softmax>);
        on({"aten::mean", "aten::sum", "aten::amax", "aten::amin", "aten::prod", "aten::logsumexp"}, &AtenLowering::reduce);
        on({"aten::max", "aten::min"}, &AtenLowering::maxOrMin);
        on({"aten::argmax", "aten::argmin"}, &AtenLowering::onTensor<&AtenLowering::argReduce>);
        on({"aten::size"}, &AtenLowering::size);
        on({"aten::dim"}, &AtenLowering::onTensor<&AtenLowering::dim>);
        on({"prim::NumToTensor", "aten::scalar_tensor"}, &AtenLowering::numToTensor);
        on({"aten::Int", "aten::Float", "aten::Bool", "aten::IntImplicit", "aten::FloatImplicit", "aten::ScalarImplicit",
            "aten::item"},
           &AtenLowering::scalarOf);
        on({"aten::view", "aten::reshape", "aten::_reshape_alias"}, &AtenLowering::view);
        on({"aten::view_as", "aten::reshape_as"}, &AtenLowering::viewAs);
        on({"aten::flatten"}, &AtenLowering::onTensor<&AtenLowering::flatten>);
        on({"aten::unflatten"}, &AtenLowering::unflatten);
        on({"aten::permute"}, &AtenLowering::permute);
        on({"aten::transpose", "aten::t", "aten::swapaxes", "aten::swapdims", "aten::numpy_T"}, &AtenLowering::transpose);
        on({"aten::unsqueeze"}, &AtenLowering::onTensor<&AtenLowering::unsqueeze>);
        on({"aten::squeeze"}, &AtenLowering::onTensor<&AtenLowering::squeeze>);
        on({"aten::expand", "aten::expand_as", "aten::broadcast_to"}, &AtenLowering::onTensor<&AtenLowering::expand>);
        on({"aten::repeat"}, &AtenLowering::onTensor<&AtenLowering::repeat>);
        on({"aten::cat", "aten::concat", "aten::concatenate"}, &AtenLowering::cat);
        on({"aten::stack"}, &AtenLowering::stack);
        on({"aten::chunk"}, &AtenLowering::onTensor<&AtenLowering::chunk>);
        on({"aten::split", "aten::split_with_sizes", "aten::tensor_split"},
           &AtenLowering::onTensor<&AtenLowering::split>);
        on({"aten::unbind"}, &AtenLowering::onTensor<&AtenLowering::unbind>);
        on({"aten::slice"}, &AtenLowering::slice);
        on({"aten::select"}, &AtenLowering::select);
        on({"aten::narrow"}, &AtenLowering::onTensor<&AtenLowering::narrow>);
        on({"aten::index_select"}, &AtenLowering::indexSelect);
        on({"aten::index"}, &AtenLowering::onTensor<&AtenLowering::index>);
        on({"aten::embedding"}, &AtenLowering::embedding);
        on({"aten::to", "aten::type"}, &AtenLowering::to);
        on({"aten::type_as"}, &AtenLowering::typeAs);
        on({"aten::zeros", "aten::ones", "aten::full", "aten::empty", "aten::zeros_like", "aten::ones_like",
            "aten::full_like", "aten::empty_like", "aten::new_zeros", "aten::new_ones", "aten::new_full",
            "aten::new_empty", "aten::fill", "aten::zero"},
           &AtenLowering::fill);
        on({"aten::arange"}, &AtenLowering::arange);
        on({"aten::tril", "aten::triu"}, &AtenLowering::onTensor<&AtenLowering::trilu>);
        on({"aten::where"}, &AtenLowering::where);
        on({"aten::masked_fill"}, &AtenLowering::maskedFill);
        on({"aten::constant_pad_nd", "aten::pad", "aten::reflection_pad1d", "aten::reflection_pad2d",
            "aten::reflection_pad3d", "aten::replication_pad1d", "aten::replication_pad2d", "aten::replication_pad3d"},
           &AtenLowering::onTensor<&AtenLowering::pad>);
        on({"aten::upsample_nearest1d", "aten::upsample_nearest2d", "aten::upsample_nearest3d",
            "aten::upsample_linear1d", "aten::upsample_bilinear2d", "aten::upsample_bicubic2d",
            "aten::upsample_trilinear3d"},
           &AtenLowering::onTensor<&AtenLowering::upsample>);
        on({"aten::pixel_shuffle"}, &AtenLowering::onTensor<&AtenLowering::pixelShuffle>);
        on({"aten::roll"}, &AtenLowering::onTensor<&AtenLowering::roll>);
        on({"aten::copy"}, &AtenLowering::copy);
        on({"aten::_set_item"}, &AtenLowering::setItem);
        on({"aten::scaled_dot_product_attention"}, &AtenLowering::attention);
        on({"aten::topk"}, &AtenLowering::topk);
        on({"aten::cumsum"}, &AtenLowering::onTensor<&AtenLowering::cumsum>);
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

}  // namespace infersight
