#pragma once
/// @file windowmode.h
/// @brief How a top-level window is shown (full screen, maximised or normal), kept by the modes
/// that change it (presentation, a lesson) to show the window so again when they end.

class QWidget;

namespace pecards::gui {

class WindowMode {
public:
    /// @brief The mode `window` is shown in now.
    static WindowMode of(const QWidget& window);
    /// @brief Shows `window` in this mode again (showFullScreen, showMaximized or showNormal).
    void restore(QWidget& window) const;

private:
    bool m_fullScreen = false;
    bool m_maximized = false;
};

} // namespace pecards::gui
