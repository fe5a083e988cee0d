// SPDX-License-Identifier: MIT
#include "design/design.h"

#include "graph/shape_binding.h"
#include "importers/hfconfig/hf_config_importer.h"
#include "zoo/model_zoo.h"

#include <algorithm>
#include <cmath>

namespace infersight {

QString designEditKindName(DesignEdit::Kind kind) {
    return kind == DesignEdit::Kind::AttentionHeads ? QStringLiteral("heads") : QStringLiteral("width");
}

std::optional<DesignEdit::Kind> designEditKindFromName(const QString &name) {
    if (name == QLatin1String("width")) {
        return DesignEdit::Kind::LayerWidth;
    }
    if (name == QLatin1String("heads")) {
        return DesignEdit::Kind::AttentionHeads;
    }
    return std::nullopt;
}

QString DesignEdit::describe() const {
    return kind == Kind::AttentionHeads ? QStringLiteral("heads of '%1' = %2").arg(node).arg(value)
                                        : QStringLiteral("width of '%1' = %2").arg(node).arg(value);
}

bool isZooSource(const QString &source) { return source.startsWith(QLatin1String("zoo:")); }

namespace {

// The builders' options. The batch is not one of them: the builders' Batch dims are symbolic and
// take the knob when the shapes are propagated (completeBindings decides a default batch).
ZooOptions zooOptionsFor(const Knobs &knobs, double widthMultiplier, int depth) {
    ZooOptions o;
    o.image = knobs.height > 0 ? knobs.height : knobs.width;
    o.seq = knobs.sequence;
    o.widthMult = widthMultiplier;
    o.depth = depth;
    o.decode = knobs.phase == DecoderPhase::Decode;
    o.context = o.decode ? knobs.context : -1;
    return o;
}

// Appends the entries of `more` that `list` does not hold yet.
QStringList joinedOnce(QStringList list, const QStringList &more) {
    for (const QString &entry : more) {
        if (!list.contains(entry)) {
            list << entry;
        }
    }
    return list;
}

// Whether the graph takes a KV cache: an input named past_* or with a Context dimension.
bool hasKvCacheInputs(const Graph &graph) {
    for (int v : graph.inputs) {
        const Value &value = graph.values[static_cast<std::size_t>(v)];
        if (value.name.startsWith(QLatin1String("past_"))) {
            return true;
        }
        for (const Dim &d : value.declared) {
            if (d.role == DimRole::Context) {
                return true;
            }
        }
    }
    return false;
}

}  // namespace

Design::BaseKey Design::baseKeyFor(const Knobs &knobs, double widthMultiplier, int depth) const {
    BaseKey key;
    if (m_sourceKind == SourceKind::Imported) {
        return key;  // imported once; knobs re-bind, the multiplier is graph surgery
    }
    key.phase = knobs.phase;
    key.image = knobs.height > 0 ? knobs.height : knobs.width;
    key.sequence = knobs.sequence;
    key.widthMultiplier = widthMultiplier;
    key.depth = depth;
    return key;
}

Result<std::shared_ptr<const Graph>> Design::buildBase(const Design &d, const BaseKey &key) {
    Knobs knobs = d.m_knobs;
    knobs.phase = key.phase;
    Result<Graph> graph = Error{};
    switch (d.m_sourceKind) {
    case SourceKind::Zoo:
        if (knobs.height > 0 && knobs.width > 0 && knobs.height != knobs.width) {
            return Error{QStringLiteral("%1: zoo models take square images (asked %2x%3)").arg(d.m_source).arg(knobs.height).arg(knobs.width)};
        }
        graph = buildZooModel(d.m_source, zooOptionsFor(knobs, key.widthMultiplier, key.depth));
        break;
    case SourceKind::HfConfig:
        graph = importHfConfig(d.m_source, zooOptionsFor(knobs, key.widthMultiplier, key.depth));
        break;
    case SourceKind::Imported:
        return Error{QStringLiteral("%1: internal error: an imported model is never rebuilt").arg(d.m_source)};
    }
    if (!graph) {
        return graph.error();
    }
    return std::shared_ptr<const Graph>(std::make_shared<Graph>(std::move(*graph)));
}

Result<Design> Design::open(const QString &source, const Knobs &knobs, const QString &inputShapes, ImportCheck check) {
    if (source.isEmpty()) {
        return Error{QStringLiteral("no model given")};
    }
    if (knobs.batch == 0) {
        return Error{QStringLiteral("the batch size must be at least 1 (asked 0)")};
    }
    Design d;
    d.m_source = source;
    d.m_inputShapes = inputShapes;
    d.m_knobs = knobs;
    if (isZooSource(source)) {
        d.m_sourceKind = SourceKind::Zoo;
        d.m_format = QStringLiteral("zoo");
    } else if (source.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        // A HuggingFace config.json; the importer names the file and the field when it is not one.
        d.m_sourceKind = SourceKind::HfConfig;
        d.m_format = QStringLiteral("hfconfig");
        // What the file says that the builder reads otherwise (an unknown hidden_act). Read once
        // more by buildBase, which reports the file's errors.
        if (auto config = readHfConfig(source)) {
            d.m_importWarnings = config->warnings;
        }
    } else {
        d.m_sourceKind = SourceKind::Imported;
        ImportOptions options;
        options.bindings = knobs.bindings();
        options.libonnxDiagnostic = check == ImportCheck::Libonnx;
        options.inputShapes = inputShapes;
        auto imported = importModelFile(source, options);
        if (!imported) {
            return imported.error();
        }
        d.m_format = imported->format;
        d.m_importNotes = imported->notes;
        d.m_importWarnings = imported->warnings;
        d.m_importDiagnostics = imported->diagnostics;
        d.m_importedShapes = std::move(imported->shapes);
        // Non-const: rebuild() takes it over instead of copying it (see there).
        d.m_base = std::make_shared<Graph>(std::move(imported->graph));
    }
    if (Status st = d.rebuild(d); !st) {
        return Error{st.errorMessage()};
    }
    return d;
}

Result<Design> Design::fromGraph(Graph graph, const Knobs &knobs, const QString &format) {
    if (knobs.batch == 0) {
        return Error{QStringLiteral("the batch size must be at least 1 (asked 0)")};
    }
    Design d;
    d.m_source = graph.sourcePath.isEmpty() ? graph.name : graph.sourcePath;
    d.m_knobs = knobs;
    d.m_sourceKind = SourceKind::Imported;
    d.m_format = format;
    d.m_base = std::make_shared<Graph>(std::move(graph));  // non-const: see rebuild()
    if (Status st = d.rebuild(d); !st) {
        return Error{st.errorMessage()};
    }
    return d;
}

Status Design::applyEdit(Graph &graph, const DesignEdit &edit, ResizeSummary *summary) const {
    int node = -1;
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
        if (graph.nodes[i].name == edit.node) {
            node = static_cast<int>(i);
            break;
        }
    }
    if (node < 0) {
        return Error{QStringLiteral("%1: there is no node named '%2'").arg(edit.describe(), edit.node)};
    }
    auto fail = [&edit](const QString &why) { return Error{QStringLiteral("%1: %2").arg(edit.describe(), why)}; };
    DimSlot slot;
    std::int64_t width = 0;
    int headReshape = -1;
    if (edit.kind == DesignEdit::Kind::AttentionHeads) {
        auto heads = attentionHeads(graph, node);
        if (!heads) {
            return fail(heads.errorMessage());
        }
        if (edit.value < 1) {
            return fail(QStringLiteral("the head count must be at least 1"));
        }
        slot = heads->projection;
        width = edit.value * heads->headSize;
        headReshape = heads->reshapeNode;
    } else {
        auto s = layerWidthSlot(graph, node);
        if (!s) {
            return fail(s.errorMessage());
        }
        slot = *s;
        width = edit.value;
    }
    // `graph` is the caller's working copy: resized in place (dropped by the caller on failure).
    auto resized = resizeChannelsInPlace(graph, slot, width, m_bindings);
    if (!resized) {
        return fail(resized.errorMessage());
    }
    if (headReshape >= 0) {
        auto after = attentionHeads(graph, node);
        if (!after || after->heads != edit.value) {
            return fail(QStringLiteral("the head split at '%1' did not follow the edit")
                            .arg(graph.nodes[static_cast<std::size_t>(headReshape)].name));
        }
    }
    if (summary) {
        *summary = std::move(*resized);
    }
    return Status::success();
}

