// SPDX-License-Identifier: MIT
// The PDF report (ui/report/pdf_report.h) and the table export (ui/report/table_export.h), from the
// API and from `infersight-cli report` run as a user runs it (a child process with no display).
// The PDF is read back with poppler's tools, as a reader's viewer would see it: pdfinfo (pages,
// page size), pdftotext (model name, GPU names, the summary figures, the charts' axis titles: text
// that is only there when the charts are drawn as vectors) and pdftoppm (no blank page).
// Expected figures: predict() of the core API run in the test (the engine's numbers), formatted as
// the GUI formats them (charts/chart_format.h); page sizes from ISO 216 (A4 210 x 297 mm =
// 595.276 x 841.89 pt) and ANSI Letter (8.5 x 11 in = 612 x 792 pt).
#include "charts/chart_format.h"
#include "design/design.h"
#include "hardware/gpu_catalogue.h"
#include "hardware/target.h"
#include "predict/predictor.h"
#include "predict/weight_format.h"
#include "report/pdf_report.h"
#include "report/validation_report.h"
#include "report/report_pages.h"
#include "report/report_session.h"
#include "report/report_table.h"
#include "report/table_export.h"
#include "session/explorer_session.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonObject>
#include <QPainter>
#include <QPdfWriter>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace infersight;



namespace {

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run runProcess(const QString &program, const QStringList &arguments, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
               int timeoutMs = 240000) {
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(program, arguments);
    Run r;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        r.err = QStringLiteral("%1 did not finish").arg(program);
        return r;
    }
    r.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    r.out = QString::fromUtf8(process.readAllStandardOutput());
    r.err = QString::fromUtf8(process.readAllStandardError());
    return r;
}

// Whitespace collapsed to single spaces (a table cell may wrap onto two lines).
QString squeezed(const QString &text) { return text.simplified(); }

QString pdfText(const QString &pdf, int page = 0, bool layout = false) {
    QStringList args;
    if (layout) {
        args << QStringLiteral("-layout");
    }
    if (page > 0) {
        args << QStringLiteral("-f") << QString::number(page) << QStringLiteral("-l") << QString::number(page);
    }
    args << pdf << QStringLiteral("-");
    return runProcess(QStringLiteral("pdftotext"), args).out;
}

int pdfPages(const QString &pdf) {
    const QString info = runProcess(QStringLiteral("pdfinfo"), {pdf}).out;
    const auto m = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(info);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

QSizeF pdfPageSizePt(const QString &pdf) {
    const QString info = runProcess(QStringLiteral("pdfinfo"), {pdf}).out;
    const auto m = QRegularExpression(QStringLiteral("Page size:\\s+([\\d.]+) x ([\\d.]+) pts")).match(info);
    return m.hasMatch() ? QSizeF(m.captured(1).toDouble(), m.captured(2).toDouble()) : QSizeF();
}

// Share of pixels that are not (near) white.
double inkShare(const QImage &image) {
    qint64 ink = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            if (qGray(image.pixel(x, y)) < 235) {
                ++ink;
            }
        }
    }
    return static_cast<double>(ink) / (static_cast<double>(image.width()) * image.height());
}

QString cliPath() { return QStringLiteral(INFERSIGHT_BINARY_DIR "/bin/infersight-cli"); }

}  // namespace

class TestPdfReport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void headlessResultsEqualTheSessions();
    void migPlansUseTheLlmWeights();
    void apiReport_data();
    void apiReport();
    void cliReport_data();
    void cliReport();
    void cliErrors_data();
    void cliErrors();
    void tableBreaksWithRepeatedHeader();
    void tablesExport();

private:
    std::shared_ptr<const ValidationResult> m_accuracy;
    QTemporaryDir m_dir;
    GpuCatalogue m_catalogue = GpuCatalogue::builtIn();
};

