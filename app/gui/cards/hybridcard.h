#pragma once
/// @file hybridcard.h
/// @brief The RoPE + ALiBi hybrid card (docs/encodings.md §5): rotate projected q, k; dot product
/// over √d; add the ALiBi bias; mask; softmax.

#include "cards/cardpage.h"

namespace pecards::gui {

class HybridCard : public CardPage {
    Q_OBJECT
public:
    using CardPage::CardPage;
    /// @brief Registry entry: logits, attention, bias per head, decay, content attention.
    static CardEntry entry();
};

} // namespace pecards::gui
