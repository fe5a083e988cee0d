// SPDX-License-Identifier: MIT
// TargetListModel: consistent for QAbstractItemModelTester as targets come and go; each row has
// its target's label, key and fixed colour; a target that cannot run the knobs carries the reason.
#include "models/target_list_model.h"

#include "explorer_fixture.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>

using namespace infersight;
using namespace infersight::testing;

class TestTargetListModel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void rowsFollowTheSession();

private:
    QTemporaryDir m_config;
};

void TestTargetListModel::initTestCase() {
    QVERIFY(m_config.isValid());
    qputenv(GpuCatalogue::kConfigDirEnv, m_config.path().toLocal8Bit());
}

void TestTargetListModel::rowsFollowTheSession() {
    ExplorerSession session;
    Knobs knobs;
    knobs.batch = 2;
    knobs.precision = Precision::BF16;  // the T4 has no bf16 (NVIDIA T4 datasheet)
    QVERIFY(openAndSettle(session, QStringLiteral("zoo:resnet50"), knobs,
                          {gpuTarget(QStringLiteral("h100-sxm5-80gb")), gpuTarget(QStringLiteral("t4"))}));
    TargetListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTargets(session.resolvedTargets());
    model.setResults(session.results());
    QCOMPARE(model.rowCount(), 2);
    const auto &results = *session.results();
    for (int r = 0; r < 2; ++r) {
        const QModelIndex i = model.index(r);
        QCOMPARE(i.data().toString(), results.targets[static_cast<std::size_t>(r)].label);
        QCOMPARE(i.data(TargetListModel::KeyRole).toString(), results.targets[static_cast<std::size_t>(r)].key);
        QCOMPARE(i.data(TargetListModel::ColourRole).value<QColor>(), results.targets[static_cast<std::size_t>(r)].colour);
    }
    QVERIFY(model.index(0).data(TargetListModel::ErrorRole).toString().isEmpty());
    QVERIFY(!model.index(1).data(TargetListModel::ErrorRole).toString().isEmpty());
    QCOMPARE(model.index(1).data(Qt::ToolTipRole).toString(), model.index(1).data(TargetListModel::ErrorRole).toString());

    // A third target (a MIG slice) keeps the first two rows' colours.
    const QColor first = model.index(0).data(TargetListModel::ColourRole).value<QColor>();
    QVERIFY(session.addTarget(gpuTarget(QStringLiteral("a100-sxm4-80gb"), QStringLiteral("1g.10gb"))));
    model.setTargets(session.resolvedTargets());
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(0).data(TargetListModel::ColourRole).value<QColor>(), first);
    QVERIFY(model.index(2).data().toString().contains(QStringLiteral("1g.10gb")));
    model.setTargets({});
    QCOMPARE(model.rowCount(), 0);
}

QTEST_MAIN(TestTargetListModel)
#include "test_target_list_model.moc"
