// SPDX-License-Identifier: MIT
// Tests of propagateShapes(): output shapes and dtypes of single ops against the ONNX operator
// specification (the examples in onnx/docs/Operators.md and Broadcasting.md, cited per row) and
// hand calculations (arithmetic in the comments), error reporting, unsupported ops, counts and
// robustness against malformed nodes.
#include "graph/graph.h"
#include "graph/graph_builder.h"
#include "graph/node_cost.h"
#include "graph/shape_inference.h"
#include "op_case.h"

#include <QRandomGenerator>
#include <QtTest>

#include <limits>

using namespace infersight;
using namespace infersight::testing;

namespace {
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
}

class TestShapeInference : public QObject {
    Q_OBJECT
private slots:
    void outputShape_data();
    void outputShape();
    void secondOutput_data();
    void secondOutput();
    void outputType_data();
    void outputType();
    void inconsistentNodesReportErrors_data();
    void inconsistentNodesReportErrors();
    void unsupportedOpIsListed();
    void unknownInputsStayUnknown();
    void countsValues();
    void batchRebindingChangesEveryDependentShape();
    void declaredShapeIsUsedForOpsWithoutRule();
    void supportedOpsAreListed();
    void malformedNodesNeverCrash();
};

namespace {

void addRow(const char *name, OpCase c, Shape expected) {
    QTest::newRow(name) << c << expected;
}

}  // namespace

