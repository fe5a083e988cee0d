// SPDX-License-Identifier: MIT
#include "charts/palette.h"

#include <QCoreApplication>

namespace infersight {

namespace {

// Okabe-Ito (sRGB), in the order line charts usually take them.
constexpr std::array<QRgb, kTargetColourCount> kTargetRgb = {
    0x0072B2,  // blue
    0xE69F00,  // orange
    0x009E73,  // bluish green
    0xCC79A7,  // reddish purple
    0x56B4E9,  // sky blue
    0xD55E00,  // vermillion
    0x000000,  // black
    0xF0E442,  // yellow
};

}  // namespace

QColor targetColour(int index) {
    const int i = ((index % kTargetColourCount) + kTargetColourCount) % kTargetColourCount;
    return QColor::fromRgb(kTargetRgb[static_cast<std::size_t>(i)]);
}

QColor boundColour(Bound bound) {
    switch (bound) {
    case Bound::Compute: return QColor::fromRgb(0xD55E00);  // vermillion
    case Bound::Memory: return QColor::fromRgb(0x56B4E9);   // sky blue
    case Bound::Latency: return QColor::fromRgb(0xF0E442);  // yellow
    case Bound::Host: return QColor::fromRgb(0x7F7F7F);     // grey: the GPU is idle
    }
    return QColor(Qt::gray);
}

QColor boundOutline(Bound bound) {
    return boundColour(bound).darker(bound == Bound::Latency ? 170 : 130);
}

QString boundLabel(Bound bound) {
    switch (bound) {
    case Bound::Compute: return QCoreApplication::translate("infersight::Palette", "compute");
    case Bound::Memory: return QCoreApplication::translate("infersight::Palette", "memory");
    case Bound::Latency: return QCoreApplication::translate("infersight::Palette", "latency");
    case Bound::Host: return QCoreApplication::translate("infersight::Palette", "host");
    }
    return {};
}

QString boundDescription(Bound bound) {
    switch (bound) {
    case Bound::Compute: return QCoreApplication::translate("infersight::Palette", "compute-bound: limited by the precision's peak arithmetic rate");
    case Bound::Memory: return QCoreApplication::translate("infersight::Palette", "memory-bound: limited by DRAM bandwidth");
    case Bound::Latency: return QCoreApplication::translate("infersight::Palette", "latency-bound: too small to fill the GPU, fixed per-kernel time dominates");
    case Bound::Host: return QCoreApplication::translate("infersight::Palette", "host-bound: the GPU waits for the CPU to dispatch and launch");
    }
    return {};
}

}  // namespace infersight
