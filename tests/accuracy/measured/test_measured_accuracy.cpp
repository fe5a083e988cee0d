// SPDX-License-Identifier: MIT
// H100 SXM5 measurements (data/measured/h100-sxm5-80gb/latency.csv: eager PyTorch 2.11,
// torchvision / timm / HF transformers, batch 1 and large batch) and the ONNX exports of the same
// models (TorchScript-based exporter, opset 17). The kernel model is never fitted on them; ONE
// figure is: the host time scale of the machine they ran on (host catalogue "measured-h100-vm",
// x0.56 of the DGX-1's eager costs), fitted on the 79 host-bound batch-1 rows. Its held-out figure
// is leave-one-model-family-out (validate refits the scale without each family and predicts the
// family with it: ValidationRow::lofoPredictedMs); the batch-1 ceilings below on the as-priced
// predictions are in-sample for that one factor.
//
// Eager PyTorch runs far fewer framework ops than the exported graph has nodes: the exporter
// writes Python arithmetic on tensor sizes as Shape / Gather / Cast / Sqrt nodes, decomposes
// scaled_dot_product_attention into MatMul -> Softmax -> MatMul with the operands scaled by
// sqrt(1 / sqrt(head_dim)), and F.gelu into five element-wise nodes around an Erf. The checks:
//  - no node computing on shape scalars launches a kernel (the model's shapes are Python ints);
//  - SDPA runs as one attention kernel per layer (ViT-B/16 and BERT-base: 12 encoder layers,
//    ViT-L/16: 24, DeiT-S: 12, from the models' published configurations), hand-written attention
//    (torchvision's Swin-T: `attn = q @ k.transpose(-2, -1)`, + relative position bias, softmax,
//    `@ v`) does not unless forced;
//  - the batch-1 (host-bound) error on the H100 rows stays under a ceiling that the op count of
//    the exported graph (572 framework ops for ViT-B/16) did not meet, and under the
//    leave-one-family-out ceiling of the host time scale, with the band covering 70-90 % of the
//    leave-one-family-out predictions (issue 17 item 5).
#include "design/design.h"
#include "predict/kernel_model.h"
#include "predict/lowering.h"
#include "validate/validation.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace infersight;

namespace {

const QString kGpuDir = QStringLiteral("h100-sxm5-80gb");

QString onnxPath(const QString &model) {
    return QDir(measuredDataDirectory()).filePath(QStringLiteral("measured/%1/onnx/%2.onnx").arg(kGpuDir, model));
}

KernelPlan eagerPlan(const QString &model, AttentionLowering attention) {
    Knobs knobs;
    knobs.batch = 1;
    Result<Design> d = Design::open(onnxPath(model), knobs);
    if (!d) {
        qFatal("%s", qPrintable(d.errorMessage()));
    }
    LoweringOptions lo;
    lo.precision = Precision::FP32;
    lo.runtime = Runtime::Eager;
    lo.attention = attention;
    return lowerGraph(d->graph(), lo);
}

int attentionKernels(const KernelPlan &plan) {
    return static_cast<int>(std::count_if(plan.kernels.begin(), plan.kernels.end(),
                                          [](const PlannedKernel &k) { return k.role == KernelRole::Attention; }));
}

std::vector<ValidationRow> rowsOf(const QString &gpuDir) {
    ValidationOptions o;
    QStringList notes;
    const QString path = QDir(o.dataDir).filePath(QStringLiteral("measured/%1/latency.csv").arg(gpuDir));
    Result<std::vector<ValidationRow>> v = validateMeasuredFile(path, o, &notes);
    if (!v) {
        qFatal("%s", qPrintable(v.errorMessage()));
    }
    for (const QString &n : notes) {
        qInfo("%s", qPrintable(n));
    }
    return std::move(v.value());
}

std::vector<ValidationRow> rowsOfFile(const QString &path) {
    Result<std::vector<ValidationRow>> v = validateMeasuredFile(path, ValidationOptions{});
    if (!v) {
        qFatal("%s", qPrintable(v.errorMessage()));
    }
    return std::move(v.value());
}

const std::vector<ValidationRow> &h100Rows() {
    static const std::vector<ValidationRow> r = rowsOf(kGpuDir);
    return r;
}

bool isTransformer(const ValidationRow &r) {
    return r.family == QLatin1String("transformers") || r.model.startsWith(QLatin1String("vit_")) ||
           r.model == QLatin1String("swin_t") || r.model.contains(QLatin1String("deit")) ||
           r.model.contains(QLatin1String("mixer"));
}

}  // namespace

class TestMeasuredAccuracy : public QObject {
    Q_OBJECT
private slots:
    void shapeScalarsLaunchNothing_data();
    void shapeScalarsLaunchNothing();
    void sdpaIsOneKernelPerLayer_data();
    void sdpaIsOneKernelPerLayer();
    void eagerGeluIsOneOp();
    void eagerOpCountsOfExports_data();
    void eagerOpCountsOfExports();
    void validateReadsAttentionFromModelConfig();
    void batchOneMape_data();
    void batchOneMape();
    void hostScaleLeaveOneFamilyOut_data();
    void hostScaleLeaveOneFamilyOut();
    void wideIssueFp32Fit();
    void largeBatchFp32Bias();
    void h200AgainstH100_data();
    void h200AgainstH100();
    void memoryOfMeasuredRows_data();
    void memoryOfMeasuredRows();
    void memoryReadingsCorrected();
    void energyFit();
};

