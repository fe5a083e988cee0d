// SPDX-License-Identifier: MIT
// The small chooser behind "Add target": a GPU of the catalogue (grouped by generation, user GPUs
// last) and one of its MIG profiles or the whole GPU.
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

private:
    void fillMig();

    const GpuCatalogue &m_catalogue;
    QComboBox *m_gpu = nullptr;
    QComboBox *m_mig = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

}  // namespace infersight
