// SPDX-License-Identifier: MIT
#include "charts/chart_view.h"

#include "base/file_io.h"
#include "charts/chart_session.h"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QDir>
#include <QFileDialog>
#include <QImageWriter>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>
#include <QSvgGenerator>
#include <QToolTip>

namespace infersight {

namespace {

Status writeFile(const QString &path, const QByteArray &bytes) {
    OutputFile file(path);
    if (!file.open()) {
        return Error{ChartView::tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString())};
    }
    if (file.device()->write(bytes) != bytes.size() || !file.commit()) {
        return Error{ChartView::tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString())};
    }
    return Status::success();
}

}  // namespace

ChartView::ChartView(std::unique_ptr<ChartBase> chart, QWidget *parent)
    : QChartView(chart->chart(), parent), m_chart(std::move(chart)), m_menu(new QMenu(this)) {
    setRenderHint(QPainter::Antialiasing);
    setMouseTracking(true);
    setContextMenuPolicy(Qt::DefaultContextMenu);
    setMinimumSize(320, 240);
    setObjectName(chartKindFileStem(m_chart->kind()));

    QAction *png = m_menu->addAction(tr("Export as &PNG…"));
    connect(png, &QAction::triggered, this, [this] { exportWithDialog(tr("PNG images (*.png)"), QStringLiteral("png")); });
    QAction *svg = m_menu->addAction(tr("Export as &SVG…"));
    connect(svg, &QAction::triggered, this, [this] { exportWithDialog(tr("SVG drawings (*.svg)"), QStringLiteral("svg")); });
    QAction *csv = m_menu->addAction(tr("Export data as &CSV…"));
    connect(csv, &QAction::triggered, this, [this] { exportWithDialog(tr("CSV files (*.csv)"), QStringLiteral("csv")); });
    m_menu->addSeparator();
    QAction *copy = m_menu->addAction(tr("&Copy data"));
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this, &ChartView::copyCsv);
    addAction(copy);
    png->setObjectName(QStringLiteral("exportPng"));
    svg->setObjectName(QStringLiteral("exportSvg"));
    csv->setObjectName(QStringLiteral("exportCsv"));
    copy->setObjectName(QStringLiteral("copyCsv"));
}

ChartView::~ChartView() {
    // m_chart (declared after QChartView's scene) goes first; the scene then deletes the QChart.
    m_chart.reset();
}

QSize ChartView::exportSize(QSize size) const {
    if (size.isEmpty()) {
        size = this->size();
    }
    return size.isEmpty() ? QSize(900, 520) : size;
}

QImage ChartView::toImage(QSize size, qreal scale) const {
    size = exportSize(size);
    QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    if (size == this->size()) {
        const_cast<ChartView *>(this)->render(&painter);
    } else {
        renderChart(*m_chart, painter, QRectF(QPointF(0, 0), size));
    }
    return image;
}

Status ChartView::exportPng(const QString &path, QSize size) const {
    const QImage image = toImage(size, 2.0);
    OutputFile file(path);
    if (!file.open()) {
        return Error{tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString())};
    }
    if (!image.save(file.device(), "PNG") || !file.commit()) {
        return Error{tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString())};
    }
    return Status::success();
}

Status ChartView::exportSvg(const QString &path, QSize size) const {
    size = exportSize(size);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(m_chart->chart()->title());
    generator.setDescription(tr("Infersight chart"));
    {
        QPainter painter(&generator);
        if (size == this->size()) {
            const_cast<ChartView *>(this)->render(&painter);
        } else {
            renderChart(*m_chart, painter, QRectF(QPointF(0, 0), size));
        }
    }
    return writeFile(path, buffer.data());
}

Status ChartView::exportCsv(const QString &path) const {
    return writeFile(path, m_chart->csv().toUtf8());
}

void ChartView::setResults(const std::shared_ptr<const SessionResults> &results) {
    m_chart->setData(chartDataFrom(results));
}

void ChartView::setData(std::shared_ptr<const ChartData> data) {
    m_chart->setData(std::move(data));
}

void ChartView::setSelectedTarget(int index) {
    m_chart->setSelectedTarget(index);
}

void ChartView::copyCsv() const {
    QApplication::clipboard()->setText(m_chart->csv());
}

void ChartView::exportWithDialog(const QString &filter, const QString &suffix) {
    QSettings settings;
    const QString dirKey = QStringLiteral("charts/exportDir");
    QString dir = settings.value(dirKey).toString();
    if (dir.isEmpty() || !QDir(dir).exists()) {
        dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    }
    const QString proposed = QDir(dir).filePath(chartKindFileStem(m_chart->kind()) + QLatin1Char('.') + suffix);
    QString path = QFileDialog::getSaveFileName(this, tr("Export chart"), proposed, filter);
    if (path.isEmpty()) {
        return;
    }
    if (QFileInfo(path).suffix().isEmpty()) {
        path += QLatin1Char('.') + suffix;
    }
    settings.setValue(dirKey, QFileInfo(path).absolutePath());
    Status status;
    if (suffix == QLatin1String("png")) {
        status = exportPng(path);
    } else if (suffix == QLatin1String("svg")) {
        status = exportSvg(path);
    } else {
        status = exportCsv(path);
    }
    if (!status) {
        QMessageBox::warning(this, tr("Export failed"), status.errorMessage());
    }
}

void ChartView::contextMenuEvent(QContextMenuEvent *event) {
    QToolTip::hideText();
    QMenu menu(this);
    m_chart->addContextActions(&menu);
    if (!menu.isEmpty()) {
        menu.addSeparator();
    }
    menu.addActions(m_menu->actions());
    menu.exec(event->globalPos());
    event->accept();
}

void ChartView::mouseMoveEvent(QMouseEvent *event) {
    QChartView::mouseMoveEvent(event);
    const QPointF scenePos = mapToScene(event->position().toPoint());
    const QPointF chartPos = m_chart->chart()->mapFromScene(scenePos);
    const QString text = m_chart->toolTipAt(chartPos);
    if (text.isEmpty()) {
        if (!m_lastToolTip.isEmpty()) {
            QToolTip::hideText();
            m_lastToolTip.clear();
        }
        return;
    }
    if (text != m_lastToolTip || !QToolTip::isVisible()) {
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
        m_lastToolTip = text;
    }
}

void ChartView::leaveEvent(QEvent *event) {
    QToolTip::hideText();
    m_lastToolTip.clear();
    QChartView::leaveEvent(event);
}

}  // namespace infersight
