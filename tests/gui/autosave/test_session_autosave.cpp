// SPDX-License-Identifier: MIT
// SessionAutosave on an ExplorerSession without windows: a burst of changes gives one write a second
// after the last change; the minute save rewrites a missing file and leaves an up-to-date one alone;
// every write replaces the file atomically (a reader of the old file still reads all of it, no
// temporary file is left); a folder or file that cannot be written is reported; a clean end removes the
// file; a file whose lock is free is an orphan, a live run's is not; restoring brings back the
// session as it was (knobs, structure, targets, view, project file, unsaved-changes state) and
// removes the orphan; declining removes it; a project written by a newer Infersight is refused whole
// and the orphan is kept.
//
// Expected values: the knobs and targets this test sets, read back through the core project reader.
#include "session/session_autosave.h"

#include "design/project_file.h"
#include "session/explorer_session.h"
#include "../session_test_support.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <sys/stat.h>

using namespace infersight;
using namespace infersight::test_support;

namespace {

constexpr int kWaitMs = 60000;

ProjectTarget gpu(const QString &id, const QString &mig = {}) {
    ProjectTarget t;
    t.gpu = id;
    t.mig = mig;
    return t;
}

QJsonObject readJson(const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {};
    }
    return QJsonDocument::fromJson(file.readAll()).object();
}

ino_t inodeOf(const QString &path) {
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_ino : 0;
}

// The files in `dir` (names only, sorted).
QStringList filesIn(const QString &dir) { return QDir(dir).entryList(QDir::Files | QDir::Hidden, QDir::Name); }

}  // namespace

class TestSessionAutosave : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void burstGivesOneDebouncedWrite();
    void periodRewritesOnlyWhenNeeded();
    void writesAreAtomic();
    void unwritableFolderIsReported();
    void cleanEndRemovesTheFile();
    void orphansAreThoseWithoutALiveLock();
    void restoreBringsTheSessionBack_data();
    void restoreBringsTheSessionBack();
    void declineRemovesTheOrphan();
    void askShowsWhatIsRestored_data();
    void askShowsWhatIsRestored();
    void newerVersionIsRefusedWhole();

private:
    QTemporaryDir m_config;
};

void TestSessionAutosave::initTestCase() {
    QVERIFY(m_config.isValid());
    qputenv("INFERSIGHT_CONFIG_DIR", QFile::encodeName(m_config.path()));
    QCOMPARE(SessionAutosave::defaultDirectory(), QDir(m_config.path()).filePath(QStringLiteral("autosave")));
    QCOMPARE(SessionAutosave::kDebounceMs, 1000);  // the issue: "debounced" (about a second)
    QCOMPARE(SessionAutosave::kPeriodMs, 60000);   // the issue: "every minute"
}

