// SPDX-License-Identifier: MIT
#pragma once

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace infersight::cli {

// Exit codes shared by all subcommands.
enum ExitCode : int { ExitOk = 0, ExitFailure = 1, ExitUsage = 2 };

// A subcommand of infersight-cli. `run` receives the arguments after the subcommand name with the
// program name in front (so QCommandLineParser::process can be used on it directly) and returns
// the process exit code. Errors go to stderr as one clear line.
struct CliCommand {
    QString name;
    QString summary;
    std::function<int(const QStringList &arguments)> run;
    // The application object the command needs; empty: a QCoreApplication (`report` needs a
    // QApplication for fonts and charts and makes one on the offscreen platform).
    std::function<std::unique_ptr<QCoreApplication>(int &argc, char **argv)> application = {};
};

// Subcommands register themselves from their own translation unit:
//   static const bool registered = registerCommand({"gpus", "List the GPU catalogue", &runGpus});
bool registerCommand(CliCommand command);
const std::vector<CliCommand> &commands();

// Helpers for command implementations.
void printError(const QString &message);   // "infersight-cli: <message>" on stderr
void printOut(const QString &text);        // text on stdout (UTF-8), no newline added

// Parses a subcommand's arguments: a parse error is one line with the usage exit code, --help
// prints the help. Returns the exit code when the command is done, nullopt to go on. With `model`,
// exactly one positional MODEL is required and stored there.
std::optional<int> parseCommandLine(QCommandLineParser &parser, const QStringList &arguments, const QString &command,
                                    QString *model = nullptr);

}  // namespace infersight::cli
