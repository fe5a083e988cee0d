// SPDX-License-Identifier: MIT
#include "session/design_spec.h"

#include "predict/llm_runtime.h"

#include <QJsonValue>

#include <cmath>

namespace infersight {

QJsonObject llmSettingsJson(const LlmSettings &llm) {
    QJsonObject o;
    o.insert(QStringLiteral("version"), kLlmSettingsVersion);
    o.insert(QStringLiteral("output_tokens"), static_cast<double>(llm.outputTokens));
    o.insert(QStringLiteral("weights"), weightFormatName(llm.weights));
    if (!llm.runtime.isEmpty()) {
        o.insert(QStringLiteral("runtime"), llm.runtime);
    }
    return o;
}

Result<LlmSettings> llmSettingsFromProject(const QJsonObject &root, const QString &fileName, std::int64_t maxOutputTokens) {
    LlmSettings llm;
    const QJsonValue section = root.value(QStringLiteral("llm"));
    if (section.isUndefined() || section.isNull()) {
        return llm;
    }
    auto fail = [&fileName](const QString &field, const QString &why) {
        return Error{QStringLiteral("%1: field 'llm%2'%3").arg(fileName, field.isEmpty() ? QString() : QLatin1Char('.') + field, why)};
    };
    if (!section.isObject()) {
        return fail({}, QStringLiteral(" must be an object"));
    }
    const QJsonObject o = section.toObject();
    static const QStringList known{QStringLiteral("version"), QStringLiteral("output_tokens"), QStringLiteral("weights"),
                                   QStringLiteral("runtime")};
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!known.contains(it.key())) {
            return fail(it.key(), QStringLiteral(" is unknown (known: %1)").arg(known.join(QStringLiteral(", "))));
        }
    }
    const QJsonValue version = o.value(QStringLiteral("version"));
    if (!version.isDouble() || version.toDouble() != std::floor(version.toDouble()) || version.toDouble() < 1) {
        return fail(QStringLiteral("version"), QStringLiteral(" must be an integer of at least 1"));
    }
    if (version.toDouble() > kLlmSettingsVersion) {
        return fail(QStringLiteral("version"), QStringLiteral(" is %1: the LLM settings were written by a newer Infersight (this version reads up "
                                                               "to %2). Update Infersight to open the project")
                                                   .arg(version.toDouble())
                                                   .arg(kLlmSettingsVersion));
    }
    if (o.contains(QStringLiteral("output_tokens"))) {
        const QJsonValue v = o.value(QStringLiteral("output_tokens"));
        const double d = v.toDouble();
        if (!v.isDouble() || d != std::floor(d) || d < 1 || d > static_cast<double>(maxOutputTokens)) {
            return fail(QStringLiteral("output_tokens"), QStringLiteral(" must be an integer from 1 to %1 (the explorer's limit)").arg(maxOutputTokens));
        }
        llm.outputTokens = static_cast<std::int64_t>(d);
    }
    if (o.contains(QStringLiteral("weights"))) {
        const QJsonValue v = o.value(QStringLiteral("weights"));
        const auto format = v.isString() ? weightFormatFromName(v.toString()) : std::nullopt;
        if (!format) {
            return fail(QStringLiteral("weights"), QStringLiteral(": '%1' is not a weight format (one of %2)")
                                                       .arg(v.isString() ? v.toString() : QStringLiteral("(not a string)"),
                                                            weightFormatNames().join(QStringLiteral(", "))));
        }
        llm.weights = *format;
    }
    if (o.contains(QStringLiteral("runtime"))) {
        const QJsonValue v = o.value(QStringLiteral("runtime"));
        const LlmRuntime *runtime = v.isString() ? findLlmRuntime(v.toString()) : nullptr;
        if (!runtime) {
            QStringList ids;
            for (const LlmRuntime &r : llmRuntimes()) {
                ids << r.id;
            }
            return fail(QStringLiteral("runtime"), QStringLiteral(": '%1' is not an LLM runtime (one of %2)")
                                                       .arg(v.isString() ? v.toString() : QStringLiteral("(not a string)"),
                                                            ids.join(QStringLiteral(", "))));
        }
        llm.runtime = runtime->id;
    }
    return llm;
}

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
