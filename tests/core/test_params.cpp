// Tests of parameter validation (params.h): every invalid parameter throws InvalidParameter
// naming the parameter and its value; stable names and their inverse; card dimensions.

#include "pecards/errors.h"
#include "pecards/params.h"
#include "support/testconstants.h"

#include <Eigen/Core>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <memory>
#include <set>

namespace pecards {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
using testsupport::kInf;

struct InvalidCase {
    const char* label;
    void (*mutate)(CardParams&);
    const char* name; ///< expected InvalidParameter::name()
    const char* value; ///< expected to occur in InvalidParameter::value()
};

void PrintTo(const InvalidCase& c, std::ostream* os) {
    *os << c.label;
}

CardParams card(Card which) {
    CardParams p;
    p.card = which;
    return p;
}

class InvalidParameterTest : public ::testing::TestWithParam<InvalidCase> { };

TEST_P(InvalidParameterTest, ThrowsNamingParameterAndValue) {
    const InvalidCase c = GetParam();
    CardParams p;
    c.mutate(p);
    try {
        validate(p);
        FAIL() << c.label << ": no exception";
    } catch (const InvalidParameter& e) {
        EXPECT_EQ(e.name(), c.name) << e.what();
        EXPECT_NE(e.value().find(c.value), std::string::npos) << e.what();
        EXPECT_FALSE(e.allowed().empty());
        const std::string what = e.what();
        EXPECT_EQ(what, e.name() + " = " + e.value() + " is invalid: allowed: " + e.allowed());
    }
}

// clang-format off
const InvalidCase kInvalidCases[] = {
    {"length_zero", [](CardParams& p) { p.length = 0; }, "length", "0"},
    {"length_above_2pow24", [](CardParams& p) { p.length = kMaxLength + 1; }, "length", "16777217"},
    {"card_enum", [](CardParams& p) { p.card = static_cast<Card>(42); }, "card", "42"},
    {"sin_odd_d", [](CardParams& p) { p = card(Card::Sinusoidal); p.sinusoidal.d_model = 769; }, "d_model", "769"},
    {"sin_d_too_big", [](CardParams& p) { p = card(Card::Sinusoidal); p.sinusoidal.d_model = 1026; }, "d_model", "1026"},
    {"sin_base_one", [](CardParams& p) { p = card(Card::Sinusoidal); p.sinusoidal.base = 1.0; }, "base", "1"},
    {"sin_base_nan", [](CardParams& p) { p = card(Card::Sinusoidal); p.sinusoidal.base = kNaN; }, "base", "nan"},
    {"sin_base_inf", [](CardParams& p) { p = card(Card::Sinusoidal); p.sinusoidal.base = kInf; }, "base", "inf"},
    {"sin_t2t_d2", [](CardParams& p) {
         p = card(Card::Sinusoidal);
         p.sinusoidal.d_model = 2;
         p.sinusoidal.frequencies = SinusoidalFrequencies::Tensor2Tensor;
     }, "d_model", "2"},
    {"sin_padding", [](CardParams& p) { p = card(Card::Sinusoidal); p.sinusoidal.padding_idx = -2; }, "padding_idx", "-2"},
    {"rope_odd_head_dim", [](CardParams& p) { p.rope.head_dim = 7; }, "head_dim", "7"},
    {"rope_base", [](CardParams& p) { p.rope.base = 0.5; }, "base", "0.5"},
    {"rope_rotary_odd", [](CardParams& p) { p.rope.rotary_dim = 3; }, "rotary_dim", "3"},
    {"rope_rotary_above_head_dim", [](CardParams& p) { p.rope.rotary_dim = 256; }, "rotary_dim", "256"},
    {"rope_seq_len", [](CardParams& p) { p.rope.seq_len = -1; }, "seq_len", "-1"},
    {"rope_layout_enum", [](CardParams& p) { p.rope.layout = static_cast<RopeLayout>(9); }, "rope.layout", "9"},
    {"linear_factor_below_one", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::Linear;
         p.rope.scaling.factor = 0.00001;
     }, "rope_scaling.factor", "1e-05"},
    {"yarn_factor_inf", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::Yarn;
         p.rope.scaling.factor = kInf;
         p.rope.scaling.original_max_position_embeddings = 4096;
     }, "rope_scaling.factor", "inf"},
    {"yarn_missing_original", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::Yarn;
         p.rope.scaling.factor = 4;
     }, "rope_scaling.original_max_position_embeddings", "0"},
    {"llama3_missing_original", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::Llama3;
         p.rope.scaling.factor = 8;
         p.rope.scaling.max_position_embeddings = 131072; // llama3 has no fallback
     }, "rope_scaling.original_max_position_embeddings", "0"},
    {"longrope_missing_original", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::LongRope;
         p.rope.scaling.short_factor.assign(64, 1.0);
         p.rope.scaling.long_factor.assign(64, 2.0);
     }, "rope_scaling.original_max_position_embeddings", "0"},
    {"longrope_long_factor_length", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::LongRope;
         p.rope.scaling.original_max_position_embeddings = 4096;
         p.rope.scaling.short_factor.assign(64, 1.0);
         p.rope.scaling.long_factor.assign(3, 2.0);
     }, "rope_scaling.long_factor", "3 entries"},
    {"longrope_short_factor_length", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::LongRope;
         p.rope.scaling.original_max_position_embeddings = 4096;
         p.rope.scaling.short_factor.assign(128, 1.0);
         p.rope.scaling.long_factor.assign(64, 2.0);
     }, "rope_scaling.short_factor", "128 entries"},
    {"longrope_factor_nan", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::LongRope;
         p.rope.scaling.original_max_position_embeddings = 4096;
         p.rope.scaling.short_factor.assign(64, 1.0);
         p.rope.scaling.long_factor.assign(64, kNaN);
     }, "rope_scaling.long_factor", "nan"},
    // Upper and lower bounds that keep every derived value finite (issue: 1e154 gave NaN grids).
    {"yarn_attention_factor_huge", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::Yarn;
         p.rope.scaling.factor = 4;
         p.rope.scaling.original_max_position_embeddings = 4096;
         p.rope.scaling.attention_factor = 1e154;
     }, "rope_scaling.attention_factor", "1e+154"},
    {"yarn_mscale_huge", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::Yarn;
         p.rope.scaling.factor = 4;
         p.rope.scaling.original_max_position_embeddings = 4096;
         p.rope.scaling.mscale = 1001;
     }, "rope_scaling.mscale", "1001"},
    {"yarn_mscale_all_dim_huge", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::Yarn;
         p.rope.scaling.factor = 4;
         p.rope.scaling.original_max_position_embeddings = 4096;
         p.rope.scaling.mscale_all_dim = 1e300;
     }, "rope_scaling.mscale_all_dim", "1e+300"},
    {"yarn_beta_slow_tiny", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::Yarn;
         p.rope.scaling.factor = 4;
         p.rope.scaling.original_max_position_embeddings = 4096;
         p.rope.scaling.beta_slow = 1e-300;
     }, "rope_scaling.beta_slow", "1e-300"},
    {"longrope_attention_factor_huge", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::LongRope;
         p.rope.scaling.original_max_position_embeddings = 4096;
         p.rope.scaling.short_factor.assign(64, 1.0);
         p.rope.scaling.long_factor.assign(64, 2.0);
         p.rope.scaling.attention_factor = 2e3;
     }, "rope_scaling.attention_factor", "2000"},
    {"longrope_factor_tiny", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::LongRope;
         p.rope.scaling.original_max_position_embeddings = 4096;
         p.rope.scaling.short_factor.assign(64, 1e-300);
         p.rope.scaling.long_factor.assign(64, 2.0);
     }, "rope_scaling.short_factor", "1e-300"},
    {"rope_base_huge", [](CardParams& p) { p.rope.base = 1e13; }, "base", "1e+13"},
    {"sin_base_huge", [](CardParams& p) { p = card(Card::Sinusoidal); p.sinusoidal.base = 1e300; }, "base", "1e+300"},
    {"dynamic_rotary_dim_2", [](CardParams& p) {
         p.rope.rotary_dim = 2;
         p.rope.scaling.type = RopeScalingType::Dynamic;
         p.rope.scaling.factor = 2;
         p.rope.scaling.max_position_embeddings = 2048;
     }, "rotary_dim", "2"},
    {"dynamic_missing_max_pos", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::Dynamic;
         p.rope.scaling.factor = 2;
     }, "max_position_embeddings", "0"},
    {"llama3_high_below_low", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::Llama3;
         p.rope.scaling.factor = 8;
         p.rope.scaling.original_max_position_embeddings = 8192;
         p.rope.scaling.high_freq_factor = 0.5;
     }, "rope_scaling.high_freq_factor", "0.5"},
    {"yarn_beta_fast_below_slow", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::Yarn;
         p.rope.scaling.factor = 4;
         p.rope.scaling.original_max_position_embeddings = 4096;
         p.rope.scaling.beta_fast = 0.5;
     }, "rope_scaling.beta_fast", "0.5"},
    {"yarn_mscale_negative", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::Yarn;
         p.rope.scaling.factor = 4;
         p.rope.scaling.original_max_position_embeddings = 4096;
         p.rope.scaling.mscale = -1;
     }, "rope_scaling.mscale", "-1"},
    {"yarn_attention_factor_nan", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::Yarn;
         p.rope.scaling.factor = 4;
         p.rope.scaling.original_max_position_embeddings = 4096;
         p.rope.scaling.attention_factor = kNaN;
     }, "rope_scaling.attention_factor", "nan"},
    {"alibi_heads_zero", [](CardParams& p) { p = card(Card::Alibi); p.alibi.heads = 0; }, "heads", "0"},
    {"alibi_heads_129", [](CardParams& p) { p = card(Card::Alibi); p.alibi.heads = 129; }, "heads", "129"},
    {"alibi_head_equals_heads", [](CardParams& p) { p = card(Card::Alibi); p.alibi.head = 8; }, "head", "9"},
    {"alibi_head_negative", [](CardParams& p) { p = card(Card::Alibi); p.alibi.head = -1; }, "head", "0"},
    {"alibi_head_dim", [](CardParams& p) { p = card(Card::Alibi); p.alibi.head_dim = 63; }, "head_dim", "63"},
    {"alibi_bias_max", [](CardParams& p) { p = card(Card::Alibi); p.alibi.alibi_bias_max = 0; }, "alibi_bias_max", "0"},
    {"hybrid_head", [](CardParams& p) { p = card(Card::Hybrid); p.alibi.heads = 4; p.alibi.head = 4; }, "head", "5"},
    {"hybrid_rope", [](CardParams& p) { p = card(Card::Hybrid); p.rope.head_dim = 2000; }, "head_dim", "2000"},
    {"t5_buckets_1", [](CardParams& p) {
         p = card(Card::Relative);
         p.relative.bidirectional = false;
         p.relative.num_buckets = 1;
     }, "num_buckets", "1"},
    {"t5_buckets_bidirectional_3", [](CardParams& p) { p = card(Card::Relative); p.relative.num_buckets = 3; }, "num_buckets", "3"},
    {"t5_max_distance_0", [](CardParams& p) { p = card(Card::Relative); p.relative.max_distance = 0; }, "max_distance", "0"},
    {"t5_max_distance_le_max_exact", [](CardParams& p) { p = card(Card::Relative); p.relative.max_distance = 8; }, "max_distance", "8"},
    {"t5_bucket_values_size", [](CardParams& p) {
         p = card(Card::Relative);
         p.relative.bucket_values = {1.0, 2.0, 3.0};
     }, "bucket_values", "3 entries"},
    {"t5_bucket_values_inf", [](CardParams& p) {
         p = card(Card::Relative);
         p.relative.bucket_values.assign(32, 0.0);
         p.relative.bucket_values[5] = kInf;
     }, "bucket_values", "inf"},
    {"shaw_clip_k", [](CardParams& p) {
         p = card(Card::Relative);
         p.relative.variant = RelativeVariant::Shaw;
         p.relative.clip_k = -1;
     }, "clip_k", "-1"},
    {"relative_d_model", [](CardParams& p) { p = card(Card::Relative); p.relative.d_model = 5; }, "d_model", "5"},
    {"probe_q_size", [](CardParams& p) { p.probe.q = {1.0, 2.0, 3.0}; }, "probe.q", "3 entries"},
    {"probe_q_too_large", [](CardParams& p) {
         p.rope.head_dim = 4;
         p.probe.q = {1.0, 2.0e3, 0.0, 0.0};
     }, "probe.q", "2000"},
    {"t5_bucket_value_too_large", [](CardParams& p) {
         p = card(Card::Relative);
         p.relative.bucket_values.assign(32, 0.0);
         p.relative.bucket_values[3] = 1e16;
     }, "bucket_values", "1e+16"},
    {"linear_factor_too_large", [](CardParams& p) {
         p.rope.scaling.type = RopeScalingType::Linear;
         p.rope.scaling.factor = 1e308;
     }, "rope_scaling.factor", "1e+308"},
    {"probe_k_nan", [](CardParams& p) {
         p.rope.head_dim = 4;
         p.probe.k = {1.0, kNaN, 0.0, 0.0};
     }, "probe.k", "nan"},
    {"probe_content_columns", [](CardParams& p) {
         p.probe.content_q = std::make_shared<const Eigen::MatrixXd>(Eigen::MatrixXd::Zero(10, 64));
     }, "probe.content_q", "10 x 64"},
};
// clang-format on

