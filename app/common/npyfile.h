#pragma once
/// @file npyfile.h
/// @brief NumPy `.npy` files (format 1.0,
/// https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html): float64 output written
/// atomically, L x d float32/float64 input for content vectors.

#include <Eigen/Core>
#include <QByteArray>
#include <QString>
#include <cstdint>
#include <vector>

namespace pecards::app {

/// @brief Writes `values` (row-major, C order) as a `.npy` file of dtype `<f8` and the given
/// shape (one entry per axis; {n} for a vector, {rows, cols} for a grid). The header is padded
/// so the data starts at a multiple of 64 bytes. The file appears complete or not at all
/// (QSaveFile): an existing file is replaced only on success.
/// @throws FileError if the product of `shape` differs from values.size() or the file cannot be written.
void writeNpy(const QString& path, const std::vector<std::int64_t>& shape, const std::vector<double>& values);

/// @brief The bytes writeNpy writes (format version 1.0, `<f8`, C order), e.g. for standard output.
/// @throws FileError naming `what` if the product of `shape` differs from values.size().
QByteArray npyBytes(
    const std::vector<std::int64_t>& shape, const std::vector<double>& values, const QString& what = {});

/// @brief Reads a 2-D `.npy` array of shape (rows, cols), dtype little-endian float32 (`<f4`)
/// or float64 (`<f8`), C or Fortran order (format versions 1.0-3.0; a Fortran-order file, as
/// `np.save(K.T)` writes, is read whole and transposed). float32 values are widened exactly.
/// Only a regular file is read (openInputFile); its header is read first, its declared data size
/// (checked arithmetic, no overflow) must equal the file's payload, and only the first
/// `maxRows` rows are then read (read, not mapped: a file that shrinks meanwhile gives a FileError,
/// never SIGBUS): a request needing L positions reads L rows.
/// @param maxRows rows to read; -1 = all. Fewer rows than the file holds come back unchanged.
/// @return a min(rows, maxRows) x cols matrix (row r = the file's row r, e.g. position r).
/// @throws FileError naming the file and the problem: unreadable, not a regular file, not a .npy
///         file, header over 1 MiB, another dtype (big-endian, integers, ...), not 2-D, an empty extent, a
///         declared size that overflows or differs from the file's, or entries that are not finite or exceed
///         kMaxProbeEntry in magnitude.
Eigen::MatrixXd readNpyMatrix(const QString& path, std::int64_t maxRows = -1);

/// @brief Reads a table of numbers under check (pecards-cli check): as readNpyMatrix, but a 1-D
/// array (n,) comes back as n x 1, leading extents of 1 are dropped ((1, n, d) as HF's cos is
/// n x d), float16 `<f2` is read too (widened exactly), and entries need only be finite. With
/// `bfloat16Bits`, a uint16 `<u2` array is read as bfloat16 bit patterns (numpy has no bfloat16:
/// `t.view(torch.int16).numpy().view(np.uint16)`); without, it is refused naming that rule.
/// @throws FileError as readNpyMatrix
Eigen::MatrixXd readNpyTable(const QString& path, bool bfloat16Bits = false);

} // namespace pecards::app