void TestShapeInference::outputShape_data() {
    QTest::addColumn<OpCase>("c");
    QTest::addColumn<Shape>("expected");

    // ---- Conv (Operators.md "Conv" examples, then hand calculations
    //      out = floor((in + pad_begin + pad_end - ((k - 1) * dilation + 1)) / stride) + 1)
    addRow("conv with padding", {"Conv", {tensor({1, 1, 5, 5}), weight({1, 1, 3, 3})}, {attr("pads", {1, 1, 1, 1})}},
           {1, 1, 5, 5});
    addRow("conv without padding", {"Conv", {tensor({1, 1, 5, 5}), weight({1, 1, 3, 3})}}, {1, 1, 3, 3});
    addRow("conv strides padding", {"Conv", {tensor({1, 1, 7, 5}), weight({1, 1, 3, 3})},
                                    {attr("pads", {1, 1, 1, 1}), attr("strides", {2, 2})}}, {1, 1, 4, 3});
    addRow("conv strides no padding", {"Conv", {tensor({1, 1, 7, 5}), weight({1, 1, 3, 3})}, {attr("strides", {2, 2})}},
           {1, 1, 3, 2});
    addRow("conv strides asymmetric padding", {"Conv", {tensor({1, 1, 7, 5}), weight({1, 1, 3, 3})},
                                               {attr("pads", {1, 0, 1, 0}), attr("strides", {2, 2})}}, {1, 1, 4, 2});
    addRow("conv auto_pad SAME_LOWER", {"Conv", {tensor({1, 1, 5, 5}), weight({1, 1, 3, 3})},
                                        {attr("auto_pad", "SAME_LOWER"), attr("strides", {2, 2})}}, {1, 1, 3, 3});
    // ResNet stem: (224 + 6 - 7) / 2 + 1 = 112
    addRow("conv 7x7/2 resnet stem", {"Conv", {tensor({1, 3, 224, 224}), weight({64, 3, 7, 7}), weight({64})},
                                      {attr("pads", {3, 3, 3, 3}), attr("strides", {2, 2})}}, {1, 64, 112, 112});
    // dilation 2: effective kernel 5; 224 + 4 - 5 + 1 = 224
    addRow("conv dilated", {"Conv", {tensor({1, 8, 224, 224}), weight({8, 8, 3, 3})},
                            {attr("pads", {2, 2, 2, 2}), attr("dilations", {2, 2})}}, {1, 8, 224, 224});
    // grouped: 32 channels = 4 groups x 8 per group
    addRow("conv grouped", {"Conv", {tensor({1, 32, 56, 56}), weight({64, 8, 3, 3})},
                            {attr("pads", {1, 1, 1, 1}), attr("group", 4)}}, {1, 64, 56, 56});
    // depthwise stride 2: (112 + 2 - 3) / 2 + 1 = 56
    addRow("conv depthwise", {"Conv", {tensor({1, 32, 112, 112}), weight({32, 1, 3, 3})},
                              {attr("pads", {1, 1, 1, 1}), attr("strides", {2, 2}), attr("group", 32)}}, {1, 32, 56, 56});
    addRow("conv 1-D", {"Conv", {tensor({1, 4, 10}), weight({8, 4, 3})}}, {1, 8, 8});
    // 3-D: D (16 + 2 - 3) + 1 = 16; H,W (112 + 6 - 7) / 2 + 1 = 56
    addRow("conv 3-D", {"Conv", {tensor({1, 3, 16, 112, 112}), weight({64, 3, 3, 7, 7})},
                        {attr("strides", {1, 2, 2}), attr("pads", {1, 3, 3, 1, 3, 3})}}, {1, 64, 16, 56, 56});
    addRow("conv VALID", {"Conv", {tensor({1, 1, 7, 7}), weight({2, 1, 3, 3})}, {attr("auto_pad", "VALID"), attr("strides", {2, 2})}},
           {1, 2, 3, 3});
    addRow("conv unknown batch", {"Conv", {tensor({-1, 3, 32, 32}), weight({16, 3, 3, 3})}}, {-1, 16, 30, 30});

    // ---- ConvTranspose (Operators.md examples)
    addRow("convtranspose", {"ConvTranspose", {tensor({1, 1, 3, 3}), weight({1, 2, 3, 3})}}, {1, 2, 5, 5});
    addRow("convtranspose 1d", {"ConvTranspose", {tensor({1, 1, 3}), weight({1, 2, 3})}}, {1, 2, 5});
    addRow("convtranspose 3d", {"ConvTranspose", {tensor({1, 1, 3, 4, 5}), weight({1, 2, 3, 3, 3})}}, {1, 2, 5, 6, 7});
    addRow("convtranspose output_shape", {"ConvTranspose", {tensor({1, 1, 3, 3}), weight({1, 2, 3, 3})},
                                          {attr("strides", {3, 2}), attr("output_shape", {10, 8})}}, {1, 2, 10, 8});
    // 3 * (3 - 1) + 1 + 3 = 10; 2 * (3 - 1) + 1 + 3 = 8
    addRow("convtranspose output_padding", {"ConvTranspose", {tensor({1, 1, 3, 3}), weight({1, 2, 3, 3})},
                                            {attr("strides", {3, 2}), attr("output_padding", {1, 1})}}, {1, 2, 10, 8});
    addRow("convtranspose pads", {"ConvTranspose", {tensor({1, 1, 3, 3}), weight({1, 2, 3, 3})},
                                  {attr("strides", {3, 2}), attr("pads", {1, 2, 1, 2})}}, {1, 2, 7, 3});
    addRow("convtranspose dilations", {"ConvTranspose", {tensor({1, 1, 3, 3}), weight({1, 1, 2, 2})},
                                       {attr("dilations", {2, 2})}}, {1, 1, 5, 5});
    addRow("convtranspose autopad same", {"ConvTranspose", {tensor({1, 1, 3, 3}), weight({1, 2, 3, 3})},
                                          {attr("auto_pad", "SAME_UPPER"), attr("strides", {2, 2})}}, {1, 2, 6, 6});
    // grouped: Cout = W[1] * group = 4 * 2
    addRow("convtranspose grouped", {"ConvTranspose", {tensor({1, 8, 4, 4}), weight({8, 4, 4, 4})},
                                     {attr("strides", {2, 2}), attr("pads", {1, 1, 1, 1}), attr("group", 2)}}, {1, 8, 8, 8});

    // ---- Pooling (Operators.md MaxPool/AveragePool examples)
    addRow("maxpool 2d default", {"MaxPool", {tensor({1, 3, 32, 32})}, {attr("kernel_shape", {2, 2})}}, {1, 3, 31, 31});
    addRow("maxpool 2d ceil", {"MaxPool", {tensor({1, 1, 4, 4})}, {attr("kernel_shape", {3, 3}), attr("strides", {2, 2}), attr("ceil_mode", 1)}},
           {1, 1, 2, 2});
    addRow("maxpool 2d pads", {"MaxPool", {tensor({1, 3, 28, 28})}, {attr("kernel_shape", {5, 5}), attr("pads", {2, 2, 2, 2})}},
           {1, 3, 28, 28});
    addRow("maxpool 2d same_upper", {"MaxPool", {tensor({1, 3, 32, 32})}, {attr("kernel_shape", {2, 2}), attr("auto_pad", "SAME_UPPER")}},
           {1, 3, 32, 32});
    addRow("maxpool 2d strides", {"MaxPool", {tensor({1, 3, 32, 32})}, {attr("kernel_shape", {5, 5}), attr("strides", {3, 3})}},
           {1, 3, 10, 10});
    addRow("maxpool 2d dilations", {"MaxPool", {tensor({1, 1, 4, 4})}, {attr("kernel_shape", {2, 2}), attr("dilations", {2, 2})}},
           {1, 1, 2, 2});
    addRow("maxpool 1d", {"MaxPool", {tensor({1, 3, 32})}, {attr("kernel_shape", std::vector<std::int64_t>{2})}}, {1, 3, 31});
    addRow("maxpool 3d", {"MaxPool", {tensor({1, 3, 32, 32, 32})}, {attr("kernel_shape", {2, 2, 2})}}, {1, 3, 31, 31, 31});
    // ResNet: (112 + 2 - 3) / 2 + 1 = 56
    addRow("maxpool resnet", {"MaxPool", {tensor({1, 64, 112, 112})},
                              {attr("kernel_shape", {3, 3}), attr("strides", {2, 2}), attr("pads", {1, 1, 1, 1})}}, {1, 64, 56, 56});
    // ceil: ceil((5 + 2 - 2) / 2) + 1 = 4, but the last window would start in the right padding
    // ((4 - 1) * 2 = 6 >= 5 + 1), so PyTorch drops it: 3.
    addRow("maxpool ceil drops window in padding", {"MaxPool", {tensor({1, 1, 5, 5})},
                                                    {attr("kernel_shape", {2, 2}), attr("strides", {2, 2}),
                                                     attr("pads", {1, 1, 1, 1}), attr("ceil_mode", 1)}}, {1, 1, 3, 3});
    addRow("averagepool same_upper", {"AveragePool", {tensor({1, 1, 5, 5})},
                                      {attr("kernel_shape", {3, 3}), attr("strides", {2, 2}), attr("auto_pad", "SAME_UPPER")}},
           {1, 1, 3, 3});
    addRow("lppool", {"LpPool", {tensor({1, 3, 32, 32})}, {attr("kernel_shape", {2, 2})}}, {1, 3, 31, 31});
    addRow("global average pool", {"GlobalAveragePool", {tensor({1, 2048, 7, 7})}}, {1, 2048, 1, 1});
    addRow("global max pool 1d", {"GlobalMaxPool", {tensor({2, 16, 9})}}, {2, 16, 1});

    // ---- Matrix products (numpy matmul rules)
    addRow("matmul 3d x 2d", {"MatMul", {tensor({2, 3, 4}), weight({4, 5})}}, {2, 3, 5});
    addRow("matmul vector x matrix", {"MatMul", {tensor({4}), tensor({4, 5})}}, {5});
    addRow("matmul matrix x vector", {"MatMul", {tensor({2, 3, 4}), tensor({4})}}, {2, 3});
    addRow("matmul vector x vector", {"MatMul", {tensor({4}), tensor({4})}}, {});
    addRow("matmul batch broadcast", {"MatMul", {tensor({2, 1, 3, 4}), tensor({5, 4, 6})}}, {2, 5, 3, 6});
    addRow("matmul attention scores", {"MatMul", {tensor({1, 12, 197, 64}), tensor({1, 12, 64, 197})}}, {1, 12, 197, 197});
    addRow("gemm", {"Gemm", {tensor({1, 2048}), weight({1000, 2048}), weight({1000})}, {attr("transB", 1)}}, {1, 1000});
    addRow("gemm transA transB", {"Gemm", {tensor({4, 3}), tensor({5, 4}), tensor({5})}, {attr("transA", 1), attr("transB", 1)}},
           {3, 5});
    addRow("matmulinteger", {"MatMulInteger", {tensor({4, 3}, DType::U8), tensor({3, 2}, DType::U8)}}, {4, 2});
    addRow("qlinearmatmul", {"QLinearMatMul", {tensor({2, 4}, DType::U8), tensor({}), tensor({}, DType::U8), tensor({4, 3}, DType::U8),
                                               tensor({}), tensor({}, DType::U8), tensor({}), tensor({}, DType::U8)}},
           {2, 3});
    addRow("fused matmul transB", {"FusedMatMul", {tensor({2, 3, 4}), tensor({2, 5, 4})}, {attr("transB", 1)}, 1, 17,
                                   QStringLiteral("com.microsoft")},
           {2, 3, 5});

    // ---- Einsum (Operators.md examples and numpy semantics)
    addRow("einsum transpose", {"Einsum", {tensor({3, 4})}, {attr("equation", "ij->ji")}}, {4, 3});
    addRow("einsum sum", {"Einsum", {tensor({3, 4})}, {attr("equation", "ij->i")}}, {3});
    addRow("einsum batch diagonal", {"Einsum", {tensor({3, 5, 5})}, {attr("equation", "...ii ->...i")}}, {3, 5});
    addRow("einsum batch matmul", {"Einsum", {tensor({5, 2, 3}), tensor({5, 3, 4})}, {attr("equation", "bij, bjk -> bik")}},
           {5, 2, 4});
    addRow("einsum inner product", {"Einsum", {tensor({5}), tensor({5})}, {attr("equation", "i,i")}}, {});
    addRow("einsum implicit matmul", {"Einsum", {tensor({3, 4}), tensor({4, 5})}, {attr("equation", "ij,jk")}}, {3, 5});
    addRow("einsum outer", {"Einsum", {tensor({3}), tensor({5})}, {attr("equation", "i,j->ij")}}, {3, 5});
    addRow("einsum attention", {"Einsum", {tensor({2, 12, 128, 64}), tensor({2, 12, 128, 64})}, {attr("equation", "bhid,bhjd->bhij")}},
           {2, 12, 128, 128});
    addRow("einsum ellipsis broadcast", {"Einsum", {tensor({2, 1, 3, 4}), tensor({5, 4, 6})}, {attr("equation", "...ij,...jk->...ik")}},
           {2, 5, 3, 6});

    // ---- Broadcasting (Broadcasting.md examples)
    addRow("broadcast scalar", {"Add", {tensor({2, 3, 4, 5}), tensor({})}}, {2, 3, 4, 5});
    addRow("broadcast vector", {"Add", {tensor({2, 3, 4, 5}), tensor({5})}}, {2, 3, 4, 5});
    addRow("broadcast lower rank", {"Mul", {tensor({4, 5}), tensor({2, 3, 4, 5})}}, {2, 3, 4, 5});
    addRow("broadcast both ways", {"Sub", {tensor({1, 4, 5}), tensor({2, 3, 1, 1})}}, {2, 3, 4, 5});
    addRow("broadcast leading", {"Div", {tensor({3, 4, 5}), tensor({2, 1, 1, 1})}}, {2, 3, 4, 5});
    addRow("broadcast pow", {"Pow", {tensor({1, 197, 768}), tensor({})}}, {1, 197, 768});
    addRow("variadic sum", {"Sum", {tensor({3, 1}), tensor({1, 4}), tensor({4})}}, {3, 4});
    addRow("variadic max", {"Max", {tensor({2, 3}), tensor({3})}}, {2, 3});
    addRow("where", {"Where", {tensor({1, 1, 4, 4}, DType::Bool), tensor({2, 12, 4, 4}), tensor({})}}, {2, 12, 4, 4});
    addRow("prelu", {"PRelu", {tensor({1, 64, 8, 8}), weight({64, 1, 1})}}, {1, 64, 8, 8});
    addRow("unknown dim broadcast", {"Add", {tensor({-1, 3}), tensor({4, 1})}}, {4, 3});

    // ---- Unary and same-shape ops
    addRow("relu", {"Relu", {tensor({1, 64, 56, 56})}}, {1, 64, 56, 56});
    addRow("gelu opset 20", {"Gelu", {tensor({2, 8})}, {}, 1, 20}, {2, 8});
    addRow("clip opset 11", {"Clip", {tensor({1, 32, 8, 8}), floatsShaped({0.0}, {}), floatsShaped({6.0}, {})}, {}, 1, 11},
           {1, 32, 8, 8});
    addRow("clip opset 6 attributes", {"Clip", {tensor({1, 32, 8, 8})}, {attr("min", 0.0), attr("max", 6.0)}, 1, 6}, {1, 32, 8, 8});
    addRow("softmax", {"Softmax", {tensor({1, 12, 197, 197})}, {attr("axis", -1)}}, {1, 12, 197, 197});
    addRow("softmax opset 11 default axis", {"Softmax", {tensor({8, 10})}, {}, 1, 11}, {8, 10});
    addRow("batchnorm", {"BatchNormalization", {tensor({2, 3, 4, 5}), weight({3}), weight({3}), weight({3}), weight({3})}},
           {2, 3, 4, 5});
    addRow("layernorm", {"LayerNormalization", {tensor({1, 197, 768}), weight({768}), weight({768})}, {attr("axis", -1)}},
           {1, 197, 768});
    addRow("instancenorm", {"InstanceNormalization", {tensor({2, 3, 8, 8}), weight({3}), weight({3})}}, {2, 3, 8, 8});
    addRow("groupnorm", {"GroupNormalization", {tensor({2, 32, 8, 8}), weight({32}), weight({32})}, {attr("num_groups", 8)}, 1, 18},
           {2, 32, 8, 8});
    addRow("cumsum", {"CumSum", {tensor({2, 3}), scalarInt(1)}}, {2, 3});
    addRow("trilu", {"Trilu", {tensor({4, 5})}}, {4, 5});

    // ---- Reshaping (Operators.md "Reshape" examples on a [2, 3, 4] input)
    addRow("reshape reordered all dims", {"Reshape", {tensor({2, 3, 4}), ints({4, 2, 3})}}, {4, 2, 3});
    addRow("reshape reduced dims", {"Reshape", {tensor({2, 3, 4}), ints({2, 12})}}, {2, 12});
    addRow("reshape extended dims", {"Reshape", {tensor({2, 3, 4}), ints({2, 3, 2, 2})}}, {2, 3, 2, 2});
    addRow("reshape one dim", {"Reshape", {tensor({2, 3, 4}), ints({24})}}, {24});
    addRow("reshape negative dim", {"Reshape", {tensor({2, 3, 4}), ints({2, -1, 2})}}, {2, 6, 2});
    addRow("reshape negative extended dims", {"Reshape", {tensor({2, 3, 4}), ints({-1, 2, 3, 4})}}, {1, 2, 3, 4});
    addRow("reshape zero dim", {"Reshape", {tensor({2, 3, 4}), ints({2, 0, 4, 1})}}, {2, 3, 4, 1});
    addRow("reshape zero and negative dim", {"Reshape", {tensor({2, 3, 4}), ints({2, 0, 1, -1})}}, {2, 3, 1, 4});
    addRow("reshape allowzero", {"Reshape", {tensor({0, 3, 4}), ints({3, 4, 0})}, {attr("allowzero", 1)}, 1, 14}, {3, 4, 0});
    addRow("reshape opset 1 attribute", {"Reshape", {tensor({2, 3, 4})}, {attr("shape", std::vector<std::int64_t>{6, 4})}, 1, 1},
           {6, 4});
    addRow("flatten axis 0", {"Flatten", {tensor({2, 3, 4, 5})}, {attr("axis", 0)}}, {1, 120});
    addRow("flatten default", {"Flatten", {tensor({2, 3, 4, 5})}}, {2, 60});
    addRow("flatten negative axis", {"Flatten", {tensor({2, 3, 4, 5})}, {attr("axis", -1)}}, {24, 5});
    addRow("flatten axis rank", {"Flatten", {tensor({2, 3, 4, 5})}, {attr("axis", 4)}}, {120, 1});
    addRow("transpose default", {"Transpose", {tensor({2, 3, 4})}}, {4, 3, 2});
    addRow("transpose perm", {"Transpose", {tensor({1, 197, 12, 64})}, {attr("perm", {0, 2, 1, 3})}}, {1, 12, 197, 64});
    addRow("squeeze opset 11 attribute", {"Squeeze", {tensor({1, 3, 4, 5})}, {attr("axes", std::vector<std::int64_t>{0})}, 1, 11}, {3, 4, 5});
    addRow("squeeze opset 13 input", {"Squeeze", {tensor({1, 3, 4, 5}), ints({0})}, {}, 1, 13}, {3, 4, 5});
    addRow("squeeze all ones", {"Squeeze", {tensor({1, 3, 1, 5})}, {}, 1, 13}, {3, 5});
    addRow("squeeze negative axis", {"Squeeze", {tensor({3, 4, 1})}, {attr("axes", std::vector<std::int64_t>{-1})}, 1, 11}, {3, 4});
    addRow("unsqueeze opset 13", {"Unsqueeze", {tensor({3, 4, 5}), ints({2, 4})}, {}, 1, 13}, {3, 4, 1, 5, 1});
    addRow("unsqueeze opset 11 attribute", {"Unsqueeze", {tensor({3, 4, 5})}, {attr("axes", std::vector<std::int64_t>{0})}, 1, 11}, {1, 3, 4, 5});
    addRow("unsqueeze negative axis", {"Unsqueeze", {tensor({3, 4, 5}), ints({-2})}, {}, 1, 13}, {3, 4, 1, 5});
    addRow("unsqueeze scalar", {"Unsqueeze", {tensor({}), ints({0})}, {}, 1, 13}, {1});

    // ---- Joining, splitting, slicing, gathering
    addRow("concat", {"Concat", {tensor({2, 3}), tensor({2, 5})}, {attr("axis", 1)}}, {2, 8});
    addRow("concat negative axis", {"Concat", {tensor({1, 1, 768}), tensor({1, 196, 768})}, {attr("axis", -2)}}, {1, 197, 768});
    addRow("split input", {"Split", {tensor({6, 4}), ints({2, 4})}, {}, 2, 13}, {2, 4});
    addRow("split attribute", {"Split", {tensor({4, 6})}, {attr("axis", 1), attr("split", {1, 5})}, 2, 11}, {4, 1});
    addRow("split equal", {"Split", {tensor({1, 197, 2304})}, {attr("axis", 2)}, 3, 13}, {1, 197, 768});
    // num_outputs 4 on 7: chunks of ceil(7 / 4) = 2, last one 1
    addRow("split num_outputs", {"Split", {tensor({7})}, {attr("num_outputs", 4)}, 4, 18}, {2});
    // Slice examples on a [20, 10, 5] input
    addRow("slice", {"Slice", {tensor({20, 10, 5}), ints({0, 0}), ints({3, 10}), ints({0, 1}), ints({1, 1})}}, {3, 10, 5});
    addRow("slice neg", {"Slice", {tensor({20, 10, 5}), ints({0}), ints({-1}), ints({1}), ints({1})}}, {20, 9, 5});
    addRow("slice start out of bounds", {"Slice", {tensor({20, 10, 5}), ints({1000}), ints({1000}), ints({1}), ints({1})}},
           {20, 0, 5});
    addRow("slice end out of bounds", {"Slice", {tensor({20, 10, 5}), ints({1}), ints({1000}), ints({1}), ints({1})}}, {20, 9, 5});
    addRow("slice default axes", {"Slice", {tensor({20, 10, 5}), ints({0, 0, 3}), ints({20, 10, 4})}}, {20, 10, 1});
    addRow("slice default steps", {"Slice", {tensor({20, 10, 5}), ints({0, 0, 3}), ints({20, 10, 4}), ints({0, 1, 2})}},
           {20, 10, 1});
    addRow("slice neg steps", {"Slice", {tensor({20, 10, 5}), ints({20, 10, 4}), ints({0, 0, 1}), ints({0, 1, 2}), ints({-1, -3, -2})}},
           {19, 3, 2});
    addRow("slice negative axes", {"Slice", {tensor({20, 10, 5}), ints({0, 0, 3}), ints({20, 10, 4}), ints({0, -2, -1})}},
           {20, 10, 1});
    addRow("slice int64 max end", {"Slice", {tensor({20, 10, 5}), ints({1}), ints({kMax}), ints({0})}}, {19, 10, 5});
    addRow("slice reverse all", {"Slice", {tensor({20, 10, 5}), ints({-1}), ints({-kMax}), ints({0}), ints({-1})}}, {20, 10, 5});
    addRow("slice opset 9 attributes", {"Slice", {tensor({20, 10, 5})}, {attr("starts", {0, 2}), attr("ends", {3, 10}), attr("axes", {0, 1})}, 1, 9},
           {3, 8, 5});
    addRow("gather axis 0", {"Gather", {tensor({5, 4, 3, 2}), ints({0, 1, 3})}}, {3, 4, 3, 2});
    addRow("gather axis 1", {"Gather", {tensor({5, 4, 3, 2}), ints({0, 1, 3})}, {attr("axis", 1)}}, {5, 3, 3, 2});
    addRow("gather 2-D indices", {"Gather", {tensor({3, 3}), intsShaped({0, 2, 1, 0}, {2, 2})}, {attr("axis", 1)}}, {3, 2, 2});
    addRow("gather scalar index", {"Gather", {tensor({5, 4}), scalarInt(-1)}}, {4});
    addRow("gather embedding", {"Gather", {weight({30522, 768}), tensor({1, 128}, DType::I64)}}, {1, 128, 768});
    addRow("gatherelements", {"GatherElements", {tensor({3, 3}), tensor({2, 3}, DType::I64)}}, {2, 3});
    // Operators.md GatherND examples: [2, 2] data, [2, 2] indices -> [2]; batch_dims 1
    addRow("gathernd", {"GatherND", {tensor({2, 2}), tensor({2, 2}, DType::I64)}}, {2});
    addRow("gathernd slices", {"GatherND", {tensor({2, 2, 2}), tensor({2, 1}, DType::I64)}}, {2, 2, 2});
    addRow("gathernd batch_dims", {"GatherND", {tensor({2, 2, 2}), tensor({2, 1}, DType::I64)}, {attr("batch_dims", 1)}, 1, 12},
           {2, 2});
    addRow("scatternd", {"ScatterND", {tensor({4, 4, 4}), tensor({2, 1}, DType::I64), tensor({2, 4, 4})}}, {4, 4, 4});

    // ---- Expand / Tile / Pad
    addRow("expand", {"Expand", {tensor({3, 1}), ints({2, 1, 6})}}, {2, 3, 6});
    addRow("expand same rank", {"Expand", {tensor({3, 1}), ints({3, 4})}}, {3, 4});
    addRow("expand keeps dims with 1", {"Expand", {tensor({1, 1, 768}), ints({8, 1, 1})}}, {8, 1, 768});
    addRow("tile", {"Tile", {tensor({2, 3}), ints({2, 2})}}, {4, 6});
    addRow("pad opset 11", {"Pad", {tensor({3, 2}), ints({0, 2, 0, 0})}, {}, 1, 11}, {3, 4});
    addRow("pad opset 2 attribute", {"Pad", {tensor({1, 3, 4, 5})}, {attr("pads", {0, 0, 1, 1, 0, 0, 1, 1})}, 1, 2}, {1, 3, 6, 7});
    addRow("pad opset 18 axes", {"Pad", {tensor({1, 3, 4, 5}), ints({0, 3, 0, 4}), absent(), ints({1, 3})}, {}, 1, 18}, {1, 3, 4, 12});
    addRow("pad negative crops", {"Pad", {tensor({1, 3, 8, 8}), ints({0, 0, -1, -1, 0, 0, -1, -1})}, {}, 1, 13}, {1, 3, 6, 6});

    // ---- Resampling
    addRow("resize scales", {"Resize", {tensor({1, 3, 16, 16}), absent(), floats({1, 1, 2, 2})}, {}, 1, 13}, {1, 3, 32, 32});
    addRow("resize sizes", {"Resize", {tensor({1, 3, 16, 16}), absent(), absent(), ints({1, 3, 7, 9})}, {}, 1, 13}, {1, 3, 7, 9});
    addRow("resize empty scales with sizes", {"Resize", {tensor({1, 3, 16, 16}), floats({}), floats({}), ints({1, 3, 7, 9})}, {}, 1, 11},
           {1, 3, 7, 9});
    addRow("resize opset 10", {"Resize", {tensor({1, 3, 16, 16}), floats({1, 1, 2, 3})}, {}, 1, 10}, {1, 3, 32, 48});
    // floor(5 * 0.6) = 3
    addRow("resize downscale floors", {"Resize", {tensor({1, 1, 5, 5}), absent(), floats({1, 1, 0.6, 0.6})}, {}, 1, 13}, {1, 1, 3, 3});
    addRow("resize opset 18 axes", {"Resize", {tensor({1, 3, 16, 16}), absent(), absent(), ints({7, 9})}, {attr("axes", {2, 3})}, 1, 18},
           {1, 3, 7, 9});
    // resize_upsample_sizes_nearest_not_larger: scale = min(7/2, 8/2) = 3.5 -> 7 x 7
    addRow("resize not_larger", {"Resize", {tensor({1, 1, 2, 2}), absent(), absent(), ints({7, 8})},
                                 {attr("axes", {2, 3}), attr("keep_aspect_ratio_policy", "not_larger")}, 1, 18}, {1, 1, 7, 7});
    addRow("resize not_smaller", {"Resize", {tensor({1, 1, 2, 2}), absent(), absent(), ints({7, 8})},
                                  {attr("axes", {2, 3}), attr("keep_aspect_ratio_policy", "not_smaller")}, 1, 18}, {1, 1, 8, 8});
    addRow("upsample opset 7", {"Upsample", {tensor({1, 1, 2, 2})}, {attrFloats("scales", {1, 1, 2, 3})}, 1, 7}, {1, 1, 4, 6});
    addRow("upsample opset 9", {"Upsample", {tensor({1, 1, 2, 2}), floats({1, 1, 2, 3})}, {}, 1, 9}, {1, 1, 4, 6});
    addRow("depthtospace", {"DepthToSpace", {tensor({1, 8, 2, 3})}, {attr("blocksize", 2)}}, {1, 2, 4, 6});
    addRow("spacetodepth", {"SpaceToDepth", {tensor({1, 2, 4, 6})}, {attr("blocksize", 2)}}, {1, 8, 2, 3});
    addRow("gridsample", {"GridSample", {tensor({1, 3, 32, 32}), tensor({1, 8, 9, 2})}, {}, 1, 16}, {1, 3, 8, 9});

    // ---- Reductions
    addRow("reducemean opset 13 attribute", {"ReduceMean", {tensor({3, 2, 2})}, {attr("axes", std::vector<std::int64_t>{1})}, 1, 13}, {3, 1, 2});
    addRow("reducemean opset 18 axes input", {"ReduceMean", {tensor({3, 2, 2}), ints({1})}, {attr("keepdims", 0)}, 1, 18}, {3, 2});
    addRow("reducemean all axes", {"ReduceMean", {tensor({3, 2, 2})}, {}, 1, 18}, {1, 1, 1});
    addRow("reducemean noop", {"ReduceMean", {tensor({3, 2, 2})}, {attr("noop_with_empty_axes", 1)}, 1, 18}, {3, 2, 2});
    addRow("reducesum opset 13 input", {"ReduceSum", {tensor({3, 2, 2}), ints({-1})}, {attr("keepdims", 0)}, 1, 13}, {3, 2});
    addRow("reducesum opset 11 attribute", {"ReduceSum", {tensor({3, 2, 2})}, {attr("axes", {0, 2})}, 1, 11}, {1, 2, 1});
    addRow("reducel2", {"ReduceL2", {tensor({3, 2, 2})}, {attr("axes", std::vector<std::int64_t>{2}), attr("keepdims", 0)}, 1, 13}, {3, 2});
    addRow("argmax keepdims", {"ArgMax", {tensor({2, 3, 4})}, {attr("axis", 1)}}, {2, 1, 4});
    addRow("argmax no keepdims", {"ArgMax", {tensor({2, 3, 4})}, {attr("axis", 1), attr("keepdims", 0)}}, {2, 4});
    addRow("topk opset 11", {"TopK", {tensor({3, 4}), ints({3})}, {}, 2, 11}, {3, 3});
    addRow("topk opset 1 attribute", {"TopK", {tensor({3, 4})}, {attr("k", 2), attr("axis", 0)}, 2, 1}, {2, 4});

    // ---- Sources and data-dependent ops
    addRow("shape", {"Shape", {tensor({2, 3, 4})}}, {3});
    addRow("shape start end", {"Shape", {tensor({2, 3, 4, 5})}, {attr("start", 1), attr("end", -1)}, 1, 15}, {2});
    addRow("size", {"Size", {tensor({2, 3, 4})}}, {});
    addRow("constantofshape", {"ConstantOfShape", {ints({4, 3, 2})}}, {4, 3, 2});
    addRow("range", {"Range", {scalarInt(1), scalarInt(11), scalarInt(3)}}, {4});
    addRow("range negative delta", {"Range", {scalarInt(10), scalarInt(4), scalarInt(-3)}}, {2});
    addRow("nonzero unknown count", {"NonZero", {tensor({3, 4})}}, {2, -1});
    addRow("onehot", {"OneHot", {tensor({2, 3}, DType::I64), scalarInt(10), floats({0, 1})}, {attr("axis", -1)}, 1, 11}, {2, 3, 10});
    addRow("onehot axis 0", {"OneHot", {tensor({2, 3}, DType::I64), scalarInt(10), floats({0, 1})}, {attr("axis", 0)}, 1, 11}, {10, 2, 3});
    addRow("quantizelinear", {"QuantizeLinear", {tensor({2, 3}), tensor({}), tensor({}, DType::I8)}}, {2, 3});
    addRow("dequantizelinear", {"DequantizeLinear", {tensor({2, 3}, DType::I8), tensor({})}}, {2, 3});

    // ---- com.microsoft contrib ops
    addRow("ms attention", {"Attention", {tensor({2, 128, 768}), weight({768, 2304}), weight({2304})}, {attr("num_heads", 12)}, 1, 17,
                            QStringLiteral("com.microsoft")},
           {2, 128, 768});
    addRow("ms skiplayernorm", {"SkipLayerNormalization", {tensor({2, 128, 768}), tensor({2, 128, 768}), weight({768}), weight({768})},
                                {}, 1, 17, QStringLiteral("com.microsoft")},
           {2, 128, 768});
    addRow("ms fastgelu", {"FastGelu", {tensor({2, 128, 3072}), weight({3072})}, {}, 1, 17, QStringLiteral("com.microsoft")},
           {2, 128, 3072});
}

