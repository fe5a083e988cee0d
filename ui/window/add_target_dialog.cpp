// SPDX-License-Identifier: MIT
#include "window/add_target_dialog.h"

#include "hardware/gpu_catalogue.h"
#include "hardware/host_catalogue.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStandardItemModel>

namespace infersight {

AddTargetDialog::AddTargetDialog(const GpuCatalogue &catalogue, const QString &startGpu, QWidget *parent)
    : QDialog(parent), m_catalogue(catalogue) {
    setWindowTitle(tr("Add Target"));
    m_gpu = new QComboBox(this);
    m_gpu->setObjectName(QStringLiteral("addTargetGpuCombo"));
    m_mig = new QComboBox(this);
    m_mig->setObjectName(QStringLiteral("addTargetMigCombo"));
    m_host = new QComboBox(this);
    m_host->setObjectName(QStringLiteral("addTargetHostCombo"));
    m_host->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_host->setMinimumContentsLength(30);

    // Grouped by generation in catalogue order (oldest first); a disabled header row per group.
    auto *model = qobject_cast<QStandardItemModel *>(m_gpu->model());
    QString group;
    int firstRow = -1;
    int startRow = -1;
    for (const GpuSpec &gpu : catalogue.gpus()) {
        const QString generation = gpu.custom ? tr("Your GPUs") : gpu.architecture;
        if (generation != group) {
            group = generation;
            m_gpu->addItem(group);
            QStandardItem *header = model->item(m_gpu->count() - 1);
            header->setFlags(header->flags() & ~(Qt::ItemIsEnabled | Qt::ItemIsSelectable));
            QFont font = header->font();
            font.setBold(true);
            header->setFont(font);
        }
        m_gpu->addItem(QStringLiteral("   ") + gpu.label(), gpu.id);
        if (firstRow < 0) {
            firstRow = m_gpu->count() - 1;
        }
        if (gpu.id.compare(startGpu, Qt::CaseInsensitive) == 0) {
            startRow = m_gpu->count() - 1;
        }
    }
    m_gpu->setCurrentIndex(startRow >= 0 ? startRow : firstRow);
    connect(m_gpu, &QComboBox::currentIndexChanged, this, &AddTargetDialog::fillMig);
    fillMig();
    fillHostCombo(m_host, m_gpu->currentData().toString());
    connect(m_gpu, &QComboBox::currentIndexChanged, this,
            [this] { fillHostCombo(m_host, m_gpu->currentData().toString(), m_host->currentData().toString()); });

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Add"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *form = new QFormLayout(this);
    form->addRow(tr("&GPU:"), m_gpu);
    form->addRow(tr("&MIG profile:"), m_mig);
    form->addRow(tr("&Host system:"), m_host);
    form->addRow(m_buttons);
}

void AddTargetDialog::fillMig() {
    m_mig->clear();
    m_mig->addItem(tr("Whole GPU"), QString());
    const GpuSpec *gpu = m_catalogue.find(m_gpu->currentData().toString());
    if (gpu != nullptr) {
        for (const MigProfile &profile : gpu->mig) {
            m_mig->addItem(profile.name, profile.name);
        }
    }
    m_mig->setEnabled(m_mig->count() > 1);
    m_mig->setToolTip(m_mig->isEnabled() ? QString() : tr("This GPU has no MIG profiles."));
}

ProjectTarget AddTargetDialog::target() const {
    ProjectTarget spec;
    spec.gpu = m_gpu->currentData().toString();
    spec.mig = m_mig->currentData().toString();
    spec.host = m_host->currentData().toString();
    return spec;
}

void fillHostCombo(QComboBox *combo, const QString &gpuId, const QString &selected) {
    const QSignalBlocker block(combo);
    combo->clear();
    const HostCatalogue &hosts = HostCatalogue::builtIn();
    const HostSpec &standard = hosts.defaultFor(gpuId);
    combo->addItem(AddTargetDialog::tr("Usual for this GPU: %1").arg(standard.name), QString());
    combo->setItemData(0, standard.calibrationNote, Qt::ToolTipRole);
    int current = 0;
    for (const HostSpec &host : hosts.hosts()) {
        const QString text = host.cpu.isEmpty() ? host.name : AddTargetDialog::tr("%1 (%2)").arg(host.name, host.cpu);
        combo->addItem(host.calibrated() ? text : AddTargetDialog::tr("%1 · host speed assumed").arg(text), host.id);
        combo->setItemData(combo->count() - 1, host.calibrationNote, Qt::ToolTipRole);
        if (!selected.isEmpty() && host.id.compare(selected, Qt::CaseInsensitive) == 0) {
            current = combo->count() - 1;
        }
    }
    combo->setCurrentIndex(current);
    combo->setToolTip(AddTargetDialog::tr("The server or cloud instance the GPU sits in: eager frameworks spend host "
                                          "time per operator"));
}

}  // namespace infersight