void TestSessionAutosave::burstGivesOneDebouncedWrite() {
    QTemporaryDir dir;
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("t4"))}));
    SessionAutosave autosave(&session, dir.path());
    QVERIFY2(autosave.lastError().isEmpty(), qPrintable(autosave.lastError()));
    QCOMPARE(autosave.debounceInterval(), 1000);
    QCOMPARE(autosave.period(), 60000);
    QSignalSpy saved(&autosave, &SessionAutosave::saved);
    QVERIFY(!QFileInfo::exists(autosave.filePath()));  // nothing to save before a model is open

    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet50"), {}, SessionWait::Loaded));
    QVERIFY(saved.wait(kWaitMs));  // opening a model is a change
    QCOMPARE(saved.count(), 1);
    saved.clear();

    // Three changes in a row: one write, not before a second has passed since the last.
    QVERIFY(session.setBatch(16));
    QVERIFY(session.setBatch(32));
    QVERIFY(session.setPrecision(Precision::INT8));
    QElapsedTimer sinceLast;
    sinceLast.start();
    QVERIFY(saved.wait(kWaitMs));
    QVERIFY2(sinceLast.elapsed() >= 990, qPrintable(QString::number(sinceLast.elapsed())));
    QTest::qWait(300);
    QCOMPARE(saved.count(), 1);

    auto project = readProjectFile(autosave.filePath());
    QVERIFY2(project, project ? "" : qPrintable(project.errorMessage()));
    QCOMPARE(project->source, QStringLiteral("zoo:resnet50"));
    QCOMPARE(project->knobs.batch, 32);
    QCOMPARE(project->knobs.precision, Precision::INT8);
    QCOMPARE(project->targets, std::vector<ProjectTarget>{gpu(QStringLiteral("t4"))});
    const QJsonObject meta = readJson(autosave.filePath()).value(QStringLiteral("autosave")).toObject();
    QCOMPARE(meta.value(QStringLiteral("modified")).toBool(), true);
    QCOMPARE(meta.value(QStringLiteral("project_path")).toString(), QString());
    QVERIFY(!meta.value(QStringLiteral("saved_at")).toString().isEmpty());

    // A target change is a change too.
    QVERIFY(session.addTarget(gpu(QStringLiteral("a100-sxm4-80gb"), QStringLiteral("3g.40gb"))));
    QVERIFY(saved.wait(kWaitMs));
    project = readProjectFile(autosave.filePath());
    QVERIFY(project);
    QCOMPARE(project->targets.size(), std::size_t{2});
    QCOMPARE(project->targets[1].mig, QStringLiteral("3g.40gb"));
}

void TestSessionAutosave::periodRewritesOnlyWhenNeeded() {
    QTemporaryDir dir;
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("t4"))}));
    SessionAutosave autosave(&session, dir.path());
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet50"), {}, SessionWait::Loaded));
    QSignalSpy saved(&autosave, &SessionAutosave::saved);
    QVERIFY(saved.wait(kWaitMs));
    autosave.setPeriod(150);
    saved.clear();
    QTest::qWait(700);  // several periods, nothing changed: no write
    QCOMPARE(saved.count(), 0);
    QVERIFY(QFile::remove(autosave.filePath()));
    QVERIFY(saved.wait(kWaitMs));  // the next period writes it again
    QVERIFY(readProjectFile(autosave.filePath()));
}

void TestSessionAutosave::writesAreAtomic() {
    QTemporaryDir dir;
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("t4"))}));
    SessionAutosave autosave(&session, dir.path());
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet50"), {}, SessionWait::Loaded));
    QVERIFY(autosave.saveNow());
    QFile before(autosave.filePath());
    QVERIFY(before.open(QIODevice::ReadOnly));
    QByteArray oldBytes;
    {
        QFile copy(autosave.filePath());
        QVERIFY(copy.open(QIODevice::ReadOnly));
        oldBytes = copy.readAll();
    }
    QVERIFY(!oldBytes.isEmpty());
    const ino_t oldInode = inodeOf(autosave.filePath());
    QVERIFY(oldInode != 0);

    QVERIFY(session.setBatch(64));
    QVERIFY(autosave.saveNow());
    // The old file was replaced, not rewritten in place: a reader that had it open still reads the
    // whole old content, and the name now points at a new file with the new content.
    QCOMPARE(before.readAll(), oldBytes);
    QVERIFY(inodeOf(autosave.filePath()) != oldInode);
    QCOMPARE(readProjectFile(autosave.filePath())->knobs.batch, 64);
    auto oldProject = Project::fromJson(oldBytes, QStringLiteral("old"), dir.path());
    QVERIFY2(oldProject, oldProject ? "" : qPrintable(oldProject.errorMessage()));
    QVERIFY(oldProject->knobs.batch != 64);
    // No temporary file is left next to it: the file and its lock only.
    const QString name = QFileInfo(autosave.filePath()).fileName();
    QCOMPARE(filesIn(dir.path()), (QStringList{name, name + QStringLiteral(".lock")}));
}

