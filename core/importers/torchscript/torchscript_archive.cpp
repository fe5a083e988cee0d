// SPDX-License-Identifier: MIT
#include "importers/torchscript/torchscript_archive.h"

#include "base/file_io.h"
#include "base/one_line.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <zlib.h>

#include <algorithm>
#include <limits>
#include <vector>

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
constexpr std::int64_t kLocalHeaderSize = 30;
constexpr std::uint16_t kStored = 0;
constexpr std::uint16_t kDeflated = 8;
constexpr std::int64_t kMiB = 1024 * 1024;

const char *const kInflateVariable = "INFERSIGHT_TORCHSCRIPT_MAX_INFLATE_MB";
const char *const kNestingVariable = "INFERSIGHT_TORCHSCRIPT_MAX_NESTING";
const char *const kScannedVariable = "INFERSIGHT_TORCHSCRIPT_MAX_PICKLE_MB";

std::uint16_t u16(const char *p) {
    return static_cast<std::uint16_t>(static_cast<unsigned char>(p[0]) | (static_cast<unsigned char>(p[1]) << 8));
}
std::uint32_t u32(const char *p) { return u16(p) | (static_cast<std::uint32_t>(u16(p + 2)) << 16); }
std::uint64_t u64(const char *p) { return u32(p) | (static_cast<std::uint64_t>(u32(p + 4)) << 32); }

Error fail(const QString &path, const QString &problem) { return Error{QStringLiteral("%1: %2").arg(path, problem)}; }

struct Entry {
    QString name;
    std::uint16_t method = 0;
    std::uint64_t compressedSize = 0;
    std::uint64_t size = 0;
    std::uint64_t localHeader = 0;
};

Result<std::int64_t> environmentNumber(const char *name, std::int64_t fallback, std::int64_t maximum) {
    const QString text = qEnvironmentVariable(name).trimmed();
    if (text.isEmpty()) {
        return fallback;
    }
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (!ok || value <= 0 || value > maximum) {
        return Error{QStringLiteral("%1=%2 is not a whole number from 1 to %3").arg(QLatin1String(name), text).arg(maximum)};
    }
    return value;
}

// Zip64 extended information (extra field 0x0001): the 64-bit values of the fields that are
// 0xFFFFFFFF in the central header, in this order.
bool applyZip64(const char *extra, qsizetype length, Entry &e, bool sizeMax, bool compressedMax, bool offsetMax) {
    qsizetype pos = 0;
    while (pos + 4 <= length) {
        const std::uint16_t id = u16(extra + pos);
        const qsizetype size = u16(extra + pos + 2);
        if (pos + 4 + size > length) {
            return false;
        }
        if (id == 0x0001) {
            qsizetype at = pos + 4;
            const qsizetype end = at + size;
            for (auto [isMax, field] : {std::pair{sizeMax, &e.size}, std::pair{compressedMax, &e.compressedSize},
                                        std::pair{offsetMax, &e.localHeader}}) {
                if (!isMax) {
                    continue;
                }
                if (at + 8 > end) {
                    return false;
                }
                *field = u64(extra + at);
                at += 8;
            }
            return true;
        }
        pos += 4 + size;
    }
    return !(sizeMax || compressedMax || offsetMax);
}

