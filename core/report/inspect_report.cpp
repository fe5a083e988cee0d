// SPDX-License-Identifier: MIT
#include "report/inspect_report.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace infersight {

namespace {

QJsonValue shapeJson(const Value &v) {
    if (!v.rankKnown) {
        return QJsonValue::Null;
    }
    QJsonArray dims;
    for (std::int64_t d : v.shape) {
        dims.append(static_cast<qint64>(d < 0 ? -1 : d));
    }
    return dims;
}

QJsonArray shapesJson(const Graph &graph, const std::vector<int> &indices) {
    QJsonArray out;
    for (int index : indices) {
        if (index < 0 || index >= static_cast<int>(graph.values.size())) {
            out.append(QJsonValue::Null);
        } else {
            out.append(shapeJson(graph.values[static_cast<std::size_t>(index)]));
        }
    }
    return out;
}

QJsonValue optionalCount(std::int64_t value, bool known) {
    return known ? QJsonValue(static_cast<qint64>(value)) : QJsonValue(QJsonValue::Null);
}

QJsonValue knob(std::int64_t value) {
    return value >= 0 ? QJsonValue(static_cast<qint64>(value)) : QJsonValue(QJsonValue::Null);
}

QString shapeText(const Graph &graph, int index) {
    if (index < 0 || index >= static_cast<int>(graph.values.size())) {
        return QStringLiteral("-");
    }
    const Value &v = graph.values[static_cast<std::size_t>(index)];
    return v.rankKnown ? shapeToString(v.shape) : QStringLiteral("[?]");
}

QString elideMiddle(const QString &text, int width) {
    if (width < 5 || text.size() <= width) {
        return text;
    }
    const int keep = width - 1;
    const int head = keep / 2;
    return text.left(head) + QChar(0x2026) + text.right(keep - head);
}

bool hasRole(const Graph &graph, DimRole role) {
    for (int index : graph.inputs) {
        if (index < 0 || index >= static_cast<int>(graph.values.size())) {
            continue;
        }
        for (const Dim &d : graph.values[static_cast<std::size_t>(index)].declared) {
            if (d.role == role) {
                return true;
            }
        }
    }
    return false;
}

QString bindingsText(const Design &design) {
    const Graph &g = design.graph();
    const ShapeBindings &b = design.bindings();
    QStringList parts;
    if (hasRole(g, DimRole::Batch)) {
        parts << QStringLiteral("batch %1").arg(b.batch);
    }
    if (hasRole(g, DimRole::Sequence)) {
        parts << QStringLiteral("sequence %1").arg(b.sequence);
    }
    if (hasRole(g, DimRole::Height) || hasRole(g, DimRole::Width)) {
        parts << QStringLiteral("image %1x%2").arg(b.height).arg(b.width);
    }
    if (hasRole(g, DimRole::Context)) {
        parts << QStringLiteral("context %1").arg(b.context);
    }
    return parts.isEmpty() ? QStringLiteral("(the model has no batch, sequence or image dimension)")
                           : parts.join(QStringLiteral(", "));
}

QJsonArray declaredJson(const Value &v) {
    QJsonArray dims;
    for (const Dim &d : v.declared) {
        if (d.role == DimRole::Fixed) {
            dims.append(static_cast<qint64>(d.value));
        } else if (!d.symbol.isEmpty()) {
            dims.append(d.symbol);
        } else {
            dims.append(QStringLiteral("%1=%2").arg(dimRoleName(d.role)).arg(d.value));
        }
    }
    return dims;
}

QString groupDigits(std::int64_t value) {
    QString digits = QString::number(value < 0 ? -value : value);
    for (qsizetype i = digits.size() - 3; i > 0; i -= 3) {
        digits.insert(i, QLatin1Char(','));
    }
    return value < 0 ? QLatin1Char('-') + digits : digits;
}

}  // namespace

QString formatCount(std::int64_t value) {
    if (value < 0) {
        return QStringLiteral("?");
    }
    static const char *const units[] = {"", " k", " M", " G", " T", " P"};
    double v = static_cast<double>(value);
    int unit = 0;
    while (v >= 1000.0 && unit < 5) {
        v /= 1000.0;
        ++unit;
    }
    if (unit == 0) {
        return QString::number(value);
    }
    const int decimals = v >= 100.0 ? 0 : v >= 10.0 ? 1 : 2;
    return QString::number(v, 'f', decimals) + QLatin1String(units[unit]);
}

QString formatBytes(std::int64_t bytes) {
    if (bytes < 0) {
        return QStringLiteral("?");
    }
    if (bytes < 1000) {
        return QStringLiteral("%1 B").arg(bytes);
    }
    return formatCount(bytes) + QLatin1Char('B');
}

