// Parity of every card x quantity x reduction with the double CPU reference, on small and medium
// views, several windows, causal on and off, within the float32 tolerances of gpu/README.md.

#include "gputestsupport.h"
#include "pecards/backend.h"
#include "pecards/errors.h"
#include "pecards/viewrules.h"
#include "support/sanitizers.h"

#include <cctype>
#include <gtest/gtest.h>
#include <memory>
#include <string>
#include <vector>

namespace pecards::test {
namespace {

/// One card configuration under test.
struct CardCase {
    std::string name;
    CardParams params;
};

std::vector<CardCase> cardCases() {
    std::vector<CardCase> cases;
    CardParams p;
    p.card = Card::Sinusoidal;
    p.sinusoidal.d_model = 64;
    cases.push_back({"sinusoidal_interleaved", p});
    p.sinusoidal.layout = SinusoidalLayout::Concatenated;
    p.sinusoidal.frequencies = SinusoidalFrequencies::Tensor2Tensor;
    p.sinusoidal.padding_idx = 3;
    p.probe.kind = ProbeKind::Random;
    p.probe.seed = 11;
    cases.push_back({"sinusoidal_t2t_padded", p});

    p = CardParams {};
    p.card = Card::Rope;
    p.rope.head_dim = 64;
    p.probe.kind = ProbeKind::Random;
    p.probe.seed = 5;
    cases.push_back({"rope_halfsplit_random", p});
    p.rope.layout = RopeLayout::Interleaved;
    p.rope.rotary_dim = 32;
    p.rope.scaling.type = RopeScalingType::Yarn;
    p.rope.scaling.factor = 4.0;
    p.rope.scaling.original_max_position_embeddings = 64;
    p.probe.kind = ProbeKind::Ones;
    cases.push_back({"rope_interleaved_partial_yarn_ones", p});

    const AlibiForm forms[]
        = {AlibiForm::Causal, AlibiForm::Symmetric, AlibiForm::RowOffsetBloom, AlibiForm::RowOffsetFoundry};
    for (AlibiForm form : forms) {
        p = CardParams {};
        p.card = Card::Alibi;
        p.alibi.heads = 12;
        p.alibi.head = 9;
        p.alibi.head_dim = 32;
        p.alibi.form = form;
        p.probe.seed = 3;
        cases.push_back({"alibi_" + toString(form), p});
    }

    p = CardParams {};
    p.card = Card::Relative;
    p.relative.variant = RelativeVariant::T5;
    p.relative.num_buckets = 32;
    p.relative.max_distance = 40;
    p.probe.seed = 8;
    cases.push_back({"t5_bidirectional", p});
    p.relative.bidirectional = false;
    p.relative.num_buckets = 16;
    cases.push_back({"t5_unidirectional", p});
    p = CardParams {};
    p.card = Card::Relative;
    p.relative.variant = RelativeVariant::Shaw;
    p.relative.clip_k = 6;
    p.relative.d_model = 32;
    p.probe.kind = ProbeKind::Random;
    p.probe.seed = 21;
    cases.push_back({"shaw_random", p});
    const TxlTerm terms[] = {TxlTerm::Total, TxlTerm::B, TxlTerm::D};
    for (TxlTerm term : terms) {
        p = CardParams {};
        p.card = Card::Relative;
        p.relative.variant = RelativeVariant::TransformerXL;
        p.relative.d_model = 32;
        p.relative.term = term;
        p.probe.kind = ProbeKind::Random;
        p.probe.seed = 2;
        cases.push_back({"txl_" + toString(term), p});
    }

    p = CardParams {};
    p.card = Card::Hybrid;
    p.rope.head_dim = 32;
    p.alibi.heads = 4;
    p.alibi.head = 1;
    p.alibi.form = AlibiForm::RowOffsetBloom;
    p.probe.kind = ProbeKind::Random;
    p.probe.seed = 13;
    cases.push_back({"hybrid_bloom", p});
    p.alibi.form = AlibiForm::Symmetric;
    cases.push_back({"hybrid_symmetric", p});
    return cases;
}

struct ViewShape {
    std::int64_t length;
    Window window; ///< for L x L quantities; tables use the rows and their own columns
    int out_rows;
    int out_cols;
};

class GpuParity : public ::testing::TestWithParam<CardCase> { };

/// The attention sinks and sliding window of a check (pecards::visibility); 0, 0 = none.
struct MaskShape {
    std::int64_t sinks = 0;
    std::int64_t window = 0;
    std::int64_t chunk = 0; ///< chunked attention (answered by the CPU reference on the device)
};

/// Compares every quantity the card offers under `shape`, every reduction, causal off and on.
void checkShape(gpu::OpenClBackend& gpu, Backend& cpu, const CardCase& card, const ViewShape& shape,
    const std::vector<Quantity>& quantities, const MaskShape& mask = {}) {
    const Reduction reductions[] = {Reduction::Sample, Reduction::Mean, Reduction::Max, Reduction::Min};
    for (bool causal : {false, true}) {
        for (Quantity quantity : quantities) {
            if (!hasQuantity(card.params.card, quantity)) {
                continue;
            }
            for (Reduction reduction : reductions) {
                ViewRequest request;
                request.params = card.params;
                request.params.length = shape.length;
                request.params.causal = causal;
                request.params.attention_sinks = mask.sinks;
                request.params.sliding_window = mask.window;
                request.params.attention_chunk = mask.chunk;
                if (!hasQuantity(request.params, quantity)) {
                    continue;
                }
                request.quantity = quantity;
                request.reduction = reduction;
                request.window = shape.window;
                if (quantity == Quantity::Table || quantity == Quantity::Phase) {
                    const Window extent = fullExtent(request.params, quantity);
                    request.window.col_begin = std::min<std::int64_t>(1, extent.col_end - 1);
                    request.window.col_end = extent.col_end;
                }
                request.out_rows = shape.out_rows;
                request.out_cols = shape.out_cols;
                SCOPED_TRACE(card.name + " L=" + std::to_string(shape.length) + " " + toString(quantity) + " "
                    + toString(reduction) + (causal ? " causal" : "") + " sinks " + std::to_string(mask.sinks)
                    + " sliding window " + std::to_string(mask.window) + " chunk "
                    + std::to_string(mask.chunk) + " window rows [" + std::to_string(request.window.row_begin)
                    + "," + std::to_string(request.window.row_end) + ") cols ["
                    + std::to_string(request.window.col_begin) + "," + std::to_string(request.window.col_end)
                    + ")");
                const Grid want = cpu.compute(request);
                const Grid got = gpu.compute(request);
                EXPECT_TRUE(gridsNear(got, want, toleranceFor(quantity, reduction)));
            }
        }
    }
}

const std::vector<Quantity> kPositional {
    Quantity::Table, Quantity::Phase, Quantity::Score, Quantity::Attention, Quantity::Buckets};
const std::vector<Quantity> kContent {Quantity::ContentScore, Quantity::ContentAttention};

TEST_P(GpuParity, SmallViewsEveryQuantityAndReduction) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    const std::unique_ptr<Backend> cpu = makeCpuBackend();
    // Full window with blocks of 2-3 entries, and an offset window with uneven blocks.
    checkShape(*gpu, *cpu, GetParam(), {96, {0, 96, 0, 96}, 40, 40}, kPositional);
    checkShape(*gpu, *cpu, GetParam(), {96, {17, 80, 5, 61}, 7, 9}, kPositional);
    // Equal square blocks (the backend pools one row and one column of pixels and expands).
    checkShape(*gpu, *cpu, GetParam(), {96, {16, 80, 8, 72}, 16, 16}, kPositional);
    checkShape(*gpu, *cpu, GetParam(), {96, {0, 96, 0, 96}, 40, 40}, kContent);
    checkShape(*gpu, *cpu, GetParam(), {96, {17, 80, 5, 61}, 7, 9}, kContent);
    // Chunked attention (Llama 4): the device answers it with the CPU reference.
    checkShape(*gpu, *cpu, GetParam(), {96, {17, 80, 5, 61}, 7, 9}, kPositional, {0, 0, 13});
    checkShape(*gpu, *cpu, GetParam(), {96, {0, 96, 0, 96}, 40, 40}, kContent, {2, 30, 13});
}

TEST_P(GpuParity, MediumViews) {
    if (testsupport::kUnderAsan) {
        GTEST_SKIP() << "larger blocks of the kernels SmallViewsEveryQuantityAndReduction runs under ASan: "
                        "checked by the ci build (sanitizers.h)";
    }
    PECARDS_GET_OPENCL_BACKEND(gpu);
    const std::unique_ptr<Backend> cpu = makeCpuBackend();
    checkShape(*gpu, *cpu, GetParam(), {2048, {0, 2048, 0, 2048}, 64, 48}, kPositional);
    checkShape(*gpu, *cpu, GetParam(), {2048, {0, 2048, 0, 2048}, 128, 128}, kPositional);
    checkShape(*gpu, *cpu, GetParam(), {2048, {1000, 1700, 300, 2048}, 33, 50}, kPositional);
    checkShape(*gpu, *cpu, GetParam(), {300, {20, 300, 0, 290}, 24, 20}, kContent);
}

// #33: sampled Score and Buckets pictures at L = 2^24 are made from the pixels' rows and columns
// alone (row and column phasors on the device, angles reduced exactly in fixed point): every
// pixel's delta distinct (uneven blocks), full window and a window far from the diagonal.
TEST_P(GpuParity, SampledPicturesAtTheLengthLimit) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    const std::unique_ptr<Backend> cpu = makeCpuBackend();
    CardCase card = GetParam();
    for (Quantity quantity : {Quantity::Score, Quantity::Buckets}) {
        if (!hasQuantity(card.params, quantity)) {
            continue;
        }
        for (const Window& window :
            {Window {0, kMaxLength, 0, kMaxLength}, Window {9'000'000, 9'400'000, 100, 30'000}}) {
            for (bool causal : {false, true}) {
                ViewRequest request;
                request.params = card.params;
                request.params.length = kMaxLength;
                request.params.causal = causal;
                request.quantity = quantity;
                request.window = window;
                request.out_rows = 61;
                request.out_cols = 97;
                SCOPED_TRACE(card.name + " " + toString(quantity) + (causal ? " causal" : "") + " rows ["
                    + std::to_string(window.row_begin) + "," + std::to_string(window.row_end) + ")");
                EXPECT_TRUE(gridsNear(
                    gpu->compute(request), cpu->compute(request), toleranceFor(quantity, Reduction::Sample)));
            }
        }
    }
}

// #33: sampled attention pictures with estimated normalisers (normaliserestimate.h), the first picture
// of a long view: positional at L = 2^24 and content at 2^20, causal and not, with sinks and a window;
// and the exact normalisers of positional attention streamed over several blocks (rownormalisers.h).
TEST_P(GpuParity, EstimatedNormalisersAtTheLengthLimit) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    const std::unique_ptr<Backend> cpu = makeCpuBackend();
    const CardCase card = GetParam();
    for (Quantity quantity : {Quantity::Attention, Quantity::ContentAttention}) {
        const std::int64_t length = quantity == Quantity::Attention ? kMaxLength : kMaxContentLength;
        for (int mask = 0; mask < 3; ++mask) {
            ViewRequest request;
            request.params = card.params;
            request.params.length = length;
            request.params.causal = mask > 0;
            request.params.attention_sinks = mask == 2 ? 4 : 0;
            request.params.sliding_window = mask == 2 ? 5000 : 0;
            request.quantity = quantity;
            request.window = {length / 3, length / 3 + length / 2, 0, length};
            request.out_rows = 23;
            request.out_cols = 41;
            // ALiBi's row-offset forms without the mask take exact normalisers only (normaliserEstimable).
            request.normaliser
                = normaliserEstimable(request.params) ? Normaliser::Estimated : Normaliser::Exact;
            SCOPED_TRACE(card.name + " " + toString(quantity) + " mask " + std::to_string(mask));
            EXPECT_TRUE(gridsNear(
                gpu->compute(request), cpu->compute(request), toleranceFor(quantity, Reduction::Sample)));
            if (quantity == Quantity::Attention) { // the exact normalisers, streamed in blocks, at 2^21
                request.normaliser = Normaliser::Exact;
                request.params.length = std::int64_t {1} << 21;
                request.window = {700'000, 2'000'000, 0, request.params.length};
                EXPECT_TRUE(gridsNear(
                    gpu->compute(request), cpu->compute(request), toleranceFor(quantity, Reduction::Sample)));
            }
        }
    }
}

// Attention sinks and a sliding window: a row's visible keys are the sinks and a band, masked
// entries -inf (score) and 0 (attention), the softmax over the visible keys only.
TEST_P(GpuParity, SinksAndSlidingWindow) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    const std::unique_ptr<Backend> cpu = makeCpuBackend();
    const std::vector<Quantity> masked {Quantity::Score, Quantity::Attention, Quantity::Buckets};
    checkShape(*gpu, *cpu, GetParam(), {96, {0, 96, 0, 96}, 40, 40}, masked, {4, 9});
    checkShape(*gpu, *cpu, GetParam(), {96, {17, 80, 5, 61}, 7, 9}, masked, {6, 12});
    checkShape(*gpu, *cpu, GetParam(), {96, {0, 96, 0, 96}, 96, 96}, masked, {1, 1});
    // Equal square blocks right of the sinks (the diagonal expansion), and over them (no expansion).
    checkShape(*gpu, *cpu, GetParam(), {96, {16, 80, 8, 72}, 16, 16}, masked, {4, 20});
    checkShape(*gpu, *cpu, GetParam(), {96, {16, 80, 0, 64}, 16, 16}, masked, {4, 20});
    if (!testsupport::kUnderAsan) { // larger blocks of the same kernels (sanitizers.h)
        checkShape(*gpu, *cpu, GetParam(), {2048, {0, 2048, 0, 2048}, 64, 48}, masked, {4, 300});
        checkShape(*gpu, *cpu, GetParam(), {2048, {1000, 1700, 300, 2048}, 33, 50}, masked, {400, 256});
    }
    checkShape(*gpu, *cpu, GetParam(), {96, {0, 96, 0, 96}, 40, 40}, kContent, {4, 9});
    checkShape(*gpu, *cpu, GetParam(), {300, {20, 300, 0, 290}, 24, 20}, kContent, {3, 50});
}

/// Test name of a card case: its name with every character that is not alphanumeric as '_'.
std::string caseName(const ::testing::TestParamInfo<CardCase>& param) {
    std::string name = param.param.name;
    for (char& ch : name) {
        ch = std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Cards, GpuParity, ::testing::ValuesIn(cardCases()), caseName);

} // namespace
} // namespace pecards::test
