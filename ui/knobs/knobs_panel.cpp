// SPDX-License-Identifier: MIT
#include "knobs/knobs_panel.h"

#include "hardware/target.h"
#include "predict/llm_runtime.h"
#include "predict/predictor.h"
#include "session/explorer_session.h"
#include "window/add_target_dialog.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace infersight {

namespace {

// The batch slider has kStepsPerDoubling positions per doubling of the batch: 0 .. 100 for 1 .. 1024.
constexpr int kStepsPerDoubling = 10;
constexpr int kGpuIdRole = Qt::UserRole;
constexpr int kMigNameRole = Qt::UserRole;

const ProjectTarget *currentSpec(const ExplorerSession *session) {
    const int index = session->currentTarget();
    if (index < 0 || index >= session->targetCount()) {
        return nullptr;
    }
    return &session->targets()[static_cast<std::size_t>(index)].spec;
}

const ResolvedTarget *currentResolved(const ExplorerSession *session) {
    const int index = session->currentTarget();
    const auto &resolved = session->resolvedTargets();
    if (index < 0 || index >= static_cast<int>(resolved.size())) {
        return nullptr;
    }
    return &resolved[static_cast<std::size_t>(index)];
}

// Selects the item of `combo` whose `role` data is `value` (nothing when none is).
void selectData(QComboBox *combo, const QVariant &value, int role = Qt::UserRole) {
    combo->setCurrentIndex(combo->findData(value, role));
}

QSpinBox *makeSpin(const QString &name, int minimum, int maximum) {
    auto *spin = new QSpinBox;
    spin->setObjectName(name);
    spin->setRange(minimum, maximum);
    spin->setKeyboardTracking(false);  // one change per Enter / arrow step, not per digit typed
    spin->setAccelerated(true);
    return spin;
}

}  // namespace

int KnobsPanel::sliderPosition(std::int64_t batch) {
    const auto clamped = std::clamp(batch, kMinBatch, kMaxBatch);
    return static_cast<int>(std::lround(std::log2(static_cast<double>(clamped)) * kStepsPerDoubling));
}

std::int64_t KnobsPanel::sliderBatch(int position) {
    const double batch = std::round(std::exp2(static_cast<double>(position) / kStepsPerDoubling));
    return std::clamp(static_cast<std::int64_t>(batch), kMinBatch, kMaxBatch);
}

