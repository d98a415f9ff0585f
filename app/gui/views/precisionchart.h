#pragma once
/// @file precisionchart.h
/// @brief The Pitfalls view's chart for the RoPE precision pitfalls: the phase error of pair 1
/// against position in every storage format (figure/curves.h CurveKind::PhaseError), with its
/// legend under it and a Save… button (figure PNG/SVG/PDF or the curves as CSV, as
/// `pecards-cli render --quantity phase-error` draws it). The review's T-B2 and A-B2: the chart
/// was a strip with a cut axis title, no legend, and could not be exported.

#include "views/viewfigure.h"

#include <QWidget>
#include <optional>

class QLabel;
class QPushButton;

namespace pecards::gui {

class ChartWidget;
class ComputeService;

class PrecisionChart : public QWidget {
    Q_OBJECT
public:
    PrecisionChart(ComputeService* service, QWidget* parent = nullptr);

    /// @brief Shows the curves computed for `request`.
    void setCurves(const pecards::app::CurveRequest& request, const pecards::app::CurveSet& curves);
    /// @brief Shows `message` (a failure) instead of the curves; Save… is off.
    void setMessage(const QString& message);

    ChartWidget* chart() const { return m_chart; }
    /// @brief What Save… saves: the chart shown, if any.
    const std::optional<ShownChart>& shown() const { return m_shown; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    ComputeService* m_service;
    QPushButton* m_save;
    ChartWidget* m_chart;
    QLabel* m_legend;
    std::optional<ShownChart> m_shown;
};

} // namespace pecards::gui
