// pecards-cli on the rope_scaling_* golden cases: scaled frequencies for every scaling type,
// with --seq-len choosing dynamic-NTK bases and longrope factor lists.

#include "clitestutil.h"

namespace {

using pecards::test::CliTest;
using pecards::test::expectClose;
using pecards::test::GoldenCase;
using pecards::test::joinNumbers;
using pecards::test::numberFlag;

QStringList ropeFlags(const GoldenCase& golden) {
    return {"--card", "rope", "--quantity", "inv-freq", "--head-dim", numberFlag(golden.paramNumber("d")),
        "--base", numberFlag(golden.paramNumber("base")), "--scaling",
        QString::fromStdString(golden.params().at("rope_type"))};
}

TEST_F(CliTest, LinearScaling) {
    const GoldenCase golden = GoldenCase::load("rope_scaling_linear_d64_f4");
    EXPECT_TRUE(expectClose(computeVector(ropeFlags(golden) + QStringList {"--factor", "4"}),
        golden.expectVector("inv_freq"), golden.tolerance()));
}

TEST_F(CliTest, DynamicNtkScalingAtEachSequenceLength) {
    const GoldenCase golden = GoldenCase::load("rope_scaling_dynamic_d64_f2_L2048");
    for (const char* seqLen : {"1024", "2048", "4096"}) {
        SCOPED_TRACE(seqLen);
        EXPECT_TRUE(
            expectClose(computeVector(ropeFlags(golden)
                            + QStringList {"--factor", "2", "--max-pos", "2048", "--seq-len", seqLen}),
                golden.expectVector(std::string("inv_freq_seq_len_") + seqLen), golden.tolerance()));
    }
}

class YarnScaling : public CliTest, public ::testing::WithParamInterface<const char*> { };

TEST_P(YarnScaling, MatchesGolden) {
    const GoldenCase golden = GoldenCase::load(GetParam());
    QStringList flags = ropeFlags(golden)
        + QStringList {"--factor", numberFlag(golden.paramNumber("factor")), "--original-max-pos",
            numberFlag(golden.paramNumber("original_max_position_embeddings")), "--max-pos",
            numberFlag(golden.paramNumber("max_position_embeddings")), "--beta-fast",
            numberFlag(golden.paramNumber("beta_fast")), "--beta-slow",
            numberFlag(golden.paramNumber("beta_slow"))};
    if (!golden.params().at("truncate").get<bool>()) {
        flags << "--no-truncate";
    }
    EXPECT_TRUE(expectClose(computeVector(flags), golden.expectVector("inv_freq"), golden.tolerance()));
}

INSTANTIATE_TEST_SUITE_P(Cases, YarnScaling,
    ::testing::Values("rope_scaling_yarn_d64_f4_orig4096", "rope_scaling_yarn_d64_f4_orig4096_maxpos4096",
        "rope_scaling_yarn_d64_f32_theta150k_notruncate"));

TEST_F(CliTest, Llama3Scaling) {
    const GoldenCase golden = GoldenCase::load("rope_scaling_llama3_d128_f8");
    EXPECT_TRUE(expectClose(computeVector(ropeFlags(golden)
                                + QStringList {"--factor", "8", "--low-freq-factor", "1",
                                    "--high-freq-factor", "4", "--original-max-pos", "8192"}),
        golden.expectVector("inv_freq"), golden.tolerance()));
}

TEST_F(CliTest, LongRopeChoosesTheFactorListBySequenceLength) {
    const GoldenCase golden = GoldenCase::load("rope_scaling_longrope_d16_orig4096");
    const QStringList flags = ropeFlags(golden)
        + QStringList {"--short-factor", joinNumbers(golden.paramVector("short_factor")), "--long-factor",
            joinNumbers(golden.paramVector("long_factor")), "--original-max-pos", "4096", "--max-pos",
            "131072"};
    for (const auto& [seqLen, selected] : golden.expect().at("selected").items()) {
        SCOPED_TRACE(seqLen);
        const std::string key = "inv_freq_" + selected.get<std::string>();
        EXPECT_TRUE(
            expectClose(computeVector(flags + QStringList {"--seq-len", QString::fromStdString(seqLen)}),
                golden.expectVector(key), golden.tolerance()));
    }
}

} // namespace
