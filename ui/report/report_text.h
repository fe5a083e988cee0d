// SPDX-License-Identifier: MIT
// The translation context of the report's strings (PDF pages, table headers, CLI messages that
// come from ui/report): ReportText::tr("...").
#pragma once

#include <QCoreApplication>

namespace infersight {

class ReportText {
    Q_DECLARE_TR_FUNCTIONS(ReportText)
};

}  // namespace infersight