void TestSessionAutosave::unwritableFolderIsReported() {
    QTemporaryDir dir;
    // The folder is a plain file: it cannot be created.
    const QString blocked = QDir(dir.path()).filePath(QStringLiteral("autosave"));
    {
        QFile file(blocked);
        QVERIFY(file.open(QIODevice::WriteOnly));
    }
    ExplorerSession session;
    SessionAutosave autosave(&session, blocked);
    QVERIFY(autosave.lastError().contains(blocked));
    QVERIFY(autosave.lastError().contains(QStringLiteral("not autosaved")));

    // The file cannot be written while the run lives (a folder took its name): the write fails
    // with the reason, nothing crashes, and the next write after that works again.
    const QString folder = QDir(dir.path()).filePath(QStringLiteral("other"));
    ExplorerSession second;
    QVERIFY(second.resetTargets({gpu(QStringLiteral("t4"))}));
    SessionAutosave live(&second, folder);
    QVERIFY(live.lastError().isEmpty());
    QVERIFY(openAndWait(second, QStringLiteral("zoo:resnet50"), {}, SessionWait::Loaded));
    QVERIFY(QDir().mkpath(live.filePath()));
    QSignalSpy failed(&live, &SessionAutosave::saveFailed);
    QVERIFY(!live.saveNow());
    QCOMPARE(failed.count(), 1);
    QVERIFY(live.lastError().contains(live.filePath()));
    QVERIFY(QDir().rmdir(live.filePath()));
    QVERIFY(live.saveNow());
    QVERIFY(live.lastError().isEmpty());
    QVERIFY(readProjectFile(live.filePath()));
}

void TestSessionAutosave::cleanEndRemovesTheFile() {
    QTemporaryDir dir;
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("t4"))}));
    QString path;
    {
        SessionAutosave autosave(&session, dir.path());
        QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet50"), {}, SessionWait::Loaded));
        QVERIFY(autosave.saveNow());
        path = autosave.filePath();
        QVERIFY(QFileInfo::exists(path));
        QVERIFY(QFileInfo::exists(path + QStringLiteral(".lock")));
    }
    QVERIFY(!QFileInfo::exists(path));
    QVERIFY(!QFileInfo::exists(path + QStringLiteral(".lock")));
    QCOMPARE(SessionAutosave::findOrphan(dir.path()), QString());
}

void TestSessionAutosave::orphansAreThoseWithoutALiveLock() {
    QTemporaryDir dir;
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("t4"))}));
    SessionAutosave autosave(&session, dir.path());
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet50"), {}, SessionWait::Loaded));
    QVERIFY(autosave.saveNow());
    // A live run's file (its lock held, here by this very process) is not an orphan.
    QCOMPARE(SessionAutosave::findOrphan(dir.path()), QString());
    // A file left by a run that is gone: its lock file names a process that no longer exists.
    const QString orphan = QDir(dir.path()).filePath(QStringLiteral("session-4194999.infersight"));
    QVERIFY(QFile::copy(autosave.filePath(), orphan));
    {
        QFile lock(orphan + QStringLiteral(".lock"));
        QVERIFY(lock.open(QIODevice::WriteOnly));
        lock.write("4194999\ninfersight\n" + QSysInfo::machineHostName().toUtf8() + "\n");  // QLockFile's format
    }
    QCOMPARE(SessionAutosave::findOrphan(dir.path()), orphan);
    QVERIFY(!QFileInfo::exists(orphan + QStringLiteral(".lock")));  // the stale lock is cleared
    QCOMPARE(SessionAutosave::findOrphan(dir.path()), orphan);      // no lock at all: an orphan too
    QVERIFY(QFileInfo::exists(autosave.filePath() + QStringLiteral(".lock")));  // the live one keeps its own
}

void TestSessionAutosave::restoreBringsTheSessionBack_data() {
    QTest::addColumn<bool>("withProject");
    QTest::addColumn<bool>("changedAfterSave");
    QTest::newRow("model only, unsaved") << false << true;
    QTest::newRow("project, unsaved changes") << true << true;
    QTest::newRow("project, saved") << true << false;
}

