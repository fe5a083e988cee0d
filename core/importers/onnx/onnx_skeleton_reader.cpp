// SPDX-License-Identifier: MIT
// Protobuf wire-format walk over an ONNX file that copies the model's structure and leaves the
// payload of large tensors on disk. See onnx_skeleton_reader.h.
#include "importers/onnx/onnx_skeleton_reader.h"

#include "base/file_io.h"

#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <array>
#include <cstring>
#include <vector>

namespace infersight {

namespace {

// Message types the walk descends into.
enum class Msg : std::uint8_t { Model, Graph, Node, Attribute, Tensor, SparseTensor, Function, TrainingInfo, None };

constexpr std::uint32_t kWireVarint = 0;
constexpr std::uint32_t kWireFixed64 = 1;
constexpr std::uint32_t kWireLength = 2;
constexpr std::uint32_t kWireFixed32 = 5;
constexpr int kMaxDepth = 64;

// Sub-messages of `parent` that may hold tensors (directly or deeper).
Msg childKind(Msg parent, std::uint32_t field) {
    switch (parent) {
    case Msg::Model:
        return field == 7 ? Msg::Graph : field == 25 ? Msg::Function : field == 20 ? Msg::TrainingInfo : Msg::None;
    case Msg::TrainingInfo:
        return field == 1 || field == 2 ? Msg::Graph : Msg::None;
    case Msg::Graph:
        return field == 1 ? Msg::Node : field == 5 ? Msg::Tensor : field == 15 ? Msg::SparseTensor : Msg::None;
    case Msg::Node:
        return field == 5 ? Msg::Attribute : Msg::None;
    case Msg::Function:
        return field == 7 ? Msg::Node : Msg::None;
    case Msg::Attribute:
        switch (field) {
        case 5:
        case 10: return Msg::Tensor;
        case 6:
        case 11: return Msg::Graph;
        case 22:
        case 23: return Msg::SparseTensor;
        default: return Msg::None;
        }
    case Msg::SparseTensor:
        return field == 1 || field == 2 ? Msg::Tensor : Msg::None;
    case Msg::Tensor:
    case Msg::None:
        return Msg::None;
    }
    return Msg::None;
}

// Whether a message field descended into is repeated (its path element gets an index).
bool isRepeatedChild(Msg parent, std::uint32_t field) {
    switch (parent) {
    case Msg::Model: return field == 20 || field == 25;
    case Msg::Graph:
    case Msg::Node:
    case Msg::Function: return true;
    case Msg::Attribute: return field == 10 || field == 11 || field == 23;
    default: return false;
    }
}

QString fieldName(Msg kind, std::uint32_t field) {
    const char *name = nullptr;
    switch (kind) {
    case Msg::Model: {
        static const std::array<const char *, 26> names{nullptr, "ir_version", "producer_name", "producer_version", "domain",
                                                        "model_version", "doc_string", "graph", "opset_import", nullptr,
                                                        nullptr, nullptr, nullptr, nullptr, "metadata_props", nullptr,
                                                        nullptr, nullptr, nullptr, nullptr, "training_info", nullptr,
                                                        nullptr, nullptr, nullptr, "functions"};
        name = field < names.size() ? names[field] : nullptr;
        break;
    }
    case Msg::Graph: {
        static const std::array<const char *, 16> names{nullptr, "node", "name", nullptr, nullptr, "initializer", nullptr,
                                                        nullptr, nullptr, nullptr, "doc_string", "input", "output",
                                                        "value_info", "quantization_annotation", "sparse_initializer"};
        name = field < names.size() ? names[field] : nullptr;
        break;
    }
    case Msg::Node: {
        static const std::array<const char *, 8> names{nullptr, "input", "output", "name", "op_type", "attribute",
                                                       "doc_string", "domain"};
        name = field < names.size() ? names[field] : nullptr;
        break;
    }
    case Msg::Attribute: {
        static const std::array<const char *, 24> names{nullptr, "name", "f", "i", "s", "t", "g", "floats", "ints",
                                                        "strings", "tensors", "graphs", nullptr, "doc_string", "tp",
                                                        "type_protos", nullptr, nullptr, nullptr, nullptr, "type",
                                                        "ref_attr_name", "sparse_tensor", "sparse_tensors"};
        name = field < names.size() ? names[field] : nullptr;
        break;
    }
    case Msg::Tensor: {
        static const std::array<const char *, 15> names{nullptr, "dims", "data_type", "segment", "float_data",
                                                        "int32_data", "string_data", "int64_data", "name", "raw_data",
                                                        "double_data", "uint64_data", "doc_string", "external_data",
                                                        "data_location"};
        name = field < names.size() ? names[field] : nullptr;
        break;
    }
    case Msg::SparseTensor: {
        static const std::array<const char *, 4> names{nullptr, "values", "indices", "dims"};
        name = field < names.size() ? names[field] : nullptr;
        break;
    }
    case Msg::Function: {
        static const std::array<const char *, 11> names{nullptr, "name", nullptr, nullptr, "input", "output",
                                                        "attribute", "node", "doc_string", "opset_import", "domain"};
        name = field < names.size() ? names[field] : nullptr;
        break;
    }
    case Msg::TrainingInfo: {
        static const std::array<const char *, 5> names{nullptr, "initialization", "algorithm", "initialization_binding",
                                                       "update_binding"};
        name = field < names.size() ? names[field] : nullptr;
        break;
    }
    case Msg::None: break;
    }
    return name ? QString::fromLatin1(name) : QStringLiteral("field %1").arg(field);
}

// Wire type each ModelProto field must have; -1 for numbers ModelProto does not define.
int modelFieldWireType(std::uint32_t field) {
    switch (field) {
    case 1:
    case 5: return static_cast<int>(kWireVarint);
    case 2:
    case 3:
    case 4:
    case 6:
    case 7:
    case 8:
    case 14:
    case 20:
    case 25: return static_cast<int>(kWireLength);
    default: return -1;
    }
}

bool isTensorPayloadField(std::uint32_t field) {
    switch (field) {
    case 4:   // float_data
    case 5:   // int32_data
    case 6:   // string_data
    case 7:   // int64_data
    case 9:   // raw_data
    case 10:  // double_data
    case 11:  // uint64_data
        return true;
    default: return false;
    }
}

bool isIntegerOnnxType(std::uint64_t code) {
    // INT8..INT64 (2..7), BOOL (9), UINT32/UINT64 (12, 13), UINT4/INT4 (21, 22).
    return (code >= 2 && code <= 7) || code == 9 || code == 12 || code == 13 || code == 21 || code == 22;
}

// Positioned reads through a small window; large spans are read straight into the destination.
class WindowedFile {
public:
    explicit WindowedFile(const QString &path) : m_file(path) {}

