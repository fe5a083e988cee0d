// SPDX-License-Identifier: MIT
// readRegularFile / OutputFile (issue 15, item 3): special files are refused without blocking,
// every read is capped, and --output onto a device or FIFO writes in place instead of renaming a
// regular file over it. The special files are made here (mkfifo, a symlink to /dev/zero).
#include "base/file_io.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace infersight;

class TestFileIo : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void readsRegularFiles();
    void readsThroughSymlinkToRegularFile();
    void refusesSpecialFiles_data();
    void refusesSpecialFiles();
    void capsReads();
    void capNamesTheLimitAndHowToRaiseIt();
    void writesRegularFilesAtomically();
    void writesDevicesInPlace();
    void refusesFifoWithoutReader();
    void writesFifoWithReader();
    void refusesFolders();

private:
    QTemporaryDir m_dir;
    QString m_fifo;
    QString m_zeroLink;
};

void TestFileIo::initTestCase() {
    QVERIFY(m_dir.isValid());
    m_fifo = m_dir.filePath(QStringLiteral("pipe.onnx"));
    QCOMPARE(::mkfifo(QFile::encodeName(m_fifo).constData(), 0600), 0);
    m_zeroLink = m_dir.filePath(QStringLiteral("config.json"));
    QVERIFY(QFile::link(QStringLiteral("/dev/zero"), m_zeroLink));
}

void TestFileIo::cleanup() {
    qunsetenv(kMaxFileEnvVar);
}

void TestFileIo::readsRegularFiles() {
    const QString path = m_dir.filePath(QStringLiteral("plain.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"a\": 1}");
    f.close();
    const auto bytes = readRegularFile(path);
    QVERIFY2(bytes.ok(), qPrintable(bytes.ok() ? QString() : bytes.errorMessage()));
    QCOMPARE(*bytes, QByteArray("{\"a\": 1}"));
    QVERIFY(checkRegularFile(path).ok());
}

void TestFileIo::readsThroughSymlinkToRegularFile() {
    const QString target = m_dir.filePath(QStringLiteral("target.csv"));
    QFile f(target);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("gpu,price\n");
    f.close();
    const QString link = m_dir.filePath(QStringLiteral("link.csv"));
    QVERIFY(QFile::link(target, link));
    const auto bytes = readRegularFile(link);
    QVERIFY(bytes.ok());
    QCOMPARE(*bytes, QByteArray("gpu,price\n"));
}

void TestFileIo::refusesSpecialFiles_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("fifo") << m_fifo << QStringList{m_fifo, QStringLiteral("FIFO"), QStringLiteral("not a regular file")};
    QTest::newRow("link to /dev/zero") << m_zeroLink
                                       << QStringList{m_zeroLink, QStringLiteral("a link to /dev/zero"),
                                                      QStringLiteral("character device")};
    QTest::newRow("/dev/null") << QStringLiteral("/dev/null") << QStringList{QStringLiteral("character device")};
    QTest::newRow("folder") << m_dir.path() << QStringList{m_dir.path(), QStringLiteral("folder")};
    QTest::newRow("missing") << m_dir.filePath(QStringLiteral("nope.json")) << QStringList{QStringLiteral("no such file")};
}

void TestFileIo::refusesSpecialFiles() {
    QFETCH(QString, path);
    QFETCH(QStringList, mentions);
    QElapsedTimer timer;
    timer.start();
    const auto bytes = readRegularFile(path);
    QVERIFY(!bytes.ok());
    const Status checked = checkRegularFile(path);
    QVERIFY(!checked.ok());
    QFile file(path);
    const Status opened = openRegularFile(file);
    QVERIFY(!opened.ok());
    QVERIFY(!file.isOpen());
    // Nothing blocks (a FIFO without a writer) and nothing is read without end (/dev/zero).
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
    for (const QString &m : mentions) {
        QVERIFY2(bytes.errorMessage().contains(m), qPrintable(bytes.errorMessage()));
        QVERIFY2(opened.errorMessage().contains(m), qPrintable(opened.errorMessage()));
    }
}

