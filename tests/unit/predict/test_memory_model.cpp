// SPDX-License-Identifier: MIT
// Tests of estimateMemory. Expected values are hand calculations:
//  - ResNet-50 weights: 25,557,032 parameters (torchvision weights metadata) + 2 x 26,560
//    BatchNorm running statistics (the BN channel count of torchvision's resnet50:
//    64 + 1,408 + 3,584 + 10,240 + 11,264) = 25,610,152 floats, 4 B each in FP32, 2 in FP16.
//  - Liveness of x -> A = x + x -> B = A * A -> Relu(B) in place, 1024 fp32 each: the input stays
//    (the caller holds it), A dies after B is made, the Relu writes into B: peak x + A + B.
//  - GPT-2 (12 layers, 768 wide) KV cache in fp32: per token 12 x 2 x 768 x 4 B; decode with 1023
//    cached tokens keeps the past (1023) and the concatenated present (1024) in eager PyTorch.
//  - PyTorch's caching allocator rounds blocks to 512 B (c10/cuda/CUDACachingAllocator.cpp).
//  - OPT-1.3B in FP32 (1,315,758,080 parameters, 5.3 GB) cannot fit a 1g.5gb A100 slice
//    (4,864 MiB usable per nvidia-smi mig -lgip) but fits 3g.20gb.
//  - Eager PyTorch's context: 430 MiB + 1 KiB of stack per resident thread (SMs x threads per SM, CUDA
//    C++ Programming Guide: 2048 on sm80 / sm90, 1024 on sm75): H100 SXM 132 x 2048 -> 264 MiB, 694 MiB
//    in all (what data/measured reads); A100 SXM4 108 x 2048 -> 216 MiB, 646 MiB; its 1g.5gb slice (14
//    SMs) 28 MiB, 458 MiB; T4 40 x 1024 -> 40 MiB, 470 MiB.
#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"
#include "design/design.h"
#include "predict/lowering.h"
#include "predict/memory_model.h"
#include "predict_test_graphs.h"

#include <QtTest>

using namespace infersight;

namespace {

MemoryEstimate memoryOf(const Graph &g, Precision p, Runtime r, const QString &gpu = QStringLiteral("a100-sxm4-40gb"),
                        const QString &mig = {}) {
    const GpuSpec *spec = GpuCatalogue::builtIn().find(gpu);
    Result<Target> t = Target::make(*spec, mig);
    const GraphAnalysis a = GraphAnalysis::of(g);
    LoweringOptions o;
    o.precision = p;
    o.runtime = r;
    const KernelPlan plan = lowerGraph(g, a, o);
    return estimateMemory(g, a, plan, *t);
}

Graph zoo(const QString &name, ShapeBindings b) {
    Knobs knobs;
    knobs.batch = b.batch;
    knobs.sequence = b.sequence;
    knobs.height = b.height;
    knobs.width = b.width;
    if (b.context > 0) {
        knobs.phase = DecoderPhase::Decode;
        knobs.context = b.context;
    }
    Result<Design> m = Design::open(name, knobs);
    if (!m) {
        qFatal("%s", qPrintable(m.errorMessage()));
    }
    return m->graph();
}

}  // namespace

class TestMemoryModel : public QObject {
    Q_OBJECT
private slots:
    void weights_data();
    void weights();
    void liveness();
    void allocatorRounding_data();
    void allocatorRounding();
    void kvCache_data();
    void kvCache();
    void fitsMigSlice_data();
    void fitsMigSlice();
    void deviceViewAddsContext();
    void eagerContext_data();
    void eagerContext();
};

void TestMemoryModel::weights_data() {
    QTest::addColumn<int>("precision");
    QTest::addColumn<double>("bytes");
    QTest::newRow("fp32") << int(Precision::FP32) << 25610152.0 * 4;
    QTest::newRow("fp16") << int(Precision::FP16) << 25610152.0 * 2;
    QTest::newRow("amp keeps fp32 masters") << int(Precision::AMP) << 25610152.0 * 4;
}

void TestMemoryModel::weights() {
    QFETCH(int, precision);
    QFETCH(double, bytes);
    ShapeBindings b;
    b.batch = 1;
    const MemoryEstimate m = memoryOf(zoo(QStringLiteral("zoo:resnet50"), b), static_cast<Precision>(precision), Runtime::Eager);
    QCOMPARE(m.weightsBytes, bytes);
}

void TestMemoryModel::liveness() {
    const MemoryEstimate m = memoryOf(test_graphs::livenessChain(), Precision::FP32, Runtime::Eager);
    QCOMPARE(m.activationsBytes, 3.0 * 4096);
    QCOMPARE(m.weightsBytes, 0.0);
}

void TestMemoryModel::allocatorRounding_data() {
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("block");
    QTest::newRow("0") << 0.0 << 0.0;
    QTest::newRow("1") << 1.0 << 512.0;
    QTest::newRow("512") << 512.0 << 512.0;
    QTest::newRow("513") << 513.0 << 1024.0;
    QTest::newRow("1 MiB + 1") << 1048577.0 << 1049088.0;
}

