// SPDX-License-Identifier: MIT
#include "zoo/layer_builder.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace infersight {

namespace {
const QString kMicrosoft = QStringLiteral("com.microsoft");
}  // namespace

LayerBuilder::LayerBuilder(QString graphName, DType dtype) : m_b(std::move(graphName), 17), m_dtype(dtype) {
    graph().opsetImports.insert(kMicrosoft, 1);
    graph().values.reserve(4096);
    graph().nodes.reserve(2048);
}

Graph LayerBuilder::finish() { return m_b.finish(); }

void LayerBuilder::push(const QString &scope) {
    m_prefixSizes.push_back(m_prefix.size());
    m_prefix += scope;
    m_prefix += QLatin1Char('/');
}

void LayerBuilder::pop() {
    if (!m_prefixSizes.empty()) {
        m_prefix.truncate(m_prefixSizes.back());
        m_prefixSizes.pop_back();
    }
}

QString LayerBuilder::joinName(const QString &layer, const char *suffix) {
    QString s;
    s.reserve(layer.size() + 8);
    s += layer;
    s += QLatin1Char('.');
    s += QLatin1String(suffix);
    return s;
}

int LayerBuilder::input(const QString &name, SymbolicShape shape, DType type) { return m_b.input(name, type, std::move(shape)); }

int LayerBuilder::weight(const QString &localName, Shape dims) { return m_b.weight(scoped(localName), std::move(dims), m_dtype); }

int LayerBuilder::buffer(const QString &localName, Shape dims, DType type) {
    const int v = m_b.weight(scoped(localName), std::move(dims), type);
    graph().values[static_cast<std::size_t>(v)].buffer = true;
    return v;
}

int LayerBuilder::ints(const std::vector<std::int64_t> &data) {
    auto it = m_intConstants.find(data);
    if (it != m_intConstants.end()) {
        return it->second;
    }
    Value v;
    v.name = QStringLiteral("const_i64_%1").arg(m_intConstants.size() + m_intScalars.size());
    v.dtype = DType::I64;
    v.kind = ValueKind::Initializer;
    v.declared = {Dim::fixed(static_cast<std::int64_t>(data.size()))};
    v.declaredRankKnown = true;
    v.intData = data;
    const int index = graph().addValue(std::move(v));
    m_intConstants.emplace(data, index);
    return index;
}

int LayerBuilder::intScalar(std::int64_t value) {
    auto it = m_intScalars.find(value);
    if (it != m_intScalars.end()) {
        return it->second;
    }
    Value v;
    v.name = QStringLiteral("const_i64_%1").arg(m_intConstants.size() + m_intScalars.size());
    v.dtype = DType::I64;
    v.kind = ValueKind::Initializer;
    v.declaredRankKnown = true;
    v.intData = std::vector<std::int64_t>{value};
    const int index = graph().addValue(std::move(v));
    m_intScalars.emplace(value, index);
    return index;
}

int LayerBuilder::scalar(double value) {
    auto it = m_floatScalars.find(value);
    if (it != m_floatScalars.end()) {
        return it->second;
    }
    Value v;
    v.name = QStringLiteral("const_f_%1").arg(m_floatScalars.size());
    v.dtype = m_dtype;
    v.kind = ValueKind::Initializer;
    v.declaredRankKnown = true;
    v.floatData = std::vector<double>{value};
    v.buffer = true;  // a literal, not a parameter
    const int index = graph().addValue(std::move(v));
    m_floatScalars.emplace(value, index);
    return index;
}

void LayerBuilder::output(int value, const QString &name) {
    if (!name.isEmpty()) {
        // Rename the value so that outputs have stable, readable names (present_key.3, logits).
        Graph &g = graph();
        g.values[static_cast<std::size_t>(value)].name = name;
    }
    m_b.output(value);
}

int LayerBuilder::op(const QString &opType, std::vector<int> inputs, AttributeList attributes, const QString &localName) {
    return m_b.op(opType, std::move(inputs), std::move(attributes), scoped(localName.isEmpty() ? opType : localName));
}

