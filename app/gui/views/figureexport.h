#pragma once
/// @file figureexport.h
/// @brief Saves a view as PNG (QWidget::grab) or SVG (painting into QSvgGenerator).

#include <QString>

class QWidget;

namespace pecards::gui {

/// @brief Writes `widget` to `path`; the format follows the suffix (.svg, else PNG).
/// @return an empty string on success, else why it failed.
QString saveFigure(QWidget* widget, const QString& path, const QString& title);

/// @brief Asks for a file name and saves; shows an error dialog on failure.
void exportFigure(QWidget* widget, QWidget* dialogParent, const QString& title);

} // namespace pecards::gui