void TestPdfReport::initTestCase() {
    QVERIFY(m_dir.isValid());
    qputenv(GpuCatalogue::kConfigDirEnv, m_dir.path().toLocal8Bit());  // no user GPUs of this machine (inherited by the CLI)
    for (const char *tool : {"pdftotext", "pdfinfo", "pdftoppm"}) {
        QVERIFY2(!QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty(), tool);
    }
    // The validation run behind the accuracy pages (computed once, shared; the CLI runs its own).
    auto v = reportAccuracy();
    QVERIFY2(v.ok(), qPrintable(v.ok() ? QString() : v.errorMessage()));
    m_accuracy = *v;
}

void TestPdfReport::headlessResultsEqualTheSessions() {
    // The CLI's results (computeSessionResults) and the explorer session's (what File > Export
    // Report… writes) for the same model, knobs and targets: equal figures, equal report tables.
    const QString source = QStringLiteral("zoo:resnet18");
    Knobs knobs;
    knobs.batch = 8;
    knobs.precision = Precision::FP16;
    ExplorerSession session;
    ProjectTarget a100;
    a100.gpu = QStringLiteral("a100-sxm4-80gb");
    ProjectTarget t4;
    t4.gpu = QStringLiteral("t4");
    QVERIFY(session.resetTargets({a100, t4}));
    QSignalSpy loaded(&session, &ExplorerSession::loaded);
    session.open(source, {}, knobs);
    QVERIFY(QTest::qWaitFor([&] { return !loaded.isEmpty(); }, 120000));
    QVERIFY(QTest::qWaitFor([&] { return !session.isPredicting() && session.results() && session.results()->complete(); }, 120000));
    const auto gui = session.results();

    auto design = Design::open(source, knobs);
    QVERIFY(design.ok());
    std::vector<ResolvedTarget> targets;
    for (const QString &id : {a100.gpu, t4.gpu}) {
        auto t = resolveTarget(m_catalogue, id);
        QVERIFY(t.ok());
        targets.push_back(reportTarget(*t, static_cast<int>(targets.size())));
    }
    auto headless = computeSessionResults(std::make_shared<const Design>(std::move(design).value()), targets);
    QVERIFY(headless.ok());
    const SessionResults &cli = **headless;
    QCOMPARE(cli.targets.size(), gui->targets.size());
    QCOMPARE(cli.knobs, gui->knobs);
    for (std::size_t i = 0; i < cli.targets.size(); ++i) {
        const TargetResult &c = cli.targets[i];
        const TargetResult &g = gui->targets[i];
        QCOMPARE(c.key, g.key);
        QCOMPARE(c.colour, g.colour);
        QVERIFY(c.ok() && g.ok());
        QCOMPARE(c.current->latencyMs, g.current->latencyMs);
        QCOMPARE(c.current->energyJ, g.current->energyJ);
        QCOMPARE(c.current->memory.deviceUsedBytes, g.current->memory.deviceUsedBytes);
        QVERIFY(c.batchSweep == g.batchSweep);
        QVERIFY(c.energyLatency == g.energyLatency);
        QCOMPARE(layerTable(cli, static_cast<int>(i), 0).csv(), layerTable(*gui, static_cast<int>(i), 0).csv());
    }
    QCOMPARE(summaryTable(cli).csv(), summaryTable(*gui).csv());

    // The GUI's export path: the session's results straight into the PDF.
    ReportOptions options;
    options.accuracy = m_accuracy;
    options.graph = false;
    const QString path = m_dir.filePath(QStringLiteral("session.pdf"));
    auto written = writePdfReport(*gui, options, path);
    QVERIFY2(written.ok(), qPrintable(written.ok() ? QString() : written.errorMessage()));
    const QString text = squeezed(pdfText(path));
    for (const TargetResult &t : cli.targets) {
        const QString latency = squeezed(formatMsBand(t.current->latencyMs, t.current->bandLowMs, t.current->bandHighMs));
        QVERIFY2(text.contains(latency), qPrintable(latency));
    }
}

