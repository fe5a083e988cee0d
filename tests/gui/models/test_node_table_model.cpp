// SPDX-License-Identifier: MIT
// NodeTableModel: consistent for QAbstractItemModelTester, numbers sort as numbers, unknown costs
// show as "?" rather than zero.
#include "models/node_table_model.h"

#include "graph/graph_builder.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QtTest>

using namespace infersight;

namespace {

std::shared_ptr<Design> convThenUnknownOp() {
    GraphBuilder b(QStringLiteral("tiny"));
    const int x = b.input(QStringLiteral("x"), DType::F32,
                          {Dim::symbolic(DimRole::Batch, QStringLiteral("N"), 1), Dim::fixed(3), Dim::fixed(8), Dim::fixed(8)});
    const int w = b.weight(QStringLiteral("w"), {4, 3, 3, 3});
    const int conv = b.op(QStringLiteral("Conv"), {x, w}, {{QStringLiteral("pads"), Attribute::fromInts({1, 1, 1, 1})}});
    b.output(b.op(QStringLiteral("NoSuchOp"), {conv}));
    return std::make_shared<Design>(Design::fromGraph(b.finish()).value());
}

}  // namespace

class TestNodeTableModel : public QObject {
    Q_OBJECT
private slots:
    void passesModelTester();
    void unknownCostIsNotZero();
};

void TestNodeTableModel::passesModelTester() {
    NodeTableModel table;
    QAbstractItemModelTester tester(&table, QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto model = convThenUnknownOp();
    table.setModel(model, graphCost(model->graph()));
    QCOMPARE(table.rowCount(), 2);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&table);
    proxy.setSortRole(NodeTableModel::SortRole);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.sort(NodeTableModel::Macs, Qt::DescendingOrder);
    QCOMPARE(proxy.index(0, NodeTableModel::Op).data().toString(), QStringLiteral("Conv"));
}

void TestNodeTableModel::unknownCostIsNotZero() {
    NodeTableModel table;
    auto model = convThenUnknownOp();
    table.setModel(model, graphCost(model->graph()));
    // Hand calculation: 4 output channels x 8 x 8 positions x 3 input channels x 3 x 3 = 6912 MACs.
    QCOMPARE(table.index(0, NodeTableModel::Macs).data(NodeTableModel::SortRole).toDouble(), 6912.0);
    QCOMPARE(table.index(1, NodeTableModel::Macs).data().toString(), QStringLiteral("?"));
}

QTEST_MAIN(TestNodeTableModel)
#include "test_node_table_model.moc"