INSTANTIATE_TEST_SUITE_P(Cases, InvalidParameterTest, ::testing::ValuesIn(kInvalidCases),
    [](const ::testing::TestParamInfo<InvalidCase>& param_info) {
        return std::string(param_info.param.label);
    });

TEST(Validate, DefaultsOfEveryCardAreValid) {
    for (Card c : {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid}) {
        EXPECT_NO_THROW(validate(card(c))) << toString(c);
    }
}

TEST(Validate, ScalingFactorRangeIsTheDocumentedOne) {
    // params.h: factor in [1e-4, 1e4]; below 1 is accepted (HF warns and computes with it).
    CardParams p = card(Card::Rope);
    p.rope.scaling.type = RopeScalingType::Linear;
    for (const double factor : {1e-4, 0.5, 1.0, 1e4}) {
        p.rope.scaling.factor = factor;
        EXPECT_NO_THROW(validate(p)) << factor;
    }
    for (const double factor : {0.99e-4, 1.0001e4}) {
        p.rope.scaling.factor = factor;
        EXPECT_THROW(validate(p), InvalidParameter) << factor;
    }
}

TEST(Validate, FieldsTheCardDoesNotUseAreIgnored) {
    CardParams p = card(Card::Sinusoidal);
    p.rope.head_dim = 7;
    p.alibi.heads = 0;
    p.relative.num_buckets = 0;
    EXPECT_NO_THROW(validate(p));
    p = card(Card::Hybrid);
    p.alibi.head_dim = 3; // the hybrid uses rope.head_dim
    EXPECT_NO_THROW(validate(p));
    p = card(Card::Relative);
    p.relative.variant = RelativeVariant::Shaw;
    p.relative.num_buckets = 0; // T5 only
    EXPECT_NO_THROW(validate(p));
}

