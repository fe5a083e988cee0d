// SPDX-License-Identifier: MIT
// A look at a would-be TorchScript file without LibTorch: TorchScript modules are zip archives
// written by torch.jit.save ("<name>/code/...", "<name>/constants.pkl", "<name>/data.pkl").
// Reading the zip's central directory is enough to tell a missing, empty, truncated or foreign
// file, or a torch.save() pickle (a state_dict), from a TorchScript module, with a clear message
// and without loading LibTorch.
#pragma once

#include "base/result.h"

#include <QString>
#include <QStringList>

#include <cstdint>

namespace infersight {

struct TorchScriptArchiveInfo {
    QString prefix;           // the archive's top folder ("resnet18" for "resnet18/code/...")
    QStringList entries;      // entry names in central-directory order
    std::int64_t fileSize = 0;
    bool hasCode = false;     // "<prefix>/code/..." entries
    bool hasConstants = false;
    bool hasData = false;
};

class TorchScriptArchive {
public:
    // Reads the central directory of `path` and checks that it holds a TorchScript module. The
    // error names the file and the problem: no such file, empty file, not a zip archive (or a
    // pre-1.6 torch.save pickle), truncated or damaged zip archive, zip archive without a
    // TorchScript module (e.g. a torch.save() state_dict).
    static Result<TorchScriptArchiveInfo> inspect(const QString &path);
    // Cheap check on the first bytes only: a zip archive (for source-kind dispatch).
    static bool looksLikeZip(const QString &path);
};

}  // namespace infersight
