#pragma once
/// @file progressline.h
/// @brief The progress line pecards-cli writes on stderr while a view is computed, e.g.
/// "pecards-cli: exact max of content-attention over 1048576 x 1048576: 37%": rewritten in place
/// (carriage return) at each whole percent once the computation has run longer than a second,
/// and ended with a newline at 100 %. Only when stderr is a terminal, so scripts and logs that
/// capture stderr get no progress lines (docs/cli.md, "Progress").

#include <QElapsedTimer>
#include <QString>
#include <QTextStream>
#include <chrono>
#include <functional>
#include <pecards/progress.h>
#include <pecards/view.h>

namespace pecards::cli {

/// @brief A ProgressSink printing the progress line; it cancels when its `stop` says so (the
/// Python module's Ctrl+C), never without one.
class ProgressLine final : public pecards::ProgressSink {
public:
    /// @param err   where the line goes (stderr)
    /// @param what  the computation, e.g. "exact max of content-attention over 4096 x 4096"
    /// @param shown whether to print at all (stderr is a terminal: isatty)
    /// @param delay how long the computation runs before the line appears
    /// @param stop  polled between tiles; true cancels (empty: never)
    ProgressLine(QTextStream& err, QString what, bool shown, std::chrono::milliseconds delay,
        std::function<bool()> stop = {});
    /// Ends a printed line that did not reach 100 % (an error stopped the computation).
    ~ProgressLine() override;
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    void progress(double fraction) override;
    bool cancelled() const override { return m_stop && m_stop(); }

    /// @brief "exact max of content-attention over 1048576 x 1048576" (window rows x cols), or
    /// "sample of ..." for the Sample reduction.
    static QString describe(const ViewRequest& request);

private:
    QTextStream& m_err;
    QString m_what;
    std::function<bool()> m_stop;
    bool m_shown;
    std::chrono::milliseconds m_delay;
    QElapsedTimer m_clock;
    int m_percent = -1; ///< the percentage printed last; -1 before the first
};

} // namespace pecards::cli