// The report's MIG plans (the PDF's and the table export's) predict a decoder LLM with the session's
// weight format, as the explorer's summary and `mig --weights` do: 4-bit weights make the decode
// step on the whole H100 faster than the same results planned without them (fp16 weights). On the
// fused runtime (vLLM): HF generate's OPT-1.3B step is host-bound on an H100.
void TestPdfReport::migPlansUseTheLlmWeights() {
    Knobs knobs;
    knobs.precision = Precision::FP16;
    knobs.phase = DecoderPhase::Decode;
    knobs.context = 2000;
    knobs.runtime = Runtime::Fused;
    ExplorerSession session;
    ProjectTarget h100;
    h100.gpu = QStringLiteral("h100-sxm5-80gb");
    QVERIFY(session.resetTargets({h100}));
    QSignalSpy loaded(&session, &ExplorerSession::loaded);
    session.open(QStringLiteral("zoo:opt-1.3b"), {}, knobs);
    QVERIFY(QTest::qWaitFor([&] { return !loaded.isEmpty(); }, 120000));
    QVERIFY(session.setWeightFormat(WeightFormat::W4A16));
    QVERIFY(QTest::qWaitFor([&] { return !session.isPredicting() && session.results() && session.results()->complete(); }, 120000));
    const auto results = session.results();
    QVERIFY(results->llmServing.has_value());
    const std::vector<MigPlan> plans = reportMigPlans(*results, {});
    QCOMPARE(static_cast<int>(plans.size()), 1);
    SessionResults without = *results;
    without.llmServing.reset();
    const std::vector<MigPlan> fp16 = reportMigPlans(without, {});
    QCOMPARE(static_cast<int>(fp16.size()), 1);
    const double w4 = plans[0].options.at(0).latencyMs;
    const double w16 = fp16[0].options.at(0).latencyMs;
    QVERIFY2(w4 < 0.8 * w16, qPrintable(QStringLiteral("w4a16 %1 ms, fp16 %2 ms").arg(w4).arg(w16)));
}

void TestPdfReport::apiReport_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QStringList>("gpus");
    QTest::addColumn<QPageSize::PageSizeId>("page");
    QTest::addColumn<QSizeF>("pagePt");
    QTest::addColumn<int>("batch");
    // An ONNX fixture (tests/fixtures/onnx, torchvision's resnet18 exported) and a zoo model; two
    // targets each, one of them with MIG profiles (a plan page).
    QTest::newRow("onnx resnet18, A4") << QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx/resnet18.onnx") << QStringLiteral("resnet18")
                                       << QStringList{QStringLiteral("a100-sxm4-80gb"), QStringLiteral("t4")} << QPageSize::A4
                                       << QSizeF(595.276, 841.89) << 8;
    QTest::newRow("zoo mobilenet_v2, Letter") << QStringLiteral("zoo:mobilenet_v2") << QStringLiteral("mobilenet_v2")
                                              << QStringList{QStringLiteral("h100-sxm5-80gb"), QStringLiteral("l4")} << QPageSize::Letter
                                              << QSizeF(612, 792) << 32;
}

