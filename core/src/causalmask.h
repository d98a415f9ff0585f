#pragma once
/// @file causalmask.h
/// @brief Which views mask keys j > i (docs/quantities.md): `causal`, or an ALiBi form that is causal.

#include "pecards/params.h"

namespace pecards::detail {

/// @brief True when Score, Attention and the content views of this card mask j > i:
/// `params.causal`, or (ALiBi and hybrid cards) the forms Causal, RowOffsetBloom, RowOffsetFoundry.
bool causalMask(const CardParams& params);

} // namespace pecards::detail
