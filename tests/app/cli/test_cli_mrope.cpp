// pecards-cli's M-RoPE quantities: position-ids against the worked example written out by hand,
// pair-axes of Qwen3-VL's config against the interleaving rule, mrope-score against the all-ones
// closed form, and the errors that name the flag.

#include "clitestutil.h"

#include <QFileInfo>
#include <cmath>
#include <gtest/gtest.h>

namespace {

using pecards::test::CliTest;
using pecards::test::configPath;
using pecards::test::runCli;

const char* const kQwen3Vl = "2026/qwen3-vl-235b-a22b-thinking.json";

TEST_F(CliTest, PositionIdsOfTextImageTextAreTheWorkedExample) {
    const QString out = path(QStringLiteral("ids.npy"));
    const pecards::test::CliRun run = runCli({"compute", "--card", "rope", "--quantity", "position-ids",
        "--segments", "text:3,image:4x6,text:2", "--out", out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_NE(run.err.indexOf(QStringLiteral("mrope_position_deltas = -3")), -1) << run.err.toStdString();
    const Eigen::MatrixXd ids = pecards::test::loadNpy(out).matrix();
    ASSERT_EQ(ids.rows(), 11);
    ASSERT_EQ(ids.cols(), 4);
    const int segment[] = {0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2};
    const int t[] = {0, 1, 2, 3, 3, 3, 3, 3, 3, 6, 7};
    const int h[] = {0, 1, 2, 3, 3, 3, 4, 4, 4, 6, 7};
    const int w[] = {0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7};
    for (int i = 0; i < 11; ++i) {
        EXPECT_EQ(ids(i, 0), segment[i]) << i;
        EXPECT_EQ(ids(i, 1), t[i]) << i;
        EXPECT_EQ(ids(i, 2), h[i]) << i;
        EXPECT_EQ(ids(i, 3), w[i]) << i;
    }
}

TEST_F(CliTest, Qwen25VlVideoTimeFromTheFlags) {
    // 2 grids of 2 x 2 merged tokens at 0.5 s per grid and 4 ids per second: t = 0, 2.
    const Eigen::MatrixXd ids
        = computeMatrix({"--card", "rope", "--quantity", "position-ids", "--mrope-family", "qwen2.5-vl",
            "--segments", "video:2x4x4", "--seconds-per-grid", "0.5", "--tokens-per-second", "4"});
    ASSERT_EQ(ids.rows(), 8);
    for (int i = 0; i < 8; ++i)
        EXPECT_EQ(ids(i, 1), i < 4 ? 0 : 2) << i;
}

TEST_F(CliTest, OmniVideoWithItsAudioFromTheFlags) {
    // Qwen2.5-Omni: a 2-grid video (one merged token each, 2.5 s per grid) with 300 mel frames of
    // audio (75 tokens) at 10 ids per second in 2-second chunks (20 ids): start tokens at 0; video t
    // = 1, 26; audio 1..75: chunks v0, a 1..20, v1 (t 26), a 21..40, a 41..60, a 61..75; the end
    // tokens after the last chunk's largest id, 76.
    const Eigen::MatrixXd ids = computeMatrix({"--card", "rope", "--quantity", "position-ids",
        "--mrope-family", "qwen2.5-omni", "--segments", "video:2x2x2+audio:300", "--seconds-per-grid", "2.5",
        "--position-id-per-seconds", "10", "--seconds-per-chunk", "2"});
    ASSERT_EQ(ids.rows(), 2 + 2 + 75 + 2);
    EXPECT_EQ(ids(0, 1), 0);
    EXPECT_EQ(ids(1, 1), 0);
    EXPECT_EQ(ids(2, 1), 1); // video grid 0
    EXPECT_EQ(ids(3, 1), 1); // audio 1
    EXPECT_EQ(ids(22, 1), 20); // audio 20
    EXPECT_EQ(ids(23, 1), 26); // video grid 1, h = 1
    EXPECT_EQ(ids(23, 2), 1);
    EXPECT_EQ(ids(24, 1), 21);
    EXPECT_EQ(ids(78, 1), 75);
    EXPECT_EQ(ids(79, 1), 76);
    EXPECT_EQ(ids(80, 1), 76);
    // Outside Omni the audio is refused, naming the segment.
    const pecards::test::CliRun run
        = runCli({"compute", "--card", "rope", "--quantity", "position-ids", "--mrope-family", "qwen2.5-vl",
            "--segments", "text:1,audio:300", "--out", path(QStringLiteral("x.npy"))});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains(QStringLiteral("segments[1]"))) << run.err.toStdString();
}

TEST_F(CliTest, PairAxesOfQwen3VlInterleaveItsDefaultSections) {
    const Eigen::MatrixXd axes = computeMatrix({"--config", configPath(kQwen3Vl), "--quantity", "pair-axes"});
    ASSERT_EQ(axes.rows(), 64);
    for (int j = 0; j < 64; ++j) {
        const int axis = (j % 3 == 1 && j < 60) ? 1 : (j % 3 == 2 && j < 60) ? 2 : 0;
        EXPECT_EQ(axes(j, 0), j);
        EXPECT_EQ(axes(j, 1), axis) << j;
        EXPECT_NEAR(axes(j, 2), std::pow(5e6, -2.0 * j / 128.0), 1e-15) << j;
    }
    const Eigen::MatrixXd blocked = computeMatrix(
        {"--config", configPath(kQwen3Vl), "--quantity", "pair-axes", "--mrope-layout", "blocked"});
    EXPECT_EQ(blocked(23, 1), 0);
    EXPECT_EQ(blocked(24, 1), 1);
    EXPECT_EQ(blocked(44, 1), 2);
}

TEST_F(CliTest, MropeScoreIsTheSumOfCosinesOfEachPairsAxisDistance) {
    const QStringList common {"--card", "rope", "--head-dim", "12", "--base", "100", "--mrope-section",
        "2,2,2", "--mrope-layout", "interleaved", "--segments", "text:2,image:4x4,text:1"};
    const Eigen::MatrixXd score = computeMatrix(common + QStringList {"--quantity", "mrope-score"});
    const Eigen::MatrixXd ids = computeMatrix(common + QStringList {"--quantity", "position-ids"});
    ASSERT_EQ(score.rows(), 7);
    const int axisOf[] = {0, 1, 2, 0, 1, 2}; // interleaved [2, 2, 2]
    for (int i = 0; i < 7; ++i) {
        for (int j = 0; j < 7; ++j) {
            double expected = 0;
            for (int p = 0; p < 6; ++p) {
                const double theta = std::pow(100.0, -2.0 * p / 12.0);
                expected += 2 * std::cos(theta * (ids(i, 1 + axisOf[p]) - ids(j, 1 + axisOf[p])));
            }
            EXPECT_NEAR(score(i, j), expected, 1e-12) << i << "," << j;
        }
    }
}

TEST_F(CliTest, MropeErrorsNameTheFlag) {
    const auto fails = [&](const QStringList& arguments, const char* flag) {
        const pecards::test::CliRun run = runCli(
            QStringList {"compute", "--card", "rope", "--out", path(QStringLiteral("x.npy"))} + arguments);
        EXPECT_EQ(run.exitCode, 2) << run.err.toStdString();
        EXPECT_NE(run.err.indexOf(QLatin1String(flag)), -1) << run.err.toStdString();
    };
    fails({"--quantity", "position-ids"}, "--segments: is missing");
    fails({"--quantity", "position-ids", "--segments", "text:2,image:3x4"},
        "--segments: segments[1].height = 3");
    fails({"--quantity", "position-ids", "--segments", "video:2x2x2", "--mrope-family", "glm4v"},
        "--frame-text");
    fails(
        {"--quantity", "position-ids", "--segments", "text:2", "--mrope-family", "qwen4"}, "--mrope-family");
    fails({"--quantity", "pair-axes"}, "--mrope-section: is missing");
    fails({"--quantity", "pair-axes", "--mrope-section", "16,24"}, "--mrope-section");
    fails({"--quantity", "pair-axes", "--mrope-section", "16,24,20"}, "--mrope-section");
    fails({"--quantity", "mrope-score", "--mrope-section", "16,24,24", "--segments", "text:9000"},
        "--segments");
}

} // namespace

namespace {

TEST_F(CliTest, TheMultimodalCardsScoreIsAViewOfItsSequenceWithItsPitfalls) {
    // --card multimodal: the card's worked example unless --segments says otherwise; the score is
    // the view of the other cards (window, pixels), here against the all-ones closed form.
    const Eigen::MatrixXd score = computeMatrix({"--card", "multimodal", "--quantity", "score"});
    ASSERT_EQ(score.rows(), 11);
    EXPECT_NEAR(score(0, 0), 128.0, 1e-9);
    EXPECT_NEAR(score(3, 3), 128.0, 1e-9);
    const Eigen::MatrixXd video = computeMatrix({"--card", "multimodal", "--quantity", "attention",
        "--mrope-family", "qwen3-vl", "--mrope-section", "24,20,20", "--mrope-layout", "interleaved",
        "--segments", "text:2,video:2x4x4,text:1", "--frame-text", "2", "--causal"});
    ASSERT_EQ(video.rows(), 2 + 2 * (4 + 2) + 1);
    for (Eigen::Index i = 0; i < video.rows(); ++i)
        EXPECT_NEAR(video.row(i).sum(), 1.0, 1e-12) << i;
    const Eigen::MatrixXd right = computeMatrix({"--card", "multimodal", "--quantity", "score", "--config",
        configPath(kQwen3Vl), "--segments", "text:2,image:4x4,text:2"});
    const Eigen::MatrixXd wrong = computeMatrix({"--card", "multimodal", "--quantity", "score", "--config",
        configPath(kQwen3Vl), "--segments", "text:2,image:4x4,text:2", "--pitfall", "mrope-layout-mismatch"});
    ASSERT_EQ(right.rows(), 8);
    EXPECT_NEAR(right(0, 1), wrong(0, 1), 1e-9); // text to text
    EXPECT_GT(std::abs(right(3, 4) - wrong(3, 4)), 1e-6); // neighbouring patches of one row
}

TEST_F(CliTest, TheMultimodalCardsLengthIsItsTokenCount) {
    const pecards::test::CliRun run = runCli({"compute", "--card", "multimodal", "--quantity", "score",
        "--length", "12", "--out", path(QStringLiteral("s.npy"))});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.indexOf(QStringLiteral("11, the token count of segments text:3,image:4x6,text:2")), -1)
        << run.err.toStdString();
    const QString png = path(QStringLiteral("score.png"));
    const pecards::test::CliRun figure = runCli({"render", "--card", "multimodal", "--quantity", "score",
        "--segments", "text:4,image:16x16,text:4", "--out", png});
    EXPECT_EQ(figure.exitCode, 0) << figure.err.toStdString();
    EXPECT_GT(QFileInfo(png).size(), 1000) << figure.err.toStdString();
}

} // namespace
