#pragma once
/// @file pitfalls.h
/// @brief Dense pitfall views on the device (core pitfallspec.h): the sides' vectors and every
/// logit in float32 (kernels/pitfall.cl), pooled by the shared pitfallpool.h rule.

#include "clcontext.h"
#include "pecards/view.h"

namespace pecards::gpu::detail {

/// @brief Computes a validated request whose pitfall is a dense one (Table, Score, Attention,
/// Buckets). @throws InvalidParameter (pitfallSpec), ComputeLimitExceeded, OpenClError
Grid computePitfall(ClContext& cl, const ViewRequest& request);

} // namespace pecards::gpu::detail
