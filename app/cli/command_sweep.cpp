// SPDX-License-Identifier: MIT
// infersight-cli sweep MODEL --gpus a,b,... [--mig all|none|PROFILE,...] [--mps 25,50,...]
//   [--batch 1,8,32] [--seq ...] [--image ...] [--precision fp16,bf16] [--runtime eager,fused]
//   [--width-mult 0.5,1] [--phase prefill|decode --context N] [--csv|--json] [--shard I/N]
//   [--pareto] [--prices FILE] [--output FILE] [--yes | --max-points N] [--progress | --no-progress]
// MODEL may also be a .infersight project: its source, depth, edits, per-node precisions and
// targets (with their MIG profiles and MPS shares) are swept (its knobs are the defaults of the
// lists not given; --gpus, --mig or --mps replace its targets).
//
// Rows are written as they are computed (CSV, JSON or text alike), so memory stays flat however
// many points there are; stdout is flushed at least every quarter second. Numeric lists take
// ranges (1:1024:x2, 1:64:+8, base/number_list.h). A run of more than
// kSweepPointsWithoutConfirmation points needs --yes or a --max-points at least as large.
// Progress (done/total, rate, time left) goes to stderr every 2 s when stderr is a terminal or
// with --progress, never otherwise (logs and tests stay clean).
#include "cli_command.h"
#include "target_options.h"

#include "base/file_io.h"
#include "base/number_list.h"
#include "design/project_file.h"
#include "explore/sweep.h"
#include "predict/llm_runtime.h"
#include "report/sweep_report.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QIODevice>
#include <QTextStream>

#include <cstdio>
#include <memory>

#include <unistd.h>

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

// Where the rows go: stdout or an --output file (base/file_io.h: atomic for regular files).
// Bytes are buffered and handed on every 64 KiB or every quarter second, whichever comes first,
// so that a slow sweep still shows its rows at once and a fast one is not slowed by small writes.
class RowOutput {
public:
    explicit RowOutput(const QString &path) : m_path(path) {}

    Status open() {
        m_timer.start();
        if (m_path.isEmpty() || m_path == QLatin1String("-")) {
            return Status::success();
        }
        m_file = std::make_unique<OutputFile>(m_path);
        return m_file->open();
    }
    Status write(const QByteArray &bytes) {
        m_buffer += bytes;
        if (m_buffer.size() >= 64 * 1024 || m_timer.elapsed() >= 250) {
            return flush();
        }
        return Status::success();
    }
    Status flush() {
        m_timer.restart();
        if (m_buffer.isEmpty()) {
            return Status::success();
        }
        if (!m_file) {
            const std::size_t size = static_cast<std::size_t>(m_buffer.size());
            if (std::fwrite(m_buffer.constData(), 1, size, stdout) != size || std::fflush(stdout) != 0) {
                return Error{QStringLiteral("stdout: cannot write the sweep's rows")};
            }
        } else if (m_file->device()->write(m_buffer) != m_buffer.size()) {
            return Error{QStringLiteral("%1: cannot write: %2").arg(m_path, m_file->device()->errorString())};
        }
        m_buffer.clear();
        return Status::success();
    }
    Status commit() {
        if (Status st = flush(); !st) {
            return st;
        }
        return m_file ? m_file->commit() : Status::success();
    }
    void cancel() {
        if (m_file) {
            m_file->cancel();
        } else {
            static_cast<void>(flush());  // what was computed stays visible
        }
    }

private:
    QString m_path;
    std::unique_ptr<OutputFile> m_file;
    QByteArray m_buffer;
    QElapsedTimer m_timer;
};

