#pragma once
/// @file sinusoidalcard.h
/// @brief The sinusoidal absolute PE card (Vaswani et al. 2017 §3.5).

#include "cards/card.h"

class SinusoidalCard : public Card {
    Q_OBJECT
public:
    using Card::Card;
    /// @brief Registry entry: table, phase, similarity, attention, waves and spectrum views.
    static CardEntry entry();
};