KnobsPanel::KnobsPanel(ExplorerSession *session, QWidget *parent) : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("knobsPanel"));
    buildWidgets();

    connect(m_session, &ExplorerSession::specChanged, this, &KnobsPanel::syncSpec);
    connect(m_session, &ExplorerSession::modelChanged, this, &KnobsPanel::syncFromSession);
    connect(m_session, &ExplorerSession::loaded, this, &KnobsPanel::syncFromSession);
    connect(m_session, &ExplorerSession::targetsChanged, this, &KnobsPanel::syncTarget);
    connect(m_session, &ExplorerSession::currentTargetChanged, this, &KnobsPanel::syncTarget);
    connect(m_session, &ExplorerSession::catalogueChanged, this, [this] {
        fillGpuCombo();
        syncTarget();
    });

    // Widgets -> session.
    connect(m_gpu, &QComboBox::activated, this, [this] { applyTargetFromWidgets(); });
    connect(m_mig, &QComboBox::activated, this, [this] {
        if (m_mig->currentIndex() > 0 && m_mps->value() > 0) {
            const QSignalBlocker block(m_mps);
            m_mps->setValue(0);  // MIG and MPS do not combine
        }
        applyTargetFromWidgets();
    });
    connect(m_host, &QComboBox::activated, this, [this] { applyTargetFromWidgets(); });
    connect(m_mps, &QSpinBox::valueChanged, this, [this] {
        if (m_syncing == 0) {
            applyTargetFromWidgets();
        }
    });
    connect(m_batchSlider, &QSlider::valueChanged, this, &KnobsPanel::onBatchSlider);
    connect(m_batchSlider, &QSlider::sliderPressed, this, [this] { m_dragStarted = false; });
    connect(m_batchSlider, &QSlider::sliderReleased, this, &KnobsPanel::onBatchSliderReleased);
    connect(m_batch, &QSpinBox::valueChanged, this, [this](int value) {
        if (m_syncing == 0) {
            report(m_session->setBatch(value));
        }
    });
    connect(m_image, &QSpinBox::valueChanged, this, [this](int value) {
        if (m_syncing == 0) {
            report(m_session->setImageSize(value));
        }
    });
    connect(m_sequence, &QSpinBox::valueChanged, this, [this](int value) {
        if (m_syncing == 0) {
            report(m_session->setSequence(value));
        }
    });
    connect(m_precision, &QComboBox::activated, this, [this] {
        const QVariant data = m_precision->currentData();
        if (data.isValid()) {
            report(m_session->setPrecision(static_cast<Precision>(data.toInt())));
        }
    });
    connect(m_runtime, &QComboBox::activated, this, [this] {
        const QVariant data = m_runtime->currentData();
        if (data.typeId() == QMetaType::QString) {
            report(m_session->setLlmRuntime(data.toString()));  // an LLM serving runtime
        } else {
            report(m_session->setRuntime(static_cast<Runtime>(data.toInt())));
        }
    });
    connect(m_weights, &QComboBox::activated, this, [this] {
        report(m_session->setWeightFormat(static_cast<WeightFormat>(m_weights->currentData().toInt())));
    });
    connect(m_output, &QSpinBox::valueChanged, this, [this](int value) {
        if (m_syncing == 0) {
            report(m_session->setLlmOutputTokens(value));
        }
    });
    connect(m_phase, &QComboBox::activated, this, [this] {
        report(m_session->setPhase(static_cast<DecoderPhase>(m_phase->currentData().toInt())));
    });
    connect(m_context, &QSpinBox::valueChanged, this, [this](int value) {
        if (m_syncing == 0) {
            report(m_session->setContext(value));
        }
    });
    connect(m_width, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        if (m_syncing == 0) {
            report(m_session->setWidthMultiplier(value));
        }
    });
    connect(m_depth, &QSpinBox::valueChanged, this, [this](int value) {
        if (m_syncing == 0) {
            report(m_session->setDepth(value));  // 0: the model's own
        }
    });

    fillGpuCombo();
    syncFromSession();
}

KnobsPanel::~KnobsPanel() = default;

