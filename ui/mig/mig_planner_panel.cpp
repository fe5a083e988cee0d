// SPDX-License-Identifier: MIT
#include "mig/mig_planner_panel.h"

#include "mig/mig_plan_model.h"
#include "charts/chart_format.h"
#include "session/explorer_session.h"
#include "session/llm_serving_spec.h"

#include "design/design.h"
#include "explore/point_predictor.h"

#include <QAction>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace infersight {

// The inputs of one plan, as values (what the worker thread reads).
struct MigPlannerPanel::Request {
    std::shared_ptr<const Design> design;
    quint64 modelEpoch = 0;
    DesignSpec spec;         // of `design`: with the source, what decides whether a new design differs
    QString source;
    GpuSpec gpu;
    QString gpuRevision;
    MigPlannerOptions options;
    bool llm = false;          // a decoder LLM: KV capacity per MIG profile too
    LlmSettings llmSettings;   // the session's (weights, runtime, output length)
    std::int64_t kvContext = 0;  // the KV cache at the session's request's last step: prompt + output - 1

    bool sameInputs(const Request &o) const {
        return modelEpoch == o.modelEpoch && source == o.source && spec == o.spec && gpu.id == o.gpu.id &&
               llm == o.llm && llmSettings == o.llmSettings && kvContext == o.kvContext &&
               gpuRevision == o.gpuRevision && options.sloMs == o.options.sloMs && options.headroom == o.options.headroom &&
               options.host.has_value() == o.options.host.has_value() &&
               (!options.host || options.host->id == o.options.host->id);
    }
};

struct MigPlannerPanel::Outcome {
    std::shared_ptr<const MigPlan> plan;  // null on failure
    QString error;
    QString model;      // the design's source
    QString modelName;  // for the context line
    QString gpuLabel;
    Knobs knobs;
    std::map<QString, LlmKvCapacity> kv;  // LLMs: per MIG profile
    std::int64_t kvContext = 0;
};

namespace {

constexpr double kDefaultSloMs = 10.0;

QString modelName(const QString &source) {
    const QString s = source.startsWith(QLatin1String("zoo:")) ? source.mid(4) : source;
    const qsizetype slash = s.lastIndexOf(QLatin1Char('/'));
    return slash >= 0 ? s.mid(slash + 1) : s;
}

}  // namespace

MigPlannerPanel::MigPlannerPanel(ExplorerSession *session, QWidget *parent) : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("migPlannerPanel"));
    buildWidgets();

    connect(m_session, &ExplorerSession::modelChanged, this, [this] { ++m_modelEpoch; });
    connect(m_session, &ExplorerSession::resultsChanged, this, &MigPlannerPanel::inputsChanged);
    connect(m_session, &ExplorerSession::currentTargetChanged, this, &MigPlannerPanel::inputsChanged);
    connect(m_session, &ExplorerSession::targetsChanged, this, &MigPlannerPanel::inputsChanged);
    connect(m_session, &ExplorerSession::catalogueChanged, this, &MigPlannerPanel::inputsChanged);
    inputsChanged();
}

MigPlannerPanel::~MigPlannerPanel() = default;

