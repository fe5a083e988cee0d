// SPDX-License-Identifier: MIT
// infersight: the desktop application. Opens the model given on the command line, or the built-in
// default model zoo:resnet50.
#include "main_window.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>
#include <QTimer>

int main(int argc, char *argv[]) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("infersight"));
    QApplication::setApplicationVersion(QStringLiteral(INFERSIGHT_VERSION));
    QApplication::setOrganizationName(QStringLiteral("Infersight"));

    // The UI language follows the system locale (LANG / LC_ALL); de and zh_CN ship with the app.
    QTranslator appTranslator;
    if (appTranslator.load(QLocale(), QStringLiteral("infersight"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        QApplication::installTranslator(&appTranslator);
    }
    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QApplication::installTranslator(&qtTranslator);
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "Predict deep-learning inference on NVIDIA GPUs and MIG slices."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("model"),
                                 QApplication::translate("main", "Model to open (file or zoo:NAME); default zoo:resnet50."));
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                  QApplication::translate("main", "Save a screenshot of the window to <file> once the model is open, then quit."),
                                  QStringLiteral("file"));
    parser.addOption(screenshot);
    parser.process(app);

    const QStringList positional = parser.positionalArguments();
    const QString source = positional.isEmpty() ? QStringLiteral("zoo:resnet50") : positional.first();

    infersight::MainWindow window;
    window.show();
    if (parser.isSet(screenshot)) {
        const QString file = parser.value(screenshot);
        auto grabAndQuit = [&window, file]() {
            QTimer::singleShot(300, &window, [&window, file]() {
                window.grab().save(file);
                QApplication::quit();
            });
        };
        QObject::connect(&window, &infersight::MainWindow::modelLoaded, &window, grabAndQuit);
        QObject::connect(&window, &infersight::MainWindow::loadFailed, &window, grabAndQuit);
    }
    window.openModel(source);
    return QApplication::exec();
}
