#pragma once
/// @file griddata.h
/// @brief Data export of the numbers behind a view (.npy or .csv, by the path's suffix),
/// through the writers of app/common.

#include "pecards/view.h"

#include <QString>

namespace pecards::app {

/// @brief Writes the grid's values (rows x cols, row-major, masked cells as -inf) as a
/// float64 `.npy` array of shape (rows, cols) or as CSV (one line per row, `%.17g`), chosen by
/// the suffix (".npy", ".csv", any case). Atomic (QSaveFile).
/// @throws FileError naming the path for an unknown suffix or a failed write.
void saveGridData(const QString& path, const Grid& grid);

} // namespace pecards::app
