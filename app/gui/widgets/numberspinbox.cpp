#include "widgets/numberspinbox.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <QStyle>
#include <QStyleOptionSpinBox>
#include <algorithm>
#include <cmath>

namespace pecards::gui {

NumberSpinBox::NumberSpinBox(QWidget* parent)
    : QDoubleSpinBox(parent) {
    setRange(-kLargest, kLargest);
    setGroupSeparatorShown(false);
}

void NumberSpinBox::setWidestValue(double value) {
    m_widest = value;
    updateGeometry();
}

std::optional<double> NumberSpinBox::parse(const QString& text) const {
    QString trimmed = text.trimmed();
    if (!m_specialText.isEmpty() && trimmed == m_specialText)
        return m_special; // the special value, shown by its meaning ("= head_dim")
    if (!prefix().isEmpty() && trimmed.startsWith(prefix()))
        trimmed.remove(0, prefix().size());
    bool ok = false;
    double value = locale().toDouble(trimmed, &ok);
    if (!ok)
        value = trimmed.toDouble(&ok); // "1e6" and a C-locale point are numbers too
    if (!ok || !std::isfinite(value) || std::abs(value) > kLargest)
        return std::nullopt;
    const double unit = std::pow(10.0, decimals());
    if (std::abs(std::round(value * unit) - value * unit) > 1e-6 * std::max(1.0, std::abs(value * unit)))
        return std::nullopt; // more decimals than the field holds: not silently rounded
    return value;
}

QValidator::State NumberSpinBox::validate(QString& input, int&) const {
    // Anything can be typed; only a number the field holds is acceptable on commit.
    return parse(input) ? QValidator::Acceptable : QValidator::Intermediate;
}

double NumberSpinBox::valueFromText(const QString& text) const {
    return parse(text).value_or(value());
}

void NumberSpinBox::setSpecialValue(double value, const QString& text) {
    m_special = value;
    m_specialText = text;
    updateGeometry();
    lineEdit()->setText(textFromValue(this->value()));
}

QString NumberSpinBox::textFromValue(double value) const {
    if (!m_specialText.isEmpty() && value == m_special)
        return m_specialText;
    // Integers without a decimal point or group separators; others with the field's decimals.
    if (decimals() == 0 || (value == std::round(value) && std::abs(value) < 1e15))
        return QString::number(value, 'f', 0);
    QString text = QString::number(value, 'f', decimals());
    while (text.endsWith(QLatin1Char('0')))
        text.chop(1);
    if (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    return text;
}

QSize NumberSpinBox::sizeHint() const {
    ensurePolished();
    const QFontMetrics metrics(font());
    const int textWidth = std::max({metrics.horizontalAdvance(textFromValue(m_widest)),
        metrics.horizontalAdvance(textFromValue(value())), metrics.horizontalAdvance(QStringLiteral("0000")),
        metrics.horizontalAdvance(m_specialText)});
    QStyleOptionSpinBox option;
    initStyleOption(&option);
    const QSize content(
        textWidth + metrics.horizontalAdvance(QLatin1Char(' ')) + 4, lineEdit()->sizeHint().height());
    return style()->sizeFromContents(QStyle::CT_SpinBox, &option, content, this);
}

QSize NumberSpinBox::minimumSizeHint() const {
    return sizeHint();
}

bool NumberSpinBox::checkCommit() {
    const QString text = lineEdit()->text();
    if (parse(text))
        return true;
    emit rejected(text);
    return false;
}

void NumberSpinBox::keyPressEvent(QKeyEvent* event) {
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) && !checkCommit()) {
        lineEdit()->selectAll(); // the text stays for the user to correct
        event->accept();
        return;
    }
    QDoubleSpinBox::keyPressEvent(event);
    updateGeometry();
}

void NumberSpinBox::focusOutEvent(QFocusEvent* event) {
    checkCommit(); // an unparsable text is reported, then the box shows the value in force
    QDoubleSpinBox::focusOutEvent(event);
}

} // namespace pecards::gui
