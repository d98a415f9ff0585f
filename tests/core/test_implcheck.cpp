// checkInvFreq / checkCosSin: tables built here from the formulas written out (not the engine's
// code), in double and rounded to float32 / bfloat16 here, for the correct model and for each bug;
// the check must say "matches" for the correct ones and name the bug first for the others.

#include "pecards/errors.h"
#include "pecards/implcheck.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <numbers>
#include <string>

namespace {

using pecards::CheckFormat;
using pecards::CheckReport;

Eigen::VectorXd defaultTheta(double base, int r, int count) {
    Eigen::VectorXd theta(count);
    for (int i = 0; i < count; ++i)
        theta[i] = std::pow(base, -2.0 * i / r);
    return theta;
}

/// bfloat16 rounding written out: keep the top 16 bits of the float32, round to nearest even.
double bf16(double value) {
    const auto bits = std::bit_cast<std::uint32_t>(static_cast<float>(value));
    const std::uint32_t rounded = (bits + 0x7FFFu + ((bits >> 16) & 1u)) & 0xFFFF0000u;
    return std::bit_cast<float>(rounded);
}

/// YaRN (HF `_compute_yarn_parameters`, v5) written out: theta' = theta/s w + theta (1 - w).
Eigen::VectorXd yarnTheta(double base, int r, double s, double l0, bool truncate) {
    const auto dim = [&](double beta) {
        return r * std::log(l0 / (beta * 2 * std::numbers::pi)) / (2 * std::log(base));
    };
    double low = dim(32.0);
    double high = dim(1.0);
    if (truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    low = std::max(low, 0.0);
    high = std::min(high, r - 1.0);
    if (low == high)
        high += 0.001;
    Eigen::VectorXd theta = defaultTheta(base, r, r / 2);
    for (int i = 0; i < r / 2; ++i) {
        const double w = std::clamp((i - low) / (high - low), 0.0, 1.0); // 1: interpolated
        theta[i] = theta[i] / s * w + theta[i] * (1 - w);
    }
    return theta;
}

pecards::RopeParams rope(int head_dim, double base) {
    pecards::RopeParams params;
    params.head_dim = head_dim;
    params.base = base;
    return params;
}

pecards::RopeParams yarn(bool truncate = true) {
    pecards::RopeParams params = rope(64, 10000);
    params.scaling.type = pecards::RopeScalingType::Yarn;
    params.scaling.factor = 4;
    params.scaling.original_max_position_embeddings = 4096;
    params.scaling.truncate = truncate;
    return params;
}

std::string best(const CheckReport& report) {
    return report.variants.empty() ? "" : report.variants.front().name;
}

TEST(CheckInvFreq, TheCorrectTableMatchesInEveryFormat) {
    const Eigen::VectorXd theta = defaultTheta(500000, 128, 64);
    EXPECT_TRUE(pecards::checkInvFreq(rope(128, 500000), 4096, theta, CheckFormat::Float64).matches);
    Eigen::VectorXd f32 = theta;
    Eigen::VectorXd b16 = theta;
    for (Eigen::Index i = 0; i < theta.size(); ++i) {
        f32[i] = static_cast<float>(theta[i]);
        b16[i] = bf16(theta[i]);
    }
    EXPECT_TRUE(pecards::checkInvFreq(rope(128, 500000), 4096, f32, CheckFormat::Float32).matches);
    const CheckReport asBf16 = pecards::checkInvFreq(rope(128, 500000), 4096, b16, CheckFormat::Bfloat16);
    EXPECT_TRUE(asBf16.matches) << asBf16.max_error;
}

TEST(CheckInvFreq, ABf16BufferInAFloat32EngineIsNamed) {
    Eigen::VectorXd b16 = defaultTheta(10000, 128, 64);
    for (Eigen::Index i = 0; i < b16.size(); ++i)
        b16[i] = bf16(b16[i]);
    const CheckReport report = pecards::checkInvFreq(rope(128, 10000), 4096, b16, CheckFormat::Float32);
    EXPECT_FALSE(report.matches);
    EXPECT_EQ(best(report), "inv-freq-bf16");
    EXPECT_TRUE(report.variants.front().fits);
    EXPECT_EQ(report.first_pair, 1); // theta_0 = 1 is exact in bf16
}

TEST(CheckInvFreq, EachBugIsNamedFirst) {
    // YaRN with and without truncate, both written out here.
    EXPECT_TRUE(pecards::checkInvFreq(yarn(), 8192, yarnTheta(10000, 64, 4, 4096, true), CheckFormat::Float64)
                    .matches);
    EXPECT_EQ(
        best(pecards::checkInvFreq(yarn(), 8192, yarnTheta(10000, 64, 4, 4096, false), CheckFormat::Float32)),
        "yarn-truncate-off");
    EXPECT_EQ(best(pecards::checkInvFreq(yarn(), 8192, defaultTheta(10000, 64, 32), CheckFormat::Float32)),
        "scaling-ignored");
    // The base from the class default instead of rope_theta = 500000.
    EXPECT_EQ(best(pecards::checkInvFreq(
                  rope(64, 500000), 8192, defaultTheta(10000, 64, 32), CheckFormat::Float32)),
        "base-class-default");
    // partial_rotary_factor 0.5 of a 64-dim head ignored: 32 frequencies over 64 dims instead of 16 over 32.
    pecards::RopeParams partial = rope(64, 10000);
    partial.rotary_dim = 32;
    const CheckReport ignored
        = pecards::checkInvFreq(partial, 4096, defaultTheta(10000, 64, 32), CheckFormat::Float32);
    EXPECT_FALSE(ignored.matches);
    EXPECT_TRUE(std::isinf(ignored.max_error)); // another size than the reference's
    EXPECT_EQ(best(ignored), "partial-factor-ignored");
}

TEST(CheckInvFreq, NothingFitsNoise) {
    Eigen::VectorXd theta = defaultTheta(10000, 64, 32);
    theta[7] *= 1.01;
    const CheckReport report = pecards::checkInvFreq(rope(64, 10000), 4096, theta, CheckFormat::Float32);
    EXPECT_FALSE(report.matches);
    EXPECT_EQ(report.first_pair, 7);
    for (const pecards::CheckVariant& variant : report.variants)
        EXPECT_FALSE(variant.fits) << variant.name;
}

/// A cos/sin cache written out: rows m = 0..n-1, half-split cat(freqs, freqs) or interleaved.
void cache(const Eigen::VectorXd& theta, int n, double attention, bool interleaved, Eigen::MatrixXd& cos,
    Eigen::MatrixXd& sin, double (*round)(double) = nullptr, bool bf16Positions = false) {
    const auto pairs = theta.size();
    cos.resize(n, 2 * pairs);
    sin.resize(n, 2 * pairs);
    for (int m = 0; m < n; ++m) {
        const double position = bf16Positions ? bf16(m) : m;
        for (Eigen::Index i = 0; i < pairs; ++i) {
            double c = std::cos(position * theta[i]) * attention;
            double s = std::sin(position * theta[i]) * attention;
            if (round != nullptr) {
                c = round(c);
                s = round(s);
            }
            const Eigen::Index a = interleaved ? 2 * i : i;
            const Eigen::Index b = interleaved ? 2 * i + 1 : i + pairs;
            cos(m, a) = cos(m, b) = c;
            sin(m, a) = sin(m, b) = s;
        }
    }
}

double toFloat(double value) {
    return static_cast<float>(value);
}

TEST(CheckCosSin, TheCorrectCacheMatchesAndFloat32RoundingIsNoFalseAlarm) {
    const pecards::RopeParams params = yarn();
    const double attention = 0.1 * std::log(4.0) + 1;
    Eigen::MatrixXd cos;
    Eigen::MatrixXd sin;
    cache(yarnTheta(10000, 64, 4, 4096, true), 3000, attention, false, cos, sin);
    EXPECT_TRUE(pecards::checkCosSin(params, 8192, cos, sin, 0, CheckFormat::Float64).matches);
    cache(yarnTheta(10000, 64, 4, 4096, true), 3000, attention, false, cos, sin, &toFloat);
    const CheckReport f32 = pecards::checkCosSin(params, 8192, cos, sin, 0, CheckFormat::Float32);
    EXPECT_TRUE(f32.matches) << f32.max_error;
    EXPECT_LT(f32.max_phase_error, 1e-6);
    // One column per pair is read too.
    EXPECT_TRUE(
        pecards::checkCosSin(params, 8192, cos.leftCols(32), sin.leftCols(32), 0, CheckFormat::Float32)
            .matches);
}

/// IEEE half rounding written out for |x| <= 1 (normal range from 2^-14, subnormals below):
/// 11 significant bits, ties to even.
double fp16(double value) {
    const double magnitude = std::abs(value);
    if (magnitude == 0.0)
        return value;
    const int exponent = std::max(static_cast<int>(std::floor(std::log2(magnitude))), -14);
    const double step = std::ldexp(1.0, exponent - 10);
    return std::nearbyint(value / step) * step;
}

TEST(CheckCosSin, CachesStoredInHalfFormatsMatchAsSuchAndAreNamedWhereFloat32IsClaimed) {
    const pecards::RopeParams params = rope(64, 10000);
    const Eigen::VectorXd theta = defaultTheta(10000, 64, 32);
    Eigen::MatrixXd cos;
    Eigen::MatrixXd sin;
    cache(theta, 2048, 1.0, false, cos, sin, &bf16);
    const CheckReport asBf16 = pecards::checkCosSin(params, 2048, cos, sin, 0, CheckFormat::Bfloat16);
    EXPECT_TRUE(asBf16.matches) << asBf16.max_error;
    const CheckReport claimed = pecards::checkCosSin(params, 2048, cos, sin, 0, CheckFormat::Float32);
    EXPECT_FALSE(claimed.matches);
    EXPECT_EQ(best(claimed), "cache-bf16");
    EXPECT_TRUE(claimed.variants.front().fits);
    cache(theta, 2048, 1.0, false, cos, sin, &fp16);
    const CheckReport asFp16 = pecards::checkCosSin(params, 2048, cos, sin, 0, CheckFormat::Float16);
    EXPECT_TRUE(asFp16.matches) << asFp16.max_error;
    EXPECT_EQ(best(pecards::checkCosSin(params, 2048, cos, sin, 0, CheckFormat::Float32)), "cache-fp16");
    // A correct float32 cache is not taken for a rounded one.
    cache(theta, 2048, 1.0, false, cos, sin, &toFloat);
    const CheckReport f32 = pecards::checkCosSin(params, 2048, cos, sin, 0, CheckFormat::Float32);
    EXPECT_TRUE(f32.matches);
    for (const pecards::CheckVariant& variant : f32.variants) {
        if (variant.name == "cache-bf16" || variant.name == "cache-fp16") {
            EXPECT_FALSE(variant.fits) << variant.name;
        }
    }
}

TEST(CheckCosSin, TheErrorMapPoolsPositionsIntoBlocks) {
    // 1000 positions of a plain d = 16 cache (8 pairs, base 10000) from position 100, one sin entry
    // off by 1e-9 at table row 613 (position 713), pair 5 (half-split columns 5 and 13): the
    // tolerance there is 16 u (1 + 713 theta_5), u = 2^-53, theta_5 = 10000^(-10/16).
    const pecards::RopeParams params = rope(16, 10000);
    Eigen::MatrixXd cos;
    Eigen::MatrixXd sin;
    cache(defaultTheta(10000, 16, 8), 1100, 1.0, false, cos, sin);
    cos = cos.bottomRows(1000).eval();
    sin = sin.bottomRows(1000).eval();
    sin(613, 13) += 1e-9;
    const CheckReport report = pecards::checkCosSin(params, 1100, cos, sin, 100, CheckFormat::Float64);
    const pecards::CheckErrorMap& map = report.error_map;
    ASSERT_EQ(map.rows, pecards::kCheckMapRows);
    ASSERT_EQ(map.cols, 8);
    EXPECT_EQ(map.first_position, 100);
    EXPECT_EQ(map.positions, 1000);
    const double angle = 713.0 * std::pow(10000.0, -10.0 / 16.0);
    const double tolerance = 16.0 * std::ldexp(1.0, -53) * (1.0 + angle);
    // Row 613 of 1000 falls in block floor(613 * 256 / 1000) = 156.
    EXPECT_NEAR(map.at(156, 5), 1e-9 / tolerance, 1e-3 * 1e-9 / tolerance);
    for (int r = 0; r < map.rows; ++r) {
        for (int c = 0; c < map.cols; ++c) {
            if (r != 156 || c != 5) {
                EXPECT_LE(map.at(r, c), 1.0) << r << ", " << c;
            }
        }
    }
    EXPECT_EQ(report.first_position, 713);
    EXPECT_EQ(report.first_pair, 5);
}

TEST(CheckCosSin, TheErrorMapOfACorrectCacheStaysWithinTheTolerance) {
    const pecards::RopeParams params = rope(16, 10000);
    Eigen::MatrixXd cos;
    Eigen::MatrixXd sin;
    cache(defaultTheta(10000, 16, 8), 100, 1.0, false, cos, sin);
    sin(41, 13) += 1e-9; // position 41, pair 5
    const CheckReport report = pecards::checkCosSin(params, 100, cos, sin, 0, CheckFormat::Float64);
    const pecards::CheckErrorMap& map = report.error_map;
    ASSERT_EQ(map.rows, 100); // one row per position when there are fewer than kCheckMapRows
    const double angle = 41.0 * std::pow(10000.0, -10.0 / 16.0);
    const double tolerance = 16.0 * std::ldexp(1.0, -53) * (1.0 + angle);
    EXPECT_NEAR(map.at(41, 5), 1e-9 / tolerance, 1e-3 * 1e-9 / tolerance);
    for (int r = 0; r < map.rows; ++r) {
        for (int c = 0; c < map.cols; ++c) {
            if (r != 41 || c != 5) {
                EXPECT_LE(map.at(r, c), 1.0) << r << ", " << c;
            }
        }
    }
    EXPECT_EQ(report.first_position, 41);
    EXPECT_EQ(report.first_pair, 5);
}

TEST(CheckCosSin, EachCacheBugIsNamedFirst) {
    const pecards::RopeParams params = yarn();
    const double attention = 0.1 * std::log(4.0) + 1;
    const Eigen::VectorXd theta = yarnTheta(10000, 64, 4, 4096, true);
    Eigen::MatrixXd cos;
    Eigen::MatrixXd sin;
    cache(theta, 2000, 1.0, false, cos, sin);
    EXPECT_EQ(best(pecards::checkCosSin(params, 8192, cos, sin, 0, CheckFormat::Float32)),
        "attention-factor-missing");
    cache(theta, 2000, attention * attention, false, cos, sin);
    EXPECT_EQ(best(pecards::checkCosSin(params, 8192, cos, sin, 0, CheckFormat::Float32)),
        "attention-factor-twice");
    cache(theta, 2000, attention, true, cos, sin);
    const CheckReport swapped = pecards::checkCosSin(params, 8192, cos, sin, 0, CheckFormat::Float32);
    EXPECT_EQ(best(swapped), "layout-swapped");
    EXPECT_EQ(swapped.first_position, 1); // position 0 is all cos 1, sin 0: no layout shows
    cache(theta, 2000, attention, false, cos, sin, nullptr, true);
    const CheckReport positions = pecards::checkCosSin(params, 8192, cos, sin, 0, CheckFormat::Float32);
    EXPECT_EQ(best(positions), "positions-bf16");
    EXPECT_EQ(positions.first_position, 257); // the first integer bfloat16 cannot hold
    cache(yarnTheta(10000, 64, 4, 4096, false), 2000, attention, false, cos, sin);
    EXPECT_EQ(
        best(pecards::checkCosSin(params, 8192, cos, sin, 0, CheckFormat::Float32)), "yarn-truncate-off");
}

TEST(CheckCosSin, ACacheFromALaterFirstPositionAndBadShapes) {
    const pecards::RopeParams params = rope(16, 10000);
    Eigen::MatrixXd cos;
    Eigen::MatrixXd sin;
    cache(defaultTheta(10000, 16, 8), 600, 1.0, false, cos, sin);
    EXPECT_TRUE(pecards::checkCosSin(
        params, 4096, cos.bottomRows(100), sin.bottomRows(100), 500, CheckFormat::Float64)
                    .matches);
    EXPECT_FALSE(pecards::checkCosSin(
        params, 4096, cos.bottomRows(100), sin.bottomRows(100), 499, CheckFormat::Float64)
                     .matches);
    EXPECT_THROW(
        pecards::checkCosSin(params, 4096, cos.leftCols(10), sin.leftCols(10), 0, CheckFormat::Float64),
        pecards::InvalidParameter);
    EXPECT_THROW(pecards::checkCosSin(params, 4096, cos, sin.topRows(5), 0, CheckFormat::Float64),
        pecards::InvalidParameter);
}

} // namespace

namespace {

/// R_m x written out for rows m = 0..n-1 of x: pairs (i, i + r/2) or (2i, 2i + 1), times `attention`.
Eigen::MatrixXd rotatedRows(
    const Eigen::MatrixXd& x, const Eigen::VectorXd& theta, double attention, bool interleaved) {
    Eigen::MatrixXd y = x;
    const auto pairs = theta.size();
    for (Eigen::Index m = 0; m < x.rows(); ++m) {
        for (Eigen::Index i = 0; i < pairs; ++i) {
            const Eigen::Index a = interleaved ? 2 * i : i;
            const Eigen::Index b = interleaved ? 2 * i + 1 : i + pairs;
            const double c = std::cos(static_cast<double>(m) * theta[i]) * attention;
            const double s = std::sin(static_cast<double>(m) * theta[i]) * attention;
            y(m, a) = x(m, a) * c - x(m, b) * s;
            y(m, b) = x(m, a) * s + x(m, b) * c;
        }
    }
    return y;
}

TEST(CheckRotated, RotatedQueriesMatchAndTheirBugsAreNamed) {
    const pecards::RopeParams params = yarn();
    const double attention = 0.1 * std::log(4.0) + 1;
    const Eigen::VectorXd theta = yarnTheta(10000, 64, 4, 4096, true);
    Eigen::MatrixXd x(300, 64);
    for (Eigen::Index r = 0; r < x.rows(); ++r)
        for (Eigen::Index c = 0; c < x.cols(); ++c)
            x(r, c) = std::sin(0.37 * static_cast<double>(r) + 1.3 * static_cast<double>(c))
                + 0.1 * static_cast<double>(c);
    EXPECT_TRUE(pecards::checkRotated(
        params, 8192, x, rotatedRows(x, theta, attention, false), 0, CheckFormat::Float64)
                    .matches);
    EXPECT_EQ(best(pecards::checkRotated(
                  params, 8192, x, rotatedRows(x, theta, attention, true), 0, CheckFormat::Float32)),
        "layout-swapped");
    EXPECT_EQ(best(pecards::checkRotated(
                  params, 8192, x, rotatedRows(x, theta, 1.0, false), 0, CheckFormat::Float32)),
        "attention-factor-missing");
    // A partial rotary head: dims 32..63 of a rotary_dim = 32 model pass through unchanged.
    pecards::RopeParams partial = rope(64, 10000);
    partial.rotary_dim = 32;
    Eigen::MatrixXd y = x;
    y.leftCols(32) = rotatedRows(x.leftCols(32), defaultTheta(10000, 32, 16), 1.0, false);
    EXPECT_TRUE(pecards::checkRotated(partial, 4096, x, y, 0, CheckFormat::Float64).matches);
    EXPECT_EQ(best(pecards::checkRotated(partial, 4096, x,
                  rotatedRows(x, defaultTheta(10000, 64, 32), 1.0, false), 0, CheckFormat::Float32)),
        "partial-factor-ignored");
    EXPECT_THROW(pecards::checkRotated(params, 8192, x, x.leftCols(32), 0, CheckFormat::Float32),
        pecards::InvalidParameter);
}

TEST(CheckVariants, TheBugsThePitfallCatalogueShowsLeadThere) {
    using pecards::Pitfall;
    EXPECT_EQ(pecards::pitfallOfVariant("inv-freq-bf16"), Pitfall::RopeInvFreqLowPrecision);
    EXPECT_EQ(pecards::pitfallOfVariant("inv-freq-fp16"), Pitfall::RopeInvFreqLowPrecision);
    EXPECT_EQ(pecards::pitfallOfVariant("positions-bf16"), Pitfall::RopePositionsLowPrecision);
    EXPECT_EQ(pecards::pitfallOfVariant("positions-fp16"), Pitfall::RopePositionsLowPrecision);
    EXPECT_EQ(pecards::pitfallOfVariant("dynamic-ntk-wrong-length"), Pitfall::RopeStaleDynamicNtk);
    EXPECT_EQ(pecards::pitfallOfVariant("partial-convention"), Pitfall::RopePartialConvention);
    EXPECT_EQ(pecards::pitfallOfVariant("reference"), Pitfall::None);
    EXPECT_EQ(pecards::pitfallOfVariant("yarn-truncate-off"), Pitfall::None);
    // Every mapped name is one the check reports: a bf16 inv_freq cache is diagnosed by that name.
    const CheckReport report = pecards::checkInvFreq(rope(64, 10000), 4096,
        defaultTheta(10000, 64, 32).unaryExpr([](double theta) { return bf16(theta); }),
        CheckFormat::Float32);
    EXPECT_EQ(best(report), "inv-freq-bf16");
    EXPECT_EQ(pecards::pitfallOfVariant(best(report)), Pitfall::RopeInvFreqLowPrecision);
}

} // namespace

namespace {

/// DeepSeek-V3's YaRN form (config: factor 40, original 4096, mscale 1, mscale_all_dim 0.8 here so
/// that the ratio is not 1): HF `get_mscale(s, m)` = 0.1 m ln s + 1 written out.
TEST(CheckCosSin, DeepseekMscaleBugsAreNamed) {
    pecards::RopeParams params = rope(64, 10000);
    params.layout = pecards::RopeLayout::Interleaved;
    params.scaling.type = pecards::RopeScalingType::Yarn;
    params.scaling.factor = 40;
    params.scaling.original_max_position_embeddings = 4096;
    params.scaling.mscale = 1.0;
    params.scaling.mscale_all_dim = 0.8;
    params.scaling.deepseek_softmax_mscale = true;
    const auto mscale = [](double m) { return 0.1 * m * std::log(40.0) + 1.0; };
    const double ratio = mscale(1.0) / mscale(0.8);
    const Eigen::VectorXd theta = yarnTheta(10000, 64, 40, 4096, true);
    Eigen::MatrixXd cos;
    Eigen::MatrixXd sin;
    cache(theta, 500, ratio, true, cos, sin, &toFloat);
    EXPECT_TRUE(pecards::checkCosSin(params, 163840, cos, sin, 0, CheckFormat::Float32).matches);
    cache(theta, 500, mscale(1.0), true, cos, sin, &toFloat);
    EXPECT_EQ(
        best(pecards::checkCosSin(params, 163840, cos, sin, 0, CheckFormat::Float32)), "mscale-keys-ignored");
    cache(theta, 500, ratio * mscale(0.8) * mscale(0.8), true, cos, sin, &toFloat);
    EXPECT_EQ(best(pecards::checkCosSin(params, 163840, cos, sin, 0, CheckFormat::Float32)),
        "softmax-mscale-in-cache");
    // The same cache for a model without DeepSeek's softmax mscale has no such variant.
    params.scaling.deepseek_softmax_mscale = false;
    const CheckReport other = pecards::checkCosSin(params, 163840, cos, sin, 0, CheckFormat::Float32);
    for (const pecards::CheckVariant& variant : other.variants)
        EXPECT_NE(variant.name, "softmax-mscale-in-cache");
}

/// The ids transformers' Qwen2.5-VL get_rope_index gives text:3, image:4x6 (merge 2), text:2
/// (its docstring's rule; mrope.h's worked example), written out.
pecards::CheckMrope qwenImageIds(pecards::MropeLayout layout) {
    pecards::CheckMrope mrope;
    mrope.section = {2, 3, 3};
    mrope.layout = layout;
    mrope.ids = {std::vector<std::int64_t> {0, 1, 2, 3, 3, 3, 3, 3, 3, 6, 7},
        std::vector<std::int64_t> {0, 1, 2, 3, 3, 3, 4, 4, 4, 6, 7},
        std::vector<std::int64_t> {0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7}};
    return mrope;
}

/// The axis of pair j of 8 for section [2, 3, 3], written out: blocked t t h h h w w w; Qwen3-VL
/// interleaved t h w t h w t h (j % 3, while j < 3 s).
int axisOf(int pair, bool interleaved) {
    if (interleaved)
        return pair % 3;
    return pair < 2 ? 0 : pair < 5 ? 1 : 2;
}

/// An M-RoPE cos/sin cache (half-split, base 10000, d = 16) for the ids of `mrope`; `flat`: row
/// index as every id.
void mropeCache(const pecards::CheckMrope& mrope, bool interleaved, bool flat, Eigen::MatrixXd& cos,
    Eigen::MatrixXd& sin) {
    const Eigen::VectorXd theta = defaultTheta(10000, 16, 8);
    const auto rows = static_cast<Eigen::Index>(mrope.ids[0].size());
    cos.resize(rows, 16);
    sin.resize(rows, 16);
    for (Eigen::Index k = 0; k < rows; ++k) {
        for (int j = 0; j < 8; ++j) {
            const auto id = flat
                ? static_cast<double>(k)
                : static_cast<double>(
                    mrope.ids[static_cast<std::size_t>(axisOf(j, interleaved))][static_cast<std::size_t>(k)]);
            cos(k, j) = cos(k, j + 8) = toFloat(std::cos(id * theta[j]));
            sin(k, j) = sin(k, j + 8) = toFloat(std::sin(id * theta[j]));
        }
    }
}

TEST(CheckCosSin, MropeLayoutsAndIdsAreChecked) {
    const pecards::RopeParams params = rope(16, 10000);
    Eigen::MatrixXd cos;
    Eigen::MatrixXd sin;
    for (const bool interleaved : {false, true}) {
        const pecards::CheckMrope mrope
            = qwenImageIds(interleaved ? pecards::MropeLayout::Interleaved : pecards::MropeLayout::Blocked);
        mropeCache(mrope, interleaved, false, cos, sin);
        EXPECT_TRUE(pecards::checkCosSin(params, 4096, cos, sin, mrope, CheckFormat::Float32).matches);
        mropeCache(mrope, !interleaved, false, cos, sin);
        const CheckReport swapped = pecards::checkCosSin(params, 4096, cos, sin, mrope, CheckFormat::Float32);
        EXPECT_FALSE(swapped.matches);
        EXPECT_EQ(best(swapped), "mrope-layout-swapped");
        // Tokens 0-3 have t = h = w, so the layouts first differ at token 4 (w = 4, t = h = 3).
        EXPECT_EQ(swapped.first_position, 4);
        mropeCache(mrope, interleaved, true, cos, sin);
        const CheckReport flat = pecards::checkCosSin(params, 4096, cos, sin, mrope, CheckFormat::Float32);
        EXPECT_EQ(best(flat), "mrope-ids-ignored");
        EXPECT_EQ(flat.first_position, 4); // the ids equal the index for the first 4 tokens
    }
}

TEST(CheckRotated, MropeRotatedVectorsAndBadIds) {
    const pecards::RopeParams params = rope(16, 10000);
    const pecards::CheckMrope mrope = qwenImageIds(pecards::MropeLayout::Interleaved);
    Eigen::MatrixXd cos;
    Eigen::MatrixXd sin;
    mropeCache(mrope, true, false, cos, sin);
    Eigen::MatrixXd x(11, 16);
    for (Eigen::Index r = 0; r < x.rows(); ++r)
        for (Eigen::Index c = 0; c < x.cols(); ++c)
            x(r, c) = std::cos(0.7 * static_cast<double>(r) - 0.4 * static_cast<double>(c));
    // HF apply_rotary_pos_emb: q * cos + rotate_half(q) * sin.
    Eigen::MatrixXd y(11, 16);
    for (Eigen::Index r = 0; r < x.rows(); ++r) {
        for (int c = 0; c < 16; ++c) {
            const double half = c < 8 ? -x(r, c + 8) : x(r, c - 8);
            y(r, c) = x(r, c) * cos(r, c) + half * sin(r, c);
        }
    }
    EXPECT_TRUE(pecards::checkRotated(params, 4096, x, y, mrope, CheckFormat::Float32).matches);
    mropeCache(mrope, false, false, cos, sin);
    for (Eigen::Index r = 0; r < x.rows(); ++r) {
        for (int c = 0; c < 16; ++c) {
            const double half = c < 8 ? -x(r, c + 8) : x(r, c - 8);
            y(r, c) = x(r, c) * cos(r, c) + half * sin(r, c);
        }
    }
    EXPECT_EQ(
        best(pecards::checkRotated(params, 4096, x, y, mrope, CheckFormat::Float32)), "mrope-layout-swapped");
    pecards::CheckMrope bad = mrope;
    bad.ids[1].pop_back();
    EXPECT_THROW(
        pecards::checkRotated(params, 4096, x, y, bad, CheckFormat::Float32), pecards::InvalidParameter);
    bad = mrope;
    bad.section = {2, 3, 4}; // 9 pairs for 8
    EXPECT_THROW(
        pecards::checkCosSin(params, 4096, cos, sin, bad, CheckFormat::Float32), pecards::InvalidParameter);
    bad = mrope;
    bad.ids[2][3] = -1;
    EXPECT_THROW(
        pecards::checkCosSin(params, 4096, cos, sin, bad, CheckFormat::Float32), pecards::InvalidParameter);
}

} // namespace
