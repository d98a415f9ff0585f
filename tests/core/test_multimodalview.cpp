// The multimodal card's views through the view machinery (Backend::compute): the score of the
// worked example against its ids written out here and RoFormer's all-ones closed form, exact
// reductions against the entries, the layout pitfall against the axes of each token pair, and the
// card's validation messages.

#include "pecards/backend.h"
#include "pecards/errors.h"
#include "pecards/mrope.h"
#include "pecards/params.h"
#include "pecards/pitfall.h"
#include "viewreference.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace {

using pecards::Card;
using pecards::CardParams;
using pecards::Quantity;

/// The worked example (Qwen2.5-VL, merge 2): text:3, image:4x6, text:2.
const std::array<std::vector<std::int64_t>, 3> kWorkedIds {{
    {0, 1, 2, 3, 3, 3, 3, 3, 3, 6, 7},
    {0, 1, 2, 3, 3, 3, 4, 4, 4, 6, 7},
    {0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7},
}};

pecards::Grid computeAll(const CardParams& params, Quantity quantity,
    pecards::Reduction reduction = pecards::Reduction::Sample, int pixels = 512) {
    pecards::ViewRequest request;
    request.params = params;
    request.quantity = quantity;
    request.window = pecards::fullExtent(params, quantity);
    request.out_rows = pixels;
    request.out_cols = pixels;
    request.reduction = reduction;
    return pecards::makeCpuBackend()->compute(request);
}

/// S(i, j) of the all-ones probe: each pair contributes 2 cos(theta_p (x(i) - x(j))) along its own
/// axis (RoFormer eq. 14 on (1, 1)), theta_p = base^(-2p/d) (transformers' default inv_freq).
double allOnesScore(const std::vector<int>& axisOfPair, double base, int headDim,
    const std::array<std::vector<std::int64_t>, 3>& ids, std::size_t i, std::size_t j) {
    double sum = 0;
    for (std::size_t p = 0; p < axisOfPair.size(); ++p) {
        const auto a = static_cast<std::size_t>(axisOfPair[p]);
        const double theta = std::pow(base, -2.0 * static_cast<double>(p) / headDim);
        sum += 2 * std::cos(theta * static_cast<double>(ids[a][i] - ids[a][j]));
    }
    return sum;
}

/// [16, 24, 24] blocked (Qwen2.5-VL): pairs 0-15 t, 16-39 h, 40-63 w.
std::vector<int> blockedQwen25() {
    std::vector<int> axis(64, 0);
    std::fill(axis.begin() + 16, axis.begin() + 40, 1);
    std::fill(axis.begin() + 40, axis.end(), 2);
    return axis;
}

TEST(MultimodalView, TheCardStartsAtTheWorkedExampleOfQwen25Vl) {
    const CardParams params = pecards::startParams(Card::Multimodal);
    EXPECT_EQ(params.length, 11);
    EXPECT_EQ(params.rope.head_dim, 128);
    EXPECT_EQ(params.rope.base, 1e6);
    EXPECT_EQ(pecards::formatMropeSegments(params.multimodal.segments), "text:3,image:4x6,text:2");
    const pecards::MropePositions positions = pecards::mropePositionIds(
        params.multimodal.family, params.multimodal.segments, params.multimodal.vision);
    EXPECT_EQ(positions.ids, kWorkedIds);
    EXPECT_EQ(positions.delta, -3);
}

