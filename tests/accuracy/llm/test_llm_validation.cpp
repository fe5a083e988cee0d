// SPDX-License-Identifier: MIT
// The LLM section of validate (validate/llm_validation.h) over the published decode rows of
// data/llm/llm_decode_published.csv (358 rows, sources in data/llm/PROVENANCE.md):
//  - every row is resolved or left out with a reason; the two premAI rows the data flags as
//    exceeding the bandwidth roofline ("do not use") are left out, multi-GPU rows too;
//  - ceiling (issue 18): the llama.cpp fp16 rows (llama-bench and ./main on 20 GPUs), each GPU
//    held out in turn, within 15 % MAPE (the family's calibration fitted on the other GPUs);
//  - every scored family x format's raw prediction is within a factor of two of the measurements
//    (median measured / predicted between 0.5 and 2): the runtime profiles are physical, not
//    free scale factors.
#include "validate/llm_data.h"
#include "validate/llm_validation.h"
#include "validate/measured_data.h"

#include <QtTest>

using namespace infersight;

class TestLlmValidation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void rowsResolved();
    void llamaCppFp16HeldOutByGpu();
    void everyFamilyWithinAFactorOfTwo();

private:
    std::optional<LlmValidation> m_v;
};

void TestLlmValidation::initTestCase() {
    Result<LlmValidation> v = validateLlm(measuredDataDirectory());
    QVERIFY2(v, qPrintable(v ? QString() : v.errorMessage()));
    m_v = std::move(*v);
    qInfo("%s", qPrintable(llmValidationMarkdown(*m_v)));
}

void TestLlmValidation::rowsResolved() {
    // 358 rows: scored + reported + left out.
    int predicted = 0;
    for (const LlmValidationRow &r : m_v->rows) {
        predicted += r.error.isEmpty() ? 1 : 0;
    }
    QCOMPARE(predicted + m_v->excluded, 358);
    QVERIFY2(predicted >= 250, qPrintable(m_v->excludedReasons.join(QLatin1Char('\n'))));
    int flagged = 0;
    for (const QString &reason : m_v->excludedReasons) {
        flagged += reason.contains(QLatin1String("exceeding the GPU's bandwidth roofline")) ? 1 : 0;
    }
    QCOMPARE(flagged, 2);
    for (const LlmValidationRow &r : m_v->rows) {
        QVERIFY(r.row.use != LlmRowUse::Excluded);  // left-out rows are never predicted
    }
}

void TestLlmValidation::llamaCppFp16HeldOutByGpu() {
    const LlmValidationGroup *g = findLlmGroup(*m_v, QStringLiteral("llama.cpp"), QStringLiteral("fp16"));
    QVERIFY(g);
    qInfo("llama.cpp fp16: %d rows on %d GPUs, MAPE %.1f %%, leave-one-GPU-out %.1f %% (%d rows)", g->rows, g->gpus,
          g->mape, g->looMape, g->looRows);
    QVERIFY(g->gpus >= 10);
    QVERIFY(g->looRows >= 40);
    QVERIFY(g->looMape >= 0);
    QVERIFY2(g->looMape <= 15.0, qPrintable(QStringLiteral("%1 %").arg(g->looMape)));
}

void TestLlmValidation::everyFamilyWithinAFactorOfTwo() {
    for (const LlmValidationGroup &g : m_v->groups) {
        QVERIFY2(g.medianRatio > 0.5 && g.medianRatio < 2.0,
                 qPrintable(QStringLiteral("%1 %2: measured / predicted %3").arg(g.family, g.format).arg(g.medianRatio)));
    }
}

QTEST_GUILESS_MAIN(TestLlmValidation)
#include "test_llm_validation.moc"
