#pragma once
/// @file metatypes.h
/// @brief Qt metatype declarations of the engine and compute value types that cross threads
/// in queued signals (style-anchors §8 item 6: registered on the app side, not in core).

#include "compute/computejobs.h"

#include <QMetaType>
#include <pecards/params.h>
#include <pecards/view.h>

Q_DECLARE_METATYPE(pecards::CardParams)
Q_DECLARE_METATYPE(pecards::ViewRequest)
Q_DECLARE_METATYPE(pecards::Window)
Q_DECLARE_METATYPE(pecards::Grid)
Q_DECLARE_METATYPE(GridResult)
Q_DECLARE_METATYPE(CurveResult)
Q_DECLARE_METATYPE(PrintResult)
Q_DECLARE_METATYPE(PitfallResult)
Q_DECLARE_METATYPE(ComputeFailure)
Q_DECLARE_METATYPE(BackendInfo)

/// @brief Registers the types above with the meta-object system (idempotent). Called by the
/// ComputeService constructor, before any queued signal can carry them.
void registerPecardsMetaTypes();
