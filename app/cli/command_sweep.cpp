// SPDX-License-Identifier: MIT
// infersight-cli sweep MODEL --gpus a,b,... [--mig all|none|PROFILE,...] [--mps 25,50,...]
//   [--batch 1,8,32] [--seq ...] [--image ...] [--precision fp16,bf16] [--runtime eager,fused]
//   [--width-mult 0.5,1] [--phase prefill|decode --context N] [--csv|--json] [--shard I/N]
//   [--pareto] [--prices FILE] [--output FILE]
// MODEL may also be a .infersight project: its source, depth, edits and per-node precisions are
// swept (its knobs are the defaults of the lists not given).
#include "cli_command.h"
#include "target_options.h"

#include "design/project_file.h"
#include "explore/sweep.h"
#include "report/sweep_report.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QSaveFile>
#include <QTextStream>

namespace infersight::cli {

namespace {

template <typename T, typename Parse>
Result<std::vector<T>> parseList(const QString &option, const QString &text, Parse parse) {
    std::vector<T> out;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        auto v = parse(part.trimmed());
        if (!v) {
            return Error{QStringLiteral("--%1: '%2' is not valid (%3)").arg(option, part.trimmed(), v.errorMessage())};
        }
        out.push_back(*v);
    }
    if (out.empty()) {
        return Error{QStringLiteral("--%1 needs a comma-separated list").arg(option)};
    }
    return out;
}

Result<std::int64_t> positiveInt(const QString &s) {
    bool ok = false;
    const qlonglong v = s.toLongLong(&ok);
    if (!ok || v < 1) {
        return Error{QStringLiteral("a positive integer")};
    }
    return static_cast<std::int64_t>(v);
}

Result<double> positiveNumber(const QString &s) {
    bool ok = false;
    const double v = s.toDouble(&ok);
    if (!ok || !(v > 0)) {
        return Error{QStringLiteral("a positive number")};
    }
    return v;
}

Status writeOutput(const QString &path, const QByteArray &bytes) {
    if (path.isEmpty() || path == QLatin1String("-")) {
        printOut(QString::fromUtf8(bytes));
        return Status::success();
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size()) {
        return Error{QStringLiteral("%1: cannot write: %2").arg(path, file.errorString())};
    }
    if (!file.commit()) {
        return Error{QStringLiteral("%1: cannot save: %2").arg(path, file.errorString())};
    }
    return Status::success();
}

int runSweepCommand(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Predict MODEL over the cartesian product of knob lists and targets, one row per point.\n"
        "Lists are comma-separated. Points are numbered (width, image, seq, batch, runtime, precision,\n"
        "target) so that --shard I/N (1 <= I <= N) runs every N-th point; 'merge' joins the shards.\n"
        "MODEL: an .onnx file, a TorchScript file, a HuggingFace config.json, zoo:NAME or a .infersight project."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("MODEL"), QStringLiteral("Model file, config.json, zoo:NAME or project."));
    const QCommandLineOption gpus(QStringLiteral("gpus"), QStringLiteral("Target GPUs (catalogue ids or GPU files)."), QStringLiteral("ID,..."));
    const QCommandLineOption mig(QStringLiteral("mig"),
                                 QStringLiteral("MIG profiles per GPU: names, 'all' (every profile) or 'none' (the whole GPU)."),
                                 QStringLiteral("P,..."));
    const QCommandLineOption mps(QStringLiteral("mps"), QStringLiteral("MPS shares per GPU, percent."), QStringLiteral("PCT,..."));
    const QCommandLineOption gpuFile(QStringLiteral("gpu-file"), QStringLiteral("Add the GPU described in this JSON file (repeatable)."),
                                     QStringLiteral("FILE"));
    const QCommandLineOption batch(QStringLiteral("batch"), QStringLiteral("Batch sizes (default 1)."), QStringLiteral("N,..."));
    const QCommandLineOption seq(QStringLiteral("seq"), QStringLiteral("Sequence lengths (default: the model's)."), QStringLiteral("N,..."));
    const QCommandLineOption image(QStringLiteral("image"), QStringLiteral("Square image sizes (default: the model's)."), QStringLiteral("N,..."));
    const QCommandLineOption precision(QStringLiteral("precision"), QStringLiteral("Precisions (default fp32)."), QStringLiteral("P,..."));
    const QCommandLineOption runtime(QStringLiteral("runtime"), QStringLiteral("Runtimes: eager, fused (default eager)."), QStringLiteral("R,..."));
    const QCommandLineOption width(QStringLiteral("width-mult"), QStringLiteral("Width multipliers (default 1)."), QStringLiteral("W,..."));
    const QCommandLineOption depth(QStringLiteral("depth"), QStringLiteral("Blocks / layers (zoo and config.json models)."), QStringLiteral("N"));
    const QCommandLineOption phase(QStringLiteral("phase"), QStringLiteral("prefill (default) or decode."), QStringLiteral("PHASE"));
    const QCommandLineOption context(QStringLiteral("context"), QStringLiteral("Decode: tokens in the KV cache."), QStringLiteral("N"));
    const QCommandLineOption csv(QStringLiteral("csv"), QStringLiteral("Write CSV."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Write JSON."));
    const QCommandLineOption shard(QStringLiteral("shard"), QStringLiteral("Run shard I of N (I from 1)."), QStringLiteral("I/N"));
    const QCommandLineOption pareto(QStringLiteral("pareto"),
                                    QStringLiteral("Mark the Pareto front (latency, energy, memory, price) among points that fit."));
    const QCommandLineOption prices(QStringLiteral("prices"), QStringLiteral("Price table (JSON or CSV of GPU id -> USD per hour)."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption output(QStringLiteral("output"), QStringLiteral("Write to FILE (atomically) instead of stdout."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption count(QStringLiteral("count"), QStringLiteral("Only print the number of points and the sweep id."));
    parser.addOptions({gpus, mig, mps, gpuFile, batch, seq, image, precision, runtime, width, depth, phase, context, csv, json, shard,
                       pareto, prices, output, count});
    QString modelArgument;
    if (auto done = parseCommandLine(parser, arguments, QStringLiteral("sweep"), &modelArgument)) {
        return *done;
    }
    if (parser.isSet(csv) && parser.isSet(json)) {
        printError(QStringLiteral("--csv and --json exclude each other"));
        return ExitUsage;
    }

    SweepSpec spec;
    spec.model = modelArgument;
    if (spec.model.endsWith(QLatin1String(Project::kSuffix))) {
        auto project = readProjectFile(spec.model);
        if (!project) {
            printError(project.errorMessage());
            return ExitFailure;
        }
        spec.model = project->source;
        spec.inputShapes = project->inputShapes;
        spec.edits = project->edits;
        spec.depth = project->depth;
        spec.nodePrecisions = project->nodePrecisions;
        spec.phase = project->knobs.phase;
        spec.context = project->knobs.context;
        spec.batches = {project->knobs.batch};
        spec.precisions = {project->knobs.precision};
        spec.runtimes = {project->knobs.runtime};
        spec.widthMultipliers = {project->widthMultiplier};
        if (project->knobs.sequence > 0) {
            spec.sequences = {project->knobs.sequence};
        }
        if (project->knobs.height > 0) {
            spec.images = {project->knobs.height};
        }
        for (const ProjectTarget &t : project->targets) {
            if (!spec.gpus.contains(t.gpu)) {
                spec.gpus << t.gpu;
            }
        }
    }
    auto fail = [](const QString &message) {
        printError(message);
        return ExitUsage;
    };
    if (parser.isSet(gpus)) {
        spec.gpus = parser.value(gpus).split(QLatin1Char(','), Qt::SkipEmptyParts);
    }
    if (parser.isSet(mig)) {
        spec.migProfiles = parser.value(mig).split(QLatin1Char(','), Qt::SkipEmptyParts);
    }
    if (parser.isSet(mps)) {
        auto v = parseList<double>(QStringLiteral("mps"), parser.value(mps), [](const QString &s) -> Result<double> {
            const auto p = parsePercent(s);
            if (!p) {
                return Error{QStringLiteral("a percentage")};
            }
            return *p;
        });
        if (!v) {
            return fail(v.errorMessage());
        }
        spec.mpsPercents = *v;
    }
    if (parser.isSet(batch)) {
        auto v = parseList<std::int64_t>(QStringLiteral("batch"), parser.value(batch), positiveInt);
        if (!v) {
            return fail(v.errorMessage());
        }
        spec.batches = *v;
    }
    if (parser.isSet(seq)) {
        auto v = parseList<std::int64_t>(QStringLiteral("seq"), parser.value(seq), positiveInt);
        if (!v) {
            return fail(v.errorMessage());
        }
        spec.sequences = *v;
    }
    if (parser.isSet(image)) {
        auto v = parseList<std::int64_t>(QStringLiteral("image"), parser.value(image), positiveInt);
        if (!v) {
            return fail(v.errorMessage());
        }
        spec.images = *v;
    }
    if (parser.isSet(width)) {
        auto v = parseList<double>(QStringLiteral("width-mult"), parser.value(width), positiveNumber);
        if (!v) {
            return fail(v.errorMessage());
        }
        spec.widthMultipliers = *v;
    }
    if (parser.isSet(precision)) {
        auto v = parseList<Precision>(QStringLiteral("precision"), parser.value(precision), [](const QString &s) -> Result<Precision> {
            const auto p = precisionFromName(s);
            if (!p) {
                return Error{QStringLiteral("one of %1").arg(precisionNames().join(QStringLiteral(", ")))};
            }
            return *p;
        });
        if (!v) {
            return fail(v.errorMessage());
        }
        spec.precisions = *v;
    }
    if (parser.isSet(runtime)) {
        auto v = parseList<Runtime>(QStringLiteral("runtime"), parser.value(runtime), [](const QString &s) -> Result<Runtime> {
            const auto r = runtimeFromName(s);
            if (!r) {
                return Error{QStringLiteral("eager or fused")};
            }
            return *r;
        });
        if (!v) {
            return fail(v.errorMessage());
        }
        spec.runtimes = *v;
    }
    if (parser.isSet(depth)) {
        auto v = positiveInt(parser.value(depth));
        if (!v) {
            return fail(QStringLiteral("--depth needs a positive integer, got '%1'").arg(parser.value(depth)));
        }
        spec.depth = static_cast<int>(*v);
    }
    if (parser.isSet(phase)) {
        const auto ph = decoderPhaseFromName(parser.value(phase));
        if (!ph) {
            return fail(QStringLiteral("--phase must be prefill or decode, got '%1'").arg(parser.value(phase)));
        }
        spec.phase = *ph;
    }
    if (parser.isSet(context)) {
        auto v = positiveInt(parser.value(context));
        if (!v) {
            return fail(QStringLiteral("--context needs a positive integer, got '%1'").arg(parser.value(context)));
        }
        spec.context = *v;
    }
    if (spec.phase == DecoderPhase::Decode && spec.context <= 0) {
        return fail(QStringLiteral("--phase decode needs --context N"));
    }

    SweepOptions options;
    if (parser.isSet(shard)) {
        auto s = Shard::parse(parser.value(shard));
        if (!s) {
            return fail(s.errorMessage());
        }
        options.shard = *s;
    }
    options.pareto = parser.isSet(pareto);
    if (parser.isSet(prices)) {
        auto p = PriceTable::read(parser.value(prices));
        if (!p) {
            printError(p.errorMessage());
            return ExitFailure;
        }
        options.prices = *p;
    }

    auto catalogue = catalogueFromOptions(parser);
    if (!catalogue) {
        printError(catalogue.errorMessage());
        return ExitFailure;
    }
    auto plan = SweepPlan::make(spec, *catalogue);
    if (!plan) {
        printError(plan.errorMessage());
        return ExitFailure;
    }
    if (parser.isSet(count)) {
        printOut(QStringLiteral("%1 points, sweep id %2\n").arg(plan->size()).arg(plan->id()));
        return ExitOk;
    }
    QElapsedTimer timer;
    timer.start();
    auto table = runSweep(*plan, enginePredictor(), options);
    if (!table) {
        printError(table.errorMessage());
        return ExitFailure;
    }
    QByteArray bytes;
    if (parser.isSet(csv)) {
        bytes = table->toCsv();
    } else if (parser.isSet(json)) {
        bytes = table->toJsonBytes();
    } else {
        bytes = sweepTableText(*table).toUtf8();
    }
    if (Status st = writeOutput(parser.value(output), bytes); !st) {
        printError(st.errorMessage());
        return ExitFailure;
    }
    int errors = 0;
    for (const SweepRow &r : table->rows) {
        errors += r.ok ? 0 : 1;
    }
    QTextStream(stderr) << QStringLiteral("sweep %1: %2 points in %3 ms%4\n")
                               .arg(table->sweepId)
                               .arg(table->rows.size())
                               .arg(timer.elapsed())
                               .arg(errors > 0 ? QStringLiteral(", %1 without a prediction (see the error column)").arg(errors) : QString());
    return ExitOk;
}

const bool registered = registerCommand(
    {QStringLiteral("sweep"), QStringLiteral("Predict over knob lists x GPUs / MIG / MPS (CSV, JSON, shards, Pareto)"), &runSweepCommand});

}  // namespace

}  // namespace infersight::cli
