// SPDX-License-Identifier: MIT
// KnobsPanel: the explorer window's knobs (GPU, MIG slice, MPS share, host system, batch, image size, sequence,
// precision, runtime, decode phase and context, width multiplier, depth; for decoder LLMs the
// serving runtime, weight format and output length of the request). It drives an
// ExplorerSession both ways: session signals set the widgets (without feeding back), widget changes
// call the session's setters (a slider drag is one undo step: `continuing` after its first step).
// A change the session refuses shows the engine's reason (label "knobError" and message()) and the
// widget returns to the session's value. The GPU, MIG and MPS widgets edit the current target.
#pragma once

#include "design/knobs.h"

#include <QWidget>

#include <cstdint>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSlider;
class QSpinBox;

namespace infersight {

class ExplorerSession;
class Status;

class KnobsPanel : public QWidget {
    Q_OBJECT
public:
    explicit KnobsPanel(ExplorerSession *session, QWidget *parent = nullptr);
    ~KnobsPanel() override;

    ExplorerSession *session() const { return m_session; }

    // Batch slider position <-> batch (logarithmic, kMinBatch .. kMaxBatch).
    static int sliderPosition(std::int64_t batch);
    static std::int64_t sliderBatch(int position);

signals:
    // A refused change (the engine's reason) or an empty string when the last change went through.
    void message(const QString &text);

private:
    void buildWidgets();
    // Session -> widgets (guarded so the widgets' signals do not call the session back).
    void syncFromSession();
    void syncTarget();
    void syncModel();
    void syncSpec();
    void fillGpuCombo();
    void fillMigCombo(const QString &gpuKey);
    void fillPrecisionCombo();
    // What each precision runs its GEMMs and convolutions on (the combo's item tooltips).
    static QString precisionTooltip(Precision p);
    // Generic runtimes (eager, fused) or, for decoder LLMs, the serving runtimes (HF, vLLM, ...).
    void fillRuntimeCombo(bool llm);
    // Widget -> session.
    void applyTargetFromWidgets();
    void onBatchSlider(int position);
    void onBatchSliderReleased();
    void report(const Status &status);
    void setRowVisible(QWidget *field, bool visible);

    ExplorerSession *m_session = nullptr;
    int m_syncing = 0;          // > 0 while widgets are set from the session
    bool m_dragStarted = false; // the first step of the current drag is recorded

    QFormLayout *m_form = nullptr;        // model knobs
    QFormLayout *m_targetForm = nullptr;  // GPU, MIG, MPS
    QComboBox *m_gpu = nullptr;
    QComboBox *m_mig = nullptr;
    QSpinBox *m_mps = nullptr;
    QComboBox *m_host = nullptr;  // host system of the current target (empty id: the GPU's usual one)
    QSlider *m_batchSlider = nullptr;
    QSpinBox *m_batch = nullptr;
    QSpinBox *m_image = nullptr;
    QSpinBox *m_sequence = nullptr;
    QComboBox *m_precision = nullptr;
    QComboBox *m_runtime = nullptr;
    bool m_runtimeForLlm = false;
    QComboBox *m_weights = nullptr;  // LLMs: weight format
    QSpinBox *m_output = nullptr;    // LLMs: output tokens of the request
    QComboBox *m_phase = nullptr;
    QSpinBox *m_context = nullptr;
    QDoubleSpinBox *m_width = nullptr;
    QSpinBox *m_depth = nullptr;
    QLabel *m_error = nullptr;
};

}  // namespace infersight
