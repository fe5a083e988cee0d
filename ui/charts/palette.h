// SPDX-License-Identifier: MIT
// The two palettes of the GUI, used by every chart, table and the graph view so that a colour
// means one thing everywhere (docs/gui.md):
//  - one colour per target (the comparison list: first target blue, second orange, ...), from the
//    colour-blind-safe Okabe-Ito palette (Okabe & Ito, "Color Universal Design", 2008);
//  - one colour per bound (what limits a kernel or node: compute, memory, latency, host), chosen
//    from the same palette apart from the first four target colours.
#pragma once

#include "predict/predictor.h"

#include <QColor>
#include <QString>

#include <array>

namespace infersight {

// The Okabe-Ito colours in the order targets take them.
inline constexpr int kTargetColourCount = 8;
// Colour of the target at `index` in the target list (wraps after kTargetColourCount).
QColor targetColour(int index);

// Colour of a bound; boundOutline() is a darker shade for borders and markers on white (yellow).
QColor boundColour(Bound bound);
QColor boundOutline(Bound bound);
// "compute", "memory", "latency", "host", translated, for legends.
QString boundLabel(Bound bound);
// One line saying what the bound means, translated, for tooltips.
QString boundDescription(Bound bound);

// The bounds in legend order.
inline constexpr std::array<Bound, 4> kBoundsInOrder = {Bound::Compute, Bound::Memory, Bound::Latency, Bound::Host};

}  // namespace infersight