void TestShapeInference::outputShape() {
    QFETCH(OpCase, c);
    QFETCH(Shape, expected);
    Graph g = buildCase(c);
    const PropagationReport report = propagateShapes(g, ShapeBindings{});
    QVERIFY2(report.nodeErrors.empty(), report.nodeErrors.empty() ? "" : qPrintable(report.nodeErrors.front().second));
    QVERIFY(report.unsupportedOps.isEmpty());
    const Value &out = outputOf(g);
    QVERIFY(out.rankKnown);
    QCOMPARE(shapeToString(out.shape), shapeToString(expected));
}

void TestShapeInference::secondOutput_data() {
    QTest::addColumn<OpCase>("c");
    QTest::addColumn<int>("output");
    QTest::addColumn<Shape>("expected");
    QTest::addColumn<int>("dtype");
    QTest::newRow("maxpool indices") << OpCase{"MaxPool", {tensor({1, 3, 32, 32})}, {attr("kernel_shape", {2, 2}), attr("strides", {2, 2})}, 2}
                                     << 1 << Shape{1, 3, 16, 16} << int(DType::I64);
    QTest::newRow("topk indices") << OpCase{"TopK", {tensor({3, 4}), ints({3})}, {}, 2, 11} << 1 << Shape{3, 3} << int(DType::I64);
    QTest::newRow("dropout mask") << OpCase{"Dropout", {tensor({2, 5})}, {}, 2, 13} << 1 << Shape{2, 5} << int(DType::Bool);
    // Mean/InvStdDev keep the dims before the axis: [2, 3, 4] with axis 1 -> [2, 1, 1]
    QTest::newRow("layernorm mean") << OpCase{"LayerNormalization", {tensor({2, 3, 4}), weight({3, 4}), weight({3, 4})}, {attr("axis", 1)}, 3}
                                    << 1 << Shape{2, 1, 1} << int(DType::F32);
    QTest::newRow("layernorm invstddev") << OpCase{"LayerNormalization", {tensor({2, 3, 4}), weight({4})}, {}, 3}
                                         << 2 << Shape{2, 3, 1} << int(DType::F32);
    QTest::newRow("batchnorm running mean") << OpCase{"BatchNormalization", {tensor({2, 3, 4}), weight({3}), weight({3}), weight({3}), weight({3})},
                                                      {attr("training_mode", 1)}, 3, 15}
                                            << 1 << Shape{3} << int(DType::F32);
    QTest::newRow("split second") << OpCase{"Split", {tensor({6, 4}), ints({2, 4})}, {}, 2, 13} << 1 << Shape{4, 4} << int(DType::F32);
    QTest::newRow("split num_outputs last") << OpCase{"Split", {tensor({7})}, {attr("num_outputs", 4)}, 4, 18} << 3 << Shape{1} << int(DType::F32);
    QTest::newRow("split attr second") << OpCase{"Split", {tensor({4, 6})}, {attr("axis", 1), attr("split", {1, 5})}, 2, 11}
                                       << 1 << Shape{4, 5} << int(DType::F32);
    QTest::newRow("ms attention present") << OpCase{"Attention", {tensor({2, 128, 768}), weight({768, 2304})}, {attr("num_heads", 12)}, 2, 17,
                                                    QStringLiteral("com.microsoft")}
                                          << 1 << Shape{2, 2, 12, 128, 64} << int(DType::F32);
}

