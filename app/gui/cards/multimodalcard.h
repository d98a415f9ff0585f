#pragma once
/// @file multimodalcard.h
/// @brief The multimodal card (M-RoPE of vision-language models, pecards/mrope.h): a sequence
/// composed of text, image, video and audio segments, each token's three position ids (t, h, w)
/// as transformers' `get_rope_index` builds them, the pair-to-axis map of the layouts, and the
/// positional score and attention between any two tokens.

#include "cards/cardpage.h"

namespace pecards::gui {

class MultimodalCard : public CardPage {
    Q_OBJECT
public:
    using CardPage::CardPage;
    /// @brief Registry entry: score, position ids, pair map, attention.
    static CardEntry entry();
};

/// @brief Sets `params.length` to the token count of its segments (mropeTokenCount); leaves it
/// when the segments do not compose, so validation names what is wrong with them.
void syncMultimodalLength(pecards::CardParams& params);

} // namespace pecards::gui
