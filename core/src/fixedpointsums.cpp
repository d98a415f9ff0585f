// Exact weighted range sums of a quantised profile (fixedpointsums.h).

#include "fixedpointsums.h"

#include <cmath>
#include <stdexcept>

namespace pecards::detail {

FixedPointSums::FixedPointSums(const Eigen::VectorXd& values)
    : m_sum(static_cast<std::size_t>(values.size()) + 1, 0)
    , m_moment(static_cast<std::size_t>(values.size()) + 1, 0) {
    if (!values.allFinite()) {
        throw std::invalid_argument("FixedPointSums: profile values must be finite");
    }
    const double largest = values.size() > 0 ? values.cwiseAbs().maxCoeff() : 0.0;
    m_exponent = largest > 0.0 ? std::ilogb(largest) - 52 : 0;
    for (std::int64_t t = 0; t < values.size(); ++t) {
        const auto quantised = static_cast<Int128>(std::llround(std::ldexp(values[t], -m_exponent)));
        m_sum[t + 1] = m_sum[t] + quantised;
        m_moment[t + 1] = m_moment[t] + quantised * t;
    }
}

long double FixedPointSums::weightedSum(
    std::int64_t first, std::int64_t last, std::int64_t alpha, std::int64_t beta) const {
    if (first > last) {
        return 0.0L;
    }
    const Int128 total = static_cast<Int128>(alpha) * (m_sum[last + 1] - m_sum[first])
        + static_cast<Int128>(beta) * (m_moment[last + 1] - m_moment[first]);
    return std::ldexp(static_cast<long double>(total), m_exponent);
}

} // namespace pecards::detail
