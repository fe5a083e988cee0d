// SPDX-License-Identifier: MIT
#include "importers/torchscript/torchscript_graph_codec.h"

#include <QDataStream>
#include <QIODevice>

#include <algorithm>

namespace infersight {

namespace {

constexpr quint8 kReplyTag = 1;
constexpr quint8 kRequestTag = 2;

QDataStream &openStream(QDataStream &s) {
    s.setVersion(QDataStream::Qt_6_4);
    s.setByteOrder(QDataStream::LittleEndian);
    return s;
}

void writeHeader(QDataStream &s, quint8 tag) { s << TorchScriptGraphCodec::kMagic << TorchScriptGraphCodec::kVersion << tag; }

class Writer {
public:
    explicit Writer(QDataStream &s) : m_s(s) {}

    void ints(const std::vector<std::int64_t> &v) {
        m_s << static_cast<quint64>(v.size());
        for (std::int64_t x : v) {
            m_s << static_cast<qint64>(x);
        }
    }
    void indices(const std::vector<int> &v) {
        m_s << static_cast<quint64>(v.size());
        for (int x : v) {
            m_s << static_cast<qint32>(x);
        }
    }
    void doubles(const std::vector<double> &v) {
        m_s << static_cast<quint64>(v.size());
        for (double x : v) {
            m_s << x;
        }
    }
    void constant(const TorchScriptConstant &c) {
        m_s << static_cast<quint8>(c.kind) << static_cast<qint64>(c.i) << c.f << c.s;
        ints(c.ints);
        doubles(c.floats);
        m_s << c.strings << static_cast<qint32>(c.tensor);
    }
    void block(const TorchScriptBlock &b) {
        indices(b.inputs);
        indices(b.outputs);
        m_s << static_cast<quint64>(b.nodes.size());
        for (const TorchScriptNode &n : b.nodes) {
            m_s << n.kind << n.overload << n.argumentNames;
            indices(n.inputs);
            indices(n.outputs);
            m_s << static_cast<quint64>(n.blocks.size());
            for (const TorchScriptBlock &inner : n.blocks) {
                block(inner);
            }
            m_s << n.scope << n.attribute;
        }
    }
    void graph(const TorchScriptGraph &g) {
        m_s << static_cast<quint64>(g.values.size());
        for (const TorchScriptValue &v : g.values) {
            m_s << v.name << static_cast<quint8>(v.type) << static_cast<quint8>(v.elementType) << v.typeName
                << static_cast<quint8>(v.constant.has_value());
            if (v.constant) {
                constant(*v.constant);
            }
            m_s << static_cast<qint32>(v.tensor);
        }
        m_s << static_cast<quint64>(g.tensors.size());
        for (const TorchScriptTensor &t : g.tensors) {
            m_s << t.name << static_cast<quint8>(t.origin) << static_cast<quint8>(t.dtype);
            ints(t.dims);
            m_s << static_cast<quint8>(t.intData.has_value());
            if (t.intData) {
                ints(*t.intData);
            }
            m_s << static_cast<quint8>(t.floatData.has_value());
            if (t.floatData) {
                doubles(*t.floatData);
            }
        }
        block(g.body);
        m_s << g.moduleType << g.reader << static_cast<quint8>(g.frozen) << g.notes;
    }

private:
    QDataStream &m_s;
};

// Reads what Writer wrote. Any inconsistency sets m_error and makes the rest read nothing.
class Reader {
public:
    Reader(QDataStream &s, qint64 total) : m_s(s), m_total(total) {}

    bool failed() const { return !m_error.isEmpty() || m_s.status() != QDataStream::Ok; }
    QString error() const { return m_error.isEmpty() ? QStringLiteral("truncated data") : m_error; }
    void fail(const QString &why) {
        if (m_error.isEmpty()) {
            m_error = why;
        }
    }