TEST(MultimodalView, ScoreIsEachPairsCosineAlongItsOwnAxis) {
    const CardParams params = pecards::startParams(Card::Multimodal);
    const pecards::Grid grid = computeAll(params, Quantity::Score);
    ASSERT_EQ(grid.rows, 11);
    ASSERT_EQ(grid.cols, 11);
    const std::vector<int> axis = blockedQwen25();
    for (std::size_t i = 0; i < 11; ++i) {
        for (std::size_t j = 0; j < 11; ++j) {
            EXPECT_NEAR(grid.at(static_cast<int>(i), static_cast<int>(j)),
                allOnesScore(axis, 1e6, 128, kWorkedIds, i, j), 1e-9)
                << i << "," << j;
        }
    }
    // Patch (3, 3, 3) and patch (3, 4, 3) one row below: the h pairs see distance 1, t and w 0;
    // text token 2 and the first patch are one step apart on every axis, as text neighbours are.
    EXPECT_NEAR(grid.at(3, 6), allOnesScore(axis, 1e6, 128, kWorkedIds, 3, 6), 1e-9);
    EXPECT_NEAR(grid.at(3, 2), grid.at(10, 9), 1e-9);
    EXPECT_GT(std::abs(grid.at(3, 6) - grid.at(3, 4)), 1e-3); // a row neighbour is not a column one
}

TEST(MultimodalView, InterleavedLayoutAndHalfRotaryHeadOfGlm) {
    // GLM-4.1V: head_dim 128, partial_rotary_factor 0.5 (rotary_dim 64), mrope_section [8, 12, 12]
    // blocked over adjacent-dimension pairs (rotate_every_two).
    CardParams params = pecards::startParams(Card::Multimodal);
    params.rope.rotary_dim = 64;
    params.rope.layout = pecards::RopeLayout::Interleaved;
    params.multimodal.family = pecards::MropeFamily::Glm4V;
    params.multimodal.section = {8, 12, 12};
    const pecards::Grid grid = computeAll(params, Quantity::Score);
    std::vector<int> axis(32, 0);
    std::fill(axis.begin() + 8, axis.begin() + 20, 1);
    std::fill(axis.begin() + 20, axis.end(), 2);
    for (std::size_t i = 0; i < 11; ++i) {
        for (std::size_t j = 0; j < 11; ++j) {
            // 64 pass-through dims add 1 x 1 each; pair p turns at base^(-2p/64).
            EXPECT_NEAR(grid.at(static_cast<int>(i), static_cast<int>(j)),
                64.0 + allOnesScore(axis, 1e6, 64, kWorkedIds, i, j), 1e-9);
        }
    }
}

TEST(MultimodalView, RandomProbeAndVideoMatchTheRotationOfEachAxisWrittenOut) {
    // Qwen2-VL ids for a video (t = grid index), a random q, k, interleaved sections, YaRN.
    CardParams params = pecards::startParams(Card::Multimodal);
    params.probe.kind = pecards::ProbeKind::Random;
    params.probe.seed = 7;
    params.multimodal.family = pecards::MropeFamily::Qwen2VL;
    params.multimodal.layout = pecards::MropeLayout::Interleaved;
    params.multimodal.section = {24, 20, 20};
    params.multimodal.segments = pecards::parseMropeSegments("text:2,video:3x4x4,text:2");
    params.length = 16;
    params.rope.scaling.type = pecards::RopeScalingType::Yarn;
    params.rope.scaling.factor = 4;
    params.rope.scaling.original_max_position_embeddings = 8;
    for (const Quantity quantity : {Quantity::Score, Quantity::Attention}) {
        const pecards::Grid grid = computeAll(params, quantity);
        const bool attention = quantity == Quantity::Attention;
        for (int i = 0; i < 16; ++i) {
            std::vector<double> logits(16);
            double peak = -1e300;
            for (int j = 0; j < 16; ++j) {
                logits[static_cast<std::size_t>(j)]
                    = pecards::test::referenceLogit(params, i, j, attention, false, false);
                peak = std::max(peak, logits[static_cast<std::size_t>(j)]);
            }
            double sum = 0;
            for (const double l : logits)
                sum += std::exp(l - peak);
            for (int j = 0; j < 16; ++j) {
                const double expected = attention ? std::exp(logits[static_cast<std::size_t>(j)] - peak) / sum
                                                  : logits[static_cast<std::size_t>(j)];
                EXPECT_NEAR(grid.at(i, j), expected, 1e-9)
                    << pecards::toString(quantity) << " " << i << "," << j;
            }
        }
    }
}

