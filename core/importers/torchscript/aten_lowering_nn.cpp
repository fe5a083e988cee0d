// SPDX-License-Identifier: MIT
// Lowering of the aten operators of neural-network layers: convolutions, matrix products,
// normalisation, pooling and reductions.
#include "importers/torchscript/aten_lowering.h"
#include "importers/torchscript/aten_values.h"

#include <algorithm>
#include <cmath>

namespace infersight {

using namespace aten;

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

bool AtenLowering::linear(const TorchScriptNode &n, const QString &, int x) {
    const int weightArg = input(n, u"weight", 1);
    if (weightArg < 0) {
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

bool AtenLowering::batchNorm(const TorchScriptNode &n, const QString &, int x) {
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

bool AtenLowering::layerNorm(const TorchScriptNode &n, const QString &, int x) {
    const int shapeArg = input(n, u"normalized_shape", 1);
    const auto normalized = staticInts(shapeArg);
    if (!normalized) {
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

bool AtenLowering::groupNorm(const TorchScriptNode &n, const QString &, int x) {
    const auto groups = staticInt(input(n, u"num_groups", 1));
    if (!groups) {
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

bool AtenLowering::instanceNorm(const TorchScriptNode &n, const QString &, int x) {
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

bool AtenLowering::pool(const TorchScriptNode &n, const QString &base, int x) {
    const auto kernel = staticInts(input(n, u"kernel_size", 1));
    if (!kernel) {
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

bool AtenLowering::adaptivePool(const TorchScriptNode &n, const QString &base, int x) {
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

bool AtenLowering::softmax(const TorchScriptNode &n, const QString &base, int x) {
    const auto axis = staticInt(input(n, u"dim", 1));
    if (!axis) {
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

bool AtenLowering::argReduce(const TorchScriptNode &n, const QString &base, int x) {
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

bool AtenLowering::cumsum(const TorchScriptNode &n, const QString &, int x) {
    const auto axis = staticInt(input(n, u"dim", 1));
    if (!axis) {
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

}  // namespace infersight
