// SPDX-License-Identifier: MIT
// KnobsPanel on a live ExplorerSession (zoo:resnet50, A100 80 GB + H100 SXM): the batch slider is
// logarithmic and a drag is one undo step, session changes reach the widgets without feeding back,
// the GPU list is grouped by generation, the precision list follows the GPU (bf16 is disabled with
// the engine's reason on Turing and Volta), the MIG list follows the GPU, a refused change shows
// the reason and snaps back, and the decode knobs appear only for a decoder model.
#include "knobs/knobs_panel.h"

#include "hardware/gpu_catalogue.h"
#include "predict/llm_runtime.h"
#include "predict/predictor.h"
#include "session/explorer_session.h"
#include "../session_test_support.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QAbstractItemView>
#include <QUndoStack>
#include <QtTest>

using namespace infersight;
using namespace infersight::test_support;

namespace {

constexpr int kWaitMs = 60000;

ProjectTarget gpu(const QString &id, const QString &mig = {}) {
    ProjectTarget t;
    t.gpu = id;
    t.mig = mig;
    return t;
}

// A user's pick in a combo box: the item becomes current and activated() follows, as from the popup.
bool choose(QComboBox *combo, const QVariant &data) {
    const int index = combo->findData(data);
    if (index < 0) {
        return false;
    }
    combo->setCurrentIndex(index);
    emit combo->activated(index);
    return true;
}

QStringList itemTexts(const QComboBox *combo) {
    QStringList texts;
    for (int i = 0; i < combo->count(); ++i) {
        texts << combo->itemText(i);
    }
    return texts;
}

}  // namespace

class TestKnobsPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void sliderIsLogarithmic_data();
    void sliderIsLogarithmic();
    void batchDragIsOneUndoStep();
    void sessionChangesReachWidgets();
    void gpuListGroupedByGeneration();
    void precisionFollowsGpu_data();
    void precisionFollowsGpu();
    void migListFollowsGpu();
    void refusedChangeSnapsBack();
    void resnetKnobs();
    void decoderShowsPhaseAndContext();
    void hostChoiceEditsTheTarget();
    void labelsHaveBuddies();

private:
    QTemporaryDir m_config;
    std::unique_ptr<ExplorerSession> m_session;
    std::unique_ptr<KnobsPanel> m_panel;
    template <typename T>
    T *child(const char *name) {
        auto *widget = m_panel->findChild<T *>(QString::fromLatin1(name));
        if (widget == nullptr) {
            qWarning("no child '%s'", name);
        }
        return widget;
    }
    void screenshot(const QString &name);
};

void TestKnobsPanel::initTestCase() {
    QVERIFY(m_config.isValid());
    qputenv(GpuCatalogue::kConfigDirEnv, m_config.path().toLocal8Bit());  // no user GPUs of this machine
}

void TestKnobsPanel::init() {
    m_session = std::make_unique<ExplorerSession>();
    QVERIFY(m_session->resetTargets({gpu(QStringLiteral("a100-sxm4-80gb")), gpu(QStringLiteral("h100-sxm5-80gb"))}));
    m_panel = std::make_unique<KnobsPanel>(m_session.get());
    m_panel->resize(360, 620);
    m_panel->show();
    if (QTest::currentTestFunction() != QLatin1String("sliderIsLogarithmic") &&
        QTest::currentTestFunction() != QLatin1String("decoderShowsPhaseAndContext")) {
        QVERIFY(openAndWait(*m_session, QStringLiteral("zoo:resnet50")));
    }
}

void TestKnobsPanel::cleanup() {
    m_panel.reset();
    m_session.reset();
}

// Saves a picture of the panel where INFERSIGHT_SCREENSHOT_DIR points (to look at it).
void TestKnobsPanel::screenshot(const QString &name) {
    const QByteArray dir = qgetenv("INFERSIGHT_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        QVERIFY(m_panel->grab().save(QDir(QString::fromLocal8Bit(dir)).filePath(name + QStringLiteral(".png"))));
    }
}

void TestKnobsPanel::sliderIsLogarithmic_data() {
    QTest::addColumn<qint64>("batch");
    QTest::addColumn<int>("position");
    // 10 positions per doubling: batch = 2^(position / 10) (hand computed).
    QTest::newRow("1") << qint64(1) << 0;
    QTest::newRow("2") << qint64(2) << 10;
    QTest::newRow("8") << qint64(8) << 30;
    QTest::newRow("48") << qint64(48) << 56;    // log2(48) = 5.585
    QTest::newRow("1024") << qint64(1024) << 100;
}

