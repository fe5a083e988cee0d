// SPDX-License-Identifier: MIT
// The explorer's dialogs: the zoo browser (filter, sort, double-click opens), the custom GPU dialog
// (a refused figure is reported and nothing written; a valid GPU is saved where the CLI's catalogue
// loader and the session find it), and the TorchScript input-shape prompt (validated as --input).
#include "dialogs/custom_gpu_dialog.h"
#include "dialogs/input_shape_dialog.h"
#include "dialogs/zoo_browser_dialog.h"

#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"
#include "models/zoo_table_model.h"
#include "session/explorer_session.h"
#include "zoo/model_zoo.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace infersight;

namespace {

void screenshot(QWidget *widget, const QString &name) {
    const QByteArray dir = qgetenv("INFERSIGHT_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        widget->grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(name + QStringLiteral(".png")));
    }
}

}  // namespace

class TestDialogs : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void zooFilterNarrowsRows_data();
    void zooFilterNarrowsRows();
    void zooSortsAndOpens();
    void customGpuRefusesBadFigure_data();
    void customGpuRefusesBadFigure();
    void customGpuSavedForCliAndSession();
    void shapeValidation_data();
    void shapeValidation();
    void askShapesReturnsText();

private:
    QTemporaryDir m_config;
};

void TestDialogs::initTestCase() {
    QVERIFY(m_config.isValid());
    // The user GPU folder of this test (never the user's own).
    qputenv(GpuCatalogue::kConfigDirEnv, m_config.path().toLocal8Bit());
}

void TestDialogs::init() { QDir(GpuCatalogue::userGpuDirectory()).removeRecursively(); }

void TestDialogs::zooFilterNarrowsRows_data() {
    QTest::addColumn<QString>("filter");
    QTest::addColumn<QString>("mustShow");
    QTest::newRow("resnet") << QStringLiteral("resnet") << QStringLiteral("zoo:resnet50");
    QTest::newRow("GPT2 any case") << QStringLiteral("GPT2") << QStringLiteral("zoo:gpt2-medium");
    QTest::newRow("vit") << QStringLiteral("vit_b") << QStringLiteral("zoo:vit_b_16");
}

void TestDialogs::zooFilterNarrowsRows() {
    QFETCH(QString, filter);
    QFETCH(QString, mustShow);
    ZooBrowserDialog dialog;
    auto *edit = dialog.findChild<QLineEdit *>(QStringLiteral("zooFilter"));
    auto *table = dialog.findChild<QTableView *>(QStringLiteral("zooTable"));
    QVERIFY(edit && table);
    const int all = table->model()->rowCount();
    QCOMPARE(all, static_cast<int>(zooModels().size()));
    QVERIFY(!dialog.selectedSource().isEmpty());  // a row is selected from the start: Enter opens it

    QTest::keyClicks(edit, filter);
    const QAbstractItemModel *rows = table->model();
    QVERIFY(rows->rowCount() > 0);
    QVERIFY(rows->rowCount() < all);
    QStringList sources;
    for (int r = 0; r < rows->rowCount(); ++r) {
        QString rowText;
        for (int c = 0; c < rows->columnCount(); ++c) {
            rowText += rows->index(r, c).data().toString() + QLatin1Char(' ');
        }
        QVERIFY2(rowText.contains(filter, Qt::CaseInsensitive), qPrintable(rowText));
        sources << rows->index(r, 0).data(ZooTableModel::SourceRole).toString();
    }
    QVERIFY2(sources.contains(mustShow), qPrintable(sources.join(QLatin1Char(' '))));

    // Nothing matches: no rows, Open disabled.
    edit->clear();
    QTest::keyClicks(edit, QStringLiteral("no-such-model-xyz"));
    QCOMPARE(rows->rowCount(), 0);
    QVERIFY(dialog.selectedSource().isEmpty());
    auto *buttons = dialog.findChild<QDialogButtonBox *>();
    QVERIFY(!buttons->button(QDialogButtonBox::Open)->isEnabled());
    edit->clear();
    QCOMPARE(rows->rowCount(), all);
}

