// SPDX-License-Identifier: MIT
#include "session/explorer_session.h"

#include "base/file_io.h"
#include "charts/palette.h"
#include "graph/node_cost.h"
#include "importers/torchscript/torchscript_module.h"
#include "session/prediction_worker.h"
#include "zoo/model_zoo.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSaveFile>
#include <QUndoCommand>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace infersight {

// ---------------------------------------------------------------------------------------------
// Undo commands

namespace {

// The text of a merged drag: the first change's start and the last change's end ("Batch 8 → 32"
// then "Batch 32 → 64" give "Batch 8 → 64").
QString mergedText(const QString &first, const QString &last) {
    const QString arrow = QStringLiteral(" → ");
    const int a = first.lastIndexOf(arrow);
    const int b = last.lastIndexOf(arrow);
    if (a < 0 || b < 0) {
        return last;
    }
    return first.left(a) + last.mid(b);
}

}  // namespace

class SpecCommand : public QUndoCommand {
public:
    SpecCommand(ExplorerSession *session, DesignSpec before, DesignSpec after, const QString &text, int knob,
                bool continuing)
        : QUndoCommand(text), m_session(session), m_before(std::move(before)), m_after(std::move(after)),
          m_knob(knob), m_continuing(continuing) {}

    void undo() override { m_session->applySpec(m_before); }
    void redo() override { m_session->applySpec(m_after); }
    int id() const override { return m_knob; }
    bool mergeWith(const QUndoCommand *other) override {
        const auto *next = static_cast<const SpecCommand *>(other);
        if (!next->m_continuing || next->m_knob != m_knob) {
            return false;
        }
        m_after = next->m_after;
        m_continuing = true;
        setText(mergedText(text(), next->text()));
        setObsolete(m_before == m_after);
        return true;
    }

private:
    ExplorerSession *m_session;
    DesignSpec m_before;
    DesignSpec m_after;
    int m_knob;
    bool m_continuing;
};

class TargetsCommand : public QUndoCommand {
public:
    TargetsCommand(ExplorerSession *session, std::vector<SessionTarget> before, int beforeCurrent,
                   std::vector<SessionTarget> after, int afterCurrent, const QString &text, bool continuing)
        : QUndoCommand(text), m_session(session), m_before(std::move(before)), m_after(std::move(after)),
          m_beforeCurrent(beforeCurrent), m_afterCurrent(afterCurrent), m_continuing(continuing) {}

    void undo() override { m_session->applyTargets(m_before, m_beforeCurrent); }
    void redo() override { m_session->applyTargets(m_after, m_afterCurrent); }
    int id() const override { return ExplorerSession::TargetsKnob; }
    bool mergeWith(const QUndoCommand *other) override {
        const auto *next = static_cast<const TargetsCommand *>(other);
        if (!next->m_continuing) {
            return false;
        }
        m_after = next->m_after;
        m_afterCurrent = next->m_afterCurrent;
        setText(mergedText(text(), next->text()));
        setObsolete(m_before == m_after);
        return true;
    }

private:
    ExplorerSession *m_session;
    std::vector<SessionTarget> m_before;
    std::vector<SessionTarget> m_after;
    int m_beforeCurrent;
    int m_afterCurrent;
    bool m_continuing;
};

// ---------------------------------------------------------------------------------------------
// Loading

struct ExplorerSession::LoadOutcome {
    std::optional<Design> design;
    ModelInfo info;
    QString error;
    bool isProject = false;
    std::vector<ProjectTarget> targets;
    int currentTarget = 0;      // the project's "view" (written by saveProject)
    QString selectedNode;
    LlmSettings llm;            // the project's "llm" section (written by saveProject)
};

