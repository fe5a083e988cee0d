// SPDX-License-Identifier: MIT
// Tests of Kernel: FLOPs, compulsory bytes, implicit-GEMM dims, validity. Expected values are
// hand calculations from the shapes (2 FLOPs per multiply-add, every operand read once, every
// result written once).
#include "predict/kernel.h"

#include <QtTest>

using namespace infersight;

Q_DECLARE_METATYPE(infersight::Kernel)

class TestKernel : public QObject {
    Q_OBJECT
private slots:
    void flopsAndBytes_data();
    void flopsAndBytes();
    void convGeometry();
    void pointwiseConvIsGemm();
    void validity_data();
    void validity();
};

void TestKernel::flopsAndBytes_data() {
    QTest::addColumn<Kernel>("kernel");
    QTest::addColumn<double>("flops");
    QTest::addColumn<double>("bytes");
    // 1024^3 GEMM: 2 * 1024^3 FLOPs; three 1024x1024 fp32 matrices.
    QTest::newRow("gemm 1024^3 fp32") << Kernel::gemm(1024, 1024, 1024) << 2.0 * 1024 * 1024 * 1024
                                      << 4.0 * 3 * 1024 * 1024;
    // BERT-large QK^T, batch 8 x 16 heads: out[128, 512, 512] = [128, 512, 64] x [128, 64, 512], fp16.
    QTest::newRow("bmm fp16") << Kernel::gemm(512, 512, 64, 128, false, ComputeType::FP16, 2)
                              << 2.0 * 128 * 512 * 512 * 64 << 2.0 * 128 * (512.0 * 64 + 64.0 * 512 + 512.0 * 512);
    // ResNet-50 conv2 3x3: N=1, 64 -> 64 channels, 56x56, pad 1: 2 * 56*56*64*64*9 FLOPs;
    // bytes = input 64*56*56 + weights 64*64*9 + output 64*56*56, 4 B each.
    QTest::newRow("conv 3x3") << Kernel::conv2d(1, 64, 64, 56, 56, 3, 3, 1, 1) << 2.0 * 56 * 56 * 64 * 64 * 9
                              << 4.0 * (64.0 * 56 * 56 + 64.0 * 64 * 9 + 64.0 * 56 * 56);
    // Depthwise 3x3 as a conv with groups = channels: K = 1 * 9 per output.
    QTest::newRow("depthwise conv") << Kernel::conv2d(2, 32, 32, 112, 112, 3, 3, 1, 1, 32)
                                    << 2.0 * 2 * 112 * 112 * 32 * 9
                                    << 4.0 * (2.0 * 32 * 112 * 112 + 32.0 * 9 + 2.0 * 32 * 112 * 112);
    // Residual add: two inputs, one output of 1M elements.
    QTest::newRow("add") << Kernel::elementwise(1 << 20, 2, 1) << double(1 << 20) << 12.0 * (1 << 20);
    // Softmax over 1024 rows of 512: read once, write once, 6 FLOPs per element.
    QTest::newRow("softmax") << Kernel::rowReduction(1024, 512) << 6.0 * 1024 * 512 << 8.0 * 1024 * 512;
    // Sum over rows: one value per row written.
    QTest::newRow("row sum") << Kernel::rowReduction(1000, 100, 1.0, 4, 0) << 1000.0 * 100
                             << 4.0 * (1000.0 * 100 + 1000);
    // Max-pool 3x3 stride 2 pad 1 on 64x112x112: 56x56 outputs per channel.
    QTest::newRow("pool") << Kernel::stencil(1, 64, 112, 112, 3, 3, 2, 1) << 2.0 * 64 * 56 * 56 * 9
                          << 4.0 * (64.0 * 112 * 112 + 64.0 * 56 * 56);
    QTest::newRow("copy") << Kernel::copy(1000, 2) << 0.0 << 2.0 * 2 * 1000;
}

void TestKernel::flopsAndBytes() {
    QFETCH(Kernel, kernel);
    QFETCH(double, flops);
    QFETCH(double, bytes);
    QVERIFY(kernel.valid());
    QCOMPARE(kernel.flops(), flops);
    QCOMPARE(kernel.bytes(), bytes);
}

void TestKernel::convGeometry() {
    // ResNet-50 stem: 224x224, 7x7 stride 2 pad 3 -> 112x112 (ResNet paper, table 1).
    const Kernel stem = Kernel::conv2d(8, 3, 64, 224, 224, 7, 7, 2, 3);
    QCOMPARE(stem.outH(), 112);
    QCOMPARE(stem.outW(), 112);
    QCOMPARE(stem.implicitM(), 8 * 112 * 112);
    QCOMPARE(stem.implicitN(), 64);
    QCOMPARE(stem.implicitK(), 3 * 7 * 7);
    // Dilation 2 on a 3x3 window spans 5 pixels: 32 + 2*2 - 5 + 1 = 32.
    const Kernel dilated = Kernel::conv2d(1, 16, 16, 32, 32, 3, 3, 1, 2, 1, ComputeType::FP32, 4, 2);
    QCOMPARE(dilated.outH(), 32);
}

void TestKernel::pointwiseConvIsGemm() {
    const Kernel conv = Kernel::conv2d(4, 256, 64, 56, 56, 1, 1);
    QVERIFY(conv.isPointwiseConv());
    const Kernel g = conv.asGemm();
    QCOMPARE(g.kind, KernelClass::Gemm);
    QCOMPARE(g.m, 4 * 56 * 56);
    QCOMPARE(g.n, 64);
    QCOMPARE(g.k, 256);
    QCOMPARE(g.flops(), conv.flops());
    QCOMPARE(g.bytes(), conv.bytes());
    QVERIFY(!Kernel::conv2d(4, 256, 64, 56, 56, 1, 1, 2).isPointwiseConv());  // strided
    QVERIFY(!Kernel::conv2d(4, 256, 64, 56, 56, 3, 3, 1, 1).isPointwiseConv());
}

void TestKernel::validity_data() {
    QTest::addColumn<Kernel>("kernel");
    QTest::addColumn<bool>("valid");
    QTest::newRow("gemm") << Kernel::gemm(1, 1, 1) << true;
    QTest::newRow("gemm zero k") << Kernel::gemm(8, 8, 0) << false;
    QTest::newRow("conv window larger than input") << Kernel::conv2d(1, 3, 8, 2, 2, 5, 5) << false;
    QTest::newRow("conv groups not dividing") << Kernel::conv2d(1, 6, 8, 8, 8, 3, 3, 1, 1, 4) << false;
    QTest::newRow("elementwise nothing moved") << Kernel::elementwise(10, 0, 0) << false;
    QTest::newRow("row reduction") << Kernel::rowReduction(3, 7) << true;
    QTest::newRow("zero element bytes") << Kernel::elementwise(10, 1, 1, 1.0, 0) << false;
}

void TestKernel::validity() {
    QFETCH(Kernel, kernel);
    QFETCH(bool, valid);
    QCOMPARE(kernel.valid(), valid);
}

QTEST_GUILESS_MAIN(TestKernel)
#include "test_kernel.moc"