void TestSessionAutosave::restoreBringsTheSessionBack() {
    QFETCH(bool, withProject);
    QFETCH(bool, changedAfterSave);
    QTemporaryDir dir;
    QTemporaryDir projects;
    const QString projectFile = QDir(projects.path()).filePath(QStringLiteral("study.infersight"));
    const QString orphan = QDir(dir.path()).filePath(QStringLiteral("session-4194998.infersight"));

    Project expected;
    int expectedCurrent = 0;
    {
        ExplorerSession crashed;
        QVERIFY(crashed.resetTargets({gpu(QStringLiteral("t4")), gpu(QStringLiteral("a100-sxm4-80gb"), QStringLiteral("3g.40gb"))}));
        SessionAutosave autosave(&crashed, dir.path());
        QVERIFY(openAndWait(crashed, QStringLiteral("zoo:resnet50"), {}, SessionWait::Loaded));
        QVERIFY(crashed.setBatch(32));
        QVERIFY(crashed.setPrecision(Precision::INT8));
        QVERIFY(crashed.setImageSize(256));
        QVERIFY(crashed.setWidthMultiplier(0.5));
        if (withProject) {
            QVERIFY(crashed.saveProject(projectFile));
        }
        if (changedAfterSave) {
            QVERIFY(crashed.setBatch(48));
        }
        crashed.setCurrentTarget(1);
        QVERIFY(autosave.saveNow());
        expected = crashed.project();
        expectedCurrent = crashed.currentTarget();
        // The crash: the file stays behind and its lock goes with the process.
        QVERIFY(QFile::copy(autosave.filePath(), orphan));
    }
    QCOMPARE(SessionAutosave::findOrphan(dir.path()), orphan);

    ExplorerSession session;
    SessionAutosave autosave(&session, dir.path());
    QSignalSpy restored(&autosave, &SessionAutosave::restored);
    QSignalSpy failed(&autosave, &SessionAutosave::restoreFailed);
    QVERIFY(autosave.offerRestore(nullptr, SessionAutosave::Answer::Yes));
    QVERIFY(QTest::qWaitFor([&] { return !restored.isEmpty() || !failed.isEmpty(); }, kWaitMs));
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.front().at(1).toString()));
    QCOMPARE(session.project(), expected);
    QCOMPARE(session.knobs().batch, changedAfterSave ? 48 : 32);
    QCOMPARE(session.knobs().precision, Precision::INT8);
    QCOMPARE(session.spec().widthMultiplier, 0.5);
    QCOMPARE(session.currentTarget(), expectedCurrent);
    QCOMPARE(session.projectPath(), withProject ? QFileInfo(projectFile).absoluteFilePath() : QString());
    QCOMPARE(session.isModified(), changedAfterSave);
    QVERIFY(!QFileInfo::exists(orphan));
    // This run's own autosave holds the restored session now.
    QVERIFY(QTest::qWaitFor([&] { return QFileInfo::exists(autosave.filePath()); }, kWaitMs));
    QCOMPARE(readProjectFile(autosave.filePath()).value(), expected);
    QCOMPARE(SessionAutosave::findOrphan(dir.path()), QString());
}

void TestSessionAutosave::declineRemovesTheOrphan() {
    QTemporaryDir dir;
    const QString orphan = QDir(dir.path()).filePath(QStringLiteral("session-4194997.infersight"));
    Project project;
    project.source = QStringLiteral("zoo:resnet50");
    project.knobs.batch = 4;
    project.targets = {gpu(QStringLiteral("t4"))};
    QVERIFY(writeProjectFile(project, orphan));
    ExplorerSession session;
    SessionAutosave autosave(&session, dir.path());
    QSignalSpy started(&session, &ExplorerSession::loadStarted);
    QVERIFY(!autosave.offerRestore(nullptr, SessionAutosave::Answer::No));
    QVERIFY(!QFileInfo::exists(orphan));
    QCOMPARE(started.count(), 0);
    QVERIFY(!autosave.offerRestore(nullptr, SessionAutosave::Answer::Yes));  // nothing left to offer
}

void TestSessionAutosave::askShowsWhatIsRestored_data() {
    QTest::addColumn<bool>("yes");
    QTest::newRow("yes restores") << true;
    QTest::newRow("no discards") << false;
}