void TestMeasuredAccuracy::shapeScalarsLaunchNothing_data() {
    QTest::addColumn<QString>("model");
    QTest::newRow("vit_b_16") << QStringLiteral("vit_b_16");
    QTest::newRow("bert_base_s128") << QStringLiteral("bert_base_s128");
    QTest::newRow("gpt2_s128") << QStringLiteral("gpt2_s128");
    QTest::newRow("swin_t") << QStringLiteral("swin_t");
}

void TestMeasuredAccuracy::shapeScalarsLaunchNothing() {
    QFETCH(QString, model);
    Knobs knobs;
    knobs.batch = 1;
    Result<Design> d = Design::open(onnxPath(model), knobs);
    QVERIFY2(d, qPrintable(d ? QString() : d.errorMessage()));
    const Graph &g = d->graph();
    LoweringOptions lo;
    const KernelPlan plan = lowerGraph(g, lo);
    // Shape scalars: the outputs of Shape / Size, and what a node computes from them and from small
    // constants alone (every output at most 16 elements: a shape has one per dimension).
    std::vector<char> shapeValue(g.values.size(), 0);
    auto elements = [&](int v) { return g.values[static_cast<std::size_t>(v)].elements(); };
    int scalarNodes = 0;
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        const Node &n = g.nodes[i];
        if (n.opType == QLatin1String("Shape") || n.opType == QLatin1String("Size")) {
            for (int v : n.outputs) {
                shapeValue[static_cast<std::size_t>(v)] = 1;
            }
            continue;
        }
        bool anyShape = false;
        bool onlyScalars = !n.inputs.empty();
        for (int v : n.inputs) {
            if (v < 0) {
                continue;
            }
            const int p = g.values[static_cast<std::size_t>(v)].producer;
            const bool constant = elements(v) >= 0 && elements(v) <= 16 &&
                                  (g.values[static_cast<std::size_t>(v)].isInitializer() ||
                                   (p >= 0 && g.nodes[static_cast<std::size_t>(p)].opType == QLatin1String("Constant")));
            anyShape = anyShape || shapeValue[static_cast<std::size_t>(v)];
            onlyScalars = onlyScalars && (shapeValue[static_cast<std::size_t>(v)] || constant);
        }
        bool smallOutputs = !n.outputs.empty();
        for (int v : n.outputs) {
            smallOutputs = smallOutputs && v >= 0 && elements(v) >= 0 && elements(v) <= 16;
        }
        if (!anyShape || !onlyScalars || !smallOutputs) {
            continue;
        }
        for (int v : n.outputs) {
            shapeValue[static_cast<std::size_t>(v)] = 1;
        }
        ++scalarNodes;
        QVERIFY2(plan.nodes[i].kernelCount == 0 && plan.nodes[i].hostOps == 0,
                 qPrintable(QStringLiteral("%1: %2 (%3) computes on shape scalars yet launches %4 kernels, %5 ops")
                                .arg(model, n.name, n.opType)
                                .arg(plan.nodes[i].kernelCount)
                                .arg(plan.nodes[i].hostOps)));
    }
    QVERIFY(scalarNodes > 0);  // the exporter writes them: the check looked at something
    qInfo("%s: %d shape-scalar nodes, %d framework ops, %d kernels", qPrintable(model), scalarNodes, plan.hostOps,
          static_cast<int>(plan.kernels.size()));
}

void TestMeasuredAccuracy::sdpaIsOneKernelPerLayer_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("autoKernels");   // AttentionLowering::Auto
    QTest::addColumn<int>("fusedKernels");  // AttentionLowering::Fused (what validate sets for SDPA sources)
    QTest::newRow("vit_b_16") << QStringLiteral("vit_b_16") << 12 << 12;
    QTest::newRow("vit_l_16") << QStringLiteral("vit_l_16") << 24 << 24;
    QTest::newRow("bert_base_s128") << QStringLiteral("bert_base_s128") << 12 << 12;
    QTest::newRow("timm_deit_small") << QStringLiteral("timm_deit_small_patch16_224") << 12 << 12;
    // Swin-T (depths 2, 2, 6, 2: 12 blocks): hand-written attention, no SDPA signature. Forced
    // fused: the 7 blocks without a shifted window; the 5 shifted ones (every second block, except
    // in the last stage, whose 7 x 7 map is one window and torchvision sets the shift to 0) add the
    // mask through views (attn.view(...) + mask, .view(...)), a pattern the lowering leaves alone.
    QTest::newRow("swin_t") << QStringLiteral("swin_t") << 0 << 7;
}

