// CPU reference backend: Toeplitz structure, softmax rows, content samples against direct dot
// products, masking, exact means against closed forms, and the compute budgets.

#include "pecards/backend.h"
#include "pecards/errors.h"
#include "support/requests.h"
#include "viewreference.h"

#include <cmath>
#include <gtest/gtest.h>
#include <string>

namespace pecards {
namespace {

constexpr std::int64_t kLargeL = std::int64_t {1} << 20;

/// The tests' content cards (seed 11).
CardParams card(Card c, std::int64_t length) {
    return test::randomProbeParams(c, length, 11);
}

/// One parameter set per positional family (Toeplitz Score, and the attention tests).
std::vector<CardParams> positionalCards(std::int64_t length) {
    std::vector<CardParams> cards;
    cards.push_back(card(Card::Sinusoidal, length));
    cards.push_back(card(Card::Rope, length));
    CardParams alibi = card(Card::Alibi, length);
    alibi.alibi.form = AlibiForm::Symmetric;
    cards.push_back(alibi);
    alibi.alibi.form = AlibiForm::Causal;
    cards.push_back(alibi);
    CardParams hybrid = card(Card::Hybrid, length);
    hybrid.alibi.form = AlibiForm::Symmetric;
    cards.push_back(hybrid);
    for (RelativeVariant v : {RelativeVariant::T5, RelativeVariant::Shaw, RelativeVariant::TransformerXL}) {
        CardParams rel = card(Card::Relative, length);
        rel.relative.variant = v;
        cards.push_back(rel);
    }
    return cards;
}

TEST(CpuBackend, Name) {
    EXPECT_EQ(makeCpuBackend()->name(), "CPU reference (double)");
}

TEST(CpuBackend, PositionalScoresAreToeplitz) {
    const auto backend = makeCpuBackend();
    for (const CardParams& p : positionalCards(kLargeL)) {
        // The same 48 x 48 diagonal band near the start and near the end of 2^20 positions.
        const std::int64_t shift = kLargeL - 48 - 1000;
        const Grid near
            = backend->compute(test::viewRequest(p, Quantity::Score, {1000, 1048, 980, 1028}, 48, 48));
        const Grid far = backend->compute(test::viewRequest(
            p, Quantity::Score, {1000 + shift, 1048 + shift, 980 + shift, 1028 + shift}, 48, 48));
        for (int i = 0; i < 48; ++i) {
            for (int j = 0; j < 48; ++j) {
                if (!std::isfinite(
                        near.at(i, j))) { // masked (causal ALiBi): masked everywhere on the diagonal
                    EXPECT_EQ(far.at(i, j), near.at(i, j));
                    EXPECT_TRUE(i + 1 == 48 || j + 1 == 48 || near.at(i + 1, j + 1) == near.at(i, j));
                    continue;
                }
                EXPECT_NEAR(far.at(i, j), near.at(i, j), 1e-9)
                    << toString(p.card) << " (" << i << ", " << j << ")";
                if (i + 1 < 48 && j + 1 < 48) {
                    EXPECT_NEAR(near.at(i + 1, j + 1), near.at(i, j), 1e-12) << toString(p.card);
                }
            }
        }
    }
}

// HF BLOOM's build_alibi_tensor gives +m j for every key and the model masks separately: the
// row-offset forms follow the causal-mask checkbox (the teacher's T-W1: the bias without the mask
// was drawn masked whatever the checkbox said).
TEST(CpuBackend, RowOffsetAlibiScoresDependOnTheColumnOnlyAndFollowTheMask) {
    const auto backend = makeCpuBackend();
    CardParams p = card(Card::Alibi, 40);
    p.alibi.heads = 8;
    p.alibi.head = 1; // m = 2^(-16/8) = 1/4
    for (const bool causal : {false, true}) {
        p.causal = causal;
        for (AlibiForm form : {AlibiForm::RowOffsetBloom, AlibiForm::RowOffsetFoundry}) {
            p.alibi.form = form;
            const Grid grid = backend->compute(test::viewRequest(p, Quantity::Score, {0, 40, 0, 40}, 40, 40));
            for (int i = 0; i < 40; ++i) {
                for (int j = 0; j < 40; ++j) {
                    const double bias = form == AlibiForm::RowOffsetBloom ? 0.25 * j : -0.25 * (39 - j);
                    const double expect = causal && j > i ? test::kNegInf : bias;
                    EXPECT_DOUBLE_EQ(grid.at(i, j), expect)
                        << toString(form) << " causal " << causal << " (" << i << ", " << j << ")";
                }
            }
        }
    }
}

TEST(CpuBackend, AttentionRowsSumToOne) {
    const auto backend = makeCpuBackend();
    constexpr std::int64_t kL = 300;
    for (CardParams p : positionalCards(kL)) {
        for (bool causal : {false, true}) {
            p.causal = causal;
            for (Quantity q : {Quantity::Attention, Quantity::ContentAttention}) {
                const Grid grid = backend->compute(test::viewRequest(p, q, {0, kL, 0, kL}, 4096, 4096));
                ASSERT_EQ(grid.rows, kL);
                ASSERT_EQ(grid.cols, kL);
                for (int i = 0; i < grid.rows; ++i) {
                    double sum = 0.0;
                    for (int j = 0; j < grid.cols; ++j) {
                        sum += grid.at(i, j);
                    }
                    EXPECT_NEAR(sum, 1.0, 1e-12) << toString(p.card) << " " << toString(q) << " row " << i;
                }
                // Mean over a whole row: 1 / (number of unmasked keys), an independent closed form.
                const Grid mean
                    = backend->compute(test::viewRequest(p, q, {0, kL, 0, kL}, 4096, 1, Reduction::Mean));
                for (int i = 0; i < mean.rows; ++i) {
                    const double keys = test::referenceCausal(p) ? i + 1.0 : static_cast<double>(kL);
                    EXPECT_NEAR(mean.at(i, 0), 1.0 / keys, 1e-14) << toString(p.card) << " " << toString(q);
                }
            }
        }
    }
}

TEST(CpuBackend, ContentSampleEqualsDirectDotProducts) {
    const auto backend = makeCpuBackend();
    CardParams p = card(Card::Rope, 100000);
    p.rope.scaling.type = RopeScalingType::Linear;
    p.rope.scaling.factor = 2.0;
    const Window window {50000, 50100, 10, 99990};
    const Grid grid = backend->compute(test::viewRequest(p, Quantity::ContentScore, window, 7, 9));
    ASSERT_EQ(grid.rows, 7);
    ASSERT_EQ(grid.cols, 9);
    const double theta_check = ropeScaling(p.rope, p.length).inv_freq[1];
    EXPECT_DOUBLE_EQ(theta_check, ropeInvFreq(p.rope)[1] / 2.0); // linear scaling divides theta
    for (int r = 0; r < 7; ++r) {
        const std::int64_t i = window.row_begin + r * window.rows() / 7;
        const Eigen::VectorXd q = test::referenceRotated(p, contentVector(11, ProbeStream::Query, i, 32), i);
        for (int c = 0; c < 9; ++c) {
            const std::int64_t j = window.col_begin + c * window.cols() / 9;
            const Eigen::VectorXd k
                = test::referenceRotated(p, contentVector(11, ProbeStream::Key, j, 32), j);
            // The logit that enters the softmax: q.k / sqrt(d), d = 32 (the review's C12).
            EXPECT_NEAR(grid.at(r, c), q.dot(k) / std::sqrt(32.0), 1e-12)
                << "pixel (" << r << ", " << c << ")";
        }
    }
    CardParams alibi = card(Card::Alibi, 100000);
    alibi.alibi.form = AlibiForm::Symmetric;
    const Grid biased = backend->compute(test::viewRequest(alibi, Quantity::ContentScore, window, 3, 4));
    const double m = alibiSlopes(alibi.alibi)[0];
    for (int r = 0; r < 3; ++r) {
        const std::int64_t i = window.row_begin + r * window.rows() / 3;
        for (int c = 0; c < 4; ++c) {
            const std::int64_t j = window.col_begin + c * window.cols() / 4;
            const double expect
                = contentVector(11, ProbeStream::Query, i, 16).dot(contentVector(11, ProbeStream::Key, j, 16))
                    / 4.0
                - m * static_cast<double>(std::abs(i - j));
            EXPECT_NEAR(biased.at(r, c), expect, 1e-9);
        }
    }
}

TEST(CpuBackend, GridShapeAndWindow) {
    const auto backend = makeCpuBackend();
    const CardParams p = card(Card::Rope, 1000);
    const Grid grid
        = backend->compute(test::viewRequest(p, Quantity::Score, {10, 30, 100, 700}, 512, 7, Reduction::Max));
    EXPECT_EQ(grid.rows, 20); // min(out_rows, window rows)
    EXPECT_EQ(grid.cols, 7);
    EXPECT_EQ(grid.window, (Window {10, 30, 100, 700}));
    EXPECT_EQ(grid.values.size(), 140u);
}

TEST(CpuBackend, FullyMaskedBlocks) {
    const auto backend = makeCpuBackend();
    CardParams p = card(Card::Rope, 64);
    p.causal = true;
    const Window upper {0, 10, 20, 30}; // every j > i
    for (Reduction reduction : {Reduction::Sample, Reduction::Mean, Reduction::Max, Reduction::Min}) {
        for (Quantity q : {Quantity::Score, Quantity::ContentScore}) {
            for (double v : backend->compute(test::viewRequest(p, q, upper, 3, 3, reduction)).values) {
                EXPECT_EQ(v, test::kNegInf) << toString(q) << " " << toString(reduction);
            }
        }
        for (Quantity q : {Quantity::Attention, Quantity::ContentAttention}) {
            for (double v : backend->compute(test::viewRequest(p, q, upper, 3, 3, reduction)).values) {
                EXPECT_EQ(v, 0.0) << toString(q) << " " << toString(reduction);
            }
        }
    }
}

TEST(CpuBackend, ExactMeanMaxMinAtMaximumLength) {
    // Symmetric ALiBi, slope m = 1/2: over all L x L entries mean |i - j| = (L^2 - 1) / (3 L).
    const auto backend = makeCpuBackend();
    CardParams p = card(Card::Alibi, kLargeL);
    p.alibi.heads = 16;
    p.alibi.head = 1; // m = 2^(-16/16) = 1/2
    p.alibi.form = AlibiForm::Symmetric;
    const Window all {0, kLargeL, 0, kLargeL};
    const double length = static_cast<double>(kLargeL);
    const double mean
        = backend->compute(test::viewRequest(p, Quantity::Score, all, 1, 1, Reduction::Mean)).values[0];
    EXPECT_NEAR(mean, -0.5 * (length * length - 1.0) / (3.0 * length), 1e-12 * length);
    EXPECT_EQ(
        backend->compute(test::viewRequest(p, Quantity::Score, all, 1, 1, Reduction::Max)).values[0], 0.0);
    EXPECT_EQ(backend->compute(test::viewRequest(p, Quantity::Score, all, 1, 1, Reduction::Min)).values[0],
        -0.5 * (length - 1));
    // 1 x 1 blocks far from the diagonal: the mean is the entry itself, exactly.
    const Grid single = backend->compute(
        test::viewRequest(p, Quantity::Score, {kLargeL - 3, kLargeL, 0, 3}, 3, 3, Reduction::Mean));
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            EXPECT_DOUBLE_EQ(single.at(r, c), -0.5 * static_cast<double>(kLargeL - 3 + r - c));
        }
    }
}

