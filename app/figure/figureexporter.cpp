#include "figure/figureexporter.h"

#include "common/fileerror.h"
#include "common/outputfile.h"
#include "common/version.h"
#include "figure/figurepresets.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImageWriter>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>

namespace pecards::app {

namespace {

constexpr double kMetresPerInch = 0.0254;

/// The PNG writer's quality: zlib level 1, the fastest that still compresses.
constexpr int kPngQuality = 85;

void setError(QString* error, const QString& message) {
    if (error != nullptr) {
        *error = message;
    }
}

/// Viewers must not smooth the embedded heatmap. QSvgGenerator already writes the SVG 1.1
/// hint image-rendering="optimizeSpeed"; the CSS value "pixelated" asks browsers explicitly
/// for nearest-neighbour scaling.
QByteArray markImagesPixelated(QByteArray svg) {
    return svg.replace(
        QByteArrayLiteral("<image "), QByteArrayLiteral("<image style=\"image-rendering:pixelated\" "));
}

/// "PE Cards 0.1.0": the program that wrote a figure (PNG Software text, SVG metadata, PDF creator).
QString softwareName() {
    return QStringLiteral("PE Cards ") + QLatin1String(kVersion);
}

/// QSvgGenerator has no creator field: the version goes into an SVG <metadata> element after
/// the description.
QByteArray addSoftwareMetadata(QByteArray svg) {
    return svg.replace(QByteArrayLiteral("</desc>"),
        QByteArrayLiteral("</desc>\n<metadata>") + softwareName().toUtf8()
            + QByteArrayLiteral("</metadata>"));
}

/// QPainter lays a line of text out in runs of one script each ("wavelength 2", "π/θ_",
/// "i (positions)"), and QSvgGenerator writes one <text> per run. Runs of one drawText call
/// follow each other on the same baseline with the same attributes: they are joined again,
/// so every label is one <text> element that reads, searches and edits as a whole. (The
/// renderers never draw two separate texts on one baseline back to back: ticks, swatches or
/// state changes come between them.)
QByteArray joinTextRuns(const QByteArray& svg) {
    static const QRegularExpression split(QStringLiteral(
        R"re((<text ([^>]*?) x="[^"]*" y="([^"]*)"([^>]*)>)([^<]*)</text>\s*<text \2 x="[^"]*" y="\3"\4>([^<]*)</text>)re"));
    QString text = QString::fromUtf8(svg);
    for (qsizetype joined = 1; joined > 0;) {
        const qsizetype before = text.size();
        text.replace(split, QStringLiteral("\\1\\5\\6</text>"));
        joined = before - text.size();
    }
    return text.toUtf8();
}

bool writeAtomically(const QString& path, const QByteArray& bytes, QString* error) {
    try {
        writeOutputFile(path, bytes); // the previous file is kept on any failure
    } catch (const FileError& e) {
        setError(error, QStringLiteral("Cannot export figure to %1").arg(QString::fromStdString(e.what())));
        return false;
    }
    return true;
}

} // namespace

std::optional<FigureFormat> figureFormatForPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == u"png") {
        return FigureFormat::Png;
    }
    if (suffix == u"svg") {
        return FigureFormat::Svg;
    }
    if (suffix == u"pdf") {
        return FigureFormat::Pdf;
    }
    return std::nullopt;
}

FigureExporter::FigureExporter(FigureExportOptions options)
    : m_options(std::move(options)) {
}