void TestMeasuredAccuracy::sdpaIsOneKernelPerLayer() {
    QFETCH(QString, model);
    QFETCH(int, autoKernels);
    QFETCH(int, fusedKernels);
    const KernelPlan autoPlan = eagerPlan(model, AttentionLowering::Auto);
    const KernelPlan fusedPlan = eagerPlan(model, AttentionLowering::Fused);
    const KernelPlan manual = eagerPlan(model, AttentionLowering::Decomposed);
    QCOMPARE(attentionKernels(autoPlan), autoKernels);
    QCOMPARE(attentionKernels(fusedPlan), fusedKernels);
    QCOMPARE(attentionKernels(manual), 0);
    // Decomposed attention runs MatMul, Softmax, MatMul (and the scaling) as ops of their own.
    QVERIFY(manual.hostOps >= fusedPlan.hostOps + 3 * fusedKernels);
    QVERIFY(manual.kernels.size() >= fusedPlan.kernels.size() + 2 * static_cast<std::size_t>(fusedKernels));
    qInfo("%s eager: %d ops / %d kernels with SDPA, %d / %d decomposed", qPrintable(model), fusedPlan.hostOps,
          static_cast<int>(fusedPlan.kernels.size()), manual.hostOps, static_cast<int>(manual.kernels.size()));
}

// ViT-B/16's MLP is Linear -> GELU -> Linear in 12 layers: 12 Erf nodes, each inside one GELU op.
void TestMeasuredAccuracy::eagerGeluIsOneOp() {
    Knobs knobs;
    knobs.batch = 1;
    Result<Design> d = Design::open(onnxPath(QStringLiteral("vit_b_16")), knobs);
    QVERIFY2(d, qPrintable(d ? QString() : d.errorMessage()));
    const Graph &g = d->graph();
    const KernelPlan plan = lowerGraph(g, LoweringOptions{});
    int erf = 0;
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        if (g.nodes[i].opType != QLatin1String("Erf")) {
            continue;
        }
        ++erf;
        const PlannedNode &pn = plan.nodes[i];
        QCOMPARE(pn.kernelCount, 0);
        QCOMPARE(pn.hostOps, 0);
        QVERIFY(pn.fusedInto >= 0);
        const PlannedNode &sink = plan.nodes[static_cast<std::size_t>(pn.fusedInto)];
        QCOMPARE(sink.kernelCount, 1);
        QCOMPARE(sink.hostOps, 1);
    }
    QCOMPARE(erf, 12);
}

// The kernel-launching aten ops eager PyTorch dispatches in one forward pass, counted outside this
// project: torch 1.13 / torchvision 0.14 on the CPU under a TorchDispatchMode, batch 1, every op
// but views and BatchNorm's `empty` (its saved-statistics buffers, no kernel): ResNet-50 174 (53
// convolutions, 53 BatchNorms, 49 ReLUs, 16 adds, max pool, mean, addmm), ResNet-101 344, RegNetY-1.6GF
// 445, DenseNet-121 430, MobileNetV2 151, EfficientNet-B0 238 (81 convolutions, 49 BatchNorms, 49
// SiLUs, 17 means, 16 sigmoids, 16 multiplies, 9 adds, addmm), EfficientNet-B4 475. The exports fold
// every BatchNorm after a convolution into it and write SiLU as Sigmoid and Mul: the lowering counts
// the folded BatchNorms back as ops and the SiLU as one (its Flatten is the one view).
void TestMeasuredAccuracy::eagerOpCountsOfExports_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("eagerOps");
    QTest::newRow("resnet50") << QStringLiteral("resnet50") << 174;
    QTest::newRow("resnet101") << QStringLiteral("resnet101") << 344;
    QTest::newRow("regnet_y_1_6gf") << QStringLiteral("regnet_y_1_6gf") << 445;
    QTest::newRow("densenet121") << QStringLiteral("densenet121") << 430;
    QTest::newRow("mobilenet_v2") << QStringLiteral("mobilenet_v2") << 151;
    QTest::newRow("efficientnet_b0") << QStringLiteral("efficientnet_b0") << 238;
    QTest::newRow("efficientnet_b4") << QStringLiteral("efficientnet_b4") << 475;
}

void TestMeasuredAccuracy::eagerOpCountsOfExports() {
    QFETCH(QString, model);
    QFETCH(int, eagerOps);
    const KernelPlan plan = eagerPlan(model, AttentionLowering::Auto);
    int views = 0;
    for (const PlannedNode &pn : plan.nodes) {
        views += pn.host == HostOpClass::View ? pn.hostOps : 0;
    }
    qInfo("%s: %d framework ops (%d views), %d kernels; eager PyTorch %d kernel-launching ops", qPrintable(model),
          plan.hostOps, views, static_cast<int>(plan.kernels.size()), eagerOps);
    QCOMPARE(plan.hostOps - views, eagerOps);
}

