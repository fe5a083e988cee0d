// SPDX-License-Identifier: MIT
#include "graph/shape_binding.h"

#include <QSet>

#include <algorithm>

namespace infersight {

namespace {

DimRole roleFromSymbol(const QString &symbol) {
    const QString s = symbol.toLower();
    if (s.isEmpty()) {
        return DimRole::Other;
    }
    static const QSet<QString> batchNames{QStringLiteral("n"), QStringLiteral("b"), QStringLiteral("bs"),
                                          QStringLiteral("bsz")};
    if (s.contains(QLatin1String("batch")) || batchNames.contains(s)) {
        return DimRole::Batch;
    }
    if (s.contains(QLatin1String("past")) || s.contains(QLatin1String("cache")) || s.contains(QLatin1String("context"))) {
        return DimRole::Context;
    }
    if (s.contains(QLatin1String("seq")) || s.contains(QLatin1String("len")) || s.contains(QLatin1String("token"))) {
        return DimRole::Sequence;
    }
    if (s.contains(QLatin1String("height")) || s == QLatin1String("h")) {
        return DimRole::Height;
    }
    if (s.contains(QLatin1String("width")) || s == QLatin1String("w")) {
        return DimRole::Width;
    }
    return DimRole::Other;
}

// A dim that rule 1 left without a known role may take a positional one.
bool positionalCandidate(const Dim &dim) {
    return dim.role == DimRole::Fixed || dim.role == DimRole::Other;
}

void setPositionalRole(Dim &dim, DimRole role) {
    if (!positionalCandidate(dim)) {
        return;
    }
    if (dim.role == DimRole::Fixed) {
        dim.symbol.clear();  // empty symbol: static in the export
    }
    dim.role = role;
}

std::int64_t firstValue(const Graph &graph, DimRole role, bool *anyOpen) {
    std::int64_t found = -1;
    for (int index : graph.inputs) {
        if (index < 0 || index >= static_cast<int>(graph.values.size())) {
            continue;
        }
        for (const Dim &d : graph.values[static_cast<std::size_t>(index)].declared) {
            if (d.role != role) {
                continue;
            }
            if (d.value >= 0) {
                if (found < 0) {
                    found = d.value;
                }
            } else if (anyOpen) {
                *anyOpen = true;
            }
        }
    }
    return found;
}

struct FixedDim {
    QString input;
    DimRole role;
    std::int64_t exported;
    std::int64_t bound;
};

std::vector<FixedDim> reboundStaticDims(const Graph &graph, const ShapeBindings &bindings) {
    std::vector<FixedDim> out;
    for (int index : graph.inputs) {
        if (index < 0 || index >= static_cast<int>(graph.values.size())) {
            continue;
        }
        const Value &v = graph.values[static_cast<std::size_t>(index)];
        for (const Dim &d : v.declared) {
            if (d.role == DimRole::Fixed || d.role == DimRole::Other || !d.symbol.isEmpty() || d.value < 0) {
                continue;
            }
            const std::int64_t bound = bindings.resolve(d);
            if (bound != d.value) {
                out.push_back({v.name, d.role, d.value, bound});
            }
        }
    }
    return out;
}

QString knobName(DimRole role) {
    switch (role) {
    case DimRole::Batch: return QStringLiteral("batch size");
    case DimRole::Sequence: return QStringLiteral("sequence length");
    case DimRole::Height: return QStringLiteral("image height");
    case DimRole::Width: return QStringLiteral("image width");
    case DimRole::Context: return QStringLiteral("context length");
    default: return dimRoleName(role);
    }
}

QString knobOption(DimRole role) {
    switch (role) {
    case DimRole::Batch: return QStringLiteral("--batch");
    case DimRole::Sequence: return QStringLiteral("--seq");
    case DimRole::Height:
    case DimRole::Width: return QStringLiteral("--image");
    default: return QString();
    }
}

// The error for tensors past kMaxTensorElements / kMaxTensorBytes: the first one, how many more, the
// knob values they were computed at and which knobs lower them.
QString tooLargeError(const QStringList &tooLarge, const ShapeBindings &b, const QString &sourceName) {
    QStringList knobs;
    if (b.batch >= 0) {
        knobs << QStringLiteral("batch %1").arg(b.batch);
    }
    if (b.height >= 0 || b.width >= 0) {
        knobs << QStringLiteral("image %1 x %2").arg(b.height).arg(b.width);
    }
    if (b.sequence >= 0) {
        knobs << QStringLiteral("sequence %1").arg(b.sequence);
    }
    if (b.context >= 0) {
        knobs << QStringLiteral("context %1").arg(b.context);
    }
    const bool weight = tooLarge.front().contains(QLatin1String("(an initializer)"));
    const QString more = tooLarge.size() > 1 ? QStringLiteral(" (and %1 more)").arg(tooLarge.size() - 1) : QString();
    const QString advice = weight ? QStringLiteral("a weight of the model itself is this large: check the model's sizes")
                                  : QStringLiteral("no GPU holds a tensor this large; lower --batch, --image or --seq");
    return QStringLiteral("%1: %2%3 at %4: %5")
        .arg(sourceName, tooLarge.front(), more,
             knobs.isEmpty() ? QStringLiteral("the model's default sizes") : knobs.join(QStringLiteral(", ")), advice);
}

}  // namespace

ShapeBindings modelDefaultBindings() {
    ShapeBindings b;
    b.batch = -1;
    b.sequence = -1;
    b.height = -1;
    b.width = -1;
    b.context = -1;
    return b;
}

void assignInputDimRoles(Graph &graph) {
    for (int index : graph.inputs) {
        if (index < 0 || index >= static_cast<int>(graph.values.size())) {
            continue;
        }
        Value &v = graph.values[static_cast<std::size_t>(index)];
        if (!v.declaredRankKnown) {
            continue;
        }
        for (std::size_t i = 0; i < v.declared.size(); ++i) {
            Dim &d = v.declared[i];
            if (d.role == DimRole::Other) {
                if (d.symbol.isEmpty()) {
                    d.symbol = QStringLiteral("%1.%2").arg(v.name).arg(i);
                } else {
                    d.role = roleFromSymbol(d.symbol);
                }
            }
        }
        auto &dims = v.declared;
        const std::size_t rank = dims.size();
        const bool floating = isFloating(v.dtype);
        const bool integer = isInteger(v.dtype) || v.dtype == DType::Bool;
        // Named token dims (attention masks [B,1,S,S], KV caches [B,H,past,D]) are not images.
        const bool tokenDims = std::any_of(dims.begin(), dims.end(), [](const Dim &d) {
            return d.role == DimRole::Sequence || d.role == DimRole::Context;
        });
        const bool staticChannels = rank >= 2 && dims[1].role == DimRole::Fixed && dims[1].value >= 0;
        if (floating && rank == 4 && staticChannels && !tokenDims) {
            setPositionalRole(dims[0], DimRole::Batch);
            setPositionalRole(dims[2], DimRole::Height);
            setPositionalRole(dims[3], DimRole::Width);
        } else if (floating && rank == 5 && staticChannels && !tokenDims) {
            setPositionalRole(dims[0], DimRole::Batch);
            setPositionalRole(dims[3], DimRole::Height);
            setPositionalRole(dims[4], DimRole::Width);
        } else if (floating && rank == 4 && tokenDims) {
            setPositionalRole(dims[0], DimRole::Batch);
        } else if (integer && rank == 2) {
            setPositionalRole(dims[0], DimRole::Batch);
            setPositionalRole(dims[1], DimRole::Sequence);
        } else if (floating && rank == 3) {
            setPositionalRole(dims[0], DimRole::Batch);
            setPositionalRole(dims[1], DimRole::Sequence);
        }
    }
}

ShapeBindings completeBindings(const Graph &graph, const ShapeBindings &requested, QStringList *notes,
                               QStringList *warnings) {
    ShapeBindings b = requested;
    auto note = [notes](const QString &text) {
        if (notes) {
            notes->push_back(text);
        }
    };
    if (b.batch < 0) {
        bool open = false;
        const std::int64_t exported = firstValue(graph, DimRole::Batch, &open);
        b.batch = exported >= 0 ? exported : 1;
        if (exported >= 0) {
            note(QStringLiteral("batch size %1, the model's default (set it with --batch)").arg(exported));
        } else if (open) {
            note(QStringLiteral("batch size 1 (the model leaves it open)"));
        }
    }
    if (b.sequence < 0) {
        bool open = false;
        const std::int64_t exported = firstValue(graph, DimRole::Sequence, &open);
        if (exported >= 0) {
            b.sequence = exported;
        } else if (open) {
            b.sequence = 128;
            note(QStringLiteral("sequence length 128 (the model's is symbolic without a value)"));
        }
    }
    for (DimRole role : {DimRole::Height, DimRole::Width}) {
        std::int64_t &knob = role == DimRole::Height ? b.height : b.width;
        if (knob >= 0) {
            continue;
        }
        bool open = false;
        const std::int64_t exported = firstValue(graph, role, &open);
        if (exported >= 0) {
            knob = exported;
        } else if (open) {
            knob = 224;
            note(QStringLiteral("image %1 224 (the model's is symbolic without a value)")
                     .arg(role == DimRole::Height ? QStringLiteral("height") : QStringLiteral("width")));
        }
    }
    for (int index : graph.inputs) {
        if (index < 0 || index >= static_cast<int>(graph.values.size())) {
            continue;
        }
        const Value &v = graph.values[static_cast<std::size_t>(index)];
        for (const Dim &d : v.declared) {
            if (d.role == DimRole::Other && d.value < 0 && !b.symbols.contains(d.symbol) && warnings) {
                const QString text = QStringLiteral("input '%1' has dimension '%2' with no value; shapes that depend on it "
                                                    "stay unknown")
                                         .arg(v.name, d.symbol);
                if (!warnings->contains(text)) {
                    warnings->push_back(text);
                }
            } else if (d.role == DimRole::Context && d.value < 0 && b.context < 0 && warnings) {
                const QString text = QStringLiteral("input '%1' has a context (KV cache) length '%2' with no value")
                                         .arg(v.name, d.symbol);
                if (!warnings->contains(text)) {
                    warnings->push_back(text);
                }
            }
        }
    }
    return b;
}

Result<BoundShapes> propagateAtBindings(Graph &graph, const ShapeBindings &requested, const QString &sourceName) {
    BoundShapes out;
    out.bindings = completeBindings(graph, requested, &out.notes, &out.warnings);
    out.report = propagateShapes(graph, out.bindings);
    if (out.report.complete()) {
        return out;
    }
    if (!out.report.tooLarge.isEmpty()) {
        return Error{tooLargeError(out.report.tooLarge, out.bindings, sourceName)};
    }
    const std::vector<FixedDim> rebound = reboundStaticDims(graph, out.bindings);
    if (rebound.empty()) {
        return out;
    }
    // Compare with the shapes at the exported values of the static dims.
    ShapeBindings exported = out.bindings;
    for (const FixedDim &f : rebound) {
        switch (f.role) {
        case DimRole::Batch: exported.batch = f.exported; break;
        case DimRole::Sequence: exported.sequence = f.exported; break;
        case DimRole::Height: exported.height = f.exported; break;
        case DimRole::Width: exported.width = f.exported; break;
        case DimRole::Context: exported.context = f.exported; break;
        default: break;
        }
    }
    const PropagationReport atExported = propagateShapes(graph, exported);
    const bool worse = out.report.nodeErrors.size() > atExported.nodeErrors.size() ||
                       out.report.unknownValues > atExported.unknownValues;
    if (!worse) {
        out.report = propagateShapes(graph, out.bindings);
        return out;
    }
    const FixedDim &f = rebound.front();
    QString detail;
    if (!out.report.nodeErrors.empty()) {
        detail = QStringLiteral(" (first problem: %1)").arg(out.report.nodeErrors.front().second);
    } else {
        detail = QStringLiteral(" (%1 shapes stay unknown)").arg(out.report.unknownValues);
    }
    const QString option = knobOption(f.role);
    return Error{QStringLiteral("%1: the model was exported with a fixed %2 of %3 (input '%4'); its shapes do not "
                                "propagate at %2 %5%6. Re-export it with a dynamic axis%7")
                     .arg(sourceName, knobName(f.role))
                     .arg(f.exported)
                     .arg(f.input)
                     .arg(f.bound)
                     .arg(detail)
                     .arg(option.isEmpty() ? QString() : QStringLiteral(" or use %1 %2").arg(option).arg(f.exported))};
}

}  // namespace infersight
