#pragma once
/// @file sliderspin.h
/// @brief A slider linked to a spin box, on a linear or logarithmic scale.
///
/// The slider gives quick, coarse moves (emitted while dragging); the spin box takes any
/// value in its own (wider) range, so a user can type an invalid value such as an odd
/// dimension and read the engine's message instead of being silently snapped.

#include <QWidget>

class QDoubleSpinBox;
class QSlider;

class SliderSpin : public QWidget {
    Q_OBJECT
public:
    /// @brief Scale and ranges of one control.
    struct Range {
        double sliderLow = 0.0; ///< slider range (log: both > 0)
        double sliderHigh = 1.0;
        double spinLow = 0.0; ///< what can be typed; may exceed the valid range on purpose
        double spinHigh = 1.0;
        bool logarithmic = false;
        int decimals = 0; ///< 0: integer values
        int stepsPerDecade = 24; ///< log slider resolution (per factor 10; per factor 2 when `binary`)
        bool binary = false; ///< log slider steps are powers of 2^(1/stepsPerDecade)
        double step = 1.0; ///< linear slider and spin box step
    };

    explicit SliderSpin(const Range& range, QWidget* parent = nullptr);

    double value() const;
    /// @brief Sets the value without emitting `valueChanged`.
    void setValue(double value);

    QSlider* slider() const { return m_slider; }
    QDoubleSpinBox* spinBox() const { return m_spin; }

signals:
    /// @brief The user moved the slider (while dragging) or committed a typed value.
    void valueChanged(double value);

private:
    int sliderPosition(double value) const;
    double sliderValue(int position) const;

    Range m_range;
    QSlider* m_slider = nullptr;
    QDoubleSpinBox* m_spin = nullptr;
};