void TestPdfReport::apiReport() {
    QFETCH(QString, source);
    QFETCH(QString, model);
    QFETCH(QStringList, gpus);
    QFETCH(QPageSize::PageSizeId, page);
    QFETCH(QSizeF, pagePt);
    QFETCH(int, batch);

    Knobs knobs;
    knobs.batch = batch;
    auto design = Design::open(source, knobs);
    QVERIFY2(design.ok(), qPrintable(design.ok() ? QString() : design.errorMessage()));
    auto shared = std::make_shared<const Design>(std::move(design).value());
    std::vector<ResolvedTarget> targets;
    std::vector<Target> plain;
    for (const QString &gpu : gpus) {
        auto t = resolveTarget(m_catalogue, gpu);
        QVERIFY(t.ok());
        plain.push_back(*t);
        targets.push_back(reportTarget(*t, static_cast<int>(targets.size())));
    }
    auto results = computeSessionResults(shared, targets);
    QVERIFY2(results.ok(), qPrintable(results.ok() ? QString() : results.errorMessage()));
    QVERIFY((*results)->complete());

    ReportOptions options;
    options.pageSize = page;
    options.accuracy = m_accuracy;
    const QString path = m_dir.filePath(QStringLiteral("api-%1.pdf").arg(model));
    auto written = writePdfReport(**results, options, path);
    QVERIFY2(written.ok(), qPrintable(written.ok() ? QString() : written.errorMessage()));
    QVERIFY(written->skipped.isEmpty());
    // 4 charts over all targets + breakdown and roofline per target.
    QCOMPARE(written->charts, 4 + 2 * static_cast<int>(gpus.size()));

    // Pages: title, summary and 4 charts (2-3), per target 2 charts and the layer table (2 each),
    // the MIG plan, the graph (1-4), accuracy (2-3).
    const int pages = pdfPages(path);
    QCOMPARE(pages, written->pages);
    QVERIFY2(pages >= 10 && pages <= 24, qPrintable(QString::number(pages)));
    const QSizeF size = pdfPageSizePt(path);
    QVERIFY2(std::abs(size.width() - pagePt.width()) < 1 && std::abs(size.height() - pagePt.height()) < 1,
             qPrintable(QStringLiteral("%1 x %2").arg(size.width()).arg(size.height())));

    const QString text = squeezed(pdfText(path));
    QVERIFY2(text.contains(model), qPrintable(model));
    for (std::size_t i = 0; i < plain.size(); ++i) {
        QVERIFY2(text.contains(plain[i].label()), qPrintable(plain[i].label()));
        // The engine's figures for this target, formatted as the GUI's summary formats them.
        auto p = predict(shared->graph(), plain[i], shared->knobs());
        QVERIFY(p.ok());
        const QString latency = squeezed(formatMsBand(p->latencyMs, p->bandLowMs, p->bandHighMs));
        QVERIFY2(text.contains(latency), qPrintable(latency));
        const QString throughput = squeezed(formatPerSecond(p->throughputPerS, QStringLiteral("samples/s")));
        QVERIFY2(text.contains(throughput), qPrintable(throughput));
        QVERIFY2(text.contains(squeezed(formatJoules(p->energyJ))), qPrintable(formatJoules(p->energyJ)));
    }
    // Axis titles of every chart kind: text, so the charts are vector drawings, not pictures.
    for (const QString &axis : {QStringLiteral("Batch size (samples, log scale)"), QStringLiteral("Throughput (samples/s)"),
                                QStringLiteral("Energy per inference (J/sample, log scale)"),
                                QStringLiteral("Predicted time per node (ms)"),
                                QStringLiteral("Arithmetic intensity (FLOP per DRAM byte, log scale)")}) {
        QVERIFY2(text.contains(axis), qPrintable(axis));
    }
    for (const QString &section : {QStringLiteral("MIG and MPS plan"), QStringLiteral("Graph"), QStringLiteral("Accuracy by data set"),
                                   QStringLiteral("Kernel model")}) {
        QVERIFY2(text.contains(section), qPrintable(section));
    }

    // The accuracy page has validate's figures (report/validation_report.h: what `infersight-cli
    // validate --json` prints): per data set its rows and MAPE on one table line.
    const QStringList layoutLines = pdfText(path, 0, true).split(QLatin1Char('\n'));
    const QJsonObject validated = validationJson(*m_accuracy).value(QStringLiteral("summary")).toObject();
    for (const QString &set : {QStringLiteral("e2e"), QStringLiteral("dle")}) {
        const QJsonObject figures = validated.value(set).toObject();
        QVERIFY2(figures.value(QStringLiteral("rows")).toInt() > 0, qPrintable(set));
        const QRegularExpression line(QStringLiteral("^\\s*%1\\s.*\\s%2\\s+\\d+\\s+%3 %")
                                          .arg(QRegularExpression::escape(set))
                                          .arg(figures.value(QStringLiteral("rows")).toInt())
                                          .arg(QRegularExpression::escape(QLocale().toString(figures.value(QStringLiteral("mape")).toDouble(), 'f', 1))));
        QVERIFY2(!layoutLines.filter(line).isEmpty(), qPrintable(line.pattern()));
    }

    // Every page has something drawn on it.
    const QString prefix = m_dir.filePath(QStringLiteral("page-%1").arg(model));
    const Run ppm = runProcess(QStringLiteral("pdftoppm"), {QStringLiteral("-r"), QStringLiteral("24"), QStringLiteral("-png"), path, prefix});
    QCOMPARE(ppm.exitCode, 0);
    const QStringList images = QDir(m_dir.path()).entryList({QStringLiteral("page-%1*.png").arg(model)}, QDir::Files, QDir::Name);
    QCOMPARE(images.size(), pages);
    for (const QString &name : images) {
        const QImage image(m_dir.filePath(name));
        QVERIFY(!image.isNull());
        QVERIFY2(inkShare(image) > 0.01, qPrintable(QStringLiteral("%1 is (nearly) blank: %2").arg(name).arg(inkShare(image))));
    }
}

