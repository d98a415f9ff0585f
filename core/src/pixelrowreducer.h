#pragma once
/// @file pixelrowreducer.h
/// @brief Exact Mean/Max/Min of one output row of pixels, fed entry by entry (tables, content).

#include "pecards/view.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace pecards::detail {

class PixelRowReducer {
public:
    explicit PixelRowReducer(int pixels)
        : m_sum(pixels)
        , m_count(pixels)
        , m_max(pixels)
        , m_min(pixels) {
        reset();
    }

    /// Starts a new output row.
    void reset() {
        std::fill(m_sum.begin(), m_sum.end(), 0.0L);
        std::fill(m_count.begin(), m_count.end(), 0);
        std::fill(m_max.begin(), m_max.end(), -std::numeric_limits<double>::infinity());
        std::fill(m_min.begin(), m_min.end(), std::numeric_limits<double>::infinity());
    }

    /// Adds one unmasked entry of pixel `pixel`.
    void add(int pixel, double value) {
        m_sum[pixel] += value;
        ++m_count[pixel];
        m_max[pixel] = std::max(m_max[pixel], value);
        m_min[pixel] = std::min(m_min[pixel], value);
    }

    /// The pixel's Mean, Max or Min; `empty` when no entry was added (fully masked block).
    double result(int pixel, Reduction reduction, double empty) const {
        if (m_count[pixel] == 0) {
            return empty;
        }
        switch (reduction) {
        case Reduction::Max:
            return m_max[pixel];
        case Reduction::Min:
            return m_min[pixel];
        default:
            return static_cast<double>(m_sum[pixel] / static_cast<long double>(m_count[pixel]));
        }
    }

private:
    std::vector<long double> m_sum;
    std::vector<std::int64_t> m_count;
    std::vector<double> m_max;
    std::vector<double> m_min;
};

} // namespace pecards::detail