void MigPlannerPanel::buildWidgets() {
    auto *layout = new QVBoxLayout(this);

    m_context = new QLabel(this);
    m_context->setObjectName(QStringLiteral("migContext"));
    m_context->setWordWrap(true);
    layout->addWidget(m_context);

    auto *inputs = new QHBoxLayout;
    m_sloEnabled = new QCheckBox(tr("&Latency SLO"), this);
    m_sloEnabled->setObjectName(QStringLiteral("migSloEnabled"));
    m_sloEnabled->setToolTip(tr("Recommend the smallest option that fits and meets this latency (otherwise: the highest "
                                "throughput per GPU)"));
    m_slo = new QDoubleSpinBox(this);
    m_slo->setObjectName(QStringLiteral("migSlo"));
    m_slo->setRange(0.01, 1e6);
    m_slo->setDecimals(2);
    m_slo->setSuffix(tr(" ms"));
    m_slo->setValue(kDefaultSloMs);
    m_slo->setKeyboardTracking(false);
    m_slo->setEnabled(false);
    m_slo->setAccessibleName(tr("Latency SLO in milliseconds"));
    m_headroom = new QDoubleSpinBox(this);
    m_headroom->setObjectName(QStringLiteral("migHeadroom"));
    m_headroom->setRange(0, 95);
    m_headroom->setDecimals(0);
    m_headroom->setSingleStep(5);
    m_headroom->setSuffix(tr(" %"));
    m_headroom->setValue(10);
    m_headroom->setKeyboardTracking(false);
    m_headroom->setToolTip(tr("Share of each option's usable memory kept free"));
    auto *headroomLabel = new QLabel(tr("Memory &headroom"), this);
    headroomLabel->setBuddy(m_headroom);
    inputs->addWidget(m_sloEnabled);
    inputs->addWidget(m_slo);
    inputs->addSpacing(12);
    inputs->addWidget(headroomLabel);
    inputs->addWidget(m_headroom);
    inputs->addStretch(1);
    layout->addLayout(inputs);

    connect(m_sloEnabled, &QCheckBox::toggled, this, [this](bool on) {
        m_slo->setEnabled(on);
        inputsChanged();
    });
    connect(m_slo, &QDoubleSpinBox::valueChanged, this, &MigPlannerPanel::inputsChanged);
    connect(m_headroom, &QDoubleSpinBox::valueChanged, this, &MigPlannerPanel::inputsChanged);

    m_model = new MigPlanModel(this);
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("migTable"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setWordWrap(false);
    m_view->setToolTip(tr("Double-click an option (or press Enter) to set it as a target"));
    layout->addWidget(m_view, 1);
    // Double-click or Enter (activated) sets the row as a target.
    connect(m_view, &QAbstractItemView::activated, this, [this](const QModelIndex &index) { addRowAsTarget(index.row()); });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &MigPlannerPanel::updateButton);

    m_recommendation = new QLabel(this);
    m_recommendation->setObjectName(QStringLiteral("migRecommendation"));
    m_recommendation->setWordWrap(true);
    m_recommendation->setTextFormat(Qt::RichText);
    m_recommendation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_recommendation);
    m_dippm = new QLabel(this);
    m_dippm->setObjectName(QStringLiteral("migDippm"));
    m_dippm->setWordWrap(true);
    m_dippm->setTextFormat(Qt::RichText);
    m_dippm->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_dippm);

    auto *bottom = new QHBoxLayout;
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("migStatus"));
    m_status->setWordWrap(true);
    bottom->addWidget(m_status, 1);
    m_add = new QPushButton(tr("&Add as Target"), this);
    m_add->setObjectName(QStringLiteral("migAddTarget"));
    m_add->setToolTip(tr("Set the selected option as a target (replaces the current target when the list is full) (%1)")
                          .arg(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A).toString(QKeySequence::NativeText)));
    m_add->setEnabled(false);
    bottom->addWidget(m_add);
    layout->addLayout(bottom);
    connect(m_add, &QPushButton::clicked, this, [this] {
        const QModelIndexList rows = m_view->selectionModel()->selectedRows();
        if (!rows.isEmpty()) {
            addRowAsTarget(rows.first().row());
        }
    });
    auto *addShortcut = new QAction(tr("Add as Target"), this);
    addShortcut->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    addShortcut->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(addShortcut, &QAction::triggered, m_add, &QPushButton::click);
    addAction(addShortcut);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);  // right-click selects the row, then offers the action
    m_view->addAction(addShortcut);
}

std::shared_ptr<const MigPlan> MigPlannerPanel::plan() const { return m_shown ? m_shown->plan : nullptr; }

std::optional<double> MigPlannerPanel::sloMs() const {
    return m_sloEnabled->isChecked() ? std::optional<double>(m_slo->value()) : std::nullopt;
}

void MigPlannerPanel::setSloMs(std::optional<double> ms) {
    if (ms) {
        const QSignalBlocker block(m_slo);
        m_slo->setValue(*ms);
    }
    if (m_sloEnabled->isChecked() != ms.has_value()) {
        m_sloEnabled->setChecked(ms.has_value());  // re-plans
    } else {
        inputsChanged();
    }
}

double MigPlannerPanel::headroom() const { return m_headroom->value() / 100.0; }

void MigPlannerPanel::setHeadroom(double fraction) { m_headroom->setValue(fraction * 100.0); }

