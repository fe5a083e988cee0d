// SPDX-License-Identifier: MIT
// Tests of TorchScriptArchive: the LibTorch-free look at a .pt file's zip directory. Fixtures are
// written by tools/fixtures/export_torchscript_fixtures.py (torch.jit.save archives, a
// torch.save state_dict, a pre-1.6 pickle, an empty file, a text file, a half archive).
#include "importers/torchscript/torchscript_archive.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace infersight;

namespace {
const QString kDir = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/torchscript/");
}

class TestTorchScriptArchive : public QObject {
    Q_OBJECT
private slots:
    void torchScriptArchives_data();
    void torchScriptArchives();
    void rejected_data();
    void rejected();
    void directoryIsRejected();
    void trailingCommentIsFound();
};

void TestTorchScriptArchive::torchScriptArchives_data() {
    QTest::addColumn<QString>("file");
    for (const char *f : {"resnet18_traced.pt", "mobilenet_v2_scripted.pt", "tiny_bert_scripted.pt"}) {
        QTest::newRow(f) << QString::fromLatin1(f);
    }
}

void TestTorchScriptArchive::torchScriptArchives() {
    QFETCH(QString, file);
    const auto info = TorchScriptArchive::inspect(kDir + file);
    QVERIFY2(info.ok(), qPrintable(info.ok() ? QString() : info.errorMessage()));
    QVERIFY(info->hasCode);
    QVERIFY(info->hasConstants);
    QVERIFY(info->hasData);
    QCOMPARE(info->prefix, QStringLiteral("archive"));  // torch.jit.save into a buffer names it so
    // torch.jit.save writes shallow pickles and code: a module tree a few levels deep, calls nested
    // a few brackets deep (far below the 500-level limit the hostile-archive check sets).
    QVERIFY2(info->pickleDepth >= 1 && info->pickleDepth < 100, qPrintable(QString::number(info->pickleDepth)));
    QVERIFY2(info->codeDepth >= 1 && info->codeDepth < 100, qPrintable(QString::number(info->codeDepth)));
    QVERIFY(info->entries.contains(QStringLiteral("archive/data.pkl")));
    QVERIFY(TorchScriptArchive::looksLikeZip(kDir + file));
}

void TestTorchScriptArchive::rejected_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing") << "no_such_file.pt" << "no such file";
    QTest::newRow("empty") << "error_empty.pt" << "the file is empty";
    QTest::newRow("text") << "error_not_a_zip.pt" << "not a TorchScript archive (not a zip file)";
    QTest::newRow("truncated") << "error_truncated.pt" << "truncated or damaged zip archive";
    QTest::newRow("state_dict") << "error_state_dict.pt" << "a torch.save() archive (e.g. a state_dict)";
    QTest::newRow("legacy pickle") << "error_legacy_pickle.pt" << "a legacy torch.save() pickle";
    // data.pkl is "\x80\x02garbage that is not a pickle": PROTO 2, then 'g' (GET) whose
    // newline-terminated argument never ends at byte 3.
    QTest::newRow("corrupt pickle") << "error_corrupt_pickle.pt" << "archive/data.pkl is truncated or damaged (at byte 3)";
}

void TestTorchScriptArchive::rejected() {
    QFETCH(QString, file);
    QFETCH(QString, message);
    const auto info = TorchScriptArchive::inspect(kDir + file);
    QVERIFY(!info.ok());
    QVERIFY2(info.errorMessage().startsWith(kDir + file + QStringLiteral(": ")), qPrintable(info.errorMessage()));
    QVERIFY2(info.errorMessage().contains(message), qPrintable(info.errorMessage()));
}

void TestTorchScriptArchive::directoryIsRejected() {
    const auto info = TorchScriptArchive::inspect(kDir);
    QVERIFY(!info.ok());
    QVERIFY2(info.errorMessage().contains(QStringLiteral("is a directory")), qPrintable(info.errorMessage()));
}

void TestTorchScriptArchive::trailingCommentIsFound() {
    // A zip comment moves the end-of-central-directory record away from the end of the file.
    QFile source(kDir + QStringLiteral("tiny_bert_scripted.pt"));
    QVERIFY(source.open(QIODevice::ReadOnly));
    QByteArray bytes = source.readAll();
    const QByteArray comment(300, 'c');
    // The comment length is the last field of the record (offset 20), 0 in the fixture.
    QCOMPARE(bytes.mid(bytes.size() - 2), QByteArray(2, '\0'));
    bytes[bytes.size() - 2] = static_cast<char>(comment.size() & 0xFF);
    bytes[bytes.size() - 1] = static_cast<char>(comment.size() >> 8);
    bytes += comment;
    QTemporaryDir dir;
    QFile out(dir.filePath(QStringLiteral("commented.pt")));
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(bytes);
    out.close();
    const auto info = TorchScriptArchive::inspect(out.fileName());
    QVERIFY2(info.ok(), qPrintable(info.ok() ? QString() : info.errorMessage()));
    QVERIFY(info->hasCode);
}

QTEST_GUILESS_MAIN(TestTorchScriptArchive)
#include "test_torchscript_archive.moc"
