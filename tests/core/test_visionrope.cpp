// 2-D RoPE of vision towers: the patch score against the two transformers recipes written out here
// channel by channel (the frequency table, cos and sin per channel, rotate_half per part, then the
// dot product), the pair layout against hand-read entries, and the refusals.

#include "pecards/errors.h"
#include "pecards/visionrope.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <numbers>
#include <random>
#include <string>

namespace {

using pecards::MropeAxis;
using pecards::VisionRope;
using pecards::VisionRopeFamily;

Eigen::VectorXd randomVector(int size, unsigned seed) {
    std::mt19937 random(seed);
    std::normal_distribution<double> normal;
    Eigen::VectorXd v(size);
    for (Eigen::Index i = 0; i < size; ++i)
        v[i] = normal(random);
    return v;
}

/// q * cos + rotate_half(q) * sin over `x` (rotate_half: (-x2, x1) of the two halves).
Eigen::VectorXd rotateHalf(const Eigen::VectorXd& x, const Eigen::VectorXd& angle) {
    const Eigen::Index half = x.size() / 2;
    Eigen::VectorXd turned(x.size());
    turned << -x.tail(half), x.head(half);
    return x.cwiseProduct(angle.array().cos().matrix()) + turned.cwiseProduct(angle.array().sin().matrix());
}

/// PixtralRotaryEmbedding: freqs = b^(-arange(0, d, 2) / d); a patch (h, w) indexes the table
/// cat(h * freqs[::2], w * freqs[1::2]), repeated for both halves; apply_rotary_pos_emb.
Eigen::VectorXd pixtralRotated(const Eigen::VectorXd& x, double base, int h, int w) {
    const auto d = x.size();
    const Eigen::Index n = d / 2;
    Eigen::VectorXd table(n);
    Eigen::Index at = 0;
    for (Eigen::Index i = 0; i < n; i += 2)
        table[at++] = h / std::pow(base, static_cast<double>(2 * i) / static_cast<double>(d));
    for (Eigen::Index i = 1; i < n; i += 2)
        table[at++] = w / std::pow(base, static_cast<double>(2 * i) / static_cast<double>(d));
    Eigen::VectorXd angle(d);
    angle << table, table;
    return rotateHalf(x, angle);
}

/// Gemma4VisionRotaryEmbedding + apply_multidimensional_rope: inv = b^(-arange(0, d/2, 2) / (d/2));
/// per axis cat(p * inv, p * inv); the x (column) part first; each part of 2 (d // 4) channels
/// rotated on its own.
Eigen::VectorXd gemma4Rotated(const Eigen::VectorXd& x, double base, int row, int col) {
    const auto d = x.size();
    const Eigen::Index spatial = d / 2;
    const Eigen::Index part = 2 * (d / 4);
    Eigen::VectorXd out(d);
    Eigen::Index offset = 0;
    for (const int position : {col, row}) {
        Eigen::VectorXd inv(spatial / 2);
        for (Eigen::Index i = 0; i < inv.size(); ++i)
            inv[i] = 1.0 / std::pow(base, static_cast<double>(2 * i) / static_cast<double>(spatial));
        Eigen::VectorXd angle(part);
        angle << position * inv, position * inv;
        out.segment(offset, part) = rotateHalf(x.segment(offset, part), angle);
        offset += part;
    }
    return out;
}

void expectScoreMatchesRecipe(const VisionRope& rope, int rows, int cols, int queryRow, int queryCol) {
    const Eigen::VectorXd q = randomVector(rope.head_dim, 11);
    const Eigen::VectorXd k = randomVector(rope.head_dim, 12);
    const Eigen::MatrixXd score = pecards::visionPatchScore(rope, rows, cols, queryRow, queryCol, q, k);
    ASSERT_EQ(score.rows(), rows);
    ASSERT_EQ(score.cols(), cols);
    const auto rotated = [&](const Eigen::VectorXd& x, int r, int c) {
        return rope.family == VisionRopeFamily::Pixtral ? pixtralRotated(x, rope.theta, r, c)
                                                        : gemma4Rotated(x, rope.theta, r, c);
    };
    const Eigen::VectorXd rq = rotated(q, queryRow, queryCol);
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            const double expected = rq.dot(rotated(k, r, c));
            EXPECT_NEAR(score(r, c), expected, 1e-12 * (1.0 + std::abs(expected)))
                << "patch " << r << ", " << c;
        }
    }
}

