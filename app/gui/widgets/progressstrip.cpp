#include "widgets/progressstrip.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>
#include <algorithm>
#include <cmath>

namespace pecards::gui {

namespace {
constexpr int kSteps = 1000; ///< bar resolution: 0.1 %
}

ProgressStrip::ProgressStrip(QWidget* parent)
    : QFrame(parent)
    , m_label(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_cancel(new QToolButton(this)) {
    setObjectName(QStringLiteral("progressStrip"));
    setAutoFillBackground(true);
    setFrameShape(QFrame::StyledPanel);
    m_bar->setRange(0, kSteps);
    m_bar->setTextVisible(true);
    m_bar->setFormat(QStringLiteral("%p%"));
    m_bar->setMaximumHeight(fontMetrics().height());
    m_label->setTextFormat(Qt::PlainText);
    m_cancel->setObjectName(QStringLiteral("cancel"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the background computation; the sampled picture stays"));
    m_cancel->setAutoRaise(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 1, 2, 1);
    layout->setSpacing(6);
    layout->addWidget(m_label);
    layout->addWidget(m_bar, 1);
    layout->addWidget(m_cancel);
    connect(m_cancel, &QToolButton::clicked, this, &ProgressStrip::cancelRequested);
}

void ProgressStrip::setProgress(double fraction, const QString& text) {
    m_bar->setValue(static_cast<int>(std::lround(std::clamp(fraction, 0.0, 1.0) * kSteps)));
    m_label->setText(text);
}

double ProgressStrip::fraction() const {
    return static_cast<double>(m_bar->value()) / kSteps;
}

QString ProgressStrip::text() const {
    return m_label->text();
}

} // namespace pecards::gui