void TestKnobsPanel::sliderIsLogarithmic() {
    QFETCH(qint64, batch);
    QFETCH(int, position);
    QCOMPARE(KnobsPanel::sliderPosition(batch), position);
    auto *slider = child<QSlider>("batchSlider");
    QVERIFY(slider);
    QCOMPARE(slider->minimum(), 0);
    QCOMPARE(slider->maximum(), 100);
    if (batch == 1 || batch == 2 || batch == 8 || batch == 1024) {  // powers of two come back exactly
        QCOMPARE(KnobsPanel::sliderBatch(position), batch);
    }
    QCOMPARE(KnobsPanel::sliderBatch(56), qint64(49));  // 2^5.6 = 48.5
}

void TestKnobsPanel::batchDragIsOneUndoStep() {
    auto *slider = child<QSlider>("batchSlider");
    auto *spin = child<QSpinBox>("batchSpin");
    QVERIFY(slider && spin);
    QCOMPARE(m_session->knobs().batch, qint64(1));
    QUndoStack *undo = m_session->undoStack();
    const int before = undo->count();

    // A drag: press the handle, move it through several positions, release.
    slider->setSliderDown(true);
    for (int position : {10, 30, 50, 60}) {
        slider->setSliderPosition(position);
        QCOMPARE(m_session->knobs().batch, KnobsPanel::sliderBatch(position));
        QCOMPARE(spin->value(), static_cast<int>(KnobsPanel::sliderBatch(position)));
    }
    slider->setSliderDown(false);
    QCOMPARE(m_session->knobs().batch, qint64(64));
    QCOMPARE(undo->count(), before + 1);
    QCOMPARE(undo->undoText(), QStringLiteral("Batch 1 → 64"));

    // Keyboard steps are one step each (page step = one doubling).
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_PageUp);
    QCOMPARE(m_session->knobs().batch, qint64(128));
    QCOMPARE(undo->count(), before + 2);

    undo->undo();
    QCOMPARE(m_session->knobs().batch, qint64(64));
    QCOMPARE(slider->value(), 60);
    undo->undo();
    QCOMPARE(m_session->knobs().batch, qint64(1));
    QCOMPARE(spin->value(), 1);
    QCOMPARE(slider->value(), 0);

    // The spin box sets the batch directly.
    spin->setValue(48);
    QCOMPARE(m_session->knobs().batch, qint64(48));
    QCOMPARE(slider->value(), 56);
    QVERIFY(QTest::qWaitFor([&] { return !m_session->isPredicting(); }, kWaitMs));
    const auto results = m_session->results();
    QVERIFY(results);
    QCOMPARE(results->knobs.batch, qint64(48));
}

void TestKnobsPanel::sessionChangesReachWidgets() {
    const int before = m_session->undoStack()->count();
    QVERIFY(m_session->setBatch(16));
    QVERIFY(m_session->setPrecision(Precision::FP16));
    QVERIFY(m_session->setRuntime(Runtime::Fused));
    QVERIFY(m_session->setWidthMultiplier(0.5));
    QCOMPARE(child<QSpinBox>("batchSpin")->value(), 16);
    QCOMPARE(child<QSlider>("batchSlider")->value(), 40);
    QCOMPARE(child<QComboBox>("precisionCombo")->currentText(), QStringLiteral("fp16"));
    QCOMPARE(child<QComboBox>("runtimeCombo")->currentData().toInt(), static_cast<int>(Runtime::Fused));
    QCOMPARE(child<QDoubleSpinBox>("widthSpin")->value(), 0.5);
    // Setting the widgets from the session recorded nothing of its own.
    QCOMPARE(m_session->undoStack()->count(), before + 4);

    // And the widgets drive the session.
    child<QDoubleSpinBox>("widthSpin")->setValue(0.75);
    QCOMPARE(m_session->spec().widthMultiplier, 0.75);
    QVERIFY(choose(child<QComboBox>("runtimeCombo"), static_cast<int>(Runtime::Eager)));
    QCOMPARE(m_session->knobs().runtime, Runtime::Eager);
    QVERIFY(choose(child<QComboBox>("precisionCombo"), static_cast<int>(Precision::BF16)));
    QCOMPARE(m_session->knobs().precision, Precision::BF16);
    QCOMPARE(m_session->undoStack()->count(), before + 7);
    m_session->undoStack()->undo();
    QCOMPARE(child<QComboBox>("precisionCombo")->currentText(), QStringLiteral("fp16"));
}

