#include "progressline.h"

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace pecards::cli {

ProgressLine::ProgressLine(
    QTextStream& err, QString what, bool shown, std::chrono::milliseconds delay, std::function<bool()> stop)
    : m_err(err)
    , m_what(std::move(what))
    , m_stop(std::move(stop))
    , m_shown(shown)
    , m_delay(delay) {
    m_clock.start();
}

ProgressLine::~ProgressLine() {
    if (m_percent >= 0 && m_percent < 100) {
        m_err << Qt::endl;
    }
}

void ProgressLine::progress(double fraction) {
    if (!m_shown || std::chrono::milliseconds(m_clock.elapsed()) < m_delay) {
        return;
    }
    const int percent = static_cast<int>(std::floor(std::clamp(fraction, 0.0, 1.0) * 100.0));
    if (percent == m_percent) {
        return;
    }
    m_percent = percent;
    m_err << "\rpecards-cli: " << m_what << ": " << percent << '%';
    if (percent == 100) {
        m_err << Qt::endl;
    } else {
        m_err.flush();
    }
}

QString ProgressLine::describe(const ViewRequest& request) {
    const QString how = request.reduction == Reduction::Sample
        ? u"sample"_s
        : u"exact "_s + QString::fromStdString(toString(request.reduction));
    return u"%1 of %2 over %3 x %4"_s.arg(how, QString::fromStdString(toString(request.quantity)))
        .arg(request.window.rows())
        .arg(request.window.cols());
}

} // namespace pecards::cli
