#pragma once
/// @file segmenttree.h
/// @brief Range queries (max, min, log-sum-exp) over a profile f(delta) in O(log n) each,
/// 2n doubles of memory: the pooled-view answer to "max of a Toeplitz block" without L x L.

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace pecards::detail {

/// Maximum: identity -inf.
struct MaxCombine {
    static double identity() { return -std::numeric_limits<double>::infinity(); }
    static double combine(double a, double b) { return std::max(a, b); }
};

/// Minimum: identity +inf.
struct MinCombine {
    static double identity() { return std::numeric_limits<double>::infinity(); }
    static double combine(double a, double b) { return std::min(a, b); }
};

/// log(exp(a) + exp(b)) without overflow or underflow: max + log1p(exp(min - max)).
/// Each combine has relative error ~ 2 eps, so a range of n entries gets ~ 2 log2(n) eps.
struct LogSumExpCombine {
    static double identity() { return -std::numeric_limits<double>::infinity(); }
    static double combine(double a, double b) {
        const double high = std::max(a, b);
        if (high == -std::numeric_limits<double>::infinity()) {
            return high;
        }
        return high + std::log1p(std::exp(std::min(a, b) - high));
    }
};

/// @brief Iterative (bottom-up) segment tree over `values` for an associative, commutative
/// `Combine` (Cormen et al., "range queries"; the classic 2n-array layout).
template <typename Combine> class SegmentTree {
public:
    explicit SegmentTree(const Eigen::VectorXd& values)
        : m_size(values.size())
        , m_nodes(2 * static_cast<std::size_t>(values.size()), Combine::identity()) {
        for (std::int64_t k = 0; k < m_size; ++k) {
            m_nodes[m_size + k] = values[k];
        }
        for (std::int64_t k = m_size - 1; k > 0; --k) {
            m_nodes[k] = Combine::combine(m_nodes[2 * k], m_nodes[2 * k + 1]);
        }
    }

    /// Combination of values[first..last] (inclusive; first <= last, inside [0, n)).
    double query(std::int64_t first, std::int64_t last) const {
        double left = Combine::identity();
        double right = Combine::identity();
        for (std::int64_t lo = first + m_size, hi = last + m_size + 1; lo < hi; lo /= 2, hi /= 2) {
            if (lo & 1) {
                left = Combine::combine(left, m_nodes[lo++]);
            }
            if (hi & 1) {
                right = Combine::combine(m_nodes[--hi], right);
            }
        }
        return Combine::combine(left, right);
    }

private:
    std::int64_t m_size;
    std::vector<double> m_nodes;
};

} // namespace pecards::detail