void TestMemoryModel::allocatorRounding() {
    QFETCH(double, bytes);
    QFETCH(double, block);
    QCOMPARE(allocatorBlockBytes(bytes), block);
}

void TestMemoryModel::kvCache_data() {
    QTest::addColumn<int>("phase");
    QTest::addColumn<int>("runtime");
    QTest::addColumn<double>("bytes");
    const double perToken = 12.0 * 2 * 768 * 4;
    QTest::newRow("prefill 1024 eager") << int(DecoderPhase::Prefill) << int(Runtime::Eager) << perToken * 1024;
    QTest::newRow("decode 1023+1 eager") << int(DecoderPhase::Decode) << int(Runtime::Eager) << perToken * (1023 + 1024);
    QTest::newRow("decode 1023+1 fused (in place)") << int(DecoderPhase::Decode) << int(Runtime::Fused) << perToken * 1024;
}

void TestMemoryModel::kvCache() {
    QFETCH(int, phase);
    QFETCH(int, runtime);
    QFETCH(double, bytes);
    ShapeBindings b;
    b.batch = 1;
    if (static_cast<DecoderPhase>(phase) == DecoderPhase::Decode) {
        b.sequence = 1;
        b.context = 1023;
    } else {
        b.sequence = 1024;
    }
    const MemoryEstimate m = memoryOf(zoo(QStringLiteral("zoo:gpt2"), b), Precision::FP32, static_cast<Runtime>(runtime));
    QCOMPARE(m.kvCacheBytes, bytes);
}

void TestMemoryModel::fitsMigSlice_data() {
    QTest::addColumn<QString>("mig");
    QTest::addColumn<bool>("fits");
    QTest::newRow("1g.5gb") << QStringLiteral("1g.5gb") << false;
    QTest::newRow("3g.20gb") << QStringLiteral("3g.20gb") << true;
    QTest::newRow("whole GPU") << QString() << true;
}

void TestMemoryModel::fitsMigSlice() {
    QFETCH(QString, mig);
    QFETCH(bool, fits);
    ShapeBindings b;
    b.batch = 1;
    b.sequence = 128;
    const MemoryEstimate m =
        memoryOf(zoo(QStringLiteral("zoo:opt-1.3b"), b), Precision::FP32, Runtime::Eager, QStringLiteral("a100-sxm4-40gb"), mig);
    QCOMPARE(m.fits, fits);
    QVERIFY(m.weightsBytes >= 1315758080.0 * 4);
    if (!mig.isEmpty()) {
        // The slice's usable memory (lgip MiB), not its name.
        const GpuSpec *spec = GpuCatalogue::builtIn().find(QStringLiteral("a100-sxm4-40gb"));
        QCOMPARE(m.capacityBytes, spec->findMig(mig)->memoryBytes());
    }
}

void TestMemoryModel::deviceViewAddsContext() {
    ShapeBindings b;
    b.batch = 16;
    const MemoryEstimate m = memoryOf(zoo(QStringLiteral("zoo:resnet50"), b), Precision::FP32, Runtime::Eager);
    // allocated <= reserved < device used = reserved + context.
    QVERIFY(m.allocatorPeakBytes >= m.weightsBytes + m.activationsBytes);
    QVERIFY(m.allocatorReservedBytes >= m.allocatorPeakBytes);
    QCOMPARE(m.deviceUsedBytes, m.allocatorReservedBytes + m.contextBytes);
    QVERIFY(m.workspaceBytes > 0);
    QCOMPARE(m.kvCacheBytes, 0.0);
}

void TestMemoryModel::eagerContext_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("mig");
    QTest::addColumn<double>("mib");
    QTest::newRow("H100 SXM") << QStringLiteral("h100-sxm5-80gb") << QString() << 694.0;
    QTest::newRow("A100 SXM4 40GB") << QStringLiteral("a100-sxm4-40gb") << QString() << 646.0;
    QTest::newRow("A100 1g.5gb") << QStringLiteral("a100-sxm4-40gb") << QStringLiteral("1g.5gb") << 458.0;
    QTest::newRow("T4") << QStringLiteral("t4") << QString() << 470.0;
}

void TestMemoryModel::eagerContext() {
    QFETCH(QString, gpu);
    QFETCH(QString, mig);
    QFETCH(double, mib);
    ShapeBindings b;
    b.batch = 1;
    const Graph g = zoo(QStringLiteral("zoo:resnet18"), b);
    const MemoryEstimate eager = memoryOf(g, Precision::FP32, Runtime::Eager, gpu, mig);
    QCOMPARE(eager.contextBytes, mib * 1024 * 1024);
    const MemoryEstimate fused = memoryOf(g, Precision::FP32, Runtime::Fused, gpu, mig);
    QCOMPARE(fused.contextBytes, 250.0 * 1024 * 1024);  // an engine's: assumed, no measured row
}

QTEST_GUILESS_MAIN(TestMemoryModel)
#include "test_memory_model.moc"