    Status open() { return openRegularFile(m_file, QIODevice::ReadOnly | QIODevice::Unbuffered); }
    QString errorString() const { return m_file.errorString(); }
    std::int64_t size() const { return m_file.size(); }
    bool failed() const { return m_failed; }

    // The byte at `pos` (< size()); sets failed() on an I/O error.
    std::uint8_t byteAt(std::int64_t pos) {
        if (pos < m_windowStart || pos >= m_windowStart + m_window.size()) {
            if (!fill(pos)) {
                return 0;
            }
        }
        return static_cast<std::uint8_t>(m_window.at(static_cast<qsizetype>(pos - m_windowStart)));
    }

    bool append(std::int64_t pos, std::int64_t length, QByteArray &out) {
        if (length <= 0) {
            return true;
        }
        if (pos >= m_windowStart && pos + length <= m_windowStart + m_window.size()) {
            out.append(m_window.constData() + (pos - m_windowStart), static_cast<qsizetype>(length));
            return true;
        }
        const qsizetype oldSize = out.size();
        out.resize(oldSize + static_cast<qsizetype>(length));
        if (!m_file.seek(pos) || m_file.read(out.data() + oldSize, length) != length) {
            m_failed = true;
            out.resize(oldSize);
            return false;
        }
        return true;
    }

private:
    bool fill(std::int64_t pos) {
        static constexpr std::int64_t kWindow = 64 * 1024;
        m_window.resize(static_cast<qsizetype>(kWindow));
        if (!m_file.seek(pos)) {
            m_failed = true;
            m_window.clear();
            m_windowStart = 0;
            return false;
        }
        const std::int64_t got = m_file.read(m_window.data(), kWindow);
        if (got <= 0) {
            m_failed = true;
            m_window.clear();
            m_windowStart = 0;
            return false;
        }
        m_window.resize(static_cast<qsizetype>(got));
        m_windowStart = pos;
        return true;
    }

