#pragma once
/// @file progress.h
/// @brief Progress and cancellation of a computation done in tiles (Backend::computeTiled): the
/// caller passes a ProgressSink; the engine reports the fraction done after each tile and asks
/// between tiles whether to stop (then it throws ComputeCancelled and returns no partial grid).
/// Plain C++, no threads: the sink is called on the computing thread; a sink that is cancelled
/// from another thread keeps its flag in a std::atomic.

#include <cstdint>

namespace pecards {

/// @brief Receives the progress of a tiled computation and says whether to stop.
class ProgressSink {
public:
    virtual ~ProgressSink() = default;
    /// @brief The fraction of the work done, in [0, 1], non-decreasing over one computation;
    /// 1 once the result is complete. Called on the computing thread, between tiles.
    virtual void progress(double fraction) = 0;
    /// @brief Polled between tiles: true stops the computation with ComputeCancelled.
    virtual bool cancelled() const = 0;
};

/// @brief Counts the units of work of one computation against its total and reports the
/// fraction to a sink. Without a sink (the one-shot Backend::compute) it does nothing, so one
/// tile loop serves both paths and their results are the same bit for bit.
class ProgressTracker {
public:
    /// @param sink  where to report; nullptr reports nothing and never cancels.
    /// @param total units of work of the whole computation (entries, range queries, ...); values
    ///              below 1 count as 1.
    ProgressTracker(ProgressSink* sink, double total);

    /// @brief `units` more are done: reports the new fraction (at most 1), then checks.
    /// @throws ComputeCancelled when the sink says so.
    void advance(double units);

    /// @brief @throws ComputeCancelled when the sink says so (between tiles).
    void check() const;

private:
    ProgressSink* m_sink;
    double m_total;
    double m_done = 0.0;
    double m_reported = 0.0;
};

} // namespace pecards