// Reads an entry's bytes, never more than `cap` after inflation.
Result<QByteArray> readEntry(QIODevice &device, std::int64_t fileSize, const Entry &e, std::int64_t cap,
                             const QString &name) {
    if (!device.seek(static_cast<qint64>(e.localHeader))) {
        return fail(name, QStringLiteral("truncated or damaged zip archive (entry %1 cannot be read)").arg(e.name));
    }
    const QByteArray header = device.read(kLocalHeaderSize);
    if (header.size() != kLocalHeaderSize || u32(header.constData()) != kLocalHeader) {
        return fail(name, QStringLiteral("truncated or damaged zip archive (entry %1 has no local header)").arg(e.name));
    }
    const std::uint64_t dataStart = e.localHeader + kLocalHeaderSize + u16(header.constData() + 26) +
                                    u16(header.constData() + 28);
    if (dataStart + e.compressedSize > static_cast<std::uint64_t>(fileSize)) {
        return fail(name, QStringLiteral("truncated or damaged zip archive (entry %1 runs past the end of the file)")
                              .arg(e.name));
    }
    device.seek(static_cast<qint64>(dataStart));
    if (e.method == kStored) {
        QByteArray bytes = device.read(static_cast<qint64>(e.size));
        if (bytes.size() != static_cast<qsizetype>(e.size)) {
            return fail(name, QStringLiteral("truncated or damaged zip archive (entry %1 cannot be read)").arg(e.name));
        }
        return bytes;
    }
    // Deflated: inflate chunk by chunk into a buffer of the declared size, refusing any more.
    QByteArray out(static_cast<qsizetype>(std::min<std::uint64_t>(e.size, static_cast<std::uint64_t>(cap))), '\0');
    z_stream z{};
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK) {
        return fail(name, QStringLiteral("cannot inflate entry %1").arg(e.name));
    }
    z.next_out = reinterpret_cast<Bytef *>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    std::uint64_t left = e.compressedSize;
    int status = Z_OK;
    char spare = 0;
    while (status == Z_OK) {
        const QByteArray chunk = device.read(static_cast<qint64>(std::min<std::uint64_t>(left, 1 << 16)));
        left -= static_cast<std::uint64_t>(chunk.size());
        z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(chunk.constData()));
        z.avail_in = static_cast<uInt>(chunk.size());
        while (status == Z_OK && (z.avail_in > 0 || chunk.isEmpty())) {
            if (z.avail_out == 0) {
                // The declared size is used up: one more byte means the entry inflates past it.
                z.next_out = reinterpret_cast<Bytef *>(&spare);
                z.avail_out = 1;
                status = inflate(&z, Z_NO_FLUSH);
                if (z.avail_out == 0) {
                    inflateEnd(&z);
                    return fail(name, QStringLiteral("entry %1 inflates to more than its declared %2 bytes")
                                          .arg(e.name)
                                          .arg(e.size));
                }
                continue;
            }
            status = inflate(&z, Z_NO_FLUSH);
            if (chunk.isEmpty()) {
                break;
            }
        }
        if (chunk.isEmpty() && status == Z_OK) {
            status = Z_DATA_ERROR;
        }
    }
    const std::uint64_t produced = z.total_out;
    inflateEnd(&z);
    if (status != Z_STREAM_END || produced != e.size) {
        return fail(name, QStringLiteral("truncated or damaged zip archive (entry %1 does not inflate to its declared size)")
                              .arg(e.name));
    }
    return out;
}

