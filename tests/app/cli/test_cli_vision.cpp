// pecards-cli's vision-tower quantities: patch-pairs of Devstral Small 2's Pixtral tower against
// Pixtral's frequency rule written out here, patch-score of Gemma 4's tower against the sum of
// cosines of each pair's axis distance (q = k = ones), the config's tower in `config`, and the
// errors that name the flag.

#include "clitestutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>
#include <gtest/gtest.h>

namespace {

using pecards::test::CliTest;
using pecards::test::configPath;
using pecards::test::runCli;

const char* const kDevstral = "2026/devstral-small-2-24b-instruct.json";
const char* const kGemma4 = "2026/gemma-4-31b-it.json";

TEST_F(CliTest, PatchPairsOfDevstralAreHalfSplitWithEvenFrequenciesOnTheRow) {
    const Eigen::MatrixXd pairs
        = computeMatrix({"--card", "rope", "--config", configPath(kDevstral), "--quantity", "patch-pairs"});
    ASSERT_EQ(pairs.rows(), 32);
    ASSERT_EQ(pairs.cols(), 4);
    for (int j = 0; j < 32; ++j) {
        const bool row = j < 16;
        const int k = row ? 2 * j : 2 * (j - 16) + 1; // freqs[::2] then freqs[1::2] of b^(-2k/64)
        EXPECT_EQ(pairs(j, 0), j);
        EXPECT_EQ(pairs(j, 1), j + 32);
        EXPECT_EQ(pairs(j, 2), row ? 1 : 2) << j;
        EXPECT_NEAR(pairs(j, 3), 1.0 / std::pow(10000.0, 2.0 * k / 64.0), 1e-15) << j;
    }
}

TEST_F(CliTest, PatchScoreOfGemma4IsTheSumOfCosinesOfEachAxisDistance) {
    const Eigen::MatrixXd score = computeMatrix({"--card", "rope", "--config", configPath(kGemma4),
        "--quantity", "patch-score", "--grid", "5x7", "--query-patch", "1,4"});
    ASSERT_EQ(score.rows(), 5);
    ASSERT_EQ(score.cols(), 7);
    for (int r = 0; r < 5; ++r) {
        for (int c = 0; c < 7; ++c) {
            // 18 pairs per axis, theta_k = 100^(-2k/36); each pair of ones scores 2 cos(distance theta_k).
            double expected = 0;
            for (int k = 0; k < 18; ++k) {
                const double theta = std::pow(100.0, -2.0 * k / 36.0);
                expected += 2 * std::cos((r - 1) * theta) + 2 * std::cos((c - 4) * theta);
            }
            EXPECT_NEAR(score(r, c), expected, 1e-12) << r << "," << c;
        }
    }
}

TEST_F(CliTest, ConfigPrintsTheVisionTowersPairs) {
    const pecards::test::CliRun run = runCli({"config", configPath(kGemma4)});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject tower
        = QJsonDocument::fromJson(run.out.toUtf8()).object().value(u"vision_rope").toObject();
    EXPECT_EQ(tower.value(u"family").toString(), QStringLiteral("gemma4"));
    EXPECT_EQ(tower.value(u"head_dim").toInt(), 72);
    EXPECT_EQ(tower.value(u"rope_theta").toDouble(), 100.0);
    const QJsonArray pairs = tower.value(u"pairs").toArray();
    ASSERT_EQ(pairs.size(), 36);
    EXPECT_EQ(pairs.at(0).toObject().value(u"axis").toString(), QStringLiteral("w")); // x: the column
    EXPECT_EQ(pairs.at(18).toObject().value(u"axis").toString(), QStringLiteral("h"));
    EXPECT_EQ(pairs.at(18).toObject().value(u"channels").toArray().at(0).toInt(), 36);
}

TEST_F(CliTest, VisionErrorsNameTheFlag) {
    const auto fails = [&](const QStringList& arguments, const char* flag) {
        const pecards::test::CliRun run = runCli(QStringList {"compute", "--card", "rope", "--quantity",
                                                     "patch-score", "--out", path(QStringLiteral("x.npy"))}
            + arguments);
        EXPECT_EQ(run.exitCode, 2) << run.err.toStdString();
        EXPECT_NE(run.err.indexOf(QLatin1String(flag)), -1) << run.err.toStdString();
    };
    fails({"--vision-family", "siglip"}, "--vision-family");
    fails({"--grid", "4by4"}, "--grid");
    fails({"--grid", "4x5", "--query-patch", "4,0"}, "--query-patch: query_row = 4");
    fails({"--config", configPath(kDevstral), "--grid", "111x4"}, "--grid: grid_rows = 111");
    fails({"--vision-family", "gemma4", "--vision-head-dim", "70"}, "--vision-head-dim");
    fails({"--vision-theta", "0.5"}, "--vision-theta");
}

} // namespace
