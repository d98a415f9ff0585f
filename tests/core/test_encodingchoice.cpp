// Tests of the encoding comparison (encodingchoice.h) against numbers computed independently from
// the published model sizes and the papers' formulas.

#include "pecards/encodingchoice.h"
#include "pecards/errors.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <numbers>
#include <set>

namespace pecards {
namespace {

EncodingChoice rowOf(const std::vector<EncodingChoice>& rows, EncodingFamily family) {
    for (const EncodingChoice& row : rows) {
        if (row.family == family) {
            return row;
        }
    }
    ADD_FAILURE() << "no row for " << toString(family);
    return {};
}

/// Pairs i of d/2 with 2 pi b^(2i/d) > L0, i.e. i > (d/2) log_b(L0 / 2 pi): the complement of the
/// "critical dimension" pairs of RoPE extrapolation (2 ceil((d/2) log_b(L0/2pi)) dims turn fully).
std::int64_t pairsBeyondByFormula(std::int64_t d, double base, std::int64_t l0) {
    const double first = std::floor(static_cast<double>(d / 2)
        * std::log(static_cast<double>(l0) / (2 * std::numbers::pi)) / std::log(base));
    return std::clamp<std::int64_t>(d / 2 - (static_cast<std::int64_t>(first) + 1), 0, d / 2); // all turn: 0
}

TEST(EncodingChoice, T5SmallSharesOneBucketTablePerStack) {
    // T5-small: d_model 512, 8 heads x d_kv 64, 6 layers, 32 buckets, fp32; trained at 512 tokens.
    EncodingTarget target;
    target.length = 512;
    target.training_length = 512;
    target.head_dim = 64;
    target.heads = 8;
    target.layers = 6;
    target.dtype_bytes = 4;
    const EncodingChoice t5 = rowOf(compareEncodings(target), EncodingFamily::T5);
    EXPECT_EQ(t5.parameters, 32 * 8); // 256, layer 0 only (T5 §2.1), not x 6 layers
    EXPECT_EQ(t5.parameter_bytes, 1024);
    EXPECT_EQ(t5.extra_memory_bytes, std::int64_t {8} * 512 * 512 * 4); // position_bias H x L x L
    EXPECT_EQ(t5.work_per_token, std::int64_t {6} * 8 * 512);
    EXPECT_EQ(t5.unseen, 0);
    EXPECT_EQ(t5.kv_cache, KvCache::ScoreTimeBias);
}

TEST(EncodingChoice, T5NewBucketsOnlyBelowMaxDistance) {
    EncodingTarget target;
    target.training_length = 64;
    target.length = 512;
    // Decoder buckets (32, max_exact 16): 16 + trunc(ln(n/16) / ln 8 * 16): n = 63 -> 26 (10.55),
    // n = 511 -> capped at 31. Buckets 27..31 were never reached in training.
    const EncodingChoice t5 = rowOf(compareEncodings(target), EncodingFamily::T5);
    EXPECT_EQ(t5.unseen, 5);
    EXPECT_EQ(t5.unseen_of, 32);
    target.training_length = 128; // n = 127 -> 31 (15.94): every bucket already seen
    EXPECT_EQ(rowOf(compareEncodings(target), EncodingFamily::T5).unseen, 0);
}

TEST(EncodingChoice, Gpt2LearnedTable) {
    // GPT-2 small: n_positions 1024, n_embd 768 = 12 heads x 64.
    EncodingTarget target;
    target.length = 1024;
    target.training_length = 1024;
    target.head_dim = 64;
    target.heads = 12;
    target.layers = 12;
    target.dtype_bytes = 4;
    EncodingChoice learned = rowOf(compareEncodings(target), EncodingFamily::Learned);
    EXPECT_EQ(learned.parameters, 786432);
    EXPECT_EQ(learned.parameter_bytes, 786432 * 4);
    EXPECT_EQ(learned.work_per_token, 768);
    EXPECT_EQ(learned.unseen, 0);
    EXPECT_EQ(learned.kv_cache, KvCache::AddedBeforeProjection);
    target.length = 2048; // positions 1024..2047 have no trained row
    learned = rowOf(compareEncodings(target), EncodingFamily::Learned);
    EXPECT_EQ(learned.unseen, 1024);
    EXPECT_EQ(learned.unseen_of, 2048);
    EXPECT_EQ(learned.parameters, 786432); // still the 1024 trained rows, not one per position
    EXPECT_EQ(learned.extrapolation, Extrapolation::NoRows);
}

TEST(EncodingChoice, RopeHasNoParametersAndRotatesTwoVectors) {
    EncodingTarget target;
    target.length = 8192;
    target.training_length = 4096;
    target.head_dim = 128;
    target.heads = 1;
    target.layers = 1;
    target.dtype_bytes = 2;
    const auto rows = compareEncodings(target);
    const EncodingChoice rope = rowOf(rows, EncodingFamily::Rope);
    EXPECT_EQ(rope.parameters, 0);
    // x cos + rotate_half(x) sin: a multiply and a multiply-add per coordinate, for q and k: 2 x 2 x 128.
    EXPECT_EQ(rope.work_per_token, 512);
    EXPECT_EQ(rope.extra_memory_bytes, 2 * 8192 * 128 * 2); // cos, sin: L x head_dim each
    EXPECT_EQ(rope.kv_cache, KvCache::RotatedOnWrite);
    // 128 log_b(4096 / 2 pi) / 2 = 45.03: pairs 46..63 have wavelengths beyond L0.
    EXPECT_EQ(rope.unseen, 18);
    EXPECT_EQ(rope.unseen, pairsBeyondByFormula(128, 10000.0, 4096));
    EXPECT_EQ(rope.unseen_of, 64);
    const EncodingChoice hybrid = rowOf(rows, EncodingFamily::RopeAlibi);
    EXPECT_EQ(hybrid.unseen, 18);
    EXPECT_EQ(hybrid.work_per_token, 512 + 8192); // rotation + one bias per score
    EXPECT_EQ(hybrid.kv_cache, KvCache::RotatedOnWriteAndBias);
}

TEST(EncodingChoice, RopePairsBeyondMatchTheFormulaAcrossBases) {
    for (const double base : {500.0, 10000.0, 500000.0}) {
        for (const std::int64_t l0 : {512, 2048, 8192, 32768}) {
            EncodingTarget target;
            target.base = base;
            target.training_length = l0;
            target.length = 65536;
            target.head_dim = 128;
            EXPECT_EQ(rowOf(compareEncodings(target), EncodingFamily::Rope).unseen,
                pairsBeyondByFormula(128, base, l0))
                << "base " << base << " L0 " << l0;
        }
    }
}

TEST(EncodingChoice, AbsoluteSinusoidIsNewBeyondL0AndRelativeRCountsPairs) {
    EncodingTarget target; // d_model = 8 x 64 = 512
    target.head_dim = 64;
    target.heads = 8;
    target.training_length = 512;
    target.length = 1024;
    const auto rows = compareEncodings(target);
    const EncodingChoice sinusoid = rowOf(rows, EncodingFamily::Sinusoidal);
    // An absolute code: positions 512..1023 are vectors never seen, whatever their pairs' angles.
    EXPECT_EQ(sinusoid.extrapolation, Extrapolation::NewPositions);
    EXPECT_EQ(sinusoid.unseen, 512);
    EXPECT_EQ(sinusoid.unseen_of, 1024);
    EXPECT_EQ(sinusoid.parameters, 0);
    EXPECT_EQ(sinusoid.extra_memory_bytes, 1024 * 512 * 2);
    // Transformer-XL's R is the sinusoid (base 10000) of the distance: its pairs of wavelength
    // > L0, 256 log_1e4(512 / 2 pi) = 122.3, so pairs 123..255.
    const EncodingChoice xl = rowOf(rows, EncodingFamily::TransformerXL);
    EXPECT_EQ(xl.extrapolation, Extrapolation::UnseenAngles);
    EXPECT_EQ(xl.unseen, 133);
    EXPECT_EQ(xl.unseen_of, 256);
    target.length = 512; // nothing beyond L0
    EXPECT_EQ(rowOf(compareEncodings(target), EncodingFamily::Sinusoidal).unseen, 0);
}

TEST(EncodingChoice, ShawTablesPerLayerAndClippedOffsets) {
    EncodingTarget target;
    target.head_dim = 64;
    target.heads = 8;
    target.layers = 6;
    target.clip_k = 16;
    target.training_length = 8;
    target.length = 64;
    const EncodingChoice shaw = rowOf(compareEncodings(target), EncodingFamily::Shaw);
    EXPECT_EQ(shaw.parameters, 6 * 2 * 33 * 64); // a^K and a^V, 2k+1 rows of d_head, per layer
    EXPECT_EQ(shaw.extra_memory_bytes, 2 * 64 * 64 * 64 * 2); // L x L x d_head, twice, bf16
    EXPECT_EQ(shaw.work_per_token, std::int64_t {6} * 8 * 2 * 64 * 64);
    EXPECT_EQ(shaw.unseen, 16 - 7); // offsets -8..-16 reach indices training (-7..0) never did
    EXPECT_EQ(shaw.unseen_of, 33);
    target.training_length = 17; // offsets down to -16: every index seen
    EXPECT_EQ(rowOf(compareEncodings(target), EncodingFamily::Shaw).unseen, 0);
}

TEST(EncodingChoice, TransformerXlProjectionPerLayer) {
    EncodingTarget target;
    target.head_dim = 4;
    target.heads = 2;
    target.layers = 3;
    target.length = 10;
    target.dtype_bytes = 4;
    const EncodingChoice txl = rowOf(compareEncodings(target), EncodingFamily::TransformerXL);
    EXPECT_EQ(txl.parameters, 3 * (8 * 8 + 2 * 8)); // W_R 8 x 8, u and v 2 x 4 each, per layer
    EXPECT_EQ(txl.extra_memory_bytes, (10 * 8 + 10 * 8 + 10 * 10 * 2) * 4);
    EXPECT_EQ(txl.work_per_token, 3 * 2 * (10 * 4 + 2 * 4));
    EXPECT_EQ(txl.kv_cache, KvCache::RelativeShift);
}

TEST(EncodingChoice, AlibiNeedsNothingLearned) {
    EncodingTarget target;
    target.heads = 16;
    target.layers = 4;
    target.length = 100;
    const EncodingChoice alibi = rowOf(compareEncodings(target), EncodingFamily::Alibi);
    EXPECT_EQ(alibi.parameters, 0);
    EXPECT_EQ(alibi.unseen, 0);
    EXPECT_EQ(alibi.unseen_of, 16);
    EXPECT_EQ(alibi.work_per_token, 4 * 16 * 100);
    EXPECT_EQ(alibi.extra_memory_bytes, 16 * 100 * 2);
}

TEST(EncodingChoice, ShorterThanTrainingHasNothingUnseen) {
    EncodingTarget target;
    target.length = 100;
    target.training_length = 4096;
    for (const EncodingChoice& row : compareEncodings(target)) {
        EXPECT_EQ(row.unseen, 0) << toString(row.family);
    }
    target.length = 4097; // position 4096: RoPE's 18 pairs of wavelength > 4096 meet a new angle
    EXPECT_EQ(rowOf(compareEncodings(target), EncodingFamily::Rope).unseen, 18);
}

TEST(EncodingChoice, UnscaledRopeGoesLMinusL0PositionsPastItsTrainedAngles) {
    EncodingTarget target; // head_dim 128, base 10^4, L0 = 4096, L = 8192
    const EncodingChoice rope = rowOf(compareEncodings(target), EncodingFamily::Rope);
    // ((L-1) theta - (L0-1) theta) / theta = L - L0 for every pair of wavelength > L0.
    EXPECT_NEAR(rope.overshoot, 8192.0 - 4096.0, 1e-6);
    EXPECT_EQ(rope.rotating_pairs, 64);
    EXPECT_EQ(rope.encoded_layers, 32);
    EXPECT_EQ(rope.factor, 1.0);
}

TEST(EncodingChoice, RescaledRopeEndsWithinAPositionOfItsTrainedAngles) {
    // PI divides theta by s (Chen et al. 2023 eq. 4), so position L-1 turns the slow pairs by
    // (L-1)/s theta: 1 - 1/s positions of training past (L0-1) theta when s = L/L0. llama3 divides
    // the pairs of wavelength > L0/low_freq_factor = L0 by s (the same pairs); YaRN's correction
    // range ends at ceil(d ln(L0/(2 pi beta_slow)) / (2 ln b)) = ceil(45.03) = 46 for d = 128,
    // b = 10^4, L0 = 4096, beta_slow = 1 (HF find_correction_range), so pairs 46..63, the same 18, are
    // fully interpolated.
    const double high
        = std::ceil(128.0 * std::log(4096.0 / (2 * std::numbers::pi)) / (2 * std::log(10000.0)));
    ASSERT_EQ(high, 46.0);
    for (const std::int64_t multiple : {2, 3, 8}) {
        EncodingTarget target;
        target.length = 4096 * multiple;
        const double s = static_cast<double>(multiple);
        for (const EncodingFamily family :
            {EncodingFamily::RopePi, EncodingFamily::RopeYarn, EncodingFamily::RopeLlama3}) {
            const EncodingChoice row = rowOf(compareEncodings(target), family);
            EXPECT_EQ(row.extrapolation, Extrapolation::Rescaled) << toString(family);
            EXPECT_EQ(row.factor, s) << toString(family);
            EXPECT_EQ(row.unseen, 64 - 46) << toString(family) << " s = " << s;
            EXPECT_EQ(row.unseen_of, 64);
            EXPECT_NEAR(row.overshoot, (static_cast<double>(target.length) - 1) / s - 4095.0, 1e-6)
                << toString(family) << " s = " << s;
            EXPECT_NEAR(row.overshoot, 1.0 - 1.0 / s, 1e-6);
            EXPECT_EQ(row.parameters, 0);
            EXPECT_EQ(row.kv_cache, KvCache::RotatedOnWrite);
        }
    }
    // Within L0 nothing is rescaled (s = 1) and nothing is new.
    EncodingTarget shorter;
    shorter.length = 4096;
    const EncodingChoice pi = rowOf(compareEncodings(shorter), EncodingFamily::RopePi);
    EXPECT_EQ(pi.factor, 1.0);
    EXPECT_EQ(pi.unseen, 0);
    EXPECT_EQ(pi.overshoot, 0.0);
}

TEST(EncodingChoice, ProportionalRopeRotatesOnlyItsFastestQuarter) {
    // p = 1/4 of head_dim 128: rope_angles = 16 pairs turn at b^(-2i/128), i < 16; the slowest
    // turning one has wavelength 2 pi 10^4^(30/128) = 54.4 < L0, so nothing is unseen at any L.
    EncodingTarget target;
    target.length = 65536;
    EncodingChoice row = rowOf(compareEncodings(target), EncodingFamily::PartialRope);
    EXPECT_EQ(row.rotating_pairs, 16);
    EXPECT_LT(2 * std::numbers::pi * std::pow(10000.0, 30.0 / 128.0), 4096.0);
    EXPECT_EQ(row.unseen, 0);
    EXPECT_EQ(row.unseen_of, 64);
    EXPECT_EQ(row.work_per_token, rowOf(compareEncodings(target), EncodingFamily::Rope).work_per_token);
    // head_dim 16, base 10^12: pairs 0 and 1 turn; pair 1's wavelength 2 pi 10^12^(1/8) = 198.7
    // exceeds L0 = 100, so at L = 200 it meets angles 100 positions past its trained ones.
    target.head_dim = 16;
    target.base = 1e12;
    target.training_length = 100;
    target.length = 200;
    row = rowOf(compareEncodings(target), EncodingFamily::PartialRope);
    EXPECT_EQ(row.rotating_pairs, 2);
    EXPECT_EQ(row.unseen, 1);
    EXPECT_NEAR(row.overshoot, 100.0, 1e-6);
}

TEST(EncodingChoice, RopeWithNopeLayersAndNoPe) {
    EncodingTarget target; // 32 layers of 32 heads x 128
    const auto rows = compareEncodings(target);
    const EncodingChoice mixed = rowOf(rows, EncodingFamily::RopeNope);
    // Llama 4: layer l has no RoPE when (l + 1) % 4 == 0 (no_rope_layer_interval 4): 8 of 32.
    int nope = 0;
    for (int l = 0; l < 32; ++l)
        nope += (l + 1) % 4 == 0 ? 1 : 0;
    EXPECT_EQ(mixed.encoded_layers, 32 - nope);
    // Rotation in the RoPE layers, the query temperature (a multiply per query entry) in the others.
    EXPECT_EQ(
        mixed.work_per_token, std::int64_t {32 - nope} * 32 * 2 * 2 * 128 + std::int64_t {nope} * 32 * 128);
    EXPECT_EQ(mixed.unseen, 18);
    const EncodingChoice nopeRow = rowOf(rows, EncodingFamily::NoPE);
    EXPECT_EQ(nopeRow.parameters, 0);
    EXPECT_EQ(nopeRow.extra_memory_bytes, 0);
    EXPECT_EQ(nopeRow.work_per_token, 0);
    EXPECT_EQ(nopeRow.extrapolation, Extrapolation::ImplicitPosition);
    EXPECT_EQ(nopeRow.unseen, 0);
    EXPECT_EQ(nopeRow.unseen_of, 0);
    EXPECT_EQ(nopeRow.kv_cache, KvCache::Plain);
    EXPECT_EQ(nopeRow.encoded_layers, 0);
    target.layers = 3; // no fourth layer: every layer rotates
    EXPECT_EQ(rowOf(compareEncodings(target), EncodingFamily::RopeNope).encoded_layers, 3);
}

TEST(EncodingChoice, RowsInOrderWithDistinctNames) {
    const auto rows = compareEncodings(EncodingTarget {});
    ASSERT_EQ(rows.size(), encodingFamilies().size());
    std::set<std::string> names;
    for (std::size_t n = 0; n < rows.size(); ++n) {
        EXPECT_EQ(rows[n].family, encodingFamilies()[n]);
        names.insert(toString(rows[n].family));
        EXPECT_FALSE(modelsUsing(rows[n].family).empty());
    }
    EXPECT_EQ(names.size(), rows.size());
}

TEST(EncodingChoice, TargetOfACard) {
    CardParams card;
    card.card = Card::Rope;
    card.length = 32768;
    card.rope.head_dim = 64;
    card.rope.base = 500000.0;
    card.alibi.heads = 16;
    EncodingTarget target = encodingTarget(card);
    EXPECT_EQ(target.length, 32768);
    EXPECT_EQ(target.head_dim, 64);
    EXPECT_EQ(target.heads, 16);
    EXPECT_EQ(target.base, 500000.0);
    EXPECT_EQ(target.training_length, 32768); // no L0 given: L
    card.rope.scaling.max_position_embeddings = 131072;
    EXPECT_EQ(encodingTarget(card).training_length, 131072);
    card.rope.scaling.original_max_position_embeddings = 8192;
    EXPECT_EQ(encodingTarget(card).training_length, 8192);
    card.card = Card::Sinusoidal;
    card.sinusoidal.d_model = 256;
    target = encodingTarget(card);
    EXPECT_EQ(target.head_dim, 256);
    EXPECT_EQ(target.base, card.sinusoidal.base);
}

TEST(EncodingChoice, InvalidTargetNamesTheValue) {
    const auto expectNamed = [](EncodingTarget target, const std::string& name) {
        try {
            compareEncodings(target);
            ADD_FAILURE() << "no error for " << name;
        } catch (const InvalidParameter& e) {
            EXPECT_EQ(e.name(), name);
        }
    };
    EncodingTarget target;
    target.heads = 0;
    expectNamed(target, "heads");
    target = {};
    target.head_dim = 7;
    expectNamed(target, "head_dim");
    target = {};
    target.length = 0;
    expectNamed(target, "length");
    target = {};
    target.training_length = 1;
    expectNamed(target, "original_max_position_embeddings");
    target = {};
    target.dtype_bytes = 0;
    expectNamed(target, "dtype_bytes");
    target = {};
    target.max_distance = 16; // decoder max_exact = 16
    expectNamed(target, "max_distance");
}

} // namespace
} // namespace pecards
