// Nice axis ticks and their labels, checked against hand-computed tick sets.
#include "app/qstringprinter.h"
#include "figure/ticks.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

using pecards::app::formatTick;
using pecards::app::indexTicks;
using pecards::app::ValueTicks;
using pecards::app::valueTicks;

TEST(ValueTicks, UnitRangeGetsStepPointTwo) {
    const auto ticks = valueTicks(0.0, 1.0, 6);
    EXPECT_DOUBLE_EQ(ticks.step, 0.2);
    ASSERT_EQ(ticks.values.size(), 6U);
    for (std::size_t k = 0; k < 6; ++k) {
        EXPECT_NEAR(ticks.values[k], 0.2 * static_cast<double>(k), 1e-12);
    }
}

TEST(ValueTicks, StepTwoPointFiveAndOnlyTicksInsideTheRange) {
    // range 15.9 over at most 7 ticks: 15.9/7 = 2.27 -> 2.5; multiples of 2.5 in [-3.7, 12.2].
    const auto ticks = valueTicks(-3.7, 12.2, 7);
    EXPECT_DOUBLE_EQ(ticks.step, 2.5);
    EXPECT_EQ(ticks.values, (std::vector<double> {-2.5, 0.0, 2.5, 5.0, 7.5, 10.0}));
}

TEST(ValueTicks, NeverMoreThanMaxCount) {
    for (int maxCount = 2; maxCount <= 11; ++maxCount) {
        for (const double max : {0.013, 1.0, 7.0, 99.0, 128.0, 6.283185307179586, 12345.0}) {
            const auto ticks = valueTicks(0.0, max, maxCount);
            EXPECT_LE(static_cast<int>(ticks.values.size()), maxCount) << "max " << max;
            EXPECT_GE(ticks.values.size(), 1U) << "max " << max;
            for (const double v : ticks.values) {
                EXPECT_GE(v, 0.0);
                EXPECT_LE(v, max * (1 + 1e-9));
            }
        }
    }
}

namespace {

/// Multiples of `step` in [min, max] (the tolerance of valueTicks), counted independently up to 100.
int multiplesInside(double min, double max, double step) {
    int count = 0;
    for (double k = std::ceil(min / step - 1e-9); k * step <= max + 1e-9 * step && count <= 100; k += 1.0)
        ++count;
    return count;
}

} // namespace

TEST(ValueTicks, PicksTheDensestNiceStepThatFits) {
    // Brute force over every 1/2/2.5/5 x 10^k step: the smallest whose multiples in the range
    // number at most maxCount is the one valueTicks must pick. The teacher's compare tab had
    // [-45, 45] at 3 ticks drawn as a single "0" (step 50, where 25 fits).
    const std::vector<std::pair<double, double>> ranges {{-45.0, 45.0}, {-1.0, 1.0}, {0.0, 1.0}, {-3.7, 12.2},
        {-0.013, 0.02}, {100.0, 137.0}, {-6.283185307179586, 6.283185307179586}, {-7e5, 2e5}};
    for (const auto& [min, max] : ranges) {
        for (int maxCount = 2; maxCount <= 11; ++maxCount) {
            double densest = 0.0;
            for (int exponent = -4; exponent <= 7 && densest == 0.0; ++exponent) {
                for (const double mantissa : {1.0, 2.0, 2.5, 5.0}) {
                    const double step = mantissa * std::pow(10.0, exponent);
                    if (multiplesInside(min, max, step) <= maxCount) {
                        densest = step;
                        break;
                    }
                }
            }
            const auto ticks = valueTicks(min, max, maxCount);
            EXPECT_NEAR(ticks.step, densest, 1e-9 * densest) << min << ".." << max << " at " << maxCount;
            EXPECT_EQ(static_cast<int>(ticks.values.size()), multiplesInside(min, max, densest));
        }
    }
    EXPECT_EQ(valueTicks(-45.0, 45.0, 3).values, (std::vector<double> {-25.0, 0.0, 25.0}));
}

