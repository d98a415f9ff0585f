#pragma once
/// @file figureoptionsdialog.h
/// @brief The figure options asked after the file name: a size preset (one column, two columns,
/// 16:9 slide, poster) or a custom size in inches, the font size in points, the resolution
/// (PNG only) and a transparent background. The last choice is remembered (QSettings).

#include <QDialog>
#include <figure/figureexporter.h>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace pecards::gui {

class FigureOptionsDialog : public QDialog {
    Q_OBJECT
public:
    /// @param raster true for PNG (the resolution applies), false for SVG / PDF
    explicit FigureOptionsDialog(bool raster, QWidget* parent = nullptr);

    /// @brief The options as chosen: size, dpi, styleForFontSize(font), background.
    pecards::app::FigureExportOptions options() const;

    /// @brief Shows the dialog; the options when accepted (and remembers them), else none.
    static std::optional<pecards::app::FigureExportOptions> ask(bool raster, QWidget* parent);

    /// @brief The options chosen last time (defaults: 6 x 4.5 in, 9 pt, 300 dpi, white).
    static pecards::app::FigureExportOptions remembered();

private:
    void applyPreset(int index);
    void remember() const;

    QComboBox* m_preset = nullptr;
    QDoubleSpinBox* m_width = nullptr;
    QDoubleSpinBox* m_height = nullptr;
    QDoubleSpinBox* m_font = nullptr;
    QSpinBox* m_dpi = nullptr;
    QCheckBox* m_transparent = nullptr;
    QCheckBox* m_title = nullptr;
    QCheckBox* m_caption = nullptr;
};

} // namespace pecards::gui
