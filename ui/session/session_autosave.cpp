// SPDX-License-Identifier: MIT
#include "session/session_autosave.h"

#include "design/project_file.h"
#include "hardware/gpu_catalogue.h"
#include "session/explorer_session.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLocale>
#include <QMessageBox>
#include <QSaveFile>
#include <QStandardPaths>
#include <QUndoStack>

#include <algorithm>
#include <vector>

namespace infersight {

namespace {

const QString kPrefix = QStringLiteral("session-");
const QString kLockSuffix = QStringLiteral(".lock");

QString lockPathOf(const QString &autosavePath) { return autosavePath + kLockSuffix; }

// The autosave content without the time stamp (what decides whether a write is needed).
QByteArray contentOf(const QJsonObject &json) {
    QJsonObject copy = json;
    QJsonObject meta = copy.value(QStringLiteral("autosave")).toObject();
    meta.remove(QStringLiteral("saved_at"));
    copy.insert(QStringLiteral("autosave"), meta);
    return QJsonDocument(copy).toJson(QJsonDocument::Compact);
}

}  // namespace

SessionAutosave::SessionAutosave(ExplorerSession *session, const QString &directory, QObject *parent)
    : QObject(parent), m_session(session), m_directory(QDir::cleanPath(directory)) {
    m_debounce.setSingleShot(true);
    m_debounce.setTimerType(Qt::PreciseTimer);
    m_debounce.setInterval(kDebounceMs);
    m_period.setInterval(kPeriodMs);
    connect(&m_debounce, &QTimer::timeout, this, [this]() { saveNow(); });
    connect(&m_period, &QTimer::timeout, this, [this]() { saveNow(); });

    m_filePath = QDir(m_directory).filePath(kPrefix + QString::number(QCoreApplication::applicationPid()) +
                                            QLatin1String(Project::kSuffix));
    if (!QDir().mkpath(m_directory)) {
        m_lastError = tr("%1: cannot create the autosave folder; this session is not autosaved").arg(m_directory);
        return;
    }
    m_lock = std::make_unique<QLockFile>(lockPathOf(m_filePath));
    m_lock->setStaleLockTime(0);  // held as long as this process lives, however long that is
    if (!m_lock->tryLock(0)) {
        m_lastError = tr("%1: cannot lock the autosave file; this session is not autosaved").arg(m_filePath);
        m_lock.reset();
        return;
    }
    // A file of an earlier run with this process id (and no lock) is that run's: never overwrite it.
    if (QFileInfo::exists(m_filePath)) {
        const QString kept = QDir(m_directory).filePath(
            kPrefix + QString::number(QCoreApplication::applicationPid()) + QLatin1Char('-') +
            QString::number(QDateTime::currentMSecsSinceEpoch()) + QLatin1String(Project::kSuffix));
        QFile::rename(m_filePath, kept);
    }
    if (session) {
        connect(session, &ExplorerSession::loaded, this, &SessionAutosave::changed);
        connect(session, &ExplorerSession::specChanged, this, &SessionAutosave::changed);
        connect(session, &ExplorerSession::targetsChanged, this, &SessionAutosave::changed);
        connect(session, &ExplorerSession::currentTargetChanged, this, &SessionAutosave::changed);
        connect(session, &ExplorerSession::modifiedChanged, this, &SessionAutosave::changed);
        connect(session, &ExplorerSession::projectPathChanged, this, &SessionAutosave::changed);
        connect(session, &ExplorerSession::loaded, this, [this](const QString &source) {
            if (!m_restoring.isEmpty() && source == m_restoringAs) {
                finishRestore(true, {});
            }
        });
        connect(session, &ExplorerSession::loadFailed, this, [this](const QString &source, const QString &message) {
            if (!m_restoring.isEmpty() && source == m_restoring) {
                finishRestore(false, message);
            }
        });
    }
    m_period.start();
}

SessionAutosave::~SessionAutosave() {
    if (m_lock) {
        QFile::remove(m_filePath);
        m_lock->unlock();
    }
    if (m_restoringLock) {
        m_restoringLock->unlock();
    }
}

QString SessionAutosave::defaultDirectory() {
    const QByteArray overridden = qgetenv(GpuCatalogue::kConfigDirEnv);
    if (!overridden.isEmpty()) {
        return QDir(QString::fromLocal8Bit(overridden)).filePath(QStringLiteral("autosave"));
    }
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("autosave"));
}

void SessionAutosave::setDebounceInterval(int ms) { m_debounce.setInterval(ms); }

void SessionAutosave::setPeriod(int ms) {
    m_period.setInterval(ms);
    if (m_lock) {
        m_period.start();
    }
}

void SessionAutosave::changed() {
    if (m_lock && m_session && m_session->hasModel()) {
        m_debounce.start();  // restarts: one write a second after the last of a burst of changes
    }
}

