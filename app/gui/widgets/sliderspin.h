#pragma once
/// @file sliderspin.h
/// @brief A slider linked to a spin box, on a linear or logarithmic scale.
///
/// The slider gives quick, coarse moves (emitted while dragging) over the valid range; the spin
/// box (NumberSpinBox) takes any number as typed, so a user can type an invalid value such as
/// an odd dimension or L = 10^14 and read the engine's message naming the range instead of
/// being silently snapped. Text that is not a number, or a number the field cannot hold, is
/// reported under the control and changes nothing.

#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QSlider;

namespace pecards::gui {

class NumberSpinBox;

class SliderSpin : public QWidget {
    Q_OBJECT
public:
    /// @brief Scale and ranges of one control.
    struct Range {
        double sliderLow = 0.0; ///< slider range (log: both > 0)
        double sliderHigh = 1.0;
        double spinLow = 0.0; ///< unused: any number can be typed (kept for the field order)
        double spinHigh = 1.0; ///< the widest value the spin box shows in full
        bool logarithmic = false;
        int decimals = 0; ///< 0: integer values
        int stepsPerDecade = 24; ///< log slider resolution (per factor 10; per factor 2 when `binary`)
        bool binary = false; ///< log slider steps are powers of 2^(1/stepsPerDecade)
        double step = 1.0; ///< linear slider and spin box step
        /// Largest magnitude the field holds; 0 = automatic: 2^31 - 1 for whole numbers (int
        /// fields), 1e300 otherwise. 64-bit fields (L) pass kLargestInt64.
        double largest = 0.0;
    };

    explicit SliderSpin(const Range& range, QWidget* parent = nullptr);

    static constexpr double kLargestInt64 = 9007199254740992.0; ///< 2^53: exact in a double

    double value() const;
    /// @brief Sets the value without emitting `valueChanged`.
    void setValue(double value);
    /// @brief `value` is shown and typed as `text` (NumberSpinBox::setSpecialValue).
    void setSpecialValue(double value, const QString& text);

    /// @brief Moves the slider's ends (the valid range changed); the value is not touched.
    void setSliderRange(double low, double high);

    QSlider* slider() const { return m_slider; }
    /// @brief The range the control was made with, its slider ends as setSliderRange moved them.
    const Range& range() const { return m_range; }
    QDoubleSpinBox* spinBox() const;
    /// @brief The note under the control about rejected input; empty when none.
    QString inputMessage() const;

signals:
    /// @brief The user moved the slider (while dragging) or committed a typed value.
    void valueChanged(double value);

private:
    int sliderPosition(double value) const;
    double sliderValue(int position) const;
    void configureSlider();
    void showInputMessage(const QString& message);

    Range m_range;
    QSlider* m_slider = nullptr;
    NumberSpinBox* m_spin = nullptr;
    QLabel* m_message = nullptr;
    double m_committed = 0.0; ///< the value in force (restored after rejected input)
};

} // namespace pecards::gui
