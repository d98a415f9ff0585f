#pragma once
/// @file cost.h
/// @brief The cost model of every view request, in one place: estimated work and peak memory,
/// known before any work starts. The CPU reference and the OpenCL backend refuse what is over
/// the limits (ComputeLimitExceeded, the message carries the estimate); the CLI prints the
/// estimate with --dry-run; the GUI decides from it what to compute in the background.
///
/// Work is counted in elementary operations, about one double multiply-add each (~1 ns on one
/// core): a content logit entry costs max(d, 16) (its dot product), each entry of a drawn content
/// vector 32 (a normal variate: two hashes, a logarithm, a cosine), an exact attention range
/// query over the Toeplitz profile kRangeQueryOperations, a table entry (a sin/cos pair)
/// kTableEntryOperations. Memory counts what the request allocates at its peak: the output
/// grid, the profile / encoded vectors / tiles of the algorithm, and loaded content vectors
/// (docs/quantities.md, "Cost model").

#include "pecards/view.h"

#include <cstdint>
#include <string>

namespace pecards {

/// @brief Estimated cost of one request.
struct RequestCost {
    std::int64_t work = 0; ///< elementary operations (~ multiply-adds, ~1 ns each on one core)
    std::int64_t bytes = 0; ///< peak memory the request allocates
    std::string counted; ///< what `work` counts, e.g. "window rows x window cols x max(d, 16) multiply-adds"
    std::string advice; ///< what makes it cheaper, e.g. "use reduction sample or a smaller window"
};

/// @brief Limits a request must stay within.
struct CostLimits {
    std::int64_t work = std::int64_t {1} << 32; ///< a few seconds on one core
    std::int64_t bytes = std::int64_t {8} << 30; ///< peak memory of one request
};

/// One exact attention range query (segment-tree minimum/maximum and a log-sum-exp over O(log L)
/// nodes), in operations: 64, so the former 2^26-query budget is 2^32 operations.
inline constexpr std::int64_t kRangeQueryOperations = 64;
/// One table entry (sin/cos of an angle and the reduction), in operations: 32, so the former
/// 2^27-entry budget is 2^32 operations.
inline constexpr std::int64_t kTableEntryOperations = 32;

/// @brief The cost of `request` (validated first): work and peak memory by quantity and
/// reduction, with saturating arithmetic (a cost never overflows; INT64_MAX means "too much").
/// @throws InvalidParameter for an invalid request (validate(ViewRequest)).
RequestCost estimateCost(const ViewRequest& request);

/// @brief The default limits: CostLimits{} with `bytes` at half the physical memory when that
/// is smaller than 8 GiB (sysconf), so a request that would swap is refused instead.
CostLimits defaultCostLimits();

/// @brief Throws ComputeLimitExceeded unless `cost` is within `limits`; the message names the
/// estimate, the limit, what was counted and the advice.
void checkCost(const RequestCost& cost, const CostLimits& limits = defaultCostLimits());

/// @brief "4.3e9 operations (~4.3 s on one core), 96 MiB peak memory": a one-line estimate.
std::string describeCost(const RequestCost& cost);

} // namespace pecards
