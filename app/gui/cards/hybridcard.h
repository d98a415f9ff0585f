#pragma once
/// @file hybridcard.h
/// @brief The RoPE + ALiBi hybrid card (docs/encodings.md §5): rotate projected q, k; dot product
/// over √d; add the ALiBi bias; mask; softmax.

#include "cards/card.h"

class HybridCard : public Card {
    Q_OBJECT
public:
    using Card::Card;
    /// @brief Registry entry: logits, attention, bias per head, decay, content attention.
    static CardEntry entry();
};