// Walks a pickle's opcodes without building anything, tracking how deeply the objects it would
// build nest. Returns the deepest nesting, or an error (too deep, unknown opcode, truncated).
Result<int> scanPickle(const QByteArray &bytes, int maxNesting, const QString &what) {
    const char *p = bytes.constData();
    const qsizetype n = bytes.size();
    qsizetype pos = 0;
    std::vector<int> stack;       // nesting depth of each object on the stack
    std::vector<qsizetype> marks; // stack sizes at each MARK
    QHash<std::uint64_t, int> memo;
    int deepest = 0;
    auto tooDeep = [&](int depth) {
        return Error{QStringLiteral("%1 nests objects more than %2 levels deep (found %3 at byte %4; raise the limit "
                                    "with %5=<levels>)")
                         .arg(what)
                         .arg(maxNesting)
                         .arg(depth)
                         .arg(pos)
                         .arg(QLatin1String(kNestingVariable))};
    };
    auto truncated = [&]() { return Error{QStringLiteral("%1 is truncated or damaged (at byte %2)").arg(what).arg(pos)}; };
    auto pop = [&]() -> int {
        if (stack.empty() || (!marks.empty() && static_cast<qsizetype>(stack.size()) <= marks.back())) {
            return -1;
        }
        const int d = stack.back();
        stack.pop_back();
        return d;
    };
    // Pops to the last MARK; returns the deepest popped item (0 when none), -1 without a MARK.
    auto popMark = [&]() -> int {
        if (marks.empty()) {
            return -1;
        }
        const qsizetype mark = marks.back();
        marks.pop_back();
        int d = 0;
        while (static_cast<qsizetype>(stack.size()) > mark) {
            d = std::max(d, stack.back());
            stack.pop_back();
        }
        return d;
    };
    auto push = [&](int depth) {
        stack.push_back(depth);
        deepest = std::max(deepest, depth);
        return depth <= maxNesting;
    };
    auto skip = [&](qsizetype count) {
        if (count < 0 || count > n - pos) {
            return false;
        }
        pos += count;
        return true;
    };
    auto skipLine = [&]() {
        const qsizetype end = bytes.indexOf('\n', pos);
        if (end < 0) {
            return false;
        }
        pos = end + 1;
        return true;
    };
    auto lengthArg = [&](int width) -> qint64 {
        if (width > n - pos) {
            return -1;
        }
        std::uint64_t v = width == 1 ? static_cast<unsigned char>(p[pos]) : width == 4 ? u32(p + pos) : u64(p + pos);
        pos += width;
        return v > static_cast<std::uint64_t>(n) ? -1 : static_cast<qint64>(v);
    };
    auto topDeepen = [&](int itemDepth) {
        // A container on the top of the stack takes items (APPEND, SETITEM, BUILD, ...).
        if (stack.empty()) {
            return false;
        }
        stack.back() = std::max(stack.back(), itemDepth + 1);
        deepest = std::max(deepest, stack.back());
        return true;
    };
    while (pos < n) {
        const auto op = static_cast<unsigned char>(p[pos]);
        ++pos;
        bool ok = true;
        switch (op) {
        case '(': marks.push_back(static_cast<qsizetype>(stack.size()));
            if (static_cast<int>(marks.size()) > maxNesting) {
                return tooDeep(static_cast<int>(marks.size()));
            }
            break;
        case '.': return deepest;  // STOP
        case '0': ok = pop() >= 0; break;
        case '1': ok = popMark() >= 0; break;
        case '2': ok = !stack.empty() && push(stack.back()); break;
        case 'F': case 'I': case 'L': case 'S': case 'V': ok = skipLine() && push(0); break;
        case 'P': ok = skipLine() && push(1); break;
        case 'J': ok = skip(4) && push(0); break;
        case 'K': ok = skip(1) && push(0); break;
        case 'M': ok = skip(2) && push(0); break;
        case 'G': ok = skip(8) && push(0); break;
        case 'N': case 0x88: case 0x89: ok = push(0); break;
        case 'T': case 'X': case 'B': ok = skip(lengthArg(4)) && push(0); break;
        case 'U': case 'C': case 0x8c: ok = skip(lengthArg(1)) && push(0); break;
        case 0x8d: case 0x8e: case 0x96: ok = skip(lengthArg(8)) && push(0); break;
        case 0x8a: ok = skip(lengthArg(1)) && push(0); break;  // LONG1
        case 0x8b: ok = skip(lengthArg(4)) && push(0); break;  // LONG4
        case 'c': ok = skipLine() && skipLine() && push(0); break;  // GLOBAL
        case 0x93: ok = pop() >= 0 && pop() >= 0 && push(0); break;  // STACK_GLOBAL
        case 'Q': { const int d = pop(); ok = d >= 0 && push(d + 1); break; }  // BINPERSID
        case 'R': case 0x81: {  // REDUCE, NEWOBJ: callable/class and arguments become one object
            const int args = pop();
            const int callable = pop();
            ok = args >= 0 && callable >= 0 && push(std::max(args, callable) + 1);
            break;
        }
        case 0x92: {  // NEWOBJ_EX
            const int kwargs = pop();
            const int args = pop();
            const int cls = pop();
            ok = kwargs >= 0 && args >= 0 && cls >= 0 && push(std::max({kwargs, args, cls}) + 1);
            break;
        }
        case 'b': { const int d = pop(); ok = d >= 0 && topDeepen(d); break; }  // BUILD
        case 'a': { const int d = pop(); ok = d >= 0 && topDeepen(d); break; }  // APPEND
        case 's': {  // SETITEM
            const int value = pop();
            const int key = pop();
            ok = value >= 0 && key >= 0 && topDeepen(std::max(value, key));
            break;
        }
        case 'e': case 'u': case 0x90: {  // APPENDS, SETITEMS, ADDITEMS
            const bool hadItems = !marks.empty() && static_cast<qsizetype>(stack.size()) > marks.back();
            const int d = popMark();
            ok = d >= 0 && (topDeepen(hadItems ? d : -1));
            break;
        }
        case 't': case 'l': case 'd': case 0x91: {  // TUPLE, LIST, DICT, FROZENSET
            const bool hadItems = !marks.empty() && static_cast<qsizetype>(stack.size()) > marks.back();
            const int d = popMark();
            ok = d >= 0 && push(hadItems ? d + 1 : 0);
            break;
        }
        case 'o': case 'i': {  // OBJ, INST
            if (op == 'i') {
                ok = skipLine() && skipLine();
            }
            const int d = ok ? popMark() : -1;
            ok = d >= 0 && push(d + 1);
            break;
        }
        case ')': case ']': case '}': case 0x8f: ok = push(0); break;  // empty containers
        case 0x85: case 0x86: case 0x87: {  // TUPLE1..3
            int d = 0;
            for (int k = 0; k < op - 0x84 && ok; ++k) {
                const int item = pop();
                ok = item >= 0;
                d = std::max(d, item);
            }
            ok = ok && push(d + 1);
            break;
        }
        case 'p': ok = !stack.empty() && skipLine(); if (ok) { memo.insert(memo.size() + 0x100000000ULL, stack.back()); } break;
        case 'q': { const qint64 k = lengthArg(1); ok = k >= 0 && !stack.empty(); if (ok) { memo.insert(static_cast<std::uint64_t>(k), stack.back()); } break; }
        case 'r': { const qint64 k = lengthArg(4); ok = k >= 0 && !stack.empty(); if (ok) { memo.insert(static_cast<std::uint64_t>(k), stack.back()); } break; }
        case 0x94: ok = !stack.empty(); if (ok) { memo.insert(static_cast<std::uint64_t>(memo.size()), stack.back()); } break;
        case 'g': ok = skipLine() && push(0); break;
        case 'h': { const qint64 k = lengthArg(1); ok = k >= 0 && push(memo.value(static_cast<std::uint64_t>(k), 0)); break; }
        case 'j': { const qint64 k = lengthArg(4); ok = k >= 0 && push(memo.value(static_cast<std::uint64_t>(k), 0)); break; }
        case 0x80: ok = skip(1); break;  // PROTO
        case 0x95: ok = skip(8); break;  // FRAME
        case 0x82: ok = skip(1) && push(0); break;  // EXT1
        case 0x83: ok = skip(2) && push(0); break;  // EXT2
        case 0x84: ok = skip(4) && push(0); break;  // EXT4
        case 0x97: ok = push(0); break;  // NEXT_BUFFER
        case 0x98: break;                // READONLY_BUFFER
        default:
            return Error{QStringLiteral("%1 holds an unknown pickle opcode 0x%2 at byte %3")
                             .arg(what)
                             .arg(op, 2, 16, QLatin1Char('0'))
                             .arg(pos - 1)};
        }
        if (deepest > maxNesting) {
            return tooDeep(deepest);
        }
        if (!ok) {
            return truncated();
        }
    }
    return Error{QStringLiteral("%1 is truncated (no STOP opcode)").arg(what)};
}

