// SPDX-License-Identifier: MIT
// Tests of UtilisationNetwork / UtilisationModel: the forward pass of tiny networks against hand
// calculations, each activation, JSON round trip and the errors for malformed networks.
#include "predict/utilisation_model.h"

#include <QJsonArray>
#include <QtTest>

#include <cmath>

using namespace infersight;

namespace {

// 2 inputs -> 2 hidden -> 1, normalisation mean (1, 2), std (2, 4).
UtilisationNetwork tiny(Activation a) {
    std::vector<UtilisationNetwork::Layer> layers(2);
    layers[0].in = 2;
    layers[0].out = 2;
    layers[0].weight = {1.0f, -2.0f,   // hidden 0 = x0 - 2 x1 + 0.5
                        3.0f, 0.5f};   // hidden 1 = 3 x0 + 0.5 x1 - 1
    layers[0].bias = {0.5f, -1.0f};
    layers[1].in = 2;
    layers[1].out = 1;
    layers[1].weight = {2.0f, -1.0f};  // out = 2 h0 - h1 + 0.25
    layers[1].bias = {0.25f};
    Result<UtilisationNetwork> n = UtilisationNetwork::make(a, {1.0f, 2.0f}, {2.0f, 4.0f}, std::move(layers));
    if (!n) {
        qFatal("%s", qPrintable(n.errorMessage()));
    }
    return n.value();
}

}  // namespace

class TestUtilisationNetwork : public QObject {
    Q_OBJECT
private slots:
    void forwardByHand_data();
    void forwardByHand();
    void jsonRoundTrip();
    void malformed();
    void levels();
};

void TestUtilisationNetwork::forwardByHand_data() {
    QTest::addColumn<int>("activation");
    QTest::addColumn<double>("expected");
    // Input (5, 0) normalises to ((5-1)/2, (0-2)/4) = (2, -0.5).
    // Pre-activations: h0 = 2 + 1 + 0.5 = 3.5; h1 = 6 - 0.25 - 1 = 4.75.
    // relu: 2*3.5 - 4.75 + 0.25 = 2.5; hardtanh: 2*1 - 1 + 0.25 = 1.25;
    // softsign: 2*3.5/4.5 - 4.75/5.75 + 0.25; tanh: 2 tanh(3.5) - tanh(4.75) + 0.25.
    QTest::newRow("relu") << int(Activation::ReLU) << 2.5;
    QTest::newRow("hardtanh") << int(Activation::HardTanh) << 1.25;
    QTest::newRow("softsign") << int(Activation::Softsign) << 2 * 3.5 / 4.5 - 4.75 / 5.75 + 0.25;
    QTest::newRow("tanh") << int(Activation::Tanh) << 2 * std::tanh(3.5) - std::tanh(4.75) + 0.25;
}

void TestUtilisationNetwork::forwardByHand() {
    QFETCH(int, activation);
    QFETCH(double, expected);
    const UtilisationNetwork n = tiny(static_cast<Activation>(activation));
    const float x[2] = {5.0f, 0.0f};
    QVERIFY(std::abs(n.logit(x) - expected) < 1e-5);
}

void TestUtilisationNetwork::jsonRoundTrip() {
    UtilisationModel m;
    m.kind = UtilisationModelKind::Gemm;
    m.networks = {tiny(Activation::Softsign), tiny(Activation::ReLU)};
    m.uMax = 1.0;
    m.floorS = 12e-6;
    m.calibration = {{QStringLiteral("t4"), -0.2, -0.1, 100}};
    m.hbmLevel = 0.05;
    m.gddrLevel = -0.15;
    Result<UtilisationModel> back = UtilisationModel::fromJson(m.toJson(), UtilisationModelKind::Gemm);
    QVERIFY(back.ok());
    const float x[2] = {0.3f, -7.0f};
    KernelFeatures f;
    f.values[0] = x[0];
    f.values[1] = x[1];
    QCOMPARE(back->logit(f), m.logit(f));
    // The ensemble averages its members' logits.
    QCOMPARE(m.logit(f), 0.5 * (static_cast<double>(m.networks[0].logit(x)) + m.networks[1].logit(x)));
    QCOMPARE(back->floorS, m.floorS);
    QCOMPARE(back->levelFor(QStringLiteral("t4"), QString()), -0.2);
    QCOMPARE(back->networks.size(), std::size_t(2));
    QCOMPARE(back->networks[0].activation(), Activation::Softsign);
}

void TestUtilisationNetwork::malformed() {
    std::vector<UtilisationNetwork::Layer> layers(1);
    layers[0].in = 2;
    layers[0].out = 2;  // last layer must have one output
    layers[0].weight = {1, 2, 3, 4};
    layers[0].bias = {0, 0};
    QVERIFY(!UtilisationNetwork::make(Activation::ReLU, {0, 0}, {1, 1}, layers).ok());
    layers[0].out = 1;
    layers[0].weight = {1, 2, 3};  // 3 weights for a 2x1 layer
    layers[0].bias = {0};
    QVERIFY(!UtilisationNetwork::make(Activation::ReLU, {0, 0}, {1, 1}, layers).ok());
    layers[0].weight = {1, 2};
    QVERIFY(!UtilisationNetwork::make(Activation::ReLU, {0, 0}, {1, 0}, layers).ok());  // zero std
    QVERIFY(UtilisationNetwork::make(Activation::ReLU, {0, 0}, {1, 1}, layers).ok());

    QJsonObject json = tiny(Activation::ReLU).toJson();
    json[QStringLiteral("activation")] = QStringLiteral("gelu");
    Result<UtilisationNetwork> r = UtilisationNetwork::fromJson(json, QStringLiteral("model 'x'"));
    QVERIFY(!r.ok());
    QVERIFY(r.errorMessage().contains(QStringLiteral("gelu")));
}

void TestUtilisationNetwork::levels() {
    UtilisationModel m;
    m.calibration = {{QStringLiteral("p4"), -0.1, 0, 1}};
    m.hbmLevel = 0.07;
    m.gddrLevel = -0.2;
    bool own = false;
    QCOMPARE(m.levelFor(QStringLiteral("p4"), QStringLiteral("GDDR5"), &own), -0.1);
    QVERIFY(own);
    QCOMPARE(m.levelFor(QStringLiteral("h200-sxm5-141gb"), QStringLiteral("HBM3e"), &own), 0.07);
    QVERIFY(!own);
    QCOMPARE(m.levelFor(QStringLiteral("rtx-4090"), QStringLiteral("GDDR6X"), &own), -0.2);
    QCOMPARE(m.levelFor(QStringLiteral("custom"), QString(), &own), 0.0);
    QVERIFY(isHbm(QStringLiteral("HBM2e")));
    QVERIFY(!isHbm(QStringLiteral("GDDR6")));
}

QTEST_GUILESS_MAIN(TestUtilisationNetwork)
#include "test_utilisation_network.moc"
