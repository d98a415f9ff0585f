#pragma once
/// @file difference.h
/// @brief A − B of two computed views, the one rule the compare tab, its exported figures and
/// `pecards-cli render --workspace` share.

#include <pecards/view.h>

namespace pecards::app {

/// @brief A − B entry by entry for grids of the same window and pixel shape (rows x cols).
/// An entry masked (−inf) on either side is masked (−inf) in the difference, and so is a
/// difference that is not finite (two values of opposite sign near the double range).
/// @throws pecards::InvalidParameter named "B extent" when the windows or shapes differ: A − B
///         needs the same length L and dimension on both sides (the message gives both extents).
pecards::Grid differenceGrid(const pecards::Grid& a, const pecards::Grid& b);

} // namespace pecards::app