std::vector<int> LayerBuilder::ops(const QString &opType, std::vector<int> inputs, int outputs, AttributeList attributes,
                                   const QString &localName) {
    return m_b.node(opType, std::move(inputs), std::move(attributes), outputs, scoped(localName.isEmpty() ? opType : localName));
}

int LayerBuilder::conv(int x, std::int64_t cin, std::int64_t cout, std::int64_t kernel, std::int64_t stride,
                       std::int64_t padding, std::int64_t groups, bool bias, const QString &name, std::int64_t dilation) {
    if (padding < 0) {
        padding = (kernel - 1) / 2 * dilation;
    }
    std::vector<int> in{x, weight(joinName(name, "weight"), {cout, cin / groups, kernel, kernel})};
    if (bias) {
        in.push_back(weight(joinName(name, "bias"), {cout}));
    }
    AttributeList attrs{attrInts("kernel_shape", {kernel, kernel}), attrInts("strides", {stride, stride}),
                        attrInts("pads", {padding, padding, padding, padding}), attrInt("group", groups)};
    if (dilation != 1) {
        attrs.push_back(attrInts("dilations", {dilation, dilation}));
    }
    return op(QStringLiteral("Conv"), std::move(in), std::move(attrs), name);
}

int LayerBuilder::convTranspose(int x, std::int64_t cin, std::int64_t cout, std::int64_t kernel, std::int64_t stride,
                                bool bias, const QString &name) {
    std::vector<int> in{x, weight(joinName(name, "weight"), {cin, cout, kernel, kernel})};
    if (bias) {
        in.push_back(weight(joinName(name, "bias"), {cout}));
    }
    return op(QStringLiteral("ConvTranspose"), std::move(in),
              {attrInts("kernel_shape", {kernel, kernel}), attrInts("strides", {stride, stride})}, name);
}

int LayerBuilder::batchNorm(int x, std::int64_t channels, const QString &name, double eps) {
    const int scale = weight(joinName(name, "weight"), {channels});
    const int b = weight(joinName(name, "bias"), {channels});
    const int mean = buffer(joinName(name, "running_mean"), {channels}, m_dtype);
    const int var = buffer(joinName(name, "running_var"), {channels}, m_dtype);
    return op(QStringLiteral("BatchNormalization"), {x, scale, b, mean, var}, {attrFloat("epsilon", eps)}, name);
}

int LayerBuilder::maxPool(int x, std::int64_t kernel, std::int64_t stride, std::int64_t padding, const QString &name) {
    return op(QStringLiteral("MaxPool"), {x},
              {attrInts("kernel_shape", {kernel, kernel}), attrInts("strides", {stride, stride}),
               attrInts("pads", {padding, padding, padding, padding})},
              name);
}

int LayerBuilder::averagePool(int x, std::int64_t kernel, std::int64_t stride, const QString &name) {
    return op(QStringLiteral("AveragePool"), {x},
              {attrInts("kernel_shape", {kernel, kernel}), attrInts("strides", {stride, stride})}, name);
}

int LayerBuilder::globalAveragePool(int x, const QString &name) { return op(QStringLiteral("GlobalAveragePool"), {x}, {}, name); }

int LayerBuilder::flatten(int x, std::int64_t axis, const QString &name) {
    return op(QStringLiteral("Flatten"), {x}, {attrInt("axis", axis)}, name);
}

int LayerBuilder::gemm(int x, std::int64_t in, std::int64_t out, bool bias, const QString &name) {
    const int w = weight(joinName(name, "weight"), {out, in});
    const int b = bias ? weight(joinName(name, "bias"), {out}) : -1;
    return gemmWithWeight(x, w, b, name);
}

int LayerBuilder::gemmWithWeight(int x, int weightTransposed, int biasValue, const QString &name) {
    std::vector<int> in{x, weightTransposed};
    if (biasValue >= 0) {
        in.push_back(biasValue);
    }
    return op(QStringLiteral("Gemm"), std::move(in), {attrInt("transB", 1)}, name);
}

