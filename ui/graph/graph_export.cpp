// SPDX-License-Identifier: MIT
#include "graph/graph_export.h"

#include "graph/graph_legend.h"
#include "graph/graph_scene.h"

#include "base/file_io.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>

namespace infersight {

Result<GraphImageFormat> graphImageFormatFor(const QString &path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("svg")) {
        return GraphImageFormat::Svg;
    }
    if (suffix == QLatin1String("png")) {
        return GraphImageFormat::Png;
    }
    return Error{QStringLiteral("%1: unknown image type '%2' (use .svg or .png)").arg(path, suffix)};
}

namespace {

constexpr double kMargin = 16;

void drawOverlay(QPainter &painter, const QRectF &device, const GraphLegend &legend, const GraphExportOptions &options) {
    if (!options.title.isEmpty()) {
        QFont font;
        font.setPixelSize(14);
        font.setBold(true);
        painter.setFont(font);
        painter.setPen(QColor(0x20, 0x20, 0x20));
        painter.drawText(QRectF(device.left() + kMargin, device.top() + 8, device.width() / 2, 22),
                         Qt::AlignLeft | Qt::AlignVCenter, options.title);
    }
    if (options.legend) {
        const QSizeF size = graphLegendSize(legend);
        paintGraphLegend(painter, QRectF(QPointF(device.right() - size.width() - 8, device.top() + 8), size), legend);
    }
}

}  // namespace

Status exportGraphImage(GraphScene &scene, const GraphLegend &legend, const QString &path,
                        const GraphExportOptions &options) {
    auto format = graphImageFormatFor(path);
    if (!format) {
        return format.error();
    }
    const QFileInfo info(path);
    if (!info.absoluteDir().exists()) {
        return Error{QStringLiteral("%1: the folder %2 does not exist").arg(path, info.absolutePath())};
    }
    QRectF region = options.region.isEmpty() ? scene.sceneRect() : options.region;
    if (region.isEmpty()) {
        return Error{QStringLiteral("%1: there is no graph to export").arg(path)};
    }
    // room for the legend and title above the graph
    const double header = (options.legend ? graphLegendSize(legend).height() : 0.0) + (options.title.isEmpty() ? 0 : 30) + 12;

    if (*format == GraphImageFormat::Svg) {
        OutputFile out(path);
        if (Status opened = out.open(); !opened) {
            return opened;
        }
        QIODevice &file = *out.device();
        const QSizeF size(std::max(region.width(), graphLegendSize(legend).width() + 2 * kMargin), region.height() + header);
        QSvgGenerator svg;
        svg.setOutputDevice(&file);
        svg.setSize(QSize(static_cast<int>(std::ceil(size.width())), static_cast<int>(std::ceil(size.height()))));
        svg.setViewBox(QRectF(QPointF(0, 0), size));
        svg.setResolution(72);  // 1 scene point = 1 SVG user unit
        svg.setTitle(options.title.isEmpty() ? QStringLiteral("Infersight graph") : options.title);
        svg.setDescription(QStringLiteral("Model graph drawn by Infersight (Graphviz dot layout)"));
        {
            QPainter painter(&svg);
            painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
            painter.fillRect(QRectF(QPointF(0, 0), size), Qt::white);
            scene.render(&painter, QRectF(0, header, region.width(), region.height()), region, Qt::KeepAspectRatio);
            drawOverlay(painter, QRectF(QPointF(0, 0), size), legend, options);
        }
        return out.commit();
    }

    // PNG: as sharp as allowed, within the side cap
    double scale = options.pngScale;
    const QSizeF logical(std::max(region.width(), graphLegendSize(legend).width() + 2 * kMargin), region.height() + header);
    scale = std::min({scale, kMaxPngSide / logical.width(), kMaxPngSide / logical.height()});
    const QSize pixels(std::max(1, static_cast<int>(std::ceil(logical.width() * scale))),
                       std::max(1, static_cast<int>(std::ceil(logical.height() * scale))));
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) {
        return Error{QStringLiteral("%1: not enough memory for a %2 x %3 image").arg(path).arg(pixels.width()).arg(pixels.height())};
    }
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
        painter.scale(scale, scale);
        scene.render(&painter, QRectF(0, header, region.width(), region.height()), region, Qt::KeepAspectRatio);
        // legend at its natural size regardless of the scale-down of a huge graph
        painter.resetTransform();
        painter.scale(std::max(scale, 1.0), std::max(scale, 1.0));
        drawOverlay(painter, QRectF(0, 0, pixels.width() / std::max(scale, 1.0), pixels.height() / std::max(scale, 1.0)),
                    legend, options);
    }
    OutputFile out(path);
    if (Status opened = out.open(); !opened) {
        return opened;
    }
    QImageWriter writer(out.device(), "png");
    if (!writer.write(image)) {
        out.cancel();
        return Error{QStringLiteral("%1: cannot write the PNG (%2)").arg(path, writer.errorString())};
    }
    return out.commit();
}

}  // namespace infersight
