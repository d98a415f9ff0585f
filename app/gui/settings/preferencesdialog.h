#pragma once
/// @file preferencesdialog.h
/// @brief Edit > Preferences: theme (light/dark), colour map of sequential views, UI language
/// and OpenCL device. The caller saves and applies the result (MainWindow::setPreferences).

#include <QDialog>
#include <workspace/preferences.h>

class QComboBox;
class QLineEdit;

namespace pecards::gui {

class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    PreferencesDialog(const pecards::app::Preferences& current, QWidget* parent = nullptr);

    /// @brief The values chosen in the dialog.
    pecards::app::Preferences preferences() const;

private:
    QComboBox* m_theme;
    QComboBox* m_colormap;
    QComboBox* m_language;
    QLineEdit* m_device;
};

} // namespace pecards::gui
