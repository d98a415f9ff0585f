// The rules shared by every backend (viewrules.h): the RoPE sequence length and the causal mask,
// checked against the table in docs/quantities.md.

#include "pecards/errors.h"
#include "pecards/viewrules.h"

#include <gtest/gtest.h>

namespace pecards {
namespace {

TEST(ViewRules, SequenceLengthIsTheViewLengthUnlessSet) {
    RopeParams rope;
    rope.seq_len = 0;
    EXPECT_EQ(effectiveSeqLen(rope, 4096), 4096);
    rope.seq_len = 131072;
    EXPECT_EQ(effectiveSeqLen(rope, 4096), 131072);
    rope.seq_len = 1;
    EXPECT_EQ(effectiveSeqLen(rope, 1 << 20), 1);
}

TEST(ViewRules, CausalFlagMasksEveryCard) {
    for (const Card card : {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid}) {
        CardParams params;
        params.card = card;
        params.causal = true;
        params.alibi.form = AlibiForm::Symmetric;
        EXPECT_TRUE(isCausal(params)) << static_cast<int>(card);
    }
}

TEST(ViewRules, OnlyAlibiCardsTakeTheMaskFromTheForm) {
    for (const Card card : {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid}) {
        const bool alibi_card = card == Card::Alibi || card == Card::Hybrid;
        for (const AlibiForm form : {AlibiForm::Causal, AlibiForm::Symmetric, AlibiForm::RowOffsetBloom,
                 AlibiForm::RowOffsetFoundry}) {
            CardParams params;
            params.card = card;
            params.causal = false;
            params.alibi.form = form;
            const bool expected = alibi_card && form != AlibiForm::Symmetric;
            EXPECT_EQ(isCausal(params), expected)
                << static_cast<int>(card) << " form " << static_cast<int>(form);
        }
    }
}

// StreamingLLM (Xiao et al. 2023) keeps the first 4 tokens and a rolling window of the recent ones;
// HF's sliding_window_overlay keeps kv_idx > q_idx - W. Written out entry by entry for L = 12.
TEST(ViewRules, SinksAndWindowFollowTheSources) {
    CardParams params;
    params.card = Card::Rope;
    params.length = 12;
    params.causal = true;
    params.attention_sinks = 2;
    params.sliding_window = 3;
    const Visibility v = visibility(params);
    for (std::int64_t i = 0; i < 12; ++i) {
        for (std::int64_t j = 0; j < 12; ++j) {
            const bool expected = j <= i && (j < 2 || i - j < 3);
            EXPECT_EQ(v.visible(i, j), expected) << i << ", " << j;
        }
    }
    // Row 7 sees keys 0, 1 (sinks) and 5, 6, 7 (the window): five keys, not a prefix.
    int seen = 0;
    for (std::int64_t j = 0; j < 12; ++j) {
        seen += v.visible(7, j) ? 1 : 0;
    }
    EXPECT_EQ(seen, 5);
}

TEST(ViewRules, WindowWithoutCausalMaskIsSymmetric) {
    CardParams params;
    params.card = Card::Sinusoidal;
    params.length = 10;
    params.sliding_window = 2;
    const Visibility v = visibility(params);
    EXPECT_TRUE(v.visible(4, 3));
    EXPECT_TRUE(v.visible(4, 5));
    EXPECT_FALSE(v.visible(4, 2));
    EXPECT_FALSE(v.visible(4, 6));
}

TEST(ViewRules, NoWindowMeansSinksChangeNothing) {
    for (const bool causal : {false, true}) {
        CardParams params;
        params.card = Card::Relative;
        params.length = 9;
        params.causal = causal;
        params.attention_sinks = 4;
        const Visibility v = visibility(params);
        for (std::int64_t i = 0; i < 9; ++i) {
            for (std::int64_t j = 0; j < 9; ++j) {
                EXPECT_EQ(v.visible(i, j), !causal || j <= i);
            }
        }
    }
}

TEST(ViewRules, CausalAlibiFormsCarryOverToTheMask) {
    CardParams params;
    params.card = Card::Alibi;
    params.alibi.form = AlibiForm::RowOffsetBloom;
    params.sliding_window = 4;
    EXPECT_EQ(visibility(params), (Visibility {true, 0, 4}));
    EXPECT_FALSE(visibility(params).visible(3, 4));
}

TEST(ViewRules, SinksAndWindowAreValidated) {
    CardParams params;
    params.card = Card::Rope;
    params.length = 16;
    params.attention_sinks = 16;
    params.sliding_window = 4096;
    EXPECT_NO_THROW(validate(params));
    params.attention_sinks = 17;
    EXPECT_THROW(validate(params), InvalidParameter);
    params.attention_sinks = -1;
    EXPECT_THROW(validate(params), InvalidParameter);
    params.attention_sinks = 0;
    params.sliding_window = -1;
    EXPECT_THROW(validate(params), InvalidParameter);
    params.sliding_window = (std::int64_t {1} << 24) + 1;
    EXPECT_THROW(validate(params), InvalidParameter);
}

} // namespace
} // namespace pecards
