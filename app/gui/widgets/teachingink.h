#pragma once
/// @file teachingink.h
/// @brief The colour a teacher marks the picture with (the pen of presentation and lessons, the
/// circles a lesson step puts round entries): a saturated pink-red, seen on every colour map
/// (viridis, magma, the diverging maps) and on white charts, drawn over a dark edge.

#include <QColor>

namespace pecards::gui {

inline QColor teachingInk() {
    return QColor(255, 45, 120);
}

} // namespace pecards::gui
