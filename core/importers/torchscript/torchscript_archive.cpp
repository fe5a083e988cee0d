// SPDX-License-Identifier: MIT
#include "importers/torchscript/torchscript_archive.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace infersight {

namespace {

// Zip record signatures (APPNOTE.TXT 4.3.x).
constexpr std::uint32_t kLocalHeader = 0x04034b50;
constexpr std::uint32_t kCentralHeader = 0x02014b50;
constexpr std::uint32_t kEndOfCentralDirectory = 0x06054b50;
constexpr std::uint32_t kZip64EndOfCentralDirectory = 0x06064b50;
constexpr std::uint32_t kZip64Locator = 0x07064b50;
constexpr std::int64_t kEocdSize = 22;
constexpr std::int64_t kMaxComment = 0xFFFF;
constexpr std::int64_t kMaxEntries = 1'000'000;

std::uint16_t u16(const char *p) {
    return static_cast<std::uint16_t>(static_cast<unsigned char>(p[0]) | (static_cast<unsigned char>(p[1]) << 8));
}
std::uint32_t u32(const char *p) { return u16(p) | (static_cast<std::uint32_t>(u16(p + 2)) << 16); }
std::uint64_t u64(const char *p) { return u32(p) | (static_cast<std::uint64_t>(u32(p + 4)) << 32); }

Error fail(const QString &path, const QString &problem) { return Error{QStringLiteral("%1: %2").arg(path, problem)}; }

}  // namespace

bool TorchScriptArchive::looksLikeZip(const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return false;
    }
    const QByteArray head = file.read(4);
    return head.size() == 4 && u32(head.constData()) == kLocalHeader;
}

