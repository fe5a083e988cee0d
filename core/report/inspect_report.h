// SPDX-License-Identifier: MIT
// What `infersight-cli inspect` prints, as data (InspectSummary), JSON and an aligned text table.
// The GUI shows the same figures from the same functions.
#pragma once

#include "design/design.h"
#include "graph/node_cost.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>

#include <functional>

namespace infersight {

struct InspectSummary {
    QString name;
    QString source;
    QString format;
    QString producer;
    std::int64_t opset = 0;
    int nodes = 0;
    std::int64_t params = 0;
    std::int64_t weightsBytes = 0;   // bytes of the floating-point initializers (parameters)
    std::int64_t macs = 0;           // over nodes whose cost is known
    std::int64_t flops = 0;
    std::int64_t bytesRead = 0;
    std::int64_t bytesWritten = 0;
    int unknownShapes = 0;           // node outputs without a complete shape
    int totalShapes = 0;             // node outputs
    int unknownCostNodes = 0;        // nodes whose cost is unknown (never counted as zero)
    QStringList unsupportedOps;      // ops without a shape or cost rule, qualified ("com.x::Op")
    int libonnxKnownShapes = -1;
    int libonnxTotalShapes = -1;
};

InspectSummary summarizeModel(const Design &design, const GraphCost &cost);

// JSON object of the inspect command:
// {
//   "model": {"name", "source", "format", "producer", "opset", "nodes", "params", "macs", "flops",
//             "weights_bytes", "bytes_read", "bytes_written", "unknown_shapes", "total_shapes",
//             "unknown_cost_nodes", "unsupported_ops": [..], "libonnx_known_shapes" (null when not run),
//             "libonnx_total_shapes", "bindings": {"batch", "sequence", "height", "width"} (null when
//             the model has no such dim), "inputs": [{"name", "dtype", "shape": [..],
//             "declared": [int | "symbol"]}], "outputs": [{"name", "dtype", "shape"}],
//             "notes": [..], "warnings": [..]},
//   "nodes": [{"name", "op", "inputs": [[dims]], "outputs": [[dims]], "params", "macs", "flops",
//              "bytes_read", "bytes_written", "intensity", "cost_known"}]
// }
// A dimension that is unknown is -1; a shape whose rank is unknown, and an omitted optional input or
// output, is null. For a node whose cost is unknown ("cost_known": false) macs, flops, bytes_read,
// bytes_written and intensity are null: they are never reported as zero.
QJsonObject inspectJson(const Design &design, const GraphCost &cost);

// The same document, compact, written piece by piece: `write` receives the bytes in order (the
// model object, then the nodes a few hundred at a time) and together they are
// QJsonDocument(inspectJson(design, cost)).toJson(QJsonDocument::Compact), without the whole
// document ever being held (a 1,000,000-node model took 3.5 GB as one QJsonObject).
void writeInspectJson(const Design &design, const GraphCost &cost, const std::function<void(const QByteArray &)> &write);

// Aligned per-node table (name, op, output shapes, MACs, FLOPs, bytes read/written, params,
// intensity) followed by a summary. `maxNameWidth` elides longer node names in the middle.
QString inspectTable(const Design &design, const GraphCost &cost, int maxNameWidth = 48);
// The same text written piece by piece (UTF-8, in order), keeping no row: the column widths come
// from a first pass over the nodes, the lines from a second.
void writeInspectTable(const Design &design, const GraphCost &cost, const std::function<void(const QByteArray &)> &write,
                       int maxNameWidth = 48);
// The summary block alone.
QString inspectSummaryText(const Design &design, const GraphCost &cost);

// "1.82 G", "118 M", "9.41 k", "512"; "?" for negative values.
QString formatCount(std::int64_t value);
// "44.6 MB", "512 B" (decimal units); "?" for negative values.
QString formatBytes(std::int64_t bytes);

}  // namespace infersight
