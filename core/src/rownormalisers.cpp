// Exact positional attention log-normalisers, streamed (rownormalisers.h).

#include "pecards/rownormalisers.h"

#include "check.h"
#include "pecards/parambounds.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace pecards {

namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

} // namespace

StreamedRowNormalisers::StreamedRowNormalisers(
    const Visibility& visibility, std::int64_t length, const std::vector<std::int64_t>& rows) {
    PECARDS_CHECK(
        length >= 1 && length <= kMaxLength, "length", length, "[1, " + std::to_string(kMaxLength) + "]");
    std::vector<std::vector<DeltaRange>> ranges;
    std::vector<DeltaRange> all;
    for (const std::int64_t row : rows) {
        PECARDS_CHECK(
            row >= 0 && row < length, "row", row, "[0, length) = [0, " + std::to_string(length) + ")");
        DeltaRange parts[2];
        const int count = visibleDeltas(visibility, row, 0, length - 1, parts);
        ranges.emplace_back(parts, parts + count);
        for (int k = 0; k < count; ++k) {
            all.push_back(parts[k]);
            m_cuts.push_back(parts[k].lo);
            m_cuts.push_back(parts[k].hi + 1);
        }
    }
    std::sort(m_cuts.begin(), m_cuts.end());
    m_cuts.erase(std::unique(m_cuts.begin(), m_cuts.end()), m_cuts.end());
    const std::size_t intervals = m_cuts.empty() ? 0 : m_cuts.size() - 1;
    m_max.assign(intervals, kNegInf);
    m_sum.assign(intervals, 0.0);
    const auto cut = [this](std::int64_t delta) {
        return static_cast<std::size_t>(
            std::lower_bound(m_cuts.begin(), m_cuts.end(), delta) - m_cuts.begin());
    };
    for (const std::vector<DeltaRange>& parts : ranges) {
        auto& own = m_rows.emplace_back();
        for (const DeltaRange& part : parts) {
            own.emplace_back(cut(part.lo), cut(part.hi + 1));
        }
    }
    std::sort(all.begin(), all.end(), [](const DeltaRange& a, const DeltaRange& b) { return a.lo < b.lo; });
    for (const DeltaRange& range : all) {
        if (!m_segments.empty() && range.lo <= m_segments.back().second + 1) {
            m_segments.back().second = std::max(m_segments.back().second, range.hi);
        } else {
            m_segments.emplace_back(range.lo, range.hi);
        }
    }
}

std::int64_t StreamedRowNormalisers::deltaCount() const {
    std::int64_t count = 0;
    for (const auto& [lo, hi] : m_segments) {
        count += hi - lo + 1;
    }
    return count;
}

void StreamedRowNormalisers::add(std::int64_t first, std::span<const double> values) {
    const auto n = static_cast<std::int64_t>(values.size());
    const bool inside = std::any_of(m_segments.begin(), m_segments.end(),
        [&](const auto& segment) { return first >= segment.first && first + n - 1 <= segment.second; });
    PECARDS_CHECK(inside || n == 0, "block",
        "[" + std::to_string(first) + ", " + std::to_string(first + n) + ")",
        "inside one segment of the rows' visible deltas");
    // The interval holding `first`, then each interval the block meets.
    auto k = static_cast<std::size_t>(std::upper_bound(m_cuts.begin(), m_cuts.end(), first) - m_cuts.begin())
        - 1;
    for (std::int64_t at = first; at < first + n; ++k) {
        const std::int64_t end = std::min(first + n, m_cuts[k + 1]);
        const auto part
            = values.subspan(static_cast<std::size_t>(at - first), static_cast<std::size_t>(end - at));
        double high = kNegInf;
        for (const double value : part) {
            PECARDS_CHECK(!std::isnan(value) && value != -kNegInf, "f", value, "a finite number or -inf");
            high = std::max(high, value);
        }
        if (high != kNegInf) {
            double sum = 0.0;
            for (const double value : part) {
                sum += std::exp(value - high);
            }
            // Combine with the interval's running (max, sum) at the larger maximum.
            const double top = std::max(high, m_max[k]);
            m_sum[k] = m_sum[k] * std::exp(m_max[k] - top) + sum * std::exp(high - top);
            m_max[k] = top;
        }
        at = end;
    }
}

double StreamedRowNormalisers::logNormaliser(std::size_t r) const {
    double high = kNegInf;
    for (const auto& [a, b] : m_rows[r]) {
        for (std::size_t k = a; k < b; ++k) {
            high = std::max(high, m_max[k]);
        }
    }
    if (high == kNegInf) {
        return high;
    }
    double sum = 0.0;
    for (const auto& [a, b] : m_rows[r]) {
        for (std::size_t k = a; k < b; ++k) {
            sum += m_sum[k] * std::exp(m_max[k] - high);
        }
    }
    return high + std::log(sum);
}

} // namespace pecards
