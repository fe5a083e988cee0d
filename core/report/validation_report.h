// SPDX-License-Identifier: MIT
// The accuracy report of record (`infersight-cli validate`) written from a ValidationResult
// (validate/validation.h): markdown tables (also readable as text) and JSON. `validate --markdown`
// splices the markdown into docs/accuracy.md between its markers (writeMarkdownSection).
#pragma once

#include "base/result.h"
#include "validate/validation.h"

#include <QJsonObject>
#include <QString>

namespace infersight {

QString validationMarkdown(const ValidationResult &result);
QJsonObject validationJson(const ValidationResult &result);

// Replaces what lies between the lines `<!-- validate:begin -->` and `<!-- validate:end -->` of the
// file at `path` with `markdown` (atomically); a file without the markers gets them appended, a
// missing file is created with a header. Errors name the file.
Status writeMarkdownSection(const QString &path, const QString &markdown);

// The text of `validate --fit-host`: the refitted eager host-overhead parameters.
QString hostFitText(const HostFit &fit);

// `validate --fit-bands`: the class-band scale and the system term that make the 80 % band cover
// 80 % of the e2e and of the DLE rows, and the coverage reached now.
QString bandFitText(const ValidationResult &result);

}  // namespace infersight