    // A count of items taking at least `minBytes` each: never more than the bytes left.
    quint64 count(qint64 minBytes) {
        quint64 n = 0;
        m_s >> n;
        if (failed()) {
            return 0;
        }
        const qint64 left = m_total - m_s.device()->pos();
        if (n > static_cast<quint64>(left / std::max<qint64>(minBytes, 1))) {
            fail(QStringLiteral("a count of %1 is larger than the data").arg(n));
            return 0;
        }
        return n;
    }
    template <typename E>
    E enumValue(quint8 last) {
        quint8 v = 0;
        m_s >> v;
        if (v > last) {
            fail(QStringLiteral("an enumeration value %1 out of range").arg(v));
            return E{};
        }
        return static_cast<E>(v);
    }
    std::vector<std::int64_t> ints() {
        std::vector<std::int64_t> v(count(8));
        for (auto &x : v) {
            qint64 y = 0;
            m_s >> y;
            x = y;
        }
        return v;
    }
    std::vector<int> indices() {
        std::vector<int> v(count(4));
        for (auto &x : v) {
            qint32 y = 0;
            m_s >> y;
            x = y;
        }
        return v;
    }
    std::vector<double> doubles() {
        std::vector<double> v(count(8));
        for (auto &x : v) {
            m_s >> x;
        }
        return v;
    }
    bool flag() {
        quint8 f = 0;
        m_s >> f;
        return f != 0;
    }
    // QDataStream's own QString / QStringList readers allocate what the length fields say before
    // reading (a corrupt count reserves gigabytes): the lengths are checked against the bytes left
    // first (found under AddressSanitizer by test_torchscript_graph_codec).
    QString string() {
        quint32 bytes = 0;
        m_s >> bytes;
        if (failed() || bytes == 0xffffffffu) {
            return {};
        }
        const qint64 left = m_total - m_s.device()->pos();
        if (bytes % 2 != 0 || static_cast<qint64>(bytes) > left) {
            fail(QStringLiteral("a string of %1 bytes is larger than the data").arg(bytes));
            return {};
        }
        if (!m_s.device()->seek(m_s.device()->pos() - 4)) {
            fail(QStringLiteral("the data cannot be re-read"));
            return {};
        }
        QString s;
        m_s >> s;
        return s;
    }
    QStringList strings() {
        quint32 n = 0;
        m_s >> n;
        if (failed()) {
            return {};
        }
        const qint64 left = m_total - m_s.device()->pos();
        if (static_cast<qint64>(n) > left / 4) {  // every string takes at least its 4-byte length
            fail(QStringLiteral("a count of %1 is larger than the data").arg(n));
            return {};
        }
        QStringList l;
        for (quint32 k = 0; k < n && !failed(); ++k) {
            l << string();
        }
        return l;
    }
    TorchScriptConstant constant() {
        TorchScriptConstant c;
        c.kind = enumValue<TorchScriptConstant::Kind>(static_cast<quint8>(TorchScriptConstant::Kind::Other));
        qint64 i = 0;
        m_s >> i >> c.f;
        c.i = i;
        c.s = string();
        c.ints = ints();
        c.floats = doubles();
        c.strings = strings();
        qint32 tensor = -1;
        m_s >> tensor;
        c.tensor = tensor;
        return c;
    }
    TorchScriptBlock block(int depth) {
        TorchScriptBlock b;
        if (depth > TorchScriptGraphCodec::kMaxBlockDepth) {
            fail(QStringLiteral("blocks nested deeper than %1").arg(TorchScriptGraphCodec::kMaxBlockDepth));
            return b;
        }
        b.inputs = indices();
        b.outputs = indices();
        const quint64 nodes = count(40);
        for (quint64 k = 0; k < nodes && !failed(); ++k) {
            TorchScriptNode n;
            n.kind = string();
            n.overload = string();
            n.argumentNames = strings();
            n.inputs = indices();
            n.outputs = indices();
            const quint64 blocks = count(24);
            for (quint64 j = 0; j < blocks && !failed(); ++j) {
                n.blocks.push_back(block(depth + 1));
            }
            n.scope = string();
            n.attribute = string();
            b.nodes.push_back(std::move(n));
        }
        return b;
    }
    TorchScriptGraph graph() {
        TorchScriptGraph g;
        const quint64 values = count(16);
        for (quint64 k = 0; k < values && !failed(); ++k) {
            TorchScriptValue v;
            v.name = string();
            v.type = enumValue<TorchScriptType>(static_cast<quint8>(TorchScriptType::Other));
            v.elementType = enumValue<TorchScriptType>(static_cast<quint8>(TorchScriptType::Other));
            v.typeName = string();
            if (flag()) {
                v.constant = constant();
            }
            qint32 tensor = -1;
            m_s >> tensor;
            v.tensor = tensor;
            g.values.push_back(std::move(v));
        }
        const quint64 tensors = count(16);
        for (quint64 k = 0; k < tensors && !failed(); ++k) {
            TorchScriptTensor t;
            t.name = string();
            t.origin = enumValue<TorchScriptTensor::Origin>(static_cast<quint8>(TorchScriptTensor::Origin::Constant));
            t.dtype = static_cast<DType>(enumValue<quint8>(255));
            t.dims = ints();
            if (flag()) {
                t.intData = ints();
            }
            if (flag()) {
                t.floatData = doubles();
            }
            g.tensors.push_back(std::move(t));
        }
        g.body = block(0);
        g.moduleType = string();
        g.reader = string();
        g.frozen = flag();
        g.notes = strings();
        if (!failed()) {
            checkIndices(g);
        }
        return g;
    }

private:
    // Every value and tensor index refers to an existing entry.
    void checkIndices(const TorchScriptGraph &g) {
        const auto valueOk = [&](int i) { return i >= 0 && static_cast<std::size_t>(i) < g.values.size(); };
        const auto tensorOk = [&](int i) { return i == -1 || (i >= 0 && static_cast<std::size_t>(i) < g.tensors.size()); };
        for (const TorchScriptValue &v : g.values) {
            if (!tensorOk(v.tensor) || (v.constant && !tensorOk(v.constant->tensor))) {
                fail(QStringLiteral("a tensor index out of range"));
                return;
            }
        }
        checkBlock(g.body, valueOk);
    }
    template <typename F>
    void checkBlock(const TorchScriptBlock &b, const F &valueOk) {
        const auto all = [&](const std::vector<int> &v) { return std::all_of(v.begin(), v.end(), valueOk); };
        if (!all(b.inputs) || !all(b.outputs)) {
            fail(QStringLiteral("a value index out of range"));
            return;
        }
        for (const TorchScriptNode &n : b.nodes) {
            if (!all(n.inputs) || !all(n.outputs)) {
                fail(QStringLiteral("a value index out of range"));
                return;
            }
            for (const TorchScriptBlock &inner : n.blocks) {
                checkBlock(inner, valueOk);
            }
        }
    }