Status Design::rebuild(Design &out) const {
    // `out` has the wanted source, knobs, structure and edits; m_* of *this are the previous state
    // (identical to `out` on open).
    const BaseKey key = out.baseKeyFor(out.m_knobs, out.m_widthMultiplier, out.m_depth);
    if (out.m_sourceKind != SourceKind::Imported && (!out.m_base || !(key == out.m_baseKey))) {
        auto base = buildBase(out, key);
        if (!base) {
            return base.error();
        }
        out.m_base = std::move(*base);
        out.m_baseKey = key;
    }
    // An imported model with no width multiplier and no edits is its own base: when `out` is the
    // base's only holder (open() and fromGraph(), which create it non-const), take the graph over
    // rather than copy it, and share the result as the base below. A copy held a second graph the
    // size of the model (issue 15, item 5: 1.9 KB per node on a million-node chain).
    const bool ownBase = out.m_sourceKind == SourceKind::Imported && out.m_widthMultiplier == 1.0 && out.m_edits.empty() &&
                         out.m_base.use_count() == 1;
    Graph graph;
    if (ownBase) {
        graph = std::move(const_cast<Graph &>(*out.m_base));
        out.m_base.reset();
    } else {
        graph = *out.m_base;
    }
    const QString name = out.m_source;
    // The graph as the importer left it, propagated at these very knobs (open() asked the importer
    // for them): propagating again would only repeat a pass over every node (issue 15, item 5).
    std::optional<BoundShapes> imported = std::move(out.m_importedShapes);
    out.m_importedShapes.reset();
    Result<BoundShapes> bound = ownBase && imported ? Result<BoundShapes>(std::move(*imported))
                                                    : propagateAtBindings(graph, out.m_knobs.bindings(), name);
    if (!bound) {
        return bound.error();
    }
    if (Status st = out.takeBindings(*bound, graph); !st) {
        return st;
    }
    out.m_lastSkipped.clear();
    if (out.m_sourceKind == SourceKind::Imported && out.m_widthMultiplier != 1.0) {
        auto scaled = scaleAllWidths(graph, out.m_widthMultiplier, out.m_bindings);
        if (!scaled) {
            return Error{QStringLiteral("%1: %2").arg(name, scaled.errorMessage())};
        }
        if (scaled->groupsScaled == 0) {
            return Error{QStringLiteral("%1: no layer width could be scaled by %2 (%3)")
                             .arg(name)
                             .arg(out.m_widthMultiplier)
                             .arg(scaled->skipped.isEmpty() ? QStringLiteral("no layers with weights") : scaled->skipped.front())};
        }
        graph = std::move(scaled->graph);
        out.m_report = scaled->report;
        out.m_lastSkipped = scaled->skipped;
    }
    for (const DesignEdit &edit : out.m_edits) {
        ResizeSummary summary;
        if (Status st = out.applyEdit(graph, edit, &summary); !st) {
            return st;
        }
        out.m_report = summary.report;
        out.m_lastResize = summary;
    }
    for (auto it = out.m_nodePrecisions.cbegin(); it != out.m_nodePrecisions.cend(); ++it) {
        bool found = false;
        for (const Node &n : graph.nodes) {
            found = found || n.name == it.key();
        }
        if (!found) {
            return Error{QStringLiteral("precision override for '%1': there is no node of that name").arg(it.key())};
        }
    }
    out.m_graph = std::make_shared<Graph>(std::move(graph));  // non-const: it may become the base
    if (ownBase) {
        out.m_base = out.m_graph;
    }
    return Status::success();
}