TEST(VisionRope, PixtralScoreIsTheTransformersRecipe) {
    // Devstral Small 2's tower: head_dim 64, theta 1e4, 1540 / 14 = 110 patches a side.
    expectScoreMatchesRecipe({VisionRopeFamily::Pixtral, 64, 10000.0, 110}, 9, 13, 4, 7);
    expectScoreMatchesRecipe({VisionRopeFamily::Pixtral, 12, 10000.0, 0}, 5, 4, 0, 3); // odd pair count 6/2
    expectScoreMatchesRecipe(
        {VisionRopeFamily::Pixtral, 10, 500.0, 0}, 4, 6, 3, 1); // 5 pairs: 3 rows, 2 cols
}

TEST(VisionRope, Gemma4ScoreIsTheTransformersRecipe) {
    // Gemma 4's tower: head_dim 72, theta 100.
    expectScoreMatchesRecipe({VisionRopeFamily::Gemma4, 72, 100.0, 0}, 11, 8, 5, 2);
    expectScoreMatchesRecipe({VisionRopeFamily::Gemma4, 8, 10000.0, 0}, 3, 3, 2, 2);
}

TEST(VisionRope, PairsAreLaidOutAsEachFamilyReadsThem) {
    const auto pixtral = pecards::visionRopePairs({VisionRopeFamily::Pixtral, 64, 10000.0, 110});
    ASSERT_EQ(pixtral.size(), 32U);
    EXPECT_EQ(pixtral[0], (pecards::VisionRopePair {0, 32, MropeAxis::Height, 1.0}));
    EXPECT_EQ(pixtral[1].axis, MropeAxis::Height);
    EXPECT_DOUBLE_EQ(pixtral[1].inv_freq, std::pow(10000.0, -4.0 / 64)); // theta_2
    EXPECT_EQ(pixtral[16].first, 16);
    EXPECT_EQ(pixtral[16].second, 48);
    EXPECT_EQ(pixtral[16].axis, MropeAxis::Width);
    EXPECT_DOUBLE_EQ(pixtral[16].inv_freq, std::pow(10000.0, -2.0 / 64)); // theta_1
    EXPECT_DOUBLE_EQ(pixtral[31].inv_freq, std::pow(10000.0, -62.0 / 64)); // theta_31

    const auto gemma = pecards::visionRopePairs({VisionRopeFamily::Gemma4, 72, 100.0, 0});
    ASSERT_EQ(gemma.size(), 36U);
    EXPECT_EQ(gemma[0], (pecards::VisionRopePair {0, 18, MropeAxis::Width, 1.0}));
    EXPECT_EQ(gemma[17].second, 35);
    EXPECT_DOUBLE_EQ(gemma[17].inv_freq, std::pow(100.0, -34.0 / 36));
    EXPECT_EQ(gemma[18], (pecards::VisionRopePair {36, 54, MropeAxis::Height, 1.0}));
    EXPECT_EQ(gemma[35].second, 71);
}

TEST(VisionRope, TheQueryPatchScoresItsOwnNormAndGemmaAxesAreSymmetric) {
    const VisionRope gemma {VisionRopeFamily::Gemma4, 72, 100.0, 0};
    const Eigen::VectorXd ones = Eigen::VectorXd::Ones(72);
    const Eigen::MatrixXd score = pecards::visionPatchScore(gemma, 9, 9, 4, 4, ones, ones);
    EXPECT_NEAR(score(4, 4), 72.0, 1e-12);
    // Both axes carry the same frequencies: a patch a rows and b columns away scores as one b rows
    // and a columns away. Pixtral gives the rows the even frequencies and the columns the odd ones.
    EXPECT_NEAR(score(4 + 3, 4 + 1), score(4 + 1, 4 + 3), 1e-12);
    const Eigen::VectorXd ones64 = Eigen::VectorXd::Ones(64);
    const Eigen::MatrixXd pixtral
        = pecards::visionPatchScore({VisionRopeFamily::Pixtral, 64, 10000.0, 0}, 9, 9, 4, 4, ones64, ones64);
    EXPECT_NEAR(pixtral(4, 4), 64.0, 1e-12);
    EXPECT_GT(std::abs(pixtral(4 + 3, 4 + 1) - pixtral(4 + 1, 4 + 3)), 1e-3);
}

