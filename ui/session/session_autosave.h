// SPDX-License-Identifier: MIT
// SessionAutosave: nothing is lost when Infersight crashes. It writes the session of an
// ExplorerSession (model reference, knobs, structure, edits, per-node precisions, targets, the view
// and whether it had unsaved changes) as a project file to the autosave folder, about a second after
// each change and every minute, each time atomically (QSaveFile: the previous autosave stays whole
// until the new one is complete). The file is removed when the session ends cleanly (destructor).
//
// Every run has its own file, session-<pid>.infersight, held by a lock file (QLockFile) while the
// run lives, so two windows never overwrite each other. A file whose lock is free at start-up is
// left by a run that did not end cleanly (a crash, SIGKILL, power loss): offerRestore() asks whether
// to restore it and re-opens it as the project it was (its file name, its unsaved-changes state). A
// project written by a newer Infersight is refused by the project reader with a clear message and
// nothing of it is applied; the autosave then stays where it is.
//
// The folder: $INFERSIGHT_CONFIG_DIR/autosave when that variable is set (tests; as the user GPU
// folder, GpuCatalogue::userGpuDirectory()), else QStandardPaths::AppDataLocation/autosave.
#pragma once

#include "base/result.h"

#include <QJsonObject>
#include <QLockFile>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <memory>
#include <optional>

class QWidget;

namespace infersight {

class ExplorerSession;

class SessionAutosave : public QObject {
    Q_OBJECT
public:
    static constexpr int kDebounceMs = 1000;  // after the last change
    static constexpr int kPeriodMs = 60000;   // and every minute (when the file is not up to date)

    // How a restore question is answered: by asking the user, or given (command line, tests).
    enum class Answer { Ask, Yes, No };

    // Starts autosaving `session` into `directory` (created when missing). When the folder cannot
    // be used, lastError() says why and nothing is written.
    explicit SessionAutosave(ExplorerSession *session, const QString &directory = defaultDirectory(),
                             QObject *parent = nullptr);
    // A clean end: removes this run's autosave file.
    ~SessionAutosave() override;

    static QString defaultDirectory();
    QString directory() const { return m_directory; }
    // This run's autosave file.
    QString filePath() const { return m_filePath; }
    QString lastError() const { return m_lastError; }

    void setDebounceInterval(int ms);
    void setPeriod(int ms);
    int debounceInterval() const { return m_debounce.interval(); }
    int period() const { return m_period.interval(); }

    // Writes now when a model is open and the file is not up to date (false on failure: see
    // lastError()).
    bool saveNow();
    // The session as the autosave stores it: the project JSON (absolute source) with "view" and
    // "autosave" (project_path, modified, saved_at).
    static QJsonObject sessionJson(const ExplorerSession &session);

    // --- crash recovery
    // The newest autosave in `directory` left by a run that did not end cleanly (its lock is free);
    // empty when none.
    static QString findOrphan(const QString &directory);
    // Asks (or takes `answer`) whether to restore the newest orphan in this autosave's folder. Yes:
    // opens it in the session (restored() or restoreFailed() follows) and returns true. No: removes
    // that orphan and returns false; false too when there is none.
    bool offerRestore(QWidget *parent, Answer answer = Answer::Ask);
    // Opens the autosave `path` in the session as the project it was (its project file name, its
    // unsaved-changes state). The file is removed once the session has it.
    void restore(const QString &path);

signals:
    void saved(const QString &path);
    void saveFailed(const QString &message);
    void restored(const QString &path);
    void restoreFailed(const QString &path, const QString &message);

private:
    void changed();
    void finishRestore(bool ok, const QString &message);

    QPointer<ExplorerSession> m_session;
    QString m_directory;
    QString m_filePath;
    std::unique_ptr<QLockFile> m_lock;
    QTimer m_debounce;
    QTimer m_period;
    QByteArray m_written;  // the content last written (without the time stamp)
    QString m_lastError;
    // The orphan being restored and its lock (held so no other run takes it meanwhile).
    QString m_restoring;
    QString m_restoringAs;  // the source loaded() names for it
    std::unique_ptr<QLockFile> m_restoringLock;
};

}  // namespace infersight
