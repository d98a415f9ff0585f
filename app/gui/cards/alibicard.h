#pragma once
/// @file alibicard.h
/// @brief The ALiBi card (Press, Smith, Lewis, ICLR 2022).

#include "cards/cardpage.h"

namespace pecards::gui {

class AlibiCard : public CardPage {
    Q_OBJECT
public:
    using CardPage::CardPage;
    /// @brief Registry entry: bias, attention, bias per head, content attention.
    static CardEntry entry();
};

} // namespace pecards::gui
