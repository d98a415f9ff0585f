#pragma once
/// @file numberspinbox.h
/// @brief A spin box that never changes what the user typed: any number is accepted as it is
/// (no clamping to a range, no rounding to the shown decimals), so the engine can name the
/// allowed range; text that is not a number is reported (`rejected`) instead of being dropped.
/// Its width is measured from the texts it shows, so nothing is cut ("10000000.").

#include <QDoubleSpinBox>
#include <optional>

namespace pecards::gui {

class NumberSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    explicit NumberSpinBox(QWidget* parent = nullptr);

    /// @brief The widest value the box should show in full without scrolling (its width hint).
    void setWidestValue(double value);
    /// @brief `value` is shown as `text` (rotary_dim 0 as "= head_dim"), and `text` typed means
    /// `value`; the width hint makes room for it.
    void setSpecialValue(double value, const QString& text);

    QValidator::State validate(QString& input, int& pos) const override;
    double valueFromText(const QString& text) const override;
    QString textFromValue(double value) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    /// @brief Largest magnitude a typed value may have (the spin box range, +-1e300).
    static constexpr double kLargest = 1e300;

signals:
    /// @brief Committed text that is not a number with at most `decimals()` decimals; the
    /// value stays unchanged.
    void rejected(const QString& text);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    /// The typed text as a number, if it is one the box can hold exactly.
    std::optional<double> parse(const QString& text) const;
    bool checkCommit();

    double m_widest = 0.0;
    double m_special = 0.0; ///< setSpecialValue
    QString m_specialText; ///< empty: no special value
};

} // namespace pecards::gui
