#pragma once
/// @file csvfile.h
/// @brief Comma-separated grids with full double precision.

#include <QString>
#include <cstdint>
#include <vector>

namespace pecards::app {

/// @brief Writes a rows x cols grid (row-major `values`) as CSV: one line per grid row, values
/// separated by ',' in `%.17g` (round-trips every double; infinities as "inf"/"-inf"), no header.
/// A vector is written with cols = 1 (one value per line). Atomic as writeNpy (QSaveFile).
/// @throws FileError if rows*cols != values.size() or the file cannot be written.
void writeCsv(const QString& path, std::int64_t rows, std::int64_t cols, const std::vector<double>& values);

} // namespace pecards::app