void KnobsPanel::buildWidgets() {
    auto *targetBox = new QGroupBox(tr("Target"), this);
    targetBox->setObjectName(QStringLiteral("targetKnobs"));
    auto *targetForm = new QFormLayout(targetBox);

    m_gpu = new QComboBox;
    m_gpu->setObjectName(QStringLiteral("gpuCombo"));
    m_gpu->setModel(new QStandardItemModel(m_gpu));
    m_gpu->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_gpu->setMinimumContentsLength(16);
    m_gpu->setToolTip(tr("The GPU of the current target"));
    targetForm->addRow(tr("&GPU:"), m_gpu);

    m_mig = new QComboBox;
    m_mig->setObjectName(QStringLiteral("migCombo"));
    m_mig->setToolTip(tr("The whole GPU or one MIG instance of it"));
    targetForm->addRow(tr("M&IG slice:"), m_mig);

    m_mps = makeSpin(QStringLiteral("mpsSpin"), 0, 100);
    m_mps->setSuffix(tr(" %"));
    m_mps->setSpecialValueText(tr("Off"));
    m_mps->setSingleStep(5);
    m_mps->setToolTip(tr("MPS active-thread percentage of this client (Off: no MPS)"));
    targetForm->addRow(tr("MP&S share:"), m_mps);

    m_host = new QComboBox;
    m_host->setObjectName(QStringLiteral("hostCombo"));
    // Host names with their CPUs are long: the combo must not widen the dock.
    m_host->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_host->setMinimumContentsLength(14);
    targetForm->addRow(tr("Hos&t:"), m_host);

    auto *modelBox = new QGroupBox(tr("Model"), this);
    modelBox->setObjectName(QStringLiteral("modelKnobs"));
    m_form = new QFormLayout(modelBox);

    auto *batchRow = new QWidget;
    auto *batchLayout = new QHBoxLayout(batchRow);
    batchLayout->setContentsMargins(0, 0, 0, 0);
    m_batchSlider = new QSlider(Qt::Horizontal);
    m_batchSlider->setObjectName(QStringLiteral("batchSlider"));
    m_batchSlider->setRange(sliderPosition(kMinBatch), sliderPosition(kMaxBatch));
    m_batchSlider->setSingleStep(kStepsPerDoubling / 2);
    m_batchSlider->setPageStep(kStepsPerDoubling);
    m_batchSlider->setTickPosition(QSlider::TicksBelow);
    m_batchSlider->setTickInterval(kStepsPerDoubling);
    m_batchSlider->setToolTip(tr("Batch size (logarithmic: one tick per doubling)"));
    m_batch = makeSpin(QStringLiteral("batchSpin"), static_cast<int>(kMinBatch), static_cast<int>(kMaxBatch));
    m_batch->setToolTip(tr("Batch size"));
    batchLayout->addWidget(m_batchSlider, 1);
    batchLayout->addWidget(m_batch);
    m_form->addRow(tr("&Batch:"), batchRow);
    if (auto *label = qobject_cast<QLabel *>(m_form->labelForField(batchRow))) {
        label->setBuddy(m_batchSlider);
    }

    m_image = makeSpin(QStringLiteral("imageSpin"), 1, 8192);
    m_image->setSuffix(tr(" px"));
    m_image->setSingleStep(32);
    m_image->setToolTip(tr("Input image height and width"));
    m_form->addRow(tr("I&mage size:"), m_image);

    m_sequence = makeSpin(QStringLiteral("sequenceSpin"), 1, 1 << 20);
    m_sequence->setSuffix(tr(" tokens"));
    m_sequence->setToolTip(tr("Tokens per sequence (decode: new tokens per step)"));
    m_form->addRow(tr("Se&quence:"), m_sequence);
    connect(m_sequence, &QSpinBox::valueChanged, m_sequence,
            [this](int value) { m_sequence->setSuffix(value == 1 ? tr(" token") : tr(" tokens")); });

    m_precision = new QComboBox;
    m_precision->setObjectName(QStringLiteral("precisionCombo"));
    m_precision->setModel(new QStandardItemModel(m_precision));
    m_precision->setToolTip(tr("Numeric precision of the run. fp32 follows PyTorch's defaults: convolutions run "
                               "on TF32 tensor cores on Ampere and later GPUs (cudnn.allow_tf32), GEMMs on FP32 "
                               "CUDA cores; fp32-strict turns TF32 off everywhere; tf32 turns it on for GEMMs "
                               "too."));
    m_form->addRow(tr("&Precision:"), m_precision);

    m_runtime = new QComboBox;
    m_runtime->setObjectName(QStringLiteral("runtimeCombo"));
    fillRuntimeCombo(false);
    m_form->addRow(tr("&Runtime:"), m_runtime);

    m_weights = new QComboBox;
    m_weights->setObjectName(QStringLiteral("weightsCombo"));
    m_weights->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_weights->setMinimumContentsLength(14);
    for (WeightFormat f : kAllWeightFormats) {
        const WeightFormatInfo &info = weightFormatInfo(f);
        m_weights->addItem(f == WeightFormat::Native ? tr("As the precision") : QString::fromUtf8(info.label),
                           static_cast<int>(f));
    }
    m_weights->setToolTip(tr("How the LLM's weights are stored: bytes streamed per decode step and the model's memory"));
    m_form->addRow(tr("W&eights:"), m_weights);

    m_output = makeSpin(QStringLiteral("outputSpin"), 1, static_cast<int>(ExplorerSession::kMaxLlmOutputTokens));
    m_output->setSuffix(tr(" tokens"));
    m_output->setSingleStep(64);
    m_output->setToolTip(tr("Tokens generated per request (the prompt is the sequence length)"));
    m_form->addRow(tr("&Output:"), m_output);

    m_phase = new QComboBox;
    m_phase->setObjectName(QStringLiteral("phaseCombo"));
    m_phase->addItem(tr("Prefill"), static_cast<int>(DecoderPhase::Prefill));
    m_phase->setItemData(0, tr("The prompt: attention over the sequence"), Qt::ToolTipRole);
    m_phase->addItem(tr("Decode"), static_cast<int>(DecoderPhase::Decode));
    m_phase->setItemData(1, tr("New tokens with a KV cache of the context length"), Qt::ToolTipRole);
    m_form->addRow(tr("P&hase:"), m_phase);

    m_context = makeSpin(QStringLiteral("contextSpin"), 1, 1 << 22);
    m_context->setSuffix(tr(" tokens"));
    m_context->setSingleStep(128);
    m_context->setToolTip(tr("Tokens already in the KV cache (decode phase)"));
    m_form->addRow(tr("&Context:"), m_context);
    connect(m_context, &QSpinBox::valueChanged, m_context,
            [this](int value) { m_context->setSuffix(value == 1 ? tr(" token") : tr(" tokens")); });

    m_width = new QDoubleSpinBox;
    m_width->setObjectName(QStringLiteral("widthSpin"));
    m_width->setRange(0.05, 8.0);
    m_width->setDecimals(2);
    m_width->setSingleStep(0.05);
    m_width->setKeyboardTracking(false);
    m_width->setPrefix(QStringLiteral("× "));
    m_width->setToolTip(tr("Global width multiplier: every layer's channels / hidden size scaled"));
    m_form->addRow(tr("&Width:"), m_width);

    m_depth = makeSpin(QStringLiteral("depthSpin"), 0, 1000);
    m_depth->setSpecialValueText(tr("Model's own"));
    m_depth->setToolTip(tr("Number of blocks / layers"));
    m_form->addRow(tr("&Depth:"), m_depth);

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("knobError"));
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("QLabel { color: #b00020; }"));
    m_error->hide();

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(targetBox);
    layout->addWidget(modelBox);
    layout->addWidget(m_error);
    layout->addStretch(1);

    m_targetForm = targetForm;

    const QList<QWidget *> order{m_gpu,   m_mig,      m_mps,     m_host, m_batchSlider, m_batch, m_image, m_sequence,
                                 m_precision, m_runtime, m_weights, m_output, m_phase, m_context, m_width, m_depth};
    for (qsizetype i = 1; i < order.size(); ++i) {
        setTabOrder(order[i - 1], order[i]);
    }
}

