// SPDX-License-Identifier: MIT
#include "zoo/zoo_options.h"

namespace infersight {

QString decoderPhaseName(DecoderPhase phase) {
    return phase == DecoderPhase::Decode ? QStringLiteral("decode") : QStringLiteral("prefill");
}

std::optional<DecoderPhase> decoderPhaseFromName(const QString &name) {
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("prefill")) {
        return DecoderPhase::Prefill;
    }
    if (n == QLatin1String("decode")) {
        return DecoderPhase::Decode;
    }
    return std::nullopt;
}

}  // namespace infersight