void TestFileIo::capsReads() {
    // 3 MiB file, cap lowered to 2 MiB through the environment: refused; raised to 4: read whole.
    const QString path = m_dir.filePath(QStringLiteral("big.csv"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(QByteArray(3 * 1024 * 1024, 'x')), qint64{3 * 1024 * 1024});
    f.close();
    qputenv(kMaxFileEnvVar, "2");
    QCOMPARE(fileReadCapBytes(kTextFileCapMiB), qint64{2} * 1024 * 1024);
    QVERIFY(!readRegularFile(path, kTableFileCapMiB).ok());
    qputenv(kMaxFileEnvVar, "4");
    const auto bytes = readRegularFile(path, kTextFileCapMiB);
    QVERIFY(bytes.ok());
    QCOMPARE(bytes->size(), qsizetype{3 * 1024 * 1024});
    qunsetenv(kMaxFileEnvVar);
    QCOMPARE(fileReadCapBytes(kTextFileCapMiB), qint64{16} * 1024 * 1024);
    QCOMPARE(fileReadCapBytes(kTableFileCapMiB), qint64{1024} * 1024 * 1024);
    qputenv(kMaxFileEnvVar, "not a number");
    QCOMPARE(fileReadCapBytes(kTextFileCapMiB), qint64{16} * 1024 * 1024);
}

void TestFileIo::capNamesTheLimitAndHowToRaiseIt() {
    const QString path = m_dir.filePath(QStringLiteral("huge.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(2 * 1024 * 1024 + 10, ' '));
    f.close();
    qputenv(kMaxFileEnvVar, "1");
    const auto bytes = readRegularFile(path, kTextFileCapMiB, QStringLiteral("a GPU file"));
    QVERIFY(!bytes.ok());
    for (const char *m : {"huge.json", "2.0 MiB", "1 MiB limit for a GPU file", "INFERSIGHT_MAX_FILE_MB"}) {
        QVERIFY2(bytes.errorMessage().contains(QLatin1String(m)), qPrintable(bytes.errorMessage()));
    }
}

void TestFileIo::writesRegularFilesAtomically() {
    const QString path = m_dir.filePath(QStringLiteral("out.csv"));
    QVERIFY(writeOutputFile(path, "one\n").ok());
    QVERIFY(writeOutputFile(path, "two\n").ok());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("two\n"));
    // A cancelled write leaves the old contents.
    OutputFile out(path);
    QVERIFY(out.open().ok());
    QVERIFY(!out.direct());
    out.device()->write("three\n");
    out.cancel();
    f.close();
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("two\n"));
}

void TestFileIo::writesDevicesInPlace() {
    // Through a link too: the device stays a device (an atomic rename would have replaced it).
    const QString link = m_dir.filePath(QStringLiteral("null-link"));
    QVERIFY(QFile::link(QStringLiteral("/dev/null"), link));
    for (const QString &path : {QStringLiteral("/dev/null"), link}) {
        OutputFile out(path);
        QVERIFY(out.open().ok());
        QVERIFY(out.direct());
        QCOMPARE(out.device()->write("data"), qint64{4});
        QVERIFY(out.commit().ok());
    }
    struct stat st {};
    QCOMPARE(::stat("/dev/null", &st), 0);
    QVERIFY(S_ISCHR(st.st_mode));
    QCOMPARE(::lstat(QFile::encodeName(link).constData(), &st), 0);
    QVERIFY(S_ISLNK(st.st_mode));
}

void TestFileIo::refusesFifoWithoutReader() {
    QElapsedTimer timer;
    timer.start();
    const Status st = writeOutputFile(m_fifo, "rows\n");
    QVERIFY(!st.ok());
    QVERIFY(timer.elapsed() < 5000);
    QVERIFY2(st.errorMessage().contains(m_fifo) && st.errorMessage().contains(QLatin1String("nobody reads")),
             qPrintable(st.errorMessage()));
    struct stat info {};
    QCOMPARE(::stat(QFile::encodeName(m_fifo).constData(), &info), 0);
    QVERIFY(S_ISFIFO(info.st_mode));
}

void TestFileIo::writesFifoWithReader() {
    const int reader = ::open(QFile::encodeName(m_fifo).constData(), O_RDONLY | O_NONBLOCK);
    QVERIFY(reader >= 0);
    QVERIFY(writeOutputFile(m_fifo, "rows\n").ok());
    char buffer[16] = {};
    QCOMPARE(::read(reader, buffer, sizeof buffer), ssize_t{5});
    QCOMPARE(QByteArray(buffer, 5), QByteArray("rows\n"));
    ::close(reader);
    struct stat info {};
    QCOMPARE(::stat(QFile::encodeName(m_fifo).constData(), &info), 0);
    QVERIFY(S_ISFIFO(info.st_mode));
}

void TestFileIo::refusesFolders() {
    const Status st = writeOutputFile(m_dir.path(), "x");
    QVERIFY(!st.ok());
    QVERIFY2(st.errorMessage().contains(QLatin1String("folder")), qPrintable(st.errorMessage()));
    QVERIFY(QFileInfo(m_dir.path()).isDir());
}

QTEST_GUILESS_MAIN(TestFileIo)
#include "test_file_io.moc"
