// pecards-cli on the sinusoidal golden cases: PE tables (three layouts/frequency rules, fairseq
// padding), frequencies, and the similarity (Gram matrix and by offset).

#include "clitestutil.h"

namespace {

using pecards::test::CliTest;
using pecards::test::expectClose;
using pecards::test::GoldenCase;

struct TableCase {
    const char* id;
    const char* layout;
    const char* frequencies;
};

class SinusoidalTable : public CliTest, public ::testing::WithParamInterface<TableCase> { };

TEST_P(SinusoidalTable, TableAndFrequenciesMatchGolden) {
    const GoldenCase golden = GoldenCase::load(GetParam().id);
    const QStringList card {"--card", "sinusoidal", "--d-model", "16", "--base", "10000", "--layout",
        GetParam().layout, "--frequencies", GetParam().frequencies, "--length", "8"};
    EXPECT_TRUE(expectClose(computeMatrix(card + QStringList {"--quantity", "table"}),
        golden.expectMatrix("pe"), golden.tolerance()));
    EXPECT_TRUE(expectClose(computeVector(card + QStringList {"--quantity", "inv-freq"}),
        golden.expectVector("omega"), golden.tolerance()));
}

INSTANTIATE_TEST_SUITE_P(Layouts, SinusoidalTable,
    ::testing::Values(TableCase {"sinusoidal_interleaved_L8_d16", "interleaved", "paper"},
        TableCase {"sinusoidal_concat_paperfreq_L8_d16", "concatenated", "paper"},
        TableCase {"sinusoidal_concat_t2t_L8_d16", "concatenated", "tensor2tensor"}));

TEST_F(CliTest, SinusoidalFairseqPaddedTableAndTokenRows) {
    const GoldenCase golden = GoldenCase::load("sinusoidal_fairseq_padded_L8_d16");
    const QStringList card {"--card", "sinusoidal", "--d-model", "16", "--layout", "concatenated",
        "--frequencies", "tensor2tensor", "--padding-idx", "1", "--length", "10", "--quantity", "table"};
    EXPECT_TRUE(expectClose(computeMatrix(card), golden.expectMatrix("table"), golden.tolerance()));
    // A sentence of 8 tokens uses rows padding_idx+1 .. padding_idx+8 = rows [2, 10).
    EXPECT_TRUE(expectClose(computeMatrix(card + QStringList {"--rows", "2:10"}),
        golden.expectMatrix("token_embeddings"), golden.tolerance()));
}

TEST_F(CliTest, SinusoidalSimilarityGramAndByOffset) {
    const GoldenCase golden = GoldenCase::load("sinusoidal_similarity_L8_d16");
    const QStringList card {"--card", "sinusoidal", "--d-model", "16", "--length", "8"};
    EXPECT_TRUE(expectClose(computeMatrix(card + QStringList {"--quantity", "score"}),
        golden.expectMatrix("gram_paperfreq"), golden.tolerance()));
    EXPECT_TRUE(expectClose(
        computeMatrix(card + QStringList {"--quantity", "score", "--frequencies", "tensor2tensor"}),
        golden.expectMatrix("gram_t2tfreq"), golden.tolerance()));
    EXPECT_TRUE(
        expectClose(computeVector(card + QStringList {"--quantity", "score-vs-offset", "--offsets", "0:8"}),
            golden.expectVector("by_offset_paperfreq"), golden.tolerance()));
}

} // namespace
