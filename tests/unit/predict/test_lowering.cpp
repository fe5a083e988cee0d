// SPDX-License-Identifier: MIT
// Tests of lowerGraph: the kernels each runtime launches, counted by hand from what PyTorch eager
// and a fused engine (TensorRT / torch.compile) run for the block:
//  - Conv-BN-ReLU: eager cuDNN conv + BN kernel + ReLU kernel (+ a bias add when the conv has a
//    bias); fused: one conv with BN folded and ReLU in the epilogue.
//  - nn.Linear on 3-D input (MatMul + Add bias): one addmm kernel in both runtimes.
//  - MatMul-Div-Softmax-MatMul: 4 kernels eager, one flash-attention kernel fused.
//  - torchvision ResNet-50: 53 convs, 53 BNs, 49 ReLUs, 16 residual adds, maxpool, avgpool, fc
//    = 174 eager kernels (torchvision/models/resnet.py); fused: 53 convs (BN, ReLU, residual
//    add in epilogues) + maxpool + avgpool + fc = 56. AMP eager adds one FP16 cast per conv
//    weight (53), the fc weight and bias (2) and the input image (1): 230.
//  - torchvision ViT-B/16 in eager inference: its nn.MultiheadAttention (batch_first,
//    self-attention, 12 heads, need_weights=False) takes the fast path (torch/nn/modules/
//    activation.py, MultiheadAttention.forward: eval, grad off, no autocast, even head count),
//    torch._native_multi_head_attention, whose CUDA code (aten/src/ATen/native/transformers/cuda/
//    attention.cu, native_multi_head_attention_cuda; head_dim 64 % 8 == 0, no mask) runs
//    at::linear (addmm), views, at::scaled_dot_product_attention (one fused kernel) and at::linear:
//    1 op, 3 kernels per layer. Counted by hand from VisionTransformer.forward (torchvision/models/
//    vision_transformer.py): conv_proj (1 op: conv + cuDNN's bias add), reshape and permute (views;
//    the exported Transpose is lowered as a copy), class_token.expand (view), cat, + pos_embedding;
//    12 x (ln_1, attention, + input, ln_2, Linear, GELU, Linear, + x) = 8 ops / 10 kernels; ln,
//    x[:, 0] (view), heads Linear: 105 ops, 127 kernels. Forced decomposed, the exported graph's
//    29 ops / 15 kernels per attention (F.multi_head_attention_forward as exported: the batch-first
//    transpose, in-projection addmm, head-split views and 5 transpose copies, q and k^T scaling,
//    MatMul, Softmax, MatMul, out-projection) make 441 ops and 271 kernels.
#include "design/design.h"
#include "hardware/gpu_catalogue.h"
#include "graph/graph_builder.h"
#include "predict/kernel_model.h"
#include "predict/lowering.h"
#include "predict_test_graphs.h"

#include <QtTest>

using namespace infersight;

namespace {

int countRole(const KernelPlan &plan, KernelRole role) {
    int n = 0;
    for (const PlannedKernel &k : plan.kernels) {
        n += k.role == role ? 1 : 0;
    }
    return n;
}

KernelPlan lower(const Graph &g, Precision p, Runtime r, MemoryFormat f = MemoryFormat::Contiguous) {
    LoweringOptions o;
    o.precision = p;
    o.runtime = r;
    o.memoryFormat = f;
    return lowerGraph(g, o);
}

}  // namespace

class TestLowering : public QObject {
    Q_OBJECT
private slots:
    void kernelCounts_data();
    void kernelCounts();
    void depthwiseMemoryFormat();
    void fusedRmsNormFlops();
    void groupedQueryAttention();
    void resnet50Counts_data();
    void resnet50Counts();
    void precisionPaths_data();
    void precisionPaths();
    void convPathsByPrecision_data();
    void convPathsByPrecision();
    void attentionKernelFlops();
    void viewsAreFreeOnTheGpu();
    void ampCasts();
    void nodePrecisionOverride();
    void analysisSurvivesShapeChanges();
    void multiheadAttentionFastPath_data();
    void multiheadAttentionFastPath();
    void multiheadAttentionFastPathOnlyWhereEager();
    void exportFoldedBatchNormIsAnEagerOp();
    void exportedSiluIsOneOp();
    void nchwLayoutTransforms();
};

void TestLowering::kernelCounts_data() {
    QTest::addColumn<QString>("graph");
    QTest::addColumn<int>("runtime");
    QTest::addColumn<int>("kernels");
    QTest::newRow("conv-bn-relu eager") << "convBnRelu" << int(Runtime::Eager) << 3;
    QTest::newRow("conv+bias-bn-relu eager") << "convBiasBnRelu" << int(Runtime::Eager) << 4;
    QTest::newRow("conv-bn-relu fused") << "convBnRelu" << int(Runtime::Fused) << 1;
    QTest::newRow("conv+bias-bn-relu fused") << "convBiasBnRelu" << int(Runtime::Fused) << 1;
    QTest::newRow("linear+bias eager (addmm)") << "linear" << int(Runtime::Eager) << 1;
    QTest::newRow("linear+bias fused") << "linear" << int(Runtime::Fused) << 1;
    QTest::newRow("attention eager") << "attention" << int(Runtime::Eager) << 4;
    QTest::newRow("attention fused (flash)") << "attention" << int(Runtime::Fused) << 1;
    QTest::newRow("element-wise chain eager") << "chain" << int(Runtime::Eager) << 3;
    QTest::newRow("element-wise chain fused") << "chain" << int(Runtime::Fused) << 1;
    QTest::newRow("add + layernorm eager") << "addLn" << int(Runtime::Eager) << 2;
    QTest::newRow("add + layernorm fused") << "addLn" << int(Runtime::Fused) << 1;
    // Regression (segfault): a MatMul / Softmax whose output is the graph output and read by no
    // node. Eager: one GEMM; MatMul, Div, Softmax: 3 kernels. Fused: GEMM with the scale in its
    // epilogue + softmax (no value product, so no flash attention).
    QTest::newRow("gemm into graph output eager") << "gemm" << int(Runtime::Eager) << 1;
    QTest::newRow("gemm into graph output fused") << "gemm" << int(Runtime::Fused) << 1;
    QTest::newRow("softmax into graph output eager") << "scores" << int(Runtime::Eager) << 3;
    QTest::newRow("softmax into graph output fused") << "scores" << int(Runtime::Fused) << 2;
}

