// SPDX-License-Identifier: MIT
// TorchScript files are read by LibTorch, and torch::jit::load runs code of the file (pickled
// __setstate__ methods, an unbounded unpickler): a hostile .pt could hang, exhaust memory, blow
// the stack or print onto our stdout. So the program never loads LibTorch itself: read() spawns
// the child program infersight-torchscript-reader with limits (wall and CPU time, address space,
// stack; no stdin; its stdout carries the serialised graph, the file's prints go to its stderr,
// which is kept out of ours) and decodes the graph it sends back (TorchScriptGraphCodec). The child
// loads the LibTorch module (libinfersight_torch.so) with load() / readInProcess().
//
// Limits, each raised with an environment variable:
//   INFERSIGHT_TORCHSCRIPT_TIMEOUT    wall-clock seconds (default 60; CPU time gets the same)
//   INFERSIGHT_TORCHSCRIPT_MEMORY_MB  address space of the child in MiB (default 4096)
//
// Child search order: INFERSIGHT_TORCHSCRIPT_READER (file or folder) if set, else
// <program folder>/../<libdir>/infersight (installed), <program folder> (build tree bin/) and the
// build tree's bin/ folder. Module search order (in the child): INFERSIGHT_TORCH_MODULE if set,
// else <program folder>, <program folder>/../<libdir>/infersight, <program folder>/../lib and the
// build tree's lib/ folder.
#pragma once

#include "base/result.h"
#include "importers/torchscript/torchscript_abi.h"

#include <QString>
#include <QStringList>

namespace infersight {

struct TorchScriptReaderLimits {
    int timeoutSeconds = 60;
    // resnet50 (100 MB of weights) reads in 1 GiB of address space (measured with ulimit -v); 4 GiB
    // leaves room for models with ~3 GB of weights and refuses a 4 GiB allocation of the file's code.
    qint64 memoryMiB = 4096;
    qint64 stackMiB = 8;     // also the default stack of each of its threads
    qint64 maxReplyMiB = 512;  // serialised graph size
    // False in AddressSanitizer builds: ASan reserves terabytes of address space for its shadow
    // memory, so RLIMIT_AS cannot be applied to a sanitized reader (time and stack limits stay).
    bool memoryLimited = true;
    // The limits with the environment overrides applied; an Error names a bad override.
    static Result<TorchScriptReaderLimits> fromEnvironment();
};

class TorchScriptModule {
public:
    static constexpr const char *kReaderProgram = "infersight-torchscript-reader";

    // In-process LibTorch (used by the reader child only). Loads the module once (thread-safe);
    // later calls return at once. The error says that TorchScript support is not installed (with
    // the places searched) or why loading failed.
    static Status load();
    static bool isLoaded();
    // The module file in use, empty until loaded.
    static QString loadedPath();
    // Candidate module files, in search order.
    static QStringList searchPaths();
    // Loads the module if needed and reads the archive in this process. Calls are serialised.
    static Result<TorchScriptGraph> readInProcess(const TorchScriptReadRequest &request);

    // Candidate reader programs, in search order.
    static QStringList readerSearchPaths();
    // Reads the archive in a child process under TorchScriptReaderLimits::fromEnvironment().
    // Errors are one line without the path: the limit hit and how to raise it, a crash of the
    // reader (with a short excerpt of its stderr), or what LibTorch said.
    static Result<TorchScriptGraph> read(const TorchScriptReadRequest &request);
    // Kills the reader children running now (their read() returns "cancelled"); the GUI calls it
    // when the user cancels loading a model.
    static void cancelRunningReads();
};

}  // namespace infersight