// The harness's model_config says how the model ran attention: the same BERT-base batch-1 row
// with attn_implementation "eager" (hand-written attention: the 12 layers' MatMul, scale, mask
// add, Softmax, MatMul run as ops of their own) is predicted slower than as measured ("sdpa").
void TestMeasuredAccuracy::validateReadsAttentionFromModelConfig() {
    ValidationOptions o;
    QFile in(QDir(o.dataDir).filePath(QStringLiteral("measured/%1/latency.csv").arg(kGpuDir)));
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = in.readAll().split('\n');
    QByteArray sdpaRow;
    for (const QByteArray &l : lines) {
        if (l.contains(",bert_base_s128,transformers,encoder,1,128,") && l.contains(",fp32,ieee,eager,") &&
            l.contains("\"\"attn_implementation\"\":\"\"sdpa\"\"")) {
            sdpaRow = l;
        }
    }
    QVERIFY(!sdpaRow.isEmpty());
    QByteArray eagerRow = sdpaRow;
    eagerRow.replace("\"\"attn_implementation\"\":\"\"sdpa\"\"", "\"\"attn_implementation\"\":\"\"eager\"\"");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("latency.csv"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(lines.first() + '\n' + sdpaRow + '\n' + eagerRow + '\n');
    out.close();
    QStringList notes;
    Result<std::vector<ValidationRow>> rows = validateMeasuredFile(path, o, &notes);
    QVERIFY2(rows, qPrintable(rows ? QString() : rows.errorMessage()));
    QCOMPARE(static_cast<int>(rows->size()), 2);
    const double sdpa = rows->at(0).predictedMs;
    const double eager = rows->at(1).predictedMs;
    qInfo("bert_base_s128 b1 fp32-strict on the H100: %.2f ms with SDPA, %.2f ms with hand-written attention", sdpa, eager);
    QVERIFY(eager > 1.05 * sdpa);
}

void TestMeasuredAccuracy::batchOneMape_data() {
    QTest::addColumn<QString>("set");
    QTest::addColumn<double>("ceiling");
    QTest::addColumn<double>("before");  // on the DGX-1's host costs (validate before the measured machine's host), for the log
    // Ceilings: the figures priced on the measured machine's host (x0.56) plus about 3 points
    // (other modelling work on the kernel model moves them a little). On the DGX-1's costs they were
    // 67.1 / 76.6 / 61.9 / 15.5 % (`validate --only measured` of 2026-11-27 before the host entry);
    // with the exported graph's op count 118.2 / 195.1 / 76.4 / 37.9 %.
    QTest::newRow("batch 1, all") << QStringLiteral("b1") << 26.0 << 67.1;
    QTest::newRow("batch 1, transformers") << QStringLiteral("b1-transformer") << 25.5 << 76.6;
    QTest::newRow("batch 1, CNNs") << QStringLiteral("b1-cnn") << 26.5 << 61.9;
    // Large batch: 10.7 % since the eager lowering's exporter fixes (folded BatchNorms, SiLU), cuDNN's
    // NCHW layout transforms and the split wide-issue FP32 factor (11.9 % before).
    QTest::newRow("large batch, all") << QStringLiteral("large") << 13.5 << 15.5;
}

void TestMeasuredAccuracy::batchOneMape() {
    QFETCH(QString, set);
    QFETCH(double, ceiling);
    QFETCH(double, before);
    auto use = [&](const ValidationRow &r) {
        if (r.dataset != QLatin1String("measured") || r.gpuId != kGpuDir) {
            return false;
        }
        if (set == QLatin1String("large")) {
            return r.batch > 1;
        }
        if (r.batch != 1) {
            return false;
        }
        return set == QLatin1String("b1") || (set == QLatin1String("b1-transformer")) == isTransformer(r);
    };
    const int n = static_cast<int>(std::count_if(h100Rows().begin(), h100Rows().end(), use));
    QVERIFY(n >= 20);
    const double m = mapeOf(h100Rows(), use);
    qInfo("H100 %s: MAPE %.1f %% over %d rows (on the DGX-1's host costs: %.1f %%)", qPrintable(set), m, n, before);
    QVERIFY2(m <= ceiling, qPrintable(QStringLiteral("H100 %1 MAPE %2 % > %3 %").arg(set).arg(m, 0, 'f', 1).arg(ceiling)));
}

void TestMeasuredAccuracy::hostScaleLeaveOneFamilyOut_data() {
    QTest::addColumn<QString>("set");
    QTest::addColumn<double>("ceiling");
    // Leave-one-model-family-out MAPE of `validate --only measured` (2026-11-27): 24.1 % (b1, 88
    // rows), 24.0 % (transformers, 31), 24.1 % (CNNs, 57); ceilings 2 points above.
    QTest::newRow("batch 1, all") << QStringLiteral("b1") << 26.0;
    QTest::newRow("batch 1, transformers") << QStringLiteral("b1-transformer") << 26.0;
    QTest::newRow("batch 1, CNNs") << QStringLiteral("b1-cnn") << 26.0;
}

// The held-out figure of the measured machine's host time scale: each model family predicted with
// the scale fitted on the other families' host-bound batch-1 rows.
void TestMeasuredAccuracy::hostScaleLeaveOneFamilyOut() {
    QFETCH(QString, set);
    QFETCH(double, ceiling);
    auto use = [&](const ValidationRow &r) {
        return r.dataset == QLatin1String("measured") && r.gpuId == kGpuDir && r.batch == 1 &&
               (set == QLatin1String("b1") || (set == QLatin1String("b1-transformer")) == isTransformer(r));
    };
    int n = 0, inBand = 0;
    for (const ValidationRow &r : h100Rows()) {
        if (!use(r)) {
            continue;
        }
        QCOMPARE(r.hostId, QStringLiteral("measured-h100-vm"));  // the CSV's host "vm", as the catalogue lists it
        QVERIFY2(r.lofoPredictedMs > 0, qPrintable(r.model));
        ++n;
        inBand += r.inLofoBand() ? 1 : 0;
    }
    QVERIFY(n >= 20);
    const double m = mapeOf(h100Rows(), use, [](const ValidationRow &r) { return r.lofoPredictedMs; });
    const double as = mapeOf(h100Rows(), use);
    const double coverage = static_cast<double>(inBand) / n;
    qInfo("H100 %s leave-one-family-out: MAPE %.1f %% (as priced %.1f %%), band coverage %.1f %% over %d rows",
          qPrintable(set), m, as, 100.0 * coverage, n);
    QVERIFY2(m <= ceiling, qPrintable(QStringLiteral("H100 %1 leave-one-family-out MAPE %2 % > %3 %").arg(set).arg(m, 0, 'f', 1).arg(ceiling)));
    if (set == QLatin1String("b1")) {
        // Issue 17 item 5: the 80 % band covers 70-90 % of held-out rows.
        QVERIFY2(coverage >= 0.70 && coverage <= 0.90, qPrintable(QString::number(coverage)));
    }
}

// The kernel model's wide-issue FP32 factors (KernelModel::kWideIssueFp32Efficiency for cuBLAS GEMMs,
// kWideIssueFp32ConvEfficiency for cuDNN convolutions) are the ones fitted jointly on the H100's
// GPU-bound FP32 rows (`validate --fit-fp32-issue`: 0.949 / 0.714 on 39 rows, leave-one-family-out
// 0.932-0.951 / 0.707-0.836, since the H100's element-wise kernels are bounded at the vector network's
// highest calibrated bandwidth; 0.934 / 0.716 on 41 rows before, 0.934 / 0.709 before FP32
// depthwise convolutions were priced issue-bound), and
// held out by model family they lower the rows' MAPE.
void TestMeasuredAccuracy::wideIssueFp32Fit() {
    const Result<Fp32IssueFit> fit = fitWideIssueFp32Efficiency(ValidationOptions{});
    QVERIFY2(fit, qPrintable(fit ? QString() : fit.errorMessage()));
    QCOMPARE(fit->gpus, QStringList{kGpuDir});
    QVERIFY(fit->rows >= 30);
    qInfo("wide-issue FP32 factors fitted %.3f (GEMMs) / %.3f (convolutions) on %d rows (built in %.2f / %.2f); "
          "MAPE %.1f %% -> %.1f %%",
          fit->efficiency, fit->convEfficiency, fit->rows, fit->constant, fit->convConstant, fit->mapeAtOne,
          fit->mapeAfter);
    QVERIFY2(std::abs(fit->efficiency - KernelModel::kWideIssueFp32Efficiency) <= 0.01,
             qPrintable(QString::number(fit->efficiency)));
    QVERIFY2(std::abs(fit->convEfficiency - KernelModel::kWideIssueFp32ConvEfficiency) <= 0.01,
             qPrintable(QString::number(fit->convEfficiency)));
    QVERIFY(fit->mapeAfter < fit->mapeAtOne);
    QVERIFY(fit->leaveOut.size() >= 8);
    double one = 0, held = 0;
    int n = 0;
    for (const Fp32IssueFit::LeaveOut &l : fit->leaveOut) {
        QVERIFY2(l.efficiency > 0.85 && l.efficiency < 0.98, qPrintable(l.family));
        // 0.71-0.77 while FP32 depthwise convolutions were priced as streaming kernels; since they are
        // issue-bound the ResNet and EfficientNet families pull apart (0.865 without ResNet, about
        // 0.85 without EfficientNet).
        QVERIFY2(l.convEfficiency > 0.65 && l.convEfficiency < 0.90, qPrintable(l.family));
        one += l.mapeAtOne * l.rows;
        held += l.mapeHeldOut * l.rows;
        n += l.rows;
    }
    qInfo("held out by family: %.1f %% with no factor -> %.1f %% over %d rows", one / n, held / n, n);
    QVERIFY(held < one);
    // The H200's GPU-bound FP32 rows (data/measured/h200-sxm5-141gb, taken after the factors were
    // fitted and never fitted on): the factors lower their MAPE too (21.0 % -> 17.1 % on 37 rows; 19.9 %
    // -> 14.3 % on 29 since the H100's and H200's element-wise kernels are bounded at the vector
    // network's highest calibrated bandwidth, which leaves fewer of them GPU-bound at factor 1).
    QCOMPARE(fit->heldOutGpus, QStringList{QStringLiteral("h200-sxm5-141gb")});
    QVERIFY(fit->heldOutRows >= 25);
    qInfo("held out on the H200: %d rows, MAPE %.1f %% with no factor -> %.1f %% with the built-in factors", fit->heldOutRows,
          fit->heldOutMapeAtOne, fit->heldOutMapeAtConstant);
    QVERIFY(fit->heldOutMapeAtConstant < fit->heldOutMapeAtOne);
}

// Large-batch FP32 (strict) rows are GPU-bound: with the wide-issue factors their median
// measured / predicted ratio is 1.02 (1.10 without any: optimistic, as issue 17 found on newer GPUs;
// 1.09 with one factor shared by GEMMs and convolutions once the exported SiLU stopped counting
// twice: convolution-heavy CNNs 1.15-1.55 under, transformers 0.85-0.96 over) and their MAPE 7.8 %.
void TestMeasuredAccuracy::largeBatchFp32Bias() {
    std::vector<double> ratios;
    auto use = [](const ValidationRow &r) {
        return r.dataset == QLatin1String("measured") && r.gpuId == kGpuDir && r.batch > 1 &&
               r.precision == QLatin1String("fp32-strict");
    };
    for (const ValidationRow &r : h100Rows()) {
        if (use(r)) {
            ratios.push_back(r.measuredMs / r.predictedMs);
        }
    }
    QVERIFY(ratios.size() >= 30);
    std::sort(ratios.begin(), ratios.end());
    const std::size_t h = ratios.size() / 2;
    const double median = ratios.size() % 2 ? ratios[h] : 0.5 * (ratios[h - 1] + ratios[h]);
    const double m = mapeOf(h100Rows(), use);
    qInfo("H100 fp32-strict batch > 1: median measured / predicted %.3f, MAPE %.1f %% over %zu rows", median, m,
          ratios.size());
    QVERIFY2(median > 0.95 && median < 1.06, qPrintable(QString::number(median)));
    QVERIFY2(m <= 9.0, qPrintable(QString::number(m)));
}

// The H200 (data/measured/h200-sxm5-141gb) is the H100 SXM's chip, SMs, L2 and clocks with 1.43x the
// DRAM bandwidth, and both machines ran the same software: the ratio of a model's latency on the
// two at the same batch and precision isolates what bandwidth buys. Over the rows at batch > 1 both
// measured, the mean |predicted ratio / measured ratio - 1| per precision. Measured medians: TF32
// 0.887, FP16 0.921, FP32 0.946 (CNNs at 128 gain 5-18 %, not the 30 % of the bandwidth). Before
// tensor-core kernels were priced on their bandwidth sibling (KernelModel::BoundDevice::
// siblingBandwidthRatio) the TF32 rows' predicted median was about 0.74 (error 13.7 %); with it 0.815 (7.4 %);
// FP16 13.1 -> 12.1 %; FP32 (CUDA cores, not sibling-priced) 5.9 %. Guards at those figures + ~1 point.
void TestMeasuredAccuracy::h200AgainstH100_data() {
    QTest::addColumn<QString>("precision");
    QTest::addColumn<double>("ceiling");
    QTest::newRow("tf32") << QStringLiteral("tf32") << 8.5;
    QTest::newRow("fp16") << QStringLiteral("fp16") << 13.0;
    QTest::newRow("fp32-strict") << QStringLiteral("fp32-strict") << 7.0;
}

void TestMeasuredAccuracy::h200AgainstH100() {
    QFETCH(QString, precision);
    QFETCH(double, ceiling);
    static const std::vector<ValidationRow> h200 = rowsOf(QStringLiteral("h200-sxm5-141gb"));
    std::vector<double> measured, predicted;
    double sumErr = 0;
    for (const ValidationRow &a : h100Rows()) {
        if (a.batch == 1 || a.precision != precision) {
            continue;
        }
        for (const ValidationRow &b : h200) {
            if (b.model == a.model && b.batch == a.batch && b.precision == a.precision) {
                measured.push_back(b.measuredMs / a.measuredMs);
                predicted.push_back(b.predictedMs / a.predictedMs);
                sumErr += std::abs(predicted.back() / measured.back() - 1.0);
            }
        }
    }
    QVERIFY(measured.size() >= 20);
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    const double err = 100.0 * sumErr / static_cast<double>(measured.size());
    qInfo("H200 / H100 latency at batch > 1, %s: %d pairs, measured median %.3f, predicted median %.3f, mean |error| of the "
          "ratio %.1f %%",
          qPrintable(precision), static_cast<int>(measured.size()), median(measured), median(predicted), err);
    QVERIFY2(err <= ceiling, qPrintable(QString::number(err)));
}

// Memory of the measured rows (eager PyTorch). Allocator peak (torch.cuda.max_memory_allocated) and
// the device view (nvidia-smi's used memory less the idle baseline the row records, 483 MiB on the
// H100 SXM and 618 MiB on the H200); the fp16 rows' readings less the fp32 master the harness keeps on
// the device (validateMeasuredFile). Before 2026-11-28 (raw readings, a context of 400 MiB) the
// allocator peak was 43.8 / 43.1 % off on the fp16 rows and the device view 52-64 % off on every set.
// The context's constant is set from the H100 rows (MemoryParameters: 694 MiB beyond the reserved
// pool, median of 175 rows); the H200's 166 rows are held out for it and give the same median.
// Ceilings: `infersight-cli validate --only measured` of 2026-11-28 (allocator 10.9 .. 12.7 %, device
// 14.0 .. 25.3 % per set; per GPU: H100 12.7 / 20.9 %, H200 11.4 / 19.1 %) plus about 3 points. What is left in the device view is
// the reserved pool: PyTorch keeps segments cuDNN's fp32 algorithms took (mobilenet_v2 b1 fp32:
// 58 MiB allocated, 676 MiB reserved), which the allocator model does not know.
void TestMeasuredAccuracy::memoryOfMeasuredRows_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<double>("allocCeiling");
    QTest::addColumn<double>("deviceCeiling");
    QTest::newRow("H100") << QStringLiteral("h100-sxm5-80gb") << 15.5 << 23.5;
    QTest::newRow("H200 (context held out)") << QStringLiteral("h200-sxm5-141gb") << 14.5 << 22.0;
}

