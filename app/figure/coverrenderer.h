#pragma once
/// @file coverrenderer.h
/// @brief Paints a CoverSpec: the title large, the model, the parameters in columns of
/// "name=value" lines, and the numbered list of the figures that follow. Same fonts and sizes
/// (points) as the figures (FigureStyle), so a handout reads as one document.

#include "figure/coverspec.h"
#include "figure/figurerenderer.h"

#include <QPainter>
#include <QRectF>

namespace pecards::app {

/// @brief Paints cover pages; stateless apart from its style.
class CoverRenderer {
public:
    explicit CoverRenderer(FigureStyle style = {});

    /// @brief Paints `spec` filling `target` (device units); background as FigureRenderer.
    /// An invalid spec paints its error message. Text that does not fit is cut at the bottom
    /// edge, never drawn outside `target`.
    void paint(QPainter& painter, const QRectF& target, const CoverSpec& spec, double pixelsPerPoint) const;

private:
    FigureStyle m_style;
};

} // namespace pecards::app
