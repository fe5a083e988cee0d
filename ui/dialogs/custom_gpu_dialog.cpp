// SPDX-License-Identifier: MIT
#include "dialogs/custom_gpu_dialog.h"

#include "hardware/gpu_catalogue.h"
#include "hardware/gpu_json.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace infersight {

namespace {

QDoubleSpinBox *makeFigure(const QString &name, double maximum, int decimals, const QString &suffix) {
    auto *spin = new QDoubleSpinBox;
    spin->setObjectName(name);
    // From 0: the core's validation (the same as the CLI's) decides what is acceptable and says why.
    spin->setRange(0, maximum);
    spin->setDecimals(decimals);
    spin->setSuffix(suffix);
    spin->setKeyboardTracking(true);
    return spin;
}

bool differs(double a, double b) { return std::abs(a - b) > 1e-9 * std::max({1.0, std::abs(a), std::abs(b)}); }

// The catalogue key of a target key ("a100-sxm4-80gb:mig=1g.10gb" -> "a100-sxm4-80gb").
QString gpuIdOf(const QString &key) { return key.section(QLatin1Char(':'), 0, 0).trimmed(); }

}  // namespace

CustomGpuDialog::CustomGpuDialog(const GpuCatalogue &catalogue, const QString &startKey, QWidget *parent)
    : QDialog(parent), m_catalogue(catalogue) {
    setObjectName(QStringLiteral("customGpuDialog"));
    setWindowTitle(tr("Custom GPU"));

    auto *intro = new QLabel(tr("Describe a GPU of your own, starting from a catalogue GPU. It is saved in %1, "
                                "where the command line finds it too.")
                                 .arg(QDir::toNativeSeparators(GpuCatalogue::userGpuDirectory())),
                             this);
    intro->setWordWrap(true);

    m_baseCombo = new QComboBox(this);
    m_baseCombo->setObjectName(QStringLiteral("baseCombo"));
    for (const GpuSpec &gpu : m_catalogue.gpus()) {
        m_baseCombo->addItem(gpu.custom ? tr("%1 (yours)").arg(gpu.label()) : gpu.label(), gpu.id);
    }

    m_id = new QLineEdit(this);
    m_id->setObjectName(QStringLiteral("idEdit"));
    m_id->setToolTip(tr("Lower-case id used on the command line (--gpu ID) and as the file name"));
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("nameEdit"));
    m_name->setMinimumWidth(320);

    m_sms = new QSpinBox(this);
    m_sms->setObjectName(QStringLiteral("smsSpin"));
    m_sms->setRange(0, 100000);
    m_boostClock = makeFigure(QStringLiteral("boostClockSpin"), 100000, 0, tr(" MHz"));
    m_tensorClock = makeFigure(QStringLiteral("tensorClockSpin"), 100000, 0, tr(" MHz"));
    m_tensorClock->setSpecialValueText(tr("same as boost"));
    m_memoryGb = makeFigure(QStringLiteral("memorySpin"), 100000, 1, tr(" GB"));
    m_bandwidth = makeFigure(QStringLiteral("bandwidthSpin"), 1e6, 1, tr(" GB/s"));
    m_l2 = makeFigure(QStringLiteral("l2Spin"), 100000, 1, tr(" MiB"));
    m_tdp = makeFigure(QStringLiteral("tdpSpin"), 100000, 0, tr(" W"));
    m_tdp->setToolTip(tr("Board power limit (TDP)"));

    auto *identity = new QGroupBox(tr("GPU"), this);
    auto *identityForm = new QFormLayout(identity);
    identityForm->addRow(tr("&Start from:"), m_baseCombo);
    identityForm->addRow(tr("&Id:"), m_id);
    identityForm->addRow(tr("&Name:"), m_name);

    auto *figures = new QGroupBox(tr("Figures"), this);
    auto *figureForm = new QFormLayout(figures);
    figureForm->addRow(tr("S&Ms:"), m_sms);
    figureForm->addRow(tr("&Boost clock:"), m_boostClock);
    figureForm->addRow(tr("&Tensor clock:"), m_tensorClock);
    figureForm->addRow(tr("&Memory:"), m_memoryGb);
    figureForm->addRow(tr("Band&width:"), m_bandwidth);
    figureForm->addRow(tr("&L2 cache:"), m_l2);
    figureForm->addRow(tr("&Power limit:"), m_tdp);

    auto *peaks = new QGroupBox(tr("Dense peak throughput (0: no such path)"), this);
    auto *peakForm = new QFormLayout(peaks);
    for (ComputeType type : kAllComputeTypes) {
        const QString name = computeTypeName(type);
        auto *spin = makeFigure(QStringLiteral("peak_") + name, 100000, 1,
                                type == ComputeType::INT8 ? tr(" TOPS") : tr(" TFLOPS"));
        spin->setSpecialValueText(tr("none"));
        m_peaks.insert(static_cast<int>(type), spin);
        peakForm->addRow(QStringLiteral("&%1:").arg(name.toUpper()), spin);
    }

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("gpuError"));
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("QLabel { color: #b00020; }"));
    m_error->hide();

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);

    auto *columns = new QHBoxLayout;
    columns->addWidget(figures, 1, Qt::AlignTop);
    columns->addWidget(peaks, 1, Qt::AlignTop);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(identity);
    layout->addLayout(columns);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);

    connect(m_baseCombo, &QComboBox::activated, this, [this] { loadBase(m_baseCombo->currentData().toString()); });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &CustomGpuDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    QString start = gpuIdOf(startKey);
    if (m_catalogue.find(start) == nullptr && !m_catalogue.gpus().empty()) {
        start = m_catalogue.gpus().front().id;
    }
    m_baseCombo->setCurrentIndex(std::max(0, m_baseCombo->findData(start)));
    loadBase(start);
}

