// SPDX-License-Identifier: MIT
#pragma once

#include "base/result.h"

#include <QByteArray>
#include <QString>

#include <cstdint>

namespace infersight {

// Which tensor payloads survive. Everything that is not the payload of a TensorProto (names, dims,
// nodes, attributes, value_info...) is always kept.
struct OnnxSkeletonLimits {
    // Floating-point (and other non-integer) tensors keep their data up to this many payload
    // bytes: scalars and small constants (eps, scale factors, Resize scales) matter for shapes.
    std::int64_t keepFloatBytes = 4096;
    // Integer and bool tensors keep their data up to this many bytes: they carry shapes, axes,
    // indices and position ids. Larger ones (int8 weights, vocab tables) are dropped.
    std::int64_t keepIntegerBytes = 65536;
};

// An ONNX file reduced to its structure: the ModelProto's bytes with the payload fields of large
// tensors removed, ready for ModelProto::ParseFromArray. Its size follows the model's structure,
// never its weights.
struct OnnxSkeleton {
    QByteArray bytes;
    std::int64_t fileSize = 0;
    int strippedTensors = 0;          // tensors whose payload was dropped
    std::int64_t strippedBytes = 0;   // payload bytes not read
    int externalTensors = 0;          // tensors stored in external data files (never opened)
};

// Reads the protobuf wire format of the ONNX file at `path` with positioned reads of small windows:
// only field headers are touched inside large tensors, so a file holding gigabytes of weights is
// read in a few megabytes of memory. The walk descends ModelProto.graph / functions / training_info,
// GraphProto.node / initializer / sparse_initializer, NodeProto.attribute and AttributeProto's
// tensors and subgraphs (recursively); every other field is copied verbatim.
//
// Errors are one line naming the file: missing, unreadable, empty, not an ONNX model (the first
// bytes are no ModelProto, or there is no graph), truncated (a field runs past the end of the file)
// or corrupt (bad wire type, over-long varint, a length past its enclosing message).
Result<OnnxSkeleton> readOnnxSkeleton(const QString &path, const OnnxSkeletonLimits &limits = {});

}  // namespace infersight