void TestShapeInference::secondOutput() {
    QFETCH(OpCase, c);
    QFETCH(int, output);
    QFETCH(Shape, expected);
    QFETCH(int, dtype);
    Graph g = buildCase(c);
    const PropagationReport report = propagateShapes(g, ShapeBindings{});
    QVERIFY2(report.nodeErrors.empty(), report.nodeErrors.empty() ? "" : qPrintable(report.nodeErrors.front().second));
    const Value &out = outputOf(g, static_cast<std::size_t>(output));
    QVERIFY(out.rankKnown);
    QCOMPARE(shapeToString(out.shape), shapeToString(expected));
    QCOMPARE(int(out.dtype), dtype);
}

void TestShapeInference::outputType_data() {
    // Output element types as the ONNX spec defines them.
    QTest::addColumn<OpCase>("c");
    QTest::addColumn<int>("dtype");
    QTest::newRow("shape is i64") << OpCase{"Shape", {tensor({2, 3})}} << int(DType::I64);
    QTest::newRow("size is i64") << OpCase{"Size", {tensor({2, 3})}} << int(DType::I64);
    QTest::newRow("equal is bool") << OpCase{"Equal", {tensor({2, 3}), tensor({3})}} << int(DType::Bool);
    QTest::newRow("less is bool") << OpCase{"Less", {tensor({2, 3}), tensor({3})}} << int(DType::Bool);
    QTest::newRow("not is bool") << OpCase{"Not", {tensor({2}, DType::Bool)}} << int(DType::Bool);
    QTest::newRow("isnan is bool") << OpCase{"IsNaN", {tensor({2})}} << int(DType::Bool);
    QTest::newRow("argmax is i64") << OpCase{"ArgMax", {tensor({2, 3})}} << int(DType::I64);
    QTest::newRow("nonzero is i64") << OpCase{"NonZero", {tensor({2, 3})}} << int(DType::I64);
    QTest::newRow("cast to f16") << OpCase{"Cast", {tensor({2, 3})}, {attr("to", 10)}} << int(DType::F16);
    QTest::newRow("cast to i64") << OpCase{"Cast", {tensor({2, 3})}, {attr("to", 7)}} << int(DType::I64);
    QTest::newRow("castlike") << OpCase{"CastLike", {tensor({2, 3}), tensor({}, DType::BF16)}, {}, 1, 15} << int(DType::BF16);
    QTest::newRow("where takes X") << OpCase{"Where", {tensor({2}, DType::Bool), tensor({2}, DType::F16), tensor({2}, DType::F16)}}
                                   << int(DType::F16);
    QTest::newRow("constantofshape default f32") << OpCase{"ConstantOfShape", {ints({2})}} << int(DType::F32);
    QTest::newRow("range takes start") << OpCase{"Range", {scalarInt(0), scalarInt(5), scalarInt(1)}} << int(DType::I64);
    QTest::newRow("quantizelinear default u8") << OpCase{"QuantizeLinear", {tensor({2}), tensor({})}} << int(DType::U8);
    QTest::newRow("quantizelinear zero point i8") << OpCase{"QuantizeLinear", {tensor({2}), tensor({}), tensor({}, DType::I8)}}
                                                  << int(DType::I8);
    QTest::newRow("dequantizelinear f32") << OpCase{"DequantizeLinear", {tensor({2}, DType::U8), tensor({})}} << int(DType::F32);
    QTest::newRow("matmulinteger i32") << OpCase{"MatMulInteger", {tensor({2, 3}, DType::U8), tensor({3, 2}, DType::U8)}} << int(DType::I32);
    QTest::newRow("onehot takes values") << OpCase{"OneHot", {tensor({2}, DType::I64), scalarInt(4), InputSpec{{2}, DType::I64, std::vector<std::int64_t>{0, 1}, {}, false, false}}}
                                         << int(DType::I64);
    QTest::newRow("matmul keeps f16") << OpCase{"MatMul", {tensor({2, 3}, DType::F16), tensor({3, 2}, DType::F16)}} << int(DType::F16);
    QTest::newRow("layernorm keeps bf16") << OpCase{"LayerNormalization", {tensor({2, 8}, DType::BF16), weight({8}, DType::BF16)}}
                                          << int(DType::BF16);
}

