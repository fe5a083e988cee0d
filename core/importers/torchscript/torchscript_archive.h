// SPDX-License-Identifier: MIT
// A look at a would-be TorchScript file without LibTorch: TorchScript modules are zip archives
// written by torch.jit.save ("<name>/code/...", "<name>/constants.pkl", "<name>/data.pkl").
// Reading the zip's central directory is enough to tell a missing, empty, truncated or foreign
// file, or a torch.save() pickle (a state_dict), from a TorchScript module, with a clear message
// and without loading LibTorch.
//
// It is also the first defence against hostile archives (issue 15), before the reader child is
// started: entries must lie inside the file, stored entries cannot claim more bytes than they hold,
// compressed entries may inflate to at most a cap (checked on the declared sizes, and the entries
// it reads are never inflated past it), the pickles (*.pkl) are scanned opcode by opcode without
// being run (objects nested deeper than the nesting limit are refused, as are unknown opcodes and
// truncated pickles), and the code (code/**.py) may nest brackets at most that deep.
#pragma once

#include "base/result.h"

#include <QString>
#include <QStringList>

#include <cstdint>

class QIODevice;

namespace infersight {

struct TorchScriptArchiveInfo {
    QString prefix;           // the archive's top folder ("resnet18" for "resnet18/code/...")
    QStringList entries;      // entry names in central-directory order
    std::int64_t fileSize = 0;
    bool hasCode = false;     // "<prefix>/code/..." entries
    bool hasConstants = false;
    bool hasData = false;
    std::int64_t inflatedBytes = 0;  // declared size of the compressed (deflated) entries
    int pickleDepth = 0;             // deepest object nesting found in the pickles
    int codeDepth = 0;               // deepest bracket nesting found in the code
};

struct TorchScriptArchiveLimits {
    // What compressed entries may inflate to, together (MiB); INFERSIGHT_TORCHSCRIPT_MAX_INFLATE_MB.
    std::int64_t maxInflateMiB = 1024;
    // Deepest pickle object / code bracket nesting; INFERSIGHT_TORCHSCRIPT_MAX_NESTING. Python's own
    // parser stops at 200 nested brackets; torch.jit.save writes a few dozen levels at most.
    int maxNesting = 500;
    // Largest pickle or code entry read for the scans (MiB; the scan keeps up to 4 bytes per byte);
    // INFERSIGHT_TORCHSCRIPT_MAX_PICKLE_MB. torch.jit.save writes pickles of a few MB at most.
    std::int64_t maxScannedMiB = 64;
    static Result<TorchScriptArchiveLimits> fromEnvironment();
};

class TorchScriptArchive {
public:
    // Reads the central directory of `path` and checks that it holds a TorchScript module. The
    // error names the file and the problem: no such file, empty file, not a zip archive (or a
    // pre-1.6 torch.save pickle), truncated or damaged zip archive, zip archive without a
    // TorchScript module (e.g. a torch.save() state_dict), and the hostile-archive checks above
    // with the limit and how to raise it.
    static Result<TorchScriptArchiveInfo> inspect(const QString &path);
    // The same on an open, random-access device (a QFile, a QBuffer for fuzzing); `name` starts
    // the error messages.
    static Result<TorchScriptArchiveInfo> inspectDevice(QIODevice &device, const QString &name,
                                                        const TorchScriptArchiveLimits &limits = {});

private:
    // inspectDevice() without the one-line guard of its message.
    static Result<TorchScriptArchiveInfo> inspectDeviceFields(QIODevice &device, const QString &name,
                                                              const TorchScriptArchiveLimits &limits);

public:
    // Cheap check on the first bytes only: a zip archive (for source-kind dispatch).
    static bool looksLikeZip(const QString &path);
};

}  // namespace infersight
