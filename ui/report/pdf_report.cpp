// SPDX-License-Identifier: MIT
#include "report/pdf_report.h"

#include "charts/chart_base.h"
#include "charts/chart_format.h"
#include "charts/chart_session.h"
#include "graph/graph_colouring.h"
#include "graph/graph_layout_runner.h"
#include "graph/graph_legend.h"
#include "graph/graph_scene.h"
#include "graph/node_cost.h"
#include "mig/mig_planner_panel.h"
#include "predict/kernel_model.h"
#include "report/report_pages.h"
#include "report/report_table.h"
#include "report/report_text.h"

#include "base/file_io.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QLocale>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>

#include <algorithm>
#include <cmath>
#include <mutex>

namespace infersight {

namespace {


constexpr int kPdfResolution = 96;          // device units = screen pixels: charts lay out as on screen
constexpr double kChartAspect = 0.58;       // height / width of a chart
constexpr int kMaxGraphPages = 4;

QString modelNameOf(const Design &design) {
    const QString source = design.source();
    if (source.startsWith(QLatin1String("zoo:"))) {
        return source.mid(4);
    }
    const QFileInfo file(source);
    if (file.fileName().compare(QLatin1String("config.json"), Qt::CaseInsensitive) == 0) {
        return file.dir().dirName();
    }
    return file.completeBaseName().isEmpty() ? design.graph().name : file.completeBaseName();
}

QString kernelModelProvenance() {
    const KernelModel &km = KernelModel::builtIn();
    if (km.isEmpty()) {
        return ReportText::tr("no fitted kernel model (roofline only)");
    }
    const QJsonObject m = km.metadata();
    QStringList gpus;
    for (const QJsonValue &g : m.value(QStringLiteral("gpus")).toArray()) {
        gpus << g.toString();
    }
    QString text = ReportText::tr("fitted by %1, seed %2, on %3")
                       .arg(m.value(QStringLiteral("created_by")).toString(),
                            m.value(QStringLiteral("seed")).toVariant().toString(),
                            m.value(QStringLiteral("source")).toString());
    if (!gpus.isEmpty()) {
        text += QLatin1String("; ") + ReportText::tr("GPUs measured: %1").arg(gpus.join(QStringLiteral(", ")));
    }
    return text;
}

QString knobsText(const Design &design, const Knobs &knobs) {
    QStringList parts;
    parts << ReportText::tr("batch %1").arg(knobs.batch);
    const ShapeBindings &b = design.bindings();
    if (b.sequence > 0) {
        parts << ReportText::tr("sequence %1").arg(b.sequence);
    }
    if (b.height > 0 && b.width > 0) {
        parts << ReportText::tr("image %1×%2").arg(b.height).arg(b.width);
    }
    parts << ReportText::tr("precision %1").arg(precisionName(knobs.precision));
    parts << ReportText::tr("runtime %1").arg(runtimeName(knobs.runtime));
    if (knobs.phase == DecoderPhase::Decode) {
        parts << ReportText::tr("decode with %1 cached tokens").arg(knobs.context);
    }
    return parts.join(QStringLiteral(", "));
}

QString structureText(const Design &design) {
    QStringList parts;
    if (std::abs(design.widthMultiplier() - 1.0) > 1e-9) {
        parts << ReportText::tr("width ×%1").arg(QLocale().toString(design.widthMultiplier(), 'g', 3));
    }
    if (design.depth() >= 0) {
        parts << ReportText::tr("depth %1").arg(design.depth());
    }
    for (const DesignEdit &e : design.edits()) {
        parts << e.describe();
    }
    for (auto it = design.nodePrecisions().begin(); it != design.nodePrecisions().end(); ++it) {
        parts << ReportText::tr("%1 in %2").arg(it.key(), precisionName(it.value()));
    }
    return parts.isEmpty() ? ReportText::tr("as opened") : parts.join(QStringLiteral("; "));
}

// Draws the chart laid out at `scale` x the rectangle (smaller than 1: its text is relatively larger).
void drawChart(ChartKind kind, const std::shared_ptr<const ChartData> &data, int target, QPainter &painter,
               const QRectF &rect) {
    constexpr double kScale = 0.8;
    painter.save();
    painter.translate(rect.topLeft());
    painter.scale(kScale, kScale);
    renderChart(kind, data, target, painter, QRectF(QPointF(0, 0), rect.size() / kScale));
    painter.restore();
}

struct GraphPicture {
    std::unique_ptr<GraphScene> scene;
    GraphLegend legend;
    QString error;
};

// The graph in the GUI's starting view (repeated blocks collapsed), coloured by latency share on
// the selected target.
GraphPicture graphPicture(const SessionResults &results) {
    GraphPicture picture;
    GraphLayoutJob job;
    job.graph = results.design->sharedGraph();
    job.expansion = GraphLayoutJob::Expansion::Readable;
    LayoutCache cache;
    const GraphLayoutOutcome outcome = GraphLayoutRunner::run(job, cache);
    if (!outcome.ok()) {
        picture.error = outcome.error.isEmpty() ? ReportText::tr("the layout was cancelled") : outcome.error;
        return picture;
    }
    picture.scene = std::make_unique<GraphScene>();
    picture.scene->setContent(outcome.graph, outcome.hierarchy, outcome.geometry);
    const TargetResult *selected = results.selected();
    const Prediction *prediction = selected && selected->ok() ? selected->current.get() : nullptr;
    GraphColouring colouring = GraphColouring::compute(*outcome.graph, *outcome.hierarchy, GraphColourMode::Latency, prediction);
    colouring.normaliseTo(picture.scene->visibleNodes(), picture.scene->visibleGroups());
    picture.legend = colouring.legend();
    picture.scene->setColouring(std::move(colouring));
    return picture;
}

void writeGraphPages(ReportPages &pages, const SessionResults &results, ReportSummary &summary) {
    GraphPicture picture = graphPicture(results);
    pages.heading(ReportText::tr("Graph"), 1);
    if (!picture.scene) {
        pages.paragraph(ReportText::tr("The graph could not be laid out: %1").arg(picture.error));
        summary.skipped << QStringLiteral("graph: %1").arg(picture.error);
        return;
    }
    pages.paragraph(ReportText::tr("The model's graph as the explorer first shows it: repeated blocks (layers, stages) "
                          "collapsed into one box each. Colour: each box's share of the end-to-end latency."),
                    true);
    const QSizeF legendSize = graphLegendSize(picture.legend);
    pages.block(legendSize.height(), [&](QPainter &painter, const QRectF &rect) {
        paintGraphLegend(painter, QRectF(rect.topLeft(), legendSize), picture.legend);
    });
    // Edges may route a little outside the layout's bounds: draw everything there is.
    const QRectF scene = picture.scene->sceneRect().united(picture.scene->itemsBoundingRect());
    if (scene.isEmpty()) {
        return;
    }
    // Full width (never enlarged); when that would take more than kMaxGraphPages pages, smaller.
    const double pageHeight = pages.contentRect().height();
    double scale = std::min(1.0, pages.width() / scene.width());
    const double firstHeight = pages.remaining();
    if (scene.height() * scale > firstHeight + (kMaxGraphPages - 1) * pageHeight) {
        // (5 % slack: cuts between boxes leave a little of each page empty)
        scale = 0.95 * (firstHeight + (kMaxGraphPages - 1) * pageHeight) / scene.height();
    } else if (scene.height() * scale > firstHeight) {
        // A last page with only a sliver of the graph: shrink a little (at most 20 %) to save it.
        const double rest = scene.height() * scale - firstHeight;
        const int fullPages = static_cast<int>(std::ceil(rest / pageHeight));
        const double oneLess = 0.95 * (firstHeight + (fullPages - 1) * pageHeight) / scene.height();
        if (std::fmod(rest, pageHeight) < 0.25 * pageHeight && oneLess >= 0.8 * scale) {
            scale = oneLess;
        }
    }
    double top = scene.top();
    while (top < scene.bottom() - 0.5) {
        if (pages.remaining() < 60) {
            pages.newPage();
        }
        double sliceHeight = std::min(pages.remaining() / scale, scene.bottom() - top);
        if (top + sliceHeight < scene.bottom() - 0.5) {
            // Cut between boxes, not through one: move the cut up above any box it crosses
            // (frames of open groups are containers and may be cut).
            double cut = top + sliceHeight;
            for (bool moved = true; moved;) {
                moved = false;
                for (const LaidOutItem &item : picture.scene->geometry().items) {
                    if (item.kind != LaidOutItem::Kind::Frame && item.rect.top() < cut && item.rect.bottom() > cut) {
                        cut = item.rect.top() - 2;
                        moved = true;
                    }
                }
            }
            if (cut > top + 0.3 * sliceHeight) {
                sliceHeight = cut - top;
            }
        }
        const QRectF source(scene.left(), top, scene.width(), sliceHeight);
        pages.block(sliceHeight * scale, [&](QPainter &painter, const QRectF &rect) {
            picture.scene->render(&painter, QRectF(rect.topLeft(), QSizeF(scene.width() * scale, sliceHeight * scale)), source,
                                  Qt::IgnoreAspectRatio);
        });
        top += sliceHeight;
    }
}

QString gpuValidationText(const SessionResults &results, const ValidationResult &v) {
    QStringList lines;
    QStringList seen;
    for (const TargetResult &t : results.targets) {
        if (!t.target) {
            continue;
        }
        const QString id = t.target->gpu().id;
        const QString base = t.target->gpu().base;
        if (seen.contains(id)) {
            continue;
        }
        seen << id;
        QStringList sets;
        int rows = 0;
        for (const ValidationRow &r : v.rows) {
            if (r.gpuId == id || (!base.isEmpty() && r.gpuId == base)) {
                ++rows;
                if (!sets.contains(r.dataset)) {
                    sets << r.dataset;
                }
            }
        }
        if (rows > 0) {
            const double mape = mapeOf(v.rows, [&](const ValidationRow &r) { return r.gpuId == id || (!base.isEmpty() && r.gpuId == base); });
            lines << ReportText::tr("%1: validated on %2 measured rows (%3), MAPE %4 %.")
                         .arg(t.target->gpu().name)
                         .arg(rows)
                         .arg(sets.join(QStringLiteral(", ")))
                         .arg(QLocale().toString(mape, 'f', 1));
        } else {
            lines << ReportText::tr("%1: no measured rows in the validation data; its predictions rest on the kernel model's "
                           "transfer from the measured GPUs (see the error by GPU below for how that varies).")
                         .arg(t.target->gpu().name);
        }
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace

Result<std::shared_ptr<const ValidationResult>> reportAccuracy() {
    static std::mutex mutex;
    static std::shared_ptr<const ValidationResult> cached;
    const std::lock_guard<std::mutex> lock(mutex);
    if (!cached) {
        ValidationOptions validation;
        validation.loo = false;
        auto v = runValidation(validation);
        if (!v) {
            return v.error();
        }
        cached = std::make_shared<const ValidationResult>(std::move(v).value());
    }
    return cached;
}

std::vector<MigPlan> reportMigPlans(const SessionResults &results, const MigPlannerOptions &options, QStringList *errors) {
    std::vector<MigPlan> plans;
    if (!results.design) {
        return plans;
    }
    QStringList done;
    for (const TargetResult &t : results.targets) {
        if (!t.target || !t.target->gpu().supportsMig() || done.contains(t.target->gpu().id)) {
            continue;
        }
        done << t.target->gpu().id;
        MigPlannerOptions planOptions = options;
        planOptions.host = t.target->host();  // the target's host system (CLI --host, the project's)
        auto plan = planMig(results.design->graph(), results.knobs, results.design->nodePrecisions(), t.target->gpu(),
                            enginePredictor(results.llmServing.value_or(LlmServing{})), planOptions);
        if (!plan) {
            if (errors) {
                *errors << QStringLiteral("%1: %2").arg(t.target->gpu().id, plan.errorMessage());
            }
            continue;
        }
        plans.push_back(std::move(plan).value());
    }
    return plans;
}

Result<ReportSummary> writePdfReport(const SessionResults &results, const ReportOptions &options, const QString &path) {
    if (!results.design) {
        return Error{ReportText::tr("%1: there is no model to report on").arg(path)};
    }
    if (!results.complete()) {
        return Error{ReportText::tr("%1: the predictions are still being computed; export again when they are done").arg(path)};
    }
    if (options.pageSize != QPageSize::A4 && options.pageSize != QPageSize::Letter) {
        return Error{ReportText::tr("%1: the page size must be A4 or Letter").arg(path)};
    }
    const QFileInfo info(path);
    if (!info.absoluteDir().exists()) {
        return Error{ReportText::tr("%1: the folder %2 does not exist").arg(path, info.absolutePath())};
    }
    const Design &design = *results.design;
    const QString model = modelNameOf(design);
    const QString title = options.title.isEmpty() ? ReportText::tr("Infersight report: %1").arg(model) : options.title;
    QString version = QCoreApplication::applicationVersion();
    if (version.isEmpty()) {
        version = ReportText::tr("unknown");
    }

    // The accuracy figures first: the one step that can fail for reasons outside the session.
    std::shared_ptr<const ValidationResult> accuracy = options.accuracy;
    QString accuracyError;
    if (options.accuracyPage && !accuracy) {
        auto v = reportAccuracy();
        if (v) {
            accuracy = *v;
        } else {
            accuracyError = v.errorMessage();
        }
    }

    // A regular file is replaced atomically; /dev/stdout or a FIFO is written in place.
    OutputFile out(path);
    if (!out.open()) {
        return Error{ReportText::tr("%1: cannot write (%2)").arg(path, out.errorString())};
    }
    QIODevice &file = *out.device();
    ReportSummary summary;
    {
        QPdfWriter writer(&file);
        writer.setResolution(kPdfResolution);
        writer.setPageSize(QPageSize(options.pageSize));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setTitle(title);
        writer.setCreator(QStringLiteral("Infersight %1").arg(version));
        QPainter painter;
        if (!painter.begin(&writer)) {
            out.cancel();
            return Error{ReportText::tr("%1: cannot start the PDF").arg(path)};
        }
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        const QDateTime now = QDateTime::currentDateTime();
        ReportPages pages(writer, painter, ReportText::tr("%1 · %2").arg(title, QLocale().toString(now, QLocale::ShortFormat)));

        // --- title page
        pages.heading(title, 0);
        pages.paragraph(ReportText::tr("Predicted inference latency, throughput, energy and memory of %1 on %n target(s).", nullptr,
                              static_cast<int>(results.targets.size()))
                            .arg(model));
        pages.space(8);
        const GraphCost cost = graphCost(design.graph());
        const double macsPerSample = static_cast<double>(cost.macs) / static_cast<double>(std::max<std::int64_t>(1, results.knobs.batch));
        QStringList targetLines;
        QStringList hostLines;  // the host system each prediction assumed (issue 17, item 1)
        for (const TargetResult &t : results.targets) {
            targetLines << (t.ok() ? t.label : ReportText::tr("%1 (no prediction: %2)").arg(t.label, t.error));
            if (t.target) {
                const HostSpec &host = t.target->host();
                hostLines << (t.target->hostIsDefault() ? ReportText::tr("%1: %2 (%3), the GPU's usual system")
                                                        : ReportText::tr("%1: %2 (%3), chosen"))
                                 .arg(t.label, host.name, host.id);
            }
        }
        std::vector<std::pair<QString, QString>> facts{
            {ReportText::tr("Model"), model},
            {ReportText::tr("Source file"), options.source.isEmpty() ? design.source() : options.source},
            {ReportText::tr("Format"), design.format()},
            {ReportText::tr("Parameters"), QLocale().toString(static_cast<qlonglong>(cost.params))},
            {ReportText::tr("MACs per sample"), ReportText::tr("%1 G").arg(formatSignificant(macsPerSample / 1e9))},
            {ReportText::tr("Nodes"), QLocale().toString(static_cast<qlonglong>(design.graph().nodes.size()))},
            {ReportText::tr("Knobs"), knobsText(design, results.knobs)},
            {ReportText::tr("Structure"), structureText(design)},
            {ReportText::tr("Targets"), targetLines.join(QLatin1Char('\n'))},
            {ReportText::tr("Host systems"), hostLines.join(QLatin1Char('\n'))},
            {ReportText::tr("Date"), QLocale().toString(now, QLocale::LongFormat)},
            {ReportText::tr("Infersight version"), version},
            {ReportText::tr("Kernel model"), kernelModelProvenance()},
        };
        pages.keyValues(facts);
        const QStringList warnings = design.warnings();
        if (!warnings.isEmpty()) {
            pages.heading(ReportText::tr("Warnings"), 2, 30);
            pages.paragraph(warnings.join(QLatin1Char('\n')), true);
        }
        pages.paragraph(ReportText::tr("All figures are predictions of Infersight's engine for the knobs above; the accuracy section "
                              "at the end says what the predictor was validated on and how far its predictions were "
                              "from measurements."),
                        true);

        // --- summary and the charts over every target
        pages.heading(ReportText::tr("Summary"), 1);
        pages.table(summaryTable(results));
        ++summary.tables;
        const auto data = chartDataFrom(std::make_shared<const SessionResults>(results));
        const double chartHeight = std::round(pages.width() * kChartAspect);
        for (ChartKind kind : {ChartKind::Latency, ChartKind::Throughput, ChartKind::Memory, ChartKind::EnergyLatency}) {
            pages.block(chartHeight, [&](QPainter &p, const QRectF &rect) { drawChart(kind, data, results.selectedTarget, p, rect); });
            ++summary.charts;
        }

        // --- per target: where the time goes
        for (std::size_t i = 0; i < results.targets.size(); ++i) {
            const TargetResult &t = results.targets[i];
            pages.heading(ReportText::tr("Layers on %1").arg(t.label), 1);
            if (!t.ok()) {
                pages.paragraph(ReportText::tr("No prediction: %1").arg(t.error));
                continue;
            }
            for (ChartKind kind : {ChartKind::LayerBreakdown, ChartKind::Roofline}) {
                pages.block(chartHeight, [&](QPainter &p, const QRectF &rect) { drawChart(kind, data, static_cast<int>(i), p, rect); });
                ++summary.charts;
            }
            pages.table(layerTable(results, static_cast<int>(i), options.topNodes));
            ++summary.tables;
        }

        // --- MIG plans
        pages.heading(ReportText::tr("MIG and MPS plans"), 1);
        QStringList migErrors;
        const std::vector<MigPlan> plans = reportMigPlans(results, options.mig, &migErrors);
        if (plans.empty() && migErrors.isEmpty()) {
            pages.paragraph(ReportText::tr("None of the targets' GPUs supports MIG."));
        }
        for (const MigPlan &plan : plans) {
            pages.table(migPlanTable(plan, options.migProfiles));
            ++summary.tables;
            pages.paragraph(ReportText::tr("Recommended: %1").arg(plan.recommended >= 0
                                                              ? plan.options[static_cast<std::size_t>(plan.recommended)].label
                                                              : ReportText::tr("none")));
            // The panel's texts (translated), from the same plan figures as the planner's own English ones.
            pages.paragraph(MigPlannerPanel::reasonText(plan, false), true);
            pages.paragraph(ReportText::tr("DIPPM's memory-only rule: %1").arg(MigPlannerPanel::dippmText(plan, false)), true);
        }
        for (const QString &e : migErrors) {
            pages.paragraph(ReportText::tr("No plan for %1").arg(e));
        }

        // --- graph
        if (options.graph) {
            writeGraphPages(pages, results, summary);
        }

        // --- accuracy
        if (options.accuracyPage) {
            pages.heading(ReportText::tr("Accuracy"), 1);
            if (!accuracy) {
                pages.paragraph(ReportText::tr("The validation data could not be read: %1").arg(accuracyError));
                summary.skipped << QStringLiteral("accuracy: %1").arg(accuracyError);
            } else {
                pages.paragraph(ReportText::tr("How far to trust these numbers: Infersight's predictor was run over every measured row "
                                      "of its data and compared with the measured latency (the figures of "
                                      "`infersight-cli validate`)."));
                pages.paragraph(gpuValidationText(results, *accuracy));
                pages.table(accuracyTable(*accuracy));
                pages.table(accuracyByGpuTable(*accuracy));
                summary.tables += 2;
                if (!accuracy->notes.isEmpty()) {
                    pages.paragraph(accuracy->notes.join(QLatin1Char('\n')), true);
                }
            }
        }
        summary.pages = pages.pageCount();
        if (!painter.end()) {
            out.cancel();
            return Error{ReportText::tr("%1: the PDF could not be finished").arg(path)};
        }
    }
    if (!out.commit()) {
        return Error{ReportText::tr("%1: cannot write (%2)").arg(path, out.errorString())};
    }
    return summary;
}

}  // namespace infersight