QString FigureExporter::validationError() const {
    const QSizeF size = m_options.sizeInches;
    for (const auto& [name, value] :
        {std::pair {"width", size.width()}, std::pair {"height", size.height()}}) {
        if (!(value >= kMinFigureInches && value <= kMaxFigureInches)) {
            return QStringLiteral("%1 = %2 in is invalid: allowed: [%3, %4] inches")
                .arg(QLatin1String(name))
                .arg(value)
                .arg(kMinFigureInches)
                .arg(kMaxFigureInches);
        }
    }
    if (!(m_options.style.labelPt >= kMinFontPt && m_options.style.labelPt <= kMaxFontPt)) {
        return QStringLiteral("font size = %1 pt is invalid: allowed: [%2, %3] points")
            .arg(m_options.style.labelPt)
            .arg(kMinFontPt)
            .arg(kMaxFontPt);
    }
    if (m_options.dpi < kMinDpi || m_options.dpi > kMaxDpi) {
        return QStringLiteral("dpi = %1 is invalid: allowed: [%2, %3]")
            .arg(m_options.dpi)
            .arg(kMinDpi)
            .arg(kMaxDpi);
    }
    const QSize pixels = pixelSize();
    if (pixels.width() > kMaxFigurePixels || pixels.height() > kMaxFigurePixels) {
        return QStringLiteral("%1×%2 in at %3 dpi = %4×%5 px is invalid: allowed: at most %6 px per side")
            .arg(size.width())
            .arg(size.height())
            .arg(m_options.dpi)
            .arg(pixels.width())
            .arg(pixels.height())
            .arg(kMaxFigurePixels);
    }
    return {};
}

QSize FigureExporter::pixelSize() const {
    return {static_cast<int>(std::lround(m_options.sizeInches.width() * m_options.dpi)),
        static_cast<int>(std::lround(m_options.sizeInches.height() * m_options.dpi))};
}

void FigureExporter::paintPage(QPainter& painter, const Figure& figure) const {
    paintFigure(
        painter, QRectF(QPointF(0, 0), QSizeF(pixelSize())), figure, m_options.style, m_options.dpi / 72.0);
}

QSize FigureExporter::heatmapPixels(const FigureSpec& spec) const {
    QImage probe(1, 1, QImage::Format_RGB32); // a device with the export's resolution, for font metrics
    const int dotsPerMetre = static_cast<int>(std::lround(m_options.dpi / kMetresPerInch));
    probe.setDotsPerMeterX(dotsPerMetre);
    probe.setDotsPerMeterY(dotsPerMetre);
    return FigureRenderer(m_options.style)
        .plotArea(&probe, QRectF(QPointF(0, 0), QSizeF(pixelSize())), spec, m_options.dpi / 72.0)
        .size()
        .toSize();
}

QString FigureExporter::pageError(const Figure& figure) const {
    if (QString problem = validationError(); !problem.isEmpty()) {
        return problem;
    }
    if (QString problem = figureError(figure); !problem.isEmpty()) {
        return problem;
    }
    const auto* spec = std::get_if<FigureSpec>(&figure);
    if (spec == nullptr) {
        return {};
    }
    const double pixelsPerPoint = m_options.dpi / 72.0;
    const QSizeF plot = QSizeF(heatmapPixels(*spec)) / pixelsPerPoint;
    if (std::min(plot.width(), plot.height()) < kMinPlotPoints - 1.0 / pixelsPerPoint) {
        return QStringLiteral("%1×%2 in at %3 pt leaves a %4×%5 pt plot: allowed: at least %6 pt per side "
                              "(a larger size or a smaller font size)")
            .arg(m_options.sizeInches.width())
            .arg(m_options.sizeInches.height())
            .arg(m_options.style.labelPt)
            .arg(std::lround(plot.width()))
            .arg(std::lround(plot.height()))
            .arg(kMinPlotPoints);
    }
    return {};
}

QImage FigureExporter::renderImage(const Figure& figure) const {
    const bool transparent = m_options.style.transparentBackground;
    QImage image(pixelSize(), transparent ? QImage::Format_ARGB32_Premultiplied : QImage::Format_RGB32);
    const int dotsPerMetre = static_cast<int>(std::lround(m_options.dpi / kMetresPerInch));
    image.setDotsPerMeterX(dotsPerMetre);
    image.setDotsPerMeterY(dotsPerMetre);
    image.fill(transparent ? Qt::transparent : Qt::white);
    QPainter painter(&image);
    paintPage(painter, figure);
    painter.end();
    return image;
}

