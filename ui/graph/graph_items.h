// SPDX-License-Identifier: MIT
// The QGraphicsItems of the graph view. They hold their geometry only and draw everything else
// (text, colour, selection, search hits) from their GraphScene.
#pragma once

#include <QColor>
#include <QGraphicsItem>
#include <QPainterPath>
#include <QPolygonF>

#include <vector>

namespace infersight {

class GraphScene;

// Level of detail thresholds (view scale): text below kTextLevel, plain shapes below kShapeLevel.
inline constexpr double kTextLevel = 0.45;
inline constexpr double kShapeLevel = 0.12;

// Colours of the far level of detail (plain rectangles), shared by the items and the scene's
// overview picture: a frame's body by nesting depth, a box's fill with its state (selected,
// search hit, highlighted) as the colour.
QColor graphFrameTint(int depth);
QColor graphFrameBorder(bool selected);
QColor graphFarBoxColour(const GraphScene &scene, int item);

// A node, a graph input or output, or a collapsed group.
class GraphBoxItem : public QGraphicsItem {
public:
    GraphBoxItem(int item, const QRectF &rect);
    int item() const { return m_item; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent *event) override;

private:
    int m_item;
    QRectF m_rect;
};

// The frame of an expanded group: its body, behind the edges and boxes. Presses on it fall
// through (the view pans).
class GraphFrameItem : public QGraphicsItem {
public:
    GraphFrameItem(int item, const QRectF &rect, int depth);
    int item() const { return m_item; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    int m_item;
    QRectF m_rect;
};

// The title bar of an expanded group's frame, above the edges so that an edge entering the group
// passes under its name: click selects the group, double-click collapses it.
class GraphFrameTitleItem : public QGraphicsItem {
public:
    GraphFrameTitleItem(int item, const QRectF &frameRect, double titleHeight);
    int item() const { return m_item; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent *event) override;

private:
    int m_item;
    QRectF m_frame;
    QRectF m_bar;
};

// A Graphviz spline (cubic Bezier chain) with an optional arrow head; hover shows its tensors.
class GraphEdgeItem : public QGraphicsItem {
public:
    GraphEdgeItem(int edge, const std::vector<QPointF> &points, bool arrow);
    int edge() const { return m_edge; }
    QRectF boundingRect() const override { return m_bounds; }
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

protected:
    void hoverEnterEvent(QGraphicsSceneHoverEvent *event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent *event) override;
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override;

private:
    int m_edge;
    QPainterPath m_path;
    QPolygonF m_coarse;   // the Bezier end points only, for far zoom
    QPolygonF m_arrow;    // empty: no arrow head
    QRectF m_bounds;
    mutable QPainterPath m_shape;
    bool m_hover = false;
};

// A hidden broadcast edge of the selection, drawn dashed while it is selected.
class GraphGhostEdgeItem : public QGraphicsItem {
public:
    GraphGhostEdgeItem(QPointF from, QPointF to);
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QPointF m_from;
    QPointF m_to;
};

}  // namespace infersight
