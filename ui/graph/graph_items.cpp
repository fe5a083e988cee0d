// SPDX-License-Identifier: MIT
#include "graph/graph_items.h"

#include "charts/chart_format.h"
#include "graph/graph_scene.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QGraphicsSceneMouseEvent>
#include <QLocale>
#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace infersight {

namespace {

// Colours of the scene's own state (not data): selection, search, width-edit highlight.
const QColor kSelection = QColor::fromRgb(0x1565c0);
const QColor kSearchHit = QColor::fromRgb(0xf2b600);
const QColor kCurrentHit = QColor::fromRgb(0xe65100);
const QColor kHighlight = QColor::fromRgb(0xc2185b);
const QColor kEdge = QColor::fromRgb(0x8b929c);
const QColor kEdgeHover = QColor::fromRgb(0x2b2f36);

struct Fonts {
    QFont bold;
    QFont normal;
    QFont small;
    QFont title;
};

const Fonts &fonts() {
    static const Fonts f = [] {
        Fonts out;
        out.normal.setPixelSize(11);
        out.bold = out.normal;
        out.bold.setBold(true);
        out.small.setPixelSize(10);
        out.title.setPixelSize(11);
        out.title.setBold(true);
        return out;
    }();
    return f;
}

GraphScene *graphScene(const QGraphicsItem *item) { return static_cast<GraphScene *>(item->scene()); }

double levelOfDetail(const QStyleOptionGraphicsItem *option, const QPainter *painter) {
    return option->levelOfDetailFromTransform(painter->worldTransform());
}

void drawElided(QPainter *painter, const QFont &font, const QRectF &rect, const QString &text, Qt::Alignment align,
                Qt::TextElideMode mode = Qt::ElideRight) {
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    painter->drawText(rect, static_cast<int>(align | Qt::AlignVCenter), metrics.elidedText(text, mode, rect.width()));
}

// A small rounded badge with a number, at the top-right corner of `rect`.
void drawBadge(QPainter *painter, const QRectF &rect, const QString &text, const QColor &fill) {
    const QFontMetricsF metrics(fonts().small);
    const double w = std::max(16.0, metrics.horizontalAdvance(text) + 8);
    const QRectF badge(rect.right() - w + 6, rect.top() - 8, w, 15);
    painter->setPen(Qt::NoPen);
    painter->setBrush(fill);
    painter->drawRoundedRect(badge, 7, 7);
    painter->setPen(textColourOn(fill));
    painter->setFont(fonts().small);
    painter->drawText(badge, Qt::AlignCenter, text);
}

QString timeText(double ms, double share) {
    return QStringLiteral("%1 · %2 %").arg(formatMs(ms), QLocale().toString(share * 100.0, 'f', share < 0.001 ? 2 : 1));
}

QString shapeText(const Graph &graph, const Node &node) {
    for (int out : node.outputs) {
        if (out >= 0) {
            const Value &v = graph.values[static_cast<std::size_t>(out)];
            return v.rankKnown ? shapeToString(v.shape) : QStringLiteral("?");
        }
    }
    return {};
}

}  // namespace

// ---------------------------------------------------------------------------------------------
GraphBoxItem::GraphBoxItem(int item, const QRectF &rect) : m_item(item), m_rect(rect) {
    setZValue(1000);
    setAcceptedMouseButtons(Qt::LeftButton);
}

QRectF GraphBoxItem::boundingRect() const { return m_rect.adjusted(-6, -10, 10, 8); }

void GraphBoxItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) {
    GraphScene *scene = graphScene(this);
    const LaidOutItem &item = scene->geometry().items[static_cast<std::size_t>(m_item)];
    const GraphColouring &colouring = scene->colouring();
    const NodeHierarchy &h = *scene->hierarchy();
    const bool isGroup = item.kind == LaidOutItem::Kind::Group;
    const bool isNode = item.kind == LaidOutItem::Kind::Node;
    const bool isIo = !isGroup && !isNode;

    QColor fill = isGroup ? colouring.groupFill(item.index) : isNode ? colouring.nodeFill(item.index) : QColor(Qt::white);
    const bool selected = isGroup ? scene->selectedGroup() == item.index
                                  : scene->selectedElement() == item.index ||
                                        (scene->selectedElement() >= 0 && scene->selectedGroup() < 0 &&
                                         scene->geometry().elementItem[static_cast<std::size_t>(scene->selectedElement())] == m_item);
    const int hits = isGroup ? scene->groupSearchHits(item.index) : (scene->isSearchHit(item.index) ? 1 : 0);
    const bool currentHit = !isGroup && scene->isCurrentHit(item.index);
    const int highlights = isGroup ? scene->groupHighlights(item.index) : (scene->isHighlighted(item.index) ? 1 : 0);

    const double lod = levelOfDetail(option, painter);
    if (lod < kShapeLevel) {
        // far away: a plain rectangle, the state as a colour
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->fillRect(m_rect, graphFarBoxColour(*scene, m_item));
        return;
    }

    QPen border(fill.darker(isIo ? 200 : 145), 1.0);
    if (selected) {
        border = QPen(kSelection, 3.0);
    } else if (currentHit) {
        border = QPen(kCurrentHit, 3.0);
    } else if (hits > 0) {
        border = QPen(kSearchHit, 2.5);
    }
    const double radius = isIo ? m_rect.height() / 2 : 6.0;
    if (isGroup) {
        // a stack of cards: the group holds more than one box
        painter->setPen(QPen(fill.darker(150), 1.0));
        painter->setBrush(fill.darker(108));
        painter->drawRoundedRect(m_rect.translated(4, 4), radius, radius);
    }
    painter->setPen(border);
    painter->setBrush(fill);
    painter->drawRoundedRect(m_rect, radius, radius);
    if (highlights > 0 && !selected) {
        painter->setPen(QPen(kHighlight, 2.5, Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(m_rect.adjusted(-4, -4, 4, 4), radius + 3, radius + 3);
    }
    if (lod < kTextLevel) {
        return;
    }

    const Fonts &f = fonts();
    const QColor ink = textColourOn(fill);
    QColor faint = ink;
    faint.setAlphaF(0.72f);
    const QRectF inner = m_rect.adjusted(8, 3, -8, -3);
    const Graph &graph = *scene->graph();
    if (isNode) {
        const Node &node = graph.nodes[static_cast<std::size_t>(item.index)];
        painter->setPen(ink);
        drawElided(painter, f.bold, QRectF(inner.left(), inner.top(), inner.width(), 15), node.opType, Qt::AlignLeft);
        drawElided(painter, f.normal, QRectF(inner.left(), inner.top() + 15, inner.width(), 14), h.localName(item.index),
                   Qt::AlignLeft, Qt::ElideMiddle);
        const QRectF line3(inner.left(), inner.top() + 29, inner.width(), 14);
        double shapeWidth = line3.width();
        if (colouring.hasTimes() && colouring.nodeMs(item.index) > 0) {
            const QString time = formatMs(colouring.nodeMs(item.index));
            painter->setPen(ink);
            painter->setFont(f.small);
            painter->drawText(line3, Qt::AlignRight | Qt::AlignVCenter, time);
            shapeWidth -= QFontMetricsF(f.small).horizontalAdvance(time) + 6;
        }
        painter->setPen(faint);
        drawElided(painter, f.small, QRectF(line3.left(), line3.top(), shapeWidth, line3.height()), shapeText(graph, node),
                   Qt::AlignLeft);
    } else if (isGroup) {
        const HierarchyGroup &g = h.group(item.index);
        const QRectF line1(inner.left(), inner.top() + 1, inner.width() - 16, 16);
        painter->setPen(ink);
        drawElided(painter, f.bold, line1, g.label, Qt::AlignLeft, Qt::ElideMiddle);
        // expand glyph
        const QRectF glyph(inner.right() - 11, inner.top() + 3, 11, 11);
        painter->setPen(QPen(ink, 1.0));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(glyph);
        painter->drawLine(QPointF(glyph.left() + 2.5, glyph.center().y()), QPointF(glyph.right() - 2.5, glyph.center().y()));
        painter->drawLine(QPointF(glyph.center().x(), glyph.top() + 2.5), QPointF(glyph.center().x(), glyph.bottom() - 2.5));
        QString second = GraphScene::tr("%n node(s)", nullptr, g.nodeCount());
        if (g.blocks >= 2) {
            second += QStringLiteral(" · ") + GraphScene::tr("%n block(s)", nullptr, g.blocks);
        } else if (g.block && g.identical > 1) {
            second += QStringLiteral(" · ") + GraphScene::tr("repeated ×%n", nullptr, g.identical);
        }
        painter->setPen(faint);
        drawElided(painter, f.normal, QRectF(inner.left(), inner.top() + 19, inner.width(), 15), second, Qt::AlignLeft);
        if (colouring.hasTimes() && colouring.groupMs(item.index) > 0) {
            painter->setPen(ink);
            drawElided(painter, f.normal, QRectF(inner.left(), inner.top() + 36, inner.width(), 15),
                       timeText(colouring.groupMs(item.index), colouring.groupShare(item.index)), Qt::AlignLeft);
        }
    } else {
        const int v = h.elementValue(item.index);
        const Value &value = graph.values[static_cast<std::size_t>(v)];
        painter->setPen(ink);
        const QRectF text = m_rect.adjusted(radius, 0, -radius, 0);
        drawElided(painter, f.bold, QRectF(text.left(), text.top() + 1, text.width(), 14), value.name, Qt::AlignHCenter,
                   Qt::ElideMiddle);
        painter->setPen(faint);
        drawElided(painter, f.small,
                   QRectF(text.left(), text.top() + 15, text.width(), 13),
                   (value.rankKnown ? shapeToString(value.shape) : QStringLiteral("?")) + QLatin1Char(' ') + dtypeName(value.dtype),
                   Qt::AlignHCenter);
    }
    if (isGroup && hits > 0) {
        drawBadge(painter, m_rect, QString::number(hits), kSearchHit);
    }
    if (item.hiddenFanout > 0) {
        // broadcast marker: this box feeds many others whose edges are not drawn
        const QString text = QStringLiteral("→ %1").arg(item.hiddenFanout);
        const QFontMetricsF metrics(f.small);
        const double w = metrics.horizontalAdvance(text) + 8;
        const QRectF badge(m_rect.right() - w + 4, m_rect.bottom() - 6, w, 13);
        painter->setPen(QPen(QColor(0x60, 0x60, 0x60), 0.8));
        painter->setBrush(QColor(0xff, 0xff, 0xff, 230));
        painter->drawRoundedRect(badge, 6, 6);
        painter->setPen(QColor(0x30, 0x30, 0x30));
        painter->setFont(f.small);
        painter->drawText(badge, Qt::AlignCenter, text);
    }
}

void GraphBoxItem::mousePressEvent(QGraphicsSceneMouseEvent *event) {
    if (event->button() != Qt::LeftButton) {
        event->ignore();
        return;
    }
    event->accept();
    graphScene(this)->boxClicked(m_item, false);
}

void GraphBoxItem::mouseDoubleClickEvent(QGraphicsSceneMouseEvent *event) {
    event->accept();
    graphScene(this)->boxClicked(m_item, true);
}

// ---------------------------------------------------------------------------------------------
QColor graphFrameTint(int depth) {
    static const QColor tints[] = {QColor::fromRgb(0xf3f5f8), QColor::fromRgb(0xe9edf3), QColor::fromRgb(0xdfe5ee),
                                   QColor::fromRgb(0xd6dde9)};
    return tints[std::min<std::size_t>(static_cast<std::size_t>(std::max(depth, 0)), std::size(tints) - 1)];
}

QColor graphFrameBorder(bool selected) { return selected ? kSelection : QColor::fromRgb(0xa9b1bd); }

QColor graphFarBoxColour(const GraphScene &scene, int itemIndex) {
    const LaidOutItem &item = scene.geometry().items[static_cast<std::size_t>(itemIndex)];
    const GraphColouring &colouring = scene.colouring();
    const bool isGroup = item.kind == LaidOutItem::Kind::Group;
    const bool isNode = item.kind == LaidOutItem::Kind::Node;
    const bool selected = isGroup ? scene.selectedGroup() == item.index
                                  : scene.selectedElement() == item.index ||
                                        (scene.selectedElement() >= 0 && scene.selectedGroup() < 0 &&
                                         scene.geometry().elementItem[static_cast<std::size_t>(scene.selectedElement())] == itemIndex);
    if (selected) {
        return kSelection;
    }
    if (!isGroup && scene.isCurrentHit(item.index)) {
        return kCurrentHit;
    }
    if (isGroup ? scene.groupSearchHits(item.index) > 0 : scene.isSearchHit(item.index)) {
        return kSearchHit;
    }
    if (isGroup ? scene.groupHighlights(item.index) > 0 : scene.isHighlighted(item.index)) {
        return kHighlight;
    }
    return isGroup ? colouring.groupFill(item.index) : isNode ? colouring.nodeFill(item.index) : QColor(Qt::white);
}

GraphFrameItem::GraphFrameItem(int item, const QRectF &rect, int depth) : m_item(item), m_rect(rect) {
    setZValue(depth);
    setAcceptedMouseButtons(Qt::NoButton);
}

QRectF GraphFrameItem::boundingRect() const { return m_rect.adjusted(-3, -3, 3, 3); }

void GraphFrameItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) {
    GraphScene *scene = graphScene(this);
    const LaidOutItem &item = scene->geometry().items[static_cast<std::size_t>(m_item)];
    const QColor fill = graphFrameTint(item.depth);
    const bool selected = scene->selectedGroup() == item.index;
    const double lod = levelOfDetail(option, painter);
    if (lod < kShapeLevel) {
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setPen(QPen(graphFrameBorder(selected), 0));
        painter->setBrush(fill);
        painter->drawRect(m_rect);
        return;
    }
    painter->setPen(selected ? QPen(kSelection, 2.5) : QPen(QColor::fromRgb(0xa9b1bd), 1.0));
    painter->setBrush(fill);
    painter->drawRoundedRect(m_rect, 8, 8);
}

GraphFrameTitleItem::GraphFrameTitleItem(int item, const QRectF &frameRect, double titleHeight)
    : m_item(item), m_frame(frameRect), m_bar(frameRect.left(), frameRect.top(), frameRect.width(), titleHeight) {
    setZValue(900);
    setAcceptedMouseButtons(Qt::LeftButton);
}

QRectF GraphFrameTitleItem::boundingRect() const { return m_bar; }

void GraphFrameTitleItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) {
    GraphScene *scene = graphScene(this);
    const LaidOutItem &item = scene->geometry().items[static_cast<std::size_t>(m_item)];
    const double lod = levelOfDetail(option, painter);
    const HierarchyGroup &g = scene->hierarchy()->group(item.index);
    const QColor fill = graphFrameTint(item.depth);
    if (lod >= kTextLevel) {
        const GraphColouring &colouring = scene->colouring();
        QString title = g.label + QStringLiteral(" · ") + GraphScene::tr("%n node(s)", nullptr, g.nodeCount());
        if (colouring.hasTimes() && colouring.groupMs(item.index) > 0) {
            title += QStringLiteral(" · ") + timeText(colouring.groupMs(item.index), colouring.groupShare(item.index));
        }
        const QRectF bar = m_bar.adjusted(8, 3, -8, -3);
        const QFontMetricsF metrics(fonts().title);
        const QString text = metrics.elidedText(title, Qt::ElideMiddle, bar.width() - 15);
        // a background behind the name only: an edge entering the group passes under it
        const QRectF pill(bar.left() - 3, bar.top(), metrics.horizontalAdvance(text) + 15 + 6, bar.height());
        painter->setPen(Qt::NoPen);
        painter->setBrush(fill);
        painter->drawRoundedRect(pill, 4, 4);
        const QRectF glyph(bar.left(), bar.center().y() - 5, 10, 10);
        painter->setPen(QPen(QColor(0x40, 0x40, 0x40), 1.0));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(glyph);
        painter->drawLine(QPointF(glyph.left() + 2, glyph.center().y()), QPointF(glyph.right() - 2, glyph.center().y()));
        painter->setPen(QColor(0x30, 0x30, 0x30));
        painter->setFont(fonts().title);
        painter->drawText(bar.adjusted(15, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, text);
    } else if (scene->showsFarTitle(m_item, lod, widget ? widget->height() : 800.0)) {
        // zoomed out: the frame's name stays readable at a fixed screen size
        QFont font = fonts().title;
        font.setPixelSize(std::max(1, static_cast<int>(std::lround(12.0 / lod))));
        const QRectF bar(m_frame.left() + 6 / lod, m_frame.top() + 3 / lod, m_frame.width() - 12 / lod, 17 / lod);
        const QFontMetricsF metrics(font);
        const QString text = metrics.elidedText(g.label, Qt::ElideMiddle, bar.width());
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(255, 255, 255, 220));
        painter->drawRoundedRect(QRectF(bar.left() - 3 / lod, bar.top(), metrics.horizontalAdvance(text) + 6 / lod, bar.height()),
                                 3 / lod, 3 / lod);
        painter->setPen(QColor(0x20, 0x20, 0x20));
        painter->setFont(font);
        painter->drawText(bar, Qt::AlignLeft | Qt::AlignVCenter, text);
    }
}

