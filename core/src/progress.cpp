// Progress of tiled computations (progress.h).

#include "pecards/progress.h"

#include "pecards/errors.h"

#include <algorithm>

namespace pecards {

ProgressTracker::ProgressTracker(ProgressSink* sink, double total)
    : m_sink(sink)
    , m_total(std::max(total, 1.0)) {
}

void ProgressTracker::advance(double units) {
    if (m_sink == nullptr) {
        return;
    }
    m_done += units;
    const double fraction = std::min(m_done / m_total, 1.0);
    if (fraction > m_reported) {
        m_reported = fraction;
        m_sink->progress(fraction);
    }
    check();
}

void ProgressTracker::check() const {
    if (m_sink != nullptr && m_sink->cancelled()) {
        throw ComputeCancelled();
    }
}

} // namespace pecards
