// SPDX-License-Identifier: MIT
// The importModelFile() entry for TorchScript archives (see importers/model_import.cpp).
#pragma once

#include "importers/model_import.h"

namespace infersight {

// .pt, .pth, .ptl and .torchscript files; .ts only when the file is a zip archive (not a Qt
// translation source).
bool isTorchScriptSource(const QString &source);
// ImportOptions::inputShapes gives forward()'s input shapes ("1x3x224x224,1x128:i64"); empty
// lets the importer guess them (noted).
Result<ImportedModel> importTorchScriptFile(const QString &path, const ImportOptions &options);

}  // namespace infersight
