// SPDX-License-Identifier: MIT
// Crash recovery with the real application: the infersight binary (offscreen, its own config and
// data folders) opens a project, autosaves it, and is killed with SIGKILL; the next start restores
// it when told yes (--restore-autosave=yes) and prints the session it has (--print-state), which
// must be the session that was autosaved, project file name included; told no, it starts on the
// default model and the autosave is gone; an autosave written by a newer Infersight is refused with
// a clear message, nothing of it applied, and kept; so is such a project given on the command line.
//
// Expected values: the project this test writes (knobs, targets), read back through the core
// project reader.
#include "design/project_file.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace infersight;

namespace {

constexpr int kStartMs = 180000;  // a cold start of the GUI, three times that under the sanitizers

QString binary() { return QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight"); }

ProjectTarget gpu(const QString &id, const QString &mig = {}) {
    ProjectTarget t;
    t.gpu = id;
    t.mig = mig;
    return t;
}

QJsonObject readJson(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object() : QJsonObject();
}

// The session without the autosave's own bookkeeping (when it was written).
QJsonObject withoutTimeStamp(QJsonObject json) {
    QJsonObject meta = json.value(QStringLiteral("autosave")).toObject();
    meta.remove(QStringLiteral("saved_at"));
    json.insert(QStringLiteral("autosave"), meta);
    return json;
}

}  // namespace

class TestAutosaveRestore : public QObject {
    Q_OBJECT
private slots:
    void init();
    void killedSessionIsRestored();
    void declinedRestoreStartsFresh();
    void newerVersionIsRefused_data();
    void newerVersionIsRefused();

private:
    void prepare(QProcess &process) const;
    // Runs the app to the end with `arguments`; returns its exit code (-1: it did not end).
    int runToEnd(const QStringList &arguments, QByteArray *out, QByteArray *err) const;
    QStringList sessionFiles() const;