InspectSummary summarizeModel(const Design &design, const GraphCost &cost) {
    const Graph &g = design.graph();
    InspectSummary s;
    s.name = g.name;
    s.source = g.sourcePath;
    s.format = design.format();
    s.producer = g.producer;
    s.opset = g.opset;
    s.nodes = static_cast<int>(g.nodes.size());
    s.params = cost.params;
    s.weightsBytes = cost.paramBytes;
    s.unknownShapes = design.report().unknownValues;
    s.totalShapes = design.report().totalValues;
    s.libonnxKnownShapes = design.importDiagnostics().libonnxKnownShapes;
    s.libonnxTotalShapes = design.importDiagnostics().libonnxTotalShapes;
    s.unsupportedOps = design.report().unsupportedOps;
    for (std::size_t i = 0; i < cost.nodes.size() && i < g.nodes.size(); ++i) {
        const NodeCost &c = cost.nodes[i];
        if (!c.known) {
            ++s.unknownCostNodes;
            const QString op = g.nodes[i].qualifiedOp();
            if (!hasCostRule(op) && !s.unsupportedOps.contains(op)) {
                s.unsupportedOps << op;
            }
            continue;
        }
        s.macs += c.macs;
        s.flops += c.flops;
        s.bytesRead += c.bytesRead;
        s.bytesWritten += c.bytesWritten;
    }
    return s;
}

namespace {

QJsonObject modelJson(const Design &design, const GraphCost &cost) {
    const Graph &g = design.graph();
    const InspectSummary s = summarizeModel(design, cost);
    QJsonObject m;
    m.insert(QStringLiteral("name"), s.name);
    m.insert(QStringLiteral("source"), s.source);
    m.insert(QStringLiteral("format"), s.format);
    m.insert(QStringLiteral("producer"), s.producer);
    m.insert(QStringLiteral("opset"), static_cast<qint64>(s.opset));
    m.insert(QStringLiteral("nodes"), s.nodes);
    m.insert(QStringLiteral("params"), static_cast<qint64>(s.params));
    m.insert(QStringLiteral("macs"), static_cast<qint64>(s.macs));
    m.insert(QStringLiteral("flops"), static_cast<qint64>(s.flops));
    m.insert(QStringLiteral("weights_bytes"), static_cast<qint64>(s.weightsBytes));
    m.insert(QStringLiteral("bytes_read"), static_cast<qint64>(s.bytesRead));
    m.insert(QStringLiteral("bytes_written"), static_cast<qint64>(s.bytesWritten));
    m.insert(QStringLiteral("unknown_shapes"), s.unknownShapes);
    m.insert(QStringLiteral("total_shapes"), s.totalShapes);
    m.insert(QStringLiteral("unknown_cost_nodes"), s.unknownCostNodes);
    m.insert(QStringLiteral("unsupported_ops"), QJsonArray::fromStringList(s.unsupportedOps));
    m.insert(QStringLiteral("libonnx_known_shapes"), s.libonnxKnownShapes >= 0 ? QJsonValue(s.libonnxKnownShapes) : QJsonValue());
    m.insert(QStringLiteral("libonnx_total_shapes"), s.libonnxTotalShapes >= 0 ? QJsonValue(s.libonnxTotalShapes) : QJsonValue());
    QJsonObject bindings;
    bindings.insert(QStringLiteral("batch"), hasRole(g, DimRole::Batch) ? knob(design.bindings().batch) : QJsonValue());
    bindings.insert(QStringLiteral("sequence"), hasRole(g, DimRole::Sequence) ? knob(design.bindings().sequence) : QJsonValue());
    bindings.insert(QStringLiteral("height"), hasRole(g, DimRole::Height) ? knob(design.bindings().height) : QJsonValue());
    bindings.insert(QStringLiteral("width"), hasRole(g, DimRole::Width) ? knob(design.bindings().width) : QJsonValue());
    m.insert(QStringLiteral("bindings"), bindings);
    QJsonArray inputs;
    for (int index : g.inputs) {
        const Value &v = g.values[static_cast<std::size_t>(index)];
        QJsonObject o;
        o.insert(QStringLiteral("name"), v.name);
        o.insert(QStringLiteral("dtype"), dtypeName(v.dtype));
        o.insert(QStringLiteral("shape"), shapeJson(v));
        o.insert(QStringLiteral("declared"), v.declaredRankKnown ? QJsonValue(declaredJson(v)) : QJsonValue());
        inputs.append(o);
    }
    m.insert(QStringLiteral("inputs"), inputs);
    QJsonArray outputs;
    for (int index : g.outputs) {
        const Value &v = g.values[static_cast<std::size_t>(index)];
        QJsonObject o;
        o.insert(QStringLiteral("name"), v.name);
        o.insert(QStringLiteral("dtype"), dtypeName(v.dtype));
        o.insert(QStringLiteral("shape"), shapeJson(v));
        outputs.append(o);
    }
    m.insert(QStringLiteral("outputs"), outputs);
    m.insert(QStringLiteral("notes"), QJsonArray::fromStringList(design.notes()));
    m.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(design.warnings()));
    return m;
}

