// SPDX-License-Identifier: MIT
#include "importers/onnx/onnx_importer.h"

#include "base/file_io.h"

#include <onnx/defs/schema.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include <QFile>
#include <QFileInfo>
#include <QSet>

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>

#if defined(__GLIBC__)
#include <malloc.h>  // malloc_trim
#endif

namespace infersight {

namespace {

// Tensors with more elements than this never have their contents decoded (the skeleton reader
// already drops large payloads; this bounds what a hostile small file can make us allocate).
constexpr std::int64_t kMaxDecodedElements = std::int64_t{1} << 20;
// Largest element count a declared tensor may have (2^50, as shape propagation allows).
constexpr std::int64_t kMaxElements = std::int64_t{1} << 50;
// Domain that libonnx has no schemas for: nodes moved there are skipped by its shape inference.
constexpr const char *kUncheckedDomain = "org.infersight.unchecked";

// Hands the pages of freed memory back to the system (glibc keeps them otherwise: the parsed
// protobuf lies below the graph built after it, so the heap cannot shrink). Called once the
// protobuf is freed; for a million-node model that is ~300 MB less resident (issue 15, item 5).
void releaseFreedMemory() {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

QString fromStd(const std::string &s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

double halfToDouble(std::uint16_t h) {
    const int sign = (h >> 15) & 1;
    const int exponent = (h >> 10) & 0x1F;
    const int mantissa = h & 0x3FF;
    double v = 0.0;
    if (exponent == 0) {
        v = std::ldexp(static_cast<double>(mantissa), -24);
    } else if (exponent == 31) {
        v = mantissa ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
    } else {
        v = std::ldexp(static_cast<double>(mantissa + 1024), exponent - 25);
    }
    return sign ? -v : v;
}

double bfloat16ToDouble(std::uint16_t b) {
    const std::uint32_t bits = static_cast<std::uint32_t>(b) << 16;
    float f = 0.0F;
    std::memcpy(&f, &bits, sizeof f);
    return static_cast<double>(f);
}

template <typename T>
T readLittleEndian(const char *p) {
    T v{};
    std::memcpy(&v, p, sizeof(T));  // x86-64 and aarch64 builds are little-endian, as ONNX raw_data
    return v;
}

// Decodes the contents of a small tensor into `info` (intData or floatData); leaves both empty when
// the tensor has no data in the file (stripped, external) or the data does not match its dims.
void decodeTensorData(const onnx::TensorProto &t, std::int64_t elements, TensorInfo &info) {
    if (elements < 0 || elements > kMaxDecodedElements) {
        return;
    }
    if (t.has_data_location() && t.data_location() == onnx::TensorProto::EXTERNAL) {
        return;
    }
    const auto n = static_cast<std::size_t>(elements);
    const std::string &raw = t.raw_data();
    const bool hasRaw = t.has_raw_data();
    const DType type = info.dtype;
    if (isInteger(type) || type == DType::Bool) {
        std::vector<std::int64_t> data;
        if (hasRaw) {
            const int bits = dtypeBits(type);
            if (bits < 8 || raw.size() != n * static_cast<std::size_t>(bits / 8)) {
                return;
            }
            data.reserve(n);
            const char *p = raw.data();
            for (std::size_t i = 0; i < n; ++i) {
                switch (type) {
                case DType::I8: data.push_back(readLittleEndian<std::int8_t>(p + i)); break;
                case DType::U8:
                case DType::Bool: data.push_back(readLittleEndian<std::uint8_t>(p + i)); break;
                case DType::I16: data.push_back(readLittleEndian<std::int16_t>(p + 2 * i)); break;
                case DType::U16: data.push_back(readLittleEndian<std::uint16_t>(p + 2 * i)); break;
                case DType::I32: data.push_back(readLittleEndian<std::int32_t>(p + 4 * i)); break;
                case DType::U32: data.push_back(readLittleEndian<std::uint32_t>(p + 4 * i)); break;
                case DType::I64: data.push_back(readLittleEndian<std::int64_t>(p + 8 * i)); break;
                case DType::U64: data.push_back(static_cast<std::int64_t>(readLittleEndian<std::uint64_t>(p + 8 * i))); break;
                default: return;
                }
            }
        } else if (type == DType::I64 && static_cast<std::size_t>(t.int64_data_size()) == n) {
            data.assign(t.int64_data().begin(), t.int64_data().end());
        } else if ((type == DType::U32 || type == DType::U64) && static_cast<std::size_t>(t.uint64_data_size()) == n) {
            for (std::uint64_t v : t.uint64_data()) {
                data.push_back(static_cast<std::int64_t>(v));
            }
        } else if (static_cast<std::size_t>(t.int32_data_size()) == n && type != DType::I64 && type != DType::U64 &&
                   type != DType::U32) {
            data.assign(t.int32_data().begin(), t.int32_data().end());
        } else {
            return;
        }
        info.intData = std::move(data);
        return;
    }
    if (!isFloating(type)) {
        return;
    }
    std::vector<double> data;
    if (hasRaw) {
        const int bits = dtypeBits(type);
        if (bits != 16 && bits != 32 && bits != 64) {
            return;
        }
        if (raw.size() != n * static_cast<std::size_t>(bits / 8)) {
            return;
        }
        data.reserve(n);
        const char *p = raw.data();
        for (std::size_t i = 0; i < n; ++i) {
            switch (type) {
            case DType::F32: data.push_back(static_cast<double>(readLittleEndian<float>(p + 4 * i))); break;
            case DType::F64: data.push_back(readLittleEndian<double>(p + 8 * i)); break;
            case DType::F16: data.push_back(halfToDouble(readLittleEndian<std::uint16_t>(p + 2 * i))); break;
            case DType::BF16: data.push_back(bfloat16ToDouble(readLittleEndian<std::uint16_t>(p + 2 * i))); break;
            default: return;
            }
        }
    } else if (type == DType::F32 && static_cast<std::size_t>(t.float_data_size()) == n) {
        data.assign(t.float_data().begin(), t.float_data().end());
    } else if (type == DType::F64 && static_cast<std::size_t>(t.double_data_size()) == n) {
        data.assign(t.double_data().begin(), t.double_data().end());
    } else if ((type == DType::F16 || type == DType::BF16) && static_cast<std::size_t>(t.int32_data_size()) == n) {
        for (std::int32_t bits : t.int32_data()) {
            const auto b = static_cast<std::uint16_t>(bits & 0xFFFF);
            data.push_back(type == DType::F16 ? halfToDouble(b) : bfloat16ToDouble(b));
        }
    } else {
        return;
    }
    info.floatData = std::move(data);
}

class GraphConverter {
public:
    GraphConverter(QString path, QStringList &warnings) : m_path(std::move(path)), m_warnings(warnings) {}

    // Converts a GraphProto. The main graph (`topLevel`) must be self-contained; subgraphs may read
    // values of enclosing graphs, which they see as values without a producer.
    Result<Graph> convert(const onnx::GraphProto &proto, bool topLevel) {
        Graph graph;
        graph.name = fromStd(proto.name());
        // Sized from the proto up front (issue 15, item 5): growing by doubling would hold up to
        // twice the values while copying. Values: inputs, initializers and node outputs (node inputs
        // that none of these declare, read from an enclosing graph, are the rare extra).
        std::size_t valueCount = static_cast<std::size_t>(proto.input_size()) + static_cast<std::size_t>(proto.initializer_size()) +
                                 static_cast<std::size_t>(proto.sparse_initializer_size());
        for (const auto &np : proto.node()) {
            valueCount += static_cast<std::size_t>(np.output_size());
        }
        graph.reserveValues(valueCount);
        graph.nodes.reserve(static_cast<std::size_t>(proto.node_size()));
        // Names resolve to value indices here, on the proto's own strings: each name is converted
        // to a QString and entered in the graph's index once, when its value is added, and every
        // later mention is one lookup without a conversion (issue 15, item 5).
        AsciiValueIndex ids(graph, valueCount);
        std::unordered_set<std::string> initializerNames;
        for (const auto &t : proto.initializer()) {
            initializerNames.insert(t.name());
        }
        for (const auto &s : proto.sparse_initializer()) {
            initializerNames.insert(s.values().name());
        }
        // Inputs (older IR versions also list the initializers there: those are not inputs).
        for (const auto &vi : proto.input()) {
            if (initializerNames.count(vi.name())) {
                continue;
            }
            Value v = valueFromInfo(vi);
            v.kind = ValueKind::Input;
            if (v.name.isEmpty()) {
                return Error{QStringLiteral("%1: invalid graph: a graph input has no name").arg(m_path)};
            }
            if (isDeclared(graph, ids, vi.name(), v.name)) {
                return Error{QStringLiteral("%1: invalid graph: input '%2' is declared twice").arg(m_path, v.name)};
            }
            graph.inputs.push_back(addNamedValue(graph, ids, vi.name(), std::move(v)));
        }
        for (const auto &t : proto.initializer()) {
            auto info = tensorInfo(t, QStringLiteral("initializer '%1'").arg(fromStd(t.name())));
            if (!info) {
                return info.error();
            }
            Value v;
            v.name = fromStd(t.name());
            if (v.name.isEmpty()) {
                return Error{QStringLiteral("%1: invalid graph: an initializer has no name").arg(m_path)};
            }
            if (isDeclared(graph, ids, t.name(), v.name)) {
                return Error{QStringLiteral("%1: invalid graph: initializer '%2' is declared twice").arg(m_path, v.name)};
            }
            v.kind = ValueKind::Initializer;
            v.dtype = info->dtype;
            for (std::int64_t d : info->dims) {
                v.declared.push_back(Dim::fixed(d));
            }
            v.declaredRankKnown = true;
            v.intData = std::move(info->intData);
            v.floatData = std::move(info->floatData);
            addNamedValue(graph, ids, t.name(), std::move(v));
        }
        for (const auto &s : proto.sparse_initializer()) {
            Value v;
            v.name = fromStd(s.values().name());
            if (v.name.isEmpty() || isDeclared(graph, ids, s.values().name(), v.name)) {
                return Error{QStringLiteral("%1: invalid graph: sparse initializer '%2' has no name or is declared twice")
                                 .arg(m_path, v.name)};
            }
            v.kind = ValueKind::Initializer;
            v.dtype = dtypeFromOnnx(s.values().data_type()).value_or(DType::Undefined);
            std::int64_t elements = 1;
            for (std::int64_t d : s.dims()) {
                if (d < 0 || (d > 0 && elements > kMaxElements / d)) {
                    return Error{QStringLiteral("%1: corrupt ONNX file: sparse initializer '%2' has invalid dims").arg(m_path, v.name)};
                }
                elements *= d;
                v.declared.push_back(Dim::fixed(d));
            }
            v.declaredRankKnown = true;
            addNamedValue(graph, ids, s.values().name(), std::move(v));
        }
        // Nodes.
        SharedStringMemo lastOpType;
        SharedStringMemo lastDomain;
        for (const auto &np : proto.node()) {
            Node node;
            node.name = fromStd(np.name());
            node.opType = sharedString(np.op_type(), lastOpType);
            node.domain = sharedString(np.domain(), lastDomain);
            if (node.domain == QLatin1String("ai.onnx")) {
                node.domain.clear();
            }
            if (node.opType.isEmpty()) {
                return Error{QStringLiteral("%1: invalid graph: node '%2' has no op_type").arg(m_path, node.name)};
            }
            node.inputs.reserve(static_cast<std::size_t>(np.input_size()));
            for (const auto &in : np.input()) {
                node.inputs.push_back(in.empty() ? -1 : valueIndex(graph, ids, in));
            }
            node.outputs.reserve(static_cast<std::size_t>(np.output_size()));
            for (const auto &out : np.output()) {
                node.outputs.push_back(out.empty() ? -1 : valueIndex(graph, ids, out));
            }
            for (const auto &ap : np.attribute()) {
                auto attribute = convertAttribute(ap, node);
                if (!attribute) {
                    return attribute.error();
                }
                node.attributes.emplace_back(fromStd(ap.name()), std::move(*attribute));
            }
            graph.addNode(std::move(node));
        }
        for (const auto &vi : proto.output()) {
            const QString name = fromStd(vi.name());
            if (name.isEmpty()) {
                return Error{QStringLiteral("%1: invalid graph: a graph output has no name").arg(m_path)};
            }
            const int index = valueIndex(graph, ids, vi.name());
            Value &v = graph.values[static_cast<std::size_t>(index)];
            if (topLevel && v.kind == ValueKind::Intermediate && v.producer < 0) {
                return Error{QStringLiteral("%1: invalid graph: output '%2' is produced by no node and is neither an "
                                            "input nor an initializer")
                                 .arg(m_path, name)};
            }
            if (v.dtype == DType::Undefined && vi.type().has_tensor_type()) {
                v.dtype = dtypeFromOnnx(vi.type().tensor_type().elem_type()).value_or(DType::Undefined);
            }
            graph.outputs.push_back(index);
        }
        return graph;
    }

    Result<TensorInfo> tensorInfo(const onnx::TensorProto &t, const QString &what) {
        TensorInfo info;
        const auto type = dtypeFromOnnx(t.data_type());
        if (!type && t.data_type() != 0) {
            warnOnce(QStringLiteral("%1 has element type code %2, which this build does not know").arg(what).arg(t.data_type()));
        }
        info.dtype = type.value_or(DType::Undefined);
        std::int64_t elements = 1;
        for (std::int64_t d : t.dims()) {
            if (d < 0) {
                return Error{QStringLiteral("%1: corrupt ONNX file: %2 has a negative dimension (%3)").arg(m_path, what).arg(d)};
            }
            if (d > 0 && elements > kMaxElements / d) {
                return Error{QStringLiteral("%1: corrupt ONNX file: %2 declares more than 2^50 elements").arg(m_path, what)};
            }
            elements *= d;
            info.dims.push_back(d);
        }
        decodeTensorData(t, elements, info);
        // raw_data that does not hold the declared elements (issue 15, item 11): the contents are
        // not used; say so instead of dropping them silently. Stripped payloads leave no raw_data.
        if (t.has_raw_data() && !t.raw_data().empty() && info.dtype != DType::Undefined && dtypeBits(info.dtype) >= 8) {
            const std::int64_t bytes = elements * (dtypeBits(info.dtype) / 8);
            if (static_cast<std::int64_t>(t.raw_data().size()) != bytes) {
                warnOnce(QStringLiteral("%1 holds %2 bytes of raw_data, but %3 elements of %4 need %5; its contents are ignored")
                             .arg(what)
                             .arg(t.raw_data().size())
                             .arg(elements)
                             .arg(dtypeName(info.dtype))
                             .arg(bytes));
            }
        }
        return info;
    }

private:
    // One QString per distinct op type / domain, shared by every node that names it (issue 15,
    // item 5: a string per node of a million-node model took 32 MB for "Relu" alone).
    // The last string returned is kept aside, compared as text before the map is hashed: consecutive
    // nodes of a large model mostly repeat the op type (and the domain), one memo per call site.
    struct SharedStringMemo {
        const std::string *key = nullptr;  // the m_strings entry's key (node-based: stays put)
        QString value;
    };
    QString sharedString(const std::string &text, SharedStringMemo &memo) {
        if (memo.key != nullptr && *memo.key == text) {
            return memo.value;
        }
        auto it = m_strings.find(text);
        if (it == m_strings.end()) {
            it = m_strings.emplace(text, fromStd(text)).first;
        }
        memo.key = &it->first;
        memo.value = it->second;
        return it->second;
    }

    // Value index per ASCII name, an open-addressing table of value indices keyed by the name's
    // characters: a name from the file is looked up as it is (no QString made) and compared with the
    // value's name in the graph, and the table holds nothing else (4 bytes a slot; a node-based map
    // of the proto's strings raised the peak of a million-node chain by 45 MB, issue 15 item 5).
    class AsciiValueIndex {
    public:
        AsciiValueIndex(const Graph &graph, std::size_t expected) : m_graph(graph) {
            std::size_t slotCount = 16;
            while (slotCount < 2 * expected) {
                slotCount *= 2;
            }
            m_slots.assign(slotCount, -1);
        }

        // The index of the value named `name` (ASCII), -1 when there is none.
        int find(const std::string &name) const {
            const QLatin1String text(name.data(), static_cast<qsizetype>(name.size()));
            const std::size_t mask = m_slots.size() - 1;
            for (std::size_t slot = hash(name) & mask;; slot = (slot + 1) & mask) {
                const int value = m_slots[slot];
                if (value < 0) {
                    return -1;
                }
                if (m_graph.values[static_cast<std::size_t>(value)].name == text) {
                    return value;
                }
            }
        }

        // Enters value `value`, whose name is ASCII and not entered yet.
        void add(int value) {
            if (2 * (m_count + 1) > m_slots.size()) {
                const std::vector<int> old = std::move(m_slots);
                m_slots.assign(old.size() * 2, -1);
                for (const int entered : old) {
                    if (entered >= 0) {
                        place(entered);
                    }
                }
            }
            place(value);
            ++m_count;
        }

    private:
        // FNV-1a over the characters: the same for an ASCII name's bytes and its QString.
        static std::size_t hash(const std::string &text) {
            std::uint64_t h = 14695981039346656037ULL;
            for (const char c : text) {
                h = (h ^ static_cast<std::uint64_t>(static_cast<unsigned char>(c))) * 1099511628211ULL;
            }
            return static_cast<std::size_t>(h);
        }
        static std::size_t hash(const QString &text) {
            std::uint64_t h = 14695981039346656037ULL;
            for (const QChar c : text) {
                h = (h ^ static_cast<std::uint64_t>(c.unicode())) * 1099511628211ULL;
            }
            return static_cast<std::size_t>(h);
        }
        void place(int value) {
            const std::size_t mask = m_slots.size() - 1;
            std::size_t slot = hash(m_graph.values[static_cast<std::size_t>(value)].name) & mask;
            while (m_slots[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            m_slots[slot] = value;
        }

        const Graph &m_graph;
        std::vector<int> m_slots;  // value index, -1 for a free slot
        std::size_t m_count = 0;
    };

    static bool isAscii(const std::string &text) {
        return std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    }

    // Whether a value named `name` (`qname` as a QString) is in the graph. ASCII names are looked up
    // in `ids`; others in the graph's own index, by their QString: bytes that are not valid UTF-8
    // decode to U+FFFD, so two such names are one name there.
    static bool isDeclared(const Graph &graph, const AsciiValueIndex &ids, const std::string &name, const QString &qname) {
        return (isAscii(name) ? ids.find(name) : graph.findValue(qname)) >= 0;
    }

    static int addNamedValue(Graph &graph, AsciiValueIndex &ids, const std::string &name, Value v) {
        const int index = graph.addValue(std::move(v));
        if (isAscii(name)) {
            ids.add(index);
        }
        return index;
    }

    int valueIndex(Graph &graph, AsciiValueIndex &ids, const std::string &name) {
        const bool ascii = isAscii(name);
        if (ascii) {
            if (const int existing = ids.find(name); existing >= 0) {
                return existing;
            }
        }
        Value v;
        v.name = fromStd(name);
        if (!ascii) {
            if (const int existing = graph.findValue(v.name); existing >= 0) {
                return existing;
            }
        }
        v.kind = ValueKind::Intermediate;
        return addNamedValue(graph, ids, name, std::move(v));
    }

    Value valueFromInfo(const onnx::ValueInfoProto &vi) {
        Value v;
        v.name = fromStd(vi.name());
        const onnx::TypeProto &type = vi.type();
        const onnx::TensorShapeProto *shape = nullptr;
        if (type.has_tensor_type()) {
            v.dtype = dtypeFromOnnx(type.tensor_type().elem_type()).value_or(DType::Undefined);
            if (v.dtype == DType::Undefined && type.tensor_type().elem_type() != 0) {
                warnOnce(QStringLiteral("'%1' has element type code %2, which this build does not know; its size is unknown")
                             .arg(v.name)
                             .arg(type.tensor_type().elem_type()));
            }
            if (type.tensor_type().has_shape()) {
                shape = &type.tensor_type().shape();
            }
        } else if (type.has_sparse_tensor_type()) {
            v.dtype = dtypeFromOnnx(type.sparse_tensor_type().elem_type()).value_or(DType::Undefined);
            if (type.sparse_tensor_type().has_shape()) {
                shape = &type.sparse_tensor_type().shape();
            }
        } else if (type.value_case() != onnx::TypeProto::VALUE_NOT_SET) {
            warnOnce(QStringLiteral("input '%1' is not a tensor (sequence, map or optional); its shape is unknown").arg(v.name));
        }
        if (shape) {
            v.declaredRankKnown = true;
            for (const auto &d : shape->dim()) {
                if (d.has_dim_value() && d.dim_value() >= 0) {
                    v.declared.push_back(Dim::fixed(d.dim_value()));
                } else {
                    v.declared.push_back(Dim{-1, d.has_dim_param() ? fromStd(d.dim_param()) : QString(), DimRole::Other});
                }
            }
        }
        return v;
    }

    Result<Attribute> convertAttribute(const onnx::AttributeProto &ap, const Node &node) {
        using AP = onnx::AttributeProto;
        AP::AttributeType type = ap.type();
        if (type == AP::UNDEFINED) {  // IR version 1 files: infer from the field that is set
            if (ap.has_f()) {
                type = AP::FLOAT;
            } else if (ap.has_i()) {
                type = AP::INT;
            } else if (ap.has_s()) {
                type = AP::STRING;
            } else if (ap.has_t()) {
                type = AP::TENSOR;
            } else if (ap.has_g()) {
                type = AP::GRAPH;
            } else if (ap.floats_size() > 0) {
                type = AP::FLOATS;
            } else if (ap.ints_size() > 0) {
                type = AP::INTS;
            } else if (ap.strings_size() > 0) {
                type = AP::STRINGS;
            }
        }
        Attribute a;
        if (!ap.ref_attr_name().empty()) {
            a.kind = Attribute::Kind::Other;
            a.s = fromStd(ap.ref_attr_name());
            return a;
        }
        switch (type) {
        case AP::FLOAT: return Attribute::fromFloat(static_cast<double>(ap.f()));
        case AP::INT: return Attribute::fromInt(ap.i());
        case AP::STRING: return Attribute::fromString(fromStd(ap.s()));
        case AP::FLOATS: {
            std::vector<double> values(ap.floats().begin(), ap.floats().end());
            return Attribute::fromFloats(std::move(values));
        }
        case AP::INTS: return Attribute::fromInts(std::vector<std::int64_t>(ap.ints().begin(), ap.ints().end()));
        case AP::STRINGS: {
            a.kind = Attribute::Kind::Strings;
            for (const auto &s : ap.strings()) {
                a.strings.push_back(fromStd(s));
            }
            return a;
        }
        case AP::TENSOR: {
            auto info = tensorInfo(ap.t(), QStringLiteral("attribute '%1' of node '%2'").arg(fromStd(ap.name()), node.name));
            if (!info) {
                return info.error();
            }
            return Attribute::fromTensor(std::move(*info));
        }
        case AP::GRAPH: {
            auto sub = convert(ap.g(), false);
            if (!sub) {
                return sub.error();
            }
            a.kind = Attribute::Kind::Graph;
            a.graph = std::make_shared<const Graph>(std::move(*sub));
            return a;
        }
        default:
            a.kind = Attribute::Kind::Other;
            return a;
        }
    }

    void warnOnce(const QString &text) {
        if (!m_warnings.contains(text)) {
            m_warnings.push_back(text);
        }
    }

    QString m_path;
    QStringList &m_warnings;
    std::unordered_map<std::string, QString> m_strings;  // sharedString()
};

bool shapeComplete(const onnx::TypeProto &type) {
    if (!type.has_tensor_type() || !type.tensor_type().has_shape()) {
        return false;
    }
    for (const auto &d : type.tensor_type().shape().dim()) {
        if (!d.has_dim_value() || d.dim_value() < 0) {
            return false;
        }
    }
    return true;
}

// Rank of the value `name` in our propagated graph; -1 when unknown (or not in `graph`, e.g. a value
// of a subgraph body).
int propagatedRank(const Graph *graph, const std::string &name) {
    if (graph == nullptr || name.empty()) {
        return -1;
    }
    const int index = graph->findValue(fromStd(name));
    if (index < 0) {
        return -1;
    }
    const Value &v = graph->values[static_cast<std::size_t>(index)];
    return v.rankKnown ? static_cast<int>(v.shape.size()) : -1;
}

// Why libonnx's shape inference must not see `node` (empty when it may): its convPoolShapeInference
// divides by strides and kernel sizes and indexes by pads without checking them (SIGFPE on a
// stride of 0, issue 15 item 1), and Split divides its input among its outputs. Without a
// kernel_shape attribute it takes the kernel from the weight's dimensions 2.. and indexes the
// input's dimensions, dilations and pads by them unchecked: a weight of another rank than the
// input reads out of bounds (SIGSEGV, found by fuzz_onnx_import_live). `graph` (our propagated
// main graph; nullptr in subgraph bodies) gives the ranks; where they are unknown the node is
// hidden too.
QString libonnxHazard(const onnx::NodeProto &node, const Graph *graph) {
    static const std::unordered_set<std::string> convPool{"Conv",        "ConvTranspose", "ConvInteger", "QLinearConv",
                                                          "MaxPool",     "AveragePool",   "LpPool",      "MaxUnpool",
                                                          "MaxRoiPool",  "DeformConv",    "Col2Im"};
    const bool defaultDomain = node.domain().empty() || node.domain() == "ai.onnx";
    if (!defaultDomain) {
        return {};
    }
    if (convPool.count(node.op_type()) > 0) {
        for (const auto &attr : node.attribute()) {
            const std::string &name = attr.name();
            const bool positive = name == "strides" || name == "dilations" || name == "kernel_shape";
            const bool nonNegative = name == "pads" || name == "output_padding";
            if (!positive && !nonNegative) {
                continue;
            }
            for (const std::int64_t v : attr.ints()) {
                if ((positive && v <= 0) || (nonNegative && v < 0)) {
                    return QStringLiteral("%1 %2 (must be %3)")
                        .arg(fromStd(name))
                        .arg(v)
                        .arg(positive ? QStringLiteral("at least 1") : QStringLiteral("at least 0"));
                }
            }
        }
    }
    // Ops whose kernel libonnx reads from a weight input when kernel_shape is absent: (data, weight).
    static const std::unordered_map<std::string, std::pair<int, int>> kernelFromWeight{
        {"Conv", {0, 1}}, {"ConvTranspose", {0, 1}}, {"ConvInteger", {0, 1}}, {"QLinearConv", {0, 3}}, {"DeformConv", {0, 1}}};
    if (const auto it = kernelFromWeight.find(node.op_type()); it != kernelFromWeight.end()) {
        bool kernelAttribute = false;
        for (const auto &attr : node.attribute()) {
            kernelAttribute = kernelAttribute || attr.name() == "kernel_shape";
        }
        const auto [dataInput, weightInput] = it->second;
        if (!kernelAttribute && node.input_size() > weightInput) {
            const int dataRank = propagatedRank(graph, node.input(dataInput));
            const int weightRank = propagatedRank(graph, node.input(weightInput));
            if (dataRank < 0 || weightRank < 0) {
                return QStringLiteral("no kernel_shape and the ranks of input and weight are not known");
            }
            if (dataRank != weightRank) {
                return QStringLiteral("no kernel_shape and a weight of rank %1 for an input of rank %2").arg(weightRank).arg(dataRank);
            }
        }
    }
    if (node.op_type() == "Split") {
        if (node.output_size() == 0) {
            return QStringLiteral("no outputs");
        }
        for (const auto &attr : node.attribute()) {
            if (attr.name() == "num_outputs" && attr.i() <= 0) {
                return QStringLiteral("num_outputs %1 (must be at least 1)").arg(attr.i());
            }
        }
    }
    return {};
}

// Moves every node libonnx cannot check safely (libonnxHazard) into a domain libonnx has no
// schemas for, so that its shape inference skips them, and says which in `warnings`. Recurses
// into subgraphs (If/Loop/Scan bodies), which libonnx infers too.
void hideLibonnxHazards(onnx::GraphProto &graph, const Graph *propagated, QStringList &warnings) {
    for (auto &node : *graph.mutable_node()) {
        const QString hazard = libonnxHazard(node, propagated);
        if (!hazard.isEmpty()) {
            warnings << QStringLiteral("node '%1' (%2): %3; the libonnx shape comparison skips it")
                            .arg(fromStd(node.name()), fromStd(node.op_type()), hazard);
            node.set_domain(kUncheckedDomain);
        }
        for (auto &attr : *node.mutable_attribute()) {
            if (attr.has_g()) {
                hideLibonnxHazards(*attr.mutable_g(), nullptr, warnings);
            }
            for (auto &sub : *attr.mutable_graphs()) {
                hideLibonnxHazards(sub, nullptr, warnings);
            }
        }
    }
}

// Runs onnx::shape_inference on the model (edited in place, and freed by the caller afterwards; no
// copy is made, issue 15 item 5) with the inputs fixed to `bindings`, and counts the node outputs of
// the main graph it gives a complete shape.
void libonnxDiagnostic(onnx::ModelProto &copy, const Graph &graph, const ShapeBindings &bindings, OnnxImport &out) {
    auto *g = copy.mutable_graph();
    for (auto &vi : *g->mutable_input()) {
        const int index = graph.findValue(fromStd(vi.name()));
        if (index < 0 || !graph.values[static_cast<std::size_t>(index)].isGraphInput() || !vi.type().has_tensor_type() ||
            !vi.type().tensor_type().has_shape()) {
            continue;
        }
        const Value &v = graph.values[static_cast<std::size_t>(index)];
        auto *dims = vi.mutable_type()->mutable_tensor_type()->mutable_shape()->mutable_dim();
        if (static_cast<std::size_t>(dims->size()) != v.declared.size()) {
            continue;
        }
        for (int i = 0; i < dims->size(); ++i) {
            const std::int64_t value = bindings.resolve(v.declared[static_cast<std::size_t>(i)]);
            if (value >= 0) {
                dims->Mutable(i)->set_dim_value(value);
            }
        }
    }
    g->clear_value_info();
    QStringList hazards;
    hideLibonnxHazards(*g, &graph, hazards);
    if (!hazards.isEmpty()) {
        auto *unchecked = copy.add_opset_import();
        unchecked->set_domain(kUncheckedDomain);
        unchecked->set_version(1);
        out.warnings += hazards;
    }
    try {
        onnx::shape_inference::InferShapes(copy);
    } catch (const std::exception &) {
        return;
    } catch (...) {
        return;
    }
    std::unordered_set<std::string> known;
    for (const auto &vi : copy.graph().value_info()) {
        if (shapeComplete(vi.type())) {
            known.insert(vi.name());
        }
    }
    for (const auto &vi : copy.graph().output()) {
        if (shapeComplete(vi.type())) {
            known.insert(vi.name());
        }
    }
    int total = 0;
    int complete = 0;
    for (const auto &node : copy.graph().node()) {
        for (const auto &o : node.output()) {
            if (o.empty()) {
                continue;
            }
            ++total;
            complete += known.count(o) ? 1 : 0;
        }
    }
    out.libonnxKnownShapes = complete;
    out.libonnxTotalShapes = total;
}

QString joinIssues(const std::vector<GraphIssue> &issues) {
    QStringList parts;
    for (const GraphIssue &issue : issues) {
        if (parts.size() == 3) {
            parts << QStringLiteral("and %1 more").arg(issues.size() - 3);
            break;
        }
        parts << issue.message;
    }
    return parts.join(QStringLiteral("; "));
}

}  // namespace

int OnnxImporter::newestKnownOpset() {
    const auto &map = onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map();
    const auto it = map.find("");
    return it == map.end() ? 0 : it->second.second;
}

int OnnxImporter::libonnxCheckMaxNodes() {
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(kLibonnxCheckMaxNodesEnvVar, &ok);
    return ok && v >= 1 ? v : kDefaultLibonnxCheckMaxNodes;
}

bool OnnxImporter::looksLikeOnnx(const QString &path) {
    QFile file(path);
    if (!openRegularFile(file)) {
        return false;
    }
    const QByteArray head = file.read(4);
    // Serializers write fields in number order: a ModelProto starts with ir_version (field 1,
    // varint: tag 0x08) holding a small version number.
    return head.size() >= 2 && static_cast<std::uint8_t>(head.at(0)) == 0x08 && static_cast<std::uint8_t>(head.at(1)) >= 1 &&
           static_cast<std::uint8_t>(head.at(1)) <= 64;
}

namespace {

Result<OnnxImport> importFile(const QString &path, const OnnxImportOptions &options) {
    auto skeleton = readOnnxSkeleton(path, options.limits);
    if (!skeleton) {
        return skeleton.error();
    }
    OnnxImport out;
    out.strippedTensors = skeleton->strippedTensors;
    out.strippedBytes = skeleton->strippedBytes;
    out.externalTensors = skeleton->externalTensors;
    if (skeleton->bytes.size() > INT_MAX) {
        return Error{QStringLiteral("%1: the model's structure alone exceeds 2 GB; cannot import it").arg(path)};
    }

    // Parsed into an arena, held by pointer so that it can be freed as soon as the graph is built
    // (issue 15, item 5: the parsed protobuf of a million-node model takes about as much memory as
    // the graph). The arena allocates the model's millions of small messages and strings from a few
    // large blocks and frees them at once (a 50,000-node chain: 80 M instructions to parse and free,
    // 200 M with a heap allocation per message).
    google::protobuf::ArenaOptions arenaOptions;
    arenaOptions.start_block_size = 64 * 1024;
    arenaOptions.max_block_size = 4 * 1024 * 1024;
    auto parsed = std::make_unique<google::protobuf::Arena>(arenaOptions);
    onnx::ModelProto &model = *google::protobuf::Arena::CreateMessage<onnx::ModelProto>(parsed.get());
    if (!model.ParseFromArray(skeleton->bytes.constData(), static_cast<int>(skeleton->bytes.size()))) {
        return Error{QStringLiteral("%1: corrupt ONNX file: the protobuf does not parse as an ONNX ModelProto").arg(path)};
    }
    skeleton->bytes = QByteArray();  // the parsed model holds everything from here on
    if (!model.has_graph()) {
        return Error{QStringLiteral("%1: not an ONNX model: it holds no graph").arg(path)};
    }
    out.irVersion = model.ir_version();

    QHash<QString, std::int64_t> opsetImports;
    bool hasDefaultOpset = false;
    std::int64_t opset = 0;
    for (const auto &op : model.opset_import()) {
        QString domain = fromStd(op.domain());
        if (domain == QLatin1String("ai.onnx")) {
            domain.clear();
        }
        opsetImports.insert(domain, op.version());
        if (domain.isEmpty()) {
            hasDefaultOpset = true;
            opset = op.version();
        }
    }
    if (model.opset_import_size() == 0) {
        // IR version 1/2 files carry no opset_import: their opset is 1.
        return Error{QStringLiteral("%1: the model declares no opset (IR version %2, opset 1); Infersight imports "
                                    "opset 7 and newer: convert it with onnx.version_converter")
                         .arg(path)
                         .arg(model.ir_version())};
    }
    if (hasDefaultOpset && opset < 7) {
        return Error{QStringLiteral("%1: ONNX opset %2 is older than 7, the oldest Infersight imports: convert the model "
                                    "with onnx.version_converter")
                         .arg(path)
                         .arg(opset)};
    }
    if (!hasDefaultOpset) {
        for (const auto &node : model.graph().node()) {
            if (node.domain().empty() || node.domain() == "ai.onnx") {
                return Error{QStringLiteral("%1: the model uses default-domain ops but declares no opset for them").arg(path)};
            }
        }
    }

    // Our shape rules follow the operator changes up to opset 22 (ONNX 1.17); a newer opset may
    // have changed an op's inputs or attributes in ways they do not know (issue 15, item 11).
    static constexpr std::int64_t kNewestRulesOpset = 22;
    const std::int64_t newestKnown = std::max<std::int64_t>(kNewestRulesOpset, OnnxImporter::newestKnownOpset());
    if (hasDefaultOpset && opset > newestKnown) {
        out.warnings << QStringLiteral("ONNX opset %1 is newer than opset %2, the newest this build knows: its ops are "
                                       "read with the opset-%2 rules, which may not match")
                            .arg(opset)
                            .arg(newestKnown);
    }
    GraphConverter converter(path, out.warnings);
    auto converted = converter.convert(model.graph(), true);
    if (!converted) {
        return converted.error();
    }
    Graph graph = std::move(*converted);
    graph.opsetImports = std::move(opsetImports);
    graph.name = QFileInfo(path).completeBaseName();
    graph.sourcePath = QFileInfo(path).absoluteFilePath();
    graph.producer = (fromStd(model.producer_name()) + QLatin1Char(' ') + fromStd(model.producer_version())).trimmed();
    graph.opset = opset;
    if (model.functions_size() > 0) {
        QStringList names;
        for (const auto &f : model.functions()) {
            names << fromStd(f.domain()) + QStringLiteral("::") + fromStd(f.name());
        }
        out.warnings << QStringLiteral("the model defines %1 local function(s) (%2) that are not expanded; nodes calling "
                                       "them are listed as unsupported")
                            .arg(model.functions_size())
                            .arg(names.join(QStringLiteral(", ")));
    }
    bool runLibonnx = options.libonnxDiagnostic && hasDefaultOpset && opset <= OnnxImporter::newestKnownOpset();
    if (runLibonnx && graph.nodes.size() > static_cast<std::size_t>(OnnxImporter::libonnxCheckMaxNodes())) {
        runLibonnx = false;
        out.notes << QStringLiteral("the libonnx shape comparison was skipped: the graph has %1 nodes, more than the %2 "
                                    "it runs on (it would about double the memory of the import; set %3=N to raise the limit)")
                         .arg(graph.nodes.size())
                         .arg(OnnxImporter::libonnxCheckMaxNodes())
                         .arg(QLatin1String(OnnxImporter::kLibonnxCheckMaxNodesEnvVar));
    }
    if (!runLibonnx) {
        parsed.reset();  // everything the import needs from the file is in `graph` now
        releaseFreedMemory();
    }

    assignInputDimRoles(graph);

    if (Status sorted = graph.sortTopologically(); !sorted) {
        return Error{QStringLiteral("%1: invalid graph: %2").arg(path, sorted.errorMessage())};
    }
    std::vector<GraphIssue> fatal;
    // Sorted: no cycle to look for. Types are checked after propagation, when they are known.
    for (GraphIssue &issue : graph.validate(ValidationChecks{.structure = true, .cycles = false, .types = false})) {
        switch (issue.kind) {
        case GraphIssue::Kind::Cycle:
        case GraphIssue::Kind::DanglingInput:
        case GraphIssue::Kind::DuplicateProducer:
        case GraphIssue::Kind::BadIndex: fatal.push_back(std::move(issue)); break;
        case GraphIssue::Kind::NoOutputs: out.warnings << issue.message; break;
        case GraphIssue::Kind::TypeMismatch: break;  // checked after propagation, when types are known
        }
    }
    if (!fatal.empty()) {
        return Error{QStringLiteral("%1: invalid graph: %2").arg(path, joinIssues(fatal))};
    }

    auto bound = propagateAtBindings(graph, options.bindings, path);
    if (!bound) {
        return bound.error();
    }
    std::vector<GraphIssue> mismatches;
    for (GraphIssue &issue : graph.validate(ValidationChecks{.structure = false, .cycles = false, .types = true})) {
        if (issue.kind == GraphIssue::Kind::TypeMismatch) {
            mismatches.push_back(std::move(issue));
        }
    }
    if (!mismatches.empty()) {
        return Error{QStringLiteral("%1: invalid graph: %2").arg(path, joinIssues(mismatches))};
    }
    // After our propagation: the comparison reads the ranks it found to keep libonnx away from nodes
    // it cannot check safely (libonnxHazard).
    if (runLibonnx) {
        libonnxDiagnostic(model, graph, completeBindings(graph, options.bindings), out);
        parsed.reset();
        releaseFreedMemory();
    }
    out.report = std::move(bound->report);
    out.bindings = bound->bindings;
    out.notes += bound->notes;
    out.warnings += bound->warnings;
    for (std::size_t i = 0; i < out.report.nodeErrors.size() && i < 5; ++i) {
        out.warnings << out.report.nodeErrors[i].second;
    }
    out.graph = std::move(graph);
    return out;
}

// Errors are one line: names from a damaged file may hold control characters, and they may be long.
QString oneLine(QString message) {
    for (QChar &c : message) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7F) {
            c = QLatin1Char('?');
        }
    }
    if (message.size() > 2000) {
        message = message.left(1990) + QStringLiteral(" [...]");
    }
    return message;
}

}  // namespace

Result<OnnxImport> OnnxImporter::import(const QString &path, const OnnxImportOptions &options) {
    auto result = importFile(path, options);
    if (!result) {
        return Error{oneLine(result.errorMessage())};
    }
    return result;
}

}  // namespace infersight