    QFile m_file;
    QByteArray m_window;
    std::int64_t m_windowStart = 0;
    bool m_failed = false;
};

// Where in the model a field sits, for error messages ("graph.node[12].attribute[0].t").
struct PathLink {
    const PathLink *up = nullptr;
    Msg parent = Msg::None;
    std::uint32_t field = 0;
    int index = -1;
};

QString renderPath(const PathLink *link) {
    QStringList parts;
    for (; link; link = link->up) {
        QString part = fieldName(link->parent, link->field);
        if (link->index >= 0) {
            part += QStringLiteral("[%1]").arg(link->index);
        }
        parts.prepend(part);
    }
    return parts.isEmpty() ? QStringLiteral("the model") : parts.join(QLatin1Char('.'));
}

// Writes `value` as a protobuf varint at `buf` (room for 10 bytes); returns the bytes written.
int encodeVarint(char *buf, std::uint64_t value) {
    int n = 0;
    do {
        std::uint8_t b = value & 0x7F;
        value >>= 7;
        if (value) {
            b |= 0x80;
        }
        buf[n++] = static_cast<char>(b);
    } while (value);
    return n;
}

struct Field {
    std::uint32_t number = 0;
    std::uint32_t wire = 0;
    std::int64_t start = 0;        // first byte of the tag
    std::int64_t valueStart = 0;   // first byte after the tag (and after the length for wire type 2)
    std::int64_t end = 0;          // one past the last byte (may exceed the message for overruns)
    std::uint64_t varint = 0;      // value of a varint field, declared length of a length field
    bool overruns = false;         // a length-delimited field reaching past its message
};

class SkeletonWalker {
public:
    SkeletonWalker(WindowedFile &file, QString path, const OnnxSkeletonLimits &limits, OnnxSkeleton &out)
        : m_file(file), m_path(std::move(path)), m_limits(limits), m_out(out), m_fileSize(file.size()) {}

    bool run(QByteArray &out) {
        if (!walk(Msg::Model, 0, m_fileSize, true, out, 0, nullptr)) {
            return false;
        }
        if (!m_sawGraph) {
            m_error = QStringLiteral("%1: not an ONNX model: it holds no graph (ModelProto.graph is missing)").arg(m_path);
            return false;
        }
        return true;
    }
    const QString &error() const { return m_error; }

private:
    enum class Read : std::uint8_t { Ok, PastEnd, Malformed, Io };

    Read readVarint(std::int64_t &pos, std::int64_t end, std::uint64_t &value) {
        value = 0;
        for (int i = 0; i < 10; ++i) {
            if (pos >= end) {
                return Read::PastEnd;
            }
            const std::uint8_t b = m_file.byteAt(pos++);
            if (m_file.failed()) {
                return Read::Io;
            }
            value |= static_cast<std::uint64_t>(b & 0x7F) << (7 * i);
            if (!(b & 0x80)) {
                return Read::Ok;
            }
        }
        return Read::Malformed;
    }

    bool fail(QString message) {
        if (m_error.isEmpty()) {
            m_error = std::move(message);
        }
        return false;
    }
    bool failIo() {
        return fail(QStringLiteral("%1: cannot read the file: %2").arg(m_path, m_file.errorString()));
    }
    bool failCorrupt(const QString &detail) { return fail(QStringLiteral("%1: corrupt ONNX file: %2").arg(m_path, detail)); }
    bool failNotOnnx(const QString &detail) {
        return fail(QStringLiteral("%1: not an ONNX model (%2)").arg(m_path, detail));
    }
    bool failTruncated(const QString &where, std::int64_t fieldStart, std::int64_t needed) {
        return fail(QStringLiteral("%1: truncated ONNX file: it ends at byte %2 inside %3, which starts at byte %4 "
                                   "and needs %5 bytes (up to byte %6)")
                        .arg(m_path)
                        .arg(m_fileSize)
                        .arg(where)
                        .arg(fieldStart)
                        .arg(needed)
                        .arg(fieldStart + needed));
    }

