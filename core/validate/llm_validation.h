// SPDX-License-Identifier: MIT
// The LLM section of `infersight-cli validate` (issue 18): every resolved row of
// data/llm/llm_decode_published.csv (llm_data.h) predicted from datasheet figures with the runtime
// profile of its family (hf-eager, vllm for the fused engines, llama.cpp) and its weight format,
// per runtime family x weight format:
//  - raw: the prediction as the built-in runtime parameters give it;
//  - leave-one-GPU-out: the family x format's calibration factor (median of measured / predicted)
//    fitted on the other GPUs' rows only, applied to the held-out GPU's rows. This is how a user
//    with measurements of a runtime on some GPUs would carry it to a GPU never measured.
// TPOT rows: the mean decode step over the row's contexts (Simpson's rule over the first, middle
// and last context of the measured steps); TTFT rows: the prefill of the prompt.
#pragma once

#include "base/result.h"
#include "validate/llm_data.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace infersight {

struct LlmValidationRow {
    LlmMeasuredRow row;
    double predictedMs = 0;  // raw prediction
    double looMs = 0;        // leave-one-GPU-out calibrated prediction (0: no other GPU in the group)
    QString error;           // prediction failed (the row is then counted as excluded)
};

struct LlmValidationGroup {
    QString family;          // runtime family ("llama.cpp", "hf-eager", "tinychat", ...)
    QString format;          // weight format name
    QString profile;         // runtime profile that predicts it
    int rows = 0;
    int gpus = 0;
    double mape = 0;         // raw, %
    double looMape = -1;     // leave-one-GPU-out, % (-1: fewer than two GPUs)
    int looRows = 0;
    double medianRatio = 0;  // measured / predicted over all rows (the calibration a user would apply)
};

struct LlmValidation {
    std::vector<LlmValidationRow> rows;       // Fit and ReportOnly rows
    std::vector<LlmValidationGroup> groups;   // Fit rows only, by family x format
    std::vector<LlmValidationGroup> reported; // ReportOnly rows, by family x format (raw only)
    int excluded = 0;
    QStringList excludedReasons;  // "line N: reason"
};

// Loads <dataDir>/llm and predicts every row. Errors name the file.
Result<LlmValidation> validateLlm(const QString &dataDir);

// The group of `family` x `format` (nullptr when absent).
const LlmValidationGroup *findLlmGroup(const LlmValidation &v, const QString &family, const QString &format);

QString llmValidationMarkdown(const LlmValidation &v);
QJsonObject llmValidationJson(const LlmValidation &v);

}  // namespace infersight
