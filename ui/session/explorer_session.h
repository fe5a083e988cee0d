// SPDX-License-Identifier: MIT
// ExplorerSession: the engine-facing object of the explorer window (no widgets). It owns the open
// model (a Design), the knobs and structure (DesignSpec), the target list (1 to 4 targets, each
// with a fixed colour), the selected node and target, the undo stack and the project file state.
//
// Every knob change, edit and target change is a QUndoCommand with a readable text ("Batch 8 →
// 32"); changes while a slider is dragged (`continuing`) merge into one. After each change the
// session hands a request to its PredictionWorker and returns at once: the GUI thread never waits
// on the engine. Results come back as immutable values (resultsChanged), never older than what was
// shown before (see session_results.h for the two stages).
//
// Structural changes (width multiplier, depth, image size, sequence, phase, edits, per-node
// precision) are checked on a copy of the design before they are recorded, so a refused change
// returns the engine's reason and changes nothing; batch, precision and runtime need no check
// (a precision a GPU lacks is that target's error, not a refusal).
#pragma once

#include "hardware/gpu_catalogue.h"
#include "session/design_spec.h"
#include "session/session_results.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

class QUndoStack;

namespace infersight {

class PredictionWorker;

// What the open model offers the knobs (decided once when it is opened).
struct ModelInfo {
    QString source;               // as opened: absolute path or "zoo:NAME"
    QString name;                 // "resnet50", file name without suffix
    QString format;               // "zoo", "onnx", "torchscript", "hfconfig"
    std::int64_t parameters = 0;
    double macsPerSample = 0;     // at the opened input size
    int nodes = 0;
    bool hasImage = false;        // an image-size knob (inputs with height/width roles)
    bool hasSequence = false;     // a sequence-length knob
    bool hasDecode = false;       // the decode phase is available (decoder LLM / KV-cache inputs)
    bool hasDepth = false;        // the builder has a depth knob (zoo, HF config)
    std::int64_t defaultImage = -1;
    std::int64_t defaultSequence = -1;
    std::int64_t defaultContext = -1;  // decode: the KV-cache length chosen when decode is picked
    QStringList notes;
    QStringList warnings;
};

class ExplorerSession : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxTargets = 4;

    explicit ExplorerSession(QObject *parent = nullptr);
    ~ExplorerSession() override;

    // --- the model
    // Opens a model (file, "zoo:NAME", config.json) or a project (.infersight) off the GUI thread.
    // The open model stays until the new one is in; loaded() or loadFailed() follows (nothing when
    // cancelled). Opening a model keeps the targets and the batch, precision and runtime (or takes
    // `knobs` when given); a project brings its own. `inputShapes` is passed to the TorchScript
    // importer.
    void open(const QString &source, const QString &inputShapes = {}, std::optional<Knobs> knobs = {});
    // Opens an autosaved session (a project file written by SessionAutosave) as the project it
    // was: the project file `projectPath` (empty: none) and, when `modified`, with unsaved changes.
    // loaded() names `projectPath`, else the model's source; loadFailed() names `autosavePath`.
    void openRecovered(const QString &autosavePath, const QString &projectPath, bool modified);
    void cancelLoad();
    bool isLoading() const;
    QString loadingSource() const { return m_loadingSource; }
    bool hasModel() const { return m_base != nullptr; }
    // The newest design known (the one the latest results are for, or the validated one); never
    // use it when !hasModel().
    const Design &design() const;
    std::shared_ptr<const Design> sharedDesign() const;
    const ModelInfo &modelInfo() const { return m_info; }

    // --- knobs and structure (undoable). `continuing`: part of a slider drag, merged with the
    // previous change of the same knob.
    const DesignSpec &spec() const { return m_spec; }
    const Knobs &knobs() const { return m_spec.knobs; }
    Status setBatch(std::int64_t batch, bool continuing = false);
    Status setPrecision(Precision precision);
    Status setRuntime(Runtime runtime);
    Status setSequence(std::int64_t sequence, bool continuing = false);
    Status setImageSize(std::int64_t side, bool continuing = false);
    Status setPhase(DecoderPhase phase, std::int64_t context = -1);
    Status setContext(std::int64_t context, bool continuing = false);
    Status setWidthMultiplier(double multiplier, bool continuing = false);
    Status setDepth(int depth, bool continuing = false);
    Status addEdit(const DesignEdit &edit);
    Status removeEdit(std::size_t index);
    Status setNodePrecision(const QString &node, std::optional<Precision> precision);
    // Decoder LLMs (ModelInfo::hasDecode): the request's output length, the weight format (a format
    // that fixes the activations sets the precision too) and the serving runtime (an LlmRuntime id:
    // sets the generic runtime to its lowering; setRuntime() clears the choice).
    static constexpr std::int64_t kMaxLlmOutputTokens = 65536;
    Status setLlmOutputTokens(std::int64_t tokens, bool continuing = false);
    Status setWeightFormat(WeightFormat format);
    Status setLlmRuntime(const QString &id);

