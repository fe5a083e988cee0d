// SPDX-License-Identifier: MIT
#include "pages/node_inspector.h"

#include "charts/chart_format.h"
#include "charts/palette.h"
#include "graph/node_cost.h"
#include "report/inspect_report.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPixmap>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace infersight {

namespace {

// A table that shows all its rows and fits the dock's width: `stretch` takes the room left
// (its text elided in the middle, the whole text in the tooltip), the others fit their contents.
QTableWidget *makeTable(const QStringList &headers, int stretch, QWidget *parent) {
    auto *table = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->setVisible(false);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->setFocusPolicy(Qt::NoFocus);
    table->setAlternatingRowColors(true);
    table->setWordWrap(false);
    table->setTextElideMode(Qt::ElideMiddle);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setSectionResizeMode(stretch, QHeaderView::Stretch);
    table->horizontalHeader()->setStretchLastSection(false);
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustIgnored);
    table->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    table->verticalHeader()->setDefaultSectionSize(20);
    return table;
}

void setRow(QTableWidget *table, int row, const QStringList &cells, const QString &tooltip = {}) {
    for (int c = 0; c < cells.size(); ++c) {
        auto *item = new QTableWidgetItem(cells[c]);
        if (!tooltip.isEmpty()) {
            item->setToolTip(tooltip);
        }
        table->setItem(row, c, item);
    }
}

// Shrinks a table without its own scrolling to its rows.
void fitRows(QTableWidget *table) {
    // the header's size hint: before the dock is first shown its height is still 0
    int height = table->horizontalHeader()->sizeHint().height() + 2 * table->frameWidth();
    for (int r = 0; r < table->rowCount(); ++r) {
        height += table->rowHeight(r);
    }
    table->setFixedHeight(height);
}

QString attributeText(const Attribute &a) {
    const QLocale c = QLocale::c();
    auto join = [](const auto &list, auto f) {
        QStringList parts;
        for (const auto &v : list) {
            parts << f(v);
        }
        return QStringLiteral("[") + parts.join(QStringLiteral(", ")) + QStringLiteral("]");
    };
    switch (a.kind) {
    case Attribute::Kind::Int: return QString::number(a.i);
    case Attribute::Kind::Float: return c.toString(a.f, 'g', 6);
    case Attribute::Kind::String: return a.s;
    case Attribute::Kind::Ints: return join(a.ints, [](std::int64_t v) { return QString::number(v); });
    case Attribute::Kind::Floats: return join(a.floats, [&c](double v) { return c.toString(v, 'g', 6); });
    case Attribute::Kind::Strings: return QStringLiteral("[") + a.strings.join(QStringLiteral(", ")) + QStringLiteral("]");
    case Attribute::Kind::Tensor:
        return a.tensor ? NodeInspector::tr("tensor %1 %2").arg(shapeToString(a.tensor->dims), dtypeName(a.tensor->dtype))
                        : NodeInspector::tr("tensor");
    case Attribute::Kind::Graph:
        return a.graph ? NodeInspector::tr("subgraph, %n node(s)", nullptr, static_cast<int>(a.graph->nodes.size()))
                       : NodeInspector::tr("subgraph");
    case Attribute::Kind::Other: return NodeInspector::tr("(unsupported attribute type)");
    }
    return {};
}

QIcon swatch(const QColor &colour) {
    QPixmap pixmap(12, 12);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(colour.darker(130));
    painter.setBrush(colour);
    painter.drawRoundedRect(QRectF(0.5, 0.5, 11, 11), 2, 2);
    return QIcon(pixmap);
}

// What a layer's width is, in the words of its op.
QString widthMeaning(const QString &op) {
    if (op == QLatin1String("Conv") || op == QLatin1String("ConvTranspose")) {
        return NodeInspector::tr("Output channels");
    }
    if (op == QLatin1String("Gemm") || op == QLatin1String("MatMul")) {
        return NodeInspector::tr("Output features");
    }
    if (op == QLatin1String("Gather")) {
        return NodeInspector::tr("Embedding size");
    }
    if (op.endsWith(QLatin1String("Normalization"))) {
        return NodeInspector::tr("Channels");
    }
    return NodeInspector::tr("Width");
}

}  // namespace