void TestKnobsPanel::gpuListGroupedByGeneration() {
    auto *combo = child<QComboBox>("gpuCombo");
    QVERIFY(combo);
    auto *model = qobject_cast<QStandardItemModel *>(combo->model());
    QVERIFY(model);
    // Every catalogue GPU once, under a header naming its architecture; headers cannot be picked.
    QStringList headers;
    QString lastHeader;
    int gpus = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QStandardItem *item = model->item(row);
        const QString id = item->data(Qt::UserRole).toString();
        if (id.isEmpty()) {
            QVERIFY(!(item->flags() & Qt::ItemIsSelectable));
            QVERIFY(!(item->flags() & Qt::ItemIsEnabled));
            lastHeader = item->text();
            headers << lastHeader;
            continue;
        }
        ++gpus;
        const GpuSpec *spec = m_session->catalogue().find(id);
        QVERIFY2(spec, qPrintable(id));
        QCOMPARE(lastHeader, spec->architecture);
    }
    QCOMPARE(gpus, static_cast<int>(m_session->catalogue().gpus().size()));
    // NVIDIA's data-centre generations the catalogue covers (Pascal P4/P100 .. Hopper H100).
    for (const char *generation : {"Pascal", "Volta", "Turing", "Ampere", "Hopper"}) {
        QVERIFY2(headers.contains(QLatin1String(generation)), generation);
    }
    QCOMPARE(combo->currentData().toString(), QStringLiteral("a100-sxm4-80gb"));
    m_session->setCurrentTarget(1);
    QCOMPARE(combo->currentData().toString(), QStringLiteral("h100-sxm5-80gb"));
    screenshot(QStringLiteral("knobs_panel_resnet50"));
    const QByteArray dir = qgetenv("INFERSIGHT_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        combo->showPopup();
        const QString file = QDir(QString::fromLocal8Bit(dir)).filePath(QStringLiteral("knobs_gpu_popup.png"));
        QVERIFY(combo->view()->window()->grab().save(file));
        combo->hidePopup();
    }
}

void TestKnobsPanel::precisionFollowsGpu_data() {
    QTest::addColumn<QString>("gpuId");
    QTest::addColumn<bool>("bf16");
    QTest::addColumn<bool>("fp8");
    // BF16 tensor cores arrived with Ampere, FP8 with Ada / Hopper (NVIDIA architecture whitepapers).
    QTest::newRow("T4 (Turing)") << QStringLiteral("t4") << false << false;
    QTest::newRow("V100 (Volta)") << QStringLiteral("v100-sxm2-32gb") << false << false;
    QTest::newRow("A10 (Ampere)") << QStringLiteral("a10") << true << false;
}

void TestKnobsPanel::precisionFollowsGpu() {
    QFETCH(QString, gpuId);
    QFETCH(bool, bf16);
    QFETCH(bool, fp8);
    auto *gpuCombo = child<QComboBox>("gpuCombo");
    auto *precision = child<QComboBox>("precisionCombo");
    QVERIFY(choose(gpuCombo, gpuId));
    QCOMPARE(m_session->targets()[0].spec.gpu, gpuId);
    QCOMPARE(m_session->currentTarget(), 0);

    auto *model = qobject_cast<QStandardItemModel *>(precision->model());
    QVERIFY(model);
    const auto target = resolveTarget(GpuCatalogue::builtIn(), gpuId);
    QVERIFY(target);
    const auto check = [&](Precision p, bool supported) {
        const QStandardItem *item = model->item(precision->findData(static_cast<int>(p)));
        QVERIFY(item);
        QCOMPARE(item->isEnabled(), supported);
        if (supported) {
            // A supported precision describes itself (what runs on which units), never a refusal.
            QVERIFY(!item->toolTip().isEmpty());
            QVERIFY(checkPrecision(p, *target).ok());
        } else {
            QVERIFY(!item->toolTip().isEmpty());
            QCOMPARE(item->data(Qt::ToolTipRole).toString(), checkPrecision(p, *target).errorMessage());
            QVERIFY2(item->toolTip().contains(precisionName(p)), qPrintable(item->toolTip()));
        }
    };
    check(Precision::FP32, true);
    check(Precision::FP16, true);
    check(Precision::BF16, bf16);
    check(Precision::FP8, fp8);
    // Choosing bf16 on a GPU without it is not a refusal (it is that target's error); the combo says why.
    QVERIFY(m_session->setPrecision(Precision::BF16));
    QCOMPARE(precision->currentText(), QStringLiteral("bf16"));
    QCOMPARE(precision->toolTip().contains(QStringLiteral("bf16")), !bf16);
    if (gpuId == QLatin1String("t4")) {
        screenshot(QStringLiteral("knobs_panel_t4"));
    }
}

