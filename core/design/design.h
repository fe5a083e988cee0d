// SPDX-License-Identifier: MIT
// A Design: a model source, its Graph, the Knobs and an ordered list of edits. The graph a Design
// shows is always derived: the base graph of the source (rebuilt by the zoo / HF-config builders
// when a structural option changes, imported once otherwise), the global width multiplier, the
// edits in order, then shape propagation at the knobs' bindings.
//
// Value type: copying a Design is cheap (graphs are shared, immutable) and every mutation either
// succeeds or leaves the Design exactly as it was and returns the reason. Undo/redo keeps Design
// values (design_history.h). Semantics are documented in docs/design-space.md.
#pragma once

#include "base/result.h"
#include "design/channel_group.h"
#include "design/knobs.h"
#include "graph/graph.h"
#include "graph/shape_inference.h"
#include "importers/model_import.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace infersight {

// One graph-surgery edit, addressed by node name so that it survives a rebuild of the base graph
// (batch, image size, width multiplier of a zoo model) and a save/load round trip.
struct DesignEdit {
    enum class Kind : std::uint8_t {
        LayerWidth,      // output channels / out-features / hidden / FFN size of `node` = value
        AttentionHeads,  // heads of the attention that projection `node` feeds = value (head size kept)
    };
    Kind kind = Kind::LayerWidth;
    QString node;
    std::int64_t value = 0;

    static DesignEdit width(QString node, std::int64_t value) { return {Kind::LayerWidth, std::move(node), value}; }
    static DesignEdit heads(QString node, std::int64_t value) { return {Kind::AttentionHeads, std::move(node), value}; }
    QString describe() const;  // "width of 'layer1.0/conv1' = 32"
    bool operator==(const DesignEdit &) const = default;
};
QString designEditKindName(DesignEdit::Kind kind);                      // "width", "heads"
std::optional<DesignEdit::Kind> designEditKindFromName(const QString &name);

// How the base graph is made; structural options (depth, width multiplier of a builder) are
// available where a builder exists.
enum class SourceKind : std::uint8_t { Zoo, HfConfig, Imported };

// Whether `source` names a zoo model ("zoo:resnet50").
bool isZooSource(const QString &source);

// Extra checks an import may run (they cost time; the GUI leaves them off).
enum class ImportCheck : std::uint8_t {
    None,
    Libonnx,  // ONNX: also run libonnx's shape inference, for importDiagnostics()
};

class Design {
public:
    Design() = default;

    // THE way to open a model: every caller (CLI, GUI, tests, validation) opens sources here.
    // `source`: "zoo:NAME" or a HuggingFace config.json (built by the zoo builders, rebuilt when
    // a structural option changes), an ONNX or TorchScript file (imported once, see
    // importers/model_import.h). `knobs`: a batch < 1 takes the model's default (the export's
    // static batch, else 1); knobs().batch is the resolved batch afterwards. Sequence and image
    // size < 0 take the model's defaults too (bindings() has the values used). The decode phase
    // needs a graph with KV-cache inputs. `inputShapes` is passed to the TorchScript importer (see
    // TorchScriptInputSpec). Errors are one line naming the source and the problem.
    static Result<Design> open(const QString &source, const Knobs &knobs = {}, const QString &inputShapes = {},
                               ImportCheck check = ImportCheck::None);
    // A Design around a graph made in memory (tests, graphs built for measured data), handled like
    // an imported model: its input dims keep their roles, the knobs re-bind them. The source is the
    // graph's sourcePath, else its name; `format` says what made it.
    static Result<Design> fromGraph(Graph graph, const Knobs &knobs = {}, const QString &format = QStringLiteral("graph"));

    bool isNull() const { return !m_graph; }
    const QString &source() const { return m_source; }
    const QString &inputShapes() const { return m_inputShapes; }
    SourceKind sourceKind() const { return m_sourceKind; }
    QString format() const { return m_format; }           // "zoo", "hfconfig", "onnx", "torchscript"
    bool hasBuilder() const { return m_sourceKind != SourceKind::Imported; }

    const Knobs &knobs() const { return m_knobs; }
    double widthMultiplier() const { return m_widthMultiplier; }
    int depth() const { return m_depth; }                  // -1: the model's own
    const std::vector<DesignEdit> &edits() const { return m_edits; }
    // Per-node precision overrides (node name -> precision), passed to the predictor with the knobs.
    const QMap<QString, Precision> &nodePrecisions() const { return m_nodePrecisions; }

