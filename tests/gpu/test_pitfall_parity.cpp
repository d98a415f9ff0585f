// Parity of every dense pitfall view (buggy and fixed) and of the multimodal card's views with the double CPU
// reference, within the float32 tolerances of gpu/README.md, and the reported numbers reproduced on the
// device.

#include "gputestsupport.h"
#include "pecards/backend.h"
#include "pecards/errors.h"
#include "pecards/mrope.h"
#include "pecards/pitfall.h"
#include "support/sanitizers.h"

#include <cctype>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace pecards::test {
namespace {

struct PitfallCase {
    std::string name;
    CardParams params;
};

std::vector<PitfallCase> pitfallCases() {
    std::vector<PitfallCase> cases;
    const auto add = [&cases](const std::string& name, CardParams p) {
        p.pitfall.fixed = false;
        cases.push_back({name, p});
        p.pitfall.fixed = true;
        cases.push_back({name + "_fixed", p});
    };
    CardParams p;
    p.card = Card::Sinusoidal;
    p.length = 160;
    p.sinusoidal.d_model = 32;
    p.pitfall.kind = Pitfall::SinusoidalDimensionExponent;
    add("sinusoidal_dimension_exponent", p);
    p.sinusoidal.d_model = 33;
    p.pitfall.kind = Pitfall::SinusoidalOddDModel;
    p.causal = true;
    cases.push_back({"sinusoidal_odd_d_model", p});

    p = CardParams {};
    p.card = Card::Rope;
    p.length = 300;
    p.rope.head_dim = 32;
    p.probe.kind = ProbeKind::Random;
    p.probe.seed = 4;
    for (Pitfall pitfall :
        {Pitfall::RopeRotateOnHalfSplitTable, Pitfall::RopeLayoutMismatch, Pitfall::RopePositionsLowPrecision,
            Pitfall::RopeInvFreqLowPrecision, Pitfall::RopeCacheLowPrecision}) {
        p.pitfall.kind = pitfall;
        add("rope_" + toString(pitfall), p);
    }
    p.pitfall.kind = Pitfall::RopePositionsLowPrecision;
    p.pitfall.format = StorageFormat::Float16;
    p.length = 2100;
    cases.push_back({"rope_positions_fp16", p});
    p.length = 300;
    p.pitfall.format = StorageFormat::Bfloat16;
    p.rope.layout = RopeLayout::Interleaved;
    p.rope.rotary_dim = 16;
    p.causal = true;
    p.pitfall.kind = Pitfall::RopeLayoutMismatch;
    add("rope_layout_mismatch_interleaved_partial", p);
    p.pitfall.kind = Pitfall::RopeStaleDynamicNtk;
    p.pitfall.stale_seq_len = 4096;
    add("rope_stale_dynamic_ntk", p);
    p.pitfall.kind = Pitfall::RopePartialConvention; // rotary_dim 16 of 32, interleaved
    p.rope.partial = RopePartial::Proportional;
    add("rope_partial_convention_proportional_read_as_classic", p);
    p.rope.partial = RopePartial::Classic;
    p.rope.layout = RopeLayout::HalfSplit;
    add("rope_partial_convention_classic_read_as_proportional", p);

    p = CardParams {};
    p.card = Card::Relative;
    p.length = 200;
    p.relative.variant = RelativeVariant::T5;
    p.relative.max_distance = 40;
    p.causal = true;
    p.pitfall.kind = Pitfall::T5NoMaxDistanceClamp;
    add("t5_no_clamp", p);
    p.relative.variant = RelativeVariant::TransformerXL;
    p.relative.d_model = 16;
    p.probe.kind = ProbeKind::Random;
    p.causal = false;
    p.pitfall.kind = Pitfall::TxlRelShiftWrongRow;
    add("txl_rel_shift_wrong_row", p);

    for (Pitfall pitfall :
        {Pitfall::AlibiFlippedSlope, Pitfall::AlibiRowOffsetNoMask, Pitfall::AlibiLeftPaddingArange}) {
        p = CardParams {};
        p.card = Card::Alibi;
        p.length = 400;
        p.alibi.heads = 12;
        p.alibi.head = 8;
        p.pitfall.kind = pitfall;
        add("alibi_" + toString(pitfall), p);
    }
    for (Pitfall pitfall : {Pitfall::HybridRotateBeforeProjection, Pitfall::HybridBiasBeforeScale}) {
        p = CardParams {};
        p.card = Card::Hybrid;
        p.length = 256;
        p.rope.head_dim = 16;
        p.probe.kind = ProbeKind::Random;
        p.probe.seed = 2;
        p.pitfall.kind = pitfall;
        add("hybrid_" + toString(pitfall), p);
    }
    // The multimodal card's dense views: Qwen3-VL's interleaved sections with the layout pitfall
    // (buggy and fixed) over an image and a video, and GLM's half-rotary blocked head without one.
    p = CardParams {};
    p.card = Card::Multimodal;
    p.rope.head_dim = 32;
    p.probe.kind = ProbeKind::Random;
    p.probe.seed = 5;
    p.multimodal.family = MropeFamily::Qwen3VL;
    p.multimodal.layout = MropeLayout::Interleaved;
    p.multimodal.section = {6, 5, 5};
    p.multimodal.vision.frame_text_tokens = 3;
    p.multimodal.segments = parseMropeSegments("text:7,image:8x12,video:3x6x6,text:5");
    p.length = mropeTokenCount(p.multimodal.family, p.multimodal.segments, p.multimodal.vision);
    p.pitfall.kind = Pitfall::MropeLayoutMismatch;
    add("multimodal_mrope_layout_mismatch", p);
    p.pitfall = PitfallParams {};
    p.rope.rotary_dim = 16;
    p.rope.layout = RopeLayout::Interleaved;
    p.multimodal.family = MropeFamily::Glm4V;
    p.multimodal.layout = MropeLayout::Blocked;
    p.multimodal.section = {2, 3, 3};
    p.causal = true;
    cases.push_back({"multimodal_glm4v_half_rotary", p});
    p.pitfall.kind = Pitfall::MropePartialFactorDropped;
    add("multimodal_mrope_partial_factor_dropped", p);
    // Every pitfall again with attention sinks and a sliding window (pecards::visibility) on top
    // of its own causal rule.
    const std::size_t plain = cases.size();
    for (std::size_t n = 0; n < plain; ++n) {
        PitfallCase masked = cases[n];
        masked.name += "_sinks_window";
        masked.params.attention_sinks = 3;
        masked.params.sliding_window = 37;
        cases.push_back(masked);
    }
    return cases;
}

GridTolerance toleranceOf(Quantity quantity) {
    switch (quantity) {
    case Quantity::Table:
        return {2e-6, 2e-6};
    case Quantity::Buckets:
        return {0.0, 0.0};
    case Quantity::Attention:
        return {2e-5, 1e-4};
    default:
        return {2e-5, 1e-5};
    }
}

class PitfallParity : public ::testing::TestWithParam<PitfallCase> { };

TEST_P(PitfallParity, MatchesTheCpuReference) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    const CardParams& params = GetParam().params;
    const auto cpu = makeCpuBackend();
    for (Quantity quantity : {Quantity::Table, Quantity::Score, Quantity::Attention, Quantity::Buckets}) {
        ViewRequest request;
        request.params = params;
        request.quantity = quantity;
        if (!hasQuantity(params, quantity)) {
            continue; // the multimodal card has no table or buckets
        }
        try {
            validatePitfallQuantity(params, quantity);
        } catch (const InvalidParameter&) {
            continue; // not offered by this pitfall
        }
        const Window full = fullExtent(params, quantity);
        // Under ASan the full window only: the offset window runs the same host code (sanitizers.h).
        const std::vector<Window> windows = testsupport::kUnderAsan
            ? std::vector<Window> {full}
            : std::vector<Window> {full, Window {full.row_end / 3, full.row_end, 0, full.col_end / 2 + 1}};
        for (Reduction reduction : {Reduction::Sample, Reduction::Max, Reduction::Mean}) {
            for (const Window& window : windows) {
                request.window = window;
                request.reduction = reduction;
                request.out_rows = 48;
                request.out_cols = 40;
                const Grid expected = cpu->compute(request);
                const Grid actual = gpu->compute(request);
                EXPECT_TRUE(gridsNear(actual, expected, toleranceOf(quantity)))
                    << toString(quantity) << " " << toString(reduction) << " rows " << window.row_begin;
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Pitfalls, PitfallParity, ::testing::ValuesIn(pitfallCases()),
    [](const ::testing::TestParamInfo<PitfallCase>& case_info) {
        std::string name = case_info.param.name;
        for (char& c : name) {
            c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
        }
        return name;
    });

double deviceEntry(
    gpu::OpenClBackend& gpu, const CardParams& params, Quantity quantity, std::int64_t i, std::int64_t j) {
    ViewRequest request;
    request.params = params;
    request.quantity = quantity;
    request.window = {i, i + 1, j, j + 1};
    request.out_rows = 1;
    request.out_cols = 1;
    return gpu.compute(request).values[0];
}

TEST(PitfallDevice, ReproducesTheReportedRopeNumbers) {
    PECARDS_GET_OPENCL_BACKEND(gpu);
    CardParams p;
    p.card = Card::Rope;
    p.length = 8;
    p.rope.head_dim = 4;
    p.probe.q = {1, 2, 3, 4};
    p.probe.k = {0.5, -1, 2, 1};
    p.pitfall.kind = Pitfall::RopeRotateOnHalfSplitTable;
    EXPECT_NEAR(deviceEntry(*gpu, p, Quantity::Score, 1, 0), -2.041374, 2e-5);
    EXPECT_NEAR(deviceEntry(*gpu, p, Quantity::Score, 5, 4), -2.497332, 2e-5);
    p.pitfall.fixed = true;
    EXPECT_NEAR(deviceEntry(*gpu, p, Quantity::Score, 1, 0), 7.456105, 2e-5);
    p = CardParams {};
    p.card = Card::Rope;
    p.length = 512;
    p.rope.head_dim = 2;
    p.probe.q = {1, 0};
    p.probe.k = {1, 0};
    p.pitfall.kind = Pitfall::RopePositionsLowPrecision;
    EXPECT_NEAR(deviceEntry(*gpu, p, Quantity::Table, 257, 1), -0.999208, 2e-6);
    p.pitfall.fixed = true;
    EXPECT_NEAR(deviceEntry(*gpu, p, Quantity::Table, 257, 1), -0.573357, 2e-6);
}

} // namespace
} // namespace pecards::test