QString duration(double seconds) {
    const auto s = static_cast<qint64>(seconds + 0.5);
    if (s >= 3600) {
        return QStringLiteral("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60);
    }
    if (s >= 60) {
        return QStringLiteral("%1 min %2 s").arg(s / 60).arg(s % 60);
    }
    return QStringLiteral("%1 s").arg(s);
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
    const QCommandLineOption runtime(QStringLiteral("runtime"), QStringLiteral("Runtimes: eager, fused (default eager); or one LLM serving runtime: hf-eager, vllm, trt-llm, llama.cpp, tinychat."), QStringLiteral("R,..."));
    const QCommandLineOption weights(QStringLiteral("weights"),
                                     QStringLiteral("Weight format of the GEMM weights (LLMs): %1 (default: the precision's).")
                                         .arg(weightFormatNames().join(QStringLiteral(", "))),
                                     QStringLiteral("FORMAT"));
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
    const QCommandLineOption yes(QStringLiteral("yes"),
                                 QStringLiteral("Run however many points there are (without it, more than %1 are refused).")
                                     .arg(kSweepPointsWithoutConfirmation));
    const QCommandLineOption maxPoints(QStringLiteral("max-points"),
                                       QStringLiteral("Refuse runs of more than N points (default %1).").arg(kSweepPointsWithoutConfirmation),
                                       QStringLiteral("N"));
    const QCommandLineOption progress(QStringLiteral("progress"),
                                      QStringLiteral("Report progress on stderr every 2 s (the default when stderr is a terminal)."));
    const QCommandLineOption noProgress(QStringLiteral("no-progress"), QStringLiteral("Do not report progress."));
    parser.addOptions({gpus, mig, mps, gpuFile, batch, seq, image, precision, runtime, weights, width, depth, phase, context, csv, json, shard,
                       pareto, prices, output, count, yes, maxPoints, progress, noProgress});
    QString modelArgument;
    if (auto done = parseCommandLine(parser, arguments, QStringLiteral("sweep"), &modelArgument)) {
        return *done;
    }
    if (parser.isSet(csv) && parser.isSet(json)) {
        printError(QStringLiteral("--csv and --json exclude each other"));
        return ExitUsage;
    }
    if (parser.isSet(progress) && parser.isSet(noProgress)) {
        printError(QStringLiteral("--progress and --no-progress exclude each other"));
        return ExitUsage;
    }

    SweepSpec spec;
    spec.model = modelArgument;
    QStringList projectGpus;
    std::vector<SweepSpec::ListedTarget> projectTargets;
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
            if (!projectGpus.contains(t.gpu)) {
                projectGpus << t.gpu;
            }
            projectTargets.push_back({t.gpu, t.mig, t.mps, !t.mpsAlone, t.host});
        }
    }
    auto fail = [](const QString &message) {
        printError(message);
        return ExitUsage;
    };
    if (parser.isSet(gpus)) {
        spec.gpus = parser.value(gpus).split(QLatin1Char(','), Qt::SkipEmptyParts);
    } else if (parser.isSet(mig) || parser.isSet(mps)) {
        spec.gpus = projectGpus;  // the project's GPUs, sliced as the command line says
    } else {
        spec.listedTargets = projectTargets;  // the project's targets as they are
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
        auto v = parseIntegerList(parser.value(batch));
        if (!v) {
            return fail(QStringLiteral("--batch: ") + v.errorMessage());
        }
        spec.batches = *v;
    }
    if (parser.isSet(seq)) {
        auto v = parseIntegerList(parser.value(seq));
        if (!v) {
            return fail(QStringLiteral("--seq: ") + v.errorMessage());
        }
        spec.sequences = *v;
    }
    if (parser.isSet(image)) {
        auto v = parseIntegerList(parser.value(image));
        if (!v) {
            return fail(QStringLiteral("--image: ") + v.errorMessage());
        }
        spec.images = *v;
    }
    if (parser.isSet(width)) {
        auto v = parsePositiveRealList(parser.value(width));
        if (!v) {
            return fail(QStringLiteral("--width-mult: ") + v.errorMessage());
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
    // --runtime: generic runtimes (eager, fused) as a list, or one LLM serving runtime by the name users
    // know (hf-eager, vllm, trt-llm, llama.cpp): its lowering is swept and its decode model applies.
    LlmServing serving;
    if (parser.isSet(runtime)) {
        const QString value = parser.value(runtime).trimmed();
        const LlmRuntime *llm = runtimeFromName(value) ? nullptr : findLlmRuntime(value);
        if (llm != nullptr) {
            spec.runtimes = {llm->lowering};
            spec.llmRuntime = llm->id;
            serving.runtime = llm;
        } else {
            auto v = parseList<Runtime>(QStringLiteral("runtime"), value, [](const QString &s) -> Result<Runtime> {
                const auto r = runtimeFromName(s);
                if (!r) {
                    return Error{QStringLiteral("one of %1 (an LLM runtime such as vllm as the only value)")
                                     .arg(llmRuntimeNames().join(QStringLiteral(", ")))};
                }
                return *r;
            });
            if (!v) {
                return fail(v.errorMessage());
            }
            spec.runtimes = *v;
        }
    }
    // --weights: resolved against every precision of the sweep (or sets it when --precision is not given).
    if (parser.isSet(weights)) {
        const auto format = weightFormatFromName(parser.value(weights));
        if (!format) {
            return fail(QStringLiteral("--weights must be one of %1, got '%2'")
                            .arg(weightFormatNames().join(QStringLiteral(", ")), parser.value(weights)));
        }
        const bool precisionGiven = parser.isSet(precision);
        std::vector<Precision> precisions = spec.precisions.empty() ? std::vector<Precision>{Precision::FP32} : spec.precisions;
        if (!precisionGiven) {
            precisions.resize(1);
        }
        for (Precision p : precisions) {
            auto resolved = resolveWeightFormat(*format, p, precisionGiven);
            if (!resolved) {
                return fail(QStringLiteral("--weights: %1").arg(resolved.errorMessage()));
            }
            serving.weights = *resolved;
        }
        if (!precisionGiven) {
            spec.precisions = {serving.weights.precision};
        }
        spec.weights = weightFormatName(serving.weights.format);
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
    // Refuse runs too large to have been meant, before anything is computed or written.
    std::int64_t limit = kSweepPointsWithoutConfirmation;
    if (parser.isSet(maxPoints)) {
        auto v = positiveInt(parser.value(maxPoints));
        if (!v) {
            return fail(QStringLiteral("--max-points needs a positive integer, got '%1'").arg(parser.value(maxPoints)));
        }
        limit = *v;
    }
    const std::int64_t toRun = plan->pointsInShard(options.shard);
    if (!parser.isSet(yes) && toRun > limit) {
        return fail(QStringLiteral("this run has %1 points%2, more than the limit of %3; run it anyway with --yes, raise the limit "
                                   "with --max-points %1, or split it with --shard I/N (see --count)")
                        .arg(toRun)
                        .arg(options.shard.count > 1 ? QStringLiteral(" (shard %1 of a %2-point sweep)").arg(options.shard.text()).arg(plan->size())
                                                     : QString())
                        .arg(limit));
    }

    // Progress on stderr: on a terminal unless --no-progress, elsewhere only with --progress.
    const bool showProgress = parser.isSet(progress) || (!parser.isSet(noProgress) && ::isatty(STDERR_FILENO) == 1);
    QElapsedTimer timer;
    timer.start();
    qint64 lastReport = 0;
    if (showProgress) {
        options.progress = [&timer, &lastReport](std::int64_t done, std::int64_t total) {
            const qint64 now = timer.elapsed();
            if (now - lastReport < 2000 && done < total) {
                return;
            }
            lastReport = now;
            const double rate = now > 0 ? static_cast<double>(done) * 1000.0 / static_cast<double>(now) : 0.0;
            QTextStream(stderr) << QStringLiteral("sweep: %1 of %2 points (%3 %), %4 points/s, %5\n")
                                       .arg(done)
                                       .arg(total)
                                       .arg(100.0 * static_cast<double>(done) / static_cast<double>(total), 0, 'f', 1)
                                       .arg(rate, 0, 'f', 0)
                                       .arg(done < total && rate > 0 ? QStringLiteral("about %1 left").arg(duration(static_cast<double>(total - done) / rate))
                                                                     : QStringLiteral("done"));
        };
    }

    // Rows go out as they come; the header only with the first row, so that a model that does not
    // load leaves nothing behind.
    const SweepTable header = sweepTableHeader(*plan, options);
    const SweepTableFormat format = parser.isSet(json) ? SweepTableFormat::Json : SweepTableFormat::Csv;
    const bool text = !parser.isSet(csv) && !parser.isSet(json);
    SweepTableWriter writer(format, header);
    RowOutput out(parser.value(output));
    if (Status st = out.open(); !st) {
        printError(st.errorMessage());
        return ExitFailure;
    }
    bool started = false;
    auto totals = streamSweep(*plan, enginePredictor(serving), options, [&](const SweepRow &row) -> Status {
        if (!started) {
            started = true;
            if (Status st = out.write(text ? sweepTableTextHeader(header, toRun).toUtf8() : writer.head()); !st) {
                return st;
            }
        }
        return out.write(text ? sweepRowText(header, row).toUtf8() : writer.row(row));
    });
    Status finished = totals ? out.write(text ? QByteArray() : writer.tail()) : Status(totals.error());
    if (finished) {
        finished = out.commit();
    }
    if (!finished) {
        out.cancel();
        printError(finished.errorMessage());
        return ExitFailure;
    }
    QTextStream(stderr) << QStringLiteral("sweep %1: %2 points in %3 ms%4\n")
                               .arg(header.sweepId)
                               .arg(totals->rows)
                               .arg(timer.elapsed())
                               .arg(totals->errors > 0 ? QStringLiteral(", %1 without a prediction (see the error column)").arg(totals->errors)
                                                       : QString());
    return ExitOk;
}

const bool registered = registerCommand(
    {QStringLiteral("sweep"), QStringLiteral("Predict over knob lists x GPUs / MIG / MPS (CSV, JSON, shards, Pareto)"), &runSweepCommand});

}  // namespace

}  // namespace infersight::cli