void CustomGpuDialog::loadBase(const QString &id) {
    const GpuSpec *gpu = m_catalogue.find(id);
    if (gpu == nullptr) {
        return;
    }
    m_base = *gpu;
    if (gpu->custom) {  // editing one's own GPU: same id and name
        m_id->setText(gpu->id);
        m_name->setText(gpu->name);
    } else {
        m_id->setText(gpu->id + QStringLiteral("-custom"));
        m_name->setText(tr("%1 (custom)").arg(gpu->name));
    }
    m_sms->setValue(gpu->sms);
    m_boostClock->setValue(gpu->boostClockMhz);
    m_tensorClock->setValue(gpu->tensorClockMhz);
    m_memoryGb->setValue(gpu->memoryGb);
    m_bandwidth->setValue(gpu->bandwidthGBps);
    m_l2->setValue(gpu->l2Mb);
    m_tdp->setValue(gpu->tdpW);
    for (ComputeType type : kAllComputeTypes) {
        m_peaks.value(static_cast<int>(type))->setValue(gpu->peak.of(type).value_or(0));
    }
    m_error->hide();
}

GpuSpec CustomGpuDialog::formGpu() const {
    GpuSpec gpu = m_base;
    gpu.id = m_id->text().trimmed();
    gpu.name = m_name->text().trimmed();
    gpu.sms = m_sms->value();
    gpu.boostClockMhz = m_boostClock->value();
    gpu.tensorClockMhz = m_tensorClock->value();
    gpu.memoryGb = m_memoryGb->value();
    gpu.bandwidthGBps = m_bandwidth->value();
    gpu.l2Mb = m_l2->value();
    gpu.tdpW = m_tdp->value();
    for (ComputeType type : kAllComputeTypes) {
        const double value = m_peaks.value(static_cast<int>(type))->value();
        gpu.peak.slot(type) = value > 0 ? std::optional<double>(value) : std::nullopt;
    }
    return gpu;
}

QString CustomGpuDialog::errorText() const { return m_error->isHidden() ? QString() : m_error->text(); }

