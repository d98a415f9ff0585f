#pragma once
/// @file recordingsink.h
/// @brief A ProgressSink for tests: records every reported fraction and asks to stop once a
/// given number of reports arrived.

#include "pecards/progress.h"

#include <cstddef>
#include <vector>

namespace pecards::test {

class RecordingSink : public ProgressSink {
public:
    /// @param cancel_after reports after which cancelled() turns true (0: from the start; a
    ///        negative value: never).
    explicit RecordingSink(int cancel_after = -1)
        : m_cancel_after(cancel_after) { }

    void progress(double fraction) override { m_fractions.push_back(fraction); }
    bool cancelled() const override {
        return m_cancel_after >= 0 && m_fractions.size() >= static_cast<std::size_t>(m_cancel_after);
    }

    const std::vector<double>& fractions() const { return m_fractions; }

    /// Whether the fractions never decrease, lie in [0, 1] and end at exactly 1.
    bool monotoneToOne() const {
        for (std::size_t n = 0; n < m_fractions.size(); ++n) {
            if (m_fractions[n] < 0.0 || m_fractions[n] > 1.0
                || (n > 0 && m_fractions[n] < m_fractions[n - 1])) {
                return false;
            }
        }
        return !m_fractions.empty() && m_fractions.back() == 1.0;
    }

private:
    int m_cancel_after;
    std::vector<double> m_fractions;
};

} // namespace pecards::test