    // Reads the next field header of a message spanning [.., end). On failure an error is set.
    bool nextField(std::int64_t &pos, std::int64_t end, bool endIsEof, Msg kind, const PathLink *where,
                   bool topLevelBeforeGraph, Field &field) {
        field = Field{};
        field.start = pos;
        std::uint64_t tag = 0;
        const auto inside = [where] { return where ? QStringLiteral(" inside %1").arg(renderPath(where)) : QString(); };
        switch (readVarint(pos, end, tag)) {
        case Read::Ok: break;
        case Read::Io: return failIo();
        case Read::PastEnd:
            if (endIsEof) {
                return failTruncated(where ? renderPath(where) : QStringLiteral("a field tag"), field.start, pos - field.start + 1);
            }
            return failCorrupt(QStringLiteral("a field tag at byte %1 runs past the end of its message%2").arg(field.start).arg(inside()));
        case Read::Malformed:
            if (topLevelBeforeGraph) {
                return failNotOnnx(QStringLiteral("malformed protobuf tag at byte %1").arg(field.start));
            }
            return failCorrupt(QStringLiteral("over-long varint at byte %1%2").arg(field.start).arg(inside()));
        }
        field.number = static_cast<std::uint32_t>(tag >> 3);
        field.wire = static_cast<std::uint32_t>(tag & 7);
        const bool validWire = field.wire == kWireVarint || field.wire == kWireFixed64 || field.wire == kWireLength ||
                               field.wire == kWireFixed32;
        if (tag >> 3 == 0 || tag >> 32 != 0 || !validWire) {
            if (topLevelBeforeGraph) {
                return failNotOnnx(QStringLiteral("no protobuf ModelProto: invalid field tag 0x%1 at byte %2")
                                       .arg(tag, 0, 16)
                                       .arg(field.start));
            }
            return failCorrupt(QStringLiteral("invalid wire type %1 (field %2) at byte %3%4")
                                   .arg(field.wire)
                                   .arg(field.number)
                                   .arg(field.start)
                                   .arg(inside()));
        }
        if (topLevelBeforeGraph && kind == Msg::Model) {
            const int expected = modelFieldWireType(field.number);
            if (expected != static_cast<int>(field.wire)) {
                return failNotOnnx(QStringLiteral("byte %1 holds field %2 with wire type %3, which a ModelProto does not have")
                                       .arg(field.start)
                                       .arg(field.number)
                                       .arg(field.wire));
            }
        }
        const PathLink self{where, kind, field.number, -1};
        switch (field.wire) {
        case kWireVarint:
            switch (readVarint(pos, end, field.varint)) {
            case Read::Ok: break;
            case Read::Io: return failIo();
            case Read::PastEnd:
                if (endIsEof) {
                    return failTruncated(renderPath(&self), field.start, pos - field.start + 1);
                }
                return failCorrupt(QStringLiteral("varint of %1 at byte %2 runs past the end of its message")
                                       .arg(renderPath(&self))
                                       .arg(field.start));
            case Read::Malformed:
                if (topLevelBeforeGraph) {
                    return failNotOnnx(QStringLiteral("malformed protobuf varint at byte %1").arg(field.start));
                }
                return failCorrupt(QStringLiteral("over-long varint in %1 at byte %2").arg(renderPath(&self)).arg(field.start));
            }
            field.valueStart = field.start;
            field.end = pos;
            return true;
        case kWireFixed64:
        case kWireFixed32: {
            const std::int64_t width = field.wire == kWireFixed64 ? 8 : 4;
            field.valueStart = pos;
            field.end = pos + width;
            if (field.end > end) {
                if (endIsEof) {
                    return failTruncated(renderPath(&self), field.start, field.end - field.start);
                }
                return failCorrupt(QStringLiteral("%1 at byte %2 runs past the end of its message").arg(renderPath(&self)).arg(field.start));
            }
            pos = field.end;
            return true;
        }
        default: break;
        }
        // Length-delimited.
        switch (readVarint(pos, end, field.varint)) {
        case Read::Ok: break;
        case Read::Io: return failIo();
        case Read::PastEnd:
            if (endIsEof) {
                return failTruncated(renderPath(&self), field.start, pos - field.start + 1);
            }
            return failCorrupt(QStringLiteral("the length of %1 at byte %2 runs past the end of its message")
                                   .arg(renderPath(&self))
                                   .arg(field.start));
        case Read::Malformed:
            if (topLevelBeforeGraph) {
                return failNotOnnx(QStringLiteral("malformed protobuf length at byte %1").arg(field.start));
            }
            return failCorrupt(QStringLiteral("over-long length varint of %1 at byte %2").arg(renderPath(&self)).arg(field.start));
        }
        field.valueStart = pos;
        // Lengths beyond the file are clamped so that the arithmetic cannot overflow.
        const std::uint64_t room = static_cast<std::uint64_t>(m_fileSize - pos) + 1;
        field.end = pos + static_cast<std::int64_t>(field.varint < room ? field.varint : room);
        field.overruns = field.end > end;
        if (field.varint > static_cast<std::uint64_t>(0x7FFFFFFFFFFFLL)) {
            field.overruns = true;
        }
        if (!field.overruns) {
            pos = field.end;
        }
        return true;
    }