TEST(Validate, MessageFormat) {
    RopeParams rope;
    rope.head_dim = 7;
    try {
        validate(rope);
        FAIL();
    } catch (const InvalidParameter& e) {
        EXPECT_STREQ(e.what(), "head_dim = 7 is invalid: allowed: even, in [2, 1024]");
    }
    RopeParams longrope;
    longrope.scaling.type = RopeScalingType::LongRope;
    longrope.scaling.original_max_position_embeddings = 4096;
    longrope.scaling.short_factor.assign(64, 1.0);
    longrope.scaling.long_factor.assign(10, 1.0);
    try {
        validate(longrope);
        FAIL();
    } catch (const InvalidParameter& e) {
        EXPECT_NE(std::string(e.allowed()).find("64 entries (rotary_dim/2)"), std::string::npos) << e.what();
    }
}

TEST(CardDimension, PicksTheCardsVectorSize) {
    CardParams p;
    p.sinusoidal.d_model = 16;
    p.relative.d_model = 24;
    p.alibi.head_dim = 32;
    p.rope.head_dim = 40;
    const std::pair<Card, int> expected[] = {{Card::Sinusoidal, 16}, {Card::Relative, 24}, {Card::Alibi, 32},
        {Card::Rope, 40}, {Card::Hybrid, 40}};
    for (const auto& [c, d] : expected) {
        p.card = c;
        EXPECT_EQ(cardDimension(p), d) << toString(c);
    }
}

