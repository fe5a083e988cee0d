// SPDX-License-Identifier: MIT
// Tests of DataCoverage and Prediction::extrapolation (issue 17 item 5): a prediction for a GPU
// generation or a precision the measured data does not cover says so and its band is widened.
// Expected values come from the data files, not from the code under test:
//  - data/neusight (PROVENANCE.md) measured the A100 (Ampere), P100 and P4 (Pascal), T4 (Turing)
//    and V100 (Volta): the committed kernel model covers those four generations, and the
//    leave-one-generation-out model data/predictor/loo/gen-ampere.json (fitted without both A100s)
//    covers the other three;
//  - data/dle/pytorch_convnets_inference.csv measures AMP on a V100 16GB and a T4 only; no file
//    measures TF32, BF16, INT8 or FP8;
//  - catalogue architectures: H100 SXM5 Hopper, L4 Ada Lovelace, A10 Ampere (GA102).
#include "design/design.h"
#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"
#include "predict/data_coverage.h"
#include "predict/kernel_model.h"
#include "predict/predictor.h"
#include "predict/uncertainty.h"
#include "report/prediction_report.h"
#include "validate/measured_data.h"

#include <QDir>
#include <QtTest>

#include <cmath>

using namespace infersight;

namespace {

Prediction resnet50(const QString &gpuId, Precision precision, const KernelModel *km = nullptr) {
    Knobs knobs;
    knobs.batch = 8;
    knobs.precision = precision;
    Result<Design> d = Design::open(QStringLiteral("zoo:resnet50"), knobs);
    if (!d) {
        qFatal("%s", qPrintable(d.errorMessage()));
    }
    const GpuSpec *gpu = GpuCatalogue::builtIn().find(gpuId);
    if (!gpu) {
        qFatal("no GPU %s", qPrintable(gpuId));
    }
    PredictOptions o;
    o.kernelModel = km;
    Result<Prediction> p = predict(d->graph(), Target::wholeGpu(*gpu), knobs, o);
    if (!p) {
        qFatal("%s", qPrintable(p.errorMessage()));
    }
    return *p;
}

}  // namespace

class TestDataCoverage : public QObject {
    Q_OBJECT
private slots:
    void generationsOfModels_data();
    void generationsOfModels();
    void extrapolationFlag_data();
    void extrapolationFlag();
    void bandWidenedByCalibratedFactor_data();
    void bandWidenedByCalibratedFactor();
    void holdOutModelFlagsItsGeneration();
    void reportsSayWhy();
};

void TestDataCoverage::generationsOfModels_data() {
    QTest::addColumn<QString>("file");  // empty: the committed model
    QTest::addColumn<QStringList>("generations");
    QTest::newRow("committed") << QString()
                               << QStringList{QStringLiteral("Ampere"), QStringLiteral("Pascal"), QStringLiteral("Turing"),
                                              QStringLiteral("Volta")};
    QTest::newRow("gen-ampere") << QStringLiteral("predictor/loo/gen-ampere.json")
                                << QStringList{QStringLiteral("Pascal"), QStringLiteral("Turing"), QStringLiteral("Volta")};
    QTest::newRow("loo v100") << QStringLiteral("predictor/loo/v100-pcie-32gb.json")
                              << QStringList{QStringLiteral("Ampere"), QStringLiteral("Pascal"), QStringLiteral("Turing")};
}

void TestDataCoverage::generationsOfModels() {
    QFETCH(QString, file);
    QFETCH(QStringList, generations);
    if (file.isEmpty()) {
        QCOMPARE(DataCoverage::of(KernelModel::builtIn()).generations, generations);
        return;
    }
    Result<KernelModel> km = KernelModel::fromFile(QDir(measuredDataDirectory()).filePath(file));
    QVERIFY2(km.ok(), km.ok() ? "" : qPrintable(km.errorMessage()));
    QCOMPARE(DataCoverage::of(*km).generations, generations);
}

void TestDataCoverage::extrapolationFlag_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<Precision>("precision");
    QTest::addColumn<QString>("reason");  // a part of the reason; empty: not extrapolated
    QTest::newRow("a100 fp32") << QStringLiteral("a100-pcie-40gb") << Precision::FP32 << QString();
    QTest::newRow("a10 fp32 (Ampere GA102)") << QStringLiteral("a10") << Precision::FP32 << QString();
    QTest::newRow("v100 amp (DLE)") << QStringLiteral("v100-pcie-32gb") << Precision::AMP << QString();
    QTest::newRow("t4 fp16") << QStringLiteral("t4") << Precision::FP16 << QString();
    QTest::newRow("a100 amp") << QStringLiteral("a100-pcie-40gb") << Precision::AMP
                              << QStringLiteral("amp is fitted end to end only on Turing and Volta");
    QTest::newRow("a100 bf16") << QStringLiteral("a100-pcie-40gb") << Precision::BF16
                               << QStringLiteral("bf16 is fitted end to end on no GPU");
    QTest::newRow("a100 tf32") << QStringLiteral("a100-pcie-40gb") << Precision::TF32
                               << QStringLiteral("tf32 is fitted end to end on no GPU");
    QTest::newRow("h100 fp32") << QStringLiteral("h100-sxm5-80gb") << Precision::FP32 << QStringLiteral("no Hopper GPU");
    QTest::newRow("l4 fp32") << QStringLiteral("l4") << Precision::FP32 << QStringLiteral("no Ada Lovelace GPU");
}