QByteArray FigureExporter::pngData(const Figure& figure, QString* error) const {
    if (QString problem = pageError(figure); !problem.isEmpty()) {
        setError(error, problem);
        return {};
    }
    return encodePng(renderImage(figure), figure, error);
}

QByteArray FigureExporter::encodePng(QImage image, const Figure& figure, QString* error) {
    image.setText(QStringLiteral("Title"), figureTitleOf(figure));
    image.setText(QStringLiteral("Description"), figureCaptionOf(figure));
    image.setText(QStringLiteral("Software"), softwareName());
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    // zlib level 1 (Qt maps quality q to level (100 - q) * 9 / 91): a 1800 x 1350 heatmap page
    // encodes in 50 ms instead of 84 ms at the default level 6, 12 % larger (354 KiB instead of
    // 317 KiB; pecards_bench_figure, encode_ms).
    writer.setQuality(kPngQuality);
    if (!writer.write(image)) {
        setError(error, QStringLiteral("PNG encoding failed: %1").arg(writer.errorString()));
        return {};
    }
    return bytes;
}

QByteArray FigureExporter::svgData(const Figure& figure, QString* error) const {
    if (QString problem = pageError(figure); !problem.isEmpty()) {
        setError(error, problem);
        return {};
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(pixelSize());
    generator.setViewBox(QRect(QPoint(0, 0), pixelSize()));
    generator.setResolution(m_options.dpi);
    generator.setTitle(figureTitleOf(figure));
    generator.setDescription(figureCaptionOf(figure));
    QPainter painter;
    if (!painter.begin(&generator)) {
        setError(error, QStringLiteral("SVG generation failed"));
        return {};
    }
    paintPage(painter, figure);
    painter.end();
    return addSoftwareMetadata(markImagesPixelated(joinTextRuns(bytes)));
}

QByteArray FigureExporter::pdfData(const QList<Figure>& figures, QString* error) const {
    QString problem = validationError();
    if (problem.isEmpty() && figures.isEmpty()) {
        problem = QStringLiteral("no figures to write");
    }
    for (qsizetype i = 0; problem.isEmpty() && i < figures.size(); ++i) {
        if (const QString e = pageError(figures[i]); !e.isEmpty()) {
            problem = QStringLiteral("figure %1 of %2: %3").arg(i + 1).arg(figures.size()).arg(e);
        }
    }
    if (!problem.isEmpty()) {
        setError(error, problem);
        return {};
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setPageLayout(
        QPageLayout(QPageSize(m_options.sizeInches, QPageSize::Inch, QString(), QPageSize::ExactMatch),
            QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    writer.setResolution(m_options.dpi);
    writer.setTitle(figureTitleOf(figures.front()));
    writer.setCreator(softwareName());
    QPainter painter;
    if (!painter.begin(&writer)) {
        setError(error, QStringLiteral("PDF generation failed"));
        return {};
    }
    for (qsizetype i = 0; i < figures.size(); ++i) {
        if (i > 0) {
            writer.newPage();
        }
        paintPage(painter, figures[i]);
    }
    painter.end();
    return bytes;
}

bool FigureExporter::save(const QString& path, const QList<Figure>& figures, QString* error) const {
    const std::optional<FigureFormat> format = figureFormatForPath(path);
    QString problem;
    QByteArray bytes;
    if (!format) {
        problem = QStringLiteral("unknown file type: use the suffix .png, .svg or .pdf");
    } else if (*format != FigureFormat::Pdf && figures.size() != 1) {
        problem = QStringLiteral("a PNG or SVG file holds exactly one figure, got %1: use .pdf for several")
                      .arg(figures.size());
    } else if (*format == FigureFormat::Png) {
        bytes = pngData(figures.front(), &problem);
    } else if (*format == FigureFormat::Svg) {
        bytes = svgData(figures.front(), &problem);
    } else {
        bytes = pdfData(figures, &problem);
    }
    if (!problem.isEmpty()) {
        setError(error, QStringLiteral("Cannot export figure to %1: %2").arg(path, problem));
        return false;
    }
    return writeAtomically(path, bytes, error);
}

} // namespace pecards::app
