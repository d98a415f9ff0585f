#pragma once
/// @file figurepresets.h
/// @brief Figure sizes and font sizes for common targets (a journal column, a full page
/// width, a 16:9 slide, a poster) and the figure style at a chosen font size.

#include "figure/figurerenderer.h"

#include <QList>
#include <QSizeF>
#include <QString>

namespace pecards::app {

/// @brief Smallest and largest font size (points) of axis labels.
inline constexpr double kMinFontPt = 4.0;
inline constexpr double kMaxFontPt = 48.0;

/// @brief A named target: physical size and axis-label font size.
struct FigurePreset {
    QString name; ///< "column", "two-column", "slide", "poster"
    QSizeF sizeInches; ///< width x height
    double fontPt = 9.0; ///< axis-label size; the others follow (styleForFontSize)
    bool operator==(const FigurePreset&) const = default;
};

/// @brief The presets: column 3.5 x 2.625 in at 8 pt (one journal column, 4:3), two-column
/// 7 x 4.2 in at 9 pt (a full text width), slide 10 x 5.625 in at 14 pt (16:9), poster
/// 16 x 12 in at 24 pt.
const QList<FigurePreset>& figurePresets();

/// @brief The preset called `name`, or nullptr.
const FigurePreset* findFigurePreset(const QString& name);

/// @brief "column, two-column, slide, poster" for help texts and messages.
QString figurePresetNames();

/// @brief The default style with every size (fonts, margin, ticks, lines, colour bar)
/// scaled by labelPt / 9, so axis labels are `labelPt` points and the proportions stay.
/// @param labelPt in [kMinFontPt, kMaxFontPt] (not checked here; FigureExporter's
/// validationError reports a style outside it)
FigureStyle styleForFontSize(double labelPt);

} // namespace pecards::app
