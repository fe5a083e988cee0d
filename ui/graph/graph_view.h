// SPDX-License-Identifier: MIT
// The QGraphicsView of the graph: wheel zooms around the cursor, + and - zoom, F fits the graph,
// 0 returns to 100 %, dragging the background (or any drag with the middle button) pans. It
// measures how long each paint takes (the benchmark's frame time).
#pragma once

#include <QGraphicsView>
#include <QImage>

namespace infersight {

class GraphView : public QGraphicsView {
    Q_OBJECT
public:
    explicit GraphView(QWidget *parent = nullptr);

    double zoom() const;                 // current scale (1 = 100 %)
    void setZoom(double zoom);           // around the viewport centre
    void zoomBy(double factor);          // around the viewport centre
    void fitGraph();                     // whole scene in view (never above 100 %)
    // Shows `sceneRect`: centred when it fits, else its top, zooming out to at most `minZoom`.
    void reveal(const QRectF &sceneRect);
    // The starting view: everything if readable, else the top at a zoom where boxes are readable.
    void showStart();

    double lastPaintMs() const { return m_lastPaintMs; }
    int paintCount() const { return m_paintCount; }

    static constexpr double kMinZoom = 0.0005;
    static constexpr double kMaxZoom = 4.0;

signals:
    void zoomChanged(double zoom);
    void backgroundClicked();

protected:
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

public:
    // Far out on a big graph the view paints the scene's overview picture instead of its items
    // (see GraphScene::overview): from this many items, at zooms where the overview has at least
    // screen resolution.
    static constexpr int kOverviewItems = 4000;
    bool paintsOverview() const;

private:
    void scaleAround(double factor, const QPointF &viewportPos);
    void paintOverview(QPaintEvent *event);

    double m_lastPaintMs = 0;
    int m_paintCount = 0;
    bool m_middlePanning = false;
    QPoint m_pressPos;
    QPoint m_lastPanPos;
    bool m_backgroundPress = false;
    QImage m_overviewScaled;         // the scene's overview at the current zoom, reused while panning
    quint64 m_overviewGeneration = 0;
};

}  // namespace infersight
