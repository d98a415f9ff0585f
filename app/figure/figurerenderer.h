#pragma once
/// @file figurerenderer.h
/// @brief Paints a `FigureSpec` with QPainter onto any paint device (QImage, QSvgGenerator,
/// QPdfWriter, a widget): title, heatmap with framed axes and tick labels, colour bar with
/// ticks, a "masked" legend when needed, and the caption.
///
/// Sizes are given in typographic points (1/72 in) and converted with the device's scale
/// (device pixels per point = dpi / 72) to whole-pixel font sizes, so the same spec, size and
/// dpi always give the same drawing. Text uses one font family set by name.

#include "figure/figurespec.h"

#include <QPainter>
#include <QRectF>
#include <QStringList>
#include <vector>

namespace pecards::app {

/// @brief Sizes (points) and font of a figure.
struct FigureStyle {
    QString fontFamily = QStringLiteral("DejaVu Sans"); ///< installed by scripts/bootstrap
    double titlePt = 11.0; ///< title font size
    double labelPt = 9.0; ///< axis and colour-bar label font size
    double tickPt = 8.0; ///< tick-label font size
    double captionPt = 6.5; ///< caption font size
    double marginPt = 8.0; ///< blank border around everything
    double tickLengthPt = 3.5; ///< outward tick marks
    double lineWidthPt = 0.6; ///< frames and tick marks
    double colorBarWidthPt = 10.0; ///< width of the colour bar
    double colorBarGapPt = 10.0; ///< space between the plot and the colour bar
    /// No background fill (PNG with alpha, SVG/PDF without a white rectangle): for slides
    /// with their own background.
    bool transparentBackground = false;
    /// The title line and the caption (the author's A-C4: a paper's figure has its title and
    /// caption in the document); without them the plot takes their room.
    bool showTitle = true;
    bool showCaption = true;
    bool operator==(const FigureStyle&) const = default;
};

/// @brief Where a heatmap figure's colour bar, its ticks and its title go (device units).
struct ColorBarLayout {
    QRectF bar;
    std::vector<double> ticks; ///< the values marked
    QStringList title; ///< the title's lines (rotated, read upwards), none longer than the bar
    QRectF titleArea; ///< what the rotated lines cover
};

/// @brief Paints figures; stateless apart from its style.
class FigureRenderer {
public:
    explicit FigureRenderer(FigureStyle style = {});

    /// @brief Paints `spec` filling `target` (device units), white background included
    /// unless the style's transparentBackground is set.
    /// @param pixelsPerPoint device units per typographic point (dpi / 72); > 0
    /// An invalid spec (figureSpecError) paints its error message instead of a figure.
    /// The painter's state is restored on return. Render hints: antialiased lines and text;
    /// the heatmap is always scaled nearest-neighbour (no smoothing).
    void paint(QPainter& painter, const QRectF& target, const FigureSpec& spec, double pixelsPerPoint) const;

    /// @brief Where paint() puts the heatmap (device units, whole pixels) for `spec` in
    /// `target` on `device` (whose fonts measure the text): the size a print-resolution grid
    /// must have (printfigure.h). Only the labels, spans and caption of `spec` matter.
    QRectF plotArea(
        QPaintDevice* device, const QRectF& target, const FigureSpec& spec, double pixelsPerPoint) const;

    /// @brief Where paint() puts the colour bar, its ticks and its title for `spec` in `target`.
    ColorBarLayout colorBarLayout(
        QPaintDevice* device, const QRectF& target, const FigureSpec& spec, double pixelsPerPoint) const;

    const FigureStyle& style() const { return m_style; }

private:
    FigureStyle m_style;
};

} // namespace pecards::app
