#pragma once
/// @file ropecard.h
/// @brief The RoPE card (Su et al. 2021, RoFormer) with context-extension scalings.

#include "cards/cardpage.h"

namespace pecards::gui {

class RopeCard : public CardPage {
    Q_OBJECT
public:
    using CardPage::CardPage;
    /// @brief Registry entry: score, phase, polar pair, spectrum, decay, waves, table, attention.
    static CardEntry entry();
    /// @brief "layout: half-split (...); scaling: yarn, factor 4, L0 = 4096; base 10000, head_dim 128".
};

} // namespace pecards::gui
