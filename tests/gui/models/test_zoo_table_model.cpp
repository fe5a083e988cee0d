// SPDX-License-Identifier: MIT
// ZooTableModel: consistent for QAbstractItemModelTester, sorted through a proxy; the published
// figures and the zoo:NAME source of each row.
#include "models/zoo_table_model.h"

#include "zoo/model_zoo.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QtTest>

using namespace infersight;

class TestZooTableModel : public QObject {
    Q_OBJECT
private slots:
    void passesModelTesterAndSorts();
    void publishedFigures();
};

void TestZooTableModel::passesModelTesterAndSorts() {
    ZooTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), static_cast<int>(zooModels().size()));
    QCOMPARE(model.columnCount(), int(ZooTableModel::ColumnCount));
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(ZooTableModel::SortRole);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.sort(ZooTableModel::Parameters, Qt::DescendingOrder);
    double previous = std::numeric_limits<double>::infinity();
    for (int r = 0; r < proxy.rowCount(); ++r) {
        const double params = proxy.index(r, ZooTableModel::Parameters).data(ZooTableModel::SortRole).toDouble();
        QVERIFY(params <= previous);  // numbers sort as numbers, not as text
        previous = params;
    }
    proxy.setFilterKeyColumn(ZooTableModel::Name);
    proxy.setFilterFixedString(QStringLiteral("resnet"));
    QVERIFY(proxy.rowCount() >= 2);
    QVERIFY(proxy.rowCount() < model.rowCount());
}

void TestZooTableModel::publishedFigures() {
    ZooTableModel model;
    int row = -1;
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.index(r, ZooTableModel::Name).data().toString() == QLatin1String("resnet50")) {
            row = r;
        }
    }
    QVERIFY(row >= 0);
    // torchvision resnet50: 25,557,032 parameters, 4.09 GMACs at 224x224 (torchvision model docs).
    QCOMPARE(model.index(row, ZooTableModel::Parameters).data(ZooTableModel::SortRole).toDouble(), 25557032.0);
    QCOMPARE(qRound(model.index(row, ZooTableModel::GMacs).data(ZooTableModel::SortRole).toDouble() * 100), 409);
    QCOMPARE(model.index(row, 0).data(ZooTableModel::SourceRole).toString(), QStringLiteral("zoo:resnet50"));
}

QTEST_MAIN(TestZooTableModel)
#include "test_zoo_table_model.moc"
