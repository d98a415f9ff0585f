// M-RoPE: the pair-to-axis layouts against the rules of transformers written out here, the
// position ids against the worked examples of transformers' own docstrings and hand-built
// sequences, and the score against the all-ones closed form and ordinary RoPE for text.

#include "pecards/errors.h"
#include "pecards/mrope.h"
#include "pecards/rope.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <numeric>
#include <string>

namespace {

using pecards::MropeAxis;
using pecards::MropeFamily;
using pecards::MropeLayout;
using pecards::MropePositions;
using pecards::MropeVision;

std::string axes(const std::vector<MropeAxis>& axis) {
    std::string text;
    for (const MropeAxis a : axis)
        text += pecards::toString(a);
    return text;
}

std::vector<std::int64_t> ids(const MropePositions& positions, MropeAxis axis) {
    return positions.ids[static_cast<std::size_t>(axis)];
}

MropePositions positionsOf(MropeFamily family, const std::string& segments, const MropeVision& vision = {}) {
    return pecards::mropePositionIds(family, pecards::parseMropeSegments(segments), vision);
}

TEST(MropeAxes, Qwen3VlInterleavesTheDefaultSectionsRoundRobin) {
    // Qwen3VLTextRotaryEmbedding.apply_interleaved_mrope with [24, 20, 20] over 64 pairs:
    // h at 1, 4, ..., 58; w at 2, 5, ..., 59; t elsewhere (0, 3, ..., 57 and 60-63).
    const std::string expected = "thwthwthwthwthwthwthwthwthwthwthwthwthwthwthwthwthwthwthwthwtttt";
    EXPECT_EQ(axes(pecards::mropeAxisOfPair({24, 20, 20}, MropeLayout::Interleaved)), expected);
}

TEST(MropeAxes, BlockedSectionsTakeConsecutivePairs) {
    EXPECT_EQ(axes(pecards::mropeAxisOfPair({24, 20, 20}, MropeLayout::Blocked)),
        std::string(24, 't') + std::string(20, 'h') + std::string(20, 'w'));
    // GLM-4.1V / 4.5V: [8, 12, 12] over the 32 pairs of a half-rotary 128-dim head.
    EXPECT_EQ(axes(pecards::mropeAxisOfPair({8, 12, 12}, MropeLayout::Blocked)),
        std::string(8, 't') + std::string(12, 'h') + std::string(12, 'w'));
}

TEST(MropeAxes, FortyThreePairsChangeAxisBetweenTheLayoutsOfTheQwen3VlSections) {
    const auto blocked = pecards::mropeAxisOfPair({24, 20, 20}, MropeLayout::Blocked);
    const auto interleaved = pecards::mropeAxisOfPair({24, 20, 20}, MropeLayout::Interleaved);
    int changed = 0;
    for (std::size_t j = 0; j < blocked.size(); ++j)
        changed += blocked[j] != interleaved[j] ? 1 : 0;
    EXPECT_EQ(changed, 43);
}

TEST(MropeAxes, BadSectionsAreRefusedByName) {
    EXPECT_THROW(pecards::mropeAxisOfPair({16, 24}, MropeLayout::Blocked), pecards::InvalidParameter);
    EXPECT_THROW(pecards::mropeAxisOfPair({16, 0, 24}, MropeLayout::Blocked), pecards::InvalidParameter);
}

TEST(MropePositionIds, TextImageTextIsTheDocumentedWorkedExample) {
    // docs/encodings.md: 3 text tokens, an image of 4 x 6 patches merged 2 x 2, 2 text tokens.
    for (const MropeFamily family :
        {MropeFamily::Qwen2VL, MropeFamily::Qwen25VL, MropeFamily::Qwen3VL, MropeFamily::Glm4V}) {
        const MropePositions p = positionsOf(family, "text:3,image:4x6,text:2");
        EXPECT_EQ(ids(p, MropeAxis::Time), (std::vector<std::int64_t> {0, 1, 2, 3, 3, 3, 3, 3, 3, 6, 7}));
        EXPECT_EQ(ids(p, MropeAxis::Height), (std::vector<std::int64_t> {0, 1, 2, 3, 3, 3, 4, 4, 4, 6, 7}));
        EXPECT_EQ(ids(p, MropeAxis::Width), (std::vector<std::int64_t> {0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7}));
        EXPECT_EQ(p.delta, -3);
        EXPECT_EQ(p.segment, (std::vector<int> {0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2}));
    }
}

TEST(MropePositionIds, Qwen25VlVideoTimeFollowsSecondsAsInItsDocstring) {
    // Qwen2_5_VLModel.get_rope_index docstring: 3 temporal patches of 2 x 2 merged tokens, 25
    // tokens per second, temporal patch 2 at 1 fps (2 s per grid): t = 0, 50, 100; text from 101.
    MropeVision vision;
    vision.tokens_per_second = 25;
    vision.seconds_per_grid = 2.0;
    const MropePositions p = positionsOf(MropeFamily::Qwen25VL, "video:3x4x4,text:5", vision);
    EXPECT_EQ(ids(p, MropeAxis::Time),
        (std::vector<std::int64_t> {
            0, 0, 0, 0, 50, 50, 50, 50, 100, 100, 100, 100, 101, 102, 103, 104, 105}));
    EXPECT_EQ(ids(p, MropeAxis::Height),
        (std::vector<std::int64_t> {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 101, 102, 103, 104, 105}));
    EXPECT_EQ(ids(p, MropeAxis::Width),
        (std::vector<std::int64_t> {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 101, 102, 103, 104, 105}));
    EXPECT_EQ(p.delta, 106 - 17);
}

TEST(MropePositionIds, Qwen25VlTruncatesFractionalTimes) {
    // t = int(k * 0.4 * 2) in float32: k = 0..3 -> 0, 0.8, 1.6, 2.4 -> 0, 0, 1, 2.
    MropeVision vision;
    vision.tokens_per_second = 2;
    vision.seconds_per_grid = 0.4;
    const MropePositions p = positionsOf(MropeFamily::Qwen25VL, "video:4x2x2", vision);
    EXPECT_EQ(ids(p, MropeAxis::Time), (std::vector<std::int64_t> {0, 0, 1, 2}));
}

TEST(MropePositionIds, Qwen2VlVideoTimeIsTheGridIndex) {
    const MropePositions p = positionsOf(MropeFamily::Qwen2VL, "video:3x4x4,text:1");
    EXPECT_EQ(ids(p, MropeAxis::Time), (std::vector<std::int64_t> {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3}));
    EXPECT_EQ(ids(p, MropeAxis::Width), (std::vector<std::int64_t> {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 3}));
    EXPECT_EQ(p.delta, 4 - 13);
}

TEST(MropePositionIds, Qwen3VlAndGlmFramesAreSeparateGridsAfterTheirTimestampText) {
    // text:1, then two frames of 1 x 2 merged tokens, each after 2 timestamp tokens, then text:1.
    MropeVision vision;
    vision.frame_text_tokens = 2;
    for (const MropeFamily family : {MropeFamily::Qwen3VL, MropeFamily::Glm4V}) {
        const MropePositions p = positionsOf(family, "text:1,video:2x2x4,text:1", vision);
        EXPECT_EQ(ids(p, MropeAxis::Time), (std::vector<std::int64_t> {0, 1, 2, 3, 3, 5, 6, 7, 7, 9}));
        EXPECT_EQ(ids(p, MropeAxis::Height), (std::vector<std::int64_t> {0, 1, 2, 3, 3, 5, 6, 7, 7, 9}));
        EXPECT_EQ(ids(p, MropeAxis::Width), (std::vector<std::int64_t> {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
        EXPECT_EQ(p.delta, 0);
    }
}

// Qwen2.5-Omni (transformers Qwen2_5OmniPreTrainedModelForConditionalGeneration.get_rope_index):
// each item between a start and an end token that take one text id each.
TEST(MropePositionIds, OmniFramesEachImageWithItsStartAndEndTokens) {
    // text:2, then <start> at 2, a 2 x 2 merged image from 3 (t = 3 for all: arange(1) x
    // position_id_per_seconds), <end> at max + 1 = 5, then text at 6.
    const MropePositions p = positionsOf(MropeFamily::Qwen25Omni, "text:2,image:4x4,text:1");
    EXPECT_EQ(ids(p, MropeAxis::Time), (std::vector<std::int64_t> {0, 1, 2, 3, 3, 3, 3, 5, 6}));
    EXPECT_EQ(ids(p, MropeAxis::Height), (std::vector<std::int64_t> {0, 1, 2, 3, 3, 4, 4, 5, 6}));
    EXPECT_EQ(ids(p, MropeAxis::Width), (std::vector<std::int64_t> {0, 1, 2, 3, 4, 3, 4, 5, 6}));
    EXPECT_EQ(p.delta, 7 - 9);
}

TEST(MropePositionIds, OmniVideoTimeIsSecondsTimesItsIdsPerSecond) {
    // The docstring's video: 3 temporal patches of 2 x 2 tokens, 2 s per grid, 25 ids per second:
    // t = 0, 50, 100 after the start token (here from 1), the end token at 102.
    MropeVision vision;
    vision.seconds_per_grid = 2.0;
    const MropePositions p = positionsOf(MropeFamily::Qwen25Omni, "video:3x4x4", vision);
    std::vector<std::int64_t> time {0};
    for (const std::int64_t t : {1, 51, 101})
        time.insert(time.end(), 4, t);
    time.push_back(102);
    EXPECT_EQ(ids(p, MropeAxis::Time), time);
    EXPECT_EQ(ids(p, MropeAxis::Height)[1], 1);
    EXPECT_EQ(ids(p, MropeAxis::Height)[3], 2);
}

TEST(MropePositionIds, OmniAudioLengthIsItsTowersTwoStrideTwoConvolutions) {
    // ((F - 1) // 2 + 1 - 2) // 2 + 1 tokens of consecutive ids: 3 frames give 1, 7 give 2,
    // 400 (4 s at 100 frames per second) give 100, 25 per second as position_id_per_seconds.
    for (const auto& [frames, tokens] : {std::pair {3, 1}, {7, 2}, {400, 100}, {401, 100}, {405, 101}}) {
        const MropePositions p = positionsOf(MropeFamily::Qwen25Omni, "audio:" + std::to_string(frames));
        ASSERT_EQ(p.size(), tokens + 2) << frames;
        for (std::int64_t i = 0; i < p.size(); ++i)
            EXPECT_EQ(ids(p, MropeAxis::Width)[static_cast<std::size_t>(i)], i) << frames;
    }
}

TEST(MropePositionIds, OmniInterleavesAVideoAndItsAudioInTwoSecondChunks) {
    // text:1 (id 0); two start tokens both at 1; the video (3 grids of one merged token, 2 s per
    // grid: t = 2, 52, 102; h = w = 2) and its audio (400 frames: 100 tokens, ids 2..101) start at
    // 2 and are cut into chunks of 25 x 2 = 50 ids: video [2], audio 2..51, video [52], audio
    // 52..101, video [102]; two end tokens at 103; text at 104.
    MropeVision vision;
    vision.seconds_per_grid = 2.0;
    const MropePositions p
        = positionsOf(MropeFamily::Qwen25Omni, "text:1,video:3x2x2+audio:400,text:1", vision);
    std::vector<std::int64_t> time {0, 1, 1, 2};
    std::vector<std::int64_t> height {0, 1, 1, 2};
    for (std::int64_t a = 2; a <= 51; ++a) {
        time.push_back(a);
        height.push_back(a);
    }
    time.push_back(52);
    height.push_back(2);
    for (std::int64_t a = 52; a <= 101; ++a) {
        time.push_back(a);
        height.push_back(a);
    }
    time.push_back(102);
    height.push_back(2);
    for (const std::int64_t tail : {103, 103, 104}) {
        time.push_back(tail);
        height.push_back(tail);
    }
    EXPECT_EQ(ids(p, MropeAxis::Time), time);
    EXPECT_EQ(ids(p, MropeAxis::Height), height);
    EXPECT_EQ(ids(p, MropeAxis::Width), height);
    EXPECT_EQ(p.delta, 105 - static_cast<std::int64_t>(time.size()));
    // One-second chunks (25 ids): start tokens at 0; video t = 1, 51, 101; audio 1..100 in four
    // chunks against the video's three: v0, a 1..25, v1 (t 51), a 26..50, v2 (t 101), a 51..75,
    // a 76..100. The end tokens take the last chunk's largest id + 1 (the reference's
    // llm_pos_ids_list[-1].max() + 1): 101, the id video grid 2 already has; the text after them
    // continues from there (102, 103), while the delta takes the largest id of all.
    vision.seconds_per_chunk = 1.0;
    const MropePositions q = positionsOf(MropeFamily::Qwen25Omni, "video:3x2x2+audio:400,text:2", vision);
    ASSERT_EQ(q.size(), 2 + 3 + 100 + 2 + 2);
    const std::vector<std::int64_t> t = ids(q, MropeAxis::Time);
    const std::vector<std::int64_t> h = ids(q, MropeAxis::Height);
    EXPECT_EQ(t[2], 1);
    EXPECT_EQ(t[3], 1);
    EXPECT_EQ(t[27], 25);
    EXPECT_EQ(t[28], 51);
    EXPECT_EQ(h[28], 1);
    EXPECT_EQ(t[29], 26);
    EXPECT_EQ(t[54], 101);
    EXPECT_EQ(t[55], 51);
    EXPECT_EQ(t[104], 100);
    EXPECT_EQ(t[105], 101);
    EXPECT_EQ(t[106], 101);
    EXPECT_EQ(t[107], 102);
    EXPECT_EQ(t[108], 103);
    EXPECT_EQ(q.delta, 104 - 109);
    // The video's grid comes last: 2 grids at 2 s (t 1, 51), 40 frames of audio (9 tokens, ids
    // 1..9), one-second chunks: v0, a 1..9, v1 (t 51); end tokens at 52, text at 53.
    const MropePositions r = positionsOf(MropeFamily::Qwen25Omni, "video:2x2x2+audio:40,text:1", vision);
    EXPECT_EQ(ids(r, MropeAxis::Time).back(), 53);
    // The audio comes last: 1 grid (t 1), 400 frames (ids 1..100): v0, a 1..25, a 26..50, a 51..75,
    // a 76..100; end tokens at 101, text at 102.
    const MropePositions u = positionsOf(MropeFamily::Qwen25Omni, "video:1x2x2+audio:400,text:1", vision);
    EXPECT_EQ(ids(u, MropeAxis::Time).back(), 102);
    // The helper's case (a new user's): the audio ends before the last video grid; the text after
    // the end tokens follows them, not the video's larger ids.
    const MropePositions w = positionsOf(MropeFamily::Qwen25Omni, "text:5,video:4x4x4+audio:250,text:3");
    const std::vector<std::int64_t> wt = ids(w, MropeAxis::Time);
    EXPECT_EQ(
        std::vector<std::int64_t>(wt.end() - 5, wt.end()), (std::vector<std::int64_t> {68, 68, 69, 70, 71}));
    EXPECT_EQ(w.delta, -8);
}

TEST(MropePositionIds, AudioIsOmnisAndRefusedElsewhere) {
    EXPECT_THROW(positionsOf(MropeFamily::Qwen25VL, "text:1,audio:400"), pecards::InvalidParameter);
    EXPECT_THROW(positionsOf(MropeFamily::Qwen3VL, "video:2x2x2+audio:400"), pecards::InvalidParameter);
    EXPECT_THROW(positionsOf(MropeFamily::Qwen25Omni, "audio:2"), pecards::InvalidParameter);
    // transformers' use_audio_in_video is one flag: every video with its audio, or none.
    try {
        positionsOf(MropeFamily::Qwen25Omni, "video:1x2x2+audio:400,video:1x2x2");
        ADD_FAILURE() << "a video with and one without audio were accepted";
    } catch (const pecards::InvalidParameter& error) {
        EXPECT_NE(std::string(error.what()).find("use_audio_in_video"), std::string::npos) << error.what();
    }
    EXPECT_THROW(pecards::parseMropeSegments("video:1x2x2+audio:0"), pecards::InvalidParameter);
    MropeVision vision;
    vision.position_id_per_seconds = 0;
    EXPECT_THROW(positionsOf(MropeFamily::Qwen25Omni, "text:1", vision), pecards::InvalidParameter);
}

TEST(MropePositionIds, BadSequencesAreRefusedWithTheValue) {
    const auto fails = [](MropeFamily family, const std::string& segments, const MropeVision& vision) {
        try {
            positionsOf(family, segments, vision);
        } catch (const pecards::InvalidParameter& error) {
            return error.name() + "=" + error.value();
        }
        return std::string("no error");
    };
    EXPECT_EQ(fails(MropeFamily::Qwen25VL, "text:3,image:5x6", {}), "segments[1].height=5");
    EXPECT_EQ(fails(MropeFamily::Qwen25VL, "text:0", {}), "segments[0].tokens=0");
    EXPECT_EQ(fails(MropeFamily::Glm4V, "video:2x2x2", {}), "frame_text_tokens=0");
    EXPECT_EQ(fails(MropeFamily::Qwen25VL, "audio:3", {}), "segments[0]=audio"); // Omni's only
    EXPECT_EQ(fails(MropeFamily::Qwen25VL, "sound:3", {}), "segments=\"sound:3\"");
    EXPECT_EQ(fails(MropeFamily::Qwen25VL, "text:3,,text:2", {}), "segments=\"\"");
    EXPECT_EQ(fails(MropeFamily::Qwen25VL, "image:4xx6", {}), "segments=\"image:4xx6\"");
    MropeVision negative;
    negative.seconds_per_grid = -1;
    EXPECT_EQ(fails(MropeFamily::Qwen25VL, "video:2x2x2", negative), "seconds_per_grid=-1");
}

pecards::RopeParams smallHead(pecards::RopeLayout layout) {
    pecards::RopeParams params;
    params.head_dim = 12;
    params.base = 10000;
    params.layout = layout;
    return params;
}

TEST(MropeScore, AllOnesProbeIsTheSumOfCosinesOfEachPairsOwnAxisDistance) {
    // (R_a 1).(R_b 1) over one pair = 2 cos(alpha - beta): S(i, j) = sum_p 2 cos(theta_p (x_p(i) - x_p(j))).
    for (const pecards::RopeLayout layout :
        {pecards::RopeLayout::HalfSplit, pecards::RopeLayout::Interleaved}) {
        const pecards::RopeParams params = smallHead(layout);
        const Eigen::VectorXd theta = pecards::ropeInvFreq(params);
        const auto axis = pecards::mropeAxisOfPair({2, 2, 2}, MropeLayout::Interleaved);
        const MropePositions p = positionsOf(MropeFamily::Qwen25VL, "text:2,image:4x6,text:1");
        const Eigen::VectorXd ones = Eigen::VectorXd::Ones(12);
        const Eigen::MatrixXd score = pecards::mropeScore(params, theta, ones, ones, axis, p);
        ASSERT_EQ(score.rows(), p.size());
        for (std::int64_t i = 0; i < p.size(); ++i) {
            for (std::int64_t j = 0; j < p.size(); ++j) {
                double expected = 0;
                for (int pair = 0; pair < 6; ++pair) {
                    const auto a = static_cast<std::size_t>(axis[static_cast<std::size_t>(pair)]);
                    const double delta = static_cast<double>(
                        p.ids[a][static_cast<std::size_t>(i)] - p.ids[a][static_cast<std::size_t>(j)]);
                    expected += 2 * std::cos(theta[pair] * delta);
                }
                EXPECT_NEAR(score(i, j), expected, 1e-12) << i << "," << j;
            }
        }
    }
}

TEST(MropeScore, TextAloneIsOrdinaryRope) {
    const pecards::RopeParams params = smallHead(pecards::RopeLayout::HalfSplit);
    const Eigen::VectorXd theta = pecards::ropeInvFreq(params);
    const Eigen::VectorXd q = Eigen::VectorXd::LinSpaced(12, -1.0, 2.0);
    const Eigen::VectorXd k = Eigen::VectorXd::LinSpaced(12, 0.5, -1.5);
    const MropePositions p = positionsOf(MropeFamily::Qwen3VL, "text:9");
    const Eigen::MatrixXd score = pecards::mropeScore(
        params, theta, q, k, pecards::mropeAxisOfPair({2, 2, 2}, MropeLayout::Blocked), p);
    const Eigen::VectorXd profile = pecards::ropeScoreProfile(params, theta, q, k, -8, 17);
    for (int i = 0; i < 9; ++i) {
        for (int j = 0; j < 9; ++j)
            EXPECT_NEAR(score(i, j), profile[i - j + 8], 1e-12);
    }
}

TEST(MropeScore, TheWrongLayoutDiffersExactlyWhereTheTokensAxesDiffer) {
    // Running blocked sections on an interleaved model changes which id a pair reads; two tokens
    // whose t, h and w differences are all equal (text to text) score the same either way.
    const pecards::RopeParams params = smallHead(pecards::RopeLayout::HalfSplit);
    const Eigen::VectorXd theta = pecards::ropeInvFreq(params);
    const Eigen::VectorXd ones = Eigen::VectorXd::Ones(12);
    const MropePositions p = positionsOf(MropeFamily::Qwen3VL, "text:2,image:4x4,text:2");
    const Eigen::MatrixXd right = pecards::mropeScore(
        params, theta, ones, ones, pecards::mropeAxisOfPair({2, 2, 2}, MropeLayout::Interleaved), p);
    const Eigen::MatrixXd wrong = pecards::mropeScore(
        params, theta, ones, ones, pecards::mropeAxisOfPair({2, 2, 2}, MropeLayout::Blocked), p);
    for (std::int64_t i = 0; i < p.size(); ++i) {
        for (std::int64_t j = 0; j < p.size(); ++j) {
            const auto d = [&](int axis) {
                return p.ids[static_cast<std::size_t>(axis)][static_cast<std::size_t>(i)]
                    - p.ids[static_cast<std::size_t>(axis)][static_cast<std::size_t>(j)];
            };
            const bool sameAlongEveryAxis = d(0) == d(1) && d(1) == d(2);
            if (sameAlongEveryAxis)
                EXPECT_NEAR(right(i, j), wrong(i, j), 1e-12) << i << "," << j;
            else
                EXPECT_GT(std::abs(right(i, j) - wrong(i, j)), 1e-6) << i << "," << j;
        }
    }
}

TEST(MropeScore, SizesAreChecked) {
    const pecards::RopeParams params = smallHead(pecards::RopeLayout::HalfSplit);
    const Eigen::VectorXd theta = pecards::ropeInvFreq(params);
    const Eigen::VectorXd ones = Eigen::VectorXd::Ones(12);
    const MropePositions p = positionsOf(MropeFamily::Qwen3VL, "text:2");
    EXPECT_THROW(pecards::mropeScore(
                     params, theta, ones, ones, pecards::mropeAxisOfPair({2, 2, 1}, MropeLayout::Blocked), p),
        pecards::InvalidParameter);
    EXPECT_THROW(pecards::mropeScore(params, theta, Eigen::VectorXd::Ones(8), ones,
                     pecards::mropeAxisOfPair({2, 2, 2}, MropeLayout::Blocked), p),
        pecards::InvalidParameter);
}

/// docs/encodings.md states the worked example and the count of pairs that change axis: both come
/// from the engine here.
TEST(MropeDocs, EncodingsStatesTheEnginesExample) {
    std::ifstream in(PECARDS_TEST_DATA_DIR "/../../docs/encodings.md");
    ASSERT_TRUE(in) << "cannot read docs/encodings.md";
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const MropePositions p = positionsOf(MropeFamily::Qwen25VL, "text:3,image:4x6,text:2");
    for (const auto& [name, axis] : {std::pair {"t", MropeAxis::Time}, std::pair {"h", MropeAxis::Height},
             std::pair {"w", MropeAxis::Width}}) {
        std::string row = std::string(name) + " =";
        for (const std::int64_t id : ids(p, axis))
            row += " " + std::to_string(id);
        EXPECT_NE(text.find(row), std::string::npos) << "docs/encodings.md should say: " << row;
    }
    std::int64_t largest = 0;
    for (const std::vector<std::int64_t>& row : p.ids)
        largest = std::max(largest, *std::max_element(row.begin(), row.end()));
    const std::string delta = "(" + std::to_string(largest) + " + 1 − " + std::to_string(p.size()) + ") = −"
        + std::to_string(-p.delta);
    std::replace(text.begin(), text.end(), '\n', ' ');
    EXPECT_NE(text.find(delta), std::string::npos) << "docs/encodings.md should say: " << delta;
    // Omni: the chunk size of the defaults (Qwen2_5OmniThinkerConfig) and the audio rate: 400 mel
    // frames (4 s) are 100 tokens, 25 per second.
    const MropeVision omni;
    const std::string chunk = "("
        + std::to_string(static_cast<int>(omni.position_id_per_seconds * omni.seconds_per_chunk)) + " for "
        + std::to_string(static_cast<int>(omni.seconds_per_chunk)) + "-second chunks)";
    EXPECT_NE(text.find(chunk), std::string::npos) << "docs/encodings.md should say: " << chunk;
    EXPECT_EQ(positionsOf(MropeFamily::Qwen25Omni, "audio:400").size() - 2, 4 * 25);
    EXPECT_NE(
        text.find("(" + std::to_string(omni.position_id_per_seconds) + " ids per second"), std::string::npos);
    const auto blocked = pecards::mropeAxisOfPair({24, 20, 20}, MropeLayout::Blocked);
    const auto interleaved = pecards::mropeAxisOfPair({24, 20, 20}, MropeLayout::Interleaved);
    const auto changed = std::inner_product(blocked.begin(), blocked.end(), interleaved.begin(), 0,
        std::plus<>(), [](MropeAxis a, MropeAxis b) { return a != b ? 1 : 0; });
    EXPECT_NE(text.find(std::to_string(changed) + " of the 64 pairs"), std::string::npos);
}

} // namespace
