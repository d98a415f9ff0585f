#pragma once
/// @file chartspec.h
/// @brief Everything a publication figure of a chart (curves against an axis) shows, as a
/// plain value: the chart counterpart of FigureSpec (figurespec.h).
///
/// A `ChartSpec` is painted by `ChartRenderer` (chartrenderer.h) with QPainter onto any device,
/// so PNG, SVG and PDF carry the same drawing, the text as text and the curves as paths. Build
/// one from computed curves with makeChartSpec (chartbuilder.h), or fill it directly for a new
/// chart view:
///
/// @code
/// ChartSpec spec;
/// spec.title = QStringLiteral("RoPE — long-term decay");
/// spec.xAxis = {QStringLiteral("relative distance r (positions)"), AxisScale::Log};
/// spec.yAxis = {QStringLiteral("bound B(r)"), AxisScale::Linear};
/// spec.series.append({QStringLiteral("B(r)"), points}); // points: QPointF(x, y)
/// spec.caption = formatCaption(...); // every parameter value (caption.h)
/// @endcode

#include <QList>
#include <QPointF>
#include <QRgb>
#include <QString>
#include <vector>

namespace pecards::app {

/// @brief How values map to an axis.
enum class AxisScale {
    Linear,
    Log, ///< base 10; every value drawn on the axis must be > 0
};

/// @brief One axis of a chart: its label (with the unit, e.g. "distance r (positions)") and scale.
/// The range is the data's extent (linear y axes get 5 % head room).
struct ChartAxis {
    QString label;
    AxisScale scale = AxisScale::Linear;
    bool operator==(const ChartAxis&) const = default;
};

/// @brief How a series is drawn.
enum class SeriesStyle {
    Line, ///< a polyline through the points in order
    Points, ///< a dot at every point
};

/// @brief One series: its points, legend entry and look.
struct ChartSeries {
    QString name; ///< legend entry; an empty name is left out of the legend
    std::vector<QPointF> points; ///< (x, y); polar charts: (angle in degrees, radius in [0, 1])
    SeriesStyle style = SeriesStyle::Line;
    bool emphasised = false; ///< drawn thicker (the selected head, the current position)
    /// Colour: entry colorIndex mod 8 of the Okabe–Ito palette (chartPalette()), safe for
    /// colour-blind readers; series sharing an index share a colour (a curve and its trail).
    /// Lines of index 8 and up are dashed, 16 and up dotted, 24 and up dash-dotted.
    int colorIndex = 0;
    bool operator==(const ChartSeries&) const = default;
};

/// @brief A shaded x interval [x0, x1] drawn behind the series (the YaRN ramp, the Llama 3
/// smoothed band), or a dashed vertical marker when x0 == x1 (L0); its name is written at the
/// top of the plot.
struct ChartRegion {
    QString name;
    double x0 = 0.0; ///< in data units of the x axis
    double x1 = 0.0;
    bool operator==(const ChartRegion&) const = default;
};

/// @brief A complete chart figure: title, axes, series with a legend, and caption.
struct ChartSpec {
    QString title; ///< one line above the plot
    ChartAxis xAxis; ///< horizontal axis (polar: the angle, only its label is shown)
    ChartAxis yAxis; ///< vertical axis (polar: the radius)
    /// Polar chart: x is an angle in degrees (0° to the right, counter-clockwise), y a radius
    /// in [0, 1]; drawn in a unit circle with spokes every 45°.
    bool polar = false;
    QList<ChartSeries> series; ///< drawn in order; at least one with a point
    std::vector<ChartRegion> regions; ///< behind the series (cartesian charts only)
    /// Caption line(s) with every parameter value (caption.h); wrapped at " · " separators.
    QString caption;
    bool operator==(const ChartSpec&) const = default;
};

/// @brief The colour-blind-safe series colours (Okabe & Ito, "Color Universal Design", 2008),
/// black first: 8 opaque colours.
const QList<QRgb>& chartPalette();

/// @brief Empty when the chart can be drawn, else what is wrong, e.g. "series 2 (\"h1\") has a
/// non-finite point (nan, 3)": no series or no point at all, a non-finite coordinate, a value
/// <= 0 on a log axis, a polar radius outside [0, 1], a region with a non-finite or (log x)
/// non-positive bound.
QString chartSpecError(const ChartSpec& spec);

} // namespace pecards::app
