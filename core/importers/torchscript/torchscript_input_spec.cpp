// SPDX-License-Identifier: MIT
#include "importers/torchscript/torchscript_input_spec.h"

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <limits>

namespace infersight {

namespace {

std::optional<DType> dtypeFromSpelling(const QString &name) {
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("float") || n == QLatin1String("float32")) {
        return DType::F32;
    }
    if (n == QLatin1String("half") || n == QLatin1String("float16")) {
        return DType::F16;
    }
    if (n == QLatin1String("bfloat16")) {
        return DType::BF16;
    }
    if (n == QLatin1String("double") || n == QLatin1String("float64")) {
        return DType::F64;
    }
    if (n == QLatin1String("long") || n == QLatin1String("int64")) {
        return DType::I64;
    }
    if (n == QLatin1String("int") || n == QLatin1String("int32")) {
        return DType::I32;
    }
    return dtypeFromName(n);
}

}  // namespace

Result<TorchScriptInputSpec> TorchScriptInputSpec::parse(const QString &text) {
    const QString trimmed = text.trimmed();
    auto bad = [&](const QString &why) {
        return Error{QStringLiteral("input shape '%1': %2 (expected e.g. 1x3x224x224, Nx3xHxW or 1x128:i64)")
                         .arg(text, why)};
    };
    if (trimmed.isEmpty()) {
        return bad(QStringLiteral("empty"));
    }
    TorchScriptInputSpec spec;
    QString dimsText = trimmed;
    const qsizetype colon = trimmed.indexOf(QLatin1Char(':'));
    if (colon >= 0) {
        dimsText = trimmed.left(colon).trimmed();
        const QString typeText = trimmed.mid(colon + 1);
        const auto type = dtypeFromSpelling(typeText);
        if (!type) {
            return bad(QStringLiteral("unknown element type '%1'").arg(typeText.trimmed()));
        }
        spec.dtype = *type;
    }
    if (dimsText.isEmpty()) {
        return bad(QStringLiteral("no dimensions"));
    }
    if (dimsText == QLatin1String("scalar")) {
        return spec;  // rank 0
    }
    static const QRegularExpression symbolPattern(QStringLiteral("^([A-Za-z_][A-Za-z0-9_]*)(?:=(\\d+))?$"));
    const QStringList parts = dimsText.split(QLatin1Char('x'));
    for (const QString &rawPart : parts) {
        const QString part = rawPart.trimmed();
        bool isNumber = false;
        const qlonglong value = part.toLongLong(&isNumber);
        if (isNumber) {
            if (value < 0) {
                return bad(QStringLiteral("negative dimension %1").arg(value));
            }
            spec.shape.push_back(Dim::fixed(value));
            continue;
        }
        const auto match = symbolPattern.match(part);
        if (!match.hasMatch()) {
            return bad(part.isEmpty() ? QStringLiteral("empty dimension") : QStringLiteral("bad dimension '%1'").arg(part));
        }
        Dim d;
        d.symbol = match.captured(1);
        d.role = DimRole::Other;
        d.value = match.captured(2).isEmpty() ? -1 : match.captured(2).toLongLong();
        spec.shape.push_back(d);
    }
    // The tensor's bytes must fit 64-bit arithmetic (dims without a value count as 1 here).
    std::int64_t bytes = std::max(1, (dtypeBits(spec.dtype) + 7) / 8);
    for (const Dim &d : spec.shape) {
        if (d.value > 0 && __builtin_mul_overflow(bytes, d.value, &bytes)) {
            return bad(QStringLiteral("the tensor's size overflows 64-bit arithmetic (more than %1 bytes)")
                           .arg(std::numeric_limits<std::int64_t>::max()));
        }
    }
    return spec;
}

Result<std::vector<TorchScriptInputSpec>> TorchScriptInputSpec::parseList(const QString &text) {
    std::vector<TorchScriptInputSpec> specs;
    static const QRegularExpression separators(QStringLiteral("[,;]"));
    for (const QString &part : text.split(separators)) {
        auto spec = parse(part);
        if (!spec) {
            return spec.error();
        }
        specs.push_back(std::move(*spec));
    }
    return specs;
}

QString TorchScriptInputSpec::toString() const {
    QStringList dims;
    for (const Dim &d : shape) {
        if (d.symbol.isEmpty()) {
            dims.push_back(d.value >= 0 ? QString::number(d.value) : QStringLiteral("?"));
        } else if (d.value >= 0) {
            dims.push_back(QStringLiteral("%1=%2").arg(d.symbol).arg(d.value));
        } else {
            dims.push_back(d.symbol);
        }
    }
    QString text = shape.empty() ? QStringLiteral("scalar") : dims.join(QLatin1Char('x'));
    if (dtype != DType::F32) {
        text += QLatin1Char(':') + dtypeName(dtype);
    }
    return text;
}

}  // namespace infersight