void TestLowering::kernelCounts() {
    QFETCH(QString, graph);
    QFETCH(int, runtime);
    QFETCH(int, kernels);
    Graph g;
    if (graph == QLatin1String("convBnRelu")) {
        g = test_graphs::convBnRelu(false);
    } else if (graph == QLatin1String("convBiasBnRelu")) {
        g = test_graphs::convBnRelu(true);
    } else if (graph == QLatin1String("linear")) {
        g = test_graphs::linearWithBias();
    } else if (graph == QLatin1String("attention")) {
        g = test_graphs::attention();
    } else if (graph == QLatin1String("gemm")) {
        g = test_graphs::squareGemm(4096);
    } else if (graph == QLatin1String("scores")) {
        g = test_graphs::attentionScores();
    } else if (graph == QLatin1String("chain")) {
        g = test_graphs::elementwiseChain();
    } else {
        g = test_graphs::addLayerNorm();
    }
    const KernelPlan plan = lower(g, Precision::FP32, static_cast<Runtime>(runtime));
    QCOMPARE(static_cast<int>(plan.kernels.size()), kernels);
    QCOMPARE(plan.unknownNodes, 0);
    int perNode = 0;
    for (const PlannedNode &n : plan.nodes) {
        perNode += n.kernelCount;
    }
    QCOMPARE(perNode, kernels);
}

// ResNet-50: 53 convolutions; eager FP16 / AMP on NCHW tensors add cuDNN's two layout transforms
// per convolution (106 kernels), channels_last none; AMP adds its casts (56: activations and weights).
void TestLowering::resnet50Counts_data() {
    QTest::addColumn<int>("precision");
    QTest::addColumn<int>("runtime");
    QTest::addColumn<int>("format");
    QTest::addColumn<int>("kernels");
    QTest::addColumn<int>("convs");
    QTest::addColumn<int>("layouts");
    const int nchw = int(MemoryFormat::Contiguous);
    const int nhwc = int(MemoryFormat::ChannelsLast);
    QTest::newRow("fp32 eager") << int(Precision::FP32) << int(Runtime::Eager) << nchw << 174 << 53 << 0;
    QTest::newRow("fp32 eager channels-last") << int(Precision::FP32) << int(Runtime::Eager) << nhwc << 174 << 53 << 0;
    QTest::newRow("fp32 fused") << int(Precision::FP32) << int(Runtime::Fused) << nchw << 56 << 53 << 0;
    QTest::newRow("tf32 eager") << int(Precision::TF32) << int(Runtime::Eager) << nchw << 174 << 53 << 0;
    QTest::newRow("fp16 eager") << int(Precision::FP16) << int(Runtime::Eager) << nchw << 280 << 53 << 106;
    QTest::newRow("fp16 eager channels-last") << int(Precision::FP16) << int(Runtime::Eager) << nhwc << 174 << 53 << 0;
    QTest::newRow("bf16 eager") << int(Precision::BF16) << int(Runtime::Eager) << nchw << 280 << 53 << 106;
    QTest::newRow("fp16 fused") << int(Precision::FP16) << int(Runtime::Fused) << nchw << 56 << 53 << 0;
    QTest::newRow("amp eager") << int(Precision::AMP) << int(Runtime::Eager) << nchw << 336 << 53 << 106;
    QTest::newRow("amp eager channels-last") << int(Precision::AMP) << int(Runtime::Eager) << nhwc << 230 << 53 << 0;
}

void TestLowering::resnet50Counts() {
    QFETCH(int, precision);
    QFETCH(int, runtime);
    QFETCH(int, format);
    QFETCH(int, kernels);
    QFETCH(int, convs);
    QFETCH(int, layouts);
    Knobs knobs;
    knobs.batch = 8;
    Result<Design> m = Design::open(QStringLiteral("zoo:resnet50"), knobs);
    QVERIFY2(m.ok(), m ? "" : qPrintable(m.errorMessage()));
    const KernelPlan plan = lower(m->graph(), static_cast<Precision>(precision), static_cast<Runtime>(runtime),
                                  static_cast<MemoryFormat>(format));
    QCOMPARE(static_cast<int>(plan.kernels.size()), kernels);
    QCOMPARE(countRole(plan, KernelRole::Layout), layouts);
    // The transforms are inside the convolution's aten op: no host op of their own.
    const KernelPlan nhwc = lower(m->graph(), static_cast<Precision>(precision), static_cast<Runtime>(runtime),
                                  MemoryFormat::ChannelsLast);
    QCOMPARE(plan.hostOps, nhwc.hostOps);
    int convKernels = 0;
    for (const PlannedKernel &k : plan.kernels) {
        convKernels += k.kernel.kind == KernelClass::Conv && k.role == KernelRole::Main ? 1 : 0;
    }
    QCOMPARE(convKernels, convs);
    QVERIFY(plan.approximatedOps.isEmpty());
}

