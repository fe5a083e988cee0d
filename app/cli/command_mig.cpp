// SPDX-License-Identifier: MIT
// infersight-cli mig MODEL --gpu ID [--host ID] [--batch N] [--seq N] [--image N] [--precision P]
//   [--runtime R] [--slo-ms X] [--headroom F] [--mps-shares 25,50,75,100] [--json]
// Every MIG profile of the GPU with fits / memory / latency / replicas / throughput per GPU /
// energy, the recommendation and DIPPM's memory-only rule beside it; MPS shares as options.
// LLMs: --kv-context C (or --phase decode --context C) adds the KV capacity of every profile:
// do the weights fit, how many sequences of C tokens fit beside them (explore/llm_serving.h).
// For decoder LLMs the header (and the JSON) names the LLM runtime and the weight format.
#include "cli_command.h"
#include "model_options.h"
#include "target_options.h"

#include "design/design.h"
#include "design/project_file.h"
#include "explore/llm_serving.h"
#include "explore/mig_planner.h"
#include "report/llm_report.h"
#include "report/mig_report.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace infersight::cli {

namespace {

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
    const QCommandLineOption host(QStringLiteral("host"),
                                  QStringLiteral("Host system the GPU sits in (see 'infersight-cli hosts'; default: the project's MIG "
                                                 "target's, else the GPU's usual system)."),
                                  QStringLiteral("ID"));
    const QCommandLineOption slo(QStringLiteral("slo-ms"), QStringLiteral("Latency SLO in milliseconds."), QStringLiteral("X"));
    const QCommandLineOption headroom(QStringLiteral("headroom"),
                                      QStringLiteral("Fraction of usable memory kept free (default 0.1; '10%' works too)."),
                                      QStringLiteral("F"));
    const QCommandLineOption shares(QStringLiteral("mps-shares"), QStringLiteral("MPS shares to list (default 25,50,75,100; 'none')."),
                                    QStringLiteral("PCT,..."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print one JSON object."));
    const QCommandLineOption kvContext(QStringLiteral("kv-context"),
                                       QStringLiteral("LLMs: KV capacity per profile at C tokens per sequence (default: --context "
                                                      "in the decode phase)."),
                                       QStringLiteral("C"));
    addModelOptions(parser);
    parser.addOptions({gpu, gpuFile, host, slo, headroom, shares, json, kvContext});
    QString modelArgument;
    if (auto done = parseCommandLine(parser, arguments, QStringLiteral("mig"), &modelArgument)) {
        return *done;
    }
    auto usage = [](const QString &message) {
        printError(message);
        return ExitUsage;
    };

    // Parse: the project (if MODEL is one), every option once.
    auto project = projectFromArgument(modelArgument);
    if (!project) {
        printError(project.errorMessage());
        return ExitFailure;
    }
    auto request = modelRequestFromOptions(parser, modelArgument, *project);
    if (!request) {
        return usage(request.errorMessage());
    }
    std::int64_t kvTokens = request->knobs.phase == DecoderPhase::Decode ? request->knobs.context : 0;
    if (parser.isSet(kvContext) && !parsePositiveInteger(parser.value(kvContext), kvTokens)) {
        return usage(QStringLiteral("--kv-context needs a positive integer, got '%1'").arg(parser.value(kvContext)));
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
    QString hostId = parser.value(host).trimmed();
    if (parser.isSet(host) && hostId.isEmpty()) {
        return usage(QStringLiteral("--host expects a host id (one of %1)").arg(HostCatalogue::builtIn().ids().join(QStringLiteral(", "))));
    }
    if (gpuId.isEmpty() && request->project) {
        for (const ProjectTarget &t : request->project->targets) {
            if (!t.mig.isEmpty()) {
                gpuId = t.gpu;
                if (hostId.isEmpty()) {
                    hostId = t.host;
                }
                break;
            }
        }
    }
    if (gpuId.isEmpty()) {
        gpuId = QStringLiteral("a100-sxm4-40gb");
    }
    // The host as in predict (core/hardware/host_catalogue.h): every slice keeps it.
    auto target = resolveTarget(*catalogue, gpuId, {}, std::nullopt, true, hostId);
    if (!target) {
        printError(target.errorMessage());
        return ExitFailure;
    }
    options.host = target->host();

    // Open, compute, format.
    auto design = openModel(*request);
    if (!design) {
        printError(design.errorMessage());
        return ExitFailure;
    }
    // The weight format and LLM runtime reach the planner's latencies as they reach predict's.
    const LlmServing serving{&request->llmRuntimeOrDefault(), request->weights};
    auto plan = planMig(design->graph(), design->knobs(), design->nodePrecisions(), target->gpu(), enginePredictor(serving),
                        options);
    if (!plan) {
        printError(plan.errorMessage());
        return ExitFailure;
    }
    // A decoder LLM (the decode phase binds: KV-cache inputs) names its runtime and weight format.
    bool llm = design->knobs().phase == DecoderPhase::Decode;
    if (!llm) {
        Design trial = *design;
        llm = static_cast<bool>(trial.setPhase(DecoderPhase::Decode, 128));
    }
    std::vector<KvCapacityRow> kv;
    if (kvTokens > 0) {
        kv = kvCapacities(*design, target->gpu(), kvTokens, serving);
    }
    if (parser.isSet(json)) {
        QJsonObject out = migPlanJson(*plan, design->source(), llm ? &serving : nullptr);
        if (kvTokens > 0) {
            out.insert(QStringLiteral("kv_capacity"), kvCapacityJson(kv));
        }
        printOut(QString::fromUtf8(QJsonDocument(out).toJson(QJsonDocument::Indented)));
    } else {
        QString text = migPlanText(*plan, design->source(), llm ? &serving : nullptr);
        if (kvTokens > 0) {
            text += kvCapacityText(kv, kvTokens, serving);
        }
        printOut(text);
    }
    return ExitOk;
}

const bool registered =
    registerCommand({QStringLiteral("mig"), QStringLiteral("Plan MIG slices / MPS shares for a model on a GPU (vs DIPPM's rule)"), &runMig});

}  // namespace

}  // namespace infersight::cli
