#pragma once
/// @file content.h
/// @brief ContentScore and ContentAttention views on the device (docs/quantities.md): per-position
/// vectors made on the device (kernels/content.cl), tiled Q.K^T with the card's bias and mask
/// (kernels/gemm.cl), a streaming row log-sum-exp over all L keys for attention, and exact
/// pooling of logit tiles. Memory stays bounded by the tile sizes, whatever L.

#include "clcontext.h"
#include "pecards/view.h"

namespace pecards::gpu::detail {

/// @brief Most multiply-adds a content view may cost: window rows x window cols x max(D, 16) for
/// Mean/Max/Min (D = vector size on the device), plus normaliser rows x L x max(D, 16) for attention.
inline constexpr std::int64_t kContentWorkBudget = std::int64_t {1} << 35;

/// @brief Computes a validated ContentScore or ContentAttention request.
/// @throws ComputeLimitExceeded above kContentWorkBudget (or a Shaw index table over 256 MiB), OpenClError.
Grid computeContent(ClContext& cl, const ViewRequest& request);

/// @brief Logits of query positions x key positions for the card (the kernel the content views
/// and the Q.K^T benchmark use): rows.size() x cols.size() floats, row-major, on the device.
/// @param attention the logits whose row softmax is ContentAttention (else ContentScore values).
cl::Buffer contentLogits(ClContext& cl, const CardParams& params, const std::vector<cl_long>& rows,
    const std::vector<cl_long>& cols, bool attention);

} // namespace pecards::gpu::detail