// LLaMA's RMSNorm as the zoo writes it (x.pow(2).mean(-1) -> + eps -> rsqrt -> x * . -> weight * .):
// in the fused runtime the Pow runs inside the mean's row-wise kernel, at the flops per element it
// has as a kernel of its own (tensor ** scalar: flops_per_element::kTanh, 8) plus the mean's 1, not
// at a tensor ** tensor power's 16: counted so, the fused kernel came out at 3.2-13.6x its bytes on
// every catalogue GPU (issue 17's bandwidth check; docs/accuracy.md "Physics ceilings").
void TestLowering::fusedRmsNormFlops() {
    Knobs knobs;
    knobs.batch = 1;
    knobs.sequence = 128;
    Result<Design> m = Design::open(QStringLiteral("zoo:llama-2-7b"), knobs);
    QVERIFY2(m.ok(), m ? "" : qPrintable(m.errorMessage()));
    const KernelPlan fused = lower(m->graph(), Precision::FP16, Runtime::Fused);
    int rms = 0;
    for (const PlannedKernel &k : fused.kernels) {
        if (k.kernel.kind != KernelClass::RowReduction || k.node < 0 ||
            m->graph().nodes[static_cast<std::size_t>(k.node)].opType != QLatin1String("ReduceMean")) {
            continue;
        }
        ++rms;
        QCOMPARE(k.kernel.rowLength, std::int64_t{4096});
        QCOMPARE(k.kernel.flopsPerElement, flops_per_element::kTanh + flops_per_element::kAdd);
    }
    QCOMPARE(rms, 2 * 32 + 1);  // two norms per layer and the final one
    // Eager: the Pow is its own kernel at the same 8.
    const KernelPlan eager = lower(m->graph(), Precision::FP16, Runtime::Eager);
    bool found = false;
    for (const PlannedKernel &k : eager.kernels) {
        if (k.node >= 0 && m->graph().nodes[static_cast<std::size_t>(k.node)].opType == QLatin1String("Pow")) {
            QCOMPARE(k.kernel.flopsPerElement, flops_per_element::kTanh);
            found = true;
        }
    }
    QVERIFY(found);
}

// Grouped-query attention (Mistral-7B: 32 query heads share 8 KV heads, groups of 4) in a decode
// step with 4,000 cached tokens. Fused: one attention kernel per layer reads each KV head once, the
// group's 4 query rows together (FlashAttention's decode packing, TensorRT-LLM's XQA): batch 8,
// rows 4, K and V of 4,001 tokens x 128. Until 2026-11-28 it read the KV heads repeated to the 32
// query heads, 4x the bytes (calm's context-4000 steps grow by the KV read once: docs/accuracy.md).
// Eager (HF's repeat_kv): expand + reshape copies the repeated heads, one copy kernel each for K and
// V, moving the 8 heads once and writing the 32.
void TestLowering::groupedQueryAttention() {
    Knobs knobs;
    knobs.batch = 1;
    knobs.sequence = 1;
    knobs.phase = DecoderPhase::Decode;
    knobs.context = 4000;
    Result<Design> m = Design::open(QStringLiteral("zoo:mistral-7b"), knobs);
    QVERIFY2(m.ok(), m ? "" : qPrintable(m.errorMessage()));
    const std::int64_t tokens = 4001, dh = 128;
    const KernelPlan fused = lower(m->graph(), Precision::FP16, Runtime::Fused);
    int attention = 0;
    for (const PlannedKernel &k : fused.kernels) {
        if (k.role != KernelRole::Attention) {
            continue;
        }
        ++attention;
        QCOMPARE(k.kernel.batch, std::int64_t{8});
        QCOMPARE(k.kernel.m, std::int64_t{4});
        QCOMPARE(k.kernel.n, tokens);
        QCOMPARE(k.kernel.k, 2 * dh);
        // Flops as the 32 heads' both products: 2 x 32 x 4001 x (128 + 128).
        QCOMPARE(k.kernel.flops(), 2.0 * 32 * tokens * 2 * dh);
    }
    QCOMPARE(attention, 32);
    const KernelPlan eager = lower(m->graph(), Precision::FP16, Runtime::Eager);
    int repeats = 0;
    for (const PlannedKernel &k : eager.kernels) {
        const QString name = k.node >= 0 ? m->graph().nodes[static_cast<std::size_t>(k.node)].name : QString();
        if (!name.contains(QLatin1String("repeat_"))) {
            continue;
        }
        ++repeats;
        QCOMPARE(k.kernel.kind, KernelClass::Copy);
        // 8 heads read, 32 written, 2 bytes each: (8 + 32) x 4001 x 128 x 2 bytes.
        QCOMPARE(k.kernel.bytes(), (8.0 + 32.0) * tokens * dh * 2.0);
    }
    QCOMPARE(repeats, 2 * 32);
}

