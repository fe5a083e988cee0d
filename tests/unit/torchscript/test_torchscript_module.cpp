// SPDX-License-Identifier: MIT
// Tests of TorchScriptModule: LibTorch never enters the process (issue 15: it runs code of the
// file). Checked on the process's own memory map (/proc/self/maps): infersight_core does not link
// LibTorch, an ONNX import and archives rejected by the zip check do not load it, and a TorchScript
// import reads the file in the child infersight-torchscript-reader, so it does not load it either.
// The test functions run in declaration order in one process.
#include "importers/onnx/onnx_importer.h"
#include "importers/torchscript/torchscript_importer.h"
#include "importers/torchscript/torchscript_module.h"

#include <QFile>
#include <QtTest>

using namespace infersight;

namespace {

const QString kDir = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/torchscript/");

bool mapped(const char *library) {
    QFile maps(QStringLiteral("/proc/self/maps"));
    if (!maps.open(QIODevice::ReadOnly)) {
        return false;
    }
    return maps.readAll().contains(library);
}

}  // namespace

class TestTorchScriptModule : public QObject {
    Q_OBJECT
private slots:
    void libtorchIsNotMappedAtStart();
    void onnxImportDoesNotLoadLibtorch();
    void brokenArchivesAreRejectedWithoutLibtorch_data();
    void brokenArchivesAreRejectedWithoutLibtorch();
    void missingModuleSaysSupportIsNotInstalled();
    void torchScriptImportRunsLibtorchInTheReader();
    void corruptPickleIsRefusedBeforeTheReader();
};

void TestTorchScriptModule::libtorchIsNotMappedAtStart() {
    QVERIFY(!mapped("libtorch"));
    QVERIFY(!mapped("libinfersight_torch"));
    QVERIFY(!TorchScriptModule::isLoaded());
}

void TestTorchScriptModule::onnxImportDoesNotLoadLibtorch() {
    const QString onnx = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx/resnet18.onnx");
    QVERIFY2(QFile::exists(onnx), "tests/fixtures/onnx/resnet18.onnx is missing (it is committed)");
    const auto imported = OnnxImporter::import(onnx);
    QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : imported.errorMessage()));
    QVERIFY(!mapped("libtorch"));
    QVERIFY(!TorchScriptModule::isLoaded());
}

void TestTorchScriptModule::brokenArchivesAreRejectedWithoutLibtorch_data() {
    QTest::addColumn<QString>("file");
    for (const char *f : {"error_empty.pt", "error_not_a_zip.pt", "error_truncated.pt", "error_state_dict.pt",
                          "error_legacy_pickle.pt", "no_such_file.pt"}) {
        QTest::newRow(f) << QString::fromLatin1(f);
    }
}

void TestTorchScriptModule::brokenArchivesAreRejectedWithoutLibtorch() {
    QFETCH(QString, file);
    const auto result = TorchScriptImporter::import(kDir + file);
    QVERIFY(!result.ok());
    QVERIFY(!mapped("libtorch"));
}

void TestTorchScriptModule::missingModuleSaysSupportIsNotInstalled() {
    qputenv("INFERSIGHT_TORCH_MODULE", "/nonexistent/infersight");
    const Status status = TorchScriptModule::load();
    QVERIFY(!status.ok());
    QVERIFY2(status.errorMessage().startsWith(QStringLiteral("TorchScript support is not installed")),
             qPrintable(status.errorMessage()));
    QVERIFY(status.errorMessage().contains(QStringLiteral("/nonexistent/infersight")));
    const auto result = TorchScriptImporter::import(kDir + QStringLiteral("op_mix_traced.pt"));
    QVERIFY(!result.ok());
    QVERIFY2(result.errorMessage().contains(QStringLiteral("op_mix_traced.pt: TorchScript support is not installed")),
             qPrintable(result.errorMessage()));
    qunsetenv("INFERSIGHT_TORCH_MODULE");
    QVERIFY(!mapped("libtorch"));
}

void TestTorchScriptModule::torchScriptImportRunsLibtorchInTheReader() {
    TorchScriptImportOptions options;
    options.inputs = *TorchScriptInputSpec::parseList(QStringLiteral("1x3x64x64"));
    const auto result = TorchScriptImporter::import(kDir + QStringLiteral("op_mix_traced.pt"), options);
    QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.errorMessage()));
    QVERIFY2(result->reader.startsWith(QStringLiteral("libtorch ")), qPrintable(result->reader));  // the child's LibTorch
    QVERIFY(!TorchScriptModule::isLoaded());
    QVERIFY(!mapped("libinfersight_torch"));
    QVERIFY(!mapped("libtorch_cpu"));
    QVERIFY(TorchScriptModule::readerSearchPaths().join(QLatin1Char(' ')).contains(
        QLatin1String(TorchScriptModule::kReaderProgram)));
}

void TestTorchScriptModule::corruptPickleIsRefusedBeforeTheReader() {
    // The zip directory is fine; data.pkl is "\x80\x02garbage...": the opcode scan stops at the
    // 'g' (GET) whose line never ends, without starting the reader.
    const QString path = kDir + QStringLiteral("error_corrupt_pickle.pt");
    const auto result = TorchScriptImporter::import(path);
    QVERIFY(!result.ok());
    QVERIFY2(result.errorMessage().startsWith(path + QStringLiteral(": archive/data.pkl is truncated or damaged")),
             qPrintable(result.errorMessage()));
    QVERIFY(!result.errorMessage().contains(QLatin1Char('\n')));
}

QTEST_GUILESS_MAIN(TestTorchScriptModule)
#include "test_torchscript_module.moc"