TEST(ValueTicks, NegativeRangeHasExactZeroAndRejectsBadInput) {
    const auto ticks = valueTicks(-1.0, 1.0, 5);
    EXPECT_EQ(ticks.values, (std::vector<double> {-1.0, -0.5, 0.0, 0.5, 1.0}));
    EXPECT_THROW(valueTicks(1.0, 1.0, 5), std::invalid_argument);
    EXPECT_THROW(valueTicks(0.0, std::numeric_limits<double>::infinity(), 5), std::invalid_argument);
    EXPECT_THROW(valueTicks(0.0, 1.0, 1), std::invalid_argument);
}

TEST(IndexTicks, PositionsOfAFullLengthAxis) {
    EXPECT_EQ(indexTicks(0, 4095, 6), (std::vector<qint64> {0, 1000, 2000, 3000, 4000}));
    EXPECT_EQ(indexTicks(1000, 1299, 6), (std::vector<qint64> {1000, 1050, 1100, 1150, 1200, 1250}));
    EXPECT_EQ(indexTicks(900, 1399, 6), (std::vector<qint64> {900, 1000, 1100, 1200, 1300}));
}

TEST(IndexTicks, ShortAxesUseStepOneAndSingleEntries) {
    EXPECT_EQ(indexTicks(10, 13, 11), (std::vector<qint64> {10, 11, 12, 13}));
    EXPECT_EQ(indexTicks(7, 7, 5), (std::vector<qint64> {7}));
    EXPECT_THROW(indexTicks(5, 4, 5), std::invalid_argument);
}

TEST(ValueTicks, WholeDoubleRangeAtTwoTicksHasAFiniteStep) {
    // Found by the ticks fuzz target: the next nice step above 1e308 overflowed and the ends
    // came back with an infinite step.
    const ValueTicks ticks = valueTicks(-1e308, 1e308, 2);
    EXPECT_EQ(ticks.values, (std::vector<double> {-1e308, 1e308}));
    EXPECT_TRUE(std::isfinite(ticks.step));
    EXPECT_GT(ticks.step, 0.0);
}

TEST(ValueTicks, RangeFromMinusDblMaxHasNoInfiniteTick) {
    // Found by the ticks fuzz target: min - tolerance overflowed to -inf and became a tick.
    const ValueTicks ticks = valueTicks(-std::numeric_limits<double>::max(), -1.5e-154, 8);
    ASSERT_FALSE(ticks.values.empty());
    for (const double value : ticks.values) {
        EXPECT_TRUE(std::isfinite(value)) << value;
    }
}

TEST(IndexTicks, FewTicksStillLabelTheAxis) {
    // Found by the ticks fuzz target: the nice step above span / maxCount (5000) had no multiple
    // in 63..4095, so the axis got no tick at all.
    EXPECT_EQ(indexTicks(63, 4095, 2), (std::vector<qint64> {2000, 4000}));
    // And where the ends were converted to double before subtracting (a span of 3 became 512).
    EXPECT_EQ(indexTicks(2387225703656530176, 2387225703656530179, 2),
        (std::vector<qint64> {2387225703656530176, 2387225703656530178}));
    for (int maxCount = 2; maxCount <= 12; ++maxCount) {
        for (qint64 first : {qint64 {1}, qint64 {63}, qint64 {999}, qint64 {4001}}) {
            for (qint64 last : {first + 1, first + 7, first + 4032, first + 99999}) {
                const std::vector<qint64> ticks = indexTicks(first, last, maxCount);
                ASSERT_FALSE(ticks.empty()) << first << ".." << last << " at " << maxCount;
                EXPECT_LE(ticks.size(), static_cast<std::size_t>(maxCount));
                EXPECT_GE(ticks.front(), first);
                EXPECT_LE(ticks.back(), last);
            }
        }
    }
}