void TestKnobsPanel::migListFollowsGpu() {
    auto *gpuCombo = child<QComboBox>("gpuCombo");
    auto *mig = child<QComboBox>("migCombo");
    auto *mps = child<QSpinBox>("mpsSpin");
    QVERIFY(gpuCombo && mig && mps);
    // A100 80 GB MIG profiles (NVIDIA MIG user guide, "Supported profiles"): 1g.10gb ... 7g.80gb.
    QStringList texts = itemTexts(mig);
    QCOMPARE(texts.first(), QStringLiteral("Whole GPU"));
    for (const char *profile : {"1g.10gb", "2g.20gb", "3g.40gb", "4g.40gb", "7g.80gb"}) {
        QVERIFY2(texts.contains(QLatin1String(profile)), profile);
    }
    const GpuSpec *a100 = m_session->catalogue().find(QStringLiteral("a100-sxm4-80gb"));
    QCOMPARE(texts.size(), 1 + static_cast<int>(a100->mig.size()));
    QVERIFY(mig->isEnabled());

    QVERIFY(choose(mig, QStringLiteral("3g.40gb")));
    QCOMPARE(m_session->targets()[0].spec.mig, QStringLiteral("3g.40gb"));
    QCOMPARE(m_session->resolvedTargets()[0].key, QStringLiteral("a100-sxm4-80gb:mig=3g.40gb"));
    QVERIFY(!mps->isEnabled());  // MIG and MPS do not combine

    // To a GPU without MIG: only "Whole GPU", disabled; the target drops the profile.
    QVERIFY(choose(gpuCombo, QStringLiteral("t4")));
    QCOMPARE(m_session->targets()[0].spec.gpu, QStringLiteral("t4"));
    QVERIFY(m_session->targets()[0].spec.mig.isEmpty());
    QCOMPARE(itemTexts(mig), QStringList{QStringLiteral("Whole GPU")});
    QVERIFY(!mig->isEnabled());
    QVERIFY(mps->isEnabled());

    // MPS share on the whole GPU.
    mps->setValue(50);
    QVERIFY(m_session->targets()[0].spec.mps.has_value());
    QCOMPARE(*m_session->targets()[0].spec.mps, 50.0);
    QCOMPARE(m_session->resolvedTargets()[0].key, QStringLiteral("t4:mps=50"));

    // Undo walks back through the target changes and the widgets follow.
    m_session->undoStack()->undo();
    QCOMPARE(mps->value(), 0);
    m_session->undoStack()->undo();
    QCOMPARE(gpuCombo->currentData().toString(), QStringLiteral("a100-sxm4-80gb"));
    QCOMPARE(mig->currentText(), QStringLiteral("3g.40gb"));
}