void expectBudgetError(const ViewRequest& r, const std::string& advice) {
    try {
        makeCpuBackend()->compute(r);
        ADD_FAILURE() << "no budget error for " << toString(r.quantity) << " " << toString(r.reduction);
    } catch (const ComputeLimitExceeded& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("exceeds the budget of"), std::string::npos) << message;
        EXPECT_NE(message.find(advice), std::string::npos) << message;
    }
}

TEST(CpuBackend, BudgetsRefuseCostlyRequests) {
    const Window all {0, kLargeL, 0, kLargeL};
    CardParams rope = card(Card::Rope, kLargeL);
    // Exact content reductions: 2^20 x 2^20 x 32 multiply-adds.
    expectBudgetError(test::viewRequest(rope, Quantity::ContentScore, all, 1024, 1024, Reduction::Max),
        "use reduction sample");
    // Content attention normalisers: 1024 rows x 2^20 keys x 32.
    expectBudgetError(
        test::viewRequest(rope, Quantity::ContentAttention, all, 1024, 1024), "fewer output rows");
    // Positional attention Mean: 2^20 window rows x 1024 columns of range queries.
    expectBudgetError(test::viewRequest(rope, Quantity::Attention, all, 1024, 1024, Reduction::Mean),
        "use reduction sample");
    // Exact tables: 2^20 rows x 256 dims.
    CardParams sinusoidal = card(Card::Sinusoidal, kLargeL);
    sinusoidal.sinusoidal.d_model = 256;
    expectBudgetError(
        test::viewRequest(sinusoidal, Quantity::Table, {0, kLargeL, 0, 256}, 512, 256, Reduction::Min),
        "use reduction sample");
}