void TestPdfReport::cliReport_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QSizeF>("pagePt");
    QTest::newRow("onnx, letter") << QStringList{QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx/resnet18.onnx"), QStringLiteral("--gpus"),
                                                 QStringLiteral("a100-sxm4-40gb,v100-pcie-32gb"), QStringLiteral("--batch"),
                                                 QStringLiteral("4"), QStringLiteral("--page"), QStringLiteral("letter"),
                                                 QStringLiteral("--plan-profiles"), QStringLiteral("1g.5gb,3g.20gb")}
                                  << QStringList{QStringLiteral("resnet18"), QStringLiteral("A100-SXM4-40GB"),
                                                 QStringLiteral("V100-PCIE-32GB"), QStringLiteral("MIG 1g.5gb"),
                                                 QStringLiteral("MIG 3g.20gb")}
                                  << QSizeF(612, 792);
    QTest::newRow("MIG slices") << QStringList{QStringLiteral("zoo:resnet18"), QStringLiteral("--gpus"),
                                               QStringLiteral("a100-sxm4-80gb,h100-sxm5-80gb"), QStringLiteral("--mig"),
                                               QStringLiteral("1g.10gb")}
                                << QStringList{QStringLiteral("A100-SXM4-80GB MIG 1g.10gb"), QStringLiteral("H100 SXM MIG 1g.10gb"),
                                               QStringLiteral("MIG and MPS plan for A100-SXM4-80GB"),
                                               QStringLiteral("MIG and MPS plan for H100 SXM")}
                                << QSizeF(595.276, 841.89);
    // The title page names each target's host system: the GPU's usual one (hosts.json: the A100
    // SXM sits in a DGX A100), or the one --host chose for every target.
    QTest::newRow("default hosts") << QStringList{QStringLiteral("zoo:resnet18"), QStringLiteral("--gpus"), QStringLiteral("a100-sxm4-40gb,t4"),
                                                  QStringLiteral("--no-graph")}
                                   << QStringList{QStringLiteral("Host systems"), QStringLiteral("NVIDIA DGX A100 (dgx-a100)")}
                                   << QSizeF(595.276, 841.89);
    QTest::newRow("--host") << QStringList{QStringLiteral("zoo:resnet18"), QStringLiteral("--gpus"), QStringLiteral("a100-sxm4-40gb,t4"),
                                           QStringLiteral("--host"), QStringLiteral("dgx-1"), QStringLiteral("--no-graph")}
                            << QStringList{QStringLiteral("Host systems"), QStringLiteral("A100-SXM4-40GB: NVIDIA DGX-1 (V100) (dgx-1), chosen"),
                                           QStringLiteral("T4: NVIDIA DGX-1 (V100) (dgx-1), chosen")}
                            << QSizeF(595.276, 841.89);
    QTest::newRow("zoo, a4") << QStringList{QStringLiteral("zoo:resnet50"), QStringLiteral("--gpus"), QStringLiteral("h100-sxm5-80gb,t4"),
                                            QStringLiteral("--precision"), QStringLiteral("fp16"), QStringLiteral("--no-graph")}
                             << QStringList{QStringLiteral("resnet50"), QStringLiteral("H100 SXM"), QStringLiteral("T4"),
                                            QStringLiteral("fp16")}
                             << QSizeF(595.276, 841.89);
}