TEST(VisionRope, RefusesWhatNoTowerHasNamingTheValue) {
    const auto refusal = [](const VisionRope& rope, int rows, int cols, int qr, int qc, int size) {
        try {
            pecards::visionPatchScore(
                rope, rows, cols, qr, qc, Eigen::VectorXd::Ones(size), Eigen::VectorXd::Ones(size));
        } catch (const pecards::InvalidParameter& error) {
            return error.name() + " = " + error.value() + " (" + error.allowed() + ")";
        }
        return std::string("accepted");
    };
    const VisionRope pixtral {VisionRopeFamily::Pixtral, 64, 10000.0, 110};
    EXPECT_EQ(refusal({VisionRopeFamily::Pixtral, 63, 1e4, 0}, 2, 2, 0, 0, 63),
        "vision_head_dim = 63 (even, in [4, 1024])");
    EXPECT_EQ(refusal({VisionRopeFamily::Gemma4, 70, 100.0, 0}, 2, 2, 0, 0, 70),
        "vision_head_dim = 70 (a multiple of 4 for gemma4 (two halves of whole pairs))");
    EXPECT_EQ(
        refusal({VisionRopeFamily::Gemma4, 72, 0.5, 0}, 2, 2, 0, 0, 72), "vision_theta = 0.5 (in [1, 1e12])");
    EXPECT_EQ(refusal(pixtral, 111, 4, 0, 0, 64), "grid_rows = 111 (in [1, 110] (image_size / patch_size))");
    EXPECT_EQ(refusal(pixtral, 4, 0, 0, 0, 64), "grid_cols = 0 (in [1, 110] (image_size / patch_size))");
    EXPECT_EQ(refusal(pixtral, 4, 5, 4, 0, 64), "query_row = 4 (in [0, 3] (the grid's rows))");
    EXPECT_EQ(refusal(pixtral, 4, 5, 0, -1, 64), "query_col = -1 (in [0, 4] (the grid's columns))");
    EXPECT_EQ(refusal(pixtral, 4, 5, 0, 0, 32), "q = 32 entries (64 (head_dim))");
    EXPECT_THROW(pecards::parseVisionRopeFamily("siglip"), pecards::InvalidParameter);
    EXPECT_EQ(pecards::parseVisionRopeFamily("gemma4"), VisionRopeFamily::Gemma4);
    EXPECT_EQ(pecards::toString(VisionRopeFamily::Pixtral), "pixtral");
}

std::string threeDigits(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%#.3g", value);
    return text;
}

/// docs/encodings.md states the two towers' frequencies: every number comes from the engine here.
TEST(VisionRopeDocs, EncodingsStatesTheEnginesFrequencies) {
    std::ifstream in(PECARDS_TEST_DATA_DIR "/../../docs/encodings.md");
    ASSERT_TRUE(in) << "cannot read docs/encodings.md";
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::replace(text.begin(), text.end(), '\n', ' ');
    const auto says = [&](const std::string& phrase) {
        EXPECT_NE(text.find(phrase), std::string::npos) << "docs/encodings.md should say: " << phrase;
    };
    const auto gemma = pecards::visionRopePairs({VisionRopeFamily::Gemma4, 72, 100.0, 0});
    const double slowest = gemma[17].inv_freq;
    says("18 pairs per axis, the slowest turning by " + threeDigits(slowest) + " radians per patch");
    says("wavelength of " + std::to_string(static_cast<int>(2 * std::numbers::pi / slowest)) + " patches");
    const auto pixtral = pecards::visionRopePairs({VisionRopeFamily::Pixtral, 64, 10000.0, 110});
    says("rows the 16 frequencies from 1 to " + threeDigits(pixtral[15].inv_freq));
    says("columns those from " + threeDigits(pixtral[16].inv_freq) + " to "
        + threeDigits(pixtral[31].inv_freq));
    says("the slowest row pair turns by only " + threeDigits(110 * pixtral[15].inv_freq) + " radians");
}

} // namespace
