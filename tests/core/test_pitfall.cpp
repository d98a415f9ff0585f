// Pitfall views (pitfall.h, pitfallspec.h): every buggy variant against the values of the public
// reports or an independent formula, and every fixed variant against the card's own engine path.

#include "pecards/alibi.h"
#include "pecards/backend.h"
#include "pecards/errors.h"
#include "pecards/pitfall.h"
#include "pecards/pitfallspec.h"
#include "pecards/probe.h"
#include "pecards/relative.h"
#include "pecards/rope.h"
#include "support/testconstants.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>

namespace pecards {
namespace {

using testsupport::kInf;

/// One entry (i, j) of a quantity, Sample reduction.
double entry(const CardParams& params, Quantity quantity, std::int64_t i, std::int64_t j) {
    ViewRequest request;
    request.params = params;
    request.quantity = quantity;
    request.window = {i, i + 1, j, j + 1};
    request.out_rows = 1;
    request.out_cols = 1;
    return makeCpuBackend()->compute(request).values[0];
}

/// The full L x L (or L x d) grid of a quantity, Sample reduction.
Grid full(const CardParams& params, Quantity quantity) {
    ViewRequest request;
    request.params = params;
    request.quantity = quantity;
    request.window = fullExtent(params, quantity);
    request.out_rows = static_cast<int>(request.window.rows());
    request.out_cols = static_cast<int>(request.window.cols());
    return makeCpuBackend()->compute(request);
}

void expectGridsNear(const Grid& a, const Grid& b, double tolerance) {
    ASSERT_EQ(a.values.size(), b.values.size());
    for (std::size_t n = 0; n < a.values.size(); ++n) {
        if (std::isinf(b.values[n])) {
            EXPECT_EQ(a.values[n], b.values[n]) << "entry " << n;
        } else {
            EXPECT_NEAR(a.values[n], b.values[n], tolerance) << "entry " << n;
        }
    }
}

CardParams ropeCard(int d, std::int64_t length, Pitfall pitfall) {
    CardParams p;
    p.card = Card::Rope;
    p.length = length;
    p.rope.head_dim = d;
    p.pitfall.kind = pitfall;
    return p;
}

TEST(PitfallCatalogue, EveryPitfallBelongsToOneCardAndHasANameAndSummary) {
    int total = 0;
    for (Card card : {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid}) {
        for (Pitfall pitfall : pitfallsOf(card)) {
            EXPECT_EQ(pitfallCard(pitfall), card);
            EXPECT_EQ(fromString<Pitfall>(toString(pitfall)), pitfall);
            EXPECT_FALSE(pitfallSummary(pitfall).empty());
            ++total;
        }
        EXPECT_GE(pitfallsOf(card).size(), 2U) << toString(card);
    }
    EXPECT_EQ(total, 18);
    EXPECT_THROW(fromString<Pitfall>("no-such-bug"), InvalidParameter);
}

TEST(PitfallCatalogue, PitfallOfAnotherCardIsRejectedNamingTheCardsPitfalls) {
    CardParams p = ropeCard(8, 16, Pitfall::AlibiFlippedSlope);
    try {
        validate(p);
        FAIL() << "no error";
    } catch (const InvalidParameter& e) {
        EXPECT_EQ(e.name(), "pitfall");
        EXPECT_NE(std::string(e.what()).find("layout-mismatch"), std::string::npos) << e.what();
    }
    p = ropeCard(8, 8192, Pitfall::RopeLayoutMismatch);
    EXPECT_THROW(validate(p), InvalidParameter); // dense views stop at 4096
    p.length = 4096;
    EXPECT_NO_THROW(validate(p));
    ViewRequest request;
    request.params = p;
    request.quantity = Quantity::ContentScore;
    request.window = {0, 1, 0, 1};
    EXPECT_THROW(validate(request), InvalidParameter);
}

TEST(StorageRounding, RoundsToNearestEvenLikeTheHardwareFormats) {
    EXPECT_EQ(roundToFormat(257.0, StorageFormat::Bfloat16), 256.0); // tie to even
    EXPECT_EQ(roundToFormat(259.0, StorageFormat::Bfloat16), 260.0); // tie to even (upwards)
    EXPECT_EQ(roundToFormat(258.0, StorageFormat::Bfloat16), 258.0);
    EXPECT_EQ(roundToFormat(2049.0, StorageFormat::Float16), 2048.0);
    EXPECT_EQ(roundToFormat(2051.0, StorageFormat::Float16), 2052.0);
    EXPECT_EQ(roundToFormat(0.8659643233600653, StorageFormat::Bfloat16), 0.8671875);
    EXPECT_EQ(roundToFormat(0.1, StorageFormat::Float32), static_cast<double>(0.1f));
    EXPECT_EQ(roundToFormat(-0.1, StorageFormat::Bfloat16), -0.10009765625);
    EXPECT_EQ(roundToFormat(1e-8, StorageFormat::Float16),
        std::ldexp(1.0, -24) * std::nearbyint(1e-8 * 16777216.0));
    EXPECT_EQ(roundToFormat(70000.0, StorageFormat::Float16), kInf);
    EXPECT_EQ(firstPositionCollision(StorageFormat::Bfloat16), 257);
    EXPECT_EQ(firstPositionCollision(StorageFormat::Float16), 2049);
    EXPECT_EQ(firstPositionCollision(StorageFormat::Float32), 16777217);
}

TEST(SinusoidalPitfalls, OddDModelNaiveCodeRaisesTheTorchShapeError) {
    EXPECT_EQ(naiveOddDModelError(7, 5000),
        "RuntimeError: The expanded size of the tensor (3) must match the existing size (4) at "
        "non-singleton dimension 1.  Target sizes: [5000, 3].  Tensor sizes: [5000, 4]");
    EXPECT_THROW(naiveOddDModelError(8, 5000), InvalidParameter);
}

TEST(SinusoidalPitfalls, OddDModelTatp22TableDropsTheLastCosine) {
    CardParams p;
    p.card = Card::Sinusoidal;
    p.length = 16;
    p.sinusoidal.d_model = 5;
    p.pitfall.kind = Pitfall::SinusoidalOddDModel;
    // channels = 6: w = 1, 10000^(-1/3), 10000^(-2/3); columns sin, cos, sin, cos, sin.
    const double w2 = std::pow(10000.0, -2.0 / 3.0);
    EXPECT_NEAR(entry(p, Quantity::Table, 3, 4), std::sin(3.0 * w2), 1e-15);
    EXPECT_NEAR(entry(p, Quantity::Table, 3, 1), std::cos(3.0), 1e-15);
    // Score: a lone sine makes PE_i.PE_j depend on i, not only on i - j.
    p.length = 1024;
    const double s10 = entry(p, Quantity::Score, 1, 0);
    const double s_far = entry(p, Quantity::Score, 1000, 999);
    const double w1 = std::pow(10000.0, -1.0 / 3.0);
    EXPECT_NEAR(s_far, std::cos(1.0) + std::cos(w1) + std::sin(1000 * w2) * std::sin(999 * w2), 1e-13);
    EXPECT_GT(std::abs(s10 - s_far), 0.5);
    // The correct path keeps rejecting odd d with the allowed range.
    p.pitfall.fixed = true;
    try {
        validate(p);
        FAIL() << "no error";
    } catch (const InvalidParameter& e) {
        EXPECT_STREQ(e.what(), "d_model = 5 is invalid: allowed: even, in [2, 1024]");
    }
}

// The Pitfalls view and the lesson handouts show odd-d-model at an odd d_model: with the card's
// even one the naive code builds the correct table (the pitfalls lesson showed two equal maps).
TEST(SinusoidalPitfalls, OddDModelIsShownAtAnOddDModel) {
    CardParams p;
    p.card = Card::Sinusoidal;
    p.sinusoidal.d_model = 128;
    p.pitfall.kind = Pitfall::SinusoidalOddDModel;
    EXPECT_EQ(pitfallShownParams(p).sinusoidal.d_model, 127);
    p.sinusoidal.d_model = 7;
    EXPECT_EQ(pitfallShownParams(p).sinusoidal.d_model, 7);
    p.sinusoidal.d_model = 128;
    p.pitfall.kind = Pitfall::SinusoidalDimensionExponent; // any other pitfall: as given
    EXPECT_EQ(pitfallShownParams(p), p);
    p.pitfall.kind = Pitfall::None;
    EXPECT_EQ(pitfallShownParams(p), p);
}

TEST(SinusoidalPitfalls, DimensionIndexExponentAndItsFix) {
    CardParams p;
    p.card = Card::Sinusoidal;
    p.length = 32;
    p.sinusoidal.d_model = 6;
    p.pitfall.kind = Pitfall::SinusoidalDimensionExponent;
    EXPECT_NEAR(entry(p, Quantity::Table, 3, 1), std::cos(3.0 * std::pow(10000.0, -1.0 / 6.0)), 1e-15);
    EXPECT_NEAR(entry(p, Quantity::Table, 3, 4), std::sin(3.0 * std::pow(10000.0, -4.0 / 6.0)), 1e-15);
    p.pitfall.fixed = true;
    CardParams correct = p;
    correct.pitfall = {};
    expectGridsNear(full(p, Quantity::Table), full(correct, Quantity::Table), 1e-12);
    expectGridsNear(full(p, Quantity::Score), full(correct, Quantity::Score), 1e-12);
}

TEST(RopePitfalls, RotateEveryTwoOnHalfSplitTableReproducesTheReportedNumbers) {
    CardParams p = ropeCard(4, 8, Pitfall::RopeRotateOnHalfSplitTable);
    p.probe.q = {1, 2, 3, 4};
    p.probe.k = {0.5, -1, 2, 1};
    double norm = 0.0;
    for (int c = 0; c < 4; ++c) {
        norm += std::pow(entry(p, Quantity::Table, 1, c), 2);
    }
    EXPECT_NEAR(std::sqrt(norm), 4.962816899122485, 1e-12); // the report: 4.962817
    EXPECT_NEAR(entry(p, Quantity::Score, 1, 0), -2.041374207626496, 1e-12);
    EXPECT_NEAR(entry(p, Quantity::Score, 5, 4), -2.49733194854491, 1e-12);
    p.pitfall.fixed = true;
    EXPECT_NEAR(entry(p, Quantity::Score, 1, 0), 7.456105409077816, 1e-12);
    EXPECT_NEAR(entry(p, Quantity::Score, 5, 4), 7.456105409077816, 1e-12);
    // Fixed = GPT-J's interleaved rotation, the engine's own path.
    CardParams correct = p;
    correct.pitfall = {};
    correct.rope.layout = RopeLayout::Interleaved;
    expectGridsNear(full(p, Quantity::Score), full(correct, Quantity::Score), 1e-12);
    expectGridsNear(full(p, Quantity::Table), full(correct, Quantity::Table), 1e-12);
    // The building block alone.
    const RopeColumnMap map = ropeColumnMap(RopeLayout::Interleaved, 4, true);
    Eigen::VectorXd x(4);
    x << 1, 2, 3, 4;
    EXPECT_NEAR(ropeRotateColumns(map, ropeInvFreq(10000.0, 4), x, 1.0).norm(), 4.962816899122485, 1e-12);
}

TEST(RopePitfalls, LayoutMismatchIsTheOtherLayoutAndHfPermuteFixesIt) {
    for (RopeLayout runtime : {RopeLayout::HalfSplit, RopeLayout::Interleaved}) {
        CardParams p = ropeCard(8, 24, Pitfall::RopeLayoutMismatch);
        p.rope.layout = runtime;
        p.probe.kind = ProbeKind::Random;
        p.probe.seed = 3;
        CardParams as_run = p;
        as_run.pitfall = {};
        CardParams intended = as_run;
        intended.rope.layout
            = runtime == RopeLayout::HalfSplit ? RopeLayout::Interleaved : RopeLayout::HalfSplit;
        const Grid buggy = full(p, Quantity::Score);
        expectGridsNear(buggy, full(as_run, Quantity::Score), 1e-12);
        p.pitfall.fixed = true; // permute q/k weights
        const Grid fixed = full(p, Quantity::Score);
        expectGridsNear(fixed, full(intended, Quantity::Score), 1e-12);
        double gap = 0.0;
        for (std::size_t n = 0; n < fixed.values.size(); ++n) {
            gap = std::max(gap, std::abs(fixed.values[n] - buggy.values[n]));
        }
        EXPECT_GT(gap, 0.05);
    }
    Eigen::VectorXd x(6);
    x << 0, 1, 2, 3, 4, 5;
    const Eigen::VectorXd permuted = hfPermuteQk(x, 4);
    EXPECT_EQ(permuted, (Eigen::VectorXd(6) << 0, 2, 1, 3, 4, 5).finished());
    EXPECT_EQ(hfPermuteQk(permuted, 4, true), x);
}

TEST(RopePitfalls, Bf16PositionsCollide) {
    CardParams p = ropeCard(2, 512, Pitfall::RopePositionsLowPrecision);
    p.probe.q = {1, 0};
    p.probe.k = {1, 0};
    // d = 2: theta_0 = 1, R_m q = (cos m, sin m): position 257 is rotated as 256.
    EXPECT_NEAR(entry(p, Quantity::Table, 257, 1), -0.9992080341070627, 1e-12);
    EXPECT_NEAR(entry(p, Quantity::Table, 256, 1), -0.9992080341070627, 1e-12);
    p.pitfall.fixed = true;
    EXPECT_NEAR(entry(p, Quantity::Table, 257, 1), -0.5733571748155426, 1e-12);
    p.pitfall.fixed = false;
    p.pitfall.format = StorageFormat::Float16;
    p.length = 4096;
    EXPECT_NEAR(entry(p, Quantity::Table, 2049, 1), std::sin(2048.0), 1e-12);
    EXPECT_NEAR(entry(p, Quantity::Table, 2047, 1), std::sin(2047.0), 1e-12);
}

TEST(RopePitfalls, Bf16InvFreqGivesFiveRadiansOfPhaseErrorAt4095) {
    const Eigen::VectorXd theta = ropeInvFreq(10000.0, 128);
    EXPECT_NEAR(theta[1], 0.8659643234, 1e-10);
    EXPECT_EQ(roundToFormat(theta[1], StorageFormat::Bfloat16), 0.8671875);
    EXPECT_NEAR(4095 * theta[1], 3546.123904, 1e-6);
    EXPECT_EQ(4095 * roundToFormat(theta[1], StorageFormat::Bfloat16), 3551.1328125);
    // Through the view: q = e_1 (half-split pair 1 = dims 1 and 65), Table[4095, 1] = cos(phase).
    CardParams p = ropeCard(128, 4096, Pitfall::RopeInvFreqLowPrecision);
    p.probe.q.assign(128, 0.0);
    p.probe.q[1] = 1.0;
    EXPECT_NEAR(entry(p, Quantity::Table, 4095, 1), std::cos(3551.1328125), 1e-9);
    EXPECT_NEAR(entry(p, Quantity::Table, 4095, 65), std::sin(3551.1328125), 1e-9);
    p.pitfall.fixed = true;
    EXPECT_NEAR(entry(p, Quantity::Table, 4095, 1), std::cos(3546.1239041594677), 1e-9);
}

TEST(RopePitfalls, Bf16CacheRoundsEveryCosSinEntry) {
    CardParams p = ropeCard(2, 64, Pitfall::RopeCacheLowPrecision);
    p.probe.q = {1, 0};
    p.probe.k = {1, 0};
    for (std::int64_t m : {1, 7, 33}) {
        EXPECT_EQ(entry(p, Quantity::Table, m, 0), roundToFormat(std::cos(m), StorageFormat::Bfloat16));
        EXPECT_EQ(entry(p, Quantity::Table, m, 1), roundToFormat(std::sin(m), StorageFormat::Bfloat16));
    }
    // Fixed: the engine's exact rotation.
    p.pitfall.fixed = true;
    CardParams correct = p;
    correct.pitfall = {};
    expectGridsNear(full(p, Quantity::Table), full(correct, Quantity::Table), 1e-13);
}

TEST(RopePitfalls, StaleDynamicNtkRotatesKeysWithTheOldBase) {
    CardParams p = ropeCard(16, 64, Pitfall::RopeStaleDynamicNtk);
    p.rope.scaling.factor = 2.0;
    p.rope.scaling.max_position_embeddings = 64;
    p.pitfall.stale_seq_len = 256;
    p.probe.kind = ProbeKind::Random;
    // Independent: b' = b ((s L / L0) - (s - 1))^(r/(r-2)) = 1e4 * 7^(16/14).
    const double stale_base = 10000.0 * std::pow(2.0 * 256 / 64 - 1.0, 16.0 / 14.0);
    const RopeStaleFrequencies theta = ropeStaleDynamicInvFreq(p.rope, 64, 256);
    EXPECT_NEAR(theta.stale_base, stale_base, 1e-6);
    EXPECT_NEAR(theta.current_base, 10000.0, 1e-9);
    const Eigen::VectorXd q = probeVector(p.probe, ProbeStream::Query, 16);
    const Eigen::VectorXd k = probeVector(p.probe, ProbeStream::Key, 16);
    for (auto [i, j] : {std::pair {5, 2}, std::pair {40, 37}, std::pair {63, 0}}) {
        const double expected = ropeRotate(p.rope, ropeInvFreq(10000.0, 16), q, i)
                                    .dot(ropeRotate(p.rope, ropeInvFreq(stale_base, 16), k, j));
        EXPECT_NEAR(entry(p, Quantity::Score, i, j), expected, 1e-11);
    }
    EXPECT_GT(std::abs(entry(p, Quantity::Score, 5, 2) - entry(p, Quantity::Score, 40, 37)), 1e-3);
    p.pitfall.fixed = true;
    CardParams correct = p;
    correct.pitfall = {};
    correct.rope.scaling = {};
    expectGridsNear(full(p, Quantity::Score), full(correct, Quantity::Score), 1e-11);
}

// A proportional layer (head 16, 2 of 8 pairs rotate, base 100) read as the classic partial
// rotary: q and k rotated in the first 4 dims with theta = 100^(-2i/4) (independent: ropeRotate of
// the classic reading). Equal at distance 0, apart from the first position on, and growing.
TEST(RopePitfalls, PartialConventionReadsAProportionalLayerAsClassic) {
    CardParams p = ropeCard(16, 64, Pitfall::RopePartialConvention);
    p.rope.rotary_dim = 4;
    p.rope.base = 100.0;
    p.rope.partial = RopePartial::Proportional;
    p.probe.kind = ProbeKind::Random;
    RopeParams classic = p.rope;
    classic.partial = RopePartial::Classic;
    const Eigen::VectorXd q = probeVector(p.probe, ProbeStream::Query, 16);
    const Eigen::VectorXd k = probeVector(p.probe, ProbeStream::Key, 16);
    const Eigen::VectorXd theta = Eigen::Vector2d(1.0, 0.1); // 100^0, 100^(-2/4)
    for (auto [i, j] : {std::pair {5, 2}, std::pair {40, 37}, std::pair {63, 0}, std::pair {7, 7}}) {
        const double expected = ropeRotate(classic, theta, q, i).dot(ropeRotate(classic, theta, k, j));
        EXPECT_NEAR(entry(p, Quantity::Score, i, j), expected, 1e-11);
    }
    CardParams fixed = p;
    fixed.pitfall.fixed = true;
    CardParams correct = p;
    correct.pitfall = {};
    expectGridsNear(full(fixed, Quantity::Score), full(correct, Quantity::Score), 1e-11);
    // The gap against the correct reading: 0 at distance 0, then growing with the distance.
    std::vector<double> gap;
    for (std::int64_t i = 0; i < 64; ++i) {
        gap.push_back(std::abs(entry(p, Quantity::Score, i, 0) - entry(correct, Quantity::Score, i, 0)));
    }
    EXPECT_NEAR(gap[0], 0.0, 1e-12);
    EXPECT_GT(gap[1], 1e-3);
    EXPECT_GT(
        *std::max_element(gap.begin() + 32, gap.end()), *std::max_element(gap.begin() + 1, gap.begin() + 5));
    // Read the other way too (a classic layer rotated as proportional), and refused where both
    // readings are the same (every dim rotates) or the proportional one does not exist (YaRN).
    p.rope.partial = RopePartial::Classic;
    CardParams classicCorrect = p;
    classicCorrect.pitfall = {};
    EXPECT_NEAR(entry(p, Quantity::Score, 40, 0), entry(correct, Quantity::Score, 40, 0), 1e-11);
    EXPECT_GT(
        std::abs(entry(p, Quantity::Score, 40, 0) - entry(classicCorrect, Quantity::Score, 40, 0)), 1e-3);
    p.rope.rotary_dim = 0;
    EXPECT_THROW(validate(p), InvalidParameter);
    p.rope.rotary_dim = 4;
    p.rope.scaling.type = RopeScalingType::Yarn;
    p.rope.scaling.factor = 2.0;
    p.rope.scaling.original_max_position_embeddings = 32;
    EXPECT_THROW(validate(p), InvalidParameter);
}

TEST(RopePitfalls, SmallBaseIsTheEngineWithThatBaseAndTheRuleOfThumbIsChecked) {
    CardParams p = ropeCard(16, 2048, Pitfall::RopeSmallBase);
    p.pitfall.small_base = 100.0;
    CardParams same = p;
    same.pitfall = {};
    same.rope.base = 100.0;
    EXPECT_EQ(entry(p, Quantity::Score, 1500, 3), entry(same, Quantity::Score, 1500, 3));
    const RopeBaseRule rule = ropeBaseRule(10000.0, 128, 4096);
    EXPECT_NEAR(rule.ratio, 1.1547819846894583, 1e-12);
    EXPECT_NEAR(rule.base_for_rule, 1.0064202017276132, 1e-12);
    EXPECT_NEAR(rule.longest_wavelength, 54410.14313077674, 1e-6);
    EXPECT_TRUE(rule.covers_context);
    EXPECT_FALSE(ropeBaseRule(100.0, 16, 4096).covers_context); // 2 pi 100^(14/16) = 355 < 4096
}

TEST(RelativePitfalls, ShawSmallClipSharesOneVectorBeyondK) {
    CardParams p;
    p.card = Card::Relative;
    p.length = 64;
    p.relative.variant = RelativeVariant::Shaw;
    p.pitfall.kind = Pitfall::ShawSmallClip;
    p.pitfall.small_clip_k = 2;
    EXPECT_EQ(entry(p, Quantity::Buckets, 40, 10), 0.0); // clip(-30, -2, 2) + 2
    EXPECT_EQ(entry(p, Quantity::Score, 40, 10), entry(p, Quantity::Score, 40, 37));
    p.pitfall.fixed = true; // the card's clip_k = 16
    EXPECT_EQ(entry(p, Quantity::Buckets, 40, 10), 0.0);
    EXPECT_EQ(entry(p, Quantity::Buckets, 40, 37), 13.0);
}

TEST(RelativePitfalls, T5WithoutClampSpillsIntoFutureBucketsThenRaises) {
    EXPECT_EQ(t5Bucket(-200, true, 32, 128), 15);
    EXPECT_EQ(t5BucketUnclamped(-200, true, 32, 128), 17); // 8 + trunc(ln 25 / ln 16 * 8)
    EXPECT_EQ(t5BucketUnclamped(-1000, true, 32, 128), 21);
    EXPECT_EQ(t5BucketUnclamped(200, true, 32, 128), 33); // beyond the 32-entry table
    EXPECT_EQ(t5BucketUnclamped(-100, true, 32, 128), t5Bucket(-100, true, 32, 128));
    CardParams p;
    p.card = Card::Relative;
    p.length = 1024;
    p.relative.variant = RelativeVariant::T5;
    p.pitfall.kind = Pitfall::T5NoMaxDistanceClamp;
    EXPECT_EQ(entry(p, Quantity::Buckets, 200, 0), 17.0);
    EXPECT_EQ(entry(p, Quantity::Buckets, 0, 200), 33.0);
    // Causal: only past keys, the overflow aliases a future bucket's bias silently.
    p.causal = true;
    EXPECT_EQ(entry(p, Quantity::Score, 200, 0), probeNormal(0, ProbeStream::Bucket, 0, 17));
    p.causal = false; // future keys reach bucket 33: torch raises IndexError
    try {
        entry(p, Quantity::Score, 0, 0);
        FAIL() << "no error";
    } catch (const InvalidParameter& e) {
        EXPECT_EQ(e.name(), "bucket");
        EXPECT_NE(std::string(e.what()).find("IndexError"), std::string::npos);
    }
    p.pitfall.fixed = true;
    CardParams correct = p;
    correct.pitfall = {};
    p.length = correct.length = 300;
    expectGridsNear(full(p, Quantity::Score), full(correct, Quantity::Score), 1e-15);
}

TEST(RelativePitfalls, TxlWrongRowShiftIsTheReshapeOfTheReference) {
    Eigen::MatrixXd x(3, 3);
    x << 1, 2, 3, 4, 5, 6, 7, 8, 9;
    // padded rows [0 1 2 3 | 0 4 5 6 | 0 7 8 9]; [:-1] keeps the first 9 of the flattened 12.
    Eigen::MatrixXd expected(3, 3);
    expected << 0, 1, 2, 3, 0, 4, 5, 6, 0;
    EXPECT_EQ(txlRelShiftWrongRow(x), expected);
    // The view: BD[i, c] = weights . R_{L-1-c}, shifted by the wrong slice, plus (a) + (c).
    CardParams p;
    p.card = Card::Relative;
    p.length = 12;
    p.relative.variant = RelativeVariant::TransformerXL;
    p.relative.d_model = 8;
    p.relative.term = TxlTerm::B;
    p.probe.kind = ProbeKind::Random;
    p.pitfall.kind = Pitfall::TxlRelShiftWrongRow;
    const Eigen::VectorXd q = probeVector(p.probe, ProbeStream::Query, 8);
    const Eigen::VectorXd k = probeVector(p.probe, ProbeStream::Key, 8);
    Eigen::MatrixXd w_r(8, 8);
    for (int r = 0; r < 8; ++r) {
        for (int c = 0; c < 8; ++c) {
            w_r(r, c) = probeNormal(0, ProbeStream::WR, r, c) / std::sqrt(8.0);
        }
    }
    const Eigen::VectorXd zero = Eigen::VectorXd::Zero(8);
    Eigen::MatrixXd bd(12, 12);
    for (int i = 0; i < 12; ++i) {
        for (int c = 0; c < 12; ++c) {
            bd(i, c) = txlTerms(q, k, zero, zero, w_r, 11 - c).b;
        }
    }
    const Eigen::MatrixXd shifted = txlRelShiftWrongRow(bd);
    const Grid grid = full(p, Quantity::Score);
    for (int i = 0; i < 12; ++i) {
        for (int j = 0; j < 12; ++j) {
            EXPECT_NEAR(grid.at(i, j), shifted(i, j), 1e-12) << i << "," << j;
        }
    }
    // Fixed: the engine's Transformer-XL on and below the diagonal (where _rel_shift is exact).
    p.pitfall.fixed = true;
    p.relative.term = TxlTerm::Total;
    CardParams correct = p;
    correct.pitfall = {};
    const Grid a = full(p, Quantity::Score);
    const Grid b = full(correct, Quantity::Score);
    for (int i = 0; i < 12; ++i) {
        for (int j = 0; j <= i; ++j) {
            EXPECT_NEAR(a.at(i, j), b.at(i, j), 1e-12);
        }
    }
}

CardParams alibiCard(Pitfall pitfall) {
    CardParams p;
    p.card = Card::Alibi;
    p.length = 512;
    p.alibi.heads = 8;
    p.pitfall.kind = pitfall;
    return p;
}

TEST(AlibiPitfalls, FlippedSlopeRewardsDistance) {
    CardParams p = alibiCard(Pitfall::AlibiFlippedSlope);
    EXPECT_EQ(entry(p, Quantity::Score, 5, 2), 1.5); // +m (i - j), m = 1/2
    EXPECT_EQ(entry(p, Quantity::Score, 2, 5), -kInf);
    EXPECT_GT(entry(p, Quantity::Attention, 100, 0), entry(p, Quantity::Attention, 100, 99));
    p.pitfall.fixed = true;
    CardParams correct = p;
    correct.pitfall = {};
    p.length = correct.length = 64;
    expectGridsNear(full(p, Quantity::Score), full(correct, Quantity::Score), 0.0);
    expectGridsNear(full(p, Quantity::Attention), full(correct, Quantity::Attention), 1e-14);
}

TEST(AlibiPitfalls, RowOffsetWithoutMaskFavoursTheLastKey) {
    CardParams p = alibiCard(Pitfall::AlibiRowOffsetNoMask);
    p.length = 64;
    EXPECT_EQ(entry(p, Quantity::Score, 5, 40), 20.0); // +m j, unmasked
    // softmax(m j) over all keys: the same row for every query, the last key wins.
    const double last = (1.0 - std::exp(-0.5)) / (1.0 - std::exp(-0.5 * 64));
    EXPECT_NEAR(entry(p, Quantity::Attention, 0, 63), last, 1e-14);
    EXPECT_NEAR(entry(p, Quantity::Attention, 40, 63), last, 1e-14);
    p.pitfall.fixed = true;
    CardParams correct = p;
    correct.pitfall = {};
    correct.alibi.form = AlibiForm::Symmetric;
    expectGridsNear(full(p, Quantity::Attention), full(correct, Quantity::Attention), 1e-14);
}

TEST(AlibiPitfalls, BloomLeftPaddingArangeIsCoarserInBf16AndEqualInExactArithmetic) {
    CardParams p = alibiCard(Pitfall::AlibiLeftPaddingArange);
    p.alibi.heads = 12;
    p.alibi.head = 8; // slope 2^-0.5
    p.pitfall.left_padding = 64;
    EXPECT_NEAR(alibiSlopes(p.alibi)[8], std::sqrt(0.5), 1e-15);
    EXPECT_EQ(entry(p, Quantity::Score, 400, 364), 258.0); // bf16(0.7071 * 364 = 257.39)
    EXPECT_EQ(entry(p, Quantity::Score, 400, 10), -kInf); // a pad key
    EXPECT_EQ(entry(p, Quantity::Attention, 10, 5), 0.0); // a pad query row sees only pads
    p.pitfall.fixed = true;
    EXPECT_EQ(entry(p, Quantity::Score, 400, 364), 212.0); // bf16(0.7071 * 300 = 212.13)
    // In float32 the two differ by the constant m P per row: equal attention to float rounding.
    p.pitfall.format = StorageFormat::Float32;
    CardParams arange = p;
    arange.pitfall.fixed = false;
    p.length = arange.length = 256;
    expectGridsNear(full(p, Quantity::Attention), full(arange, Quantity::Attention), 2e-5);
}

CardParams hybridCard(Pitfall pitfall) {
    CardParams p;
    p.card = Card::Hybrid;
    p.length = 32;
    p.rope.head_dim = 8;
    p.probe.kind = ProbeKind::Random;
    p.probe.seed = 9;
    p.pitfall.kind = pitfall;
    return p;
}

TEST(HybridPitfalls, RotateBeforeProjectionIsNotToeplitzAndItsFixIsTheEnginesHybrid) {
    CardParams p = hybridCard(Pitfall::HybridRotateBeforeProjection);
    const Eigen::VectorXd x = probeVector(p.probe, ProbeStream::Query, 8);
    const Eigen::VectorXd y = probeVector(p.probe, ProbeStream::Key, 8);
    Eigen::MatrixXd w_q(8, 8);
    Eigen::MatrixXd w_k(8, 8);
    for (int r = 0; r < 8; ++r) {
        for (int c = 0; c < 8; ++c) {
            w_q(r, c) = probeNormal(9, ProbeStream::ProjectionQ, r, c) / std::sqrt(8.0);
            w_k(r, c) = probeNormal(9, ProbeStream::ProjectionK, r, c) / std::sqrt(8.0);
        }
    }
    const Eigen::VectorXd theta = ropeInvFreq(p.rope);
    const double m = alibiSlopes(p.alibi)[0];
    for (auto [i, j] : {std::pair {5, 2}, std::pair {25, 22}}) {
        const double expected
            = (w_q * ropeRotate(p.rope, theta, x, i)).dot(w_k * ropeRotate(p.rope, theta, y, j))
                / std::sqrt(8.0)
            - m * (i - j);
        EXPECT_NEAR(entry(p, Quantity::Score, i, j), expected, 1e-12);
    }
    EXPECT_GT(std::abs(entry(p, Quantity::Score, 5, 2) - entry(p, Quantity::Score, 25, 22)), 1e-3);
    p.pitfall.fixed = true;
    CardParams correct = p;
    correct.pitfall = {};
    const Eigen::VectorXd qx = w_q * x;
    const Eigen::VectorXd ky = w_k * y;
    correct.probe.q.assign(qx.data(), qx.data() + 8);
    correct.probe.k.assign(ky.data(), ky.data() + 8);
    expectGridsNear(full(p, Quantity::Score), full(correct, Quantity::Score), 1e-12);
}

TEST(HybridPitfalls, BiasBeforeScaleShrinksTheSlopeBySqrtD) {
    CardParams p = hybridCard(Pitfall::HybridBiasBeforeScale);
    CardParams correct = p;
    correct.pitfall = {};
    const double m = alibiSlopes(p.alibi)[0];
    EXPECT_NEAR(entry(p, Quantity::Score, 20, 4),
        entry(correct, Quantity::Score, 20, 4) + m * 16 * (1.0 - 1.0 / std::sqrt(8.0)), 1e-12);
    p.pitfall.fixed = true;
    expectGridsNear(full(p, Quantity::Attention), full(correct, Quantity::Attention), 1e-13);
}

TEST(PitfallViews, PooledReductionsFollowTheBlockRule) {
    CardParams p = ropeCard(8, 64, Pitfall::RopeRotateOnHalfSplitTable);
    p.probe.kind = ProbeKind::Random;
    const Grid dense = full(p, Quantity::Score);
    ViewRequest request;
    request.params = p;
    request.quantity = Quantity::Score;
    request.window = {8, 40, 0, 64};
    request.out_rows = 4;
    request.out_cols = 8;
    request.reduction = Reduction::Max;
    const Grid pooled = makeCpuBackend()->compute(request);
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 8; ++c) {
            double best = -kInf;
            for (int i = 8 + 8 * r; i < 16 + 8 * r; ++i) {
                for (int j = 8 * c; j < 8 * c + 8; ++j) {
                    best = std::max(best, dense.at(i, j));
                }
            }
            EXPECT_EQ(pooled.at(r, c), best);
        }
    }
}

