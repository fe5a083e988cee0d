// SPDX-License-Identifier: MIT
// The loadModel() entry for TorchScript archives (see importers/model_loader.cpp).
#pragma once

#include "importers/model_loader.h"

namespace infersight {

// .pt, .pth, .ptl and .torchscript files; .ts only when the file is a zip archive (not a Qt
// translation source).
bool isTorchScriptSource(const QString &source);
// ModelOptions::inputShapes gives forward()'s input shapes ("1x3x224x224,1x128:i64"); empty
// lets the importer guess them (noted).
Result<LoadedModel> loadTorchScriptSource(const QString &source, const ModelOptions &options);

}  // namespace infersight
