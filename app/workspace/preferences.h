#pragma once
/// @file preferences.h
/// @brief User preferences that persist between runs (QSettings): theme, colour map,
/// language and compute device.

#include <QSettings>
#include <QString>

namespace pecards::app {

/// @brief Light or dark application palette.
enum class Theme { Light, Dark };

/// @brief The settings name of a theme: "light" or "dark".
QString themeName(Theme theme);

/// @brief The preferences as a plain value.
struct Preferences {
    Theme theme = Theme::Light;
    QString colormap = QStringLiteral("viridis"); ///< default colour map of new views
    QString language = QStringLiteral("en"); ///< UI language: a locale name such as "en" or "zh_CN"
    QString device; ///< OpenCL device substring (backendfactory.h); empty = automatic
    bool operator==(const Preferences&) const = default;

    /// @brief Reads the "preferences/..." keys; a missing or unreadable value (an unknown
    /// theme, an empty colour map or language) keeps its default.
    static Preferences load(const QSettings& settings);

    /// @brief Writes the "preferences/..." keys (call settings.sync() to flush now).
    void save(QSettings& settings) const;
};

} // namespace pecards::app