/// Valid parameters of `pitfall` on its card at L = 512 (T5: 128), with the
/// variant or scaling the pitfall needs; validatePitfall accepts them.
CardParams scenarioOf(Pitfall pitfall) {
    CardParams p;
    p.card = pitfallCard(pitfall);
    p.length = 512;
    p.probe.kind = ProbeKind::Random;
    p.probe.seed = 3;
    p.pitfall.kind = pitfall;
    if (pitfall == Pitfall::ShawSmallClip)
        p.relative.variant = RelativeVariant::Shaw;
    if (pitfall == Pitfall::T5NoMaxDistanceClamp) { // past max_distance it raises (its own test)
        p.relative.variant = RelativeVariant::T5;
        p.length = 128;
    }
    if (pitfall == Pitfall::TxlRelShiftWrongRow)
        p.relative.variant = RelativeVariant::TransformerXL;
    if (pitfall == Pitfall::RopePartialConvention)
        p.rope.rotary_dim = p.rope.head_dim / 2;
    if (pitfall == Pitfall::RopeStaleDynamicNtk) { // the base grows past 256 positions
        p.rope.scaling.type = RopeScalingType::Dynamic;
        p.rope.scaling.factor = 2.0;
        p.rope.scaling.max_position_embeddings = 256;
    }
    validatePitfall(p);
    return p;
}