void KnobsPanel::fillRuntimeCombo(bool llm) {
    if (m_runtime->count() > 0 && m_runtimeForLlm == llm) {
        return;
    }
    ++m_syncing;
    m_runtimeForLlm = llm;
    m_runtime->clear();
    if (llm) {
        // As LLM users know them; each maps onto the eager or fused lowering (core/predict/llm_runtime.h).
        // (llmRuntimeNames() leads with the generic aliases "eager" and "fused": listed once each.)
        for (const LlmRuntime &r : llmRuntimes()) {
            m_runtime->addItem(r.label, r.id);
            m_runtime->setItemData(m_runtime->count() - 1, r.description, Qt::ToolTipRole);
        }
    } else {
        m_runtime->addItem(tr("Eager (PyTorch)"), static_cast<int>(Runtime::Eager));
        m_runtime->setItemData(0, tr("One kernel per operator, framework dispatch on the host"), Qt::ToolTipRole);
        m_runtime->addItem(tr("Fused (TensorRT-like)"), static_cast<int>(Runtime::Fused));
        m_runtime->setItemData(1, tr("Folded batch norm, fused epilogues and attention, light launch cost"),
                               Qt::ToolTipRole);
    }
    --m_syncing;
}

void KnobsPanel::setRowVisible(QWidget *field, bool visible) {
    for (QFormLayout *form : {m_form, m_targetForm}) {
        int row = -1;
        QFormLayout::ItemRole role{};
        form->getWidgetPosition(field, &row, &role);
        if (row >= 0) {
            form->setRowVisible(row, visible);
            return;
        }
    }
}

// --- session -> widgets -----------------------------------------------------------------------

