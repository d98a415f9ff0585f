#pragma once
/// @file convention.h
/// @brief The live convention line of a card: which layout, frequency rule, form or variant the
/// card's parameters follow, in words ("layout: half-split (GPT-NeoX, HF LLaMA rotate_half);
/// scaling: yarn, factor 4 …"). Shown under a card's text (its `<span id="convention">`), in the
/// compare tab's tooltips and printed on the card handout, by the app and by pecards-cli.

#include <QString>
#include <pecards/params.h>

namespace pecards::app {

/// @brief The convention line of the card `params.card` with `params`, in the UI language (the
/// translation contexts are the cards' own, "RopeCard", "AlibiCard", …). Never throws: invalid
/// parameters are described as they are (the views say what is wrong with them).
QString cardConvention(const CardParams& params);

} // namespace pecards::app