void TestPdfReport::cliReport() {
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, expected);
    QFETCH(QSizeF, pagePt);
    // As on a server: no display, no platform chosen.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    const QString path = m_dir.filePath(QStringLiteral("cli-%1.pdf").arg(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_'))));
    const Run r = runProcess(cliPath(), QStringList{QStringLiteral("report")} + arguments + QStringList{QStringLiteral("-o"), path}, env);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains(QStringLiteral("pages")), qPrintable(r.out));
    QVERIFY(QFileInfo::exists(path));
    const int pages = pdfPages(path);
    QVERIFY2(pages >= 8 && pages <= 24, qPrintable(QString::number(pages)));
    const QSizeF size = pdfPageSizePt(path);
    QVERIFY2(std::abs(size.width() - pagePt.width()) < 1 && std::abs(size.height() - pagePt.height()) < 1,
             qPrintable(QStringLiteral("%1 x %2").arg(size.width()).arg(size.height())));
    const QString text = squeezed(pdfText(path));
    for (const QString &e : expected) {
        QVERIFY2(text.contains(e), qPrintable(e));
    }
    QVERIFY(text.contains(QStringLiteral("Latency per forward pass (ms, log scale)")));
}

void TestPdfReport::cliErrors_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString model = QStringLiteral(INFERSIGHT_FIXTURES_DIR "/onnx/resnet18.onnx");
    QTest::newRow("no output") << QStringList{model, QStringLiteral("--gpus"), QStringLiteral("t4")} << 2 << QStringLiteral("-o FILE.pdf");
    QTest::newRow("no gpus") << QStringList{model, QStringLiteral("-o"), QStringLiteral("@OUT@")} << 2 << QStringLiteral("--gpus");
    QTest::newRow("five gpus") << QStringList{model, QStringLiteral("--gpus"), QStringLiteral("t4,l4,a10,a40,p4"), QStringLiteral("-o"),
                                              QStringLiteral("@OUT@")}
                               << 2 << QStringLiteral("1 to 4");
    QTest::newRow("bad page") << QStringList{model, QStringLiteral("--gpus"), QStringLiteral("t4"), QStringLiteral("--page"),
                                             QStringLiteral("a5"), QStringLiteral("-o"), QStringLiteral("@OUT@")}
                              << 2 << QStringLiteral("a4 or letter");
    QTest::newRow("unknown gpu") << QStringList{model, QStringLiteral("--gpus"), QStringLiteral("gtx-9999"), QStringLiteral("-o"),
                                                QStringLiteral("@OUT@")}
                                 << 1 << QStringLiteral("gtx-9999");
    QTest::newRow("GPU without the slice") << QStringList{model, QStringLiteral("--gpus"), QStringLiteral("a100-sxm4-80gb,t4"),
                                                          QStringLiteral("--mig"), QStringLiteral("1g.10gb"), QStringLiteral("-o"),
                                                          QStringLiteral("@OUT@")}
                                           << 1 << QStringLiteral("1g.10gb");
    QTest::newRow("missing model") << QStringList{QStringLiteral("/nonexistent/model.onnx"), QStringLiteral("--gpus"), QStringLiteral("t4"),
                                                  QStringLiteral("-o"), QStringLiteral("@OUT@")}
                                   << 1 << QStringLiteral("/nonexistent/model.onnx");
    QTest::newRow("missing folder") << QStringList{model, QStringLiteral("--gpus"), QStringLiteral("t4"), QStringLiteral("-o"),
                                                   QStringLiteral("/nonexistent/folder/r.pdf")}
                                    << 1 << QStringLiteral("/nonexistent/folder");
}