void KnobsPanel::syncFromSession() {
    syncModel();
    syncTarget();
    syncSpec();
}

void KnobsPanel::syncModel() {
    const bool model = m_session->hasModel();
    const ModelInfo &info = m_session->modelInfo();
    setRowVisible(m_image, model && info.hasImage);
    setRowVisible(m_sequence, model && info.hasSequence);
    setRowVisible(m_phase, model && info.hasDecode);
    setRowVisible(m_context, model && info.hasDecode);
    setRowVisible(m_weights, model && info.hasDecode);
    setRowVisible(m_output, model && info.hasDecode);
    fillRuntimeCombo(model && info.hasDecode);
    setRowVisible(m_depth, model && info.hasDepth);
    for (QWidget *w : std::initializer_list<QWidget *>{m_batchSlider, m_batch, m_precision, m_runtime, m_width}) {
        w->setEnabled(model);
    }
}

void KnobsPanel::fillGpuCombo() {
    ++m_syncing;
    auto *model = static_cast<QStandardItemModel *>(m_gpu->model());
    model->clear();
    // Grouped by generation (architecture) in catalogue order; the user's GPUs last.
    QStringList groups;
    QMap<QString, QList<const GpuSpec *>> byGroup;
    const QString userGroup = tr("Your GPUs");
    for (const GpuSpec &gpu : m_session->catalogue().gpus()) {
        const QString group = gpu.custom ? userGroup : gpu.architecture;
        if (!groups.contains(group) && group != userGroup) {
            groups << group;
        }
        byGroup[group] << &gpu;
    }
    if (byGroup.contains(userGroup)) {
        groups << userGroup;
    }
    QFont headerFont = font();
    headerFont.setBold(true);
    for (const QString &group : groups) {
        auto *header = new QStandardItem(group);
        header->setFlags(Qt::NoItemFlags);  // not selectable
        header->setFont(headerFont);
        header->setData(tr("Generation"), Qt::AccessibleDescriptionRole);
        model->appendRow(header);
        for (const GpuSpec *gpu : byGroup.value(group)) {
            auto *item = new QStandardItem(gpu->label());
            item->setData(gpu->id, kGpuIdRole);
            QStringList tip{gpu->name};
            tip << tr("%1 SMs, %2 GB %3, %4 GB/s")
                       .arg(gpu->sms)
                       .arg(gpu->memoryGb)
                       .arg(gpu->memoryType)
                       .arg(gpu->bandwidthGBps);
            if (gpu->custom) {
                tip << tr("Your GPU (%1)").arg(gpu->file);
            }
            item->setToolTip(tip.join(QLatin1Char('\n')));
            model->appendRow(item);
        }
    }
    --m_syncing;
}

void KnobsPanel::fillMigCombo(const QString &gpuKey) {
    m_mig->clear();
    m_mig->addItem(tr("Whole GPU"), QString());
    const GpuSpec *gpu = m_session->catalogue().find(gpuKey);
    if (gpu != nullptr) {
        for (const MigProfile &profile : gpu->mig) {
            m_mig->addItem(profile.name, profile.name);
            m_mig->setItemData(m_mig->count() - 1,
                               tr("%1 of %2 compute slices, %3 MiB, %4 SMs")
                                   .arg(profile.computeSlices)
                                   .arg(profile.computeSliceCount)
                                   .arg(profile.memoryMib)
                                   .arg(profile.sms),
                               Qt::ToolTipRole);
        }
    }
    const bool hasMig = gpu != nullptr && gpu->supportsMig();
    m_mig->setEnabled(hasMig);
    m_mig->setToolTip(hasMig ? tr("The whole GPU or one MIG instance of it")
                             : tr("%1 has no MIG").arg(gpu != nullptr ? gpu->label() : gpuKey));
}