NodeInspector::NodeInspector(QWidget *parent) : QWidget(parent) {
    setObjectName(QStringLiteral("nodeInspector"));
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    m_empty = new QLabel(tr("Select a node in the graph or in the node table to see its shapes, costs, "
                            "predicted latency and kernels."),
                         this);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_empty->setMargin(10);
    m_empty->setEnabled(false);
    outer->addWidget(m_empty);

    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_content = new QWidget(scroll);
    auto *layout = new QVBoxLayout(m_content);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(8);

    m_title = new QLabel(m_content);
    m_title->setObjectName(QStringLiteral("inspectorTitle"));
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setWordWrap(true);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.1);
    m_title->setFont(titleFont);
    m_subtitle = new QLabel(m_content);
    m_subtitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_subtitle->setWordWrap(true);
    layout->addWidget(m_title);
    layout->addWidget(m_subtitle);

    // width / heads edit
    m_editBox = new QGroupBox(tr("Edit"), m_content);
    auto *editLayout = new QFormLayout(m_editBox);
    m_widthLabel = new QLabel(tr("Width"), m_editBox);
    m_widthSpin = new QSpinBox(m_editBox);
    m_widthSpin->setObjectName(QStringLiteral("inspectorWidth"));
    m_widthSpin->setKeyboardTracking(false);  // apply on Enter, arrows or leaving the field
    m_widthSpin->setAccelerated(true);
    m_widthSpin->setRange(1, std::numeric_limits<int>::max());
    editLayout->addRow(m_widthLabel, m_widthSpin);
    m_headsLabel = new QLabel(tr("Attention heads"), m_editBox);
    m_headsSpin = new QSpinBox(m_editBox);
    m_headsSpin->setObjectName(QStringLiteral("inspectorHeads"));
    m_headsSpin->setKeyboardTracking(false);
    m_headsSpin->setRange(1, 4096);
    editLayout->addRow(m_headsLabel, m_headsSpin);
    m_editInfo = new QLabel(m_editBox);
    m_editInfo->setWordWrap(true);
    editLayout->addRow(m_editInfo);
    m_editMessage = new QLabel(m_editBox);
    m_editMessage->setObjectName(QStringLiteral("inspectorEditMessage"));
    m_editMessage->setWordWrap(true);
    m_editMessage->setTextInteractionFlags(Qt::TextSelectableByMouse);
    editLayout->addRow(m_editMessage);
    layout->addWidget(m_editBox);
    connect(m_widthSpin, &QSpinBox::valueChanged, this, &NodeInspector::applyWidth);
    connect(m_headsSpin, &QSpinBox::valueChanged, this, &NodeInspector::applyHeads);

    // prediction per target
    auto *targetBox = new QGroupBox(tr("Predicted latency"), m_content);
    auto *targetLayout = new QVBoxLayout(targetBox);
    m_share = new QLabel(targetBox);
    m_share->setWordWrap(true);
    targetLayout->addWidget(m_share);
    m_targets = makeTable({tr("Target"), tr("Latency (80 % band)"), tr("Bound"), tr("Share")}, 0, targetBox);
    m_targets->setObjectName(QStringLiteral("inspectorTargets"));
    targetLayout->addWidget(m_targets);
    layout->addWidget(targetBox);

    // cost
    auto *costBox = new QGroupBox(tr("Work at the current shapes"), m_content);
    m_costForm = new QFormLayout(costBox);
    m_macs = new QLabel(costBox);
    m_flops = new QLabel(costBox);
    m_bytes = new QLabel(costBox);
    m_params = new QLabel(costBox);
    m_intensity = new QLabel(costBox);
    for (QLabel *l : {m_macs, m_flops, m_bytes, m_params, m_intensity}) {
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_macs->setObjectName(QStringLiteral("inspectorMacs"));
    m_costForm->addRow(tr("MACs"), m_macs);
    m_costForm->addRow(tr("FLOPs"), m_flops);
    m_costForm->addRow(tr("Bytes read / written"), m_bytes);
    m_costForm->addRow(tr("Parameters"), m_params);
    m_costForm->addRow(tr("FLOP per byte"), m_intensity);
    layout->addWidget(costBox);

    // tensors
    auto *tensorBox = new QGroupBox(tr("Tensors"), m_content);
    auto *tensorLayout = new QVBoxLayout(tensorBox);
    m_tensors = makeTable({QString(), tr("Name"), tr("Shape"), tr("Type")}, 1, tensorBox);
    m_tensors->setObjectName(QStringLiteral("inspectorTensors"));
    tensorLayout->addWidget(m_tensors);
    layout->addWidget(tensorBox);

    // kernels
    m_kernelBox = new QGroupBox(tr("Kernels"), m_content);
    auto *kernelLayout = new QVBoxLayout(m_kernelBox);
    m_kernels = makeTable({tr("Kernel"), tr("Role"), tr("GPU time"), tr("Bound"), tr("Wait")}, 0, m_kernelBox);
    m_kernels->setObjectName(QStringLiteral("inspectorKernels"));
    kernelLayout->addWidget(m_kernels);
    layout->addWidget(m_kernelBox);

    // attributes
    auto *attributeBox = new QGroupBox(tr("Attributes"), m_content);
    auto *attributeLayout = new QVBoxLayout(attributeBox);
    m_attributes = makeTable({tr("Name"), tr("Value")}, 1, attributeBox);
    m_attributes->setObjectName(QStringLiteral("inspectorAttributes"));
    attributeLayout->addWidget(m_attributes);
    layout->addWidget(attributeBox);
    layout->addStretch(1);

    scroll->setWidget(m_content);
    outer->addWidget(scroll, 1);
    scroll->hide();
    m_scroll = scroll;
}

