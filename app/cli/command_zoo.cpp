// SPDX-License-Identifier: MIT
// infersight-cli zoo: the built-in model zoo with each model's reference and published figures;
// with --computed (or a model name and knobs) also what the builder produces: nodes, parameters
// and MACs at the default input (or at the given knobs).
#include "cli_command.h"
#include "model_options.h"

#include "design/design.h"
#include "report/zoo_report.h"
#include "zoo/model_zoo.h"

#include <QCommandLineParser>
#include <QJsonDocument>

#include <algorithm>
#include <optional>

namespace infersight::cli {

namespace {

// A zoo model opened like any other source: the shared model options parsed once
// (modelRequestFromOptions) and opened through Design::open (openModel), then its figures.
Result<ZooModelFigures> buildFigures(const ModelRequest &request) {
    auto design = openModel(request);
    if (!design) {
        return design.error();
    }
    return zooModelFigures(*design);
}

int runZoo(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "List the built-in model zoo (zoo:NAME sources): each model's reference implementation and its published "
        "parameter count and MACs. With NAME, build that model with the given knobs and report nodes, parameters "
        "and MACs."));
    parser.addHelpOption();
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print JSON."));
    const QCommandLineOption computedOption(QStringLiteral("computed"),
                                            QStringLiteral("Also build every model and report its parameters and MACs."));
    const QCommandLineOption familyOption(QStringLiteral("family"), QStringLiteral("Only models of this family."), QStringLiteral("family"));
    for (const auto &opt : {jsonOption, computedOption, familyOption}) {
        parser.addOption(opt);
    }
    // With NAME: the knobs every MODEL command takes (--batch --seq --image --phase --context,
    // --width-mult --depth), parsed by the same code.
    addModelOptions(parser, ShapeOptions | StructureOptions);
    parser.addPositionalArgument(QStringLiteral("name"), QStringLiteral("A zoo model to build (optional)."), QStringLiteral("[NAME]"));
    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printOut(parser.helpText());
        return ExitOk;
    }
    const bool json = parser.isSet(jsonOption);
    const QStringList names = parser.positionalArguments();
    if (names.size() > 1) {
        printError(QStringLiteral("zoo takes at most one model name, got '%1'").arg(names.join(QLatin1Char(' '))));
        return ExitUsage;
    }
    if (!names.isEmpty()) {
        const ZooModel *model = findZooModel(names.first());
        if (!model) {
            printError(buildZooModel(names.first()).errorMessage());
            return ExitFailure;
        }
        // Parse.
        Result<ModelRequest> request = modelRequestFromOptions(parser, QStringLiteral("zoo:") + model->name, std::nullopt);
        if (!request) {
            printError(request.errorMessage());
            return ExitUsage;
        }
        // Open and compute, then format.
        Result<ZooModelFigures> built = buildFigures(*request);
        if (!built) {
            printError(built.errorMessage());
            return ExitFailure;
        }
        printOut(json ? QString::fromUtf8(QJsonDocument(zooModelJson(*model, *built)).toJson(QJsonDocument::Indented))
                      : zooModelText(*model, *built));
        return ExitOk;
    }

    const QString family = parser.value(familyOption).toLower();
    const bool withBuilt = parser.isSet(computedOption);
    std::vector<ZooListRow> rows;
    for (const ZooModel &m : zooModels()) {
        if (!family.isEmpty() && m.family != family) {
            continue;
        }
        ZooListRow row{&m, std::nullopt};
        if (withBuilt) {
            ModelRequest request;
            request.model = QStringLiteral("zoo:") + m.name;
            Result<ZooModelFigures> built = buildFigures(request);
            if (!built) {
                printError(built.errorMessage());
                return ExitFailure;
            }
            row.built = *built;
        }
        rows.push_back(row);
    }
    if (!family.isEmpty() && rows.empty()) {
        printError(QStringLiteral("no zoo model of family '%1'").arg(family));
        return ExitFailure;
    }
    printOut(json ? QString::fromUtf8(QJsonDocument(zooListJson(rows)).toJson(QJsonDocument::Indented)) : zooTable(rows, withBuilt));
    return ExitOk;
}

}  // namespace

[[maybe_unused]] const bool registered =
    registerCommand({QStringLiteral("zoo"), QStringLiteral("List the built-in model zoo (zoo:NAME)"), &runZoo});

}  // namespace infersight::cli
