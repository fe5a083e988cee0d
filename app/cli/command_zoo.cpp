// SPDX-License-Identifier: MIT
// infersight-cli zoo: the built-in model zoo with each model's reference and published figures;
// with --computed (or a model name and knobs) also what the builder produces: nodes, parameters
// and MACs at the default input (or at the given knobs).
#include "cli_command.h"

#include "graph/node_cost.h"
#include "graph/shape_inference.h"
#include "zoo/model_zoo.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <optional>

namespace infersight::cli {

namespace {

struct Computed {
    std::int64_t nodes = 0;
    std::int64_t params = 0;
    double gmacs = 0.0;
    bool complete = true;
};

Result<Computed> compute(const ZooModel &model, const ZooOptions &options, const ShapeBindings &bindings) {
    Result<Graph> g = model.build(options);
    if (!g) {
        return g.error();
    }
    const PropagationReport report = propagateShapes(*g, bindings);
    const GraphCost cost = graphCost(*g);
    Computed c;
    c.nodes = static_cast<std::int64_t>(g->nodes.size());
    c.params = g->parameterCount();
    c.gmacs = static_cast<double>(cost.macs) / 1e9;
    c.complete = report.complete() && cost.unknownNodes == 0;
    return c;
}

QString groupedInt(std::int64_t v) {
    QString s = QString::number(v);
    for (qsizetype i = s.size() - 3; i > 0; i -= 3) {
        s.insert(i, QLatin1Char(','));
    }
    return s;
}

double round3(double v) { return std::round(v * 1000.0) / 1000.0; }

QJsonObject modelJson(const ZooModel &m, const std::optional<Computed> &computed) {
    QJsonObject o;
    o.insert(QStringLiteral("name"), m.name);
    o.insert(QStringLiteral("source"), QStringLiteral("zoo:") + m.name);
    o.insert(QStringLiteral("family"), m.family);
    o.insert(QStringLiteral("description"), m.description);
    o.insert(QStringLiteral("reference"), m.reference);
    o.insert(QStringLiteral("decoder"), m.decoder);
    o.insert(QStringLiteral("default_input"), m.defaultInput());
    o.insert(QStringLiteral("default_image"), m.defaultImage > 0 ? QJsonValue(static_cast<double>(m.defaultImage)) : QJsonValue());
    o.insert(QStringLiteral("default_seq"), m.defaultSeq > 0 ? QJsonValue(static_cast<double>(m.defaultSeq)) : QJsonValue());
    QJsonObject published;
    published.insert(QStringLiteral("params"), m.publishedParams > 0 ? QJsonValue(static_cast<double>(m.publishedParams)) : QJsonValue());
    published.insert(QStringLiteral("params_source"), m.paramsSource.isEmpty() ? QJsonValue() : QJsonValue(m.paramsSource));
    published.insert(QStringLiteral("gmacs"), m.publishedGMacs > 0 ? QJsonValue(m.publishedGMacs) : QJsonValue());
    published.insert(QStringLiteral("macs_source"), m.macsSource.isEmpty() ? QJsonValue() : QJsonValue(m.macsSource));
    o.insert(QStringLiteral("published"), published);
    if (computed) {
        QJsonObject c;
        c.insert(QStringLiteral("nodes"), static_cast<double>(computed->nodes));
        c.insert(QStringLiteral("params"), static_cast<double>(computed->params));
        c.insert(QStringLiteral("gmacs"), round3(computed->gmacs));
        c.insert(QStringLiteral("shapes_complete"), computed->complete);
        o.insert(QStringLiteral("computed"), c);
    }
    return o;
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
    ZooOptions options;
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
    std::int64_t depth = -1;
    if (!readInt(batchOption, options.batch) || !readInt(imageOption, options.image) || !readInt(seqOption, options.seq) ||
        !readInt(contextOption, options.context) || !readInt(depthOption, depth)) {
        return ExitUsage;
    }
    options.depth = static_cast<int>(std::min<std::int64_t>(depth, 1000000));
    if (parser.isSet(widthOption)) {
        bool ok = false;
        options.widthMult = parser.value(widthOption).toDouble(&ok);
        if (!ok || !(options.widthMult > 0.0)) {
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
        options.phase = *phase;
    }
    ShapeBindings bindings;
    bindings.batch = options.batch;

    if (!names.isEmpty()) {
        const ZooModel *model = findZooModel(names.first());
        if (!model) {
            printError(buildZooModel(names.first()).errorMessage());
            return ExitFailure;
        }
        if (options.phase == DecoderPhase::Decode && !model->decoder) {
            printError(QStringLiteral("zoo:%1 has no decode phase (only decoder LLMs)").arg(model->name));
            return ExitUsage;
        }
        Result<Computed> c = compute(*model, options, bindings);
        if (!c) {
            printError(c.errorMessage());
            return ExitFailure;
        }
        if (json) {
            printOut(QString::fromUtf8(QJsonDocument(modelJson(*model, *c)).toJson(QJsonDocument::Indented)));
            return ExitOk;
        }
        QString text;
        text += QStringLiteral("zoo:%1  (%2)\n%3\nreference: %4\n").arg(model->name, model->family, model->description, model->reference);
        text += QStringLiteral("nodes: %1\nparameters: %2").arg(c->nodes).arg(groupedInt(c->params));
        if (model->publishedParams > 0) {
            text += QStringLiteral("  (published %1: %2)").arg(groupedInt(model->publishedParams), model->paramsSource);
        }
        text += QStringLiteral("\nGMACs: %1").arg(c->gmacs, 0, 'f', 3);
        if (model->publishedGMacs > 0) {
            text += QStringLiteral("  (published %1 at %2: %3)").arg(model->publishedGMacs, 0, 'f', 3).arg(model->defaultInput(), model->macsSource);
        }
        if (!c->complete) {
            text += QStringLiteral("\nwarning: some shapes or costs are unknown");
        }
        printOut(text + QLatin1Char('\n'));
        return ExitOk;
    }

    const QString family = parser.value(familyOption).toLower();
    const bool withComputed = parser.isSet(computedOption);
    QJsonArray array;
    QString table = QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                        .arg(QStringLiteral("NAME"), -20)
                        .arg(QStringLiteral("FAMILY"), -13)
                        .arg(QStringLiteral("PARAMS"), 15)
                        .arg(QStringLiteral("GMACS"), 9)
                        .arg(withComputed ? QStringLiteral("BUILT PARAMS / GMACS  ") : QString())
                        .arg(QStringLiteral("DEFAULT INPUT"));
    int shown = 0;
    for (const ZooModel &m : zooModels()) {
        if (!family.isEmpty() && m.family != family) {
            continue;
        }
        ++shown;
        std::optional<Computed> computed;
        if (withComputed) {
            Result<Computed> c = compute(m, ZooOptions{}, ShapeBindings{});
            if (!c) {
                printError(c.errorMessage());
                return ExitFailure;
            }
            computed = *c;
        }
        if (json) {
            array.append(modelJson(m, computed));
            continue;
        }
        const QString builtColumn = computed ? QStringLiteral("%1 / %2  ").arg(groupedInt(computed->params), 13).arg(computed->gmacs, 7, 'f', 3)
                                             : QString();
        table += QStringLiteral("%1 %2 %3 %4 %5%6\n")
                     .arg(m.name, -20)
                     .arg(m.family, -13)
                     .arg(m.publishedParams > 0 ? groupedInt(m.publishedParams) : QStringLiteral("-"), 15)
                     .arg(m.publishedGMacs > 0 ? QString::number(m.publishedGMacs, 'f', 3) : QStringLiteral("-"), 9)
                     .arg(builtColumn)
                     .arg(m.defaultInput());
    }
    if (!family.isEmpty() && shown == 0) {
        printError(QStringLiteral("no zoo model of family '%1'").arg(family));
        return ExitFailure;
    }
    if (json) {
        QJsonObject root;
        root.insert(QStringLiteral("models"), array);
        printOut(QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented)));
        return ExitOk;
    }
    table += QStringLiteral("\nParameters and GMACs are the reference's published figures (GMACs at the default input, "
                            "batch 1); 'zoo --json' gives their sources. Build one with 'zoo NAME [--batch ...]'.\n");
    printOut(table);
    return ExitOk;
}

}  // namespace

[[maybe_unused]] const bool registered =
    registerCommand({QStringLiteral("zoo"), QStringLiteral("List the built-in model zoo (zoo:NAME)"), &runZoo});

}  // namespace infersight::cli
