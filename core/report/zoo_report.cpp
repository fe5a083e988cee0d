// SPDX-License-Identifier: MIT
#include "report/zoo_report.h"

#include "graph/node_cost.h"

#include <QJsonArray>

#include <cmath>

namespace infersight {

namespace {

QString groupedInt(std::int64_t v) {
    QString s = QString::number(v);
    for (qsizetype i = s.size() - 3; i > 0; i -= 3) {
        s.insert(i, QLatin1Char(','));
    }
    return s;
}

double round3(double v) { return std::round(v * 1000.0) / 1000.0; }

}  // namespace

ZooModelFigures zooModelFigures(const Design &design) {
    const Graph &g = design.graph();
    const GraphCost cost = graphCost(g);
    ZooModelFigures f;
    f.nodes = static_cast<std::int64_t>(g.nodes.size());
    f.params = g.parameterCount();
    f.gmacs = static_cast<double>(cost.macs) / 1e9;
    f.complete = design.report().complete() && cost.unknownNodes == 0;
    return f;
}

QJsonObject zooModelJson(const ZooModel &m, const std::optional<ZooModelFigures> &built) {
    QJsonObject o;
    o.insert(QStringLiteral("name"), m.name);
    o.insert(QStringLiteral("source"), QStringLiteral("zoo:") + m.name);
    o.insert(QStringLiteral("family"), m.family);
    o.insert(QStringLiteral("description"), m.description);
    o.insert(QStringLiteral("reference"), m.reference);
    o.insert(QStringLiteral("decoder"), m.decoder);
    o.insert(QStringLiteral("default_input"), m.defaultInput());
    o.insert(QStringLiteral("default_image"), m.defaultImage > 0 ? QJsonValue(static_cast<double>(m.defaultImage)) : QJsonValue());
    o.insert(QStringLiteral("default_seq"), m.defaultSeq > 0 ? QJsonValue(static_cast<double>(m.defaultSeq)) : QJsonValue());
    QJsonObject published;
    published.insert(QStringLiteral("params"), m.publishedParams > 0 ? QJsonValue(static_cast<double>(m.publishedParams)) : QJsonValue());
    published.insert(QStringLiteral("params_source"), m.paramsSource.isEmpty() ? QJsonValue() : QJsonValue(m.paramsSource));
    published.insert(QStringLiteral("gmacs"), m.publishedGMacs > 0 ? QJsonValue(m.publishedGMacs) : QJsonValue());
    published.insert(QStringLiteral("macs_source"), m.macsSource.isEmpty() ? QJsonValue() : QJsonValue(m.macsSource));
    o.insert(QStringLiteral("published"), published);
    if (built) {
        QJsonObject c;
        c.insert(QStringLiteral("nodes"), static_cast<double>(built->nodes));
        c.insert(QStringLiteral("params"), static_cast<double>(built->params));
        c.insert(QStringLiteral("gmacs"), round3(built->gmacs));
        c.insert(QStringLiteral("shapes_complete"), built->complete);
        o.insert(QStringLiteral("computed"), c);
    }
    return o;
}

QString zooModelText(const ZooModel &model, const ZooModelFigures &built) {
    QString text;
    text += QStringLiteral("zoo:%1  (%2)\n%3\nreference: %4\n").arg(model.name, model.family, model.description, model.reference);
    text += QStringLiteral("nodes: %1\nparameters: %2").arg(built.nodes).arg(groupedInt(built.params));
    if (model.publishedParams > 0) {
        text += QStringLiteral("  (published %1: %2)").arg(groupedInt(model.publishedParams), model.paramsSource);
    }
    text += QStringLiteral("\nGMACs: %1").arg(built.gmacs, 0, 'f', 3);
    if (model.publishedGMacs > 0) {
        text += QStringLiteral("  (published %1 at %2: %3)").arg(model.publishedGMacs, 0, 'f', 3).arg(model.defaultInput(), model.macsSource);
    }
    if (!built.complete) {
        text += QStringLiteral("\nwarning: some shapes or costs are unknown");
    }
    return text + QLatin1Char('\n');
}

QJsonObject zooListJson(const std::vector<ZooListRow> &rows) {
    QJsonArray array;
    for (const ZooListRow &row : rows) {
        array.append(zooModelJson(*row.model, row.built));
    }
    QJsonObject root;
    root.insert(QStringLiteral("models"), array);
    return root;
}

QString zooTable(const std::vector<ZooListRow> &rows, bool withBuilt) {
    QString table = QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                        .arg(QStringLiteral("NAME"), -20)
                        .arg(QStringLiteral("FAMILY"), -13)
                        .arg(QStringLiteral("PARAMS"), 15)
                        .arg(QStringLiteral("GMACS"), 9)
                        .arg(withBuilt ? QStringLiteral("BUILT PARAMS / GMACS  ") : QString())
                        .arg(QStringLiteral("DEFAULT INPUT"));
    for (const ZooListRow &row : rows) {
        const ZooModel &m = *row.model;
        const QString builtColumn =
            row.built ? QStringLiteral("%1 / %2  ").arg(groupedInt(row.built->params), 13).arg(row.built->gmacs, 7, 'f', 3) : QString();
        table += QStringLiteral("%1 %2 %3 %4 %5%6\n")
                     .arg(m.name, -20)
                     .arg(m.family, -13)
                     .arg(m.publishedParams > 0 ? groupedInt(m.publishedParams) : QStringLiteral("-"), 15)
                     .arg(m.publishedGMacs > 0 ? QString::number(m.publishedGMacs, 'f', 3) : QStringLiteral("-"), 9)
                     .arg(builtColumn)
                     .arg(m.defaultInput());
    }
    table += QStringLiteral("\nParameters and GMACs are the reference's published figures (GMACs at the default input, "
                            "batch 1); 'zoo --json' gives their sources. Build one with 'zoo NAME [--batch ...]'.\n");
    return table;
}

}  // namespace infersight