namespace {

bool isProjectPath(const QString &source) {
    return source.endsWith(QLatin1String(Project::kSuffix), Qt::CaseInsensitive);
}

QString modelNameOf(const Design &design) {
    const QString source = design.source();
    if (isZooSource(source)) {
        return source.mid(4);
    }
    const QFileInfo file(source);
    if (file.fileName().compare(QLatin1String("config.json"), Qt::CaseInsensitive) == 0) {
        return file.dir().dirName();
    }
    return file.completeBaseName().isEmpty() ? design.graph().name : file.completeBaseName();
}

// A project's sequence length on a model without a sequence dimension, or its image size on one
// without image dimensions, binds nothing (issue 15, item 11): said, as the CLI says it of --seq.
QStringList unusedKnobWarnings(const Design &design) {
    const Graph &graph = design.graph();
    bool sequence = false;
    bool image = false;
    for (const int input : graph.inputs) {
        for (const Dim &d : graph.values[static_cast<std::size_t>(input)].declared) {
            sequence |= d.role == DimRole::Sequence;
            image |= d.role == DimRole::Height || d.role == DimRole::Width;
        }
    }
    QStringList warnings;
    const Knobs &knobs = design.knobs();
    if (knobs.sequence > 0 && !sequence) {
        warnings << ExplorerSession::tr("The project's sequence length %1 does not apply to %2: none of its inputs has a sequence "
                                        "dimension. It is ignored.")
                        .arg(knobs.sequence)
                        .arg(design.source());
    }
    if ((knobs.height > 0 || knobs.width > 0) && !image) {
        warnings << ExplorerSession::tr("The project's image size does not apply to %1: none of its inputs has image dimensions. It "
                                        "is ignored.")
                        .arg(design.source());
    }
    return warnings;
}

ModelInfo modelInfoOf(const Design &design) {
    ModelInfo info;
    info.source = design.source();
    info.name = modelNameOf(design);
    info.format = design.format();
    const Graph &graph = design.graph();
    info.nodes = static_cast<int>(graph.nodes.size());
    const GraphCost cost = graphCost(graph);
    info.parameters = cost.params;
    info.macsPerSample = static_cast<double>(cost.macs) / static_cast<double>(std::max<std::int64_t>(1, design.knobs().batch));
    bool contextInput = false;
    for (int v : graph.inputs) {
        for (const Dim &dim : graph.values[static_cast<std::size_t>(v)].declared) {
            info.hasImage |= dim.role == DimRole::Height || dim.role == DimRole::Width;
            info.hasSequence |= dim.role == DimRole::Sequence;
            if (dim.role == DimRole::Context) {
                contextInput = true;
                if (dim.value > 0) {
                    info.defaultContext = dim.value;
                }
            }
        }
    }
    if (const ZooModel *zoo = isZooSource(design.source()) ? findZooModel(design.source()) : nullptr) {
        info.hasImage |= zoo->defaultImage > 0;
        info.hasSequence |= zoo->defaultSeq > 0;
        info.hasDecode = zoo->decoder;
    }
    const ShapeBindings &b = design.bindings();
    info.defaultImage = b.height > 0 ? b.height : b.width;
    info.defaultSequence = b.sequence;
    if (!info.hasDecode) {
        if (contextInput) {
            info.hasDecode = true;
        } else if (design.sourceKind() == SourceKind::HfConfig) {
            // HF configs: decoder architectures build a decode phase, encoders refuse it.
            Design trial = design;
            info.hasDecode = static_cast<bool>(trial.setPhase(DecoderPhase::Decode, 128));
        }
    }
    if (info.hasDecode && info.defaultContext <= 0) {
        info.defaultContext = info.defaultSequence > 1 ? info.defaultSequence - 1 : 1023;
    }
    info.hasDepth = design.hasBuilder();
    info.notes = design.notes();
    info.warnings = design.warnings();
    return info;
}

}  // namespace

// ---------------------------------------------------------------------------------------------

