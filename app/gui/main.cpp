// SPDX-License-Identifier: MIT
// infersight: the desktop application.
#include "main_window.h"

#include <QApplication>

int main(int argc, char *argv[]) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("infersight"));
    QApplication::setOrganizationName(QStringLiteral("Infersight"));
    infersight::MainWindow window;
    window.show();
    return QApplication::exec();
}