void Design::addWarnings(const QStringList &warnings) {
    m_importWarnings = joinedOnce(m_importWarnings, warnings);
    m_warnings = joinedOnce(m_warnings, warnings);
}

Status Design::takeBindings(const BoundShapes &bound, const Graph &graph) {
    if (m_knobs.phase == DecoderPhase::Decode && !hasKvCacheInputs(graph)) {
        return Error{QStringLiteral("%1 has no KV-cache inputs: the decode phase applies to decoder LLMs only").arg(m_source)};
    }
    m_bindings = bound.bindings;
    m_report = bound.report;
    m_notes = joinedOnce(m_importNotes, bound.notes);
    m_warnings = joinedOnce(m_importWarnings, bound.warnings);
    if (m_knobs.batch < 1) {
        m_knobs.batch = std::max<std::int64_t>(1, m_bindings.batch);  // the model's default, decided by completeBindings
    }
    return Status::success();
}

template <typename F>
Status Design::change(F &&mutate) {
    Design next = *this;
    if (Status st = mutate(next); !st) {
        return st;
    }
    *this = std::move(next);
    return Status::success();
}

Status Design::setKnobs(const Knobs &knobs) {
    if (knobs.batch == 0) {
        return Error{QStringLiteral("the batch size must be at least 1 (asked %1)").arg(knobs.batch)};
    }
    return change([&](Design &next) -> Status {
        next.m_knobs = knobs;
        const bool rebindOnly = next.baseKeyFor(knobs, m_widthMultiplier, m_depth) == m_baseKey && m_graph;
        if (knobs.bindings() == m_knobs.bindings() && rebindOnly) {
            return Status::success();  // precision / runtime only: same graph
        }
        if (!rebindOnly) {
            return rebuild(next);
        }
        // Same structure: re-propagate the edited graph at the new bindings.
        Graph graph = *m_graph;
        auto bound = propagateAtBindings(graph, knobs.bindings(), m_source);
        if (!bound) {
            return bound.error();
        }
        if (Status st = next.takeBindings(*bound, graph); !st) {
            return st;
        }
        next.m_graph = std::make_shared<const Graph>(std::move(graph));
        return Status::success();
    });
}

