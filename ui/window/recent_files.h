// SPDX-License-Identifier: MIT
// The recent-files list of File > Open Recent, kept in QSettings ("recentFiles"): newest first,
// no duplicates, at most kMax entries; zoo sources ("zoo:NAME") count as files.
#pragma once

#include <QStringList>

namespace infersight {

class RecentFiles {
public:
    static constexpr int kMax = 10;
    static constexpr char kSettingsKey[] = "recentFiles";

    static QStringList load();
    // Puts `source` first and saves the list.
    static QStringList add(const QString &source);
    static QStringList remove(const QString &source);
    static void clear();
};

}  // namespace infersight