const Design *NodeInspector::design() const {
    if (m_results && m_results->design) {
        return m_results->design.get();
    }
    return m_design.get();
}

void NodeInspector::setResults(std::shared_ptr<const SessionResults> results) {
    m_results = std::move(results);
    if (m_results) {
        m_currentTarget = m_results->selectedTarget;
    }
    refresh();
}

void NodeInspector::setDesign(std::shared_ptr<const Design> design) {
    m_design = std::move(design);
    if (!m_results || (m_results->design && m_design && !m_results->design->sameState(*m_design))) {
        refresh();
    }
}

void NodeInspector::setCurrentTarget(int index) {
    if (index != m_currentTarget) {
        m_currentTarget = index;
        refresh();
    }
}

void NodeInspector::showNode(const QString &name) {
    if (name != m_node) {
        m_node = name;
        setMessage({}, false);
    }
    refresh();
}

QString NodeInspector::editMessage() const { return m_editMessage->text(); }

void NodeInspector::setMessage(const QString &text, bool error) {
    m_editMessage->setText(text);
    m_editMessage->setStyleSheet(error ? QStringLiteral("color: #b71c1c;") : QString());
    m_editMessage->setVisible(!text.isEmpty());
}

void NodeInspector::showEmpty(const QString &text) {
    m_empty->setText(text);
    m_empty->show();
    m_scroll->hide();
    if (!m_dependents.isEmpty()) {
        m_dependents.clear();
        emit dependentsChanged(m_dependents);
    }
}

void NodeInspector::refresh() {
    const Design *d = design();
    if (m_node.isEmpty() || !d || d->isNull()) {
        showEmpty(tr("Select a node in the graph or in the node table to see its shapes, costs, predicted latency "
                     "and kernels."));
        return;
    }
    const int index = d->findNode(m_node);
    if (index < 0) {
        showEmpty(tr("'%1' is not in the current graph.").arg(m_node));
        return;
    }
    const Graph &graph = d->graph();
    m_empty->hide();
    m_scroll->show();
    fillHeader(graph, index);
    fillEdit(*d, index);
    fillTargets(index);
    fillCost(graph, index);
    fillShapes(graph, index);
    fillKernels(index);
    fillAttributes(graph, index);
}