void TestShapeInference::outputType() {
    QFETCH(OpCase, c);
    QFETCH(int, dtype);
    Graph g = buildCase(c);
    const PropagationReport report = propagateShapes(g, ShapeBindings{});
    QVERIFY(report.nodeErrors.empty());
    QCOMPARE(int(outputOf(g).dtype), dtype);
}

void TestShapeInference::inconsistentNodesReportErrors_data() {
    QTest::addColumn<OpCase>("c");
    QTest::addColumn<QString>("mention");  // text the message must contain
    QTest::newRow("matmul inner dims") << OpCase{"MatMul", {tensor({2, 3}), tensor({4, 5})}} << QStringLiteral("[2, 3]");
    QTest::newRow("matmul batch dims") << OpCase{"MatMul", {tensor({2, 3, 4}), tensor({5, 4, 6})}} << QStringLiteral("batch");
    QTest::newRow("gemm inner dims") << OpCase{"Gemm", {tensor({2, 3}), tensor({4, 5})}} << QStringLiteral("inner");
    QTest::newRow("reshape count") << OpCase{"Reshape", {tensor({2, 3}), ints({4, 4})}} << QStringLiteral("[2, 3]");
    QTest::newRow("reshape not divisible") << OpCase{"Reshape", {tensor({2, 3}), ints({4, -1})}} << QStringLiteral("cannot reshape");
    QTest::newRow("reshape two -1") << OpCase{"Reshape", {tensor({2, 3}), ints({-1, -1})}} << QStringLiteral("more than one");
    QTest::newRow("concat dims") << OpCase{"Concat", {tensor({2, 3}), tensor({3, 3})}, {attr("axis", 1)}} << QStringLiteral("[3, 3]");
    QTest::newRow("concat ranks") << OpCase{"Concat", {tensor({2, 3}), tensor({2, 3, 1})}, {attr("axis", 1)}} << QStringLiteral("rank");
    QTest::newRow("concat without axis") << OpCase{"Concat", {tensor({2, 3}), tensor({2, 3})}} << QStringLiteral("axis");
    QTest::newRow("conv channels") << OpCase{"Conv", {tensor({1, 3, 8, 8}), weight({8, 4, 3, 3})}} << QStringLiteral("channels");
    QTest::newRow("conv kernel too big") << OpCase{"Conv", {tensor({1, 3, 2, 2}), weight({8, 3, 3, 3})}} << QStringLiteral("does not fit");
    QTest::newRow("conv low rank") << OpCase{"Conv", {tensor({3, 8}), weight({8, 3, 3})}} << QStringLiteral("rank");
    QTest::newRow("broadcast") << OpCase{"Add", {tensor({2, 3}), tensor({4})}} << QStringLiteral("[2, 3] and [4]");
    QTest::newRow("gather index out of range") << OpCase{"Gather", {tensor({3, 4}), ints({5})}} << QStringLiteral("out of range");
    QTest::newRow("split sum") << OpCase{"Split", {tensor({6}), ints({2, 2})}, {}, 2, 13} << QStringLiteral("sums to 4");
    QTest::newRow("split uneven") << OpCase{"Split", {tensor({7})}, {}, 2, 13} << QStringLiteral("evenly");
    QTest::newRow("squeeze non-1") << OpCase{"Squeeze", {tensor({2, 3}), ints({0})}, {}, 1, 13} << QStringLiteral("size 2");
    QTest::newRow("transpose perm") << OpCase{"Transpose", {tensor({2, 3})}, {attr("perm", {0, 0})}} << QStringLiteral("permutation");
    QTest::newRow("einsum equation") << OpCase{"Einsum", {tensor({2, 3})}, {attr("equation", "i$->i")}} << QStringLiteral("equation");
    QTest::newRow("einsum sizes") << OpCase{"Einsum", {tensor({2, 3}), tensor({4, 5})}, {attr("equation", "ij,jk->ik")}}
                                  << QStringLiteral("index 'j'");
    QTest::newRow("cast without to") << OpCase{"Cast", {tensor({2})}} << QStringLiteral("'to'");
    QTest::newRow("maxpool without kernel") << OpCase{"MaxPool", {tensor({1, 1, 4, 4})}} << QStringLiteral("kernel_shape");
    QTest::newRow("slice zero step") << OpCase{"Slice", {tensor({4}), ints({0}), ints({4}), ints({0}), ints({0})}} << QStringLiteral("step");
    QTest::newRow("range zero delta") << OpCase{"Range", {scalarInt(0), scalarInt(4), scalarInt(0)}} << QStringLiteral("zero");
    QTest::newRow("softmax axis") << OpCase{"Softmax", {tensor({2, 3})}, {attr("axis", 5)}} << QStringLiteral("axis 5");
    QTest::newRow("huge range") << OpCase{"Range", {scalarInt(0), scalarInt(kMax), scalarInt(1)}} << QStringLiteral("2^50");
    QTest::newRow("constantofshape negative") << OpCase{"ConstantOfShape", {ints({2, -3})}} << QStringLiteral("negative");
    QTest::newRow("expand mismatch") << OpCase{"Expand", {tensor({3, 2}), ints({3, 4})}} << QStringLiteral("expanded");
    QTest::newRow("depthtospace channels") << OpCase{"DepthToSpace", {tensor({1, 6, 2, 2})}, {attr("blocksize", 2)}} << QStringLiteral("divisible");
    QTest::newRow("resize no scales") << OpCase{"Resize", {tensor({1, 3, 4, 4}), absent(), absent(), absent()}, {}, 1, 13}
                                      << QStringLiteral("neither");
}

