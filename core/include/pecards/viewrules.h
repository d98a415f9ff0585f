#pragma once
/// @file viewrules.h
/// @brief Rules that every backend and both front ends apply to a request in the same way
/// (docs/quantities.md). Defined once here; the CPU reference, the OpenCL backend, the CLI and
/// the GUI only call them.

#include "pecards/params.h"

#include <cstdint>

namespace pecards {

/// @brief The sequence length that selects RoPE frequencies: `rope.seq_len` when it is set
/// (> 0), else the view length `length` (positions).
///
/// It is the `seq_len` that Hugging Face transformers passes to the dynamic-NTK and LongRoPE
/// frequency rules (`_compute_dynamic_ntk_parameters`, `_compute_longrope_parameters` in
/// modeling_rope_utils.py): dynamic NTK rescales the base once it exceeds
/// `original_max_position_embeddings`, LongRoPE picks `long_factor` above it.
std::int64_t effectiveSeqLen(const RopeParams& rope, std::int64_t length);

/// @brief True when Score, Attention and the content views of this card mask keys j > i:
/// `params.causal`, or (ALiBi and hybrid cards) an ALiBi form that is causal (Causal,
/// RowOffsetBloom, RowOffsetFoundry). Buckets, Table and Phase are never masked.
bool isCausal(const CardParams& params);

} // namespace pecards