void TestMeasuredAccuracy::memoryOfMeasuredRows() {
    QFETCH(QString, gpu);
    QFETCH(double, allocCeiling);
    QFETCH(double, deviceCeiling);
    static std::map<QString, std::vector<ValidationRow>> cache;
    if (!cache.count(gpu)) {
        cache[gpu] = gpu == kGpuDir ? h100Rows() : rowsOf(gpu);
    }
    double allocErr = 0, deviceErr = 0;
    int alloc = 0, device = 0;
    for (const ValidationRow &r : cache[gpu]) {
        if (r.dataset != QLatin1String("measured")) {
            continue;
        }
        if (r.measuredAllocMb > 0) {
            allocErr += std::abs(r.predictedAllocMb / r.measuredAllocMb - 1.0);
            ++alloc;
        }
        if (r.measuredDeviceMb > 0) {
            deviceErr += std::abs(r.predictedDeviceMb / r.measuredDeviceMb - 1.0);
            ++device;
        }
    }
    QVERIFY(alloc >= 100 && device >= 100);
    const double allocMape = 100.0 * allocErr / alloc;
    const double deviceMape = 100.0 * deviceErr / device;
    qInfo("%s: allocator peak MAPE %.1f %% over %d rows, device view MAPE %.1f %% over %d rows", qPrintable(gpu), allocMape,
          alloc, deviceMape, device);
    QVERIFY2(allocMape <= allocCeiling, qPrintable(QStringLiteral("allocator peak MAPE %1 %").arg(allocMape)));
    QVERIFY2(deviceMape <= deviceCeiling, qPrintable(QStringLiteral("device view MAPE %1 %").arg(deviceMape)));
}