void TestLowering::precisionPaths_data() {
    QTest::addColumn<int>("precision");
    QTest::addColumn<int>("compute");
    QTest::addColumn<int>("elementBytes");
    QTest::newRow("fp32") << int(Precision::FP32) << int(ComputeType::FP32) << 4;
    QTest::newRow("fp32-strict") << int(Precision::FP32Strict) << int(ComputeType::FP32) << 4;
    QTest::newRow("tf32") << int(Precision::TF32) << int(ComputeType::TF32) << 4;
    QTest::newRow("fp16") << int(Precision::FP16) << int(ComputeType::FP16) << 2;
    QTest::newRow("bf16") << int(Precision::BF16) << int(ComputeType::BF16) << 2;
    QTest::newRow("amp") << int(Precision::AMP) << int(ComputeType::FP16) << 2;
    QTest::newRow("int8") << int(Precision::INT8) << int(ComputeType::INT8) << 1;
    QTest::newRow("fp8") << int(Precision::FP8) << int(ComputeType::FP8) << 1;
}

void TestLowering::precisionPaths() {
    QFETCH(int, precision);
    QFETCH(int, compute);
    QFETCH(int, elementBytes);
    const Graph g = test_graphs::squareGemm(1024);
    const KernelPlan plan = lower(g, static_cast<Precision>(precision), Runtime::Fused);
    QCOMPARE(plan.kernels.size(), std::size_t(1));
    const Kernel &k = plan.kernels.front().kernel;
    QCOMPARE(k.kind, KernelClass::Gemm);
    QCOMPARE(int(k.compute), compute);
    QCOMPARE(k.elementBytes, elementBytes);
    // x [1024, 1024] x W [1024, 1024]: M = N = K = 1024, W is a weight (linear layout).
    QCOMPARE(k.m, 1024);
    QCOMPARE(k.n, 1024);
    QCOMPARE(k.k, 1024);
    QVERIFY(k.linear);
}

// PyTorch's FP32 defaults: cudnn.allow_tf32 = True, cuda.matmul.allow_tf32 = False (PyTorch >= 1.12,
// CUDA semantics notes "TensorFloat-32 (TF32) on Ampere devices"): `fp32` runs the convolutions on
// the TF32 path (a GPU without it falls back to FP32 in the kernel model) and the classifier GEMM on
// FP32; `fp32-strict` runs everything on FP32; `tf32` both on TF32. torchvision MobileNetV2 by hand
// (torchvision/models/mobilenetv2.py): 17 inverted-residual blocks, each with one 3x3 depthwise conv
// (stencils), 16 of them with a 1x1 expansion, all 17 with a 1x1 projection, plus the stem and the
// final 1x1 conv: 35 convs that are not depthwise, and one Linear. Depthwise stencils carry 2 flops
// per tap (multiply-add); ResNet-50's max pool is a stencil with 1 (docs/predictor.md).
void TestLowering::convPathsByPrecision_data() {
    QTest::addColumn<int>("precision");
    QTest::addColumn<int>("convCompute");
    QTest::addColumn<int>("gemmCompute");
    QTest::newRow("fp32") << int(Precision::FP32) << int(ComputeType::TF32) << int(ComputeType::FP32);
    QTest::newRow("fp32-strict") << int(Precision::FP32Strict) << int(ComputeType::FP32) << int(ComputeType::FP32);
    QTest::newRow("tf32") << int(Precision::TF32) << int(ComputeType::TF32) << int(ComputeType::TF32);
    QTest::newRow("fp16") << int(Precision::FP16) << int(ComputeType::FP16) << int(ComputeType::FP16);
}

void TestLowering::convPathsByPrecision() {
    QFETCH(int, precision);
    QFETCH(int, convCompute);
    QFETCH(int, gemmCompute);
    Knobs knobs;
    knobs.batch = 8;
    Result<Design> m = Design::open(QStringLiteral("zoo:mobilenet_v2"), knobs);
    QVERIFY2(m.ok(), m ? "" : qPrintable(m.errorMessage()));
    const KernelPlan plan = lower(m->graph(), static_cast<Precision>(precision), Runtime::Eager);
    int convs = 0, depthwise = 0, gemms = 0;
    for (const PlannedKernel &pk : plan.kernels) {
        const Kernel &k = pk.kernel;
        if (k.kind == KernelClass::Conv) {
            ++convs;
            QCOMPARE(int(k.compute), convCompute);
        } else if (k.kind == KernelClass::Gemm) {
            ++gemms;
            QCOMPARE(int(k.compute), gemmCompute);
        } else if (k.kind == KernelClass::Stencil) {
            QVERIFY(isDepthwiseStencil(k));
            ++depthwise;
        }
    }
    QCOMPARE(convs, 35);
    QCOMPARE(depthwise, 17);
    QCOMPARE(gemms, 1);

    Result<Design> r = Design::open(QStringLiteral("zoo:resnet50"), knobs);
    QVERIFY2(r.ok(), r ? "" : qPrintable(r.errorMessage()));
    int pools = 0;
    for (const PlannedKernel &pk : lower(r->graph(), static_cast<Precision>(precision), Runtime::Eager).kernels) {
        if (pk.kernel.kind == KernelClass::Stencil) {
            QVERIFY(!isDepthwiseStencil(pk.kernel));  // the 3x3 max pool
            ++pools;
        }
    }
    QCOMPARE(pools, 1);
}

void TestLowering::attentionKernelFlops() {
    // Flash attention does both products: 2 * (B*H) * S * S * d for Q K^T plus the same for P V.
    const Graph g = test_graphs::attention();
    const KernelPlan plan = lower(g, Precision::FP16, Runtime::Fused);
    QCOMPARE(plan.kernels.size(), std::size_t(1));
    QCOMPARE(plan.kernels.front().role, KernelRole::Attention);
    const double expected = 2.0 * 2.0 * (8 * 12) * 128.0 * 128.0 * 64.0;
    QCOMPARE(plan.kernels.front().kernel.flops(), expected);
    // Every other node of the pattern is reported under the second MatMul.
    int fused = 0;
    for (const PlannedNode &n : plan.nodes) {
        fused += n.fusedInto >= 0 ? 1 : 0;
    }
    QCOMPARE(fused, 3);
}

