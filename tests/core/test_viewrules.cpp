// The rules shared by every backend (viewrules.h): the RoPE sequence length and the causal mask,
// checked against the table in docs/quantities.md.

#include "pecards/errors.h"
#include "pecards/view.h"
#include "pecards/viewrules.h"

#include <gtest/gtest.h>
#include <string>

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

TEST(ViewRules, OnlyTheCausalAlibiFormMasksByItself) {
    for (const Card card : {Card::Sinusoidal, Card::Relative, Card::Alibi, Card::Rope, Card::Hybrid}) {
        const bool alibi_card = card == Card::Alibi || card == Card::Hybrid;
        for (const AlibiForm form : {AlibiForm::Causal, AlibiForm::Symmetric, AlibiForm::RowOffsetBloom,
                 AlibiForm::RowOffsetFoundry}) {
            CardParams params;
            params.card = card;
            params.causal = false;
            params.alibi.form = form;
            // -m(i-j) is defined for j <= i only; the row-offset biases cover every key and are
            // masked by the model's causal mask (HF BLOOM), i.e. by the checkbox.
            const bool expected = alibi_card && form == AlibiForm::Causal;
            EXPECT_EQ(isCausal(params), expected)
                << static_cast<int>(card) << " form " << static_cast<int>(form);
        }
    }
}

// The estimate's midpoint rule cannot follow +m j rising to the last key: with the row-offset
// forms unmasked, a stratum's midpoint misses its far end by up to m L / 8 (attention values far
// above 1 were drawn), so those views take exact normalisers and an estimated one is refused.
TEST(ViewRules, UnmaskedRowOffsetAlibiTakesExactNormalisersOnly) {
    CardParams params;
    params.card = Card::Alibi;
    params.length = 1 << 20;
    for (const AlibiForm form :
        {AlibiForm::Causal, AlibiForm::Symmetric, AlibiForm::RowOffsetBloom, AlibiForm::RowOffsetFoundry}) {
        for (const bool causal : {false, true}) {
            params.alibi.form = form;
            params.causal = causal;
            const bool rowOffset = form == AlibiForm::RowOffsetBloom || form == AlibiForm::RowOffsetFoundry;
            EXPECT_EQ(normaliserEstimable(params), !(rowOffset && !causal))
                << toString(form) << " " << causal;
            ViewRequest request;
            request.params = params;
            request.quantity = Quantity::Attention;
            request.window = {0, params.length, 0, params.length};
            request.out_rows = 16;
            request.out_cols = 16;
            request.normaliser = Normaliser::Estimated;
            if (normaliserEstimable(params)) {
                EXPECT_NO_THROW(validate(request));
            } else {
                try {
                    validate(request);
                    ADD_FAILURE() << "an estimated normaliser was accepted for " << toString(form);
                } catch (const InvalidParameter& error) {
                    EXPECT_EQ(error.name(), "normaliser");
                    EXPECT_NE(error.allowed().find("exact"), std::string::npos);
                }
            }
        }
    }
    params.card = Card::Rope; // the form is the ALiBi cards' only
    params.alibi.form = AlibiForm::RowOffsetBloom;
    params.causal = false;
    EXPECT_TRUE(normaliserEstimable(params));
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

TEST(ViewRules, TheCausalAlibiFormCarriesOverToTheMaskAndTheRowOffsetFormsFollowTheCheckbox) {
    CardParams params;
    params.card = Card::Alibi;
    params.alibi.form = AlibiForm::Causal;
    params.sliding_window = 4;
    EXPECT_EQ(visibility(params), (Visibility {true, 0, 4}));
    EXPECT_FALSE(visibility(params).visible(3, 4));
    params.alibi.form = AlibiForm::RowOffsetBloom;
    EXPECT_EQ(visibility(params), (Visibility {false, 0, 4}));
    EXPECT_TRUE(visibility(params).visible(3, 4));
    params.causal = true;
    EXPECT_EQ(visibility(params), (Visibility {true, 0, 4}));
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
