#pragma once
/// @file relativecard.h
/// @brief The relative-position card: Shaw et al. 2018, Transformer-XL (Dai et al. 2019 §3.3)
/// and T5 buckets (Raffel et al. 2020), chosen inside the card.

#include "cards/card.h"

class QButtonGroup;

class RelativeCard : public Card {
    Q_OBJECT
public:
    using Card::Card;
    /// @brief Registry entry: bucket map, score, attention, bucket chart, content attention.
    static CardEntry entry();

protected:
    /// @brief Adds the Shaw / Transformer-XL / T5 switch to the card header.
    void doLoad() override;

private:
    QButtonGroup* m_variants = nullptr;
};