void TestShapeInference::inconsistentNodesReportErrors() {
    QFETCH(OpCase, c);
    QFETCH(QString, mention);
    Graph g = buildCase(c);
    const PropagationReport report = propagateShapes(g, ShapeBindings{});
    QCOMPARE(report.nodeErrors.size(), std::size_t{1});
    QCOMPARE(report.nodeErrors.front().first, 0);
    const QString &message = report.nodeErrors.front().second;
    QVERIFY2(message.contains(QStringLiteral("'node'")), qPrintable(message));  // names the node
    QVERIFY2(message.contains(c.op), qPrintable(message));
    QVERIFY2(message.contains(mention), qPrintable(message));
    QVERIFY(!outputOf(g).rankKnown);
    QVERIFY(!report.complete());
}

void TestShapeInference::unsupportedOpIsListed() {
    GraphBuilder b(QStringLiteral("custom"));
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::fixed(4)});
    const int y = b.op(QStringLiteral("FancyOp"), {x});
    const int z = b.op(QStringLiteral("Relu"), {y});
    const int w = b.op(QStringLiteral("Mystery"), {z});
    const int v = b.op(QStringLiteral("FancyOp"), {w});
    b.output(v);
    Graph g = b.finish();
    g.nodes[0].domain = QStringLiteral("com.example");
    g.nodes[3].domain = QStringLiteral("com.example");
    const PropagationReport report = propagateShapes(g, ShapeBindings{});
    QCOMPARE(report.unsupportedOps, (QStringList{QStringLiteral("com.example::FancyOp"), QStringLiteral("Mystery")}));
    QCOMPARE(report.totalValues, 4);
    QCOMPARE(report.unknownValues, 4);  // everything downstream of the unknown op stays unknown
    QVERIFY(report.nodeErrors.empty());
    QVERIFY(!hasShapeRule(QStringLiteral("com.example::FancyOp")));
    QVERIFY(!hasShapeRule(QStringLiteral("Mystery")));
}