ExplorerSession::ExplorerSession(QObject *parent) : QObject(parent), m_undo(new QUndoStack(this)) {
    m_undo->setUndoLimit(500);
    auto catalogue = GpuCatalogue::withUserGpus(&m_catalogueWarnings);
    m_catalogue = catalogue ? std::move(catalogue).value() : GpuCatalogue::builtIn();
    if (!catalogue) {
        m_catalogueWarnings << catalogue.errorMessage();
    }
    connect(m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
    m_worker = std::make_unique<PredictionWorker>([self = QPointer<ExplorerSession>(this)](PredictionWorker::Delivery d) {
        // On the worker thread: hand the value to the GUI thread (dropped if the session is gone).
        if (self) {
            QMetaObject::invokeMethod(
                self.data(), [self, d = std::move(d)]() {
                    if (self) {
                        self->takeDelivery(d.generation, d.results, d.error);
                    }
                },
                Qt::QueuedConnection);
        }
    });
}

ExplorerSession::~ExplorerSession() {
    m_worker.reset();  // joins the worker before the members it posts to go away
    if (m_loadWatcher) {
        m_loadWatcher->disconnect(this);
    }
}

// --- model ------------------------------------------------------------------------------------

void ExplorerSession::open(const QString &source, const QString &inputShapes, std::optional<Knobs> initialKnobs) {
    const quint64 id = ++m_loadId;
    m_loadingSource = source;
    Knobs knobs;
    knobs.batch = -1;  // the model's own
    if (initialKnobs) {
        knobs = *initialKnobs;
    } else if (hasModel()) {
        knobs.batch = m_spec.knobs.batch;
        knobs.precision = m_spec.knobs.precision;
        knobs.runtime = m_spec.knobs.runtime;
    }
    emit loadStarted(source);
    auto *watcher = new QFutureWatcher<std::shared_ptr<LoadOutcome>>(this);
    if (m_loadWatcher) {
        m_loadWatcher->disconnect(this);  // an earlier load still running: its result is dropped
    }
    m_loadWatcher = watcher;
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, id]() {
        watcher->deleteLater();
        if (id == m_loadId && watcher == m_loadWatcher) {
            finishLoad(id);
        }
    });
    watcher->setFuture(QtConcurrent::run([source, inputShapes, knobs]() {
        auto outcome = std::make_shared<LoadOutcome>();
        if (isProjectPath(source)) {
            auto project = readProjectFile(source);
            if (!project) {
                outcome->error = project.errorMessage();
                return outcome;
            }
            auto design = project->open(source);  // the file's unknown fields join the design's warnings
            if (!design) {
                outcome->error = design.errorMessage();
                return outcome;
            }
            outcome->isProject = true;
            outcome->targets = project->targets;
            // The exact view: the current target and selected node, when the project stored them;
            // the LLM settings (refused, naming the field, when the file's are unknown).
            if (auto bytes = readRegularFile(source, kTextFileCapMiB)) {
                const QJsonObject root = QJsonDocument::fromJson(*bytes).object();
                const QJsonObject view = root.value(QStringLiteral("view")).toObject();
                outcome->currentTarget = view.value(QStringLiteral("current_target")).toInt(0);
                outcome->selectedNode = view.value(QStringLiteral("selected_node")).toString();
                auto llm = llmSettingsFromProject(root, source, kMaxLlmOutputTokens);
                if (!llm) {
                    outcome->error = llm.errorMessage();
                    return outcome;
                }
                outcome->llm = *llm;
            }
            design->addWarnings(unusedKnobWarnings(*design));
            outcome->design = std::move(design).value();
        } else {
            auto design = Design::open(source, knobs, inputShapes);
            if (!design && knobs.batch > 0) {
                // The model may not take the batch the knobs had: open it at its own.
                Knobs own = knobs;
                own.batch = -1;
                auto retry = Design::open(source, own, inputShapes);
                if (retry) {
                    design = std::move(retry);
                }
            }
            if (!design) {
                outcome->error = design.errorMessage();
                return outcome;
            }
            outcome->design = std::move(design).value();
        }
        outcome->info = modelInfoOf(*outcome->design);
        return outcome;
    }));
}

void ExplorerSession::openRecovered(const QString &autosavePath, const QString &projectPath, bool modified) {
    open(autosavePath);
    m_recovery = Recovery{m_loadId, projectPath, modified};
}

void ExplorerSession::cancelLoad() {
    if (!isLoading()) {
        return;
    }
    ++m_loadId;  // the running import finishes in the background and is dropped
    TorchScriptModule::cancelRunningReads();  // a TorchScript reader child is killed at once
    if (m_loadWatcher) {
        m_loadWatcher->disconnect(this);
        m_loadWatcher->deleteLater();
        m_loadWatcher = nullptr;
    }
    m_loadingSource.clear();
}

bool ExplorerSession::isLoading() const { return m_loadWatcher != nullptr; }

void ExplorerSession::finishLoad(quint64 loadId) {
    const std::shared_ptr<LoadOutcome> outcome = m_loadWatcher->result();
    m_loadWatcher = nullptr;
    QString source = m_loadingSource;
    m_loadingSource.clear();
    std::optional<Recovery> recovery;
    if (m_recovery && m_recovery->loadId == loadId) {
        recovery = m_recovery;
    }
    m_recovery.reset();
    if (!outcome->design) {
        emit loadFailed(source, outcome->error);
        return;
    }
    if (outcome->isProject) {
        std::vector<SessionTarget> targets;
        for (const ProjectTarget &t : outcome->targets) {
            if (static_cast<int>(targets.size()) < kMaxTargets) {
                targets.push_back({t, freeColourIndex(targets)});
            }
        }
        if (!targets.empty()) {
            m_targets = std::move(targets);
            m_currentTarget = outcome->currentTarget;
        }
        m_selectedNode = outcome->selectedNode;
        resolveTargets();
        m_projectPath = QFileInfo(source).absoluteFilePath();
        if (recovery) {
            m_projectPath = recovery->projectPath.isEmpty() ? QString() : QFileInfo(recovery->projectPath).absoluteFilePath();
            source = m_projectPath.isEmpty() ? outcome->design->source() : m_projectPath;
        }
    } else {
        m_projectPath.clear();
        m_selectedNode.clear();
    }
    installModel(std::make_shared<const Design>(std::move(*outcome->design)), outcome->info, outcome->llm);
    if (recovery && recovery->modified) {
        m_undo->resetClean();  // the recovered changes are saved nowhere yet (emits modifiedChanged)
    }
    emit projectPathChanged(m_projectPath);
    if (outcome->isProject) {
        emit targetsChanged();
        emit currentTargetChanged(m_currentTarget);
    }
    emit selectedNodeChanged(m_selectedNode);
    emit loaded(source);
}