void TestDialogs::zooSortsAndOpens() {
    ZooBrowserDialog dialog;
    dialog.show();
    auto *table = dialog.findChild<QTableView *>(QStringLiteral("zooTable"));
    QVERIFY(table);
    const QAbstractItemModel *rows = table->model();
    // Sorting by parameters is numeric (a string sort would put 1,000,000 before 9,000).
    table->horizontalHeader()->setSortIndicator(ZooTableModel::Parameters, Qt::AscendingOrder);
    double previous = -1;
    for (int r = 0; r < rows->rowCount(); ++r) {
        const double params = rows->index(r, ZooTableModel::Parameters).data(ZooTableModel::SortRole).toDouble();
        QVERIFY(params >= previous);
        previous = params;
    }
    screenshot(&dialog, QStringLiteral("zoo_browser"));

    // Filter to one model and double-click it: the dialog accepts with its source.
    QTest::keyClicks(dialog.findChild<QLineEdit *>(QStringLiteral("zooFilter")), QStringLiteral("resnet50"));
    int row = -1;
    for (int r = 0; r < rows->rowCount(); ++r) {
        if (rows->index(r, ZooTableModel::Name).data().toString() == QLatin1String("resnet50")) {
            row = r;
        }
    }
    QVERIFY(row >= 0);
    const QRect cell = table->visualRect(rows->index(row, ZooTableModel::Name));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(dialog.result(), static_cast<int>(QDialog::Accepted));
    QCOMPARE(dialog.selectedSource(), QStringLiteral("zoo:resnet50"));
}

void TestDialogs::customGpuRefusesBadFigure_data() {
    QTest::addColumn<QString>("widget");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("field");  // named in the message (the core's field name)
    QTest::newRow("no SMs") << QStringLiteral("smsSpin") << 0.0 << QStringLiteral("sms");
    QTest::newRow("no bandwidth") << QStringLiteral("bandwidthSpin") << 0.0 << QStringLiteral("bandwidth_gbps");
    QTest::newRow("no memory") << QStringLiteral("memorySpin") << 0.0 << QStringLiteral("memory_gb");
    QTest::newRow("no clock") << QStringLiteral("boostClockSpin") << 0.0 << QStringLiteral("boost_clock_mhz");
}

void TestDialogs::customGpuRefusesBadFigure() {
    QFETCH(QString, widget);
    QFETCH(double, value);
    QFETCH(QString, field);
    CustomGpuDialog dialog(GpuCatalogue::builtIn(), QStringLiteral("a100-sxm4-80gb:mig=1g.10gb"));
    QCOMPARE(dialog.findChild<QComboBox *>(QStringLiteral("baseCombo"))->currentData().toString(),
             QStringLiteral("a100-sxm4-80gb"));
    QCOMPARE(dialog.findChild<QLineEdit *>(QStringLiteral("idEdit"))->text(), QStringLiteral("a100-sxm4-80gb-custom"));
    if (auto *spin = dialog.findChild<QSpinBox *>(widget)) {
        spin->setValue(static_cast<int>(value));
    } else {
        auto *figure = dialog.findChild<QDoubleSpinBox *>(widget);
        QVERIFY(figure);
        figure->setValue(value);
    }
    dialog.accept();
    QCOMPARE(dialog.result(), static_cast<int>(QDialog::Rejected));  // still open
    QVERIFY(dialog.savedKey().isEmpty());
    auto *error = dialog.findChild<QLabel *>(QStringLiteral("gpuError"));
    QVERIFY(error && !error->isHidden());
    QVERIFY2(error->text().contains(field), qPrintable(error->text()));
    QCOMPARE(error->text(), dialog.errorText());
    QVERIFY(!QDir(GpuCatalogue::userGpuDirectory()).exists(QStringLiteral("a100-sxm4-80gb-custom.json")));
    if (widget == QLatin1String("smsSpin")) {
        dialog.show();
        screenshot(&dialog, QStringLiteral("custom_gpu_refused"));
    }

    // A built-in id is refused too.
    CustomGpuDialog other(GpuCatalogue::builtIn(), QStringLiteral("t4"));
    other.findChild<QLineEdit *>(QStringLiteral("idEdit"))->setText(QStringLiteral("a10"));
    QVERIFY(!other.save());
    QVERIFY2(other.errorText().contains(QStringLiteral("a10")), qPrintable(other.errorText()));
}

