// SPDX-License-Identifier: MIT
#include "graph/graph_scene.h"

#include "charts/chart_format.h"
#include "charts/palette.h"
#include "graph/graph_items.h"

#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneHelpEvent>
#include <QGraphicsView>
#include <QLocale>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace infersight {

GraphScene::GraphScene(QObject *parent) : QGraphicsScene(parent) {
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    setBackgroundBrush(QColor::fromRgb(0xfcfcfd));
}

GraphScene::~GraphScene() = default;

void GraphScene::clearContent() {
    m_overviewValid = false;
    ++m_overviewGeneration;
    clear();
    m_itemGraphics.clear();
    m_boxes.clear();
    m_frames.clear();
    m_edges.clear();
    m_ghosts.clear();
    m_itemEdges.clear();
    m_geometry = {};
    m_hierarchy.reset();
    m_graph.reset();
    m_selectedElement = -1;
    m_selectedGroup = -1;
    m_searchHit.clear();
    m_groupHits.clear();
    m_highlight.clear();
    m_groupHighlight.clear();
    m_edgeHighlight.clear();
    m_currentHit = -1;
}

void GraphScene::setContent(std::shared_ptr<const Graph> graph, std::shared_ptr<const NodeHierarchy> hierarchy,
                            GraphGeometry geometry) {
    m_overviewValid = false;
    ++m_overviewGeneration;
    const int selectedElement = m_selectedElement;
    const int selectedGroup = m_selectedGroup;
    const bool sameHierarchy = hierarchy == m_hierarchy;
    std::vector<char> hits = sameHierarchy ? m_searchHit : std::vector<char>{};
    std::vector<char> highlight = sameHierarchy ? m_highlight : std::vector<char>{};
    const int currentHit = sameHierarchy ? m_currentHit : -1;
    // Removing 30k items one by one is slow; drop the index while the scene is rebuilt.
    setItemIndexMethod(QGraphicsScene::NoIndex);
    clear();
    m_itemGraphics.clear();
    m_boxes.clear();
    m_frames.clear();
    m_edges.clear();
    m_ghosts.clear();

    m_graph = std::move(graph);
    m_hierarchy = std::move(hierarchy);
    m_geometry = std::move(geometry);

    const auto &items = m_geometry.items;
    m_itemGraphics.assign(items.size(), nullptr);
    m_itemEdges.assign(items.size(), {});
    m_boxes.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        const LaidOutItem &item = items[i];
        QGraphicsItem *graphic = nullptr;
        if (item.kind == LaidOutItem::Kind::Frame) {
            auto *frame = new GraphFrameItem(static_cast<int>(i), item.rect, item.depth);
            m_frames.push_back(frame);
            graphic = frame;
            auto *title = new GraphFrameTitleItem(static_cast<int>(i), item.rect, GraphBoxMetrics{}.frameTitle);
            addItem(title);
        } else {
            auto *box = new GraphBoxItem(static_cast<int>(i), item.rect);
            m_boxes.push_back(box);
            graphic = box;
        }
        addItem(graphic);
        m_itemGraphics[i] = graphic;
    }
    m_edges.reserve(m_geometry.edges.size());
    for (std::size_t e = 0; e < m_geometry.edges.size(); ++e) {
        const LaidOutEdge &edge = m_geometry.edges[e];
        auto *graphic = new GraphEdgeItem(static_cast<int>(e), edge.path, edge.arrow);
        addItem(graphic);
        m_edges.push_back(graphic);
        if (edge.fromItem >= 0) {
            m_itemEdges[static_cast<std::size_t>(edge.fromItem)].push_back(static_cast<int>(e));
        }
        if (edge.toItem >= 0) {
            m_itemEdges[static_cast<std::size_t>(edge.toItem)].push_back(static_cast<int>(e));
        }
    }
    m_edgeHighlight.assign(m_edges.size(), 0);
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    const QRectF bounds = m_geometry.bounds.isValid() ? m_geometry.bounds : QRectF(0, 0, 100, 100);
    setSceneRect(bounds.adjusted(-40, -40, 40, 40));

    const int elements = m_hierarchy ? m_hierarchy->elementCount() : 0;
    m_selectedElement = selectedElement < elements ? selectedElement : -1;
    m_selectedGroup = m_hierarchy && selectedGroup < m_hierarchy->groupCount() ? selectedGroup : -1;
    std::vector<int> hitList;
    for (std::size_t e = 0; e < hits.size(); ++e) {
        if (hits[e]) {
            hitList.push_back(static_cast<int>(e));
        }
    }
    setSearchHits(std::move(hitList), currentHit);
    std::vector<int> highlightList;
    for (std::size_t e = 0; e < highlight.size(); ++e) {
        if (highlight[e]) {
            highlightList.push_back(static_cast<int>(e));
        }
    }
    setHighlightedNodes(std::move(highlightList));
    if (m_selectedGroup >= 0) {
        setSelectedGroup(m_selectedGroup);
    } else {
        setSelectedElement(m_selectedElement);
    }
}

