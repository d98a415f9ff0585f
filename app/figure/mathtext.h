#pragma once
/// @file mathtext.h
/// @brief Mathematical notation in plain text, for every text PE Cards draws (labels, legends,
/// titles, captions, figures): exponents and indices as Unicode super- and subscripts ("2⁻³",
/// "b⁻²ⁱᐟʳ", "θᵢ") and numbers without programmer exponents ("4.4 × 10⁻¹⁶", not "4.4e-16"),
/// the review's T-U5. Every character used is in DejaVu Sans, the font of the figures.

#include <QString>
#include <QStringView>

namespace pecards::app {

/// @brief `text` written as a superscript: digits, + − - = ( ) / . (a raised dot, as in
/// alibi_bias_max 7.5), and the letters that have a
/// superscript form (a–p, r–z except q; A B D E G H I J K L M N O P R T U V W).
/// "-2i/r" -> "⁻²ⁱᐟʳ" ('/' becomes U+141F, the superscript solidus of DejaVu Sans).
/// @throws std::invalid_argument naming the first character with no superscript form.
QString superscript(QStringView text);

/// @brief `text` written as a subscript: digits, + − - = ( ) and a e h i j k l m n o p r s t u v x.
/// "i" -> "ᵢ". @throws std::invalid_argument naming the first character with no subscript form.
QString subscript(QStringView text);

/// @brief `text` with every whole-number power the engine's messages write as "b^n" ("2^24",
/// "10^-3") or in printf's exponent form ("1e+12", "2.5e-04") written with a superscript
/// exponent ("2²⁴", "10¹²", "2.5 × 10⁻⁴"); the rest unchanged. For engine texts
/// shown on screen (the allowed range of a parameter, pecards::allowedText).
QString writtenPowers(const QString& text);

/// @brief A power of two as it is written: "2⁻³" for 2^-3, "2⁻¹ᐟ²" for 2^(-1/2) (exponents
/// p/q with q up to 64, in lowest terms: every ALiBi slope of the rule with any alibi_bias_max
/// a whole number), else the value itself with 4 significant digits (displayNumber).
QString powerOfTwoText(double value);

/// @brief `value` written out in decimals with `significant` significant digits, trailing zeros
/// dropped: 2e-4 -> "0.0002", -63822.1234 (6) -> "-63822.1" (whole digits are never dropped).
/// For short differences (a colour bar's offset notation), where "0.0002" reads more quickly
/// than "2 × 10⁻⁴".
QString decimalNumber(double value, int significant);

/// @brief `value` for reading, with at most `significant` significant digits and no
/// programmer exponent: 2048 -> "2048", 0.0883883 -> "0.08839" (4), 4.44e-16 -> "4.44 × 10⁻¹⁶"
/// (3), 1e-5 -> "10⁻⁵". Whole numbers below 10^15 are written out; magnitudes below 10^-3 or from 10^15 up
/// get "× 10ⁿ". NaN and infinities as "nan", "inf", "-inf". `significant` in [1, 17].
QString displayNumber(double value, int significant);

} // namespace pecards::app