void NodeInspector::fillHeader(const Graph &graph, int index) {
    const Node &node = graph.nodes[static_cast<std::size_t>(index)];
    m_title->setText(node.name);
    QString sub = node.qualifiedOp();
    sub += QStringLiteral(" · ") + tr("node %1 of %2 in execution order").arg(index + 1).arg(graph.nodes.size());
    m_subtitle->setText(sub);
}

void NodeInspector::fillEdit(const Design &d, int index) {
    const Node &node = d.graph().nodes[static_cast<std::size_t>(index)];
    QStringList dependents;
    auto width = d.layerWidth(m_node);
    auto group = width ? d.widthGroup(m_node) : Result<ChannelGroup>(Error{});
    auto heads = d.heads(m_node);
    const bool hasWidth = width.ok() && group.ok();
    m_editBox->setVisible(hasWidth || heads.ok());

    m_widthLabel->setVisible(hasWidth);
    m_widthSpin->setVisible(hasWidth);
    if (hasWidth) {
        const QSignalBlocker block(m_widthSpin);
        m_width = *width;
        m_widthLabel->setText(widthMeaning(node.opType));
        const std::int64_t step = std::max<std::int64_t>(1, group->granularity());
        m_widthSpin->setSingleStep(static_cast<int>(std::min<std::int64_t>(step, 1 << 20)));
        m_widthSpin->setRange(1, static_cast<int>(std::min<std::int64_t>(std::max<std::int64_t>(m_width * 16, 4096), 1 << 24)));
        m_widthSpin->setValue(static_cast<int>(m_width));
        m_widthSpin->setEnabled(group->resizable() && static_cast<bool>(m_applyEdit));
        for (int n : group->nodes) {
            dependents << d.graph().nodes[static_cast<std::size_t>(n)].name;
        }
        if (group->resizable()) {
            m_editInfo->setText(tr("Changes %n layer(s), highlighted in the graph; steps of %1. Ctrl+Z undoes.", nullptr,
                                   static_cast<int>(group->nodes.size()))
                                    .arg(step));
            m_widthSpin->setToolTip(tr("Width of this layer and of every dimension tied to it (%n layer(s))", nullptr,
                                       static_cast<int>(group->nodes.size())));
        } else {
            m_editInfo->setText(tr("This width cannot change: %1").arg(group->refusal));
            m_widthSpin->setToolTip(group->refusal);
        }
    } else {
        m_width = 0;
        m_editInfo->clear();
    }
    m_headsLabel->setVisible(heads.ok());
    m_headsSpin->setVisible(heads.ok());
    if (heads.ok()) {
        const QSignalBlocker block(m_headsSpin);
        m_heads = heads->heads;
        m_headsSpin->setValue(static_cast<int>(m_heads));
        m_headsSpin->setEnabled(static_cast<bool>(m_applyEdit));
        m_headsSpin->setToolTip(tr("Attention heads of %1 heads × %2; the head size stays").arg(heads->heads).arg(heads->headSize));
    } else {
        m_heads = 0;
    }
    if (dependents != m_dependents) {
        m_dependents = dependents;
        emit dependentsChanged(m_dependents);
    }
}

void NodeInspector::applyWidth(int value) {
    if (!m_applyEdit || m_node.isEmpty() || value == m_width) {
        return;
    }
    const std::int64_t before = m_width;
    const Status status = m_applyEdit(DesignEdit::width(m_node, value));
    if (!status) {
        const QSignalBlocker block(m_widthSpin);
        m_widthSpin->setValue(static_cast<int>(before));
        setMessage(status.errorMessage(), true);
        return;
    }
    m_width = value;
    setMessage(tr("Width %1 → %2").arg(before).arg(value), false);
}

void NodeInspector::applyHeads(int value) {
    if (!m_applyEdit || m_node.isEmpty() || value == m_heads) {
        return;
    }
    const std::int64_t before = m_heads;
    const Status status = m_applyEdit(DesignEdit::heads(m_node, value));
    if (!status) {
        const QSignalBlocker block(m_headsSpin);
        m_headsSpin->setValue(static_cast<int>(before));
        setMessage(status.errorMessage(), true);
        return;
    }
    m_heads = value;
    setMessage(tr("Heads %1 → %2").arg(before).arg(value), false);
}