QJsonObject nodeJson(const Graph &g, const GraphCost &cost, std::size_t i) {
    const Node &n = g.nodes[i];
    const NodeCost c = i < cost.nodes.size() ? cost.nodes[i] : NodeCost{0, 0, 0, 0, 0, 0, false, false};
    QJsonObject o;
    o.insert(QStringLiteral("name"), n.name);
    o.insert(QStringLiteral("op"), n.qualifiedOp());
    o.insert(QStringLiteral("inputs"), shapesJson(g, n.inputs));
    o.insert(QStringLiteral("outputs"), shapesJson(g, n.outputs));
    o.insert(QStringLiteral("params"), static_cast<qint64>(c.params));
    o.insert(QStringLiteral("macs"), optionalCount(c.macs, c.known));
    o.insert(QStringLiteral("flops"), optionalCount(c.flops, c.known));
    o.insert(QStringLiteral("bytes_read"), optionalCount(c.bytesRead, c.known));
    o.insert(QStringLiteral("bytes_written"), optionalCount(c.bytesWritten, c.known));
    o.insert(QStringLiteral("intensity"), c.known ? QJsonValue(c.arithmeticIntensity()) : QJsonValue());
    o.insert(QStringLiteral("cost_known"), c.known);
    return o;
}

}  // namespace

QJsonObject inspectJson(const Design &design, const GraphCost &cost) {
    const Graph &g = design.graph();
    QJsonArray nodes;
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        nodes.append(nodeJson(g, cost, i));
    }
    QJsonObject root;
    root.insert(QStringLiteral("model"), modelJson(design, cost));
    root.insert(QStringLiteral("nodes"), nodes);
    return root;
}

void writeInspectJson(const Design &design, const GraphCost &cost, const std::function<void(const QByteArray &)> &write) {
    // {"model":{...},"nodes":[{...},{...}]}: QJsonDocument orders keys, and "model" < "nodes".
    QJsonObject head;
    head.insert(QStringLiteral("model"), modelJson(design, cost));
    QByteArray chunk = QJsonDocument(head).toJson(QJsonDocument::Compact);
    chunk.chop(1);  // the closing brace: "nodes" follows
    chunk += ",\"nodes\":[";
    const Graph &g = design.graph();
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        if (i > 0) {
            chunk += ',';
        }
        chunk += QJsonDocument(nodeJson(g, cost, i)).toJson(QJsonDocument::Compact);
        if (chunk.size() >= 64 * 1024) {
            write(chunk);
            chunk.clear();
        }
    }
    chunk += "]}";
    write(chunk);
}