void TestKnobsPanel::refusedChangeSnapsBack() {
    auto *gpuCombo = child<QComboBox>("gpuCombo");
    auto *error = child<QLabel>("knobError");
    QVERIFY(gpuCombo && error);
    QSignalSpy messages(m_panel.get(), &KnobsPanel::message);
    const int before = m_session->undoStack()->count();
    // H100 SXM is target 2 already: the session refuses a second one.
    QVERIFY(choose(gpuCombo, QStringLiteral("h100-sxm5-80gb")));
    QCOMPARE(m_session->undoStack()->count(), before);
    QCOMPARE(m_session->targets()[0].spec.gpu, QStringLiteral("a100-sxm4-80gb"));
    QCOMPARE(gpuCombo->currentData().toString(), QStringLiteral("a100-sxm4-80gb"));
    QVERIFY(error->isVisibleTo(m_panel.get()));
    QVERIFY2(error->text().contains(QStringLiteral("already in the target list")), qPrintable(error->text()));
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages.first().first().toString(), error->text());
    screenshot(QStringLiteral("knobs_panel_refused"));

    // The next accepted change clears the message.
    QVERIFY(choose(gpuCombo, QStringLiteral("a10")));
    QVERIFY(error->isHidden());
    QCOMPARE(messages.last().first().toString(), QString());

    // A structural refusal: VGG-16's classifier takes a 7x7 map, so its image size is a multiple of
    // 224 (torchvision's fixed-size VGG); the engine says so and the spin box returns to 224.
    QVERIFY(openAndWait(*m_session, QStringLiteral("zoo:vgg16")));
    auto *image = child<QSpinBox>("imageSpin");
    QCOMPARE(image->value(), 224);
    const int steps = m_session->undoStack()->count();
    image->setValue(200);
    QCOMPARE(m_session->spec().knobs.height, qint64(-1));
    QCOMPARE(image->value(), 224);
    QCOMPARE(m_session->undoStack()->count(), steps);
    QVERIFY2(error->text().contains(QStringLiteral("224")), qPrintable(error->text()));
    QCOMPARE(messages.last().first().toString(), error->text());
    image->setValue(448);
    QCOMPARE(m_session->spec().knobs.height, qint64(448));
    QVERIFY(error->isHidden());
}

void TestKnobsPanel::resnetKnobs() {
    QVERIFY(child<QSpinBox>("imageSpin")->isVisibleTo(m_panel.get()));
    QCOMPARE(child<QSpinBox>("imageSpin")->value(), 224);  // torchvision's ResNet-50 input
    QVERIFY(!child<QSpinBox>("sequenceSpin")->isVisibleTo(m_panel.get()));
    QVERIFY(!child<QComboBox>("phaseCombo")->isVisibleTo(m_panel.get()));
    QVERIFY(!child<QSpinBox>("contextSpin")->isVisibleTo(m_panel.get()));
    QVERIFY(child<QSpinBox>("depthSpin")->isVisibleTo(m_panel.get()));

    child<QSpinBox>("imageSpin")->setValue(160);
    QCOMPARE(m_session->knobs().height, qint64(160));
    QCOMPARE(m_session->knobs().width, qint64(160));
}

void TestKnobsPanel::decoderShowsPhaseAndContext() {
    QVERIFY(openAndWait(*m_session, QStringLiteral("zoo:gpt2")));
    auto *phase = child<QComboBox>("phaseCombo");
    auto *context = child<QSpinBox>("contextSpin");
    QVERIFY(phase->isVisibleTo(m_panel.get()));
    QVERIFY(context->isVisibleTo(m_panel.get()));
    QVERIFY(child<QSpinBox>("sequenceSpin")->isVisibleTo(m_panel.get()));
    QVERIFY(!child<QSpinBox>("imageSpin")->isVisibleTo(m_panel.get()));
    QVERIFY(!context->isEnabled());  // prefill

    QVERIFY(choose(phase, static_cast<int>(DecoderPhase::Decode)));
    QCOMPARE(m_session->knobs().phase, DecoderPhase::Decode);
    QVERIFY(context->isEnabled());
    QCOMPARE(context->value(), static_cast<int>(m_session->knobs().context));
    context->setValue(512);
    QCOMPARE(m_session->knobs().context, qint64(512));
    QVERIFY(QTest::qWaitFor([&] { return !m_session->isPredicting(); }, kWaitMs));
    screenshot(QStringLiteral("knobs_panel_gpt2_decode"));

    // LLM serving knobs: the runtimes as users know them, the weight format, the output length.
    auto *runtime = child<QComboBox>("runtimeCombo");
    auto *weights = child<QComboBox>("weightsCombo");
    auto *output = child<QSpinBox>("outputSpin");
    QVERIFY(weights->isVisibleTo(m_panel.get()));
    QVERIFY(output->isVisibleTo(m_panel.get()));
    QVERIFY(runtime->findData(QStringLiteral("vllm")) >= 0);
    // Each runtime once (the generic "eager" / "fused" are aliases of hf-eager / vllm, not entries).
    QCOMPARE(runtime->count(), static_cast<int>(llmRuntimes().size()));
    QStringList listed;
    for (int i = 0; i < runtime->count(); ++i) {
        listed << runtime->itemData(i).toString();
    }
    QCOMPARE(listed, (QStringList{QStringLiteral("hf-eager"), QStringLiteral("vllm"), QStringLiteral("trt-llm"),
                                  QStringLiteral("tinychat"), QStringLiteral("llama.cpp")}));
    QVERIFY(choose(runtime, QStringLiteral("vllm")));
    QCOMPARE(m_session->spec().llm.runtime, QStringLiteral("vllm"));
    QCOMPARE(m_session->knobs().runtime, Runtime::Fused);
    QVERIFY(choose(weights, static_cast<int>(WeightFormat::W8A8)));
    QCOMPARE(m_session->spec().llm.weights, WeightFormat::W8A8);
    QCOMPARE(m_session->knobs().precision, Precision::INT8);  // W8A8 runs int8 activations
    output->setValue(300);
    QCOMPARE(m_session->spec().llm.outputTokens, qint64(300));
    m_session->undoStack()->undo();
    QCOMPARE(output->value(), 128);

    // Back to a CNN: the decoder knobs go away.
    QVERIFY(openAndWait(*m_session, QStringLiteral("zoo:resnet50")));
    QVERIFY(!phase->isVisibleTo(m_panel.get()));
    QVERIFY(!context->isVisibleTo(m_panel.get()));
    QVERIFY(!weights->isVisibleTo(m_panel.get()));
    QVERIFY(runtime->findData(QStringLiteral("vllm")) < 0);  // eager / fused again
}

