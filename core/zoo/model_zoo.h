// SPDX-License-Identifier: MIT
// The built-in model zoo: `zoo:NAME` models, each a parametric builder with the reference
// implementation it mirrors and that reference's published parameter count and MACs.
#pragma once

#include "base/result.h"
#include "graph/graph.h"
#include "zoo/zoo_options.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <vector>

namespace infersight {

struct ZooModel {
    QString name;         // as the reference spells it: "resnet50", "vit_b_16", "gpt2-large"
    QString family;       // "resnet", "efficientnet", "vit", "bert", "gpt2", "llama", ...
    QString description;
    QString reference;    // the implementation mirrored, e.g. "torchvision.models.resnet50"
    bool decoder = false; // has the prefill/decode phases (--phase, --context)
    std::int64_t defaultImage = 0;  // default image side (image models), else 0
    std::int64_t defaultSeq = 0;    // default sequence length (language models), else 0
    std::int64_t publishedParams = 0;  // 0 when no figure is published
    double publishedGMacs = 0.0;       // at the default input, batch 1; 0 when none is published
    QString paramsSource;
    QString macsSource;
    std::function<Result<Graph>(const ZooOptions &)> build;

    // "1x3x224x224", "1x512 tokens", ...
    QString defaultInput() const;
};

// Every zoo model, in a stable order (CNNs, vision transformers, U-Net, language models).
const std::vector<ZooModel> &zooModels();
// The model called `name` (with or without the "zoo:" prefix; HF-style aliases such as
// "bert-base-uncased" are accepted), or nullptr.
const ZooModel *findZooModel(const QString &name);
// Builds `zoo:NAME` with the knobs; an unknown name gives an error listing close names.
Result<Graph> buildZooModel(const QString &name, const ZooOptions &options = {});

}  // namespace infersight
