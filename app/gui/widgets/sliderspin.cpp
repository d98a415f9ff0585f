#include "widgets/sliderspin.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSlider>
#include <algorithm>
#include <cmath>

SliderSpin::SliderSpin(const Range& range, QWidget* parent)
    : QWidget(parent)
    , m_range(range)
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_spin(new QDoubleSpinBox(this)) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_slider, 3);
    layout->addWidget(m_spin, 2);

    if (range.logarithmic) {
        const double per = range.binary ? std::log2(range.sliderHigh / range.sliderLow)
                                        : std::log10(range.sliderHigh / range.sliderLow);
        m_slider->setRange(0, static_cast<int>(std::lround(per * range.stepsPerDecade)));
    } else {
        m_slider->setRange(
            0, static_cast<int>(std::lround((range.sliderHigh - range.sliderLow) / range.step)));
    }
    m_slider->setTracking(true); // emit while dragging: views follow the thumb
    m_spin->setDecimals(range.decimals);
    m_spin->setRange(range.spinLow, range.spinHigh);
    m_spin->setSingleStep(range.step);
    m_spin->setKeyboardTracking(false); // typed values commit on Enter / focus out
    m_spin->setAccelerated(true);
    m_spin->setMinimumWidth(92);

    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        const double value = sliderValue(position);
        const QSignalBlocker block(m_spin);
        m_spin->setValue(value);
        emit valueChanged(m_spin->value());
    });
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(sliderPosition(value));
        emit valueChanged(value);
    });
}

double SliderSpin::value() const {
    return m_spin->value();
}

void SliderSpin::setValue(double value) {
    const QSignalBlocker blockSpin(m_spin);
    const QSignalBlocker blockSlider(m_slider);
    m_spin->setValue(value);
    m_slider->setValue(sliderPosition(value));
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
    return static_cast<int>(std::lround((value - m_range.sliderLow) / m_range.step));
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