TEST(FormatTick, DecimalsFollowTheStep) {
    EXPECT_EQ(formatTick(0.25, 0.25), QStringLiteral("0.25"));
    EXPECT_EQ(formatTick(0.4, 0.2), QStringLiteral("0.4"));
    EXPECT_EQ(formatTick(1000.0, 500.0), QStringLiteral("1000"));
    EXPECT_EQ(formatTick(7.5, 2.5), QStringLiteral("7.5"));
    EXPECT_EQ(formatTick(125.0, 25.0), QStringLiteral("125"));
}

TEST(FormatTick, TypographicMinusZeroAndScientific) {
    EXPECT_EQ(formatTick(-2.5, 2.5), QString(QChar(0x2212)) + QStringLiteral("2.5"));
    EXPECT_EQ(formatTick(1e-17, 0.2), QStringLiteral("0.0")); // as many decimals as its neighbours
    EXPECT_EQ(formatTick(-1e-17, 1.0), QStringLiteral("0")); // never "−0"
    EXPECT_EQ(formatTick(2e6, 5e5), QStringLiteral("2.0 × 10⁶")); // as mathematics, not "2.0e+06"
    EXPECT_EQ(formatTick(3e-5, 1e-5), QStringLiteral("3.0 × 10⁻⁵"));
}

// Ranges at the ends of double and qint64: every loop is bounded (a range of -1e308:1e308 once
// made max - min infinite and the tick loop endless).
TEST(ValueTicks, ExtremeRangesEndWithNiceTicksInside) {
    const auto whole = valueTicks(-1e308, 1e308, 6);
    ASSERT_GE(whole.values.size(), 2U);
    EXPECT_LE(whole.values.size(), 6U);
    EXPECT_EQ(whole.step, 5e307); // (2e308 / 6) rounded up to a nice step
    EXPECT_LE(whole.values.front(), 0.0);
    for (const double v : whole.values) {
        EXPECT_TRUE(std::isfinite(v));
        EXPECT_LE(std::abs(v), 1e308);
    }
    const auto positive = valueTicks(0.0, std::numeric_limits<double>::max(), 10);
    EXPECT_LE(positive.values.size(), 10U);
    EXPECT_TRUE(std::isfinite(positive.step));
}

TEST(ValueTicks, RangesBelowDoubleResolutionEnd) {
    // 1e17 + 16: the ticks k * step have |k| > 2^53, where k + 1 == k.
    const auto narrow = valueTicks(1e17, 1e17 + 16.0, 5);
    EXPECT_LE(narrow.values.size(), 5U);
    for (std::size_t i = 1; i < narrow.values.size(); ++i) {
        EXPECT_LT(narrow.values[i - 1], narrow.values[i]);
    }
    const double tiny = std::numeric_limits<double>::denorm_min();
    EXPECT_LE(valueTicks(tiny, 2 * tiny, 5).values.size(), 5U);
}

TEST(IndexTicks, WholeQint64RangeEndsWithoutOverflow) {
    constexpr qint64 lowest = std::numeric_limits<qint64>::min();
    constexpr qint64 highest = std::numeric_limits<qint64>::max();
    const std::vector<qint64> ticks = indexTicks(lowest, highest, 5);
    ASSERT_FALSE(ticks.empty());
    EXPECT_LE(ticks.size(), 5U);
    EXPECT_EQ(ticks.front() % 1000000000000000000, 0);
    EXPECT_LE(indexTicks(highest - 10, highest, 3).size(), 3U);
    EXPECT_LE(indexTicks(lowest, lowest + 10, 3).size(), 3U);
}

TEST(FormatTick, DegenerateStepsStillFormat) {
    EXPECT_FALSE(formatTick(1e308, std::numeric_limits<double>::denorm_min()).isEmpty());
    EXPECT_FALSE(formatTick(1.0, std::numeric_limits<double>::infinity()).isEmpty());
    EXPECT_FALSE(formatTick(0.0, 1e-300).isEmpty());
}