void TestPdfReport::cliErrors() {
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const QString out = m_dir.filePath(QStringLiteral("error.pdf"));
    arguments.replaceInStrings(QStringLiteral("@OUT@"), out);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.remove(QStringLiteral("DISPLAY"));
    const Run r = runProcess(cliPath(), QStringList{QStringLiteral("report")} + arguments, env);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    // One clear line (Qt may add its own warnings, e.g. about XDG_RUNTIME_DIR, on other lines).
    QCOMPARE(r.err.split(QLatin1Char('\n')).filter(QRegularExpression(QStringLiteral("^infersight-cli: "))).size(), 1);
    QVERIFY(!QFileInfo::exists(out));             // nothing written on failure
}

void TestPdfReport::tableBreaksWithRepeatedHeader() {
    // 150 rows cannot fit on one page: every page after the first repeats the title and header, and
    // every row appears exactly once (none cut at a page edge, none lost).
    ReportTable table;
    table.name = QStringLiteral("long");
    table.title = QStringLiteral("Long table");
    table.columns = {{QStringLiteral("Row label"), QStringLiteral("row"), false, false},
                     {QStringLiteral("Value column"), QStringLiteral("value"), true, false},
                     {QStringLiteral("Hidden"), QStringLiteral("hidden"), true, true}};
    constexpr int kRows = 150;
    for (int i = 1; i <= kRows; ++i) {
        table.rows.push_back({{QStringLiteral("row%1x").arg(i, 3, 10, QLatin1Char('0')), std::nullopt},
                              ReportCell::number(i * 1.5, QString::number(i * 1.5)),
                              ReportCell::number(i, QStringLiteral("hiddenvalue%1").arg(i))});
    }
    const QString path = m_dir.filePath(QStringLiteral("long-table.pdf"));
    {
        QPdfWriter writer(path);
        writer.setResolution(96);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter painter(&writer);
        ReportPages pages(writer, painter, QStringLiteral("footer"));
        pages.paragraph(QStringLiteral("Before the table."));
        pages.table(table);
        QVERIFY(pages.pageCount() >= 3);
        painter.end();
    }
    const int pages = pdfPages(path);
    QVERIFY2(pages >= 3, qPrintable(QString::number(pages)));
    QMap<QString, int> seen;
    for (int page = 1; page <= pages; ++page) {
        const QString text = pdfText(path, page);
        QVERIFY2(text.contains(QStringLiteral("Row label")) && text.contains(QStringLiteral("Value column")), qPrintable(text.left(300)));
        QVERIFY(!text.contains(QStringLiteral("hiddenvalue")));  // CSV-only columns stay out of the PDF
        if (page > 1) {
            QVERIFY2(text.contains(QStringLiteral("Long table (continued)")), qPrintable(text.left(300)));
        }
        for (const auto &m : QRegularExpression(QStringLiteral("row(\\d{3})x")).globalMatch(text)) {
            ++seen[m.captured(1)];
        }
    }
    QCOMPARE(seen.size(), kRows);
    for (auto it = seen.begin(); it != seen.end(); ++it) {
        QVERIFY2(it.value() == 1, qPrintable(it.key()));
    }
    // The CSV has every column, numbers unformatted.
    const QStringList lines = table.csv().split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), kRows + 1);
    QCOMPARE(lines.front(), QStringLiteral("row,value,hidden"));
    QCOMPARE(lines.at(2), QStringLiteral("row002x,3,2"));
}