void KnobsPanel::syncTarget() {
    ++m_syncing;
    const ProjectTarget *spec = currentSpec(m_session);
    const GpuSpec *gpu = spec != nullptr ? m_session->catalogue().find(spec->gpu) : nullptr;
    const QString gpuId = gpu != nullptr ? gpu->id : (spec != nullptr ? spec->gpu : QString());
    int index = m_gpu->findData(gpuId, kGpuIdRole);
    if (index < 0 && spec != nullptr) {
        // A GPU the catalogue lacks (a project from elsewhere): shown as it is, so it stays visible.
        auto *item = new QStandardItem(tr("%1 (not in the catalogue)").arg(spec->gpu));
        item->setData(spec->gpu, kGpuIdRole);
        static_cast<QStandardItemModel *>(m_gpu->model())->appendRow(item);
        index = m_gpu->count() - 1;
    }
    m_gpu->setCurrentIndex(index);
    m_gpu->setEnabled(spec != nullptr);
    fillMigCombo(gpuId);
    selectData(m_mig, spec != nullptr ? spec->mig : QString());
    if (m_mig->currentIndex() < 0) {
        m_mig->setCurrentIndex(0);
    }
    m_mps->setValue(spec != nullptr && spec->mps ? static_cast<int>(std::lround(*spec->mps)) : 0);
    m_mps->setEnabled(spec != nullptr && (spec->mig.isEmpty()));
    fillHostCombo(m_host, gpuId, spec != nullptr ? spec->host : QString());
    m_host->setEnabled(spec != nullptr);
    fillPrecisionCombo();
    --m_syncing;
}

QString KnobsPanel::precisionTooltip(Precision p) {
    switch (p) {
    case Precision::FP32:
        return tr("FP32 model with PyTorch's defaults: GEMMs on FP32 CUDA cores (matmul TF32 off), convolutions "
                  "on TF32 tensor cores on Ampere and later (cudnn.allow_tf32 = True), FP32 CUDA cores before");
    case Precision::FP32Strict:
        return tr("FP32 math everywhere: TF32 off for matmul and cuDNN (fp32_precision = 'ieee')");
    case Precision::TF32:
        return tr("FP32 storage, GEMMs and convolutions on TF32 tensor cores (Ampere and later)");
    case Precision::FP16: return tr("Model cast to FP16 (model.half()): every op in FP16");
    case Precision::BF16: return tr("Model cast to BF16: every op in BF16");
    case Precision::AMP:
        return tr("CUDA autocast to FP16: GEMMs and convolutions in FP16 with cast kernels at op boundaries");
    case Precision::INT8: return tr("INT8 GEMMs and convolutions (TensorRT-style), other ops in FP16");
    case Precision::FP8: return tr("FP8 GEMMs and convolutions (Hopper and later), other ops in FP16");
    }
    return {};
}

void KnobsPanel::fillPrecisionCombo() {
    ++m_syncing;
    auto *model = static_cast<QStandardItemModel *>(m_precision->model());
    model->clear();
    const ResolvedTarget *resolved = currentResolved(m_session);
    const std::optional<Target> target = resolved != nullptr ? resolved->target : std::nullopt;
    for (Precision p : kAllPrecisions) {
        auto *item = new QStandardItem(precisionName(p));
        item->setData(static_cast<int>(p), Qt::UserRole);
        item->setToolTip(precisionTooltip(p));
        if (target) {
            if (Status supported = checkPrecision(p, *target); !supported) {
                item->setEnabled(false);
                item->setToolTip(supported.errorMessage());
            }
        }
        model->appendRow(item);
    }
    selectData(m_precision, static_cast<int>(m_session->knobs().precision));
    // The current precision on a GPU without it (a target changed under it): say why there are no results.
    const QString problem = m_precision->currentIndex() >= 0
                                ? m_precision->itemData(m_precision->currentIndex(), Qt::ToolTipRole).toString()
                                : QString();
    m_precision->setToolTip(problem.isEmpty() ? tr("Numeric precision of the run") : problem);
    --m_syncing;
}