void ExplorerSession::installModel(std::shared_ptr<const Design> design, const ModelInfo &info, const LlmSettings &llm) {
    m_base = design;
    m_validated = design;
    m_info = info;
    ++m_modelRevision;
    m_spec = DesignSpec::of(*design);
    m_spec.llm = llm;
    m_undo->clear();
    m_undo->setClean();
    m_lastError.clear();
    emit modelChanged();
    emit specChanged();
    emit modifiedChanged(false);
    schedule();
}

const Design &ExplorerSession::design() const {
    if (m_results && m_results->design) {
        // The newest of the two: the results' design, unless a checked change is newer.
        return m_validated && DesignSpec::of(*m_validated).sameDesign(m_spec) ? *m_validated : *m_results->design;
    }
    return *m_validated;
}

std::shared_ptr<const Design> ExplorerSession::sharedDesign() const {
    if (m_results && m_results->design && !(m_validated && DesignSpec::of(*m_validated).sameDesign(m_spec))) {
        return m_results->design;
    }
    return m_validated;
}

// --- knobs ------------------------------------------------------------------------------------

namespace {

QString knobNumber(std::int64_t v) { return QLocale().toString(static_cast<qlonglong>(v)); }

QString contextText(const Knobs &k) {
    return k.context > 0 ? knobNumber(k.context) : ExplorerSession::tr("default");
}

}  // namespace

Status ExplorerSession::changeSpec(const DesignSpec &next, const QString &text, int knob, bool continuing, bool check) {
    if (!hasModel()) {
        return Error{tr("no model is open")};
    }
    if (next == m_spec) {
        return {};
    }
    if (check) {
        Design trial = *m_validated;
        if (Status s = infersight::applySpec(trial, next); !s) {
            return s;
        }
        m_validated = std::make_shared<const Design>(std::move(trial));
    }
    auto *command = new SpecCommand(this, m_spec, next, text, knob, continuing);
    m_undo->push(command);
    return {};
}

Status ExplorerSession::setBatch(std::int64_t batch, bool continuing) {
    if (batch < kMinBatch || batch > kMaxBatch) {
        return Error{tr("batch size %1 is out of range (%2 to %3)").arg(batch).arg(kMinBatch).arg(kMaxBatch)};
    }
    DesignSpec next = m_spec;
    next.knobs.batch = batch;
    return changeSpec(next, tr("Batch %1 → %2").arg(knobNumber(m_spec.knobs.batch), knobNumber(batch)), BatchKnob,
                      continuing, false);
}

Status ExplorerSession::setPrecision(Precision precision) {
    DesignSpec next = m_spec;
    next.knobs.precision = precision;
    return changeSpec(next, tr("Precision %1 → %2").arg(precisionName(m_spec.knobs.precision), precisionName(precision)),
                      PrecisionKnob, false, false);
}

Status ExplorerSession::setRuntime(Runtime runtime) {
    DesignSpec next = m_spec;
    next.knobs.runtime = runtime;
    next.llm.runtime.clear();
    return changeSpec(next, tr("Runtime %1 → %2").arg(runtimeName(m_spec.knobs.runtime), runtimeName(runtime)),
                      RuntimeKnob, false, false);
}

Status ExplorerSession::setLlmOutputTokens(std::int64_t tokens, bool continuing) {
    if (tokens < 1 || tokens > kMaxLlmOutputTokens) {
        return Error{tr("the output length must be between 1 and %1 tokens (got %2)")
                         .arg(knobNumber(kMaxLlmOutputTokens), knobNumber(tokens))};
    }
    DesignSpec next = m_spec;
    next.llm.outputTokens = tokens;
    return changeSpec(next, tr("Output tokens %1 → %2").arg(knobNumber(m_spec.llm.outputTokens), knobNumber(tokens)),
                      LlmOutputKnob, continuing, false);
}