Result<TorchScriptArchiveInfo> TorchScriptArchive::inspect(const QString &path) {
    const QFileInfo fileInfo(path);
    if (!fileInfo.exists()) {
        return fail(path, QStringLiteral("no such file"));
    }
    if (fileInfo.isDir()) {
        return fail(path, QStringLiteral("is a directory, not a TorchScript file"));
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return fail(path, QStringLiteral("cannot be read: %1").arg(file.errorString()));
    }
    TorchScriptArchiveInfo info;
    info.fileSize = file.size();
    if (info.fileSize == 0) {
        return fail(path, QStringLiteral("the file is empty"));
    }
    const QByteArray head = file.read(4);
    if (head.size() < 4 || u32(head.constData()) != kLocalHeader) {
        if (!head.isEmpty() && static_cast<unsigned char>(head[0]) == 0x80) {
            return fail(path, QStringLiteral("a legacy torch.save() pickle, not a TorchScript archive "
                                             "(save the model with torch.jit.save)"));
        }
        if (head.size() >= 4 && u32(head.constData()) == kEndOfCentralDirectory) {
            return fail(path, QStringLiteral("an empty zip archive, not a TorchScript module"));
        }
        return fail(path, QStringLiteral("not a TorchScript archive (not a zip file)"));
    }

    // End of central directory: the last 22 bytes, or earlier when the archive has a comment.
    const std::int64_t tailSize = std::min<std::int64_t>(info.fileSize, kEocdSize + kMaxComment);
    file.seek(info.fileSize - tailSize);
    const QByteArray tail = file.read(tailSize);
    qsizetype eocd = -1;
    for (qsizetype i = tail.size() - kEocdSize; i >= 0; --i) {
        if (u32(tail.constData() + i) == kEndOfCentralDirectory) {
            eocd = i;
            break;
        }
    }
    const QString truncated = QStringLiteral("truncated or damaged zip archive (%1)");
    if (eocd < 0) {
        return fail(path, truncated.arg(QStringLiteral("no end-of-central-directory record")));
    }
    const char *e = tail.constData() + eocd;
    std::uint64_t entryCount = u16(e + 10);
    std::uint64_t cdSize = u32(e + 12);
    std::uint64_t cdOffset = u32(e + 16);
    if (entryCount == 0xFFFF || cdSize == 0xFFFFFFFF || cdOffset == 0xFFFFFFFF) {
        // Zip64: a locator right before the EOCD points at the zip64 EOCD record.
        const std::int64_t eocdPos = info.fileSize - tailSize + eocd;
        if (eocdPos < 20) {
            return fail(path, truncated.arg(QStringLiteral("zip64 locator missing")));
        }
        file.seek(eocdPos - 20);
        const QByteArray locator = file.read(20);
        if (locator.size() != 20 || u32(locator.constData()) != kZip64Locator) {
            return fail(path, truncated.arg(QStringLiteral("zip64 locator missing")));
        }
        const std::uint64_t recordPos = u64(locator.constData() + 8);
        if (recordPos + 56 > static_cast<std::uint64_t>(info.fileSize)) {
            return fail(path, truncated.arg(QStringLiteral("zip64 directory record past the end of the file")));
        }
        file.seek(static_cast<qint64>(recordPos));
        const QByteArray record = file.read(56);
        if (record.size() != 56 || u32(record.constData()) != kZip64EndOfCentralDirectory) {
            return fail(path, truncated.arg(QStringLiteral("zip64 directory record missing")));
        }
        entryCount = u64(record.constData() + 32);
        cdSize = u64(record.constData() + 40);
        cdOffset = u64(record.constData() + 48);
    }
    if (cdOffset + cdSize > static_cast<std::uint64_t>(info.fileSize)) {
        return fail(path, truncated.arg(QStringLiteral("central directory past the end of the file")));
    }
    if (entryCount > static_cast<std::uint64_t>(kMaxEntries) || cdSize > static_cast<std::uint64_t>(kMaxEntries) * 512) {
        return fail(path, QStringLiteral("zip archive with an implausible directory (%1 entries)").arg(entryCount));
    }
    file.seek(static_cast<qint64>(cdOffset));
    const QByteArray cd = file.read(static_cast<qint64>(cdSize));
    if (cd.size() != static_cast<qsizetype>(cdSize)) {
        return fail(path, truncated.arg(QStringLiteral("central directory cannot be read")));
    }
    qsizetype pos = 0;
    for (std::uint64_t i = 0; i < entryCount; ++i) {
        if (pos + 46 > cd.size() || u32(cd.constData() + pos) != kCentralHeader) {
            return fail(path, truncated.arg(QStringLiteral("bad central directory entry %1").arg(i)));
        }
        const char *h = cd.constData() + pos;
        const qsizetype nameLength = u16(h + 28);
        const qsizetype extraLength = u16(h + 30);
        const qsizetype commentLength = u16(h + 32);
        if (pos + 46 + nameLength > cd.size()) {
            return fail(path, truncated.arg(QStringLiteral("bad central directory entry %1").arg(i)));
        }
        info.entries.push_back(QString::fromUtf8(h + 46, nameLength));
        pos += 46 + nameLength + extraLength + commentLength;
    }

    for (const QString &name : info.entries) {
        const qsizetype slash = name.indexOf(QLatin1Char('/'));
        const QString prefix = slash >= 0 ? name.left(slash) : QString();
        const QString rest = slash >= 0 ? name.mid(slash + 1) : name;
        if (info.prefix.isEmpty() && !prefix.isEmpty()) {
            info.prefix = prefix;
        }
        info.hasCode = info.hasCode || rest.startsWith(QLatin1String("code/"));
        info.hasConstants = info.hasConstants || rest == QLatin1String("constants.pkl");
        info.hasData = info.hasData || rest == QLatin1String("data.pkl");
    }
    if (!info.hasCode || !info.hasConstants) {
        if (info.hasData) {
            return fail(path, QStringLiteral("a torch.save() archive (e.g. a state_dict) without a TorchScript module: "
                                             "it holds weights but no code; export the model with torch.jit.trace or "
                                             "torch.jit.script and torch.jit.save"));
        }
        return fail(path, QStringLiteral("a zip archive without a TorchScript module (no code/ and constants.pkl)"));
    }
    return info;
}

}  // namespace infersight
