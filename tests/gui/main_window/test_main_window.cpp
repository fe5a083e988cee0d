// SPDX-License-Identifier: MIT
// The main window opens the default model off the GUI thread, and a failed open keeps the model
// that was open.
#include "main_window.h"
#include "models/node_table_model.h"

#include <QSignalSpy>
#include <QtTest>

using namespace infersight;

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void opensDefaultModel();
    void failedOpenKeepsCurrentModel();
};

void TestMainWindow::opensDefaultModel() {
    MainWindow window;
    QSignalSpy loaded(&window, &MainWindow::modelLoaded);
    window.openModel(QStringLiteral("zoo:resnet50"));
    QVERIFY(loaded.wait(30000));
    QVERIFY(window.currentModel() != nullptr);
    // torchvision's resnet50 has 25,557,032 parameters (torchvision model docs).
    QCOMPARE(window.currentModel()->graph().parameterCount(), std::int64_t{25557032});
    QCOMPARE(window.nodeTableModel()->rowCount(), static_cast<int>(window.currentModel()->graph().nodes.size()));
    QVERIFY(window.windowTitle().contains(QStringLiteral("resnet50")));
}

void TestMainWindow::failedOpenKeepsCurrentModel() {
    MainWindow window;
    QSignalSpy loaded(&window, &MainWindow::modelLoaded);
    QSignalSpy failed(&window, &MainWindow::loadFailed);
    window.openModel(QStringLiteral("zoo:resnet18"));
    QVERIFY(loaded.wait(30000));
    const auto *before = window.currentModel();
    window.openModel(QStringLiteral("/nonexistent/model.onnx"));
    QVERIFY(failed.wait(30000));
    QVERIFY(failed.front().front().toString().contains(QStringLiteral("/nonexistent/model.onnx")));
    QCOMPARE(window.currentModel(), before);
    QCOMPARE(window.currentModel()->graph().parameterCount(), std::int64_t{11689512});
}

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