std::optional<MigPlannerPanel::Request> MigPlannerPanel::currentRequest(QString *why) const {
    const auto results = m_session->results();
    if (!m_session->hasModel() || !results || !results->design) {
        *why = m_session->isLoading() ? tr("Opening the model…") : tr("Open a model to plan MIG slices and MPS shares for it.");
        return std::nullopt;
    }
    const auto &resolved = m_session->resolvedTargets();
    const int current = m_session->currentTarget();
    if (current < 0 || current >= static_cast<int>(resolved.size())) {
        *why = tr("Add a target GPU to plan for.");
        return std::nullopt;
    }
    const ResolvedTarget &target = resolved[static_cast<std::size_t>(current)];
    if (!target.target) {
        *why = tr("The current target cannot be planned for: %1").arg(target.error);
        return std::nullopt;
    }
    Request request;
    request.design = results->design;
    request.modelEpoch = m_modelEpoch;
    request.spec = DesignSpec::of(*results->design);
    request.source = results->design->source();
    request.gpu = target.target->gpu();
    request.gpuRevision = target.revision;
    request.options.host = target.target->host();  // the target's host system (its choice or the GPU's default)
    request.options.sloMs = sloMs();
    request.options.headroom = headroom();
    request.llm = m_session->modelInfo().hasDecode;
    request.llmSettings = m_session->spec().llm;
    if (request.llm) {
        // The KV cache at the last step of the session's request for this target (its prompt may be
        // fitted to the model's window); none until the session has computed it (a new plan follows).
        const TargetResult *tr = current < static_cast<int>(results->targets.size())
                                     ? &results->targets[static_cast<std::size_t>(current)]
                                     : nullptr;
        if (tr != nullptr && tr->llm && tr->llm->request) {
            request.kvContext = tr->llm->request->request.prompt + tr->llm->request->request.output - 1;
        }
    }
    return request;
}

void MigPlannerPanel::inputsChanged() {
    QString why;
    auto request = currentRequest(&why);
    if (!request) {
        m_lastRequest.reset();
        ++m_generation;  // whatever runs now is stale
        m_shownGeneration = m_generation;
        m_shown.reset();
        m_model->setPlan(nullptr);
        m_context->setText(why);
        m_recommendation->clear();
        m_dippm->clear();
        m_status->clear();
        updateButton();
        emit planChanged();
        return;
    }
    if (m_lastRequest && m_lastRequest->sameInputs(*request)) {
        return;
    }
    m_lastRequest = std::make_unique<Request>(std::move(*request));
    ++m_generation;
    m_status->setText(tr("Planning…"));
    if (!m_running) {
        start();
    }
}

void MigPlannerPanel::start() {
    if (!m_lastRequest) {
        return;
    }
    m_running = true;
    const quint64 generation = m_generation;
    Request request = *m_lastRequest;
    auto *watcher = new QFutureWatcher<std::shared_ptr<const Outcome>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        finish(generation, watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([request = std::move(request)]() -> std::shared_ptr<const Outcome> {
        auto outcome = std::make_shared<Outcome>();
        const Design &design = *request.design;
        outcome->model = design.source();
        outcome->modelName = modelName(design.source());
        outcome->gpuLabel = request.gpu.label();
        outcome->knobs = design.knobs();
        // An LLM's weight format and serving runtime apply to every slice's prediction, as in `mig`.
        std::optional<LlmServing> serving;
        if (request.llm) {
            if (auto s = llmServingOf(request.llmSettings, design.knobs())) {
                serving = *s;
            }
        }
        auto plan = planMig(design.graph(), design.knobs(), design.nodePrecisions(), request.gpu,
                            enginePredictor(serving.value_or(LlmServing{})), request.options);
        if (plan) {
            outcome->plan = std::make_shared<const MigPlan>(std::move(plan).value());
        } else {
            outcome->error = plan.errorMessage();
        }
        if (request.llm && request.kvContext > 0 && outcome->plan) {
            // KV capacity of every MIG profile at the request's final context (prompt + output - 1).
            outcome->kvContext = request.kvContext;
            if (serving) {
                for (const MigOption &option : outcome->plan->options) {
                    auto target = Target::make(request.gpu, option.profile);
                    if (!target) {
                        continue;
                    }
                    if (auto capacity = llmKvCapacity(design, *target, outcome->kvContext, *serving)) {
                        outcome->kv.emplace(option.profile, *capacity);
                    }
                }
            }
        }
        return outcome;
    }));
}

void MigPlannerPanel::finish(quint64 generation, const std::shared_ptr<const Outcome> &outcome) {
    m_running = false;
    if (generation != m_generation) {
        // Superseded while it ran: drop it and plan the newest inputs (if there are any to plan).
        if (m_lastRequest && m_shownGeneration != m_generation) {
            start();
        }
        return;
    }
    m_shownGeneration = generation;
    m_shown = outcome;
    showOutcome();
    emit planChanged();
}