void GraphScene::setGraph(std::shared_ptr<const Graph> graph) {
    m_graph = std::move(graph);
    repaintAll();
}

void GraphScene::setColouring(GraphColouring colouring) {
    m_colouring = std::move(colouring);
    repaintAll();
}

void GraphScene::repaintAll() {
    m_overviewValid = false;
    ++m_overviewGeneration;
    // every item draws from the scene's state: one viewport repaint instead of 30k item updates
    for (QGraphicsView *view : views()) {
        view->viewport()->update();
    }
    if (views().isEmpty()) {
        update();
    }
}

double GraphScene::overviewScale() const {
    const QRectF bounds = m_geometry.bounds;
    if (bounds.isEmpty()) {
        return 1.0;
    }
    return std::min({1.0, kOverviewSide / std::max(bounds.width(), bounds.height()),
                     std::sqrt(kOverviewPixels / (bounds.width() * bounds.height()))});
}

const QImage &GraphScene::overview() {
    if (m_overviewValid) {
        return m_overview;
    }
    m_overviewValid = true;
    const QRectF bounds = m_geometry.bounds;
    if (!m_hierarchy || bounds.isEmpty()) {
        m_overview = QImage();
        return m_overview;
    }
    const double scale = overviewScale();
    const QSize size(std::max(1, static_cast<int>(std::ceil(bounds.width() * scale))),
                     std::max(1, static_cast<int>(std::ceil(bounds.height() * scale))));
    if (m_overview.size() != size) {
        m_overview = QImage(size, QImage::Format_RGB32);
    }
    m_overview.fill(backgroundBrush().color());
    QPainter painter(&m_overview);
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.scale(scale, scale);
    painter.translate(-bounds.topLeft());
    // frames come before their contents (depth-first): painting in order nests them
    for (std::size_t i = 0; i < m_geometry.items.size(); ++i) {
        const LaidOutItem &item = m_geometry.items[i];
        if (item.kind == LaidOutItem::Kind::Frame) {
            painter.setPen(QPen(graphFrameBorder(m_selectedGroup == item.index), 0));
            painter.setBrush(graphFrameTint(item.depth));
            painter.drawRect(item.rect);
        } else {
            painter.fillRect(item.rect, graphFarBoxColour(*this, static_cast<int>(i)));
        }
    }
    return m_overview;
}

std::vector<int> GraphScene::visibleNodes() const {
    std::vector<int> nodes;
    if (!m_hierarchy) {
        return nodes;
    }
    for (const LaidOutItem &item : m_geometry.items) {
        if (item.kind == LaidOutItem::Kind::Node) {
            nodes.push_back(item.index);
        }
    }
    return nodes;
}

std::vector<int> GraphScene::visibleGroups() const {
    std::vector<int> groups;
    for (const LaidOutItem &item : m_geometry.items) {
        if (item.kind == LaidOutItem::Kind::Group) {
            groups.push_back(item.index);
        }
    }
    return groups;
}

QRectF GraphScene::elementRect(int element) const {
    if (element < 0 || static_cast<std::size_t>(element) >= m_geometry.elementItem.size()) {
        return {};
    }
    const int item = m_geometry.elementItem[static_cast<std::size_t>(element)];
    return item >= 0 ? m_geometry.items[static_cast<std::size_t>(item)].rect : QRectF();
}

QRectF GraphScene::groupRect(int group) const {
    if (group < 0 || static_cast<std::size_t>(group) >= m_geometry.groupItem.size()) {
        return {};
    }
    const int item = m_geometry.groupItem[static_cast<std::size_t>(group)];
    return item >= 0 ? m_geometry.items[static_cast<std::size_t>(item)].rect : QRectF();
}

int GraphScene::itemOfSelection() const {
    if (m_selectedGroup >= 0 && static_cast<std::size_t>(m_selectedGroup) < m_geometry.groupItem.size()) {
        return m_geometry.groupItem[static_cast<std::size_t>(m_selectedGroup)];
    }
    if (m_selectedElement >= 0 && static_cast<std::size_t>(m_selectedElement) < m_geometry.elementItem.size()) {
        return m_geometry.elementItem[static_cast<std::size_t>(m_selectedElement)];
    }
    return -1;
}

