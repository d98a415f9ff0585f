#pragma once
/// @file chartwidget.h
/// @brief Qt Charts view that draws a pecards::app::CurveSet (cartesian or polar, linear or log axes).
/// Holds no maths: the curves come computed from the worker; a message replaces them on error.

#include "figure/curves.h"

#include <QChartView>
#include <QColor>
#include <QList>
#include <optional>
#include <utility>
#include <vector>

class QAbstractAxis;
class QAbstractSeries;

namespace pecards::gui {

class ChartWidget : public QChartView {
    Q_OBJECT
public:
    explicit ChartWidget(QWidget* parent = nullptr);

    /// @brief Draws the curves (rebuilding the chart when the axes kind changes).
    void setCurves(const pecards::app::CurveSet& curves);
    const pecards::app::CurveSet& curves() const { return m_curves; }

    /// @brief Shows `message` over the last curves; empty removes it.
    void setMessage(const QString& message);
    const QString& message() const { return m_message; }

    /// @brief Line widths and marker sizes times `scale` (presentation mode: 2), redrawn now.
    void setLineScale(double scale);

    QSize sizeHint() const override { return {460, 420}; }

    /// @brief One legend entry: a series (trails that follow it excluded) and its colour.
    struct LegendEntry {
        QString name;
        QColor color;
    };
    const QList<LegendEntry>& legend() const { return m_legend; }
    /// @brief The legend as rich text that wraps (entries kept whole); above kMaxLegendEntries
    /// series, a colour ramp from the first series' name to the last one's.
    QString legendHtml() const;

    /// @brief Colours of `count` series: the figures' eight (chartPalette, Okabe-Ito) up to eight,
    /// Tableau 10 for nine or ten, else a viridis ramp in series order (e.g. ALiBi heads 1..16;
    /// figures dash them instead).
    static QList<QColor> seriesColors(int count);
    /// @brief Where Qt's polar chart (0 at 12 o'clock, clockwise) draws the maths angle
    /// `degrees` (0 on the x axis, counter-clockwise): 90 - degrees, in [0, 360).
    static double polarChartAngle(double degrees);

    static constexpr int kMaxLegendEntries = 12; ///< more series than this: a colour ramp
    static constexpr int kHoverPixels = 24; ///< a hovered point is at most this far from the pointer

    /// @brief The read-out of the curve point nearest to `position` (viewport pixels) within
    /// kHoverPixels: "<series>: x = …, y = …", the values as the curve holds them (10 significant
    /// digits; a polar chart's x is the angle in degrees). Empty when no point is that near (#32,
    /// the engineer's review C9: charts gave no value under the cursor). Shown as a tool tip.
    QString pointReadout(const QPoint& position) const;

protected:
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    /// @brief Follows the widget's font (presentation mode) and palette (dark theme).
    void changeEvent(QEvent* event) override;
    /// @brief The focus ring drawn by drawForeground follows the keyboard focus.
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    /// @brief The hovered point's read-out in a tool tip (pointReadout).
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    /// An axis as drawn: its range and its labels (what decides whether a new axis is needed).
    struct AxisLayout {
        bool log = false; ///< low, high and the label values are decades (log10 of the data)
        QString title;
        double low = 0.0;
        double high = 1.0;
        /// (label, value) on each step; log axes: values are decades (log10), labels 10^k
        std::vector<std::pair<QString, double>> labels;
        bool operator==(const AxisLayout&) const = default;
    };

    /// Draws `curves`; a new chart when `rebuild` or when the curves differ from the shown ones
    /// in more than their points (sameShape), else the shown chart's series take the new points.
    void drawCurves(const pecards::app::CurveSet& curves, bool rebuild);
    /// Same axes kinds and titles, same series (names and styles) and regions: only points differ.
    static bool sameShape(const pecards::app::CurveSet& a, const pecards::app::CurveSet& b);
    void rebuildChart(bool polar);
    void buildChart(const AxisLayout& xLayout, const AxisLayout& yLayout);
    /// New points in the shown series; new axes only when their layout changed.
    void updateChart(const AxisLayout& xLayout, const AxisLayout& yLayout);
    /// A data point as the chart takes it: polar, the angle turned to Qt's convention; on a log
    /// axis, log10 of the value (Qt's log axis labels only in printf formats, "1e+05"); none for
    /// a value a log axis has no place for (<= 0).
    std::optional<QPointF> chartPoint(const QPointF& point) const;
    /// The curve's points as the chart takes them (chartPoint), those without a place left out.
    QList<QPointF> chartPoints(const pecards::app::Curve& curve) const;
    /// Fonts from the widget's font, colours from its palette (background, text, grid).
    void applyStyle();
    /// The axis whose labels all fit (counted from the measured label size and the view size);
    /// linear axes are labelled like the heatmaps ("1M"), log axes in one format.
    AxisLayout axisLayout(bool log, bool horizontal, const QString& title, double low, double high) const;
    static QAbstractAxis* makeAxis(const AxisLayout& layout);
    /// New cartesian axes of these layouts, added to the chart (bottom, left).
    std::pair<QAbstractAxis*, QAbstractAxis*> addAxes(const AxisLayout& xLayout, const AxisLayout& yLayout);
    /// Shaded x ranges and vertical markers spanning the y axis `yLayout`, behind the curves.
    QList<LegendEntry> addRegions(const std::vector<pecards::app::ChartRegion>& regions, QAbstractAxis* xAxis,
        QAbstractAxis* yAxis, const AxisLayout& yLayout);
    /// The region's series from yLow to yHigh (a shaded x range, or a vertical marker), in chart
    /// units (decades on a log axis).
    void setRegionSpan(
        QAbstractSeries* series, const pecards::app::ChartRegion& region, double yLow, double yHigh);

    pecards::app::CurveSet m_curves;
    QList<LegendEntry> m_legend;
    QString m_message;
    AxisLayout m_xLayout;
    AxisLayout m_yLayout;
    double m_lineScale = 1.0;
};

} // namespace pecards::gui