TEST(CpuBackend, SampledContentAtMaximumLengthIsNotBudgeted) {
    const CardParams rope = card(Card::Rope, kLargeL);
    const Grid grid = makeCpuBackend()->compute(
        test::viewRequest(rope, Quantity::ContentScore, {0, kLargeL, 0, kLargeL}, 64, 64));
    EXPECT_EQ(grid.values.size(), 64u * 64u);
    for (double v : grid.values) {
        EXPECT_TRUE(std::isfinite(v));
    }
}

TEST(CpuBackend, ScoreZoomAtTheFarCornerOfTheLengthLimit) {
    // Llama 4 Scout's RoPE (head_dim 128, rope_theta 500000), ones probes, L = 2^24: single
    // entries near delta = +-(2^24 - 1) against sum_i 2 cos(delta theta_i) in long double.
    CardParams p;
    p.card = Card::Rope;
    p.length = kMaxLength;
    p.rope.head_dim = 128;
    p.rope.base = 500000.0;
    const auto reference = [](std::int64_t delta) {
        long double sum = 0.0L;
        for (int i = 0; i < 64; ++i) {
            sum += 2.0L * std::cos(static_cast<long double>(delta) * std::pow(500000.0L, -2.0L * i / 128.0L));
        }
        return static_cast<double>(sum);
    };
    const auto backend = makeCpuBackend();
    for (const Window window :
        {Window {kMaxLength - 8, kMaxLength, 0, 8}, Window {0, 8, kMaxLength - 8, kMaxLength}}) {
        const Grid grid = backend->compute(test::viewRequest(p, Quantity::Score, window, 8, 8));
        for (int r = 0; r < 8; ++r) {
            for (int c = 0; c < 8; ++c) {
                const std::int64_t delta = (window.row_begin + r) - (window.col_begin + c);
                EXPECT_NEAR(grid.at(r, c), reference(delta), 1e-7) << "delta = " << delta;
            }
        }
    }
}

// Run by hand (Release build) to measure the time and peak memory of the reference view:
// a 1024 x 1024 Max view of the RoPE score at L = 2^20, head_dim 128.
TEST(CpuBackendLarge, DISABLED_RopeMaxViewAtMaximumLength) {
    CardParams p;
    p.card = Card::Rope;
    p.length = kLargeL;
    p.rope.head_dim = 128;
    const Grid grid = makeCpuBackend()->compute(
        test::viewRequest(p, Quantity::Score, {0, kLargeL, 0, kLargeL}, 1024, 1024, Reduction::Max));
    ASSERT_EQ(grid.rows, 1024);
    for (int r = 0; r < grid.rows; ++r) {
        EXPECT_NEAR(grid.at(r, r), 128.0, 1e-9); // ones probes: S(0) = |q|^2 = head_dim is the maximum
        for (int c = 0; c < grid.cols; ++c) {
            EXPECT_LE(grid.at(r, c), 128.0 + 1e-9);
        }
    }
}

} // namespace
} // namespace pecards