void TestLowering::viewsAreFreeOnTheGpu() {
    const Graph g = test_graphs::viewThenRelu();
    const KernelPlan eager = lower(g, Precision::FP32, Runtime::Eager);
    QCOMPARE(eager.kernels.size(), std::size_t(1));
    int reshape = -1;
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        if (g.nodes[i].opType == QLatin1String("Reshape")) {
            reshape = static_cast<int>(i);
        }
    }
    QVERIFY(reshape >= 0);
    const PlannedNode &rn = eager.nodes[static_cast<std::size_t>(reshape)];
    QCOMPARE(rn.kernelCount, 0);
    QCOMPARE(rn.host, HostOpClass::View);  // an aten op on the host
    QVERIFY(rn.aliasesInput);
    const KernelPlan fused = lower(g, Precision::FP32, Runtime::Fused);
    QCOMPARE(fused.nodes[static_cast<std::size_t>(reshape)].host, HostOpClass::None);
}

void TestLowering::ampCasts() {
    // AMP eager: x (fp32 input) and W (fp32 weight) are cast to FP16 for the GEMM; LayerNorm runs
    // in FP32 (autocast's fp32 list), so its FP16 input is cast back: 5 kernels.
    const Graph g = test_graphs::linearLayerNorm();
    const KernelPlan amp = lower(g, Precision::AMP, Runtime::Eager);
    QCOMPARE(amp.kernels.size(), std::size_t(5));
    QCOMPARE(countRole(amp, KernelRole::WeightCast), 1);
    QCOMPARE(countRole(amp, KernelRole::Cast), 2);
    for (const PlannedKernel &k : amp.kernels) {
        if (k.kernel.kind == KernelClass::Gemm) {
            QCOMPARE(k.kernel.compute, ComputeType::FP16);
        }
    }
    // The whole model in FP16 (model.half()): no casts.
    const KernelPlan half = lower(g, Precision::FP16, Runtime::Eager);
    QCOMPARE(half.kernels.size(), std::size_t(2));
    // Fused engines convert weights at build time and fuse activation casts.
    const KernelPlan fusedAmp = lower(g, Precision::AMP, Runtime::Fused);
    QCOMPARE(countRole(fusedAmp, KernelRole::WeightCast) + countRole(fusedAmp, KernelRole::Cast), 0);
}

void TestLowering::nodePrecisionOverride() {
    // An FP32 model with one GEMM overridden to FP16: the GEMM runs on FP16 tensor cores and its
    // activation input is cast.
    const Graph g = test_graphs::linearLayerNorm();
    LoweringOptions o;
    o.precision = Precision::FP32;
    o.nodePrecision = nodePrecisionVector(g, {{QStringLiteral("fc"), Precision::FP16}});
    const KernelPlan plan = lowerGraph(g, o);
    bool sawGemm = false;
    for (const PlannedKernel &k : plan.kernels) {
        if (k.kernel.kind == KernelClass::Gemm) {
            sawGemm = true;
            QCOMPARE(k.kernel.compute, ComputeType::FP16);
            QCOMPARE(k.kernel.elementBytes, 2);
        }
    }
    QVERIFY(sawGemm);
    QVERIFY(countRole(plan, KernelRole::Cast) >= 1);
}

void TestLowering::analysisSurvivesShapeChanges() {
    // The structure analysis is valid across batch changes; lowering at batch 32 gives GEMMs with
    // M = 32 x 128 tokens.
    Knobs knobs;
    knobs.batch = 1;
    knobs.sequence = 128;
    Result<Design> m = Design::open(QStringLiteral("zoo:bert-base"), knobs);
    QVERIFY2(m.ok(), m ? "" : qPrintable(m.errorMessage()));
    const GraphAnalysis a = GraphAnalysis::of(m->graph());
    QVERIFY(m->setBatch(32).ok());
    QVERIFY(a.matches(m->graph()));
    LoweringOptions o;
    const KernelPlan plan = lowerGraph(m->graph(), a, o);
    std::int64_t maxM = 0;
    for (const PlannedKernel &k : plan.kernels) {
        if (k.kernel.kind == KernelClass::Gemm && k.kernel.linear) {
            maxM = std::max(maxM, k.kernel.m);
        }
    }
    QCOMPARE(maxM, std::int64_t(32 * 128));
}

namespace {

// ViT-B/16 as torch.onnx (TorchScript exporter, PyTorch 2.11) wrote it for the H100 measurements.
QString exportedVitB16() {
    return QStringLiteral(INFERSIGHT_SOURCE_DIR "/data/measured/h100-sxm5-80gb/onnx/vit_b_16.onnx");
}

// The kernels and host ops of the nodes of encoder layer 0's self-attention (ONNX: names under
// /encoder/layers/encoder_layer_0/self_attention/; zoo: encoder.layers.encoder_layer_0.self_attention.).
struct LayerAttention {
    int ops = 0;
    int opNodes = 0;  // nodes that dispatch anything on the host (HostOpClass other than None)
    std::vector<PlannedKernel> kernels;
};

LayerAttention layerZeroAttention(const Graph &g, const KernelPlan &plan) {
    LayerAttention r;
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        const QString &name = g.nodes[i].name;
        if (!name.contains(QLatin1String("encoder_layer_0/self_attention/")) &&
            !name.contains(QLatin1String("encoder_layer_0.self_attention."))) {
            continue;
        }
        const PlannedNode &pn = plan.nodes[i];
        r.ops += pn.hostOps;
        r.opNodes += pn.host != HostOpClass::None ? 1 : 0;
        for (int k = 0; k < pn.kernelCount; ++k) {
            r.kernels.push_back(plan.kernels[static_cast<std::size_t>(pn.firstKernel + k)]);
        }
    }
    return r;
}

}  // namespace