// Highlights the edges of the selected element's or group's item and redraws.
void GraphScene::showSelection() {
    std::fill(m_edgeHighlight.begin(), m_edgeHighlight.end(), 0);
    const int item = itemOfSelection();
    if (item >= 0) {
        for (int e : m_itemEdges[static_cast<std::size_t>(item)]) {
            m_edgeHighlight[static_cast<std::size_t>(e)] = 1;
        }
    }
    updateGhostEdges();
    repaintAll();
}

void GraphScene::setSelectedElement(int element) {
    m_selectedGroup = -1;
    m_selectedElement = element;
    showSelection();
}

void GraphScene::setSelectedGroup(int group) {
    m_selectedElement = -1;
    m_selectedGroup = group;
    showSelection();
}

bool GraphScene::showsFarTitle(int item, double lod, double viewportHeight) const {
    auto qualifies = [&](const QRectF &rect) {
        const double h = rect.height() * lod;
        return rect.width() * lod > 90 && h > 40 && h < 1.5 * viewportHeight;
    };
    const LaidOutItem &it = m_geometry.items[static_cast<std::size_t>(item)];
    if (!qualifies(it.rect)) {
        return false;
    }
    for (int g = m_hierarchy->group(it.index).parent; g > 0; g = m_hierarchy->group(g).parent) {
        const int parent = m_geometry.groupItem[static_cast<std::size_t>(g)];
        if (parent >= 0 && qualifies(m_geometry.items[static_cast<std::size_t>(parent)].rect)) {
            return false;
        }
    }
    return true;
}

bool GraphScene::isEdgeHighlighted(int edge) const {
    return edge >= 0 && static_cast<std::size_t>(edge) < m_edgeHighlight.size() && m_edgeHighlight[static_cast<std::size_t>(edge)];
}

void GraphScene::updateGhostEdges() {
    for (QGraphicsItem *ghost : m_ghosts) {
        removeItem(ghost);
        delete ghost;
    }
    m_ghosts.clear();
    if (!m_hierarchy || m_selectedElement < 0) {
        return;
    }
    const int selectedItem = itemOfSelection();
    const auto &edges = m_hierarchy->edges();
    constexpr int kMaxGhosts = 400;
    std::vector<std::pair<int, int>> pairs;
    for (int i : m_geometry.hiddenEdges) {
        const auto &e = edges[static_cast<std::size_t>(i)];
        const int from = m_geometry.elementItem[static_cast<std::size_t>(e.from)];
        const int to = m_geometry.elementItem[static_cast<std::size_t>(e.to)];
        if ((from == selectedItem || to == selectedItem) && from >= 0 && to >= 0 && from != to) {
            pairs.emplace_back(from, to);
        }
    }
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    for (const auto &[from, to] : pairs) {
        if (static_cast<int>(m_ghosts.size()) >= kMaxGhosts) {
            break;
        }
        const QRectF a = m_geometry.items[static_cast<std::size_t>(from)].rect;
        const QRectF b = m_geometry.items[static_cast<std::size_t>(to)].rect;
        auto *ghost = new GraphGhostEdgeItem(QPointF(a.center().x(), a.bottom()), QPointF(b.center().x(), b.top()));
        addItem(ghost);
        m_ghosts.push_back(ghost);
    }
}

void GraphScene::setSearchHits(std::vector<int> elements, int current) {
    const int elementCount = m_hierarchy ? m_hierarchy->elementCount() : 0;
    m_searchHit.assign(static_cast<std::size_t>(elementCount), 0);
    m_groupHits.assign(static_cast<std::size_t>(m_hierarchy ? m_hierarchy->groupCount() : 0), 0);
    for (int e : elements) {
        if (e < 0 || e >= elementCount) {
            continue;
        }
        m_searchHit[static_cast<std::size_t>(e)] = 1;
        for (int g = m_hierarchy->parentOf(e); g >= 0; g = m_hierarchy->group(g).parent) {
            ++m_groupHits[static_cast<std::size_t>(g)];
        }
    }
    m_currentHit = current;
    repaintAll();
}

