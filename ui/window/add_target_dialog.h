// SPDX-License-Identifier: MIT
// The small chooser behind "Add target": a GPU of the catalogue (grouped by generation, user GPUs
// last), one of its MIG profiles or the whole GPU, and the host system (the GPU's usual one, or
// another of the host catalogue).
#pragma once

#include "design/project_file.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;

namespace infersight {

class GpuCatalogue;

class AddTargetDialog : public QDialog {
    Q_OBJECT
public:
    // `startGpu`: the GPU id chosen at first (e.g. the current target's); empty: the first one.
    AddTargetDialog(const GpuCatalogue &catalogue, const QString &startGpu, QWidget *parent = nullptr);

    ProjectTarget target() const;
    QComboBox *gpuCombo() const { return m_gpu; }
    QComboBox *migCombo() const { return m_mig; }
    QComboBox *hostCombo() const { return m_host; }

private:
    void fillMig();

    const GpuCatalogue &m_catalogue;
    QComboBox *m_gpu = nullptr;
    QComboBox *m_mig = nullptr;
    QComboBox *m_host = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

// Fills `combo` with "usual host of `gpuId`" (data: empty id) and every host of the catalogue
// (data: its id), selecting `selected` (empty: the usual one). Shared with the knobs panel.
void fillHostCombo(QComboBox *combo, const QString &gpuId, const QString &selected = {});

}  // namespace infersight
