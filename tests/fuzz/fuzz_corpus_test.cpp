// SPDX-License-Identifier: MIT
// The fuzz regression files of one libFuzzer target, with any compiler: every file of the target's
// committed corpus (tests/fuzz/<target>/corpus: small real files, hostile cases and every crash the
// fuzzer found) and a truncated copy of each, run through the target's entry point
// (LLVMFuzzerTestOneInput, linked from fuzz_<target>.cpp). The entry point aborts when a loader
// returns an empty or multi-line error; a crash, a hang, a leak or undefined behaviour fails this
// test (the latter two under the asan preset). Compiled once per target with FUZZ_CORPUS_DIR and
// FUZZ_MIN_FILES defined (tests/fuzz/<target>/CMakeLists.txt).
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QtTest>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

class TestFuzzCorpus : public QObject {
    Q_OBJECT
private slots:
    void corpusFile_data();
    void corpusFile();
};

void TestFuzzCorpus::corpusFile_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("whole");
    const QDir corpus(QStringLiteral(FUZZ_CORPUS_DIR));
    const QFileInfoList files = corpus.entryInfoList(QDir::Files, QDir::Name);
    QVERIFY2(files.size() >= FUZZ_MIN_FILES, qPrintable(QStringLiteral("%1 holds %2 files, expected at least %3")
                                                            .arg(corpus.path())
                                                            .arg(files.size())
                                                            .arg(FUZZ_MIN_FILES)));
    for (const QFileInfo &file : files) {
        const QByteArray name = file.fileName().toUtf8();
        QTest::newRow(name.constData()) << file.absoluteFilePath() << true;
        QTest::newRow((name + " first half").constData()) << file.absoluteFilePath() << false;
    }
}

void TestFuzzCorpus::corpusFile() {
    QFETCH(QString, path);
    QFETCH(bool, whole);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray bytes = file.readAll();
    if (!whole) {
        bytes.truncate(bytes.size() / 2);
    }
    QCOMPARE(LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t *>(bytes.constData()),
                                     static_cast<std::size_t>(bytes.size())),
             0);
}

QTEST_GUILESS_MAIN(TestFuzzCorpus)
#include "fuzz_corpus_test.moc"
