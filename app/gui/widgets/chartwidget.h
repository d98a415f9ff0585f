#pragma once
/// @file chartwidget.h
/// @brief Qt Charts view that draws a pecards::app::CurveSet (cartesian or polar, linear or log axes).
/// Holds no maths: the curves come computed from the worker; a message replaces them on error.

#include "figure/curves.h"

#include <QChartView>
#include <QColor>
#include <QList>

class QAbstractAxis;

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
    double lineScale() const { return m_lineScale; }

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

    /// @brief Colours of `count` series: ten distinct hues (tab10) up to ten, else a viridis
    /// ramp in series order (e.g. ALiBi heads 1..16).
    static QList<QColor> seriesColors(int count);
    /// @brief Where Qt's polar chart (0 at 12 o'clock, clockwise) draws the maths angle
    /// `degrees` (0 on the x axis, counter-clockwise): 90 - degrees, in [0, 360).
    static double polarChartAngle(double degrees);

    static constexpr int kMaxLegendEntries = 12; ///< more series than this: a colour ramp

protected:
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    /// @brief Follows the widget's font (presentation mode) and palette (dark theme).
    void changeEvent(QEvent* event) override;
    /// @brief The focus ring drawn by drawForeground follows the keyboard focus.
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    void rebuildChart(bool polar);
    /// Fonts from the widget's font, colours from its palette (background, text, grid).
    void applyStyle();
    /// An axis whose labels all fit (counted from the measured label size and the view size);
    /// linear axes are labelled like the heatmaps ("1M"), log axes in one format.
    QAbstractAxis* makeAxis(bool log, bool horizontal, const QString& title, double low, double high) const;
    /// Shaded x ranges and vertical markers spanning the y axis, behind the curves.
    QList<LegendEntry> addRegions(
        const std::vector<pecards::app::ChartRegion>& regions, QAbstractAxis* xAxis, QAbstractAxis* yAxis);

    pecards::app::CurveSet m_curves;
    QList<LegendEntry> m_legend;
    QString m_message;
    bool m_polar = false;
    double m_lineScale = 1.0;
};

} // namespace pecards::gui
