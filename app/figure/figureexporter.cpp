#include "figure/figureexporter.h"

#include "common/version.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImageWriter>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <cmath>

namespace pecards::app {

namespace {

constexpr double kMinInches = 1.0;
constexpr double kMaxInches = 40.0;
constexpr int kMinDpi = 72;
constexpr int kMaxDpi = 2400;
constexpr int kMaxPixels = 16384; ///< per side
constexpr double kMetresPerInch = 0.0254;

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

bool writeAtomically(const QString& path, const QByteArray& bytes, QString* error) {
    // Unbuffered: a short write (disk full, file-size limit) is seen by write() itself; a
    // buffered QSaveFile can lose it in the final flush and commit a truncated file.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
        setError(error, QStringLiteral("Cannot export figure to %1: %2").arg(path, file.errorString()));
        return false;
    }
    if (file.write(bytes) != bytes.size() || !file.commit()) {
        setError(error, QStringLiteral("Cannot export figure to %1: %2").arg(path, file.errorString()));
        return false; // QSaveFile discards the temporary file; the old file is untouched
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
    : m_options(std::move(options))
    , m_renderer(m_options.style) {
}

QString FigureExporter::validationError() const {
    const QSizeF size = m_options.sizeInches;
    for (const auto& [name, value] :
        {std::pair {"width", size.width()}, std::pair {"height", size.height()}}) {
        if (!(value >= kMinInches && value <= kMaxInches)) {
            return QStringLiteral("%1 = %2 in is invalid: allowed: [%3, %4] inches")
                .arg(QLatin1String(name))
                .arg(value)
                .arg(kMinInches)
                .arg(kMaxInches);
        }
    }
    if (m_options.dpi < kMinDpi || m_options.dpi > kMaxDpi) {
        return QStringLiteral("dpi = %1 is invalid: allowed: [%2, %3]")
            .arg(m_options.dpi)
            .arg(kMinDpi)
            .arg(kMaxDpi);
    }
    const QSize pixels = pixelSize();
    if (pixels.width() > kMaxPixels || pixels.height() > kMaxPixels) {
        return QStringLiteral("%1×%2 in at %3 dpi = %4×%5 px is invalid: allowed: at most %6 px per side")
            .arg(size.width())
            .arg(size.height())
            .arg(m_options.dpi)
            .arg(pixels.width())
            .arg(pixels.height())
            .arg(kMaxPixels);
    }
    return {};
}

QSize FigureExporter::pixelSize() const {
    return {static_cast<int>(std::lround(m_options.sizeInches.width() * m_options.dpi)),
        static_cast<int>(std::lround(m_options.sizeInches.height() * m_options.dpi))};
}

void FigureExporter::paintPage(QPainter& painter, const FigureSpec& spec) const {
    m_renderer.paint(painter, QRectF(QPointF(0, 0), QSizeF(pixelSize())), spec, m_options.dpi / 72.0);
}

QImage FigureExporter::renderImage(const FigureSpec& spec) const {
    QImage image(pixelSize(), QImage::Format_RGB32);
    const int dotsPerMetre = static_cast<int>(std::lround(m_options.dpi / kMetresPerInch));
    image.setDotsPerMeterX(dotsPerMetre);
    image.setDotsPerMeterY(dotsPerMetre);
    image.fill(Qt::white);
    QPainter painter(&image);
    paintPage(painter, spec);
    painter.end();
    return image;
}

QByteArray FigureExporter::pngData(const FigureSpec& spec, QString* error) const {
    if (QString problem = validationError().isEmpty() ? figureSpecError(spec) : validationError();
        !problem.isEmpty()) {
        setError(error, problem);
        return {};
    }
    QImage image = renderImage(spec);
    image.setText(QStringLiteral("Title"), spec.title);
    image.setText(QStringLiteral("Description"), spec.caption);
    image.setText(QStringLiteral("Software"), softwareName());
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    if (!writer.write(image)) {
        setError(error, QStringLiteral("PNG encoding failed: %1").arg(writer.errorString()));
        return {};
    }
    return bytes;
}

QByteArray FigureExporter::svgData(const FigureSpec& spec, QString* error) const {
    if (QString problem = validationError().isEmpty() ? figureSpecError(spec) : validationError();
        !problem.isEmpty()) {
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
    generator.setTitle(spec.title);
    generator.setDescription(spec.caption);
    QPainter painter;
    if (!painter.begin(&generator)) {
        setError(error, QStringLiteral("SVG generation failed"));
        return {};
    }
    paintPage(painter, spec);
    painter.end();
    return addSoftwareMetadata(markImagesPixelated(bytes));
}

QByteArray FigureExporter::pdfData(const QList<FigureSpec>& figures, QString* error) const {
    QString problem = validationError();
    if (problem.isEmpty() && figures.isEmpty()) {
        problem = QStringLiteral("no figures to write");
    }
    for (qsizetype i = 0; problem.isEmpty() && i < figures.size(); ++i) {
        if (const QString e = figureSpecError(figures[i]); !e.isEmpty()) {
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
    writer.setTitle(figures.front().title);
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

bool FigureExporter::save(const QString& path, const QList<FigureSpec>& figures, QString* error) const {
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
