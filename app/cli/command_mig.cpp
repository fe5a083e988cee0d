// SPDX-License-Identifier: MIT
// infersight-cli mig MODEL --gpu ID [--batch N] [--seq N] [--image N] [--precision P]
//   [--runtime R] [--slo-ms X] [--headroom F] [--mps-shares 25,50,75,100] [--json]
// Every MIG profile of the GPU with fits / memory / latency / replicas / throughput per GPU /
// energy, the recommendation and DIPPM's memory-only rule beside it; MPS shares as options.
#include "cli_command.h"
#include "target_options.h"

#include "design/design.h"
#include "design/project_file.h"
#include "explore/mig_planner.h"

#include <QCommandLineParser>
#include <QJsonDocument>

namespace infersight::cli {

namespace {

bool positive(const QString &text, std::int64_t &value) {
    bool ok = false;
    const qlonglong v = text.toLongLong(&ok);
    if (!ok || v <= 0) {
        return false;
    }
    value = v;
    return true;
}

int runMig(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Plan MIG slices (and MPS shares) for MODEL on one GPU: for every profile NVIDIA lists for it,\n"
        "whether the predicted device memory fits the usable memory less a headroom, latency, replicas\n"
        "per GPU, throughput per GPU and energy per inference. Recommends the smallest profile that fits\n"
        "and meets --slo-ms, or without an SLO the one with the highest throughput per GPU, and shows\n"
        "DIPPM's rule (smallest profile whose name's memory holds the model; no headroom) beside it."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("MODEL"), QStringLiteral("Model file, config.json, zoo:NAME or .infersight project."));
    const QCommandLineOption gpu(QStringLiteral("gpu"), QStringLiteral("GPU id or GPU file (default a100-sxm4-40gb)."), QStringLiteral("ID|FILE"));
    const QCommandLineOption gpuFile(QStringLiteral("gpu-file"), QStringLiteral("Add the GPU described in this JSON file (repeatable)."),
                                     QStringLiteral("FILE"));
    const QCommandLineOption batch(QStringLiteral("batch"), QStringLiteral("Batch size (default 1)."), QStringLiteral("N"));
    const QCommandLineOption seq(QStringLiteral("seq"), QStringLiteral("Sequence length."), QStringLiteral("N"));
    const QCommandLineOption image(QStringLiteral("image"), QStringLiteral("Square image size."), QStringLiteral("N"));
    const QCommandLineOption precision(QStringLiteral("precision"), QStringLiteral("Precision (default fp32)."), QStringLiteral("P"));
    const QCommandLineOption runtime(QStringLiteral("runtime"), QStringLiteral("eager (default) or fused."), QStringLiteral("R"));
    const QCommandLineOption phase(QStringLiteral("phase"), QStringLiteral("prefill (default) or decode."), QStringLiteral("PHASE"));
    const QCommandLineOption context(QStringLiteral("context"), QStringLiteral("Decode: tokens in the KV cache."), QStringLiteral("N"));
    const QCommandLineOption slo(QStringLiteral("slo-ms"), QStringLiteral("Latency SLO in milliseconds."), QStringLiteral("X"));
    const QCommandLineOption headroom(QStringLiteral("headroom"),
                                      QStringLiteral("Fraction of usable memory kept free (default 0.1; '10%' works too)."),
                                      QStringLiteral("F"));
    const QCommandLineOption shares(QStringLiteral("mps-shares"), QStringLiteral("MPS shares to list (default 25,50,75,100; 'none')."),
                                    QStringLiteral("PCT,..."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print one JSON object."));
    parser.addOptions({gpu, gpuFile, batch, seq, image, precision, runtime, phase, context, slo, headroom, shares, json});
    if (!parser.parse(arguments)) {
        printError(parser.errorText() + QStringLiteral(" (see mig --help)"));
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printOut(parser.helpText());
        return ExitOk;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        printError(QStringLiteral("mig needs exactly one MODEL (see mig --help)"));
        return ExitUsage;
    }
    auto usage = [](const QString &message) {
        printError(message);
        return ExitUsage;
    };

    // The design: a project file, or a source at the knobs given.
    Knobs knobs;
    std::optional<Project> project;
    if (positional.front().endsWith(QLatin1String(Project::kSuffix))) {
        auto p = readProjectFile(positional.front());
        if (!p) {
            printError(p.errorMessage());
            return ExitFailure;
        }
        project = *p;
        knobs = p->knobs;
    }
    if (parser.isSet(batch) && !positive(parser.value(batch), knobs.batch)) {
        return usage(QStringLiteral("--batch needs a positive integer, got '%1'").arg(parser.value(batch)));
    }
    if (parser.isSet(seq) && !positive(parser.value(seq), knobs.sequence)) {
        return usage(QStringLiteral("--seq needs a positive integer, got '%1'").arg(parser.value(seq)));
    }
    if (parser.isSet(image)) {
        if (!positive(parser.value(image), knobs.height)) {
            return usage(QStringLiteral("--image needs a positive integer, got '%1'").arg(parser.value(image)));
        }
        knobs.width = knobs.height;
    }
    if (parser.isSet(precision)) {
        const auto p = precisionFromName(parser.value(precision));
        if (!p) {
            return usage(QStringLiteral("--precision must be one of %1, got '%2'")
                             .arg(precisionNames().join(QStringLiteral(", ")), parser.value(precision)));
        }
        knobs.precision = *p;
    }
    if (parser.isSet(runtime)) {
        const auto r = runtimeFromName(parser.value(runtime));
        if (!r) {
            return usage(QStringLiteral("--runtime must be eager or fused, got '%1'").arg(parser.value(runtime)));
        }
        knobs.runtime = *r;
    }
    if (parser.isSet(phase)) {
        const auto ph = decoderPhaseFromName(parser.value(phase));
        if (!ph) {
            return usage(QStringLiteral("--phase must be prefill or decode, got '%1'").arg(parser.value(phase)));
        }
        knobs.phase = *ph;
    }
    if (parser.isSet(context) && !positive(parser.value(context), knobs.context)) {
        return usage(QStringLiteral("--context needs a positive integer, got '%1'").arg(parser.value(context)));
    }
    if (knobs.phase == DecoderPhase::Decode && knobs.context <= 0) {
        return usage(QStringLiteral("--phase decode needs --context N"));
    }
    MigPlannerOptions options;
    if (parser.isSet(slo)) {
        bool ok = false;
        const double v = parser.value(slo).toDouble(&ok);
        if (!ok || !(v > 0)) {
            return usage(QStringLiteral("--slo-ms needs a positive number of milliseconds, got '%1'").arg(parser.value(slo)));
        }
        options.sloMs = v;
    }
    if (parser.isSet(headroom)) {
        const QString text = parser.value(headroom).trimmed();
        std::optional<double> v;
        if (text.endsWith(QLatin1Char('%'))) {
            if (const auto pct = parsePercent(text)) {
                v = *pct / 100.0;
            }
        } else {
            bool ok = false;
            const double f = text.toDouble(&ok);
            if (ok) {
                v = f;
            }
        }
        if (!v || *v < 0.0 || *v >= 1.0) {
            return usage(QStringLiteral("--headroom needs a fraction in [0, 1) such as 0.1 (or 10%), got '%1'").arg(text));
        }
        options.headroom = *v;
    }
    if (parser.isSet(shares)) {
        options.mpsShares.clear();
        if (parser.value(shares).trimmed() != QLatin1String("none")) {
            for (const QString &part : parser.value(shares).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                const auto pct = parsePercent(part);
                if (!pct || !(*pct > 0) || *pct > 100) {
                    return usage(QStringLiteral("--mps-shares: '%1' is not a percentage in (0, 100]").arg(part));
                }
                options.mpsShares.push_back(*pct);
            }
        }
    }

    auto catalogue = catalogueFromOptions(parser);
    if (!catalogue) {
        printError(catalogue.errorMessage());
        return ExitFailure;
    }
    QString gpuId = parser.value(gpu);
    if (gpuId.isEmpty() && project) {
        for (const ProjectTarget &t : project->targets) {
            if (!t.mig.isEmpty()) {
                gpuId = t.gpu;
                break;
            }
        }
    }
    if (gpuId.isEmpty()) {
        gpuId = QStringLiteral("a100-sxm4-40gb");
    }
    auto target = resolveTarget(*catalogue, gpuId);
    if (!target) {
        printError(target.errorMessage());
        return ExitFailure;
    }

    Result<Design> design = Error{};
    if (project) {
        project->knobs = knobs;
        design = project->open(positional.front());
    } else {
        design = Design::open(positional.front(), knobs);
    }
    if (!design) {
        printError(design.errorMessage());
        return ExitFailure;
    }
    auto plan = planMig(design->graph(), design->knobs(), design->nodePrecisions(), target->gpu(), enginePredictor(), options);
    if (!plan) {
        printError(plan.errorMessage());
        return ExitFailure;
    }
    if (parser.isSet(json)) {
        QJsonObject o = plan->toJson();
        o.insert(QStringLiteral("model"), design->source());
        printOut(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented)));
    } else {
        printOut(QStringLiteral("%1\n").arg(design->source()) + plan->toText());
    }
    return ExitOk;
}

const bool registered =
    registerCommand({QStringLiteral("mig"), QStringLiteral("Plan MIG slices / MPS shares for a model on a GPU (vs DIPPM's rule)"), &runMig});

}  // namespace

}  // namespace infersight::cli
