#pragma once
/// @file figurebytes.h
/// @brief The PNG bytes a figure exporter writes for a figure, for byte comparisons of the app's
/// saved figures with the shared implementation's (compare and Pitfalls exports).

#include <QByteArray>
#include <QString>
#include <figure/figureexporter.h>
#include <gtest/gtest.h>

namespace guitest {

/// @brief FigureExporter(options).pngData(figure); a test failure names the exporter's error.
inline QByteArray pngOf(
    const pecards::app::FigureSpec& figure, const pecards::app::FigureExportOptions& options) {
    QString error;
    const QByteArray png = pecards::app::FigureExporter(options).pngData(figure, &error);
    EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    return png;
}

} // namespace guitest
