// SPDX-License-Identifier: MIT
// The inspector dock's content: everything about the selected node. Its op, domain and attributes;
// input and output tensors; MACs, FLOPs, bytes and parameters at the current shapes; the predicted
// latency on every target with its 80 % band, bound and share of the total; its kernels on the
// current target. For a layer whose width can change (output channels, out-features, hidden or FFN
// size, attention heads) a spin box applies the design's per-layer edit: the layers it changes are
// highlighted in the graph (dependentsChanged), the session re-predicts, the edit is undoable, and
// an edit the engine refuses shows the engine's reason and changes nothing.
#pragma once

#include "base/result.h"
#include "design/design.h"
#include "session/session_results.h"

#include <QStringList>
#include <QWidget>

#include <functional>
#include <memory>

class QFormLayout;
class QGroupBox;
class QLabel;
class QSpinBox;
class QTableWidget;

namespace infersight {

class NodeInspector : public QWidget {
    Q_OBJECT
public:
    explicit NodeInspector(QWidget *parent = nullptr);

    // Applies an edit (through the session's undo stack); returns the engine's refusal.
    using EditHandler = std::function<Status(const DesignEdit &)>;
    void setEditHandler(EditHandler handler) { m_applyEdit = std::move(handler); }

    // The results to show numbers from (design snapshot, every target's prediction, the current
    // target). The inspector keeps showing the same node by name.
    void setResults(std::shared_ptr<const SessionResults> results);
    // The design alone (before any prediction): shapes, costs and the width edit.
    void setDesign(std::shared_ptr<const Design> design);
    void setCurrentTarget(int index);
    void showNode(const QString &name);  // empty: nothing selected
    QString node() const { return m_node; }

    // For tests and the main window.
    QSpinBox *widthSpinBox() const { return m_widthSpin; }
    QSpinBox *headsSpinBox() const { return m_headsSpin; }
    QString editMessage() const;
    QStringList dependents() const { return m_dependents; }

signals:
    // Nodes a width edit of the shown layer changes (its channel group); empty when none.
    void dependentsChanged(const QStringList &nodes);

private:
    void refresh();
    void showEmpty(const QString &text);
    void fillHeader(const Graph &graph, int index);
    void fillEdit(const Design &design, int index);
    void fillShapes(const Graph &graph, int index);
    void fillCost(const Graph &graph, int index);
    void fillTargets(int index);
    void fillKernels(int index);
    void fillAttributes(const Graph &graph, int index);
    void applyWidth(int value);
    void applyHeads(int value);
    void setMessage(const QString &text, bool error);
    const Design *design() const;

    EditHandler m_applyEdit;
    std::shared_ptr<const SessionResults> m_results;
    std::shared_ptr<const Design> m_design;   // when no results yet
    int m_currentTarget = 0;
    QString m_node;
    QStringList m_dependents;
    std::int64_t m_width = 0;
    std::int64_t m_heads = 0;

    QLabel *m_empty = nullptr;
    QWidget *m_scroll = nullptr;
    QWidget *m_content = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_subtitle = nullptr;
    QGroupBox *m_editBox = nullptr;
    QLabel *m_widthLabel = nullptr;
    QSpinBox *m_widthSpin = nullptr;
    QLabel *m_headsLabel = nullptr;
    QSpinBox *m_headsSpin = nullptr;
    QLabel *m_editInfo = nullptr;
    QLabel *m_editMessage = nullptr;
    QTableWidget *m_tensors = nullptr;
    QFormLayout *m_costForm = nullptr;
    QLabel *m_macs = nullptr;
    QLabel *m_flops = nullptr;
    QLabel *m_bytes = nullptr;
    QLabel *m_params = nullptr;
    QLabel *m_intensity = nullptr;
    QLabel *m_share = nullptr;
    QTableWidget *m_targets = nullptr;
    QGroupBox *m_kernelBox = nullptr;
    QTableWidget *m_kernels = nullptr;
    QTableWidget *m_attributes = nullptr;
};

}  // namespace infersight
