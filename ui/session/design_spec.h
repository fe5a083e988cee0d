// SPDX-License-Identifier: MIT
// The part of a Design the explorer's knobs and edits change (knobs, structure, edits, per-node
// precisions), as a plain value: what the undo stack records, what a project stores besides the
// source, and what the prediction worker brings its Design to. The source (file, zoo name) is not
// in it: opening another model is not an undoable change.
#pragma once

#include "base/result.h"
#include "design/design.h"
#include "design/project_file.h"
#include "hardware/target.h"
#include "predict/weight_format.h"

#include <QColor>
#include <QJsonObject>
#include <QMap>
#include <QString>

#include <optional>
#include <vector>

namespace infersight {

// How a decoder LLM is served (only used when the model has a decode phase): the request's output
// length (its prompt is the sequence knob), the weight format and the serving runtime
// (core/explore/llm_serving.h). Not part of the Design: it changes what is asked, not the graph.
struct LlmSettings {
    std::int64_t outputTokens = 128;
    WeightFormat weights = WeightFormat::Native;
    QString runtime;  // LlmRuntime id ("vllm", "hf-eager", ...); empty: the default of knobs.runtime
    bool operator==(const LlmSettings &) const = default;
};

// The project file's "llm" section: the LLM settings above (the prompt is the sequence knob, stored
// with the knobs): {"version": 1, "output_tokens": 256, "weights": "w4a16", "runtime": "vllm"}.
// Written by the explorer next to Project::toJson (core/design/project_file.h lists "llm" as known).
inline constexpr int kLlmSettingsVersion = 1;
QJsonObject llmSettingsJson(const LlmSettings &llm);
// Reads the "llm" section of a project's top-level object (absent: the defaults). A newer version,
// an unknown field, weight format or runtime, or an output length outside 1..`maxOutputTokens` is
// refused with one line naming `fileName` and the field ("run.infersight: field 'llm.weights':
// 'q9' is not a weight format (one of ...)").
Result<LlmSettings> llmSettingsFromProject(const QJsonObject &root, const QString &fileName, std::int64_t maxOutputTokens);

struct DesignSpec {
    Knobs knobs;
    double widthMultiplier = 1.0;
    int depth = -1;  // -1: the model's own
    std::vector<DesignEdit> edits;
    QMap<QString, Precision> nodePrecisions;
    LlmSettings llm;

    // The design's part (LlmSettings default).
    static DesignSpec of(const Design &design);
    bool operator==(const DesignSpec &) const = default;
    // Equal apart from the batch and the precision (what the sweeps vary).
    bool sameApartFromBatchAndPrecision(const DesignSpec &other) const;
    // Equal in what the Design holds (LlmSettings ignored).
    bool sameDesign(const DesignSpec &other) const;
};

// Brings `design` to `spec`, changing only what differs (a batch step re-propagates, a precision
// step costs nothing). On failure `design` is left as it was and the engine's reason is returned.
Status applySpec(Design &design, const DesignSpec &spec);

// One entry of the target list: what the project stores, plus the colour slot it keeps for its
// lifetime (index into the Okabe-Ito palette, ui/charts/palette.h).
struct SessionTarget {
    ProjectTarget spec;
    int colourIndex = 0;
    bool operator==(const SessionTarget &) const = default;
};

// A target of the list resolved against the GPU catalogue: the Target, or why it cannot be made
// (unknown GPU id in a project, a MIG profile the GPU lacks).
struct ResolvedTarget {
    QString key;     // Target::key(), or a key made from the spec when it does not resolve
    QString label;   // Target::label(), or the spec as text
    QColor colour;
    std::optional<Target> target;
    QString error;
    // Distinguishes GPU definitions with the same key (a user GPU edited and saved again).
    QString revision;
};

// "a100-sxm4-80gb", "a100-sxm4-80gb MIG 1g.10gb", "h100-sxm5-80gb MPS 50 %" (for errors and lists).
QString targetSpecText(const ProjectTarget &spec);

}  // namespace infersight