void TestLowering::multiheadAttentionFastPath_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("attention");
    QTest::addColumn<int>("ops");         // whole model, eager FP32 (hand counts in the header)
    QTest::addColumn<int>("kernels");
    QTest::addColumn<int>("layerOps");    // encoder layer 0's self-attention
    QTest::addColumn<int>("layerKernels");
    QTest::addColumn<int>("attentionKernels");
    const int autoA = int(AttentionLowering::Auto);
    const int fusedA = int(AttentionLowering::Fused);
    const int manual = int(AttentionLowering::Decomposed);
    QTest::newRow("exported, auto") << exportedVitB16() << autoA << 105 << 127 << 1 << 3 << 12;
    QTest::newRow("exported, fused (validate: uses_nn_multihead_attention)") << exportedVitB16() << fusedA << 105 << 127 << 1 << 3 << 12;
    QTest::newRow("exported, decomposed: the exported ops") << exportedVitB16() << manual << 441 << 271 << 29 << 15 << 0;
    // The zoo builds the same model (packed in-projection chunked, eager head split): the same
    // fast path, the same counts (its patch-embedding permute is the copy in the ONNX file too).
    QTest::newRow("zoo, auto") << QStringLiteral("zoo:vit_b_16") << autoA << 105 << 127 << 1 << 3 << 12;
}

void TestLowering::multiheadAttentionFastPath() {
    QFETCH(QString, model);
    QFETCH(int, attention);
    QFETCH(int, ops);
    QFETCH(int, kernels);
    QFETCH(int, layerOps);
    QFETCH(int, layerKernels);
    QFETCH(int, attentionKernels);
    Knobs knobs;
    knobs.batch = 2;
    Result<Design> d = Design::open(model, knobs);
    QVERIFY2(d.ok(), d ? "" : qPrintable(d.errorMessage()));
    const Graph &g = d->graph();
    LoweringOptions o;
    o.attention = static_cast<AttentionLowering>(attention);
    const KernelPlan plan = lowerGraph(g, o);
    QCOMPARE(plan.hostOps, ops);
    QCOMPARE(static_cast<int>(plan.kernels.size()), kernels);
    QCOMPARE(countRole(plan, KernelRole::Attention), attentionKernels);
    const LayerAttention layer = layerZeroAttention(g, plan);
    QCOMPARE(layer.ops, layerOps);
    QCOMPARE(static_cast<int>(layer.kernels.size()), layerKernels);
    if (layerOps == 1) {
        // One op (no Python shape arithmetic either); in-projection addmm [2 x 197, 768] x [768, 2304],
        // SDPA over 2 x 12 heads of 197 x 197 with head dim 64, out-projection [2 x 197, 768] x [768, 768].
        QCOMPARE(layer.opNodes, 1);
        const Kernel &in = layer.kernels[0].kernel;
        const Kernel &sdpa = layer.kernels[1].kernel;
        const Kernel &out = layer.kernels[2].kernel;
        QCOMPARE(layer.kernels[1].role, KernelRole::Attention);
        QCOMPARE(in.kind, KernelClass::Gemm);
        QCOMPARE(in.m, std::int64_t(2 * 197));
        QCOMPARE(in.n, std::int64_t(3 * 768));
        QCOMPARE(in.k, std::int64_t(768));
        QCOMPARE(sdpa.batch, std::int64_t(2 * 12));
        QCOMPARE(sdpa.m, std::int64_t(197));
        QCOMPARE(sdpa.n, std::int64_t(197));
        QCOMPARE(sdpa.k, std::int64_t(64 + 64));
        QCOMPARE(out.m, std::int64_t(2 * 197));
        QCOMPARE(out.n, std::int64_t(768));
        QCOMPARE(out.k, std::int64_t(768));
    }
}

// Where eager PyTorch leaves the fast path, so does the lowering: autocast
// (MultiheadAttention.forward: "autocast is enabled") and the fused runtime (no eager ops at all).
void TestLowering::multiheadAttentionFastPathOnlyWhereEager() {
    Knobs knobs;
    knobs.batch = 2;
    Result<Design> d = Design::open(exportedVitB16(), knobs);
    QVERIFY2(d.ok(), d ? "" : qPrintable(d.errorMessage()));
    const Graph &g = d->graph();
    LoweringOptions amp;
    amp.precision = Precision::AMP;
    const LayerAttention ampLayer = layerZeroAttention(g, lowerGraph(g, amp));
    QVERIFY(ampLayer.ops > 1);  // the exported ops, each with its casts
    QVERIFY(ampLayer.kernels.size() > 3);
    LoweringOptions fp16;
    fp16.precision = Precision::FP16;
    const LayerAttention halfLayer = layerZeroAttention(g, lowerGraph(g, fp16));  // model.half(): fast path
    QCOMPARE(halfLayer.ops, 1);
    QCOMPARE(static_cast<int>(halfLayer.kernels.size()), 3);
    QCOMPARE(halfLayer.kernels[0].kernel.elementBytes, 2);
    const KernelPlan fused = lower(g, Precision::FP32, Runtime::Fused);
    QCOMPARE(fused.hostOps, 0);
    QCOMPARE(countRole(fused, KernelRole::Attention), 12);
}


