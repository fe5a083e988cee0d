// SPDX-License-Identifier: MIT
// The one way every loader reads a file and every --output / Save writes one (issue 15, item 3).
//
// Reading: only regular files (symlinks are followed, then the target is checked): a FIFO, a
// device (a link to /dev/zero), a socket or a directory is refused with a message naming the file,
// and the open never blocks (O_NONBLOCK before fstat). Every whole-file read is capped; the cap is
// a per-kind default that INFERSIGHT_MAX_FILE_MB (MiB, applies to every kind) replaces, and the
// error says both. Qt resource paths (":/...") are read as they are (they are compiled in).
//
// Writing: a new or regular file is written atomically (QSaveFile, renamed into place); a
// character device (/dev/null) or a FIFO is written directly and never renamed over; a FIFO with
// no reader is refused instead of waiting; directories, sockets and block devices are refused.
#pragma once

#include "base/result.h"

#include <QByteArray>
#include <QIODevice>
#include <QString>

#include <memory>

class QFile;

namespace infersight {

// Default caps (MiB) by kind of file. INFERSIGHT_MAX_FILE_MB replaces all of them.
inline constexpr qint64 kTextFileCapMiB = 16;     // JSON/CSV written by hand: configs, projects, GPU files, prices, kernel models
inline constexpr qint64 kTableFileCapMiB = 1024;  // machine-written tables: sweep shards, measured data, validation reports

// The environment variable that raises (or lowers) every read cap, in MiB.
inline constexpr const char *kMaxFileEnvVar = "INFERSIGHT_MAX_FILE_MB";

// The cap in bytes for a kind whose default is `defaultMiB`: INFERSIGHT_MAX_FILE_MB if set to a
// positive integer, else the default.
qint64 fileReadCapBytes(qint64 defaultMiB);

// Checks that `path` names a regular file (after following symlinks) without opening it for
// reading: "<path>: is a FIFO (named pipe), not a regular file" and so on. Resource paths pass.
Status checkRegularFile(const QString &path);

// Opens `file` (its name set) read-only, refusing anything but a regular file; never blocks.
// For readers that stream (ONNX skeleton, TorchScript archive): they bound their own reads.
Status openRegularFile(QFile &file, QIODevice::OpenMode mode = QIODevice::ReadOnly);

// Reads the whole regular file at `path`, refusing it when it is larger than the cap for
// `defaultCapMiB` (see fileReadCapBytes). `what` names the kind in the error ("a GPU file").
Result<QByteArray> readRegularFile(const QString &path, qint64 defaultCapMiB = kTextFileCapMiB,
                                   const QString &what = QString());

// A file written for the user (see the top of this file). open(), write to device(), commit().
class OutputFile {
public:
    explicit OutputFile(QString path);
    ~OutputFile();
    OutputFile(const OutputFile &) = delete;
    OutputFile &operator=(const OutputFile &) = delete;

    Status open();
    QIODevice *device();
    // Atomic files: renames into place. Direct targets: flushes and closes.
    Status commit();
    // Atomic files: leaves the old file as it was. Direct targets: stops writing.
    void cancel();
    // True when the target is a device or FIFO written in place (known after open()).
    bool direct() const { return m_direct; }
    // Why the last step failed, without the path (for callers with their own, translated message).
    QString errorString() const;

private:
    QString m_path;
    std::unique_ptr<QIODevice> m_device;
    bool m_direct = false;
    QString m_reason;
};

// Writes `bytes` to `path` through OutputFile.
Status writeOutputFile(const QString &path, const QByteArray &bytes);

}  // namespace infersight
