// SPDX-License-Identifier: MIT
// Fonts for the Simplified Chinese UI and report. Chinese text falls back to a CJK font, and the
// platform's first pick depends on LC_CTYPE: it may be a Japanese one (other glyph forms), or,
// under a zh locale, a CJK font for everything (whose digits lose their text in a PDF). When the
// default locale is Simplified Chinese this makes the application font a Latin sans for the body
// followed by a Simplified Chinese sans; otherwise it changes nothing. Call it once, after
// QLocale::setDefault and before any widget or report is drawn.
#pragma once

namespace infersight {

void useSimplifiedChineseFonts();

}  // namespace infersight
