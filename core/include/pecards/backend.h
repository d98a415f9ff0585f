#pragma once
/// @file backend.h
/// @brief The compute backend interface, implemented by the double-precision CPU reference
/// (core) and by OpenCL (gpu/).

#include "pecards/progress.h"
#include "pecards/view.h"

#include <memory>
#include <string>

namespace pecards {

/// @brief Answers view requests. Implementations are used from one worker thread at a time.
class Backend {
public:
    virtual ~Backend() = default;

    /// @brief Human-readable name, e.g. "CPU reference (double)" or "OpenCL: pthread-cpu (PoCL)".
    virtual std::string name() const = 0;

    /// @brief Computes the view.
    /// @throws InvalidParameter for invalid requests (validate(ViewRequest)),
    ///         ComputeLimitExceeded when the request is valid but too costly,
    ///         std::runtime_error for backend failures (device errors carry the CL error name).
    virtual Grid compute(const ViewRequest& request) = 0;

    /// @brief Computes the view as compute() does, in tiles (bands of output rows, or of the
    /// window's positions and keys), reporting the fraction done after each tile and checking
    /// `progress.cancelled()` between tiles. Only the memory limit of the cost model applies
    /// (cost.h), not the work limit: a long exact reduction runs, with progress. The tiles are
    /// those of compute(), in the same order, so the grid equals compute()'s bit for bit.
    /// This default, for backends without tiles, checks once, computes in one piece and
    /// reports 1.
    /// @throws as compute() (ComputeLimitExceeded only for memory), ComputeCancelled when
    ///         the sink asked to stop (no partial grid).
    virtual Grid computeTiled(const ViewRequest& request, ProgressSink& progress);

    /// @brief compute() that can be stopped: the same limits (the work limit included), tiles and
    /// grid as compute(), checking `progress.cancelled()` between tiles (and reporting fractions as
    /// computeTiled() does). The app's one-shot pictures run through it, so closing the window
    /// does not wait for an exact picture in flight. This default, for backends without tiles,
    /// checks once and calls compute().
    /// @throws as compute(), ComputeCancelled when the sink asked to stop (no partial grid).
    virtual Grid computeCancellable(const ViewRequest& request, ProgressSink& progress);
};

/// @brief The double-precision CPU reference backend (Eigen).
std::unique_ptr<Backend> makeCpuBackend();

} // namespace pecards
