#pragma once
/// @file alibicard.h
/// @brief The ALiBi card (Press, Smith, Lewis, ICLR 2022).

#include "cards/card.h"

class AlibiCard : public Card {
    Q_OBJECT
public:
    using Card::Card;
    /// @brief Registry entry: bias, attention, bias per head, content attention.
    static CardEntry entry();
};