void TestShapeInference::unknownInputsStayUnknown() {
    // A graph input without a declared shape: its consumers stay unknown, no error.
    GraphBuilder b(QStringLiteral("unknown"));
    Value in;
    in.name = QStringLiteral("x");
    in.kind = ValueKind::Input;
    in.dtype = DType::F32;
    const int x = b.graph().addValue(in);
    b.graph().inputs.push_back(x);
    const int w = b.weight(QStringLiteral("w"), {8, 3, 3, 3});
    const int y = b.op(QStringLiteral("Conv"), {x, w});
    const int z = b.op(QStringLiteral("Relu"), {y});
    b.output(z);
    Graph g = b.finish();
    const PropagationReport report = propagateShapes(g, ShapeBindings{});
    QVERIFY(report.nodeErrors.empty());
    QCOMPARE(report.unknownValues, 2);
    QCOMPARE(g.values[static_cast<std::size_t>(z)].dtype, DType::F32);  // dtype still flows
}

void TestShapeInference::countsValues() {
    // Split with 3 outputs + Concat: 4 node outputs, all known.
    GraphBuilder b(QStringLiteral("counts"), 13);
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::symbolic(DimRole::Batch, QStringLiteral("N"), 1), Dim::fixed(6)});
    const auto parts = b.node(QStringLiteral("Split"), {x}, {attr("axis", 1)}, 3);
    const int cat = b.op(QStringLiteral("Concat"), {parts[2], parts[0]}, {attr("axis", 1)});
    b.output(cat);
    Graph g = b.finish();
    ShapeBindings bindings;
    bindings.batch = 5;
    const PropagationReport report = propagateShapes(g, bindings);
    QCOMPARE(report.totalValues, 4);
    QCOMPARE(report.unknownValues, 0);
    QVERIFY(report.complete());
    QCOMPARE(shapeToString(g.values[static_cast<std::size_t>(cat)].shape), QStringLiteral("[5, 4]"));
}

void TestShapeInference::batchRebindingChangesEveryDependentShape() {
    // A small CNN + head with a symbolic batch: every intermediate's first dim follows the binding.
    GraphBuilder b(QStringLiteral("cnn"));
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::symbolic(DimRole::Batch, QStringLiteral("N"), 1), Dim::fixed(3),
                                                             Dim::symbolic(DimRole::Height, QStringLiteral("H"), 32),
                                                             Dim::symbolic(DimRole::Width, QStringLiteral("W"), 32)});
    const int w = b.weight(QStringLiteral("w"), {16, 3, 3, 3});
    const int conv = b.op(QStringLiteral("Conv"), {x, w}, {attr("pads", {1, 1, 1, 1})});
    const int relu = b.op(QStringLiteral("Relu"), {conv});
    const int pool = b.op(QStringLiteral("GlobalAveragePool"), {relu});
    const int flat = b.op(QStringLiteral("Flatten"), {pool});
    const int fc = b.weight(QStringLiteral("fc"), {10, 16});
    const int out = b.op(QStringLiteral("Gemm"), {flat, fc}, {attr("transB", 1)});
    b.output(out);
    Graph g = b.finish();

    for (const std::int64_t batch : {1, 8, 3}) {
        ShapeBindings bindings;
        bindings.batch = batch;
        bindings.height = 64;
        const PropagationReport report = propagateShapes(g, bindings);
        QVERIFY(report.complete());
        for (int v : {conv, relu, pool, flat, out}) {
            QCOMPARE(g.values[static_cast<std::size_t>(v)].shape.front(), batch);
        }
        // Height bound to 64, width keeps the declared 32.
        QCOMPARE(shapeToString(g.values[static_cast<std::size_t>(conv)].shape),
                 QStringLiteral("[%1, 16, 64, 32]").arg(batch));
        QCOMPARE(shapeToString(g.values[static_cast<std::size_t>(out)].shape), QStringLiteral("[%1, 10]").arg(batch));
    }
}

