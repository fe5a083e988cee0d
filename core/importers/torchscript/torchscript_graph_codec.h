// SPDX-License-Identifier: MIT
// The wire format between the TorchScript reader child process (infersight-torchscript-reader)
// and TorchScriptModule::read: a TorchScriptGraph and the read request, serialised with
// QDataStream (Qt 6.4 format, little endian) after a magic and a format version. The decoder
// trusts nothing: the child ran the file's code, so every count is checked against the bytes
// left, block nesting is bounded and enum values are range-checked.
#pragma once

#include "base/result.h"
#include "importers/torchscript/torchscript_abi.h"
#include "importers/torchscript/torchscript_graph.h"

#include <QByteArray>

namespace infersight {

class TorchScriptGraphCodec {
public:
    static constexpr quint32 kMagic = 0x47545349;  // "ISTG"
    static constexpr quint32 kVersion = 1;
    // Deepest prim::If / prim::Loop block nesting accepted when decoding.
    static constexpr int kMaxBlockDepth = 256;

    static QByteArray encodeReply(const TorchScriptReadReply &reply);
    // The reply (ok or not) the child sent; an Error when the bytes are not a well-formed reply.
    static Result<TorchScriptReadReply> decodeReply(const QByteArray &bytes);

    static QByteArray encodeRequest(const TorchScriptReadRequest &request);
    static Result<TorchScriptReadRequest> decodeRequest(const QByteArray &bytes);
};

}  // namespace infersight
