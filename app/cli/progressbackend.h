#pragma once
/// @file progressbackend.h
/// @brief The backend pecards-cli computes views with: it answers compute() with the wrapped
/// backend's computeTiled(), so any view whose memory fits is computed (no work limit, only the
/// memory limit of the cost model, cost.h), with a ProgressLine on stderr.

#include "pecards/backend.h"

#include <QTextStream>
#include <functional>
#include <memory>

namespace pecards::cli {

class ProgressBackend final : public pecards::Backend {
public:
    /// @param inner    the backend that computes (makeCliBackend)
    /// @param err      stderr, for the progress line
    /// @param terminal whether stderr is a terminal (the line is shown only then)
    /// @param stop     polled between tiles: true stops the computation with ComputeCancelled
    ProgressBackend(std::unique_ptr<pecards::Backend> inner, QTextStream& err, bool terminal,
        std::function<bool()> stop = {});

    std::string name() const override { return m_inner->name(); }

    /// @brief inner.computeTiled(request) with a ProgressLine shown after one second.
    /// @throws as Backend::computeTiled (ComputeLimitExceeded only over the memory limit).
    pecards::Grid compute(const pecards::ViewRequest& request) override;

private:
    std::unique_ptr<pecards::Backend> m_inner;
    QTextStream& m_err;
    bool m_terminal;
    std::function<bool()> m_stop;
};

} // namespace pecards::cli
