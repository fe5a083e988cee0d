// SPDX-License-Identifier: MIT
// infersight-cli zoo: the built-in model zoo with each model's reference and published figures;
// with --computed (or a model name and knobs) also what the builder produces: nodes, parameters
// and MACs at the default input (or at the given knobs).
#include "cli_command.h"

#include "design/design.h"
#include "report/zoo_report.h"
#include "zoo/model_zoo.h"

#include <QCommandLineParser>
#include <QJsonDocument>

#include <algorithm>
#include <optional>

namespace infersight::cli {

namespace {

// A zoo model opened like any other source (Design::open) at the knobs, with depth and width.
Result<ZooModelFigures> buildFigures(const ZooModel &model, const Knobs &knobs, int depth, double widthMultiplier) {
    auto design = Design::open(QStringLiteral("zoo:") + model.name, knobs);
    if (!design) {
        return design.error();
    }
    if (depth > 0) {
        if (Status st = design->setDepth(depth); !st) {
            return Error{QStringLiteral("--depth: %1").arg(st.errorMessage())};
        }
    }
    if (widthMultiplier != 1.0) {
        if (Status st = design->setWidthMultiplier(widthMultiplier); !st) {
            return Error{QStringLiteral("--width-mult: %1").arg(st.errorMessage())};
        }
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
    const QCommandLineOption batchOption(QStringLiteral("batch"), QStringLiteral("Batch size (with NAME)."), QStringLiteral("n"));
    const QCommandLineOption imageOption(QStringLiteral("image"), QStringLiteral("Image side in pixels (with NAME)."), QStringLiteral("n"));
    const QCommandLineOption seqOption(QStringLiteral("seq"), QStringLiteral("Sequence length (with NAME)."), QStringLiteral("n"));
    const QCommandLineOption widthOption(QStringLiteral("width-mult"), QStringLiteral("Width multiplier (with NAME)."), QStringLiteral("w"));
    const QCommandLineOption depthOption(QStringLiteral("depth"), QStringLiteral("Repeated blocks or layers (with NAME)."), QStringLiteral("n"));
    const QCommandLineOption phaseOption(QStringLiteral("phase"), QStringLiteral("prefill or decode (decoder LLMs)."), QStringLiteral("phase"));
    const QCommandLineOption contextOption(QStringLiteral("context"), QStringLiteral("KV-cache tokens in the decode phase."),
                                           QStringLiteral("n"));
    for (const auto &opt : {jsonOption, computedOption, familyOption, batchOption, imageOption, seqOption, widthOption, depthOption,
                            phaseOption, contextOption}) {
        parser.addOption(opt);
    }
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
    // Parse.
    Knobs knobs;
    std::int64_t image = -1;
    std::int64_t depth = -1;
    auto readInt = [&parser](const QCommandLineOption &opt, std::int64_t &out) {
        if (!parser.isSet(opt)) {
            return true;
        }
        bool ok = false;
        const qlonglong v = parser.value(opt).toLongLong(&ok);
        if (!ok || v < 1) {
            printError(QStringLiteral("--%1 needs a positive integer, got '%2'").arg(opt.names().first(), parser.value(opt)));
            return false;
        }
        out = v;
        return true;
    };
    if (!readInt(batchOption, knobs.batch) || !readInt(imageOption, image) || !readInt(seqOption, knobs.sequence) ||
        !readInt(contextOption, knobs.context) || !readInt(depthOption, depth)) {
        return ExitUsage;
    }
    knobs.height = knobs.width = image;
    double widthMultiplier = 1.0;
    if (parser.isSet(widthOption)) {
        bool ok = false;
        widthMultiplier = parser.value(widthOption).toDouble(&ok);
        if (!ok || !(widthMultiplier > 0.0)) {
            printError(QStringLiteral("--width-mult needs a positive number, got '%1'").arg(parser.value(widthOption)));
            return ExitUsage;
        }
    }
    if (parser.isSet(phaseOption)) {
        const auto phase = decoderPhaseFromName(parser.value(phaseOption));
        if (!phase) {
            printError(QStringLiteral("--phase must be prefill or decode, got '%1'").arg(parser.value(phaseOption)));
            return ExitUsage;
        }
        knobs.phase = *phase;
    }

    if (!names.isEmpty()) {
        const ZooModel *model = findZooModel(names.first());
        if (!model) {
            printError(buildZooModel(names.first()).errorMessage());
            return ExitFailure;
        }
        if (knobs.phase == DecoderPhase::Decode && !model->decoder) {
            printError(QStringLiteral("zoo:%1 has no decode phase (only decoder LLMs)").arg(model->name));
            return ExitUsage;
        }
        // Open and compute, then format.
        Result<ZooModelFigures> built = buildFigures(*model, knobs, static_cast<int>(std::min<std::int64_t>(depth, 1000000)), widthMultiplier);
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
            Result<ZooModelFigures> built = buildFigures(m, Knobs{}, -1, 1.0);
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
