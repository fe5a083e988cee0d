// SPDX-License-Identifier: MIT
// infersight-cli report MODEL [model options] --gpus A,B[,C,D] [--mig P] [--host ID] [--page a4|letter]
//   [--top N] [--plan-profiles P,...] [--slo-ms X] [--headroom F] [--title TEXT] [--no-graph] [--lang L] -o FILE.pdf
// --mig P makes each target the MIG slice P of its GPU (as `sweep --mig`); --plan-profiles limits
// the MIG plan tables to the profiles named.
// The explorer's PDF report written headless (ui/report/pdf_report.h): the results come from the
// session predictor the GUI's worker runs, so the figures equal the GUI's for the same model, knobs
// and targets. Runs on Qt's offscreen platform unless QT_QPA_PLATFORM names another: no display
// or X server needed.
#include "cli_command.h"
#include "model_options.h"
#include "target_options.h"

#include "design/design.h"
#include "design/project_file.h"
#include "report/pdf_report.h"
#include "report/report_session.h"
#include "window/chinese_fonts.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLocale>
#include <QTranslator>

#include <algorithm>

namespace infersight::cli {

namespace {

std::unique_ptr<QCoreApplication> reportApplication(int &argc, char **argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    return std::make_unique<QApplication>(argc, argv);
}

int runReport(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Write the explorer's PDF report of MODEL on up to four GPUs: a title page (model, parameters, MACs,\n"
        "knobs, targets, date, version, the kernel model's provenance), the summary per target, every chart\n"
        "as vector graphics (latency, throughput and memory vs batch, energy vs latency with the Pareto front,\n"
        "per-layer breakdown and roofline per target), the top layers, the MIG plan of each MIG-capable GPU,\n"
        "the graph and what the predictor was validated on with its measured error.\n"
        "Needs no display: runs on Qt's offscreen platform unless QT_QPA_PLATFORM names another."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("MODEL"), QStringLiteral("Model file, config.json, zoo:NAME or .infersight project."));
    const QCommandLineOption gpus(QStringLiteral("gpus"),
                                  QStringLiteral("Targets: 1 to 4 GPU ids or GPU files, comma-separated (a project's targets by default)."),
                                  QStringLiteral("A,B,..."));
    const QCommandLineOption gpuFile(QStringLiteral("gpu-file"), QStringLiteral("Add the GPU described in this JSON file (repeatable)."),
                                     QStringLiteral("FILE"));
    const QCommandLineOption mig(QStringLiteral("mig"),
                                 QStringLiteral("Targets are this MIG slice of each GPU (e.g. 1g.10gb; every GPU must offer it)."),
                                 QStringLiteral("P"));
    const QCommandLineOption host(QStringLiteral("host"),
                                  QStringLiteral("Host system of every target (see 'infersight-cli hosts'; default: each project "
                                                 "target's, else each GPU's usual system). The report names the host of each target."),
                                  QStringLiteral("ID"));
    const QCommandLineOption planProfiles(QStringLiteral("plan-profiles"),
                                          QStringLiteral("MIG plan rows to show: profile names, comma-separated (default all)."),
                                          QStringLiteral("P,..."));
    const QCommandLineOption page(QStringLiteral("page"), QStringLiteral("Page size: a4 (default) or letter."), QStringLiteral("SIZE"));
    const QCommandLineOption top(QStringLiteral("top"), QStringLiteral("Rows of each target's layer table (default 15)."), QStringLiteral("N"));
    const QCommandLineOption slo(QStringLiteral("slo-ms"), QStringLiteral("Latency SLO of the MIG plans in milliseconds."), QStringLiteral("X"));
    const QCommandLineOption headroom(QStringLiteral("headroom"),
                                      QStringLiteral("Fraction of usable memory the MIG plans keep free (default 0.1)."), QStringLiteral("F"));
    const QCommandLineOption title(QStringLiteral("title"), QStringLiteral("Title of the report (default 'Infersight report: MODEL')."),
                                   QStringLiteral("TEXT"));
    const QCommandLineOption noGraph(QStringLiteral("no-graph"), QStringLiteral("Leave out the graph pages."));
    const QCommandLineOption lang(QStringLiteral("lang"),
                                  QStringLiteral("Language of the report: en, de or zh_CN (default: the system locale, LANG / LANGUAGE)."),
                                  QStringLiteral("LANG"));
    const QCommandLineOption output(QStringList{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("The PDF to write."),
                                    QStringLiteral("FILE"));
    addModelOptions(parser);
    parser.addOptions({gpus, gpuFile, mig, host, planProfiles, page, top, slo, headroom, title, noGraph, lang, output});
    QString modelArgument;
    if (auto done = parseCommandLine(parser, arguments, QStringLiteral("report"), &modelArgument)) {
        return *done;
    }
    auto usage = [](const QString &message) {
        printError(message);
        return ExitUsage;
    };

    // The report's language and number/date format: --lang, else the system locale; the
    // translations are the GUI's (translations/*.ts, embedded under :/i18n).
    QTranslator translator;
    if (parser.isSet(lang)) {
        const QString name = parser.value(lang).trimmed();
        const QLocale chosen(name);
        if (chosen.language() == QLocale::C) {
            return usage(QStringLiteral("--lang takes a language such as en, de or zh_CN, got '%1'").arg(name));
        }
        QLocale::setDefault(chosen);
    }
    if (translator.load(QLocale(), QStringLiteral("infersight"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        QCoreApplication::installTranslator(&translator);
    }
    // A Latin body font with a Simplified Chinese one after it (ui/window/chinese_fonts.h).
    useSimplifiedChineseFonts();

    // Parse every option before any work.
    const QString path = parser.value(output);
    if (path.isEmpty()) {
        return usage(QStringLiteral("report needs -o FILE.pdf"));
    }
    ReportOptions options;
    if (parser.isSet(page)) {
        const QString size = parser.value(page).trimmed().toLower();
        if (size == QLatin1String("a4")) {
            options.pageSize = QPageSize::A4;
        } else if (size == QLatin1String("letter")) {
            options.pageSize = QPageSize::Letter;
        } else {
            return usage(QStringLiteral("--page takes a4 or letter, got '%1'").arg(parser.value(page)));
        }
    }
    if (parser.isSet(top)) {
        std::int64_t n = 0;
        if (!parsePositiveInteger(parser.value(top), n) || n > 10000) {
            return usage(QStringLiteral("--top needs a positive integer up to 10000, got '%1'").arg(parser.value(top)));
        }
        options.topNodes = static_cast<int>(n);
    }
    if (parser.isSet(slo)) {
        bool ok = false;
        const double v = parser.value(slo).toDouble(&ok);
        if (!ok || !(v > 0)) {
            return usage(QStringLiteral("--slo-ms needs a positive number of milliseconds, got '%1'").arg(parser.value(slo)));
        }
        options.mig.sloMs = v;
    }
    if (parser.isSet(headroom)) {
        bool ok = false;
        const double v = parser.value(headroom).toDouble(&ok);
        if (!ok || v < 0.0 || v >= 1.0) {
            return usage(QStringLiteral("--headroom needs a fraction in [0, 1) such as 0.1, got '%1'").arg(parser.value(headroom)));
        }
        options.mig.headroom = v;
    }
    for (const QString &profile : parser.value(planProfiles).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        options.migProfiles << profile.trimmed();
    }
    options.title = parser.value(title);
    options.graph = !parser.isSet(noGraph);
    options.source = modelArgument;

    auto project = projectFromArgument(modelArgument);
    if (!project) {
        printError(project.errorMessage());
        return ExitFailure;
    }
    auto request = modelRequestFromOptions(parser, modelArgument, *project);
    if (!request) {
        return usage(request.errorMessage());
    }
    auto catalogue = catalogueFromOptions(parser);
    if (!catalogue) {
        printError(catalogue.errorMessage());
        return ExitFailure;
    }
    const QString hostId = parser.value(host).trimmed();
    if (parser.isSet(host) && hostId.isEmpty()) {
        return usage(QStringLiteral("--host expects a host id (one of %1)").arg(HostCatalogue::builtIn().ids().join(QStringLiteral(", "))));
    }
    std::vector<ResolvedTarget> targets;
    auto addTarget = [&](const QString &gpu, const QString &migProfile, std::optional<double> mps, bool coRunners,
                         const QString &targetHost) -> bool {
        // The host as in predict (core/hardware/host_catalogue.h); --host overrides a project's.
        auto target = resolveTarget(*catalogue, gpu, migProfile, mps, coRunners, hostId.isEmpty() ? targetHost : hostId);
        if (!target) {
            printError(target.errorMessage());
            return false;
        }
        for (const ResolvedTarget &t : targets) {
            if (t.key == target->key()) {
                return true;  // listed twice: once is enough
            }
        }
        targets.push_back(reportTarget(*target, static_cast<int>(targets.size())));
        return true;
    };
    if (parser.isSet(gpus)) {
        const QStringList ids = parser.value(gpus).split(QLatin1Char(','), Qt::SkipEmptyParts);
        if (ids.isEmpty() || ids.size() > 4) {
            return usage(QStringLiteral("--gpus takes 1 to 4 GPU ids, got '%1'").arg(parser.value(gpus)));
        }
        const QString slice = parser.value(mig).trimmed();
        for (const QString &id : ids) {
            if (!addTarget(id.trimmed(), slice, std::nullopt, true, {})) {
                return ExitFailure;
            }
        }
    } else if (request->project && !request->project->targets.empty()) {
        for (const ProjectTarget &t : request->project->targets) {
            if (targets.size() < 4 && !addTarget(t.gpu, t.mig, t.mps, !t.mpsAlone, t.host)) {
                return ExitFailure;
            }
        }
    } else {
        return usage(QStringLiteral("report needs --gpus A[,B,C,D] (see report --help)"));
    }
    if (parser.isSet(mig) && !parser.isSet(gpus)) {
        return usage(QStringLiteral("--mig applies to the GPUs of --gpus"));
    }
    if (QFileInfo(path).isDir()) {
        return usage(QStringLiteral("%1 is a folder; -o needs a file name such as report.pdf").arg(path));
    }
    if (!QFileInfo(path).absoluteDir().exists()) {
        printError(QStringLiteral("%1: the folder %2 does not exist").arg(path, QFileInfo(path).absolutePath()));
        return ExitFailure;
    }

    // Open, compute, write.
    auto design = openModel(*request);
    if (!design) {
        printError(design.errorMessage());
        return ExitFailure;
    }
    auto results = computeSessionResults(std::make_shared<const Design>(std::move(design).value()), targets);
    if (!results) {
        printError(results.errorMessage());
        return ExitFailure;
    }
    auto written = writePdfReport(**results, options, path);
    if (!written) {
        printError(written.errorMessage());
        return ExitFailure;
    }
    for (const QString &skipped : written->skipped) {
        printError(QStringLiteral("left out of the report: %1").arg(skipped));
    }
    printOut(QStringLiteral("%1: %2 pages, %3 charts, %4 tables\n").arg(path).arg(written->pages).arg(written->charts).arg(written->tables));
    return ExitOk;
}

const bool registered = registerCommand({QStringLiteral("report"),
                                         QStringLiteral("Write the PDF report of a model on up to four GPUs"), &runReport,
                                         &reportApplication});

}  // namespace

}  // namespace infersight::cli
