// SPDX-License-Identifier: MIT
// infersight-cli: headless access to every number the GUI shows.
#include "cli_command.h"

#include <QCoreApplication>
#include <QTextStream>

#include <algorithm>
#include <cstdio>

namespace infersight::cli {

namespace {
std::vector<CliCommand> &registry() {
    static std::vector<CliCommand> list;
    return list;
}
}  // namespace

bool registerCommand(CliCommand command) {
    registry().push_back(std::move(command));
    return true;
}

const std::vector<CliCommand> &commands() {
    auto &list = registry();
    std::sort(list.begin(), list.end(), [](const CliCommand &a, const CliCommand &b) { return a.name < b.name; });
    return list;
}

void printError(const QString &message) {
    QTextStream err(stderr);
    err << "infersight-cli: " << message << '\n';
}

void printOut(const QString &text) {
    QTextStream out(stdout);
    out << text;
}

std::optional<int> parseCommandLine(QCommandLineParser &parser, const QStringList &arguments, const QString &command,
                                    QString *model) {
    if (!parser.parse(arguments)) {
        printError(parser.errorText() + QStringLiteral(" (see %1 --help)").arg(command));
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printOut(parser.helpText());
        return ExitOk;
    }
    if (model) {
        const QStringList positional = parser.positionalArguments();
        if (positional.size() != 1) {
            printError(positional.isEmpty()
                           ? QStringLiteral("%1 needs a MODEL (see %1 --help)").arg(command)
                           : QStringLiteral("%1 takes one MODEL, got %2 (see %1 --help)").arg(command).arg(positional.size()));
            return ExitUsage;
        }
        *model = positional.front();
    }
    return std::nullopt;
}

}  // namespace infersight::cli

namespace {

QString usage() {
    QString text = QStringLiteral(
        "Usage: infersight-cli <command> [options]\n"
        "Predict how a deep-learning model runs for inference on NVIDIA GPUs and MIG slices.\n\n"
        "Commands:\n");
    for (const auto &command : infersight::cli::commands()) {
        text += QStringLiteral("  %1  %2\n").arg(command.name, -10).arg(command.summary);
    }
    text += QStringLiteral("\nRun 'infersight-cli <command> --help' for a command's options.\n"
                           "Options:\n  -h, --help     Show this help.\n  -v, --version  Show the version.\n");
    return text;
}

}  // namespace

int main(int argc, char *argv[]) {
    std::unique_ptr<QCoreApplication> app;
    if (argc >= 2) {
        for (const auto &command : infersight::cli::commands()) {
            if (command.application && command.name == QLatin1String(argv[1])) {
                app = command.application(argc, argv);
            }
        }
    }
    if (!app) {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setApplicationName(QStringLiteral("infersight-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(INFERSIGHT_VERSION));
    QCoreApplication::setOrganizationName(QStringLiteral("Infersight"));

    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 2) {
        infersight::cli::printError(QStringLiteral("no command given"));
        QTextStream(stderr) << usage();
        return infersight::cli::ExitUsage;
    }
    const QString first = args.at(1);
    if (first == QLatin1String("-h") || first == QLatin1String("--help") || first == QLatin1String("help")) {
        infersight::cli::printOut(usage());
        return infersight::cli::ExitOk;
    }
    if (first == QLatin1String("-v") || first == QLatin1String("--version")) {
        infersight::cli::printOut(QStringLiteral("infersight-cli %1\n").arg(QCoreApplication::applicationVersion()));
        return infersight::cli::ExitOk;
    }
    for (const auto &command : infersight::cli::commands()) {
        if (command.name == first) {
            QStringList rest = args.mid(2);
            rest.prepend(QStringLiteral("infersight-cli %1").arg(first));
            return command.run(rest);
        }
    }
    infersight::cli::printError(QStringLiteral("unknown command '%1' (see --help)").arg(first));
    return infersight::cli::ExitUsage;
}
