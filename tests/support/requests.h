#pragma once
/// @file requests.h
/// @brief The tests' one way to write an engine request (pecards/view.h) and the card
/// parameters it asks about, so that a test states only what it varies: the card, L, the
/// quantity, the window, the grid size and the reduction.

#include <pecards/params.h>
#include <pecards/view.h>

namespace pecards::test {

/// @brief The parameter defaults (CardParams{}, the table's defaults: d = 64, base 10^4, ...)
/// on card `card` with L = `length`.
inline CardParams cardParams(Card card, std::int64_t length) {
    CardParams params;
    params.card = card;
    params.length = length;
    return params;
}

/// @brief Card `card` at L = `length` with small random content vectors (seed `seed`; d = 32 for
/// RoPE and sinusoidal, 16 for ALiBi and the relative card): content views that stay cheap.
inline CardParams randomProbeParams(Card card, std::int64_t length, std::uint64_t seed) {
    CardParams params = cardParams(card, length);
    params.probe.kind = ProbeKind::Random;
    params.probe.seed = seed;
    params.rope.head_dim = 32;
    params.sinusoidal.d_model = 32;
    params.alibi.head_dim = 16;
    params.relative.d_model = 16;
    return params;
}

/// @brief `quantity` of `params` over `window` on a `rows` x `cols` grid summarised by `reduction`.
inline ViewRequest viewRequest(const CardParams& params, Quantity quantity, const Window& window,
    int rows = 512, int cols = 512, Reduction reduction = Reduction::Sample) {
    ViewRequest request;
    request.params = params;
    request.quantity = quantity;
    request.window = window;
    request.out_rows = rows;
    request.out_cols = cols;
    request.reduction = reduction;
    return request;
}

/// @brief viewRequest over the quantity's full extent (fullExtent()).
/// @throws InvalidParameter when `params` has no such quantity (fullExtent)
inline ViewRequest fullViewRequest(const CardParams& params, Quantity quantity, int rows = 512,
    int cols = 512, Reduction reduction = Reduction::Sample) {
    return viewRequest(params, quantity, fullExtent(params, quantity), rows, cols, reduction);
}

/// @brief The L x L square [0, L) x [0, L) of a position-by-position quantity.
inline Window squareWindow(std::int64_t length) {
    return {0, length, 0, length};
}

} // namespace pecards::test
