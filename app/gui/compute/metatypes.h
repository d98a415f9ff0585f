#pragma once
/// @file metatypes.h
/// @brief Qt metatype declarations of the engine and compute value types that cross threads
/// in queued signals (registered on the app side, so core stays free of Qt).

#include "compute/computejobs.h"

#include <QMetaType>
#include <pecards/params.h>
#include <pecards/view.h>

Q_DECLARE_METATYPE(pecards::CardParams)
Q_DECLARE_METATYPE(pecards::ViewRequest)
Q_DECLARE_METATYPE(pecards::Window)
Q_DECLARE_METATYPE(pecards::Grid)
Q_DECLARE_METATYPE(pecards::gui::GridResult)
Q_DECLARE_METATYPE(pecards::gui::CurveResult)
Q_DECLARE_METATYPE(pecards::gui::PrintResult)
Q_DECLARE_METATYPE(pecards::gui::PitfallResult)
Q_DECLARE_METATYPE(pecards::gui::ComputeFailure)
Q_DECLARE_METATYPE(pecards::gui::BackendInfo)

namespace pecards::gui {

/// @brief Registers the types above with the meta-object system (idempotent). Called by the
/// ComputeService constructor, before any queued signal can carry them.
void registerPecardsMetaTypes();

} // namespace pecards::gui