int LayerBuilder::linear(int x, std::int64_t in, std::int64_t out, bool bias, const QString &name) {
    const int w = weight(joinName(name, "weight"), {in, out});
    if (!bias) {
        return op(QStringLiteral("MatMul"), {x, w}, {}, name);
    }
    const int y = op(QStringLiteral("MatMul"), {x, w}, {}, name);
    const int b = weight(joinName(name, "bias"), {out});
    return op(QStringLiteral("Add"), {y, b}, {}, joinName(name, "bias_add"));
}

int LayerBuilder::layerNorm(int x, std::int64_t dim, double eps, const QString &name, bool bias) {
    std::vector<int> in{x, weight(joinName(name, "weight"), {dim})};
    if (bias) {
        in.push_back(weight(joinName(name, "bias"), {dim}));
    }
    return op(QStringLiteral("LayerNormalization"), std::move(in), {attrInt("axis", -1), attrFloat("epsilon", eps)}, name);
}

int LayerBuilder::rmsNorm(int x, std::int64_t dim, double eps, const QString &name) {
    const int w = weight(joinName(name, "weight"), {dim});
    const int sq = op(QStringLiteral("Pow"), {x, scalar(2.0)}, {}, joinName(name, "pow"));
    const int var = reduceMean(sq, {-1}, true, joinName(name, "mean"));
    const int ve = op(QStringLiteral("Add"), {var, scalar(eps)}, {}, joinName(name, "add_eps"));
    const int rs = op(QStringLiteral("Pow"), {ve, scalar(-0.5)}, {}, joinName(name, "rsqrt"));
    const int normed = op(QStringLiteral("Mul"), {x, rs}, {}, joinName(name, "mul"));
    return op(QStringLiteral("Mul"), {w, normed}, {}, name);
}

int LayerBuilder::relu(int x, const QString &name) { return op(QStringLiteral("Relu"), {x}, {}, name); }

int LayerBuilder::relu6(int x, const QString &name) {
    return op(QStringLiteral("Clip"), {x, scalar(0.0), scalar(6.0)}, {}, name);
}

int LayerBuilder::silu(int x, const QString &name) {
    return op(QStringLiteral("Swish"), {x}, {attrFloat("alpha", 1.0)}, name);
}

int LayerBuilder::gelu(int x, const QString &name) {
    const int y = op(QStringLiteral("Gelu"), {x}, {}, name);
    Graph &g = graph();
    g.nodes.back().domain = kMicrosoft;
    return y;
}

int LayerBuilder::geluTanhDecomposed(int x, const QString &name) {
    // 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3))) in HF's order of kernels.
    const double kSqrt2OverPi = std::sqrt(2.0 / 3.14159265358979323846);
    const int half = mul(x, scalar(0.5), joinName(name, "mul"));
    const int cube = op(QStringLiteral("Pow"), {x, scalar(3.0)}, {}, joinName(name, "pow"));
    const int scaled = mul(cube, scalar(0.044715), joinName(name, "mul_1"));
    const int inner = add(x, scaled, joinName(name, "add"));
    const int arg = mul(inner, scalar(kSqrt2OverPi), joinName(name, "mul_2"));
    const int t = op(QStringLiteral("Tanh"), {arg}, {}, joinName(name, "tanh"));
    const int onePlus = add(t, scalar(1.0), joinName(name, "add_1"));
    return mul(half, onePlus, joinName(name, "mul_3"));
}

int LayerBuilder::hardSwish(int x, const QString &name) { return op(QStringLiteral("HardSwish"), {x}, {}, name); }

int LayerBuilder::hardSigmoid(int x, const QString &name) {
    return op(QStringLiteral("HardSigmoid"), {x}, {attrFloat("alpha", 1.0 / 6.0), attrFloat("beta", 0.5)}, name);
}

int LayerBuilder::sigmoid(int x, const QString &name) { return op(QStringLiteral("Sigmoid"), {x}, {}, name); }

const QStringList &LayerBuilder::activationNames() {
    static const QStringList names{QStringLiteral("relu"),      QStringLiteral("gelu"),
                                   QStringLiteral("gelu_python"), QStringLiteral("gelu_new"),
                                   QStringLiteral("gelu_pytorch_tanh"), QStringLiteral("gelu_fast"),
                                   QStringLiteral("silu"),      QStringLiteral("swish"),
                                   QStringLiteral("tanh"),      QStringLiteral("sigmoid")};
    return names;
}

