#include "progressbackend.h"

#include "progressline.h"

#include <chrono>

namespace pecards::cli {

ProgressBackend::ProgressBackend(
    std::unique_ptr<pecards::Backend> inner, QTextStream& err, bool terminal, std::function<bool()> stop)
    : m_inner(std::move(inner))
    , m_err(err)
    , m_terminal(terminal)
    , m_stop(std::move(stop)) {
}

pecards::Grid ProgressBackend::compute(const pecards::ViewRequest& request) {
    ProgressLine line(m_err, ProgressLine::describe(request), m_terminal, std::chrono::seconds(1), m_stop);
    return m_inner->computeTiled(request, line);
}

} // namespace pecards::cli
