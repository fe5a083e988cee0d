// SPDX-License-Identifier: MIT
// The app evaluates the fitted utilisation networks in plain C++ (UtilisationNetwork); the
// training tool fits them in LibTorch (TorchUtilisationNetwork). This test proves the two compute
// the same function: on the committed weights and on freshly initialised networks of every
// activation, for features drawn over and beyond the training range, to 1e-5 relative.
#include "predict/kernel_model.h"
#include "torch_utilisation_network.h"

#include <QtTest>

#include <cmath>

using namespace infersight;

namespace {

double worstRelativeDifference(const UtilisationNetwork &net, std::uint64_t seed) {
    const TorchUtilisationNetwork torchNet(net);
    at::Generator gen = at::detail::createCPUGenerator(seed);
    const int n = 2000;
    // Normalised features up to +-4 standard deviations around the training mean.
    const torch::Tensor mean = torch::from_blob(const_cast<float *>(net.featureMean().data()), {net.inputs()}).clone();
    const torch::Tensor stdev = torch::from_blob(const_cast<float *>(net.featureStd().data()), {net.inputs()}).clone();
    const torch::Tensor x = mean + stdev * (torch::rand({n, net.inputs()}, gen) * 8 - 4);
    torch::Tensor expected;
    {
        torch::NoGradGuard guard;
        expected = torchNet.forward(x).contiguous();
    }
    const torch::Tensor xc = x.contiguous();
    double worst = 0;
    for (int i = 0; i < n; ++i) {
        const float mine = net.logit(xc[i].data_ptr<float>());
        const float ref = expected[i].item<float>();
        // Relative to the logit's scale (logits near 0 are compared absolutely at that scale).
        worst = std::max(worst, std::abs(static_cast<double>(mine) - ref) / std::max(1.0, std::abs(static_cast<double>(ref))));
    }
    return worst;
}

}  // namespace

class TestUtilisationTorchAgreement : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { at::set_num_threads(1); }
    void committedWeights_data();
    void committedWeights();
    void freshNetworks_data();
    void freshNetworks();
};

void TestUtilisationTorchAgreement::committedWeights_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("gemm") << int(UtilisationModelKind::Gemm);
    QTest::newRow("conv") << int(UtilisationModelKind::Conv);
    QTest::newRow("vector") << int(UtilisationModelKind::Vector);
}

void TestUtilisationTorchAgreement::committedWeights() {
    QFETCH(int, kind);
    Result<KernelModel> model = KernelModel::fromResource();
    QVERIFY(model.ok());
    const UtilisationModel &m = model->model(static_cast<UtilisationModelKind>(kind));
    QVERIFY(!m.isEmpty());
    for (const UtilisationNetwork &net : m.networks) {
        const double worst = worstRelativeDifference(net, 7);
        qInfo("worst relative difference: %.2e", worst);
        QVERIFY(worst < 1e-5);
    }
}

void TestUtilisationTorchAgreement::freshNetworks_data() {
    QTest::addColumn<int>("activation");
    QTest::newRow("relu") << int(Activation::ReLU);
    QTest::newRow("hardtanh") << int(Activation::HardTanh);
    QTest::newRow("softsign") << int(Activation::Softsign);
    QTest::newRow("tanh") << int(Activation::Tanh);
}

void TestUtilisationTorchAgreement::freshNetworks() {
    QFETCH(int, activation);
    at::Generator gen = at::detail::createCPUGenerator(3);
    const TorchUtilisationNetwork fresh(kGemmFeatureCount, {64, 64}, static_cast<Activation>(activation),
                                        torch::rand({kGemmFeatureCount}, gen), torch::rand({kGemmFeatureCount}, gen) + 0.5,
                                        gen);
    const double worst = worstRelativeDifference(fresh.toNetwork(), 11);
    QVERIFY(worst < 1e-5);
}

QTEST_GUILESS_MAIN(TestUtilisationTorchAgreement)
#include "test_utilisation_torch_agreement.moc"
