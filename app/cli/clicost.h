#pragma once
/// @file clicost.h
/// @brief The cost of a pecards-cli request (compute or render): the engine's cost model
/// (pecards/cost.h) for views, the same kind of estimate for curves, plus the output it writes.
/// `--dry-run` prints it; a request over the memory limit is refused with it before any work;
/// any other request is computed, however long it takes.

#include "cliparser.h"

#include <QTextStream>
#include <optional>
#include <pecards/cost.h>

namespace pecards::cli {

/// @brief Work and peak memory of `request`: the view's estimateCost(), or the curve's values,
/// plus the output array and its serialised file (.npy: 8 bytes per value, .csv: up to 25), or
/// the rendered figures' pixels (render), plus what the process holds already (its resident
/// memory now: Qt, libraries, loaded inputs), so `bytes` estimates the process's peak RSS.
/// @throws InvalidParameter for an invalid view (as estimateCost).
pecards::RequestCost cliCost(const CliRequest& request);

/// @brief The estimated work of the costliest single view `request` computes on the backend
/// (the views of a workspace or lesson one by one, a render's view at its figure size); none when
/// it computes only curves or charts, which run on the CPU. --dry-run names the backend from it.
/// @throws InvalidParameter for an invalid view (as estimateCost).
std::optional<std::int64_t> largestViewWork(const CliRequest& request);

/// Estimated work above which pecards-cli says on stderr, before starting, how long it will take
/// (about one second on one core).
inline constexpr std::int64_t kLongWorkNotice = 1'000'000'000;

/// @brief Throws ComputeLimitExceeded when cliCost(request) is over the memory limit of
/// defaultCostLimits(); there is no work limit (views are computed tile by tile, with a progress
/// line: progressbackend.h). For requests estimated above kLongWorkNotice operations, writes one
/// line "pecards-cli: working: <estimate>" to `err` before the work starts when `terminal` (stderr
/// is a terminal; scripts reading stderr get only errors).
void checkCliCost(const CliRequest& request, QTextStream& err, bool terminal);

} // namespace pecards::cli