bool CustomGpuDialog::save() {
    const GpuSpec form = formGpu();
    const auto fail = [this](const QString &message) {
        m_error->setText(message);
        m_error->show();
        return false;
    };
    if (form.id.isEmpty()) {
        return fail(tr("Give the GPU an id."));
    }
    const QString path = QDir(GpuCatalogue::userGpuDirectory()).filePath(form.id + QStringLiteral(".json"));
    if (const GpuSpec *taken = m_catalogue.find(form.id)) {
        if (!taken->custom) {
            return fail(tr("The id '%1' is the built-in %2; choose another id.").arg(form.id, taken->name));
        }
        if (QFileInfo(taken->file).absoluteFilePath() != QFileInfo(path).absoluteFilePath()) {
            return fail(tr("The id '%1' is taken by your GPU in %2; choose another id.")
                            .arg(form.id, QDir::toNativeSeparators(taken->file)));
        }
    }

    // The form as a custom GPU file over its base: what the user changed, nothing else. The core's
    // reader merges it (marking the changed figures, re-deriving inherited MIG profiles and an
    // estimated idle power) and validates it exactly as `--gpu-file` would.
    QJsonObject file;
    file.insert(QStringLiteral("schema"), QLatin1String(kGpuFileSchema));
    file.insert(QStringLiteral("schema_version"), kGpuSchemaVersion);
    file.insert(QStringLiteral("id"), form.id);
    file.insert(QStringLiteral("name"), form.name);
    file.insert(QStringLiteral("base"), m_base.id);
    if (form.sms != m_base.sms) {
        file.insert(QStringLiteral("sms"), form.sms);
        if (m_base.sms > 0 && form.sms > 0) {  // same SM design: the CUDA cores follow the SMs
            file.insert(QStringLiteral("cuda_cores"), m_base.cudaCores / m_base.sms * form.sms);
        }
    }
    if (differs(form.boostClockMhz, m_base.boostClockMhz)) {
        file.insert(QStringLiteral("boost_clock_mhz"), form.boostClockMhz);
    }
    if (differs(form.tensorClockMhz, m_base.tensorClockMhz)) {
        file.insert(QStringLiteral("tensor_clock_mhz"),
                    form.tensorClockMhz > 0 ? QJsonValue(form.tensorClockMhz) : QJsonValue());
    }
    if (differs(form.memoryGb, m_base.memoryGb)) {
        file.insert(QStringLiteral("memory_gb"), form.memoryGb);
        // The usable share of the nominal size stays that of the base.
        const bool usableKnown = m_base.memoryMib > 0 && m_base.memoryGb > 0;
        file.insert(QStringLiteral("memory_mib"),
                    usableKnown ? QJsonValue(std::floor(m_base.memoryMib * form.memoryGb / m_base.memoryGb)) : QJsonValue());
    }
    if (differs(form.bandwidthGBps, m_base.bandwidthGBps)) {
        file.insert(QStringLiteral("bandwidth_gbps"), form.bandwidthGBps);
    }
    if (differs(form.l2Mb, m_base.l2Mb)) {
        file.insert(QStringLiteral("l2_mb"), form.l2Mb);
    }
    if (differs(form.tdpW, m_base.tdpW)) {
        file.insert(QStringLiteral("tdp_w"), form.tdpW);
    }
    QJsonObject peaks;
    for (ComputeType type : kAllComputeTypes) {
        const auto before = m_base.peak.of(type);
        const auto after = form.peak.of(type);
        if (before.has_value() != after.has_value() || (before && differs(*before, *after))) {
            peaks.insert(computeTypeName(type), after ? QJsonValue(*after) : QJsonValue());
        }
    }
    if (!peaks.isEmpty()) {
        file.insert(QStringLiteral("peak_tflops"), peaks);
    }

    auto merged = m_catalogue.readGpuJson(QJsonDocument(file).toJson(QJsonDocument::Compact),
                                          QDir::toNativeSeparators(path));
    if (!merged) {
        return fail(merged.errorMessage());
    }
    // Saved complete (no base), so that it reads the same whatever else the folder holds.
    auto saved = GpuCatalogue::saveUserGpu(*merged);
    if (!saved) {
        return fail(saved.errorMessage());
    }
    m_savedKey = merged->id;
    m_savedPath = *saved;
    m_error->hide();
    return true;
}

void CustomGpuDialog::accept() {
    if (save()) {
        QDialog::accept();
    }
}

}  // namespace infersight
