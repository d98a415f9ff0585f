#pragma once
/// @file benchviews.h
/// @brief The views the benchmarks share.

#include <pecards/view.h>

namespace pecards::bench {

/// @brief The RoPE score (default card: head_dim 128, base 10000, ones probe) over the full
/// `length` x `length` window at `pixels` x `pixels`, reduced by `reduction`.
inline ViewRequest ropeScoreView(std::int64_t length, int pixels, Reduction reduction) {
    ViewRequest view;
    view.params.card = Card::Rope;
    view.params.length = length;
    view.quantity = Quantity::Score;
    view.window = {0, length, 0, length};
    view.out_rows = pixels;
    view.out_cols = pixels;
    view.reduction = reduction;
    return view;
}

} // namespace pecards::bench
