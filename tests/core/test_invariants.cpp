// Invariant read-outs (invariants.h): each flags its bug and passes the correct version.

#include "pecards/backend.h"
#include "pecards/errors.h"
#include "pecards/invariants.h"

#include <cmath>
#include <gtest/gtest.h>

namespace pecards {
namespace {

Grid dense(const CardParams& params, Quantity quantity) {
    ViewRequest request;
    request.params = params;
    request.quantity = quantity;
    request.window = fullExtent(params, quantity);
    request.out_rows = static_cast<int>(request.window.rows());
    request.out_cols = static_cast<int>(request.window.cols());
    return makeCpuBackend()->compute(request);
}

CardParams with(CardParams p, Pitfall pitfall, bool fixed) {
    p.pitfall.kind = pitfall;
    p.pitfall.fixed = fixed;
    return p;
}

CardParams rope(int d, std::int64_t length) {
    CardParams p;
    p.card = Card::Rope;
    p.rope.head_dim = d;
    p.length = length;
    p.probe.kind = ProbeKind::Random;
    p.probe.seed = 1;
    return p;
}

TEST(Invariants, NormKeptFlagsNonRotations) {
    const CardParams p = rope(16, 300);
    EXPECT_TRUE(normKept(dense(p, Quantity::Table), 16).passed);
    const auto half = with(p, Pitfall::RopeRotateOnHalfSplitTable, false);
    const InvariantReading bad = normKept(dense(half, Quantity::Table), 16);
    EXPECT_FALSE(bad.passed);
    EXPECT_GT(bad.value, 0.01);
    EXPECT_TRUE(
        normKept(dense(with(p, Pitfall::RopeRotateOnHalfSplitTable, true), Quantity::Table), 16).passed);
    EXPECT_FALSE(normKept(dense(with(p, Pitfall::RopeCacheLowPrecision, false), Quantity::Table), 16).passed);
    // bf16 positions still rotate: the norm is kept (the bug shows in the phases, not here).
    EXPECT_TRUE(
        normKept(dense(with(p, Pitfall::RopePositionsLowPrecision, false), Quantity::Table), 16).passed);
    CardParams s;
    s.card = Card::Sinusoidal;
    s.length = 200;
    s.sinusoidal.d_model = 9;
    s.pitfall.kind = Pitfall::SinusoidalOddDModel;
    EXPECT_FALSE(normKept(dense(s, Quantity::Table), 9).passed);
    s.sinusoidal.d_model = 8;
    s.pitfall = {};
    EXPECT_TRUE(normKept(dense(s, Quantity::Table), 8).passed);
}

TEST(Invariants, ToeplitzDeviationFlagsPositionDependentScores) {
    CardParams p = rope(16, 128);
    p.pitfall.stale_seq_len = 4096;
    EXPECT_LT(toeplitzDeviation(dense(p, Quantity::Score)).value, 1e-12);
    EXPECT_FALSE(
        toeplitzDeviation(dense(with(p, Pitfall::RopeStaleDynamicNtk, false), Quantity::Score)).passed);
    EXPECT_TRUE(
        toeplitzDeviation(dense(with(p, Pitfall::RopeStaleDynamicNtk, true), Quantity::Score)).passed);
    CardParams h = p;
    h.card = Card::Hybrid;
    EXPECT_FALSE(
        toeplitzDeviation(dense(with(h, Pitfall::HybridRotateBeforeProjection, false), Quantity::Score))
            .passed);
    EXPECT_TRUE(
        toeplitzDeviation(dense(with(h, Pitfall::HybridRotateBeforeProjection, true), Quantity::Score))
            .passed);
    CardParams a;
    a.card = Card::Alibi;
    a.length = 64;
    EXPECT_FALSE(
        toeplitzDeviation(dense(with(a, Pitfall::AlibiRowOffsetNoMask, false), Quantity::Score)).passed);
    EXPECT_TRUE(
        toeplitzDeviation(dense(with(a, Pitfall::AlibiRowOffsetNoMask, true), Quantity::Score)).passed);
}

TEST(Invariants, RowSumFlagsASoftmaxOverTheWrongAxis) {
    CardParams a;
    a.card = Card::Alibi;
    a.length = 40;
    const Grid attention = dense(a, Quantity::Attention);
    EXPECT_TRUE(rowSumDeviation(attention, 40).passed);
    // softmax(scores, dim=0): normalised over queries instead of keys.
    const Grid score = dense(a, Quantity::Score);
    Grid wrong = attention;
    for (int c = 0; c < score.cols; ++c) {
        double sum = 0.0;
        for (int r = 0; r < score.rows; ++r) {
            sum += std::isfinite(score.at(r, c)) ? std::exp(score.at(r, c)) : 0.0;
        }
        for (int r = 0; r < score.rows; ++r) {
            wrong.values[static_cast<std::size_t>(r) * wrong.cols + c]
                = std::isfinite(score.at(r, c)) ? std::exp(score.at(r, c)) / sum : 0.0;
        }
    }
    const InvariantReading bad = rowSumDeviation(wrong, 40);
    EXPECT_FALSE(bad.passed);
    EXPECT_GT(bad.value, 0.1);
    // Left-padded BLOOM batches: pad query rows see no key at all.
    a.pitfall.kind = Pitfall::AlibiLeftPaddingArange;
    a.pitfall.left_padding = 4;
    const InvariantReading padded = rowSumDeviation(dense(a, Quantity::Attention), 40);
    EXPECT_FALSE(padded.passed);
    EXPECT_EQ(padded.detail, "row 0");
}

TEST(Invariants, AlibiBiasSignAndNearestKey) {
    CardParams a;
    a.card = Card::Alibi;
    a.length = 50;
    const Grid flipped = dense(with(a, Pitfall::AlibiFlippedSlope, false), Quantity::Score);
    const InvariantReading sign = alibiBiasNonPositive(flipped);
    EXPECT_FALSE(sign.passed);
    EXPECT_EQ(sign.value, 0.5 * 49);
    EXPECT_EQ(sign.detail, "(i, j) = (49, 0)");
    EXPECT_FALSE(nearestKeyFavoured(flipped).passed);
    const Grid fixed = dense(with(a, Pitfall::AlibiFlippedSlope, true), Quantity::Score);
    EXPECT_TRUE(alibiBiasNonPositive(fixed).passed);
    EXPECT_TRUE(nearestKeyFavoured(fixed).passed);
    EXPECT_FALSE(
        nearestKeyFavoured(dense(with(a, Pitfall::AlibiRowOffsetNoMask, false), Quantity::Score)).passed);
    EXPECT_TRUE(
        nearestKeyFavoured(dense(with(a, Pitfall::AlibiRowOffsetNoMask, true), Quantity::Score)).passed);
}

TEST(Invariants, EvaluatedOnTheCardsOwnViewsGreenForFixedRedForBuggy) {
    const auto cpu = makeCpuBackend();
    CardParams a;
    a.card = Card::Alibi;
    a.length = 300;
    a.pitfall.kind = Pitfall::AlibiFlippedSlope;
    EXPECT_FALSE(evaluateInvariant(*cpu, a, Invariant::AlibiBiasNonPositive).passed);
    EXPECT_FALSE(evaluateInvariant(*cpu, a, Invariant::NearestKeyFavoured).passed);
    EXPECT_TRUE(evaluateInvariant(*cpu, a, Invariant::Toeplitz).passed);
    EXPECT_TRUE(evaluateInvariant(*cpu, a, Invariant::RowsSumToOne).passed);
    a.pitfall.fixed = true;
    for (Invariant invariant : invariantsOf(Card::Alibi)) {
        EXPECT_TRUE(evaluateInvariant(*cpu, a, invariant).passed) << toString(invariant);
    }
    CardParams r = rope(8, 64);
    r.pitfall.kind = Pitfall::RopeRotateOnHalfSplitTable;
    EXPECT_FALSE(evaluateInvariant(*cpu, r, Invariant::NormKept).passed);
    EXPECT_FALSE(evaluateInvariant(*cpu, r, Invariant::Toeplitz).passed);
    r.pitfall.fixed = true;
    for (Invariant invariant : invariantsOf(Card::Rope)) {
        EXPECT_TRUE(evaluateInvariant(*cpu, r, invariant).passed) << toString(invariant);
    }
}

/// The engineer's review C6: bf16 positions collide from 257 on (257 -> 256), but the read-outs
/// looked at the first 96 positions only and stayed green while the pitfall's text said "watch
/// the Toeplitz read-out turn red". They look at the last 96 too: red past the first collision,
/// naming a position past it; green below it and for fp32 positions.
TEST(Invariants, TheLastPositionsAreReadToo) {
    const auto cpu = makeCpuBackend();
    CardParams r = rope(16, 1024);
    r.pitfall.kind = Pitfall::RopePositionsLowPrecision;
    r.pitfall.format = StorageFormat::Bfloat16;
    const InvariantReading red = evaluateInvariant(*cpu, r, Invariant::Toeplitz);
    EXPECT_FALSE(red.passed);
    const std::size_t at = red.detail.find("(i, j) = (");
    ASSERT_NE(at, std::string::npos) << red.detail;
    EXPECT_GE(std::stoll(red.detail.substr(at + 10)), 928) << red.detail; // 1024 - 96: the last window
    r.length = 256; // every position exact in bf16 (8 significant bits)
    EXPECT_TRUE(evaluateInvariant(*cpu, r, Invariant::Toeplitz).passed);
    r.length = 1024;
    r.pitfall.format = StorageFormat::Float32;
    EXPECT_TRUE(evaluateInvariant(*cpu, r, Invariant::Toeplitz).passed);
}

TEST(Invariants, PooledGridsAreRejected) {
    CardParams a;
    a.card = Card::Alibi;
    a.length = 64;
    ViewRequest request;
    request.params = a;
    request.quantity = Quantity::Score;
    request.window = {0, 64, 0, 64};
    request.out_rows = 16;
    request.out_cols = 16;
    const Grid pooled = makeCpuBackend()->compute(request);
    EXPECT_THROW(toeplitzDeviation(pooled), InvalidParameter);
}

} // namespace
} // namespace pecards