QString inspectSummaryText(const Design &design, const GraphCost &cost) {
    const InspectSummary s = summarizeModel(design, cost);
    QStringList lines;
    auto line = [&lines](const QString &label, const QString &value) {
        lines << QStringLiteral("%1 %2").arg(label + QLatin1Char(':'), -16).arg(value);
    };
    line(QStringLiteral("Model"), QStringLiteral("%1 (%2, opset %3%4)")
                                      .arg(s.name, s.format)
                                      .arg(s.opset)
                                      .arg(s.producer.isEmpty() ? QString() : QStringLiteral(", ") + s.producer));
    line(QStringLiteral("Source"), s.source);
    line(QStringLiteral("Shapes for"), bindingsText(design));
    line(QStringLiteral("Nodes"), QString::number(s.nodes));
    line(QStringLiteral("Parameters"), QStringLiteral("%1 (%2)").arg(groupDigits(s.params), formatBytes(s.weightsBytes)));
    line(QStringLiteral("MACs"), QStringLiteral("%1 GMACs (%2)").arg(static_cast<double>(s.macs) / 1e9, 0, 'f', 3).arg(groupDigits(s.macs)));
    line(QStringLiteral("FLOPs"), QStringLiteral("%1 GFLOPs (%2)").arg(static_cast<double>(s.flops) / 1e9, 0, 'f', 3).arg(groupDigits(s.flops)));
    line(QStringLiteral("Traffic"), QStringLiteral("%1 read, %2 written (each tensor once)")
                                        .arg(formatBytes(s.bytesRead), formatBytes(s.bytesWritten)));
    line(QStringLiteral("Unknown shapes"), QStringLiteral("%1 of %2 node outputs").arg(s.unknownShapes).arg(s.totalShapes));
    if (s.libonnxKnownShapes >= 0) {
        line(QStringLiteral("libonnx alone"), QStringLiteral("%1 of %2 node outputs complete (onnx::shape_inference, for comparison)")
                                                  .arg(s.libonnxKnownShapes)
                                                  .arg(s.libonnxTotalShapes));
    }
    if (s.unknownCostNodes > 0) {
        line(QStringLiteral("Unknown cost"), QStringLiteral("%1 nodes (not counted in the totals above)").arg(s.unknownCostNodes));
    }
    line(QStringLiteral("Unsupported ops"), s.unsupportedOps.isEmpty() ? QStringLiteral("none") : s.unsupportedOps.join(QStringLiteral(", ")));
    if (design.importDiagnostics().strippedTensors > 0 || design.importDiagnostics().externalTensors > 0) {
        line(QStringLiteral("Weights"), QStringLiteral("not read (%1 tensors, %2 left on disk; %3 external)")
                                            .arg(design.importDiagnostics().strippedTensors)
                                            .arg(formatBytes(design.importDiagnostics().strippedBytes))
                                            .arg(design.importDiagnostics().externalTensors));
    }
    for (const QString &n : design.notes()) {
        line(QStringLiteral("Note"), n);
    }
    for (const QString &w : design.warnings()) {
        line(QStringLiteral("Warning"), w);
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

namespace {

QStringList tableRow(const Graph &g, const GraphCost &cost, std::size_t i, int maxNameWidth) {
    const Node &n = g.nodes[i];
    const NodeCost c = i < cost.nodes.size() ? cost.nodes[i] : NodeCost{0, 0, 0, 0, 0, 0, false, false};
    QStringList shapes;
    for (int out : n.outputs) {
        shapes << shapeText(g, out);
    }
    const auto known = [&c](std::int64_t v) { return c.known ? v : -1; };
    return {QString::number(i), elideMiddle(n.name, maxNameWidth), n.qualifiedOp(),
            shapes.join(QStringLiteral(" ")), formatCount(known(c.macs)), formatCount(known(c.flops)),
            formatBytes(known(c.bytesRead)), formatBytes(known(c.bytesWritten)),
            c.params > 0 ? formatCount(c.params) : QStringLiteral("-"),
            c.known ? QString::number(c.arithmeticIntensity(), 'f', 1) : QStringLiteral("?")};
}

}  // namespace

void writeInspectTable(const Design &design, const GraphCost &cost, const std::function<void(const QByteArray &)> &write,
                       int maxNameWidth) {
    const Graph &g = design.graph();
    const QStringList headers{QStringLiteral("#"),      QStringLiteral("Node"),  QStringLiteral("Op"),
                              QStringLiteral("Output shape"), QStringLiteral("MACs"), QStringLiteral("FLOPs"),
                              QStringLiteral("Read"),   QStringLiteral("Written"), QStringLiteral("Params"),
                              QStringLiteral("FLOP/B")};
    const std::vector<bool> rightAligned{true, false, false, false, true, true, true, true, true, true};
    // Two passes over the nodes, so that no row is kept: the column widths, then the lines.
    std::vector<int> widths(static_cast<std::size_t>(headers.size()), 0);
    for (qsizetype k = 0; k < headers.size(); ++k) {
        widths[static_cast<std::size_t>(k)] = static_cast<int>(headers[k].size());
    }
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        const QStringList row = tableRow(g, cost, i, maxNameWidth);
        for (qsizetype k = 0; k < row.size(); ++k) {
            widths[static_cast<std::size_t>(k)] = std::max(widths[static_cast<std::size_t>(k)], static_cast<int>(row[k].size()));
        }
    }
    QString text;
    auto appendRow = [&](const QStringList &row) {
        QString line;
        for (qsizetype k = 0; k < row.size(); ++k) {
            const int w = widths[static_cast<std::size_t>(k)];
            if (k > 0) {
                line += QStringLiteral("  ");
            }
            line += rightAligned[static_cast<std::size_t>(k)] ? row[k].rightJustified(w) : row[k].leftJustified(w);
        }
        while (line.endsWith(QLatin1Char(' '))) {
            line.chop(1);
        }
        text += line + QLatin1Char('\n');
        if (text.size() >= 32 * 1024) {
            write(text.toUtf8());
            text.clear();
        }
    };
    appendRow(headers);
    QStringList rule;
    for (int w : widths) {
        rule << QString(w, QLatin1Char('-'));
    }
    appendRow(rule);
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        appendRow(tableRow(g, cost, i, maxNameWidth));
    }
    text += QLatin1Char('\n');
    text += inspectSummaryText(design, cost);
    write(text.toUtf8());
}

QString inspectTable(const Design &design, const GraphCost &cost, int maxNameWidth) {
    QByteArray bytes;
    writeInspectTable(design, cost, [&bytes](const QByteArray &piece) { bytes += piece; }, maxNameWidth);
    return QString::fromUtf8(bytes);
}

}  // namespace infersight
