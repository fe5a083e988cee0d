// SPDX-License-Identifier: MIT
// CustomGpuDialog: describes a user GPU, starting from a catalogue GPU. The figures (id, name, SMs,
// clocks, memory, bandwidth, L2, peak throughput per dtype, power limit) are edited in a form; Save
// validates them with the core's GPU JSON reader (core/hardware/gpu_json.h, the same checks as the
// CLI's --gpu-file) and writes GpuCatalogue::userGpuDirectory()/<id>.json atomically, the folder
// the CLI and ExplorerSession::reloadCatalogue() read. A refused figure is reported in the dialog
// ("gpuError") and nothing is written. The window then reloads the catalogue and adds savedKey().
#pragma once

#include "hardware/gpu_spec.h"

#include <QDialog>
#include <QMap>
#include <QString>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace infersight {

class GpuCatalogue;

class CustomGpuDialog : public QDialog {
    Q_OBJECT
public:
    CustomGpuDialog(const GpuCatalogue &catalogue, const QString &startKey, QWidget *parent = nullptr);

    // The id of the GPU saved (a catalogue id, usable as a target key); empty until saved.
    QString savedKey() const { return m_savedKey; }
    // The file written (empty until saved).
    QString savedPath() const { return m_savedPath; }
    // The GPU the form describes now (not validated).
    GpuSpec formGpu() const;
    // Validates the form and saves it; on failure shows the reason and returns false.
    bool save();
    QString errorText() const;

    void accept() override;

private:
    void loadBase(const QString &id);
    // The catalogue the base combo offers (built-in and user GPUs); must outlive the dialog.
    const GpuCatalogue &m_catalogue;
    GpuSpec m_base;

    QComboBox *m_baseCombo = nullptr;
    QLineEdit *m_id = nullptr;
    QLineEdit *m_name = nullptr;
    QSpinBox *m_sms = nullptr;
    QDoubleSpinBox *m_boostClock = nullptr;
    QDoubleSpinBox *m_tensorClock = nullptr;
    QDoubleSpinBox *m_memoryGb = nullptr;
    QDoubleSpinBox *m_bandwidth = nullptr;
    QDoubleSpinBox *m_l2 = nullptr;
    QMap<int, QDoubleSpinBox *> m_peaks;  // ComputeType -> TFLOPS (0 = no such path)
    QDoubleSpinBox *m_tdp = nullptr;
    QLabel *m_error = nullptr;
    QDialogButtonBox *m_buttons = nullptr;

    QString m_savedKey;
    QString m_savedPath;
};

}  // namespace infersight
