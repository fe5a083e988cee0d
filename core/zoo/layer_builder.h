// SPDX-License-Identifier: MIT
// PyTorch-module-like layers on top of GraphBuilder, for the zoo builders. Every layer emits the
// ONNX nodes (opset 17 semantics) that stand for the kernels eager PyTorch launches for it, so that
// the predictor, which lowers node by node, sees the same kernel sequence:
//  - Conv, BatchNormalization (never folded), Relu, MaxPool, ... one node each, as torchvision runs.
//  - nn.Linear on a rank-2 input is a Gemm (transB=1, weight [out, in], bias as C), as torch.onnx
//    exports it; on a rank-3+ input it is MatMul (weight [in, out]) followed by Add of the bias,
//    again as torch.onnx exports it. Eager PyTorch runs that pair as ONE addmm kernel: the lowering
//    should treat "MatMul then Add of a 1-D initializer" as a GEMM with a bias epilogue.
//  - Reshape / Unsqueeze / Squeeze / Flatten are views (free). Transpose stands for a real copy:
//    zoo graphs only emit a Transpose where eager PyTorch copies (an explicit .contiguous(), or the
//    copy torch.matmul makes of a permuted operand); view-only permutes are folded into it.
//  - Activations PyTorch runs as one kernel are one node: Gelu (exact erf GELU, com.microsoft::Gelu
//    == ONNX opset-20 Gelu), Swish (SiLU, x*sigmoid(x), ONNX opset-24 Swish with alpha 1), HardSwish,
//    HardSigmoid, Clip (ReLU6).
//  - Dropout and other eval-mode identities are not emitted.
// Weights are named "<scope>/<layer>.weight" like the PyTorch state_dict keys with '/' for '.'.
#pragma once

#include "graph/graph_builder.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace infersight {

class LayerBuilder {
public:
    explicit LayerBuilder(QString graphName, DType dtype = DType::F32);

    GraphBuilder &builder() { return m_b; }
    Graph &graph() { return m_b.graph(); }
    DType dtype() const { return m_dtype; }
    Graph finish();

    // Scopes name nodes and weights ("layer1.0/conv1"). Kept here as one cached prefix (faster
    // than GraphBuilder's scope list, which stays empty).
    void push(const QString &scope);
    void pop();
    QString scoped(const QString &localName) const { return m_prefix.isEmpty() ? localName : m_prefix + localName; }
    class Scope {
    public:
        Scope(LayerBuilder &lb, const QString &scope) : m_lb(lb) { m_lb.push(scope); }
        ~Scope() { m_lb.pop(); }
        Scope(const Scope &) = delete;
        Scope &operator=(const Scope &) = delete;

    private:
        LayerBuilder &m_lb;
    };

    // --- values
    int input(const QString &name, SymbolicShape shape, DType dtype);
    int inputFloat(const QString &name, SymbolicShape shape) { return input(name, std::move(shape), m_dtype); }
    int weight(const QString &localName, Shape dims);   // a parameter in the model's dtype
    int buffer(const QString &localName, Shape dims, DType dtype);  // non-trainable state
    // Shared (cached, unscoped) constants: int64 1-D tensors and scalars in the model's dtype.
    int ints(const std::vector<std::int64_t> &data);
    int intScalar(std::int64_t value);  // rank-0 int64
    int scalar(double value);           // rank-0 floating scalar in the model's dtype
    void output(int value, const QString &name = {});

    // --- generic
    int op(const QString &opType, std::vector<int> inputs, AttributeList attributes = {},
           const QString &localName = {});
    std::vector<int> ops(const QString &opType, std::vector<int> inputs, int outputs, AttributeList attributes = {},
                         const QString &localName = {});

    // --- convolution family (NCHW)
    // torchvision-style Conv2d: padding -1 means (k - 1) / 2 * dilation.
    int conv(int x, std::int64_t cin, std::int64_t cout, std::int64_t kernel, std::int64_t stride = 1,
             std::int64_t padding = -1, std::int64_t groups = 1, bool bias = false, const QString &name = QStringLiteral("conv"),
             std::int64_t dilation = 1);
    int convTranspose(int x, std::int64_t cin, std::int64_t cout, std::int64_t kernel, std::int64_t stride, bool bias,
                      const QString &name);
    int batchNorm(int x, std::int64_t channels, const QString &name = QStringLiteral("bn"), double eps = 1e-5);
    int maxPool(int x, std::int64_t kernel, std::int64_t stride, std::int64_t padding, const QString &name = QStringLiteral("maxpool"));
    int averagePool(int x, std::int64_t kernel, std::int64_t stride, const QString &name = QStringLiteral("avgpool"));
    int globalAveragePool(int x, const QString &name = QStringLiteral("avgpool"));
    int flatten(int x, std::int64_t axis = 1, const QString &name = QStringLiteral("flatten"));

    // --- linear / normalisation
    int gemm(int x, std::int64_t in, std::int64_t out, bool bias = true, const QString &name = QStringLiteral("fc"));
    // Gemm against an existing [out, in] weight (tied embeddings), optional bias value.
    int gemmWithWeight(int x, int weightTransposed, int biasValue, const QString &name);
    int linear(int x, std::int64_t in, std::int64_t out, bool bias = true, const QString &name = QStringLiteral("linear"));
    int layerNorm(int x, std::int64_t dim, double eps, const QString &name = QStringLiteral("norm"), bool bias = true);
    // RMSNorm / T5LayerNorm as HF runs it: pow(2), mean(-1), add eps, rsqrt, mul, mul weight.
    int rmsNorm(int x, std::int64_t dim, double eps, const QString &name = QStringLiteral("norm"));