void TestShapeInference::declaredShapeIsUsedForOpsWithoutRule() {
    // An op without a rule whose output the source annotated (value_info) keeps that shape,
    // resolved for the bindings; the op is still reported as unsupported.
    GraphBuilder b(QStringLiteral("declared"));
    const int x = b.input(QStringLiteral("x"), DType::F32, {Dim::symbolic(DimRole::Batch, QStringLiteral("N"), 1), Dim::fixed(4)});
    const int y = b.op(QStringLiteral("Mystery"), {x});
    const int z = b.op(QStringLiteral("Relu"), {y});
    b.output(z);
    Graph g = b.finish();
    Value &yv = g.values[static_cast<std::size_t>(y)];
    yv.declared = {Dim::symbolic(DimRole::Batch, QStringLiteral("N"), 1), Dim::fixed(7)};
    yv.declaredRankKnown = true;
    yv.dtype = DType::F32;
    ShapeBindings bindings;
    bindings.batch = 6;
    const PropagationReport report = propagateShapes(g, bindings);
    QCOMPARE(report.unsupportedOps, QStringList{QStringLiteral("Mystery")});
    QCOMPARE(report.unknownValues, 0);
    QCOMPARE(shapeToString(g.values[static_cast<std::size_t>(z)].shape), QStringLiteral("[6, 7]"));
}

void TestShapeInference::supportedOpsAreListed() {
    const QStringList ops = supportedOps();
    QVERIFY2(ops.size() >= 150, qPrintable(QString::number(ops.size())));
    QVERIFY(std::is_sorted(ops.begin(), ops.end()));
    for (const char *op : {"Conv", "ConvTranspose", "Gemm", "MatMul", "Einsum", "Reshape", "Slice", "Resize", "LayerNormalization",
                           "com.microsoft::Attention", "com.microsoft::SkipLayerNormalization"}) {
        QVERIFY2(ops.contains(QString::fromLatin1(op)), op);
        QVERIFY2(hasShapeRule(QString::fromLatin1(op)), op);
    }
    QVERIFY(hasShapeRule(QStringLiteral("ai.onnx::Relu")));
    QVERIFY(!hasShapeRule(QStringLiteral("If")));
    QVERIFY(!hasShapeRule(QStringLiteral("Loop")));
    // Every op with a shape rule also has a cost rule, so supported nodes never count as unknown work.
    for (const QString &op : ops) {
        QVERIFY2(hasCostRule(op), qPrintable(op));
    }
}

void TestShapeInference::malformedNodesNeverCrash() {
    // Every supported op with random inputs (missing, scalars, odd ranks, odd contents) and
    // random attributes (wrong kinds, negative, huge): propagation and costs must not crash.
    QRandomGenerator random(20240601);
    const QStringList ops = supportedOps();
    const char *attributeNames[] = {"axis", "axes", "perm", "pads", "strides", "dilations", "kernel_shape", "group", "split",
                                    "num_outputs", "keepdims", "transA", "transB", "to", "shape", "starts", "ends", "value",
                                    "equation", "blocksize", "auto_pad", "ceil_mode", "output_shape", "output_padding", "k",
                                    "scales", "mode", "allowzero", "start", "end", "batch_dims", "num_heads", "fmod",
                                    "value_int", "value_ints", "noop_with_empty_axes", "keep_aspect_ratio_policy"};
    const std::int64_t oddValues[] = {0, 1, -1, 2, 3, -7, 64, std::numeric_limits<std::int64_t>::max(),
                                      std::numeric_limits<std::int64_t>::min(), 1LL << 40};
    auto pick = [&](auto &array) { return array[random.bounded(static_cast<int>(std::size(array)))]; };
    int nodes = 0;
    for (int round = 0; round < 40; ++round) {
        for (const QString &qualified : ops) {
            const qsizetype sep = qualified.indexOf(QLatin1String("::"));
            OpCase c;
            c.op = sep < 0 ? qualified : qualified.mid(sep + 2);
            c.domain = sep < 0 ? QString() : qualified.left(sep);
            c.opset = 7 + random.bounded(15);
            c.outputs = 1 + random.bounded(4);
            const int inputCount = random.bounded(6);
            for (int i = 0; i < inputCount; ++i) {
                InputSpec spec;
                const int kind = random.bounded(6);
                const int rank = random.bounded(6);
                for (int d = 0; d < rank; ++d) {
                    spec.dims.push_back(random.bounded(5) == 0 ? pick(oddValues) : random.bounded(1, 9));
                }
                if (kind == 0) {
                    spec.absent = true;
                } else if (kind == 1) {
                    std::vector<std::int64_t> data;
                    const int n = random.bounded(6);
                    for (int k = 0; k < n; ++k) {
                        data.push_back(random.bounded(3) == 0 ? pick(oddValues) : random.bounded(-3, 9));
                    }
                    spec.dims = {static_cast<std::int64_t>(data.size())};
                    if (random.bounded(4) == 0) {
                        spec.dims = {static_cast<std::int64_t>(data.size()) + 1};  // inconsistent contents: ignored
                    }
                    spec.ints = data;
                    spec.type = DType::I64;
                } else if (kind == 2) {
                    spec.floats = std::vector<double>{random.bounded(4.0), -1.5, 0.0};
                    spec.dims = {3};
                } else {
                    spec.type = random.bounded(3) == 0 ? DType::I64 : DType::F32;
                    for (std::int64_t &d : spec.dims) {
                        d = std::min<std::int64_t>(std::max<std::int64_t>(d, -1), 1LL << 20);
                    }
                }
                c.inputs.push_back(spec);
            }
            const int attributeCount = random.bounded(5);
            for (int a = 0; a < attributeCount; ++a) {
                const char *name = pick(attributeNames);
                switch (random.bounded(6)) {
                case 0: c.attributes.push_back(attr(name, pick(oddValues))); break;
                case 1: c.attributes.push_back(attr(name, std::vector<std::int64_t>{pick(oddValues), random.bounded(-2, 4)})); break;
                case 2: c.attributes.push_back(attr(name, random.bounded(2.0) - 0.5)); break;
                case 3: c.attributes.push_back(attr(name, "SAME_UPPER")); break;
                case 4: c.attributes.push_back(attr(name, "ij,jk->ik")); break;
                default: {
                    TensorInfo t;
                    t.dtype = random.bounded(2) == 0 ? DType::I64 : DType::F32;
                    t.dims = {random.bounded(-1, 4)};
                    if (random.bounded(2) == 0) {
                        t.intData = std::vector<std::int64_t>{pick(oddValues)};
                    }
                    c.attributes.emplace_back(QString::fromLatin1(name), Attribute::fromTensor(t));
                    break;
                }
                }
            }
            Graph g = buildCase(c);
            // Also the degenerate forms: output slots omitted, out-of-range indices.
            if (random.bounded(8) == 0) {
                g.nodes.front().outputs.push_back(-1);
                g.nodes.front().inputs.push_back(static_cast<int>(g.values.size()) + 3);
            }
            const PropagationReport report = propagateShapes(g, ShapeBindings{});
            QVERIFY(report.totalValues >= 0);
            const GraphCost cost = graphCost(g);
            QCOMPARE(cost.nodes.size(), std::size_t{1});
            QVERIFY(cost.macs >= 0 && cost.flops >= 0 && cost.bytesRead >= 0 && cost.bytesWritten >= 0);
            ++nodes;
        }
    }
    QVERIFY(nodes > 1000);
}

QTEST_GUILESS_MAIN(TestShapeInference)
#include "test_shape_inference.moc"
