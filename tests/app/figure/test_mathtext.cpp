// Mathematical notation in plain text (figure/mathtext.h, the review's T-U5): exponents and
// indices as Unicode super- and subscripts, powers of two as ALiBi's slopes are written, and
// numbers without programmer exponents. Expected strings are written out by hand.
#include "app/qstringprinter.h"
#include "figure/mathtext.h"

#include <cmath>
#include <gtest/gtest.h>
#include <stdexcept>

using pecards::app::displayNumber;
using pecards::app::powerOfTwoText;
using pecards::app::subscript;
using pecards::app::superscript;

TEST(MathText, SuperscriptsAndSubscriptsOfFormulas) {
    EXPECT_EQ(superscript(u"-2i/r"), QStringLiteral("⁻²ⁱᐟʳ"));
    EXPECT_EQ(superscript(u"−8h/H"), QStringLiteral("⁻⁸ʰᐟᴴ"));
    EXPECT_EQ(superscript(u"(0123456789)"), QStringLiteral("⁽⁰¹²³⁴⁵⁶⁷⁸⁹⁾"));
    EXPECT_EQ(subscript(u"i"), QStringLiteral("ᵢ"));
    EXPECT_EQ(subscript(u"(i-j)"), QStringLiteral("₍ᵢ₋ⱼ₎"));
    EXPECT_EQ(subscript(u"h1"), QStringLiteral("ₕ₁"));
}

TEST(MathText, ACharacterWithoutAFormIsNamed) {
    EXPECT_THROW(superscript(u"q"), std::invalid_argument); // no superscript q in Unicode
    EXPECT_THROW(subscript(u"b"), std::invalid_argument);
    try {
        subscript(u"ib");
        FAIL() << "no subscript b";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("'b'"), std::string::npos) << e.what();
    }
}

TEST(MathText, PowersOfTwoAsALiBiSlopesAreWritten) {
    EXPECT_EQ(powerOfTwoText(0.5), QStringLiteral("2⁻¹"));
    EXPECT_EQ(powerOfTwoText(1.0 / 256), QStringLiteral("2⁻⁸"));
    EXPECT_EQ(powerOfTwoText(4.0), QStringLiteral("2²"));
    EXPECT_EQ(powerOfTwoText(1.0), QStringLiteral("2⁰"));
    // 12 heads: head 9 has slope 2^(-1/2) = 0.70710678...; 24 heads: 2^(-1/4) = 0.84089641...
    EXPECT_EQ(powerOfTwoText(0.7071067811865476), QStringLiteral("2⁻¹ᐟ²"));
    EXPECT_EQ(powerOfTwoText(0.8408964152537145), QStringLiteral("2⁻¹ᐟ⁴"));
    EXPECT_EQ(powerOfTwoText(std::pow(2.0, -6.0 / 8.0)), QStringLiteral("2⁻³ᐟ⁴")); // lowest terms
    EXPECT_EQ(powerOfTwoText(0.3), QStringLiteral("0.3")); // not a power of two with a small denominator
}

TEST(MathText, NumbersHaveNoProgrammerExponent) {
    EXPECT_EQ(displayNumber(2048.0, 3), QStringLiteral("2048")); // was "2.05e+03" in a view title
    EXPECT_EQ(displayNumber(8192.0, 3), QStringLiteral("8192"));
    EXPECT_EQ(displayNumber(100000.0, 3), QStringLiteral("100000")); // was "1e+05"
    EXPECT_EQ(displayNumber(0.0883883476, 4), QStringLiteral("0.08839"));
    EXPECT_EQ(displayNumber(1.19, 3), QStringLiteral("1.19"));
    EXPECT_EQ(displayNumber(-0.5, 3), QStringLiteral("-0.5"));
    EXPECT_EQ(displayNumber(4.44e-16, 3), QStringLiteral("4.44 × 10⁻¹⁶"));
    EXPECT_EQ(displayNumber(-3.11e-15, 3), QStringLiteral("-3.11 × 10⁻¹⁵"));
    EXPECT_EQ(displayNumber(9.999e-4, 2), QStringLiteral("10⁻³")); // the mantissa rounds up to 10
    EXPECT_EQ(displayNumber(1e-5, 4), QStringLiteral("10⁻⁵")); // a log colour bar's tick
    EXPECT_EQ(displayNumber(-1e-7, 3), QStringLiteral("-10⁻⁷"));
    EXPECT_EQ(displayNumber(2.5e17, 3), QStringLiteral("2.5 × 10¹⁷"));
    EXPECT_EQ(displayNumber(0.0, 3), QStringLiteral("0"));
    EXPECT_EQ(displayNumber(std::nan(""), 3), QStringLiteral("nan"));
    EXPECT_THROW(displayNumber(1.0, 0), std::invalid_argument);
    EXPECT_EQ(pecards::app::decimalNumber(2e-4, 4), QStringLiteral("0.0002"));
    EXPECT_EQ(pecards::app::decimalNumber(-0.00012345, 3), QStringLiteral("-0.000123"));
    EXPECT_EQ(pecards::app::decimalNumber(-63822.1234, 6), QStringLiteral("-63822.1"));
}

TEST(MathText, TheEnginesPowersAreWrittenWithSuperscripts) {
    EXPECT_EQ(pecards::app::writtenPowers(QStringLiteral("in [1, 2^24] = [1, 16777216]")),
        QStringLiteral("in [1, 2²⁴] = [1, 16777216]"));
    EXPECT_EQ(pecards::app::writtenPowers(QStringLiteral("10^-3 to 2^40")), QStringLiteral("10⁻³ to 2⁴⁰"));
    EXPECT_EQ(
        pecards::app::writtenPowers(QStringLiteral("in [1e-04, 10000]")), QStringLiteral("in [10⁻⁴, 10000]"));
    EXPECT_EQ(pecards::app::writtenPowers(QStringLiteral("finite, > 1 and <= 1e+12; 2.5e-04")),
        QStringLiteral("finite, > 1 and <= 10¹²; 2.5 × 10⁻⁴"));
    EXPECT_EQ(pecards::app::writtenPowers(QStringLiteral("head_dim in [2, 1024]")),
        QStringLiteral("head_dim in [2, 1024]"));
}
