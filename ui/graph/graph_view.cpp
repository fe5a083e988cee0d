// SPDX-License-Identifier: MIT
#include "graph/graph_view.h"

#include "graph/graph_scene.h"

#include <QElapsedTimer>
#include <QKeyEvent>
#include <QPainter>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace infersight {

GraphView::GraphView(QWidget *parent) : QGraphicsView(parent) {
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setViewportUpdateMode(QGraphicsView::MinimalViewportUpdate);
    setOptimizationFlag(QGraphicsView::DontAdjustForAntialiasing, true);
    setFocusPolicy(Qt::StrongFocus);
    setFrameShape(QFrame::NoFrame);
    setAlignment(Qt::AlignHCenter | Qt::AlignTop);
}

double GraphView::zoom() const { return transform().m11(); }

void GraphView::scaleAround(double factor, const QPointF &viewportPos) {
    const double current = zoom();
    const double target = std::clamp(current * factor, kMinZoom, kMaxZoom);
    if (std::abs(target - current) < 1e-12) {
        return;
    }
    const QPointF before = mapToScene(viewportPos.toPoint());
    const ViewportAnchor anchor = transformationAnchor();
    setTransformationAnchor(QGraphicsView::NoAnchor);
    scale(target / current, target / current);
    // keep the scene point under viewportPos where it was
    const QPointF after = mapToScene(viewportPos.toPoint());
    const QPointF delta = after - before;
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() - static_cast<int>(std::lround(delta.x() * target)));
    verticalScrollBar()->setValue(verticalScrollBar()->value() - static_cast<int>(std::lround(delta.y() * target)));
    setTransformationAnchor(anchor);
    emit zoomChanged(zoom());
}

void GraphView::setZoom(double value) {
    const double current = zoom();
    if (current <= 0) {
        return;
    }
    scaleAround(value / current, QRectF(viewport()->rect()).center());
}

void GraphView::zoomBy(double factor) { scaleAround(factor, QRectF(viewport()->rect()).center()); }

void GraphView::fitGraph() {
    if (!scene()) {
        return;
    }
    const QRectF rect = scene()->sceneRect();
    if (rect.isEmpty()) {
        return;
    }
    const QSizeF view = QSizeF(viewport()->size()) - QSizeF(8, 8);
    const double z = std::clamp(std::min(view.width() / rect.width(), view.height() / rect.height()), kMinZoom, 1.0);
    setTransform(QTransform::fromScale(z, z));
    centerOn(rect.center());
    emit zoomChanged(zoom());
}

void GraphView::reveal(const QRectF &sceneRect) {
    if (sceneRect.isEmpty()) {
        return;
    }
    const QSizeF view(viewport()->size());
    const double fitZoom = std::min(view.width() / (sceneRect.width() + 60), view.height() / (sceneRect.height() + 60));
    constexpr double kReadable = 0.6;  // boxes show their text (GraphBoxItem's level of detail)
    double z = zoom();
    if (fitZoom >= kReadable) {
        // it fits readable: keep the zoom if it does, else zoom to readable (not above 100 %)
        z = std::clamp(z, kReadable, std::min(1.0, fitZoom));
        setTransform(QTransform::fromScale(z, z));
        centerOn(sceneRect.center());
    } else {
        // too big to read whole: its top at a readable zoom
        z = std::max(kReadable, std::min(z, 1.0));
        setTransform(QTransform::fromScale(z, z));
        const double halfWidth = view.width() / (2 * z);
        const double x = sceneRect.width() * z <= view.width() ? sceneRect.center().x() : sceneRect.left() + halfWidth - 20;
        centerOn(QPointF(x, sceneRect.top() + view.height() / (2 * z) - 20));
    }
    emit zoomChanged(zoom());
}

