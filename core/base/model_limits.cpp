// SPDX-License-Identifier: MIT
#include "base/model_limits.h"

#include <QtGlobal>

namespace infersight {

int maxLayers() {
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(kMaxLayersEnvVar, &ok);
    return ok && v >= 1 && v <= kMaxLayersCeiling ? v : kDefaultMaxLayers;
}

QString maxLayersText() {
    return QStringLiteral("at most %1 layers (the limit; set %2=N to raise it)").arg(maxLayers()).arg(QLatin1String(kMaxLayersEnvVar));
}

}  // namespace infersight