void TestSessionAutosave::askShowsWhatIsRestored() {
    QFETCH(bool, yes);
    QTemporaryDir dir;
    const QString orphan = QDir(dir.path()).filePath(QStringLiteral("session-4194993.infersight"));
    Project project;
    project.source = QStringLiteral("zoo:bert-base");
    project.knobs.batch = 16;
    project.targets = {gpu(QStringLiteral("t4"))};
    QVERIFY(writeProjectFile(project, orphan));
    ExplorerSession session;
    SessionAutosave autosave(&session, dir.path());
    QSignalSpy restored(&autosave, &SessionAutosave::restored);

    // The question is modal: answer it like a user, from the event loop it runs.
    QString text;
    bool answered = false;
    QTimer::singleShot(0, this, [&]() {
        QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<QMessageBox *>(QApplication::activeModalWidget()) != nullptr, 10000);
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        QCOMPARE(box->objectName(), QStringLiteral("restoreAutosaveBox"));
        text = box->text();
        QAbstractButton *button = box->button(yes ? QMessageBox::Yes : QMessageBox::No);
        QVERIFY(button != nullptr);
        QTest::mouseClick(button, Qt::LeftButton);
        answered = true;
    });
    QCOMPARE(autosave.offerRestore(nullptr), yes);
    QVERIFY(answered);
    QVERIFY2(text.contains(QStringLiteral("bert-base")), qPrintable(text));  // names what comes back
    QVERIFY2(text.contains(QStringLiteral("did not close normally")), qPrintable(text));
    if (yes) {
        QVERIFY(restored.wait(kWaitMs));
        QCOMPARE(session.knobs().batch, 16);
        QCOMPARE(session.project().targets, project.targets);
    } else {
        QCOMPARE(restored.count(), 0);
        QVERIFY(!session.hasModel());
    }
    QVERIFY(!QFileInfo::exists(orphan));
}

void TestSessionAutosave::newerVersionIsRefusedWhole() {
    QTemporaryDir dir;
    ExplorerSession session;
    QVERIFY(session.resetTargets({gpu(QStringLiteral("t4"))}));
    SessionAutosave autosave(&session, dir.path());
    QVERIFY(openAndWait(session, QStringLiteral("zoo:resnet50"), {}, SessionWait::Loaded));
    QVERIFY(session.setBatch(4));
    const Project before = session.project();

    // A session autosaved by a future Infersight (format version 2), with other knobs and targets.
    Project future;
    future.source = QStringLiteral("zoo:resnet50");
    future.knobs.batch = 128;
    future.targets = {gpu(QStringLiteral("a100-sxm4-80gb"))};
    QJsonObject json = future.toJson();
    json.insert(QStringLiteral("version"), Project::kVersion + 1);
    const QString orphan = QDir(dir.path()).filePath(QStringLiteral("session-4194996.infersight"));
    {
        QFile file(orphan);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(json).toJson());
    }
    QSignalSpy restored(&autosave, &SessionAutosave::restored);
    QSignalSpy failed(&autosave, &SessionAutosave::restoreFailed);
    QSignalSpy loadFailed(&session, &ExplorerSession::loadFailed);
    QVERIFY(autosave.offerRestore(nullptr, SessionAutosave::Answer::Yes));
    QVERIFY(failed.wait(kWaitMs));
    QCOMPARE(restored.count(), 0);
    const QString message = failed.front().at(1).toString();
    QVERIFY2(message.contains(QStringLiteral("newer Infersight")), qPrintable(message));
    QVERIFY2(message.contains(orphan), qPrintable(message));
    QCOMPARE(loadFailed.count(), 1);  // what the window reports in its message box
    // Nothing of it reached the session, and the file is kept for the newer version.
    QCOMPARE(session.project(), before);
    QVERIFY(QFileInfo::exists(orphan));
}

QTEST_MAIN(TestSessionAutosave)
#include "test_session_autosave.moc"