    // Handles a length field that reaches past its message: truncation when the message ends at
    // the end of the file, corruption otherwise.
    bool failOverrun(const Field &field, bool endIsEof, std::int64_t end, const PathLink &self) {
        // Only lengths below 2^47 are added up (a declared length may be any 64-bit value).
        if (endIsEof && field.varint <= static_cast<std::uint64_t>(0x7FFFFFFFFFFFLL)) {
            const std::int64_t needed = static_cast<std::int64_t>(field.varint) + (field.valueStart - field.start);
            return failTruncated(renderPath(&self), field.start, needed);
        }
        return failCorrupt(QStringLiteral("%1 at byte %2 declares %3 bytes, past the end of its enclosing message at byte %4")
                               .arg(renderPath(&self))
                               .arg(field.start)
                               .arg(field.varint)
                               .arg(end));
    }

    bool walk(Msg kind, std::int64_t begin, std::int64_t end, bool endIsEof, QByteArray &out, int depth,
              const PathLink *where) {
        if (depth > kMaxDepth) {
            return failCorrupt(QStringLiteral("%1 nests deeper than %2 levels").arg(renderPath(where)).arg(kMaxDepth));
        }
        if (kind == Msg::Tensor) {
            return walkTensor(begin, end, endIsEof, out, where);
        }
        std::array<int, 32> counts{};
        std::int64_t pos = begin;
        while (pos < end) {
            const bool topLevelBeforeGraph = depth == 0 && !m_sawGraph;
            Field field;
            if (!nextField(pos, end, endIsEof, kind, where, topLevelBeforeGraph, field)) {
                return false;
            }
            const int index = field.number < counts.size() ? counts[field.number]++ : -1;
            const Msg child = childKind(kind, field.number);
            const PathLink self{where, kind, field.number, isRepeatedChild(kind, field.number) ? index : -1};
            if (child != Msg::None && field.wire != kWireLength) {
                return failCorrupt(QStringLiteral("%1 at byte %2 has wire type %3 where a message is expected")
                                       .arg(renderPath(&self))
                                       .arg(field.start)
                                       .arg(field.wire));
            }
            if (field.overruns) {
                if (child != Msg::None && endIsEof && field.end <= m_fileSize + 1) {
                    // Truncated inside a message: name the innermost field the file ends in.
                    QByteArray discard;
                    if (!walk(child, field.valueStart, m_fileSize, true, discard, depth + 1, &self)) {
                        return false;
                    }
                }
                return failOverrun(field, endIsEof, end, self);
            }
            if (kind == Msg::Model && field.number == 7) {
                m_sawGraph = true;
            }
            if (child == Msg::None) {
                if (!m_file.append(field.start, field.end - field.start, out)) {
                    return failIo();
                }
                continue;
            }
            // The child is written in place after its tag and its length in the file: no buffer per
            // message (issue 15, item 5: a million nodes). When payloads were dropped inside it, the
            // length is written again (and the child moved only if that length has fewer bytes).
            char header[20];
            const int tagSize = encodeVarint(header, (static_cast<std::uint64_t>(field.number) << 3) | kWireLength);
            const int headerSize = tagSize + encodeVarint(header + tagSize, field.varint);
            const qsizetype headerStart = out.size();
            out.append(header, headerSize);
            const qsizetype contentStart = out.size();
            if (!walk(child, field.valueStart, field.end, false, out, depth + 1, &self)) {
                return false;
            }
            const std::uint64_t written = static_cast<std::uint64_t>(out.size() - contentStart);
            if (written != field.varint) {
                const int newSize = tagSize + encodeVarint(header + tagSize, written);
                out.replace(headerStart, headerSize, QByteArrayView(header, newSize));
            }
        }
        return true;
    }

