// Golden and property tests of the sinusoidal absolute PE (sinusoidal.h; Vaswani et al. §3.5).

#include "pecards/errors.h"
#include "pecards/sinusoidal.h"
#include "support/golden.h"

#include <cmath>
#include <gtest/gtest.h>

namespace pecards {
namespace {

using test::expectClose;
using test::GoldenCase;

SinusoidalParams sinusoidal(int d, double base, SinusoidalLayout layout, SinusoidalFrequencies frequencies) {
    SinusoidalParams p;
    p.d_model = d;
    p.base = base;
    p.layout = layout;
    p.frequencies = frequencies;
    return p;
}

struct TableCase {
    const char* id;
    SinusoidalLayout layout;
    SinusoidalFrequencies frequencies;
};

void PrintTo(const TableCase& c, std::ostream* os) {
    *os << c.id;
}

class SinusoidalTableGolden : public ::testing::TestWithParam<TableCase> { };

TEST_P(SinusoidalTableGolden, MatchesReference) {
    const TableCase tc = GetParam();
    const GoldenCase c = GoldenCase::load(tc.id);
    const SinusoidalParams p
        = sinusoidal(c.params().at("d").get<int>(), c.paramNumber("base"), tc.layout, tc.frequencies);
    const auto length = c.params().at("L").get<std::int64_t>();
    EXPECT_TRUE(expectClose(sinusoidalFrequencies(p), c.expectVector("omega"), c.tolerance()));
    EXPECT_TRUE(expectClose(sinusoidalTable(p, 0, length), c.expectMatrix("pe"), c.tolerance()));
}

INSTANTIATE_TEST_SUITE_P(Cases, SinusoidalTableGolden,
    ::testing::Values(TableCase {"sinusoidal_interleaved_L8_d16", SinusoidalLayout::Interleaved,
                          SinusoidalFrequencies::Paper},
        TableCase {"sinusoidal_concat_paperfreq_L8_d16", SinusoidalLayout::Concatenated,
            SinusoidalFrequencies::Paper},
        TableCase {"sinusoidal_concat_t2t_L8_d16", SinusoidalLayout::Concatenated,
            SinusoidalFrequencies::Tensor2Tensor}));

TEST(SinusoidalGolden, FairseqPaddedTable) {
    const GoldenCase c = GoldenCase::load("sinusoidal_fairseq_padded_L8_d16");
    SinusoidalParams p = sinusoidal(c.params().at("d").get<int>(), c.paramNumber("base"),
        SinusoidalLayout::Concatenated, SinusoidalFrequencies::Tensor2Tensor);
    p.padding_idx = c.params().at("padding_idx").get<int>();
    const auto rows = c.params().at("num_embeddings").get<std::int64_t>();
    EXPECT_TRUE(expectClose(sinusoidalTable(p, 0, rows), c.expectMatrix("table"), c.tolerance()));
    const auto tokens = c.params().at("L_tokens").get<std::int64_t>();
    Eigen::VectorXd token_rows(tokens);
    for (std::int64_t t = 0; t < tokens; ++t) {
        token_rows[t] = static_cast<double>(sinusoidalTableRow(p, t));
    }
    EXPECT_TRUE(expectClose(token_rows, c.expectVector("token_positions"), {0, 0}));
    EXPECT_TRUE(expectClose(sinusoidalTable(p, sinusoidalTableRow(p, 0), tokens),
        c.expectMatrix("token_embeddings"), c.tolerance()));
}

TEST(SinusoidalGolden, SimilarityGramAndProfile) {
    const GoldenCase c = GoldenCase::load("sinusoidal_similarity_L8_d16");
    const int d = 16;
    const std::int64_t length = 8;
    struct Variant {
        SinusoidalFrequencies frequencies;
        const char* suffix;
    };
    for (const Variant& v : {Variant {SinusoidalFrequencies::Paper, "paperfreq"},
             Variant {SinusoidalFrequencies::Tensor2Tensor, "t2tfreq"}}) {
        SCOPED_TRACE(v.suffix);
        const SinusoidalParams p = sinusoidal(d, 10000.0, SinusoidalLayout::Interleaved, v.frequencies);
        const Eigen::VectorXd profile = sinusoidalSimilarityProfile(p, -(length - 1), 2 * length - 1);
        Eigen::MatrixXd gram(length, length);
        for (std::int64_t i = 0; i < length; ++i) {
            for (std::int64_t j = 0; j < length; ++j) {
                gram(i, j) = profile[i - j + length - 1];
            }
        }
        EXPECT_TRUE(expectClose(gram, c.expectMatrix(std::string("gram_") + v.suffix), c.tolerance()));
        EXPECT_TRUE(expectClose(
            profile.tail(length), c.expectVector(std::string("by_offset_") + v.suffix), c.tolerance()));
    }
}

// ---------------------------------------------------------------------------------------------
// Properties over parameter sets.

struct SinusoidalSet {
    int d_model;
    double base;
    SinusoidalFrequencies frequencies;
};

void PrintTo(const SinusoidalSet& s, std::ostream* os) {
    *os << "d" << s.d_model << "_base" << s.base << "_" << toString(s.frequencies);
}

class SinusoidalProperty : public ::testing::TestWithParam<SinusoidalSet> {
protected:
    SinusoidalParams params(SinusoidalLayout layout) const {
        const SinusoidalSet s = GetParam();
        return sinusoidal(s.d_model, s.base, layout, s.frequencies);
    }
};

TEST_P(SinusoidalProperty, ValuesInUnitRange) {
    for (SinusoidalLayout layout : {SinusoidalLayout::Interleaved, SinusoidalLayout::Concatenated}) {
        const Eigen::MatrixXd table = sinusoidalTable(params(layout), 0, 300);
        EXPECT_LE(table.maxCoeff(), 1.0);
        EXPECT_GE(table.minCoeff(), -1.0);
        EXPECT_TRUE(table.allFinite());
    }
}

TEST_P(SinusoidalProperty, SelfSimilarityIsHalfTheDimension) {
    const SinusoidalParams p = params(SinusoidalLayout::Interleaved);
    EXPECT_DOUBLE_EQ(sinusoidalSimilarityProfile(p, 0, 1)[0], p.d_model / 2.0);
    // Every row has norm^2 = sum_i sin^2 + cos^2 = d/2.
    const Eigen::MatrixXd table = sinusoidalTable(p, 1000, 20);
    for (Eigen::Index r = 0; r < table.rows(); ++r) {
        EXPECT_NEAR(table.row(r).squaredNorm(), p.d_model / 2.0, 1e-12);
    }
}

TEST_P(SinusoidalProperty, SimilarityEqualsExplicitDotProducts) {
    const SinusoidalParams p = params(SinusoidalLayout::Concatenated);
    const std::int64_t first = 37;
    const std::int64_t count = 40;
    const Eigen::MatrixXd table = sinusoidalTable(p, first, count);
    const Eigen::VectorXd profile = sinusoidalSimilarityProfile(p, -(count - 1), 2 * count - 1);
    for (std::int64_t a = 0; a < count; a += 3) {
        for (std::int64_t b = 0; b < count; b += 5) {
            EXPECT_NEAR(profile[a - b + count - 1], table.row(a).dot(table.row(b)), 1e-14 * p.d_model)
                << a << ", " << b;
        }
    }
}

TEST_P(SinusoidalProperty, LayoutsAreColumnPermutationsWithEqualGram) {
    const Eigen::MatrixXd interleaved = sinusoidalTable(params(SinusoidalLayout::Interleaved), 0, 64);
    const Eigen::MatrixXd concatenated = sinusoidalTable(params(SinusoidalLayout::Concatenated), 0, 64);
    const int half = GetParam().d_model / 2;
    for (int i = 0; i < half; ++i) {
        EXPECT_TRUE(expectClose(interleaved.col(2 * i), concatenated.col(i), {0, 0})) << "sin " << i;
        EXPECT_TRUE(expectClose(interleaved.col(2 * i + 1), concatenated.col(half + i), {0, 0}))
            << "cos " << i;
    }
    EXPECT_TRUE(expectClose(
        interleaved * interleaved.transpose(), concatenated * concatenated.transpose(), {1e-12, 1e-12}));
}

TEST_P(SinusoidalProperty, FrequenciesSpanTheWavelengthRange) {
    const SinusoidalParams p = params(SinusoidalLayout::Interleaved);
    const Eigen::VectorXd w = sinusoidalFrequencies(p);
    EXPECT_DOUBLE_EQ(w[0], 1.0); // wavelength 2 pi
    for (Eigen::Index i = 1; i < w.size(); ++i) {
        EXPECT_LT(w[i], w[i - 1]);
    }
    if (p.frequencies == SinusoidalFrequencies::Tensor2Tensor) {
        EXPECT_NEAR(w[w.size() - 1], 1.0 / p.base, 1e-15 / p.base * 10); // reaches exactly 1/b
    } else {
        EXPECT_NEAR(w[w.size() - 1], std::pow(p.base, -(p.d_model - 2.0) / p.d_model), 1e-15);
    }
}

INSTANTIATE_TEST_SUITE_P(Sets, SinusoidalProperty,
    ::testing::Values(SinusoidalSet {4, 10000.0, SinusoidalFrequencies::Paper},
        SinusoidalSet {16, 10000.0, SinusoidalFrequencies::Tensor2Tensor},
        SinusoidalSet {64, 100.0, SinusoidalFrequencies::Paper},
        SinusoidalSet {512, 10000.0, SinusoidalFrequencies::Paper},
        SinusoidalSet {1024, 1e6, SinusoidalFrequencies::Tensor2Tensor}));

TEST(Sinusoidal, RejectsOddDimensionAndTinyT2T) {
    SinusoidalParams p;
    p.d_model = 769;
    EXPECT_THROW(sinusoidalTable(p, 0, 4), InvalidParameter);
    p.d_model = 2;
    EXPECT_NO_THROW(sinusoidalTable(p, 0, 4));
    p.frequencies = SinusoidalFrequencies::Tensor2Tensor; // d/2 - 1 = 0
    EXPECT_THROW(sinusoidalFrequencies(p), InvalidParameter);
    p.d_model = 8;
    EXPECT_THROW(sinusoidalTable(p, 0, -1), InvalidParameter);
}

} // namespace
} // namespace pecards