void GraphScene::setHighlightedNodes(std::vector<int> nodes) {
    const int elementCount = m_hierarchy ? m_hierarchy->elementCount() : 0;
    m_highlight.assign(static_cast<std::size_t>(elementCount), 0);
    m_groupHighlight.assign(static_cast<std::size_t>(m_hierarchy ? m_hierarchy->groupCount() : 0), 0);
    for (int n : nodes) {
        if (n < 0 || n >= elementCount) {
            continue;
        }
        m_highlight[static_cast<std::size_t>(n)] = 1;
        for (int g = m_hierarchy->parentOf(n); g >= 0; g = m_hierarchy->group(g).parent) {
            ++m_groupHighlight[static_cast<std::size_t>(g)];
        }
    }
    repaintAll();
}

bool GraphScene::isSearchHit(int element) const {
    return element >= 0 && static_cast<std::size_t>(element) < m_searchHit.size() && m_searchHit[static_cast<std::size_t>(element)];
}

bool GraphScene::isHighlighted(int element) const {
    return element >= 0 && static_cast<std::size_t>(element) < m_highlight.size() && m_highlight[static_cast<std::size_t>(element)];
}

int GraphScene::groupSearchHits(int group) const {
    return group >= 0 && static_cast<std::size_t>(group) < m_groupHits.size() ? m_groupHits[static_cast<std::size_t>(group)] : 0;
}

int GraphScene::groupHighlights(int group) const {
    return group >= 0 && static_cast<std::size_t>(group) < m_groupHighlight.size()
               ? m_groupHighlight[static_cast<std::size_t>(group)]
               : 0;
}

void GraphScene::boxClicked(int item, bool doubleClick) {
    if (item < 0 || static_cast<std::size_t>(item) >= m_geometry.items.size()) {
        return;
    }
    const LaidOutItem &it = m_geometry.items[static_cast<std::size_t>(item)];
    if (it.isGroup()) {
        if (doubleClick) {
            emit groupToggleRequested(it.index);
        } else {
            emit groupClicked(it.index);
        }
        return;
    }
    if (!doubleClick) {
        emit elementClicked(it.index);
    }
}

void GraphScene::edgeClicked(int edge) {
    if (edge < 0 || static_cast<std::size_t>(edge) >= m_geometry.edges.size()) {
        return;
    }
    // selecting an edge selects where it comes from (its producer)
    const LaidOutEdge &e = m_geometry.edges[static_cast<std::size_t>(edge)];
    if (e.fromItem >= 0) {
        boxClicked(e.fromItem, false);
    } else if (e.toItem >= 0) {
        boxClicked(e.toItem, false);
    }
}

QString GraphScene::boxTitle(const LaidOutItem &item) const {
    if (!m_hierarchy) {
        return {};
    }
    if (item.isGroup()) {
        return m_hierarchy->group(item.index).label;
    }
    if (m_hierarchy->isNode(item.index) && m_graph) {
        return m_graph->nodes[static_cast<std::size_t>(item.index)].opType;
    }
    return m_hierarchy->localName(item.index);
}

namespace {

QString valueLine(const Graph &graph, int v) {
    const Value &value = graph.values[static_cast<std::size_t>(v)];
    return QStringLiteral("%1: %2 %3")
        .arg(value.name.toHtmlEscaped(), value.rankKnown ? shapeToString(value.shape) : QStringLiteral("?"),
             dtypeName(value.dtype));
}

}  // namespace

QString GraphScene::edgeToolTip(const LaidOutEdge &edge) const {
    if (!m_graph) {
        return {};
    }
    QStringList lines;
    constexpr std::size_t kMaxLines = 8;
    for (std::size_t i = 0; i < edge.values.size() && i < kMaxLines; ++i) {
        const int v = edge.values[i];
        if (v >= 0 && static_cast<std::size_t>(v) < m_graph->values.size()) {
            lines << valueLine(*m_graph, v);
        }
    }
    if (edge.values.size() > kMaxLines) {
        lines << tr("… and %n more tensor(s)", nullptr, static_cast<int>(edge.values.size() - kMaxLines));
    }
    return lines.join(QStringLiteral("<br>"));
}