void TestKnobsPanel::hostChoiceEditsTheTarget() {
    auto *host = child<QComboBox>("hostCombo");
    QVERIFY(host->isVisibleTo(m_panel.get()));
    QCOMPARE(host->currentData().toString(), QString());  // the GPU's usual host
    QVERIFY(choose(host, QStringLiteral("aws-p4d")));
    QCOMPARE(m_session->targets()[static_cast<std::size_t>(m_session->currentTarget())].spec.host, QStringLiteral("aws-p4d"));
    QVERIFY(m_session->resolvedTargets()[static_cast<std::size_t>(m_session->currentTarget())].target->host().id ==
            QStringLiteral("aws-p4d"));
    m_session->undoStack()->undo();
    QCOMPARE(host->currentData().toString(), QString());
}

void TestKnobsPanel::labelsHaveBuddies() {
    // Every knob label has a mnemonic and a buddy, and the mnemonics differ.
    QSet<QChar> mnemonics;
    const auto labels = m_panel->findChildren<QLabel *>();
    int knobLabels = 0;
    for (const QLabel *label : labels) {
        if (label->objectName() == QLatin1String("knobError")) {
            continue;
        }
        const QString text = label->text();
        const qsizetype amp = text.indexOf(QLatin1Char('&'));
        QVERIFY2(amp >= 0 && amp + 1 < text.size(), qPrintable(text));
        QVERIFY2(label->buddy(), qPrintable(text));
        const QChar key = text.at(amp + 1).toLower();
        QVERIFY2(!mnemonics.contains(key), qPrintable(text));
        mnemonics.insert(key);
        ++knobLabels;
    }
    // GPU, MIG, MPS, host, batch, image, sequence, precision, runtime, weights, output, phase, context,
    // width, depth
    QCOMPARE(knobLabels, 15);

    // Tab goes through the knobs in the panel's order.
    const QStringList expected{QStringLiteral("gpuCombo"),      QStringLiteral("migCombo"),   QStringLiteral("mpsSpin"),
                               QStringLiteral("hostCombo"),
                               QStringLiteral("batchSlider"),   QStringLiteral("batchSpin"),  QStringLiteral("imageSpin"),
                               QStringLiteral("sequenceSpin"),  QStringLiteral("precisionCombo"),
                               QStringLiteral("runtimeCombo"),  QStringLiteral("weightsCombo"), QStringLiteral("outputSpin"),
                               QStringLiteral("phaseCombo"), QStringLiteral("contextSpin"),
                               QStringLiteral("widthSpin"),     QStringLiteral("depthSpin")};
    QStringList chain;
    QWidget *w = child<QComboBox>("gpuCombo");
    for (int i = 0; i < 200 && chain.size() < expected.size(); ++i, w = w->nextInFocusChain()) {
        if (expected.contains(w->objectName()) && !chain.contains(w->objectName())) {
            chain << w->objectName();
        }
    }
    QCOMPARE(chain, expected);
}

QTEST_MAIN(TestKnobsPanel)
#include "test_knobs_panel.moc"