Status ExplorerSession::setWeightFormat(WeightFormat format) {
    DesignSpec next = m_spec;
    next.llm.weights = format;
    // A format that fixes the activations (w8a8 → int8, fp8 → fp8) brings the precision with it.
    auto resolved = resolveWeightFormat(format, m_spec.knobs.precision, format == WeightFormat::Native);
    if (!resolved) {
        return Error{resolved.errorMessage()};
    }
    next.knobs.precision = resolved->precision;
    return changeSpec(next,
                      tr("Weights %1 → %2").arg(weightFormatName(m_spec.llm.weights), weightFormatName(format)),
                      WeightsKnob, false, false);
}

Status ExplorerSession::setLlmRuntime(const QString &id) {
    const LlmRuntime *runtime = findLlmRuntime(id);
    if (!runtime) {
        return Error{tr("unknown LLM runtime '%1' (known: %2)").arg(id, llmRuntimeNames().join(QStringLiteral(", ")))};
    }
    DesignSpec next = m_spec;
    next.llm.runtime = runtime->id;
    next.knobs.runtime = runtime->lowering;
    const LlmRuntime &before =
        m_spec.llm.runtime.isEmpty() || !findLlmRuntime(m_spec.llm.runtime) ? defaultLlmRuntime(m_spec.knobs.runtime)
                                                                          : *findLlmRuntime(m_spec.llm.runtime);
    return changeSpec(next, tr("Runtime %1 → %2").arg(before.label, runtime->label), RuntimeKnob, false, false);
}

Status ExplorerSession::setSequence(std::int64_t sequence, bool continuing) {
    if (sequence < 1) {
        return Error{tr("the sequence length must be at least 1 (got %1)").arg(sequence)};
    }
    DesignSpec next = m_spec;
    next.knobs.sequence = sequence;
    const std::int64_t before = m_spec.knobs.sequence > 0 ? m_spec.knobs.sequence : design().bindings().sequence;
    return changeSpec(next, tr("Sequence length %1 → %2").arg(knobNumber(before), knobNumber(sequence)), SequenceKnob,
                      continuing, true);
}

Status ExplorerSession::setImageSize(std::int64_t side, bool continuing) {
    if (side < 1) {
        return Error{tr("the image size must be at least 1 pixel (got %1)").arg(side)};
    }
    DesignSpec next = m_spec;
    next.knobs.height = side;
    next.knobs.width = side;
    const std::int64_t before = m_spec.knobs.height > 0 ? m_spec.knobs.height : design().bindings().height;
    return changeSpec(next, tr("Image size %1 → %2").arg(knobNumber(before), knobNumber(side)), ImageKnob, continuing,
                      true);
}

Status ExplorerSession::setPhase(DecoderPhase phase, std::int64_t context) {
    DesignSpec next = m_spec;
    next.knobs.phase = phase;
    if (phase == DecoderPhase::Decode) {
        next.knobs.context = context > 0 ? context : (m_spec.knobs.context > 0 ? m_spec.knobs.context : m_info.defaultContext);
    } else {
        next.knobs.context = -1;
    }
    return changeSpec(next, tr("Phase %1 → %2").arg(decoderPhaseName(m_spec.knobs.phase), decoderPhaseName(phase)),
                      PhaseKnob, false, true);
}

Status ExplorerSession::setContext(std::int64_t context, bool continuing) {
    if (context < 1) {
        return Error{tr("the context must be at least 1 token (got %1)").arg(context)};
    }
    if (m_spec.knobs.phase != DecoderPhase::Decode) {
        return Error{tr("the context length applies to the decode phase only")};
    }
    DesignSpec next = m_spec;
    next.knobs.context = context;
    return changeSpec(next, tr("Context %1 → %2").arg(contextText(m_spec.knobs), knobNumber(context)), ContextKnob,
                      continuing, true);
}

Status ExplorerSession::setWidthMultiplier(double multiplier, bool continuing) {
    if (!(multiplier > 0)) {
        return Error{tr("the width multiplier must be above 0 (got %1)").arg(multiplier)};
    }
    DesignSpec next = m_spec;
    next.widthMultiplier = multiplier;
    return changeSpec(next,
                      tr("Width multiplier %1 → %2")
                          .arg(QLocale().toString(m_spec.widthMultiplier, 'f', 2), QLocale().toString(multiplier, 'f', 2)),
                      WidthKnob, continuing, true);
}

Status ExplorerSession::setDepth(int depth, bool continuing) {
    DesignSpec next = m_spec;
    next.depth = depth > 0 ? depth : -1;
    const auto text = [](int d) { return d > 0 ? QLocale().toString(d) : tr("default"); };
    return changeSpec(next, tr("Depth %1 → %2").arg(text(m_spec.depth), text(next.depth)), DepthKnob, continuing, true);
}

