// SPDX-License-Identifier: MIT
// The fuzz regression files, with any compiler: every file of the fuzzer's seed corpus
// (tests/fixtures/onnx: models, and the broken files corrupt_bytes, cycle, empty, not_onnx, ...;
// tests/fuzz/onnx_import/corpus: hostile files and every crash the fuzzer found) and truncated
// copies of them, run through the libFuzzer entry point of fuzz_onnx_import.cpp. The
// entry point aborts when the importer returns an empty or multi-line error; a crash, a hang, a leak
// or undefined behaviour fails this test (the latter two under the asan preset).
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QtTest>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

class TestFuzzOnnxRegressions : public QObject {
    Q_OBJECT
private slots:
    void corpusFile_data();
    void corpusFile();
};

void TestFuzzOnnxRegressions::corpusFile_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<double>("keep");  // the part of the file given (1: whole)
    const QDir corpus(QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx"));
    QFileInfoList files = corpus.entryInfoList({QStringLiteral("*.onnx")}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 20);
    const QDir found(QStringLiteral(INFERSIGHT_SOURCE_DIR "/tests/fuzz/onnx_import/corpus"));
    const QFileInfoList hostile = found.entryInfoList(QDir::Files, QDir::Name);
    QVERIFY(hostile.size() >= 5);
    files += hostile;
    for (const QFileInfo &file : files) {
        const QByteArray name = file.fileName().toUtf8();
        QTest::newRow(name.constData()) << file.absoluteFilePath() << 1.0;
        // Cut short: a protobuf ending inside a field, the commonest broken download.
        if (file.size() < 2 * 1024 * 1024) {
            QTest::newRow((name + " first half").constData()) << file.absoluteFilePath() << 0.5;
            QTest::newRow((name + " but the last byte").constData()) << file.absoluteFilePath() << -1.0;
        }
    }
}

void TestFuzzOnnxRegressions::corpusFile() {
    QFETCH(QString, path);
    QFETCH(double, keep);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray bytes = file.readAll();
    if (keep < 0) {
        bytes.chop(1);
    } else if (keep < 1) {
        bytes.truncate(static_cast<qsizetype>(static_cast<double>(bytes.size()) * keep));
    }
    QCOMPARE(LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t *>(bytes.constData()),
                                     static_cast<std::size_t>(bytes.size())),
             0);
}

QTEST_GUILESS_MAIN(TestFuzzOnnxRegressions)
#include "test_fuzz_onnx_regressions.moc"