void TestDialogs::customGpuSavedForCliAndSession() {
    CustomGpuDialog dialog(GpuCatalogue::builtIn(), QStringLiteral("a100-sxm4-80gb"));
    dialog.findChild<QLineEdit *>(QStringLiteral("idEdit"))->setText(QStringLiteral("a100-fastmem"));
    dialog.findChild<QLineEdit *>(QStringLiteral("nameEdit"))->setText(QStringLiteral("A100 with 3 TB/s"));
    dialog.findChild<QDoubleSpinBox *>(QStringLiteral("bandwidthSpin"))->setValue(3000);
    dialog.findChild<QSpinBox *>(QStringLiteral("smsSpin"))->setValue(54);  // half of the A100's 108 SMs
    dialog.findChild<QDoubleSpinBox *>(QStringLiteral("peak_bf16"))->setValue(0);  // no BF16 path
    dialog.accept();
    QCOMPARE(dialog.result(), static_cast<int>(QDialog::Accepted));
    QCOMPARE(dialog.savedKey(), QStringLiteral("a100-fastmem"));
    const QString path = QDir(GpuCatalogue::userGpuDirectory()).filePath(QStringLiteral("a100-fastmem.json"));
    QCOMPARE(QFileInfo(dialog.savedPath()).absoluteFilePath(), QFileInfo(path).absoluteFilePath());
    QVERIFY(QFile::exists(path));

    // The catalogue loader the CLI uses finds it, with the figures given and the rest of the A100.
    QStringList warnings;
    auto catalogue = GpuCatalogue::withUserGpus(&warnings);
    QVERIFY(catalogue);
    QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(QLatin1Char('\n'))));
    const GpuSpec *gpu = catalogue->find(QStringLiteral("a100-fastmem"));
    QVERIFY(gpu);
    QVERIFY(gpu->custom);
    QCOMPARE(gpu->name, QStringLiteral("A100 with 3 TB/s"));
    QCOMPARE(gpu->bandwidthGBps, 3000.0);
    QCOMPARE(gpu->sms, 54);
    QCOMPARE(gpu->cudaCores, 54 * 64);  // Ampere GA100: 64 FP32 lanes per SM (A100 whitepaper)
    QVERIFY(!gpu->peak.bf16.has_value());
    const GpuSpec *a100 = GpuCatalogue::builtIn().find(QStringLiteral("a100-sxm4-80gb"));
    QCOMPARE(gpu->memoryGb, a100->memoryGb);
    QCOMPARE(gpu->l2Mb, a100->l2Mb);
    QCOMPARE(gpu->peak.fp16, a100->peak.fp16);
    // --gpu FILE reads the same file.
    auto fromFile = resolveTarget(GpuCatalogue::builtIn(), path);
    QVERIFY2(fromFile, fromFile ? "" : qPrintable(fromFile.errorMessage()));
    QCOMPARE(fromFile->gpu().bandwidthGBps, 3000.0);
    QCOMPARE(fromFile->key(), QStringLiteral("a100-fastmem"));

    // What the window does on accept: reload the session's catalogue and add the key as a target.
    ExplorerSession session;
    ProjectTarget a10;
    a10.gpu = QStringLiteral("a10");
    QVERIFY(session.resetTargets({a10}));
    session.reloadCatalogue();
    ProjectTarget custom;
    custom.gpu = dialog.savedKey();
    QVERIFY(session.addTarget(custom));
    QCOMPARE(session.resolvedTargets().back().key, QStringLiteral("a100-fastmem"));
    QVERIFY(session.resolvedTargets().back().error.isEmpty());

    // Editing one's own GPU: it starts from its own id and saves over its file.
    CustomGpuDialog edit(*catalogue, QStringLiteral("a100-fastmem"));
    QCOMPARE(edit.findChild<QLineEdit *>(QStringLiteral("idEdit"))->text(), QStringLiteral("a100-fastmem"));
    QCOMPARE(edit.findChild<QDoubleSpinBox *>(QStringLiteral("bandwidthSpin"))->value(), 3000.0);
    edit.findChild<QDoubleSpinBox *>(QStringLiteral("bandwidthSpin"))->setValue(2500);
    QVERIFY2(edit.save(), qPrintable(edit.errorText()));
    auto reread = GpuCatalogue::builtIn().readGpuFile(path);
    QVERIFY(reread);
    QCOMPARE(reread->bandwidthGBps, 2500.0);
    QCOMPARE(reread->sms, 54);
    edit.show();
    screenshot(&edit, QStringLiteral("custom_gpu"));
}

