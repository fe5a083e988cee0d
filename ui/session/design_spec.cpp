// SPDX-License-Identifier: MIT
#include "session/design_spec.h"

namespace infersight {

DesignSpec DesignSpec::of(const Design &design) {
    DesignSpec spec;
    spec.knobs = design.knobs();
    spec.widthMultiplier = design.widthMultiplier();
    spec.depth = design.depth();
    spec.edits = design.edits();
    spec.nodePrecisions = design.nodePrecisions();
    return spec;
}

bool DesignSpec::sameApartFromBatchAndPrecision(const DesignSpec &other) const {
    DesignSpec a = *this;
    DesignSpec b = other;
    a.knobs.batch = b.knobs.batch = 1;
    a.knobs.precision = b.knobs.precision = Precision::FP32;
    return a == b;
}

bool DesignSpec::sameDesign(const DesignSpec &other) const {
    DesignSpec a = *this;
    a.llm = other.llm;
    return a == other;
}

Status applySpec(Design &design, const DesignSpec &spec) {
    if (DesignSpec::of(design).sameDesign(spec)) {
        return {};
    }
    Design next = design;
    // Structure first (rebuilds the base graph), then the edits on it, the knobs and precisions.
    if (next.widthMultiplier() != spec.widthMultiplier) {
        if (Status s = next.setWidthMultiplier(spec.widthMultiplier); !s) {
            return s;
        }
    }
    if (next.depth() != spec.depth) {
        if (Status s = next.setDepth(spec.depth); !s) {
            return s;
        }
    }
    if (next.edits() != spec.edits) {
        if (Status s = next.setEdits(spec.edits); !s) {
            return s;
        }
    }
    if (!(next.knobs() == spec.knobs)) {
        if (Status s = next.setKnobs(spec.knobs); !s) {
            return s;
        }
    }
    if (next.nodePrecisions() != spec.nodePrecisions) {
        if (Status s = next.setNodePrecisions(spec.nodePrecisions); !s) {
            return s;
        }
    }
    design = std::move(next);
    return {};
}

QString targetSpecText(const ProjectTarget &spec) {
    QString text = spec.gpu;
    if (!spec.mig.isEmpty()) {
        text += QStringLiteral(" MIG ") + spec.mig;
    } else if (spec.mps) {
        text += QStringLiteral(" MPS %1 %").arg(*spec.mps);
        if (spec.mpsAlone) {
            text += QStringLiteral(" alone");
        }
    }
    if (!spec.host.isEmpty()) {
        text += QStringLiteral(" host ") + spec.host;
    }
    return text;
}

}  // namespace infersight