Status Design::setBatch(std::int64_t batch) {
    Knobs k = m_knobs;
    k.batch = batch;
    return setKnobs(k);
}

Status Design::setSequence(std::int64_t sequence) {
    Knobs k = m_knobs;
    k.sequence = sequence;
    return setKnobs(k);
}

Status Design::setImageSize(std::int64_t height, std::int64_t width) {
    Knobs k = m_knobs;
    k.height = height;
    k.width = width;
    return setKnobs(k);
}

Status Design::setPrecision(Precision precision) {
    Knobs k = m_knobs;
    k.precision = precision;
    return setKnobs(k);
}

Status Design::setRuntime(Runtime runtime) {
    Knobs k = m_knobs;
    k.runtime = runtime;
    return setKnobs(k);
}

Status Design::setPhase(DecoderPhase phase, std::int64_t context) {
    Knobs k = m_knobs;
    k.phase = phase;
    k.context = context;
    return setKnobs(k);
}

Status Design::setWidthMultiplier(double multiplier) {
    if (!(multiplier > 0.0) || multiplier > 16.0 || !std::isfinite(multiplier)) {
        return Error{QStringLiteral("the width multiplier must be in (0, 16] (asked %1)").arg(multiplier)};
    }
    if (multiplier == m_widthMultiplier) {
        return Status::success();
    }
    return change([&](Design &next) {
        next.m_widthMultiplier = multiplier;
        return rebuild(next);
    });
}

Status Design::setDepth(int depth) {
    if (depth == m_depth) {
        return Status::success();
    }
    if (m_sourceKind == SourceKind::Imported) {
        return Error{QStringLiteral("%1: depth edits need a zoo model or a HuggingFace config; an imported %2 graph has no "
                                    "builder to repeat or drop its blocks (open the model as zoo:NAME or from its config.json)")
                         .arg(m_source, m_format.isEmpty() ? QStringLiteral("model") : m_format.toUpper())};
    }
    if (depth == 0 || depth < -1) {
        return Error{QStringLiteral("the depth must be at least 1 (asked %1)").arg(depth)};
    }
    return change([&](Design &next) {
        next.m_depth = depth;
        return rebuild(next);
    });
}

Status Design::addEdit(const DesignEdit &edit) {
    return change([&](Design &next) -> Status {
        Graph graph = *m_graph;
        ResizeSummary summary;
        if (Status st = applyEdit(graph, edit, &summary); !st) {
            return st;
        }
        next.m_edits.push_back(edit);
        next.m_report = summary.report;
        next.m_lastResize = summary;
        next.m_graph = std::make_shared<const Graph>(std::move(graph));
        return Status::success();
    });
}