void MigPlannerPanel::showOutcome() {
    const Outcome &o = *m_shown;
    // Keep the selected profile selected across re-plans.
    QString selected;
    if (const QModelIndexList rows = m_view->selectionModel()->selectedRows(); !rows.isEmpty()) {
        selected = m_model->data(rows.first(), MigPlanModel::ProfileRole).toString();
    }
    m_model->setPlan(o.plan);
    m_model->setKvCapacity(o.kv);
    m_view->setColumnHidden(MigPlanModel::KvSequences, o.kv.empty());
    m_view->resizeColumnsToContents();
    if (!selected.isEmpty()) {
        for (int row = 0; row < m_model->rowCount(); ++row) {
            if (m_model->option(row)->profile == selected) {
                m_view->selectRow(row);
                break;
            }
        }
    }
    const QLocale locale;
    QString context = tr("%1 on %2 · batch %3 · %4 · %5")
                          .arg(o.modelName, o.gpuLabel, locale.toString(static_cast<qlonglong>(o.knobs.batch)),
                               precisionName(o.knobs.precision), runtimeName(o.knobs.runtime));
    m_context->setText(context);
    m_status->clear();
    if (!o.plan) {
        m_recommendation->clear();
        m_dippm->clear();
        m_status->setText(tr("Planning failed: %1").arg(o.error));
        updateButton();
        return;
    }
    const MigPlan &plan = *o.plan;
    auto label = [this](int row) { return m_model->data(m_model->index(row, MigPlanModel::Option)).toString().toHtmlEscaped(); };
    QString text = plan.recommended >= 0 ? tr("<b>Recommended: %1</b> — %2").arg(label(m_model->recommendedRow()), reasonText(plan))
                                         : tr("<b>No recommendation</b> — %1").arg(reasonText(plan));
    if (m_model->recommendedMpsRow() >= 0) {
        text += QStringLiteral("<br>") + tr("Recommended MPS share: <b>%1</b>").arg(label(m_model->recommendedMpsRow()));
    }
    m_recommendation->setText(text);
    const QString dippm = dippmText(plan);
    if (plan.dippm >= 0 && plan.dippm == plan.recommended) {
        m_dippm->setText(dippm);
    } else if (plan.dippm >= 0) {
        m_dippm->setText(tr("<span style=\"color:#b06a00\"><b>DIPPM's memory-only rule: %1</b></span> — %2").arg(label(plan.dippm), dippm));
    } else {
        m_dippm->setText(tr("<b>DIPPM's memory-only rule:</b> %1").arg(dippm));
    }
    updateButton();
}

QString MigPlannerPanel::reasonText(const MigPlan &plan, bool html) {
    const QLocale locale;
    auto esc = [html](const QString &text) { return html ? text.toHtmlEscaped() : text; };
    const QString headroom = locale.toString(plan.headroom * 100.0, 'g', 3);
    const QString slo = plan.sloMs ? locale.toString(*plan.sloMs, 'g', 6) : QString();
    auto mib = [&](double v) { return locale.toString(v, 'f', 0); };
    auto label = [&](int row) { return esc(plan.options[static_cast<std::size_t>(row)].profile); };
    if (plan.options.empty()) {
        return tr("%1 has no MIG profiles; see the MPS shares").arg(esc(plan.gpuLabel));
    }
    if (plan.recommended >= 0) {
        const MigOption &b = plan.options[static_cast<std::size_t>(plan.recommended)];
        if (plan.sloMs) {
            return tr("the smallest option that fits with %1 % headroom (%2 of %3 MiB) and meets the %4 ms SLO (%5 ms)")
                .arg(headroom, mib(b.memoryMib), mib(b.budgetMib), slo, formatSignificant(b.latencyMs));
        }
        return tr("the highest throughput per GPU among the options that fit with %1 % headroom (%2 × %3/s = %4/s)")
            .arg(headroom, locale.toString(b.replicas), formatSignificant(b.throughputPerInstance), formatSignificant(b.throughputPerGpu));
    }
    int fastest = -1;
    double need = 0;
    QString error;
    for (std::size_t i = 0; i < plan.options.size(); ++i) {
        const MigOption &o = plan.options[i];
        if (!o.ok) {
            error = o.error;
            continue;
        }
        need = std::max(need, o.memoryMib);
        if (o.fits && (fastest < 0 || o.latencyMs < plan.options[static_cast<std::size_t>(fastest)].latencyMs)) {
            fastest = static_cast<int>(i);
        }
    }
    if (need == 0 && !error.isEmpty()) {
        return tr("no option could be predicted: %1").arg(esc(error));
    }
    if (fastest < 0) {
        return tr("no option fits: the model needs %1 MiB with %2 % headroom kept free").arg(mib(need), headroom);
    }
    return tr("no option that fits meets the %1 ms SLO; the fastest that fits is %2 at %3 ms")
        .arg(slo, label(fastest), formatSignificant(plan.options[static_cast<std::size_t>(fastest)].latencyMs));
}