    QDataStream &m_s;
    qint64 m_total;
    QString m_error;
};

Error headerError(QDataStream &s, quint8 expectedTag) {
    quint32 magic = 0;
    quint32 version = 0;
    quint8 tag = 0;
    s >> magic >> version >> tag;
    if (s.status() != QDataStream::Ok || magic != TorchScriptGraphCodec::kMagic) {
        return Error{QStringLiteral("not an Infersight TorchScript graph")};
    }
    if (version != TorchScriptGraphCodec::kVersion) {
        return Error{QStringLiteral("format version %1, expected %2 (the reader belongs to another version of Infersight)")
                         .arg(version)
                         .arg(TorchScriptGraphCodec::kVersion)};
    }
    if (tag != expectedTag) {
        return Error{QStringLiteral("unexpected record kind %1").arg(tag)};
    }
    return Error{};
}

}  // namespace

QByteArray TorchScriptGraphCodec::encodeReply(const TorchScriptReadReply &reply) {
    QByteArray bytes;
    QDataStream s(&bytes, QIODevice::WriteOnly);
    openStream(s);
    writeHeader(s, kReplyTag);
    s << static_cast<quint8>(reply.ok) << reply.error;
    Writer(s).graph(reply.graph);
    return bytes;
}

Result<TorchScriptReadReply> TorchScriptGraphCodec::decodeReply(const QByteArray &bytes) {
    QDataStream s(bytes);
    openStream(s);
    if (Error e = headerError(s, kReplyTag); !e.message.isEmpty()) {
        return e;
    }
    Reader r(s, bytes.size());
    TorchScriptReadReply reply;
    reply.ok = r.flag();
    reply.error = r.string();
    reply.graph = r.graph();
    if (r.failed()) {
        return Error{QStringLiteral("malformed graph data (%1)").arg(r.error())};
    }
    if (!s.atEnd()) {
        return Error{QStringLiteral("malformed graph data (trailing bytes)")};
    }
    return reply;
}

QByteArray TorchScriptGraphCodec::encodeRequest(const TorchScriptReadRequest &request) {
    QByteArray bytes;
    QDataStream s(&bytes, QIODevice::WriteOnly);
    openStream(s);
    writeHeader(s, kRequestTag);
    s << request.path << static_cast<qint32>(request.givenInputs);
    Writer w(s);
    w.indices(request.inputRanks);
    s << static_cast<quint64>(request.inputDTypes.size());
    for (DType t : request.inputDTypes) {
        s << static_cast<quint8>(t);
    }
    return bytes;
}

Result<TorchScriptReadRequest> TorchScriptGraphCodec::decodeRequest(const QByteArray &bytes) {
    QDataStream s(bytes);
    openStream(s);
    if (Error e = headerError(s, kRequestTag); !e.message.isEmpty()) {
        return e;
    }
    Reader r(s, bytes.size());
    TorchScriptReadRequest request;
    request.path = r.string();
    qint32 given = -1;
    s >> given;
    request.givenInputs = given;
    request.inputRanks = r.indices();
    const quint64 types = r.count(1);
    for (quint64 k = 0; k < types && !r.failed(); ++k) {
        request.inputDTypes.push_back(static_cast<DType>(r.enumValue<quint8>(255)));
    }
    if (r.failed()) {
        return Error{QStringLiteral("malformed request (%1)").arg(r.error())};
    }
    return request;
}

}  // namespace infersight