Status ExplorerSession::addEdit(const DesignEdit &edit) {
    DesignSpec next = m_spec;
    // A second edit of the same kind on the same node replaces the first (one entry per layer).
    auto same = std::find_if(next.edits.begin(), next.edits.end(),
                             [&](const DesignEdit &e) { return e.kind == edit.kind && e.node == edit.node; });
    if (same != next.edits.end()) {
        *same = edit;
    } else {
        next.edits.push_back(edit);
    }
    QString text = edit.describe();
    if (!text.isEmpty()) {
        text[0] = text[0].toUpper();
    }
    return changeSpec(next, text, EditKnob, false, true);
}

Status ExplorerSession::removeEdit(std::size_t index) {
    if (index >= m_spec.edits.size()) {
        return Error{tr("there is no edit %1").arg(index + 1)};
    }
    DesignSpec next = m_spec;
    const DesignEdit removed = next.edits[index];
    next.edits.erase(next.edits.begin() + static_cast<std::ptrdiff_t>(index));
    return changeSpec(next, tr("Remove edit: %1").arg(removed.describe()), EditKnob, false, true);
}

Status ExplorerSession::setNodePrecision(const QString &node, std::optional<Precision> precision) {
    DesignSpec next = m_spec;
    if (precision) {
        next.nodePrecisions.insert(node, *precision);
    } else {
        next.nodePrecisions.remove(node);
    }
    const QString text = precision ? tr("Precision of '%1' = %2").arg(node, precisionName(*precision))
                                   : tr("Precision of '%1' follows the model").arg(node);
    return changeSpec(next, text, NodePrecisionKnob, false, true);
}

void ExplorerSession::applySpec(const DesignSpec &spec) {
    m_spec = spec;
    emit specChanged();
    schedule();
}

// --- targets ----------------------------------------------------------------------------------

QString ExplorerSession::targetText(const ProjectTarget &spec) const {
    auto target = resolveTarget(m_catalogue, spec.gpu, spec.mig, spec.mps, !spec.mpsAlone, spec.host);
    return target ? target->label() : targetSpecText(spec);
}

int ExplorerSession::freeColourIndex(const std::vector<SessionTarget> &targets) const {
    for (int i = 0; i < kTargetColourCount; ++i) {
        if (std::none_of(targets.begin(), targets.end(), [i](const SessionTarget &t) { return t.colourIndex == i; })) {
            return i;
        }
    }
    return static_cast<int>(targets.size()) % kTargetColourCount;
}

ResolvedTarget ExplorerSession::resolve(const SessionTarget &t) const {
    ResolvedTarget r;
    r.colour = targetColour(t.colourIndex);
    auto target = resolveTarget(m_catalogue, t.spec.gpu, t.spec.mig, t.spec.mps, !t.spec.mpsAlone, t.spec.host);
    if (!target) {
        r.key = targetSpecText(t.spec);
        r.label = r.key;
        r.error = target.errorMessage();
        return r;
    }
    r.key = target->key();
    r.label = target->label();
    if (!target->hostIsDefault()) {
        r.label += QStringLiteral(" · ") + target->host().name;  // another host than the GPU's usual one
    }
    if (target->gpu().custom) {
        const QByteArray json = QJsonDocument(GpuCatalogue::toGpuFileJson(target->gpu())).toJson(QJsonDocument::Compact);
        r.revision = QString::fromLatin1(QCryptographicHash::hash(json, QCryptographicHash::Sha1).toHex().left(12));
    }
    r.target = std::move(target).value();
    return r;
}

void ExplorerSession::resolveTargets() {
    m_resolved.clear();
    for (const SessionTarget &t : m_targets) {
        m_resolved.push_back(resolve(t));
    }
    m_currentTarget = m_targets.empty() ? 0 : std::clamp(m_currentTarget, 0, static_cast<int>(m_targets.size()) - 1);
}

Status ExplorerSession::changeTargets(const std::vector<SessionTarget> &next, int current, const QString &text,
                                      bool continuing) {
    if (next == m_targets && current == m_currentTarget) {
        return {};
    }
    m_undo->push(new TargetsCommand(this, m_targets, m_currentTarget, next, current, text, continuing));
    return {};
}