void GraphFrameTitleItem::mousePressEvent(QGraphicsSceneMouseEvent *event) {
    if (event->button() != Qt::LeftButton) {
        event->ignore();
        return;
    }
    event->accept();
    graphScene(this)->boxClicked(m_item, false);
}

void GraphFrameTitleItem::mouseDoubleClickEvent(QGraphicsSceneMouseEvent *event) {
    event->accept();
    graphScene(this)->boxClicked(m_item, true);
}

// ---------------------------------------------------------------------------------------------
GraphEdgeItem::GraphEdgeItem(int edge, const std::vector<QPointF> &points, bool arrow) : m_edge(edge) {
    setZValue(500);
    setAcceptHoverEvents(true);
    setAcceptedMouseButtons(Qt::LeftButton);
    if (points.empty()) {
        return;
    }
    m_path.moveTo(points[0]);
    m_coarse << points[0];
    for (std::size_t i = 1; i + 2 < points.size(); i += 3) {
        m_path.cubicTo(points[i], points[i + 1], points[i + 2]);
        m_coarse << points[i + 2];
    }
    m_bounds = m_path.controlPointRect();
    if (arrow && points.size() >= 2) {
        const QPointF tip = points.back();
        QPointF from = points[points.size() - 2];
        if (QLineF(from, tip).length() < 0.5 && points.size() >= 4) {
            from = points[points.size() - 4];
        }
        QLineF dir(tip, from);
        if (dir.length() > 0.01) {
            dir.setLength(8);
            const QPointF base = dir.p2();
            const QPointF normal(-(base.y() - tip.y()) * 0.45, (base.x() - tip.x()) * 0.45);
            m_arrow << tip << base + normal << base - normal;
            m_bounds = m_bounds.united(m_arrow.boundingRect());
        }
    }
    m_bounds.adjust(-4, -4, 4, 4);
}

