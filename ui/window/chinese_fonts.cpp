// SPDX-License-Identifier: MIT
#include "window/chinese_fonts.h"

#include <QFont>
#include <QFontDatabase>
#include <QFontInfo>
#include <QGuiApplication>
#include <QLocale>

#include <algorithm>

namespace infersight {

void useSimplifiedChineseFonts() {
    if (QLocale().script() != QLocale::SimplifiedHanScript) {
        return;
    }
    const QStringList chinese = QFontDatabase::families(QFontDatabase::SimplifiedChinese);
    auto sans = std::find_if(chinese.cbegin(), chinese.cend(), [](const QString &family) {
        return family.contains(QLatin1String("Sans")) && family.contains(QLatin1String(" SC"));
    });
    if (sans == chinese.cend()) {
        sans = std::find_if(chinese.cbegin(), chinese.cend(), [](const QString &family) { return family.contains(QLatin1String("Sans")); });
    }
    if (sans == chinese.cend()) {
        return;
    }
    QString body = QFontInfo(QGuiApplication::font()).family();  // the resolved family, e.g. DejaVu Sans
    if (QFontDatabase::writingSystems(body).contains(QFontDatabase::SimplifiedChinese)) {
        // A zh system locale makes a CJK font the default: take a Latin sans for the body instead.
        const QStringList latin = QFontDatabase::families(QFontDatabase::Latin);
        const auto latinSans = std::find_if(latin.cbegin(), latin.cend(), [](const QString &family) {
            return family.contains(QLatin1String("Sans")) && !family.contains(QLatin1String("Mono")) &&
                   !QFontDatabase::writingSystems(family).contains(QFontDatabase::SimplifiedChinese);
        });
        if (latinSans != latin.cend()) {
            body = *latinSans;
        }
    }
    QFont font = QGuiApplication::font();
    font.setFamilies({body, *sans});
    QGuiApplication::setFont(font);
}

}  // namespace infersight
