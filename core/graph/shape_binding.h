// SPDX-License-Identifier: MIT
// How imported models' input dimensions map to the knobs (batch, sequence, image size), and how
// the knobs' defaults are chosen (the one place a default batch, sequence or image size is decided).
// Graph-only; shared by every importer and by Design.
#pragma once

#include "base/result.h"
#include "graph/graph.h"
#include "graph/shape_inference.h"

#include <QString>
#include <QStringList>

namespace infersight {

// Bindings where every knob, the batch included, takes the model's default.
ShapeBindings modelDefaultBindings();

// Gives the dimensions of the graph's inputs their roles. Source symbols come in as
// Dim{-1, name, DimRole::Other}, static dims as DimRole::Fixed.
//
// Rules, in order (the first that applies wins; a dim keeps its declared value as its default):
//  1. By symbol name (case-insensitive):
//     - contains "batch", or is one of n, b, bs, bsz                        -> Batch
//     - contains "past", "cache" or "context"                              -> Context
//     - contains "seq", "length", "len" or "token"                          -> Sequence
//     - contains "height" or is "h"                                          -> Height
//     - contains "width" or is "w"                                           -> Width
//     - otherwise the dim stays Other and is bound through ShapeBindings::symbols
//  2. By position, for dims that rule 1 left Fixed (static) or Other (unrecognised symbol):
//     - rank-4 floating input with a static channel dim and no dim named as sequence/context
//       (image [N,C,H,W]): dim 0 -> Batch, dim 2 -> Height, dim 3 -> Width
//     - rank-5 floating input likewise (video [N,C,T,H,W]): dim 0 -> Batch, dim 3 -> Height,
//       dim 4 -> Width
//     - other rank-4 floating inputs (masks [B,1,S,S], KV caches [B,H,past,D]): dim 0 -> Batch
//     - rank-2 integer input (token ids / masks [B,S]): dim 0 -> Batch, dim 1 -> Sequence
//     - rank-3 floating input (embeddings [B,S,D]): dim 0 -> Batch, dim 1 -> Sequence
//  A static dim that gets a role keeps an empty symbol and its exported value: the knob rebinds it
//  where the model allows (CNNs), and propagateAtBindings reports when the export's constants do
//  not allow it ("exported with a fixed batch size of 1").
//  Dims with neither value nor name get the symbol "<input>.<index>".
void assignInputDimRoles(Graph &graph);

// Fills knobs left < 0 in `requested` with the model's defaults:
//  - batch: the exported value of a static batch dim, else 1;
//  - sequence: the exported value of a static sequence dim, else 128 when a symbolic sequence
//    dim has no value (noted);
//  - height/width: exported values, else 224 (noted);
//  - context: left unset (warned when a context dim has no value).
// Symbols of role Other without a value or binding are warned about.
ShapeBindings completeBindings(const Graph &graph, const ShapeBindings &requested, QStringList *notes = nullptr,
                               QStringList *warnings = nullptr);

struct BoundShapes {
    PropagationReport report;
    ShapeBindings bindings;   // what the shapes were computed for, defaults filled in
    QStringList notes;
    QStringList warnings;
};

// completeBindings + propagateShapes. When a static dim of the export was rebound to another
// value and propagation then fails (node errors or more unknown shapes than at the exported
// values), returns an error saying that the model was exported with that fixed size; the graph
// then holds the shapes at the exported values. `sourceName` prefixes error messages.
Result<BoundShapes> propagateAtBindings(Graph &graph, const ShapeBindings &requested, const QString &sourceName);

}  // namespace infersight