// The deepest bracket nesting of Python source, outside string literals and comments.
Result<int> scanCode(const QByteArray &code, int maxNesting, const QString &what) {
    int depth = 0;
    int deepest = 0;
    const qsizetype n = code.size();
    for (qsizetype i = 0; i < n; ++i) {
        const char c = code[i];
        if (c == '#') {
            while (i < n && code[i] != '\n') {
                ++i;
            }
        } else if (c == '\'' || c == '"') {
            const bool triple = i + 2 < n && code[i + 1] == c && code[i + 2] == c;
            i += triple ? 3 : 1;
            while (i < n) {
                if (code[i] == '\\') {
                    i += 2;
                    continue;
                }
                if (code[i] == c && (!triple || (i + 2 < n && code[i + 1] == c && code[i + 2] == c))) {
                    i += triple ? 2 : 0;
                    break;
                }
                if (!triple && code[i] == '\n') {
                    break;
                }
                ++i;
            }
        } else if (c == '(' || c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
            if (depth > maxNesting) {
                int line = 1 + static_cast<int>(std::count(code.constBegin(), code.constBegin() + i, '\n'));
                return Error{QStringLiteral("%1 nests brackets more than %2 levels deep (line %3; raise the limit with "
                                            "%4=<levels>)")
                                 .arg(what)
                                 .arg(maxNesting)
                                 .arg(line)
                                 .arg(QLatin1String(kNestingVariable))};
            }
        } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

}  // namespace

Result<TorchScriptArchiveLimits> TorchScriptArchiveLimits::fromEnvironment() {
    TorchScriptArchiveLimits limits;
    auto inflate = environmentNumber(kInflateVariable, limits.maxInflateMiB, std::int64_t{1} << 30);
    if (!inflate) {
        return inflate.error();
    }
    auto nesting = environmentNumber(kNestingVariable, limits.maxNesting, 1'000'000);
    if (!nesting) {
        return nesting.error();
    }
    auto scanned = environmentNumber(kScannedVariable, limits.maxScannedMiB, std::int64_t{1} << 20);
    if (!scanned) {
        return scanned.error();
    }
    limits.maxScannedMiB = *scanned;
    limits.maxInflateMiB = *inflate;
    limits.maxNesting = static_cast<int>(*nesting);
    return limits;
}

bool TorchScriptArchive::looksLikeZip(const QString &path) {
    QFile file(path);
    if (!openRegularFile(file)) {
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
    const Status opened = openRegularFile(file);
    if (!opened) {
        return Error{opened.errorMessage()};
    }
    auto limits = TorchScriptArchiveLimits::fromEnvironment();
    if (!limits) {
        return fail(path, limits.errorMessage());
    }
    return inspectDevice(file, path, *limits);
}

Result<TorchScriptArchiveInfo> TorchScriptArchive::inspectDevice(QIODevice &file, const QString &path,
                                                                 const TorchScriptArchiveLimits &limits) {
    auto info = inspectDeviceFields(file, path, limits);
    if (!info) {
        // One line, never empty: messages quote entry names from the archive (tests/fuzz/torchscript_archive).
        const QString message = info.errorMessage();
        return Error{message.isEmpty() ? QStringLiteral("%1: not a readable TorchScript archive").arg(path) : oneLine(message)};
    }
    return info;
}

Result<TorchScriptArchiveInfo> TorchScriptArchive::inspectDeviceFields(QIODevice &file, const QString &path,
                                                                       const TorchScriptArchiveLimits &limits) {
    TorchScriptArchiveInfo info;
    info.fileSize = file.size();
    if (info.fileSize == 0) {
        return fail(path, QStringLiteral("the file is empty"));
    }
    file.seek(0);
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
        if (recordPos > static_cast<std::uint64_t>(info.fileSize) || recordPos + 56 > static_cast<std::uint64_t>(info.fileSize)) {
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
    if (cdOffset > static_cast<std::uint64_t>(info.fileSize) || cdSize > static_cast<std::uint64_t>(info.fileSize) ||
        cdOffset + cdSize > static_cast<std::uint64_t>(info.fileSize)) {
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
    std::vector<Entry> entries;
    qsizetype pos = 0;
    for (std::uint64_t i = 0; i < entryCount; ++i) {
        if (pos + 46 > cd.size() || u32(cd.constData() + pos) != kCentralHeader) {
            return fail(path, truncated.arg(QStringLiteral("bad central directory entry %1").arg(i)));
        }
        const char *h = cd.constData() + pos;
        const qsizetype nameLength = u16(h + 28);
        const qsizetype extraLength = u16(h + 30);
        const qsizetype commentLength = u16(h + 32);
        if (pos + 46 + nameLength + extraLength > cd.size()) {
            return fail(path, truncated.arg(QStringLiteral("bad central directory entry %1").arg(i)));
        }
        Entry entry;
        entry.name = QString::fromUtf8(h + 46, nameLength);
        entry.method = u16(h + 10);
        entry.compressedSize = u32(h + 20);
        entry.size = u32(h + 24);
        entry.localHeader = u32(h + 42);
        if (!applyZip64(h + 46 + nameLength, extraLength, entry, entry.size == 0xFFFFFFFF,
                        entry.compressedSize == 0xFFFFFFFF, entry.localHeader == 0xFFFFFFFF)) {
            return fail(path, truncated.arg(QStringLiteral("bad zip64 sizes of entry %1").arg(entry.name)));
        }
        info.entries.push_back(entry.name);
        entries.push_back(std::move(entry));
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

    // Hostile-archive checks: sizes first (nothing read), then the pickles and the code.
    const std::int64_t cap = limits.maxInflateMiB * kMiB;
    const QString raise = QStringLiteral("limit %1 MiB; raise with %2=<MiB>").arg(limits.maxInflateMiB).arg(QLatin1String(kInflateVariable));
    const auto fileSize = static_cast<std::uint64_t>(info.fileSize);
    for (const Entry &entry : entries) {
        if (entry.method != kStored && entry.method != kDeflated) {
            return fail(path, QStringLiteral("entry %1 uses zip compression method %2, which TorchScript archives do not use")
                                  .arg(entry.name)
                                  .arg(entry.method));
        }
        if (entry.localHeader >= fileSize || entry.compressedSize > fileSize - entry.localHeader) {
            return fail(path, truncated.arg(QStringLiteral("entry %1 lies past the end of the file").arg(entry.name)));
        }
        if (entry.method == kStored && entry.size != entry.compressedSize) {
            return fail(path, QStringLiteral("stored entry %1 claims %2 bytes but holds %3")
                                  .arg(entry.name)
                                  .arg(entry.size)
                                  .arg(entry.compressedSize));
        }
        if (entry.method == kDeflated) {
            if (entry.size > static_cast<std::uint64_t>(cap) ||
                info.inflatedBytes + static_cast<std::int64_t>(entry.size) > cap) {
                return fail(path, QStringLiteral("compressed entries inflate to more than the limit (entry %1 alone "
                                                 "declares %2 MiB; %3)")
                                      .arg(entry.name)
                                      .arg(static_cast<double>(entry.size) / kMiB, 0, 'f', 1)
                                      .arg(raise));
            }
            info.inflatedBytes += static_cast<std::int64_t>(entry.size);
        }
    }
    for (const Entry &entry : entries) {
        const bool pickle = entry.name.endsWith(QLatin1String(".pkl")) || entry.name.endsWith(QLatin1String(".debug_pkl"));
        const bool code = entry.name.contains(QLatin1String("/code/")) && entry.name.endsWith(QLatin1String(".py"));
        if (!pickle && !code) {
            continue;
        }
        const std::int64_t scanCap = std::min(cap, limits.maxScannedMiB * kMiB);
        if (entry.size > static_cast<std::uint64_t>(scanCap)) {
            return fail(path, QStringLiteral("entry %1 (%2 MiB) is larger than the limit for code and pickles (limit %3 MiB; "
                                             "raise with %4=<MiB>)")
                                  .arg(entry.name)
                                  .arg(static_cast<double>(entry.size) / kMiB, 0, 'f', 1)
                                  .arg(limits.maxScannedMiB)
                                  .arg(QLatin1String(kScannedVariable)));
        }
        auto bytes = readEntry(file, info.fileSize, entry, scanCap, path);
        if (!bytes) {
            return bytes.error();
        }
        if (pickle) {
            auto depth = scanPickle(*bytes, limits.maxNesting, entry.name);
            if (!depth) {
                return fail(path, depth.errorMessage());
            }
            info.pickleDepth = std::max(info.pickleDepth, *depth);
        } else {
            auto depth = scanCode(*bytes, limits.maxNesting, entry.name);
            if (!depth) {
                return fail(path, depth.errorMessage());
            }
            info.codeDepth = std::max(info.codeDepth, *depth);
        }
    }
    return info;
}

}  // namespace infersight