    // The edited graph, propagated at the knobs (never null on a Design that open() returned).
    const Graph &graph() const { return *m_graph; }
    std::shared_ptr<const Graph> sharedGraph() const { return m_graph; }
    const PropagationReport &report() const { return m_report; }
    const ShapeBindings &bindings() const { return m_bindings; }  // knobs with the model's defaults filled in
    // Defaults chosen for the user ("sequence length 128 ...") and problems found, each once.
    QStringList notes() const { return m_notes; }
    QStringList warnings() const { return m_warnings; }
    // Adds problems found outside the import (a project file's unknown fields, a knob that binds
    // nothing) to warnings(), each once; they stay there through later changes, like the import's.
    void addWarnings(const QStringList &warnings);
    // What the importer saw in the file (ONNX; libonnx figures with ImportCheck::Libonnx).
    const ImportDiagnostics &importDiagnostics() const { return m_importDiagnostics; }
    // What the last change did (parameters before/after, nodes touched) for the GUI's status line.
    const ResizeSummary &lastResize() const { return m_lastResize; }
    QStringList lastSkipped() const { return m_lastSkipped; }  // width-multiplier groups left alone

    // --- changes: each succeeds or leaves the Design unchanged and says why.
    // A batch < 0 takes the model's default, as in open(); 0 is refused.
    Status setKnobs(const Knobs &knobs);
    Status setBatch(std::int64_t batch);
    Status setSequence(std::int64_t sequence);
    Status setImageSize(std::int64_t height, std::int64_t width);
    Status setPrecision(Precision precision);
    Status setRuntime(Runtime runtime);
    Status setPhase(DecoderPhase phase, std::int64_t context);
    // Global width multiplier: zoo and HF-config models are rebuilt with the builder's own rounding
    // (docs/zoo.md); imported graphs get scaleAllWidths(). Edits are re-applied after it.
    Status setWidthMultiplier(double multiplier);
    // Repeated blocks / layers (zoo and HF-config models; imported graphs are refused). -1: default.
    Status setDepth(int depth);
    // Appends an edit and applies it.
    Status addEdit(const DesignEdit &edit);
    // Replaces / removes the edit at `index` (the others are re-applied in order).
    Status replaceEdit(std::size_t index, const DesignEdit &edit);
    Status removeEdit(std::size_t index);
    Status setEdits(std::vector<DesignEdit> edits);
    // Per-node precision; nullopt removes the override. The node must exist.
    Status setNodePrecision(const QString &node, std::optional<Precision> precision);
    Status setNodePrecisions(QMap<QString, Precision> precisions);

    // --- questions the GUI asks before editing
    int findNode(const QString &name) const;                          // -1 when absent
    Result<std::int64_t> layerWidth(const QString &node) const;       // current width of a layer
    Result<ChannelGroup> widthGroup(const QString &node) const;       // what a width edit would touch
    Result<HeadLayout> heads(const QString &node) const;

    // Same graph, knobs, edits and source (the graph compared by identity of its shared storage,
    // then by shapes and parameter count).
    bool sameState(const Design &other) const;

private:
    struct BaseKey {
        DecoderPhase phase = DecoderPhase::Prefill;
        std::int64_t image = -1;
        std::int64_t sequence = -1;
        double widthMultiplier = 1.0;
        int depth = -1;
        bool operator==(const BaseKey &) const = default;
    };
    BaseKey baseKeyFor(const Knobs &knobs, double widthMultiplier, int depth) const;
    // Recomputes base (if the key changed), multiplier, edits and propagation into `out`.
    Status rebuild(Design &out) const;
    static Result<std::shared_ptr<const Graph>> buildBase(const Design &d, const BaseKey &key);
    Status applyEdit(Graph &graph, const DesignEdit &edit, ResizeSummary *summary) const;
    // Takes the propagation's bindings, notes and warnings; resolves a default batch; checks the phase.
    Status takeBindings(const BoundShapes &bound, const Graph &graph);
    template <typename F>
    Status change(F &&mutate);

    QString m_source;
    QString m_inputShapes;
    SourceKind m_sourceKind = SourceKind::Imported;
    QString m_format;
    Knobs m_knobs;
    double m_widthMultiplier = 1.0;
    int m_depth = -1;
    std::vector<DesignEdit> m_edits;
    QMap<QString, Precision> m_nodePrecisions;

    BaseKey m_baseKey;
    std::shared_ptr<const Graph> m_base;      // the source's graph at m_baseKey (shapes propagated)
    std::shared_ptr<const Graph> m_graph;     // base + multiplier + edits, propagated at the knobs
    PropagationReport m_report;
    ShapeBindings m_bindings;
    QStringList m_notes;
    QStringList m_warnings;
    QStringList m_importNotes;
    QStringList m_importWarnings;
    ImportDiagnostics m_importDiagnostics;
    // Set by open() from the importer's propagation of m_base at m_knobs' bindings; the first
    // rebuild() takes it instead of propagating the same graph again, and clears it.
    std::optional<BoundShapes> m_importedShapes;
    ResizeSummary m_lastResize;
    QStringList m_lastSkipped;
};

}  // namespace infersight
