// SPDX-License-Identifier: MIT
// What `infersight-cli zoo` prints: the built-in models with their reference and published figures
// (a table or JSON), and what the builder produces for one model (nodes, parameters, MACs).
#pragma once

#include "design/design.h"
#include "zoo/model_zoo.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace infersight {

// What the builder produced for a zoo model at its knobs.
struct ZooModelFigures {
    std::int64_t nodes = 0;
    std::int64_t params = 0;
    double gmacs = 0.0;     // over nodes whose cost is known
    bool complete = true;   // every shape and every node's cost known
};
ZooModelFigures zooModelFigures(const Design &design);

// {"name", "source", "family", "description", "reference", "decoder", "default_input",
//  "default_image", "default_seq", "published": {"params", "params_source", "gmacs", "macs_source"},
//  "computed": {"nodes", "params", "gmacs", "shapes_complete"} (with `built`)}
QJsonObject zooModelJson(const ZooModel &model, const std::optional<ZooModelFigures> &built = {});
// One model: its reference, the built figures beside the published ones.
QString zooModelText(const ZooModel &model, const ZooModelFigures &built);

// The listing: one row per model, the built figures when every row has them.
struct ZooListRow {
    const ZooModel *model = nullptr;
    std::optional<ZooModelFigures> built;
};
QJsonObject zooListJson(const std::vector<ZooListRow> &rows);   // {"models": [zooModelJson, ...]}
QString zooTable(const std::vector<ZooListRow> &rows, bool withBuilt);

}  // namespace infersight
