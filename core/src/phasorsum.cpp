#include "phasorsum.h"

#include <algorithm>
#include <cmath>

namespace pecards::detail {

namespace {
constexpr std::int64_t kPhasorBlock = 256;
}

Eigen::VectorXd phasorSum(const Eigen::VectorXd& w, const Eigen::VectorXd& a, const Eigen::VectorXd& b,
    double offset, std::int64_t delta_first, std::int64_t count) {
    Eigen::VectorXd s = Eigen::VectorXd::Constant(count, offset);
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
                s[start + n] += a[i] * c + b[i] * sn;
                const double next_c = c * cs - sn * ss;
                sn = sn * cs + c * ss;
                c = next_c;
            }
        }
    }
    return s;
}

} // namespace pecards::detail