    // --- targets (undoable)
    const std::vector<SessionTarget> &targets() const { return m_targets; }
    const std::vector<ResolvedTarget> &resolvedTargets() const { return m_resolved; }
    int targetCount() const { return static_cast<int>(m_targets.size()); }
    Status addTarget(const ProjectTarget &spec);
    Status removeTarget(int index);
    Status moveTarget(int from, int to);
    Status setTarget(int index, const ProjectTarget &spec);
    // Replaces the list without an undo entry (start-up defaults, settings, a project).
    Status resetTargets(const std::vector<ProjectTarget> &specs);
    int currentTarget() const { return m_currentTarget; }
    void setCurrentTarget(int index);
    // The GPU catalogue with the user's GPUs; reload after a user GPU file changed.
    const GpuCatalogue &catalogue() const { return m_catalogue; }
    QStringList catalogueWarnings() const { return m_catalogueWarnings; }
    void reloadCatalogue();

    // --- selection shared by graph, node table and inspector (node name; empty = none)
    QString selectedNode() const { return m_selectedNode; }
    void setSelectedNode(const QString &name);

    // --- results
    std::shared_ptr<const SessionResults> results() const { return m_results; }
    // True until the results of the newest change are complete (sweeps included).
    bool isPredicting() const;
    QString lastError() const { return m_lastError; }

    // --- undo and project
    QUndoStack *undoStack() const { return m_undo; }
    QString projectPath() const { return m_projectPath; }
    bool isModified() const;
    // The session as a project (source, knobs, structure, edits, precisions, targets).
    Project project() const;
    // Writes the project atomically; on success it is the session's file and the state is clean.
    Status saveProject(const QString &path);

signals:
    void loadStarted(const QString &source);
    void loaded(const QString &source);
    void loadFailed(const QString &source, const QString &message);
    void modelChanged();
    void specChanged();
    void targetsChanged();
    void currentTargetChanged(int index);
    void selectedNodeChanged(const QString &name);
    void resultsChanged(std::shared_ptr<const SessionResults> results);
    // The engine refused the design at the current knobs (the results stay those of the last good state).
    void predictionFailed(const QString &message);
    void modifiedChanged(bool modified);
    void projectPathChanged(const QString &path);
    void catalogueChanged();

private:
    friend class SpecCommand;
    friend class TargetsCommand;
    struct LoadOutcome;
    enum KnobId : int {
        BatchKnob = 101,
        PrecisionKnob,
        RuntimeKnob,
        SequenceKnob,
        ImageKnob,
        PhaseKnob,
        ContextKnob,
        WidthKnob,
        DepthKnob,
        EditKnob,
        NodePrecisionKnob,
        TargetsKnob,
        LlmOutputKnob,
        WeightsKnob,
    };

    // Records a spec change (after checking it unless `checked` is false).
    Status changeSpec(const DesignSpec &next, const QString &text, int knob, bool continuing, bool check);
    Status changeTargets(const std::vector<SessionTarget> &next, int current, const QString &text,
                         bool continuing = false);
    // Applied by the undo commands.
    void applySpec(const DesignSpec &spec);
    void applyTargets(const std::vector<SessionTarget> &targets, int current);
    void resolveTargets();
    ResolvedTarget resolve(const SessionTarget &target) const;
    void schedule();
    void finishLoad(quint64 loadId);
    void takeDelivery(quint64 generation, std::shared_ptr<const SessionResults> results, const QString &error);
    void installModel(std::shared_ptr<const Design> design, const ModelInfo &info, const LlmSettings &llm = {});
    QString targetText(const ProjectTarget &spec) const;
    int freeColourIndex(const std::vector<SessionTarget> &targets) const;

    GpuCatalogue m_catalogue;
    QStringList m_catalogueWarnings;
    QUndoStack *m_undo = nullptr;

    std::shared_ptr<const Design> m_base;       // as opened
    std::shared_ptr<const Design> m_validated;  // newest design known to be at some valid spec
    ModelInfo m_info;
    quint64 m_modelRevision = 0;
    DesignSpec m_spec;

    std::vector<SessionTarget> m_targets;
    std::vector<ResolvedTarget> m_resolved;
    int m_currentTarget = 0;
    QString m_selectedNode;

    quint64 m_generation = 0;        // last submitted
    quint64 m_shownGeneration = 0;   // generation of m_results
    std::shared_ptr<const SessionResults> m_results;
    QString m_lastError;
    std::unique_ptr<PredictionWorker> m_worker;

    QString m_projectPath;
    QString m_loadingSource;
    quint64 m_loadId = 0;
    QPointer<QFutureWatcher<std::shared_ptr<LoadOutcome>>> m_loadWatcher;
    struct Recovery {
        quint64 loadId = 0;
        QString projectPath;
        bool modified = false;
    };
    std::optional<Recovery> m_recovery;  // openRecovered(): how the load in flight is installed
};

}  // namespace infersight