namespace {

// Conv 3x3 (64 -> 64, 56x56) with a bias -> Relu, the conv's weight and bias named as given; with
// `sharedBias` the bias reaches the conv through an Identity (the exporter shares equal initializers
// that way; its output keeps an "onnx::Conv_" name).
Graph convWithBias(const QString &weightName, const QString &biasName, bool sharedBias = false) {
    GraphBuilder b(QStringLiteral("exported_conv"));
    const int x = b.input(QStringLiteral("x"), DType::F32, test_graphs::fixedShape({1, 64, 56, 56}));
    const int w = b.weight(weightName, {64, 64, 3, 3});
    int bias = b.weight(biasName, {64});
    if (sharedBias) {
        bias = b.op(QStringLiteral("Identity"), {bias}, {}, QStringLiteral("share"));
        b.graph().values[static_cast<std::size_t>(bias)].name = QStringLiteral("onnx::Conv_12");
    }
    const int c = b.op(QStringLiteral("Conv"), {x, w, bias},
                       {{QStringLiteral("kernel_shape"), Attribute::fromInts({3, 3})},
                        {QStringLiteral("pads"), Attribute::fromInts({1, 1, 1, 1})}},
                       QStringLiteral("conv"));
    b.output(b.op(QStringLiteral("Relu"), {c}, {}, QStringLiteral("relu")));
    return test_graphs::finish(b);
}

}  // namespace

// PyTorch's ONNX exporter (eval mode) folds a BatchNorm into the conv before it and names the folded
// weight and bias "onnx::Conv_<n>"; eager PyTorch runs that BatchNorm as an op of its own. Measured
// with torch 1.13's TorchDispatchMode on torchvision's ResNet-50: 174 kernel-launching aten ops per
// forward (53 convolutions, 53 BatchNorms, 49 ReLUs, 16 adds, pooling, mean, addmm), which the
// export (53 Conv, 49 Relu, 16 Add, ...) only reaches with the folded BatchNorms counted
// (test_measured_accuracy eagerOpCountsOfExports checks the whole exports).
void TestLowering::exportFoldedBatchNormIsAnEagerOp() {
    const KernelPlan folded = lower(convWithBias(QStringLiteral("onnx::Conv_10"), QStringLiteral("onnx::Conv_11")),
                                    Precision::FP32, Runtime::Eager);
    const KernelPlan shared = lower(convWithBias(QStringLiteral("onnx::Conv_10"), QStringLiteral("onnx::Conv_11"), true),
                                    Precision::FP32, Runtime::Eager);
    const KernelPlan ownBias = lower(convWithBias(QStringLiteral("conv.weight"), QStringLiteral("conv.bias")),
                                     Precision::FP32, Runtime::Eager);
    // Conv, its bias (the folded BatchNorm's shift), Relu: three kernels either way.
    QCOMPARE(static_cast<int>(folded.kernels.size()), 3);
    QCOMPARE(static_cast<int>(ownBias.kernels.size()), 3);
    // Host ops: convolution + BatchNorm + relu, against convolution (bias inside the op) + relu.
    QCOMPARE(folded.hostOps, 3);
    QCOMPARE(shared.hostOps, 3);
    QCOMPARE(ownBias.hostOps, 2);
    // A fused engine folds the BatchNorm itself: nothing changes there.
    QCOMPARE(lower(convWithBias(QStringLiteral("onnx::Conv_10"), QStringLiteral("onnx::Conv_11")), Precision::FP32,
                   Runtime::Fused).hostOps,
             0);
}

// The exporter writes nn.SiLU as x -> Sigmoid -> Mul(x, .): eager PyTorch runs F.silu, one op and one
// kernel reading x and writing the result. A squeeze-and-excitation gate (the Sigmoid of another
// tensor multiplying x) stays two ops.
void TestLowering::exportedSiluIsOneOp() {
    auto graph = [](bool gate) {
        GraphBuilder b(QStringLiteral("silu"));
        const int x = b.input(QStringLiteral("x"), DType::F32, test_graphs::fixedShape({8, 64, 28, 28}));
        const int y = b.input(QStringLiteral("y"), DType::F32, test_graphs::fixedShape({8, 64, 28, 28}));
        const int s = b.op(QStringLiteral("Sigmoid"), {gate ? y : x}, {}, QStringLiteral("sigmoid"));
        b.output(b.op(QStringLiteral("Mul"), {x, s}, {}, QStringLiteral("mul")));
        return test_graphs::finish(b);
    };
    const KernelPlan silu = lower(graph(false), Precision::FP32, Runtime::Eager);
    QCOMPARE(static_cast<int>(silu.kernels.size()), 1);
    QCOMPARE(silu.hostOps, 1);
    const Kernel &k = silu.kernels.front().kernel;
    QCOMPARE(k.elements, std::int64_t{8 * 64 * 28 * 28});
    QCOMPARE(k.inputs, 1);  // x once: 4 + 4 bytes per element, not the 4 + 4 + 4 + 4 + 4 of two kernels
    QCOMPARE(k.bytes(), 8.0 * 8 * 64 * 28 * 28);
    const KernelPlan gated = lower(graph(true), Precision::FP32, Runtime::Eager);
    QCOMPARE(static_cast<int>(gated.kernels.size()), 2);
    QCOMPARE(gated.hostOps, 2);
}