void GraphView::showStart() {
    if (!scene()) {
        return;
    }
    const QRectF rect = scene()->sceneRect();
    if (rect.isEmpty()) {
        return;
    }
    const QSizeF view = QSizeF(viewport()->size()) - QSizeF(8, 8);
    const double fitAll = std::min(view.width() / rect.width(), view.height() / rect.height());
    if (fitAll >= 0.55) {
        fitGraph();
        return;
    }
    // too tall to read whole: the top, as wide as fits, between 55 % and 100 %
    const double z = std::clamp(view.width() / rect.width(), 0.55, 1.0);
    setTransform(QTransform::fromScale(z, z));
    const QPointF topCentre(rect.center().x(), rect.top() + view.height() / (2 * z));
    centerOn(topCentre);
    emit zoomChanged(zoom());
}

void GraphView::wheelEvent(QWheelEvent *event) {
    const QPoint delta = event->angleDelta();
    if (delta.y() == 0 || (event->modifiers() & Qt::ShiftModifier)) {
        QGraphicsView::wheelEvent(event);  // horizontal scrolling
        return;
    }
    const double factor = std::pow(1.0015, delta.y());
    scaleAround(factor, event->position());
    event->accept();
}

void GraphView::keyPressEvent(QKeyEvent *event) {
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.25);
        return;
    case Qt::Key_Minus:
    case Qt::Key_Underscore:
        zoomBy(0.8);
        return;
    case Qt::Key_F:
        if (event->modifiers() == Qt::NoModifier) {
            fitGraph();
            return;
        }
        break;
    case Qt::Key_0:
        if (event->modifiers() == Qt::NoModifier) {
            setZoom(1.0);
            return;
        }
        break;
    default: break;
    }
    QGraphicsView::keyPressEvent(event);
}

void GraphView::mousePressEvent(QMouseEvent *event) {
    m_pressPos = event->pos();
    if (event->button() == Qt::MiddleButton) {
        m_middlePanning = true;
        m_lastPanPos = event->pos();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    m_backgroundPress = event->button() == Qt::LeftButton && itemAt(event->pos()) == nullptr;
    QGraphicsView::mousePressEvent(event);
    if (event->button() == Qt::LeftButton && !m_backgroundPress) {
        // a press an item ignored (a frame's body) pans too
        m_backgroundPress = !event->isAccepted();
    }
}

void GraphView::mouseMoveEvent(QMouseEvent *event) {
    if (m_middlePanning) {
        const QPoint delta = event->pos() - m_lastPanPos;
        m_lastPanPos = event->pos();
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void GraphView::mouseReleaseEvent(QMouseEvent *event) {
    if (m_middlePanning && event->button() == Qt::MiddleButton) {
        m_middlePanning = false;
        viewport()->unsetCursor();
        event->accept();
        return;
    }
    const bool click = (event->pos() - m_pressPos).manhattanLength() < 4;
    QGraphicsView::mouseReleaseEvent(event);
    if (m_backgroundPress && click && event->button() == Qt::LeftButton) {
        emit backgroundClicked();
    }
    m_backgroundPress = false;
}

bool GraphView::paintsOverview() const {
    const auto *graph = qobject_cast<const GraphScene *>(scene());
    return graph && graph->hasContent() && static_cast<int>(graph->geometry().items.size()) >= kOverviewItems &&
           zoom() <= graph->overviewScale();
}

void GraphView::paintOverview(QPaintEvent *event) {
    auto *graph = static_cast<GraphScene *>(scene());
    const QImage &image = graph->overview();
    const QRect target = mapFromScene(graph->geometry().bounds).boundingRect();
    if (m_overviewGeneration != graph->overviewGeneration() || m_overviewScaled.size() != target.size()) {
        m_overviewScaled = image.isNull() || target.isEmpty()
                               ? QImage()
                               : image.scaled(target.size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        m_overviewGeneration = graph->overviewGeneration();
    }
    QPainter painter(viewport());
    painter.fillRect(event->rect(), graph->backgroundBrush());
    if (!m_overviewScaled.isNull()) {
        painter.drawImage(target.topLeft(), m_overviewScaled);
    }
}

void GraphView::paintEvent(QPaintEvent *event) {
    QElapsedTimer timer;
    timer.start();
    if (paintsOverview()) {
        paintOverview(event);
    } else {
        QGraphicsView::paintEvent(event);
    }
    m_lastPaintMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    ++m_paintCount;
}

}  // namespace infersight
