// Golden and property tests of RoPE (rope.h): frequencies, both layouts, partial rotary,
// score profile, long-term decay and angle precision at m = 2^20 and at the length limit 2^24.

#include "pecards/errors.h"
#include "pecards/probe.h"
#include "pecards/rope.h"
#include "support/golden.h"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

namespace pecards {
namespace {

using test::expectClose;
using test::GoldenCase;
using test::Tolerance;

RopeParams ropeParams(int head_dim, double base, RopeLayout layout, int rotary_dim = 0) {
    RopeParams p;
    p.head_dim = head_dim;
    p.base = base;
    p.layout = layout;
    p.rotary_dim = rotary_dim;
    return p;
}

class RopeInvFreqGolden : public ::testing::TestWithParam<const char*> { };

TEST_P(RopeInvFreqGolden, MatchesHfDefaultRope) {
    const GoldenCase c = GoldenCase::load(GetParam());
    const RopeParams p
        = ropeParams(c.params().at("d").get<int>(), c.paramNumber("base"), RopeLayout::HalfSplit);
    EXPECT_TRUE(expectClose(ropeInvFreq(p), c.expectVector("inv_freq"), c.tolerance()));
}

INSTANTIATE_TEST_SUITE_P(Cases, RopeInvFreqGolden,
    ::testing::Values("rope_inv_freq_d8_base10000", "rope_inv_freq_d8_base500000",
        "rope_inv_freq_d64_base10000", "rope_inv_freq_d64_base500000", "rope_inv_freq_d128_base10000",
        "rope_inv_freq_d128_base500000"));

/// Rotates the case's x to each of its positions.
Eigen::MatrixXd rotateAll(const GoldenCase& c, const RopeParams& p) {
    const Eigen::VectorXd x = c.paramVector("x");
    const Eigen::VectorXd positions = c.paramVector("positions");
    const Eigen::VectorXd theta = ropeInvFreq(p);
    Eigen::MatrixXd out(positions.size(), x.size());
    for (Eigen::Index n = 0; n < positions.size(); ++n) {
        out.row(n) = ropeRotate(p, theta, x, positions[n]).transpose();
    }
    return out;
}

TEST(RopeGolden, RotateHalfSplitD8) {
    const GoldenCase c = GoldenCase::load("rope_rotate_half_d8_base10000");
    const RopeParams p = ropeParams(8, c.paramNumber("base"), RopeLayout::HalfSplit);
    EXPECT_TRUE(expectClose(ropeInvFreq(p), c.expectVector("inv_freq"), c.tolerance()));
    EXPECT_TRUE(expectClose(rotateAll(c, p), c.expectMatrix("rotated"), c.tolerance()));
}

TEST(RopeGolden, RotateInterleavedD8) {
    const GoldenCase c = GoldenCase::load("rope_rotate_interleaved_d8_base10000");
    const RopeParams p = ropeParams(8, c.paramNumber("base"), RopeLayout::Interleaved);
    EXPECT_TRUE(expectClose(ropeInvFreq(p), c.expectVector("inv_freq"), c.tolerance()));
    EXPECT_TRUE(expectClose(rotateAll(c, p), c.expectMatrix("rotated"), c.tolerance()));
}

TEST(RopeGolden, PartialNeoxRotaryPct) {
    const GoldenCase c = GoldenCase::load("rope_partial_neox_h16_pct0.25");
    const RopeParams p = ropeParams(c.params().at("head_size").get<int>(), c.paramNumber("base"),
        RopeLayout::HalfSplit, c.params().at("rotary_ndims").get<int>());
    EXPECT_TRUE(expectClose(ropeInvFreq(p), c.expectVector("inv_freq"), c.tolerance()));
    EXPECT_TRUE(expectClose(rotateAll(c, p), c.expectMatrix("rotated"), c.tolerance()));
}

TEST(RopeGolden, PartialGptjRotaryDim) {
    const GoldenCase c = GoldenCase::load("rope_partial_gptj_h16_rd8");
    const RopeParams p = ropeParams(c.params().at("head_size").get<int>(), c.paramNumber("base"),
        RopeLayout::Interleaved, c.params().at("rotary_dim").get<int>());
    EXPECT_TRUE(expectClose(ropeInvFreq(p), c.expectVector("inv_freq"), c.tolerance()));
    EXPECT_TRUE(expectClose(rotateAll(c, p), c.expectMatrix("rotated"), c.tolerance()));
}

void checkScores(const char* id, RopeLayout layout) {
    const GoldenCase c = GoldenCase::load(id);
    const RopeParams p = ropeParams(c.params().at("d").get<int>(), c.paramNumber("base"), layout);
    const auto length = c.params().at("L").get<std::int64_t>();
    const Eigen::VectorXd q = c.paramVector("q");
    const Eigen::VectorXd k = c.paramVector("k");
    const Eigen::VectorXd theta = ropeInvFreq(p);
    // profile[delta + L-1] = S for delta = m - n in [-(L-1), L-1].
    const Eigen::VectorXd profile = ropeScoreProfile(p, theta, q, k, -(length - 1), 2 * length - 1);
    Eigen::MatrixXd s(length, length);
    for (std::int64_t m = 0; m < length; ++m) {
        for (std::int64_t n = 0; n < length; ++n) {
            s(m, n) = profile[m - n + length - 1];
        }
    }
    EXPECT_TRUE(expectClose(s, c.expectMatrix("S"), c.tolerance()));
    // by_offset is indexed by n - m, i.e. the profile reversed.
    EXPECT_TRUE(expectClose(profile.reverse(), c.expectVector("by_offset"), c.tolerance()));
}

TEST(RopeGolden, ScoresHalfSplitL6) {
    checkScores("rope_scores_half_d8_base10000_L6", RopeLayout::HalfSplit);
}

TEST(RopeGolden, ScoresInterleavedL6) {
    checkScores("rope_scores_interleaved_d8_base10000_L6", RopeLayout::Interleaved);
}

// Proportional RoPE (HF v5 `_compute_proportional_rope_parameters`): head 16, rotary_dim 4, base
// 100: theta_i = 100^(-2i/16) for the first 2 pairs, 0 for the other 6; pairs (i, i + 8).
TEST(RopeProportional, FrequenciesOverTheWholeHeadAndZeroPastTheRotatingPairs) {
    RopeParams p;
    p.head_dim = 16;
    p.rotary_dim = 4;
    p.base = 100.0;
    p.partial = RopePartial::Proportional;
    EXPECT_EQ(rotaryDim(p), 16);
    EXPECT_EQ(rotatingPairs(p), 2);
    Eigen::VectorXd want = Eigen::VectorXd::Zero(8);
    want[0] = 1.0;
    want[1] = std::pow(100.0, -2.0 / 16.0); // 0.5623413251903491
    EXPECT_TRUE(expectClose(ropeInvFreq(p), want, Tolerance {1e-15, 1e-15}));
    p.scaling.type = RopeScalingType::Linear; // HF divides by `factor`
    p.scaling.factor = 4.0;
    EXPECT_TRUE(expectClose(ropeScaledInvFreq(p, 0), want / 4.0, Tolerance {1e-15, 1e-15}));
    // Classic reading of the same keys: 2 pairs over 4 dims, theta_1 = 100^(-2/4) = 0.1.
    p.partial = RopePartial::Classic;
    p.scaling = {};
    EXPECT_TRUE(expectClose(ropeInvFreq(p), Eigen::Vector2d(1.0, 0.1), Tolerance {1e-15, 1e-15}));
}

// The pair map of Gemma 4's global layers (head 512, partial_rotary_factor 0.25 = 128 dims, HF
// v5 `_compute_proportional_rope_parameters` + `rotate_half`): proportional pairs dim k with
// k + 256 for every k < 256 and only the first 64 pairs turn; the classic reading pairs k with
// k + 64 inside the first 128 dims and lets dims 128..511 pass through.
TEST(RopePairing, Gemma4GlobalLayerProportionalAndClassic) {
    RopeParams p = ropeParams(512, 1e6, RopeLayout::HalfSplit, 128);
    p.partial = RopePartial::Proportional;
    std::vector<RopeDimension> dims = ropePairing(p);
    ASSERT_EQ(dims.size(), 512u);
    EXPECT_EQ(dims[0], (RopeDimension {0, 256}));
    EXPECT_EQ(dims[256], (RopeDimension {0, 0}));
    EXPECT_EQ(dims[63], (RopeDimension {63, 319}));
    EXPECT_EQ(dims[64], (RopeDimension {64, 320})); // paired, frequency 0
    EXPECT_EQ(dims[511], (RopeDimension {255, 255}));
    const Eigen::VectorXd theta = ropeInvFreq(p);
    EXPECT_GT(theta[63], 0.0);
    EXPECT_EQ(theta[64], 0.0);

    p.partial = RopePartial::Classic;
    dims = ropePairing(p);
    EXPECT_EQ(dims[0], (RopeDimension {0, 64}));
    EXPECT_EQ(dims[127], (RopeDimension {63, 63}));
    EXPECT_EQ(dims[128], (RopeDimension {-1, 128})); // passes through
    EXPECT_EQ(dims[511], (RopeDimension {-1, 511}));

    p.layout = RopeLayout::Interleaved; // GPT-J `rotate_every_two`: neighbours
    dims = ropePairing(p);
    EXPECT_EQ(dims[0], (RopeDimension {0, 1}));
    EXPECT_EQ(dims[127], (RopeDimension {63, 126}));
    EXPECT_EQ(dims[128], (RopeDimension {-1, 128}));
}

// Property: rotating the unit vector e_k moves weight onto dimension k and its partner only,
// and leaves a pass-through dimension (or a pair of frequency 0) unchanged, in every layout and
// convention (ropeRotate is checked against HF's rotate_half / GPT-J golden values above).
TEST(RopePairing, EveryUnitVectorTurnsIntoItsPartnerOnly) {
    for (const RopeLayout layout : {RopeLayout::HalfSplit, RopeLayout::Interleaved}) {
        for (const RopePartial partial : {RopePartial::Classic, RopePartial::Proportional}) {
            RopeParams p = ropeParams(24, 50.0, layout, 8);
            p.partial = partial;
            const std::vector<RopeDimension> dims = ropePairing(p);
            const Eigen::VectorXd theta = ropeInvFreq(p);
            for (int k = 0; k < p.head_dim; ++k) {
                const Eigen::VectorXd turned = ropeRotate(p, theta, Eigen::VectorXd::Unit(24, k), 1.0);
                const RopeDimension dim = dims[static_cast<std::size_t>(k)];
                for (int j = 0; j < p.head_dim; ++j) {
                    if (j != k && j != dim.partner) {
                        EXPECT_EQ(turned[j], 0.0) << "k " << k << " j " << j;
                    }
                }
                const bool turns = dim.pair >= 0 && theta[dim.pair] > 0.0;
                EXPECT_EQ(turned[dim.partner] != 0.0 && dim.partner != k, turns) << "k " << k;
                EXPECT_EQ(dims[static_cast<std::size_t>(dim.partner)].partner, k) << "k " << k;
            }
        }
    }
}

TEST(RopeProportional, OnlyNoneOrLinearScalingIsAccepted) {
    RopeParams p;
    p.head_dim = 64;
    p.rotary_dim = 16;
    p.partial = RopePartial::Proportional;
    p.scaling.type = RopeScalingType::Yarn;
    p.scaling.factor = 4.0;
    p.scaling.original_max_position_embeddings = 4096;
    EXPECT_THROW(validate(p), InvalidParameter);
    try {
        validate(p);
    } catch (const InvalidParameter& e) {
        EXPECT_EQ(e.name(), "rope_scaling.rope_type");
        EXPECT_NE(std::string(e.allowed()).find("none or linear"), std::string::npos) << e.allowed();
    }
}

// The classic and the proportional reading of one config agree at distance 0 (no rotation) and
// diverge from the first position on: short tests at position 0 cannot tell them apart.
TEST(RopeProportional, AgreesWithClassicAtDistanceZeroOnlyAndTheGapGrows) {
    RopeParams proportional;
    proportional.head_dim = 64;
    proportional.rotary_dim = 16;
    proportional.base = 1e6;
    proportional.partial = RopePartial::Proportional;
    RopeParams classic = proportional;
    classic.partial = RopePartial::Classic;
    const Eigen::VectorXd q = Eigen::VectorXd::LinSpaced(64, -1.0, 1.5);
    const Eigen::VectorXd k = Eigen::VectorXd::LinSpaced(64, 0.75, -0.5);
    const Eigen::VectorXd a = ropeScoreProfile(proportional, ropeInvFreq(proportional), q, k, 0, 64);
    const Eigen::VectorXd b = ropeScoreProfile(classic, ropeInvFreq(classic), q, k, 0, 64);
    EXPECT_NEAR(a[0], q.dot(k), 1e-12); // no rotation at distance 0, in both readings
    EXPECT_NEAR(b[0], q.dot(k), 1e-12);
    EXPECT_GT(std::abs(a[1] - b[1]), 1e-3);
    EXPECT_GT((a - b).tail(32).cwiseAbs().maxCoeff(), (a - b).segment(1, 4).cwiseAbs().maxCoeff());
}

TEST(RopeGolden, RoformerLongTermDecay) {
    const GoldenCase c = GoldenCase::load("roformer_decay_d128_base10000");
    const RopeParams p
        = ropeParams(c.params().at("d").get<int>(), c.paramNumber("base"), RopeLayout::Interleaved);
    const Eigen::VectorXd bound = ropeLongTermDecay(ropeInvFreq(p), c.paramVector("r"));
    EXPECT_TRUE(expectClose(bound, c.expectVector("bound"), c.tolerance()));
    EXPECT_DOUBLE_EQ(bound[0], (64.0 + 1.0) / 2.0); // B(0) = (d/2 + 1)/2
}

/// cfg_* cases whose RoPE has no scaling: inv_freq first3/last3 from head_dim, rotary_dim, theta.
TEST(RopeGolden, UnscaledConfigFrequencies) {
    struct Config {
        const char* id;
        RopeLayout layout;
    };
    for (const Config& config : {Config {"cfg_llama-2-7b", RopeLayout::HalfSplit},
             Config {"cfg_mistral-7b-v0.1", RopeLayout::HalfSplit},
             Config {"cfg_gpt-j-6b", RopeLayout::Interleaved},
             Config {"cfg_llama-3.1-8b", RopeLayout::HalfSplit}}) {
        SCOPED_TRACE(config.id);
        const GoldenCase c = GoldenCase::load(config.id);
        const RopeParams p = ropeParams(c.expect().at("head_dim").get<int>(), c.expectNumber("rope_theta"),
            config.layout, c.expect().at("rotary_dim").get<int>());
        const Eigen::VectorXd theta = ropeInvFreq(p);
        const auto& expect = c.expect().contains("inv_freq_unscaled") ? c.expect().at("inv_freq_unscaled")
                                                                      : c.expect().at("inv_freq");
        EXPECT_TRUE(expectClose(theta.head(3), test::toVector(expect.at("first3")), c.tolerance()));
        EXPECT_TRUE(expectClose(theta.tail(3), test::toVector(expect.at("last3")), c.tolerance()));
    }
}

// ---------------------------------------------------------------------------------------------
// Properties over a few parameter sets (identity-like, tiny, partial, large).

struct RopeSet {
    int head_dim;
    int rotary_dim;
    double base;
    RopeLayout layout;
};

void PrintTo(const RopeSet& s, std::ostream* os) {
    *os << "d" << s.head_dim << "_r" << s.rotary_dim << "_base" << s.base << "_" << toString(s.layout);
}

class RopeProperty : public ::testing::TestWithParam<RopeSet> {
protected:
    RopeParams params() const {
        const RopeSet s = GetParam();
        return ropeParams(s.head_dim, s.base, s.layout, s.rotary_dim);
    }
    Eigen::VectorXd randomVector(ProbeStream stream, std::int64_t position) const {
        return contentVector(42, stream, position, GetParam().head_dim);
    }
};

/// Independent formula: the head_dim x head_dim block rotation matrix of position m.
Eigen::MatrixXd rotationMatrix(const RopeParams& p, const Eigen::VectorXd& theta, double m) {
    Eigen::MatrixXd r = Eigen::MatrixXd::Identity(p.head_dim, p.head_dim);
    const int rd = rotaryDim(p);
    for (int i = 0; i < rd / 2; ++i) {
        const Eigen::Index a = p.layout == RopeLayout::Interleaved ? 2 * i : i;
        const Eigen::Index b = p.layout == RopeLayout::Interleaved ? 2 * i + 1 : i + rd / 2;
        const double angle = m * theta[i];
        r(a, a) = std::cos(angle);
        r(a, b) = -std::sin(angle);
        r(b, a) = std::sin(angle);
        r(b, b) = std::cos(angle);
    }
    return r;
}

TEST_P(RopeProperty, PreservesNorms) {
    const RopeParams p = params();
    const Eigen::VectorXd theta = ropeInvFreq(p);
    for (std::int64_t m : {0, 1, 7, 1000, 65535, 1 << 20}) {
        const Eigen::VectorXd x = randomVector(ProbeStream::Query, m % 97);
        EXPECT_NEAR(ropeRotate(p, theta, x, static_cast<double>(m)).norm(), x.norm(), 1e-12) << "m = " << m;
    }
}

TEST_P(RopeProperty, PositionZeroIsIdentity) {
    const RopeParams p = params();
    const Eigen::VectorXd x = randomVector(ProbeStream::Key, 3);
    EXPECT_TRUE(expectClose(ropeRotate(p, ropeInvFreq(p), x, 0.0), x, {0, 0}));
}

TEST_P(RopeProperty, RotateMatchesExplicitRotationMatrix) {
    const RopeParams p = params();
    const Eigen::VectorXd theta = ropeInvFreq(p);
    const Eigen::VectorXd x = randomVector(ProbeStream::Query, 5);
    for (double m : {1.0, 3.0, 250.0, 4095.0}) {
        EXPECT_TRUE(expectClose(ropeRotate(p, theta, x, m), rotationMatrix(p, theta, m) * x, {1e-12, 1e-12}));
    }
}

TEST_P(RopeProperty, ScoreProfileEqualsRotatedDotProducts) {
    const RopeParams p = params();
    const Eigen::VectorXd theta = ropeInvFreq(p);
    const Eigen::VectorXd q = randomVector(ProbeStream::Query, 11);
    const Eigen::VectorXd k = randomVector(ProbeStream::Key, 12);
    const std::int64_t pairs[][2] = {{0, 0}, {5, 2}, {2, 5}, {100, 37}, {4000, 4090}, {70000, 3}};
    for (const auto& pair : pairs) {
        const std::int64_t m = pair[0];
        const std::int64_t n = pair[1];
        const double direct = (rotationMatrix(p, theta, static_cast<double>(m)) * q)
                                  .dot(rotationMatrix(p, theta, static_cast<double>(n)) * k);
        const Eigen::VectorXd profile = ropeScoreProfile(p, theta, q, k, m - n, 1);
        EXPECT_NEAR(profile[0], direct, 1e-9) << "m = " << m << ", n = " << n;
    }
}

TEST_P(RopeProperty, AnglesAt2Pow20MatchLongDouble) {
    const RopeParams p = params();
    const Eigen::VectorXd theta = ropeInvFreq(p);
    const std::int64_t m = std::int64_t {1} << 20;
    const Eigen::MatrixXd angles = ropeAngles(theta, m - 1, 2);
    const int rd = rotaryDim(p);
    for (int i = 0; i < rd / 2; ++i) {
        const long double exact
            = static_cast<long double>(m) / std::pow(static_cast<long double>(p.base), 2.0L * i / rd);
        EXPECT_NEAR(static_cast<double>(static_cast<long double>(angles(1, i)) - exact), 0.0, 1e-9)
            << "i = " << i;
    }
    EXPECT_DOUBLE_EQ(angles(1, 0), static_cast<double>(m)); // theta_0 = 1 rad per position
}

TEST_P(RopeProperty, AnglesAtTheLengthLimitMatchLongDouble) {
    const RopeParams p = params();
    const Eigen::VectorXd theta = ropeInvFreq(p);
    ASSERT_EQ(kMaxLength, std::int64_t {1} << 24);
    const Eigen::MatrixXd angles = ropeAngles(theta, kMaxLength - 1, 2);
    const int rd = rotaryDim(p);
    for (int i = 0; i < rd / 2; ++i) {
        const long double exact = static_cast<long double>(kMaxLength)
            / std::pow(static_cast<long double>(p.base), 2.0L * i / rd);
        // double m * theta at m = 2^24: a few 1e-9 rad, far below the 1e-4 rad the views need.
        EXPECT_NEAR(static_cast<double>(static_cast<long double>(angles(1, i)) - exact), 0.0, 1e-8)
            << "i = " << i;
    }
}

TEST_P(RopeProperty, ScoresAtDeltasNearTheLengthLimitMatchLongDouble) {
    const RopeParams p = params();
    const Eigen::VectorXd theta = ropeInvFreq(p);
    const Eigen::VectorXd ones = Eigen::VectorXd::Ones(p.head_dim);
    const int rd = rotaryDim(p);
    // (R_i 1).(R_j 1) = sum over the rotary pairs of 2 cos(delta theta_i), plus the d - r
    // pass-through dims (RoFormer eq. 16), evaluated in long double.
    const auto reference = [&](std::int64_t delta) {
        long double sum = static_cast<long double>(p.head_dim - rd);
        for (int i = 0; i < rd / 2; ++i) {
            const long double t = std::pow(static_cast<long double>(p.base), -2.0L * i / rd);
            sum += 2.0L * std::cos(static_cast<long double>(delta) * t);
        }
        return static_cast<double>(sum);
    };
    for (const std::int64_t first : {kMaxLength - 9, -(kMaxLength - 1)}) {
        const Eigen::VectorXd profile = ropeScoreProfile(p, theta, ones, ones, first, 8);
        for (int n = 0; n < 8; ++n) {
            // An angle error e per pair would move the score by up to 2 e per pair: 1e-7 here
            // bounds the angles far below 1e-4 rad.
            EXPECT_NEAR(profile[n], reference(first + n), 1e-7) << "delta = " << first + n;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Sets, RopeProperty,
    ::testing::Values(RopeSet {2, 0, 10000.0, RopeLayout::HalfSplit},
        RopeSet {8, 0, 10000.0, RopeLayout::Interleaved}, RopeSet {16, 4, 10000.0, RopeLayout::HalfSplit},
        RopeSet {64, 0, 500000.0, RopeLayout::HalfSplit},
        RopeSet {128, 64, 10000.0, RopeLayout::Interleaved}));

TEST(Rope, ShapeErrorsNameTheArgument) {
    const RopeParams p = ropeParams(8, 10000.0, RopeLayout::HalfSplit);
    const Eigen::VectorXd theta = ropeInvFreq(p);
    EXPECT_THROW(ropeRotate(p, theta, Eigen::VectorXd::Ones(7), 1.0), InvalidParameter);
    EXPECT_THROW(ropeRotate(p, theta.head(3), Eigen::VectorXd::Ones(8), 1.0), InvalidParameter);
    EXPECT_THROW(ropeScoreProfile(p, theta, Eigen::VectorXd::Ones(8), Eigen::VectorXd::Ones(6), 0, 3),
        InvalidParameter);
    EXPECT_THROW(ropeAngles(theta, 0, -1), InvalidParameter);
    EXPECT_THROW(ropeInvFreq(1.0, 8), InvalidParameter);
    EXPECT_THROW(ropeInvFreq(10000.0, 7), InvalidParameter);
}

} // namespace
} // namespace pecards
