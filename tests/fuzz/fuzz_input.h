// SPDX-License-Identifier: MIT
// What every fuzz entry point (tests/fuzz/*/fuzz_*.cpp) shares: the input as a file of its own (the
// loaders read paths) and the check that an error is one non-empty line.
#pragma once

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace infersight::fuzz {

// Writes the input to a per-process file under the temporary folder named `<stem>-<pid><suffix>`
// and returns its path (empty if it cannot be written).
inline QString writeInput(const std::uint8_t *data, std::size_t size, const char *stem, const char *suffix) {
    const QString path = QDir::temp().filePath(QStringLiteral("infersight-%1-%2%3")
                                                   .arg(QLatin1String(stem))
                                                   .arg(QCoreApplication::applicationPid())
                                                   .arg(QLatin1String(suffix)));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        return {};
    }
    file.write(reinterpret_cast<const char *>(data), static_cast<qint64>(size));
    return path;
}

// Errors must be one non-empty line: anything else is a finding (abort, so libFuzzer keeps the input).
inline void requireOneLine(const QString &message) {
    if (message.isEmpty() || message.contains(QLatin1Char('\n'))) {
        std::fprintf(stderr, "fuzz: the error is %s:\n%s\n", message.isEmpty() ? "empty" : "not one line",
                     message.toUtf8().constData());
        std::abort();
    }
}

}  // namespace infersight::fuzz
