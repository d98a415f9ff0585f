#pragma once
/// @file rownormalisers.h
/// @brief Exact softmax log-normalisers of a few positional attention rows, streamed: memory that
/// follows the rows, not L (#33).
///
/// For logits f(i - j) (positional-only attention), row i's log-normaliser is the log-sum-exp of f
/// over its visible deltas: at most two ranges (pecards::visibility: the sink keys, the others).
/// The ranges of all rows cut the delta axis into at most 4 x rows elementary intervals; f is fed
/// in blocks over the union of the ranges (segments()), each block folded into the log-sum-exp of
/// the intervals it meets (max-shifted: no prefix sums, so no cancellation between two large
/// partial sums), and each row combines the intervals of its ranges. Work O(span + rows x
/// intervals) beyond the evaluation of f, memory O(rows) beyond one block.

#include "pecards/viewrules.h"

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace pecards {

class StreamedRowNormalisers {
public:
    /// @param rows query positions in [0, length). @throws InvalidParameter (length outside
    /// [1, kMaxLength], a row outside [0, length)).
    StreamedRowNormalisers(
        const Visibility& visibility, std::int64_t length, const std::vector<std::int64_t>& rows);

    /// The deltas to feed: disjoint ranges [lo, hi], ascending (the union of the rows' ranges).
    const std::vector<std::pair<std::int64_t, std::int64_t>>& segments() const { return m_segments; }
    /// Number of deltas in segments().
    std::int64_t deltaCount() const;

    /// @brief Folds f at deltas [first, first + values.size()) in: a block inside one segment. Blocks
    /// may come in any order; each delta must come once.
    /// @throws InvalidParameter for a block outside every segment or a NaN / +infinity value.
    void add(std::int64_t first, std::span<const double> values);

    /// @brief Row r's log-normaliser, once every delta of segments() was added (-infinity for a row
    /// with no visible key).
    double logNormaliser(std::size_t r) const;

private:
    std::vector<std::pair<std::int64_t, std::int64_t>> m_segments;
    std::vector<std::int64_t> m_cuts; ///< interval k is [m_cuts[k], m_cuts[k + 1])
    std::vector<double> m_max; ///< per interval: the largest value added
    std::vector<double> m_sum; ///< per interval: sum of exp(value - m_max)
    std::vector<std::vector<std::pair<std::size_t, std::size_t>>> m_rows; ///< interval ranges [a, b) per row
};

} // namespace pecards