void TestPdfReport::tablesExport() {
    auto design = Design::open(QStringLiteral("zoo:resnet18"));
    QVERIFY(design.ok());
    auto shared = std::make_shared<const Design>(std::move(design).value());
    auto a100 = resolveTarget(m_catalogue, QStringLiteral("a100-sxm4-80gb"));
    auto t4 = resolveTarget(m_catalogue, QStringLiteral("t4"));
    QVERIFY(a100.ok() && t4.ok());
    auto results = computeSessionResults(shared, {reportTarget(*a100, 0), reportTarget(*t4, 1)});
    QVERIFY(results.ok());
    const QString folder = m_dir.filePath(QStringLiteral("tables/sub"));  // created on the way
    auto written = exportTables(**results, folder);
    QVERIFY2(written.ok(), qPrintable(written.ok() ? QString() : written.errorMessage()));
    QStringList names;
    for (const QString &p : *written) {
        names << QFileInfo(p).fileName();
    }
    QCOMPARE(names, (QStringList{QStringLiteral("summary.csv"), QStringLiteral("layers-a100-sxm4-80gb.csv"),
                                 QStringLiteral("batch-sweep-a100-sxm4-80gb.csv"), QStringLiteral("energy-latency-a100-sxm4-80gb.csv"),
                                 QStringLiteral("layers-t4.csv"), QStringLiteral("batch-sweep-t4.csv"),
                                 QStringLiteral("energy-latency-t4.csv"), QStringLiteral("mig-plan-a100-sxm4-80gb.csv")}));

    // summary.csv: the engine's latency in full precision.
    QFile summary(QDir(folder).filePath(QStringLiteral("summary.csv")));
    QVERIFY(summary.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(summary.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QVERIFY(lines.front().startsWith(QStringLiteral("target,latency_ms,band_low_ms,band_high_ms,throughput_per_s")));
    const QStringList a100Row = lines.at(1).split(QLatin1Char(','));
    QCOMPARE(a100Row.at(0), a100->label());
    auto p = predict(shared->graph(), *a100, shared->knobs());
    QVERIFY(p.ok());
    const double latency = a100Row.at(1).toDouble();
    QVERIFY2(std::abs(latency - p->latencyMs) <= 1e-9 * p->latencyMs, qPrintable(QStringLiteral("%1 vs %2").arg(latency).arg(p->latencyMs)));

    // The batch sweep has one row per sweep batch (1 .. 1024, two per octave).
    QFile sweep(QDir(folder).filePath(QStringLiteral("batch-sweep-t4.csv")));
    QVERIFY(sweep.open(QIODevice::ReadOnly));
    const int sweepRows = static_cast<int>(QString::fromUtf8(sweep.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts).size()) - 1;
    QCOMPARE(sweepRows, static_cast<int>((*results)->sweepBatches.size()));

    // Results whose sweeps are still being computed are not exported (neither as PDF nor as CSV).
    SessionResults partial = **results;
    partial.stage = SessionResults::Stage::Current;
    auto notYet = exportTables(partial, m_dir.filePath(QStringLiteral("partial")));
    QVERIFY(!notYet.ok());
    QVERIFY2(notYet.errorMessage().contains(QStringLiteral("still being computed")), qPrintable(notYet.errorMessage()));
    auto notYetPdf = writePdfReport(partial, ReportOptions{}, m_dir.filePath(QStringLiteral("partial.pdf")));
    QVERIFY(!notYetPdf.ok());
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("partial.pdf"))));

    // Errors name the folder.
    QFile blocker(m_dir.filePath(QStringLiteral("a-file")));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    auto failed = exportTables(**results, m_dir.filePath(QStringLiteral("a-file/sub")));
    QVERIFY(!failed.ok());
    QVERIFY2(failed.errorMessage().contains(QStringLiteral("a-file")), qPrintable(failed.errorMessage()));
}

QTEST_MAIN(TestPdfReport)
#include "test_pdf_report.moc"