void TestDataCoverage::extrapolationFlag() {
    QFETCH(QString, gpu);
    QFETCH(Precision, precision);
    QFETCH(QString, reason);
    const Prediction p = resnet50(gpu, precision);
    if (reason.isEmpty()) {
        QVERIFY2(p.extrapolation.isEmpty(), qPrintable(p.extrapolation));
    } else {
        QVERIFY2(p.extrapolation.contains(reason), qPrintable(p.extrapolation));
        QVERIFY(p.extrapolated);
    }
}

void TestDataCoverage::bandWidenedByCalibratedFactor_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<bool>("widened");
    QTest::newRow("a100 (covered)") << QStringLiteral("a100-pcie-40gb") << false;
    QTest::newRow("h100 (Hopper)") << QStringLiteral("h100-sxm5-80gb") << true;
}

// With no system term, the upper half-width is the class half-width (classBandUpMs, never widened),
// times the extrapolation widening when the prediction is flagged.
void TestDataCoverage::bandWidenedByCalibratedFactor() {
    QFETCH(QString, gpu);
    QFETCH(bool, widened);
    const UncertaintyCalibration &cal = UncertaintyCalibration::builtIn();
    QCOMPARE(cal.systemRelative, 0.0);
    QVERIFY(cal.extrapolatedWidening >= 1.0);
    const Prediction p = resnet50(gpu, Precision::FP32);
    QCOMPARE(!p.extrapolation.isEmpty(), widened);
    const double factor = widened ? cal.extrapolatedWidening : 1.0;
    QVERIFY(p.classBandUpMs > 0);
    QVERIFY2(std::abs((p.bandHighMs - p.latencyMs) / (factor * p.classBandUpMs) - 1.0) < 1e-9,
             qPrintable(QStringLiteral("up %1 class %2 factor %3").arg(p.bandHighMs - p.latencyMs).arg(p.classBandUpMs).arg(factor)));
}

// The A100 predicted by the model fitted without Ampere is flagged (what validate's
// leave-one-generation-out rows rely on), while the committed model does not flag it.
void TestDataCoverage::holdOutModelFlagsItsGeneration() {
    Result<KernelModel> km =
        KernelModel::fromFile(QDir(measuredDataDirectory()).filePath(QStringLiteral("predictor/loo/gen-ampere.json")));
    QVERIFY2(km.ok(), km.ok() ? "" : qPrintable(km.errorMessage()));
    const Prediction held = resnet50(QStringLiteral("a100-pcie-40gb"), Precision::FP32, &*km);
    QVERIFY2(held.extrapolation.contains(QStringLiteral("no Ampere GPU")), qPrintable(held.extrapolation));
    QVERIFY(resnet50(QStringLiteral("a100-pcie-40gb"), Precision::FP32).extrapolation.isEmpty());
}

void TestDataCoverage::reportsSayWhy() {
    Knobs knobs;
    knobs.batch = 8;
    Result<Design> d = Design::open(QStringLiteral("zoo:resnet50"), knobs);
    QVERIFY(d.ok());
    const Prediction p = resnet50(QStringLiteral("h100-sxm5-80gb"), Precision::FP32);
    const Target target = Target::wholeGpu(*GpuCatalogue::builtIn().find(QStringLiteral("h100-sxm5-80gb")));
    const QJsonObject json = predictionJson(d->graph(), p, target, knobs, knobs.bindings());
    QCOMPARE(json.value(QStringLiteral("extrapolated")).toBool(), true);
    QVERIFY(json.value(QStringLiteral("extrapolation")).toString().contains(QStringLiteral("no Hopper GPU")));
    const QString text = predictionText(d->graph(), p, target, knobs, knobs.bindings());
    QVERIFY2(text.contains(QStringLiteral("extrapolated: no Hopper GPU is in the data the predictor is fitted on")), qPrintable(text));
}

QTEST_GUILESS_MAIN(TestDataCoverage)
#include "test_data_coverage.moc"