Status ExplorerSession::addTarget(const ProjectTarget &spec) {
    if (targetCount() >= kMaxTargets) {
        return Error{tr("at most %1 targets can be compared; remove one first").arg(kMaxTargets)};
    }
    auto target = resolveTarget(m_catalogue, spec.gpu, spec.mig, spec.mps, !spec.mpsAlone, spec.host);
    if (!target) {
        return Error{target.errorMessage()};
    }
    for (const ResolvedTarget &r : m_resolved) {
        if (r.key == target->key()) {
            return Error{tr("%1 is already in the target list").arg(target->label())};
        }
    }
    std::vector<SessionTarget> next = m_targets;
    next.push_back({spec, freeColourIndex(m_targets)});
    return changeTargets(next, static_cast<int>(next.size()) - 1, tr("Add target %1").arg(target->label()));
}

Status ExplorerSession::removeTarget(int index) {
    if (index < 0 || index >= targetCount()) {
        return Error{tr("there is no target %1").arg(index + 1)};
    }
    if (targetCount() <= 1) {
        return Error{tr("the last target cannot be removed; add another one first")};
    }
    std::vector<SessionTarget> next = m_targets;
    const QString label = m_resolved[static_cast<std::size_t>(index)].label;
    next.erase(next.begin() + index);
    int current = m_currentTarget;
    if (current > index || current >= static_cast<int>(next.size())) {
        current = std::max(0, current - 1);
    }
    return changeTargets(next, current, tr("Remove target %1").arg(label));
}

Status ExplorerSession::moveTarget(int from, int to) {
    if (from < 0 || from >= targetCount() || to < 0 || to >= targetCount()) {
        return Error{tr("cannot move target %1 to position %2").arg(from + 1).arg(to + 1)};
    }
    if (from == to) {
        return {};
    }
    std::vector<SessionTarget> next = m_targets;
    const SessionTarget moved = next[static_cast<std::size_t>(from)];
    next.erase(next.begin() + from);
    next.insert(next.begin() + to, moved);
    // The current target stays the same target.
    int current = m_currentTarget;
    if (current == from) {
        current = to;
    } else if (from < current && to >= current) {
        --current;
    } else if (from > current && to <= current) {
        ++current;
    }
    return changeTargets(next, current,
                         tr("Move target %1 to position %2").arg(m_resolved[static_cast<std::size_t>(from)].label).arg(to + 1));
}

Status ExplorerSession::setTarget(int index, const ProjectTarget &spec) {
    if (index < 0 || index >= targetCount()) {
        return Error{tr("there is no target %1").arg(index + 1)};
    }
    auto target = resolveTarget(m_catalogue, spec.gpu, spec.mig, spec.mps, !spec.mpsAlone, spec.host);
    if (!target) {
        return Error{target.errorMessage()};
    }
    for (int i = 0; i < targetCount(); ++i) {
        if (i != index && m_resolved[static_cast<std::size_t>(i)].key == target->key()) {
            return Error{tr("%1 is already in the target list").arg(target->label())};
        }
    }
    std::vector<SessionTarget> next = m_targets;
    next[static_cast<std::size_t>(index)].spec = spec;
    return changeTargets(next, m_currentTarget,
                         tr("Target %1: %2 → %3")
                             .arg(index + 1)
                             .arg(m_resolved[static_cast<std::size_t>(index)].label, target->label()));
}

Status ExplorerSession::resetTargets(const std::vector<ProjectTarget> &specs) {
    std::vector<SessionTarget> next;
    QStringList keys;
    for (const ProjectTarget &spec : specs) {
        auto target = resolveTarget(m_catalogue, spec.gpu, spec.mig, spec.mps, !spec.mpsAlone, spec.host);
        if (!target) {
            return Error{target.errorMessage()};
        }
        if (keys.contains(target->key()) || static_cast<int>(next.size()) >= kMaxTargets) {
            continue;
        }
        keys << target->key();
        next.push_back({spec, freeColourIndex(next)});
    }
    if (next.empty()) {
        return Error{tr("no target given")};
    }
    m_targets = std::move(next);
    m_currentTarget = 0;
    resolveTargets();
    emit targetsChanged();
    emit currentTargetChanged(m_currentTarget);
    schedule();
    return {};
}

void ExplorerSession::applyTargets(const std::vector<SessionTarget> &targets, int current) {
    const int before = m_currentTarget;
    m_targets = targets;
    m_currentTarget = current;
    resolveTargets();
    emit targetsChanged();
    if (m_currentTarget != before) {
        emit currentTargetChanged(m_currentTarget);
    }
    schedule();
}

void ExplorerSession::setCurrentTarget(int index) {
    if (index < 0 || index >= targetCount() || index == m_currentTarget) {
        return;
    }
    m_currentTarget = index;
    if (m_results) {
        auto copy = std::make_shared<SessionResults>(*m_results);
        copy->selectedTarget = index;
        m_results = std::move(copy);
    }
    emit currentTargetChanged(index);
    if (m_results) {
        emit resultsChanged(m_results);
    }
}