bool sameGrid(const Grid& a, const Grid& b) {
    if (a.values.size() != b.values.size())
        return false;
    for (std::size_t n = 0; n < a.values.size(); ++n) {
        if (!(a.values[n] == b.values[n] || (std::isnan(a.values[n]) && std::isnan(b.values[n]))))
            return false;
    }
    return true;
}

// pitfallInputs names what a pitfall reads: a figure's caption and the Pitfalls view name exactly
// those (the author's review A-W3: bf16 and fp16 gave two figures with one caption). Changing an
// input it names changes the buggy picture; changing any other leaves it as it was.
TEST(PitfallInputs, EveryInputItNamesChangesThePictureAndNoOtherDoes) {
    struct Change {
        ParamId id;
        void (*apply)(PitfallParams&);
    };
    const std::array<Change, 4> changes {{
        {ParamId::SmallBase, [](PitfallParams& p) { p.small_base = 1000.0; }},
        {ParamId::SmallClipK, [](PitfallParams& p) { p.small_clip_k = 5; }},
        {ParamId::StaleSeqLen, [](PitfallParams& p) { p.stale_seq_len = 8192; }},
        {ParamId::LeftPadding, [](PitfallParams& p) { p.left_padding = 32; }},
    }};
    int named = 0;
    for (const Card card : {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid}) {
        for (const Pitfall pitfall : pitfallsOf(card)) {
            const CardParams params = scenarioOf(pitfall);
            const Grid buggy = full(params, Quantity::Score);
            const PitfallInputs inputs = pitfallInputs(pitfall);
            CardParams other = params;
            other.pitfall.format = StorageFormat::Float16;
            EXPECT_EQ(!sameGrid(full(other, Quantity::Score), buggy), inputs.format)
                << toString(pitfall) << ": format";
            for (const Change& change : changes) {
                CardParams changed = params;
                change.apply(changed.pitfall);
                const bool listed = std::find(inputs.parameters.begin(), inputs.parameters.end(), change.id)
                    != inputs.parameters.end();
                EXPECT_EQ(!sameGrid(full(changed, Quantity::Score), buggy), listed)
                    << toString(pitfall) << ": " << paramSpec(change.id).name;
                named += listed ? 1 : 0;
            }
            named += inputs.format ? 1 : 0;
        }
    }
    EXPECT_EQ(named, 8); // four formats and four scenario parameters
}

} // namespace
} // namespace pecards
