// Pooled views of the CPU reference equal brute-force pooling of the full matrix (small L):
// every card x quantity, every reduction, full and partial windows, dividing and non-dividing
// output sizes, causal and not, with and without attention sinks and a sliding window. The full matrix is
// built entry by entry from the encoding functions (viewreference.h), never from the backend's profiles.

#include "pecards/backend.h"
#include "pecards/normaliserestimate.h"
#include "pecards/viewrules.h"
#include "viewreference.h"

#include <gtest/gtest.h>
#include <ostream>
#include <string>

namespace pecards {
namespace {

struct CardCase {
    std::string name;
    CardParams params;
};

CardParams base(Card card, std::int64_t length) {
    CardParams p;
    p.card = card;
    p.length = length;
    p.probe.kind = ProbeKind::Random;
    p.probe.seed = 7;
    return p;
}

std::vector<CardCase> cardCases() {
    std::vector<CardCase> cases;
    constexpr std::int64_t kL = 23;
    {
        CardParams p = base(Card::Sinusoidal, kL);
        p.sinusoidal.d_model = 16;
        cases.push_back({"sinusoidal_paper", p});
        p.sinusoidal.layout = SinusoidalLayout::Concatenated;
        p.sinusoidal.frequencies = SinusoidalFrequencies::Tensor2Tensor;
        p.sinusoidal.padding_idx = 1;
        cases.push_back({"sinusoidal_fairseq_padded", p});
    }
    {
        CardParams p = base(Card::Rope, kL);
        p.rope.head_dim = 16;
        p.probe.kind = ProbeKind::Ones;
        cases.push_back({"rope_half_split_ones", p});
        p.probe.kind = ProbeKind::Random;
        p.rope.layout = RopeLayout::Interleaved;
        p.rope.rotary_dim = 8;
        p.rope.scaling.type = RopeScalingType::Yarn;
        p.rope.scaling.factor = 4.0;
        p.rope.scaling.original_max_position_embeddings = 8;
        cases.push_back({"rope_partial_yarn", p});
        p.length = 130; // longer profiles: multi-level range trees, blocks of 20+ entries
        cases.push_back({"rope_partial_yarn_L130", p});
    }
    for (AlibiForm form :
        {AlibiForm::Causal, AlibiForm::Symmetric, AlibiForm::RowOffsetBloom, AlibiForm::RowOffsetFoundry}) {
        CardParams p = base(Card::Alibi, kL);
        p.alibi.heads = 4;
        p.alibi.head = 0; // slope 1/4: biases reach -5.5
        p.alibi.head_dim = 8;
        p.alibi.form = form;
        cases.push_back({"alibi_" + toString(form), p});
        CardParams h = base(Card::Hybrid, kL);
        h.rope.head_dim = 8;
        h.alibi = p.alibi;
        cases.push_back({"hybrid_" + toString(form), h});
    }
    {
        CardParams p = base(Card::Relative, kL);
        p.relative.variant = RelativeVariant::T5;
        p.relative.num_buckets = 8;
        p.relative.max_distance = 16;
        p.relative.d_model = 8;
        cases.push_back({"t5_bidirectional", p});
        p.relative.bidirectional = false;
        p.relative.bucket_values = {0.5, -1.0, 2.0, 0.25, -0.75, 1.5, -2.0, 3.0};
        cases.push_back({"t5_decoder_values", p});
        p.relative.variant = RelativeVariant::Shaw;
        p.relative.clip_k = 3;
        cases.push_back({"shaw_k3", p});
        p.relative.variant = RelativeVariant::TransformerXL;
        p.relative.term = TxlTerm::Total;
        cases.push_back({"txl_total", p});
        p.relative.term = TxlTerm::B;
        cases.push_back({"txl_b", p});
        p.relative.term = TxlTerm::D;
        cases.push_back({"txl_d", p});
    }
    return cases;
}

struct PoolCase {
    std::string name;
    CardParams params;
    Quantity quantity;
};

std::vector<PoolCase> poolCases() {
    std::vector<PoolCase> cases;
    for (const CardCase& card : cardCases()) {
        for (Quantity q : {Quantity::Table, Quantity::Phase, Quantity::Score, Quantity::Attention,
                 Quantity::Buckets, Quantity::ContentScore, Quantity::ContentAttention}) {
            if (!hasQuantity(card.params, q)) {
                continue;
            }
            for (bool causal : {false, true}) {
                if (causal && (q == Quantity::Table || q == Quantity::Phase)) {
                    continue;
                }
                CardParams p = card.params;
                p.causal = causal;
                std::string name = card.name + "_" + toString(q) + (causal ? "_causal" : "");
                std::replace(name.begin(), name.end(), '-', '_');
                cases.push_back({name, p, q});
                if (q == Quantity::Table || q == Quantity::Phase) {
                    continue;
                }
                // Attention sinks and a sliding window (viewrules.h): a row's visible keys are
                // the sinks and a band, no longer a prefix; Buckets stay unmasked.
                p.attention_sinks = 2;
                p.sliding_window = p.length > 100 ? 17 : 5;
                cases.push_back({name + "_sinks2_window", p, q});
                if (causal) {
                    p.attention_sinks = 0;
                    p.sliding_window = 1; // every row sees only itself
                    cases.push_back({name + "_window1", p, q});
                }
                // Chunked attention (Llama 4): block-diagonal, not Toeplitz; alone, then with the
                // sinks and the window (every rule at once).
                p.attention_sinks = 0;
                p.sliding_window = 0;
                p.attention_chunk = p.length > 100 ? 37 : 7;
                cases.push_back({name + "_chunk", p, q});
                p.attention_sinks = 2;
                p.sliding_window = p.length > 100 ? 17 : 5;
                cases.push_back({name + "_chunk_sinks2_window", p, q});
            }
        }
    }
    return cases;
}

void PrintTo(const PoolCase& pool_case, std::ostream* os) {
    *os << pool_case.name;
}

class PoolingMatchesBruteForce : public ::testing::TestWithParam<PoolCase> { };

::testing::AssertionResult gridsClose(const Grid& got, const Grid& expect, double abs, double rel) {
    if (got.rows != expect.rows || got.cols != expect.cols || got.values.size() != expect.values.size()) {
        return ::testing::AssertionFailure()
            << "shape " << got.rows << "x" << got.cols << " != " << expect.rows << "x" << expect.cols;
    }
    if (!(got.window == expect.window)) {
        return ::testing::AssertionFailure() << "grid window differs from the request's";
    }
    for (std::size_t n = 0; n < got.values.size(); ++n) {
        const double g = got.values[n];
        const double e = expect.values[n];
        const bool same_infinity = std::isinf(e) && g == e;
        if (!same_infinity && !(std::abs(g - e) <= abs + rel * std::abs(e))) {
            return ::testing::AssertionFailure()
                << "pixel (" << n / got.cols << ", " << n % got.cols << "): got " << g << ", expected " << e;
        }
    }
    return ::testing::AssertionSuccess();
}

TEST_P(PoolingMatchesBruteForce, EveryReductionWindowAndSize) {
    const PoolCase& c = GetParam();
    const auto backend = makeCpuBackend();
    const test::DenseQuantity dense = test::referenceDense(c.params, c.quantity);
    const Window extent = fullExtent(c.params, c.quantity);
    const std::int64_t rows = extent.row_end;
    const std::int64_t cols = extent.col_end;
    const std::vector<Window> windows {
        extent, {3, rows - 1, 1, cols}, {rows / 2, rows, 0, cols / 2 + 1}, {0, rows / 3, cols / 2, cols}};
    const std::vector<std::pair<int, int>> sizes {{4096, 4096}, {4, 6}, {7, 3}, {1, 1}, {5, 2}};
    for (const Window& window : windows) {
        for (const auto& [out_rows, out_cols] : sizes) {
            for (Reduction reduction : {Reduction::Sample, Reduction::Mean, Reduction::Max, Reduction::Min}) {
                ViewRequest request;
                request.params = c.params;
                request.quantity = c.quantity;
                request.window = window;
                request.out_rows = out_rows;
                request.out_cols = out_cols;
                request.reduction = reduction;
                const Grid expect = test::referencePool(dense, request);
                EXPECT_TRUE(gridsClose(backend->compute(request), expect, 1e-9, 1e-9))
                    << toString(reduction) << " window [" << window.row_begin << ", " << window.row_end
                    << ") x [" << window.col_begin << ", " << window.col_end << ") out " << out_rows << "x"
                    << out_cols;
                // The estimated normaliser sums every key exactly where every |i - j| < kExactDeltas
                // (where it may be asked for: normaliserEstimable).
                const bool attention
                    = c.quantity == Quantity::Attention || c.quantity == Quantity::ContentAttention;
                if (attention && reduction == Reduction::Sample && c.params.length <= kExactDeltas
                    && normaliserEstimable(c.params)) {
                    request.normaliser = Normaliser::Estimated;
                    EXPECT_TRUE(gridsClose(backend->compute(request), expect, 1e-9, 1e-9))
                        << "estimated normaliser, window [" << window.row_begin << ", " << window.row_end
                        << ") x [" << window.col_begin << ", " << window.col_end << ") out " << out_rows
                        << "x" << out_cols;
                }
            }
        }
    }
}

// #33: a sampled Score or Buckets picture at L = 2^24 costs what its pixels cost, and each pixel
// is still the entry at its block's first row and column, from the definitions (referenceLogit:
// rotated vectors, alibiBias, t5Bucket, ...). Uneven blocks (37 x 53 pixels over 2^24 positions)
// make every pixel's delta distinct. Tolerance: at |i - j| ~ 2^24 the double angle delta * theta
// carries about 2^24 * 2^-53 = 2e-9 rad in either computation.
class SampledAtTheLengthLimit : public ::testing::TestWithParam<PoolCase> { };

/// The Score and Buckets cases (sampled attention and content pictures read every key of a row).
std::vector<PoolCase> sampledCases() {
    std::vector<PoolCase> cases = poolCases();
    std::erase_if(cases,
        [](const PoolCase& c) { return c.quantity != Quantity::Score && c.quantity != Quantity::Buckets; });
    return cases;
}

TEST_P(SampledAtTheLengthLimit, FollowsTheDefinition) {
    const PoolCase& c = GetParam();
    CardParams p = c.params;
    p.length = kMaxLength;
    p.sliding_window = p.sliding_window > 0 ? 1000 : 0;
    const auto backend = makeCpuBackend();
    const bool buckets = c.quantity == Quantity::Buckets;
    for (const Window& window :
        {Window {0, kMaxLength, 0, kMaxLength}, Window {5'000'000, 5'001'000, 4'999'000, 5'003'000}}) {
        ViewRequest request;
        request.params = p;
        request.quantity = c.quantity;
        request.window = window;
        request.out_rows = 37;
        request.out_cols = 53;
        const Grid got = backend->compute(request);
        for (int r = 0; r < got.rows; ++r) {
            for (int col = 0; col < got.cols; ++col) {
                const std::int64_t i = blockStart(window.row_begin, window.rows(), got.rows, r);
                const std::int64_t j = blockStart(window.col_begin, window.cols(), got.cols, col);
                const bool visible = buckets || test::referenceVisible(p, i, j);
                const double want
                    = visible ? test::referenceLogit(p, i, j, false, false, buckets) : test::kNegInf;
                const double value = got.at(r, col);
                ASSERT_TRUE(
                    visible ? std::abs(value - want) <= 1e-7 * std::max(1.0, std::abs(want)) : value == want)
                    << "pixel (" << r << ", " << col << ") = entry (" << i << ", " << j << "): got " << value
                    << ", expected " << want;
            }
        }
    }
}

// #33: the exact normalisers of a sampled attention picture are streamed over the rows' visible
// deltas in blocks (rownormalisers.h). ALiBi's causal logits -m (i - j) have a closed-form
// normaliser, Z_i = (1 - e^{-m (i + 1)}) / (1 - e^{-m}), so every pixel is checked against
// e^{-m (i - j)} / Z_i at L = 2^20, with slope m = 2^-8 (a few hundred keys matter) and 2^-20
// (alibi_bias_max 20: every key matters, each row's sum spans many blocks), and with a window of
// 5000 keys (Z_i over min(i + 1, 5000) keys).
TEST(SampledAttention, StreamedNormalisersFollowTheClosedForm) {
    const auto backend = makeCpuBackend();
    for (const auto& [window, bias_max] : {std::pair {std::int64_t {0}, 8.0},
             std::pair {std::int64_t {5000}, 8.0}, std::pair {std::int64_t {0}, 20.0}}) {
        ViewRequest request;
        request.params.alibi.alibi_bias_max = bias_max;
        request.params.card = Card::Alibi;
        request.params.length = std::int64_t {1} << 20;
        request.params.causal = true;
        request.params.sliding_window = window;
        request.params.alibi.heads = 8;
        request.params.alibi.head = 7;
        request.quantity = Quantity::Attention;
        request.window = {0, request.params.length, 0, request.params.length};
        request.out_rows = 37;
        request.out_cols = 53;
        const double m = std::exp2(-bias_max); // 2^(-b h / H) with h = H = 8
        const Grid got = backend->compute(request);
        for (int r = 0; r < got.rows; ++r) {
            const std::int64_t i = blockStart(0, request.params.length, got.rows, r);
            const std::int64_t keys = window == 0 ? i + 1 : std::min(i + 1, window);
            const double z = -std::expm1(-m * static_cast<double>(keys)) / -std::expm1(-m);
            for (int c = 0; c < got.cols; ++c) {
                const std::int64_t j = blockStart(0, request.params.length, got.cols, c);
                const bool visible = j <= i && (window == 0 || i - j < window);
                const double want = visible ? std::exp(-m * static_cast<double>(i - j)) / z : 0.0;
                ASSERT_NEAR(got.at(r, c), want, 1e-12 + 1e-9 * want) << "pixel (" << r << ", " << c << ")";
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(AllCards, PoolingMatchesBruteForce, ::testing::ValuesIn(poolCases()),
    [](const ::testing::TestParamInfo<PoolCase>& param_info) { return param_info.param.name; });
INSTANTIATE_TEST_SUITE_P(AllCards, SampledAtTheLengthLimit, ::testing::ValuesIn(sampledCases()),
    [](const ::testing::TestParamInfo<PoolCase>& param_info) { return param_info.param.name; });

} // namespace
} // namespace pecards