    std::unique_ptr<QTemporaryDir> m_home;
    QString m_autosaveDir;
};

void TestAutosaveRestore::init() {
    QVERIFY(QFileInfo(binary()).isExecutable());
    m_home = std::make_unique<QTemporaryDir>();
    QVERIFY(m_home->isValid());
    m_autosaveDir = QDir(m_home->path()).filePath(QStringLiteral("config/autosave"));
}

void TestAutosaveRestore::prepare(QProcess &process) const {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("INFERSIGHT_CONFIG_DIR"), QDir(m_home->path()).filePath(QStringLiteral("config")));
    // The settings (last targets, layout) and app data of this test alone.
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), QDir(m_home->path()).filePath(QStringLiteral("xdg-config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), QDir(m_home->path()).filePath(QStringLiteral("xdg-data")));
    process.setProcessEnvironment(env);
    process.setProgram(binary());
}

int TestAutosaveRestore::runToEnd(const QStringList &arguments, QByteArray *out, QByteArray *err) const {
    QProcess process;
    prepare(process);
    process.setArguments(arguments);
    process.start();
    if (!process.waitForFinished(kStartMs)) {
        process.kill();
        process.waitForFinished();
        return -1;
    }
    *out = process.readAllStandardOutput();
    *err = process.readAllStandardError();
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

QStringList TestAutosaveRestore::sessionFiles() const {
    return QDir(m_autosaveDir).entryList({QStringLiteral("session-*.infersight")}, QDir::Files, QDir::Name);
}

void TestAutosaveRestore::killedSessionIsRestored() {
    // A project whose knobs and targets all differ from a first start's (zoo:resnet50, batch 8,
    // fp16, A100-SXM4-80GB and H100-SXM5-80GB).
    const QString projectPath = QDir(m_home->path()).filePath(QStringLiteral("study.infersight"));
    Project project;
    project.source = QStringLiteral("zoo:resnet50");
    project.knobs.batch = 32;
    project.knobs.precision = Precision::INT8;
    project.targets = {gpu(QStringLiteral("t4")), gpu(QStringLiteral("a100-sxm4-80gb"), QStringLiteral("3g.40gb"))};
    QVERIFY(writeProjectFile(project, projectPath));

    // 1. The session runs, is autosaved, and is killed.
    QProcess first;
    prepare(first);
    first.setArguments({projectPath});
    first.start();
    QVERIFY2(first.waitForStarted(), qPrintable(first.errorString()));
    const QString autosave =
        QDir(m_autosaveDir).filePath(QStringLiteral("session-%1.infersight").arg(first.processId()));
    const bool written = QTest::qWaitFor(
        [&] {
            auto saved = readProjectFile(autosave);
            return saved && saved->knobs.batch == 32;
        },
        kStartMs);
    if (!written) {
        first.kill();
        first.waitForFinished();
        QFAIL(qPrintable(QStringLiteral("no autosave appeared; stderr: ") + QString::fromLocal8Bit(first.readAllStandardError())));
    }
    first.kill();  // SIGKILL: no clean-up of any kind
    QVERIFY(first.waitForFinished());
    QCOMPARE(first.exitStatus(), QProcess::CrashExit);
    QVERIFY(QFileInfo::exists(autosave));
    const QJsonObject saved = readJson(autosave);
    const auto savedProject = readProjectFile(autosave);
    QVERIFY2(savedProject, savedProject ? "" : qPrintable(savedProject.errorMessage()));
    QCOMPARE(savedProject->source, project.source);
    QCOMPARE(savedProject->knobs.batch, 32);
    QCOMPARE(savedProject->knobs.precision, Precision::INT8);
    QCOMPARE(savedProject->targets, project.targets);
    QCOMPARE(saved.value(QStringLiteral("autosave")).toObject().value(QStringLiteral("project_path")).toString(),
             QFileInfo(projectPath).absoluteFilePath());

    // 2. The next start restores it: the session it has is the one that was saved.
    QByteArray out;
    QByteArray err;
    QCOMPARE(runToEnd({QStringLiteral("--restore-autosave=yes"), QStringLiteral("--print-state")}, &out, &err), 0);
    QJsonParseError parseError;
    const QJsonObject state = QJsonDocument::fromJson(out, &parseError).object();
    QVERIFY2(parseError.error == QJsonParseError::NoError, qPrintable(QString::fromLocal8Bit(out + err)));
    QCOMPARE(withoutTimeStamp(state), withoutTimeStamp(saved));
    const auto restored = Project::fromJson(out, QStringLiteral("stdout"), m_home->path());
    QVERIFY2(restored, restored ? "" : qPrintable(restored.errorMessage()));
    QCOMPARE(*restored, *savedProject);
    // Both runs ended: the one killed (its autosave restored, then removed) and the one that closed.
    QCOMPARE(sessionFiles(), QStringList());
}

void TestAutosaveRestore::declinedRestoreStartsFresh() {
    QVERIFY(QDir().mkpath(m_autosaveDir));
    const QString orphan = QDir(m_autosaveDir).filePath(QStringLiteral("session-4194995.infersight"));
    Project project;
    project.source = QStringLiteral("zoo:resnet50");
    project.knobs.batch = 64;
    project.targets = {gpu(QStringLiteral("t4"))};
    QVERIFY(writeProjectFile(project, orphan));

    QByteArray out;
    QByteArray err;
    QCOMPARE(runToEnd({QStringLiteral("--restore-autosave=no"), QStringLiteral("--print-state")}, &out, &err), 0);
    const auto state = Project::fromJson(out, QStringLiteral("stdout"), m_home->path());
    QVERIFY2(state, state ? "" : qPrintable(state.errorMessage() + QString::fromLocal8Bit(err)));
    // A first start (app/gui/main.cpp): zoo:resnet50 at batch 8 on A100-SXM4-80GB and H100-SXM5-80GB.
    QCOMPARE(state->source, QStringLiteral("zoo:resnet50"));
    QCOMPARE(state->knobs.batch, 8);
    QCOMPARE(state->targets, (std::vector<ProjectTarget>{gpu(QStringLiteral("a100-sxm4-80gb")), gpu(QStringLiteral("h100-sxm5-80gb"))}));
    QCOMPARE(sessionFiles(), QStringList());

    // Without an answer, a run that is not interactive (--print-state, --screenshot) asks nothing
    // and leaves an orphan for the next interactive start.
    QVERIFY(writeProjectFile(project, orphan));
    QCOMPARE(runToEnd({QStringLiteral("--print-state")}, &out, &err), 0);
    QCOMPARE(sessionFiles(), QStringList{QFileInfo(orphan).fileName()});
}

void TestAutosaveRestore::newerVersionIsRefused_data() {
    QTest::addColumn<bool>("asAutosave");
    QTest::newRow("autosave restored at start") << true;
    QTest::newRow("project given on the command line") << false;
}

void TestAutosaveRestore::newerVersionIsRefused() {
    QFETCH(bool, asAutosave);
    QVERIFY(QDir().mkpath(m_autosaveDir));
    const QString file = asAutosave ? QDir(m_autosaveDir).filePath(QStringLiteral("session-4194994.infersight"))
                                    : QDir(m_home->path()).filePath(QStringLiteral("future.infersight"));
    // Written by a future Infersight: project format version 2.
    Project project;
    project.source = QStringLiteral("zoo:resnet50");
    project.knobs.batch = 64;
    project.targets = {gpu(QStringLiteral("t4"))};
    QJsonObject json = project.toJson();
    json.insert(QStringLiteral("version"), Project::kVersion + 1);
    {
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(json).toJson());
    }
    const QByteArray before = [&] {
        QFile in(file);
        return in.open(QIODevice::ReadOnly) ? in.readAll() : QByteArray();
    }();
    QByteArray out;
    QByteArray err;
    const QStringList arguments = asAutosave ? QStringList{QStringLiteral("--restore-autosave=yes"), QStringLiteral("--print-state")}
                                             : QStringList{file, QStringLiteral("--print-state")};
    QCOMPARE(runToEnd(arguments, &out, &err), 1);  // the error box was shown
    const QString message = QString::fromLocal8Bit(err);
    QVERIFY2(message.contains(QStringLiteral("newer Infersight")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("version 2")), qPrintable(message));
    QVERIFY2(message.contains(file), qPrintable(message));
    QVERIFY(out.isEmpty());  // no state of it was printed
    // The file is kept as it was, for the newer version.
    QFile kept(file);
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QCOMPARE(kept.readAll(), before);
}

QTEST_GUILESS_MAIN(TestAutosaveRestore)
#include "test_autosave_restore.moc"
