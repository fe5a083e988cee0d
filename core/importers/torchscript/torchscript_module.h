// SPDX-License-Identifier: MIT
// Finds and loads the LibTorch module (libinfersight_torch.so) on first use, so that nothing of
// LibTorch is mapped into the process until a TorchScript file is opened.
//
// Search order: <executable folder>/../lib, the install library folder, then the build tree's
// lib/ folder — unless the INFERSIGHT_TORCH_MODULE environment variable names the module file (or
// its folder), which is then the only place looked at.
#pragma once

#include "base/result.h"
#include "importers/torchscript/torchscript_abi.h"

#include <QString>
#include <QStringList>

namespace infersight {

class TorchScriptModule {
public:
    // Loads the module once (thread-safe); later calls return at once. The error says that
    // TorchScript support is not installed (with the places searched) or why loading failed.
    static Status load();
    static bool isLoaded();
    // The module file in use, empty until loaded.
    static QString loadedPath();
    // Candidate module files, in search order.
    static QStringList searchPaths();
    // Loads the module if needed and reads the archive. Calls are serialised.
    static Result<TorchScriptGraph> read(const TorchScriptReadRequest &request);
};

}  // namespace infersight