QString MigPlannerPanel::dippmText(const MigPlan &plan, bool html) {
    const QLocale locale;
    auto mib = [&](double v) { return locale.toString(v, 'f', 0); };
    if (plan.options.empty()) {
        return tr("needs MIG profiles");
    }
    if (plan.dippm < 0) {
        double predicted = 0;
        for (const MigOption &o : plan.options) {
            predicted = o.ok ? std::max(predicted, o.memoryMib) : predicted;
        }
        return tr("finds no profile: the predicted %1 MiB exceed every profile's nominal memory").arg(mib(predicted));
    }
    const MigOption &d = plan.options[static_cast<std::size_t>(plan.dippm)];
    const QString &profile = plan.options[static_cast<std::size_t>(plan.dippm)].profile;
    const QString name = html ? profile.toHtmlEscaped() : profile;
    QStringList problems;
    if (d.ok && d.memoryMib > d.usableMib) {
        problems << tr("it does not fit: the model needs %1 MiB and %2 has %3 MiB usable (its name says %4 GB)")
                        .arg(mib(d.memoryMib), name, mib(d.usableMib), locale.toString(d.nominalGib, 'g', 4));
    } else if (d.ok && !d.fits) {
        problems << tr("it leaves less than the %1 % headroom: %2 of %3 MiB usable")
                        .arg(locale.toString(plan.headroom * 100.0, 'g', 3), mib(d.memoryMib), mib(d.usableMib));
    }
    if (d.ok && plan.sloMs && !d.meetsSlo) {
        problems << tr("it misses the %1 ms SLO (%2 ms)").arg(locale.toString(*plan.sloMs, 'g', 6), formatSignificant(d.latencyMs));
    }
    if (!problems.isEmpty()) {
        return tr("but %1").arg(problems.join(tr("; and ")));
    }
    if (plan.dippm == plan.recommended) {
        return tr("DIPPM's memory-only rule picks %1 too").arg(name);
    }
    return tr("the smallest profile whose name's memory holds the model (no headroom, no latency check)");
}

void MigPlannerPanel::updateButton() {
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    m_add->setEnabled(!rows.isEmpty() && targetForRow(rows.first().row()).has_value());
}

std::optional<ProjectTarget> MigPlannerPanel::targetForRow(int row) const {
    const MigOption *o = m_model->option(row);
    const auto &plan = m_model->plan();
    if (!o || !plan) {
        return std::nullopt;
    }
    ProjectTarget target;
    target.gpu = plan->gpu;
    if (o->kind == MigOption::Kind::Mig) {
        target.mig = o->profile;
    } else {
        target.mps = o->mpsPercent;
        target.mpsAlone = false;  // the planner's MPS shares run with co-runners
    }
    return target;
}

Status MigPlannerPanel::addRowAsTarget(int row) {
    const auto target = targetForRow(row);
    if (!target) {
        return Error{tr("no option in row %1").arg(row + 1)};
    }
    Status status;
    const auto &targets = m_session->targets();
    int existing = -1;
    for (int i = 0; i < static_cast<int>(targets.size()); ++i) {
        if (targets[static_cast<std::size_t>(i)].spec == *target) {
            existing = i;
        }
    }
    if (existing >= 0) {
        m_session->setCurrentTarget(existing);  // already a target: make it the current one
    } else if (m_session->targetCount() < ExplorerSession::kMaxTargets) {
        status = m_session->addTarget(*target);
    } else {
        status = m_session->setTarget(m_session->currentTarget(), *target);
    }
    emit message(status ? QString() : status.errorMessage());
    if (!status) {
        m_status->setText(status.errorMessage());
    }
    return status;
}

}  // namespace infersight
