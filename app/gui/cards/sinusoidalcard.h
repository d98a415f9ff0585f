#pragma once
/// @file sinusoidalcard.h
/// @brief The sinusoidal absolute PE card (Vaswani et al. 2017 §3.5).

#include "cards/cardpage.h"

namespace pecards::gui {

class SinusoidalCard : public CardPage {
    Q_OBJECT
public:
    using CardPage::CardPage;
    /// @brief Registry entry: table, phase, similarity, attention, waves and spectrum views.
    static CardEntry entry();
};

} // namespace pecards::gui
