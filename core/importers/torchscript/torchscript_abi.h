// SPDX-License-Identifier: MIT
// The boundary between the reader child (infersight-torchscript-reader, see torchscript_module.h)
// and the LibTorch module (libinfersight_torch.so), which the child loads with QLibrary before it
// reads the archive: the program itself never loads LibTorch. The module exports two extern "C"
// functions; their payloads are the plain C++ types below, which both sides compile from this
// header against the same infersight_core (the module links it), so a module is only ever used
// with the core of its own build: kTorchScriptAbiVersion and the payload sizes are checked before
// the first call. The reply travels back to the program serialised (torchscript_graph_codec.h).
#pragma once

#include "graph/dtype.h"
#include "importers/torchscript/torchscript_graph.h"

#include <QString>

#include <cstddef>
#include <vector>

namespace infersight {

inline constexpr int kTorchScriptAbiVersion = 1;

struct TorchScriptReadRequest {
    QString path;
    // Tensors the caller will bind to forward()'s arguments after self, in order; -1 = unknown.
    // Optional arguments (Tensor? = None) past this count are read as None, so that code paths
    // guarded by "if mask is not None" fold away.
    int givenInputs = -1;
    // Rank and dtype of each given input (rank -1: unknown), used to fold rank and dtype checks.
    std::vector<int> inputRanks;
    std::vector<DType> inputDTypes;
};

struct TorchScriptReadReply {
    bool ok = false;
    QString error;             // when !ok: one line saying what is wrong (without the path)
    TorchScriptGraph graph;
};

// Sizes both sides compute; a mismatch means the module was built against another core.
struct TorchScriptAbiInfo {
    int version = 0;
    std::size_t requestSize = 0;
    std::size_t replySize = 0;
};

inline TorchScriptAbiInfo torchScriptAbiInfo() {
    return {kTorchScriptAbiVersion, sizeof(TorchScriptReadRequest), sizeof(TorchScriptReadReply)};
}

}  // namespace infersight

extern "C" {
// Writes the module's TorchScriptAbiInfo.
using InfersightTorchScriptAbiFunction = void (*)(infersight::TorchScriptAbiInfo *info);
// Reads the archive named in the request. Never throws; returns reply->ok.
using InfersightTorchScriptReadFunction = bool (*)(const infersight::TorchScriptReadRequest *request,
                                                   infersight::TorchScriptReadReply *reply);
}

#define INFERSIGHT_TORCHSCRIPT_ABI_SYMBOL "infersight_torchscript_abi"
#define INFERSIGHT_TORCHSCRIPT_READ_SYMBOL "infersight_torchscript_read"