template <typename Enum> void expectRoundTrip(std::initializer_list<Enum> values) {
    std::set<std::string> names;
    for (Enum v : values) {
        const std::string name = toString(v);
        EXPECT_EQ(fromString<Enum>(name), v) << name;
        names.insert(name);
    }
    EXPECT_EQ(names.size(), values.size()); // names are distinct
    EXPECT_THROW(fromString<Enum>("no-such-name"), InvalidParameter);
}

TEST(Names, RoundTripAndRejectUnknown) {
    expectRoundTrip({Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid});
    expectRoundTrip({SinusoidalLayout::Interleaved, SinusoidalLayout::Concatenated});
    expectRoundTrip({SinusoidalFrequencies::Paper, SinusoidalFrequencies::Tensor2Tensor});
    expectRoundTrip({RopeLayout::Interleaved, RopeLayout::HalfSplit});
    expectRoundTrip({RopeScalingType::None, RopeScalingType::Linear, RopeScalingType::Dynamic,
        RopeScalingType::Yarn, RopeScalingType::Llama3, RopeScalingType::LongRope});
    expectRoundTrip(
        {AlibiForm::Causal, AlibiForm::Symmetric, AlibiForm::RowOffsetBloom, AlibiForm::RowOffsetFoundry});
    expectRoundTrip({RelativeVariant::Shaw, RelativeVariant::TransformerXL, RelativeVariant::T5});
    expectRoundTrip({TxlTerm::Total, TxlTerm::A, TxlTerm::B, TxlTerm::C, TxlTerm::D});
    expectRoundTrip({ProbeKind::Ones, ProbeKind::Random});
    EXPECT_EQ(toString(RopeLayout::HalfSplit), "half-split");
    EXPECT_EQ(toString(RopeScalingType::Yarn), "yarn");
    EXPECT_EQ(fromString<RopeScalingType>("default"), RopeScalingType::None); // HF's rope_type for none
    try {
        fromString<AlibiForm>("bloom");
        FAIL();
    } catch (const InvalidParameter& e) {
        EXPECT_EQ(e.name(), "alibi.form");
        EXPECT_NE(std::string(e.what()).find("\"bloom\""), std::string::npos);
        EXPECT_NE(e.allowed().find("row-offset-bloom"), std::string::npos);
    }
    EXPECT_THROW(toString(static_cast<ProbeKind>(7)), InvalidParameter);
}

TEST(FormatValue, ShortestRoundTrip) {
    EXPECT_EQ(formatValue(0.1), "0.1");
    EXPECT_EQ(formatValue(7.0), "7");
    EXPECT_EQ(formatValue(-2.5e-300), "-2.5e-300");
    EXPECT_EQ(formatValue(kNaN), "nan");
    EXPECT_EQ(formatValue(kInf), "inf");
    EXPECT_EQ(formatValue(-kInf), "-inf");
    EXPECT_EQ(std::stod(formatValue(1.0 / 3.0)), 1.0 / 3.0);
}

} // namespace
} // namespace pecards