TEST(MultimodalView, ExactReductionsReduceTheEntries) {
    CardParams params = pecards::startParams(Card::Multimodal);
    params.multimodal.segments = pecards::parseMropeSegments("text:5,image:8x8,text:4");
    params.length = 25;
    const pecards::Grid full = computeAll(params, Quantity::Score);
    const pecards::Grid max = computeAll(params, Quantity::Score, pecards::Reduction::Max, 5);
    const pecards::Grid mean = computeAll(params, Quantity::Score, pecards::Reduction::Mean, 5);
    for (int r = 0; r < 5; ++r) {
        for (int c = 0; c < 5; ++c) {
            double best = -1e300;
            double sum = 0;
            for (int i = 5 * r; i < 5 * r + 5; ++i) {
                for (int j = 5 * c; j < 5 * c + 5; ++j) {
                    best = std::max(best, full.at(i, j));
                    sum += full.at(i, j);
                }
            }
            EXPECT_NEAR(max.at(r, c), best, 1e-9);
            EXPECT_NEAR(mean.at(r, c), sum / 25, 1e-9);
        }
    }
}

TEST(MultimodalView, CausalAttentionRowsSumToOne) {
    CardParams params = pecards::startParams(Card::Multimodal);
    params.causal = true;
    const pecards::Grid grid = computeAll(params, Quantity::Attention);
    for (int i = 0; i < grid.rows; ++i) {
        double sum = 0;
        for (int j = 0; j < grid.cols; ++j) {
            sum += grid.at(i, j);
            if (j > i) {
                EXPECT_EQ(grid.at(i, j), 0.0);
            }
        }
        EXPECT_NEAR(sum, 1.0, 1e-12) << i;
    }
}

TEST(MultimodalView, TheLayoutPitfallDiffersExactlyWhereTheAxesOfATokenPairDiffer) {
    // Qwen3-VL: interleaved [24, 20, 20]; the pitfall runs it blocked. Text to text (and any pair
    // of tokens whose t, h and w distances agree) scores the same either way.
    CardParams params = pecards::startParams(Card::Multimodal);
    params.multimodal.family = pecards::MropeFamily::Qwen3VL;
    params.multimodal.layout = pecards::MropeLayout::Interleaved;
    params.multimodal.section = {24, 20, 20};
    params.multimodal.segments = pecards::parseMropeSegments("text:2,image:4x4,text:3");
    params.length = 9;
    const pecards::MropePositions ids = pecards::mropePositionIds(
        params.multimodal.family, params.multimodal.segments, params.multimodal.vision);
    const pecards::Grid right = computeAll(params, Quantity::Score);
    params.pitfall.kind = pecards::Pitfall::MropeLayoutMismatch;
    const pecards::Grid wrong = computeAll(params, Quantity::Score);
    params.pitfall.fixed = true;
    const pecards::Grid fixed = computeAll(params, Quantity::Score);
    int differing = 0;
    for (int i = 0; i < 9; ++i) {
        for (int j = 0; j < 9; ++j) {
            const auto d = [&](std::size_t axis) {
                return ids.ids[axis][static_cast<std::size_t>(i)]
                    - ids.ids[axis][static_cast<std::size_t>(j)];
            };
            EXPECT_EQ(fixed.at(i, j), right.at(i, j));
            if (d(0) == d(1) && d(1) == d(2)) {
                EXPECT_NEAR(wrong.at(i, j), right.at(i, j), 1e-9) << i << "," << j;
            } else {
                EXPECT_GT(std::abs(wrong.at(i, j) - right.at(i, j)), 1e-6) << i << "," << j;
                ++differing;
            }
        }
    }
    // Patches at (2, 2, 2), (2, 2, 3), (2, 3, 2), (2, 3, 3): the first sits on the text diagonal
    // (text 0, 1 and 4, 5, 6 see it as position 2); the other three against 5 texts, both ways,
    // and the 4 x 3 ordered patch pairs.
    EXPECT_EQ(differing, 2 * 3 * 5 + 4 * 3);
    EXPECT_EQ(pecards::pitfallsOf(Card::Multimodal),
        (std::vector {pecards::Pitfall::MropeLayoutMismatch, pecards::Pitfall::MropePartialFactorDropped}));
}