// cuDNN's FP16 / BF16 tensor-core convolutions compute in NHWC: on NCHW tensors (PyTorch's default)
// the op transforms its input to NHWC and its output back, two copies of the activations; with
// channels_last, or in TF32 / FP32 (cuDNN has NCHW kernels), or in a fused engine, none.
void TestLowering::nchwLayoutTransforms() {
    const Graph g = test_graphs::convBnRelu(false);
    const std::int64_t elements = 1 * 64 * 56 * 56;  // input and output alike
    const KernelPlan nchw = lower(g, Precision::FP16, Runtime::Eager);
    QCOMPARE(countRole(nchw, KernelRole::Layout), 2);
    QCOMPARE(static_cast<int>(nchw.kernels.size()), 5);  // transform, conv, transform, BN, Relu
    QCOMPARE(nchw.kernels[0].role, KernelRole::Layout);
    QCOMPARE(nchw.kernels[1].kernel.kind, KernelClass::Conv);
    QCOMPARE(nchw.kernels[2].role, KernelRole::Layout);
    for (int i : {0, 2}) {
        const Kernel &t = nchw.kernels[static_cast<std::size_t>(i)].kernel;
        QCOMPARE(t.kind, KernelClass::Copy);
        QCOMPARE(t.elements, elements);
        QCOMPARE(t.bytes(), 2.0 * 2 * elements);  // read and write, 2 bytes each
    }
    QCOMPARE(nchw.hostOps, lower(g, Precision::FP16, Runtime::Eager, MemoryFormat::ChannelsLast).hostOps);
    QCOMPARE(countRole(lower(g, Precision::BF16, Runtime::Eager), KernelRole::Layout), 2);
    QCOMPARE(countRole(lower(g, Precision::AMP, Runtime::Eager), KernelRole::Layout), 2);
    QCOMPARE(countRole(lower(g, Precision::FP16, Runtime::Eager, MemoryFormat::ChannelsLast), KernelRole::Layout), 0);
    QCOMPARE(countRole(lower(g, Precision::TF32, Runtime::Eager), KernelRole::Layout), 0);
    QCOMPARE(countRole(lower(g, Precision::FP32Strict, Runtime::Eager), KernelRole::Layout), 0);
    QCOMPARE(countRole(lower(g, Precision::FP16, Runtime::Fused), KernelRole::Layout), 0);
    // Depthwise convolutions run PyTorch's own NCHW stencil kernel: MobileNetV2 has 52 convolutions,
    // 17 of them depthwise, so 35 x 2 transforms.
    Result<Design> m = Design::open(QStringLiteral("zoo:mobilenet_v2"), Knobs{});
    QVERIFY2(m.ok(), m ? "" : qPrintable(m.errorMessage()));
    QCOMPARE(countRole(lower(m->graph(), Precision::FP16, Runtime::Eager), KernelRole::Layout), 70);
    QCOMPARE(memoryFormatName(MemoryFormat::Contiguous), QStringLiteral("nchw"));
    QCOMPARE(memoryFormatName(MemoryFormat::ChannelsLast), QStringLiteral("channels-last"));
}

// A depthwise convolution reads channels-last memory after a permute from NHWC back to NCHW (and
// through the element-wise ops after it), or everywhere under the channels-last memory format: then
// PyTorch runs cuDNN's NHWC kernel, otherwise its own NCHW one (KernelModel::depthwiseIssueCycles).
void TestLowering::depthwiseMemoryFormat() {
    const Graph g = test_graphs::depthwiseAfterPermute();
    for (MemoryFormat f : {MemoryFormat::Contiguous, MemoryFormat::ChannelsLast}) {
        const KernelPlan plan = lower(g, Precision::FP32, Runtime::Eager, f);
        std::vector<bool> channelsLast;
        for (const PlannedKernel &pk : plan.kernels) {
            if (isDepthwiseStencil(pk.kernel)) {
                channelsLast.push_back(pk.kernel.channelsLast);
            }
        }
        QCOMPARE(channelsLast.size(), std::size_t{3});
        QCOMPARE(channelsLast[0], f == MemoryFormat::ChannelsLast);
        QVERIFY(channelsLast[1]);
        QVERIFY(channelsLast[2]);
    }
    // The NCHW kernel is issue-bound: on an H100 SXM (132 SMs, 1,980 MHz) the second 3x3 convolution
    // of 64 x 96 x 56 x 56 outputs takes at least 2.49 cycles each (the H100 kernel data), 184 us; the
    // first one is priced so, the channels-last one by its streaming time alone (much less).
    const KernelPlan plan = lower(g, Precision::FP32, Runtime::Eager);
    const GpuSpec *h100 = GpuCatalogue::builtIn().find(QStringLiteral("h100-sxm5-80gb"));
    QVERIFY(h100);
    std::vector<double> ms;
    for (const PlannedKernel &pk : plan.kernels) {
        if (isDepthwiseStencil(pk.kernel)) {
            ms.push_back(predictKernel(pk.kernel, DeviceResources::fromSpec(*h100)).deviceMs);
        }
    }
    const double issueMs = 64.0 * 96 * 56 * 56 * 2.49 / (132 * 1980e6) * 1e3;
    QVERIFY2(ms[0] >= issueMs * 0.999, qPrintable(QString::number(ms[0])));
    QVERIFY2(ms[1] < issueMs * 0.7, qPrintable(QString::number(ms[1])));
}

QTEST_GUILESS_MAIN(TestLowering)
#include "test_lowering.moc"
