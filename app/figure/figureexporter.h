#pragma once
/// @file figureexporter.h
/// @brief Writes figures (figure.h: heatmaps, charts, cover pages) as PNG (raster, chosen dpi),
/// SVG (vector text, axes, colour bar and chart curves; a heatmap embedded as a full-resolution
/// image) and PDF (vector, one page per figure).
///
/// Every write is atomic (QSaveFile): the file appears complete or not at all, and an existing
/// file is replaced only on success. Errors are returned as one message naming the path and
/// the reason; nothing throws.
///
/// PNG output is deterministic: the same spec and options give byte-identical files (no
/// timestamps; fonts by name at whole-pixel sizes), so the GUI and the CLI export the same
/// bytes. SVG output is deterministic too; PDF files carry a creation date.

#include "figure/figure.h"

#include <QByteArray>
#include <QList>
#include <QSizeF>
#include <optional>

namespace pecards::app {

/// The limits of exported figures: the exporter, the GUI's export dialog and pecards-cli's
/// --size and --dpi check against these (and only these) numbers.
inline constexpr double kMinFigureInches = 1.0; ///< smallest width or height, inches
inline constexpr double kMaxFigureInches = 40.0; ///< largest width or height, inches
inline constexpr int kMinDpi = 72; ///< smallest resolution, dots per inch
inline constexpr int kMaxDpi = 2400; ///< largest resolution, dots per inch
inline constexpr int kMaxFigurePixels = 16384; ///< largest raster width or height, pixels
/// Shortest side of a heatmap's plot that a page must leave after its title, labels, colour bar
/// and caption, in points (half an inch); a smaller page is refused (the size depends on the
/// font size and the caption, so it is checked per figure).
inline constexpr double kMinPlotPoints = 36.0;

/// @brief Physical size and resolution of exported figures.
struct FigureExportOptions {
    /// width x height in inches, each in [kMinFigureInches, kMaxFigureInches]
    QSizeF sizeInches {6.0, 4.5};
    /// dots per inch, [kMinDpi, kMaxDpi]; pixels = round(inches * dpi), at most kMaxFigurePixels per side
    int dpi = 300;
    FigureStyle style; ///< fonts and sizes (points)
    bool operator==(const FigureExportOptions&) const = default;
};

/// @brief File formats of figures.
enum class FigureFormat { Png, Svg, Pdf };

/// @brief The format named by the path's suffix (".png", ".svg", ".pdf", any case), or none.
std::optional<FigureFormat> figureFormatForPath(const QString& path);

/// @brief Renders and writes figures with fixed options.
class FigureExporter {
public:
    explicit FigureExporter(FigureExportOptions options = {});

    /// @brief Empty when the options are valid, else a message naming the value and the range,
    /// e.g. "dpi = 20 is invalid: allowed: [72, 2400]".
    QString validationError() const;

    /// @brief The size in device pixels: round(sizeInches * dpi).
    QSize pixelSize() const;

    /// @brief The heatmap area of `spec` in the exported image, in pixels (FigureRenderer::plotArea
    /// at pixelSize() and the dpi).
    QSize heatmapPixels(const FigureSpec& spec) const;

    /// @brief Empty when `figure` can be exported with these options, else why not: invalid
    /// options (validationError), an invalid figure (figureError), or a heatmap page whose plot
    /// is shorter than kMinPlotPoints on a side, e.g. "1×1 in at 9 pt leaves a 0×0 pt plot:
    /// allowed: at least 36 pt per side (a larger size or a smaller font size)".
    QString pageError(const Figure& figure) const;

    /// @brief The figure as an image of pixelSize() with the dpi recorded (dots per metre =
    /// round(dpi / 0.0254)): opaque RGB, or ARGB on a transparent background when the style
    /// asks for one. Options must be valid.
    QImage renderImage(const Figure& figure) const;

    /// @brief `image` (renderImage of `figure`) as PNG bytes, with the figure's title, caption and
    /// the program as text chunks ("Title", "Description", "Software"); empty with `error` set
    /// when the encoder fails.
    static QByteArray encodePng(QImage image, const Figure& figure, QString* error = nullptr);

    /// @brief PNG / SVG / PDF bytes of the figure(s); empty with `error` set on failure.
    /// The PNG carries the title and caption as text chunks ("Title", "Description").
    QByteArray pngData(const Figure& figure, QString* error = nullptr) const;
    QByteArray svgData(const Figure& figure, QString* error = nullptr) const;
    QByteArray pdfData(const QList<Figure>& figures, QString* error = nullptr) const;

    /// @brief Writes one figure (PNG, SVG) or one page per figure (PDF, a handout), the format
    /// chosen by the path's suffix. PNG and SVG take exactly one figure.
    /// @return true on success; false with `error` = "Cannot export figure to <path>: <reason>".
    bool save(const QString& path, const QList<Figure>& figures, QString* error = nullptr) const;

    const FigureExportOptions& options() const { return m_options; }

private:
    void paintPage(QPainter& painter, const Figure& figure) const;

    FigureExportOptions m_options;
};

} // namespace pecards::app
