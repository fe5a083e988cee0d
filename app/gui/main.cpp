// SPDX-License-Identifier: MIT
// infersight: the desktop application, the explorer window. Opens the model or project given on
// the command line, or the built-in default model zoo:resnet50 at batch 8, fp16, on the last
// targets (first start: A100-SXM4-80GB and H100-SXM5-80GB). LibTorch is not loaded at start-up
// (only when a TorchScript file is opened).
#include "main_window.h"
#include "session/explorer_session.h"
#include "session/session_autosave.h"
#include "window/chinese_fonts.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTimer>
#include <QTranslator>

#include <cstdio>
#include <memory>

int main(int argc, char *argv[]) {
    QElapsedTimer sinceStart;  // for --quit-when-filled: process start (as near as main gets) to a filled window
    sinceStart.start();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("infersight"));
    QApplication::setApplicationVersion(QStringLiteral(INFERSIGHT_VERSION));
    QApplication::setOrganizationName(QStringLiteral("Infersight"));

    // The UI language: the one chosen in View > Language, else the system locale (LANG / LC_ALL);
    // de and zh_CN ship with the app.
    const QString language = QSettings().value(QStringLiteral("language")).toString();
    const QLocale locale = language.isEmpty() ? QLocale() : QLocale(language);
    if (!language.isEmpty()) {
        QLocale::setDefault(locale);
    }
    QTranslator appTranslator;
    if (appTranslator.load(locale, QStringLiteral("infersight"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        QApplication::installTranslator(&appTranslator);
    }
    QTranslator qtTranslator;
    if (qtTranslator.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QApplication::installTranslator(&qtTranslator);
    }
    infersight::useSimplifiedChineseFonts();  // Chinese UI: a Latin body font, then a Simplified Chinese one

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "Explore how deep-learning inference runs on NVIDIA GPUs and MIG slices: latency, energy and "
                "memory, live, for up to four targets side by side."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("source"),
        QApplication::translate("main", "Model or project to open: an ONNX or TorchScript file, a Hugging Face "
                                        "config.json, a .infersight project or zoo:NAME; default zoo:resnet50."));
    QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QApplication::translate("main", "Save a PNG screenshot of the window to <file> once every pane is filled, then quit."),
        QStringLiteral("file"));
    QCommandLineOption size(QStringLiteral("size"),
                            QApplication::translate("main", "Window size as WIDTHxHEIGHT (e.g. 1600x1000)."),
                            QStringLiteral("size"));
    QCommandLineOption quitWhenFilled(
        QStringLiteral("quit-when-filled"),
        QApplication::translate("main", "Print the milliseconds from start until the window is filled, then quit "
                                        "(start-up benchmark)."));
    parser.addOption(screenshot);
    parser.addOption(size);
    parser.addOption(quitWhenFilled);
    // Crash recovery (ui/session/session_autosave.h).
    QCommandLineOption restoreAutosave(
        QStringLiteral("restore-autosave"),
        QApplication::translate("main", "Whether to restore a session left by a run that did not close normally: "
                                        "yes, no or ask (default: ask; runs with --screenshot, --quit-when-filled "
                                        "or --print-state leave it for the next start)."),
        QStringLiteral("answer"));
    QCommandLineOption printState(
        QStringLiteral("print-state"),
        QApplication::translate("main", "Print the session (the project JSON, as autosaved) once the window is filled, then quit."));
    parser.addOption(restoreAutosave);
    parser.addOption(printState);
    parser.process(app);

    const QStringList positional = parser.positionalArguments();
    infersight::MainWindow window;
    if (parser.isSet(size)) {
        const QStringList parts = parser.value(size).split(QLatin1Char('x'));
        bool okW = false;
        bool okH = false;
        const int w = parts.size() == 2 ? parts[0].toInt(&okW) : 0;
        const int h = parts.size() == 2 ? parts[1].toInt(&okH) : 0;
        if (!okW || !okH || w < 200 || h < 200) {
            std::fprintf(stderr, "infersight: --size wants WIDTHxHEIGHT, e.g. 1600x1000\n");
            return 2;
        }
        window.resize(w, h);
    }
    window.show();

    int exitCode = 0;
    if (parser.isSet(screenshot) || parser.isSet(quitWhenFilled)) {
        const QString file = parser.value(screenshot);
        const bool printTime = parser.isSet(quitWhenFilled);
        auto finished = std::make_shared<bool>(false);
        auto finish = [&window, &exitCode, &sinceStart, file, printTime, finished](bool filled) {
            if (*finished) {
                return;
            }
            *finished = true;
            if (printTime) {
                std::printf("filled_ms %lld\n", static_cast<long long>(sinceStart.elapsed()));
                std::fflush(stdout);
            }
            if (!filled) {
                exitCode = 1;
            }
            // A moment for the last repaints (chart animations are off; layouts settle).
            QTimer::singleShot(file.isEmpty() ? 0 : 400, &window, [&window, &exitCode, file]() {
                if (!file.isEmpty() && !window.grab().save(file, "PNG")) {
                    std::fprintf(stderr, "infersight: could not write %s\n", qPrintable(file));
                    exitCode = 1;
                }
                QApplication::exit(exitCode);
            });
        };
        QObject::connect(&window, &infersight::MainWindow::filled, &window, [finish]() { finish(true); });
        QObject::connect(&window, &infersight::MainWindow::errorShown, &window, [finish]() { finish(false); });
        QTimer::singleShot(120000, &window, [finish]() {
            std::fprintf(stderr, "infersight: the window was not filled within 120 s\n");
            finish(false);
        });
    }
    // --- autosave and crash recovery (ui/session/session_autosave.h): this run's session is autosaved
    // from now on and the file removed when main returns; a session left by a crashed run is offered.
    infersight::SessionAutosave autosave(window.session());
    const QString answer = parser.value(restoreAutosave).toLower();
    if (!answer.isEmpty() && answer != QLatin1String("yes") && answer != QLatin1String("no") && answer != QLatin1String("ask")) {
        std::fprintf(stderr, "infersight: --restore-autosave wants yes, no or ask\n");
        return 2;
    }
    if (parser.isSet(printState)) {
        auto printed = std::make_shared<bool>(false);
        QObject::connect(&window, &infersight::MainWindow::filled, &window, [&window, printed]() {
            if (!*printed) {
                *printed = true;
                const QJsonObject state = infersight::SessionAutosave::sessionJson(*window.session());
                std::printf("%s", QJsonDocument(state).toJson(QJsonDocument::Indented).constData());
                std::fflush(stdout);
                QApplication::exit(0);
            }
        });
        QObject::connect(&window, &infersight::MainWindow::errorShown, &window,
                         [printed](const QString &, const QString &text) {
                             if (!*printed) {
                                 *printed = true;
                                 std::fprintf(stderr, "infersight: %s\n", qPrintable(text));
                                 QApplication::exit(1);
                             }
                         });
    }
    const QString startSource = positional.isEmpty() ? QString() : positional.first();
    // A restore that fails (e.g. written by a newer version) is reported by the window; then the
    // usual start follows.
    QObject::connect(&autosave, &infersight::SessionAutosave::restoreFailed, &window,
                     [&window, startSource]() { window.start(startSource); });
    const bool interactive = !parser.isSet(screenshot) && !parser.isSet(quitWhenFilled) && !parser.isSet(printState);
    bool restoring = false;
    if (answer == QLatin1String("yes") || answer == QLatin1String("no") || interactive) {
        const auto given = answer == QLatin1String("yes")  ? infersight::SessionAutosave::Answer::Yes
                           : answer == QLatin1String("no") ? infersight::SessionAutosave::Answer::No
                                                           : infersight::SessionAutosave::Answer::Ask;
        restoring = autosave.offerRestore(&window, given);
    }
    if (!restoring) {
        window.start(startSource);
    }
    const int rc = QApplication::exec();
    return rc != 0 ? rc : exitCode;
}