QJsonObject SessionAutosave::sessionJson(const ExplorerSession &session) {
    // The source stays absolute: the autosave folder is nowhere near the model.
    QJsonObject root = session.project().toJson();
    QJsonObject view;
    view.insert(QStringLiteral("current_target"), session.currentTarget());
    if (!session.selectedNode().isEmpty()) {
        view.insert(QStringLiteral("selected_node"), session.selectedNode());
    }
    root.insert(QStringLiteral("view"), view);
    if (session.modelInfo().hasDecode) {
        root.insert(QStringLiteral("llm"), llmSettingsJson(session.spec().llm));
    }
    QJsonObject meta;
    meta.insert(QStringLiteral("project_path"), session.projectPath());
    meta.insert(QStringLiteral("modified"), session.isModified());
    meta.insert(QStringLiteral("saved_at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    root.insert(QStringLiteral("autosave"), meta);
    return root;
}

bool SessionAutosave::saveNow() {
    m_debounce.stop();
    if (!m_lock || !m_session || !m_session->hasModel()) {
        return m_lock != nullptr;
    }
    const QJsonObject json = sessionJson(*m_session);
    const QByteArray content = contentOf(json);
    if (content == m_written && QFileInfo::exists(m_filePath)) {
        return true;  // up to date
    }
    const QByteArray bytes = QJsonDocument(json).toJson(QJsonDocument::Indented);
    QSaveFile file(m_filePath);
    bool ok = file.open(QIODevice::WriteOnly);
    ok = ok && file.write(bytes) == bytes.size();
    if (!ok) {
        file.cancelWriting();
    }
    ok = ok && file.commit();
    if (!ok) {
        m_lastError = tr("%1: cannot write the autosave: %2").arg(m_filePath, file.errorString());
        emit saveFailed(m_lastError);
        return false;
    }
    m_written = content;
    m_lastError.clear();
    emit saved(m_filePath);
    return true;
}

// --- crash recovery ---------------------------------------------------------------------------

QString SessionAutosave::findOrphan(const QString &directory) {
    const QDir dir(directory);
    QFileInfoList files = dir.entryInfoList({kPrefix + QLatin1Char('*') + QLatin1String(Project::kSuffix)},
                                            QDir::Files, QDir::Time);  // newest first
    for (const QFileInfo &file : files) {
        QLockFile lock(lockPathOf(file.absoluteFilePath()));
        lock.setStaleLockTime(0);  // only a lock whose process is gone is stale
        if (lock.tryLock(0)) {
            lock.unlock();
            return file.absoluteFilePath();
        }
    }
    return {};
}

bool SessionAutosave::offerRestore(QWidget *parent, Answer answer) {
    if (!m_session || !m_restoring.isEmpty()) {
        return false;
    }
    const QString orphan = findOrphan(m_directory);
    if (orphan.isEmpty()) {
        return false;
    }
    if (answer == Answer::Ask) {
        // What the user is offered: the model (or project), its knobs and when it was saved.
        QString what = QFileInfo(orphan).fileName();
        QFile file(orphan);
        if (file.open(QIODevice::ReadOnly)) {
            const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
            const QJsonObject meta = root.value(QStringLiteral("autosave")).toObject();
            const QString project = meta.value(QStringLiteral("project_path")).toString();
            const QString source = root.value(QStringLiteral("model")).toObject().value(QStringLiteral("source")).toString();
            what = project.isEmpty() ? (source.startsWith(QLatin1String("zoo:")) ? source.mid(4) : QFileInfo(source).fileName())
                                     : QFileInfo(project).fileName();
        }
        const QString when = QLocale().toString(QFileInfo(orphan).lastModified(), QLocale::ShortFormat);
        QMessageBox box(QMessageBox::Question, tr("Restore the last session?"),
                        tr("Infersight did not close normally last time. Restore the session with %1, saved "
                           "automatically at %2?")
                            .arg(what, when),
                        QMessageBox::Yes | QMessageBox::No, parent);
        box.setObjectName(QStringLiteral("restoreAutosaveBox"));
        box.setInformativeText(tr("No discards the autosaved session."));
        box.setDefaultButton(QMessageBox::Yes);
        answer = box.exec() == QMessageBox::Yes ? Answer::Yes : Answer::No;
    }
    if (answer == Answer::No) {
        QLockFile lock(lockPathOf(orphan));
        lock.setStaleLockTime(0);
        if (lock.tryLock(0)) {
            QFile::remove(orphan);
            lock.unlock();
        }
        return false;
    }
    restore(orphan);
    return true;
}

void SessionAutosave::restore(const QString &path) {
    if (!m_session) {
        return;
    }
    m_restoringLock = std::make_unique<QLockFile>(lockPathOf(path));
    m_restoringLock->setStaleLockTime(0);
    if (!m_restoringLock->tryLock(0)) {
        m_restoringLock.reset();
        emit restoreFailed(path, tr("%1: the autosave belongs to a running Infersight").arg(path));
        return;
    }
    QString projectPath;
    bool modified = true;
    QFile file(path);
    if (file.open(QIODevice::ReadOnly)) {
        const QJsonObject meta = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("autosave")).toObject();
        projectPath = meta.value(QStringLiteral("project_path")).toString();
        modified = meta.value(QStringLiteral("modified")).toBool(true);
    }
    m_restoring = path;
    m_restoringAs.clear();
    if (!projectPath.isEmpty()) {
        m_restoringAs = QFileInfo(projectPath).absoluteFilePath();
    } else if (auto project = readProjectFile(path)) {
        m_restoringAs = project->source;  // what loaded() names (ExplorerSession::openRecovered)
    }
    // Everything else (format, version, every field) is checked by the project reader before any
    // of it reaches the session: a newer or broken file is refused whole.
    m_session->openRecovered(path, projectPath, modified);
}

void SessionAutosave::finishRestore(bool ok, const QString &message) {
    const QString path = m_restoring;
    m_restoring.clear();
    m_restoringAs.clear();
    if (ok) {
        QFile::remove(path);  // the session has it now, and this run's autosave takes over
    }
    if (m_restoringLock) {
        m_restoringLock->unlock();
        m_restoringLock.reset();
    }
    if (ok) {
        emit restored(path);
        saveNow();
    } else {
        emit restoreFailed(path, message);
    }
}

}  // namespace infersight
