#pragma once
/// @file labdemonstration.h
/// @brief What a lab view of a card without a training length says it shows (#32, the engineer's
/// review B3 and C10): the lab charts and the unseen-angles map then compute with L0 = L / 4
/// (pecards::app::labParams) instead of refusing or drawing every scaling at s = 1.

#include "views/viewspec.h"

#include <QString>
#include <pecards/params.h>

namespace pecards::gui {

/// @brief " · no L0 on the card: shown for L0 = L/4 = 1024" for a view that computes with the
/// demonstration L0 (the context-extension lab's charts, the unseen-angles map), else "".
QString labDemonstrationNote(const ViewSpec& spec, const pecards::CardParams& params);

/// @brief Whether `spec` computes from pecards::app::labParams (the lab charts that take an L0, the
/// unseen-angles map).
bool usesLabParams(const ViewSpec& spec);

} // namespace pecards::gui