void NodeInspector::fillTargets(int index) {
    m_targets->setRowCount(0);
    if (!m_results || m_results->targets.empty()) {
        m_share->setText(tr("No prediction yet: add a target GPU."));
        fitRows(m_targets);
        return;
    }
    const QLocale locale;
    m_targets->setRowCount(static_cast<int>(m_results->targets.size()));
    QString shareText;
    for (std::size_t t = 0; t < m_results->targets.size(); ++t) {
        const TargetResult &target = m_results->targets[t];
        const int row = static_cast<int>(t);
        auto *name = new QTableWidgetItem(swatch(target.colour), target.label);
        QFont font = name->font();
        font.setBold(static_cast<int>(t) == m_currentTarget);
        name->setFont(font);
        m_targets->setItem(row, 0, name);
        if (!target.ok() || static_cast<std::size_t>(index) >= target.current->nodes.size()) {
            setRow(m_targets, row, {target.label, target.error.isEmpty() ? tr("—") : tr("not predicted"), {}, {}},
                   target.error);
            m_targets->item(row, 0)->setIcon(swatch(target.colour));
            continue;
        }
        const Prediction &p = *target.current;
        const NodeTiming &timing = p.nodes[static_cast<std::size_t>(index)];
        const double share = p.latencyMs > 0 ? timing.latencyMs / p.latencyMs : 0.0;
        QString bound = timing.kernels > 0 ? boundLabel(timing.bound) : tr("no kernel");
        if (timing.fusedInto >= 0 && static_cast<std::size_t>(timing.fusedInto) < design()->graph().nodes.size()) {
            bound = tr("fused into %1").arg(design()->graph().nodes[static_cast<std::size_t>(timing.fusedInto)].name);
        }
        m_targets->setItem(row, 1, new QTableWidgetItem(formatMsBand(timing.latencyMs, timing.bandLowMs, timing.bandHighMs)));
        auto *boundItem = new QTableWidgetItem(bound);
        if (timing.kernels > 0) {
            boundItem->setIcon(swatch(boundColour(timing.bound)));
            boundItem->setToolTip(boundDescription(timing.bound));
        }
        m_targets->setItem(row, 2, boundItem);
        m_targets->setItem(row, 3, new QTableWidgetItem(locale.toString(share * 100.0, 'f', 1) + QStringLiteral(" %")));
        if (static_cast<int>(t) == m_currentTarget) {
            shareText = tr("%1 of %2 on %3 (%4 % of the total); GPU %5, waiting for the host %6.")
                            .arg(formatMs(timing.latencyMs), formatMs(p.latencyMs), target.label,
                                 locale.toString(share * 100.0, 'f', 1), formatMs(timing.gpuMs), formatMs(timing.waitMs));
        }
    }
    m_share->setText(shareText.isEmpty() ? tr("No prediction for the current target.") : shareText);
    fitRows(m_targets);
}

void NodeInspector::fillCost(const Graph &graph, int index) {
    const NodeCost cost = nodeCost(graph, index);
    const QLocale locale;
    if (!cost.known) {
        const QString unknown = tr("unknown (no cost rule or unknown shapes)");
        for (QLabel *l : {m_macs, m_flops, m_bytes, m_params, m_intensity}) {
            l->setText(unknown);
        }
        return;
    }
    m_macs->setText(QStringLiteral("%1 (%2)").arg(formatCount(cost.macs), locale.toString(static_cast<qlonglong>(cost.macs))));
    m_flops->setText(QStringLiteral("%1 (%2)").arg(formatCount(cost.flops), locale.toString(static_cast<qlonglong>(cost.flops))));
    m_bytes->setText(QStringLiteral("%1 / %2").arg(formatBytes(cost.bytesRead), formatBytes(cost.bytesWritten)));
    m_params->setText(cost.params > 0 ? QStringLiteral("%1 (%2)").arg(formatCount(cost.params),
                                                                        locale.toString(static_cast<qlonglong>(cost.params)))
                                      : tr("none"));
    m_intensity->setText(cost.shapeOnly ? tr("moves no data") : locale.toString(cost.arithmeticIntensity(), 'f', 1));
}

