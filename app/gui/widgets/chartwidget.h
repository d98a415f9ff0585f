#pragma once
/// @file chartwidget.h
/// @brief Qt Charts view that draws a CurveSet (cartesian or polar, linear or log axes).
/// Holds no maths: the curves come computed from the worker; a message replaces them on error.

#include "compute/curves.h"

#include <QChartView>

class QAbstractAxis;

class ChartWidget : public QChartView {
    Q_OBJECT
public:
    explicit ChartWidget(QWidget* parent = nullptr);

    /// @brief Draws the curves (rebuilding the chart when the axes kind changes).
    void setCurves(const CurveSet& curves);
    const CurveSet& curves() const { return m_curves; }

    /// @brief Shows `message` over the last curves; empty removes it.
    void setMessage(const QString& message);
    const QString& message() const { return m_message; }

    /// @brief Line widths and marker sizes times `scale` (presentation mode: 2), redrawn now.
    void setLineScale(double scale);
    double lineScale() const { return m_lineScale; }

    QSize sizeHint() const override { return {460, 420}; }

    static constexpr int kMaxLegendEntries = 12; ///< more series than this hide the legend

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

    CurveSet m_curves;
    QString m_message;
    bool m_polar = false;
    double m_lineScale = 1.0;
};