int LayerBuilder::activation(const QString &kind, int x, const QString &name) {
    const QString k = kind.toLower();
    const QString n = name.isEmpty() ? k : name;
    if (k == QLatin1String("relu")) {
        return relu(x, n);
    }
    if (k == QLatin1String("gelu") || k == QLatin1String("gelu_python")) {
        return gelu(x, n);
    }
    if (k == QLatin1String("gelu_new") || k == QLatin1String("gelu_pytorch_tanh") || k == QLatin1String("gelu_fast")) {
        return geluTanhDecomposed(x, n);
    }
    if (k == QLatin1String("silu") || k == QLatin1String("swish")) {
        return silu(x, n);
    }
    if (k == QLatin1String("tanh")) {
        return op(QStringLiteral("Tanh"), {x}, {}, n);
    }
    if (k == QLatin1String("sigmoid")) {
        return sigmoid(x, n);
    }
    return relu(x, n);
}

int LayerBuilder::add(int a, int b, const QString &name) { return op(QStringLiteral("Add"), {a, b}, {}, name); }
int LayerBuilder::sub(int a, int b, const QString &name) { return op(QStringLiteral("Sub"), {a, b}, {}, name); }
int LayerBuilder::mul(int a, int b, const QString &name) { return op(QStringLiteral("Mul"), {a, b}, {}, name); }
int LayerBuilder::div(int a, int b, const QString &name) { return op(QStringLiteral("Div"), {a, b}, {}, name); }
int LayerBuilder::matmul(int a, int b, const QString &name) { return op(QStringLiteral("MatMul"), {a, b}, {}, name); }

int LayerBuilder::softmax(int x, std::int64_t axis, const QString &name) {
    return op(QStringLiteral("Softmax"), {x}, {attrInt("axis", axis)}, name);
}

int LayerBuilder::reshape(int x, const std::vector<std::int64_t> &shape, const QString &name) {
    return op(QStringLiteral("Reshape"), {x, ints(shape)}, {}, name);
}

int LayerBuilder::reshapeTo(int x, int shapeValue, const QString &name) {
    return op(QStringLiteral("Reshape"), {x, shapeValue}, {}, name);
}

int LayerBuilder::transpose(int x, const std::vector<std::int64_t> &perm, const QString &name) {
    return op(QStringLiteral("Transpose"), {x}, {attrInts("perm", perm)}, name);
}

int LayerBuilder::unsqueeze(int x, const std::vector<std::int64_t> &axes, const QString &name) {
    return op(QStringLiteral("Unsqueeze"), {x, ints(axes)}, {}, name);
}

int LayerBuilder::concat(const std::vector<int> &xs, std::int64_t axis, const QString &name) {
    return op(QStringLiteral("Concat"), xs, {attrInt("axis", axis)}, name);
}

std::vector<int> LayerBuilder::split(int x, std::int64_t axis, const std::vector<std::int64_t> &sizes, const QString &name) {
    return ops(QStringLiteral("Split"), {x, ints(sizes)}, static_cast<int>(sizes.size()), {attrInt("axis", axis)}, name);
}

int LayerBuilder::slice(int x, const std::vector<std::int64_t> &starts, const std::vector<std::int64_t> &ends,
                        const std::vector<std::int64_t> &axes, const std::vector<std::int64_t> &steps, const QString &name) {
    std::vector<int> in{x, ints(starts), ints(ends), ints(axes)};
    if (!steps.empty()) {
        in.push_back(ints(steps));
    }
    return op(QStringLiteral("Slice"), std::move(in), {}, name);
}

int LayerBuilder::sliceDynamic(int x, int starts, int ends, const std::vector<std::int64_t> &axes, const QString &name) {
    return op(QStringLiteral("Slice"), {x, starts, ends, ints(axes)}, {}, name);
}

int LayerBuilder::gather(int data, int indices, std::int64_t axis, const QString &name) {
    return op(QStringLiteral("Gather"), {data, indices}, {attrInt("axis", axis)}, name);
}

