#pragma once
/// @file outputarray.h
/// @brief The array a pecards-cli command produces: a vector or a row-major matrix of doubles.

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace pecards::cli {

/// @brief A 1-D ({n}) or 2-D ({rows, cols}) array, values row-major (C order).
struct OutputArray {
    std::vector<std::int64_t> shape;
    std::vector<double> values;

    /// @brief A vector of n entries, shape {n}.
    static OutputArray fromVector(const Eigen::VectorXd& v) {
        return {{v.size()}, std::vector<double>(v.data(), v.data() + v.size())};
    }
    /// @brief A matrix, shape {rows, cols}, copied row by row.
    static OutputArray fromMatrix(const Eigen::MatrixXd& m) {
        OutputArray array {{m.rows(), m.cols()}, {}};
        array.values.reserve(static_cast<std::size_t>(m.size()));
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            for (Eigen::Index c = 0; c < m.cols(); ++c) {
                array.values.push_back(m(r, c));
            }
        }
        return array;
    }
};

} // namespace pecards::cli
