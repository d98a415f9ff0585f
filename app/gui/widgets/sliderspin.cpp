#include "widgets/sliderspin.h"

#include "widgets/numberspinbox.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace pecards::gui {

SliderSpin::SliderSpin(const Range& range, QWidget* parent)
    : QWidget(parent)
    , m_range(range)
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_spin(new NumberSpinBox(this))
    , m_message(new QLabel(this)) {
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(1);
    auto* layout = new QHBoxLayout;
    layout->setContentsMargins(0, 0, 0, 0);
    // A slider shorter than ten average characters cannot be aimed: the form then wraps the row
    // (QFormLayout::WrapLongRows) and the slider gets the pane's width under its label.
    m_slider->setMinimumWidth(m_slider->fontMetrics().averageCharWidth() * 10);
    layout->addWidget(m_slider, 3);
    layout->addWidget(m_spin, 2);
    column->addLayout(layout);
    column->addWidget(m_message);
    m_message->setWordWrap(true);
    m_message->setObjectName(QStringLiteral("inputMessage"));
    QPalette warning = m_message->palette();
    warning.setColor(QPalette::WindowText, QColor(0xd0, 0x30, 0x30));
    m_message->setPalette(warning);
    m_message->hide();

    if (m_range.largest <= 0.0)
        m_range.largest = range.decimals == 0 ? 2147483647.0 : NumberSpinBox::kLargest;
    configureSlider();
    m_slider->setTracking(true); // emit while dragging: views follow the thumb
    m_spin->setDecimals(range.decimals);
    m_spin->setSingleStep(range.step);
    m_spin->setWidestValue(std::max(std::abs(range.sliderHigh), std::abs(range.spinHigh)));
    m_spin->setKeyboardTracking(false); // typed values commit on Enter / focus out
    m_spin->setAccelerated(true);

    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        const double value = sliderValue(position);
        const QSignalBlocker block(m_spin);
        m_spin->setValue(value);
        m_committed = m_spin->value();
        showInputMessage({});
        emit valueChanged(m_spin->value());
    });
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        if (std::abs(value) > m_range.largest) {
            const double kept = m_committed;
            setValue(kept);
            showInputMessage(
                tr("%1 is too large for this field (at most %2 in magnitude); the value stays %3")
                    .arg(m_spin->textFromValue(value), m_spin->textFromValue(m_range.largest),
                        m_spin->textFromValue(kept)));
            return;
        }
        const QSignalBlocker block(m_slider);
        m_slider->setValue(sliderPosition(value));
        m_committed = value;
        showInputMessage({});
        emit valueChanged(value);
    });
    connect(m_spin, &NumberSpinBox::rejected, this, [this](const QString& text) {
        showInputMessage(
            tr("“%1” is not a number this field takes (%2); the value stays %3")
                .arg(text,
                    m_range.decimals == 0 ? tr("a whole number")
                                          : tr("at most %n decimal(s)", nullptr, m_range.decimals),
                    m_spin->textFromValue(m_committed)));
    });
}

void SliderSpin::configureSlider() {
    const QSignalBlocker block(m_slider);
    if (m_range.logarithmic) {
        const double per = m_range.binary ? std::log2(m_range.sliderHigh / m_range.sliderLow)
                                          : std::log10(m_range.sliderHigh / m_range.sliderLow);
        m_slider->setRange(0, static_cast<int>(std::lround(per * m_range.stepsPerDecade)));
    } else {
        m_slider->setRange(
            0, static_cast<int>(std::lround((m_range.sliderHigh - m_range.sliderLow) / m_range.step)));
    }
    m_slider->setValue(sliderPosition(m_spin->value()));
}

void SliderSpin::setSliderRange(double low, double high) {
    if (low == m_range.sliderLow && high == m_range.sliderHigh)
        return;
    m_range.sliderLow = low;
    m_range.sliderHigh = std::max(low, high);
    configureSlider();
}

QDoubleSpinBox* SliderSpin::spinBox() const {
    return m_spin;
}

QString SliderSpin::inputMessage() const {
    return m_message->isHidden() ? QString() : m_message->text();
}

void SliderSpin::showInputMessage(const QString& message) {
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
}

void SliderSpin::setSpecialValue(double value, const QString& text) {
    m_spin->setSpecialValue(value, text);
}

double SliderSpin::value() const {
    return m_spin->value();
}

void SliderSpin::setValue(double value) {
    if (value == m_spin->value() && value == m_committed && sliderPosition(value) == m_slider->value())
        return; // shown already: no new text, no repaint (the form refreshes every control per step)
    const QSignalBlocker blockSpin(m_spin);
    const QSignalBlocker blockSlider(m_slider);
    m_spin->setValue(value);
    m_slider->setValue(sliderPosition(value));
    m_committed = m_spin->value();
    showInputMessage({}); // a message about an earlier typed value no longer applies
}

int SliderSpin::sliderPosition(double value) const {
    if (m_range.logarithmic) {
        if (!(value > 0))
            return 0;
        const double ratio = value / m_range.sliderLow;
        const double steps = (m_range.binary ? std::log2(ratio) : std::log10(ratio)) * m_range.stepsPerDecade;
        return static_cast<int>(
            std::lround(std::clamp(steps, 0.0, static_cast<double>(m_slider->maximum()))));
    }
    const double steps = (value - m_range.sliderLow) / m_range.step;
    return static_cast<int>(std::lround(
        std::isfinite(steps) ? std::clamp(steps, 0.0, static_cast<double>(m_slider->maximum())) : 0.0));
}

double SliderSpin::sliderValue(int position) const {
    if (m_range.logarithmic) {
        const double exponent = static_cast<double>(position) / m_range.stepsPerDecade;
        const double value
            = m_range.sliderLow * (m_range.binary ? std::exp2(exponent) : std::pow(10.0, exponent));
        const double unit = std::pow(10.0, -m_range.decimals);
        if (m_range.binary) // powers of two stay exact (L = 4096)
            return std::max(unit, std::round(value / unit) * unit);
        // Keep values readable: round to 3 significant digits, and to the spin box precision.
        const double magnitude = std::pow(10.0, std::floor(std::log10(value)) - 2);
        return std::max(unit, std::round(std::round(value / magnitude) * magnitude / unit) * unit);
    }
    return m_range.sliderLow + position * m_range.step;
}

} // namespace pecards::gui
