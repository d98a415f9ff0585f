// pecards-cli on the relative-position golden cases: T5 bucket maps and curves (including the
// float32 boundary cases), Shaw clipped indices, Transformer-XL embedding and _rel_shift.

#include "clitestutil.h"

namespace {

using pecards::test::CliTest;
using pecards::test::expectClose;
using pecards::test::GoldenCase;
using pecards::test::joinNumbers;

TEST_F(CliTest, T5BucketMatricesAndCurves) {
    const GoldenCase golden = GoldenCase::load("t5_buckets_nb32_md128_L8");
    const QStringList t5 {
        "--card", "relative", "--variant", "t5", "--buckets", "32", "--max-distance", "128"};
    const QString positions = joinNumbers(golden.paramVector("positions"));
    for (const char* direction : {"bidirectional", "unidirectional"}) {
        SCOPED_TRACE(direction);
        const QStringList flags = t5
            + (std::string(direction) == "unidirectional" ? QStringList {"--unidirectional"}
                                                          : QStringList {});
        EXPECT_TRUE(expectClose(computeMatrix(flags + QStringList {"--quantity", "buckets", "--length", "8"}),
            golden.expectMatrix(std::string("matrix_") + direction), golden.tolerance()));
        EXPECT_TRUE(expectClose(
            computeVector(flags + QStringList {"--quantity", "buckets-vs-offset", "--offsets", positions}),
            golden.expectVector(std::string("at_positions_") + direction), golden.tolerance()));
        EXPECT_TRUE(expectClose(
            computeVector(flags + QStringList {"--quantity", "buckets-vs-offset", "--offsets", "-300:301"}),
            golden.expectVector(std::string("sweep_") + direction), golden.tolerance()));
    }
}

TEST_F(CliTest, T5BucketBoundariesFollowFloat32) {
    const GoldenCase golden = GoldenCase::load("t5_bucket_boundaries_visible_set");
    for (const auto& combo : golden.params().at("combos")) {
        const int buckets = combo.at("num_buckets");
        const int maxDistance = combo.at("max_distance");
        const bool bidirectional = combo.at("bidirectional");
        const std::string key = "nb" + std::to_string(buckets) + "_md" + std::to_string(maxDistance) + "_"
            + (bidirectional ? "bidirectional" : "unidirectional");
        SCOPED_TRACE(key);
        QStringList flags {"--card", "relative", "--variant", "t5", "--quantity", "buckets-vs-offset",
            "--buckets", QString::number(buckets), "--max-distance", QString::number(maxDistance),
            "--offsets", joinNumbers(pecards::test::toVector(combo.at("relative_positions")))};
        if (!bidirectional) {
            flags << "--unidirectional";
        }
        EXPECT_TRUE(expectClose(computeVector(flags), golden.expectVector(key), golden.tolerance()));
    }
}

TEST_F(CliTest, ShawClippedIndexMap) {
    const GoldenCase golden = GoldenCase::load("shaw_clipped_index_L6_k2");
    EXPECT_TRUE(expectClose(computeMatrix({"--card", "relative", "--variant", "shaw", "--clip-k", "2",
                                "--quantity", "buckets", "--length", "6"}),
        golden.expectMatrix("index"), golden.tolerance()));
}

TEST_F(CliTest, TransformerXlRelativeEmbedding) {
    const GoldenCase golden = GoldenCase::load("txl_pos_emb_klen6_d8");
    EXPECT_TRUE(expectClose(computeMatrix({"--card", "relative", "--variant", "transformer-xl", "--quantity",
                                "txl-pos-emb", "--length", "6", "--d-model", "8"}),
        golden.expectMatrix("pos_emb"), golden.tolerance()));
}

TEST_F(CliTest, TransformerXlRelShiftWithAndWithoutZeroTriu) {
    const GoldenCase golden = GoldenCase::load("txl_rel_shift_klen6_d8");
    const QString input = path(QStringLiteral("x.npy"));
    pecards::test::saveNpy(input, golden.paramMatrix("x"));
    const QStringList flags {"--card", "relative", "--quantity", "txl-rel-shift", "--in", input};
    EXPECT_TRUE(expectClose(computeMatrix(flags), golden.expectMatrix("out"), golden.tolerance()));
    EXPECT_TRUE(expectClose(computeMatrix(flags + QStringList {"--zero-triu"}),
        golden.expectMatrix("out_zero_triu"), golden.tolerance()));
}

} // namespace