void NodeInspector::fillShapes(const Graph &graph, int index) {
    const Node &node = graph.nodes[static_cast<std::size_t>(index)];
    m_tensors->setRowCount(0);
    auto add = [&](const QString &role, int v) {
        if (v < 0) {
            return;
        }
        const Value &value = graph.values[static_cast<std::size_t>(v)];
        const int row = m_tensors->rowCount();
        m_tensors->insertRow(row);
        QString kind = role;
        if (value.isInitializer()) {
            kind = value.buffer ? tr("buffer") : tr("weight");
        } else if (value.isGraphInput()) {
            kind = tr("model in");
        }
        setRow(m_tensors, row,
               {kind, value.name, value.rankKnown ? shapeToString(value.shape) : QStringLiteral("?"), dtypeName(value.dtype)},
               value.name);
    };
    for (int v : node.inputs) {
        add(tr("in"), v);
    }
    for (int v : node.outputs) {
        add(tr("out"), v);
    }
    fitRows(m_tensors);
}

void NodeInspector::fillKernels(int index) {
    m_kernels->setRowCount(0);
    const TargetResult *target = m_results && m_currentTarget >= 0 && m_currentTarget < static_cast<int>(m_results->targets.size())
                                     ? &m_results->targets[static_cast<std::size_t>(m_currentTarget)]
                                     : nullptr;
    if (!target || !target->ok()) {
        m_kernelBox->setTitle(tr("Kernels"));
        m_kernelBox->setVisible(false);
        return;
    }
    m_kernelBox->setVisible(true);
    m_kernelBox->setTitle(tr("Kernels on %1").arg(target->label));
    for (const KernelTiming &k : target->current->kernels) {
        if (k.node != index) {
            continue;
        }
        const int row = m_kernels->rowCount();
        m_kernels->insertRow(row);
        // the band goes to the tooltip: the dock is narrow and the kernel's name comes first
        const QString band = tr("GPU time %1 (80 % band)").arg(formatMsBand(k.gpuMs, k.bandLowMs, k.bandHighMs));
        setRow(m_kernels, row,
               {kernelClassName(k.kind), kernelRoleName(k.role), formatMs(k.gpuMs), boundLabel(k.bound), formatMs(k.waitMs)},
               k.extrapolated ? band + QLatin1Char('\n') + tr("Extrapolated: outside the measured data, band widened") : band);
        m_kernels->item(row, 3)->setIcon(swatch(boundColour(k.bound)));
    }
    if (m_kernels->rowCount() == 0) {
        m_kernels->insertRow(0);
        const NodeTiming *timing = static_cast<std::size_t>(index) < target->current->nodes.size()
                                       ? &target->current->nodes[static_cast<std::size_t>(index)]
                                       : nullptr;
        setRow(m_kernels, 0,
               {timing && timing->fusedInto >= 0 ? tr("fused into another node's kernel") : tr("no kernel (shape-only)"), {},
                {}, {}, {}});
    }
    fitRows(m_kernels);
}

void NodeInspector::fillAttributes(const Graph &graph, int index) {
    const Node &node = graph.nodes[static_cast<std::size_t>(index)];
    m_attributes->setRowCount(static_cast<int>(node.attributes.size()));
    for (std::size_t i = 0; i < node.attributes.size(); ++i) {
        const auto &[name, attribute] = node.attributes[i];
        const QString text = attributeText(attribute);
        setRow(m_attributes, static_cast<int>(i), {name, text}, text);
    }
    if (node.attributes.empty()) {
        m_attributes->setRowCount(1);
        setRow(m_attributes, 0, {tr("none"), {}});
    }
    fitRows(m_attributes);
}

}  // namespace infersight
