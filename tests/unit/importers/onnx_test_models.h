// SPDX-License-Identifier: MIT
// Small ONNX models written by the tests themselves through libonnx's protobuf classes (the real
// schema), and the fixture sidecar reader. Header-only; used by the tests in this folder.
#pragma once

#include <onnx/onnx_pb.h>

#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <cctype>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace infersight::testing {

inline QString fixturesDir() { return QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx"); }
inline QString fixture(const QString &file) { return fixturesDir() + QLatin1Char('/') + file; }

// tests/fixtures/onnx/fixtures.json (written by tools/fixtures/export_onnx_fixtures.py); empty
// object when it is not there yet.
inline QJsonObject fixtureSidecar() {
    QFile f(fixture(QStringLiteral("fixtures.json")));
    if (!f.open(QIODevice::ReadOnly)) {
        return {};
    }
    return QJsonDocument::fromJson(f.readAll()).object();
}

inline std::vector<QJsonObject> fixtureModels() {
    std::vector<QJsonObject> out;
    for (const QJsonValue &v : fixtureSidecar().value(QStringLiteral("models")).toArray()) {
        out.push_back(v.toObject());
    }
    return out;
}

inline onnx::ValueInfoProto tensorValueInfo(const std::string &name, int elemType, const std::vector<std::string> &dims) {
    onnx::ValueInfoProto vi;
    vi.set_name(name);
    auto *tt = vi.mutable_type()->mutable_tensor_type();
    tt->set_elem_type(elemType);
    auto *shape = tt->mutable_shape();
    for (const std::string &d : dims) {
        auto *dim = shape->add_dim();
        if (!d.empty() && (std::isdigit(static_cast<unsigned char>(d[0])) != 0)) {
            dim->set_dim_value(std::stoll(d));
        } else if (!d.empty() && d != "?") {
            dim->set_dim_param(d);
        }
    }
    return vi;
}

// A float tensor with real contents in raw_data (value i * 0.001).
inline onnx::TensorProto floatTensor(const std::string &name, const std::vector<std::int64_t> &dims) {
    onnx::TensorProto t;
    t.set_name(name);
    t.set_data_type(onnx::TensorProto::FLOAT);
    std::int64_t n = 1;
    for (std::int64_t d : dims) {
        t.add_dims(d);
        n *= d;
    }
    std::string raw(static_cast<std::size_t>(n) * 4, '\0');
    for (std::int64_t i = 0; i < n; ++i) {
        const float v = static_cast<float>(i % 1000) * 0.001F;
        std::memcpy(raw.data() + i * 4, &v, 4);
    }
    t.set_raw_data(raw);
    return t;
}

inline onnx::TensorProto int64Tensor(const std::string &name, const std::vector<std::int64_t> &values) {
    onnx::TensorProto t;
    t.set_name(name);
    t.set_data_type(onnx::TensorProto::INT64);
    t.add_dims(static_cast<std::int64_t>(values.size()));
    for (std::int64_t v : values) {
        t.add_int64_data(v);
    }
    return t;
}

inline onnx::ModelProto emptyModel(int opset = 17) {
    onnx::ModelProto m;
    m.set_ir_version(8);
    m.set_producer_name("infersight-tests");
    auto *op = m.add_opset_import();
    op->set_domain("");
    op->set_version(opset);
    m.mutable_graph()->set_name("test");
    return m;
}

inline onnx::NodeProto *addNode(onnx::GraphProto *g, const std::string &op, const std::vector<std::string> &inputs,
                                const std::vector<std::string> &outputs, const std::string &name) {
    auto *n = g->add_node();
    n->set_op_type(op);
    n->set_name(name);
    for (const auto &i : inputs) {
        n->add_input(i);
    }
    for (const auto &o : outputs) {
        n->add_output(o);
    }
    return n;
}

inline bool writeModel(const onnx::ModelProto &m, const QString &path) {
    std::string bytes;
    if (!m.SerializeToString(&bytes)) {
        return false;
    }
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        return false;
    }
    return f.write(bytes.data(), static_cast<qint64>(bytes.size())) == static_cast<qint64>(bytes.size());
}

inline bool writeBytes(const QByteArray &bytes, const QString &path) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// x[batch,256] -> MatMul(w 256x256, real raw_data) -> Reshape(shape = [-1, 16, 16]) -> Mul(scale [16])
// -> y. The weights are 256 KB of raw_data; scale (64 bytes) and shape are small.
inline onnx::ModelProto mlpWithRealWeights() {
    onnx::ModelProto m = emptyModel();
    auto *g = m.mutable_graph();
    *g->add_input() = tensorValueInfo("x", onnx::TensorProto::FLOAT, {"batch", "256"});
    *g->add_initializer() = floatTensor("w", {256, 256});
    *g->add_initializer() = floatTensor("scale", {16});
    *g->add_initializer() = int64Tensor("shape", {-1, 16, 16});
    addNode(g, "MatMul", {"x", "w"}, {"m"}, "matmul");
    addNode(g, "Reshape", {"m", "shape"}, {"r"}, "reshape");
    addNode(g, "Mul", {"r", "scale"}, {"y"}, "scale");
    *g->add_output() = tensorValueInfo("y", onnx::TensorProto::FLOAT, {"batch", "16", "16"});
    return m;
}

}  // namespace infersight::testing
