#include "figure/mathtext.h"

#include <QHash>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace pecards::app {

namespace {

/// Each character and its form; the two strings run in parallel.
QHash<QChar, QChar> charMap(QStringView from, QStringView to) {
    QHash<QChar, QChar> map;
    for (qsizetype n = 0; n < from.size(); ++n)
        map.insert(from[n], to[n]);
    return map;
}

QString mapped(QStringView text, const QHash<QChar, QChar>& map, const char* what) {
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        const auto found = map.constFind(c);
        if (found == map.constEnd()) {
            throw std::invalid_argument("'" + QString(c).toStdString() + "' in '"
                + text.toString().toStdString() + "' has no " + what + " form");
        }
        out += *found;
    }
    return out;
}

} // namespace

QString superscript(QStringView text) {
    static const QHash<QChar, QChar> map
        = charMap(u"0123456789+−-=()/.abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVW",
            u"⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᐟ·ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂ");
    return mapped(text, map, "superscript");
}

QString subscript(QStringView text) {
    static const QHash<QChar, QChar> map
        = charMap(u"0123456789+−-=()aehijklmnoprstuvx", u"₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ");
    return mapped(text, map, "subscript");
}

QString writtenPowers(const QString& text) {
    // "2^24" (group 1, 2) or printf's "1e+12", "2.5e-04" (group 3, 4).
    static const QRegularExpression power(
        QStringLiteral(R"((\d)\^(-?\d+)|(?<![\w.])(\d+(?:\.\d+)?)[eE]([+-]?\d+)(?![\w.]))"));
    QString out;
    qsizetype from = 0;
    for (QRegularExpressionMatchIterator it = power.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        out += text.mid(from, match.capturedStart() - from);
        if (match.hasCaptured(1)) {
            out += match.captured(1) + superscript(match.captured(2));
        } else {
            const QString exponent = superscript(QString::number(match.captured(4).toInt()));
            const QString mantissa = match.captured(3);
            out += (mantissa == QStringLiteral("1") ? QString() : mantissa + QStringLiteral(" × "))
                + QStringLiteral("10") + exponent;
        }
        from = match.capturedEnd();
    }
    return out + text.mid(from);
}

QString powerOfTwoText(double value) {
    if (!(value > 0.0) || !std::isfinite(value))
        return displayNumber(value, 4);
    const double exponent = std::log2(value);
    for (int q = 1; q <= 64; ++q) {
        const double p = std::round(exponent * q);
        if (std::abs(exponent * q - p) > 1e-9 * q)
            continue;
        const long long whole = static_cast<long long>(p);
        const long long divisor = std::gcd(whole, static_cast<long long>(q));
        const long long top = whole / (divisor == 0 ? 1 : divisor);
        const long long bottom = q / (divisor == 0 ? 1 : divisor);
        QString power = QString::number(top);
        if (bottom != 1)
            power += QLatin1Char('/') + QString::number(bottom);
        return QStringLiteral("2") + superscript(power);
    }
    return displayNumber(value, 4);
}

QString decimalNumber(double value, int significant) {
    if (value == 0.0 || !std::isfinite(value))
        return QString::number(value, 'f', 0);
    // 'f' with as many decimals as the significant digits need, trailing zeros dropped.
    const int leading = static_cast<int>(std::floor(std::log10(std::abs(value)))) + 1;
    const int decimals = std::clamp(significant - leading, 0, 17);
    QString text = QString::number(value, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

QString displayNumber(double value, int significant) {
    if (significant < 1 || significant > 17)
        throw std::invalid_argument(
            "displayNumber: significant digits " + std::to_string(significant) + " outside [1, 17]");
    if (std::isnan(value))
        return QStringLiteral("nan");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    const double magnitude = std::abs(value);
    if (magnitude < 1e15 && value == std::round(value))
        return QString::number(value, 'f', 0);
    if (magnitude >= 1e-3 && magnitude < 1e15)
        return decimalNumber(value, significant);
    // Mantissa in [1, 10) and the power of ten, as "4.44 × 10⁻¹⁶".
    int exponent = static_cast<int>(std::floor(std::log10(magnitude)));
    double mantissa = value / std::pow(10.0, exponent);
    QString digits = QString::number(mantissa, 'g', significant);
    if (digits.startsWith(QStringLiteral("10")) || digits.startsWith(QStringLiteral("-10"))) { // rounded up
        ++exponent;
        digits = QString::number(value / std::pow(10.0, exponent), 'g', significant);
    }
    const QString power = QStringLiteral("10") + superscript(QString::number(exponent));
    if (digits == QStringLiteral("1") || digits == QStringLiteral("-1")) // "10⁻⁵", not "1 × 10⁻⁵"
        return digits.chopped(1) + power;
    return digits + QStringLiteral(" × ") + power;
}

} // namespace pecards::app
