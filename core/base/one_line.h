// SPDX-License-Identifier: MIT
// Error messages are one line: a message that quotes a file's own text (a JSON string, a zip entry
// name) shows its line breaks and other control characters escaped. Found by the fuzz targets
// (tests/fuzz/*: an error must be one non-empty line).
#pragma once

#include <QString>

namespace infersight {

inline QString oneLine(QString message) {
    QString out;
    out.reserve(message.size());
    for (const QChar c : message) {
        if (c == QLatin1Char('\n')) {
            out += QLatin1String("\\n");
        } else if (c == QLatin1Char('\r')) {
            out += QLatin1String("\\r");
        } else if (c.unicode() < 0x20 || c.unicode() == 0x7f) {
            out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        } else {
            out += c;
        }
    }
    return out;
}

}  // namespace infersight