QPainterPath GraphEdgeItem::shape() const {
    if (m_shape.isEmpty()) {
        QPainterPathStroker stroker;
        stroker.setWidth(7);
        m_shape = stroker.createStroke(m_path);
        if (!m_arrow.isEmpty()) {
            m_shape.addPolygon(m_arrow);
        }
    }
    return m_shape;
}

void GraphEdgeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) {
    GraphScene *scene = graphScene(this);
    const bool highlighted = scene->isEdgeHighlighted(m_edge);
    const double lod = levelOfDetail(option, painter);
    const QColor colour = m_hover ? kEdgeHover : highlighted ? kSelection : kEdge;
    if (lod < kShapeLevel) {
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setPen(QPen(colour, highlighted ? 2 : 0));
        painter->drawPolyline(m_coarse);
        return;
    }
    const double width = m_hover || highlighted ? 2.2 : 1.3;
    painter->setPen(QPen(colour, width, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(m_path);
    if (!m_arrow.isEmpty()) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(colour);
        painter->drawPolygon(m_arrow);
    }
}

void GraphEdgeItem::hoverEnterEvent(QGraphicsSceneHoverEvent *) {
    m_hover = true;
    update();
}

void GraphEdgeItem::hoverLeaveEvent(QGraphicsSceneHoverEvent *) {
    m_hover = false;
    update();
}

void GraphEdgeItem::mousePressEvent(QGraphicsSceneMouseEvent *event) {
    event->accept();
    graphScene(this)->edgeClicked(m_edge);
}

// ---------------------------------------------------------------------------------------------
GraphGhostEdgeItem::GraphGhostEdgeItem(QPointF from, QPointF to) : m_from(from), m_to(to) {
    setZValue(600);
    setAcceptedMouseButtons(Qt::NoButton);
}

QRectF GraphGhostEdgeItem::boundingRect() const { return QRectF(m_from, m_to).normalized().adjusted(-3, -3, 3, 3); }

void GraphGhostEdgeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *) {
    painter->setPen(QPen(kSelection, 1.4, Qt::DashLine));
    painter->drawLine(m_from, m_to);
}

}  // namespace infersight
