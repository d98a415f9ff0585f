#pragma once
/// @file matrixfwd.h
/// @brief `pecards::Matrix`, Eigen's dense double matrix (`Eigen::MatrixXd`), declared without
/// including Eigen, so that headers which only hold a pointer to one (params.h) do not make every
/// includer parse Eigen. Code that reads or builds the matrix includes <Eigen/Core> itself.

namespace Eigen {
// Eigen 3's declaration (Eigen/src/Core/util/ForwardDeclarations.h), without its default arguments.
template <typename Scalar, int Rows, int Cols, int Options, int MaxRows, int MaxCols> class Matrix;
} // namespace Eigen

namespace pecards {

/// @brief Eigen::MatrixXd spelled out: double, dynamic rows and columns, column-major (Options 0).
using Matrix = Eigen::Matrix<double, -1, -1, 0, -1, -1>;

} // namespace pecards
