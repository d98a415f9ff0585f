// The rules shared by every backend (viewrules.h): the RoPE sequence length and the causal mask,
// checked against the table in docs/quantities.md.

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

} // namespace
} // namespace pecards