void TestDialogs::shapeValidation_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    // The syntax of the CLI's --input (torchscript_input_spec.h).
    QTest::newRow("image") << QStringLiteral("1x3x224x224") << true;
    QTest::newRow("symbolic") << QStringLiteral("Nx3xHxW") << true;
    QTest::newRow("two token inputs") << QStringLiteral("1x128:i64,1x128:i64") << true;
    QTest::newRow("default") << QStringLiteral("N=8x3x224x224:f16") << true;
    QTest::newRow("empty dim") << QStringLiteral("1x3xx224") << false;
    QTest::newRow("bad dtype") << QStringLiteral("1x3x224x224:float99") << false;
    QTest::newRow("empty") << QString() << false;
}

void TestDialogs::shapeValidation() {
    QFETCH(QString, text);
    QFETCH(bool, valid);
    InputShapeDialog dialog(QStringLiteral("/models/net.pt"));
    auto *edit = dialog.findChild<QLineEdit *>(QStringLiteral("shapeEdit"));
    auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY(edit && ok);
    QTest::keyClicks(edit, text);
    QCOMPARE(dialog.validationError().isEmpty(), valid);
    QCOMPARE(ok->isEnabled(), valid);
    if (!valid && !text.isEmpty()) {
        auto *error = dialog.findChild<QLabel *>(QStringLiteral("shapeError"));
        QCOMPARE(error->text(), dialog.validationError());
    }
    if (QTest::currentDataTag() == QLatin1String("empty dim")) {
        dialog.show();
        screenshot(&dialog, QStringLiteral("input_shape_refused"));
    }
    if (QTest::currentDataTag() == QLatin1String("two token inputs")) {
        dialog.show();
        screenshot(&dialog, QStringLiteral("input_shape"));
    }
}

void TestDialogs::askShapesReturnsText() {
    // The modal prompt: type, press Enter; and cancelled with Escape.
    QTimer::singleShot(0, this, [] {
        auto *dialog = qobject_cast<InputShapeDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        auto *edit = dialog->findChild<QLineEdit *>(QStringLiteral("shapeEdit"));
        QTest::keyClicks(edit, QStringLiteral(" 1x3x224x224 "));
        QTest::keyClick(edit, Qt::Key_Return);
    });
    const auto shapes = askTorchScriptInputShapes(nullptr, QStringLiteral("/models/net.pt"));
    QVERIFY(shapes.has_value());
    QCOMPARE(*shapes, QStringLiteral("1x3x224x224"));

    QTimer::singleShot(0, this, [] {
        auto *dialog = QApplication::activeModalWidget();
        QVERIFY(dialog);
        QTest::keyClick(dialog, Qt::Key_Escape);
    });
    QVERIFY(!askTorchScriptInputShapes(nullptr, QStringLiteral("/models/net.pt")).has_value());
}

QTEST_MAIN(TestDialogs)
#include "test_dialogs.moc"