TEST(MultimodalView, OffersScoreAndAttentionOnly) {
    EXPECT_TRUE(pecards::hasQuantity(Card::Multimodal, Quantity::Score));
    EXPECT_TRUE(pecards::hasQuantity(Card::Multimodal, Quantity::Attention));
    for (const Quantity q : {Quantity::Table, Quantity::Phase, Quantity::Buckets, Quantity::ContentScore,
             Quantity::ContentAttention, Quantity::UnseenAngles}) {
        EXPECT_FALSE(pecards::hasQuantity(Card::Multimodal, q)) << pecards::toString(q);
    }
    EXPECT_EQ(pecards::fromString<Card>("multimodal"), Card::Multimodal);
}

std::string messageOf(const CardParams& params) {
    try {
        pecards::validate(params);
    } catch (const pecards::InvalidParameter& e) {
        return e.what();
    }
    return "";
}

TEST(MultimodalView, BadParametersNameTheValueAndWhatIsAllowed) {
    CardParams params = pecards::startParams(Card::Multimodal);
    params.length = 12;
    EXPECT_NE(messageOf(params).find("12"), std::string::npos);
    EXPECT_NE(
        messageOf(params).find("11, the token count of segments text:3,image:4x6,text:2"), std::string::npos)
        << messageOf(params);
    params = pecards::startParams(Card::Multimodal);
    params.multimodal.section = {16, 24, 20};
    EXPECT_NE(messageOf(params).find("60 pairs in all"), std::string::npos) << messageOf(params);
    EXPECT_NE(messageOf(params).find("rotary_dim / 2 = 64"), std::string::npos);
    params = pecards::startParams(Card::Multimodal);
    params.multimodal.segments = pecards::parseMropeSegments("text:1,image:3x4");
    params.length = 4;
    EXPECT_NE(messageOf(params).find("multiple of spatial_merge_size = 2"), std::string::npos)
        << messageOf(params);
    params = pecards::startParams(Card::Multimodal);
    params.rope.partial = pecards::RopePartial::Proportional;
    EXPECT_NE(messageOf(params).find("rope.partial"), std::string::npos) << messageOf(params);
}

TEST(MultimodalView, SegmentsReadBackFromTheirText) {
    for (const std::string text : {"text:3,image:4x6,text:2", "video:2x4x4+audio:200,audio:300,text:1"}) {
        EXPECT_EQ(pecards::formatMropeSegments(pecards::parseMropeSegments(text)), text);
    }
    EXPECT_EQ(pecards::fromString<pecards::MropeFamily>("glm4v"), pecards::MropeFamily::Glm4V);
    EXPECT_EQ(pecards::fromString<pecards::MropeLayout>("interleaved"), pecards::MropeLayout::Interleaved);
    EXPECT_THROW(pecards::fromString<pecards::MropeFamily>("qwen9"), pecards::InvalidParameter);
}

} // namespace

namespace {

pecards::MropePositions idsOf(pecards::MropeFamily family, const std::string& segments, int frameText = 0) {
    pecards::MropeVision vision;
    vision.frame_text_tokens = frameText;
    return pecards::mropePositionIds(family, pecards::parseMropeSegments(segments), vision);
}

} // namespace