void ExplorerSession::reloadCatalogue() {
    QStringList warnings;
    auto catalogue = GpuCatalogue::withUserGpus(&warnings);
    if (catalogue) {
        m_catalogue = std::move(catalogue).value();
        m_catalogueWarnings = warnings;
    } else {
        m_catalogueWarnings = QStringList{catalogue.errorMessage()};
    }
    m_worker->clearCaches();
    resolveTargets();
    emit catalogueChanged();
    emit targetsChanged();
    schedule();
}

// --- selection --------------------------------------------------------------------------------

void ExplorerSession::setSelectedNode(const QString &name) {
    if (name == m_selectedNode) {
        return;
    }
    m_selectedNode = name;
    emit selectedNodeChanged(name);
}

// --- prediction -------------------------------------------------------------------------------

void ExplorerSession::schedule() {
    if (!hasModel()) {
        return;
    }
    PredictionRequest request;
    request.generation = ++m_generation;
    request.modelRevision = m_modelRevision;
    request.design = m_validated;
    request.spec = m_spec;
    request.targets = m_resolved;
    request.selectedTarget = m_currentTarget;
    request.llm = m_info.hasDecode;
    m_worker->submit(std::move(request));
}

void ExplorerSession::takeDelivery(quint64 generation, std::shared_ptr<const SessionResults> results,
                                   const QString &error) {
    // Results never go backwards: an older generation than the one shown is dropped, and so is a
    // first stage after its own complete stage.
    if (generation < m_shownGeneration) {
        return;
    }
    if (!results) {
        if (generation == m_generation) {
            m_lastError = error;
            emit predictionFailed(error);
        }
        return;
    }
    if (generation == m_shownGeneration && m_results && m_results->complete() && !results->complete()) {
        return;
    }
    m_shownGeneration = generation;
    if (results->selectedTarget != m_currentTarget) {
        auto copy = std::make_shared<SessionResults>(*results);
        copy->selectedTarget = m_currentTarget;
        results = std::move(copy);
    }
    m_results = results;
    if (generation == m_generation) {
        m_lastError.clear();
    }
    emit resultsChanged(m_results);
}

bool ExplorerSession::isPredicting() const {
    return hasModel() && (m_shownGeneration != m_generation || !m_results || !m_results->complete()) &&
           m_lastError.isEmpty();
}

// --- project ----------------------------------------------------------------------------------

bool ExplorerSession::isModified() const { return !m_undo->isClean(); }

Project ExplorerSession::project() const {
    Project p;
    if (m_base) {
        p.source = m_base->source();
        p.inputShapes = m_base->inputShapes();
    }
    p.knobs = m_spec.knobs;
    p.widthMultiplier = m_spec.widthMultiplier;
    p.depth = m_spec.depth;
    p.edits = m_spec.edits;
    p.nodePrecisions = m_spec.nodePrecisions;
    for (const SessionTarget &t : m_targets) {
        p.targets.push_back(t.spec);
    }
    return p;
}

Status ExplorerSession::saveProject(const QString &path) {
    if (!hasModel()) {
        return Error{tr("%1: no model is open, nothing to save").arg(path)};
    }
    const QFileInfo info(path);
    QJsonObject root = project().toJson(info.absolutePath());
    QJsonObject view;
    view.insert(QStringLiteral("current_target"), m_currentTarget);
    if (!m_selectedNode.isEmpty()) {
        view.insert(QStringLiteral("selected_node"), m_selectedNode);
    }
    root.insert(QStringLiteral("view"), view);
    if (m_info.hasDecode) {
        root.insert(QStringLiteral("llm"), llmSettingsJson(m_spec.llm));  // output tokens, weights, runtime
    }
    // A regular file is replaced atomically; a device or FIFO is written in place (base/file_io.h).
    OutputFile file(path);
    const QByteArray bytes = QJsonDocument(root).toJson(QJsonDocument::Indented);
    if (!file.open()) {
        return Error{tr("%1: cannot write the project: %2").arg(path, file.errorString())};
    }
    if (file.device()->write(bytes) != bytes.size() || !file.commit()) {
        return Error{tr("%1: cannot write the project: %2").arg(path, file.errorString())};
    }
    m_projectPath = info.absoluteFilePath();
    m_undo->setClean();
    emit projectPathChanged(m_projectPath);
    emit modifiedChanged(false);
    return {};
}

}  // namespace infersight
