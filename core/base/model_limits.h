// SPDX-License-Identifier: MIT
// The most layers (blocks) a model may have, one limit for every way of asking for them: a
// HuggingFace config's layer count, --depth, a project's depth and a zoo model's depth. Every
// layer costs graph memory (about 90 KB for a decoder layer), so 100,000 layers took 9.3 GB while
// --depth stopped at 10,000. The default is kDefaultMaxLayers; the environment variable
// INFERSIGHT_MAX_LAYERS (a positive integer, at most kMaxLayersCeiling) replaces it.
#pragma once

#include <QString>

namespace infersight {

inline constexpr int kDefaultMaxLayers = 10'000;
inline constexpr int kMaxLayersCeiling = 100'000'000;
inline constexpr const char *kMaxLayersEnvVar = "INFERSIGHT_MAX_LAYERS";

// INFERSIGHT_MAX_LAYERS when it is set to an integer in 1..kMaxLayersCeiling, else the default.
int maxLayers();

// For errors: "at most 10000 layers (the limit; set INFERSIGHT_MAX_LAYERS=N to raise it)".
QString maxLayersText();

}  // namespace infersight