void KnobsPanel::syncSpec() {
    ++m_syncing;
    const DesignSpec &spec = m_session->spec();
    const Knobs &k = spec.knobs;
    const ModelInfo &info = m_session->modelInfo();
    m_batch->setValue(static_cast<int>(k.batch));
    if (!m_batchSlider->isSliderDown()) {  // never move the handle under the user's pointer
        m_batchSlider->setValue(sliderPosition(k.batch));
    }
    // A knob left at the model's default shows the value the design uses (decode: 1 new token).
    ShapeBindings used;
    if (m_session->hasModel()) {
        used = m_session->design().bindings();
    }
    const auto orDefault = [](std::int64_t value, std::int64_t inDesign, std::int64_t fallback) {
        if (value > 0) {
            return static_cast<int>(value);
        }
        return static_cast<int>(inDesign > 0 ? inDesign : std::max<std::int64_t>(fallback, 1));
    };
    m_image->setValue(orDefault(k.height, used.height, info.defaultImage));
    m_sequence->setValue(orDefault(k.sequence, used.sequence, info.defaultSequence));
    fillPrecisionCombo();
    if (m_runtimeForLlm) {
        const LlmRuntime *named = spec.llm.runtime.isEmpty() ? nullptr : findLlmRuntime(spec.llm.runtime);
        selectData(m_runtime, named ? named->id : defaultLlmRuntime(k.runtime).id);
    } else {
        selectData(m_runtime, static_cast<int>(k.runtime));
    }
    selectData(m_weights, static_cast<int>(spec.llm.weights));
    m_output->setValue(static_cast<int>(spec.llm.outputTokens));
    selectData(m_phase, static_cast<int>(k.phase));
    m_context->setValue(orDefault(k.context, used.context, info.defaultContext));
    m_context->setEnabled(k.phase == DecoderPhase::Decode);
    m_width->setValue(spec.widthMultiplier);
    m_depth->setValue(std::max(spec.depth, 0));
    --m_syncing;
}

// --- widgets -> session -----------------------------------------------------------------------

void KnobsPanel::applyTargetFromWidgets() {
    if (m_syncing > 0) {
        return;
    }
    const ProjectTarget *current = currentSpec(m_session);
    if (current == nullptr) {
        return;
    }
    ProjectTarget next = *current;
    const QString gpuId = m_gpu->currentData(kGpuIdRole).toString();
    if (gpuId.isEmpty()) {
        syncTarget();
        return;
    }
    const bool gpuChanged = gpuId.compare(current->gpu, Qt::CaseInsensitive) != 0;
    next.gpu = gpuId;
    next.mig = m_mig->currentData().toString();
    if (gpuChanged) {
        // Keep the MIG profile only when the new GPU has one of that name.
        const GpuSpec *gpu = m_session->catalogue().find(gpuId);
        if (gpu == nullptr || gpu->findMig(current->mig) == nullptr) {
            next.mig.clear();
        }
    }
    next.mps = m_mps->value() > 0 && next.mig.isEmpty() ? std::optional<double>(m_mps->value()) : std::nullopt;
    next.host = m_host->currentData().toString();
    report(m_session->setTarget(m_session->currentTarget(), next));
}

void KnobsPanel::onBatchSlider(int position) {
    if (m_syncing > 0) {
        return;
    }
    const std::int64_t batch = sliderBatch(position);
    {
        const QSignalBlocker block(m_batch);
        m_batch->setValue(static_cast<int>(batch));
    }
    if (m_batchSlider->isSliderDown()) {
        // One undo step per drag: the first change that moves the batch starts it, the rest merge.
        const std::int64_t before = m_session->knobs().batch;
        const Status status = m_session->setBatch(batch, m_dragStarted);
        if (status && m_session->knobs().batch != before) {
            m_dragStarted = true;
        }
        report(status);
    } else {
        report(m_session->setBatch(batch));
    }
}

void KnobsPanel::onBatchSliderReleased() {
    m_dragStarted = false;
    syncSpec();  // the handle snaps to the batch's own position
}

void KnobsPanel::report(const Status &status) {
    if (status) {
        if (!m_error->isHidden()) {
            m_error->clear();
            m_error->hide();
            emit message(QString());
        }
        return;
    }
    m_error->setText(status.errorMessage());
    m_error->show();
    emit message(status.errorMessage());
    // The widgets return to the session's values.
    syncTarget();
    syncSpec();
}

}  // namespace infersight
