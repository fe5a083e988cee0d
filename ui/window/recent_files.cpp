// SPDX-License-Identifier: MIT
#include "window/recent_files.h"

#include <QSettings>

namespace infersight {

namespace {

void save(const QStringList &list) {
    QSettings settings;
    settings.setValue(QString::fromLatin1(RecentFiles::kSettingsKey), list);
}

}  // namespace

QStringList RecentFiles::load() {
    QSettings settings;
    QStringList list = settings.value(QString::fromLatin1(kSettingsKey)).toStringList();
    list.removeAll(QString());
    list.removeDuplicates();
    while (list.size() > kMax) {
        list.removeLast();
    }
    return list;
}

QStringList RecentFiles::add(const QString &source) {
    QStringList list = load();
    list.removeAll(source);
    list.prepend(source);
    while (list.size() > kMax) {
        list.removeLast();
    }
    save(list);
    return list;
}

QStringList RecentFiles::remove(const QString &source) {
    QStringList list = load();
    list.removeAll(source);
    save(list);
    return list;
}

void RecentFiles::clear() { save({}); }

}  // namespace infersight