// What validateMeasuredFile compares the memory predictions with, by hand from the CSV's own columns:
// ResNet-18 b1 on the H100, fp32 and fp16 (cast). The fp16 row (harness 1.0) held the fp32 master
// too: allocator peak - the fp32 row's weights_bytes; nvidia-smi used - the idle baseline - that
// master. The same fp16 row marked harness 1.1 (the master on the host) keeps its peak; the fp32
// row loses only the baseline.
void TestMeasuredAccuracy::memoryReadingsCorrected() {
    QFile in(QDir(measuredDataDirectory()).filePath(QStringLiteral("measured/%1/latency.csv").arg(kGpuDir)));
    QVERIFY(in.open(QIODevice::ReadOnly | QIODevice::Text));
    const QString header = QString::fromUtf8(in.readLine()).trimmed();
    const QStringList columns = header.split(QLatin1Char(','));
    QString fp32Line, fp16Line;
    while (!in.atEnd()) {
        const QString line = QString::fromUtf8(in.readLine()).trimmed();
        const QStringList f = line.split(QLatin1Char(','));  // the columns used come before model_config
        if (f.value(static_cast<int>(columns.indexOf(QStringLiteral("model")))) != QLatin1String("resnet18") ||
            f.value(static_cast<int>(columns.indexOf(QStringLiteral("batch")))) != QLatin1String("1")) {
            continue;
        }
        const QString precision = f.value(static_cast<int>(columns.indexOf(QStringLiteral("precision"))));
        if (precision == QLatin1String("fp32")) {
            fp32Line = line;
        } else if (precision == QLatin1String("fp16")) {
            fp16Line = line;
        }
    }
    QVERIFY(!fp32Line.isEmpty() && !fp16Line.isEmpty());
    auto value = [&](const QString &line, const char *column) {  // columns before the quoted ones
        return line.split(QLatin1Char(',')).value(static_cast<int>(columns.indexOf(QLatin1String(column)))).toDouble();
    };
    // harness_version follows the UTC timestamp (quoted JSON columns with commas come before it, so
    // the line is not split for it): "...Z,1.0,".
    QCOMPARE(fp16Line.count(QStringLiteral("Z,1.0,")), 1);
    QString fp16Later = fp16Line;
    fp16Later.replace(QStringLiteral("Z,1.0,"), QStringLiteral("Z,1.1,"));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("latency.csv"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Text));
    out.write((header + QLatin1Char('\n') + fp32Line + QLatin1Char('\n') + fp16Line + QLatin1Char('\n')).toUtf8());
    out.close();
    const std::vector<ValidationRow> asTaken = rowsOfFile(path);
    QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Text));
    out.write((header + QLatin1Char('\n') + fp32Line + QLatin1Char('\n') + fp16Later + QLatin1Char('\n')).toUtf8());
    out.close();
    const std::vector<ValidationRow> later = rowsOfFile(path);
    QCOMPARE(asTaken.size(), std::size_t{2});
    QCOMPARE(later.size(), std::size_t{2});
    const double mib = 1024.0 * 1024.0;
    const double master = value(fp32Line, "weights_bytes");
    const double baseline16 = value(fp16Line, "nvml_mem_used_baseline_bytes");
    QVERIFY(master > 40e6 && baseline16 > 0);  // ResNet-18: 11.7 M parameters in fp32
    const ValidationRow &fp32 = asTaken[0].precision == QLatin1String("fp16") ? asTaken[1] : asTaken[0];
    const ValidationRow &fp16 = asTaken[0].precision == QLatin1String("fp16") ? asTaken[0] : asTaken[1];
    const ValidationRow &fp16Host = later[0].precision == QLatin1String("fp16") ? later[0] : later[1];
    QCOMPARE(fp32.measuredAllocMb, value(fp32Line, "mem_peak_allocated_bytes") / mib);
    QCOMPARE(fp32.measuredDeviceMb,
             (value(fp32Line, "nvml_mem_used_bytes") - value(fp32Line, "nvml_mem_used_baseline_bytes")) / mib);
    QCOMPARE(fp16.measuredAllocMb, (value(fp16Line, "mem_peak_allocated_bytes") - master) / mib);
    QCOMPARE(fp16.measuredDeviceMb, (value(fp16Line, "nvml_mem_used_bytes") - baseline16 - master) / mib);
    QCOMPARE(fp16Host.measuredAllocMb, value(fp16Line, "mem_peak_allocated_bytes") / mib);
    QCOMPARE(fp16Host.measuredDeviceMb, (value(fp16Line, "nvml_mem_used_bytes") - baseline16) / mib);
}

