// SPDX-License-Identifier: MIT
// infersight-cli validate [--json | --markdown FILE] [--only SETS] [--include-synthetic FILE] [--fit-host]
//                          [--fit-host-scale] [--fit-fp32-issue] [--fit-energy]
// The accuracy report of record: `validate --markdown docs/accuracy.md` rewrites the generated part
// of docs/accuracy.md (between its validate markers; the hand-written sections around it stay).
#include "cli_command.h"

#include "report/validation_report.h"
#include "validate/llm_validation.h"
#include "validate/validation.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <optional>

namespace infersight::cli {

namespace {

QString hostScaleFitText(const std::vector<HostScaleFit> &fits) {
    if (fits.empty()) {
        return QStringLiteral("No data/measured rows ran on a system the host catalogue lists: nothing to fit.\n");
    }
    QString out;
    for (const HostScaleFit &f : fits) {
        out += QStringLiteral("%1 on host %2: %3 of %4 batch-1 rows host-bound (GPU busy < 1/4 of the host time at the "
                              "fitted server's costs)\n  host time scale fitted on all of them: %5 (MAPE %6 % at scale 1 "
                              "-> %7 %); the catalogue has %8\n  leave-one-family-out (scale fitted without the family):\n")
                   .arg(f.gpuId, f.hostId)
                   .arg(f.rows)
                   .arg(f.batchOneRows)
                   .arg(f.scale, 0, 'f', 3)
                   .arg(f.mapeBefore, 0, 'f', 1)
                   .arg(f.mapeAfter, 0, 'f', 1)
                   .arg(f.catalogueScale, 0, 'f', 3);
        double lo = f.scale, hi = f.scale;
        for (const HostScaleFit::LeaveOut &l : f.leaveOut) {
            out += QStringLiteral("    without %1: %2 (%3 rows)\n").arg(l.family).arg(l.scale, 0, 'f', 3).arg(l.fitRows);
            lo = std::min(lo, l.scale);
            hi = std::max(hi, l.scale);
        }
        out += QStringLiteral("  range over the leave-one-family-out fits: %1 - %2\n").arg(lo, 0, 'f', 3).arg(hi, 0, 'f', 3);
    }
    return out;
}

QString energyFitText(const EnergyFit &f) {
    auto params = [](const EnergyParameters &e) {
        return QStringLiteral("active floor %1, compute weight %2, memory weight %3, host-wait share %4")
            .arg(e.activeFloor, 0, 'f', 3)
            .arg(e.computeWeight, 0, 'f', 3)
            .arg(e.memoryWeight, 0, 'f', 3)
            .arg(e.hostWaitShare, 0, 'f', 3);
    };
    QString out = QStringLiteral("Energy model constants (average power of the data/measured rows, NVML energy over the timed loop):\n"
                                 "  %1 rows on %2\n"
                                 "  built-in: %3\n"
                                 "    power MAPE %4 %, energy MAPE %5 %\n"
                                 "  fitted:   %6\n"
                                 "    power MAPE %7 %, energy MAPE %8 %\n")
                      .arg(f.rows)
                      .arg(f.gpus.join(QStringLiteral(", ")))
                      .arg(params(f.builtIn))
                      .arg(f.powerMapeBuiltIn, 0, 'f', 1)
                      .arg(f.energyMapeBuiltIn, 0, 'f', 1)
                      .arg(params(f.fitted))
                      .arg(f.powerMapeFitted, 0, 'f', 1)
                      .arg(f.energyMapeFitted, 0, 'f', 1);
    if (f.heldOutRows > 0) {
        out += QStringLiteral("  held out (never fitted): %1 rows on %2: power MAPE %3 % built-in -> %4 % fitted, energy MAPE %5 % -> %6 %\n")
                   .arg(f.heldOutRows)
                   .arg(f.heldOutGpus.join(QStringLiteral(", ")))
                   .arg(f.heldOutPowerMapeBuiltIn, 0, 'f', 1)
                   .arg(f.heldOutPowerMapeFitted, 0, 'f', 1)
                   .arg(f.heldOutEnergyMapeBuiltIn, 0, 'f', 1)
                   .arg(f.heldOutEnergyMapeFitted, 0, 'f', 1);
    }
    return out;
}

QString fp32IssueFitText(const Fp32IssueFit &f) {
    QString out = QStringLiteral("Wide-issue FP32 factors (FP32 GEMMs / convolutions on GPUs with 32 FP32 lanes per issue slot):\n"
                                 "  %1 GPU-bound rows in fp32 / fp32-strict on %2\n"
                                 "  fitted on all of them: GEMMs %3, convolutions %4 (MAPE %5 % with no factor -> %6 %; %7 % at "
                                 "the built-in %8 / %9)\n"
                                 "  leave-one-family-out (factors fitted without the family; the family's MAPE with no factor -> "
                                 "held out):\n")
                      .arg(f.rows)
                      .arg(f.gpus.join(QStringLiteral(", ")))
                      .arg(f.efficiency, 0, 'f', 3)
                      .arg(f.convEfficiency, 0, 'f', 3)
                      .arg(f.mapeAtOne, 0, 'f', 1)
                      .arg(f.mapeAfter, 0, 'f', 1)
                      .arg(f.mapeAtConstant, 0, 'f', 1)
                      .arg(f.constant, 0, 'f', 2)
                      .arg(f.convConstant, 0, 'f', 2);
    double lo = f.efficiency, hi = f.efficiency;
    double convLo = f.convEfficiency, convHi = f.convEfficiency;
    double sumOne = 0, sumHeld = 0;
    int n = 0;
    for (const Fp32IssueFit::LeaveOut &l : f.leaveOut) {
        out += QStringLiteral("    without %1 (%2 rows): %3 / %6; %4 % -> %5 %\n")
                   .arg(l.family)
                   .arg(l.rows)
                   .arg(l.efficiency, 0, 'f', 3)
                   .arg(l.mapeAtOne, 0, 'f', 1)
                   .arg(l.mapeHeldOut, 0, 'f', 1)
                   .arg(l.convEfficiency, 0, 'f', 3);
        lo = std::min(lo, l.efficiency);
        hi = std::max(hi, l.efficiency);
        convLo = std::min(convLo, l.convEfficiency);
        convHi = std::max(convHi, l.convEfficiency);
        sumOne += l.mapeAtOne * l.rows;
        sumHeld += l.mapeHeldOut * l.rows;
        n += l.rows;
    }
    out += QStringLiteral("  range over the leave-one-family-out fits: GEMMs %1 - %2, convolutions %3 - %4\n")
               .arg(lo, 0, 'f', 3)
               .arg(hi, 0, 'f', 3)
               .arg(convLo, 0, 'f', 3)
               .arg(convHi, 0, 'f', 3);
    if (n > 0) {
        out += QStringLiteral("  held-out MAPE over those %1 rows: %2 % with no factor -> %3 % with each family's held-out fit\n")
                   .arg(n)
                   .arg(sumOne / n, 0, 'f', 1)
                   .arg(sumHeld / n, 0, 'f', 1);
    }
    if (f.heldOutRows > 0) {
        out += QStringLiteral("  held out (never fitted): %1 GPU-bound rows on %2: MAPE %3 % with no factor, %4 % with the built-in "
                              "%5 / %6\n")
                   .arg(f.heldOutRows)
                   .arg(f.heldOutGpus.join(QStringLiteral(", ")))
                   .arg(f.heldOutMapeAtOne, 0, 'f', 1)
                   .arg(f.heldOutMapeAtConstant, 0, 'f', 1)
                   .arg(f.constant, 0, 'f', 2)
                   .arg(f.convConstant, 0, 'f', 2);
    }
    return out;
}

int runValidate(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Run the predictor over every measured row in the project's data/ folder and print the mean\n"
        "absolute percentage error per GPU, model family and op class, next to NeuSight's, Habitat's,\n"
        "roofline's and Li et al.'s errors where the data has them; leave-one-GPU-out end-to-end error\n"
        "with the kernel models fitted without each GPU (data/predictor/loo/).\n"
        "Sets: e2e (NeuSight e2e_measured.csv), dle (DeepLearningExamples ConvNets), ops (model_ops_measured.csv),\n"
        "kernels (NeuSight kernel test split), measured (data/measured/*/latency.csv, source=measured),\n"
        "llm (data/llm published LLM decode rows per runtime family and weight format, leave-one-GPU-out).\n"
        "The data folder is $INFERSIGHT_DATA_DIR, else the installed share/infersight/data, else the source tree's data/."));
    parser.addHelpOption();
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print one JSON object (summary and every row)."));
    const QCommandLineOption onlyOption(QStringLiteral("only"),
                                        QStringLiteral("Comma-separated sets to run: e2e, dle, ops, kernels, measured, llm."),
                                        QStringLiteral("SETS"));
    const QCommandLineOption syntheticOption(
        QStringLiteral("include-synthetic"),
        QStringLiteral("Also validate this harness CSV, synthetic rows included (for testing the pipeline only)."),
        QStringLiteral("FILE"));
    const QCommandLineOption noLooOption(QStringLiteral("no-loo"), QStringLiteral("Skip the leave-one-GPU-out predictions."));
    const QCommandLineOption fitHostOption(
        QStringLiteral("fit-host"),
        QStringLiteral("Refit the eager host-overhead parameters on the DLE V100 rows and print them (no report)."));
    const QCommandLineOption fitHostScaleOption(
        QStringLiteral("fit-host-scale"),
        QStringLiteral("Fit the host time scale of each measured system in the host catalogue on its batch-1 host-bound\n"
                       "rows of data/measured, with leave-one-family-out fits, and print them (no report)."));
    const QCommandLineOption fitFp32IssueOption(
        QStringLiteral("fit-fp32-issue"),
        QStringLiteral("Fit the kernel model's wide-issue FP32 factors (GEMMs, convolutions) on the GPU-bound FP32 rows of\n"
                       "data/measured of GPUs with 32 FP32 lanes per issue slot, with leave-one-family-out fits, and print\n"
                       "them (no report)."));
    const QCommandLineOption fitEnergyOption(
        QStringLiteral("fit-energy"),
        QStringLiteral("Fit the energy model's constants on the average power of the data/measured rows of the H100 (the\n"
                       "other measured GPUs held out) and print them (no report)."));
    const QCommandLineOption fitBandsOption(
        QStringLiteral("fit-bands"),
        QStringLiteral("Print the system term that makes the 80 % band cover 80 % of the e2e and of the DLE rows (no report)."));
    const QCommandLineOption dataOption(QStringLiteral("data"), QStringLiteral("Data folder (default: see above)."),
                                        QStringLiteral("DIR"));
    const QCommandLineOption markdownOption(
        QStringLiteral("markdown"),
        QStringLiteral("Write the report into FILE between its '<!-- validate:begin -->' and '<!-- validate:end -->' "
                       "lines (the rest of FILE is kept; a new FILE gets a header). docs/accuracy.md is made this way."),
        QStringLiteral("FILE"));
    parser.addOptions({jsonOption, markdownOption, onlyOption, syntheticOption, noLooOption, fitHostOption, fitHostScaleOption,
                       fitFp32IssueOption, fitEnergyOption, fitBandsOption, dataOption});
    if (!parser.parse(arguments)) {
        printError(parser.errorText() + QStringLiteral(" (see validate --help)"));
        return ExitUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printOut(parser.helpText());
        return ExitOk;
    }
    if (!parser.positionalArguments().isEmpty()) {
        printError(QStringLiteral("validate takes no positional arguments (see validate --help)"));
        return ExitUsage;
    }
    ValidationOptions options;
    if (parser.isSet(dataOption)) {
        options.dataDir = parser.value(dataOption);
    }
    if (!QFileInfo(options.dataDir).isDir()) {
        printError(QStringLiteral("data folder %1 not found (set INFERSIGHT_DATA_DIR or --data)").arg(options.dataDir));
        return ExitFailure;
    }
    bool llm = true;  // the LLM section (data/llm, validate/llm_validation.h)
    if (parser.isSet(onlyOption)) {
        const QStringList sets = parser.value(onlyOption).split(QLatin1Char(','), Qt::SkipEmptyParts);
        options.e2e = options.dle = options.modelOps = options.kernels = options.measured = false;
        llm = false;
        for (const QString &s : sets) {
            const QString t = s.trimmed().toLower();
            if (t == QLatin1String("llm")) {
                llm = true;
            } else if (t == QLatin1String("e2e")) {
                options.e2e = true;
            } else if (t == QLatin1String("dle")) {
                options.dle = true;
            } else if (t == QLatin1String("ops")) {
                options.modelOps = true;
            } else if (t == QLatin1String("kernels")) {
                options.kernels = true;
            } else if (t == QLatin1String("measured")) {
                options.measured = true;
            } else {
                printError(QStringLiteral("--only: unknown set '%1' (e2e, dle, ops, kernels, measured, llm)").arg(s));
                return ExitUsage;
            }
        }
    }
    options.loo = !parser.isSet(noLooOption);
    for (const QString &f : parser.values(syntheticOption)) {
        if (!QFileInfo::exists(f)) {
            printError(QStringLiteral("--include-synthetic: %1 does not exist").arg(f));
            return ExitFailure;
        }
        options.extraMeasuredFiles << f;
        options.measured = true;
    }
    if (parser.isSet(fitHostOption)) {
        Result<HostFit> fit = fitEagerHostOverhead(options);
        if (!fit) {
            printError(fit.errorMessage());
            return ExitFailure;
        }
        printOut(hostFitText(*fit));
        return ExitOk;
    }
    if (parser.isSet(fitHostScaleOption)) {
        Result<std::vector<HostScaleFit>> fits = fitMeasuredHostScales(options);
        if (!fits) {
            printError(fits.errorMessage());
            return ExitFailure;
        }
        printOut(hostScaleFitText(*fits));
        return ExitOk;
    }
    if (parser.isSet(fitFp32IssueOption)) {
        Result<Fp32IssueFit> fit = fitWideIssueFp32Efficiency(options);
        if (!fit) {
            printError(fit.errorMessage());
            return ExitFailure;
        }
        printOut(fp32IssueFitText(*fit));
        return ExitOk;
    }
    if (parser.isSet(fitEnergyOption)) {
        Result<EnergyFit> fit = fitEnergyParameters(options);
        if (!fit) {
            printError(fit.errorMessage());
            return ExitFailure;
        }
        printOut(energyFitText(*fit));
        return ExitOk;
    }
    if (parser.isSet(fitBandsOption)) {
        options.kernels = options.modelOps = options.measured = false;
        options.e2e = options.dle = true;
        Result<ValidationResult> r = runValidation(options);
        if (!r) {
            printError(r.errorMessage());
            return ExitFailure;
        }
        printOut(bandFitText(*r));
        return ExitOk;
    }
    QElapsedTimer timer;
    timer.start();
    const bool onlyLlm = llm && !options.e2e && !options.dle && !options.modelOps && !options.kernels && !options.measured;
    std::optional<LlmValidation> llmResult;
    if (llm) {
        Result<LlmValidation> v = validateLlm(options.dataDir);
        if (!v) {
            printError(v.errorMessage());
            return ExitFailure;
        }
        llmResult = std::move(*v);
    }
    if (onlyLlm) {
        if (parser.isSet(jsonOption)) {
            printOut(QString::fromUtf8(QJsonDocument(llmValidationJson(*llmResult)).toJson(QJsonDocument::Compact)) +
                     QLatin1Char('\n'));
        } else {
            printOut(llmValidationMarkdown(*llmResult));
            printOut(QStringLiteral("\n(validated in %1 s)\n").arg(timer.elapsed() / 1000.0, 0, 'f', 1));
        }
        return ExitOk;
    }
    Result<ValidationResult> result = runValidation(options);
    if (!result) {
        printError(result.errorMessage());
        return ExitFailure;
    }
    if (parser.isSet(markdownOption)) {
        const QString path = parser.value(markdownOption);
        Status written = writeMarkdownSection(
            path, validationMarkdown(*result) + (llmResult ? QStringLiteral("\n") + llmValidationMarkdown(*llmResult) : QString()));
        if (!written) {
            printError(written.errorMessage());
            return ExitFailure;
        }
        printOut(QStringLiteral("wrote the validation report into %1 (validated in %2 s)\n")
                     .arg(path)
                     .arg(timer.elapsed() / 1000.0, 0, 'f', 1));
    } else if (parser.isSet(jsonOption)) {
        QJsonObject json = validationJson(*result);
        if (llmResult) {
            json.insert(QStringLiteral("llm"), llmValidationJson(*llmResult));
        }
        printOut(QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact)) + QLatin1Char('\n'));
    } else {
        printOut(validationMarkdown(*result));
        if (llmResult) {
            printOut(QStringLiteral("\n") + llmValidationMarkdown(*llmResult));
        }
        printOut(QStringLiteral("\n(validated in %1 s)\n").arg(timer.elapsed() / 1000.0, 0, 'f', 1));
    }
    return ExitOk;
}

const bool registered = registerCommand(
    {QStringLiteral("validate"), QStringLiteral("Accuracy of the predictor on every measured row in data/"), &runValidate});

}  // namespace

}  // namespace infersight::cli
