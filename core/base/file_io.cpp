// SPDX-License-Identifier: MIT
#include "base/file_io.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QtGlobal>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace infersight {

namespace {

bool isResourcePath(const QString &path) {
    return path.startsWith(QLatin1Char(':')) || path.startsWith(QLatin1String("qrc:"));
}

QString errnoText(int error) {
    return QString::fromLocal8Bit(std::strerror(error));
}

// "a FIFO (named pipe)", "a character device", ... for a stat mode that is not a regular file.
QString describeMode(mode_t mode) {
    if (S_ISDIR(mode)) {
        return QStringLiteral("a folder");
    }
    if (S_ISFIFO(mode)) {
        return QStringLiteral("a FIFO (named pipe)");
    }
    if (S_ISCHR(mode)) {
        return QStringLiteral("a character device");
    }
    if (S_ISBLK(mode)) {
        return QStringLiteral("a block device");
    }
    if (S_ISSOCK(mode)) {
        return QStringLiteral("a socket");
    }
    return QStringLiteral("not a regular file");
}

// " (a link to /dev/zero)" when `path` is a symlink, else empty.
QString linkNote(const QString &path) {
    const QFileInfo info(path);
    if (!info.isSymLink()) {
        return {};
    }
    const QString target = info.canonicalFilePath();
    return QStringLiteral(" (a link to %1)").arg(target.isEmpty() ? info.symLinkTarget() : target);
}

Error notRegular(const QString &path, mode_t mode) {
    return Error{QStringLiteral("%1%2 is %3, not a regular file: only regular files can be read")
                     .arg(path, linkNote(path), describeMode(mode))};
}

Error cannotOpen(const QString &path, int error) {
    if (error == ENOENT) {
        return Error{QStringLiteral("%1: no such file").arg(path)};
    }
    return Error{QStringLiteral("%1: cannot read: %2").arg(path, errnoText(error))};
}

// Opens `path` read-only as a regular file and returns the descriptor (or an error). stat()
// first, so that a device is never opened; O_NONBLOCK so that a FIFO swapped in between cannot
// block the open; fstat() on the descriptor so that what is read is what was checked.
Result<int> openRegularDescriptor(const QString &path) {
    const QByteArray native = QFile::encodeName(path);
    struct stat st {};
    if (::stat(native.constData(), &st) != 0) {
        return cannotOpen(path, errno);
    }
    if (!S_ISREG(st.st_mode)) {
        return notRegular(path, st.st_mode);
    }
    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        return cannotOpen(path, errno);
    }
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        const int error = errno;
        const mode_t mode = st.st_mode;
        ::close(fd);
        return S_ISREG(mode) ? cannotOpen(path, error) : notRegular(path, mode);
    }
    // Regular files never block; clear the flag anyway so later reads behave as usual.
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0) {
        ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    }
    return fd;
}

Error tooLarge(const QString &path, qint64 bytes, qint64 cap, const QString &what, bool atLeast) {
    const double mib = static_cast<double>(bytes) / (1024.0 * 1024.0);
    return Error{QStringLiteral("%1: %2%3 MiB is above the %4 MiB limit for %5; set %6 (MiB) to raise it")
                     .arg(path, atLeast ? QStringLiteral("at least ") : QString())
                     .arg(mib, 0, 'f', 1)
                     .arg(cap / (1024 * 1024))
                     .arg(what.isEmpty() ? QStringLiteral("this kind of file") : what, QString::fromLatin1(kMaxFileEnvVar))};
}

}  // namespace

qint64 fileReadCapBytes(qint64 defaultMiB) {
    bool ok = false;
    const qint64 mib = qEnvironmentVariable(kMaxFileEnvVar).trimmed().toLongLong(&ok);
    // Up to 1 TiB: beyond that the multiplication below would not be meaningful anyway.
    const qint64 chosen = (ok && mib > 0 && mib <= (qint64{1} << 20)) ? mib : defaultMiB;
    return chosen * 1024 * 1024;
}

Status checkRegularFile(const QString &path) {
    if (isResourcePath(path)) {
        return QFile::exists(path) ? Status::success() : Status(Error{QStringLiteral("%1: no such file").arg(path)});
    }
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0) {
        return cannotOpen(path, errno);
    }
    if (!S_ISREG(st.st_mode)) {
        return notRegular(path, st.st_mode);
    }
    return Status::success();
}

Status openRegularFile(QFile &file, QIODevice::OpenMode mode) {
    const QString path = file.fileName();
    if (isResourcePath(path)) {
        if (!file.open(mode)) {
            return Error{QStringLiteral("%1: cannot read: %2").arg(path, file.errorString())};
        }
        return Status::success();
    }
    auto fd = openRegularDescriptor(path);
    if (!fd) {
        return fd.error();
    }
    if (!file.open(*fd, mode, QFileDevice::AutoCloseHandle)) {
        ::close(*fd);
        return Error{QStringLiteral("%1: cannot read: %2").arg(path, file.errorString())};
    }
    return Status::success();
}