    // --- activations
    int relu(int x, const QString &name = QStringLiteral("relu"));
    int relu6(int x, const QString &name = QStringLiteral("relu6"));
    int silu(int x, const QString &name = QStringLiteral("silu"));
    int gelu(int x, const QString &name = QStringLiteral("gelu"));
    // GPT-2's gelu_new: the 8 element-wise kernels HF runs (mul, pow, mul, add, mul, tanh, add, mul).
    int geluTanhDecomposed(int x, const QString &name = QStringLiteral("act"));
    int hardSwish(int x, const QString &name = QStringLiteral("hardswish"));
    int hardSigmoid(int x, const QString &name = QStringLiteral("hardsigmoid"));
    int sigmoid(int x, const QString &name = QStringLiteral("sigmoid"));
    int activation(const QString &kind, int x, const QString &name = {});  // "relu", "gelu", "gelu_new", "silu", ...
    // The names activation() builds (lower case; it compares case-insensitively). Any other name
    // is built as ReLU: importers warn and pick a known one instead (hf_config_importer.cpp).
    static const QStringList &activationNames();

    // --- element-wise and tensor ops
    int add(int a, int b, const QString &name = QStringLiteral("add"));
    int sub(int a, int b, const QString &name = QStringLiteral("sub"));
    int mul(int a, int b, const QString &name = QStringLiteral("mul"));
    int div(int a, int b, const QString &name = QStringLiteral("div"));
    int matmul(int a, int b, const QString &name = QStringLiteral("matmul"));
    int softmax(int x, std::int64_t axis = -1, const QString &name = QStringLiteral("softmax"));
    int reshape(int x, const std::vector<std::int64_t> &shape, const QString &name = QStringLiteral("view"));
    int reshapeTo(int x, int shapeValue, const QString &name = QStringLiteral("view"));
    int transpose(int x, const std::vector<std::int64_t> &perm, const QString &name = QStringLiteral("transpose"));
    int unsqueeze(int x, const std::vector<std::int64_t> &axes, const QString &name = QStringLiteral("unsqueeze"));
    int concat(const std::vector<int> &xs, std::int64_t axis, const QString &name = QStringLiteral("cat"));
    std::vector<int> split(int x, std::int64_t axis, const std::vector<std::int64_t> &sizes,
                           const QString &name = QStringLiteral("split"));
    int slice(int x, const std::vector<std::int64_t> &starts, const std::vector<std::int64_t> &ends,
              const std::vector<std::int64_t> &axes, const std::vector<std::int64_t> &steps = {},
              const QString &name = QStringLiteral("slice"));
    int sliceDynamic(int x, int starts, int ends, const std::vector<std::int64_t> &axes,
                     const QString &name = QStringLiteral("slice"));
    int gather(int data, int indices, std::int64_t axis = 0, const QString &name = QStringLiteral("gather"));
    int reduceMean(int x, const std::vector<std::int64_t> &axes, bool keepdims, const QString &name = QStringLiteral("mean"));
    int expand(int x, int shapeValue, const QString &name = QStringLiteral("expand"));
    int where(int cond, int x, int y, const QString &name = QStringLiteral("where"));
    // torch.full / torch.ones: a filled tensor of the given (computed) shape, one fill kernel.
    int fill(int shapeValue, double value, DType dtype, const QString &name = QStringLiteral("full"));

    // --- shape arithmetic (folded by shape propagation; no kernels)
    int shapeOf(int x);
    // Dimension i of x as a 1-element int64 tensor.
    int dimOf(int x, std::int64_t i);
    // Dimension i of x as a rank-0 int64 tensor (for Range).
    int dimScalar(int x, std::int64_t i);
    int intAdd(int a, int b);

private:
    static QString joinName(const QString &layer, const char *suffix);

    GraphBuilder m_b;
    DType m_dtype;
    QString m_prefix;                   // open scopes joined by '/', with a trailing '/'
    std::vector<qsizetype> m_prefixSizes;
    std::map<std::vector<std::int64_t>, int> m_intConstants;
    std::map<std::int64_t, int> m_intScalars;
    std::map<double, int> m_floatScalars;
    std::map<std::pair<int, std::int64_t>, int> m_dims;
    std::map<std::pair<int, std::int64_t>, int> m_dimScalars;
    std::map<int, int> m_shapes;
};

// Attribute list helpers.
inline std::pair<QString, Attribute> attrInt(const char *name, std::int64_t v) {
    return {QString::fromLatin1(name), Attribute::fromInt(v)};
}
inline std::pair<QString, Attribute> attrFloat(const char *name, double v) {
    return {QString::fromLatin1(name), Attribute::fromFloat(v)};
}
inline std::pair<QString, Attribute> attrInts(const char *name, std::vector<std::int64_t> v) {
    return {QString::fromLatin1(name), Attribute::fromInts(std::move(v))};
}

// torchvision's _make_divisible: round to the nearest multiple of `divisor`, at least `minValue`
// (divisor when 0), never more than 10 % below the original.
std::int64_t makeDivisible(double value, std::int64_t divisor = 8, std::int64_t minValue = 0);

// Splits `total` blocks over stages in proportion to `defaults` (largest remainder, each stage at
// least 1). Used by the --depth knob of stage-based CNNs.
std::vector<int> distributeDepth(const std::vector<int> &defaults, int total);

}  // namespace infersight
