// SPDX-License-Identifier: MIT
// Small hand-built graphs for the predictor tests (shapes propagated). Each is the ONNX form of a
// PyTorch block whose kernel sequence is known by hand.
#pragma once

#include "graph/graph_builder.h"
#include "graph/shape_inference.h"

#include <QString>

#include <functional>

namespace infersight::test_graphs {

inline SymbolicShape fixedShape(std::initializer_list<std::int64_t> dims) {
    SymbolicShape s;
    for (std::int64_t d : dims) {
        s.push_back(Dim::fixed(d));
    }
    return s;
}

inline Graph finish(GraphBuilder &b) {
    Graph g = b.finish();
    propagateShapes(g, ShapeBindings{});
    return g;
}

// Conv 3x3 (64 -> 64, 56x56, pad 1) -> BatchNormalization -> Relu; optional conv bias.
inline Graph convBnRelu(bool bias) {
    GraphBuilder b(QStringLiteral("conv_bn_relu"));
    const int x = b.input(QStringLiteral("x"), DType::F32, fixedShape({1, 64, 56, 56}));
    const int w = b.weight(QStringLiteral("conv.weight"), {64, 64, 3, 3});
    std::vector<int> convIn{x, w};
    if (bias) {
        convIn.push_back(b.weight(QStringLiteral("conv.bias"), {64}));
    }
    const int c = b.op(QStringLiteral("Conv"), convIn,
                       {{QStringLiteral("kernel_shape"), Attribute::fromInts({3, 3})},
                        {QStringLiteral("pads"), Attribute::fromInts({1, 1, 1, 1})}},
                       QStringLiteral("conv"));
    const int scale = b.weight(QStringLiteral("bn.weight"), {64});
    const int shift = b.weight(QStringLiteral("bn.bias"), {64});
    const int mean = b.weight(QStringLiteral("bn.running_mean"), {64});
    const int var = b.weight(QStringLiteral("bn.running_var"), {64});
    const int n = b.op(QStringLiteral("BatchNormalization"), {c, scale, shift, mean, var}, {}, QStringLiteral("bn"));
    const int r = b.op(QStringLiteral("Relu"), {n}, {}, QStringLiteral("relu"));
    b.output(r);
    return finish(b);
}

// Three 3x3 depthwise convolutions (batch 64, 96 channels, 56x56): the first on the NCHW input, the second on a
// ConvNeXt-style permute to NHWC and back (a channels-last view in PyTorch) plus a residual Add, the third
// (192 channels, 28x28) after a stride-2 downsampling convolution of that.
inline Graph depthwiseAfterPermute() {
    GraphBuilder b(QStringLiteral("depthwise_permute"));
    const int x = b.input(QStringLiteral("x"), DType::F32, fixedShape({64, 96, 56, 56}));
    const AttributeList dw{{QStringLiteral("kernel_shape"), Attribute::fromInts({3, 3})},
                        {QStringLiteral("pads"), Attribute::fromInts({1, 1, 1, 1})},
                        {QStringLiteral("group"), Attribute::fromInt(96)}};
    const int c1 = b.op(QStringLiteral("Conv"), {x, b.weight(QStringLiteral("dw1.weight"), {96, 1, 3, 3})}, dw,
                        QStringLiteral("dw1"));
    const int t1 = b.op(QStringLiteral("Transpose"), {c1}, {{QStringLiteral("perm"), Attribute::fromInts({0, 2, 3, 1})}},
                        QStringLiteral("to_nhwc"));
    const int r = b.op(QStringLiteral("Relu"), {t1}, {}, QStringLiteral("relu"));
    const int t2 = b.op(QStringLiteral("Transpose"), {r}, {{QStringLiteral("perm"), Attribute::fromInts({0, 3, 1, 2})}},
                        QStringLiteral("to_nchw"));
    const int add = b.op(QStringLiteral("Add"), {t2, c1}, {}, QStringLiteral("residual"));
    const int c2 = b.op(QStringLiteral("Conv"), {add, b.weight(QStringLiteral("dw2.weight"), {96, 1, 3, 3})}, dw,
                        QStringLiteral("dw2"));
    // ConvNeXt's downsampling: a 2x2 stride-2 convolution to 192 channels keeps the format.
    const int down = b.op(QStringLiteral("Conv"), {c2, b.weight(QStringLiteral("down.weight"), {192, 96, 2, 2})},
                          {{QStringLiteral("kernel_shape"), Attribute::fromInts({2, 2})},
                           {QStringLiteral("strides"), Attribute::fromInts({2, 2})}},
                          QStringLiteral("down"));
    const AttributeList dw3{{QStringLiteral("kernel_shape"), Attribute::fromInts({3, 3})},
                            {QStringLiteral("pads"), Attribute::fromInts({1, 1, 1, 1})},
                            {QStringLiteral("group"), Attribute::fromInt(192)}};
    const int c3 = b.op(QStringLiteral("Conv"), {down, b.weight(QStringLiteral("dw3.weight"), {192, 1, 3, 3})}, dw3,
                        QStringLiteral("dw3"));
    b.output(c3);
    return finish(b);
}

// nn.Linear on a rank-3 input as torch.onnx exports it: MatMul + Add of the bias.
inline Graph linearWithBias() {
    GraphBuilder b(QStringLiteral("linear"));
    const int x = b.input(QStringLiteral("x"), DType::F32, fixedShape({8, 128, 768}));
    const int w = b.weight(QStringLiteral("fc.weight_t"), {768, 3072});
    const int bias = b.weight(QStringLiteral("fc.bias"), {3072});
    const int m = b.op(QStringLiteral("MatMul"), {x, w}, {}, QStringLiteral("fc.matmul"));
    const int y = b.op(QStringLiteral("Add"), {m, bias}, {}, QStringLiteral("fc.add"));
    b.output(y);
    return finish(b);
}

// Attention core: MatMul(Q, K^T) -> Div(sqrt d) -> Softmax -> MatMul(., V); B*H = 8*12, S = 128, d = 64.
inline Graph attention() {
    GraphBuilder b(QStringLiteral("attention"));
    const int q = b.input(QStringLiteral("q"), DType::F32, fixedShape({8, 12, 128, 64}));
    const int k = b.input(QStringLiteral("k_t"), DType::F32, fixedShape({8, 12, 64, 128}));
    const int v = b.input(QStringLiteral("v"), DType::F32, fixedShape({8, 12, 128, 64}));
    const int s = b.op(QStringLiteral("MatMul"), {q, k}, {}, QStringLiteral("scores"));
    const int d = b.op(QStringLiteral("Div"), {s, b.constantFloat(QStringLiteral("scale"), 8.0)}, {}, QStringLiteral("scale"));
    const int p = b.op(QStringLiteral("Softmax"), {d}, {{QStringLiteral("axis"), Attribute::fromInt(-1)}}, QStringLiteral("softmax"));
    const int o = b.op(QStringLiteral("MatMul"), {p, v}, {}, QStringLiteral("context"));
    b.output(o);
    return finish(b);
}

// Attention scores without the value product: MatMul(Q, K^T) -> Div -> Softmax, the Softmax's
// output being the graph output (read by no node). Regression: lowering looked up the reader of a
// graph output that no node reads.
inline Graph attentionScores() {
    GraphBuilder b(QStringLiteral("attention_scores"));
    const int q = b.input(QStringLiteral("q"), DType::F32, fixedShape({8, 12, 128, 64}));
    const int k = b.input(QStringLiteral("k_t"), DType::F32, fixedShape({8, 12, 64, 128}));
    const int s = b.op(QStringLiteral("MatMul"), {q, k}, {}, QStringLiteral("scores"));
    const int d = b.op(QStringLiteral("Div"), {s, b.constantFloat(QStringLiteral("scale"), 8.0)}, {}, QStringLiteral("scale"));
    const int p = b.op(QStringLiteral("Softmax"), {d}, {{QStringLiteral("axis"), Attribute::fromInt(-1)}}, QStringLiteral("softmax"));
    b.output(p);
    return finish(b);
}

// A view then an activation: x [4, 16] -> Reshape [64] -> Relu.
inline Graph viewThenRelu() {
    GraphBuilder b(QStringLiteral("view"));
    const int x = b.input(QStringLiteral("x"), DType::F32, fixedShape({4, 16}));
    const int shape = b.constantInts(QStringLiteral("shape"), {64});
    const int r = b.op(QStringLiteral("Reshape"), {x, shape}, {}, QStringLiteral("reshape"));
    const int y = b.op(QStringLiteral("Relu"), {r}, {}, QStringLiteral("relu"));
    b.output(y);
    return finish(b);
}

// Three element-wise ops in a chain: x * 0.5 -> Tanh -> + 1.
inline Graph elementwiseChain() {
    GraphBuilder b(QStringLiteral("chain"));
    const int x = b.input(QStringLiteral("x"), DType::F32, fixedShape({16, 1024, 1024}));
    const int a = b.op(QStringLiteral("Mul"), {x, b.constantFloat(QStringLiteral("half"), 0.5)}, {}, QStringLiteral("mul"));
    const int t = b.op(QStringLiteral("Tanh"), {a}, {}, QStringLiteral("tanh"));
    const int y = b.op(QStringLiteral("Add"), {t, b.constantFloat(QStringLiteral("one"), 1.0)}, {}, QStringLiteral("add"));
    b.output(y);
    return finish(b);
}

// Residual add then LayerNorm (BERT's output block).
inline Graph addLayerNorm() {
    GraphBuilder b(QStringLiteral("add_ln"));
    const int x = b.input(QStringLiteral("x"), DType::F32, fixedShape({8, 512, 1024}));
    const int r = b.input(QStringLiteral("residual"), DType::F32, fixedShape({8, 512, 1024}));
    const int a = b.op(QStringLiteral("Add"), {x, r}, {}, QStringLiteral("add"));
    const int g = b.weight(QStringLiteral("ln.weight"), {1024});
    const int bb = b.weight(QStringLiteral("ln.bias"), {1024});
    const int y = b.op(QStringLiteral("LayerNormalization"), {a, g, bb}, {{QStringLiteral("axis"), Attribute::fromInt(-1)}},
                       QStringLiteral("ln"));
    b.output(y);
    return finish(b);
}

// Linear (no bias) then LayerNorm: the AMP cast pattern (GEMM in FP16, LayerNorm in FP32).
inline Graph linearLayerNorm() {
    GraphBuilder b(QStringLiteral("linear_ln"));
    const int x = b.input(QStringLiteral("x"), DType::F32, fixedShape({4, 256, 512}));
    const int w = b.weight(QStringLiteral("fc.weight_t"), {512, 512});
    const int m = b.op(QStringLiteral("MatMul"), {x, w}, {}, QStringLiteral("fc"));
    const int g = b.weight(QStringLiteral("ln.weight"), {512});
    const int bb = b.weight(QStringLiteral("ln.bias"), {512});
    const int y = b.op(QStringLiteral("LayerNormalization"), {m, g, bb}, {{QStringLiteral("axis"), Attribute::fromInt(-1)}},
                       QStringLiteral("ln"));
    b.output(y);
    return finish(b);
}

// `count` Relus in a chain on a 1 MiB fp32 tensor (262144 elements).
inline Graph reluChain(int count) {
    GraphBuilder b(QStringLiteral("relu_chain"));
    int x = b.input(QStringLiteral("x"), DType::F32, fixedShape({262144}));
    for (int i = 0; i < count; ++i) {
        x = b.op(QStringLiteral("Relu"), {x}, {}, QStringLiteral("relu%1").arg(i));
    }
    b.output(x);
    return finish(b);
}

// Liveness by hand: x [1024] -> A = x + x -> B = A * A -> C = Relu(B) (in place) -> output.
inline Graph livenessChain() {
    GraphBuilder b(QStringLiteral("liveness"));
    const int x = b.input(QStringLiteral("x"), DType::F32, fixedShape({1024}));
    const int a = b.op(QStringLiteral("Add"), {x, x}, {}, QStringLiteral("a"));
    const int m = b.op(QStringLiteral("Mul"), {a, a}, {}, QStringLiteral("b"));
    const int c = b.op(QStringLiteral("Relu"), {m}, {}, QStringLiteral("c"));
    b.output(c);
    return finish(b);
}

// One square GEMM x[M, K] x W[K, N] (W a weight).
inline Graph squareGemm(std::int64_t n) {
    GraphBuilder b(QStringLiteral("gemm"));
    const int x = b.input(QStringLiteral("x"), DType::F32, fixedShape({n, n}));
    const int w = b.weight(QStringLiteral("w"), {n, n});
    const int y = b.op(QStringLiteral("MatMul"), {x, w}, {}, QStringLiteral("matmul"));
    b.output(y);
    return finish(b);
}

}  // namespace infersight::test_graphs