TEST(MultimodalView, LessonTensVideoFrameAndAudioIdsFollowTheTransformersRules) {
    // Qwen2.5-VL: t = start + floor(k * second_per_grid_t * tokens_per_second) = 1 + 2k.
    const pecards::MropePositions video = idsOf(pecards::MropeFamily::Qwen25VL, "text:1,video:4x4x4,text:1");
    ASSERT_EQ(video.size(), 18);
    for (int k = 0; k < 4; ++k) {
        for (int n = 0; n < 4; ++n) {
            const auto token = static_cast<std::size_t>(1 + 4 * k + n);
            EXPECT_EQ(video.ids[0][token], 1 + 2 * k);
            EXPECT_EQ(video.ids[1][token], 1 + n / 2);
            EXPECT_EQ(video.ids[2][token], 1 + n % 2);
        }
    }
    EXPECT_EQ(video.ids[0][17], 8);
    EXPECT_EQ(video.delta, -9);
    // Qwen3-VL: each frame is 3 timestamp tokens, then its 2 x 2 tokens from the next id.
    const pecards::MropePositions frames
        = idsOf(pecards::MropeFamily::Qwen3VL, "text:1,video:3x4x4,text:1", 3);
    ASSERT_EQ(frames.size(), 23);
    const std::vector<std::int64_t> t {
        0, 1, 2, 3, 4, 4, 4, 4, 6, 7, 8, 9, 9, 9, 9, 11, 12, 13, 14, 14, 14, 14, 16};
    EXPECT_EQ(frames.ids[0], t);
    EXPECT_EQ(frames.delta, 16 + 1 - 23);
    // Qwen2.5-Omni: 400 mel frames -> ((399 // 2 + 1) - 2) // 2 + 1 = 100 tokens between a start
    // and an end token, consecutive on all three axes.
    const pecards::MropePositions audio = idsOf(pecards::MropeFamily::Qwen25Omni, "text:1,audio:400,text:1");
    ASSERT_EQ(audio.size(), 104);
    for (std::size_t token = 0; token < 104; ++token) {
        for (std::size_t axis = 0; axis < 3; ++axis)
            EXPECT_EQ(audio.ids[axis][token], static_cast<std::int64_t>(token));
    }
    EXPECT_EQ(audio.delta, 0);
}

TEST(MultimodalView, ThePartialFactorPitfallTurnsEveryPairAtTheWholeHeadsFrequency) {
    // GLM-4.1V: head 128, rotary_dim 64 (partial_rotary_factor 0.5), [8, 12, 12] blocked over
    // adjacent dimensions. Dropping the factor builds inv_freq over 128 dims: pair p turns at
    // base^(-2p/128) instead of base^(-2p/64); the 64 pass-through dims add 1 each either way.
    CardParams params = pecards::startParams(Card::Multimodal);
    params.rope.rotary_dim = 64;
    params.rope.base = 10000;
    params.rope.layout = pecards::RopeLayout::Interleaved;
    params.multimodal.family = pecards::MropeFamily::Glm4V;
    params.multimodal.section = {8, 12, 12};
    params.pitfall.kind = pecards::Pitfall::MropePartialFactorDropped;
    const pecards::Grid wrong = computeAll(params, Quantity::Score);
    params.pitfall.fixed = true;
    const pecards::Grid fixed = computeAll(params, Quantity::Score);
    std::vector<int> axis(32, 0);
    std::fill(axis.begin() + 8, axis.begin() + 20, 1);
    std::fill(axis.begin() + 20, axis.end(), 2);
    for (std::size_t i = 0; i < 11; ++i) {
        for (std::size_t j = 0; j < 11; ++j) {
            const int r = static_cast<int>(i);
            const int c = static_cast<int>(j);
            EXPECT_NEAR(wrong.at(r, c), 64.0 + allOnesScore(axis, 1e4, 128, kWorkedIds, i, j), 1e-9);
            EXPECT_NEAR(fixed.at(r, c), 64.0 + allOnesScore(axis, 1e4, 64, kWorkedIds, i, j), 1e-9);
            if (i == j) {
                EXPECT_NEAR(wrong.at(r, c), fixed.at(r, c), 1e-9);
            } else {
                EXPECT_GT(std::abs(wrong.at(r, c) - fixed.at(r, c)), 1e-6) << i << "," << j;
            }
        }
    }
    params.rope.rotary_dim = 0; // nothing to drop: the whole head rotates, its 64 pairs in sections
    params.multimodal.section = {16, 24, 24};
    EXPECT_NE(messageOf(params).find("partial rotary_dim < head_dim = 128"), std::string::npos)
        << messageOf(params);
}