// The energy model's constants (EnergyParameters) are fitted on the average power of the H100's rows
// (`infersight-cli validate --fit-energy`, NVML's energy counter over each row's timed loop); the
// H200's rows are never fitted on. Before the fit (the assumed 0.30 / 1 / 0.45 / 0.10): power MAPE
// 23.4 % on the H100, 28.0 % on the H200; energy 26.9 / 31.9 %. The refit lands on the built-in
// constants and the held-out figures stay under ceilings about 3 points above 2026-11-28's (power
// 7.7 % fitted, 10.7 % held out; energy 16.4 / 22.3 %, which carries the latency's own error).
void TestMeasuredAccuracy::energyFit() {
    const Result<EnergyFit> fit = fitEnergyParameters(ValidationOptions{});
    QVERIFY2(fit, qPrintable(fit ? QString() : fit.errorMessage()));
    qInfo("fitted on %d rows: floor %.3f, memory weight %.3f, host wait %.3f; power MAPE %.1f %% (built-in %.1f %%), "
          "held out %d rows: %.1f %% (energy %.1f %%)",
          fit->rows, fit->fitted.activeFloor, fit->fitted.memoryWeight, fit->fitted.hostWaitShare, fit->powerMapeFitted,
          fit->powerMapeBuiltIn, fit->heldOutRows, fit->heldOutPowerMapeBuiltIn, fit->heldOutEnergyMapeBuiltIn);
    QVERIFY(fit->rows >= 150 && fit->heldOutRows >= 150);
    QCOMPARE(fit->gpus, QStringList{QStringLiteral("h100-sxm5-80gb")});
    QVERIFY(std::abs(fit->fitted.activeFloor - fit->builtIn.activeFloor) < 0.02);
    QVERIFY(std::abs(fit->fitted.memoryWeight - fit->builtIn.memoryWeight) < 0.1);
    QVERIFY(std::abs(fit->fitted.hostWaitShare - fit->builtIn.hostWaitShare) < 0.01);
    QCOMPARE(fit->fitted.computeWeight, 1.0);
    QVERIFY(fit->powerMapeBuiltIn <= 10.5);
    QVERIFY(fit->heldOutPowerMapeBuiltIn <= 13.5);
    QVERIFY(fit->energyMapeBuiltIn <= 19.5);
    QVERIFY(fit->heldOutEnergyMapeBuiltIn <= 25.5);
}

QTEST_GUILESS_MAIN(TestMeasuredAccuracy)
#include "test_measured_accuracy.moc"
