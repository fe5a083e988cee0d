// SPDX-License-Identifier: MIT
#include "design/design_history.h"

namespace infersight {

DesignHistory::DesignHistory(Design initial, int limit) : m_current(std::move(initial)), m_limit(std::max(1, limit)) {}

Status DesignHistory::apply(const QString &text, const std::function<Status(Design &)> &mutate, int mergeKey) {
    Design next = m_current;
    if (Status st = mutate(next); !st) {
        return st;
    }
    return push(DesignChange{text, mergeKey, m_current, std::move(next)});
}

Status DesignHistory::push(DesignChange change) {
    if (!change.before.sameState(m_current)) {
        return Error{QStringLiteral("internal error: the change '%1' does not start from the current design").arg(change.text)};
    }
    m_changes.erase(m_changes.begin() + static_cast<std::ptrdiff_t>(m_index), m_changes.end());
    if (change.mergeKey >= 0 && !m_changes.empty() && m_changes.back().mergeKey == change.mergeKey) {
        // Keep the first change's `before`: one undo step takes the whole drag back.
        m_changes.back().after = change.after;
        m_changes.back().text = change.text;
        m_current = std::move(change.after);
        return Status::success();
    }
    m_current = change.after;
    m_changes.push_back(std::move(change));
    if (m_changes.size() > static_cast<std::size_t>(m_limit)) {
        m_changes.erase(m_changes.begin());
    }
    m_index = m_changes.size();
    return Status::success();
}

void DesignHistory::reset(Design design, const QString &text) {
    DesignChange change{text, -1, m_current, std::move(design)};
    m_changes.erase(m_changes.begin() + static_cast<std::ptrdiff_t>(m_index), m_changes.end());
    m_current = change.after;
    m_changes.push_back(std::move(change));
    if (m_changes.size() > static_cast<std::size_t>(m_limit)) {
        m_changes.erase(m_changes.begin());
    }
    m_index = m_changes.size();
}

QString DesignHistory::undoText() const { return canUndo() ? m_changes[m_index - 1].text : QString(); }


bool DesignHistory::undo() {
    if (!canUndo()) {
        return false;
    }
    --m_index;
    m_current = m_changes[m_index].before;
    return true;
}

bool DesignHistory::redo() {
    if (!canRedo()) {
        return false;
    }
    m_current = m_changes[m_index].after;
    ++m_index;
    return true;
}

void DesignHistory::clear() {
    m_changes.clear();
    m_index = 0;
}

}  // namespace infersight
