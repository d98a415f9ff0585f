#pragma once
/// @file computebudget.h
/// @brief The work budgets of the CPU reference backend (docs/quantities.md, "Budgets").
///
/// A valid request whose estimated work exceeds its budget is refused with
/// ComputeLimitExceeded before any work starts. Each budget is sized for about a few seconds
/// on one core.

#include <cstdint>
#include <string>

namespace pecards::detail {

/// Positional attention with Mean/Max/Min: one O(log L) range query per window row and
/// output column: window rows x out_cols <= 2^26.
inline constexpr std::int64_t kAttentionQueryBudget = std::int64_t {1} << 26;

/// Content views: multiply-adds, window rows x window cols x max(d, 16) for exact reductions,
/// plus (content attention) normaliser rows x L x max(d, 16). Sample content scores are
/// O(pixels d) and not budgeted.
inline constexpr std::int64_t kContentWorkBudget = std::int64_t {1} << 32;

/// Tables and phases with Mean/Max/Min: window rows x the row's full width (d or pairs) <= 2^27.
inline constexpr std::int64_t kTableEntryBudget = std::int64_t {1} << 27;

/// @brief Throws ComputeLimitExceeded unless cost <= budget; the message names the budget,
/// the request's cost, `what` was counted and `advice` (e.g. "use reduction sample").
void checkBudget(std::int64_t cost, std::int64_t budget, const std::string& what, const std::string& advice);

} // namespace pecards::detail