    bool walkTensor(std::int64_t begin, std::int64_t end, bool endIsEof, QByteArray &out, const PathLink *where) {
        // Pass 1: headers only, to learn the element type and the payload size.
        std::uint64_t dataType = 0;
        std::int64_t payload = 0;
        bool external = false;
        std::int64_t pos = begin;
        while (pos < end) {
            Field field;
            if (!nextField(pos, end, endIsEof, Msg::Tensor, where, false, field)) {
                return false;
            }
            if (field.overruns) {
                const PathLink self{where, Msg::Tensor, field.number, -1};
                return failOverrun(field, endIsEof, end, self);
            }
            if (field.number == 2 && field.wire == kWireVarint) {
                dataType = field.varint;
            } else if (field.number == 14 && field.wire == kWireVarint) {
                external = field.varint == 1;
            } else if (isTensorPayloadField(field.number)) {
                payload += field.wire == kWireLength ? static_cast<std::int64_t>(field.varint) : field.end - field.valueStart;
            }
        }
        const std::int64_t limit = isIntegerOnnxType(dataType) ? m_limits.keepIntegerBytes : m_limits.keepFloatBytes;
        const bool keep = payload <= limit;
        if (external) {
            ++m_out.externalTensors;
        }
        if (!keep) {
            ++m_out.strippedTensors;
            m_out.strippedBytes += payload;
        }
        // Pass 2: copy every field except dropped payloads.
        pos = begin;
        while (pos < end) {
            Field field;
            if (!nextField(pos, end, endIsEof, Msg::Tensor, where, false, field)) {
                return false;
            }
            if (!keep && isTensorPayloadField(field.number)) {
                continue;
            }
            if (!m_file.append(field.start, field.end - field.start, out)) {
                return failIo();
            }
        }
        return true;
    }

    WindowedFile &m_file;
    QString m_path;
    OnnxSkeletonLimits m_limits;
    OnnxSkeleton &m_out;
    std::int64_t m_fileSize;
    QString m_error;
    bool m_sawGraph = false;
};

}  // namespace

Result<OnnxSkeleton> readOnnxSkeleton(const QString &path, const OnnxSkeletonLimits &limits) {
    // Regular files only (a FIFO would block, a device would never end); reads are bounded by
    // the file's size, which the walker never passes.
    WindowedFile file(path);
    if (Status st = file.open(); !st) {
        return Error{st.errorMessage()};
    }
    OnnxSkeleton skeleton;
    skeleton.fileSize = file.size();
    if (skeleton.fileSize == 0) {
        return Error{QStringLiteral("%1: the file is empty (0 bytes), not an ONNX model").arg(path)};
    }
    SkeletonWalker walker(file, path, limits, skeleton);
    QByteArray bytes;
    if (!walker.run(bytes)) {
        return Error{walker.error()};
    }
    skeleton.bytes = std::move(bytes);
    return skeleton;
}

}  // namespace infersight