QString GraphScene::itemToolTip(const LaidOutItem &item) const {
    if (!m_hierarchy || !m_graph) {
        return {};
    }
    const QLocale locale;
    QStringList lines;
    auto timeLine = [&](double ms, double share, std::optional<Bound> bound) {
        if (!m_colouring.hasTimes()) {
            return;
        }
        QString line = tr("%1 · %2 % of the total").arg(formatMs(ms), locale.toString(share * 100.0, 'f', 1));
        if (bound && ms > 0) {
            line += QStringLiteral(" · ") + boundDescription(*bound).toHtmlEscaped();
        }
        lines << line;
    };
    if (item.isGroup()) {
        const HierarchyGroup &g = m_hierarchy->group(item.index);
        lines << QStringLiteral("<b>%1</b>").arg(g.label.toHtmlEscaped());
        if (!g.synthetic && !g.path.isEmpty()) {
            lines << g.path.toHtmlEscaped();
        }
        lines << tr("%n node(s)", nullptr, g.nodeCount());
        if (g.blocks >= 2) {
            lines << tr("%n repeated block(s)", nullptr, g.blocks);
        }
        if (g.block && g.identical > 1) {
            lines << tr("one of %n identical blocks (they share one layout)", nullptr, g.identical);
        }
        timeLine(m_colouring.groupMs(item.index), m_colouring.groupShare(item.index), m_colouring.groupBound(item.index));
        lines << (item.kind == LaidOutItem::Kind::Group ? tr("Double-click to expand") : tr("Double-click the title to collapse"));
    } else if (m_hierarchy->isNode(item.index)) {
        const Node &node = m_graph->nodes[static_cast<std::size_t>(item.index)];
        lines << QStringLiteral("<b>%1</b>").arg(node.name.toHtmlEscaped());
        lines << node.qualifiedOp().toHtmlEscaped();
        for (int out : node.outputs) {
            if (out >= 0) {
                lines << tr("out %1").arg(valueLine(*m_graph, out));
            }
        }
        timeLine(m_colouring.nodeMs(item.index), m_colouring.nodeShare(item.index), m_colouring.nodeBound(item.index));
    } else {
        const int v = m_hierarchy->elementValue(item.index);
        lines << (m_hierarchy->isGraphInput(item.index) ? tr("<b>Model input</b>") : tr("<b>Model output</b>"));
        if (v >= 0) {
            lines << valueLine(*m_graph, v);
        }
    }
    if (item.hiddenFanout > 0) {
        lines << tr("Also feeds %n box(es) whose edges are hidden to keep the picture readable; select it to show them.",
                    nullptr, item.hiddenFanout);
    }
    return lines.join(QStringLiteral("<br>"));
}

void GraphScene::helpEvent(QGraphicsSceneHelpEvent *event) {
    QGraphicsView *view = event->widget() ? qobject_cast<QGraphicsView *>(event->widget()->parentWidget()) : nullptr;
    const QTransform transform = view ? view->transform() : QTransform();
    const QList<QGraphicsItem *> under = items(event->scenePos(), Qt::IntersectsItemShape, Qt::DescendingOrder, transform);
    QString text;
    for (QGraphicsItem *graphic : under) {
        if (auto *box = dynamic_cast<GraphBoxItem *>(graphic)) {
            text = itemToolTip(m_geometry.items[static_cast<std::size_t>(box->item())]);
            break;
        }
        if (auto *edge = dynamic_cast<GraphEdgeItem *>(graphic)) {
            text = edgeToolTip(m_geometry.edges[static_cast<std::size_t>(edge->edge())]);
            break;
        }
        if (auto *title = dynamic_cast<GraphFrameTitleItem *>(graphic)) {
            text = itemToolTip(m_geometry.items[static_cast<std::size_t>(title->item())]);
            break;
        }
    }
    if (text.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(event->screenPos(), text, event->widget());
    }
    event->setAccepted(!text.isEmpty());
}

void GraphScene::mousePressEvent(QGraphicsSceneMouseEvent *event) { QGraphicsScene::mousePressEvent(event); }

void GraphScene::contextMenuEvent(QGraphicsSceneContextMenuEvent *event) {
    QGraphicsView *view = event->widget() ? qobject_cast<QGraphicsView *>(event->widget()->parentWidget()) : nullptr;
    const QTransform transform = view ? view->transform() : QTransform();
    int element = -1;
    int group = -1;
    for (QGraphicsItem *graphic : items(event->scenePos(), Qt::IntersectsItemShape, Qt::DescendingOrder, transform)) {
        int item = -1;
        if (auto *box = dynamic_cast<GraphBoxItem *>(graphic)) {
            item = box->item();
        } else if (auto *title = dynamic_cast<GraphFrameTitleItem *>(graphic)) {
            item = title->item();
        } else if (auto *frame = dynamic_cast<GraphFrameItem *>(graphic)) {
            item = frame->item();
        }
        if (item >= 0) {
            const LaidOutItem &it = m_geometry.items[static_cast<std::size_t>(item)];
            (it.isGroup() ? group : element) = it.index;
            break;
        }
    }
    event->accept();
    emit contextMenuRequested(element, group, event->screenPos());
}

}  // namespace infersight