Result<QByteArray> readRegularFile(const QString &path, qint64 defaultCapMiB, const QString &what) {
    const qint64 cap = fileReadCapBytes(defaultCapMiB);
    QFile file(path);
    if (Status st = openRegularFile(file); !st) {
        return Error{st.errorMessage()};
    }
    if (file.size() > cap) {
        return tooLarge(path, file.size(), cap, what, false);
    }
    // Read in chunks up to one byte past the cap: a file that grows while it is read (or reports
    // a size of 0, as /proc files do) is still bounded.
    QByteArray bytes;
    bytes.reserve(static_cast<qsizetype>(file.size()));
    static constexpr qint64 kChunk = qint64{1} << 20;
    for (;;) {
        const qint64 room = cap + 1 - bytes.size();
        if (room <= 0) {
            return tooLarge(path, bytes.size(), cap, what, true);
        }
        const qsizetype old = bytes.size();
        const qint64 want = std::min(kChunk, room);
        bytes.resize(old + static_cast<qsizetype>(want));
        const qint64 got = file.read(bytes.data() + old, want);
        if (got < 0) {
            return Error{QStringLiteral("%1: cannot read: %2").arg(path, file.errorString())};
        }
        bytes.resize(old + static_cast<qsizetype>(got));
        if (got == 0) {
            break;
        }
    }
    return bytes;
}

OutputFile::OutputFile(QString path) : m_path(std::move(path)) {}

OutputFile::~OutputFile() {
    cancel();
}

Status OutputFile::open() {
    const QByteArray native = QFile::encodeName(m_path);
    struct stat st {};
    const bool exists = ::stat(native.constData(), &st) == 0;
    if (!exists || S_ISREG(st.st_mode)) {
        auto save = std::make_unique<QSaveFile>(m_path);
        if (!save->open(QIODevice::WriteOnly)) {
            m_reason = save->errorString();
            return Error{QStringLiteral("%1: cannot write: %2").arg(m_path, m_reason)};
        }
        m_device = std::move(save);
        m_direct = false;
        return Status::success();
    }
    if (!S_ISCHR(st.st_mode) && !S_ISFIFO(st.st_mode)) {
        m_reason = QStringLiteral("it is %1").arg(describeMode(st.st_mode));
        return Error{QStringLiteral("%1%2 is %3: cannot write a file there").arg(m_path, linkNote(m_path), describeMode(st.st_mode))};
    }
    // A device or FIFO: written in place, never replaced. O_NONBLOCK makes opening a FIFO that
    // nobody reads fail (ENXIO) instead of waiting for a reader.
    const int fd = ::open(native.constData(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        const int error = errno;
        if (error == ENXIO && S_ISFIFO(st.st_mode)) {
            m_reason = QStringLiteral("a FIFO that nobody reads");
            return Error{QStringLiteral("%1%2 is a FIFO (named pipe) that nobody reads: start its reader first")
                             .arg(m_path, linkNote(m_path))};
        }
        m_reason = errnoText(error);
        return Error{QStringLiteral("%1: cannot write: %2").arg(m_path, m_reason)};
    }
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0) {
        ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);  // a reader exists: write normally from here on
    }
    auto file = std::make_unique<QFile>(m_path);
    if (!file->open(fd, QIODevice::WriteOnly | QIODevice::Unbuffered, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        m_reason = file->errorString();
        return Error{QStringLiteral("%1: cannot write: %2").arg(m_path, m_reason)};
    }
    m_device = std::move(file);
    m_direct = true;
    return Status::success();
}

QIODevice *OutputFile::device() {
    return m_device.get();
}

QString OutputFile::errorString() const {
    if (!m_reason.isEmpty()) {
        return m_reason;
    }
    return m_device ? m_device->errorString() : QString();
}

Status OutputFile::commit() {
    if (!m_device) {
        m_reason = QStringLiteral("the file is not open");
        return Error{QStringLiteral("%1: cannot write: %2").arg(m_path, m_reason)};
    }
    Status result;
    if (m_direct) {
        auto *file = static_cast<QFile *>(m_device.get());
        const bool flushed = file->flush() && file->error() == QFileDevice::NoError;
        if (!flushed) {
            m_reason = file->errorString();
            result = Error{QStringLiteral("%1: cannot write: %2").arg(m_path, m_reason)};
        }
        file->close();
    } else {
        auto *save = static_cast<QSaveFile *>(m_device.get());
        if (!save->commit()) {
            m_reason = save->errorString();
            result = Error{QStringLiteral("%1: cannot save: %2").arg(m_path, m_reason)};
        }
    }
    m_device.reset();
    return result;
}

void OutputFile::cancel() {
    if (!m_device) {
        return;
    }
    if (!m_direct) {
        static_cast<QSaveFile *>(m_device.get())->cancelWriting();
    }
    m_device.reset();  // QSaveFile's destructor discards the temporary; a QFile closes
}

Status writeOutputFile(const QString &path, const QByteArray &bytes) {
    OutputFile out(path);
    if (Status st = out.open(); !st) {
        return st;
    }
    if (out.device()->write(bytes) != bytes.size()) {
        const QString why = out.errorString();
        out.cancel();
        return Error{QStringLiteral("%1: cannot write: %2").arg(path, why)};
    }
    return out.commit();
}

}  // namespace infersight
