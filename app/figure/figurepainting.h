#pragma once
/// @file figurepainting.h
/// @brief Drawing helpers shared by the figure renderers (heatmaps: figurerenderer.h, charts:
/// chartrenderer.h, cover pages: coverrenderer.h): fonts at whole-pixel sizes, aligned and
/// rotated text, caption wrapping and how many ticks an axis has room for.

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QRgb>
#include <QStringList>
#include <utility>

namespace pecards::app {

inline constexpr QRgb kFigureTextColor = 0xff000000u; ///< titles, labels, frames
inline constexpr QRgb kFigureCaptionColor = 0xff333333u; ///< caption lines
inline constexpr double kFigureMinTickSpacingPt = 40.0; ///< 4-7 ticks on a figure-sized axis
/// Shortest side of an equal-aspect heatmap when its window is much wider than tall (or the
/// reverse), unless the page has less room: 1 inch.
inline constexpr double kFigureMinAspectSidePt = 72.0;

/// @brief The font `family` at `pt` points on a device with `scale` device units per point,
/// rounded to a whole pixel size (at least 1), kerned, unhinted (same advances at every scale).
QFont figureFont(const QString& family, double pt, double scale, bool bold = false);

/// @brief Greedy line breaking of a caption into lines at most `width` device units wide:
/// fields (split at captionSeparator()) are kept whole where they fit, a line broken between
/// fields ends in "·", and a field wider than a line breaks at spaces.
QStringList wrapCaption(const QString& caption, const QFontMetricsF& metrics, double width);

/// @brief Greedy line breaking of `text` at spaces into lines at most `width` device units wide
/// (a word wider than that keeps a line of its own); none for an empty text.
QStringList wrapWords(const QString& text, const QFontMetricsF& metrics, double width);

/// @brief The largest horizontal advance of `texts` (0 for none).
double widestText(const QFontMetricsF& metrics, const QStringList& texts);

/// @brief How many ticks fit along `length` (device units) when neighbours are at least
/// `minSpacing` apart and their labels (`labelExtent` along the axis) keep one em between,
/// and at least three wherever three such labels fit (a symmetric range's -a, 0, a: a colour
/// bar at column width showed a single "0" with two); in [2, 11].
int tickCapacity(double length, double labelExtent, double em, double minSpacing);

/// @brief Draws one line of text as a single text item (one SVG <text>), placed by `align`
/// relative to `anchor`: left/centre/right; top, vertical centre (of the ascent) or bottom.
void drawAlignedText(QPainter& painter, const QFontMetricsF& metrics, const QString& text, QPointF anchor,
    Qt::Alignment align);

/// @brief Text rotated 90° counter-clockwise (reads bottom to top), centred on `centre`.
void drawVerticalText(QPainter& painter, const QFontMetricsF& metrics, const QString& text, QPointF centre);

/// @brief Where a label meant to start at `x` goes inside [left, right] (device units): at `x`
/// when it fits there, moved left to end at `right` when not, elided to the width when even that
/// does not fit (the author's A-U1: the lab's region labels were cut at the plot's right edge).
/// Returns the label's left edge and the text drawn.
std::pair<double, QString> labelInside(
    const QFontMetricsF& metrics, const QString& text, double x, double left, double right);

} // namespace pecards::app
