// SPDX-License-Identifier: MIT
// infersight-cli inspect MODEL: per-node shapes and costs of a model, as a table or JSON.
#include "cli_command.h"

#include "graph/node_cost.h"
#include "importers/model_loader.h"
#include "report/inspect_report.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QRegularExpression>

namespace infersight::cli {

namespace {

bool parsePositive(const QString &text, std::int64_t &value) {
    bool ok = false;
    const qlonglong v = text.toLongLong(&ok);
    if (!ok || v <= 0) {
        return false;
    }
    value = v;
    return true;
}

int runInspect(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Show every node of a model with its output shapes, MACs, FLOPs, bytes read and written and\n"
        "parameters, then a summary. Weights are never read: models of any size load in seconds.\n"
        "Defaults: batch 1 (or the batch a model was exported with), the model's sequence length or\n"
        "128 when it is symbolic, the model's image size or 224 when it is symbolic.\n"
        "In --json output an unknown dimension is -1 and a shape of unknown rank is null."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("MODEL"), QStringLiteral("Model file (.onnx)."));
    const QCommandLineOption batchOption(QStringLiteral("batch"), QStringLiteral("Batch size."), QStringLiteral("N"));
    const QCommandLineOption seqOption(QStringLiteral("seq"), QStringLiteral("Sequence length (transformers)."),
                                       QStringLiteral("N"));
    const QCommandLineOption imageOption(QStringLiteral("image"), QStringLiteral("Input image size (CNNs, ViT)."),
                                         QStringLiteral("N|HxW"));
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print one JSON object instead of the table."));
    const QCommandLineOption summaryOption(QStringLiteral("summary"), QStringLiteral("Print the summary only, no node table."));
    parser.addOptions({batchOption, seqOption, imageOption, jsonOption, summaryOption});

    if (!parser.parse(arguments)) {
        printError(parser.errorText() + QStringLiteral(" (see inspect --help)"));
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printOut(parser.helpText());
        return ExitOk;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        printError(positional.isEmpty() ? QStringLiteral("inspect needs a MODEL (see inspect --help)")
                                         : QStringLiteral("inspect takes one MODEL, got %1 (see inspect --help)").arg(positional.size()));
        return ExitUsage;
    }

    ModelOptions options;
    if (parser.isSet(batchOption) && !parsePositive(parser.value(batchOption), options.bindings.batch)) {
        printError(QStringLiteral("--batch needs a positive integer, got '%1'").arg(parser.value(batchOption)));
        return ExitUsage;
    }
    if (parser.isSet(seqOption) && !parsePositive(parser.value(seqOption), options.bindings.sequence)) {
        printError(QStringLiteral("--seq needs a positive integer, got '%1'").arg(parser.value(seqOption)));
        return ExitUsage;
    }
    if (parser.isSet(imageOption)) {
        const QString text = parser.value(imageOption);
        static const QRegularExpression form(QStringLiteral("^(\\d+)(?:[xX](\\d+))?$"));
        const auto match = form.match(text);
        std::int64_t h = 0;
        std::int64_t w = 0;
        if (!match.hasMatch() || !parsePositive(match.captured(1), h) ||
            !parsePositive(match.captured(2).isEmpty() ? match.captured(1) : match.captured(2), w)) {
            printError(QStringLiteral("--image needs N or HxW with positive integers, got '%1'").arg(text));
            return ExitUsage;
        }
        options.bindings.height = h;
        options.bindings.width = w;
    }

    auto model = loadModel(positional.front(), options);
    if (!model) {
        printError(model.errorMessage());
        return ExitFailure;
    }
    const GraphCost cost = graphCost(model->graph);
    if (parser.isSet(jsonOption)) {
        printOut(QString::fromUtf8(QJsonDocument(inspectJson(*model, cost)).toJson(QJsonDocument::Compact)) + QLatin1Char('\n'));
    } else if (parser.isSet(summaryOption)) {
        printOut(inspectSummaryText(*model, cost));
    } else {
        printOut(inspectTable(*model, cost));
    }
    return ExitOk;
}

const bool registered = registerCommand(
    {QStringLiteral("inspect"), QStringLiteral("Per-node shapes, MACs, FLOPs, bytes and parameters of a model"), &runInspect});

}  // namespace

}  // namespace infersight::cli
