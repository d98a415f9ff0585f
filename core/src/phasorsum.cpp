#include "phasorsum.h"

#include <algorithm>
#include <cmath>

namespace pecards::detail {

namespace {
constexpr std::int64_t kPhasorBlock = 256;
}

Eigen::VectorXd phasorSum(const PhasorTerms& terms, std::int64_t delta_first, std::int64_t count) {
    const Eigen::VectorXd& w = terms.w;
    Eigen::VectorXd s = Eigen::VectorXd::Constant(count, terms.offset);
    const Eigen::ArrayXd step_cos = w.array().cos();
    const Eigen::ArrayXd step_sin = w.array().sin();
    for (std::int64_t start = 0; start < count; start += kPhasorBlock) {
        const std::int64_t len = std::min(kPhasorBlock, count - start);
        const auto first = static_cast<double>(delta_first + start);
        for (Eigen::Index i = 0; i < w.size(); ++i) {
            double c = std::cos(first * w[i]);
            double sn = std::sin(first * w[i]);
            const double cs = step_cos[i];
            const double ss = step_sin[i];
            for (std::int64_t n = 0; n < len; ++n) {
                s[start + n] += terms.a[i] * c + terms.b[i] * sn;
                const double next_c = c * cs - sn * ss;
                sn = sn * cs + c * ss;
                c = next_c;
            }
        }
    }
    return s;
}

Eigen::MatrixXd phasorGrid(
    const PhasorTerms& terms, const std::vector<std::int64_t>& x, const std::vector<std::int64_t>& y) {
    const Eigen::Index pairs = terms.w.size();
    const auto rows = static_cast<Eigen::Index>(x.size());
    const auto cols = static_cast<Eigen::Index>(y.size());
    Eigen::MatrixXd left(rows, 2 * pairs);
    for (Eigen::Index r = 0; r < rows; ++r) {
        for (Eigen::Index i = 0; i < pairs; ++i) {
            const double angle = static_cast<double>(x[static_cast<std::size_t>(r)]) * terms.w[i];
            const double c = std::cos(angle);
            const double s = std::sin(angle);
            left(r, i) = terms.a[i] * c + terms.b[i] * s;
            left(r, pairs + i) = terms.a[i] * s - terms.b[i] * c;
        }
    }
    Eigen::MatrixXd right(cols, 2 * pairs);
    for (Eigen::Index c = 0; c < cols; ++c) {
        for (Eigen::Index i = 0; i < pairs; ++i) {
            const double angle = static_cast<double>(y[static_cast<std::size_t>(c)]) * terms.w[i];
            right(c, i) = std::cos(angle);
            right(c, pairs + i) = std::sin(angle);
        }
    }
    Eigen::MatrixXd grid = Eigen::MatrixXd::Constant(rows, cols, terms.offset);
    grid.noalias() += left * right.transpose();
    return grid;
}

} // namespace pecards::detail