int LayerBuilder::reduceMean(int x, const std::vector<std::int64_t> &axes, bool keepdims, const QString &name) {
    return op(QStringLiteral("ReduceMean"), {x}, {attrInts("axes", axes), attrInt("keepdims", keepdims ? 1 : 0)}, name);
}

int LayerBuilder::expand(int x, int shapeValue, const QString &name) { return op(QStringLiteral("Expand"), {x, shapeValue}, {}, name); }

int LayerBuilder::where(int cond, int x, int y, const QString &name) { return op(QStringLiteral("Where"), {cond, x, y}, {}, name); }

int LayerBuilder::fill(int shapeValue, double value, DType type, const QString &name) {
    TensorInfo t;
    t.dtype = type;
    t.dims = {1};
    if (isFloating(type)) {
        t.floatData = std::vector<double>{value};
    } else {
        t.intData = std::vector<std::int64_t>{static_cast<std::int64_t>(value)};
    }
    return op(QStringLiteral("ConstantOfShape"), {shapeValue}, {{QStringLiteral("value"), Attribute::fromTensor(std::move(t))}},
              name);
}

int LayerBuilder::shapeOf(int x) {
    auto it = m_shapes.find(x);
    if (it != m_shapes.end()) {
        return it->second;
    }
    const int s = op(QStringLiteral("Shape"), {x}, {}, QStringLiteral("shape"));
    m_shapes.emplace(x, s);
    return s;
}

int LayerBuilder::dimOf(int x, std::int64_t i) {
    const auto key = std::make_pair(x, i);
    auto it = m_dims.find(key);
    if (it != m_dims.end()) {
        return it->second;
    }
    const int d = gather(shapeOf(x), ints({i}), 0, QStringLiteral("size"));
    m_dims.emplace(key, d);
    return d;
}

int LayerBuilder::dimScalar(int x, std::int64_t i) {
    const auto key = std::make_pair(x, i);
    auto it = m_dimScalars.find(key);
    if (it != m_dimScalars.end()) {
        return it->second;
    }
    const int d = gather(shapeOf(x), intScalar(i), 0, QStringLiteral("size"));
    m_dimScalars.emplace(key, d);
    return d;
}

int LayerBuilder::intAdd(int a, int b) { return op(QStringLiteral("Add"), {a, b}, {}, QStringLiteral("size_add")); }

std::int64_t makeDivisible(double value, std::int64_t divisor, std::int64_t minValue) {
    if (minValue <= 0) {
        minValue = divisor;
    }
    std::int64_t v = std::max(minValue, static_cast<std::int64_t>(value + static_cast<double>(divisor) / 2.0) / divisor * divisor);
    if (static_cast<double>(v) < 0.9 * value) {
        v += divisor;
    }
    return v;
}

std::vector<int> distributeDepth(const std::vector<int> &defaults, int total) {
    const int stages = static_cast<int>(defaults.size());
    if (stages == 0) {
        return {};
    }
    total = std::max(total, stages);
    const int sum = std::accumulate(defaults.begin(), defaults.end(), 0);
    std::vector<int> result(static_cast<std::size_t>(stages), 1);
    std::vector<std::pair<double, int>> remainders;
    int assigned = 0;
    for (int i = 0; i < stages; ++i) {
        const double quota = static_cast<double>(defaults[static_cast<std::size_t>(i)]) * total / std::max(sum, 1);
        const int whole = std::max(1, static_cast<int>(std::floor(quota)));
        result[static_cast<std::size_t>(i)] = whole;
        assigned += whole;
        remainders.emplace_back(quota - std::floor(quota), i);
    }
    // Largest remainder first; ties go to the earlier stage.
    std::stable_sort(remainders.begin(), remainders.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    for (std::size_t k = 0; assigned < total && k < remainders.size(); ++k) {
        ++result[static_cast<std::size_t>(remainders[k].second)];
        ++assigned;
    }
    // Stages forced up to 1 may overshoot: take back from the largest stages.
    while (assigned > total) {
        auto it = std::max_element(result.begin(), result.end());
        if (*it <= 1) {
            break;
        }
        --*it;
        --assigned;
    }
    return result;
}

}  // namespace infersight
