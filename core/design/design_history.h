// SPDX-License-Identifier: MIT
// Undo/redo of Design changes, widget-free. Every change is a DesignChange value (the Design before
// and after, which share their graphs), so restoring either side is exact and costs nothing. The
// GUI can wrap each DesignChange in a QUndoCommand (redo() sets `after`, undo() sets `before`) or
// use DesignHistory directly.
#pragma once

#include "base/result.h"
#include "design/design.h"

#include <QString>

#include <functional>
#include <vector>

namespace infersight {

struct DesignChange {
    QString text;        // "Width of 'layer1.0/conv1' = 32", for the Edit menu
    int mergeKey = -1;   // consecutive changes with the same key >= 0 merge into one (slider drags)
    Design before;
    Design after;
};

class DesignHistory {
public:
    explicit DesignHistory(Design initial = {}, int limit = 100);

    const Design &current() const { return m_current; }

    // Runs `mutate` on a copy of the current design; on success records the change and makes the
    // copy current. On failure nothing changes and the error is returned.
    Status apply(const QString &text, const std::function<Status(Design &)> &mutate, int mergeKey = -1);
    // Records an already computed change (its `before` must be the current design).
    Status push(DesignChange change);
    // Replaces the whole design (e.g. a project loaded) as an undoable change.
    void reset(Design design, const QString &text);

    bool canUndo() const { return m_index > 0; }
    bool canRedo() const { return m_index < m_changes.size(); }
    QString undoText() const;
    bool undo();
    bool redo();
    void clear();  // forgets every change, keeps the current design

    std::size_t count() const { return m_changes.size(); }
    std::size_t index() const { return m_index; }  // changes applied (undo steps available)
    const std::vector<DesignChange> &changes() const { return m_changes; }
    int limit() const { return m_limit; }

    // Merge keys for the common knob edits.
    enum MergeKey : int { MergeBatch = 1, MergeSequence, MergeImage, MergeWidthMultiplier, MergeDepth, MergeLastEdit };

private:
    Design m_current;
    std::vector<DesignChange> m_changes;
    std::size_t m_index = 0;
    int m_limit = 100;
};

}  // namespace infersight