Status Design::replaceEdit(std::size_t index, const DesignEdit &edit) {
    if (index >= m_edits.size()) {
        return Error{QStringLiteral("there is no edit %1 (the design has %2)").arg(index).arg(m_edits.size())};
    }
    if (index + 1 == m_edits.size() && m_edits[index].node == edit.node && m_edits[index].kind == edit.kind) {
        // The last edit changed again (a slider being dragged): apply on top of the current graph.
        return change([&](Design &next) -> Status {
            Graph graph = *m_graph;
            ResizeSummary summary;
            if (Status st = applyEdit(graph, edit, &summary); !st) {
                return st;
            }
            next.m_edits[index] = edit;
            next.m_report = summary.report;
            next.m_lastResize = summary;
            next.m_graph = std::make_shared<const Graph>(std::move(graph));
            return Status::success();
        });
    }
    return change([&](Design &next) {
        next.m_edits[index] = edit;
        return rebuild(next);
    });
}

Status Design::removeEdit(std::size_t index) {
    if (index >= m_edits.size()) {
        return Error{QStringLiteral("there is no edit %1 (the design has %2)").arg(index).arg(m_edits.size())};
    }
    return change([&](Design &next) {
        next.m_edits.erase(next.m_edits.begin() + static_cast<std::ptrdiff_t>(index));
        return rebuild(next);
    });
}

Status Design::setEdits(std::vector<DesignEdit> edits) {
    if (edits == m_edits) {
        return Status::success();
    }
    return change([&](Design &next) {
        next.m_edits = std::move(edits);
        return rebuild(next);
    });
}

Status Design::setNodePrecision(const QString &node, std::optional<Precision> precision) {
    if (precision && findNode(node) < 0) {
        return Error{QStringLiteral("precision override for '%1': there is no node of that name").arg(node)};
    }
    return change([&](Design &next) -> Status {
        if (precision) {
            next.m_nodePrecisions.insert(node, *precision);
        } else {
            next.m_nodePrecisions.remove(node);
        }
        return Status::success();
    });
}

Status Design::setNodePrecisions(QMap<QString, Precision> precisions) {
    for (auto it = precisions.cbegin(); it != precisions.cend(); ++it) {
        if (findNode(it.key()) < 0) {
            return Error{QStringLiteral("precision override for '%1': there is no node of that name").arg(it.key())};
        }
    }
    m_nodePrecisions = std::move(precisions);
    return Status::success();
}

int Design::findNode(const QString &name) const {
    if (!m_graph) {
        return -1;
    }
    for (std::size_t i = 0; i < m_graph->nodes.size(); ++i) {
        if (m_graph->nodes[i].name == name) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

Result<std::int64_t> Design::layerWidth(const QString &node) const {
    const int n = findNode(node);
    if (n < 0) {
        return Error{QStringLiteral("there is no node named '%1'").arg(node)};
    }
    auto slot = layerWidthSlot(*m_graph, n);
    if (!slot) {
        return slot.error();
    }
    return m_graph->values[static_cast<std::size_t>(slot->value)].shape[static_cast<std::size_t>(slot->axis)];
}

Result<ChannelGroup> Design::widthGroup(const QString &node) const {
    const int n = findNode(node);
    if (n < 0) {
        return Error{QStringLiteral("there is no node named '%1'").arg(node)};
    }
    auto slot = layerWidthSlot(*m_graph, n);
    if (!slot) {
        return slot.error();
    }
    return findChannelGroup(*m_graph, *slot);
}

Result<HeadLayout> Design::heads(const QString &node) const {
    const int n = findNode(node);
    if (n < 0) {
        return Error{QStringLiteral("there is no node named '%1'").arg(node)};
    }
    return attentionHeads(*m_graph, n);
}

bool Design::sameState(const Design &other) const {
    if (m_source != other.m_source || !(m_knobs == other.m_knobs) || m_widthMultiplier != other.m_widthMultiplier ||
        m_depth != other.m_depth || m_edits != other.m_edits || m_nodePrecisions != other.m_nodePrecisions) {
        return false;
    }
    if (m_graph == other.m_graph) {
        return true;
    }
    if (!m_graph || !other.m_graph) {
        return false;
    }
    const Graph &a = *m_graph;
    const Graph &b = *other.m_graph;
    if (a.values.size() != b.values.size() || a.nodes.size() != b.nodes.size() || a.parameterCount() != b.parameterCount()) {
        return false;
    }
    for (std::size_t i = 0; i < a.values.size(); ++i) {
        if (a.values[i].shape != b.values[i].shape || a.values[i].name != b.values[i].name) {
            return false;
        }
    }
    return true;
}

}  // namespace infersight
